"""The Castell tower builder as a value: a team, skill ranks, what the tower is for, and the levels
built so far; every operation returns a new Builder.

Why a model apart from the panel: the scene, the keyboard and the tests change the tower through
these operations only, and whether a tower is legal comes from the engine alone (towers.py's
tower_problem_codes, meets_shape, meets_exhibition, skills_used and the solver). The builder adds only
what its purpose asks (docs/castell.md "Local performances", "Festivals"), read from the same
functions, as sentences tagged with the level they concern.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engine.castell.data import ExhibitionTile, PerformanceTile, ShapeTile
from engine.castell.moves import Move, perform_move, tower_move
from engine.castell.position import Position
from engine.castell.solver import FESTIVAL_HEIGHT, best_festival_tower, exhibition_tower, shape_tower
from engine.castell.towers import (MAX_SIZE, SKILLS, Tower, canonical, festival_score, meets_exhibition,
                                   meets_shape, skills_used, tower_problem_codes, TowerProblem)
from game.present.castell_words import joined, skill_name
from game.shell.i18n import t, tn



@dataclass(frozen=True)
class Purpose:
    """What the tower is for: a festival (`sizes`: its size token(s); `town` for the heading) or
    the local performance tile `tile_id`."""
    sizes: tuple[int, ...] = ()
    town: str = ""
    tile_id: str = ""
    tile: PerformanceTile | None = None

    @classmethod
    def festival(cls, sizes: tuple[int, ...], town: str = "") -> Purpose:
        return cls(sizes=tuple(sizes), town=town)

    @classmethod
    def performance(cls, tile_id: str, tile: PerformanceTile) -> Purpose:
        return cls(tile_id=tile_id, tile=tile)

    @property
    def is_festival(self) -> bool:
        return self.tile is None


@dataclass(frozen=True)
class Problem:
    """One broken rule as a sentence, with the levels it names (1 = bottom; a level one above the
    top is the level still missing; () for the tower as a whole)."""
    text: str
    levels: tuple[int, ...] = ()

    @property
    def level(self) -> int | None:
        """The level the panel shows the sentence beside (the first named), or None."""
        return self.levels[0] if self.levels else None


def tower_problem_words(problem: TowerProblem) -> str:
    """An engine tower problem (engine/castell/towers.py `tower_problem_codes`) in the player's
    language, naming its level(s)."""
    code, at, args = problem
    if code == "overuse":
        one = len(at) == 1
        levels = (t("castell.rule.level", level=at[0]) if one
                  else t("castell.rule.levels", levels=joined([str(n) for n in at])))
        return t("castell.rule.overuse_one" if one else "castell.rule.overuse", levels=levels,
                 skill=skill_name(args["skill"]), uses=args["uses"], rank=args["rank"])
    if code == "too_wide" and args["bottom"]:
        return t("castell.rule.too_wide_bottom", count=args["count"], limit=args["limit"])
    if code == "not_smaller":
        return t("castell.rule.not_smaller", level=at[0], size=args["size"], smaller=args["under"],
                 under=at[0] - 1)
    if code == "wider_than_below":
        return t("castell.rule.wider_than_below", level=at[0], count=args["count"], below=args["below"],
                 under=at[0] - 1)
    return t(f"castell.rule.{code}", level=at[0] if at else 0, **{k: v for k, v in args.items() if k != "bottom"})


@dataclass(frozen=True)
class Builder:
    """A tower being built from `team` (10 counts, index size - 1) for `purpose`; `ranks` in the
    order of towers.SKILLS; `levels` bottom first, each level's sizes high to low."""
    team: tuple[int, ...]
    ranks: tuple[int, ...]
    purpose: Purpose
    levels: Tower = ()

    def __post_init__(self) -> None:
        if len(self.team) != MAX_SIZE or min(self.team) < 0:
            raise ValueError(f"builder team: expected {MAX_SIZE} counts >= 0, got {self.team!r}")
        if len(self.ranks) != len(SKILLS):
            raise ValueError(f"builder ranks: expected {len(SKILLS)} ranks ({', '.join(SKILLS)}), "
                             f"got {self.ranks!r}")
        if any(not level for level in self.levels) or min(self.reserve(), default=0) < 0:
            raise ValueError(f"builder levels {self.levels!r}: expected non-empty levels the team "
                             f"{self.team!r} can fill")

    @classmethod
    def start(cls, team: Sequence[int], ranks: Mapping[str, int], purpose: Purpose) -> Builder:
        return cls(tuple(team), tuple(ranks.get(skill, 0) for skill in SKILLS), purpose)

    @classmethod
    def for_festival(cls, position: Position, seat: int) -> Builder:
        """A builder for the festival being held in `position` (a View), for `seat`."""
        fest = position.festival
        if fest is None:
            raise ValueError("builder: no festival is being held in this position")
        return cls.start(position.team[seat], position.rank_map(seat),
                         Purpose.festival(fest.sizes, fest.tile.town))

    @classmethod
    def for_tile(cls, position: Position, seat: int, tile_id: str) -> Builder:
        """A builder for performing `tile_id` from `seat`'s team in `position` (a View)."""
        if tile_id not in position.data.tiles:
            raise ValueError(f"builder: {tile_id!r} is not a local performance tile")
        return cls.start(position.team[seat], position.rank_map(seat),
                         Purpose.performance(tile_id, position.data.tiles[tile_id]))

    # ---- reads --------------------------------------------------------------------------------
    @property
    def rank_map(self) -> dict[str, int]:
        return dict(zip(SKILLS, self.ranks))

    def reserve(self) -> tuple[int, ...]:
        """What is left of the team: 10 counts by size."""
        used = [0] * MAX_SIZE
        for level in self.levels:
            for size in level:
                used[size - 1] += 1
        return tuple(have - use for have, use in zip(self.team, used))

    def skills_used(self) -> dict[str, int]:
        """Uses of each skill the tower makes (ruling C23); none for an empty tower."""
        return skills_used(self.levels, self.rank_map) if self.levels else dict.fromkeys(SKILLS, 0)

    def problems(self) -> list[Problem]:
        """Every broken rule of the engine's, then what the purpose needs and the tower lacks."""
        found = [Problem(tower_problem_words(problem), problem[1])
                 for problem in tower_problem_codes(self.levels, self.rank_map)]
        return found + self._purpose_problems()

    def _purpose_problems(self) -> list[Problem]:
        tile, height = self.purpose.tile, len(self.levels)
        if tile is None:
            found = []
            if height < FESTIVAL_HEIGHT:
                found.append(Problem(tn("castell.problem.festival_height", height, need=FESTIVAL_HEIGHT),
                                     (height + 1,)))
            held = {size for level in self.levels for size in level}
            found += [Problem(t("castell.problem.festival_size", size=size))
                      for size in self.purpose.sizes if size not in held]
            return found
        if isinstance(tile, ShapeTile):
            if meets_shape(self.levels, tile.levels):
                return []
            return self._shape_problems(tile)
        return self._exhibition_problems(tile)

    def _shape_problems(self, tile: ShapeTile) -> list[Problem]:
        """A level of the wrong count at that level; levels missing or one too many above."""
        want, height = tile.levels, len(self.levels)
        found = [Problem(tn("castell.problem.shape_level", len(level), level=i, want=want[i - 1]), (i,))
                 for i, level in enumerate(self.levels[:len(want)], start=1) if len(level) != want[i - 1]]
        if height != len(want):
            found.append(Problem(tn("castell.problem.shape_height", height, need=len(want),
                                    levels="-".join(map(str, want))),
                                 (min(height, len(want)) + 1,)))
        return found

    def _exhibition_problems(self, tile: ExhibitionTile) -> list[Problem]:
        if self.levels and meets_exhibition(self.levels, self.rank_map, tile.points, tile.skills):
            return []
        found = []
        height = len(self.levels)
        if height != tile.points:
            at = height + 1 if height < tile.points else tile.points + 1
            found.append(Problem(tn("castell.problem.exhibition_height", height, need=tile.points), (at,)))
        used = self.skills_used()
        found += [Problem(t("castell.problem.exhibition_skill", skill=skill_name(skill)))
                  for skill in tile.skills if not used[skill]]
        return found

    def level_skills(self) -> list[tuple[str, ...]]:
        """For each level, the skills whose uses it adds (ruling C23): what the tower up to it
        uses beyond the tower below it."""
        marks, below = [], dict.fromkeys(SKILLS, 0)
        for k in range(1, len(self.levels) + 1):
            here = skills_used(self.levels[:k], self.rank_map)
            marks.append(tuple(skill for skill in SKILLS if here[skill] > below[skill]))
            below = here
        return marks

    def score(self) -> int:
        """The festival tower score (docs/castell.md "Festivals"), or the tile's printed points."""
        tile = self.purpose.tile
        return festival_score(self.levels, self.purpose.sizes) if tile is None else tile.points

    def move(self) -> Move | None:
        """The move that declares this tower, once it is complete and legal; else None."""
        if self.problems():
            return None
        tower = canonical(self.levels)
        return tower_move(tower) if self.purpose.is_festival else perform_move(self.purpose.tile_id, tower)

    def best_tower(self) -> Tower | None:
        """The solver's tower for the purpose (the best festival tower, or one meeting the tile)."""
        tile, ranks = self.purpose.tile, self.rank_map
        if tile is None:
            return best_festival_tower(self.team, ranks, self.purpose.sizes)
        if isinstance(tile, ExhibitionTile):
            return exhibition_tower(self.team, ranks, tile.points, tile.skills)
        return shape_tower(self.team, ranks, tile.levels)

    # ---- operations ---------------------------------------------------------------------------
    def add(self, size: int, level: int) -> Builder:
        """A casteller of `size` from the reserve onto level `level` (0 = bottom; the number of
        levels = a new level on top)."""
        if not 1 <= size <= MAX_SIZE or not self.reserve()[size - 1]:
            raise ValueError(f"builder add: no casteller of size {size} is left in the reserve")
        if not 0 <= level <= len(self.levels):
            raise ValueError(f"builder add: level {level} is not 0..{len(self.levels)}")
        levels = list(self.levels) + [()]
        levels[level] = levels[level] + (size,)
        return replace(self, levels=canonical(level for level in levels if level))

    def place(self, size: int) -> Builder:
        """A click on a reserve size: onto the top level when it holds that size, else a new level."""
        top = len(self.levels) - 1
        return self.add(size, top if self.levels and size in self.levels[top] else len(self.levels))

    def remove(self, level: int, index: int) -> Builder:
        """The casteller at `index` (high to low) of level `level` back to the reserve; a level
        left empty goes, and the levels above come down."""
        if not 0 <= level < len(self.levels) or not 0 <= index < len(self.levels[level]):
            raise ValueError(f"builder remove: no casteller at level {level}, index {index}")
        levels = list(self.levels)
        levels[level] = levels[level][:index] + levels[level][index + 1:]
        return replace(self, levels=tuple(level for level in levels if level))

    def clear(self) -> Builder:
        return replace(self, levels=())

    def best(self) -> Builder:
        """The solver's tower (see best_tower); unchanged when it finds none."""
        tower = self.best_tower()
        return self if tower is None else replace(self, levels=canonical(tower))


