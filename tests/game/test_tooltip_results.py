"""A tooltip tells what the board has shown, and what a hovered move would make of it: on a
King-move hover a region's standings are the engine's view after that move (§8.2's King bonus
included, as the preview line says), and while an animation (a Castillo reveal) is still showing
what the engine has played, no tooltip shows the standings it ends in."""
from __future__ import annotations

import pytest

import engine
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.match_screen import paint
from game.scenes.play import MatchScene
from game.shell import layout
from tests.game.driver import Driver, make_context


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[engine.View, str]]:
    """Every standings tooltip painted: the position it was read from, the area."""
    seen: list[tuple[engine.View, str]] = []
    real = paint.draw_standings

    def spy(surface, view, area, *args, **kwargs):
        seen.append((view, area))
        return real(surface, view, area, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_standings", spy)
    return seen


def test_a_king_move_hover_shows_the_standings_after_the_move(drawn):
    """Red leads Sevilla 3 to 1 and moves the King: resting on Sevilla shows Red's points there with
    the King's bonus (§8.2), the engine's scoring of the position after `king sevilla`."""
    game = engine.load_scenario(dict(
        players=["red", "blue", "green"], grandes={"red": "galicia", "blue": "valencia", "green": "granada"},
        king="aragon", round=8, phase="card", to_move="red", played={"red": 13, "blue": 12, "green": 11},
        face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"],
        caballeros={"red": {"court": 5, "sevilla": 3}, "blue": {"sevilla": 1, "court": 2}}))
    for text in ("card king", "first action"):
        game.play(text)
    match = Match.from_game(game, parse_players("human,random,random"), autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    driver.step(2)
    driver.hover(layout.area_point("sevilla"))
    driver.step(20)
    assert drawn, "the standings tooltip shows after a moment"
    view, area = drawn[-1]
    after = match.view().after(engine.parse_move("king sevilla", match.view()))
    assert after is not None and area == "sevilla"
    shown = dict(engine.scoring_preview(view, "sevilla").points)["red"]
    assert shown == dict(engine.scoring_preview(after, "sevilla").points)["red"]
    assert shown == dict(engine.scoring_preview(match.view(), "sevilla").points)["red"] + 2


def test_no_tooltip_runs_ahead_of_the_castillo_reveal(drawn):
    """§8.1: the Castillo's Caballeros go to the regions of the discs. While "Castillo opens" and
    the groups' flights are animating, the pinned region's standings never count them before the
    board has landed them."""
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    match = Match.from_game(game, parse_players("human,random,random"), autosave=False)
    scene = MatchScene(make_context(speed=4.0), match)
    driver = Driver(scene)
    driver.step(2)
    driver.click(layout.area_point("aragon"), button=3)
    assert scene.pinned_area == "aragon"
    assert match.play("disc aragon")
    for _ in range(400):
        driver.step()
        for view, area in drawn:
            shown = {p: scene.table.count(p, area) for p in match.players}
            assert {p: view.count(p, area) for p in match.players} == shown, (scene.mode.name, area)
        drawn.clear()
        if scene.summary is not None:
            break
    assert scene.summary is not None, "the scoring reached its summary"
    assert match.view().count("red", "aragon") > 2, "the reveal brought Red's Castillo Caballeros"
