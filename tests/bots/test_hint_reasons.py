"""A hint's reason reaches the page as a code it words in the player's language (issue 27: the hint read "search: 4
of 52 simulations, expected result 61%"): every reason the heuristic bots give has a code, every code has its
words in web/table-hint.js, and the searches' reasons carry their figures as parameters."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from presidente.bots import elpresidente, president_heuristic
from presidente.bots.hint import REASON_CODES, hint, hint_why
from presidente.bots.ismcts import IsmctsBot
from presidente.elpresidente import Rules as ElpRules
from presidente.elpresidente import State as ElpState
from presidente.president import find_preset, new_game

HINT_JS = Path(__file__).resolve().parents[2] / "presidente" / "web" / "table-hint.js"
PAGE_CODES = set(re.findall(r"^  (\w+): \(", HINT_JS.read_text(), re.M))


def literal_reasons(module: object) -> set[str]:
    """The reasons written out in a module's Choice(action, "reason") calls."""
    tree = ast.parse(Path(str(getattr(module, "__file__", ""))).read_text())
    reasons = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Choice" and len(node.args) >= 2:
            reason = node.args[1]
            if isinstance(reason, ast.Constant) and isinstance(reason.value, str):
                reasons.add(reason.value)
    return reasons


def test_every_heuristic_reason_has_a_code_the_page_words() -> None:
    for module in (president_heuristic, elpresidente):
        reasons = literal_reasons(module)
        assert reasons, module
        assert reasons <= set(REASON_CODES), sorted(reasons - set(REASON_CODES))
    assert set(REASON_CODES.values()) | {"search", "search_gain"} <= PAGE_CODES


def test_the_search_reason_is_a_code_with_its_deals() -> None:
    state = new_game(find_preset("bga"), 4, seed=3)
    seat = state.current_player
    assert seat is not None
    bot = IsmctsBot(time=0, iterations=40)
    choice = bot.choose(state.observation(seat), state.legal_actions(), random.Random(1))
    why = hint_why(choice)
    assert why is not None and why["code"] == "search", choice
    assert 1 <= why["params"]["deals"] <= bot.last_iterations
    assert choice.reason.startswith("search:"), "the English reason stays for the terminal and the logs"


def test_hints_of_both_games_come_with_a_worded_code() -> None:
    state = new_game(find_preset("bga"), 4, seed=5)
    for _ in range(8):
        seat = state.current_player
        assert seat is not None
        choice = hint(state.observation(seat), state.legal_actions(), rng=random.Random(0), think=0.02)
        why = hint_why(choice)
        assert why is not None and why["code"] in PAGE_CODES, choice
        state.apply(choice.action)
    battle = ElpState(ElpRules(players=4), seed=2)
    seat = battle.current_player
    assert seat is not None
    choice = hint(battle.observation(seat), battle.legal_actions(), game="elpresidente")
    why = hint_why(choice)
    assert why is not None and why["code"] in PAGE_CODES and why["params"] == {}, choice
