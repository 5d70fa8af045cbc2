"""Per-player views (§5.4) and determinization: the only window agents, screens and remote clients
look through.

A View is plain data: a position holding only what its viewer may know, built by leaving the
secrets out rather than by masking them when read. Left out are the order of the face-down stacks
(each stack is kept as the sorted multiset of its cards, which every player knows; so are, in the
2-player dummy game, the neutral colour's power cards and the region cards), other players'
set discs (HIDDEN_DISC), which power card another player secretly recovered (folded back among
his played cards, `unknown_hand` counting them), a secret declaration awaiting a Veto, the seed,
the move history and the scenario a game came from. Two games that differ only in those give
equal views and byte-equal wire forms (`View.to_json`), which the no-peek tests compare.

The Castillo counts are not secret: at a real table every placement into the tower is seen, so a
View holds them in every game. The "secret" Castillo option is a memory variant that only keeps
them off the display (docs/rulings.md R3).

A View is a value: it does not subclass the Game and has no mutators. It answers the Game's read
API (engine/position.py) and `legal_moves()` (for its viewer's decision), previews its viewer's
own move with `after(move)` (a new View), and goes over the wire as `to_json()` /
`engine.view_from_json(data)` (engine/view_wire.py), round-tripping exactly.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .compact_json import compact
from .context import Discs, VetoWindow, running
from .effects import effect_for
from .errors import DataError, IllegalMove
from .events import RoundStarted
from .flow import disc_effect
from .moves import Move, parse_move
from .phase import HIDDEN_DISC, P_DISC, P_VETO, Phase
from .refusals import reason_text, why_illegal
from .state import Game, ScoreEntry
from .view_wire import WIRE_FORMAT, WIRE_VERSION, read_state, state_json, state_text

if TYPE_CHECKING:
    from .position import Position

MASKED_RECOVERY = "recover ?"
PUBLIC = -1   # the viewer index of the public view (spectators, shared screens between seats)


class View:
    """A position as one player (or the public) sees it: a value, with no mutators. It answers
    the Game's read API and `legal_moves()` (for its viewer when he is to move); `after(move)`
    is a new View. Build with `game.view(player)` / `game.public_view()` / `view_from_json`.

    It keeps its masked position in a Game of its own that is never handed out, so the rules
    code reads both alike (`readable`)."""

    __slots__ = ("_g",)
    _g: Game

    def __init__(self, masked: Game) -> None:
        """Wrap `masked`, a Game already stripped of the viewer's secrets (`make_view`,
        `view_from_json`); the View owns it from now on."""
        object.__setattr__(self, "_g", masked)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a View is a value: {name!r} cannot be set (play moves on the Game)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a View is a value: {name!r} cannot be deleted")

    def __reduce__(self) -> tuple[type[View], tuple[Game]]:
        """Pickled (to an AI worker process) and copied as its masked position."""
        return View, (self._g,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self._g.key() == other._g.key()

    def __hash__(self) -> int:
        return hash(self._g.key())

    def __repr__(self) -> str:
        g = self._g
        return f"<View for {self.viewer_id or 'the public'} round {g.round} phase {g.phase} to_move {g.to_move}>"

    # -- whose view ---------------------------------------------------------------------
    @property
    def viewer_id(self) -> str | None:
        """The player this view is for; None for the public view."""
        v = self._g.viewer
        return None if v is None or v < 0 else self._g.players[v]

    @property
    def viewer(self) -> int:
        """The viewer's index in `players`; PUBLIC (-1) for the public view."""
        return PUBLIC if self._g.viewer is None else self._g.viewer

    # -- the read API (the Game's, answered from the masked position) --------------------
    def legal_moves(self) -> list[Move]:
        return self._g.legal_moves()

    @property
    def players(self) -> tuple[str, ...]:
        return self._g.players

    @property
    def n(self) -> int:
        return self._g.n

    @property
    def dummy(self) -> str | None:
        return self._g.dummy

    @property
    def rows(self) -> int:
        return self._g.rows

    @property
    def to_move(self) -> str | None:
        return self._g.to_move

    @property
    def to_move_idx(self) -> int:
        return self._g.to_move_idx

    @property
    def active(self) -> str | None:
        return self._g.active

    @property
    def active_idx(self) -> int:
        return self._g.active_idx

    @property
    def is_over(self) -> bool:
        return self._g.is_over

    @property
    def round(self) -> int:
        return self._g.round

    @property
    def rounds(self) -> tuple[int, ...]:
        return self._g.rounds

    @property
    def round_idx(self) -> int:
        return self._g.round_idx

    @property
    def phase(self) -> str:
        return self._g.phase

    @property
    def ph(self) -> Phase:
        return self._g.ph

    @property
    def next_scoring(self) -> str | None:
        return self._g.next_scoring

    @property
    def scores(self) -> dict[str, int]:
        return self._g.scores

    @property
    def king(self) -> str:
        return self._g.king

    @property
    def grandes(self) -> dict[str, str]:
        return self._g.grandes

    @property
    def scoreboards(self) -> dict[str, str | None]:
        return self._g.scoreboards

    @property
    def face_up(self) -> tuple[str, ...]:
        return self._g.face_up

    @property
    def face_up_slots(self) -> tuple[str | None, ...]:
        return self._g.face_up_slots

    @property
    def stacks(self) -> tuple[tuple[str, ...], ...]:
        """The face-down stacks, each as the sorted multiset of its cards (the order is secret)."""
        return self._g.stacks

    @property
    def card(self) -> str | None:
        return self._g.card

    @property
    def acting_card(self) -> str:
        return self._g.acting_card

    @property
    def dummy_card(self) -> str | None:
        return self._g.dummy_card

    @property
    def dummy_power(self) -> int:
        return self._g.dummy_power

    @property
    def options(self) -> dict[str, Any]:
        return self._g.options

    @property
    def colours_on_board(self) -> tuple[str, ...]:
        return self._g.colours_on_board

    @property
    def turn_order(self) -> tuple[str, ...]:
        return self._g.turn_order

    @property
    def castillo_total(self) -> int:
        return self._g.castillo_total

    @property
    def power_played(self) -> dict[str, int]:
        return self._g.power_played

    @property
    def veto_holders(self) -> dict[str, bool]:
        return self._g.veto_holders

    @property
    def score_history(self) -> list[ScoreEntry]:
        return self._g.score_history

    def index(self, player: str) -> int:
        return self._g.index(player)

    def row(self, colour: str) -> int:
        return self._g.row(colour)

    def count(self, player: str, area: str) -> int:
        return self._g.count(player, area)

    def castillo_count_shown(self, player: str) -> bool:
        return self._g.castillo_count_shown(player)

    def hand(self, player: str) -> tuple[int, ...]:
        return self._g.hand(player)

    def hidden_hand_count(self, player: str) -> int:
        return self._g.hidden_hand_count(player)

    def used_power(self, player: str) -> tuple[int, ...]:
        return self._g.used_power(player)

    def veto_count(self, player: str) -> int:
        return self._g.veto_count(player)

    def winners(self) -> list[str]:
        return self._g.winners()

    def disc(self, player: str) -> str | None:
        """The player's set disc when this viewer may see it, else None."""
        return self._g.disc(player)

    def as_game(self) -> Game:
        """A fresh Game holding exactly this view's information (nothing hidden filled in, unlike
        `determinize`), for rule code that needs a Game, such as the AI's plan search; changing
        it changes no View, and it refuses `play` (it is still a view's position)."""
        return self._g.clone()

    # -- the viewer's preview and the wire form --------------------------------------------
    def after(self, move: Move | str) -> View | None:
        """The position the viewer would see after playing his own legal `move` (hovers,
        staging). None when what follows depends on what the view leaves out: the reveal of
        other players' discs or of a secret declaration. When the move ends the round, the next
        round's offer is not known yet: its four stack cards read None and stay in the stacks."""
        if not isinstance(move, Move):
            move = parse_move(move)
        v = self._g
        reason = why_illegal(self, move)
        if reason is not None:
            raise IllegalMove(f"'{move}': {reason_text(reason)}", reason)
        if v.ph == P_DISC and _reveals_hidden_discs(v):
            return None
        if v.ph == P_VETO and running(v.ctx, VetoWindow).declared == MASKED_RECOVERY:
            return None
        g = v.clone()
        g.viewer = None          # `apply` plays on a Game; the result is made a view again
        events = g.apply(move)
        if any(isinstance(e, RoundStarted) for e in events):
            if g.dummy is not None:   # the neutral colour's draws are not known yet
                return None
            g.stacks = v.stacks
            g.face_up_slots = (None,) * (len(g.face_up_slots) - 1) + ("king",)
        return make_view(g, self.viewer_id)

    def to_json(self) -> dict[str, Any]:
        """The wire form (engine/view_wire.py, docs/protocol.md): JSON-able, only what this view
        holds, fields in a fixed order."""
        return {"format": WIRE_FORMAT, "version": WIRE_VERSION, "viewer": self.viewer_id,
                "state": state_json(self._g)}

    def wire_text(self, fragments: dict[Any, str]) -> str:
        """`json.dumps(self.to_json(), separators=(",", ":"))` built from `fragments`, the
        caller's cache of field texts (the server keeps one per table: see `state_text`)."""
        return (f'{{"format":"{WIRE_FORMAT}","version":{WIRE_VERSION},"viewer":{compact(self.viewer_id)},'
                f'"state":{state_text(self._g, fragments)}}}')


