"""The exchange chosen by search on suit tables (`uecda`, `daifugo`; issue 30): `strong`'s give as President or
Vice.

At the seat's give, each candidate give (those of its `WEAKEST_CARDS` weakest cards, and the anchor's) is played on
the same deals of the hidden cards: the seat's partner receives the give, a Vice still to give after the President
gives its weakest cards (as the UECda sample client does), the round starts as the engine starts it
(`State._start_play`: the holder of the 3 of diamonds leads) and the kernel's playout policy plays it out
(`suited_kernel.play_out`: this seat in style `own`, the others in `others`). Deals follow what the seat knows
(`determinize.knowledge_of`: the loser's forced give bounds what it kept). The candidates race as at a move
(`strong.Race`), and the anchor's give is kept unless the race's best beats it by `keep` standard errors.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import numpy as np

from presidente.bots import suited_kernel as kernel
from presidente.bots import suited_playout
from presidente.bots.base import Choice
from presidente.bots.determinize import DeterminizationError, knowledge_of, sample_hidden
from presidente.cards import CARD_KINDS, JOKER
from presidente.errors import PresidenteError
from presidente.president.actions import PRESIDENT_RANK, Action, Give
from presidente.president.exchange import lowest_cards
from presidente.president.observation import Observation
from presidente.president.roles import Roles
from presidente.president.rules import Rules
from presidente.president.state import Phase, State, new_game

WEAKEST_CARDS = 7  # the gives searched are made of this many of the seat's weakest cards (and the anchor's)


def _strength(card: int) -> tuple[int, int]:
    return (13, 0) if card == JOKER else (PRESIDENT_RANK[card], card & 3)


def candidate_gives(hand: Sequence[int], gives: Sequence[Give], anchor: Give) -> list[Give]:
    """The anchor's give first, then each offered give made only of the hand's `WEAKEST_CARDS` weakest cards."""
    cards = sorted((card for card in range(CARD_KINDS) for _ in range(hand[card])), key=_strength)
    weakest = set(cards[:WEAKEST_CARDS])
    size = sum(count for _, count in anchor.cards)
    wanted = {tuple(sorted((card, 1) for card in chosen)) for chosen in combinations(sorted(weakest), size)}
    result = [anchor]
    for give in gives:
        if give != anchor and type(give) is Give and tuple(sorted(give.cards)) in wanted:
            result.append(give)
    return result


def start_template(observation: Observation, rules: Rules) -> State:
    """A state of the round about to start: this seat's hand, the roles, seating and sizes of `observation` (the
    exchange); the other hands empty, for `sample_hidden` to fill."""
    seat = observation.seat
    assert seat is not None
    views = observation.seats
    state = new_game(rules.replace(rounds=max(1, observation.round_number), target_score=0), len(views), seed=0)
    state._reset_round_fields()
    state.round_number = observation.round_number
    state.present = [view.present for view in views]
    state.in_round = [view.in_round for view in views]
    state.round_players = [view.seat for view in views if view.in_round]
    state.active = [view.in_round and view.hand_size > 0 for view in views]
    by_role = {view.role: view.seat for view in views if view.in_round and view.role != "neutral"}
    state.roles = Roles(by_role.get("president"), by_role.get("vice"), by_role.get("high_scum"), by_role.get("scum"))
    state.last_round = list(observation.last_round)
    state.seating = list(observation.seating) or None
    for card, count in observation.hand:
        state.hands[seat][card] += count
    state.sizes = [view.hand_size for view in views]
    return state


class GiveSearch:
    """One give decision's playouts (see the module's doc)."""

    def __init__(self, observation: Observation, rules: Rules, own: int, others: int, long_hand: int) -> None:
        seat = observation.seat
        if seat is None or observation.phase != Phase.EXCHANGE:
            raise DeterminizationError("The give search starts from this seat's give in the exchange.")
        self.seat = seat
        self.knowledge = knowledge_of(observation, rules, lowest_given=True)
        self.template = start_template(observation, rules)
        self.hand = self.template.hands[seat][:]
        roles = self.template.roles
        if seat == roles.president:
            self.partner = roles.scum
        elif seat == roles.vice:
            self.partner = roles.high_scum
        else:
            raise DeterminizationError("Only the President and the Vice choose what to give.")
        # The Vice gives after the President (`exchange_order` loser-first): in the deal it gives its weakest.
        self.vice_after = (
            seat == roles.president
            and roles.vice is not None
            and roles.high_scum is not None
            and rules.vice_exchange_cards > 0
        )
        self.vice_cards = rules.vice_exchange_cards
        self.rules_row = suited_playout.rules_array(rules)
        self.moves = np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64)
        self.own, self.others, self.long_hand = own, others, long_hand
        self.players = len(self.template.round_players)

    def deal(self, rng: random.Random) -> list[list[int]]:
        """The seat's hand as it is and the hidden cards dealt to the other seats."""
        state = self.template
        state.hands[self.seat] = self.hand[:]
        sample_hidden(state, self.knowledge, rng)
        return [hand[:] for hand in state.hands]

    def place(self, hands: Sequence[Sequence[int]], give: Give, max_moves: int) -> int:
        """The seat's place (0: first) when it gives `give` on the deal `hands` and the kernel plays the round."""
        state = self.template
        state.hands = [list(hand) for hand in hands]
        assert self.partner is not None
        for card, count in give.cards:
            state.hands[self.seat][card] -= count
            state.hands[self.partner][card] += count
        roles = state.roles
        if self.vice_after and roles.vice is not None and roles.high_scum is not None:
            for card, count in lowest_cards(state.hands[roles.vice], self.vice_cards):
                state.hands[roles.vice][card] -= count
                state.hands[roles.high_scum][card] += count
        state.sizes = [sum(hand) for hand in state.hands]
        state.must_include = None
        state._start_play()
        board = suited_playout.board_of(state)
        return int(
            kernel.play_out(
                board, self.rules_row, self.moves, self.seat, self.long_hand, max_moves, self.own, self.others
            )
        )


