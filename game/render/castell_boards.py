"""One player board per seat: name, score and turn; the team by size; skill ranks and special
tokens left; what was won in each region and the best festival tower.
"""
from __future__ import annotations

import pygame

from engine.castell import SKILLS, View
from game.present.castell_look import Colour, TableLook
from game.shell.castell_map import load_castell_map
from game.render import draw, pieces, style
from game.render.castell_board import hex_colour
from game.render.castell_pieces import casteller, prize, size_token, skill_icon, special_token
from game.render.castell_wheel import SKILL_TINTS
from game.shell.i18n import t


@style.fixed_size
def paint_boards(surface: pygame.Surface, rects: list[pygame.Rect], view: View,
                 look: TableLook, names: tuple[str, ...], colours: tuple[Colour, ...], mover: int) -> None:
    scores = view.scores
    ghost_skill = look.ghost.skill if look.ghost is not None else None
    for seat, rect in enumerate(rects):
        hovered = look.hover is not None and look.hover.kind == "board" and look.hover.index == seat
        _board(surface, rect, view, seat, names[seat], colours[seat], scores[view.players[seat]],
               seat == mover, hovered, ghost_skill if seat == mover else None)


def _board(surface: pygame.Surface, rect: pygame.Rect, view: View, seat: int, name: str, colour: Colour,
           score: int, to_play: bool, hovered: bool, ghost_skill: str | None) -> None:
    fill = style.shade(style.PARCHMENT, 1.12) if to_play or hovered else style.PARCHMENT
    style.panel(surface, rect, fill, style.GOLD if to_play else style.INK_SOFT, 8, 3 if to_play else 2)
    band = pygame.Rect(rect.x, rect.y, 10, rect.height)
    draw.rect(surface, colour, band, border_top_left_radius=8, border_bottom_left_radius=8)
    pieces.symbol(surface, (band.centerx, rect.y + 14), 7, view.players[seat], style.mark_ink(colour))
    pitch = (rect.height - 26) / 3
    rows = [rect.y + 26 + pitch * k for k in range(3)]
    _header(surface, rect, view, seat, name, score, to_play)
    _team(surface, pygame.Rect(rect.x + 16, round(rows[0]), rect.width - 24, round(pitch)), view, seat)
    _skills(surface, pygame.Rect(rect.x + 16, round(rows[1]), rect.width - 24, round(pitch)), view, seat, colour,
            ghost_skill)
    _won(surface, pygame.Rect(rect.x + 16, round(rows[2]), rect.width - 24, round(pitch)), view, seat)


def _header(surface: pygame.Surface, rect: pygame.Rect, view: View, seat: int, name: str, score: int,
            to_play: bool) -> None:
    x = rect.x + 16
    label = style.text(surface, name, (x, rect.y + 3), 16, style.INK, bold=True, face="serif")
    x = label.right + 8
    if seat == view.first:
        tag = pygame.Rect(x, rect.y + 6, 40, 15)
        draw.rect(surface, style.WOOD, tag, border_radius=7)
        style.text(surface, t("castell.board.first"), tag.center, 10, style.GOLD_LIGHT, bold=True, anchor="center")
        x = tag.right + 6
    region = view.pawn[seat]
    where = load_castell_map().regions[view.data.regions[region]].short if region >= 0 else t("castell.board.off_map")
    style.text(surface, t("castell.board.pawn", where=where), (x, rect.y + 7), 11, style.INK_SOFT)
    if to_play:
        style.text(surface, t("castell.board.to_play"), (rect.right - 66, rect.y + 7), 11, style.DANGER, bold=True, anchor="topright")
    style.text(surface, str(score), (rect.right - 10, rect.y + 1), 24, style.INK, bold=True, face="serif",
               anchor="topright")


