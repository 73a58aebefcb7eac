"""Errors as codes (issue 26): every refusal of the engines carries a declared code, its parameters and the code's
English sentence. One scenario per code triggers it and checks the code and the parameters; the catalog
(`presidente.errors.CODES`) declares exactly the codes the engines raise, and docs/errors.md is generated from it.
"""

from __future__ import annotations

import ast
import pickle
import random
import string
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from president.helpers import act, after_round, position

from presidente import elpresidente as elp
from presidente.cards import parse_card, parse_cards, parse_rank
from presidente.elpresidente.rules import option_specs as elp_option_specs
from presidente.errors import (
    CODES,
    ERROR_CLASSES,
    ActionSyntaxError,
    IllegalActionError,
    NotYourTurnError,
    PresidenteError,
    Refusal,
    RulesError,
    catalog_markdown,
    english,
)
from presidente.options import text
from presidente.president import (
    PASS,
    PRESETS,
    Join,
    Leave,
    Phase,
    Play,
    Rules,
    State,
    find_preset,
    new_game,
    parse_action,
)
from presidente.president.roles import Roles
from presidente.president.rules import option_specs, parse_option

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "presidente"
ENGINE_FILES = sorted(
    [
        PACKAGE / "cards.py",
        PACKAGE / "options.py",
        *(PACKAGE / "president").glob("*.py"),
        *(PACKAGE / "elpresidente").glob("*.py"),
    ]
)
BGA = find_preset("bga")
SEQUENCES = BGA.replace(sequences=True)


def raised(thunk: Callable[[], object]) -> PresidenteError:
    with pytest.raises(PresidenteError) as caught:
        thunk()
    return caught.value


def apply_texts(state: State, *texts: str) -> Callable[[], None]:
    """Apply all but the last action (they must be accepted); the thunk applies the last."""
    act(state, *texts[:-1])
    return lambda: state.apply(parse_action(texts[-1]), state.current_player)


def lead(rules: Rules, hands: list[str], *texts: str, roles: Roles | None = None) -> Callable[[], None]:
    """Seat 0 leads with these hands (two seats at least), each seat keeping a queen so that the round goes on."""
    hands = [f"{hand} {queen}".strip() for hand, queen in zip([*hands, ""][: max(2, len(hands))], QUEENS, strict=False)]
    return apply_texts(position(rules, hands, roles=roles), *texts)


def spec(name: str) -> Any:
    return next(s for s in option_specs() if s.name == name)


def until(state: State, phase: Phase, rng: random.Random) -> State:
    while state.phase is not phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


def over(rounds: int = 1) -> State:
    state, rng = new_game(BGA.replace(rounds=rounds), 4, seed=3), random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def first_lead_without_the_special_three() -> Callable[[], None]:
    state = new_game(find_preset("victorz"), 4, seed=1)
    seat = state.current_player
    assert seat is not None and state.must_include is not None
    card = next(c for c, n in enumerate(state.hands[seat]) if n and c != state.must_include)
    return lambda: state.apply(Play(((card, 1),)), seat)


def owed_give(text: str) -> Callable[[], None]:
    return lead(BGA.replace(seven_give=True), ["7C 9C 3D", "8C 4D", "KH 5S"], "7C", text)


def draft_pick() -> State:
    state = after_round("college-draft", [0, 1, 2, 3])
    return until(state, Phase.DRAFT_PICK, random.Random(2))


def in_exchange() -> State:
    state = after_round("bga", [0, 1, 2, 3])
    assert state.phase is Phase.EXCHANGE
    return state


def giving_seat_holds(state: State) -> str:
    seat = state.current_player
    assert seat is not None
    return next(str(Play(((card, 1),))) for card, n in enumerate(state.hands[seat]) if n)


def give_not_held() -> Callable[[], None]:
    state = in_exchange()
    seat = state.current_player
    assert seat is not None
    count = state.transfers[0].count
    missing = [card for card, n in enumerate(state.hands[seat]) if not n and card < 52][:count]
    return lambda: state.apply(parse_action("give " + " ".join(str(Play(((c, 1),))) for c in missing)))


