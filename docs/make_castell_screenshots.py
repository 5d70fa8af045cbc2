"""Render Castell's screens to docs/screenshots/castell-*.png (headless, seeded, no window):

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python docs/make_castell_screenshots.py [--scenes]

The tables: `game.render.castell_table.paint_table` of a game played from a seed with random
legal moves into a round in the middle of the game, at 1024x640, 1280x800 and 1920x1080, with
the mover's legal regions lit and a staged recruit's ghost, as the match scene shows them.

The scenes (`--scenes` makes only these), the real client driven by the test driver
(tests/game/driver.py) at 1280x800: a festival's results while the towers rise and its summary,
the final scoring, a performance tile's tooltip, the replay viewer, a step of Learn Castell and
the online lobby of a Castell table hosted on this computer (a server on loopback, stopped at
the end). Saves go to a temporary data directory, never the user's.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["EL_GRANDE_DATA_DIR"] = tempfile.mkdtemp(prefix="castell-shots-")

import pygame  # noqa: E402 (the project is put on sys.path first)

from engine.castell import View, new_game  # noqa: E402 (the project is put on sys.path first)
from engine.castell.describe import describe  # noqa: E402 (the project is put on sys.path first)
from game.present.castell_look import Ghost, TableLook  # noqa: E402 (the project is put on sys.path first)
from game.render.castell_table import paint_table  # noqa: E402 (the project is put on sys.path first)
from game.render import style  # noqa: E402 (the project is put on sys.path first)
from engine.castell.position import FESTIVAL  # noqa: E402 (the project is put on sys.path first)
from game.match.castell_match import CastellMatch  # noqa: E402 (the project is put on sys.path first)
from game.match.castell_replay import CastellReplay  # noqa: E402 (the project is put on sys.path first)
from game.match.seats import Seat  # noqa: E402 (the project is put on sys.path first)
from game.render.castell_tiles import tile_slots  # noqa: E402 (the project is put on sys.path first)
from game.match import local_server  # noqa: E402 (the project is put on sys.path first)
from game.scenes import navigation  # noqa: E402 (the project is put on sys.path first)
from game.scenes.castell_lesson import CastellLessonScene  # noqa: E402 (the project is put on sys.path first)
from game.scenes.castell_play import CastellScene  # noqa: E402 (the project is put on sys.path first)
from game.scenes.online import HostScene  # noqa: E402 (the project is put on sys.path first)
from game.shell.castell_layout import CastellLayout  # noqa: E402 (the project is put on sys.path first)
from game.shell.scene import Transition  # noqa: E402 (the project is put on sys.path first)
from game.tutorial.castell_lesson import load_castell_lesson  # noqa: E402 (the project is put on sys.path first)
from tests.game.driver import Driver, make_context  # noqa: E402 (the project is put on sys.path first)

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
GAMES = ((4, 11, 8), (3, 5, 6), (2, 3, 5))      # players, seed, round to stop in
NAMES = ("Ana", "Bernat", "Carla", "Duarte")
SEATS = ("red", "blue", "green", "yellow")
SHOT = (1280, 800)
FESTIVAL_SEED = 10


def mid_game(players: int, seed: int, rnd: int) -> tuple[View, list[str]]:
    """A game played with random legal moves into round `rnd`, left at the start of a player's
    turn with the pawn on the map, and its log's lines."""
    game = new_game(("red", "blue", "green", "yellow")[:players], seed=seed)
    rng = random.Random(seed)
    log: list[str] = []
    while not game.is_over and (game.round < rnd or game.phase != "turn" or game.used
                                or game.pawn[game.to_move_idx] < 0):
        for event in game.play(rng.choice(game.legal_moves())):
            line = describe(event, game.data)
            if line:
                log.append(line)
    return View.of(game, None), log


def look_for(view: View) -> TableLook:
    """The mover's legal move targets lit and the first recruit staged, as the scene would."""
    moves = view.legal_moves()
    lit = frozenset(m.args[0] for m in moves if m.verb in ("move", "place", "train"))
    recruit = next((m for m in moves if m.verb == "recruit" and len(m.args) == 2), None)
    ghost = Ghost(recruits=tuple(int(a) for a in recruit.args), staged=True) if recruit else None
    return TableLook(names=NAMES[:view.n], lit=lit, ghost=ghost, pulse=0.6)


