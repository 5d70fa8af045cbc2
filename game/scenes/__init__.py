"""The client's scenes: title, setup, power, action, castillo, scoring, game_over, handoff,
settings, help (lifecycle in game/scene.py)."""
