"""In the client: Continue, named slots, --load, undo and the replay viewer, driven through
the real scenes with posted events (the engine is only called to set positions up and to check)."""
from __future__ import annotations

import json
import os
import random

import pygame

import engine
from game.match import saves, undo
from game.match.controller import Match
from game.match.replay_model import ReplayModel
from game.scenes.play import MatchScene
from game.scenes.title import title_buttons
from game.match.seats import parse_players
from tests.game.clikit import game_main
from tests.game.driver import Driver, make_context



def play_randomly(match: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if match.host_game.is_over:
            return
        assert match.play(rng.choice(match.host_game.legal_moves()))
    match.events.clear()


def title_click(driver: Driver, item: str) -> None:
    driver.click({name: rect for rect, name in title_buttons()}[item].center)


# ---- Continue -------------------------------------------------------------------------------------
def test_continue_resumes_the_autosaved_position_with_the_same_cards_to_come():
    from game.scenes.title import TitleScene
    match = Match(parse_players("human,random,random"), 17)
    play_randomly(match, random.Random(3), 75)
    assert saves.continue_info() is not None
    driver = Driver(TitleScene(make_context()))
    driver.step()
    title_click(driver, "continue")
    driver.step()
    resumed = driver.scene.match
    assert resumed is not match and driver.scene.name in ("power", "action")
    assert resumed.host_game.key() == match.host_game.key()
    assert resumed.log_lines() == match.log_lines(), "the game log is rebuilt from the record"
    assert [s.kind for s in resumed.seats.values()] == ["human", "random", "random"]
    table = driver.scene.table
    assert len(table.offer) == 5 and set(resumed.host_game.face_up) <= set(table.offer), \
        "the round's five action cards are shown, the taken ones too"
    # the same cards to come: the same moves from here reveal the same action cards
    a, b = match.host_game.clone(), resumed.host_game.clone()
    rng_a, rng_b = random.Random(9), random.Random(9)
    revealed_a, revealed_b = [], []
    while not a.is_over:
        revealed_a += [e.face_up for e in a.play(rng_a.choice(a.legal_moves())) if hasattr(e, "face_up")]
        revealed_b += [e.face_up for e in b.play(rng_b.choice(b.legal_moves())) if hasattr(e, "face_up")]
    assert revealed_a == revealed_b and revealed_a and a.key() == b.key()


def test_continue_with_a_broken_autosave_shows_a_dialog_and_keeps_the_file(data_dir):
    from game.scenes.title import TitleScene
    match = Match(parse_players("human,random"), 4)
    play_randomly(match, random.Random(1), 10)
    listed = saves.continue_slots()            # the file as the title listed it, still readable
    path = listed[0].path
    broken = path.read_bytes()[:-40]
    path.write_bytes(broken)
    driver = Driver(TitleScene(make_context()))
    driver.scene.unfinished = listed
    driver.step()
    title_click(driver, "continue")
    driver.step()
    assert driver.scene.name == "dialog" and path.name in driver.scene.message
    assert "\n" not in driver.scene.message
    assert path.read_bytes() == broken
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "title"


# ---- named slots and a failed load in the UI --------------------------------------------------------
def test_save_to_a_slot_then_a_failed_load_leaves_the_current_game_untouched(data_dir):
    from game.scenes import settings
    ctx = make_context()
    match = Match(parse_players("human,random,random,random"), 8)
    play_randomly(match, random.Random(4), 30)
    driver = Driver(MatchScene(ctx, match))
    driver.step(3)
    driver.key(pygame.K_ESCAPE)                                   # pause menu
    assert driver.scene.name == "settings"
    buttons = {name: rect for rect, name in settings.action_rects(True, True)}
    driver.click(buttons["save"].center)
    assert driver.scene.name == "save"
    for _ in range(40):
        driver.key(pygame.K_BACKSPACE)
    for ch in "Before":
        driver.key(ord(ch.lower()), ch)
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "dialog"
    driver.key(pygame.K_RETURN)
    [slot] = saves.list_slots()
    assert slot.label == "Before" and slot.error is None
    assert saves.load_slot("Before")[0].key() == match.host_game.key()

    corrupt = saves.slots_dir() / "aaa-corrupt.json"
    corrupt.write_text('{"format": "el-grande-save", "format_version": 1, "saved_at": "x", "label": "x", '
                       '"seats": [], "game": {"rules_version": 1, "state": {}, "record": {"moves": "no"}}}')
    os.utime(corrupt, None)
    original = corrupt.read_bytes()
    key, log = match.host_game.key(), match.log_lines()
    driver.key(pygame.K_ESCAPE)
    driver.click(buttons["load"].center)
    assert driver.scene.name == "files"
    names = [e.path.name for e in driver.scene.entries]
    assert "aaa-corrupt.json" in names
    row = {driver.scene.entries[i].path.name: rect for rect, i in driver.scene.row_rects()}
    driver.click(row["aaa-corrupt.json"].center)
    open_button = {n: r for r, n in driver.scene.buttons()}["open"]
    driver.click(open_button.center)
    assert driver.scene.name == "dialog"
    message = driver.scene.message
    assert "aaa-corrupt.json" in message and "\n" not in message
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "files"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name in ("power", "action") and driver.scene.match is match
    assert match.host_game.key() == key and match.log_lines() == log
    assert corrupt.read_bytes() == original
    # the good slot loads into a new match at the saved position
    driver.key(pygame.K_ESCAPE)
    driver.click(buttons["load"].center)
    row = {driver.scene.entries[i].path.name: rect for rect, i in driver.scene.row_rects()}
    driver.click(row["Before.json"].center)
    driver.click(open_button.center)
    driver.step()
    assert driver.scene.match is not match and driver.scene.match.host_game.key() == key


# ---- --load on the command line -----------------------------------------------------------------------
def test_load_of_a_corrupt_file_exits_2_with_one_line_and_leaves_it_unchanged(tmp_path, capsys, monkeypatch):
    match = Match(parse_players("random,random,random"), 6, autosave=False)
    play_randomly(match, random.Random(2), 40)
    good = saves.write_save(tmp_path / "good.json", match.host_game, match.seat_meta())
    bad = tmp_path / "bad.json"
    bad.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    before = bad.read_bytes()
    result = game_main(capsys, monkeypatch, "--load", str(bad), "--headless")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "bad.json" in result.stderr
    assert result.stdout == ""
    assert bad.read_bytes() == before
    illegal = json.loads(good.read_text())
    illegal["game"]["record"]["moves"][5] = "king nowhere"
    bad.write_text(json.dumps(illegal))
    result = game_main(capsys, monkeypatch, "--load", str(bad))
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "bad.json" in result.stderr
    # a good save, and an exported record, of an AI-only game play on to the end from where they stopped
    record = saves.export_record(match.host_game, match.seat_meta(), tmp_path / "record.json")
    for path in (good, record):
        result = game_main(capsys, monkeypatch, "--load", str(path), "--headless")
        assert result.returncode == 0, result.stderr
        assert "Winner:" in result.stdout
    assert "--load" in game_main(capsys, monkeypatch, "--help").stdout      # (exit code 0)


# ---- undo ------------------------------------------------------------------------------------------------
def find_undoable(seed: int) -> tuple[Match, engine.Game]:
    """A match where the human just made an undoable decision, and the position before it."""
    match = Match(parse_players("human,random,random"), seed)
    rng = random.Random(seed)
    before = match.host_game.clone()
    for _ in range(3000):
        if match.host_game.to_move == "red":
            if match.can_undo():
                match.events.clear()
                return match, before
            before = match.host_game.clone()
        match.play(rng.choice(match.host_game.legal_moves()))
    raise AssertionError("no undoable position found")


def red_to_click(driver: Driver) -> bool:
    """Red may click now; a scoring summary on the way is dismissed with Enter, as a player would."""
    if getattr(driver.scene, "summary", None) is not None:
        driver.key(pygame.K_RETURN)
    return getattr(driver.scene, "my_turn", lambda: None)() == "red"


def test_undo_restores_the_position_and_is_refused_across_an_ai_move():
    ctx = make_context()
    match, before = find_undoable(12)
    after = match.host_game.clone()
    driver = Driver(MatchScene(ctx, match))
    assert driver.until(lambda: driver.scene.my_turn() is not None, 200)
    assert driver.scene.undo_shown()
    driver.ctrl_z()
    assert match.host_game.key() == before.key(), "Ctrl+Z takes back exactly one decision"
    assert match.host_game.record() == before.record()
    assert not match.events and not driver.scene.tweener.busy, "the board jumps, no animation replays"
    assert driver.scene.table.count("red", "court") == before.count("red", "court")
    assert saves.load_autosave()[0].key() == before.key(), "the undone position is autosaved"
    assert match.log_lines() == Match.from_game(before.clone(), match.seat_meta(), autosave=False).log_lines()

    # play on (the AI seats' moves played here, not by the worker, so the test does not wait on
    # it) until an AI has moved and the human is to move again: nothing to undo any more
    rng = random.Random(1)
    while match.host_game.to_move == "red":
        match.play(rng.choice(match.host_game.legal_moves()))
    while match.host_game.to_move != "red":
        match.play(rng.choice(match.host_game.legal_moves()))
    assert driver.until(lambda: red_to_click(driver), 2000)
    assert ReplayModel(match.host_game.record()).steps[-1].player != "red"
    assert not match.can_undo() and not driver.scene.undo_shown()
    key = match.host_game.key()
    driver.ctrl_z()
    assert match.host_game.key() == key
    try:
        undo.undo(match.host_game, "red")
        raise AssertionError("undo across another player's move must be refused")
    except undo.UndoError:
        pass
    assert after.key() != before.key()


# ---- the replay viewer ----------------------------------------------------------------------------------
def test_replay_viewer_steps_forward_and_back_showing_the_replayed_position():
    from game.present.describe import QUIET_VERBS
    from game.scenes.replay import ReplayScene, control_rects
    game = engine.new_game(players=["red", "blue", "green", "yellow"], seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    record = game.record()
    model = ReplayModel(record)
    driver = Driver(ReplayScene(make_context(), model.window()))
    driver.step()
    scene = driver.scene
    assert scene.model.position == len(model)

    def check() -> None:
        pos = scene.model.position
        expected = engine.replay(dict(record, moves=record["moves"][:pos]))
        assert scene.model.game.key() == expected.key()
        for player in expected.players:
            for area in (*engine.REGIONS, "castillo", "court", "provinces"):
                assert scene.table.count(player, area) == expected.count(player, area), (pos, player, area)
        assert scene.table.king == expected.king and scene.table.scores == dict(expected.scores)
        assert len(scene.table.offer) == 5 and set(expected.face_up) <= set(scene.table.offer)
        highlighted = [row for row in scene.frame().log if row.current]
        assert all(row.move == pos - 1 for row in highlighted)
        named = pos > 0 and record["moves"][pos - 1].split()[0] not in QUIET_VERBS
        assert bool(highlighted) == named, "the current move's log lines are lit (Done and Allow have none)"

    driver.key(pygame.K_HOME)
    assert scene.model.position == 0
    check()
    for _ in range(7):
        driver.key(pygame.K_RIGHT)
    assert scene.model.position == 7
    check()
    driver.key(pygame.K_LEFT)
    assert scene.model.position == 6
    check()
    buttons = {name: rect for rect, name in control_rects()}
    driver.click(buttons["forward"].center)
    driver.click(buttons["forward"].center)
    assert scene.model.position == 8
    check()
    scene.seek(150)
    check()
    driver.click(buttons["back"].center)
    assert scene.model.position == 149
    check()
    driver.key(pygame.K_END)
    assert scene.model.position == len(model)
    check()


def test_game_over_exports_a_record_and_opens_the_replay(data_dir):
    from game.scenes.game_over import ACTIONS, GameOverScene, buttons
    match = Match(parse_players("human,random"), 2)
    play_randomly(match, random.Random(2), 10**6)
    driver = Driver(GameOverScene(make_context(), match))
    driver.step()
    targets = dict(zip(ACTIONS, buttons()))
    driver.click(targets["export"].center)
    assert driver.scene.name == "dialog"
    [path] = list(saves.records_dir().glob("*.json"))
    assert str(path) in driver.scene.message
    driver.key(pygame.K_RETURN)
    model = ReplayModel.from_file(path)
    assert model.game_at(len(model)).key() == match.host_game.key()
    driver.click(targets["replay"].center)
    assert driver.scene.name == "replay" and driver.scene.model.position == 0
    driver.key(pygame.K_END)
    assert driver.scene.model.game.key() == match.host_game.key()
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "game_over"


# ---- animation polish ------------------------------------------------------------------------------------
def test_caballeros_moved_by_one_effect_fly_together_and_the_log_waits_for_them():
    from engine.events import CaballerosMoved
    match = Match(parse_players("human,random,random"), 9, autosave=False)
    scene = MatchScene(make_context(speed=1.0), match)
    moves = [CaballerosMoved("red", "court", "galicia", 1), CaballerosMoved("blue", "aragon", "castillo", 1),
             CaballerosMoved("green", "provinces", "court", 3)]
    match.events.extend(moves)
    match.feed.total += len(moves)
    scene.update(0.01)
    assert len([s for s in scene.table.sprites if s.kind == "cube"]) == 3, "one effect: all fly at once"
    assert not match.events

    # the log shows a move's line only once its animation has started, never ahead of the board
    match2 = Match(parse_players("human,random,random"), 9, autosave=False)
    scene2 = MatchScene(make_context(speed=1.0), match2)
    rng = random.Random(4)
    while True:
        before = len(match2.feed.items)
        match2.play(rng.choice(match2.legal_moves()))
        if len(match2.feed.items) > before and match2.events:
            break
    assert match2.feed.shown == 0 and len(match2.visible_log()) < len(match2.feed.items)
    shown_before = len(match2.visible_log())
    for _ in range(400):
        scene2.update(1 / 30)
        assert len(match2.visible_log()) <= len(match2.feed.items)
        if not match2.events and not scene2.tweener.busy:
            break
    assert match2.visible_log() == match2.log_lines() and len(match2.feed.items) >= shown_before


def test_a_failed_autosave_keeps_the_previous_one_and_the_game_goes_on(monkeypatch):
    match = Match(parse_players("human,random"), 14)
    play_randomly(match, random.Random(5), 12)
    previous = saves.autosave_path().read_bytes()
    scene = MatchScene(make_context(), match)

    def disk_full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    assert match.play(match.host_game.legal_moves()[0]), "the move is played even though the save fails"
    assert match.save_error and "No space left" in match.save_error
    assert saves.autosave_path().read_bytes() == previous
    scene.update(0.01)
    assert "No space left" in scene.toast and scene.toast_time > 0


def test_the_load_screen_deletes_a_slot(data_dir):
    from game.scenes.files import FilesScene
    match = Match(parse_players("human,random"), 15, autosave=False)
    saves.save_slot("keep", match.host_game, match.seat_meta())
    saves.save_slot("drop", match.host_game, match.seat_meta())
    driver = Driver(FilesScene(make_context(), "load"))
    driver.step()
    row = {driver.scene.entries[i].name: rect for rect, i in driver.scene.row_rects()}
    driver.click(row["drop"].center)
    delete = {n: r for r, n in driver.scene.buttons()}["delete"].center
    driver.click(delete)
    assert len(saves.list_slots()) == 2, "one click only arms the delete button"
    driver.click(delete)
    assert [s.label for s in saves.list_slots()] == ["keep"]
    assert [e.name for e in driver.scene.entries] == ["keep"]


def test_the_scoring_summary_waits_before_the_next_round():
    match = Match(parse_players("random,random,random"), 19, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    assert driver.until(lambda: driver.scene.name == "scoring" and driver.scene.summary is not None, 6000)
    assert driver.scene.table.round == 3, "the summary is of round 3's scoring"
    assert any(type(e).__name__ == "RoundStarted" for e in match.events), "round 4 is still to be shown"
    assert "— Round 4 —" not in match.visible_log()
