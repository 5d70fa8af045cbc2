"""Castell's pause menu (Esc at the table): go on, save the game under a name (the dialog El
Grande's pause menu opens), change the settings (palette, text size...), read what the house
rules are, or leave for the title screen (the game is autosaved after every decision: Continue on
the title resumes it)."""
from __future__ import annotations

import pygame

from game.match.castell_match import CastellMatch
from game.render import style
from game.scenes import navigation
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target, of_rects
from game.shell.i18n import t
from game.shell.scene import Context, Scene, Transition

ITEMS = ("resume", "save", "settings", "house", "title")


def items(match: CastellMatch | None) -> tuple[str, ...]:
    """The menu's entries: a game on a server (`match` None) is not saved here."""
    return ITEMS if match is not None else tuple(key for key in ITEMS if key != "save")


def panel(count: int) -> pygame.Rect:
    return layout.in_frame(390, 150, 500, 100 + 64 * count)


def item_rects(keys: tuple[str, ...]) -> list[tuple[str, pygame.Rect]]:
    box = panel(len(keys))
    return [(key, pygame.Rect(box.x + 60, box.y + 90 + i * 64, box.width - 120, 50)) for i, key in enumerate(keys)]


class CastellPause(Scene):
    name = "castell_pause"
    opaque = False

    def __init__(self, ctx: Context, match: CastellMatch | None) -> None:
        super().__init__(ctx)
        self.match = match
        self.hover: tuple[int, int] | None = None
        self.reading = False

    def focus_targets(self) -> list[Target]:
        return of_rects([(key, rect) for key, rect in item_rects(items(self.match))])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif self.reading and intent.kind in (inp.Kind.CLICK, inp.Kind.CONFIRM, inp.Kind.CANCEL):
            self.reading = False
        elif intent.kind == inp.Kind.CANCEL:
            self.request(Transition.pop())
        elif intent.kind == inp.Kind.CLICK:
            for key, rect in item_rects(items(self.match)):
                if rect.collidepoint(intent.pos):
                    self.choose(key)
        return True   # modal

    def choose(self, key: str) -> None:
        self.ctx.sounds.play("click")
        if key == "resume":
            self.request(Transition.pop())
        elif key == "save" and self.match is not None:
            self.request(Transition.replace(navigation.save(self.ctx, self.match)))
        elif key == "settings":
            self.request(Transition.replace(navigation.settings(self.ctx, in_game=False)))
        elif key == "house":
            self.reading = True
        else:
            self.request(Transition.reset(navigation.title(self.ctx)))

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        box = panel(len(items(self.match)))
        style.panel(surface, box, border=style.GOLD, width=3, radius=14)
        style.text(surface, t("castell.pause.heading"), (box.centerx, box.y + 24), 28, style.INK, bold=True, face="serif",
                   anchor="midtop")
        if self.reading:
            y: float = box.y + 80
            for line in style.hard_wrap(t("castell.pause.house_rules"), box.width - 60, 15):
                style.text(surface, line, (box.x + 30, y), 15, style.INK)
                y += style.line_height(15)
            style.text(surface, t("castell.pause.back"), (box.centerx, box.bottom - 30), 13,
                       style.INK_SOFT, anchor="center")
            return
        for key, rect in item_rects(items(self.match)):
            style.button(surface, rect, t(f"castell.pause.{key}"), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=key == "resume")


navigation.SCREENS.castell_pause = CastellPause
