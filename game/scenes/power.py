"""Power-card selection: the human's hand, values already played this round crossed out, spent
cards faded, the others' played cards in their panels and the turn order they produce."""
from __future__ import annotations

import pygame

from game.shell import layout
from game.shell.focus import Target
from game.shell.i18n import t
from game.render import hud, pieces, style
from game.scenes.play import PlayScene


class PowerScene(PlayScene):
    name = "power"

    def choice_row(self) -> pygame.Rect:
        """Confirm and Undo sit above the hand plate, never over the cards."""
        return layout.HAND_CHOICE_ROW

    def undo_rect(self) -> pygame.Rect:
        return layout.HAND_UNDO_BUTTON

    def hand_owner(self) -> str | None:
        """Whose hand is shown: the human viewer (spectators see none)."""
        return self.match.viewer

    def card_targets(self) -> list[Target]:
        """The power cards that may be played now, left to right."""
        playable = self.picker.values("power")
        return [Target(("power", value), rect) for rect, value in zip(layout.hand_rects(), range(1, 14))
                if str(value) in playable] + super().card_targets()

    def handle_click(self, pos: tuple[int, int]) -> bool:
        playable = self.picker.values("power")
        for rect, value in zip(layout.hand_rects(), range(1, 14)):
            if rect.collidepoint(pos):
                if str(value) in playable:
                    return self._play(self.picker.pick("power", str(value)))
                self._explain_power(value)
                return True
        return super().handle_click(pos)

    def _explain_power(self, value: int) -> None:
        if not self.match.play(f"power {value}"):
            self.show_toast(self.match.error or "")
            self.ctx.sounds.play("error")

    def card_state(self, value: int, hand: tuple[int, ...]) -> str:
        if value not in hand:
            return "spent"
        if value in self.table.power_played.values():
            return "blocked"
        return "ready"

    def draw_overlay(self, surface: pygame.Surface) -> None:
        owner = self.hand_owner()
        hand = self.table.hands.get(owner) if owner else None
        if owner is None or hand is None:
            return
        back = layout.HAND_PLATE
        style.plate(surface, back, (*style.WOOD_DARK, 225), 12, (*style.GOLD, 255))
        label = style.text(surface, t("power.your_hand"), (back.x + 14, back.y + 6), 13, style.GOLD_LIGHT, bold=True)
        self._draw_order(surface, pygame.Rect(label.right + 24, back.y + 4, back.right - label.right - 38, 18))
        colour = style.player_colour(owner)
        staged = self.staging.value("power", self.match.version) if self.my_turn() else None
        for rect, value in zip(layout.hand_rects(), range(1, 14)):
            hover = bool(self.hover and rect.collidepoint(self.hover) and self.my_turn())
            state = "staged" if staged == str(value) else self.card_state(value, hand)
            pieces.power_card(surface, rect.inflate(0, -8), value, colour, hud.court_of(value), state, hover)

    def _draw_order(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The turn order so far (highest power card first), on the hand plate's header line, so it
        never covers the map."""
        played = sorted(self.table.power_played.items(), key=lambda kv: -kv[1])
        if not played:
            return
        text = t("power.order") + "  " + "  ›  ".join(f"{self.match.name(p)} ({v})" for p, v in played)
        size = style.fit_size(text, room.width, 13, True)
        style.text(surface, text, room.midright, size, style.PARCHMENT, bold=True, anchor="midright")
