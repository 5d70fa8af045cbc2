"""Player settings (language, volume, mute, animation speed, fullscreen, confirm moves), saved
atomically.

Why a separate module: settings outlive a game and a scene; they are read at start-up and written
whenever the settings menu changes something. The data directory is also where the saved game for
"Continue" lives.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from game.saves import data_dir, write_atomic

LANGUAGES = ("en", "pt", "ca")
SPEEDS = (0.5, 1.0, 2.0, 4.0)


def _same_kind(value: object, default: object) -> bool:
    """A stored value is used only if it has the default's type (any number for a float)."""
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return type(value) is type(default)


@dataclass
class Settings:
    language: str = "en"
    volume: float = 0.7
    mute: bool = False
    anim_speed: float = 1.0
    fullscreen: bool = False
    confirm_moves: bool = True   # a human's power card, action card, last placement, disc wait for Confirm

    @classmethod
    def load(cls) -> "Settings":
        """Read settings.json; a missing or broken file gives the defaults (never a crash)."""
        path = data_dir() / "settings.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        defaults = cls()
        settings = cls(**{f.name: raw[f.name] for f in fields(cls)
                          if f.name in raw and _same_kind(raw[f.name], getattr(defaults, f.name))})
        if settings.language not in LANGUAGES:
            settings.language = "en"
        return settings

    def save(self) -> bool:
        """Write settings.json atomically; False when the disk refuses (play goes on unchanged)."""
        try:
            write_atomic(data_dir() / "settings.json", json.dumps(asdict(self), indent=2).encode("utf-8"))
        except OSError:
            return False
        return True
