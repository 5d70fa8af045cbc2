"""Soak test (not run in CI): many random games with every engine invariant, fuzzed inputs, and a
monkey on the real client. Prints one JSON line with the counts and the number of failures.
`--game castell` runs Castell's soak instead (benchmarks/castell_soak.py, its own flags).

    python benchmarks/soak.py --games 2000 --fuzz 1000 --monkey 100000 --saves 5 --no-peek 4 --agents \
        --checked 16 --no-peek-discs 4 --determinism 2 --budget 2 --jobs 2 --seed 1

Games: `--games` per player count (2..5), options varied, uniformly random legal moves played
with the checked `play`. At every step: each player's 30 Caballeros all somewhere and no count
negative; legal moves non-empty and unique while someone is to move; the King's region changed
only by a move of the King or royal advisor action card; no Caballero entered or left the King's
region in a move that did not move the King (outside general scorings, where discs naming the
King's region send Castillo Caballeros to the court); the game ends within 3000 decisions. At the
end: `replay(record())` and `from_json(to_json())` give the same game, and at one random step the
JSON snapshot round-trips. Checked: `--checked` games per configuration (2-5 players, both
variants, Veto on and off) under every check of tests/engine/test_random_play.py
(tests/engine/randomplay.py), seeded after the test's own 4 (the default 16 makes the 20 a
configuration the test played before the sweep moved here). Saves: `--saves` games per player
count autosaved and loaded back after every decision (tests/robustness/fuzzkit.py
`autosave_round_trip`; the tests run 1 per player count).
No-peek: `--no-peek` 4-player games per agent (greedy, easy, normal, hard, expert, mcts) from
seed 21, whose every 7th decision is checked as tests/ai/ai_testkit.py `check_no_peek` does (the
tests check every 14th of seed 21); `--no-peek-discs` pairs of 5-player games (seeds 32 on) per
searching agent (easy, hard, expert, mcts) whose every disc decision with another disc hidden is
checked (the tests check seeds 30 and 31; the default 4 pairs are the seeds 32-39 the tests
checked before they moved here). Determinism: `--determinism` 4-player games per agent from
seed 5, every 9th decision chosen by two agents of different seeds from the same view and RNG
(`check_same_move`; the tests check every 18th of seed 5). Budget: `--budget` 4-player games from
seed 3 whose every 11th decision is searched by hard with 6 worlds at 50, 300 and 2000 nodes, never
over budget (`check_node_budget`; the tests check every 22nd of the first 300 of seed 3). Agents:
`--agents` plays every preset in every seat at 2-5 players (`finish_from_every_seat`; the tests
leave out every preset but random at 4-5 players and normal, hard and expert at 3, the long
games). Fuzz: `--fuzz` cases per input kind (save, record, data, scenario) from
tests/robustness/fuzzkit.py. Monkey: `--monkey` random
mouse/keyboard events to the client's scenes under SDL's dummy driver (tests/robustness/monkey.py),
2000 from each start (the tests post 60); 0 with a reason when the client cannot run headless
here. Faults: `--faults` AI-only games in the client, each from 24 decisions
before its end, while the AI worker is killed with SIGKILL and autosaves are refused (ENOSPC) at
random moments and a monkey clicks the board (tests/robustness/faultkit.py); reports the lost
decisions (asked and never answered, or answered for another position), which must be 0. Work
is shared between `--jobs` processes. Hostile: `--hostile` runs only every case of
tests/robustness/hostilekit.py (hostile input and faults and
ENGINE_BUGS.md: saves, records, scenarios, settings, catalogs, the command line, signals) in a
fresh data directory, and prints how many ran and failed and how long each AI worker took to end
after its client was killed (at most 2 s, counted as a failure here; the tests run one case of
each kind and never time it).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "robustness"))
sys.path.insert(0, str(ROOT / "tests" / "ai"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import engine  # noqa: E402
from engine.data import BOARD, REGIONS  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow", "orange")
AREAS = tuple(REGIONS) + ("castillo", "court", "provinces")
KING_CARDS = ("king", "royal_advisor")
MAX_DECISIONS = 3000
CHUNK = 50


def _check_step(game: engine.Game, before: engine.Game, card_before: str | None, move: str,
                events: list) -> str | None:
    for p in game.players:
        counts = [game.count(p, a) for a in AREAS]
        if any(c is None or c < 0 for c in counts):
            return f"negative or missing count for {p}: {counts}"
        if sum(counts) != BOARD.caballeros:
            return f"{p} has {sum(counts)} Caballeros, expected {BOARD.caballeros}"
    if game.to_move is not None:
        legal = [str(m) for m in game.legal_moves()]
        if not legal:
            return f"no legal moves for {game.to_move} in phase {game.phase}"
        if len(set(legal)) != len(legal):
            return f"duplicate legal moves {sorted(legal)}"
    if game.king != before.king:
        if card_before not in KING_CARDS or not any(isinstance(e, engine.events.KingMoved) for e in events):
            return f"the King moved from {before.king} to {game.king} by '{move}' (card {card_before})"
    elif not any(isinstance(e, engine.events.ScoringStarted) and e.kind == "general" for e in events):
        king = game.king
        for p in game.players:
            if game.count(p, king) != before.count(p, king):
                return (f"{p}'s Caballeros in the King's region {king} went from "
                        f"{before.count(p, king)} to {game.count(p, king)} by '{move}'")
    return None


def play_game(players: int, seed: int) -> tuple[int, str | None]:
    """One random game with every invariant; (decisions, failure or None)."""
    rng = random.Random(seed)
    options = {"variant": rng.choice(("classic", "classic", "short")), "veto": rng.random() < 0.8,
               "castillo": rng.choice(("announced", "secret"))}
    game = engine.new_game(players=list(COLOURS[:players]), seed=seed, **options)
    snapshot_at = rng.randrange(1, 200)
    decisions = 0
    try:
        while game.to_move is not None:
            if decisions >= MAX_DECISIONS:
                return decisions, f"not over after {MAX_DECISIONS} decisions"
            before, card_before = game.clone(), game.card
            move = rng.choice(game.legal_moves())
            events = game.play(move)
            decisions += 1
            problem = _check_step(game, before, card_before, str(move), events)
            if problem:
                return decisions, f"after move {decisions - 1}: {problem}"
            if decisions == snapshot_at and engine.from_json(json.loads(json.dumps(game.to_json()))) != game:
                return decisions, f"JSON snapshot at move {decisions} does not round-trip"
        if not game.is_over:
            return decisions, "to_move is None but the game is not over"
        if engine.replay(game.record()) != game:
            return decisions, "replay(record()) differs from the game"
        if engine.from_json(json.loads(json.dumps(game.to_json()))) != game:
            return decisions, "from_json(to_json()) differs from the game"
    except Exception as exc:  # noqa: BLE001 - a soak reports, it does not stop
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        return decisions, f"{exc.__class__.__name__}: {exc} (at {Path(frame.filename).name}:{frame.lineno})"
    return decisions, None


def games_task(args: tuple[int, int, int]) -> dict:
    players, first, count = args
    out = {"kind": "games", "players": players, "games": 0, "decisions": 0, "failures": []}
    for seed in range(first, first + count):
        decisions, failure = play_game(players, seed)
        out["games"] += 1
        out["decisions"] += decisions
        if failure:
            out["failures"].append(f"players={players} seed={seed}: {failure}")
    return out


def fuzz_task(args: tuple[str, int, int, int]) -> dict:
    import fuzzkit
    kind, base_seed, first, count = args
    out = {"kind": "fuzz", "input": kind, "results": Counter(), "failures": []}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EL_GRANDE_DATA_DIR"] = tmp
        for i in range(first, first + count):
            try:
                outcome = fuzzkit.run_case(kind, random.Random(f"soak-{base_seed}-{kind}-{i}"), Path(tmp))
            except Exception as exc:  # noqa: BLE001 - the harness itself failed (e.g. a mutator)
                out["results"]["harness_error"] += 1
                out["failures"].append(f"{kind} case soak-{base_seed}-{kind}-{i}: harness {exc!r}")
                continue
            out["results"][outcome.result] += 1
            if outcome.result == "failure":
                out["failures"].append(f"{kind} case soak-{base_seed}-{kind}-{i}: {outcome.detail}")
    return out


def _attempt(out: dict, label: str, check: Callable[[], object]) -> object:
    """Run one soak check; an exception (a failed assertion included) becomes a failure line in
    `out` naming the case, since a soak reports and does not stop. Returns the check's result."""
    try:
        return check()
    except Exception as exc:  # noqa: BLE001 - a soak reports, it does not stop
        out["failures"].append(f"{label}: {exc.__class__.__name__}: {str(exc)[:200]}")
        return None


