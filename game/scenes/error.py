"""The error screen after an unexpected exception (game/scenes/crash.py): what failed in one line,
whether the game was saved, where the crash report is, and Continue or Quit.

Styled like the message dialog over the dimmed title art, so a fault looks like part of the game
rather than a debug dump. Continue reloads the autosave (the game as it was after the last
decision) or, with no game to resume, returns to the title screen.
"""
from __future__ import annotations

from pathlib import Path

import pygame

import engine
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match import saves
from game.shell.i18n import language, t
from game.render import board, draw, style
from game.shell.scene import Context, Scene, Transition
from game.scenes import navigation


def panel() -> pygame.Rect:
    return layout.in_frame(260, 220, 760, 320)


def buttons() -> list[tuple[str, pygame.Rect]]:
    box = panel()
    return [("continue", pygame.Rect(box.centerx - 230, box.bottom - 74, 220, 50)),
            ("quit", pygame.Rect(box.centerx + 10, box.bottom - 74, 220, 50))]


class ErrorScene(Scene):
    name = "error"

    def __init__(self, ctx: Context, error: str, report: Path | str, resumable: bool,
                 save_failed: bool = False, save: Path | None = None) -> None:
        super().__init__(ctx)
        self.save = save                # the crashed game's own autosave (None: the newest one)
        self.error = error
        self.report = report            # the report's path, or why it could not be written
        self.resumable = resumable
        self.save_failed = save_failed
        self.hover: tuple[int, int] | None = None

    def enter(self) -> None:
        self.ctx.sounds.play("error")

    def focus_targets(self) -> list[Target]:
        return of_rects(buttons())

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif intent.kind == inp.Kind.CONFIRM:
            self.choose("continue")
        elif intent.kind == inp.Kind.CANCEL:
            self.choose("quit")
        elif intent.kind == inp.Kind.CLICK:
            for name, rect in buttons():
                if rect.collidepoint(intent.pos):
                    self.choose(name)
        return True

    def choose(self, name: str) -> None:
        if name == "quit":
            self.request(Transition.quit())
            return
        self.ctx.sounds.play("click")
        self.request(Transition.reset(self.next_scene()))

    def next_scene(self) -> Scene:
        """The autosaved game resumed where it stopped, else the title screen (with a dialog when
        the autosave cannot be read)."""
        if self.resumable:
            try:
                game, meta = saves.load_save(self.save) if self.save is not None else saves.load_autosave()
            except engine.EngineError as exc:
                title = navigation.title(self.ctx)
                title.request(Transition.push(navigation.message(self.ctx, t("files.load_failed"), str(exc), True)))
                return title
            return navigation.resume(self.ctx, game, meta.seats, meta.hints_used, meta.path)
        return navigation.title(self.ctx)

    def status_lines(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """(text, size, colour) below the title: what failed, the save, the report."""
        if not self.resumable:
            saved = t("crash.no_game")
        else:
            saved = t("crash.save_failed") if self.save_failed else t("crash.saved")
        if isinstance(self.report, Path):
            report = t("crash.report", path=str(self.report))
        else:
            report = t("crash.report_failed", error=self.report)
        return [(self.error, 16, style.DANGER), (saved, 16, style.INK), (report, 13, style.INK_SOFT)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.current().frame
        draw.blit(surface, board.static_layer(language()), (frame.centerx - layout.current().map_rect.width // 2, frame.y + 60))
        style.dim(surface, 170, style.WOOD_DARK)
        box = panel()
        style.panel(surface, box, border=style.DANGER, width=3, radius=14)
        style.text(surface, t("crash.title"), (box.centerx, box.y + 24), 28, style.DANGER, bold=True,
                   face="serif", anchor="midtop")
        y: float = box.y + 82
        for text, size, colour in self.status_lines():
            for line in style.hard_wrap(text, box.width - 80, size)[:3]:
                style.text(surface, line, (box.x + 40, y), size, colour, bold=colour == style.DANGER)
                y += style.line_height(size) + 2
            y += 12
        for name, rect in buttons():
            style.button(surface, rect, t(f"crash.{name}"), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=name == "continue")


navigation.SCREENS.error = ErrorScene
