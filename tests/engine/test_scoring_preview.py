"""The "if scored now" helpers (§8.2 place points, +2 King and home bonuses of the sole leader):
they equal a real scoring of the same position and change nothing."""
from __future__ import annotations

import random

import engine
from engine.effects import effect_for


def positions(count: int = 12):
    for seed in range(1, count + 1):
        game = engine.new_game(players=["red", "blue", "green", "yellow", "orange"][: 2 + seed % 4], seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40, 160)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        yield game


def scored_by_the_engine(game: engine.Game, area: str) -> engine.events.AreaScored:
    """Score `area` for real on a copy, through the card that names an area (§6.5)."""
    from engine.data import AREA_INDEX
    from engine.ops import score_areas
    events: list = []
    score_areas(game.clone(), [AREA_INDEX[area]], events)
    return events[0]


def test_a_preview_equals_a_real_scoring_of_every_area_and_changes_nothing():
    """§8.2 and §7 bonuses: the preview is exactly the event a real scoring of that area reports."""
    for game in positions():
        key = game.key()
        for area in (*engine.REGIONS, "castillo"):
            assert engine.scoring_preview(game, area) == scored_by_the_engine(game, area)
        assert game.key() == key


def test_a_scoring_card_preview_is_the_sum_the_card_then_scores():
    """§6.4: the fixed scoring cards score their areas at once; the preview is what they add."""
    for game in positions(20):
        for card in ("score_5_regions", "score_4_regions", "score_6_7_regions", "score_first_only",
                     "score_most", "score_fewest", "score_castillo"):
            gains = engine.card_scoring_preview(game, card)
            copy = game.clone()
            copy.card = card
            before = dict(copy.scores)
            events: list = []
            effect_for(card).start(copy, None, events)
            assert gains == {p: copy.scores[p] - before[p] for p in game.players}, card
        assert engine.card_scoring_preview(game, "score_choice_s2") is None, "its area is chosen when played"


def test_r3_a_secret_castillo_is_previewed_from_a_view_like_the_game():
    """docs/rulings.md R3 (§5.3, docs/design.md §2): the secret Castillo is a memory variant, so a view previews the
    Castillo's scoring exactly as the true game does (the display decides what to show)."""
    for seed in range(1, 8):
        game = engine.new_game(players=["red", "blue", "green"], seed=seed, castillo="secret")
        rng = random.Random(seed)
        for _ in range(30 * seed):
            game.play(rng.choice(game.legal_moves()))
        view = game.view("red")
        assert engine.scoring_preview(view, "castillo") == engine.scoring_preview(game, "castillo")
        assert (engine.card_scoring_preview(view, "score_castillo")
                == engine.card_scoring_preview(game, "score_castillo"))
