"""Post-game review time: a whole 4-player game reviewed for every seat, as the end screen does.
Prints one JSON line (seconds, decisions judged, blunders found, the machine's load average).

    python benchmarks/review_time.py [--seed 11] [--players 4]

The game is played by the `easy` AI (seeded), then `game.match.review.review_record` judges every
decision of every seat in one process, as the review worker does. Target: at most 60 s on the
2-core machine. Timings depend on load: the load average is printed alongside.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import ai
import engine
from game.match.review import decisions, review_record

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def played_record(seed: int, players: int) -> dict:
    """A finished game played by seeded `easy` agents, as its record."""
    g = engine.new_game(players=COLOURS[:players], seed=seed)
    agents = [ai.make_agent("easy", seed=seed + s) for s in range(players)]
    rng = random.Random(seed)
    while not g.is_over:
        g.play(agents[g.to_move_idx].choose(g.view(g.to_move), rng))
    return g.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    record = played_record(args.seed, args.players)
    seats = set(COLOURS[:args.players])
    judged = len(decisions(record, seats)[0])
    start = time.perf_counter()
    review = review_record(record, seats, seed=args.seed)
    seconds = time.perf_counter() - start
    print(json.dumps({"benchmark": "review_time", "players": args.players, "seed": args.seed,
                      "decisions": judged, "blunders": sum(len(b) for b in review.values()),
                      "seconds": round(seconds, 1), "target_s": 60,
                      "load_average": [round(x, 2) for x in os.getloadavg()]}))


if __name__ == "__main__":
    main()
