"""docs/design.md §1 (the information boundary), §5.4: a replay of an unfinished game shows
only what its screen may know — the public view, or the one human's own seat against AIs — so two
games that differ only in another seat's secret disc give identical replay frames, pixel for
pixel; once the game is over the replay shows everything."""
from __future__ import annotations

import random

import pygame

import engine
from game.match.replay_model import ReplayModel
from game.match.saves import SeatMeta
from game.scenes.replay import ReplayScene
from tests.game.driver import Driver, make_context

PLAYERS = ["red", "blue", "green"]


def records_differing_in_blues_disc(seed: int = 4) -> tuple[dict, dict, str, str]:
    """Two records of one game up to blue's secret disc (at a general scoring or a disc card),
    identical but for the region blue chose; the game goes on unfinished."""
    rng = random.Random(seed)
    game = engine.new_game(players=PLAYERS, seed=seed)
    while not (game.phase == "disc" and game.to_move == "blue" and len(game.legal_moves()) > 1):
        game.play(rng.choice(game.legal_moves()))
    first, second = game.legal_moves()[:2]
    base = game.record()
    return (dict(base, moves=base["moves"] + [first.text]), dict(base, moves=base["moves"] + [second.text]),
            first.args[0], second.args[0])


def frames(record: dict, seats: tuple[SeatMeta, ...]) -> list[bytes]:
    """The replay screen's pixels at the last three positions."""
    window = ReplayModel(record, "game", seats).window()
    driver = Driver(ReplayScene(make_context(), window))
    out = []
    for _ in range(3):
        driver.step()
        out.append(pygame.image.tobytes(driver.app.window, "RGB"))
        driver.key(pygame.K_LEFT)
    return out


def test_replay_of_an_unfinished_game_shows_no_other_seats_disc_to_its_human():
    """§5.4: red (the one human, against AIs) replays his unfinished game: blue's disc is masked
    ("disc ?"), nothing is lit for it, and the frames are equal whichever region blue chose."""
    one, two, a, b = records_differing_in_blues_disc()
    seats = (SeatMeta("red", "human", ""), SeatMeta("blue", "normal", ""), SeatMeta("green", "easy", ""))
    window = ReplayModel(one, "game", seats).window()
    assert window.seat == "red" and not window.finished
    assert window.steps[-1].move == "disc ?" and window.game.disc("blue") is None
    assert frames(one, seats) == frames(two, seats), f"blue's disc ({a} or {b}) shows in the replay"


def test_replay_of_an_unfinished_ai_game_is_the_public_view():
    """§5.4: with no single human seat (AI-only, or several humans sharing the screen) the replay
    of an unfinished game is the public view: every set disc masked, the frames equal."""
    one, two, _, _ = records_differing_in_blues_disc(7)
    seats = tuple(SeatMeta(p, "normal", "") for p in PLAYERS)
    window = ReplayModel(one, "game", seats).window()
    assert window.seat is None and window.game.viewer_id is None
    assert frames(one, seats) == frames(two, seats)
    pass_and_play = tuple(SeatMeta(p, "human", "") for p in PLAYERS)
    assert ReplayModel(one, "game", pass_and_play).window().seat is None


def test_replay_of_a_finished_game_shows_everything():
    """§5.4 (after the game nothing is secret): a finished game replays every move as played."""
    game = engine.random_playout(engine.new_game(players=PLAYERS, seed=3), random.Random(3))
    window = ReplayModel(game.record()).window()
    assert window.finished and window.game == game
    assert [s.move for s in window.steps] == game.record()["moves"]
