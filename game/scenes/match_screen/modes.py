"""The phases of the one match screen (game/scenes/play.py): power-card selection, the action
phase, a general scoring and its Castillo reveal (game/scenes/match_screen/scoring.py). A mode adds what
its phase shows and handles on top of the screen; switching modes keeps everything else the screen
holds (the table, the log and its scroll, rank badges, a pinned tooltip, the hint panel), which a
new scene would lose.

Modes answer with commands — take events off the queue, hand over to another mode, pick a choice,
explain a refusal — and the screen carries them out: only the screen changes its mode, its queue
and the match."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

import pygame

import engine

from game.render import hud, pieces, style
from game.shell import layout
from game.shell.focus import Target
from game.shell.i18n import t

if TYPE_CHECKING:
    from engine import events as E
    from game.present.match_frame import Frame
    from game.scenes.play import MatchScene    # the screen a mode belongs to


@dataclass(frozen=True)
class Take:
    """The mode shows the `count` events at the head of the queue itself: the screen drops them
    (0: the mode still finishes something; the event waits)."""
    count: int = 1


@dataclass(frozen=True)
class Switch:
    """Another mode takes over (the event at the head of the queue is left for it)."""
    mode: "Mode"


@dataclass(frozen=True)
class Pick:
    """A click chose `value` for the move's `verb` argument (the picker builds the move)."""
    verb: str
    value: str


@dataclass(frozen=True)
class Explain:
    """A click on something not playable now: say why `move` is refused."""
    move: str


def offer_targets(screen: MatchScene) -> list[Target]:
    """The action cards on offer that may be taken now (the power mode adds the hand)."""
    playable = screen.picker.values("card")
    return [Target(("card", card), rect)
            for rect, card in zip(layout.card_rects(len(screen.table.offer) or 5), screen.table.offer)
            if card in playable]


Flow = Union[Take, Switch]
Click = Union[Pick, Explain]


class Mode:
    """A phase of the match screen. The hooks' defaults are the action phase's: the choice row
    under the map, the offer's cards, no overlay, events animated by the screen itself."""

    name = "action"

    def __init__(self, screen: MatchScene) -> None:
        self.screen = screen

    def choice_row(self) -> pygame.Rect:
        return layout.current().choice_row

    def undo_rect(self) -> pygame.Rect:
        return layout.current().undo_button

    def card_targets(self) -> list[Target]:
        return offer_targets(self.screen)

    def handle_click(self, pos: tuple[int, int]) -> Click | None:
        """A click on what this mode adds; None: not its own, the screen handles it."""
        return None

    def pump(self, event: E.Event, queue: Sequence[E.Event]) -> Flow | None:
        """The event at the head of `queue`: shown by the mode, or (None) left to the screen."""
        return None

    def settle(self) -> Flow | None:
        """Nothing left to animate: None, or what the mode still finishes of its own."""
        return None

    def state(self) -> tuple[object, ...]:
        """What the mode's stage shows beyond the screen's frame (a part of it)."""
        return ()

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """Drawn between the board and the panels; reads the frame and the mode's `state`."""


class ActionMode(Mode):
    """Court fill, taking an action card, placement and special actions, and the opponents' own
    decisions when a card asks them. Everything clickable comes from the picker."""

    name = "action"

    def state(self) -> tuple[object, ...]:
        return (self.screen.picker.verb,)

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """While a move is half chosen, say what the next click picks."""
        verb = self.screen.picker.verb
        if not (frame.turn and verb):
            return
        hint = t(f"pick.{verb}")
        rect = pygame.Rect(0, 0, int(style.text_width(hint, 14, True)) + 30, 26)
        rect.midbottom = (layout.current().choice_row.centerx, layout.current().choice_row.y - 8)
        style.panel(surface, rect, radius=8, shadow=False)
        style.text(surface, hint, rect.center, 14, style.INK, bold=True, anchor="center")


class PowerMode(Mode):
    """Power-card selection: the human's hand, values already played this round crossed out,
    spent cards faded, the others' played cards in their panels and the turn order they produce."""

    name = "power"

    def choice_row(self) -> pygame.Rect:
        """Confirm and Undo sit above the hand plate, never over the cards."""
        return layout.current().hand_choice_row

    def undo_rect(self) -> pygame.Rect:
        return layout.current().hand_undo_button

    def hand_owner(self) -> str | None:
        """Whose hand is shown: the human viewer (spectators see none)."""
        return self.screen.match.viewer

    def card_targets(self) -> list[Target]:
        """The power cards that may be played now, left to right, then the offer."""
        playable = self.screen.picker.values("power")
        return [Target(("power", value), rect) for rect, value in zip(layout.hand_rects(), range(1, 14))
                if str(value) in playable] + offer_targets(self.screen)

    def handle_click(self, pos: tuple[int, int]) -> Click | None:
        playable = self.screen.picker.values("power")
        for rect, value in zip(layout.hand_rects(), range(1, 14)):
            if rect.collidepoint(pos):
                return Pick("power", str(value)) if str(value) in playable else Explain(f"power {value}")
        return None

    def card_state(self, value: int, hand: tuple[int, ...]) -> str:
        if value not in hand:
            return "spent"
        if value in self.screen.table.power_played.values():
            return "blocked"
        return "ready"

    def state(self) -> tuple[object, ...]:
        screen = self.screen
        return (self.hand_owner(), screen.staging.lifted(engine.Where.HAND, screen.match.version) if screen.my_turn() else None)

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        screen = self.screen
        owner, staged = self.state()
        hand = screen.table.hands.get(str(owner)) if owner else None
        if owner is None or hand is None:
            return
        back = layout.current().hand_plate
        style.plate(surface, back, (*style.WOOD_DARK, 225), 12, (*style.GOLD, 255))
        label = style.text(surface, t("power.your_hand"), (back.x + 14, back.y + 6), 13, style.GOLD_LIGHT, bold=True)
        self._draw_order(surface, pygame.Rect(label.right + 24, back.y + 4, back.right - label.right - 38, 18))
        colour = style.player_colour(str(owner))
        for rect, value in zip(layout.hand_rects(), range(1, 14)):
            hover = bool(frame.hover and rect.collidepoint(frame.hover) and frame.turn)
            state = "staged" if staged == str(value) else self.card_state(value, hand)
            pieces.power_card(surface, rect.inflate(0, -8), value, colour, hud.court_of(value), state, hover)

    def _draw_order(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The turn order so far (highest power card first), on the hand plate's header line, so it
        never covers the map."""
        played = sorted(self.screen.table.power_played.items(), key=lambda kv: -kv[1])
        if not played:
            return
        text = t("power.order") + "  " + "  ›  ".join(f"{self.screen.match.name(p)} ({v})" for p, v in played)
        size = style.fit_size(text, room.width, 13, True)
        style.text(surface, text, room.midright, size, style.PARCHMENT, bold=True, anchor="midright")


def mode_for_phase(screen: MatchScene, phase: str, current: Mode | None) -> Mode:
    """The mode the engine's phase calls for (the current one when it already is)."""
    wanted = PowerMode if phase == "power" else ActionMode
    return current if type(current) is wanted else wanted(screen)
