"""Saved games: autosave, named slots, exported records; atomic writes and loads that never crash.

Integration (client; no pygame here, every call is cheap enough for a frame handler):

* After every decision (`Match.play` succeeded): ``saves.autosave(match.host_game, match.seats,
  slot=match.autosave_slot)``. Every game has its own autosave slot (``new_autosave_slot()``, a file
  in ``data_dir()/autosaves``; no slot is the single ``autosave.json`` of earlier versions), so a
  new game never replaces an unfinished one. Write errors raise `SaveWriteError` (an
  `engine.DataError`); show a toast and keep playing. A finished game whose final autosave fails
  has its slot set aside (``<slot>.json.ended``): Continue never offers an older position of it.
* Title screen: ``saves.continue_slots()`` lists the unfinished games, most recent first (readable
  autosaves of games not over); ``game, meta = saves.load_save(info.path)`` and rebuild the match
  from ``game`` and ``meta.seats`` (player, kind "human" or an AI level, name), its slot
  ``slot_of(info.path)``. ``keep_as_slot`` copies one to a named save, ``drop_autosave`` removes it. Rebuild the log from
  ``ReplayModel(game.record()).steps`` (each step: player, move text, events) with the client's
  localized ``describe_move`` / ``describe_event``, or take ``.lines()`` (English, engine.describe).
* Slots: ``saves.save_slot(name, game, seats)``, ``saves.list_slots()`` -> [SlotInfo] (broken files
  are listed with ``error`` set, never raised), ``saves.load_slot(name)``, ``saves.delete_slot(name)``.
* ``el-grande --load FILE``: ``game, meta = saves.load_save(FILE)``; on `engine.EngineError` print
  ``str(exc)`` to stderr and exit with status 2.
* Game over: ``saves.export_record(game, seats)`` -> path of a JSON record (seed + moves) in
  ``data_dir()/records``; `game.match.replay_model.ReplayModel.from_file(path)` opens it (and saves too).
* Start-up: ``saves.remove_stale_temp_files()`` deletes temporary files a crash left behind.

Every load error is an `engine.DataError` with a one-line message naming the file, the field and
what was expected (an illegal move is named by its index and text). A failed load reads the file
only, and builds a new game, so it never modifies the file nor the game currently played.

Save file format (JSON, ``format_version`` 1)::

    {"format": "el-grande-save", "format_version": 1, "saved_at": "2026-11-29T19:30:00+00:00",
     "label": "before the King", "seats": [{"player": "red", "kind": "human", "name": "Ana"}, ...],
     "hints_used": 2, "game": <engine to_json() snapshot: rules_version, state, record>}

``hints_used`` (the Hint requests so far, which a challenge's end screen shows) is optional: a
save written before it existed loads as 0.

Exported record format: ``{"format": "el-grande-record", "format_version": 1, "exported_at": ...,
"seats": [...], "record": <engine record(): rules_version, setup (seed...) or scenario, moves>}``.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import engine
from engine import DataError
from engine.files import read_regular
from game.match.seats import SEAT_KINDS
from game.shell.datadir import write_atomic
from net import datadir

SAVE_FORMAT = "el-grande-save"
RECORD_FORMAT = "el-grande-record"
FORMAT_VERSION = 1
AUTOSAVE_NAME = "autosave.json"   # the one slot of earlier versions, still listed and resumed
FINISHED_KEPT = 5                  # finished games' autosaves kept (for Replays); older ones pruned
ENDED_SUFFIX = ".ended"            # a finished game's slot whose final autosave could not be written
MAX_FILE_BYTES = 16 * 1024 * 1024   # a real save is a few tens of kB
NAME_LIMIT = 24                     # characters of a seat name as shown and printed
LABEL_LIMIT = 48                    # characters of a slot label in the list
HINTS_LIMIT = 1_000_000
_MESSAGE_LIMIT = 300
_STALE_SECONDS = 600


class SaveWriteError(DataError):
    """A save could not be written (disk full, no permission, a game that is not serialisable)."""


# --------------------------------------------------------------------------- places
def data_dir() -> Path:
    """The player's data folder: EL_GRANDE_DATA_DIR, else the platform's (`net.datadir`)."""
    return datadir.data_dir()


def autosaves_dir() -> Path:
    return data_dir() / "autosaves"


def new_autosave_slot() -> str:
    """A fresh slot name for a new game: its start time (UTC) and a random tail, so two games
    started in the same second still get their own file."""
    return f"{datetime.now(timezone.utc).strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def autosave_file(slot: str | None) -> Path:
    """The file of an autosave slot; None is the single autosave.json of earlier versions."""
    if slot is None:
        return data_dir() / AUTOSAVE_NAME
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", slot):
        raise DataError(f"autosave slot {slot[:70]!r}: expected 1 to 64 letters, digits, - or _")
    return autosaves_dir() / f"{slot}.json"


def slot_of(path: Path | str | None) -> str | None:
    """The autosave slot a file is (None for autosave.json, a named save or any other file), so a
    resumed game goes on writing where it was read from. The path may be relative or go through
    links (`--load ./x.json` from the autosaves folder is that slot)."""
    if path is None:
        return None
    path = _real(Path(path))
    if path.parent != _real(autosaves_dir()) or path.suffix != ".json":
        return None
    return path.stem if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", path.stem) else None


def is_autosave(path: Path) -> bool:
    """Whether a file is an autosave slot (autosave.json included): a game resumed from it goes
    on in it."""
    return _real(Path(path)) == _real(data_dir() / AUTOSAVE_NAME) or slot_of(path) is not None


def resumed_slot(source: Path | None, fresh: str | None) -> str | None:
    """The slot a game resumed from `source` writes to: the autosave it was read from (so a resume
    never forks the game into a second Continue entry), else its own `fresh` slot (a named save
    or a record opens one new game)."""
    return slot_of(source) if source is not None and is_autosave(source) else fresh


def _real(path: Path) -> Path:
    """`path` absolute with links resolved (as far as they resolve: a loop stays as it is)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def autosave_files() -> list[Path]:
    """Every autosave file (the old autosave.json too), the most recently written first."""
    found = []
    for candidate in [data_dir() / AUTOSAVE_NAME, *json_files(autosaves_dir())]:
        try:
            found.append((candidate.stat().st_mtime_ns, candidate))
        except OSError:
            continue
    return [path for _, path in sorted(found, key=lambda item: (item[0], item[1].name), reverse=True)]


