"""The 2-player game with the neutral colour (the new edition's dummy variant): every rule with its
source — the reference §14 ([DZ-2p]) or a ruling of docs/rulings.md (R4-R9)."""
from __future__ import annotations

import json
import random

import pytest

import engine
from engine import dummy as D
from engine import events as E
from engine.data import AREAS_PER_PLAYER as A, CARDS, NREG, PROVINCES, REGIONS
from engine.state import DUMMY_SLOTS

from enginekit import card_position, legal

AREAS = REGIONS + ("castillo", "court", "provinces")


def dummy_game(seed: int = 5) -> engine.Game:
    return engine.new_game(players=["red", "blue"], seed=seed, dummy=True)


def put(g: engine.Game, region: str, k: int) -> None:
    """k neutral Caballeros into `region`, taken from its supply."""
    g.counts[g.n * A + REGIONS.index(region)] += k
    g.counts[g.n * A + PROVINCES] -= k


# --------------------------------------------------------------------------- set-up (§14)
@pytest.mark.parametrize("players", [["red", "blue", "green"], ["red", "blue", "green", "yellow"],
                                     ["red", "blue", "green", "yellow", "orange"]])
def test_s14_dummy_is_for_two_players_only(players):
    """§14: the neutral colour is the 2-player variant; 3 to 5 players are refused in one line."""
    with pytest.raises(engine.EngineError) as exc:
        engine.new_game(players=players, seed=1, dummy=True)
    assert str(exc.value) == f"new_game: dummy (the neutral colour) is for 2 players, got {len(players)}"
    assert "\n" not in str(exc.value)


def test_s14_neutral_colour_is_an_unseated_colour_and_never_a_seat():
    """§14: a third colour that is not a player: never seated, never to move, no score."""
    g = dummy_game()
    assert g.options["dummy"] is True
    assert g.dummy == "green" and g.dummy not in g.players
    assert g.players == ("red", "blue") and len(g.score_pts) == 2
    assert g.colours_on_board == ("red", "blue", "green")
    assert g.to_move in g.players
    assert engine.new_game(players=["green", "red"], seed=1, dummy=True).dummy == "blue"
    assert engine.new_game(players=["red", "blue"], seed=1).options["dummy"] is False


def test_s14_stacks_2_and_3_shuffled_together_four_cards_offered():
    """§14 [DZ-2p]: stacks 2 and 3 are shuffled into one, so only four cards are offered."""
    g = dummy_game()
    plain = engine.new_game(players=["red", "blue"], seed=5)
    assert len(g.stacks) == 3 and len(g.face_up_slots) == 4 and g.face_up_slots[-1] == "king"
    merged = sorted(g.stacks[1] + (g.face_up_slots[1],))
    assert merged == sorted(plain.stacks[1] + plain.stacks[2] + plain.face_up_slots[1:3])
    assert {CARDS[c].stack for c in merged} == {2, 3}


def test_s14_round_one_places_the_neutral_caballeros_from_a_supply_of_30():
    """§14: all 30 neutral Caballeros start beside the board; round 1 already draws 2 regions."""
    g = dummy_game()
    on_board = sum(g.count("green", r) for r in REGIONS)
    assert g.count("green", "provinces") + on_board == 30
    assert g.count("green", "court") == 0 and g.count("green", "castillo") == 0
    assert on_board in (2, 4) and g.count("green", g.king) == 0


# --------------------------------------------------------------------------- its placements (§14)
def test_s14_two_region_cards_two_caballeros_each_none_in_the_kings_region():
    """§14 [DZ-2p]: 2 region cards a round, 2 neutral Caballeros into each, none into the King's
    region (its card is still drawn and discarded)."""
    g = dummy_game()
    others = [r for r in range(NREG) if r != g.king_i]
    g.region_deck = (others[0], g.king_i, others[1])   # top last
    before = [g.counts[g.n * A + r] for r in range(NREG)]
    ev: list = []
    D.round_start(g, ev)
    drawn = [e for e in ev if isinstance(e, E.DummyRegionsDrawn)]
    assert drawn == [E.DummyRegionsDrawn("green", (REGIONS[others[1]], REGIONS[g.king_i]))]
    moved = [e for e in ev if isinstance(e, E.CaballerosMoved)]
    assert moved == [E.CaballerosMoved("green", "provinces", REGIONS[others[1]], 2)]
    after = [g.counts[g.n * A + r] for r in range(NREG)]
    assert after[others[1]] == before[others[1]] + 2 and after[g.king_i] == before[g.king_i]
    assert g.region_deck == (others[0],)


