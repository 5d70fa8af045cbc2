"""Engine speed: uniformly random legal moves to the end of the game, on one core.

    python benchmarks/engine_speed.py --games 500 --players 4 --seed 1
    python benchmarks/engine_speed.py --game castell --games 500 --players 4 --seed 1

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

from typing import Any

import engine
from engine import castell

COLOURS = ["red", "blue", "green", "yellow", "orange"]
CLOCK: Callable[[], float] = time.perf_counter     # --clock cpu: time.process_time


def new_game(game: str, players: int, seed: int) -> Any:
    """A new El Grande or Castell game: both answer legal_moves, apply, play, clone, to_move_idx."""
    if game == "castell":
        return castell.new_game(COLOURS[:players], seed=seed)
    return engine.new_game(players=COLOURS[:players], seed=seed)


def one_game(players: int, seed: int, choice_seed: int, checked: bool, game: str = "el-grande") -> tuple[float, int]:
    """Seconds spent in the decisions of one random game, and how many there were."""
    g = new_game(game, players, seed)
    rng = random.Random(choice_seed)
    step: Callable[[Any], object] = g.play if checked else g.apply
    moves = 0
    start = CLOCK()
    while g.to_move_idx >= 0:
        step(rng.choice(g.legal_moves()))
        moves += 1
    return CLOCK() - start, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--game", choices=("el-grande", "castell"), default="el-grande")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: this process's CPU time, so a busy machine does not slow the figures")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.game == "castell" and args.players > 4:
        parser.error("--players: Castell takes 2 to 4 players")
    apply_s = play_s = 0.0
    moves = 0
    for i in range(args.games):
        seed, choice_seed = args.seed * 100_003 + i, args.seed * 7919 + i
        first_checked = i % 2 == 1       # alternate which runs first
        for checked in (first_checked, not first_checked):
            elapsed, n = one_game(args.players, seed, choice_seed, checked, args.game)
            if checked:
                play_s += elapsed
            else:
                apply_s += elapsed
                moves += n
    rng = random.Random(args.seed)
    mid = new_game(args.game, args.players, args.seed)
    for _ in range(120 if args.game == "el-grande" else 60):  # a mid-game position
        mid.apply(rng.choice(mid.legal_moves()))
    reps = 20_000
    clone_us = min(timeit.repeat(mid.clone, number=reps, repeat=5)) / reps * 1e6
    print(json.dumps({"game": args.game, "clock": args.clock, "games": args.games, "players": args.players,
                      "games_per_s": round(args.games / apply_s, 1),
                      "play_games_per_s": round(args.games / play_s, 1),
                      "moves_per_game": round(moves / args.games, 1),
                      "us_per_move": round(apply_s / moves * 1e6, 2),
                      "play_us_per_move": round(play_s / moves * 1e6, 2),
                      "play_over_apply": round(play_s / apply_s, 2),
                      "clone_us": round(clone_us, 2)}))


if __name__ == "__main__":
    main()
