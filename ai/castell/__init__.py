"""AI opponents for Castell, with El Grande's agent contract (ai/agent.py): a View in, a legal
move out, the same move for the same view and RNG state.

    agent = ai.castell.make_agent("hard", seed=7)
    move = agent.choose(game.view(player), rng)

Presets (`AGENT_NAMES`): `random`; `greedy`, the best move one ply ahead; `easy`, `normal`,
`hard`, whole-turn planners (turns.py) with growing budgets, horizons and refill sampling (hard
also looks a turn ahead with the rivals replying, and weighs the evaluation's parts as fitted).
Modules: evaluate.py (the evaluation), prospects.py (its tower questions, memoised), festival.py
(festival tower choice), turns.py (whole-turn plans), agents.py (the agents), fit_weights.py (the
evaluation's weights measured on recorded games).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ai.agent import GameAgent, RandomAgent, SeededAgent
from engine.castell import Move, View

from .agents import GreedyAgent, PlannerAgent, PlannerConfig
from .evaluate import DEFAULT_WEIGHTS, Weights
from .turns import PlanShape

# hard's evaluation weights: halfway (rounded down to hundredths) from the hand-set ones to those
# fitted on normal's 3-player games, `python -m ai.castell.fit_weights --games 150 --seed 1000
# --players 3`: festival 0.31, tower 0.97, tiles 0.37, token 2.92, rank and height below 0 (taken
# as 0), casteller 0.28. The whole fit played worse (ai/README.md, Castell).
HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, festival=0.65, tower=0.98, tiles=0.68, token=1.76, rank=0.12, height=0.4,
                       casteller=0.16)

# the presets: a weaker budget, horizon or the hand-set weights are the differences between the planners
_NORMAL = PlannerConfig(PlanShape(beam=3), max_nodes=120, weights=replace(DEFAULT_WEIGHTS, horizon=3))
PRESETS: dict[str, PlannerConfig | None] = {
    "random": None,
    "greedy": None,
    "easy": PlannerConfig(PlanShape(beam=1), max_nodes=40, weights=replace(DEFAULT_WEIGHTS, horizon=2)),
    "normal": _NORMAL,
    # hard's lookahead has the rivals reply as a lighter normal would (ai/README.md, Castell)
    "hard": PlannerConfig(PlanShape(beam=6, settle=True), max_nodes=500, deadline_s=0.9, worlds=3,
                          lookahead=6, lookahead_nodes=100, replies=replace(_NORMAL, max_nodes=40),
                          weights=HARD_WEIGHTS),
}
AGENT_NAMES = tuple(PRESETS)


def make_agent(name: str, seed: int | None = None, **overrides: Any) -> SeededAgent[View, Move]:
    """Build a Castell agent by preset name; `overrides` replace PlannerConfig fields of a planner
    preset (e.g. `deadline_s=None, max_nodes=200` for counts-only tests), or the greedy agent's
    `weights`."""
    if name not in PRESETS:
        raise ValueError(f"castell: no agent preset {name!r} (known: {', '.join(AGENT_NAMES)})")
    config = PRESETS[name]
    agent: GameAgent[View, Move]
    if name == "random":
        if overrides:
            raise ValueError(f"castell: the random agent takes no settings ({', '.join(sorted(overrides))})")
        agent = RandomAgent(name, View)
    elif config is None:
        unknown = set(overrides) - {"weights"}
        if unknown:
            raise ValueError(f"castell: the {name} agent takes only weights ({', '.join(sorted(unknown))})")
        agent = GreedyAgent(name, overrides.get("weights", DEFAULT_WEIGHTS))
    else:
        agent = PlannerAgent(name, replace(config, **overrides))
    return SeededAgent(agent, seed)


__all__ = ["AGENT_NAMES", "DEFAULT_WEIGHTS", "HARD_WEIGHTS", "GreedyAgent", "PRESETS", "PlanShape", "PlannerAgent",
           "PlannerConfig", "Weights", "make_agent"]
