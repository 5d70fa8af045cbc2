"""Seeded games between agents, seats rotated: `python -m ai.tournament`.

    python -m ai.tournament --agents hard,normal,easy,greedy --games 100 --seed 1 [--players 4] [--jobs 2]
    python -m ai.tournament --game castell --agents hard,normal,normal --games 40 --seed 1 [--players 3]

The agent list is laid around the table and rotated by one seat each game (game i uses seed
S + i), so every agent sits in every seat equally often. A name may repeat
(`--agents easy,random,random,random`); results are per name. A shared win counts 1/k to each of
the k winners. Prints a table, then one JSON line: per agent the win rate with its 95% confidence
interval (Wilson score interval over seats; a split win counts as its fraction), mean score, the
mean and p95 time of its decisions (decisions with more than one legal move), and for Castell the
mean points per scoring category (where a preset earns or loses its points).

`--clock cpu` measures search deadlines and decision times in each game process's CPU seconds
(ai/budget.py), so results do not depend on what else loads the machine.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
import time
from multiprocessing import Pool
from typing import Any

import engine

from .budget import search_clock, use_cpu_clock

COLOURS = ("red", "blue", "green", "yellow", "orange")


@dataclass
class GameResult:
    seed: int
    lineup: list[str]                 # agent name per seat
    scores: list[int]
    shares: list[float]               # win share per seat
    times: dict[str, list[float]] = field(default_factory=dict)
    categories: list[dict[str, int]] = field(default_factory=list)   # per seat, games that break scores down


def lineup_for(agents: list[str], players: int, game_index: int) -> list[str]:
    """Seat s of game i gets agents[(s + i) mod len] — every name visits every seat."""
    k = len(agents)
    table = [agents[s % k] for s in range(max(players, k))]
    return [table[(s + game_index) % len(table)] for s in range(players)]


GAMES = ("elgrande", "castell")
PLAYER_RANGE = {"elgrande": (2, 5), "castell": (2, 4)}


def agent_names(game: str) -> tuple[str, ...]:
    """The preset names a game's agents are built from."""
    if game == "castell":
        from .castell import AGENT_NAMES
        return AGENT_NAMES
    from . import load_profiles
    return tuple(load_profiles())


def _table(game: str, players: int, game_seed: int, variant: str, veto: bool, castillo: str,
           dummy: bool) -> tuple[Any, Callable[..., Any]]:
    """A new game of `game` and the function building its agents (`make_agent(name, seed, ...)`)."""
    names = list(COLOURS[:players])
    if game == "castell":
        from engine import castell

        from .castell import make_agent as castell_agent
        return castell.new_game(names, seed=game_seed), castell_agent
    from . import make_agent
    return engine.new_game(players=names, seed=game_seed, variant=variant, veto=veto, castillo=castillo,
                           dummy=dummy), make_agent


def _points(g: Any) -> list[int]:
    scores = g.scores
    return [scores[p] for p in g.players] if isinstance(scores, dict) else list(g.score_pts)


def play_game(agents: list[str], players: int, seed: int, game_index: int, variant: str = "classic",
              veto: bool = True, castillo: str = "announced", overrides: dict | None = None,
              dummy: bool = False, game: str = "elgrande", watch: Callable[[Any], None] | None = None) -> GameResult:
    """One game of the series (`watch`: shown the game before every move, e.g. to record positions)."""
    lineup = lineup_for(agents, players, game_index)
    game_seed = seed + game_index
    g, make_agent = _table(game, players, game_seed, variant, veto, castillo, dummy)
    seats = [make_agent(name, seed=game_seed * 10 + s, **(overrides or {}).get(name, {}))
             for s, name in enumerate(lineup)]
    rngs = [random.Random(game_seed * 7919 + s) for s in range(players)]
    times: dict[str, list[float]] = {name: [] for name in lineup}
    while not g.is_over:
        if watch is not None:
            watch(g)
        p = g.to_move_idx
        view = g.view(g.players[p])
        choice = len(view.legal_moves()) > 1
        t0 = search_clock()
        move = seats[p].choose(view, rngs[p])
        dt = search_clock() - t0
        if choice:
            times[lineup[p]].append(dt)
        g.play(move)
    winners = set(g.winners())
    shares = [1.0 / len(winners) if pl in winners else 0.0 for pl in g.players]
    categories = [g.breakdown(p) for p in g.players] if hasattr(g, "breakdown") else []
    return GameResult(game_seed, lineup, _points(g), shares, times, categories)


def _run_one(args: tuple) -> GameResult:
    return play_game(*args)


