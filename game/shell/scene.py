"""Scenes and the transitions between them.

Lifecycle (called by `app.App`, never by scenes themselves):

    enter()   the scene becomes part of the stack (pushed or replacing another)
    pause()   another scene was pushed on top of it
    resume()  the scene on top was popped; this one is on top again
    exit()    the scene leaves the stack

Every frame the top scene gets `handle(intent) -> bool` for each input intent (True = consumed;
the keyboard focus, game/shell/focus.py, turns Tab and arrows into moves between `focus_targets()` and
Enter on one into a click there),
then `update(dt) -> Transition | None` (dt in seconds), then — when something changed — the stack
is drawn bottom-up from the topmost opaque scene with `draw(surface)`, which must not change any
state and lays out in UI units (game.shell.layout), drawing through game.render.draw and style.
What changed: input, a transition, or the top scene's `frame()` (a value of what it shows)
differing from the one drawn last. `redraw_rate()` tells the app how often the top scene must be
redrawn for what moves on its own (a tween, a pulse, a caret, a timer shown). A scene put under
the top one by `Transition.under` is held: the app updates it first, gives it the input the top
scene leaves (handle answered False) and counts its frame and rate. Scenes hold no global
session: what they share (settings, sounds, the match) is passed to their constructors.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.shell.input import Intent

if TYPE_CHECKING:
    from game.shell.assets import Sounds
    from game.shell.focus import Target
    from game.shell.settings import Settings


STILL = 0.0             # redraw only on input or a transition
PULSE = 2.5             # a slow pulse (legal targets, thinking dots, a toast counting down)
CARET = 4.0             # a blinking text caret
MOVING = math.inf       # every frame


@dataclass
class Context:
    """What every scene may use: the settings, the sounds, CLI options for new games, and
    one-line notices (a fault that did not stop play) for the next scene that shows a toast."""
    settings: "Settings"
    sounds: "Sounds"
    options: dict = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)


class TransitionKind(Enum):
    """What a transition does to the scene stack (see Transition)."""
    PUSH = "push"
    POP = "pop"
    REPLACE = "replace"
    RESET = "reset"
    UNDER = "under"
    QUIT = "quit"


@dataclass(frozen=True)
class Transition:
    """push: put `scene` on top; pop: remove the top; replace: swap the top; reset: empty the
    stack, then push `scene` (leaving a game from its pause menu); under: put `scene` right under
    the top, in place of the one there when `swap` (a lesson's match screen, under the lesson's
    layer); quit: end the app."""
    kind: TransitionKind
    scene: "Scene | None" = None
    swap: bool = False

    @staticmethod
    def push(scene: "Scene") -> "Transition":
        return Transition(TransitionKind.PUSH, scene)

    @staticmethod
    def replace(scene: "Scene") -> "Transition":
        return Transition(TransitionKind.REPLACE, scene)

    @staticmethod
    def reset(scene: "Scene") -> "Transition":
        return Transition(TransitionKind.RESET, scene)

    @staticmethod
    def under(scene: "Scene", swap: bool) -> "Transition":
        return Transition(TransitionKind.UNDER, scene, swap)

    @staticmethod
    def pop() -> "Transition":
        return Transition(TransitionKind.POP)

    @staticmethod
    def quit() -> "Transition":
        return Transition(TransitionKind.QUIT)


class Scene:
    """Base class: a name for logs and tests, and no-op lifecycle hooks."""

    name = "scene"
    opaque = True          # False: the scene below is drawn first (overlays, menus)
    text_entry = False     # True while a text field has focus (letters are not shortcuts)
    focus_arrows = True    # False: the scene uses the arrow keys itself (lists, the replay)
    # The keyboard focus ring's painter: drawing is above the shell, so game/render/focus_ring.py
    # sets it when it loads (the scenes load it); unset, no ring is painted.
    paint_ring: ClassVar[Callable[[pygame.Surface, Target], None] | None] = None

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._next: Transition | None = None

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def request(self, transition: Transition) -> None:
        """Remember a transition chosen while handling input; returned by the next update()."""
        self._next = transition

    def take_request(self) -> Transition | None:
        transition, self._next = self._next, None
        return transition

    def handle(self, intent: Intent) -> bool:
        return False

    def focus_targets(self) -> list["Target"]:
        """What Tab and the arrow keys may focus now, each where a click would choose it
        (game/shell/focus.py). The base scene has nothing to focus."""
        return []

    def frame(self) -> object:
        """What the scene shows now as a comparable value, or None. The app draws whenever it
        differs from the frame drawn last, whatever changed it (news from a server, a hand-off,
        an AI move, an animation's end); a scene without one is drawn on input and transitions."""
        return None

    def redraw_rate(self) -> float:
        """Redraws a second needed with no input: STILL (0), a few for a pulse or caret, or
        MOVING (every frame) while something moves. The base scene is still."""
        return STILL

    def poll_interval(self) -> float:
        """Seconds the app may sleep between two update() calls while nothing is redrawn: inf
        leaves it to the app; a scene waiting for a result (an AI move) asks to be polled sooner."""
        return math.inf

    def update(self, dt: float) -> Transition | None:
        return self.take_request()

    def draw_focus(self, surface: pygame.Surface, target: "Target") -> None:
        """The ring around the keyboard focus, painted over draw() while the keyboard drives; a
        scene whose tooltips must stay above the ring paints them again after it."""
        if Scene.paint_ring is not None:
            Scene.paint_ring(surface, target)

    def draw_frame(self, surface: pygame.Surface, frame: object) -> None:
        """Paint `frame`, this scene's `frame()` as the app just compared it (a scene with a frame
        paints it without building it again); changes nothing."""
        self.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; changes nothing. The base scene paints nothing (every real scene
        overrides this)."""
