"""The fast policy: a cheap, greedy-ish choice for whoever is to move in a full game.

Search uses it for the opponents (and for finishing the searching player's own turn) inside
sampled worlds, and the `easy` preset plays with it directly. Every choice reads one static
evaluation (`AreaModel`) and scores candidate moves by the change they make to one or two areas,
so a decision costs tens of microseconds rather than a clone and an evaluation per legal move.
Where a choice is cheap to try for real (a King move, a scoring card's area), the policy does
apply it to a copy and evaluate the result. Power cards and action cards are chosen by rules of
thumb (turn order against Caballeros to the court; placements plus an estimate of the special
action), with a little noise from the supplied RNG so that sampled opponents are not clockwork.
"""
from __future__ import annotations

import random

from engine import Game, Move
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import (ACTION, ALLOW, BOARD, CARDS, CASTILLO, COURT, DONE, FIRST_ACTION,
                              FIRST_PLACE, NREG, PROVINCES, SKIP, Anywhere, Cull, Discs, Moves, Phase,
                              bonus_points, depth_for, effect_for, place_points, running,
                              values_in_force)

from .evaluate import (
    DEFAULT_WEIGHTS,
    AreaModel,
    Weights,
    disc_step_kind,
    returned,
    utility,
    utility_of,
)

_PTC = (0,) + BOARD.power_to_court
# Card kinds (classic.yaml) whose special action is one declaration taking effect at once: the
# policy tries each declaration on a copy.
TRY_EACH = frozenset({"choose_score", "scoring", "king", "grande", "scoreboard", "recovery", "decay",
                      "veto"})
# Kinds the policy declines (secret discs it cannot weigh cheaply).
DECLINED = frozenset({"disc_return", "secret_scoring"})
# Kinds whose action goes before the placement (moving the King or the Grande changes where to place).
ACTION_FIRST = frozenset({"king", "grande"})


