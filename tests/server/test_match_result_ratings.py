"""A match's result, one rule in the engine: the standings (points, then the last round's order; El Presidente's
sides by games won), the winners named from them, and the ratings made from them: ties rated as ties, each bot
seat an opponent of its own, a new rating provisional."""

from __future__ import annotations

import random

import pytest
from server_helpers import join, new_player, new_table
from starlette.testclient import TestClient
from test_play import play_to_end

from presidente import elpresidente as elp
from presidente.president import find_preset, new_game
from presidente.president.roles import match_standings
from presidente.server import ratings
from presidente.server.games import game_of


def test_a_tie_on_points_is_broken_by_the_last_rounds_order() -> None:
    # Four seats on 6 points (issue 27's four-way tie): the last round's winner wins the match, Axel (seat 0,
    # fourth in the last round) is fourth.
    assert match_standings([6, 6, 6, 6], [2, 1, 3, 0], [True] * 4) == [4, 2, 1, 3]
    # Points first: the last round only orders seats with as many points.
    assert match_standings([9, 6, 6, 3], [3, 2, 1, 0], [True] * 4) == [1, 3, 2, 4]


def test_seats_the_last_round_cannot_tell_apart_stay_tied_and_leavers_come_last() -> None:
    # Seat 3 left before the last round with the most points: it is placed after the seats still there.
    assert match_standings([5, 5, 2, 8], [1, 2], [True, True, True, False]) == [2, 1, 3, 4]
    # Seats 0 and 1 (absent from the last round, as many points) share second place; the next place is fourth.
    assert match_standings([4, 4, 7, 1], [2, 3], [True] * 4) == [2, 2, 1, 4]


def test_the_state_names_its_winners_by_the_standings() -> None:
    state = new_game(find_preset("bga"), players=4, seed=3)
    state.scores, state.last_round = [6, 6, 6, 6], [2, 1, 3, 0]
    assert state.standings() == [4, 2, 1, 3]
    assert state.winners_of_match() == [2], "one winner, not 'Axel and heuristic bot #1 and ... win'"


@pytest.mark.parametrize("seed", range(6))
def test_a_played_match_ends_with_the_standings_its_rule_gives(seed: int) -> None:
    rules = find_preset("bga").replace(rounds=3, target_score=0)
    state, rng = new_game(rules, players=4, seed=seed), random.Random(seed)
    for _ in range(5000):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()), state.current_player)
    assert state.is_over
    places = game_of("president").standings(state)
    best_first = sorted(range(4), key=lambda seat: (-state.scores[seat], state.last_round.index(seat)))
    assert [places[seat] for seat in best_first] == [1, 2, 3, 4], "every seat played the last round: no tie left"
    assert game_of("president").match_end(state)["winners"] == [best_first[0]]


def test_el_presidente_partners_share_their_sides_place() -> None:
    state = elp.State(elp.Rules(players=4, teams="2v2", games=3), seed=1)
    state.game_winners = [1, 0, 3]  # side B (seats 1 and 3) won two games
    assert state.standings() == [3, 1, 3, 1]
    assert game_of("el-presidente").match_end(state)["winners"] == [1, 3]
    state.game_winners = [1, 0, None]  # one game each: both sides first
    assert state.winners_of_match() == [0, 1, 2, 3]


def test_tied_entries_move_alike() -> None:
    moved = ratings.rate([("ann", 1), ("bob", 1), ("cat", 3), ("dan", 4)], {})
    assert moved["ann"] == pytest.approx(moved["bob"]), "a tie is rated as a tie, not by seat order"
    assert moved["ann"][0] > moved["cat"][0] > moved["dan"][0]
    everyone_tied = ratings.rate([(name, 1) for name in ("ann", "bob", "cat")], {})
    assert [mu for mu, _ in everyone_tied.values()] == pytest.approx([ratings.DEFAULT_MU] * 3), "nobody beat anybody"


def test_each_seat_of_a_bot_kind_is_an_opponent_of_its_own() -> None:
    kind = "bot:president:heuristic"
    at_three_seats = ratings.rate([(kind, 1), ("ann", 2), (kind, 3), (kind, 4)], {})
    distinct = ratings.rate([("b1", 1), ("ann", 2), ("b3", 3), ("b4", 4)], {})
    assert at_three_seats["ann"] == pytest.approx(distinct["ann"]), "Ann beat two opponents and lost to one"
    # The kind moves by the sum of its seats' changes, with one match's worth of certainty.
    change = sum(distinct[seat][0] - ratings.DEFAULT_MU for seat in ("b1", "b3", "b4"))
    assert at_three_seats[kind][0] == pytest.approx(ratings.DEFAULT_MU + change)
    assert at_three_seats[kind][1] == pytest.approx(min(distinct[seat][1] for seat in ("b1", "b3", "b4")))
    # Merged into one player (as before), Ann's second place would have been a last place of two.
    merged = ratings.rate([(kind, 1), ("ann", 2)], {})
    assert merged["ann"][0] < at_three_seats["ann"][0]


def test_a_rating_is_provisional_for_its_first_matches() -> None:
    assert ratings.is_provisional(0) and ratings.is_provisional(ratings.PROVISIONAL_GAMES - 1)
    assert not ratings.is_provisional(ratings.PROVISIONAL_GAMES)
    # Why it is said: the same result moves a new rating more than a settled one.
    settled = (ratings.DEFAULT_MU, 3.0)
    moved = ratings.rate([("new", 4), ("old", 4), ("b1", 1), ("b2", 2)], {"old": settled})
    new_change = ratings.display_rating(*moved["new"]) - 1500
    old_change = ratings.display_rating(*moved["old"]) - ratings.display_rating(*settled)
    assert new_change < old_change < 0


def test_a_finished_el_presidente_match_names_its_whole_winning_side(client: TestClient) -> None:
    token = new_player(client, "Ann")
    bots = [None, "heuristic", "heuristic", "random"]
    table = new_table(client, token, game="el-presidente", seats=4, bots=bots, options={"teams": "2v2"})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        final = play_to_end(socket, join(socket, token))
    (done,) = client.get("/api/finished").json()["tables"]
    wins = final["view"]["game"]["team_wins"]
    expected = [seat for seat in range(4) if wins[seat % 2] == max(wins)]
    assert len(done["winners"]) == len(expected) >= 2, "partners share their side's first place"
    assert done["winners"] == done["players"][: len(expected)] and done["winner"] == done["winners"][0]
    assert ("Ann" in done["winners"]) == (0 in expected)
    # Every entry of the match was rated, each bot seat on its own: the kinds' games count this match once.
    board = {line["id"]: line for line in client.get("/api/leaderboard").json()["players"]}
    assert board["bot:el-presidente:heuristic"]["games"] == 1 and board["bot:el-presidente:random"]["games"] == 1
