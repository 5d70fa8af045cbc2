"""Do the hints teach? A player who does what the Hint panel says, against 3 Easy (or 3 Normal) AIs.

    nice python benchmarks/hint_follower.py [--games 100] [--seed 1] [--start 0]
                                            [--modes plan,first,hard] [--opponents easy|normal]
                                            [--results FILE] [--clock cpu]

Modes, each in the same seeded 4-player games (game i: seed S + i, the hero in seat i mod 4):
- plan:  at a decision with no plan docked, ask the advisor and dock hint #1; then play the docked
         plan's steps one by one, as a player following the panel would (game/present/hint_plan.py;
         the plan is dropped when the position leaves what it foresaw, e.g. an opponent's
         answer or a Veto, and asked afresh, as the hard search drops its own plan);
- first: ask the advisor afresh at every decision and play only hint #1's first step;
- hard:  the hard preset itself in the same seat: the yardstick.
A decision the panel offers no hint for (one legal move) is played as the only move; the advisor
is asked at every other decision, veto windows and returns included. One JSON line per mode: win
rate (a shared win counts its fraction) with its 95% Wilson interval, mean score, games.

CPU-heavy (hard's search at every hero decision): run it under `nice`, one process. `--results
FILE` appends every finished game as one JSON line and skips the games FILE already holds (same
mode and seed), so a run can be stopped and resumed, or split with `--start` and `--games`.
`--clock cpu` (the default) counts the search deadlines in CPU seconds, so a loaded machine plays
the search a quiet one would.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import engine
from ai import make_agent
from ai.advisor import Hint, advise, judge_searcher
from ai.budget import use_cpu_clock
from ai.tournament import COLOURS, wilson
from game.match.controller import GameMoves
from game.present.hint_plan import HintPlan, follow

MODES = ("plan", "first", "hard")
PLAYERS = 4


class Follower:
    """The hero of modes plan and first: the advisor's hint #1 on the hero's own View."""

    def __init__(self, whole_plan: bool) -> None:
        self.whole_plan = whole_plan
        self.searcher = judge_searcher()
        self.docked = HintPlan()

    def choose(self, game: engine.Game, player: str, rng: random.Random) -> engine.Move:
        def hints(view: engine.View) -> list[Hint]:
            return advise(view, rng, self.searcher)
        if self.whole_plan:
            return follow(self.docked, game.view(player), GameMoves(game), hints)
        return hints(game.view(player))[0].plan[0]


OPPONENTS = ("easy", "normal")


def play_game(mode: str, seed: int, index: int, opponents: str = "easy") -> dict[str, Any]:
    """One game: the hero of `mode` in seat index mod 4, `opponents` (an AI level) in the others."""
    game_seed = seed + index
    hero = index % PLAYERS
    g = engine.new_game(players=list(COLOURS[:PLAYERS]), seed=game_seed)
    others = [make_agent(opponents, seed=game_seed * 10 + s) for s in range(PLAYERS)]
    hard = make_agent("hard", seed=game_seed * 10 + hero)
    follower = Follower(mode == "plan") if mode != "hard" else None
    rngs = [random.Random(game_seed * 7919 + s) for s in range(PLAYERS)]
    while not g.is_over:
        p = g.to_move_idx
        player = g.players[p]
        legal = g.legal_moves()
        if p != hero:
            move = others[p].choose(g.view(player), rngs[p])
        elif len(legal) == 1:
            move = legal[0]
        elif follower is None:
            move = hard.choose(g.view(player), rngs[p])
        else:
            move = follower.choose(g, player, rngs[p])
        g.play(move)
    winners = set(g.winners())
    share = 1.0 / len(winners) if g.players[hero] in winners else 0.0
    return {"mode": mode, "seed": game_seed, "hero": hero, "scores": list(g.score_pts), "share": share,
            "opponents": opponents}


def load(path: str | None) -> list[dict[str, Any]]:
    """Games already in the results file (none if it does not exist); a torn last line is cut."""
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            kept_row = {k: row[k] for k in ("mode", "seed", "hero", "scores", "share")}
            kept_row["opponents"] = row.get("opponents", "easy")     # the first runs were all against Easy
            rows.append(kept_row)
        except (ValueError, KeyError, TypeError) as e:
            if number >= len(lines) - 1:
                kept = "".join(x + "\n" for x in lines[:number - 1])
                with open(path, "w", encoding="utf-8") as f:
                    f.write(kept)
                print(f"{path}:{number}: torn last line removed", file=sys.stderr)
                break
            raise SystemExit(f"{path}:{number}: not a hint-follower game line ({e}); expected a JSON "
                             "object with mode, seed, hero, scores, share") from None
    return rows


def append(path: str | None, row: dict[str, Any]) -> None:
    if not path:
        return
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")
        f.flush()
        os.fsync(f.fileno())


def summary(mode: str, rows: list[dict[str, Any]], opponents: str) -> dict[str, Any]:
    shares = [r["share"] for r in rows]
    n = len(shares)
    rate = sum(shares) / n if n else 0.0
    lo, hi = wilson(rate, n)
    mean = sum(r["scores"][r["hero"]] for r in rows) / n if n else 0.0
    return {"mode": mode, "opponents": opponents, "games": n, "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(mean, 2), "chance": round(1 / PLAYERS, 4)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="benchmarks/hint_follower.py", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per mode (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="seed of game 0 (game i uses seed + i)")
    ap.add_argument("--start", type=int, default=0, help="first game index to play (a chunk of a run)")
    ap.add_argument("--modes", default=",".join(MODES), help=f"comma-separated, of {', '.join(MODES)}")
    ap.add_argument("--jobs", type=int, default=1, help="only 1: the games run in this process")
    ap.add_argument("--results", default=None, help="JSONL file of finished games (appended, resumed)")
    ap.add_argument("--clock", default="cpu", choices=("cpu", "wall"))
    ap.add_argument("--opponents", default="easy", choices=OPPONENTS, help="the three other seats' AI level")
    args = ap.parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in MODES]
    if bad or not modes:
        ap.error(f"--modes: expected some of {', '.join(MODES)}, got {args.modes!r}")
    if args.games < 1 or args.start < 0:
        ap.error("--games must be positive and --start not negative")
    if args.jobs != 1:
        ap.error("--jobs: only 1 is supported (the machine is shared; split a run with --start)")
    if args.clock == "cpu":
        use_cpu_clock()
    rows = load(args.results)
    rows = [r for r in rows if r["opponents"] == args.opponents]
    done = {(r["mode"], r["seed"]) for r in rows}
    for i in range(args.start, args.start + args.games):    # game by game: a cut run stays paired
        for mode in modes:
            if (mode, args.seed + i) in done:
                continue
            row = play_game(mode, args.seed, i, args.opponents)
            rows.append(row)
            append(args.results, row)
            print(f"  {mode} game {i}: share {row['share']:.2f}", file=sys.stderr, flush=True)
    for mode in modes:
        mine = [r for r in rows if r["mode"] == mode and args.seed + args.start <= r["seed"] < args.seed + args.start + args.games]
        print(json.dumps(summary(mode, mine, args.opponents)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
