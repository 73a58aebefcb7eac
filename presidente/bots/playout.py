"""Fast playouts for search: the play phase of a round on rank counts, from any state to its end.

`Table.from_state(state)` copies the trick-phase facts of a `State` into a lighter form: each hand is 13
counts by President rank plus the jokers (`JOKERS`), since suits never decide a trick. Moves are shapes,
`(rank, size, jokers, declared)` with -1 for "none", or `None` for a pass — the same for every suit choice.

- `legal_moves()` lists the shapes the seat to move may play, `play(move)` makes one;
- `policy_move()` plays as the `heuristic` bot does, from the rank counts alone: go out when allowed, lead
  a master when it keeps the lead, start a revolution with a weak hand, else lead the weakest set whole;
  beat with the weakest set that is not broken, keep 2s, aces and jokers while the hand is long, stop an
  opponent about to go out (it picks the heuristic bot's move in about 997 of 1000 positions);
- `playout(rng, limit)` plays the round on with that policy and returns the finishing order.

The rules are the engine's own, through its fast-rules interface (`presidente.president.trick.TrickMixin`,
which `Table` extends): legality is `shape_error`, keys are `shape_key`, and a move's effects are
`play_effects` / `pass_turn` — `Table` only keeps the cards as rank counts, and writes no events. One
shortcut stays here for speed: `playout` makes the commonest moves (a pass, a plain play that only becomes
the top) inline, and the tests check it against `policy_move` + `play`, and `play` against `State.apply`,
move by move on every preset.

The optional compiled build (setup.py, `make compiled`) compiles this module with mypyc from the same source, `Table`
a native class: the search runs 2.6-3.4 times as many simulations a second there (docs/bots.md, "`ismcts`: speed").
"""

from __future__ import annotations

import random

from presidente.cards import JOKER
from presidente.president.actions import EIGHT, FIVE, JACK, NINE, PRESIDENT_RANK, THREE, TWO
from presidente.president.rules import Rules
from presidente.president.state import State
from presidente.president.trick import BEST_KEY, NATURAL_KEYS, TrickMixin

JOKERS = 13  # index of the jokers in a rank-count hand
Move = tuple[int, int, int, int] | None  # (rank, size, jokers, declared), -1 for none; None: pass
# A hand this long still has tricks to win later: no need to spend the strongest cards now.
LONG_HAND = 5
# An opponent with this few cards may go out on the next trick.
DANGER = 2
_BY_STRENGTH = (tuple(range(13)), tuple(range(12, -1, -1)))


def rank_counts(hand: list[int]) -> list[int]:
    """A card-count hand as 13 counts by President rank, then the jokers."""
    counts = [0] * (JOKERS + 1)
    for card in range(JOKER):
        if hand[card]:
            counts[PRESIDENT_RANK[card]] += hand[card]
    counts[JOKERS] = hand[JOKER]
    return counts


