"""Game review: each move of a seat beside the strongest bot's, from the seat's own information, with expected
places and the costly mistakes marked — as a function, on the command line and from the server."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from presidente import review as review_module
from presidente.bots.ismcts import IsmctsBot, move_key
from presidente.bots.registry import make_bot
from presidente.cli import app
from presidente.errors import RecordError
from presidente.president import Observation, Record, find_preset, new_game, parse_action, record_of
from presidente.president.state import Phase
from presidente.review import MISTAKE_PLACES, MoveReview, review, review_lines
from presidente.server import app as app_module
from presidente.typed_events import president_move

FAST = 0.01  # seconds per move: enough for a few dozen deals


@pytest.fixture(scope="module")
def record() -> Record:
    """One round of 4-player bga by heuristic bots."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    state = new_game(rules, 4, 3)
    bot, rng = make_bot("heuristic", "president", rules), random.Random(3)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bot.choose(state.observation(seat), state.offered_actions(), rng).action, seat)
    return record_of(state, ("Ann", "Bob", "Cy", "Di"))


def test_every_move_of_the_seat_comes_once_in_order_with_its_progress(record: Record) -> None:
    items = list(review(record, 2, FAST))
    mine = [(number, text) for number, (seat, text) in enumerate(record.actions, 1) if seat == 2]
    assert [(item.number, item.played) for item in items] == mine
    assert [item.index for item in items] == list(range(1, len(mine) + 1))
    assert {item.total for item in items} == {len(mine)}
    searched = [item for item in items if item.searched]
    assert searched and len(searched) < len(items)  # some moves were forced (a lone pass, say)
    for item in searched:
        assert item.best is not None and item.estimate is not None
        assert 1 <= item.estimate.mean_place <= 4 and 0 <= item.estimate.first <= 1
        assert item.mistake == (item.cost >= MISTAKE_PLACES)
        if item.agrees:
            assert item.cost == 0 and item.best == item.estimate
        else:
            assert item.cost == pytest.approx(item.estimate.mean_place - item.best.mean_place)


def test_a_forced_move_and_the_other_seats_turns_are_not_searched(record: Record) -> None:
    state = new_game(record.rules, record.players, record.seed)
    forced = set()
    for number, (seat, text) in enumerate(record.actions, 1):
        keys = {move_key(action) for action in state.offered_actions()}
        if seat == 0 and (len(keys) == 1 or state.phase is not Phase.PLAY):
            forced.add(number)
        state.apply(parse_action(text), seat)
    items = {item.number: item for item in review(record, 0, FAST)}
    assert forced and all(not items[number].searched for number in forced)


