"""Frame time of the real client during an AI game, under the dummy video driver (1280x800 or
--size), and how long the AI seats think in the window.

Runs the app in real time (stepped at 60 Hz; only frames the app draws are timed, it skips redraws
while nothing changes) while AI seats think in their worker process, and prints one JSON line for
the frames:
{"benchmark": "frame_time", "frames": N, "median_ms": ..., "p95_ms": ..., "p99_ms": ..., "max_ms": ...}
and one per AI level seated, for the thinking: the time from the AI's turn starting (the worker
asked) to its move arriving in the client (animations excluded), p50/p95 over decisions with more
than one legal move (as benchmarks/ai_latency.py counts them). The same positions are then decided
again in this process, single-threaded, as ai_latency.py does: `in_process_*` and the ratio show
what the window adds. `worker_search_*` is the part spent searching inside the worker: window minus
search is the transport (pipe, polling once a frame); search minus in-process is the worker's
search slowed by sharing the CPU with the frame loop (and anything else running).

Usage: python benchmarks/frame_time.py [--seconds 20] [--players normal,normal,normal,normal] [--size 1920x1080]
       python benchmarks/frame_time.py --levels easy,normal,hard --seconds 60   # 4 seats of each
"""
from __future__ import annotations

import argparse
import json
import os
import random
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

from game.shell.app import App  # noqa: E402
from game.shell.assets import Sounds  # noqa: E402
from game.match.controller import Match  # noqa: E402
from game.shell.scene import Context  # noqa: E402
from game.scenes.play import MatchScene  # noqa: E402
from game.match.seats import make_agent, parse_players  # noqa: E402
from game.shell.settings import Settings  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


class ThinkLog:
    """Per AI decision of the game: the level, the seconds from ask to arrival, and the position
    (view, seed, rng seed) to decide again in process. Forced decisions are left out."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.samples: list[tuple[str, float, float, object, int, int]] = []
        self._last = match.last_think
        self._position: tuple | None = None

    def before_frame(self) -> None:
        match = self.match
        player = match.host_game.to_move
        if player is None or match.seats[player].human:
            self._position = None
        elif self._position is None or self._position[0] != match.version:
            forced = len(match.host_game.legal_moves()) < 2
            self._position = (match.version, forced, match.host_game.view(player),
                              match.seed + match.players.index(player))

    def after_frame(self) -> None:
        think = self.match.last_think
        if think is self._last or self._position is None:
            return
        self._last = think
        version, forced, view, seed = self._position
        if not forced:
            self.samples.append((self.match.last_think_level, think.seconds, think.search_seconds, view, seed,
                                 self.match.seed * 1000 + version))


def run_game(players: str, seconds: float, seed: int, size: str) -> tuple[dict, ThinkLog]:
    width, _, height = size.partition("x")
    ctx = Context(Settings(anim_speed=1.0, mute=True), Sounds(mute=True))
    match = Match(parse_players(players), seed, autosave=False)
    app = App(MatchScene(ctx, match), (int(width), int(height)))
    thinks = ThinkLog(match)
    thinking_frames = []
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < end and app.running and not match.host_game.is_over:
        now = time.perf_counter()
        thinks.before_frame()
        drawn = len(app.frame_times)
        app.step(min(now - last, 0.1))
        thinks.after_frame()
        last = now
        if match.thinking and len(app.frame_times) > drawn:
            thinking_frames.append(app.frame_times[-1])
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
    times = sorted(app.frame_times[5:])
    frames = {
        "benchmark": "frame_time", "size": size, "players": players, "frames": len(times),
        "median_ms": round(statistics.median(times) * 1000, 2), "p95_ms": round(pct(times, 0.95) * 1000, 2),
        "p99_ms": round(pct(times, 0.99) * 1000, 2),
        "max_ms": round(times[-1] * 1000, 2),
        "median_ms_while_ai_thinks": round(statistics.median(thinking_frames) * 1000, 2) if thinking_frames else None,
        "moves_played": match.version,
    }
    return frames, thinks


def think_lines(thinks: ThinkLog) -> list[dict]:
    """Per level: thinking in the window vs the same positions decided in this process."""
    lines = []
    for level in sorted({s[0] for s in thinks.samples}):
        samples = [s for s in thinks.samples if s[0] == level]
        window = [s[1] for s in samples]
        searching = [s[2] for s in samples]
        local = []
        agents: dict[int, object] = {}
        for _, _, _, view, seed, rng_seed in samples:
            agent = agents.setdefault(seed, make_agent(level, seed=seed))
            started = time.perf_counter()
            agent.choose(view, random.Random(rng_seed))
            local.append(time.perf_counter() - started)
        p50, p95 = pct(window, 0.5), pct(window, 0.95)
        lines.append({"benchmark": "ai_think_in_window", "level": level, "decisions": len(samples),
                      "p50_s": round(p50, 4), "p95_s": round(p95, 4),
                      "worker_search_p50_s": round(pct(searching, 0.5), 4),
                      "worker_search_p95_s": round(pct(searching, 0.95), 4),
                      "in_process_p50_s": round(pct(local, 0.5), 4), "in_process_p95_s": round(pct(local, 0.95), 4),
                      "ratio_p50": round(p50 / max(pct(local, 0.5), 1e-9), 2),
                      "ratio_p95": round(p95 / max(pct(local, 0.95), 1e-9), 2),
                      "load_avg_1m": round(os.getloadavg()[0], 2)})
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play per game")
    parser.add_argument("--players", default="normal,normal,normal,normal")
    parser.add_argument("--levels", help="comma-separated AI levels: one game of four such seats each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    games = [",".join([level] * 4) for level in args.levels.split(",")] if args.levels else [args.players]
    for players in games:
        frames, thinks = run_game(players, args.seconds, args.seed, args.size)
        print(json.dumps(frames), flush=True)
        for line in think_lines(thinks):
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
