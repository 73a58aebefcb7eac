"""The `learned` President bot: a small network trained by self-play, played with numpy alone.

How it decides: every legal action (play, pass, the cards to give in the transfer, the cards to take in the
draft) is written as a row of numbers beside the seat's situation (`encode`), a two-layer network gives each
row a score, and the bot plays the best-scored action. Only legal actions are scored, so its move is always
legal. The inputs come from the seat's observation alone: its hand and the cards it has not seen, by strength
(a revolution turns the order), the trick, the other seats' hand sizes, passes and roles, and per action the
hand it leaves, its shape, whether it breaks a set, empties the hand, finishes illegally, is a master, and
whether the `heuristic` bot would play it (the network learns when to follow that advice and when not).

The weights (`learned_*.npz` next to this module: one file per table, `learned_bga.npz` for `bga` at 4
players, `learned_victorz.npz` and so on; a preset's file for another player count adds it,
`learned_bga-5p.npz`) were trained by `benchmarks/train_president.py` with torch; playing
needs numpy only. The bot plays, on each table, the file trained for it. `learned:PATH` plays other weights
written by that script.

Rules it was not trained on: each weights file names the presets and player counts it was trained for. On a
table no file was trained for the bot plays the `heuristic` bot's move instead, logs a warning once, and says
so in each move's reason — a network trained on one rule set has never seen the others' situations, and a
plausible but untrained move would be worse than the heuristic's.

Three feature layouts: the first weights (`bga`) read the base rows (`BASE_STATE_FEATURES`,
`BASE_ACTION_FEATURES`: up to three other seats); later files read the full rows, which add a fourth other seat
(UECda's 5 players) and sequences (`STATE_EXTRAS`, `ACTION_EXTRAS`, appended at the end); the `uecda` file reads
the suited rows, the full rows and the suit tables' extras after them (`SUITED_STATE_EXTRAS`,
`SUITED_ACTION_EXTRAS`: the cards given in the exchange, the lock, the hand's runs; per action an 8 cut, a run
broken, a revolution, a lock). The encoder writes the full rows, or the suited rows for a file whose first layer
is that wide (`Weights.suited`), and a file's network reads as many leading columns as its first layer has.
"""

from __future__ import annotations

import functools
import json
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from presidente.bots.base import Choice
from presidente.bots.president_heuristic import (
    HandView,
    HeuristicBot,
    hand_view,
    is_master,
    penalized_finish,
    play_strength,
    rules_for,
)
from presidente.cards import JOKER
from presidente.president.actions import EIGHT, PRESIDENT_RANK, Action, Give, Pass, Play, Take
from presidente.president.observation import Observation
from presidente.president.rules import Rules, find_preset

Vector = npt.NDArray[np.float32]

DEFAULT_WEIGHTS = Path(__file__).with_name("learned_bga.npz")
# Every weights file shipped with the package, one per table it was trained for.
SHIPPED_WEIGHTS = tuple(sorted(Path(__file__).parent.glob("learned_*.npz")))
WEIGHTS_FORMAT = 1
# A slot per strength: 0 the weakest rank ... 12 the strongest (a revolution turns the order), 13 the joker.
SLOTS = 14
JOKER_SLOT = 13
OTHER_SEATS = 3  # the base rows' other seats (tables of up to 4 players); the full rows add a fourth
ROLES = ("president", "vice", "neutral", "high_scum", "scum")
PHASES = ("play", "exchange", "draft-place", "draft-pick")
BASE_STATE_FEATURES = 3 * SLOTS + 4 + 3 + len(PHASES) + 1 + 4 * OTHER_SEATS + len(ROLES) + 1
BASE_ACTION_FEATURES = 4 + SLOTS + 3 + 2 * SLOTS + 7
STATE_EXTRAS = 4 + 1  # the fourth other seat (as the others), the trick's top play is a sequence
ACTION_EXTRAS = 2  # a sequence, its length beyond 4
STATE_FEATURES = BASE_STATE_FEATURES + STATE_EXTRAS
ACTION_FEATURES = BASE_ACTION_FEATURES + ACTION_EXTRAS
# The "suited" rows (suit tables: `uecda`) add, after the full rows: the cards the seat gave in the exchange by
# strength (known to be in one other hand), whether the suits are locked, its longest run of one suit and the
# cards in runs of three or more; per action, whether it cuts with an 8, breaks a run, makes a revolution, locks.
SUITED_STATE_EXTRAS = SLOTS + 3
SUITED_ACTION_EXTRAS = 4
SUITED_STATE_FEATURES = STATE_FEATURES + SUITED_STATE_EXTRAS
SUITED_ACTION_FEATURES = ACTION_FEATURES + SUITED_ACTION_EXTRAS
# The widths of each layout's rows: (state, action) features.
LAYOUT_WIDTHS = {
    "base": (BASE_STATE_FEATURES, BASE_ACTION_FEATURES),
    "full": (STATE_FEATURES, ACTION_FEATURES),
    "suited": (SUITED_STATE_FEATURES, SUITED_ACTION_FEATURES),
}
# The arrays of a weights file, with their shapes in terms of the hidden sizes.
POLICY_ARRAYS = ("state_in", "action_in", "bias_in", "hidden", "bias_hidden", "out", "bias_out")

