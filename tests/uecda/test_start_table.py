"""The table each player gets at the start of a game, byte for byte as the official server `tndhms` sends it.

`tndhms` (src/daihu.c) fills rows 5-6 of the start table before any card changes hands: `[6][0..4]` are the
hand sizes as dealt (10 or 11), also for the Daifugo who already holds the Daihinmin's 2 strong cards (13 in
hand). Our server sent the sizes after the strong cards had moved (13 for the Daifugo), and a former UECda
champion program quit at its first exchange on it (issue 30). Here five of our clients play three games on
`tndhms` (the first without exchange, the next two with one), each keeping the bytes it got; the same deal is
then set up in our server (`Match.start_tables`) and its tables compared with tndhms's, byte for byte.
"""

from __future__ import annotations

import dataclasses
import threading

import pytest
from uecda_helpers import Official, free_port

from presidente.cards import CardGroup, counts_from_group, group_from_counts
from presidente.president import Phase, State
from presidente.president.exchange import best_cards
from presidente.president.position import PendingTransfer, Position
from presidente.president.roles import Roles
from presidente.uecda import protocol
from presidente.uecda.client import MatchResult, play_match
from presidente.uecda.preset import uecda_rules
from presidente.uecda.protocol import Table
from presidente.uecda.server import Match, Seat

PLAYERS = 5
GAMES = 3  # game 1 without exchange, games 2 and 3 with one (the ranks reset every 100 games)


@pytest.fixture(scope="module")
def official_starts(official: Official) -> list[list[Table]]:
    """Each game's start table per player number, as our clients received them from tndhms."""
    port = free_port()
    server = official.server(port, GAMES)
    results: dict[int, MatchResult] = {}

    def run(index: int) -> None:
        results[index] = play_match("127.0.0.1", port, "heuristic", f"s{index}", seed=index, keep_views=True)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(PLAYERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    server.output(60)
    by_number = {result.number: result for result in results.values()}
    assert sorted(by_number) == list(range(PLAYERS))
    starts = []
    for game in range(GAMES):
        tables = []
        for number in range(PLAYERS):
            kind, table = by_number[number].views[game].transcript[0]
            assert kind == "start"
            tables.append(table)
        starts.append(tables)
    return starts


def minus(cards: CardGroup, taken: CardGroup) -> CardGroup:
    counts = counts_from_group(cards)
    for card, count in taken:
        counts[card] -= count
    return group_from_counts(counts)


def our_match(starts: list[Table], game: int) -> Match:
    """Our server's match at the start of `game`, holding tndhms's deal: the hands as each player saw them, the
    strong cards the Hinmin and the Daihinmin gave (their strongest: the server's choice), ranks and seating."""
    rules = uecda_rules(GAMES)
    hands = [protocol.hand_cards(table) for table in starts]
    ranks = list(starts[0][6][5:10])
    seating = tuple(starts[0][6][10:15])
    state = State(rules, PLAYERS, 1)
    if not any(ranks):
        position = dataclasses.replace(state.to_position(), hands=tuple(hands), seating=seating, events=())
        return Match(seats=[Seat(f"s{n}") for n in range(PLAYERS)], state=State.from_position(position))
    while state.round_number < 2:  # any real position in a game's exchange, then tndhms's deal in it
        state.apply(state.legal_actions()[0] if state.phase is Phase.EXCHANGE else state.offered_actions()[0])
    order = sorted(range(PLAYERS), key=lambda player: ranks[player])
    daifugo, fugo, _, hinmin, daihinmin = order
    strong = {daihinmin: best_cards(counts_from_group(hands[daihinmin]), 2)}
    strong[hinmin] = best_cards(counts_from_group(hands[hinmin]), 1)
    after = list(hands)  # the Daifugo's and Fugo's tables show their hands after receiving; the others' before
    after[daihinmin], after[hinmin] = minus(hands[daihinmin], strong[daihinmin]), minus(hands[hinmin], strong[hinmin])
    gave: list[CardGroup | None] = [None] * PLAYERS
    received: list[CardGroup | None] = [None] * PLAYERS
    gave[daihinmin], received[daifugo] = strong[daihinmin], strong[daihinmin]
    gave[hinmin], received[fugo] = strong[hinmin], strong[hinmin]
    position: Position = dataclasses.replace(
        state.to_position(),
        round_number=game,
        current_player=daifugo,
        hands=tuple(after),
        gave=tuple(gave),
        received=tuple(received),
        transfers=(PendingTransfer(daifugo, daihinmin, 2), PendingTransfer(fugo, hinmin, 1)),
        roles=Roles(president=daifugo, vice=fugo, high_scum=hinmin, scum=daihinmin),
        last_round=tuple(order),
        results=(tuple(order),),
        round_players=tuple(order),
        seating=seating,
        events=(),
    )
    match = Match(seats=[Seat(f"s{n}") for n in range(PLAYERS)], state=State.from_position(position))
    match.last_order = order
    return match


@pytest.mark.parametrize("game", range(GAMES))
def test_our_start_tables_are_tndhms_byte_for_byte(official_starts: list[list[Table]], game: int) -> None:
    starts = official_starts[game]
    sizes = starts[0][6][:PLAYERS]
    assert sorted(sizes) == [10, 10, 11, 11, 11], "tndhms sends the sizes as dealt"
    if game:
        # An exchange game: the Daifugo holds 13 cards, and its table says 10 or 11, the size it was dealt.
        daifugo = starts[0][6][5:10].index(0)
        assert len(protocol.hand_cards(starts[daifugo])) in (12, 13) and sizes[daifugo] in (10, 11)
    ours = our_match(starts, game + 1).start_tables()
    for player in range(PLAYERS):
        assert protocol.pack_table(ours[player]) == protocol.pack_table(starts[player]), (
            f"game {game + 1}, player {player}:\nours   {ours[player][5:7]}\ntndhms {starts[player][5:7]}"
        )
