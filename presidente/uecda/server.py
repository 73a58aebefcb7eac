"""`presidente uecda serve`: a UECda protocol-20070 server on our engine and the `uecda` preset.

The official server `tndhms` is the reference for every message and its order, so that any UECda client plays
here as there. Each game:

1. every player gets its hand table (`[5][0] = 1`; `[5][1]` the cards to give: 2 Daifugo, 1 Fugo). The Daifugo
   and the Fugo get theirs after receiving the strong cards, the Hinmin and the Daihinmin theirs before giving;
   then the Daifugo and the Fugo send the cards they give back (a wrong table: the server gives their strongest);
2. each turn every player gets its hand table (`[5][2] = 1` for the player to move), the player to move sends a
   play table and alone gets 9 (accepted) or 8 (refused, counted as a pass; like `tndhms`, a pass on a table with
   cards also gets 8), then every player gets the table of the last accepted play and one int: 0 the game goes on,
   1 it is over, 2 the match is over.

Our engine decides every rule; a table no UECda rule reads, or a play the engine refuses, is refused and counts
as a pass. A client that disconnects (or stays silent past the timeout) ends the match with a message.
"""

from __future__ import annotations

import random
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from presidente.bots.base import Bot
from presidente.bots.registry import make_bot
from presidente.cards import CardGroup, counts_from_group, group_from_counts
from presidente.errors import PresidenteError
from presidente.president import PASS, Give, Phase, Play, State, record_of
from presidente.president.exchange import best_cards
from presidente.uecda import protocol
from presidente.uecda.preset import uecda_rules
from presidente.uecda.protocol import Table

PLAYERS = 5
RANK_NAMES = ("daihugou", "hugou", "heimin", "himmin", "daihinnmin")
# How long a client may think before the match is ended (the official server waits forever).
DEFAULT_TIMEOUT = 60.0


class MatchAborted(Exception):
    """The match cannot go on (a client left); the message says why."""


@dataclass
class Seat:
    """A player: a UECda client on a connection, or one of our bots."""

    name: str
    connection: socket.socket | None = None
    bot: Bot[Any, Any] | None = None

    def send_table(self, table: Table) -> None:
        if self.connection is not None:
            self._io(lambda connection: protocol.send_table(connection, table))

    def send_bytes(self, data: bytes) -> None:
        if self.connection is not None:
            self._io(lambda connection: connection.sendall(data))

    def send_int(self, value: int) -> None:
        if self.connection is not None:
            self._io(lambda connection: protocol.send_int(connection, value))

    def receive_table(self) -> Table:
        assert self.connection is not None
        table: Table = self._io(protocol.receive_table)
        return table

    def _io(self, call: Callable[[socket.socket], Any]) -> Any:
        assert self.connection is not None
        try:
            return call(self.connection)
        except (OSError, protocol.ConnectionClosed) as error:
            raise MatchAborted(f"{self.name} disconnected ({error or type(error).__name__}).") from error


@dataclass
class TrickTracker:
    """What `tndhms` shows of the trick in row 5 and the stage table, beside the engine: the last accepted play's
    cells, and the lock (`[5][7]`), which it sets when a play has exactly the suits of the play before it."""

    stage: Table = field(default_factory=protocol.empty_table)
    suits: frozenset[int] | None = None
    locked: bool = False

    def clear(self) -> None:
        self.stage = protocol.empty_table()
        self.suits = None
        self.locked = False

    def played(self, table: Table, play: protocol.TablePlay) -> None:
        self.stage = protocol.copy_table(table)
        suits = protocol.play_suits(play)
        if play.size == 1 and play.joker is not None:
            self.locked = False
        elif not self.locked and suits == self.suits:
            self.locked = True
        self.suits = suits


