"""AI opponents for El Grande: agents that see only what their player may see (DESIGN §3).

    agent = ai.make_agent("hard", seed=7)
    move = agent.choose(game.view(player), rng)

Agents: `random`, `greedy` (best immediate evaluation), and the determinized expectimax agent
behind the difficulty presets `easy`, `normal`, `hard` (data in levels/ai_profiles.yaml).

Modules, one job each: agent.py (protocol, random agent), evaluate.py (static evaluation),
policy.py (fast policy for playouts), plans.py (multi-step decisions as canonical plans),
greedy.py, expectimax.py (determinized search), discs.py (regret matching for secret discs),
budget.py (node counts and deadline), tournament.py (`python -m ai.tournament`).
"""
from __future__ import annotations

import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml

from engine import Move, View

from .agent import Agent, RandomAgent
from .evaluate import DEFAULT_WEIGHTS, Weights
from .expectimax import ExpectimaxAgent, SearchConfig
from .greedy import GreedyAgent

PROFILES_PATH = Path(__file__).resolve().parent.parent / "levels" / "ai_profiles.yaml"
KINDS = ("random", "greedy", "expectimax")
_SEARCH_FIELDS = {f.name for f in fields(SearchConfig)}


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
    unknown = set(preset) - {"kind", "search", "weights"}
    if unknown:
        raise ProfileError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} (expected kind, search, weights)")
    kind = preset.get("kind")
    if kind not in KINDS:
        raise ProfileError(f"{where}.kind: must be one of {', '.join(KINDS)}, got {kind!r}")
    search = preset.get("search", {}) or {}
    if not isinstance(search, dict):
        raise ProfileError(f"{where}.search: must be a mapping")
    if search and kind != "expectimax":
        raise ProfileError(f"{where}.search: only expectimax presets take search settings")
    for key in search:
        if key not in _SEARCH_FIELDS:
            raise ProfileError(f"{where}.search.{key}: unknown setting (expected one of {', '.join(sorted(_SEARCH_FIELDS))})")
    try:
        SearchConfig(**search)
    except (TypeError, ValueError) as exc:
        field = str(exc).split(":")[0].replace("SearchConfig.", "")
        raise ProfileError(f"{where}.search.{field}: {str(exc).split(': ', 1)[-1]}") from None
    weights = preset.get("weights", {}) or {}
    if not isinstance(weights, dict):
        raise ProfileError(f"{where}.weights: must be a mapping")
    try:
        Weights.from_mapping(weights, f"{where}.weights")
    except ValueError as exc:
        raise ProfileError(str(exc)) from None


class SeededAgent:
    """Wraps an agent with its own RNG, for callers that do not pass one (`choose(view)`)."""

    def __init__(self, agent: Agent, seed: int | None) -> None:
        self.agent, self.name = agent, agent.name
        self.rng = random.Random(seed)

    def choose(self, view: View, rng: random.Random | None = None) -> Move:
        return self.agent.choose(view, rng if rng is not None else self.rng)

    def __getattr__(self, item: str) -> Any:
        return getattr(self.agent, item)

    def __repr__(self) -> str:
        return f"SeededAgent({self.agent!r})"


def make_agent(name: str, seed: int | None = None, profiles: Path | str | None = None, **overrides: Any) -> SeededAgent:
    """Build an agent by preset name (`random`, `greedy`, `easy`, `normal`, `hard`).

    `seed` seeds the RNG used when `choose(view)` is called without one. Overrides replace search
    settings (e.g. `worlds=4, max_nodes=2000, deadline_s=None`) or, given as `weights={...}`,
    evaluation weights; they are validated like the file.
    """
    table = load_profiles(profiles or PROFILES_PATH)
    if name not in table:
        raise ProfileError(f"{Path(profiles or PROFILES_PATH).name}: no preset {name!r} "
                           f"(known: {', '.join(table)})")
    preset = dict(table[name])
    search = dict(preset.get("search") or {})
    weights = dict(preset.get("weights") or {})
    if "weights" in overrides:
        weights.update(overrides.pop("weights") or {})
    search.update(overrides)
    preset["search"], preset["weights"] = (search if preset["kind"] == "expectimax" else {}), weights
    if overrides and preset["kind"] != "expectimax":
        raise ProfileError(f"make_agent({name!r}): {preset['kind']} agents take no search overrides "
                           f"({', '.join(sorted(overrides))})")
    _validate(preset, f"make_agent({name!r})")
    w = Weights.from_mapping(weights, name) if weights else DEFAULT_WEIGHTS
    kind = preset["kind"]
    if kind == "random":
        agent: Any = RandomAgent(name)
    elif kind == "greedy":
        agent = GreedyAgent(name, w)
    else:
        agent = ExpectimaxAgent(name, SearchConfig(**search), w)
    return SeededAgent(agent, seed)


__all__ = ["Agent", "ExpectimaxAgent", "GreedyAgent", "ProfileError", "RandomAgent", "SearchConfig",
           "SeededAgent", "Weights", "load_profiles", "make_agent"]
