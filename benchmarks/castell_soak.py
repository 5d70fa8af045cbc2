"""Castell's soak (not run in CI): `python benchmarks/soak.py --game castell …` runs this.

    python benchmarks/soak.py --game castell --games 10000 --fuzz 2000 --agents --jobs 2 --seed 1

Games: `--games` random games per player count (2, 3, 4; both wheel sides alternately), uniformly
random legal moves through the checked `play`, every position checked by
engine/castell/selfcheck.py (castellers conserved, tokens, scores = breakdown, legal moves
non-empty, unique and round-tripping; at every 5th step one legal move replayed through the
checked path and the view's determinization compared with the view); at the end `replay(record())`
and `from_json(to_json())` give the same state. Fuzz: `--fuzz` mutated records and snapshots
(wrong types and ranges in every field, moves cut, swapped or replaced by garbage), each of which
must load or be refused with one DataError line — any other exception or a hang is a failure.
Agents: `--agents` plays every preset in every seat at 2-4 players. Solver: `--solver` seeded
random teams (seeds 0 on; tests/castell/solverkit.py `solver_case`), each checked against a
brute-force enumeration of every legal tower (`check_solver`; tests/castell/test_solver.py checks
every 8th of the first 400). Faults: `--faults` AI-only games at the client's host
(game/match/castell_match.py) whose AI worker is killed with SIGKILL at random moments; each must
end and replay exactly (the worker is replaced and the decision asked again). Hostile: `--hostile`
loads Castell saves that are devices, FIFOs, symlink loops, sparse or huge files, alias bombs,
`!!python` tags, other encodings and damaged JSON through the client's save reader
(game/match/castell_saves.py); each must be one DataError line, never a hang or a traceback.
Prints one JSON line.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine import EngineError, castell  # noqa: E402
from engine.castell.selfcheck import problems  # noqa: E402

CHUNK = 50
GARBAGE: list[Any] = [None, True, -1, 0, 2**70, 1.5, "", "zzz", [], {}, [[1, 2]], {"x": 1}, "place met",
                      "tower 9,9,9/7,7/6,6/3", "recruit 11", "move " + "x" * 500]


def games_task(players: int, first: int, count: int) -> dict:
    failures: list[str] = []
    decisions = 0
    for seed in range(first, first + count):
        rng = random.Random(seed)
        g = castell.new_game(list(castell.COLOURS[:players]), seed=seed,
                             wheel=("standard", "advanced")[seed % 2])
        step = 0
        try:
            while g.to_move is not None and step < 3000:
                found = problems(g, rng if step % 5 == 0 else None)
                if found:
                    failures.append(f"{players}p seed {seed} step {step}: {found[0]}")
                    break
                g.play(rng.choice(g.legal_moves()))
                step += 1
            if g.to_move is not None:
                failures.append(f"{players}p seed {seed}: no end after 3000 decisions")
            again = castell.replay(json.loads(json.dumps(g.record())))
            if again.to_json() != g.to_json() or castell.from_json(g.to_json()).to_json() != g.to_json():
                failures.append(f"{players}p seed {seed}: the record or snapshot does not replay exactly")
        except Exception as exc:      # a soak reports every kind of failure, it never stops on one
            failures.append(f"{players}p seed {seed} step {step}: {type(exc).__name__}: {exc}")
        decisions += step
    return {"kind": "games", "players": players, "games": count, "decisions": decisions, "failures": failures}


def _mutate(value: Any, rng: random.Random) -> Any:
    """One random change somewhere inside a record or snapshot."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value, key=str))
        out = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.5:
            out[key] = rng.choice(GARBAGE)
        else:
            out[key] = _mutate(value[key], rng)
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        roll = rng.random()
        if roll < 0.2:
            del out_list[i:]
        elif roll < 0.4 and len(out_list) > 1:
            j = rng.randrange(len(out_list))
            out_list[i], out_list[j] = out_list[j], out_list[i]
        elif roll < 0.7:
            out_list[i] = rng.choice(GARBAGE)
        else:
            out_list[i] = _mutate(out_list[i], rng)
        return out_list
    return rng.choice(GARBAGE)