log = logging.getLogger(__name__)


def _card_slots(reversed_order: bool) -> tuple[int, ...]:
    """The slot of each card kind, the joker's last."""
    return tuple(
        JOKER_SLOT if card == JOKER else (12 - PRESIDENT_RANK[card] if reversed_order else PRESIDENT_RANK[card])
        for card in range(JOKER + 1)
    )


# Looked up, not recomputed: a decision's actions all read the same table.
CARD_SLOTS = {False: _card_slots(False), True: _card_slots(True)}


def _slots(cards: Any, slot_of: tuple[int, ...]) -> list[float]:
    """Counts of `cards` ((card, count) pairs) per strength slot, a quarter per card."""
    counts = [0.0] * SLOTS
    for card, count in cards:
        counts[slot_of[card]] += 0.25 * count
    return counts


def _by_strength(ranks: Sequence[int], jokers: int, view: HandView) -> list[float]:
    counts = [0.0] * SLOTS
    for rank, count in enumerate(ranks):
        counts[view.strength(rank)] = 0.25 * count
    counts[JOKER_SLOT] = 0.25 * jokers
    return counts


def encode_state(observation: Observation, view: HandView, hand: list[float]) -> list[float]:
    """The seat's situation, the same for each of its legal actions (`STATE_FEATURES` numbers)."""
    unseen = _by_strength(view.unseen, view.unseen_jokers, view)
    top = [0.0] * SLOTS
    size = [0.0] * 4
    if observation.trick:
        top_play = observation.trick[-1][1]
        top[min(JOKER_SLOT, play_strength(top_play, view))] = 1.0
        size[min(4, top_play.size) - 1] = 1.0
    flags = [float(observation.obligation is not None), float(not observation.trick), float(observation.reversed)]
    phase = [float(observation.phase == name) for name in PHASES]
    seats = observation.seats
    me = observation.seat if observation.seat is not None else 0
    others: list[list[float]] = []
    for step in range(1, OTHER_SEATS + 2):
        if step < len(seats):
            other = seats[(me + step) % len(seats)]
            others.append(
                [
                    other.hand_size / 13,
                    float(other.passed),
                    float(other.finished or not other.in_round),
                    float(observation.last_player == other.seat),
                ]
            )
        else:
            others.append([0.0, 0.0, 1.0, 0.0])
    role = [float(seats[me].role == name) for name in ROLES] if me < len(seats) else [0.0] * len(ROLES)
    finished = len(observation.finished) / max(1, len(seats))
    base = [*hand, *unseen, *top, *size, *flags, *phase, view.size / 13]
    base += [number for other in others[:OTHER_SEATS] for number in other]
    sequence = float(bool(observation.trick) and observation.trick[-1][1].sequence)
    return [*base, *role, finished, *others[OTHER_SEATS], sequence]


