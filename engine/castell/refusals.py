"""Why a Castell move is refused, as data: a reason code with its arguments, worded by whoever
shows it. `REASONS` lists every code with its argument names and the engine's English wording
(what `IllegalMove` says in logs and tests); a client words the same codes in its players'
language, as it does El Grande's (engine/refusals.py)."""
from __future__ import annotations

from typing import Any

Reason = tuple[str, dict[str, Any]]

# code -> (argument names, the engine's English wording); the ruling each one applies is cited
REASONS: dict[str, tuple[tuple[str, ...], str]] = {
    "game_over": ((), "the game is over"),
    "festival_decision": (("player",), "{player} must declare a festival tower or 'no tower' now (ruling C7)"),
    "first_turn_place": (("player",), "{player}'s first turn opens by placing the pawn: 'place REGION' (ruling C10)"),
    "free_special_open": (("player",), "{player} must take the free special action or skip it first (ruling C21)"),
    "action_used": (("player", "action"), "{player} has already used the {action} action this turn"),
    "no_tokens": (("player",), "{player} has no special action token left"),
    "not_adjacent": (("region", "here"), "{region} is not adjacent to {here} (ruling C9)"),
    "nothing_to_recruit": (("here",), "{here} has no such castellers to recruit"),
    "not_on_wheel": (("offered", "here"), "the wheel offers {offered} in {here} (ruling C19)"),
    "not_this_step": (("legal",), "not a move of this step (legal: {legal}…)"),
    "no_festival": ((), "no festival is asking for towers now"),
    "tile_not_here": (("tile", "here"), "{tile} is not in the performance row of {here} (ruling C24)"),
    "bad_tower": (("problems",), "{problems}"),
}


def reason_text(reason: Reason) -> str:
    """The engine's English for a reason (the message of its IllegalMove)."""
    code, args = reason
    shown = {k: ("; ".join(v) if isinstance(v, list) else v) for k, v in args.items()}
    return REASONS[code][1].format(**shown)
