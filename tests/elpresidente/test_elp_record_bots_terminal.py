"""Records, bots and the terminal functions the `presidente` command calls."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from elp_helpers import position
from rich.console import Console

from presidente.bots.elpresidente import HeuristicBot, RandomBot
from presidente.elpresidente import Concede, Record, Rules, State
from presidente.errors import RecordError, RulesError
from presidente.terminal.elpresidente import play_match, replay


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None), out


def feeder(texts: list[str]) -> object:
    queue = iter(texts)

    def read_line(prompt: str) -> str:
        try:
            return next(queue)
        except StopIteration:
            raise EOFError from None

    return read_line


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{}",
        '{"game": "president"}',
        "[1]",
        '{"game": "el-presidente", "format": 1, "rules": {"players": 9}, "seed": 1, "players": [], "actions": []}',
    ],
)
def test_damaged_records_are_refused(text: str) -> None:
    with pytest.raises(RecordError):
        Record.from_json(text)


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = Record(Rules(players=2), 1, ["a", "b"], ["concede"])
    with pytest.raises(RecordError, match="Action 1"):
        record.replay()


def test_heuristic_bot_concedes_a_king_attack() -> None:
    """ "Normally it will be best to concede the battle and pick up the king to use later.\""""
    state = position(["KH 2C 3C 4C", "KS QH 2H 9D", "5C 6C 7C 8C"])
    state.apply("attack KH")
    state.apply("pass")
    state.apply("pass")
    choice = HeuristicBot().choose(state.observation(1), state.legal_actions(), random.Random(0))
    assert choice.action == Concede()


def test_heuristic_bot_takes_a_win() -> None:
    state = position(["5H 5S JC JD", "JS 2C 3C 4C", "JH 2D 3D 4D", "6C 7C 8C 9C"], teams="2v2")
    bot, rng = HeuristicBot(), random.Random(0)
    for text in ["attack 5H 5S", "pass", "pass", "pass", "beat JS", "pass"]:
        state.apply(text)
    # The partner throws in its jack: the attacker holds exactly the two missing ones.
    assert str(bot.choose(state.observation(2), state.legal_actions(), rng).action) == "throw JH"
    state.apply("throw JH")
    state.apply("pass")
    assert str(bot.choose(state.observation(0), state.legal_actions(), rng).action) == "throw JC JD"


def test_heuristic_beats_random_bots() -> None:
    wins = 0
    for seed in range(20):
        state = State(Rules(players=4), seed)
        bots = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player or 0
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rng).action)
        wins += state.game_winners == [0]
    assert wins >= 15


def test_bots_only_match_prints_the_winner_and_saves(tmp_path: Path) -> None:
    screen, out = console()
    path = tmp_path / "match.json"
    record = play_match(players=4, teams="2v2", seed=9, bots_only=True, save=path, console=screen)
    assert "Winner: Team" in out.getvalue()
    assert json.loads(path.read_text())["seed"] == 9
    assert Record.from_json(path.read_text()) == record
    again, _ = console()
    assert play_match(players=4, teams="2v2", seed=9, bots_only=True, console=again).actions == record.actions


def test_human_match_reprompts_bad_input_and_replays(tmp_path: Path) -> None:
    screen, out = console()
    path = tmp_path / "match.json"
    answers = ["nonsense", "0", "99", "attack KS KS", "help"] + ["1"] * 3000
    record = play_match(players=3, seed=11, save=path, console=screen, read_line=feeder(answers))  # type: ignore[arg-type]
    text = out.getvalue()
    assert "is not an El Presidente action" in text and "Choose a number from 1 to" in text
    assert "A card appears twice" in text and "Type a number" in text
    assert "Your hand:" in text and record.final_state().is_over
    shown, replay_out = console()
    replay(path, console=shown, read_line=feeder(["", "", "a"]))  # type: ignore[arg-type]
    assert "Replay of" in replay_out.getvalue() and "Winner" in replay_out.getvalue()


def test_human_can_abandon_and_the_partial_record_replays(tmp_path: Path) -> None:
    screen, out = console()
    path = tmp_path / "partial.json"
    play_match(players=2, seed=3, save=path, console=screen, read_line=feeder(["1"]))  # type: ignore[arg-type]
    assert "Match abandoned." in out.getvalue()
    Record.from_json(path.read_text()).replay()


def test_bad_options_are_refused_before_play() -> None:
    screen, out = console()
    with pytest.raises(RulesError):
        play_match(players=5, teams="2v2", bots_only=True, console=screen)
    with pytest.raises(RulesError):
        play_match(players=2, bot="clever", bots_only=True, console=screen)
    assert out.getvalue() == ""
