"""Words that said something false, each fixed where it is produced: a staged power-card recovery,
the recovery's log line and prompt, Done after the King's placements, the Intrigue example,
the scoring caption, tied ranks (rules §8.2 wording) and the colour-blind palette's colour names."""
from __future__ import annotations

import pytest

import engine
from game.present.describe import LogItem, item_text, step_text
from game.present.prompts import decision_prompt, staged_prompt
from game.shell import i18n
from game.shell.i18n import player_name, t

LANGUAGES = ("en", "pt", "ca")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")
    i18n.use_palette_names("classic")


def _recovery() -> engine.Game:
    """Red has taken `power_recovery` and acts first (rules §6.6): take back a played power card."""
    game = engine.load_scenario(dict(
        players=["red", "blue"], grandes={"red": "galicia", "blue": "sevilla"}, king="aragon", round=8,
        phase="card", to_move="red", played={"red": 13, "blue": 12},
        face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"],
        caballeros={"red": {"court": 5}, "blue": {"cataluna": 2, "court": 2}}))
    for text in ("card power_recovery", "first action"):
        game.play(text)
    return game


def _colour(player: str) -> str:
    return t(f"colour.{player}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_staged_recovery_names_the_card_not_skip(lang):
    i18n.set_language(lang)
    view = _recovery().view("red")
    text = staged_prompt(view, _colour, engine.parse_move("recover 13", view))
    assert "13" in text and t("hint.skip") not in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_has_its_own_step_words(lang):
    """No move falls back on "skip the action" (the staged recovery did)."""
    i18n.set_language(lang)
    for verb in engine.VERBS:
        if verb == "skip":
            continue
        key = f"{verb}_place" if engine.VERBS[verb] == ("part",) else verb
        assert i18n.has(f"hint.{key}"), verb
        args = ("place",) if engine.VERBS[verb] == ("part",) else ("x",) * len(engine.VERBS[verb])
        assert step_text(verb, args, str) != t("hint.skip"), verb


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_recovery_prompt_asks_for_a_power_card_not_a_lit_target(lang):
    i18n.set_language(lang)
    text = decision_prompt(_recovery().view("red"), _colour, {"skip"})
    assert text != "" and t("prompt.steps", card="").split("(")[0].strip() not in text
    if lang == "en":
        assert "lit target" not in text and "power card" in text, text


def test_the_owner_sees_which_power_card_he_took_back_the_others_do_not():
    item = LogItem("move", "recover 13", "red")
    assert item_text(item, _colour, viewer="red") == "Red takes back power card 13"
    assert item_text(item, _colour, viewer="blue") == "Red takes back a power card"
    assert item_text(item, _colour) == "Red takes back a power card"


@pytest.mark.parametrize(("lang", "words"), [("en", "2 Caballeros still unplaced"), ("ca", "2 Cavallers")])
def test_done_counts_the_placements_left_not_the_court(lang, words):
    """The King lets Red place 5 (rules §6.1 `king`); after 3, Done leaves 2 unplaced, whatever
    the court holds (13)."""
    i18n.set_language(lang)
    game = engine.load_scenario(dict(
        players=["red", "blue"], grandes={"red": "galicia", "blue": "sevilla"}, king="aragon", round=8,
        phase="card", to_move="red", played={"red": 13, "blue": 12},
        face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"],
        caballeros={"red": {"court": 13}, "blue": {"cataluna": 2, "court": 2}}))
    for text in ("card king", "first place", "place cataluna", "place cataluna", "place cataluna"):
        game.play(text)
    assert engine.progress(game).left == 2 and game.count("red", "court") == 10
    text = staged_prompt(game, _colour, engine.parse_move("done", game))
    assert words in text and "10" not in text and "13" not in text, text


@pytest.mark.parametrize(("lang", "result"), [("en", "7 against 4"), ("pt", "7 contra 4"), ("ca", "7 contra 4")])
def test_the_intrigue_example_adds_up(lang, result):
    """3 in Aragón, 2 + 2 brought in: 7 against Blue's 4 — the example once left Red at 3."""
    i18n.set_language(lang)
    assert result in t("cardhelp.intrigue_own_4.example")


@pytest.mark.parametrize(("lang", "general"), [("en", "general"), ("pt", "geral"), ("ca", "general")])
def test_the_scoring_caption_fits_a_card_scoring_too(lang, general):
    """The caption shows while any scoring resolves, "Score the Castillo" included."""
    i18n.set_language(lang)
    assert t("caption.scoring") and general not in t("caption.scoring").lower()


@pytest.mark.parametrize(("lang", "tied"), [("en", "tie for 1st"), ("pt", "empate no 1.º"), ("ca", "empat al 1r")])
def test_tied_leaders_tie_for_first(lang, tied):
    """§8.2: Red 3, Blue 3, Green 1 — "Red and Blue tie for 1st, both rank 2" (docs/rules.md)."""
    from game.render.standings import rank_text, standings, tied_for
    i18n.set_language(lang)
    game = engine.load_scenario({"players": ["red", "blue", "green"], "king": "aragon",
                                 "grandes": {"red": "galicia", "blue": "sevilla", "green": "granada"},
                                 "caballeros": {"red": {"valencia": 3}, "blue": {"valencia": 3},
                                                "green": {"valencia": 1}}})
    rows = standings(game.view("red"), "valencia")
    words = {r.player: rank_text(r.rank, tied_for(r, rows)) for r in rows}
    assert words["red"] == words["blue"] == tied
    assert words["green"] == t("standings.rank", rank=3)


def test_the_colour_blind_palette_names_what_it_shows():
    from game.render import style
    style.use_look("colourblind", 1.0)
    try:
        assert player_name("red") == "Vermilion" and player_name("orange") == "Amber"
        assert player_name("blue") == "Blue" and player_name("red", {"red": "Ana"}) == "Ana"
    finally:
        style.use_look("classic", 1.0)
    assert player_name("red") == "Red"
