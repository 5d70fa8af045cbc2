"""The hints' reasons in words (game/match/hints.py `reason_text`): every kind the advisor gives is
worded specifically in English, Portuguese and Catalan, and names the scoring it counts at."""
from __future__ import annotations

import pytest

from ai.advisor import Reason
from game.shell import i18n
from game.match.hints import reason_text


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _name(player: str) -> str:
    return {"blue": "Ana"}.get(player, player)


def test_the_last_rounds_say_final_scoring_not_next_general_scoring():
    i18n.set_language("en")
    general = reason_text(Reason("place", 7, "castilla_la_nueva", 1, "general"), _name)
    final = reason_text(Reason("place", 7, "castilla_la_nueva", 1, "final"), _name)
    assert general == "takes 1st in Castilla la Nueva: +7 at the next general scoring"
    assert final == "takes 1st in Castilla la Nueva: +7 at the final scoring"


SPECIFIC = [Reason("place", 7, "castillo", 2, "final"), Reason("hold", 2, "aragon", 1),
            Reason("rival", 4, "cataluna", 0, "final", "blue"), Reason("castillo", 3, scoring="final"),
            Reason("score", 5), Reason("court", 2), Reason("keep", 13), Reason("recover", 11),
            Reason("order"), Reason("rival_court", 6), Reason("place_tied", 3, "aragon", 2)]


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_reason_kind_has_its_own_words_in_every_language(language):
    i18n.set_language(language)
    generic = reason_text(Reason("value"), _name)
    texts = [reason_text(r, _name) for r in SPECIFIC]
    assert generic not in texts and len(set(texts)) == len(texts)
    assert all("{" not in text and not text.startswith("hint.") for text in texts)
    assert "Ana" in texts[2] and "13" in texts[6]
    assert i18n.t("hint.when.final") in texts[0] and i18n.t("hint.when.final") in texts[3]


def test_one_point_or_caballero_is_singular():
    i18n.set_language("en")
    assert reason_text(Reason("rival", 1, "aragon", 0, "general", "blue"), _name) == \
        "costs Ana 1 point in Aragón at the next general scoring"
    assert reason_text(Reason("court", 1), _name) == "brings 1 Caballero to the court"
    assert reason_text(Reason("score", 1), _name) == "scores 1 point at once"


def test_a_tie_is_worded_as_a_tie_issue_21():
    """§8.2 (ties): a plan that only ties a region says so."""
    i18n.set_language("en")
    text = reason_text(Reason("place_tied", 3, "aragon", 2, "general"), _name)
    assert text == "ties for 2nd in Aragón: +3 at the next general scoring"


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_reason_compares_with_the_other_hint_in_every_language(language):
    """Hint #1 says what it gets over #2; #2 and #3 say why they are worse: what #1 gets over
    them (ai.advisor.advise gives them #1's reason measured from their outcome), as sentences."""
    from ai.advisor import Hint
    from game.match.hints import compare_text
    i18n.set_language(language)
    best = Hint((), 10.0, 0.0, Reason("place", 6, "aragon", 1, "general", versus=2, other_place=1, other_tied=True))
    second = Hint((), 4.0, -6.0, Reason("court", 4, versus=2, other=2))
    third = Hint((), 3.6, -6.4, Reason("keep", 12, versus=3))
    texts = [compare_text(h, [best, second, third], _name) for h in (best, second, third)]
    assert texts[0].startswith("6") and "#2" in texts[0] and i18n.t("hint.other.tied") in texts[0]
    assert all(t.startswith("6") and "#1" in t for t in texts[1:])
    assert "2" in texts[1] and "12" in texts[2]
    assert len(set(texts)) == 3 and all("{" not in t and "…" not in t and t.endswith(".") for t in texts)
    plain = reason_text(Reason("place", 6, "aragon", 1, "general"), _name)
    assert reason_text(best.reason, _name) != plain
    if language == "en":
        assert texts[0] == "6 points more than #2: it takes 1st in Aragón instead of tying it: +6 at the next " \
                           "general scoring."
        assert texts[1] == "6 points less than #1: #1 brings 4 Caballeros to the court instead of 2."
        level = Hint((), 10.0, -0.2, Reason("keep", 12, versus=2))
        assert compare_text(level, [best, level], _name).startswith("Level with #1, though #1 keeps")


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_a_disc_during_a_scoring_says_this_scoring(language):
    """Rules §8.1: the Castillo disc is chosen in the general scoring it acts in."""
    i18n.set_language(language)
    text = reason_text(Reason("place", 5, "aragon", 1, "this"), _name)
    assert i18n.t("hint.when.this") in text and i18n.t("hint.when.general") not in text


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_same_turn_skip_and_even_reasons_say_what_they_compare(language):
    """A higher power card that buys no earlier turn says so and names the card it keeps; a skipped
    action says no use of it gains a point; two plans leaving the same standings say that, not a
    vague "how the round plays on"."""
    i18n.set_language(language)
    same = reason_text(Reason("same_turn", versus=2, other=8), _name)
    skip = reason_text(Reason("skip", 0, scoring="general"), _name)
    even = reason_text(Reason("value", versus=2), _name)
    assert "8" in same and same != reason_text(Reason("order", versus=2, other=8), _name)
    assert i18n.t("hint.when.general") in skip and skip != i18n.t("hint.reason.value")
    assert "#2" in even and all("{" not in text for text in (same, skip, even))
    if language == "en":
        assert "how the round plays on" not in even and "same standings" in even
        assert same == "takes the same turn that power card 8 would, and keeps power card 8 for a later round"
        assert skip.startswith("skips the card's action")
