"""Tweens in seconds with named easings: one `Tweener` per scene, advanced by the scene's `update(dt)`.

Why: every animation in the client (flying Caballeros, the walking King, sliding cards, rising
points) is a value moving over time. Keeping them in one registry lets tests advance time by hand,
lets the skip key `finish()` everything, and lets a new tween on the same attribute replace the old.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

Easing = Callable[[float], float]


def _out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def _out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Easing] = {
    "linear": lambda t: t,
    "in_quad": lambda t: t * t,
    "out_quad": lambda t: 1 - (1 - t) * (1 - t),
    "in_out_quad": lambda t: 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2,
    "out_cubic": lambda t: 1 - (1 - t) ** 3,
    "in_out_sine": lambda t: -(math.cos(math.pi * t) - 1) / 2,
    "out_back": _out_back,
    "out_bounce": _out_bounce,
}


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def _mix(start: Any, end: Any, t: float) -> Any:
    if isinstance(start, tuple):
        return tuple(lerp(a, b, t) for a, b in zip(start, end))
    return lerp(start, end, t)


@dataclass
class Tween:
    """Moves `target.attr` from its value at creation to `end` over `duration` seconds."""
    target: Any
    attr: str
    start: Any
    end: Any
    duration: float
    easing: Easing
    delay: float = 0.0
    on_finish: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False

    def step(self, dt: float) -> None:
        self.elapsed += dt
        t = (self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0
        if t < 0:
            return
        if t >= 1:
            self.finish()
            return
        setattr(self.target, self.attr, _mix(self.start, self.end, self.easing(t)))

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        setattr(self.target, self.attr, self.end)
        if self.on_finish:
            self.on_finish()


@dataclass
class Tweener:
    """All running tweens of one scene. `speed` scales time (the animation-speed setting)."""
    speed: float = 1.0
    tweens: list[Tween] = field(default_factory=list)

    def animate(self, target: Any, attr: str, end: Any, duration: float, easing: str = "out_quad",
                delay: float = 0.0, on_finish: Callable[[], None] | None = None) -> Tween:
        """Start a tween; an existing tween on the same (target, attr) is replaced (not finished)."""
        self.tweens = [tw for tw in self.tweens if not (tw.target is target and tw.attr == attr)]
        tween = Tween(target, attr, getattr(target, attr), end, duration, EASINGS[easing], delay,
                      on_finish)
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        scaled = dt * self.speed
        for tween in list(self.tweens):
            tween.step(scaled)
        self.tweens = [tw for tw in self.tweens if not tw.done]

    def finish(self) -> None:
        """Snap every tween to its end (the skip key), running callbacks that may add more."""
        for _ in range(100):
            if not self.tweens:
                return
            pending, self.tweens = self.tweens, []
            for tween in pending:
                tween.finish()

    def cancel(self) -> None:
        """Drop every tween where it stands, without callbacks (the position jumps, e.g. undo)."""
        self.tweens = []

    @property
    def busy(self) -> bool:
        return bool(self.tweens)
