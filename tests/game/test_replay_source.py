"""The replay viewer reads its record as every table is read (game/match/replay_source.py, one
event feed): stepped to a move, it shows the log and the action cards a match played to that move
shows; and each step while it plays is drawn as soon as it is made, with no input."""
from __future__ import annotations

import random

import pygame

from game.match.controller import Match
from game.match.replay_source import ReplaySource
from game.match.seats import parse_players
from game.match.source import MatchSource
from game.scenes.play import MatchScene
from game.scenes.replay import ReplayFrame, ReplayScene
from tests.game.driver import FRAME, Driver, make_context

SEATS = "human,random,random"


def played(seed: int, moves: int | None = None) -> Match:
    """A local match of random moves (to the end when `moves` is None)."""
    match = Match(parse_players(SEATS), seed, autosave=False)
    rng = random.Random(seed)
    while not match.host_game.is_over and (moves is None or len(match.host_game.record()["moves"]) < moves):
        assert match.play(rng.choice(match.host_game.legal_moves()))
    return match


def twin(record: dict, seed: int, moves: int) -> Match:
    """The same game played here to its first `moves` moves."""
    match = Match(parse_players(SEATS), seed, autosave=False)
    for text in record["moves"][:moves]:
        assert match.play(text)
    return match


def panel_of(table) -> tuple[list[str], dict[str, str]]:
    return list(table.offer), dict(table.taken)


def test_the_replay_source_is_a_match_source():
    source: MatchSource = ReplaySource(played(2, 30).replay_window())
    assert source.legal_moves() == [] and source.human_to_move() is None and not source.local


def test_a_replay_stepped_to_a_move_shows_the_log_and_action_cards_of_a_match_played_to_it():
    for seed, moves in ((5, None), (6, 150)):         # a finished game (everything public), an unfinished one
        match = played(seed, moves)
        record = match.host_game.record()
        scene = ReplayScene(make_context(), match.replay_window(), position=0)
        rng = random.Random(seed)
        positions = [1, 2, 3, *sorted(rng.sample(range(4, len(record["moves"])), 12)), len(record["moves"]),
                     40, 39, 41, 7]                   # forward one at a time, jumps, back
        for position in positions:
            scene.seek(position)
            here = twin(record, seed, position)
            seat = scene.source.log_viewer()          # the log as the same seat reads it (its own secrets)
            assert scene.lines == here.feed.log_lines(here.name, seat), f"seed {seed}, move {position}: the log differs"
            assert panel_of(scene.table) == panel_of(MatchScene(make_context(), here).table), \
                f"seed {seed}, move {position}: the action cards differ"


def test_the_keys_step_the_replay_and_its_log_through_the_feed():
    match = played(3, 80)
    driver = Driver(ReplayScene(make_context(), match.replay_window(), position=60))
    scene = driver.scene
    assert isinstance(scene, ReplayScene)
    driver.step()
    driver.key(pygame.K_RIGHT)
    assert scene.model.position == 61 and scene.lines == twin(match.host_game.record(), 3, 61).log_lines()
    driver.key(pygame.K_HOME)
    assert scene.model.position == 0 and scene.lines == twin(match.host_game.record(), 3, 0).log_lines()


def test_every_step_of_a_playing_replay_is_drawn_within_one_frame_without_input():
    match = played(4, 60)
    driver = Driver(ReplayScene(make_context(speed=1.0), match.replay_window(), position=0))
    app, scene = driver.app, driver.scene
    assert isinstance(scene, ReplayScene)
    driver.key(pygame.K_SPACE)                        # play (the last input of the test)
    assert scene.playing
    drawn, shown = len(app.frame_times), set()
    for _ in range(round(30 * 0.7 / FRAME)):          # about thirty moves at one a 0.7 s
        assert app.step(FRAME)
        frame = scene.frame()
        assert isinstance(frame, ReplayFrame) and app.drawn_frame == frame, "a step not drawn yet"
        assert frame.position == scene.model.position
        shown.add(frame.position)
    assert len(shown) >= 25, "the replay played on by itself"
    assert len(app.frame_times) - drawn <= len(shown) + 2, "only a changed frame is drawn"
