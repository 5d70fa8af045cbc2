"""Castell tower solver speed: cold calls on seeded random teams, on one core.

    python benchmarks/castell_solver.py --teams 300 --seed 1 [--clock cpu]

Each team has 7-35 castellers of sizes 1-10 and skill ranks 0-3 (Base 0-1). The solver's caches
are emptied before each team, so every figure is a first call for that team and ranks (a repeated
call with the same arguments is a cache hit); the calls for one team run in this order, as the
engine asks them: festival_towers for a one-size festival, shape_tower for a shape tile,
exhibition_tower for an exhibition tile (tiles from the Castell rules' house data), tallest_tower and
festival_scores.

Prints one JSON line: teams, the clock, then median and p99 milliseconds per function. The
default clock is wall time; `--clock cpu` counts this process's CPU time only, steadier on a
machine shared with other work.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from engine.castell import solver
from engine.castell.towers import SKILLS, team_counts

SHAPES = [(3, 2, 1), (4, 2, 1), (2, 2, 1), (3, 2, 1, 1), (3, 3, 2, 1), (3, 2, 2, 1), (4, 3, 2, 1),
          (5, 3, 2, 1), (6, 3, 2, 1), (2, 2, 2, 1), (3, 3, 2, 2, 1), (4, 4, 3, 2, 1),
          (4, 3, 3, 2, 1), (5, 4, 3, 2, 1), (6, 4, 3, 2, 1)]
EXHIBITIONS = [(4, ("balance",)), (4, ("width",)), (4, ("base",)), (4, ("mix",)), (4, ("strength",)),
               (5, ("balance", "width")), (5, ("base", "mix")), (5, ("strength", "balance")),
               (5, ("width", "mix")), (5, ("base", "strength")), (5, ("balance", "mix")),
               (6, ("balance", "width", "base")), (6, ("mix", "strength", "width")),
               (6, ("base", "balance", "strength")), (6, ("width", "mix", "balance")),
               (6, ("strength", "base", "mix"))]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {name: [] for name in (
        "festival_towers", "shape_tower", "exhibition_tower", "tallest_tower", "festival_scores")}
    for _ in range(args.teams):
        team = team_counts(rng.randint(1, 10) for _ in range(rng.randint(7, 35)))
        ranks = {skill: rng.randint(0, 1 if skill == "base" else 3) for skill in SKILLS}
        size = rng.randint(1, 10)
        counts = rng.choice(SHAPES)
        height, skills = rng.choice(EXHIBITIONS)
        calls: list[tuple[str, Callable[..., object], tuple[object, ...]]] = [
            ("festival_towers", solver.festival_towers, (team, ranks, [size])),
            ("shape_tower", solver.shape_tower, (team, ranks, counts)),
            ("exhibition_tower", solver.exhibition_tower, (team, ranks, height, skills)),
            ("tallest_tower", solver.tallest_tower, (team, ranks)),
            ("festival_scores", solver.festival_scores, (team, ranks)),
        ]
        solver.cache_clear()
        for name, call, call_args in calls:
            start = clock()
            call(*call_args)
            times[name].append((clock() - start) * 1000)
    result: dict[str, object] = {"teams": args.teams, "clock": args.clock}
    for name, values in times.items():
        result[f"{name}_median_ms"] = round(statistics.median(values), 3)
        result[f"{name}_p99_ms"] = round(percentile(values, 0.99), 3)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
