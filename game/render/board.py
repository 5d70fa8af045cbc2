"""The map of Spain with everything standing on it, drawn from a `Table`.

The static layer (sea, land, region fills, names, printed values) is rendered once per language;
each frame adds highlights, Caballeros, Grandes, the King, scoreboards, the Castillo and sprites.
"""
from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

import engine
from game.shell import layout
from game.shell.i18n import area_name, t
from game.shell.i18n import language as current_language
from game.shell.mapdata import MapData, RegionShape, load_map, point_in_polygon
from game.render import draw, pieces, style
from game.present.table import Table


def _screen_poly(points: tuple[tuple[int, int], ...]) -> tuple[tuple[float, float], ...]:
    """A map outline in UI units (cached per map position: the outlines are drawn every frame)."""
    return _outline_at(points, layout.current().map_origin)


@lru_cache(maxsize=64)
def _outline_at(points: tuple[tuple[int, int], ...], origin: tuple[int, int]) -> tuple[tuple[float, float], ...]:
    return tuple((origin[0] + x * layout.MAP_SCALE, origin[1] + y * layout.MAP_SCALE) for x, y in points)


def _hex(colour: str) -> tuple[int, int, int]:
    c = pygame.Color(colour)
    return (c.r, c.g, c.b)


def static_layer(language: str) -> pygame.Surface:
    """Sea, neighbours, islands, regions with names and printed values, at the window's resolution
    (cached per language and size)."""
    return _static_layer(language, tuple(layout.current().map_rect), draw.scale())


@lru_cache(maxsize=4)
@style.fixed_size
def _static_layer(language: str, map_rect: tuple[int, int, int, int], scale: float) -> pygame.Surface:
    data = load_map()
    rect = pygame.Rect(map_rect)
    surface = draw.layer(rect.size, alpha=False)
    surface.fill(style.SEA)
    rng = random.Random(7)
    for _ in range(260):  # gentle wave strokes
        x, y = rng.randrange(rect.w), rng.randrange(rect.h)  # UI units: the same waves at any size
        draw.arc(surface, style.SEA_DEEP, (x, y, 18, 8), 0.2, 2.9, 1)
    shift = (-rect.x, -rect.y)

    def poly(points, fill, border=None, width=2):
        pts = [(x + shift[0], y + shift[1]) for x, y in _screen_poly(points)]
        draw.polygon(surface, fill, pts)
        if border:
            draw.polygon(surface, border, pts, width)

    land_grey = (206, 198, 176)
    poly(data.portugal, land_grey, (160, 150, 130), 1)
    poly(data.france, land_grey, (160, 150, 130), 1)
    for island in data.islands:
        poly(island, land_grey, (160, 150, 130), 1)
    for shape in data.regions.values():
        poly(shape.polygon, _hex(shape.colour))
    _texture(surface, rng)
    for shape in data.regions.values():
        poly(shape.polygon, _hex(shape.colour), None)
        pts = [(x + shift[0], y + shift[1]) for x, y in _screen_poly(shape.polygon)]
        draw.polygon(surface, style.shade(_hex(shape.colour), 0.55), pts, 2)
    pts = [(x + shift[0], y + shift[1]) for x, y in _screen_poly(data.outline)]
    draw.polygon(surface, style.INK, pts, 3)
    _label(surface, t("map.portugal"), layout.to_screen((120, 470)), shift, 13, style.INK_SOFT)
    _label(surface, t("map.france"), layout.to_screen((800, 60)), shift, 13, style.INK_SOFT)
    _label(surface, t("map.sea"), layout.to_screen((660, 770)), shift, 13, style.SEA_DEEP)
    draw.rect(surface, style.INK, pygame.Rect((0, 0), rect.size), 3, border_radius=6)
    return surface


