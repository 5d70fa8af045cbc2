"""docs/design.md §2 API details: events from play(), one-line move descriptions, clone independence,
IllegalMove messages that say why, perft-style legal-move counts from fixed scenarios, the
bidding starter after a general scoring (§4.2)."""
from __future__ import annotations

import random

import engine
import pytest
from engine import events as E

from enginekit import card_position, events_of, illegal, legal, position, run


def test_events_round_power_turn_order():
    """docs/design.md §2 events: power cards played, turn order set, turn started, round started with the
    revealed cards (§5.1 R2)."""
    g = position(["red", "blue", "green"], phase="power", to_move="red", king="aragon")
    ev = run(g, "power 4; power 9")
    assert ev == [E.PowerPlayed("red", 4), E.PowerPlayed("blue", 9)]
    ev = g.play("power 2")
    assert ev[0] == E.PowerPlayed("green", 2)
    assert E.TurnOrderSet(("blue", "red", "green")) in ev
    assert E.TurnStarted("blue", 9) in ev
    while g.round == 1:
        ev = g.play({"court": "court 0", "order": "first place", "place": "done", "action": "skip"}.get(
            g.phase, legal(g)[0]))
    started = events_of(ev, E.RoundStarted)
    assert started == [E.RoundStarted(2, g.face_up)]


def test_describe_one_line_for_every_legal_move():
    """docs/design.md §2: a one-line human description of every legal move."""
    g = engine.new_game(seed=12, players=["red", "blue", "green", "yellow", "orange"])
    rng = random.Random(12)
    while not g.is_over:
        for m in g.legal_moves():
            text = engine.describe(m, g)
            assert text and "\n" not in text and text[0].isupper()
        g.play(rng.choice(g.legal_moves()))


def test_clone_is_independent():
    """docs/design.md §2: clone() is an independent deep copy."""
    g = card_position("intrigue_any_3", caballeros={"red": {"galicia": 2, "court": 1}})
    c = g.clone()
    run(c, "card intrigue_any_3; first action; action; move red galicia castillo")
    assert g.count("red", "galicia") == 2 and g.phase == "card" and g.face_up != c.face_up
    assert c.count("red", "galicia") == 1
    assert g == card_position("intrigue_any_3", caballeros={"red": {"galicia": 2, "court": 1}})



def test_game_declares_a_type_for_every_slot():
    """docs/design.md §2: the Game's fields are declared on the class with their types (what a
    type checker and an editor read), one for each slot, and the API methods live on the class."""
    assert set(engine.Game.__annotations__) == set(engine.Game.__slots__)
    for method in ("legal_moves", "play", "apply", "view", "record", "to_json", "clone"):
        assert method in vars(engine.Game), method


def test_clone_copies_every_slot():
    """docs/design.md §2: clone() (written out slot by slot for speed) copies every slot of the Game;
    the lists are copies, everything else is shared."""
    g = card_position("intrigue_any_3", caballeros={"red": {"galicia": 2, "court": 1}})
    run(g, "card intrigue_any_3; first action; action")
    c = g.clone()
    for name in engine.Game.__slots__:
        mine, theirs = getattr(g, name), getattr(c, name)
        assert mine == theirs, name
        assert (mine is theirs) != isinstance(mine, list), name


@pytest.mark.parametrize("script,bad,fragment", [
    ("", "court 5", "at most 2 Caballeros"),
    ("court 0", "card eviction", "eviction is not on offer"),
    ("court 0", "place castillo", "must"),
    ("court 0; card intrigue_any_3; first action; action", "move blue aragon galicia",
     "aragon is the King's region"),
    ("court 0; card intrigue_any_3; first action; action", "move blue galicia aragon",
     "aragon is the King's region"),
    ("court 0; card king; first action", "king aragon", "aragon is the King's region"),
])
def test_illegal_move_messages_say_why(script, bad, fragment):
    """docs/design.md §2: IllegalMove names the move and says why it is refused."""
    g = position(phase="turn", to_move="red", king="aragon",
                 played={"red": 8, "blue": 7, "green": 6, "yellow": 5},
                 caballeros={"red": {"court": 1, "galicia": 1}, "blue": {"galicia": 1, "aragon": 2}},
                 face_up=["intrigue_any_3", "score_castillo", "court_2", "king"])
    run(g, script)
    msg = illegal(g, bad)
    assert bad in msg and fragment in msg, msg


def test_illegal_move_leaves_game_unchanged():
    """docs/design.md §2: a refused move changes nothing."""
    g = engine.new_game(seed=3)
    snapshot = g.clone()
    with pytest.raises(engine.IllegalMove):
        g.play("card king")
    assert g == snapshot and g.record() == snapshot.record()


