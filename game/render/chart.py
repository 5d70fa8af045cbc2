"""The score-progression chart of the game-over screen: each player's points after every round."""
from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame

from game.shell.i18n import t
from game.render import draw, pieces, style


@style.fixed_size
def score_chart(surface: pygame.Surface, rect: pygame.Rect, progress: tuple[tuple[int, dict[str, int]], ...],
                players: tuple[str, ...], name: Callable[[str], str]) -> None:
    """Lines in the players' colours over rounds, a labelled grid, each line's final score at its end."""
    style.panel(surface, rect, border=style.GOLD, width=3, radius=14)
    style.text(surface, t("gameover.chart"), (rect.centerx, rect.y + 12), 18, style.INK, bold=True, face="serif",
               anchor="midtop")
    plot = pygame.Rect(rect.x + 52, rect.y + 48, rect.width - 110, rect.height - 90)
    rounds = [r for r, _ in progress]
    low = min(rounds)
    high = max(rounds[-1], low + 1)
    top = max(10, *(max(scores.values()) for _, scores in progress))
    step = next(s for s in (5, 10, 20, 25, 50, 100) if top / s <= 8)
    top = -(-top // step) * step

    def at(round_: int, points: int) -> tuple[int, int]:
        return (plot.x + (round_ - low) * plot.width // (high - low), plot.bottom - points * plot.height // top)

    for value in range(0, top + 1, step):
        y = at(low, value)[1]
        draw.line(surface, style.PARCHMENT_DARK, (plot.x, y), (plot.right, y), 1)
        style.text(surface, str(value), (plot.x - 8, y), 12, style.INK_SOFT, anchor="midright")
    for round_ in range(low, high + 1):
        x = at(round_, 0)[0]
        draw.line(surface, style.PARCHMENT_DARK, (x, plot.y), (x, plot.bottom), 1)
        style.text(surface, str(round_) if round_ else t("gameover.chart_start"), (x, plot.bottom + 6), 12,
                   style.INK_SOFT, bold=round_ in (3, 6, 9), anchor="midtop")
    style.text(surface, t("hud.round"), (plot.centerx, rect.bottom - 16), 12, style.INK_SOFT, anchor="center")
    draw.rect(surface, style.INK_SOFT, plot, 1)
    ends: list[int] = []
    for player in sorted(players, key=lambda p: -progress[-1][1][p]):
        colour = style.player_colour(player)
        points = [at(r, scores[player]) for r, scores in progress]
        for start, end in itertools.pairwise(points):
            draw.line(surface, style.INK, start, end, 5)
        for start, end in itertools.pairwise(points):
            draw.line(surface, colour, start, end, 3)
        for point in points:
            pieces.symbol(surface, point, 7, player, colour, edge=style.INK)
        y = points[-1][1]
        while any(abs(y - other) < 14 for other in ends):   # end labels never overlap
            y += 14
        ends.append(y)
        style.text(surface, str(progress[-1][1][player]), (points[-1][0] + 9, y), 13, style.INK, bold=True,
                   anchor="midleft")
