"""Fit Castell's evaluation weights to recorded games: `python -m ai.castell.fit_weights`.

    python -m ai.castell.fit_weights [--agents normal,normal,normal] --games 150 --seed 1000 [--players 3] [--base hard] [--jobs 2]

A position's value (evaluate.py) is the points a player holds plus the parts ahead of it
(`evaluate.FEATURES`: festivals, the best tower's raise, tiles, tokens, ranks, height, team),
each times a weight. This measures those weights instead of guessing them: it plays seeded
games (the agents laid round the table and rotated as `ai.tournament` does, CPU-clock
deadlines), records every player's features at the start of every turn, and fits by least
squares (`ai.fit_weights.fit`, bootstrap over whole games) how many of the points still to
come, relative to the mean rival, each feature predicts. It prints the coefficients ± s.e. and
the `Weights` they translate to (a negative coefficient clipped to 0: the evaluation never pays
for a part ahead as a handicap). The fit is correlational (a noisy feature's coefficient shrinks
toward 0): check a fitted set in games (`python -m ai.tournament --game castell`). Hard plays the
weights halfway between the hand-set ones and this fit (ai/README.md, Castell).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import fields, replace
from multiprocessing import Pool
from typing import Any

from ai.budget import use_cpu_clock
from ai.fit_weights import fit, relative_samples
from ai.tournament import play_game
from engine.castell import TURN, Game

from . import AGENT_NAMES, PRESETS
from .evaluate import FEATURES, Weights, features, held, outlook

Sample = tuple[list[float], float]


def turn_start_features(g: Game, w: Weights) -> list[list[float]]:
    """Every player's FEATURES in the position `g` (shaped by `w`'s horizon, discount, reach...)."""
    ahead = outlook(g, w)
    return [list(features(g, s, w, ahead)) for s in range(g.n)]


def play_and_record(agents: list[str], players: int, seed: int, game_index: int, w: Weights) -> list[Sample]:
    """One game of the series: the relative samples of every turn's start."""
    snapshots: list[tuple[list[list[float]], list[int]]] = []
    last: tuple[int, int] | None = None

    def watch(g: Game) -> None:
        nonlocal last
        if g.phase == TURN and (g.round, g.turn_pos) != last:
            last = (g.round, g.turn_pos)
            snapshots.append((turn_start_features(g, w), [held(g, s) for s in range(g.n)]))

    result = play_game(agents, players, seed, game_index, game="castell", watch=watch)
    return [s for feats, then in snapshots for s in relative_samples(feats, then, result.scores)]


def fitted_weights(coef: list[float], base: Weights) -> Weights:
    """`base` with each FEATURES weight set to its coefficient (rounded, negatives clipped to 0)."""
    fitted: dict[str, Any] = {name: round(max(0.0, c), 2) for name, c in zip(FEATURES, coef)}
    return replace(base, **fitted)


def _record(task: tuple[list[str], int, int, int, Weights]) -> list[Sample]:
    return play_and_record(*task)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.castell.fit_weights", description=__doc__.split("\n\n")[0])
    ap.add_argument("--agents", default="normal,normal,normal",
                    help="comma-separated presets laid round the table, rotated each game (default normal x3)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=int, default=None, help="2..4 (default: number of agents)")
    ap.add_argument("--base", default="hard", help="preset whose weights shape the features (default hard)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    players = args.players or len(agents)
    for name in [*agents, args.base]:
        if name not in AGENT_NAMES:
            ap.error(f"unknown agent {name!r} (known: {', '.join(AGENT_NAMES)})")
    base = PRESETS[args.base]
    if base is None:
        ap.error(f"--base: {args.base!r} is no planner preset")
    if not 2 <= players <= 4 or args.games < 1 or args.jobs < 1:
        ap.error("--players must be 2..4, --games and --jobs positive")
    tasks = [(agents, players, args.seed, i, base.weights) for i in range(args.games)]
    per_game: list[list[Sample]]
    if args.jobs > 1:
        with Pool(args.jobs, initializer=use_cpu_clock) as pool:
            per_game = pool.map(_record, tasks)
    else:
        use_cpu_clock()
        per_game = [_record(t) for t in tasks]
    coef, se = fit(per_game)
    print(f"{args.games} games of {','.join(agents)} at {players} players, {sum(map(len, per_game))} samples; "
          "points to come per unit, relative to the mean rival:")
    for name, c, s in zip(FEATURES, coef, se):
        print(f"  {name:10s} {c:6.2f} ± {s:.2f}   (now {getattr(base.weights, name)})")
    w = fitted_weights(coef, base.weights)
    changed: dict[str, Any] = {f.name: getattr(w, f.name) for f in fields(w)
                               if getattr(w, f.name) != getattr(base.weights, f.name)}
    print(f"weights: replace({args.base}'s weights, {', '.join(f'{k}={v}' for k, v in changed.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
