"""Expectimax over determinized worlds: the searching agent behind `easy`, `normal` and `hard`.

At a decision the agent
  1. draws `worlds` full games consistent with its view (`engine.determinize`): the face-down
     action stacks, other players' hidden discs and recovered power cards are sampled, so future
     action cards — the chance nodes — are averaged over by the sampling;
  2. lists the candidates: every legal move, or for a multi-step decision (placements, Intrigue
     moves) the best whole plans in canonical order (`plans.py`);
  3. plays each candidate out in each world: the plan, then the fast policy for everyone (the
     opponents and the agent's own later steps) up to the horizon — the end of the agent's
     current turn (`turn`) or of the round (`round`, general scoring included) — and scores the
     leaf with the static evaluation; the same playout seed is used for every candidate in a world
     (common random numbers), so candidates are compared on the same futures;
  4. keeps the candidates with the best mean, halving the field between batches of worlds
     (successive halving), and plays the first move of the best plan.

With `per_turn` (hard, expert) the candidates of step 2 are whole-turn plans (`turnplan.py`):
card, order, placements, special action and its steps, searched once with the turn's budget;
the agent keeps the best plan and plays its later steps without searching while each view it is
shown is the one the plan foresaw, and searches again when it is not (a veto, a reveal).

Secret discs are decided by `discs.py` (regret matching), never by a best reply to one sample.
The budget (`budget.py`) counts nodes — moves applied in search — with an optional deadline.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

import engine
from engine import Game, Move, Phase, View

from .agent import check_view
from .budget import Budget, search_clock
from .discs import DiscSolver
from .evaluate import DEFAULT_WEIGHTS, Weights, rounds_to_scoring, utility
from .plans import is_plan_decision, plans_for
from .policy import FastPolicy
from .turnplan import Plan, PlanCursor, PlanShape, turn_plans

HORIZONS = ("turn", "round", "round_turn", "scoring")
T = TypeVar("T")


@dataclass(frozen=True)
class SearchConfig:
    worlds: int = 8             # determinized samples per decision
    horizon: str = "turn"       # "turn", "round", "round_turn" (the round, then to the end of
                                # the agent's turn in the next round) or "scoring" (to the end
                                # of the next general scoring's round)
    max_nodes: int = 60000      # moves applied in search per decision
    deadline_s: float | None = None
    plan_limit: int = 6         # plans searched per multi-step decision
    beam: int = 3               # Intrigue plan beam width
    move_sample: int = 24       # Intrigue moves tried per step (plans and playouts)
    halving: bool = True        # successive halving over batches of worlds
    disc_iterations: int = 60   # regret-matching iterations for secret discs
    disc_worlds: int = 4
    noise: float = 1.0          # fast policy's noise in bids and card choice
    card_lookahead: bool = False  # playout policy tries each action card to the end of the turn
    per_turn: bool = False      # plan the whole turn once (turnplan.py) and follow the plan
    turn_beam: int = 6          # per-turn planning: partial plans kept per step
    turn_plans: int = 8         # per-turn planning: complete plans searched

    def __post_init__(self) -> None:
        for name in ("worlds", "max_nodes", "plan_limit", "beam", "move_sample", "disc_iterations", "disc_worlds",
                     "turn_beam", "turn_plans"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise ValueError(f"SearchConfig.{name}: must be a positive integer, got {v!r}")
        for name in ("halving", "card_lookahead", "per_turn"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"SearchConfig.{name}: must be true or false, got {getattr(self, name)!r}")
        if self.horizon not in HORIZONS:
            raise ValueError(f"SearchConfig.horizon: must be one of {', '.join(HORIZONS)}, got {self.horizon!r}")
        if self.deadline_s is not None and (not isinstance(self.deadline_s, (int, float)) or self.deadline_s <= 0):
            raise ValueError(f"SearchConfig.deadline_s: must be positive seconds or null, got {self.deadline_s!r}")
        if not isinstance(self.noise, (int, float)) or self.noise < 0:
            raise ValueError(f"SearchConfig.noise: must be a non-negative number, got {self.noise!r}")


class _TableTools(NamedTuple):
    """What the agent searches with at one table size."""
    config: SearchConfig
    shape: PlanShape
    weights: Weights
    policy: FastPolicy
    discs: DiscSolver


def nearest_size(table: Mapping[int, T], n: int) -> T:
    """The entry for table size `n`, or for the nearest size listed (the smaller on a tie)."""
    return table[min(table, key=lambda k: (abs(k - n), k))]


class ExpectimaxAgent:
    """Determinized expectimax with plans, a fast opponent policy and regret-matched discs.

    `config` and `weights` may each be one for every table size or a mapping from player count
    (a table size not listed uses the nearest one listed): the 2-player game, which scores only
    first places, wants different settings. `neutral_config` and `neutral_weights`: the search
    settings and the evaluation weights of a 2-player game with the neutral colour (each None: a
    3-colour table's)."""

    def __init__(self, name: str = "expectimax", config: SearchConfig | Mapping[int, SearchConfig] = SearchConfig(),
                 weights: Weights | Mapping[int, Weights] = DEFAULT_WEIGHTS,
                 neutral_config: SearchConfig | None = None, neutral_weights: Weights | None = None) -> None:
        self.config_table = dict(config) if isinstance(config, Mapping) else {0: config}
        if not self.config_table or not all(isinstance(c, SearchConfig) for c in self.config_table.values()):
            raise TypeError("ExpectimaxAgent: config must be a SearchConfig or a mapping of table sizes to them")
        self.weight_table = dict(weights) if isinstance(weights, Mapping) else {0: weights}
        if not self.weight_table:
            raise ValueError("ExpectimaxAgent: weights must not be an empty mapping")
        self.name = name
        self.neutral_config, self.neutral_weights = neutral_config, neutral_weights
        self._tools: dict[tuple[int, bool], _TableTools] = {}
        self.use_table(4)
        self.cursor = PlanCursor()   # per-turn planning: the plan being followed
        self._turn: tuple[tuple[int, int, bool], float] = ((-1, -1, False), 0.0)   # (turn, seconds spent)
        self.last_nodes = 0          # nodes spent by the last decision (tests read it)
        self.searches = 0            # decisions that searched (plans, discs); followed steps do not

    def __repr__(self) -> str:
        return f"ExpectimaxAgent(name={self.name!r}, config={self.config!r})"

    def use_table(self, n: int, neutral: bool = False) -> None:
        """Search with the settings, weights, playout policy and disc solver for an `n`-colour
        table (built once per size); `neutral`: a 2-player game with the neutral colour (n = 3)."""
        neutral = neutral and (self.neutral_config is not None or self.neutral_weights is not None)
        tools = self._tools.get((n, neutral))
        if tools is None:
            cfg, w = nearest_size(self.config_table, n), nearest_size(self.weight_table, n)
            if neutral:
                cfg = self.neutral_config or cfg
                w = self.neutral_weights or w
            tools = self._tools[(n, neutral)] = _TableTools(
                cfg,
                PlanShape(beam=cfg.turn_beam, plan_limit=cfg.plan_limit, move_beam=cfg.beam,
                          move_sample=cfg.move_sample, keep=cfg.turn_plans),
                w, FastPolicy(w, move_sample=cfg.move_sample, noise=cfg.noise, card_lookahead=cfg.card_lookahead),
                DiscSolver(w, iterations=cfg.disc_iterations, worlds=cfg.disc_worlds))
        self.config, self.shape, self.weights, self.policy, self.discs = tools

    def choose(self, view: View, rng: random.Random) -> Move:
        view = check_view(view)
        # the colours on the board: a neutral colour makes a 3-colour table (docs/rulings.md R5)
        self.use_table(view.rows, view.dummy is not None)
        self.last_nodes = 0
        if self.config.per_turn:
            planned: Move | None = self.cursor.next_move(view)
            if planned is not None:
                return planned
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        started = search_clock()
        budget = Budget(self.config.max_nodes, self._deadline(view)).start()
        self.searches += 1
        if view.ph == Phase.DISC:
            move = self.discs.choose(view, rng, budget)
        elif self.config.per_turn:
            move = self._plan_turn(view, rng, budget)
        else:
            move = self._search(view, legal, rng, budget)
        self.last_nodes = budget.nodes
        turn, spent = self._turn
        self._turn = (turn, spent + search_clock() - started)
        return move

    def _deadline(self, view: View) -> float | None:
        """The search's deadline. Planning per turn, the deadline is the whole turn's: a second
        search in the same turn (after a veto, for a disc step) gets what the first left, and
        never less than a fifth of it."""
        deadline = self.config.deadline_s
        if deadline is None or not self.config.per_turn:
            return deadline
        turn = (view.round_idx, view.active_idx, view.ph == Phase.POWER)
        if turn != self._turn[0]:
            self._turn = (turn, 0.0)
        return max(deadline / 5, deadline - self._turn[1])

    # ------------------------------------------------------------------ search
    def _worlds(self, view: View, rng: random.Random) -> tuple[list[int], list[Game]]:
        seeds = [rng.getrandbits(32) for _ in range(self.config.worlds)]
        return seeds, [engine.determinize(view, random.Random(s)) for s in seeds]

    def _search(self, view: View, legal: list[Move], rng: random.Random, budget: Budget) -> Move:
        """One decision: its candidate moves (or multi-step plans) searched, the best first move."""
        return self.root_values(view, legal, rng, budget)[0][0][0]

    def root_values(self, view: View, legal: list[Move], rng: random.Random, budget: Budget,
                    plans: list[tuple[Move, ...]] | None = None) -> list[tuple[tuple[Move, ...], float, int]]:
        """Every root candidate (a move, or a whole plan; `plans` if given) with its mean playout
        value and the worlds it was sampled in, best first: the most-sampled survivors lead, by
        mean value. The advisor (`advisor.py`) ranks hints with it; `choose` plays the first."""
        cfg = self.config
        if plans is None and is_plan_decision(seen := view.as_game()):
            plans = [plan for plan, _ in plans_for(seen, self.weights, cfg.plan_limit, cfg.beam,
                                                    cfg.move_sample, rng, budget)]
            if len(plans) == 1:
                return [(plans[0], 0.0, 0)]
        elif plans is None:
            plans = [(m,) for m in legal]
        seeds, worlds = self._worlds(view, rng)
        ranked = self._ranked(plans, seeds, worlds, view.to_move_idx, budget, checked=False)
        return [(plans[i], mean, count) for i, mean, count in ranked]

    def _plan_turn(self, view: View, rng: random.Random, budget: Budget) -> Move:
        """Per-turn planning: whole-turn plans searched once; the best is kept to be followed."""
        ranked, world = self.turn_values(view, rng, budget)
        if not ranked:                       # no budget left even to list plans
            return self.policy.choose(world, rng)
        best = ranked[0][0]
        self.cursor = PlanCursor.after_first(world, view.to_move_idx, best)
        return best[0]

    def turn_values(self, view: View, rng: random.Random,
                    budget: Budget) -> tuple[list[tuple[Plan, float, int]], Game]:
        """Per-turn planning's candidates: the whole-turn plans (made in the first sampled world,
        which is returned too) with their mean playout values and worlds sampled, best first, as
        `_plan_turn` ranks them. The advisor shows these plans, so a hint followed step by step is
        the turn the search valued, not a plan pieced together afterwards."""
        me = view.to_move_idx
        seeds, worlds = self._worlds(view, rng)
        plans = turn_plans(worlds[0], me, self.weights, self.shape, rng, budget)
        if len(plans) <= 1:
            return [(plan, 0.0, 0) for plan in plans], worlds[0]
        ranked = self._ranked(plans, seeds, worlds, me, budget, checked=True)
        return [(plans[i], mean, count) for i, mean, count in ranked], worlds[0]

    def paired_values(self, view: View, plans: list[tuple[Move, ...]], rng: random.Random,
                      budget: Budget) -> list[list[float]]:
        """Each plan's playout value in each sampled world, every plan played in every world on the
        same futures (common random numbers, no halving), so their differences can be compared
        world by world: the advisor's judge measures a plan against the best and the noise of
        that measure. Worlds the budget cut short are left out for every plan."""
        me = view.to_move_idx
        seeds, worlds = self._worlds(view, rng)
        out: list[list[float]] = [[] for _ in plans]
        for seed, world in zip(seeds, worlds):
            values = [self._playout(world, plan, me, random.Random(seed ^ 0x5DEECE66D), budget, True)
                      for plan in plans]
            complete = [v for v in values if v is not None]
            if len(complete) < len(plans):
                break
            for row, value in zip(out, complete):
                row.append(value)
        return out

    def _ranked(self, plans: list[Plan], seeds: list[int], worlds: list[Game], me: int, budget: Budget,
                checked: bool) -> list[tuple[int, float, int]]:
        """(index, mean playout value, worlds sampled) of every plan, best first (successive
        halving between batches of worlds; common random numbers within a world). `checked`:
        whole-turn plans, made in one world, are checked step by step in the others."""
        cfg = self.config
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        alive = list(range(len(plans)))
        batch = max(1, cfg.worlds // 3) if cfg.halving and len(plans) > 2 else cfg.worlds
        w_i = 0
        while w_i < len(worlds) and not budget.exhausted():
            chunk = worlds[w_i:w_i + batch]
            for k, world in enumerate(chunk):
                seed = seeds[w_i + k] ^ 0x5DEECE66D
                for i in alive:
                    value = self._playout(world, plans[i], me, random.Random(seed), budget, checked)
                    if value is None:       # budget ran out inside the playout: not counted
                        break
                    totals[i] += value
                    counts[i] += 1
            w_i += len(chunk)
            if cfg.halving and len(alive) > 2 and w_i < len(worlds):
                alive.sort(key=lambda i: -totals[i] / max(1, counts[i]))
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        # the most-sampled candidates are the survivors (or all, if the budget cut a batch short)
        order = sorted(range(len(plans)), key=lambda i: (-counts[i], -totals[i] / max(1, counts[i]), i))
        return [(i, totals[i] / max(1, counts[i]), counts[i]) for i in order]

    def _playout(self, world: Game, plan: tuple, me: int, rng: random.Random, budget: Budget,
                 checked: bool = False) -> float | None:
        """Value of `plan` then the fast policy to the horizon in one world; None if the budget
        ran out first (a cut playout is not counted, so the node count never exceeds the budget)."""
        g = world.clone()
        for m in plan:
            if g.ph == Phase.OVER or (checked and m not in g.legal_moves()):
                break                       # a plan step this world does not allow: policy from here
            if budget.exhausted():
                return None
            g.apply(m)
            budget.spend()
        horizon = self.config.horizon
        if horizon == "scoring":
            last_round = world.round_idx + rounds_to_scoring(world)
        else:
            last_round = world.round_idx + (1 if horizon == "round_turn" else 0)
        seen_turn = world.active_idx == me and horizon == "turn"
        policy = self.policy
        by_turn = horizon in ("turn", "round_turn")
        while g.ph != Phase.OVER and g.round_idx <= last_round:
            if by_turn and g.round_idx == last_round:
                if g.active_idx == me:
                    seen_turn = True
                elif seen_turn:
                    break
            if budget.exhausted():
                return None
            g.apply(policy.choose(g, rng))
            budget.spend()
        return utility(g, me, self.weights)
