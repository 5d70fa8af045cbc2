"""The post-game review explains: each flagged decision says what the better
plan would have changed, in points by area and scoring as the engine reports them, up to five per
seat at a size that reads; the replay's key-help line stays inside its panel."""
from __future__ import annotations

import random

import pygame
import pytest

import engine
from ai.advisor import Reason
from game.match.challenges import SCENARIOS
from game.match.review import WORST, Blunder, Change, Decision, changes_text, consequences
from game.shell import i18n, layout
from tests.game.driver import Driver, make_context

LANGUAGES = ("en", "pt", "ca")


def _moves(game: engine.Game, *texts: str) -> tuple[engine.Move, ...]:
    out, g = [], game.clone()
    for text in texts:
        move = engine.parse_move(text, g)
        g.play(move)
        out.append(move)
    return tuple(out)


def test_a_better_disc_is_explained_by_the_scoring_it_leads_into():
    """§8.1: the Castillo's Caballeros go to the disc's region before the regions are scored
    (§8.2): showing Aragón instead of Cataluña takes Aragón (+5, 3rd → 1st) and gives up the lead
    in Cataluña (−2, 1st → 2nd), both at this final scoring."""
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    played = _moves(game, "disc cataluna")
    after = game.clone()
    after.play(played[0])
    others = []
    while after.phase == "disc":                 # Blue and Green show their discs after Red
        move = after.legal_moves()[0]
        others.append(str(move))
        after.play(move)
    d = Decision(0, "red", played, tuple(others))
    changes = consequences(game, d, _moves(game, "disc aragon"))
    assert changes[:2] == (Change("aragon", "now", 0, 5, 3, 1), Change("cataluna", "now", 4, 2, 1, 2))
    i18n.set_language("en")
    assert changes_text(changes).startswith("Aragón +5 (3rd → 1st), Cataluña −2 (1st → 2nd) at this scoring")


def test_a_better_turn_is_explained_by_the_engines_preview_of_the_coming_scoring():
    """§7.1: the King's region is closed to placement, so moving the King first (§5.2 T3/T4)
    changes where five Caballeros can go; the review reads the difference from
    engine.scoring_preview at the final scoring that follows (§8.1)."""
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    played = _moves(game, "card king", "first place", *["place castillo"] * 5, "skip")
    best = _moves(game, "card king", "first action", "king sevilla", "place castilla_la_nueva",
                  "place castilla_la_nueva", "place castillo", "place castillo", "place castillo")
    changes = consequences(game, Decision(0, "red", played), best)
    assert changes and all(c.when in ("final", "court") for c in changes)
    after = game.clone()
    for move in best:
        after.play(move)
    for c in changes:
        if c.when == "final":
            preview = engine.scoring_preview(after, c.area)
            assert dict(preview.points).get("red", 0) == c.best
            assert dict(preview.ranks).get("red", 0) == c.best_rank
    assert sorted(changes, key=lambda c: -abs(c.gain)) == list(changes)


def _blunders(player: str, count: int) -> list[Blunder]:
    """Long, realistic decisions: a whole turn against another whole turn, three changes."""
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    played = _moves(game, "card king", "first place", *["place castillo"] * 5, "skip")
    best = _moves(game, "card king", "first action", "king sevilla", "place castilla_la_nueva",
                  "place castilla_la_nueva", "place castillo", "place castillo", "place castillo")
    changes = (Change("castilla_la_nueva", "general", 3, 10, 3, 1), Change("castillo", "general", 5, 3, 1, 2),
               Change("court", "court", 0, 2))
    reason = Reason("place_tied", 7, "castilla_la_nueva", 2, "general")
    return [Blunder(0, 9 - k, player, played, best, 12.0 - k, reason, changes) for k in range(count)]


def _review_scene(blunders: list[Blunder], seats: set[str]):
    from game.match.controller import Match
    from game.match.seats import Seat
    from game.scenes.review import ReviewScene
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    engine.random_playout(game, random.Random(3))        # a review opens on a finished game
    match = Match([Seat(p, "human" if p in seats else "normal", "") for p in game.players], 3,
                  autosave=False, game=game)
    scene = ReviewScene(make_context(), match)
    scene.found, scene.judged = [None] * len(blunders), blunders      # judged already
    return scene


@pytest.mark.parametrize("lang", LANGUAGES)
def test_five_decisions_a_seat_each_line_inside_its_row_at_a_readable_size(lang, screenshots):
    from game.render import style
    from game.scenes.review import DETAIL_SIZE, LINE_SIZE, decision_lines
    i18n.set_language(lang)
    scene = _review_scene(_blunders("red", 7) + _blunders("blue", 6), {"red", "blue"})
    driver = Driver(scene)
    driver.step(2)
    for seat in ("blue", "red"):
        rows = scene.rows()
        tabs = {player: rect for rect, b, player in rows if b is None}
        assert set(tabs) == {"red", "blue"}
        driver.click(tabs[seat].center)
        decided = [(rect, b) for rect, b, player in scene.rows() if b is not None]
        assert len(decided) == WORST and {b.player for _, b in decided} == {seat}
        for rect, b in decided:
            assert layout.current().frame.contains(rect) and not rect.colliderect(next(iter(tabs.values())))
            lines = decision_lines(b, scene.match.name, rect.width - 24)
            assert len(lines) >= 3 and min(size for _, _, size, _, _ in lines) >= min(LINE_SIZE, DETAIL_SIZE) >= 15
            for text, y, size, bold, _ in lines:
                assert style.text_width(text, size, bold) <= rect.width - 24, text
                assert y + style.line_height(size, bold) <= rect.height, (lang, text)
        pygame.image.save(driver.app.surface, str(screenshots / f"review_{seat}_{lang}.png"))
    assert any("+7" in text for text, *_ in decision_lines(decided[0][1], scene.match.name, 1000))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_key_help_stays_inside_its_panel(lang):
    from game.render import style
    from game.scenes.replay import HELP_SIZE, help_lines, controls_plate
    i18n.set_language(lang)
    Driver(_review_scene([], {"red"}))          # a window, so text is measured at its scale
    plate = controls_plate()
    lines = help_lines()
    assert 1 <= len(lines) <= 2
    for line in lines:
        assert style.text_width(line, HELP_SIZE) <= plate.width - 20, line
    assert pygame.Rect(0, 0, layout.current().width, layout.current().height).contains(plate)
    assert HELP_SIZE >= 11


def test_a_better_power_card_is_explained_against_the_card_played():
    """§4.1–4.2: a power card's plain reason ("brings 1 Caballero to the court") can be as true of
    the card played; the review's reason compares the two (more Caballeros, an earlier turn, or a
    card kept), so a gap between two cards is explained by what differs."""
    from ai.advisor import hard_searcher, judge
    from game.match.hints import reason_text
    searcher = hard_searcher(max_nodes=400, deadline_s=None, worlds=2)
    game = engine.new_game(players=["red", "blue", "green"], seed=5)
    i18n.set_language("en")
    judged = 0
    for move in game.legal_moves():
        best = judge(game.view(game.to_move), (move,), random.Random(1), searcher).best
        if best.plan == (move,):
            continue
        judged += 1
        assert best.reason.versus == 1 and best.reason.kind in ("court", "order", "keep")
        text = reason_text(best.reason, str)
        played = int(move.args[0])
        assert (f"instead of {min(6, engine.internals.BOARD.power_to_court[played - 1])}" in text
                or f"power card {played}" in text or "instead of spending it" in text), text
    assert judged >= 10
