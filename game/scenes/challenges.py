"""Challenge levels: a list of prepared positions (levels/scenarios/ files with a name and a
description), the AI level of the opponents, and Start. The human plays the first colour listed.

A file that does not load is listed disabled with the engine's one-line error (game/match/challenges.py),
and a failure while starting one shows that error in a dialog: the scene never raises.
"""
from __future__ import annotations

import pygame

import engine
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match.challenges import Challenge, list_challenges
from game.shell.i18n import player_name, t
from game.render import draw, style
from game.shell.scene import Context, Scene, Transition
from game.match.seats import DIFFICULTIES, default_seats
from game.scenes import navigation

ROWS = 5
ROW_H = 96
ROW_GAP = 8
LEVELS = DIFFICULTIES      # the same ladder as a new game's seats
LABEL_SIZE = 13


def panel() -> pygame.Rect:
    return layout.in_frame(140, 30, 1000, 740)


def list_top() -> int:
    return panel().y + 118


def bottom() -> int:
    """The top of the button row."""
    return panel().bottom - 94


def back_button() -> pygame.Rect:
    return pygame.Rect(panel().x + 30, bottom(), 180, 52)


def start_button() -> pygame.Rect:
    return pygame.Rect(panel().right - 240, bottom(), 210, 52)


def level_rects() -> list[tuple[pygame.Rect, str]]:
    """The opponents' level switch: a button per level side by side, centred between Back and
    Start, under its label."""
    width, gap = 116, 6
    total = len(LEVELS) * width + (len(LEVELS) - 1) * gap
    left = (back_button().right + start_button().x - total) // 2
    return [(pygame.Rect(left + i * (width + gap), bottom() + 20, width, 34), level) for i, level in enumerate(LEVELS)]


DESCRIPTION_SIZE, DESCRIPTION_LINES = 14, 3    # a longer description is cut with an ellipsis


def description_box(row: pygame.Rect) -> pygame.Rect:
    """Where a row's name (top line) and description go: right of the round medallion, left of
    the seats column."""
    return pygame.Rect(row.x + 108, row.y + 38, row.width - 108 - 230, row.height - 42)


