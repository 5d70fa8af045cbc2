"""Player settings (language, volume, mute, animation speed, fullscreen, confirm moves, hints,
the window's last size, the name last used online), saved atomically.

Why a separate module: settings outlive a game and a scene; they are read at start-up and written
whenever the settings menu changes something. The data directory is also where the saved game for
"Continue" lives. Neither a broken file nor a refused write stops the game: a file that cannot be
read (or is not a regular file of at most 64 kB) is kept aside as settings.json.bad (.bad.1,
.bad.2, ... for later ones: never silently overwritten) and the defaults are used; a number out of its range (NaN, a speed of 0) is
replaced by its default with a notice; a failed write keeps the previous file and says why in
`save_error`.
"""
from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from engine import DataError
from engine.files import read_regular
from game.shell.datadir import data_dir, keep_aside, write_atomic

LANGUAGES = ("en", "pt", "ca")
SPEEDS = (0.5, 1.0, 2.0, 4.0)
SPEED_RANGE = (0.25, 8.0)     # what settings.json and --speed may set (the menu offers SPEEDS)
RANGES = {"volume": (0.0, 1.0), "anim_speed": SPEED_RANGE}
MAX_BYTES = 64 * 1024         # a real settings.json is about 200 bytes


def _same_kind(value: object, default: object) -> bool:
    """A stored value is used only if it has the default's type (any number for a float)."""
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return type(value) is type(default)


def _out_of_range(name: str, value: object) -> bool:
    """A number outside its field's range, or not finite (NaN would freeze every animation)."""
    bounds = RANGES.get(name)
    if bounds is None or not isinstance(value, (int, float)):
        return False
    return not (math.isfinite(value) and bounds[0] <= value <= bounds[1])


@dataclass
class Settings:
    language: str = "en"
    volume: float = 0.7
    mute: bool = False
    anim_speed: float = 1.0
    fullscreen: bool = False
    confirm_moves: bool = True   # a human's power card, action card, last placement, disc wait for Confirm
    hints: bool = True           # the Hint button (H): the advisor's three best choices
    palette: str = "classic"     # the pieces' colours: "classic" or "colourblind" (Okabe-Ito)
    ui_scale: float = 1.0        # text and the controls sized from it: 1.0, 1.25 or 1.5
    window: str = ""             # the window's last size out of fullscreen, "WIDTHxHEIGHT" ("": never resized)
    desktop: str = ""            # the desktop's size when `window` was noted, "WIDTHxHEIGHT" ("": unknown)
    online_name: str = ""        # the name last used to host or join an online table (prefills the field)

    def __post_init__(self) -> None:
        self.kept_aside: str | None = None    # the broken file's new name, for the start-up notice
        self.save_error: str | None = None    # why the last save failed (None: it worked)
        self.refused: list[str] = []          # fields whose stored value was out of range

    @classmethod
    def load(cls) -> Settings:
        """Read settings.json; a missing file gives the defaults, a broken one too and is kept
        aside as settings.json.bad (never a crash)."""
        path = data_dir() / "settings.json"
        if not os.path.lexists(path):
            return cls()
        try:
            raw = json.loads(read_regular(path, MAX_BYTES, "a settings file").decode("utf-8"))
        except (DataError, ValueError, RecursionError):
            return cls._broken(path)
        if not isinstance(raw, dict):
            return cls._broken(path)
        defaults = cls()
        usable = {f.name: raw[f.name] for f in fields(cls)
                  if f.name in raw and _same_kind(raw[f.name], getattr(defaults, f.name))}
        refused = sorted(name for name, value in usable.items() if _out_of_range(name, value))
        settings = cls(**{name: value for name, value in usable.items() if name not in refused})
        settings.refused = refused
        if settings.language not in LANGUAGES:
            settings.language = "en"
        return settings

    @classmethod
    def _broken(cls, path: Path) -> Settings:
        """The defaults, with the unreadable file renamed out of the way, numbered after earlier
        broken copies (left in place when the directory refuses the rename; a save there would be
        refused as well)."""
        settings = cls()
        settings.kept_aside = keep_aside(path).name
        return settings

    def save(self) -> bool:
        """Write settings.json atomically; False (and `save_error`) when the disk refuses: the
        previous file is kept and play goes on with the settings as changed."""
        try:
            write_atomic(data_dir() / "settings.json", json.dumps(asdict(self), indent=2).encode("utf-8"))
        except OSError as exc:
            self.save_error = f"{exc.strerror or exc}"
            return False
        self.save_error = None
        return True
