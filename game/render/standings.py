"""Region standings: a tooltip with the values in force, each colour's Caballeros in rank order and
what each would score if the area were scored now; and small rank badges on every region (M).

Why the engine is asked: ranks come from `engine.ranks` (§8.2 ties) and the points from
`engine.scoring_preview` (the same function a real scoring uses), so the tooltip can never
disagree with the scoring that follows.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

import engine
from game.shell import layout
from game.shell.i18n import area_name, t
from game.shell.mapdata import load_map
from game.present.neutral import client_key
from game.render import draw, pieces, style
from game.render.board import occupied_rects
from game.render.placement import free_row
from game.present.table import Table, castillo_counts_off_display

WIDTH = 330
ROW = 24
BADGE = 18


@dataclass(frozen=True)
class Standing:
    """One colour in an area: Caballeros (None: hidden), rank (0: absent), points if scored now."""
    player: str
    count: int | None
    rank: int
    points: int | None
    king_bonus: bool
    home_bonus: bool


def standings(view: engine.View, area: str) -> list[Standing]:
    """Every colour present in `area` (the neutral colour as NEUTRAL, ranked like a player and
    scoring nothing: docs/rulings.md R6), best rank first, with what it would score now."""
    players = tuple(view.colours_on_board)
    if area == "castillo" and castillo_counts_off_display(view):
        return [Standing(p, None, 0, None, False, False) for p in view.players]
    counts = [view.count(p, area) for p in players]
    ranks = engine.ranks(counts)
    preview = engine.scoring_preview(view, area)
    points = dict(preview.points) if preview else {}
    rows = [Standing(client_key(p, view.dummy), c, r, points.get(p, 0),
                     preview is not None and preview.king_bonus == p,
                     preview is not None and p in preview.home_bonus)
            for p, c, r in zip(players, counts, ranks) if c]
    keys = [client_key(p, view.dummy) for p in players]
    return sorted(rows, key=lambda s: (s.rank, keys.index(s.player)))


def values_caption(view: engine.View, area: str) -> str:
    """The values in force, naming a mobile scoreboard when one lies on the region."""
    values = "-".join(str(v) for v in engine.region_values(view, area))
    if area in view.scoreboards.values():
        return t("standings.values_mobile", values=values)
    return t("standings.values", values=values)


def rank_text(rank: int, tied_for: int | None = None) -> str:
    """A rank as the rules word it: "rank 3", or for a tie the place the tied players share
    ("tie for 1st": §8.2 scores them one rank lower, the points beside it say what they get)."""
    if tied_for is not None:
        return t("standings.rank_tied", place=t(f"rank.{tied_for}"))
    return t("standings.rank", rank=rank)


def tied_for(row: Standing, rows: Sequence[Standing]) -> int | None:
    """The place a tied group shares (1 + the colours with more Caballeros), None when alone."""
    if row.count is None or sum(1 for r in rows if r.count == row.count) < 2:
        return None
    return 1 + sum(1 for r in rows if r.count is not None and r.count > row.count)


def tooltip_rect(rows: int, anchor: tuple[int, int], note: bool,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Beside the pointer, kept on the map; `note`: room for a line under the rows. A tooltip
    never covers a button in `avoid` (the buttons the prompt asks for): it moves above the
    pointer, or to the pointer's left, to clear them."""
    rect = pygame.Rect(0, 0, WIDTH, 62 + ROW * max(1, rows) + (22 if note else 0))
    below = pygame.Rect(rect)
    below.topleft = (anchor[0] + 18, anchor[1] + 12)
    above = pygame.Rect(below)
    above.bottom = anchor[1] - 12
    left = pygame.Rect(below)
    left.topright = (anchor[0] - 18, anchor[1] + 12)
    for place in (below, above, left, pygame.Rect(left.x, above.y, left.w, left.h)):
        place = place.clamp(layout.current().map_rect)
        if place.collidelist(list(avoid)) < 0:
            return place
    return below.clamp(layout.current().map_rect)


