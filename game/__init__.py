"""pygame-ce desktop client for El Grande: scenes, board rendering, animation, seats (DESIGN.md §4)."""
