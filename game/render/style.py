"""Palette and small drawing helpers (text, panels, buttons) shared by every renderer.

Why: one look — parchment panels on dark wood, gold accents, serif titles — defined once, so no
scene invents its own colours or text placement.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import ParamSpec, TypeVar

import pygame

from game.shell.assets import font
from game.shell.i18n import use_palette_names
from game.render import draw

P = ParamSpec("P")
R = TypeVar("R")

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

PALETTES: dict[str, dict[str, tuple[int, int, int]]] = {
    "classic": {
        "red": (196, 48, 40),
        "blue": (44, 96, 190),
        "green": (46, 138, 70),
        "yellow": (232, 190, 36),
        "orange": (226, 118, 28),
        "neutral": (222, 218, 206),   # the 2-player game's neutral colour (game/present/neutral.py)
    },
    # Okabe & Ito, "Color Universal Design" (2008): hues told apart with every common colour
    # vision deficiency, each colour keeping its name (vermillion for red, bluish green for green)
    "colourblind": {
        "red": (213, 94, 0),
        "blue": (0, 114, 178),
        "green": (0, 158, 115),
        "yellow": (240, 228, 66),
        "orange": (230, 159, 0),
        "neutral": (222, 222, 222),
    },
}
# every colour also has a shape, drawn on its pieces, discs, panels and scoring columns, so that
# no two players are told apart by hue alone (game.render.pieces.symbol draws them)
SYMBOLS = {"red": "circle", "blue": "bar", "green": "triangle", "yellow": "cross", "orange": "wedge",
           "neutral": "ring"}
UI_SCALES = (1.0, 1.25, 1.5)



@dataclass
class _Look:
    palette: str = "classic"
    text_scale: float = 1.0


_look = _Look()


def use_look(palette: str, ui_scale: float) -> None:
    """Draw with this palette and text scale from now on (the settings'; an unknown palette is
    the classic one, a scale off the list the nearest listed one)."""
    _look.palette = palette if palette in PALETTES else "classic"
    use_palette_names(_look.palette)
    _look.text_scale = min(UI_SCALES, key=lambda s: abs(s - ui_scale))


def text_scale() -> float:
    """How much larger than designed text (and the controls sized from it) is drawn: the UI scale."""
    return _look.text_scale


def fixed_size(draw_fn: Callable[P, R]) -> Callable[P, R]:
    """Draw with text at its designed size, whatever the UI scale: the map's names, values and
    pieces, the player panels, the round and success tracks, the action cards and the power
    cards are labels packed into the 1280x800 composition, which the window cannot grow (the
    layout already fits it to the window), so they scale with the window only."""
    @wraps(draw_fn)
    def fixed(*args: P.args, **kwargs: P.kwargs) -> R:
        kept, _look.text_scale = _look.text_scale, 1.0
        try:
            return draw_fn(*args, **kwargs)
        finally:
            _look.text_scale = kept
    return fixed


def player_colour(player: str) -> tuple[int, int, int]:
    return PALETTES[_look.palette].get(player, GREY)


def relative_luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2.1 contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def mark_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark ink or white, whichever contrasts more with `colour`: a symbol or number on a piece."""
    return _mark_ink((colour[0], colour[1], colour[2]))


@lru_cache(maxsize=256)
def _mark_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """mark_ink, cached: every piece asks each frame, from a few colours."""
    return KING if contrast(KING, colour) >= contrast(WHITE, colour) else WHITE


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


SCALED_UP_TO = 22   # the UI scale enlarges text up to this size; headings already larger stay


def scaled_size(size: float) -> float:
    """A designed font size at the UI scale: small text grows by the scale, up to the size of a
    heading, so the headings and the body text keep their order and the titles their room."""
    return _scaled(size, text_scale())


def _scaled(size: float, scale: float) -> float:
    return max(size, min(size * scale, SCALED_UP_TO))


