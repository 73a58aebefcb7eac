"""Seed 002 (the victorz.ca server, preset `victorz`): one test per rule sentence and per room option,
each quoting the sentence it checks."""

from __future__ import annotations

import itertools

import pytest
from helpers import Roles, act, after_round, conserved, counts, legal, position, snapshot

from presidente.cards import JOKER, parse_card
from presidente.errors import IllegalActionError, RulesError
from presidente.president import PASS, Join, Leave, Phase, Play, Rules, State, find_preset, new_game, parse_action

VICTORZ = find_preset("victorz")


def test_preset_is_the_room_defaults() -> None:
    """The 18 options "with their defaults": Turn Time 20, Decks 1, Jokers per deck 2, Keep jokers off, Must
    give lowest off, Revolutions off, Revolution ends trick off, One fewer 2 on, Pass trick, Equalize allow,
    the three equalize switches off, 4-in-a-row off, 8-rule off, Penalize final 2 / joker off, First Trick
    Scum."""
    assert Rules(name="victorz") == VICTORZ
    assert (VICTORZ.turn_time, VICTORZ.decks, VICTORZ.jokers_per_deck) == (20, 1, 2)
    assert not (VICTORZ.keep_jokers or VICTORZ.must_give_lowest or VICTORZ.revolution_ends_trick)
    assert VICTORZ.revolution == "off" and VICTORZ.one_fewer_two
    assert (VICTORZ.pass_mode, VICTORZ.equalize, VICTORZ.four_in_a_row) == ("trick", "allow", "off")
    assert not (
        VICTORZ.equalize_ends_trick_by_scum
        or VICTORZ.equalize_ends_trick_by_non_scum
        or VICTORZ.first_equalize_only_by_scum
    )
    assert not (VICTORZ.eight_rule or VICTORZ.penalize_final_two or VICTORZ.penalize_final_joker)
    assert VICTORZ.first_trick == "scum"


# ------------------------------------------------------------------ gameplay


def test_minimum_two_players() -> None:
    """ "The minimum player count is 2"."""
    state = new_game(VICTORZ, 2, seed=1)
    assert state.sizes == [27, 27]
    with pytest.raises(RulesError, match="victorz is played by 2 to 8 players, not 1"):
        new_game(VICTORZ, 1)


def test_dealt_starting_with_the_president() -> None:
    """ "Players are dealt cards, starting with the President, or a random player if there is no President."
    54 cards among 4: the President (seat 2) and the next seat clockwise receive 14."""
    state = after_round(VICTORZ, [2, 0, 1, 3])
    dealt = next(event.payload for event in state.events if event.kind == "deal")
    assert dealt == (13, 13, 14, 14)
    first = new_game(VICTORZ, 4, seed=5)
    assert sorted(first.sizes) == [13, 13, 14, 14]


def test_hands_are_private_everything_else_public() -> None:
    """ "Hands are private information to each player, but everything else is public knowledge, including
    what cards have been played."."""
    state = position(VICTORZ, ["5C 9D", "7C 3H", "KD 4S"])
    act(state, "5C", "7C")
    for seat in range(3):
        view = state.observation(seat)
        assert view.hand == tuple((card, n) for card, n in enumerate(state.hands[seat]) if n)
        assert [s.hand_size for s in view.seats] == [1, 1, 2]
        assert view.played == ((parse_card("5C"), 1), (parse_card("7C"), 1))
    assert state.observation(None).hand == ()


def test_players_win_when_they_have_no_cards_left() -> None:
    """ "tricks are played until one player remains. Players win when they have no cards left"."""
    state = position(VICTORZ, ["5C", "7C 3H", "KD 4S"])
    act(state, "5C")
    assert state.finished == [0] and state.phase is Phase.PLAY
    act(state, "7C", "KD", "pass", "4S")
    assert state.results == [[0, 2, 1]]


def test_leaving_player_cards_face_up_worst_unfilled_rank() -> None:
    """ "If a player leaves, his cards are discarded face up, but he gets the worst unfilled rank"."""
    state = position(VICTORZ, ["5C 6C", "7C 3H", "KD 4S", "QS 8H"])
    act(state, "5C")
    state.apply(Leave(2))
    assert state.face_up == counts("KD 4S") and state.sizes[2] == 0 and not state.active[2]
    assert state.current_player == 1 and conserved(state)
    state.apply(Leave(3), seat=3)  # "worst unfilled": the first to leave ranks below the second
    finish_round(state)
    assert state.results[0][2:] == [3, 2]


