"""The El Presidente game state: whose turn it is, the legal actions, and applying one action.

The seed's battle has moments where several players may act at once; this engine asks them one at a time
(see docs/rules-el-presidente.md):

1. ATTACK: the attacker plays one card or several equal cards.
2. ATTACK_THROW_IN: everyone but the defender, clockwise from the defender's left, may throw in cards of the
   attack rank or pass; the round goes on until everyone asked has passed in a row.
3. DEFEND: the defender beats the top card with one card, or concedes and picks up the battle pile.
4. BEAT_THROW_IN: everyone, clockwise from the defender, may throw in cards equal in rank to the top card.
5. PICK_UP: in priority order (attacker first, then clockwise) each may take the battle pile or pass; the
   defender is asked only if another player added cards after the beat. If no one takes it, it is discarded.

A State holds a whole match of ``rules.games`` games: when a game ends and another is due, the next game is
dealt at once. `apply` checks everything before it changes anything, so a rejected action leaves the state
exactly as it was.

>>> state = State(Rules(players=2), seed=7)
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> state.phase
<Phase.ATTACK_THROW_IN: 'attack-throw-in'>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from presidente.cards import Card, card_text, rank_of, suit_of
from presidente.elpresidente.actions import Action, Attack, Beat, Concede, Pass, PickUp, ThrowIn, parse_action
from presidente.elpresidente.chance import deal, random_seats, shuffle_discard
from presidente.elpresidente.observation import Observation, Phase
from presidente.elpresidente.position import PACK, Position, check_cards
from presidente.elpresidente.rules import HAND_SIZE, Rules
from presidente.errors import IllegalActionError, NotYourTurnError

RANK_SIZE = 4  # cards of each rank in the pack

# Why a game ended; kept per game in State.end_reasons.
WON = "won"
BATTLE_LIMIT = "battle limit"
BLOCKED = "blocked"  # fewer than two players hold cards, so no battle can be fought


def _subsets(cards: list[Card]) -> list[list[Card]]:
    return [[card for bit, card in enumerate(cards) if mask >> bit & 1] for mask in range(1, 1 << len(cards))]


class State:
    """A match in progress; mutable, cheap to `clone`."""

    __slots__ = (
        "attacker",
        "battle_number",
        "current_player",
        "dealer",
        "deck",
        "defender",
        "discard",
        "end_reasons",
        "game_number",
        "game_winners",
        "hands",
        "log",
        "others_added_after_beat",
        "passes",
        "phase",
        "pickup_queue",
        "pile",
        "reshuffles",
        "round_excluded",
        "rules",
        "seed",
    )

    rules: Rules
    seed: int
    game_number: int
    game_winners: list[int | None]
    end_reasons: list[str]
    hands: list[list[Card]]
    deck: list[Card]  # top card last
    discard: list[Card]
    pile: list[Card]  # the battle pile, top card last
    dealer: int
    attacker: int
    defender: int
    phase: Phase
    current_player: int | None
    battle_number: int
    reshuffles: int
    passes: int  # passes in a row in the current throw-in round
    round_excluded: int | None  # the defender, who may not throw in on the attack
    others_added_after_beat: bool
    pickup_queue: list[int]  # seats still to be asked, highest priority first
    log: list[tuple[int, str]]

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.game_number = 0
        self.game_winners = []
        self.end_reasons = []
        self._start_game(*random_seats(seed, 0, rules.players))

    @classmethod
    def at_battle_start(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        attacker: int,
        deck: Sequence[Card] | None = None,
        discard: Sequence[Card] = (),
        seed: int = 0,
    ) -> State:
        """A game set up at the start of a battle, for puzzles and tests; records start from a deal instead.

        Cards in no hand and not in `discard` form the deck (top card last) unless `deck` is given; with a `deck`,
        cards found nowhere are out of play. Cards no table could hold are refused with `Position.check`'s
        `PositionError` (`position.check_cards`).
        """
        if deck is None:
            listed = {card for hand in hands for card in hand} | set(discard)
            deck = sorted(set(range(PACK)) - listed, reverse=True)
        check_cards(rules, hands, deck, discard, whole_pack=False)
        state = cls.__new__(cls)
        state.rules, state.seed, state.game_number = rules, seed, 0
        state.game_winners, state.end_reasons = [], []
        state.hands = [list(hand) for hand in hands]
        state.discard = list(discard)
        state.deck = list(deck)
        state.dealer, state.battle_number, state.reshuffles = attacker, 0, 0
        state._start_battle(attacker)
        return state

    @classmethod
    def from_position(cls, position: Position) -> State:
        """A state set up at `position`, which plays on exactly like the state it was written from; raises a
        `PositionError` for a position no table could hold."""
        position.check()
        state = cls.__new__(cls)
        for name in State.__slots__:
            value = getattr(position, name)
            if name == "hands":
                value = [list(hand) for hand in value]
            elif isinstance(value, tuple):
                value = list(value)
            setattr(state, name, value)
        return state

    def to_position(self) -> Position:
        """This table written down whole (see `presidente.elpresidente.position`)."""
        values: dict[str, Any] = {}
        for name in State.__slots__:
            value = getattr(self, name)
            values[name] = tuple(value) if isinstance(value, list) else value
        values["hands"] = tuple(tuple(hand) for hand in self.hands)
        return Position(**values)

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def players(self) -> int:
        return self.rules.players

    def team_wins(self) -> tuple[int, ...]:
        """Games won by each team (each player, when there are no teams)."""
        wins = [0] * self.rules.team_count
        for winner in self.game_winners:
            if winner is not None:
                wins[self.rules.team_of(winner)] += 1
        return tuple(wins)

    def standings(self) -> list[int]:
        """Each seat's place in the match (1 is best): by its side's games won (docs/rules-el-presidente.md, "its
        winner is the side with the most games won"); partners, and sides with as many wins, share a place."""
        wins = self.team_wins()
        mine = [wins[self.rules.team_of(seat)] for seat in range(self.players)]
        return [1 + sum(1 for other in mine if other > won) for won in mine]

    def winners_of_match(self) -> list[int]:
        """The seats in first place (`standings`): a whole side, or several sides with as many games won."""
        return [seat for seat, place in enumerate(self.standings()) if place == 1]

    def rank_on_pile(self, rank: int) -> int:
        return sum(1 for card in self.pile if card >> 2 == rank)

    def legal_actions(self) -> list[Action]:
        player = self.current_player
        if player is None:
            return []
        hand = self.hands[player]
        if self.phase is Phase.ATTACK:
            actions: list[Action] = []
            for rank in sorted({rank_of(card) for card in hand}):
                same = sorted(card for card in hand if card >> 2 == rank)
                for chosen in _subsets(same):
                    for top in chosen:
                        actions.append(Attack((*(c for c in chosen if c != top), top)))
            return actions
        if self.phase in (Phase.ATTACK_THROW_IN, Phase.BEAT_THROW_IN):
            rank = rank_of(self.pile[-1])
            same = sorted(card for card in hand if card >> 2 == rank)
            throws: list[Action] = []
            for chosen in _subsets(same):
                # After a beat nothing is beaten any more, so the order of thrown cards cannot matter: offer
                # each set once. On the attack the top card's suit is what the defender must beat.
                tops = chosen if self.phase is Phase.ATTACK_THROW_IN else chosen[-1:]
                for top in tops:
                    throws.append(ThrowIn((*(c for c in chosen if c != top), top)))
            return [*throws, Pass()]
        if self.phase is Phase.DEFEND:
            top = self.pile[-1]
            beats: list[Action] = [Beat(card) for card in sorted(hand) if self._beats(card, top)]
            return [*beats, Concede()]
        return [PickUp(), Pass()]  # Phase.PICK_UP

    @staticmethod
    def _beats(card: Card, top: Card) -> bool:
        # King high to Ace low is exactly the rank label order (Ace=0 ... King=12).
        if rank_of(card) == rank_of(top):
            return True
        return suit_of(card) == suit_of(top) and rank_of(card) > rank_of(top)

    def observation(self, seat: int) -> Observation:
        if not 0 <= seat < self.players:
            raise IllegalActionError.of("no_seat_at_table", seat=seat, players=self.players)
        return Observation(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            current_player=self.current_player,
            game_number=self.game_number,
            battle_number=self.battle_number,
            dealer=self.dealer,
            attacker=self.attacker,
            defender=self.defender,
            hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            battle_pile=tuple(self.pile),
            deck_size=len(self.deck),
            discard_size=len(self.discard),
            defender_may_pick_up=self.others_added_after_beat,
            battle_log=tuple(self.log),
            game_winners=tuple(self.game_winners),
        )

    def clone(self) -> State:
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.game_winners = list(self.game_winners)
        other.end_reasons = list(self.end_reasons)
        other.hands = [list(hand) for hand in self.hands]
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.pile = list(self.pile)
        other.pickup_queue = list(self.pickup_queue)
        other.log = list(self.log)
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Every field, deeply copied into tuples: two states are equal when their snapshots are."""
        return tuple(
            tuple(tuple(item) if isinstance(item, list) else item for item in value)
            if isinstance(value, list)
            else value
            for value in (getattr(self, name) for name in State.__slots__)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ----------------------------------------------------------------- apply

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Play `action` for the current player; with `seat`, first check that it is that seat's turn."""
        if isinstance(action, str):
            action = parse_action(action)
        player = self.current_player
        if player is None:
            raise IllegalActionError.of("match_over")
        if seat is not None and seat != player:
            raise NotYourTurnError.of("not_your_turn_to_act", seat=player, phase=self.phase.value)
        if self.phase is Phase.ATTACK:
            self._attack(player, action)
        elif self.phase in (Phase.ATTACK_THROW_IN, Phase.BEAT_THROW_IN):
            self._throw_in(player, action)
        elif self.phase is Phase.DEFEND:
            self._defend(player, action)
        else:
            self._pick_up(player, action)

    def _wrong_kind(self, action: Action, code: str) -> IllegalActionError:
        return IllegalActionError.of(code, action=str(action))

    def _check_in_hand(self, player: int, cards: tuple[Card, ...]) -> None:
        missing = [card_text(card) for card in cards if card not in self.hands[player]]
        if missing:
            raise IllegalActionError.of("not_held", cards=" ".join(missing), count=1)

    def _attack(self, player: int, action: Action) -> None:
        if not isinstance(action, Attack):
            raise self._wrong_kind(action, "attack_expected")
        self._check_in_hand(player, action.cards)
        if len({rank_of(card) for card in action.cards}) != 1:
            raise IllegalActionError.of("attack_not_one_rank")
        if self._play(player, action.cards, str(action)):
            return
        # Clockwise from the defender's left, which ends with the attacker.
        self._open_round(Phase.ATTACK_THROW_IN, first=self.defender + 1, excluded=self.defender)

    def _throw_in(self, player: int, action: Action) -> None:
        if isinstance(action, Pass):
            self.log.append((player, str(action)))
            self.passes += 1
            if self.passes >= self._round_size():
                self._close_round()
            else:
                self.current_player = self._next_in_round(player)
            return
        if not isinstance(action, ThrowIn):
            raise self._wrong_kind(action, "throw_in_expected")
        self._check_in_hand(player, action.cards)
        rank = rank_of(self.pile[-1])
        if any(rank_of(card) != rank for card in action.cards):
            label = card_text(self.pile[-1])[:-1]
            raise IllegalActionError.of("throw_in_wrong_rank", rank=label)
        if self.phase is Phase.BEAT_THROW_IN and player != self.defender:
            self.others_added_after_beat = True
        if self._play(player, action.cards, str(action)):
            return
        self.passes = 0
        if self.rank_on_pile(rank) == RANK_SIZE or self._round_size() == 0:
            self._close_round()
        else:
            self.current_player = self._next_in_round(player)

    def _defend(self, player: int, action: Action) -> None:
        if isinstance(action, Concede):
            self.log.append((player, str(action)))
            self.hands[player].extend(self.pile)
            self.pile = []
            self._finish_battle(next_attacker=self.defender + 1)
            return
        if not isinstance(action, Beat):
            raise self._wrong_kind(action, "beat_expected")
        self._check_in_hand(player, (action.card,))
        top = self.pile[-1]
        if not self._beats(action.card, top):
            raise IllegalActionError.of("card_does_not_beat", card=card_text(action.card), top=card_text(top))
        if self._play(player, (action.card,), str(action)):
            return
        self._open_round(Phase.BEAT_THROW_IN, first=self.defender, excluded=None)

    def _pick_up(self, player: int, action: Action) -> None:
        if isinstance(action, PickUp):
            self.log.append((player, str(action)))
            self.hands[player].extend(self.pile)
        elif isinstance(action, Pass):
            self.log.append((player, str(action)))
            self.pickup_queue.pop(0)
            if self.pickup_queue:
                self.current_player = self.pickup_queue[0]
                return
            self.discard.extend(self.pile)
            self._restock()  # the deck ran out while the discard pile was empty: these cards become it
        else:
            raise self._wrong_kind(action, "pick_up_expected")
        self.pile = []
        self._finish_battle(next_attacker=self.defender)

    # ----------------------------------------------------------------- battle flow

    def _play(self, player: int, cards: tuple[Card, ...], text: str) -> bool:
        """Move cards from the hand to the battle pile; True if that won the game."""
        hand = self.hands[player]
        for card in cards:
            hand.remove(card)
        self.pile.extend(cards)
        self.log.append((player, text))
        if not hand and self.rank_on_pile(rank_of(cards[-1])) == RANK_SIZE:
            self._end_game(player, WON)
            return True
        return False

    def _round_size(self) -> int:
        return sum(1 for seat, hand in enumerate(self.hands) if hand and seat != self.round_excluded)

    def _next_in_round(self, after: int) -> int:
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if seat != self.round_excluded and self.hands[seat]:
                return seat
        raise AssertionError("a throw-in round with no one to ask")  # callers check _round_size first

    def _open_round(self, phase: Phase, first: int, excluded: int | None) -> None:
        self.phase = phase
        self.round_excluded = excluded
        self.passes = 0
        if self.rank_on_pile(rank_of(self.pile[-1])) == RANK_SIZE or self._round_size() == 0:
            self._close_round()
        else:
            self.current_player = self._next_in_round(first - 1)

    def _close_round(self) -> None:
        if self.phase is Phase.ATTACK_THROW_IN:
            self.phase = Phase.DEFEND
            self.current_player = self.defender
            return
        self.phase = Phase.PICK_UP
        seats = [(self.attacker + step) % self.players for step in range(self.players)]
        if not self.others_added_after_beat:
            seats.remove(self.defender)
        self.pickup_queue = seats
        self.current_player = seats[0]

    def _finish_battle(self, next_attacker: int) -> None:
        """Everyone short of four cards draws, the attacker first and then clockwise; then the next battle."""
        for step in range(self.players):
            hand = self.hands[(self.attacker + step) % self.players]
            while len(hand) < HAND_SIZE and self.deck:
                hand.append(self.deck.pop())
                self._restock()
            # With both piles empty the hand stays short (see the rules document).
        self._start_battle(next_attacker % self.players)

    def _restock(self) -> None:
        """Seed 000: "Any time that the "new cards" pile becomes empty, the discard pile is shuffled and stacked
        face down to make a new deck" — at once, so that cards discarded later start a new discard pile."""
        if not self.deck and self.discard:
            self.deck = shuffle_discard(self.seed, self.game_number, self.reshuffles, self.discard)
            self.reshuffles += 1
            self.discard = []

    def _start_battle(self, candidate: int) -> None:
        if self.battle_number >= self.rules.battle_limit:
            self._end_game(None, BATTLE_LIMIT)
            return
        holders = [(candidate + step) % self.players for step in range(self.players)]
        holders = [seat for seat in holders if self.hands[seat]]
        if len(holders) < 2:
            self._end_game(None, BLOCKED)
            return
        # A player with no cards cannot attack or defend, so the battle passes to the next holders.
        self.attacker, self.defender = holders[0], holders[1]
        self.battle_number += 1
        self.pile = []
        self.log = []
        self.others_added_after_beat = False
        self.pickup_queue = []
        self.round_excluded = None
        self.passes = 0
        self.phase = Phase.ATTACK
        self.current_player = self.attacker

    # ----------------------------------------------------------------- games

    def _start_game(self, dealer: int, starter: int) -> None:
        self.hands, self.deck = deal(self.seed, self.game_number, dealer, self.players)
        self.discard = []
        self.pile = []
        self.dealer = dealer
        self.battle_number = 0
        self.reshuffles = 0
        self._start_battle(starter)

    def _end_game(self, winner: int | None, reason: str) -> None:
        self.game_winners.append(winner)
        self.end_reasons.append(reason)
        if len(self.game_winners) == self.rules.games:
            self.phase = Phase.OVER
            self.current_player = None
            return
        self.game_number += 1
        if winner is None:
            self._start_game(*random_seats(self.seed, self.game_number, self.players))
        else:
            # The seat to the winner's right is always on another team (teams alternate round the table),
            # so it is "the loser" who deals; the winner starts.
            self._start_game((winner - 1) % self.players, winner)
