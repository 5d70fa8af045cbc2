"""The probe's classes of hostile input as parametrised cases, each loaded through the real entry
points (a save: `saves.load_save`; a record: `saves.read_record` and its replay; a scenario:
`engine.load_scenario`): devices, FIFOs, symlink loops, sparse large files, YAML bombs, `!!python`
tags, other encodings, and every field of a record, save and scenario wrong in type and in range.
Each must give one clear line (an `engine.EngineError` naming the file) or load a consistent game:
never another exception, never a hang (pytest's own run would stall; each read is bounded by
engine/files.py)."""
from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest

import engine
from game.match import saves

WRONG = {"text": "zzz", "negative": -1, "huge": 10 ** 30, "float": 1.5, "bool": True, "null": None,
         "list": [[1, 2]], "mapping": {"x": 1}}


def _replay(path: Path) -> engine.Game:
    record, _ = saves.read_record(path)
    return engine.replay(record, path.name)


ENTRY: dict[str, Callable[[Path], Any]] = {
    "save": saves.load_save,
    "record": _replay,
    "scenario": engine.load_scenario,
}


def one_line_or_loads(load: Callable[[Path], Any], path: Path, name: str | None = None) -> None:
    """The loader refuses with one line naming the file, or gives a game whose record replays."""
    try:
        result = load(path)
    except engine.EngineError as exc:
        text = str(exc)
        assert "\n" not in text and (name or path.name) in text, text
        return
    game = result[0] if isinstance(result, tuple) else result
    assert engine.replay(game.record()).key() == game.key()


# --------------------------------------------------------------------------- files
def _sparse(folder: Path) -> Path:
    path = folder / "sparse"
    with open(path, "wb") as out:
        out.truncate(2 * 1024 ** 3)          # 2 GB that take no disk
    return path


def _loop(folder: Path) -> Path:
    (folder / "a").symlink_to(folder / "b")
    (folder / "b").symlink_to(folder / "a")
    return folder / "a"


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "pipe")
    return folder / "pipe"


def _bytes(data: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "file"
        path.write_bytes(data)
        return path
    return make


LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi"))
FILES: dict[str, Callable[[Path], Path]] = {
    "dev-zero": lambda folder: Path("/dev/zero"),
    "dev-null": lambda folder: Path("/dev/null"),
    "fifo": _fifo,
    "symlink-loop": _loop,
    "sparse-2GB": _sparse,
    "folder": lambda folder: folder,
    "billion-laughs": _bytes(LAUGHS.encode()),
    "python-tag": _bytes(b"players: !!python/object/apply:os.system ['echo owned']\n"),
    "python-tag-json": _bytes(b'{"format": !!python/name:os.system ""}'),
    "utf-16": _bytes('{"players": ["red", "blue"], "seed": 1}'.encode("utf-16")),
    "utf-32": _bytes('players: [red, blue]\nseed: 1\n'.encode("utf-32")),
    "latin-1": _bytes('players: [red, blue]\nname: "Espa\u00f1a"\n'.encode("latin-1")),
    "empty": _bytes(b""),
    "nul-bytes": _bytes(b"\x00" * 4096),
}


@pytest.mark.parametrize("entry", sorted(ENTRY))
@pytest.mark.parametrize("kind", sorted(FILES))
def test_every_hostile_file_is_one_line_through_every_entry_point(entry, kind, tmp_path):
    if kind.startswith("dev-") and not Path(f"/dev/{kind[4:]}").exists():
        pytest.skip("no such device here")
    path = FILES[kind](tmp_path)
    with pytest.raises(engine.EngineError) as refused:
        ENTRY[entry](path)
    text = str(refused.value)
    assert "\n" not in text and path.name in text, text
    assert not (tmp_path / "owned").exists()


# --------------------------------------------------------------------------- scenario fields
SCENARIO = {"players": ["red", "blue", "green"], "seed": 1}
PHASES = {"power": {}, "turn": {"played": {"red": 13, "blue": 12, "green": 11}, "to_move": "red"},
          "card": {"played": {"red": 13, "blue": 12, "green": 11}, "to_move": "red"}}
SCENARIO_FIELDS = ["name", "description", "players", "seed", "variant", "veto", "castillo", "dummy", "round",
                   "phase", "to_move", "starter", "king", "grandes", "caballeros", "scores", "hands", "played",
                   "face_up", "scoreboards", "vetoes"]


def test_the_field_list_is_the_loaders():
    from engine.scenario import _KNOWN
    assert set(SCENARIO_FIELDS) == _KNOWN


@pytest.mark.parametrize("phase", sorted(PHASES))
@pytest.mark.parametrize("value", ["zzz", -1, [[1, 2]], {"x": 1}, True], ids=repr)
def test_a_bad_starter_is_refused_in_every_phase(phase, value, tmp_path):
    doc = dict(SCENARIO, phase=phase, starter=value, **PHASES[phase])
    path = tmp_path / "level.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(engine.DataError, match=r"^level.yaml: starter: expected one of the players"):
        engine.load_scenario(path)


@pytest.mark.parametrize("phase", sorted(PHASES))
@pytest.mark.parametrize("wrong", sorted(WRONG))
@pytest.mark.parametrize("field", SCENARIO_FIELDS)
def test_every_scenario_field_wrong_in_type_or_range_is_one_line(field, wrong, phase, tmp_path):
    doc: dict[str, Any] = dict(SCENARIO, phase=phase, **PHASES[phase])
    doc[field] = WRONG[wrong]
    path = tmp_path / "level.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    one_line_or_loads(engine.load_scenario, path)


# --------------------------------------------------------------------------- records and saves
def _game() -> engine.Game:
    game = engine.new_game(players=["red", "blue"], seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    return game


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path of a JSON document (into a list, its first item)."""
    found = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc[:1]) if isinstance(doc, list) else ()
    for key, value in items:
        found.append((*prefix, key))
        found += _paths(value, (*prefix, key))
    return found


def _with(doc: Any, path: tuple, value: Any) -> Any:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


GAME = _game()
RECORD = GAME.record()
SAVE = json.loads(json.dumps(saves.save_document(GAME), default=int))


@pytest.mark.parametrize("wrong", sorted(WRONG))
@pytest.mark.parametrize("field", _paths(RECORD), ids=lambda p: ".".join(map(str, p)))
def test_every_record_field_wrong_in_type_or_range_is_one_line(field, wrong, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_with(RECORD, field, WRONG[wrong])), encoding="utf-8")
    one_line_or_loads(_replay, path)


@pytest.mark.parametrize("wrong", ["text", "negative", "huge", "null", "list"])
@pytest.mark.parametrize("field", [p for p in _paths(SAVE) if p[:3] != ("game", "state", "stacks")],
                         ids=lambda p: ".".join(map(str, p)))
def test_every_save_field_wrong_in_type_or_range_is_one_line(field, wrong, tmp_path):
    path = tmp_path / "save.json"
    path.write_text(json.dumps(_with(SAVE, field, WRONG[wrong])), encoding="utf-8")
    one_line_or_loads(saves.load_save, path)
    one_line_or_loads(_replay, path)
