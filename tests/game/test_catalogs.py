"""The English, Portuguese and Catalan catalogs: same keys, nothing missing, nothing unused."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

import engine
from game.shell import i18n
from game.match.seats import AI_LEVELS, COLOURS

GAME = Path(i18n.__file__).resolve().parents[1]
LITERAL = re.compile(r"""\bt\(\s*["']([\w.]+)["']""")
PLURAL = re.compile(r"""\btn\(\s*["']([\w.]+)["']""")     # tn("key", n) reads key.one and key.other
PREFIX = re.compile(r"""\bt\(\s*f["']([\w.]*)\{""")
SINGLE_DECISION_PHASES = ("power", "card", "order")   # prompt.{phase}; the others have their own keys


def source_keys() -> tuple[set[str], set[str]]:
    literal, prefixes = set(), set()
    for path in GAME.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        literal.update(LITERAL.findall(text))
        literal.update(f"{key}.{form}" for key in PLURAL.findall(text) for form in ("one", "other"))
        prefixes.update(PREFIX.findall(text))
    return literal, prefixes


def expected_dynamic_keys() -> set[str]:
    keys = {f"card.{cid}.{part}" for cid in engine.CARDS for part in ("name", "effect")}
    keys |= {f"region.{r}" for r in (*engine.REGIONS, "castillo", "court", "provinces")}
    keys |= {f"colour.{c}" for c in COLOURS}
    keys |= {f"seat.{k}" for k in ("human", *AI_LEVELS)}
    keys |= {f"prompt.{p}" for p in SINGLE_DECISION_PHASES}
    keys |= {f"rank.{r}" for r in range(1, 7)}
    keys |= {f"caption.{s}" for s in ("power", "action", "castillo", "scoring")}
    return keys


def expected_catalog_keys(language: str) -> set[str]:
    """English's keys, a counted key (English `K.one`/`K.other`) once per CLDR category of the
    language's plural rule."""
    english, rules = i18n.catalog("en"), i18n._loaded(language)
    counted = {key[:-len(".other")] for key in english if key.endswith(".other")}
    plain = {key for key in english if key.rpartition(".")[0] not in counted}
    return plain | {f"{base}.{category}" for base in counted for category in rules.categories}


def test_every_catalog_has_the_english_keys_in_its_own_plural_forms():
    """Pt and ca have one/many/other forms, English one/other; the files hold
    exactly those keys, and every entry is accepted (placeholders as in English)."""
    for lang in ("en", "pt", "ca"):
        raw = yaml.safe_load((i18n.CATALOG_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))
        keys = set(raw) - {i18n.PLURAL_FORMS, i18n.PLURAL_CATEGORIES}
        if lang == "en":              # the cards' English names are the engine's (levels/classic.yaml)
            assert not keys & set(i18n.ENGINE_ENGLISH), "written once"
            keys |= set(i18n.ENGINE_ENGLISH)
        assert keys == expected_catalog_keys(lang), lang
        assert set(i18n.catalog(lang)) == keys, f"{lang}: refused {keys - set(i18n.catalog(lang))}"
    assert i18n._loaded("pt").categories == ("one", "many", "other")
    assert i18n._loaded("en").categories == ("one", "other")


def test_no_missing_keys():
    literal, _ = source_keys()
    en = set(i18n.catalog("en"))
    assert literal - en == set()
    assert expected_dynamic_keys() - en == set()


def test_no_unused_keys():
    literal, prefixes = source_keys()
    assert "" not in prefixes, "a key built without a literal prefix cannot be checked"
    unused = {k for k in i18n.catalog("en") if k not in literal and not any(k.startswith(p) for p in prefixes)}
    assert unused == set()


def test_placeholders_match_across_languages():
    field = re.compile(r"\{(\w+)\}")
    en = i18n.catalog("en")
    for lang in ("pt", "ca"):
        other = i18n.catalog(lang)
        for key, text in en.items():
            assert set(field.findall(text)) == set(field.findall(other[key])), (lang, key)


def test_shipped_font_renders_portuguese_and_catalan_accents():
    from game.shell.assets import font
    face = font(16)
    for ch in "ãçéíóúâêôàèòïül·":
        assert face.metrics(ch)[0] is not None, ch


def test_the_lesson_is_written_in_every_language():
    """Learn to play keeps its texts in levels/tutorial/steps.yaml: every title, step and notice
    in English, Portuguese and Catalan, each translated rather than copied."""
    from game.tutorial.lesson import LANGUAGES, load_lesson
    lesson = load_lesson()
    texts = [c.title for c in lesson.chapters]
    texts += [text for c in lesson.chapters for step in c.steps for text in (step.say, step.notice) if text]
    for text in texts:
        assert set(text) == set(LANGUAGES) and all(text[lang].strip() for lang in LANGUAGES)
        assert text["pt"] != text["en"] and text["ca"] != text["en"], text["en"]
