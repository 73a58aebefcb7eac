"""The Daifugo options of issue 12 (UECda, Board Game Arena's table options, the Japanese table rules): one test
per rule sentence, each quoting it — from `../shared/uecda/README.md` (the UECda rules summary) or issue 12's
text. Every option is off by default, so the presets and their golden files do not change."""

from __future__ import annotations

from helpers import act, legal, position

from presidente.president import Rules, State, find_preset

# A plain table to switch one option on at a time: one joker, highest alone (as UECda's), no equal plays, and
# a pass holds for the trick ("A pass holds until the table is cleared").
BASE: Rules = find_preset("victorz").replace(
    jokers_per_deck=1, joker_mode="bga", equalize="disallow", one_fewer_two=False, pass_mode="trick"
)
WILD: Rules = BASE.replace(joker_mode="wild", jokers_per_deck=2)


def everyone_passes(state: State, times: int) -> None:
    act(state, *["pass"] * times)


# ----------------------------------------------------------------- jack back


def test_jack_back_reverses_strength_until_the_trick_ends() -> None:
    """ "11-back (a jack reverses strength until the table clears)" (UECda server option); issue 12: "Jack back
    (11-back): a jack reverses strength until the trick ends."."""
    state = position(BASE.replace(jack_back=True), ["JC 5C", "QD 10D 4D", "6H 7H"])
    act(state, "JC")
    assert state.reversed and state.jack_back
    assert legal(state) == {"pass", "10D", "4D"}
    act(state, "10D")
    assert legal(state) == {"pass", "6H", "7H"}
    everyone_passes(state, 2)
    assert state.current == 1 and state.trick_size == 0
    assert not state.reversed and not state.jack_back
    act(state, "4D")
    assert legal(state) == {"pass", "6H", "7H"}


def test_jack_back_is_off_by_default() -> None:
    state = position(BASE, ["JC 5C", "QD 10D 4D", "6H 7H"])
    act(state, "JC")
    assert not state.reversed and legal(state) == {"pass", "QD"}


def test_jack_back_in_a_revolution_turns_the_order_back_to_normal_for_the_trick() -> None:
    """ "a jack reverses strength until the table clears": in a revolution the jack makes the order normal until
    the trick ends; the revolution holds afterwards."""
    state = position(BASE.replace(jack_back=True), ["JC 5C", "QD 10D 4D", "6H 7H"], reversed=True)
    act(state, "JC")
    assert not state.reversed
    assert legal(state) == {"pass", "QD"}
    everyone_passes(state, 2)
    assert state.reversed and state.current == 0


def test_a_joker_alone_is_no_jack() -> None:
    """Jokers alone hold no jack ("A joker played alone is never an 8", read for every rank a rule names)."""
    state = position(WILD.replace(jack_back=True), ["JK 5C", "QD 10D 4D", "6H 7H"])
    act(state, "JK=J")
    assert not state.reversed


def test_a_joker_beside_a_jack_keeps_the_jack_back() -> None:
    state = position(BASE.replace(jack_back=True), ["JC JK 5C", "QD QS 10D 10H 4D", "6H 7H"])
    act(state, "JC JK")
    assert state.reversed and legal(state) == {"pass", "10D 10H"}


def test_a_jack_back_survives_a_position_round_trip() -> None:
    state = position(BASE.replace(jack_back=True), ["JC 5C", "QD 10D 4D", "6H 7H"])
    act(state, "JC")
    again = State.from_position(state.to_position())
    assert again.jack_back and again.reversed
    assert legal(again) == legal(state)
    everyone_passes(again, 2)
    assert not again.reversed


# ----------------------------------------------------------------- 8 cut


def test_eight_cut_any_play_holding_an_eight_ends_the_trick() -> None:
    """ "8 cut: any play that contains an 8 — single, group or sequence — clears the table, and its player leads
    again." (UECda)."""
    for lead in ("8C", "8C 8D", "8C JK"):
        state = position(BASE.replace(eight_cut=True), ["8C 8D JK 5C", "QD 10D 4D", "6H 7H"])
        act(state, lead)
        assert state.trick_size == 0 and state.current == 0, lead


def test_eight_cut_a_joker_alone_is_never_an_eight() -> None:
    """ "A joker played alone is never an 8." (UECda) — also where jokers alone stand for a rank; the older
    `eight_rule` ("Playing an 8 ends the trick") keeps its meaning and counts them."""
    state = position(WILD.replace(eight_cut=True), ["JK 5C", "QD 10D 4D", "6H 7H"])
    act(state, "JK=8")
    assert state.trick_size == 1 and state.current == 1
    state = position(WILD.replace(eight_rule=True), ["JK 5C", "QD 10D 4D", "6H 7H"])
    act(state, "JK=8")
    assert state.trick_size == 0 and state.current == 0


def test_eight_cut_on_a_follow_ends_the_trick_for_its_player() -> None:
    state = position(BASE.replace(eight_cut=True), ["5C KC", "8D 4D", "6H 7H"])
    act(state, "5C", "8D")
    assert state.trick_size == 0 and state.current == 1
    assert legal(state) == {"4D"}
