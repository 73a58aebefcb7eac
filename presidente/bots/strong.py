"""The `strong` President bot: the search that spends its time per move best (issue 30).

It searches the way `ismcts` and `cardsearch` do — deals of the hidden cards drawn from what the seat knows
(weighed by the other seats' moves on rank-count tables: `determinize.Evidence`), every searched move played
on the same deals (common random numbers, so a deal's luck cancels between moves) — and adds:

- **a race at the root** (`Race`: successive elimination, a bandit with a stopping rule): every move still in
  the race is played on each new deal; once `min_deals` deals are in, a move whose mean reward is below the
  leader's by more than `z` standard errors of their paired differences is dropped, so the later deals go to
  the moves that could still be best; the search stops as soon as one move is left (or the budget is spent),
  and the best mean among those left is played. `ismcts` splits its deals evenly over every move to the end;
  `cardsearch` over ten;
- **exact endgames** (`EndgameSolver`, rank-count tables): once two players are left with this seat among them,
  a deal's endgame is a perfect-information game of two hands, solved by a memoized AND/OR search on the
  engine's own rules (`playout.Table`) — can this seat finish first of the two whatever the other does? — up to
  `solve_nodes` positions. A deal whose position has at most `SOLVE_ACTIVE` players and `SOLVE_CARDS` cards
  left is played by the policy until two are left, then solved; once one endgame of a decision is too big (more
  positions, or past the deadline), that deal and the decision's later ones are played out by the policy for
  every move, as `ismcts` does (the moves of a deal are compared on the same footing). With two players left the
  hidden cards are all the other's: every deal is the same, so the one deal is solved exactly when it fits in
  `KNOWN_DEAL_FACTOR` times as many positions and the move's time.

With `look` > 0 (rank-count tables: `RANK_LOOK` by default) this seat's own moves in a playout look one move ahead
once it holds `look` cards or fewer: the move after which the policy's playout on that deal places it best
(`rank_kernel.play_out_looking`, `rank_playout.looking_place` on `Table`).

Tables whose suits the rank-count playout cannot follow (`playout.plays_on_rank_counts`: sequences, locks, UECda's
turns) are raced with `cardsearch`'s deals and candidates, the playouts compiled where `suited_playout` covers the table
(else on the engine's `State`, where few deals fit in a move), the other seats playing the policy's `SETS` style
(`others`, the UECda sample client's way) and this one by the learned bot's policy where it was trained for the table
(`rollout`, below; `WEAKEST`, `own`, elsewhere and with `rollout=heuristic`). On the kernel each deal is the pick of
`weigh` deals by how well it explains the other seats' moves of the round (`SuitedEvidence`), then moved `steps` steps
of a Metropolis chain; the kernel deals them too (`dealer`, `suited_playout.SuitedDealer`). With `look` > 0 this seat's
playouts look one move ahead once it holds `look` cards or fewer. The anchor's move (the heuristic bot's, or the learned
bot's) is kept unless the race's best beats it by `keep` standard errors (`card_search.CONFIDENCE`).
Budgets: `time` seconds per move (0: none), on the wall clock or with `clock="cpu"` the searching thread's CPU
time (`base.CLOCKS`), and `iterations` playouts per move (0: none), as `ismcts` counts them. The card transfer, the
draft and a position the search cannot set up go to the heuristic bot, as in the other searches.

**The time bank** (`bank` > 0, in multiples of `time`; 0: off, the default): a race settled before its time is up
leaves the rest to the round's later searches. Each search's deadline is `time` plus the whole bank (`banked`);
after it the bank gains `time` less the time the search used (on the budget's own clock, from its deadline's
start), kept between 0 and `bank` x `time`. A search that overruns its time (the deal it is on finished) draws the
bank down by as much. Only searches bank: a move with one choice, or left to the heuristic, neither adds nor takes.
The bank empties at each new round (a new `round_number`, or a hand grown since the last decision: a new deal), so
a round's budget is its own whatever the bot played before.

**Loans** (`borrow` > 0, in multiples of `time`; 0: off, the default): on `bga` the open races come first in a round
and the easy moves last, so a bank of savings alone is mostly left unspent. With loans a search may draw up to
`borrow` x `time` beyond its own time (and the bank's savings) ahead of the round's later searches: the bank may go
below 0, down to a floor reckoned at each decision from this seat's cards in hand (c cards: c - 2 later searched
decisions, `CARDS_PER_SEARCH_OFFSET`, each able to give back all but `MIN_SHARE` of its time), and the later searches
repay the debt by settling early; a search in debt below the floor gets `time` less the excess, never under
`MIN_SHARE` x `time`. The same account as the bank (`banked`, `_deadline`, `_close_bank`); without loans an overrun
is forgiven at 0, with them it stays owed. `bank=4,borrow=3` measured against `ismcts` in docs/bots.md: 320 deals
(seeds 101-108, `strong_strength.py`), −0.012 places (−0.072 to +0.048), no difference shown (the bank alone −0.029,
neither −0.014), at 81.5 ms of CPU a searched decision against ismcts's 101.2 (38.3 without bank and loans).

**The anchor on rank-count tables** (`prior` = 1; 0, the default): the `anchor`'s move (`anchor=learned`: the
learned bot's) is kept unless the race's best beats it by `keep` standard errors of their paired difference, as on
suit tables (`_kept`, one rule for both). In 4 bga rounds of two `strong:clock=cpu,prior=1,anchor=learned` seats
against two `ismcts` it overruled the race's best on 12 of 95 searched decisions. Against `ismcts` on the CPU clock
(docs/bots.md, seeds 101-104 of `strong_strength.py`, 160 deals): +0.119 places (+0.040 to +0.198), ismcts stronger:
keeping the learned move weakens strong, so off.

**Playouts by the learned policy on rank-count tables** (`rollout="learned"`, the default; "heuristic": the
heuristic policy's playouts, as before): the kernel's playouts of the race are played by the `learned` bot's network,
compiled (`rank_learned.LearnedPlayouts`: its rows checked against `learned.encode`), every seat's moves, for the
first `depth` moves of each playout (0, the default: all of them), then by the heuristic policy. Only where a shipped
weights file of the base or the full layout was trained for the table (`rank_learned`: `bga`, `victorz`, `college` and
`college-draft` at 3 to 8 players, `trump-jokers` at 4 to 8, one deck); elsewhere, before the compiled code is loaded,
for a move towards an exact endgame and for the deals' evidence the heuristic policy plays as before. Against `ismcts`
on the CPU clock it makes `strong` the stronger (docs/bots.md, `strong_strength.py` seeds 101-125, 1,000 `bga` deals:
-0.134 places, -0.170 to -0.099), where the heuristic's playouts were not (-0.014 over 920 deals): the default since.
On `victorz` too (seeds 101-103, 120 deals: -0.169, -0.258 to -0.080) and `trump-jokers` (101-102, 80 deals: -0.469,
-0.592 to -0.345); `college` 101-102, 80 deals: -0.038 (-0.149 to +0.073), no difference shown; nowhere worse.
Other tables and player counts: not measured.

**Playouts by the learned policy on suit tables** (`rollout="learned"`, the default there since measured, below:
this seat's moves in the playouts by the learned bot's network, the other seats' in style `others`;
`"learned-all"`: every seat's; "heuristic": the styles `own` and `others`, as before): the kernel's playouts
(`suited_learned.SuitedLearnedPlayouts`: its suited rows checked against `learned.encode`, 0 differences on 1,200
`uecda` positions and 1,200 `daifugo` ones) where a shipped weights file was trained for the table: `uecda` at 5
players, whose file reads the suited rows, and `daifugo` at 3 to 6, whose files read the full rows (the suited rows'
leading columns), by default on both (`SUITED_DEFAULT_LAYOUTS`; on `daifugo` since measured, below). Elsewhere,
before the compiled code is loaded, and for the deals' evidence, the heuristic styles as before. The look ahead
(`look`) stays, its inner playouts by the same policies. Its playouts are slower (`benchmarks/suited_learned_speed.py`,
`uecda`, 12 positions, 3 rounds, load average 6.7: 0.22x the heuristic's playouts a CPU-second with this seat
learned, 0.05x with every seat; in the search 0.32x and 0.09x), yet stronger:
`benchmarks/uecda_paired.py --a strong:time=0.1,clock=cpu --b strong:time=0.1,clock=cpu,rollout=learned --single
--workers 1`, B - A in points a game against four sample clients, seed 2 (240 matches, 1,200 paired games, load
average 4.0-6.3): +0.131 (+0.084 to +0.178); seed 4 (1,200 games, load 3.0-5.6): +0.125 (+0.077 to +0.173); seed 1
(400 games): +0.058 (-0.024 to +0.139); the three together (inverse-variance) +0.118 (+0.087 to +0.149), at 29.5 ms
of CPU a move against 21.2 (the race settles later on fewer playouts, within the same `time`). Every seat learned
(`rollout=learned-all`, seed 3, 400 games): -0.048 (-0.137 to +0.042), no difference shown, at 33.9 ms a move. The
default against `rollout=heuristic` once switched (seed 5, 600 games, load 2.5-4.1): +0.097 (+0.025 to +0.168).
On `daifugo` at 4 players (its full-layout file), two and two on the CPU clock: `benchmarks/strong_strength.py
--preset daifugo --deals 20 --seconds 0.1 --seed S --workers 1 --strong strong:clock=cpu,rollout=learned --opponent
strong:clock=cpu,rollout=heuristic`, the learned pair's mean place minus the heuristic pair's, the runs pooled (each
run's mean weighted by its deals, their variances combined), seeds 31-58, 560 deals, load average 2.1-7.6:
-0.174 (-0.220 to -0.129) places, learned stronger, at 63.7 ms of CPU a searched move against 47.5 (`--positions
300`, load 4.0-4.8): the default there since. At 3, 5 and 6 players (their files checked, 0 differences on 400
positions each): not measured.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING

from presidente.bots.base import Bot, Choice, clock_named
from presidente.bots.card_search import (
    CONFIDENCE,
    LONG_HAND,
    MAX_MOVES,
    MAX_PLAYOUT_MOVES,
    SAMPLE,
    SETS,
    WEAKEST,
    WIN_BONUS,
    candidates,
    play_out,
)
from presidente.bots.card_search import MAX_SEARCH_CARDS as CARD_SEARCH_CARDS
from presidente.bots.determinize import (
    Dealer,
    DeterminizationError,
    Evidence,
    Knowledge,
    Sampler,
    knowledge_of,
    public_state,
    sample_hidden,
)
from presidente.bots.endgame import TwoPlayerEndgame, Unsolved
from presidente.bots.ismcts import MAX_SEARCH_CARDS, move_key
from presidente.bots.playout import Move, Table, plays_on_rank_counts
from presidente.bots.president_heuristic import HeuristicBot, rules_for
from presidente.bots.rank_playout import RankPlayouts, looking_move, looking_place
from presidente.bots.rank_playout import sampler as rank_sampler
from presidente.errors import PresidenteError
from presidente.president.actions import Action, Give, Pass, Play
from presidente.president.observation import Observation
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

if TYPE_CHECKING:
    from presidente.bots.suited_playout import SuitedEvidence, SuitedPlayouts

# Standard errors by which a move must trail the leader to leave the race, and the deals played before any does.
RACE_Z = 3.0
MIN_DEALS = 8
# The race also stops when every move left is within this much reward of the leader, `z` standard errors
# included, after at least `TIE_DEALS` deals (moves that differ on one deal in fifty look equal on a few).
TIE = 0.005
TIE_DEALS = 256
# Positions an endgame solve may visit before it gives up (the playout policy plays that deal out instead).
SOLVE_NODES = 3_000
# A known deal (one other hand holds every unseen card) is the only one searched: its solves may visit this many
# times more positions, within the move's time.
KNOWN_DEAL_FACTOR = 30
# A deal is played towards an exact endgame when its position has at most this many players and cards left.
SOLVE_ACTIVE = 3
SOLVE_CARDS = 24
STYLES = (WEAKEST, SETS, SAMPLE)
# Suit tables: the other seats are modelled in the playouts and the evidence by the SETS style (the UECda
# development kit's sample client, which it matches on 98% of its decisions where WEAKEST matches 74%), and each
# deal is the likeliest-weighted of this many (`SuitedEvidence`).
OTHERS_STYLE = SETS
WEIGH = 8
# Suit tables: the race's z and first deals, and the cards from which this seat's playouts look one move ahead
# (`look`, 0: never). A race held longer (5 and 32) and looking ahead from 4 cards made 4.109 points a game over
# 1,000 games against the sample clients, as these (4.129): the same strength at more CPU a move (docs/bots.md).
# Looking ahead from 4 cards alone, on the paired benchmark's same games: +0.081 points a game (+0.038 to +0.125).
SUITED_Z = RACE_Z
SUITED_MIN_DEALS = MIN_DEALS
LOOK = 4
# Rank-count tables: the same look ahead in this seat's playouts (`rank_kernel.play_out_looking`), from this many
# cards on (0: never). From 4 cards, against three learned seats on the same 157 bga deals: -0.030 places (-0.111 to
# +0.050), no difference shown (docs/bots.md), so off.
RANK_LOOK = 0
# The playouts' policy (`rollout`) where none is given: the learned bot's on rank-count tables (`rank_learned`: every
# seat's) and on suit tables (`suited_learned`: this seat's; +0.118 points a game against the sample clients over
# 2,800 paired uecda games, and -0.17 places against the heuristic styles' on daifugo, module docstring).
ROLLOUTS = ("heuristic", "learned", "learned-all")
RANK_ROLLOUT = "learned"
SUITED_ROLLOUT = "learned"
# Suit tables: the layouts of the table's weights file (`suited_learned.trained_layout`) whose playouts are the
# learned policy's where `rollout` is not given (a file of another layout keeps the heuristic styles by default, and
# `rollout=learned` plays it): uecda's suited file, and daifugo's full-layout files since measured (module docstring).
SUITED_DEFAULT_LAYOUTS = frozenset({"suited", "full"})
# Suit tables: the President's and Vice's give chosen by search (1) or the heuristic's (0).
GIVE = 1
# The time bank's loans (`borrow`): every search keeps at least this share of `time` while the round's debt is
# repaid, and this seat's searched decisions left in a round are reckoned as its cards in hand less this many (at
# least one). In 200 bga rounds of four heuristic seats a seat had 11.8 searched decisions a round, and with h cards
# in hand (6 to 13) h - 1.5 left, this one included (2 to 2.5 below 4 cards).
MIN_SHARE = 0.25
CARDS_PER_SEARCH_OFFSET = 1


class Race:
    """Successive elimination over `arms` moves, each played on the same deals (paired rewards).

    `record(rewards)` takes one deal's rewards for the moves still in the race (`alive`, in that order). From
    `min_deals` deals on, at deal counts growing by a quarter (so the checks cost little), a move whose paired
    difference to the leader (the best mean) exceeds `z` standard errors is dropped; `settled` once one is left,
    or once every move left is within `TIE` of the leader, `z` standard errors included, after `TIE_DEALS` deals
    (`tied`).
    """

    def __init__(self, arms: int, z: float = RACE_Z, min_deals: int = MIN_DEALS) -> None:
        if arms < 1:
            raise ValueError("A race needs at least one move.")
        self.alive = list(range(arms))
        self.rewards: list[list[float]] = [[] for _ in range(arms)]
        self.deals = 0
        self.z = z
        self.min_deals = max(2, min_deals)
        self._next_check = self.min_deals
        self.tied = False

    @property
    def settled(self) -> bool:
        return len(self.alive) == 1 or self.tied

    def record(self, rewards: Sequence[float]) -> None:
        if len(rewards) != len(self.alive):
            raise ValueError(f"One reward per move in the race: {len(self.alive)}, not {len(rewards)}.")
        for arm, reward in zip(self.alive, rewards, strict=True):
            self.rewards[arm].append(reward)
        self.deals += 1
        if self.deals >= self._next_check:
            self._next_check = self.deals + max(1, self.deals // 4)
            self._eliminate()

    def mean(self, arm: int) -> float:
        played = self.rewards[arm]
        return sum(played) / len(played) if played else -math.inf

    def best(self) -> int:
        """The move with the best mean among those left (the first of equals)."""
        return max(self.alive, key=self.mean)

    def gain(self, arm: int, over: int) -> tuple[float, float]:
        """The mean paired difference of `arm` over `over` on the deals both were played on, and its standard
        error (infinite below two deals)."""
        mine, theirs = self.rewards[arm], self.rewards[over]
        count = min(len(mine), len(theirs))
        if count < 2:
            return 0.0, math.inf
        gains = [mine[deal] - theirs[deal] for deal in range(count)]
        mean = sum(gains) / count
        variance = sum((gain - mean) ** 2 for gain in gains) / (count - 1)
        return mean, math.sqrt(variance / count)

    def _eliminate(self) -> None:
        leader = self.best()
        kept = []
        tied = True
        for arm in self.alive:
            if arm != leader:
                gain, error = self.gain(leader, arm)
                if gain > 0 and gain > self.z * error:
                    continue
                tied = tied and gain + self.z * error < TIE
            kept.append(arm)
        self.alive = kept
        self.tied = tied and self.deals >= TIE_DEALS


def settled_place(table: Table, seat: int) -> int | None:
    """The seat's finishing place (0: first) once the table has settled it, else None (as `place_of` on a
    `State`)."""
    if table.over:
        return table.finishing_order().index(seat)
    if table.active[seat]:
        return None
    if seat in table.finished:
        return table.finished.index(seat)
    players = len(table.round_players)
    if seat in table.out:
        return players - 1 - table.out.index(seat)
    if table.downfallen == seat:
        return players - 1 - len(table.out)
    return None


def _position(table: Table) -> tuple[object, ...]:
    """Everything the rules read from a table in play (its hands and trick), as a key."""
    return (
        tuple(map(tuple, table.ranks)),
        tuple(table.active),
        tuple(table.finished),
        tuple(table.out),
        table.downfallen,
        table.current,
        table.trick_size,
        table.top_key,
        table.top_size,
        table.last_player,
        tuple(table.trick_passed),
        table.obligation,
        table.run_rank,
        table.run_count,
        table.run_plays,
        table.jack_back,
        table.reversed,
        table.clockwise,
        table.must_include,
        table.trick_leader,
        getattr(table, "passes_in_a_row", 0),
        getattr(table, "number_locked", False),
    )


class EndgameSolver(TwoPlayerEndgame[Table]):
    """Exact play of a perfect-information endgame of two players on rank counts: `endgame.TwoPlayerEndgame`'s
    search over `Table` positions (the engine's rules), the playout policy's move tried first on both sides; the
    deadline is a value of `clock` (the wall clock by default)."""

    def __init__(
        self,
        seat: int,
        target: int,
        node_limit: int = SOLVE_NODES,
        deadline: float = math.inf,
        memo: dict[Hashable, bool] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seat, target, node_limit, deadline, clock, memo)

    def settled_place(self, position: Table) -> int | None:
        return settled_place(position, self.seat)

    def key(self, position: Table) -> Hashable:
        return _position(position)

    def to_move(self, position: Table) -> int | None:
        return position.current

    def children(self, position: Table, depth: int) -> Iterator[Table]:
        for move in self.ordered_moves(position):
            child = position.copy()
            child.play(move)
            yield child

    def winning_moves(self, table: Table, moves: Sequence[Move]) -> list[Move]:
        """Those of `moves` (the seat's, to move now) after which it wins."""
        found = []
        for move in moves:
            child = table.copy()
            child.play(move)
            if self.wins(child):
                found.append(move)
        return found

    @staticmethod
    def ordered_moves(table: Table) -> list[Move]:
        moves = table.legal_moves()
        first = table.policy_move()
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves


def _reward(place: float, players: int, bonus: float = WIN_BONUS) -> float:
    """`card_search.reward_at` for a place that may be a half (a lost endgame the policy might still win); `bonus`
    for the first place (0: a reward linear in the place, as a point per player beaten scores)."""
    last = max(1, players - 1)
    return (1 - place / last + (bonus if place == 0 else 0.0)) / (1 + bonus)


def two_left(table: Table) -> bool:
    return sum(table.active) == 2


def _solvable(table: Table, move: Move) -> bool:
    """Might `StrongBot._place` take this move towards an exact endgame (its position's players and cards)? A move
    that ends the seat's round settles its place on either path."""
    if sum(table.active) > SOLVE_ACTIVE:
        return False
    cards = sum(table.sizes[other] for other in range(table.seats) if table.active[other])
    return cards - (0 if move is None else move[1]) <= SOLVE_CARDS


class StrongBot:
    """The race at the root, exact endgames, evidence-weighed deals (see the module docstring)."""

    name = "strong"

    def __init__(
        self,
        time: float = 0.1,
        iterations: int = 0,
        rules: Rules | None = None,
        z: float | None = None,
        min_deals: int | None = None,
        solve_nodes: int = SOLVE_NODES,
        infer: bool = True,
        clock: str = "wall",
        compiled: bool = True,
        bonus: float = WIN_BONUS,
        keep: float = CONFIDENCE,
        own: int = WEAKEST,
        others: int = OTHERS_STYLE,
        weigh: int = WEIGH,
        anchor: str = "heuristic",
        steps: int = 0,
        dealer: str = "kernel",
        look: int | None = None,
        miss: float = 0.0,
        give: int = GIVE,
        bank: float = 0.0,
        borrow: float = 0.0,
        prior: int = 0,
        rollout: str | None = None,
        depth: int = 0,
    ) -> None:
        if time <= 0 and iterations <= 0:
            raise ValueError("strong needs a budget: time > 0 or iterations > 0.")
        if z is not None and z < 0:
            raise ValueError(f"strong's z is a number of standard errors, 0 or more, not {z}.")
        if bonus < 0:
            raise ValueError(f"strong's bonus is the first place's extra reward, 0 or more, not {bonus}.")
        if keep < 0:
            raise ValueError(f"strong's keep is a number of standard errors, 0 or more, not {keep}.")
        if own not in STYLES or others not in STYLES:
            raise ValueError(
                f"strong's playout styles are {WEAKEST} (weakest first), {SETS} (sets first) or {SAMPLE} (the UECda "
                "sample client's moves)."
            )
        if not bank >= 0:
            raise ValueError(f"strong's bank is a number of moves' time, 0 or more, not {bank}.")
        if not borrow >= 0:
            raise ValueError(f"strong's borrow is a number of moves' time, 0 or more, not {borrow}.")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(f"strong's rollout is heuristic, learned or learned-all, not {rollout!r}.")
        if depth < 0:
            raise ValueError(f"strong's depth is a number of playout moves, 0 (all) or more, not {depth}.")
        self.clock = clock_named("strong", clock)
        # The time bank (module docstring): its most, in multiples of `time`; what it holds, in seconds of `clock`;
        # when the decision's search took its deadline (None: no search yet); the round it was filled in, as the
        # round's number and this seat's cards at the last decision.
        self.bank = bank
        # The most a search may draw beyond its `time` ahead of the round's later searches (in multiples of `time`;
        # 0: no loans), and the least the bank may hold at this decision (0 without loans, `_open_bank`).
        self.borrow = borrow
        self.floor = 0.0
        self.banked = 0.0
        self.last_budget = 0.0  # the last search's time: `time` plus what it could draw from the bank
        self._search_start: float | None = None
        self._bank_round: tuple[int, int] = (-1, 0)
        self.keep = keep
        self.own = own
        self.others = others
        self.weigh = max(0, weigh)
        self.steps = max(0, steps)
        if dealer not in ("kernel", "engine"):
            raise ValueError(f"strong's dealer is kernel or engine, not {dealer!r}.")
        if not 0 <= miss < 1:
            raise ValueError(f"strong's miss is a weight below 1 (0: the evidence's own), not {miss}.")
        self.give = give  # suit tables: the President's and Vice's give chosen by search (`suited_exchange`), 0: not
        self.miss = miss  # suit tables: a deal's weight for each decision it leaves unexplained (0: `MISMATCH`)
        # This seat's playouts look a move ahead from this many cards on (None: `LOOK` on suit tables, `RANK_LOOK`
        # on rank-count tables; 0: never).
        self.look = None if look is None else max(0, look)
        self.fast_deals = dealer == "kernel"  # suit tables: deals dealt and weighed on the kernel (`SuitedDealer`)
        self.last_evidence = 0  # the other seats' decisions the last search's deals were weighed by
        self.time = time
        self.iterations = iterations
        self.rules = rules
        self.z = z  # None: `RACE_Z` on rank-count tables, `SUITED_Z` on suit tables
        self.min_deals = min_deals  # None: `MIN_DEALS`, `SUITED_MIN_DEALS`
        self.solve_nodes = solve_nodes
        self.infer = infer
        self.compiled = compiled  # rank-count playouts on the compiled kernel where it is loaded (`rank_playout`)
        self.bonus = bonus  # the first place's extra reward (`_reward`)
        self.fallback = HeuristicBot(rules)
        # The move kept on suit tables unless the search finds a better one: the heuristic's, or the learned bot's
        # (its weights read at the first suit-table search, `_anchor`).
        if anchor not in ("heuristic", "learned"):
            raise ValueError(f"strong's anchor is heuristic or learned, not {anchor!r}.")
        self.anchor_name = anchor
        self.anchor: Bot[Observation, Action] | None = None
        # Rank-count tables: the anchor's move kept unless the race's best beats it by `keep` standard errors (1),
        # or the race's best alone (0, the default).
        self.prior = prior
        # The kernel's playouts by the heuristic policy, or by the learned bot's (None: the table's default,
        # `RANK_ROLLOUT` or `SUITED_ROLLOUT`). Rank-count tables (`rank_learned`): every seat's first `depth` moves of
        # a playout, 0: all of them; then the heuristic's ("learned-all" is "learned" there). Suit tables
        # (`suited_learned`): this seat's moves ("learned") or every seat's ("learned-all").
        self.rollout = rollout
        self.depth = depth
        self.last_deals = 0  # deals of the last search
        self.last_playouts = 0  # moves played out (or looked up) on them
        self.last_solved = 0  # endgames solved exactly in the last search
        self.last_race: Race | None = None

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        self.last_deals = self.last_playouts = self.last_solved = 0
        self.last_race = None
        if self.banking:
            self._open_bank(observation)
        self._search_start = None
        try:
            return self._choose(observation, legal_actions, rng)
        finally:
            if self.banking and self._search_start is not None:
                self._close_bank(self._search_start)

    @property
    def banking(self) -> bool:
        """Is the time bank open (savings, `bank`, or loans, `borrow`)?"""
        return self.bank > 0 or self.borrow > 0

    def _open_bank(self, observation: Observation) -> None:
        """Empty the time bank at a new round: a new round number, or more cards in hand than at the last decision
        (a new deal, or cards received in the exchange). With loans, the bank's floor: the debt that this seat's
        later searches of the round repay, each keeping `MIN_SHARE` of its time (their count reckoned from the
        cards in hand)."""
        cards = sum(count for _, count in observation.hand)
        round_number, last_cards = self._bank_round
        if observation.round_number != round_number or cards > last_cards:
            self.banked = 0.0
        self._bank_round = (observation.round_number, cards)
        if self.borrow > 0:
            later = max(1, cards - CARDS_PER_SEARCH_OFFSET) - 1
            self.floor = -later * (1 - MIN_SHARE) * self.time

    def _close_bank(self, start: float) -> None:
        """The search that took its deadline at `start` is over: what it left of its own `time` goes to the bank
        (what it overran, or borrowed, comes out of it), kept between 0 (without loans) and `bank` x `time`."""
        used = self.clock() - start
        # Without loans an overrun is forgiven at 0; with them the debt stands until the later searches repay it.
        lowest = -math.inf if self.borrow > 0 else 0.0
        self.banked = min(max(self.banked + self.time - used, lowest), self.bank * self.time)

    def _choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        if self.give and len(legal_actions) > 1 and observation.phase == Phase.EXCHANGE:
            searched = self._give_search(observation, legal_actions, rng)
            if searched is not None:
                return searched
        if len(legal_actions) < 2 or observation.phase != Phase.PLAY or observation.seat is None:
            return self.fallback.choose(observation, legal_actions, rng)
        if any(type(action) not in (Play, Pass) for action in legal_actions):
            return self.fallback.choose(observation, legal_actions, rng)
        rules = rules_for(observation, self.rules)
        if plays_on_rank_counts(rules):
            chosen = self._rank_count_search(observation, legal_actions, rules, rng)
        else:
            chosen = self._card_search(observation, legal_actions, rules, rng)
        return chosen if chosen is not None else self.fallback.choose(observation, legal_actions, rng)

    def _deadline(self) -> float:
        """The search's deadline on `clock`: `time` from now, plus the time bank (`bank`; the first search of a
        decision opens its account, `_close_bank`); with loans (`borrow`), plus up to `borrow` x `time` more while
        the bank stays above its floor, and never less than `MIN_SHARE` of `time`; none without a time budget."""
        if self.time <= 0:
            return math.inf
        start = self.clock()
        self.last_budget = self.time
        if self.banking:
            # Without loans the floor is 0 and the draw the whole bank; with them, the bank's savings and up to
            # `borrow` x `time` more, as far as the floor allows (below it, the search gives back time).
            draw = min(max(self.banked, 0.0) + self.borrow * self.time, self.banked - self.floor)
            self.last_budget = max(self.time + draw, MIN_SHARE * self.time)
            if self._search_start is None:
                self._search_start = start
        return start + self.last_budget

    def _limit(self) -> int:
        return self.iterations if self.iterations > 0 else 1 << 62

    # ------------------------------------------------------------- rank-count tables

    def _rank_count_search(
        self, observation: Observation, legal_actions: Sequence[Action], rules: Rules, rng: random.Random
    ) -> Choice[Action] | None:
        seat = observation.seat
        assert seat is not None
        keys = {move_key(action) for action in legal_actions}
        if len(keys) == 1:
            return None
        try:
            knowledge = knowledge_of(observation, rules)
            if sum(knowledge.unseen) > MAX_SEARCH_CARDS:
                return None
            template = public_state(observation, rules)
        except DeterminizationError:
            return None
        deadline, limit = self._deadline(), self._limit()
        # With `prior`, the anchor's move (chosen on the search's clock): kept unless the race's best beats it.
        anchored = move_key(self._anchor().choose(observation, legal_actions, rng).action) if self.prior else None
        # One other hand holds every unseen card: the deal is known (two players left, say), no evidence needed.
        determined = len(knowledge.hidden_sizes) <= 1 and knowledge.undealt == 0
        dealer = Dealer(template, knowledge)
        deals: Dealer | Sampler = dealer
        public = Table.from_state(template)
        if self.infer and not determined:
            evidence = Evidence(observation, template)
            if evidence.decisions:
                # The deals' misses counted on the compiled kernel where it is loaded: the same deals.
                deals = rank_sampler(dealer, evidence, rng, public) if self.compiled else Sampler(dealer, evidence, rng)
        first = public.copy(deals.deal(rng))
        if first.current != seat:
            return None
        moves = [move for move in first.legal_moves() if move in keys]
        if len(moves) < 2:
            return None
        if determined:
            # The policy's move first: often a win, which no other move betters (see below).
            policy = first.policy_move()
            moves.sort(key=lambda move: move != policy)
        race = Race(len(moves), RACE_Z if self.z is None else self.z, self.min_deals or MIN_DEALS)
        self.last_race = race
        # The playout policy is deterministic and a solved endgame exact: a deal met again gives every move the
        # same result as before, looked up rather than played again.
        results: dict[tuple[tuple[int, ...], ...], dict[int, float]] = {}
        hands = first.ranks
        players = len(public.round_players)
        solving = self.solve_nodes > 0
        nodes = self.solve_nodes * (KNOWN_DEAL_FACTOR if determined else 1)
        # The compiled playouts where numba is installed and the kernel covers the table (None: `Table`'s).
        learned = (self.rollout or RANK_ROLLOUT) != "heuristic"
        compiled = self._learned_playouts(public, seat, moves) if self.compiled and learned else None
        if compiled is None and self.compiled:
            compiled = RankPlayouts.start(public, seat, moves, self.rank_look)
        while True:
            deal_key = tuple(map(tuple, hands))
            outcomes = results.setdefault(deal_key, {})
            base = public.copy(hands)
            solved = self.last_solved
            try:
                rewards = self._rewards(
                    base, moves, race.alive, outcomes, seat, players, deadline, rng, solving, nodes, compiled
                )
            except Unsolved:
                best_place = _reward(len(public.finished), players, self.bonus)
                won = [arm for arm, reward in outcomes.items() if reward >= best_place]
                if determined and won:
                    # A move already proven to win the known deal: nothing does better than the best place left.
                    self.last_deals = 1
                    return self._choice(
                        legal_actions, moves[won[0]], f"search: a forced win, {self.last_solved} endgames solved", 1
                    )
                # An endgame too big to solve in time: this decision plays its deals out by the policy from now
                # on, this one again for every move (a deal's moves are compared on the same footing).
                solving = False
                outcomes.clear()
                self.last_solved = solved
                rewards = self._rewards(
                    base, moves, race.alive, outcomes, seat, players, deadline, rng, solving, nodes, compiled
                )
            self.last_playouts += len(rewards)
            race.record(rewards)
            self.last_deals += 1
            if race.settled or self.last_playouts >= limit or self.clock() >= deadline:
                break
            if determined:
                break  # every deal would be this one, and its results are the same
            hands = deals.deal(rng)
        best = race.best() if anchored not in moves else self._kept(race, moves.index(anchored))
        share = race.mean(best)
        solves = f", {self.last_solved} endgames solved" if self.last_solved else ""
        left = f"{len(race.alive)} of {len(moves)} moves left"
        reason = f"search: {race.deals} deals, {left}{solves}, expected {share:.0%}"
        return self._choice(legal_actions, moves[best], reason, race.deals)

    def _learned_playouts(self, public: Table, seat: int, moves: Sequence[Move]) -> RankPlayouts | None:
        """The kernel's playouts by the learned policy (`rollout=learned`), or None where `rank_learned` does not
        play this table or is not loaded yet (the heuristic's playouts then)."""
        try:
            from presidente.bots.rank_learned import LearnedPlayouts
        except ImportError:  # numba comes with the optional `envs` extra
            return None
        return LearnedPlayouts.start_learned(public, seat, moves, self.depth)

    def _suited_learned_playouts(
        self, observation: Observation, template: State, seat: int, moves: Sequence[Action], look: int
    ) -> SuitedPlayouts | None:
        """Suit tables: the kernel's playouts by the learned policy (`rollout=learned`, the default where the table's
        file is of a layout in `SUITED_DEFAULT_LAYOUTS`: this seat's moves; `learned-all`: every seat's), or None for
        the heuristic styles' (`rollout=heuristic`, no rollout given on another table, or where `suited_learned`
        does not play the table or is not loaded yet)."""
        rollout = self.rollout or SUITED_ROLLOUT
        if rollout == "heuristic":
            return None
        try:
            from presidente.bots.suited_learned import SuitedLearnedPlayouts, trained_layout
        except ImportError:  # numba comes with the optional `envs` extra
            return None
        if self.rollout is None and trained_layout(template.rules, template.seats) not in SUITED_DEFAULT_LAYOUTS:
            return None
        every_seat = rollout == "learned-all"
        return SuitedLearnedPlayouts.start_learned(
            template, seat, moves, LONG_HAND, MAX_PLAYOUT_MOVES, self.others, look, observation.gave,
            observation.undealt, every_seat,
        )  # fmt: skip

    def _kept(self, race: Race, kept: int) -> int:
        """The race's best move, unless `kept` (the anchor's) is still in the race and the best does not beat it by
        `keep` standard errors of their paired difference."""
        best = race.best()
        if best != kept and kept in race.alive:
            gain, error = race.gain(best, kept)
            if not (gain > 0 and gain > self.keep * error):
                return kept
        return best

    @staticmethod
    def _choice(legal_actions: Sequence[Action], move: Move, reason: str, deals: int) -> Choice[Action]:
        action = next(a for a in legal_actions if move_key(a) == move)
        return Choice(action, reason, "search", {"deals": deals})

    def _rewards(
        self,
        base: Table,
        moves: list[Move],
        alive: list[int],
        outcomes: dict[int, float],
        seat: int,
        players: int,
        deadline: float,
        rng: random.Random,
        solving: bool,
        nodes: int,
        compiled: RankPlayouts | None = None,
    ) -> list[float]:
        """The reward of each move in the race on one deal (`base`), those not in `outcomes` worked out there
        (played out on `compiled` where given, but for a move that `_place` would take towards an exact endgame);
        `Unsolved` when `solving` and one move's endgame could not be solved."""
        memo: dict[Hashable, bool] = {}
        if compiled is not None:
            fast = [arm for arm in alive if arm not in outcomes and not (solving and _solvable(base, moves[arm]))]
            if fast:
                for arm, settled in zip(fast, compiled.play(base.ranks, fast), strict=True):
                    if settled >= 0:
                        outcomes[arm] = _reward(settled, players, self.bonus)
        rewards = []
        for arm in alive:
            if arm not in outcomes:
                table = base.copy()
                table.play(moves[arm])
                place = self._place(table, seat, memo, deadline, rng, nodes if solving else 0)
                outcomes[arm] = _reward(place, players, self.bonus)
            rewards.append(outcomes[arm])
        return rewards

    def _place(
        self,
        table: Table,
        seat: int,
        memo: dict[Hashable, bool],
        deadline: float,
        rng: random.Random,
        nodes: int,
    ) -> float:
        """The seat's place on this deal after its move: solved exactly when `nodes` > 0 and the endgame is small
        enough (`Unsolved` when it is not solved in `nodes` positions or by the deadline), otherwise played out by
        the policy."""
        if nodes > 0 and sum(table.active) <= SOLVE_ACTIVE:
            cards = sum(table.sizes[other] for other in range(table.seats) if table.active[other])
            if cards <= SOLVE_CARDS:
                look = self.rank_look
                while not two_left(table) and settled_place(table, seat) is None:
                    looking = table.current == seat and table.sizes[seat] <= look
                    table.play(looking_move(table, seat, rng) if looking else table.policy_move())
                place = settled_place(table, seat)
                if place is not None:
                    return place
                target = len(table.finished)
                won = EndgameSolver(seat, target, nodes, deadline, memo, self.clock).wins(table)
                self.last_solved += 1
                if won:
                    return target
                # Lost against the best defence: the policy's playout tells whether a weaker one might still let
                # the seat through (half a place), so that lost moves are not all alike.
                played = self._played_place(table, seat, rng)
                return target + 0.5 if played <= target else max(played, target + 1)
        return self._played_place(table, seat, rng)

    @property
    def rank_look(self) -> int:
        """Rank-count tables: the cards from which this seat's playouts look a move ahead (0: never)."""
        return RANK_LOOK if self.look is None else self.look

    def _played_place(self, table: Table, seat: int, rng: random.Random) -> int:
        """The seat's place on `table` played on by the policy (`table` changed), its own moves looking a move ahead
        from `rank_look` cards on (`rank_playout.looking_place`, as the kernel's playouts)."""
        look = self.rank_look
        if look > 0:
            return looking_place(table, seat, look, rng)
        return table.playout(rng, 1 << 30, seat).index(seat)

    # ------------------------------------------------------------- tables with suits

    def _anchor(self) -> Bot[Observation, Action]:
        """The bot whose move the suit-table search keeps unless it finds a better one."""
        if self.anchor_name == "heuristic":
            return self.fallback
        if self.anchor is None:
            from presidente.bots.learned import LearnedBot

            self.anchor = LearnedBot(self.rules)
        return self.anchor

    def _suited_evidence(
        self, observation: Observation, template: State, knowledge: Knowledge, seat: int, rng: random.Random
    ) -> SuitedEvidence | None:
        """The other seats' moves of the round, to weigh deals by (`weigh` deals drawn per deal), or None."""
        self.last_evidence = 0
        if not self.infer or (self.weigh < 2 and self.steps == 0):
            return None
        from presidente.bots.suited_playout import SuitedEvidence

        scratch = template.clone()
        sample_hidden(scratch, knowledge, rng)
        evidence = SuitedEvidence(observation, template, seat, scratch.hands, self.others)
        self.last_evidence = evidence.decisions
        if not evidence.decisions:
            return None
        bounded = [*knowledge.ceiling, *knowledge.floor]
        evidence.limits(knowledge.known, bounded, sorted(knowledge.hidden_sizes))
        if self.miss:
            evidence.mismatch = self.miss
        return evidence

    def _weighed_deal(
        self, evidence: SuitedEvidence, deal: State, knowledge: Knowledge, rng: random.Random
    ) -> list[list[int]]:
        """One of `weigh` deals (`deal`'s and fresh ones) drawn in proportion to how well it explains the other
        seats' moves (`SuitedEvidence`): sampling-importance-resampling; then `steps` steps of a Metropolis chain
        from it (`SuitedEvidence.chain`)."""
        options = [list(deal.hands)]
        for _ in range(self.weigh - 1):
            sample_hidden(deal, knowledge, rng)
            options.append(list(deal.hands))
        chosen = options[-1]
        if len(options) > 1:
            weights = [evidence.mismatch**misses for misses in evidence.misses(options, LONG_HAND)]
            pick = rng.random() * sum(weights)
            for hands, weight in zip(options, weights, strict=True):
                pick -= weight
                if pick < 0:
                    chosen = hands
                    break
        if self.steps:
            return evidence.chain(chosen, self.steps, rng.getrandbits(62), LONG_HAND)
        return chosen

    def _give_search(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Choice[Action] | None:
        """On suit tables, the President's or Vice's give chosen by playouts from each candidate
        (`suited_exchange`); None elsewhere."""
        rules = rules_for(observation, self.rules)
        if plays_on_rank_counts(rules) or observation.seat is None:
            return None
        anchor = self.fallback.choose(observation, legal_actions, rng)
        if type(anchor.action) is not Give:
            return None
        from presidente.bots.suited_exchange import search_give

        deadline, limit = self._deadline(), self._limit()
        z, min_deals = SUITED_Z if self.z is None else self.z, self.min_deals or SUITED_MIN_DEALS
        players = len(observation.seats)
        chosen, self.last_deals = search_give(
            observation,
            legal_actions,
            rules,
            anchor.action,
            rng,
            race=lambda arms: Race(arms, z, min_deals),
            reward=lambda place: _reward(place, players, self.bonus),
            keep=self.keep,
            done=lambda playouts: playouts >= limit or self.clock() >= deadline,
            own=self.own,
            others=self.others,
            long_hand=LONG_HAND,
            max_moves=MAX_PLAYOUT_MOVES,
        )
        return anchor if chosen is None else chosen

    def _suited_endgame(
        self,
        template: State,
        knowledge: Knowledge,
        seat: int,
        legal_actions: Sequence[Action],
        anchor: Action,
        deadline: float,
        rng: random.Random,
    ) -> Choice[Action] | None:
        """With two players left on a suit table the other hand is known: a move that wins the endgame by force
        (`suited_endgame`, up to `solve_nodes` x `KNOWN_DEAL_FACTOR` positions within the move's time; the anchor's
        move tried first), or None where none is found (the race then plays on)."""
        if self.solve_nodes <= 0 or sum(1 for size in knowledge.hidden_sizes.values() if size) != 1:
            return None
        from presidente.bots import suited_playout

        if not suited_playout.covers_state(template) or not suited_playout.ready():
            return None
        from presidente.bots.suited_endgame import SuitedEndgame, two_left

        deal = template.clone()
        sample_hidden(deal, knowledge, rng)  # one hand holds every unseen card: the one deal there is
        board = suited_playout.board_of(deal)
        if not two_left(board, seat):
            return None
        rules = suited_playout.rules_array(deal.rules)
        solver = SuitedEndgame(
            rules, seat, LONG_HAND, self.own, self.others, self.solve_nodes * KNOWN_DEAL_FACTOR, deadline, self.clock
        )
        moves, count = solver.legal(board)
        wanted = suited_playout.encode(anchor)
        rows = [tuple(int(value) for value in moves[index]) for index in range(count)]
        first = rows.index(wanted) if wanted in rows else -1
        try:
            index = solver.winning_move(board, moves, count, first)
        except Unsolved:
            return None
        self.last_solved += 1
        if index is None:
            return None
        action = suited_playout.decode(rows[index])
        if action not in legal_actions:
            return None
        return Choice(action, f"search: this move wins the endgame by force ({solver.nodes} positions)")

    def _card_search(
        self, observation: Observation, legal_actions: Sequence[Action], rules: Rules, rng: random.Random
    ) -> Choice[Action] | None:
        seat = observation.seat
        assert seat is not None
        try:
            knowledge = knowledge_of(observation, rules, lowest_given=self.others in (SETS, SAMPLE))
            if sum(knowledge.unseen) > CARD_SEARCH_CARDS:
                return None
            template = public_state(observation, rules)
        except (DeterminizationError, PresidenteError):
            return None
        if template.owed is not None or template.current != seat:
            return None
        default = self._anchor().choose(observation, legal_actions, rng)
        moves = candidates(template, legal_actions, MAX_MOVES, default.action)
        if len(moves) < 2 or default.action not in moves:
            return None
        deadline, limit = self._deadline(), self._limit()
        forced = self._suited_endgame(template, knowledge, seat, legal_actions, default.action, deadline, rng)
        if forced is not None:
            return forced
        z, min_deals = SUITED_Z if self.z is None else self.z, self.min_deals or SUITED_MIN_DEALS
        race = Race(len(moves), z, min_deals)
        self.last_race = race
        players = len(template.round_players)
        # The compiled playouts where numba is installed and the rules are covered (as cardsearch's; None: the engine).
        from presidente.bots.suited_playout import SuitedDealer, SuitedPlayouts

        look = LOOK if self.look is None else self.look
        compiled = self._suited_learned_playouts(observation, template, seat, moves, look)
        if compiled is None:
            compiled = SuitedPlayouts.start(
                template, seat, moves, LONG_HAND, MAX_PLAYOUT_MOVES, self.own, self.others, look
            )
        evidence = self._suited_evidence(observation, template, knowledge, seat, rng) if compiled is not None else None
        # The kernel copies the position itself: one scratch state takes each deal's hidden hands. With `weigh` on,
        # the kernel deals too (`SuitedDealer`: the same facts, other random numbers) and weighs its deals.
        scratch = template.clone() if compiled is not None else None
        dealer = None
        if compiled is not None and self.weigh >= 1 and self.fast_deals and SuitedDealer.fits(knowledge):
            dealer = SuitedDealer(template, knowledge, rng.getrandbits(62))
        while True:
            deal = template.clone() if scratch is None else scratch
            if dealer is None:
                sample_hidden(deal, knowledge, rng)
            rewards = []
            if dealer is not None:
                assert compiled is not None
                hands = dealer.weighed(self.weigh, evidence, LONG_HAND)
                if evidence is not None and self.steps:
                    hands = evidence.chain(hands, self.steps, rng.getrandbits(62), LONG_HAND)
                for place in compiled.play(hands, race.alive):
                    if place is None:
                        break  # the deal's public facts refuse a move: not counted
                    rewards.append(_reward(place, players, self.bonus))
            elif compiled is not None:
                hands = deal.hands if evidence is None else self._weighed_deal(evidence, deal, knowledge, rng)
                for place in compiled.play(hands, race.alive):
                    if place is None:
                        break  # the deal's public facts refuse a move: not counted
                    rewards.append(_reward(place, players, self.bonus))
            for arm in race.alive if compiled is None else ():
                state = deal.clone()
                try:
                    state.apply(moves[arm])
                except PresidenteError:
                    break  # the deal's public facts refuse a move (one the observation lacks): not counted
                rewards.append(_reward(play_out(state, seat, self.own, self.others), players, self.bonus))
            self.last_playouts += len(rewards)
            self.last_deals += 1
            if len(rewards) == len(race.alive):
                race.record(rewards)
            if race.settled or self.last_playouts >= limit or self.clock() >= deadline:
                break
        if race.deals == 0:
            return None
        kept = moves.index(default.action)
        best = self._kept(race, kept)
        if best == kept:
            return Choice(default.action, f"search: {race.deals} deals found nothing better; {default.reason}")
        gain = race.mean(best) - race.mean(kept) if kept in race.alive else race.gain(best, kept)[0]
        reason = f"search: {race.deals} deals, {gain:+.0%} over {default.action}"
        return Choice(moves[best], reason, "search_gain", {"deals": race.deals, "gain": round(gain * 100)})
