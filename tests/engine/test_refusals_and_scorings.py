"""Refusals as data (engine.why_illegal, IllegalMove.reason), typed scorings (§8.1, §8.2: one
ScoringStarted per scoring, one score-history entry, ranks with the tie rule on each AreaScored),
and the verb and variant tables the engine exports (docs/design.md §2 move notation)."""
from __future__ import annotations

import random

import engine
import pytest
from engine import events as E

from enginekit import card_position, run


@pytest.mark.parametrize("script,move,reason", [
    ("", "place aragon", ("wrong_step", {"player": "red", "step": "power"})),
    ("card king; first place", "place aragon", ("kings_region", {"area": "aragon"})),
    ("card king; first place", "place galicia",
     ("not_adjacent_to_king", {"area": "galicia", "king": "aragon"})),
    ("-", "card eviction", ("card_not_offered", {"card": "eviction"})),
    ("", "court 9", ("bad_notation", {"text": "court 9", "detail": "'court 9': '9' is not a number 0..6"})),
])
def test_s5_2_why_illegal_gives_a_code_with_arguments(script, move, reason):
    """§5.2 T4/§7.1 (placement beside the King, never into his region), §5.2 T2 (the offer):
    why_illegal names the rule broken as a code and its arguments; IllegalMove carries it."""
    g = card_position("king", caballeros={"red": {"court": 3}}) if script else engine.new_game(seed=1)
    if script and script != "-":
        run(g, script)
    assert engine.why_illegal(g, move) == reason
    if reason[0] != "bad_notation":
        with pytest.raises(engine.IllegalMove) as raised:
            g.play(move)
        assert raised.value.reason == reason


def test_s5_2_why_illegal_is_none_for_legal_moves_and_works_on_views():
    """docs/design.md §2: a legal move has no reason; a View answers for its own viewer only."""
    g = engine.new_game(seed=2)
    for move in g.legal_moves():
        assert engine.why_illegal(g, move) is None
        assert engine.why_illegal(g.view(g.to_move), move) is None
    other = next(p for p in g.players if p != g.to_move)
    assert engine.why_illegal(g.view(other), g.legal_moves()[0]) == ("not_your_turn", {"player": g.to_move})


def test_s5_2_every_refusal_of_random_play_has_a_listed_code():
    """§5: over random positions, every refused move's code is one of engine.REASONS, with
    exactly the argument names listed there, and the engine's wording fills in."""
    rng = random.Random(7)
    texts = [m.text for m in (engine.Move.of("place", r) for r in engine.REGIONS)] + [
        "power 13", "court 3", "card king", "king galicia", "done", "skip", "veto", "disc sevilla"]
    seen = set()
    for seed in range(8):
        g = engine.new_game(players=["red", "blue", "green", "yellow"][: 2 + seed % 3], seed=seed)
        while not g.is_over:
            for text in texts:
                reason = engine.why_illegal(g, text)
                if reason is not None:
                    code, fields = reason
                    assert set(fields) == set(engine.REASONS[code][0]), reason
                    assert engine.reason_text(reason)
                    seen.add(code)
            g.play(rng.choice(g.legal_moves()))
    assert {"wrong_step", "kings_region", "not_adjacent_to_king", "power_already_played"} <= seen


def test_s8_1_a_general_scoring_is_one_scoring_with_one_history_entry():
    """§8.1 steps 2-4: a general scoring (Castillo, reveal, the nine regions) is opened and closed
    once, says which round it follows, and leaves one score-history entry."""
    g = engine.new_game(seed=4, players=["red", "blue", "green"])
    rng = random.Random(4)
    while g.round < 4 and not g.is_over:
        events = g.play(rng.choice(g.legal_moves()))
        started = [e for e in events if isinstance(e, E.ScoringStarted)]
        if started and started[0].kind == "general":
            assert started == [E.ScoringStarted("general", 3, None)]
            assert [e for e in events if isinstance(e, E.ScoringFinished)] == [E.ScoringFinished("general", 3, None)]
            scored = [e.area for e in events if isinstance(e, E.AreaScored)]
            assert scored == ["castillo", *engine.REGIONS]
    general = [s for s in g.score_history if s.kind == "general"]
    assert [(s.round, s.card) for s in general] == [(3, None)]


def test_s6_4_a_card_scoring_says_its_card_and_round():
    """§6.4: a scoring card's scoring is typed as a card scoring naming the card and the round."""
    g = card_position("score_5_regions", caballeros={"red": {"court": 2, "galicia": 3}})
    ev = run(g, "card score_5_regions; first action; action")
    assert [e for e in ev if isinstance(e, E.ScoringStarted)] == [E.ScoringStarted("card", 1, "score_5_regions")]
    assert g.score_history[-1][:3] == ("card", 1, "score_5_regions")


def test_s8_2_ranks_carry_the_tie_rule():
    """§8.2: tied players share the lower rank and the next rank is skipped: with 3, 3, 1 both
    3s are 2nd and the 1 is 3rd — on the scored event and from engine.area_ranks alike."""
    g = card_position("score_choice_s2", caballeros={"red": {"aragon": 0, "valencia": 3, "court": 1},
                                                    "blue": {"valencia": 3}, "green": {"valencia": 1}})
    assert engine.area_ranks(g, "valencia") == {"red": 2, "blue": 2, "green": 3}
    assert engine.ranks([3, 3, 1, 0]) == [2, 2, 3, 0]
    ev = run(g, "card score_choice_s2; first action; score valencia")
    scored = next(e for e in ev if isinstance(e, E.AreaScored))
    assert dict(scored.ranks) == {"red": 2, "blue": 2, "green": 3}


def test_design_s2_verbs_targets_and_variants_are_exported():
    """docs/design.md §2 move notation: the engine exports each verb's argument kinds, which argument is
    its map target, and the variant names; every verb of the notation table is there."""
    for verb in ("power", "court", "recall", "card", "first", "place", "move", "return", "king",
                 "grande", "scoreboard", "score", "recover", "disc", "veto", "allow", "done", "skip"):
        assert verb in engine.VERBS
    assert engine.target_area(engine.parse_move("move blue galicia aragon")) == "aragon"
    assert engine.target_area(engine.parse_move("scoreboard 8-4-0 sevilla")) == "sevilla"
    assert engine.target_area(engine.parse_move("return court")) is None
    assert engine.target_area(engine.parse_move("power 3")) is None
    assert engine.VARIANTS == ("classic", "short") and engine.CASTILLO_MODES == ("announced", "secret")
