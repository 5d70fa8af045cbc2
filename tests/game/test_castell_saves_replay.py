"""Castell's named saves and its replay viewer, driven as a player would: Save from the pause menu
(a name, never over another save unannounced), Load game listing both games' saves and opening a
Castell save at its decision, a damaged save one line naming the file and left as it was; the
replay (game/match/castell_replay.py) equal at every move to the live game played to that move
(its View and its log, as tests/game/test_replay_source.py checks El Grande's), stepped by keys,
jumped by round, reached from the game's end, from Replays and from `--replay FILE`."""
from __future__ import annotations

import functools
import json
import random

import pygame

import engine
from game.__main__ import replay_opening
from game.match import castell_saves, saves
from game.match.castell_match import CastellMatch
from game.match.castell_replay import CastellReplay
from game.match.seats import Seat
from game.render import castell_overlays
from game.present import castell_screen as model
from game.scenes.castell_pause import CastellPause
from game.scenes.castell_play import CastellScene
from game.scenes.castell_replay import CastellReplayScene
from game.scenes.dialog import MessageScene
from game.scenes.files import FilesScene, SaveScene
from game.shell.scene import Transition
from tests.game.driver import Driver, make_context

SEATS = (Seat("red", "human", "Ana"), Seat("blue", "human"), Seat("green", "human"))


def played(moves: int | None, seed: int = 8) -> CastellMatch:
    """Random legal moves (a festival tower whenever one can be declared), to the end when
    `moves` is None; no autosave."""
    match = CastellMatch(SEATS, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not match.is_over and (moves is None or len(match.game.moves_played()) < moves):
        legal = match.game.legal_moves()
        towers = [m for m in legal if m.verb == "tower"]
        assert match.play(rng.choice(towers or legal))
    return match


FINISHED = functools.cache(lambda: played(None))


def twin(record: dict, moves: int) -> CastellMatch:
    """The same game played live to its first `moves` moves."""
    return CastellMatch(SEATS, seed=record["setup"]["seed"], moves=record["moves"][:moves], autosave=False)


def test_a_replay_at_any_move_equals_the_live_game_at_that_move() -> None:
    match = FINISHED()
    record = match.game.record()
    replay = CastellReplay(record, list(SEATS))
    total = len(record["moves"])
    assert len(replay) == total and replay.finished
    rng = random.Random(1)
    for position in [0, 1, 2, *sorted(rng.sample(range(3, total), 10)), total, 40, 39, 41]:
        replay.seek(position)
        here = twin(record, position)
        assert replay.view == here.view(), f"move {position}: the table differs"
        assert replay.lines() == here.log_lines(), f"move {position}: the log differs"


def test_the_keys_step_play_and_jump_by_round() -> None:
    replay = CastellReplay(FINISHED().game.record(), list(SEATS))
    driver = Driver(CastellReplayScene(make_context(), replay, 0))
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert replay.position == 2
    driver.key(pygame.K_LEFT)
    assert replay.position == 1
    driver.key(pygame.K_PAGEDOWN)
    assert replay.position == replay.round_start(2) and replay.view.round == 2
    driver.key(pygame.K_PAGEDOWN)
    driver.key(pygame.K_PAGEUP)                       # back to the start of the round shown
    assert replay.position == replay.round_start(2)
    scene = driver.scene
    assert isinstance(scene, CastellReplayScene)
    driver.click(scene.layout.round_rects()[4].center)   # round 5 on the top bar's track
    assert replay.position == replay.round_start(5) and replay.view.round == 5
    driver.key(pygame.K_END)
    assert replay.at_end
    driver.key(pygame.K_SPACE)                        # played at the end: starts over
    started = replay.position
    assert scene.transport.playing and started <= 2     # (the driver's frames after the key play on)
    driver.step(30)
    assert replay.position > started, "the replay played on by itself"
    driver.key(pygame.K_ESCAPE)
    assert not driver.app.stack                       # the only screen (as `--replay FILE` opens it) closes


def test_the_end_of_a_game_offers_its_replay_from_the_first_move() -> None:
    driver = Driver(CastellScene(make_context(), FINISHED()))
    driver.step()
    scene = driver.scene
    assert isinstance(scene, CastellScene)
    shown = {b.id: r for b, r in castell_overlays.frame_buttons(scene.layout, scene.frame())}
    driver.click(shown["replay"].center)
    driver.step()
    assert isinstance(driver.scene, CastellReplayScene) and driver.scene.replay.position == 0
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene                      # back at the final scoring


def test_a_finished_game_on_a_server_offers_the_title_but_no_replay() -> None:
    over = FINISHED().view()
    assert [b.id for b in model.buttons(over, model.Ui(), False, None, replayable=False)] == ["title"]
    assert [b.id for b in model.buttons(over, model.Ui(), False, None)] == ["replay", "title"]


def test_save_from_the_pause_menu_lists_beside_el_grande_and_loads_at_the_same_decision() -> None:
    match = played(30)
    ctx = make_context()
    driver = Driver(CastellScene(ctx, match))
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, CastellPause)
    driver.scene.choose("save")
    driver.step()
    dialog = driver.scene
    assert isinstance(dialog, SaveScene)
    for _ in range(40):
        driver.key(pygame.K_BACKSPACE)
    for ch in "Evening game":
        driver.key(0, ch)
    driver.key(pygame.K_RETURN)
    path = castell_saves.slot_path("Evening game")
    assert path.is_file() and not dialog.replaces
    saves.save_slot("Older El Grande", played_el_grande())
    listed = FilesScene(ctx, "load")
    games = {e.name: e for e in listed.entries}
    assert set(games) == {"Evening game", "Older El Grande"}
    entry = games["Evening game"]
    assert (entry.game, entry.players, entry.round, entry.kind) == ("castell", ("red", "blue", "green"),
                                                                   match.game.round, "slot")
    driver.app.apply(Transition.reset(listed))
    listed.select(listed.entries.index(entry))
    listed.act("open")
    driver.step()
    table = driver.scene
    assert isinstance(table, CastellScene)
    assert table.match.view() == match.view() and table.match.log_lines() == match.log_lines()
    assert table.match.slot != path.stem and path.is_file()   # a new game slot; the named save stays


