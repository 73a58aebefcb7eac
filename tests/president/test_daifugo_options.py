"""The Daifugo options of issue 12 (UECda, Board Game Arena's table options, the Japanese table rules): one test
per rule sentence, each quoting it — from `../shared/uecda/README.md` (the UECda rules summary) or issue 12's
text. Every option is off by default, so the presets and their golden files do not change."""

from __future__ import annotations

import random

import pytest
from helpers import act, legal, position

from presidente.cards import format_cards, group_from_counts, parse_card, parse_cards
from presidente.errors import IllegalActionError
from presidente.president import PRESETS, Leave, Position, Rules, State, find_preset, option_meanings, parse_action
from presidente.president.rules import build_rules

# A plain table to switch one option on at a time: one joker, highest alone (as UECda's), no equal plays, and
# a pass holds for the trick ("A pass holds until the table is cleared").
BASE: Rules = find_preset("victorz").replace(
    jokers_per_deck=1, joker_mode="bga", equalize="disallow", one_fewer_two=False, pass_mode="trick"
)
WILD: Rules = BASE.replace(joker_mode="wild", jokers_per_deck=2)


def hand_text(state: State, seat: int) -> str:
    return format_cards(group_from_counts(state.hands[seat]))


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
    """ "A joker played alone is never an 8." (UECda) — also where jokers alone stand for a rank; seed 002's
    `eight_rule` ("If an 8 is played, the trick ends") counts them: one of the two things the two 8 rules differ in."""
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


@pytest.mark.parametrize("eight", ["eight_rule", "eight_cut"])
def test_the_two_eight_rules_differ_in_penalize_final_eight_only_read_with_eight_rule(eight: str) -> None:
    """ "8 when Ender 8 option is active" (seed 001): going out with an 8 is penalized under `eight_rule`, not under
    `eight_cut` (UECda has no such penalty); the other of the two differences is a lone joker played as an 8."""
    state = position(BASE.replace(penalize_final_eight=True, **{eight: True}), ["8C", "QD 10D 4D", "6H 7H"])
    act(state, "8C")
    assert (state.out == [0]) is (eight == "eight_rule") and (state.finished == [0]) is (eight == "eight_cut")


@pytest.mark.parametrize("seed", range(3))
def test_the_two_eight_rules_play_the_same_where_a_lone_joker_is_never_an_eight(seed: int) -> None:
    """docs/rules.md, "Two 8 rules": where jokers are not wild, `eight_rule` and `eight_cut` offer the same plays
    and end the same tricks, move for move (sets, jokers beside 8s, sequences spanning the 8)."""
    daifugo = find_preset("daifugo").replace(rounds=1, eight_cut=False)
    cut, rule = (State(daifugo.replace(**{eight: True}), 4, seed) for eight in ("eight_cut", "eight_rule"))
    rng = random.Random(seed)
    while not cut.is_over:
        offered = sorted(map(str, cut.legal_actions()))
        assert offered == sorted(map(str, rule.legal_actions()))
        assert (cut.current, cut.trick_size) == (rule.current, rule.trick_size)
        choice = rng.choice(offered)
        act(cut, choice)
        act(rule, choice)
    assert rule.is_over and cut.results == rule.results


# ----------------------------------------------------------------- 5 skip

FIVES = BASE.replace(five_skip=True)
FOUR_HANDS = ["5C 5D 5H JK 9C", "6C 7C 8C", "6D 7D 8D", "6H 7H 8H"]


def test_five_skip_each_five_skips_one_following_player() -> None:
    """Issue 12: "5 skip ... each with its count rules": each 5 played skips one following player."""
    for lead, next_player in (("5C", 2), ("5C 5D", 3)):
        state = position(FIVES, FOUR_HANDS)
        act(state, lead)
        assert state.current == next_player, lead
        skipped = [event.seat for event in state.events if event.kind == "skipped"]
        assert skipped == list(range(1, next_player)), lead


def test_five_skip_coming_round_to_the_player_ends_the_trick() -> None:
    """Three 5s at a table of four skip everyone else: as with every skip, the trick ends and the player leads
    ("The effect is not triggered if the trick ends (if the next player is the current player)", seed 002)."""
    state = position(FIVES, FOUR_HANDS)
    act(state, "5C 5D 5H")
    assert state.current == 0 and state.trick_size == 0


def test_five_skip_a_joker_beside_fives_counts_as_a_five() -> None:
    state = position(FIVES, FOUR_HANDS)
    act(state, "5C JK")
    assert state.current == 3