def readable(pos: Position) -> Game:
    """The Game the rules code reads for a Game or a View: itself, or the View's own masked
    copy (only read, never handed out)."""
    if isinstance(pos, View):
        return pos._g
    if isinstance(pos, Game):
        return pos
    raise TypeError(f"expected a Game or a View, got {type(pos).__name__}")


def make_view(g: Game, viewer: str | None) -> View:
    """`viewer`'s view of `g` (None: the public view): copied slot by slot, secrets left out."""
    p = PUBLIC if viewer is None else g.index(viewer)
    v = g.clone()
    v.viewer = p
    v.seed = v.history = v.origin = None
    v.stacks = tuple(tuple(sorted(s)) for s in g.stacks)
    v.dummy_deck, v.region_deck = tuple(sorted(g.dummy_deck)), tuple(sorted(g.region_deck))
    v.region_later = tuple(tuple(sorted(d)) for d in g.region_later)
    v.discs = tuple(d if q == p or d < 0 else HIDDEN_DISC for q, d in enumerate(g.discs))
    for q in range(g.n):
        rec = v.recovered[q]
        if q != p and rec:
            v.hand_bits[q] &= ~rec
            v.used[q] |= rec
            v.unknown_hand[q] += bin(rec).count("1")
            v.recovered[q] = 0
    if g.ph == P_VETO and g.active_idx != p and effect_for(g.card).secret_declaration:
        v.ctx = running(g.ctx, VetoWindow)._replace(declared=MASKED_RECOVERY)
    return View(v)


