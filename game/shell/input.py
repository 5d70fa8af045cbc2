"""Turns raw pygame events into intents, in logical (1280x800) coordinates.

Why: scenes react to "click at (x, y)", "confirm", "skip animation", "help" — never to key codes or
window pixels — so the scaled window, keyboard shortcuts and the test driver all meet in one place.
A key intent keeps its key code, so a scene can tell a key-driven choice from a mouse click (the
keyboard focus, game/shell/focus.py, turns Enter on a focused target into a click carrying K_RETURN).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

import pygame


class Kind(Enum):
    """What an intent asks for; the values name it in logs and test failures."""

    CLICK = "click"            # left click at pos
    ALT_CLICK = "alt_click"    # right click at pos (per-card help)
    HOVER = "hover"            # mouse moved to pos
    CONFIRM = "confirm"        # Enter / Space / D: done, continue (Enter on a focus ring: that target)
    SKIP = "skip"              # S: skip the special action
    NEXT = "next"              # Tab: the next focus target (finishes running animations when none)
    PREV = "prev"              # Shift+Tab: the previous focus target
    CANCEL = "cancel"          # Escape / P: back, pause
    HELP = "help"              # F1
    HINT = "hint"              # H: the advisor's best choices
    FULLSCREEN = "fullscreen"  # F11
    UNDO = "undo"              # Ctrl+Z: take back your last decision
    STEP_BACK = "step_back"    # Left arrow (replay viewer)
    STEP_FORWARD = "step_fwd"  # Right arrow
    TO_START = "to_start"      # Home
    TO_END = "to_end"          # End
    SCROLL = "scroll"          # mouse wheel: key = +1 up / -1 down
    DRAG = "drag"              # mouse moved to pos with the left button held
    RELEASE = "release"        # left button released at pos
    PAGE_UP = "page_up"        # PgUp: the game log a page back
    PAGE_DOWN = "page_down"    # PgDn
    LOG = "log"                # L: expand / shrink the game log
    MARKS = "marks"            # M: rank badges on every region
    QUIT = "quit"              # window closed
    RESIZE = "resize"
    KEY = "key"                # any other key (text entry in setup)
    SELECT_ALL = "select_all"  # Ctrl+A in a text field


KEYMAP: dict[int, Kind] = {
    pygame.K_RETURN: Kind.CONFIRM, pygame.K_KP_ENTER: Kind.CONFIRM, pygame.K_SPACE: Kind.CONFIRM,
    pygame.K_d: Kind.CONFIRM, pygame.K_s: Kind.SKIP, pygame.K_TAB: Kind.NEXT,
    pygame.K_ESCAPE: Kind.CANCEL, pygame.K_p: Kind.CANCEL, pygame.K_F1: Kind.HELP, pygame.K_h: Kind.HINT,
    pygame.K_F11: Kind.FULLSCREEN, pygame.K_LEFT: Kind.STEP_BACK, pygame.K_RIGHT: Kind.STEP_FORWARD,
    pygame.K_HOME: Kind.TO_START, pygame.K_END: Kind.TO_END, pygame.K_PAGEUP: Kind.PAGE_UP, pygame.K_PAGEDOWN: Kind.PAGE_DOWN,
    pygame.K_l: Kind.LOG, pygame.K_m: Kind.MARKS,
}


@dataclass(frozen=True)
class Intent:
    kind: Kind
    pos: tuple[int, int] = (0, 0)
    key: int = 0
    text: str = ""


STEP_KEYS = {Kind.STEP_BACK: "back", Kind.STEP_FORWARD: "forward", Kind.TO_START: "start",
             Kind.TO_END: "end"}     # a replay's stepping intents and where each takes it (both viewers)


def translate(event: pygame.event.Event,
              to_logical: Callable[[tuple[int, int]], tuple[int, int]],
              text_entry: bool = False) -> Intent | None:
    """One pygame event -> one intent (or None when it means nothing to the client).

    With `text_entry` on (a name field has focus) letter keys arrive as Kind.KEY intents with text.
    """
    if event.type == pygame.QUIT:
        return Intent(Kind.QUIT)
    if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
        return Intent(Kind.RESIZE)
    if event.type == pygame.MOUSEBUTTONDOWN:
        pos = to_logical(event.pos)
        if event.button == 1:
            return Intent(Kind.CLICK, pos)
        if event.button == 3:
            return Intent(Kind.ALT_CLICK, pos)
        return None
    if event.type == pygame.MOUSEWHEEL:
        step = int(getattr(event, "y", 0))
        if getattr(event, "flipped", False):
            step = -step
        return Intent(Kind.SCROLL, key=(step > 0) - (step < 0)) if step else None
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return Intent(Kind.RELEASE, to_logical(event.pos))
    if event.type == pygame.MOUSEMOTION:
        held = bool(getattr(event, "buttons", (0,))[0])
        return Intent(Kind.DRAG if held else Kind.HOVER, to_logical(event.pos))
    if event.type == pygame.KEYDOWN:
        if text_entry and event.key == pygame.K_a and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return Intent(Kind.SELECT_ALL, key=event.key)
        if text_entry and event.key not in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB,
                                            pygame.K_F1, pygame.K_F11):
            return Intent(Kind.KEY, key=event.key, text=getattr(event, "unicode", ""))
        if event.key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return Intent(Kind.UNDO, key=event.key)
        if event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            return Intent(Kind.PREV, key=event.key)
        kind = KEYMAP.get(event.key)
        if kind is not None:
            return Intent(kind, key=event.key)
        return Intent(Kind.KEY, key=event.key, text=getattr(event, "unicode", ""))
    return None
