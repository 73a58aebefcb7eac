"""The `learned` El Presidente bot: a small network trained by self-play, played with numpy alone.

How it decides, as President's `learned` (`learned.py`) does: every legal action (an attack, a throw-in, a
beat, conceding, taking the battle pile, passing) is written as a row of numbers beside the seat's situation
(`encode`), a two-layer network (the same shape and arrays as President's, `learned.Weights.scores`) gives each
row a score, and the bot plays the best-scored action, so its move is always legal. The inputs come from the
seat's observation alone: its hand and the battle pile by rank, the top card, the phase, its part in the battle,
the deck and discard sizes, and for each other seat (clockwise) its hand size, whether it is a team-mate, the
attacker or the defender; per action its kind, the rank it plays, the hand it leaves, whether it wins at once,
how near it brings the pile's rank to four, whether it leaves exactly a team-mate's or an opponent's hand size
missing, and whether the `heuristic` bot would choose it (the network learns when to follow that advice).

The weights (`elpresidente_learned*.npz` next to this module, named so that President's `learned_*.npz` glob
does not pick them up) were trained by `benchmarks/train_elpresidente.py` with torch. Each file names the tables
it was trained for, as (players, team layout), and the bot plays each table with the file trained for it;
elsewhere it plays the `heuristic` bot's move, logs one warning per table and says so in each move's reason.
"""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from presidente.bots.base import Choice
from presidente.bots.elpresidente import HeuristicBot, _hard_to_beat, _target_rank, _wins_now
from presidente.bots.learned import Vector, Weights, check_network_shapes, read_network_file
from presidente.cards import Card, rank_of
from presidente.elpresidente.actions import Action, Attack, Beat, Concede, Pass, PickUp, ThrowIn
from presidente.elpresidente.observation import Observation, Phase
from presidente.elpresidente.rules import MAX_PLAYERS, Rules

DEFAULT_WEIGHTS = Path(__file__).with_name("elpresidente_learned.npz")
# Every shipped file, the first (4 players, alone and 2v2) included; a table is played by the first that names it.
SHIPPED_WEIGHTS = tuple(sorted(Path(__file__).parent.glob("elpresidente_learned*.npz")))
WEIGHTS_FORMAT = 1
GAME = "elpresidente"
RANKS = 13
OTHER_SEATS = MAX_PLAYERS - 1
PHASES = (Phase.ATTACK, Phase.ATTACK_THROW_IN, Phase.DEFEND, Phase.BEAT_THROW_IN, Phase.PICK_UP)
KINDS = (Attack, ThrowIn, Beat, Concede, PickUp, Pass)
SEAT_FEATURES = 6
STATE_FEATURES = 3 * RANKS + len(PHASES) + 2 + 3 + 4 + 1 + SEAT_FEATURES * OTHER_SEATS
ACTION_FEATURES = len(KINDS) + RANKS + 1 + RANKS + 12
Table = tuple[int, str | None]  # (players, team layout or None)

log = logging.getLogger(__name__)


def _by_rank(cards: Sequence[Card]) -> list[float]:
    counts = [0.0] * RANKS
    for card in cards:
        counts[rank_of(card)] += 0.25
    return counts


def encode_state(observation: Observation, hand: list[float], pile: list[float]) -> list[float]:
    """The seat's situation, the same for each of its legal actions (`STATE_FEATURES` numbers)."""
    top = [0.0] * RANKS
    if observation.battle_pile:
        top[rank_of(observation.battle_pile[-1])] = 1.0
    phase = [float(observation.phase is name) for name in PHASES]
    me = observation.seat
    part = [float(observation.attacker == me), float(observation.defender == me)]
    target = _target_rank(observation.hand)
    held = [len(observation.hand) / 8, sum(map(bool, hand)) / 4, 0.0 if target is None else hand[target]]
    table = [
        observation.deck_size / 52,
        observation.discard_size / 52,
        float(observation.defender_may_pick_up),
        len(observation.battle_pile) / 8,
    ]
    mates = observation.team_mates
    players = len(observation.hand_sizes)
    others: list[float] = []
    for step in range(1, OTHER_SEATS + 1):
        if step < players:
            seat = (me + step) % players
            size = observation.hand_sizes[seat]
            others += [1.0, float(seat in mates), size / 8, float(seat == observation.attacker)]
            others += [float(seat == observation.defender), float(size == 0)]
        else:
            others += [0.0] * SEAT_FEATURES
    teams = float(observation.rules.teams is not None)
    return [*hand, *pile, *top, *phase, *part, *held, *table, teams, *others]


def _played(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Attack | ThrowIn):
        return action.cards
    return (action.card,) if isinstance(action, Beat) else ()


