"""The title screen's panel of the player's online tables: right of the game cards, a row
per table (code and host; the game and whose turn on a second line, gold when it is the
player's) and one quiet line (game/match/online_tables.py says what it holds)."""
from __future__ import annotations

import pygame

from game.match.online_tables import OnlineTables, game_name, table_state
from game.render import style
from game.shell import layout
from game.shell.i18n import t


def panel_rect() -> pygame.Rect:
    return layout.in_frame(1044, 192, 224, 340)


def row_height() -> int:
    """A table's row: its two lines at the UI scale's text size, 48 units at least."""
    return max(48, round(style.line_height(15, True) + style.line_height(13) + 8))


def row_rects(tables: OnlineTables) -> list[tuple[pygame.Rect, str]]:
    """Each listed table's row and its key ("table:CODE")."""
    box, pitch = panel_rect(), row_height() + 8
    return [(pygame.Rect(box.x + 8, box.y + 38 + i * pitch, box.width - 16, pitch - 8), f"table:{item['code']}")
            for i, item in enumerate(tables.tables)]


def fitted(surface: pygame.Surface, value: str, pos: tuple[int, int], width: int, size: int, bold: bool,
           anchor: str) -> None:
    """One line of a row, smaller to fit its width, cut short with "…" when even that is too wide."""
    size = style.fit_size(value, width, size, bold)
    if style.text_width(value, size, bold) > width:
        value = style.ellipsized(value, width, size, bold)
    style.text(surface, value, pos, size, style.INK, bold=bold, anchor=anchor)


def draw(surface: pygame.Surface, tables: OnlineTables, hover: tuple[int, int] | None, connecting: bool) -> None:
    if not tables.stored:
        return
    box = panel_rect()
    rows = row_rects(tables)
    quiet = tables.quiet(connecting)
    lines = style.wrap(quiet, box.width - 20, 13) if quiet else []
    spacing = style.line_height(13)
    y = box.y + 40 + len(rows) * (row_height() + 8)
    height = y - box.y + round(spacing * len(lines)) + 6
    style.plate(surface, pygame.Rect(box.x, box.y, box.width, height), (20, 14, 8, 170), radius=10)
    heading = t("online.your_tables")
    style.text(surface, heading, (box.centerx, box.y + 10), style.fit_size(heading, box.width - 16, 17, True, "serif"),
               style.GOLD_LIGHT, bold=True, face="serif", anchor="midtop")
    for (rect, _), item in zip(rows, tables.tables):
        mine = item.get("to_move") == item.get("player") and item.get("status") == "playing"
        style.button(surface, rect, "", hover=bool(hover and rect.collidepoint(hover)), primary=mine)
        fitted(surface, f"{item['code']} · {item.get('name') or '—'}", (rect.centerx, rect.y + 4), rect.width - 16,
               15, True, "midtop")
        fitted(surface, f"{game_name(item)} · {table_state(item)}", (rect.centerx, rect.bottom - 5), rect.width - 16,
               13, False, "midbottom")
    for i, line in enumerate(lines):
        style.text(surface, line, (box.centerx, y + spacing * i), 13, style.PARCHMENT, anchor="midtop")


def draw_connection(surface: pygame.Surface, text: str) -> None:
    """An online table's connection trouble: a red plate across the top of the map, under the
    prompt, until the seat is back (game/match/remote.py `connection_text`)."""
    map_rect = layout.current().map_rect
    rect = pygame.Rect(0, 0, min(map_rect.width - 20, int(style.text_width(text, 16, True)) + 40), 34)
    rect.midtop = (map_rect.centerx, layout.current().prompt_rect.bottom + 44)
    style.plate(surface, rect, (*style.DANGER, 235), radius=8)
    style.text(surface, text, rect.center, style.fit_size(text, rect.width - 24, 16, True), style.PARCHMENT,
               bold=True, anchor="center")
