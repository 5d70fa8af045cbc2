"""Where each screen leads, written once: a scene asks this module for the screen it goes to
instead of importing another scene module (which tied the scene modules in a circle).

The screens' constructors are a typed registry, `SCREENS`, that each scene module fills when it
loads (`SCREENS.title = TitleScene`; mypy checks each against its slot); game/scenes/__init__.py
loads them all, so importing any scene makes every screen reachable. This module imports no
scene, and an architecture test keeps every other scene module from importing one.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import engine
from game.match import saves
from game.match.controller import Match
from game.shell.scene import Context, Scene

if TYPE_CHECKING:
    from game.match.castell_source import CastellSource
    from game.match.remote_seat import RemoteSeat
    from game.match.castell_match import CastellMatch
    from game.match.castell_replay import CastellReplay
    from game.match.source import MatchSource
    from net.background import BackgroundClient
    from game.match.replay_model import ReplayAdvice, ReplayWindow
    from game.present.table import Table
    from game.scenes.play import MatchScene
    from game.tutorial.castell_lesson import CastellLesson
    from game.tutorial.lesson import Lesson


class Screens:
    """Each screen's constructor, set by its own module at import (unset: that module is not
    loaded, an AttributeError naming the screen)."""
    title: Callable[[Context], Scene]
    setup: Callable[[Context], Scene]
    castell_setup: Callable[[Context], Scene]
    settings: Callable[[Context, bool, Any, bool], Scene]
    help_screen: Callable[[Context, str | None], Scene]
    files: Callable[[Context, str, bool], Scene]
    save: Callable[[Context, Any], Scene]
    message: Callable[[Context, str, str, bool, str], Scene]
    match_screen: Callable[[Context, MatchSource], MatchScene]
    handoff: Callable[[Context, MatchSource, str, str | None], Scene]
    game_over: Callable[[Context, MatchSource, Table | None], Scene]
    replay: Callable[[Context, ReplayWindow, int | None, ReplayAdvice | None], Scene]
    review: Callable[[Context, Match], Scene]
    tutorial: Callable[[Context, Lesson, int], Scene]
    challenges: Callable[[Context], Scene]
    unfinished: Callable[[Context, list[saves.SlotInfo], Callable[[], Scene]], Scene]
    error: Callable[[Context, str, Path | str, bool, bool, Path | None], Scene]
    online: Callable[[Context], Scene]
    online_lobby: Callable[[Context, BackgroundClient, dict[str, Any]], Scene]
    seat_lost: Callable[[Context, RemoteSeat, str], Scene]
    castell_table: Callable[[Context, CastellSource], Scene]
    castell_pause: Callable[[Context, CastellMatch | None], Scene]
    castell_help: Callable[[Context], Scene]
    castell_replay: Callable[[Context, CastellReplay, int | None], Scene]
    castell_lesson: Callable[[Context, CastellLesson, int], Scene]


SCREENS = Screens()


def title(ctx: Context) -> Scene:
    return SCREENS.title(ctx)


def setup(ctx: Context) -> Scene:
    return SCREENS.setup(ctx)


def settings(ctx: Context, in_game: bool, match: Match | None = None, online: bool = False) -> Scene:
    """The settings; in a game also the menu (resume, quit, and save or load unless `online`)."""
    return SCREENS.settings(ctx, in_game, match, online)


def help_screen(ctx: Context, card: str | None = None) -> Scene:
    return SCREENS.help_screen(ctx, card)


def files(ctx: Context, mode: str = "load", in_game: bool = False) -> Scene:
    return SCREENS.files(ctx, mode, in_game)


def save(ctx: Context, match: Match | CastellMatch) -> Scene:
    return SCREENS.save(ctx, match)


def message(ctx: Context, title_text: str, text: str, error: bool = False, note: str = "") -> Scene:
    return SCREENS.message(ctx, title_text, text, error, note)


def match_screen(ctx: Context, match: MatchSource) -> MatchScene:
    return SCREENS.match_screen(ctx, match)


def resume(ctx: Context, game: engine.Game, seats: Any, hints_used: int = 0,
           source: Path | None = None) -> Scene:
    """The match screen continuing a loaded game (log rebuilt from its record; the Hint count a
    save kept, for a challenge's end screen). Resumed from an autosave (`source`), it goes on in
    that slot; any other game gets a slot of its own, so no unfinished game is replaced."""
    match = Match.from_game(game, seats)
    match.hints_used = hints_used
    match.autosave_slot = saves.resumed_slot(source, match.autosave_slot)
    match.save()      # this game is now the first one under Continue
    return match_screen(ctx, match)


def handoff(ctx: Context, match: MatchSource, kind: str, player: str | None) -> Scene:
    return SCREENS.handoff(ctx, match, kind, player)


def game_over(ctx: Context, match: MatchSource, table: Table | None = None) -> Scene:
    return SCREENS.game_over(ctx, match, table)


def replay(ctx: Context, window: ReplayWindow, position: int | None = None,
           advice: ReplayAdvice | None = None) -> Scene:
    return SCREENS.replay(ctx, window, position, advice)


def review(ctx: Context, match: Match) -> Scene:
    return SCREENS.review(ctx, match)


def tutorial(ctx: Context, lesson: Lesson, index: int = 0) -> Scene:
    return SCREENS.tutorial(ctx, lesson, index)


def challenges(ctx: Context) -> Scene:
    return SCREENS.challenges(ctx)


def unfinished(ctx: Context, slots: list[saves.SlotInfo], start: Callable[[], Scene]) -> Scene:
    return SCREENS.unfinished(ctx, slots, start)


def error(ctx: Context, text: str, report: Path | str, resumable: bool, save_failed: bool = False,
          save: Path | None = None) -> Scene:
    return SCREENS.error(ctx, text, report, resumable, save_failed, save)


def is_error(scene: Scene) -> bool:
    """Whether `scene` is the error screen (an error there is beyond help: game/scenes/crash.py)."""
    return scene.name == "error"


def online_lobby(ctx: Context, online: BackgroundClient, reply: dict[str, Any]) -> Scene:
    """The lobby of a table just seated at (`online` a connected BackgroundClient, `reply` the
    server's created/joined answer); the match screen once the game has started."""
    return SCREENS.online_lobby(ctx, online, reply)


def online(ctx: Context) -> Scene:
    return SCREENS.online(ctx)


def seat_lost(ctx: Context, table: RemoteSeat, player: str) -> Scene:
    """A seated player of an online table is asked: wait for `player`, or hand the seat to an AI."""
    return SCREENS.seat_lost(ctx, table, player)


def castell_table(ctx: Context, match: CastellSource) -> Scene:
    return SCREENS.castell_table(ctx, match)


def castell_setup(ctx: Context) -> Scene:
    return SCREENS.castell_setup(ctx)


def castell_help(ctx: Context) -> Scene:
    return SCREENS.castell_help(ctx)


def castell_pause(ctx: Context, match: CastellMatch | None) -> Scene:
    return SCREENS.castell_pause(ctx, match)


def castell_replay(ctx: Context, replay: CastellReplay, position: int | None = None) -> Scene:
    return SCREENS.castell_replay(ctx, replay, position)


def castell_lesson(ctx: Context, lesson: CastellLesson, index: int = 0) -> Scene:
    return SCREENS.castell_lesson(ctx, lesson, index)
