"""How long each game's lesson takes a newcomer: Learn to play (El Grande, levels/tutorial/) and
Learn Castell (levels/castell/lesson.yaml), in English, Português and Català.

    python benchmarks/lesson_length.py [--wpm 150] [--action-s 3] [--lang en,pt,ca] [--lesson grande,castell]

Each lesson is played to its end through its real scene over the real table, headless (SDL dummy
driver), at the default animation speed (Settings().anim_speed), clicking where the lesson's white
ring says, as tests/game/test_tutorial.py and test_castell_lesson.py do. The app is stepped with
its real frame time (1/fps) and every frame it runs while the step does not wait for the player
(the opponents' scripted moves, scorings, festivals animating) is counted as watched time. To that
a newcomer's clock adds, for every step:

- reading: each text the step shows (its instruction, then what to notice) at --wpm words a
  minute (150 by default: instructional text read while looking at the board it talks about),
  never under --floor-s seconds a text (4 s: finding the panel and the framed element);
- acting: --action-s seconds (3) per click on the asked move (a Confirm button's click included),
  --continue-s (1 s) per Continue (Enter, or the button always in the same place), and --summary-s
  (10 s) per scoring summary looked over and clicked away.

Nothing overlaps (a newcomer reads a step's text while the opponents move, so the total is an
upper estimate by up to the watched time) and nobody errs (each refused move adds its nudge to
read). Prints one JSON line per lesson and language: minutes per chapter and in all, steps, words,
clicks, watched minutes, the total at a fifth slower and a third faster reading, and the longest
steps.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

import argparse
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("EL_GRANDE_DATA_DIR", tempfile.mkdtemp(prefix="el-grande-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.scenes import castell_lesson  # noqa: E402
from game.scenes.castell_lesson import CastellLessonScene  # noqa: E402
from game.scenes.tutorial import TutorialScene  # noqa: E402
from game.shell import i18n, layout  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.assets import Sounds  # noqa: E402
from game.shell.scene import Context, Scene  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.tutorial.castell_lesson import load_castell_lesson  # noqa: E402
from game.tutorial.lesson import load_lesson  # noqa: E402
from game.tutorial.panel import continue_button  # noqa: E402
from game.tutorial.steps import LANGUAGES  # noqa: E402
from game.tutorial.targets import panel_rect  # noqa: E402

STALL_S = 300.0       # a step still not waiting for the player after this long is a broken lesson


@dataclass(frozen=True)
class Clock:
    """A newcomer's pace (see the module docstring)."""
    wpm: float
    floor_s: float
    action_s: float
    continue_s: float
    summary_s: float

    def reading(self, text: str) -> float:
        return max(len(text.split()) / self.wpm * 60.0, self.floor_s)


@dataclass
class StepTime:
    """One step as the newcomer lives it."""
    index: int
    chapter: str
    texts: list[str] = field(default_factory=list)
    clicks: int = 0
    continues: int = 0
    summaries: int = 0
    watched_s: float = 0.0

    def read(self, text: str) -> None:
        if not self.texts or self.texts[-1] != text:
            self.texts.append(text)

    @property
    def words(self) -> int:
        return sum(len(text.split()) for text in self.texts)

    def seconds(self, clock: Clock) -> float:
        return (sum(clock.reading(text) for text in self.texts) + self.clicks * clock.action_s
                + self.continues * clock.continue_s + self.summaries * clock.summary_s + self.watched_s)


class Player:
    """Steps the app in real frame time and clicks like the tests' scripted player."""

    def __init__(self, scene: Scene) -> None:
        self.app = App(scene, layout.LOGICAL)
        self.dt = 1.0 / self.app.fps

    def click(self, pos: tuple[int, int]) -> None:
        window = self.app.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1))
        self.app.step(self.dt)

    def wait(self, ready: Callable[[], bool]) -> float:
        """Step until `ready`; the seconds that took."""
        frames = 0
        while not ready():
            if frames * self.dt > STALL_S:
                raise RuntimeError("the lesson stalled: nothing to do and nothing moving")
            self.app.step(self.dt)
            frames += 1
        return frames * self.dt


def context(lang: str) -> Context:
    i18n.set_language(lang)
    settings = Settings(mute=True)          # the default animation speed
    settings.language = lang
    return Context(settings, Sounds(mute=True), {"seed": 11})


class Run(ABC):
    """One lesson played to its end: the scene, and per lesson what a step is waiting for and
    the click that answers it (the scripted player of the lesson's tests)."""

    def __init__(self, scene: TutorialScene | CastellLessonScene) -> None:
        self.scene = scene
        self.player = Player(scene)

    @abstractmethod
    def chapter(self) -> str: ...

    @abstractmethod
    def waiting(self) -> bool:
        """The step waits for the player: a click or Continue (nothing left to watch)."""

    @abstractmethod
    def act(self, record: StepTime) -> None:
        """The click the step waits for, counted in `record`."""

    def steps(self) -> list[StepTime]:
        """Every step as the newcomer lives it: the watched frames, the texts read, the clicks."""
        scene, player = self.scene, self.player
        steps: list[StepTime] = []
        while player.app.scene is scene:
            index = scene.match.index
            record = StepTime(index, self.chapter())
            steps.append(record)

            def moved_on(index: int = index) -> bool:
                return player.app.scene is not scene or scene.match.index != index
            while True:
                record.watched_s += player.wait(lambda: moved_on() or self.waiting())
                if moved_on():
                    break
                record.read(scene.shown_text())
                self.act(record)
        return steps


