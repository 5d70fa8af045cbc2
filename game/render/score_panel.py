"""The scoring summary panel: rows the areas scored, columns the players, cells the points (ties
and King / home bonuses marked), then the totals. Drawn from a `ScoreSummary`, nothing recomputed."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.shell import layout
from game.shell.i18n import area_name, t
from game.render import draw, pieces, style
from game.present.score_summary import AreaRow, ScoreSummary

AREA_W, CELL_W, ROW_H, HEAD_H, FOOT_H = 190, 92, 25, 84, 48
BOARD_W = 40      # a mobile scoreboard's mark beside an area's name


def panel_rect(summary: ScoreSummary, players: int) -> pygame.Rect:
    """Centred on the map; as tall as the areas scored need."""
    rect = pygame.Rect(0, 0, AREA_W + CELL_W * players + 28, HEAD_H + ROW_H * (len(summary.rows) + 1) + FOOT_H)
    rect.center = layout.current().map_rect.center
    return rect


def title(summary: ScoreSummary) -> str:
    if summary.kind == "general":
        return t("scoring.summary", round=summary.round)
    return t("scoring.card_summary", card=t(f"card.{summary.card}.name"))


def draw_score_panel(surface: pygame.Surface, summary: ScoreSummary, players: tuple[str, ...],
                     name: Callable[[str], str]) -> pygame.Rect:
    """The whole panel; returns its rect."""
    rect = panel_rect(summary, len(players))
    style.panel(surface, rect, border=style.GOLD, width=3, radius=12)
    heading = title(summary)
    style.text(surface, heading, (rect.centerx, rect.y + 12), style.fit_size(heading, rect.width - 30, 22, True, "serif"),
               style.INK, bold=True, face="serif", anchor="midtop")
    left = rect.x + 14 + AREA_W
    for i, player in enumerate(players):
        cx = left + i * CELL_W + CELL_W // 2
        draw.rect(surface, style.player_colour(player), (cx - CELL_W // 2 + 6, rect.y + 50, CELL_W - 12, 6),
                         border_radius=3)
        pieces.chip(surface, (cx, rect.y + 53), 14, player)
        label = name(player)
        style.text(surface, label, (cx, rect.y + 60), style.fit_size(label, CELL_W - 8, 14, True), style.INK,
                   bold=True, anchor="midtop")
    y = rect.y + HEAD_H
    for k, row in enumerate(summary.rows):
        if k % 2 == 0:
            draw.rect(surface, style.PARCHMENT_DARK, (rect.x + 10, y, rect.width - 20, ROW_H), border_radius=4)
        _area_row(surface, row, players, (rect.x + 18, y), left)
        y += ROW_H
    draw.line(surface, style.INK_SOFT, (rect.x + 14, y + 2), (rect.right - 14, y + 2), 2)
    style.text(surface, t("scoring.total"), (rect.x + 18, y + 6), 16, style.INK, bold=True)
    for i, player in enumerate(players):
        style.text(surface, f"+{summary.total(player)}", (left + i * CELL_W + CELL_W // 2, y + 5), 19, style.INK,
                   bold=True, anchor="midtop")
    _legend(surface, pygame.Rect(rect.x + 14, y + ROW_H + 12, rect.width - 28, FOOT_H - 20))
    return rect


def _area_row(surface: pygame.Surface, row: AreaRow, players: tuple[str, ...], pos: tuple[int, int],
              left: int) -> None:
    x, y = pos
    label = area_name(row.area)
    room = AREA_W - 12 - (BOARD_W + 6 if row.board else 0)
    drawn = style.text(surface, label, (x, y + 4), style.fit_size(label, room, 15, True, "serif"), style.INK,
                       bold=True, face="serif")
    if row.board:     # the values came from a mobile scoreboard: its little board beside the name
        board = pygame.Rect(drawn.right + 6, y + 4, BOARD_W, ROW_H - 8)
        draw.rect(surface, style.GOLD_LIGHT, board, border_radius=3)
        draw.rect(surface, style.INK, board, 1, border_radius=3)
        style.text(surface, row.board.replace("-", "·"), board.center, 11, style.INK, bold=True, anchor="center")
    for i, player in enumerate(players):
        cx = left + i * CELL_W + CELL_W // 2
        points = row.points.get(player, 0)
        if not points:
            style.text(surface, "·", (cx, y + 3), 15, style.GREY, anchor="midtop")
            continue
        text = ("=" if player in row.tied else "") + f"{points}"
        drawn = style.text(surface, text, (cx, y + 3), 16, style.INK, bold=True, anchor="midtop")
        marks = drawn.right + 4
        if row.king_bonus == player:
            pieces.king(surface, (marks + 6, y + ROW_H - 3), 18)
            marks += 14
        if player in row.home_bonus:
            pieces.grande(surface, (marks + 5, y + ROW_H - 4), style.player_colour(player), 15, player)


def _legend(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """What the marks mean, on one line: smaller when the words need it (a narrow window, large
    text)."""
    words = [t("scoring.king_bonus"), t("scoring.home_bonus"), t("scoring.tied")]
    size = 12
    while size > 6 and sum(style.text_width(w, size) for w in words) + 18 + 26 + 16 > rect.width:
        size -= 1
    x = rect.x
    pieces.king(surface, (x + 7, rect.y + 18), 18)
    drawn = style.text(surface, words[0], (x + 18, rect.y + 2), size, style.INK_SOFT)
    pieces.grande(surface, (drawn.right + 16, rect.y + 17), style.GOLD, 15)
    drawn = style.text(surface, words[1], (drawn.right + 26, rect.y + 2), size, style.INK_SOFT)
    style.text(surface, words[2], (drawn.right + 16, rect.y + 2), size, style.INK_SOFT)