def test_s14_no_more_draws_once_its_supply_is_on_the_board():
    """§14: with its whole supply on the board no region card is drawn; the last one goes in."""
    g = dummy_game()
    row = g.n * A
    others = [r for r in range(NREG) if r != g.king_i]
    g.region_deck = (others[0], others[1], others[2])
    g.counts[row + others[3]] += g.counts[row + PROVINCES] - 1
    g.counts[row + PROVINCES] = 1
    ev: list = []
    D.round_start(g, ev)
    assert [e for e in ev if isinstance(e, E.CaballerosMoved)] == [
        E.CaballerosMoved("green", "provinces", REGIONS[others[2]], 1)]
    assert g.region_deck == (others[0], others[1])   # the second card is not drawn
    ev = []
    D.round_start(g, ev)
    assert not [e for e in ev if isinstance(e, (E.DummyRegionsDrawn, E.CaballerosMoved))]
    assert g.region_deck == (others[0], others[1])


def test_r4_region_cards_reshuffled_after_each_general_scoring():
    """§14 / docs/rulings.md R4: after each general scoring all 9 region cards are shuffled again
    (the next deck, shuffled at set-up, comes in); between scorings none comes back."""
    g = dummy_game(seed=8)
    later = g.region_later
    assert len(later) == 2 and all(sorted(d) == list(range(NREG)) for d in later)
    rng = random.Random(2)
    while g.round < 4:
        assert len(g.region_deck) == NREG - 2 * g.round
        g.apply(rng.choice(g.legal_moves()))
    assert g.region_later == later[1:]
    assert g.region_deck == later[0][:-2]   # round 4's two cards are drawn


# --------------------------------------------------------------------------- its power card (§14)
def test_s14_its_power_card_is_turned_up_and_blocks_that_value():
    """§14 [DZ-2p]: its top power card is turned up before the bids; nobody may play that value
    (refused as a card already played)."""
    g = dummy_game()
    v = g.dummy_power
    assert 1 <= v <= 13 and v not in g.dummy_deck and len(g.dummy_deck) == 12
    assert f"power {v}" not in legal(g)
    with pytest.raises(engine.IllegalMove, match=f"power {v} was already played this round"):
        g.play(f"power {v}")
    g.play(next(m for m in legal(g) if m != f"power {v}"))
    assert f"power {v}" not in legal(g)


def _bid(g: engine.Game, dummy_power: int, first: int, second: int) -> list:
    g.dummy_power = dummy_power
    events = g.play(f"power {first}")
    return events + g.play(f"power {second}")


def test_s14_highest_power_card_takes_the_king_card_first():
    """§14 [DZ-2p]: its power card sets when it takes a card; it takes the offered card with the
    most Caballeros (the King card, 5) and does not use it."""
    g = dummy_game()
    a, b = [int(m.split()[1]) for m in legal(g) if m.split()[1] not in ("13",)][:2]
    events = _bid(g, 13, a, b)
    taken = [e for e in events if isinstance(e, E.DummyCardTaken)]
    assert taken == [E.DummyCardTaken("green", "king")]
    assert events.index(taken[0]) < next(i for i, e in enumerate(events) if isinstance(e, E.TurnStarted))
    assert g.dummy_card == "king" and "king" not in g.face_up and len(g.face_up) == 3


