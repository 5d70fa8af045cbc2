"""Small units of the client: tweens, the move picker, settings storage, window scaling."""
from __future__ import annotations

import json

from game.present.picker import Picker
from game.shell.settings import Settings, data_dir
from game.shell.tween import EASINGS, Tweener


class Box:
    x = 0.0
    pos = (0.0, 0.0)


def test_tween_runs_in_seconds_replaces_and_finishes():
    box, tweener = Box(), Tweener()
    done = []
    tweener.animate(box, "x", 10.0, 1.0, "linear", on_finish=lambda: done.append(1))
    tweener.update(0.5)
    assert abs(box.x - 5.0) < 1e-9
    tweener.animate(box, "x", 0.0, 1.0, "linear")      # replaces: the first never finishes
    tweener.finish()
    assert box.x == 0.0 and done == [] and not tweener.busy
    tweener.speed = 2.0
    tweener.animate(box, "pos", (4.0, 8.0), 1.0, "linear")
    tweener.update(0.25)
    assert box.pos == (2.0, 4.0)


def test_every_easing_starts_at_0_and_ends_at_1():
    for name, ease in EASINGS.items():
        assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1.0) < 1e-9, name


def test_picker_asks_source_then_owner_then_destination():
    class M:
        def __init__(self, text):
            self.verb, *args = text.split()
            self.args = tuple(args)

    picker = Picker()
    picker.reset([M("move red aragon valencia"), M("move blue aragon galicia"), M("move red galicia castillo"),
                  M("done")])
    assert picker.areas() == frozenset({"aragon", "galicia"})
    assert [c.verb for c in picker.buttons()] == ["done"]
    assert picker.click_area("aragon") is None          # two owners there: ask whose
    assert {c.value for c in picker.buttons()} == {"red", "blue"}
    move = picker.pick("move", "blue")                   # single destination left: auto-chosen
    assert (move.verb, move.args) == ("move", ("blue", "aragon", "galicia"))
    move = picker.click_area("galicia")                  # one owner, one destination
    assert move.args == ("red", "galicia", "castillo")


def test_settings_are_saved_atomically_in_the_data_dir(data_dir):
    settings = Settings(language="ca", volume=0.3, mute=True, anim_speed=2.0)
    settings.save()
    path = data_dir / "settings.json"
    assert json.loads(path.read_text())["language"] == "ca"
    assert Settings.load() == settings
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    path.write_text("{broken")
    assert Settings.load() == Settings()


def test_window_scaling_maps_clicks_back_to_logical_coordinates():
    from game.shell.app import App
    from game.scenes.title import TitleScene
    from tests.game.driver import make_context
    app = App(TitleScene(make_context()), (1366, 768))
    for point in ((0, 0), (640, 400), (1279, 799)):
        back = app.to_logical(app.to_window(point))
        assert abs(back[0] - point[0]) <= 1 and abs(back[1] - point[1]) <= 1
    assert str(data_dir()).endswith("data")
