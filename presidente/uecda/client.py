"""`presidente uecda play`: one of our bots plays a match on any UECda protocol-20070 server.

The client keeps what its seat knows of the game from the tables the server sends (`SeatView`): its own hand
exactly, every accepted play (new card values on the stage table; the same values again, or none, is a pass), who
moved (the turn order, followed by UECda's rules), who passed since the table was last cleared, the hand sizes,
who is out, the revolution and the lock — read from the cards, with rows 5-6 trusted only where they agree (the
manual: the table after a move "often" holds the current state there, "not guaranteed"). At
its turn it sets up an engine state from that knowledge (`SeatView.state`): its own hand exact, the other hands a
sample of the unseen cards consistent with their sizes, drawn afresh at each decision so that it can never
contradict what was played — and hands the bot only this seat's observation and the legal actions.

Engine seats are the table's seats in turn order (row 6, `[6][10..14]`: the player in each seat), so the engine's
"next seat" is the server's next player.
"""

from __future__ import annotations

import dataclasses
import random
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from presidente.bots.base import Bot
from presidente.bots.registry import make_bot
from presidente.cards import JOKER, CardGroup, counts_from_group, format_cards, group_from_counts, group_of
from presidente.president import Action, Give, Phase, Play, Position, Rules, State, new_game
from presidente.president.position import PendingTransfer
from presidente.president.roles import Roles
from presidente.uecda import protocol
from presidente.uecda.preset import uecda_rules
from presidente.uecda.protocol import Table, TablePlay

PLAYERS = 5
_DECK = (*range(52), JOKER)


# The 3 of diamonds leads the first trick (its cell: row 2, column 1).
_THREE_OF_DIAMONDS = protocol.cell_card(2, 1)
_DECK_SIZE = len(_DECK)
# How many disagreements a view keeps described, for the match's summary.
_NOTES = 5


