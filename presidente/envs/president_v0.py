"""President as a PettingZoo AEC environment: any preset, any options, 2 to 8 players.

>>> env = raw_env(preset="bga", players=4, options={"rounds": 1})
>>> env.reset(seed=7)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["action_mask"].dtype, int(observation["action_mask"].sum()) > 0
(dtype('int8'), True)
>>> env.state.seed
7

An episode is a match as the rules define it (`options={"rounds": 1}` for one round). Rewards:
``reward="score"`` (default) pays each seat what each round adds to its match score under the preset's
scoring (points per player beaten, or the credit change); ``reward="place"`` pays +1 to the round's first,
-1 to its last and 0 to the others. A round's reward is paid when the round ends; in a round known to be
the match's last (the rules fix the number of rounds) a seat that goes out, or is ranked lowest, is paid
and terminated at once, since its place can no longer change. See docs/envs.md for the encodings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from presidente.cards import format_cards
from presidente.envs.aec import TableEnv, make_env
from presidente.envs.president_actions import ActionCodec
from presidente.envs.president_observation import ObservationEncoder
from presidente.errors import RulesError
from presidente.president import Action, Rules, State, find_preset, new_game
from presidente.president.roles import score_round
from presidente.president.rules import parse_option

REWARDS = ("score", "place")


def table_rules(preset: str | Rules = "bga", options: Mapping[str, Any] | Iterable[str] | None = None) -> Rules:
    """A preset's rules (a name, an alias or a `Rules`) with options applied: a mapping of option names to
    values, or ``key=value`` texts as on the command line.

    >>> table_rules("bga", ["rounds=1", "eight_rule=on"]).eight_rule
    True
    """
    rules = preset if isinstance(preset, Rules) else find_preset(preset)
    if isinstance(options, Mapping):
        return rules.replace(**options)
    texts = [options] if isinstance(options, str) else list(options or ())
    return rules.replace(**dict(parse_option(text) for text in texts))


def place_rewards(rules: Rules, players: int, reward: str) -> tuple[float, ...]:
    """What each place of a round of `players` earns: index 0 is first place."""
    if reward == "place":
        return (1.0, *([0.0] * (players - 2)), -1.0)
    points = [0] * players
    score_round(list(range(players)), rules, points)
    return tuple(float(value) for value in points)


class raw_env(TableEnv[State]):  # PettingZoo's name for the unwrapped environment
    """President for PettingZoo: `preset` (name, alias or `Rules`), `players`, `options` (a mapping or
    ``key=value`` texts), `reward` ("score" or "place"), `render_mode` ("human", "ansi" or None)."""

    metadata: ClassVar[dict[str, Any]] = {**TableEnv.metadata, "name": "president_v0"}

    def __init__(
        self,
        preset: str | Rules = "bga",
        players: int = 4,
        options: Mapping[str, Any] | Iterable[str] | None = None,
        reward: str = "score",
        render_mode: str | None = None,
    ) -> None:
        rules = table_rules(preset, options)
        if not rules.min_players <= players <= rules.max_players:
            raise RulesError(
                f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {players}."
            )
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}.")
        self.rules = rules
        self.reward = reward
        self.codec = ActionCodec(rules)
        self.encoder = ObservationEncoder(rules, players)
        self._place_rewards = {n: place_rewards(rules, n, reward) for n in range(2, players + 1)}
        self._paid: set[int] = set()
        super().__init__(players, self.encoder.size, self.codec.size, render_mode)

    def _new_state(self, seed: int) -> State:
        self._paid = set()
        return new_game(self.rules, self.players, seed)

    def _encode(self, seat: int) -> npt.NDArray[np.float32]:
        return self.encoder.encode(self._table(), seat)

    def _apply_action(self, action: Action, seat: int) -> None:
        state = self._table()
        round_before, scores_before = state.round_number, list(state.scores)
        state.apply(action, seat)
        if state.is_over or state.round_number != round_before:
            self._round_ended(state.results[-1], scores_before)
        elif self.rules.rounds and state.round_number == self.rules.rounds:
            self._settle_last_round(state)

    def _round_ended(self, order: list[int], scores_before: list[int]) -> None:
        state = self._table()
        for position, seat in enumerate(order):
            if seat in self._paid:
                continue
            if self.reward == "score":
                earned = float(state.scores[seat] - scores_before[seat])
            else:
                earned = self._place_rewards[len(order)][position]
            self._pay(seat, earned)
        self._paid = set()
        if state.is_over:
            for agent in self.agents:
                self.terminations[agent] = True

    def _settle_last_round(self, state: State) -> None:
        """In the match's last round, pay and terminate every seat whose place is settled."""
        players = len(state.round_players)
        for seat in state.round_players:
            if seat in self._paid:
                continue
            if seat in state.winners:
                position = state.winners.index(seat)
            elif seat in state.bottom:
                # The first seat ranked lowest is last; each later one ranks just above the earlier ones.
                position = players - 1 - state.bottom.index(seat)
            else:
                continue
            self._paid.add(seat)
            self._pay(seat, self._place_rewards[players][position], terminate=True)

    def describe(self) -> str:
        state = self._table()
        spectator = state.observation(None)
        name = self.possible_agents
        heading = f"President ({self.rules.name}), round {state.round_number}, {state.phase}"
        if state.reversed:
            heading += ", revolution: the order is reversed"
        if state.is_over:
            heading += f". Match over: {', '.join(name[seat] for seat in state.winners_of_match())} won"
        lines = [heading + "."]
        for view in spectator.seats:
            status = ""
            if view.seat in state.winners:
                status = f", out in place {state.winners.index(view.seat) + 1}"
            elif view.seat in state.bottom or view.seat == state.downfallen:
                status = ", ranked lowest"
            elif view.passed:
                status = ", passed"
            mover = "  <- to move" if view.seat == state.current_player else ""
            title = f" {view.title}" if view.title else ""
            lines.append(f"  {name[view.seat]}{title}: {view.hand_size} cards, score {view.score}{status}{mover}")
        if state.trick:
            plays = "; ".join(f"{name[seat]} {play}" for seat, play in state.trick)
            lines.append(f"Trick of {state.trick_size} card{'s' if state.trick_size != 1 else ''}: {plays}.")
        elif state.current_player is not None and state.phase.value == "play":
            lines.append(f"{name[state.current_player]} leads a new trick.")
        if state.current_player is not None:
            hand = format_cards(tuple((card, n) for card, n in enumerate(state.hands[state.current_player]) if n))
            lines.append(f"Hand of {name[state.current_player]}: {hand}.")
        recent = [event.text for event in spectator.events[-3:]]
        if recent:
            lines.append("Last: " + " ".join(recent))
        return "\n".join(lines)


env = make_env(raw_env)
