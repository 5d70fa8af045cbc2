"""The match screen's modes answer with commands and never change the screen or its queue
themselves (game/scenes/match_screen/modes.py): the scoring hands over to the Castillo reveal, the reveal takes
every group leaving the tower at once and hands back, a click on the power hand is a pick or a
refusal to explain."""
from __future__ import annotations

from collections import deque

from engine import events as E
from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.match_screen.modes import Explain, Pick, PowerMode, Switch, Take
from game.scenes.play import MatchScene
from game.scenes.match_screen.scoring import CastilloMode, ScoringMode
from game.shell import layout
from tests.game.driver import make_context


def screen() -> MatchScene:
    return MatchScene(make_context(), Match(parse_players("human,random,random"), 3, autosave=False))


def test_the_scoring_hands_over_to_the_castillo_reveal_and_gets_it_back():
    scene = screen()
    scoring = ScoringMode(scene)
    opened = E.CastilloOpened((("red", 2), ("blue", 1)))
    queue = deque([opened])
    command = scoring.pump(opened, queue)
    assert isinstance(command, Switch) and isinstance(command.mode, CastilloMode)
    assert list(queue) == [opened] and scene.mode is not command.mode, "the mode changed nothing itself"
    reveal = command.mode
    assert reveal.pump(opened, queue) == Take(1)
    leaving = [E.CaballerosMoved(p, "castillo", "aragon", n) for p, n in (("red", 2), ("blue", 1))]
    after = E.ScoringFinished("general", 3)
    queue = deque([*leaving, after])
    assert reveal.pump(leaving[0], queue) == Take(2), "every group leaves the tower together"
    assert len(queue) == 3
    assert reveal.pump(after, deque([after])) == Take(0), "the tower closes first"
    back = reveal.pump(after, deque([after]))
    assert isinstance(back, Switch) and isinstance(back.mode, ScoringMode)


def test_a_click_on_the_power_hand_is_a_pick_or_a_refusal_to_explain():
    scene = screen()
    scene.update(0.01)
    mode = PowerMode(scene)
    playable = scene.picker.values("power")
    answers = [mode.handle_click(rect.center) for rect in layout.hand_rects()]
    assert {a.value for a in answers if isinstance(a, Pick)} == set(playable)
    assert all(isinstance(a, (Pick, Explain)) for a in answers)
    assert mode.handle_click((1, 1)) is None
