"""The rules a UECda match is played by: the engine's `uecda` preset (tndhms's default rules), for N games."""

from __future__ import annotations

import dataclasses

from presidente.president import Rules, find_preset


def uecda_rules(games: int) -> Rules:
    """The `uecda` preset for a match of `games` games. Its `joker_suits` matters to the bridge: `tndhms` reads a
    group's joker from the suit's cell a client writes it in, and counts that suit in a lock."""
    return dataclasses.replace(find_preset("uecda"), rounds=games)
