"""Record files opened on the replay page (`POST /api/record`, then `GET /api/record/{id}?step=N`).

A record (`presidente play --save`, `presidente uecda serve --record`) is rules + seed + actions, so showing one
move means replaying it from the deal. The route replays the whole file once, which is also its check, and keeps
a copy of the state every `CHECKPOINT_EVERY` moves, so any later step is at most that many moves from a kept
state, and the step at which each round (a UECda game) is dealt, so the page goes from round to round. Opening
is bounded three ways, each refused with a message that says so: the file's size (`MAX_RECORD_BYTES`, read no
further), its moves (`MAX_RECORD_MOVES`) and the replay's time (`REPLAY_SECONDS`, checked as it goes). The
bounds hold the default match of `presidente uecda serve` (1,000 games: about 130,000 moves, 3 MB, replayed in
about 4 s on this machine); `presidente replay FILE` steps through any record in the terminal. The last
`OPEN_RECORDS` opened stay in memory; an older one's id is forgotten and the page opens its file again.

Every step shown, of a record or of a stored game (`GET /api/replay/{id}`), is made by `shown_step`: the view with
every hand, and the step's move and the round so far as typed events (`events`, `log`), made by the live table's
serializer (`presidente/typed_events.py` through the game's `events_since` and `round_events`), for the page to write
in its language (`web/table-messages.js`); no sentence.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from presidente import elpresidente as elp
from presidente.errors import PresidenteError
from presidente.president import Record, new_game, parse_action
from presidente.server.games import game_of
from presidente.typed_events import Json

MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_RECORD_MOVES = 200_000
REPLAY_SECONDS = 30.0
CHECKPOINT_EVERY = 200
OPEN_RECORDS = 4
# The log of a step holds the round's (an El Presidente battle's) latest events, as many as the view's log held.
LOG_EVENTS = 40
TERMINAL_HINT = "`presidente replay FILE` steps through any record in the terminal."


class RecordRefused(ValueError):
    """A record this page does not open: broken, too large, or too slow to replay; the message says which."""


def _apply_president(state: Any, seat: int | None, text: str) -> None:
    state.apply(parse_action(text), seat)


def _apply_el_presidente(state: Any, seat: int | None, text: str) -> None:
    state.apply(elp.parse_action(text), seat)


_APPLY = {"president": _apply_president, "el-presidente": _apply_el_presidente}


def shown_step(game: str, state: Any, move: tuple[int | None, str] | None) -> dict[str, Any]:
    """The table after `move` (the seat that made it, None for the table, and its text) is made on `state` (the
    table before it, changed here; `move` None: `state` itself, the deal): `events`, what the move did, and `log`,
    the round's events so far, both as a spectator knows them, and `view`, with every hand."""
    rules = game_of(game)
    events: list[Json] = []
    if move is not None:
        mark = rules.mark(state)
        _APPLY[game](state, *move)
        events = rules.events_since(state, mark, None)
    return {"events": events, "log": rules.round_events(state, None)[-LOG_EVENTS:], "view": rules.full_view(state)}


