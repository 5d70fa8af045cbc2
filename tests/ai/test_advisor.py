"""The advisor (ai/advisor.py): the hard search's best plans for a decision, ranked by expected
value, with the winning move first where a challenge's win is known."""
from __future__ import annotations

import random

import pytest
from ai_testkit import SMALL, decision_points

import engine
from ai.advisor import HINTS, Reason, advise, hard_searcher
from game.match.challenges import SCENARIOS


def _red_to_move(name: str) -> engine.Game:
    return engine.load_scenario(SCENARIOS / name)


def test_last_scoring_challenge_advises_the_one_winning_disc_first():
    """Rules §8.1 (the last general scoring, Castillo discs): only `disc aragon` wins whatever Blue answers
    (tests/game/test_challenges.py proves it by enumeration)."""
    hints = advise(_red_to_move("challenge_1_last_scoring.yaml").view("red"), random.Random(1))
    assert [str(m) for m in hints[0].plan] == ["disc aragon"]
    assert hints[0].gain == 0 and all(h.gain < 0 for h in hints[1:])


def test_kings_gambit_advises_the_king_card_as_a_whole_turn_plan():
    """The King card wins the King's gambit (tests/game/test_challenges.py plays the line); the
    hint is a whole plan: the card, then the order, placements and the King's move."""
    game = _red_to_move("challenge_2_kings_gambit.yaml")
    hints = advise(game.view("red"), random.Random(1))
    best = [str(m) for m in hints[0].plan]
    assert best[0] == "card king" and len(best) > 3
    assert any(m.startswith("king ") for m in best) and any(m.startswith("place ") for m in best)
    assert hints[0].reason.kind in ("place", "score")


@pytest.mark.parametrize("seed", [3, 4])
def test_hints_are_legal_plans_ordered_by_expected_value(seed):
    searcher = hard_searcher(**SMALL["hard"])
    checked = 0
    for k, (g, p) in enumerate(decision_points(seed=seed, players=4, every=17, limit=300)):
        hints = advise(g.view(g.players[p]), random.Random(k), searcher)
        assert 1 <= len(hints) <= HINTS
        assert [h.gain for h in hints] == sorted((h.gain for h in hints), reverse=True)
        assert hints[0].gain == 0 and all(h.gain <= 0 for h in hints)
        assert len({h.plan for h in hints}) == len(hints)
        for h in hints:
            after = g.clone()
            for m in h.plan:                       # every step legal where the plan plays it
                if after.to_move_idx != p or after.is_over:
                    break
                assert m in after.legal_moves(), f"{m} illegal in {after.phase}"
                after.play(m)
            assert isinstance(h.reason, Reason)
        checked += 1
    assert checked >= 10


def test_a_power_card_hint_compares_the_caballeros_it_brings_or_the_turn_it_buys():
    """Rules §4.1: a power card brings its printed number of Caballeros from the provinces (the
    provinces are full at the start); 12 and 13 bring none. Hint #1 says what it gets over #2, and
    #2 and #3 what #1 gets over them: more Caballeros, else a higher card's earlier turn (§4.2),
    else the higher card the lower one keeps — never the card the reason is about."""
    from engine.internals import BOARD
    game = engine.new_game(players=["red", "blue", "green"], seed=2)
    hints = advise(game.view(game.to_move), random.Random(0), hard_searcher(**SMALL["hard"]))
    assert len(hints) == HINTS
    for i, h in enumerate(hints):
        versus = 2 if i == 0 else i + 1          # #1 over #2; for #2 and #3, #1 over them: why they are worse
        value = int(hints[0].plan[0].args[0])  # every reason is about #1's card
        other = int(hints[versus - 1].plan[0].args[0])
        brought, theirs = BOARD.power_to_court[value - 1], BOARD.power_to_court[other - 1]
        assert h.plan[0].verb == "power" and h.reason.versus == versus
        if brought > theirs:
            assert h.reason == Reason("court", brought, versus=versus, other=theirs)
        elif value > other:
            assert h.reason == Reason("order", versus=versus, other=other)
        else:
            assert h.reason == Reason("keep", other, versus=versus)
        assert h.reason.kind != "keep" or h.reason.points != value


def test_a_candidate_dropped_by_halving_never_ranks_above_the_survivors(monkeypatch):
    """Successive halving samples a dropped candidate in fewer worlds; a lucky mean there must not
    show it as better than the best or than a survivor listed above it."""
    from ai.expectimax import ExpectimaxAgent
    game = engine.new_game(players=["red", "blue", "green"], seed=2)
    plans = [tuple(m for m in game.legal_moves()[k:k + 1]) for k in range(3)]
    monkeypatch.setattr(ExpectimaxAgent, "turn_values",
                        lambda self, *a, **k: ([(plans[0], 5.0, 6), (plans[1], 4.0, 6), (plans[2], 9.0, 2)], game))
    hints = advise(game.view(game.to_move), random.Random(0), hard_searcher(**SMALL["hard"]))
    assert [h.gain for h in hints] == [0.0, -1.0, -1.0]


def test_place_of_follows_the_engines_tie_rule_issue_21():
    """§8.2 tie rule: with 3, 3, 1 in Valencia red and blue share 2nd; the
    advisor's place is the engine's rank with the tie, never "1st"."""
    from ai.advisor import place_of
    g = engine.load_scenario({"players": ["red", "blue", "green"], "king": "aragon",
                              "grandes": {"red": "galicia", "blue": "sevilla", "green": "granada"},
                              "caballeros": {"red": {"valencia": 3}, "blue": {"valencia": 3},
                                             "green": {"valencia": 1}}})
    valencia = engine.REGIONS.index("valencia")
    assert place_of(g, 0, valencia) == (2, True)
    assert place_of(g, 2, valencia) == (3, False)


def test_hint_one_is_the_whole_turn_the_hard_search_plays_issue_27():
    """Hint #1 is the turn the hard search valued and then follows step by step
    (its plan cursor), not one world's continuation pieced together afterwards — so a player who
    carries the shown plan through plays what the hard preset would."""
    from engine import Phase
    checked = 0
    for k, (g, p) in enumerate(decision_points(seed=5, players=4, every=7, limit=200)):
        if g.ph != Phase.CARD:
            continue
        view = g.view(g.players[p])
        hints = advise(view, random.Random(k), hard_searcher(**SMALL["hard"]))
        agent = hard_searcher(**SMALL["hard"])
        assert agent.choose(view, random.Random(k)) == hints[0].plan[0]
        followed = [m for _, m in agent.cursor.steps]
        own = [m for m in hints[0].plan[1:] if str(m) != "allow"]
        assert followed and followed == own[:len(followed)]
        checked += 1
    assert checked >= 3


def test_hints_take_a_first_move_each_while_there_are_enough():
    """Three variants of one action card teach nothing about the choice: the best plan of each
    first move is listed first (in the search's order), then the next best ones."""
    from ai.advisor import distinct_firsts
    game = engine.new_game(players=["red", "blue", "green"], seed=2)
    a, b = game.legal_moves()[:2]
    ranked = [((a, b), 5.0, 4), ((a,), 4.0, 4), ((b,), 3.0, 4), ((b, a), 2.0, 2)]
    assert distinct_firsts(ranked, 2) == [ranked[0], ranked[2]]
    assert distinct_firsts(ranked, 3) == ranked[:3]
