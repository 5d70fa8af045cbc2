"""Hostile input and faults (, and the engine bugs of ENGINE_BUGS.md):
every case a tester found, as a function that returns None when the game stands firm and a
one-line failure otherwise. Shared by tests/robustness/test_robust_hostile.py (one case of each
kind) and `benchmarks/soak.py --hostile` (all of them, in a fresh data directory).

A case is refused well when the loader raises `engine.EngineError` with one line that names what
the case says (the file, the field or the flag); any other exception, a hang (HANG_S), a changed
input file or a second line is a failure. Case functions take a scratch folder; the data
directory is whatever EL_GRANDE_DATA_DIR names.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import engine

ROOT = Path(__file__).resolve().parents[2]
HANG_S = 20.0                 # an open or a read that takes this long is a hang
WORKER_GRACE_S = 2.0          # a worker must end this soon after its client dies
KINDS = ("save", "record", "scenario", "settings", "catalog", "cli", "signals")
SCENARIO = {"players": ["red", "blue"], "seed": 1}


@dataclass(frozen=True)
class Case:
    kind: str
    name: str
    run: Callable[[Path], str | None]


CASES: list[Case] = []


def case(kind: str, name: str) -> Callable[[Callable[[Path], str | None]], Callable[[Path], str | None]]:
    def register(fn: Callable[[Path], str | None]) -> Callable[[Path], str | None]:
        CASES.append(Case(kind, name, fn))
        return fn
    return register


def run_case(c: Case, scratch: Path) -> str | None:
    """The case's failure (None: it passed); a case that raises or hangs fails too."""
    result: list[str | None] = []

    def body() -> None:
        try:
            result.append(c.run(scratch))
        except Exception as exc:  # noqa: BLE001 - reported as the case's failure
            result.append(f"raised {exc.__class__.__name__}: {exc} "
                          f"({traceback.extract_tb(exc.__traceback__)[-1].name})")
    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    thread.join(HANG_S * 2)
    if not result:
        return f"{c.kind}/{c.name}: hung for {HANG_S * 2:g} s"
    return None if result[0] is None else f"{c.kind}/{c.name}: {result[0]}"


def run_all(scratch: Path, kinds: tuple[str, ...] = KINDS) -> tuple[int, list[str]]:
    """(cases run, failures) over every registered case of `kinds`, each in its own sub-folder."""
    failures, ran = [], 0
    for i, c in enumerate(CASES):
        if c.kind in kinds:
            folder = scratch / f"case{i}"
            folder.mkdir(parents=True, exist_ok=True)
            ran += 1
            problem = run_case(c, folder)
            if problem:
                failures.append(problem)
    return ran, failures


# --------------------------------------------------------------------------- checks
def refused(call: Callable[[], Any], *needles: str) -> str | None:
    """None when `call` raises an EngineError of one line containing every needle."""
    try:
        call()
    except engine.EngineError as exc:
        text = str(exc)
        if "\n" in text:
            return f"a message of several lines: {text[:200]!r}"
        missing = [n for n in needles if n not in text]
        return f"the message {text[:200]!r} does not name {missing}" if missing else None
    return "accepted"


def unchanged(path: Path, check: Callable[[], str | None]) -> str | None:
    """`check`, plus: the file it reads has the same bytes afterwards."""
    before = path.read_bytes()
    return check() or (None if path.read_bytes() == before else f"{path.name} was changed")


def fifo(folder: Path, name: str) -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def yaml_scenario(folder: Path, extra: str, name: str = "level.yaml") -> Path:
    return write(folder, name, "players: [red, blue]\nseed: 1\n" + extra)


def save_doc(seats: list[dict] | None = None, **changes: Any) -> dict:
    from game.match import saves
    game = engine.new_game(players=["red", "blue"], seed=3)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    doc = saves.save_document(game, seats)
    doc.update(changes)
    return doc


