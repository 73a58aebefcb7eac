"""El Presidente's battles compiled with numba, for one table: the moves, the next seat's action mask and the
observation of `el_presidente_v0`, written once from the reference engine (`presidente/elpresidente/state.py`).

A table is one int64 array of named fields (`FIELDS`; `PLAYERS = FIELDS.index("players")`, ...) and the deck
(`deck[:s[DECK_LEN]]`, its top card last). Hands, the battle pile, the discard pile and the cards each seat was
seen taking are 52-bit card sets (bit ``card`` = rank label * 4 + suit), since only which cards they hold matters
to the rules and to the observation: the engine sorts the discard pile before it shuffles it, and the pile's order
matters only through its top card (`TOP`). The pick-up queue of the engine, seats from the attacker clockwise
(without the defender unless others added cards after the beat), is its position `QUEUE` in that order.

The random events stay the engine's own functions, called from Python by `elpresidente_table.ElPresidenteTable`:
`step` answers `NEEDS_SHUFFLE` when the deck runs out while the discard pile holds cards (the caller shuffles it
with `chance.shuffle_discard` into `deck` and calls `resume`, which goes on drawing where the engine would) and
`NEEDS_DEAL` when a game ends and another is due (the caller deals it with `chance.deal` and calls `start_game`).
Each entry point ends, once the move is complete, with the next seat's mask and observation written (`mask`,
`seen`).

Action indices are `ElPresidenteCodec`'s: ``rank * 32 + SHAPE[suits, top]`` for cards put on the pile (0 to 415),
then a beat per card (416 to 467), concede, take, pass.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numba import njit

CARDS: Final = 52
HAND_SIZE: Final = 4
MAX_PLAYERS: Final = 8
PER_RANK: Final = 32  # ways to put cards of one rank on the pile: (suits, top suit in them)
BEAT: Final = 13 * PER_RANK
CONCEDE: Final = BEAT + CARDS
TAKE: Final = CONCEDE + 1
PASS: Final = TAKE + 1
ACTIONS: Final = PASS + 1

# Phases, in the order of the observation's one-hot block (`el_presidente_v0.PILE_PHASES`), then the match's end.
ATTACK, ATTACK_THROW_IN, DEFEND, BEAT_THROW_IN, PICK_UP, OVER = range(6)

# Result bits of the entry points.
GAME_ENDED: Final = 1  # `LAST_WINNER` says who won it (-1: drawn or blocked)
MATCH_OVER: Final = 2
NEEDS_SHUFFLE: Final = 4
NEEDS_DEAL: Final = 8
SEAT_SHIFT: Final = 4  # a complete move's result holds the seat to move + 1 (0 once the match is over) from here up

FIELDS: Final = (
    # the rules
    "players",
    "team_count",
    "games",
    "battle_limit",
    # the match
    "game",
    "games_played",
    "last_winner",
    # the game and the battle
    "dealer",
    "attacker",
    "defender",
    "phase",
    "current",  # -1 once the match is over
    "battle",
    "reshuffles",
    "passes",
    "excluded",  # the seat left out of the throw-in round (-1: none)
    "others_added",
    "queue",  # position of the seat asked to take the pile, in the order from the attacker
    "draw_step",  # where drawing goes on after a reshuffle (seats from the attacker)
    "next_attacker",
    "deck_len",
    "discard",
    "pile",
    "top",  # the battle pile's top card (-1 when it is empty)
)
(
    PLAYERS,
    TEAM_COUNT,
    GAMES,
    BATTLE_LIMIT,
    GAME,
    GAMES_PLAYED,
    LAST_WINNER,
    DEALER,
    ATTACKER,
    DEFENDER,
    PHASE,
    CURRENT,
    BATTLE,
    RESHUFFLES,
    PASSES,
    EXCLUDED,
    OTHERS_ADDED,
    QUEUE,
    DRAW_STEP,
    NEXT_ATTACKER,
    DECK_LEN,
    DISCARD,
    PILE,
    TOP,
) = range(len(FIELDS))
HAND: Final = len(FIELDS)  # HAND + seat: the seat's cards
KNOWN: Final = HAND + MAX_PLAYERS  # KNOWN + seat: cards the seat was seen taking, still held
WINS: Final = KNOWN + MAX_PLAYERS  # WINS + team: games won by each side
SIZE: Final = WINS + MAX_PLAYERS


def _shapes() -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """`SHAPE[suits, top]`: the offset within a rank of the codec's (rank, suits, top) index; `SUITS`, `TOPS`: back."""
    shape = np.full((16, 4), -1, dtype=np.int64)
    suits = np.zeros(PER_RANK, dtype=np.int64)
    tops = np.zeros(PER_RANK, dtype=np.int64)
    at = 0
    for mask in range(1, 16):
        for top in range(4):
            if mask >> top & 1:
                shape[mask, top], suits[at], tops[at] = at, mask, top
                at += 1
    return shape, suits, tops


