"""The architecture checks that the layer contract cannot state (docs/design.md).

The layer order itself, and no pygame below the client's drawing, are import-linter contracts in
pyproject.toml (`lint-imports`, run by .ci/run); these tests add what a static import graph does
not see: which engine modules the AI reads, what loads at run time, who reaches the true Game, and
that every screen is reachable through game/scenes/navigation.py.
"""
from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def python_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def engine_modules_imported(path: Path) -> set[str]:
    """Full names of the engine modules a file imports ("engine", "engine.internals", ...)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "engine")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module \
                and node.module.split(".")[0] == "engine":
            found.add(node.module)
    return found


def test_ai_reads_engine_internals_through_one_module():
    """ai/ imports the public packages `engine` and `engine.castell` and, for El Grande's speed,
    only `engine.internals` (the one documented door into the engine's flat state)."""
    bad = [f"{path.relative_to(ROOT)} imports {', '.join(sorted(hits))}"
           for path in python_files("ai")
           if (hits := engine_modules_imported(path) - {"engine", "engine.internals", "engine.castell"})]
    assert not bad, "\n".join(bad)
    assert engine_modules_imported(ROOT / "ai" / "policy.py") == {"engine", "engine.internals"}


@pytest.mark.parametrize("layer", ["match", "present"])
def test_client_host_and_presentation_layers_never_load_pygame(layer):
    """game/match/ (the host: match, seats, AI worker, undo, saves, replays,
    review, hints) and game/present/ (what a screen shows, as data) serve the headless game, the
    server and tools too: importing every module of the layer in a fresh interpreter loads no
    pygame, directly or through anything they import."""
    import subprocess
    import sys
    modules = sorted(f"game.{layer}.{p.stem}" for p in (ROOT / "game" / layer).glob("*.py") if p.stem != "__init__")
    assert modules, f"game/{layer}/ has no modules"
    code = (f"import importlib, sys\nfor name in {modules!r}:\n    importlib.import_module(name)\n"
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')\n"
            "sys.exit(('pygame loaded: ' + ', '.join(loaded[:3])) if loaded else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# the host: the modules that hold the true Game (the lesson's match is a Match too)
HOST_MODULES = ("game/match/", "game/tutorial/match.py")


def test_only_the_host_reaches_the_true_game():
    """docs/design.md §1 information boundary: the true Game lives in the host
    (`Match.host_game`, the replay model's games); every other client module — scenes, drawing,
    presentation, the shell — reads a View through the match (`view()`, `legal_moves()`,
    `replay_window()` …). Any `host_game` or `_games` outside the host modules fails."""
    bad = []
    for path in python_files("game"):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(HOST_MODULES[0]) or rel == HOST_MODULES[1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=rel)):
            if isinstance(node, ast.Attribute) and node.attr in ("host_game", "_games"):
                bad.append(f"{rel}:{node.lineno} reads .{node.attr}")
    assert not bad, "\n".join(bad)


def test_the_host_boundary_checker_sees_a_reach():
    """docs/design.md §1 (the checker itself): an attribute read of host_game is found."""
    tree = ast.parse("def draw(scene):\n    return scene.match.host_game.discs\n")
    assert [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)] == ["discs", "host_game", "match"]


def runtime_scene_imports(path: Path) -> set[str]:
    """The scene modules (game.scenes.X) a file imports at run time: imports under
    `if TYPE_CHECKING:` only name types and are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", "") == "TYPE_CHECKING" for n in ast.walk(block)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.scenes."):
            found.add(node.module.split(".")[2])
        elif isinstance(node, ast.ImportFrom) and node.module == "game.scenes":
            found.update(alias.name for alias in node.names)
    return found


def test_no_scene_imports_another_the_navigation_is_written_once():
    """A screen asks game/scenes/navigation.py for the screen it goes to; no
    other scene module imports a scene (the match screen's own parts, game/scenes/match_screen/,
    excepted: they import each other and navigation, never a scene)."""
    own = ROOT / "game" / "scenes" / "match_screen"
    bad = []
    for path in sorted([*(ROOT / "game" / "scenes").glob("*.py"), *own.glob("*.py")]):
        if path.name in ("navigation.py", "__init__.py"):
            continue
        allowed = {"match_screen"} if path.parent == own or path.name == "play.py" else set()
        hits = runtime_scene_imports(path) - {"navigation"} - allowed
        if hits:
            bad.append(f"game/scenes/{path.name} imports {', '.join(sorted(hits))}")
    assert not bad, "\n".join(bad)


def test_every_screen_is_registered_once_the_scenes_load():
    """docs/design.md (navigation): each screen navigation.py leads to is set in its registry by
    the screen's own module when the scenes load — in a fresh interpreter, loading any one scene
    (the title) makes all of them reachable, the error screen's hook and the focus ring's painter
    set on the shell."""
    import subprocess
    import sys
    code = ("import game.scenes.title\nfrom game.scenes.navigation import SCREENS, Screens\n"
            "from game.shell.app import App\nfrom game.shell.scene import Scene\n"
            "missing = [n for n in Screens.__annotations__ if not hasattr(SCREENS, n)]\n"
            "missing += ['App.recover'] if App.recover is None else []\n"
            "missing += ['Scene.paint_ring'] if Scene.paint_ring is None else []\n"
            "raise SystemExit(', '.join(missing) or 0)")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert result.returncode == 0, "not registered: " + result.stdout + result.stderr
