"""The table actor's core, sans I/O: commands in, numbered events and storage writes out.

A `Table` owns one game table: its seats, the rules engine's state, the turn timer, the intermission between
rounds, staged moves, chat and the sequence number. Every method takes the time `now` as an argument and
returns `Effects` — rows to store, then frames to send to connections — so it is tested without a loop,
a socket or a clock. The asyncio task around it (`actor.py`) stores the rows before it sends the frames.
"""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass
from typing import Any

import orjson

from presidente.errors import PresidenteError
from presidente.server import protocol as p
from presidente.server.bots import make_server_bot
from presidente.server.games import Game, game_of
from presidente.server.refusals import TableRefusal
from presidente.typed_events import Json, table_event, with_note


def encode(body: dict[str, Any]) -> str:
    """A frame's JSON text. orjson: every update is encoded once per seat watching, and the standard
    library's encoder was a tenth of a busy server's time (benchmarks/server_load.py's profile)."""
    return encode_bytes(body).decode()


def encode_bytes(value: Any) -> bytes:
    """A value's JSON. Keys that are not strings (a seat number) are written as strings; orjson's option for
    them slows every dict down by half, so it is used only for a value that has such a key."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


# The numbered events a `resync` gives back: the last this many (notices and chat are not among them).
JOURNAL_SIZE = 256
# The log a connection is given on `welcome`: the events of this round and of the last one, at most this many.
HISTORY_SIZE = 1500
MOVED_MESSAGE = "This table moved to another server process: reconnecting."
CHAT_KEPT = 50
CHAT_INTERVAL = 1.0
# A dropped connection keeps its turn this long before automatic moves are made for the seat.
DISCONNECT_GRACE = 3.0
MOVES_PER_TICK = 64
# How long a table whose mover has no legal move waits before trying again.
STALLED_PAUSE = 3600.0


class Spacing:
    """At most one action per `interval` seconds for each key (a player's id): chat at a table, renames on the
    server. A key whose last action is older than the interval is forgotten, so only recent actors are held."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.last: dict[str, float] = {}  # oldest first: a key that acts again is put back at the end

    def allow(self, key: str, now: float) -> bool:
        last = self.last
        while last:
            oldest = next(iter(last))
            if now - last[oldest] < self.interval:
                break
            del last[oldest]
        if key in last:
            return False
        last[key] = now
        return True


@dataclass(frozen=True)
class Player:
    id: str
    name: str


@dataclass
class Seat:
    kind: str  # "human", "bot", "empty" (nobody), or "auto" (El Presidente: the player left, moves are automatic)
    player: Player | None = None
    bot: str | None = None

    @property
    def name(self) -> str:
        if self.player is not None:
            return self.player.name
        if self.kind == "bot":
            return f"{self.bot} bot"
        return "(left)" if self.kind == "auto" else "(empty)"


@dataclass(frozen=True)
class TableConfig:
    id: str
    name: str
    game: str
    preset: str
    options: dict[str, Any]
    seats: int
    seed: int
    turn_time: int
    private: bool = False
    secret: str = ""
    creator: str | None = None  # the player who opened it: tables per player are limited


# What an update's frames share, encoded: the keys before the events, the names, and each audience's events (filled
# as the frames are made). A tuple: a dataclass's `__init__` at every event was a visible share of a busy process.
_FrameParts = tuple[bytes, bytes, dict[int | None, bytes]]


class LogEntry:
    """One numbered step of the table: its typed `events` per audience (None: what the spectators are told, and
    only the seats told otherwise: a give's cards), and the seats' names as they were when it happened, so a later
    leave renames nothing. A plain class with slots, made at every event: a frozen dataclass's `__init__` sets each
    field through `object.__setattr__`."""

    __slots__ = ("events", "names", "seq")

    def __init__(self, seq: int, names: tuple[str, ...], events: dict[int | None, list[Json]]) -> None:
        self.seq = seq
        self.names = names
        self.events = events

    def events_for(self, seat: int | None) -> list[Json]:
        return self.events.get(seat, self.events.get(None, []))

    def to_json(self, seat: int | None) -> dict[str, Any]:
        return {"seq": self.seq, "names": self.names, "events": self.events_for(seat)}


def seat_labels(names: list[str]) -> tuple[str, ...]:
    """Names a reader can tell apart: a name several seats hold ("auto bot") gets its seat number."""
    return tuple(f"{name} #{seat}" if names.count(name) > 1 else name for seat, name in enumerate(names))


class Effects:
    """What a command did: rows to store, then frames to send (to a connection) and connections to close. A plain
    class with slots: one or more are made at every event, and a dataclass's default factories cost a call each."""

    __slots__ = ("close", "send", "store")

    def __init__(
        self,
        store: list[tuple[Any, ...]] | None = None,
        send: list[tuple[int, str]] | None = None,
        close: list[int] | None = None,
    ) -> None:
        self.store: list[tuple[Any, ...]] = [] if store is None else store
        self.send: list[tuple[int, str]] = [] if send is None else send
        self.close: list[int] = [] if close is None else close

    def __repr__(self) -> str:
        return f"Effects(store={self.store!r}, send={self.send!r}, close={self.close!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Effects):
            return NotImplemented
        return (self.store, self.send, self.close) == (other.store, other.send, other.close)

    def extend(self, other: Effects) -> None:
        self.store.extend(other.store)
        self.send.extend(other.send)
        self.close.extend(other.close)


@dataclass
class Connection:
    player: Player | None
    disconnected: bool = False


class Table:
    def __init__(
        self,
        config: TableConfig,
        seats: list[Seat],
        *,
        now: float,
        intermission: float = 30.0,
        bot_delay: float = 0.8,
    ) -> None:
        self.config = config
        self.game: Game = game_of(config.game)
        self.seats = seats
        self.intermission = intermission
        self.bot_delay = bot_delay
        self.state: Any = None
        self.moves: list[tuple[int | None, str]] = []
        self.seq = 0
        self.connections: dict[int, Connection] = {}
        self.away_since: dict[int, float] = {}
        self.staged: dict[int, str] = {}
        self.ready: set[int] = set()
        self.intermission_until: float | None = None
        self.turn_started = now
        self.journal: deque[LogEntry] = deque(maxlen=JOURNAL_SIZE)
        # The newest event a resync can no longer give back: dropped from the journal, or before a restart.
        self.forgotten = 0
        # The round's history for `welcome`; `round_starts` holds the first event of this round and the last.
        self.history: deque[LogEntry] = deque(maxlen=HISTORY_SIZE)
        self.round_starts: deque[int] = deque(maxlen=2)
        self._hints: dict[int, tuple[tuple[int, int], dict[str, Any]]] = {}
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.chat_spacing = Spacing(CHAT_INTERVAL)
        self.rng = random.Random(f"{config.seed}:bots")
        self.bots: dict[int, Any] = {}
        self._views: dict[int | None, dict[str, Any]] = {}
        self._views_version: tuple[int, int] | None = None
        self._views_json: dict[int | None, bytes] = {}
        self._seats_key: tuple[Any, ...] = ()
        self._seats_part: tuple[dict[str, Any], tuple[str, ...]] = ({}, ())
        self._seats_json = b""  # the seats part's JSON without its closing brace
        self._names_json = b"[]"  # the seats' names in the log (the seats part's second half), as JSON
        self._seated: dict[str, int] = {}  # each seated person's first seat
        # Each connection's own keys of the table part (its seat, who it is, its staged move), encoded.
        self._own_json: dict[tuple[Any, ...], bytes] = {}

    # ------------------------------------------------------------------------------------------ queries

    @property
    def status(self) -> str:
        if self.state is None:
            return "waiting"
        return "finished" if self.game.is_over(self.state) else "playing"

    def seat_of(self, player: Player | None) -> int | None:
        if player is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat.player is not None and seat.player.id == player.id:
                return index
        return None

    def connected(self, seat: int) -> bool:
        person = self.seats[seat].player
        if person is None:
            return False
        for connection in self.connections.values():
            player = connection.player
            if player is not None and player.id == person.id:
                return True
        return False

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table: a game in progress that makes no moves because nobody is there
        (`attended`) is "paused", not "playing"."""
        return lobby_line(self.config, self.seats, "paused" if self.waits_for_its_people() else self.status)

    def waits_for_its_people(self) -> bool:
        """A game in progress that makes no moves because nobody is there (`attended`)."""
        return self.status == "playing" and not self.attended()

    def deadline(self) -> float | None:
        """When `tick` has something to do: a timed-out turn, a bot's move or the end of the intermission."""
        if self.intermission_until is not None:
            return None if self.state is None or self.game.is_over(self.state) else self.intermission_until
        mover = self._clock_mover()
        if mover is None:
            return None
        seat = self.seats[mover]
        if seat.kind != "human":
            return self.turn_started + self.bot_delay
        limit = self.turn_started + self.config.turn_time
        if not self.connected(mover):
            # Automatic moves for an away seat are paced like a bot's, never a burst.
            away = self.away_since.get(mover, self.turn_started)
            return min(limit, max(self.turn_started + self.bot_delay, away + DISCONNECT_GRACE))
        return limit

    def _clock_mover(self) -> int | None:
        """The seat whose turn's time runs: the game goes on outside the intermission, a seat is to move, and
        someone is there (nobody there: the table waits for them instead of playing itself)."""
        state = self.state
        if state is None or self.intermission_until is not None or not self.attended() or self.game.is_over(state):
            return None
        return self.game.current_player(state)

    def attended(self) -> bool:
        """Whether the table plays on: one of its seated people is connected or, at a table of bots only, someone
        watches. An unattended table makes no timed moves, so an abandoned table never plays itself, and a
        spectator does not wake a table whose people are all away: their seats wait for them (while one of them
        is there, an away seat's turn is played for it after the grace time, as ever)."""
        connections = self.connections  # asked several times per event: plain loops, no set or generator built
        if not connections:
            return False
        seated = False  # whether any seat holds a person
        for info in self.seats:
            person = info.player
            if info.kind == "human" and person is not None:
                seated = True
                for connection in connections.values():
                    player = connection.player
                    if player is not None and player.id == person.id:
                        return True
        return not seated

    # ------------------------------------------------------------------------------------------ commands

    def connect(self, conn: int, player: Player | None, secret: str | None, now: float) -> Effects:
        effects = Effects()
        seat = self.seat_of(player)
        if self.config.private and seat is None and secret != self.config.secret:
            effects.send.append((conn, error_frame_of(self.seq, TableRefusal.of("private_table"))))
            effects.close.append(conn)
            return effects
        was_attended = self.attended()
        if self.state is not None and not self.round_starts:
            self.begin_history()  # a game started with the table (every seat a bot, or its creator seated)
        self.connections[conn] = Connection(player)
        if seat is not None:
            self.away_since.pop(seat, None)
        if not was_attended and self.attended():
            # The turn in progress while nobody was there starts again with a full timer.
            self.turn_started = now
        history = [entry.to_json(seat) for entry in self.history if entry.events_for(seat)]
        extra = {"chat": list(self.chat), "history": history}
        effects.send.append((conn, self._frame("welcome", conn, now, extra=extra)))
        if seat is not None:
            effects.extend(self._broadcast([table_event("back", seat=seat)], now, keep=False))
        return effects

    def disconnect(self, conn: int, now: float) -> Effects:
        gone = self.connections.pop(conn, None)
        if gone is None:
            return Effects()
        seat = self.seat_of(gone.player)
        if seat is None or self.connected(seat):
            return Effects()
        self.away_since[seat] = now
        return self._broadcast([table_event("away", seat=seat)], now, keep=False)

    def handle(self, conn: int, message: p.ClientMessage, now: float) -> Effects:
        """One client message; any refusal is an error frame to that connection alone, the state untouched."""
        try:
            return self._handle(conn, message, now)
        except PresidenteError as error:
            return Effects(send=[(conn, error_frame_of(self.seq, error))])

    def _handle(self, conn: int, message: p.ClientMessage, now: float) -> Effects:
        connection = self.connections.get(conn)
        if connection is None:
            raise TableRefusal.of("hello_first")
        player = connection.player
        seat = self.seat_of(player)
        if isinstance(message, p.Ping):
            return Effects(send=[(conn, json.dumps({"type": "pong", "seq": self.seq}))])
        if isinstance(message, p.Resync):
            return Effects(send=[(conn, self._resync(conn, message.seq, now))])
        if isinstance(message, p.Hello):
            raise TableRefusal.of("hello_again")
        if player is None:
            raise TableRefusal.of("watch_only")
        if isinstance(message, p.Chat):
            return self._chat(player, seat, message.text, now)
        if isinstance(message, p.Sit):
            return self._sit(player, seat, message.seat, now)
        if seat is None:
            raise TableRefusal.of("not_seated")
        if isinstance(message, p.Leave):
            return self._leave(seat, now)
        if isinstance(message, p.Ready):
            return self._ready(seat, now)
        if isinstance(message, p.Stage):
            return self._stage(conn, seat, message.action)
        if isinstance(message, p.Hint):
            return self._hint(conn, seat)
        if isinstance(message, p.Check):
            return self._check(conn, seat, message.action)
        assert isinstance(message, p.Act)
        if message.seat is not None and message.seat != seat:
            raise TableRefusal.of("moves_for_own_seat", seat=seat, asked=message.seat)
        return self._act(seat, message.action, now)

    def tick(self, now: float) -> Effects:
        """Make every move that is due: bots, timed-out turns, away seats; end a finished intermission."""
        made: list[Effects] = []  # each step's effects, put together at the end (mostly there is one)
        for _ in range(MOVES_PER_TICK):
            due = self.deadline()
            if due is None or due > now:
                break
            if self.intermission_until is not None:
                self.intermission_until = None
                self.ready = set()
                self.turn_started = now
                made.append(self._broadcast([table_event("next_round")], now))
                continue
            mover = self.game.current_player(self.state)
            assert mover is not None
            try:
                made.append(self._timed_move(mover, now))
            except (PresidenteError, IndexError):
                # A safety net: should the engine ever offer this seat no legal move (it once did, when the
                # special 3's holder left before the first lead), pause the table rather than retry for
                # ever; a player's own move or leaving can still unblock it.
                made.append(self.pause(now, table_event("paused", reason="no_legal_move", seat=mover)))
        if len(made) == 1:
            return made[0]
        effects = Effects()
        for step in made:
            effects.extend(step)
        return effects

    def pause(self, now: float, event: Json | str) -> Effects:
        """Stop timed moves (for STALLED_PAUSE) until a player moves or leaves, saying why: a `paused` event, or
        the server's own words (the actor's, about a failure) as a `notice` event."""
        self.turn_started = now + STALLED_PAUSE
        return self._broadcast([table_event("notice", message=event) if isinstance(event, str) else event], now)

    # ------------------------------------------------------------------------------------------ moves

    def _timed_move(self, seat: int, now: float) -> Effects:
        info = self.seats[seat]
        if info.kind == "bot" and info.bot is not None:
            if seat not in self.bots:
                self.bots[seat] = make_server_bot(info.bot, self.config.game, self.game.rules(self.state))
            return self._move(seat, self.game.bot_action(self.state, seat, self.bots[seat], self.rng), now)
        staged = self.staged.pop(seat, None)
        if staged:
            mark = self.game.mark(self.state)
            try:
                return self._move(seat, staged, now, note="staged")
            except PresidenteError:
                assert self.game.mark(self.state) == mark
        return self._move(seat, self.game.auto_action(self.state), now, note="automatic")

    def _act(self, seat: int, text: str, now: float) -> Effects:
        if self.state is None:
            raise TableRefusal.of("not_started")
        if self.game.is_over(self.state):
            raise TableRefusal.of("match_over")
        if self.intermission_until is not None:
            raise TableRefusal.of("between_rounds")
        return self._move(seat, text, now)

    def _move(self, seat: int, text: str, now: float, note: str = "") -> Effects:
        game, state = self.game, self.state
        mark, round_key = game.mark(state), game.round_key(state)
        game.apply(state, seat, text)  # raises, leaving the state as it was
        self.moves.append((seat, text))
        self.staged.pop(seat, None)
        self.turn_started = now
        effects = Effects(store=[("move", len(self.moves) - 1, seat, text)])
        if game.secret_since(state, mark):
            told = {audience: game.events_since(state, mark, audience) for audience in self._audiences()}
        else:
            told = {None: game.events_since(state, mark, None)}  # the same events for every seat
        if note:
            told = {audience: with_note(events, note) for audience, events in told.items()}
        new_round = game.round_key(state) != round_key
        if game.is_over(state):
            for events in told.values():
                events.append(game.match_end(state))
            effects.store.append(self._finish_row())
        elif new_round and self.intermission > 0:
            self.intermission_until = now + self.intermission
            self.ready = set()
        self._broadcast_told(told, now, effects=effects)
        if new_round:
            self._start_history_round()
        return effects

    def begin_history(self) -> None:
        """Start the history with the round so far as the engine tells it (after a restart, or when the game
        started with the table): the table's own lines (sitting, ready) are not kept by the engine."""
        audiences = [None, *(s for s, info in enumerate(self.seats) if info.kind == "human")]
        told = {audience: self.game.round_events(self.state, audience) for audience in audiences}
        if self.game.is_over(self.state):
            for events in told.values():
                events.append(self.game.match_end(self.state))
        self.round_starts.append(self.seq)
        self.history.append(LogEntry(self.seq, self._names(), told))

    def _start_history_round(self) -> None:
        """The next event starts a round: the history keeps it and the round before it."""
        self.round_starts.append(self.seq + 1)
        while self.history and self.history[0].seq < self.round_starts[0]:
            self.history.popleft()

    def _finish_row(self) -> tuple[str, list[str], list[int]]:
        """The stored result of a finished match: each seat's rated id, best first, and its place in the match
        (the engine's standings: tied seats share a place; a bot kind at several seats is listed at each)."""
        places = self.game.standings(self.state)
        order = sorted(range(len(places)), key=lambda seat: places[seat])
        return ("finish", [self._rated_id(seat) for seat in order], [places[seat] for seat in order])

    def _rated_id(self, seat: int) -> str:
        info = self.seats[seat]
        if info.player is not None:
            return info.player.id
        return f"bot:{self.config.game}:{info.bot or 'auto'}"

    def _stage(self, conn: int, seat: int, text: str) -> Effects:
        if text.strip():
            self.staged[seat] = text.strip()
        else:
            self.staged.pop(seat, None)
        body = {"type": "staged", "seq": self.seq, "action": self.staged.get(seat)}
        return Effects(send=[(conn, json.dumps(body))])

    def _hint(self, conn: int, seat: int) -> Effects:
        """The strongest bot's move for this seat now, to this connection alone; asked again in the same
        position, the same answer (the search runs once per turn)."""
        if self.state is None or self.game.is_over(self.state) or self.intermission_until is not None:
            raise TableRefusal.of("no_hint_now")
        if self.game.current_player(self.state) != seat:
            raise TableRefusal.of("hint_not_your_turn")
        version = self.game.mark(self.state)
        known = self._hints.get(seat)
        if known is None or known[0] != version:
            rng = random.Random(f"{self.config.seed}:hint:{len(self.moves)}")
            action, reason, why = self.game.hint(self.state, seat, rng)
            known = self._hints[seat] = (version, {"action": action, "reason": reason, "why": why})
        return Effects(send=[(conn, encode({"type": "hint", "seq": self.seq, **known[1]}))])

    def _check(self, conn: int, seat: int, text: str) -> Effects:
        """Whether the engine would take `text` from this seat now: `checked` with the refusal's code and
        parameters (null when it would), to this connection alone; nothing changes."""
        if self.state is None or self.game.is_over(self.state):
            raise TableRefusal.of("not_started" if self.state is None else "match_over")
        body: dict[str, Any] = {"type": "checked", "seq": self.seq, "action": text, "code": None, "params": {}}
        try:
            self.game.check(self.state, seat, text)
        except PresidenteError as error:
            body.update(code=error.code, params=error.params, message=error.message)
        return Effects(send=[(conn, encode(body))])

    def _ready(self, seat: int, now: float) -> Effects:
        if self.intermission_until is None:
            raise TableRefusal.of("nothing_to_be_ready_for")
        self.ready.add(seat)
        waiting = [s for s, info in enumerate(self.seats) if info.kind == "human" and self.connected(s)]
        if all(s in self.ready for s in waiting):
            self.intermission_until = None
            self.ready = set()
            self.turn_started = now
            return self._broadcast([table_event("ready", seat=seat), table_event("next_round")], now)
        return self._broadcast([table_event("ready", seat=seat)], now)

    # ------------------------------------------------------------------------------------------ seats

    def _sit(self, player: Player, current: int | None, wanted: int | None, now: float) -> Effects:
        if current is not None:
            raise TableRefusal.of("already_seated", seat=current)
        free = [s for s, info in enumerate(self.seats) if info.kind in ("empty", "auto")]
        if self.state is not None and self.game.is_over(self.state):
            raise TableRefusal.of("match_over")
        if wanted is None:
            if not free:
                raise TableRefusal.of("table_full")
            wanted = free[0]
        if not 0 <= wanted < len(self.seats):
            raise TableRefusal.of("no_such_seat", seat=wanted, last=len(self.seats) - 1)
        if wanted not in free:
            raise TableRefusal.of("seat_taken", seat=wanted)
        effects = Effects()
        events = [table_event("sit", seat=wanted, name=player.name)]
        if self.state is not None and self.seats[wanted].kind == "empty":
            mark = self.game.mark(self.state)
            text = self.game.join(self.state, wanted)
            self.moves.append((None, text))
            effects.store.append(("move", len(self.moves) - 1, None, text))
            events += self.game.events_since(self.state, mark, None)
        self.seats[wanted] = Seat("human", player)
        effects.store.append(("seat", wanted, "human", player.id, player.name, None))
        if self.state is None and all(info.kind != "empty" for info in self.seats):
            self.state = self.game.new_state(self.config.options, self.config.seats, self.config.seed)
            self.turn_started = now
            effects.store.append(("status", "playing"))
            events.append(table_event("game_start"))
            events += self.game.round_events(self.state, None)  # the deal, public at the start
            self.round_starts.append(self.seq + 1)
        effects.extend(self._broadcast(events, now))
        return effects

    def _leave(self, seat: int, now: float) -> Effects:
        names = self._names()  # the log keeps the leaver's name
        effects = Effects()
        events = [table_event("leave", seat=seat)]
        kind = "empty"
        if self.state is not None and not self.game.is_over(self.state):
            if self.game.supports_leave():
                mark = self.game.mark(self.state)
                text = self.game.leave(self.state, seat)
                self.moves.append((None, text))
                effects.store.append(("move", len(self.moves) - 1, None, text))
                events = self.game.events_since(self.state, mark, None)  # the engine's leave, and what it did
                self.turn_started = now
            else:
                kind = "auto"
        self.seats[seat] = Seat(kind)
        self.staged.pop(seat, None)
        self.ready.discard(seat)
        effects.store.append(("seat", seat, kind, None, None, None))
        if (
            self.state is not None
            and self.game.is_over(self.state)
            and not any(s[0] == "finish" for s in effects.store)
        ):
            effects.store.append(self._finish_row())
            events.append(self.game.match_end(self.state))
        effects.extend(self._broadcast(events, now, names=names))
        return effects

    # ------------------------------------------------------------------------------------------ chat

    def _chat(self, player: Player, seat: int | None, text: str, now: float) -> Effects:
        text = " ".join(text.split())
        if not text:
            raise TableRefusal.of("empty_chat")
        if not self.chat_spacing.allow(player.id, now):
            raise TableRefusal.of("chat_too_fast")
        self.seq += 1
        entry = {"type": "chat", "seq": self.seq, "name": player.name, "seat": seat, "text": text}
        self.chat.append(entry)  # a resync gives it back from here, not from the journal
        frame = json.dumps(entry)
        return Effects(
            store=[("chat", self.seq, player.id, player.name, seat, text)],
            send=[(conn, frame) for conn in self.connections],
        )

    # ------------------------------------------------------------------------------------------ names

    def rename(self, player: Player, now: float) -> Effects:
        """The player's new name on its connections and its seat, said to the table in one line; lines already
        sent keep the old name. `Storage.rename_player` stored it already; the seat's row is stored again, in
        case this table stored the old name (a sit) between that and now. The line is a notice: neither the
        history nor the journal keeps it, so renames (limited in `app.py`, still many) never push the game's
        events out of what a welcome or a resync gives back; the views carry the new name."""
        for connection in self.connections.values():
            if connection.player is not None and connection.player.id == player.id:
                connection.player = player
        seat = self.seat_of(player)
        if seat is None or self.seats[seat].player == player:
            return Effects()
        info = self.seats[seat]
        old_name = info.name
        info.player = player
        effects = Effects(store=[("seat", seat, info.kind, player.id, player.name, info.bot)])
        renamed = table_event("rename", seat=seat, old=old_name, new=player.name)
        effects.extend(self._broadcast([renamed], now, keep=False))
        return effects

    # ------------------------------------------------------------------------------------------ frames

    def _audiences(self) -> set[int | None]:
        """Whose version of a secret event is kept: the spectators', each connection's seat, and every seat a person
        holds (who may come back and be given the round's history as that seat knows it)."""
        audiences: set[int | None] = {None}
        for connection in self.connections.values():
            audiences.add(self.seat_of(connection.player))
        audiences.update(seat for seat, info in enumerate(self.seats) if info.kind == "human")
        return audiences

    def _names(self) -> tuple[str, ...]:
        return self._around_seats()[1]

    def _around_seats(self) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The lobby line and the seats as every view shows them, and the seats' names in the log: rebuilt only
        when a seat, a connected player, a ready mark or the status changed since the last event. The key
        holds each seat's content, not a version number, because a rename changes a seat's player in place."""
        present = frozenset([c.player.id for c in self.connections.values() if c.player is not None])
        key = (self.status, present, frozenset(self.ready), tuple([(s.kind, s.player, s.bot) for s in self.seats]))
        if key != self._seats_key:
            around = {
                **self.summary(),
                "seat_info": [
                    {
                        "seat": i,
                        "name": info.name,
                        "kind": info.kind,
                        "bot": info.bot,
                        "connected": info.kind != "human" or (info.player is not None and info.player.id in present),
                        "ready": i in self.ready,
                        # A person's player id (public, as on the leaderboard): the page shows rating changes by it.
                        "player_id": info.player.id if info.kind == "human" and info.player is not None else None,
                    }
                    for i, info in enumerate(self.seats)
                ],
            }
            self._seats_part = (around, seat_labels([info.name for info in self.seats]))
            self._seats_json = encode_bytes(around)[:-1]
            self._names_json = orjson.dumps(self._seats_part[1])
            seated: dict[str, int] = {}  # each seated person's first seat, for `seat_of` at every connection
            for index, info in enumerate(self.seats):
                if info.player is not None:
                    seated.setdefault(info.player.id, index)
            self._seated = seated
            self._seats_key = key
        return self._seats_part

    def _broadcast(
        self, events: list[Json], now: float, names: tuple[str, ...] | None = None, keep: bool = True
    ) -> Effects:
        return self._broadcast_told({None: events}, now, names, keep)

    def _broadcast_told(
        self,
        told: dict[int | None, list[Json]],
        now: float,
        names: tuple[str, ...] | None = None,
        keep: bool = True,
        effects: Effects | None = None,
    ) -> Effects:
        """One numbered step: each connection gets its own seat's view and the step's events as its seat may know
        them, with the
        seats' names as they were (`names`, by default as they are now). A kept event joins the history and the
        journal (what a resync gives back); a notice (`keep=False`: a connection lost or back, a rename) is sent
        once, and kept by neither, so notices never push the game's events out. The frames are added to `effects`
        (a new one by default), which is returned.

        Views are built only for the seats that have a connection, each seat's frame is encoded once per
        player (every anonymous spectator shares one; a signed-in watcher is told who they are), and the part
        of the view around the game is built once per event."""
        self.seq += 1
        seats_part = self._around_seats()
        public = told.get(None, [])
        events: dict[int | None, list[Json]]
        if len(told) == 1 and None in told:
            events = {None: public}  # the same for every seat: the common case, without a comprehension
        else:
            events = {None: public}
            events.update((seat, said) for seat, said in told.items() if seat is not None and said != public)
        entry = LogEntry(self.seq, names or seats_part[1], events)
        if keep:
            if len(self.journal) == JOURNAL_SIZE:
                self.forgotten = self.journal[0].seq
            self.journal.append(entry)
            if any(entry.events.values()):
                self.history.append(entry)
        if effects is None:
            effects = Effects()
        if not self.connections:
            return effects
        # One frame per seat and player (its id and name: a tuple hashes without a dataclass's Python `__hash__`).
        frames: dict[tuple[int | None, tuple[str, str] | None], str] = {}
        seats = self._seated  # each seated person's first seat, kept with the seats part (`_around_seats`)
        # The table around the game is encoded once for every frame, its closing brace left off for each
        # connection's own keys (its seats part only when they change); each seat's game view once per position.
        # The frame's keys before the view are the same for every connection but the events, encoded once per
        # audience.
        around = self._seats_json + b"," + encode_bytes(self._timers(now))[1:-1]
        names = entry.names  # the seats' names now (their JSON is kept with them) or as they were (a leave)
        names_json = self._names_json if names is seats_part[1] else orjson.dumps(names)
        head = b'{"type":"update","seq":%d,"events":' % self.seq
        said: dict[int | None, bytes] = {}  # each audience's events, encoded
        send = effects.send
        for conn, connection in self.connections.items():
            player = connection.player
            seat: int | None
            key: tuple[int | None, tuple[str, str] | None]
            if player is None:
                seat, key = None, (None, None)
            else:
                seat = seats.get(player.id)
                key = (seat, (player.id, player.name))
            frame = frames.get(key)
            if frame is None:
                frame = frames[key] = self._update_frame(entry, seat, player, around, (head, names_json, said))
            send.append((conn, frame))
        return effects

    def _update_frame(
        self, entry: LogEntry, seat: int | None, player: Player | None, around: bytes, parts: _FrameParts
    ) -> str:
        """The update frame `encode` gives for `_view`, spliced from JSON already encoded: the same bytes (orjson
        writes a dict's keys in order, without spaces)."""
        staged = self.staged.get(seat) if seat is not None else None
        key = (seat, None if player is None else (player.id, player.name), staged)
        own = self._own_json.get(key)
        if own is None:
            if len(self._own_json) > 64:
                self._own_json.clear()
            own = self._own_json[key] = encode_bytes(
                {
                    "you": seat,
                    "player": None if player is None else {"id": player.id, "name": player.name},
                    "staged": staged,
                }
            )
        head, names, events = parts
        audience = seat if seat in entry.events else None
        said = events.get(audience)
        if said is None:
            said = events[audience] = orjson.dumps(entry.events_for(seat))
        return b"".join(
            (
                head,
                said,
                b',"names":',
                names,
                b',"view":{"table":',
                around,
                b",",
                own[1:],
                b',"game":',
                self._game_json(seat),
                b"}}",
            )
        ).decode()

    def _frame(self, kind: str, conn: int, now: float, extra: dict[str, Any] | None = None) -> str:
        connection = self.connections[conn]
        seat = self.seat_of(connection.player)
        body: dict[str, Any] = {"type": kind, "seq": self.seq, "view": self.view(seat, connection.player, now)}
        body.update(extra or {})
        return encode(body)

    def _resync(self, conn: int, since: int, now: float) -> str:
        if since > self.seq:
            raise TableRefusal.of("resync_ahead", seq=since, last=self.seq)
        connection = self.connections[conn]
        seat = self.seat_of(connection.player)
        missed = [entry.to_json(seat) for entry in self.journal if entry.seq > since]
        complete = since >= self.forgotten
        extra = {"missed": missed, "complete": complete, "chat": [c for c in self.chat if c["seq"] > since]}
        return self._frame("sync", conn, now, extra=extra)

    def view(self, seat: int | None, player: Player | None, now: float) -> dict[str, Any]:
        """Everything one connection may see: the table around the game, and its seat's game view."""
        return self._view(seat, player, self._table_view(now))

    def _view(self, seat: int | None, player: Player | None, around: dict[str, Any]) -> dict[str, Any]:
        return {
            "table": {
                **around,
                "you": seat,
                "player": None if player is None else {"id": player.id, "name": player.name},
                "staged": self.staged.get(seat) if seat is not None else None,
            },
            "game": self._game_view(seat),
        }

    def _table_view(self, now: float) -> dict[str, Any]:
        """The part of every connection's view that is the same for all: seats, timers, status."""
        return {**self._around_seats()[0], **self._timers(now)}

    def _timers(self, now: float) -> dict[str, Any]:
        """The turn's time and what is left of it (while its clock runs) and of the intermission."""
        intermission_until, running = self.intermission_until, self._clock_mover() is not None
        return {
            "turn_time": self.config.turn_time,
            "turn_left": max(0.0, round(self.turn_started + self.config.turn_time - now, 2)) if running else None,
            "intermission_left": None if intermission_until is None else max(0.0, round(intermission_until - now, 2)),
        }

    def _game_json(self, seat: int | None) -> bytes:
        """A seat's game view as JSON, encoded once per engine state."""
        view = self._game_view(seat)
        if view is None:
            return b"null"
        encoded = self._views_json.get(seat)
        if encoded is None:
            encoded = self._views_json[seat] = encode_bytes(view)
        return encoded

    def _game_view(self, seat: int | None) -> dict[str, Any] | None:
        """A seat's game view, built once per engine state: every engine change appends to `moves`, except
        the start of the game, so the state's identity and the number of moves tell when it changed."""
        if self.state is None:
            return None
        version = (id(self.state), len(self.moves))
        if version != self._views_version:
            self._views.clear()
            self._views_json.clear()
            self._views_version = version
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self.state, seat)
        return view


def lobby_line(config: TableConfig, seats: list[Seat], status: str) -> dict[str, Any]:
    """A table's line in the lobby, from a table in memory or from storage (a cluster's lobby)."""
    return {
        "id": config.id,
        "name": config.name,
        "game": config.game,
        "preset": config.preset,
        "seats": config.seats,
        "status": status,
        "private": config.private,
        "players": [{"seat": i, "name": s.name, "kind": s.kind} for i, s in enumerate(seats)],
        "open_seats": sum(1 for s in seats if s.kind in ("empty", "auto")),
    }


def error_frame(seq: int, message: str, code: str = "error", params: dict[str, Any] | None = None) -> str:
    """An error to one client: its `code` and `params` (the page words it from them) beside the English
    `message`. The frame starts with `{"type": "error"` (`actor.ERROR_FRAME_START` counts refusals by it)."""
    return json.dumps({"type": "error", "seq": seq, "code": code, "params": params or {}, "message": message})


def error_frame_of(seq: int, error: PresidenteError) -> str:
    """The error frame of an engine's or the table's refusal, with its code and parameters."""
    return error_frame(seq, error.message, error.code, error.params)


def moved_frame(seq: int) -> str:
    """The error that comes before the server closes a connection because its table moved to another process
    of a cluster: `moved` tells the client to reconnect at once (the new owner, or the process that takes the
    table over, is there), not after its usual pause."""
    return json.dumps(
        {"type": "error", "seq": seq, "code": "table_moved", "params": {}, "message": MOVED_MESSAGE, "moved": True}
    )


def restore_table(
    config: TableConfig,
    seats: list[Seat],
    moves: list[tuple[int | None, str]],
    status: str,
    *,
    now: float,
    chat: list[dict[str, Any]] | None = None,
    seq: int = 0,
    intermission: float = 30.0,
    bot_delay: float = 0.8,
) -> Table:
    """A table rebuilt after a restart: the same seats, the state rebuilt by replaying the stored moves, and
    the stored chat; numbering goes on after the last stored sequence number, so it never goes back.
    A move that no longer replays raises (the caller marks the table damaged)."""
    table = Table(config, seats, now=now, intermission=intermission, bot_delay=bot_delay)
    if status != "waiting" or moves:
        table.state = table.game.replay(config.options, config.seats, config.seed, moves)
        table.moves = list(moves)
    table.chat.extend(chat or [])
    table.seq = max([seq, len(moves), *(entry["seq"] for entry in table.chat)])
    table.forgotten = table.seq  # the events before the restart are in the history's first entry, not the journal
    if table.state is not None:
        table.begin_history()
    return table
