"""Positions: an El Presidente table written down whole, to set up, save and rebuild exactly.

A `Position` holds every card where it lies (hands, the deck in order with its top card last, the discard
pile, the battle pile), whose battle it is and what step of it, the throw-in round, the pick-up queue, the
battle's log, the games played so far and the numbers that name the chances still to come (seed, game,
reshuffles). `State.to_position()` writes one down; `State.from_position(position)` rebuilds a state that
plays on exactly like the original. A position has a JSON form that round-trips; `Position.check()` refuses
a position no table could hold with a `PositionError` that says why.

>>> from presidente.elpresidente import Rules, State
>>> state = State(Rules(players=3), seed=4)
>>> position = state.to_position()
>>> Position.from_json(position.to_json()) == position and State.from_position(position) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from presidente.cards import Card, card_text, parse_card
from presidente.elpresidente.observation import Phase
from presidente.elpresidente.rules import Rules
from presidente.errors import PositionError as PositionError  # re-exported: it was defined here
from presidente.errors import PresidenteError

FORMAT = "presidente-position/1"
GAME = "el-presidente"
PACK = 52
# Why a game ended (State.end_reasons).
END_REASONS = ("won", "battle limit", "blocked")


@dataclass(frozen=True)
class Position:
    """An El Presidente table as it stands (the fields of `State`, as values).

    `hands` keep their order, `deck` has its top card last, `pile` (the battle pile) its top card last.
    `passes` counts passes in a row in the current throw-in round; `round_excluded` is the defender, who may
    not throw in on the attack; `pickup_queue` the seats still to be asked to take the battle pile, highest
    priority first; `log` the battle's actions as (seat, text).
    """

    rules: Rules
    seed: int
    game_number: int
    game_winners: tuple[int | None, ...]
    end_reasons: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    pile: tuple[Card, ...]
    dealer: int
    attacker: int
    defender: int
    phase: Phase
    current_player: int | None
    battle_number: int
    reshuffles: int
    passes: int
    round_excluded: int | None
    others_added_after_beat: bool
    pickup_queue: tuple[int, ...]
    log: tuple[tuple[int, str], ...]

    def check(self) -> None:
        """Raise a `PositionError` saying what is wrong, if no table could hold this position."""
        if not isinstance(self.rules, Rules):
            raise PositionError("A position needs its rules (a Rules value).")
        if not isinstance(self.phase, Phase):
            raise PositionError(f"Unknown phase {self.phase!r}: one of {', '.join(Phase)}.")
        self._check_cards()
        self._check_games()
        self._check_battle()

    def _seat(self, value: object, what: str, allow_none: bool = False) -> None:
        players = self.rules.players
        if value is None and allow_none:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise PositionError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}.")

    def _check_cards(self) -> None:
        check_cards(self.rules, self.hands, self.deck, self.discard, self.pile)

    def _check_games(self) -> None:
        rules = self.rules
        numbers = (self.game_number, self.battle_number, self.reshuffles, self.passes)
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in numbers):
            raise PositionError("game_number, battle_number, reshuffles and passes are whole numbers from 0.")
        over = self.phase is Phase.OVER
        played = len(self.game_winners)
        if played != self.game_number + (1 if over else 0) or len(self.end_reasons) != played:
            raise PositionError(
                f"Game {self.game_number} needs the results of the {self.game_number} games before it"
                f"{' and its own' if over else ''}: {played} winners, {len(self.end_reasons)} reasons."
            )
        if played > rules.games or (over and played != rules.games) or (not over and played >= rules.games):
            raise PositionError(
                f"A match of {rules.games} games with {played} played must {'' if over else 'not '}be over."
            )
        for winner, reason in zip(self.game_winners, self.end_reasons, strict=True):
            self._seat(winner, "A game's winner", allow_none=True)
            if reason not in END_REASONS or (reason == "won") != (winner is not None):
                raise PositionError(f"A game ends {', '.join(END_REASONS)} (won when it has a winner), not {reason!r}.")
        if self.battle_number > rules.battle_limit:
            raise PositionError(f"battle_number {self.battle_number} is past the battle limit {rules.battle_limit}.")

    def _check_battle(self) -> None:
        for name in ("dealer", "attacker", "defender"):
            self._seat(getattr(self, name), name)
        self._seat(self.round_excluded, "round_excluded", allow_none=True)
        for seat in self.pickup_queue:
            self._seat(seat, "Each seat of pickup_queue")
        for entry in self.log:
            if not isinstance(entry, tuple) or len(entry) != 2 or not isinstance(entry[1], str):
                raise PositionError(f"Each log entry is (seat, action text), not {entry!r}.")
            self._seat(entry[0], "A log entry's seat")
        if self.attacker == self.defender:
            raise PositionError("The attacker and the defender are two different seats.")
        mover, phase = self.current_player, self.phase
        if phase is Phase.OVER:
            if mover is not None:
                raise PositionError(f"No one moves once the match is over, not seat {mover}.")
            return
        self._seat(mover, f"In the {phase} phase the seat to move")
        assert mover is not None
        if self.battle_number < 1:
            raise PositionError("A battle in progress has a number from 1.")
        if (phase is Phase.ATTACK) != (not self.pile):
            raise PositionError("The battle pile is empty exactly before the attack.")
        if (phase is Phase.PICK_UP) != bool(self.pickup_queue):
            raise PositionError("Seats wait in pickup_queue exactly while the battle pile is offered.")
        expected = {
            Phase.ATTACK: self.attacker,
            Phase.DEFEND: self.defender,
            Phase.PICK_UP: self.pickup_queue[0] if self.pickup_queue else None,
        }
        if phase in expected and mover != expected[phase]:
            raise PositionError(f"In the {phase} phase seat {expected[phase]} is to move, not seat {mover}.")
        if phase is Phase.ATTACK and not self.hands[self.defender]:
            raise PositionError(f"The defender, seat {self.defender}, holds no card.")
        throwing = phase in (Phase.ATTACK_THROW_IN, Phase.BEAT_THROW_IN)
        if phase is not Phase.PICK_UP and not self.hands[mover]:
            raise PositionError(f"Seat {mover} is to {'throw in' if throwing else phase} but holds no card.")
        wanted_excluded = self.defender if phase is Phase.ATTACK_THROW_IN else None
        if throwing and self.round_excluded != wanted_excluded:
            raise PositionError(f"In the {phase} phase round_excluded is {wanted_excluded}, not {self.round_excluded}.")
        if throwing and mover == self.round_excluded:
            raise PositionError(f"Seat {mover} may not throw in on its own defence.")

    # ----------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": GAME,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "game_number": self.game_number,
            "game_winners": list(self.game_winners),
            "end_reasons": list(self.end_reasons),
            "hands": [_texts(hand) for hand in self.hands],
            "deck": _texts(self.deck),
            "discard": _texts(self.discard),
            "pile": _texts(self.pile),
            "dealer": self.dealer,
            "attacker": self.attacker,
            "defender": self.defender,
            "phase": str(self.phase),
            "current_player": self.current_player,
            "battle_number": self.battle_number,
            "reshuffles": self.reshuffles,
            "passes": self.passes,
            "round_excluded": self.round_excluded,
            "others_added_after_beat": self.others_added_after_beat,
            "pickup_queue": list(self.pickup_queue),
            "log": [[seat, text] for seat, text in self.log],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        """A position as `to_dict` writes it; raises `PositionError` for anything else."""
        if not isinstance(data, dict):
            raise PositionError("A position is a JSON object.")
        if data.get("format") != FORMAT or data.get("game") != GAME:
            raise PositionError(
                f"Not an El Presidente position (format {data.get('format')!r}, game {data.get('game')!r})."
            )
        unknown = set(data) - {"format", "game"} - set(cls.__dataclass_fields__)
        missing = set(cls.__dataclass_fields__) - set(data)
        if unknown or missing:
            raise PositionError(
                f"A position has exactly the fields of Position: {', '.join(sorted(missing | unknown))}."
            )
        try:
            if not isinstance(data["rules"], dict):
                raise PositionError("rules must be an object of options.")
            if data["phase"] not in {str(phase) for phase in Phase}:
                raise PositionError(f"phase must be one of {', '.join(Phase)}, not {data['phase']!r}.")
            return cls(
                rules=Rules.from_dict(data["rules"]),
                seed=_whole("seed", data["seed"]),
                game_number=_whole("game_number", data["game_number"]),
                game_winners=tuple(_optional_whole("game_winners", w) for w in _list("game_winners", data)),
                end_reasons=tuple(_text("end_reasons", r) for r in _list("end_reasons", data)),
                hands=tuple(_cards("hands", hand) for hand in _list("hands", data)),
                deck=_cards("deck", data["deck"]),
                discard=_cards("discard", data["discard"]),
                pile=_cards("pile", data["pile"]),
                dealer=_whole("dealer", data["dealer"]),
                attacker=_whole("attacker", data["attacker"]),
                defender=_whole("defender", data["defender"]),
                phase=Phase(data["phase"]),
                current_player=_optional_whole("current_player", data["current_player"]),
                battle_number=_whole("battle_number", data["battle_number"]),
                reshuffles=_whole("reshuffles", data["reshuffles"]),
                passes=_whole("passes", data["passes"]),
                round_excluded=_optional_whole("round_excluded", data["round_excluded"]),
                others_added_after_beat=_flag("others_added_after_beat", data["others_added_after_beat"]),
                pickup_queue=tuple(_whole("pickup_queue", seat) for seat in _list("pickup_queue", data)),
                log=tuple(_log_entry(entry) for entry in _list("log", data)),
            )
        except PositionError:
            raise
        except PresidenteError as error:
            raise PositionError(f"Broken position: {error}") from error

    @classmethod
    def from_json(cls, text: str) -> Position:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise PositionError(f"A position is JSON: {error}") from error
        return cls.from_dict(data)


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [card_text(card) for card in cards]


def _list(name: str, data: dict[str, Any]) -> list[Any]:
    value = data[name]
    if not isinstance(value, list):
        raise PositionError(f"{name} must be a list, not {value!r}.")
    return value


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{name} must hold whole numbers, not {value!r}.")
    return value


def _optional_whole(name: str, value: Any) -> int | None:
    return None if value is None else _whole(name, value)


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{name} must be true or false, not {value!r}.")
    return value


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise PositionError(f"{name} must hold texts, not {value!r}.")
    return value


def _cards(name: str, value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise PositionError(f'{name} must be a list of cards like "7H", not {value!r}.')
    cards = tuple(parse_card(_text(name, text)) for text in value)
    if any(card >= PACK for card in cards):
        raise PositionError(f"{name}: El Presidente is played without jokers.")
    return cards


def _log_entry(entry: Any) -> tuple[int, str]:
    if not isinstance(entry, list) or len(entry) != 2:
        raise PositionError(f"Each log entry is [seat, action text], not {entry!r}.")
    return _whole("log", entry[0]), _text("log", entry[1])


def check_cards(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    deck: Sequence[Card],
    discard: Sequence[Card],
    pile: Sequence[Card] = (),
    whole_pack: bool = True,
) -> None:
    """Raise a `PositionError` unless there is one hand per seat, every card of the pack lies in one place at most
    (in exactly one with `whole_pack`; a puzzle set up by `State.at_battle_start` may leave cards out of play), and
    the deck is empty only with the discard pile: the one check of where the cards lie."""
    if len(hands) != rules.players:
        raise PositionError(f"A position needs one hand per seat: {len(hands)} for {rules.players}.")
    places = [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)]
    places += [("the deck", deck), ("the discard pile", discard), ("the battle pile", pile)]
    seen: dict[int, str] = {}
    for where, cards in places:
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < PACK:
                raise PositionError(f"{card!r} in {where} is not a card of the 52-card pack.")
            if card in seen:
                raise PositionError(f"{card_text(card)} is both in {seen[card]} and in {where}.")
            seen[card] = where
    missing = [card_text(card) for card in range(PACK) if card not in seen]
    if missing and whole_pack:
        raise PositionError(f"Every card is somewhere: {' '.join(missing)} missing.")
    if not deck and discard:
        raise PositionError(
            "The deck is empty but the discard pile is not: seed 000 shuffles the discard pile into a new"
            " deck as soon as the deck becomes empty."
        )
