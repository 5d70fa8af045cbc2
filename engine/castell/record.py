"""Castell records (set-up + move texts) and full snapshots, both validated on load.

A record is `{"game": "castell", "rules_version": 1, "setup": {players, seed, wheel}, "moves":
[...]}`; a snapshot adds the state and is verified by replaying its record, so a hand-edited save
is refused rather than loaded into an impossible position.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import DataError, EngineError
from ..replaying import play_moves
from .game import RULES_VERSION, Game, new_game
from .position import STATE_FIELDS

GAME = "castell"


def record(g: Game) -> dict[str, Any]:
    return {"game": GAME, "rules_version": RULES_VERSION,
            "setup": {"players": list(g.players), "seed": g.seed, "wheel": g.wheel},
            "moves": g.moves_played()}


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def replay(rec: Any, source: str = "record", each: Callable[[Any, Any], None] | None = None) -> Game:
    """The game a record describes, every move checked; errors name the move number and text.
    `each(game, events)` is told of every move as it is played (engine/replaying.py)."""
    if not isinstance(rec, dict):
        raise DataError(f"{source}: a record must be a mapping with 'setup' and 'moves'")
    if rec.get("game") != GAME:
        raise DataError(f"{source}: game must be 'castell', got {rec.get('game')!r}")
    if rec.get("rules_version") != RULES_VERSION:
        raise DataError(f"{source}: rules_version {rec.get('rules_version')!r} is not supported "
                        f"(expected {RULES_VERSION})")
    setup = rec.get("setup")
    if not isinstance(setup, dict):
        raise DataError(f"{source}: 'setup' must be a mapping (players, seed, wheel)")
    extra = sorted(set(setup) - {"players", "seed", "wheel"}, key=str)
    if extra:
        raise DataError(f"{source}: setup.{extra[0]} is not a set-up field (expected players, seed, wheel)")
    players = setup.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise DataError(f"{source}: setup.players must be a list of player names")
    seed = setup.get("seed")
    if seed is None or type(seed) is not int:
        raise DataError(f"{source}: setup.seed must be a whole number, got {seed!r}")
    try:
        g = new_game(players, seed=seed, wheel=setup.get("wheel", "standard"))
    except EngineError as exc:
        raise DataError(f"{source}: setup: {exc}") from None
    play_moves(g, rec, source, each)
    return g


def to_json(g: Game) -> dict[str, Any]:
    """A full snapshot: the record and every state field."""
    return {"game": GAME, "rules_version": RULES_VERSION, "record": record(g),
            "state": {name: _plain(getattr(g, name)) for name in STATE_FIELDS}}


def from_json(data: Any, source: str = "snapshot") -> Game:
    """Rebuild a snapshot: replay its record and check it gives the stored state."""
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise DataError(f"{source}: a snapshot must be a mapping with 'state' and 'record'")
    g = replay(data.get("record"), source)
    for name in STATE_FIELDS:
        if name not in data["state"]:
            raise DataError(f"{source}: state.{name} is missing")
        if data["state"][name] != _plain(getattr(g, name)):
            raise DataError(f"{source}: state.{name} does not match the game its record replays")
    return g
