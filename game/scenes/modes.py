"""The phases of the one match screen (game/scenes/play.py): power-card selection, the action
phase, a general scoring and its Castillo reveal. A mode adds what its phase shows and handles on
top of the screen; switching modes keeps everything else the screen holds (the table, the log and
its scroll, rank badges, a pinned tooltip, the hint panel), which a new scene would lose."""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import events as E
from game.render import board, draw, hud, pieces, style
from game.shell import layout
from game.shell.focus import Target
from game.shell.i18n import area_name, t

if TYPE_CHECKING:
    from game.present.match_frame import Frame
    from game.scenes.play import MatchScene    # the screen a mode belongs to


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
        return self.screen.offer_targets()

    def handle_click(self, pos: tuple[int, int]) -> bool | None:
        """A click on what this mode adds; None: not its own, the screen handles it."""
        return None

    def pump(self, event: E.Event) -> bool:
        """Take the next queued event (True), or leave it to the screen (False)."""
        return False

    def settle(self) -> bool:
        """Nothing left to animate: True while the mode still finishes something of its own."""
        return False

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
                if str(value) in playable] + self.screen.offer_targets()

    def handle_click(self, pos: tuple[int, int]) -> bool | None:
        screen = self.screen
        playable = screen.picker.values("power")
        for rect, value in zip(layout.hand_rects(), range(1, 14)):
            if rect.collidepoint(pos):
                if str(value) in playable:
                    return screen.play_choice(screen.picker.pick("power", str(value)))
                screen.explain(f"power {value}")
                return True
        return None

    def card_state(self, value: int, hand: tuple[int, ...]) -> str:
        if value not in hand:
            return "spent"
        if value in self.screen.table.power_played.values():
            return "blocked"
        return "ready"

    def state(self) -> tuple[object, ...]:
        screen = self.screen
        return (self.hand_owner(), screen.staging.value("power", screen.match.version) if screen.my_turn() else None)

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


class ScoringMode(Mode):
    """A general scoring: each area lit in board order, points rising from it, markers moving
    along the success track, bonuses called out; the Castillo reveal takes over when the tower
    opens. The summary panel of what every area brought follows (the screen puts it up)."""

    name = "scoring"

    def pump(self, event: E.Event) -> bool:
        screen = self.screen
        if castillo_event(event, screen.match.events):
            screen.mode = CastilloMode(screen)
            return True
        screen.match.events.popleft()
        if isinstance(event, E.ScoringStarted) and event.kind == "general":
            screen.animator.say(t("banner.general_scoring", round=screen.table.round), 1.6)
            screen.ctx.sounds.play("fanfare")
            screen.animator.hold(1.2)
        elif isinstance(event, E.AreaScored):
            screen.animator.start(event)
            screen.animator.hold(1.3)
        elif not isinstance(event, (E.ScoringStarted, E.ScoringFinished)):
            screen.animator.start(event)
        return True


def stage() -> tuple[int, int]:
    """Where the Castillo is lifted and the cubes are counted: the middle of the map."""
    return (layout.current().map_rect.centerx, layout.current().map_rect.centery - 10)


CUBE = 16


def castillo_event(event: E.Event, queue: deque) -> bool:
    """Does the event at the head of the queue belong to the Castillo reveal?"""
    if isinstance(event, E.CastilloOpened):
        return True
    if isinstance(event, E.DiscsRevealed):
        return event.purpose == "castillo"
    if isinstance(event, E.CaballerosMoved):
        return event.source == "castillo"
    if isinstance(event, E.AreaScored):
        return event.area == "castillo"
    return False


@dataclass
class StageCube:
    """A Caballero out of the tower, in board coordinates (layout.to_board: a resize moves it
    with the map)."""
    player: str
    pos: tuple[float, float]


