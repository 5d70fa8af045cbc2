"""The title screen's panel of the player's online tables: right of the menu, on the map, a row
per table (code and host; the game and whose turn on a second line, gold when it is the
player's) and one quiet line (game/match/online_tables.py says what it holds)."""
from __future__ import annotations

import pygame

from game.match.online_tables import OnlineTables, game_name, table_state
from game.render import style
from game.shell import layout
from game.shell.i18n import t


def panel_rect() -> pygame.Rect:
    return layout.in_frame(812, 244, 236, 340)


def row_rects(tables: OnlineTables) -> list[tuple[pygame.Rect, str]]:
    """Each listed table's row and its key ("table:CODE")."""
    box = panel_rect()
    return [(pygame.Rect(box.x + 8, box.y + 38 + i * 56, box.width - 16, 48), f"table:{item['code']}")
            for i, item in enumerate(tables.tables)]


def draw(surface: pygame.Surface, tables: OnlineTables, hover: tuple[int, int] | None, connecting: bool) -> None:
    if not tables.stored:
        return
    box = panel_rect()
    rows = row_rects(tables)
    quiet = tables.quiet(connecting)
    lines = style.wrap(quiet, box.width - 20, 13) if quiet else []
    height = 38 + len(rows) * 56 + 18 * len(lines) + 6
    style.plate(surface, pygame.Rect(box.x, box.y, box.width, height), (20, 14, 8, 170), radius=10)
    heading = t("online.your_tables")
    style.text(surface, heading, (box.centerx, box.y + 10), style.fit_size(heading, box.width - 16, 17, True, "serif"),
               style.GOLD_LIGHT, bold=True, face="serif", anchor="midtop")
    for (rect, _), item in zip(rows, tables.tables):
        mine = item.get("to_move") == item.get("player") and item.get("status") == "playing"
        style.button(surface, rect, "", hover=bool(hover and rect.collidepoint(hover)), primary=mine)
        head = f"{item['code']} · {item.get('name') or '—'}"
        state = f"{game_name(item)} · {table_state(item)}"
        style.text(surface, head, (rect.centerx, rect.y + 6), style.fit_size(head, rect.width - 16, 15, True),
                   style.INK, bold=True, anchor="midtop")
        style.text(surface, state, (rect.centerx, rect.bottom - 7), style.fit_size(state, rect.width - 16, 13),
                   style.INK, anchor="midbottom")
    y = box.y + 40 + len(rows) * 56
    for i, line in enumerate(lines):
        style.text(surface, line, (box.centerx, y + 18 * i), 13, style.PARCHMENT, anchor="midtop")


def draw_connection(surface: pygame.Surface, text: str) -> None:
    """An online table's connection trouble: a red plate across the top of the map, under the
    prompt, until the seat is back (game/match/remote.py `connection_text`)."""
    map_rect = layout.current().map_rect
    rect = pygame.Rect(0, 0, min(map_rect.width - 20, int(style.text_width(text, 16, True)) + 40), 34)
    rect.midtop = (map_rect.centerx, layout.current().prompt_rect.bottom + 44)
    style.plate(surface, rect, (*style.DANGER, 235), radius=8)
    style.text(surface, text, rect.center, style.fit_size(text, rect.width - 24, 16, True), style.PARCHMENT,
               bold=True, anchor="center")
