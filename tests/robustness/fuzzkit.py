"""Shared by the robustness tests and benchmarks/soak.py: random games, input mutators, fuzz cases.

A fuzz case takes a valid input of one kind (a save, a record, the board YAML, a scenario YAML),
mutates it (bytes, text lines or the parsed tree), writes it to a temporary file and loads it the
way the game does. The outcome is "ok" (it loaded, and a loaded game plays on), "refused" (an
`engine.EngineError`), or a failure: any other exception, or the input file's bytes changed.
"""
from __future__ import annotations

import hashlib
import json
import random
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

import engine
from engine.data import CLASSIC_PATH, LEVELS_DIR, load_board

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # the mutators only; the engine loads
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)   # files its own way
COLOURS = ("red", "blue", "green", "yellow", "orange")
KINDS = ("save", "record", "data", "scenario")


# --------------------------------------------------------------------------- games
def random_game(players: int, seed: int, moves: int | None = None, **options: Any) -> engine.Game:
    """A game after `moves` uniformly random legal moves (None: to the end)."""
    game = engine.new_game(players=list(COLOURS[:players]), seed=seed, **options)
    rng = random.Random(seed * 7919 + players)
    while not game.is_over and (moves is None or moves > 0):
        game.apply(rng.choice(game.legal_moves()))
        if moves is not None:
            moves -= 1
    return game


def autosave_round_trip(players: int, k: int) -> int:
    """Game k (options cycle with k) for this player count, autosaved and loaded back after every
    decision: the loaded game must equal the game, play on identically and, every 40 decisions,
    give the same snapshot byte for byte. Returns the number of decisions (assertions fail)."""
    from game.match import saves
    seed = 1000 * players + k
    options = {"variant": "classic" if k % 5 < 3 else "short", "veto": k % 5 != 3,
               "castillo": ("announced", "secret")[k % 2]}
    game = engine.new_game(players=list(COLOURS[:players]), seed=seed, **options)
    rng = random.Random(seed)
    seats = [{"player": p, "kind": "human" if i == 0 else "normal", "name": f"P{i}"}
             for i, p in enumerate(game.players)]
    decisions = 0
    while True:
        saves.autosave(game, seats)
        loaded, meta = saves.load_autosave()
        assert loaded == game
        assert loaded.record() == game.record()
        assert loaded.legal_moves() == game.legal_moves()
        assert tuple(s.player for s in meta.seats) == game.players
        if decisions % 40 == 0:       # the full snapshot, byte for byte, now and then
            assert snapshot_text(loaded) == snapshot_text(game)
        if game.is_over:
            assert saves.continue_info() is None
            return decisions
        move = rng.choice(game.legal_moves())
        game.play(move)
        loaded.play(move)              # the loaded game goes on identically
        assert loaded == game
        decisions += 1


def snapshot_text(game: engine.Game) -> str:
    """The full JSON snapshot as canonical text, for byte-for-byte comparisons."""
    return json.dumps(game.to_json(), sort_keys=True)


def random_position(rng: random.Random) -> engine.Game:
    players = rng.randint(2, 5)
    options = {"variant": rng.choice(("classic", "short")), "veto": rng.random() < 0.8,
               "castillo": rng.choice(("announced", "secret"))}
    return random_game(players, rng.randrange(10**6), rng.randint(0, 260), **options)


def scenario_from(game: engine.Game) -> dict[str, Any]:
    """A scenario mapping for a game standing at the start of a turn's card choice or a bid."""
    data: dict[str, Any] = {"name": "fuzz base", "players": list(game.players), "seed": game.seed,
                            "round": game.round, "king": game.king, "grandes": game.grandes}
    data["caballeros"] = {p: {a: game.count(p, a) for a in engine.REGIONS + ("castillo", "court")
                              if game.count(p, a)} for p in game.players}
    data["scores"] = dict(game.scores)
    data["hands"] = {p: list(game.hand(p)) for p in game.players}
    played = {p: v for p, v in game.power_played.items()}
    if game.phase == "power":
        data.update(phase="power", to_move=game.to_move, played=played)
    else:
        data.update(phase="card", to_move=game.to_move, played=played, face_up=list(game.face_up))
    boards = {b: r for b, r in game.scoreboards.items() if r}
    if boards:
        data["scoreboards"] = boards
    return data


# --------------------------------------------------------------------------- mutators
_WORDS = (list(engine.REGIONS) + list(COLOURS) + list(engine.CARDS)
          + ["castillo", "court", "provinces", "classic", "short", "secret", "announced", "power",
             "turn", "card", "8-4-0", "4-0-0", "place aragon", "done", "veto", "power 13",
             "court 9", "card king", "move red galicia aragon", "disc granada", "", " ", "\u00e9",
             "\u0000", "None", "null", "true", "1e999", "-1", "0x10", "\ud7ff", "!!python/name:os.system"])
