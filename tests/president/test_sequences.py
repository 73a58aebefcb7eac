"""Sequences (kaidan, issue 12), one test per rule sentence, each quoting it — from `../shared/uecda/README.md`
(the UECda rules summary, with the official server `tndhms` settling what it leaves open) or issue 12's text."""

from __future__ import annotations

import random

import pytest
from helpers import act, legal, position, snapshot

from presidente.errors import ActionSyntaxError, IllegalActionError, RulesError
from presidente.president import Play, Position, Rules, State, find_preset, new_game, parse_action

# One joker, highest alone (as UECda's), no equal plays, a pass holds for the trick; sequences on.
BASE: Rules = find_preset("victorz").replace(
    jokers_per_deck=1,
    joker_mode="bga",
    equalize="disallow",
    one_fewer_two=False,
    pass_mode="trick",
    sequences=True,
)


def sequences(state: State) -> set[str]:
    return {str(action) for action in state.legal_actions() if isinstance(action, Play) and action.sequence}


# ----------------------------------------------------------------- the play form


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("5H 3H 4H", "3H 4H 5H"),
        ("3h 4h jk=5h", "3H 4H JK=5H"),
        ("JK = 4S 3S 5S", "3S JK=4S 5S"),
        ("KD AD 2D 3D", "KD AD 2D 3D"),
    ],
)
def test_a_sequence_round_trips_through_its_text(text: str, shown: str) -> None:
    """Issue 12: "3 or more consecutive cards of one suit (a joker may fill a gap)"; the joker is written as the
    card it stands for, since "3H 4H JK" could mean 2H or 5H."""
    play = parse_action(text)
    assert isinstance(play, Play) and play.sequence
    assert str(play) == shown and parse_action(shown) == play


@pytest.mark.parametrize("text", ["3H 4S 5H", "3H 5H 6H", "3H 4H JK", "JK=5H", "4H JK=4H 5H", "3H 4H JK=5S"])
def test_cards_that_are_no_sequence_are_refused_as_text(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_a_sequence_holds_each_rank_it_spans() -> None:
    play = parse_action("7S JK=8S 9S")
    assert isinstance(play, Play)
    assert play.ranks() == (4, 5, 6) and play.size == 3 and play.jokers == 1 and play.suit == 3


# ----------------------------------------------------------------- leading and answering


def test_sequences_are_off_by_default() -> None:
    state = position(BASE.replace(sequences=False), ["3H 4H 5H 9C", "6S 7S 8S"])
    assert sequences(state) == set()
    with pytest.raises(IllegalActionError, match="Sequences are not played"):
        act(state, "3H 4H 5H")


def test_a_sequence_is_three_or_more_consecutive_cards_of_one_suit() -> None:
    """UECda: "a sequence of 3 or more consecutive cards of one suit (the joker may stand in for one)"."""
    state = position(BASE, ["3H 4H 5H 6H 9C", "10S JS QS"])
    assert sequences(state) == {"3H 4H 5H", "4H 5H 6H", "3H 4H 5H 6H"}
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="at least 3"):
        act(state, "3H 4H")
    assert snapshot(state) == before


def test_sequence_min_sets_the_shortest_sequence() -> None:
    state = position(BASE.replace(sequence_min=4), ["3H 4H 5H 6H 9C", "10S JS QS"])
    assert sequences(state) == {"3H 4H 5H 6H"}


def test_a_joker_may_stand_in_for_one_card() -> None:
    """UECda: "(the joker may stand in for one)": for a missing card, or for a held one (another play)."""
    state = position(BASE, ["3H 5H JK 9C", "10S JS QS"])
    # One joker: it fills the gap at 4; no window needs fewer stand-ins.
    assert sequences(state) == {"3H JK=4H 5H"}
    state = position(BASE, ["3H 4H 5H JK 9C", "10S JS QS"])
    assert sequences(state) == {
        "3H 4H 5H",
        "JK=3H 4H 5H",
        "3H JK=4H 5H",
        "3H 4H JK=5H",
        "4H 5H JK=6H",
        "3H 4H 5H JK=6H",
    }


