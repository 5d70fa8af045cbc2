"""Engine speed: uniformly random legal moves to the end of the game, on one core.

    python benchmarks/engine_speed.py --games 500 --players 4 --seed 1

Prints one JSON line: games, players, games_per_s, moves_per_game, us_per_move, clone_us.
"""
from __future__ import annotations

import argparse
import json
import random
import time
import timeit

import engine

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    moves = 0
    start = time.perf_counter()
    for i in range(args.games):
        g = engine.new_game(players=COLOURS[:args.players], seed=args.seed * 100_003 + i)
        while g.to_move_idx >= 0:
            g.apply(rng.choice(g.legal_moves()))
            moves += 1
    elapsed = time.perf_counter() - start
    mid = engine.new_game(players=COLOURS[:args.players], seed=args.seed)
    for _ in range(120):  # a mid-game position
        mid.apply(rng.choice(mid.legal_moves()))
    reps = 20_000
    clone_us = min(timeit.repeat(mid.clone, number=reps, repeat=5)) / reps * 1e6
    print(json.dumps({"games": args.games, "players": args.players,
                      "games_per_s": round(args.games / elapsed, 1),
                      "moves_per_game": round(moves / args.games, 1),
                      "us_per_move": round(elapsed / moves * 1e6, 2),
                      "clone_us": round(clone_us, 2)}))


if __name__ == "__main__":
    main()
