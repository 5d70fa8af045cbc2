"""The game state: flat lists and tuples of ints, cheap to clone, plus the read API of docs/design.md §2.

Rules live in `flow.py` and `effects/`; this module only stores and reads. Mutable per-player
numbers sit in flat lists (copied on clone); everything that changes rarely is a tuple (shared).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Union

from .context import Ctx
from .data import AREA_INDEX, AREAS_PER_PLAYER, BOARD_NAMES, CASTILLO, REGIONS
from .flow import apply as _apply, legal_moves as _legal_moves, next_scoring as _next_scoring, play as _play
from .phase import P_OVER, PHASES, Phase

if TYPE_CHECKING:
    from .view import View

# Slots copied by clone(): lists are copied, everything else is immutable and shared.
LIST_SLOTS = ("counts", "grande_i", "hand_bits", "used", "recovered", "recover_pool",
               "unknown_hand", "played", "score_pts", "boards")
SHARED_SLOTS = ("players", "pcol", "n", "options_tuple", "rounds", "seed", "king_i", "stacks",
                 "face_up_slots", "round_idx", "ph", "bid_seq", "turn_seq", "pos", "active_idx",
                 "to_move_idx", "card", "placed", "acted", "ctx", "veto", "discs", "start_player",
                 "scorings", "history", "viewer", "origin", "rules_version", "castillo_shown",
                 "dummy", "rows", "dummy_deck", "dummy_power", "dummy_card", "region_deck", "region_later")
# The neutral colour's slots (the 2-player dummy game, docs/rulings.md R4-R9): a snapshot written
# before they existed holds none of them, which is right for every game without the dummy.
DUMMY_SLOTS = SHARED_SLOTS[SHARED_SLOTS.index("dummy"):]

# The move history for record(): (previous, move text), newest first; None when empty.
History = Union[tuple[Any, str], None]


class ScoreEntry(NamedTuple):
    """One scoring of the game: a general scoring (`kind` "general", after `round`) or an action
    card's special scoring (`kind` "card", `card` its id, played in `round`); points per player."""
    kind: str
    round: int
    card: str | None
    points: dict[str, int]