@dataclass
class SeatView:
    """What one player knows of the game in progress, from the server's tables.

    The game's state is read from the cards and tracked by UECda's rules, as the manual asks (protocol chapter,
    item 9: the state rows of the table after a move "often" hold the current state, "not guaranteed"): its own
    hand from each hand table, each move's cards from the table after it (new card values are a play, the same
    ones or none a pass), and who moved from the turn order — the seating, passes (they hold until the table is
    cleared), who is out, the 8 cut, the spade-3 return, everyone passing. Rows 5-6 are read where they agree with
    that, or where the view cannot tell: the seating and last game's ranks, the hand sizes as dealt, the first
    player to move when the 3 of diamonds is not ours; and `[5][2]`, "your turn", always (the server waits on it).
    A table whose rows say otherwise is counted (`disagreed`) and the first few described (`notes`)."""

    me: int
    hand: CardGroup = ()
    sizes: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    seating: list[int] = field(default_factory=lambda: list(range(PLAYERS)))
    # Last game's ranks by player (row 6: 0 Daifugo ... 4 Daihinmin).
    ranks: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    played: list[int] = field(default_factory=lambda: [0] * 53)
    trick: list[tuple[int, TablePlay]] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    finished: list[int] = field(default_factory=list)
    reversed: bool = False
    locked: bool = False
    # The player who was to lead the table since it was last cleared, and the passes in a row (the 20-pass rule).
    leader: int | None = None
    passes_in_a_row: int = 0
    # The cards on the last stage table, values included (the joker alone may lie where a card lay before).
    stage_cells: frozenset[tuple[int, int, int]] = frozenset()
    # Every move seen, for tests and logs: (player, play or None for a pass).
    moves: list[tuple[int, TablePlay | None]] = field(default_factory=list)
    # With `keep_views`, every message of the game in order: ("start" | "hand" | "stage" | "give" | "sent", table)
    # or ("reply" | "end", int).
    transcript: list[tuple[str, Any]] = field(default_factory=list)
    # The tracked turn: the player to move (None: cannot tell yet) and the last player who played.
    to_move: int | None = None
    last_player: int | None = None
    # Whether the sizes come from a table that agreed with the cards (else they are a guess, corrected by the
    # first table whose row 6 fits), and whether this view read its game's start table.
    sizes_known: bool = False
    started: bool = False
    # Last game's finishing order as tracked (best first; the players out in order, then the one left).
    previous_order: list[int] = field(default_factory=list)
    # Tables whose rows 5-6 disagreed with what the view tracked, and what the first few said.
    disagreed: int = 0
    notes: list[str] = field(default_factory=list)

    def next_game(self) -> SeatView:
        """A view for the next game: the seating and this game's finishing order carry over."""
        return SeatView(self.me, seating=list(self.seating), previous_order=self.finishing_order())

    def finishing_order(self) -> list[int]:
        order = list(self.finished)
        if len(order) == PLAYERS - 1:
            order += [player for player in range(PLAYERS) if player not in order]
        return order

    # ------------------------------------------------------------------ reading the tables

    def read_start(self, table: Table) -> None:
        """The start table: the hand (the Daifugo's and the Fugo's with the strong cards received), `[5][1]` the
        cards to give back, last game's ranks, the seating and the sizes as dealt (as `tndhms` sends them)."""
        self.started = True
        self.hand = protocol.hand_cards(table)
        disagree: list[str] = []
        seating = list(table[6][10:15])
        if sorted(seating) == list(range(PLAYERS)):
            self.seating = seating
        else:
            disagree.append(f"seating {seating}")
        self.ranks = self._start_ranks(list(table[6][5:10]), disagree)
        giving = max(0, table[5][1])
        dealt = len(self.hand) - giving  # the Daifugo and the Fugo hold the strong cards they took
        sizes = list(table[6][:PLAYERS])
        if sizes[self.me] == dealt and sum(sizes) == _DECK_SIZE and min(sizes) > 0:
            self.sizes, self.sizes_known = sizes, True
        else:
            # Cannot tell who was dealt the extra cards: an even share, until a table's row 6 fits the cards.
            disagree.append(f"sizes {sizes}")
            others = [player for player in range(PLAYERS) if player != self.me]
            share, extra = divmod(_DECK_SIZE - dealt, len(others))
            self.sizes = [0] * PLAYERS
            self.sizes[self.me] = dealt
            for index, player in enumerate(others):
                self.sizes[player] = share + (index < extra)
            self.sizes_known = False
        self._note("start", disagree)

    def _start_ranks(self, row: list[int], disagree: list[str]) -> list[int]:
        """Last game's ranks: row 6's where they fit last game's finishing order as tracked (a game ended by 20
        passes ranks the players still in at random: those the view cannot tell)."""
        valid = sorted(row) == list(range(PLAYERS)) or not any(row)
        known = self.previous_order
        fits = not any(row) or all(row[player] == rank for rank, player in enumerate(known))
        if valid and fits:
            return row
        disagree.append(f"ranks {row}")
        if len(known) == PLAYERS:
            ranks = [0] * PLAYERS
            for rank, player in enumerate(known):
                ranks[player] = rank
            return ranks
        return row if valid else [0] * PLAYERS

    def read_hand(self, table: Table) -> None:
        """A hand table (each turn): the own hand exactly, and the player to move — this seat when `[5][2]` says
        so, else the one the turn order gives; rows 5-6 checked against what the view tracked."""
        if table[5][0] == 1 and not self.started:
            self.read_start(table)
            return
        self.hand = protocol.hand_cards(table)
        disagree: list[str] = []
        first_move = not self.moves
        if not self.started and first_move:
            # A view that saw no start table knows nothing yet: it starts from the table's rows.
            self.reversed, self.locked = bool(table[5][6]), bool(table[5][7])
        self._check_rows(table, disagree)
        predicted = self.to_move
        if first_move and predicted is None and self.started and self._holds(_THREE_OF_DIAMONDS):
            predicted = self.me  # "The holder of the 3 of diamonds leads the first trick"
        claimed = table[5][3]
        if table[5][2] == 1:
            mover: int | None = self.me
        elif predicted is not None and predicted != self.me:
            mover = predicted
        elif 0 <= claimed < PLAYERS and claimed != self.me and claimed not in self.finished:
            mover = claimed
        else:
            mover = None
        if mover is None or claimed != mover or (predicted is not None and predicted != mover):
            disagree.append(f"to move {claimed}, tracked {predicted}")
        self.to_move = mover
        if self.leader is None and not self.trick:
            self.leader = mover
        if self.last_player is None:
            self.last_player = mover
        if table[5][4] != int(not self.trick) and (self.started or not first_move):
            disagree.append(f"empty {table[5][4]}")
        if (table[5][6], table[5][7]) != (int(self.reversed), int(self.locked)):
            disagree.append(f"revolution {table[5][6]} lock {table[5][7]}")
        self._note("hand", disagree)

    def read_stage(self, table: Table) -> tuple[int, TablePlay | None]:
        """The table after a move: new card values are the mover's play, anything else their pass; the mover is
        the player the turn order gave (the table's `[5][3]` only where the view could not tell)."""
        disagree: list[str] = []
        mover = self.to_move
        if mover is None:
            claimed = table[5][3]
            # (Not this seat: the server would have said "your turn".)
            valid = 0 <= claimed < PLAYERS and claimed != self.me and claimed not in self.finished
            mover = claimed if valid else self._next_seat(self.me)
        cells = frozenset(
            (row, column, table[row][column]) for row in range(5) for column in range(15) if table[row][column]
        )
        move: TablePlay | None = None
        if cells and cells != self.stage_cells:
            try:
                move = protocol.read_play(table)
            except protocol.ProtocolError:
                move = protocol.lenient_play(table)
            if move is not None and not self._can_be_played(move, mover):
                # Cards already played, or in this seat's hand: the table shows an old play, not a new one.
                disagree.append(f"cards {format_cards(protocol.cards_of_play(move))} seen before")
                move = None
        self.stage_cells = cells
        self._apply(mover, move)
        if table[5][3] != mover:
            disagree.append(f"mover {table[5][3]}, tracked {mover}")
        if list(table[6][:PLAYERS]) != self.sizes or not self.sizes_known:
            self._check_sizes(list(table[6][:PLAYERS]), disagree)
        self._note("stage", disagree)
        return mover, move

    # ------------------------------------------------------------------ the turn, by UECda's rules

    def _apply(self, mover: int, move: TablePlay | None) -> None:
        """One move, as `tndhms` plays it (src/daihu.c): a pass holds until the table is cleared; the table is
        cleared by an 8 (a play with a card in the 8's column; a joker alone is never one), by the 3 of spades on
        a lone joker, or when every player still in has passed, and then the last player to play leads (if out,
        the next in seat order); otherwise the turn goes to the next seat still in that has not passed."""
        if self.last_player is None:
            self.last_player = mover
        self.moves.append((mover, move))
        cleared = False
        if move is None:
            self.passed.add(mover)
            self.passes_in_a_row += 1
        else:
            self.passes_in_a_row = 0
            previous = self.trick[-1][1] if self.trick else None
            self.trick.append((mover, move))
            for card, count in protocol.cards_of_play(move):
                self.played[card] += count
            self.sizes[mover] = max(0, self.sizes[mover] - move.size)
            if self.sizes[mover] == 0 and mover not in self.finished:
                self.finished.append(mover)
            self.last_player = mover
            lone_joker = move.size == 1 and move.joker is not None
            if previous is not None and previous.size == 1 and previous.joker is not None:
                cleared = True  # only the 3 of spades is accepted on a lone joker: a spade-3 return
            elif lone_joker:
                self.locked = False
            else:
                if (
                    not self.locked
                    and previous is not None
                    and protocol.play_suits(move) == protocol.play_suits(previous)
                ):
                    self.locked = True
                if move.size >= (5 if move.sequence else 4):
                    self.reversed = not self.reversed
                cleared = any(column == 6 for _, column in move.cells())
        if cleared or len(self.passed) >= PLAYERS - len(self.finished):
            self._clear()
            return
        self.to_move = self._next_seat(mover, skip=self.passed)

    def _clear(self) -> None:
        self.trick.clear()
        self.passed.clear()
        self.locked = False
        self.stage_cells = frozenset()
        leader = self.last_player if self.last_player is not None else self.me
        if leader in self.finished:
            leader = self._next_seat(leader)
        self.to_move = self.leader = leader

    def _next_seat(self, player: int, skip: set[int] | frozenset[int] = frozenset()) -> int:
        """The next player in seat order still in the game and not in `skip` (the player itself if none)."""
        seat = self.seating.index(player) if player in self.seating else player
        for step in range(1, PLAYERS + 1):
            candidate = self.seating[(seat + step) % PLAYERS]
            if candidate not in self.finished and candidate not in skip:
                return candidate
        return player

    def _can_be_played(self, move: TablePlay, mover: int) -> bool:
        mine = counts_from_group(self.hand)
        for card, count in protocol.cards_of_play(move):
            if self.played[card] + count > 1 or (mover != self.me and mine[card]):
                return False
        return True

    def _holds(self, card: int) -> bool:
        return any(held == card for held, _ in self.hand)

    # ------------------------------------------------------------------ rows 5-6 against the tracked state

    def _check_rows(self, table: Table, disagree: list[str]) -> None:
        """Row 6 of a hand table: the own size is the hand's; the others' are taken where the view could not tell
        (no start table, or sizes it guessed) if they fit the cards, else checked; the seating is taken before a
        game's first move."""
        self.sizes[self.me] = len(self.hand)
        seating = list(table[6][10:15])
        if seating != self.seating:
            if sorted(seating) == list(range(PLAYERS)) and not self.moves and not self.started:
                self.seating = seating
            else:
                disagree.append(f"seating {seating}")
        sizes = list(table[6][:PLAYERS])
        if sizes != self.sizes or not self.sizes_known:
            self._check_sizes(sizes, disagree)

    def _check_sizes(self, sizes: list[int], disagree: list[str]) -> None:
        fits = sizes[self.me] == self.sizes[self.me] and all(sizes[player] == 0 for player in self.finished)
        if self.started:
            fits = fits and sum(sizes) == _DECK_SIZE - sum(self.played)
        if fits and not self.sizes_known:
            self.sizes, self.sizes_known = sizes, True
        else:
            disagree.append(f"sizes {sizes}, tracked {self.sizes}")

    def _note(self, kind: str, disagree: list[str]) -> None:
        if disagree:
            self.disagreed += 1
            if len(self.notes) < _NOTES:
                self.notes.append(f"{kind} table after {len(self.moves)} moves: " + ", ".join(disagree))

    # ------------------------------------------------------------------ the engine's view

    def state(self, rules: Rules, rng: random.Random, base: Position | None = None) -> State:
        """An engine state at this seat's turn, as this seat knows the game (other hands sampled)."""
        seat_of = {player: seat for seat, player in enumerate(self.seating)}
        mine = counts_from_group(self.hand)
        unseen = [card for card in _DECK if not mine[card] and not self.played[card]]
        rng.shuffle(unseen)
        hands: list[CardGroup] = [()] * PLAYERS
        for player in range(PLAYERS):
            if player == self.me:
                hands[seat_of[player]] = self.hand
                continue
            size = min(self.sizes[player], len(unseen))
            taken, unseen = unseen[:size], unseen[size:]
            hands[seat_of[player]] = group_of(taken)
        # Cards no one is known to hold (our count of played cards missed some): out of play, face up.
        face_up = group_of(unseen)
        trick = tuple((seat_of[player], protocol.play_action(play, rules.joker_suits)) for player, play in self.trick)
        base = base or new_game(rules, PLAYERS, seed=0).to_position()
        passed = tuple(self.seating[seat] in self.passed for seat in range(PLAYERS))
        finished = tuple(seat_of[player] for player in self.finished)
        leader = seat_of[self.leader] if self.leader is not None else None
        return play_state(
            base,
            tuple(hands),
            seat_of[self.me],
            group_from_counts(self.played),
            face_up,
            trick,
            passed,
            finished,
            self.reversed,
            leader,
            self.passes_in_a_row,
        )

    def exchange_state(self, rules: Rules, rng: random.Random, count: int, base: Position | None = None) -> State:
        """An engine state at this seat's give (the start table's `[5][1] = count`): its own hand exact, the others
        a sample of the unseen cards by their sizes, last game's ranks from row 6."""
        mine = counts_from_group(self.hand)
        unseen = [card for card in _DECK if not mine[card]]
        rng.shuffle(unseen)
        hands: list[CardGroup] = []
        # The sizes are as dealt: now the Daihinmin and the Hinmin have given 2 and 1 strong cards to the
        # Daifugo and the Fugo.
        moved = {0: 2, 1: 1, 3: -1, 4: -2} if sorted(self.ranks) == list(range(PLAYERS)) else {}
        for player in range(PLAYERS):
            if player == self.me:
                hands.append(self.hand)
                continue
            size = max(0, self.sizes[player] + moved.get(self.ranks[player], 0))
            taken, unseen = unseen[:size], unseen[size:]
            hands.append(group_of(taken))
        if unseen:
            # Sizes that leave cards over (a server that shows them otherwise): the rest to the last other hand,
            # so that the deck stays whole.
            last = PLAYERS - 1 if self.me != PLAYERS - 1 else PLAYERS - 2
            hands[last] = group_from_counts(counts_from_group([*hands[last], *group_of(unseen)]))
        base = base or new_game(rules, PLAYERS, seed=0).to_position()
        return exchange_state(base, tuple(hands), self.me, count, self.ranks)


