"""Castell's lesson file (levels/castell/lesson.yaml): a seeded set-up and its steps.

Why a seed and not a position: Castell's only chance is the set-up and the bag (docs/castell.md
"Hidden information"), so a seed fixes the whole table and the steps' moves — the opponent's
scripted, the player's asked — play the game from round 1 to its first festival. The file is
checked on load like every level file: each text in every language, each pointed-at element, and
every move played through the engine, so a broken lesson is one line naming the file and the step.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import castell
from engine.data import read_yaml_mapping
from engine.errors import EngineError
from game.tutorial.steps import Fields, Step, rehearse

LESSON_FILE = Path(__file__).resolve().parent.parent.parent / "levels" / "castell" / "lesson.yaml"
# What a step may point at (game/tutorial/castell_targets.py finds each on the table): a region,
# the ring tile a region trains from this round (`wheel:all` the All Regions one), a performance
# tile, a region's bounty space, a festival banner, the player's board, the button row, the tower
# builder or one of its levels (1 the bottom).
KINDS = ("region", "wheel", "tile", "bounty", "festival", "level")
ELEMENTS = ("board", "buttons", "builder")
MAX_LEVEL = 12
PROGRESS_FILE = "castell_lesson.json"   # its saved step (game/tutorial/progress.py), beside El Grande's


@dataclass(frozen=True)
class CastellLesson:
    players: tuple[str, ...]
    seed: int
    wheel: str
    steps: tuple[Step, ...]

    @property
    def total(self) -> int:
        return len(self.steps)

    def new_game(self) -> castell.Game:
        return castell.new_game(self.players, seed=self.seed, wheel=self.wheel)

    def moves_before(self, index: int) -> list[str]:
        """Every move of the steps before `index`: the game as that step finds it."""
        return [move for step in self.steps[:index] for move in step.moves]


class _Fields(Fields):
    """The shared reader, with the Castell table's elements to point at."""

    def __init__(self, source: str, data: castell.CastellData) -> None:
        super().__init__(source)
        festivals = [f.id for f in data.festival_tiles]
        self.keys = {"region": set(data.regions), "wheel": set(data.regions) | {"all"}, "tile": set(data.tiles),
                     "bounty": set(data.regions), "festival": set(festivals),
                     "level": {str(n) for n in range(1, MAX_LEVEL + 1)}}

    def point(self, value: Any, field: str) -> str | None:
        if value is None:
            return None
        if value in ELEMENTS:
            return str(value)
        kind, _, key = str(value).partition(":")
        if isinstance(value, str) and key in self.keys.get(kind, ()):
            return value
        raise self.fail(field, f"one of {', '.join(ELEMENTS)} or {', '.join(k + ':<id>' for k in KINDS)}", value)


def load_castell_lesson(path: Path = LESSON_FILE) -> CastellLesson:
    """Read and check the lesson; a DataError names the file and the field."""
    source = f"{path.parent.name}/{path.name}"
    raw = read_yaml_mapping(path, source)
    fields = _Fields(source, castell.DATA)
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise fields.fail("players", "a list of player colours, the learner first", players)
    seed, wheel = raw.get("seed"), raw.get("wheel", "standard")
    if type(seed) is not int:
        raise fields.fail("seed", "a whole number", seed)
    steps_raw = raw.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise fields.fail("steps", "a non-empty list of steps", steps_raw)
    steps = tuple(fields.step(step, f"steps[{s}]") for s, step in enumerate(steps_raw))
    if steps[-1].play:                     # the lesson ends on a step read, not on a move
        raise fields.fail(f"steps[{len(steps) - 1}].play", "no moves in the last step", list(steps[-1].play))
    lesson = CastellLesson(tuple(players), seed, str(wheel), steps)
    try:
        game = lesson.new_game()
    except EngineError as exc:
        raise fields.fail("players", f"a game's set-up ({exc})", players) from None
    rehearse(fields, game, lesson.players[0], steps, "")
    return lesson
