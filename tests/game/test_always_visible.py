"""Every player's remaining power cards are visible at 2, 3, 4 and 5 players, and
the human's power-card hand never covers the success track."""
from __future__ import annotations

import itertools

from game.shell import layout
from game.match.controller import Match
from game.render.hud import power_pip_rects
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, make_context


def test_power_rows_sit_inside_every_panel_at_every_player_count():
    for count in (2, 3, 4, 5):
        panels = layout.player_rects(count)
        for panel in panels:
            pips = power_pip_rects(panel)
            assert len(pips) == 13 and all(panel.contains(pip) for pip in pips), (count, panel)
            assert pips[-1].right < panel.right - 40, "clear of the score"
        for a, b in itertools.combinations(panels, 2):
            assert not a.colliderect(b)
        assert panels[-1].bottom < layout.current().cards_rect.y, "the action cards start below the last panel"


def test_the_hand_leaves_the_success_track_uncovered():
    assert not layout.current().hand_plate.colliderect(layout.current().track_rect)
    assert all(layout.current().hand_plate.contains(rect) for rect in layout.hand_rects())


def test_a_five_player_power_phase_draws_every_hand_and_the_track():
    match = Match(parse_players("human,random,random,random,random"), 4, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    assert driver.until(lambda: driver.scene.name == "power" and driver.scene.my_turn() == "red", 600)
    table = driver.scene.table
    surface = driver.app.surface
    for panel, player in zip(layout.player_rects(5), match.players):
        assert table.hands.get(player), player
        pip = power_pip_rects(panel)[12]              # card 13, still in every hand
        assert surface.get_at(pip.center)[:3] != surface.get_at((pip.x - 2, pip.y - 6))[:3]
    hand = driver.scene.mode.hand_owner()
    assert hand == "red" and not layout.current().hand_plate.colliderect(layout.current().track_rect)
