"""Tests added for survivors of the mutation sample (tests/engine/MUTATION.md): the public API's
small promises — descriptions, refusal reasons, helpers — that no rules test pinned down."""
from __future__ import annotations

import dataclasses
import json
import random

import engine
import pytest
import yaml
from engine import events as E
from engine.data import CLASSIC_PATH, load_board
from engine.internals import place_points

from enginekit import card_position, illegal, position, run

VERDICTS = {"veto": "vetoes the special action", "allow": "lets the special action happen",
            "skip": "skips the special action", "done": "is done"}


def classic_with(tmp_path, section: str, key, value):
    """A copy of classic.yaml in tmp_path with data[section][key] = value (key None: the section)."""
    data = yaml.safe_load(CLASSIC_PATH.read_text(encoding="utf-8"))
    if key is None:
        data[section] = value
    else:
        data[section][key] = value
    path = tmp_path / "classic.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_describe_names_each_veto_phase_answer():
    """docs/design.md §2 describe / §6.2 Veto: each answer to a declared action has its own log line."""
    g = engine.new_game(players=["red", "blue", "green"], seed=1)
    for verb, text in VERDICTS.items():
        assert engine.describe(engine.parse_move(verb), g) == f"Red {text}"


def test_random_playout_returns_the_finished_game_itself():
    """docs/design.md §2 random_playout (tests and benchmarks): plays the given game to its end."""
    g = engine.new_game(players=["red", "blue"], seed=3)
    assert engine.random_playout(g, random.Random(3)) is g
    assert g.is_over and g.to_move is None
    assert g.round == 9, "§1: the classic game ends after its 9th round"


def test_s6_3_a_move_into_the_castillo_beyond_the_card_is_refused_by_the_card_limits():
    """§6.3 A2: intrigue_own_4 moves only your own Caballeros; moving an opponent's into the
    Castillo is refused for the card's limits (the Castillo is a legal destination)."""
    g = card_position("intrigue_own_4", caballeros={"red": {"galicia": 2}, "blue": {"galicia": 2}})
    run(g, "card intrigue_own_4; first action; action")
    assert illegal(g, "move blue galicia castillo").endswith(
        "the action card's limits do not allow it here")
    run(g, "move red galicia castillo")
    assert g.count("red", "castillo") == 1


def test_s2_new_game_deals_power_cards_1_to_13():
    """§2 set-up: each player takes the 13 power cards 1..13, so power 14 does not exist."""
    g = engine.new_game(players=["red", "blue", "green"], seed=5)
    for player in ("red", "blue", "green"):
        assert g.hand(player) == tuple(range(1, 14))
    assert sorted(int(str(m).split()[1]) for m in g.legal_moves()) == list(range(1, 14))
    # the snapshot (and the AI, engine/internals.py) hold a hand as a bit set, bit v = card v
    assert g.to_json()["state"]["hand_bits"] == [sum(1 << v for v in range(1, 14))] * 3


def test_s10_6_recall_progress_counts_the_shortfall():
    """§5.2 T1/§10.6: with 2 short of power 4, two recalls are left, then one; engine.progress
    reports the recall step to the client."""
    played = {"red": 4, "blue": 3, "green": 2, "yellow": 1}
    g = position(phase="turn", to_move="red", played=played, king="aragon",
                 caballeros={"red": {"court": 0, "galicia": 10, "aragon": 10, "castillo": 6,
                                     "valencia": 2}})
    run(g, "court 4")
    assert engine.progress(g) == engine.Progress("recall", 2, None, "red")
    run(g, "recall valencia")
    assert engine.progress(g) == engine.Progress("recall", 1, None, "red")


def test_malformed_classic_yaml_of_the_wrong_shape_is_a_data_error(tmp_path):
    """docs/design.md §5: a classic.yaml whose adjacency is a number, not a list, fails with a
    DataError naming the file, never a bare TypeError."""
    with pytest.raises(engine.DataError, match=r"^classic\.yaml: malformed content \(TypeError"):
        load_board(classic_with(tmp_path, "adjacency", None, 5))


def test_every_event_is_a_frozen_record():
    """docs/design.md §2 events: small (slotted) frozen records, so the client can keep and compare them
    safely and a long game's log stays light."""
    kinds = [k for k in vars(E).values() if dataclasses.is_dataclass(k)]
    assert len(kinds) >= 20
    assert [k.__name__ for k in kinds if not k.__dataclass_params__.frozen] == []
    assert [k.__name__ for k in kinds if "__slots__" not in vars(k)] == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        E.TurnOrderSet(("red", "blue")).order = ("blue", "red")  # type: ignore[misc]