_NUMBERS = (0, 1, -1, 2, 3, 5, 9, 13, 14, 30, 31, 255, -2**31, 2**31, 2**63, 10**30, 1.5, -0.0, 1e308)


def random_value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if r < 0.3:
        return rng.choice(_NUMBERS)
    if r < 0.6:
        return rng.choice(_WORDS)
    if r < 0.7:
        return rng.choice((None, True, False))
    if r < 0.8 or depth > 2:
        return "".join(chr(rng.randint(32, 0x2FF)) for _ in range(rng.randint(0, 12)))
    if r < 0.9:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(_WORDS): random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, prefix + (i,)))
    return out


def _get(node: Any, path: tuple) -> Any:
    for key in path:
        node = node[key]
    return node


def mutate_tree(tree: Any, rng: random.Random) -> Any:
    """One structural change somewhere in a parsed JSON/YAML tree (changed in place and returned)."""
    paths = _paths(tree)
    path = rng.choice(paths)
    if not path:
        return random_value(rng) if rng.random() < 0.2 else tree
    parent, key = _get(tree, path[:-1]), path[-1]
    value = parent[key]
    op = rng.random()
    if op < 0.25:
        parent[key] = random_value(rng)
    elif op < 0.4:
        del parent[key]
    elif op < 0.5 and isinstance(value, (int, float)) and not isinstance(value, bool):
        parent[key] = rng.choice((value + 1, value - 1, -value, value * 1000, str(value), float(value)))
    elif op < 0.6 and isinstance(value, str):
        parent[key] = rng.choice((value.upper(), value[:-1], value + " x", value.replace(" ", "  "),
                                  " ".join(value.split()[:1]), rng.choice(_WORDS)))
    elif op < 0.7 and isinstance(value, list) and value:
        i, j = rng.randrange(len(value)), rng.randrange(len(value))
        choice = rng.random()
        if choice < 0.4:
            value[i], value[j] = value[j], value[i]
        elif choice < 0.7:
            value.insert(i, value[j])
        else:
            del value[i:]
    elif op < 0.8 and isinstance(parent, list):
        parent.insert(key, random_value(rng))
    elif op < 0.9 and isinstance(parent, dict):
        parent[rng.choice(_WORDS) or "x"] = random_value(rng)
    else:
        parent[key] = rng.choice(([value], {"value": value}, None, str(value)))
    return tree


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Byte-level damage: flips, truncation, deletion, duplication, junk."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not buf:
            buf.extend(rng.randbytes(rng.randint(0, 8)))
            continue
        i = rng.randrange(len(buf))
        op = rng.random()
        if op < 0.3:
            buf[i] = rng.randrange(256)
        elif op < 0.5:
            del buf[i:]
        elif op < 0.65:
            del buf[i:i + rng.randint(1, 40)]
        elif op < 0.8:
            j = rng.randrange(len(buf))
            buf[i:i] = buf[j:j + rng.randint(1, 40)]
        else:
            buf[i:i] = rng.choice((b"\x00", b"\xff\xfe", b"{", b"}", b"[", b"]", b",", b":", b'"',
                                   b"\\", b"\n", b"\t", b"- ", b"&a ", b"*a", b"!!", b"~", b"%",
                                   b"'", b"#", b"? ", b"1e999", b"NaN", b"-Infinity"))
    return bytes(buf)


def mutate_lines(text: str, rng: random.Random) -> str:
    """Line-level damage to YAML text: drop, duplicate, swap, re-indent, cut a line."""
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.25:
            del lines[i]
        elif op < 0.45:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op < 0.6:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op < 0.75:
            lines[i] = rng.choice(("  ", "", "    ", "\t")) + lines[i].lstrip(" ")
        elif op < 0.9:
            cut = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:cut] + "\n"
        else:
            lines[i] = lines[i].replace(":", rng.choice((": ", ":", " :", ": [", ": {", ": &x", ": *x")), 1)
    return "".join(lines)


