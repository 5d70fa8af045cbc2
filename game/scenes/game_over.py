"""Game over: the ranking, the points each player took from every scoring, play again or title."""
from __future__ import annotations

import pygame

import engine
from game import input as inp
from game import layout, saves
from game.controller import Match
from game.i18n import t
from game.render import draw, style
from game.scene import Context, Scene, Transition
from game.table import Table

ACTIONS = ("again", "review", "replay", "export", "title_screen")


def buttons() -> list[pygame.Rect]:
    """One button per action, in a row under the ranking."""
    return [layout.in_frame(50 + i * 240, 680, 220, 52) for i in range(len(ACTIONS))]


def history_label(label: str) -> str:
    """A score_history label: "round 3" or an action card id."""
    if label.startswith("round"):
        return t("gameover.general", round=label.split()[-1])
    return t(f"card.{label}.name")


class GameOverScene(Scene):
    name = "game_over"

    def __init__(self, ctx: Context, match: Match, table: Table | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.hover: tuple[int, int] | None = None
        self.exported: str | None = None

    def enter(self) -> None:
        self.ctx.sounds.play("fanfare")

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind in (inp.CANCEL, inp.CONFIRM):
            return self.act("title_screen")
        if intent.kind == inp.CLICK:
            for rect, name in zip(buttons(), ACTIONS):
                if rect.collidepoint(intent.pos):
                    return self.act(name)
        return False

    def act(self, name: str) -> bool:
        from game.scenes.dialog import MessageScene
        if name == "again":
            self.request(Transition.replace(self.play_again()))
        elif name == "review":
            from game.scenes.review import ReviewScene
            self.request(Transition.push(ReviewScene(self.ctx, self.match)))
        elif name == "replay":
            from game.replay_model import ReplayModel
            from game.scenes.replay import ReplayScene
            model = ReplayModel(self.match.game.record(), "game", tuple(self.match.seat_meta()))
            self.request(Transition.push(ReplayScene(self.ctx, model, position=0)))
        elif name == "export":
            try:
                path = saves.export_record(self.match.game, self.match.seat_meta())
            except engine.EngineError as exc:
                self.request(Transition.push(MessageScene(self.ctx, t("gameover.export_failed"), str(exc), True)))
            else:
                self.exported = str(path)
                self.request(Transition.push(MessageScene(self.ctx, t("gameover.exported"),
                                                          t("gameover.exported_to", path=str(path)))))
        else:
            from game.scenes.title import TitleScene
            self.request(Transition.replace(TitleScene(self.ctx)))
        self.ctx.sounds.play("click")
        return True

    def play_again(self) -> Scene:
        from game.scenes.play import phase_scene
        old = self.match
        match = Match(list(old.seats.values()), old.seed + 1, **old.setup)
        return phase_scene(match.game.phase)(self.ctx, match)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.FRAME
        game = self.match.game
        scores = dict(game.scores)
        winners = set(game.winners())
        names = " & ".join(self.match.name(p) for p in game.players if p in winners)
        style.text(surface, t("gameover.title"), (frame.centerx, frame.y + 28), 44, style.GOLD_LIGHT, bold=True,
                   face="serif", anchor="midtop", shadow=(0, 0, 0))
        style.text(surface, t("gameover.winner", who=names), (frame.centerx, frame.y + 88), 24, style.PARCHMENT,
                   bold=True, face="serif", anchor="midtop")
        ranking = sorted(game.players, key=lambda p: -scores[p])
        history = list(game.score_history)
        general = [(label, pts) for label, pts in history if label.startswith("round")]
        specials = [pts for label, pts in history if not label.startswith("round")]
        columns = [history_label(label) for label, _ in general] + [t("gameover.special")]
        rect = layout.in_frame(120, 140, 1040, 90 + 70 * len(ranking))
        style.panel(surface, rect, border=style.GOLD, width=3, radius=14)
        span = (rect.right - 90 - (rect.x + 430)) / max(1, len(columns))
        col_x = [int(rect.x + 430 + i * span) for i in range(len(columns) + 1)]
        for x, label in zip(col_x, columns + [t("scoring.total")]):
            style.text(surface, label, (x, rect.y + 22), style.fit_size(label, int(span) - 12, 14, True),
                       style.INK_SOFT, bold=True, anchor="midtop")
        for rank, player in enumerate(ranking):
            y = rect.y + 64 + rank * 70
            colour = style.player_colour(player)
            style.text(surface, f"{rank + 1}.", (rect.x + 30, y + 10), 26, style.INK, bold=True, face="serif")
            draw.rect(surface, colour, (rect.x + 80, y + 12, 34, 34), border_radius=6)
            draw.rect(surface, style.INK, (rect.x + 80, y + 12, 34, 34), 2, border_radius=6)
            style.text(surface, self.match.name(player), (rect.x + 130, y + 12), 26, style.INK, bold=True,
                       face="serif")
            values = [pts.get(player, 0) for _, pts in general] + [sum(p.get(player, 0) for p in specials)]
            for x, value in zip(col_x, values + [scores[player]]):
                big = x == col_x[len(values)]
                style.text(surface, str(value), (x, y + 12), 28 if big else 22, style.INK, bold=big,
                           anchor="midtop")
            if player in winners:
                style.text(surface, "★", (rect.x + 130 + style.text_width(self.match.name(player), 26, True, "serif") + 12,
                                          y + 10), 26, style.GOLD, bold=True)
        for rect, name in zip(buttons(), ACTIONS):
            style.button(surface, rect, t(f"gameover.{name}"), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=name == "again")
        if self.match.game.record().get("scenario"):      # a challenge: how many hints it took
            used = t("gameover.hints_used", count=self.match.hints_used)
            style.text(surface, used, (frame.centerx, frame.y + 646), 16, style.GOLD_LIGHT, bold=True, anchor="midtop")
        if self.exported:
            note = t("gameover.exported_to", path=self.exported)
            style.text(surface, note, (frame.centerx, frame.y + 750), style.fit_size(note, frame.width - 40, 13),
                       style.PARCHMENT, anchor="midtop")