def saves_task(args: tuple[int, int]) -> dict:
    import fuzzkit
    players, k = args
    out = {"kind": "saves", "players": players, "decisions": 0, "failures": []}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EL_GRANDE_DATA_DIR"] = tmp
        out["decisions"] = _attempt(out, f"saves players={players} k={k}",
                                    lambda: fuzzkit.autosave_round_trip(players, k)) or 0
    return out


def nopeek_task(args: tuple[str, int, bool]) -> dict:
    """The no-peek check at every 7th decision of a 4-player game, or (`discs`) at every disc
    decision of two 5-player games (seed, seed + 1) where another player's disc is set and hidden."""
    import ai_testkit
    name, seed, discs = args
    out = {"kind": "nopeek", "agent": name, "points": 0, "failures": []}
    points = (ai_testkit.disc_points(5, [seed, seed + 1]) if discs else
              ai_testkit.decision_points(seed=seed, players=4, every=7))
    out["points"] = _attempt(out, f"no-peek {name} seed={seed}{' discs' if discs else ''}",
                             lambda: ai_testkit.check_no_peek(name, points, min_hidden_discs=5 if discs else 0)) or 0
    return out


def determinism_task(args: tuple[str, int]) -> dict:
    """Same view, same RNG, agents of different seeds: the same move at every 9th decision."""
    import ai_testkit
    name, seed = args
    out = {"kind": "determinism", "agent": name, "points": 0, "failures": []}
    out["points"] = _attempt(out, f"determinism {name} seed={seed}", lambda: ai_testkit.check_same_move(
        name, ai_testkit.decision_points(seed=seed, players=4, every=9))) or 0
    return out


