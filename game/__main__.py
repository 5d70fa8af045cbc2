"""Command line: `el-grande` / `python -m game`.

Opens the window on the title screen, or straight into a game with --players, --load or --scenario,
or into the replay viewer of a record or save of either game with --replay;
--headless plays an AI-only game to the end without a window and prints the game log and the result.

Ctrl+C ends the program with exit code 130 and SIGTERM with 143 (128 + the signal's number, what
a shell reports for a process a signal ended), quietly: no traceback. Nothing is lost: a windowed
game is autosaved after every decision, and a headless game is never saved.
"""
from __future__ import annotations

import argparse
import math
import signal
import sys
import threading
from dataclasses import replace
from pathlib import Path
from collections.abc import Callable
from typing import NoReturn, Sequence

import engine
from engine import castell
from game.castell_headless import HUMAN, castell_headless_lines, parse_castell_players
from game.match import castell_saves, saves
from game.match.castell_match import CastellMatch
from game.match.castell_replay import CastellReplay
from game.match.replay_model import ReplayModel
from game.match.controller import Match
from game.match.seats import AI_LEVELS, Seat, default_seats, make_agent, parse_players
from game.match.seed import SEED_LIMIT, new_seed
from game.render import style
from game.scenes import navigation
from game.shell import datadir, i18n
from game.shell.app import App
from game.shell.assets import Sounds
from game.shell.display import NoDisplay
from game.shell.scene import Context, Scene
from game.shell.settings import RANGES, SPEED_RANGE, Settings


WINDOW_RANGE = (100, 16384)   # pixels per side --window accepts


class _Parser(argparse.ArgumentParser):
    """Refusals in one line (`el-grande: error: ...`) and exit code 2, without the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def _folder(text: str) -> Path:
    """A folder flag's value; an empty one would silently mean the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder name, got an empty value")
    return Path(text)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="el-grande", description="El Grande — the area-majority board game.")
    parser.add_argument("--players", help="comma-separated seats in colour order (red, blue, green, yellow, "
                        "orange): human or an AI level (" + ", ".join(AI_LEVELS) + "), e.g. human,hard,hard,hard")
    parser.add_argument("--game", choices=("el-grande", "castell"), default="el-grande",
                        help="which game: El Grande (default) or Castell (headless only for now)")
    parser.add_argument("--wheel", choices=("standard", "advanced"), default="standard",
                        help="Castell's wheel side: standard (All Regions) or advanced (No Regions)")
    parser.add_argument("--seed", type=int, help="random seed of the game (default: random)")
    parser.add_argument("--variant", choices=("classic", "short"), default="classic",
                        help="classic: 9 rounds; short: 6 rounds (2, 3, 5, 6, 8, 9)")
    parser.add_argument("--no-veto", action="store_true", help="play without the two Veto cards")
    parser.add_argument("--secret-castillo", action="store_true",
                        help="hide each player's Castillo count (only the total is shown)")
    parser.add_argument("--dummy", action="store_true",
                        help="2 players only: add the neutral colour (the new edition's 2-player game)")
    parser.add_argument("--headless", action="store_true",
                        help="play an AI-only game without a window; print the log and the result")
    parser.add_argument("--screenshots", type=_folder, metavar="DIR",
                        help="save a PNG whenever the scene changes (numbered on after the folder's earlier pictures)")
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGE_NAMES), help="language (default: from settings)")
    parser.add_argument("--window", metavar="WxH",
                        help="initial window size (default: the last one, within the desktop; else 1280x800)")
    parser.add_argument("--speed", type=float, help="animation speed multiplier (default: from settings)")
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--load", type=Path, metavar="FILE",
                       help="start from a saved game or an exported game record (JSON)")
    start.add_argument("--replay", type=Path, metavar="FILE",
                       help="watch a finished or saved game move by move: a record or save of El Grande "
                       "or of Castell (the file says which)")
    start.add_argument("--scenario", type=Path, metavar="FILE",
                       help="start from a scenario or challenge file (YAML, levels/scenarios/); without "
                       "--players the first colour listed is human and the others normal AI")
    return parser


def load_match(path: Path, seats_override: list[Seat] | None = None, scenario: bool = False,
               ai_only: bool = False) -> Match:
    """A match continuing a save file or an exported record, or (`scenario`) starting from a scenario
    file. `--players` seats, in order, the game's colours and must match their number. Raises
    engine.EngineError (one line naming the file and the field) when the file cannot be used. The
    file is only read here; a match from an autosave goes on writing that slot, any other gets one
    new slot of its own."""
    seats: Sequence[Seat | saves.SeatMeta] | None
    if scenario:
        game = engine.load_scenario(path)
        seats = [Seat(p, "normal") for p in game.players] if ai_only else default_seats(game.players)
    else:
        record, seats = saves.read_record(path)
        game = engine.replay(record, str(path.name))
    if seats_override:
        if len(seats_override) != len(game.players):
            raise engine.DataError(f"{path.name}: the game has {len(game.players)} players "
                                   f"({', '.join(game.players)}), --players gives {len(seats_override)} seats")
        seats = [replace(seat, player=player) for seat, player in zip(seats_override, game.players)]
    match = Match.from_game(game, seats)
    if not scenario:       # a save keeps its Hint count (a challenge's end screen shows it)
        match.hints_used = saves.peek(path).hints_used
        match.autosave_slot = saves.resumed_slot(path, match.autosave_slot)   # an autosave goes on in its slot
    return match


