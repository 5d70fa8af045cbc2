"""§5.4 what each player may know: views hide exactly the secret parts (other players' discs,
the stack order, a recovered power card's identity, a secret declaration), the secret Castillo is
a memory variant (docs/rulings.md R3), and engine.determinize fills the secrets
consistently with the view."""
from __future__ import annotations

import random

import engine
import pytest
from engine import events as E

from enginekit import card_position, legal, position, run


def test_s5_4_view_shows_public_information():
    """§5.4: map, courts, provinces, Castillo counts (announced), hands, played cards, scores and
    the face-up cards are public in every view."""
    g = card_position("king", caballeros={"red": {"court": 3, "castillo": 2, "galicia": 1},
                                          "blue": {"castillo": 1}}, scores={"blue": 7})
    v = g.view("blue")
    for p in g.players:
        for area in engine.REGIONS + ("castillo", "court", "provinces"):
            assert v.count(p, area) == g.count(p, area)
        assert v.hand(p) == g.hand(p)
    assert (v.king, v.grandes, v.scores, v.face_up, v.power_played, v.round, v.phase, v.to_move) == (
        g.king, g.grandes, g.scores, g.face_up, g.power_played, g.round, g.phase, g.to_move)


def test_r3_secret_castillo_is_a_memory_variant():
    """docs/rulings.md R3 (§5.3, docs/design.md §2): with castillo="secret" every view holds each colour's
    true Castillo count (they are public at a real table); only the display is told to keep
    another colour's count off the board (`castillo_count_shown`), the viewer's own always shown."""
    g = card_position("king", castillo="secret",
                      caballeros={"red": {"castillo": 2, "court": 1}, "blue": {"castillo": 1}})
    v = g.view("blue")
    assert v.count("red", "castillo") == 2 and v.count("blue", "castillo") == 1
    assert v.castillo_total == 3
    assert not v.castillo_count_shown("red") and not v.castillo_count_shown("blue")
    announced = card_position("king", caballeros={"red": {"castillo": 2, "court": 1}})
    assert announced.view("blue").castillo_count_shown("red")


@pytest.mark.parametrize("card,declare", [("score_castillo", "action"),
                                          ("score_choice_s2", "score castillo")])
def test_r2_special_castillo_scoring_opens_the_tower_in_secret_games(card, declare):
    """docs/rulings.md R2 (§6.5, §10 #30): a special scoring of the Castillo opens the tower as a
    general scoring does: a CastilloOpened event, and every view shows each colour's count until
    that colour's count changes again."""
    g = card_position(card, castillo="secret",
                      caballeros={"red": {"castillo": 2, "court": 2}, "blue": {"castillo": 1}})
    assert not g.view("blue").castillo_count_shown("red")
    ev = run(g, f"card {card}; first action; {declare}")
    opened = [e for e in ev if isinstance(e, E.CastilloOpened)]
    assert opened == [E.CastilloOpened((("red", 2), ("blue", 1)))]
    assert ev.index(opened[0]) < next(i for i, e in enumerate(ev) if isinstance(e, E.AreaScored))
    for viewer in g.players:
        v = g.view(viewer)
        assert (v.count("red", "castillo"), v.count("blue", "castillo")) == (2, 1)
        assert v.castillo_count_shown("red") and v.castillo_count_shown("green")
    run(g, "place castillo")
    assert not g.view("blue").castillo_count_shown("red"), "red's count changed since the opening"
    assert g.view("red").castillo_count_shown("blue") and not g.castillo_count_shown("red")


def test_r2_the_emptied_tower_shows_every_count_until_it_changes():
    """docs/rulings.md R2 (§8.1 steps 2-3): at a general scoring the tower is opened and emptied
    before everyone, so in a secret-Castillo game every colour's count (now 0) is shown after it,
    not kept off the display because it changed while being emptied."""
    g = engine.new_game(players=["red", "blue", "green"], seed=4, castillo="secret")
    rng = random.Random(4)
    while not g.is_over:
        ev = g.play(rng.choice(g.legal_moves()))
        if any(isinstance(e, E.CastilloEmptied) for e in ev):
            break
    else:
        raise AssertionError("no general scoring")
    assert any(isinstance(e, E.CaballerosMoved) and e.source == "castillo" for e in ev)
    for viewer in g.players:
        v = g.view(viewer)
        assert all(v.castillo_count_shown(p) and v.count(p, "castillo") == 0 for p in g.players)


def test_r2_version_1_record_keeps_special_castillo_scoring_closed():
    """docs/rulings.md (§6.5, §5.3): a rules-version-1 record replays under its own rules, where a
    special Castillo scoring did not open the tower in a secret-Castillo game."""
    g = card_position("score_castillo", castillo="secret",
                      caballeros={"red": {"castillo": 2, "court": 2}, "blue": {"castillo": 1}})
    old = g.record()
    old["rules_version"] = 1
    old["moves"] = old["moves"] + ["card score_castillo", "first action", "action"]
    replayed = engine.replay(old)
    assert not replayed.view("blue").castillo_count_shown("red")
    assert replayed.score_history[-1] == ("card", 1, "score_castillo", {"red": 5, "blue": 3, "green": 0, "yellow": 0})


