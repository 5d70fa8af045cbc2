"""Castell's saves: one autosave slot per game in `castell/autosaves/` of the data folder, written
atomically after every decision; named saves (the pause menu's Save) in `castell/saves/`; each
finished game's record in `castell/records/` (the Replays list). Every file is read back
validated (a damaged file is one line naming it, and stays as it is). A save is the game's record
(set-up with the seed, and the move texts) plus the seats; it is replayed on load, so a
hand-edited file that no longer replays is refused.

Why beside El Grande's saves and not in them: El Grande's Continue, Load and slot files read El
Grande records; Castell's live in their own folders, through the same atomic writer, slot names,
listing rows (`saves.SlotInfo`) and hostile-file reader (game/match/saves.py).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ai import castell as ai_castell
from engine import DataError, castell
from game.match import saves
from game.match.saves import SaveWriteError, SlotInfo, data_dir, new_autosave_slot, read_json, write_atomic
from game.match.seats import Seat


FORMAT = "castell-save"
GAME = "castell"
CASTELL_SEAT_KINDS = ("human",) + ai_castell.AGENT_NAMES
VERSION = 1
RECORDS_KEPT = 20                # finished games kept for Replays; older ones pruned

__all__ = ["SaveWriteError", "autosave", "autosave_dir", "document", "new_slot", "read_document",
           "read_file", "unfinished"]


def autosave_dir() -> Path:
    return data_dir() / "castell" / "autosaves"


def slots_dir() -> Path:
    return data_dir() / "castell" / "saves"


def records_dir() -> Path:
    return data_dir() / "castell" / "records"


def slot_path(name: str) -> Path:
    """The file of the named save `name` (the name made a safe file name, as El Grande's)."""
    return saves.slot_path(name, slots_dir())


def new_slot() -> str:
    return new_autosave_slot()


def _slot_path(slot: str) -> Path:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", slot):
        raise DataError(f"castell autosave slot {slot[:70]!r}: expected 1 to 64 letters, digits, - or _")
    return autosave_dir() / f"{slot}.json"


def document(game: castell.Game, seats: list[Seat], label: str = "") -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "record": game.record(), "finished": game.is_over,
            "round": game.round, "label": label,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "seats": [{"player": s.player, "kind": s.kind, "name": s.name} for s in seats]}


