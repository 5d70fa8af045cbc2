"""Pass-and-play hand-off: a screen that hides the board before and after a human's secret choice
("Pass to Blue — press when ready"), so nobody sees another player's disc."""
from __future__ import annotations

import pygame

from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match.source import MatchSource
from game.shell.i18n import t
from game.render import draw, style
from game.shell.scene import Context, Scene, Transition
from game.scenes.navigation import SCREENS


def ready_button() -> pygame.Rect:
    return layout.in_frame(490, 470, 300, 56)


class HandoffScene(Scene):
    name = "handoff"

    def __init__(self, ctx: Context, match: MatchSource, kind: str, player: str | None) -> None:
        super().__init__(ctx)
        self.match = match
        self.kind = kind
        self.player = player
        self.hover: tuple[int, int] | None = None

    def focus_targets(self) -> list[Target]:
        return of_rects([("ready", ready_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.Kind.CONFIRM or (intent.kind == inp.Kind.CLICK and ready_button().collidepoint(intent.pos)):
            self.match.hand_to(self.player)
            self.ctx.sounds.play("click")
            self.request(Transition.pop())
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        rect = pygame.Rect(0, 0, 640, 320)
        rect.center = layout.in_frame(640, 380, 0, 0).topleft
        style.panel(surface, rect, border=style.GOLD, width=3, radius=14)
        if self.kind == "before" and self.player:
            colour = style.player_colour(self.player)
            draw.circle(surface, colour, (rect.centerx, rect.y + 62), 30)
            draw.circle(surface, style.INK, (rect.centerx, rect.y + 62), 30, 3)
            title = t("handoff.pass_to", who=self.match.name(self.player))
            detail = t("handoff.secret_choice")
        else:
            title = t("handoff.secret_set")
            detail = t("handoff.pass_on")
        style.text(surface, title, (rect.centerx, rect.y + 110), 30, style.INK, bold=True, face="serif",
                   anchor="midtop")
        y: float = rect.y + 162
        for line in style.wrap(detail, rect.width - 120, 16):     # centred, like the title above
            style.text(surface, line, (rect.centerx, y), 16, style.INK_SOFT, anchor="midtop")
            y += style.line_height(16) + 2
        style.button(surface, ready_button(), t("handoff.ready"),
                     hover=bool(self.hover and ready_button().collidepoint(self.hover)), primary=True)


SCREENS.handoff = HandoffScene
