"""The one translation function: every user-facing string goes through `t(key, **values)`.

Catalogs are flat YAML files under assets/i18n/ (en, pt, ca). Keys are literal (`t("button.done")`)
or built from a literal prefix and game data (`t(f"card.{card}.name")`), which lets a test find
every key the code can ask for and check that no catalog key is missing or unused.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

CATALOG_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "ca": "Català"}

_language = "en"


@lru_cache(maxsize=None)
def catalog(language: str) -> dict[str, str]:
    """Load one catalog; values are format strings with named fields."""
    path = CATALOG_DIR / f"{language}.yaml"
    with path.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    return {str(k): str(v) for k, v in data.items()}


def set_language(language: str) -> None:
    global _language
    if language not in LANGUAGE_NAMES:
        raise ValueError(f"unknown language {language!r}; expected one of {sorted(LANGUAGE_NAMES)}")
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
    """A counted phrase: `key.one` for exactly one, `key.other` otherwise (English, Portuguese and
    Catalan all split there); the number is passed as {count}."""
    full = f"{key}.{'one' if count == 1 else 'other'}"
    text = catalog(_language).get(full) or catalog("en").get(full, full)
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


def player_name(player: str, names: dict[str, str] | None = None) -> str:
    """A seat's chosen name, or its colour name."""
    if names and names.get(player):
        return names[player]
    return t(f"colour.{player}")