def _team(surface: pygame.Surface, row: pygame.Rect, view: View, seat: int) -> None:
    """The team as ten columns by size: a casteller tile where the player has some, and how many."""
    counts = view.team[seat]
    style.text(surface, t("castell.board.team"), (row.x, row.y + 2), 10, style.INK_SOFT, bold=True)
    style.text(surface, str(sum(counts)), (row.x, row.y + 14), 14, style.INK, bold=True, face="serif")
    left = row.x + 34
    step = (row.width - 34) / 10
    foot = row.y + min(row.height - 1, 29)
    for size in range(1, 11):
        x = left + (size - 1) * step + 9
        if counts[size - 1]:
            tile = casteller(surface, (x, foot), size, 0.85)
            if counts[size - 1] > 1:                       # how many: a badge on the tile's shoulder
                badge = (tile.right + 3, tile.y + 2)
                draw.circle(surface, style.INK, badge, 6)
                style.text(surface, str(counts[size - 1]), badge, 10, style.PARCHMENT, bold=True,
                           face="condensed", anchor="center")
        else:
            draw.rect(surface, style.shade(style.PARCHMENT_DARK, 0.95), (x - 4, foot - 7, 8, 6), 1, border_radius=2)


def _skills(surface: pygame.Surface, row: pygame.Rect, view: View, seat: int, colour: Colour,
            ghost_skill: str | None) -> None:
    """Each skill's icon with its rank as pips (filled up to the rank, out of the top rank), then
    the special action tokens left."""
    x = row.x
    for k, skill in enumerate(SKILLS):
        rank, top = view.ranks[seat][k], view.data.max_rank[k]
        tint = SKILL_TINTS[skill]
        skill_icon(surface, (x + 8, row.y + 11), 15, skill, tint)
        for pip in range(top):
            box = pygame.Rect(round(x + 19 + pip * 9), row.y + 6, 7, 11)
            filled = pip < rank
            rising = ghost_skill == skill and pip == rank
            draw.rect(surface, tint if filled else style.HIGHLIGHT if rising else style.PARCHMENT_DARK, box,
                      border_radius=2)
            draw.rect(surface, style.shade(tint, 0.6), box, 1, border_radius=2)
        x += 24 + top * 9 + 6
    tokens_left = view.tokens[seat]
    total = view.data.special_tokens
    left = row.right - total * 13 + 6
    for i in range(total):
        special_token(surface, (left + i * 13, row.y + 11), 5.5, colour, left=i < tokens_left)


def _won(surface: pygame.Surface, row: pygame.Rect, view: View, seat: int) -> None:
    """A slot per region holding what the player won there (performance tiles, size tokens,
    prizes), then the best festival tower and the bounty collected."""
    m = load_castell_map()
    d = view.data
    label = style.text(surface, t("castell.board.won"), (row.x, row.y + 6), 10, style.INK_SOFT, bold=True)
    left = max(34, label.right + 5 - row.x)
    slot_w = min(34.0, (row.width - 116 - left) / len(d.regions))
    for r, rid in enumerate(d.regions):
        slot = pygame.Rect(round(row.x + left + r * slot_w), row.y + 1, round(slot_w) - 3, 22)
        tint = hex_colour(m.regions[rid].colour)
        tiles = [t for t in view.won_tiles[seat] if view.tile_region[t] == r]
        sizes = [s for s, where in view.won_sizes[seat] if where == r]
        prizes = [d.prize_kinds[k] for k, where in view.won_prizes[seat] if where == r]
        won = bool(tiles or sizes or prizes)
        draw.rect(surface, tint if won else style.shade(tint, 1.5), slot, border_radius=4)
        draw.rect(surface, style.shade(tint, 0.55), slot, 1, border_radius=4)
        glyphs = [("tile", 0, "")] * len(tiles) + [("size", s, "") for s in sizes] + [("prize", 0, p) for p in prizes]
        pitch = min(11.0, (slot.width - 10) / max(1, len(glyphs) - 1)) if len(glyphs) > 1 else 0
        for i, (kind, size, what) in enumerate(glyphs):
            cx = slot.x + 6 + i * pitch if len(glyphs) > 1 else slot.centerx
            if kind == "tile":
                draw.rect(surface, (250, 242, 222), (cx - 5, slot.y + 4, 10, 14), border_radius=2)
                draw.rect(surface, style.INK_SOFT, (cx - 5, slot.y + 4, 10, 14), 1, border_radius=2)
            elif kind == "size":
                size_token(surface, (cx, slot.centery), 6.5, size)
            else:
                prize(surface, (cx, slot.centery), what, 12)
    best = view.best[seat]
    style.text(surface, t("castell.board.best", score=best), (row.right, row.y + 1), 11, style.INK, bold=True, anchor="topright")
    style.text(surface, t("castell.board.bounty", count=view.collected[seat]), (row.right, row.y + 13), 10, style.INK_SOFT,
               anchor="topright")
