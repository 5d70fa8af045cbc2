"""General scoring: each area lit in board order, points rising from it, markers moving along the
success track, bonuses called out; the Castillo reveal is pushed on top when the tower opens.
Ends with a summary of what everybody gained."""
from __future__ import annotations

from typing import Any

import pygame

from engine import events as E
from game import input as inp
from game import layout
from game.i18n import t
from game.render import draw, style
from game.scene import Transition
from game.scenes.play import PlayScene, phase_scene

SUMMARY_SECONDS = 4.0


class ScoringScene(PlayScene):
    name = "scoring"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.start_scores = dict(self.table.scores)
        self.summary: float | None = None

    def holding(self) -> bool:
        """The summary stays on screen before the next round's events (its cards, its banner)."""
        return self.summary is not None

    def gained(self, player: str) -> int:
        return self.table.scores.get(player, 0) - self.start_scores.get(player, 0)

    def pump(self, event: Any) -> Transition | None:
        from game.scenes.castillo import CastilloScene, castillo_event
        if castillo_event(event, self.match.events):
            return Transition.push(CastilloScene(self.ctx, self.match, self.table))
        self.match.events.popleft()
        if isinstance(event, E.ScoringStarted) and event.kind == "general":
            self.animator.say(t("banner.general_scoring", round=self.table.round), 1.6)
            self.ctx.sounds.play("fanfare")
            self.animator.hold(1.2)
        elif isinstance(event, E.ScoringFinished) and event.kind == "general":
            self.summary = SUMMARY_SECONDS
        elif isinstance(event, E.AreaScored):
            self.animator.start(event)
            self.animator.hold(1.3)
        elif not isinstance(event, (E.ScoringStarted, E.ScoringFinished)):
            self.animator.start(event)
        return None

    def handle(self, intent: inp.Intent) -> bool:
        if self.summary is not None and intent.kind in (inp.CONFIRM, inp.CLICK):
            self.summary = 0.0
            return True
        return super().handle(intent)

    def update(self, dt: float) -> Transition | None:
        if self.summary is None:
            return super().update(dt)
        self.match.think()          # the next round's first AI decision starts during the summary
        self.tweener.update(dt)
        self.summary -= dt * self.ctx.settings.anim_speed
        request = self.take_request()
        if request or self.summary > 0:
            return request
        if self.match.game.is_over:
            from game.scenes.game_over import GameOverScene
            return Transition.replace(GameOverScene(self.ctx, self.match, self.table))
        return Transition.replace(phase_scene(self.match.game.phase)(self.ctx, self.match, self.table))

    def prompt(self) -> str:
        return t("scoring.prompt") if self.summary is not None else ""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.summary is None:
            return
        players = sorted(self.match.players, key=lambda p: -self.table.scores.get(p, 0))
        rect = pygame.Rect(0, 0, 440, 90 + 36 * len(players))
        rect.center = layout.MAP_RECT.center
        style.panel(surface, rect, border=style.GOLD, width=3)
        style.text(surface, t("scoring.summary", round=self.table.round), (rect.centerx, rect.y + 14), 22,
                   style.INK, bold=True, face="serif", anchor="midtop")
        style.text(surface, t("scoring.this_time"), (rect.right - 130, rect.y + 50), 12, style.INK_SOFT,
                   anchor="midtop")
        style.text(surface, t("scoring.total"), (rect.right - 40, rect.y + 50), 12, style.INK_SOFT,
                   anchor="midtop")
        for i, player in enumerate(players):
            y = rect.y + 72 + i * 36
            draw.rect(surface, style.player_colour(player), (rect.x + 24, y + 4, 18, 18), border_radius=3)
            style.text(surface, self.match.name(player), (rect.x + 54, y), 18, style.INK, bold=True, face="serif")
            style.text(surface, f"+{self.gained(player)}", (rect.right - 130, y), 18, style.INK,
                       bold=True, anchor="midtop")
            style.text(surface, str(self.table.scores.get(player, 0)), (rect.right - 40, y), 18, style.INK,
                       bold=True, anchor="midtop")