def fuzz_task(seed: int, first: int, count: int) -> dict:
    failures: list[str] = []
    outcomes: Counter = Counter()
    for case in range(first, first + count):
        rng = random.Random(seed * 1_000_003 + case)
        g = castell.new_game(list(castell.COLOURS[:rng.choice((2, 3, 4))]), seed=case)
        for _ in range(rng.randrange(0, 120)):
            if g.to_move is None:
                break
            g.play(rng.choice(g.legal_moves()))
        snapshot = rng.random() < 0.5
        data = _mutate(copy.deepcopy(g.to_json() if snapshot else g.record()), rng)
        try:
            (castell.from_json if snapshot else castell.replay)(data)
            outcomes["loaded"] += 1
        except EngineError as exc:
            outcomes["refused"] += 1
            if "\n" in str(exc) or not str(exc):
                failures.append(f"fuzz case {case}: a refusal not in one line: {exc!r}")
        except Exception as exc:      # anything but a one-line refusal is what the soak looks for
            failures.append(f"fuzz case {case}: {type(exc).__name__}: {exc}")
    return {"kind": "fuzz", "cases": count, "outcomes": dict(outcomes), "failures": failures}


def agents_task(name: str, players: int) -> dict:
    """Every seat of a `players`-player game played by `name` against random agents."""
    from ai.castell import make_agent
    failures: list[str] = []
    for seat in range(players):
        g = castell.new_game(list(castell.COLOURS[:players]), seed=100 + seat)
        agents = {p: make_agent(name if i == seat else "random", seed=i) for i, p in enumerate(g.players)}
        rng = random.Random(seat)
        try:
            while g.to_move is not None:
                g.play(agents[g.to_move].choose(g.view(g.to_move), rng))
        except Exception as exc:      # a soak reports every kind of failure
            failures.append(f"{name} seat {seat} of {players}: {type(exc).__name__}: {exc}")
    return {"kind": "agents", "agent": name, "players": players, "failures": failures}


def solver_task(first: int, count: int) -> dict:
    """The solver against the brute-force enumeration, for the seeds first .. first+count-1."""
    from tests.castell.solverkit import check_solver, solver_case
    failures: list[str] = []
    for seed in range(first, first + count):
        team, ranks = solver_case(seed)
        try:
            check_solver(team, ranks)
        except Exception as exc:      # a soak reports every kind of failure
            failures.append(f"solver seed {seed} (team {team}, ranks {ranks}): {type(exc).__name__}: "
                            f"{str(exc)[:300]}")
    return {"kind": "solver", "cases": count, "failures": failures}


def faults_task(seed: int) -> dict:
    """One AI-only game under worker kills (a fresh data folder, no autosave)."""
    import os
    import signal
    from game.match import ai_worker
    from game.match.castell_match import CastellMatch
    from game.match.seats import Seat
    failures: list[str] = []
    rng = random.Random(seed)
    match = CastellMatch([Seat(p, rng.choice(("easy", "greedy", "random"))) for p in castell.COLOURS[:3]],
                         seed=seed, autosave=False)
    kills = decisions = 0
    try:
        while not match.is_over and decisions < 2000:
            match.think()
            worker = ai_worker.shared()
            if worker.pid is not None and rng.random() < 0.02:
                os.kill(worker.pid, signal.SIGKILL)
                kills += 1
            match.play_ai(timeout=60)
            decisions += 1
        if not match.is_over:
            failures.append(f"faults seed {seed}: no end after 2000 decisions")
        elif castell.replay(match.game.record()).to_json() != match.game.to_json():
            failures.append(f"faults seed {seed}: the record does not replay")
    except Exception as exc:      # a soak reports every kind of failure
        failures.append(f"faults seed {seed}: {type(exc).__name__}: {exc}")
    return {"kind": "faults", "kills": kills, "failures": failures}


def hostile_task() -> dict:
    """Every hostile save file through the client's reader: one DataError line each."""
    import os
    import tempfile
    from game.match import castell_saves
    failures: list[str] = []
    cases = 0
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        files: dict[str, Path] = {"device": Path("/dev/zero"), "null": Path("/dev/null"), "folder": root}
        os.mkfifo(root / "fifo")
        files["fifo"] = root / "fifo"
        (root / "loop").symlink_to(root / "loop")
        files["loop"] = root / "loop"
        with open(root / "sparse", "wb") as out:
            out.truncate(2 * 1024 ** 3)
        files["sparse"] = root / "sparse"
        writes = {"bomb": "[" * 100_000, "tag": '{"format": !!python/object:os.system "x"}',
                  "utf16": json.dumps({"format": "castell-save"}).encode("utf-16"), "empty": "",
                  "nul": "\0" * 10, "cut": '{"format": "castell-save", "version": 1, "rec',
                  "latin1": "{\"format\": \"caf\xe9\"}".encode("latin-1")}
        for name, content in writes.items():
            path = root / f"{name}.json"
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
            files[name] = path
        for name, path in files.items():
            cases += 1
            try:
                castell_saves.read_file(path)
                failures.append(f"hostile {name}: loaded")
            except EngineError as exc:
                if "\n" in str(exc) or not str(exc):
                    failures.append(f"hostile {name}: not one line: {exc!r}")
            except Exception as exc:      # anything but a one-line refusal is a failure
                failures.append(f"hostile {name}: {type(exc).__name__}: {exc}")
    return {"kind": "hostile", "cases": cases, "failures": failures}