def json_files(directory: Path) -> list[Path]:
    try:
        return [p for p in directory.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return []


def autosave_path() -> Path:
    """The most recently written autosave (the game the error screen's Continue reloads);
    autosave.json's place when there is none."""
    files = autosave_files()
    return files[0] if files else data_dir() / AUTOSAVE_NAME


def slots_dir() -> Path:
    return data_dir() / "saves"


def records_dir() -> Path:
    return data_dir() / "records"


def slot_path(name: str, folder: Path | None = None) -> Path:
    """The file of a named slot (in `folder`, default El Grande's saves); the name is reduced to
    a safe file name (letters, digits, - _)."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", str(name).strip()).strip("-")[:48]
    if not slug:
        raise DataError(f"slot name {name!r}: expected at least one letter or digit")
    return (slots_dir() if folder is None else folder) / f"{slug}.json"


# --------------------------------------------------------------------------- seats
@dataclass(frozen=True)
class SeatMeta:
    """Who sits in a seat: the player colour, "human" or an AI level, and a display name."""
    player: str
    kind: str = "human"
    name: str = ""

    def as_json(self) -> dict[str, str]:
        return {"player": self.player, "kind": self.kind, "name": self.name}


@dataclass(frozen=True)
class SaveMeta:
    """What a save says besides the game: seats, when it was written, the slot label, the file."""
    seats: tuple[SeatMeta, ...]
    saved_at: str
    label: str
    path: Path | None = None
    hints_used: int = 0


def seats_from(seats_meta: Any, game: engine.Game) -> tuple[SeatMeta, ...]:
    """Seat metadata from SeatMeta / dicts / objects with .player .kind .name (e.g. game.seats.Seat),
    as a list or a mapping player -> seat; None means every seat is human."""
    if seats_meta is None:
        return tuple(SeatMeta(p) for p in game.players)
    items = list(seats_meta.values()) if isinstance(seats_meta, Mapping) else list(seats_meta)
    out = []
    for item in items:
        if isinstance(item, SeatMeta):
            out.append(item)
        elif isinstance(item, Mapping):
            out.append(SeatMeta(str(item["player"]), str(item.get("kind", "human")), str(item.get("name", ""))))
        else:
            out.append(SeatMeta(str(item.player), str(getattr(item, "kind", "human")),
                                str(getattr(item, "name", "") or "")))
    if tuple(s.player for s in out) != tuple(game.players):
        raise SaveWriteError(f"seats {[s.player for s in out]} do not match the game's players "
                             f"{list(game.players)}")
    return tuple(out)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def save_document(game: engine.Game, seats_meta: Any = None, label: str = "",
                  hints_used: int = 0) -> dict[str, Any]:
    """The JSON-able save of `game` (see the module docstring for the format)."""
    return {"format": SAVE_FORMAT, "format_version": FORMAT_VERSION, "saved_at": _now(),
            "label": str(label), "seats": [s.as_json() for s in seats_from(seats_meta, game)],
            "hints_used": int(hints_used), "game": game.to_json()}


def _dump(document: dict[str, Any], path: Path) -> bytes:
    try:
        return json.dumps(document, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveWriteError(_one_line(f"{path.name}: the game cannot be saved as JSON ({exc})")) from None


def write_save(path: Path | str, game: engine.Game, seats_meta: Any = None, label: str = "",
               hints_used: int = 0) -> Path:
    """Save `game` to `path` atomically; raises SaveWriteError when it cannot be written."""
    path = Path(path)
    data = _dump(save_document(game, seats_meta, label, hints_used), path)
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise SaveWriteError(_one_line(f"{path}: cannot write the save ({exc.strerror or exc})")) from None
    return path


def autosave(game: engine.Game, seats_meta: Any = None, hints_used: int = 0, slot: str | None = None) -> Path:
    """Write the game's autosave slot ("Continue"); call after every decision. When the game is
    over and the write fails, the slot's older position is set aside (a rename, which needs no
    free space) or removed, so it is never offered as an unfinished game."""
    path = autosave_file(slot)
    try:
        write_save(path, game, seats_meta, "autosave", hints_used)
    except SaveWriteError as exc:
        if game.is_over:
            raise SaveWriteError(_one_line(f"{exc} - {_retire(path)}")) from None
        raise
    if game.is_over:
        _prune_finished()
    return path


def _retire(path: Path) -> str:
    """Take an older position of a finished game out of Continue; says what became of it."""
    aside = path.with_name(path.name + ENDED_SUFFIX)
    try:
        os.replace(path, aside)
        return f"the unfinished position was set aside as {aside.name}"
    except FileNotFoundError:
        return "there was no earlier autosave"
    except OSError:
        pass
    try:
        path.unlink()
        return "the unfinished position was removed"
    except OSError as exc:
        return f"the unfinished position could not be removed either ({exc.strerror or exc})"


def _prune_finished() -> None:
    """Keep the newest FINISHED_KEPT finished games' autosaves (Replays lists them); unfinished
    games are never pruned, only dropped on the player's word (`drop_autosave`)."""
    finished = [path for path in autosave_files() if slot_of(path) and peek(path).is_over]
    for path in finished[FINISHED_KEPT:]:
        try:
            path.unlink()
        except OSError:
            pass


