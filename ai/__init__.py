"""AI opponents for El Grande: agents that see only what their player may see (docs/design.md §3).

    agent = ai.make_agent("hard", seed=7)
    move = agent.choose(game.view(player), rng)

Agents: `random`, `greedy` (best immediate evaluation), the determinized expectimax agent
behind the difficulty presets `easy`, `normal`, `hard`, `expert` (data in levels/ai_profiles.yaml;
hard and expert plan whole turns, turnplan.py), and `mcts`, the benchmark's outside yardstick.

Modules, one job each: agent.py (protocol, random agent), evaluate.py (static evaluation),
policy.py (fast policy for playouts), plans.py (multi-step decisions as canonical plans),
greedy.py, expectimax.py (determinized search), turnplan.py (whole-turn plans), mcts.py (ISMCTS
with random playouts), discs.py (regret matching for secret discs),
budget.py (node counts and deadline), tournament.py (`python -m ai.tournament`).
"""
from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml

from engine import Move, View

from .agent import Agent, RandomAgent, SeededAgent
from .evaluate import DEFAULT_WEIGHTS, Weights
from .expectimax import ExpectimaxAgent, SearchConfig
from .greedy import GreedyAgent
from .mcts import MCTSAgent, MCTSConfig

PROFILES_PATH = Path(__file__).resolve().parent.parent / "levels" / "ai_profiles.yaml"
KINDS = ("random", "greedy", "expectimax", "mcts")
CONFIGS: dict[str, Any] = {"expectimax": SearchConfig, "mcts": MCTSConfig}   # kinds taking `search`
TABLE_SIZES = (2, 3, 4, 5)
_FIELDS = ("kind", "search", "search_by_players", "search_with_neutral", "weights", "weights_by_players",
           "weights_with_neutral")


class ProfileError(ValueError):
    """A bad AI profile file or override; the message names the file and the field."""