def test_a_sequence_answers_only_a_sequence_of_the_same_length_wholly_above_it() -> None:
    """UECda: "A play must have the same form and size as the one on the table and be stronger; a sequence must
    be wholly above the table's (every card above its highest)"."""
    state = position(BASE, ["4H 5H 6H", "5S 6S 7S 7C 8C 9C 10C 7D 7H", "AD"])
    act(state, "4H 5H 6H")
    assert sequences(state) == {"7C 8C 9C", "8C 9C 10C"}
    for text, reason in [("5S 6S 7S", "wholly above"), ("7C 8C 9C 10C", "3 cards"), ("7D", "sequences of 3")]:
        before = snapshot(state)
        with pytest.raises(IllegalActionError, match=reason):
            act(state, text)
        assert snapshot(state) == before
    assert legal(state) == {"pass", "7C 8C 9C", "8C 9C 10C"}


def test_groups_never_answer_sequences_nor_sequences_groups() -> None:
    """UECda: "A play must have the same form and size as the one on the table"."""
    state = position(BASE, ["9H 9S 3C", "JC QC KC AD AH", "4D"])
    act(state, "9H 9S")
    assert sequences(state) == set() and legal(state) == {"pass", "AD AH"}
    with pytest.raises(IllegalActionError, match="answers only a sequence"):
        act(state, "JC QC KC")


def test_in_a_revolution_a_sequence_must_be_wholly_below() -> None:
    """UECda: revolution "reverses the strength of all cards": a stronger sequence is then wholly below."""
    state = position(BASE, ["8H 9H 10H 3C", "5C 6C 7C 6D 7D 8D JS QS KS", "4D"], reversed=True)
    act(state, "8H 9H 10H")
    assert sequences(state) == {"5C 6C 7C"}


def test_the_two_and_the_three_connect_only_with_sequence_wraps() -> None:
    """Issue 12: "whether 2–3 connect"; UECda does not (its table has no card after the 2)."""
    hands = ["KD AD 2D 3D 9C", "10S JS QS"]
    assert sequences(position(BASE, hands)) == {"KD AD 2D"}
    wrapping = sequences(position(BASE.replace(sequence_wraps=True), hands))
    assert {"KD AD 2D", "AD 2D 3D", "KD AD 2D 3D"} == wrapping
    state = position(BASE, hands)
    with pytest.raises(IllegalActionError, match="do not connect"):
        act(state, "AD 2D 3D")


def test_a_wrapping_sequence_counts_the_cards_past_the_two_above_it() -> None:
    state = position(BASE.replace(sequence_wraps=True), ["JD QD KD 4C", "AH 2H 3H 9C 10C JC", "4D"])
    act(state, "JD QD KD")
    assert sequences(state) == {"AH 2H 3H"}


# ----------------------------------------------------------------- the other options read a sequence's ranks


def test_a_sequence_of_five_makes_a_revolution_with_sequence_revolution() -> None:
    """UECda: "Revolution: four or more of a rank ..., or a sequence of five or more, reverses the strength of all
    cards except the joker for the rest of the game"."""
    rules = BASE.replace(sequence_revolution=5)
    state = position(rules, ["3S 4S 5S 6S 7S 9C", "10S JS QS KS", "4C"])
    act(state, "3S 4S 5S 6S 7S")
    assert state.reversed
    state = position(rules, ["3S 4S 5S 6S 9C", "10S JS QS KS", "4C"])
    act(state, "3S 4S 5S 6S")
    assert not state.reversed
    state = position(BASE.replace(sequence_revolution=4), ["3S 4S 5S 6S 9C", "10S JS QS KS", "4C"])
    act(state, "3S 4S 5S 6S")
    assert state.reversed


