"""pygame-ce desktop client for El Grande and Castell: scenes, board rendering, animation, seats.

pygame prints a banner on import; a player's terminal and the headless game log should start with
the game, so it is silenced here, before any client module imports pygame."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
