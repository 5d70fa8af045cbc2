"""Mutation testing of engine/ against the fast engine tests.

    nice python benchmarks/mutation.py --sample 300 --seed 1 --jobs 2

Enumerates mutants of engine/**/*.py with the `ast` module (comparison swaps, arithmetic and
augmented-assignment swaps, and/or swaps, dropped `not`, int constant +1, True/False swaps,
removed call statements / raises / augmented assignments, `return X` -> `return None`), draws a
seeded sample, and runs `pytest -x -q tests/engine` (without the long random sweeps of
test_random_play.py) on each mutant inside a private copy of the project under /tmp/mutation/:
the working tree is never written. A mutant is killed when the tests fail or time out.

Prints one JSON line per mutant, then a summary line (killed, survived, timeouts, kill_rate) and
the survivors (file:line, the change). `--only ID,ID` re-runs chosen mutants of the same sample.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = Path(tempfile.gettempdir()) / "mutation"
FAST_TESTS = ["tests/engine", "--ignore=tests/engine/test_random_play.py"]

COMPARE_SWAP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
                ast.Is: ast.IsNot, ast.IsNot: ast.Is}
ARITH_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
              ast.Div: ast.Mult, ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd,
              ast.BitAnd: ast.BitOr}


@dataclass(frozen=True)
class Mutant:
    """One source change: replace [start, end) of `path`'s text with `new`."""
    path: str
    line: int
    start: int
    end: int
    old: str
    new: str

    @property
    def ident(self) -> str:
        return f"{self.path}:{self.line}:{self.start}"


def _offsets(text: str) -> list[int]:
    """Character offset of the start of each line (1-based line numbers index from 1)."""
    starts = [0, 0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _replacements(node: ast.AST) -> Iterator[str]:
    """The source texts that replace `node`, one per mutant of the classic operator set."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            swapped = type(op) in COMPARE_SWAP
            if swapped:
                ops = list(node.ops)
                ops[i] = COMPARE_SWAP[type(op)]()
                yield f"({ast.unparse(ast.Compare(node.left, ops, node.comparators))})"
    elif isinstance(node, ast.BinOp) and type(node.op) in ARITH_SWAP:
        yield f"({ast.unparse(ast.BinOp(node.left, ARITH_SWAP[type(node.op)](), node.right))})"
    elif isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield f"({ast.unparse(ast.BoolOp(other, node.values))})"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield f"({ast.unparse(node.operand)})"
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield str(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield str(node.value + 1)
    elif isinstance(node, ast.AugAssign):
        if type(node.op) in ARITH_SWAP:
            yield ast.unparse(ast.AugAssign(node.target, ARITH_SWAP[type(node.op)](), node.value))
        yield "pass"
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) or isinstance(node, ast.Raise):
        yield "pass"
    elif isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None):
        yield "return None"


def _skipped(tree: ast.Module) -> set[int]:
    """Ids of nodes never mutated: annotations, f-strings and everything inside them."""
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.arg, ast.AnnAssign)) and node.annotation is not None:
            roots.append(node.annotation)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            roots.append(node.returns)
        if isinstance(node, ast.JoinedStr):
            roots.append(node)
    return {id(inner) for root in roots for inner in ast.walk(root)}


def mutants_of(path: Path) -> Iterator[Mutant]:
    """Every mutant of one source file, in source order."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    starts = _offsets(text)
    skipped = _skipped(tree)
    rel = path.relative_to(ROOT).as_posix()
    for node in ast.walk(tree):
        if id(node) in skipped or not isinstance(node, (ast.expr, ast.stmt)):
            continue
        start = starts[node.lineno] + node.col_offset
        end = starts[node.end_lineno or node.lineno] + (node.end_col_offset or node.col_offset)
        for new in _replacements(node):
            yield Mutant(rel, node.lineno, start, end, text[start:end], new)


def all_mutants() -> list[Mutant]:
    found = [m for path in sorted((ROOT / "engine").rglob("*.py")) for m in mutants_of(path)]
    return sorted(found, key=lambda m: (m.path, m.start, m.new))


def _copy_project(dest: Path) -> None:
    """A private copy of what the engine tests read; no bytecode, so no stale .pyc survives."""
    skip = shutil.ignore_patterns(".git", "__pycache__", ".pytest_cache", ".hypothesis")
    shutil.copytree(ROOT, dest, ignore=skip)


def _run_tests(cwd: Path, timeout: float) -> tuple[str, float]:
    """('passed' | 'failed' | 'timeout', seconds) of the fast engine tests in `cwd`."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(cwd))
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
           *FAST_TESTS]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return "timeout", time.perf_counter() - start
    return ("passed" if code == 0 else "failed"), time.perf_counter() - start


def _worker(todo: list[Mutant], timeout: float, out: list[dict]) -> None:
    """Run `todo` one by one in a copy of its own, restoring each file after its mutant."""
    SCRATCH.mkdir(parents=True, exist_ok=True)
    copy = Path(tempfile.mkdtemp(prefix="job", dir=SCRATCH)) / "project"   # never shared by two runs
    _copy_project(copy)
    try:
        baseline, _ = _run_tests(copy, timeout)
        if baseline != "passed":
            raise SystemExit(f"mutation: the unmutated copy {copy} does not pass: {baseline}")
        for m in todo:
            target = copy / m.path
            original = target.read_text(encoding="utf-8")
            target.write_text(original[:m.start] + m.new + original[m.end:], encoding="utf-8")
            try:
                status, seconds = _run_tests(copy, timeout)
            finally:
                target.write_text(original, encoding="utf-8")
            row = {"id": m.ident, "old": m.old, "new": m.new, "status": status,
                   "seconds": round(seconds, 2)}
            print(json.dumps(row), flush=True)
            out.append(row)
    finally:
        shutil.rmtree(copy.parent, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=300, help="mutants drawn (0 = all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per mutant")
    parser.add_argument("--only", default="", help="comma-separated mutant ids of the sample")
    parser.add_argument("--list", action="store_true", help="print the sample, run nothing")
    args = parser.parse_args(argv)
    every = all_mutants()
    chosen = every if args.sample <= 0 else random.Random(args.seed).sample(every, args.sample)
    if args.only:
        wanted = set(args.only.split(","))
        chosen = [m for m in chosen if m.ident in wanted]
    if args.list:
        for m in chosen:
            print(json.dumps({"id": m.ident, "old": m.old, "new": m.new}))
        return
    rows: list[dict] = []
    with ThreadPoolExecutor(args.jobs) as pool:
        runs = [pool.submit(_worker, chosen[slot::args.jobs], args.timeout, rows)
                for slot in range(args.jobs)]
    for run in runs:
        run.result()  # re-raises a worker's failure
    survived = sorted((r for r in rows if r["status"] == "passed"), key=lambda r: r["id"])
    killed = sum(r["status"] == "failed" for r in rows)
    timeouts = sum(r["status"] == "timeout" for r in rows)
    print(json.dumps({"mutants_total": len(every), "run": len(rows), "killed": killed,
                      "timeouts": timeouts, "survived": len(survived),
                      "kill_rate": round((killed + timeouts) / max(len(rows), 1), 3)}))
    for r in survived:
        print(json.dumps({"survivor": r["id"], "old": r["old"], "new": r["new"]}))


if __name__ == "__main__":
    main()
