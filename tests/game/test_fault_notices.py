"""In the client: a refused write is a one-line notice and play goes on (the
settings menu, the named save, the export); a broken settings file gives the defaults, one notice
at start-up, and is kept aside as settings.json.bad instead of being overwritten."""
from __future__ import annotations

import random

import pygame

from game.match import saves
from game.__main__ import build_parser, start_context
from game.match.controller import Match
from game.scenes import settings as settings_scene
from game.scenes.title import TitleScene
from game.match.seats import parse_players
from game.shell.settings import Settings
from game.shell.scene import STILL
from tests.game.driver import FRAME, Driver, make_context


def disk_full(monkeypatch) -> None:
    def refuse(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves, "write_atomic", refuse)
    monkeypatch.setattr("game.shell.settings.write_atomic", refuse)


def test_a_broken_settings_file_gives_the_defaults_one_notice_and_is_kept_aside(data_dir):
    data_dir.mkdir(parents=True)
    path = data_dir / "settings.json"
    path.write_text('{"language": "ca", "volume": 0.2,', encoding="utf-8")
    settings = Settings.load()
    assert settings == Settings() and settings.kept_aside == "settings.json.bad"
    assert not path.exists() and (data_dir / "settings.json.bad").read_text() == '{"language": "ca", "volume": 0.2,'
    ctx = start_context(build_parser().parse_args([]), settings)
    assert ctx.notices == ["The settings file was unreadable, so the defaults are used; it was kept as "
                           "settings.json.bad"]
    driver = Driver(TitleScene(ctx))
    driver.step()
    assert driver.scene.notice.startswith("The settings file was unreadable") and not ctx.notices
    assert driver.scene.redraw_rate() > 0, "redrawn while it shows, so it goes when its time is up"
    driver.step(int(9 / FRAME))
    assert driver.scene.notice_time == 0 and driver.scene.redraw_rate() == STILL
    assert Settings.load().kept_aside is None, "one notice: the next start finds no broken file"
    settings.language = "pt"
    assert settings.save()
    assert (data_dir / "settings.json.bad").exists(), "saving later never removes the kept file"


def test_a_settings_file_that_is_not_an_object_is_kept_aside_too(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("[1, 2]", encoding="utf-8")
    assert Settings.load().kept_aside == "settings.json.bad"


def test_each_broken_settings_file_is_kept_numbered_none_replacing_another(data_dir):
    data_dir.mkdir(parents=True)
    broken = ["[1, 2]", "{", "\u00ff not json", '"text"']
    for text in broken:
        (data_dir / "settings.json").write_text(text, encoding="utf-8")
        Settings.load()
    names = ["settings.json.bad", "settings.json.bad.1", "settings.json.bad.2", "settings.json.bad.3"]
    assert [(data_dir / name).read_text(encoding="utf-8") for name in names] == broken
    (data_dir / "settings.json.bad.1").unlink()      # a gap is filled, nothing is written over
    (data_dir / "settings.json").write_text("[", encoding="utf-8")
    assert Settings.load().kept_aside == "settings.json.bad.1"
    assert (data_dir / "settings.json.bad.3").read_text(encoding="utf-8") == '"text"'


def test_a_refused_settings_write_is_said_in_the_menu_and_the_change_still_applies(monkeypatch, screenshots,
                                                                                   data_dir):
    ctx = make_context()
    driver = Driver(settings_scene.SettingsScene(ctx, in_game=False))
    driver.step()
    rect = dict((row, r) for r, row in settings_scene.row_rects())["speed"]
    before = ctx.settings.anim_speed
    with monkeypatch.context() as faulty:            # the disk comes back; the data dir stays redirected
        disk_full(faulty)
        driver.click((rect.right - 10, rect.centery))
        assert ctx.settings.anim_speed != before, "the change applies for this session"
        assert ctx.settings.save_error == "No space left on device"
        pygame.image.save(driver.app.surface, str(screenshots / "settings-not-saved.png"))
    assert saves.data_dir() == data_dir, "ending the fault kept the test's own data dir"
    driver.click((rect.right - 10, rect.centery))
    assert ctx.settings.save_error is None


def test_f11_with_a_refused_settings_write_is_a_toast_in_the_game(monkeypatch):
    from game.scenes.play import MatchScene
    match = Match(parse_players("human,random"), 3)
    driver = Driver(MatchScene(make_context(), match))
    driver.step()
    disk_full(monkeypatch)
    driver.key(pygame.K_F11)
    driver.step()
    assert "No space left on device" in driver.scene.toast and driver.scene.toast_time > 0


def test_a_refused_named_save_is_a_dialog_and_the_game_goes_on(monkeypatch, data_dir):
    from game.scenes.files import SaveScene
    match = Match(parse_players("human,random"), 4)
    driver = Driver(SaveScene(make_context(), match))
    driver.step()
    disk_full(monkeypatch)
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "dialog" and driver.scene.error
    assert "No space left on device" in driver.scene.message and "\n" not in driver.scene.message
    assert not saves.list_slots()
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "save" and driver.app.running


def test_a_refused_export_is_a_dialog_and_the_game_over_screen_stays(monkeypatch):
    from game.scenes.game_over import GameOverScene
    match = Match(parse_players("human,random"), 6, autosave=False)
    rng = random.Random(6)
    while not match.host_game.is_over:
        match.play(rng.choice(match.host_game.legal_moves()))
    match.events.clear()
    driver = Driver(GameOverScene(make_context(), match))
    driver.step()
    disk_full(monkeypatch)
    driver.scene.act("export")
    driver.step()
    assert driver.scene.name == "dialog" and "No space left on device" in driver.scene.message
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "game_over" and driver.scene.exported is None