class FastPolicy:
    """Greedy-ish move choice for `g.to_move` in a full Game (never given a View by agents)."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, move_sample: int = 24, noise: float = 1.0,
                 card_lookahead: bool = False) -> None:
        if move_sample < 1:
            raise ValueError(f"FastPolicy: move_sample must be >= 1, got {move_sample}")
        if noise < 0:
            raise ValueError(f"FastPolicy: noise must be >= 0, got {noise}")
        self.w, self.move_sample, self.noise = weights, move_sample, noise
        self.card_lookahead = card_lookahead

    # ------------------------------------------------------------------ dispatch
    def choose(self, g: Game, rng: random.Random) -> Move:
        ph = g.ph
        handler = _HANDLERS.get(ph)
        if handler is None:
            return g.legal_moves()[0]
        return handler(self, g, rng)

    # ------------------------------------------------------------------ bidding and turn start
    def power(self, g: Game, rng: random.Random) -> Move:
        legal = g.legal_moves()
        p = g.to_move_idx
        court, prov = g.counts[p * A + COURT], g.counts[p * A + PROVINCES]
        room = max(0, 9 - court)
        best, best_s = legal[0], -1e9
        for m in legal:
            v = int(m.args[0])
            s = 0.35 * v + 0.7 * min(_PTC[v], prov, room) + self.noise * 2.5 * rng.random()
            if s > best_s:
                best, best_s = m, s
        return best

    def court(self, g: Game, rng: random.Random) -> Move:
        return g.legal_moves()[-1]

    def recall(self, g: Game, rng: random.Random) -> Move:
        p = g.active_idx
        model = AreaModel(g, self.w)
        tot = model.totals()
        legal = g.legal_moves()
        best, best_u = legal[0], -1e9
        for m in legal:
            r = BOARD.regions.index(m.args[0])
            u = self._u_after(model, tot, p, [(r, p, -1)])
            if u > best_u:
                best, best_u = m, u
        return best

    def card(self, g: Game, rng: random.Random) -> Move:
        if self.card_lookahead:
            return self._card_by_lookahead(g, rng)
        p = g.to_move_idx
        court = g.counts[p * A + COURT]
        legal = g.legal_moves()
        best, best_s = legal[0], -1e9
        for m in legal:
            cid = m.args[0]
            s = min(CARDS[cid].stack, court) * 1.0 + card_action_estimate(g, cid, p, self.w)
            s += self.noise * rng.random()
            if s > best_s:
                best, best_s = m, s
        return best

    def _card_by_lookahead(self, g: Game, rng: random.Random) -> Move:
        """Try each card: finish the turn with this policy, evaluate, keep the best (+ noise)."""
        p = g.to_move_idx
        legal = g.legal_moves()
        best, best_u = legal[0], -1e18
        for m in legal:
            h = g.clone()
            h.apply(m)
            for _ in range(16):
                if h.active_idx != p or h.ph == Phase.POWER:
                    break
                h.apply(self.choose(h, rng))
            u = utility(h, p, self.w) + self.noise * rng.random()
            if u > best_u:
                best, best_u = m, u
        return best

    def order(self, g: Game, rng: random.Random) -> Move:
        return FIRST_ACTION if CARDS[g.acting_card].kind in ACTION_FIRST else FIRST_PLACE

    # ------------------------------------------------------------------ placement
    def place(self, g: Game, rng: random.Random) -> Move:
        legal = g.legal_moves()
        p = g.to_move_idx
        model = AreaModel(g, self.w)
        tot = model.totals()
        tot[p] -= model.court_w
        best, best_u = DONE, -1e9
        for m in legal:
            if m is DONE:
                continue
            a = CASTILLO if m.args[0] == "castillo" else BOARD.regions.index(m.args[0])
            u = self._u_after(model, tot, p, [(a, p, 1)]) + 0.02 * _first_value(model, a)
            if u > best_u:
                best, best_u = m, u
        return best

    def anywhere(self, g: Game, rng: random.Random) -> Move:
        return self.place(g, rng)

    # ------------------------------------------------------------------ special actions
    def action(self, g: Game, rng: random.Random) -> Move:
        legal = g.legal_moves()
        p = g.to_move_idx
        cid = g.acting_card
        kind = CARDS[cid].kind
        decls = [m for m in legal if m is not SKIP]
        if kind in TRY_EACH:
            best, best_u = SKIP, utility(g, p, self.w) + 0.05
            effect = effect_for(cid)
            for m in decls:
                h = g.clone()
                effect.start(h, m, [])
                u = utility(h, p, self.w)
                if u > best_u:
                    best, best_u = m, u
            return best
        if kind == "evict":
            return self._eviction_target(g, p, decls) or SKIP
        if kind in DECLINED:
            return SKIP
        # Intrigue moves, court 2 anywhere, the King returns, cull, court_2: worth starting.
        if ACTION in decls:
            return ACTION
        if kind == "withdraw":      # withdrawing from a region: not worth it to the policy
            return SKIP
        if kind == "intrigue":      # an Intrigue card naming one region to move out of
            return self._region5_target(g, p, decls) or SKIP
        return decls[-1] if decls else SKIP

    def _eviction_target(self, g: Game, p: int, decls: list[Move]) -> Move | None:
        model = AreaModel(g, self.w)
        tot = model.totals()
        base = utility_of(tot, p, self.w)
        best, best_u = None, base + 0.5
        for m in decls:
            r = BOARD.regions.index(m.args[0])
            changes = [(r, q, -g.counts[q * A + r]) for q in range(g.n) if q != p and g.counts[q * A + r]]
            if not changes:
                continue
            u = self._u_after(model, tot, p, changes)
            if u > best_u:
                best, best_u = m, u
        return best

    def _region5_target(self, g: Game, p: int, decls: list[Move]) -> Move | None:
        best, best_n = None, 0
        for m in decls:
            r = BOARD.regions.index(m.args[0])
            k = sum(g.counts[q * A + r] for q in range(g.rows) if q != p)
            if k > best_n:
                best, best_n = m, k
        return best

    def veto(self, g: Game, rng: random.Random) -> Move:
        return ALLOW

    def steps(self, g: Game, rng: random.Random) -> Move:
        ctx = g.ctx
        if isinstance(ctx, Anywhere):
            return self.place(g, rng)
        if isinstance(ctx, Cull):
            return self._cull(g)
        if isinstance(ctx, Moves):
            return self._move_step(g, rng)
        return g.legal_moves()[0]

    def _cull(self, g: Game) -> Move:
        p = g.to_move_idx
        model = AreaModel(g, self.w)
        tot = model.totals()

        def utility(m: Move) -> float:
            q = g.row(m.args[0])
            return self._u_after(model, tot, p, [(BOARD.regions.index(m.args[1]), q, -1)], q_prov=(q, 1))
        return max(g.legal_moves(), key=utility)

    def _move_step(self, g: Game, rng: random.Random) -> Move:
        legal = g.legal_moves()
        p = g.to_move_idx
        cands = [m for m in legal if m is not DONE]
        if len(cands) > self.move_sample:
            cands = rng.sample(cands, self.move_sample)
        model = AreaModel(g, self.w)
        tot = model.totals()
        best = DONE if DONE in legal else None
        best_u = utility_of(tot, p, self.w) + 0.05 if best is not None else -1e9
        for m in cands:
            u = self._u_after(model, tot, p, move_changes(g, m))
            if u > best_u:
                best, best_u = m, u
        return best if best is not None else legal[0]

    def ret(self, g: Game, rng: random.Random) -> Move:
        p = g.to_move_idx
        model = AreaModel(g, self.w)
        tot = model.totals()

        def utility(m: Move) -> float:
            if m.args[0] == "court":
                t = tot[:]
                t[p] -= model.court_w - model.prov_w
                return utility_of(t, p, self.w)
            return self._u_after(model, tot, p, [(BOARD.regions.index(m.args[0]), p, -1)], q_prov=(p, 1))
        return max(g.legal_moves(), key=utility)

    def disc(self, g: Game, rng: random.Random) -> Move:
        legal = g.legal_moves()
        p = g.to_move_idx
        best, best_u = legal[0], -1e9
        for m in legal:
            u = disc_quick_value(g, p, BOARD.regions.index(m.args[0]), self.w)
            if u > best_u:
                best, best_u = m, u
        return best

    # ------------------------------------------------------------------ helpers
    def _u_after(self, model: AreaModel, tot: list[float], p: int, changes: list[tuple[int, int, int]],
                 q_prov: tuple[int, int] | None = None) -> float:
        return utility_of(apply_changes(model, tot, changes, q_prov), p, self.w)


def apply_changes(model: AreaModel, tot: list[float], changes: list[tuple[int, int, int]],
                  q_prov: tuple[int, int] | None = None) -> list[float]:
    """Totals after adding `k` Caballeros of player q to area a for each (a, q, k) in changes."""
    g, n = model.g, model.n
    by_area: dict[int, list[int]] = {}
    for a, q, k in changes:
        cnts = by_area.get(a)
        if cnts is None:
            cnts = by_area[a] = g.counts[a::A]
        cnts[q] += k
    t = tot[:]
    for a, cnts in by_area.items():
        old = model.contrib[a]
        new = model.area_vector(a, cnts)
        for x in range(n):
            t[x] += new[x] - old[x]
    if q_prov is not None and q_prov[0] < n:   # the neutral colour's supply is worth nothing
        q, k = q_prov
        t[q] += model.prov_w * k
    return t


def move_changes(g: Game, m: Move) -> list[tuple[int, int, int]]:
    """(area, player, +/-1) changes of a `move PLAYER FROM TO` step."""
    q = g.row(m.args[0])
    src = BOARD.regions.index(m.args[1])
    dst = CASTILLO if m.args[2] == "castillo" else BOARD.regions.index(m.args[2])
    return [(src, q, -1), (dst, q, 1)]


def _first_value(model: AreaModel, a: int) -> float:
    return 5.0 if a == CASTILLO else float(model.vals[a][0])


def card_action_estimate(g: Game, cid: str, p: int, w: Weights) -> float:
    """A quick guess of what a card's special action is worth to player p now."""
    card = CARDS[cid]
    if card.kind in ("scoring", "choose_score"):
        vals = values_in_force(g.boards)
        depth = card.depth or depth_for(g.rows)
        if card.kind == "choose_score":
            return max(0.0, max(_scoring_gain(g, [a], vals, depth, p, w) for a in range(NREG + 1)))
        return _scoring_gain(g, effect_for(cid).areas(g), vals, depth, p, w)
    if card.kind == "decay":
        limit = card.count
        lost = [g.counts[q * A + COURT] for q in range(g.n) if q != p]
        return 0.3 * sum(k if limit is None else min(limit, k) for k in lost) / max(1, g.n - 1)
    return card.worth


