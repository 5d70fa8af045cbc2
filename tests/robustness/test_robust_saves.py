"""Saves: round-trips at every decision point, clear one-line errors, files and games left alone."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import engine
from fuzzkit import autosave_round_trip, random_game, snapshot_text
from game.match import saves

SEATS = [{"player": "red", "kind": "human", "name": "Ana"}, {"player": "blue", "kind": "hard", "name": ""},
         {"player": "green", "kind": "easy", "name": "Bo"}]


# --------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_trip_at_every_decision(players: int, data_dir: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """One seeded game per player count (classic with a secret Castillo at 2 and 4 players, short
    without the Veto at 3 and 5): after every decision the autosave loads back to the identical
    game (same state, same cards to come, same record). benchmarks/soak.py --saves N runs the same
    check over N games per player count and every option (both of these at every count among
    them). fsync is skipped here for speed; durability is the crash test's."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    assert autosave_round_trip(players, 1 if players % 2 == 0 else 3) > 50


def test_scenario_game_round_trip(data_dir: Path) -> None:
    game = engine.load_scenario(engine.data.LEVELS_DIR / "scenarios" / "king_first.yaml")
    rng = random.Random(5)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    path = saves.save_slot("scenario", game, None)
    loaded, _ = saves.load_save(path)
    assert loaded == game and loaded.record() == game.record()


def test_meta_and_continue(data_dir: Path) -> None:
    assert saves.continue_info() is None
    game = random_game(3, 4, 60)
    path = saves.autosave(game, SEATS)
    assert path == data_dir / "autosave.json"
    info = saves.continue_info()
    assert info is not None and info.moves == 60 and info.players == ("red", "blue", "green")
    _, meta = saves.load_autosave()
    assert meta.seats[0] == saves.SeatMeta("red", "human", "Ana")
    assert meta.seats[1].kind == "hard" and meta.label == "autosave" and meta.saved_at
    doc = json.loads(path.read_text())
    assert doc["format"] == "el-grande-save" and doc["format_version"] == 1
    assert doc["game"]["rules_version"] == engine.RULES_VERSION


def test_seat_objects_and_mapping_accepted(data_dir: Path) -> None:
    class Seat:   # the shape of game.seats.Seat
        def __init__(self, player: str, kind: str, name: str = "") -> None:
            self.player, self.kind, self.name = player, kind, name
    game = random_game(2, 1, 10)
    seats = {"red": Seat("red", "human"), "blue": Seat("blue", "greedy", "Bot")}
    saves.autosave(game, seats)
    _, meta = saves.load_autosave()
    assert [s.kind for s in meta.seats] == ["human", "greedy"]
    with pytest.raises(saves.SaveWriteError, match="do not match"):
        saves.autosave(game, [Seat("blue", "human"), Seat("red", "human")])


# --------------------------------------------------------------------------- slots and exports
def test_slots(data_dir: Path) -> None:
    a, b = random_game(4, 1, 30), random_game(2, 2, 90)
    saves.save_slot("Before the King!", a, None)
    saves.save_slot("late", b, None)
    (data_dir / "saves" / ".late.json.abc.tmp").write_text("partial")
    (data_dir / "saves" / "broken.json").write_text("{\"format\": ")
    names = {s.name: s for s in saves.list_slots()}
    assert set(names) == {"Before-the-King", "late", "broken"}
    assert names["Before-the-King"].label == "Before the King!"
    assert names["broken"].error and "broken.json" in names["broken"].error
    assert saves.load_slot("Before the King!")[0] == a
    assert saves.load_slot("late")[0] == b
    assert saves.delete_slot("late") and not saves.delete_slot("late")
    assert "late" not in {s.name for s in saves.list_slots()}
    with pytest.raises(engine.DataError, match="slot name"):
        saves.slot_path("../..")


def test_export_and_read_record(data_dir: Path) -> None:
    game = random_game(5, 9)
    path = saves.export_record(game, None)
    assert path.parent == data_dir / "records"
    doc = json.loads(path.read_text())
    assert doc["record"]["setup"]["seed"] == game.seed and doc["format"] == "el-grande-record"
    record, seats = saves.read_record(path)
    assert engine.replay(record) == game and seats and len(seats) == 5
    bare = data_dir / "bare.json"
    bare.write_text(json.dumps(game.record()))
    assert saves.read_record(bare) == (game.record(), None)
    saved = saves.save_slot("s", game, None)
    assert saves.read_record(saved)[0] == game.record()
    with pytest.raises(engine.DataError, match="exported game record"):
        saves.load_save(path)


