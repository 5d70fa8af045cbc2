"""On the set-up screen each seat's kind is chosen from a list (two clicks
to any level), every kind is explained on hover like the options, the last set-up (seats, kinds,
names, options) is remembered across runs in setup.json (validated on load), and Ctrl+A selects
a text field's whole value."""
from __future__ import annotations

import json

import pygame
import pytest

from game.match import last_setup, saves
from game.match.seats import SEAT_KINDS, Seat
from game.scenes.files import SaveScene
from game.scenes.setup import SetupScene, kind_list_rects, option_rects, seat_rects, start_button
from game.match.controller import Match
from game.match.seats import parse_players
from game.shell.i18n import t
from tests.game.driver import Driver, make_context


def setup_driver() -> Driver:
    driver = Driver(SetupScene(make_context()))
    driver.step()
    return driver


def choose_kind(driver: Driver, seat: int, kind: str) -> None:
    driver.click(seat_rects(seat)["kind"].center)
    driver.click(dict((k, r) for r, k in kind_list_rects(seat))[kind].center)


def test_any_seat_kind_is_two_clicks_away_and_the_list_closes():
    driver = setup_driver()
    for kind in SEAT_KINDS:
        choose_kind(driver, 1, kind)
        assert driver.scene.seats[1].kind == kind and driver.scene.choosing is None
    driver.click(seat_rects(2)["kind"].center)
    assert driver.scene.choosing == 2
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.choosing is None and driver.scene.name == "setup", "Esc closes only the list"


def test_the_kind_list_fits_above_the_hover_note_for_every_seat():
    for seat in range(5):
        rows = [r for r, _ in kind_list_rects(seat)]
        assert rows[-1].bottom < option_rects()["variant"].bottom + 8
        assert not any(r.colliderect(seat_rects(seat)["kind"]) for r in rows), "the list leaves its button visible"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "pt", "ca"])
def test_the_hover_note_stands_clear_of_every_button_and_fits(lang, scale, size):
    """The secret-Castillo note was drawn over the neutral-colour button; it stands beside it, in
    every language, text size and window size, within its box."""
    from game.render import style
    from game.scenes.setup import back_button, note_box
    from game.shell import i18n
    i18n.set_language(lang)
    style.use_look("classic", scale)
    try:
        Driver(SetupScene(make_context()), size)
        box = note_box()
        assert not any(box.colliderect(r) for r in (*option_rects().values(), start_button(), back_button()))
        # every hover note but the two whose whole text a click opens (the house rules) or that
        # names a file's problem
        shown = [k for k in i18n.catalog("en") if k.startswith("setup.note.")
                 and k not in ("setup.note.not_remembered", "setup.note.house_rules")]
        for key in shown:
            lines = style.wrap(t(key), box.width, 13)
            assert len(lines) <= 2 and len(lines) * (style.line_height(13) + 2) <= box.height, (key, lines)
    finally:
        style.use_look("classic", 1.0)
        i18n.set_language("en")


def test_every_kind_and_option_is_explained_on_hover():
    driver = setup_driver()
    driver.click(seat_rects(0)["kind"].center)
    notes = []
    for rect, kind in kind_list_rects(0):
        driver.hover(rect.center)
        notes.append(driver.scene.option_note())
        assert notes[-1] == t(f"setup.note.kind_{kind}")
    assert len(set(notes)) == len(SEAT_KINDS), "each level says what it is"
    driver.key(pygame.K_ESCAPE)
    driver.hover(seat_rects(1)["kind"].center)
    assert driver.scene.option_note() == t("setup.note.kind_normal")
    driver.hover(option_rects()["castillo"].center)
    assert driver.scene.option_note() == t("setup.note.castillo_announced")


def test_the_last_set_up_is_remembered_across_runs():
    driver = setup_driver()
    choose_kind(driver, 1, "easy")
    choose_kind(driver, 3, "expert")
    driver.click(seat_rects(0)["name"].center)
    for ch in "Ana":
        driver.key(pygame.K_a, ch)
    driver.key(pygame.K_RETURN)
    driver.click(option_rects()["variant"].center)
    driver.click(option_rects()["veto"].center)
    driver.click(start_button().center)
    assert getattr(driver.scene, "match", None) is not None
    again = SetupScene(make_context())                       # the next run
    assert again.seats == [Seat("red", "human", "Ana"), Seat("blue", "easy"), Seat("green", "normal"),
                           Seat("yellow", "expert")]
    assert again.options == {"variant": "short", "veto": False, "castillo": "announced", "dummy": False}
    assert again.problem is None


def test_a_damaged_setup_file_gives_the_defaults_with_a_one_line_reason_and_is_kept_aside_numbered():
    last_setup.save([Seat("red", "human"), Seat("blue", "hard")], last_setup.default_options())
    path = last_setup.path()
    doc = json.loads(path.read_text())
    doc["seats"][1]["kind"] = "godlike"
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    scene = SetupScene(make_context())
    assert scene.seats == last_setup.default_seats()
    assert scene.problem == "setup.json: seats[1].kind must be one of " + ", ".join(SEAT_KINDS)
    assert scene.problem in scene.option_note(), "said on the screen, not only in the log"
    assert not path.exists() and path.with_name("setup.json.bad").read_bytes() == before
    kept = [before]
    for broken, field in ((b"[1, 2", "not valid JSON"), (b'{"format": "el-grande-setup", "format_version": 1, '
                          b'"seats": [{"player": "red", "kind": "human"}, {"player": "red", "kind": "easy"}], '
                          b'"options": {}}', "each colour may sit once")):
        path.write_bytes(broken)
        loaded = last_setup.load()
        assert field in loaded.problem and "\n" not in loaded.problem and loaded.seats == last_setup.default_seats()
        kept.append(broken)
    names = ["setup.json.bad", "setup.json.bad.1", "setup.json.bad.2"]
    assert [path.with_name(name).read_bytes() for name in names] == kept, "no broken copy replaces another"


def test_a_refused_setup_write_still_starts_the_game(monkeypatch):
    def disk_full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    assert last_setup.save(last_setup.default_seats(), last_setup.default_options()) == \
        "setup.json: cannot write (No space left on device)"
    driver = setup_driver()
    driver.click(start_button().center)
    assert getattr(driver.scene, "match", None) is not None


def test_ctrl_a_selects_a_name_field_so_the_next_key_replaces_it():
    driver = setup_driver()
    driver.click(seat_rects(0)["name"].center)
    for ch in "Bernat":
        driver.key(pygame.K_b, ch)
    driver.key(pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    assert driver.scene.seats[0].name == "Bernat" and driver.scene.name_field.selected
    driver.key(pygame.K_z, "Z")
    assert driver.scene.seats[0].name == "Z"
    driver.key(pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    driver.key(pygame.K_BACKSPACE)
    assert driver.scene.seats[0].name == ""


def test_ctrl_a_in_the_save_name_field():
    match = Match(parse_players("human,random"), 3, autosave=False)
    driver = Driver(SaveScene(make_context(), match))
    driver.step()
    assert driver.scene.name_field.value.startswith("Round 1, ")
    driver.key(pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    for ch in "Mine":
        driver.key(pygame.K_m, ch)
    assert driver.scene.name_field.value == "Mine" and driver.scene.replaces is False
