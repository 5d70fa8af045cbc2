"""Engine speed: uniformly random legal moves to the end of the game, on one core.

    python benchmarks/engine_speed.py --games 500 --players 4 --seed 1

Each game is played twice from the same seed and the same random choices: once with unchecked
`apply` (what the search uses) and once with checked `play` (what a client or server uses),
interleaved game by game so that both see the same machine load. A decision's cost includes
generating its legal moves.

Prints one JSON line: games, players, games_per_s (apply), play_games_per_s, moves_per_game,
us_per_move (apply, per decision), play_us_per_move, play_over_apply, clone_us.
"""
from __future__ import annotations

import argparse
import json
import random
import time
import timeit
from typing import Callable

import engine

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def one_game(players: int, seed: int, choice_seed: int, checked: bool) -> tuple[float, int]:
    """Seconds spent in the decisions of one random game, and how many there were."""
    g = engine.new_game(players=COLOURS[:players], seed=seed)
    rng = random.Random(choice_seed)
    step: Callable[[engine.Move], object] = g.play if checked else g.apply
    moves = 0
    start = time.perf_counter()
    while g.to_move_idx >= 0:
        step(rng.choice(g.legal_moves()))
        moves += 1
    return time.perf_counter() - start, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    apply_s = play_s = 0.0
    moves = 0
    for i in range(args.games):
        seed, choice_seed = args.seed * 100_003 + i, args.seed * 7919 + i
        first_checked = i % 2 == 1       # alternate which runs first
        for checked in (first_checked, not first_checked):
            elapsed, n = one_game(args.players, seed, choice_seed, checked)
            if checked:
                play_s += elapsed
            else:
                apply_s += elapsed
                moves += n
    rng = random.Random(args.seed)
    mid = engine.new_game(players=COLOURS[:args.players], seed=args.seed)
    for _ in range(120):  # a mid-game position
        mid.apply(rng.choice(mid.legal_moves()))
    reps = 20_000
    clone_us = min(timeit.repeat(mid.clone, number=reps, repeat=5)) / reps * 1e6
    print(json.dumps({"games": args.games, "players": args.players,
                      "games_per_s": round(args.games / apply_s, 1),
                      "play_games_per_s": round(args.games / play_s, 1),
                      "moves_per_game": round(moves / args.games, 1),
                      "us_per_move": round(apply_s / moves * 1e6, 2),
                      "play_us_per_move": round(play_s / moves * 1e6, 2),
                      "play_over_apply": round(play_s / apply_s, 2),
                      "clone_us": round(clone_us, 2)}))


if __name__ == "__main__":
    main()
