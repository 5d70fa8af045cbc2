"""The advisor: the hard AI's best choices for a player's current decision, and why.

Hints come from the search itself (`ExpectimaxAgent.turn_values` for the per-turn hard preset, the
whole-turn plans it ranks and then follows; `root_values` for a disc), on the player's own View, never
from a second ranking: the candidates are the moves or whole plans the hard preset searches, with
their mean playout values. Each hint carries its value relative to the best one and a reason in
data (the client words it): the biggest change the plan makes in the evaluation's terms — what
the player would take at the coming general scoring (the engine says whether it is the final
one), a rival's loss there, the score, the Castillo, the court, the power cards kept — read from
the evaluation's own scoring helpers.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

import engine
from engine import Game, Move, Phase, View
from engine.internals import ALLOW, SKIP, court_capacity
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import (BOARD, CASTILLO, COURT, NREG, bonus_points, depth_for, place_points,
                              values_in_force)

from . import make_agent
from .agent import check_view
from .budget import Budget
from .evaluate import DEFAULT_WEIGHTS
from .expectimax import ExpectimaxAgent
from .policy import FastPolicy
from .turnplan import foreseen_views

HINTS = 3
# every decision: the turn's first one is the court count, and a plan asked there is the whole turn
ADVISED_PHASES = tuple(ph for ph in Phase if ph != Phase.OVER)


@dataclass(frozen=True)
class Reason:
    """Why a plan is good, as data (the client words it). `kind`:
    "place"    takes `place` in `area` (a region or "castillo"), worth `points` more at the
               coming general scoring (`scoring`: "general", or "final" when it ends the game);
    "place_tied" the same, but `place` is shared with another player (§8.2 tie rule);
    "hold"     keeps 1st in `area` with a lead of `points` Caballeros (a thin lead gets overturned);
    "castillo" puts `points` Caballeros in the Castillo, to land by disc at that scoring;
    "rival"    costs `player` `points` at that scoring, in `area`;
    "rival_court" sends `points` of the rivals' Caballeros from their courts to the provinces;
    "score"    scores `points` at once;        "court" brings `points` Caballeros to the court;
    "keep"     keeps power card `points` for a later round;
    "recover"  takes power card `points` back into the hand;
    "order"    a high power card that buys an earlier turn (against `other`, the card it outbids);
    "same_turn" a higher power card than `other` that buys no earlier turn: `other` is kept;
    "skip"     skips the card's action: no use of it gives more than `points` (0 or less) at
               the coming scoring;
    "value"    no single change stands out (the value over the round).
`scoring` is "general" (the next one), "this" (a disc chosen during the scoring it acts in) or
"final". A reason against another hint (`versus`, its number from 1; 0 for none) measures the
change from that hint's outcome instead of from the position now: `other_place`/`other_tied`
are p's place in `area` there, `other` what the other plan brings (Caballeros to the court) or
plays (a power card)."""
    kind: str
    points: int = 0
    area: str = ""
    place: int = 0
    scoring: str = "general"
    player: str = ""
    versus: int = 0
    other_place: int = 0
    other_tied: bool = False
    other: int = 0


@dataclass(frozen=True)
class Hint:
    plan: tuple[Move, ...]
    value: float          # mean playout value (points, the hard evaluation's utility)
    gain: float           # value relative to the best hint (0 for the best, negative below it)
    reason: Reason
    # (step index, the view the player should see before it): the plan as it foresaw opponents'
    # answers and draws; a follower meeting another view asks afresh, as the search itself does
    foreseen: tuple[tuple[int, View], ...] = field(default=(), compare=False)


# The one judge of hints and reviews: the hard preset's search and evaluation, its budget counted
# in nodes only (no deadline), so the same position and seed give the same ranking in the Hint
# button's worker and in the post-game review, however busy the machine.
JUDGE_SEARCH: dict[str, Any] = dict(deadline_s=None)
NOISE_SIGMAS = 2.0      # a shortfall within this many standard errors of the judge is noise


@dataclass(frozen=True)
class Verdict:
    """The judge's word on a decision played: the best plan (hint #1 there), the points the plan
    played falls short of it (0 if it is that plan), and the standard error of that measure."""
    best: Hint
    loss: float
    noise: float = 0.0

    @property
    def flagged(self) -> bool:
        """A shortfall larger than the judge's own noise at that position."""
        return self.loss > NOISE_SIGMAS * self.noise


