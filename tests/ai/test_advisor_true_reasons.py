"""The advisor's reasons are true of the moves they compare (ai/advisor.py `reason_for`): an
earlier turn only where the higher card outbids someone (rules §4.2), Caballeros to the court as
many as the engine lets each card bring (§4.1, §5.2 T1), points "at once" only from a scoring
card, and a skipped action said why."""
from __future__ import annotations

import random

import engine
from ai.advisor import Reason, reason_for
from ai.policy import FastPolicy
from engine.internals import BOARD, court_capacity


def _bids(game: engine.Game, values: list[int]) -> engine.Game:
    for v in values:
        game.play(f"power {v}")
    return game


def _power(game: engine.Game, value: int) -> tuple[engine.Move, ...]:
    return (engine.parse_move(f"power {value}", game),)


def test_a_higher_card_after_every_higher_bid_buys_no_earlier_turn():
    """§4.2: the turn order follows the cards; when the three others already played 13, 12 and
    11, a 9 and an 8 both come last — the 9 buys no earlier turn, it keeps the 8."""
    game = _bids(engine.new_game(players=["red", "blue", "green", "yellow"], seed=3), [13, 12, 11])
    p = game.to_move_idx
    reason = reason_for(game, _power(game, 9), p, _power(game, 8), 2)
    assert reason == Reason("same_turn", versus=2, other=8)


def test_a_higher_card_that_outbids_a_card_played_buys_the_earlier_turn():
    """§4.2: after 11, 10 and 5, a 6 goes before the 5 where a 4 would go after it (the 4's one
    Caballero more is no match for it here: 3 against 4 is no court reason); a 7 and a 6 both go
    after the 10 and before the 5, the same turn."""
    game = _bids(engine.new_game(players=["red", "blue", "green", "yellow"], seed=3), [11, 10, 5])
    p = game.to_move_idx
    assert reason_for(game, _power(game, 7), p, _power(game, 6), 2) == Reason("same_turn", versus=2, other=6)
    assert reason_for(game, _power(game, 6), p, _power(game, 4), 2) == Reason("order", versus=2, other=4)


def test_court_counts_are_what_the_engine_lets_each_card_bring():
    """§5.2 T1: the provinces run short (2 left), the rest comes from Red's regions: a 1 brings 6
    and a 5 brings 4, as the engine would let them — not 2 and 2."""
    game = engine.load_scenario({"players": ["red", "blue", "green"], "king": "aragon",
                                 "grandes": {"red": "galicia", "blue": "sevilla", "green": "granada"},
                                 "caballeros": {"red": {"court": 2, "galicia": 10, "valencia": 16}}})
    assert game.count("red", "provinces") == 2
    reason = reason_for(game, _power(game, 1), 0, _power(game, 5), 2)
    assert reason == Reason("court", 6, versus=2, other=4)
    for mine in range(1, 14):
        for theirs in range(1, 14):
            r = reason_for(game, _power(game, mine), 0, _power(game, theirs), 2)
            if r.kind == "court":       # the counts said are the two compared cards'
                assert r.points == court_capacity(game, 0, BOARD.power_to_court[mine - 1])
                assert r.other == court_capacity(game, 0, BOARD.power_to_court[theirs - 1])
                assert r.points > r.other


def _turn(game: engine.Game, script: list[str]) -> tuple[engine.Move, ...]:
    """Red's whole turn: the scripted moves (an opponent's `allow` among them), then the fast
    policy's to the end of the turn."""
    after, plan, rng = game.clone(), [], random.Random(0)
    for text in script:
        plan.append(engine.parse_move(text, after))
        after.play(plan[-1])
    while after.to_move == "red" and after.ph not in (engine.Phase.CARD, engine.Phase.POWER, engine.Phase.DISC):
        plan.append(FastPolicy().choose(after, rng))
        after.play(plan[-1])
    return tuple(plan)


def _played_through(game: engine.Game, plan: tuple[engine.Move, ...]) -> engine.Game:
    after = game.clone()
    for m in plan:
        after.play(m)
    return after


def test_a_comparison_is_with_the_other_plan_played_through_its_veto_window():
    """Blue holds a Veto (rules §6.3): the King's plan foresees Blue allowing it, then places. The
    `court_2` turn, compared with it, is measured against the King's plan carried out — its
    placements included — never against the plan cut at the Veto window; nothing scores at once
    (neither card is a scoring card), and the place said for the King's plan is the engine's."""
    game = engine.load_scenario(dict(
        players=["red", "blue", "green"], grandes={"red": "galicia", "blue": "sevilla", "green": "granada"},
        king="aragon", round=3, phase="card", to_move="red", played={"red": 11, "blue": 13, "green": 12},
        face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"], vetoes={"blue": ["this"]},
        caballeros={"red": {"court": 5, "valencia": 3}, "blue": {"cataluna": 2, "court": 2}}))
    king = _turn(game, ["card king", "first action", "king valencia", "allow"])
    court = _turn(game, ["card court_2", "first place"])
    assert engine.parse_move("allow") in king
    for plan, other in ((court, king), (king, court)):
        reason = reason_for(game, plan, 0, other, 1)
        assert reason.kind != "score", reason
        if reason.kind in ("place", "place_tied"):
            ranks = engine.area_ranks(_played_through(game, other), reason.area)
            assert reason.other_place == ranks.get("red", 0), reason


def test_skipping_the_action_says_why():
    """A plan that skips its card's action (where the compared plan takes it) is worded as such
    when no use of the action gains the player a point at the coming scoring."""
    from engine.internals import SKIP
    found = 0
    for seed in range(1, 12):
        game = engine.new_game(players=["red", "blue", "green"], seed=seed)
        policy, rng = FastPolicy(), random.Random(seed)
        while not game.is_over and game.round_idx < 2:
            if SKIP in game.legal_moves():
                p = game.to_move_idx
                skip = (SKIP,)
                use = next(m for m in game.legal_moves() if m != SKIP)
                reason = reason_for(game, skip, p, (use,), 2)
                if reason.kind == "skip":
                    assert reason.points <= 0
                    found += 1
            game.play(policy.choose(game, rng))
    assert found >= 1