def encode_action(action: Action, observation: Observation, hand: list[float], advice: Action | None) -> list[float]:
    """One legal action (`ACTION_FEATURES` numbers): its kind, what it plays, the hand it leaves, what it risks."""
    kind = [float(isinstance(action, name)) for name in KINDS]
    played = _played(action)
    strength = [0.0] * RANKS
    after = hand
    size_after = len(observation.hand)
    near = breaks = targeted = hard = mate_missing = opponent_missing = 0.0
    if played:
        rank = rank_of(played[-1])
        strength[rank] = 1.0
        gone = _by_rank(played)
        after = [held - out for held, out in zip(hand, gone, strict=True)]
        size_after -= len(played)
        on_pile = sum(1 for card in observation.battle_pile if rank_of(card) == rank) + len(played)
        near = on_pile / 4
        breaks = float(after[rank] > 0)
        targeted = float(rank == _target_rank(observation.hand))
        if not isinstance(action, Beat):
            hard = _hard_to_beat(observation, played[-1]) / 12
        missing = 4 - on_pile
        sizes = observation.hand_sizes
        mates = observation.team_mates
        if missing:
            mate_missing = float(any(sizes[seat] == missing for seat in mates))
            opponent_missing = float(
                any(
                    sizes[seat] == missing
                    for seat in range(len(sizes))
                    if seat != observation.seat and seat not in mates
                )
            )
    elif isinstance(action, Concede | PickUp):
        taken = _by_rank(observation.battle_pile)
        after = [held + more for held, more in zip(hand, taken, strict=True)]
        size_after += len(observation.battle_pile)
    distinct = sum(map(bool, after))
    wins = float(_wins_now(observation, action))
    followed = float(action == advice)
    flags = [size_after / 8, distinct / 4, float(distinct <= 2), wins, near, breaks, targeted, hard]
    return [*kind, *strength, len(played) / 4, *after, *flags, mate_missing, opponent_missing, followed, 1.0]


def encode(observation: Observation, legal_actions: Sequence[Action], advice: Action | None) -> tuple[Vector, Vector]:
    """The state row and one row per legal action, as float32 arrays."""
    hand = _by_rank(observation.hand)
    state = encode_state(observation, hand, _by_rank(observation.battle_pile))
    actions = [encode_action(action, observation, hand, advice) for action in legal_actions]
    return np.asarray(state, dtype=np.float32), np.asarray(actions, dtype=np.float32)


def table_of(rules: Rules) -> Table:
    return rules.players, rules.teams


def describe(tables: Sequence[Table]) -> str:
    """Tables in words: "4 players, 4 players in teams 2v2"."""
    return ", ".join(f"{players} players" + (f" in teams {teams}" if teams else "") for players, teams in tables)


def load_weights(path: Path | str = DEFAULT_WEIGHTS) -> tuple[Weights, tuple[Table, ...]]:
    """A weights file written by `benchmarks/train_elpresidente.py` and the tables it was trained for; a file
    that is missing, is not one, or has arrays of the wrong shapes raises ValueError saying which."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as error:
        raise ValueError(f"No learned El Presidente weights at {str(path)!r}: {error.strerror or error}.") from error
    return _load(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=4)
def _load(path: str, mtime: int, size: int) -> tuple[Weights, tuple[Table, ...]]:
    """One read per file version: the arena builds a bot for every game."""
    meta, arrays = read_network_file(path, "a learned El Presidente weights file (.npz from train_elpresidente.py)")
    if not isinstance(meta, dict) or meta.get("format") != WEIGHTS_FORMAT or meta.get("game") != GAME:
        raise ValueError(f"{path!r}: not El Presidente weights of format {WEIGHTS_FORMAT} (meta {meta!r}).")
    check_network_shapes(path, arrays, STATE_FEATURES, ACTION_FEATURES)
    try:
        tables = tuple(Rules(players=int(players), teams=teams) for players, teams in meta.get("tables", ()))
    except (TypeError, ValueError) as error:
        raise ValueError(f"{path!r}: its tables {meta.get('tables')!r} are not El Presidente tables.") from error
    return Weights(arrays, (), (), meta), tuple(table_of(rules) for rules in tables)


class LearnedBot:
    """Plays the network's best-scored legal action on the tables it was trained for; elsewhere the heuristic's.

    Without `path` it reads every shipped weights file (`SHIPPED_WEIGHTS`); with one, that file alone.
    """

    name = "learned"

    def __init__(self, path: Path | str | None = None) -> None:
        files = [load_weights(file) for file in (SHIPPED_WEIGHTS if path is None else (path,))]
        self.by_table: dict[Table, Weights] = {}
        for weights, tables in files:
            for table in tables:
                self.by_table.setdefault(table, weights)
        self.tables = tuple(self.by_table)
        self.heuristic = HeuristicBot()
        self._warned: set[Table] = set()

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        advice = self.heuristic.choose(observation, legal_actions, rng)
        table = table_of(observation.rules)
        if table not in self.tables:
            if table not in self._warned:
                self._warned.add(table)
                log.warning(
                    "The learned El Presidente bot was trained on %s, not on %s: it plays the heuristic bot's moves.",
                    describe(self.tables),
                    describe([table]),
                )
            return Choice(advice.action, f"not trained on {describe([table])}: heuristic's move")
        if len(legal_actions) == 1:
            return Choice(legal_actions[0], "the only legal move")
        state, actions = encode(observation, legal_actions, advice.action)
        scores = self.by_table[table].scores(state, actions)
        best = int(np.argmax(scores))
        share = 1.0 / float(np.exp(scores - scores[best]).sum())
        return Choice(legal_actions[best], f"the network's choice ({share:.0%} of its weight)")
