"""Castell's table in every language: the log of a whole game worded from the catalogs with no
key missing and no English left (place names and tower notation are the same everywhere), and
every refusal reason of the engine (engine/castell/refusals.py) worded in English, Portuguese
and Catalan."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engine import castell
from engine.castell import events as ev
from engine.castell.refusals import REASONS
from game.present.castell_log import log_line
from game.present.castell_refusals import catalog_keys, refusal_text
from game.shell import i18n

LANGUAGES = ("en", "pt", "ca")
WORD = re.compile(r"[^\W\d_]+(?:['’·][^\W\d_]+)*")


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en")


def whole_game(seed: int) -> tuple[castell.Game, list[ev.Event]]:
    game = castell.new_game(["red", "blue", "green"], seed=seed)
    rng = random.Random(seed)
    events: list[ev.Event] = []
    while not game.is_over:
        events += game.apply(rng.choice(game.legal_moves()))
    return game, events


def log_of(game: castell.Game, events: list[ev.Event], lang: str) -> list[str]:
    i18n.set_language(lang)
    names = {p: i18n.player_name(p) for p in game.players}
    return [line for line in (log_line(e, game.data, names) for e in events) if line]


def words(line: str, proper: tuple[str, ...]) -> set[str]:
    """The line's words, less place names and seat names."""
    for name in proper:
        line = line.replace(name, " ")
    return {w.lower() for w in WORD.findall(line)}


def test_a_whole_games_log_is_worded_in_each_language_with_no_english_left(language: None) -> None:
    game, events = whole_game(4)
    assert any(isinstance(e, ev.FestivalHeld) and e.entries for e in events)
    assert any(isinstance(e, ev.Performed) for e in events)
    data = game.data
    places = (*data.region_names.values(), *(f.town for f in data.festival_tiles))
    proper = tuple(sorted({*places, *(i18n.catalog(lang)[f"colour.{p}"] for lang in LANGUAGES
                                      for p in game.players)}, key=len, reverse=True))
    logs = {lang: log_of(game, events, lang) for lang in LANGUAGES}
    assert len({len(lines) for lines in logs.values()}) == 1 and len(logs["en"]) > 100
    english = set().union(*(words(line, proper) for line in logs["en"]))
    for lang in ("pt", "ca"):
        own = set().union(*(words(text, proper) for text in i18n.catalog(lang).values()))
        foreign = english - own
        for en_line, line in zip(logs["en"], logs[lang]):
            assert "castell." not in line and "{" not in line, line          # a missing key shows its name
            left = words(line, proper) & foreign
            assert not left, f"{lang}: {line!r} keeps English {sorted(left)} (from {en_line!r})"
            assert line != en_line or not words(line, proper), line


def test_the_log_names_seats_skills_prizes_and_tiles_in_the_language(language: None) -> None:
    data = castell.DATA
    i18n.set_language("pt")
    names = {"red": "Ana"}
    assert log_line(ev.Trained("red", "balance", 2), data, names) == "Ana treina Equilíbrio até ao nível 2."
    held = ev.FestivalHeld("x", "pon", "Lleida", (6,), (("red", ((8, 8, 8), (6, 6), (6,), (3,)), 7),),
                           (("red", 7),), (("red", "trophy"),), "red")
    line = log_line(held, data, names)
    assert line is not None and "Lleida (Ponent)" in line and "Ana: troféu" in line and "8,8,8/6,6/6/3" in line
    i18n.set_language("ca")
    tower = ((9, 9, 9), (7, 7), (5,))
    line = log_line(ev.Performed("red", "pon", "shape01", tower, 3, 2), data, names)
    assert line == "Ana aconsegueix la fitxa 3-2-1 a Ponent amb 9,9,9/7,7/5 (3 pisos) i recull 2 fitxes de premi."
    assert log_line(ev.TurnStarted("red"), data, names) is None


SAMPLE_ARGS = {"player": "red", "action": "train", "region": "pon", "here": "met", "offered": "balance, special",
               "legal": "move pon", "tile": "shape01", "problems": ["Level 2 mixes sizes 6 and 4."]}


@pytest.mark.parametrize("code", sorted(REASONS))
def test_every_refusal_code_is_worded_in_every_language(code: str, language: None) -> None:
    args = {name: SAMPLE_ARGS[name] for name in REASONS[code][0]}
    texts = {}
    for lang in LANGUAGES:
        i18n.set_language(lang)
        assert f"castell.refusal.{code}" in i18n.catalog(lang)
        texts[lang] = refusal_text((code, args), castell.DATA, {"red": "Ana"})
        assert "{" not in texts[lang] and "castell." not in texts[lang] and "_" not in texts[lang]
        assert "red" not in texts[lang].split() and "pon" not in texts[lang].split()     # no engine ids
    assert texts["pt"] != texts["en"] and texts["ca"] != texts["en"] and texts["pt"] != texts["ca"]
    assert set(catalog_keys()) == {f"castell.refusal.{c}" for c in REASONS}


def test_a_refused_click_at_the_table_is_worded_in_catalan(language: None) -> None:
    """Ruling C9: a pawn moves only to a neighbouring region; the refusal names both by name."""
    from game.match.castell_match import CastellMatch
    from game.match.seats import Seat
    i18n.set_language("ca")
    match = CastellMatch([Seat("red", "human", "Ana"), Seat("blue", "human", "Bet")], seed=8, autosave=False)
    data = match.game.data
    assert match.play("place pon")
    far = next(r for r in data.regions
               if r != "pon" and data.regions.index(r) not in data.adjacent[data.regions.index("pon")])
    assert not match.play(f"special move {far}")
    assert match.refusal() == f"{data.region_names[far]} no fa frontera amb Ponent"
    assert not match.play("move gir")
    assert match.refusal() == f"{match.name(match.game.to_move or '')} ja ha fet l'acció moure en aquest torn"
    assert match.error is not None and "already used the move action" in match.error   # the engine's English stays
