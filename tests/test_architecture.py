"""DESIGN §1 layers / STYLE 1: imports only point downwards.

engine/ imports neither pygame nor game/ nor ai/; ai/ never imports pygame (nor game/). Imports
are read with `ast` from every .py file, including imports inside functions and relative imports.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    """Top-level names of every module a file under ROOT imports (relative imports resolved)."""
    rel = path.relative_to(ROOT).with_suffix("")
    return imports_in(path.read_text(encoding="utf-8"), list(rel.parts), str(path))


def imports_in(source: str, module_parts: list[str], filename: str = "<source>") -> set[str]:
    """Top-level package names imported by `source`, the module `module_parts` (e.g.
    ["engine", "effects", "base"]; a package's __init__ ends with "__init__")."""
    tree = ast.parse(source, filename=filename)
    package_parts = module_parts[:-1]  # the package the module lives in
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
                found.add(name.split(".")[0] if name else "")
            elif node.module:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value.split(".")[0])
    return found


def python_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


FORBIDDEN = {"engine": {"pygame", "game", "ai"}, "ai": {"pygame", "game"}, "net": {"pygame", "game"}}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layers_import_only_downwards(package):
    """DESIGN §1/STYLE 1: engine/ imports neither pygame nor game/ nor ai/; ai/ and net/ (the
    server, below the client) never import pygame or game/."""
    files = python_files(package)
    if package == "engine":
        assert files, "engine/ has no Python files"
    bad = []
    for path in files:
        hits = imported_modules(path) & FORBIDDEN[package]
        if hits:
            bad.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(hits))}")
    assert not bad, "\n".join(bad)


def test_import_reader_sees_relative_and_nested_imports():
    """DESIGN §1 (the checker itself): it catches plain, from-, relative, nested and dynamic imports."""
    source = ("import os\nfrom ...game import scene\nfrom . import base\n"
              "def f():\n    import pygame.display\n    __import__('ai.agent')\n"
              "    importlib.import_module('yaml')\n")
    found = imports_in(source, ["engine", "effects", "probe"])
    assert found == {"os", "game", "engine", "pygame", "ai", "yaml"}
    assert imports_in("from .flow import x\n", ["engine", "__init__"]) == {"engine"}


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
    """DESIGN §3 / issue 11: ai/ imports the public package `engine` and, for speed, only
    `engine.internals` (the one documented door into the engine's flat state)."""
    bad = [f"{path.relative_to(ROOT)} imports {', '.join(sorted(hits))}"
           for path in python_files("ai")
           if (hits := engine_modules_imported(path) - {"engine", "engine.internals"})]
    assert not bad, "\n".join(bad)
    assert engine_modules_imported(ROOT / "ai" / "policy.py") == {"engine", "engine.internals"}
