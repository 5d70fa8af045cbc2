"""Learn to play: a guided first game read from levels/tutorial/ (lesson data, the scripted match,
saved progress and the on-screen elements a step points at)."""