@dataclass(frozen=True)
class _Decision:
    """What every action of one decision is encoded against."""

    view: HandView
    rules: Rules
    hand: list[float]
    slot_of: tuple[int, ...]
    top_strength: int | None  # the trick's top play, if any
    advice: Action | None


def encode_action(action: Action, decision: _Decision) -> list[float]:
    """One legal action (`ACTION_FEATURES` numbers): its kind, shape, the hand it leaves and what it risks."""
    view, hand = decision.view, decision.hand
    kind = [float(isinstance(action, Pass)), float(isinstance(action, Play)), 0.0, 0.0]
    strength = [0.0] * SLOTS
    shape = [0.0, 0.0, 0.0]
    moved = [0.0] * SLOTS
    empties = penalized = master = breaks = equal = sequence = longer = 0.0
    after = hand
    if isinstance(action, Play):
        played = play_strength(action, view)
        strength[min(JOKER_SLOT, played)] = 1.0
        shape = [action.size / 4, float(action.jokers), action.naturals / 4]
        moved = _slots(action.cards, decision.slot_of)
        after = [held - gone for held, gone in zip(hand, moved, strict=True)]
        empties = float(action.size == view.size)
        penalized = float(penalized_finish(action, decision.rules, view.reversed))
        master = float(is_master(action, view, decision.rules))
        if action.rank is not None and action.naturals:
            breaks = float(view.ranks[action.rank] > action.naturals)
        if decision.top_strength is not None:
            equal = float(decision.top_strength == played)
        sequence = float(action.sequence)
        longer = max(0, action.size - 4) / 4
    elif isinstance(action, Give | Take):
        kind[2 if isinstance(action, Give) else 3] = 1.0
        moved = _slots(action.cards, decision.slot_of)
        sign = -1.0 if isinstance(action, Give) else 1.0
        after = [held + sign * card for held, card in zip(hand, moved, strict=True)]
        shape = [sum(moved), 0.0, 0.0]
        if isinstance(action, Give):
            breaks = float(any(0 < gone < held for gone, held in zip(moved, hand, strict=True)))
    sets_left = sum(map(bool, after)) / 13
    followed = float(action == decision.advice)
    base = [*kind, *strength, *shape, *after, *moved, empties, penalized, master, breaks, equal, sets_left, followed]
    return [*base, sequence, longer]


def encode(
    observation: Observation,
    legal_actions: Sequence[Action],
    rules: Rules,
    advice: Action | None,
    suited: bool = False,
) -> tuple[Vector, Vector]:
    """The state row and one row per legal action, as float32 arrays: the full rows, or with `suited` the suited
    rows (the full rows and the suit tables' extras after them)."""
    view = hand_view(observation, rules)
    hand = _by_strength(view.ranks, view.jokers, view)
    top = play_strength(observation.trick[-1][1], view) if observation.trick else None
    decision = _Decision(view, rules, hand, CARD_SLOTS[view.reversed], top, advice)
    state_row = encode_state(observation, view, hand)
    action_rows = [encode_action(action, decision) for action in legal_actions]
    if suited:
        suits = _SuitFacts.of(observation, rules)
        state_row += suits.state_extras(observation, decision.slot_of)
        for row, action in zip(action_rows, legal_actions, strict=True):
            row += suits.action_extras(action, rules)
    return np.asarray(state_row, dtype=np.float32), np.asarray(action_rows, dtype=np.float32)


def _play_suits(play: Play) -> frozenset[int]:
    """The suits a play shows (a joker naming a card shows that card's suit)."""
    return frozenset(card % 4 for card, _ in play.cards if card != JOKER) | {card % 4 for card in play.stands_for}


