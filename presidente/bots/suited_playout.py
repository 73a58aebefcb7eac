"""The card search's playouts on the compiled kernel (`suited_kernel`), where numba is installed and the rules
are covered; the bridge between the engine's `State` and actions and the kernel's board and move rows.

`card_search` asks `SuitedPlayouts.start(template, seat, moves, ...)` once per decision: None where numba (the
`envs` extra) is missing, the rules are not covered (`covers`), the position is not (`covers_state`) or the kernel
is not loaded yet (`ready`: the first ask loads it in a thread of its own, compiling it the first time after an
install, about 10 s of CPU, so no move waits for it); the search then plays on the engine, with the same places.

Covered: one deck, 0-2 jokers in the bga mode (a lone joker the highest single), passes for the trick, no equal
plays, no one fewer 2, no 4-in-a-row, no 7 give or 10 discard, sequences that do not wrap; with those, every other
option: revolutions (every mode, count, scope, ending the trick), the 8-rule, the best rank ending a trick, the
penalized finishes, the downfall, and the Daifugo and UECda options — jack back, 8 cut, 5 skip, 9 reverse, the
spade-3 return, the suit lock, the number lock, sequences (their minimum, joker ends, revolution), jokers naming
suits, trick end when all passed, the leader's pass, the pass limit (its random places drawn by the kernel), the
seating order. The `uecda` and `daifugo` presets are covered.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from presidente.bots.background_load import BackgroundLoad
from presidente.bots.determinize import _CARD_INDEX, Knowledge
from presidente.cards import JOKER
from presidente.president.actions import Action, Pass, Play, cards_of_rank, cell_of, cell_rank
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

try:
    import numpy as np

    from presidente.bots import suited_deals
    from presidente.bots import suited_kernel as kernel
except ImportError:  # numba and numpy come with the optional `envs` extra
    AVAILABLE = False
else:
    AVAILABLE = True
    # Each card kind's index in the exchange's give order (`determinize`'s bounds read it).
    _CARD_ORDER = np.array(_CARD_INDEX, dtype=np.int64)

# The kernel's board holds up to this many seats.
MAX_SEATS = 8
_REVOLUTION_MODES = {"off": 0, "strict": 1, "relaxed": 2, "jokers": 3}
# A fixed start for the kernel's random numbers (the pass limit's places), so a search needs no draw from its
# generator for them: the same deals whether a playout runs on the kernel or on the engine.
_RANDOM_START = 0x2545F4914F6CDD1D


def _load() -> None:
    """Call every kernel entry point the search and the check use once, on a `uecda` position (so numba compiles
    them, or loads them from its cache), then mark the kernel ready. A failure leaves the search on the engine."""
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    state = new_game(find_preset("uecda"), 5, 0)
    assert state.current is not None
    moves = state.legal_actions()[:2]
    playouts = SuitedPlayouts(state, state.current, moves, 5, 400)
    playouts.play(state.hands)
    board = board_of(state)
    apply(board, playouts.rules, policy(board, playouts.rules, 5))
    policy(board, playouts.rules, 5, 1)
    from presidente.bots.determinize import knowledge_of

    dealer = SuitedDealer(state, knowledge_of(state.observation(state.current), state.rules), 1)
    warm = SuitedEvidence.__new__(SuitedEvidence)
    warm.snapshots = np.zeros((1, kernel.BOARD_SIZE), dtype=np.int64)
    warm.snapshots[0] = board_of(state)  # the seat to move's decision, before it
    warm.movers = np.array([state.current], dtype=np.int64)
    warm.later = np.zeros((1, 53), dtype=np.int64)
    warm.observed = np.array([encode(moves[0])], dtype=np.int64)
    warm.mismatch, warm.rules, warm.style, warm.decisions = MISMATCH, playouts.rules, 1, 1
    warm.work = np.empty(kernel.BOARD_SIZE, dtype=np.int64)
    warm.moves = np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64)
    playouts.play(dealer.weighed(2, warm, 5))


_KERNEL = BackgroundLoad("suited-kernel", _load, AVAILABLE)


def ready(wait: bool = False) -> bool:
    """Is the compiled kernel loaded? The first call starts loading it in a thread of its own
    (`background_load`); `wait`: until it is loaded."""
    return _KERNEL.ready(wait)


def covers(rules: Rules) -> bool:
    """Does the kernel play these rules (the module's docstring lists what it covers)?"""
    return (
        rules.decks == 1
        and rules.jokers_per_deck <= 2
        and rules.joker_mode == "bga"
        and not rules.one_fewer_two
        and rules.pass_mode == "trick"
        and rules.equalize == "disallow"
        and rules.four_in_a_row == "off"
        and not rules.seven_give
        and not rules.ten_discard
        and not rules.sequence_wraps
    )


def covers_state(state: State) -> bool:
    """Can the kernel take the position over: the play phase of covered rules, a seat to move, nothing owed, no
    special 3 to lead, no obligation, at most `MAX_SEATS` seats."""
    return (
        AVAILABLE
        and state.phase is Phase.PLAY
        and state.current is not None
        and state.owed is None
        and state.must_include is None
        and state.obligation is None
        and state.seats <= MAX_SEATS
        and covers(state.rules)
    )


@functools.lru_cache(maxsize=64)
def _rules_row(rules: Rules) -> tuple[int, ...]:
    values = {
        "revolution_mode": _REVOLUTION_MODES[rules.revolution],
        "revolution_scope_trick": rules.revolution_scope == "trick",
        "all_passed": rules.trick_end == "all-passed",
    }
    return tuple(int(values[name]) if name in values else int(getattr(rules, name)) for name in kernel.RULE_NAMES)


def rules_array(rules: Rules) -> Any:
    """The kernel's rules row for `rules` (covered ones)."""
    return np.array(_rules_row(rules), dtype=np.int64)


def board_of(state: State) -> Any:
    """The kernel's board of the engine's position (`covers_state`)."""
    board = np.zeros(kernel.BOARD_SIZE, dtype=np.int64)
    seats = state.seats
    board[kernel.SEATS] = seats
    for index, seat in enumerate(state.seating if state.seating is not None else range(seats)):
        board[kernel.ORDER + index] = seat
        board[kernel.POS + seat] = index
    for seat in range(seats):
        board[kernel.ACTIVE + seat] = state.active[seat]
        board[kernel.PASSED + seat] = state.trick_passed[seat]
    for index, seat in enumerate(state.finished):
        board[kernel.FIN + index] = seat
    for index, seat in enumerate(state.out):
        board[kernel.OUT + index] = seat
    for index, seat in enumerate(state.round_players):
        board[kernel.RP + index] = seat
    board[kernel.N_FIN] = len(state.finished)
    board[kernel.N_OUT] = len(state.out)
    board[kernel.PLAYERS] = len(state.round_players)
    board[kernel.DOWN] = _seat(state.downfallen)
    board[kernel.CUR] = _seat(state.current)
    board[kernel.LAST] = _seat(state.last_player)
    board[kernel.LEADER] = _seat(state.trick_leader)
    board[kernel.TSIZE] = state.trick_size
    board[kernel.TSEQ] = state.trick_sequence
    board[kernel.TOPKEY] = state.top_key
    board[kernel.TOPSIZE] = state.top_size
    board[kernel.RUNRANK] = kernel.NONE if state.run_rank is None else state.run_rank
    board[kernel.NLOCKED] = state.number_locked
    board[kernel.LOCK] = state.lock
    board[kernel.LOCKPREV] = state.lock_prev
    board[kernel.JBACK] = state.jack_back
    board[kernel.REV] = state.reversed
    board[kernel.CW] = state.clockwise
    board[kernel.PASSES] = state.passes_in_a_row
    board[kernel.TOP_ROLE] = _seat(state.roles.top)
    board[kernel.RNG] = _RANDOM_START
    kernel.set_hands(board, np.array(state.hands, dtype=np.int64))
    return board


def _seat(seat: int | None) -> int:
    return -1 if seat is None else seat


def _bit(card: int) -> int:
    return 1 << int(kernel.BIT_OF_CARD[card])


def encode(action: Action) -> tuple[int, ...]:
    """The kernel's move row of an engine action (a pass or a play)."""
    if type(action) is Pass:
        return (kernel.PASS, kernel.NONE, 0, 0, 0, 0, -1)
    assert isinstance(action, Play)
    mask = sum(_bit(card) for card, _ in action.cards if card != JOKER)
    if action.sequence:
        assert action.rank is not None
        cells = sum(1 << (cell_rank(card) + 1) for card in action.stands_for)
        return (kernel.SEQ, action.rank, mask, action.jokers, cells, action.size, action.suit)
    if action.stands_for:
        named = sum(1 << (card % 4) for card in action.stands_for)
    else:
        named = -1 if action.jokers and action.naturals else 0
    rank = kernel.NONE if action.rank is None else action.rank
    return (kernel.GROUP, rank, mask, action.jokers, named, action.size, -1)


def decode(row: Sequence[int]) -> Action:
    """The engine action of a kernel move row."""
    kind, rank, mask, jokers, named, _, suit = (int(value) for value in row)
    if kind == kernel.PASS:
        return Pass()
    cards = sorted(card for card in range(52) if mask >> int(kernel.BIT_OF_CARD[card]) & 1)
    group = tuple((card, 1) for card in cards) + (((JOKER, jokers),) if jokers else ())
    if kind == kernel.SEQ:
        stands_for = tuple(sorted(cell_of(cell - 1, suit) for cell in range(15) if named >> cell & 1))
        return Play(group, None, stands_for)
    if named > 0:
        return Play(group, None, tuple(cards_of_rank(rank)[suit] for suit in range(4) if named >> suit & 1))
    return Play(group)


def legal_moves(board: Any, rules: Any) -> list[tuple[int, ...]]:
    """The kernel's legal move rows of the board's position, in its order."""
    moves = np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64)
    count = kernel.legal_moves(board, rules, moves)
    return [tuple(int(value) for value in moves[index]) for index in range(count)]


