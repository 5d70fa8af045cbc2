"""Hover previews come from the engine's own scoring of the position after the move
(game/present/preview.py): a King move counts the King's bonus (rules §8.2), a placement says what
the region would give then, and a Castillo disc says where the player's own Castillo Caballeros go
instead of repeating today's standing."""
from __future__ import annotations

import pytest

import engine
from game.match.challenges import SCENARIOS
from game.present.preview import preview_line
from game.shell import i18n
from game.shell.i18n import t


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _king_turn() -> engine.Game:
    """Red leads Sevilla 3 to 1 and has taken The King, acting first."""
    game = engine.load_scenario(dict(
        players=["red", "blue", "green"], grandes={"red": "galicia", "blue": "valencia", "green": "granada"},
        king="aragon", round=8, phase="card", to_move="red", played={"red": 13, "blue": 12, "green": 11},
        face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"],
        caballeros={"red": {"court": 5, "sevilla": 3}, "blue": {"sevilla": 1, "court": 2}}))
    for text in ("card king", "first action"):
        game.play(text)
    return game


def _name(player: str) -> str:
    return t(f"colour.{player}")


@pytest.mark.parametrize("lang", ["en", "pt", "ca"])
def test_a_king_move_preview_counts_the_kings_bonus(lang):
    """§8.2: the sole leader of the King's region scores 2 more. Sevilla gives Red 4 today; with
    the King there, 6 — the preview says 6 and names the bonus."""
    i18n.set_language(lang)
    view = _king_turn().view("red")
    move = engine.parse_move("king sevilla", view)
    after = view.after(move)
    assert after is not None
    points = dict(engine.scoring_preview(after, "sevilla").points)["red"]
    assert points == dict(engine.scoring_preview(view, "sevilla").points)["red"] + 2
    line = preview_line(view, move, _name)
    assert line is not None and f"+{points}" in line and t("scoring.king_bonus") in line, line


def test_a_placement_preview_says_what_the_region_would_give_then():
    game = _king_turn()
    game.play("king sevilla")
    view = game.view("red")
    move = engine.parse_move("place granada", view)
    after = view.after(move)
    assert after is not None
    line = preview_line(view, move, _name)
    points = dict(engine.scoring_preview(after, move.args[0]).points).get("red", 0)
    assert line is not None and f"+{points} if scored now" in line and "0 → 1" in line, line


def test_a_castillo_disc_preview_says_where_the_own_castillo_caballeros_go():
    """§8.1: at a general scoring each player's Castillo Caballeros go to the region of his disc;
    before the other discs are shown, the hover says that, not today's standing there."""
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    player = str(game.to_move)
    view = game.view(player)
    line = preview_line(view, engine.parse_move("disc aragon", view), _name)
    mine = view.count(player, "castillo")
    assert mine > 1
    assert line == f"Aragón: {_name(player)}'s {mine} Caballeros from the Castillo go here; the other discs are still hidden"