def cli(*args: str, timeout: float = HANG_S * 3) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def cli_refused(*args: str, needle: str) -> str | None:
    """`el-grande ARGS` exits 2 with one stderr line naming `needle`, and no traceback."""
    try:
        result = cli(*args)
    except subprocess.TimeoutExpired:
        return "hung"
    lines = result.stderr.strip().splitlines()
    if result.returncode != 2 or len(lines) != 1 or needle not in lines[0]:
        return f"exit {result.returncode}, stderr {result.stderr.strip()[-300:]!r}"
    return None


# --------------------------------------------------------------------------- saves
def _load(path: Path) -> Callable[[], Any]:
    from game.match import saves
    return lambda: saves.load_save(path)


@case("save", "a FIFO named *.json is refused at once (--load, Load game)")
def _save_fifo(tmp: Path) -> str | None:
    return refused(_load(fifo(tmp, "pipe.json")), "pipe.json", "not a regular file")


@case("save", "/dev/zero is refused without reading it")
def _save_dev_zero(tmp: Path) -> str | None:
    return refused(_load(Path("/dev/zero")), "zero", "not a regular file") if Path("/dev/zero").exists() else None


@case("save", "a folder is refused")
def _save_folder(tmp: Path) -> str | None:
    return refused(_load(tmp), "is a directory")


@case("save", "a file over 16 MB is refused and kept")
def _save_too_big(tmp: Path) -> str | None:
    path = write(tmp, "big.json", b" " * (16 * 1024 * 1024 + 1))
    return unchanged(path, lambda: refused(_load(path), "big.json", "16 MB"))


@case("save", "a save without format says so")
def _save_no_format(tmp: Path) -> str | None:
    from game.match import saves
    doc = save_doc()
    del doc["format"]
    path = write(tmp, "noformat.json", json.dumps(doc))
    return unchanged(path, lambda: refused(lambda: saves.read_record(path), "noformat.json", "'format' is missing"))


@case("save", "an unknown seat kind is refused by name")
def _save_seat_kind(tmp: Path) -> str | None:
    seats = [{"player": "red", "kind": "wizard", "name": ""}, {"player": "blue", "kind": "easy", "name": ""}]
    path = write(tmp, "kind.json", json.dumps(save_doc(seats)))
    return unchanged(path, lambda: refused(_load(path), "seats[0].kind", "wizard"))


@case("save", "a 1,000,000-character name with ANSI escapes loads as 24 clean characters")
def _save_long_name(tmp: Path) -> str | None:
    from game.match import saves
    name = "\x1b[31mAna\x07\n" + "x" * 1_000_000
    seats = [{"player": "red", "kind": "human", "name": name}, {"player": "blue", "kind": "easy", "name": ""}]
    path = write(tmp, "name.json", json.dumps(save_doc(seats)))
    _, meta = saves.load_save(path)
    shown = meta.seats[0].name
    if len(shown) > saves.NAME_LIMIT or any(not c.isprintable() for c in shown) or not shown.startswith("Ana"):
        return f"the name reads {shown[:40]!r} ({len(shown)} characters)"
    return None


@case("save", "a 5,000-digit move text is a clean refusal")
def _save_long_move(tmp: Path) -> str | None:
    doc = save_doc()
    doc["game"]["record"]["moves"][0] = "power " + "1" * 5000
    path = write(tmp, "digits.json", json.dumps(doc))
    return unchanged(path, lambda: refused(_load(path), "digits.json", "moves[0]"))


@case("save", "an autosave that is a FIFO does not hang the title screen")
def _save_autosave_fifo(tmp: Path) -> str | None:
    from game.match import saves
    saves.data_dir().mkdir(parents=True, exist_ok=True)
    target = saves.autosave_path()
    target.unlink(missing_ok=True)
    os.mkfifo(target)
    try:
        info = saves.continue_info()
        saves.slots_dir().mkdir(parents=True, exist_ok=True)
        slots_fifo = fifo(saves.slots_dir(), "slot.json")
        listed = [s for s in saves.list_slots() if s.path == slots_fifo]
        if info is not None:
            return "Continue offered a FIFO"
        if len(listed) != 1 or not listed[0].error:
            return f"the Load game list shows the FIFO as {listed!r}"
        return None
    finally:
        target.unlink()
        (saves.slots_dir() / "slot.json").unlink(missing_ok=True)