def test_s5_4_stack_order_hidden():
    """§5.4: the order of the face-down stacks is hidden from everyone: games differing only in it
    give equal views, and determinizations resample it."""
    g = engine.new_game(seed=21)
    h = g.clone()
    h.stacks = tuple(tuple(reversed(s)) for s in h.stacks)
    assert g != h
    for p in g.players:
        assert g.view(p) == h.view(p)
    worlds = [engine.determinize(g.view("red"), random.Random(s)) for s in range(6)]
    assert len({w.stacks for w in worlds}) > 1
    for w in worlds:
        assert sorted(map(sorted, w.stacks)) == sorted(map(sorted, g.stacks))


def test_s5_4_view_legal_moves_for_viewer_to_move():
    """docs/design.md §2: view.legal_moves() works when the viewer is to move and equals the game's."""
    g = engine.new_game(seed=2)
    rng = random.Random(2)
    for _ in range(120):
        v = g.view(g.to_move)
        assert v.legal_moves() == g.legal_moves()
        g.play(rng.choice(g.legal_moves()))


def test_s8_1_castillo_discs_hidden_until_reveal():
    """§8.1 step 1/§5.4: at a general scoring a disc already set is hidden from the others (and
    resampled by determinize); the owner sees it."""
    g = position(phase="card", to_move="yellow", round=3, king="aragon",
                 played={"red": 13, "blue": 12, "green": 11, "yellow": 10},
                 caballeros={"red": {"castillo": 1}, "blue": {"castillo": 1}, "green": {}, "yellow": {}},
                 face_up=["king"])
    run(g, "card king; first place; skip")
    run(g, "disc sevilla")
    assert g.to_move == "blue"
    assert g.view("blue").disc("red") is None and g.view("red").disc("red") == "sevilla"
    seen = {engine.determinize(g.view("blue"), random.Random(s)).disc("red") for s in range(30)}
    assert len(seen) > 1 and all(r in engine.REGIONS for r in seen)


def test_s5_4_disc_moves_emit_no_secret():
    """§5.4/docs/design.md §2 events: setting a disc emits no event naming the region until the reveal, and
    the log line does not name it."""
    g = card_position("score_secret_unique", caballeros={"red": {"galicia": 1}})
    run(g, "card score_secret_unique; first action; action")
    ev = g.play("disc galicia")
    assert not [e for e in ev if "galicia" in repr(e)]
    assert "galicia" not in engine.describe(engine.parse_move("disc galicia"), g)
    assert "13" not in engine.describe(engine.parse_move("recover 13"), g)


@pytest.mark.parametrize("seed", range(6))
def test_views_leak_nothing_two_determinizations(seed):
    """docs/design.md §2 (hidden information): for every player, two determinizations of his view
    give that same view (hidden data changed, view unchanged), at many points of random games."""
    g = engine.new_game(seed=seed, players=["red", "blue", "green", "yellow", "orange"][: 2 + seed % 4],
                        castillo="secret" if seed % 2 else "announced")
    rng = random.Random(seed)
    while not g.is_over:
        if rng.random() < 0.1:
            for p in g.players:
                v = g.view(p)
                a = engine.determinize(v, random.Random(1))
                b = engine.determinize(v, random.Random(2))
                assert a.view(p) == v == b.view(p)
                if a.to_move is not None and a.to_move == p:
                    assert legal(a) == legal(v)
        g.play(rng.choice(g.legal_moves()))


def test_determinized_world_is_playable_to_the_end():
    """docs/design.md §2: a determinized world is a full game that can be played on to the end."""
    g = card_position("power_recovery", hands={"red": list(range(1, 12))})
    run(g, "card power_recovery; first action; recover 13")
    w = engine.determinize(g.view("blue"), random.Random(0))
    engine.random_playout(w, random.Random(0))
    assert w.is_over and w.winners()


def test_s4_2_determinize_recovered_card_never_one_played_since():
    """§4.2/§5.4 (hands are public by deduction except the recovered card's identity): red took
    back one card in round 1; in round 2 he plays 8 face up. Every determinization must keep 8 on
    the table: the hidden card is one of the cards spent before the recovery (12, 13), never the
    card played face up after it."""
    g = card_position("power_recovery", hands={"red": list(range(1, 12))})
    run(g, "card power_recovery; first action; recover 13")
    while g.round == 1:
        g.play({"court": "court 0", "order": "first place", "place": "done", "action": "skip"}.get(
            g.phase, legal(g)[0]))
    run(g, "power 12")        # yellow opens round 2
    assert g.to_move == "red"
    run(g, "power 8")
    view = g.view("blue")
    assert view.hidden_hand_count("red") == 1
    for s in range(40):
        w = engine.determinize(view, random.Random(s))
        assert 8 not in w.hand("red"), f"seed {s}: the 8 red just played is back in his hand"
        assert len(set(w.hand("red")) & {12, 13}) == 1


@pytest.mark.parametrize("card", ["disc_return_2", "disc_return_all", "score_secret_unique"])
def test_s5_4_different_secret_discs_equal_views(card):
    """§5.4/A6: two games differing only in the disc red has set give every other player
    the same view (and red different ones) until the reveal."""
    games = []
    for region in ("galicia", "valencia"):
        g = card_position(card, caballeros={"red": {"galicia": 2, "valencia": 2}, "blue": {"sevilla": 1},
                                            "green": {"granada": 1}})
        run(g, f"card {card}; first action; action; disc {region}")
        assert g.to_move == "blue"
        games.append(g)
    a, b = games
    for p in ("blue", "green", "yellow"):
        assert a.view(p) == b.view(p)
    assert a.view("red") != b.view("red")
