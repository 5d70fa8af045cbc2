"""Every El Grande screen fits: the title, settings, saved games, set-up, the match in each phase
(power, action with the hint panel open, a scoring's table, the Castillo disc), the lesson, help,
the challenges, the online screens, the end, the review and the replay — in en, pt and ca, at
1024x640, 1280x800 and 1920x1080, at 100% and 150% text: all eighteen combinations. A text fails
when it leaves the window, its box (button, paragraph) or its panel, or runs into another text
(tests/game/test_ui_scale_fit.py's recorder: the rectangles each line of text was drawn at, no
pixels compared).

Cheap by construction: the positions, the lesson and each language's challenge list are read
once per module, and each screen is drawn once per case, in the app's one frame after it enters
(recorded as it is drawn, not drawn again to be recorded)."""
from __future__ import annotations

import random
from concurrent.futures import Future

import pytest

import engine
from ai.advisor import Hint, Reason
from ai.worker_pool import Job, Reply
from game.match import ai_worker
from game.match.challenges import SCENARIOS, Challenge, list_challenges
from game.match.controller import Match
from game.match.seats import COLOURS, Seat, parse_players
from game.render import style
from game.match.replay_model import ReplayModel
from game.scenes import challenges as challenges_scene
from game.scenes import online as online_scene
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
from game.tutorial.lesson import Lesson, load_lesson
from tests.game.driver import Driver, make_context
from tests.game.fake_server import FakeServer
from tests.game.test_ui_scale_fit import Recorder, finished_game, problems

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
LANGUAGES = ["en", "pt", "ca"]
SCALES = [1.0, 1.5]
# one window size after another, and a language's two text scales in a row: what is drawn at the
# window's size whatever the text scale (the map's static layer, fixed-size labels) is cached between them
CASES = [(language, size, scale) for size in SIZES for language in LANGUAGES for scale in SCALES]


@pytest.fixture(scope="module")
def positions() -> dict[str, engine.Game]:
    """The positions every case draws: a power bid and an action turn (red's: no AI is asked), a
    Castillo disc, the finished game."""
    game = engine.new_game(players=list(COLOURS[:4]), seed=5)
    rng = random.Random(5)
    while not (game.round >= 5 and game.phase == "card" and game.to_move == "red"):
        game.play(rng.choice(game.legal_moves()))
    power = engine.new_game(players=list(COLOURS[:4]), seed=1)
    assert power.to_move == "red"
    return {"power": power, "action": game, "disc": engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml"),
            "over": finished_game()}


@pytest.fixture(scope="module")
def scoring_moves(positions) -> list[str]:
    """Red's disc, then the other seats' (their first legal ones): the moves to the last scoring,
    played on each case's match as they are (the AI is never asked)."""
    game = positions["disc"].clone()
    moves = ["disc aragon"]
    game.play(moves[0])
    while game.to_move is not None and game.phase == "disc":
        moves.append(str(game.legal_moves()[0]))
        game.play(moves[-1])
    return moves


@pytest.fixture(scope="module")
def finished(positions) -> dict[str, Match]:
    """The finished game as the end screen (AI seats only) and the review (red's) read it, its
    log rebuilt once for every case: nothing is played on them."""
    over = positions["over"]
    return {"end": Match.from_game(over.clone(), [Seat(p, "random") for p in over.players], autosave=False),
            "review": _match(over)}


@pytest.fixture(scope="module")
def replay(positions) -> ReplayModel:
    """The finished game's replay, replayed once for every case."""
    return ReplayModel(positions["over"].record())


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    """The lesson, read and rehearsed once for every case."""
    return load_lesson()


@pytest.fixture(scope="module")
def challenge_lists() -> dict[str, list[Challenge]]:
    """Each language's challenge list (its names are worded as it is read), read once."""
    return {}


@pytest.fixture
def read_once(challenge_lists, monkeypatch):
    """The challenges screen lists the module's copy for the case's language; the join screen's
    search of the LAN never ends (it shows "looking", as in its first frame, and starts no search:
    each would keep the test process two seconds at its exit); the AI worker is never started."""
    def listed() -> list[Challenge]:
        if i18n.language() not in challenge_lists:
            challenge_lists[i18n.language()] = list_challenges()
        return challenge_lists[i18n.language()]
    monkeypatch.setattr(challenges_scene, "list_challenges", listed)
    monkeypatch.setattr(online_scene, "_find_servers", Future)
    monkeypatch.setattr(ai_worker, "shared", lambda: Unanswered())


class Unanswered:
    """The AI worker as a screen sees it in its first frame: asked, and thinking still (the
    review's judge; every match drawn here has a human or nobody to move). No process is
    started, so none is killed when the next screen asks."""

    job: Job | None = None

    def ask(self, job: Job) -> None:
        self.job = job

    def poll(self) -> Reply:
        return Reply()

    def cancel(self) -> None:
        self.job = None


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


def _summary(scene: MatchScene, moves: list[str]) -> MatchScene:
    """A general scoring's table, as the screen shows it after the Castillo reveal."""
    for move in moves:
        assert scene.match.play(move), move
    for _ in range(4000):
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
def test_every_el_grande_screen_fits(language, size, scale, positions, scoring_moves, finished, replay, lesson,
                                    read_once, monkeypatch, case_language):
    i18n.set_language(language)
    style.use_look("classic", scale)
    ctx = make_context(speed=40.0)
    ctx.settings.language, ctx.settings.ui_scale = language, scale
    recorder = Recorder(monkeypatch)
    driver = Driver(SetupScene(ctx), size)
    server = FakeServer(["human", "random"], "red")
    scenes = {
        "title": lambda: TitleScene(ctx),
        "settings": lambda: SettingsScene(ctx, in_game=False),
        "load": lambda: FilesScene(ctx, "load"),
        "setup": lambda: SetupScene(ctx),
        "power": lambda: MatchScene(ctx, _match(positions["power"])),
        "action, hints open": lambda: _hints_open(MatchScene(ctx, _match(positions["action"]))),
        "castillo disc": lambda: MatchScene(ctx, _match(positions["disc"])),
        "scoring table": lambda: _summary(MatchScene(ctx, Match.from_game(
            positions["disc"].clone(), parse_players("human,random,random"), autosave=False)), scoring_moves),
        "lesson": lambda: TutorialScene(ctx, lesson, 7),
        "help": lambda: HelpScene(ctx),
        "card help": lambda: HelpScene(ctx, card="eviction"),
        "challenges": lambda: ChallengesScene(ctx),
        "online": lambda: OnlineScene(ctx),
        "host": lambda: HostScene(ctx),
        "join": lambda: JoinScene(ctx),
        "lobby": lambda: LobbyScene(ctx, server.table()),
        "game over": lambda: GameOverScene(ctx, finished["end"]),
        "review": lambda: ReviewScene(ctx, finished["review"]),
        "replay": lambda: ReplayScene(ctx, replay.window(), position=120),
    }
    found: list[str] = []
    for name, make in scenes.items():
        driver.app.apply(Transition.reset(make()))
        drawn = recorder.frame(driver)
        assert driver.scene.name not in ("error", "title") or name == "title", name     # drawn, no crash
        if name == "lesson":           # the lesson's panel over its match screen
            drawn = [d for d in drawn if d.rect.colliderect(layout.docked_rect("lesson"))]
        assert len(drawn) > 2, name
        found += [f"{name}: {line}" for line in problems(drawn)]
    assert not found, "\n".join(found)