def test_hand_built_move_means_the_same_as_the_legal_one():
    """docs/design.md §2 (moves by value): a Move built by hand with the text of a legal move plays that
    move; `first place` must start placement (§5.2 T3), not the special action."""
    g = card_position("score_castillo", caballeros={"red": {"court": 2}})
    run(g, "card score_castillo")
    g.play(engine.Move("first", ("place",)))
    assert g.phase == "place"
    g.play(engine.Move("place", ("castillo",)))
    g.play(engine.Move("done", ()))
    assert g.phase == "action" and g.count("red", "castillo") == 1


@pytest.mark.parametrize("verb,args", [("frobnicate", ()), ("power", ("x",)), ("place", ()),
                                       ("done", ("now",))])
def test_malformed_hand_built_move_raises_engine_error(verb, args):
    """docs/design.md §2: a hand-built Move that is not notation raises the engine's own error (here
    NotationError, an EngineError), never a bare ValueError, and changes nothing."""
    g = card_position("score_castillo", caballeros={"red": {"court": 2}})
    before = g.clone()
    with pytest.raises(engine.EngineError) as info:
        g.play(engine.Move(verb, args))
    assert type(info.value) is not ValueError and verb in str(info.value)
    assert g == before


def test_s4_2_starter_after_general_scoring_is_last_turn_player():
    """§4.2/§10.3: after the round-3 general scoring, round 4's bidding starts with the player who
    took the last turn of round 3."""
    g = position(phase="card", to_move="green", round=3, king="aragon",
                 played={"red": 13, "blue": 12, "green": 4, "yellow": 11},
                 caballeros={"red": {}, "blue": {}, "green": {}, "yellow": {}}, face_up=["king"])
    run(g, "card king; first place; skip")
    assert g.round == 4 and g.phase == "power" and g.to_move == "green"


def perft(g, depth):
    if depth == 0 or g.is_over:
        return 1
    total = 0
    for m in g.legal_moves():
        c = g.clone()
        c.play(m)
        total += perft(c, depth - 1)
    return total


@pytest.mark.parametrize("depth,expected", [(1, 3), (2, 15), (3, 30), (4, 156)])
def test_perft_king_first_scenario(depth, expected):
    """Perft, counted by hand from levels/scenarios/king_first.yaml (King in Aragón, blue
    to move with 3 in court, 4 in Galicia): 3 court choices x 5 cards x 2 orders = 30; depth 4:
    `first place` gives 5 regions next to Aragón + Castillo + done = 7, `first action` gives
    action|skip (2) for intrigue_own_4, veto, score_castillo, court_2 and 8 King moves + skip (9)
    for the King card: 3 x (5 x 7 + 2 + 2 + 2 + 2 + 9) = 156."""
    g = engine.load_scenario("levels/scenarios/king_first.yaml")
    assert perft(g, depth) == expected


def test_perft_opening_bids():
    """Perft/§4.2: opening bids of 4 players: 13 x 12 x 11 x 10 distinct sequences."""
    g = engine.new_game(seed=1)
    assert perft(g, 3) == 13 * 12 * 11


def _all_move_texts():
    regions = list(engine.REGIONS)
    areas = regions + ["castillo"]
    colours = ["red", "blue", "green", "yellow", "orange"]
    texts = [f"power {v}" for v in range(1, 14)] + [f"recover {v}" for v in range(1, 14)]
    texts += [f"court {k}" for k in range(7)] + [f"card {c}" for c in engine.CARDS]
    texts += ["first place", "first action", "action", "veto", "allow", "done", "skip"]
    for r in regions:
        texts += [f"recall {r}", f"king {r}", f"grande {r}", f"disc {r}", f"target {r}",
                  f"return {r}", f"scoreboard 8-4-0 {r}", f"scoreboard 4-0-0 {r}"]
        texts += [f"cull {p} {r}" for p in colours]
        texts += [f"move {p} {r} {a}" for p in colours for a in areas]
    texts += [f"place {a}" for a in areas] + [f"score {a}" for a in areas] + ["return court"]
    return texts


def test_every_illegal_move_refused_cleanly():
    """docs/design.md §2: at many positions every well-formed move that is not in legal_moves()
    raises IllegalMove with a reason (never another error) and changes nothing; every legal one is
    accepted."""
    texts = _all_move_texts()
    rng = random.Random(5)
    for seed in range(4):
        g = engine.new_game(seed=seed, players=["red", "blue", "green", "yellow", "orange"][:2 + seed])
        while not g.is_over:
            if rng.random() < 0.3:
                legal_now = set(legal(g))
                before = g.clone()
                for text in rng.sample(texts, 150):
                    if text in legal_now:
                        g.clone().play(text)
                        continue
                    with pytest.raises(engine.IllegalMove) as info:
                        g.play(text)
                    assert text in str(info.value) and len(str(info.value)) > len(text) + 5
                assert g == before
            g.play(rng.choice(g.legal_moves()))
