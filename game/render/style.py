"""Palette and small drawing helpers (text, panels, buttons) shared by every renderer.

Why: one look — parchment panels on dark wood, gold accents, serif titles — defined once, so no
scene invents its own colours or text placement.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.assets import font
from game.render import draw

WOOD = (52, 36, 26)
WOOD_DARK = (34, 24, 18)
PARCHMENT = (240, 226, 192)
PARCHMENT_DARK = (222, 202, 158)
INK = (58, 40, 28)
INK_SOFT = (112, 88, 66)
GOLD = (212, 166, 64)
GOLD_LIGHT = (246, 214, 128)
SEA = (168, 196, 196)
SEA_DEEP = (140, 174, 180)
HIGHLIGHT = (255, 236, 140)
DANGER = (178, 44, 36)
WHITE = (255, 255, 255)
KING = (26, 22, 22)
GREY = (150, 140, 128)

PLAYER_COLOURS = {
    "red": (196, 48, 40),
    "blue": (44, 96, 190),
    "green": (46, 138, 70),
    "yellow": (232, 190, 36),
    "orange": (226, 118, 28),
}


def player_colour(player: str) -> tuple[int, int, int]:
    return PLAYER_COLOURS.get(player, GREY)


def shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    """Darker (<1) or lighter (>1) version of a colour."""
    if factor <= 1:
        return tuple(int(c * factor) for c in colour)  # type: ignore[return-value]
    return tuple(int(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]


def text_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if (r * 299 + g * 587 + b * 114) / 1000 > 150 else WHITE


MIN_TEXT_PX = 9   # smaller than this is unreadable, whatever the window


def font_px(size: int) -> int:
    """A font size in UI units as the pixel size it is rendered at in the current window."""
    return max(MIN_TEXT_PX, draw.px(size))


@lru_cache(maxsize=4096)
def _render(text: str, size: int, colour: tuple[int, int, int], bold: bool, face: str) -> pygame.Surface:
    return font(size, bold, face).render(text, True, colour)


def rendered(value: str, size: int, colour: tuple[int, int, int], bold: bool = False,
             face: str = "sans") -> pygame.Surface:
    """One line of text as a pixel image at the current window's resolution (cached)."""
    return _render(value, font_px(size), tuple(colour), bold, face)


def text_width(value: str, size: int, bold: bool = False, face: str = "sans") -> float:
    """How wide one line is, in UI units."""
    return font(font_px(size), bold, face).size(value)[0] / draw.scale()


def line_height(size: int, bold: bool = False, face: str = "sans") -> float:
    return font(font_px(size), bold, face).get_linesize() / draw.scale()


def text(surface: pygame.Surface, value: str, pos: tuple[float, float], size: int = 16,
         colour: tuple[int, int, int] = INK, bold: bool = False, face: str = "sans",
         anchor: str = "topleft", shadow: tuple[int, int, int] | None = None) -> pygame.Rect:
    """Draw one line of text anchored at pos (any pygame.Rect anchor name, UI units), rendered at
    the window's resolution; returns its rect in UI units."""
    image = rendered(value, size, colour, bold, face)
    rect = image.get_rect(**{anchor: draw.point(pos)})
    if shadow:
        surface.blit(rendered(value, size, shadow, bold, face), rect.move(draw.px(1) or 1, draw.px(2) or 1))
    surface.blit(image, rect)
    return draw.to_units(rect)


def outlined_text(surface: pygame.Surface, value: str, centre: tuple[float, float], size: int,
                  colour: tuple[int, int, int], alpha: int = 255) -> None:
    """Bold serif text with a 2-unit dark outline: legible over any map colour."""
    image = rendered(value, size, colour, True, "serif").copy()
    outline = rendered(value, size, INK, True, "serif").copy()
    image.set_alpha(alpha)
    outline.set_alpha(alpha)
    rect = image.get_rect(center=draw.point(centre))
    edge = max(1, draw.px(2))
    for dx in (-edge, 0, edge):
        for dy in (-edge, 0, edge):
            if dx or dy:
                surface.blit(outline, rect.move(dx, dy))
    surface.blit(image, rect)


