"""The rules a UECda match is played by: the engine's `uecda` preset, for a match of N games."""

from __future__ import annotations

import dataclasses

from presidente.errors import RulesError
from presidente.president import Rules, find_preset

# Until the engine's `uecda` preset exists, the nearest table its options make: 5 players, one joker, sequences,
# 8 cut, lock, spade-3 return, revolutions by 4+ or a sequence of 5+, the 3 of diamonds lead, the table cleared when
# everyone still in has passed, passes when leading, 20 passes in a row, seat shuffles every 3 games, the rank reset
# every 100, points 5 to 1. (Not the UECda deal: one card at a time from the Daifugo.)
_NEAREST = Rules(
    name="uecda",
    jokers_per_deck=1,
    joker_mode="bga",
    revolution="jokers",
    one_fewer_two=False,
    pass_mode="trick",
    equalize="disallow",
    first_trick="special-three",
    special_three="3D",
    special_three_must_lead=False,
    trick_end="all-passed",
    lead_pass=True,
    pass_limit=20,
    seat_shuffle=3,
    rank_reset=100,
    scoring="places",
    min_players=5,
    max_players=5,
    role_titles=("Daifugo", "Fugo", "Heimin", "Hinmin", "Daihinmin"),
    eight_cut=True,
    spade_three_return=True,
    suit_lock=True,
    sequences=True,
    sequence_revolution=5,
)


def uecda_rules(games: int) -> Rules:
    """The `uecda` preset for a match of `games` games."""
    try:
        preset = find_preset("uecda")
    except RulesError:
        preset = _NEAREST
    return dataclasses.replace(preset, rounds=games)
