"""Pass-and-play secrets: a human's disc choice is never drawn once the device may change hands
(a hand-off screen comes first), and another human's choice is never drawn before the reveal."""
from __future__ import annotations

import random

from game.match.controller import Match
from game.scenes.handoff import ready_button
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, human_target, make_context


def test_disc_choices_stay_secret_between_humans():
    """From round 3 on (rounds 1 and 2 set no disc: played here without the window), two disc
    phases by click."""
    ctx = make_context(speed=40.0)
    match = Match(parse_players("human,human,random,random"), 3)
    early = random.Random(3)
    while match.host_game.round < 3:
        assert match.play(early.choice(match.host_game.legal_moves()))
    match = Match.from_game(match.host_game, match.seat_meta())      # resumed: those moves are history
    driver = Driver(MatchScene(ctx, match), paint_every=10)
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


def recovery_position():
    """Red (a human, pass-and-play with blue) is about to take the power-recovery card in round 2."""
    import engine
    return engine.load_scenario({
        "players": ["red", "blue", "green"], "round": 2, "phase": "card", "to_move": "red", "king": "aragon",
        "grandes": {"red": "galicia", "blue": "sevilla", "green": "granada"},
        "played": {"red": 13, "blue": 12, "green": 11},
        "hands": {"red": [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12], "blue": [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 13],
                  "green": [1, 2, 4, 5, 6, 7, 8, 9, 10, 12, 13]},
        "face_up": ["power_recovery", "intrigue_any_3", "score_castillo", "court_2", "king"]})


def test_a_recovered_power_card_is_chosen_behind_a_hand_off_and_never_shown_to_the_table():
    """§4.2/§5.4 (the recovered card stays secret): in pass-and-play the
    recovery is chosen after a hand-off to its player, and from then on the shared screen never
    shows a view holding another human's secret: whenever the viewer holds one, he is the human
    deciding, handed the screen."""
    import engine
    from game.match.saves import SeatMeta
    seats = [SeatMeta("red", "human", ""), SeatMeta("blue", "human", ""), SeatMeta("green", "random", "")]
    match = Match.from_game(recovery_position(), seats, autosave=False)
    rng = random.Random(5)
    handoffs: list[tuple[str, str | None]] = []
    recovered = False
    for _ in range(400):
        match.events.clear()                 # the screen has shown every event
        due = match.handoff_due()
        if due:
            handoffs.append(due)
            match.hand_to(due[1])            # the hand-off screen's Ready
            continue
        match.follow_turn()
        viewer = match.viewer
        if viewer and engine.holds_secret(match.host_game, viewer):
            assert viewer == match.human_to_move() == match.handed_to, (viewer, match.host_game.phase)
        legal = match.host_game.legal_moves()
        if not legal:
            break
        player = match.host_game.to_move
        if player == "red" and not recovered:
            wanted = [m for m in legal if m.text in ("card power_recovery", "first action", "action")
                      or m.verb == "recover"]
            if any(m.verb == "recover" for m in legal):
                assert handoffs[-1] == ("before", "red") and match.viewer == "red"
                recovered = True
            move = wanted[0] if wanted else rng.choice(legal)
        else:
            move = rng.choice(legal)
        assert match.play(move)
    assert recovered and ("after", None) in handoffs[handoffs.index(("before", "red")):]
