"""Starting a new game while an unfinished one waits under Continue: keep it as a saved game,
replace it, or cancel — a new game never replaces one without a word.

Pushed over the set-up screen by Start. Keep copies the most recent unfinished game into a named
save (Load game lists it; it also stays under Continue); Replace removes its autosave; either way
the new game then starts. Cancel goes back to the set-up. A refused write or delete is said in the
box, and nothing starts.
"""
from __future__ import annotations

from typing import Callable

import pygame

import engine
from game.match import saves
from game.render import style
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target, of_rects
from game.shell.i18n import t, tn
from game.shell.scene import Context, Scene, Transition
from game.present import saved_games
from game.scenes.navigation import SCREENS

CHOICES = ("keep", "replace", "cancel")


def panel() -> pygame.Rect:
    return layout.in_frame(270, 210, 740, 360)


def choice_rects() -> list[tuple[pygame.Rect, str]]:
    box = panel()
    width, gap = 220, 16
    left = box.centerx - (len(CHOICES) * width + (len(CHOICES) - 1) * gap) // 2
    return [(pygame.Rect(left + i * (width + gap), box.bottom - 76, width, 52), name)
            for i, name in enumerate(CHOICES)]


class UnfinishedScene(Scene):
    name = "unfinished"
    opaque = False

    def __init__(self, ctx: Context, unfinished: list[saves.SlotInfo], start: Callable[[], Scene]) -> None:
        super().__init__(ctx)
        self.info = unfinished[0]              # the one Continue would resume first
        self.others = len(unfinished) - 1
        self.start = start
        self.error = ""
        self.hover: tuple[int, int] | None = None

    def focus_targets(self) -> list[Target]:
        return of_rects([(name, rect) for rect, name in choice_rects()])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif intent.kind == inp.Kind.CANCEL:
            self.choose("cancel")
        elif intent.kind == inp.Kind.CONFIRM:
            self.choose("keep")                # the choice that loses nothing
        elif intent.kind == inp.Kind.CLICK:
            for rect, name in choice_rects():
                if rect.collidepoint(intent.pos):
                    self.choose(name)
        return True   # modal

    def choose(self, name: str) -> None:
        self.ctx.sounds.play("click")
        if name == "cancel":
            self.request(Transition.pop())
            return
        try:
            if name == "keep":
                saves.keep_as_slot(self.info, self.saved_name())
            else:
                saves.drop_autosave(self.info)
        except engine.EngineError as exc:
            self.error = str(exc)
            self.ctx.sounds.play("error")
            return
        self.request(Transition.reset(self.start()))

    def saved_name(self) -> str:
        return t("files.default_name", round=self.info.round or 1, time=saved_games.local_time(self.info.saved_at))

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 160)
        box = panel()
        style.panel(surface, box, border=style.GOLD, width=3, radius=14)
        style.text(surface, t("unfinished.title"), (box.centerx, box.y + 22), 28, style.INK, bold=True,
                   face="serif", anchor="midtop")
        inner = box.inflate(-72, 0)
        who = saved_games.who_plays(self.info.seats)
        style.text(surface, who, (inner.x, box.y + 80), style.fit_size(who, inner.width, 20, True, "serif"),
                   style.INK, bold=True, face="serif")
        when = t("unfinished.when", round=self.info.round or 1, date=saved_games.local_time(self.info.saved_at))
        style.text(surface, when, (inner.x, box.y + 112), 16, style.INK_SOFT)
        y = style.paragraph(surface, t("unfinished.question"), pygame.Rect(inner.x, box.y + 148, inner.width, 48),
                            15, style.INK, max_lines=2)
        if self.others:
            style.paragraph(surface, tn("unfinished.others", self.others),
                            pygame.Rect(inner.x, y + 4, inner.width, 40), 13, style.INK_SOFT, max_lines=2)
        if self.error:
            style.paragraph(surface, self.error, pygame.Rect(inner.x, box.bottom - 122, inner.width, 40), 13,
                            style.DANGER, max_lines=2)
        for rect, name in choice_rects():
            label = t(f"unfinished.{name}")
            style.button(surface, rect, label, hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=name == "keep", size=style.fit_size(label, rect.width - 24, 16, True))


SCREENS.unfinished = UnfinishedScene
