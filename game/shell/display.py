"""Opening the video device, or saying in one line why there is none; the window's first size.

Why a module of its own: without a display SDL either fails with a cryptic error or silently
falls back to its invisible "offscreen" driver (the game then runs on with no window), and the
drivers it tries on the way print their own noise on stderr. The client must instead stop at
once with one clear line (the caller exits with code 2). And a window larger than the desktop opens
cropped, its title bar off the screen (a 1280x800 window on a 1366x768 laptop): the first size is
fitted to the desktop here.
"""
from __future__ import annotations

import os
import sys

import pygame

from game.shell.stderr import HeldStderr

INVISIBLE_DRIVERS = ("offscreen", "dummy")   # fine when asked for (tests, benchmarks), not as a fallback
DESKTOP_MARGIN = (16, 80)    # pixels kept free of a desktop for the window's frame, title bar and task bar


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


def parse_size(text: str) -> tuple[int, int] | None:
    """A "WIDTHxHEIGHT" text (as settings.json keeps the last window size) as a pair; None when
    it is not one of at least 1x1."""
    width, sep, height = text.partition("x")
    if not (sep and width.isdecimal() and height.isdecimal() and len(width) <= 5 and len(height) <= 5):
        return None
    size = (int(width), int(height))
    return size if min(size) >= 1 else None


def fit_to_desktop(wanted: tuple[int, int], desktop: tuple[int, int],
                   minimum: tuple[int, int]) -> tuple[int, int]:
    """The window size to open: `wanted`, shrunk to what the desktop shows with room for the
    window's frame and the task bar; never below `minimum` while the desktop has it (a desktop
    that small gets a window as large as itself)."""
    return tuple(max(min(want, side - margin), min(least, side))   # type: ignore[return-value]
                 for want, side, margin, least in zip(wanted, desktop, DESKTOP_MARGIN, minimum))


def desktop_size() -> tuple[int, int] | None:
    """The first desktop's size in pixels (None when SDL cannot tell)."""
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes and min(sizes[0]) > 0 else None   # type: ignore[return-value]


def first_window_size(remembered: str, default: tuple[int, int], minimum: tuple[int, int],
                      remembered_desktop: str = "") -> tuple[int, int]:
    """The size the window opens at when none is asked for: the last one the player left it at
    (settings), else `default`, fitted to the desktop; `default` again when the desktop is not
    the one that size was left on (`remembered_desktop`: a window fitted to a laptop would stay
    small on a larger monitor). Centres the window too."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    desktop = desktop_size()
    moved = remembered_desktop and desktop is not None and parse_size(remembered_desktop) != desktop
    wanted = (None if moved else parse_size(remembered)) or default
    return wanted if desktop is None else fit_to_desktop(wanted, desktop, minimum)
