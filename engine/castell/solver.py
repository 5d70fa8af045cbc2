"""The one Castell tower solver: festival towers, shape and exhibition tiles, the tallest tower.

Used by the engine's candidate moves, the AI and the client's tower builder. A team is 10 counts
(`team[s - 1]` castellers of size s, see towers.team_counts); ranks map skill names to ranks (a
missing skill is rank 0). Castellers are not consumed; a tower uses each casteller once.

The search builds towers bottom up, one level at a time. What can stand above a level depends
only on that level's smallest size m, how many castellers of size m are still free (every smaller
size is untouched: sizes only decrease going up, and only Strength repeats m), its count, and the
remaining Balance, Mix and Strength uses; so each query is a memoised search over those states.
States that allow the same towers above are merged (_canonical), the levels that may follow a
state are listed once per team and ranks and shared by queries (from runs of levels shared by
every team), and the searches cut children by a bound on the levels above (_above). Festival
tables skip dominated levels, keep only entries that can still hold every festival size and that
no taller entry matches, list only levels that may still hold those sizes, and skip a level whose
best conceivable entries one already held matches; none of this changes a returned tower.
Every result is deterministic: levels are tried larger sizes first, then wider, then uniform
before mixed, and the first tower found in that order is returned.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol
from functools import lru_cache

from engine.castell.towers import BASE_WIDTH, MAX_SIZE, Tower, width_limit

FESTIVAL_HEIGHT = 4  # ruling C2
_ROOT = MAX_SIZE + 1  # the "smallest size" below the bottom level: every size fits on it

# a level that may follow: (sizes high to low, its smallest size, castellers of that size still
# free, its count, Balance uses, Mix uses, Strength uses)
Step = tuple[tuple[int, ...], int, int, int, int, int, int]
Team = tuple[int, ...]
Ranks = tuple[int, int, int, int, int]  # balance, base, mix, strength, width


@lru_cache(maxsize=1 << 15)
def _steps(team: Team, cap: int, count: int, m: int, left: int, mix: bool, strength: bool,
           lowest: int) -> tuple[Step, ...]:
    """Every level whose smallest size is at least `lowest` that may stand on a level of `count`
    castellers (0: the ground) whose smallest size is m with `left` castellers of size m free,
    holding at most `cap` castellers, larger smallest sizes first; mixed (ruling C4) only with
    `mix`, reaching down to size m (C4) only with `strength`."""
    steps: list[Step] = []
    for s in range(min(m, MAX_SIZE), lowest - 1, -1):
        on_m = s == m
        if strength or not on_m:
            steps += _uniform(s, left if on_m else team[s - 1], cap, count, on_m)
        if mix and s < MAX_SIZE and s < m and (strength or s + 1 < m):  # s + 1 over s
            steps += _mixed(s, team[s - 1], left if s + 1 == m else team[s], cap, count,
                            s + 1 == m)
    return tuple(steps)


@lru_cache(maxsize=1 << 12)
def _uniform(s: int, have: int, cap: int, count: int, strength: bool) -> tuple[Step, ...]:
    """The levels of one size s, widest first, from `have` castellers of it, on a level of
    `count` castellers (using Strength when s is that level's smallest size)."""
    return tuple(((s,) * n, s, have - n, n, int(n == count), 0, int(strength))
                 for n in range(min(cap, have), 0, -1))


@lru_cache(maxsize=1 << 12)
def _mixed(s: int, have: int, high_have: int, cap: int, count: int, strength: bool
           ) -> tuple[Step, ...]:
    """The levels of sizes s + 1 over s (ruling C4), widest first, then most of size s + 1,
    from `high_have` and `have` castellers of them, on a level of `count` castellers (using
    Strength when s + 1 is that level's smallest size)."""
    steps: list[Step] = []
    for n in range(min(cap, high_have + have), 1, -1):
        for high in range(min(n - 1, high_have), 0, -1):
            low = n - high
            if low > have:
                break
            steps.append(((s + 1,) * high + (s,) * low, s, have - low, n, int(n == count), 1,
                          int(strength)))
    return tuple(steps)


def _ranks(ranks: Mapping[str, int]) -> Ranks:
    return (ranks.get("balance", 0), ranks.get("base", 0), ranks.get("mix", 0),
            ranks.get("strength", 0), ranks.get("width", 0))


def _caps(team: Team, ranks: Ranks) -> tuple[int, int]:
    """Most castellers on the bottom level and on any other level (rulings C3, C5)."""
    width = width_limit({"width": ranks[4]})
    return (sum(team) if ranks[1] >= 1 else width), width


State = tuple[int, int, int, int, int, int]  # m, left, count, Balance, Mix, Strength uses left
Options = Callable[[State], list[tuple[Step, State]]]


class Levels(Protocol):
    """_levels: a state's levels, or (`lowest`) only those whose smallest size is at least it."""
    def __call__(self, state: State, lowest: int = 1) -> list[tuple[Step, State]]: ...


@lru_cache(maxsize=64)
def _levels(team: Team, ranks: Ranks) -> Levels:
    """A memoised function every query on a team and ranks shares: for a state, every level the
    remaining uses allow on it, in _steps order (larger smallest sizes first), each with the
    canonical state above it (_canonical; a count over the width limit acts as the limit + 1,
    and with no Strength left the free castellers of size m do not matter)."""
    bottom_cap, width = _caps(team, ranks)
    canonical = _canonical(team, width)
    states: dict[State, State] = {}
    memo: dict[tuple[State, int], list[tuple[Step, State]]] = {}
    top = width + 1

    def levels(state: State, lowest: int = 1) -> list[tuple[Step, State]]:
        found = memo.get((state, lowest))
        if found is not None:
            return found
        m, left, count, b, x, st = state
        found = memo[state, lowest] = []
        cap = min(width, count - (not b)) if count else bottom_cap  # as wide only with Balance (C1)
        for step in _steps(team, cap, count, m, left, x > 0, st > 0, lowest):
            _, s, rest, n, ub, ux, us = step
            nst = st - us
            raw = (s, rest if nst else 0, n if n < top else top, b - ub, x - ux, nst)
            child = states.get(raw)
            if child is None:
                child = states[raw] = canonical(raw)
            found.append((step, child))
        return found
    return levels


def _options(team: Team, ranks: Ranks, value: Callable[[Step], int] | None) -> Options:
    """A memoised function giving, for a state, the levels allowed on it (_levels), in order.
    With `value` (how much a query likes a level, higher better) levels no best tower needs are
    dropped: with no Strength left, of the levels reaching the same smallest size with the same
    uses left, the widest allows every tower above that a narrower one does, so only it is kept
    (the one of highest value among equally wide ones)."""
    levels = _levels(team, ranks)
    if value is None:
        return levels
    memo: dict[State, list[tuple[Step, State]]] = {}

    def options(state: State) -> list[tuple[Step, State]]:
        found = memo.get(state)
        if found is not None:
            return found
        kept: list[tuple[int, Step, State]] = []
        widest: dict[tuple[int, int, int], tuple[int, Step, State]] = {}
        for i, (step, child) in enumerate(levels(state)):
            if state[5] > step[6]:  # Strength left
                kept.append((i, step, child))
                continue
            key = (step[1], step[4], step[5])  # smallest size, Balance and Mix uses
            held = widest.get(key)
            if (held is None or child[2] > held[2][2]
                    or (child[2] == held[2][2] and value(step) > value(held[1]))):
                widest[key] = (i, step, child)
        if widest:
            kept += widest.values()
            kept.sort()
        result = memo[state] = [(step, child) for _, step, child in kept]
        return result
    return options


def _above(team: Team, width: int) -> Callable[[State], int]:
    """An upper bound on the levels that can stand on a state (not the ground): counts shrink
    going up except where Balance allows (C1) and no level is wider than the limit (C5); each
    level holds a casteller; the smallest sizes shrink going up except where Strength allows (C4)."""
    below = [0] * (MAX_SIZE + 2)  # castellers smaller than m
    kinds = [0] * (MAX_SIZE + 2)  # sizes smaller than m present in the team
    for m in range(2, MAX_SIZE + 2):
        below[m] = below[m - 1] + team[m - 2]
        kinds[m] = kinds[m - 1] + (team[m - 2] > 0)

    def above(state: State) -> int:
        m, left, count, b, _, st = state
        most = (count - 1 if count <= width else width) + b
        most = min(most, below[m] + left)
        return most if most < kinds[m] + st else kinds[m] + st
    return above


def _canonical(team: Team, width: int) -> Callable[[State], State]:
    """The state above a level, with what cannot matter above it forgotten, so that states
    allowing the same towers above are one: no skill can be used more often than there are
    levels above (each level uses each skill at most once), and no more castellers of size m
    can be used than Strength levels can hold."""
    above = _above(team, width)

    def canon(state: State) -> State:
        m, left, count, b, x, st = state
        most = above(state)
        if b > most:
            b = most
        if x > most:
            x = most
        if st > most:
            st = most
        if left:
            left = min(left, _strength_room(count, width, b, st))
        return m, left, count, b, x, st
    return canon


def _strength_room(count: int, width: int, balance: int, strength: int) -> int:
    """The most castellers of size m that levels above a level of `count` castellers whose
    smallest size is m can hold: only an unbroken run of levels right above it, each using
    Strength (C4), each no wider than the limit (C5) and narrower than the one below it unless
    Balance allows (C1)."""
    room, c = 0, min(count, width + 1)
    for _ in range(strength):
        if c > width:
            c = width
        elif balance:
            balance -= 1
        else:
            c -= 1
        if not c:
            break
        room += c
    return room


def _root(ranks: Ranks) -> State:
    return (_ROOT, 0, 0, ranks[0], ranks[2], ranks[3])


# ---- festivals --------------------------------------------------------------------------------

def _festival_search(team: Team, ranks: Ranks, sizes: tuple[int, ...]
                     ) -> tuple[Callable[[State], dict[int, int]],
                                Callable[[Step], tuple[int, int]], Options]:
    """The memoised table of a state: levels above << len(sizes) | bitmask of `sizes` present
    -> most castellers of those sizes; each level's (castellers of those sizes, bitmask); the
    options the table was made from."""
    bits = [(size, 1 << i) for i, size in enumerate(sizes)]
    level = 1 << len(sizes)  # one more level in a table's key
    memo: dict[State, dict[int, int]] = {}

    def gain(step: Step) -> tuple[int, int]:
        k = mask = 0
        for size, bit in bits:
            held = step[0].count(size)
            if held:
                k += held
                mask |= bit
        return k, mask

    children = _options(team, ranks, lambda step: gain(step)[0])
    levels = _levels(team, ranks)
    heights, smallest = _heights(team, ranks), min(sizes, default=_ROOT)
    above = _above(team, width_limit({"width": ranks[4]}))

    # the festival sizes smaller than m: the levels under a state whose smallest size is m hold
    # none of them (sizes only shrink going up), so only entries holding them all can count
    needs = [sum(bit for size, bit in bits if size < m) for m in range(_ROOT + 1)]
    # and the smallest sizes of levels that may still hold the largest of them (a level holds
    # sizes s and s + 1, and those above it no larger, C4)
    lowest = [max([size - 1 for size in sizes if size < m] + [1]) for m in range(_ROOT + 1)]
    # the most castellers of the sizes above a state whose smallest size is m, the free
    # castellers of size m apart
    reach = [sum(team[size - 1] for size in sizes if size < m) for m in range(_ROOT + 1)]
    full = level - 1

    def table(state: State, recurse: Callable[[State, Any], dict[int, int]]) -> dict[int, int]:
        found = memo.get(state)
        if found is not None:
            return found
        if state[0] < smallest:  # no festival size fits above: only height matters
            memo[state] = result = {heights(state) * level: 0}
            return result
        need = needs[state[0]]
        result = {} if need else {0: 0}
        get = result.get
        tallest: dict[tuple[int, int], int] = {}  # levels under which no festival size fits
        sized = []
        for step, child in levels(state, lowest[state[0]]):
            if child[0] >= smallest:
                sized.append((step, child))
                continue
            # the rest of the tower only adds height: per (castellers, mask), keep the tallest
            got = gain(step) if step[1] + 1 >= smallest else (0, 0)
            if got[1] & need != need:
                continue
            most = tallest.get(got, 0)
            if most <= above(child):  # else this child cannot stand taller (_above)
                height = 1 + heights(child)
                if height > most:
                    tallest[got] = height
        for (k, mask), most in tallest.items():
            key = most * level | mask
            if get(key, -1) < k:
                result[key] = k
        for k, mask, child in _undominated(sized, gain):
            if need == full:  # skip a child whose every entry one already held matches
                most, k_most = (1 + above(child)) * level, k + reach[child[0]] + (
                    child[1] if child[0] in sizes else 0)
                if any(key >= most and ck >= k_most for key, ck in result.items()):
                    continue
            for key, ck in recurse(child, recurse).items():
                key = (key + level) | mask
                if key & need == need and get(key, -1) < ck + k:
                    result[key] = ck + k
        memo[state] = result = _tallest_first(result, level)
        return result
    return lambda state: table(state, table), gain, children


def _tallest_first(table: dict[int, int], level: int) -> dict[int, int]:
    """A festival table without the entries that a taller one with the same sizes present
    matches in castellers: they lead to towers a taller one beats on score and matches on
    castellers, so no point of the front (_festival) is built through them."""
    kept: dict[int, int] = {}
    most: dict[int, int] = {}  # mask -> most castellers of a taller entry
    for key in sorted(table, reverse=True):  # tallest first
        k, mask = table[key], key & (level - 1)
        if k > most.get(mask, -1):
            most[mask] = kept[key] = k
    return kept


def _undominated(options: list[tuple[Step, State]], gain: Callable[[Step], tuple[int, int]]
                 ) -> list[tuple[int, int, State]]:
    """The levels a festival table needs, as (castellers of the sizes, their bitmask, state
    above): a level is dropped when another with the same festival sizes present holds at least
    as many of them and leads to a state at least as free: a larger smallest size (every smaller
    size still free, C4) or the same one with as many of it free, at least as many castellers
    (C1, C5) and as many uses left of each skill. The towers are still chosen from every option,
    in order, so dropping changes no answer."""
    kept: list[tuple[int, int, State]] = []
    for step, child in options:  # larger smallest sizes first
        k, mask = gain(step)
        m, left, count, b, x, st = child
        for ok, omask, (om, oleft, ocount, ob, ox, ost) in kept:
            if (ok >= k and omask == mask and ocount >= count and ob >= b and ox >= x
                    and ost >= st and (om > m or oleft >= left)):
                break
        else:
            kept = [o for o in kept if not (
                o[2][0] == m and k >= o[0] and o[1] == mask and left >= o[2][1]
                and count >= o[2][2] and b >= o[2][3] and x >= o[2][4] and st >= o[2][5])]
            kept.append((k, mask, child))
    return kept


Front = list[tuple[int, int, int]]  # score, castellers of the sizes, height; score descending
Search = tuple[Callable[[State], dict[int, int]], Callable[[Step], tuple[int, int]], Options]


def _festival_front(team: Team, ranks: Ranks, sizes: tuple[int, ...]) -> tuple[Front, Search | None]:
    """The Pareto front of (festival score, castellers of the sizes) over the festival towers,
    and the search whose tables rebuild its towers (None when no tower can enter)."""
    if _height_bound(team, ranks) < FESTIVAL_HEIGHT or not all(team[s - 1] for s in sizes):
        return [], None
    search = _festival_search(team, ranks, sizes)
    full = (1 << len(sizes)) - 1
    best = {key >> len(sizes): k for key, k in search[0](_root(ranks)).items()
            if key & full == full and key >> len(sizes) >= FESTIVAL_HEIGHT}
    front: Front = []
    for h, k in sorted(best.items(), key=lambda hk: (-(hk[0] + hk[1]), -hk[1])):
        if not front or k > front[-1][1]:
            front.append((h + k, k, h))
    return front, search


@lru_cache(maxsize=4096)
def _festival(team: Team, ranks: Ranks, sizes: tuple[int, ...]) -> tuple[Tower, ...]:
    front, search = _festival_front(team, ranks, sizes)
    if search is None:
        return ()
    table, gain, children = search
    full = (1 << len(sizes)) - 1
    towers = []
    for _, k, h in front:
        levels: list[tuple[int, ...]] = []
        state, mask = _root(ranks), full
        while h:
            for step, child in children(state):
                sk, smask = gain(step)
                rest = table(child)
                cm = next((cm for cm in range(full + 1) if cm | smask == mask
                           and rest.get((h - 1) << len(sizes) | cm) == k - sk), None)
                if cm is not None:
                    levels.append(step[0])
                    state, mask, k, h = child, cm, k - sk, h - 1
                    break
            else:   # the tables promised a tower no option rebuilds: a solver bug, never a hang
                raise AssertionError(f"festival tower not rebuilt for team {team}, ranks {ranks}, sizes {sizes}")
        towers.append(tuple(levels))
    return tuple(towers)


def festival_prospect(team: Sequence[int], ranks: Mapping[str, int], sizes: Iterable[int]) -> tuple[int, int]:
    """(best festival score, most castellers of the festival's sizes) over the towers
    festival_towers lists, (0, 0) when none: the front's two ends, without building a tower
    (the AI asks this of thousands of teams a turn)."""
    front, _ = _festival_front(tuple(team), _ranks(ranks), tuple(sorted(set(sizes))))
    return (front[0][0], front[-1][1]) if front else (0, 0)


def festival_towers(team: Sequence[int], ranks: Mapping[str, int],
                    sizes: Iterable[int]) -> list[Tower]:
    """One canonical tower for each point of the Pareto front of (festival score, castellers of
    the festival's sizes), score descending, over the legal towers of at least 4 levels (ruling
    C2) holding at least one casteller of each size in `sizes` (the Castell rules §7). [] when none."""
    return list(_festival(tuple(team), _ranks(ranks), tuple(sorted(set(sizes)))))


def best_festival_tower(team: Sequence[int], ranks: Mapping[str, int],
                        sizes: Iterable[int]) -> Tower | None:
    """The highest-scoring festival tower (the first of festival_towers), or None."""
    towers = festival_towers(team, ranks, sizes)
    return towers[0] if towers else None


@lru_cache(maxsize=4096)
def _festival_scores(team: Team, ranks: Ranks) -> tuple[int, ...]:
    scores = []
    for size in range(1, MAX_SIZE + 1):
        towers = _festival(team, ranks, (size,))
        scores.append(len(towers[0]) + sum(level.count(size) for level in towers[0])
                      if towers else 0)
    return tuple(scores)


def festival_scores(team: Sequence[int], ranks: Mapping[str, int]) -> tuple[int, ...]:
    """The best festival score for a one-token festival of each size 1..10 (index size - 1), 0
    where no festival tower holds that size: what the team is worth at any festival to come."""
    return _festival_scores(tuple(team), _ranks(ranks))


# ---- shape and exhibition tiles ------------------------------------------------------------------

def _height_bound(team: Team, ranks: Ranks) -> int:
    """An upper bound on a tower's levels, cheap enough to skip most searches: counts shrink
    going up except where Balance allows (C1), no level above the bottom is wider than the limit
    (C5), and Base frees only the bottom (C3); nor can there be more levels than castellers."""
    balance, base, _, _, width = ranks
    return min(sum(team), BASE_WIDTH + width + balance + (1 if base else 0))


def _shape_hopeless(team: Team, ranks: Ranks, counts: tuple[int, ...]) -> bool:
    """True when no tower can have these counts, whatever the sizes: more castellers than the
    team, a level wider than the one below, more equal neighbours than Balance allows, or a level
    wider than the limit (the bottom one only with Base)."""
    balance, base, _, _, width = ranks
    limit = BASE_WIDTH + width
    pairs = list(zip(counts, counts[1:]))
    return (sum(counts) > sum(team) or any(up > low for low, up in pairs)
            or sum(up == low for low, up in pairs) > balance
            or any(c > limit for c in counts[1:]) or (bool(counts) and counts[0] > limit and not base))

@lru_cache(maxsize=4096)
def _shape(team: Team, ranks: Ranks, counts: tuple[int, ...]) -> Tower | None:
    if _shape_hopeless(team, ranks, counts):
        return None
    children = _options(team, ranks, None)  # exact counts: no level dominates another
    above = _above(team, width_limit({"width": ranks[4]}))
    memo: dict[tuple[int, ...], Tower | None] = {}

    def build(i: int, state: State, recurse: Callable[..., Tower | None]) -> Tower | None:
        if i == len(counts):
            return ()
        key = (i, *state)
        if key not in memo:
            memo[key] = None
            for step, child in children(state):
                if step[3] == counts[i] and len(counts) - i - 1 <= above(child):
                    rest = recurse(i + 1, child, recurse)
                    if rest is not None:
                        memo[key] = (step[0], *rest)
                        break
        return memo[key]
    return build(0, _root(ranks), build) if counts and min(counts) >= 1 else None


def shape_tower(team: Sequence[int], ranks: Mapping[str, int],
                counts: Sequence[int]) -> Tower | None:
    """A legal tower whose castellers per level, bottom first, are exactly `counts` (ruling C12),
    or None."""
    return _shape(tuple(team), _ranks(ranks), tuple(counts))


_TRACKED = ("balance", "mix", "strength", "width")


@lru_cache(maxsize=4096)
def _exhibition(team: Team, ranks: Ranks, height: int, skills: frozenset[str]) -> Tower | None:
    rank = dict(zip(("balance", "base", "mix", "strength", "width"), ranks))
    if height < 1 or height > _height_bound(team, ranks) or any(rank[skill] < 1 for skill in skills):
        return None   # a skill is used only where its rank allows the relaxation (C23)
    # a narrower level may be what uses Balance above it, and a bottom not wide enough for Base
    # uses Width: tiles showing either try every width
    exact = "balance" in skills or "width" in skills
    children = _options(team, ranks, None if exact else lambda step: 0)
    width = width_limit({"width": ranks[4]})
    above = _above(team, width)
    needed = sum(1 << i for i, skill in enumerate(_TRACKED) if skill in skills)
    memo: dict[tuple[int, ...], Tower | None] = {}

    def build(levels_left: int, need: int, state: State,
              recurse: Callable[..., Tower | None]) -> Tower | None:
        if not levels_left:
            return () if not need else None
        key = (levels_left, need, *state)
        if key not in memo:
            memo[key] = None
            for step, child in children(state):
                n = step[3]
                bottom = not state[2]
                if bottom and "base" in skills and n <= width:
                    continue  # Base is used only by a bottom wider than the limit (C23)
                freed = bottom and n > width
                used = (step[4] | step[5] << 1 | step[6] << 2
                        | int(n > BASE_WIDTH and not freed) << 3)
                if _hopeless_above(levels_left - 1, need & ~used, child, above):
                    continue
                rest = recurse(levels_left - 1, need & ~used, child, recurse)
                if rest is not None:
                    memo[key] = (step[0], *rest)
                    break
        return memo[key]
    return build(height, needed, _root(ranks), build)


def _hopeless_above(levels: int, need: int, state: State, above: Callable[[State], int]) -> bool:
    """True when no `levels` levels can stand on a state (not the ground) using the skills of
    `need` (_TRACKED bits): more levels than can stand there (_above), a skill with no use left
    (each level uses it once, and the state keeps no more uses than levels above), or Width (a
    level over 3 castellers) above a level of at most 3 (C1)."""
    _, _, count, b, x, st = state
    return (levels > above(state) or bool(need & 1 and not b) or bool(need & 2 and not x)
            or bool(need & 4 and not st) or bool(need & 8 and count <= BASE_WIDTH))


def exhibition_tower(team: Sequence[int], ranks: Mapping[str, int], height: int,
                     skills: Iterable[str]) -> Tower | None:
    """A legal tower of exactly `height` levels using every skill in `skills` at least once
    (rulings C11, C23), or None."""
    return _exhibition(tuple(team), _ranks(ranks), height, frozenset(skills))


# ---- the AI's measures -------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _heights(team: Team, ranks: Ranks) -> Callable[[State], int]:
    """The memoised most levels that can stand on a state, shared by the tallest tower and the
    festival tables (above a level smaller than every festival size only heights matter)."""
    children = _options(team, ranks, lambda step: 0)
    above = _above(team, width_limit({"width": ranks[4]}))
    memo: dict[State, int] = {}

    def height(state: State, recurse: Callable[[State, Any], int]) -> int:
        found = memo.get(state)
        if found is None:
            found, most = 0, (above(state) if state[2] else _height_bound(team, ranks))
            for _, child in children(state):  # children that cannot beat the best are skipped
                if found < 1 + above(child):
                    found = max(found, 1 + recurse(child, recurse))
                    if found == most:
                        break
            memo[state] = found
        return found
    return lambda state: height(state, height)


@lru_cache(maxsize=4096)
def _tallest(team: Team, ranks: Ranks) -> int:
    return _heights(team, ranks)(_root(ranks))


def tallest_tower(team: Sequence[int], ranks: Mapping[str, int]) -> int:
    """The most levels of any legal tower the team can build (0 for an empty team)."""
    return _tallest(tuple(team), _ranks(ranks))


def cache_clear() -> None:
    """Forget every memoised result (benchmarks measure cold calls with it)."""
    for cached in (_steps, _uniform, _mixed, _levels, _festival, _festival_scores, _shape, _exhibition, _tallest,
                   _heights):
        cached.cache_clear()
