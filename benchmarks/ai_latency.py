"""AI decision time per preset: p50/p95 over positions from seeded games, 5-player Castillo discs
reported separately. Prints one JSON line per preset.

    python benchmarks/ai_latency.py [--games 4] [--every 3] [--presets easy,normal,hard,advisor]

`advisor` times the Hint button's search (ai/advisor.py: the hard search's three best plans).

Positions come from seeded 4- and 5-player games played by the fast policy; only decisions with
more than one legal move are timed (forced moves return at once). Each preset decides every
position once, single-threaded. Timings depend on machine load: run it on a quiet machine.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import ai
import engine
from ai.advisor import advise, hard_searcher
from ai.policy import FastPolicy
from engine.internals import Discs, Phase

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def positions(games: int, every: int, seed: int) -> tuple[list, list]:
    """(ordinary views, 5-player Castillo disc views) at decision points of policy-played games."""
    policy = FastPolicy()
    plain, discs = [], []
    for i in range(games):
        for players in (4, 5):
            g = engine.new_game(players=COLOURS[:players], seed=seed + 100 * players + i)
            rng = random.Random(i)
            k = 0
            while not g.is_over:
                if len(g.legal_moves()) > 1:
                    view = g.view(g.to_move)
                    if g.ph == Phase.DISC and isinstance(g.ctx, Discs) and g.ctx.purpose == "castillo" and players == 5:
                        discs.append(view)
                    elif k % every == 0:
                        plain.append(view)
                    k += 1
                g.play(policy.choose(g, rng))
    return plain, discs


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def decider(name: str, seed: int) -> Callable[[engine.View, random.Random], object]:
    """A preset's `choose`, or for `advisor` the Hint button's search (ai/advisor.py)."""
    if name == "advisor":
        searcher = hard_searcher()
        return lambda view, rng: advise(view, rng, searcher)
    return ai.make_agent(name, seed=seed).choose


def time_preset(name: str, views: list, seed: int) -> list[float]:
    decide = decider(name, seed)
    out = []
    for k, v in enumerate(views):
        t0 = time.perf_counter()
        decide(v, random.Random(seed + k))
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--presets", default="greedy,easy,normal,hard")
    args = ap.parse_args()
    plain, discs = positions(args.games, args.every, args.seed)
    for name in args.presets.split(","):
        ts = time_preset(name, plain, args.seed)
        ds = time_preset(name, discs, args.seed)
        both = ts + ds
        print(json.dumps({"bench": "ai_latency", "preset": name, "positions": len(both),
                          "p50_s": round(pct(both, 0.5), 4), "p95_s": round(pct(both, 0.95), 4),
                          "mean_s": round(sum(both) / len(both), 4), "max_s": round(max(both), 4),
                          "castillo5_positions": len(ds), "castillo5_p50_s": round(pct(ds, 0.5), 4),
                          "castillo5_p95_s": round(pct(ds, 0.95), 4),
                          "load_avg_1m": round(os.getloadavg()[0], 2)}), flush=True)


if __name__ == "__main__":
    main()
