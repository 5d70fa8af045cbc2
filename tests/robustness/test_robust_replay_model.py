"""Replay model: every step is the game the record describes at that point, log lines aligned."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from fuzzkit import random_game
from game.match import saves
from game.match.replay_model import ReplayModel


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_every_step_matches_replay(players: int, seed: int) -> None:
    final = random_game(players, seed, castillo="secret" if seed % 2 else "announced")
    record = final.record()
    model = ReplayModel(record)
    assert len(model) == len(record["moves"]) and model.at_end and model.game == final
    lines = model.lines()
    assert len(lines) == len(model)
    for i in range(0, len(model) + 1, 7):
        expected = engine.replay(dict(record, moves=record["moves"][:i]))
        assert model.game_at(i) == expected
        if i < len(model):
            move = engine.parse_move(record["moves"][i])
            assert lines[i] == engine.describe(move, expected)
            assert model.steps[i].player == expected.to_move
            assert model.steps[i].events == tuple(expected.clone().play(move))
        for p in final.players:
            assert model.view(p, i) == expected.view(p)
    assert model.lines(10) == lines[:10]


def test_navigation() -> None:
    model = ReplayModel(random_game(3, 8, 40).record())
    assert model.position == 40
    assert model.to_start() == 0 and model.at_start and model.last_step is None
    assert model.back() == 0
    assert model.forward() == 1 and model.last_step.index == 0
    assert model.forward(1000) == 40 and model.at_end
    assert model.seek(-5) == 0 and model.seek(17) == 17
    assert model.game == model.game_at(17)
    assert model.record_upto()["moves"] == model.record["moves"][:17]
    copy = model.game_at(17)
    copy.play(copy.legal_moves()[0])
    assert model.game_at(17) == model.game       # game_at hands out copies
    with pytest.raises(IndexError):
        model.game_at(41)


def test_open_files(tmp_path: Path, data_dir: Path) -> None:
    game = random_game(4, 21, 120)
    exported = saves.export_record(game, None)
    saved = saves.save_slot("x", game, None)
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(game.record()))
    for path in (exported, saved, bare):
        model = ReplayModel.from_file(path)
        assert model.game == game and model.source == path.name
    assert ReplayModel.from_file(exported).seats is not None


def test_bad_records_named(tmp_path: Path) -> None:
    record = random_game(3, 5, 80).record()
    record["moves"][33] = "king granada"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    with pytest.raises(engine.DataError, match=r"bad.json: moves\[33\] 'king granada'"):
        ReplayModel.from_file(path)
    assert path.read_bytes() == before
    with pytest.raises(engine.DataError, match="moves"):
        ReplayModel({"rules_version": 1, "setup": {"players": ["red", "blue"], "seed": 1}})
    with pytest.raises(engine.DataError, match="mapping"):
        ReplayModel(["power 3"])
    with pytest.raises(engine.DataError, match=r"moves\[0\] must be text"):
        ReplayModel(dict(record, moves=[None]))
