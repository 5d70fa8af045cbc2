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

TUTORIAL_DIR = Path(__file__).resolve().parent.parent.parent / "levels" / "tutorial"
STEPS_FILE = TUTORIAL_DIR / "steps.yaml"
LANGUAGES = ("en", "pt", "ca")
# Elements a step may point at (game/tutorial/targets.py finds them on screen); "live": wherever the
# event the screen is showing happens, as it happens (a step that watches the opponents or a scoring).
ELEMENTS = ("hand", "court", "players", "cards", "choices", "castillo", "track", "rounds", "king", "disc", "live")
REGION_PREFIX = "region:"
STEP_FIELDS = {"say", "point", "script", "play", "why", "notice"}


@dataclass(frozen=True)
class Step:
    """Text shown, the element pointed at, the opponents' scripted moves (played first), the
    player's expected moves (in order), why those moves (one sentence, said when another move
    is tried) and what to notice once they are made."""
    say: dict[str, str]
    point: str | None
    script: tuple[str, ...]
    play: tuple[str, ...]
    notice: dict[str, str] | None
    why: dict[str, str] | None = None

    @property
    def moves(self) -> tuple[str, ...]:
        return self.script + self.play


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


class _Fields:
    """Reads one file's fields; every error names the file and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, expected: str, got: Any) -> engine.DataError:
        return engine.DataError(f"{self.source}: {field}: expected {expected}, got {got!r}")

    def text(self, value: Any, field: str) -> dict[str, str]:
        if not isinstance(value, dict):
            raise self.fail(field, f"a mapping of {', '.join(LANGUAGES)} to text", value)
        for lang in LANGUAGES:
            if not isinstance(value.get(lang), str) or not value[lang].strip():
                raise self.fail(f"{field}.{lang}", "a non-empty text", value.get(lang))
        return {lang: " ".join(value[lang].split()) for lang in LANGUAGES}

    def moves(self, value: Any, field: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise self.fail(field, "a list of moves in notation", value)
        return tuple(value)

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
    steps = tuple(_step(fields, step, f"{where}.steps[{s}]") for s, step in enumerate(steps_raw))
    last = steps[-1]
    if last.play and last.notice is None:   # the next chapter's board must not replace it unread
        raise fields.fail(f"{where}.steps[{len(steps) - 1}].notice", "a text to read before the chapter ends", None)
    return Chapter(fields.text(entry.get("title"), f"{where}.title"), folder / scenario, steps)


def _step(fields: _Fields, entry: Any, where: str) -> Step:
    if not isinstance(entry, dict):
        raise fields.fail(where, "a mapping with say, point, script, play, notice", entry)
    unknown = sorted(set(entry) - STEP_FIELDS)
    if unknown:
        raise fields.fail(f"{where}.{unknown[0]}", f"one of {', '.join(sorted(STEP_FIELDS))}", unknown[0])
    notice = entry.get("notice")
    play = fields.moves(entry.get("play"), f"{where}.play")
    why = entry.get("why")
    if play and why is None:        # a dictated move always says why (the nudge repeats it)
        raise fields.fail(f"{where}.why", "one sentence saying why the moves asked for", None)
    return Step(fields.text(entry.get("say"), f"{where}.say"), fields.point(entry.get("point"), f"{where}.point"),
                fields.moves(entry.get("script"), f"{where}.script"), play,
                None if notice is None else fields.text(notice, f"{where}.notice"),
                None if why is None else fields.text(why, f"{where}.why"))


def _rehearse(fields: _Fields, chapter: Chapter, where: str) -> None:
    """Play the chapter through the engine: scripted moves by opponents, the rest by the player."""
    try:
        game = chapter.game()
    except engine.EngineError as exc:
        raise engine.DataError(f"{fields.source}: {where}.scenario: {exc}") from None
    human = game.players[0]
    for s, step in enumerate(chapter.steps):
        for part, moves, by_human in (("script", step.script, False), ("play", step.play, True)):
            for i, move in enumerate(moves):
                field = f"{where}.steps[{s}].{part}[{i}]"
                mover = game.to_move
                if mover is None or (mover == human) != by_human:
                    who = "the player" if by_human else "an opponent"
                    raise fields.fail(field, f"a move for {who} ({human} is the player)",
                                      f"{move} with {mover} to move")
                try:
                    game.play(move)
                except engine.EngineError as exc:
                    raise fields.fail(field, f"a legal move ({exc})", move) from None