SHAPE, SHAPE_SUITS, SHAPE_TOP = _shapes()


def observation_size(players: int) -> int:
    """`el_presidente_v0.observation_layout(players)`'s length."""
    return 4 * CARDS + players * CARDS + 7 * players + 5 + 6


@njit(cache=True)
def _count(cards: int) -> int:
    """Cards in a card set."""
    n = 0
    while cards:
        cards &= cards - 1
        n += 1
    return n


@njit(cache=True)
def _rank_suits(cards: int, rank: int) -> int:
    return (cards >> (4 * rank)) & 15


@njit(cache=True)
def _round_size(s: Any) -> int:
    """Seats holding cards, but for the one left out (`State._round_size`)."""
    n = 0
    for seat in range(s[PLAYERS]):
        if s[HAND + seat] != 0 and seat != s[EXCLUDED]:
            n += 1
    return n


@njit(cache=True)
def _next_in_round(s: Any, after: int) -> int:
    p = s[PLAYERS]
    for step in range(1, p + 1):
        seat: int = (after + step + p) % p
        if seat != s[EXCLUDED] and s[HAND + seat] != 0:
            return seat
    return -1  # callers check _round_size first


@njit(cache=True)
def _pile_full(s: Any) -> bool:
    """Whether the top card's rank lies four times on the battle pile."""
    return _count(_rank_suits(s[PILE], s[TOP] >> 2)) == HAND_SIZE


@njit(cache=True)
def _end_game(s: Any, winner: int) -> int:
    """`State._end_game`: the result bits; the caller deals the next game when `NEEDS_DEAL` is set."""
    p = s[PLAYERS]
    for seat in range(p):
        s[KNOWN + seat] = 0  # the environment forgets what it saw with the game
    s[GAMES_PLAYED] += 1
    s[LAST_WINNER] = winner
    if winner >= 0:
        s[WINS + winner % s[TEAM_COUNT]] += 1
    if s[GAMES_PLAYED] == s[GAMES]:
        s[PHASE] = OVER
        s[CURRENT] = -1
        return GAME_ENDED | MATCH_OVER
    s[GAME] += 1
    return GAME_ENDED | NEEDS_DEAL


@njit(cache=True)
def _start_battle(s: Any, candidate: int) -> int:
    if s[BATTLE] >= s[BATTLE_LIMIT]:
        return _end_game(s, -1)
    p = s[PLAYERS]
    attacker, defender = -1, -1
    for step in range(p):
        seat = (candidate + step) % p
        if s[HAND + seat] != 0:
            if attacker < 0:
                attacker = seat
            elif defender < 0:
                defender = seat
    if defender < 0:
        return _end_game(s, -1)  # fewer than two players hold cards
    s[ATTACKER], s[DEFENDER] = attacker, defender
    s[BATTLE] += 1
    s[PILE], s[TOP] = 0, -1
    s[OTHERS_ADDED] = 0
    s[QUEUE] = 0
    s[EXCLUDED] = -1
    s[PASSES] = 0
    s[PHASE] = ATTACK
    s[CURRENT] = attacker
    return 0


@njit(cache=True)
def _draw(s: Any, deck: Any) -> int:
    """`State._finish_battle` from seat `DRAW_STEP` on (seats from the attacker): everyone short of four draws;
    `NEEDS_SHUFFLE` where the deck runs out and the discard pile holds cards, else the next battle."""
    p = s[PLAYERS]
    for step in range(s[DRAW_STEP], p):
        seat = (s[ATTACKER] + step) % p
        while _count(s[HAND + seat]) < HAND_SIZE and s[DECK_LEN] > 0:
            s[DECK_LEN] -= 1
            s[HAND + seat] |= 1 << deck[s[DECK_LEN]]
            if s[DECK_LEN] == 0 and s[DISCARD] != 0:
                s[DRAW_STEP] = step
                return NEEDS_SHUFFLE
    return _start_battle(s, s[NEXT_ATTACKER] % p)


@njit(cache=True)
def _finish_battle(s: Any, deck: Any, next_attacker: int) -> int:
    s[PILE], s[TOP] = 0, -1
    s[NEXT_ATTACKER] = next_attacker
    s[DRAW_STEP] = 0
    return _draw(s, deck)


