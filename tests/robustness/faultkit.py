"""Faults during play: AI-only games in the real client (dummy video driver) while the AI worker is
killed with SIGKILL and disk writes are refused (ENOSPC) at random moments, and a monkey moves and
clicks over the board. Shared by test_robust_ai_worker.py and benchmarks/soak.py (--faults).

A decision is lost when an AI seat was asked and the game never got its move (the game stalls), or
when a move reached the game that is not the answer to the position it was asked for (it would be
illegal and end on the error screen). After each game the game's autosave on disk must still be
readable and hold a prefix of the game's record (or, when its final write was refused, be set
aside: Continue never offers a finished game), and the record must replay.
"""
from __future__ import annotations

import errno
import os
import random
import signal
import time
from dataclasses import dataclass, field

import engine
from game.match import ai_worker, saves
from game.shell.app import App
from game.shell.assets import Sounds
from game.match.controller import Match
from game.shell.scene import Context
from game.scenes.play import MatchScene
from game.match.seats import Seat
from game.shell.settings import Settings

FRAME = 1 / 30
FRAME_LIMIT = 5000


@dataclass
class FaultReport:
    games: int = 0
    finished: int = 0
    decisions: int = 0
    lost_decisions: int = 0
    worker_kills: int = 0
    kills_while_thinking: int = 0
    write_failures: int = 0
    failures: list[str] = field(default_factory=list)


def late_game(players: int, seed: int, left: int) -> engine.Game:
    """A short-variant game with `left` decisions to go (played at random up to there), so a test
    spends its time on the decisions made under faults."""
    colours = ["red", "blue", "green", "yellow", "orange"][:players]
    full = engine.new_game(players=colours, seed=seed, variant="short")
    rng = random.Random(seed)
    while not full.is_over:
        full.play(rng.choice(full.legal_moves()))
    game, rng = engine.new_game(players=colours, seed=seed, variant="short"), random.Random(seed)
    for _ in range(max(0, len(full.record()["moves"]) - left)):
        game.play(rng.choice(game.legal_moves()))
    return game


class RefusingDisk:
    """While active, each rename of an atomic write fails with ENOSPC with probability `p`."""

    def __init__(self, rng: random.Random, p: float, report: FaultReport) -> None:
        self.rng, self.p, self.report = rng, p, report
        self._replace = os.replace

    def __enter__(self) -> RefusingDisk:
        def replace(src, dst, *args, **kwargs):
            if self.rng.random() < self.p:
                self.report.write_failures += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return self._replace(src, dst, *args, **kwargs)
        os.replace = replace
        return self

    def __exit__(self, *exc: object) -> None:
        os.replace = self._replace


def _monkey(app: App, rng: random.Random) -> None:
    """Mouse moves, clicks on the map, Tab and Space: input that never leaves the game."""
    import pygame

    from game.shell import layout
    rect = layout.current().map_rect
    pos = app.to_window((rng.randrange(rect.left, rect.right), rng.randrange(rect.top, rect.bottom)))
    kind = rng.random()
    if kind < 0.5:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    elif kind < 0.8:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    else:
        key = rng.choice((pygame.K_TAB, pygame.K_SPACE))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))


def play_with_faults(kinds: tuple[str, ...], seed: int, rng: random.Random, report: FaultReport,
                     left: int = 24, kill_p: float = 0.08, write_p: float = 0.1) -> Match:
    """One AI-only game in the window from `left` decisions before its end, under faults."""
    worker = ai_worker.shared()
    game = late_game(len(kinds), seed, left)
    match = Match.from_game(game, [Seat(p, kind) for p, kind in zip(game.players, kinds)])
    match.save()
    start_moves = match.version
    app = App(MatchScene(Context(Settings(anim_speed=200.0, mute=True), Sounds(mute=True)), match))
    report.games += 1
    frames = 0
    with RefusingDisk(rng, write_p, report):
        while app.running and app.scene.name not in ("game_over", "error") and frames < FRAME_LIMIT:
            if worker.pid and rng.random() < kill_p:
                report.kills_while_thinking += worker.job is not None
                report.worker_kills += 1
                os.kill(worker.pid, signal.SIGKILL)
            _monkey(app, rng)
            app.step(FRAME)
            frames += 1
            if worker.job is not None:
                time.sleep(0.002)          # let a search run long enough to be killed mid-way
    report.decisions += match.version - start_moves
    where = f"{'/'.join(kinds)} seed {seed}"
    if app.scene.name == "error":
        report.lost_decisions += 1
        report.failures.append(f"{where}: error screen: {app.scene.error}")
    elif not match.host_game.is_over:
        report.lost_decisions += 1
        report.failures.append(f"{where}: stalled at move {match.version} (asked, never answered)")
    else:
        report.finished += 1
    if engine.replay(match.host_game.record()) != match.host_game:
        report.failures.append(f"{where}: the record does not replay")
    slot = saves.autosave_file(match.autosave_slot)
    offered = {info.path for info in saves.continue_slots()}
    if match.host_game.is_over and slot in offered:
        report.failures.append(f"{where}: Continue offers the finished game (an older position of it)")
    if match.host_game.is_over and not slot.exists():
        return match     # its final autosave was refused: the older position was set aside
    try:
        saved, _ = saves.load_save(slot)
    except engine.EngineError as exc:
        report.failures.append(f"{where}: autosave unreadable: {exc}")
    else:
        moves, kept = match.host_game.record()["moves"], saved.record()["moves"]
        if moves[:len(kept)] != kept:
            report.failures.append(f"{where}: the autosave is not a prefix of the game")
    return match
