"""The whole Castell table drawn from a View, and what lies under a point.

`paint_table(surface, layout, view, look)` paints the wood, the top bar with the round track,
the map, the skill wheel, the performance rows, the festival calendar, the player boards and the
score track; the scene paints its prompt (`layout.prompt_rect`), buttons (`layout.button_row`
and the top bar's), log (`layout.log_rect(players)`) and the tower builder (`layout.panel_rect`) over it.
Painting reads the View and the look and changes neither. `hit_test` uses the same rectangles.
"""
from __future__ import annotations

import math

import pygame

from engine.castell import View
from game.present.castell_look import Colour, TableLook, Target
from game.shell.castell_map import load_castell_map, region_at
from game.render import draw, pieces, style
from game.render.castell_board import casteller_feet, paint_map
from game.render.castell_boards import paint_boards
from game.render.castell_pieces import casteller_size
from game.render.castell_tiles import paint_calendar, paint_rows, tile_slots
from game.render.castell_wheel import paint_wheel, segment_count
from game.shell import layout as shell_layout
from game.shell.castell_layout import DISC_RADIUS, SCORE_SPAN, CastellLayout
from game.shell.i18n import player_name, t


def seat_names(view: View, look: TableLook) -> tuple[str, ...]:
    return look.names if len(look.names) == view.n else tuple(player_name(p) for p in view.players)


def seat_colours(view: View, look: TableLook) -> tuple[Colour, ...]:
    return look.colours if len(look.colours) == view.n else tuple(style.player_colour(p) for p in view.players)


def paint_table(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook) -> None:
    """Draw a whole Castell position (see the module's docstring for what the scene adds)."""
    shell_layout.use(layout.window)            # game.render.draw turns units into this window's pixels
    names, colours = seat_names(view, look), seat_colours(view, look)
    mover = view.to_move_idx if look.turn is None else look.turn
    colour = colours[mover] if mover >= 0 else style.GOLD
    surface.blit(style.wood_background(surface.get_size()), (0, 0))
    _top_bar(surface, layout, view)
    paint_map(surface, layout, view, look, colours, mover)
    paint_wheel(surface, layout, view, look, mover, colour)
    paint_rows(surface, layout, view, look, colours, colour)
    paint_calendar(surface, layout, view, look)
    paint_boards(surface, layout.board_rects(view.n), view, look, names, colours, mover)
    _score_track(surface, layout, view, colours)


@style.fixed_size
def _top_bar(surface: pygame.Surface, layout: CastellLayout, view: View) -> None:
    bar = layout.top_bar
    draw.rect(surface, style.WOOD_DARK, bar)
    draw.line(surface, style.GOLD, (bar.x, bar.bottom - 1), (bar.right, bar.bottom - 1), 2)
    style.text(surface, "Castell", (layout.map_rect.x + 6, bar.centery), 26, style.GOLD_LIGHT, bold=True,
               face="serif", anchor="midleft")
    festival_rounds = {f.round for f in view.calendar}
    for rnd, rect in enumerate(layout.round_rects(), start=1):
        past = rnd < view.round or view.is_over
        now = rnd == view.round and not view.is_over
        centre = (rect.centerx, rect.centery)
        if now:
            draw.circle(surface, style.GOLD, centre, 15)
        draw.circle(surface, style.shade(style.PARCHMENT, 0.7) if past else style.PARCHMENT, centre, 12)
        draw.circle(surface, style.INK if now else style.INK_SOFT, centre, 12, 2)
        style.text(surface, str(rnd), centre, 13, style.INK_SOFT if past else style.INK, bold=True, anchor="center")
        if rnd in festival_rounds:
            pole = (rect.right - 4, rect.y + 1)
            draw.line(surface, style.GOLD_LIGHT, pole, (pole[0], pole[1] + 10), 1)
            draw.polygon(surface, (176, 52, 44), [pole, (pole[0] + 7, pole[1] + 3), (pole[0], pole[1] + 6)])
        if rnd in view.data.refill_rounds:
            draw.circle(surface, (196, 160, 104), (rect.x + 5, rect.bottom - 5), 3)


