"""The wooden pieces: Caballero cubes, Grandes, the King, the Castillo tower, mobile scoreboards.

Why: every scene (board, panels, reveal, scoring) draws the same pieces; drawing them with shaded
faces and outlines here keeps them consistent and readable at small sizes.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.render import draw, style


def symbol(surface: pygame.Surface, centre: tuple[float, float], size: float, player: str,
           colour: tuple[int, int, int], edge: tuple[int, int, int] | None = None) -> None:
    """The player's shape (style.SYMBOLS: a disc, a bar, a triangle, a cross, a wedge pointing down
    — shapes that differ even a few pixels across — and the neutral colour's ring), `size` units
    across, in `colour`, ringed in `edge` where it may stand over the map."""
    if edge is not None:
        symbol(surface, centre, size + 2.5, player, edge)
    kind = style.SYMBOLS.get(player)
    x, y = centre
    r = size / 2
    if kind == "circle":
        draw.circle(surface, colour, (x, y), r)
    elif kind == "bar":
        draw.rect(surface, colour, (x - r * 1.1, y - r * 0.42, r * 2.2, r * 0.84))
    elif kind == "triangle":
        draw.polygon(surface, colour, [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)])
    elif kind == "wedge":
        draw.polygon(surface, colour, [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r)])
    elif kind == "ring":
        draw.circle(surface, colour, (x, y), r, max(2, round(r * 0.5)))
    elif kind == "cross":
        bar = r * 0.75
        draw.rect(surface, colour, (x - r, y - bar / 2, 2 * r, bar))
        draw.rect(surface, colour, (x - bar / 2, y - r, bar, 2 * r))


def edge_colour(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The outline of a player's piece: dark enough to stand out on every region (tested)."""
    return style.shade(colour, 0.4)


def chip(surface: pygame.Surface, centre: tuple[float, float], size: float, player: str) -> None:
    """A player's colour with its symbol: the swatch of panel headers and scoring columns."""
    colour = style.player_colour(player)
    box = pygame.Rect(0, 0, round(size), round(size))
    box.center = (round(centre[0]), round(centre[1]))
    draw.rect(surface, colour, box, border_radius=3)
    draw.rect(surface, edge_colour(colour), box, 1, border_radius=3)
    symbol(surface, box.center, size * 0.58, player, style.mark_ink(colour))