def continue_slots() -> list[SlotInfo]:
    """The unfinished games Continue offers, most recent first: readable autosaves of games that
    are not over (a broken file is never offered, nor changed)."""
    infos = [peek(path) for path in autosave_files()]
    return [info for info in infos if not info.error and not info.is_over]


def keep_as_slot(info: SlotInfo, name: str) -> Path:
    """Copy an autosaved game into a named save (Load game lists it; the autosave stays), under
    `name` or, when a save of that name exists, "name (2)", "name (3)"… — never over another."""
    game, meta = load_save(info.path)
    label, copy = name, 1
    while slot_path(label).exists():
        copy += 1
        label = f"{name} ({copy})"
    return save_slot(label, game, meta.seats, meta.hints_used)


def drop_autosave(info: SlotInfo) -> None:
    """Remove an autosave on the player's word ("replace it" when a new game starts)."""
    try:
        info.path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveWriteError(_one_line(f"{info.path}: cannot delete ({exc.strerror or exc})")) from None


def save_slot(name: str, game: engine.Game, seats_meta: Any = None, hints_used: int = 0) -> Path:
    """Save to a named slot (an existing slot of the same name is replaced)."""
    return write_save(slot_path(name), game, seats_meta, str(name), hints_used)


def delete_slot(name: str) -> bool:
    """Remove a named slot; False when there was none."""
    try:
        slot_path(name).unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise SaveWriteError(_one_line(f"{slot_path(name)}: cannot delete ({exc.strerror or exc})")) from None
    return True