@dataclass(frozen=True)
class _SuitFacts:
    """What the suited rows read of the hand's runs and the trick's suits."""

    in_runs: frozenset[int]  # held cards in runs of one suit, three or more long (or `sequence_min`)
    longest: int  # the longest run of one suit
    top_suits: frozenset[int] | None  # the trick's top play's suits
    locked: bool

    @staticmethod
    def of(observation: Observation, rules: Rules) -> _SuitFacts:
        by_suit: dict[int, dict[int, int]] = {}
        for card, _ in observation.hand:
            if card != JOKER:
                by_suit.setdefault(card % 4, {})[PRESIDENT_RANK[card]] = card
        in_runs: set[int] = set()
        longest = 0
        for cards in by_suit.values():
            run: list[int] = []
            for rank in [*sorted(cards), 99]:
                if run and rank == run[-1] + 1:
                    run.append(rank)
                    continue
                longest = max(longest, len(run))
                if len(run) >= max(3, rules.sequence_min):
                    in_runs.update(cards[held] for held in run)
                run = [rank]
        trick = observation.trick
        top = _play_suits(trick[-1][1]) if trick and trick[-1][1].naturals else None
        before = _play_suits(trick[-2][1]) if len(trick) >= 2 and trick[-2][1].naturals else None
        locked = rules.suit_lock and top is not None and top == before
        return _SuitFacts(frozenset(in_runs), longest, top, locked)

    def state_extras(self, observation: Observation, slot_of: tuple[int, ...]) -> list[float]:
        gave = _slots(observation.gave or (), slot_of)
        return [*gave, float(self.locked), self.longest / 13, len(self.in_runs) / 13]

    def action_extras(self, action: Action, rules: Rules) -> list[float]:
        if not isinstance(action, Play):
            return [0.0] * SUITED_ACTION_EXTRAS
        ranks = action.ranks()
        cut = float(rules.eight_cut and EIGHT in ranks)
        breaks = float(not action.sequence and any(card in self.in_runs for card, _ in action.cards))
        if action.sequence:
            revolution = 0 < rules.sequence_revolution <= action.size
        else:
            revolution = rules.revolution != "off" and action.size >= rules.revolution_cards
        locks = float(rules.suit_lock and not self.locked and self.top_suits == _play_suits(action))
        return [cut, breaks, float(revolution), locks]


@dataclass(frozen=True)
class Weights:
    """A trained policy: the network's arrays and what it was trained on."""

    arrays: dict[str, Vector]
    presets: tuple[str, ...]
    players: tuple[int, ...]
    meta: dict[str, Any]

    def scores(self, state: Vector, actions: Vector) -> Vector:
        """The network's score (a logit) of each action row (full rows; a base-layout file reads their start)."""
        a = self.arrays
        state, actions = state[: len(a["state_in"])], actions[:, : len(a["action_in"])]
        hidden = np.maximum(state @ a["state_in"] + actions @ a["action_in"] + a["bias_in"], 0.0)
        hidden = np.maximum(hidden @ a["hidden"] + a["bias_hidden"], 0.0)
        result: Vector = hidden @ a["out"] + a["bias_out"]
        return result

    @property
    def suited(self) -> bool:
        """Does the network read the suited rows (a file trained with the suit tables' features)?"""
        return bool(len(self.arrays["state_in"]) == SUITED_STATE_FEATURES)

    def trained_for(self, rules: Rules, players: int) -> bool:
        """Was it trained on exactly these rules (the match length aside) at this many players?"""
        return players in self.players and _same_rules_as_a_preset(rules, self.presets)

    def tables(self) -> str:
        """What it was trained on, in words: "bga at 4 players"."""
        return f"{', '.join(self.presets) or 'no preset'} at {'/'.join(map(str, self.players))} players"


@functools.lru_cache(maxsize=64)
def _same_rules_as_a_preset(rules: Rules, presets: tuple[str, ...]) -> bool:
    def play(table: Rules) -> Rules:
        return table.replace(rounds=1, target_score=0)

    return any(play(rules) == play(find_preset(name)) for name in presets)


def load_weights(path: Path | str = DEFAULT_WEIGHTS) -> Weights:
    """Read a weights file written by the training script; a file that is not one raises ValueError."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as error:
        raise ValueError(f"No learned weights at {str(path)!r}: {error.strerror or error}.") from error
    return _load(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


def read_network_file(path: str, kind: str) -> tuple[Any, dict[str, Vector]]:
    """The metadata and the network's arrays of a weights file; ValueError naming `kind` if it is not one."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {name: np.asarray(data[name], dtype=np.float32) for name in POLICY_ARRAYS}
    except (OSError, ValueError, KeyError, json.JSONDecodeError) as error:
        raise ValueError(f"{path!r} is not {kind}: {error}") from error
    return meta, arrays


