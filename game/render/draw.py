"""pygame.draw in UI units: shapes are turned into window pixels when they are drawn.

Why: scenes lay out in UI units (game.shell.layout) and draw through these functions, so every line,
polygon and piece is rasterised at the window's real resolution — crisp at 2560x1440, never an
image scaled up — and stays exactly where the hit-tests (in the same units) expect it.
Line widths and corner radii scale too, never below one pixel.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from game.shell import layout

Colour = Sequence[int]
Point = tuple[float, float]


def scale() -> float:
    return layout.current().scale


def px(length: float) -> int:
    """A length in UI units as whole pixels."""
    return round(length * layout.current().scale)


def _width(width: int, s: float) -> int:
    return 0 if width <= 0 else max(1, round(width * s))


def point(pos: Sequence[float]) -> tuple[int, int]:
    s = layout.current().scale
    return (round(pos[0] * s), round(pos[1] * s))


def rect_px(rect: pygame.Rect | Sequence[float]) -> pygame.Rect:
    """A rectangle in pixels whose edges are the scaled edges (neighbours stay flush)."""
    return _rect_px(rect, layout.current().scale)


def _rect_px(rect: pygame.Rect | Sequence[float], s: float) -> pygame.Rect:
    x, y, w, h = rect if not isinstance(rect, pygame.Rect) else (rect.x, rect.y, rect.w, rect.h)
    left, top = round(x * s), round(y * s)
    return pygame.Rect(left, top, round((x + w) * s) - left, round((y + h) * s) - top)


def to_units(rect: pygame.Rect) -> pygame.Rect:
    """The inverse of rect_px (for rectangles measured in pixels, e.g. rendered text)."""
    s = layout.current().scale
    left, top = int(rect.x / s), int(rect.y / s)
    return pygame.Rect(left, top, round(rect.right / s) - left, round(rect.bottom / s) - top)


def rect(surface: pygame.Surface, colour: Colour, area: pygame.Rect | Sequence[float], width: int = 0,
         border_radius: int = 0, **corners: int) -> pygame.Rect:
    s = layout.current().scale
    radii = {name: round(value * s) for name, value in corners.items()}
    return pygame.draw.rect(surface, colour, _rect_px(area, s), _width(width, s), round(border_radius * s), **radii)


def polygon(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: int = 0) -> pygame.Rect:
    s = layout.current().scale
    return pygame.draw.polygon(surface, colour, [(round(x * s), round(y * s)) for x, y in points], _width(width, s))


def circle(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: int = 0) -> pygame.Rect:
    s = layout.current().scale
    return pygame.draw.circle(surface, colour, (round(centre[0] * s), round(centre[1] * s)),
                              max(1, round(radius * s)), _width(width, s))


def ellipse(surface: pygame.Surface, colour: Colour, area: pygame.Rect | Sequence[float],
            width: int = 0) -> pygame.Rect:
    s = layout.current().scale
    return pygame.draw.ellipse(surface, colour, _rect_px(area, s), _width(width, s))


def arc(surface: pygame.Surface, colour: Colour, area: pygame.Rect | Sequence[float], start: float,
        stop: float, width: int = 1) -> pygame.Rect:
    s = layout.current().scale
    return pygame.draw.arc(surface, colour, _rect_px(area, s), start, stop, _width(width, s))


def line(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: int = 1) -> pygame.Rect:
    s = layout.current().scale
    return pygame.draw.line(surface, colour, (round(start[0] * s), round(start[1] * s)),
                            (round(end[0] * s), round(end[1] * s)), _width(width, s))


def layer(size: Sequence[float], alpha: bool = True) -> pygame.Surface:
    """A scratch surface for `size` UI units (translucent plates, veils), drawn on in units too."""
    width, height = px(size[0]), px(size[1])
    return pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA if alpha else 0)


def blit(surface: pygame.Surface, image: pygame.Surface, pos: pygame.Rect | Sequence[float]) -> pygame.Rect:
    """Put a pixel image (a layer, rendered text) with its top-left at a point in UI units."""
    where = pos.topleft if isinstance(pos, pygame.Rect) else pos
    return surface.blit(image, point(where))
