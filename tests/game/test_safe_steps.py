"""Every step safe to end. One staging rule (game/present/staging.py) holds a
move for Confirm when it reveals something or ends its step — the court count, a power-card
recovery, the King's returns, Done and Skip included — and never a move the step goes on after;
Done with Caballeros still in the court says so; a special action the engine skips (nothing to
do) has its own log line."""
from __future__ import annotations

import random

import engine
from game.present import staging
from game.present.describe import event_item, item_text
from game.present.prompts import staged_text
from game.shell import i18n


def name(player: str) -> str:
    return player.capitalize()


def first_view(predicate, seeds=range(1, 40)) -> tuple[engine.Game, engine.View]:
    """A random-game position (and its mover's view) where `predicate(view)` holds."""
    for seed in seeds:
        g = engine.new_game(players=["red", "blue", "green"], seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            view = g.view(g.to_move)
            if predicate(view):
                return g, view
            g.play(rng.choice(g.legal_moves()))
    raise AssertionError("no such position")


def test_s5_2_the_court_count_and_the_order_wait_for_confirm():
    """§5.2 T1/T3: a court count and "placement or action first" end their steps: staged."""
    _, view = first_view(lambda v: v.phase == "court")
    assert all(staging.needs_confirm(view, m) for m in view.legal_moves())
    _, view = first_view(lambda v: v.phase == "order")
    assert all(staging.needs_confirm(view, m) for m in view.legal_moves())


def test_s5_2_a_placement_that_leaves_more_to_place_is_played_at_once_the_last_is_staged():
    """§5.2 T4: placing goes on after every Caballero but the last; Done ends placing, with the
    placements still allowed unplaced (the card's number, not the whole court)."""
    _, view = first_view(lambda v: v.phase == "place" and v.count(v.to_move, "court") >= 2
                         and engine.progress(v).left >= 2)
    places = [m for m in view.legal_moves() if m.verb == "place"]
    assert places and not any(staging.needs_confirm(view, m) for m in places)
    done = engine.parse_move("done")
    assert staging.needs_confirm(view, done)
    i18n.set_language("en")
    left = min(engine.progress(view).left, view.count(view.to_move, "court"))
    assert left < view.count(view.to_move, "court")      # the court holds more than may be placed
    assert staged_text(view, done, name) == f"end placing with {left} Caballeros still unplaced"


def test_s6_power_recovery_and_secret_moves_always_wait_for_confirm():
    """§4.2/§5.4: a recovery or a disc reveals a secret choice: always staged."""
    for verb in engine.SECRET_VERBS:
        _, view = first_view(lambda v, verb=verb: any(m.verb == verb for m in v.legal_moves()), range(1, 200))
        assert all(staging.needs_confirm(view, m) for m in view.legal_moves() if m.verb == verb)


def test_s6_6_the_kings_returns_wait_for_confirm_when_they_end_the_step():
    """§6.6 (king_returns_3): the return that ends a player's returns is staged."""
    _, view = first_view(lambda v: v.phase == "return", range(1, 300))
    for move in view.legal_moves():
        after = view.after(move)
        ends = after is None or after.phase != view.phase or after.to_move != view.to_move
        assert staging.needs_confirm(view, move) == ends


def test_s5_2_a_special_action_the_engine_skips_has_a_log_line():
    """§5.2 T5: when the card offers nothing to do the engine skips the action: the log says so;
    a player's own Skip is logged by its move line only."""
    i18n.set_language("en")
    for seed in range(1, 60):
        g = engine.new_game(players=["red", "blue", "green"], seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            move = rng.choice(g.legal_moves())
            for event in g.play(move):
                if isinstance(event, engine.events.ActionSkipped):
                    item = event_item(event, move.text)
                    if move.verb == "skip":
                        assert item is None
                    else:
                        text = item_text(item, name)
                        assert "nothing to do" in text and i18n.t(f"card.{event.card}.name") in text
                        return
    raise AssertionError("no automatic skip found")
