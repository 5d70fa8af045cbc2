"""General scoring: each area lit in board order, points rising from it, markers moving along the
success track, bonuses called out; the Castillo reveal is pushed on top when the tower opens.
The summary panel of what every area brought follows (game/scenes/play.py puts it up)."""
from __future__ import annotations

from typing import Any

from engine import events as E
from game.shell.i18n import t
from game.shell.scene import Transition
from game.present.waiting import waiting_prompt
from game.scenes.play import PlayScene


class ScoringPrompt(PlayScene):
    """The prompt of the scoring and the Castillo reveal: no "… is thinking" while they are shown
    (that AI thinks about the decision after them)."""

    def prompt(self) -> str:
        if self.my_turn() or self.summary is not None or not self.match.thinking:
            return super().prompt()
        return waiting_prompt(self.match.thinking, bool(self.match.events) or self.tweener.busy, self.match.name)


class ScoringScene(ScoringPrompt):
    name = "scoring"

    def pump(self, event: Any) -> Transition | None:
        from game.scenes.castillo import CastilloScene, castillo_event
        if castillo_event(event, self.match.events):
            return Transition.push(CastilloScene(self.ctx, self.match, self.table))
        self.match.events.popleft()
        if isinstance(event, E.ScoringStarted) and event.kind == "general":
            self.animator.say(t("banner.general_scoring", round=self.table.round), 1.6)
            self.ctx.sounds.play("fanfare")
            self.animator.hold(1.2)
        elif isinstance(event, E.AreaScored):
            self.animator.start(event)
            self.animator.hold(1.3)
        elif not isinstance(event, (E.ScoringStarted, E.ScoringFinished)):
            self.animator.start(event)
        return None
