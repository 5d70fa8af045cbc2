"""Minimal reproductions of the engine bugs the fuzzers found (ENGINE_BUGS.md). Each test states
what should happen; they fail until the engine is fixed, and then guard against regressions."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.data import CLASSIC_PATH, load_board


def _refused_or_loaded(call) -> None:
    """Only engine.EngineError may come out of a loader."""
    try:
        call()
    except engine.EngineError:
        pass


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# 1. YAML values the parser itself rejects with ValueError / RecursionError
def test_bug1_scenario_integer_too_long(tmp_path: Path) -> None:
    path = _write(tmp_path, "big.yaml", "players: [red, blue]\nseed: " + "1" * 5000 + "\n")
    _refused_or_loaded(lambda: engine.load_scenario(path))


def test_bug1_scenario_nested_too_deeply(tmp_path: Path) -> None:
    path = _write(tmp_path, "deep.yaml", "players: [red, blue]\nname: " + "[" * 20000 + "]" * 20000 + "\n")
    _refused_or_loaded(lambda: engine.load_scenario(path))


def test_bug1_board_integer_too_long(tmp_path: Path) -> None:
    text = CLASSIC_PATH.read_text(encoding="utf-8").replace("caballeros: 30", "caballeros: " + "3" * 5000)
    _refused_or_loaded(lambda: load_board(_write(tmp_path, "classic.yaml", text)))


# 2. numbers out of range reaching int() or a shift before they are checked
def test_bug2_board_infinite_count(tmp_path: Path) -> None:
    text = CLASSIC_PATH.read_text(encoding="utf-8").replace("caballeros: 30", "caballeros: .inf")
    _refused_or_loaded(lambda: load_board(_write(tmp_path, "classic.yaml", text)))


def test_bug2_scenario_huge_power_card(tmp_path: Path) -> None:
    path = _write(tmp_path, "played.yaml", "players: [red, blue]\nplayed: {red: 100000000000000000000}\n")
    _refused_or_loaded(lambda: engine.load_scenario(path))
    _refused_or_loaded(lambda: engine.load_scenario({"players": ["red", "blue"], "played": {"red": 10**20}}))


# 3. scenarios that load but leave a player with no legal move later
def _plays_to_the_end(game: engine.Game) -> None:
    rng = random.Random(1)
    while game.to_move is not None:
        legal = game.legal_moves()
        assert legal, f"{game.to_move} has no legal move in phase {game.phase} (round {game.round})"
        game.play(rng.choice(legal))


@pytest.mark.parametrize("scenario", [
    # too few power cards in hand for the rounds left
    {"players": ["red", "blue"], "round": 2, "hands": {"red": [1, 2, 3, 4, 5]}},
    # fewer face-up action cards than players still to take one
    {"players": ["red", "blue", "green"], "phase": "card", "to_move": "red",
     "played": {"red": 9, "blue": 5, "green": 1}, "face_up": ["king"]},
])
def test_bug3_scenario_without_moves(scenario: dict) -> None:
    try:
        game = engine.load_scenario(scenario)
    except engine.EngineError:
        return                                    # refusing it is a fix
    _plays_to_the_end(game)                       # or the game must be playable


# 4. a record's "scenario" may be a file path: replaying a save reads any file
def test_bug4_record_scenario_must_be_a_mapping() -> None:
    path = str(Path(engine.data.LEVELS_DIR) / "scenarios" / "king_first.yaml")
    record = {"rules_version": engine.RULES_VERSION, "scenario": path, "moves": []}
    with pytest.raises(engine.DataError):
        engine.replay(record)      # with "/dev/zero" instead, replay reads until memory runs out