# --------------------------------------------------------------------------- atomic writes
def test_failed_write_keeps_the_old_save(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = random_game(3, 2, 40)
    path = saves.autosave(old)
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(saves.SaveWriteError, match="autosave.json: cannot write the save"):
        saves.autosave(random_game(3, 2, 41))
    assert path.read_bytes() == before
    assert [p.name for p in data_dir.iterdir()] == ["autosave.json"]   # no temporary file left


def test_stale_temp_files_removed(data_dir: Path) -> None:
    saves.autosave(random_game(2, 1, 5))
    stale, fresh = data_dir / ".autosave.json.x.tmp", data_dir / ".autosave.json.y.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(stale, (1, 1))
    assert saves.remove_stale_temp_files() == 1
    assert not stale.exists() and fresh.exists()


# --------------------------------------------------------------------------- bad saves
def _good(data_dir: Path) -> tuple[engine.Game, dict]:
    game = random_game(3, 11, 150)
    saves.autosave(game, SEATS)
    return game, json.loads((data_dir / "autosave.json").read_text())


def _expect_refused(path: Path, *fragments: str) -> str:
    """Load must raise a one-line DataError naming the file; the file and the current game stay."""
    current = random_game(4, 77, 100)
    current_before = snapshot_text(current)
    data_before, stat_before = path.read_bytes(), path.stat()
    with pytest.raises(engine.DataError) as info:
        saves.load_save(path)
    message = str(info.value)
    assert "\n" not in message and len(message) <= 300
    assert message.startswith(path.name), message
    for fragment in fragments:
        assert fragment in message, message
    assert path.read_bytes() == data_before and path.stat().st_mtime_ns == stat_before.st_mtime_ns
    assert snapshot_text(current) == current_before
    return message


def _write(data_dir: Path, name: str, doc: object) -> Path:
    path = data_dir / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return path


def test_corrupt_and_truncated(data_dir: Path) -> None:
    _, doc = _good(data_dir)
    text = json.dumps(doc)
    _expect_refused(_write(data_dir, "trunc.json", text[:len(text) // 2]), "not valid JSON", "truncated")
    _expect_refused(_write(data_dir, "garbage.json", "el grande!"), "not valid JSON")
    _expect_refused(_write(data_dir, "empty.json", ""), "empty")
    _expect_refused(_write(data_dir, "list.json", "[1, 2]"), "expected a JSON object")
    binary = data_dir / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    _expect_refused(binary, "not UTF-8")
    deep = _write(data_dir, "deep.json", "[" * 100000 + "]" * 100000)
    _expect_refused(deep)
    with pytest.raises(engine.DataError, match="no such file"):
        saves.load_save(data_dir / "missing.json")
    with pytest.raises(engine.DataError, match="directory"):
        saves.load_save(data_dir)


def test_wrong_versions(data_dir: Path) -> None:
    _, doc = _good(data_dir)
    doc["game"]["rules_version"] = 3
    _expect_refused(_write(data_dir, "rules.json", doc), "rules_version 3", "expected one of 1, 2")
    _, doc = _good(data_dir)
    doc["game"]["record"]["rules_version"] = 0
    _expect_refused(_write(data_dir, "rules_rec.json", doc), "rules_version 0")
    _, doc = _good(data_dir)
    doc["format_version"] = 7
    _expect_refused(_write(data_dir, "newer.json", doc), "format_version 7", "newer")
    doc["format_version"] = "1"
    _expect_refused(_write(data_dir, "strver.json", doc), "format_version", "integer")
    doc["format_version"], doc["format"] = 1, "something-else"
    _expect_refused(_write(data_dir, "format.json", doc), "'format'", "el-grande-save")


def test_rules_version_1_save_still_loads(data_dir: Path) -> None:
    """docs/rulings.md: a save written before rules version 2 (no rules_version or
    castillo_shown in its state) loads, replayed under version 1, and plays on under it."""
    game, doc = _good(data_dir)
    doc["game"]["rules_version"] = doc["game"]["record"]["rules_version"] = 1
    for added in ("rules_version", "castillo_shown"):
        del doc["game"]["state"][added]
    loaded, _ = saves.load_save(_write(data_dir, "old.json", doc))
    assert loaded.rules_version == 1 and loaded.record()["moves"] == game.record()["moves"]
    assert loaded.record()["rules_version"] == 1
    loaded.play(loaded.legal_moves()[0])


def test_illegal_move_named(data_dir: Path) -> None:
    game, doc = _good(data_dir)
    moves = doc["game"]["record"]["moves"]
    i = next(i for i, m in enumerate(moves) if m.startswith("place "))
    moves[i] = "power 13"
    msg = _expect_refused(_write(data_dir, "illegal.json", doc), f"moves[{i}]", "'power 13'")
    assert "game" in msg
    game, doc = _good(data_dir)
    doc["game"]["record"]["moves"][3] = "fly to the moon"
    _expect_refused(_write(data_dir, "notation.json", doc), "moves[3]", "unknown verb")
    doc["game"]["record"]["moves"][3] = 42
    _expect_refused(_write(data_dir, "nottext.json", doc), "moves[3]", "text")
    _, doc = _good(data_dir)
    del doc["game"]["record"]["moves"][-10:]
    _expect_refused(_write(data_dir, "short.json", doc), "does not match")


@pytest.mark.parametrize("field", ["format", "format_version", "saved_at", "label", "seats", "game"])
def test_missing_top_level_fields(data_dir: Path, field: str) -> None:
    _, doc = _good(data_dir)
    del doc[field]
    _expect_refused(_write(data_dir, f"no_{field}.json", doc), field)


def test_missing_and_wrong_inner_fields(data_dir: Path) -> None:
    cases = [
        (("game", "state"), None, "state"),
        (("game", "record"), None, "record"),
        (("game", "state", "counts"), None, "state.counts"),
        (("game", "record", "moves"), None, "moves"),
        (("game", "record", "setup"), None, "setup"),
        (("game", "record", "setup", "seed"), "7", "seed"),
        (("game", "state", "score_pts"), [99, 0, 0], "state.score_pts"),
        (("seats", 1, "kind"), None, "seats[1].kind"),
        (("seats", 0, "player"), "orange", "seats"),
        (("seats",), [], "seats"),
        (("label",), 5, "label"),
    ]
    for n, (path, value, fragment) in enumerate(cases):
        _, doc = _good(data_dir)
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if value is None:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
        _expect_refused(_write(data_dir, f"inner{n}.json", doc), fragment)
