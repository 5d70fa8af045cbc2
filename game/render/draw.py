"""pygame.draw in UI units: shapes are turned into window pixels when they are drawn.

Why: scenes lay out in UI units (game.layout) and draw through these functions, so every line,
polygon and piece is rasterised at the window's real resolution — crisp at 2560x1440, never an
image scaled up — and stays exactly where the hit-tests (in the same units) expect it.
Line widths and corner radii scale too, never below one pixel.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from game import layout

Colour = Sequence[int]
Point = tuple[float, float]


def scale() -> float:
    return layout.current().scale


def px(length: float) -> int:
    """A length in UI units as whole pixels."""
    return round(length * scale())


def _width(width: int) -> int:
    return 0 if width <= 0 else max(1, px(width))


def point(pos: Sequence[float]) -> tuple[int, int]:
    s = scale()
    return (round(pos[0] * s), round(pos[1] * s))


def rect_px(rect: pygame.Rect | Sequence[float]) -> pygame.Rect:
    """A rectangle in pixels whose edges are the scaled edges (neighbours stay flush)."""
    x, y, w, h = rect if not isinstance(rect, pygame.Rect) else (rect.x, rect.y, rect.w, rect.h)
    s = scale()
    left, top = round(x * s), round(y * s)
    return pygame.Rect(left, top, round((x + w) * s) - left, round((y + h) * s) - top)


def to_units(rect: pygame.Rect) -> pygame.Rect:
    """The inverse of rect_px (for rectangles measured in pixels, e.g. rendered text)."""
    s = scale()
    left, top = int(rect.x / s), int(rect.y / s)
    return pygame.Rect(left, top, round(rect.right / s) - left, round(rect.bottom / s) - top)


def rect(surface: pygame.Surface, colour: Colour, area: pygame.Rect | Sequence[float], width: int = 0,
         border_radius: int = 0, **corners: int) -> pygame.Rect:
    radii = {name: px(value) for name, value in corners.items()}
    return pygame.draw.rect(surface, colour, rect_px(area), _width(width), px(border_radius), **radii)


def polygon(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: int = 0) -> pygame.Rect:
    return pygame.draw.polygon(surface, colour, [point(p) for p in points], _width(width))


def circle(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: int = 0) -> pygame.Rect:
    return pygame.draw.circle(surface, colour, point(centre), max(1, px(radius)), _width(width))


def ellipse(surface: pygame.Surface, colour: Colour, area: pygame.Rect | Sequence[float],
            width: int = 0) -> pygame.Rect:
    return pygame.draw.ellipse(surface, colour, rect_px(area), _width(width))


def arc(surface: pygame.Surface, colour: Colour, area: pygame.Rect | Sequence[float], start: float,
        stop: float, width: int = 1) -> pygame.Rect:
    return pygame.draw.arc(surface, colour, rect_px(area), start, stop, _width(width))


def line(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: int = 1) -> pygame.Rect:
    return pygame.draw.line(surface, colour, point(start), point(end), _width(width))


def layer(size: Sequence[float], alpha: bool = True) -> pygame.Surface:
    """A scratch surface for `size` UI units (translucent plates, veils), drawn on in units too."""
    width, height = px(size[0]), px(size[1])
    return pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA if alpha else 0)


def blit(surface: pygame.Surface, image: pygame.Surface, pos: pygame.Rect | Sequence[float]) -> pygame.Rect:
    """Put a pixel image (a layer, rendered text) with its top-left at a point in UI units."""
    where = pos.topleft if isinstance(pos, pygame.Rect) else pos
    return surface.blit(image, point(where))