def load_profiles(path: Path | str = PROFILES_PATH) -> dict[str, dict[str, Any]]:
    """Read and validate the presets: every error names the file and the field."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ProfileError(f"{path.name}: cannot be read as YAML ({exc.__class__.__name__}: {exc})") from exc
    if not isinstance(raw, dict) or not raw:
        raise ProfileError(f"{path.name}: top level must be a mapping of preset names to presets")
    for name, preset in raw.items():
        _validate(preset, f"{path.name}: {name}")
    return raw


def _validate(preset: Any, where: str) -> None:
    if not isinstance(preset, dict):
        raise ProfileError(f"{where}: must be a mapping with at least 'kind'")
    unknown = set(preset) - set(_FIELDS)
    if unknown:
        raise ProfileError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} (expected {', '.join(_FIELDS)})")
    kind = preset.get("kind")
    if kind not in KINDS:
        raise ProfileError(f"{where}.kind: must be one of {', '.join(KINDS)}, got {kind!r}")
    _validate_search(kind, preset.get("search", {}) or {}, f"{where}.search")
    _search_by_players(preset, kind, where)
    _search_with_neutral(preset, kind, where)
    _weights(preset, kind, where)
    _weights_with_neutral(preset, kind, where)


def _validate_search(kind: str, search: Any, where: str) -> None:
    if not isinstance(search, dict):
        raise ProfileError(f"{where}: must be a mapping")
    if search and kind not in CONFIGS:
        raise ProfileError(f"{where}: only {' and '.join(CONFIGS)} presets take search settings")
    if not search:
        return
    config = CONFIGS[kind]
    known = {f.name for f in fields(config)}
    for key in search:
        if key not in known:
            raise ProfileError(f"{where}.{key}: unknown setting (expected one of {', '.join(sorted(known))})")
    try:
        config(**search)
    except (TypeError, ValueError) as exc:
        field = str(exc).split(":")[0].replace(f"{config.__name__}.", "")
        raise ProfileError(f"{where}.{field}: {str(exc).split(': ', 1)[-1]}") from None


def _search_by_players(preset: dict[str, Any], kind: str, where: str) -> dict[int, dict[str, Any]]:
    """The preset's search settings per table size, validated: each size listed in
    `search_by_players` overrides the shared `search` there; sizes not listed use `search`."""
    by_players = preset.get("search_by_players", {}) or {}
    if not isinstance(by_players, dict):
        raise ProfileError(f"{where}.search_by_players: must be a mapping of player counts (2-5) to search settings")
    if by_players and kind != "expectimax":
        raise ProfileError(f"{where}.search_by_players: only expectimax presets take search settings per table size")
    shared = preset.get("search", {}) or {}
    table = {}
    for n, block in by_players.items():
        at = f"{where}.search_by_players.{n}"
        if n not in TABLE_SIZES:
            raise ProfileError(f"{at}: player count must be one of 2, 3, 4, 5")
        if not isinstance(block, dict):
            raise ProfileError(f"{at}: must be a mapping of search settings")
        _validate_search(kind, block, at)
        table[n] = {**shared, **block}
        _validate_search(kind, table[n], at)
    return table


def _with_neutral(preset: dict[str, Any], kind: str, where: str, field: str, shared: str,
                  what: str, mapping: str) -> tuple[dict[str, Any], str] | None:
    """A preset's `<field>` block for the 2-player game with the neutral colour, merged over its
    `<shared>` block, with where it is (None when the preset has none: the 3-player settings hold)."""
    block = preset.get(field)
    if block is None:
        return None
    at = f"{where}.{field}"
    if kind != "expectimax":
        raise ProfileError(f"{at}: only expectimax presets take {what} for the neutral colour")
    if not isinstance(block, dict):
        raise ProfileError(f"{at}: must be a mapping of {mapping}")
    return {**(preset.get(shared, {}) or {}), **block}, at


def _search_with_neutral(preset: dict[str, Any], kind: str, where: str) -> dict[str, Any] | None:
    """The search settings of a 2-player game with the neutral colour, validated."""
    found = _with_neutral(preset, kind, where, "search_with_neutral", "search", "search settings",
                          "search settings")
    if found is None:
        return None
    merged, at = found
    _validate_search(kind, merged, at)
    return merged


def _weights(preset: dict[str, Any], kind: str, where: str) -> Weights | dict[int, Weights]:
    """The preset's evaluation weights, validated: one set, or one per table size when it has a
    `weights_by_players` block (each size's block overrides the shared `weights`)."""
    shared = preset.get("weights", {}) or {}
    if not isinstance(shared, dict):
        raise ProfileError(f"{where}.weights: must be a mapping")
    if shared and kind not in ("greedy", "expectimax"):
        raise ProfileError(f"{where}.weights: {kind} presets use no evaluation weights")
    by_players = preset.get("weights_by_players", {}) or {}
    if not isinstance(by_players, dict):
        raise ProfileError(f"{where}.weights_by_players: must be a mapping of player counts (2-5) to weights")
    if by_players and kind != "expectimax":
        raise ProfileError(f"{where}.weights_by_players: only expectimax presets take weights per table size")
    try:
        base = Weights.from_mapping(shared, f"{where}.weights") if shared else DEFAULT_WEIGHTS
        table = {}
        for n, block in by_players.items():
            at = f"{where}.weights_by_players.{n}"
            if n not in TABLE_SIZES:
                raise ProfileError(f"{at}: player count must be one of 2, 3, 4, 5")
            if not isinstance(block, dict):
                raise ProfileError(f"{at}: must be a mapping of weight names to numbers")
            table[n] = Weights.from_mapping({**shared, **block}, at)
    except ProfileError:
        raise
    except ValueError as exc:
        raise ProfileError(str(exc)) from None
    return table or base


def _weights_with_neutral(preset: dict[str, Any], kind: str, where: str) -> Weights | None:
    """The evaluation weights of a 2-player game with the neutral colour, validated."""
    found = _with_neutral(preset, kind, where, "weights_with_neutral", "weights", "weights",
                          "weight names to numbers")
    if found is None:
        return None
    merged, at = found
    try:
        return Weights.from_mapping(merged, at)
    except ValueError as exc:
        raise ProfileError(str(exc)) from None


def make_agent(name: str, seed: int | None = None, profiles: Path | str | None = None, **overrides: Any) -> SeededAgent[View, Move]:
    """Build an agent by preset name (`random`, `greedy`, `easy`, `normal`, `hard`, `expert`, `mcts`).

    `seed` seeds the RNG used when `choose(view)` is called without one. Overrides replace search
    settings at every table size (e.g. `worlds=4, max_nodes=2000, deadline_s=None`) or, given as
    `weights={...}`, evaluation weights for every table size; they are validated like the file.
    """
    table = load_profiles(profiles or PROFILES_PATH)
    if name not in table:
        raise ProfileError(f"{Path(profiles or PROFILES_PATH).name}: no preset {name!r} "
                           f"(known: {', '.join(table)})")
    preset = dict(table[name])
    kind = preset["kind"]
    search = dict(preset.get("search") or {})
    weights = dict(preset.get("weights") or {})
    by_players = {n: dict(block) for n, block in (preset.get("weights_by_players") or {}).items()}
    neutral_weights = preset.get("weights_with_neutral")
    neutral_weights = None if neutral_weights is None else dict(neutral_weights)
    if "weights" in overrides:
        extra = overrides.pop("weights") or {}
        weights.update(extra)
        for block in by_players.values():
            block.update(extra)
        if neutral_weights is not None:
            neutral_weights.update(extra)
    if overrides and kind not in CONFIGS:
        raise ProfileError(f"make_agent({name!r}): {kind} agents take no search overrides "
                           f"({', '.join(sorted(overrides))})")
    search.update(overrides)
    search_by_players = {n: {**dict(block), **overrides}
                         for n, block in (preset.get("search_by_players") or {}).items()}
    neutral_search = preset.get("search_with_neutral")
    if neutral_search is not None:
        neutral_search = {**dict(neutral_search), **overrides}
    preset.update(search=search, search_by_players=search_by_players, weights=weights, weights_by_players=by_players,
                  search_with_neutral=neutral_search, weights_with_neutral=neutral_weights)
    _validate(preset, f"make_agent({name!r})")
    w = _weights(preset, kind, f"make_agent({name!r})")
    sized = _search_by_players(preset, kind, f"make_agent({name!r})")
    neutral = _search_with_neutral(preset, kind, f"make_agent({name!r})")
    neutral_w = _weights_with_neutral(preset, kind, f"make_agent({name!r})")
    agent: Any
    if kind == "random":
        agent = RandomAgent(name)
    elif kind == "greedy":
        agent = GreedyAgent(name, w if isinstance(w, Weights) else DEFAULT_WEIGHTS)
    elif kind == "mcts":
        agent = MCTSAgent(name, MCTSConfig(**search))
    else:
        config = ({n: SearchConfig(**sized.get(n, search)) for n in TABLE_SIZES} if sized
                  else SearchConfig(**search))
        agent = ExpectimaxAgent(name, config, w, SearchConfig(**neutral) if neutral is not None else None, neutral_w)
    return SeededAgent(agent, seed)


__all__ = ["Agent", "ExpectimaxAgent", "GreedyAgent", "MCTSAgent", "MCTSConfig", "ProfileError", "RandomAgent",
           "SearchConfig",
           "SeededAgent", "Weights", "load_profiles", "make_agent"]
