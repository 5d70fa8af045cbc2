"""Pause / settings menu: language, volume, mute, animation speed, fullscreen, confirm moves,
hints, piece colours, text size; saved at once."""
from __future__ import annotations

from typing import Any

import pygame

from game.shell import i18n, layout
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell.i18n import t
from game.render import draw, style
from game.shell.scene import Context, Scene, Transition
from game.shell.settings import LANGUAGES, SPEEDS
from game.scenes import navigation

PALETTES = tuple(style.PALETTES)

ROWS = ("language", "volume", "mute", "speed", "fullscreen", "confirm_moves", "hints", "palette", "ui_scale")


def panel() -> pygame.Rect:
    return layout.in_frame(340, 20, 600, 760)


def row_rects() -> list[tuple[pygame.Rect, str]]:
    return [(pygame.Rect(panel().x + 40, panel().y + 86 + i * 52, panel().width - 80, 44), row)
            for i, row in enumerate(ROWS)]


def value_label(value: str) -> str:
    return f"‹  {value}  ›"


def value_centre(rect: pygame.Rect, value: str) -> float:
    """The middle of a row's "‹ value ›", drawn against its right edge: a click left of it lowers
    (the "‹" side), right of it raises."""
    return rect.right - 16 - style.text_width(value_label(value), 18) / 2


def panel_rect(in_game: bool) -> pygame.Rect:
    """The menu panel: taller in a game, where a second row of buttons saves and loads."""
    return panel() if in_game else pygame.Rect(panel().x, panel().y, panel().width, panel().height - 100)


def action_rects(in_game: bool, can_save: bool = False, online: bool = False) -> list[tuple[pygame.Rect, str]]:
    """The buttons under the settings; in a game a second row saves to / loads from a slot (not
    online: the game is the server's, and loading one would leave the table)."""
    rows: list[tuple[str, ...]] = [("back",)]
    if in_game:
        rows = [("resume", "quit_to_title")] if online else \
            [("resume", "quit_to_title"), ("save", "load") if can_save else ("load",)]
    width = 240
    bottom = panel_rect(in_game).bottom
    out = []
    for r, names in enumerate(rows):
        total = len(names) * width + (len(names) - 1) * 20
        left = panel().centerx - total // 2
        y = bottom - 80 - (len(rows) - 1 - r) * 62
        out += [(pygame.Rect(left + i * (width + 20), y, width, 50), name) for i, name in enumerate(names)]
    return out


