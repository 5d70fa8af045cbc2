"""Game over: the ranking, the points each player took from every scoring, play again or title."""
from __future__ import annotations

import pygame

from game import input as inp
from game import layout
from game.controller import Match
from game.i18n import t
from game.render import style
from game.scene import Context, Scene, Transition
from game.table import Table

BUTTONS = [pygame.Rect(layout.WIDTH // 2 - 330, 660, 300, 52), pygame.Rect(layout.WIDTH // 2 + 30, 660, 300, 52)]


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

    def enter(self) -> None:
        self.ctx.sounds.play("fanfare")

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.CLICK and BUTTONS[0].collidepoint(intent.pos):
            self.request(Transition.replace(self.play_again()))
            return True
        if intent.kind in (inp.CANCEL, inp.CONFIRM) or (intent.kind == inp.CLICK and BUTTONS[1].collidepoint(intent.pos)):
            from game.scenes.title import TitleScene
            self.request(Transition.replace(TitleScene(self.ctx)))
            return True
        return False

    def play_again(self) -> Scene:
        from game.scenes.play import phase_scene
        old = self.match
        match = Match(list(old.seats.values()), old.seed + 1, **old.setup)
        return phase_scene(match.game.phase)(self.ctx, match)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        game = self.match.game
        scores = dict(game.scores)
        winners = set(game.winners())
        names = " & ".join(self.match.name(p) for p in game.players if p in winners)
        style.text(surface, t("gameover.title"), (layout.WIDTH // 2, 28), 44, style.GOLD_LIGHT, bold=True,
                   face="serif", anchor="midtop", shadow=(0, 0, 0))
        style.text(surface, t("gameover.winner", who=names), (layout.WIDTH // 2, 88), 24, style.PARCHMENT,
                   bold=True, face="serif", anchor="midtop")
        ranking = sorted(game.players, key=lambda p: -scores[p])
        history = list(game.score_history)
        general = [(label, pts) for label, pts in history if label.startswith("round")]
        specials = [pts for label, pts in history if not label.startswith("round")]
        columns = [history_label(label) for label, _ in general] + [t("gameover.special")]
        rect = pygame.Rect(120, 140, layout.WIDTH - 240, 90 + 70 * len(ranking))
        style.panel(surface, rect, border=style.GOLD, width=3, radius=14)
        span = (rect.right - 90 - (rect.x + 430)) / max(1, len(columns))
        col_x = [int(rect.x + 430 + i * span) for i in range(len(columns) + 1)]
        for x, label in zip(col_x, columns + [t("scoring.total")]):
            style.text(surface, label, (x, rect.y + 22), 14, style.INK_SOFT, bold=True, anchor="midtop")
        for rank, player in enumerate(ranking):
            y = rect.y + 64 + rank * 70
            colour = style.player_colour(player)
            style.text(surface, f"{rank + 1}.", (rect.x + 30, y + 10), 26, style.INK, bold=True, face="serif")
            pygame.draw.rect(surface, colour, (rect.x + 80, y + 12, 34, 34), border_radius=6)
            pygame.draw.rect(surface, style.INK, (rect.x + 80, y + 12, 34, 34), 2, border_radius=6)
            style.text(surface, self.match.name(player), (rect.x + 130, y + 12), 26, style.INK, bold=True,
                       face="serif")
            values = [pts.get(player, 0) for _, pts in general] + [sum(p.get(player, 0) for p in specials)]
            for x, value in zip(col_x, values + [scores[player]]):
                big = x == col_x[len(values)]
                style.text(surface, str(value), (x, y + 12), 28 if big else 22, style.INK, bold=big,
                           anchor="midtop")
            if player in winners:
                style.text(surface, "★", (rect.x + 130 + style.font(26, True, "serif").size(self.match.name(player))[0] + 12,
                                          y + 10), 26, style.GOLD, bold=True)
        for rect, label in zip(BUTTONS, (t("gameover.again"), t("gameover.title_screen"))):
            style.button(surface, rect, label, hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=label == t("gameover.again"))
