"""Castell towers as plain data: notation, the legality check and what a tower scores or meets.

A tower is a tuple of levels, bottom level first; each level is a tuple of casteller sizes written
high to low (the canonical form, also the notation's). These functions are the one statement of
the tower rules (docs/castell.md "Towers" to "Festivals", rulings C1-C6, C11, C12, C23): the engine, the solver, the AI
and the client call them rather than restating a rule. Pure functions, no I/O.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.errors import NotationError

SKILLS = ("balance", "base", "mix", "strength", "width")
MAX_SIZE = 10
BASE_WIDTH = 3  # the width limit without the Width skill (docs/castell.md "Towers", the width limit)

Tower = tuple[tuple[int, ...], ...]
Levels = Sequence[Sequence[int]]

_NOTATION_HELP = "levels bottom first separated by '/', sizes 1-10 by ',' (e.g. 8,8,8/6,6/5,5/3)"


def canonical(levels: Iterable[Iterable[int]]) -> Tower:
    """The tower with each level's sizes written high to low, as tuples."""
    return tuple(tuple(sorted(level, reverse=True)) for level in levels)


def parse_tower(text: str) -> Tower:
    """Read `8,8,8/6,6/5,5/3`; only the notation is checked here, not the tower rules."""
    levels = []
    for part in text.strip().split("/"):
        sizes = []
        for token in part.split(","):
            token = token.strip()
            if not token.isdigit() or not 1 <= int(token) <= MAX_SIZE:
                raise NotationError(f"bad tower {text!r}: expected {_NOTATION_HELP}")
            sizes.append(int(token))
        levels.append(sizes)
    return canonical(levels)


def format_tower(tower: Levels) -> str:
    """The notation of a tower, canonical (parse_tower's inverse)."""
    return "/".join(",".join(str(s) for s in level) for level in canonical(tower))


def width_limit(ranks: Mapping[str, int]) -> int:
    """Castellers allowed on a level not freed by Base: 3 + Width rank (ruling C5)."""
    return BASE_WIDTH + ranks.get("width", 0)


def _bottom_freed(levels: Levels, ranks: Mapping[str, int]) -> bool:
    """Whether the bottom level needs Base: wider than the width limit (rulings C3, C23)."""
    return len(levels[0]) > width_limit(ranks)


def _skill_levels(levels: Levels) -> dict[str, list[int]]:
    """For Mix, Balance and Strength, the level numbers (1 = bottom) that use the skill (C23):
    a mixed level, or an upper level with as many castellers as / a largest size equal to the
    smallest of the level below."""
    used: dict[str, list[int]] = {"mix": [], "balance": [], "strength": []}
    for i, level in enumerate(levels):
        if max(level) != min(level):
            used["mix"].append(i + 1)
        if i:
            below = levels[i - 1]
            if len(level) == len(below):
                used["balance"].append(i + 1)
            if max(level) == min(below):
                used["strength"].append(i + 1)
    return used


def skills_used(levels: Levels, ranks: Mapping[str, int]) -> dict[str, int]:
    """How many uses of each skill the tower needs (ruling C23): Mix, Balance, Strength once per
    level that needs them; Base 1 when the bottom level is wider than 3 + Width rank; Width 1 when
    a level not freed by Base has more than 3 castellers. `levels` must be non-empty."""
    counts = {skill: len(at) for skill, at in _skill_levels(levels).items()}
    base = _bottom_freed(levels, ranks)
    counts["base"] = int(base)
    counts["width"] = int(any(len(level) > BASE_WIDTH
                              for i, level in enumerate(levels) if i or not base))
    return counts


def _level_list(numbers: Sequence[int]) -> str:
    """'Level 3', 'Levels 3 and 5', 'Levels 2, 3 and 5'."""
    if len(numbers) == 1:
        return f"Level {numbers[0]}"
    return "Levels " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


# A broken tower rule as data: a code, the levels it concerns (1 = bottom) and its arguments, so a
# client words it in its players' language; `tower_problems` is the engine's English for them.
TowerProblem = tuple[str, tuple[int, ...], dict[str, Any]]

# skill -> (what one level does, what several levels do, the ruling)
_OVERUSE = {
    "mix": ("mixes sizes", "mix sizes", "ruling C4"),
    "balance": ("has as many castellers as the level below",
                "have as many castellers as the level below", "ruling C1"),
    "strength": ("has a largest size equal to the smallest size of the level below",
                 "have a largest size equal to the smallest size of the level below", "ruling C4"),
}


def _shape_problem_codes(levels: Levels) -> list[TowerProblem]:
    """Problems that make a tower unreadable as castellers: no level, an empty level, a size
    outside 1..10."""
    if not levels:
        return [("no_levels", (), {})]
    problems: list[TowerProblem] = []
    for i, level in enumerate(levels, start=1):
        if not level:
            problems.append(("empty_level", (i,), {}))
        for size in level:
            if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
                problems.append(("bad_size", (i,), {"size": repr(size)}))
                break
    return problems


