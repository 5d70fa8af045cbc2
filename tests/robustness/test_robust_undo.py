"""Undo: the window follows the rule in game/match/undo.py's docstring, the undone game is the earlier
position exactly, and no undoable move ever revealed hidden information (checked against
engine.determinize: the player's view after the move does not depend on what was hidden)."""
from __future__ import annotations

import random

import pytest

import engine
from engine import events as E
from fuzzkit import COLOURS
from game.match import undo
from game.match.replay_model import Step, walk


def _games(count: int = 8):
    for k in range(count):
        players = 2 + k % 4
        castillo = ("announced", "secret")[k % 2]
        game = engine.new_game(players=list(COLOURS[:players]), seed=500 + k, castillo=castillo)
        rng = random.Random(k)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        yield game


def _window_by_rule(steps: list[Step], games: list[engine.Game], player: str) -> list[int]:
    """The rule written out again, independently of undo.py, from the events' class names."""
    last = games[-1]
    if last.to_move != player:
        return []
    secret = last.options["castillo"] == "secret"
    window = []
    for step in reversed(steps):
        names = {type(e).__name__ for e in step.events}
        castillo_scored = any(type(e).__name__ == "AreaScored" and e.area == "castillo" for e in step.events)
        if (step.player != player or names & {"TurnStarted", "RoundStarted", "DiscsRevealed", "CastilloOpened"}
                or (secret and castillo_scored)):
            break
        window.append(step.index)
    return window[::-1]


def test_window_matches_the_rule_everywhere() -> None:
    sizes = []
    for final in _games():
        steps, games = walk(final.record())
        for n in range(0, len(steps) + 1, 3):
            game = games[n]
            player = game.to_move
            if player is None:
                continue
            expected = _window_by_rule(steps[:n], games[:n + 1], player)
            assert undo.undo_window_of(steps[:n], player, player, game.options["castillo"] == "secret") == expected
            for other in game.players:
                if other != player:
                    assert undo.undo_window_of(steps[:n], player, other, False) == []
            sizes.append(len(expected))
    assert max(sizes) >= 5 and sizes.count(0) > 0


def test_undo_gives_the_earlier_position_exactly() -> None:
    checked = 0
    for final in _games(6):
        steps, games = walk(final.record())
        for n in range(len(steps)):
            game = games[n].clone()
            player = game.to_move
            window = undo.undo_window(game, player)
            if len(window) < 2:
                continue
            before = game.to_json()
            back_one = undo.undo(game, player)
            assert back_one == games[window[-1]] and back_one.to_move == player
            assert back_one.record()["moves"] == final.record()["moves"][:window[-1]]
            assert undo.undo_turn(game, player) == games[window[0]]
            assert undo.undo(game, player, len(window)) == games[window[0]]
            assert undo.undo_to(game, player, window[1]) == games[window[1]]
            assert game.to_json() == before                     # the game undone from is untouched
            # undo, then the same decisions again: the same game (same cards to come)
            again = undo.undo_turn(game, player)
            for step in steps[window[0]:n]:
                again.play(step.move)
            assert again == game
            checked += 1
            if checked % 25 == 0:
                break
    assert checked >= 50


def test_refusals() -> None:
    game = engine.new_game(players=["red", "blue", "green"], seed=3)
    with pytest.raises(undo.UndoError, match="no decision to undo"):
        undo.undo(game, game.to_move)
    bidder = game.to_move
    game.play(game.legal_moves()[-1])                       # a power card: its own step
    assert not undo.can_undo(game, bidder)
    assert not undo.can_undo(game, game.to_move)            # someone else's move is in between
    final = next(_games(1))
    assert undo.undo_window(final, final.players[0]) == []  # game over
    steps, games = walk(final.record())
    n = next(n for n in range(len(steps)) if len(undo.undo_window(games[n], games[n].to_move)) >= 2)
    player = games[n].to_move
    with pytest.raises(undo.UndoError, match="cannot undo back to move"):
        undo.undo_to(games[n], player, 0)
    with pytest.raises(undo.UndoError, match="can be undone now"):
        undo.undo(games[n], player, 99)
    assert isinstance(undo.UndoError("x"), engine.EngineError)


def test_boundary_events() -> None:
    def step(*events: object) -> Step:
        return Step(0, "red", "x", "x", tuple(events))
    assert not undo.is_boundary(step(E.CardTaken("red", "king")), True)
    assert not undo.is_boundary(step(E.AreaScored("galicia", (("red", 4),), None, ())), True)
    assert undo.is_boundary(step(E.AreaScored("castillo", (("red", 5),), None, ())), True)
    assert not undo.is_boundary(step(E.AreaScored("castillo", (("red", 5),), None, ())), False)
    assert undo.is_boundary(step(E.RoundStarted(2, ("king",))), False)
    assert undo.is_boundary(step(E.DiscsRevealed("castillo", ())), False)
    assert undo.is_boundary(step(E.TurnStarted("red", 5)), False)


def _view_key(game: engine.Game, player: str) -> engine.View:
    return game.view(player)     # a value: equal and hashable by what it holds


def test_no_undoable_move_reveals_anything() -> None:
    """Oracle: for every move inside an undo window, the mover's view after it is the same in
    every world consistent with his view before it. Reveals, by contrast, are caught by it."""
    checked, reveals_caught = 0, 0
    for final in _games(8):
        steps, games = walk(final.record())
        for n in range(1, len(steps) + 1):
            player = games[n].to_move
            if player is None:
                continue
            window = undo.undo_window_of(steps[:n], player, player, games[n].options["castillo"] == "secret")
            j = n - 1
            step = steps[j]
            if step.player != player:
                continue
            view = games[j].view(player)
            keys = set()
            for k in range(6):
                world = engine.determinize(view, random.Random(k))
                world.play(step.move)
                keys.add(_view_key(world, player))
            if j in window:
                assert keys == {_view_key(games[n], player)}, (j, step.move)
                checked += 1
            elif len(keys) > 1:
                reveals_caught += 1
    assert checked > 200 and reveals_caught > 0