def not_in_draft_pool() -> Callable[[], None]:
    state = draft_pick()
    count = min(state.rules.draft_cards, sum(state.draft_pool))
    absent = [card for card, n in enumerate(state.draft_pool) if not n and card < 52][:count]
    return lambda: state.apply(parse_action("take " + " ".join(str(Play(((c, 1),))) for c in absent)))


def huge_hand() -> Callable[[], object]:
    state = new_game(find_preset("victorz").replace(decks=2**51), 4, seed=5)
    return state.legal_actions


def elp_state(hands: list[str], attacker: int = 0) -> elp.State:
    return elp.State.at_battle_start(
        elp.Rules(players=len(hands)), [[parse_card(t) for t in hand.split()] for hand in hands], attacker
    )


def elp_after(hands: list[str], *texts: str) -> Callable[[], None]:
    state = elp_state(hands)
    for action in texts[:-1]:
        state.apply(action)
    return lambda: state.apply(texts[-1])


def elp_over() -> elp.State:
    state, rng = elp.State(elp.Rules(players=3), 4), random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


QUEENS = ("QC", "QD", "QH", "QS")
ELP_HANDS = ["7C 7D 2C 3C", "8C 2D 3D 4D", "9C 5D 6D 4C"]

# code -> (a thunk that raises it, or a predicate's refusal; the parameters expected)
SCENARIOS: dict[str, tuple[Callable[[], object], dict[str, Any]]] = {
    # cards.py
    "not_a_rank": (lambda: parse_rank("Z"), {"text": "'Z'"}),
    "not_a_card": (lambda: parse_card("7X"), {"text": "'7X'"}),
    "bad_repeat_count": (lambda: parse_cards("3Hx0"), {"text": "'3Hx0'"}),
    "no_cards": (lambda: parse_cards(" , "), {}),
    # options.py
    "not_a_whole_number": (
        lambda: BGA.replace(turn_time="x"),
        {"option": "turn_time", "value": "'x'", "min": 5, "max": 60},
    ),
    "out_of_bounds": (lambda: BGA.replace(turn_time=61), {"option": "turn_time", "value": 61, "min": 5, "max": 60}),
    "not_true_or_false": (lambda: BGA.replace(eight_rule="yes"), {"option": "eight_rule", "value": "'yes'"}),
    "not_a_choice": (
        lambda: BGA.replace(equalize="sometimes"),
        {"option": "equalize", "value": "'sometimes'", "choices": "disallow, allow, or-skip, or-pass, force-skip"},
    ),
    "bad_text": (lambda: text(12).named("name").check(5), {"option": "name", "value": 5, "max_chars": 12}),
    "bad_text_or_null": (
        lambda: elp.Rules(players=4, teams=[2, 2]),  # type: ignore[arg-type]
        {
            "option": "teams",
            "value": "[2, 2]",
            "max_chars": next(s for s in elp_option_specs() if s.name == "teams").max_chars,
        },
    ),
    "bad_number_list": (
        lambda: BGA.replace(credit_changes=[1, 2]),
        {
            "option": "credit_changes",
            "value": "[1, 2]",
            "count": 5,
            "min": spec("credit_changes").item_min,
            "max": spec("credit_changes").item_max,
        },
    ),
    "bad_number_list_item": (
        lambda: parse_option("credit_changes=5,0,x,-10,-15"),
        {
            "option": "credit_changes",
            "count": 5,
            "min": spec("credit_changes").item_min,
            "max": spec("credit_changes").item_max,
            "index": 3,
            "item": "'x'",
        },
    ),
    "bad_name_list": (
        lambda: BGA.replace(role_titles=["Boss"]),
        {"option": "role_titles", "value": "['Boss']", "count": 5, "max_chars": spec("role_titles").max_chars},
    ),
    "bad_name_list_item": (
        lambda: BGA.replace(role_titles=["A", "B", "", "D", "E"]),
        {"option": "role_titles", "count": 5, "max_chars": spec("role_titles").max_chars, "index": 3, "item": "''"},
    ),
    "options_not_an_object": (lambda: Rules.from_dict([1]), {"value": "[1]"}),  # type: ignore[arg-type]
    "unknown_options": (
        lambda: BGA.replace(**{f"x{n}": 1 for n in range(7)}),
        {"names": "x0, x1, x2, x3, x4", "more": 2},
    ),
    "unknown_el_presidente_options": (
        lambda: elp.Rules.from_dict({"players": 4, "jokers": 2}),
        {"names": "jokers", "more": 0},
    ),
    # president/rules.py
    "max_players_below_min": (lambda: BGA.replace(min_players=5, max_players=4), {"min": 5, "max": 4}),
    "no_match_end": (lambda: BGA.replace(rounds=0, target_score=0), {}),
    "all_passed_needs_trick_passes": (lambda: BGA.replace(trick_end="all-passed", pass_mode="turn"), {}),
    "joker_suits_needs_one_deck": (lambda: SEQUENCES.replace(joker_suits=True, decks=2), {}),
    "joker_ends_need_no_wrap": (lambda: SEQUENCES.replace(sequence_joker_ends=True, sequence_wraps=True), {}),
    "sequence_revolution_below_min": (lambda: SEQUENCES.replace(sequence_revolution=2), {"min": 3, "value": 2}),
    "players_out_of_range": (
        lambda: find_preset("daifugo").check_players(2),
        {"rules": "daifugo", "min": 3, "max": 6, "players": 2},
    ),
    "players_not_exact": (lambda: find_preset("uecda").check_players(4), {"rules": "uecda", "count": 5, "players": 4}),
    "unknown_preset": (lambda: find_preset("poker"), {"preset": "'poker'", "presets": ", ".join(PRESETS)}),
    "not_key_value": (lambda: parse_option("eight_rule"), {"text": "'eight_rule'"}),
    "unknown_option": (lambda: parse_option("colour=red"), {"option": "'colour'"}),
    "not_on_off": (lambda: parse_option("eight_rule=maybe"), {"option": "eight_rule", "value": "'maybe'"}),
    # president/actions.py
    "play_without_cards": (lambda: Play(()), {}),
    "name_each_joker": (lambda: parse_action("9H JK JK=9S"), {}),
    "joker_names_held_card": (lambda: parse_action("9H JK=9H"), {}),
    "sequence_declares_rank": (lambda: parse_action("3H 4H JK=5"), {}),
    "rank_declared_beside_cards": (lambda: parse_action("7H JK=7"), {}),
    "empty_play": (lambda: parse_action("play"), {}),
    "only_jokers_stand_in": (lambda: parse_action("3H=4H"), {"name": "3H", "value": "4H"}),
    "jokers_missing_before_equals": (lambda: parse_action("=7"), {}),
    "rank_missing_after_equals": (lambda: parse_action("JK="), {}),
    "jokers_alone_name_no_card": (lambda: parse_action("JK=5H", sequences=False), {}),
    "not_one_rank": (lambda: parse_action("3H 4S", sequences=False), {}),
    "sequence_joker_unnamed": (lambda: parse_action("3H 4H JK"), {}),
    "joker_card_needs_sequence": (lambda: parse_action("JK=5H"), {}),
    "joker_stands_for_joker": (lambda: parse_action("3H 4H JK=JK"), {}),
    "sequence_not_one_suit": (lambda: parse_action("3H 4S 5H"), {}),
    "sequence_not_consecutive": (lambda: parse_action("3H 5H"), {}),
    "empty_action": (lambda: parse_action("  "), {}),
    "pass_alone": (lambda: parse_action("pass now"), {}),
    "verb_needs_cards": (lambda: parse_action("give"), {"verb": "give"}),
    "verb_needs_seat": (lambda: parse_action("leave two"), {"verb": "leave"}),
    # president/trick.py: plays the rules refuse
    "special_three_first": (first_lead_without_the_special_three, {"play": None}),
    "sequence_trick": (lambda: lead(SEQUENCES, ["3H 4H 5H", "9C"], "3H 4H 5H", "9C"), {"play": "9C", "size": 3}),
    "wrong_size": (lambda: lead(BGA, ["5C 5D", "9C"], "5C 5D", "9C"), {"play": "9C", "size": 2}),
    "number_locked": (
        lambda: lead(BGA.replace(number_lock=True), ["5C", "6D", "KH"], "5C", "6D", "KH"),
        {"play": "KH", "rank": "7"},
    ),
    "number_locked_at_top": (
        lambda: lead(BGA.replace(number_lock=True), ["AC 5C", "2D 6D"], "AC", "2D", "5C"),
        {"play": "5C"},
    ),
    "must_equal": (
        lambda: lead(BGA.replace(equalize="or-pass"), ["9C 3C", "9D 3D", "KC"], "9C", "9D", "KC"),
        {"play": "KC", "top": "9D"},
    ),
    "does_not_beat": (lambda: lead(BGA, ["9C 3C", "5D"], "9C", "5D"), {"play": "5D", "top": "9C"}),
    "no_sequences": (lambda: lead(BGA, ["3H 4H 5H"], "3H 4H 5H"), {"play": "3H 4H 5H"}),
    "sequence_too_short": (lambda: lead(SEQUENCES, ["3H 4H"], "3H 4H"), {"play": "3H 4H", "min": 3}),
    "joker_below_three": (lambda: lead(SEQUENCES, ["3H 4H JK"], "JK=<3H 3H 4H"), {"play": "JK=<3H 3H 4H"}),
    "joker_above_two": (lambda: lead(SEQUENCES, ["AH 2H JK"], "AH 2H JK=>2H"), {"play": "AH 2H JK=>2H"}),
    "two_three_not_connected": (lambda: lead(SEQUENCES, ["AH 2H 3H"], "AH 2H 3H"), {"play": "AH 2H 3H"}),
    "joker_too_far": (
        lambda: position(SEQUENCES.replace(sequence_joker_ends=True), ["3H", "4H"]).sequence_error(-2, 4),
        {},
    ),
    "sequence_answers_sequence": (
        lambda: lead(SEQUENCES, ["9C 3C", "3H 4H 5H"], "9C", "3H 4H 5H"),
        {"play": "3H 4H 5H"},
    ),
    "wrong_sequence_size": (
        lambda: lead(SEQUENCES, ["3H 4H 5H", "6D 7D 8D 9D"], "3H 4H 5H", "6D 7D 8D 9D"),
        {"play": "6D 7D 8D 9D", "size": 3},
    ),
    "sequence_not_above": (
        lambda: lead(SEQUENCES, ["5H 6H 7H", "6D 7D 8D"], "5H 6H 7H", "6D 7D 8D"),
        {"play": "6D 7D 8D", "top": "5H 6H 7H"},
    ),
    "no_equal_plays": (lambda: lead(BGA.replace(equalize="disallow"), ["9C 3C", "9D"], "9C", "9D"), {"play": "9D"}),
    "lone_joker_not_equalled": (
        lambda: lead(BGA.replace(jokers_per_deck=2), ["JK 3C", "JK"], "JK", "JK"),
        {"play": "JK"},
    ),
    "best_not_equalled": (lambda: lead(BGA.replace(no_equal_best=True), ["2C 3C", "2D"], "2C", "2D"), {"play": "2D"}),
    "only_scum_equalizes": (
        lambda: lead(BGA.replace(first_equalize_only_by_scum=True), ["9C 3C", "9D", "4D"], "9C", "9D"),
        {"play": "9D"},
    ),
    "owed_first": (
        lambda: _owing()._play_error(Play.parse("9C")),
        {"verb": "give", "count": 1},
    ),
    "not_held": (lambda: lead(BGA, ["9C"], "KS"), {"cards": "KS", "count": 1}),
    "trump_jokers_alone": (
        lambda: lead(find_preset("trump-jokers"), ["9C JK", "3D", "4D", "5D"], "9C JK"),
        {"play": "JK 9C"},
    ),
    "declare_joker_rank": (lambda: lead(BGA.replace(joker_mode="wild"), ["JK 3C"], "JK"), {"play": "JK"}),
    "jokers_declare_no_rank": (lambda: lead(BGA, ["JK 3C"], "JK=7"), {"play": "JK=7"}),
    "jokers_name_no_card": (
        lambda: lead(BGA.replace(joker_mode="wild"), ["9H JK"], "9H JK=9S"),
        {"play": "JK=9S 9H", "instead": "JK 9H"},
    ),
    "name_each_joker_card": (
        lambda: lead(SEQUENCES.replace(joker_suits=True, joker_mode="wild"), ["9H JK"], "9H JK"),
        {"play": "JK 9H"},
    ),
    "suit_locked": (
        lambda: lead(BGA.replace(suit_lock=True), ["5H 3C", "6H", "7S"], "5H", "6H", "7S"),
        {"play": "7S", "suits": "H"},
    ),
    "too_many_actions": (huge_hand, {}),
    # president/state.py
    "match_over": (lambda: over().apply(PASS), {}),
    "waiting_for_players": (lambda: _waiting().apply(PASS), {}),
    "not_your_turn": (lambda: position(BGA, ["9C", "9D"]).apply(PASS, 1), {"seat": 0}),
    "not_your_seat": (lambda: position(BGA, ["9C", "9D", "9H"]).apply(Leave(2), 1), {"seat": 2}),
    "lead_cannot_pass": (lambda: position(BGA, ["9C", "9D"]).apply(PASS), {}),
    "not_a_play_move": (lambda: position(BGA, ["9C", "9D"]).apply(parse_action("give 9C")), {"action": "give 9C"}),
    "must_give_now": (lambda: in_exchange().apply(PASS), {"action": "pass"}),
    "must_place_now": (lambda: after_round("college-draft", [0, 1, 2, 3]).apply(PASS), {"action": "pass"}),
    "must_take_now": (lambda: draft_pick().apply(PASS), {"action": "pass"}),
    "no_one_to_move": (lambda: over().auto_action(), {}),
    "owed_one_at_a_time": (lambda: owed_give("9C"), {"action": "9C", "verb": "give", "count": 1}),
    "give_count": (lambda: in_exchange().apply(parse_action("give 3C 4C 5C 6C 7C")), {"count": 2, "size": 5}),
    "take_count": (lambda: draft_pick().apply(parse_action("take 3C 4C 5C 6C 7C")), {"count": 2, "size": 5}),
    "not_in_draft_pool": (not_in_draft_pool, {"cards": None}),
    "no_such_seat": (lambda: position(BGA, ["9C", "9D"]).apply(Leave(9)), {"seat": 9, "last": 1}),
    "seat_taken": (lambda: position(BGA, ["9C", "9D"]).apply(Join(1)), {"seat": 1}),
    "seat_empty": (lambda: _left(1).apply(Leave(1)), {"seat": 1}),
    # elpresidente/actions.py
    "attack_without_cards": (lambda: elp.Attack(()), {}),
    "name_the_cards": (lambda: elp.parse_action("attack"), {}),
    "no_jokers": (lambda: elp.parse_action("attack JK"), {}),
    "card_twice": (lambda: elp.parse_action("throw 7C 7C"), {}),
    "not_an_el_presidente_action": (lambda: elp.parse_action("fold 7C"), {"text": "'fold 7C'"}),
    "beat_one_card": (lambda: elp.parse_action("beat 7C 7D"), {}),
    # elpresidente/rules.py
    "teams_not_sizes": (lambda: elp.Rules(players=4, teams="two"), {"value": "'two'"}),
    "teams_unequal": (lambda: elp.Rules(players=5, teams="2v3"), {"value": "'2v3'"}),
    "teams_players": (lambda: elp.Rules(players=6, teams="2v2"), {"teams": "2v2", "needed": 4, "players": 6}),
    # elpresidente/state.py
    "no_seat_at_table": (lambda: elp.State(elp.Rules(players=2), 1).observation(2), {"seat": 2, "players": 2}),
    "not_your_turn_to_act": (lambda: elp_state(ELP_HANDS).apply("attack 7C", seat=1), {"seat": 0, "phase": "attack"}),
    "attack_expected": (lambda: elp_state(ELP_HANDS).apply("concede"), {"action": "concede"}),
    "throw_in_expected": (lambda: elp_after(ELP_HANDS, "attack 7C", "beat 8C"), {"action": "beat 8C"}),
    "beat_expected": (lambda: elp_after(ELP_HANDS, "attack 7C", "pass", "pass", "attack 2D"), {"action": "attack 2D"}),
    "pick_up_expected": (
        lambda: elp_after(ELP_HANDS, "attack 7C", "pass", "pass", "beat 8C", "pass", "pass", "pass", "attack 2C"),
        {"action": "attack 2C"},
    ),
    "attack_not_one_rank": (lambda: elp_state(ELP_HANDS).apply("attack 7C 2C"), {}),
    "throw_in_wrong_rank": (lambda: elp_after(ELP_HANDS, "attack 7C", "throw 9C"), {"rank": "7"}),
    "card_does_not_beat": (
        lambda: elp_after(ELP_HANDS, "attack 7C", "pass", "pass", "beat 2D"),
        {"card": "2D", "top": "7C"},
    ),
}


