"""The engine's deals drawn by compiled code: Python's `random.Random` (the Mersenne Twister, seeded from a text
the way CPython seeds it) with its `choice` and `shuffle`, reproduced draw for draw in numba.

The engine deals a round from ``random.Random(f"{seed}:round:{number}")`` (`State._start_round`): the first
round's dealer is ``rng.choice(players)``, then the deck, listed as `cards.deal` lists it, is shuffled with
``rng.shuffle``. Drawing that in Python costs tens of microseconds a deal, most of it in `shuffle`'s Python loop;
here only the seed's key is made in Python (CPython's version-2 seeding: the text's bytes followed by their
SHA-512, as one big integer cut into 32-bit words), and the twister, `choice` and `shuffle` run compiled.
`matches_python()` checks the whole path against `random.Random` itself; the callers fall back to Python's
generator if it ever disagrees (another Python's `random` module).

>>> import random
>>> deck = list(range(53))
>>> random.Random("7:round:1").shuffle(deck)
>>> shuffled(["7:round:1"], [False], list(range(53)))[0][0].tolist() == deck
True
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

# The twister's words are kept in int64 (every product below stays under 2**63): numba mixing unsigned and
# signed integers would compute in floats.
N = 624
M = 397
MATRIX_A = 0x9908B0DF
UPPER_MASK = 0x80000000
LOWER_MASK = 0x7FFFFFFF
WORD = 0xFFFFFFFF


def seed_key(text: str) -> list[int]:
    """The 32-bit words CPython's `random.seed(text)` feeds the twister's `init_by_array` (version 2 seeding)."""
    raw = text.encode()
    number = int.from_bytes(raw + hashlib.sha512(raw).digest(), "big")
    words = max(1, (number.bit_length() + 31) // 32)
    data = number.to_bytes(words * 4, "little")
    return [int.from_bytes(data[i : i + 4], "little") for i in range(0, len(data), 4)]


def _initial_state() -> npt.NDArray[np.int64]:
    """`init_genrand(19650218)`, where every `init_by_array` starts: the same for every seed, made once."""
    mt = [19650218]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & WORD)
    return np.array(mt, dtype=np.int64)


INITIAL_STATE = _initial_state()


@njit(cache=True)
def _seed(mt: Any, key: Any, length: int) -> None:
    """The twister's state from `key[:length]` (`init_by_array`). Each word depends on the one written before it:
    that one is kept in `last` rather than read back from `mt` (a store then a load of the same word would add
    their latency to every step of the chain)."""
    mt[:] = INITIAL_STATE
    i, j = 1, 0
    last = mt[0]
    for _ in range(max(N, length)):
        last = ((mt[i] ^ (((last ^ (last >> 30)) * 1664525) & WORD)) + key[j] + j) & WORD
        mt[i] = last
        i += 1
        j += 1
        if i >= N:
            mt[0] = last
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        last = ((mt[i] ^ (((last ^ (last >> 30)) * 1566083941) & WORD)) - i) & WORD
        mt[i] = last
        i += 1
        if i >= N:
            mt[0] = last
            i = 1
    mt[0] = 0x80000000


@njit(cache=True)
def _twist(mt: Any) -> None:
    """The next 624 words of state (`genrand_uint32`'s refill), in three loops so that no index wraps."""
    for k in range(N - M):
        y = (mt[k] & UPPER_MASK) | (mt[k + 1] & LOWER_MASK)
        mt[k] = mt[k + M] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
    for k in range(N - M, N - 1):
        y = (mt[k] & UPPER_MASK) | (mt[k + 1] & LOWER_MASK)
        mt[k] = mt[k + M - N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
    y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK)
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)


