"""Card help explains every card (what it does, its restrictions, an example) in
English, Portuguese and Catalan; cards with the same effect read as the same card and cards with
different effects never share a title; counts of one read in the singular."""
from __future__ import annotations

import itertools

import engine
from engine.effects import EFFECTS
from game.shell import i18n
from game.scenes.help import CARD_SECTIONS, help_card, places_text
from tests.game.driver import Driver, make_context

LANGUAGES = ("en", "pt", "ca")


def test_every_card_is_explained_in_three_languages_beyond_its_one_line_text():
    for language, card in itertools.product(LANGUAGES, engine.CARDS):
        catalog = i18n.catalog(language)
        texts = [catalog[f"cardhelp.{help_card(card)}.{part}"] for part in CARD_SECTIONS]
        assert all(len(text) > 30 for text in texts), (language, card)
        assert catalog[f"card.{card}.effect"] not in texts, "not the card's one-line text again"
        assert len(set(texts)) == 3


def test_same_effect_same_title_and_help_different_effect_different_title():
    for language in LANGUAGES:
        catalog = i18n.catalog(language)
        for a, b in itertools.combinations(engine.CARDS, 2):
            same = EFFECTS[a] is EFFECTS[b]
            titles_equal = catalog[f"card.{a}.name"] == catalog[f"card.{b}.name"]
            assert titles_equal == same, (language, a, b)
            assert (help_card(a) == help_card(b)) == same
    assert EFFECTS["score_choice_s2"] is EFFECTS["score_choice_s3"], "the rules' one same-effect pair (§6.2)"


def test_one_caballero_is_singular_in_every_language():
    singular = {"en": "up to 1 Caballero from", "pt": "até 1 Caballero da", "ca": "fins a 1 Cavaller de"}
    plural = {"en": "up to 3 Caballeros", "pt": "até 3 Caballeros", "ca": "fins a 3 Cavallers"}
    for language in LANGUAGES:
        i18n.set_language(language)
        assert singular[language] in places_text(1)
        assert plural[language] in places_text(3)


def test_the_help_screen_shows_the_sections_of_a_card_opened_from_the_game():
    from game.scenes.help import HelpScene
    i18n.set_language("ca")
    driver = Driver(HelpScene(make_context(), card="score_choice_s3"))
    driver.step(2)
    assert driver.scene.tab == "cards" and help_card(driver.scene.card) == "score_choice_s2"