def _owing() -> State:
    state = position(BGA.replace(seven_give=True), ["7C 9C 3D", "8C 4D", "KH 5S"])
    act(state, "7C")
    assert state.owed is not None
    return state


def _waiting() -> State:
    state = new_game(find_preset("victorz"), 2, seed=1)
    state.apply(Leave(1))
    assert state.phase is Phase.WAITING
    return state


def _left(seat: int) -> State:
    state = position(BGA, ["9C", "9D", "9H"])
    state.apply(Leave(seat))
    return state


# Codes met in several places: a second scenario for each.
MORE_SCENARIOS: list[tuple[str, Callable[[], object], dict[str, Any]]] = [
    ("not_held", lambda: lead(BGA.replace(decks=2), ["9C 3C"], "9Cx2"), {"cards": "9C 9C", "count": 2}),
    ("not_held", give_not_held, {"cards": None, "count": 1}),
    ("not_held", lambda: elp_state(ELP_HANDS).apply("attack KS"), {"cards": "KS", "count": 1}),
    ("match_over", lambda: elp_over().apply("pass"), {}),
    ("match_over", lambda: over().apply(Join(0)), {}),
    ("special_three_first", lambda: new_game(find_preset("victorz"), 4, seed=1).shape_error(5, 1, 0), {}),
    ("unknown_options", lambda: BGA.replace(colour=1), {"names": "colour", "more": 0}),
    ("wrong_size", lambda: lead(BGA, ["5C", "9C 9D"], "5C", "9C 9D"), {"play": "9C 9D", "size": 1}),
]


