"""CPU use of the real client while nothing moves: the title screen and a human's decisions.

Screens: the title, a human choosing a power card (nothing on the map lit), and a human placing
Caballeros (the legal regions pulse, so a few frames a second are drawn).

Runs `App.run()` (the real loop, not the test stepper) for a fixed time at each resting screen,
under the dummy video driver, and prints one JSON line per screen with the process CPU time spent
(all threads) as a percentage of one core:
{"benchmark": "idle_cpu", "screen": "title", "size": "1280x800", "seconds": 10.0, "cpu_percent": ...}
Usage: python benchmarks/idle_cpu.py [--seconds 10] [--size 1280x800]
Each screen runs in its own process (the app quits pygame when its loop ends).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("EL_GRANDE_DATA_DIR", tempfile.mkdtemp(prefix="el-grande-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.shell.app import App  # noqa: E402
from game.shell.assets import Sounds  # noqa: E402
from game.match.controller import Match  # noqa: E402
from game.shell.scene import Context, Scene  # noqa: E402
from game.scenes.play import MatchScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.match.seats import parse_players  # noqa: E402
from game.shell.settings import Settings  # noqa: E402

SCREENS = ("title", "human_decision", "human_targets")
WARM_UP = 1.0  # seconds left out: the first frames build caches (map layer, fonts)


def measure(name: str, first: Scene, size: tuple[int, int], seconds: float) -> dict:
    """Run the app's own loop; a timer thread posts QUIT when the time is up."""
    app = App(first, size)
    marks: dict[str, float] = {}

    def mark_start() -> None:
        marks["cpu"], marks["wall"] = time.process_time(), time.perf_counter()

    def stop() -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    timers = [threading.Timer(WARM_UP, mark_start), threading.Timer(WARM_UP + seconds, stop)]
    for timer in timers:
        timer.start()
    app.run()
    cpu, wall = time.process_time() - marks["cpu"], time.perf_counter() - marks["wall"]
    return {"benchmark": "idle_cpu", "screen": name, "size": f"{size[0]}x{size[1]}",
            "seconds": round(wall, 2), "cpu_percent": round(100 * cpu / wall, 1),
            "frames_drawn": len(app.frame_times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--screen", choices=SCREENS)
    args = parser.parse_args()
    if args.screen is None:
        for screen in SCREENS:
            subprocess.run([sys.executable, __file__, "--seconds", str(args.seconds), "--size", args.size,
                            "--screen", screen], check=True)
        return
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))
    ctx = Context(Settings(mute=True), Sounds(mute=True))
    first: Scene = TitleScene(ctx)
    if args.screen != "title":
        match = Match(parse_players("human,normal,normal,normal"), 1, autosave=False)
        if args.screen == "human_targets":
            rng = random.Random(1)
            while not (match.host_game.phase == "place" and match.host_game.to_move == "red"):
                match.play(rng.choice(match.host_game.legal_moves()))
            match.events.clear()   # start at the decision, not at the animations leading to it
        first = MatchScene(ctx, match)
    print(json.dumps(measure(args.screen, first, size, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
