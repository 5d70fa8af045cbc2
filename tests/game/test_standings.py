"""An area's standings tooltip (hover a moment or right-click) shows the values in
force, the colours in rank order and what each would score now — the same numbers a real scoring
of that area gives; M puts rank badges on every region, clear of names, pieces and each other."""
from __future__ import annotations

import itertools
import random

import pygame

import engine
from engine.data import AREA_INDEX
from engine.ops import score_areas
from game.shell import layout
from game.match.controller import Match
from game.shell.mapdata import load_map
from game.render.board import occupied_rects
from game.render.standings import rank_badges, standings, values_caption
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, make_context


def midgame(seed: int, players: str = "human,random,random,random,random") -> Match:
    match = Match(parse_players(players), seed, autosave=False)
    rng = random.Random(seed)
    for _ in range(220):
        match.play(rng.choice(match.host_game.legal_moves()))
    while match.host_game.to_move != "red" or match.host_game.phase != "card":   # the human decides: the board stays
        match.play(rng.choice(match.host_game.legal_moves()))
    return Match.from_game(match.host_game, match.seat_meta(), autosave=False)


def test_if_scored_now_equals_an_engine_scoring_of_that_area():
    for seed in (3, 8, 13):
        match = midgame(seed)
        view = match.view()
        for area in (*engine.REGIONS, "castillo"):
            events: list = []
            index = AREA_INDEX[area]
            score_areas(match.host_game.clone(), [index], events)
            real = dict(events[0].points)
            rows = standings(view, area)
            assert {s.player: s.points for s in rows if s.points} == real, (seed, area)
            assert [s.count for s in rows] == sorted((s.count for s in rows), reverse=True)
            assert {s.player for s in rows if s.king_bonus} == ({events[0].king_bonus} - {None})
            assert {s.player for s in rows if s.home_bonus} == set(events[0].home_bonus)


def test_the_values_in_force_name_a_mobile_scoreboard():
    match = midgame(8)
    view = match.view()
    for region in engine.REGIONS:
        caption = values_caption(view, region)
        values = "-".join(map(str, engine.region_values(view, region)))
        assert values in caption
        assert caption.startswith("scoreboard") == (region in view.scoreboards.values())


def test_hovering_a_moment_or_right_clicking_shows_the_standings():
    match = midgame(3)
    driver = Driver(MatchScene(make_context(), match))
    driver.step(2)
    scene = driver.scene
    point = driver.app.to_window(layout.area_point("aragon"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
    driver.step()
    assert scene.standings_area() is None, "not while the pointer just passes over"
    driver.step(20)
    assert scene.standings_area() == "aragon"
    castillo = layout.area_point("castillo")
    driver.click(castillo, button=3)
    assert scene.standings_area() == "castillo", "a right-click shows it at once"


def test_m_toggles_rank_badges_that_cover_nothing():
    match = midgame(13)
    driver = Driver(MatchScene(make_context(), match))
    driver.step(2)
    driver.key(pygame.K_m)
    assert driver.scene.marks
    badges = rank_badges(match.view(), driver.scene.table)
    assert badges
    taken = occupied_rects(load_map(), driver.scene.table)
    assert all(rect.collidelist(taken) < 0 for rect, _, _ in badges)
    for (a, _, _), (b, _, _) in itertools.combinations(badges, 2):
        assert not a.colliderect(b)
    driver.key(pygame.K_m)
    assert not driver.scene.marks
