"""How long the README's test command takes: wall-clock seconds and CPU seconds (user + system of
pytest, its xdist workers and every process they started and reaped), printed as one JSON line.

Why CPU as well as wall: on a shared machine the wall-clock time says more about the neighbours
than about the tests; the CPU seconds (about twice the wall time of a quiet 2-core run) are the
figure to compare before and after a change. This machine's own speed varies too (a quiet run of
the same commit took 106-131 s): compare runs made back to back.

    python benchmarks/suite_time.py                        # the README command: pytest -q -n 3
    python benchmarks/suite_time.py --workers 0 tests/engine   # a subset, in one process

Other options are passed to pytest (e.g. `-k monkey`).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=3, help="xdist workers (-n); 0 runs in one process")
    parser.add_argument("paths", nargs="*", help="test paths (default: the whole suite)")
    args, pytest_args = parser.parse_known_args(argv)
    command = [sys.executable, "-m", "pytest", "-q", "-rf", *(["-n", str(args.workers)] if args.workers else
                                                       ["-p", "no:xdist", "-o", "addopts="]), *pytest_args, *args.paths]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    lines = done.stdout.strip().splitlines()
    print(json.dumps({"command": " ".join(["pytest", *command[3:]]), "wall_s": round(wall, 1),
                      "cpu_s": round(user + system, 1), "user_s": round(user, 1), "sys_s": round(system, 1),
                      "load_before": round(load, 2), "returncode": done.returncode,
                      "summary": lines[-1].strip("= ") if lines else done.stderr.strip()[-300:],
                      "failed": [line.split()[1] for line in lines if line.startswith("FAILED ")]}))


if __name__ == "__main__":
    main()