def finish_round(state: State) -> None:
    round_number = state.round_number
    while state.round_number == round_number and not state.is_over:
        state.apply(state.legal_actions()[-1])


def test_leaving_on_your_turn_passes_the_turn() -> None:
    """ "If a player leaves ..." on their turn, the next player moves (the "turn timer is reset" for them)."""
    state = position(VICTORZ, ["5C 6C", "7C 3H", "KD 4S", "QS 8H"])
    act(state, "5C")
    state.apply(Leave(1))
    assert state.current_player == 2 and state.trick_size == 1
    lead = position(VICTORZ, ["5C 6C", "7C 3H", "KD 4S"])
    lead.apply(Leave(0))
    assert lead.current_player == 1 and lead.trick_size == 0


def test_first_round_no_transfer_special_three_starts_and_must_be_played() -> None:
    """ "If there is no President or Vice-President, like in the first round, this phase is skipped, and the
    player with the special 3 starts (but must play that card)."."""
    for seed in range(5):
        state = new_game(VICTORZ, 4, seed=seed)
        assert state.phase is Phase.PLAY and state.round_number == 1
        seat = state.current_player
        assert seat is not None and state.hands[seat][parse_card("3C")] == 1
        assert all("3C" in str(action) for action in state.legal_actions())
        other = next(a for a in legal_without_three(state))
        before = snapshot(state)
        with pytest.raises(IllegalActionError, match="special 3"):
            state.apply(other)
        assert snapshot(state) == before


def legal_without_three(state: State) -> list[Play]:
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    return [Play(((card, 1),)) for card in range(52) if hand[card] and card != parse_card("3C")]


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, Roles(president=0, scum=1)),
        (3, Roles(president=0, scum=2)),
        (4, Roles(president=0, vice=1, high_scum=2, scum=3)),
        (6, Roles(president=0, vice=1, high_scum=4, scum=5)),
    ],
)
def test_roles_and_their_player_counts(players: int, expected: Roles) -> None:
    """ "President: first-place last round" — "Vice-President: second-place last round (minimum of 4 players
    if President exists)" — "High-Scum: second-last in queue (if President and Vice-President exist)" —
    "Scum: last in queue (if President exists)"."""
    assert after_round(VICTORZ, list(range(players))).roles == expected


def test_high_scum_last_when_vice_president_without_president() -> None:
    """ "High-Scum: ... or last in queue (if Vice-President exists without President)": the President left."""
    state = after_round(VICTORZ, [0, 1, 2, 3, 4], absent=[0])
    assert state.roles == Roles(vice=1, high_scum=4)
    assert [(t.winner, t.loser, t.count) for t in state.transfers] == [(1, 4, 1)]


def test_newcomer_takes_the_back_of_the_queue() -> None:
    """ "new players join the new queue ... When a round starts, a combined queue puts the current queue in
    front of the new queue. Scum and High-Scum are assigned to the back of the combined queue."."""
    state = position(VICTORZ, ["5C", "6C 3H", "7C 4S", "8C 4H", ""])
    state.apply(Leave(4))
    state.apply(Join(4))
    finish_round(state)
    assert state.round_number == 2
    assert state.round_players[-1] == 4 and state.roles.scum == 4


def test_reconnecting_president_joins_the_new_queue() -> None:
    """ "To prevent cheating by reconnecting, new players join the new queue." — a President who leaves and
    comes back is a newcomer: no longer President, at the back of the queue."""
    state = position(VICTORZ, ["5C", "6C 3H", "7C 4S", "9C 4D 4H"])
    act(state, "5C")
    state.apply(Leave(0))
    state.apply(Join(0))
    finish_round(state)
    assert state.results[0][0] == 0 and state.round_players[-1] == 0
    assert state.roles.president is None and state.roles.high_scum == 0


def _transfer_hands() -> tuple[str, ...]:
    return (
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
        "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H JK",
        "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S JK",
    )


