"""Secret discs: an equilibrium-style mixed choice by regret matching over sampled worlds.

Every disc step is simultaneous: the Castillo at a general scoring, `disc_return_2`,
`disc_return_all`, `eviction` and `score_secret_unique`. A best reply to one guess of the
others' discs is exploitable and, worse, would tempt an agent to read them; instead the agent
plays the small game itself. Each participant starts with uniform regrets; every iteration takes
one of the sampled worlds (cycled), draws the others' discs from the current strategies, and for
every participant and every disc he could show adds the regret of not showing it (payoff with
that disc against the others' drawn discs, minus his current mixed strategy's expected payoff
against them).
Strategies follow positive regrets (regret matching); the average strategy approaches a coarse
correlated equilibrium (regret matching+: negative regrets are clipped, later iterations weigh
more in the average, which converges in tens of iterations). The agent then samples its own disc from its average strategy, with the
rare choices (below `floor`) purified away.

Payoffs are the players' utilities from the static evaluation after the discs take effect,
computed per area (`AreaModel`): a disc changes only the areas it sends Caballeros to or from.
At a general scoring the regions are scored now and also stand for later scorings, so the areas
there weigh `1 + ` the usual future weight.
"""
from __future__ import annotations

import random

import engine
from engine import Game, Move, View
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import (CASTILLO, DISC, GENERAL_SCORING, NREG, Discs, bonus_points, depth_for,
                              effect_for, place_points, running, values_in_force)

from .budget import Budget
from .evaluate import (
    AreaModel,
    Weights,
    disc_step_kind,
    majority_weight,
    returned,
    rounds_left,
    rounds_to_scoring,
    scorings_left,
    utility_of,
)
from .policy import apply_changes


class DiscGame:
    """Payoffs of one sampled world's disc step for every joint choice, by area deltas."""

    def __init__(self, g: Game, w: Weights) -> None:
        who, _, purpose, arg = running(g.ctx, Discs)
        self.g, self.w, self.who, self.purpose, self.arg = g, w, who, purpose, arg
        effect = GENERAL_SCORING if purpose == "castillo" else effect_for(g.card)
        self.options = [effect.disc_options(g, q) for q in who]
        model = AreaModel(g, w)
        if purpose == "castillo":
            # the round after this one is where the gap to the following scoring is counted from
            later = majority_weight(w, scorings_left(g) - 1, rounds_to_scoring(g, g.round_idx + 1))
            model.mult = 1.0 + later
            model.contrib = [model.area_vector(a, [g.counts[q * A + a] for q in range(g.rows)])
                             for a in range(NREG)] + [[0.0] * g.n]
            # Castillo points are the same whatever the discs: leave them out; its Caballeros leave.
            if rounds_left(g) <= 0:
                model.court_w = 0.0
        self.model = model
        self.tot = model.totals()
        self.kind = disc_step_kind(purpose)
        if self.kind == "secret_scoring":
            vals = values_in_force(g.boards)
            depth = depth_for(g.rows)
            self.region_pts = []
            for r in range(NREG):
                place, leader, _ = place_points([g.counts[q * A + r] for q in range(g.rows)], vals[r], depth)
                pts = [float(x) for x in place]
                if leader >= 0:
                    pts[leader] += bonus_points(r, leader, g.king_i, g.grande_i)
                self.region_pts.append(pts)

    def payoffs(self, joint: list[int]) -> list[float]:
        """Every player's utility when participant i shows region joint[i]."""
        g, n, tot = self.g, self.g.n, self.tot
        purpose, kind = self.purpose, self.kind
        if kind == "secret_scoring":
            t = tot[:]
            for r in set(joint):
                if joint.count(r) == 1:
                    pts = self.region_pts[r]
                    for x in range(n):
                        t[x] += pts[x]
        else:
            changes, prov = [], []
            for q, r in zip(self.who, joint):
                o = q * A
                if kind == "castillo":
                    k = g.counts[o + CASTILLO]
                    if r == g.king_i:   # rules version 1 only (docs/rulings.md R1)
                        prov.append((q, k))   # to the court: credited below
                    else:
                        changes.append((r, q, k))
                elif kind == "evict":
                    k = g.counts[o + self.arg]
                    changes += [(self.arg, q, -k), (r, q, k)]
                else:
                    k = returned(purpose, g.counts[o + r])
                    changes.append((r, q, -k))
                    prov.append((q, k))
            t = apply_changes(self.model, tot, changes)
            w_each = self.model.court_w if kind == "castillo" else self.model.prov_w
            for q, k in prov:
                t[q] += w_each * k
        return [utility_of(t, p, self.w) for p in range(n)]


