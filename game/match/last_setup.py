"""The last set-up chosen for each game (seats: colour, kind, name; the options), remembered
across runs in the data folder — ``setup.json`` for El Grande, ``castell-setup.json`` for
Castell — so a new game starts from the table played last.

Why its own file and not settings.json: it changes with every game started, and a damaged copy
only costs the defaults. Written atomically; read back field by field, any problem is one line
naming the file and the field, and the defaults are used; the broken file is kept aside as
setup.json.bad (.bad.1, ... for later ones), never written over.

Format: ``{"format": "el-grande-setup", "format_version": 1,
"seats": [{"player": "red", "kind": "human", "name": "Ana"}, ...],
"options": {"variant": "classic", "veto": true, "castillo": "announced", "dummy": false}}``
(Castell's: format "castell-setup", options {"wheel": "standard"}).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai import castell as ai_castell
from engine import DataError
from game.match import saves
from game.match.seats import COLOURS, SEAT_KINDS, Seat
from game.shell.datadir import keep_aside

FORMAT_VERSION = 1
LADDER = ("easy", "normal", "hard", "random", "greedy")     # the seat list: difficulties first
NAME_LIMIT = 14                 # characters of a seat name the set-up screen takes
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class Profile:
    """What a game's set-up offers: its file, seat kinds and count, options and their values
    (the first value of each is the default), and the seats a first game starts with."""
    game: str
    file_name: str
    format: str
    colours: tuple[str, ...]
    seat_kinds: tuple[str, ...]
    max_seats: int
    option_values: dict[str, tuple[Any, ...]]
    first_seats: tuple[str, ...]

    def default_seats(self) -> list[Seat]:
        return [Seat(self.colours[i], kind) for i, kind in enumerate(self.first_seats)]

    def default_options(self) -> dict[str, Any]:
        return {key: values[0] for key, values in self.option_values.items()}


EL_GRANDE = Profile("el-grande", "setup.json", "el-grande-setup", COLOURS, SEAT_KINDS, 5,
                    {"variant": ("classic", "short"), "veto": (True, False),
                     "castillo": ("announced", "secret"), "dummy": (False, True)},
                    ("human", "normal", "normal", "normal"))
CASTELL = Profile("castell", "castell-setup.json", "castell-setup", COLOURS[:4],
                  ("human",) + tuple(sorted(ai_castell.AGENT_NAMES, key=LADDER.index)), 4,
                  {"wheel": ("standard", "advanced")},
                  ("human", "normal", "normal"))
FILE_NAME = EL_GRANDE.file_name
OPTION_VALUES = EL_GRANDE.option_values


def default_seats(profile: Profile = EL_GRANDE) -> list[Seat]:
    return profile.default_seats()


def default_options(profile: Profile = EL_GRANDE) -> dict[str, Any]:
    return profile.default_options()


@dataclass
class LastSetup:
    seats: list[Seat] = field(default_factory=default_seats)
    options: dict[str, Any] = field(default_factory=default_options)
    problem: str | None = None      # why the stored set-up was not used (one line), else None


def path(profile: Profile = EL_GRANDE) -> Path:
    return saves.data_dir() / profile.file_name


def load(profile: Profile = EL_GRANDE) -> LastSetup:
    """The remembered set-up; the defaults when there is none or it cannot be used (`problem`)."""
    where = path(profile)
    if not where.exists():
        return LastSetup(profile.default_seats(), profile.default_options())
    try:
        doc = saves.read_json(where)
        return LastSetup(*parse(doc, profile))
    except DataError as exc:
        keep_aside(where)        # the next game's set-up would write over it
        return LastSetup(profile.default_seats(), profile.default_options(), problem=str(exc))


def parse(doc: Any, profile: Profile = EL_GRANDE) -> tuple[list[Seat], dict[str, Any]]:
    """Seats and options from a parsed set-up file; a DataError names the field at fault."""
    name = profile.file_name
    if not isinstance(doc, dict):
        raise DataError(f"{name}: expected a JSON object at the top level")
    if doc.get("format") != profile.format or doc.get("format_version") != FORMAT_VERSION:
        raise DataError(f"{name}: fields 'format' and 'format_version' must be {profile.format!r} and {FORMAT_VERSION}")
    raw_seats = doc.get("seats")
    if not isinstance(raw_seats, list) or not 2 <= len(raw_seats) <= profile.max_seats:
        raise DataError(f"{name}: field 'seats' must be a list of 2 to {profile.max_seats} seats")
    seats = [_seat(item, i, profile) for i, item in enumerate(raw_seats)]
    if len({s.player for s in seats}) != len(seats):
        raise DataError(f"{name}: seats: each colour may sit once")
    raw_options = doc.get("options")
    if not isinstance(raw_options, dict):
        raise DataError(f"{name}: field 'options' must be an object with {', '.join(profile.option_values)}")
    options = {}
    defaults = profile.default_options()
    for key, allowed in profile.option_values.items():
        value = raw_options.get(key, defaults[key])     # an option added since: its default
        if not any(value is a if isinstance(a, bool) else value == a for a in allowed):
            raise DataError(f"{name}: options.{key} must be one of {', '.join(map(json.dumps, allowed))}, "
                            f"got {json.dumps(value)[:40]}")
        options[key] = value
    return seats, options


def _seat(item: Any, i: int, profile: Profile) -> Seat:
    name = profile.file_name
    if not isinstance(item, dict):
        raise DataError(f"{name}: seats[{i}] must be an object with player, kind and name")
    player, kind, seat_name = item.get("player"), item.get("kind"), item.get("name", "")
    if player not in profile.colours:
        raise DataError(f"{name}: seats[{i}].player must be one of {', '.join(profile.colours)}")
    if kind not in profile.seat_kinds:
        raise DataError(f"{name}: seats[{i}].kind must be one of {', '.join(profile.seat_kinds)}")
    if not isinstance(seat_name, str) or len(seat_name) > NAME_LIMIT or not seat_name.isprintable():
        raise DataError(f"{name}: seats[{i}].name must be printable text of at most {NAME_LIMIT} characters")
    return Seat(player, kind, seat_name)


def save(seats: list[Seat], options: dict[str, Any], profile: Profile = EL_GRANDE) -> str | None:
    """Remember this set-up; the reason when the disk refuses (the game starts all the same)."""
    doc = {"format": profile.format, "format_version": FORMAT_VERSION,
           "seats": [{"player": s.player, "kind": s.kind, "name": s.name} for s in seats],
           "options": {key: options[key] for key in profile.option_values}}
    try:
        saves.write_atomic(path(profile), json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError as exc:
        return f"{profile.file_name}: cannot write ({exc.strerror or exc})"
    return None
