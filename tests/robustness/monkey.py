"""A monkey for the real client: random mouse and keyboard events posted to the pygame queue of a
headless `game.shell.app.App`, starting in turn from every scene. Shared by test_robust_monkey.py and
benchmarks/soak.py.

Half of the clicks go where a human would click to make a legal choice (targets from the
client's own layout, via tests/game/driver.py when it is there), so games really advance and the
monkey reaches the Castillo, scoring and game-over scenes; the rest are anywhere, any key. An
exception in a frame (which the app turns into its error screen, game/scenes/crash.py), one out of
`App.step` or out of building a scene counts as a failure; the monkey then starts again from the
next scene.
"""
from __future__ import annotations

import os
import random
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[2]
FRAME = 1 / 30


def available() -> str | None:
    """None when the client can run headless here, else the reason it cannot."""
    try:
        import pygame  # noqa: F401
        from game.shell.app import App  # noqa: F401
        from game.scenes.title import TitleScene  # noqa: F401
    except Exception as exc:  # noqa: BLE001 - any import problem means: no monkey
        return f"client not importable ({exc.__class__.__name__}: {exc})"
    return None


@dataclass
class MonkeyReport:
    events: int = 0
    frames: int = 0
    restarts: int = 0
    scenes: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)


def _context(seed: int) -> Any:
    from game.shell.assets import Sounds
    from game.shell.scene import Context
    from game.shell.settings import Settings
    return Context(Settings(anim_speed=40.0, mute=True), Sounds(mute=True), {"seed": seed})


def _match(kinds: list[str], seed: int, finished: bool = False) -> Any:
    from game.match.controller import Match
    from game.match.seats import Seat, COLOURS
    match = Match([Seat(COLOURS[i], kind) for i, kind in enumerate(kinds)], seed, autosave=not finished)
    if finished:       # played to its end without an autosave per move: only the end is looked at
        rng = random.Random(seed)
        while not match.host_game.is_over:
            match.play(rng.choice(match.host_game.legal_moves()))
        match.events.clear()
        match.autosave = True
    return match


def scene_factories() -> dict[str, Callable[[Any, int], Any]]:
    """name -> (ctx, seed) -> a first scene; every scene the client has, where it can be built."""
    from game.match.replay_model import ReplayModel
    from game.scenes import (challenges, dialog, files, game_over, handoff, help as help_scene, play, replay,
                             settings, setup, title)
    factories: dict[str, Callable[[Any, int], Any]] = {
        "title": lambda ctx, seed: title.TitleScene(ctx),
        "setup": lambda ctx, seed: setup.SetupScene(ctx),
        "challenges": lambda ctx, seed: challenges.ChallengesScene(ctx),
        "help": lambda ctx, seed: help_scene.HelpScene(ctx),
        "settings": lambda ctx, seed: settings.SettingsScene(ctx, in_game=False),
    }

    def in_game(kinds: list[str]) -> Callable[[Any, int], Any]:
        def build(ctx: Any, seed: int) -> Any:
            match = _match(kinds, seed)
            return play.MatchScene(ctx, match)
        return build
    factories["play_vs_ai"] = in_game(["human", "random", "random", "random"])
    factories["play_5"] = in_game(["human", "random", "random", "random", "random"])
    factories["pass_and_play"] = in_game(["human", "human", "random"])
    factories["game_over"] = lambda ctx, seed: game_over.GameOverScene(ctx, _match(["human", "random"], seed, True))
    factories["handoff"] = lambda ctx, seed: handoff.HandoffScene(
        ctx, _match(["human", "human"], seed), "before", "red")
    factories["files_load"] = lambda ctx, seed: files.FilesScene(ctx, "load")
    factories["files_replay"] = lambda ctx, seed: files.FilesScene(ctx, "replay")
    factories["save"] = lambda ctx, seed: files.SaveScene(ctx, _match(["human", "random"], seed))
    factories["dialog"] = lambda ctx, seed: dialog.MessageScene(ctx, "Could not load", "x.json: bad", True)
    factories["replay"] = lambda ctx, seed: replay.ReplayScene(
        ctx, ReplayModel(_match(["random", "random", "random"], seed, True).host_game.record()).window())
    return factories