class CastilloMode(Mode):
    """The Castillo reveal: the tower lifts, the Caballeros tumble out and sort by colour, the
    counts appear, the Castillo is scored, the discs are shown, then each player's group flies to
    the region on his disc. The scoring hands over to it and it hands back."""

    name = "castillo"

    def __init__(self, screen: MatchScene) -> None:
        super().__init__(screen)
        self.cubes: list[StageCube] = []
        self.counts: dict[str, int] = {}
        self.gone: set[str] = set()
        self.discs: dict[str, str] = {}
        self.sorted = False
        self.veil = 0.0
        self.lift = 0.0
        self.closing = False
        self.rng = random.Random(screen.match.feed.total)

    def column(self, player: str) -> tuple[float, float]:
        order = [p for p in self.screen.match.players if self.counts.get(p)]
        i = order.index(player)
        return (stage()[0] + (i - (len(order) - 1) / 2) * self.spacing(), stage()[1] + 150)

    def spacing(self) -> float:
        """Room between the colour groups: wide enough for a region name under each disc."""
        groups = max(1, len([p for p in self.screen.match.players if self.counts.get(p)]))
        return min(170.0, (layout.current().map_rect.width - 80) / groups)

    def slot(self, player: str, k: int) -> tuple[float, float]:
        x, y = self.column(player)
        return (x + (k % 5 - 2) * (CUBE + 3), y - (k // 5) * (CUBE + 3))

    def pump(self, event: E.Event) -> bool:
        screen = self.screen
        if not castillo_event(event, screen.match.events):
            self.close()
            return True
        screen.match.events.popleft()
        if isinstance(event, E.CastilloOpened):
            self.open(dict(event.counts))
        elif isinstance(event, E.AreaScored):
            self.score(event)
        elif isinstance(event, E.DiscsRevealed):
            self.discs = dict(event.discs)
            screen.ctx.sounds.play("card")
            screen.animator.hold(1.6)
        elif isinstance(event, E.CaballerosMoved):
            self.leave(event)
            delay = 0.0
            queue = screen.match.events
            while queue and isinstance(group := queue[0], E.CaballerosMoved) and group.source == "castillo":
                delay += 0.15
                queue.popleft()
                self.leave(group, delay)
        return True

    def open(self, counts: dict[str, int]) -> None:
        """Lift the tower, tumble the cubes out, then sort them into one group per colour."""
        screen = self.screen
        self.counts = {p: n for p, n in counts.items() if n}
        screen.tweener.animate(self, "veil", 170.0, 0.5, "out_quad")
        screen.tweener.animate(self, "lift", 90.0, 0.8, "out_back")
        screen.ctx.sounds.play("reveal")
        screen.animator.say(t("castillo.opens"), 1.5)
        if not self.counts:
            screen.animator.hold(1.2)
            return
        for player, n in self.counts.items():
            for k in range(n):
                cube = StageCube(player, layout.to_board(stage()))
                self.cubes.append(cube)
                scatter = (stage()[0] + self.rng.uniform(-170, 170), stage()[1] + self.rng.uniform(60, 120))
                screen.tweener.animate(cube, "pos", layout.to_board(scatter), 0.6, "out_bounce", delay=0.5 + 0.03 * k)
        screen.animator.hold(1.6, self.sort)

    def sort(self) -> None:
        seen: dict[str, int] = {}
        for cube in self.cubes:
            k = seen.get(cube.player, 0)
            seen[cube.player] = k + 1
            self.screen.tweener.animate(cube, "pos", layout.to_board(self.slot(cube.player, k)), 0.6,
                                        "in_out_quad", delay=0.02 * k)
        self.screen.animator.hold(0.9, self._sorted)

    def _sorted(self) -> None:
        self.sorted = True

    def score(self, event: E.AreaScored) -> None:
        screen = self.screen
        for player, points in event.points:
            if points and player in self.counts:
                x, y = self.column(player)
                screen.animator.rise_points("castillo", ((player, points),), origin=(x, y - 40))
        screen.animator.move_markers(event.points)
        screen.ctx.sounds.play("score")
        screen.animator.hold(1.4)

    def leave(self, event: E.CaballerosMoved, delay: float = 0.0) -> None:
        """One group flies from the stage to its region (or back to the court); every group of
        the reveal leaves together."""
        start = self.column(event.player) if event.player in self.counts else stage()
        self.cubes = [c for c in self.cubes if c.player != event.player]
        self.gone.add(event.player)
        self.screen.animator.fly(event.player, "castillo", event.target, event.count, 0.8, delay=delay, start=start)

    def close(self) -> None:
        """Lower the tower and fade the stage, then hand back to the scoring."""
        if not self.closing:
            self.closing = True
            self.discs = {}
            self.screen.tweener.animate(self, "veil", 0.0, 0.5, "in_quad")
            self.screen.tweener.animate(self, "lift", 0.0, 0.5, "out_bounce")
            return
        self.screen.mode = ScoringMode(self.screen)

    def settle(self) -> bool:
        self.close()
        return True

    def state(self) -> tuple[object, ...]:
        return (tuple((c.player, c.pos) for c in self.cubes), tuple(sorted(self.counts.items())),
                tuple(sorted(self.gone)), tuple(sorted(self.discs.items())), self.sorted, self.veil, self.lift,
                self.closing)

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        if self.veil > 1:
            veil = draw.layer(layout.current().map_rect.size)
            veil.fill((20, 14, 10, int(self.veil)))
            draw.blit(surface, veil, layout.current().map_rect)
        if self.veil < (20 if self.closing else 60):
            return   # the stage appears once the map is veiled (no tower popping over the names)
        pieces.tower(surface, (stage()[0], stage()[1]), self.lift, highlight=True)
        for cube in self.cubes:
            pieces.cube(surface, layout.from_board(cube.pos), CUBE, style.player_colour(cube.player), cube.player)
        if not self.sorted:
            return
        name = self.screen.match.name
        for player, n in self.counts.items():
            if player in self.gone:
                continue
            x, y = self.column(player)
            style.text(surface, f"{name(player)}: {n}", (x, y + 16), 16, style.PARCHMENT, bold=True,
                       anchor="midtop", shadow=(0, 0, 0))
            region = self.discs.get(player)
            if region:
                board.disc_marker(surface, (x, y - 70), player)
                label = area_name(region)
                style.text(surface, label, (x, y - 52), style.fit_size(label, int(self.spacing()) - 10, 14, True),
                           style.GOLD_LIGHT, bold=True, anchor="midtop", shadow=(0, 0, 0))


def mode_for_phase(screen: MatchScene, phase: str, current: Mode | None) -> Mode:
    """The mode the engine's phase calls for (the current one when it already is)."""
    wanted = PowerMode if phase == "power" else ActionMode
    return current if type(current) is wanted else wanted(screen)