def test_the_search_sees_only_the_seats_observation(record: Record, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    original = IsmctsBot.evaluate

    def spy(self: IsmctsBot, observation: Observation, legal: Any, rng: random.Random, keep: Any = None) -> Any:
        seen.append(observation)
        return original(self, observation, legal, rng, keep)

    monkeypatch.setattr(IsmctsBot, "evaluate", spy)
    list(review(record, 1, FAST))
    assert seen and all(isinstance(observation, Observation) for observation in seen)
    assert {observation.seat for observation in seen} == {1}
    assert all(observation.my_turn for observation in seen)


def test_bad_requests_are_refused_before_the_first_move(record: Record) -> None:
    with pytest.raises(RecordError, match="not 4"):
        review(record, 4)
    with pytest.raises(RecordError, match="some time"):
        review(record, 0, 0)
    broken = Record(record.rules, record.players, record.seed, (*record.actions[:5], (0, "2S 2S 2S")))
    with pytest.raises(RecordError):
        review(broken, 0)


def test_review_lines_are_json_then_a_summary(record: Record) -> None:
    lines = [json.loads(line) for line in review_lines(record, 3, FAST)]
    *moves, summary = lines
    assert summary == {
        "done": True,
        "moves": len(moves),
        "mistakes": sum(move["mistake"] for move in moves),
        "threshold": MISTAKE_PLACES,
    }
    assert moves and set(moves[0]) == set(MoveReview.__dataclass_fields__)


def test_review_lines_send_typed_moves_valid_against_the_schema(record: Record) -> None:
    """Issue 26: the page words the moves itself; a line holds each move as typed data, never its text."""
    schema = json.loads((Path(app_module.__file__).parent / "schema" / "server.json").read_text())
    frames = {key: value for key, value in schema.items() if key != "oneOf"}  # (the websocket frames' choice)
    validator = jsonschema.Draft202012Validator({**frames, "$ref": "#/$defs/review_line"})
    items = list(review(record, 3, FAST))
    lines = [json.loads(json.dumps(item.to_dict())) for item in items]
    for item, line in zip(items, lines, strict=True):
        assert not list(validator.iter_errors(line)), line
        assert line["played"] == president_move(parse_action(item.played))
        if item.best is not None:
            assert line["best"]["move"] == president_move(parse_action(item.best.move))
    summary = json.loads(list(review_lines(record, 3, FAST))[-1])
    assert not list(validator.iter_errors(summary)), summary
    assert {"play", "pass"} <= {line["played"]["type"] for line in lines}
    assert president_move(parse_action("9S JK")) == {"type": "play", "play": "JK 9S"}
    assert president_move(parse_action("discard 3C 4C")) == {"type": "discard", "cards": [["3C", 1], ["4C", 1]]}
    assert president_move(parse_action("take 9S")) == {"type": "take", "cards": [["9S", 1]]}


def test_evaluate_gives_the_move_choose_plays_first() -> None:
    rules = find_preset("bga")
    state = new_game(rules, 4, 5)
    while state.phase is not Phase.PLAY or len({move_key(a) for a in state.legal_actions()}) < 3:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.legal_actions()
    bot = IsmctsBot(time=0, iterations=300, rules=rules)
    values = bot.evaluate(observation, legal, random.Random(1))
    chosen = bot.choose(observation, legal, random.Random(1)).action
    assert values is not None and move_key(values[0].action) == move_key(chosen)
    assert [value.reward for value in values] == sorted((value.reward for value in values), reverse=True)
    assert all(1 <= value.mean_place <= 4 and 0 <= value.first <= 1 for value in values)
    with pytest.raises(ValueError, match="tree=False"):
        IsmctsBot(time=0, iterations=10, tree=True).evaluate(observation, legal, random.Random(1))


runner = CliRunner()


def test_the_command_prints_the_table_and_the_summary(record: Record, tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    saved.write_text(record.to_json(), encoding="utf-8")
    result = runner.invoke(app, ["review", str(saved), "--seat", "1", "--time", "0.01"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "Review of" in result.output and "seat 1 (Bob)" in result.output
    assert "bot plays" in result.output and "searched" in result.output and "mistake" in result.output
    plain = runner.invoke(app, ["review", str(saved), "--time", "0.01", "--plain"], env={"COLUMNS": "120"})
    assert plain.exit_code == 0 and not any(symbol in plain.output for symbol in "♣♦♥♠")
    far = runner.invoke(app, ["review", str(saved), "--seat", "9"])
    assert far.exit_code == 2 and "not 9" in far.output and "Traceback" not in far.output


def test_el_presidente_records_are_not_reviewed(tmp_path: Path) -> None:
    from presidente.terminal.elpresidente import play_match

    saved = tmp_path / "elp.json"
    play_match(players=2, seed=1, bots_only=True, save=saved, console=None, bot="random")
    result = runner.invoke(app, ["review", str(saved)])
    assert result.exit_code == 2 and "President matches" in result.output


def test_the_server_streams_a_finished_games_review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.insert(0, str(Path(__file__).parent / "server"))
    from server_helpers import Clock, make_client, new_player, new_table, send, until

    with make_client(f"sqlite:///{tmp_path}/review.db", Clock()) as client:
        token = new_player(client)
        table = new_table(
            client, token, preset="bga", seats=4, bots=["heuristic"] * 4, allow_all_bots=True, options={"rounds": 1}
        )
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            send(socket, type="hello", token=None)
            frame = until(socket, "welcome")
            while not frame["view"]["game"]["over"]:
                frame = until(socket, "update")
        deadline = time.monotonic() + 10  # the search under way finishes its move, then the place is free
        while (again := client.get(f"/api/review/{table['id']}?seat=2")).status_code == 429:
            assert time.monotonic() < deadline, "a review left early frees its place"
            time.sleep(0.1)
        assert again.status_code == 200
        assert client.get("/api/review/unknown?seat=0").status_code == 404
        refused = client.get(f"/api/review/{table['id']}?seat=7")
        assert refused.status_code == 400 and "from 0 to 3" in refused.json()["error"]
        monkeypatch.setattr(review_module, "SECONDS", FAST)
        response = client.get(f"/api/review/{table['id']}?seat=1")
        assert response.status_code == 200 and response.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in response.text.splitlines()]
        assert lines[-1]["done"] and lines[-1]["moves"] == len(lines) - 1 > 0
        # One review at a time: a second one while the first streams waits a little, then is asked to come back.
        monkeypatch.setattr(app_module, "REVIEW_WAIT", 0.3)
        with client.stream("GET", f"/api/review/{table['id']}?seat=1") as first:
            next(first.iter_lines())
            busy = client.get(f"/api/review/{table['id']}?seat=2")
            assert busy.status_code == 429 and "busy" in busy.json()["error"]
        deadline = time.monotonic() + 10  # the search under way finishes its move, then the place is free
        while (again := client.get(f"/api/review/{table['id']}?seat=2")).status_code == 429:
            assert time.monotonic() < deadline, "a review left early frees its place"
            time.sleep(0.1)
        assert again.status_code == 200


def test_suit_dependent_rules_are_reviewed_by_the_card_search() -> None:
    """UECda's sequences and locks are beyond the rank-count search: the card search values the moves, with their
    suits, the move played always among them."""
    state = new_game(find_preset("uecda"), players=5, seed=8)
    rng = random.Random(8)
    while state.round_number == 1:
        state.apply(rng.choice(state.offered_actions()))
    record = record_of(state)
    items = list(review(record, 0, FAST))
    searched = [item for item in items if item.searched]
    assert searched, [item.played for item in items]
    for item in searched:
        assert item.estimate is not None and item.best is not None
        assert item.estimate.move == item.played  # the very cards played, suits and all
        assert item.agrees == (item.best.move == item.played)
        assert 1.0 <= item.estimate.mean_place <= 5.0 and 0.0 <= item.estimate.first <= 1.0
        assert item.cost == (0.0 if item.agrees else item.estimate.mean_place - item.best.mean_place)
