"""docs/design.md §2 move notation (round trip, NotationError for bad text), docs/design.md §5 data validation:
DataError naming the file and the field for bad scenario dicts and a malformed classic.yaml,
records, replay and JSON snapshots."""
from __future__ import annotations

import json
import random

import engine
import pytest
import yaml
from engine.data import CLASSIC_PATH, load_board

from enginekit import legal, run

# --------------------------------------------------------------------------- notation
EXAMPLES = ["power 7", "court 0", "court 6", "recall galicia", "card intrigue_own_4", "first place",
            "first action", "place castillo", "place aragon", "move red galicia castillo",
            "move orange granada sevilla", "return court", "return valencia", "cull blue sevilla",
            "king granada", "grande cataluna", "scoreboard 8-4-0 galicia", "scoreboard 4-0-0 sevilla",
            "score castillo", "score aragon", "recover 13", "disc pais_vasco", "target valencia",
            "action", "veto", "allow", "done", "skip"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trip(text):
    """docs/design.md §2: str(parse_move(text)) == text and parse_move(str(m)) == m; moves are
    immutable, hashable and their repr rebuilds them."""
    m = engine.parse_move(text)
    assert str(m) == text
    assert engine.parse_move(str(m)) == m and hash(engine.parse_move(text)) == hash(m)
    assert eval(repr(m), {"parse_move": engine.parse_move}) == m
    with pytest.raises(AttributeError):
        m.text = "x"


def test_notation_normalises_numbers_and_case():
    """docs/design.md §2: `power 07` and `POWER 7` read as `power 7`."""
    assert str(engine.parse_move("power 07")) == "power 7"
    assert str(engine.parse_move("  power   7 ")) == "power 7"
    assert str(engine.parse_move("POWER 7")) == "power 7"


def test_a_text_read_again_is_the_same_move_and_bad_text_stays_refused():
    """docs/design.md §2: a text parsed again (a record replayed) is the same interned Move, a
    variant spelling (`power 07`) is read as before without being kept, and a Move built outside
    the notation is still refused by parse_move however often valid texts were read."""
    from engine import moves
    assert engine.parse_move("recall galicia") is engine.parse_move("recall galicia")
    engine.parse_move("power 07")
    assert "power 07" not in moves._PARSED and moves._PARSED["power 7"] is engine.parse_move("power 7")
    engine.Move("fly", ("high",))
    with pytest.raises(engine.NotationError, match="unknown verb 'fly'"):
        engine.parse_move("fly high")


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"), ("fly", "unknown verb 'fly'"), ("power", "takes 1 argument"),
    ("power x", "power card 1..13"), ("power 0", "power card 1..13"), ("power 14", "power card 1..13"),
    ("place madrid", "madrid"), ("move red galicia court", "court"),
    ("move pink galicia aragon", "pink"), ("scoreboard 9-9-9 galicia", "9-9-9"),
    ("scoreboard 8-4-0 castillo", "castillo"), ("court 7", "7"), ("card nope", "nope"),
    ("first lunch", "lunch"), ("done now", "takes 0"), ("king castillo", "castillo"),
    ("disc castillo", "castillo"), ("return castillo", "castillo"),
])
def test_notation_error_for_bad_text(text, fragment):
    """docs/design.md §2: bad text raises NotationError (an EngineError/ValueError) saying why."""
    with pytest.raises(engine.NotationError) as info:
        engine.parse_move(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, engine.EngineError) and isinstance(info.value, ValueError)


def test_notation_error_through_play():
    """docs/design.md §2: Game.play with bad text raises NotationError and leaves the game unchanged."""
    g = engine.new_game(seed=2)
    before = g.clone()
    with pytest.raises(engine.NotationError):
        g.play("power thirteen")
    with pytest.raises(engine.NotationError):
        g.play(42)
    assert g == before


def test_legal_moves_stable_order_unique_texts():
    """docs/design.md §2: legal moves come in a stable order with unique texts."""
    g = engine.new_game(seed=9)
    rng = random.Random(9)
    for _ in range(200):
        a = legal(g)
        assert a == legal(g.clone()) and len(a) == len(set(a))
        g.play(rng.choice(g.legal_moves()))


