"""Castell's pieces and icons, original art from primitives: castellers (standing on the map, or
filling a box in the tower builder), pawns, size tokens, special action tokens, prizes, the six
board-tile icons (five skills and special) and a shape tile's bars.

Why one module: the map, the wheel, the rows, the calendar and the player boards show the same
pieces; drawing them here keeps them alike everywhere and readable at small sizes.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.render import draw, pieces, style

Colour = tuple[int, int, int]
SHIRT = (176, 52, 44)            # the colla's shirt on every casteller tile
SASH = (34, 28, 26)
TILE_FACE = (246, 236, 212)
TOKEN_WOOD = (198, 160, 104)
BUILDER_SHIRT = (190, 74, 52)     # the builder's larger tiles: a brighter shirt reads at panel size
SKILL_COLOURS: dict[str, Colour] = {"balance": (52, 104, 160), "base": (118, 84, 52), "mix": (128, 70, 146),
                                    "strength": (168, 60, 44), "width": (40, 128, 96)}
PRIZE_COLOURS: dict[str, Colour] = {"trophy": (226, 180, 54), "medal": (178, 182, 192), "ribbon": (62, 110, 176)}


def casteller_size(size: int, unit: float = 1.0) -> tuple[float, float]:
    """A casteller tile's width and height: bigger numbers stand taller and broader."""
    return ((11 + size * 0.7) * unit, (15 + size * 1.0) * unit)


def casteller(surface: pygame.Surface, foot: tuple[float, float], size: int, unit: float = 1.0,
              ring: Colour | None = None, faded: bool = False) -> pygame.Rect:
    """A casteller tile standing on `foot` (bottom centre): a cream tile with the colla's shirt,
    the black sash and the size printed on it; `ring` outlines it (a recruit being staged)."""
    w, h = casteller_size(size, unit)
    rect = pygame.Rect(round(foot[0] - w / 2), round(foot[1] - h), round(w), round(h))
    face = style.shade(TILE_FACE, 0.85) if faded else TILE_FACE
    draw.rect(surface, style.WOOD_DARK, rect.move(1, 2), border_radius=3)
    draw.rect(surface, face, rect, border_radius=3)
    shirt = pygame.Rect(rect.x, rect.y, rect.width, max(3, round(h * 0.34)))
    draw.rect(surface, style.shade(SHIRT, 1.3) if faded else SHIRT, shirt,
              border_top_left_radius=3, border_top_right_radius=3)
    draw.rect(surface, SASH, (rect.x, shirt.bottom, rect.width, max(1, round(h * 0.08))))
    draw.rect(surface, style.INK_SOFT if faded else style.INK, rect, 1, border_radius=3)
    text_size = max(9, round(7 + size * 0.35 * unit + 2 * (unit - 1)))
    style.text(surface, str(size), (rect.centerx, rect.bottom - (h - shirt.height) / 2 + 1), text_size,
               style.GREY if faded else style.INK, bold=True, face="condensed", anchor="center")
    if ring is not None:
        draw.rect(surface, ring, rect.inflate(5, 5), 2, border_radius=5)
    return rect


def pawn(surface: pygame.Surface, foot: tuple[float, float], colour: Colour, player: str,
         height: float = 24, alpha_ring: Colour | None = None) -> None:
    """A player's pawn: a turned wooden figure (base, body, head) in the player's colour with the
    player's symbol on its body."""
    x, y = foot
    edge = pieces.edge_colour(colour)
    w = height * 0.62
    draw.ellipse(surface, (40, 30, 20), (x - w / 2 - 2, y - 4, w + 4, 8))
    body = [(x - w / 2, y - 2), (x - w * 0.28, y - height * 0.62), (x + w * 0.28, y - height * 0.62), (x + w / 2, y - 2)]
    draw.polygon(surface, colour, body)
    draw.polygon(surface, edge, body, 1)
    head = (x, y - height * 0.76)
    draw.circle(surface, colour, head, height * 0.2)
    draw.circle(surface, edge, head, height * 0.2, 1)
    draw.circle(surface, style.shade(colour, 1.35), (head[0] - height * 0.06, head[1] - height * 0.06), height * 0.06)
    pieces.symbol(surface, (x, y - height * 0.3), height * 0.3, player, style.mark_ink(colour))
    if alpha_ring is not None:
        draw.circle(surface, alpha_ring, (x, y - height * 0.45), height * 0.62, 2)


def size_token(surface: pygame.Surface, centre: tuple[float, float], radius: float, size: int,
               faded: bool = False) -> None:
    """A round wooden size token with its casteller size."""
    wood = style.shade(TOKEN_WOOD, 1.25) if faded else TOKEN_WOOD
    draw.circle(surface, style.WOOD_DARK, (centre[0] + 1, centre[1] + 2), radius)
    draw.circle(surface, wood, centre, radius)
    draw.circle(surface, style.shade(wood, 0.6), centre, radius, 1)
    draw.circle(surface, style.shade(wood, 0.85), centre, radius * 0.72, 1)
    style.text(surface, str(size), (centre[0], centre[1] + 0.5), max(10, round(radius * 1.15)),
               style.GREY if faded else style.INK, bold=True, face="condensed", anchor="center")


