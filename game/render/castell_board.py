"""The map of Catalonia with what stands on it: castellers in each region, the pawns, the lit
regions a move may click and the ghost of a staged move.

The static layer (sea, neighbours, regions, names) is drawn once per window size and cached; each
frame adds the highlights and the pieces.
"""
from __future__ import annotations

import random
from functools import lru_cache

import pygame

from engine.castell import View
from game.present.castell_look import Colour, TableLook
from game.shell.castell_map import CastellMap, load_castell_map
from game.render import draw, style
from game.render.castell_pieces import casteller, casteller_size, pawn
from game.shell.castell_layout import CastellLayout

CASTELLER_UNIT = 0.9
PAWN_PITCH = 18


def hex_colour(value: str) -> Colour:
    c = pygame.Color(value)
    return (c.r, c.g, c.b)


def _poly(layout: CastellLayout, points: tuple[tuple[int, int], ...], shift: tuple[float, float] = (0, 0)
          ) -> list[tuple[float, float]]:
    return [(x + shift[0], y + shift[1]) for x, y in (layout.to_screen(p) for p in points)]


@lru_cache(maxsize=4)
@style.fixed_size
def static_map(layout: CastellLayout, names: tuple[tuple[str, str], ...]) -> pygame.Surface:
    """Sea, neighbours, the seven regions with their names (cached per window size)."""
    m = load_castell_map()
    rect = layout.map_rect
    shift = (-rect.x, -rect.y)
    surface = draw.layer(rect.size, alpha=False)
    surface.fill(style.SEA)
    rng = random.Random(11)
    for _ in range(150):
        draw.arc(surface, style.SEA_DEEP, (rng.randrange(rect.w), rng.randrange(rect.h), 16, 7), 0.2, 2.9, 1)
    for land in m.land:
        draw.polygon(surface, (206, 198, 176), _poly(layout, land.polygon, shift))
        draw.polygon(surface, (160, 150, 130), _poly(layout, land.polygon, shift), 1)
    for region in m.regions.values():
        draw.polygon(surface, hex_colour(region.colour), _poly(layout, region.polygon, shift))
    _speckle(surface, rng)
    for region in m.regions.values():
        draw.polygon(surface, style.shade(hex_colour(region.colour), 0.55), _poly(layout, region.polygon, shift), 2)
    for land in m.land:
        x, y = layout.to_screen(land.label)
        style.text(surface, land.name, (x + shift[0], y + shift[1]), 13, style.INK_SOFT, face="serif", anchor="center")
    x, y = layout.to_screen(m.sea_label)
    style.text(surface, m.sea_name, (x + shift[0], y + shift[1]), 14, style.shade(style.SEA_DEEP, 0.7),
               face="serif", anchor="center")
    for rid, name in names:
        _region_name(surface, layout, m, rid, name, shift)
    draw.rect(surface, style.INK, pygame.Rect((0, 0), rect.size), 3, border_radius=6)
    return surface


