"""The Castillo reveal: the tower lifts, the Caballeros tumble out and sort by colour, the counts
appear, the Castillo is scored, the discs are shown, then each player's group flies to the region
on his disc (to his court when he picked the King's region). Pushed by the scoring scene."""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

import pygame

from engine import events as E
from game.shell import layout
from game.shell.i18n import area_name, t
from game.render import board, draw, pieces, style
from game.shell.scene import Transition
from game.scenes.scoring import ScoringPrompt


def stage() -> tuple[int, int]:
    """Where the Castillo is lifted and the cubes are counted: the middle of the map."""
    return (layout.MAP_RECT.centerx, layout.MAP_RECT.centery - 10)
CUBE = 16


def castillo_event(event: Any, queue: deque) -> bool:
    """Does the event at the head of the queue belong to the Castillo reveal?"""
    if isinstance(event, E.CastilloOpened):
        return True
    if isinstance(event, E.DiscsRevealed):
        return event.purpose == "castillo"
    if isinstance(event, E.CaballerosMoved):
        return event.source == "castillo"
    if isinstance(event, E.AreaScored):
        return event.area == "castillo"
    if isinstance(event, E.ScoringStarted) and event.kind != "general" and len(queue) > 1:
        nxt = queue[1]
        return isinstance(nxt, E.AreaScored) and nxt.area == "castillo"
    return False


@dataclass
class StageCube:
    """A Caballero out of the tower, in board coordinates (layout.to_board: a resize moves it
    with the map)."""
    player: str
    pos: tuple[float, float]


class CastilloScene(ScoringPrompt):
    name = "castillo"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.cubes: list[StageCube] = []
        self.counts: dict[str, int] = {}
        self.gone: set[str] = set()
        self.discs: dict[str, str] = {}
        self.sorted = False
        self.veil = 0.0
        self.lift = 0.0
        self.closing = False
        self.rng = random.Random(len(self.match.log))

    def column(self, player: str) -> tuple[float, float]:
        order = [p for p in self.match.players if self.counts.get(p)]
        i = order.index(player)
        return (stage()[0] + (i - (len(order) - 1) / 2) * self.spacing(), stage()[1] + 150)

    def spacing(self) -> float:
        """Room between the colour groups: wide enough for a region name under each disc."""
        groups = max(1, len([p for p in self.match.players if self.counts.get(p)]))
        return min(170.0, (layout.MAP_RECT.width - 80) / groups)

    def slot(self, player: str, k: int) -> tuple[float, float]:
        x, y = self.column(player)
        return (x + (k % 5 - 2) * (CUBE + 3), y - (k // 5) * (CUBE + 3))

    def pump(self, event: Any) -> Transition | None:
        if not castillo_event(event, self.match.events) and not isinstance(event, E.ScoringFinished):
            return self.close()
        self.match.events.popleft()
        if isinstance(event, E.CastilloOpened):
            self.open(dict(event.counts))
        elif isinstance(event, E.AreaScored):
            self.score(event)
        elif isinstance(event, E.DiscsRevealed):
            self.discs = dict(event.discs)
            self.ctx.sounds.play("card")
            self.animator.hold(1.6)
        elif isinstance(event, E.CaballerosMoved):
            self.leave(event)
            delay = 0.0
            queue = self.match.events
            while queue and isinstance(queue[0], E.CaballerosMoved) and queue[0].source == "castillo":
                delay += 0.15
                self.leave(queue.popleft(), delay)
        return None

    def open(self, counts: dict[str, int]) -> None:
        """Lift the tower, tumble the cubes out, then sort them into one group per colour."""
        self.counts = {p: n for p, n in counts.items() if n}
        self.tweener.animate(self, "veil", 170.0, 0.5, "out_quad")
        self.tweener.animate(self, "lift", 90.0, 0.8, "out_back")
        self.ctx.sounds.play("reveal")
        self.animator.say(t("castillo.opens"), 1.5)
        if not self.counts:
            self.animator.hold(1.2)
            return
        for player, n in self.counts.items():
            for k in range(n):
                cube = StageCube(player, layout.to_board(stage()))
                self.cubes.append(cube)
                scatter = (stage()[0] + self.rng.uniform(-170, 170), stage()[1] + self.rng.uniform(60, 120))
                self.tweener.animate(cube, "pos", layout.to_board(scatter), 0.6, "out_bounce", delay=0.5 + 0.03 * k)
        self.animator.hold(1.6, self.sort)

    def sort(self) -> None:
        seen: dict[str, int] = {}
        for cube in self.cubes:
            k = seen.get(cube.player, 0)
            seen[cube.player] = k + 1
            self.tweener.animate(cube, "pos", layout.to_board(self.slot(cube.player, k)), 0.6, "in_out_quad",
                                 delay=0.02 * k)
        self.animator.hold(0.9, self._sorted)

    def _sorted(self) -> None:
        self.sorted = True

    def score(self, event: Any) -> None:
        for player, points in event.points:
            if points and player in self.counts:
                x, y = self.column(player)
                self.animator.rise_points("castillo", ((player, points),), origin=(x, y - 40))
        self.animator.move_markers(event.points)
        self.ctx.sounds.play("score")
        self.animator.hold(1.4)

    def leave(self, event: Any, delay: float = 0.0) -> None:
        """One group flies from the stage to its region (or back to the court); every group of
        the reveal leaves together."""
        start = self.column(event.player) if event.player in self.counts else stage()
        self.cubes = [c for c in self.cubes if c.player != event.player]
        self.gone.add(event.player)
        self.animator.fly(event.player, "castillo", event.target, event.count, 0.8, delay=delay, start=start)

    def close(self) -> Transition | None:
        """Lower the tower and fade the stage, then go back to the scoring."""
        if not self.closing:
            self.closing = True
            self.discs = {}
            self.tweener.animate(self, "veil", 0.0, 0.5, "in_quad")
            self.tweener.animate(self, "lift", 0.0, 0.5, "out_bounce")
            return None
        return Transition.pop()

    def settle(self) -> Transition | None:
        return self.close()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.veil > 1:
            veil = draw.layer(layout.MAP_RECT.size)
            veil.fill((20, 14, 10, int(self.veil)))
            draw.blit(surface, veil, layout.MAP_RECT)
        if self.veil < (20 if self.closing else 60):
            return   # the stage appears once the map is veiled (no tower popping over the names)
        pieces.tower(surface, (stage()[0], stage()[1]), self.lift, highlight=True)
        for cube in self.cubes:
            pieces.cube(surface, layout.from_board(cube.pos), CUBE, style.player_colour(cube.player), cube.player)
        if not self.sorted:
            return
        for player, n in self.counts.items():
            if player in self.gone:
                continue
            x, y = self.column(player)
            style.text(surface, f"{self.match.name(player)}: {n}", (x, y + 16), 16, style.PARCHMENT, bold=True,
                       anchor="midtop", shadow=(0, 0, 0))
            region = self.discs.get(player)
            if region:
                board.disc_marker(surface, (x, y - 70), player)
                name = area_name(region)
                style.text(surface, name, (x, y - 52), style.fit_size(name, int(self.spacing()) - 10, 14, True),
                           style.GOLD_LIGHT, bold=True, anchor="midtop", shadow=(0, 0, 0))