def test_sequence_revolution_below_the_shortest_sequence_is_refused() -> None:
    with pytest.raises(RulesError, match="sequence_revolution"):
        BASE.replace(sequence_min=4, sequence_revolution=3)


@pytest.mark.parametrize("text", ["6C 7C 8C", "7C JK=8C 9C"])
def test_eight_cut_on_any_sequence_holding_an_eight(text: str) -> None:
    """UECda: "8 cut: any play that contains an 8 — single, group or sequence — clears the table, and its player
    leads again"; `tndhms` reads a sequence as every rank it spans, a joker standing in included."""
    state = position(BASE.replace(eight_cut=True), ["6C 7C 8C 9C JK 3D", "10S JS QS KS"])
    act(state, text)
    assert state.trick_size == 0 and state.current == 0


def test_jack_back_on_a_sequence_holding_a_jack() -> None:
    """UECda server option "11-back (a jack reverses strength until the table clears)"."""
    state = position(BASE.replace(jack_back=True), ["9D 10D JD 4C", "5H 6H 7H QS KS AS"])
    act(state, "9D 10D JD")
    assert state.reversed and sequences(state) == {"5H 6H 7H"}


def test_five_skip_seven_give_ten_discard_count_one_card_per_rank_of_a_sequence() -> None:
    """Issue 12: "5 skip, 7 give ..., 10 discard ... each with its count rules": a sequence holds one card of each
    rank it spans."""
    state = position(BASE.replace(five_skip=True), ["4C 5C 6C 9D", "7S 8S 9S", "8H 9H 10H", "JD QD KD"])
    act(state, "4C 5C 6C")
    assert state.current == 2
    state = position(BASE.replace(seven_give=True), ["6C 7C 8C 9D 10D", "10S JS QS", "3H"])
    act(state, "6C 7C 8C")
    assert state.owed is not None and state.owed.count == 1
    state = position(BASE.replace(ten_discard=True), ["9C 10C JC 3D 4D", "QS KS AS", "3H"])
    act(state, "9C 10C JC")
    assert state.owed is not None and state.owed.count == 1 and state.owed.kind == "discard"


def test_a_sequence_locks_to_its_one_suit() -> None:
    """UECda: "Lock: when a play has exactly the suits of the play before it, later plays until the table clears
    must have those suits"; a sequence's suit set is its one suit (its joker names its card, so its suit is
    known)."""
    state = position(BASE.replace(suit_lock=True), ["3H 4H 5H 9C", "6H JK 8H", "9H 10H JH 10S JS QS KS AS 2S"])
    act(state, "3H 4H 5H", "6H JK=7H 8H")
    assert state.lock == 4
    assert sequences(state) == {"9H 10H JH"}
    with pytest.raises(IllegalActionError, match="locked"):
        act(state, "10S JS QS")


def test_a_position_keeps_a_sequence_trick() -> None:
    state = position(BASE, ["3H 4H 5H 9C", "6S 7S 8S 9S", "AD"])
    act(state, "3H 4H 5H")
    again = State.from_position(Position.from_json(state.to_position().to_json()))
    assert again.trick_sequence and again.top_key == state.top_key
    assert legal(again) == legal(state) == {"pass", "6S 7S 8S", "7S 8S 9S"}


def test_random_games_with_sequences_accept_every_offered_play() -> None:
    rules = BASE.replace(sequence_revolution=5, suit_lock=True, eight_cut=True, jack_back=True)
    rng = random.Random(3)
    for game in range(3):
        state = new_game(rules.replace(rounds=2), 4, seed=game)
        played_sequences = 0
        while not state.is_over:
            actions = state.legal_actions()
            runs = [a for a in actions if isinstance(a, Play) and a.sequence]
            choice = rng.choice(runs) if runs and rng.random() < 0.8 else rng.choice(actions)
            played_sequences += choice in runs
            state.apply(choice)
        assert played_sequences > 0