def tower_problem_codes(levels: Levels, ranks: Mapping[str, int]) -> list[TowerProblem]:
    """[] when the tower is legal for these skill ranks, else one (code, levels, args) per broken
    rule (docs/castell.md "Towers"). Checks shape and skills only, not the team; a rank missing
    from `ranks` is 0. Codes: no_levels, empty_level, bad_size, mixed_sizes (C4), too_wide (C5,
    C3), wider_than_below (C1), not_smaller (C4), overuse (C1, C4: a skill used beyond its rank)."""
    problems = _shape_problem_codes(levels)
    if problems:
        return problems
    limit = width_limit(ranks)
    base_rank = ranks.get("base", 0)
    for i, level in enumerate(levels, start=1):
        if max(level) - min(level) > 1:
            problems.append(("mixed_sizes", (i,), {"high": max(level), "low": min(level)}))
        if len(level) > limit and not (i == 1 and base_rank >= 1):
            problems.append(("too_wide", (i,), {"count": len(level), "limit": limit, "bottom": i == 1}))
        if i > 1:
            below = levels[i - 2]
            if len(level) > len(below):
                problems.append(("wider_than_below", (i,), {"count": len(level), "below": len(below)}))
            if max(level) > min(below):
                problems.append(("not_smaller", (i,), {"size": max(level), "under": min(below)}))
    for skill, at in _skill_levels(levels).items():
        rank = ranks.get(skill, 0)
        if len(at) > rank:
            problems.append(("overuse", tuple(at), {"skill": skill, "uses": len(at), "rank": rank}))
    return problems


def problem_text(problem: TowerProblem) -> str:
    """The engine's English sentence for a tower problem, naming its level(s) and ruling."""
    code, at, args = problem
    i = at[0] if at else 0
    if code == "no_levels":
        return "A tower needs at least one level."
    if code == "empty_level":
        return f"Level {i} is empty: every level needs at least one casteller."
    if code == "bad_size":
        return f"Level {i} has a casteller of size {args['size']}: sizes go from 1 to 10."
    if code == "mixed_sizes":
        return (f"Level {i} mixes sizes {args['high']} and {args['low']}: a level's sizes "
                "must be equal, or differ by 1 with Mix (ruling C4).")
    if code == "too_wide":
        hint = " unless Base frees it (ruling C3)" if args["bottom"] else ""
        return (f"Level {i} has {args['count']} castellers, more than the width limit of "
                f"{args['limit']} (3 + Width rank, ruling C5){hint}.")
    if code == "wider_than_below":
        return (f"Level {i} has {args['count']} castellers, more than the {args['below']} "
                f"of level {i - 1}: each level must be narrower (ruling C1).")
    if code == "not_smaller":
        return (f"Level {i} has a size-{args['size']} casteller above a size-{args['under']} casteller "
                f"of level {i - 1}: each level must be smaller than the one below (ruling C4).")
    skill = args["skill"]
    one, several, ruling = _OVERUSE[skill]
    verb = several if len(at) > 1 else one
    return (f"{_level_list(at)} {verb}, which needs {skill.capitalize()} {args['uses']}; "
            f"the {skill.capitalize()} rank is {args['rank']} ({ruling}).")


def tower_problems(levels: Levels, ranks: Mapping[str, int]) -> list[str]:
    """[] when the tower is legal for these skill ranks, else one plain sentence per broken rule
    naming the level (docs/castell.md "Towers"); the same as `tower_problem_codes`, in English."""
    return [problem_text(problem) for problem in tower_problem_codes(levels, ranks)]


def festival_score(levels: Levels, sizes: Iterable[int]) -> int:
    """Tower score at a festival: levels + castellers whose size is among `sizes` (docs/castell.md "Festivals")."""
    wanted = set(sizes)
    return len(levels) + sum(1 for level in levels for size in level if size in wanted)


def meets_shape(levels: Levels, counts: Sequence[int]) -> bool:
    """Whether the castellers per level equal a shape tile's counts, bottom first (ruling C12).
    Assumes a legal tower: it does not check the tower rules."""
    return tuple(len(level) for level in levels) == tuple(counts)


def meets_exhibition(levels: Levels, ranks: Mapping[str, int], height: int,
                     skills: Iterable[str]) -> bool:
    """Whether a tower meets an exhibition tile: exactly `height` levels and every listed skill
    used at least once (rulings C11, C23). Assumes a legal tower: it does not check the rules."""
    if len(levels) != height or not levels:
        return False
    used = skills_used(levels, ranks)
    return all(used[skill] >= 1 for skill in skills)


def team_counts(sizes: Iterable[int]) -> tuple[int, ...]:
    """A team as 10 counts, index size - 1 (the solver's input)."""
    counts = [0] * MAX_SIZE
    for size in sizes:
        counts[size - 1] += 1
    return tuple(counts)
