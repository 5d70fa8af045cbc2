"""Game over: the ranking with the points each player took from every scoring (and a challenge's
starting points) adding up to the total, a score-progression chart, a challenge's verdict, and
play again / replay / export / title."""
from __future__ import annotations

import pygame

import engine
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match.controller import Match
from game.match.source import MatchSource
from game.match.end_table import CARDS, START, TOTAL, EndTable
from game.present.describe import Namer
from game.shell.i18n import t
from game.render import draw, style
from game.render.chart import score_chart
from game.shell.scene import Context, Scene, Transition
from game.present.table import Table
from game.scenes import navigation

ACTIONS = ("again", "review", "replay", "export", "title_screen")


def buttons() -> list[pygame.Rect]:
    """One button per action, in a row under the ranking."""
    return [layout.in_frame(50 + i * 240, 680, 220, 52) for i in range(len(ACTIONS))]


def column_label(column: str) -> str:
    """An end-table column: the starting points, a general scoring, the card scorings, the total."""
    if column.startswith("round"):
        return t("gameover.general", round=column.split()[-1])
    return {START: t("gameover.start"), CARDS: t("gameover.special"), TOTAL: t("scoring.total")}[column]


class GameOverScene(Scene):
    name = "game_over"

    def __init__(self, ctx: Context, match: MatchSource, table: Table | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.hover: tuple[int, int] | None = None
        self.exported: str | None = None
        self.table = match.end_table()
        self.actions = ACTIONS if match.local else ("title_screen",)   # online: the server keeps the game

    def enter(self) -> None:
        self.ctx.sounds.play("fanfare")

    def focus_targets(self) -> list[Target]:
        return of_rects(list(zip(self.actions, buttons())))

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind in (inp.Kind.CANCEL, inp.Kind.CONFIRM):
            return self.act("title_screen")
        if intent.kind == inp.Kind.CLICK:
            for rect, name in zip(buttons(), self.actions):
                if rect.collidepoint(intent.pos):
                    return self.act(name)
        return False

    def act(self, name: str) -> bool:
        match = self.match
        if not isinstance(match, Match):       # online only "title_screen" is offered
            self.request(Transition.replace(navigation.title(self.ctx)))
        elif name == "again":
            self.request(Transition.replace(play_again(self.ctx, match)))
        elif name == "review":
            self.request(Transition.push(navigation.review(self.ctx, match)))
        elif name == "replay":
            self.request(Transition.push(navigation.replay(self.ctx, match.replay_window(), position=0)))
        elif name == "export":
            try:
                path = match.export_record()
            except engine.EngineError as exc:
                self.request(Transition.push(navigation.message(self.ctx, t("gameover.export_failed"), str(exc), True)))
            else:
                self.exported = str(path)
                self.request(Transition.push(navigation.message(self.ctx, t("gameover.exported"),
                                                          t("gameover.exported_to", path=str(path)))))
        else:
            self.request(Transition.replace(navigation.title(self.ctx)))
        self.ctx.sounds.play("click")
        return True

    def headline(self) -> str:
        """The winner, or the players sharing the victory (tied at the top score)."""
        names = [self.match.name(p) for p in self.table.winners]
        if len(names) == 1:
            return t("gameover.winner", who=names[0])
        return t("gameover.shared", who=", ".join(names[:-1]), last=names[-1])

    def verdict(self) -> tuple[str, bool] | None:
        """A challenge's result line and whether it was solved (None outside a challenge)."""
        player = self.table.challenge
        if player is None:
            return None
        goal = t("gameover.goal", who=self.match.name(player))
        solved = player in self.table.winners
        return t("gameover.solved" if solved else "gameover.not_solved", goal=goal), solved

    def hints_line(self) -> str | None:
        """A challenge says how many hints it took (counted across saves and resumes)."""
        if not self.match.from_scenario:
            return None
        return t("gameover.hints_used", count=self.match.hints_used)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.current().frame
        style.text(surface, t("gameover.title"), (frame.centerx, frame.y + 18), 44, style.GOLD_LIGHT, bold=True,
                   face="serif", anchor="midtop", shadow=(0, 0, 0))
        headline = self.headline()
        style.text(surface, headline, (frame.centerx, frame.y + 76),
                   style.fit_size(headline, frame.width - 80, 24, True, "serif"),
                   style.PARCHMENT, bold=True, face="serif", anchor="midtop")
        verdict = self.verdict()
        if verdict:
            text, solved = verdict
            plate = pygame.Rect(0, 0, int(min(frame.width - 80, style.text_width(text, 17, True) + 40)), 30)
            plate.midtop = (frame.centerx, frame.y + 110)
            draw.rect(surface, (70, 130, 60) if solved else style.DANGER, plate, border_radius=8)
            style.text(surface, text, plate.center, style.fit_size(text, plate.width - 20, 17, True), style.WHITE,
                       bold=True, anchor="center")
        table = draw_end_table(surface, layout.end_table_rect(), self.table, self.match.name)
        chart = layout.end_chart_rect()
        chart.height = min(chart.height, max(360, table.height))    # level with the table
        score_chart(surface, chart, self.table.progress, tuple(self.table.rows), self.match.name)
        for rect, name in zip(buttons(), self.actions):
            style.button(surface, rect, t(f"gameover.{name}"), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=name == "again")
        used = self.hints_line()
        if used:
            style.text(surface, used, (frame.centerx, frame.y + 646), 16, style.GOLD_LIGHT, bold=True, anchor="midtop")
        if self.exported:
            note = t("gameover.exported_to", path=self.exported)
            style.text(surface, note, (frame.centerx, frame.y + 750), style.fit_size(note, frame.width - 40, 13),
                       style.PARCHMENT, anchor="midtop")


@style.fixed_size
def draw_end_table(surface: pygame.Surface, rect: pygame.Rect, table: EndTable, name: Namer) -> pygame.Rect:
    """Ranks (shared by tied players), names, one column per scoring and the total; returns the
    rect drawn (as tall as the rows need)."""
    ranking = sorted(table.rows, key=lambda p: (table.ranks[p], list(table.rows).index(p)))
    row_h = min(64, (rect.height - 56) // max(1, len(ranking)))
    rect = pygame.Rect(rect.x, rect.y, rect.width, 60 + row_h * len(ranking))
    style.panel(surface, rect, border=style.GOLD, width=3, radius=14)
    name_w = 250
    span = (rect.width - name_w - 30) / len(table.columns)
    col_x = [int(rect.x + name_w + span * (i + 0.5)) for i in range(len(table.columns))]
    for x, column in zip(col_x, table.columns):
        lines = style.wrap(column_label(column), int(span) - 8, 13, True)
        for k, line in enumerate(lines[:2]):
            style.text(surface, line, (x, rect.y + 12 + k * 16), style.fit_size(line, int(span) - 6, 13, True),
                       style.INK_SOFT, bold=True, anchor="midtop")
    for i, player in enumerate(ranking):
        y = rect.y + 52 + i * row_h
        if i:
            draw.line(surface, style.PARCHMENT_DARK, (rect.x + 16, y - 2), (rect.right - 16, y - 2), 1)
        mid = y + row_h // 2
        style.text(surface, f"{table.ranks[player]}.", (rect.x + 20, mid), 24, style.INK, bold=True, face="serif",
                   anchor="midleft")
        swatch = pygame.Rect(rect.x + 62, mid - 14, 28, 28)
        draw.rect(surface, style.player_colour(player), swatch, border_radius=6)
        draw.rect(surface, style.INK, swatch, 2, border_radius=6)
        size = style.fit_size(name(player), name_w - 130, 22, True, "serif")
        drawn = style.text(surface, name(player), (rect.x + 100, mid), size, style.INK, bold=True, face="serif",
                           anchor="midleft")
        if player in table.winners:
            style.text(surface, "★", (drawn.right + 8, mid), 24, style.GOLD, bold=True, anchor="midleft")
        for x, column, value in zip(col_x, table.columns, table.rows[player]):
            total = column == TOTAL
            style.text(surface, str(value), (x, mid), 26 if total else 20, style.INK, bold=total, anchor="center")
    plus = col_x[-1] - span / 2
    draw.line(surface, style.INK_SOFT, (plus, rect.y + 44), (plus, rect.bottom - 12), 2)
    return rect


def play_again(ctx: Context, old: Match) -> Scene:
    """A challenge again from its own position with the same seats; any other game anew with the
    same seats and options and the next seed."""
    scenario = old.finished_record().get("scenario")
    if isinstance(scenario, dict):
        game = engine.load_scenario(dict(scenario), source="challenge")
        return navigation.resume(ctx, game, old.seat_meta())
    return navigation.match_screen(ctx, Match(list(old.seats.values()), old.seed + 1, **old.setup))


navigation.SCREENS.game_over = GameOverScene