def apply(board: Any, rules: Any, row: Sequence[int]) -> None:
    """Make the move `row` (a legal one) on the board."""
    kernel.apply_move(board, rules, np.array([row], dtype=np.int64), 0)


def policy(board: Any, rules: Any, long_hand: int, style: int = 0) -> tuple[int, ...]:
    """The playout policy's move row on the board (`card_search.policy_action`'s move in that style)."""
    moves = np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64)
    count = kernel.legal_moves(board, rules, moves)
    index = kernel.policy_move(board, rules, moves, count, long_hand, style)
    return tuple(int(value) for value in moves[index])


class SuitedPlayouts:
    """One decision's playouts on the kernel: the position's board once, then each deal's hands (the policy in
    style `own` for the seat, `others` for the other seats: `card_search.policy_action`)."""

    def __init__(
        self,
        template: State,
        seat: int,
        moves: Sequence[Action],
        long_hand: int,
        max_moves: int,
        own: int = 0,
        others: int = 0,
        look: int = 0,
    ) -> None:
        self.own = own
        self.others = others
        self.look = look  # the seat looks one move ahead once it holds this many cards or fewer (0: never)
        self.base = board_of(template)
        self.rules = rules_array(template.rules)
        self.candidates = np.array([encode(move) for move in moves], dtype=np.int64)
        self.seat = seat
        self.long_hand = long_hand
        self.max_moves = max_moves
        self.work = np.empty_like(self.base)
        self.moves = np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64)
        self.places = np.zeros(len(moves), dtype=np.int64)
        self.every_arm = np.arange(len(moves), dtype=np.int64)
        self.inner = np.empty_like(self.base)
        self.inner_moves = np.zeros_like(self.moves)

    @classmethod
    def start(
        cls,
        template: State,
        seat: int,
        moves: Sequence[Action],
        long_hand: int,
        max_moves: int,
        own: int = 0,
        others: int = 0,
        look: int = 0,
    ) -> SuitedPlayouts | None:
        """The kernel's playouts for this decision, or None where the engine must play them (`covers_state`)."""
        if not covers_state(template) or not ready():
            return None
        if any(type(move) not in (Play, Pass) for move in moves):
            return None
        return cls(template, seat, moves, long_hand, max_moves, own, others, look)

    def play(self, hands: Sequence[Sequence[int]], arms: Sequence[int] | None = None) -> list[int | None]:
        """Each move's place (0: first) on the deal `hands` (counts per card kind, seat by seat), or only the moves
        of `arms` (indices, in that order); None where the deal refuses the move."""
        self.base[kernel.RNG] += 1  # the pass limit's draws differ from deal to deal
        chosen = self.every_arm if arms is None else np.array(arms, dtype=np.int64)
        kernel.play_deal(
            self.base,
            self.rules,
            np.array(hands, dtype=np.int64),
            self.candidates,
            chosen,
            self.seat,
            self.long_hand,
            self.max_moves,
            self.work,
            self.moves,
            self.places,
            self.own,
            self.others,
            self.look,
            self.inner,
            self.inner_moves,
        )
        return [None if place < 0 else int(place) for place in self.places[: len(chosen)].tolist()]