# --------------------------------------------------------------------------- records and JSON
def _random_game(seed, steps, **kw):
    g = engine.new_game(seed=seed, **kw)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


def test_record_replay_identical_and_json_able():
    """docs/design.md §2: record() is JSON-able; replay(record()) gives the identical state."""
    g = _random_game(3, 10_000, players=["red", "blue", "green"], variant="short", castillo="secret")
    assert g.is_over
    rec = json.loads(json.dumps(g.record()))
    assert rec["setup"] == {"players": ["red", "blue", "green"], "seed": 3, "variant": "short",
                            "veto": True, "castillo": "secret"}
    assert engine.replay(rec) == g
    half = dict(rec, moves=rec["moves"][:len(rec["moves"]) // 2])
    assert engine.replay(half) == _random_game(3, len(half["moves"]), players=["red", "blue", "green"],
                                               variant="short", castillo="secret")


def test_json_snapshot_round_trip_and_tamper_refused():
    """docs/design.md §2: to_json/from_json reproduce the identical state; an edited save is refused with
    a DataError naming the field."""
    g = _random_game(5, 180)
    data = json.loads(json.dumps(g.to_json()))
    assert engine.from_json(data) == g
    data["state"]["score_pts"][0] += 5
    with pytest.raises(engine.DataError) as info:
        engine.from_json(data)
    assert "score_pts" in str(info.value)


def test_scenario_record_replays():
    """levels/scenarios/README.md: a scenario game records its scenario; replay works the same."""
    g = engine.load_scenario("levels/scenarios/king_first.yaml")
    run(g, "court 1; card king; first action; king galicia; place castillo")
    rec = json.loads(json.dumps(g.record()))
    assert "scenario" in rec
    assert engine.replay(rec) == g
    assert engine.from_json(json.loads(json.dumps(g.to_json()))) == g


@pytest.mark.parametrize("bad,fragment", [
    ([], "mapping"), ({"setup": {"players": ["red", "blue"], "seed": "x"}, "moves": []}, "setup.seed"),
    ({"setup": {"players": ["red"], "seed": 1}, "moves": []}, "setup"),
    ({"setup": {"players": ["red", "blue"], "seed": 1}, "moves": "power 1"}, "moves"),
    ({"setup": {"players": ["red", "blue"], "seed": 1}, "moves": ["power 1", "power 1"]}, "moves[1]"),
    ({"setup": {"players": ["red", "blue"], "seed": 1}, "moves": ["power 1", 7]}, "moves[1]"),
    ({"rules_version": 99, "setup": {"players": ["red", "blue"], "seed": 1}, "moves": []}, "rules_version"),
])
def test_bad_records_raise_data_error(bad, fragment):
    """docs/design.md §2/§5: replaying a bad record raises DataError naming the field / move number."""
    with pytest.raises(engine.DataError) as info:
        engine.replay(bad)
    assert fragment in str(info.value)


# --------------------------------------------------------------------------- scenario validation
BASE = {"players": ["red", "blue", "green"]}


SCENARIO_ERRORS = [
    ({"colour": "red"}, "colour"),
    ({"players": ["red", "pink"]}, "players"),
    ({"king": "madrid"}, "king"),
    ({"grandes": {"red": "castillo"}}, "grandes.red"),
    ({"grandes": {"purple": "galicia"}}, "grandes"),
    ({"caballeros": {"red": {"atlantis": 2}}}, "caballeros.red.atlantis"),
    ({"caballeros": {"red": {"provinces": 2}}}, "caballeros.red.provinces"),
    ({"caballeros": {"red": {"galicia": -1}}}, "caballeros.red.galicia"),
    ({"caballeros": {"red": {"galicia": "two"}}}, "caballeros.red.galicia"),
    ({"caballeros": {"red": {"galicia": 20, "court": 11}}}, "caballeros.red"),
    ({"caballeros": {"red": [1, 2]}}, "caballeros.red"),
    ({"scores": {"red": -3}}, "scores.red"),
    ({"round": 10}, "round"),
    ({"variant": "short", "round": 1}, "round"),
    ({"phase": "scoring"}, "phase"),
    ({"to_move": "orange"}, "to_move"),
    ({"hands": {"red": [0, 14]}}, "hands.red"),
    ({"phase": "turn", "played": {"red": 5, "blue": 5, "green": 3}}, "played"),
    ({"phase": "turn", "played": {"red": 5}}, "played"),
    ({"face_up": ["no_such_card"]}, "face_up"),
    ({"face_up": ["eviction", "eviction"]}, "face_up"),
    ({"scoreboards": {"8-4-0": "galicia", "4-0-0": "galicia"}}, "scoreboards"),
    ({"scoreboards": {"9-9-9": "galicia"}}, "scoreboards"),
    ({"scoreboards": {"8-4-0": "castillo"}}, "scoreboards.8-4-0"),
    ({"starter": "orange"}, "starter"),
    ({"vetoes": {"red": "always"}}, "vetoes.red"),
    ({"vetoes": {"red": "previous"}}, "vetoes.red"),   # round 1 has no previous round
    # §10.2: before round r a player holds at least 14 - r cards; 3 cannot last 9 rounds
    ({"hands": {"red": [1, 2, 3]}}, "hands.red"),
    # §5.2 T2 (every player must take a card; docs/design.md §2 legal_moves never empty): three players
    # still to take a card this round but one card on offer
    ({"phase": "card", "to_move": "red", "played": {"red": 9, "blue": 8, "green": 7},
      "face_up": ["king"]}, "face_up"),
    ({"face_up": ["court_2", "king"]}, "face_up"),
    # §6.2: without the Veto option the deck has no Veto card to lie face up
    ({"veto": False, "face_up": ["intrigue_any_3", "veto", "score_castillo", "court_2", "king"]}, "face_up"),
]


@pytest.mark.parametrize("extra,field", SCENARIO_ERRORS,
                         ids=[f"{i}-{f}" for i, (_, f) in enumerate(SCENARIO_ERRORS)])
def test_scenario_errors_name_the_field(extra, field):
    """levels/scenarios/README.md, docs/design.md §5: a bad scenario raises DataError naming the source
    and the field."""
    data = dict(BASE, **extra)
    with pytest.raises(engine.DataError) as info:
        engine.load_scenario(data)
    msg = str(info.value)
    assert msg.startswith("scenario:"), msg
    assert field in msg, msg


def test_scenario_file_errors_name_the_file(tmp_path):
    """docs/design.md §5: errors from a scenario file name that file."""
    path = tmp_path / "broken_level.yaml"
    path.write_text("players: [red, blue]\nking: atlantis\n")
    with pytest.raises(engine.DataError) as info:
        engine.load_scenario(path)
    assert "broken_level.yaml" in str(info.value) and "king" in str(info.value)
    path.write_text("players: [red, blue\n")
    with pytest.raises(engine.DataError) as info:
        engine.load_scenario(path)
    assert "broken_level.yaml" in str(info.value)
    with pytest.raises(engine.DataError):
        engine.load_scenario(tmp_path / "missing.yaml")


def test_scenario_documented_example_loads():
    """levels/scenarios/README.md: the documented example loads with what it says."""
    g = engine.load_scenario("levels/scenarios/king_first.yaml")
    assert g.players == ("red", "blue", "green") and g.king == "aragon"
    assert g.active == "blue" and g.phase == "court"
    assert g.count("blue", "court") == 3 and g.count("blue", "galicia") == 4
    assert g.count("blue", "provinces") == 23
    assert g.face_up == ("intrigue_own_4", "veto", "score_castillo", "court_2", "king")


# --------------------------------------------------------------------------- classic.yaml
def _mutations():
    def regions_8(d): d["regions"] = d["regions"][:8]
    def region_values(d): d["regions"][2]["values"] = [5, 4]
    def region_no_id(d): del d["regions"][0]["id"]
    def region_dup(d): d["regions"][1]["id"] = "galicia"
    def adjacency_unknown(d): d["adjacency"][0] = ["galicia", "portugal"]
    def power_short(d): d["power_to_court"] = d["power_to_court"][:12]
    def power_bad(d): d["power_to_court"][0] = 9
    def boards_three(d): d["mobile_scoreboards"]["2-1-0"] = [2, 1, 0]
    def card_stack(d): d["action_cards"][0]["stack"] = 6
    def card_copies(d): d["action_cards"][0]["copies"] = 0
    def card_no_id(d): del d["action_cards"][3]["id"]
    def castillo_values(d): d["castillo"]["values"] = "5/3/1"
    def setup_missing(d): del d["setup"]["court"]
    def setup_text(d): d["setup"]["caballeros"] = "thirty"
    def variants_not_map(d): d["variants"] = ["classic"]
    def variant_rounds_bad(d): d["variants"]["short"]["rounds"] = [2, 3, 10]
    def scoring_rounds_bad(d): d["scoring_rounds"] = "3,6,9"
    def no_regions(d): del d["regions"]
    return [
        (regions_8, "regions"), (region_values, "regions[2].values"), (region_no_id, "regions[0].id"),
        (region_dup, "regions[1].id"), (adjacency_unknown, "adjacency[0]"),
        (power_short, "power_to_court"), (power_bad, "power_to_court"),
        (boards_three, "mobile_scoreboards"), (card_stack, "action_cards[0].stack"),
        (card_copies, "action_cards[0].copies"), (card_no_id, "action_cards[3].id"),
        (castillo_values, "castillo.values"), (setup_missing, "setup.court"),
        (setup_text, "setup.caballeros"), (variants_not_map, "variants"),
        (variant_rounds_bad, "variants.short"), (scoring_rounds_bad, "scoring_rounds"),
        (no_regions, "regions"),
    ]


@pytest.mark.parametrize("mutate,field", _mutations(), ids=[m[0].__name__ for m in _mutations()])
def test_malformed_classic_yaml_names_file_and_field(tmp_path, mutate, field):
    """docs/design.md §5: a malformed classic.yaml (a temporary copy) fails with DataError naming
    the file and the field."""
    data = yaml.safe_load(CLASSIC_PATH.read_text(encoding="utf-8"))
    mutate(data)
    path = tmp_path / "classic.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(engine.DataError) as info:
        load_board(path)
    msg = str(info.value)
    assert "classic.yaml" in msg and field in msg, msg


def test_classic_yaml_unreadable(tmp_path):
    """docs/design.md §5: broken YAML or a non-mapping file fails with DataError naming the file."""
    path = tmp_path / "classic.yaml"
    path.write_text("regions: [\n")
    with pytest.raises(engine.DataError, match="classic.yaml"):
        load_board(path)
    path.write_text("- just a list\n")
    with pytest.raises(engine.DataError, match="classic.yaml"):
        load_board(path)


def test_classic_yaml_copy_loads_equal():
    """docs/design.md §5: an unchanged copy loads to the same board as the shipped file."""
    assert load_board(CLASSIC_PATH) == engine.BOARD


def test_unknown_effect_id_says_did_you_mean():
    """docs/design.md §5: an unknown card id says 'did you mean …'."""
    from engine.effects import effect_for
    with pytest.raises(engine.DataError, match="did you mean 'eviction'"):
        effect_for("evicton")


def test_card_names_are_the_engines_own_data(tmp_path):
    """§6.8: an action card's English name is written once, in levels/classic.yaml (the engine reads no
    file of the client's); describe() shows it for every card, and a card without a name is
    refused naming the field."""
    raw = yaml.safe_load(CLASSIC_PATH.read_text(encoding="utf-8"))
    written = {card["id"]: card["name"] for card in raw["action_cards"]}
    g = engine.new_game(seed=1)
    for cid in engine.CARDS:
        assert engine.CARD_NAMES[cid] == written[cid]
        assert f"\u201c{written[cid]}\u201d" in engine.describe(engine.Move.of("card", cid), g)
    del raw["action_cards"][3]["name"]
    broken = tmp_path / "classic.yaml"
    broken.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    with pytest.raises(engine.DataError, match=r"^classic.yaml: action_cards\[3\].name must be the card's English name"):
        load_board(broken)