def test_five_skip_passes_over_players_out_of_the_trick() -> None:
    """The skip falls on players who may still move: one who passed the trick is not counted."""
    hands = ["KC 5C 9C", "QC 9D", "10D 8D", "7H 8H", "6S 8S"]
    state = position(FIVES, hands, reversed=True)
    act(state, "KC", "pass", "10D", "7H", "6S", "5C")
    assert state.current == 3
    assert [event.seat for event in state.events if event.kind == "skipped"] == [2]


def test_five_skip_adds_to_the_equalize_skip() -> None:
    """With seed 001's skip ("that skips the next person who would have played") an equal play of 5s skips
    one more player than it has 5s."""
    state = position(FIVES.replace(equalize="force-skip"), ["5C 9C", "6D 9D", "5H 9H", "6H 7H", "6S 7S"])
    act(state, "5C", "5H")
    assert state.current == 0
    assert [event.seat for event in state.events if event.kind == "skipped"] == [1, 3, 4]


def test_five_skip_is_off_by_default() -> None:
    state = position(BASE, FOUR_HANDS)
    act(state, "5C 5D")
    assert state.current == 1


# ----------------------------------------------------------------- 9 reverse

NINES = BASE.replace(nine_reverse=True)
NINE_HANDS = ["9C 9D 5C 3C", "6C 7C 8C", "6D 7D 8D", "6H 7H KH KS"]


def test_nine_reverse_reverses_the_turn_order() -> None:
    """Issue 12: "9 reverse (turn order)": a play holding 9s sends the turn the other way, once per play
    whatever the count of 9s."""
    for lead, answer in (("9C", "KH"), ("9C 9D", "KH KS")):
        state = position(NINES, NINE_HANDS)
        act(state, lead)
        assert state.current == 3 and not state.clockwise, lead
        act(state, answer)
        assert state.current == 2, lead


def test_nine_reverse_holds_for_the_round_and_another_nine_turns_it_back() -> None:
    state = position(NINES, ["9C 3C 4C", "6C 7C 8C", "6D 7D 8D", "6H 7H 9H"])
    act(state, "9C", "pass", "pass", "pass")
    assert state.current == 0 and state.trick_size == 0 and not state.clockwise
    act(state, "3C")
    assert state.current == 3
    act(state, "9H")
    assert state.clockwise and state.current == 0


def test_nine_reverse_a_new_leader_after_going_out_is_found_the_way_the_turn_goes() -> None:
    """When the trick's winner has gone out, "the next player available" leads: the next one in the turn order
    in force (seed 001: "the next player available clockwise will start next pile", read for the order)."""
    state = position(NINES, ["9C", "6C 7C 8C", "6D 7D 8D", "6H 7H KH"])
    act(state, "9C", "pass", "pass", "pass")
    assert state.current == 3


def test_nine_reverse_survives_a_position_round_trip() -> None:
    state = position(NINES, NINE_HANDS)
    act(state, "9C")
    again = State.from_position(state.to_position())
    assert not again.clockwise and again.current == 3
    assert not State.from_position(again.to_position().from_json(again.to_position().to_json())).clockwise
    assert state.observation(1).clockwise is False


def test_nine_reverse_is_off_by_default() -> None:
    state = position(BASE, NINE_HANDS)
    act(state, "9C")
    assert state.current == 1 and state.clockwise


# ----------------------------------------------------------------- 7 give and 10 discard

SEVENS = BASE.replace(seven_give=True)
TENS = BASE.replace(ten_discard=True)


def test_seven_give_the_player_gives_as_many_cards_as_sevens_to_the_next_player() -> None:
    """Issue 12: "7 give (give a card to the next player per 7)": one card at a time, each of the player's
    choice, before the turn moves on."""
    state = position(SEVENS, ["7C 7D 3C 4C 5C", "8C 8S 9C", "8D 9D"])
    act(state, "7C 7D")
    assert state.current == 0 and state.owed is not None and state.owed.count == 2
    assert legal(state) == {"give 3C", "give 4C", "give 5C"}
    act(state, "give 3C")
    assert state.current == 0 and legal(state) == {"give 4C", "give 5C"}
    act(state, "give 5C")
    assert hand_text(state, 1) == "3C 5C 8C 8S 9C" and hand_text(state, 0) == "4C"
    assert state.current == 1 and state.owed is None
    assert legal(state) == {"pass", "8C 8S"}


def test_seven_give_is_a_choice_refused_otherwise_and_hidden_from_others() -> None:
    state = position(SEVENS, ["7C 3C 4C", "8C 9C", "8D 9D"])
    act(state, "7C")
    for text in ("pass", "4C", "give 3C 4C", "discard 3C", "give 9C", "give JK"):
        with pytest.raises(IllegalActionError):
            act(state, text)
    act(state, "give 3C")
    seen = {seat: state.observation(seat).events[-1] for seat in range(3)}
    given = parse_cards("3C")
    assert seen[0].kind == "give" and seen[0].payload == seen[1].payload == (1, given)
    assert seen[2].payload == (1, 1), "the third seat sees only how many cards were given"


