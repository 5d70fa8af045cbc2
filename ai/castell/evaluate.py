"""Castell's static evaluation: what a position is worth to each player, in points.

value(p) = the points p holds now (the breakdown, ruling C28)
         + the festivals ahead p can still reach in time (the pawn's distance on the map against
           the moves and special moves left before each festival's round), each worth the prize
           p's best tower for its size token would likely take against the rivals who can reach it
           too, the size token if p's tower holds more of that size, the diversity a new region
           adds, and the raise of p's best tower; one festival per round (the best), discounted
           by how far ahead it is
         + the performance tiles p's team can meet now, by distance and whether a token is left,
           with their bounty, shared out when a rival can meet them as well
         + the tokens, skill ranks, tallest tower and castellers held (the means to do the above
           later).
utility(p) = value(p) minus a blend of the best rival's and the mean rival's value.

Every tower question goes to the engine's solver; nothing here restates a tower rule.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import lru_cache

from engine.castell import FESTIVAL, FREE, MOVE, SPECIAL_ACTION, TURN, Festival, Position, tallest_tower

from .prospects import can_perform, festival_prospect


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (points per unit, or factors)."""
    festival: float = 1.0       # expected prize, size token and diversity of a festival ahead
    tower: float = 1.0          # expected raise of the best tower
    discount: float = 0.88      # per round a festival lies ahead
    horizon: int = 6            # festivals ahead considered
    rival_presence: float = 0.6  # how likely a rival who can reach a festival goes there
    extra_move: float = 0.7     # a festival reachable only with special moves (tokens)
    tiles: float = 1.0          # performance tiles the team can meet
    tile_reach: tuple[float, ...] = (0.7, 0.5, 0.25)   # by distance 0, 1, 2... from the pawn
    tiles_ahead: int = 2        # the best tiles counted (no more than the tokens left)
    contention: float = 0.6     # a tile a rival can meet too, from as near
    token: float = 0.6          # a special action token left while turns remain
    rank: float = 0.25          # a skill rank
    height: float = 0.8         # a level of the tallest tower, up to `height_cap`
    height_cap: int = 6
    casteller: float = 0.05     # a casteller in the team
    rival_max: float = 0.5      # utility: weight of the best rival (the rest: the mean rival)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            items = value if isinstance(value, tuple) else (value,)
            if any(not isinstance(x, (int, float)) or x < 0 for x in items):
                raise ValueError(f"Weights.{f.name}: must be a non-negative number, got {value!r}")


DEFAULT_WEIGHTS = Weights()


