"""The advisor's reasons (ai/advisor.py `reason_for`): each names the change the evaluation
values (ai/evaluate.py) — a region taken or held, a rival's loss, the Castillo, the court, a power
card kept or recovered — and the scoring it counts at, as the engine says which comes next."""
from __future__ import annotations

import pytest

import engine
from ai.advisor import Reason, reason_for


def _position(round_: int = 8, **fields) -> engine.Game:
    """Red acts first (power 13) in a two-player round, Blue holds Cataluña with 2 Caballeros."""
    data = dict(players=["red", "blue"], grandes={"red": "galicia", "blue": "sevilla"}, king="aragon",
                round=round_, phase="card", to_move="red", played={"red": 13, "blue": 12},
                face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"],
                caballeros={"red": {"court": 5}, "blue": {"cataluna": 2, "court": 2}})
    data.update(fields)
    return engine.load_scenario(data)


def _reason(game: engine.Game, script: str) -> Reason:
    plan = []
    after = game.clone()
    for text in script.split(";"):
        move = engine.parse_move(text.strip(), after)
        after.play(move)
        plan.append(move)
    return reason_for(game, tuple(plan), game.to_move_idx)


@pytest.mark.parametrize(("round_", "scoring"), [(2, "general"), (6, "general"), (7, "final"), (8, "final")])
def test_a_region_taken_counts_at_the_scoring_the_engine_says_comes_next(round_, scoring):
    """Rules §5.1 R6-R7: the scoring after round 9 is the last; 3 Caballeros beat Blue's 2 in
    Cataluña, which Red then leads."""
    reason = _reason(_position(round_), "card court_2; first place; place cataluna; place cataluna; place cataluna")
    assert (reason.kind, reason.area, reason.place, reason.scoring) == ("place", "cataluna", 1, scoring)
    assert reason.points > 0


def test_moving_a_rivals_caballeros_out_names_the_rival_and_what_he_loses():
    """Rules §6.3 (Intrigue): Blue's two Caballeros leave Cataluña; Red gains nothing there himself."""
    reason = _reason(_position(), "card intrigue_any_3; first action; action; "
                                  "move blue cataluna valencia; move blue cataluna valencia")
    assert (reason.kind, reason.player, reason.area, reason.scoring) == ("rival", "blue", "cataluna", "final")
    assert reason.points > 0


def test_sending_back_the_rivals_court_caballeros_is_a_rival_court_reason():
    """Rules §6.4 `decay_court_3`: every opponent returns 3 Caballeros from his court to his
    provinces (Blue holds 2 in court: both go)."""
    assert _reason(_position(), "card decay_court_3; first action; action") == Reason("rival_court", 2)


def test_a_caballero_into_a_castillo_already_led_is_a_castillo_reason():
    """Rules §8.1: Castillo Caballeros land by disc at the general scoring; Red leads it already."""
    game = _position(caballeros={"red": {"court": 5, "castillo": 3}, "blue": {"court": 2, "castillo": 1}})
    assert _reason(game, "card court_2; first place; place castillo") == Reason("castillo", 1, scoring="final")


def test_widening_a_sole_lead_is_a_region_held():
    """Rules §8.2: 1st place is the most Caballeros; a lead of 2 is safer than a lead of 1."""
    game = _position(caballeros={"red": {"court": 5, "cataluna": 3}, "blue": {"cataluna": 2, "court": 2}})
    reason = _reason(game, "card court_2; first place; place cataluna")
    assert (reason.kind, reason.area, reason.points) == ("hold", "cataluna", 2)


def test_a_court_card_action_brings_caballeros_to_the_court():
    """Rules §6.6 `court_2`: two Caballeros from the provinces to the court."""
    assert _reason(_position(), "card court_2; first action; action; court 2") == Reason("court", 2)


def test_power_recovery_names_the_card_taken_back():
    """Rules §6.6 `power_recovery`: one of the own played power cards back into the hand."""
    assert _reason(_position(), "card power_recovery; first action; recover 13") == Reason("recover", 13)


def test_power_cards_that_bring_none_keep_the_best_card_or_buy_the_early_turn():
    """Rules §4.1/§4.2: 12 and 13 bring no Caballeros; playing the 12 keeps the 13 for later."""
    game = _position(phase="power", hands={"red": [1, 12, 13], "blue": [2, 3, 4]}, played={}, starter="red")
    assert _reason(game, "power 12") == Reason("keep", 13)
    assert _reason(game, "power 13") == Reason("order")
    assert _reason(game, "power 1") == Reason("court", 6)