def test_seven_give_giving_the_last_card_goes_out() -> None:
    """A 7 on the last card but one, then the give, empties the hand: the player goes out (not penalized: the
    give plays no card)."""
    state = position(SEVENS.replace(penalize_final_two=True), ["7C 2C", "8C 9C", "8D 9D"])
    act(state, "7C", "give 2C")
    assert state.finished == [0] and state.current == 1


def test_ten_discard_the_player_discards_as_many_cards_as_tens_face_up() -> None:
    """Issue 12: "10 discard (discard as many cards as 10s played, chosen by the player)"."""
    state = position(TENS, ["10C 10D JK 3C 4C 5C 6C", "QC KC", "QD KD"])
    act(state, "10C 10D JK")
    assert state.owed is not None and state.owed.count == 3
    act(state, "discard 3C", "discard 4C", "discard 6C")
    assert hand_text(state, 0) == "5C" and state.face_up[parse_card("6C")] == 1
    last = state.observation(2).events[-1]
    assert state.current == 1 and (last.kind, last.seat, last.payload) == ("play-discard", 0, parse_cards("6C"))


def test_ten_discard_after_a_trick_ending_play_the_player_leads_after_discarding() -> None:
    state = position(
        TENS.replace(revolution="strict", revolution_ends_trick=True), ["10C 10D 10H 10S 3C 4C", "QC", "QD"]
    )
    act(state, "10C 10D 10H 10S")
    assert state.trick_size == 0 and state.current == 0 and state.owed is not None
    assert legal(state) == {"discard 3C", "discard 4C"}
    act(state, "discard 3C", "discard 4C")
    assert state.finished == [0] and state.current == 1 and state.trick_size == 0


def test_owed_cards_survive_positions_and_their_actions_text() -> None:
    state = position(TENS, ["10C 3C 4C", "QC KC", "QD KD"])
    act(state, "10C")
    again = State.from_position(Position.from_json(state.to_position().to_json()))
    assert again.owed == state.owed and legal(again) == legal(state)
    for action in state.legal_actions():
        assert parse_action(str(action)) == action


def test_seven_give_and_ten_discard_are_off_by_default() -> None:
    state = position(BASE, ["7C 10C 3C", "8C 9C", "8D 9D"])
    act(state, "7C")
    assert state.current == 1 and state.owed is None


def test_the_search_leaves_owed_cards_to_the_heuristic_bot() -> None:
    """The rank-count playout cannot choose cards to give: the search hands these tables to the heuristic bot,
    which gives its weakest cards."""
    from presidente.bots.registry import make_bot

    state = position(SEVENS, ["7C 7D 3C 4C KC", "8C 9C", "8D 9D"])
    act(state, "7C 7D")
    bot = make_bot("ismcts:iterations=20")
    choice = bot.choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert str(choice.action) == "give 3C"


# ----------------------------------------------------------------- spade-3 return

SPADE_THREE = BASE.replace(spade_three_return=True)


def test_spade_three_return_only_the_three_of_spades_beats_a_lone_joker_and_ends_the_trick() -> None:
    """ "The joker played alone beats any single card, in a revolution too. Only the 3 of spades beats it
    (single, lock or not), and that clears the table" (UECda)."""
    for reversed_order in (False, True):
        state = position(SPADE_THREE, ["JK 9C", "3S 3C 2D", "6H 7H"], reversed=reversed_order)
        act(state, "JK")
        assert legal(state) == {"pass", "3S"}
        act(state, "3S")
        assert state.trick_size == 0 and state.current == 1


def test_spade_three_return_on_a_lone_joker_played_as_a_follow() -> None:
    state = position(SPADE_THREE, ["4C 9C", "JK 8D", "3S 6H"])
    act(state, "4C", "JK")
    assert "3S" in legal(state)
    act(state, "3S")
    assert state.trick_size == 0 and state.current == 2


def test_spade_three_return_a_player_who_has_passed_cannot_do_it() -> None:
    """ "a player who has passed cannot do it" (UECda): a pass holds for the trick there (pass_mode="trick")."""
    state = position(SPADE_THREE, ["4C 9C", "3S 5D", "JK 6H"])
    act(state, "4C", "pass", "JK")
    assert legal(state) == {"pass"}
    act(state, "pass")
    assert state.current == 2 and state.trick_size == 0