def holds_secret(g: Game, player: str) -> bool:
    """Whether `player`'s view shows something the public view does not (the masks of
    `make_view`): his set disc, a power card he recovered, his recovery declared and awaiting a
    Veto. A shared screen must not show his view then."""
    p = g.index(player)
    return (g.discs[p] >= 0 or g.recovered[p] != 0
            or (g.ph == P_VETO and g.active_idx == p and effect_for(g.card).secret_declaration))


def _reveals_hidden_discs(v: Game) -> bool:
    """The viewer's disc is the last of a disc step in which another disc is hidden from him."""
    ctx = running(v.ctx, Discs)
    return ctx.i + 1 == len(ctx.who) and HIDDEN_DISC in v.discs


def determinize(view: View, rng: random.Random) -> Game:
    """A full Game consistent with `view`: hidden parts drawn at random, the rest copied. It reads
    nothing but the view (a View holds no secret to read)."""
    g = view._g.clone()
    g.viewer = None
    stacks = []
    for s in g.stacks:
        cards = list(s)
        rng.shuffle(cards)
        stacks.append(tuple(cards))
    g.stacks = tuple(stacks)
    g.dummy_deck, g.region_deck = _shuffled(g.dummy_deck, rng), _shuffled(g.region_deck, rng)
    g.region_later = tuple(_shuffled(d, rng) for d in g.region_later)
    for q in range(g.n):
        k = g.unknown_hand[q]
        if k:
            pool = g.used[q] & g.recover_pool[q]
            candidates = [v for v in range(1, 14) if pool >> v & 1]
            for v in rng.sample(candidates, k):
                g.used[q] &= ~(1 << v)
                g.hand_bits[q] |= 1 << v
                g.recovered[q] |= 1 << v
            g.unknown_hand[q] = 0
    if g.ph == P_DISC and HIDDEN_DISC in g.discs:
        effect = disc_effect(g)
        discs = list(g.discs)
        for q, d in enumerate(discs):
            if d == HIDDEN_DISC:
                discs[q] = rng.choice(effect.disc_options(g, q))
        g.discs = tuple(discs)
    if g.ph == P_VETO and running(g.ctx, VetoWindow).declared == MASKED_RECOVERY:
        used = [v for v in range(1, 14) if g.used[g.active_idx] >> v & 1]
        g.ctx = running(g.ctx, VetoWindow)._replace(declared=f"recover {rng.choice(used)}")
    return g


def _shuffled(items: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


# --------------------------------------------------------------------------- the wire form
def view_from_json(data: Any) -> View:
    """The View a `View.to_json()` gave (e.g. received from a server), every field checked; an
    error names the field and what was expected."""
    if not isinstance(data, dict) or data.get("format") != WIRE_FORMAT:
        raise DataError(f"view: expected a mapping with format {WIRE_FORMAT!r}")
    if data.get("version") != WIRE_VERSION:
        raise DataError(f"view: version {str(data.get('version'))[:20]!r} is not supported (expected {WIRE_VERSION})")
    g = Game.__new__(Game)
    read_state(data.get("state"), g)
    viewer = data.get("viewer")
    if viewer is not None and viewer not in g.players:
        raise DataError(f"view: viewer must be null or one of the players, got {str(viewer)[:40]!r}")
    g.viewer = PUBLIC if viewer is None else g.index(viewer)
    return View(g)
