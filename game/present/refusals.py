"""The engine's refusal reasons (`engine.why_illegal`, `IllegalMove.reason`) in the players' words.

Why: a player clicking the King's region should read "Castilla la Nueva is the King's region", in
his language, never the engine's internal ids. Every reason code the engine lists in
`engine.REASONS` has a catalog entry (tests/game/test_refusals.py checks all of them in every
language); the arguments are worded here by kind: areas and cards by name, players by seat name.
"""
from __future__ import annotations

from typing import Any

import engine
from game.shell.i18n import area_name, player_name, t, tn

_AREA_FIELDS = ("area", "king")


def refusal_text(reason: engine.Reason, names: dict[str, str] | None = None) -> str:
    """One line saying why a move was refused."""
    code, fields = reason
    worded: dict[str, Any] = dict(fields)
    for key in _AREA_FIELDS:
        if key in worded:
            worded[key] = area_name(worded[key])
    if worded.get("card"):
        worded["card"] = t(f"card.{worded['card']}.name")
    if worded.get("player"):
        worded["player"] = player_name(worded["player"], names)
    if code == "court_limit":
        return tn("refusal.court_limit", int(fields["max"]))
    if code == "wrong_step":
        return t(f"refusal.wrong_step.{fields['step']}", player=worded["player"])
    return t(f"refusal.{code}", **worded)


def catalog_keys(code: str) -> list[str]:
    """The catalog keys that word reason `code` (for the completeness test)."""
    if code == "court_limit":
        return ["refusal.court_limit.one", "refusal.court_limit.other"]
    if code == "wrong_step":
        return [f"refusal.wrong_step.{phase}" for phase in engine.Phase.__members__.keys()
                if phase != "OVER" for phase in [phase.lower()]]
    return [f"refusal.{code}"]
