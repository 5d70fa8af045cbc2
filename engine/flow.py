"""The turn structure, written down once (§5): who decides what, and the automatic steps between.

Order of play and automatic steps:
  round start  (auto) reveal the top card of stacks 1-4 and the King card  -> phase power
  power        each player from the round's starter clockwise plays a power card (no repeats)
               (auto) turn order = power cards high to low                  -> first turn
  a turn       court   `court K` up to the power card's number (skipped when nothing can come)
               recall  `recall REGION` once per Caballero short after the provinces ran out
               card    `card ID`
               order   `first place` | `first action`
               place   `place AREA` ... `done` (ends by itself when the court or allowance runs out)
               action  declare (`action`, `score AREA`, `king REGION`, ...) or `skip`
               veto    each usable Veto holder, clockwise from the active player's left: veto|allow
               steps / return / disc / court / recall   the running special action's decisions
  round end    (auto) unused cards discarded, expired Vetos discarded
               after rounds 3, 6, 9: general scoring — disc for each player with Caballeros in the
               Castillo, then (auto) Castillo scored, discs revealed, Castillo emptied, regions scored
  game end     after the last general scoring                                -> phase over
  neutral colour (2-player dummy game, dummy.py): its placements and power card at round start,
               its card taken when the turn order reaches it, its region cards reshuffled after
               each general scoring
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import dummy as D
from . import events as E
from .data import AREA_INDEX, AREAS_PER_PLAYER as A, BOARD, CARDS, CASTILLO, COURT, NREG, PROVINCES, REGIONS
from .effects import effect_for
from .effects.base import Effect
from .context import PLACEMENTS, Discs, ExtraCourtFill, Placement, Recall, VetoWindow, running
from .errors import EngineError, IllegalMove
from .seed import new_seed
from .moves import (ALLOW, CARD, COURT_K, DISC, DONE, FIRST_ACTION, FIRST_PLACE, PLACE,
                    POWER, RECALL, SKIP, VERBS, VETO, Move, parse_move)
from .ops import (begin_scoring, clear_discs, clockwise_from_left, end_scoring, map_regions_except_king,
                  map_total_except_king, move_caballeros, open_castillo, score_areas)
from .phase import (NO_DISC, P_ACTION, P_CARD, P_COURT, P_DISC, P_ORDER, P_OVER, P_PLACE, P_POWER,
                    P_RECALL, P_RETURN, P_STEPS, P_VETO, RULES_VERSION, Phase)

if TYPE_CHECKING:       # state.py imports this module: the Game is imported where it is built
    from .events import Event
    from .state import Game

ALL_POWER_BITS = sum(1 << v for v in range(1, 14))
CASTILLO_MODES = ("announced", "secret")   # "secret": a memory variant (docs/rulings.md R3)


# --------------------------------------------------------------------------- setup (§2)
def new_game(players: list[str] | tuple[str, ...] = ("red", "blue", "green", "yellow"), seed: int | None = None,
             variant: str = "classic", veto: bool = True, castillo: str = "announced",
             dummy: bool = False) -> Game:
    """A new game set up as §2 says, every chance step driven by `seed` (None: a fresh 128-bit
    one, engine/seed.py); `dummy`: the 2-player game with the neutral colour (dummy.py,
    docs/rulings.md R4-R9)."""
    if seed is None:
        seed = new_seed()
    if not isinstance(players, (list, tuple)):
        raise EngineError(f"new_game: players must be a list of colours, got {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise EngineError(f"new_game: seed must be an integer, got {seed!r}")
    players = tuple(players)
    if not 2 <= len(players) <= 5:
        raise EngineError(f"new_game: players must be 2 to 5 colours, got {len(players)}")
    for colour in players:
        if colour not in BOARD.colours:
            raise EngineError(f"new_game: player {colour!r} is not a colour ({', '.join(BOARD.colours)})")
    if len(set(players)) != len(players):
        raise EngineError("new_game: each colour may be used once")
    if variant not in BOARD.variants:
        raise EngineError(f"new_game: variant must be one of {', '.join(BOARD.variants)}, got {variant!r}")
    if castillo not in CASTILLO_MODES:
        raise EngineError(f"new_game: castillo must be one of {', '.join(CASTILLO_MODES)}, got {castillo!r}")
    if not isinstance(dummy, bool):
        raise EngineError(f"new_game: dummy must be true or false, got {dummy!r}")
    if dummy and len(players) != 2:
        raise EngineError(f"new_game: dummy (the neutral colour) is for 2 players, got {len(players)}")
    from .state import Game
    rng = random.Random(seed)
    region_cards = list(range(NREG))
    rng.shuffle(region_cards)
    n = len(players)
    g = Game.__new__(Game)
    g.players, g.n, g.seed = players, n, seed
    g.rows = n + dummy
    colours = players + (D.neutral_colour(players),) if dummy else players
    g.pcol = tuple(BOARD.colours.index(p) for p in colours)
    g.options_tuple = (variant, bool(veto), castillo)
    g.rounds = BOARD.variants[variant]
    g.king_i = region_cards[0]
    g.grande_i = region_cards[1:1 + n]
    g.counts = [0] * (g.rows * A)
    for p in range(n):
        g.counts[p * A + g.grande_i[p]] = BOARD.home
        g.counts[p * A + COURT] = BOARD.court
        g.counts[p * A + PROVINCES] = BOARD.caballeros - BOARD.home - BOARD.court
    if dummy:
        g.counts[n * A + PROVINCES] = BOARD.caballeros   # its supply beside the board
    g.hand_bits = [ALL_POWER_BITS] * n
    g.used, g.recovered, g.recover_pool, g.unknown_hand = [0] * n, [0] * n, [0] * n, [0] * n
    g.played, g.score_pts, g.boards = [0] * n, [0] * n, [-1, -1]
    stacks = []
    for s in range(1, 5):
        cards = [c.id for c in CARDS.values() if c.stack == s and (c.option != "veto" or veto)
                 for _ in range(c.copies)]
        rng.shuffle(cards)
        stacks.append(tuple(cards))
    g.stacks = tuple(D.merge_stacks(stacks, rng) if dummy else stacks)
    g.start_player = rng.randrange(n)
    D.set_up(g, dummy, rng)
    g.round_idx, g.face_up_slots = 0, ()
    g.bid_seq, g.turn_seq, g.pos = (), (), 0
    g.active_idx, g.to_move_idx, g.card = -1, -1, None
    g.placed = g.acted = False
    g.ctx, g.veto, g.discs = None, ((),) * n, (NO_DISC,) * n
    g.scorings, g.history, g.viewer, g.origin = (), None, None, None
    g.rules_version, g.castillo_shown = RULES_VERSION, 0
    g.ph = P_POWER
    _start_round(g, g.start_player, [])
    return g


# --------------------------------------------------------------------------- legal moves
def legal_moves(g: Game) -> list[Move]:
    """The one generator of legal moves, in a stable order with unique texts."""
    ph = g.ph
    if ph == P_PLACE:
        return _place_moves(g)
    if ph == P_STEPS or ph == P_RETURN:
        return effect_for(g.card).step_moves(g)
    if ph == P_POWER:
        blocked = set(g.played)
        blocked.add(g.dummy_power)
        bits = g.hand_bits[g.to_move_idx]
        return [POWER[v] for v in range(1, 14) if bits >> v & 1 and v not in blocked]
    if ph == P_CARD:
        return [CARD[c] for c in g.face_up_slots if c is not None]
    if ph == P_ORDER:
        return [FIRST_PLACE, FIRST_ACTION]
    if ph == P_ACTION:
        return effect_for(g.card).declarations(g) + [SKIP]
    if ph == P_COURT:
        return COURT_K[:_court_max(g) + 1]
    if ph == P_RECALL:
        return [RECALL[r] for r in map_regions_except_king(g, g.active_idx)]
    if ph == P_VETO:
        return [VETO, ALLOW]
    if ph == P_DISC:
        return [DISC[r] for r in disc_effect(g).disc_options(g, g.to_move_idx)]
    return []


def _place_moves(g: Game) -> list[Move]:
    adj = BOARD.adjacent[g.king_i]
    return [PLACE[r] for r in range(NREG) if r in adj] + [PLACE[CASTILLO], DONE]


def _court_max(g: Game) -> int:
    p = g.active_idx
    if isinstance(g.ctx, ExtraCourtFill):
        want = CARDS[g.acting_card].count or 0
    else:
        want = BOARD.power_to_court[g.played[p] - 1]
    return court_capacity(g, p, want)


def court_capacity(g: Game, p: int, want: int) -> int:
    """How many of `want` Caballeros player p can bring to his court now (§5.2 T1: from the
    provinces, the rest from his regions but the King's)."""
    return min(want, g.counts[p * A + PROVINCES] + map_total_except_king(g, p))


# --------------------------------------------------------------------------- playing
def play(g: Game, move: Move | str) -> list[Event]:
    """Checked play: the move must be among `legal_moves()`; returns the events. Moves are
    interned (moves.py), so a legal one is found by identity."""
    if g.viewer is not None:
        raise IllegalMove("a View cannot play moves; play on the Game")
    if not isinstance(move, Move):
        move = parse_move(move, g)
    if move in legal_moves(g):
        return apply(g, move)
    parse_move(move.text)        # a hand-built Move outside the notation is refused as such
    raise _refused(g, move)


def _refused(g: Game, move: Move) -> IllegalMove:
    from .refusals import reason_text, why_illegal
    reason = why_illegal(g, move)
    assert reason is not None   # the move is not among the legal ones
    return IllegalMove(f"'{move}': {reason_text(reason)}", reason)


# The verbs each phase's handler takes (indexed by phase): `apply` refuses any other at the cost
# of one look-up. The special actions' declarations and steps take the verbs no fixed step owns.
_FIXED = {P_POWER: {"power"}, P_COURT: {"court"}, P_RECALL: {"recall"}, P_CARD: {"card"},
          P_ORDER: {"first"}, P_PLACE: {"place", "done"}, P_VETO: {"veto", "allow"}, P_DISC: {"disc"},
          P_OVER: set()}
_OPEN = frozenset(VERBS) - {"power", "court", "card", "first", "veto", "allow", "disc"}
_PHASE_VERBS = tuple(frozenset(_FIXED.get(ph, _OPEN)) for ph in Phase)


def apply(g: Game, move: Move) -> list[Event]:
    """Play for search: the caller guarantees the move is legal. Only a move of another phase's
    kind is checked (IllegalMove `wrong_step` or `game_over`): it would break the position."""
    if move.verb not in _PHASE_VERBS[g.ph]:
        raise _refused(g, move)
    ev: list[Event] = []
    g.history = (g.history, move.text)
    _HANDLERS[g.ph](g, move, ev)
    return ev


def _on_power(g: Game, move: Move, ev: list) -> None:
    p, v = g.to_move_idx, int(move.args[0])
    bit = 1 << v
    g.hand_bits[p] &= ~bit
    g.recovered[p] &= ~bit
    g.recover_pool[p] &= ~bit
    g.used[p] |= bit
    g.played[p] = v
    ev.append(E.PowerPlayed(g.players[p], v))
    g.pos += 1
    if g.pos < g.n:
        g.to_move_idx = g.bid_seq[g.pos]
        return
    g.turn_seq = tuple(sorted(range(g.n), key=lambda q: -g.played[q]))
    ev.append(E.TurnOrderSet(tuple(g.players[q] for q in g.turn_seq)))
    g.pos = 0
    begin_turn(g, ev)


def _on_court(g: Game, move: Move, ev: list) -> None:
    p, k = g.active_idx, int(move.args[0])
    from_provinces = min(k, g.counts[p * A + PROVINCES])
    move_caballeros(g, p, PROVINCES, COURT, from_provinces, ev)
    short = k - from_provinces
    if short:
        g.ctx = Recall(short, isinstance(g.ctx, ExtraCourtFill))
        g.ph = P_RECALL
        return
    _court_done(g, isinstance(g.ctx, ExtraCourtFill), ev)


def _on_recall(g: Game, move: Move, ev: list) -> None:
    ctx = running(g.ctx, Recall)
    move_caballeros(g, g.active_idx, REGIONS.index(move.args[0]), COURT, 1, ev)
    if ctx.short > 1:
        g.ctx = Recall(ctx.short - 1, ctx.for_card)
        return
    _court_done(g, ctx.for_card, ev)


def _court_done(g: Game, for_card: bool, ev: list) -> None:
    g.ctx = None
    if for_card:
        _finish_action(g, ev)
    else:
        g.ph = P_CARD


def _on_card(g: Game, move: Move, ev: list) -> None:
    cid = move.args[0]
    g.face_up_slots = tuple(None if c == cid else c for c in g.face_up_slots)
    g.card = cid
    ev.append(E.CardTaken(g.players[g.active_idx], cid))
    g.ph = P_ORDER


def _on_order(g: Game, move: Move, ev: list) -> None:
    if move is FIRST_PLACE:
        _begin_placement(g, ev)
    else:
        _begin_action(g, ev)


def _begin_placement(g: Game, ev: list) -> None:
    g.ctx = PLACEMENTS[CARDS[g.acting_card].stack]
    g.ph = P_PLACE
    if g.counts[g.active_idx * A + COURT] == 0:
        _finish_placement(g, ev)


def _on_place(g: Game, move: Move, ev: list) -> None:
    if move is DONE:
        _finish_placement(g, ev)
        return
    p = g.active_idx
    move_caballeros(g, p, COURT, AREA_INDEX[move.args[0]], 1, ev)
    ctx = g.ctx
    assert isinstance(ctx, Placement)   # the phase guarantees it (cheaper than running())
    left = ctx.left - 1
    g.ctx = PLACEMENTS[left]
    if left == 0 or g.counts[p * A + COURT] == 0:
        _finish_placement(g, ev)


def _finish_placement(g: Game, ev: list) -> None:
    g.placed, g.ctx = True, None
    if g.acted:
        _end_turn(g, ev)
    else:
        _begin_action(g, ev)


def _begin_action(g: Game, ev: list) -> None:
    g.ph, g.to_move_idx = P_ACTION, g.active_idx
    if not effect_for(g.card).declarations(g):
        ev.append(E.ActionSkipped(g.players[g.active_idx], g.acting_card))
        _finish_action(g, ev)


def _on_action(g: Game, move: Move, ev: list) -> None:
    if move is SKIP:
        ev.append(E.ActionSkipped(g.players[g.active_idx], g.acting_card))
        _finish_action(g, ev)
        return
    holders = tuple(q for q in clockwise_from_left(g, g.active_idx) if g.veto_usable(q))
    if holders:
        g.ctx = VetoWindow(move.text, holders)
        g.ph, g.to_move_idx = P_VETO, holders[0]
        return
    _start_effect(g, move, ev)


def _on_veto(g: Game, move: Move, ev: list) -> None:
    declared, holders = running(g.ctx, VetoWindow)
    if move is VETO:
        g.spend_veto(holders[0])
        ev.append(E.ActionVetoed(g.players[g.active_idx], g.players[holders[0]], g.acting_card))
        _finish_action(g, ev)
        return
    if len(holders) > 1:
        g.ctx = VetoWindow(declared, holders[1:])
        g.to_move_idx = holders[1]
        return
    g.to_move_idx = g.active_idx
    _start_effect(g, parse_move(declared), ev)


def _start_effect(g: Game, move: Move, ev: list) -> None:
    g.ctx = None
    g.to_move_idx = g.active_idx
    if effect_for(g.card).start(g, move, ev):
        _finish_action(g, ev)


def _on_step(g: Game, move: Move, ev: list) -> None:
    if effect_for(g.card).step(g, move, ev):
        _finish_action(g, ev)


def _finish_action(g: Game, ev: list) -> None:
    g.acted, g.ctx = True, None
    g.to_move_idx = g.active_idx
    if g.placed:
        _end_turn(g, ev)
    else:
        _begin_placement(g, ev)


def _on_disc(g: Game, move: Move, ev: list) -> None:
    ctx = running(g.ctx, Discs)
    who, i = ctx.who, ctx.i
    discs = list(g.discs)
    discs[g.to_move_idx] = AREA_INDEX[move.args[0]]
    g.discs = tuple(discs)
    if i + 1 < len(who):
        g.ctx = Discs(who, i + 1, ctx.purpose, ctx.arg)
        g.to_move_idx = who[i + 1]
        return
    disc_effect(g).resolve_discs(g, ev)
    if ctx.purpose == "castillo":
        _after_general_scoring(g, ev)
    else:
        _finish_action(g, ev)


_HANDLERS = {P_POWER: _on_power, P_COURT: _on_court, P_RECALL: _on_recall, P_CARD: _on_card,
             P_ORDER: _on_order, P_PLACE: _on_place, P_ACTION: _on_action, P_VETO: _on_veto,
             P_STEPS: _on_step, P_RETURN: _on_step, P_DISC: _on_disc}


# --------------------------------------------------------------------------- turns and rounds
def begin_turn(g: Game, ev: list) -> None:
    p = g.turn_seq[g.pos]
    if D.due(g, g.played[p]):
        D.take_card(g, ev)
    g.active_idx = g.to_move_idx = p
    g.card, g.placed, g.acted, g.ctx = None, False, False, None
    ev.append(E.TurnStarted(g.players[p], g.played[p]))
    g.ph = P_COURT if _court_max(g) > 0 else P_CARD


def _end_turn(g: Game, ev: list) -> None:
    g.pos += 1
    if g.pos < g.n:
        begin_turn(g, ev)
        return
    if D.due(g, 0):
        D.take_card(g, ev)
    # round end (§5.1 R5)
    g.face_up_slots = ()
    g.expire_vetoes()
    last = g.turn_seq[-1]
    g.active_idx, g.card = -1, None
    if g.rounds[g.round_idx] in BOARD.scoring_rounds:
        begin_general_scoring(g, ev)
    else:
        g.round_idx += 1
        _start_round(g, last, ev)


def _start_round(g: Game, starter: int, ev: list) -> None:
    stacks = g.stacks
    g.face_up_slots = tuple(s[-1] for s in stacks) + ("king",)
    g.stacks = tuple(s[:-1] for s in stacks)
    g.played = [0] * g.n
    g.bid_seq = tuple((starter + i) % g.n for i in range(g.n))
    g.turn_seq, g.pos = (), 0
    g.ph, g.to_move_idx = P_POWER, starter
    ev.append(E.RoundStarted(g.rounds[g.round_idx], g.face_up_slots))
    if g.dummy is not None:
        D.round_start(g, ev)


def begin_general_scoring(g: Game, ev: list) -> None:
    """§8.1 step 1: a disc for each player with Caballeros in the Castillo (seat order)."""
    who = tuple(p for p in range(g.n) if g.counts[p * A + CASTILLO] > 0)
    g.ctx = Discs(who, 0, "castillo", -1)
    if who:
        g.ph, g.to_move_idx = P_DISC, who[0]
        return
    GENERAL_SCORING.resolve_discs(g, ev)
    _after_general_scoring(g, ev)


class _GeneralScoring(Effect):
    """§8.1 steps 2-4 once the discs are set: Castillo, reveal and empty, then the 9 regions."""

    def disc_options(self, g: Game, p: int) -> list[int]:
        """The eight regions other than the King's (docs/rulings.md R1; all nine in version 1)."""
        if g.rules_version < 2:
            return list(range(NREG))
        return [r for r in range(NREG) if r != g.king_i]

    def resolve_discs(self, g: Game, ev: list) -> None:
        before = begin_scoring(g, ev)
        open_castillo(g, ev)
        score_areas(g, [CASTILLO], ev)
        chosen = list(g.discs)
        ev.append(E.DiscsRevealed("castillo", clear_discs(g)))
        for p, r in enumerate(chosen):
            if r >= 0:  # the King's region only under rules version 1: to the court (§8.1 step 3)
                target = COURT if r == g.king_i else r
                move_caballeros(g, p, CASTILLO, target, g.counts[p * A + CASTILLO], ev)
        ev.append(E.CastilloEmptied())
        g.castillo_shown = (1 << g.n) - 1   # emptied before everyone: each count is 0, known (R2)
        score_areas(g, list(range(NREG)), ev)
        end_scoring(g, ev, before)


GENERAL_SCORING = _GeneralScoring()


def disc_effect(g: Game) -> Effect:
    return GENERAL_SCORING if running(g.ctx, Discs).purpose == "castillo" else effect_for(g.card)


def _after_general_scoring(g: Game, ev: list) -> None:
    g.ctx = None
    if g.round_idx + 1 >= len(g.rounds):
        g.ph, g.to_move_idx = P_OVER, -1
        ev.append(E.GameOver(tuple(g.winners()), tuple(zip(g.players, g.score_pts))))
        return
    last = g.turn_seq[-1]
    g.round_idx += 1
    D.reshuffle_regions(g)
    _start_round(g, last, ev)


def next_scoring(g: Game) -> str | None:
    """Which general scoring comes next (§5.1 R6-R7): "final" when the game ends after it,
    "general" when play goes on; None once the game is over. Clients and the advisor word their
    "at the next scoring" from this rather than counting rounds themselves."""
    if g.ph == P_OVER:
        return None
    last = len(g.rounds) - 1
    at = next((i for i in range(g.round_idx, last + 1) if g.rounds[i] in BOARD.scoring_rounds), last)
    return "final" if at >= last else "general"