def test_s14_lowest_power_card_takes_last_the_larger_of_the_two_left():
    """§14 [DZ-2p]: acting last, it takes the larger placement number of the cards left."""
    g = dummy_game()
    events = _bid(g, 1, 13, 12)
    assert not [e for e in events if isinstance(e, E.DummyCardTaken)]
    offered = [c for c in g.face_up_slots if c is not None]
    rng = random.Random(0)
    events = []
    while g.round == 1:
        if g.phase == "card":
            take = min(offered, key=lambda c: CARDS[c].stack)   # leave the big ones
            offered.remove(take)
            events += g.play(f"card {take}")
        else:
            events += g.play(rng.choice(g.legal_moves()))
    taken = [e for e in events if isinstance(e, E.DummyCardTaken)]
    assert taken == [E.DummyCardTaken("green", max(offered, key=lambda c: CARDS[c].stack))]
    assert events.index(taken[0]) < next(i for i, e in enumerate(events) if isinstance(e, E.RoundStarted))


def test_s14_the_first_bid_never_goes_to_the_neutral_colour():
    """§14 [DZ-2p] (the dummy never gets the First Player marker): the next round's first bid is
    the seated player with the lowest card, even when the neutral colour's was lower."""
    g = dummy_game()
    _bid(g, 1, 13, 12)
    rng = random.Random(3)
    while g.round == 1:
        g.play(rng.choice(g.legal_moves()))
    assert g.to_move == "blue"   # played 12, the lowest seated card


# --------------------------------------------------------------------------- scoring (R5, R6)
def test_r5_neutral_colour_takes_a_rank_and_two_ranks_score():
    """docs/rulings.md R5: the 2-player game with the neutral colour scores 1st and 2nd place as
    the 3-player game does; the neutral colour takes its rank but never gets points (§14)."""
    g = dummy_game()
    region = next(r for r in REGIONS if r != g.king and r not in g.grandes.values())
    for colour in g.colours_on_board:
        g.counts[g.row(colour) * A + REGIONS.index(region)] = 0
    put(g, region, 5)
    g.counts[g.row("red") * A + REGIONS.index(region)] = 3
    g.counts[g.row("blue") * A + REGIONS.index(region)] = 1
    ev = engine.scoring_preview(g, region)
    first, second, _ = engine.region_values(g, region)
    assert dict(ev.ranks) == {"green": 1, "red": 2, "blue": 3}
    assert ev.points == (("red", second),)
    assert engine.area_ranks(g, region) == {"green": 1, "red": 2, "blue": 3}


def test_r6_neutral_lead_in_the_kings_region_denies_the_kings_bonus():
    """docs/rulings.md R6: its sole lead in the King's region gives nobody the King's bonus (§7.1);
    a player's 2nd place there scores its 2nd value only."""
    g = dummy_game()
    k = REGIONS.index(g.king)
    for colour in g.colours_on_board:
        g.counts[g.row(colour) * A + k] = 0
    put(g, g.king, 4)
    g.counts[g.row("red") * A + k] = 2
    ev = engine.scoring_preview(g, g.king)
    assert ev.king_bonus is None and ev.home_bonus == ()
    assert ev.points == (("red", engine.region_values(g, g.king)[1]),)


# --------------------------------------------------------------------------- the cards (R7, R8)
def _card_game(card: str, king: str = "aragon") -> engine.Game:
    g = card_position(card, players=["red", "blue"], dummy=True, king=king,
                      caballeros={"red": {"galicia": 2, "court": 3}, "blue": {"sevilla": 2, "court": 3}})
    row = g.n * A
    g.counts[row:row + A] = [0] * A
    g.counts[row + PROVINCES] = 30
    put(g, "valencia", 3)
    return g


def test_r7_intrigue_moves_the_neutral_caballeros_as_an_opponents_never_into_the_castillo():
    """§14 [DZ-2p] ("you may move the dummy's Caballeros ... according to the normal rules") and
    docs/rulings.md R7: an Intrigue card moves them as an opponent's, but not into the Castillo."""
    g = _card_game("intrigue_opponents_3")
    g.play("card intrigue_opponents_3")
    g.play("first action")
    g.play("action")
    moves = legal(g)
    assert "move green valencia granada" in moves and "move blue sevilla castillo" in moves
    assert not [m for m in moves if m.startswith("move green") and m.endswith("castillo")]
    assert not [m for m in moves if m.startswith("move green") and m.endswith(" aragon")]
    g.play("move green valencia granada")
    assert g.count("green", "granada") == 1 and g.count("green", "valencia") == 2