# --------------------------------------------------------------------------- records
def _record(**setup: Any) -> dict:
    base = {"players": ["red", "blue"], "seed": 4, "variant": "classic", "veto": True, "castillo": "announced"}
    base.update(setup)
    return {"rules_version": engine.RULES_VERSION, "setup": base, "moves": []}


@case("record", "setup.veto \"no\" is refused (a boolean)")
def _record_veto(tmp: Path) -> str | None:
    return refused(lambda: engine.replay(_record(veto="no")), "setup.veto", "true or false")


@case("record", "variant [\"classic\"] is refused by name")
def _record_variant(tmp: Path) -> str | None:
    return refused(lambda: engine.replay(_record(variant=["classic"])), "setup.variant", "classic, short")


@case("record", "a boolean or 30-digit seed is refused")
def _record_seed(tmp: Path) -> str | None:
    return (refused(lambda: engine.replay(_record(seed=True)), "setup.seed")
            or refused(lambda: engine.replay(_record(seed=10 ** 40)), "setup.seed", "39 digits"))


@case("record", "a 5,000-digit move text is a NotationError, never a raw ValueError")
def _record_long_move(tmp: Path) -> str | None:
    rec = _record()
    rec["moves"] = ["power " + "9" * 5000]
    return (refused(lambda: engine.replay(rec), "moves[0]")
            or refused(lambda: engine.parse_move("court " + "7" * 5000), "characters"))


@case("record", "a record's scenario naming a file is refused (ENGINE_BUGS #4)")
def _record_scenario_path(tmp: Path) -> str | None:
    rec = {"rules_version": engine.RULES_VERSION, "scenario": "/dev/zero", "moves": []}
    return refused(lambda: engine.replay(rec), "scenario")


# --------------------------------------------------------------------------- scenarios
def _scenario(**fields: Any) -> Callable[[], Any]:
    return lambda: engine.load_scenario({**SCENARIO, **fields})


@case("scenario", "/dev/zero is refused without reading it")
def _scenario_dev_zero(tmp: Path) -> str | None:
    return refused(lambda: engine.load_scenario("/dev/zero"), "not a regular file") \
        if Path("/dev/zero").exists() else None


@case("scenario", "a FIFO is refused at once")
def _scenario_fifo(tmp: Path) -> str | None:
    return refused(lambda: engine.load_scenario(fifo(tmp, "level.yaml")), "level.yaml", "not a regular file")


@case("scenario", "a file over 1 MB is refused")
def _scenario_too_big(tmp: Path) -> str | None:
    path = yaml_scenario(tmp, "# " + "x" * (1024 * 1024) + "\n")
    return refused(lambda: engine.load_scenario(path), "level.yaml", "1 MB")


@case("scenario", "a 1.3 KB alias bomb in the description is refused")
def _scenario_alias_bomb(tmp: Path) -> str | None:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    path = yaml_scenario(tmp, "description:\n  " + "\n  ".join(lines) + "\n")
    return refused(lambda: engine.load_scenario(path), "level.yaml", "aliases", "line")


@case("scenario", "a YAML syntax error names the file, line and column")
def _scenario_syntax(tmp: Path) -> str | None:
    path = yaml_scenario(tmp, "king: [aragon\nround: 2\n")
    return refused(lambda: engine.load_scenario(path), "level.yaml", "line 4", "column")


@case("scenario", "five King cards on offer are refused")
def _scenario_five_kings(tmp: Path) -> str | None:
    return refused(_scenario(face_up=["king"] * 5), "face_up", "'king'")


@case("scenario", "both Grandes in the King's region at the set-up are refused")
def _scenario_grandes(tmp: Path) -> str | None:
    return refused(_scenario(king="aragon", grandes={"red": "aragon", "blue": "aragon"}), "grandes.red", "King")


@case("scenario", "true as a Caballero count is refused")
def _scenario_bool_count(tmp: Path) -> str | None:
    return refused(_scenario(caballeros={"red": {"aragon": True}}), "caballeros.red.aragon", "whole number")


