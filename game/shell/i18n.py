"""The one translation function: every user-facing string goes through `t(key, **values)`, and
every counted phrase through `tn(key, count, **values)`.

Catalogs are flat YAML files under assets/i18n/ (en, pt, ca). Keys are literal (`t("button.done")`)
or built from a literal prefix and game data (`t(f"card.{card}.name")`), which lets a test find
every key the code can ask for and check that no catalog key is missing or unused.

Plurals follow each language's CLDR rule, kept as data: a catalog's `_plural_forms` is a gettext
Plural-Forms line (compiled by the standard library's `gettext.c2py`, which accepts only C
arithmetic on n) and `_plural_categories` names its indexes with the CLDR categories. A counted
key `K` has one entry `K.<category>` per category of its language. Shipped (CLDR 46, integers):

* en: one (1), other;
* pt: the catalog is European Portuguese (pt-PT: "registo", "está a pensar"), so one is 1 only,
  and 0 is other ("0 Caballeros"); Brazilian Portuguese would make 0 and 1 one;
* ca: one (1), other;
* pt and ca also have many, for an exact non-zero multiple of a million ("1000000 de Caballeros",
  CLDR 42 on); no count in the game comes near, but the rule is the language's.

A catalog the game cannot trust never stops it: an unreadable file, a YAML error, a top level that
is not a mapping or a bad plural rule drops the whole catalog, and an entry that is not a text,
not a valid format string, or whose placeholders differ from the English is refused alone; what
is dropped shows in English, a missing key too, and each damaged catalog is one notice
(`take_notices`). English is the reference shipped with the code: a fault there is a DataError
(the command line says it in one line and exits 2). The action cards' English names are the
engine's (levels/classic.yaml), so they are written once.
"""
from __future__ import annotations

import gettext
import os
import re
import stat
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from engine import CARDS, DataError
from engine.files import load_yaml

CATALOG_DIR = Path(__file__).resolve().parents[2] / "assets" / "i18n"
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "ca": "Català"}
MAX_CATALOG_BYTES = 1024 * 1024          # a catalog is about 60 kB
CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
PLURAL_FORMS = "_plural_forms"
PLURAL_CATEGORIES = "_plural_categories"
_PLURAL_LINE = re.compile(r"^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?\s*$")
_RULE_SAMPLES = (*range(1001), 10**6, 2 * 10**6, 10**9, 10**12)

_language = "en"
# English texts the engine's own data holds (written once, in levels/classic.yaml): the action
# cards' names; en.yaml does not repeat them, the translations translate them
ENGINE_ENGLISH = {f"card.{cid}.name": card.name for cid, card in CARDS.items()}


@dataclass(frozen=True)
class Problem:
    """Why a catalog, or one entry of it (`key`), was not used: `why` names a `catalog.why.*`
    text, filled with `values`."""
    why: str
    values: Mapping[str, object] = field(default_factory=dict)
    key: str | None = None


class _Damaged(Exception):
    """The whole catalog is unusable."""
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.why)
        self.problem = problem


@dataclass(frozen=True)
class Catalog:
    """A language's usable entries and its plural rule (count -> index into `categories`)."""
    texts: dict[str, str]
    categories: tuple[str, ...]
    rule: Callable[[int], int]

    def category(self, count: int) -> str:
        index = self.rule(abs(int(count)))
        return self.categories[index] if 0 <= index < len(self.categories) else self.categories[-1]


_notices: list[tuple[str, list[Problem]]] = []


# --------------------------------------------------------------------------- reading
def read_catalog(path: Path, english: Catalog | None = None) -> tuple[Catalog, list[Problem]]:
    """A catalog and the entries it refused. With `english` (a translation), only the keys English
    has are kept, a counted key once per category of the translation's plural rule, each with the
    English text's placeholders. Raises `_Damaged` when the file as a whole cannot be used."""
    raw = _read_mapping(path)
    categories, rule = _plural_rule(raw)
    texts: dict[str, str] = {}
    problems: list[Problem] = []
    for key, value in raw.items():
        if not isinstance(key, str) or key in (PLURAL_FORMS, PLURAL_CATEGORIES):
            continue
        references = _references(english, key, categories) if english else ()
        if english and not references:
            continue                              # a key English does not have: never asked for
        problem = _check_entry(key, value, references)
        if problem:
            problems.append(problem)
        else:
            texts[key] = str(value)
    return Catalog(texts, categories, rule), problems