def exchange_state(base: Position, hands: tuple[CardGroup, ...], giver: int, count: int, ranks: Sequence[int]) -> State:
    """An engine state in a game's exchange, the giver (a player number: seats are player numbers here, since
    seating means nothing to a give) to give `count` cards; `ranks` are last game's ranks by player (0 Daifugo
    ... 4 Daihinmin), so the giver's partner is the player ranked 4 - its rank."""
    by_rank = {rank: player for player, rank in enumerate(ranks)}
    roles = Roles(president=by_rank.get(0), vice=by_rank.get(1), high_scum=by_rank.get(3), scum=by_rank.get(4))
    receiver = by_rank[PLAYERS - 1 - ranks[giver]]
    position = dataclasses.replace(
        play_state(base, hands, giver).to_position(),
        phase=Phase.EXCHANGE,
        current_player=giver,
        roles=roles,
        last_round=tuple(player for _, player in sorted(by_rank.items())),
        transfers=(PendingTransfer(giver, receiver, count),),
    )
    return State.from_position(position)


def play_state(
    base: Position,
    hands: tuple[CardGroup, ...],
    current: int,
    played: CardGroup = (),
    face_up: CardGroup = (),
    trick: tuple[tuple[int, Play], ...] = (),
    passed: tuple[bool, ...] = (False,) * PLAYERS,
    finished: tuple[int, ...] = (),
    reversed_order: bool = False,
    leader: int | None = None,
    passes_in_a_row: int = 0,
) -> State:
    """An engine state in a game's play phase (no roles, no exchange pending), set up from `base`'s rules; seats
    in seat order (the caller maps the server's seating onto them)."""
    position = dataclasses.replace(
        base,
        seating=(),
        trick_leader=leader,
        passes_in_a_row=passes_in_a_row,
        phase=Phase.PLAY,
        current_player=current,
        roles=Roles(),
        hands=hands,
        played=played,
        face_up=face_up,
        undealt=(),
        finished=finished,
        out=(),
        downfallen=None,
        reversed=reversed_order,
        must_include=None,
        trick=trick,
        passed=passed,
        obligation=None,
        transfers=(),
        gave=(None,) * PLAYERS,
        received=(None,) * PLAYERS,
        events=(),
        owed=None,
    )
    return State.from_position(position)