_KEYS = None


def _keys() -> list[int]:
    global _KEYS
    if _KEYS is None:
        import pygame
        _KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_BACKSPACE,
                 pygame.K_F1, pygame.K_h, pygame.K_s, pygame.K_d, pygame.K_p, pygame.K_LEFT,
                 pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_DELETE, pygame.K_HOME,
                 pygame.K_a, pygame.K_z, pygame.K_1, pygame.K_9, pygame.K_0, pygame.K_KP_ENTER]
    return _KEYS


def _smart_target(scene: Any, rng: random.Random) -> tuple[int, int] | None:
    """Where a human would click for a legal choice, from the client's test driver if present."""
    try:
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        from tests.game.driver import human_target
    except Exception:  # noqa: BLE001 - no driver: only random clicks
        return None
    try:
        return human_target(scene, rng)
    except Exception:  # noqa: BLE001 - the driver's probing is not the client under test
        return None


def _post_random_event(app: Any, rng: random.Random) -> None:
    import pygame
    from game.shell.layout import LOGICAL
    r = rng.random()
    anywhere = app.to_window((rng.randrange(LOGICAL[0]), rng.randrange(LOGICAL[1])))
    if r < 0.4:
        target = _smart_target(app.scene, rng)
        pos = app.to_window(target) if target else anywhere
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif r < 0.55:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=anywhere, rel=(1, 1), buttons=(0, 0, 0)))
    elif r < 0.7:
        button = rng.choice((1, 1, 1, 2, 3, 4, 5))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=anywhere, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=anywhere, button=button))
    elif r < 0.75:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
    elif r < 0.95:
        key = rng.choice(_keys())
        if key == pygame.K_ESCAPE and rng.random() < 0.7:
            key = pygame.K_TAB          # escape often quits: keep it rarer than the others
        text = chr(key) if 32 <= key < 127 else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, scancode=0))
    else:
        text = rng.choice(("a", "Z", "é", "ñ", "1", " ", "名", "\u200b"))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _failure(exc: BaseException, where: str) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if "/game/" in f.filename.replace("\\", "/")] or frames
    last = mine[-1] if mine else None
    at = f"{Path(last.filename).name}:{last.lineno}" if last else "?"
    return f"{where}: {exc.__class__.__name__}: {exc} (at {at})"[:400]


def run(events: int, seed: int = 1, per_start: int = 1500, starts: list[str] | None = None,
        per_frame: int = 1) -> MonkeyReport:
    """Post `events` random events, `per_frame` per frame, starting again from the next scene
    every `per_start` events (and whenever the app quits or raises)."""
    import pygame
    from game.shell.app import App
    report = MonkeyReport()
    rng = random.Random(seed)
    factories = scene_factories()
    order = starts or list(factories)
    start_i = 0
    app = None
    budget = 0
    while report.events < events:
        if app is None or not app.running or budget <= 0:
            name = order[start_i % len(order)]
            start_i += 1
            report.restarts += 1
            budget = per_start
            if pygame.display.get_init():
                pygame.event.clear()
            try:
                app = App(factories[name](_context(rng.randrange(10**6)), rng.randrange(1, 10**6)))
            except Exception as exc:  # noqa: BLE001
                report.failures.append(_failure(exc, f"building {name}"))
                app = None
                report.events += 1
                continue
        try:
            for _ in range(per_frame):
                _post_random_event(app, rng)
        except Exception as exc:  # noqa: BLE001 - to_window or the scene's hit boxes failed
            report.failures.append(_failure(exc, f"posting to {getattr(app.scene, 'name', '?')}"))
            app = None
            continue
        report.events += per_frame
        budget -= per_frame
        try:
            before = getattr(app.scene, "name", "?")
            app.step(FRAME)
            report.frames += 1
            report.scenes.update(app.history)
        except Exception as exc:  # noqa: BLE001 - what the monkey looks for
            report.failures.append(_failure(exc, f"scene {getattr(app.scene, 'name', '?')}"))
            app = None
            continue
        if app.running and app.scene.name == "error":
            report.failures.append(f"scene {before}: error screen: {app.scene.error}"[:400])
            app = None
    return report
