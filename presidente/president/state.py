"""The President game state: a match of rounds, played one action at a time.

`new_game(rules, players, seed)` deals the first round. Then `legal_actions()` lists what the seat to move
(`current_player`) may do and `apply(action)` does it, or raises a `ValueError` subclass and leaves the
state exactly as it was. Chance is explicit: every shuffle and random choice comes from a generator seeded
by `(seed, round number)`, so rules + seed + actions rebuild every state (see `record`).

A round runs through phases: the card transfer or the draft (when the last round gave roles), then tricks
until one player holds cards. Trick mechanics live in `trick.py`; roles and scoring in `roles.py`.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import weakref
from collections.abc import Callable
from typing import Any, Final

from presidente.cards import (
    CARD_KINDS,
    CardGroup,
    counts_from_group,
    deal,
    format_cards,
    full_deck,
    group_from_counts,
    parse_card,
)
from presidente.errors import IllegalActionError, NotYourTurnError, Refusal
from presidente.president.actions import PASS, Action, Discard, Give, Join, Leave, Pass, Play, Take
from presidente.president.events import Event
from presidente.president.exchange import best_cards, card_combinations, lowest_cards
from presidente.president.observation import (
    EventViews,
    Observation,
    cards_in,
    make_observation,
    seat_views,
    settle_observation,
)
from presidente.president.position import PendingTransfer, Position
from presidente.president.position import Phase as Phase  # re-exported: Phase was defined here
from presidente.president.roles import Roles, assign_roles, match_is_over, match_standings, score_round
from presidente.president.rules import Rules
from presidente.president.trick import TrickMixin

# The play phase, read where every move asks it (a module constant: an enum member's lookup costs more).
_PLAY: Final = Phase.PLAY
# How many lazy observations a state keeps track of between two moves before it forgets the dropped ones.
_UNSETTLED_PRUNE: Final = 64


class _PlayMemo:
    """One position's legal plays, offered plays and their texts, each filled when first asked for."""

    __slots__ = ("key", "legal", "offered", "texts")

    def __init__(self, key: tuple[object, ...]) -> None:
        self.key = key
        self.legal: tuple[Action, ...] | None = None
        self.offered: tuple[Action, ...] | None = None
        self.texts: tuple[str, ...] | None = None


class Transfer:
    """One pair of the card transfer: the winner chooses `count` cards for the loser."""

    __slots__ = ("chosen", "count", "loser", "loser_left", "winner")

    def __init__(self, winner: int, loser: int, count: int) -> None:
        self.winner, self.loser, self.count = winner, loser, count
        self.chosen: CardGroup | None = None
        self.loser_left = False


