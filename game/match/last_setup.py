"""The last set-up chosen (seats: colour, kind, name; the options), remembered across runs in
``setup.json`` in the data folder, so a new game starts from the table played last.

Why its own file and not settings.json: it changes with every game started, and a damaged copy
only costs the defaults. Written atomically; read back field by field, any problem is one line
naming the file and the field, and the defaults are used; the broken file is kept aside as
setup.json.bad (.bad.1, ... for later ones), never written over.

Format: ``{"format": "el-grande-setup", "format_version": 1,
"seats": [{"player": "red", "kind": "human", "name": "Ana"}, ...],
"options": {"variant": "classic", "veto": true, "castillo": "announced", "dummy": false}}``
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import DataError
from game.match import saves
from game.match.seats import COLOURS, SEAT_KINDS, Seat

FORMAT = "el-grande-setup"
FORMAT_VERSION = 1
FILE_NAME = "setup.json"
NAME_LIMIT = 14                 # characters of a seat name the set-up screen takes
MAX_BYTES = 64 * 1024
OPTION_VALUES: dict[str, tuple[Any, ...]] = {"variant": ("classic", "short"), "veto": (True, False),
                                             "castillo": ("announced", "secret"), "dummy": (False, True)}


def default_seats() -> list[Seat]:
    return [Seat(COLOURS[i], kind) for i, kind in enumerate(("human", "normal", "normal", "normal"))]


def default_options() -> dict[str, Any]:
    return {"variant": "classic", "veto": True, "castillo": "announced", "dummy": False}


@dataclass
class LastSetup:
    seats: list[Seat] = field(default_factory=default_seats)
    options: dict[str, Any] = field(default_factory=default_options)
    problem: str | None = None      # why the stored set-up was not used (one line), else None


def path() -> Path:
    return saves.data_dir() / FILE_NAME


def load() -> LastSetup:
    """The remembered set-up; the defaults when there is none or it cannot be used (`problem`)."""
    where = path()
    if not where.exists():
        return LastSetup()
    try:
        doc = saves.read_json(where)
        return LastSetup(*parse(doc))
    except DataError as exc:
        saves.keep_aside(where)        # the next game's set-up would write over it
        return LastSetup(problem=str(exc))


def parse(doc: Any) -> tuple[list[Seat], dict[str, Any]]:
    """Seats and options from a parsed setup.json; a DataError names the field at fault."""
    name = FILE_NAME
    if not isinstance(doc, dict):
        raise DataError(f"{name}: expected a JSON object at the top level")
    if doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        raise DataError(f"{name}: fields 'format' and 'format_version' must be {FORMAT!r} and {FORMAT_VERSION}")
    raw_seats = doc.get("seats")
    if not isinstance(raw_seats, list) or not 2 <= len(raw_seats) <= len(COLOURS):
        raise DataError(f"{name}: field 'seats' must be a list of 2 to {len(COLOURS)} seats")
    seats = [_seat(item, i) for i, item in enumerate(raw_seats)]
    if len({s.player for s in seats}) != len(seats):
        raise DataError(f"{name}: seats: each colour may sit once")
    raw_options = doc.get("options")
    if not isinstance(raw_options, dict):
        raise DataError(f"{name}: field 'options' must be an object with variant, veto and castillo")
    options = {}
    defaults = default_options()
    for key, allowed in OPTION_VALUES.items():
        value = raw_options.get(key, defaults[key])     # an option added since: its default
        if not any(value is a if isinstance(a, bool) else value == a for a in allowed):
            raise DataError(f"{name}: options.{key} must be one of {', '.join(map(json.dumps, allowed))}, "
                            f"got {json.dumps(value)[:40]}")
        options[key] = value
    return seats, options


def _seat(item: Any, i: int) -> Seat:
    if not isinstance(item, dict):
        raise DataError(f"{FILE_NAME}: seats[{i}] must be an object with player, kind and name")
    player, kind, seat_name = item.get("player"), item.get("kind"), item.get("name", "")
    if player not in COLOURS:
        raise DataError(f"{FILE_NAME}: seats[{i}].player must be one of {', '.join(COLOURS)}")
    if kind not in SEAT_KINDS:
        raise DataError(f"{FILE_NAME}: seats[{i}].kind must be one of {', '.join(SEAT_KINDS)}")
    if not isinstance(seat_name, str) or len(seat_name) > NAME_LIMIT or not seat_name.isprintable():
        raise DataError(f"{FILE_NAME}: seats[{i}].name must be printable text of at most {NAME_LIMIT} characters")
    return Seat(player, kind, seat_name)


def save(seats: list[Seat], options: dict[str, Any]) -> str | None:
    """Remember this set-up; the reason when the disk refuses (the game starts all the same)."""
    doc = {"format": FORMAT, "format_version": FORMAT_VERSION,
           "seats": [{"player": s.player, "kind": s.kind, "name": s.name} for s in seats],
           "options": {key: options[key] for key in OPTION_VALUES}}
    try:
        saves.write_atomic(path(), json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError as exc:
        return f"{FILE_NAME}: cannot write ({exc.strerror or exc})"
    return None