class Table(TrickMixin):
    """The play phase of one round on rank counts (see the module docstring).

    In the compiled build (setup.py) a native class like `TrickMixin`: its fields are C struct fields, with no
    instance `__dict__`, so `copy` assigns them one by one there (`_copy_fields`)."""

    ranks: list[list[int]]
    gone: list[int]  # rank counts played or face up
    penalized_ranks: tuple[tuple[bool, ...], ...]  # [reversed][rank]: going out with it is penalized
    equal_keys: frozenset[int] | None
    round_players: list[int]
    finished: list[int]  # this round's finishing order so far
    out: list[int]  # seats placed at the bottom (left, or penalized for their last card); the later one ranks higher
    downfallen: int | None
    over: bool
    # The rules' facts the policy and `playout` read, worked out once (`_read_rules`): a field of the table is read
    # faster than the rules' own, most of all in the compiled build (`Rules` stays a Python class there).
    joker_mode: str
    penalize_final_joker: bool
    revolution: str
    revolution_cards: int
    copies: int  # copies of a rank in the deck
    deck_jokers: int
    keep_turn: bool  # the pass mode "turn": a seat that passed plays again in the trick
    single_pass: bool  # the pass mode "single": a seat that played passes for the rest of the trick
    plain_below: int  # below this size a natural play that beats the top only becomes the top (`playout`)
    plain_ranks: list[bool]  # [rank]: a play of it has no effect of its own (8 rule, best rank, Daifugo options)

    @classmethod
    def from_state(cls, state: State, hands: list[list[int]] | None = None) -> Table:
        """The play-phase facts of `state` (a `State` in its play phase); `hands` replaces its rank counts."""
        table = Table()
        table.keeps_events = False  # an instance's field: the compiled `TrickMixin` reads it from its own
        table.rules = state.rules
        table._read_rules(state.rules)
        table.seats = state.seats
        table.ranks = hands if hands is not None else [rank_counts(hand) for hand in state.hands]
        table.gone = rank_counts([a + b for a, b in zip(state.played, state.face_up, strict=True)])
        table.sizes = state.sizes[:]
        table.active = state.active[:]
        table.roles = state.roles
        table.reversed = state.reversed
        table.must_include = state.must_include
        table.trick_size, table.top_key, table.top_size = state.trick_size, state.top_key, state.top_size
        table.last_player = state.last_player
        table.lock, table.lock_prev = state.lock, state.lock_prev
        table.trick_passed = state.trick_passed[:]
        table.obligation = state.obligation
        table.run_rank, table.run_count, table.run_plays = state.run_rank, state.run_count, state.run_plays
        table.jack_back = state.jack_back
        table.clockwise = state.clockwise
        table.current = state.current
        table.trick = []
        table.events = []
        table.round_players = state.round_players[:]
        table.finished = state.finished[:]
        table.out = state.out[:]
        table.downfallen = state.downfallen
        table.over = state.current is None
        rules = state.rules
        # The natural keys that may be equalled (None: it depends on who is to move).
        table.equal_keys = (
            None
            if rules.first_equalize_only_by_scum
            else frozenset(key for key in range(0, BEST_KEY + 1, 2) if table.equal_error(key, False) is None)
        )
        table.penalized_ranks = tuple(
            tuple(table.penalized_finish(rank, 0, (12 - rank if reversed_order else rank) == 12) for rank in range(13))
            for reversed_order in (False, True)
        )
        return table

    def _read_rules(self, rules: Rules) -> None:
        self.joker_mode = rules.joker_mode
        self.penalize_final_joker = rules.penalize_final_joker
        self.revolution = rules.revolution
        self.revolution_cards = rules.revolution_cards
        self.copies = 4 * rules.decks
        self.deck_jokers = rules.decks * rules.jokers_per_deck
        self.keep_turn = rules.pass_mode == "turn"
        self.single_pass = rules.pass_mode == "single"
        plain_below = rules.revolution_cards if rules.revolution != "off" else 1 << 30
        if rules.four_in_a_row != "off":
            plain_below = min(plain_below, 4)
        self.plain_below = plain_below
        plain_ranks = [
            not (rules.eight_rule and rank == EIGHT) and not (rules.best_rank_ends_trick and rank in (TWO, THREE))
            for rank in range(13)
        ]
        for rank in effect_ranks(rules):
            plain_ranks[rank] = False
        self.plain_ranks = plain_ranks

    def copy(self, hands: list[list[int]] | None = None) -> Table:
        """A copy to play on; `hands` (rank counts, then owned by the copy) replaces the hands."""
        if _NATIVE:
            other = self._copy_fields()
        else:  # the same, faster in Python: one copy of the instance's dict
            other = _new_table(Table)
            other.__dict__.update(self.__dict__)
        other.ranks = hands if hands is not None else [hand[:] for hand in self.ranks]
        other.sizes = self.sizes[:]
        other.gone = self.gone[:]
        other.active = self.active[:]
        other.trick_passed = self.trick_passed[:]
        other.finished = self.finished[:]
        other.out = self.out[:]
        other.events = []
        other.trick = []
        return other

    def _copy_fields(self) -> Table:
        """A new table holding this one's fields (the same objects: `copy` copies the mutable ones), assigned one by
        one, as the compiled build's native class needs; the fields `from_state` sets (tests/bots/test_playout.py
        checks that none is left out)."""
        other = Table()
        other.keeps_events, other.rules, other.seats = self.keeps_events, self.rules, self.seats
        other.ranks, other.penalized_ranks = self.ranks, self.penalized_ranks
        other.gone, other.sizes, other.active, other.roles = self.gone, self.sizes, self.active, self.roles
        other.reversed, other.must_include, other.trick_size = self.reversed, self.must_include, self.trick_size
        other.top_key, other.top_size, other.last_player = self.top_key, self.top_size, self.last_player
        other.lock, other.lock_prev, other.trick_passed = self.lock, self.lock_prev, self.trick_passed
        other.obligation, other.run_rank, other.run_count = self.obligation, self.run_rank, self.run_count
        other.run_plays, other.jack_back, other.clockwise = self.run_plays, self.jack_back, self.clockwise
        other.current, other.trick, other.events = self.current, self.trick, self.events
        other.round_players, other.finished, other.out = self.round_players, self.finished, self.out
        other.downfallen, other.over, other.equal_keys = self.downfallen, self.over, self.equal_keys
        other.owed, other.trick_sequence, other.number_locked = self.owed, self.trick_sequence, self.number_locked
        other.seating, other.passes_in_a_row, other.trick_leader = self.seating, self.passes_in_a_row, self.trick_leader
        other.joker_mode, other.penalize_final_joker = self.joker_mode, self.penalize_final_joker
        other.revolution, other.revolution_cards = self.revolution, self.revolution_cards
        other.copies, other.deck_jokers, other.keep_turn = self.copies, self.deck_jokers, self.keep_turn
        other.single_pass, other.plain_below, other.plain_ranks = self.single_pass, self.plain_below, self.plain_ranks
        other._facts = self._facts
        return other

    def finishing_order(self) -> list[int]:
        """Finished seats, then those still holding cards (fewest first), downfall, then penalized seats."""
        remaining = sorted((s for s in self.round_players if self.active[s]), key=self.sizes.__getitem__)
        order = self.finished + remaining
        if self.downfallen is not None:
            order.append(self.downfallen)
        return order + self.out[::-1]

    # ------------------------------------------------------------- moves

    def legal_moves(self) -> list[Move]:
        """Every shape the seat to move may play (the shapes of `State.legal_actions()`), pass first."""
        seat = self.current
        assert seat is not None
        hand = self.ranks[seat]
        mode = self.joker_mode
        jokers = hand[JOKERS]
        wild = 0 if mode == "trump" else jokers
        wanted = self.trick_size
        shape_error = self.shape_error
        moves: list[Move] = [None] if wanted else []
        for rank in range(13):
            naturals = hand[rank]
            if not naturals:
                continue
            for size in self.candidate_sizes(rank, naturals + wild):
                for used in range(max(0, size - naturals), min(wild, size - 1) + 1):
                    if shape_error(rank, size, used) is None:
                        moves.append((rank, size, used, -1))
        if jokers:
            declared_ranks = range(13) if mode == "wild" else (-1,)
            for declared in declared_ranks:
                rank_or_none = None if declared < 0 else declared
                sizes = range(1, jokers + 1) if mode == "trump" else self.candidate_sizes(rank_or_none, jokers)
                for size in sizes:
                    if shape_error(rank_or_none, size, size) is None:
                        moves.append((declared, size, size, declared))
        return moves

    def play(self, move: Move) -> None:
        """Make `move` for the seat to move (a shape from `legal_moves` or `policy_move`): the cards leave the
        rank counts, then the engine's own `play_effects` (or `pass_turn`) does the rest."""
        if move is None:
            self.pass_turn()
            return
        seat = self.current
        assert seat is not None
        rank, size, jokers, _ = move
        hand, gone = self.ranks[seat], self.gone
        naturals = size - jokers
        if naturals:
            hand[rank] -= naturals
            gone[rank] += naturals
        if jokers:
            hand[JOKERS] -= jokers
            gone[JOKERS] += jokers
        self.play_effects(seat, None if rank < 0 else rank, size, jokers)

    def _discard_hand(self, seat: int) -> None:
        # Seed 001's downfall. (The engine turns the cards face up; the policy does not count them as seen.)
        self.ranks[seat] = [0] * (JOKERS + 1)
        self.sizes[seat] = 0
        self.active[seat] = False

    def _end_round(self) -> None:
        self.over = True
        self.current = None

    # ------------------------------------------------------------- the playout policy

    def _penalized(self, rank: int) -> bool:
        """Would going out with natural cards of `rank` be a penalized finish?"""
        return self.penalized_ranks[self.reversed][rank]

    def policy_move(self) -> Move:
        """The playout policy's move for the seat to move (always legal)."""
        move: Move = self._follow() if self.trick_size else self._lead()
        if move is None:
            return move
        rank, size, jokers, _ = move
        if self._beats_freely(rank, size, jokers):
            return move
        if self.shape_error(None if rank < 0 else rank, size, jokers) is not None:
            moves = self.legal_moves()
            return moves[0] if self.trick_size or not moves else min(moves, key=_lead_cost)
        return move

    def _beats_freely(self, rank: int, size: int, jokers: int) -> bool:
        # `_legal_plays`'s own shortcut: a natural play of the trick's size above the top, with no
        # obligation pending, is exactly `shape_error`'s first accepting case.
        return (
            rank >= 0
            and size > jokers
            and size == self.trick_size
            and self.obligation is None
            and self.strength(rank) * 2 > self.top_key
        )

    def _lead(self) -> Move:
        seat = self.current
        assert seat is not None
        hand = self.ranks[seat]
        total = self.sizes[seat]
        jokers = hand[JOKERS]
        mode = self.joker_mode
        if self.must_include is not None:
            three = PRESIDENT_RANK[self.must_include]
            return (three, hand[three], 0, -1)
        order = _BY_STRENGTH[self.reversed]
        ordinary = -1  # weakest rank that is fine to go out with
        ordinary_sets = 0
        awkward = -1  # strongest rank that must not be the last card
        penalized = self.penalized_ranks[self.reversed]
        most = 0  # the most cards of one rank
        for rank in [rank for rank in order if hand[rank]]:
            count = hand[rank]
            if count > most:
                most = count
            if penalized[rank]:
                awkward = rank
                continue
            if count == total:
                return (rank, total, 0, -1)
            if ordinary < 0:
                ordinary = rank
            ordinary_sets += 1
        wild_finish = mode != "trump" and not self.penalize_final_joker
        if jokers and wild_finish and ordinary >= 0 and hand[ordinary] + jokers == total:
            return (ordinary, total, jokers, -1)
        if ordinary_sets <= 1 and (awkward >= 0 or (jokers and self.penalize_final_joker)):
            # Cards that may not be the last one go while an ordinary set still follows them.
            if jokers and (awkward < 0 or mode != "wild"):
                declared = order[0] if mode == "wild" else -1
                return (declared, jokers, jokers, declared)
            if awkward >= 0:
                return (awkward, hand[awkward], 0, -1)
        revolution = self._revolution(hand, total, most)
        if revolution is not None:
            return revolution
        master = self._master_lead(hand, order)
        if master >= 0:
            # No one can beat it, and at most one set is left to lead afterwards: keep the lead.
            return (master, hand[master], 0, -1)
        if ordinary >= 0:
            return (ordinary, hand[ordinary], 0, -1)
        if awkward >= 0:
            return (awkward, hand[awkward], 0, -1)
        declared = order[0] if mode == "wild" else -1
        return (declared, jokers, jokers, declared)

    def _revolution(self, hand: list[int], total: int, most: int) -> Move:
        """Four of a kind (or what the rules count as a revolution) when the hand is weak in this order
        (`most`: the most natural cards of one rank in the hand)."""
        if self.revolution == "off":
            return None
        needed = self.revolution_cards
        if needed >= total or most + hand[JOKERS] < needed:
            return None
        strength = self.strength
        if sum((strength(rank) - 6) * hand[rank] for rank in range(13)) >= 0:
            return None
        order = _BY_STRENGTH[self.reversed]
        for rank in order:
            if hand[rank] >= needed:
                return (rank, needed, 0, -1)
        if self.revolution != "strict" and self.joker_mode != "trump" and hand[JOKERS]:
            for rank in order:
                if hand[rank] + 1 >= needed:
                    return (rank, needed, 1, -1)
        return None

    def _master_lead(self, hand: list[int], order: tuple[int, ...]) -> int:
        """The weakest master set when all sets but at most one are masters (and there are two or more).

        A set is a master (`_is_master`) when no stronger rank has `max(1, size - wild)` unseen copies: one
        pass from the strongest rank down, keeping the most unseen copies of any stronger rank."""
        gone = self.gone
        copies = self.copies
        unseen_jokers = self.deck_jokers - hand[JOKERS] - gone[JOKERS]
        mode = self.joker_mode
        if unseen_jokers > 0 and mode == "trump":
            return -1  # an unseen joker beats any set
        lone_beaten = unseen_jokers > 0 and mode == "bga"  # a single never is a master
        wild = unseen_jokers if unseen_jokers > 0 else 0
        sets = 0
        others = 0
        weakest = -1
        most = 0  # the most unseen copies of a rank stronger than this one
        for rank in reversed(order):
            count = hand[rank]
            if count:
                sets += 1
                if not (lone_beaten and count == 1) and most < (count - wild if count - wild > 1 else 1):
                    weakest = rank
                else:
                    others += 1
                    if others > 1:
                        return -1
            unseen = copies - count - gone[rank]
            if unseen > most:
                most = unseen
        return weakest if sets > 1 else -1

    def _is_master(self, hand: list[int], rank: int, size: int) -> bool:
        """Can no cards the seat to move does not see beat `size` cards of `rank` (ties aside)?"""
        gone = self.gone
        copies = self.copies
        unseen_jokers = self.deck_jokers - hand[JOKERS] - gone[JOKERS]
        mode = self.joker_mode
        if unseen_jokers > 0 and (mode == "trump" or (mode == "bga" and size == 1)):
            return False
        wild = unseen_jokers if mode != "trump" and unseen_jokers > 0 else 0
        order = _BY_STRENGTH[self.reversed]
        for stronger in order[self.strength(rank) + 1 :]:
            unseen = copies - hand[stronger] - gone[stronger]
            if unseen > 0 and unseen + wild >= size:
                return False
        return True

    def _follow(self) -> Move:
        if self.obligation is not None:
            return self._equalize()
        seat = self.current
        assert seat is not None
        hand = self.ranks[seat]
        wanted = self.trick_size
        top_key = self.top_key
        reversed_order = self.reversed
        # The strengths that beat the top, `above` to 12 (the rank of strength s: 12 - s when reversed, else s).
        above = (top_key >> 1) + 1
        if not top_key & 1 and top_key <= 24:
            # A natural top: an equal play, where the rules allow it (and it skips the next player, often).
            equal = above - 1
            equal_keys = self.equal_keys
            if (
                hand[12 - equal if reversed_order else equal] >= wanted
                and self.top_size == wanted
                and (top_key in equal_keys if equal_keys is not None else self.equal_error(top_key, False) is None)
            ):
                above = equal
        # The weakest strength with enough cards, and the weakest with exactly enough (a set kept whole).
        first = whole = -1
        for strength in range(above, 13):
            count = hand[12 - strength if reversed_order else strength]
            if count >= wanted:
                if first < 0:
                    first = strength
                if count == wanted:
                    whole = strength
                    break
        jokers = hand[JOKERS]
        if first < 0:
            return self._joker_follow(hand, self.sizes[seat], wanted, above) if jokers else None
        if whole < 0 and jokers and self.joker_mode != "trump":
            for strength in range(above, 13):
                count = hand[12 - strength if reversed_order else strength]
                if 0 < count < wanted <= count + jokers:
                    if self._danger(seat):
                        break
                    # A set made whole with jokers comes before breaking one.
                    return self._joker_follow(hand, self.sizes[seat], wanted, above)
        # Breaking a set only when nothing else beats, or to stop an opponent about to go out.
        strength = first if whole < 0 or (first != whole and self._danger(seat)) else whole
        choice = 12 - strength if reversed_order else strength
        left = self.sizes[seat] - wanted
        if left == 0:
            return None if self._penalized(choice) else (choice, wanted, 0, -1)
        if left > LONG_HAND and (strength >= 11 or (strength != whole and strength >= 6)) and not self._danger(seat):
            return None
        return (choice, wanted, 0, -1)

    def _danger(self, seat: int) -> bool:
        """Is an opponent about to go out?"""
        sizes, active = self.sizes, self.active
        for other in range(self.seats):  # noqa: SIM110 (a plain loop is faster than any() on a generator)
            if sizes[other] <= DANGER and active[other] and other != seat:
                return True
        return False

    def _joker_follow(self, hand: list[int], total: int, wanted: int, above: int) -> Move:
        """Beat with jokers: a set they make whole (weakest first, from strength `above`), else jokers alone."""
        jokers = hand[JOKERS]
        if total - wanted > LONG_HAND and not self._danger(self.current or 0):
            return None
        if total == wanted and self.penalize_final_joker:
            return None
        if self.joker_mode != "trump":
            reversed_order = self.reversed
            for strength in range(above, 13):
                rank = 12 - strength if reversed_order else strength
                count = hand[rank]
                if 0 < count < wanted <= count + jokers and self.shape_error(rank, wanted, wanted - count) is None:
                    return (rank, wanted, wanted - count, -1)
        if self.joker_mode != "wild" and wanted <= jokers and self.shape_error(None, wanted, wanted) is None:
            return (-1, wanted, wanted, -1)
        return None

    def _equalize(self) -> Move:
        # An obligation: the only plays are the equal ones; take one unless it spends a strong card.
        for move in self.legal_moves():
            if move is not None and move[2] == 0 and self.strength(move[0]) < 11:
                return move
        return None

    def playout(self, rng: random.Random, limit: int = 1 << 30, watched: int | None = None) -> list[int]:
        """Play on with `policy_move` (at most `limit` moves) and return the finishing order.

        With `watched`, stop as soon as that seat has its place for good (it went out, or went out on a
        penalized card): the rest of the round cannot change where it stands in the returned order."""
        del rng  # the policy is deterministic; the randomness is in the deal
        keep_turn, single = self.keep_turn, self.single_pass
        # Below this size a natural play that beats the top has no effect but to become the top (see `play`).
        plain_below, plain_ranks = self.plain_below, self.plain_ranks
        sizes, active, seats = self.sizes, self.active, self.seats
        lead, follow, play, ranks, gone = self._lead, self._follow, self.play, self.ranks, self.gone
        while not self.over and limit > 0:
            limit -= 1
            leading = not self.trick_size
            if leading and self.must_include is None:
                # A lead: with no special 3 to include, `shape_error` accepts any shape, so the policy's move
                # is `_lead`'s.
                move = lead()
            elif not leading and self.obligation is None:
                move = follow()
            else:
                self.play(self.policy_move())
                if watched is not None and not active[watched] and watched != self.downfallen:
                    break
                continue
            # The common cases, done here: a lead, or following with no obligation pending.
            passed = self.trick_passed  # a new list each trick
            seat = self.current
            assert seat is not None
            if move is not None:
                rank, size, jokers, _ = move
                # `_beats_freely`, inline (no obligation is pending here; `_BY_STRENGTH[reversed][rank]` is the
                # rank's strength).
                free = leading or (
                    rank >= 0
                    and size > jokers
                    and size == self.trick_size
                    and _BY_STRENGTH[self.reversed][rank] * 2 > self.top_key
                )
                if (
                    jokers
                    or size >= plain_below
                    or size >= sizes[seat]
                    or not plain_ranks[rank]
                    or rank == self.run_rank
                    or not free
                ):
                    # `_follow` checked its equal plays itself (`equal_keys`); other moves that do not simply beat
                    # the top are checked here.
                    if (
                        not free
                        and (jokers or NATURAL_KEYS[self.reversed][rank] != self.top_key)
                        and self.shape_error(rank, size, jokers)
                    ):
                        move = self.policy_move()
                    play(move)
                    if watched is not None and not active[watched] and watched != self.downfallen:
                        break
                    continue
                # A plain play: it becomes the top (or starts the trick), and the turn moves on.
                if leading:
                    self.trick_size = size
                ranks[seat][rank] -= size
                gone[rank] += size
                sizes[seat] -= size
                self.last_player = seat
                self.run_rank, self.run_count, self.run_plays = rank, size, 1
                self.top_key = NATURAL_KEYS[self.reversed][rank]
                self.top_size = size
                if single:
                    passed[seat] = True
            elif not keep_turn:
                passed[seat] = True
            last = self.last_player
            step = 1 if self.clockwise else -1
            while True:
                seat = (seat + step) % seats
                if seat == last:
                    self._end_trick()
                    break
                if active[seat] and not passed[seat]:
                    self.current = seat
                    break
        return self.finishing_order()