def _texture(surface: pygame.Surface, rng: random.Random) -> None:
    """Speckle the land a little so the fills read as paper, not flat colour."""
    width, height = surface.get_size()
    speck = pygame.Surface((width, height), pygame.SRCALPHA)
    dot = max(2, draw.px(2))
    for _ in range(width * height // (dot * dot * 58)):  # the same density at any resolution
        x, y = rng.randrange(width), rng.randrange(height)
        speck.fill((80, 60, 30, rng.randrange(6, 18)), (x, y, dot, dot))
    surface.blit(speck, (0, 0))


def _label(surface, value, pos, shift, size, colour, bold=False, face="serif"):
    style.text(surface, value, (pos[0] + shift[0], pos[1] + shift[1]), size, colour, bold, face,
               anchor="center")


PRINTED_VALUES = {**dict(zip(engine.REGIONS, engine.BOARD.values)), "castillo": engine.BOARD.castillo_values}
BOARD_VALUES = dict(engine.BOARD.scoreboards)       # a mobile scoreboard's values


def region_values(table: Table, region: str) -> tuple[tuple[int, ...], bool]:
    """Values in force on a region and whether a mobile scoreboard sets them (printed values:
    the engine's board data)."""
    for board, where in table.scoreboards.items():
        if where == region:
            return BOARD_VALUES[board], True
    return PRINTED_VALUES[region], False


@dataclass(frozen=True)
class Lit:
    """What the map shows as clickable: the legal `targets` outlined in the acting player's
    `colour` with a gentle `pulse` (0..1), the `hover`ed one filled brighter, the rest of the map
    slightly dimmed while there are targets; `focus` is the source of a move being chosen."""
    targets: frozenset[str] = frozenset()
    hover: str | None = None
    focus: str | None = None
    colour: tuple[int, int, int] = style.GOLD
    pulse: float = 0.5


@style.fixed_size
def draw_board(surface: pygame.Surface, table: Table, language: str, lit: Lit | None = None,
               focus: str | None = None, ghosts: Callable[[pygame.Surface], None] | None = None) -> None:
    """The whole map, in its layers: the static map with the target
    highlights, then the pieces (and `ghosts`, the pieces a move would put down), then the labels
    on top of them. Panels, tooltips and dialogs are drawn above all of it by the scene. `focus`
    (without `lit`) is an area to light up, as the replay viewer does."""
    data = load_map()
    lit = lit or Lit(focus=focus or table.focus)
    if lit.focus is None and table.focus:
        lit = replace(lit, focus=table.focus)
    draw.blit(surface, lit_map(language, data, table, lit), layout.current().map_rect)      # map + fills
    _outlines(surface, data, lit)                                                 # highlights
    for rid, shape in data.regions.items():                                       # pieces
        _region_pieces(surface, table, rid, shape)
    _grandes(surface, data, table)
    _scoreboards(surface, data, table)
    _castillo(surface, data, table, lit)
    if table.king:
        foot = layout.from_board(table.king_pos) if table.king_pos else layout.to_screen(data.regions[table.king].king)
        pieces.king(surface, foot)
    _revealed_discs(surface, data, table)
    if ghosts is not None:
        ghosts(surface)
    for rid, shape in data.regions.items():                                       # labels
        _region_label(surface, table, rid, shape)
    if not table.king_pos:
        _king_caption(surface, data, table)


_LIT_MAPS: OrderedDict[tuple, pygame.Surface] = OrderedDict()
LIT_MAPS_KEPT = 12        # hovering from target to target reuses a few images


def lit_map(language: str, data: MapData, table: Table, lit: Lit) -> pygame.Surface:
    """The static map with the highlights' translucent fills blended in (focus, targets, the
    hovered target, the dimmed rest, the King's region), cached per what they show at this size.
    Why: the fills never change with the targets' pulse (only the outlines breathe), so a resting
    decision redraws one opaque image at each pulse instead of building a window-sized alpha
    layer, filling nine regions and blending it (the idle cost at 2560x1440)."""
    hover = lit.hover if lit.hover in lit.targets else None
    key = (language, tuple(layout.current().map_rect), draw.scale(), lit.targets, hover, lit.focus, table.king)
    image = _LIT_MAPS.get(key)
    if image is None:
        image = static_layer(language).copy()
        image.blit(_glow(data, table.king, lit), (0, 0))
        _LIT_MAPS[key] = image
        if len(_LIT_MAPS) > LIT_MAPS_KEPT:
            _LIT_MAPS.popitem(last=False)
    else:
        _LIT_MAPS.move_to_end(key)
    return image


def _glow(data: MapData, king: str | None, lit: Lit) -> pygame.Surface:
    glow = draw.layer(layout.current().map_rect.size)
    shift = (-layout.current().map_rect.x, -layout.current().map_rect.y)
    for rid, shape in data.regions.items():
        pts = [(x + shift[0], y + shift[1]) for x, y in _screen_poly(shape.polygon)]
        if rid == lit.focus:
            draw.polygon(glow, (255, 250, 215, 170), pts)
        elif rid in lit.targets:
            alpha = 150 if rid == lit.hover else 40
            draw.polygon(glow, (255, 248, 210, alpha), pts)
        elif lit.targets:
            draw.polygon(glow, (30, 22, 16, 70), pts)       # not a target: dimmed
        if rid == king:
            draw.polygon(glow, (40, 30, 20, 45), pts)
    return glow


def _outlines(surface: pygame.Surface, data: MapData, lit: Lit) -> None:
    """The focus and the targets' outlines, drawn each frame: they breathe with the pulse."""
    ring = _ring_colour(lit)
    for rid, shape in data.regions.items():
        points = _screen_poly(shape.polygon)
        if rid == lit.focus:
            draw.polygon(surface, style.HIGHLIGHT, points, 4)
        elif rid in lit.targets:
            width = 5 if rid == lit.hover else 3 + round(lit.pulse)
            draw.polygon(surface, style.WOOD_DARK, points, width + 2)
            draw.polygon(surface, style.shade(lit.colour, 1.45) if rid == lit.hover else ring, points, width)


def _ring_colour(lit: Lit) -> tuple[int, int, int]:
    """The targets' outline breathes between the player's colour and a lighter tint of it."""
    return style.shade(lit.colour, 1.0 + 0.45 * lit.pulse)


@style.fixed_size
def ghost(surface: pygame.Surface, table: Table, move: engine.Move, mover: str | None,
          solid: bool = False, count: int = 1) -> tuple[float, float] | None:
    """The piece a move would put down, drawn where it goes: a Caballero marked +1 (+`count` for a
    plan placing several) for `place`/`move` (in the next slot of the region's row of stacks), a disc for `disc`, the King or the
    mover's Grande on the region's own spot, a mobile scoreboard on the region's values, ringed.
    Translucent while only hovered, nearly solid once staged. Returns where it stands (None: the
    move puts nothing on the map)."""
    kind = engine.VERB_INFO[move.verb].ghost          # the engine's table says which piece, and where
    area = engine.target_area(move) if kind.on_map else None
    owner = engine.piece_owner(move.verb, move.args, mover)
    owner = table.key(owner) if owner is not None else None      # the neutral colour's own key
    if area is None or (owner is None and kind.owned):
        return None
    layer = draw.layer(layout.current().map_rect.size)
    spot = _ghost_spot(table, area, kind)
    x, y = spot[0] - layout.current().map_rect.x, spot[1] - layout.current().map_rect.y
    if kind is engine.Ghost.DISC:
        disc_marker(layer, (x, y), str(owner))
    elif kind is engine.Ghost.KING:
        pieces.king(layer, (x, y))
    elif kind is engine.Ghost.GRANDE:
        pieces.grande(layer, (x, y), style.player_colour(str(owner)), 20, str(owner))
    elif kind is engine.Ghost.SCOREBOARD:
        pieces.scoreboard(layer, (x, y), BOARD_VALUES[move.args[0]])
        ring = pygame.Rect(0, 0, 72, 32)
        ring.center = (int(x), int(y))
        draw.rect(layer, style.HIGHLIGHT, ring, 3, border_radius=7)
    else:
        draw.circle(layer, (*style.PARCHMENT, 190), (x + 1, y), 14)
        pieces.cube(layer, (x, y), 15, style.player_colour(str(owner)), str(owner))
        style.text(layer, f"+{count}", (x + 20, y + 1), 13, style.INK, bold=True, anchor="center", shadow=style.PARCHMENT)
    layer.set_alpha(235 if solid else 160)
    draw.blit(surface, layer, layout.current().map_rect)
    return spot


def _ghost_spot(table: Table, area: str, kind: engine.Ghost) -> tuple[float, float]:
    """Screen point for a ghost piece, clear of the region's name and of other stacks; the King,
    a Grande and a scoreboard on the spots the board draws them at."""
    data = load_map()
    if area == "castillo":
        rect = layout.castillo_rect(data)
        return (rect.right + 18, rect.centery)
    shape = data.regions[area]
    if kind in (engine.Ghost.KING, engine.Ghost.GRANDE, engine.Ghost.SCOREBOARD):
        return layout.to_screen(getattr(shape, kind.value))
    if kind is engine.Ghost.DISC:
        return disc_row(table, area, 1)[0]
    bx, by = layout.to_screen(shape.pieces)
    present = [p for p in table.board_colours if (table.count(p, area) or 0) > 0]
    left = bx - (len(present) - 1) * 17 / 2 - 2
    return (left + len(present) * 17 + (4 if present else 2), by - 10)   # the next slot of the row


def _region_label(surface: pygame.Surface, table: Table, rid: str, shape: RegionShape) -> None:
    x, y = layout.to_screen(shape.label)
    name = area_name(rid)
    size = style.fit_size(name, 130, 15, bold=True, face="serif")
    style.text(surface, name, (x, y), size, style.INK, bold=True, face="serif", anchor="center",
               shadow=(250, 240, 214))
    values, mobile = region_values(table, rid)
    if not mobile:
        style.text(surface, "  ".join(str(v) for v in values), (x, y + 15), 12, style.INK_SOFT,
                   bold=True, anchor="center")


def label_rects(data: MapData) -> list[pygame.Rect]:
    """Screen rectangles of the map's texts: each region's name and its values."""
    rects: list[pygame.Rect] = []
    for rid, shape in data.regions.items():
        x, y = layout.to_screen(shape.label)
        name = area_name(rid)
        size = style.fit_size(name, 130, 15, bold=True, face="serif")
        w, h = round(style.text_width(name, size, True, "serif")), round(style.line_height(size, True, "serif"))
        rects.append(pygame.Rect(int(x - w / 2), int(y - h / 2), w, h))
        rects.append(pygame.Rect(int(x - 30), int(y + 8), 60, 15))
    return rects


def occupied_rects(data: MapData, table: Table) -> list[pygame.Rect]:
    """Screen rectangles already used on the map: names, values, pieces, Grandes, King, boards."""
    rects = label_rects(data)
    for rid, shape in data.regions.items():
        present = [p for p in table.board_colours if (table.count(p, rid) or 0) > 0]
        if present:
            bx, by = layout.to_screen(shape.pieces)
            half = (len(present) - 1) * 17 / 2 + 10
            rects.append(pygame.Rect(int(bx - half - 2), int(by - 20), int(2 * half), 22))
    for region in set(table.grandes.values()):
        fx, fy = layout.to_screen(data.regions[region].grande)
        rects.append(pygame.Rect(int(fx - 14), int(fy - 24), 28, 26))
    for board_name, board_region in table.scoreboards.items():
        spot = layout.to_screen(data.regions[board_region].scoreboard if board_region
                                else layout.SCOREBOARD_SPOTS[board_name])
        rects.append(pygame.Rect(int(spot[0] - 34), int(spot[1] - 14), 68, 28))
    return rects


def king_caption_rect(data: MapData, table: Table) -> pygame.Rect | None:
    """Where the "the King's region" caption goes: the first free spot inside the King's region
    (under the King, above the name, under the values, beside the King), never over a name; in a
    region too narrow for those spots, the roomiest one inside it clear of every text (above
    Granada's name it straddled the border, cut by it); only a region with no such room at all
    has it above its name."""
    if not table.king:
        return None
    shape = data.regions[table.king]
    text = t("board.kings_region")
    w, h = round(style.text_width(text, 10)), round(style.line_height(10))
    box = pygame.Rect(0, 0, w + 10, h + 2)
    kx, ky = layout.to_screen(shape.king)
    lx, ly = layout.to_screen(shape.label)
    king_box = pygame.Rect(int(kx - 14), int(ky - 34), 28, 36)
    taken = occupied_rects(data, table) + [king_box]
    candidates = [(kx, ky + 10), (lx, ly - 19), (lx, ly + 32), (kx - box.w / 2 - 16, ky - 14),
                  (kx + box.w / 2 + 16, ky - 14), (kx, ky - 44)]
    for cx, cy in candidates:
        box.center = (int(cx), int(cy))
        mx, my = layout.to_map(box.center)
        corners_inside = all(point_in_polygon(*layout.to_map(c), shape.polygon)
                             for c in (box.topleft, box.topright, box.bottomleft, box.bottomright))
        if corners_inside and point_in_polygon(mx, my, shape.polygon) and box.collidelist(taken) < 0:
            return box.copy()
    labels = label_rects(data)      # a narrow region: where it has room, over a piece rather than a text
    cx, cy = _roomiest(shape.polygon, box.size, taken, avoid=labels)
    box.center = (round(cx), round(cy))
    if box.collidelist(labels) >= 0:        # no room clear of the texts inside (Aragón, Valencia):
        box.center = (int(lx), int(ly - 19))   # above the name, over the border rather than a text
    return box.copy()


_CAPTION_CACHE: dict[tuple, pygame.Rect | None] = {}


def _king_caption(surface: pygame.Surface, data: MapData, table: Table) -> None:
    key = (current_language(), tuple(layout.current().map_rect), table.king, tuple(sorted(table.grandes.items())),
           tuple(sorted(table.scoreboards.items())),
           tuple((rid, tuple(p for p in table.board_colours if (table.count(p, rid) or 0) > 0)) for rid in data.regions))
    if key not in _CAPTION_CACHE:
        if len(_CAPTION_CACHE) > 256:
            _CAPTION_CACHE.clear()
        _CAPTION_CACHE[key] = king_caption_rect(data, table)
    box = _CAPTION_CACHE[key]
    if box is None:
        return
    style.plate(surface, box, (250, 240, 214, 200), 6)
    style.text(surface, t("board.kings_region"), box.center, 10, style.INK, anchor="center")


def _region_pieces(surface: pygame.Surface, table: Table, rid: str, shape: RegionShape) -> None:
    present = [p for p in table.board_colours if (table.count(p, rid) or 0) > 0]
    if not present:
        return
    bx, by = layout.to_screen(shape.pieces)
    spacing = 17
    left = bx - (len(present) - 1) * spacing / 2
    for i, player in enumerate(present):
        pieces.counted_cube(surface, (left + i * spacing - 2, by - 10), 15, style.player_colour(player),
                            table.count(player, rid), player)


def _grandes(surface: pygame.Surface, data: MapData, table: Table) -> None:
    by_region: dict[str, list[str]] = {}
    for player, region in table.grandes.items():
        by_region.setdefault(region, []).append(player)
    for region, owners in by_region.items():
        fx, fy = layout.to_screen(data.regions[region].grande)
        for i, player in enumerate(owners):
            pieces.grande(surface, (fx + (i - (len(owners) - 1) / 2) * 12, fy),
                          style.player_colour(player), 20, player)


def _scoreboards(surface: pygame.Surface, data: MapData, table: Table) -> None:
    for board, region in table.scoreboards.items():
        if region:
            spot = layout.to_screen(data.regions[region].scoreboard)
        else:
            spot = layout.to_screen(layout.SCOREBOARD_SPOTS[board])
        pieces.scoreboard(surface, spot, BOARD_VALUES[board], gold=region is not None)
    if any(region is None for region in table.scoreboards.values()):
        x, y = layout.to_screen((160, 668))
        style.text(surface, t("board.mobile_scoreboards"), (x, y), 11, style.INK_SOFT, anchor="center")


def _castillo(surface: pygame.Surface, data: MapData, table: Table, lit: Lit) -> None:
    rect = layout.castillo_rect(data)
    target, hover = "castillo" in lit.targets, lit.hover == "castillo"
    if target:
        glow = rect.inflate(16, 16)
        width = 5 if hover else 3 + round(lit.pulse)
        draw.rect(surface, style.WOOD_DARK, glow, width + 2, border_radius=10)
        draw.rect(surface, style.shade(lit.colour, 1.45) if hover else _ring_colour(lit), glow, width,
                         border_radius=10)
    pieces.tower(surface, rect.center, highlight=target and hover)
    style.text(surface, area_name("castillo"), (rect.centerx, rect.top - 22), 14, style.INK, bold=True,
               face="serif", anchor="center", shadow=(250, 240, 214))
    counts = [(p, table.count(p, "castillo")) for p in table.players]
    shown = [(p, n) for p, n in counts if n]
    if shown and all(n is not None for _, n in counts):
        for (player, n), centre in zip(shown, castillo_count_spots(len(shown))):
            pieces.counted_cube(surface, centre, 15, style.player_colour(player), n, player)
    else:
        style.text(surface, t("board.castillo_total", count=table.castillo_total),
                   (rect.left - 8, rect.centery + 20), 13, style.INK, bold=True, anchor="midright")


def castillo_count_spots(count: int) -> list[tuple[float, float]]:
    """Where the Castillo's counted cubes stand: a column left of the tower, over the sea, clear
    of the power hand's plate below the tower (which covered them when they stood under it)."""
    rect = layout.castillo_rect()
    top = rect.bottom - 10 - (count - 1) * 19
    return [(rect.left - 14, top + i * 19) for i in range(count)]


def _revealed_discs(surface: pygame.Surface, data: MapData, table: Table) -> None:
    by_region: dict[str, list[str]] = {}
    for player, region in table.revealed.items():
        by_region.setdefault(region, []).append(player)
    for region, owners in by_region.items():
        for player, centre in zip(owners, disc_row(table, region, len(owners))):
            disc_marker(surface, centre, player)


DISC_PITCH = 26
DISC_GRID = 6          # units between two spots tried for a row of discs


def disc_row(table: Table, region: str, count: int) -> list[tuple[float, float]]:
    """Centres for `count` discs side by side in a region, where the row keeps the most room to
    the region's border without covering its name, values, pieces, Grandes or the King (the spot
    above the name put Castilla la Vieja's on the País Vasco border)."""
    data = load_map()
    taken = occupied_rects(data, table)
    if table.king == region:
        kx, ky = layout.to_screen(data.regions[region].king)
        taken.append(pygame.Rect(int(kx - 14), int(ky - 34), 28, 36))
    key = (region, count, layout.current().map_origin, tuple(tuple(r) for r in taken))
    centre = _DISC_ROWS.get(key)
    if centre is None:
        if len(_DISC_ROWS) > 512:
            _DISC_ROWS.clear()
        centre = _DISC_ROWS[key] = _roomiest(data.regions[region].polygon, (DISC_PITCH * count, 26), taken)
    return [(centre[0] + DISC_PITCH * (i - (count - 1) / 2), centre[1]) for i in range(count)]


_DISC_ROWS: dict[tuple, tuple[float, float]] = {}


def _roomiest(polygon: tuple[tuple[int, int], ...], size: tuple[int, int], taken: list[pygame.Rect],
              avoid: list[pygame.Rect] | None = None) -> tuple[float, float]:
    """The centre (UI units) of a box of `size` (a row of discs, a caption) inside the polygon,
    touching none of `avoid` where it can, covering the least of `taken`, then with the most
    clearance to the polygon's border."""
    spots = _fitting_spots(polygon, size, layout.current().map_origin)
    if not spots:
        outline = _screen_poly(polygon)
        return (sum(x for x, _ in outline) / len(outline), sum(y for _, y in outline) / len(outline))
    row = pygame.Rect(0, 0, *size)
    best, best_score = (0.0, 0.0), (-float("inf"), -float("inf"), 0.0)
    for x, y, clearance in spots:
        row.center = (x, y)
        clear = 0 if avoid and row.collidelist(avoid) >= 0 else 1
        score = (clear, -sum(row.clip(r).width * row.clip(r).height for r in taken), clearance)
        if score > best_score:      # what it covers first (in a crowded region the least), then room
            best, best_score = (float(x), float(y)), score
    return best


@lru_cache(maxsize=128)
def _fitting_spots(polygon: tuple[tuple[int, int], ...], size: tuple[int, int],
                   origin: tuple[int, int]) -> tuple[tuple[int, int, float], ...]:
    """Every grid centre (UI units, the map at `origin`) where a box of `size` lies wholly
    inside the polygon, with its clearance to the border. Why cached: it depends on the map
    alone, while what the box may cover changes with every piece (the whole search took about
    70 ms, a visible hitch whenever a narrow King's region changed its pieces)."""
    outline = _outline_at(polygon, origin)
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    row = pygame.Rect(0, 0, *size)

    def inside(corner: tuple[int, int]) -> bool:
        return point_in_polygon((corner[0] - origin[0]) / layout.MAP_SCALE,
                                (corner[1] - origin[1]) / layout.MAP_SCALE, polygon)
    spots = []
    for y in range(int(min(ys)), int(max(ys)), DISC_GRID):
        for x in range(int(min(xs)), int(max(xs)), DISC_GRID):
            row.center = (x, y)
            corners = (row.topleft, row.topright, row.bottomleft, row.bottomright)
            if all(inside(c) for c in corners):
                spots.append((x, y, min(_edge_distance(c, outline) for c in (*corners, row.center))))
    return tuple(spots)


def _edge_distance(point: tuple[float, float], outline: tuple[tuple[float, float], ...]) -> float:
    """How far a point lies from the nearest side of an outline."""
    px_, py_ = point
    nearest = float("inf")
    for (ax, ay), (bx, by) in zip(outline, (*outline[1:], outline[0])):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t_ = 0.0 if length == 0 else max(0.0, min(1.0, ((px_ - ax) * dx + (py_ - ay) * dy) / length))
        nearest = min(nearest, (px_ - ax - t_ * dx) ** 2 + (py_ - ay - t_ * dy) ** 2)
    return float(nearest ** 0.5)


def disc_marker(surface: pygame.Surface, centre: tuple[float, float], player: str) -> None:
    """A secret disc shown face up: a player-coloured dial with the player's symbol at its heart."""
    cx, cy = int(centre[0]), int(centre[1])
    colour = style.player_colour(player)
    draw.circle(surface, style.WOOD_DARK, (cx + 1, cy + 2), 12)
    draw.circle(surface, colour, (cx, cy), 12)
    draw.circle(surface, style.PARCHMENT, (cx, cy), 7.5)
    pieces.symbol(surface, (cx, cy), 8, player, style.KING)
    draw.circle(surface, pieces.edge_colour(colour), (cx, cy), 12, 2)


@style.fixed_size
def draw_sprites(surface: pygame.Surface, table: Table) -> None:
    """Pieces and labels in flight, above everything on the map (kept in board coordinates)."""
    for sprite in table.sprites:
        pos = layout.from_board(sprite.pos)
        if sprite.kind == "cube":
            colour = style.player_colour(sprite.player)
            if sprite.label:
                pieces.counted_cube(surface, pos, int(15 * sprite.scale), colour, int(sprite.label), sprite.player)
            else:
                pieces.cube(surface, pos, int(15 * sprite.scale), colour, sprite.player)
        elif sprite.kind == "grande":
            pieces.grande(surface, pos, style.player_colour(sprite.player), 20, sprite.player)
        elif sprite.kind == "disc":
            disc_marker(surface, pos, sprite.player)
        elif sprite.kind == "points":
            floating_points(surface, sprite.label, pos, sprite.player, int(sprite.alpha))


POINTS_SIZE = 24


def floating_points(surface: pygame.Surface, label: str, centre: tuple[float, float], player: str | None,
                    alpha: int) -> None:
    """A rising "+5" on a parchment plate: legible over any region colour and over the dimmed
    map of a decision or the veiled map of the Castillo reveal (outlined ink alone vanished)."""
    plate = points_rect(label, centre).inflate(8, 0)
    style.plate(surface, plate, (*style.PARCHMENT, int(alpha * 0.9)), 8, (*style.INK, alpha))
    colour = style.player_colour(player) if player else style.INK
    style.outlined_text(surface, label, centre, POINTS_SIZE, colour, alpha)


def points_rect(label: str, centre: tuple[float, float]) -> pygame.Rect:
    """Where a floating '+5' is drawn (outline included): what placement keeps apart."""
    w = style.text_width(label, POINTS_SIZE, True, "serif")
    h = style.line_height(POINTS_SIZE, True, "serif")
    return pygame.Rect(int(centre[0] - w / 2 - 2), int(centre[1] - h / 2), int(w + 4), int(h))
