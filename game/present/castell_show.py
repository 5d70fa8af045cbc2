"""Castell's festival and final scoring, presented over time as El Grande presents its scorings.

Why here: the scene owns a `Show` (tweens on the shared `Tweener` of game/shell/tween.py, so the
animation-speed setting scales it and a key or click `skip`s it like El Grande's), and each frame
carries its `stage()` — a small frozen value, quantised so the app redraws only when something on
screen moves and never while the end state stands. Painting (game/render/castell_overlays.py)
reads the stage; a stage of None is the end state. Every number shown comes from the engine's
event or View (the tower scores, prizes and size token of `FestivalHeld`, the five categories of
`breakdown`); the show only decides how much of each is shown yet. pygame-free.

A festival: the entrants' towers rise level by level, one entrant after the other in the order
they declared, each score counting up with its tower; then the prizes and the size token slide
to their winners; then the new best-tower marks move along the best-tower track; the summary
stays. The final scoring: the five categories fill in player by player, each row's total adding
up, the winner is marked, then the best-tower chart draws.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.castell import events as ev
from engine.castell.describe import CATEGORIES
from game.shell.tween import Tweener

LEVEL_SECONDS = 0.09      # one tower level rising
ENTRANT_GAP = 0.18        # between one entrant's tower and the next
AWARD_SECONDS = 0.7       # the prizes and the size token sliding to their winners
TRACK_SECONDS = 0.6       # the best-tower marks moving on the track
CELL_SECONDS = 0.12       # one category of the final scoring filled in
ROW_GAP = 0.2             # between two players' rows
CHART_SECONDS = 1.2       # the best-tower chart drawing from the first round to the last
STEPS = 20                # a sliding piece's progress is shown in this many steps


@dataclass(frozen=True)
class FestivalStage:
    """How much of a festival's results is shown: per entrant (in `FestivalHeld.entries` order)
    the tower's levels standing and the score counted so far; how far the prizes and the size
    token have slid to their winners and the best-tower marks along the track (0..1, in
    1/STEPS steps)."""
    levels: tuple[int, ...]
    scores: tuple[int, ...]
    awards: float
    track: float


@dataclass(frozen=True)
class FinalStage:
    """How much of the final scoring is shown: the category cells filled (row by row, players in
    the panel's order), whether the winners are marked, and how much of the chart is drawn."""
    cells: int
    winners: bool
    chart: float


Stage = FestivalStage | FinalStage


class _Value:
    """A tween's target: one number moving."""

    def __init__(self) -> None:
        self.value = 0.0


class Show:
    """One festival's or the final scoring's presentation running (made by `festival` or
    `final`): `update` advances it (speed: the animation-speed setting; 0 or less shows the end
    at once), `skip` jumps to its end, `cues` collects the sounds due (the scene plays them),
    `busy` says something still moves. `heights`: the rows' steps (a tower's levels, a player's
    categories), `totals`: the festival's tower scores."""

    def __init__(self, is_final: bool, heights: tuple[int, ...], totals: tuple[int, ...], speed: float) -> None:
        self.is_final = is_final
        self.heights = heights
        self.totals = totals
        self.tweener = Tweener(speed=speed)
        self.cues: list[str] = []
        self._parts: list[_Value] = []

    def add(self, end: float, seconds: float, delay: float, cue: str | None, easing: str = "linear") -> None:
        """One part moving from 0 to `end`; its sound cue is due when it lands."""
        part = _Value()
        self._parts.append(part)
        self.tweener.animate(part, "value", end, seconds, easing, delay,
                             None if cue is None else lambda: self.cues.append(cue))

    # ---- time ----------------------------------------------------------------------------------
    def update(self, dt: float, speed: float) -> None:
        self.tweener.speed = speed
        if speed <= 0:
            self.skip()
        self.tweener.update(dt)

    def skip(self) -> None:
        """Straight to the end state, silently (no burst of every cue at once)."""
        self.tweener.finish()
        self.cues.clear()

    @property
    def busy(self) -> bool:
        return self.tweener.busy

    # ---- what a frame shows --------------------------------------------------------------------
    def stage(self) -> Stage | None:
        """The quantised stage; None once the end state stands (the painter's default)."""
        if not self.busy:
            return None
        values = [p.value for p in self._parts]
        rows = len(self.heights)
        if self.is_final:
            return FinalStage(sum(int(v) for v in values[:rows]), values[rows] >= 1, _step(values[rows + 1]))
        levels = tuple(int(v) for v in values[:rows])
        scores = tuple(round(total * v / height) if height else total
                       for total, v, height in zip(self.totals, values[:rows], self.heights))
        return FestivalStage(levels, scores, _step(values[rows]), _step(values[rows + 1]))


def festival(held: ev.FestivalHeld, speed: float) -> Show:
    """A festival's presentation: the towers one after the other, then the awards, then the track."""
    show = Show(False, tuple(len(tower) for _, tower, _ in held.entries),
                tuple(score for _, _, score in held.entries), speed)
    show.cues.append("fanfare")
    start = 0.0
    for height in show.heights:
        show.add(float(height), height * LEVEL_SECONDS, start, "place")
        start += height * LEVEL_SECONDS + ENTRANT_GAP
    show.add(1.0, AWARD_SECONDS, start, "score" if held.prizes or held.size_token else None, "in_out_quad")
    show.add(1.0, TRACK_SECONDS, start + AWARD_SECONDS, None, "in_out_quad")
    return _started(show)


def final(players: int, speed: float) -> Show:
    """The final scoring's presentation for `players` rows: the categories row by row, the
    winners, then the chart."""
    show = Show(True, (len(CATEGORIES),) * players, (), speed)
    start = 0.0
    for _ in range(players):
        show.add(float(len(CATEGORIES)), len(CATEGORIES) * CELL_SECONDS, start, "score")
        start += len(CATEGORIES) * CELL_SECONDS + ROW_GAP
    show.add(1.0, ROW_GAP, start - ROW_GAP, "fanfare")                  # the winners marked
    show.add(1.0, CHART_SECONDS, start, None, "out_quad")
    return _started(show)


def _started(show: Show) -> Show:
    if show.tweener.speed <= 0:
        show.skip()
    return show


def _step(value: float) -> float:
    return round(value * STEPS) / STEPS


def best_before(players: Sequence[str], events: Sequence[ev.Event], held: ev.FestivalHeld) -> dict[str, int]:
    """Each player's best tower before the festival `held` (its place on the best-tower track as
    the festival opens), read from the festivals held before it."""
    best = dict.fromkeys(players, 0)
    for event in events:
        if event is held:
            break
        if isinstance(event, ev.FestivalHeld):
            best.update(event.new_best)
    return best
