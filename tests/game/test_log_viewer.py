"""The log reads a secret move (engine.SECRET_VERBS: a disc, a power card taken back, §5.4) in
full to its own player and hidden to everybody else: the event feed words its items for the seat
looking (game/match/feed.py), in a game against AI seats and in pass-and-play."""
from __future__ import annotations

import yaml

import engine
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.match.seats import parse_players
from game.present.describe import item_text, move_item
from game.shell import i18n


def _disc_set(players: str) -> Match:
    scenario = yaml.safe_load((SCENARIOS / "challenge_1_last_scoring.yaml").read_text(encoding="utf-8"))
    match = Match.from_game(engine.load_scenario(scenario), parse_players(players), autosave=False)
    match.hand_to("red")
    assert match.play("disc aragon")
    return match


def test_own_disc_reads_in_full_to_its_player():
    i18n.set_language("en")
    match = _disc_set("human,random,random")
    assert "Red sets the secret disc to Aragón" in match.log_lines()
    assert "Red sets the secret disc" not in match.log_lines()


def test_pass_and_play_table_reads_the_disc_hidden():
    i18n.set_language("en")
    match = _disc_set("human,human,random")
    assert match.log_viewer() is None, "Red's disc is set: the screen waits for the hand-off back"
    assert "Red sets the secret disc" in match.log_lines()
    assert not any("Aragón" in line for line in match.log_lines())


def test_the_feed_words_a_recovered_card_for_the_viewer():
    feed = Match(parse_players("human,random"), 3, autosave=False).feed
    feed.settled("red", "recover 13", [])
    assert feed.log_lines(str.title, "red")[-1].endswith("takes back power card 13")
    assert feed.log_lines(str.title, "blue")[-1].endswith("takes back a power card")


def test_a_card_an_ai_took_back_for_an_away_seat_reads_in_full_to_that_seat():
    """Online, a move an AI played for a player who was away is logged as "red+ai:normal"
    (game/match/remote_seat.py `mover`): it is his seat's, so he reads it as his own."""
    i18n.set_language("en")
    item = move_item("recover 13", "red+ai:normal")
    assert item is not None
    assert item_text(item, str.title, "red").endswith("takes back power card 13")
    assert item_text(item, str.title, "blue").endswith("takes back a power card")
