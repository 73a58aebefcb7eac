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
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from presidente.errors import PresidenteError
from presidente.president import Record, State, new_game, parse_action

MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_RECORD_MOVES = 200_000
REPLAY_SECONDS = 30.0
CHECKPOINT_EVERY = 200
OPEN_RECORDS = 4
TERMINAL_HINT = "`presidente replay FILE` steps through any record in the terminal."


class RecordRefused(ValueError):
    """A record this page does not open: broken, too large, or too slow to replay; the message says which."""


@dataclass
class OpenedRecord:
    """A checked record, the states after every `CHECKPOINT_EVERY`-th move and the step at which each round is
    dealt (the first is 0)."""

    record: Record
    checkpoints: list[State]
    round_starts: list[int]

    @property
    def steps(self) -> int:
        return len(self.record.actions)

    def state_at(self, step: int) -> State:
        """The table after `step` moves (0: the deal), replayed from the nearest kept state."""
        step = max(0, min(step, self.steps))
        state = self.checkpoints[step // CHECKPOINT_EVERY].clone()
        for seat, text in self.record.actions[step - step % CHECKPOINT_EVERY : step]:
            state.apply(parse_action(text), seat)
        return state

    def names(self) -> list[str]:
        names = list(self.record.names)
        if len(names) != self.record.players:
            names = [f"Seat {seat}" for seat in range(self.record.players)]
        return names


def open_record(data: dict[str, Any], clock: Callable[[], float] = time.monotonic) -> OpenedRecord:
    """Read a record's JSON object and replay it through the engine; a `RecordRefused` says why it cannot be shown."""
    if data.get("format") == "presidente-position/1":
        raise RecordRefused("This is a position file, not a record: open it as a position file.")
    try:
        record = Record.from_dict(data)
    except PresidenteError as error:
        raise RecordRefused(str(error)) from error
    if len(record.actions) > MAX_RECORD_MOVES:
        raise RecordRefused(
            f"This record holds {len(record.actions):,} moves; this page shows records of at most"
            f" {MAX_RECORD_MOVES:,} moves. {TERMINAL_HINT}"
        )
    deadline = clock() + REPLAY_SECONDS
    try:
        state = new_game(record.rules, record.players, record.seed)
    except (PresidenteError, TypeError, ValueError) as error:
        raise RecordRefused(f"This record's table cannot be dealt: {error}") from error
    checkpoints = [state.clone()]
    round_starts, round_number = [0], state.round_number
    for index, (seat, text) in enumerate(record.actions, start=1):
        try:
            state.apply(parse_action(text), seat)
        except (PresidenteError, TypeError, ValueError) as error:
            raise RecordRefused(f"Move {index} ({text!r} by seat {seat}) does not replay: {error}") from error
        if state.round_number != round_number:
            round_starts.append(index)
            round_number = state.round_number
        if index % CHECKPOINT_EVERY == 0:
            checkpoints.append(state.clone())
            if clock() > deadline:
                raise RecordRefused(
                    f"This record did not replay within {REPLAY_SECONDS:g} s (stopped at move {index:,} of"
                    f" {len(record.actions):,}). {TERMINAL_HINT}"
                )
    return OpenedRecord(record, checkpoints, round_starts)


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
