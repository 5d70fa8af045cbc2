"""The match screen's parts (game/scenes/play.py holds the scene): its model (a frame from the
match source and the screen's state), the painting of that frame, input, the advisor's hints and
the phases' modes. Only the match screen imports them."""