class Game:
    """One El Grande position. Build with `engine.new_game`; change only through `play`.

    Slot glossary: counts[p * AREAS_PER_PLAYER + area] Caballeros; grande_i[p] region index;
    hand_bits/used/recovered[p] power-card bit sets (bit v = card v; `recovered` marks cards in
    hand whose identity only the owner knows; recover_pool[p] the public candidates for them: the
    cards spent at the time of a recovery and not played since); unknown_hand[p] how many such
    cards a view hides;
    played[p] power card this round (0 = none yet); boards[b] region index or -1; king_i region
    index; stacks: four tuples of card ids still face down, top last; face_up_slots: the five
    offered cards (None once taken); ph the phase; bid_seq/turn_seq player indices; pos index
    into the running sequence; ctx the running step's context (context.py); veto[p] the round
    indices at which p took the Veto cards he holds (a tuple, 0-2 entries); discs[p] region
    index, NO_DISC or HIDDEN_DISC; history the moves for record(); viewer the player a view is
    for; origin the scenario a game was loaded from (None for new_game); rules_version the rules
    the game is played under (RULES_VERSIONS); castillo_shown bit p = p's Castillo count is known
    to every player since the tower was last opened (docs/rulings.md R2).

    The neutral colour of the 2-player dummy game (docs/rulings.md R4-R9): dummy its colour (None
    without it); rows the colour rows of `counts` (n, plus one for the dummy: row n, never a seat,
    also given a `pcol` entry); dummy_deck its face-down power cards, top last; dummy_power its
    card turned up this round (0 = none); dummy_card the action card it took this round;
    region_deck the face-down region cards, top last; region_later the decks already shuffled for
    the periods after each later general scoring.
    """

    __slots__ = LIST_SLOTS + SHARED_SLOTS
    counts: list[int]
    grande_i: list[int]
    hand_bits: list[int]
    used: list[int]
    recovered: list[int]
    recover_pool: list[int]
    unknown_hand: list[int]
    played: list[int]
    score_pts: list[int]
    boards: list[int]
    players: tuple[str, ...]
    pcol: tuple[int, ...]
    n: int
    options_tuple: tuple[str, bool, str]
    rounds: tuple[int, ...]
    seed: int | None
    king_i: int
    stacks: tuple[tuple[str, ...], ...]
    face_up_slots: tuple[str | None, ...]
    round_idx: int
    ph: Phase
    bid_seq: tuple[int, ...]
    turn_seq: tuple[int, ...]
    pos: int
    active_idx: int
    to_move_idx: int
    card: str | None
    placed: bool
    acted: bool
    ctx: Ctx | None
    veto: tuple[tuple[int, ...], ...]
    discs: tuple[int, ...]
    start_player: int
    scorings: tuple[tuple[str, int, str | None, tuple[int, ...]], ...]
    history: History
    viewer: int | None
    origin: dict[str, Any] | None
    rules_version: int
    castillo_shown: int
    dummy: str | None
    rows: int
    dummy_deck: tuple[int, ...]
    dummy_power: int
    dummy_card: str | None
    region_deck: tuple[int, ...]
    region_later: tuple[tuple[int, ...], ...]

    # -- playing (docs/design.md §2) ----------------------------------------------------------
    # The rules live in flow.py; these are its functions themselves, bound here in the class body
    # (no wrapper call: the search plays millions of moves).
    legal_moves = _legal_moves   # the legal moves now, in a stable order
    play = _play                 # checked play of a Move or notation text; raises IllegalMove
    apply = _apply               # unchecked play for search: the caller guarantees legality

    def view(self, player: str) -> View:
        """What `player` may see (§5.4): a read-only copy without the parts hidden from him."""
        from .view import make_view
        return make_view(self, player)

    def public_view(self) -> View:
        """What every player and a spectator may see: no seat's secrets."""
        from .view import make_view
        return make_view(self, None)

    def record(self) -> dict[str, Any]:
        """Set-up and move texts, JSON-able; `engine.replay` rebuilds the game from it."""
        from .record import record
        return record(self)

    def to_json(self) -> dict[str, Any]:
        """A full snapshot; `engine.from_json` checks it against its replayed record."""
        from .record import to_json
        return to_json(self)

    # -- copying and identity -------------------------------------------------------------
    def clone(self) -> Game:
        """Independent copy; lists are copied, tuples shared (they are never mutated). Written
        out slot by slot because the search clones constantly (a test checks every slot)."""
        o = Game.__new__(Game)
        o.counts, o.grande_i, o.hand_bits = self.counts[:], self.grande_i[:], self.hand_bits[:]
        o.used, o.recovered, o.recover_pool = self.used[:], self.recovered[:], self.recover_pool[:]
        o.unknown_hand, o.played, o.score_pts = self.unknown_hand[:], self.played[:], self.score_pts[:]
        o.boards = self.boards[:]
        o.players, o.pcol, o.n, o.options_tuple = self.players, self.pcol, self.n, self.options_tuple
        o.rounds, o.seed, o.king_i, o.stacks = self.rounds, self.seed, self.king_i, self.stacks
        o.face_up_slots, o.round_idx, o.ph = self.face_up_slots, self.round_idx, self.ph
        o.bid_seq, o.turn_seq, o.pos = self.bid_seq, self.turn_seq, self.pos
        o.active_idx, o.to_move_idx, o.card = self.active_idx, self.to_move_idx, self.card
        o.placed, o.acted, o.ctx, o.veto = self.placed, self.acted, self.ctx, self.veto
        o.discs, o.start_player, o.scorings = self.discs, self.start_player, self.scorings
        o.history, o.viewer, o.origin = self.history, self.viewer, self.origin
        o.rules_version, o.castillo_shown = self.rules_version, self.castillo_shown
        o.dummy, o.rows, o.dummy_deck = self.dummy, self.rows, self.dummy_deck
        o.dummy_power, o.dummy_card = self.dummy_power, self.dummy_card
        o.region_deck, o.region_later = self.region_deck, self.region_later
        return o

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the position (not the move history): equal keys, equal games."""
        return tuple(tuple(getattr(self, n)) for n in LIST_SLOTS) + tuple(
            getattr(self, n) for n in SHARED_SLOTS if n not in ("history", "seed", "origin"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- the read API (docs/design.md §2) ---------------------------------------------------
    @property
    def to_move(self) -> str | None:
        return None if self.to_move_idx < 0 else self.players[self.to_move_idx]

    @property
    def is_over(self) -> bool:
        return self.ph == P_OVER

    @property
    def round(self) -> int:
        return self.rounds[self.round_idx]

    @property
    def phase(self) -> str:
        return PHASES[self.ph]

    @property
    def next_scoring(self) -> str | None:
        """"general" or "final" (the one that ends the game): the general scoring to come."""
        return _next_scoring(self)

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.score_pts))

    @property
    def king(self) -> str:
        return REGIONS[self.king_i]

    @property
    def grandes(self) -> dict[str, str]:
        return {p: REGIONS[g] for p, g in zip(self.players, self.grande_i)}

    @property
    def scoreboards(self) -> dict[str, str | None]:
        return {name: (REGIONS[r] if r >= 0 else None) for name, r in zip(BOARD_NAMES, self.boards)}

    @property
    def face_up(self) -> tuple[str, ...]:
        return tuple(c for c in self.face_up_slots if c is not None)

    @property
    def options(self) -> dict[str, Any]:
        variant, veto, castillo = self.options_tuple
        return {"variant": variant, "veto": veto, "castillo": castillo, "dummy": self.dummy is not None}

    @property
    def colours_on_board(self) -> tuple[str, ...]:
        """The colours with Caballeros in play, one per row of `counts`: the players, then the
        neutral colour in a dummy game."""
        return self.players if self.dummy is None else self.players + (self.dummy,)

    def row(self, colour: str) -> int:
        """The `counts` row of a player or of the neutral colour."""
        if colour == self.dummy:
            return self.n
        return self.index(colour)

    @property
    def acting_card(self) -> str:
        """The action card of the turn in progress (asked only while one is being played)."""
        card = self.card
        if card is None:
            raise AssertionError("no action card is being played")
        return card

    @property
    def active(self) -> str | None:
        return None if self.active_idx < 0 else self.players[self.active_idx]

    @property
    def turn_order(self) -> tuple[str, ...]:
        return tuple(self.players[i] for i in self.turn_seq)

    def index(self, player: str) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise KeyError(f"unknown player {player!r}; players are {', '.join(self.players)}") from None

    def count(self, player: str, area: str) -> int:
        """That player's (or the neutral colour's) Caballeros in a region, "castillo", "court" or
        "provinces" (the Castillo counts are public: every placement into the tower is seen,
        docs/rulings.md R3)."""
        return self.counts[self.row(player) * AREAS_PER_PLAYER + AREA_INDEX[area]]

    def castillo_count_shown(self, player: str) -> bool:
        """Whether a display shows this player's Castillo count: always in an announced-Castillo
        game; in the secret-Castillo memory variant only while the tower has been opened since his
        count last changed (docs/rulings.md R2, R3)."""
        return self.options_tuple[2] != "secret" or bool(self.castillo_shown >> self.index(player) & 1)

    @property
    def castillo_total(self) -> int:
        c = self.counts
        return sum(c[p * AREAS_PER_PLAYER + CASTILLO] for p in range(self.n))

    def hand(self, player: str) -> tuple[int, ...]:
        """Power cards in hand that this game's viewer may know (a recovered card of another
        player is left out of his view; `hidden_hand_count` says how many)."""
        bits = self.hand_bits[self.index(player)]
        return tuple(v for v in range(1, 14) if bits >> v & 1)

    def hidden_hand_count(self, player: str) -> int:
        return self.unknown_hand[self.index(player)]

    def used_power(self, player: str) -> tuple[int, ...]:
        bits = self.used[self.index(player)]
        return tuple(v for v in range(1, 14) if bits >> v & 1)

    @property
    def power_played(self) -> dict[str, int]:
        return {p: v for p, v in zip(self.players, self.played) if v}

    @property
    def veto_holders(self) -> dict[str, bool]:
        """Players holding a Veto card -> whether it may still be used now."""
        return {self.players[p]: self.veto_usable(p) for p, held in enumerate(self.veto) if held}

    def veto_count(self, player: str) -> int:
        return len(self.veto[self.index(player)])

    def veto_usable(self, p: int) -> bool:
        """A Veto serves in the round it was taken and the next (§6.7 rule 2)."""
        return any(self.round_idx <= r + 1 for r in self.veto[p])

    def _set_veto(self, p: int, held: tuple[int, ...]) -> None:
        veto = list(self.veto)
        veto[p] = held
        self.veto = tuple(veto)

    def take_veto(self, p: int) -> None:
        self._set_veto(p, self.veto[p] + (self.round_idx,))

    def spend_veto(self, p: int) -> None:
        """Use the holder's oldest Veto (the one that expires first)."""
        self._set_veto(p, self.veto[p][1:])

    def expire_vetoes(self) -> None:
        """End of round: discard Vetos taken in the previous round (§6.7 rule 5)."""
        self.veto = tuple(tuple(r for r in held if r >= self.round_idx) for held in self.veto)

    @property
    def score_history(self) -> list[ScoreEntry]:
        """Points earned per scoring, one entry per scoring in the order they happened."""
        return [ScoreEntry(kind, rnd, card, dict(zip(self.players, pts)))
                for kind, rnd, card, pts in self.scorings]

    def winners(self) -> list[str]:
        top = max(self.score_pts)
        return [p for p, s in zip(self.players, self.score_pts) if s == top]

    def disc(self, player: str) -> str | None:
        """The player's secret disc while set and visible to this viewer, else None."""
        d = self.discs[self.index(player)]
        return REGIONS[d] if d >= 0 else None

    def __repr__(self) -> str:
        return (f"<Game round {self.round} phase {self.phase} to_move {self.to_move} "
                f"scores {self.scores}>")