def _cases() -> Iterator[Any]:
    for code, (thunk, params) in SCENARIOS.items():
        yield pytest.param(code, thunk, params, id=code)
    for index, (code, thunk, params) in enumerate(MORE_SCENARIOS):
        yield pytest.param(code, thunk, params, id=f"{code}-{index}")


@pytest.mark.parametrize(("code", "thunk", "params"), list(_cases()))
def test_each_code_is_raised_with_its_parameters(
    code: str, thunk: Callable[[], object], params: dict[str, Any]
) -> None:
    try:
        result = thunk()
        if callable(result):  # a set-up that returns the refused move
            result = result()
    except PresidenteError as error:
        got_code, got_params, message, message_from_error = error.code, error.params, str(error), True
        assert error.as_dict() == {"code": got_code, "params": got_params, "message": message}
    else:
        assert isinstance(result, Refusal), f"no refusal: {result!r}"
        got_code, got_params, message, message_from_error = result.code, dict(result.params), result.message, False
    assert got_code == code
    declared = set(CODES[code].params)
    # A predicate's refusal, asked directly, lacks the parameters only `apply` adds: the play, the top play.
    assert set(got_params) == (declared if message_from_error else declared - {"play", "top"})
    for name, value in params.items():
        if value is not None:
            assert got_params[name] == value, name
    assert all(isinstance(value, str | int) for value in got_params.values())
    assert message == english(code, got_params)


