"""Game review: each move of one seat in a finished President match, beside what the strongest bot would play.

`review(record, seat, seconds=SECONDS) -> Iterator[MoveReview]` replays the record and, at each decision of
`seat`, asks the `ismcts` bot's search (`IsmctsBot.evaluate`) what every legal move is worth, from the seat's
observation only — its own hand and what the table saw, never the hidden hands. The search plays every move
out on the same sampled deals, so the difference between two moves is not luck of the deal:

- `mean_place` — the seat's expected finishing place in the round (1 is first), `first` — its chance to win
  the round;
- `cost` — how many places the move played is expected to lose against the bot's move (`played.mean_place -
  best.mean_place`), and `mistake` when it is at least `MISTAKE_PLACES`, half a place.

The deals are drawn from what the seat knows (its hand, the cards seen, hand sizes, the transfer) without the
bot's weighing by the other seats' earlier moves (`infer=False`): the weighing draws its deals by a Markov
chain whose deals are strongly correlated, and at a quarter second per move two reviews of one match then
disagree on a move's cost by 0.43 place (standard deviation), against 0.12 with independent deals; with the
half-place threshold, 18 of the 20 and 23 mistakes two such reviews found were the same
(`benchmarks/review_speed.py` times a review).

On rules whose suits matter (sequences, locks, the spade-3 return, UECda's turn rules) the rank-count search
cannot play, and `evaluate` hands the decision to the card search (`bots.card_search`), which plays the engine
itself: its moves are compared with their suits (`agrees` only for the very same cards), and the move played is
always among those it searches.

Decisions the search does not cover are passed through with `searched=False`: a single possible move (one
shape, whatever the suits), the card transfer and the draft, and tables too large to sample. The items come
one per decision of the seat, with `index` and `total` for a progress bar; the review is validated before the
first item (a `RecordError` for a record that does not replay or a seat it does not have).

`review_lines(record, seat)` gives the same as JSON lines (NDJSON), for the server's `GET /api/review`, each move
as typed data (`MoveReview.to_dict`) that the page words in its language.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass

from presidente.bots.base import MoveValue
from presidente.bots.ismcts import IsmctsBot, move_key
from presidente.bots.playout import plays_on_rank_counts
from presidente.errors import RecordError
from presidente.president.actions import Action, parse_action
from presidente.president.record import Record
from presidente.president.state import Phase, State, new_game
from presidente.typed_events import president_move

# Seconds the search thinks per reviewed move: a 4-player `bga` match (about 120 searched moves per seat)
# reviews in well under a minute (`benchmarks/review_speed.py`).
SECONDS = 0.25
# A move expected to lose at least this much of a finishing place against the bot's move is a mistake: about
# four times the noise of a cost at the default budget (see the module docstring).
MISTAKE_PLACES = 0.5


@dataclass(frozen=True)
class Estimate:
    """A move and what the search expects of it."""

    move: str
    mean_place: float
    first: float
    simulations: int

    @classmethod
    def of(cls, value: MoveValue[Action]) -> Estimate:
        return cls(str(value.action), value.mean_place, value.first, value.simulations)


@dataclass(frozen=True)
class MoveReview:
    """One decision of the reviewed seat: the `number`-th action of the record, in round `round_number`."""

    index: int  # 1 to `total`: this seat's decisions, for progress
    total: int
    number: int
    round_number: int
    played: str
    searched: bool
    best: Estimate | None = None  # what the bot would play (None when not searched)
    estimate: Estimate | None = None  # the move played
    agrees: bool = False  # the bot plays the same (suits aside)
    cost: float = 0.0
    mistake: bool = False

    def to_dict(self) -> dict[str, object]:
        """The JSON line the server streams: the moves (`played`, and `move` of `best` and `estimate`) as typed data
        (`typed_events.president_move`: `{"type": "play", "play": "JK 9S"}`, `{"type": "pass"}`, `{"type":
        "give", "cards": [["3H", 1]]}` ...) for the page to word in its language; no text to show."""
        out = asdict(self)
        out["played"] = president_move(parse_action(self.played))
        for key in ("best", "estimate"):
            if out[key] is not None:
                out[key]["move"] = president_move(parse_action(out[key]["move"]))
        return out


def review(record: Record, seat: int, seconds: float | None = None, seed: int = 0) -> Iterator[MoveReview]:
    """The seat's decisions in `record`, each with the search's verdict (see the module docstring); the search
    thinks `seconds` per move (`SECONDS` when None)."""
    seconds = SECONDS if seconds is None else seconds
    if not 0 <= seat < record.players:
        raise RecordError(f"This match has seats 0 to {record.players - 1}, not {seat}.")
    if seconds <= 0:
        raise RecordError(f"A review needs some time per move, not {seconds} seconds.")
    record.final_state()  # a record that does not replay is refused before the first item
    total = sum(1 for actor, _ in record.actions if actor == seat)
    return _reviews(record, seat, seconds, seed, total)


def _reviews(record: Record, seat: int, seconds: float, seed: int, total: int) -> Iterator[MoveReview]:
    bot = IsmctsBot(time=seconds, rules=record.rules, infer=False)
    state = new_game(record.rules, record.players, record.seed)
    index = 0
    for number, (actor, text) in enumerate(record.actions, start=1):
        action = parse_action(text)
        if actor == seat:
            index += 1
            yield _judge(bot, state, seat, text, index, total, number, random.Random(f"{seed}:review:{number}"))
        state.apply(action, actor)


def _judge(
    bot: IsmctsBot, state: State, seat: int, text: str, index: int, total: int, number: int, rng: random.Random
) -> MoveReview:
    plain = MoveReview(index, total, number, state.round_number, text, searched=False)
    if state.phase is not Phase.PLAY or state.current_player != seat:
        return plain
    action = parse_action(text)
    values = bot.evaluate(state.observation(seat), state.offered_actions(), rng, keep=action)
    if values is None:
        return plain
    # The rank-count search values a move whatever its suits; the card search (suit-dependent rules) by its cards.
    key: Callable[[Action], object] = move_key if plays_on_rank_counts(state.rules) else str
    played = next((value for value in values if key(value.action) == key(action)), None)
    if played is None:  # a move the search did not try (no simulation reached it): nothing to compare
        return plain
    best = values[0]
    agrees = key(best.action) == key(action)
    cost = 0.0 if agrees else played.mean_place - best.mean_place
    return MoveReview(
        index,
        total,
        number,
        state.round_number,
        text,
        searched=True,
        best=Estimate.of(best),
        estimate=Estimate.of(played),
        agrees=agrees,
        cost=cost,
        mistake=cost >= MISTAKE_PLACES,
    )


def review_lines(record: Record, seat: int, seconds: float | None = None) -> Iterator[str]:
    """`review` as JSON lines: one object per decision of the seat (`MoveReview.to_dict`), then a summary
    line `{"done": true, "moves": N, "mistakes": M, "threshold": MISTAKE_PLACES}`."""
    reviews = review(record, seat, seconds)
    return _lines(reviews)


def _lines(reviews: Iterator[MoveReview]) -> Iterator[str]:
    moves = mistakes = 0
    for item in reviews:
        moves += 1
        mistakes += item.mistake
        yield json.dumps(item.to_dict()) + "\n"
    yield json.dumps({"done": True, "moves": moves, "mistakes": mistakes, "threshold": MISTAKE_PLACES}) + "\n"
