"""What one seat may know: its own hand and the public table, never another hand or a face-down pile.

Public at a real table: every hand's size, the face-up battle pile, how many cards the deck and discard pile
hold (not which), who attacks and defends, every action said aloud in this battle, and the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from presidente.cards import Card
from presidente.elpresidente.rules import Rules


class Phase(StrEnum):
    """The step of a battle that the current player is asked to act in."""

    ATTACK = "attack"
    ATTACK_THROW_IN = "attack-throw-in"  # others add cards of the attack rank
    DEFEND = "defend"
    BEAT_THROW_IN = "beat-throw-in"  # everyone adds cards equal to the beating card
    PICK_UP = "pick-up"  # after a beat: who claims the battle pile
    OVER = "over"


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: Rules
    phase: Phase
    current_player: int | None
    game_number: int  # 0-based
    battle_number: int  # 1-based within the game
    dealer: int
    attacker: int
    defender: int
    hand: tuple[Card, ...]  # this seat's cards, in card order
    hand_sizes: tuple[int, ...]
    battle_pile: tuple[Card, ...]  # bottom first; the last card is the top
    deck_size: int
    discard_size: int
    defender_may_pick_up: bool
    battle_log: tuple[tuple[int, str], ...]  # (seat, action text) for every action of this battle
    game_winners: tuple[int | None, ...]  # winning seat of each finished game; None for a drawn game

    @property
    def team(self) -> int:
        return self.rules.team_of(self.seat)

    @property
    def team_mates(self) -> tuple[int, ...]:
        return tuple(s for s in self.rules.team_members(self.team) if s != self.seat)

    @property
    def top_card(self) -> Card | None:
        return self.battle_pile[-1] if self.battle_pile else None
