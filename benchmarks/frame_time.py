"""Frame time of the real client during an AI game, under the dummy video driver (1280x800 or --size).

Runs the app in real time (60 fps cap off: every frame is measured as fast as it can be drawn)
while AI seats think on their worker thread, and prints one JSON line:
{"benchmark": "frame_time", "frames": N, "median_ms": ..., "p99_ms": ..., "max_ms": ...}
Usage: python benchmarks/frame_time.py [--seconds 20] [--players normal,normal,normal,normal] [--size 1920x1080]
Only frames the app draws are timed (it skips redraws while nothing changes).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("EL_GRANDE_DATA_DIR", tempfile.mkdtemp(prefix="el-grande-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App  # noqa: E402
from game.assets import Sounds  # noqa: E402
from game.controller import Match  # noqa: E402
from game.scene import Context  # noqa: E402
from game.scenes.play import phase_scene  # noqa: E402
from game.seats import parse_players  # noqa: E402
from game.settings import Settings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--players", default="normal,normal,normal,normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    width, _, height = args.size.partition("x")
    ctx = Context(Settings(anim_speed=1.0, mute=True), Sounds(mute=True))
    match = Match(parse_players(args.players), args.seed, autosave=False)
    app = App(phase_scene(match.game.phase)(ctx, match), (int(width), int(height)))
    thinking_frames = []
    end = time.perf_counter() + args.seconds
    last = time.perf_counter()
    while time.perf_counter() < end and app.running and not match.game.is_over:
        now = time.perf_counter()
        drawn = len(app.frame_times)
        app.step(min(now - last, 0.1))
        last = now
        if match.thinking and len(app.frame_times) > drawn:
            thinking_frames.append(app.frame_times[-1])
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
    times = sorted(app.frame_times[5:])
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(json.dumps({
        "benchmark": "frame_time", "size": args.size, "players": args.players, "frames": len(times),
        "median_ms": round(statistics.median(times) * 1000, 2), "p99_ms": round(p99 * 1000, 2),
        "max_ms": round(times[-1] * 1000, 2),
        "median_ms_while_ai_thinks": round(statistics.median(thinking_frames) * 1000, 2) if thinking_frames else None,
        "moves_played": match.version,
    }))


if __name__ == "__main__":
    main()
