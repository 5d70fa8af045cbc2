"""Why a move is refused, as data: a reason code with its arguments, worded by whoever shows it.

The engine's own English wording (`reason_text`) is what `IllegalMove` says in logs and tests; a
client words the same codes in its players' language. `REASONS` lists every code the engine can
give with its argument names, so a client can check that it words them all.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import REGIONS
from .errors import EngineError
from .moves import Move, parse_move
from .phase import (P_ACTION, P_CARD, P_COURT, P_DISC, P_ORDER, P_OVER, P_PLACE, P_POWER, P_RECALL,
                    P_RETURN, P_STEPS, P_VETO, PHASES, Phase)

if TYPE_CHECKING:
    from .position import Position
    from .state import Game

Reason = tuple[str, dict[str, Any]]

# code -> (argument names, the engine's English wording)
REASONS: dict[str, tuple[tuple[str, ...], str]] = {
    "bad_notation": (("text", "detail"), "{detail}"),
    "game_over": ((), "the game is over"),
    "not_your_turn": (("player",), "it is {player}'s decision now"),
    "wrong_step": (("player", "step"), "{player} must {step} now"),
    "power_already_played": (("value",), "power {value} was already played this round"),
    "power_not_in_hand": (("value", "player"), "power card {value} is not in {player}'s hand"),
    "court_limit": (("max",), "at most {max} Caballeros can come to the court now"),
    "kings_region": (("area",), "{area} is the King's region"),
    "not_adjacent_to_king": (("area", "king"), "{area} is not adjacent to the King's region ({king})"),
    "card_not_offered": (("card",), "{card} is not on offer now"),
    "card_limits": (("card",), "the action card's limits do not allow it here"),
}

# the step words of `wrong_step`: the phase names of the notation (phase.PHASES)
STEP_WORDS = {P_POWER: "play a power card", P_COURT: "bring Caballeros to the court",
              P_RECALL: "recall a Caballero from the map", P_CARD: "take an action card",
              P_ORDER: "choose placement or special action first", P_PLACE: "place Caballeros",
              P_ACTION: "declare or skip the special action", P_VETO: "veto or allow",
              P_STEPS: "carry out the special action", P_RETURN: "return Caballeros",
              P_DISC: "set a secret disc"}


def why_illegal(pos: Position, move: Move | str) -> Reason | None:
    """The reason `move` is refused now, or None when it is legal. Works on a Game or a View
    (a View answers for its viewer: moves of another player's turn are `not_your_turn`)."""
    from .view import readable
    g = readable(pos)
    try:
        move = parse_move(move.text if isinstance(move, Move) else move)
    except EngineError as exc:
        return "bad_notation", {"text": str(move)[:80], "detail": str(exc)}
    if g.ph == P_OVER:
        return "game_over", {}
    if g.viewer is not None and g.viewer != g.to_move_idx:
        return "not_your_turn", {"player": g.to_move}
    legal = g.legal_moves()
    if move in legal:
        return None
    return _reason(g, move, legal)


def _reason(g: Game, move: Move, legal: list[Move]) -> Reason:
    verb, args = move.verb, move.args
    king = REGIONS[g.king_i]
    if verb not in {m.verb for m in legal}:
        return "wrong_step", {"player": g.to_move, "step": PHASES[g.ph]}
    if verb == "power":
        value = int(args[0])
        if value in g.played or value == g.dummy_power:   # the neutral colour's card too
            return "power_already_played", {"value": value}
        return "power_not_in_hand", {"value": value, "player": g.to_move}
    if verb == "court":
        return "court_limit", {"max": max(int(m.args[0]) for m in legal)}
    if king in args:
        return "kings_region", {"area": king}
    if verb == "place" and g.ph == P_PLACE:
        return "not_adjacent_to_king", {"area": args[0], "king": king}
    if verb == "card":
        return "card_not_offered", {"card": args[0]}
    return "card_limits", {"card": g.card}


def reason_text(reason: Reason) -> str:
    """The engine's English wording of a reason (the IllegalMove message)."""
    code, fields = reason
    shown = dict(fields)
    if code == "wrong_step":
        shown["step"] = STEP_WORDS[Phase(PHASES.index(fields["step"]))]
    return REASONS[code][1].format(**shown)