def test_r7_cull_sends_one_neutral_caballero_back_to_its_supply():
    """§14 [DZ-2p] (send them back from the regions) and R7: cull_1_each_opponent takes one of the
    neutral colour's too, chosen by the active player."""
    g = _card_game("cull_1_each_opponent")
    g.play("card cull_1_each_opponent")
    g.play("first action")
    g.play("action")
    assert legal(g) == ["cull blue sevilla"]
    g.play("cull blue sevilla")
    assert legal(g) == ["cull green valencia"]
    g.play("cull green valencia")
    assert g.count("green", "valencia") == 2 and g.count("green", "provinces") == 28


def test_r8_cards_each_opponent_decides_leave_the_neutral_colour_alone():
    """§14, docs/rulings.md R8: the neutral colour decides nothing, holds no court and no disc: the
    King returns (each opponent chooses his own 3) does not touch it."""
    g = _card_game("king_returns_3")
    g.play("card king_returns_3")
    g.play("first action")
    g.play("action")
    while g.phase == "return":
        assert g.to_move == "blue"
        g.play(legal(g)[0])
    assert g.count("green", "valencia") == 3


# --------------------------------------------------------------------------- whole games
def _check_neutral_steps(g: engine.Game, events: list, king_before: str) -> None:
    king = king_before
    for e in events:
        if isinstance(e, E.KingMoved):
            king = e.target
        if isinstance(e, E.RoundStarted):
            king = g.king
        if isinstance(e, E.CaballerosMoved) and e.player == g.dummy and e.source == "provinces":
            assert e.target != king, "neutral Caballeros placed into the King's region"
            assert e.count <= D.PER_REGION
        if isinstance(e, E.AreaScored):
            assert g.dummy not in dict(e.points)
            assert e.king_bonus != g.dummy and g.dummy not in e.home_bonus
        if isinstance(e, E.CaballerosMoved) and e.player == g.dummy:
            assert e.target not in ("castillo", "court")


@pytest.mark.parametrize("seed", range(6))
def test_s14_random_games_with_the_neutral_colour_to_the_end(seed):
    """§14 invariants over whole random games: the neutral supply is never exceeded, its own
    placements never go into the King's region, it never scores or wins, every colour's 30
    Caballeros are accounted for; record, replay and snapshot give the same game."""
    g = engine.new_game(players=["red", "blue"], seed=seed, dummy=True, variant="short" if seed % 3 == 2 else "classic")
    rng = random.Random(seed)
    while not g.is_over:
        king = g.king
        events = g.apply(rng.choice(g.legal_moves()))
        _check_neutral_steps(g, events, king)
        for colour in g.colours_on_board:
            counts = [g.count(colour, a) for a in AREAS]
            assert min(counts) >= 0 and sum(counts) == 30, (colour, counts)
        assert g.count(g.dummy, "castillo") == 0 and g.count(g.dummy, "court") == 0
    assert set(g.winners()) <= set(g.players)
    assert all(set(s.points) == set(g.players) for s in g.score_history)
    assert engine.replay(json.loads(json.dumps(g.record()))) == g
    assert engine.from_json(json.loads(json.dumps(g.to_json()))) == g


def test_s14_record_carries_the_option_and_old_records_are_unchanged():
    """§14: the option travels in the record's setup (and only when on: a record without it is a
    game without it, as every record written before it was)."""
    g = dummy_game()
    g.play(legal(g)[0])
    rec = g.record()
    assert rec["setup"]["dummy"] is True
    assert engine.replay(rec) == g
    plain = engine.new_game(players=["red", "blue"], seed=5)
    assert "dummy" not in plain.record()["setup"]
    assert engine.replay(plain.record()).dummy is None
    bad = json.loads(json.dumps(rec))
    bad["setup"]["dummy"] = "yes"
    with pytest.raises(engine.DataError, match="setup.dummy: expected true or false"):
        engine.replay(bad)