def scene_parts(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook, log: list[str]) -> None:
    """What the match scene paints over the table, roughly: the prompt, the buttons, the log."""
    style.plate(surface, layout.prompt_rect, (34, 24, 18, 200), 8)
    name = look.names[view.to_move_idx]
    style.text(surface, f"{name} — move, recruit, train or take a special action", layout.prompt_rect.center,
               16, style.PARCHMENT, bold=True, anchor="center")
    row = layout.button_row
    style.button(surface, pygame.Rect(row.x, row.y, 110, row.height), "Undo", enabled=False)
    style.button(surface, pygame.Rect(row.right - 150, row.y, 150, row.height), "End turn", primary=True)
    area = layout.log_rect(view.n)
    style.panel(surface, area, style.PARCHMENT, style.INK_SOFT, 8, 2)
    style.text(surface, "GAME LOG", (area.x + 10, area.y + 6), 12, style.INK_SOFT, bold=True)
    lines = [line for entry in log[-40:] for line in style.wrap(entry, area.width - 20, 12)]
    room = int((area.height - 30) // style.line_height(12))
    for i, line in enumerate(lines[-room:]):
        style.text(surface, line, (area.x + 10, area.y + 24 + i * style.line_height(12)), 12)


def table_shots() -> None:
    for players, seed, rnd in GAMES:
        view, log = mid_game(players, seed, rnd)
        for size in SIZES:
            surface = pygame.Surface(size)
            layout = CastellLayout.for_window(size)
            look = look_for(view)
            paint_table(surface, layout, view, look)
            scene_parts(surface, layout, view, look, log)
            path = OUT / f"castell-{players}p-{size[0]}x{size[1]}.png"
            pygame.image.save(surface, str(path))
            print(path)



def save(driver: Driver, name: str) -> None:
    pygame.image.save(driver.app.surface, str(OUT / name))
    print(OUT / name)


def playing(match: CastellMatch, rng: random.Random) -> None:
    """A random legal move, a tower whenever one can be declared."""
    moves = match.game.legal_moves()
    match.play(rng.choice([m for m in moves if m.verb == "tower"] or moves))


def festival_game(seed: int = FESTIVAL_SEED) -> tuple[CastellMatch, random.Random]:
    """Four seats of random moves up to a festival of round 5 or later with three entrants."""
    match = CastellMatch([Seat(p, "human", n) for p, n in zip(SEATS, NAMES)], seed=seed, autosave=False)
    rng = random.Random(seed)
    while not (match.game.phase == FESTIVAL and match.game.round >= 5 and len(match.game.entrants) >= 3):
        if match.is_over:
            raise SystemExit(f"seed {seed}: no festival with three entrants")
        playing(match, rng)
    return match, rng


def scene_shots() -> None:
    ctx = make_context(speed=1.0)
    match, rng = festival_game()
    scene = CastellScene(ctx, match)
    driver = Driver(scene, SHOT)
    while match.game.phase == FESTIVAL:
        playing(match, rng)
    driver.step()
    while (stage := scene.frame().show) is not None and getattr(stage, "awards", 0) < 0.5:
        driver.app.step(0.05)                      # the towers up, the prizes halfway to their winners
    save(driver, "castell-festival-animating.png")
    driver.key(pygame.K_RETURN)                    # skip to the summary
    save(driver, "castell-festival-summary.png")
    driver.key(pygame.K_RETURN)                    # Continue
    while not (match.human_to_move and match.game.phase == "turn" and match.game.pawn[match.game.to_move_idx] >= 0):
        playing(match, rng)
        driver.step()
        if scene.ui.results is not None:
            scene.close_results()
    tile = next(t for t in tile_slots(scene.layout, match.view()) if any(t in row for row in match.game.rows))
    driver.hover(tile_slots(scene.layout, match.view())[tile].center)
    driver.step(3)
    save(driver, "castell-tooltip.png")
    middle = len(match.game.moves_played())
    while not match.is_over:
        playing(match, rng)
        driver.step()
        if scene.ui.results is not None:
            scene.close_results()
    driver.step()
    while scene.showing():
        driver.app.step(0.1)
    driver.hover((5, 5))
    save(driver, "castell-final-scoring.png")
    seats = [match.seats[p] for p in match.players]
    replay = Driver(navigation.castell_replay(ctx, CastellReplay(match.game.record(), seats), middle), SHOT)
    replay.step(2)
    save(replay, "castell-replay.png")
    lesson_shot(ctx)
    lobby_shot()


def lesson_shot(ctx) -> None:
    """Learn Castell at the step that points at a performance tile."""
    lesson = load_castell_lesson()
    index = next(i for i, step in enumerate(lesson.steps) if (step.point or "").startswith("tile:"))
    driver = Driver(CastellLessonScene(ctx, lesson, index), SHOT)
    driver.step(8)
    save(driver, "castell-lesson.png")


def lobby_shot() -> None:
    """The lobby of a Castell table hosted on this computer: Ana and three AI seats, ready to start."""
    server = local_server.LocalServer(Path(os.environ["EL_GRANDE_DATA_DIR"]) / local_server.DB_FILE,
                                      host="127.0.0.1", port=0, lan_address="192.0.2.78", interfaces=["127.0.0.1"],
                                      name="ana-hosting")
    server.start()
    local_server.use(server)
    try:
        host = HostScene(make_context())
        driver = Driver(host, SHOT)
        host.player.value = "Ana"
        host.choose("opt:game")
        host.kinds = ["hard", "normal", "easy"]          # the seats beside Ana's
        host.choose(host.submit)
        end = time.monotonic() + 30
        while (transition := host.update(1 / 30)) is None and time.monotonic() < end:
            time.sleep(0.01)
        assert transition is not None, host.status
        lobby = transition.scene
        driver.app.apply(Transition.replace(lobby))
        end = time.monotonic() + 10
        while len(lobby.table.seat_states()) < 4 and time.monotonic() < end:
            lobby.table.think()
            time.sleep(0.01)
        driver.step(3)
        save(driver, "castell-online-lobby.png")
        lobby.table.close().result(10)
    finally:
        local_server.stop()


def main() -> None:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    if "--scenes" not in sys.argv:
        table_shots()
    scene_shots()


if __name__ == "__main__":
    main()
