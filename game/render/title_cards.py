"""The title screen's art: the collection's heading, one card per game (its emblem and name on a
band of the game's colour, its player count, what it is, its buttons below) and the lesson's
tick. Emblems are original, drawn from primitives: El Grande's a royal crown, Castell's a human
tower of six castellers.

Why here: the title scene builds the rectangles and says what goes in them; drawing a card is
art, kept out of the scene so each stays short."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.render import draw, style

BAND = 96                        # the coloured band at a card's top: emblem, name, player count
PAD = 16
CROWN_RED = (150, 34, 34)
SHIRT = (176, 52, 44)            # a colla's shirt
TROUSERS = (244, 240, 228)
SASH = (30, 24, 22)


@dataclass(frozen=True)
class Card:
    """What a game's card shows: `emblem` is one of EMBLEMS' keys, `colour` its band's."""
    name: str
    players: str
    about: str
    emblem: str
    colour: tuple[int, int, int]


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(size[1]):
        alpha = round(255 * min(1.0, 1.6 * (1 - y / size[1])))
        pygame.draw.line(veil, (*style.WOOD_DARK, alpha), (0, y), (size[0], y))
    return veil


def fade_top(surface: pygame.Surface, bottom: float) -> None:
    """Darken the window's top down to `bottom` (UI units), fading out: the backdrop map's edge
    is lost behind the heading."""
    surface.blit(_veil((surface.get_width(), draw.px(bottom))), (0, 0))


def heading(surface: pygame.Surface, frame: pygame.Rect, tagline: str) -> None:
    """The collection's name: El Grande large, "& Castell" between two gold rules, the tagline."""
    style.text(surface, "El Grande", (frame.centerx, frame.y + 14), 80, style.GOLD_LIGHT, bold=True, face="serif",
               anchor="midtop", shadow=(0, 0, 0))
    beside = style.text(surface, "& Castell", (frame.centerx, frame.y + 126), 32, style.GOLD_LIGHT, bold=True,
                        face="serif", anchor="center", shadow=(0, 0, 0))
    for side in (-1, 1):
        near = beside.left - 14 if side < 0 else beside.right + 14
        draw.line(surface, style.GOLD, (near, beside.centery + 2), (near + side * 120, beside.centery + 2), 2)
        draw.circle(surface, style.GOLD, (near + side * 126, beside.centery + 2), 3)
    size = style.fit_size(tagline, frame.width - 160, 18, face="serif")
    style.text(surface, tagline, (frame.centerx, frame.y + 150), size, style.PARCHMENT, face="serif",
               anchor="midtop", shadow=(0, 0, 0))


def cards(surface: pygame.Surface, placed: Sequence[tuple[pygame.Rect, Card, int]]) -> None:
    """The game cards, each with the top of its buttons: what each game is in one size, the
    largest at which both fit above their buttons."""
    boxes = [pygame.Rect(rect.x + PAD, rect.y + BAND + 12, rect.width - 2 * PAD, top - rect.y - BAND - 20)
             for rect, _, top in placed]
    size = min(about_size(shown.about, box) for box, (_, shown, _) in zip(boxes, placed))
    for box, (rect, shown, _) in zip(boxes, placed):
        card(surface, rect, shown)
        style.paragraph(surface, shown.about, box, size, style.INK)


def about_size(about: str, box: pygame.Rect) -> int:
    size = 16
    while size > 10 and len(style.wrap(about, box.width, size)) * (style.line_height(size) + 2) > box.height:
        size -= 1
    return size