def _run(task: tuple[str, tuple]) -> dict:
    kind, args = task
    run: dict[str, Callable[..., dict]] = {"games": games_task, "fuzz": fuzz_task, "agents": agents_task,
                                           "solver": solver_task, "hostile": hostile_task}
    return run[kind](*args)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("castell",), default="castell")
    parser.add_argument("--games", type=int, default=10_000, help="random games per player count")
    parser.add_argument("--fuzz", type=int, default=2000, help="mutated records and snapshots")
    parser.add_argument("--agents", action="store_true", help="every preset in every seat, 2-4 players")
    parser.add_argument("--solver", type=int, default=400, help="seeded teams checked against brute force")
    parser.add_argument("--faults", type=int, default=4, help="AI-only games under AI worker kills")
    parser.add_argument("--hostile", action="store_true", help="hostile save files through the client's reader")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tasks: list[tuple[str, tuple]] = []
    for players in (2, 3, 4):
        for first in range(0, args.games, CHUNK):
            tasks.append(("games", (players, args.seed * 10_000_000 + first, min(CHUNK, args.games - first))))
    for first in range(0, args.fuzz, CHUNK):
        tasks.append(("fuzz", (args.seed, first, min(CHUNK, args.fuzz - first))))
    for first in range(0, args.solver, CHUNK):
        tasks.append(("solver", (first, min(CHUNK, args.solver - first))))
    if args.hostile:
        tasks.append(("hostile", ()))
    if args.agents:
        from ai.castell import AGENT_NAMES
        tasks += [("agents", (name, players)) for name in AGENT_NAMES for players in (2, 3, 4)]
    start = time.perf_counter()
    games: Counter = Counter()
    fuzz: Counter = Counter()
    agent_games: Counter = Counter()
    decisions = solver_cases = kills = hostile_cases = fault_games = 0
    failures: dict[str, list[str]] = {"games": [], "fuzz": [], "agents": [], "solver": [], "faults": [],
                                      "hostile": []}
    fault_results = [faults_task(args.seed * 100 + k) for k in range(args.faults)]   # the worker is a child
    with Pool(args.jobs) as pool:                       # of this process (pool workers may have none)
        for result in [*fault_results, *pool.imap_unordered(_run, tasks)]:
            failures[result["kind"]] += result["failures"]
            if result["kind"] == "games":
                games[result["players"]] += result["games"]
                decisions += result["decisions"]
            elif result["kind"] == "fuzz":
                fuzz.update(result["outcomes"])
            elif result["kind"] == "solver":
                solver_cases += result["cases"]
            elif result["kind"] == "faults":
                kills += result["kills"]
                fault_games += 1
            elif result["kind"] == "hostile":
                hostile_cases += result["cases"]
            else:
                agent_games[result["agent"]] += result["players"]
    print(json.dumps({"game": "castell", "games_per_player_count": {str(p): games[p] for p in sorted(games)},
                      "decisions": decisions, "game_failures": len(failures["games"]),
                      "fuzz_outcomes": dict(fuzz), "fuzz_failures": len(failures["fuzz"]),
                      "agent_games": dict(agent_games), "agent_failures": len(failures["agents"]),
                      "solver_cases": solver_cases, "solver_failures": len(failures["solver"]),
                      "fault_games": fault_games, "worker_kills": kills, "fault_failures": len(failures["faults"]),
                      "hostile_cases": hostile_cases, "hostile_failures": len(failures["hostile"]),
                      "failures": sum(map(len, failures.values())),
                      "first_failures": {k: v[:10] for k, v in failures.items() if v},
                      "seconds": round(time.perf_counter() - start, 1), "jobs": args.jobs, "seed": args.seed}))


if __name__ == "__main__":
    main()
