"""What the board shows right now: a copy of the viewer's position that animations update event by
event, plus the sprites in flight.

Why: while Caballeros fly from the court to a region the counts on screen must lag the engine
(source decremented at take-off, target incremented on landing). The table is re-synced from the
view whenever the event queue is empty, so it can never drift from the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import engine
from game.present.neutral import NEUTRAL, client_key

AREAS_OFF_MAP = ("court", "provinces")


@dataclass
class Sprite:
    """A piece or label moving across the board (board coordinates: layout.to_board)."""
    kind: str                    # "cube", "king", "grande", "points", "disc", "card"
    pos: tuple[float, float]
    player: str = ""
    label: str = ""
    alpha: float = 255.0
    scale: float = 1.0


@dataclass
class Table:
    players: tuple[str, ...] = ()
    dummy: str | None = None     # the engine's colour of the neutral colour (drawn as NEUTRAL)
    counts: dict[tuple[str, str], int | None] = field(default_factory=dict)
    king: str | None = None
    grandes: dict[str, str] = field(default_factory=dict)
    scoreboards: dict[str, str | None] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    castillo_total: int = 0
    round: int = 0
    rounds: tuple[int, ...] = ()
    phase: str = ""
    active: str | None = None
    offer: list[str] = field(default_factory=list)
    taken: dict[str, str] = field(default_factory=dict)
    power_played: dict[str, int] = field(default_factory=dict)
    hands: dict[str, tuple[int, ...] | None] = field(default_factory=dict)
    veto: dict[str, bool] = field(default_factory=dict)
    # animation state
    sprites: list[Sprite] = field(default_factory=list)
    king_pos: tuple[float, float] | None = None      # the King walking (board coordinates)
    focus: str | None = None               # area being scored / acted on
    track: dict[str, float] = field(default_factory=dict)   # score marker positions (points)
    revealed: dict[str, str] = field(default_factory=dict)  # discs on show after a reveal

    def sync(self, view: engine.Position, hide_castillo_except: str | None | bool = False) -> None:
        """Copy everything drawable from `view`. `hide_castillo_except`: False shows Castillo
        counts as the view gives them; a player id (or None) hides all but that player's and
        those made public by an opening of the tower (docs/rulings.md R2)."""
        self.players = tuple(view.players)
        self.dummy = view.dummy
        if view.dummy is not None:
            for area in (*engine.REGIONS, "castillo", *AREAS_OFF_MAP):
                self.counts[(NEUTRAL, area)] = view.count(view.dummy, area)
        for player in self.players:
            for area in (*engine.REGIONS, "castillo", *AREAS_OFF_MAP):
                value: int | None = view.count(player, area)
                if area == "castillo" and hide_castillo_except is not False \
                        and player != hide_castillo_except and not view.castillo_count_shown(player):
                    value = None
                self.counts[(player, area)] = value
        self.king = view.king
        self.grandes = dict(view.grandes)
        self.scoreboards = dict(view.scoreboards)
        self.scores = dict(view.scores)
        self.castillo_total = view.castillo_total
        self.round = view.round
        self.rounds = tuple(view.rounds)
        self.phase = view.phase
        self.active = view.active
        face_up = list(view.face_up)
        if not self.offer or any(card not in self.offer for card in face_up):
            self.offer, self.taken = face_up, {}
        self.power_played = dict(view.power_played)
        if view.dummy_power:
            self.power_played[NEUTRAL] = view.dummy_power
        if view.dummy_card is not None and view.dummy_card in self.offer:
            self.taken[view.dummy_card] = NEUTRAL
        self.hands = {p: view.hand(p) for p in self.players}
        self.veto = dict(view.veto_holders)
        self.track = {p: float(self.scores.get(p, 0)) for p in self.players}

    @property
    def board_colours(self) -> tuple[str, ...]:
        """The colours whose Caballeros stand on the map: the players, then NEUTRAL."""
        return self.players if self.dummy is None else self.players + (NEUTRAL,)

    def key(self, colour: str) -> str:
        """The drawing key of an engine colour (an event's player)."""
        return client_key(colour, self.dummy)

    def count(self, player: str, area: str) -> int | None:
        return self.counts.get((player, area), 0)

    def add(self, player: str, area: str, delta: int) -> None:
        """Shift a displayed count (unknown counts stay unknown)."""
        value = self.counts.get((player, area), 0)
        if value is not None:
            self.counts[(player, area)] = max(0, value + delta)
        if area == "castillo":
            self.castillo_total = max(0, self.castillo_total + delta)

    def restore_offer(self, events: Iterable[engine.events.Event]) -> None:
        """Rebuild this round's offer (taken cards stay in their slots) from the events played so
        far, oldest first — after a resume, an undo or a jump in the replay viewer."""
        offer: list[str] | None = None
        taken: dict[str, str] = {}
        for event in events:
            if isinstance(event, engine.events.RoundStarted):
                offer, taken = list(event.face_up), {}
            elif isinstance(event, engine.events.CardTaken):
                taken[event.card] = event.player
            elif isinstance(event, engine.events.DummyCardTaken):
                taken[event.card] = NEUTRAL
        if offer is not None:
            self.offer, self.taken = offer, taken

    def snapshot(self) -> tuple[object, ...]:
        """Everything drawn from the table, as a comparable value (a part of the screen's frame):
        the position shown and what is in flight."""
        return (self.players, self.dummy, tuple(sorted(self.counts.items())), self.king,
                tuple(sorted(self.grandes.items())), tuple(sorted(self.scoreboards.items())),
                tuple(sorted(self.scores.items())), self.castillo_total, self.round, self.rounds, self.phase,
                self.active, tuple(self.offer), tuple(sorted(self.taken.items())),
                tuple(sorted(self.power_played.items())), tuple(sorted(self.hands.items())),
                tuple(sorted(self.veto.items())),
                tuple((s.kind, s.pos, s.player, s.label, s.alpha, s.scale) for s in self.sprites),
                self.king_pos, self.focus, tuple(sorted(self.track.items())), tuple(sorted(self.revealed.items())))

    def reset_animation(self) -> None:
        """Drop everything in flight (the board jumps to the position without animating)."""
        self.sprites.clear()
        self.king_pos = None
        self.focus = None
        self.revealed = {}


def castillo_counts_off_display(view: engine.View) -> bool:
    """The secret-Castillo memory variant keeps some colour's Castillo count off the display now
    (docs/rulings.md R3), so nothing may show the Castillo's per-colour standings or ranks."""
    return not all(view.castillo_count_shown(p) for p in view.players)