class State(TrickMixin):
    """A President match in progress. Mutable; `clone()` copies it for search.

    Its fields bear the names of `Position`'s (and the observation's): `finished` is this round's finishing
    order so far, `out` the seats placed at the bottom (left the table or penalized for their last card; the
    later one ranks higher), `downfallen` a President ranked last by seed 001's downfall, `last_round` last
    round's finishing order (best first), `results` every finished round's."""

    # The observations' event views, per viewer, for the event list they describe (see `observation`); a
    # clone has its own event list, so it starts them over.
    _event_views: EventViews | None = None
    # The position a state was set up from (`from_position`), whose history starts there: no record replays it.
    _origin: Position | None = None
    # The legal plays of the last position asked about (`_play_memo`).
    _plays: _PlayMemo | None = None
    # The card choices of the last transfer or draft position asked about (`_choice_memo`).
    _choices: _PlayMemo | None = None
    # The lazy observations made since the last change (`observation(seat, lazy=True)`), filled before the next.
    _unsettled: list[weakref.ReferenceType[Observation]] | None = None
    # A deal that replaces the shuffled one (tests set it to deal fixed hands): called with the state and the
    # round's generator at the start of each round.
    fixed_deal: Callable[[State, random.Random], None] | None = None

    def __init__(self, rules: Rules, players: int, seed: int | str = 0, *, blank: bool = False) -> None:
        """A match of `players` seats under `rules`, its first round dealt. `blank`: only `rules`, `seats` and
        `seed` set, for `from_position` and `clone` to fill in (the compiled build's classes have no `__new__`
        path and no `__dict__` to copy)."""
        rules.check_players(players)
        self.rules = rules
        self.seats = players
        self.seed = seed
        if blank:
            return
        self.present = [True] * players
        self.new_queue: list[int] = list(range(players))
        self.last_round: list[int] = []
        self.results: list[list[int]] = []
        start = rules.credit_start if rules.scoring == "credit" else 0
        self.scores = [start] * players
        self.round_number = 0
        self.phase = Phase.WAITING
        # Whether the match is over (`phase` is OVER): a field, not a property, because the server asks it several
        # times per event; it is set wherever the phase becomes OVER.
        self.is_over = False
        self.current: int | None = None
        self.history: list[tuple[int | None, Action]] = []
        self.events: list[Event] = []
        self.special_three = parse_card(rules.special_three)
        self.seating: list[int] | None = None
        self._reset_round_fields()
        self._start_round()

    @classmethod
    def from_position(cls, position: Position) -> State:
        """A state set up at `position`, which plays on exactly like the state it was written from (same legal
        actions and observations, same future); raises a `PositionError` for a position no table could hold.
        Its history starts at the position, so it has no record (`record_of` refuses it): save positions."""
        position.check()
        p = position
        state = cls(p.rules, p.seats, p.seed, blank=True)
        state.present = list(p.present)
        state.new_queue = list(p.new_queue)
        state.last_round = list(p.last_round)
        state.results = [list(order) for order in p.results]
        state.scores = list(p.scores)
        state.round_number = p.round_number
        state.history = []
        state.events = list(p.events)
        state.special_three = parse_card(p.rules.special_three)
        state._reset_round_fields()
        state.phase = p.phase
        state.is_over = p.phase is Phase.OVER
        state.roles = p.roles
        state.hands = [counts_from_group(hand) for hand in p.hands]
        state.sizes = [sum(hand) for hand in state.hands]
        state.in_round = list(p.in_round)
        state.active = [p.active(seat) for seat in range(p.seats)]
        state.round_players = list(p.round_players)
        state.finished, state.out, state.downfallen = list(p.finished), list(p.out), p.downfallen
        state.played, state.face_up, state.undealt = (
            counts_from_group(p.played),
            counts_from_group(p.face_up),
            counts_from_group(p.undealt),
        )
        state.draft_pool = counts_from_group(p.draft_pool)
        state.draft_placed, state.draft_queue = list(p.draft_placed), list(p.draft_queue)
        state.draft_revealed = p.draft_revealed
        state.gave, state.received = list(p.gave), list(p.received)
        for pending in p.transfers:
            transfer = Transfer(pending.winner, pending.loser, pending.count)
            transfer.chosen, transfer.loser_left = pending.chosen, pending.loser_left
            state.transfers.append(transfer)
            for card, count in pending.chosen or ():
                state.transit[card] += count
        state.reversed, state.must_include, state.clockwise = p.reversed, p.must_include, p.clockwise
        state.seating = list(p.seating) if p.seating else None
        state.restore_trick(p.current_player, p.trick, p.passed, p.obligation)
        state.passes_in_a_row = p.passes_in_a_row
        state.trick_leader = p.trick_leader
        state.owed = p.owed
        state._origin = position
        return state

    def to_position(self) -> Position:
        """This table written down whole (see `presidente.president.position`)."""
        return Position(
            rules=self.rules,
            seed=self.seed,
            round_number=self.round_number,
            phase=self.phase,
            current_player=self.current,
            present=tuple(self.present),
            scores=tuple(self.scores),
            results=tuple(tuple(order) for order in self.results),
            last_round=tuple(self.last_round),
            new_queue=tuple(self.new_queue),
            round_players=tuple(self.round_players),
            in_round=tuple(self.in_round),
            roles=self.roles,
            hands=tuple(group_from_counts(hand) for hand in self.hands),
            played=group_from_counts(self.played),
            face_up=group_from_counts(self.face_up),
            undealt=group_from_counts(self.undealt),
            finished=tuple(self.finished),
            out=tuple(self.out),
            downfallen=self.downfallen,
            reversed=self.reversed,
            must_include=self.must_include,
            trick=tuple(self.trick),
            passed=tuple(self.trick_passed),
            obligation=self.obligation,
            transfers=tuple(
                PendingTransfer(t.winner, t.loser, t.count, t.chosen, t.loser_left) for t in self.transfers
            ),
            draft_pool=group_from_counts(self.draft_pool),
            draft_placed=tuple(self.draft_placed),
            draft_queue=tuple(self.draft_queue),
            draft_revealed=self.draft_revealed,
            gave=tuple(self.gave),
            received=tuple(self.received),
            events=tuple(self.events),
            clockwise=self.clockwise,
            owed=self.owed,
            seating=tuple(self.seating or ()),
            passes_in_a_row=self.passes_in_a_row,
            trick_leader=self.trick_leader,
        )

    # ----------------------------------------------------------------- public API

    @property
    def current_player(self) -> int | None:
        return self.current

    def legal_actions(self) -> list[Action]:
        """Everything the seat to move may do (leaving and joining are table actions, not listed)."""
        phase = self.phase
        if phase is _PLAY:
            if self.owed is not None:
                return self._owed_actions()
            if self.current is None or self._plays is None:
                # No memo until a position's offered plays or texts are asked for (the server's views do, and
                # then ask again): a loop that asks each position once (random play, a search, an environment)
                # pays for no key.
                return self._legal_plays()
            memo = self._play_memo()
            if memo.legal is None:
                memo.legal = tuple(self._legal_plays())
            return list(memo.legal)
        choices = self._choice_memo()
        if choices is None:
            return []
        return list(choices.legal or ())

    def card_choices(self) -> list[CardGroup]:
        """The cards of each action `legal_actions()` lists in a transfer or a draft (a give, a put-down, a
        pick-up), in its order, without making the actions (an environment's mask needs only the cards); empty
        when nobody chooses cards now."""
        key = self._choice_key()
        if key is None:
            return []
        memo = self._choices
        if memo is not None and memo.key == key:
            return [action.cards for action in memo.legal or ()]  # type: ignore[union-attr]
        return card_combinations(key[3], key[2])

    def _choice_key(self) -> tuple[Phase, int, int, tuple[int, ...]] | None:
        """The phase, the mover, how many cards and the cards chosen from, when the seat to move chooses cards
        (a transfer or a draft); else None."""
        phase, seat = self.phase, self.current
        if seat is None:
            return None
        if phase is Phase.EXCHANGE:
            return phase, seat, min(self.transfers[0].count, self.sizes[seat]), tuple(self.hands[seat])
        if phase is Phase.DRAFT_PLACE:
            return phase, seat, min(self.rules.draft_cards, self.sizes[seat]), tuple(self.hands[seat])
        if phase is Phase.DRAFT_PICK:
            return phase, seat, self._draft_pick_count(), tuple(self.draft_pool)
        return None

    def _choice_memo(self) -> _PlayMemo | None:
        """The card choices of this transfer or draft position (every combination of the cards chosen from),
        kept while it lasts: the mover's view and the bot each ask for them, as text too. The key holds the
        phase, the mover, how many cards and the cards chosen from (`_choice_key`). None when nobody chooses
        cards now."""
        key = self._choice_key()
        if key is None:
            return None
        memo = self._choices
        if memo is None or memo.key != key:
            memo = self._choices = _PlayMemo(key)
            phase, _seat, count, cards = key
            kind = Take if phase is Phase.DRAFT_PICK else Give
            memo.legal = tuple(map(kind, card_combinations(cards, count)))
        return memo

    def offered_actions(self) -> list[Action]:
        """`legal_actions()`; for a hand too large to list its plays (many decks), one legal play of each
        shape instead (`_representative_plays`), which bots and move lists use: other plays stay legal."""
        if self.phase is not Phase.PLAY or self.current is None:
            return self.legal_actions()
        if self.owed is not None:
            return self._owed_actions()
        return list(self._offered_plays())

    def _offered_plays(self) -> tuple[Action, ...]:
        """`offered_actions()` in the play phase with nothing owed and a seat to move, kept for the position."""
        memo = self._play_memo()
        if memo.offered is None:
            if not self._may_list_plays():
                memo.offered = tuple(self._representative_plays())
            else:
                if memo.legal is None:
                    memo.legal = tuple(self._legal_plays())
                memo.offered = memo.legal
        return memo.offered

    def offered_texts(self) -> tuple[str, ...]:
        """`offered_actions()` as text, in order (the mover's observation and view list them); kept for the position."""
        if self.phase is not Phase.PLAY or self.current is None or self.owed is not None:
            choices = self._choice_memo()
            if choices is None:
                return tuple(map(str, self.offered_actions()))
            if choices.texts is None:
                choices.texts = tuple(map(str, choices.legal or ()))
            return choices.texts
        memo = self._play_memo()
        if memo.texts is None:
            memo.texts = tuple(map(str, self._offered_plays()))
        return memo.texts

    def _play_memo(self) -> _PlayMemo:
        """The legal plays of this position, kept while it lasts: the server asks for them several times per
        move (the mover's observation, the bot, the view). The key holds everything the plays depend on — the
        mover, their hand, the rules and the trick's state — so a state changed in any way (an `apply`, a
        clone's new hands, a test setting a field) is never answered from an older position."""
        seat = self.current
        assert seat is not None
        key = (
            seat,
            self.rules,
            self.roles.scum,
            self.trick_size,
            self.top_key,
            self.top_size,
            self.obligation,
            self.must_include,
            self.lock,
            self.reversed,
            self.number_locked,
            self.trick_sequence,
            self.run_rank,
            tuple(self.hands[seat]),
        )
        memo = self._plays
        if memo is None or memo.key != key:
            memo = self._plays = _PlayMemo(key)
        return memo

    def legal_play_counts(self) -> dict[str, tuple[int, int]]:
        """The compact form of the legal plays, for any number of decks: for each rank name (and "JK" for
        jokers alone, "SEQ" for sequences) the fewest and most cards a legal play of it holds. Empty outside the
        play phase."""
        if self.phase is not Phase.PLAY or self.current is None or self.owed is not None:
            return {}
        return self._play_counts()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Do `action` for the seat to move (or, given `seat`, check that it is that seat's turn)."""
        if self._unsettled:
            self._settle_observations()
        mover = self.current
        if self.phase is _PLAY and mover is not None and self.owed is None and (seat is None or seat == mover):
            # The hot path of every game: a play or a pass by the seat to move.
            kind = type(action)
            if kind is Play:
                assert isinstance(action, Play)
                error = self._play_error(action)
                if error is not None:
                    raise self._refused(error, action)
                self.history.append((mover, action))
                self._apply_play(action)
                return
            if kind is Pass and self.trick_size:
                self.history.append((mover, action))
                self.pass_turn()
                return
        if isinstance(action, Leave | Join):
            self._apply_table_action(action, seat)
            return
        mover = self.current
        if mover is None:
            raise IllegalActionError.of("match_over" if self.is_over else "waiting_for_players")
        if seat is not None and seat != mover:
            raise NotYourTurnError.of("not_your_turn", seat=mover)
        phase = self.phase
        if phase is Phase.PLAY and self.owed is not None:
            self._apply_owed(action, mover)
            return
        if phase is Phase.PLAY:
            if isinstance(action, Play):
                error = self._play_error(action)
                if error is not None:
                    raise self._refused(error, action)
                self.history.append((mover, action))
                self._apply_play(action)
            elif isinstance(action, Pass):
                if self.trick_size == 0 and not self.rules.lead_pass:
                    raise IllegalActionError.of("lead_cannot_pass")
                self.history.append((mover, action))
                self.pass_turn()
            else:
                raise IllegalActionError.of("not_a_play_move", action=str(action))
            return
        if phase is Phase.EXCHANGE and type(action) is Give:
            self._check_give(action, self.transfers[0].count)
            self.history.append((mover, action))
            self._apply_transfer_give(action.cards)
            return
        if phase is Phase.DRAFT_PLACE and type(action) is Give:
            self._check_give(action, self.rules.draft_cards)
            self.history.append((mover, action))
            self._apply_draft_place(action.cards)
            return
        if phase is Phase.DRAFT_PICK and isinstance(action, Take):
            self._check_take(action)
            self.history.append((mover, action))
            self._apply_draft_take(action.cards)
            return
        expected = {
            Phase.EXCHANGE: "must_give_now",
            Phase.DRAFT_PLACE: "must_place_now",
            Phase.DRAFT_PICK: "must_take_now",
        }
        raise IllegalActionError.of(expected[phase], action=str(action))

    def _refused(self, refusal: Refusal, play: Play) -> IllegalActionError:
        """The error of a play the rules refuse: the refusal's code and parameters, the play's text and, where
        the code names it, the top play's."""
        top = str(self.trick[-1][1]) if self.trick else ""
        return IllegalActionError.refusing(refusal, play=str(play), top=top)

    def auto_action(self) -> Action:
        """The move made when the turn timer runs out (seed 002): leading, all of the smallest cards;
        otherwise pass. In the transfer and the draft: the lowest cards; when picking: the best ones."""
        seat = self.current
        if seat is None:
            raise IllegalActionError.of("no_one_to_move")
        if self.phase is Phase.PLAY:
            if self.owed is not None:
                kind = Give if self.owed.kind == "give" else Discard
                return kind(lowest_cards(self.hands[seat], 1))
            return self._auto_play() if self.trick_size == 0 else PASS
        if self.phase is Phase.EXCHANGE:
            return Give(lowest_cards(self.hands[seat], min(self.transfers[0].count, self.sizes[seat])))
        if self.phase is Phase.DRAFT_PLACE:
            return Give(lowest_cards(self.hands[seat], min(self.rules.draft_cards, self.sizes[seat])))
        return Take(best_cards(self.draft_pool, self._draft_pick_count()))

    def observation(self, seat: int | None, *, lazy: bool = False) -> Observation:
        """What `seat` sees (None: a spectator, who sees no hand): its own hand and the public facts.

        `lazy=True` (the server's bots): the turn, the phase and the trick are filled now, the other fields
        (hand, seats, cards played, events, offered actions ...) when one of them is first read, and at the
        latest when this state next changes (`apply` fills every lazy observation still held first): a bot that
        reads only the trick costs only the trick, and every field still has the value it has when eager."""
        phase = str(self.phase)
        fields: dict[str, Any] = {
            "seat": seat,
            "preset": self.rules.name,
            "rules": self.rules,
            "phase": phase,
            "round_number": self.round_number,
            "current_player": self.current,
            "trick": tuple(self.trick),
            "trick_size": self.trick_size,
            "last_player": self.last_player,
            "obligation": self.obligation if phase == "play" else None,
            "reversed": self.reversed,
            "clockwise": self.clockwise,
            "passes_in_a_row": self.passes_in_a_row,
            "trick_leader": self.trick_leader,
        }
        if not lazy:
            fields.update(self._observation_rest(seat))
            return make_observation(fields)
        observation = make_observation(fields, functools.partial(self._observation_rest, seat))
        unsettled = self._unsettled
        if unsettled is None:
            unsettled = self._unsettled = []
        elif len(unsettled) >= _UNSETTLED_PRUNE:
            # Many lazy observations and no move (a stalled table asking its bot again): forget the dropped ones.
            unsettled[:] = [reference for reference in unsettled if reference() is not None]
        unsettled.append(weakref.ref(observation))
        return observation

    def _observation_rest(self, seat: int | None) -> dict[str, Any]:
        """The fields of `observation(seat)` that a lazy observation fills when first read."""
        own = seat is not None and 0 <= seat < self.seats
        viewer = seat if own else None
        my_turn = own and self.current == seat
        views = self._event_views
        if views is None or views.events is not self.events:
            views = self._event_views = EventViews(self.events)
        placed = {*self.finished, *self.out, self.downfallen}
        return {
            "hand": cards_in(self.hands[viewer]) if viewer is not None else (),
            "seats": seat_views(
                self.rules,
                self.roles,
                self.present,
                self.in_round,
                self.sizes,
                self.scores,
                self.trick_passed,
                placed,
            ),
            "seating": tuple(self.seating) if self.seating else (),
            "must_include": format_cards(((self.must_include, 1),))
            if self.must_include is not None and my_turn
            else None,
            "played": cards_in(self.played),
            "face_up": cards_in(self.face_up),
            "undealt": sum(self.undealt),
            "finished": tuple(self.finished),
            "out": tuple(self.out),
            "gave": self.gave[viewer] if viewer is not None else None,
            "received": self.received[viewer] if viewer is not None else None,
            "draft_pool": cards_in(self.draft_pool) if self.draft_revealed else None,
            "draft_placed": self.draft_placed[viewer] if viewer is not None else None,
            "last_round": tuple(self.last_round),
            "events": views.log(viewer),
            "legal_actions": self.offered_texts() if my_turn else (),
        }

    def _settle_observations(self) -> None:
        """Fill every lazy observation of this state still held, before the state changes under it."""
        unsettled = self._unsettled
        assert unsettled is not None
        for reference in unsettled:
            observation = reference()
            if observation is not None:
                settle_observation(observation)
        unsettled.clear()

    def clone(self) -> State:
        if _NATIVE:
            other = self._copy_fields()
        else:  # the same, faster in Python: one copy of the instance's dict
            other = _new_state(State)
            other.__dict__.update(self.__dict__)
        other._unsettled = None  # this state's lazy observations are filled from this state, not the clone
        other.present = self.present[:]
        other.new_queue = self.new_queue[:]
        other.last_round = self.last_round[:]
        other.results = self.results[:]
        other.scores = self.scores[:]
        other.history = self.history[:]
        other.events = self.events[:]
        other.hands = [hand[:] for hand in self.hands]
        other.sizes = self.sizes[:]
        other.in_round = self.in_round[:]
        other.active = self.active[:]
        other.round_players = self.round_players[:]
        other.finished = self.finished[:]
        other.out = self.out[:]
        other.played = self.played[:]
        other.face_up = self.face_up[:]
        other.undealt = self.undealt[:]
        other.transit = self.transit[:]
        other.draft_pool = self.draft_pool[:]
        other.draft_placed = self.draft_placed[:]
        other.draft_queue = self.draft_queue[:]
        other.gave = self.gave[:]
        other.received = self.received[:]
        other.transfers = [_copy_transfer(t) for t in self.transfers]
        other.trick = self.trick[:]
        other.trick_passed = self.trick_passed[:]
        return other

    def _copy_fields(self) -> State:
        """A new state holding this one's fields (the same objects: `clone` copies the mutable ones), assigned one by
        one (`FIELDS`), as the compiled build's native class needs."""
        other = State(self.rules, self.seats, self.seed, blank=True)
        other._event_views, other._origin, other._plays, other._choices = (
            self._event_views,
            self._origin,
            self._plays,
            self._choices,
        )
        other.fixed_deal = self.fixed_deal
        other.present, other.new_queue, other.last_round = self.present, self.new_queue, self.last_round
        other.results, other.scores, other.round_number = self.results, self.scores, self.round_number
        other.phase, other.is_over, other.current = self.phase, self.is_over, self.current
        other.history, other.events, other.special_three = self.history, self.events, self.special_three
        other.seating, other.roles, other.hands, other.sizes = self.seating, self.roles, self.hands, self.sizes
        other.in_round, other.active, other.round_players = self.in_round, self.active, self.round_players
        other.finished, other.out, other.downfallen = self.finished, self.out, self.downfallen
        other.played, other.face_up, other.undealt = self.played, self.face_up, self.undealt
        other.transit, other.draft_pool, other.draft_placed = self.transit, self.draft_pool, self.draft_placed
        other.draft_queue, other.draft_revealed = self.draft_queue, self.draft_revealed
        other.gave, other.received, other.transfers = self.gave, self.received, self.transfers
        other.reversed, other.clockwise, other.owed = self.reversed, self.clockwise, self.owed
        other.must_include, other.passes_in_a_row = self.must_include, self.passes_in_a_row
        other.trick_size, other.top_key, other.top_size = self.trick_size, self.top_key, self.top_size
        other.last_player, other.trick, other.trick_passed = self.last_player, self.trick, self.trick_passed
        other.obligation, other.run_rank, other.run_count = self.obligation, self.run_rank, self.run_count
        other.run_plays, other.jack_back, other.lock, other.lock_prev = (
            self.run_plays,
            self.jack_back,
            self.lock,
            self.lock_prev,
        )
        other.trick_sequence, other.number_locked = self.trick_sequence, self.number_locked
        other.trick_leader, other.keeps_events, other._facts = self.trick_leader, self.keeps_events, self._facts
        return other

    def standings(self) -> list[int]:
        """Each seat's place in the match so far (1 is best, tied seats share a place): points (or credit left),
        then the last round's finishing order (`roles.match_standings`)."""
        present = self.present if any(self.present) else [True] * self.seats
        return match_standings(self.scores, self.last_round, present)

    def winners_of_match(self) -> list[int]:
        """The seats in first place (`standings`): one, unless a tie on points is not settled by the last round."""
        return [seat for seat, place in enumerate(self.standings()) if place == 1]

    def role_of(self, seat: int) -> str:
        return self.roles.key_of(seat)

    # ----------------------------------------------------------------- 7 give and 10 discard (issue 12)

    def _owed_actions(self) -> list[Action]:
        """The owed cards are chosen one at a time: one action per card kind held (53 at most, however many
        cards are owed or held)."""
        owed, seat = self.owed, self.current
        assert owed is not None and seat is not None
        kind = Give if owed.kind == "give" else Discard
        return [kind(((card, 1),)) for card, count in enumerate(self.hands[seat]) if count]

    def _apply_owed(self, action: Action, mover: int) -> None:
        owed = self.owed
        assert owed is not None
        kind = Give if owed.kind == "give" else Discard
        if type(action) is not kind:
            raise IllegalActionError.of("owed_one_at_a_time", action=str(action), verb=owed.kind, count=owed.count)
        assert isinstance(action, Give)
        self._check_give(action, 1)
        self.history.append((mover, action))
        self.owed = None
        cards = action.cards
        receiver = owed.receiver
        if receiver is not None and self.active[receiver]:
            self._move(self.hands[mover], self.hands[receiver], cards)
            self.events.append(Event("give", mover, (receiver, cards), (mover, receiver)))
        else:
            # 10 discard, or 7 give to a player who has left: the cards go face up.
            self._move(self.hands[mover], self.face_up, cards)
            self.events.append(Event("play-discard", mover, cards))
        if owed.count > 1 and self.sizes[mover]:
            self.owed = dataclasses.replace(owed, count=owed.count - 1)
            return
        if self.sizes[mover] == 0:
            # Giving or discarding the last card goes out; no card was played, so no finish is penalized.
            self._go_out(mover, None, 0, False)
            if sum(self.active) <= 1:
                self._end_round()
                return
        self._resume(owed.resume)

    def _resume(self, seat: int) -> None:
        """After owed cards, `seat` moves, where the play had sent the turn; if it has left meanwhile, the
        next player (or the next leader) does."""
        if self.active[seat]:
            self.current = seat
        elif self.trick_size == 0:
            self.current = self._next_active(seat)
        else:
            self._advance(seat, None)

    # ----------------------------------------------------------------- round set-up

    def _reset_round_fields(self) -> None:
        seats = self.seats
        self.roles = Roles()
        self.hands: list[list[int]] = [[0] * CARD_KINDS for _ in range(seats)]
        self.sizes = [0] * seats
        self.in_round = [False] * seats
        self.active = [False] * seats
        self.round_players: list[int] = []
        self.finished: list[int] = []
        self.out: list[int] = []
        self.downfallen: int | None = None
        self.played = [0] * CARD_KINDS
        self.face_up = [0] * CARD_KINDS
        self.undealt = [0] * CARD_KINDS
        self.transit = [0] * CARD_KINDS
        self.draft_pool = [0] * CARD_KINDS
        self.draft_placed: list[CardGroup | None] = [None] * seats
        self.draft_queue: list[int] = []
        self.draft_revealed = False
        self.gave: list[CardGroup | None] = [None] * seats
        self.received: list[CardGroup | None] = [None] * seats
        self.transfers: list[Transfer] = []
        self.reversed = False
        self.clockwise = True
        self.owed = None
        self.must_include: int | None = None
        self.passes_in_a_row = 0
        self._reset_trick(None)

    def _combined_queue(self) -> list[int]:
        """Last round's places (still seated), then the new queue, then anyone else seated."""
        # Seed 002: "To prevent cheating by reconnecting, new players join the new queue": a seat taken again
        # since last round (by a newcomer, or by a player who left and came back) loses its place.
        queue = [seat for seat in self.last_round if self.present[seat] and seat not in self.new_queue]
        queue += [seat for seat in self.new_queue if self.present[seat] and seat not in queue]
        queue += [seat for seat in range(self.seats) if self.present[seat] and seat not in queue]
        return queue

    def _start_round(self) -> None:
        queue = self._combined_queue()
        self._reset_round_fields()
        if len(queue) < max(2, self.rules.min_players):
            self.phase, self.current = Phase.WAITING, None
            # No round without players: the whole deck waits undealt (every card stays accounted for).
            self.undealt = full_deck(self.rules.decks, self.rules.jokers_per_deck)
            return
        self.round_number += 1
        self.events = []
        rng = random.Random(f"{self.seed}:round:{self.round_number}")
        self.round_players = queue
        standing = [-1 if seat in self.new_queue else seat for seat in self.last_round]  # newcomers hold no role
        rules = self.rules
        if rules.rank_reset and (self.round_number - 1) % rules.rank_reset == 0:
            # UECda: games 1, 101, 201, ... "reset the ranks and skip the exchange".
            standing = []
        if rules.seat_shuffle and (self.round_number - 1) % rules.seat_shuffle == 0:
            # UECda: "Seats are shuffled at random every 3 games (game 1, 4, 7, ...); a seat change does not
            # change ranks." A generator of its own, so that the deal stays the deal of this seed and round.
            seating = list(range(self.seats))
            random.Random(f"{self.seed}:round:{self.round_number}:seating").shuffle(seating)
            self.seating = seating
        self.new_queue = []
        for seat in queue:
            self.in_round[seat] = self.active[seat] = True
        self.roles = assign_roles(standing, queue, self.rules)
        if self.fixed_deal is None:
            self._deal(rng)
        else:
            self.fixed_deal(self, rng)
        if self.rules.exchange == "trade" and self.roles.exists:
            self._start_transfer()
        elif self.rules.exchange == "draft" and self.last_round:
            self._start_draft()
        else:
            self._start_play()

    def _deal_order(self, rng: random.Random) -> list[int]:
        """Seats in the order they receive cards: the first ones get the extra cards of an uneven deal."""
        queue = self.round_players
        roles = self.roles
        rule = self.rules.deal_extras
        if rule == "lowest-first" and self.last_round:
            # Seed 001: "lowest ranked players will receive more cards than others."
            return queue[::-1]
        if rule == "president-first" and roles.president is not None:
            # Seed 002: "Players are dealt cards, starting with the President".
            return self._clockwise_from(roles.president)
        if rule == "dealer-left" and self.last_round:
            # Seed 004: "The "asshole" deals": the deal starts on the dealer's left.
            return self._clockwise_from(self._next_of(queue[-1], self.in_round))
        return self._clockwise_from(rng.choice(queue))

    def _clockwise_from(self, seat: int) -> list[int]:
        """Seats in the round in the seating order, from `seat`."""
        if self.seating is None:
            return [s for s in (*range(seat, self.seats), *range(seat)) if self.in_round[s]]
        start = self.seating.index(seat)
        return [s for s in (*self.seating[start:], *self.seating[:start]) if self.in_round[s]]

    def _deal(self, rng: random.Random) -> None:
        rules = self.rules
        pool = full_deck(rules.decks, rules.jokers_per_deck)
        order = self._deal_order(rng)
        players = len(order)
        if players == 2 and rules.two_player_hand:
            # Seed 001: "In 2 player mode, both players receive 15 cards instead."
            sizes = [rules.two_player_hand] * 2
        else:
            base, extra = divmod(sum(pool), players)
            sizes = [base + (1 if index < extra else 0) for index in range(players)]
        for seat, hand in zip(order, deal(pool, sizes, rng), strict=True):
            self.hands[seat] = hand
            self.sizes[seat] = sum(hand)
        self.undealt = pool
        self.events.append(Event("deal", None, tuple(self.sizes)))

    # ----------------------------------------------------------------- card transfer (seeds 001-004)

    def _start_transfer(self) -> None:
        rules, roles = self.rules, self.roles
        pairs = [
            (roles.president, roles.scum, rules.top_exchange_cards),
            (roles.vice, roles.high_scum, rules.vice_exchange_cards),
        ]
        self.transfers = [
            Transfer(winner, loser, count)
            for winner, loser, count in pairs
            if winner is not None and loser is not None and count > 0
        ]
        self.phase = Phase.EXCHANGE
        if rules.exchange_order == "loser-first":
            # Seed 002: "The Scum gives the President his 2 best cards ... After that, the President chooses".
            for transfer in self.transfers:
                self._loser_gives(transfer)
        if rules.must_give_lowest:
            for transfer in list(self.transfers):
                self._winner_gives(transfer, lowest_cards(self.hands[transfer.winner], transfer.count))
        self._after_transfer_step()

    def _loser_gives(self, transfer: Transfer) -> None:
        """The loser's forced give: its best cards, from its hand as it is now."""
        loser = transfer.loser
        cards = best_cards(self.hands[loser], transfer.count, self.rules.keep_jokers)
        self._move(self.hands[loser], self.hands[transfer.winner], cards)
        self._note_transfer(loser, transfer.winner, cards)

    def _winner_gives(self, transfer: Transfer, cards: CardGroup) -> None:
        """The winner's choice: handed over at once (and the transfer done), or, when both sides give at the
        same time, held until every winner has chosen."""
        winner, order = transfer.winner, self.rules.exchange_order
        if order == "winner-first":
            # Seed 001: the President gives "at the same time": hold the cards until everyone chose.
            self._move(self.hands[winner], self.transit, cards)
            transfer.chosen = cards
            return
        self.transfers.remove(transfer)
        target = self.face_up if transfer.loser_left else self.hands[transfer.loser]
        self._move(self.hands[winner], target, cards)
        self._note_transfer(winner, transfer.loser, cards, discarded=transfer.loser_left)
        if order == "in-return" and not transfer.loser_left and self.present[winner]:
            # Seed 004: "The president gives 2 cards of their choice to the "asshole", who in return must give
            # their 2 highest-ranked cards": the highest of the hand that now holds the president's cards.
            self._loser_gives(transfer)

    def _apply_transfer_give(self, cards: CardGroup) -> None:
        self._winner_gives(self.transfers[0], cards)
        self._after_transfer_step()

    def _after_transfer_step(self) -> None:
        pending = [t for t in self.transfers if t.chosen is None]
        if pending:
            self.current = pending[0].winner
            self.transfers = pending + [t for t in self.transfers if t.chosen is not None]
            return
        # Only "winner-first" transfers are left, every choice made: all the cards change hands together.
        for transfer in self.transfers:
            chosen = transfer.chosen or ()
            if self.active[transfer.loser] and self.active[transfer.winner]:
                # Nothing is given to a winner who has left the table.
                self._loser_gives(transfer)
            target = self.face_up if transfer.loser_left else self.hands[transfer.loser]
            self._move(self.transit, target, chosen)
            self._note_transfer(transfer.winner, transfer.loser, chosen, discarded=transfer.loser_left)
        self.transfers = []
        self._start_play()

    def _note_transfer(self, giver: int, receiver: int, cards: CardGroup, discarded: bool = False) -> None:
        if not cards:
            return
        self.gave[giver] = cards
        if discarded:
            self.events.append(Event("discard", giver, cards))
            return
        self.received[receiver] = cards
        self.events.append(Event("give", giver, (receiver, cards), (giver, receiver)))

    def _move(self, source: list[int], target: list[int], cards: CardGroup) -> None:
        for card, count in cards:
            source[card] -= count
            target[card] += count
        self.sizes = [sum(hand) for hand in self.hands]

    def _check_give(self, action: Give, wanted: int) -> None:
        seat = self.current
        assert seat is not None
        count = min(wanted, self.sizes[seat])
        size = sum(n for _, n in action.cards)
        if size != count:
            raise IllegalActionError.of("give_count", count=count, size=size)
        hand = self.hands[seat]
        for card, copies in action.cards:
            if hand[card] < copies:
                raise IllegalActionError.of("not_held", cards=str(Play(((card, copies),))), count=copies)

    # ----------------------------------------------------------------- draft (seed 004)

    def _start_draft(self) -> None:
        self.phase = Phase.DRAFT_PLACE
        self.draft_queue = list(self.round_players)
        self.current = self.draft_queue[0]

    def _apply_draft_place(self, cards: CardGroup) -> None:
        seat = self.draft_queue.pop(0)
        self._move(self.hands[seat], self.draft_pool, cards)
        self.draft_placed[seat] = cards
        self.events.append(Event("draft-place", seat, cards, (seat,)))
        self._next_draft_step()

    def _draft_pick_count(self) -> int:
        return min(self.rules.draft_cards, sum(self.draft_pool))

    def _check_take(self, action: Take) -> None:
        count = self._draft_pick_count()
        size = sum(n for _, n in action.cards)
        if size != count:
            raise IllegalActionError.of("take_count", count=count, size=size)
        for card, copies in action.cards:
            if self.draft_pool[card] < copies:
                raise IllegalActionError.of("not_in_draft_pool", cards=str(Play(((card, copies),))))

    def _apply_draft_take(self, cards: CardGroup) -> None:
        seat = self.draft_queue.pop(0)
        self._move(self.draft_pool, self.hands[seat], cards)
        self.events.append(Event("draft-take", seat, cards))
        self._next_draft_step()

    def _next_draft_step(self) -> None:
        self.draft_queue = [seat for seat in self.draft_queue if self.active[seat]]
        if self.draft_queue and (self.phase is Phase.DRAFT_PLACE or sum(self.draft_pool)):
            self.current = self.draft_queue[0]
            return
        if self.phase is Phase.DRAFT_PLACE:
            # Seed 004: "Once all cards are placed, they are turned faced up, then each player in ranking
            # order ... takes two cards of their choice from the pile".
            self.phase = Phase.DRAFT_PICK
            self.draft_revealed = True
            self.events.append(Event("draft-reveal", None, tuple(group_from_counts(self.draft_pool))))
            self.draft_queue = [seat for seat in self.round_players if self.active[seat]]
            if self.draft_queue and sum(self.draft_pool):
                self.current = self.draft_queue[0]
                return
        if sum(self.draft_pool):
            self._move(self.draft_pool, self.face_up, group_from_counts(self.draft_pool))
        self._start_play()

    # ----------------------------------------------------------------- play

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        if sum(self.active) <= 1:
            self._end_round()
            return
        self._reset_trick(self._first_leader())

    def _first_leader(self) -> int:
        rules, roles = self.rules, self.roles
        players = [seat for seat in self.round_players if self.active[seat]]
        # A generator of its own (not one kept in the State): clones for search must never draw from, or
        # advance, the chances of the real game.
        rng = random.Random(f"{self.seed}:round:{self.round_number}:leader")
        if roles.exists:
            if rules.first_trick == "scum" and roles.bottom is not None and self.active[roles.bottom]:
                return roles.bottom
            if rules.first_trick == "president" and roles.top is not None and self.active[roles.top]:
                return roles.top
            if rules.first_trick == "random":
                return rng.choice(players)
        if rules.first_round_leader == "special-three" or rules.first_trick == "special-three":
            # Seed 002: "the player with the special 3 starts (but must play that card)".
            start = rng.choice(players)
            ordered = [s for s in self._clockwise_from(start) if self.active[s]]
            holders = [seat for seat in ordered if self.hands[seat][self.special_three]]
            if holders:
                # UECda: "The holder of the 3 of diamonds leads the first trick; they need not play it."
                self.must_include = self.special_three if rules.special_three_must_lead else None
                return holders[0]
        return rng.choice(players)

    def _discard_hand(self, seat: int) -> None:
        hand = self.hands[seat]
        for card in range(CARD_KINDS):
            self.face_up[card] += hand[card]
            hand[card] = 0
        self.sizes[seat] = 0
        self.active[seat] = False

    def _end_by_passes(self) -> None:
        remaining = [seat for seat in self.round_players if self.active[seat]]
        random.Random(f"{self.seed}:round:{self.round_number}:passes").shuffle(remaining)
        for seat in remaining:
            # Their cards go face up, as a downfallen player's: the round is over for them.
            self._discard_hand(seat)
        self.finished += remaining
        self._end_round()

    def _end_round(self) -> None:
        self.owed = None
        remaining = [seat for seat in self.round_players if self.active[seat]]
        order = self.finished + remaining
        if self.downfallen is not None:
            order.append(self.downfallen)
        order += self.out[::-1]
        score_round(order, self.rules, self.scores)
        self.last_round = order
        self.results.append(order)
        self.events.append(Event("round-end", None, tuple(order)))
        self.current = None
        seated = [seat for seat in range(self.seats) if self.present[seat]]
        if match_is_over(self.rules, self.scores, self.round_number, seated):
            self.phase = Phase.OVER
            self.is_over = True
            return
        events = self.events
        self._start_round()
        if self.phase is Phase.WAITING:
            self.events = events

    def end_round_as(self, order: list[int]) -> None:
        """End the round in progress with the finishing `order` (best first: every seat dealt into the round), as
        if its play had reached it, then deal the next round or end the match, as the round's own end does. For a
        table that plays a round's moves elsewhere (the environments' compiled kernels) and hands its end back to
        the engine: the moves it made are not in `history`, so this state's record no longer replays it."""
        if self.is_over or self.phase is Phase.WAITING or sorted(order) != sorted(self.round_players):
            raise ValueError(f"{order} is not a finishing order of round {self.round_number}'s players.")
        for seat in self.round_players:
            self.active[seat] = False
        self.finished, self.out, self.downfallen = list(order), [], None
        self._end_round()

    # ----------------------------------------------------------------- leaving and joining (seed 002)

    def _apply_table_action(self, action: Leave | Join, seat: int | None) -> None:
        if not 0 <= action.seat < self.seats:
            raise IllegalActionError.of("no_such_seat", seat=action.seat, last=self.seats - 1)
        if seat is not None and seat != action.seat:
            raise NotYourTurnError.of("not_your_seat", seat=action.seat)
        if self.is_over:
            raise IllegalActionError.of("match_over")
        if isinstance(action, Join):
            if self.present[action.seat]:
                raise IllegalActionError.of("seat_taken", seat=action.seat)
            self.history.append((None, action))
            self.present[action.seat] = True
            self.scores[action.seat] = self.rules.credit_start if self.rules.scoring == "credit" else 0
            if action.seat in self.new_queue:  # left and came back before the round began: once, at the back
                self.new_queue.remove(action.seat)
            self.new_queue.append(action.seat)
            self.events.append(Event("join", action.seat))
            if self.phase is Phase.WAITING:
                self._start_round()
            return
        if not self.present[action.seat]:
            raise IllegalActionError.of("seat_empty", seat=action.seat)
        self.history.append((None, action))
        self._leave(action.seat)

    def _leave(self, seat: int) -> None:
        self.present[seat] = False
        self.events.append(Event("leave", seat))
        if self.phase is Phase.WAITING or not self.active[seat]:
            return
        if self.phase is Phase.EXCHANGE:
            self._leave_transfer(seat)
        owed = self.owed
        if owed is not None and owed.seat == seat:
            # Cards owed by a player who leaves are not given: the turn goes where it was going.
            self.owed = None
            self._resume(owed.resume)
        self.out.append(seat)
        # Seed 002: "If a player leaves, his cards are discarded face up, but he gets the worst unfilled rank".
        self._discard_hand(seat)
        if self.phase is Phase.EXCHANGE:
            self._after_transfer_step()
        elif self.phase in (Phase.DRAFT_PLACE, Phase.DRAFT_PICK):
            self._next_draft_step()
        elif sum(self.active) <= 1:
            self._end_round()
        elif self.current == seat:
            if self.trick_size == 0:
                # The special 3 left with its holder's cards: the next player leads freely.
                self.must_include = None
                self._reset_trick(self._next_active(seat))
            else:
                self._advance(seat, None)

    def _leave_transfer(self, seat: int) -> None:
        for transfer in list(self.transfers):
            if transfer.loser == seat:
                # "... and if the Scum leaves, the President directly discards the 2 cards".
                transfer.loser_left = True
            if transfer.winner == seat and transfer.chosen is None:
                # Seed 002: "If the President leaves during the card transfer, the server will give his
                # 2 lowest cards to the Scum".
                self._winner_gives(transfer, lowest_cards(self.hands[seat], transfer.count))


# The public fields of a state (`clone` and `_copy_fields` copy them, with the private caches), for code that reads a
# state whole (the tests' snapshots): the compiled build's native class has no `__dict__` to list them.
FIELDS = (
    "rules", "seats", "seed", "present", "new_queue", "last_round", "results", "scores", "round_number", "phase",
    "is_over", "current", "history", "events", "special_three", "seating", "roles", "hands", "sizes", "in_round",
    "active", "round_players", "finished", "out", "downfallen", "played", "face_up", "undealt", "transit",
    "draft_pool", "draft_placed", "draft_queue", "draft_revealed", "gave", "received", "transfers", "reversed",
    "clockwise", "owed", "must_include", "passes_in_a_row", "trick_size", "top_key", "top_size", "last_player",
    "trick", "trick_passed", "obligation", "run_rank", "run_count", "run_plays", "jack_back", "lock", "lock_prev",
    "trick_sequence", "number_locked", "trick_leader", "keeps_events", "fixed_deal",
)  # fmt: skip
# Whether `State` is a native class of the compiled build (mypyc lists such a class's attributes in
# `__mypyc_attrs__`): `clone` then copies its fields one by one, and in Python copies the instance's dict.
_NATIVE = hasattr(State, "__mypyc_attrs__")
# `State.__new__` without `__init__`, for the Python `clone` (named here: mypyc fails on `State.__new__(State)`).
_new_state: Callable[[type[State]], State] = object.__new__


def _copy_transfer(transfer: Transfer) -> Transfer:
    copy = Transfer(transfer.winner, transfer.loser, transfer.count)
    copy.chosen, copy.loser_left = transfer.chosen, transfer.loser_left
    return copy


def new_game(rules: Rules, players: int, seed: int | str = 0) -> State:
    """A match of `players` seats under `rules`, its first round dealt from `seed`."""
    return State(rules, players, seed)
