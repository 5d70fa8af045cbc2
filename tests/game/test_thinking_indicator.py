"""The AI's thinking dots (and "… is thinking") show only while the table waits for that AI: not
while a scoring is animated or its table is up waiting for a human's click, though the AI seat
to move next may already be thinking meanwhile (the host runs ahead of the screen)."""
from __future__ import annotations

import yaml

import engine
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.play import MatchScene
from game.shell.i18n import t
from tests.game.driver import Driver, make_context


def _round_six_scoring() -> engine.Game:
    """The general scoring after round 6 (§8.1): Red sets his Castillo disc; Green bids first next."""
    scenario = yaml.safe_load((SCENARIOS / "challenge_1_last_scoring.yaml").read_text(encoding="utf-8"))
    scenario.update(round=6, hands={"red": [1, 4, 12, 6, 9, 11], "blue": [2, 7, 13, 8, 11, 10],
                                    "green": [3, 5, 10, 9, 6, 12]})
    return engine.load_scenario(scenario)


def test_no_thinking_dots_over_a_scoring_or_its_table():
    match = Match.from_game(_round_six_scoring(), parse_players("human,random,random"), autosave=False)
    scene = MatchScene(make_context(), match)
    driver = Driver(scene)
    driver.step(2)
    assert match.play("disc aragon")
    thinking_under_table = False
    for _ in range(600):
        driver.step()
        frame = scene.frame()
        if scene.summary is not None or not scene.settled():
            assert not any(panel.thinking for panel in frame.panels), scene.mode.name
            assert t("hud.thinking", who=match.name("green")) not in frame.prompt.text
        if scene.summary is not None and match.thinking == "green":
            thinking_under_table = True
            break
    assert thinking_under_table, "Green, to bid first, thinks while the scoring's table is up"
    driver.key(13)      # Enter closes the table: now the table waits for Green
    driver.step()
    assert scene.summary is None
