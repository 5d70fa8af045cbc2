"""Castell AI thinking time per preset: per decision and per whole turn.
Prints one JSON line per preset (`castell_ai`): decision and turn times, median and p95, in
seconds of the process's CPU time (`--clock wall` for wall-clock seconds).

    python benchmarks/castell_ai.py [--games 2] [--players 3] [--presets greedy,easy,normal,hard]

Each preset plays `--games` seeded games in every seat (rotated by game) against `greedy` in the
other seats; one agent is kept for the whole game, as the client keeps it. A turn is the run of
one player's decisions from its first action to its end (a plan is searched once and followed);
its time is the sum of those decisions' times. Only decisions with more than one legal move are
timed. Timings depend on machine load (the load average is printed).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ai.budget import search_clock, use_cpu_clock
from ai.castell import make_agent
from engine.castell import new_game

COLOURS = ["red", "blue", "green", "yellow"]


def quantiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    if not xs:
        return {"median": 0.0, "p95": 0.0, "n": 0}
    return {"median": round(xs[len(xs) // 2], 4), "p95": round(xs[min(len(xs) - 1, int(0.95 * len(xs)))], 4),
            "n": len(xs)}


def measure(preset: str, games: int, players: int, seed: int) -> dict:
    decisions: list[float] = []
    turns: list[float] = []
    for i in range(games):
        me = i % players
        g = new_game(COLOURS[:players], seed=seed + i)
        agents = [make_agent(preset if s == me else "greedy", seed=seed + s) for s in range(players)]
        turn_key, turn_time = None, 0.0
        while not g.is_over:
            seat = g.to_move_idx
            view = g.view(g.to_move)
            t0 = search_clock()
            move = agents[seat].choose(view)
            dt = search_clock() - t0
            if seat == me and g.phase in ("turn", "free"):
                key = (g.round, g.turn_pos)
                if key != turn_key:
                    if turn_key is not None:
                        turns.append(turn_time)
                    turn_key, turn_time = key, 0.0
                turn_time += dt
            if seat == me and len(view.legal_moves()) > 1:
                decisions.append(dt)
            g.play(move)
        if turn_key is not None:
            turns.append(turn_time)
    return {"bench": "castell_ai", "preset": preset, "players": players, "games": games,
            "decision_s": quantiles(decisions), "turn_s": quantiles(turns)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--presets", default="greedy,easy,normal,hard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", default="cpu", choices=("cpu", "wall"))
    args = ap.parse_args()
    if args.clock == "cpu":
        use_cpu_clock()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    for preset in args.presets.split(","):
        t0 = time.perf_counter()
        row = measure(preset.strip(), args.games, args.players, args.seed)
        row.update(clock=args.clock, load_avg=load, wall_s=round(time.perf_counter() - t0, 1))
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