@njit(cache=True)
def _queue_seat(s: Any, position: int) -> int:
    """The seat at `position` or after in the pick-up order (-1 past its end), and `QUEUE` set to it."""
    p = s[PLAYERS]
    while position < p:
        seat: int = (s[ATTACKER] + position) % p
        if seat != s[DEFENDER] or s[OTHERS_ADDED]:
            s[QUEUE] = position
            return seat
        position += 1
    return -1


@njit(cache=True)
def _close_round(s: Any) -> None:
    if s[PHASE] == ATTACK_THROW_IN:
        s[PHASE] = DEFEND
        s[CURRENT] = s[DEFENDER]
        return
    s[PHASE] = PICK_UP
    s[CURRENT] = _queue_seat(s, 0)


@njit(cache=True)
def _open_round(s: Any, phase: int, first: int, excluded: int) -> None:
    s[PHASE] = phase
    s[EXCLUDED] = excluded
    s[PASSES] = 0
    if _pile_full(s) or _round_size(s) == 0:
        _close_round(s)
    else:
        s[CURRENT] = _next_in_round(s, first - 1)


@njit(cache=True)
def _play(s: Any, player: int, cards: int, top: int) -> int:
    """`State._play`: cards from the hand to the pile; the result bits when that won the game, else 0."""
    s[HAND + player] &= ~cards
    s[KNOWN + player] &= ~cards
    s[PILE] |= cards
    s[TOP] = top
    if s[HAND + player] == 0 and _pile_full(s):
        return _end_game(s, player)
    return 0


@njit(cache=True)
def _apply(s: Any, deck: Any, index: int) -> int:
    """The legal move `index` of the seat to move (`State.apply`, and `el_presidente_v0`'s memory of taken cards)."""
    player, phase = s[CURRENT], s[PHASE]
    if index < BEAT:
        rank, offset = index // PER_RANK, index % PER_RANK
        cards = SHAPE_SUITS[offset] << (4 * rank)
        if phase == ATTACK:
            won = _play(s, player, cards, rank * 4 + SHAPE_TOP[offset])
            if won:
                return won
            _open_round(s, ATTACK_THROW_IN, s[DEFENDER] + 1, s[DEFENDER])
            return 0
        if phase == BEAT_THROW_IN and player != s[DEFENDER]:
            s[OTHERS_ADDED] = 1
        won = _play(s, player, cards, rank * 4 + SHAPE_TOP[offset])
        if won:
            return won
        s[PASSES] = 0
        if _pile_full(s) or _round_size(s) == 0:
            _close_round(s)
        else:
            s[CURRENT] = _next_in_round(s, player)
        return 0
    if index < CONCEDE:
        card = index - BEAT
        won = _play(s, player, 1 << card, card)
        if won:
            return won
        _open_round(s, BEAT_THROW_IN, s[DEFENDER], -1)
        return 0
    if index in (CONCEDE, TAKE):
        s[HAND + player] |= s[PILE]
        s[KNOWN + player] |= s[PILE]
        return _finish_battle(s, deck, s[DEFENDER] + 1 if index == CONCEDE else s[DEFENDER])
    if phase != PICK_UP:  # a pass in a throw-in round
        s[PASSES] += 1
        if s[PASSES] >= _round_size(s):
            _close_round(s)
        else:
            s[CURRENT] = _next_in_round(s, player)
        return 0
    seat = _queue_seat(s, s[QUEUE] + 1)
    if seat >= 0:
        s[CURRENT] = seat
        return 0
    s[DISCARD] |= s[PILE]
    s[PILE], s[TOP] = 0, -1
    s[NEXT_ATTACKER] = s[DEFENDER]
    s[DRAW_STEP] = 0
    if s[DECK_LEN] == 0:
        return NEEDS_SHUFFLE  # the deck ran out while the discard pile was empty: these cards become it
    return _draw(s, deck)


@njit(cache=True)
def _put_on_pile(mask: Any, rank: int, suits: int, every_top: bool) -> None:
    """Mark every way to put a nonempty subset of `suits` of `rank` on the pile: with each of its cards on top,
    or (`every_top` False, after a beat) only its highest suit."""
    sub = suits
    while sub:
        if every_top:
            for top in range(4):
                if sub >> top & 1:
                    mask[rank * PER_RANK + SHAPE[sub, top]] = 1
        else:
            high = 3
            while not sub >> high & 1:
                high -= 1
            mask[rank * PER_RANK + SHAPE[sub, high]] = 1
        sub = (sub - 1) & suits