@style.fixed_size
def _score_track(surface: pygame.Surface, layout: CastellLayout, view: View, colours: tuple[Colour, ...]) -> None:
    track = layout.score_track
    style.panel(surface, track, style.PARCHMENT, style.INK_SOFT, 6, 2)
    style.text(surface, t("castell.table.score"), (track.right - 10, track.y + 3), 11, style.INK_SOFT, bold=True, anchor="topright")
    y = track.y + 34
    left, right = layout.score_position(0)[0], layout.score_position(SCORE_SPAN - 1)[0]
    draw.line(surface, style.INK_SOFT, (left, y), (right + (right - left) / (SCORE_SPAN - 1), y), 1)
    for score in range(0, SCORE_SPAN, 5):
        x, _ = layout.score_position(score)
        tall = score % 10 == 0
        draw.line(surface, style.INK_SOFT, (x, y - (5 if tall else 3)), (x, y), 1)
        if tall:
            style.text(surface, str(score), (x, y + 2), 10, style.INK_SOFT, anchor="midtop")
    scores = view.scores
    placed: list[float] = []
    for seat, player in enumerate(view.players):
        score = scores[player]
        x, _ = layout.score_position(score)
        level = sum(1 for other in placed if abs(other - x) < 15)        # chips closer than a chip stack up
        placed.append(x)
        chip = (x, y - 10 - level * 9)
        draw.rect(surface, colours[seat], (chip[0] - 7, chip[1] - 7, 14, 14), border_radius=3)
        draw.rect(surface, pieces.edge_colour(colours[seat]), (chip[0] - 7, chip[1] - 7, 14, 14), 1, border_radius=3)
        pieces.symbol(surface, chip, 8, player, style.mark_ink(colours[seat]))
        if score >= SCORE_SPAN:
            style.text(surface, f"+{score // SCORE_SPAN * SCORE_SPAN}", (x + 9, chip[1]), 9, style.INK, bold=True,
                       anchor="midleft")


def hit_test(layout: CastellLayout, view: View, point: tuple[float, float]) -> Target | None:
    """What lies under a point in UI units, topmost first: a round of the round track, a festival
    banner, a performance tile, a row's bounty, a board skill tile, a wheel segment, a casteller on
    the map, a region, a player board."""
    for rnd, rect in enumerate(layout.round_rects(), start=1):
        if rect.collidepoint(point):
            return Target("round", "", rnd)
    for tile_id, rect in layout.festival_rects([(f.round, f.id) for f in view.calendar]).items():
        if rect.collidepoint(point):
            return Target("festival", tile_id)
    for tile_id, rect in tile_slots(layout, view).items():
        if rect.collidepoint(point) and tile_id in view.rows[view.tile_region[tile_id]]:
            return Target("tile", tile_id)
    for rid, row in zip(view.data.regions, layout.row_rects(len(view.data.regions))):
        if layout.bounty_rect(row).collidepoint(point):
            return Target("bounty", rid)
    for position, kind in enumerate(view.ring):
        if layout.ring_rect(position, len(view.ring)).collidepoint(point):
            return Target("skill", kind, position)
    segment = _segment_at(layout, view, point)
    if segment is not None:
        return segment
    if layout.map_rect.collidepoint(point):
        for r, rid in enumerate(view.data.regions):
            for size, foot in casteller_feet(layout, view, r):
                w, h = casteller_size(size, 0.9)
                if pygame.Rect(round(foot[0] - w / 2), round(foot[1] - h), round(w), round(h)).collidepoint(point):
                    return Target("casteller", rid, size)
        found = region_at(load_castell_map(), layout.to_canvas(point))
        if found is not None:
            return Target("region", found)
    for seat, rect in enumerate(layout.board_rects(view.n)):
        if rect.collidepoint(point):
            return Target("board", view.players[seat], seat)
    return None


def _segment_at(layout: CastellLayout, view: View, point: tuple[float, float]) -> Target | None:
    """The wheel segment (its region, or "all") under a point on the disc, at rest."""
    cx, cy = layout.wheel_centre
    dx, dy = point[0] - cx, point[1] - cy
    if dx * dx + dy * dy > DISC_RADIUS * DISC_RADIUS:
        return None
    count = segment_count(view)
    turn = (math.atan2(dx, -dy) / (2 * math.pi)) % 1.0
    segment = (round(turn * count) - view.round) % count
    if segment == len(view.data.wheel):
        return Target("segment", "all", segment)
    return Target("segment", view.data.regions[view.data.wheel[segment]], segment)