def test_every_declared_code_has_a_scenario() -> None:
    assert set(SCENARIOS) == set(CODES)


def test_a_play_refused_by_apply_carries_every_declared_parameter() -> None:
    state = position(BGA, ["9C 3C", "5D"])
    act(state, "9C")
    error = raised(lambda: state.apply(parse_action("5D")))
    assert error.as_dict() == {
        "code": "does_not_beat",
        "params": {"play": "5D", "top": "9C"},
        "message": "That does not beat the last play: play higher, or pass.",
    }
    assert isinstance(error, IllegalActionError)


def _calls(tree: ast.AST) -> Iterator[ast.Call]:
    yield from (node for node in ast.walk(tree) if isinstance(node, ast.Call))


def _name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def test_the_engines_raise_only_declared_codes_and_each_declared_code_is_in_their_source() -> None:
    literal_codes: set[str] = set()
    strings: set[str] = set()
    for path in ENGINE_FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings |= {
            node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
        for call in _calls(tree):
            if (
                _name(call.func) in ("of", "Refusal", "_refusal")
                and call.args
                and isinstance(call.args[0], ast.Constant)
            ):
                literal_codes.add(call.args[0].value)
    assert literal_codes <= set(CODES)
    assert set(CODES) <= strings


CODED = {"ActionSyntaxError", "IllegalActionError", "NotYourTurnError", "RulesError", "TooManyActionsError"}


def test_the_engines_make_their_refusals_from_codes_not_sentences() -> None:
    # Only positions and records write free messages (their one code each); every other refusal is `X.of(code)`.
    for path in ENGINE_FILES:
        for call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
            assert not (isinstance(call.func, ast.Name) and call.func.id in CODED), f"{path.name}:{call.lineno}"


def test_each_sentence_uses_only_its_declared_parameters() -> None:
    for code, declared in CODES.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(declared.english) if name}
        assert fields <= set(declared.params), code
        assert len(set(declared.params)) == len(declared.params), code