class SuitedDealer:
    """`determinize.sample_hidden`'s deals on the kernel (`suited_deals.deal_hidden`: the same facts, the same
    distribution, other random numbers), and `weighed`: `count` of them and the pick of one by the evidence in one
    call (`suited_deals.weighed_deal`). For a seat's `knowledge` with no undealt pile (`fits`)."""

    def __init__(self, template: State, knowledge: Knowledge, seed: int) -> None:
        seats, seat = template.seats, knowledge.seat
        self.fixed = np.zeros((seats, 53), dtype=np.int64)
        self.fixed[seat] = template.hands[seat]
        pool = knowledge.unseen[:]
        for holder, cards in knowledge.known.items():
            self.fixed[holder] += np.array(cards, dtype=np.int64)
            pool = [left - count for left, count in zip(pool, cards, strict=True)]
        self.cards = np.array([card for card, count in enumerate(pool) for _ in range(count)], dtype=np.int64)
        self.deck = np.empty_like(self.cards)
        hidden = knowledge.hidden_sizes
        bounds = [
            (holder, bound, int(is_ceiling), hidden[holder] - int(self.fixed[holder].sum()))
            for is_ceiling, facts in ((True, knowledge.ceiling), (False, knowledge.floor))
            for holder, bound in facts.items()
            if holder in hidden
        ]
        self.bounds = np.array(bounds, dtype=np.int64).reshape(len(bounds), 4)
        self.sizes = np.array([hidden.get(other, 0) for other in range(seats)], dtype=np.int64)
        self.random = np.zeros(kernel.BOARD_SIZE, dtype=np.int64)
        self.random[kernel.RNG] = seed | 1
        self.seats = seats

    @staticmethod
    def fits(knowledge: Knowledge) -> bool:
        return AVAILABLE and knowledge.undealt == 0

    def deal(self) -> Any:
        """One deal: every seat's counts per card kind (a seats x 53 array)."""
        hands = np.empty((self.seats, 53), dtype=np.int64)
        suited_deals.deal_hidden(
            self.fixed, self.cards, self.deck, self.bounds, _CARD_ORDER, self.sizes, self.random, hands
        )
        return hands

    def weighed(self, count: int, evidence: SuitedEvidence | None, long_hand: int) -> Any:
        """One of `count` deals drawn in proportion to `evidence.mismatch` to the power of its misses (None or no
        decisions: one deal)."""
        if evidence is None or not evidence.decisions or count < 2:
            return self.deal()
        options = np.empty((count, self.seats, 53), dtype=np.int64)
        misses = np.zeros(count, dtype=np.int64)
        pick = suited_deals.weighed_deal(
            self.fixed,
            self.cards,
            self.deck,
            self.bounds,
            _CARD_ORDER,
            self.sizes,
            options,
            evidence.snapshots,
            evidence.movers,
            evidence.later,
            evidence.observed,
            evidence.mismatch,
            evidence.rules,
            long_hand,
            evidence.style,
            evidence.work,
            evidence.moves,
            misses,
            self.random,
        )
        return options[pick]


