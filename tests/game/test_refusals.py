"""Every refusal reason the engine can give (engine.REASONS) is worded in every
language, and the client shows the worded reason, never an engine id or message."""
from __future__ import annotations

import pytest

import engine
from game.shell import i18n
from game.match.controller import Match
from game.present.refusals import catalog_keys, refusal_text
from game.match.seats import parse_players


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_reason_code_has_words_in_every_language(language):
    """No reason code without a translation (and no English fallback)."""
    missing = [key for code in engine.REASONS for key in catalog_keys(code)
               if key not in i18n.catalog(language)]
    assert missing == []


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_reason_is_worded_with_its_arguments(language):
    """Each code's wording takes exactly the engine's arguments."""
    i18n.set_language(language)
    samples = {"text": "place x", "detail": "bad", "player": "red", "step": "place", "value": 7,
               "max": 2, "area": "aragon", "king": "sevilla", "card": "eviction"}
    for code, (fields, _) in engine.REASONS.items():
        text = refusal_text((code, {f: samples[f] for f in fields}), {"red": "Ana"})
        assert text and "{" not in text
        for raw in ("aragon", "sevilla", "eviction", "castilla_la_nueva"):
            assert raw not in text, (code, text)


def test_clicking_the_kings_region_says_so_in_words():
    """§7.1 (nothing enters the King's region): the client's refusal names the
    region by its name, not by its id, in the player's language."""
    match = Match(parse_players("human,random"), seed=3, autosave=False)
    game = match.host_game
    while game.phase != "place":
        match.play({"power": game.legal_moves()[0], "court": "court 0", "order": "first place"}.get(
            game.phase, game.legal_moves()[0]))
    king = game.king
    assert not match.play(f"place {king}")
    assert match.error == refusal_text(("kings_region", {"area": king}))
    assert king not in match.error and i18n.area_name(king) in match.error
    i18n.set_language("pt")
    assert not match.play(f"place {king}")
    assert "região do Rei" in match.error


def test_a_refusal_clears_once_a_legal_move_is_played():
    """A newcomer's run: the red refusal stayed up after the right click, so it seemed to refuse
    that too. A legal move played on the screen takes the stale refusal away."""
    from game.scenes.play import MatchScene
    from tests.game.driver import Driver, make_context
    ctx = make_context()
    ctx.settings.confirm_moves = False
    match = Match(parse_players("human,random"), seed=3, autosave=False)
    driver = Driver(MatchScene(ctx, match))
    game = match.host_game
    while game.phase != "place":
        match.play({"power": game.legal_moves()[0], "court": "court 0", "order": "first place"}.get(
            game.phase, game.legal_moves()[0]))
    assert driver.until(lambda: driver.scene.my_turn() is not None)
    scene = driver.scene
    scene.explain(f"place {game.king}")                 # §7.1: refused, in words
    assert scene.toast_time > 0 and scene.toast_error
    legal = next(m for m in game.legal_moves() if m.verb == "place")
    scene.play_choice(legal)
    assert scene.toast_time == 0
