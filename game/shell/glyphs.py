"""Which characters the shipped fonts cannot draw, so a name is refused at entry with the reason
instead of showing as boxes on every screen (an emoji, a script DejaVu lacks).

Why freetype: `pygame.font` draws a missing character as the font's box without saying so;
`pygame.freetype` reports it (no metrics). A name is drawn in the sans faces, regular and bold,
and in the serif of the headings: a character must be in all of them.
"""
from __future__ import annotations

from functools import lru_cache

import pygame.freetype

from game.shell.assets import ASSET_DIR, FONT_FILES

FACES = (("sans", False), ("sans", True), ("serif", True))


@lru_cache(maxsize=None)
def _face(face: str, bold: bool) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(ASSET_DIR / "fonts" / FONT_FILES[(face, bold)]), 16)


@lru_cache(maxsize=4096)
def drawable(char: str) -> bool:
    """Whether every face a name is drawn in has `char` (spaces always)."""
    return char.isspace() or all(_face(*face).get_metrics(char)[0] is not None for face in FACES)


def missing(text: str) -> str:
    """The characters of `text` the fonts cannot draw, each once, in order ("" when none)."""
    return "".join(dict.fromkeys(c for c in text if not drawable(c)))