def _speckle(surface: pygame.Surface, rng: random.Random) -> None:
    """A faint paper grain on the land."""
    width, height = surface.get_size()
    speck = pygame.Surface((width, height), pygame.SRCALPHA)
    dot = max(2, draw.px(2))
    for _ in range(width * height // (dot * dot * 60)):
        speck.fill((80, 60, 30, rng.randrange(6, 16)), (rng.randrange(width), rng.randrange(height), dot, dot))
    surface.blit(speck, (0, 0))


def _region_name(surface: pygame.Surface, layout: CastellLayout, m: CastellMap, rid: str, name: str,
                 shift: tuple[float, float]) -> None:
    """The region's name in at most two lines of bold serif, centred on its label anchor."""
    x, y = layout.to_screen(m.regions[rid].label)
    lines = style.wrap(name, 96, 13, bold=True, face="serif")[:2]
    height = style.line_height(13, True, "serif") - 2
    top = y - height * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        style.text(surface, line, (x + shift[0], top + i * height + shift[1]), 13, style.INK, bold=True,
                   face="serif", anchor="center", shadow=(250, 240, 214))


@style.fixed_size          # the castellers' sizes and the pawns are packed into the map, like the region names
def paint_map(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook,
              colours: tuple[Colour, ...], mover: int) -> None:
    d = view.data
    names = tuple((rid, d.region_names[rid]) for rid in d.regions)
    draw.blit(surface, static_map(layout, names), layout.map_rect)
    _highlights(surface, layout, view, look, colours[mover] if mover >= 0 else style.GOLD)
    for r, rid in enumerate(d.regions):
        _castellers(surface, layout, view, look, r, rid, mover)
        _pawns(surface, layout, view, look, r, rid, colours, mover)


def _highlights(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook, colour: Colour) -> None:
    """Lit regions outlined in the mover's colour (breathing with the pulse), the hovered one
    brightened, the others dimmed while any region is lit."""
    m = load_castell_map()
    lit = [rid for rid in view.data.regions if rid in look.lit]
    hover = look.hover.key if look.hover is not None and look.hover.kind in ("region", "casteller") else None
    if lit or hover:
        veil = draw.layer(layout.map_rect.size)
        shift = (-layout.map_rect.x, -layout.map_rect.y)
        for rid, region in m.regions.items():
            points = _poly(layout, region.polygon, shift)
            if rid == hover:
                draw.polygon(veil, (255, 248, 210, 120), points)
            elif lit and rid not in lit:
                draw.polygon(veil, (30, 22, 16, 70), points)
        draw.blit(surface, veil, layout.map_rect)
    if hover is not None:       # its name again over the veil: ink on the brightened fill, not washed out
        _region_name(surface, layout, m, hover, view.data.region_names[hover], (0, 0))
    for rid in lit:
        points = _poly(layout, m.regions[rid].polygon)
        width = 5 if rid == hover else 3 + round(look.pulse)
        draw.polygon(surface, style.WOOD_DARK, points, width + 2)
        draw.polygon(surface, style.shade(colour, 1.0 + 0.45 * look.pulse), points, width)


def casteller_feet(layout: CastellLayout, view: View, region: int) -> list[tuple[int, tuple[float, float]]]:
    """Each casteller standing in a region (largest first) with its tile's foot, in units."""
    sizes = [s for s in range(10, 0, -1) for _ in range(view.pool[region][s - 1])]
    if not sizes:
        return []
    x, y = layout.to_screen(load_castell_map().regions[view.data.regions[region]].castellers)
    widths = [casteller_size(s, CASTELLER_UNIT)[0] for s in sizes]
    gap = 3.0 if len(sizes) <= 5 else 1.0
    total = sum(widths) + gap * (len(sizes) - 1)
    left = x - total / 2
    feet = []
    for size, w in zip(sizes, widths):
        feet.append((size, (left + w / 2, y + 12)))
        left += w + gap
    return feet


def _castellers(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook, region: int,
                rid: str, mover: int) -> None:
    taking = list(look.ghost.recruits) if look.ghost and mover >= 0 and view.pawn[mover] == region else []
    hover = look.hover if look.hover is not None and look.hover.kind == "casteller" and look.hover.key == rid else None
    for size, foot in casteller_feet(layout, view, region):
        ring = None
        if size in taking:
            taking.remove(size)
            ring = style.HIGHLIGHT
        elif hover is not None and hover.index == size:
            ring = style.GOLD_LIGHT
            hover = None
        casteller(surface, foot, size, CASTELLER_UNIT, ring=ring, faded=ring is style.HIGHLIGHT)


def pawn_feet(layout: CastellLayout, view: View, region: int, extra: int = 0) -> list[tuple[float, float]]:
    """Where the pawns of a region stand (one per seat there, plus `extra` ghost slots)."""
    count = sum(1 for p in view.pawn if p == region) + extra
    x, y = layout.to_screen(load_castell_map().regions[view.data.regions[region]].pawns)
    return [(x + (i - (count - 1) / 2) * PAWN_PITCH, y + 12) for i in range(count)]


def _pawns(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook, region: int, rid: str,
           colours: tuple[Colour, ...], mover: int) -> None:
    ghost_here = look.ghost is not None and look.ghost.pawn == rid and mover >= 0 and view.pawn[mover] != region
    seats = [s for s, p in enumerate(view.pawn) if p == region]
    feet = pawn_feet(layout, view, region, extra=1 if ghost_here else 0)
    for seat, foot in zip(seats, feet):
        pawn(surface, foot, colours[seat], view.players[seat],
             alpha_ring=style.HIGHLIGHT if seat == mover else None)
    if ghost_here and look.ghost is not None:
        layer = draw.layer(layout.map_rect.size)
        fx, fy = feet[-1]
        pawn(layer, (fx - layout.map_rect.x, fy - layout.map_rect.y), colours[mover], view.players[mover],
             alpha_ring=style.HIGHLIGHT)
        layer.set_alpha(235 if look.ghost.staged else 150)
        draw.blit(surface, layer, layout.map_rect)
