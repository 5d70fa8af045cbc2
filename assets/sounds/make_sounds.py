"""Synthesise the client's short sound effects as 16-bit mono WAV files (original, CC0).

Run `python assets/sounds/make_sounds.py` to regenerate the WAVs beside this script. Pure standard
library (no numpy) so anyone can rebuild them; the output is deterministic (seeded noise).
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path
from typing import Callable

RATE = 22050
HERE = Path(__file__).resolve().parent


def _envelope(t: float, length: float, attack: float = 0.005) -> float:
    """Fast attack, exponential decay: short, percussive board-game sounds."""
    if t < attack:
        return t / attack
    return math.exp(-5.0 * (t - attack) / max(length, 1e-6))


def _render(length: float, voice: Callable[[float], float], gain: float = 0.6) -> list[int]:
    samples = []
    for i in range(int(length * RATE)):
        t = i / RATE
        value = max(-1.0, min(1.0, voice(t) * gain))
        samples.append(int(value * 32767))
    return samples


def _write(name: str, samples: list[int]) -> None:
    with wave.open(str(HERE / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def wood_tap(freq: float, length: float, noise: float, rng: random.Random) -> Callable[[float], float]:
    """A wooden cube landing on cardboard: a damped low tone plus a click of noise."""
    def voice(t: float) -> float:
        tone = math.sin(2 * math.pi * freq * t) + 0.4 * math.sin(2 * math.pi * freq * 2.7 * t)
        click = (rng.random() * 2 - 1) * math.exp(-t * 180)
        return _envelope(t, length) * (0.7 * tone) + noise * click
    return voice


def chime(freqs: list[float], spacing: float, length: float) -> Callable[[float], float]:
    """Bell-like notes one after another: scoring and fanfares."""
    def voice(t: float) -> float:
        total = 0.0
        for k, f in enumerate(freqs):
            start = k * spacing
            if t >= start:
                u = t - start
                env = _envelope(u, length)
                total += env * (math.sin(2 * math.pi * f * u) + 0.3 * math.sin(2 * math.pi * f * 2 * u))
        return total / max(1, len(freqs)) * 1.6
    return voice


def rumble(length: float, rng: random.Random) -> Callable[[float], float]:
    """Cubes tumbling out of the Castillo: a cluster of random taps over a low drone."""
    taps = sorted(rng.uniform(0.05, length - 0.15) for _ in range(14))

    def voice(t: float) -> float:
        drone = 0.25 * math.sin(2 * math.pi * 70 * t) * math.exp(-t * 2.0)
        total = drone
        for start in taps:
            if t >= start:
                u = t - start
                total += 0.35 * math.sin(2 * math.pi * 420 * u) * math.exp(-u * 40)
        return total
    return voice


def swish(length: float, rng: random.Random) -> Callable[[float], float]:
    """A card sliding over the table: filtered noise rising then falling."""
    state = [0.0]

    def voice(t: float) -> float:
        state[0] = 0.85 * state[0] + 0.15 * (rng.random() * 2 - 1)
        shape = math.sin(math.pi * min(1.0, t / length))
        return state[0] * shape * 2.2
    return voice


def main() -> None:
    rng = random.Random(1995)
    _write("place", _render(0.18, wood_tap(310, 0.08, 0.35, rng)))
    _write("click", _render(0.08, wood_tap(900, 0.03, 0.2, rng), gain=0.4))
    _write("card", _render(0.25, swish(0.25, rng), gain=0.5))
    _write("king", _render(0.35, wood_tap(180, 0.2, 0.25, rng)))
    _write("score", _render(0.6, chime([660, 880], 0.09, 0.25)))
    _write("fanfare", _render(1.3, chime([523, 659, 784, 1046], 0.16, 0.45)))
    _write("reveal", _render(1.0, rumble(1.0, rng)))
    _write("error", _render(0.25, chime([220, 185], 0.08, 0.12), gain=0.5))


if __name__ == "__main__":
    main()
