"""The `cardsearch` President bot: a search that plays every table, suits and all, on the engine itself.

`ismcts` plays its simulations on rank counts (`bots.playout`), which cannot follow sequences, the suit and number
locks, the spade-3 return or UECda's turn rules (a leader's pass, the pass limit, trick end when all passed). This
search simulates with the engine's own `State` instead, so whatever the engine plays, it plays:

- each deal gives the hidden cards out card by card, consistent with what the seat knows (`determinize`: its hand,
  the cards played and face up, hand sizes, cards it gave and received, bounds from the transfer) into a clone of
  the public state;
- every candidate move is applied to a clone of that deal and the round is played on with a cheap policy
  (`policy_action`) until the seat's own place is settled: the rollout algorithm over that policy, every move
  on the same deals (common random numbers), so a deal's luck cancels between moves;
- the reward (`reward_at`, as ismcts's: a share for the place, a bonus for winning) decides: the heuristic
  bot's move is played unless another gains over it on the same deals by `confidence` standard errors.

Moves are searched with their suits (a suit decides the suit lock and which sequences stay possible). A hand
with more legal moves than `max_moves` searches the likeliest ones (`candidates`). The card transfer, the draft,
a card owed after a play (7 give, 10 discard) and a position the search cannot set up go to the heuristic bot.

Budgets: `time` seconds per move (0: none) and `iterations` playouts per move (0: none; as ismcts counts its
simulations: a deal plays out every searched move, and the search stops after the deal that reaches the budget);
at least one deal is played. `last_deals` and `last_playouts` tell what the last search did.

Where numba is installed (the `envs` extra) and the kernel covers the rules and the position (`suited_playout`:
the `uecda` and `daifugo` presets and most Daifugo options), the playouts run compiled (`suited_kernel`): the same
rules, policy and moves, checked move by move against the engine, so the same deals give the same places, many
times faster. `compiled=False`, or a table the kernel does not cover, plays them on the engine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from presidente.bots.base import Choice, MoveValue, clock_named
from presidente.bots.determinize import DeterminizationError, knowledge_of, public_state, sample_hidden
from presidente.bots.president_heuristic import HeuristicBot, rules_for
from presidente.cards import JOKER
from presidente.errors import PresidenteError
from presidente.president.actions import PASS, PRESIDENT_RANK, Action, Pass, Play
from presidente.president.observation import Observation
from presidente.president.rules import Rules
from presidente.president.state import Phase, State
from presidente.president.trick import LONE_JOKER_KEY, NATURAL_KEYS

# A hand this long keeps its strongest cards (jokers, the best rank) for later when following.
LONG_HAND = 5
# Moves searched at most per decision; the rest would leave too few deals to each in 100 ms.
MAX_MOVES = 10
# Beyond this many unseen cards (a table of several decks) a playout lists too many plays: the heuristic decides.
MAX_SEARCH_CARDS = 120
# Standard errors by which a move must beat the heuristic bot's move on the same deals to be played instead.
CONFIDENCE = 1.0
# Reward of a round, for both searches (ismcts reads it from here): a share for the place (linear, first = 1) and
# this bonus for winning it.
WIN_BONUS = 0.5
# Playout moves at most (a guard: a UECda round ends by its pass limit long before).
MAX_PLAYOUT_MOVES = 400
# The playout policy's styles (`policy_action`): the weakest play first, sets first after the UECda development
# kit's sample client, or that client's own moves.
WEAKEST = 0
SETS = 1
SAMPLE = 2


def reward_at(place: int, players: int) -> float:
    """Reward of finishing at `place` (0: first) of `players`: a share for the place, a bonus for winning."""
    last = max(1, players - 1)
    return (1 - place / last + (WIN_BONUS if place == 0 else 0.0)) / (1 + WIN_BONUS)


# The reward of each place (`reward_at`), by the number of places.
_PLACE_REWARDS: dict[int, list[float]] = {}


def rewards_by_place(places: int) -> list[float]:
    """`reward_at(position, places)` for every position, worked out once."""
    by_place = _PLACE_REWARDS.get(places)
    if by_place is None:
        by_place = _PLACE_REWARDS[places] = [reward_at(position, places) for position in range(places)]
    return by_place


def _strength(state: State, play: Play) -> int:
    """The play's key in the order now in force (higher beats lower)."""
    return state.shape_key(play.rank, play.size, play.jokers, play.sequence)


