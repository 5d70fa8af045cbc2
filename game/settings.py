"""Player settings (language, volume, mute, animation speed, fullscreen), saved atomically.

Why a separate module: settings outlive a game and a scene; they are read at start-up and written
whenever the settings menu changes something. The data directory is also where the saved game for
"Continue" lives.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

LANGUAGES = ("en", "pt", "ca")
SPEEDS = (0.5, 1.0, 2.0, 4.0)


def data_dir() -> Path:
    """EL_GRANDE_DATA_DIR (tests), else $XDG_DATA_HOME/el-grande, else ~/.local/share/el-grande."""
    override = os.environ.get("EL_GRANDE_DATA_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "el-grande"


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file in the same directory, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@dataclass
class Settings:
    language: str = "en"
    volume: float = 0.7
    mute: bool = False
    anim_speed: float = 1.0
    fullscreen: bool = False

    @classmethod
    def load(cls) -> "Settings":
        """Read settings.json; a missing or broken file gives the defaults (never a crash)."""
        path = data_dir() / "settings.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name for f in fields(cls)}
        settings = cls(**{k: v for k, v in raw.items() if k in known})
        if settings.language not in LANGUAGES:
            settings.language = "en"
        return settings

    def save(self) -> None:
        write_atomic(data_dir() / "settings.json", json.dumps(asdict(self), indent=2))