def test_the_compact_form_counts_sequences_and_many_decks_offer_them() -> None:
    """`legal_play_counts` answers for sequences too ("SEQ"), and a hand too large to list still offers its
    sequences (one card per rank: few, however many decks)."""
    state = position(BASE, ["3H 4H 5H 6H 9C", "10S JS QS"])
    assert state.legal_play_counts()["SEQ"] == (3, 4)
    big = position(BASE.replace(decks=40), ["3Hx40 4Hx40 5Hx40 9Cx40", "10S JS QS"])
    offered = {str(action) for action in big.offered_actions()}
    assert "3H 4H 5H" in offered


# ----------------------------------------------------------------- a joker past the ends (UECda's columns 0 and 14)

# UECda's README: "columns 0 and 14 exist so that a joker can extend a sequence below the 3 or above the 2."
# `tndhms` reads a sequence as the columns it spans (src/external.c, analyze_card: its lowest column and its
# length, the joker's column counted) and compare_card_status wants the new lowest column above the old highest
# (wholly below in a revolution); column 0 lies below the 3 and column 14 above the 2, and neither is an 8.
ENDS: Rules = BASE.replace(sequence_joker_ends=True)


@pytest.mark.parametrize(
    ("text", "shown", "rank", "ranks"),
    [("3s 4s jk=<3s", "JK=<3S 3S 4S", -1, (0, 1)), ("JK=>2H AH 2H", "AH 2H JK=>2H", 11, (11, 12))],
)
def test_a_joker_past_an_end_is_written_below_the_three_or_above_the_two(
    text: str, shown: str, rank: int, ranks: tuple[int, ...]
) -> None:
    """UECda: "columns 0 and 14 exist so that a joker can extend a sequence below the 3 or above the 2": the joker
    stands for no card, so its text names the end: '<3S' below the 3 of spades, '>2H' above the 2 of hearts."""
    play = parse_action(text)
    assert isinstance(play, Play) and play.sequence and play.reaches_end()
    assert (str(play), play.rank, play.size, play.ranks()) == (shown, rank, 3, ranks)
    assert parse_action(shown) == play


@pytest.mark.parametrize("text", ["JK=<3S 4S 5S", "JK=>2S 3S 4S", "JK=<3S 3H 4H", "JK=<3S"])
def test_a_joker_past_an_end_touches_the_end_of_its_own_suit(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_a_joker_past_an_end_is_refused_where_the_option_is_off() -> None:
    state = position(BASE, ["JK 3S 4S 9C", "10S JS QS"])
    assert "JK=<3S 3S 4S" not in sequences(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="below the 3"):
        act(state, "JK=<3S 3S 4S")
    assert snapshot(state) == before


def test_a_joker_past_the_two_is_refused_where_the_2_and_the_3_connect() -> None:
    """Where the 2 and the 3 connect (`sequence_wraps`) the cell past the 2 is the 3: a joker stands for a card
    there, never for an end cell ("AD 2D JK=>2D" was accepted though not listed, found by the enumeration)."""
    state = position(BASE.replace(sequence_wraps=True), ["AD 2D JK 9C", "10S JS QS"])
    assert "AD 2D JK=>2D" not in sequences(state) and "AD 2D JK=3D" in sequences(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="above the 2"):
        act(state, "AD 2D JK=>2D")
    assert snapshot(state) == before


def test_joker_ends_and_wrapping_sequences_do_not_go_together() -> None:
    with pytest.raises(RulesError, match="sequence_joker_ends"):
        ENDS.replace(sequence_wraps=True)


@pytest.mark.parametrize("text", ["AH 2H 3H", "KH AH 2H 3H", "2H 3H", "2H 3H 4H"])
def test_past_the_two_stands_only_a_joker_where_the_2_and_the_3_do_not_connect(text: str) -> None:
    """UECda: "columns 1-13 are 3, 4, ..., K, A, 2; columns 0 and 14 exist so that a joker can extend a sequence
    below the 3 or above the 2". The cell past the 2 holds no card: a 3 there is the 3 of column 1, so "AH 2H 3H"
    wraps, which UECda's table cannot hold — refused by `apply` as `legal_actions` leaves it out (issue 25)."""
    state = position(ENDS.replace(sequence_min=2), ["KH AH 2H 3H 4H JK", "10S JS QS"])
    offered = sequences(state)
    assert text not in offered and "AH 2H JK=>2H" in offered and "JK=<3H 3H 4H" in offered
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="do not connect"):
        act(state, text)
    assert snapshot(state) == before