# --------------------------------------------------------------------------- inputs
def base_input(kind: str, rng: random.Random) -> tuple[bytes, str]:
    """A valid input of that kind and its file suffix."""
    from game.match import saves
    if kind == "save":
        game = random_position(rng)
        doc = saves.save_document(game, None, label="fuzz")
        return json.dumps(doc).encode(), ".json"
    if kind == "record":
        game = random_position(rng)
        if rng.random() < 0.5:
            doc = {"format": saves.RECORD_FORMAT, "format_version": 1, "exported_at": "x",
                   "seats": [{"player": p, "kind": "human", "name": ""} for p in game.players],
                   "record": game.record()}
        else:
            doc = game.record()
        return json.dumps(doc).encode(), ".json"
    if kind == "data":
        return CLASSIC_PATH.read_bytes(), ".yaml"
    if kind == "scenario":
        files = sorted((LEVELS_DIR / "scenarios").glob("*.yaml"))
        if files and rng.random() < 0.4:
            return rng.choice(files).read_bytes(), ".yaml"
        game = random_position(rng)
        while game.is_over or game.phase not in ("power", "card"):
            game = random_position(rng)
        return yaml.dump(scenario_from(game), Dumper=_Dumper, allow_unicode=True).encode(), ".yaml"
    raise ValueError(kind)


def mutated_input(kind: str, rng: random.Random) -> tuple[bytes, str]:
    data, suffix = base_input(kind, rng)
    style = rng.random()
    if style < 0.3:
        return mutate_bytes(data, rng), suffix
    if suffix == ".yaml" and style < 0.5:
        return mutate_lines(data.decode("utf-8"), rng).encode("utf-8"), suffix
    tree = json.loads(data) if suffix == ".json" else yaml.load(data, Loader=_Loader)
    for _ in range(rng.randint(1, 3)):
        tree = mutate_tree(tree, rng)
    if suffix == ".json":
        return json.dumps(tree, ensure_ascii=rng.random() < 0.5).encode("utf-8"), suffix
    return yaml.dump(tree, Dumper=_Dumper, allow_unicode=True,
                     default_flow_style=rng.random() < 0.3).encode(), suffix


# --------------------------------------------------------------------------- loading and checking
def _play_on(game: engine.Game, rng: random.Random, moves: int = 150) -> None:
    """A loaded game must go on: legal moves while someone is to move, each one accepted."""
    for _ in range(moves):
        if game.to_move is None:
            return
        legal = game.legal_moves()
        if not legal:
            raise AssertionError(f"no legal moves for {game.to_move} in phase {game.phase}")
        game.play(rng.choice(legal))


def _json_or_none(path: Path) -> Any:
    try:
        return json.loads(path.read_bytes())
    except (ValueError, RecursionError):
        return None


def _engine_alone(call: Callable[[], Any]) -> None:
    """The engine without the client's safety net: only EngineError may come out."""
    try:
        call()
    except engine.EngineError:
        pass


def load_input(kind: str, path: Path, rng: random.Random) -> None:
    """Load a file of that kind the way the game does; raises what the loaders raise."""
    from game.match import saves
    from game.match.replay_model import ReplayModel
    if kind == "save":
        raw = _json_or_none(path)
        if isinstance(raw, dict) and "game" in raw:
            _engine_alone(lambda: engine.from_json(raw["game"], source=path.name))
        game, _ = saves.load_save(path)
        _play_on(game, rng)
    elif kind == "record":
        raw = _json_or_none(path)
        if raw is not None:
            rec = raw.get("record", raw) if isinstance(raw, dict) else raw
            _engine_alone(lambda: engine.replay(rec, path.name))
        model = ReplayModel.from_file(path)
        _play_on(model.game_at(len(model)), rng)
    elif kind == "data":
        load_board(path)
    elif kind == "scenario":
        game = engine.load_scenario(path)
        _play_on(game, rng)
        engine.replay(game.record())
    else:
        raise ValueError(kind)


@dataclass
class Outcome:
    kind: str
    result: str                 # "ok", "refused" or "failure"
    detail: str = ""
    data: bytes = b""
    suffix: str = ""


def run_case(kind: str, rng: random.Random, workdir: Path,
             make: Callable[[str, random.Random], tuple[bytes, str]] = mutated_input) -> Outcome:
    """One fuzz case; never raises for the input's sake (failures are returned)."""
    data, suffix = make(kind, rng)
    path = Path(workdir) / f"case-{kind}{suffix}"
    path.write_bytes(data)
    before = hashlib.sha256(data).hexdigest()
    try:
        load_input(kind, path, random.Random(rng.random()))
        result, detail = "ok", ""
    except engine.EngineError as exc:
        result, detail = "refused", str(exc)
        if "\n" in detail:
            result, detail = "failure", f"multi-line error message: {detail!r}"
        elif path.name not in detail:
            result, detail = "failure", f"error message does not name the file: {detail!r}"
    except Exception as exc:  # noqa: BLE001 - this is what the fuzzer looks for
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        result = "failure"
        detail = f"{exc.__class__.__name__}: {exc} (at {Path(frame.filename).name}:{frame.lineno})"
    if hashlib.sha256(path.read_bytes()).hexdigest() != before:
        result, detail = "failure", "the input file was modified by loading it"
    return Outcome(kind, result, detail[:500], data, suffix)
