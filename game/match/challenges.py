"""Challenge levels: the scenario files in levels/scenarios/ that carry a `name` and a `description`.

Why a module apart from the scene: the title menu's list and the tests read the same entries, and a
file that does not load must become a visible, disabled entry with the engine's one-line error
rather than an exception in a frame.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.files import read_yaml_mapping
from game.shell.i18n import localized

SCENARIOS = Path(__file__).resolve().parents[2] / "levels" / "scenarios"


@dataclass(frozen=True)
class Challenge:
    """One scenario file as the challenge list shows it; `error` set means it cannot be played."""
    path: Path
    name: str
    description: str = ""
    players: tuple[str, ...] = ()
    round: int = 0
    phase: str = "power"
    error: str | None = None


def read_challenge(path: Path) -> Challenge | None:
    """The file as a challenge; None when it is not one (no name and description: a test-only
    scenario). Any load error is kept in the entry, never raised."""
    try:
        header: Any = read_yaml_mapping(path)
    except engine.DataError:
        header = None       # unreadable: the engine's message below says why
    if isinstance(header, dict) and not (header.get("name") and header.get("description")):
        return None
    try:
        game = engine.load_scenario(path)
    except engine.EngineError as exc:
        return Challenge(path, path.stem, error=str(exc))
    return Challenge(path, localized(header["name"]), localized(header["description"]), tuple(game.players),
                     game.round, str(header.get("phase", "power")))


def list_challenges(folder: Path = SCENARIOS) -> list[Challenge]:
    """Every challenge in the folder, in file-name order (files are named to sort sensibly)."""
    try:
        paths = sorted(folder.glob("*.yaml"))
    except OSError:
        return []
    return [c for c in map(read_challenge, paths) if c is not None]
