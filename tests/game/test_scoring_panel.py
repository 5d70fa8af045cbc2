"""After every scoring a summary panel shows what each area brought, the numbers
taken from the engine's scoring events; it waits for a click with humans seated and goes by
itself in AI-only games; floating '+N' labels never overlap each other or the map's labels."""
from __future__ import annotations

import itertools
import random

import pygame
import pytest

import engine
from game.shell import layout
from game.render.animator import Animator
from game.shell.assets import Sounds
from game.match.controller import Match
from game.shell.mapdata import load_map
from game.render.board import occupied_rects, points_rect
from game.render.score_panel import draw_score_panel
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from game.present.table import Table
from game.shell.tween import Tweener
from tests.game.driver import Driver, make_context


def first_summaries(seats: str, seed: int, count: int) -> tuple[Driver, list]:
    match = Match(parse_players(seats), seed, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    found = []
    for _ in range(count):
        assert driver.until(lambda: getattr(driver.scene, "summary", None) is not None, 8000)
        found.append((driver.scene.summary, dict(driver.scene.table.scores)))
        driver.scene.summary = None
        driver.step()
    return driver, found


def test_each_summary_equals_the_engines_score_changes_for_that_scoring():
    driver, found = first_summaries("random,random,random,random", 4, 3)
    history = driver.scene.match.host_game.score_history
    assert len(history) >= len(found)
    for (summary, _), entry in zip(found, history):   # one score-history entry per scoring
        assert (summary.kind, summary.round, summary.card) == (entry.kind, entry.round, entry.card)
        assert {p: summary.total(p) for p in entry.points} == entry.points
    general = next(s for s, _ in found if s.kind == "general")
    assert [row.area for row in general.rows] == ["castillo", *engine.REGIONS]   # §8.1 order
    assert general.round == 3


def test_the_panel_fits_on_the_map_and_marks_bonuses_and_ties():
    driver, found = first_summaries("random,random,random,random,random", 2, 2)
    surface = pygame.Surface(layout.LOGICAL)
    for summary, _ in found:
        rect = draw_score_panel(surface, summary, driver.scene.match.players, str)
        assert layout.current().map_rect.contains(rect)
        for row in summary.rows:
            leader = max(row.points.items(), key=lambda kv: kv[1], default=(None, 0))[0]
            if row.king_bonus or row.home_bonus:
                assert leader in (row.king_bonus, *row.home_bonus), "only the sole leader takes a bonus"
            assert not row.tied & {row.king_bonus, *row.home_bonus}


def test_with_a_human_seated_the_summary_waits_for_a_click():
    match = Match(parse_players("human,random,random"), 6, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    rng = random.Random(1)
    for _ in range(20000):
        if getattr(driver.scene, "summary", None) is not None:
            break
        if driver.scene.my_turn() == "red":
            match.play(rng.choice(match.host_game.legal_moves()))
        driver.step()
    scene = driver.scene
    assert scene.summary is not None and scene.my_turn() is None
    driver.step(600)
    assert scene.summary is not None, "still up after 20 s of frames"
    driver.key(pygame.K_RETURN)
    assert scene.summary is None


def test_ai_only_summaries_go_by_themselves():
    driver, _ = first_summaries("random,random", 2, 1)
    match = driver.scene.match
    start = match.feed.summaries_seen
    assert driver.until(lambda: match.feed.summaries_seen > start and driver.scene.summary is None, 8000)


def test_floating_scores_never_overlap_each_other_or_the_map_labels():
    game = engine.random_playout(engine.new_game(players=["red", "blue", "green", "yellow", "orange"], seed=3),
                                 random.Random(3))
    table = Table()
    table.sync(game, False)
    animator = Animator(table, Tweener(), Sounds(mute=True), lambda p: (900, 100), str)
    labels = occupied_rects(load_map(), table)
    for area in ("castillo", *engine.REGIONS):   # at most three places score (§8.2); all areas at once
        animator.rise_points(area, tuple((p, 10 + i) for i, p in enumerate(game.players[:3])))
    floats = [points_rect(s.label, layout.from_board(s.pos)) for s in table.sprites if s.kind == "points"]
    assert len(floats) == 30
    for a, b in itertools.combinations(floats, 2):
        assert not a.colliderect(b), (a, b)
    assert all(f.collidelist(labels) < 0 for f in floats)



@pytest.mark.parametrize("area", ["galicia", "pais_vasco"])
def test_floating_scores_stay_on_the_map_drift_included(area):
    """Scores rising three times over a region by the map's top edge (five players; a bonus and a
    card scoring in quick succession) are pushed down, not clipped by the top of the map."""
    from game.render.animator import RISE
    game = engine.random_playout(engine.new_game(players=["red", "blue", "green", "yellow", "orange"], seed=3),
                                 random.Random(3))
    table = Table()
    table.sync(game, False)
    animator = Animator(table, Tweener(), Sounds(mute=True), lambda p: (900, 100), str)
    for _ in range(3):
        animator.rise_points(area, tuple((p, 10 + i) for i, p in enumerate(game.players)))
    floats = [points_rect(s.label, layout.from_board(s.pos)) for s in table.sprites if s.kind == "points"]
    assert len(floats) == 15
    assert all(f.top - RISE >= layout.current().map_rect.top for f in floats)
