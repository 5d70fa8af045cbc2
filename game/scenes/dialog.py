"""A modal message box over the current scene: a title, a one-line message (wrapped), an OK button.

Used for failed loads ("the current game is untouched"), save confirmations and export paths.
Pushed on top; Enter, Escape or OK pops it and nothing below changes.
"""
from __future__ import annotations

import pygame

from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.shell.i18n import t
from game.render import style
from game.shell.scene import Context, Scene, Transition
from game.scenes.navigation import SCREENS


def panel() -> pygame.Rect:
    return layout.in_frame(310, 250, 660, 270)


def ok_button() -> pygame.Rect:
    return pygame.Rect(panel().centerx - 100, panel().bottom - 70, 200, 48)


class MessageScene(Scene):
    name = "dialog"
    opaque = False

    def __init__(self, ctx: Context, title: str, message: str, error: bool = False, note: str = "") -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.note = note
        self.error = error
        self.hover: tuple[int, int] | None = None

    def enter(self) -> None:
        self.ctx.sounds.play("error" if self.error else "click")

    def focus_targets(self) -> list[Target]:
        return of_rects([("ok", ok_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind in (inp.Kind.CONFIRM, inp.Kind.CANCEL) or (intent.kind == inp.Kind.CLICK and ok_button().collidepoint(intent.pos)):
            self.request(Transition.pop())
        return True   # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        box, ok = panel(), ok_button()
        style.panel(surface, box, border=style.DANGER if self.error else style.GOLD, width=3, radius=14)
        style.text(surface, self.title, (box.centerx, box.y + 22), 26, style.DANGER if self.error else style.INK,
                   bold=True, face="serif", anchor="midtop")
        y: float = box.y + 74
        for line in style.hard_wrap(self.message, box.width - 72, 15)[:6]:
            style.text(surface, line, (box.x + 36, y), 15, style.INK)
            y += style.line_height(15) + 2
        if self.note:
            style.paragraph(surface, self.note, pygame.Rect(box.x + 36, ok.y - 44, box.width - 72, 40), 13,
                            style.INK_SOFT, max_lines=2)
        style.button(surface, ok, t("dialog.ok"), hover=bool(self.hover and ok.collidepoint(self.hover)),
                     primary=True)


SCREENS.message = MessageScene
