"""The two rules engines behind one small interface, so that a table does not care which game it runs.

A `Game` builds states from table options, applies action text, picks the timeout move and a bot's move,
and turns one seat's observation into the JSON view sent to that seat (None: the spectators' view). The
views carry only what that seat's observation carries: another hand is never in them.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Protocol

from presidente import elpresidente as elp
from presidente import president as pres
from presidente.cards import card_text
from presidente.elpresidente.rules import option_specs as elp_option_specs
from presidente.errors import RulesError
from presidente.options import OptionSpec, shown
from presidente.president.rules import option_specs as president_option_specs
from presidente.server.refusals import TableRefusal
from presidente.server.views import PresidentViews, group_json, score_sheet
from presidente.typed_events import (
    Json,
    battle_event,
    battle_start_event,
    game_end_event,
    president_event,
    round_end_event,
    trick_end_reasons,
)

GAMES = ("president", "el-presidente")
# Where a game stood before a change (`Game.mark`): a value to compare, and what `events_since` reads the change
# from (the engine's event list of that round or battle, kept: a new round or battle starts a list of its own).
Mark = tuple[Any, ...]
# El Presidente has no turn-timer option of its own; the server adds President's: the same declaration.
TURN_TIME = next(spec for spec in president_option_specs() if spec.name == "turn_time")
DEFAULT_TURN_TIME: int = TURN_TIME.default


class Game(Protocol):
    name: str

    def new_state(self, options: dict[str, Any], seats: int, seed: int) -> Any: ...
    def apply(self, state: Any, seat: int, text: str) -> None: ...
    def current_player(self, state: Any) -> int | None: ...
    def is_over(self, state: Any) -> bool: ...
    def auto_action(self, state: Any) -> str: ...
    def bot_action(self, state: Any, seat: int, bot: Any, rng: random.Random) -> str: ...
    def rules(self, state: Any) -> Any: ...
    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...
    def full_view(self, state: Any) -> dict[str, Any]: ...
    def round_key(self, state: Any) -> int: ...
    def events_since(self, state: Any, mark: Mark, seat: int | None) -> list[Json]: ...
    def secret_since(self, state: Any, mark: Mark) -> bool: ...
    def round_events(self, state: Any, seat: int | None) -> list[Json]: ...
    def match_end(self, state: Any) -> Json: ...
    def hint(self, state: Any, seat: int, rng: random.Random) -> tuple[str, str, dict[str, Any] | None]: ...
    def check(self, state: Any, seat: int, text: str) -> None: ...
    def mark(self, state: Any) -> Mark: ...
    def standings(self, state: Any) -> list[int]: ...
    def supports_leave(self) -> bool: ...
    def leave(self, state: Any, seat: int) -> str: ...
    def join(self, state: Any, seat: int) -> str: ...
    def replay(self, options: dict[str, Any], seats: int, seed: int, actions: list[tuple[int | None, str]]) -> Any: ...


# ----------------------------------------------------------------------------------------------- President


def president_rules(preset: Any, options: dict[str, Any], seats: int) -> pres.Rules:
    """The preset's rules with `options` changed; every bad value raises a `RulesError` naming the option
    (and a long preset name is cut in the message)."""
    values = pres.find_preset(preset).to_dict()
    values.update(options)
    rules = pres.Rules.from_dict(values)
    rules.check_players(seats)
    return rules


# How long the server's search thinks for a hint: a hint runs inside the table's task, like a bot's move.
HINT_THINK = 0.05


# The actions a player makes with the table's buttons, never as a move (a tuple: the quickest isinstance).
_TABLE_ACTIONS = (pres.Leave, pres.Join)


@functools.lru_cache(maxsize=16_384)
def parsed_action(text: str, sequences: bool = True) -> pres.Action:
    """`parse_action`, remembered: actions are immutable values, and every table plays the same few texts
    ("pass", "3H 3D" ...) again and again. A text that is no action raises, and is never remembered; at a
    table that plays no `sequences`, its error says nothing of them."""
    return pres.parse_action(text, sequences)


class PresidentGame:
    name = "president"

    def __init__(self) -> None:
        self._views = PresidentViews()

    def new_state(self, options: dict[str, Any], seats: int, seed: int) -> pres.State:
        return pres.new_game(pres.Rules.from_dict(options), seats, seed)

    def apply(self, state: pres.State, seat: int, text: str) -> None:
        action = parsed_action(text, state.rules.sequences)
        if isinstance(action, _TABLE_ACTIONS):
            raise TableRefusal.of("leave_with_button")
        state.apply(action, seat)

    def current_player(self, state: pres.State) -> int | None:
        return state.current  # the field behind `current_player`: the table asks several times per event

    def is_over(self, state: pres.State) -> bool:
        return state.is_over

    def auto_action(self, state: pres.State) -> str:
        return str(state.auto_action())

    def bot_action(self, state: pres.State, seat: int, bot: Any, rng: random.Random) -> str:
        # A lazy observation: the simple bots read only the trick (and the hand when giving cards), so the rest
        # (seats, events, the offered actions as text ...) is built only for a bot that reads it. The actions
        # are the state's own offered actions, the very values the observation's texts are written from.
        observation = state.observation(seat, lazy=True)
        return str(bot.choose(observation, state.offered_actions(), rng).action)

    def rules(self, state: pres.State) -> pres.Rules:
        return state.rules

    def view(self, state: pres.State, seat: int | None) -> dict[str, Any]:
        """What `seat` sees (None: the spectators), as JSON values; a read-only value, shared (see `views`)."""
        return self._views.view(state, seat)

    def full_view(self, state: pres.State) -> dict[str, Any]:
        view = dict(self.view(state, None))
        view["hands"] = [group_json(tuple((c, n) for c, n in enumerate(hand) if n)) for hand in state.hands]
        return view

    def round_key(self, state: pres.State) -> int:
        return state.round_number

    def mark(self, state: pres.State) -> Mark:
        return (state.round_number, len(state.events), state.events)

    def events_since(self, state: pres.State, mark: Mark, seat: int | None) -> list[Json]:
        """The engine's events since `mark` as `seat` may know them: the rest of the round marked (with its end,
        when this change ended it) and the events of the round begun since."""
        _, count, before = mark
        events = [self._event(state, event, seat) for event in before[count:]]
        if state.events is not before:
            events += [self._event(state, event, seat) for event in state.events]
        return trick_end_reasons(events)

    def _event(self, state: pres.State, event: Any, seat: int | None) -> Json:
        if event.kind != "round-end":
            return president_event(event, seat)
        # The round's points and titles: its row of the score sheet (the round's end is the latest one).
        rounds = len(state.results)
        sheet = score_sheet(state.rules, state.seats, tuple(map(tuple, state.results)))
        return round_end_event(event.payload, sheet[-1] if sheet else None, rounds)

    def secret_since(self, state: pres.State, mark: Mark) -> bool:
        """Whether an event since `mark` is told to some seats otherwise than to the spectators (the cards of a
        transfer or the draft): only then do `events_since` differ from seat to seat."""
        _, count, before = mark
        # Plain loops: asked at every move, a generator over a chain was a visible share of a busy process.
        for index in range(count, len(before)):
            if before[index].secret_for is not None:
                return True
        if state.events is not before:
            for event in state.events:
                if event.secret_for is not None:
                    return True
        return False

    def round_events(self, state: pres.State, seat: int | None) -> list[Json]:
        return trick_end_reasons([self._event(state, event, seat) for event in state.events])

    def match_end(self, state: pres.State) -> Json:
        return {"type": "match_end", "winners": state.winners_of_match(), "scores": list(state.scores)}

    def check(self, state: pres.State, seat: int, text: str) -> None:
        """Raise the engine's refusal of `text` by `seat` now, or nothing: read always, tried on a copy of the state
        when it is that seat's move (off turn, only whether it is a move at all)."""
        action = parsed_action(text, state.rules.sequences)
        if isinstance(action, _TABLE_ACTIONS):
            raise TableRefusal.of("leave_with_button")
        if state.current == seat:
            state.clone().apply(action, seat)

    def hint(self, state: pres.State, seat: int, rng: random.Random) -> tuple[str, str, dict[str, Any] | None]:
        from presidente.bots.hint import hint, hint_why  # the search is imported only when someone asks

        choice = hint(state.observation(seat), state.offered_actions(), rng=rng, think=HINT_THINK, rules=state.rules)
        return str(choice.action), choice.reason, hint_why(choice)

    def standings(self, state: pres.State) -> list[int]:
        """Each seat's place in the match, by the engine's rule (points, then the last round's order)."""
        return state.standings()

    def supports_leave(self) -> bool:
        return True

    def leave(self, state: pres.State, seat: int) -> str:
        action = pres.Leave(seat)
        state.apply(action, seat)
        return str(action)

    def join(self, state: pres.State, seat: int) -> str:
        action = pres.Join(seat)
        state.apply(action, seat)
        return str(action)

    def replay(
        self, options: dict[str, Any], seats: int, seed: int, actions: list[tuple[int | None, str]]
    ) -> pres.State:
        state = self.new_state(options, seats, seed)
        for seat, text in actions:
            state.apply(parsed_action(text), seat)
        return state


