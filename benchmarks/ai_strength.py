"""AI strength: seeded games, seats rotated, win rates with 95% Wilson intervals. One JSON line
per matchup.

    python benchmarks/ai_strength.py [--games 200] [--jobs 2] [--seed 1] [--only hard,expert-hard]
                                     [--suite ladder,sizes,yardstick,dummy] [--players 2,3,4,5] [--clock cpu]
                                     [--results games.jsonl]

Suites (chance is 1 / players):
- ladder, 4 players, one seat against three: easy vs 3 random (target 60%), normal vs 3 easy
  (45%), hard vs 3 normal (40%), hard vs 3 easy (no target), expert vs 3 hard (35%);
- sizes, every table size of `--players`, one seat against the rest: hard vs normal and expert
  vs hard, target chance + 10 points;
- yardstick, 4 players, two seats each: hard and expert against `mcts` (ai/mcts.py, random
  playouts, nothing shared with their evaluation), which gets the hero's deadline as its time
  per decision (the hero spends that deadline once per turn, mcts at every decision). No target;
- dummy, 2 players with the neutral colour (engine option `dummy`): hard vs normal, target
  chance + 10 points (60%), and expert vs hard (no target: expert should not be the weaker there).
  Not in the default suites.
The win rate is the hero side's, per game (with two seats, both seats' shares added; chance 50%).
`--results FILE` keeps every finished game as one JSON line in FILE (appended as it finishes) and
plays only the games FILE does not hold yet for the same matchup, seed, clock and presets (a
fingerprint of both presets' settings at that table size in `levels/ai_profiles.yaml`, so a
retuned preset starts afresh instead of resuming games its old settings played): a long
measurement (expert vs 3 hard, 200 games, about 75 minutes of both cores) can be stopped and
resumed, across sessions too. A torn last line (a killed run) is cut off.
`--only` keeps matchups by hero (`expert`) or hero-field (`expert-hard`). `--clock cpu` counts
search deadlines in each game process's CPU seconds: on a loaded machine the games then take
longer but play the search a quiet machine would (the default, `wall`, is what a player gets).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from functools import partial

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ai import load_profiles
from ai.expectimax import nearest_size
from ai.tournament import GameResult, run, summarize, wilson


def load_results(path: str, key: str, seed: int) -> dict[int, GameResult]:
    """Games of matchup `key` already in the results file `path`, by game index (none if the
    file does not exist). A torn last line (a run killed mid-write) is cut off so the next game
    appends cleanly; any other bad line is an error naming it."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    done: dict[int, GameResult] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if row["matchup"] != key:
                continue
            r = GameResult(row["seed"], row["lineup"], row["scores"], row["shares"], row["times"])
        except (ValueError, KeyError, TypeError) as e:
            if number == len(lines) or (number == len(lines) - 1 and not lines[-1]):
                os.truncate(path, len("".join(x + "\n" for x in lines[:number - 1]).encode("utf-8")))
                print(f"{path}:{number}: torn last line removed", file=sys.stderr)
                continue
            raise SystemExit(f"{path}:{number}: not a game result line ({e}); expected a JSON object "
                             "with matchup, seed, lineup, scores, shares, times") from None
        done[r.seed - seed] = r
    return done


