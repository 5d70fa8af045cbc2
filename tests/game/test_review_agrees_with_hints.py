"""The Review and the Hint are one judge (ai/advisor.py): a player who follows hint #1 at every
decision, as the match screen docks it, has no decision flagged by the post-game review."""
from __future__ import annotations

import random

import pytest

import ai
import engine
from ai.advisor import advise, judge_searcher, position_rng
from game.match.controller import GameMoves
from game.match.review import review_record
from game.present.hint_plan import HintPlan, follow

SMALL_JUDGE = dict(worlds=2, max_nodes=900, disc_iterations=12, turn_beam=3, turn_plans=4)


def _follow_hints_game(seed: int) -> engine.Game:
    """A short 3-player game: Red follows the docked hint #1 (asked with the position's own
    seed, as the Hint button asks), Blue and Green are small Easy agents."""
    searcher = judge_searcher(**SMALL_JUDGE)
    game = engine.new_game(players=["red", "blue", "green"], seed=seed, variant="short")
    others = {p: ai.make_agent("easy", seed=k, worlds=1, max_nodes=300, deadline_s=None)
              for k, p in enumerate(("blue", "green"))}
    docked, moves, rng = HintPlan(), GameMoves(game), random.Random(seed)
    while not game.is_over:
        player = str(game.to_move)
        view = game.view(player)
        if player == "red" and len(view.legal_moves()) > 1:
            def hints(v: engine.View) -> list:
                return advise(v, position_rng(seed, moves.moves_played()), searcher)
            move = follow(docked, view, moves, hints)
        elif player == "red":
            move = view.legal_moves()[0]
        else:
            move = others[player].choose(view, rng)
        game.play(move)
    return game


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_a_game_following_every_first_hint_has_no_flagged_decision(seed):
    game = _follow_hints_game(seed)
    review = review_record(game.record(), {"red"}, seed=seed, searcher=judge_searcher(**SMALL_JUDGE))
    assert review["red"] == [], [(b.round, [str(m) for m in b.played], [str(m) for m in b.best], b.loss)
                                 for b in review["red"]]