def _spends_strong_cards(state: State, play: Play) -> bool:
    """Does the play use a joker or a card of the best rank (the 2, or the 3 in a revolution)?"""
    if play.jokers:
        return True
    best = 0 if state.reversed else 12
    return any(card != JOKER and PRESIDENT_RANK[card] == best for card, _ in play.cards)


def _left_in_rank(hand: list[int], play: Play) -> int:
    """Cards of the play's ranks still held after it (a play that breaks a set leaves some)."""
    left = 0
    for card, count in play.cards:
        if card == JOKER:
            continue
        first = card & ~3  # the four suits of a rank are neighbours (cards.make_card)
        left += sum(hand[first : first + 4]) - count
    return left


# The first card of each President rank (0: the 3 ... 12: the 2); its four suits follow it.
_RANK_START = tuple(((rank + 2) % 13) * 4 for rank in range(13))


def _surely_passes(state: State, seat: int) -> bool:
    """Following a plain group with no `size` cards of one rank at or above it (jokers helping), the seat
    can only pass: the policy passes without listing the legal plays (most of a playout's time). Tables where
    other plays could beat it (sequences, the joker's special plays, the one fewer 2) always list them."""
    size = state.trick_size
    if not size or state.trick_sequence or state.top_key >= LONE_JOKER_KEY or state.rules.one_fewer_two:
        return False
    if state.rules.joker_mode != "bga":
        return False
    hand = state.hands[seat]
    jokers = hand[JOKER]
    if jokers >= size:
        return False
    keys, top = NATURAL_KEYS[state.reversed], state.top_key
    for rank, start in enumerate(_RANK_START):
        if keys[rank] >= top and hand[start] + hand[start + 1] + hand[start + 2] + hand[start + 3] + jokers >= size:
            return False
    return True


def _breaks_set(hand: list[int], play: Play) -> bool:
    """Does the group leave natural cards of its rank in the hand (a pair played from three 5s, say)?"""
    naturals = play.size - play.jokers
    if play.sequence or naturals == 0 or play.rank is None:
        return False
    start = _RANK_START[play.rank]
    return hand[start] + hand[start + 1] + hand[start + 2] + hand[start + 3] > naturals


def _sets_action(state: State, actions: list[Action], plays: list[Play], hand: list[int]) -> Action:
    """`policy_action`'s `SETS` style: leading, a sequence before a group, the most cards first, then the
    weakest (jokers last); following, the weakest play that breaks no set (`_breaks_set`), fewest jokers first;
    else pass."""
    if state.trick_size == 0:
        return min(plays, key=lambda play: (play.jokers > 0, not play.sequence, -play.size, _strength(state, play)))
    kept = [play for play in plays if not _breaks_set(hand, play)]
    if not kept:
        return next((action for action in actions if type(action) is Pass), plays[0])
    return min(kept, key=lambda play: (play.jokers, _strength(state, play)))


def _runs(hand: list[int]) -> set[int]:
    """The natural cards of the hand in a run of three or more consecutive ranks of one suit."""
    held: set[int] = set()
    for suit in range(4):
        run: list[int] = []
        for rank in range(14):
            card = _RANK_START[rank] + suit if rank < 13 else -1
            if card >= 0 and hand[card]:
                run.append(card)
                continue
            if len(run) >= 3:
                held.update(run)
            run = []
    return held