def export_record(game: engine.Game, seats_meta: Any = None, path: Path | str | None = None) -> Path:
    """Write the game's record (setup with seed, or scenario, + move texts) as JSON; returns the path
    (default: data_dir()/records/<time>-<players>.json)."""
    if path is None:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        path = records_dir() / f"{stamp}-{'-'.join(game.players)}.json"
    path = Path(path)
    document = {"format": RECORD_FORMAT, "format_version": FORMAT_VERSION, "exported_at": _now(),
                "seats": [s.as_json() for s in seats_from(seats_meta, game)], "record": game.record()}
    try:
        write_atomic(path, _dump(document, path))
    except OSError as exc:
        raise SaveWriteError(_one_line(f"{path}: cannot write the record ({exc.strerror or exc})")) from None
    return path


def remove_stale_temp_files(max_age_s: float = _STALE_SECONDS) -> int:
    """Delete temporary files older than `max_age_s` that an interrupted write left behind."""
    removed = 0
    now = time.time()
    for directory in (data_dir(), autosaves_dir(), slots_dir(), records_dir()):
        try:
            entries = list(directory.glob(".*.tmp"))
        except OSError:
            continue
        for tmp in entries:
            try:
                if now - tmp.stat().st_mtime > max_age_s:
                    tmp.unlink()
                    removed += 1
            except OSError:
                pass
    return removed


# --------------------------------------------------------------------------- reading
def _one_line(message: str) -> str:
    line = " ".join(str(message).split())
    return line if len(line) <= _MESSAGE_LIMIT else line[:_MESSAGE_LIMIT - 1] + "\u2026"


