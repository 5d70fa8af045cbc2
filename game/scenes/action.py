"""The action phase: court fill, taking an action card, placement and special actions, and the
opponents' own decisions when a card asks them. Everything clickable comes from the picker."""
from __future__ import annotations

import pygame

from game.shell import layout
from game.shell.i18n import t
from game.render import style
from game.scenes.play import PlayScene


class ActionScene(PlayScene):
    name = "action"

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """While a move is half chosen, say what the next click picks."""
        if not (self.my_turn() and self.picker.verb):
            return
        hint = t(f"pick.{self.picker.verb}")
        rect = pygame.Rect(0, 0, int(style.text_width(hint, 14, True)) + 30, 26)
        rect.midbottom = (layout.CHOICE_ROW.centerx, layout.CHOICE_ROW.y - 8)
        style.panel(surface, rect, radius=8, shadow=False)
        style.text(surface, hint, rect.center, 14, style.INK, bold=True, anchor="center")
