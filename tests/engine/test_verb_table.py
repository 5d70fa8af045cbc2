"""The verb table (engine/verbs.py): one entry for every verb the engine generates, consistent with
the notation's argument kinds, and listing every refusal code `why_illegal` gives a move of it."""
from __future__ import annotations

import random

import pytest

import engine
from engine.verbs import COMMON_REFUSALS, VERB_INFO, Confirm, Ghost, Where

COLOURS = ("red", "blue", "green", "yellow", "orange")


def _random_games(count: int) -> list[engine.Game]:
    """Every position (cloned) of `count` seeded random games of 2 to 5 players, the 2-player ones
    some with the neutral colour (docs/rulings.md R4-R9) and Veto on and off (§6.7)."""
    positions: list[engine.Game] = []
    for seed in range(count):
        rng = random.Random(seed)
        players = COLOURS[:2 + seed % 4]
        game = engine.new_game(players=players, seed=seed, veto=seed % 3 != 0,
                               dummy=len(players) == 2 and seed % 8 == 0)
        while game.to_move_idx >= 0:
            positions.append(game.clone())
            game.apply(rng.choice(game.legal_moves()))
    return positions


@pytest.fixture(scope="module")
def positions() -> list[engine.Game]:
    return _random_games(40)


def test_every_generated_verb_has_an_entry_and_every_entry_is_generated(positions):
    """docs/design.md §2: each legal move of 40 random games has its verb in the table, and no entry is a verb the
    engine never offers."""
    generated = {move.verb for game in positions for move in game.legal_moves()}
    assert generated <= set(VERB_INFO), generated - set(VERB_INFO)
    assert generated == set(VERB_INFO), set(VERB_INFO) - generated


def test_the_target_argument_is_the_area_the_engine_names(positions):
    """docs/design.md §2: `target` points at an area-kind argument, and `engine.target_area` of every legal move is
    that argument when it is a map area (a `return court` acts on none)."""
    for info in VERB_INFO.values():
        if info.target is not None:
            assert info.args[info.target] in ("area", "region", "source"), info
    areas = {*engine.REGIONS, "castillo"}
    for game in positions[::25]:
        for move in game.legal_moves():
            index = VERB_INFO[move.verb].target
            expected = move.args[index] if index is not None and move.args[index] in areas else None
            assert engine.target_area(move) == expected, move


def test_secret_verbs_are_hidden_from_others_and_always_confirmed():
    """A secret move's argument is "?" to the others (§5.4); it is staged behind Confirm every time,
    since no Undo can follow a hand-off; so are the power card and the action card, which everyone
    sees at once (§4.2)."""
    for verb, info in VERB_INFO.items():
        move = engine.Move(verb, ("x",) * len(info.args))
        assert (engine.public_text(move) == f"{verb} ?") is info.secret, verb
        if info.secret or info.ghost is Ghost.CARD:
            assert info.confirm is Confirm.ALWAYS, verb
    assert engine.SECRET_VERBS == {verb for verb, info in VERB_INFO.items() if info.secret}


def test_ghosts_and_pick_places_fit_the_arguments():
    """docs/design.md §2: a piece put down on the map lands on the move's target; a card lifted from the hand is a
    power card, from the offer an action card; a piece of a player's is his (`piece_owner`)."""
    for verb, info in VERB_INFO.items():
        if info.ghost.on_map:
            assert info.target is not None, verb
        if info.chosen_on is Where.HAND:
            assert info.args == ("power",) and info.ghost is Ghost.CARD, verb
        if info.chosen_on is Where.OFFER:
            assert info.args == ("card",) and info.ghost is Ghost.CARD, verb
    assert engine.piece_owner("move", ("green", "galicia", "aragon"), "red") == "green"
    assert engine.piece_owner("place", ("aragon",), "red") == "red"


def test_refusals_name_every_code_and_only_the_codes_of_their_verb(positions):
    """docs/design.md §2: every move offered somewhere in the random games, tried at a spread of their positions: the
    refusal `why_illegal` gives is one the verb's entry lists (or common to all moves); together the
    entries cover every reason code the engine has (engine/refusals.py REASONS)."""
    universe = sorted({move for game in positions[::5] for move in game.legal_moves()}, key=str)
    listed = set(COMMON_REFUSALS) | {code for info in VERB_INFO.values() for code in info.refusals}
    assert listed == set(engine.REASONS)
    given: set[str] = set()
    for game in positions[::97]:
        for move in universe:
            reason = engine.why_illegal(game, move)
            if reason is not None:
                assert reason[0] in (*COMMON_REFUSALS, *VERB_INFO[move.verb].refusals), (move, reason)
                given.add(reason[0])
    assert {"wrong_step", "kings_region", "not_adjacent_to_king", "card_not_offered", "court_limit"} <= given