def test_s6_3_court_2_anywhere_progress_is_capped_by_the_active_players_court():
    """§6.3 intrigue_court_2_anywhere: up to 2 from the active player's own court; with 1 there
    (and none in the first player's court) one placement is left, and after it the action ends."""
    g = card_position("intrigue_court_2_anywhere", to_move="blue",
                      caballeros={"red": {"galicia": 1}, "blue": {"court": 1, "sevilla": 1}})
    run(g, "card intrigue_court_2_anywhere; first action; action")
    assert engine.progress(g) == engine.Progress("anywhere", 1, 2, "blue")
    run(g, "place galicia")
    assert g.phase != "steps" and g.count("blue", "court") == 0


def test_levels_scenarios_hand_too_small_for_the_rounds_left_is_refused():
    """levels/scenarios (docs/design.md §5): in round 1 of 9 with 4 players a hand needs 9 + 3 = 12 power
    cards to bid every round left; 11 is a DataError naming the field; 12 loads."""
    with pytest.raises(engine.DataError, match=r"hands\.red: expected at least 12 power cards"):
        position(hands={"red": list(range(1, 12))})
    assert position(hands={"red": list(range(1, 13))}).hand("red") == tuple(range(1, 13))


def test_malformed_classic_yaml_card_depth_beyond_3_is_refused(tmp_path):
    """docs/design.md §5: a scoring card's depth counts places 1..3 (§8); 3 loads, 4 is a
    DataError naming action_cards[0].depth."""
    first = yaml.safe_load(CLASSIC_PATH.read_text(encoding="utf-8"))["action_cards"][0]
    path = classic_with(tmp_path, "action_cards", 0, dict(first, depth=3))
    assert load_board(path).cards[first["id"]].depth == 3
    path = classic_with(tmp_path, "action_cards", 0, dict(first, depth=4))
    with pytest.raises(engine.DataError, match=r"action_cards\[0\]\.depth must be 1\.\.3, got 4"):
        load_board(path)


def test_acting_card_outside_a_card_turn_is_a_loud_error():
    """docs/design.md §2 Game.acting_card: asked only while an action card is played; asking during the
    power bids is a programming error, never a silent None."""
    g = engine.new_game(players=["red", "blue"], seed=2)
    assert g.phase == "power"
    with pytest.raises(AssertionError, match="no action card is being played"):
        _ = g.acting_card


def test_moves_equal_only_when_their_text_is_equal():
    """docs/design.md §3 notation: a move is its text; different texts are different moves."""
    assert engine.parse_move("power 3") == engine.parse_move("POWER 3")
    assert engine.parse_move("power 3") != engine.parse_move("power 4")
    assert engine.parse_move("skip") != engine.parse_move("done")


def test_s8_2_place_points_reports_the_sole_leaders_lead():
    """§8.2/§7.1: the sole leader and his lead over the next count (the AI weighs close
    majorities with it); a tie for first has no leader."""
    assert place_points([5, 2, 0], (8, 4, 0), 3) == ([8, 4, 0], 0, 3)
    assert place_points([0, 4, 0], (5, 3, 1), 3) == ([0, 5, 0], 1, 4)
    assert place_points([3, 3, 1], (5, 3, 1), 3)[1:] == (-1, 0)
    assert place_points([0, 0, 0], (5, 3, 1), 3) == ([0, 0, 0], -1, 0), "an empty area"


def test_s6_3_own_2_opponents_2_allows_four_moves_in_all():
    """§6.3 intrigue_own_2_opponents_2: 2 of your own plus 2 of the opponents', 4 in all."""
    g = card_position("intrigue_own_2_opponents_2",
                      caballeros={"red": {"galicia": 3}, "blue": {"sevilla": 3}})
    run(g, "card intrigue_own_2_opponents_2; first action; action")
    assert engine.progress(g) == engine.Progress("move", 4, 4)


def test_phase_numbers_are_stable_for_saves():
    """docs/design.md §2 saves: a snapshot stores the phase as its number, so the numbering of
    engine.Phase (power 0 ... over 11) never changes under a saved game."""
    assert [(p.name.lower(), int(p)) for p in engine.Phase] == [
        ("power", 0), ("court", 1), ("recall", 2), ("card", 3), ("order", 4), ("place", 5),
        ("action", 6), ("veto", 7), ("steps", 8), ("disc", 9), ("return", 10), ("over", 11)]


