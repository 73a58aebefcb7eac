"""The rules a UECda match is played by: the engine's `uecda` preset, for a match of N games."""

from __future__ import annotations

import dataclasses

from presidente.errors import RulesError
from presidente.president import Rules, find_preset

# Until the engine's `uecda` preset exists, the nearest table its options make (no UECda deal, seat shuffles or
# rank reset): 5 players, one joker, sequences, 8 cut, lock, spade-3 return, revolutions by 4+ or a sequence of 5+.
_NEAREST = Rules(
    name="uecda",
    jokers_per_deck=1,
    joker_mode="bga",
    revolution="jokers",
    one_fewer_two=False,
    pass_mode="trick",
    equalize="disallow",
    first_trick="random",
    first_round_leader="random",
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
