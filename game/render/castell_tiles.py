"""The local performance rows (two tiles per region and the bounty tokens lying there) and the
festival calendar (rounds 3-10: each festival's town banner with its size token).
"""
from __future__ import annotations

import pygame

from engine.castell import ExhibitionTile, View
from game.present.castell_look import Colour, TableLook
from game.shell.castell_map import load_castell_map
from game.render import draw, style
from game.render.castell_board import hex_colour
from game.render.castell_pieces import size_token, skill_icon, special_token
from game.render.castell_wheel import SKILL_TINTS
from game.shell.castell_layout import CastellLayout
from game.shell.i18n import t

def fitted_lines(text: str, width: float, size: int, lines: int) -> tuple[list[str], int, str]:
    """The text wrapped into at most `lines` lines of `width`: in bold serif, smaller if need be,
    else in the condensed face (long Catalan names in narrow boxes at 1024x640)."""
    for face in ("serif", "condensed"):
        for points in range(size, 8, -1):
            wrapped = style.wrap(text, width, points, True, face)
            if len(wrapped) <= lines and all(style.text_width(w, points, True, face) <= width for w in wrapped):
                return wrapped, points, face
    return wrapped[:lines], 9, "condensed"


def dealt(view: View, region: int) -> list[str]:
    """The tiles dealt to a region's row, in deal order (a taken one keeps its slot, empty)."""
    return [tile for tile, r in view.tile_region.items() if r == region]


def tile_slots(layout: CastellLayout, view: View) -> dict[str, pygame.Rect]:
    """Every dealt performance tile's rectangle, taken or not."""
    slots: dict[str, pygame.Rect] = {}
    for r, row in enumerate(layout.row_rects(len(view.data.regions))):
        tiles = dealt(view, r)
        slots.update(zip(tiles, layout.tile_rects(row, len(tiles))))
    return slots


@style.fixed_size
def paint_rows(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook,
               colours: tuple[Colour, ...], colour: Colour) -> None:
    area = layout.rows_rect
    style.text(surface, t("castell.table.performances"), (area.x + 2, area.y), 13, style.GOLD_LIGHT, bold=True, face="serif")
    m = load_castell_map()
    slots = tile_slots(layout, view)
    ghost = look.ghost.tile if look.ghost is not None else None
    for r, row in enumerate(layout.row_rects(len(view.data.regions))):
        rid = view.data.regions[r]
        fill = hex_colour(m.regions[rid].colour)
        style.panel(surface, row, style.PARCHMENT, style.INK_SOFT, 6, 1)
        band = pygame.Rect(row.x, row.y, 8, row.height)
        draw.rect(surface, fill, band, border_top_left_radius=6, border_bottom_left_radius=6)
        name_w = layout.tile_rects(row, 2)[0].x - row.x - 16
        lines, size, face = fitted_lines(view.data.region_names[rid], name_w, 11, 3)
        for i, line in enumerate(lines):
            y = row.centery + (i - (len(lines) - 1) / 2) * (style.line_height(size, True, face) - 2)
            style.text(surface, line, (row.x + 12, y), size, style.INK, bold=True, face=face, anchor="midleft")
        for tile in dealt(view, r):
            rect = slots[tile]
            if tile in view.rows[r]:
                hovered = look.hover is not None and look.hover.kind == "tile" and look.hover.key == tile
                performance_tile(surface, rect, view, tile, hovered)
                if tile in look.lit:
                    width = 4 if hovered else 2 + round(look.pulse)
                    draw.rect(surface, style.shade(colour, 1.0 + 0.45 * look.pulse), rect.inflate(6, 6), width,
                              border_radius=7)
                if tile == ghost:
                    draw.rect(surface, style.HIGHLIGHT, rect.inflate(10, 10), 3, border_radius=8)
            else:
                draw.rect(surface, style.PARCHMENT_DARK, rect, border_radius=5)
                draw.rect(surface, style.shade(style.PARCHMENT_DARK, 0.85), rect, 1, border_radius=5)
                style.text(surface, t("castell.table.taken"), rect.center, 10, style.INK_SOFT, anchor="center")
        _bounty(surface, layout.bounty_rect(row), view, r, colours)


def performance_tile(surface: pygame.Surface, rect: pygame.Rect, view: View, tile_id: str, hovered: bool) -> None:
    """A local performance tile: a shape tile's castellers per level as stacked bars (bottom
    first), an exhibition tile's height and skill icons; its points on a gold seal."""
    tile = view.data.tiles[tile_id]
    face = style.shade(style.PARCHMENT, 1.2) if hovered else (250, 242, 222)
    draw.rect(surface, style.WOOD_DARK, rect.move(1, 2), border_radius=5)
    draw.rect(surface, face, rect, border_radius=5)
    draw.rect(surface, style.INK_SOFT, rect, 1, border_radius=5)
    if isinstance(tile, ExhibitionTile):
        for level in range(tile.points):                      # exactly this many levels, one block each
            draw.rect(surface, (176, 52, 44), (rect.x + 6, rect.bottom - 6 - (level + 1) * 6, 9, 5))
        style.text(surface, str(tile.points), (rect.x + 19, rect.bottom - 4), 11, style.INK, bold=True,
                   anchor="bottomleft")
        size = min(13.0, (rect.height - 20) / len(tile.skills) - 1)      # the skills, in a column
        for i, skill in enumerate(tile.skills):
            skill_icon(surface, (rect.right - 12, rect.y + 20 + size / 2 + i * (size + 1)), size, skill,
                       SKILL_TINTS[skill])
    else:
        widest = max(tile.levels)
        block = min(7.0, (rect.width - 26) / widest - 1)
        for level, count in enumerate(tile.levels):
            y = rect.bottom - 6 - (level + 1) * 7
            x = rect.x + 5 + (widest - count) * (block + 1) / 2
            for k in range(count):
                draw.rect(surface, (176, 52, 44), (x + k * (block + 1), y, block, 6))
    seal = (rect.right - 9, rect.y + 9)
    draw.circle(surface, style.GOLD, seal, 8)
    draw.circle(surface, style.shade(style.GOLD, 0.55), seal, 8, 1)
    style.text(surface, str(tile.points), (seal[0], seal[1] + 0.5), 12, style.INK, bold=True, anchor="center")


