"""Castell's festival results and final scoring presented over time (game/present/castell_show.py,
drawn by game/render/castell_overlays.py): the frames move on with the clock and reach the end
state, a click skips to it, the end state shows the festival's facts (docs/castell.md
"Festivals": tower scores, prizes by ruling C14, the size token by ruling C13), the scorings'
sounds play, and once all is shown the table neither changes nor redraws. The clock is the test
driver's (no sleeps)."""
from __future__ import annotations

import random

import pygame

from engine.castell import events as ev
from engine.castell.position import FESTIVAL
from game.match.castell_match import CastellMatch
from game.match.seats import Seat
from game.present import castell_show
from game.present.castell_words import prize_name
from game.scenes.castell_play import CastellScene
from game.shell.assets import Sounds
from game.shell.i18n import t
from tests.game.driver import Driver, make_context
from tests.game.test_ui_scale_fit import Recorder

SEED = 7            # three seats of random moves: round 7's festival has two entrants


class HeardSounds(Sounds):
    """The sounds asked for, in order (none is played)."""

    def __init__(self) -> None:
        super().__init__(mute=True)
        self.heard: list[str] = []

    def play(self, name: str) -> None:
        self.heard.append(name)


def playing(match: CastellMatch, rng: random.Random) -> None:
    """One random legal move, a tower whenever one can be declared."""
    moves = match.game.legal_moves()
    match.play(rng.choice([m for m in moves if m.verb == "tower"] or moves))


def table(speed: float = 1.0, seed: int = SEED, entrants: int = 2) -> tuple[Driver, CastellScene, CastellMatch,
                                                                            random.Random]:
    """A table watching a game of random moves from its first festival with `entrants` entrants."""
    match = CastellMatch([Seat(p, "human") for p in ("red", "blue", "green")], seed=seed, autosave=False)
    rng = random.Random(seed)
    while not (match.game.phase == FESTIVAL and len(match.game.entrants) >= entrants):
        playing(match, rng)
    ctx = make_context(speed=speed)
    ctx.sounds = HeardSounds()
    scene = CastellScene(ctx, match)
    return Driver(scene), scene, match, rng


def festival(speed: float = 1.0) -> tuple[Driver, CastellScene, ev.FestivalHeld]:
    """A table watching a festival with two entrants being held (both towers declared)."""
    driver, scene, match, rng = table(speed)
    while match.game.phase == FESTIVAL:
        playing(match, rng)
    driver.step()
    held = scene.ui.results
    assert held is not None and len(held.entries) >= 2
    return driver, scene, held


def stages(driver: Driver, scene: CastellScene, frames: int) -> list[object]:
    """The stage after each of `frames` frames of a tenth of a second."""
    seen = []
    for _ in range(frames):
        driver.app.step(0.1)
        seen.append(scene.frame().show)
    return seen


def test_a_festival_moves_on_with_the_clock_to_its_summary_which_stays() -> None:
    driver, scene, held = festival()
    first = scene.frame().show
    assert isinstance(first, castell_show.FestivalStage) and first.awards == 0 and first.track == 0
    seen = [first] + stages(driver, scene, 50)            # 5 s at speed 1
    moving = [s for s in seen if s is not None]
    assert len(set(moving)) > 10                            # the frames change as it goes
    for a, b in zip(moving, moving[1:]):                    # towers rise, scores count, pieces slide: never back
        assert all(x <= y for x, y in zip(a.levels + a.scores, b.levels + b.scores)) and a.awards <= b.awards
    towers = [len(tower) for _, tower, _ in held.entries]
    done = next(s for s in moving if s.levels == tuple(towers))
    assert done.scores == tuple(score for _, _, score in held.entries) and done.awards < 1   # the awards come after
    assert seen[-1] is None and scene.ui.results is held    # the end state, held until Continue
    sounds = scene.ctx.sounds.heard
    assert sounds[0] == "fanfare" and sounds.count("place") == len(held.entries)
    assert ("score" in sounds) == bool(held.prizes or held.size_token)


def test_a_click_skips_to_the_end_and_the_next_click_goes_on() -> None:
    driver, scene, held = festival()
    driver.step(3)
    assert scene.frame().show is not None
    heard = len(scene.ctx.sounds.heard)
    driver.click(scene.layout.map_rect.center)
    assert scene.frame().show is None and scene.ui.results is held
    assert len(scene.ctx.sounds.heard) == heard             # skipping sounds no burst of cues
    driver.click(scene.layout.map_rect.center)
    assert scene.ui.results is None


