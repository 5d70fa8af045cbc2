"""Where each screen leads, written once: a scene asks this module for the screen it goes to
instead of importing another scene module (which tied the scene modules in a circle of
function-level imports). An architecture test keeps every other scene module from importing a
scene. The imports are inside the functions because the scenes import this module.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import engine
from game.match import saves
from game.shell.scene import Context, Scene

if TYPE_CHECKING:
    from game.match.castell_match import CastellMatch
    from game.match.controller import Match
    from game.match.remote import RemoteTable
    from game.match.source import MatchSource
    from net.background import BackgroundClient
    from game.match.replay_model import ReplayAdvice, ReplayWindow
    from game.present.table import Table
    from game.scenes.play import MatchScene
    from game.tutorial.lesson import Lesson


def title(ctx: Context) -> Scene:
    from game.scenes.title import TitleScene
    return TitleScene(ctx)


def setup(ctx: Context) -> Scene:
    from game.scenes.setup import SetupScene
    return SetupScene(ctx)


def settings(ctx: Context, in_game: bool, match: Match | None = None, online: bool = False) -> Scene:
    """The settings; in a game also the menu (resume, quit, and save or load unless `online`)."""
    from game.scenes.settings import SettingsScene
    return SettingsScene(ctx, in_game=in_game, match=match, online=online)


def help_screen(ctx: Context, card: str | None = None) -> Scene:
    from game.scenes.help import HelpScene
    return HelpScene(ctx, card=card)


def files(ctx: Context, mode: str = "load", in_game: bool = False) -> Scene:
    from game.scenes.files import FilesScene
    return FilesScene(ctx, mode, in_game)


def save(ctx: Context, match: Match) -> Scene:
    from game.scenes.files import SaveScene
    return SaveScene(ctx, match)


def message(ctx: Context, title_text: str, text: str, error: bool = False, note: str = "") -> Scene:
    from game.scenes.dialog import MessageScene
    return MessageScene(ctx, title_text, text, error, note)


def match_screen(ctx: Context, match: MatchSource) -> MatchScene:
    from game.scenes.play import MatchScene
    return MatchScene(ctx, match)


def resume(ctx: Context, game: engine.Game, seats: Any, hints_used: int = 0,
           source: Path | None = None) -> Scene:
    """The match screen continuing a loaded game (log rebuilt from its record; the Hint count a
    save kept, for a challenge's end screen). Resumed from an autosave (`source`), it goes on in
    that slot; any other game gets a slot of its own, so no unfinished game is replaced."""
    from game.match.controller import Match
    match = Match.from_game(game, seats)
    match.hints_used = hints_used
    match.autosave_slot = saves.resumed_slot(source, match.autosave_slot)
    match.save()      # this game is now the first one under Continue
    return match_screen(ctx, match)


def handoff(ctx: Context, match: MatchSource, kind: str, player: str | None) -> Scene:
    from game.scenes.handoff import HandoffScene
    return HandoffScene(ctx, match, kind, player)


def game_over(ctx: Context, match: MatchSource, table: Table | None = None) -> Scene:
    from game.scenes.game_over import GameOverScene
    return GameOverScene(ctx, match, table)


def replay(ctx: Context, window: ReplayWindow, position: int | None = None,
           advice: ReplayAdvice | None = None) -> Scene:
    from game.scenes.replay import ReplayScene
    return ReplayScene(ctx, window, position, advice)


def review(ctx: Context, match: Match) -> Scene:
    from game.scenes.review import ReviewScene
    return ReviewScene(ctx, match)


def tutorial(ctx: Context, lesson: Lesson, index: int = 0) -> Scene:
    from game.scenes.tutorial import TutorialScene
    return TutorialScene(ctx, lesson, index)


def challenges(ctx: Context) -> Scene:
    from game.scenes.challenges import ChallengesScene
    return ChallengesScene(ctx)


def unfinished(ctx: Context, slots: list[saves.SlotInfo], start: Callable[[], Scene]) -> Scene:
    from game.scenes.unfinished import UnfinishedScene
    return UnfinishedScene(ctx, slots, start)


def error(ctx: Context, text: str, report: Path | str, resumable: bool, save_failed: bool = False,
          save: Path | None = None) -> Scene:
    from game.scenes.error import ErrorScene
    return ErrorScene(ctx, text, report, resumable, save_failed, save)


def is_error(scene: Scene) -> bool:
    """Whether `scene` is the error screen (an error there is beyond help: game/shell/crash.py)."""
    return scene.name == "error"


def online_lobby(ctx: Context, online: BackgroundClient, reply: dict[str, Any]) -> Scene:
    """The lobby of a table just seated at (`online` a connected BackgroundClient, `reply` the
    server's created/joined answer); the match screen once the game has started."""
    from game.scenes.online import table_for
    from game.scenes.online_lobby import LobbyScene
    return LobbyScene(ctx, table_for(ctx, online, reply))


def online(ctx: Context) -> Scene:
    from game.scenes.online import OnlineScene
    return OnlineScene(ctx)


def seat_lost(ctx: Context, table: RemoteTable, player: str) -> Scene:
    """A seated player of an online table is asked: wait for `player`, or hand the seat to an AI."""
    from game.scenes.online_lobby import SeatLostScene
    return SeatLostScene(ctx, table, player)


def castell_table(ctx: Context, match: CastellMatch) -> Scene:
    from game.scenes.castell_play import CastellScene
    return CastellScene(ctx, match)


def castell_setup(ctx: Context) -> Scene:
    from game.match.last_setup import CASTELL
    from game.scenes.setup import SetupScene
    return SetupScene(ctx, CASTELL)


def castell_help(ctx: Context) -> Scene:
    from game.scenes.castell_help import CastellHelp
    return CastellHelp(ctx)


def castell_pause(ctx: Context) -> Scene:
    from game.scenes.castell_pause import CastellPause
    return CastellPause(ctx)
