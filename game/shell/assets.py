"""Fonts and sounds shipped in assets/, loaded once and cached.

Why: scenes ask for "a 16 px bold serif" or "the place sound" by name and never touch paths; the
shipped DejaVu fonts render Portuguese and Catalan accents (ç, ã, à, l·l) on every platform.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game.shell.stderr import HeldStderr

ASSET_DIR = Path(__file__).resolve().parents[2] / "assets"
FONT_FILES = {
    ("sans", False): "DejaVuSans.ttf",
    ("sans", True): "DejaVuSans-Bold.ttf",
    ("serif", False): "DejaVuSerif.ttf",
    ("serif", True): "DejaVuSerif-Bold.ttf",
    ("condensed", False): "DejaVuSansCondensed.ttf",
    ("condensed", True): "DejaVuSansCondensed-Bold.ttf",
}
SOUND_NAMES = ("place", "click", "card", "king", "score", "fanfare", "reveal", "error")


@lru_cache(maxsize=None)
def font(size: int, bold: bool = False, face: str = "sans") -> pygame.font.Font:
    """A shipped font at a pixel size; face is sans, serif or condensed."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(ASSET_DIR / "fonts" / FONT_FILES[(face, bold)]), size)


class Sounds:
    """Short effects with one volume and a mute switch; silent when no audio device exists.

    The audio device is opened at the first sound played, never before: by then the window
    exists, and a client that cannot open a display stops without touching audio (whose drivers
    print their own noise when there is no sound card either)."""

    def __init__(self, volume: float = 0.7, mute: bool = False) -> None:
        self.volume = volume
        self.mute = mute
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        self._sounds = {}
        try:
            with HeldStderr():   # a machine without sound plays none, without driver noise
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1)
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(ASSET_DIR / "sounds" / f"{name}.wav"))
        except pygame.error:
            self._sounds = {}
        return self._sounds

    def play(self, name: str) -> None:
        if self.mute or self.volume <= 0:
            return
        sound = (self._sounds if self._sounds is not None else self._load()).get(name)
        if sound is None:
            return
        sound.set_volume(self.volume)
        sound.play()