class GrandeRun(Run):
    """Learn to play (levels/tutorial/), from its first step."""

    scene: TutorialScene

    def __init__(self, lang: str) -> None:
        super().__init__(TutorialScene(context(lang), load_lesson(), 0))

    def chapter(self) -> str:
        return self.scene.match.chapter.title["en"]

    def waiting(self) -> bool:
        scene = self.scene
        return (scene.can_continue() or scene.top.summary is not None
                or (not scene.match.needs_continue and bool(scene.top.my_turn())))

    def act(self, record: StepTime) -> None:
        scene, player = self.scene, self.player
        if scene.top.summary is not None:
            record.summaries += 1
            player.click(layout.current().map_rect.center)
        elif scene.can_continue():
            record.continues += 1
            player.click(continue_button(panel_rect()).center)
        else:
            target = scene.move_target()
            if target is None:
                raise RuntimeError(f"step {record.index + 1}: nothing marked to click for {scene.match.expected()}")
            record.clicks += 1
            player.click(target.center)


class CastellRun(Run):
    """Learn Castell (levels/castell/lesson.yaml), from its first step."""

    scene: CastellLessonScene

    def __init__(self, lang: str) -> None:
        super().__init__(CastellLessonScene(context(lang), load_castell_lesson(), 0))

    def chapter(self) -> str:
        return "Learn Castell"

    def spot(self) -> pygame.Rect | None:
        return self.scene.click_spot(self.scene.table.table_frame())

    def waiting(self) -> bool:
        return self.scene.can_continue() or self.spot() is not None

    def act(self, record: StepTime) -> None:
        scene, player = self.scene, self.player
        if scene.can_continue():
            record.continues += 1
            player.click(continue_button(castell_lesson.panel_rect(scene.layout())).center)
            return
        target = self.spot()
        if target is None:
            raise RuntimeError(f"step {record.index + 1}: nothing marked to click for {scene.match.expected()}")
        record.clicks += 1
        player.click(target.center)


def report(name: str, lang: str, steps: list[StepTime], clock: Clock, longest: int) -> dict:
    chapters: dict[str, float] = {}
    for step in steps:
        chapters[step.chapter] = chapters.get(step.chapter, 0.0) + step.seconds(clock)
    ranked = sorted(steps, key=lambda s: s.seconds(clock), reverse=True)[:longest]
    total = sum(step.seconds(clock) for step in steps)
    slower, faster = replace(clock, wpm=clock.wpm * 0.8), replace(clock, wpm=clock.wpm * 1.33)
    return {"benchmark": "lesson_length", "lesson": name, "lang": lang, "minutes": round(total / 60, 1),
            "steps": len(steps), "words": sum(s.words for s in steps), "clicks": sum(s.clicks for s in steps),
            "continues": sum(s.continues for s in steps), "summaries": sum(s.summaries for s in steps),
            "minutes_if_wpm": {round(c.wpm): round(sum(s.seconds(c) for s in steps) / 60, 1) for c in (slower, faster)},
            "reading_min": round(sum(clock.reading(t) for s in steps for t in s.texts) / 60, 1),
            "watched_min": round(sum(s.watched_s for s in steps) / 60, 1),
            "chapters_min": {title: round(seconds / 60, 1) for title, seconds in chapters.items()},
            "longest": [{"step": s.index + 1, "s": round(s.seconds(clock)), "words": s.words,
                         "watched_s": round(s.watched_s, 1)} for s in ranked]}


LESSONS: dict[str, type[Run]] = {"grande": GrandeRun, "castell": CastellRun}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wpm", type=float, default=150.0, help="reading speed, words a minute")
    parser.add_argument("--floor-s", type=float, default=4.0, help="least seconds to read one text")
    parser.add_argument("--action-s", type=float, default=3.0, help="seconds to find and make one click of a move")
    parser.add_argument("--continue-s", type=float, default=1.0, help="seconds per Continue")
    parser.add_argument("--summary-s", type=float, default=10.0, help="seconds per scoring summary")
    parser.add_argument("--lang", default=",".join(LANGUAGES))
    parser.add_argument("--lesson", default=",".join(LESSONS))
    parser.add_argument("--longest", type=int, default=5, help="how many of the longest steps to list")
    args = parser.parse_args()
    clock = Clock(args.wpm, args.floor_s, args.action_s, args.continue_s, args.summary_s)
    print(json.dumps({"benchmark": "lesson_length", "assumptions": vars(args), "anim_speed": Settings().anim_speed}))
    for name in args.lesson.split(","):
        for lang in args.lang.split(","):
            print(json.dumps(report(name, lang, LESSONS[name](lang).steps(), clock, args.longest), ensure_ascii=False),
                  flush=True)


if __name__ == "__main__":
    main()
