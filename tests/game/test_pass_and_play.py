"""Pass-and-play secrets: a human's disc choice is never drawn once the device may change hands
(a hand-off screen comes first), and another human's choice is never drawn before the reveal."""
from __future__ import annotations

import random

from game.match.controller import Match
from game.scenes.handoff import ready_button
from game.scenes.play import phase_scene
from game.match.seats import parse_players
from tests.game.driver import Driver, human_target, make_context


def test_disc_choices_stay_secret_between_humans():
    ctx = make_context(speed=40.0)
    match = Match(parse_players("human,human,random,random"), 3)
    driver = Driver(phase_scene(match.host_game.phase)(ctx, match))
    rng = random.Random(2)
    human_discs = 0
    reveals = 0
    seen_handoff_since_disc = True
    for _ in range(20000):
        scene = driver.scene
        if scene.name != "handoff":
            # what this frame may show: only the viewer's own pending disc
            shown = match.visible_discs()
            assert set(shown) <= {match.viewer}
            for player in match.pending_discs:
                if player != match.viewer:
                    assert player not in shown
            assert seen_handoff_since_disc, "board drawn after a secret choice without a hand-off"
        else:
            seen_handoff_since_disc = True
            if scene.kind == "before":
                assert match.host_game.to_move == scene.player
        before = len(match.pending_discs)
        target = human_target(scene, rng, prefer="castillo")
        if target:
            driver.click(target)
        elif scene.name == "handoff":
            driver.click(ready_button().center)
        else:
            driver.step()
        revealing = any(type(e).__name__ == "DiscsRevealed" for e in match.events)
        if len(match.pending_discs) > before or (revealing and before and not match.pending_discs):
            human_discs += 1
            seen_handoff_since_disc = revealing   # a reveal shows every disc anyway
        reveals += revealing
        if human_discs >= 4 and reveals:
            break
    assert human_discs >= 2, "both humans should have set discs"
    assert "handoff" in driver.app.history