def budget_task(args: tuple[int, int]) -> dict:
    """The hard search's node budget, never exceeded at every 11th decision of a 4-player game."""
    import ai_testkit
    max_nodes, seed = args
    out = {"kind": "budget", "points": 0, "failures": []}
    out["points"] = _attempt(out, f"budget {max_nodes} nodes seed={seed}", lambda: ai_testkit.check_node_budget(
        max_nodes, ai_testkit.decision_points(seed=seed, players=4, every=11))) or 0
    return out


def agents_task(args: tuple[str, int]) -> dict:
    import ai_testkit
    name, players = args
    out = {"kind": "agents", "agent": name, "failures": []}
    game = _attempt(out, f"agents {name} players={players}", lambda: ai_testkit.finish_from_every_seat(name, players))
    if game is not None and not game.is_over:
        out["failures"].append(f"agents {name} players={players}: the game did not end")
    return out


def checked_task(args: tuple[int, str, bool, int, int]) -> dict:
    """Random games under every check of tests/engine/test_random_play.py (randomplay.py), from the
    seed after the test's last game of that configuration."""
    import randomplay
    players, variant, veto, first, count = args
    out = {"kind": "checked", "games": 0, "failures": []}
    for seed in range(first, first + count):
        _attempt(out, f"checked players={players} {variant} veto={veto} seed={seed}",
                 lambda seed=seed: randomplay.play_checked_game(players, variant, veto, seed))
        out["games"] += 1
    return out