def test_spade_three_return_is_off_by_default_and_only_for_a_single_joker() -> None:
    state = position(BASE, ["JK 9C", "3S 3C 2D", "6H 7H"])
    act(state, "JK")
    assert legal(state) == {"pass"}
    state = position(SPADE_THREE.replace(jokers_per_deck=2), ["JK JK 9C", "3S 3C 2D", "6H 7H"])
    act(state, "JK JK")
    assert legal(state) == {"pass"}


def test_owed_cards_of_a_player_who_leaves_are_not_owed_and_the_turn_goes_on() -> None:
    """Seed 002: "If a player leaves, his cards are discarded face up" — owed cards included; the player the
    play sent the turn to moves. If that player leaves first, the next one does."""
    state = position(SEVENS, ["7C 3C 4C", "8C 9C", "8D 9D", "8H 9H"])
    act(state, "7C")
    state.apply(Leave(0), 0)
    assert state.owed is None and state.current == 1
    state = position(SEVENS, ["7C 3C 4C", "8C 9C", "8D 9D", "8H 9H"])
    act(state, "7C")
    state.apply(Leave(1), 1)
    act(state, "give 3C")
    assert state.current == 2 and state.face_up[parse_card("3C")] == 1


# ----------------------------------------------------------------- suit lock

LOCK = BASE.replace(suit_lock=True)


def test_suit_lock_two_plays_of_the_same_suits_lock_the_trick() -> None:
    """ "Lock: when a play has exactly the suits of the play before it, later plays until the table clears must
    have those suits." (UECda)."""
    state = position(LOCK, ["4H 9C", "5H 9D", "6C 6H 8H 9H", "KS 9S"])
    act(state, "4H", "5H")
    assert state.lock == 4
    assert legal(state) == {"pass", "6H", "8H", "9H"}
    with pytest.raises(IllegalActionError, match="locked"):
        act(state, "6C")
    act(state, "8H", "pass", "pass", "pass")
    assert state.trick_size == 0 and state.lock == 0 and "6C" in legal(state)


def test_suit_lock_pairs_lock_to_both_suits() -> None:
    state = position(LOCK, ["4H 4S 9C", "5H 5S 9D", "6C 6H 7H 7S 8D 8S", "KS 9S"])
    act(state, "4H 4S", "5H 5S")
    assert legal(state) == {"pass", "7H 7S"}


def test_suit_lock_different_suits_do_not_lock() -> None:
    state = position(LOCK, ["4H 9C", "5C 9D", "6C 6H", "KS 9S"])
    act(state, "4H", "5C")
    assert state.lock == 0 and legal(state) == {"pass", "6C", "6H"}


def test_suit_lock_a_joker_played_alone_resets_it() -> None:
    """ "A joker played alone resets it." (UECda) — and a joker beside natural cards stands for a locked suit."""
    state = position(LOCK.replace(joker_mode="wild", jokers_per_deck=2), ["4H 9C", "5H 9D", "JK 8D", "9S KC"])
    act(state, "4H", "5H")
    act(state, "JK=7")
    assert state.lock == 0 and legal(state) == {"pass", "9S", "KC"}
    state = position(LOCK, ["4H 4S 9C", "5H 5S 9D", "6C 6H JK", "KS 9S"])
    act(state, "4H 4S", "5H 5S")
    assert legal(state) == {"pass", "JK 6H"}


def test_suit_lock_survives_a_position_round_trip() -> None:
    state = position(LOCK, ["4H 9C", "5H 9D", "6C 6H 8H 9H", "KS 9S"])
    act(state, "4H", "5H")
    again = State.from_position(state.to_position())
    assert again.lock == 4 and legal(again) == legal(state)


def test_suit_lock_is_off_by_default() -> None:
    state = position(BASE, ["4H 9C", "5H 9D", "6C 6H", "KS 9S"])
    act(state, "4H", "5H")
    assert legal(state) == {"pass", "6C", "6H"}


DAIFUGO = (
    "jack_back",
    "eight_cut",
    "five_skip",
    "nine_reverse",
    "seven_give",
    "ten_discard",
    "spade_three_return",
    "suit_lock",
)


def test_every_daifugo_option_is_declared_off_by_default_and_parsed_from_text() -> None:
    """`presidente rules`, the server's catalogue and the browser's form read the declarations."""
    meanings = {name: meaning for name, meaning, _seed in option_meanings()}
    for name in DAIFUGO:
        assert meanings[name] and getattr(Rules(), name) is False
        # Off in every preset but the two Daifugo tables (issue 12's `uecda` and `daifugo`), which choose them.
        others = (preset for preset in PRESETS.values() if preset.name not in ("uecda", "daifugo"))
        assert all(getattr(preset.rules, name) is False for preset in others)
        assert build_rules("victorz", [f"{name}=on"]).replace(name="x") == Rules(name="x", **{name: True})