def font_px(size: int) -> int:
    """A font size in UI units as the pixel size it is rendered at in the current window."""
    return _font_px(size, _look.text_scale, draw.scale())


@lru_cache(maxsize=1024)
def _font_px(size: int, text_scale: float, window_scale: float) -> int:
    """font_px for a UI scale and a window's scale (cached: every line of text asks each frame)."""
    return max(MIN_TEXT_PX, round(_scaled(size, text_scale) * window_scale))


@lru_cache(maxsize=4096)
def _render(text: str, size: int, colour: tuple[int, int, int], bold: bool, face: str) -> pygame.Surface:
    return font(size, bold, face).render(text, True, colour)


def rendered(value: str, size: int, colour: tuple[int, int, int], bold: bool = False,
             face: str = "sans") -> pygame.Surface:
    """One line of text as a pixel image at the current window's resolution (cached)."""
    return _render(value, font_px(size), tuple(colour), bold, face)


def text_width(value: str, size: int, bold: bool = False, face: str = "sans") -> float:
    """How wide one line is, in UI units."""
    return _text_px(value, font_px(size), bold, face) / draw.scale()


@lru_cache(maxsize=16384)
def _text_px(value: str, px: int, bold: bool, face: str) -> int:
    """A line's width in pixels at a font's pixel size (cached: the shipped fonts never change,
    and wrapping and fitting ask for the same words every frame)."""
    return font(px, bold, face).size(value)[0]


def line_height(size: int, bold: bool = False, face: str = "sans") -> float:
    return font(font_px(size), bold, face).get_linesize() / draw.scale()


def ink_height(size: int, bold: bool = False, face: str = "sans") -> float:
    """The height of a rendered line in units: what a text's rect covers (a pixel more than the
    font's line size at some sizes)."""
    return max(line_height(size, bold, face), rendered("Ágjy", size, INK, bold, face).get_height() / draw.scale())


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
    return list(_wrapped(value, width, size, bold, face, font_px(size), draw.scale()))


@lru_cache(maxsize=4096)
def _wrapped(value: str, width: float, size: int, bold: bool, face: str, px: int, scale: float) -> tuple[str, ...]:
    """wrap's lines for a font's pixel size and the window's scale (cached: a panel's paragraphs
    are wrapped again at every frame it is painted)."""
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
    return tuple(lines)


def ellipsized(line: str, width: float, size: int, bold: bool = False, face: str = "sans") -> str:
    """A line cut short with "…", words dropped until the whole of it fits `width`."""
    words = line.split()
    while True:
        cut = " ".join(words).rstrip(".,;:") + "…"
        if len(words) <= 1 or text_width(cut, size, bold, face) <= width:
            return cut
        words.pop()


def paragraph(surface: pygame.Surface, value: str, rect: pygame.Rect, size: int = 14,
              colour: tuple[int, int, int] = INK, bold: bool = False, face: str = "sans",
              spacing: int = 2, max_lines: int | None = None) -> int:
    """Wrapped text inside rect; returns the y below the last line drawn."""
    y: float = rect.y
    lines = wrap(value, rect.width, size, bold, face)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsized(lines[-1], rect.width, size, bold, face)
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


def hard_wrap(value: str, width: int, size: int) -> list[str]:
    """Word wrap that also breaks words wider than the box (long file paths)."""
    out: list[str] = []
    for line in wrap(value, width, size):
        while text_width(line, size) > width and len(line) > 1:
            cut = len(line)
            while cut > 1 and text_width(line[:cut], size) > width:
                cut -= 1
            slash = line.rfind("/", 0, cut)
            cut = slash + 1 if slash > cut // 2 else cut
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def mark_selection(surface: pygame.Surface, value: str, midleft: tuple[int, int], size: int) -> None:
    """The highlight behind a text field's selected (Ctrl+A) text."""
    height = line_height(size)
    draw.rect(surface, GOLD_LIGHT, (midleft[0] - 2, midleft[1] - height // 2,
                                          text_width(value, size) + 4, height), border_radius=3)
