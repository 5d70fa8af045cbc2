"""A new game never silently replaces an unfinished one. Every game autosaves
into its own slot; Continue lists the unfinished games, most recent first, each resumable; Start
on the set-up screen asks what becomes of the unfinished game: keep it as a named save, replace
it, or cancel."""
from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.match import saves
from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.setup import SetupScene, start_button
from game.scenes.title import TitleScene, title_buttons
from game.scenes.unfinished import choice_rects
from tests.game.driver import Driver, make_context


def unfinished(seed: int, players: str = "human,random,random") -> Match:
    """A game a few decisions in, stopped where its human is to move (so a resumed scene waits)."""
    match = Match(parse_players(players), seed)
    rng = random.Random(seed)
    for _ in range(6):
        match.play(rng.choice(match.host_game.legal_moves()))
    while not match.seats[match.host_game.to_move].human:
        match.play(rng.choice(match.host_game.legal_moves()))
    match.events.clear()
    return match


def click_named(driver: Driver, rects, name: str) -> None:
    driver.click({n: r for r, n in rects}[name].center)


def test_each_game_has_its_own_slot_and_continue_lists_them_newest_first():
    first, second = unfinished(3), unfinished(4, "human,random")
    infos = saves.continue_slots()
    assert [i.path for i in infos] == [saves.autosave_file(second.autosave_slot),
                                       saves.autosave_file(first.autosave_slot)]
    assert infos[0].players == ("red", "blue") and [s.kind for s in infos[1].seats] == ["human", "random", "random"]
    assert infos[1].round == first.host_game.round
    first.play(first.legal_moves()[0])         # played again: now the most recent
    assert saves.continue_info().path == saves.autosave_file(first.autosave_slot)


def test_continue_opens_the_list_and_resumes_the_chosen_game_in_its_own_slot():
    first, second = unfinished(5), unfinished(6, "human,random")
    driver = Driver(TitleScene(make_context()))
    driver.step()
    assert "2 games" in driver.scene.label("continue")
    click_named(driver, title_buttons(), "continue")
    assert driver.scene.name == "files" and driver.scene.mode == "continue"
    rows = driver.scene.row_rects()
    assert [driver.scene.entries[i].name for _, i in rows] == ["Red, Random", "Red, Random, Random"], "who plays"
    driver.click(rows[1][0].center)                    # the older game
    click_named(driver, driver.scene.buttons(), "open")
    resumed = driver.scene.match
    assert resumed.host_game.key() == first.host_game.key() and resumed.autosave_slot == first.autosave_slot
    resumed.play(resumed.legal_moves()[0])
    assert len(saves.autosave_files()) == 2, "the resumed game goes on in its slot, no copy is made"
    assert saves.load_save(saves.autosave_file(second.autosave_slot))[0].key() == second.host_game.key()


def start_over(driver: Driver) -> None:
    driver.click(start_button().center)


def test_start_with_an_unfinished_game_asks_and_cancel_changes_nothing():
    old = unfinished(7)
    before = saves.autosave_file(old.autosave_slot).read_bytes()
    driver = Driver(SetupScene(make_context()))
    driver.step()
    start_over(driver)
    assert driver.scene.name == "unfinished"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "setup"
    start_over(driver)
    click_named(driver, choice_rects(), "cancel")
    assert driver.scene.name == "setup"
    assert saves.autosave_file(old.autosave_slot).read_bytes() == before and saves.list_slots() == []


def test_keep_saves_the_unfinished_game_under_a_name_and_starts_the_new_one():
    old = unfinished(8)
    driver = Driver(SetupScene(make_context()))
    driver.step()
    start_over(driver)
    click_named(driver, choice_rects(), "keep")
    new = driver.scene.match
    assert new.host_game.key() != old.host_game.key() and new.autosave_slot != old.autosave_slot
    kept = saves.list_slots()
    assert len(kept) == 1 and saves.load_save(kept[0].path)[0].key() == old.host_game.key()
    assert kept[0].label.startswith(f"Round {old.host_game.round}, ")
    assert saves.continue_info().path == saves.autosave_file(old.autosave_slot), "it stays under Continue too"


def test_replace_drops_the_unfinished_game_and_starts_the_new_one():
    old = unfinished(9)
    driver = Driver(SetupScene(make_context()))
    driver.step()
    start_over(driver)
    click_named(driver, choice_rects(), "replace")
    assert driver.scene.match.host_game.key() != old.host_game.key()
    assert not saves.autosave_file(old.autosave_slot).exists() and saves.list_slots() == []


def test_without_an_unfinished_game_start_goes_straight_to_the_game():
    driver = Driver(SetupScene(make_context()))
    driver.step()
    start_over(driver)
    assert getattr(driver.scene, "match", None) is not None


def test_keeping_never_writes_over_another_named_save():
    old = unfinished(10)
    other = unfinished(11)
    saves.save_slot("Round 2, today", other.host_game, other.seat_meta())
    info = saves.continue_slots()[1]
    assert info.path == saves.autosave_file(old.autosave_slot)
    path = saves.keep_as_slot(info, "Round 2, today")
    assert saves.load_slot("Round 2, today")[0].key() == other.host_game.key()
    assert saves.load_save(path)[1].label == "Round 2, today (2)"


def test_load_flag_of_an_autosave_goes_on_in_that_slot_however_the_path_is_written(monkeypatch):
    from game.__main__ import load_match
    game = unfinished(11)
    source = saves.autosave_file(game.autosave_slot)
    monkeypatch.chdir(source.parent)
    for path in (source, Path(source.name)):         # absolute, and relative to the autosaves folder
        resumed = load_match(path)
        assert resumed.autosave_slot == game.autosave_slot
        resumed.save()
        resumed.play(resumed.legal_moves()[0])
    assert [i.path for i in saves.continue_slots()] == [source], "ten resumes are still one game"
    assert saves.load_save(source)[0].key() == resumed.host_game.key()


def test_load_flag_of_a_named_save_opens_one_new_slot_listed_once():
    from game.__main__ import load_match
    game = unfinished(12)
    named = saves.keep_as_slot(saves.continue_info(), "kept")
    saves.drop_autosave(saves.continue_info())
    resumed = load_match(named)
    resumed.save()
    resumed.play(resumed.legal_moves()[0])
    slots = saves.continue_slots()
    assert [i.path for i in slots] == [saves.autosave_file(resumed.autosave_slot)]
    assert saves.load_save(named)[0].key() == game.host_game.key(), "the named save is only read"
