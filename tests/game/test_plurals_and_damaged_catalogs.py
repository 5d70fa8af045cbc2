"""Counted phrases follow each language's CLDR plural rule, read from its
catalog. A damaged catalog falls back to English with one notice, a missing key
shows the English text, and a translation whose placeholders differ from the English is refused."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import engine
from engine import DataError
from game.shell import i18n
from game.__main__ import build_parser, main, start_context
from game.shell.settings import Settings

SHIPPED = i18n.CATALOG_DIR


@pytest.mark.parametrize("language, texts", [
    ("en", ["bring up to 0 Caballeros to your court", "bring up to 1 Caballero to your court",
            "bring up to 2 Caballeros to your court"]),
    # pt-PT (CLDR pt_PT): only 1 is "one"; Brazilian Portuguese would make 0 "one" too
    ("pt", ["traz até 0 Caballeros para a tua corte", "traz até 1 Caballero para a tua corte",
            "traz até 2 Caballeros para a tua corte"]),
    ("ca", ["porta fins a 0 Cavallers a la teva cort", "porta fins a 1 Cavaller a la teva cort",
            "porta fins a 2 Cavallers a la teva cort"]),
])
def test_zero_one_and_two_take_each_languages_form(language, texts):
    i18n.set_language(language)
    assert [i18n.tn("prompt.court", n) for n in (0, 1, 2)] == texts


def test_portuguese_and_catalan_verbs_agree_with_the_count():
    i18n.set_language("pt")
    assert [i18n.tn("prompt.left", n) for n in (0, 1, 2)] == ["faltam 0", "falta 1", "faltam 2"]
    i18n.set_language("ca")
    assert [i18n.tn("prompt.left", n) for n in (0, 1, 2)] == ["en queden 0", "en queda 1", "en queden 2"]


def test_an_exact_million_is_cldr_many_in_portuguese_and_catalan_other_in_english():
    i18n.set_language("en")
    assert i18n.tn("hint.reason.score", 10**6) == "scores 1000000 points at once"
    i18n.set_language("pt")
    assert i18n.tn("hint.reason.score", 10**6) == "marca 1000000 de pontos de imediato"
    assert i18n.tn("hint.reason.score", 10**6 + 1) == "marca 1000001 pontos de imediato"
    i18n.set_language("ca")
    assert i18n.tn("hint.reason.score", 2 * 10**6) == "suma 2000000 de punts de cop"


CLDR = {   # CLDR 46 integer categories of 0, 1, 2 and a million (pt is the pt-PT catalog)
    "en": ("other", "one", "other", "other"),
    "pt": ("other", "one", "other", "many"),
    "ca": ("other", "one", "other", "many"),
}


@pytest.mark.parametrize("language", sorted(CLDR))
def test_every_counted_phrase_takes_the_cldr_form_of_0_1_2_and_a_million(language):
    i18n.set_language(language)
    texts = i18n.catalog(language)
    counted = sorted(key[:-len(".other")] for key in i18n.catalog("en") if key.endswith(".other"))
    assert {"prompt.left", "help.places", "files.moves", "hint.reason.score"} <= set(counted)
    for key in counted:
        names = {name for form in i18n._loaded(language).categories
                 for name, _, _ in i18n.placeholders(texts[f"{key}.{form}"])} - {"count"}
        values = {name: "X" for name in names}
        for count, form in zip((0, 1, 2, 10**6), CLDR[language]):
            assert i18n.tn(key, count, **values) == texts[f"{key}.{form}"].format(count=count, **values), \
                (key, count)


def test_the_card_help_and_the_saved_games_list_count_in_the_language():
    from game.scenes.help import places_text
    i18n.set_language("pt")
    assert [places_text(n) for n in (0, 1, 2)] == ["Coloca até 0 Caballeros da tua corte",
                                                   "Coloca até 1 Caballero da tua corte",
                                                   "Coloca até 2 Caballeros da tua corte"]
    i18n.set_language("ca")
    assert [i18n.tn("files.moves", n) for n in (0, 1, 2)] == ["0 jugades", "1 jugada", "2 jugades"]


# --------------------------------------------------------------------------- catalogs on disk
@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped catalogs the game reads instead, none read yet, no notice pending."""
    folder = tmp_path / "i18n"
    shutil.copytree(SHIPPED, folder)
    monkeypatch.setattr(i18n, "CATALOG_DIR", folder)
    monkeypatch.setattr(i18n, "_notices", [])
    monkeypatch.setattr(i18n, "_language", "en")
    i18n._loaded.cache_clear()
    yield folder
    i18n._loaded.cache_clear()              # the shipped catalogs are read again when next asked for


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_plural_rule_is_the_catalogs_data(catalogs):
    """Give the Portuguese catalog the Brazilian rule (0 and 1 are "one") and 0 takes the
    singular: nothing in the code knows a language's rule."""
    edit(catalogs / "pt.yaml", "plural=(n == 1) ? 0", "plural=(n == 0 || n == 1) ? 0")
    i18n.set_language("pt")
    assert [i18n.tn("prompt.left", n) for n in (0, 1, 2)] == ["falta 0", "falta 1", "faltam 2"]
    assert i18n.take_notices() == []


