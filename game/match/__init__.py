"""The host side of a game: the match (the only holder of the true Game), seats, the AI worker, undo, saves, replays, review, hints and challenges. No pygame."""
