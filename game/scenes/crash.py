"""The frame loop's last line of defence: an unexpected exception becomes an error screen and a
crash report instead of a traceback and a vanished window.

Why here and not in app.py: the window loop only wraps a frame in try/except and calls
`App.recover`; what a crash report holds and which scene takes over is this module's one job, and
it needs the saves and the error screen, both above the shell: this module sets the hook when the
scenes load (game/scenes/__init__.py).
"""
from __future__ import annotations

import importlib.metadata
import json
import logging
import platform
import re
import sys
import traceback
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import engine
from game.match import saves
from game.scenes import navigation
from game.shell.app import App
from game.shell.scene import Transition

LOG = logging.getLogger("el_grande")
REPORT_FORMAT = "el-grande-crash"
_GAME_DIR = Path(__file__).resolve().parents[1]
_PYPROJECT = _GAME_DIR.parent / "pyproject.toml"


def game_version() -> str:
    """The installed package's version, else the one pyproject.toml names (a source checkout)."""
    try:
        return importlib.metadata.version("el-grande")
    except importlib.metadata.PackageNotFoundError:
        pass
    try:
        found = re.search(r'^version\s*=\s*"([^"]+)"', _PYPROJECT.read_text(encoding="utf-8"), re.MULTILINE)
    except OSError:
        found = None
    return f"{found.group(1)} (source)" if found else "unknown"


def one_line(exc: BaseException) -> str:
    """What failed, in one line: the exception and where in the client it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if Path(f.filename).resolve().is_relative_to(_GAME_DIR)] or frames
    where = f" (in {Path(mine[-1].filename).name}:{mine[-1].lineno}, {mine[-1].name})" if mine else ""
    message = " ".join(str(exc).split()) or "no message"
    line = f"{exc.__class__.__name__}: {message}{where}"
    return line if len(line) <= 240 else line[:239] + "…"


def _match_of(app: App) -> Any:
    """The match of the game being played, if any scene on the stack shows one."""
    for scene in reversed(app.stack):
        match = getattr(scene, "match", None)
        if match is not None and hasattr(match, "crash_facts"):
            return match
    return None


HOLDS = ("the game's set-up, seats and moves as every player saw them: a secret move (a disc set, "
         "a power card taken back) shows as '?', revealed or not; the whole game is in the autosave "
         "named under 'autosave'")


def _game_facts(match: Any) -> dict[str, Any]:
    """Seed, set-up, seats and the public game record (`HOLDS` says so in the report: a report is
    meant to be sent, and the secret moves of a game in progress stay at home in its autosave);
    a part that cannot be read says why instead."""
    if match is None:
        return {"game": None}
    facts: dict[str, Any] = {"holds": HOLDS, "seed": match.seed, "setup": match.setup,
                             "seats": [s.as_json() for s in match.seat_meta()]}
    slot = getattr(match, "autosave_slot", None)
    facts["autosave"] = str(saves.autosave_file(slot)) if getattr(match, "autosave", False) else None
    try:
        facts.update(match.crash_facts())
        facts["record"] = _public(facts["record"])
    except Exception as exc:  # noqa: BLE001 - the report must be written even from a broken game
        facts["record"] = f"unavailable: {exc.__class__.__name__}: {exc}"
    return facts


def _public(record: dict[str, Any]) -> dict[str, Any]:
    """The record with every secret move's argument masked (engine.public_text)."""
    return dict(record, moves=[engine.public_text(engine.parse_move(text)) for text in record["moves"]])


def write_report(exc: BaseException, app: App, match: Any) -> Path:
    """Write the crash report atomically to the data directory; raises OSError when it cannot."""
    now = datetime.now(timezone.utc)
    settings = getattr(getattr(app.stack[-1], "ctx", None), "settings", None) if app.stack else None
    report = {
        "format": REPORT_FORMAT, "version": game_version(), "python": sys.version.split()[0],
        "platform": platform.platform(), "time": now.isoformat(timespec="seconds"),
        "error": one_line(exc), "traceback": traceback.format_exception(type(exc), exc, exc.__traceback__),
        "scenes": app.history[-20:], "settings": asdict(settings) if settings is not None else None,
        **_game_facts(match),
    }
    path = saves.data_dir() / "crashes" / f"crash-{now.strftime('%Y%m%d-%H%M%S-%f')}.json"
    saves.write_atomic(path, json.dumps(report, ensure_ascii=False, indent=1, default=str).encode("utf-8"))
    return path


def recover(app: App, exc: Exception) -> bool:
    """Replace the scene stack by the error screen (report written, its path shown). An error in
    the error screen itself is beyond help and is raised."""
    if app.stack and navigation.is_error(app.scene):
        raise exc
    LOG.error("el-grande: unexpected error, showing the error screen", exc_info=exc)
    match = _match_of(app)
    try:
        report: Path | str = write_report(exc, app, match)
    except (OSError, TypeError, ValueError) as failure:
        report = f"{failure.__class__.__name__}: {getattr(failure, 'strerror', None) or failure}"
    ctx = app.stack[0].ctx
    # Continue resumes this match's own autosave (several games may be under Continue)
    slot = saves.autosave_file(getattr(match, "autosave_slot", None)) if match is not None else None
    resumable = match is not None and match.autosave and slot is not None and slot.exists()
    scene = navigation.error(ctx, one_line(exc), report, resumable, match is not None and bool(match.save_error),
                             slot)
    app.stack.clear()
    app.apply(Transition.push(scene))
    app.running = True
    return True


App.recover = recover
