"""Challenge levels: `--scenario` on the command line, the shipped challenge files, and the
Challenges screen reached from the title (rendered small and large, driven by mouse and keys)."""
from __future__ import annotations

import pygame
import pytest

import engine
from game.shell import i18n
from game.match.challenges import SCENARIOS, list_challenges
from game.match.controller import Match
from game.render import style
from game.scenes.challenges import (
    DESCRIPTION_LINES,
    DESCRIPTION_SIZE,
    ChallengesScene,
    description_box,
    level_rects,
    start_button,
)
from game.scenes.play import MatchScene
from game.scenes.title import TitleScene, title_buttons
from tests.game.driver import Driver, make_context
from tests.game.clikit import game_main

LAST_SCORING = "levels/scenarios/challenge_1_last_scoring.yaml"


# ---- command line -----------------------------------------------------------------------------
def test_headless_scenario_game_runs_to_the_end(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--headless", "--scenario", LAST_SCORING, "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "Result:" in result.stdout and "Winner:" in result.stdout
    assert "(normal)" in result.stdout       # headless without --players: every seat a normal AI


def test_headless_scenario_with_players_seats_the_scenario_colours_in_order(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--headless", "--scenario", "levels/scenarios/king_first.yaml",
                       "--players", "random,greedy,random")
    assert result.returncode == 0, result.stderr
    assert "Blue (greedy)" in result.stdout


def test_malformed_scenario_is_a_one_line_error_naming_the_file(tmp_path, data_dir, capsys, monkeypatch):
    bad = tmp_path / "broken_level.yaml"
    bad.write_text("name: Broken\ndescription: no\nplayers: [red, blue]\nking: atlantis\n", encoding="utf-8")
    result = game_main(capsys, monkeypatch, "--headless", "--scenario", str(bad))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "broken_level.yaml" in lines[0] and "king" in lines[0]
    assert result.stdout == ""
    assert not data_dir.exists() or not any(data_dir.rglob("*.json"))


def test_wrong_player_count_for_the_scenario_is_refused(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--headless", "--scenario", LAST_SCORING, "--players",
                       "random,random,random,random")
    assert result.returncode == 2
    assert "challenge_1_last_scoring.yaml" in result.stderr and "3 players" in result.stderr


def test_scenario_and_load_are_exclusive(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--scenario", LAST_SCORING, "--load", "x.json")
    assert result.returncode == 2 and "not allowed with" in result.stderr


# ---- the files ----------------------------------------------------------------------------------
def test_every_shipped_challenge_loads_with_a_name_and_a_description():
    files = sorted(SCENARIOS.glob("challenge_*.yaml"))
    assert len(files) >= 3
    entries = {c.path: c for c in list_challenges()}
    for path in files:
        entry = entries[path]
        assert entry.error is None, entry.error
        assert entry.name and len(entry.description) > 40
        assert engine.load_scenario(path).players[0] == entry.players[0]


def test_the_last_scoring_is_won_by_exactly_one_disc_whatever_blue_answers():
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    assert game.scores["blue"] - game.scores["red"] == 6 and game.to_move == "red"
    winning = []
    for disc in game.legal_moves():
        after = game.clone()
        after.play(disc)
        outcomes = []
        for answer in after.legal_moves():
            end = after.clone()
            end.play(answer)
            assert end.is_over
            outcomes.append(end.winners() == ["red"])
        if all(outcomes):
            winning.append(str(disc))
    assert winning == ["disc aragon"]


def test_kings_gambit_is_won_by_moving_the_king_first():
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    line = ["card king", "first action", "king sevilla", "place castilla_la_nueva", "place castilla_la_nueva",
            "place castillo", "place castillo", "place castillo", "disc pais_vasco"]
    for text in line:
        if game.to_move != "red":
            break
        game.play(text)
    while not game.is_over:      # nobody else has a decision left but a disc
        game.play(game.legal_moves()[0])
    assert game.winners() == ["red"]


def test_files_without_name_are_skipped_and_broken_ones_listed_with_their_error(tmp_path):
    (tmp_path / "a_test_only.yaml").write_text("players: [red, blue]\n", encoding="utf-8")
    (tmp_path / "b_broken.yaml").write_text("name: B\ndescription: d\nplayers: [red]\n", encoding="utf-8")
    (tmp_path / "c_not_yaml.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    entries = list_challenges(tmp_path)
    assert [e.path.name for e in entries] == ["b_broken.yaml", "c_not_yaml.yaml"]
    assert all(e.error and e.path.name in e.error for e in entries)


# ---- the screen ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_challenges_screen_renders_and_starts_a_challenge_by_mouse(size, screenshots):
    ctx = make_context()
    driver = Driver(TitleScene(ctx), size, shots=screenshots / f"challenges-{size[0]}x{size[1]}")
    driver.step(2)
    driver.click(dict((item, rect) for rect, item in title_buttons())["challenges"].center)
    driver.step()
    scene = driver.scene
    assert isinstance(scene, ChallengesScene) and len(scene.entries) >= 3
    row, index = scene.row_rects()[1]
    driver.click(row.center)
    assert scene.selected == index
    driver.click(dict((level, rect) for rect, level in level_rects())["hard"].center)
    assert scene.level == "hard"
    first = scene.entries[index].players[0]
    driver.click(start_button().center)
    driver.step()
    assert driver.scene.name in ("power", "action")
    match = driver.scene.match
    seats = match.seats
    assert seats[first].human and all(s.kind == "hard" for p, s in seats.items() if p != first)
    # the log opens with the challenge and its goal, which the list showed
    entry = scene.entries[index]
    assert match.log_lines()[:2] == [f"Challenge: {entry.name}", entry.description]
    assert pygame.display.get_surface().get_size() == size


def test_keyboard_chooses_level_and_starts_and_escape_returns_to_title():
    driver = Driver(TitleScene(make_context()))
    challenges = dict((item, rect) for rect, item in title_buttons())["challenges"].center
    driver.step()
    driver.click(challenges)
    driver.step()
    driver.key(pygame.K_ESCAPE)
    driver.step()
    assert driver.scene.name == "title"
    driver.click(challenges)
    driver.step()
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_LEFT)
    assert (driver.scene.selected, driver.scene.level) == (1, "easy")
    driver.key(pygame.K_RETURN)
    driver.step()
    assert driver.scene.name in ("power", "action")
    assert sum(s.human for s in driver.scene.match.seats.values()) == 1


def test_a_broken_entry_is_shown_but_cannot_be_started(tmp_path):
    (tmp_path / "broken.yaml").write_text("name: B\ndescription: d\nplayers: [red]\n", encoding="utf-8")
    ctx = make_context()
    driver = Driver(ChallengesScene(ctx, list_challenges(tmp_path)))
    driver.step(2)
    driver.key(pygame.K_RETURN)
    driver.click(start_button().center)
    assert driver.scene.name == "challenges"


def test_the_castillo_disc_is_announced_as_the_general_scoring():
    """The last-scoring challenge opens on the Castillo disc: the top bar says Scoring (the same
    caption shows while a scoring card resolves, so it names no kind) and the prompt says where
    the Castillo Caballeros go, not the generic disc line of card effects."""
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    driver = Driver(MatchScene(make_context(), Match.from_game(game, autosave=False)))
    driver.step(2)
    assert driver.scene.phase_caption() == "Scoring"
    assert driver.scene.prompt().startswith("Red — the Castillo opens")
    gambit = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    scene = MatchScene(make_context(), Match.from_game(gambit, autosave=False))
    assert scene.phase_caption() == "Action phase"


def test_challenge_texts_follow_the_language_with_english_as_fallback(tmp_path):
    (tmp_path / "c.yaml").write_text("name: {en: Dawn, pt: Aurora}\ndescription: {en: Win it.}\n"
                                     "players: [red, blue]\n", encoding="utf-8")
    try:
        i18n.set_language("pt")
        (entry,) = list_challenges(tmp_path)
        assert (entry.name, entry.description) == ("Aurora", "Win it.")
        shipped = {c.path.name: c for c in list_challenges()}
        assert shipped["challenge_1_last_scoring.yaml"].name == "A última pontuação"
        i18n.set_language("ca")
        assert list_challenges(tmp_path)[0].name == "Dawn"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_shipped_description_fits_its_row_uncut(language):
    driver = Driver(ChallengesScene(make_context()))
    driver.step()
    row, _ = driver.scene.row_rects()[0]
    width = description_box(row).width
    try:
        i18n.set_language(language)
        for entry in list_challenges():
            lines = style.wrap(entry.description, width, DESCRIPTION_SIZE)
            assert len(lines) <= DESCRIPTION_LINES, (entry.path.name, language, lines)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_the_opponent_switch_offers_the_new_games_ladder_up_to_expert(language):
    """The Challenges screen offers every level a new game's seats offer (expert included), the
    switch and its label clear of Back and Start in every language."""
    from game.scenes.challenges import back_button
    from game.match.seats import DIFFICULTIES
    i18n.set_language(language)
    try:
        driver = Driver(ChallengesScene(make_context()))
        driver.step()
        rects = dict((level, rect) for rect, level in level_rects())
        assert tuple(rects) == DIFFICULTIES and "expert" in rects
        switch = min(rects.values(), key=lambda r: r.x).unionall(list(rects.values()))
        assert back_button().right < switch.x and switch.right < start_button().x
        assert style.text_width(i18n.t("challenges.opponents"), 13, True) < switch.width
        assert all(style.text_width(i18n.t(f"seat.{level}"), 14, True) <= r.width - 16 for level, r in rects.items())
        driver.click(rects["expert"].center)
        assert driver.scene.level == "expert"
        driver.click(start_button().center)
        driver.step()
        seats = driver.scene.match.seats
        assert sorted(s.kind for s in seats.values()) == ["expert"] * (len(seats) - 1) + ["human"]
    finally:
        i18n.set_language("en")