class DiscSolver:
    """Regret matching over the joint disc choices of all participants."""

    def __init__(self, weights: Weights, iterations: int = 60, worlds: int = 4, floor: float = 0.1) -> None:
        if iterations < 1 or worlds < 1:
            raise ValueError(f"DiscSolver: iterations and worlds must be >= 1, got {iterations}, {worlds}")
        if not 0 <= floor < 1:
            raise ValueError(f"DiscSolver: floor must be in [0, 1), got {floor}")
        self.w, self.iterations, self.worlds, self.floor = weights, iterations, worlds, floor

    def strategy(self, view: View, rng: random.Random, budget: Budget | None = None) -> dict[Move, float]:
        """The viewer's mixed disc choice: move -> probability."""
        games = [DiscGame(engine.determinize(view, random.Random(rng.getrandbits(32))), self.w)
                 for _ in range(self.worlds)]
        who = games[0].who
        options = games[0].options
        me = who.index(view.to_move_idx)
        regrets = [[0.0] * len(o) for o in options]
        avg = [[0.0] * len(o) for o in options]
        for t in range(self.iterations):
            cost = sum(len(o) for o in options)
            if budget is not None and (budget.exhausted() or budget.nodes + cost > budget.max_nodes):
                break
            game = games[t % len(games)]
            sigma = [_match(r) for r in regrets]
            for i, s in enumerate(sigma):
                for j, pr in enumerate(s):
                    avg[i][j] += (t + 1) * pr      # linear averaging: later iterations weigh more
            joint = [options[i][_draw(s, rng)] for i, s in enumerate(sigma)]
            nodes = 0
            for i, q in enumerate(who):
                row, s = regrets[i], sigma[i]
                us = []
                for r in options[i]:
                    alt = joint[:]
                    alt[i] = r
                    us.append(game.payoffs(alt)[q])
                    nodes += 1
                expected = sum(pr * u for pr, u in zip(s, us))
                for j, u in enumerate(us):
                    row[j] += u - expected
                # regret matching+: negative regrets are forgotten at once
                for j in range(len(row)):
                    if row[j] < 0:
                        row[j] = 0.0
            if budget is not None:
                budget.spend(nodes)
        mine = avg[me]
        total = sum(mine)
        if total <= 0:
            mine, total = [1.0] * len(mine), float(len(mine))
        probs = [x / total for x in mine]
        kept = [pr if pr >= self.floor else 0.0 for pr in probs]
        if sum(kept) <= 0:
            kept = [1.0 if pr == max(probs) else 0.0 for pr in probs]
        z = sum(kept)
        return {DISC[r]: pr / z for r, pr in zip(options[me], kept) if pr > 0}

    def choose(self, view: View, rng: random.Random, budget: Budget | None = None) -> Move:
        strat = self.strategy(view, rng, budget)
        moves = sorted(strat, key=lambda m: m.text)
        x = rng.random()
        acc = 0.0
        for m in moves:
            acc += strat[m]
            if x < acc:
                return m
        return moves[-1]


def _match(regret: list[float]) -> list[float]:
    pos = [r if r > 0 else 0.0 for r in regret]
    z = sum(pos)
    if z <= 0:
        return [1.0 / len(regret)] * len(regret)
    return [r / z for r in pos]


def _draw(probs: list[float], rng: random.Random) -> int:
    x = rng.random()
    acc = 0.0
    for i, pr in enumerate(probs):
        acc += pr
        if x < acc:
            return i
    return len(probs) - 1


__all__ = ["DiscGame", "DiscSolver"]
