"""Records: rules + seed + actions (+ player names), saved as JSON; replaying one rebuilds every state.

>>> from presidente.president import find_preset, new_game
>>> state = new_game(find_preset("college"), players=3, seed=5)
>>> state.apply(state.legal_actions()[0])
>>> again = Record.from_json(record_of(state).to_json()).final_state()
>>> again.hands == state.hands and again.history == state.history
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from presidente.errors import PresidenteError, RecordError
from presidente.president.actions import parse_action
from presidente.president.rules import Rules
from presidente.president.state import State, new_game

FORMAT = "presidente-record/1"


@dataclass(frozen=True)
class Record:
    rules: Rules
    players: int
    seed: int | str
    actions: tuple[tuple[int | None, str], ...]
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": "president",
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "names": list(self.names),
            "actions": [[seat, text] for seat, text in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        try:
            if data.get("format") != FORMAT or data.get("game") != "president":
                raise RecordError(f"Not a President record (format {data.get('format')!r}).")
            actions = tuple((seat, str(text)) for seat, text in data["actions"])
            return cls(
                rules=Rules.from_dict(data["rules"]),
                players=int(data["players"]),
                seed=data["seed"],
                actions=actions,
                names=tuple(data.get("names", ())),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, RecordError):
                raise
            raise RecordError(f"Broken record: {error}") from error

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"A record is JSON: {error}") from error
        if not isinstance(data, dict):
            raise RecordError("A record is a JSON object.")
        return cls.from_dict(data)

    def replay(self) -> Iterator[State]:
        """The state before any action, then after each one."""
        state = new_game(self.rules, self.players, self.seed)
        yield state
        for index, (seat, text) in enumerate(self.actions):
            state = state.clone()
            try:
                state.apply(parse_action(text), seat)
            except PresidenteError as error:
                raise RecordError(f"Action {index + 1} ({text!r} by seat {seat}) does not replay: {error}") from error
            yield state

    def final_state(self) -> State:
        state = new_game(self.rules, self.players, self.seed)
        for index, (seat, text) in enumerate(self.actions):
            try:
                state.apply(parse_action(text), seat)
            except PresidenteError as error:
                raise RecordError(f"Action {index + 1} ({text!r} by seat {seat}) does not replay: {error}") from error
        return state


def record_of(state: State, names: tuple[str, ...] = ()) -> Record:
    """The record of a match played from its deal; a state set up from a position has none (a record starts
    from the seed's deal), so it is refused rather than written down wrong."""
    if state._origin is not None:
        raise RecordError("This table was set up from a position, not dealt: save it with to_position() instead.")
    return Record(
        rules=state.rules,
        players=state.seats,
        seed=state.seed,
        actions=tuple((seat, str(action)) for seat, action in state.history),
        names=names,
    )
