"""Shared test set-up: the SDL dummy drivers must be chosen before pygame is first imported, so the
client's tests run headless anywhere (DESIGN.md §4, STYLE.md 19)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