def sample_client_play(
    plays: Sequence[Play], hand: list[int], reversed_: bool, top: Play | None, over_joker: bool = False
) -> Play | None:
    """The UECda development kit's sample client's play (`client/daihinmin.c`; `benchmarks/uecda_sample_bot.py`
    has its rules), None where it finds none (it passes): `hand` counts each card, `top` is the trick's top play
    (None: leading) and `over_joker` says that nothing can beat it (a lone joker, or the 3 of spades on one), where
    the client sees no play."""

    def weak(rank: int) -> int:
        return -rank if reversed_ else rank

    def suit_of(play: Play) -> int:
        return next(card for card, _ in play.cards if card != JOKER) % 4

    counts = [sum(hand[start : start + 4]) for start in _RANK_START]
    joker = int(hand[JOKER] > 0)
    if top is None:
        sequences = [play for play in plays if play.sequence and play.jokers <= 1]
        if sequences:
            longest = max(play.size for play in sequences)
            return min(
                (play for play in sequences if play.size == longest),
                key=lambda play: (weak(play.rank or 0), 3 - play.suit, play.jokers),
            )
        groups = [counts[rank] + joker if counts[rank] and counts[rank] + joker >= 2 else 0 for rank in range(13)]
        if max(groups) >= 2:
            most = max(groups)
            shaped = [play for play in plays if play.size == most and play.jokers == joker and not play.sequence]
            for rank in sorted(range(13), key=weak):
                if groups[rank] == most:
                    chosen = next((play for play in shaped if play.rank == rank), None)
                    if chosen is not None:
                        return chosen
        singles = [play for play in plays if play.size == 1 and play.jokers == 0]
        if singles:
            return min(singles, key=lambda play: (weak(play.rank or 0), 3 - suit_of(play)))
        return next((play for play in plays if play.size == 1 and play.jokers == 1), None)
    size = top.size
    if not top.sequence and size == 1:
        if over_joker:
            return None
        in_runs = _runs(hand)
        free = [
            play
            for play in plays
            if play.size == 1 and play.jokers == 0 and counts[play.rank or 0] == 1 and play.cards[0][0] not in in_runs
        ]
        if free:
            return min(free, key=lambda play: (weak(play.rank or 0), 3 - suit_of(play)))
        return next((play for play in plays if play.size == 1 and play.jokers == 1), None) if joker else None
    if not top.sequence:
        natural = [play for play in plays if not play.sequence and play.size == size and play.jokers == 0]
        ways = [0] * 13
        for play in natural:
            ways[play.rank or 0] += 1
        exact = [play for play in natural if ways[play.rank or 0] == 1]
        if exact:
            return min(exact, key=lambda play: weak(play.rank or 0))
        with_joker = [
            play
            for play in plays
            if not play.sequence
            and play.size == size
            and play.jokers == 1
            and play.rank is not None
            and counts[play.rank] == size - 1
        ]
        return min(with_joker, key=lambda play: weak(play.rank or 0)) if joker and with_joker else None
    below = top.rank or 0
    tops = []
    for play in plays:
        if not play.sequence or play.size != size or play.jokers:
            continue
        above = (play.rank or 0) + size  # the rank after the run's top card
        if (not reversed_ or above < below) and above < 13 and hand[_RANK_START[above] + play.suit]:
            continue  # the client plays a run's top cards: this one has a card above it
        tops.append(play)
    if tops:
        return min(tops, key=lambda play: weak(play.rank or 0))
    with_joker = [play for play in plays if play.sequence and play.size == size and play.jokers == 1]
    return min(with_joker, key=lambda play: weak(play.rank or 0)) if joker and with_joker else None


def _sample_action(state: State, actions: list[Action], plays: list[Play], hand: list[int]) -> Action:
    """`policy_action`'s `SAMPLE` style: the sample client's play (`sample_client_play`), else pass."""
    top = state.trick[-1][1] if state.trick else None
    chosen = sample_client_play(plays, hand, state.reversed, top, state.top_key >= LONE_JOKER_KEY)
    if chosen is not None:
        return chosen
    return next((action for action in actions if type(action) is Pass), actions[0])


def policy_action(state: State, style: int = 0) -> Action:
    """The playout's move for the seat to move (deterministic): go out when one play empties the hand; then in
    style `WEAKEST` (0): leading, the weakest play, as many cards as it holds of it, jokers last; following, the
    weakest play that beats, breaking no set where it can, keeping jokers and the best rank while the hand is
    long; else pass. Style `SETS` (1), after the UECda development kit's sample client: leading, sequences and
    the biggest groups first; following, only plays that break no set (`_sets_action`). Style `SAMPLE` (2): that
    client's own move (`_sample_action`), without going out first."""
    seat = state.current
    assert seat is not None
    if _surely_passes(state, seat):
        return PASS
    actions = state.legal_actions()
    plays = [action for action in actions if type(action) is Play]
    if not plays:
        return actions[0]
    if style == SAMPLE:
        return _sample_action(state, actions, plays, state.hands[seat])
    size = state.sizes[seat]
    for play in plays:
        if play.size == size:
            return play
    if style == SETS:
        return _sets_action(state, actions, plays, state.hands[seat])
    if state.trick_size == 0:
        return min(plays, key=lambda play: (play.jokers > 0, _strength(state, play), -play.size))
    if size >= LONG_HAND:
        kept = [play for play in plays if not _spends_strong_cards(state, play)]
        if not kept:
            return next((action for action in actions if type(action) is Pass), plays[0])
        plays = kept
    hand = state.hands[seat]
    return min(plays, key=lambda play: (play.jokers, _strength(state, play), _left_in_rank(hand, play)))