@njit(cache=True)
def write_mask(s: Any, mask: Any) -> None:
    """The legal actions of the seat to move (`State.legal_actions` through `ElPresidenteCodec`)."""
    mask[:] = 0
    player, phase = s[CURRENT], s[PHASE]
    if player < 0:
        return
    hand = s[HAND + player]
    if phase == ATTACK:
        for rank in range(13):
            suits = _rank_suits(hand, rank)
            if suits:
                _put_on_pile(mask, rank, suits, True)
    elif phase in (ATTACK_THROW_IN, BEAT_THROW_IN):
        rank = s[TOP] >> 2
        suits = _rank_suits(hand, rank)
        if suits:
            _put_on_pile(mask, rank, suits, phase == ATTACK_THROW_IN)
        mask[PASS] = 1
    elif phase == DEFEND:
        top = s[TOP]
        for card in range(CARDS):
            if hand >> card & 1 and (card >> 2 == top >> 2 or (card & 3 == top & 3 and card >> 2 > top >> 2)):
                mask[BEAT + card] = 1
        mask[CONCEDE] = 1
    else:
        mask[TAKE] = 1
        mask[PASS] = 1


@njit(cache=True)
def _finished(s: Any, mask: Any, seen: Any, result: int) -> int:
    """Once the move is complete: the next seat's mask, and its observation in `seen`."""
    if result & (NEEDS_SHUFFLE | NEEDS_DEAL):
        return result
    write_mask(s, mask)
    if s[CURRENT] >= 0:
        observe(s, s[CURRENT], seen)
    complete: int = result | (s[CURRENT] + 1) << SEAT_SHIFT
    return complete


@njit(cache=True)
def step(s: Any, deck: Any, mask: Any, seen: Any, index: int) -> int:
    """Make the legal move `index` (checked by the caller against `mask`); the result bits."""
    return _finished(s, mask, seen, _apply(s, deck, index))


@njit(cache=True)
def resume(s: Any, deck: Any, mask: Any, seen: Any) -> int:
    """Go on drawing after the caller shuffled the discard pile into `deck` (`NEEDS_SHUFFLE`)."""
    return _finished(s, mask, seen, _draw(s, deck))


@njit(cache=True)
def start_game(s: Any, deck: Any, mask: Any, seen: Any, dealer: int, starter: int) -> int:
    """`State._start_game` once the caller dealt the hands (`HAND`) and the deck (`deck`, `DECK_LEN`)."""
    s[DISCARD], s[PILE], s[TOP] = 0, 0, -1
    s[DEALER] = dealer
    s[BATTLE] = 0
    s[RESHUFFLES] = 0
    return _finished(s, mask, seen, _start_battle(s, starter))


@njit(cache=True)
def _cards(out: Any, at: int, cards: int) -> None:
    while cards:
        low = cards & -cards
        card = 0
        while low > 1:
            low >>= 1
            card += 1
        out[at + card] = 1.0
        cards &= cards - 1


@njit(cache=True)
def observe(s: Any, seat: int, out: Any) -> None:
    """`el_presidente_v0`'s observation of `seat` (`observation_layout`: blocks in that order)."""
    out[:] = 0.0
    p = s[PLAYERS]
    _cards(out, 0, s[HAND + seat])
    _cards(out, CARDS, s[PILE])
    if s[PILE] != 0:
        out[2 * CARDS + s[TOP]] = 1.0
    _cards(out, 3 * CARDS, s[DISCARD])
    at = 4 * CARDS
    teams = s[TEAM_COUNT]
    for k in range(p):
        other = (seat + k) % p
        _cards(out, at + k * CARDS, s[KNOWN + other])
    at += p * CARDS
    for k in range(p):
        other = (seat + k) % p
        out[at + k] = _count(s[HAND + other])
        out[at + p + k] = s[ATTACKER] == other
        out[at + 2 * p + k] = s[DEFENDER] == other
        out[at + 3 * p + k] = s[CURRENT] == other
        out[at + 4 * p + k] = s[DEALER] == other
        out[at + 5 * p + k] = other % teams == seat % teams
        out[at + 6 * p + k] = s[WINS + other % teams]
    at += 7 * p
    if s[PHASE] < OVER:
        out[at + s[PHASE]] = 1.0
    at += 5
    out[at] = s[DECK_LEN]
    out[at + 1] = _count(s[DISCARD])
    out[at + 2] = s[OTHERS_ADDED]
    out[at + 3] = s[PASSES]
    out[at + 4] = s[BATTLE]
    out[at + 5] = s[GAME]