@case("scenario", "a score of 10^30 is refused")
def _scenario_huge_score(tmp: Path) -> str | None:
    return refused(_scenario(scores={"red": 10 ** 30}), "scores.red", "999")


@case("scenario", "a 2,001-character description is refused")
def _scenario_long_text(tmp: Path) -> str | None:
    return refused(_scenario(description={"en": "x" * 2001}), "description.en", "2000")


@case("scenario", "variant [\"classic\"] and veto \"no\" are refused by name")
def _scenario_options(tmp: Path) -> str | None:
    return refused(_scenario(variant=["classic"]), "variant", "classic, short") \
        or refused(_scenario(veto="no"), "veto", "true or false")


@case("scenario", "a 5,000-digit seed and 20,000 nested lists are refused (ENGINE_BUGS #1)")
def _scenario_parser_limits(tmp: Path) -> str | None:
    digits = yaml_scenario(tmp, "", "digits.yaml")
    digits.write_text("players: [red, blue]\nseed: " + "1" * 5000 + "\n", encoding="utf-8")
    deep = write(tmp, "deep.yaml", "players: [red, blue]\nname: " + "[" * 20000 + "]" * 20000 + "\n")
    return refused(lambda: engine.load_scenario(digits), "digits.yaml") \
        or refused(lambda: engine.load_scenario(deep), "deep.yaml")


@case("scenario", "a power card of 10^20 is refused before any shift (ENGINE_BUGS #2)")
def _scenario_huge_card(tmp: Path) -> str | None:
    return refused(_scenario(played={"red": 10 ** 20}), "played.red")


# --------------------------------------------------------------------------- settings
def _settings_with(text: str) -> Any:
    from game.match import saves
    from game.shell.settings import Settings
    saves.data_dir().mkdir(parents=True, exist_ok=True)
    (saves.data_dir() / "settings.json").write_text(text, encoding="utf-8")
    return Settings.load()


@case("settings", "anim_speed 0, negative, NaN, 1e-300 or infinite is replaced by the default")
def _settings_speed(tmp: Path) -> str | None:
    for value in ("0", "-1", "NaN", "1e-300", "1e999"):
        settings = _settings_with(f'{{"anim_speed": {value}, "volume": 0.3}}')
        if settings.anim_speed != 1.0 or settings.refused != ["anim_speed"] or settings.volume != 0.3:
            return f"anim_speed {value} read as {settings.anim_speed} (refused {settings.refused})"
    return None


@case("settings", "a volume of 7 is replaced by the default")
def _settings_volume(tmp: Path) -> str | None:
    settings = _settings_with('{"volume": 7}')
    return None if settings.volume == 0.7 and settings.refused == ["volume"] else f"volume {settings.volume}"


@case("settings", "a FIFO settings.json is kept aside, the defaults used")
def _settings_fifo(tmp: Path) -> str | None:
    from game.match import saves
    from game.shell.settings import Settings
    saves.data_dir().mkdir(parents=True, exist_ok=True)
    path = saves.data_dir() / "settings.json"
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    settings = Settings.load()
    (saves.data_dir() / "settings.json.bad").unlink(missing_ok=True)
    path.unlink(missing_ok=True)
    return None if settings.kept_aside and settings.anim_speed == 1.0 else "the FIFO was used"


@case("settings", "tutorial.json with step 10^30 reads as not started")
def _settings_tutorial_step(tmp: Path) -> str | None:
    from game.match import saves
    from game.tutorial.progress import load_progress
    saves.data_dir().mkdir(parents=True, exist_ok=True)
    (saves.data_dir() / "tutorial.json").write_text('{"step": 1000000000000000000000000000000}', encoding="utf-8")
    progress = load_progress()
    (saves.data_dir() / "tutorial.json").unlink()
    return None if progress.step == 0 else f"step {progress.step}"


