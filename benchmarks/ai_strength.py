"""AI strength: the 4-player matchups of issue 3, seeded, seats rotated, win rates with 95% CIs.
Prints one JSON line per matchup.

    python benchmarks/ai_strength.py [--games 200] [--jobs 2] [--seed 1] [--only hard]

Matchups (target win rate; 25% is chance): easy vs 3 random (60%), normal vs 3 easy (45%),
hard vs 3 normal (40%), and hard vs 3 easy (no target: the spread of the ladder).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ai.tournament import run, summarize

MATCHUPS = [("easy", "random", 0.60), ("normal", "easy", 0.45), ("hard", "normal", 0.40),
            ("hard", "easy", None)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=None, help="comma-separated hero presets to run")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    for hero, field, target in MATCHUPS:
        if only and f"{hero}-{field}" not in only and hero not in only:
            continue
        t0 = time.perf_counter()
        results = run([hero, field, field, field], args.games, args.seed, 4, args.jobs)
        s = summarize(results)[hero]
        print(json.dumps({"bench": "ai_strength", "matchup": f"{hero} vs 3 {field}", "games": args.games,
                          "win_rate": s["win_rate"], "ci95": s["ci95"], "target": target,
                          "met": None if target is None else s["win_rate"] >= target,
                          "mean_score": s["mean_score"],
                          "field_mean_score": summarize(results)[field]["mean_score"],
                          "hero_mean_decision_s": s["mean_decision_s"], "hero_p95_decision_s": s["p95_decision_s"],
                          "wall_s": round(time.perf_counter() - t0, 1)}), flush=True)


if __name__ == "__main__":
    main()