def append_result(path: str, key: str, r: GameResult) -> None:
    """One finished game appended as one line, flushed to disk before the next game is counted
    (decision times to 0.1 ms: a 4-player game is about 2 kB)."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"matchup": key, "seed": r.seed, "lineup": r.lineup, "scores": r.scores,
                            "shares": r.shares,
                            "times": {name: [round(t, 4) for t in ts] for name, ts in r.times.items()}}) + "\n")
        f.flush()
        os.fsync(f.fileno())

LADDER = [("easy", "random", 0.60), ("normal", "easy", 0.45), ("hard", "normal", 0.40), ("hard", "easy", None),
          ("expert", "hard", 0.35)]
SIZES = [("hard", "normal"), ("expert", "hard")]
YARDSTICK = ["hard", "expert"]


Matchup = tuple[str, str, int, int, float | None, bool]


def matchups(suites: list[str], sizes: list[int]) -> list[Matchup]:
    """(hero, field, players, hero seats, target, neutral colour) for the chosen suites."""
    out: list[Matchup] = []
    if "ladder" in suites:
        out += [(hero, field, 4, 1, target, False) for hero, field, target in LADDER]
    if "sizes" in suites:
        out += [(hero, field, n, 1, round(1 / n + 0.10, 4), False) for n in sizes for hero, field in SIZES]
    if "yardstick" in suites:
        out += [(hero, "mcts", 4, 2, None, False) for hero in YARDSTICK]
    if "dummy" in suites:
        out += [("hard", "normal", 2, 1, 0.60, True), ("expert", "hard", 2, 1, None, True)]
    return out


NEUTRAL_BLOCKS = ("search_with_neutral", "weights_with_neutral")


def settings_at(preset: dict, players: int, dummy: bool = False) -> dict:
    """A preset's settings as games at `players` use them: of its per-table-size blocks only the
    one that size uses, and its neutral-colour blocks only in `dummy` games (`players` is then 3,
    the colours on the board), so retuning one size does not orphan the games measured at the
    others."""
    settings = {k: v for k, v in preset.items() if dummy or k not in NEUTRAL_BLOCKS}
    if weights := settings.get("weights_by_players"):
        settings["weights_by_players"] = {players: nearest_size(weights, players)}
    search = settings.pop("search_by_players", None) or {}
    if players in search:          # a size not listed searches with `search`
        settings["search_by_players"] = {players: search[players]}
    return settings


def presets_fingerprint(profiles: dict, players: int, *names: str, dummy: bool = False) -> str:
    """A short hash of the named presets' settings at a table size (`dummy`: with the neutral
    colour): part of a results file's matchup key."""
    text = json.dumps([settings_at(profiles[name], players, dummy) for name in names], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def side_win_rate(results: list[GameResult], hero: str) -> tuple[float, list[float]]:
    """The hero side's win rate over games (all its seats' win shares in a game added) and the
    95% Wilson interval over games."""
    shares = [sum(share for name, share in zip(r.lineup, r.shares) if name == hero) for r in results]
    rate = sum(shares) / len(shares)
    lo, hi = wilson(rate, len(shares))
    return round(rate, 4), [round(lo, 4), round(hi, 4)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=None, help="comma-separated heroes or hero-field pairs to run")
    ap.add_argument("--suite", default="ladder,sizes,yardstick")
    ap.add_argument("--players", default="2,3,4,5", help="table sizes of the sizes suite")
    ap.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                    help="what search deadlines count: wall-clock seconds or each process's CPU seconds")
    ap.add_argument("--progress", action="store_true", help="print each finished game to stderr")
    ap.add_argument("--results", default=None, help="JSON-lines file of finished games: appended to, and resumed from")
    args = ap.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    profiles = load_profiles()
    sizes = [int(x) for x in args.players.split(",")]
    for hero, field, players, seats, target, dummy in matchups(args.suite.split(","), sizes):
        if only and f"{hero}-{field}" not in only and hero not in only:
            continue
        overrides = None
        if field == "mcts":
            overrides = {"mcts": {"time_s": profiles[hero]["search"]["deadline_s"]}}
        lineup = [hero, field] if seats == 2 else [hero] + [field] * (players - 1)
        # the presets' settings at the table size they search with: the colours on the board
        key = json.dumps([hero, seats, field, players, args.seed, args.clock, overrides,
                          presets_fingerprint(profiles, players + dummy, hero, field, dummy=dummy)] + (["dummy"] if dummy else []))
        done = load_results(args.results, key, args.seed) if args.results else {}
        t0 = time.perf_counter()
        results = run(lineup, args.games, args.seed, players, args.jobs, overrides=overrides,
                      cpu_clock=args.clock == "cpu", progress=args.progress, done=done,
                      on_result=partial(append_result, args.results, key) if args.results else None,
                      dummy=dummy)
        summary = summarize(results)
        s = summary[hero]
        rate, ci95 = side_win_rate(results, hero)
        print(json.dumps({"bench": "ai_strength", "matchup": f"{hero} x{seats} vs {field}", "players": players,
                          "dummy": dummy,
                          "games": len(results), "resumed_games": len(done), "seed": args.seed, "hero_seats": seats,
                          "win_rate": rate, "ci95": ci95, "chance": round(seats / players, 4),
                          "target": target, "met": None if target is None else ci95[0] >= target,
                          "met_by_point_estimate": None if target is None else rate >= target,
                          "mean_score": s["mean_score"], "field_mean_score": summary[field]["mean_score"],
                          "hero_mean_decision_s": s["mean_decision_s"], "hero_p95_decision_s": s["p95_decision_s"],
                          "overrides": overrides, "clock": args.clock, "load_avg_1m": round(os.getloadavg()[0], 2),
                          "wall_s": round(time.perf_counter() - t0, 1)}), flush=True)


if __name__ == "__main__":
    main()
