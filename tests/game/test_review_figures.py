"""The review's figures agree and read right: the reason beside the changes is measured the same
way as they are (the game as it was, the better plan against the one played), one point is "1
point", and the replay's ghost marks as many Caballeros as the better plan places there."""
from __future__ import annotations

import random

import pytest

import engine
from ai.advisor import Hint, Reason, Verdict
from game.match.challenges import SCENARIOS
from game.match.review import Blunder, Decision, blunder
from game.shell import i18n
from tests.game.driver import Driver, make_context


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _moves(game: engine.Game, *texts: str) -> tuple[engine.Move, ...]:
    out, g = [], game.clone()
    for text in texts:
        out.append(engine.parse_move(text, g))
        g.play(out[-1])
    return tuple(out)


def _gambit() -> tuple[engine.Game, tuple[engine.Move, ...], tuple[engine.Move, ...]]:
    """The King's gambit: the King left where it is and five Caballeros to the Castillo, against
    the King to Sevilla and two Caballeros to Castilla la Nueva (rules §5.2 T3/T4, §7.1)."""
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    played = _moves(game, "card king", "first place", *["place castillo"] * 5, "skip")
    best = _moves(game, "card king", "first action", "king sevilla", "place castilla_la_nueva",
                  "place castilla_la_nueva", "place castillo", "place castillo", "place castillo")
    return game, played, best


def test_the_reason_is_measured_as_the_changes_are():
    """A reason worked out in a sampled world with another baseline said "+4" beside a change of
    "+8" in the same region; the review's reason is the game's, against the plan played."""
    game, played, best = _gambit()
    stale = Reason("place", 99, "sevilla", 1, "final")        # as a sampled world might have said it
    b = blunder(game, Decision(0, "red", played), Verdict(Hint(best, 0.0, 0.0, stale), 6.0))
    assert b.reason != stale and b.reason.versus == 1
    assert b.reason.kind in ("place", "place_tied"), b.reason
    [change] = [c for c in b.changes if c.area == b.reason.area and c.when != "now"]
    assert change.gain == b.reason.points
    assert change.best_rank == b.reason.place and change.played_rank == b.reason.other_place


@pytest.mark.parametrize(("lang", "one"), [("en", "about 1 point below"), ("pt", "cerca de 1 ponto abaixo"),
                                           ("ca", "un punt per sota")])
def test_one_point_is_singular_in_every_language(lang, one):
    from game.scenes.review import decision_lines
    i18n.set_language(lang)
    game, played, best = _gambit()
    b = Blunder(0, 9, "red", played, best, 1.2, Reason("value"))
    Driver(_scene())
    lines = " ".join(text for text, *_ in decision_lines(b, str, 4000))
    assert one in lines, lines
    three = " ".join(text for text, *_ in decision_lines(Blunder(0, 9, "red", played, best, 3.4, Reason("value")),
                                                          str, 4000))
    assert "3" in three and one not in three


def _scene():
    from game.match.controller import Match
    from game.match.seats import Seat
    from game.scenes.review import ReviewScene
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    engine.random_playout(game, random.Random(3))
    match = Match([Seat(p, "human" if p == "red" else "normal", "") for p in game.players], 3,
                  autosave=False, game=game)
    scene = ReviewScene(make_context(), match)
    scene.found, scene.judged = [], []
    return scene


def test_the_replay_ghost_counts_the_caballeros_the_better_plan_places(monkeypatch):
    """"2× Castilla la Nueva" in the better plan is one ghost marked +2, as the match screen marks
    a docked plan (game/present/hint_plan.py ghost_counts), not +1."""
    from game.match.replay_model import ReplayAdvice, ReplayModel
    from game.scenes import navigation, replay
    game, played, best = _gambit()
    record = game.clone()
    for m in played:
        record.play(m)
    engine.random_playout(record, random.Random(3))
    model = ReplayModel(record.record(), "game", ()).window()
    scene = navigation.replay(make_context(), model, position=0,
                              advice=ReplayAdvice(0, "Better here", best, "red"))
    Driver(scene)
    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(replay.board, "ghost",
                        lambda surface, table, step, mover, solid=False, count=1: drawn.append((str(step), count)))
    import pygame
    scene.draw_advice(pygame.Surface((1280, 800)))
    assert ("place castilla_la_nueva", 2) in drawn and ("place castillo", 3) in drawn


def test_a_decision_is_dated_by_the_round_the_table_shows():
    """The short variant skips rounds (levels/classic.yaml variants): a decision of its first
    round is dated by that round's number, as the round track and the log say, not "Round 1"."""
    game = engine.new_game(players=["red", "blue", "green"], seed=1, variant="short")
    move = game.legal_moves()[0]
    b = blunder(game, Decision(0, "red", (move,)), Verdict(Hint((game.legal_moves()[1],), 0.0, 0.0,
                                                                 Reason("value")), 2.0))
    assert game.round != 1 and b.round == game.round


def test_the_headline_stops_where_the_turns_part_on_a_card():
    """The same court count, then another action card: the row names the cards, not both whole
    turns (which pushed the reason out of its row); the same card with other placements names the
    card, then the plans from where they part."""
    from game.scenes.review import headline

    def plan(*texts: str) -> tuple[engine.Move, ...]:
        return tuple(engine.parse_move(text) for text in texts)
    b = Blunder(0, 4, "red", plan("court 5", "card intrigue_own_4", "first place", "place aragon"),
                plan("court 5", "card king", "first place", "place castillo", "king valencia"), 9.0, Reason("value"))
    assert headline(b, str) == ("5 to the court · “Intrigue: your four”", "5 to the court · “The King”")
    same = Blunder(0, 4, "red", plan("card king", "first place", "place aragon"),
                   plan("card king", "first place", "place castillo"), 3.0, Reason("value"))
    assert headline(same, str) == ("“The King” … 1× Aragón", "“The King” … 1× Castillo")


@pytest.mark.parametrize(("lang", "words"), [("en", "give or take 1.4"), ("pt", "mais ou menos 1.4"),
                                             ("ca", "més o menys 1.4")])
def test_a_decision_states_the_judges_own_uncertainty(lang, words):
    """The review flags a shortfall only beyond the judge's noise at that position, and says how
    large that noise was."""
    from game.scenes.review import decision_lines
    i18n.set_language(lang)
    game, played, best = _gambit()
    Driver(_scene())
    noisy = Blunder(0, 9, "red", played, best, 6.0, Reason("value"), noise=1.4)
    assert words in " ".join(text for text, *_ in decision_lines(noisy, str, 4000))
    exact = Blunder(0, 9, "red", played, best, 6.0, Reason("value"))
    assert words.split()[0] not in " ".join(text for text, *_ in decision_lines(exact, str, 4000))
