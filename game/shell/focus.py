"""Keyboard focus: Tab / Shift+Tab and the arrow keys move a ring between the targets the top scene
lists, and Enter on the focused one hands the scene a click at its point.

Why a click: a scene's targets are the very rectangles and regions its mouse hit-tests use (in a
game, built from the engine's legal moves through the picker), so a key reaches exactly what the
mouse reaches and no scene keeps a second, keyboard-only path to a choice. The click carries the
key's code (`Intent.key`), so a scene can still tell it came from the keyboard (the play scenes
ignore a key-driven commit in the first moments of a new step).

The keyboard drives from the first Tab or arrow until the mouse moves or clicks; only then is the
ring drawn. When the scene's targets change (a new step), the ring stays on the same target if it
is still there (also after a spell with nothing to focus, e.g. while pieces move), jumps to a
target marked `default` (a staged move's Confirm; a lesson's next click), also when only the mark
moved, else goes to the first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Hashable, Sequence

import pygame

from game.shell import input as inp

if TYPE_CHECKING:
    from game.shell.scene import Scene

Handler = Callable[[inp.Intent], bool]     # what takes an intent: a scene's handle, or the app's

Point = tuple[float, float]

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
POINTER = (inp.Kind.HOVER, inp.Kind.CLICK, inp.Kind.ALT_CLICK, inp.Kind.DRAG)
ACROSS_WEIGHT = 2.0   # arrow keys: a target off the arrow's line counts this much farther away


@dataclass(frozen=True)
class Target:
    """Something a key may choose: `key` identifies it from one frame to the next, `rect` is what
    the ring surrounds (UI units), `point` where Enter clicks (default: the centre), `outline` a
    map region's border for the ring to follow, `adjust` where ← and → click instead of moving
    the ring (a setting's lower / raise halves)."""
    key: Hashable
    rect: pygame.Rect
    point: tuple[int, int] | None = None
    outline: tuple[Point, ...] = ()
    default: bool = False
    adjust: tuple[tuple[int, int], tuple[int, int]] | None = None

    @property
    def centre(self) -> tuple[int, int]:
        return self.point if self.point is not None else self.rect.center


def step(targets: Sequence[Target], current: Target, delta: int) -> Target:
    """Tab order: the next (or previous) target, wrapping round."""
    keys = [t.key for t in targets]
    return targets[(keys.index(current.key) + delta) % len(targets)]


def toward(targets: Sequence[Target], current: Target, direction: tuple[int, int]) -> Target:
    """Arrow keys: the nearest target on the arrow's side, preferring ones in line with it, and
    first those within 45 degrees of the arrow (← from a button goes to the one beside it, not to
    a nearer one below); the current one when nothing lies that way."""
    cx, cy = current.centre
    dx, dy = direction
    best, best_score = current, (True, float("inf"))
    for target in targets:
        x, y = target.centre
        along = (x - cx) * dx + (y - cy) * dy
        if target.key == current.key or along <= 0:
            continue
        across = abs((x - cx) * dy - (y - cy) * dx)
        score = (across > along, along + ACROSS_WEIGHT * across)
        if score < best_score:
            best, best_score = target, score
    return best


class Focus:
    """One per app: whether the keyboard drives, and which of the top scene's targets has the ring."""

    def __init__(self) -> None:
        self.keyboard = False
        self.key: Hashable | None = None
        self.targets: list[Target] = []     # the top scene's, as of the last look
        self._scene: Scene | None = None
        self._keys: tuple | None = None

    def current(self) -> Target | None:
        return next((t for t in self.targets if t.key == self.key), None)

    def sync(self, scene: "Scene") -> bool:
        """Look at the scene's targets again; True when the ring moved to another target."""
        if scene is not self._scene:
            self._scene, self.key, self._keys = scene, None, None
        self.targets = scene.focus_targets()
        keys = tuple(t.key for t in self.targets)
        default = next((t for t in self.targets if t.default), None)
        mark = (keys, default.key if default is not None else None)
        if mark == self._keys:
            return False
        self._keys = mark
        before = self.key
        if default is not None:
            self.key = default.key
        elif self.key not in keys and keys:      # none at all (pieces moving): keep it for after
            self.key = keys[0]
        return self.key != before

    def dispatch(self, scene: "Scene", intent: inp.Intent, handle: Handler) -> None:
        """Hand one intent to the scene, turning focus keys into ring moves and Enter into a click.
        `handle` takes what the scene is given (the app's passes what the scene leaves on to a
        held scene under it)."""
        if intent.kind in POINTER:
            self.keyboard = False          # the mouse takes over; the ring goes out
            handle(intent)
            return
        direction = DIRECTIONS.get(intent.key) if intent.kind in (inp.Kind.STEP_BACK, inp.Kind.STEP_FORWARD, inp.Kind.KEY) \
            and scene.focus_arrows and not scene.text_entry else None
        if intent.kind in (inp.Kind.NEXT, inp.Kind.PREV) or direction:
            self.move(scene, intent, direction, handle)
            return
        if intent.kind == inp.Kind.CONFIRM and intent.key in ACTIVATE_KEYS and self.keyboard and not scene.text_entry:
            self.sync(scene)
            target = self.current()
            if target is not None:
                handle(inp.Intent(inp.Kind.CLICK, target.centre, key=intent.key))
                return
        handle(intent)

    def move(self, scene: "Scene", intent: inp.Intent, direction: tuple[int, int] | None, handle: Handler) -> None:
        """Tab, Shift+Tab or an arrow: the first press shows the ring, later ones move it. A scene
        with nothing to focus gets the key itself (Tab then skips a running animation)."""
        self.sync(scene)
        target = self.current()
        if target is None:
            handle(intent)
            return
        if self.keyboard and target.adjust and direction and direction[1] == 0:
            handle(inp.Intent(inp.Kind.CLICK, target.adjust[direction[0] > 0], key=intent.key))
            return
        if self.keyboard:
            if direction:
                target = toward(self.targets, target, direction)
            else:
                target = step(self.targets, target, -1 if intent.kind == inp.Kind.PREV else 1)
        self.keyboard = True
        self.key = target.key
        handle(inp.Intent(inp.Kind.HOVER, target.centre))   # the scene shows what the pointer would

    def follow(self, scene: "Scene", handle: Handler) -> bool:
        """After each update: keep the ring on a live target; True when it moved (redraw)."""
        if not self.keyboard:
            return False
        if self.sync(scene):
            target = self.current()
            if target is not None:
                handle(inp.Intent(inp.Kind.HOVER, target.centre))
            return True
        return False

    def shown(self, scene: "Scene") -> Target | None:
        """The target to draw the ring around (None while the mouse drives)."""
        return self.current() if self.keyboard and scene is self._scene else None


def of_rects(named: Sequence[tuple[Hashable, pygame.Rect]]) -> list[Target]:
    """Targets for plain buttons: each (key, rect), clicked at its centre."""
    return [Target(key, rect) for key, rect in named]