def test_snapshot_written_before_the_neutral_colour_still_loads():
    """§14: a save of a game without the option, written before the neutral colour's slots existed,
    loads unchanged; a dummy game's save without them is refused."""
    g = engine.new_game(players=["red", "blue", "green"], seed=4)
    g.play(legal(g)[0])
    snap = json.loads(json.dumps(g.to_json()))
    for name in DUMMY_SLOTS:
        del snap["state"][name]
    assert engine.from_json(snap) == g
    d = dummy_game()
    snap = json.loads(json.dumps(d.to_json()))
    del snap["state"]["region_deck"]
    with pytest.raises(engine.DataError, match="state.region_deck is missing"):
        engine.from_json(snap)


def test_scenario_carries_the_option():
    """§14: scenarios take `dummy: true` like new_game."""
    g = engine.load_scenario({"players": ["red", "blue"], "seed": 3, "dummy": True})
    assert g.dummy == "green" and g.record()["scenario"]["dummy"] is True
    with pytest.raises(engine.DataError, match="is for 2 players"):
        engine.load_scenario({"players": ["red", "blue", "yellow"], "dummy": True})


# --------------------------------------------------------------------------- views (§5.4)
def test_s5_4_neutral_decks_are_hidden_and_resampled():
    """§5.4: the order of the neutral colour's power cards and of the region cards is hidden:
    games differing only in it give byte-identical wire views; determinize resamples it."""
    g = dummy_game(seed=9)
    h = g.clone()
    h.dummy_deck = tuple(reversed(h.dummy_deck))
    h.region_deck = tuple(reversed(h.region_deck))
    h.region_later = tuple(tuple(reversed(d)) for d in h.region_later)
    assert g != h
    for viewer in g.players:
        a, b = g.view(viewer), h.view(viewer)
        assert json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)
        assert engine.view_from_json(a.to_json()) == a
    assert json.dumps(g.public_view().to_json(), sort_keys=True) == json.dumps(h.public_view().to_json(), sort_keys=True)
    worlds = [engine.determinize(g.view("red"), random.Random(s)) for s in range(6)]
    assert len({(w.dummy_deck, w.region_deck) for w in worlds}) > 1
    for w in worlds:
        assert sorted(w.dummy_deck) == sorted(g.dummy_deck) and sorted(w.region_deck) == sorted(g.region_deck)
        assert w.view("red") == g.view("red")


def test_view_from_json_checks_the_neutral_fields():
    """§5.4 (the view's wire form, docs/protocol.md): the neutral fields are checked one by one,
    errors naming the field."""
    wire = dummy_game().view("red").to_json()
    bad = json.loads(json.dumps(wire))
    bad["state"]["neutral"] = "red"
    with pytest.raises(engine.DataError, match="state.neutral"):
        engine.view_from_json(bad)
    bad = json.loads(json.dumps(wire))
    region = bad["state"]["region_deck"][0]
    bad["state"]["region_deck"] = [region, region]
    with pytest.raises(engine.DataError, match="state.region_deck must be a list of different regions"):
        engine.view_from_json(bad)
    bad = json.loads(json.dumps(wire))
    neutral = dummy_game().dummy
    bad["state"]["caballeros"][neutral]["castillo_de_oro"] = 1
    with pytest.raises(engine.DataError, match=f"state.caballeros.{neutral} must be keyed by"):
        engine.view_from_json(bad)
    plain = engine.new_game(players=["red", "blue"], seed=1).view("red").to_json()
    plain["state"]["neutral_power"] = 4
    with pytest.raises(engine.DataError, match="must be empty without a neutral colour"):
        engine.view_from_json(plain)


def test_view_after_does_not_guess_the_next_rounds_neutral_draws():
    """§5.4: a preview of the move that ends the round is None: the neutral colour's draws and power
    card come from the hidden decks."""
    g = dummy_game(seed=2)
    rng = random.Random(4)
    while True:
        p = g.to_move
        v = g.view(p)
        move = rng.choice(g.legal_moves())
        probe = g.clone()
        events = probe.apply(move)
        if any(isinstance(e, E.RoundStarted) for e in events):
            assert v.after(move) is None
            return
        g.apply(move)
