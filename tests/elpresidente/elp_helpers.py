"""Shared set-ups for the El Presidente tests: cards by name, positions, and a search of one battle."""

from __future__ import annotations

from presidente.cards import Card, parse_card
from presidente.elpresidente import Rules, State


def cards(text: str) -> list[Card]:
    return [parse_card(token) for token in text.split()]


def position(hands: list[str], attacker: int = 0, teams: str | None = None, **options: object) -> State:
    rules = Rules(players=len(hands), teams=teams)
    return State.at_battle_start(rules, [cards(hand) for hand in hands], attacker, **options)  # type: ignore[arg-type]


def play(state: State, *texts: str) -> None:
    """Apply actions by text, each checked against the seat whose turn it is."""
    for text in texts:
        state.apply(text)


def someone_can_win(state: State, seat: int, budget: list[int] | None = None) -> bool:
    """Search every sequence of actions until the current battle ends: can `seat` win in it?"""
    budget = budget if budget is not None else [200_000]
    battle = state.battle_number
    for action in state.legal_actions():
        budget[0] -= 1
        assert budget[0] > 0, "search too large for a test"
        child = state.clone()
        child.apply(action)
        if child.game_winners:
            if child.game_winners[0] == seat:
                return True
            continue
        if child.battle_number == battle and someone_can_win(child, seat, budget):
            return True
    return False