# ------------------------------------------------------------------------------------------- El Presidente


def elpresidente_rules(options: dict[str, Any], seats: int) -> elp.Rules:
    """The engine's rules for a table of `seats`: the players are the seats, never an option."""
    if "players" in options:
        raise RulesError("players is not an option of a table: it has as many players as seats.")
    values = {key: value for key, value in options.items() if key != "turn_time"}
    values["players"] = seats
    return elp.Rules.from_dict(values)


def turn_time_of(options: dict[str, Any]) -> int:
    value: int = TURN_TIME.check(options.get("turn_time", DEFAULT_TURN_TIME))
    return value


class ElPresidenteGame:
    name = "el-presidente"

    def __init__(self) -> None:
        # The views of the state last asked about (held, so another state is never taken for it).
        self._state: elp.State | None = None
        self._version: tuple[Any, ...] = ()
        self._views: dict[int | None, dict[str, Any]] = {}

    def new_state(self, options: dict[str, Any], seats: int, seed: int) -> elp.State:
        return elp.State(elpresidente_rules(options, seats), seed)

    def apply(self, state: elp.State, seat: int, text: str) -> None:
        state.apply(elp.parse_action(text), seat)

    def current_player(self, state: elp.State) -> int | None:
        return state.current_player

    def is_over(self, state: elp.State) -> bool:
        return state.is_over

    def auto_action(self, state: elp.State) -> str:
        """The timeout move: pass or concede when allowed; when attacking, the lowest single card."""
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, elp.Pass | elp.Concede):
                return str(action)
        attacks = [a for a in legal if isinstance(a, elp.Attack) and len(a.cards) == 1]
        return str(attacks[0] if attacks else legal[0])

    def bot_action(self, state: elp.State, seat: int, bot: Any, rng: random.Random) -> str:
        return str(bot.choose(state.observation(seat), state.legal_actions(), rng).action)

    def rules(self, state: elp.State) -> elp.Rules:
        return state.rules

    def view(self, state: elp.State, seat: int | None) -> dict[str, Any]:
        """What `seat` sees (None: the spectators), as JSON values; a read-only value, shared between viewers.

        Seats' observations differ only in the hand: the rest is built once per state of the game (every move
        adds to the battle's log or ends the battle, so `mark` tells when it changed)."""
        if seat is not None and not 0 <= seat < state.players:
            state.observation(seat)  # raises: no such seat
        version = (self.mark(state), state.current_player, state.phase, state.is_over)
        if state is not self._state or version != self._version:
            self._state, self._version = state, version
            self._views = {None: self._shared_view(state)}
        view = self._views.get(seat)
        if view is None:
            assert seat is not None
            view = self._views[seat] = dict(self._views[None])
            view["hand"] = [card_text(card) for card in sorted(state.hands[seat])]
            if state.current_player == seat:
                view["legal"] = [str(a) for a in state.legal_actions()]
        return view

    def _shared_view(self, state: elp.State) -> dict[str, Any]:
        """The spectators' view: every key in its order, with no hand and no legal move."""
        obs = state.observation(0)
        rules = state.rules
        return {
            "game": "el-presidente",
            "phase": str(obs.phase),
            "current": obs.current_player,
            "game_number": obs.game_number,
            "games": rules.games,
            "battle": obs.battle_number,
            "dealer": obs.dealer,
            "attacker": obs.attacker,
            "defender": obs.defender,
            "hand": [],
            "hand_sizes": list(obs.hand_sizes),
            "teams": [rules.team_of(s) for s in range(rules.players)] if rules.teams else None,
            "team_wins": list(state.team_wins()),
            "battle_pile": [card_text(card) for card in obs.battle_pile],
            "deck_size": obs.deck_size,
            "discard_size": obs.discard_size,
            "defender_may_pick_up": obs.defender_may_pick_up,
            "game_winners": list(obs.game_winners),
            "over": state.is_over,
            "legal": [],
        }

    def full_view(self, state: elp.State) -> dict[str, Any]:
        view = dict(self.view(state, None))
        view["hands"] = [[card_text(card) for card in sorted(hand)] for hand in state.hands]
        return view

    def round_key(self, state: elp.State) -> int:
        return state.game_number

    def mark(self, state: elp.State) -> Mark:
        return (state.game_number, state.battle_number, len(state.game_winners), len(state.log), state.log)

    def events_since(self, state: elp.State, mark: Mark, seat: int | None) -> list[Json]:
        """The moves since `mark` (a move that ends its battle is the last of the battle's log, which the engine
        then starts over), a game's end, and the next battle's start."""
        games, count, before = mark[2:]
        events = [battle_event(player, text) for player, text in before[count:]]
        if len(state.game_winners) > games:
            game = len(state.game_winners) - 1
            events.append(game_end_event(game, state.game_winners[game], state.end_reasons[game]))
        if state.log is not before and not state.is_over:
            events.append(battle_start_event(state.battle_number, state.attacker, state.defender))
            events += [battle_event(player, text) for player, text in state.log]
        return events

    def secret_since(self, state: elp.State, mark: Mark) -> bool:
        return False  # every El Presidente move is told alike to everyone

    def round_events(self, state: elp.State, seat: int | None) -> list[Json]:
        start = battle_start_event(state.battle_number, state.attacker, state.defender)
        return [start, *(battle_event(player, text) for player, text in state.log)]

    def match_end(self, state: elp.State) -> Json:
        return {"type": "match_end", "winners": state.winners_of_match(), "team_wins": list(state.team_wins())}

    def check(self, state: elp.State, seat: int, text: str) -> None:
        action = elp.parse_action(text)
        if state.current_player == seat:
            state.clone().apply(action, seat)

    def hint(self, state: elp.State, seat: int, rng: random.Random) -> tuple[str, str, dict[str, Any] | None]:
        from presidente.bots.hint import hint, hint_why

        choice = hint(state.observation(seat), state.legal_actions(), game="elpresidente", rng=rng)
        return str(choice.action), choice.reason, hint_why(choice)

    def standings(self, state: elp.State) -> list[int]:
        """Each seat's place in the match, by the engine's rule (its side's games won; partners share a place)."""
        return state.standings()

    def supports_leave(self) -> bool:
        return False

    def leave(self, state: elp.State, seat: int) -> str:
        raise TableRefusal.of("no_leave_move")

    def join(self, state: elp.State, seat: int) -> str:
        raise TableRefusal.of("no_join_move")

    def replay(
        self, options: dict[str, Any], seats: int, seed: int, actions: list[tuple[int | None, str]]
    ) -> elp.State:
        state = self.new_state(options, seats, seed)
        for seat, text in actions:
            state.apply(elp.parse_action(text), seat)
        return state


