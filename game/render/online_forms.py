"""Drawing and buttons shared by the online screens (host, join, the tables list, the lobby):
a heading over the wood, a labelled text field, and a screen of buttons with a status line and
a request in flight. Here, not in a scene module, so the screens share it without importing each
other (docs/design.md §1: no scene imports another)."""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from game.render import draw, style
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target, of_rects
from game.shell.i18n import t
from game.shell.scene import PULSE, Context, Scene, Transition
from game.shell.text_field import TextField


def heading(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    surface.blit(style.wood_background(surface.get_size()), (0, 0))
    frame = layout.current().frame
    style.text(surface, title, (frame.centerx, frame.y + 40), 44, style.GOLD_LIGHT, bold=True, face="serif",
               anchor="midtop", shadow=(0, 0, 0))
    if subtitle:
        style.text(surface, subtitle, (frame.centerx, frame.y + 100), 18, style.PARCHMENT, anchor="midtop")


def text_box(surface: pygame.Surface, rect: pygame.Rect, label: str, field: TextField, focused: bool) -> None:
    style.text(surface, label, (rect.x, rect.y - 20), 13, style.PARCHMENT, bold=True)
    draw.rect(surface, style.WHITE, rect, border_radius=6)
    draw.rect(surface, style.GOLD if focused else style.INK_SOFT, rect, 2, border_radius=6)
    caret = "|" if focused and (pygame.time.get_ticks() // 500) % 2 == 0 else ""
    value = field.value + caret
    style.text(surface, value, (rect.x + 10, rect.centery), style.fit_size(value, rect.width - 20, 20), style.INK,
               anchor="midleft")


class Buttons(Scene):
    """A screen of buttons (key, rect) with hover, a status line and a request in flight."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.hover: tuple[int, int] | None = None
        self.status = ""
        self.pending: Future[Any] | None = None

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        return []

    def label(self, key: str) -> str:
        return t(f"online.{key}")

    def focus_targets(self) -> list[Target]:
        return of_rects([(key, rect) for rect, key in self.buttons()])

    def redraw_rate(self) -> float:
        return PULSE if self.pending is not None or self.text_entry else 1.0

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.Kind.CANCEL:
            return self.choose("back")
        if intent.kind == inp.Kind.CLICK:
            for rect, key in self.buttons():
                if rect.collidepoint(intent.pos):
                    self.ctx.sounds.play("click")
                    return self.choose(key)
        return False

    def choose(self, key: str) -> bool:
        if key == "back":
            self.request(Transition.pop())
        return True

    def enabled(self, key: str) -> bool:
        """Whether a button may be pressed now (none but Back while a request is in flight)."""
        return self.pending is None or key == "back"

    def draw_buttons(self, surface: pygame.Surface, primary: str = "") -> None:
        for rect, key in self.buttons():
            style.button(surface, rect, self.label(key), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=self.enabled(key), primary=key == primary, size=18)
        if self.status:
            frame = layout.current().frame
            style.text(surface, self.status, (frame.centerx, frame.y + 720),
                       style.fit_size(self.status, frame.width - 80, 16, True), style.GOLD_LIGHT, bold=True,
                       anchor="midtop")