def test_card_facts_are_frozen():
    """docs/design.md §5: the card data read from classic.yaml is shared by every game, so a
    CardInfo cannot be changed."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        engine.CARDS["court_2"].count = 5  # type: ignore[misc]


@pytest.mark.parametrize("hand", [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], list(range(2, 15))])
def test_levels_scenarios_hand_with_a_card_outside_1_to_13_is_refused(hand):
    """levels/scenarios (docs/design.md §5): power cards are 1..13; a hand listing 0 or 14 is a DataError
    naming hands.red."""
    with pytest.raises(engine.DataError, match=r"hands\.red: expected a list of power cards 1\.\.13"):
        position(hands={"red": hand})


def test_levels_scenarios_scores_start_at_zero():
    """levels/scenarios (docs/design.md §5): scores may be 0 or more; a negative score is refused."""
    assert position(scores={"red": 0, "blue": 7}).scores["blue"] == 7
    with pytest.raises(engine.DataError, match=r"scores\.red: expected whole points 0\.\.999, got -1"):
        position(scores={"red": -1})


def test_progress_is_a_frozen_value():
    """docs/design.md §2 engine.progress: a Progress is a value the client may keep, compare and hash."""
    shown = engine.Progress("place", 2, 4, "red")
    assert {shown: "prompt"}[engine.Progress("place", 2, 4, "red")] == "prompt"
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.left = 1  # type: ignore[misc]


def test_levels_scenarios_more_than_two_vetoes_is_refused():
    """levels/scenarios (docs/design.md §5), §6.2: a player holds at most the 2 Veto cards; listing 3 is a
    DataError naming vetoes.red."""
    with pytest.raises(engine.DataError, match=r"vetoes\.red: expected 'this', 'previous' or a list"):
        position(vetoes={"red": ["this", "this", "this"]})


def test_classic_yaml_setup_counts_may_be_zero_but_not_negative(tmp_path):
    """docs/design.md §5: setup counts (§2) are whole numbers from 0; an empty starting court
    loads, -1 is a DataError naming setup.court."""
    assert load_board(classic_with(tmp_path, "setup", "court", 0)).court == 0
    with pytest.raises(engine.DataError, match=r"setup\.court must be a whole number 0\.\.1000, got -1"):
        load_board(classic_with(tmp_path, "setup", "court", -1))


def test_s6_1_a8_court_2_anywhere_may_stop_after_one():
    """§6.1 A8 "up to": after one of the 2 placements of intrigue_court_2_anywhere, `done` ends
    the special action and the normal placement follows."""
    g = card_position("intrigue_court_2_anywhere", caballeros={"red": {"court": 4}})
    run(g, "card intrigue_court_2_anywhere; first action; action; place sevilla; done")
    assert g.phase == "place" and g.count("red", "sevilla") == 1


def test_snapshot_mid_action_stores_the_running_step_as_kind_and_fields():
    """docs/design.md §2 to_json/from_json: a snapshot taken during intrigue_own_4 stores the running step
    as [kind, *fields] (the form rules-version-1 saves hold: 3 own moves left) and loads back."""
    g = card_position("intrigue_own_4", caballeros={"red": {"galicia": 3}})
    run(g, "card intrigue_own_4; first action; action; move red galicia sevilla")
    snapshot = json.loads(json.dumps(g.to_json()))
    assert snapshot["state"]["ctx"][:2] == ["move", 3]
    assert engine.from_json(snapshot) == g


def test_levels_scenarios_scoring_phase_decides_who_sets_a_disc():
    """levels/scenarios (docs/design.md §5), §8.1: a scenario at the general scoring of round 3 names no
    player to move (the Castillo's players set discs in turn); naming one is a DataError."""
    cab = {"red": {"castillo": 2}, "blue": {"galicia": 1}}
    g = position(["red", "blue"], round=3, phase="scoring", caballeros=cab)
    assert g.phase == "disc" and g.to_move == "red"
    with pytest.raises(engine.DataError, match=r"to_move: the scoring phase decides who sets a disc"):
        position(["red", "blue"], round=3, phase="scoring", caballeros=cab, to_move="red")


@pytest.mark.parametrize("seed", ["7", True, 1.5])
def test_new_game_seed_must_be_an_integer(seed):
    """docs/design.md §2 new_game: a seed that is not an int is refused by name."""
    with pytest.raises(engine.EngineError, match=r"new_game: seed must be an integer"):
        engine.new_game(players=["red", "blue"], seed=seed)


def test_replay_refuses_a_move_that_is_not_text():
    """docs/design.md §2 replay: a record whose moves[1] is a number fails with a
    DataError naming that move."""
    rec = {"setup": {"players": ["red", "blue"], "seed": 1}, "moves": ["power 5", 4]}
    with pytest.raises(engine.DataError, match=r"^record: moves\[1\] must be text, got int$"):
        engine.replay(rec)