def test_plural_and_word_forms() -> None:
    assert english("give_count", {"count": 1, "size": 2}) == "Give exactly 1 card, not 2."
    assert english("not_held", {"cards": "3Hx2", "count": 2}) == "You do not hold 3Hx2 that many times."
    assert english("unknown_options", {"names": "a", "more": 1}) == "Unknown option(s): a, and 1 more."
    assert english("bad_name_list", {"option": "o", "value": "[]", "count": 11, "max_chars": 3}).startswith(
        "o must give 11 names"
    )


def test_an_error_made_from_a_message_has_its_class_default_code() -> None:
    for cls in ERROR_CLASSES:
        error = cls("Some words.")
        assert error.as_dict() == {"code": cls.default_code, "params": {}, "message": "Some words."}
    assert RulesError("x").code == "bad_rules" and NotYourTurnError("x").code == "not_your_turn"
    assert isinstance(ActionSyntaxError("x"), ValueError)


def test_an_error_pickles_with_its_code() -> None:
    error = IllegalActionError.of("does_not_beat", play="3H", top="4S")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is IllegalActionError and copy.as_dict() == error.as_dict()


def test_refusals_without_parameters_are_shared() -> None:
    state = position(BGA, ["9C 3C", "5D 4D"])
    act(state, "9C")
    assert state.shape_error(3, 1, 0) is state.shape_error(2, 1, 0)
    assert state.shape_error(3, 2, 0) is state.shape_error(2, 2, 0)  # the wrong size: built once per size


def test_docs_errors_md_is_generated_from_the_catalog() -> None:
    assert (ROOT / "docs" / "errors.md").read_text(encoding="utf-8") == catalog_markdown(), (
        "regenerate it: .venv/bin/python -m presidente.errors > docs/errors.md"
    )