def test_a_sequence_from_below_the_three_is_the_weakest() -> None:
    """`tndhms`: a play is accepted when its lowest column is above the table's highest; "JK=<3S 3S 4S" spans
    columns 0-2, so 4H 5H 6H (columns 2-4) does not pass it and 5H 6H 7H does."""
    state = position(ENDS, ["JK 3S 4S 9C", "4H 5H 6H 7H", "4D"])
    assert {"JK=<3S 3S 4S", "JK=<3S 3S 4S 9C"} & sequences(state) == {"JK=<3S 3S 4S"}
    act(state, "JK=<3S 3S 4S")
    assert sequences(state) == {"5H 6H 7H"}


def test_a_sequence_past_the_two_is_beaten_by_nothing_and_in_a_revolution_by_one_wholly_below() -> None:
    """Nothing lies above column 14; in a revolution (compare_card_status with `revers`) a play must end below
    the table's lowest column, so under AS 2S JK=>2S (columns 12-14) JH QH KH (9-11) passes and QH KH AH does not;
    and "JK=<3S 3S 4S" (columns 0-2) cannot be passed at all."""
    state = position(ENDS, ["JK AS 2S 9C", "JH QH KH AH 3H 4H 5H", "4D"])
    act(state, "AS 2S JK=>2S")
    assert sequences(state) == set()
    state = position(ENDS, ["JK AS 2S 9C", "JH QH KH AH 3H 4H 5H", "4D"], reversed=True)
    act(state, "AS 2S JK=>2S")
    assert "JH QH KH" in sequences(state) and "QH KH AH" not in sequences(state)
    state = position(ENDS, ["JK 3S 4S 9C", "JH QH KH AH 5H 6H 7H", "4D"], reversed=True)
    act(state, "JK=<3S 3S 4S")
    assert sequences(state) == set()


def test_a_joker_past_an_end_counts_toward_a_revolution_and_is_no_card() -> None:
    """UECda: "a sequence of five or more" makes a revolution (`tndhms` counts the joker's column); the end cell
    holds no rank, so a sequence below the 3 holds no 2: going out with it is no final 2 (penalize_final_two),
    while AS 2S JK=>2S holds one."""
    state = position(ENDS.replace(sequence_revolution=5), ["JK 3S 4S 5S 6S 9C", "10S", "4D"])
    act(state, "JK=<3S 3S 4S 5S 6S")
    assert state.reversed
    rules = ENDS.replace(penalize_final_two=True)
    state = position(rules, ["JK 3S 4S", "10S JS", "4D"])
    act(state, "JK=<3S 3S 4S")
    assert state.finished == [0]
    state = position(rules, ["JK AS 2S", "10S JS", "4D"])
    act(state, "AS 2S JK=>2S")
    assert state.out == [0] and state.finished == []


def test_a_position_keeps_a_trick_whose_sequence_reaches_past_an_end() -> None:
    state = position(ENDS, ["JK 3S 4S 9C", "4H 5H 6H 7H", "4D"])
    act(state, "JK=<3S 3S 4S")
    again = State.from_position(Position.from_json(state.to_position().to_json()))
    assert again.top_key == state.top_key
    assert legal(again) == legal(state) == {"pass", "5H 6H 7H"}