@lru_cache(maxsize=16)
def distances(adjacent: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """All-pairs distances on the region map (steps of one move)."""
    n = len(adjacent)
    table = []
    for src in range(n):
        dist = [n] * n
        dist[src] = 0
        frontier = [src]
        while frontier:
            nxt = []
            for r in frontier:
                for a in adjacent[r]:
                    if dist[a] > dist[r] + 1:
                        dist[a] = dist[r] + 1
                        nxt.append(a)
            frontier = nxt
        table.append(tuple(dist))
    return tuple(table)


def turns_left(pos: Position, seat: int, rnd: int) -> tuple[int, bool]:
    """(own turns still to start before the end of round `rnd`, whether the current turn is the
    seat's own and still running)."""
    k = (seat - pos.first) % pos.n
    now = pos.phase in (TURN, FREE) and k == pos.turn_pos
    later_this_round = pos.phase in (TURN, FREE) and k > pos.turn_pos
    return max(0, rnd - pos.round) + int(later_this_round), now


def reach(pos: Position, seat: int, region: int, rnd: int, w: Weights) -> float:
    """How surely the seat's pawn can stand in `region` at the end of round `rnd`: 1 with the
    moves left, `extra_move` when it needs special moves too, else 0."""
    turns, now = turns_left(pos, seat, rnd)
    moves = turns + int(now and not pos.used & MOVE)
    specials = min(pos.tokens[seat], turns + int(now and not pos.used & SPECIAL_ACTION))
    if pos.pawn[seat] < 0:
        return 1.0 if moves else 0.0
    d = distances(pos.data.adjacent)[pos.pawn[seat]][region]
    if d <= moves:
        return 1.0
    return w.extra_move if d <= moves + specials else 0.0


def upcoming(pos: Position) -> list[Festival]:
    """Festivals not yet held, in calendar order (the one being declared counts as ahead)."""
    out = []
    for f in pos.calendar:
        if f.round > pos.round:
            out.append(f)
        elif f.round == pos.round and pos.phase in (TURN, FREE, FESTIVAL):
            if pos.phase != FESTIVAL or pos.festivals_of(pos.round).index(f) >= pos.fest_pos:
                out.append(f)
    return out


def _prize(pos: Position, mine: int, rivals: Sequence[tuple[float, int]]) -> float:
    """Expected prize points for a festival score against rivals (presence, score): an estimate
    of the rank (each rival above pushes one rank down, a tie one more)."""
    d = pos.data
    places = d.prize_places[pos.n]
    above = sum(q for q, s in rivals if s > mine)
    tie = sum(q for q, s in rivals if s == mine)
    rank = 1.0 + above + min(1.0, tie)
    lo = int(rank)
    frac = rank - lo

    def points(r: int) -> float:
        return float(d.prize_points[r - 1]) if r <= places else 0.0
    return (1 - frac) * points(lo) + frac * points(lo + 1)


def _token(q_rivals: Sequence[tuple[float, int]], mine: int) -> float:
    """Probability the seat's count of the token's size beats every rival present."""
    if mine == 0:
        return 0.0
    p = 1.0
    for q, c in q_rivals:
        if c >= mine:
            p *= 1 - q
    return p


Ahead = tuple[Festival, tuple[float, ...], tuple[float, ...], tuple[tuple[int, int], ...]]


def outlook(pos: Position, w: Weights) -> list[Ahead]:
    """The festivals ahead within the horizon, each with every seat's reach, presence as a rival
    and prospect ((0, 0) where it can be there neither way): asked once per position, since each
    seat's value reads every other seat's."""
    ahead = []
    for f in upcoming(pos)[:w.horizon]:
        region = f.tile.region
        reaches, presence = [], []
        for s in range(pos.n):
            r = reach(pos, s, region, f.round, w)
            turns, now = turns_left(pos, s, f.round)
            if not turns and not now:               # the seat's moves to it are over
                q = 1.0 if pos.pawn[s] == region else 0.0
            else:
                q = w.rival_presence * r
            reaches.append(r)
            presence.append(q)
        prospects = tuple(festival_prospect(pos, s, f.sizes) if reaches[s] or presence[s] else (0, 0)
                          for s in range(pos.n))
        ahead.append((f, tuple(reaches), tuple(presence), prospects))
    return ahead


def festivals_value(pos: Position, seat: int, w: Weights,
                    ahead: list[Ahead] | None = None) -> tuple[float, float]:
    """(the festivals ahead, one per round (the best reachable); the best tower's raise), before
    their weights (`ahead`: the position's outlook, when already asked)."""
    d = pos.data
    won = pos.regions_won(seat)
    div_now = d.diversity[len(won)]
    div_gain = d.diversity[min(len(won) + 1, len(d.diversity) - 1)] - div_now
    held_sizes = {s for s, _ in pos.won_sizes[seat]}
    per_round: dict[int, float] = {}
    raise_best = 0.0
    for f, reaches, presence, prospects in (outlook(pos, w) if ahead is None else ahead):
        r = reaches[seat]
        if not r:
            continue
        score, most = prospects[seat]
        if not score:
            continue
        rivals = [(presence[o], prospects[o]) for o in range(pos.n) if o != seat]
        rivals = [(q, sc) for q, sc in rivals if q > 0 and sc[0] > 0]
        prize = _prize(pos, score, [(q, sc[0]) for q, sc in rivals])
        p_token = _token([(q, sc[1]) for q, sc in rivals], most)
        token_pts = sum(1 if s in held_sizes else 2 for s in f.sizes) * p_token
        p_win = min(1.0, (1.0 if prize > 0 else 0.0) + p_token)
        div = div_gain * p_win if f.tile.region not in won else 0.0
        disc = w.discount ** (f.round - pos.round)
        v = r * disc * (prize + token_pts + div)
        per_round[f.round] = max(per_round.get(f.round, 0.0), v)
        raise_best = max(raise_best, r * disc * max(0, score - pos.best[seat]))
    return sum(per_round.values()), raise_best


def tiles_value(pos: Position, seat: int, w: Weights) -> float:
    """The performance tiles the seat's team can meet, by distance (those it can reach in the turns
    left), with their bounty and the diversity of a new region: the best `tiles_ahead`, but no
    more than the tokens it can still spend (one special action per turn); before the weight."""
    if pos.is_over or pos.pawn[seat] < 0:
        return 0.0
    turns, now = turns_left(pos, seat, pos.data.rounds)
    can_now = now and pos.tokens[seat] > 0 and not pos.used & SPECIAL_ACTION
    if not pos.tokens[seat] or not (turns or can_now):
        return 0.0
    dist = distances(pos.data.adjacent)
    won = pos.regions_won(seat)
    d = pos.data
    div_gain = d.diversity[min(len(won) + 1, len(d.diversity) - 1)] - d.diversity[len(won)]
    values = []
    for region, row in enumerate(pos.rows):
        far = dist[pos.pawn[seat]][region]
        if not row or far >= len(w.tile_reach) or far > turns + int(now and not pos.used & MOVE):
            continue
        factor = w.tile_reach[far]
        if far == 0 and can_now:
            factor = 1.0
        for tile in row:
            if not can_perform(pos, seat, tile):
                continue
            v = d.tiles[tile].points + len(pos.bounty[region]) + (div_gain if region not in won else 0)
            contested = any(o != seat and pos.pawn[o] >= 0 and dist[pos.pawn[o]][region] <= far
                            and pos.tokens[o] > 0 and can_perform(pos, o, tile)
                            for o in range(pos.n))
            values.append(factor * v * (w.contention if contested else 1.0))
    values.sort(reverse=True)
    usable = min(pos.tokens[seat], turns + int(can_now))
    return sum(values[:min(w.tiles_ahead, usable)])


def means(pos: Position, seat: int, w: Weights) -> tuple[int, int, int, int]:
    """(tokens usable in the turns left, skill ranks, the tallest tower's levels up to the cap,
    the team's size), before their weights."""
    turns, now = turns_left(pos, seat, pos.data.rounds)
    usable = min(pos.tokens[seat], turns + int(now and not pos.used & SPECIAL_ACTION))
    team, ranks = pos.team[seat], pos.rank_map(seat)
    return usable, sum(pos.ranks[seat]), min(w.height_cap, tallest_tower(team, ranks)), sum(team)


# the parts of a value ahead each multiplied by one weight of that name (the fit measures them)
FEATURES = ("festival", "tower", "tiles", "token", "rank", "height", "casteller")


def features(pos: Position, seat: int, w: Weights = DEFAULT_WEIGHTS,
             ahead: list[Ahead] | None = None) -> tuple[float, ...]:
    """The seat's value ahead split into FEATURES, before their weights (all 0 once the game is
    over); `w`'s other fields (horizon, discount, reach...) shape them."""
    if pos.is_over:
        return (0.0,) * len(FEATURES)
    return (*festivals_value(pos, seat, w, ahead), tiles_value(pos, seat, w), *means(pos, seat, w))


def held(pos: Position, seat: int) -> int:
    """The points the seat holds now (the breakdown, ruling C28)."""
    return sum(pos.breakdown(pos.players[seat]).values())


def value(pos: Position, seat: int, w: Weights = DEFAULT_WEIGHTS, ahead: list[Ahead] | None = None) -> float:
    """The seat's worth in points: held now, plus festivals, tiles and means ahead."""
    if pos.is_over:
        return float(held(pos, seat))
    festival, tower, tiles, token, rank, height, casteller = features(pos, seat, w, ahead)
    return (held(pos, seat) + w.festival * festival + w.tower * tower + w.tiles * tiles + w.token * token
            + w.rank * rank + w.height * height + w.casteller * casteller)


def utility(pos: Position, seat: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Own value minus a blend of the best and the mean rival's value (the game is won on rank)."""
    ahead = None if pos.is_over else outlook(pos, w)
    values = [value(pos, s, w, ahead) for s in range(pos.n)]
    rivals = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - w.rival_max * max(rivals) - (1 - w.rival_max) * sum(rivals) / len(rivals)


__all__ = ["DEFAULT_WEIGHTS", "FEATURES", "Weights", "distances", "features", "festival_prospect", "held",
           "outlook", "reach", "upcoming", "utility", "value"]
