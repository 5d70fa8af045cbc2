"""Castell's saves: one autosave slot per game in `castell/autosaves/` of the data folder, written
atomically after every decision, read back validated (a damaged file is one line and stays as it
is). A save is the game's record (set-up with the seed, and the move texts) plus the seats; it is
replayed on load, so a hand-edited file that no longer replays is refused.

Why beside El Grande's saves and not in them: El Grande's Continue, Load and slot files read El
Grande records; Castell's live in their own folder, through the same atomic writer and the same
hostile-file reader (game/match/saves.py).
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai import castell as ai_castell
from engine import DataError, castell
from game.match.saves import SaveWriteError, data_dir, new_autosave_slot, read_json, write_atomic
from game.match.seats import Seat


FORMAT = "castell-save"
CASTELL_SEAT_KINDS = ("human",) + ai_castell.AGENT_NAMES
VERSION = 1

__all__ = ["SaveWriteError", "autosave", "autosave_dir", "document", "new_slot", "read_document",
           "read_file", "unfinished"]


def autosave_dir() -> Path:
    return data_dir() / "castell" / "autosaves"


def new_slot() -> str:
    return new_autosave_slot()


def _slot_path(slot: str) -> Path:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", slot):
        raise DataError(f"castell autosave slot {slot[:70]!r}: expected 1 to 64 letters, digits, - or _")
    return autosave_dir() / f"{slot}.json"


def document(game: castell.Game, seats: list[Seat]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "record": game.record(), "finished": game.is_over,
            "round": game.round,
            "seats": [{"player": s.player, "kind": s.kind, "name": s.name} for s in seats]}


def autosave(doc: dict[str, Any], slot: str, finished: bool = False) -> Path:
    """Write the game's autosave slot atomically; a finished game's slot is removed (Continue
    offers unfinished games only). SaveWriteError (one line) when the disk refuses."""
    path = _slot_path(slot)
    try:
        if finished:
            path.unlink(missing_ok=True)
            return path
        write_atomic(path, json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError as exc:
        raise SaveWriteError(f"{path.name}: could not be written ({exc.strerror or exc})") from None
    return path


def read_document(doc: Any, name: str = "save") -> tuple[list[Seat], dict[str, Any]]:
    """The seats and the record of a save document, every field checked (DataError names it)."""
    if not isinstance(doc, dict):
        raise DataError(f"{name}: expected a JSON object at the top level, got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise DataError(f"{name}: format must be {FORMAT!r}, got {doc.get('format')!r}")
    if doc.get("version") != VERSION:
        raise DataError(f"{name}: version {doc.get('version')!r} is not supported (expected {VERSION})")
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
    return seats, record


def read_file(path: Path) -> dict[str, Any]:
    """A save file's document, validated; DataError (one line naming the file) otherwise."""
    doc = read_json(path)
    read_document(doc, path.name)
    assert isinstance(doc, dict)
    return doc


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
    try:
        _slot_path(slot).unlink(missing_ok=True)
    except OSError as exc:
        raise SaveWriteError(f"{slot}.json: could not be removed ({exc.strerror or exc})") from None


def unfinished() -> list[Unfinished]:
    """Every readable unfinished Castell autosave, the most recent first (damaged ones skipped)."""
    found = []
    folder = autosave_dir()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            doc = read_file(path)
            mtime = path.stat().st_mtime_ns
        except (DataError, OSError):
            continue
        seats = tuple(f"{s.get('name') or s['player'].capitalize()} ({s['kind']})" for s in doc["seats"])
        when = datetime.fromtimestamp(mtime / 1e9).strftime("%Y-%m-%d %H:%M")
        found.append((mtime, Unfinished(path.stem, path, int(doc.get("round", 1)), seats,
                                        tuple(s["player"] for s in doc["seats"]), when)))
    return [u for _, u in sorted(found, key=lambda item: item[0], reverse=True)]
