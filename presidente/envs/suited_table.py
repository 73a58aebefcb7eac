"""The play phase of a suit table (`uecda`, `daifugo`) on the compiled suit-aware kernel, for `president_v0`.

`president_v0` plays these tables on the reference engine's `State` except while the kernel covers the position
(`bots/suited_playout.covers` for the rules, `covers_state` for the position: the play phase, nothing owed, no
special 3 to lead): it then hands the position to a `SuitedTable` (`enter`), which makes each move, lists the next
seat's legal moves as `SuitedCodec` indices and writes its `SuitedObservationEncoder` vector in one compiled call
(`suited_env_kernel.env_move`). The rules are the kernel's own (`legal_moves`, `apply_move`: the card search's
playouts play on the same functions); this module only translates. A pass that reaches the pass limit (whose random
places are the engine's draw) is left to the engine (`step` answers `ENGINE` and changes nothing), and so is a move
that ends the round unless the kernel was told to `finish` it: `president_v0` brings the round's `State` up to date
by replaying the moves made on the kernel, makes that move there, and enters the kernel again once the next round's
play phase starts. A match's first round the kernel deals itself (`deal_first`: the same hands, seats and leader as
the engine's, its generators' draws reproduced by `fast_deal`). With `finish` (every round of a match begun by
`reset`) the kernel makes the round's last move (`step` answers `OVER`) and `round_order` gives the round's order:
`president_v0` hands it to the engine's `State` of that round (`State.end_round_as`, no moves replayed), which
scores it and deals the next round (its deal, roles, UECda's rank reset and seat shuffle, the transfer, its
leader), or, at the match's end, `round_end` writes the blocks the engine's round end changes (scores, places,
phase) from the order and the scores the engine's `score_round` gives. The match's own `State` is built only when
asked for (`new_game` with the same seed, then the match's moves replayed). tests/envs compare both paths step by
step (`compiled_check.play_aec_side_by_side`).
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
import numpy.typing as npt

from presidente.bots import suited_playout
from presidente.cards import full_deck
from presidente.envs.suited_actions import (
    STAND_IN_CELLS,
    SuitedCodec,
    SuitedObservationEncoder,
    _cell_index,
    check_suited,
)
from presidente.errors import RulesError
from presidente.president.actions import Play
from presidente.president.rules import Rules
from presidente.president.state import State, new_game

if suited_playout.AVAILABLE:
    import numba

    from presidente.bots import suited_kernel as kernel
    from presidente.envs import fast_deal
    from presidente.envs import suited_env_kernel as env_kernel

ENGINE: Final = -2
OVER: Final = -4
MAX_PLAYERS: Final = suited_playout.MAX_SEATS
# The blocks the encoder writes that the kernel's observation does not: a new option's block must be added here
# (or to the kernel) before the kernel may play its tables.
_BASE_BLOCKS: Final = frozenset(
    ("gave", "received", "draft_pool", "in_round", "scores", "roles", "places", "obligation", "must_include")
) | {"phase", "round"}


def check_covered(rules: Rules, players: int) -> None:
    """A `RulesError` naming what the compiled suit table does not play, if anything."""
    check_suited(rules)
    gaps = []
    if not suited_playout.AVAILABLE:
        gaps.append("numba is not installed")
    if not suited_playout.covers(rules):
        gaps.append("these options (bots/suited_playout.covers lists the kernel's)")
    if not 2 <= players <= MAX_PLAYERS:
        gaps.append(f"{players} players")
    if rules.seven_give or rules.ten_discard:
        gaps.append("7 give and 10 discard")
    if gaps:
        raise RulesError(
            f"The compiled suit table does not cover {rules.name} with {players} players: {', '.join(gaps)}; use"
            " engine='auto' or 'reference'."
        )


def covers(rules: Rules, players: int) -> bool:
    try:
        check_covered(rules, players)
    except RulesError:
        return False
    return True


class SuitedTable:
    """The kernel's side of one `president_v0` table (`check_covered` rules): the board while the kernel plays,
    the arrays the observation reads, the next seat's mask and observation."""

    def __init__(self, rules: Rules, players: int, codec: SuitedCodec, encoder: SuitedObservationEncoder) -> None:
        check_covered(rules, players)
        self.rules, self.players, self.codec, self.encoder = rules, players, codec, encoder
        written = set(env_kernel.OFFSET_BLOCKS) | _BASE_BLOCKS
        missing = [name for name, _, _ in encoder.layout if name not in written]
        # `enter` encodes only `ObservationEncoder`'s blocks: each block after them must be the kernel's.
        missing += [
            name
            for name, _, _ in encoder.layout
            if encoder.slices[name].start >= encoder.base_size and name not in env_kernel.OFFSET_BLOCKS
        ]
        if missing:
            raise RulesError(f"The compiled suit table does not write the observation block(s) {', '.join(missing)}.")
        size = codec.size
        # The arrays `env_move` reads and writes, all views of its three buffers (`env_kernel.env_buffers`).
        rules_row = suited_playout.rules_array(rules)
        self.ints, self.int8s, self.floats, views = env_kernel.env_buffers(
            size, rules_row.shape[0], encoder.size, players, STAND_IN_CELLS
        )
        self.offsets = views["offsets"]
        self.offsets[:] = [encoder.slices[name].start for name in env_kernel.OFFSET_BLOCKS]
        self.rules_row = views["rules"]
        self.rules_row[:] = rules_row
        # Each action index's move row (a row no listed move has for the card blocks), and what the observation
        # shows of it on top of a trick.
        self.rows, self.info = views["rows"], views["info"]
        self.top_cards, self.top_stand_ins = views["top_cards"], views["top_stand_ins"]
        self.rows[:] = -7
        self.rows[0] = suited_playout.encode(codec.actions[0])  # the pass
        for index, action in enumerate(codec.actions):
            if isinstance(action, Play):
                self.rows[index] = suited_playout.encode(action)
                self.info[index] = _top_info(action)
                for card, count in action.cards:
                    self.top_cards[index, card] += count
                for cell in action.stands_for:
                    self.top_stand_ins[index, _cell_index(cell)] = 1
        keys = np.zeros(size, dtype=np.int64)
        env_kernel.move_keys(self.rows, keys)
        self.order = views["order"]
        self.order[:] = np.argsort(keys, kind="stable")
        self.keys = views["keys"]
        self.keys[:] = keys[self.order]
        self.board: npt.NDArray[np.int64] = views["board"]
        self.backup, self.track = views["backup"], views["track"]
        self.moves = views["moves"]
        self.base: npt.NDArray[np.float32] = views["base"]
        self.mask: npt.NDArray[np.int8] = views["mask"]
        self.seen: npt.NDArray[np.float32] = views["seen"]
        # The seat to move (its mask in `mask`, its observation in `seen`).
        self.current = -1
        # `base`'s first `encoder.base_size` columns by `encoder.round_key` (`enter`).
        self._bases: dict[tuple[object, ...], npt.NDArray[np.float32]] = {}
        # `env_move`'s compiled code for its buffers' types, called directly with them (`functools.partial`):
        # numba's dispatcher would type each argument at every call; the buffers are only ever these ones.
        types = tuple(numba.typeof(value) for value in (self.ints, self.int8s, self.floats, 0))  # type: ignore[no-untyped-call]
        self.env_move = functools.partial(env_kernel.env_move.compile(types), self.ints, self.int8s, self.floats)
        self._first = _FirstRound.of(self)

    def deal_first(self, seed: int, finish: bool) -> bool:
        """Deal the first round of the match `new_game(rules, players, seed)` on the kernel, the same hands, seats
        and leader as the engine's (its draws made by `fast_deal`), and take over its first position (then True;
        False where the rules or the deal leave it to the engine: nothing to keep then). `finish` as `enter`'s."""
        first = self._first
        if first is None or State.fixed_deal is not None:
            return False
        data, ends = fast_deal.seed_bytes((f"{seed}:round:1", f"{seed}:round:1:seating", f"{seed}:round:1:leader"))
        self.track[env_kernel.T_FINISH] = finish
        self.base[:, : first.rows.shape[1]] = first.rows
        seat: int = first.deal(first.board, data, ends, first.deck.copy(), first.seating.copy(), first.special)
        if seat < 0:
            if seat == env_kernel.ENV_UNKNOWN:
                raise AssertionError(f"a legal move has no action index in the first round of seed {seed}")
            return False
        self.current = seat
        return True

    def enter(self, state: State, finish: bool = False) -> bool:
        """Take over the engine's position if the kernel covers it (then True). `finish`: the kernel makes the
        round's last move (`step` answering `OVER`; else `ENGINE`)."""
        if not suited_playout.covers_state(state):
            return False
        self.board[:] = suited_playout.board_of(state)
        track = self.track
        track[:] = 0
        track[env_kernel.T_FINISH] = finish
        track[env_kernel.T_PLAYED : env_kernel.T_PLAYED + 53] = state.played
        track[env_kernel.T_FACE_UP : env_kernel.T_FACE_UP + 53] = state.face_up
        trick = state.trick
        track[env_kernel.T_PLAYS] = len(trick)
        track[env_kernel.T_TOP] = self.codec.encode(trick[-1][1]) if trick else -1
        if trick:
            top, run = trick[-1][1], 0
            for _seat, play in reversed(trick):
                if play.rank is None or play.rank != top.rank:
                    break
                run += play.size
            track[env_kernel.T_RUN] = run
        # The blocks `encode` adds to `ObservationEncoder`'s are all the kernel's (`OFFSET_BLOCKS`): `env_observe`
        # writes each of them whole over `base`, and those of `ObservationEncoder`'s that it does not write are
        # the same for every position with the same `round_key` (every match's first round): encoded once each.
        width = self.encoder.base_size
        key = self.encoder.round_key(state)
        rows = self._bases.get(key)
        if rows is None:
            encode = self.encoder.encode_base
            for seat in range(self.players):
                self.base[seat, :width] = encode(state, seat)
            if len(self._bases) >= 16:
                self._bases.clear()
            self._bases[key] = self.base[:, :width].copy()
        else:
            self.base[:, :width] = rows
        if env_kernel.env_mask(self.board, self.rules_row, self.moves, self.keys, self.order, self.rows, self.mask) < 0:
            raise AssertionError(f"a legal move has no action index at {state.to_position()}")
        self.current = int(self.board[kernel.CUR])
        self.observe_into(self.current, self.seen)
        return True

    def first_scores(self) -> list[int]:
        """The match scores at the start of its first round (where `deal_first` dealt it)."""
        assert self._first is not None
        return self._first.scores[:]

    def step(self, index: int) -> int:
        """Make the legal move `index` (checked by the caller against `mask`): the next seat to move, `ENGINE`
        (the engine is to make it: nothing changed) or `OVER` (it ended the round, `finish`: no seat to move)."""
        return self.settle(index, self.env_move(index))

    def settle(self, index: int, seat: int) -> int:
        """`step`'s answer from `env_move`'s (`seat`) for the move `index`. A caller that calls `env_move`
        itself (`president_v0`'s agent step, one Python call less) and gets a seat (>= 0) may set `current` to it
        instead."""
        if seat < 0:
            if seat == env_kernel.ENV_UNKNOWN:
                raise AssertionError(f"a legal move has no action index after {self.codec.describe(index)}")
            if seat == OVER:
                self.current = -1
            return seat
        self.current = seat
        return seat

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """`SuitedObservationEncoder`'s vector of `seat` (a new array)."""
        if seat == self.current:
            return self.seen.copy()
        out = np.empty(self.seen.shape[0], dtype=np.float32)
        self.observe_into(seat, out)
        return out

    def observe_into(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        env_kernel.env_observe(
            self.board, self.track, self.base, self.info, self.top_cards, self.top_stand_ins, self.offsets, seat, out
        )

    def round_order(self) -> list[int]:
        """The round's finishing order (best first) once it is over (`OVER`): the kernel's `place_of`, as the
        engine's round end orders it."""
        board = self.board
        places = sorted((kernel.place_of(board, seat), seat) for seat in range(self.players))
        return [seat for place, seat in places if place >= 0]

    def round_end(self, scores: list[int], order: list[int]) -> None:
        """After `OVER`: the blocks of every seat's observation that the engine's round end changes, from the
        match scores it leaves (`score_round`'s) and the round's `order`; the rest is the board's."""
        self.encoder.write_match_end(self.base, scores, order)

    def settled_count(self) -> int:
        """How many seats' places are settled (`settled`)."""
        board = self.board
        return board.item(kernel.N_FIN) + board.item(kernel.N_OUT)

    def settled(self) -> list[tuple[int, int]]:
        """(seat, place) of every seat whose place in the round is settled: out (0 = first), or ranked lowest
        (the first ranked lowest last)."""
        board, players = self.board, int(self.board[kernel.PLAYERS])
        places = [(int(board[kernel.FIN + i]), i) for i in range(board[kernel.N_FIN])]
        places += [(int(board[kernel.OUT + i]), players - 1 - i) for i in range(board[kernel.N_OUT])]
        return places


class _FirstRound:
    """What `SuitedTable.deal_first` needs of a match's first round, the same for every seed: the board, the
    observations' `ObservationEncoder` blocks and the scores of one seed's first round (any seed's differ from them
    only in the hands, the seating and the leader), the pack in the order `cards.deal` shuffles it, the seats to
    shuffle (UECda's seat shuffle), the card whose first holder leads (-1: the leader's draw alone), and
    `env_first_deal`'s compiled code on the table's buffers."""

    def __init__(self, table: SuitedTable, state: State, special: int) -> None:
        self.board = suited_playout.board_of(state)
        self.rows = np.array([table.encoder.encode_base(state, seat) for seat in range(table.players)], np.float32)
        self.scores = list(state.scores)
        pool = full_deck(state.rules.decks, state.rules.jokers_per_deck)
        self.deck = np.array([card for card, count in enumerate(pool) for _ in range(count)], dtype=np.int64)
        self.seating = np.arange(table.players if state.rules.seat_shuffle else 0, dtype=np.int64)
        self.special = special
        arrays = (table.ints, table.int8s, table.floats, self.board, self.deck, self.deck, self.deck, self.seating)
        types = (*(numba.typeof(value) for value in arrays), numba.int64)  # type: ignore[no-untyped-call]
        self.deal = functools.partial(env_kernel.env_first_deal.compile(types), table.ints, table.int8s, table.floats)

    @classmethod
    def of(cls, table: SuitedTable) -> _FirstRound | None:
        """The first round of `table`'s matches, where `deal_first` can deal it as the engine does: one deck dealt
        whole by a shuffle (`cards.deal`), no roles yet, the leader a random seat or the first holder of the
        special 3 from a random seat, a position the kernel takes (no special 3 to lead), the twister reproduced."""
        rules, players = table.rules, table.players
        if rules.decks != 1 or (players == 2 and rules.two_player_hand) or not fast_deal.matches_python():
            return None
        state = new_game(rules, players, 0)
        if (
            state.round_number != 1
            or state.roles.exists
            or state.round_players != list(range(players))
            or not suited_playout.covers_state(state)
            or state.trick
            or sum(state.sizes) != sum(full_deck(rules.decks, rules.jokers_per_deck))
        ):
            return None
        special = rules.first_round_leader == "special-three" or rules.first_trick == "special-three"
        return cls(table, state, state.special_three if special else -1)


def _top_info(play: Play) -> list[int]:
    """A play's `info` row: its rank (`NONE` for none), its `top_rank` slot (-1 none), naturals, jokers, size,
    whether it is a sequence; as the encoders read them."""
    rank = kernel.NONE if play.rank is None else play.rank
    if play.sequence:
        slot = play.rank if play.rank is not None and 0 <= play.rank < 13 else -1
    else:
        slot = 13 if play.naturals == 0 and play.declared is None else (play.rank or 0)
    return [rank, slot, play.naturals, play.jokers, play.size, int(play.sequence)]
