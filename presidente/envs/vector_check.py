"""The vectorized engine checked against the reference engine: seeded matches played through both.

`play_side_by_side(seeds, rules, choice_seed)` plays one match per seed through `VectorTables` and through
`presidente.president` (`new_game(rules, 4, seed)`) at once, with uniformly random legal moves, and before and
after every move compares the legal-action set (the whole mask against `ActionCodec.mask`), the state (hands,
seat to move, scores, round, trick, revolution, places, downfall, the transfer and its cards, the cards face up)
and every reward (against the engine's score changes). The first difference raises `Mismatch` naming the
table, seed and move. tests/envs runs it on hundreds of deals; ``benchmarks/envs_differential.py`` on thousands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from presidente.cards import counts_from_group
from presidente.envs.president_actions import ActionCodec, rank_counts
from presidente.envs.vector_bga import BGA, PLAYERS, VectorTables
from presidente.president import State, new_game
from presidente.president.rules import ROLE_KEYS, Rules
from presidente.president.state import Phase


class Mismatch(AssertionError):
    """The vectorized engine and the reference engine disagree."""


@dataclass
class Coverage:
    """What the compared matches went through (so a test can tell it exercised each rule)."""

    matches: int = 0
    rounds: int = 0
    moves: int = 0
    transfers: int = 0
    downfalls: int = 0
    illegal_finishes: int = 0
    revolutions: int = 0


def play_side_by_side(
    seeds: Sequence[int], rules: Rules = BGA, choice_seed: int = 0, players: int = PLAYERS
) -> Coverage:
    """Play a match per seed through both engines, comparing everything move by move (see the module)."""
    codec = ActionCodec(rules)
    tables = VectorTables(len(seeds), rules, players)
    tables.reset(list(seeds))
    states = [new_game(rules, players, seed) for seed in seeds]
    rng = random.Random(choice_seed)
    coverage = Coverage(matches=len(seeds))
    for table, state in enumerate(states):
        _compare(tables, table, state, codec, seeds, coverage.moves)
    while True:
        live = np.array([table for table, state in enumerate(states) if not state.is_over], dtype=np.intp)
        if not len(live):
            break
        masks = tables.legal_masks(live)
        actions = [rng.choice(np.flatnonzero(masks[row]).tolist()) for row in range(len(live))]
        before = [list(states[table].scores) for table in live]
        rewards = tables.step(np.array(actions, dtype=np.intp), live)
        coverage.moves += len(live)
        for row, table in enumerate(live):
            state = states[table]
            round_before, reversed_before = state.round_number, state.reversed
            fallen_before, bottom_before = state.downfallen, len(state.out)
            if state.phase is Phase.EXCHANGE and state.transfers[0].winner == state.roles.president:
                coverage.transfers += 1
            state.apply(codec.decode(actions[row], state))
            earned = [after - was for after, was in zip(state.scores, before[row], strict=True)]
            if rewards[row].tolist() != earned:
                raise Mismatch(_where(seeds, table, coverage.moves, f"rewards {rewards[row].tolist()} != {earned}"))
            if state.round_number != round_before or state.is_over:
                coverage.rounds += 1
            else:
                # Counted within a round (a move that also ends the round is not counted: coverage only).
                coverage.revolutions += state.reversed != reversed_before
                coverage.downfalls += fallen_before is None and state.downfallen is not None
                coverage.illegal_finishes += len(state.out) - bottom_before
            _compare(tables, table, state, codec, seeds, coverage.moves)
    return coverage


def _where(seeds: Sequence[int], table: int, moves: int, what: str) -> str:
    return f"table {table} (seed {seeds[table]}), after {moves} moves in all: {what}"


def _compare(
    tables: VectorTables, table: int, state: State, codec: ActionCodec, seeds: Sequence[int], moves: int
) -> None:
    def check(name: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            raise Mismatch(_where(seeds, table, moves, f"{name}: vectorized {ours!r}, engine {theirs!r}"))

    check("match over", bool(tables.over[table]), state.is_over)
    check("scores", tables.scores[table].tolist(), list(state.scores))
    check("round", int(tables.round[table]), state.round_number)
    check("hands", tables.hands[table].tolist(), [rank_counts(hand) for hand in state.hands])
    if state.is_over:
        return
    check("seat to move", int(tables.current[table]), state.current_player)
    mask = tables.legal_masks(np.array([table]))[0]
    check("legal actions", np.flatnonzero(mask).tolist(), np.flatnonzero(codec.mask(state)).tolist())
    check("transfer under way", bool(tables.transferring[table]), state.phase is Phase.EXCHANGE)
    check("face up", tables.face_up[table].tolist(), rank_counts(state.face_up))
    roles = [ROLE_KEYS[role] for role in tables.role[table]]
    check("roles", roles, [state.roles.key_of(seat) for seat in range(tables.players)])
    if state.phase is not Phase.EXCHANGE:
        # During the transfer the engine holds a chosen give in transit, noted once every give is chosen.
        check("gave", [g.tolist() for g in tables.gave[table]], [_counts(group) for group in state.gave])
        received = [_counts(group) for group in state.received]
        check("received", [r.tolist() for r in tables.received[table]], received)
    check("reversed", bool(tables.reversed[table]), state.reversed)
    check("trick size", int(tables.trick_size[table]), state.trick_size)
    check("trick plays", int(tables.trick_plays[table]), len(state.trick))
    check("last player", int(tables.last[table]), -1 if state.last_player is None else state.last_player)
    check("passed", tables.passed[table].tolist(), list(state.trick_passed))
    check("obligation", bool(tables.obligation[table]), state.obligation == "or-pass")
    check("run", int(tables.run_count[table]), state.run_count)
    check("must include", bool(tables.must_include[table]), state.must_include is not None)
    placed = (tables.place[table] >= 0) & ~tables.ranked_lowest[table]
    winners = np.flatnonzero(placed).tolist()
    check("winners", winners, sorted(state.finished))
    check("ranked lowest", sorted(np.flatnonzero(tables.ranked_lowest[table]).tolist()), sorted(state.out))
    fallen = int(tables.downfallen[table])
    check("downfallen", None if fallen < 0 else fallen, state.downfallen)


def _counts(group: tuple[tuple[int, int], ...] | None) -> list[int]:
    return rank_counts(counts_from_group(group or ()))
