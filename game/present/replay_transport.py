"""The replay viewers' transport, for both games: the five controls, where each one takes the
position, and the timing of play/pause. pygame-free; each scene places and paints the buttons.

Why one piece: El Grande's and Castell's replays step, jump and play alike; only their tables
differ.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.shell.i18n import t

CONTROLS = ("start", "back", "play", "forward", "end")
CONTROL_GLYPHS = {"start": "|◀", "back": "◀", "forward": "▶", "end": "▶|"}
STEP_SECONDS = 0.7      # one move a step while playing, at animation speed 1
SLOWEST = 0.25          # the slowest animation speed a replay plays at


@dataclass(frozen=True)
class Control:
    """A transport button: its name, glyph, whether it may be pressed, whether the pointer is on it."""
    name: str
    glyph: str
    enabled: bool
    hover: bool


class Transport:
    """Whether the replay plays, and how long the move shown has been shown."""

    def __init__(self) -> None:
        self.playing = False
        self.timer = 0.0

    def target(self, where: str, position: int, total: int) -> int:
        """The position a control ("start", "back", "forward", "end") leads to; anything but a
        step forward that stays in the record stops playing."""
        goal = {"start": 0, "end": total, "back": position - 1, "forward": position + 1}[where]
        if where != "forward" or goal >= total:
            self.playing = self.playing and where == "forward" and goal < total
        return max(0, min(total, goal))

    def toggle(self, position: int, total: int) -> int:
        """Play or pause; played at the end, the record starts over: the position to show."""
        start = position >= total
        self.playing = True if start else not self.playing
        self.timer = 0.0
        return 0 if start else position

    def tick(self, dt: float, speed: float) -> bool:
        """Time passes at animation `speed`: whether the next move is due."""
        if not self.playing:
            return False
        self.timer += dt * max(SLOWEST, speed)
        if self.timer < STEP_SECONDS:
            return False
        self.timer = 0.0
        return True

    def wait(self, speed: float) -> float:
        """Seconds until the next move is due (forever while paused)."""
        return max(0.0, STEP_SECONDS - self.timer) / max(SLOWEST, speed) if self.playing else math.inf

    def controls(self, position: int, total: int,
                 hover: Callable[[str], bool] = lambda name: False) -> tuple[Control, ...]:
        """The five buttons as the screen shows them now (`hover`: whether the pointer is on one)."""
        enabled = {"start": position > 0, "back": position > 0, "forward": position < total, "end": position < total}
        return tuple(Control(name, (t("replay.pause") if self.playing else t("replay.play")) if name == "play"
                             else CONTROL_GLYPHS[name], enabled.get(name, True), hover(name)) for name in CONTROLS)