# --------------------------------------------------------------------------- catalogs
def _english(tmp: Path, body: str | bytes | None) -> str | None:
    """Start-up with a damaged (or, `body` None, missing) English catalog ends in one line naming
    en.yaml, exit code 2; never a traceback."""
    import contextlib
    import io
    from game.__main__ import main
    from game.shell import i18n
    folder = tmp / "i18n"
    folder.mkdir()
    for other in i18n.CATALOG_DIR.glob("*.yaml"):
        (folder / other.name).write_bytes(other.read_bytes())
    (folder / "en.yaml").unlink()
    if isinstance(body, str) and body == "fifo":
        fifo(folder, "en.yaml")
    elif body is not None:
        write(folder, "en.yaml", body)
    shipped, language = i18n.CATALOG_DIR, i18n.language()
    err = io.StringIO()
    i18n._loaded.cache_clear()
    i18n.CATALOG_DIR = folder
    try:
        with contextlib.redirect_stderr(err):
            code = main(["--headless", "--lang", "pt", "--players", "random,random", "--variant", "short"])
    finally:
        i18n.CATALOG_DIR = shipped
        i18n._loaded.cache_clear()
        i18n.set_language(language)
    lines = err.getvalue().splitlines()
    if code != 2 or len(lines) != 1 or "en.yaml" not in lines[0]:
        return f"exit {code}, stderr {err.getvalue()[-300:]!r}"
    return None


@case("catalog", "a FIFO English catalog is refused at once")
def _catalog_fifo(tmp: Path) -> str | None:
    return _english(tmp, "fifo")


@case("catalog", "a missing English catalog is one line and exit 2")
def _catalog_missing(tmp: Path) -> str | None:
    return _english(tmp, None)


@case("catalog", "an English catalog over 1 MB is refused")
def _catalog_too_big(tmp: Path) -> str | None:
    return _english(tmp, "a: " + "x" * (1024 * 1024) + "\n")


@case("catalog", "an English catalog's YAML error is one line")
def _catalog_syntax(tmp: Path) -> str | None:
    return _english(tmp, 'a: "one"\nb: "two\n')


@case("catalog", "a UTF-16 English catalog is one line")
def _catalog_utf16(tmp: Path) -> str | None:
    return _english(tmp, 'button.done: "Done"\n'.encode("utf-16"))


# --------------------------------------------------------------------------- command line
_CLI = [
    (("--speed", "-1"), "--speed"), (("--speed", "nan"), "--speed"), (("--speed", "0"), "--speed"),
    (("--speed", "1e-300"), "--speed"), (("--window", "99999999999999999999x1"), "--window"),
    (("--window", "800"), "--window"), (("--players", ""), "--players"),
    (("--players", "human,,easy"), "--players"), (("--players", "human,wizard"), "wizard"),
    (("--seed", "-1"), "--seed"), (("--seed", str(2 ** 128)), "--seed"),
    (("--headless", "--scenario", "/dev/zero"), "not a regular file"),
    (("--headless", "--load", "/dev/zero"), "not a regular file"),
]


def _cli_case(args: tuple[str, ...], needle: str) -> Callable[[Path], str | None]:
    return lambda tmp: cli_refused(*args, needle=needle)


for _args, _needle in _CLI:
    case("cli", f"el-grande {' '.join(repr(a) if not a or ',' in a else a for a in _args)}")(_cli_case(_args, _needle))


@case("cli", "--screenshots naming a file is refused")
def _cli_screenshots(tmp: Path) -> str | None:
    return cli_refused("--screenshots", str(write(tmp, "passwd", "root:x:0:0")), "--players", "easy,easy",
                       needle="--screenshots")


@case("cli", "--load and --scenario of a FIFO do not hang")
def _cli_fifo(tmp: Path) -> str | None:
    return cli_refused("--headless", "--load", str(fifo(tmp, "game.json")), needle="game.json") \
        or cli_refused("--headless", "--scenario", str(fifo(tmp, "level.yaml")), needle="level.yaml")