class SettingsScene(Scene):
    name = "settings"
    opaque = False

    def __init__(self, ctx: Context, in_game: bool, match: Any = None, online: bool = False) -> None:
        super().__init__(ctx)
        self.in_game = in_game
        self.match = match
        self.online = online
        self.hover: tuple[int, int] | None = None

    def focus_targets(self) -> list[Target]:
        """Each row — Enter clicks its right half (raises or toggles), ← and → its halves, as the
        mouse lowers and raises — then the buttons."""
        rows = []
        for rect, row in row_rects():
            middle = value_centre(rect, self.value(row))
            lower, higher = (round(middle) - 12, rect.centery), (rect.right - 10, rect.centery)
            rows.append(Target((row,), rect, higher, adjust=(lower, higher)))
        return rows + of_rects([((name,), rect) for rect, name in action_rects(self.in_game, self.match is not None, self.online)])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.Kind.CANCEL:
            self.request(Transition.pop())
            return True
        if intent.kind != inp.Kind.CLICK:
            return True  # modal: nothing reaches the game below
        for rect, row in row_rects():
            if rect.collidepoint(intent.pos):
                self.change(row, 1 if intent.pos[0] > value_centre(rect, self.value(row)) else -1)
                return True
        for rect, name in action_rects(self.in_game, self.match is not None, self.online):
            if rect.collidepoint(intent.pos):
                self.act(name)
        return True

    def change(self, row: str, step: int) -> None:
        """A click right of the value ("›") raises / toggles, left of it ("‹", the label) lowers."""
        s = self.ctx.settings
        if row == "language":
            s.language = LANGUAGES[(LANGUAGES.index(s.language) + step) % len(LANGUAGES)]
            i18n.set_language(s.language)
            self.ctx.notices += i18n.take_notices()     # a damaged catalog: shown by the scene below
        elif row == "volume":
            s.volume = round(min(1.0, max(0.0, s.volume + 0.1 * step)), 1)
        elif row == "mute":
            s.mute = not s.mute
        elif row == "speed":
            index = SPEEDS.index(s.anim_speed) if s.anim_speed in SPEEDS else 1
            s.anim_speed = SPEEDS[(index + step) % len(SPEEDS)]
        elif row in ("fullscreen", "confirm_moves", "hints"):
            setattr(s, row, not getattr(s, row))
        elif row == "palette":
            index = PALETTES.index(s.palette) if s.palette in PALETTES else 0
            s.palette = PALETTES[(index + step) % len(PALETTES)]
        elif row == "ui_scale":
            index = style.UI_SCALES.index(s.ui_scale) if s.ui_scale in style.UI_SCALES else 0
            s.ui_scale = style.UI_SCALES[(index + step) % len(style.UI_SCALES)]
        style.use_look(s.palette, s.ui_scale)
        self.ctx.sounds.volume, self.ctx.sounds.mute = s.volume, s.mute
        s.save()
        self.ctx.sounds.play("error" if s.save_error else "click")

    def act(self, name: str) -> None:
        if name == "quit_to_title":
            self.request(Transition.reset(navigation.title(self.ctx)))
        elif name == "save" and self.match is not None:
            self.request(Transition.replace(navigation.save(self.ctx, self.match)))
        elif name == "load":
            self.request(Transition.replace(navigation.files(self.ctx, "load", in_game=self.in_game)))
        else:
            self.request(Transition.pop())

    def value(self, row: str) -> str:
        s = self.ctx.settings
        if row == "language":
            return i18n.LANGUAGE_NAMES[s.language]
        if row == "volume":
            return f"{int(round(s.volume * 100))}%"
        if row == "speed":
            return f"{s.anim_speed:g}×"
        if row == "palette":
            return t(f"settings.palette.{s.palette if s.palette in PALETTES else PALETTES[0]}")
        if row == "ui_scale":
            return f"{round(s.ui_scale * 100)}%"
        return t("settings.on") if getattr(s, row) else t("settings.off")

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 160)
        style.panel(surface, panel_rect(self.in_game), border=style.GOLD, width=3, radius=14)
        title = t("settings.paused") if self.in_game else t("settings.title")
        style.text(surface, title, (panel().centerx, panel().y + 24), 32, style.INK, bold=True, face="serif",
                   anchor="midtop")
        for rect, row in row_rects():
            hover = bool(self.hover and rect.collidepoint(self.hover))
            draw.rect(surface, style.PARCHMENT_DARK if hover else style.PARCHMENT, rect, border_radius=8)
            draw.rect(surface, style.INK_SOFT, rect, 1, border_radius=8)
            style.text(surface, t(f"settings.{row}"), (rect.x + 16, rect.centery), 18, style.INK, bold=True,
                       anchor="midleft")
            style.text(surface, value_label(self.value(row)), (rect.right - 16, rect.centery), 18, style.INK,
                       anchor="midright")
        for rect, name in action_rects(self.in_game, self.match is not None, self.online):
            style.button(surface, rect, t(f"settings.{name}"), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=name in ("resume", "back"))
        if self.ctx.settings.save_error:
            notice = t("settings.save_failed", error=self.ctx.settings.save_error)
            box, top = panel(), row_rects()[-1][0].bottom + 8
            style.paragraph(surface, notice, pygame.Rect(box.x + 40, top, box.width - 80, 40), 13, style.DANGER,
                            max_lines=2)


navigation.SCREENS.settings = SettingsScene