def monkey_task(args: tuple[int, int]) -> dict:
    import monkey
    events, seed = args
    reason = monkey.available()
    if reason:
        return {"kind": "monkey", "events": 0, "frames": 0, "scenes": [], "failures": [],
                "skipped": reason}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EL_GRANDE_DATA_DIR"] = tmp
        report = monkey.run(events, seed=seed, per_start=2000, per_frame=1)
    return {"kind": "monkey", "events": report.events, "frames": report.frames,
            "restarts": report.restarts, "scenes": sorted(report.scenes), "failures": report.failures}


FAULT_GAMES = (("greedy", "easy"), ("easy", "random", "greedy"), ("normal", "easy"), ("random", "greedy", "easy"))


def faults_task(args: tuple[int, int]) -> dict:
    import faultkit
    games, seed = args
    rng = random.Random(seed)
    report = faultkit.FaultReport()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EL_GRANDE_DATA_DIR"] = tmp
        for i in range(games):
            faultkit.play_with_faults(FAULT_GAMES[i % len(FAULT_GAMES)], seed * 1000 + i, rng, report)
    return {"kind": "faults", **{k: v for k, v in vars(report).items()}}


def run_clients(mode: str, amount: int, jobs: int, seed: int, seconds_each: float) -> list[dict]:
    """The client runs (`mode` monkey or faults) in fresh processes (the client starts its own AI
    worker process, which a pool worker may not do), `jobs` at a time; a process that hangs is
    killed and reported."""
    if amount <= 0:
        return []
    shares = [amount // jobs + (j < amount % jobs) for j in range(jobs)]
    procs = []
    for j, share in enumerate(s for s in shares if s):
        cmd = [sys.executable, __file__, "--client-worker", mode, f"--{mode}", str(share), "--seed", str(seed + j)]
        procs.append(subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True))
    results = []
    limit = 120 + amount * seconds_each
    for proc in procs:
        try:
            out, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            results.append({"events": 0, "frames": 0, "scenes": [], "failures": [
                f"{mode} worker {proc.pid} hung (killed after {limit:.0f} s)"]})
            continue
        try:
            results.append(json.loads(out.strip().splitlines()[-1]))
        except (ValueError, IndexError):
            results.append({"events": 0, "frames": 0, "scenes": [], "failures": [
                f"{mode} worker exited {proc.returncode}: {err.strip()[-300:]}"]})
    return results


def hostile_run() -> dict:
    """Every hostile case in a fresh data directory (and scratch folder), timed worker exits."""
    os.environ["HOSTILE_TIMINGS"] = "1"
    with tempfile.TemporaryDirectory(prefix="el-grande-hostile-") as folder:
        os.environ["EL_GRANDE_DATA_DIR"] = str(Path(folder) / "data")
        import hostilekit
        start = time.perf_counter()
        ran, failures = hostilekit.run_all(Path(folder) / "scratch")
    by_kind = Counter(c.kind for c in hostilekit.CASES)
    return {"hostile_cases": ran, "hostile_failures": len(failures),
            "cases_per_kind": dict(sorted(by_kind.items())),
            "worker_exit_seconds": [round(s, 3) for s in hostilekit.WORKER_SECONDS],
            "seconds": round(time.perf_counter() - start, 1), "failure_list": failures[:25]}


def _dedupe(failures: list[str], limit: int = 25) -> dict[str, object]:
    """Failures grouped by message (seed removed): count and first example of each."""
    groups: dict[str, list[str]] = {}
    for f in failures:
        key = f.split(": ", 1)[-1][:160]
        groups.setdefault(key, []).append(f)
    return {k: {"count": len(v), "example": v[0][:300]} for k, v in list(groups.items())[:limit]}