@case("cli", "the default seed is drawn over 2^64 and kept in the record")
def _cli_default_seed(tmp: Path) -> str | None:
    from game.match.controller import Match
    from game.match.seats import Seat
    from game.match.seed import new_seed
    seeds = {new_seed() for _ in range(64)}
    if max(seeds) < 2 ** 40 or len(seeds) < 64:
        return f"seeds drawn from a small range: {sorted(seeds)[:4]}"
    match = Match([Seat("red", "random"), Seat("blue", "random")], max(seeds), autosave=False)
    return None if match.host_game.record()["setup"]["seed"] == max(seeds) else "the record lost the seed"


# --------------------------------------------------------------------------- signals
_CLIENT = """
import sys, time
sys.path.insert(0, {root!r})
from game.match import ai_worker
import engine, random
search = {search!r}
class Busy:
    def choose(self, view, rng):
        while True:
            sum(range(1000))
if search:
    ai_worker.make_agent = lambda level, seed=0: Busy()
worker = ai_worker.AIWorker()
worker.start()
if search:
    worker.ask(ai_worker.Job("easy", 1, engine.new_game(players=["red", "blue"], seed=1).view("red"),
               random.Random(1)))
print(worker.pid, flush=True)
time.sleep(600)
"""


def pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:       # a zombie is dead too
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def worker_outlives_client(search: bool) -> tuple[str | None, float]:
    """Start a client process with a worker (idle, or `search`ing forever), kill -9 the client;
    (failure, seconds the worker took to end)."""
    client = subprocess.Popen([sys.executable, "-c", _CLIENT.format(root=str(ROOT), search=search)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert client.stdout is not None
        pid = int(client.stdout.readline())
        time.sleep(0.3)                      # the search (if any) is under way
    finally:
        client.kill()
        client.wait()
    killed = time.perf_counter()
    while pid_alive(pid) and time.perf_counter() - killed < HANG_S:
        time.sleep(0.02)
    seconds = time.perf_counter() - killed
    if pid_alive(pid):
        os.kill(pid, signal.SIGKILL)
        return f"the worker {pid} outlived its killed client by {HANG_S:g} s", seconds
    return None, seconds


WORKER_SECONDS: list[float] = []     # how long each worker took to end, for soak's figures


def _signals_client_killed(search: bool) -> Callable[[Path], str | None]:
    def check(tmp: Path) -> str | None:
        problem, seconds = worker_outlives_client(search)
        WORKER_SECONDS.append(seconds)
        if problem is None and seconds > WORKER_GRACE_S and os.environ.get("HOSTILE_TIMINGS") == "1":
            return f"the worker ended {seconds:.2f} s after its client (at most {WORKER_GRACE_S:g})"
        return problem
    return check


case("signals", "kill -9 of an idle client ends its AI worker")(_signals_client_killed(False))
case("signals", "kill -9 of a client mid-search ends its AI worker")(_signals_client_killed(True))


@case("signals", "a worker stopped with SIGSTOP is replaced by the watchdog")
def _signals_sigstop(tmp: Path) -> str | None:
    from game.match import ai_worker
    worker = ai_worker.AIWorker(watchdog_s=0.5)
    try:
        game = engine.new_game(players=["red", "blue"], seed=2)
        view = game.view(game.to_move)
        worker.ask(ai_worker.Job("random", 1, view, random.Random(1)))     # answered: the child is ready
        if worker.wait(HANG_S).move is None:
            return "the worker gave no first answer"
        stopped = worker.pid
        assert stopped is not None
        os.kill(stopped, signal.SIGSTOP)
        worker.ask(ai_worker.Job("random", 1, view, random.Random(1)))
        reply = worker.wait(HANG_S)
        if reply.move is None or worker.restarts != 1 or pid_alive(stopped):
            return f"reply {reply}, restarts {worker.restarts}, stopped worker alive {pid_alive(stopped)}"
        return None if "did not answer" in (reply.notice or "") else f"notice {reply.notice!r}"
    finally:
        worker.close()


def first_of_each_kind() -> list[Case]:
    seen: dict[str, Case] = {}
    for c in CASES:
        seen.setdefault(c.kind, c)
    return list(seen.values())