def game_of(name: str) -> Game:
    if name == "president":
        return PresidentGame()
    if name == "el-presidente":
        return ElPresidenteGame()
    raise RulesError(f"Unknown game {shown(name)}: choose president or el-presidente.")


@dataclass(frozen=True)
class TableOptions:
    """Checked options of a new table: the engine's option values, complete, ready to store."""

    game: str
    preset: str
    options: dict[str, Any]
    turn_time: int


def check_options(game: Any, preset: Any, options: Any, seats: Any) -> TableOptions:
    """Validate the creation form: a `RulesError` with a clear message for anything wrong, whatever JSON
    values the four are (a wrong option type, a nested list, a megabyte of preset name ...)."""
    if not isinstance(options, dict):
        raise RulesError("options must be an object of option names and values.")
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 8:
        raise RulesError(f"A table has 2 to 8 seats, not {shown(seats)}.")
    if game == "president":
        rules = president_rules(preset, options, seats)
        return TableOptions(game, rules.name, rules.to_dict(), rules.turn_time)
    if game == "el-presidente":
        turn_time = turn_time_of(options)
        values = elpresidente_rules(options, seats).to_dict()
        values.pop("players")
        values["turn_time"] = turn_time
        return TableOptions(game, "standard", values, turn_time)
    raise RulesError(f"Unknown game {shown(game)}: choose president or el-presidente.")