def place_of(state: State, seat: int) -> int | None:
    """The seat's finishing place in the round (0: first) once it is settled, else None."""
    if state.phase is not Phase.PLAY:
        return state.last_round.index(seat) if seat in state.last_round else None
    if state.active[seat]:
        return None
    if seat in state.finished:
        return state.finished.index(seat)
    players = len(state.round_players)
    if seat in state.out:
        return players - 1 - state.out.index(seat)
    if state.downfallen == seat:
        return players - 1 - len(state.out)
    return None


def play_out(state: State, seat: int, own: int = WEAKEST, others: int = WEAKEST) -> int:
    """Play the round on with the policy (style `own` for the seat, `others` for the other seats) until the seat's
    place is settled; that place (0: first)."""
    rounds = len(state.results)
    for _ in range(MAX_PLAYOUT_MOVES):
        if len(state.results) > rounds:
            # The round ended (and the next may have begun in the play phase): its finishing order.
            return state.results[rounds].index(seat)
        place = place_of(state, seat)
        if place is not None:
            return place
        if state.owed is not None:
            state.apply(state.auto_action())
        else:
            state.apply(policy_action(state, own if state.current == seat else others))
    # Unfinished (a guard only): placed by the cards still held, fewest first.
    holding = sorted((s for s in state.round_players if state.active[s]), key=lambda s: state.sizes[s])
    return len(state.finished) + holding.index(seat)


def candidates(state: State, actions: Sequence[Action], limit: int, keep: Action | None = None) -> list[Action]:
    """The moves searched (a lead is never passed): all of them, or for a long list `keep`, the pass, the plays
    that empty the hand, the policy's own move, then the weakest plays (fewest jokers), up to `limit` (and
    `keep` beyond it)."""
    if state.trick_size == 0 and any(type(action) is Play for action in actions):
        # A leader who may pass (UECda) leads all the same, as the heuristic bot does: a table of bots that all
        # passed would end its rounds by the pass limit, at random places.
        actions = [action for action in actions if type(action) is not Pass]
    if len(actions) <= limit:
        return list(actions)
    seat = state.current
    assert seat is not None
    chosen: list[Action] = [keep] if keep is not None else []
    chosen += [action for action in actions if type(action) is Pass and action not in chosen]
    chosen += [a for a in actions if type(a) is Play and a.size == state.sizes[seat] and a not in chosen]
    policy = policy_action(state)
    if policy not in chosen:
        chosen.append(policy)
    plays = sorted(
        (a for a in actions if type(a) is Play and a not in chosen),
        key=lambda play: (play.jokers, _strength(state, play), -play.size),
    )
    chosen += plays[: max(0, limit - len(chosen))]
    return chosen


def _paired_gain(rewards: list[float | None], base: list[float | None]) -> tuple[float, float]:
    """The mean gain of one move over another on the deals both were played on, and its standard error."""
    gains = [
        mine - theirs for mine, theirs in zip(rewards, base, strict=True) if mine is not None and theirs is not None
    ]
    if len(gains) < 2:
        return 0.0, math.inf
    mean = sum(gains) / len(gains)
    variance = sum((gain - mean) ** 2 for gain in gains) / (len(gains) - 1)
    return mean, math.sqrt(variance / len(gains))