def special_token(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour,
                  left: bool = True, owner: str | None = None) -> None:
    """A special action token: a player-coloured disc with a star, or with its `owner`'s shape
    where tokens of several players lie together (a bounty: told apart without their hue); a
    spent one is an empty ring."""
    if not left:
        draw.circle(surface, style.shade(style.PARCHMENT_DARK, 0.9), centre, radius, 1)
        return
    draw.circle(surface, colour, centre, radius)
    draw.circle(surface, pieces.edge_colour(colour), centre, radius, 1)
    if owner is None:
        star(surface, centre, radius * 0.7, style.mark_ink(colour))
    else:
        pieces.symbol(surface, centre, radius * 1.1, owner, style.mark_ink(colour))


def star(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = k * math.pi / 5
        points.append((centre[0] + r * math.sin(a), centre[1] - r * math.cos(a)))
    draw.polygon(surface, colour, points)


def prize(surface: pygame.Surface, centre: tuple[float, float], kind: str, size: float = 12) -> None:
    """A prize token: a trophy cup, a medal on its ribbon, or a rosette ribbon."""
    x, y = centre
    colour = PRIZE_COLOURS.get(kind, style.GOLD)
    edge = style.shade(colour, 0.5)
    r = size / 2
    if kind == "trophy":
        cup = [(x - r, y - r), (x + r, y - r), (x + r * 0.45, y + r * 0.2), (x - r * 0.45, y + r * 0.2)]
        draw.polygon(surface, colour, cup)
        draw.polygon(surface, edge, cup, 1)
        draw.rect(surface, colour, (x - r * 0.15, y + r * 0.2, r * 0.3, r * 0.45))
        draw.rect(surface, colour, (x - r * 0.55, y + r * 0.62, r * 1.1, r * 0.38))
        draw.rect(surface, edge, (x - r * 0.55, y + r * 0.62, r * 1.1, r * 0.38), 1)
    elif kind == "medal":
        draw.polygon(surface, (176, 52, 44), [(x - r * 0.6, y - r), (x - r * 0.1, y - r), (x + r * 0.2, y), (x - r * 0.3, y)])
        draw.polygon(surface, (44, 96, 190), [(x + r * 0.6, y - r), (x + r * 0.1, y - r), (x - r * 0.2, y), (x + r * 0.3, y)])
        draw.circle(surface, colour, (x, y + r * 0.35), r * 0.62)
        draw.circle(surface, edge, (x, y + r * 0.35), r * 0.62, 1)
    else:
        draw.polygon(surface, colour, [(x - r * 0.5, y), (x - r * 0.8, y + r), (x - r * 0.1, y + r * 0.5)])
        draw.polygon(surface, colour, [(x + r * 0.5, y), (x + r * 0.8, y + r), (x + r * 0.1, y + r * 0.5)])
        draw.circle(surface, colour, (x, y - r * 0.2), r * 0.65)
        draw.circle(surface, style.PARCHMENT, (x, y - r * 0.2), r * 0.3)
        draw.circle(surface, edge, (x, y - r * 0.2), r * 0.65, 1)


def skill_icon(surface: pygame.Surface, centre: tuple[float, float], size: float, skill: str,
               colour: Colour = style.INK) -> None:
    """The icon of a board skill tile, `size` units across: balance a pair of scales, base a wide
    foundation under a narrow stack, mix two half-tinted blocks, strength a block carried on a
    block of the same size, width a double arrow, special a star."""
    x, y = centre
    r = size / 2
    u = max(1, round(size / 12))
    if skill == "balance":
        draw.line(surface, colour, (x, y - r * 0.8), (x, y + r * 0.75), u + 1)
        draw.line(surface, colour, (x - r * 0.9, y - r * 0.45), (x + r * 0.9, y - r * 0.45), u + 1)
        draw.rect(surface, colour, (x - r * 0.4, y + r * 0.7, r * 0.8, r * 0.22))
        for side in (-1, 1):
            px_ = x + side * r * 0.72
            draw.line(surface, colour, (px_, y - r * 0.45), (px_ - r * 0.28, y + r * 0.15), u)
            draw.line(surface, colour, (px_, y - r * 0.45), (px_ + r * 0.28, y + r * 0.15), u)
            draw.arc(surface, colour, (px_ - r * 0.32, y - r * 0.15, r * 0.64, r * 0.5), math.pi, 2 * math.pi, u + 1)
    elif skill == "base":
        draw.rect(surface, colour, (x - r, y + r * 0.35, 2 * r, r * 0.5))
        draw.rect(surface, colour, (x - r * 0.45, y - r * 0.15, r * 0.9, r * 0.4))
        draw.rect(surface, colour, (x - r * 0.2, y - r * 0.65, r * 0.4, r * 0.4))
    elif skill == "mix":
        draw.rect(surface, colour, (x - r * 0.9, y - r * 0.55, r * 0.85, r * 1.1), u)
        draw.rect(surface, colour, (x + r * 0.05, y - r * 0.55, r * 0.85, r * 1.1))
        draw.line(surface, colour, (x - r * 0.9, y + r * 0.55), (x - r * 0.05, y - r * 0.55), u)
    elif skill == "strength":
        draw.rect(surface, colour, (x - r * 0.5, y + r * 0.05, r, r * 0.8))
        draw.rect(surface, colour, (x - r * 0.5, y - r * 0.85, r, r * 0.8), u + 1)
        draw.line(surface, colour, (x - r * 0.95, y + r * 0.05), (x + r * 0.95, y + r * 0.05), u + 1)
    elif skill == "width":
        draw.line(surface, colour, (x - r * 0.9, y), (x + r * 0.9, y), u + 1)
        for side in (-1, 1):
            tip = x + side * r
            draw.polygon(surface, colour, [(tip, y), (tip - side * r * 0.5, y - r * 0.4), (tip - side * r * 0.5, y + r * 0.4)])
        draw.line(surface, colour, (x - r * 0.9, y - r * 0.7), (x - r * 0.9, y + r * 0.7), u)
        draw.line(surface, colour, (x + r * 0.9, y - r * 0.7), (x + r * 0.9, y + r * 0.7), u)
    else:
        star(surface, centre, r, colour)


def casteller_tile(surface: pygame.Surface, box: pygame.Rect, size: int, token: bool = False,
              lit: bool = False, faded: bool = False) -> None:
    """A casteller tile filling `box` (the tower builder's rows and reserve): a shirt with a sash and the size printed on it; a size the
    festival's token asks for has a gold rim, a hovered one is lit, one not available is faded."""
    if faded:
        shirt, sash, rim, ink = style.shade(style.PARCHMENT_DARK, 0.95), style.PARCHMENT, style.GREY, style.GREY
    else:
        shirt = style.shade(BUILDER_SHIRT, 1.18 if lit else 1.0)
        sash = style.GOLD if token else style.WOOD_DARK
        rim, ink = style.shade(shirt, 0.6), style.WHITE
    radius = max(3, box.w // 6)
    if not faded:
        draw.rect(surface, style.WOOD_DARK, box.move(0, 2), border_radius=radius)
    draw.rect(surface, shirt, box, border_radius=radius)
    draw.rect(surface, sash, (box.x, box.y + int(box.h * 0.66), box.w, max(3, box.h // 6)))
    if token:
        draw.rect(surface, style.GOLD_LIGHT if lit else style.GOLD, box, 3, border_radius=radius)
    else:
        draw.rect(surface, rim, box, 1, border_radius=radius)
    number = str(size)
    fits = style.fit_size(number, box.w - 4, max(10, min(20, int(box.h * 0.42))), bold=True, minimum=8)
    style.text(surface, number, (box.centerx, box.y + box.h * 0.36), fits, ink, bold=True,
               anchor="center", shadow=None if faded else style.WOOD_DARK)


def shape_bars(surface: pygame.Surface, box: pygame.Rect, counts: Sequence[int],
               met: Sequence[bool] = ()) -> None:
    """A shape tile's castellers per level as stacked bars, bottom level at the bottom; a level
    the tower already meets is gold."""
    if not counts:
        return
    widest = max(counts)
    bar_h = box.h / len(counts)
    for i, count in enumerate(counts):
        w = box.w * count / widest
        bar = pygame.Rect(round(box.centerx - w / 2), round(box.bottom - (i + 1) * bar_h + 1),
                          round(w), max(2, round(bar_h - 2)))
        draw.rect(surface, style.GOLD if i < len(met) and met[i] else style.INK_SOFT, bar, border_radius=2)
        step = w / count
        for k in range(1, count):
            x = bar.x + k * step
            draw.line(surface, style.PARCHMENT, (x, bar.y), (x, bar.bottom - 1), 1)


def skill_badge(surface: pygame.Surface, centre: tuple[float, float], radius: float, skill: str,
                faded: bool = False) -> None:
    """A skill as a disc in its colour with its icon in white (chips and level marks); grey when
    the skill is not in use."""
    colour = style.GREY if faded else SKILL_COLOURS.get(skill, style.GREY)
    draw.circle(surface, colour, centre, radius)
    draw.circle(surface, style.shade(colour, 0.6), centre, radius, 1)
    skill_icon(surface, centre, radius * 1.25, skill, style.WHITE)
