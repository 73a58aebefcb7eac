"""A saved El Presidente match: rules, seed, player names and every action's text, as JSON.

Chance comes only from the seed, so replaying the actions from the seed rebuilds every state exactly.

>>> state = State(Rules(players=2), seed=3)
>>> record = Record(Rules(players=2), 3, ["Ann", "Bot"], [])
>>> for _ in range(5):
...     record.append(state, state.legal_actions()[0])
>>> Record.from_json(record.to_json()).final_state() == state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from presidente.elpresidente.actions import Action, parse_action
from presidente.elpresidente.rules import Rules
from presidente.elpresidente.state import State
from presidente.errors import PresidenteError, RecordError

GAME = "el-presidente"
FORMAT = 1


@dataclass
class Record:
    rules: Rules
    seed: int
    players: list[str]
    actions: list[str] = field(default_factory=list)

    def append(self, state: State, action: Action) -> None:
        """Apply `action` to `state` and, once it is accepted, write it down."""
        state.apply(action)
        self.actions.append(str(action))

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": GAME,
                "format": FORMAT,
                "rules": self.rules.to_dict(),
                "seed": self.seed,
                "players": self.players,
                "actions": self.actions,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data: dict[str, Any] = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"Not a saved match: {error}") from error
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        """The record in `data` (the object `to_json` writes), checked as far as it can be without replaying."""
        if not isinstance(data, dict) or data.get("game") != GAME:
            raise RecordError("Not a saved El Presidente match.")
        if data.get("format") != FORMAT:
            raise RecordError(f"Unknown record format {data.get('format')!r}; this version reads {FORMAT}.")
        try:
            rules = Rules.from_dict(data["rules"])
            seed, players, actions = data["seed"], data["players"], data["actions"]
        except (KeyError, TypeError, PresidenteError) as error:
            raise RecordError(f"Damaged record: {error}") from error
        if not isinstance(seed, int) or not all(isinstance(text, str) for text in [*players, *actions]):
            raise RecordError("Damaged record: the seed must be a number, names and actions text.")
        if len(players) != rules.players:
            raise RecordError(f"The record names {len(players)} players for a table of {rules.players}.")
        return cls(rules, seed, list(players), list(actions))

    def _walk(self) -> Iterator[State]:
        """One state object, yielded before the first action and after each action (mutated in place)."""
        state = State(self.rules, self.seed)
        yield state
        for number, text in enumerate(self.actions, start=1):
            try:
                state.apply(parse_action(text))
            except PresidenteError as error:
                raise RecordError(f"Action {number} ({text!r}) does not replay: {error}") from error
            yield state

    def replay(self) -> list[State]:
        """Every state of the match, rebuilt from the seed and the actions: the start, then one per action."""
        return [state.clone() for state in self._walk()]

    def final_state(self) -> State:
        *_, last = self._walk()
        return last