@dataclass
class Match:
    """One match: the seats by player number, the engine's state, the points, and where to print."""

    seats: list[Seat]
    state: State
    out: TextIO = sys.stdout
    rng: random.Random = field(default_factory=random.Random)
    points: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    # Plays refused per player (a table with cards answered 8).
    refused: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    games: int = 0
    last_order: list[int] = field(default_factory=list)
    trick: TrickTracker = field(default_factory=TrickTracker)

    # ------------------------------------------------------------------ tables

    def _state_rows(self, table: Table, mover: int | None, exchanging: bool = False) -> Table:
        state = self.state
        row5 = table[5]
        row5[:8] = [0] * 8
        row5[0] = 1 if exchanging else 0
        row5[3] = protocol.EXCHANGE_MOVER if exchanging else (mover if mover is not None else 0)
        row5[4] = 0 if exchanging else int(state.trick_size == 0)
        row5[6] = int(state.reversed)
        row5[7] = int(self.trick.locked)
        row6 = table[6]
        # The player in each seat: the engine's seating where it shuffles seats (the uecda preset), else seat order.
        seating = state.seating or range(PLAYERS)
        for player in range(PLAYERS):
            row6[player] = state.sizes[player]
            row6[5 + player] = 0
            row6[10 + player] = seating[player]
        if state.roles.exists and self.last_order:
            for rank, player in enumerate(self.last_order):
                row6[5 + player] = rank
        return table

    def _hand_table(self, player: int, mover: int) -> Table:
        table = protocol.hand_table(group_from_counts(self.state.hands[player]))
        self._state_rows(table, mover)
        if mover == player:
            table[5][2] = 1
        return table

    # ------------------------------------------------------------------ the exchange

    def start_tables(self) -> list[Table]:
        """Each player's table at the start of a game, by player number, as `tndhms` sends it: the hand (the Daifugo's
        and the Fugo's after receiving the strong cards, the Hinmin's and the Daihinmin's from before giving them),
        `[5][0] = 1`, `[5][1]` the cards to give back (2 Daifugo, 1 Fugo), `[5][3] = 6`, and in row 6 the hand sizes
        as dealt — `tndhms` counts them before any card changes hands (10 or 11), which are also the sizes at the
        first turn, since each pair gives back as many cards as it took —, last game's ranks (0 in a game without
        exchange) and the seating."""
        state = self.state
        owed = {transfer.winner: transfer.count for transfer in state.transfers}
        dealt = list(state.sizes)
        tables: list[Table] = []
        for player in range(PLAYERS):
            gave, received = state.gave[player] or (), state.received[player] or ()
            dealt[player] += sum(count for _, count in gave) - sum(count for _, count in received)
        for player in range(PLAYERS):
            cards = group_from_counts(state.hands[player])
            if state.gave[player] is not None and player not in owed:
                # The Hinmin and the Daihinmin see their hands from before the strong cards left them.
                counts = counts_from_group(cards)
                for card, count in state.gave[player] or ():
                    counts[card] += count
                cards = group_from_counts(counts)
            table = protocol.hand_table(cards)
            self._state_rows(table, None, exchanging=True)
            table[5][1] = owed.get(player, 0)
            table[6][:PLAYERS] = dealt
            tables.append(table)
        return tables

    def _exchange(self) -> None:
        """Hands to everyone, then the Daifugo's and the Fugo's gives (UECda order), applied as the engine asks."""
        state = self.state
        owed = {transfer.winner: transfer.count for transfer in state.transfers}
        tables = self.start_tables()
        for player in self._by_rank():
            self.seats[player].send_table(tables[player])
        chosen = {
            player: self._client_give(player, count) for player, count in owed.items() if self.seats[player].bot is None
        }
        while state.phase is Phase.EXCHANGE and state.current is not None:
            player = state.current
            bot = self.seats[player].bot
            if bot is None:
                cards = chosen.pop(player)
            else:
                choice = bot.choose(state.observation(player), state.legal_actions(), self.rng).action
                assert isinstance(choice, Give)
                cards = choice.cards
            state.apply(Give(cards), player)

    def _client_give(self, player: int, count: int) -> CardGroup:
        seat, state = self.seats[player], self.state
        table = seat.receive_table()
        try:
            cards = protocol.hand_cards(table)
            held = state.hands[player]
            if len(cards) == count and all(held[card] >= copies for card, copies in cards):
                return cards
        except protocol.ProtocolError:
            pass
        # As `tndhms` does for a wrong table: the strongest cards go instead (joker, then from the 2 down, spade >
        # heart > diamond > club — the engine's forced give).
        return best_cards(state.hands[player], count)

    def _by_rank(self) -> list[int]:
        if self.last_order and len(self.last_order) == PLAYERS:
            return list(self.last_order)
        return list(range(PLAYERS))

    # ------------------------------------------------------------------ a turn

    def _turn(self) -> bool:
        """One move; True when the game ended."""
        state = self.state
        mover = state.current_player
        assert mover is not None
        round_number = state.round_number
        for player in range(PLAYERS):
            self.seats[player].send_table(self._hand_table(player, mover))
        seat = self.seats[mover]
        table_was_empty = state.trick_size == 0
        if seat.bot is not None:
            action = seat.bot.choose(state.observation(mover), state.offered_actions(), self.rng).action
            table = protocol.empty_table()
            if isinstance(action, Play):
                order = protocol.joker_suit_order(self.trick.suits, self.trick.locked)
                table = protocol.play_table(action, order)
        else:
            table = seat.receive_table()
        sizes, reversed_before = list(state.sizes), state.reversed
        play = self._apply_table(mover, table)
        voluntary_pass = table_was_empty and not any(any(row) for row in table[:5])
        seat.send_int(protocol.ACCEPTED if play is not None or voluntary_pass else protocol.REFUSED)
        if play is None and any(any(row) for row in table[:5]):
            self.refused[mover] += 1
        stage = protocol.empty_table()
        if play is not None:
            self.trick.played(table, play)
            stage = protocol.copy_table(table)
            sizes[mover] -= play.size
        for row in range(5):
            stage[row] = list(self.trick.stage[row])
        for row in (5, 6):
            stage[row] = [0] * protocol.COLUMNS
        self._state_rows(stage, mover)
        stage[5][4] = int(self.trick.suits is None)
        game_over = state.round_number != round_number or state.is_over
        if game_over:
            # The engine has dealt the next game already: show the table as this game left it.
            stage[6][:PLAYERS] = sizes
            stage[5][6] = int(reversed_before)
            self._finish_game(round_number)
        if state.trick_size == 0:
            self.trick.clear()
        end = protocol.GAME_GOES_ON
        if game_over:
            end = protocol.MATCH_OVER if state.is_over else protocol.GAME_OVER
        # The stage table and the int after it in one write: one packet for two messages.
        message = protocol.pack_table(stage) + protocol.pack_int(end)
        for player in range(PLAYERS):
            self.seats[player].send_bytes(message)
        return game_over

    def _apply_table(self, mover: int, table: Table) -> protocol.TablePlay | None:
        """Apply the mover's table to the engine: the play accepted, or None for a pass (anything refused is one)."""
        try:
            play = protocol.read_play(table)
            if play is not None:
                self.state.apply(protocol.play_action(play, self.state.rules.joker_suits), mover)
                return play
        except (protocol.ProtocolError, PresidenteError):
            pass
        self._pass(mover)
        return None

    def _pass(self, mover: int) -> None:
        state = self.state
        try:
            state.apply(PASS, mover)
        except PresidenteError:
            # A table that cannot be passed on (a lead, where the engine forbids it): the engine's timeout move.
            state.apply(state.auto_action(), mover)

    def _finish_game(self, round_number: int) -> None:
        state = self.state
        order = list(state.results[round_number - 1]) if len(state.results) >= round_number else []
        self.games += 1
        self.last_order = order
        for place, player in enumerate(order):
            self.points[player] += PLAYERS - place
        print(f"================ game {self.games}", file=self.out)
        for place, player in enumerate(order):
            print(f"{RANK_NAMES[place]:<11}{player} {self.seats[player].name}", file=self.out)
        print("--------- total point", file=self.out)
        print(" ".join(str(points) for points in self.points), file=self.out, flush=True)

    # ------------------------------------------------------------------ the match

    def play(self) -> None:
        state = self.state
        while not state.is_over:
            self._start_game()
            while not self._turn():
                pass
        print(f"All {self.games} games are over; plays refused per player: {self.refused}", file=self.out, flush=True)

    def _start_game(self) -> None:
        state = self.state
        self.trick.clear()
        if state.phase is Phase.EXCHANGE:
            self._exchange()
            return
        # No exchange this game (the first of a block): hands only, with the exchange's row 5 (`[5][1] = 0`).
        for player, table in enumerate(self.start_tables()):
            self.seats[player].send_table(table)