def run(agents: list[str], games: int, seed: int, players: int, jobs: int = 1, variant: str = "classic",
        veto: bool = True, castillo: str = "announced", progress: bool = False,
        overrides: dict | None = None, cpu_clock: bool = False, done: dict[int, GameResult] | None = None,
        on_result: Callable[[GameResult], None] | None = None, dummy: bool = False,
        game: str = "elgrande") -> list[GameResult]:
    """`overrides`: per agent name, settings passed to `make_agent` (e.g. {"mcts": {"time_s": 2}}).
    `cpu_clock`: deadlines in CPU seconds of each game's process (for this process too when
    `jobs` is 1). `done`: results already played, by game index (a resumed run plays only the
    others); `on_result` is called with each newly finished game, as it finishes. `dummy`: 2-player
    games with the neutral colour. `game`: "elgrande" or "castell" (which takes no variant, veto,
    castillo or dummy)."""
    done = done or {}
    tasks = [(agents, players, seed, i, variant, veto, castillo, overrides, dummy, game)
             for i in range(games) if i not in done]
    fresh: list[GameResult] = []

    def finished(r: GameResult) -> None:
        fresh.append(r)
        if on_result is not None:
            on_result(r)
        if progress:
            print(f"  game {len(done) + len(fresh)}/{games}", file=sys.stderr, flush=True)

    if jobs > 1 and tasks:
        with Pool(jobs, initializer=use_cpu_clock if cpu_clock else None) as pool:
            for r in pool.imap(_run_one, tasks):
                finished(r)
    else:
        if cpu_clock:
            use_cpu_clock()
        for t in tasks:
            finished(_run_one(t))
    by_index = {i: r for i, r in done.items() if i < games} | {r.seed - seed: r for r in fresh}
    return [by_index[i] for i in sorted(by_index)]


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate p over n seats (sensible at 0% and 100% too;
    a split win counts as its fraction)."""
    if n <= 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results: list[GameResult]) -> dict[str, dict[str, Any]]:
    per: dict[str, dict[str, list]] = {}
    for r in results:
        for s, name in enumerate(r.lineup):
            d = per.setdefault(name, {"shares": [], "scores": [], "times": [], "categories": []})
            d["shares"].append(r.shares[s])
            d["scores"].append(r.scores[s])
            if r.categories:
                d["categories"].append(r.categories[s])
        for name, ts in r.times.items():
            per[name]["times"].extend(ts)
    out: dict[str, dict[str, Any]] = {}
    for name, d in per.items():
        shares, n = d["shares"], len(d["shares"])
        mean = sum(shares) / n
        lo, hi = wilson(mean, n)
        ts = sorted(d["times"])
        out[name] = {
            "seats": n,
            "win_rate": round(mean, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(sum(d["scores"]) / n, 2),
            "decisions": len(ts),
            "mean_decision_s": round(sum(ts) / len(ts), 5) if ts else 0.0,
            "p95_decision_s": round(ts[min(len(ts) - 1, int(0.95 * len(ts)))], 5) if ts else 0.0,
        }
        if d["categories"]:             # where the points came from (Castell's five categories)
            cats = d["categories"]
            out[name]["mean_categories"] = {c: round(sum(b[c] for b in cats) / len(cats), 2) for c in cats[0]}
    return out


def format_table(summary: dict[str, dict[str, Any]]) -> str:
    lines = [f"{'agent':<10} {'seats':>5} {'win rate':>8} {'95% CI':>15} {'score':>7} {'mean s':>8} {'p95 s':>8}"]
    for name, s in sorted(summary.items(), key=lambda kv: -kv[1]["win_rate"]):
        lo, hi = s["ci95"]
        lines.append(f"{name:<10} {s['seats']:>5} {s['win_rate']:>8.3f} {f'[{lo:.3f}, {hi:.3f}]':>15} "
                     f"{s['mean_score']:>7.1f} {s['mean_decision_s']:>8.4f} {s['p95_decision_s']:>8.4f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.tournament", description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="elgrande", choices=GAMES)
    ap.add_argument("--agents", required=True, help="comma-separated preset names (repeats allowed)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=None,
                    help="2..5 for El Grande, 2..4 for Castell (default: number of agents)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--variant", default="classic", choices=("classic", "short"))
    ap.add_argument("--no-veto", action="store_true")
    ap.add_argument("--castillo", default="announced", choices=("announced", "secret"))
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                    help="what search deadlines count: wall-clock seconds or each process's CPU seconds")
    args = ap.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    players = args.players or len(agents)
    low, high = PLAYER_RANGE[args.game]
    if not low <= players <= high:
        ap.error(f"--players must be {low}..{high} for {args.game}")
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be positive")
    known = agent_names(args.game)
    for a in agents:
        if a not in known:
            ap.error(f"unknown agent {a!r} (known: {', '.join(known)})")
    t0 = time.perf_counter()
    results = run(agents, args.games, args.seed, players, args.jobs, args.variant, not args.no_veto,
                  args.castillo, args.progress, cpu_clock=args.clock == "cpu", game=args.game)
    summary = summarize(results)
    print(format_table(summary))
    print(json.dumps({"game": args.game, "games": args.games, "players": players, "seed": args.seed, "agents": agents,
                      "wall_s": round(time.perf_counter() - t0, 1), "results": summary}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