def _scoring_gain(g: Game, areas: list[int], vals: list, depth: int, p: int, w: Weights) -> float:
    n = g.n
    tot = [0.0] * n
    for a in areas:
        cnts = [g.counts[q * A + a] for q in range(g.rows)]
        if a == CASTILLO:
            pts, leader, _ = place_points(cnts, BOARD.castillo_values, depth)
        else:
            pts, leader, _ = place_points(cnts, vals[a], depth)
            if leader >= 0:
                pts[leader] += bonus_points(a, leader, g.king_i, g.grande_i)
        for q in range(n):
            tot[q] += pts[q]
    return utility_of(tot, p, w)


def disc_quick_value(g: Game, p: int, region: int, w: Weights) -> float:
    """Player p's utility if his own disc shows `region`, everyone else's effect ignored."""
    ctx = running(g.ctx, Discs)
    purpose = ctx.purpose
    model = AreaModel(g, w)
    tot = model.totals()
    o = p * A
    kind = disc_step_kind(purpose)
    if kind == "castillo":
        k = g.counts[o + CASTILLO]
        if region == g.king_i:   # rules version 1 only (docs/rulings.md R1): to the court
            t = tot[:]
            t[p] += model.court_w * k
            return utility_of(t, p, w)
        return utility_of(apply_changes(model, tot, [(region, p, k)]), p, w)
    if kind == "disc_return":
        k = returned(purpose, g.counts[o + region])
        return utility_of(apply_changes(model, tot, [(region, p, -k)], (p, k)), p, w)
    if kind == "evict":
        named = ctx.arg
        k = g.counts[o + named]
        return utility_of(apply_changes(model, tot, [(named, p, -k), (region, p, k)]), p, w)
    # score_secret_unique: what the region would give if scored for me alone
    return _scoring_gain(g, [region], values_in_force(g.boards), depth_for(g.rows), p, w)


_HANDLERS = {Phase.POWER: FastPolicy.power, Phase.COURT: FastPolicy.court, Phase.RECALL: FastPolicy.recall,
             Phase.CARD: FastPolicy.card, Phase.ORDER: FastPolicy.order, Phase.PLACE: FastPolicy.place,
             Phase.ACTION: FastPolicy.action, Phase.VETO: FastPolicy.veto, Phase.STEPS: FastPolicy.steps,
             Phase.RETURN: FastPolicy.ret, Phase.DISC: FastPolicy.disc}
