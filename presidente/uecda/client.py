"""`presidente uecda play`: one of our bots plays a match on any UECda protocol-20070 server.

The client keeps what its seat knows of the game from the tables the server sends (`SeatView`): its own hand
exactly, every accepted play (new card values on the stage table; the same values again, or none, is a pass), who
passed since the table was last cleared, the hand sizes, who is out, the revolution and the lock. At
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
from presidente.cards import JOKER, CardGroup, counts_from_group, group_from_counts, group_of
from presidente.president import Action, Give, Phase, Play, Position, Rules, State, new_game
from presidente.president.position import PendingTransfer
from presidente.president.roles import Roles
from presidente.uecda import protocol
from presidente.uecda.preset import uecda_rules
from presidente.uecda.protocol import Table, TablePlay

PLAYERS = 5
_DECK = (*range(52), JOKER)


@dataclass
class SeatView:
    """What one player knows of the game in progress, from the server's tables."""

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

    def read_hand(self, table: Table) -> None:
        """A hand table: the own hand, sizes, seating; the table was cleared when `[5][4]` says it is empty."""
        self.hand = protocol.hand_cards(table)
        self._read_rows(table)
        if table[5][4] == 1:
            if self.trick or self._all_passed():
                # The table was cleared (8 cut, spade-3 return, or everyone still in passed, on cards or on the
                # empty table): the passes end with it, and the player to move leads.
                self.trick.clear()
                self.passed.clear()
                self.leader = table[5][3]
            elif self.leader is None:
                self.leader = table[5][3]

    def read_stage(self, table: Table) -> tuple[int, TablePlay | None]:
        """The table after a move: a new set of cards is the mover's play, anything else their pass."""
        mover = table[5][3]
        cells = frozenset(
            (row, column, table[row][column]) for row in range(5) for column in range(15) if table[row][column]
        )
        move: TablePlay | None = None
        if cells and cells != self.stage_cells:
            try:
                move = protocol.read_play(table)
            except protocol.ProtocolError:
                move = protocol.lenient_play(table)
        self.stage_cells = cells
        self._read_rows(table)
        if move is None:
            self.passed.add(mover)
            self.passes_in_a_row += 1
        else:
            self.passes_in_a_row = 0
            self.trick.append((mover, move))
            for card, count in protocol.cards_of_play(move):
                self.played[card] += count
            if self.sizes[mover] == 0 and mover not in self.finished:
                self.finished.append(mover)
        self.moves.append((mover, move))
        return mover, move

    def _all_passed(self) -> bool:
        return all(player in self.passed for player in range(PLAYERS) if self.sizes[player] > 0)

    def _read_rows(self, table: Table) -> None:
        self.sizes = list(table[6][:PLAYERS])
        self.ranks = list(table[6][5:10])
        seating = list(table[6][10:15])
        if sorted(seating) == list(range(PLAYERS)):
            self.seating = seating
        self.reversed = bool(table[5][6])
        self.locked = bool(table[5][7])

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
        for player in range(PLAYERS):
            if player == self.me:
                hands.append(self.hand)
                continue
            taken, unseen = unseen[: self.sizes[player]], unseen[self.sizes[player] :]
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
        while True:
            view = SeatView(number)
            note = view.transcript.append if keep_views else _ignore
            start = protocol.receive_table(connection)
            note(("start", start))
            view.read_hand(start)
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
            if end == protocol.MATCH_OVER:
                result.fallbacks, result.reasons = player.fallbacks, player.reasons
                if log:
                    print(f"{name}: match over after {result.games} games", file=log, flush=True)
                return result


def _ignore(_: object) -> None:
    pass


def main(host: str, port: int, bot: str, name: str, seed: int | None = None) -> None:
    result = play_match(host, port, bot, name, seed=seed, log=sys.stdout)
    print(f"{name}: {result.games} games, {result.refused} plays refused, {result.fallbacks} safe moves")
    if result.reasons:
        # Why the engine could not set up the table (the first few): a safe move hides a disagreement to look at.
        print(f"{name}: safe moves because: " + " | ".join(result.reasons))