def accept_players(listener: socket.socket, count: int, timeout: float, log: TextIO) -> list[Seat]:
    """Accept `count` clients in connection order; each says hello with its name and gets its player number."""
    seats: list[Seat] = []
    while len(seats) < count:
        connection, address = listener.accept()
        protocol.no_delay(connection)
        connection.settimeout(timeout)
        try:
            hello = protocol.receive_table(connection)
        except (OSError, protocol.ConnectionClosed) as error:
            print(f"a client at {address[0]} left before its hello ({error})", file=log)
            connection.close()
            continue
        if hello[0][0] != protocol.PROTOCOL_VERSION:
            print(f"a client at {address[0]} speaks protocol {hello[0][0]}, not 20070: closed", file=log)
            connection.close()
            continue
        number = len(seats)
        name = protocol.hello_name(hello) or f"player{number}"
        protocol.send_int(connection, number)
        print(f"player {number}: {name} from {address[0]}", file=log, flush=True)
        seats.append(Seat(name=name, connection=connection))
    return seats


def serve(
    port: int,
    games: int,
    bots: Sequence[str] = (),
    seed: int | str | None = None,
    record_path: Path | None = None,
    host: str = "127.0.0.1",
    timeout: float = DEFAULT_TIMEOUT,
    out: TextIO = sys.stdout,
    ready: Callable[[int], None] | None = None,
) -> Match:
    """Run one match; returns it (its state holds the record). `ready` hears the bound port (0 picks one)."""
    if len(bots) > PLAYERS:
        raise ValueError(f"A UECda table has {PLAYERS} seats, not {len(bots)} bots.")
    if games < 1:
        raise ValueError("A match has at least 1 game.")
    rules = uecda_rules(games)
    bot_seats = [
        Seat(f"{spec.split(':')[0]}{index}", bot=make_bot(spec, rules=rules)) for index, spec in enumerate(bots)
    ]
    seed = seed if seed is not None else random.randrange(2**32)
    with socket.create_server((host, port)) as listener:
        if ready is not None:
            ready(listener.getsockname()[1])
        waiting = PLAYERS - len(bots)
        print(
            f"uecda server on {host}:{listener.getsockname()[1]}, seed {seed}: {waiting} clients", file=out, flush=True
        )
        seats = accept_players(listener, PLAYERS - len(bots), timeout, out)
    state = State(rules, PLAYERS, seed)
    match = Match(seats=[*seats, *bot_seats], state=state, out=out, rng=random.Random(f"{seed}:bots"))
    try:
        match.play()
    except MatchAborted as error:
        print(f"match ended after {match.games} games: {error}", file=out, flush=True)
    finally:
        for seat in match.seats:
            if seat.connection is not None:
                seat.connection.close()
        if record_path is not None:
            names = tuple(seat.name for seat in match.seats)
            record_path.write_text(record_of(match.state, names).to_json())
            print(f"record saved to {record_path}", file=out, flush=True)
    return match