def hard_searcher(**overrides: Any) -> ExpectimaxAgent:
    """The hard preset's search (overrides as for `ai.make_agent`, e.g. a node budget in tests)."""
    agent = make_agent("hard", **overrides).agent
    if not isinstance(agent, ExpectimaxAgent):
        raise TypeError("the hard preset must be a searching agent")
    return agent


def judge_searcher(**overrides: Any) -> ExpectimaxAgent:
    """The one judge (`JUDGE_SEARCH`): the search both `advise` and `judge` rank moves with."""
    return hard_searcher(**{**JUDGE_SEARCH, **overrides})


def position_rng(seed: int, moves_played: int) -> random.Random:
    """The seeded RNG the judge uses at the position after `moves_played` moves of a game with
    `seed`: the Hint button and the review ask with it, so they rank alike."""
    return random.Random(seed * 7919 + moves_played)


def ranking(view: View, rng: random.Random, searcher: ExpectimaxAgent,
            count: int = HINTS) -> tuple[list[tuple[tuple[Move, ...], float, int]], Game]:
    """The candidate plans for the viewer's decision with their values, best first (at least
    `count` with a first move of their own where there are), and one sampled world."""
    searcher.use_table(view.rows, view.dummy is not None)
    if searcher.config.per_turn and view.ph != Phase.DISC:
        cfg = searcher.config      # the very search the preset plays, so hint #1 is its turn
        ranked, world = searcher.turn_values(view, rng, Budget(cfg.max_nodes, cfg.deadline_s).start())
        return distinct_firsts(ranked, count), world
    return _scored(view, rng, searcher)


def advise(view: View, rng: random.Random, searcher: ExpectimaxAgent | None = None,
           count: int = HINTS) -> list[Hint]:
    """The `count` best plans for the viewer's decision, best first, each with its reason: #1's
    what it gets over #2; #2's and #3's what #1 gets over them (their `versus` is their own
    number: the plan #1 is measured against), so every reason below the best says why it is worse."""
    view = check_view(view)
    scored, world = ranking(view, rng, searcher or judge_searcher(), count)
    best = scored[0][1]
    gains: list[float] = []
    for _, value, _ in scored[:count]:
        # a candidate dropped by successive halving was judged on fewer worlds, where it trailed:
        # it never ranks as closer to the best than the survivors listed before it
        gains.append(min(value - best, gains[-1] if gains else 0.0))
    plans = [plan for plan, _, _ in scored[:count]]
    hints = []
    for i, (plan, gain) in enumerate(zip(plans, gains)):
        if len(plans) == 1:
            reason = reason_for(world, plan, view.to_move_idx)
        elif i == 0:        # why #1 is best: what it gets over #2
            reason = reason_for(world, plan, view.to_move_idx, plans[1], 2)
        else:               # why #2 and #3 are worse: what #1 gets over them, measured from their outcome
            reason = reason_for(world, plans[0], view.to_move_idx, plan, i + 1)
        foreseen = tuple(foreseen_views(world, view.to_move_idx, plan))
        hints.append(Hint(plan, scored[i][1], gain, reason, foreseen))
    return hints


def distinct_firsts(ranked: list[tuple[tuple[Move, ...], float, int]],
                    count: int) -> list[tuple[tuple[Move, ...], float, int]]:
    """The `count` best of `ranked` (best first), each with a first move of its own where there
    are enough of them: three variants of one action card would teach nothing about the choice."""
    leaders: dict[Move, int] = {}
    for i, (plan, _, _) in enumerate(ranked):
        leaders.setdefault(plan[0], i)
    picked = list(leaders.values())[:count]
    picked += [i for i in range(len(ranked)) if i not in picked][:count - len(picked)]
    return [ranked[i] for i in sorted(picked)]