@dataclass
class OpenedRecord:
    """A checked record of either game: its moves with the seat that made each (None: the table), the states
    after every `CHECKPOINT_EVERY`-th move and the step at which each round (an El Presidente game) starts."""

    game: str  # "president" or "el-presidente"
    preset: str
    names: list[str]
    moves: list[tuple[int | None, str]]
    checkpoints: list[Any]
    round_starts: list[int]

    @property
    def steps(self) -> int:
        return len(self.moves)

    def state_at(self, step: int) -> Any:
        """The table after `step` moves (0: the deal), replayed from the nearest kept state."""
        step = max(0, min(step, self.steps))
        apply = _apply_president if self.game == "president" else _apply_el_presidente
        state = self.checkpoints[step // CHECKPOINT_EVERY].clone()
        for seat, text in self.moves[step - step % CHECKPOINT_EVERY : step]:
            apply(state, seat, text)
        return state

    def shown(self, step: int) -> dict[str, Any]:
        """`shown_step` of the table after `step` moves."""
        step = max(0, min(step, self.steps))
        if step == 0:
            return shown_step(self.game, self.state_at(0), None)
        return shown_step(self.game, self.state_at(step - 1), self.moves[step - 1])


def _read(data: dict[str, Any]) -> tuple[OpenedRecord, list[str], Any]:
    """The record's game, names and texts (its moves' seats still unknown for El Presidente) and its first state."""
    if data.get("format") == "presidente-position/1":
        raise RecordRefused("This is a position file, not a record: open it as a position file.")
    try:
        if data.get("game") == "el-presidente":
            elp_record = elp.Record.from_dict(data)
            names = list(elp_record.players)
            opened = OpenedRecord("el-presidente", "el-presidente", names, [], [], [0])
            return opened, elp_record.actions, lambda: elp.State(elp_record.rules, elp_record.seed)
        record = Record.from_dict(data)
    except PresidenteError as error:
        raise RecordRefused(str(error)) from error
    names = list(record.names)
    if len(names) != record.players:  # a record that names no one: the page names each seat in its language
        names = [""] * record.players
    opened = OpenedRecord("president", record.rules.name, names, list(record.actions), [], [0])
    return opened, [text for _, text in record.actions], lambda: new_game(record.rules, record.players, record.seed)


def open_record(data: dict[str, Any], clock: Callable[[], float] = time.monotonic) -> OpenedRecord:
    """Read a record's JSON object and replay it through its engine; a `RecordRefused` says why it cannot be
    shown."""
    opened, texts, deal = _read(data)
    if len(texts) > MAX_RECORD_MOVES:
        raise RecordRefused(
            f"This record holds {len(texts):,} moves; this page shows records of at most"
            f" {MAX_RECORD_MOVES:,} moves. {TERMINAL_HINT}"
        )
    deadline = clock() + REPLAY_SECONDS
    try:
        state = deal()
    except (PresidenteError, TypeError, ValueError) as error:
        raise RecordRefused(f"This record's table cannot be dealt: {error}") from error
    game = game_of(opened.game)
    opened.checkpoints.append(state.clone())
    round_key = game.round_key(state)
    for index, text in enumerate(texts, start=1):
        if opened.game == "president":
            seat = opened.moves[index - 1][0]
        else:  # an El Presidente record lists the moves alone: each is the current player's
            seat = state.current_player
            opened.moves.append((seat, text))
        try:
            (_apply_president if opened.game == "president" else _apply_el_presidente)(state, seat, text)
        except (PresidenteError, TypeError, ValueError) as error:
            raise RecordRefused(f"Move {index} ({text!r} by seat {seat}) does not replay: {error}") from error
        if game.round_key(state) != round_key:
            opened.round_starts.append(index)
            round_key = game.round_key(state)
        if index % CHECKPOINT_EVERY == 0:
            opened.checkpoints.append(state.clone())
            if clock() > deadline:
                raise RecordRefused(
                    f"This record did not replay within {REPLAY_SECONDS:g} s (stopped at move {index:,} of"
                    f" {len(texts):,}). {TERMINAL_HINT}"
                )
    return opened


class OpenRecords:
    """The records opened lately, by id; the oldest is forgotten beyond `OPEN_RECORDS`."""

    def __init__(self, size: int = OPEN_RECORDS) -> None:
        self.size = size
        self._records: OrderedDict[str, OpenedRecord] = OrderedDict()

    def add(self, opened: OpenedRecord) -> str:
        record_id = secrets.token_hex(8)
        self._records[record_id] = opened
        while len(self._records) > self.size:
            self._records.popitem(last=False)
        return record_id

    def get(self, record_id: str) -> OpenedRecord | None:
        opened = self._records.get(record_id)
        if opened is not None:
            self._records.move_to_end(record_id)
        return opened
