"""GET /api/ratings?ids=…: the ratings of a table's players, whether or not they are on the leaderboard's top,
so the table page shows every player's rating change after a match."""

from __future__ import annotations

from server_helpers import join, new_player, new_table
from starlette.testclient import TestClient
from test_play import play_to_end

from presidente.server import ratings


def test_a_finished_match_rates_its_player_and_the_route_answers_by_id(client: TestClient) -> None:
    token = new_player(client, "Ann")
    player_id = client.get("/api/me", headers={"x-token": token}).json()["id"]
    before = client.get(f"/api/ratings?ids={player_id}").json()
    empty = {"ratings": {}, "provisional": {}, "settles_after": ratings.PROVISIONAL_GAMES, "start": 1500}
    assert before == empty, "a player with no finished game has no rating yet"
    table = new_table(client, token, bots=[None, "auto", "random"], options={"rounds": 1})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        play_to_end(socket, join(socket, token))
    answer = client.get(f"/api/ratings?ids={player_id},nobody").json()
    after = answer["ratings"]
    assert answer["provisional"] == {player_id: 1}, "one rated match of the first ten: provisional"
    (line,) = [p for p in client.get("/api/leaderboard").json()["players"] if p["id"] == player_id]
    assert line["provisional"] is True and line["games"] == 1
    assert after == {player_id: line["rating"]}, "the leaderboard's rating; unknown ids are left out"
    assert after[player_id] == ratings.display_rating(line["mu"], line["sigma"])


def test_asking_for_too_many_players_is_refused_clearly(client: TestClient) -> None:
    ids = ",".join(f"p{n}" for n in range(17))
    response = client.get(f"/api/ratings?ids={ids}")
    assert response.status_code == 400
    assert "at most 16" in response.json()["error"]
    assert client.get("/api/ratings").json()["ratings"] == {}