def judge(view: View, chosen: tuple[Move, ...], rng: random.Random,
          searcher: ExpectimaxAgent) -> Verdict:
    """The judge on the plan `chosen` (actually played) at the viewer's decision: the best plan is
    the hint #1 `advise` gives with the same `rng` and searcher, so a followed hint is never a
    mistake by construction; any other plan is played against it in fresh worlds on the same
    futures, the mean shortfall its loss and the spread of the per-world differences its noise."""
    view = check_view(view)
    scored, world = ranking(view, rng, searcher)
    plan, value, _ = scored[0]
    me = view.to_move_idx
    # a power card's own reason ("brings 1 Caballero to the court") can be true of the card played
    # too: against it, the reason says what the better card does that the played one does not
    against = plan[0] != chosen[0] and plan[0].verb == chosen[0].verb == "power"
    reason = reason_for(world, plan, me, chosen, 1) if against else reason_for(world, plan, me)
    best = Hint(plan, value, 0.0, reason)
    if follows(chosen, plan):
        return Verdict(best, 0.0)
    cfg = searcher.config
    values = searcher.paired_values(view, [plan, chosen], rng, Budget(cfg.max_nodes, cfg.deadline_s).start())
    diffs = [b - c for b, c in zip(*values)]
    if not diffs:
        return Verdict(best, 0.0)
    mean = sum(diffs) / len(diffs)
    spread = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5 if len(diffs) > 1 else 0.0
    return Verdict(best, max(0.0, mean), spread / len(diffs) ** 0.5)


def follows(played: tuple[Move, ...], plan: tuple[Move, ...]) -> bool:
    """Whether the moves `played` carry out `plan` so far (a foreseen Veto window, `allow`, is the
    opponents' and left out): the decision followed the plan."""
    mine = tuple(m for m in plan if m != ALLOW)
    return bool(played) and tuple(played) == mine[:len(played)]