def cube(surface: pygame.Surface, centre: tuple[float, float], size: int,
         colour: tuple[int, int, int], player: str | None = None) -> pygame.Rect:
    """An isometric-looking cube: front face, lighter top, darker side; `player`'s symbol on
    the front face. Its image is kept per size, colour, symbol and window scale (a board of
    cubes was a tenth of a frame's paint)."""
    x, y = int(centre[0]), int(centre[1])
    half = size // 2
    depth = max(2, size // 4)
    front = pygame.Rect(x - half, y - half + depth // 2, size, size)
    image = _cube_image(size, colour, style.SYMBOLS.get(player) if player else None, player, draw.scale())
    draw.blit(surface, image, (front.left, front.top - depth))
    return front


@lru_cache(maxsize=256)
def _cube_image(size: int, colour: tuple[int, int, int], kind: str | None, player: str | None,
                scale: float) -> pygame.Surface:
    """A cube drawn on its own layer, its front face's top-left `depth` units below the layer's
    top (`kind`, the player's symbol shape, and `scale` key the image with what draws it)."""
    depth = max(2, size // 4)
    image = draw.layer((size + depth + 1, size + depth + 1))
    front = pygame.Rect(0, depth, size, size)
    top = [(front.left, front.top), (front.left + depth, front.top - depth),
           (front.right + depth, front.top - depth), (front.right, front.top)]
    side = [(front.right, front.top), (front.right + depth, front.top - depth),
            (front.right + depth, front.bottom - depth), (front.right, front.bottom)]
    outline = edge_colour(colour)
    draw.polygon(image, style.shade(colour, 1.3), top)
    draw.polygon(image, style.shade(colour, 0.7), side)
    draw.rect(image, colour, front)
    draw.polygon(image, outline, top, 1)
    draw.polygon(image, outline, side, 1)
    draw.rect(image, outline, front, 1)
    if player is not None:
        symbol(image, front.center, size * 0.6, player, style.mark_ink(colour))
    return image


def counted_cube(surface: pygame.Surface, centre: tuple[float, float], size: int,
                 colour: tuple[int, int, int], count: int | None, player: str | None = None) -> None:
    """A cube with its count printed on the front face (the readable Caballero stack) and
    `player`'s symbol on its top, over the back edge."""
    front = cube(surface, centre, size, colour)
    if player is not None:
        ink = style.mark_ink(colour)
        depth = max(2, size // 4)
        symbol(surface, (front.centerx + depth / 2, front.top - depth / 2), size * 0.48, player, ink,
               edge=colour)
    label = "?" if count is None else str(count)
    label_size = max(10, int(size * 0.74))
    style.text(surface, label, (front.centerx, front.centery + size * 0.1), label_size, style.mark_ink(colour),
               bold=True, face="condensed", anchor="center")


def grande(surface: pygame.Surface, foot: tuple[float, float], colour: tuple[int, int, int],
           height: int = 22, player: str | None = None) -> None:
    """A Grande: a tall block with a notched crown, standing on its foot point; `player`'s
    symbol on its body."""
    x, y = int(foot[0]), int(foot[1])
    width = int(height * 0.62)
    body = pygame.Rect(x - width // 2, y - height, width, height)
    draw.ellipse(surface, (0, 0, 0, 80), pygame.Rect(x - width // 2 - 3, y - 4, width + 6, 8))
    draw.rect(surface, colour, body, border_radius=2)
    draw.rect(surface, style.shade(colour, 1.3), body.inflate(-width // 2, 0).move(-width // 5, 0))
    crown = [(body.left, body.top), (body.left, body.top - 5), (body.left + width // 4, body.top - 2),
             (body.centerx, body.top - 6), (body.right - width // 4, body.top - 2),
             (body.right, body.top - 5), (body.right, body.top)]
    draw.polygon(surface, style.GOLD, crown)
    draw.polygon(surface, edge_colour(colour), crown, 1)
    draw.rect(surface, edge_colour(colour), body, 1, border_radius=2)
    if player is not None:
        symbol(surface, (body.centerx, body.centery + height / 10), width * 0.72, player, style.mark_ink(colour))


def king(surface: pygame.Surface, foot: tuple[float, float], height: int = 30) -> None:
    """The black King pawn with a gold crown."""
    x, y = int(foot[0]), int(foot[1])
    draw.ellipse(surface, (40, 30, 20), pygame.Rect(x - 10, y - 4, 20, 8))
    base = pygame.Rect(x - 9, y - 8, 18, 8)
    draw.ellipse(surface, style.KING, base)
    body = [(x - 6, y - 6), (x - 3, y - height + 12), (x + 3, y - height + 12), (x + 6, y - 6)]
    draw.polygon(surface, style.KING, body)
    draw.circle(surface, style.KING, (x, y - height + 9), 6)
    draw.circle(surface, (90, 90, 96), (x - 2, y - height + 7), 2)
    crown = [(x - 6, y - height + 4), (x - 6, y - height - 3), (x - 3, y - height + 1), (x, y - height - 5),
             (x + 3, y - height + 1), (x + 6, y - height - 3), (x + 6, y - height + 4)]
    draw.polygon(surface, style.GOLD, crown)
    draw.polygon(surface, style.shade(style.GOLD, 0.5), crown, 1)


def tower(surface: pygame.Surface, centre: tuple[float, float], lift: float = 0.0,
          highlight: bool = False) -> pygame.Rect:
    """The Castillo: a stone tower with battlements; `lift` raises it off its base (the reveal)."""
    cx, cy = int(centre[0]), int(centre[1])
    base = pygame.Rect(cx - 38, cy + 34, 76, 14)
    draw.ellipse(surface, (74, 60, 48), base)
    body = pygame.Rect(cx - 30, cy - 34 - int(lift), 60, 72)
    stone = (176, 160, 138) if not highlight else (236, 214, 150)
    draw.rect(surface, stone, body)
    for row in range(body.top + 10, body.bottom, 12):
        offset = 0 if (row // 12) % 2 else 10
        draw.line(surface, style.shade(stone, 0.75), (body.left, row), (body.right, row), 1)
        for x in range(body.left + offset, body.right, 20):
            draw.line(surface, style.shade(stone, 0.75), (x, row - 12), (x, row), 1)
    for i in range(4):
        merlon = pygame.Rect(body.left + i * 16, body.top - 10, 12, 11)
        draw.rect(surface, stone, merlon)
        draw.rect(surface, style.shade(stone, 0.55), merlon, 1)
    door = pygame.Rect(cx - 9, body.bottom - 22, 18, 22)
    draw.rect(surface, (70, 48, 30), door, border_top_left_radius=9, border_top_right_radius=9)
    draw.rect(surface, style.shade(stone, 0.5), body, 2)
    return body


def scoreboard(surface: pygame.Surface, centre: tuple[float, float], values: tuple[int, ...],
               gold: bool = True) -> None:
    """A mobile scoreboard tile: three numbers on a framed plaque (64 x 24)."""
    rect = pygame.Rect(0, 0, 62, 22)
    rect.center = (int(centre[0]), int(centre[1]))
    draw.rect(surface, style.WOOD_DARK, rect.move(1, 2), border_radius=4)
    draw.rect(surface, style.GOLD_LIGHT if gold else style.PARCHMENT, rect, border_radius=4)
    draw.rect(surface, style.INK, rect, 2, border_radius=4)
    style.text(surface, "·".join(str(v) for v in values), rect.center, 14, style.INK, bold=True,
               anchor="center")


STAGED_LIFT, HOVER_LIFT = 8, 5   # units a staged / hovered power card rises: never onto the hand's header line


def lift(state: str, hover: bool) -> int:
    return STAGED_LIFT if state == "staged" else HOVER_LIFT if hover and state == "ready" else 0


def power_card_extent(rect: pygame.Rect, state: str = "ready", hover: bool = False) -> pygame.Rect:
    """All a power card drawn in `rect` covers: lifted, with its ring when staged."""
    card = rect.move(0, -lift(state, hover))
    return card.inflate(8, 8) if state == "staged" else card.inflate(4, 6).move(0, 1)


@style.fixed_size
def power_card(surface: pygame.Surface, rect: pygame.Rect, value: int, owner_colour: tuple[int, int, int],
               court: int = 0, state: str = "ready", hover: bool = False) -> None:
    """A power card: big value and `court` pips (Caballeros to the court); state is ready,
    blocked (value already played this round), spent (used earlier), played, or staged (chosen,
    waiting for Confirm: lifted high and ringed in the owner's colour)."""
    faded = state in ("blocked", "spent")
    fill = style.PARCHMENT if not faded else (196, 186, 166)
    card = rect.move(0, -lift(state, hover))
    draw.rect(surface, style.WOOD_DARK, card.move(2, 3), border_radius=6)
    draw.rect(surface, fill, card, border_radius=6)
    band = pygame.Rect(card.x, card.y, card.width, max(6, card.height // 6))
    draw.rect(surface, style.shade(owner_colour, 0.6 if faded else 1.0), band,
                     border_top_left_radius=6, border_top_right_radius=6)
    border = style.GOLD if hover and state == "ready" else style.INK_SOFT
    draw.rect(surface, border, card, 3 if hover else 2, border_radius=6)
    if state == "staged":
        draw.rect(surface, owner_colour, card.inflate(8, 8), 4, border_radius=9)
        draw.rect(surface, style.GOLD_LIGHT, card.inflate(2, 2), 2, border_radius=7)
    ink = style.GREY if faded else style.INK
    big = card.height > 48
    style.text(surface, str(value), (card.centerx, card.centery - (2 if big else 0)), 30 if big else 15,
               ink, bold=True, face="serif", anchor="center")
    if big:
        pip = 5
        left = card.centerx - (court * (pip + 2) - 2) // 2
        for i in range(court):
            draw.rect(surface, style.shade(owner_colour, 0.6 if faded else 1.0),
                             (left + i * (pip + 2), card.bottom - 13, pip, pip))
    if state == "blocked":
        draw.line(surface, style.DANGER, card.topleft, card.bottomright, 3)
        draw.line(surface, style.DANGER, card.topright, card.bottomleft, 3)