def search_give(
    observation: Observation,
    legal: Sequence[Action],
    rules: Rules,
    anchor: Give,
    rng: random.Random,
    *,
    race: Callable[[int], Any],
    reward: Callable[[int], float],
    keep: float,
    done: Callable[[int], bool],
    own: int,
    others: int,
    long_hand: int,
    max_moves: int,
) -> tuple[Choice[Action] | None, int]:
    """The give to make (None: the anchor's, unsearched) and the deals played. `race(arms)` makes the race,
    `reward(place)` scores a place, `done(playouts)` says when the budget is spent."""
    if not suited_playout.AVAILABLE or not suited_playout.covers(rules) or not suited_playout.ready():
        return None, 0
    gives = [action for action in legal if type(action) is Give]
    if anchor not in gives:
        return None, 0
    try:
        search = GiveSearch(observation, rules, own, others, long_hand)
    except (DeterminizationError, PresidenteError):
        return None, 0
    arms = candidate_gives(search.hand, gives, anchor)
    if len(arms) < 2:
        return None, 0
    contest = race(len(arms))
    playouts = 0
    while True:
        try:
            hands = search.deal(rng)
        except PresidenteError:
            return None, contest.deals
        rewards = [reward(search.place(hands, arms[arm], max_moves)) for arm in contest.alive]
        playouts += len(rewards)
        contest.record(rewards)
        if contest.settled or done(playouts):
            break
    best = contest.best()
    if best != 0 and 0 in contest.alive:
        gain, error = contest.gain(best, 0)
        if not (gain > 0 and gain > keep * error):
            best = 0
    if best == 0:
        return None, contest.deals
    chosen = arms[best]
    return Choice(chosen, f"search: {contest.deals} deals, this give plays better than {anchor}"), contest.deals