# How much less likely a deal is for each past decision of another seat that the policy would have made otherwise.
MISMATCH = 0.1
# The latest decisions of the other seats that a deal is judged on (each costs a listing of moves per deal).
RECENT = 24


class SuitedEvidence:
    """What the other seats' moves of this round tell about their hands, judged on the kernel.

    The round's plays and passes are replayed on the kernel from its first move (the hands at the start: one deal
    of `template`'s hidden cards plus what each seat played since, so that sizes and finishes come out right;
    the trick, locks, turns and passes depend on the moves alone), keeping the board before each of the latest
    `RECENT` decisions of another seat, the move it made and the cards it played from then on. `misses(deals)` then
    counts for each deal of the hidden cards the decisions that the playout
    policy in `style` (a model of the other seats), given the hand the seat held then, would have made
    otherwise. No decisions (`decisions == 0`) where the replay does not follow the events (a seat that left, a
    round the kernel does not cover)."""

    def __init__(
        self, observation: Any, template: State, seat: int, hands: Sequence[Sequence[int]], style: int
    ) -> None:
        self.decisions = 0
        self.style = style
        self.mismatch = MISMATCH
        self.seats = template.seats
        self.rules = rules_array(template.rules)
        moves: list[tuple[int, Action]] = []
        for event in observation.events:
            if event.kind == "play" and event.seat is not None:
                moves.append((event.seat, event.payload))
            elif event.kind == "pass" and event.seat is not None:
                moves.append((event.seat, Pass()))
            elif event.kind in ("skip", "leave", "join", "downfall"):
                return  # not a round the replay follows
        if not moves or not covers_state(template):
            return
        seats = template.seats
        start = [list(hand) for hand in hands]
        start[seat] = list(template.hands[seat])
        for mover, move in moves:
            if type(move) is Play:
                for card, count in move.cards:
                    start[mover][card] += count
        board = board_of(template)
        for other in range(seats):
            board[kernel.ACTIVE + other] = template.in_round[other] and sum(start[other]) > 0
        board[kernel.N_FIN] = board[kernel.N_OUT] = 0
        board[kernel.DOWN] = -1
        board[kernel.REV] = 0
        board[kernel.CW] = 1
        board[kernel.PASSES] = 0
        board[kernel.OVER] = 0
        kernel.set_hands(board, np.array(start, dtype=np.int64))
        kernel._reset_trick(board, moves[0][0])
        row = np.zeros((1, kernel.MOVE_COLUMNS), dtype=np.int64)
        kept: list[tuple[Any, int, tuple[int, ...]]] = []
        for mover, move in moves:
            if board[kernel.OVER] or board[kernel.CUR] != mover:
                return  # the replay does not follow the round's events
            row[0] = encode(move)
            if mover != seat:
                kept.append((board.copy(), mover, tuple(int(value) for value in row[0])))
            kernel.apply_move(board, self.rules, row, 0)
        # The moves backwards: the cards each kept decision's mover played from it on (that move's included).
        played = [[0] * 53 for _ in range(seats)]
        later: list[list[int]] = []
        for mover, move in reversed(moves):
            if type(move) is Play:
                for card, count in move.cards:
                    played[mover][card] += count
            if mover != seat:
                later.append(played[mover][:])
        later.reverse()
        recent = list(zip(kept, later, strict=True))[-RECENT:]
        self.snapshots = np.array([snapshot for (snapshot, _, _), _ in recent], dtype=np.int64)
        self.movers = np.array([mover for (_, mover, _), _ in recent], dtype=np.int64)
        self.observed = np.array([moved for (_, _, moved), _ in recent], dtype=np.int64)
        self.later = np.array([cards for _, cards in recent], dtype=np.int64)
        self.work = np.empty(kernel.BOARD_SIZE, dtype=np.int64)
        self.moves = np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64)
        self.decisions = len(recent)

    def misses(self, deals: Sequence[Sequence[Sequence[int]]], long_hand: int) -> list[int]:
        """For each deal (every seat's counts per card kind), the decisions it leaves unexplained."""
        hands = np.array(deals, dtype=np.int64)
        out = np.zeros(len(deals), dtype=np.int64)
        suited_deals.deal_misses(
            self.snapshots,
            self.movers,
            self.later,
            self.observed,
            hands,
            self.rules,
            long_hand,
            self.style,
            self.work,
            self.moves,
            out,
        )
        return [int(value) for value in out.tolist()]

    def limits(self, known: dict[int, list[int]], fixed: Sequence[int], others: Sequence[int]) -> None:
        """What `chain` may move: the cards each seat surely holds (`known`) stay, and so do the hands of the seats
        in `fixed` (a bound from the exchange); cards move between the other seats of `others`."""
        self.known = np.zeros((self.seats, 53), dtype=np.int64)
        for holder, cards in known.items():
            self.known[holder] = cards
        self.swappers = np.array([other for other in others if other not in fixed], dtype=np.int64)
        self.random = np.zeros(kernel.BOARD_SIZE, dtype=np.int64)

    def chain(self, deal: Sequence[Sequence[int]], steps: int, seed: int, long_hand: int) -> list[list[int]]:
        """`deal` moved `steps` Metropolis steps towards the deals that explain the other seats' moves
        (`suited_deals.evidence_chain`); `seed` starts its random numbers."""
        hands = np.array(deal, dtype=np.int64)
        if self.swappers.shape[0] < 2 or steps <= 0:
            return [list(hand) for hand in deal]
        free = hands - self.known
        self.random[kernel.RNG] = seed | 1
        suited_deals.evidence_chain(
            self.snapshots,
            self.movers,
            self.later,
            self.observed,
            hands,
            free,
            self.swappers,
            steps,
            self.mismatch,
            self.rules,
            long_hand,
            self.style,
            self.work,
            self.moves,
            self.random,
        )
        result: list[list[int]] = hands.tolist()
        return result
