"""The `strong` bot: a race of the moves with a stopping rule, exact two-player endgames, every move legal."""

from __future__ import annotations

import random
import time

import pytest

from presidente.bots import strong
from presidente.bots.endgame import Unsolved
from presidente.bots.ismcts import move_key
from presidente.bots.playout import Table
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import make_bot
from presidente.bots.strong import MIN_DEALS, TIE_DEALS, EndgameSolver, Race, StrongBot, settled_place
from presidente.president import PRESETS, new_game
from presidente.president.rules import find_preset
from presidente.president.state import Phase, State


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_move_of_a_whole_round_is_legal(preset: str) -> None:
    rules = find_preset(preset).replace(rounds=1, target_score=0)
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    strong, heuristic, rng = StrongBot(time=0, iterations=24, rules=rules), HeuristicBot(rules), random.Random(3)
    state = new_game(rules, players, 7)
    searched = 0
    for _ in range(2000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        legal = state.offered_actions()
        bot = strong if seat % 2 == 0 else heuristic
        choice = bot.choose(state.observation(seat), legal, rng)
        assert choice.action in legal, f"{preset}: {choice.action}"
        searched += bot is strong and strong.last_deals > 0
        state.apply(choice.action, seat)
    assert state.is_over
    assert searched > 0, "the search itself chose, not only its fallback"


def test_it_is_made_by_name_with_its_options_and_refused_for_el_presidente() -> None:
    bot = make_bot("strong:time=0,iterations=50,z=3,deals=4,solve=0")
    assert isinstance(bot, StrongBot)
    assert (bot.iterations, bot.z, bot.min_deals, bot.solve_nodes) == (50, 3.0, 4, 0)
    timed = make_bot("strong:time=0.05,clock=cpu,keep=0.5")
    assert isinstance(timed, StrongBot)
    assert (timed.clock, timed.keep) == (time.thread_time, 0.5)  # the budget counted on the thread's CPU time
    with pytest.raises(ValueError, match="clock must be wall or cpu"):
        make_bot("strong:clock=sundial")
    with pytest.raises(ValueError, match="anchor is heuristic or learned"):
        make_bot("strong:anchor=oracle")
    suited = make_bot("strong:dealer=engine,look=0,miss=0.02,others=2")
    assert isinstance(suited, StrongBot)
    assert (suited.fast_deals, suited.look, suited.miss, suited.others) == (False, 0, 0.02, 2)
    with pytest.raises(ValueError, match="playout styles are 0"):
        make_bot("strong:others=3")
    with pytest.raises(ValueError, match="dealer is kernel or engine"):
        make_bot("strong:dealer=croupier")
    with pytest.raises(ValueError, match="miss is a weight below 1"):
        make_bot("strong:miss=2")
    with pytest.raises(ValueError, match="Unknown strong option"):
        make_bot("strong:exploration=3")
    with pytest.raises(ValueError, match="budget"):
        make_bot("strong:time=0,iterations=0")
    with pytest.raises(ValueError, match="Unknown elpresidente bot"):
        make_bot("strong", "elpresidente")


def test_the_race_drops_a_clearly_worse_move_and_stops() -> None:
    race, rng = Race(3), random.Random(1)
    for _ in range(200):
        if race.settled:
            break
        noise = rng.random() * 0.1
        rewards = {0: 0.3 + noise, 1: 0.9 + noise, 2: 0.2 + rng.random() * 0.1}
        race.record([rewards[arm] for arm in race.alive])
    assert race.settled and race.alive == [1]
    assert race.deals == MIN_DEALS  # the first check already tells them apart


def test_the_race_keeps_moves_it_cannot_tell_apart_and_stops_on_a_tie() -> None:
    race, rng = Race(2), random.Random(2)
    for deal in range(40):
        reward, swing = rng.random(), 0.2 if deal % 2 else -0.2
        race.record([reward + swing, reward - swing])  # each better on half of the deals
    assert race.alive == [0, 1] and not race.settled  # as good as each other, but not equal on every deal
    tied = Race(2)
    for _ in range(TIE_DEALS - 1):
        tied.record([0.5, 0.5])  # the same result on every deal: nothing to learn from more
    assert not tied.settled  # a difference on one deal in fifty would not show yet
    for _ in range(TIE_DEALS):
        tied.record([0.5, 0.5])
        if tied.settled:
            break
    assert tied.tied and len(tied.alive) == 2 and tied.deals < 2 * TIE_DEALS


def _two_left(ours: list[int], theirs: list[int]) -> Table:
    """A bga table where seats 2 and 3 are out and seat 0 leads against seat 1 (rank counts: 3 ... 2, joker)."""
    state = new_game(find_preset("bga").replace(rounds=1, target_score=0), 4, 1)
    table = Table.from_state(state)
    table.ranks = [ours[:], theirs[:], [0] * 14, [0] * 14]
    table.sizes = [sum(ours), sum(theirs), 0, 0]
    table.active = [True, True, False, False]
    table.finished, table.out, table.downfallen = [2, 3], [], None
    table.reversed = False
    table.gone = [4 - ours[rank] - theirs[rank] for rank in range(13)] + [1 - ours[13] - theirs[13]]
    table._reset_trick(0)
    return table


def test_the_endgame_solver_finds_the_forced_win_the_policy_misses() -> None:
    # Seat 0 holds an 8, a 10 and a king; seat 1 an 8 and a queen. Leading the 8 (the policy's lead, its weakest
    # card) loses: bga forces an equal card to skip the next player, so seat 1 answers 8 on 8 and leads its queen
    # out. Leading the 10 wins: a queen on it meets the king and seat 0 leads its 8 out; a pass gives seat 0 the
    # lead again (king, then 8).
    ours, theirs = [0] * 14, [0] * 14
    ours[5] = ours[7] = ours[10] = 1  # 8, 10, K (index 0 is the 3)
    theirs[5] = theirs[9] = 1  # 8, Q
    table = _two_left(ours, theirs)
    solver = EndgameSolver(seat=0, target=2)
    moves = table.legal_moves()
    assert table.policy_move() == (5, 1, 0, -1)
    assert solver.winning_moves(table, moves) == [(7, 1, 0, -1)]
    assert solver.wins(table)
    # Seat 1 to move in the same cards, leading: it wins by force there (its 8 is answered, its queen is not).
    other = _two_left(theirs, ours)
    assert not EndgameSolver(seat=0, target=2).wins(other)
    with pytest.raises(Unsolved):
        EndgameSolver(seat=0, target=2, node_limit=1).wins(table)


def _two_left_in_a_game() -> State:
    """A bga round played by the heuristic bots until two players are left and the one to move has a choice."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    heuristic, rng = HeuristicBot(rules), random.Random(0)
    for seed in range(40):
        state = new_game(rules, 4, seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.offered_actions()
            left = sum(view.hand_size > 0 and not view.finished for view in state.observation(seat).seats)
            if left == 2 and state.phase is Phase.PLAY and len({move_key(action) for action in legal}) > 1:
                return state
            state.apply(heuristic.choose(state.observation(seat), legal, rng).action, seat)
    raise AssertionError("no two-player endgame with a choice in 40 rounds")


def test_with_two_left_the_search_solves_and_stops_long_before_its_time() -> None:
    state = _two_left_in_a_game()
    seat = state.current_player
    assert seat is not None
    bot = StrongBot(time=20, rules=state.rules)
    start = time.perf_counter()
    choice = bot.choose(state.observation(seat), state.offered_actions(), random.Random(0))
    assert time.perf_counter() - start < 5
    assert choice.action in state.offered_actions()
    # The other hand holds every unseen card: the one deal there is is played once, its endgame solved exactly.
    assert bot.last_deals == 1
    assert bot.last_solved > 0


def _wins_without_memo(table: Table, seat: int, target: int) -> bool:
    """The same question as `EndgameSolver.wins`, by plain minimax over every move (no memo, no ordering)."""
    place = settled_place(table, seat)
    if place is not None:
        return place <= target
    results = []
    for move in table.legal_moves():
        child = table.copy()
        child.play(move)
        results.append(_wins_without_memo(child, seat, target))
    return any(results) if table.current == seat else all(results)


def test_the_solver_agrees_with_plain_minimax_on_small_endgames() -> None:
    """The memo's key holds everything the rules read: memoized answers are those of a search without one."""
    rng, checked = random.Random(4), 0
    while checked < 60:
        ours, theirs = [0] * 14, [0] * 14
        for hand, count in ((ours, rng.randint(1, 4)), (theirs, rng.randint(1, 4))):
            for _ in range(count):
                rank = rng.randrange(14)
                if ours[rank] + theirs[rank] < (1 if rank == 13 else 4):
                    hand[rank] += 1
        if not sum(ours) or not sum(theirs):
            continue
        table = _two_left(ours, theirs)
        table.current = rng.choice((0, 1))
        if rng.random() < 0.5:
            table.play(rng.choice(table.legal_moves()))  # a trick under way: its top, size and passes in the key
        if settled_place(table, 0) is not None:
            continue
        assert EndgameSolver(seat=0, target=2).wins(table) == _wins_without_memo(table, 0, 2), (ours, theirs)
        checked += 1


def test_an_endgame_too_big_to_solve_is_played_out_by_the_policy_for_every_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(strong, "KNOWN_DEAL_FACTOR", 1)  # one position per solve, even for the known deal
    state = _two_left_in_a_game()
    seat = state.current_player
    assert seat is not None
    bot = StrongBot(time=0, iterations=100, rules=state.rules, solve_nodes=1)
    choice = bot.choose(state.observation(seat), state.offered_actions(), random.Random(0))
    assert choice.action in state.offered_actions()
    assert bot.last_deals == 1 and bot.last_solved == 0  # no move of the deal scored by a solve, all played out