# ---- what the panel's pointer and keyboard act on ----------------------------------------------

BUTTONS = ("best", "clear", "confirm", "cancel")


@dataclass(frozen=True)
class ReserveSize:
    """A column of the reserve: the castellers of one size left."""
    size: int


@dataclass(frozen=True)
class Placed:
    """A casteller in the tower: `index` (high to low) of level `level` (0 = bottom)."""
    level: int
    index: int


@dataclass(frozen=True)
class LevelSlot:
    """A level's row as a drop zone; the number of levels is the "new level" zone on top."""
    level: int


@dataclass(frozen=True)
class Button:
    name: str   # one of BUTTONS


Target = ReserveSize | Placed | LevelSlot | Button


def enabled(builder: Builder, name: str) -> bool:
    """Whether a button does something now: Confirm only for a complete, legal tower."""
    if name == "confirm":
        return builder.move() is not None
    if name == "best":
        return builder.best_tower() is not None
    if name == "clear":
        return bool(builder.levels)
    return True


def focus_targets(builder: Builder) -> list[Target]:
    """What Tab visits, in order: the reserve's sizes (high to low), the placed castellers (bottom
    level first), then the enabled buttons."""
    reserve = builder.reserve()
    targets: list[Target] = [ReserveSize(s) for s in range(MAX_SIZE, 0, -1) if reserve[s - 1]]
    targets += [Placed(i, j) for i, level in enumerate(builder.levels) for j in range(len(level))]
    return targets + [Button(name) for name in BUTTONS if enabled(builder, name)]


def activate(builder: Builder, target: Target) -> Builder:
    """A click or Enter on a target: a reserve size goes up the tower, a placed casteller comes
    back, Best tower and Clear do their work. Confirm and Cancel are the scene's (it plays
    `builder.move()` or closes the panel): the builder is unchanged."""
    if isinstance(target, ReserveSize) and builder.reserve()[target.size - 1]:
        return builder.place(target.size)
    if isinstance(target, Placed):
        return builder.remove(target.level, target.index)
    if target == Button("best"):
        return builder.best()
    if target == Button("clear"):
        return builder.clear()
    return builder


def drop(builder: Builder, size: int, target: Target | None) -> Builder:
    """A casteller of `size` dragged from the reserve and let go over `target`: onto that level
    (a casteller's or a row's, or the new level zone); anywhere else, nothing happens."""
    if isinstance(target, (Placed, LevelSlot)) and builder.reserve()[size - 1]:
        return builder.add(size, min(target.level, len(builder.levels)))
    return builder