def card(surface: pygame.Surface, rect: pygame.Rect, shown: Card) -> None:
    """A game's card and its band: the emblem in a gold ring, the name, the player count."""
    style.panel(surface, rect, style.PARCHMENT, style.INK_SOFT, radius=12)
    band = pygame.Rect(rect.x, rect.y, rect.width, BAND)
    draw.rect(surface, shown.colour, band, border_top_left_radius=12, border_top_right_radius=12)
    draw.line(surface, style.GOLD, (band.x + 2, band.bottom), (band.right - 3, band.bottom), 3)
    centre = (band.x + PAD + 34, band.centery)
    draw.circle(surface, style.shade(shown.colour, 0.7), centre, 34)
    draw.circle(surface, style.GOLD, centre, 34, 2)
    EMBLEMS[shown.emblem](surface, centre)
    left = band.x + PAD + 84
    width = band.right - PAD - left
    style.text(surface, shown.name, (left, band.y + 8), style.fit_size(shown.name, width, 36, True, "serif"),
               style.GOLD_LIGHT, bold=True, face="serif", shadow=(0, 0, 0))
    style.text(surface, shown.players, (left, band.bottom - 10), style.fit_size(shown.players, width, 15),
               style.PARCHMENT, anchor="bottomleft")


def crown(surface: pygame.Surface, centre: tuple[float, float]) -> None:
    """El Grande's emblem: a gold crown with three jewels on its band."""
    cx, cy = centre
    points = [(cx - 22, cy + 10), (cx - 24, cy - 12), (cx - 11, cy - 1), (cx, cy - 18), (cx + 11, cy - 1),
              (cx + 24, cy - 12), (cx + 22, cy + 10)]
    draw.polygon(surface, style.GOLD, points)
    draw.polygon(surface, style.shade(style.GOLD, 0.55), points, 2)
    for tip in (points[1], points[3], points[5]):
        draw.circle(surface, style.GOLD_LIGHT, tip, 3.5)
    band = pygame.Rect(round(cx - 23), round(cy + 6), 46, 10)
    draw.rect(surface, style.GOLD_LIGHT, band, border_radius=2)
    draw.rect(surface, style.shade(style.GOLD, 0.55), band, 1, border_radius=2)
    for dx, jewel in ((-13, CROWN_RED), (0, (40, 90, 150)), (13, CROWN_RED)):
        draw.circle(surface, jewel, (cx + dx, cy + 11), 3)


def human_tower(surface: pygame.Surface, centre: tuple[float, float]) -> None:
    """Castell's emblem: three castellers, two on their shoulders, one on theirs and the child
    on top."""
    cx, cy = centre
    for tier, count in enumerate((3, 2, 1)):
        for i in range(count):
            casteller(surface, (cx + (i - (count - 1) / 2) * 15, cy + 24 - tier * 14.5), 1.25)
    casteller(surface, (cx, cy + 24 - 3 * 14.5 + 1), 0.9)


def casteller(surface: pygame.Surface, foot: tuple[float, float], scale: float) -> None:
    """One small figure standing on `foot`: white trousers, black sash, the colla's shirt, head."""
    x, y = foot
    w, legs, body = 11 * scale, 4 * scale, 6 * scale
    draw.rect(surface, TROUSERS, (x - w / 2, y - legs, w, legs))
    draw.rect(surface, SHIRT, (x - w / 2, y - legs - body, w, body), border_top_left_radius=3,
              border_top_right_radius=3)
    draw.line(surface, SASH, (x - w / 2, y - legs), (x + w / 2 - 1, y - legs), 2)
    draw.circle(surface, (232, 196, 160), (x, y - legs - body - 2.2 * scale), 2.4 * scale)


EMBLEMS: dict[str, Callable[[pygame.Surface, tuple[float, float]], None]] = {"crown": crown,
                                                                              "human_tower": human_tower}


def tick(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A finished lesson's mark: a green tick in a circle at its button's left end."""
    centre = (rect.x + 24, rect.centery)
    draw.circle(surface, (46, 120, 60), centre, 12)
    foot = (centre[0] - 1, centre[1] + 5)
    draw.line(surface, style.WHITE, (centre[0] - 6, centre[1]), foot, 3)
    draw.line(surface, style.WHITE, foot, (centre[0] + 6, centre[1] - 5), 3)