def weakest(cards: CardGroup, count: int) -> CardGroup:
    """The cards to give back: the weakest ones (3 upwards), never the joker while others remain."""
    order = sorted(
        (card for card, copies in cards for _ in range(copies)),
        key=lambda card: (99, 0) if card == JOKER else (protocol.card_cell(card)[1], protocol.card_cell(card)[0]),
    )
    return group_of(order[:count])


@dataclass
class Player:
    """A bot at a UECda table: decides from a `SeatView`."""

    bot: Bot[Any, Any]
    rules: Rules
    rng: random.Random
    fallbacks: int = 0
    # Why the engine could not set up a table (the first few), for the match's summary.
    reasons: list[str] = field(default_factory=list)
    _base: Position | None = None

    def decide(self, view: SeatView) -> Table:
        try:
            if self._base is None:
                self._base = new_game(self.rules, PLAYERS, seed=0).to_position()
            state = view.state(self.rules, self.rng, self._base)
            seat = state.current_player
            action: Action = self.bot.choose(state.observation(seat), state.offered_actions(), self.rng).action
        except Exception as error:
            # A table our engine cannot set up (a rule it reads otherwise): a safe move instead, since a match
            # of 1,000 games must survive any one table.
            self.fallbacks += 1
            if len(self.reasons) < 5:
                self.reasons.append(str(error))
            return self._safe_move(view)
        if isinstance(action, Play):
            previous = protocol.play_suits(view.trick[-1][1]) if view.trick else None
            return protocol.play_table(action, protocol.joker_suit_order(previous, view.locked))
        return protocol.empty_table()

    def give(self, view: SeatView, count: int) -> Table:
        """The cards to give back in the exchange, as the bot chooses them in the engine's exchange phase (the
        weakest cards where the engine cannot set the exchange up)."""
        try:
            state = view.exchange_state(self.rules, self.rng, count, self._base)
            action = self.bot.choose(state.observation(view.me), state.legal_actions(), self.rng).action
            if not isinstance(action, Give):
                raise TypeError(f"the bot answered the exchange with {action}")
            return protocol.hand_table(action.cards)
        except Exception as error:
            self.fallbacks += 1
            if len(self.reasons) < 5:
                self.reasons.append(f"exchange: {error}")
            return protocol.hand_table(weakest(view.hand, count))

    @staticmethod
    def _safe_move(view: SeatView) -> Table:
        if view.trick:
            return protocol.empty_table()
        lowest = weakest(view.hand, 1)
        return protocol.play_table(Play(lowest)) if lowest else protocol.empty_table()


