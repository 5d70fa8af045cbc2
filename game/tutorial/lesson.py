"""The lesson file (levels/tutorial/steps.yaml): chapters, each a scenario and its steps.

Why data: the lesson is text and moves, so it is written and translated without touching code.
It is validated on load like every level file: each text in every language, each pointed-at
element, and every move played through the engine from the chapter's scenario (the opponents'
scripted moves by opponents, the player's by the player), so an error names the file and the
field and a broken lesson never reaches the screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.data import read_yaml_mapping
from game.tutorial.steps import LANGUAGES as LANGUAGES, Fields, Step, rehearse  # LANGUAGES: read by the tests

TUTORIAL_DIR = Path(__file__).resolve().parent.parent.parent / "levels" / "tutorial"
STEPS_FILE = TUTORIAL_DIR / "steps.yaml"
# Elements a step may point at (game/tutorial/targets.py finds them on screen); "live": wherever the
# event the screen is showing happens, as it happens (a step that watches the opponents or a scoring).
ELEMENTS = ("hand", "court", "players", "cards", "choices", "castillo", "track", "rounds", "king", "disc", "live")
REGION_PREFIX = "region:"


@dataclass(frozen=True)
class Chapter:
    title: dict[str, str]
    scenario: Path
    steps: tuple[Step, ...]

    def game(self) -> engine.Game:
        return engine.load_scenario(self.scenario, f"{self.scenario.parent.name}/{self.scenario.name}")


@dataclass(frozen=True)
class Lesson:
    chapters: tuple[Chapter, ...]

    @property
    def total(self) -> int:
        return sum(len(c.steps) for c in self.chapters)

    def locate(self, index: int) -> tuple[int, int]:
        """(chapter, step within it) of a step counted over the whole lesson."""
        for c, chapter in enumerate(self.chapters):
            if index < len(chapter.steps):
                return c, index
            index -= len(chapter.steps)
        raise IndexError(f"step {index} is past the end of the lesson")

    def first_of(self, chapter: int) -> int:
        return sum(len(c.steps) for c in self.chapters[:chapter])

    def position(self, index: int) -> engine.Game:
        """The chapter's game with every move of the steps before `index` played."""
        c, s = self.locate(index)
        chapter = self.chapters[c]
        game = chapter.game()
        for step in chapter.steps[:s]:
            for move in step.moves:
                game.play(move)
        return game


class _Fields(Fields):
    """The shared reader, with El Grande's elements to point at; every dictated move says why."""

    why_required = True

    def point(self, value: Any, field: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, str) and (value in ELEMENTS or (value.startswith(REGION_PREFIX)
                                                             and value[len(REGION_PREFIX):] in engine.REGIONS)):
            return value
        raise self.fail(field, f"one of {', '.join(ELEMENTS)} or region:<region id>", value)


def load_lesson(path: Path = STEPS_FILE) -> Lesson:
    """Read and check the lesson; a DataError names the file and the field."""
    source = f"{path.parent.name}/{path.name}"
    raw = read_yaml_mapping(path, source)
    fields = _Fields(source)
    chapters_raw = raw.get("chapters")
    if not isinstance(chapters_raw, list) or not chapters_raw:
        raise fields.fail("chapters", "a non-empty list of chapters", chapters_raw)
    chapters = tuple(_chapter(fields, entry, f"chapters[{c}]", path.parent) for c, entry in enumerate(chapters_raw))
    for c, chapter in enumerate(chapters):
        _rehearse(fields, chapter, f"chapters[{c}]")
    return Lesson(chapters)


def _chapter(fields: _Fields, entry: Any, where: str, folder: Path) -> Chapter:
    if not isinstance(entry, dict):
        raise fields.fail(where, "a mapping with title, scenario and steps", entry)
    scenario = entry.get("scenario")
    if not isinstance(scenario, str) or not (folder / scenario).is_file():
        raise fields.fail(f"{where}.scenario", f"a scenario file in {folder.name}/", scenario)
    steps_raw = entry.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise fields.fail(f"{where}.steps", "a non-empty list of steps", steps_raw)
    steps = tuple(fields.step(step, f"{where}.steps[{s}]") for s, step in enumerate(steps_raw))
    last = steps[-1]
    if last.play and last.notice is None:   # the next chapter's board must not replace it unread
        raise fields.fail(f"{where}.steps[{len(steps) - 1}].notice", "a text to read before the chapter ends", None)
    return Chapter(fields.text(entry.get("title"), f"{where}.title"), folder / scenario, steps)


def _rehearse(fields: _Fields, chapter: Chapter, where: str) -> None:
    """Play the chapter through the engine: scripted moves by opponents, the rest by the player."""
    try:
        game = chapter.game()
    except engine.EngineError as exc:
        raise engine.DataError(f"{fields.source}: {where}.scenario: {exc}") from None
    rehearse(fields, game, game.players[0], chapter.steps, f"{where}.")
