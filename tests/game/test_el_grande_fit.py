"""Every El Grande screen fits: the title, settings, saved games, set-up, the match in each phase
(power, action with the hint panel open, a scoring's table, the Castillo disc), the lesson, help,
the challenges, the online screens, the end, the review and the replay — in en, pt and ca, at 1024x640, 1280x800 and 1920x1080, at 100%
and 150% text. A text fails when it leaves the window, its box (button, paragraph) or its panel,
or runs into another text (tests/game/test_ui_scale_fit.py's recorder: the rectangles each line of
text was drawn at, no pixels compared).

Cheap by construction: the positions are built once per module, each screen is drawn once per
case on the window's one surface, and the cases cover every (language, size) and every
(size, text scale) pair — nine cases, not eighteen (pairwise: what a misfit depends on is the
words' length, the window and the text scale, two at a time)."""
from __future__ import annotations

import random

import pytest

import engine
from ai.advisor import Hint, Reason
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.match.seats import COLOURS, Seat, parse_players
from game.render import style
from game.match.replay_model import ReplayModel
from game.scenes.challenges import ChallengesScene
from game.scenes.files import FilesScene
from game.scenes.game_over import GameOverScene
from game.scenes.replay import ReplayScene
from game.scenes.review import ReviewScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.scenes.help import HelpScene
from game.scenes.online import HostScene, JoinScene, OnlineScene
from game.scenes.online_lobby import LobbyScene
from game.scenes.play import MatchScene
from game.scenes.setup import SetupScene
from game.scenes.tutorial import TutorialScene
from game.shell import i18n, layout
from game.shell.scene import Transition
from game.tutorial.lesson import load_lesson
from tests.game.driver import Driver, make_context
from tests.game.fake_server import FakeServer
from tests.game.test_ui_scale_fit import Recorder, finished_game, problems

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
LANGUAGES = ["en", "pt", "ca"]
CASES = [(language, size, (1.0, 1.5)[(i + j) % 2]) for i, size in enumerate(SIZES) for j, language in enumerate(LANGUAGES)]


@pytest.fixture(scope="module")
def positions() -> dict[str, engine.Game]:
    """The positions every case draws: a power bid, an action turn, a Castillo disc."""
    game = engine.new_game(players=list(COLOURS[:4]), seed=5)
    rng = random.Random(5)
    while not (game.round >= 5 and game.phase == "card" and game.to_move == "red"):
        game.play(rng.choice(game.legal_moves()))
    power = engine.new_game(players=list(COLOURS[:4]), seed=8)
    return {"power": power, "action": game, "disc": engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml"),
            "over": finished_game()}


@pytest.fixture(scope="module")
def replay(positions) -> ReplayModel:
    """The finished game's replay, replayed once for every case."""
    return ReplayModel(positions["over"].record())


def _match(game: engine.Game) -> Match:
    return Match.from_game(game.clone(), [Seat(p, "human" if p == "red" else "random") for p in game.players],
                           autosave=False)


def _hints_open(scene: MatchScene) -> MatchScene:
    """The hint panel with three rows (the advisor's words, without its search)."""
    match, moves = scene.match, scene.match.host_game.legal_moves()
    scene.hints.key = (match.version, "red")
    scene.hints.hints = [Hint((moves[i % len(moves)],), 10.0 - 3 * i, -3.0 * i, reason) for i, reason in enumerate(
        (Reason("place", 6, "castilla_la_nueva", 1, "final", versus=2, other_place=1, other_tied=True),
         Reason("court", 4, versus=2, other=2), Reason("same_turn", versus=3, other=8)))]
    return scene


def _summary(scene: MatchScene) -> MatchScene:
    """A general scoring's table, as the screen shows it after the Castillo reveal."""
    match = scene.match
    assert match.play("disc aragon")
    for _ in range(4000):
        match.wait_for_ai()
        scene.update(1 / 10)
        if scene.summary is not None:
            return scene
    raise AssertionError("the scoring never reached its table")


@pytest.fixture
def case_language(request):
    yield
    i18n.set_language("en")
    style.use_look("classic", 1.0)


@pytest.mark.parametrize("language, size, scale", CASES, ids=[f"{c[0]}-{c[1][0]}x{c[1][1]}-{c[2]}" for c in CASES])
def test_every_el_grande_screen_fits(language, size, scale, positions, replay, monkeypatch, case_language):
    i18n.set_language(language)
    style.use_look("classic", scale)
    ctx = make_context(speed=40.0)
    ctx.settings.language, ctx.settings.ui_scale = language, scale
    recorder = Recorder(monkeypatch)
    driver = Driver(SetupScene(ctx), size)
    server = FakeServer(["human", "random"], "red")
    over = positions["over"]
    scenes = {
        "title": lambda: TitleScene(ctx),
        "settings": lambda: SettingsScene(ctx, in_game=False),
        "load": lambda: FilesScene(ctx, "load"),
        "setup": lambda: SetupScene(ctx),
        "power": lambda: MatchScene(ctx, _match(positions["power"])),
        "action, hints open": lambda: _hints_open(MatchScene(ctx, _match(positions["action"]))),
        "castillo disc": lambda: MatchScene(ctx, _match(positions["disc"])),
        "scoring table": lambda: _summary(MatchScene(ctx, Match.from_game(
            positions["disc"].clone(), parse_players("human,random,random"), autosave=False))),
        "lesson": lambda: TutorialScene(ctx, load_lesson(), 7),
        "help": lambda: HelpScene(ctx),
        "card help": lambda: HelpScene(ctx, card="eviction"),
        "challenges": lambda: ChallengesScene(ctx),
        "online": lambda: OnlineScene(ctx),
        "host": lambda: HostScene(ctx),
        "join": lambda: JoinScene(ctx),
        "lobby": lambda: LobbyScene(ctx, server.table()),
        "game over": lambda: GameOverScene(ctx, Match.from_game(over.clone(), [Seat(p, "random") for p in over.players],
                                                                autosave=False)),
        "review": lambda: ReviewScene(ctx, _match(over)),
        "replay": lambda: ReplayScene(ctx, replay.window(), position=120),
    }
    found: list[str] = []
    for name, make in scenes.items():
        driver.app.apply(Transition.reset(make()))
        driver.step(1)
        assert driver.scene.name not in ("error", "title") or name == "title", name     # drawn, no crash
        drawn = recorder.draw(driver)
        if name == "lesson":           # the lesson's panel over its match screen
            drawn = [d for d in drawn if d.rect.colliderect(layout.docked_rect("lesson"))]
        assert len(drawn) > 2, name
        found += [f"{name}: {line}" for line in problems(drawn)]
    assert not found, "\n".join(found)