# Whether `Table` is a native class of the compiled build (mypyc lists such a class's attributes in
# `__mypyc_attrs__`, on the class itself; an interpreted subclass of the native `TrickMixin` would inherit it).
_NATIVE = "__mypyc_attrs__" in vars(Table)
# `Table.__new__` without `__init__`, for the Python `copy` (named here: mypyc fails on `Table.__new__(Table)`).
_new_table = object.__new__


def plays_on_rank_counts(rules: Rules) -> bool:
    """Can this playout play a round under `rules`? Not with 7 give or 10 discard, whose card choices are moves
    of their own, nor with the spade-3 return, the suit lock and sequences, which ask for suits, nor with the number
    lock, which its inline moves do not keep, nor with UECda's turn rules (a leader's pass, 20 passes, the seating,
    the last player moving again), which its inline turn order does not follow: the search leaves such tables to
    the heuristic bot (as it does huge tables)."""
    return not (
        rules.seven_give
        or rules.ten_discard
        or rules.spade_three_return
        or rules.suit_lock
        or rules.sequences
        or rules.number_lock
        or rules.lead_pass
        or rules.pass_limit > 0
        or rules.seat_shuffle > 0
        or rules.trick_end != "others-passed"
    )


def effect_ranks(rules: Rules) -> tuple[int, ...]:
    """The ranks whose plays do more than become the top under the Daifugo options (`play_effects` does it)."""
    effects = ((JACK, rules.jack_back), (EIGHT, rules.eight_cut), (FIVE, rules.five_skip), (NINE, rules.nine_reverse))
    return tuple(rank for rank, on in effects if on)


def _lead_cost(move: Move) -> tuple[int, int]:
    assert move is not None
    return (move[2], -move[1])