def run_headless(args: argparse.Namespace, loaded: Match | None = None) -> int:
    """An AI-only game on the calling thread; prints each log line and the final ranking."""
    if loaded is not None:
        match, seats = loaded, list(loaded.seats.values())
        match.autosave = False
    else:
        seats = parse_players(args.players or "normal,normal,normal,normal")
    if any(seat.human for seat in seats):
        print("el-grande: --headless needs AI seats only", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else new_seed()
    if loaded is None:
        match = Match(seats, seed, args.variant, not args.no_veto,
                      "secret" if args.secret_castillo else "announced", autosave=False, dummy=args.dummy)
    else:
        seed = match.seed
    agents = {s.player: make_agent(s.kind, seed=seed + i) for i, s in enumerate(seats)}
    printed = 0 if loaded is None else len(match.log_lines())   # a new game's opening lines too; a loaded one goes on
    while match.play_agents_once(agents, seed):
        lines = match.log_lines()
        for line in lines[printed:]:
            print(line)
        printed = len(lines)
    scores = match.view().scores
    for line in result_lines([(match.name(p), match.seats[p].kind, scores[p]) for p in match.players]):
        print(line)
    return 0


def run_castell(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """`--game castell`: straight to a Castell table (`human` seats play in the window), or with
    --headless an AI-only game printed to the end; El Grande's own flags are refused by name."""
    for flag, given in (("--load", args.load), ("--scenario", args.scenario), ("--dummy", args.dummy),
                        ("--no-veto", args.no_veto), ("--secret-castillo", args.secret_castillo)):
        if given:
            parser.error(f"{flag} is an El Grande option; Castell does not take it")
    try:
        kinds = parse_castell_players(args.players or ("normal,normal,normal" if args.headless
                                                       else "human,normal,normal"))
    except ValueError as exc:
        parser.error(str(exc))
    if args.headless and HUMAN in kinds:
        parser.error("--headless needs AI seats only")
    seed = args.seed if args.seed is not None else new_seed()
    if args.headless:
        for line in castell_headless_lines(kinds, seed, args.wheel):
            print(line, flush=True)
        return 0
    seats = [Seat(player, kind) for player, kind in zip(castell.COLOURS, kinds)]
    return run_window(args, None, opening=lambda ctx: navigation.castell_table(
        ctx, CastellMatch(seats, seed, args.wheel)))


def replay_opening(path: Path) -> Callable[[Context], Scene]:
    """`--replay FILE`: the replay viewer of a record or save, El Grande's or Castell's (the file
    says which), from its first move; EngineError (one line naming the file) when unreadable."""
    if castell_saves.is_castell(saves.read_json(path)):
        castell_game = CastellReplay.from_file(path)
        return lambda ctx: navigation.castell_replay(ctx, castell_game, 0)
    window = ReplayModel.from_file(path).window()
    return lambda ctx: navigation.replay(ctx, window, 0)


def result_lines(seats: list[tuple[str, str, int]]) -> list[str]:
    """The final standings (name, kind, points per seat): tied players share a rank and are
    marked, and a tie for the top is a shared win (rules §9)."""
    points = [p for _, _, p in seats]
    lines = [i18n.t("headless.result")]
    for name, kind, score in sorted(seats, key=lambda seat: -seat[2]):
        rank = 1 + sum(other > score for other in points)
        tie = " " + i18n.t("headless.tied") if points.count(score) > 1 else ""
        lines.append(f"{rank}. {name} ({kind}): {score}{tie}")
    top = max(points)
    winners = ", ".join(name for name, _, score in seats if score == top)
    if points.count(top) > 1:
        lines.append(i18n.t("headless.shared_win", who=winners, points=top))
    else:
        lines.append(i18n.t("headless.winners", who=winners))
    return lines


def start_context(args: argparse.Namespace, settings: Settings) -> Context:
    """The scenes' context at start-up; a settings file that had to be kept aside is a notice."""
    if args.speed is not None:
        settings.anim_speed = args.speed
    ctx = Context(settings, Sounds(settings.volume, settings.mute), {"seed": args.seed})
    if settings.kept_aside:
        ctx.notices.append(i18n.t("settings.reset", name=settings.kept_aside))
    for field in settings.refused:
        low, high = RANGES[field]
        ctx.notices.append(i18n.t("settings.out_of_range", field=field, low=f"{low:g}", high=f"{high:g}"))
    ctx.notices += datadir.take_notices() + i18n.take_notices()   # the data folder moved, a damaged catalog
    return ctx


def run_window(args: argparse.Namespace, seats: list[Seat] | None, loaded: Match | None = None,
               settings: Settings | None = None, opening: Callable[[Context], Scene] | None = None) -> int:
    saves.remove_stale_temp_files()
    settings = settings or Settings.load()
    style.use_look(settings.palette, settings.ui_scale)
    ctx = start_context(args, settings)
    first: Scene
    if opening is not None:
        first = opening(ctx)
    elif loaded is not None:
        loaded.save()
        first = navigation.match_screen(ctx, loaded)
    elif seats:
        seed = args.seed if args.seed is not None else new_seed()
        match = Match(seats, seed, args.variant, not args.no_veto, "secret" if args.secret_castillo else "announced",
                      dummy=args.dummy)
        first = navigation.match_screen(ctx, match)
    else:
        first = navigation.title(ctx)
    try:
        app = App(first, args.window, settings.fullscreen, args.screenshots)
    except NoDisplay as exc:
        print(i18n.t("display.none", reason=exc), file=sys.stderr)
        return 2
    app.run()
    return 0


def check_flags(args: argparse.Namespace) -> str | None:
    """Why the flags cannot be used (one line naming the flag and the range), or None. Turns
    --window into a (width, height) pair."""
    if args.players is not None:
        kinds = args.players.split(",")
        if any(not kind.strip() for kind in kinds):
            return f"--players {args.players[:60]!r}: expected 2 to 5 seats separated by commas, none empty"
        try:
            parse_players(args.players)
        except ValueError as exc:
            return str(exc)
    if args.seed is not None and not 0 <= args.seed < SEED_LIMIT:
        return f"--seed: expected a whole number from 0 to 2^128-1, got {args.seed}"
    low, high = SPEED_RANGE
    if args.speed is not None and not (math.isfinite(args.speed) and low <= args.speed <= high):
        return f"--speed: expected a number from {low} to {high}, got {args.speed}"
    problem = _window_problem(args)
    if problem is None and args.screenshots is not None:
        return _screenshot_dir_problem(args.screenshots)
    return problem


def _window_problem(args: argparse.Namespace) -> str | None:
    """--window, when given, must be WIDTHxHEIGHT in range; it becomes a (width, height) pair."""
    if args.window is None:
        return None
    width, sep, height = args.window.partition("x")
    low_px, high_px = WINDOW_RANGE
    if not (sep and width.isdecimal() and height.isdecimal() and len(width) <= 5 and len(height) <= 5
            and low_px <= int(width) <= high_px and low_px <= int(height) <= high_px):
        return f"--window: expected WIDTHxHEIGHT, each {low_px} to {high_px} pixels (e.g. 1920x1080), got {args.window[:40]!r}"
    args.window = (int(width), int(height))
    return None


def _screenshot_dir_problem(folder: Path) -> str | None:
    """--screenshots must name a folder that exists or can be made (never a file, which PNGs
    would be written beside or over)."""
    if folder.exists() and not folder.is_dir():
        return f"--screenshots {folder}: expected a folder, this is a file"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"--screenshots {folder}: cannot make the folder ({exc.strerror or exc})"
    return None


class Terminated(BaseException):
    """SIGTERM, raised on the main thread so that the program unwinds as it does for Ctrl+C."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    """Run the command line; Ctrl+C and SIGTERM end it quietly (exit codes 130 and 143)."""
    on_main_thread = threading.current_thread() is threading.main_thread()   # (tests call main on others)
    previous = signal.signal(signal.SIGTERM, _terminate) if on_main_thread else None
    try:
        return _run(argv)
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Terminated:
        return 128 + signal.SIGTERM
    finally:
        if on_main_thread:
            signal.signal(signal.SIGTERM, previous)


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.game == "castell" and args.replay is None:
        return run_castell(args, parser)
    problem = check_flags(args)
    if problem:
        parser.error(problem)
    seats = parse_players(args.players) if args.players is not None else None
    if args.dummy and (seats is None or len(seats) != 2):
        parser.error("--dummy (the neutral colour) needs --players with exactly 2 seats")
    settings = Settings.load()
    try:
        i18n.set_language(args.lang or settings.language)
    except engine.DataError as exc:         # the English catalog, shipped with the code, is damaged
        print(f"el-grande: {exc}", file=sys.stderr)
        return 2
    if args.replay is not None:
        try:
            opening = replay_opening(args.replay)
        except engine.EngineError as exc:
            print(f"el-grande: {exc}", file=sys.stderr)
            return 2
        return run_window(args, None, settings=settings, opening=opening)
    loaded = None
    if args.load is not None or args.scenario is not None:
        try:
            loaded = load_match(args.scenario or args.load, seats, scenario=args.scenario is not None,
                                ai_only=args.headless)
        except engine.EngineError as exc:
            print(f"el-grande: {exc}", file=sys.stderr)
            return 2
    if args.headless:
        return run_headless(args, loaded)
    return run_window(args, seats, loaded, settings)


if __name__ == "__main__":
    sys.exit(main())
