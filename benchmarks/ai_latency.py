"""AI thinking time per preset: per decision, and per whole turn at each table size.
Prints JSON lines: one `ai_latency` line per preset, one `ai_turn_latency` line per preset and
player count.

    python benchmarks/ai_latency.py [--games 4] [--every 3] [--presets easy,normal,hard,expert]
                                    [--turn-games 2] [--turn-players 2,3,4,5]

`--presets advisor` times the Hint button's search (ai/advisor.py: the hard search's three best plans).

Per decision: positions from seeded 4- and 5-player games played by the fast policy; only
decisions with more than one legal move are timed (forced moves return at once). Each preset
decides every position once, single-threaded; 5-player Castillo discs are reported separately.

Per turn (what a player watching the AIs waits for): `--turn-games` seeded games per player
count, the preset in one seat (rotated by game; one agent kept for the whole game, as the
client keeps it) and the fast policy in the others. A turn is a bid, or an action turn with all
its steps (a run of the preset's decisions in one player's turn with nobody else deciding in
between, an opponent's Veto window aside); its time is the sum of those decisions' times.
Timings depend on machine load (the load average is printed): run it on a quiet machine.
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
from ai.advisor import advise, judge_searcher
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
        searcher = judge_searcher()
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


def turn_times(name: str, players: int, games: int, seed: int) -> list[float]:
    """Total thinking time of each of the preset's turns over `games` seeded games."""
    policy, turns = FastPolicy(), []
    for i in range(games):
        g = engine.new_game(players=COLOURS[:players], seed=seed + 1000 * players + i)
        hero, agent, rng = i % players, ai.make_agent(name, seed=seed + i), random.Random(seed + i)
        last, last_turn = -1, None           # who made the last decision (veto windows aside)
        while not g.is_over:
            p = g.to_move_idx
            veto_window = g.ph == Phase.VETO and p != g.active_idx
            if p != hero:
                g.play(policy.choose(g, rng))
            else:
                turn = (g.round_idx, g.active_idx, g.ph == Phase.POWER)   # a bid, or an action turn
                t0 = time.perf_counter()
                move = agent.choose(g.view(g.players[p]), rng)
                dt = time.perf_counter() - t0
                if last != hero or veto_window or turn != last_turn:
                    turns.append(0.0)
                last_turn = turn
                turns[-1] += dt
                g.play(move)
            if not veto_window:
                last = p
    return turns


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--presets", default="greedy,easy,normal,hard,expert")
    ap.add_argument("--turn-games", type=int, default=2, help="games per player count for per-turn times (0: none)")
    ap.add_argument("--turn-players", default="2,3,4,5")
    ap.add_argument("--turns-only", action="store_true", help="skip the per-decision positions")
    args = ap.parse_args()
    plain, discs = ([], []) if args.turns_only else positions(args.games, args.every, args.seed)
    for name in args.presets.split(","):
        if args.turns_only:
            report_turns(name, args)
            continue
        ts = time_preset(name, plain, args.seed)
        ds = time_preset(name, discs, args.seed)
        both = ts + ds
        print(json.dumps({"bench": "ai_latency", "preset": name, "positions": len(both),
                          "p50_s": round(pct(both, 0.5), 4), "p95_s": round(pct(both, 0.95), 4),
                          "mean_s": round(sum(both) / len(both), 4), "max_s": round(max(both), 4),
                          "castillo5_positions": len(ds), "castillo5_p50_s": round(pct(ds, 0.5), 4),
                          "castillo5_p95_s": round(pct(ds, 0.95), 4),
                          "load_avg_1m": round(os.getloadavg()[0], 2)}), flush=True)
        report_turns(name, args)


def report_turns(name: str, args: argparse.Namespace) -> None:
    """Per-turn thinking times of a preset (the Hint, asked a decision at a time, has none)."""
    if name == "advisor":
        return
    for players in (int(x) for x in args.turn_players.split(",")) if args.turn_games > 0 else ():
        turns = turn_times(name, players, args.turn_games, args.seed)
        print(json.dumps({"bench": "ai_turn_latency", "preset": name, "players": players,
                          "games": args.turn_games, "turns": len(turns),
                          "p50_s": round(pct(turns, 0.5), 4), "p95_s": round(pct(turns, 0.95), 4),
                          "mean_s": round(sum(turns) / len(turns), 4), "max_s": round(max(turns), 4),
                          "load_avg_1m": round(os.getloadavg()[0], 2)}), flush=True)


if __name__ == "__main__":
    main()
