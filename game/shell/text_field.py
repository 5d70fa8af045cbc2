"""A one-line text field's value as the name fields edit it: typing, Backspace, and Ctrl+A to
select the whole text, so the next key replaces it (or Backspace clears it) in one stroke.

Why its own module: the set-up's seat names, the online names and the "save as" name are the same
field; the scenes draw it (`selected` says whether to show the selection). A key that types
nothing (Shift for a capital, an arrow) keeps the selection: Ctrl+A then Shift+B gives "B". A
character the shipped fonts cannot draw (an emoji) is refused at entry and named in `refused`,
for the scene to say why, instead of showing as a box on every screen.
"""
from __future__ import annotations

import pygame

from game.shell import input as inp
from game.shell.glyphs import missing


class TextField:
    def __init__(self, value: str = "", limit: int = 40) -> None:
        self.value = value[:limit]
        self.limit = limit
        self.selected = False          # Ctrl+A: the whole value is selected
        self.refused = ""              # the characters of the last key that cannot be drawn

    def handle(self, intent: inp.Intent) -> bool:
        """Apply a key intent; True when the value changed."""
        if intent.kind == inp.Kind.SELECT_ALL:
            self.selected = bool(self.value)
            return False
        if intent.kind != inp.Kind.KEY:
            return False
        before = self.value
        self.refused = ""
        if intent.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.value = "" if self.selected else self.value[:-1]
        elif intent.text and intent.text.isprintable():
            self.refused = missing(intent.text)
            if self.refused:
                return False
            base = "" if self.selected else self.value
            self.value = (base + intent.text)[:self.limit]
        else:
            return False               # a modifier or a key that types nothing: the selection stays
        self.selected = False
        return self.value != before