def _scored(view: View, rng: random.Random,
            searcher: ExpectimaxAgent) -> tuple[list[tuple[tuple[Move, ...], float, int]], Game]:
    """Root values of the candidate plans (a disc, or a search that does not plan whole turns),
    and one sampled world."""
    searcher.use_table(view.rows, view.dummy is not None)
    cfg = searcher.config
    legal = view.legal_moves()
    world = engine.determinize(view, random.Random(rng.getrandbits(32)))
    plans: list[tuple[Move, ...]] | None = None
    if view.ph == Phase.CARD:      # each card's turn planned on half the deadline, then compared
        nodes = max(1, cfg.max_nodes // (3 * len(legal)))
        seconds = cfg.deadline_s / (2 * len(legal)) if cfg.deadline_s else None
        plans = [whole_turn(world, m, searcher, rng, nodes, seconds) for m in legal]
    budget = Budget(cfg.max_nodes, cfg.deadline_s).start()
    return searcher.root_values(view, legal, rng, budget, plans), world


def whole_turn(world: Game, card: Move, searcher: ExpectimaxAgent, rng: random.Random,
               nodes: int, seconds: float | None = None) -> tuple[Move, ...]:
    """The action card, then the player's own steps of that turn as the search would take them
    (order, placements, the card's action), up to the first move that is not the player's or is
    a secret disc: one plan, so a card is judged by the best use of it, not the policy's."""
    p = world.to_move_idx
    g = world.clone()
    g.apply(card)
    plan = [card]
    budget = Budget(nodes, seconds).start()
    while g.ph not in (Phase.OVER, Phase.DISC, Phase.POWER, Phase.CARD) and g.to_move_idx == p:
        view = g.view(g.players[p])
        legal = view.legal_moves()
        step = (legal[0],) if len(legal) == 1 else searcher.root_values(view, legal, rng, budget)[0][0]
        for m in step:
            if g.is_over or g.to_move_idx != p or m not in g.legal_moves():
                break
            g.apply(m)
            plan.append(m)
    return tuple(plan)


def region_points(g: Game, p: int) -> list[int]:
    """What player p would take in every region (and the Castillo) at a general scoring now."""
    vals = values_in_force(g.boards)
    depth = depth_for(g.rows)
    out = []
    for a in range(NREG + 1):
        counts = [g.counts[q * A + a] for q in range(g.rows)]
        if a == CASTILLO:
            pts, _, _ = place_points(counts, BOARD.castillo_values, depth)
            out.append(pts[p])
            continue
        pts, leader, _ = place_points(counts, vals[a], depth)
        bonus = bonus_points(a, leader, g.king_i, g.grande_i) if leader == p else 0
        out.append(pts[p] + bonus)
    return out


def place_of(g: Game, p: int, area: int) -> tuple[int, bool]:
    """p's rank in `area` under the engine's tie rule (§8.2: 3, 3, 1 ranks 2nd, 2nd, 4th; 0 if p
    has none there) and whether another player shares it."""
    ranks = engine.area_ranks(g, _area_id(area))
    place = ranks.get(g.players[p], 0)
    return place, bool(place) and list(ranks.values()).count(place) > 1


def lead_of(g: Game, p: int, area: int) -> int:
    """How many Caballeros p's sole lead in `area` is (0 if p does not lead it alone)."""
    mine = g.counts[p * A + area]
    others = max((g.counts[q * A + area] for q in range(g.rows) if q != p), default=0)
    return max(0, mine - others)


def reason_for(world: Game, plan: tuple[Move, ...], p: int, other: tuple[Move, ...] | None = None,
               versus: int = 0) -> Reason:
    """The biggest change `plan` makes for p in one sampled world, in the evaluation's terms
    (ai/evaluate.py): points scored at once or a region's points at the coming general scoring,
    a rival's points lost, Caballeros in the Castillo, a sole lead widened, Caballeros brought to
    the court, a power card kept or recovered (for a power card: the Caballeros it brings from
    the provinces when the court fills, rules §4.1, or the high card it keeps). Given `other`
    (hint number `versus`), the change is measured against where that plan would leave p."""
    if plan and plan[0].verb == "power":
        mine = int(plan[0].args[0])
        theirs = int(other[0].args[0]) if other and other[0].verb == "power" else None
        return _power_reason(world, mine, p, theirs, versus if theirs else 0)
    versus = versus if other else 0
    disc = bool(plan) and plan[0].verb == "disc"
    after, card_pts = _played(world, plan, p)
    base, base_pts = _played(world, other, p) if other else (world, 0)
    scoring = "this" if world.ph == Phase.DISC and world.next_scoring != "final" else world.next_scoring or "final"
    # points a scoring card of the plan gives at once (a general scoring the turn ends into is
    # counted by region below, as both plans lead into it)
    scored = card_pts - base_pts
    deltas = [b - a for a, b in zip(region_points(base, p), region_points(after, p))]
    area = max(range(len(deltas)), key=lambda a: (deltas[a], -a))
    if scored > 0 and scored >= deltas[area] and not disc:
        return Reason("score", scored, versus=versus)
    if deltas[area] > 0:
        place, tied = place_of(after, p, area)
        was, was_tied = place_of(base, p, area) if other else (0, False)
        return Reason("place_tied" if tied else "place", deltas[area], _area_id(area), place, scoring,
                      versus=versus, other_place=was, other_tied=was_tied)
    for found in (_rival_reason(base, after, p, scoring), _count_reason(base, after, p, scoring),
                  _skip_reason(world, plan, p, other, scoring)):
        if found is not None:
            return replace(found, versus=versus)
    return Reason("value", versus=versus)


def _played(world: Game, plan: tuple[Move, ...] | None, p: int) -> tuple[Game, int]:
    """The world after p's part of `plan` (a Veto window the plan foresaw allowed, as it foresaw)
    and the points p scored by a scoring card on the way; after a disc, the others' discs from the
    fast policy (a disc acts once every disc is set)."""
    after, card_pts, in_card = world.clone(), 0, False
    for m in plan or ():
        if after.ph == Phase.OVER or (after.to_move_idx != p and m != ALLOW) or m not in after.legal_moves():
            break
        for ev in after.play(m):
            if isinstance(ev, engine.events.ScoringStarted):
                in_card = ev.kind == "card"
            elif in_card and isinstance(ev, engine.events.AreaScored):
                card_pts += dict(ev.points).get(after.players[p], 0)
    if plan and plan[0].verb == "disc":
        policy, rng = FastPolicy(), random.Random(0)
        while after.ph == Phase.DISC:
            after.apply(policy.choose(after, rng))
    return after, card_pts


def _skip_reason(world: Game, plan: tuple[Move, ...], p: int, other: tuple[Move, ...] | None,
                 scoring: str) -> Reason | None:
    """Why the plan skips its card's action (when the plan it is compared with does not): every
    other first step of the action, finished by the fast policy, leaves p no more points at the
    coming scoring than skipping does (`points`: the most any of them would give, 0 or less)."""
    if SKIP not in plan or (other is not None and SKIP in other):
        return None
    g = world.clone()
    for m in plan[:plan.index(SKIP)]:
        if g.ph == Phase.OVER or (g.to_move_idx != p and m != ALLOW) or m not in g.legal_moves():
            return None
        g.apply(m)
    if g.to_move_idx != p or SKIP not in g.legal_moves():
        return None
    skipped = sum(region_points(_finish(g, SKIP, p), p))
    uses = [sum(region_points(_finish(g, m, p), p)) - skipped for m in g.legal_moves() if m != SKIP]
    best = max(uses, default=0)
    return Reason("skip", best, scoring=scoring) if best <= 0 else None


def _finish(g: Game, first: Move, p: int) -> Game:
    """`first`, then the fast policy for p (opponents' Veto windows allowed) to the end of p's turn."""
    h = g.clone()
    h.apply(first)
    policy, rng, steps = FastPolicy(), random.Random(0), 0
    while h.ph not in (Phase.OVER, Phase.DISC, Phase.POWER, Phase.CARD) and steps < 40:
        h.apply(ALLOW if h.to_move_idx != p and ALLOW in h.legal_moves() else policy.choose(h, rng))
        steps += 1
    return h


def _area_id(area: int) -> str:
    return "castillo" if area == CASTILLO else BOARD.regions[area]


def _power_reason(world: Game, value: int, p: int, other: int | None, versus: int) -> Reason:
    """A power card brings Caballeros to the court (§4.1, as many as the engine lets p bring);
    against another card, the more of them it brings, else the earlier turn a higher card buys
    (§4.2: only where it outbids a card already played or one still to come), else, the same turn
    for fewer, the card it keeps. Alone, a card that brings none keeps the best card still
    playable, or is itself the best: an early turn. A reason never names the card it is for."""
    def brought(card: int) -> int:
        return court_capacity(world, p, BOARD.power_to_court[card - 1])
    bid = world.bid_seq[:world.pos] if world.ph == Phase.POWER else ()
    shown = [world.played[q] for q in bid if q != p]
    to_come = world.ph == Phase.POWER and world.pos < len(world.bid_seq) - 1

    def earlier(card: int, than: int) -> bool:
        """Whether `card` takes an earlier turn than `than` would."""
        return card > than and (to_come or any(card > v > than for v in shown))
    if other is not None:
        if brought(value) > brought(other):
            return Reason("court", brought(value), versus=versus, other=brought(other))
        if earlier(value, other):
            return Reason("order", versus=versus, other=other)
        if value > other:
            return Reason("same_turn", versus=versus, other=other)
        return Reason("keep", other, versus=versus)
    if brought(value):
        return Reason("court", brought(value))
    playable = [int(m.args[0]) for m in world.legal_moves() if m.verb == "power"]
    best = max(playable, default=value)
    if best > value:
        return Reason("keep", best)
    return Reason("order") if earlier(value, min(playable, default=value)) else Reason("value")


def _rival_reason(world: Game, after: Game, p: int, scoring: str) -> Reason | None:
    """The largest loss the plan causes a rival at the coming general scoring, or the Caballeros
    it sends back from the rivals' courts, whichever the evaluation values more (a Caballero in
    court is worth `court` points to its owner)."""
    losses = [(a - b, q, area)
              for q in range(world.n) if q != p
              for area, (a, b) in enumerate(zip(region_points(world, q), region_points(after, q)))]
    loss, q, area = max(losses, key=lambda x: (x[0], -x[1], -x[2]), default=(0, 0, 0))
    courts = sum(max(0, world.counts[r * A + COURT] - after.counts[r * A + COURT]) for r in range(world.n) if r != p)
    if courts and courts * DEFAULT_WEIGHTS.court > loss:
        return Reason("rival_court", courts)
    return Reason("rival", loss, _area_id(area), 0, scoring, world.players[q]) if loss > 0 else None


def _count_reason(world: Game, after: Game, p: int, scoring: str) -> Reason | None:
    """Caballeros put in the Castillo, a sole lead widened, Caballeros brought to the court, or a
    power card taken back: the evaluation's other terms, in that order."""
    def gained(area: int) -> int:
        return after.counts[p * A + area] - world.counts[p * A + area]
    if gained(CASTILLO) > 0:
        return Reason("castillo", gained(CASTILLO), scoring=scoring)
    widened = [(lead_of(after, p, a), a) for a in range(NREG) if lead_of(after, p, a) > lead_of(world, p, a)]
    if widened:
        lead, area = max(widened, key=lambda x: (x[0], -x[1]))
        return Reason("hold", lead, BOARD.regions[area], 1)
    if gained(COURT) > 0:
        return Reason("court", gained(COURT))
    back = set(after.hand(after.players[p])) - set(world.hand(world.players[p]))
    return Reason("recover", max(back)) if back else None


__all__ = ["ADVISED_PHASES", "HINTS", "JUDGE_SEARCH", "Hint", "Reason", "Verdict", "advise", "follows", "hard_searcher",
           "judge", "judge_searcher", "position_rng", "ranking", "reason_for"]
