"""Random-play invariants at every step (docs/castell.md): castellers conserved, at most 7 special
tokens spent, scores equal to the breakdown, legal moves non-empty, unique and accepted, notation
round-trips, views blind to the bag's order, records and snapshots replay exactly. The 10,000-game
runs per player count are `benchmarks/soak.py --game castell`; here a few dozen run on every commit."""
from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from engine import castell
from engine.castell.position import OVER
from engine.castell.selfcheck import problems

from .kit import total_castellers

ALT_DATA = Path(__file__).parent / "alt_data"


def check_position(g: castell.Game, rng: random.Random) -> None:
    assert problems(g, rng) == []


def play_checked(g: castell.Game, rng: random.Random) -> castell.Game:
    steps = 0
    while g.phase != OVER:
        if steps % 7 == 0:
            check_position(g, rng)
        g.play(rng.choice(g.legal_moves()))
        steps += 1
        assert steps < 2000
    check_position(g, rng)
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    rng = random.Random(players)
    for seed in range(12):
        g = play_checked(castell.new_game(list(castell.COLOURS[:players]), seed=seed,
                                          wheel=("standard", "advanced")[seed % 2]), rng)
        rec = json.loads(json.dumps(g.record()))
        again = castell.replay(rec)
        assert again.to_json() == g.to_json()
        assert castell.from_json(json.loads(json.dumps(g.to_json()))).scores == g.scores


def test_views_of_games_differing_only_in_the_bag_order_are_equal() -> None:
    g = castell.new_game(["red", "blue", "green"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        g.play(rng.choice(g.legal_moves()))
    other = g.clone()
    rng.shuffle(other.bag)
    assert other.bag != g.bag
    for p in g.players:
        assert g.view(p) == other.view(p)
        assert json.dumps(g.view(p).bag) == json.dumps(other.view(p).bag)


def test_a_view_pickles_and_stays_unchangeable() -> None:
    """The AI worker receives views by pipe (pickle); a View must round-trip and stay a value."""
    g = castell.new_game(["red", "blue"], seed=2)
    view = g.view("red")
    again = pickle.loads(pickle.dumps(view))
    assert again == view and [str(m) for m in again.legal_moves()] == [str(m) for m in view.legal_moves()]
    with pytest.raises(AttributeError):
        again.round = 5


def test_a_second_data_set_plays_with_no_code_change() -> None:
    data = castell.load_data(ALT_DATA)
    assert len(data.regions) == 6 and data.sizes_per_festival == 2
    rng = random.Random(7)
    for players in (2, 3, 4):
        g = play_checked(castell.new_game(list(castell.COLOURS[:players]), seed=players, data=data), rng)
        assert all(len(f.sizes) <= 2 for f in g.calendar)
        assert total_castellers(g) == data.casteller_total == 140


@pytest.mark.parametrize("edit, message", [
    (("count: {1: 15,", "count: {1: x,"),
     "castellers.count.1 must be a whole number"),
    (("    - [pir, pon]\n", "    - [pir, lleida]\n"), "regions.adjacent\\[0\\] must be one of"),
    (("wheel:\n  house: true", "wheel:\n  house: maybe"), "wheel.house must be true"),
    (("    exh01: {points: 4, skills: [balance]}", "    exh01: {points: 4, skills: [flying]}"),
     "exh01.skills must be one of"),
    (("  places: {2: 2, 3: 3, 4: 3}", "  places: {2: 2, 3: 3}"), "prizes.places must be one entry"),
])
def test_bad_data_names_the_file_and_field(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    text = (castell.data.DATA_DIR / "components.yaml").read_text(encoding="utf-8")
    assert edit[0] in text
    (tmp_path / "components.yaml").write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(castell.DataError, match=f"components.yaml: .*{message}"):
        castell.load_data(tmp_path)