class ChallengesScene(Scene):
    """Pick a challenge and the opponents' level, then start it (see the module docstring)."""

    name = "challenges"

    def __init__(self, ctx: Context, entries: list[Challenge] | None = None) -> None:
        super().__init__(ctx)
        self.entries = list_challenges() if entries is None else entries
        self.selected = 0
        self.top = 0
        self.level = "normal"
        self.hover: tuple[int, int] | None = None

    # ---- layout -------------------------------------------------------------------------------
    def row_rects(self) -> list[tuple[pygame.Rect, int]]:
        visible = range(self.top, min(len(self.entries), self.top + ROWS))
        return [(pygame.Rect(panel().x + 30, list_top() + k * (ROW_H + ROW_GAP), panel().width - 60, ROW_H), i)
                for k, i in enumerate(visible)]

    @property
    def playable(self) -> bool:
        return bool(self.entries) and self.entries[self.selected].error is None

    # ---- input --------------------------------------------------------------------------------
    focus_arrows = False     # ↑/↓ choose a challenge, ←/→ the opponents' level

    def focus_targets(self) -> list[Target]:
        return of_rects([(("row", i), rect) for rect, i in self.row_rects()] +
                        [(("level", level), rect) for rect, level in level_rects()] +
                        [(("back",), back_button()), (("start",), start_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif intent.kind == inp.Kind.CANCEL:
            self.back()
        elif intent.kind == inp.Kind.CONFIRM:
            self.start()
        elif intent.kind == inp.Kind.KEY and intent.key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if intent.key == pygame.K_DOWN else -1))
        elif intent.kind in (inp.Kind.STEP_BACK, inp.Kind.STEP_FORWARD):
            step = 1 if intent.kind == inp.Kind.STEP_FORWARD else -1
            self.level = LEVELS[max(0, min(len(LEVELS) - 1, LEVELS.index(self.level) + step))]
        elif intent.kind == inp.Kind.SCROLL:
            self.select(self.selected - intent.key)
        elif intent.kind == inp.Kind.CLICK:
            self.click(intent.pos)
        return True   # a full screen: nothing below it takes input

    def click(self, pos: tuple[int, int]) -> None:
        for rect, index in self.row_rects():
            if rect.collidepoint(pos):
                self.select(index)
                self.ctx.sounds.play("click")
        for rect, level in level_rects():
            if rect.collidepoint(pos):
                self.level = level
                self.ctx.sounds.play("click")
        if start_button().collidepoint(pos):
            self.start()
        elif back_button().collidepoint(pos):
            self.back()

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        self.top = max(min(self.top, self.selected), self.selected - ROWS + 1)

    def back(self) -> None:
        self.ctx.sounds.play("click")
        self.request(Transition.pop())

    def start(self) -> None:
        """Build the game from the file now (a file changed since the list was read says why in a
        dialog) and play it: the human has the first colour, the others the chosen level."""
        if not self.playable:
            return
        self.ctx.sounds.play("click")
        try:
            game = engine.load_scenario(self.entries[self.selected].path)
        except engine.EngineError as exc:
            self.request(Transition.push(navigation.message(self.ctx, t("challenges.load_failed"), str(exc), True)))
            return
        self.request(Transition.reset(navigation.resume(self.ctx, game, default_seats(game.players, self.level))))

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        style.panel(surface, panel(), border=style.GOLD, width=3, radius=14)
        style.text(surface, t("challenges.title"), (panel().centerx, panel().y + 20), 34, style.INK, bold=True,
                   face="serif", anchor="midtop")
        intro = t("challenges.intro")
        style.text(surface, intro, (panel().centerx, panel().y + 68), style.fit_size(intro, panel().width - 80, 16),
                   style.INK_SOFT, anchor="midtop")
        draw.line(surface, style.GOLD, (panel().x + 60, list_top() - 14), (panel().right - 60, list_top() - 14), 2)
        if not self.entries:
            style.text(surface, t("challenges.empty"), (panel().centerx, list_top() + 120), 18, style.INK_SOFT,
                       anchor="center")
        for rect, index in self.row_rects():
            self.draw_row(surface, rect, self.entries[index], index == self.selected)
        if len(self.entries) > ROWS:
            more = t("files.more", shown=f"{self.top + 1}–{min(len(self.entries), self.top + ROWS)}",
                     total=len(self.entries))
            style.text(surface, more, (panel().right - 30, list_top() - 18), 12, style.INK_SOFT, anchor="bottomright")
        self.draw_controls(surface)

    def draw_controls(self, surface: pygame.Surface) -> None:
        rects = level_rects()
        switch = rects[0][0].unionall([rect for rect, _ in rects])
        style.text(surface, t("challenges.opponents"), (switch.centerx, bottom() + 1), LABEL_SIZE,
                   style.INK_SOFT, bold=True, anchor="midtop")
        for rect, level in rects:
            style.button(surface, rect, t(f"seat.{level}"), hover=self._over(rect), primary=level == self.level,
                         size=15)
        style.button(surface, back_button(), t("challenges.back"), hover=self._over(back_button()))
        style.button(surface, start_button(), t("challenges.start"), hover=self._over(start_button()), enabled=self.playable,
                     primary=True)
        keys = t("challenges.keys")
        style.text(surface, keys, (panel().centerx, panel().bottom - 12), style.fit_size(keys, panel().width - 80, 12),
                   style.INK_SOFT, anchor="midbottom")

    @style.fixed_size
    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, entry: Challenge, selected: bool) -> None:
        """One challenge in its fixed-height row, at the designed text size (the list's rows are
        packed like the match screen's labels: style.fixed_size)."""
        hover = self._over(rect)
        fill = style.GOLD_LIGHT if selected else (style.PARCHMENT_DARK if hover else style.PARCHMENT)
        draw.rect(surface, fill, rect, border_radius=10)
        draw.rect(surface, style.GOLD if selected else style.INK_SOFT, rect, 3 if selected else 1,
                         border_radius=10)
        self.draw_round_badge(surface, pygame.Rect(rect.x + 14, rect.centery - 38, 76, 76), entry)
        body = description_box(rect)
        name_size = style.fit_size(entry.name, body.width, 21, True, "serif")
        style.text(surface, entry.name, (body.x, rect.y + 8), name_size, style.INK if not entry.error
                   else style.GREY, bold=True, face="serif")
        if entry.error:
            style.paragraph(surface, entry.error, body, 13, style.DANGER, max_lines=DESCRIPTION_LINES)
            return
        style.paragraph(surface, entry.description, body, DESCRIPTION_SIZE, style.INK, max_lines=DESCRIPTION_LINES)
        self.draw_seats(surface, pygame.Rect(rect.right - 214, rect.y + 10, 200, rect.height - 20), entry)

    def draw_round_badge(self, surface: pygame.Surface, box: pygame.Rect, entry: Challenge) -> None:
        """The round the challenge starts in, as a wax-seal medallion (greyed when unplayable)."""
        ring = style.GREY if entry.error else style.GOLD
        draw.circle(surface, style.WOOD_DARK, (box.centerx + 2, box.centery + 3), box.width // 2)
        draw.circle(surface, style.shade(ring, 0.55) if not entry.error else style.GREY, box.center,
                           box.width // 2)
        draw.circle(surface, ring, box.center, box.width // 2, 3)
        if entry.error:
            style.text(surface, "!", box.center, 36, style.WHITE, bold=True, face="serif", anchor="center")
            return
        style.text(surface, t("challenges.round"), (box.centerx, box.y + 13), 10, style.GOLD_LIGHT, bold=True,
                   anchor="midtop")
        style.text(surface, str(entry.round), (box.centerx, box.centery + 8), 32, style.WHITE, bold=True,
                   face="serif", anchor="center")

    def draw_seats(self, surface: pygame.Surface, box: pygame.Rect, entry: Challenge) -> None:
        """Who plays: a swatch per colour, the human's first and ringed in gold; the player count;
        and the moment of the round the challenge starts at."""
        draw.line(surface, style.PARCHMENT_DARK, (box.x - 12, box.y), (box.x - 12, box.bottom), 2)
        x = box.x
        for i, player in enumerate(entry.players):
            swatch = pygame.Rect(x, box.y + 3, 20, 20)
            if i == 0:
                draw.rect(surface, style.GOLD, swatch.inflate(6, 6), border_radius=6)
            draw.rect(surface, style.player_colour(player), swatch, border_radius=4)
            draw.rect(surface, style.INK, swatch, 1, border_radius=4)
            x += 28 if i else 32
        lines = ((t("files.players_count", count=len(entry.players)), style.INK_SOFT, True),
                 (t("challenges.you_play", colour=player_name(entry.players[0])), style.INK, False),
                 (t(f"challenges.phase.{entry.phase}"), style.INK_SOFT, False))
        for k, (line, ink, bold) in enumerate(lines):
            # a margin for the font's rounding at small window sizes (the Catalan label reached the frame)
            style.text(surface, line, (box.x, box.y + 30 + 17 * k), style.fit_size(line, box.width - 10, 13, bold),
                       ink, bold=bold)

    def _over(self, rect: pygame.Rect) -> bool:
        return bool(self.hover and rect.collidepoint(self.hover))


navigation.SCREENS.challenges = ChallengesScene