def elpresidente_specs() -> list[OptionSpec]:
    """The options a table sets: the engine's, but the players (the table's seats), and the turn timer."""
    return [*(spec for spec in elp_option_specs() if spec.name != "players"), TURN_TIME]


def game_catalogue() -> list[dict[str, Any]]:
    """What the table-creation form offers: each game, its presets with their values, each option's meaning
    and declaration (kind, bounds, choices: `presidente.options.OptionSpec.to_json`)."""
    president_specs = president_option_specs()
    elp_specs = elpresidente_specs()
    return [
        {
            "game": "president",
            "title": "President",
            "presets": {name: preset.rules.to_dict() for name, preset in pres.PRESETS.items()},
            "descriptions": {name: preset.description for name, preset in pres.PRESETS.items()},
            "meanings": {spec.name: spec.meaning for spec in president_specs},
            "options": [spec.to_json() for spec in president_specs],
        },
        {
            "game": "el-presidente",
            "title": "El Presidente",
            "presets": {"standard": {spec.name: spec.default for spec in elp_specs}},
            "descriptions": {"standard": "One pack, battles and throw-ins; teams like 2v2 optional"},
            "meanings": {spec.name: spec.meaning for spec in elp_specs},
            "options": [spec.to_json() for spec in elp_specs],
        },
    ]