@njit(cache=True)
def next_word(mt: Any, at: Any) -> int:
    """The next 32-bit output (`genrand_uint32`); `at[0]` is the position in the state."""
    if at[0] >= N:
        _twist(mt)
        at[0] = 0
    y = mt[at[0]]
    at[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    word: int = y & WORD
    return word


@njit(cache=True)
def below(mt: Any, at: Any, n: int) -> int:
    """`Random._randbelow(n)`: `getrandbits(n.bit_length())` until it falls below `n`."""
    bits = 0
    while (n >> bits) > 0:
        bits += 1
    while True:
        r = next_word(mt, at) >> (32 - bits)
        if r < n:
            return r


@njit(cache=True)
def _key(data: Any, start: int, end: int, key: Any) -> int:
    """`key`: the big-endian number in `data[start:end]` as little-endian 32-bit words (its first byte, a
    character of the text, is never zero: no leading zeros to drop); the number of words."""
    for word in range(key.shape[0]):
        key[word] = 0
    for at in range(end - start):
        key[at // 4] |= data[end - 1 - at] << (8 * (at % 4))
    return (end - start + 3) // 4


@njit(cache=True)
def _draw(data: Any, ends: Any, choose: Any, decks: Any, chosen: Any) -> None:
    """For seed i (its text's bytes and their digest, `data[ends[i-1]:ends[i]]`): ``rng.choice(range(choose[i]))``
    into `chosen[i]` when `choose[i]` > 0, then ``rng.shuffle(decks[i])`` in place."""
    mt = np.zeros(N, dtype=np.int64)
    at = np.zeros(1, dtype=np.int64)
    longest, start = 0, 0
    for row in range(ends.shape[0]):
        longest = max(longest, ends[row] - start)
        start = ends[row]
    key = np.zeros((longest + 3) // 4 + 1, dtype=np.int64)
    start = 0
    for row in range(ends.shape[0]):
        drawn = draw_one(mt, at, key, data, start, ends[row], choose[row], decks[row])
        if choose[row] > 0:
            chosen[row] = drawn
        start = ends[row]


@njit(cache=True)
def draw_one(mt: Any, at: Any, key: Any, data: Any, start: int, end: int, choose: int, deck: Any) -> int:
    """``rng = random.Random(text)`` for the text whose bytes and digest are `data[start:end]` (`mt`, `at` and
    `key` its work arrays: 624 words, one position, at least a word per 4 bytes), then ``rng.choice(range(choose))``
    when `choose` > 0 (returned; else -1) and ``rng.shuffle(deck)`` in place."""
    length = _key(data, start, end, key)
    _seed(mt, key, length)
    at[0] = N
    chosen = below(mt, at, choose) if choose > 0 else -1
    for i in range(deck.shape[0] - 1, 0, -1):
        j = below(mt, at, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return chosen


def seed_bytes(texts: Sequence[str]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The bytes CPython's version-2 seeding makes of each text (the text, then its SHA-512), and their ends."""
    blobs = []
    for text in texts:
        raw = text.encode()
        blobs.append(raw + hashlib.sha512(raw).digest())
    ends = np.cumsum([len(blob) for blob in blobs], dtype=np.int64)
    return np.frombuffer(b"".join(blobs), dtype=np.uint8).astype(np.int64), ends


def shuffled(
    texts: Sequence[str], choose_first: Sequence[bool] | npt.NDArray[np.bool_], deck: Sequence[int], players: int = 4
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each seed text: the `deck` shuffled by ``random.Random(text)``, after a ``choice(range(players))``
    where `choose_first` says so (else -1); as (decks, choices)."""
    decks = np.tile(np.asarray(deck, dtype=np.int64), (len(texts), 1))
    chosen = np.full(len(texts), -1, dtype=np.int64)
    choose = np.where(np.asarray(choose_first, dtype=bool), players, 0).astype(np.int64)
    if matches_python():
        _draw(*seed_bytes(texts), choose, decks, chosen)
        return decks, chosen
    for row, text in enumerate(texts):
        chosen[row] = _python_draw(text, int(choose[row]), decks[row])
    return decks, chosen


def shuffle_one(text: str, choose: int, deck: npt.NDArray[np.int64]) -> int:
    """`deck` (int64) shuffled in place by ``random.Random(text)`` after a ``choice(range(choose))`` when
    `choose` > 0; that choice (-1 without one). The one-deal path of `shuffled`, with less to set up."""
    if not matches_python():
        return _python_draw(text, choose, deck)
    raw = text.encode()
    blob = raw + hashlib.sha512(raw).digest()
    chosen = np.full(1, -1, dtype=np.int64)
    data = np.frombuffer(blob, dtype=np.uint8).astype(np.int64)
    _draw(data, np.array([len(blob)], dtype=np.int64), np.array([choose], dtype=np.int64), deck[None], chosen)
    return int(chosen[0])


def choices(texts: Sequence[str], players: int = 4) -> npt.NDArray[np.int64]:
    """``random.Random(text).choice(range(players))`` for each seed text."""
    chosen = np.full(len(texts), -1, dtype=np.int64)
    if matches_python():
        choose = np.full(len(texts), players, dtype=np.int64)
        _draw(*seed_bytes(texts), choose, np.zeros((len(texts), 0), dtype=np.int64), chosen)
        return chosen
    return np.array([random.Random(text).choice(range(players)) for text in texts], dtype=np.int64)


def _python_draw(text: str, choose: int, deck: npt.NDArray[np.int64]) -> int:
    rng = random.Random(text)
    first = rng.choice(range(choose)) if choose > 0 else -1
    cards = deck.tolist()
    rng.shuffle(cards)
    deck[:] = cards
    return first


@functools.cache
def matches_python() -> bool:
    """Whether the compiled draws equal this Python's `random.Random` on a few seeds (checked once)."""
    texts = ["0:round:1", "123456789:round:7", f"{2**62 + 5}:round:1:leader", "x" * 300]
    decks = np.tile(np.arange(54, dtype=np.int64), (len(texts), 1))
    chosen = np.full(len(texts), -1, dtype=np.int64)
    _draw(*seed_bytes(texts), np.full(len(texts), 4, dtype=np.int64), decks, chosen)
    for row, text in enumerate(texts):
        rng = random.Random(text)
        first = rng.choice(range(4))
        cards = list(range(54))
        rng.shuffle(cards)
        if first != chosen[row] or cards != decks[row].tolist():
            return False
    return True
