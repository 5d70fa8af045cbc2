"""Each catalog is written in its own language: no Spanish (or Portuguese, Catalan, English) string
in another language's catalog. "¡Fin de la partida!" was the English game-over
title.

Two signs give a stray string away: a letter the language does not write (ñ and ¡ are Spanish
only, ã and õ Portuguese, l·l and ï Catalan; English writes none), and a word that is common in
another of the languages and never used in this one. Proper names — the regions, the Castillo,
the languages' own names, El Grande — are the same in every language and are taken out first.
"""
from __future__ import annotations

import re

import engine
from game.shell import i18n

PROPER_NAMES = ("El Grande", *i18n.LANGUAGE_NAMES.values(), "España", "Mare Nostrum")
ALPHABETS = {
    "en": "",
    "pt": "áàâãçéêíóôõúÁÀÂÃÇÉÊÍÓÔÕÚºª",
    "ca": "àçèéíïòóúüÀÇÈÉÍÏÒÓÚÜ·ºª",
}
# frequent words of each language that the others never write (Spanish too: the stray title was Spanish)
WORDS = {
    "en": {"the", "and", "your", "with", "from", "this", "is", "of"},
    "pt": {"não", "uma", "os", "das", "você", "tua", "é", "ao", "nas"},
    "ca": {"els", "les", "amb", "és", "teva", "dels", "aquest", "aquesta"},
    "es": {"las", "fin", "y", "juego", "tú", "tu", "es", "con"},
}
OWN_WORDS = {"en": {"is", "of"}, "pt": {"tu"}, "ca": {"es", "tu", "con"}}   # shared spellings
WORD = re.compile(r"[^\W\d_]+(?:·[^\W\d_]+)?")
MIDDLE_DOT = re.compile(r"\w·\w")     # the Catalan l·l; a spaced "·" is a separator in every language


def proper_names() -> tuple[str, ...]:
    areas = (*engine.REGIONS, "castillo")
    names = {i18n.catalog(lang)[f"region.{a}"] for lang in i18n.LANGUAGE_NAMES for a in areas}
    return tuple(sorted({*names, *PROPER_NAMES}, key=len, reverse=True))


def common_words(text: str) -> str:
    """The text without proper names and placeholders."""
    for name in proper_names():
        text = text.replace(name, " ")
    return re.sub(r"\{[^}]*\}", " ", text)


def strays(language: str) -> list[str]:
    alphabet = set(ALPHABETS[language])
    foreign = set().union(*(words for lang, words in WORDS.items() if lang != language))
    foreign -= WORDS.get(language, set()) | OWN_WORDS.get(language, set())
    out = []
    for key, value in i18n.catalog(language).items():
        text = common_words(value)
        letters = {c for c in text if c.isalpha() and not c.isascii()} | ({"¡", "¿"} & set(text))
        letters |= {"·"} if MIDDLE_DOT.search(text) else set()
        wrong = letters - alphabet
        words = {w for w in WORD.findall(text.lower())} & foreign
        if wrong or words:
            out.append(f"{language} {key}: {value!r} ({''.join(sorted(wrong))} {' '.join(sorted(words))})")
    return out


def test_no_catalog_holds_a_string_of_another_language():
    found = [line for lang in i18n.LANGUAGE_NAMES for line in strays(lang)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_spanish_title_in_english(monkeypatch):
    english = dict(i18n.catalog("en"), **{"gameover.title": "¡Fin de la partida!"})
    monkeypatch.setattr(i18n, "catalog", lambda lang: english if lang == "en" else i18n._loaded(lang).texts)
    assert [line.split(":")[0] for line in strays("en")] == ["en gameover.title"]


# the game's own words, one spelling per catalog (a player reads "Cavaller" in one line and
# "Caballero" in the next as two different pieces)
GAME_TERMS = {"ca": ("Cavaller", "Caballero"), "pt": ("Caballero", "Cavaleiro")}


def test_each_catalog_names_the_pieces_with_one_word():
    for lang, (used, stray) in GAME_TERMS.items():
        texts = i18n.catalog(lang)
        assert any(used in text for text in texts.values())
        strays = sorted(key for key, text in texts.items() if stray in text)
        assert not strays, f"{lang}: {stray!r} where the catalog says {used!r}: {strays}"