def draw_standings(surface: pygame.Surface, view: engine.View, area: str, anchor: tuple[int, int],
                   name: Callable[[str], str], avoid: Sequence[pygame.Rect] = (),
                   keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """The area's standings beside the pointer, clear of `avoid` where it can be, and not drawn
    at all (None) where it would cover one of `keep_clear` (a lesson's pointed target)."""
    rows = standings(view, area)
    hidden = bool(rows) and rows[0].count is None
    rect = tooltip_rect(len(rows), anchor, hidden, [*avoid, *keep_clear])
    if rect.collidelist(list(keep_clear)) >= 0:
        return None
    style.panel(surface, rect, fill=(252, 244, 220), border=style.GOLD)
    caption = style.text(surface, values_caption(view, area), (rect.right - 12, rect.y + 12), 12, style.INK_SOFT,
                         bold=True, anchor="topright")
    title = area_name(area)
    style.text(surface, title, (rect.x + 12, rect.y + 8), style.fit_size(title, caption.x - 8 - (rect.x + 12), 18, True,
                                                                          "serif"), style.INK, bold=True, face="serif")
    style.text(surface, t("standings.if_scored"), (rect.right - 12, rect.y + 40), 11, style.INK_SOFT,
               anchor="topright")
    y = rect.y + 56
    if not rows:
        style.text(surface, t("standings.empty"), (rect.x + 12, y), 13, style.INK_SOFT)
    for row in rows:
        colour = style.player_colour(row.player)
        pieces.cube(surface, (rect.x + 20, y + 10), 12, colour, row.player)
        style.text(surface, "?" if row.count is None else str(row.count), (rect.x + 34, y + 2), 15, style.INK,
                   bold=True)
        style.text(surface, name(row.player), (rect.x + 62, y + 2), 14, style.INK, bold=True)
        x = rect.right - 16
        if row.points is not None:
            drawn = style.text(surface, f"+{row.points}" if row.points else "0", (rect.right - 16, y + 1), 16,
                               style.INK if row.points else style.GREY, bold=True, anchor="topright")
            x = drawn.x - 14
            if row.home_bonus:
                pieces.grande(surface, (x, y + 20), colour, 15, row.player)
                x -= 14
            if row.king_bonus:
                pieces.king(surface, (x, y + 21), 18)
                x -= 14
        if row.rank:    # up to the points and bonuses ("2.º lugar (empate)" ran into "+3")
            rank = rank_text(row.rank, tied_for(row, rows))
            left = rect.x + 150
            style.text(surface, rank, (left, y + 3), style.fit_size(rank, x - 8 - left, 12), style.INK_SOFT)
        y += ROW
    if hidden:
        style.text(surface, t("standings.hidden"), (rect.x + 12, y + 2), 12, style.INK_SOFT)
    return rect


def rank_badges(view: engine.View, table: Table) -> list[tuple[pygame.Rect, str, int]]:
    """(badge rect, player, rank) for the top three ranks of every region, near its name where
    they cover no name, value, piece or other badge, and of the Castillo, above its name (none
    while its counts are kept off the display)."""
    data = load_map()
    taken = occupied_rects(data, table)
    badges = []
    for region in engine.REGIONS:
        rows = [s for s in standings(view, region) if 0 < s.rank <= 3]
        if not rows:
            continue
        x, y = layout.to_screen(data.regions[region].label)
        rects = free_row((x, y + 26), [(BADGE, BADGE)] * len(rows), taken, gap=3)
        taken += rects
        badges += [(rect, row.player, row.rank) for rect, row in zip(rects, rows)]
    rows = [s for s in standings(view, "castillo") if 0 < s.rank <= 3]
    if not rows:
        return badges
    tower = layout.castillo_rect(data)
    rects = free_row((tower.centerx, tower.top - 44), [(BADGE, BADGE)] * len(rows), taken, gap=3)
    return badges + [(rect, row.player, row.rank) for rect, row in zip(rects, rows)]


@style.fixed_size
def draw_rank_badges(surface: pygame.Surface, view: engine.View, table: Table) -> None:
    """Round medallions in the players' colours with a gold rim: unlike the square pieces."""
    for rect, player, rank in rank_badges(view, table):
        colour = style.player_colour(player)
        draw.circle(surface, style.GOLD, rect.center, BADGE // 2)
        draw.circle(surface, colour, rect.center, BADGE // 2 - 2)
        style.text(surface, str(rank), rect.center, 11, style.mark_ink(colour), bold=True, anchor="center")
        pieces.symbol(surface, (rect.right - 1, rect.top + 1), 5, player, style.mark_ink(colour), edge=colour)