def check_network_shapes(path: str, arrays: dict[str, Vector], state_features: int, action_features: int) -> None:
    """ValueError unless the arrays are a two-layer network reading these many state and action features."""
    hidden, second = arrays["bias_in"].shape[0], arrays["bias_hidden"].shape[0]
    expected = {
        "state_in": (state_features, hidden),
        "action_in": (action_features, hidden),
        "bias_in": (hidden,),
        "hidden": (hidden, second),
        "bias_hidden": (second,),
        "out": (second,),
        "bias_out": (1,),
    }
    for name, shape in expected.items():
        if arrays[name].shape != shape:
            raise ValueError(f"{path!r}: array {name} has shape {arrays[name].shape}, expected {shape}.")


@functools.lru_cache(maxsize=8)
def _load(path: str, mtime: int, size: int) -> Weights:
    """One read per file version: the arena builds a bot for every game."""
    meta, arrays = read_network_file(path, "a learned-bot weights file (.npz from train_president.py)")
    if not isinstance(meta, dict) or meta.get("format") != WEIGHTS_FORMAT:
        raise ValueError(
            f"{path!r}: weights format {meta.get('format') if isinstance(meta, dict) else meta!r}, "
            f"this version reads format {WEIGHTS_FORMAT}."
        )
    # The layout, by the first layer's width: base (the first files), full, or suited (suit tables' extras).
    widths = {state: (state, action) for state, action in LAYOUT_WIDTHS.values()}
    check_network_shapes(path, arrays, *widths.get(arrays["state_in"].shape[0], LAYOUT_WIDTHS["full"]))
    presets = tuple(str(name) for name in meta.get("presets", ()))
    for name in presets:
        find_preset(name)  # an unknown preset name is a broken file
    players = tuple(int(count) for count in meta.get("players", ()))
    return Weights(arrays, presets, players, meta)


def weights_for(files: Sequence[Weights], rules: Rules, players: int) -> Weights | None:
    """The first of `files` trained for this table, if any."""
    return next((weights for weights in files if weights.trained_for(rules, players)), None)


class LearnedBot:
    """Plays the best-scored legal action of the network trained for the table; elsewhere, the heuristic's move.

    Without `path` it reads every weights file shipped in the package (`SHIPPED_WEIGHTS`); with one, that file.
    """

    name = "learned"

    def __init__(self, rules: Rules | None = None, path: Path | str | None = None) -> None:
        self.rules = rules
        self.files = tuple(load_weights(file) for file in (SHIPPED_WEIGHTS if path is None else (path,)))
        self.heuristic = HeuristicBot(rules)
        self._warned: set[tuple[Rules, int]] = set()

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        rules = rules_for(observation, self.rules)
        advice = self.heuristic.choose(observation, legal_actions, rng)
        players = len(observation.seats)
        weights = weights_for(self.files, rules, players)
        if weights is None:
            table = rules.name
            if any(rules.name in file.presets and players in file.players for file in self.files):
                table += " with changed options"
            if (rules, players) not in self._warned:
                self._warned.add((rules, players))
                log.warning(
                    "The learned bot was trained on %s, not on %s at %d players: it plays the heuristic bot's"
                    " moves here.",
                    "; ".join(file.tables() for file in self.files),
                    table,
                    players,
                )
            return Choice(advice.action, f"not trained on {table} at {players} players: heuristic's move")
        if len(legal_actions) == 1:
            return Choice(legal_actions[0], "the only legal move")
        state, actions = encode(observation, legal_actions, rules, advice.action, weights.suited)
        scores = weights.scores(state, actions)
        best = int(np.argmax(scores))
        odds = np.exp(scores - scores[best])
        share = 1.0 / float(odds.sum())
        return Choice(legal_actions[best], f"the network's choice ({share:.0%} of its weight)")