def _internal(exc: BaseException) -> str:
    """An unexpected engine exception, named for the bug report (see tests/robustness/ENGINE_BUGS.md)."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return f"unexpected {exc.__class__.__name__}: {exc}"


def _fail(message: str) -> DataError:
    return DataError(_one_line(message))


def read_json(path: Path | str) -> Any:
    """The parsed JSON of a file; every failure is a one-line DataError naming the file."""
    path = Path(path)
    name = path.name or str(path)
    try:
        raw = read_regular(path, MAX_FILE_BYTES, "a save file", str(path))
    except DataError as exc:
        raise _fail(str(exc)) from None
    if not raw.strip():
        raise _fail(f"{name}: the file is empty (expected a JSON save)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(f"{name}: not UTF-8 text at byte {exc.start} (expected a JSON save)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        truncated = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        hint = " - the file looks truncated" if truncated else ""
        raise _fail(f"{name}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{hint}") from None
    except (ValueError, RecursionError) as exc:
        raise _fail(f"{name}: not a readable JSON save ({exc.__class__.__name__}: {exc})") from None


def _check_header(doc: Any, name: str, expected_format: str) -> None:
    if not isinstance(doc, dict):
        raise _fail(f"{name}: expected a JSON object at the top level, got {type(doc).__name__}")
    fmt = doc.get("format", None)
    if "format" not in doc:
        raise _fail(f"{name}: field 'format' is missing (expected {expected_format!r})")
    if fmt != expected_format:
        other = {SAVE_FORMAT: "a saved game", RECORD_FORMAT: "an exported game record"}.get(fmt) \
            if isinstance(fmt, str) else None
        extra = f" - this file is {other}" if other else ""
        raise _fail(f"{name}: field 'format' is {fmt!r}, expected {expected_format!r}{extra}")
    version = doc.get("format_version", None)
    if "format_version" not in doc:
        raise _fail(f"{name}: field 'format_version' is missing (expected {FORMAT_VERSION})")
    if type(version) is not int:
        raise _fail(f"{name}: field 'format_version' must be an integer, got {version!r}")
    if version > FORMAT_VERSION:
        raise _fail(f"{name}: format_version {version} is newer than this El Grande reads "
                    f"({FORMAT_VERSION}); update the game")
    if version != FORMAT_VERSION:
        raise _fail(f"{name}: format_version {version} is not supported (expected {FORMAT_VERSION})")


def _read_seats(doc: dict, name: str, players: tuple[str, ...] | None) -> tuple[SeatMeta, ...]:
    if "seats" not in doc:
        raise _fail(f"{name}: field 'seats' is missing (expected a list of seats)")
    raw = doc["seats"]
    if not isinstance(raw, list):
        raise _fail(f"{name}: field 'seats' must be a list of seats, got {type(raw).__name__}")
    seats = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise _fail(f"{name}: seats[{i}] must be an object with player, kind and name")
        values = []
        for key in ("player", "kind", "name"):
            if key not in item:
                raise _fail(f"{name}: seats[{i}].{key} is missing")
            if not isinstance(item[key], str):
                raise _fail(f"{name}: seats[{i}].{key} must be text, got {item[key]!r}")
            values.append(item[key])
        if values[1] not in SEAT_KINDS:
            raise _fail(f"{name}: seats[{i}].kind must be one of {', '.join(SEAT_KINDS)}, got {values[1][:40]!r}")
        seats.append(SeatMeta(values[0], values[1], clean_text(values[2], NAME_LIMIT)))
    if players is not None and tuple(s.player for s in seats) != tuple(players):
        raise _fail(f"{name}: seats list players {[s.player for s in seats]}, expected the game's "
                    f"players {list(players)} in seat order")
    return tuple(seats)


def clean_text(text: str, limit: int) -> str:
    """Text as a panel shows it or --headless prints it: control characters (ANSI escapes
    included) dropped, whitespace runs made one space, at most `limit` characters."""
    text = re.sub(r"\x1b\[[0-?]*[ -/]*[@-~]", "", text)
    text = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c in " \t\n")
    return " ".join(text.split())[:limit]


def _need_text(doc: dict, key: str, name: str) -> str:
    if key not in doc:
        raise _fail(f"{name}: field '{key}' is missing (expected text)")
    value = doc[key]
    if not isinstance(value, str):
        raise _fail(f"{name}: field '{key}' must be text, got {value!r}")
    return value


def _read_hints_used(doc: dict, name: str) -> int:
    """The optional Hint count; a save from before it was stored counts 0."""
    value = doc.get("hints_used", 0)
    if type(value) is not int or not 0 <= value <= HINTS_LIMIT:
        raise _fail(f"{name}: field 'hints_used' must be a whole number 0..{HINTS_LIMIT}, got {repr(value)[:40]}")
    return value


def _guard_record(record: Any, source: str) -> None:
    """A record's scenario must be the scenario itself: the engine would also take a file path
    there and read it (ENGINE_BUGS.md #4), so a save naming /dev/zero could exhaust memory."""
    if isinstance(record, dict) and "scenario" in record and not isinstance(record["scenario"], dict):
        raise _fail(f"{source}.scenario: expected the scenario mapping, got {type(record['scenario']).__name__}")


def parse_save(doc: Any, name: str = "save", path: Path | None = None) -> tuple[engine.Game, SaveMeta]:
    """Validate an already parsed save document; the game is rebuilt by replaying its record and
    checked against the stored state."""
    _check_header(doc, name, SAVE_FORMAT)
    saved_at = clean_text(_need_text(doc, "saved_at", name), LABEL_LIMIT)
    label = clean_text(_need_text(doc, "label", name), LABEL_LIMIT)
    hints_used = _read_hints_used(doc, name)
    if "game" not in doc:
        raise _fail(f"{name}: field 'game' is missing (expected the engine snapshot)")
    if not isinstance(doc["game"], dict):
        raise _fail(f"{name}: field 'game' must be an object (the engine snapshot)")
    _guard_record(doc["game"].get("record"), f"{name}: game.record")
    try:
        game = engine.from_json(doc["game"], source=f"{name}: game")
    except engine.EngineError as exc:
        raise _fail(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - trust boundary: an engine bug must not crash the client
        raise _fail(f"{name}: game: not a valid snapshot ({_internal(exc)})") from None
    seats = _read_seats(doc, name, game.players)
    return game, SaveMeta(seats, saved_at, label, path, hints_used)


def load_save(path: Path | str) -> tuple[engine.Game, SaveMeta]:
    """(game, meta) from a save file; any problem is a one-line engine.DataError."""
    path = Path(path)
    return parse_save(read_json(path), path.name or str(path), path)


def load_autosave() -> tuple[engine.Game, SaveMeta]:
    return load_save(autosave_path())


def load_slot(name: str) -> tuple[engine.Game, SaveMeta]:
    return load_save(slot_path(name))


def read_record(path: Path | str) -> tuple[dict[str, Any], tuple[SeatMeta, ...] | None]:
    """A validated engine record from an exported record, a save file or a bare engine record, and
    the seats when the file names them. The record is replayed, so an illegal move is reported
    (DataError naming the move index and text)."""
    path = Path(path)
    name = path.name or str(path)
    doc = read_json(path)
    if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT:
        game, meta = parse_save(doc, name, path)
        return game.record(), meta.seats
    if isinstance(doc, dict) and "format" in doc:
        _check_header(doc, name, RECORD_FORMAT)
        if "record" not in doc:
            raise _fail(f"{name}: field 'record' is missing (expected the game record)")
        record = doc["record"]
        seats_known = "seats" in doc
    elif isinstance(doc, dict) and not {"setup", "scenario"} & set(doc):
        raise _fail(f"{name}: field 'format' is missing (expected {SAVE_FORMAT!r} or {RECORD_FORMAT!r}, "
                    f"or a bare game record with 'setup' and 'moves')")
    else:
        record, seats_known = doc, False
    _guard_record(record, f"{name}: record" if record is not doc else name)
    try:
        game = engine.replay(record, source=f"{name}: record" if record is not doc else name)
    except engine.EngineError as exc:
        raise _fail(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - trust boundary, as in parse_save
        raise _fail(f"{name}: record: not a valid game record ({_internal(exc)})") from None
    seats = _read_seats(doc, name, game.players) if seats_known else None
    return game.record(), seats


# --------------------------------------------------------------------------- listing
@dataclass(frozen=True)
class SlotInfo:
    """One save file as a menu lists it (of El Grande, or of Castell: `game`); `error` is the
    load error when it is unreadable."""
    name: str
    path: Path
    label: str = ""
    saved_at: str = ""
    players: tuple[str, ...] = ()
    moves: int = 0
    is_over: bool = False
    error: str | None = None
    round: int | None = None
    hints_used: int = 0
    seats: tuple[SeatMeta, ...] = ()
    game: str = "el-grande"


def peek(path: Path | str) -> SlotInfo:
    """Header information without replaying the game (fast enough for a menu); errors go into
    `error`, never raised. `load_save` still verifies everything."""
    path = Path(path)
    try:
        doc = read_json(path)
        _check_header(doc, path.name, SAVE_FORMAT)
        snapshot = doc.get("game")
        state = snapshot.get("state") if isinstance(snapshot, dict) else None
        record = snapshot.get("record") if isinstance(snapshot, dict) else None
        if not isinstance(state, dict) or not isinstance(record, dict):
            raise _fail(f"{path.name}: field 'game' must hold the engine snapshot (state and record)")
        players = state.get("players")
        moves = record.get("moves")
        rounds, idx = state.get("rounds"), state.get("round_idx")
        rnd = rounds[idx] if isinstance(rounds, list) and type(idx) is int and 0 <= idx < len(rounds) else None
        return SlotInfo(path.stem, path, clean_text(str(doc.get("label", "")), LABEL_LIMIT),
                        clean_text(str(doc.get("saved_at", "")), LABEL_LIMIT),
                        tuple(str(p) for p in players) if isinstance(players, list) else (),
                        len(moves) if isinstance(moves, list) else 0,
                        state.get("to_move_idx") == -1, round=rnd if type(rnd) is int else None,
                        hints_used=_read_hints_used(doc, path.name), seats=_read_seats(doc, path.name, None))
    except DataError as exc:
        return SlotInfo(path.stem, path, error=str(exc))


def list_slots() -> list[SlotInfo]:
    """Every named slot, newest first; unreadable files are listed with `error` set."""
    infos = [peek(p) for p in json_files(slots_dir())]
    return sorted(infos, key=lambda s: (s.saved_at, s.name), reverse=True)


def continue_info() -> SlotInfo | None:
    """The most recent unfinished game, or None when there is none to continue."""
    slots = continue_slots()
    return slots[0] if slots else None
