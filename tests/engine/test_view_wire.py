"""docs/rules.md §5.4: a View is plain data holding only what its viewer may
know, with a wire form that round-trips exactly; games that differ only in hidden parts give
byte-identical wire forms at every decision; `View.after` previews the viewer's own move."""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import engine
import pytest
from engine.events import RoundStarted
from engine.phase import P_DISC, P_VETO
from engine.view_wire import FIELDS

from enginekit import card_position, run

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def wire(view: engine.View) -> bytes:
    return json.dumps(view.to_json(), sort_keys=True).encode()


def secret_twin(g: engine.Game, viewer: int, rng: random.Random, changed: Counter) -> engine.Game:
    """A copy of `g` whose parts hidden from player `viewer` are all changed where they can be:
    the seed, the order of every stack, other players' set discs, which card another player
    recovered, and a secret declaration. `changed` counts what could be changed."""
    h = g.clone()
    h.seed = (g.seed or 0) + 1 + rng.randrange(10**6)
    changed["seed"] += 1
    stacks = []
    for s in g.stacks:
        t = list(s)
        rng.shuffle(t)
        if len(set(t)) > 1 and t == list(s):
            t.reverse()
        changed["stacks"] += t != list(s)
        stacks.append(tuple(t))
    h.stacks = tuple(stacks)
    if g.ph == P_DISC:
        from engine.flow import disc_effect
        discs = list(g.discs)
        for q, d in enumerate(discs):
            others = [r for r in disc_effect(g).disc_options(g, q) if r != d]
            if q != viewer and d >= 0 and others:
                discs[q] = rng.choice(others)
                changed["discs"] += 1
        h.discs = tuple(discs)
    for q in range(g.n):
        rec = g.recovered[q]
        spare = g.used[q] & g.recover_pool[q]
        if q != viewer and rec and spare:
            v = next(c for c in range(1, 14) if rec >> c & 1)
            w = rng.choice([c for c in range(1, 14) if spare >> c & 1])
            h.hand_bits[q] = (h.hand_bits[q] & ~(1 << v)) | 1 << w
            h.used[q] = (h.used[q] & ~(1 << w)) | 1 << v
            h.recovered[q] = (rec & ~(1 << v)) | 1 << w
            changed["recovered"] += 1
    if g.ph == P_VETO and g.active_idx != viewer and g.ctx.declared.startswith("recover "):
        used = [c for c in range(1, 14) if g.used[g.active_idx] >> c & 1 and f"recover {c}" != g.ctx.declared]
        if used:
            h.ctx = g.ctx._replace(declared=f"recover {rng.choice(used)}")
            changed["declaration"] += 1
    return h


