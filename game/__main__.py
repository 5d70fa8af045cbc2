"""Command line: `el-grande` / `python -m game`.

Opens the window on the title screen, or straight into a game with --players, --load or --scenario;
--headless plays an AI-only game to the end without a window and prints the game log and the result.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.seats import AI_LEVELS, Seat, default_seats, make_agent, parse_players

if TYPE_CHECKING:
    from game.controller import Match
    from game.scene import Context
    from game.settings import Settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="el-grande", description="El Grande — the area-majority board game.")
    parser.add_argument("--players", help="comma-separated seats in colour order (red, blue, green, yellow, "
                        "orange): human or an AI level (" + ", ".join(AI_LEVELS) + "), e.g. human,hard,hard,hard")
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
    parser.add_argument("--screenshots", type=Path, metavar="DIR", help="save a PNG whenever the scene changes")
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGE_NAMES), help="language (default: from settings)")
    parser.add_argument("--window", default="1280x800", metavar="WxH", help="initial window size")
    parser.add_argument("--speed", type=float, help="animation speed multiplier (default: from settings)")
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--load", type=Path, metavar="FILE",
                       help="start from a saved game or an exported game record (JSON)")
    start.add_argument("--scenario", type=Path, metavar="FILE",
                       help="start from a scenario or challenge file (YAML, levels/scenarios/); without "
                       "--players the first colour listed is human and the others normal AI")
    return parser


def load_match(path: Path, seats_override: list[Seat] | None = None, scenario: bool = False,
               ai_only: bool = False) -> Match:
    """A match continuing a save file or an exported record, or (`scenario`) starting from a scenario
    file. `--players` seats, in order, the game's colours and must match their number. Raises
    engine.EngineError (one line naming the file and the field) when the file cannot be used; the
    file is only read."""
    import engine
    from game import saves
    from game.controller import Match
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
    return match


def run_headless(args: argparse.Namespace, loaded=None) -> int:
    """An AI-only game on the calling thread; prints each log line and the final ranking."""
    from game.controller import Match
    if loaded is not None:
        match, seats = loaded, list(loaded.seats.values())
        match.autosave = False
    else:
        seats = parse_players(args.players or "normal,normal,normal,normal")
    if any(seat.human for seat in seats):
        print("el-grande: --headless needs AI seats only", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1, 10**6)
    if loaded is None:
        match = Match(seats, seed, args.variant, not args.no_veto,
                      "secret" if args.secret_castillo else "announced", autosave=False, dummy=args.dummy)
    else:
        seed = match.seed
    agents = {s.player: make_agent(s.kind, seed=seed + i) for i, s in enumerate(seats)}
    printed = len(match.log_lines())
    while not match.game.is_over:
        player = match.game.to_move
        view = match.game.view(player)
        match.play(agents[player].choose(view, random.Random(seed * 1000 + match.version)))
        lines = match.log_lines()
        for line in lines[printed:]:
            print(line)
        printed = len(lines)
    scores = match.game.scores
    print(i18n.t("headless.result"))
    for rank, player in enumerate(sorted(match.players, key=lambda p: -scores[p]), 1):
        print(f"{rank}. {match.name(player)} ({match.seats[player].kind}): {scores[player]}")
    print(i18n.t("headless.winners", who=", ".join(match.name(p) for p in match.game.winners())))
    return 0


def start_context(args: argparse.Namespace, settings: Settings) -> Context:
    """The scenes' context at start-up; a settings file that had to be kept aside is a notice."""
    from game.assets import Sounds
    from game.scene import Context
    if args.speed:
        settings.anim_speed = args.speed
    ctx = Context(settings, Sounds(settings.volume, settings.mute), {"seed": args.seed})
    if settings.kept_aside:
        ctx.notices.append(i18n.t("settings.reset", name=settings.kept_aside))
    return ctx


def run_window(args: argparse.Namespace, seats, loaded=None, settings: Settings | None = None) -> int:
    from game import saves
    from game.app import App
    from game.controller import Match
    from game.display import NoDisplay
    from game.scenes.play import phase_scene
    from game.scenes.title import TitleScene
    from game.settings import Settings
    saves.remove_stale_temp_files()
    from game.render import style
    settings = settings or Settings.load()
    style.use_look(settings.palette, settings.ui_scale)
    ctx = start_context(args, settings)
    if loaded is not None:
        loaded.save()
        first = phase_scene(loaded.game.phase)(ctx, loaded)
    elif seats:
        seed = args.seed if args.seed is not None else random.randrange(1, 10**6)
        match = Match(seats, seed, args.variant, not args.no_veto, "secret" if args.secret_castillo else "announced",
                      dummy=args.dummy)
        first = phase_scene(match.game.phase)(ctx, match)
    else:
        first = TitleScene(ctx)
    width, _, height = args.window.partition("x")
    try:
        app = App(first, (int(width), int(height)), settings.fullscreen, args.screenshots)
    except NoDisplay as exc:
        print(i18n.t("display.none", reason=exc), file=sys.stderr)
        return 2
    app.run()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        seats = parse_players(args.players) if args.players else None
    except ValueError as exc:
        parser.error(str(exc))
    if args.dummy and (seats is None or len(seats) != 2):
        parser.error("--dummy (the neutral colour) needs --players with exactly 2 seats")
    if not args.window.replace("x", "", 1).isdigit():
        parser.error("--window expects WIDTHxHEIGHT, e.g. 1920x1080")
    from game.settings import Settings
    settings = Settings.load()
    i18n.set_language(args.lang or settings.language)
    loaded = None
    if args.load is not None or args.scenario is not None:
        import engine
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
