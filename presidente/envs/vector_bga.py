"""Many `bga` tables of 4 players stepped at once as numpy arrays, and a Gymnasium vector environment on them.

`BgaTables(n)` holds `n` tables, each playing the first round of a `bga` match (one round: no roles, so no
card transfer and no downfall). Hands are counts per rank (suits never decide a trick in `bga`). Each call
to `step(actions)` makes one move at every table given, for that table's seat to move — the batched
self-play API: `current_player`, `legal_masks()`, `observe()` and the rewards `step` returns cover every seat of
every table. Actions are the indices of `president_v0`'s `bga` action space without its card-choice block:
0 is pass, 1 to 105 the play shapes (`ActionCodec(find_preset("bga")).describe(i)` names them).

It plays exactly the engine's game: the deal of a table reset with seed `s` is the engine's deal of
``new_game(find_preset("bga"), 4, s)``, and tests/envs play seeded rounds through both, comparing every legal
mask, every transition and every reward. What it covers of the rules, it covers in full (jokers alone the
highest card and wild with others, revolutions of 4 cards jokers included, equal plays skipping the next
player, illegal finishes ranked lowest, points per player beaten); what it does not cover (later rounds with
roles, the transfer and the downfall; other presets or player counts) it refuses: it has no such option.

`BgaVectorEnv(num_envs)` is a `gymnasium.vector.VectorEnv`: seat 0 of each table learns, the other seats
play uniformly random legal moves; an episode ends when the learner's place is settled (it went out, or
was ranked lowest), paying the points it earned; sub-environments reset on the next step (autoreset
``NEXT_STEP``); `action_masks()` gives the learner's masks.

>>> tables = BgaTables(3)
>>> tables.reset(seeds=[1, 2, 3])
>>> tables.legal_masks().shape, tables.observe().shape
((3, 106), (3, 63))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from presidente.envs.president_actions import JOKER_KIND, RANK_KINDS, ActionCodec
from presidente.errors import IllegalActionError
from presidente.president import find_preset
from presidente.president.actions import PRESIDENT_RANK

PLAYERS: Final = 4
RULES: Final = find_preset("bga").replace(rounds=1)
_CODEC: Final = ActionCodec(RULES)
ACTIONS: Final = _CODEC.choice_start  # pass and the play shapes
# Per play shape (index - 1): the rank kind its naturals take from (0 for jokers alone), naturals, jokers.
_SHAPES = _CODEC.shapes
S_RANK: Final = np.array([rank if rank is not None else 0 for rank, _n, _j in _SHAPES], dtype=np.intp)
S_NATURALS: Final = np.array([n for _r, n, _j in _SHAPES], dtype=np.int16)
S_JOKERS: Final = np.array([j for _r, _n, j in _SHAPES], dtype=np.int16)
S_SIZE: Final = S_NATURALS + S_JOKERS
S_LONE: Final = S_NATURALS == 0
# Keys on the engine's scale (trick.py): a rank's strength doubled, 26 for the lone joker; [reversed][shape].
S_KEY: Final = np.array(
    [[26 if rank is None else 2 * (12 - rank if rev else rank) for rank, _n, _j in _SHAPES] for rev in (0, 1)],
    dtype=np.int16,
)
S_BEST: Final = (S_KEY == 24) & ~S_LONE[None, :]
# The shapes of one rank, in index order: (naturals, jokers) for naturals 1..4 and jokers 0..1.
_RANK_SHAPES = [(n, j) for n in range(1, 5) for j in range(2)]
assert [(n, j) for _r, n, j in _SHAPES[:8]] == _RANK_SHAPES and len(_SHAPES) == 13 * 8 + 1
# HOLDS[naturals held][jokers held]: which shapes of a rank the hand can make.
HOLDS: Final = np.array([[[c >= n and k >= j for n, j in _RANK_SHAPES] for k in range(2)] for c in range(5)])
# FOLLOWS[reversed][trick size][top key + 1]: the shapes the rules accept on that trick (held or not);
# a trick of size 0 is led, and any shape may lead it.
FOLLOWS: Final = np.array(
    [
        [
            [
                np.ones(len(_SHAPES), dtype=bool)
                if size == 0
                else (size == S_SIZE) & ((S_KEY[rev] > top) | ((S_KEY[rev] == top) & ~S_LONE))
                for top in range(-1, 27)
            ]
            for size in range(6)
        ]
        for rev in (0, 1)
    ]
)
REVOLUTION_CARDS: Final = RULES.revolution_cards
# Card kind (0..52) -> rank kind (0..13).
_KIND_OF_CARD = np.array([*PRESIDENT_RANK[:52], JOKER_KIND], dtype=np.intp)
OBSERVATION_LAYOUT: Final = (
    ("hand", RANK_KINDS, "own cards per rank (3 ... 2, then jokers)"),
    ("played", RANK_KINDS, "cards played this round per rank"),
    ("hand_sizes", PLAYERS, "cards held by each seat, in order from the seat to move"),
    ("finished", PLAYERS, "1 for seats that went out among the winners"),
    ("out", PLAYERS, "1 for seats ranked lowest (illegal finish)"),
    ("top_player", PLAYERS, "1 for the seat whose play is on top"),
    ("trick_size", 1, "cards per play in this trick (0: to be led)"),
    ("trick_plays", 1, "plays made in this trick"),
    ("top_rank", RANK_KINDS, "rank of the top play, one-hot (jokers alone last)"),
    ("top_naturals", 1, "natural cards in the top play"),
    ("top_jokers", 1, "jokers in the top play"),
    ("reversed", 1, "1 during a revolution"),
)
OBSERVATION_SIZE: Final = sum(length for _name, length, _meaning in OBSERVATION_LAYOUT)


def first_round(seed: int) -> tuple[list[int], list[int], int]:
    """The deal of a `bga` 4-player match's first round from `seed`, drawn exactly as the engine draws it
    (`State._deal` through `cards.deal`, and `State._first_leader`; tests/envs check it deal by deal): without
    roles the deal starts at a random seat; the 53 cards are shuffled as a list and handed out in slices of
    14, 13, 13 and 13 in that order; a random seat leads. Returns the shuffled cards, the seat each slice
    goes to, and the leader."""
    rng = random.Random(f"{seed}:round:1")
    start = rng.choice(range(PLAYERS))
    deck = list(range(53))
    rng.shuffle(deck)
    leader = random.Random(f"{seed}:round:1:leader").choice(range(PLAYERS))
    return deck, [(start + step) % PLAYERS for step in range(PLAYERS)], leader


# Which slice of the shuffled deck each position falls in: the first gets the odd card.
_SLICE_OF_POSITION = np.array([0] * 14 + [1] * 13 + [2] * 13 + [3] * 13, dtype=np.intp)


class BgaTables:
    """`n` tables of `bga`, 4 players, one round each, stepped together."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.hands = np.zeros((n, PLAYERS, RANK_KINDS), dtype=np.int16)
        self.played = np.zeros((n, RANK_KINDS), dtype=np.int16)
        self.sizes = np.zeros((n, PLAYERS), dtype=np.int16)
        self.active = np.zeros((n, PLAYERS), dtype=bool)
        # Final place of each seat (0 = first), -1 while it is still playing.
        self.place = np.full((n, PLAYERS), -1, dtype=np.int8)
        self.ranked_lowest = np.zeros((n, PLAYERS), dtype=bool)
        self.winners = np.zeros(n, dtype=np.int8)
        self.lowest = np.zeros(n, dtype=np.int8)
        self.current = np.zeros(n, dtype=np.intp)
        self.trick_size = np.zeros(n, dtype=np.int16)
        self.trick_plays = np.zeros(n, dtype=np.int16)
        self.top_key = np.full(n, -1, dtype=np.int16)
        self.top_shape = np.full(n, -1, dtype=np.intp)
        self.last = np.full(n, -1, dtype=np.intp)
        self.reversed = np.zeros(n, dtype=bool)
        self.over = np.ones(n, dtype=bool)
        self.seeds = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        # Moves made at all tables since they were made (for measurements).
        self.moves = 0
        # The legal masks, kept until a table changes.
        self._masks = np.zeros((n, ACTIONS), dtype=bool)
        self._fresh = np.zeros(n, dtype=bool)

    # ------------------------------------------------------------- set-up

    def reset(self, seeds: Sequence[int] | npt.NDArray[np.int64], tables: npt.NDArray[np.intp] | None = None) -> None:
        """Deal a new round at `tables` (all by default), table `tables[i]` from match seed `seeds[i]`."""
        where = self._rows if tables is None else np.asarray(tables, dtype=np.intp)
        count = len(where)
        decks = np.empty((count, 53), dtype=np.intp)
        owners = np.empty((count, PLAYERS), dtype=np.intp)
        leaders = np.empty(count, dtype=np.intp)
        for i, seed in enumerate(seeds):
            decks[i], owners[i], leaders[i] = first_round(int(seed))
        seat = owners[:, _SLICE_OF_POSITION]
        cells = (np.arange(count)[:, None] * PLAYERS + seat) * RANK_KINDS + _KIND_OF_CARD[decks]
        by_rank = np.bincount(cells.ravel(), minlength=count * PLAYERS * RANK_KINDS)
        by_rank = by_rank.reshape(count, PLAYERS, RANK_KINDS).astype(np.int16)
        self.hands[where] = by_rank
        self.sizes[where] = by_rank.sum(axis=2)
        self.played[where] = 0
        self.active[where] = True
        self.place[where] = -1
        self.ranked_lowest[where] = False
        self.winners[where] = 0
        self.lowest[where] = 0
        self.current[where] = leaders
        self.reversed[where] = False
        self.over[where] = False
        self.seeds[where] = np.asarray(seeds, dtype=np.int64)
        self._fresh[where] = False
        self._new_trick(where, leaders)

    def _new_trick(self, tables: npt.NDArray[np.intp], leaders: npt.NDArray[np.intp]) -> None:
        self.trick_size[tables] = 0
        self.trick_plays[tables] = 0
        self.top_key[tables] = -1
        self.top_shape[tables] = -1
        self.last[tables] = -1
        self.current[tables] = leaders

    # ------------------------------------------------------------- what the seat to move may do and sees

    def legal_masks(self, tables: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.bool_]:
        """(tables, 106) masks of the seat to move: the engine's legality, by shape (all false when over)."""
        where = self._rows if tables is None else tables
        stale = where[~self._fresh[where]]
        if len(stale):
            hand = self.hands[stale, self.current[stale]]
            jokers = hand[:, JOKER_KIND]
            mask = self._masks[stale]
            mask[:, 1:-1] = HOLDS[hand[:, :13], jokers[:, None]].reshape(len(stale), -1)
            mask[:, -1] = jokers > 0
            size = self.trick_size[stale]
            mask[:, 1:] &= FOLLOWS[self.reversed[stale].astype(np.intp), size, self.top_key[stale] + 1]
            mask[:, 0] = size > 0
            mask[self.over[stale]] = False
            self._masks[stale] = mask
            self._fresh[stale] = True
        return self._masks[where]

    def observe(
        self, tables: npt.NDArray[np.intp] | None = None, viewers: npt.NDArray[np.intp] | None = None
    ) -> npt.NDArray[np.float32]:
        """(tables, 63) observations (`OBSERVATION_LAYOUT`) of `viewers` (by default each table's seat to
        move): its own hand and the public table, seats in order from it."""
        where = self._rows if tables is None else tables
        viewer = self.current[where] if viewers is None else viewers
        seats = (viewer[:, None] + np.arange(PLAYERS)) % PLAYERS
        rows = where[:, None]
        place = self.place[rows, seats]
        lowest = self.ranked_lowest[rows, seats]
        top = self.top_shape[where]
        playing = top >= 0
        top_kind = np.where(S_LONE[top], JOKER_KIND, S_RANK[top])
        parts: list[npt.NDArray[Any]] = [
            self.hands[where, viewer],
            self.played[where],
            self.sizes[rows, seats],
            (place >= 0) & ~lowest,
            lowest,
            (self.last[where, None] == seats),
            self.trick_size[where, None],
            self.trick_plays[where, None],
            (np.arange(RANK_KINDS) == top_kind[:, None]) & playing[:, None],
            np.where(playing, S_NATURALS[top], 0)[:, None],
            np.where(playing, S_JOKERS[top], 0)[:, None],
            self.reversed[where, None],
        ]
        return np.concatenate([part.astype(np.float32, copy=False) for part in parts], axis=1)

    # ------------------------------------------------------------- moves

    def step(self, actions: npt.ArrayLike, tables: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.float32]:
        """One move at each of `tables` (all by default) for its seat to move; returns (tables, 4) rewards:
        the points each seat earns (a point per player beaten) at the tables whose round this move ended.
        Raises `IllegalActionError`, changing nothing, if any action is outside its table's mask."""
        where = self._rows if tables is None else np.asarray(tables, dtype=np.intp)
        action = np.asarray(actions, dtype=np.intp)
        legal = self.legal_masks(where)
        if action.shape != where.shape or not np.all((action >= 0) & (action < ACTIONS)):
            raise IllegalActionError(f"Give one action from 0 to {ACTIONS - 1} per table.")
        refused = ~legal[np.arange(len(where)), action]
        if refused.any():
            bad = where[refused]
            raise IllegalActionError(f"Actions not legal at tables {bad[:10].tolist()}: see legal_masks().")
        rewards = np.zeros((len(where), PLAYERS), dtype=np.float32)
        self.moves += len(where)
        self._fresh[where] = False
        plays = action > 0
        self._play(where[plays], action[plays] - 1)
        passes = where[~plays]
        self._advance(passes, self.current[passes], np.zeros(len(passes), dtype=bool))
        ended = self.over[where] & (self.place[where] >= 0).all(axis=1)
        rewards[ended] = (PLAYERS - 1 - self.place[where[ended]]).astype(np.float32)
        return rewards

    def _play(self, tables: npt.NDArray[np.intp], shapes: npt.NDArray[np.intp]) -> None:
        seats = self.current[tables]
        naturals, jokers, size = S_NATURALS[shapes], S_JOKERS[shapes], S_SIZE[shapes]
        ranks = S_RANK[shapes]
        self.hands[tables, seats, ranks] -= naturals
        self.hands[tables, seats, JOKER_KIND] -= jokers
        self.played[tables, ranks] += naturals
        self.played[tables, JOKER_KIND] += jokers
        self.sizes[tables, seats] -= size
        leading = self.trick_size[tables] == 0
        self.trick_size[tables] = np.where(leading, size, self.trick_size[tables])
        reversed_before = self.reversed[tables].astype(np.intp)
        key = S_KEY[reversed_before, shapes]
        equal = ~leading & (key == self.top_key[tables])
        best_before = S_BEST[reversed_before, shapes]
        revolution = size >= REVOLUTION_CARDS
        self.reversed[tables] ^= revolution
        self.top_key[tables] = S_KEY[self.reversed[tables].astype(np.intp), shapes]
        self.top_shape[tables] = shapes
        self.last[tables] = seats
        self.trick_plays[tables] += 1
        gone = self.sizes[tables, seats] == 0
        if gone.any():
            self._go_out(tables[gone], seats[gone], (jokers[gone] > 0) | best_before[gone])
        going_on = ~self.over[tables]
        self._advance(tables[going_on], seats[going_on], equal[going_on])

    def _go_out(
        self, tables: npt.NDArray[np.intp], seats: npt.NDArray[np.intp], penalized: npt.NDArray[np.bool_]
    ) -> None:
        """Seats that emptied their hands: a place among the winners, or (an illegal finish: a joker, or the
        best rank, in the last play) the worst place still free."""
        self.active[tables, seats] = False
        self.ranked_lowest[tables, seats] = penalized
        self.place[tables, seats] = np.where(penalized, PLAYERS - 1 - self.lowest[tables], self.winners[tables])
        self.lowest[tables] += penalized
        self.winners[tables] += ~penalized
        ending = self.active[tables].sum(axis=1) <= 1
        done = tables[ending]
        if len(done):
            last_seat = self.active[done].argmax(axis=1)
            self.place[done, last_seat] = self.winners[done]
            self.active[done] = False
            self.over[done] = True

    def _advance(self, tables: npt.NDArray[np.intp], seats: npt.NDArray[np.intp], skip: npt.NDArray[np.bool_]) -> None:
        """Give the turn to the next active seat after `seats` (the first one skipped where `skip`), or end
        the trick where the turn comes back to the seat that played last."""
        seat = seats.copy()
        skip = skip.copy()
        searching = np.ones(len(tables), dtype=bool)
        ended = np.zeros(len(tables), dtype=bool)
        for _ in range(PLAYERS):
            seat = (seat + 1) % PLAYERS
            back = searching & (seat == self.last[tables])
            ended |= back
            searching &= ~back
            eligible = searching & self.active[tables, seat]
            skipped = eligible & skip
            skip &= ~eligible
            taking = eligible & ~skipped
            self.current[tables[taking]] = seat[taking]
            searching &= ~taking
        done = tables[ended]
        if len(done):
            winner = self.last[done]
            leader = winner.copy()
            for step in range(PLAYERS - 1, 0, -1):
                # The winner leads, or (gone out) the first active seat after it: the nearest one wins.
                candidate = (winner + step) % PLAYERS
                leader = np.where(self.active[done, candidate], candidate, leader)
            leader = np.where(self.active[done, winner], winner, leader)
            self._new_trick(done, leader)


class BgaVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """`num_envs` tables of `bga`; seat 0 learns, the other seats play uniformly random legal moves.

    `reset(seed=s)` deals table `i` from match seed ``s + i``; later episodes take seeds drawn from a
    generator seeded by `s`, as do the random seats, so a seed and the learner's actions replay exactly."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(self, num_envs: int = 64) -> None:
        self.num_envs = num_envs
        self.tables = BgaTables(num_envs)
        self.single_observation_space = spaces.Box(0, 64, (OBSERVATION_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(ACTIONS)
        self.observation_space = spaces.Box(0, 64, (num_envs, OBSERVATION_SIZE), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, ACTIONS))
        self._rng = np.random.default_rng()
        self._finished = np.zeros(num_envs, dtype=bool)
        self._masks = np.zeros((num_envs, ACTIONS), dtype=bool)
        self._all = np.arange(num_envs)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        base = seed if isinstance(seed, int) else None
        self._rng = np.random.default_rng(base)
        first = base if base is not None else int(self._rng.integers(2**62))
        self.tables.reset(np.arange(first, first + self.num_envs, dtype=np.int64))
        self._finished[:] = False
        self._play_others(np.arange(self.num_envs))
        return self._observe()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        action = np.asarray(actions, dtype=np.intp)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        restarting = np.flatnonzero(self._finished)
        moving = np.flatnonzero(~self._finished)
        if len(restarting):
            self.tables.reset(self._rng.integers(2**62, size=len(restarting)), restarting)
            self._finished[restarting] = False
        if len(moving):
            self.tables.step(action[moving], moving)
        self._play_others(self._all)
        place = self.tables.place[:, 0]
        terminated = place >= 0
        terminated[restarting] = False
        settled = np.flatnonzero(terminated)
        rewards[settled] = (PLAYERS - 1 - place[settled]).astype(np.float32)
        self._finished = terminated.copy()
        observations, info = self._observe()
        return observations, rewards, terminated, np.zeros(self.num_envs, dtype=bool), info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """(num_envs, 106): the learner's legal actions at each table."""
        return self._masks.copy()

    def _play_others(self, tables: npt.NDArray[np.intp]) -> None:
        """Random moves for the other seats until seat 0 is to move or its place is settled (what the learner
        earns then, `step` reads from its place)."""
        t = self.tables
        waiting = tables
        while True:
            waiting = waiting[(t.current[waiting] != 0) & (t.place[waiting, 0] < 0) & ~t.over[waiting]]
            if not len(waiting):
                return
            masks = t.legal_masks(waiting)
            choice = (self._rng.random(masks.shape) * masks).argmax(axis=1)
            t.step(choice, waiting)

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self._masks = self.tables.legal_masks()
        self._masks[self.tables.place[:, 0] >= 0] = False
        learner = np.zeros(self.num_envs, dtype=np.intp)
        return self.tables.observe(viewers=learner), {"action_mask": self._masks.copy()}