SETUPS = [(2 + i % 4, ("classic", "short")[i % 2], i % 3 != 0, ("announced", "secret")[i // 2 % 2])
          for i in range(16)]


@pytest.mark.parametrize("players,variant,veto,castillo", SETUPS)
def test_s5_4_games_differing_only_in_secrets_give_byte_identical_views(players, variant, veto, castillo):
    """§5.4: at every decision of a random game, for every player and the public, the
    View's wire form is the same bytes for a game whose hidden parts (seed, stack order, other
    players' discs, another's recovered card, a secret declaration) were all changed; and the
    wire form round-trips exactly through `engine.view_from_json`."""
    seed = players * 1000 + len(variant) * 10 + veto + (castillo == "secret") * 2
    g = engine.new_game(players=COLOURS[:players], seed=seed, variant=variant, veto=veto, castillo=castillo)
    rng = random.Random(seed)
    changed: Counter = Counter()
    while not g.is_over:
        for viewer in (*g.players, None):
            index = -1 if viewer is None else g.index(viewer)
            twin = secret_twin(g, index, rng, changed)
            mine = g.view(viewer) if viewer else g.public_view()
            theirs = twin.view(viewer) if viewer else twin.public_view()
            assert wire(mine) == wire(theirs), (viewer, g.phase, g.round)
        view = g.view(g.to_move)
        back = engine.view_from_json(json.loads(wire(view)))
        assert back == view and wire(back) == wire(view)
        assert back.legal_moves() == g.legal_moves()
        g.play(rng.choice(g.legal_moves()))
    assert changed["stacks"] and changed["seed"]


def test_s5_4_secret_sweep_reaches_every_kind_of_secret():
    """§5.4: over the sweep's kind of games, every hidden part was in fact changed somewhere
    (other players' discs, a recovered card, a secret declaration), so the byte-equality above
    is not vacuous."""
    changed: Counter = Counter()
    for seed in range(40):
        g = engine.new_game(players=COLOURS[:2 + seed % 4], seed=seed)
        rng = random.Random(seed)
        while not g.is_over and not (changed["discs"] and changed["recovered"] and changed["declaration"]):
            for q in range(g.n):
                twin = secret_twin(g, q, rng, changed)
                assert wire(g.view(g.players[q])) == wire(twin.view(g.players[q]))
            g.play(rng.choice(g.legal_moves()))
    assert changed["discs"] and changed["recovered"] and changed["declaration"], changed


def test_view_wire_holds_no_seed_history_or_scenario():
    """§5.4: the seed, the move history and a scenario's text never leave the host; the wire
    form lists its public fields in one fixed order (engine/view_wire.py, docs/protocol.md)."""
    g = card_position("king", caballeros={"red": {"court": 2}})
    run(g, "card king; first place; place castillo")
    data = g.view("blue").to_json()
    assert list(data) == ["format", "version", "viewer", "state"]
    assert (data["format"], data["version"], data["viewer"]) == ("el-grande/view", 2, "blue")
    assert list(data["state"]) == [name for name, _, _ in FIELDS]
    assert not {"seed", "history", "origin", "ph", "counts", "ctx"} & set(data["state"])
    assert data["state"]["step"] == {"kind": "place", "left": 4}
    assert data["state"]["caballeros"]["red"]["castillo"] == 1


FIXTURE = Path(__file__).parent / "fixtures" / "view_v2.json"


def fixture_position() -> engine.View:
    """The pinned position: a 3-player game (seed 7) played by seeded random moves to the first
    placement of round 3, as red sees it (a running step, Vetos, scores and used power cards)."""
    g = engine.new_game(players=COLOURS[:3], seed=7)
    rng = random.Random(7)
    while not (g.round == 3 and g.phase == "place"):
        g.play(rng.choice(g.legal_moves()))
    return g.view("red")


def fixture_text(view: engine.View) -> str:
    return json.dumps(view.to_json(), indent=1) + "\n"


def test_view_wire_form_is_pinned_by_its_fixture():
    """§5.4, docs/protocol.md "The view": the wire form of a fixed seeded position is the fixture file
    byte for byte, so renaming a Game slot cannot change the protocol unnoticed (a deliberate
    change raises the view version and adds a new fixture); the fixture reads back to that View."""
    view = fixture_position()
    assert fixture_text(view).encode() == FIXTURE.read_bytes()
    back = engine.view_from_json(json.loads(FIXTURE.read_text()))
    assert back == view and back.legal_moves() == view.legal_moves()


@pytest.mark.parametrize("field,value,message", [
    ("caballeros", "x", "state.caballeros must be a mapping"),
    ("phase", "lunch", "state.phase must be a phase name"),
    ("king", "atlantis", "state.king must be a region"),
    ("placed", 1, "state.placed must be true or false"),
    ("step", {"kind": "nonsense"}, "state.step.kind must be one of"),
    ("step", {"kind": "place", "left": "2"}, "state.step.left must be an integer"),
    ("hands", {"red": [14], "blue": [], "green": [], "yellow": []}, "state.hands.red must be an integer 1..13"),
    ("scores", {"red": 1}, "state.scores must be keyed by every one of"),
    ("ph", 3, "state.ph is not a field of version 2"),
])
def test_view_from_json_names_the_bad_field(field, value, message):
    """§5.4: the view's loader names the field it refuses: a damaged wire form is refused in one line."""
    data = json.loads(wire(engine.new_game(seed=3).view("red")))
    data["state"][field] = value
    with pytest.raises(engine.DataError, match=re.escape(message)):
        engine.view_from_json(data)


def test_view_from_json_refuses_another_version():
    """§5.4, docs/protocol.md "The view": a form of another version is refused, naming the version."""
    data = json.loads(wire(engine.new_game(seed=3).view("red")))
    data["version"] = 1
    with pytest.raises(engine.DataError, match="version '1' is not supported"):
        engine.view_from_json(data)


def test_server_text_is_the_wire_form_at_every_position():
    """§5.4: `View.wire_text` (the server's cached encoding) is `json.dumps(to_json())` exactly, for
    every seat and the public at every position of whole games, with one cache per game."""
    for seed in range(3):
        g = engine.new_game(players=COLOURS[:2 + seed], seed=seed, dummy=seed == 0)
        rng, fragments = random.Random(seed), {}
        while not g.is_over:
            for view in [g.view(p) for p in g.players] + [g.public_view()]:
                assert view.wire_text(fragments) == json.dumps(view.to_json(), separators=(",", ":"))
            g.play(rng.choice(g.legal_moves()))


def test_view_after_previews_the_viewers_own_move():
    """§5.4: `view.after(move)` is the viewer's view after his own legal move, equal to the
    true game's after it; when the move ends the round the next offer is unknown (None slots)."""
    for seed in range(6):
        g = engine.new_game(players=COLOURS[:2 + seed % 4], seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            view = g.view(g.to_move)
            for move in rng.sample(g.legal_moves(), min(3, len(g.legal_moves()))):
                after = view.after(move)
                real = g.clone()
                events = real.play(move)
                if after is None:
                    assert g.ph in (P_DISC, P_VETO)
                    continue
                expected = real.view(g.to_move).to_json()
                if any(isinstance(e, RoundStarted) for e in events):
                    assert after.face_up_slots[:-1] == (None,) * 4 and after.stacks == view.stacks
                    expected["state"]["offer"] = [None] * 4 + ["king"]
                    expected["state"]["stacks"] = [list(s) for s in view.stacks]
                assert after.to_json() == expected
            g.play(rng.choice(g.legal_moves()))


def test_view_after_refuses_another_players_move():
    """§5.4: a view previews only its own viewer's legal moves (refused as `not_your_turn`)."""
    g = engine.new_game(seed=5)
    other = next(p for p in g.players if p != g.to_move)
    with pytest.raises(engine.IllegalMove) as refused:
        g.view(other).after(g.legal_moves()[0])
    assert refused.value.reason == ("not_your_turn", {"player": g.to_move})


def test_view_after_of_the_last_disc_is_unknown():
    """§8.1/§5.4: the last disc of a disc step reveals the others' hidden discs: no preview."""
    g = card_position("score_secret_unique", players=["red", "blue"], caballeros={"red": {"galicia": 1}})
    run(g, "card score_secret_unique; first action; action; disc galicia")
    assert g.to_move == "blue"
    assert g.view("blue").after("disc aragon") is None


if __name__ == "__main__":      # writes the fixture (only with a new view version: see its test)
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(fixture_text(fixture_position()))
