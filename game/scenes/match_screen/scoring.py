"""The general scoring's modes of the match screen (game/scenes/match_screen/modes.py): each area lit in
board order with its points, and the Castillo reveal staged in the middle of the map."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import events as E
from game.render import board, draw, pieces, style
from game.scenes.match_screen.modes import Flow, Mode, Switch, Take
from game.shell import layout
from game.shell.i18n import area_name, t

if TYPE_CHECKING:
    from game.present.match_frame import Frame
    from game.scenes.play import MatchScene


class ScoringMode(Mode):
    """A general scoring: each area lit in board order, points rising from it, markers moving
    along the success track, bonuses called out; the Castillo reveal takes over when the tower
    opens. The summary panel of what every area brought follows (the screen puts it up)."""

    name = "scoring"

    def pump(self, event: E.Event, queue: Sequence[E.Event]) -> Flow | None:
        screen = self.screen
        if castillo_event(event):
            return Switch(CastilloMode(screen))
        if isinstance(event, E.ScoringStarted) and event.kind == "general":
            screen.animator.say(t("banner.general_scoring", round=screen.table.round), 1.6)
            screen.ctx.sounds.play("fanfare")
            screen.animator.hold(1.2)
        elif isinstance(event, E.AreaScored):
            screen.animator.start(event)
            screen.animator.hold(1.3)
        elif not isinstance(event, (E.ScoringStarted, E.ScoringFinished)):
            screen.animator.start(event)
        return Take()


def stage() -> tuple[int, int]:
    """Where the Castillo is lifted and the cubes are counted: the middle of the map."""
    return (layout.current().map_rect.centerx, layout.current().map_rect.centery - 10)


CUBE = 16


def castillo_event(event: E.Event) -> bool:
    """Does the event belong to the Castillo reveal?"""
    if isinstance(event, E.CastilloOpened):
        return True
    if isinstance(event, E.DiscsRevealed):
        return event.purpose == "castillo"
    if isinstance(event, E.CaballerosMoved):
        return event.source == "castillo"
    if isinstance(event, E.AreaScored):
        return event.area == "castillo"
    return False


@dataclass
class StageCube:
    """A Caballero out of the tower, in board coordinates (layout.to_board: a resize moves it
    with the map)."""
    player: str
    pos: tuple[float, float]


class CastilloMode(Mode):
    """The Castillo reveal: the tower lifts, the Caballeros tumble out and sort by colour, the
    counts appear, the Castillo is scored, the discs are shown, then each player's group flies to
    the region on his disc. The scoring hands over to it and it hands back."""

    name = "castillo"

    def __init__(self, screen: MatchScene) -> None:
        super().__init__(screen)
        self.cubes: list[StageCube] = []
        self.counts: dict[str, int] = {}
        self.gone: set[str] = set()
        self.discs: dict[str, str] = {}
        self.sorted = False
        self.veil = 0.0
        self.lift = 0.0
        self.closing = False
        self.rng = random.Random(screen.match.feed.total)

    def column(self, player: str) -> tuple[float, float]:
        order = [p for p in self.screen.match.players if self.counts.get(p)]
        i = order.index(player)
        return (stage()[0] + (i - (len(order) - 1) / 2) * self.spacing(), stage()[1] + 150)

    def spacing(self) -> float:
        """Room between the colour groups: wide enough for a region name under each disc."""
        groups = max(1, len([p for p in self.screen.match.players if self.counts.get(p)]))
        return min(170.0, (layout.current().map_rect.width - 80) / groups)

    def slot(self, player: str, k: int) -> tuple[float, float]:
        x, y = self.column(player)
        return (x + (k % 5 - 2) * (CUBE + 3), y - (k // 5) * (CUBE + 3))

    def pump(self, event: E.Event, queue: Sequence[E.Event]) -> Flow | None:
        screen = self.screen
        if not castillo_event(event):
            return self.close()
        if isinstance(event, E.CastilloOpened):
            self.open(dict(event.counts))
        elif isinstance(event, E.AreaScored):
            self.score(event)
        elif isinstance(event, E.DiscsRevealed):
            self.discs = dict(event.discs)
            screen.ctx.sounds.play("card")
            screen.animator.hold(1.6)
        elif isinstance(event, E.CaballerosMoved):
            self.leave(event)
            taken = 1
            while taken < len(queue) and isinstance(group := queue[taken], E.CaballerosMoved) \
                    and group.source == "castillo":
                self.leave(group, 0.15 * taken)
                taken += 1
            return Take(taken)
        return Take()

    def open(self, counts: dict[str, int]) -> None:
        """Lift the tower, tumble the cubes out, then sort them into one group per colour."""
        screen = self.screen
        self.counts = {p: n for p, n in counts.items() if n}
        screen.tweener.animate(self, "veil", 170.0, 0.5, "out_quad")
        screen.tweener.animate(self, "lift", 90.0, 0.8, "out_back")
        screen.ctx.sounds.play("reveal")
        screen.animator.say(t("castillo.opens"), 1.5)
        if not self.counts:
            screen.animator.hold(1.2)
            return
        for player, n in self.counts.items():
            for k in range(n):
                cube = StageCube(player, layout.to_board(stage()))
                self.cubes.append(cube)
                scatter = (stage()[0] + self.rng.uniform(-170, 170), stage()[1] + self.rng.uniform(60, 120))
                screen.tweener.animate(cube, "pos", layout.to_board(scatter), 0.6, "out_bounce", delay=0.5 + 0.03 * k)
        screen.animator.hold(1.6, self.sort)

    def sort(self) -> None:
        seen: dict[str, int] = {}
        for cube in self.cubes:
            k = seen.get(cube.player, 0)
            seen[cube.player] = k + 1
            self.screen.tweener.animate(cube, "pos", layout.to_board(self.slot(cube.player, k)), 0.6,
                                        "in_out_quad", delay=0.02 * k)
        self.screen.animator.hold(0.9, self._sorted)

    def _sorted(self) -> None:
        self.sorted = True

    def score(self, event: E.AreaScored) -> None:
        screen = self.screen
        for player, points in event.points:
            if points and player in self.counts:
                x, y = self.column(player)
                screen.animator.rise_points("castillo", ((player, points),), origin=(x, y - 40))
        screen.animator.move_markers(event.points)
        screen.ctx.sounds.play("score")
        screen.animator.hold(1.4)

    def leave(self, event: E.CaballerosMoved, delay: float = 0.0) -> None:
        """One group flies from the stage to its region (or back to the court); every group of
        the reveal leaves together."""
        start = self.column(event.player) if event.player in self.counts else stage()
        self.cubes = [c for c in self.cubes if c.player != event.player]
        self.gone.add(event.player)
        self.screen.animator.fly(event.player, "castillo", event.target, event.count, 0.8, delay=delay, start=start)

    def close(self) -> Flow:
        """Lower the tower and fade the stage, then hand back to the scoring."""
        if not self.closing:
            self.closing = True
            self.discs = {}
            self.screen.tweener.animate(self, "veil", 0.0, 0.5, "in_quad")
            self.screen.tweener.animate(self, "lift", 0.0, 0.5, "out_bounce")
            return Take(0)
        return Switch(ScoringMode(self.screen))

    def settle(self) -> Flow | None:
        return self.close()

    def state(self) -> tuple[object, ...]:
        return (tuple((c.player, c.pos) for c in self.cubes), tuple(sorted(self.counts.items())),
                tuple(sorted(self.gone)), tuple(sorted(self.discs.items())), self.sorted, self.veil, self.lift,
                self.closing)

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        if self.veil > 1:
            veil = draw.layer(layout.current().map_rect.size)
            veil.fill((20, 14, 10, int(self.veil)))
            draw.blit(surface, veil, layout.current().map_rect)
        if self.veil < (20 if self.closing else 60):
            return   # the stage appears once the map is veiled (no tower popping over the names)
        pieces.tower(surface, (stage()[0], stage()[1]), self.lift, highlight=True)
        for cube in self.cubes:
            pieces.cube(surface, layout.from_board(cube.pos), CUBE, style.player_colour(cube.player), cube.player)
        if not self.sorted:
            return
        name = self.screen.match.name
        for player, n in self.counts.items():
            if player in self.gone:
                continue
            x, y = self.column(player)
            style.text(surface, f"{name(player)}: {n}", (x, y + 16), 16, style.PARCHMENT, bold=True,
                       anchor="midtop", shadow=(0, 0, 0))
            region = self.discs.get(player)
            if region:
                board.disc_marker(surface, (x, y - 70), player)
                label = area_name(region)
                style.text(surface, label, (x, y - 52), style.fit_size(label, int(self.spacing()) - 10, 14, True),
                           style.GOLD_LIGHT, bold=True, anchor="midtop", shadow=(0, 0, 0))
