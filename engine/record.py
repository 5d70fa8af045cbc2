"""Records (setup + move texts) and full JSON snapshots, both validated on load."""
from __future__ import annotations

from typing import Any

from .context import plain
from .errors import DataError, EngineError
from .replaying import play_moves
from .phase import RULES_VERSION, RULES_VERSIONS
from .state import DUMMY_SLOTS, Game, LIST_SLOTS, SHARED_SLOTS

_NOT_IN_STATE = ("history", "origin")  # both live in the record
# Slots a snapshot of an older rules version does not have (replayed, they take their defaults).
_ADDED_IN = {"rules_version": 2, "castillo_shown": 2}


def record(g: Game) -> dict[str, Any]:
    """Set-up (or the scenario) and the move texts, under the game's rules version."""
    moves: list[str] = []
    node = g.history
    while node is not None:
        node, text = node
        moves.append(text)
    moves.reverse()
    if g.origin is not None:
        return {"rules_version": g.rules_version, "scenario": g.origin, "moves": moves}
    variant, veto, castillo = g.options_tuple
    setup = {"players": list(g.players), "seed": g.seed, "variant": variant, "veto": veto,
             "castillo": castillo}
    if g.dummy is not None:   # only then: every other record stays as it always was
        setup["dummy"] = True
    return {"rules_version": g.rules_version, "setup": setup, "moves": moves}


def _rules_version(data: dict, source: str) -> int:
    """The rules a record or snapshot was made under; an unknown one is refused by name."""
    version = data.get("rules_version", RULES_VERSION)
    if version not in RULES_VERSIONS or isinstance(version, bool):
        raise DataError(f"{source}: rules_version {version!r} is not supported "
                        f"(expected one of {', '.join(map(str, RULES_VERSIONS))})")
    return int(version)


def _setup_game(rec: Any, source: str) -> Game:
    """The starting position of a record, set to play under the rules it was recorded with."""
    if not isinstance(rec, dict):
        raise DataError(f"{source}: a record must be a mapping with 'setup' and 'moves'")
    g = _starting_position(rec, source)
    g.rules_version = _rules_version(rec, source)
    return g


def _starting_position(rec: dict, source: str) -> Game:
    from .flow import new_game
    if "scenario" in rec:
        from .scenario import load_scenario
        if not isinstance(rec["scenario"], dict):
            raise DataError(f"{source}: scenario must be a mapping (the scenario itself, not a file name)")
        return load_scenario(rec["scenario"], source=f"{source}: scenario")
    from .scenario import game_options
    setup = rec.get("setup")
    if not isinstance(setup, dict):
        raise DataError(f"{source}: 'setup' must be a mapping (players, seed, variant, veto, castillo)")
    if "seed" not in setup:
        raise DataError(f"{source}: setup.seed is missing (expected an integer)")
    try:
        return new_game(**game_options(setup, source, "setup."))
    except DataError:
        raise
    except EngineError as exc:
        raise DataError(f"{source}: setup: {exc}") from None


def replay(rec: Any, source: str = "record") -> Game:
    """The game a record describes, every move checked; errors name the move number and text."""
    g = _setup_game(rec, source)
    play_moves(g, rec, source)
    return g


def _legacy_scorings(entries: Any) -> Any:
    """Score-history entries as snapshots written before typed scorings held them: [label, points]
    with label "round N" for a general scoring and the card id for a card's."""
    return [[f"round {rnd}" if kind == "general" else card, pts] for kind, rnd, card, pts in entries]


def to_json(g: Game) -> dict[str, Any]:
    """A full snapshot: every slot plus the record, so a load can be verified by replay."""
    state = {name: plain(getattr(g, name)) for name in LIST_SLOTS + SHARED_SLOTS
             if name not in _NOT_IN_STATE}
    return {"rules_version": g.rules_version, "state": state, "record": record(g)}


def from_json(data: Any, source: str = "snapshot") -> Game:
    """Rebuild a snapshot. The game is replayed from its record and must match the stored state,
    so a hand-edited or truncated save is refused instead of producing an impossible position."""
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise DataError(f"{source}: a snapshot must be a mapping with 'state' and 'record'")
    if "rules_version" not in data:
        raise DataError(f"{source}: rules_version is missing")
    version = _rules_version(data, source)
    g = replay(data.get("record"), source)
    state = data["state"]
    for name in LIST_SLOTS + SHARED_SLOTS:
        if name in _NOT_IN_STATE or version < _ADDED_IN.get(name, 0):
            continue
        if name not in state and name in DUMMY_SLOTS and g.dummy is None:
            continue   # written before the neutral colour existed
        if name not in state:
            raise DataError(f"{source}: state.{name} is missing")
        mine = plain(getattr(g, name))
        if name == "scorings" and any(isinstance(e, list) and len(e) == 2 for e in state[name]):
            mine = _legacy_scorings(mine)
        if state[name] != mine:
            raise DataError(f"{source}: state.{name} does not match the game its record replays")
    return g
