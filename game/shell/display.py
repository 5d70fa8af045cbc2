"""Opening the video device, or saying in one line why there is none.

Why a module of its own: without a display SDL either fails with a cryptic error or silently
falls back to its invisible "offscreen" driver (the game then runs on with no window), and the
drivers it tries on the way print their own noise on stderr. The client must instead stop at
once with one clear line (the caller exits with code 2).
"""
from __future__ import annotations

import os
import sys

import pygame

from game.shell.stderr import HeldStderr

INVISIBLE_DRIVERS = ("offscreen", "dummy")   # fine when asked for (tests, benchmarks), not as a fallback


class NoDisplay(RuntimeError):
    """No video device could be opened."""


def init_video() -> None:
    """Initialise SDL's video; raise NoDisplay when no visible display can be used.

    What the drivers print on stderr while SDL probes them is held back and shown only when a
    display did open (then it may matter); without one the caller's single line is all there is.
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    with HeldStderr() as held:
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as exc:
            raise NoDisplay(f"no display could be opened ({exc})") from None
    if driver in INVISIBLE_DRIVERS and driver not in asked.split(","):
        pygame.display.quit()
        raise NoDisplay("no display could be opened (no X11 or Wayland session found)")
    sys.stderr.write(held.text())