class CardSearchBot:
    """Rollouts of every candidate move on the engine's `State`, over the same deals of the hidden cards.

    The heuristic bot's move is the default: another move is played only where the deals show it gains over
    that move by more than `confidence` standard errors (paired on the same deals; 0: the best mean wins)."""

    name = "cardsearch"

    def __init__(
        self,
        time: float = 0.1,
        iterations: int = 0,
        rules: Rules | None = None,
        max_moves: int = MAX_MOVES,
        confidence: float = CONFIDENCE,
        compiled: bool = True,
        clock: str = "wall",
    ) -> None:
        if time <= 0 and iterations <= 0:
            raise ValueError("cardsearch needs a budget: time > 0 or iterations > 0.")
        if max_moves < 1:
            raise ValueError(f"cardsearch searches at least one move, not max_moves={max_moves}.")
        if confidence < 0:
            raise ValueError(f"cardsearch's confidence is a number of standard errors, 0 or more, not {confidence}.")
        self.time = time
        self.clock = clock_named("cardsearch", clock)
        self.iterations = iterations
        self.rules = rules
        self.max_moves = max_moves
        self.confidence = confidence
        self.compiled = compiled
        self.fallback = HeuristicBot(rules)
        self.last_deals = 0
        self.last_playouts = 0

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        default = self.fallback.choose(observation, legal_actions, rng)
        searched = self._rollouts(observation, legal_actions, rng, default.action)
        if searched is None or default.action not in searched[0]:
            return default
        moves, places, players = searched
        rewards = [[None if place is None else reward_at(place, players) for place in row] for row in places]
        base = rewards[moves.index(default.action)]
        best, best_gain = default.action, 0.0
        for move, results in zip(moves, rewards, strict=True):
            if move == default.action:
                continue
            gain, error = _paired_gain(results, base)
            if gain > best_gain and gain > self.confidence * error:
                best, best_gain = move, gain
        if best == default.action:
            return Choice(best, f"search: {self.last_deals} deals found nothing better; {default.reason}")
        reason = f"search: {self.last_deals} deals, {best_gain:+.0%} over {default.action}"
        return Choice(best, reason, "search_gain", {"deals": self.last_deals, "gain": round(best_gain * 100)})

    def evaluate(
        self,
        observation: Observation,
        legal_actions: Sequence[Action],
        rng: random.Random,
        keep: Action | None = None,
    ) -> list[MoveValue[Action]]:
        """Each searched move (`keep` among them when given) with its mean reward, mean place and chance to
        finish first, best reward first (ties: the earlier legal move); empty where the bot does not search (one
        move, not the play phase, a card owed, a position it cannot set up). `choose` plays the heuristic's move
        unless one of these beats it clearly on the same deals, so the best here need not be the move it plays."""
        searched = self._rollouts(observation, legal_actions, rng, keep)
        if searched is None:
            return []
        moves, places, players = searched
        values = []
        for move, row in zip(moves, places, strict=True):
            played = [place for place in row if place is not None]
            if played:
                reward = sum(reward_at(place, players) for place in played) / len(played)
                first = sum(place == 0 for place in played) / len(played)
                values.append(MoveValue(move, len(played), reward, 1 + sum(played) / len(played), first))
        return sorted(values, key=lambda value: -value.reward)

    def _rollouts(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random, keep: Action | None = None
    ) -> tuple[list[Action], list[list[int | None]], int] | None:
        """The searched moves, each one's place on every deal (0: first; None: the deal refused it) and the
        number of players in the round; None where the bot does not search."""
        self.last_deals = self.last_playouts = 0
        if len(legal_actions) < 2 or observation.phase != Phase.PLAY:
            return None
        if any(type(action) not in (Play, Pass) for action in legal_actions):
            return None
        seat = observation.seat
        if seat is None:
            return None
        rules = rules_for(observation, self.rules)
        try:
            knowledge = knowledge_of(observation, rules)
            if sum(knowledge.unseen) > MAX_SEARCH_CARDS:
                return None
            template = public_state(observation, rules)
        except (DeterminizationError, PresidenteError):
            return None
        if template.owed is not None or template.current != seat:
            return None
        moves = candidates(template, legal_actions, self.max_moves, keep)
        if len(moves) < 2:
            return None
        places: list[list[int | None]] = [[] for _ in moves]
        deadline = self.clock() + self.time if self.time > 0 else math.inf
        limit = self.iterations if self.iterations > 0 else 1 << 62
        players = len(template.round_players)
        compiled = None
        if self.compiled:
            # Imported at the first search: numba (when installed) loads then, not with every bot.
            from presidente.bots.suited_playout import SuitedPlayouts

            compiled = SuitedPlayouts.start(template, seat, moves, LONG_HAND, MAX_PLAYOUT_MOVES)
        scratch = template.clone() if compiled is not None else template
        # Playouts tried so far (a move a deal refuses counts too) against the budget, as ismcts counts its simulations.
        while self.last_deals * len(moves) < limit and (self.last_deals == 0 or self.clock() < deadline):
            if compiled is not None:
                # The deal's hidden hands only: the kernel copies the position itself.
                sample_hidden(scratch, knowledge, rng)
                for index, place in enumerate(compiled.play(scratch.hands)):
                    places[index].append(place)  # None: the deal refuses the move
                    self.last_playouts += place is not None
                self.last_deals += 1
                continue
            deal = template.clone()
            sample_hidden(deal, knowledge, rng)
            for index, move in enumerate(moves):
                state = deal.clone()
                try:
                    state.apply(move)
                except PresidenteError:
                    places[index].append(None)  # the deal's public facts refuse it (one the observation lacks)
                    continue
                places[index].append(play_out(state, seat))
                self.last_playouts += 1
            self.last_deals += 1
        return moves, places, players
