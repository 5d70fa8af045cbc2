"""The client's screens, one module each (the match screen's parts in match_screen/), and where
each leads (navigation.py). Loading the package loads every screen, which registers itself with
navigation, the error screen's hook on the app (crash.py) and the keyboard focus ring's painter
(game/render/focus_ring.py): the shell below calls them without importing upwards."""
from game.render import focus_ring  # noqa: F401
from game.scenes import (castell_help, castell_lesson, castell_pause, castell_play, castell_replay,  # noqa: F401
                         challenges, crash, dialog, error, files, game_over, handoff, help, online,
                         online_lobby, play, replay, review, settings, setup, title, tutorial, unfinished)