def test_scum_gives_two_best_then_president_chooses() -> None:
    """ "The Scum gives the President his 2 best cards. The High-Scum gives the Vice-President his best card."
    — "After that, the President chooses 2 cards to give to the Scum. The Vice-President chooses 1 card to
    give to the High-Scum."."""
    state = after_round(VICTORZ, [0, 1, 2, 3], _transfer_hands())
    assert state.phase is Phase.EXCHANGE and state.current_player == 0
    assert state.received[0] == parse_action("give JK 2S").cards  # already given
    assert state.received[1] == parse_action("give JK").cards
    assert "give JK 2S" in legal(state)  # the President may choose among the cards just received
    act(state, "give 3C 4C")
    assert state.current_player == 1
    act(state, "give 3D")
    assert state.phase is Phase.PLAY and state.sizes == [13, 13, 14, 14]
    assert state.received[3] == parse_action("give 3C 4C").cards and state.received[2] == counts_group("3D")


def counts_group(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((card, n) for card, n in enumerate(counts(text)) if n)


def test_jokers_count_above_two_in_the_transfer() -> None:
    """ "If enabled, Jokers (2/deck) are considered to be above 2 during the card transfer"."""
    state = after_round(VICTORZ, [0, 1, 2], ["3C 4C", "3D 4D", "2S JK 5S"])
    assert state.received[0] == parse_action("give JK 2S").cards


def test_president_leaves_during_transfer() -> None:
    """ "If the President leaves during the card transfer, the server will give his 2 lowest cards to the
    Scum"."""
    state = after_round(VICTORZ, [0, 1, 2, 3], _transfer_hands())
    state.apply(Leave(0))
    assert state.received[3] == parse_action("give 3C 4C").cards
    assert state.sizes[0] == 0 and state.out == [0] and conserved(state)
    assert sum(state.face_up) == 13
    act(state, "give 3D")
    assert state.phase is Phase.PLAY and state.current_player == 3


def test_scum_leaves_during_transfer() -> None:
    """ "... and if the Scum leaves, the President directly discards the 2 cards that would have been given to
    the Scum."."""
    state = after_round(VICTORZ, [0, 1, 2, 3], _transfer_hands())
    state.apply(Leave(3))
    act(state, "give 3C 4C")
    assert state.face_up[parse_card("3C")] == 1 and state.face_up[parse_card("4C")] == 1
    assert any(e.kind == "discard" and e.seat == 0 for e in state.events)
    assert sum(state.face_up) == 12 + 2 and conserved(state)


def test_vice_president_and_high_scum_leave_during_transfer() -> None:
    """ "The same applies to Vice-President and High-Scum with 1 card."."""
    state = after_round(VICTORZ, [0, 1, 2, 3], _transfer_hands())
    state.apply(Leave(1))
    assert state.received[2] == parse_action("give 3D").cards
    state = after_round(VICTORZ, [0, 1, 2, 3], _transfer_hands())
    state.apply(Leave(2))
    act(state, "give 3C 4C", "give 5D")
    assert state.face_up[parse_card("5D")] == 1 and state.phase is Phase.PLAY


def test_beat_or_equalize_or_pass() -> None:
    """ "In each trick, the first player plays a combo of N cards, and then each player plays a combo to beat
    the previous combo, or equalize if allowed." — "Each player can play on top of the current trick or
    pass."."""
    state = position(VICTORZ, ["7C 7D 3C", "7H 7S 8C 8D 4C", "5H"])
    act(state, "7C 7D")
    assert legal(state) == {"pass", "7H 7S", "8C 8D"}


def test_everyone_passes_last_player_starts_or_the_one_after() -> None:
    """ "When everyone except P (the last player to move) has passed, P starts a new trick. If P has already
    won, the player after P starts instead."."""
    state = position(VICTORZ, ["5C 3C", "7C 3H", "KD 4S"])
    act(state, "5C", "7C", "pass", "pass")
    assert state.current_player == 1
    state = position(VICTORZ, ["5C 3C", "7C", "KD 4S"])
    act(state, "5C", "7C", "pass", "pass")
    assert state.current_player == 2


def test_no_pass_when_starting_a_trick() -> None:
    """ "Passing must be within a trick. Passing is not allowed when starting a trick."."""
    state = position(VICTORZ, ["5C 3C", "7C 3H"])
    assert "pass" not in legal(state)
    with pytest.raises(IllegalActionError, match="passing is not allowed"):
        state.apply(PASS)


def test_card_ranks_three_to_two() -> None:
    """ "The cards ranks (4 each per deck) are in this order from lowest to highest: 3 < 4 < 5 < 6 < 7 < 8 < 9
    < 10 < Jack < Queen < King < Ace < 2"."""
    ladder = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2C"]
    for low, high in itertools.pairwise(ladder):
        state = position(VICTORZ, [f"{low} 3S", f"{high} 3H"])
        act(state, low)
        assert high in legal(state)
        state = position(VICTORZ, [f"{high} 3S", f"{low} 4H"])
        act(state, high)
        assert low not in legal(state)


def test_automatic_moves() -> None:
    """ "with automatic moves (when starting a trick, all of the smallest cards; otherwise, pass)"."""
    state = position(VICTORZ, ["4C 4D 9H JK", "7C 3H"])
    assert str(state.auto_action()) == "4C 4D"
    act(state, "9H")
    assert state.auto_action() is PASS


# ------------------------------------------------------------------ the 18 options


@pytest.mark.parametrize(("value", "ok"), [(5, True), (20, True), (60, True), (4, False), (61, False)])
def test_turn_time_is_validated(value: int, ok: bool) -> None:
    """ "Turn Time / s (default: 20, min: 5, max: 60)" — "An arbitrary move will be made after the turn timer
    expires." (the timer belongs to the server; the engine validates it and plays the same)."""
    if not ok:
        with pytest.raises(RulesError):
            VICTORZ.replace(turn_time=value)
        return
    state, default = new_game(VICTORZ.replace(turn_time=value), 4, 9), new_game(VICTORZ, 4, 9)
    assert state.hands == default.hands and legal(state) == legal(default)


@pytest.mark.parametrize(("value", "ok"), [(1, True), (2, True), (2**51, True), (0, False), (2**51 + 1, False)])
def test_decks(value: int, ok: bool) -> None:
    """ "Decks (default: 1, min: 1, max: 2^51)" — "Number of decks to use."."""
    if not ok:
        with pytest.raises(RulesError):
            VICTORZ.replace(decks=value)
        return
    state = new_game(VICTORZ.replace(decks=value), 3, seed=2)
    assert sum(state.sizes) == 54 * value and conserved(state)
    assert state.legal_play_counts()


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_jokers_per_deck(jokers: int) -> None:
    """ "Jokers per deck (default: 2, min: 0, max: 2)" — "Jokers are used as wildcards."."""
    state = new_game(VICTORZ.replace(jokers_per_deck=jokers, decks=2), 4, seed=3)
    assert sum(hand[JOKER] for hand in state.hands) == 2 * jokers
    with pytest.raises(RulesError):
        VICTORZ.replace(jokers_per_deck=3)


def test_jokers_are_wildcards() -> None:
    """ "Jokers are used as wildcards." — with a card, or alone standing for any rank."""
    state = position(VICTORZ, ["7C 7D 3C", "JK 8C 4C", "5H"])
    act(state, "7C 7D")
    assert legal(state) == {"pass", "JK 8C", "JK=2"}  # a lone joker stands for a 2: "One fewer 2"
    state = position(VICTORZ, ["7C 3C", "JK 4C", "5H"])
    act(state, "7C")
    assert {"JK=8", "JK=2", "JK=7"} <= legal(state) and "JK=6" not in legal(state)


@pytest.mark.parametrize(("keep", "given"), [(False, "give JK 2S"), (True, "give 2S 9S")])
def test_keep_jokers(keep: bool, given: str) -> None:
    """ "Keep jokers (default: off)" — "Scum and High-Scum do not give jokers during the card transfer when
    other cards are available."."""
    state = after_round(VICTORZ.replace(keep_jokers=keep), [0, 1, 2], ["3C 4C", "3D 4D", "2S JK 5S 9S"])
    assert state.received[0] == parse_action(given).cards


def test_keep_jokers_gives_them_when_nothing_else_is_left() -> None:
    """ "... when other cards are available" — a Scum with only one other card gives a joker too."""
    state = after_round(VICTORZ.replace(keep_jokers=True), [0, 1, 2], ["3C 4C", "3D 4D", "JK 5S"])
    assert state.received[0] == parse_action("give JK 5S").cards


def test_must_give_lowest() -> None:
    """ "Must give lowest (default: off)" — "President and Vice-President must give their lowest cards, speeding
    up the card transfer."."""
    state = after_round(VICTORZ.replace(must_give_lowest=True), [0, 1, 2, 3], _transfer_hands())
    assert state.phase is Phase.PLAY
    assert state.received[3] == parse_action("give 3C 4C").cards
    assert state.received[2] == parse_action("give 3D").cards


@pytest.mark.parametrize(
    ("mode", "play", "revolution"),
    [
        ("off", "7C 7D 7H 7S", False),
        ("strict", "7C 7D 7H 7S", True),
        ("strict", "JK 7C 7D 7H 7S", False),
        ("relaxed", "JK 7C 7D 7H", False),
        ("relaxed", "JK 7C 7D 7H 7S", True),
        ("jokers", "JK 7C 7D 7H", True),
        ("jokers", "7C 7D 7H", False),
    ],
)
def test_revolution_modes(mode: str, play: str, revolution: bool) -> None:
    """ "When a combo of at least 4 cards is played, the rankings are reversed (except jokers) until the end of
    the round." — "off (default)" — "on, strict: revolution does not occur if any of the cards is a joker" —
    "on, relaxed: revolution occurs only if at least 4 of the cards are not jokers" — "on, jokers: 4 cards
    may include jokers"."""
    state = position(VICTORZ.replace(revolution=mode), ["JK 7C 7D 7H 7S 4C", "3C 5D", "6H"])
    act(state, play)
    assert state.reversed is revolution


def test_revolution_lasts_until_the_end_of_the_round_and_stacks() -> None:
    """ "the rankings are reversed (except jokers) until the end of the round." — "This effect can stack to
    cancel out the previous revolution."."""
    rules = VICTORZ.replace(revolution="strict")
    state = position(rules, ["7C 7D 7H 7S 4C", "3C 5D 6D", "6H 9S"])
    act(state, "7C 7D 7H 7S", "pass", "pass")
    assert state.reversed and state.current_player == 0
    act(state, "4C")
    assert "3C" in legal(state) and "5D" not in legal(state)
    state = position(rules, ["7C 7D 7H 7S 4C", "6C 6D 6H 6S 3C", "9H"])
    act(state, "7C 7D 7H 7S", "6C 6D 6H 6S")
    assert not state.reversed


def test_revolution_ends_with_the_round() -> None:
    """ "until the end of the round": the next round starts in the normal order."""
    state = position(VICTORZ.replace(revolution="strict"), ["7C 7D 7H 7S", "3C 5D", "6H 9S"])
    act(state, "7C 7D 7H 7S")
    assert state.reversed
    act(state, "pass", "pass", "5D", "pass", "3C")
    assert state.round_number == 2 and not state.reversed


@pytest.mark.parametrize("ends", [False, True])
def test_revolution_ends_trick(ends: bool) -> None:
    """ "Revolution ends trick (default: off)" — "A revolution ends the current trick and starts a new one."."""
    rules = VICTORZ.replace(revolution="strict", revolution_ends_trick=ends)
    state = position(rules, ["7C 7D 7H 7S 4C", "6C 6D 6H 6S 3C", "9H"])
    act(state, "7C 7D 7H 7S")
    assert (state.trick_size == 0 and state.current_player == 0) is ends
    assert state.reversed


def test_one_fewer_two() -> None:
    """ "One fewer 2 (default: on)" — "For N ≥ 2, N-1 cards of rank 2 (3 if revolution is active) beat N cards
    that are not 2 (3). The only higher move is N cards of rank 2 (3)."."""
    state = position(VICTORZ, ["KC KD 3C", "2C AC AD", "2D 2H AH AS", "2S 5C"])
    act(state, "KC KD")
    assert legal(state) == {"pass", "2C", "AC AD"}
    act(state, "2C")
    assert legal(state) == {"pass", "2D 2H", "2D", "2H"}  # N 2s, or an equal lone 2
    assert "AH AS" not in legal(state)
    act(state, "2D 2H")
    assert legal(state) == {"pass"}


def test_one_fewer_two_off() -> None:
    """ "One fewer 2" off: a single 2 does not beat a pair."""
    state = position(VICTORZ.replace(one_fewer_two=False), ["KC KD 3C", "2C AC AD"])
    act(state, "KC KD")
    assert legal(state) == {"pass", "AC AD"}


def test_one_fewer_three_in_a_revolution() -> None:
    """ "N-1 cards of rank 2 (3 if revolution is active)"."""
    rules = VICTORZ.replace(revolution="strict")
    state = position(rules, ["5C 5D 9C", "3C 2C 2D 4D 4H"], reversed=True)
    act(state, "5C 5D")
    assert legal(state) == {"pass", "3C", "4D 4H"}


def test_one_fewer_two_not_for_single_cards() -> None:
    """ "For N ≥ 2": there is no move of zero 2s."""
    state = position(VICTORZ, ["KC 3C", "2C 2D AC"])
    act(state, "KC")
    assert legal(state) == {"pass", "2C", "2D", "AC"}


def test_two_starting_a_trick_is_the_higher_move() -> None:
    """ "If M cards of rank 2 (3) start a trick, N would be M, not M-1, so it is the higher move of M cards, not
    the lesser move of (M+1)-1 cards."."""
    state = position(VICTORZ, ["2C 3C", "2D 4C", "5D"])
    act(state, "2C")
    assert state.top_key == 24  # the higher move of one 2
    assert legal(state) == {"pass", "2D"}  # only equalled
    state = position(VICTORZ, ["2C 2S 3C", "2D 4C", "5D"])
    act(state, "2C 2S")
    assert legal(state) == {"pass"}  # a single 2 is no "(M+1)-1" move on a pair of 2s


@pytest.mark.parametrize(("mode", "asked_again"), [("turn", True), ("trick", False)])
def test_pass_turn_or_pass_trick(mode: str, asked_again: bool) -> None:
    """ "Pass — Can you play again later in the trick?" — "pass turn: play or pass your turn" — "pass trick
    (default): play or pass the trick"."""
    state = position(VICTORZ.replace(pass_mode=mode), ["5C 7C 3C", "9C 3H", "6C 8C 3D"])
    act(state, "5C", "pass", "6C", "7C")
    assert (state.current_player == 1) is asked_again
    if not asked_again:
        assert state.current_player == 2 and state.trick_passed[1]


def test_single_turn() -> None:
    """ "single turn: treated as passed unless starting a new trick (end a trick early to start the next
    one)" — each player has one move in a trick; after the last of them, the last player starts the next
    trick."""
    state = position(VICTORZ.replace(pass_mode="single"), ["5C 9C 3C", "6C 3H", "7C 8C 3D"])
    act(state, "5C", "6C", "7C")
    assert state.trick_size == 0 and state.current_player == 2
    act(state, "3D", "pass")
    assert state.trick_size == 1 and state.current_player == 1
    act(state, "pass")
    assert state.trick_size == 0 and state.current_player == 2


@pytest.mark.parametrize(
    ("mode", "offered"),
    [
        ("disallow", {"pass", "8C"}),
        ("allow", {"pass", "7D", "8C"}),
        ("or-skip", {"pass", "7D", "8C"}),
        ("or-pass", {"pass", "7D", "8C"}),
        ("force-skip", {"pass", "7D", "8C"}),
    ],
)
def test_equalize_modes_who_may_equalize(mode: str, offered: set[str]) -> None:
    """ "Equalizing is playing the same combo as the previous combo, instead of playing a higher combo." —
    "disallow: players cannot equalize" — "allow (default): players can equalize"."""
    state = position(VICTORZ.replace(equalize=mode), ["7C 3C", "7D 8C 3D", "7H 9H 3H", "4S 7S"])
    act(state, "7C")
    assert legal(state) == offered


def test_equalize_allow_has_no_effect() -> None:
    """ "allow (default): players can equalize" — the next player plays as usual."""
    state = position(VICTORZ, ["7C 3C", "7D 8C 3D", "7H 9H 3H", "4S 7S"])
    act(state, "7C", "7D")
    assert state.current_player == 2 and legal(state) == {"pass", "7H", "9H"}


def test_equalize_or_skip() -> None:
    """ "equalize or skip: the next player must equalize or skip a turn" — skipping is not passing: the
    player is asked again later in the trick."""
    state = position(VICTORZ.replace(equalize="or-skip"), ["7C 10C 3C", "7D 8C 3D", "7H 9H 3H", "4S JS"])
    act(state, "7C", "7D")
    assert legal(state) == {"pass", "7H"}
    act(state, "pass")
    assert state.events[-1].kind == "skip" and not state.trick_passed[2]
    act(state, "JS", "pass", "pass")
    assert state.current_player == 2


def test_equalize_or_pass() -> None:
    """ "equalize or pass: the next player must equalize or pass"."""
    state = position(VICTORZ.replace(equalize="or-pass"), ["7C 10C 3C", "7D 8C 3D", "7H 9H 3H", "4S JS"])
    act(state, "7C", "7D")
    assert legal(state) == {"pass", "7H"}
    act(state, "pass")
    assert state.trick_passed[2]
    act(state, "JS", "pass", "pass")
    assert state.trick_size == 0 and state.current_player == 3


def test_equalize_force_skip() -> None:
    """ "force skip: the next player skips a turn"."""
    state = position(VICTORZ.replace(equalize="force-skip"), ["7C 3C", "7D 8C 3D", "7H 9H 3H", "4S 7S"])
    act(state, "7C", "7D")
    assert state.current_player == 3 and [e.seat for e in state.events if e.kind == "skipped"] == [2]


@pytest.mark.parametrize("mode", ["or-skip", "or-pass", "force-skip"])
def test_equalize_effect_not_triggered_when_the_trick_ends(mode: str) -> None:
    """ "If a player equalizes and the trick does not end, there might be an effect on the next player. The
    effect is not triggered if the trick ends (if the next player is the current player)."."""
    rules = VICTORZ.replace(equalize=mode, pass_mode="single")
    state = position(rules, ["5C 3C", "6C 3D", "7H 3H", "5D 9S 4S"])
    act(state, "5C", "pass", "pass", "5D")
    assert state.trick_size == 0 and state.current_player == 3 and state.obligation is None
    assert not any(e.kind == "skipped" for e in state.events)


@pytest.mark.parametrize(("by_scum", "by_non_scum"), [(True, False), (False, True), (True, True), (False, False)])
@pytest.mark.parametrize("equalizer", [1, 3])
def test_equalize_ends_trick_by_scum_or_non_scum(by_scum: bool, by_non_scum: bool, equalizer: int) -> None:
    """ "Equalize end trick by Scum (default: off)" — "If on, the trick ends if the scum equalizes." —
    "Equalize end trick by non-Scum (default: off)" — "If on, the trick ends if a player who is not scum
    equalizes."  Seat 3 is the Scum."""
    rules = VICTORZ.replace(equalize_ends_trick_by_scum=by_scum, equalize_ends_trick_by_non_scum=by_non_scum)
    hands = ["7C 3C", "7D 3D", "7S 3H", "7H 3S"]
    state = position(rules, hands, current=equalizer - 1, roles=Roles(president=0, scum=3))
    act(state, hands[equalizer - 1].split()[0], hands[equalizer].split()[0])
    ends = by_scum if equalizer == 3 else by_non_scum
    assert (state.trick_size == 0) is ends
    assert state.current_player == (equalizer if ends else (equalizer + 1) % 4)


def test_first_equalize_only_by_scum() -> None:
    """ "First equalize only by scum (default: off)" — "If on, the only players who can equalize are the scum
    or those who are required to equalize."."""
    rules = VICTORZ.replace(first_equalize_only_by_scum=True)
    roles = Roles(president=0, scum=2)
    state = position(rules, ["7C 3C", "7D 8C 3D", "8H 3H", "8S 4S"], roles=roles)
    act(state, "7C")
    assert legal(state) == {"pass", "8C"}
    with pytest.raises(IllegalActionError, match="Only the Scum"):
        state.apply(parse_action("7D"))
    act(state, "8C")
    assert legal(state) == {"pass", "8H"}  # the Scum may
    act(state, "8H")
    assert legal(state) == {"pass"}  # seat 3 is not required to equalize under "allow"
    required = position(rules.replace(equalize="or-pass"), ["7C 3C", "7D 8C 3D", "8H 3H", "8S 4S"], roles=roles)
    act(required, "7C", "8C", "8H")
    assert legal(required) == {"pass", "8S"}  # required to equalize


@pytest.mark.parametrize(("mode", "ends"), [("off", False), ("on", True)])
def test_four_in_a_row(mode: str, ends: bool) -> None:
    """ "4-in-a-row (default: off)" — "If at least 4 cards of the same rank are played in a trick (possibly by
    equalizing), the trick ends."."""
    rules = VICTORZ.replace(four_in_a_row=mode)
    state = position(rules, ["7C 3C", "7D 3D", "7H 3H", "7S 4S", "9S 5S"])
    act(state, "7C", "7D", "7H", "7S")
    assert (state.trick_size == 0 and state.current_player == 3) is ends
    pairs = position(rules, ["7C 7D 3C", "7H 7S 3D", "9H 9D"])
    act(pairs, "7C 7D", "7H 7S")
    assert (pairs.trick_size == 0) is ends
    four = position(rules.replace(revolution="strict"), ["7C 7D 7H 7S 3C", "9H 9D 9C 9S"])
    act(four, "7C 7D 7H 7S")
    assert (four.trick_size == 0) is ends


@pytest.mark.parametrize("on", [False, True])
def test_eight_rule(on: bool) -> None:
    """ "8-rule (default: off)" — "If an 8 is played, the trick ends."."""
    state = position(VICTORZ.replace(eight_rule=on), ["5C 3C", "8C 3D", "9H 3H"])
    act(state, "5C", "8C")
    assert (state.trick_size == 0 and state.current_player == 1) is on


@pytest.mark.parametrize("on", [False, True])
def test_penalize_final_two(on: bool) -> None:
    """ "Penalize final 2 (default: off)" — "Playing a 2 as the last card gets the worst unfilled rank instead
    of best unfilled rank"."""
    state = position(VICTORZ.replace(penalize_final_two=on), ["2C", "8C 3D", "9H 3H 4H"])
    act(state, "2C")
    finish_round(state)
    assert state.results[0][-1 if on else 0] == 0


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("last", ["JK=5", "JK 9C"])
def test_penalize_final_joker(on: bool, last: str) -> None:
    """ "Penalize final joker (default: off)" — "Similar to the previous option, but applicable when a joker is
    the last card played."."""
    state = position(VICTORZ.replace(penalize_final_joker=on), [last.replace("=5", ""), "8C 3D", "9H 3H 4H"])
    act(state, last)
    assert (state.out == [0]) is on and (state.finished == [0]) is not on


@pytest.mark.parametrize(("first", "leader"), [("scum", 3), ("president", 0), ("random", None)])
def test_first_trick(first: str, leader: int | None) -> None:
    """ "First Trick — Who starts the first trick?" — "Scum (or High-Scum) (default)" — "President (or
    Vice-President)" — "Random"."""
    state = after_round(VICTORZ.replace(first_trick=first, must_give_lowest=True), [0, 1, 2, 3], seed=7)
    assert state.phase is Phase.PLAY and state.must_include is None
    if leader is None:
        leaders = set()
        for seed in range(12):
            rules = VICTORZ.replace(first_trick=first, must_give_lowest=True)
            leaders.add(after_round(rules, [0, 1, 2, 3], seed=seed).current_player)
        assert len(leaders) > 1
    else:
        assert state.current_player == leader


@pytest.mark.parametrize(("first", "leader"), [("scum", 4), ("president", 1)])
def test_first_trick_high_scum_or_vice_president(first: str, leader: int) -> None:
    """ "Scum (or High-Scum)" — "President (or Vice-President)": the President left, so the Vice-President and
    the High-Scum stand in."""
    rules = VICTORZ.replace(first_trick=first, must_give_lowest=True)
    assert after_round(rules, [0, 1, 2, 3, 4], absent=[0]).current_player == leader


def test_first_trick_without_roles_special_three() -> None:
    """ "When there is no President or Vice-President, like in the first round, the player holding the special
    3 starts (but must play it)."."""
    for first in ("scum", "president", "random"):
        state = new_game(VICTORZ.replace(first_trick=first), 5, seed=11)
        seat = state.current_player
        assert seat is not None and state.hands[seat][parse_card("3C")]
        assert state.must_include == parse_card("3C")