@pytest.mark.parametrize("damage, reason", [
    (lambda p: edit(p, 'button.done: "Concluir"', 'button.done: "Concluir'), "not valid YAML at line"),
    (lambda p: p.write_text("- just\n- a list\n", encoding="utf-8"), 'not a list of key: "text" lines'),
    (lambda p: edit(p, "plural=(n == 1) ? 0", "plural=__import__('os') ? 0"), "plural rule"),
    (lambda p: edit(p, '_plural_categories: "one many other"', '_plural_categories: "one other"'), "plural rule"),
    (lambda p: p.unlink(), "cannot be read: No such file or directory"),
    (lambda p: (p.unlink(), os.mkfifo(p)), "not a regular file"),
    (lambda p: p.write_bytes(b"a: b\n" * 300_000), "larger than 1024 kB"),
], ids=["yaml error", "not a mapping", "plural code", "plural names", "missing", "fifo", "too big"])
def test_a_damaged_catalog_falls_back_to_english_with_one_notice(catalogs, damage, reason):
    damage(catalogs / "pt.yaml")
    i18n.set_language("pt")
    assert i18n.t("button.done") == "Done" and i18n.tn("prompt.left", 2) == "2 left"
    notices = i18n.take_notices()
    assert len(notices) == 1 and "pt.yaml" in notices[0] and reason in notices[0], notices
    assert "\n" not in notices[0]
    i18n.set_language("en")
    i18n.set_language("pt")
    assert i18n.take_notices() == [], "one notice a session"


def test_a_yaml_error_names_its_line_and_column(catalogs):
    path = catalogs / "pt.yaml"
    line = path.read_text(encoding="utf-8").splitlines().index('button.done: "Concluir"') + 1
    edit(path, 'button.done: "Concluir"', 'button.done: Concluir: x')
    i18n.set_language("pt")
    assert f"at line {line}, column 22" in i18n.take_notices()[0]


def test_translations_with_other_placeholders_are_refused_alone(catalogs):
    path = catalogs / "pt.yaml"
    edit(path, 'prompt.left.other: "faltam {count}"', 'prompt.left.other: "faltam {cont}"')
    edit(path, 'button.done: "Concluir"', 'button.done: "Concluir {player}"')
    edit(path, 'button.skip: "Saltar ação"', 'button.skip: "Saltar {"')
    edit(path, 'button.veto: "Veto!"', 'button.veto: "{count.__class__}"')
    edit(path, 'button.allow: "Permitir"', 'button.allow: [Permitir]')
    i18n.set_language("pt")
    assert i18n.tn("prompt.left", 2) == "2 left" and i18n.tn("prompt.left", 1) == "falta 1"
    assert [i18n.t(f"button.{b}") for b in ("done", "skip", "veto", "allow")] == \
        ["Done", "Skip action", "Veto!", "Allow"]
    assert i18n.t("button.help") == "Ajuda", "the rest of the catalog is used"
    assert i18n.take_notices() == \
        ["pt.yaml: 5 traduções foram recusadas (a primeira: button.done usa outros valores que o texto "
         "inglês); mostram-se em inglês"]


def test_a_missing_key_shows_the_english_text_and_an_unknown_one_its_key(catalogs):
    edit(catalogs / "ca.yaml", 'button.done: "Fet"\n', "")
    i18n.set_language("ca")
    assert i18n.t("button.done") == "Done" and i18n.t("button.help") == "Ajuda"
    assert i18n.t("no.such.key", x=1) == "no.such.key" and i18n.tn("no.such", 3) == "no.such.other"
    assert i18n.take_notices() == []


def test_a_damaged_english_catalog_is_a_one_line_data_error(catalogs):
    edit(catalogs / "en.yaml", 'button.done: "Done"', 'button.done: "Done {"')
    with pytest.raises(DataError, match=r"^en.yaml: button.done: expected a format text with plain \{name\} fields$"):
        i18n.set_language("pt")


def test_the_notice_reaches_the_player_at_start_up(catalogs):
    (catalogs / "pt.yaml").write_text("[", encoding="utf-8")
    i18n.set_language("pt")
    notices = start_context(build_parser().parse_args([]), Settings()).notices
    assert notices == ["The pt.yaml translation could not be used (not valid YAML at line 2, column 1); "
                       "English is shown instead"]


@pytest.mark.parametrize("damage", ["missing", "utf16", "bytes", "yaml"])
def test_a_damaged_or_missing_english_catalog_ends_start_up_in_one_line_with_exit_2(catalogs, damage, capsys,
                                                                                     monkeypatch):
    english = catalogs / "en.yaml"
    if damage == "missing":
        english.unlink()
    elif damage == "utf16":
        english.write_bytes(english.read_text(encoding="utf-8").encode("utf-16"))
    else:
        english.write_bytes(b"\xff\xfe\x00" if damage == "bytes" else b"button.done: [")
    monkeypatch.setattr("game.__main__.run_window", lambda *a: pytest.fail("the window opened"))
    assert main(["--lang", "pt"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("el-grande: en.yaml: cannot be used")


def test_the_engine_reads_no_file_of_the_clients():
    """The engine's card names are its own data (levels/classic.yaml); the English catalog takes
    them from the engine, and a damaged client catalog cannot stop the engine importing."""
    import subprocess
    import sys
    probe = ("import os\n"
             "opened, real = [], os.open\n"
             "os.open = lambda path, *a, **k: opened.append(str(path)) or real(path, *a, **k)\n"
             "import engine\n"
             "engine.describe(engine.Move.of('card', 'eviction'), engine.new_game(seed=1))\n"
             "print('\\n'.join(opened))\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=SHIPPED.parents[1],
                            check=True)
    assert result.stdout.strip(), "the probe sees the engine read its own data"
    assert not [name for name in result.stdout.split() if "assets" in name]
    english = i18n.catalog("en")
    for cid, card in engine.CARDS.items():
        assert english[f"card.{cid}.name"] == card.name == engine.CARD_NAMES[cid]