def test_at_no_animation_speed_the_end_shows_at_once() -> None:
    driver, scene, held = festival(speed=0.0)
    assert scene.frame().show is None and scene.ui.results is held


def test_the_end_state_shows_every_score_prize_and_the_size_token(monkeypatch) -> None:
    driver, scene, held = festival()
    recorder = Recorder(monkeypatch)
    early = {d.value for d in recorder.draw(driver)}
    driver.key(pygame.K_RETURN)                             # skip
    shown = {d.value for d in recorder.draw(driver)}
    names = dict(zip(scene.match.players, scene.names()))
    assert {names[p] for p, _, _ in held.entries} <= shown
    assert {str(score) for _, _, score in held.entries} <= shown
    assert {prize_name(kind) for _, kind in held.prizes} <= shown
    assert (t("castell.results.size_token") in shown) == (held.size_token is not None)
    assert (t("castell.results.new_best") in shown) == bool(held.new_best)
    assert t("castell.results.continue") in shown and t("castell.results.continue") not in early
    assert not {prize_name(kind) for _, kind in held.prizes} & early        # not yet awarded


def test_once_all_is_shown_the_table_is_still_and_draws_nothing_more() -> None:
    driver, scene, _ = festival()
    driver.key(pygame.K_RETURN)
    assert driver.until(lambda: scene.wheel == 0, limit=60)     # the next round's wheel turned beneath
    driver.step()
    frame, draws = scene.frame(), len(driver.app.frame_times)
    driver.step(30)
    assert scene.frame() == frame and len(driver.app.frame_times) == draws


def test_two_festivals_of_a_round_are_presented_one_after_the_other() -> None:
    """docs/castell.md "Festivals": a round's festivals are held in calendar order (ruling C26)."""
    driver, scene, match, rng = table(seed=23, entrants=1)      # round 5 holds two, each with an entrant
    while match.game.round < 6:
        playing(match, rng)
    driver.step()
    held = [e for e in match.events if isinstance(e, ev.FestivalHeld) and e.entries][-2:]
    for festival_held in held:
        assert scene.ui.results is festival_held and scene.frame().show is not None
        driver.key(pygame.K_RETURN)                             # all at once
        driver.key(pygame.K_RETURN)                             # Continue
    assert scene.ui.results is None


def finished() -> tuple[Driver, CastellScene, CastellMatch]:
    """A table that watched the game's last round, its festival's results put away."""
    driver, scene, match, rng = table()
    while not match.is_over:
        playing(match, rng)
    driver.step()
    while scene.ui.results is not None:
        driver.key(pygame.K_RETURN)
        driver.key(pygame.K_RETURN)
    return driver, scene, match


def test_the_final_scoring_fills_in_row_by_row_then_marks_the_winner_and_draws_the_chart() -> None:
    driver, scene, match = finished()
    seen = [scene.frame().show] + stages(driver, scene, 60)
    moving = [s for s in seen if s is not None]
    assert isinstance(moving[0], castell_show.FinalStage) and moving[0].cells < 5
    assert [s.cells for s in moving] == sorted(s.cells for s in moving) and len({s.cells for s in moving}) > 5
    assert all(not s.winners for s in moving if s.cells < 5 * len(match.players))
    assert all(s.chart == 0 for s in moving if not s.winners) and seen[-1] is None
    assert scene.ctx.sounds.heard.count("score") >= len(match.players) and "fanfare" in scene.ctx.sounds.heard
    draws = len(driver.app.frame_times)
    driver.step(20)
    assert len(driver.app.frame_times) == draws             # the end state stands without redrawing


def test_the_best_tower_track_starts_from_the_festivals_before() -> None:
    driver, scene, held = festival()
    before = castell_show.best_before(scene.match.players, scene.match.events, held)
    earlier = [e for e in scene.match.events[:scene.match.events.index(held)] if isinstance(e, ev.FestivalHeld)]
    for player in scene.match.players:
        assert before[player] == max([0] + [s for e in earlier for p, s in e.new_best if p == player])


def test_a_key_shows_the_whole_final_scoring_at_once() -> None:
    driver, scene, match = finished()
    assert isinstance(scene.frame().show, castell_show.FinalStage)
    driver.key(pygame.K_SPACE)
    assert scene.frame().show is None and scene.frame().over