def played_el_grande() -> engine.Game:
    return engine.new_game(["red", "blue", "green"], seed=3)


def test_saving_under_a_taken_name_says_so_before_it_replaces() -> None:
    match = played(10)
    match.save_as("Taken")
    dialog = SaveScene(make_context(), match)
    dialog.name_field.value = "Taken"
    dialog.check_name()
    assert dialog.replaces
    dialog.name_field.value = "Free"
    dialog.check_name()
    assert not dialog.replaces


def test_a_damaged_castell_save_is_one_line_naming_the_file_and_stays_as_it_was() -> None:
    good = played(12)
    good.save_as("Good")
    doc = json.loads(castell_saves.slot_path("Good").read_text())
    doc["record"]["moves"].append("move nowhere")
    broken = castell_saves.slot_path("Broken")
    broken.write_text(json.dumps(doc))
    before = broken.read_bytes()
    ctx = make_context()
    listed = FilesScene(ctx, "load")
    row = next(e for e in listed.entries if e.name == "Broken")
    assert row.error is not None and row.error.startswith("Broken.json: record: moves[12]") and "\n" not in row.error
    driver = Driver(listed)
    listed.select(listed.entries.index(row))
    listed.act("open")
    driver.step()
    shown = driver.scene
    assert isinstance(shown, MessageScene) and shown.message == row.error and broken.read_bytes() == before


def test_replays_list_finished_and_saved_castell_games_and_open_them() -> None:
    match = FINISHED()
    match.save_as("To watch")
    finished = CastellMatch(SEATS, seed=8, moves=match.game.moves_played(), slot="done1")
    finished.save()                                    # the finished game's record is kept
    ctx = make_context()
    listed = FilesScene(ctx, "replay")
    kinds = {(e.game, e.kind) for e in listed.entries}
    assert {("castell", "slot"), ("castell", "record")} <= kinds
    driver = Driver(listed)
    listed.select(next(i for i, e in enumerate(listed.entries) if e.game == "castell" and e.kind == "record"))
    listed.act("open")
    driver.step()
    assert isinstance(driver.scene, CastellReplayScene) and driver.scene.replay.view == match.view()


def test_the_replay_flag_recognises_a_castell_record_and_a_bare_one(tmp_path) -> None:
    match = played(20)
    path = match.save_as("Flag")
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(match.game.record()))
    for file in (path, bare):
        scene = replay_opening(file)(make_context())
        assert isinstance(scene, CastellReplayScene) and len(scene.replay) == 20 and scene.replay.position == 0


def test_an_older_autosave_of_a_finished_game_is_finished_not_unfinished() -> None:
    """Before finished games kept records, a game that ended could stay in its autosave slot
    marked unfinished: it is read from its record, so Continue leaves it and Replays and Load
    list it as finished."""
    doc = dict(FINISHED().document(), finished=False, round=10)
    castell_saves.autosave(doc, "older")
    path = castell_saves.autosave_dir() / "older.json"
    assert castell_saves.unfinished() == [] and castell_saves.read_file(path)["finished"]
    assert [(info.path, info.is_over) for info in castell_saves.finished_records()] == [(path, True)]
    listed = FilesScene(make_context(), "replay")
    assert [e.finished for e in listed.entries if e.path == path] == [True]


def test_the_replay_log_marks_the_lines_of_the_move_shown() -> None:
    """As El Grande's replay log does: the move shown is highlighted, here by its last lines."""
    replay = CastellReplay(FINISHED().game.record(), list(SEATS))
    scene = CastellReplayScene(make_context(), replay, 0)
    assert scene.frame().table.log_current == 0                    # the start: no move yet
    recruit = next(s.index for s in replay.steps if s.move.startswith("recruit"))
    replay.seek(recruit + 1)
    table = scene.frame().table
    assert table.log_current == 1 and table.log[-1] == replay.lines()[-1]
    assert replay.lines()[-1] not in replay.lines(recruit)          # that line is the move's own
    replay.seek(next(s.index for s in replay.steps if s.move == "done") + 1)
    assert scene.frame().table.log_current == 0                    # a move the log does not print