def _bounty(surface: pygame.Surface, rect: pygame.Rect, view: View, region: int, colours: tuple[Colour, ...]) -> None:
    """The special action tokens lying on a row: a pile of discs in their owners' colours and shapes."""
    tokens = view.bounty[region]
    draw.rect(surface, style.PARCHMENT_DARK, rect, border_radius=5)
    if not tokens:
        style.text(surface, "—", rect.center, 11, style.INK_SOFT, anchor="center")
        return
    shown = tokens[-3:]                                   # the top of the pile
    for i, seat in enumerate(shown):
        special_token(surface, (rect.centerx, rect.bottom - 9 - i * 8), 7, colours[seat], owner=view.players[seat])
    style.text(surface, f"+{len(tokens)}", (rect.centerx, rect.y + 7), 11, style.INK, bold=True, anchor="center")


def festival_state(view: View, rnd: int, index: int) -> str:
    """"past", "now" (being held), "current" (this round, not yet held) or "coming"."""
    if view.is_over or rnd < view.round:
        return "past"
    if rnd > view.round:
        return "coming"
    if view.phase == "festival":
        return "past" if index < view.fest_pos else "now" if index == view.fest_pos else "current"
    return "current"


@style.fixed_size
def paint_calendar(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook) -> None:
    area = layout.calendar_rect
    style.panel(surface, area, style.PARCHMENT, style.INK_SOFT, 8, 2)
    style.text(surface, t("castell.table.calendar"), (area.x + 10, area.y + 4), 14, style.INK, bold=True, face="serif")
    rounds = sorted({f.round for f in view.calendar})
    for rnd, column in layout.calendar_columns(rounds).items():
        current = rnd == view.round and not view.is_over
        head = pygame.Rect(column.x, column.y, column.width, 16)
        draw.rect(surface, style.GOLD if current else style.PARCHMENT_DARK, head, border_radius=4)
        style.text(surface, t("castell.table.round", round=rnd), head.center, 10, style.INK, bold=True, anchor="center")
        if current:
            draw.rect(surface, style.GOLD, column.inflate(4, 4), 2, border_radius=6)
    rects = layout.festival_rects([(f.round, f.id) for f in view.calendar])
    index: dict[int, int] = {}
    for fest in view.calendar:
        k = index.get(fest.round, 0)
        index[fest.round] = k + 1
        hovered = look.hover is not None and look.hover.kind == "festival" and look.hover.key == fest.id
        _banner(surface, rects[fest.id], view, fest.tile.town, fest.tile.region, fest.tile.back, fest.sizes,
                festival_state(view, fest.round, k), hovered, look.pulse, fest.id in look.lit)


def _banner(surface: pygame.Surface, rect: pygame.Rect, view: View, town: str, region: int, back: str,
            sizes: tuple[int, ...], state: str, hovered: bool, pulse: float, lit: bool) -> None:
    """A festival banner: a pennant in the region's colour with the town, the region, the tile's
    back (I / II) and the size token hanging below; a past one faded, the one held now glowing."""
    rid = view.data.regions[region]
    fill = hex_colour(load_castell_map().regions[rid].colour)
    past = state == "past"
    if past:
        fill = style.shade(style.shade(fill, 0.75), 1.4)
    cloth = pygame.Rect(rect.x + 3, rect.y, rect.width - 6, rect.height - 22)
    tail = [(cloth.x, cloth.bottom), (cloth.centerx, cloth.bottom + 10), (cloth.right, cloth.bottom)]
    draw.rect(surface, style.WOOD_DARK, cloth.move(1, 2))
    draw.rect(surface, fill, cloth)
    draw.polygon(surface, fill, tail)
    draw.line(surface, (92, 66, 44), (rect.x, cloth.y), (rect.right, cloth.y), 3)
    edge = style.shade(fill, 0.5)
    draw.rect(surface, edge, cloth, 1)
    ink = style.INK_SOFT if past else style.INK
    lines, size, face = fitted_lines(town, cloth.width - 6, 11, 2 if cloth.height < 56 else 3)
    for i, line in enumerate(lines):
        style.text(surface, line, (cloth.centerx, cloth.y + 10 + i * (style.line_height(size, True, face) - 2)), size,
                   ink, bold=True, face=face,
                   anchor="center")
    style.text(surface, f"{load_castell_map().regions[rid].short} · {back}", (cloth.centerx, cloth.bottom - 9), 9, ink,
               anchor="center")
    for i, size in enumerate(sizes):
        x = rect.centerx + (i - (len(sizes) - 1) / 2) * 22
        size_token(surface, (x, rect.bottom - 10), 10, size, faded=past)
    if state in ("now", "current") or hovered or lit:
        colour = style.HIGHLIGHT if state == "now" else style.GOLD_LIGHT if hovered else style.GOLD
        width = 2 + round(pulse) if state == "now" or lit else 2
        draw.rect(surface, colour, rect.inflate(2, 2), width, border_radius=4)