def _write(path: Path, doc: dict[str, Any]) -> Path:
    try:
        write_atomic(path, json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError as exc:
        raise SaveWriteError(f"{path.name}: could not be written ({exc.strerror or exc})") from None
    return path


def autosave(doc: dict[str, Any], slot: str, finished: bool = False) -> Path:
    """Write the game's autosave slot atomically; a finished game leaves Continue (its slot is
    removed) for Replays (its record is kept in `records_dir()`). SaveWriteError (one line) when
    the disk refuses."""
    path = _slot_path(slot)
    if not finished:
        return _write(path, doc)
    kept = _write(records_dir() / path.name, doc)
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveWriteError(f"{path.name}: could not be removed ({exc.strerror or exc})") from None
    for old in _newest_first(saves.json_files(records_dir()))[RECORDS_KEPT:]:
        old.unlink(missing_ok=True)
    return kept


def save_as(name: str, doc: dict[str, Any]) -> Path:
    """Write a named save atomically (a save of the same name is replaced: the dialog says so
    first); the document's label is the name as typed."""
    return _write(slot_path(name), dict(doc, label=saves.clean_text(name, saves.LABEL_LIMIT)))


def read_document(doc: Any, name: str = "save") -> tuple[list[Seat], dict[str, Any]]:
    """The seats and the record of a save document, every field checked (DataError names it)."""
    seats, record, _ = _checked(doc, name)
    return seats, record


def _checked(doc: Any, name: str) -> tuple[list[Seat], dict[str, Any], castell.Game]:
    """`read_document`'s seats and record, and the game its record replays to."""
    if not isinstance(doc, dict):
        raise DataError(f"{name}: expected a JSON object at the top level, got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise DataError(f"{name}: format must be {FORMAT!r} (a Castell save), got {doc.get('format')!r}")
    if doc.get("version") != VERSION:
        raise DataError(f"{name}: version {doc.get('version')!r} is not supported (expected {VERSION})")
    for key in ("label", "saved_at"):
        if not isinstance(doc.get(key, ""), str):
            raise DataError(f"{name}: {key} must be text, got {doc.get(key)!r}")
    record = doc.get("record")
    game = castell.replay(record, f"{name}: record")       # every move checked
    seats_doc = doc.get("seats")
    if not isinstance(seats_doc, list) or len(seats_doc) != len(game.players):
        raise DataError(f"{name}: seats must be a list of {len(game.players)} seats")
    seats = []
    for i, (entry, player) in enumerate(zip(seats_doc, game.players)):
        if not isinstance(entry, dict) or entry.get("player") != player:
            raise DataError(f"{name}: seats[{i}] must be the seat of {player}")
        kind, seat_name = entry.get("kind"), entry.get("name", "")
        if kind not in CASTELL_SEAT_KINDS:
            raise DataError(f"{name}: seats[{i}].kind {kind!r} (expected one of {', '.join(CASTELL_SEAT_KINDS)})")
        if not isinstance(seat_name, str) or len(seat_name) > 24:
            raise DataError(f"{name}: seats[{i}].name must be text of at most 24 characters")
        seats.append(Seat(player, kind, seat_name))
    assert isinstance(record, dict)
    return seats, record, game


def read_file(path: Path) -> dict[str, Any]:
    """A save file's document, validated; DataError (one line naming the file) otherwise. Whether
    the game is finished and its round are the record's, not the stored fields: an older
    autosave of a game that ended says "not finished" (finished games kept no record then)."""
    doc = read_json(path)
    _, _, game = _checked(doc, path.name)
    assert isinstance(doc, dict)
    return dict(doc, finished=game.is_over, round=game.round)


def is_castell(doc: Any) -> bool:
    """Whether a parsed file is Castell's: a save of it, or a bare record of its engine."""
    return isinstance(doc, dict) and (doc.get("format") == FORMAT or doc.get("game") == GAME)


def read_record(path: Path) -> tuple[dict[str, Any], list[Seat] | None]:
    """The record of a Castell save or bare record file and its seats when the file names them,
    every move checked; DataError (one line naming the file) otherwise."""
    doc = read_json(path)
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        seats, record = read_document(doc, path.name)
        return record, seats
    castell.replay(doc, path.name)
    assert isinstance(doc, dict)
    return doc, None


def peek(path: Path) -> SlotInfo:
    """A Castell save as the lists show it (game, players, round, when); a damaged one has
    `error` set, never raised."""
    try:
        doc = read_file(path)
        stamp = doc.get("saved_at") or datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat()
    except (DataError, OSError) as exc:
        return SlotInfo(path.stem, path, error=str(exc), game=GAME)
    seats = tuple(saves.SeatMeta(s["player"], s["kind"], s.get("name", "")) for s in doc["seats"])
    return SlotInfo(path.stem, path, str(doc.get("label", "")), stamp, tuple(s.player for s in seats),
                    len(doc["record"]["moves"]), bool(doc.get("finished")), round=int(doc.get("round", 1)),
                    seats=seats, game=GAME)


def _newest_first(paths: list[Path]) -> list[Path]:
    found = []
    for path in paths:
        try:
            found.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    return [path for *_, path in sorted(found, reverse=True)]


def list_slots() -> list[SlotInfo]:
    """Every named Castell save, newest first; damaged files are listed with `error` set."""
    return [peek(path) for path in _newest_first(saves.json_files(slots_dir()))]


def finished_records() -> list[SlotInfo]:
    """The finished games kept for Replays, newest first: their records, and the autosave of a
    game that ended before finished games kept records (Continue no longer offers it)."""
    paths = saves.json_files(records_dir()) + saves.json_files(autosave_dir())
    infos = [peek(path) for path in _newest_first(paths)]
    return [info for info in infos if info.path.parent == records_dir() or info.is_over]


@dataclass(frozen=True)
class Unfinished:
    slot: str
    path: Path
    round: int
    seats: tuple[str, ...]       # "Name (kind)" per seat
    players: tuple[str, ...] = ()
    when: str = ""               # when it was last saved, local time


def delete(slot: str) -> None:
    """Remove an unfinished game's autosave (the Continue list's Delete)."""
    delete_file(_slot_path(slot))


def delete_file(path: Path) -> None:
    """Remove a Castell save file (an autosave, or a named save: Load game's Delete)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveWriteError(f"{path.name}: could not be removed ({exc.strerror or exc})") from None


def unfinished() -> list[Unfinished]:
    """Every readable unfinished Castell autosave, the most recent first (damaged ones skipped)."""
    found = []
    for path in _newest_first(saves.json_files(autosave_dir())):
        info = peek(path)
        if info.error or info.is_over:
            continue
        seats = tuple(f"{s.name or s.player.capitalize()} ({s.kind})" for s in info.seats)
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        found.append(Unfinished(path.stem, path, info.round or 1, seats, info.players, when))
    return found