def _read_mapping(path: Path) -> dict:
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise _Damaged(Problem("not_file"))
        with path.open("rb") as handle:
            data = handle.read(MAX_CATALOG_BYTES + 1)
    except OSError as exc:
        raise _Damaged(Problem("unreadable", {"error": exc.strerror or exc.__class__.__name__})) from None
    if len(data) > MAX_CATALOG_BYTES:
        raise _Damaged(Problem("too_big", {"limit": MAX_CATALOG_BYTES // 1024}))
    try:
        raw = load_yaml(data.decode("utf-8"))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise _Damaged(Problem("yaml", {"line": line, "column": column})) from None
    except (yaml.YAMLError, UnicodeDecodeError, ValueError, RecursionError):
        raise _Damaged(Problem("yaml", {"line": 0, "column": 0})) from None
    if not isinstance(raw, dict):
        raise _Damaged(Problem("shape"))
    return raw


def _plural_rule(raw: dict) -> tuple[tuple[str, ...], Callable[[int], int]]:
    """The catalog's CLDR categories and its compiled Plural-Forms expression."""
    line, names = raw.get(PLURAL_FORMS), raw.get(PLURAL_CATEGORIES)
    match = _PLURAL_LINE.match(line) if isinstance(line, str) else None
    categories = tuple(names.split()) if isinstance(names, str) else ()
    ordered = tuple(c for c in CLDR_CATEGORIES if c in categories)
    if not match or not categories or categories != ordered or categories[-1] != "other" \
            or int(match.group(1)) != len(categories):
        raise _Damaged(Problem("plural"))
    try:
        rule = gettext.c2py(match.group(2))
        if any(not 0 <= rule(n) < len(categories) for n in _RULE_SAMPLES):
            raise ValueError("index out of range")
    except (ValueError, SyntaxError, RecursionError, ZeroDivisionError):
        raise _Damaged(Problem("plural")) from None
    return categories, rule


def _references(english: Catalog, key: str, categories: tuple[str, ...]) -> tuple[str, ...]:
    """The English texts whose placeholders `key` may use: the same key's, or for a counted
    form the English form of the same name and the English "other" (which names every value)."""
    if key in english.texts and not _counted(english, key):
        return (english.texts[key],)
    base, _, category = key.rpartition(".")
    if category not in categories or f"{base}.other" not in english.texts:
        return ()
    same = english.texts.get(key)
    return tuple(text for text in (same, english.texts[f"{base}.other"]) if text is not None)


def _counted(english: Catalog, key: str) -> bool:
    base, _, category = key.rpartition(".")
    return category in CLDR_CATEGORIES and f"{base}.other" in english.texts


def _check_entry(key: str, value: object, references: tuple[str, ...]) -> Problem | None:
    """None if `value` is a format text whose placeholders are one reference's."""
    if not isinstance(value, str):
        return Problem("text", {"entry": key}, key)
    try:
        fields = placeholders(value)
    except ValueError:
        return Problem("text", {"entry": key}, key)
    if references and not any(fields == placeholders(text) for text in references):
        return Problem("placeholders", {"entry": key}, key)
    return None


def placeholders(text: str) -> frozenset[tuple[str, str, str]]:
    """The fields of a format text as (name, conversion, spec); ValueError for a malformed text or
    a field that is not a plain name (no attribute or index access, no nested fields)."""
    found = set()
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        if not name.isidentifier() or "{" in (spec or ""):
            raise ValueError(f"field {name!r}")
        found.add((name, conversion or "", spec or ""))
    return frozenset(found)


# --------------------------------------------------------------------------- loading
@lru_cache(maxsize=None)
def _loaded(language: str) -> Catalog:
    """A language's catalog, read once; a translation's problems are queued as one notice."""
    path = CATALOG_DIR / f"{language}.yaml"
    if language == "en":
        try:
            english, problems = read_catalog(path)
        except _Damaged as exc:
            problems = [exc.problem]
        if problems:
            first = problems[0]
            detail = ", ".join(f"{name} {value}" for name, value in first.values.items())
            raise DataError(f"{path.name}: {first.key}: expected a format text with plain {{name}} fields"
                            if first.key else f"{path.name}: cannot be used ({first.why}{', ' if detail else ''}{detail})")
        return Catalog({**ENGINE_ENGLISH, **english.texts}, english.categories, english.rule)
    english = _loaded("en")
    try:
        translation, problems = read_catalog(path, english)
    except _Damaged as exc:
        translation, problems = Catalog({}, english.categories, english.rule), [exc.problem]
    if problems:
        _notices.append((path.name, problems))
    return translation


def catalog(language: str) -> dict[str, str]:
    """A language's usable entries (format strings with named fields)."""
    return _loaded(language).texts


def take_notices() -> list[str]:
    """One line per damaged catalog read so far (each given once), in the current language."""
    lines = []
    for name, problems in _notices:
        first = problems[0]
        reason = t(f"catalog.why.{first.why}", **first.values)
        if first.key is None:
            lines.append(t("catalog.damaged", file=name, reason=reason))
        else:
            lines.append(tn("catalog.refused", len(problems), file=name, reason=reason))
    _notices.clear()
    return lines


def set_language(language: str) -> None:
    """Switch the language; its catalog is read now, so a damaged one is noticed at once."""
    global _language
    if language not in LANGUAGE_NAMES:
        raise ValueError(f"unknown language {language!r}; expected one of {sorted(LANGUAGE_NAMES)}")
    _loaded(language)
    _language = language


def language() -> str:
    return _language


def t(key: str, **values: object) -> str:
    """Translate `key` in the current language; falls back to English, then to the key itself."""
    text = catalog(_language).get(key)
    if text is None:
        text = catalog("en").get(key, key)
    return text.format(**values) if values else text


def tn(key: str, count: int, **values: object) -> str:
    """A counted phrase: `key.<category>` for the CLDR category of `count` in the current
    language (English's text and category when the language has none); the number is {count}."""
    current = _loaded(_language)
    text = current.texts.get(f"{key}.{current.category(count)}")
    if text is None:
        english = _loaded("en")
        full = f"{key}.{english.category(count)}"
        text = english.texts.get(full, full)
    return text.format(count=count, **values)


def has(key: str) -> bool:
    return key in catalog(_language) or key in catalog("en")


def localized(value: object) -> str:
    """Text a data file gives either as one string or as a mapping of language codes to strings
    (a challenge's `name: {en: ..., pt: ..., ca: ...}`): the current language's, else English's,
    else the first given."""
    if isinstance(value, dict):
        text = value.get(_language) or value.get("en") or next(iter(value.values()), "")
        return str(text)
    return "" if value is None else str(value)


def area_name(area: str) -> str:
    """Display name of a region id, `castillo`, `court` or `provinces`."""
    return t(f"region.{area}")


_palette = "classic"       # the pieces' palette: a colour is named by what is shown


def use_palette_names(palette: str) -> None:
    """Name the colours as the palette `palette` shows them (the colour-blind palette's red is
    vermilion, its orange amber: `colour.<palette>.<colour>` where the catalog has it)."""
    global _palette
    _palette = palette


def player_name(player: str, names: dict[str, str] | None = None) -> str:
    """A seat's chosen name, or its colour name as the palette in use shows the colour."""
    if names and names.get(player):
        return names[player]
    shown = f"colour.{_palette}.{player}"
    return t(shown) if has(shown) else t(f"colour.{player}")