def fit_size(value: str, width: float, size: int, bold: bool = False, face: str = "sans",
             minimum: int = 9) -> int:
    """The largest font size <= size at which one line fits in width."""
    while size > minimum and text_width(value, size, bold, face) > width:
        size -= 1
    return size


def wrap(value: str, width: float, size: int, bold: bool = False, face: str = "sans") -> list[str]:
    """Greedy word wrap to a width in UI units."""
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if text_width(trial, size, bold, face) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def paragraph(surface: pygame.Surface, value: str, rect: pygame.Rect, size: int = 14,
              colour: tuple[int, int, int] = INK, bold: bool = False, face: str = "sans",
              spacing: int = 2, max_lines: int | None = None) -> int:
    """Wrapped text inside rect; returns the y below the last line drawn."""
    y: float = rect.y
    lines = wrap(value, rect.width, size, bold, face)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,;") + "…"
    for line in lines:
        text(surface, line, (rect.x, y), size, colour, bold, face)
        y += line_height(size, bold, face) + spacing
    return round(y)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int] = PARCHMENT,
          border: tuple[int, int, int] = INK_SOFT, radius: int = 8, width: int = 2,
          shadow: bool = True) -> None:
    """A rounded parchment panel with a soft drop shadow."""
    if shadow:
        draw.rect(surface, WOOD_DARK, rect.move(3, 4), border_radius=radius)
    draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        draw.rect(surface, border, rect, width, border_radius=radius)


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, hover: bool = False,
           enabled: bool = True, primary: bool = False, size: int = 18) -> None:
    """A raised button; primary ones are gold, disabled ones faded."""
    base = GOLD if primary else PARCHMENT
    if not enabled:
        base = shade(PARCHMENT_DARK, 0.9)
    elif hover:
        base = shade(base, 1.25)
    draw.rect(surface, WOOD_DARK, rect.move(0, 3), border_radius=8)
    draw.rect(surface, base, rect, border_radius=8)
    draw.rect(surface, INK if enabled else GREY, rect, 2, border_radius=8)
    label_size = fit_size(label, rect.width - 16, size, bold=True)
    text(surface, label, rect.center, label_size, INK if enabled else GREY, bold=True, anchor="center")


def plate_layer(size: tuple[int, int], fill: tuple[int, int, int, int], radius: int = 8,
                border: tuple[int, int, int, int] | None = None) -> pygame.Surface:
    """A translucent rounded plate on its own layer (draw on it in units, then blit it)."""
    layer = draw.layer(size)
    local = pygame.Rect((0, 0), size)
    draw.rect(layer, fill, local, border_radius=radius)
    if border:
        draw.rect(layer, border, local, 2, border_radius=radius)
    return layer


def plate(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int, int], radius: int = 8,
          border: tuple[int, int, int, int] | None = None) -> None:
    """A translucent rounded plate behind a prompt, a caption or the hand."""
    draw.blit(surface, plate_layer(rect.size, fill, radius, border), rect)


def dim(surface: pygame.Surface, alpha: int = 150, colour: tuple[int, int, int] = (0, 0, 0)) -> None:
    """Darken everything below an overlay."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour, alpha))
    surface.blit(veil, (0, 0))


@lru_cache(maxsize=8)
def wood_background(size: tuple[int, int]) -> pygame.Surface:
    """The table: dark wood with faint grain lines (drawn once per window size, in pixels)."""
    surface = pygame.Surface(size)
    surface.fill(WOOD)
    for y in range(0, size[1], 6):
        tone = 6 if (y * 7919) % 23 < 11 else -4
        pygame.draw.line(surface, shade(WOOD, 1 + tone / 100), (0, y), (size[0], y + 3), 2)
    return surface
