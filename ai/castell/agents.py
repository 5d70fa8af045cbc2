"""Castell's agents: `greedy` (one ply) and the turn planner behind `easy`, `normal`, `hard`.

Both see a View only (ai/agent.py) and sample the one hidden thing, the bag's order, with
`determinize`. At a festival both choose the tower with festival.py. On its turn the greedy
agent plays the legal move whose resulting position evaluates best. The planner searches whole
turns once (turns.py), re-scores the best plans in more sampled worlds when they end the round
(the refill is then drawn), and follows the chosen plan while each view it is shown is the one
the plan foresaw (ai/plancursor.py), so a turn costs one search. With `lookahead` the best plans
are valued instead by the best plan of the agent's next turn after them (sampling the refill
between them), which sees a festival's prizes and a two-turn route; with `replies` the rivals
play their turns in between as that planner would (taking the tiles and castellers it wants,
moving to the festivals), else they pass.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.agent import require_view
from ai.budget import Budget
from ai.plancursor import PlanCursor
from engine.castell import DONE, FESTIVAL, TURN, Game, Move, View, determinize

from .evaluate import DEFAULT_WEIGHTS, Weights, utility
from .festival import choose_tower
from .turns import Plan, PlanShape, end_value, finish, in_turn, turn_plans

Reply = Callable[[Game], Plan]     # a rival's plan for the turn it is to play in a game


class GreedyAgent:
    """The legal move whose resulting position evaluates best (no lookahead)."""

    def __init__(self, name: str = "greedy", weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.name, self.weights = name, weights

    def __repr__(self) -> str:
        return f"GreedyAgent(name={self.name!r})"

    def choose(self, view: View, rng: random.Random) -> Move:
        view = require_view(view, View)
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if view.phase == FESTIVAL:
            return choose_tower(view, rng, self.weights)
        world, me = determinize(view, rng), view.to_move_idx
        best, best_u = legal[0], float("-inf")
        for m in legal:
            g = world.clone()
            g.apply(m)
            u = utility(g, me, self.weights)
            if u > best_u:
                best, best_u = m, u
        return best


@dataclass(frozen=True)
class PlannerConfig:
    """A planner preset: the turn search's shape and budget, the worlds that score round-ending
    plans, and the evaluation weights."""
    shape: PlanShape = PlanShape()
    max_nodes: int = 2000          # positions evaluated per turn search
    deadline_s: float | None = None  # per turn search (ai/budget.py clock)
    worlds: int = 1                # sampled bags for the best plans that end the round
    rescore: int = 4               # how many of the best plans are scored in those worlds
    lookahead: int = 0             # best plans followed by a search of the next own turn
    lookahead_nodes: int = 150     # positions evaluated per such search
    replies: PlannerConfig | None = None   # lookahead: the rivals' turns in between searched
                                           # with its shape, max_nodes and weights (None: they pass)
    weights: Weights = field(default=DEFAULT_WEIGHTS)

    def __post_init__(self) -> None:
        if not isinstance(self.lookahead, int) or self.lookahead < 0:
            raise ValueError(f"PlannerConfig.lookahead: must be a whole number >= 0, got {self.lookahead!r}")
        for name in ("worlds", "rescore", "lookahead_nodes"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"PlannerConfig.{name}: must be a positive integer, got {value!r}")
        Budget(self.max_nodes, self.deadline_s)         # validates both


class PlannerAgent:
    """Whole-turn plans, searched once per turn and followed."""

    def __init__(self, name: str, config: PlannerConfig = PlannerConfig()) -> None:
        self.name, self.config = name, config
        self.cursor = PlanCursor()

    def __repr__(self) -> str:
        return f"PlannerAgent(name={self.name!r})"

    def choose(self, view: View, rng: random.Random) -> Move:
        view = require_view(view, View)
        legal = view.legal_moves()
        if view.phase == FESTIVAL:
            return legal[0] if len(legal) == 1 else choose_tower(view, rng, self.config.weights)
        planned: Move | None = self.cursor.next_move(view)
        if planned is not None and planned in legal:
            return planned
        if len(legal) == 1:
            return legal[0]
        world, me = determinize(view, rng), view.to_move_idx
        cfg = self.config
        budget = Budget(cfg.max_nodes + cfg.lookahead * cfg.lookahead_nodes, cfg.deadline_s).start()
        plans = turn_plans(world, me, cfg.weights, cfg.shape, budget.child(cfg.max_nodes))
        if cfg.lookahead:
            best = self._look_ahead(view, world, me, plans, budget, rng)[0][1]
        else:
            best = self._rescore(view, world, me, plans, rng)
        self.cursor = PlanCursor.after_first(world, me, best)
        return best[0]

    def _look_ahead(self, view: View, world: Game, me: int, plans: list[tuple[float, Plan]],
                    budget: Budget, rng: random.Random) -> list[tuple[float, Plan]]:
        """The best `lookahead` plans, best first, valued by the best plan of the next own turn
        after them (the others playing `replies`' plans or passing, festivals declared with their
        highest-scoring towers); a plan after which the regions are refilled is valued in `worlds`
        sampled bags (the mean), each search with its share of the nodes. Plans the time leaves
        unvalued (or cut short) are dropped."""
        cfg = self.config
        extra: list[Game] = []
        valued = []
        # at 2 players the lone rival passes in the lookahead: its replies cost hard there
        # (seed 1, 40 games: 70.0% without, 60.0% with; ai/README.md, Castell)
        reply = self._reply(budget) if world.n > 2 else None
        for _, plan in plans[:cfg.lookahead]:
            if budget.exhausted():
                break
            if _ends_round(world, plan) and len(extra) < cfg.worlds - 1:
                extra += [determinize(view, rng) for _ in range(cfg.worlds - 1 - len(extra))]
            worlds = [world] + (extra if _ends_round(world, plan) else [])
            total = 0.0
            for w in worlds:
                g = w.clone()
                for m in plan:
                    g.apply(m)
                to_next_turn(g, me, reply)
                if g.is_over:
                    total += utility(g, me, cfg.weights)
                    continue
                nodes = max(1, cfg.lookahead_nodes // len(worlds))
                total += turn_plans(g, me, cfg.weights, cfg.shape, budget.child(nodes))[0][0]
            if budget.exhausted():           # the time ran out inside: this value is cut short
                break
            valued.append((total / len(worlds), plan))
        valued.sort(key=lambda vp: -vp[0])
        return valued or plans

    def _reply(self, budget: Budget) -> Reply | None:
        """How a rival plays its turn inside the lookahead: the best plan of a turn search with
        `replies`' shape, nodes and weights, from the rival's side (None: it passes)."""
        rival = self.config.replies
        if rival is None:
            return None

        def reply(g: Game) -> Plan:
            return turn_plans(g, g.to_move_idx, rival.weights, rival.shape, budget.child(rival.max_nodes))[0][1]
        return reply

    def _rescore(self, view: View, world: Game, me: int, plans: list[tuple[float, Plan]],
                 rng: random.Random) -> Plan:
        """The best plan; when the leaders end the round (a refill may follow), their value is the
        mean over `worlds` sampled bags (the search's world among them)."""
        cfg = self.config
        leaders = plans[:cfg.rescore]
        if cfg.worlds == 1 or len(leaders) == 1 or not any(_ends_round(world, p) for _, p in leaders):
            return plans[0][1]
        worlds = [determinize(view, rng) for _ in range(cfg.worlds - 1)]
        best, best_v = leaders[0][1], float("-inf")
        for v, plan in leaders:
            total = v
            for w in worlds:
                g = w.clone()
                for m in plan:
                    g.apply(m)
                total += end_value(g, me, cfg.weights, cfg.shape)
            if total > best_v:
                best, best_v = plan, total
        return best


def to_next_turn(g: Game, me: int, reply: Reply | None = None) -> None:
    """Play on to `me`'s next turn: every other player plays `reply`'s plan for its turn, or
    without one ends its turn at once (places its pawn first if it has none yet); festival
    entrants declare their highest-scoring towers."""
    while not g.is_over and not (g.to_move_idx == me and g.phase != FESTIVAL):
        if reply is not None and g.phase == TURN:
            start = (g.round, g.turn_pos)
            for m in reply(g):
                if not in_turn(g, start):
                    break
                g.apply(m)
            finish(g, start)
            continue
        legal = g.legal_moves()
        g.apply(DONE if g.phase != FESTIVAL and DONE in legal else legal[0])


def _ends_round(world: Game, plan: Plan) -> bool:
    """Whether the plan ends a round after which the regions are refilled (ruling C17)."""
    g = world.clone()
    start = (g.round, g.turn_pos)
    for m in plan:
        g.apply(m)
    finish(g, start)
    ended = g.phase == FESTIVAL or g.round != start[0]
    return ended and start[0] + 1 in g.data.refill_rounds


__all__ = ["GreedyAgent", "PlannerAgent", "PlannerConfig"]
