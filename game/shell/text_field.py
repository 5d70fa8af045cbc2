"""A one-line text field's value as the name fields edit it: typing, Backspace, and Ctrl+A to
select the whole text, so the next key replaces it (or Backspace clears it) in one stroke.

Why its own module: the set-up's seat names and the "save as" name are the same field; the
scenes draw it (`selected` says whether to show the selection).
"""
from __future__ import annotations

import pygame

from game.shell import input as inp


class TextField:
    def __init__(self, value: str = "", limit: int = 40) -> None:
        self.value = value[:limit]
        self.limit = limit
        self.selected = False          # Ctrl+A: the whole value is selected

    def handle(self, intent: inp.Intent) -> bool:
        """Apply a key intent; True when the value changed."""
        if intent.kind == inp.Kind.SELECT_ALL:
            self.selected = bool(self.value)
            return False
        if intent.kind != inp.Kind.KEY:
            return False
        before = self.value
        if intent.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.value = "" if self.selected else self.value[:-1]
        elif intent.text and intent.text.isprintable():
            base = "" if self.selected else self.value
            self.value = (base + intent.text)[:self.limit]
        self.selected = False
        return self.value != before
