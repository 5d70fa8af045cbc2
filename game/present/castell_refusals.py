"""Castell's refusal reasons (engine/castell/refusals.py `REASONS`) in the players' words.

Why: a player clicking a far region should read "Ponent is not adjacent to Àmbit Metropolità"
in his language, never the engine's ids or move notation. Every reason code has a catalog entry
`castell.refusal.<code>` (tests/game/test_castell_words.py checks them in every language); the
arguments are worded by kind: players by seat name, regions by name, skills and actions by their
catalog names.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.castell.data import CastellData
from engine.castell.refusals import REASONS, Reason
from game.present.castell_words import action_name, joined, skill_name, tile_text
from game.shell.i18n import t

_REGION_FIELDS = ("region", "here")


def refusal_text(reason: Reason, data: CastellData, names: Mapping[str, str] | None = None) -> str:
    """One line saying why a Castell move was refused."""
    code, fields = reason
    worded: dict[str, Any] = dict(fields)
    for key in _REGION_FIELDS:
        if key in worded:
            worded[key] = data.region_names.get(worded[key], worded[key])
    if "player" in worded and names:
        worded["player"] = names.get(worded["player"], worded["player"])
    if "action" in worded:
        worded["action"] = action_name(worded["action"])
    if "offered" in worded:
        worded["offered"] = joined([skill_name(s) for s in str(worded["offered"]).split(", ") if s])
    if "tile" in worded and worded["tile"] in data.tiles:
        worded["tile"] = tile_text(data, worded["tile"])
    worded.pop("legal", None)                 # move notation: the lit targets show what is legal
    worded.pop("problems", None)              # the builder shows each broken rule beside its level
    return t(f"castell.refusal.{code}", **worded)


def catalog_keys() -> list[str]:
    """The catalog key of every reason code (for the completeness test)."""
    return [f"castell.refusal.{code}" for code in REASONS]