@dataclass
class MatchResult:
    """What the client saw: its player number, the games played, its plays the server refused, its fallback moves
    (with the first reasons), and with `keep_views` each game's `SeatView` with its transcript."""

    number: int
    games: int = 0
    refused: int = 0
    fallbacks: int = 0
    reasons: list[str] = field(default_factory=list)
    views: list[SeatView] = field(default_factory=list)
    # Tables whose rows 5-6 disagreed with the state the client tracked from the cards, and the first few.
    disagreed: int = 0
    notes: list[str] = field(default_factory=list)


def play_match(
    host: str,
    port: int,
    bot: str,
    name: str,
    seed: int | None = None,
    log: TextIO | None = None,
    keep_views: bool = False,
    rules: Rules | None = None,
    chooser: Callable[[SeatView, Table], Table] | None = None,
) -> MatchResult:
    """Connect, say hello, play until the server says the match is over. `chooser(view, table) -> table` may
    replace the bot's table (tests use it to probe the server with illegal plays)."""
    rules = rules or uecda_rules(1)
    rng = random.Random(seed)
    player = Player(make_bot(bot, rules=rules), rules, rng)
    with socket.create_connection((host, port)) as connection:
        protocol.no_delay(connection)
        protocol.send_table(connection, protocol.hello_table(name))
        number = protocol.receive_int(connection)
        result = MatchResult(number)
        if log:
            print(f"{name} is player {number}", file=log, flush=True)
        view = SeatView(number)
        while True:
            view = view.next_game() if view.started else view
            note = view.transcript.append if keep_views else _ignore
            start = protocol.receive_table(connection)
            note(("start", start))
            view.read_start(start)
            if start[5][1] > 0:
                give = player.give(view, start[5][1])
                protocol.send_table(connection, give)
                note(("give", give))
            if keep_views:
                result.views.append(view)
            while True:
                table = protocol.receive_table(connection)
                note(("hand", table))
                view.read_hand(table)
                if table[5][2] == 1:
                    move = player.decide(view)
                    if chooser is not None:
                        move = chooser(view, move)
                    protocol.send_table(connection, move)
                    reply = protocol.receive_int(connection)
                    note(("sent", move))
                    note(("reply", reply))
                    result.refused += reply == protocol.REFUSED and any(any(row) for row in move[:5])
                stage = protocol.receive_table(connection)
                note(("stage", stage))
                view.read_stage(stage)
                end = protocol.receive_int(connection)
                note(("end", end))
                if end != protocol.GAME_GOES_ON:
                    break
            result.games += 1
            result.disagreed += view.disagreed
            if len(result.notes) < _NOTES:
                result.notes += view.notes[: _NOTES - len(result.notes)]
            if end == protocol.MATCH_OVER:
                result.fallbacks, result.reasons = player.fallbacks, player.reasons
                if log:
                    print(f"{name}: match over after {result.games} games", file=log, flush=True)
                return result


def _ignore(_: object) -> None:
    pass


def main(host: str, port: int, bot: str, name: str, seed: int | None = None) -> None:
    result = play_match(host, port, bot, name, seed=seed, log=sys.stdout)
    print(
        f"{name}: {result.games} games, {result.refused} plays refused, {result.fallbacks} safe moves, "
        f"{result.disagreed} tables with rows 5-6 not as tracked"
    )
    if result.notes:
        # Rows 5-6 the client did not trust (a server that does not fill them, or whose rules differ from UECda's).
        print(f"{name}: rows 5-6 not as tracked: " + " | ".join(result.notes))
    if result.reasons:
        # Why the engine could not set up the table (the first few): a safe move hides a disagreement to look at.
        print(f"{name}: safe moves because: " + " | ".join(result.reasons))