def main(argv: list[str] | None = None) -> None:
    if argv is None:
        argv = sys.argv[1:]
    if "--game" in argv and argv[argv.index("--game") + 1:argv.index("--game") + 2] == ["castell"]:
        import castell_soak   # Castell's own soak, with its own flags (benchmarks/castell_soak.py)
        castell_soak.main(argv)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("el-grande",), default="el-grande",
                        help="el-grande (this soak) or castell (benchmarks/castell_soak.py)")
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    parser.add_argument("--fuzz", type=int, default=200, help="fuzz cases per input kind")
    parser.add_argument("--monkey", type=int, default=0, help="random client events in all")
    parser.add_argument("--faults", type=int, default=0, help="AI-only client games under worker kills and "
                        "refused writes")
    parser.add_argument("--checked", type=int, default=16, help="random games per configuration under "
                        "every check of tests/engine/test_random_play.py, after the test's own")
    parser.add_argument("--saves", type=int, default=5, help="autosave round-trip games per player count")
    parser.add_argument("--no-peek", type=int, default=2, help="no-peek games per agent")
    parser.add_argument("--determinism", type=int, default=2, help="games per agent checked for the same "
                        "move from the same view and RNG")
    parser.add_argument("--budget", type=int, default=1, help="games whose decisions check the hard "
                        "search's node budget (50, 300 and 2000 nodes)")
    parser.add_argument("--no-peek-discs", type=int, default=4, help="pairs of 5-player games per searching "
                        "agent whose disc decisions get the no-peek check")
    parser.add_argument("--agents", action="store_true", help="every preset in every seat, 2-5 players")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hostile", action="store_true", help="only the hostile-input and fault cases "
                        "(tests/robustness/hostilekit.py), in a fresh data directory")
    parser.add_argument("--client-worker", choices=("monkey", "faults"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.hostile:
        print(json.dumps(hostile_run(), ensure_ascii=False))
        return

    if args.client_worker == "monkey":
        print(json.dumps(monkey_task((args.monkey, args.seed))))
        return
    if args.client_worker == "faults":
        print(json.dumps(faults_task((args.faults, args.seed))))
        return
    tasks: list[tuple] = []
    for players in range(2, 6):
        for first in range(0, args.games, CHUNK):
            tasks.append(("games", (players, args.seed * 10_000_000 + first, min(CHUNK, args.games - first))))
    import randomplay
    for players, variant, veto in randomplay.CONFIGS:
        first = randomplay.config_seed(players, variant, veto) + randomplay.TEST_GAMES
        for start in range(0, args.checked, CHUNK):
            tasks.append(("checked", (players, variant, veto, first + start, min(CHUNK, args.checked - start))))
    tasks += [("saves", (players, k)) for players in range(2, 6) for k in range(args.saves)]
    tasks += [("nopeek", (name, 21 + k, False)) for name in ("greedy", "easy", "normal", "hard", "expert", "mcts")
              for k in range(args.no_peek)]
    tasks += [("determinism", (name, 5 + k)) for name in ("greedy", "easy", "normal", "hard", "expert", "mcts")
              for k in range(args.determinism)]
    tasks += [("budget", (max_nodes, 3 + k)) for max_nodes in (50, 300, 2000) for k in range(args.budget)]
    tasks += [("nopeek", (name, 32 + 2 * k, True)) for name in ("easy", "hard", "expert", "mcts")
              for k in range(args.no_peek_discs)]
    if args.agents:
        tasks += [("agents", (name, players)) for name in ("random", "greedy", "easy", "normal", "hard", "expert", "mcts")
                  for players in range(2, 6)]
    for kind in ("save", "record", "data", "scenario"):
        for first in range(0, args.fuzz, CHUNK):
            tasks.append(("fuzz", (kind, args.seed, first, min(CHUNK, args.fuzz - first))))

    start = time.perf_counter()
    games = Counter()
    decisions = 0
    fuzz: dict[str, Counter] = {}
    monkey = {"events": 0, "frames": 0, "scenes": set(), "skipped": None}
    failures: dict[str, list[str]] = {"games": [], "fuzz": [], "monkey": [], "saves": [], "nopeek": [],
                                      "agents": [], "faults": [], "checked": [], "determinism": [], "budget": []}
    saved, peeked, agent_games, same_move = Counter(), Counter(), Counter(), Counter()
    checked_games = budget_points = 0
    faults = Counter()
    for result in run_clients("faults", args.faults, args.jobs, args.seed, 30.0):
        failures["faults"].extend(result.pop("failures"))
        faults.update({k: v for k, v in result.items() if isinstance(v, int)})
    with Pool(args.jobs) as pool:
        for result in pool.imap_unordered(_run_task, tasks):
            kind = result["kind"]
            failures[kind].extend(result["failures"])
            if kind == "games":
                games[result["players"]] += result["games"]
                decisions += result["decisions"]
            elif kind == "saves":
                saved[result["players"]] += 1
            elif kind == "nopeek":
                peeked[result["agent"]] += result["points"]
            elif kind == "agents":
                agent_games[result["agent"]] += 1
            elif kind == "determinism":
                same_move[result["agent"]] += result["points"]
            elif kind == "budget":
                budget_points += result["points"]
            elif kind == "checked":
                checked_games += result["games"]
            else:
                fuzz.setdefault(result["input"], Counter()).update(result["results"])
    for result in run_clients("monkey", args.monkey, args.jobs, args.seed, 0.2):
        failures["monkey"].extend(result["failures"])
        monkey["events"] += result["events"]
        monkey["frames"] += result["frames"]
        monkey["scenes"].update(result["scenes"])
        monkey["skipped"] = result.get("skipped")
    line = {
        "games_per_player_count": {str(p): games[p] for p in sorted(games)},
        "games": sum(games.values()), "decisions": decisions, "game_failures": len(failures["games"]),
        "fuzz_cases": {k: sum(v.values()) for k, v in sorted(fuzz.items())},
        "fuzz_outcomes": {k: dict(v) for k, v in sorted(fuzz.items())},
        "fuzz_failures": len(failures["fuzz"]),
        "checked_games": checked_games, "checked_failures": len(failures["checked"]),
        "save_round_trip_games": {str(p): saved[p] for p in sorted(saved)},
        "save_failures": len(failures["saves"]),
        "no_peek_points": dict(sorted(peeked.items())), "no_peek_failures": len(failures["nopeek"]),
        "determinism_points": dict(sorted(same_move.items())), "determinism_failures": len(failures["determinism"]),
        "budget_points": budget_points, "budget_failures": len(failures["budget"]),
        "agent_games": dict(sorted(agent_games.items())), "agent_failures": len(failures["agents"]),
        "monkey_events": monkey["events"], "monkey_frames": monkey["frames"],
        "monkey_scenes": sorted(monkey["scenes"]), "monkey_failures": len(failures["monkey"]),
        "fault_games": faults["games"], "fault_games_finished": faults["finished"],
        "fault_decisions": faults["decisions"], "worker_kills": faults["worker_kills"],
        "worker_kills_while_thinking": faults["kills_while_thinking"], "write_failures": faults["write_failures"],
        "lost_decisions": faults["lost_decisions"], "fault_failures": len(failures["faults"]),
        "failures": sum(len(v) for v in failures.values()),
        "seconds": round(time.perf_counter() - start, 1), "jobs": args.jobs, "seed": args.seed,
        "failure_groups": {k: _dedupe(v) for k, v in failures.items() if v},
    }
    if monkey["skipped"]:
        line["monkey_skipped"] = monkey["skipped"]
    print(json.dumps(line, ensure_ascii=False))


def _run_task(task: tuple[str, tuple]) -> dict:
    kind, args = task
    tasks = {"games": games_task, "fuzz": fuzz_task, "saves": saves_task, "nopeek": nopeek_task,
             "agents": agents_task, "checked": checked_task, "determinism": determinism_task,
             "budget": budget_task}
    return tasks[kind](args)


if __name__ == "__main__":
    main()
