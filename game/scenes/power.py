"""Power-card selection: the human's hand, values already played this round crossed out, spent
cards faded, the others' played cards in their panels and the turn order they produce."""
from __future__ import annotations

import pygame

from game import input as inp
from game import layout
from game.i18n import t
from game.render import hud, pieces, style
from game.scenes.play import PlayScene


class PowerScene(PlayScene):
    name = "power"

    def hand_owner(self) -> str | None:
        """Whose hand is shown: the human viewer (spectators see none)."""
        return self.match.viewer

    def handle_turn(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.CLICK:
            playable = self.picker.values("power")
            for rect, value in zip(layout.hand_rects(), range(1, 14)):
                if rect.collidepoint(intent.pos):
                    if str(value) in playable:
                        return self._play(self.picker.pick("power", str(value)))
                    self._explain_power(value)
                    return True
        return super().handle_turn(intent)

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
        self._draw_order(surface)
        back = layout.HAND_ROW.inflate(24, 34).move(0, -8)
        plate = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*style.WOOD_DARK, 200), plate.get_rect(), border_radius=12)
        surface.blit(plate, back)
        style.text(surface, t("power.your_hand"), (back.x + 12, back.y + 3), 12, style.GOLD_LIGHT, bold=True)
        colour = style.player_colour(owner)
        for rect, value in zip(layout.hand_rects(), range(1, 14)):
            hover = bool(self.hover and rect.collidepoint(self.hover) and self.my_turn())
            rect = rect.move(0, 10)
            pieces.power_card(surface, rect.inflate(0, -12), value, colour, hud.court_of(value),
                              self.card_state(value, hand), hover)

    def _draw_order(self, surface: pygame.Surface) -> None:
        """The turn order so far: highest power card first."""
        played = sorted(self.table.power_played.items(), key=lambda kv: -kv[1])
        if not played:
            return
        text = t("power.order") + "  " + "  ›  ".join(f"{self.match.name(p)} ({v})" for p, v in played)
        rect = pygame.Rect(0, 0, min(800, style.font(14, True).size(text)[0] + 30), 28)
        rect.midbottom = (layout.HAND_ROW.centerx, layout.HAND_ROW.y - 30)
        style.panel(surface, rect, radius=8, shadow=False)
        style.text(surface, text, rect.center, style.fit_size(text, rect.width - 20, 14, True), style.INK,
                   bold=True, anchor="center")
