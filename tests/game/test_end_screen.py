"""The end table's columns add up to every final score (a challenge's starting
points included), tied players share a rank and the victory, a challenge gets a verdict, and the
chart has each player's score after every round."""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import engine
from game.shell import i18n
from game.match.controller import Match
from game.match.end_table import START, TOTAL, end_table
from game.scenes.game_over import GameOverScene
from tests.game.driver import Driver, make_context

CHALLENGE = Path(__file__).resolve().parents[2] / "levels" / "scenarios" / "challenge_2_kings_gambit.yaml"


def finished(players: int, seed: int) -> engine.Game:
    game = engine.new_game(players=["red", "blue", "green", "yellow", "orange"][:players], seed=seed)
    return engine.random_playout(game, random.Random(seed))


SOLUTION = ["card king", "first action", "king sevilla", "place castilla_la_nueva", "place castilla_la_nueva",
            "place castillo", "place castillo", "place castillo", "disc pais_vasco"]   # test_challenges.py


def challenge_ending(red_wins: bool) -> engine.Game:
    """The King's gambit solved (test_challenges.py's line), or played out at random and lost."""
    game = engine.load_scenario(CHALLENGE)
    for text in SOLUTION if red_wins else ():
        if game.to_move == "red":
            game.play(text)
    game = engine.random_playout(game, random.Random(1))
    assert ("red" in game.winners()) == red_wins
    return game


def assert_rows_add_up(game: engine.Game) -> None:
    table = end_table(game)
    assert table.columns[-1] == TOTAL
    for player, values in table.rows.items():
        assert sum(values[:-1]) == values[-1] == game.scores[player], (player, table.columns, values)


def test_every_row_adds_up_to_the_final_score_at_every_player_count():
    for players in (2, 3, 4, 5):
        game = finished(players, players * 7)
        assert_rows_add_up(game)
        table = end_table(game)
        assert START not in table.columns, "a dealt game starts at 0: no starting-points column"
        assert [c for c in table.columns if c.startswith("round")] == ["round 3", "round 6", "round 9"]


def test_a_challenge_shows_its_starting_points_and_the_rows_still_add_up():
    game = challenge_ending(red_wins=False)
    table = end_table(game)
    assert table.columns[0] == START
    assert {p: v[0] for p, v in table.rows.items()} == {"red": 58, "blue": 74, "green": 68}  # the scenario's scores
    assert_rows_add_up(game)
    assert table.progress[0] == (8, {"red": 58, "blue": 74, "green": 68})
    assert table.progress[-1] == (9, game.scores)


def test_the_chart_has_every_round_and_ends_at_the_final_scores():
    game = finished(4, 3)
    progress = end_table(game).progress
    assert [r for r, _ in progress] == list(range(10))
    assert progress[0][1] == dict.fromkeys(game.players, 0) and progress[-1][1] == game.scores
    for (_, before), (_, after) in itertools.pairwise(progress):
        assert all(after[p] >= before[p] for p in game.players), "points are never lost"


def test_tied_players_share_rank_one_and_the_victory_in_three_languages():
    game = next(g for g in (finished(2, s) for s in range(1, 400)) if len(g.winners()) == 2)
    match = Match.from_game(game, autosave=False)
    scene = GameOverScene(make_context(), match)
    assert set(scene.table.ranks.values()) == {1}
    expected = {"en": "Red and Blue share the rule of Spain",
                "pt": "Vermelho e Azul partilham o domínio de Espanha",
                "ca": "Vermell i Blau comparteixen el domini d'Espanya"}
    for language, text in expected.items():
        i18n.set_language(language)
        assert scene.headline() == text


def test_a_challenge_verdict_says_solved_or_not_with_its_goal():
    for red_wins in (True, False):
        match = Match.from_game(challenge_ending(red_wins), autosave=False)
        driver = Driver(GameOverScene(make_context(), match))
        driver.step(2)
        text, solved = driver.scene.verdict()
        assert solved is red_wins
        assert text == ("Challenge solved! " if red_wins else "Challenge not solved. ") + \
            "Goal: Red finishes with the most points"
    assert GameOverScene(make_context(), Match.from_game(finished(3, 1), autosave=False)).verdict() is None
