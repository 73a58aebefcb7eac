"""Differential test: the official server `tndhms` against our `uecda` preset, move by move.

Five of our clients play a match on `tndhms`, two of them probing it with plays that may be illegal (a random
card of their hand, two cards of different ranks, a card they do not hold, a sequence with the joker past an
end: column 0 or 14). Each client keeps every message of
its seat. The five views together give the whole deal of each game (the hands at the first turn, after the
exchange), and every move with the server's answer (9 or 8, only its mover hears it). Each game is then replayed
through our engine from that deal, comparing at every move what the official server observably did:

- a play accepted or refused (8 cut, lock, revolution, spade-3 return and sequences all decide these);
- whose turn it is next, whether the table was cleared (8 cut, everyone passed, spade-3 return: `[5][4]`), the
  revolution (`[5][6]`) and the lock (`[5][7]`);
- the end of each game, its ranks (tndhms prints them) and the points they earn;
- the exchange: the strong cards the server chose (joker, then from the 2 down, spade > heart > diamond > club);
- the 3 of diamonds lead, and the protocol's answer to a pass (9 on an empty table, 8 on cards).

Every disagreement is collected as (category, description); `KNOWN` lists those the engine does not (yet) share
with the official server, each with the exact case; any other category must agree.
"""

from __future__ import annotations

import random
import re
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from uecda_helpers import Official, free_port

from presidente.cards import CardGroup, counts_from_group, parse_card
from presidente.errors import PresidenteError
from presidente.president import PASS, Play, new_game
from presidente.president.actions import EIGHT
from presidente.president.exchange import best_cards
from presidente.uecda import protocol
from presidente.uecda.client import MatchResult, SeatView, play_match, play_state
from presidente.uecda.preset import uecda_rules
from presidente.uecda.protocol import Table

GAMES = 30  # games 2-30 exchange cards; seats are shuffled at games 1, 4, 7, ...
PROBING = (1, 3)  # the clients (by connection order) that sometimes send a play that may be illegal
PLAYERS = 5

# Where the rules our bridge plays (the engine's `uecda` preset) are known to disagree with tndhms: reported by
# the test, not failed. Before the engine's UECda match rules (trick_end="all-passed", lead_pass, pass_limit,
# scoring="places") this test also found "the table clears only when the last player passed too", "a leader may
# pass" and the points 5-1.
# The joker in a group was one, until the bridge and the preset read it as tndhms does (`joker_suits`): after
# [3C 3H], [JK 6S] with the joker on the diamonds row holds diamonds and spades, so [7D 7S] next locks the table.
KNOWN: dict[str, str] = {}


@dataclass
class Block:
    """One move as a seat saw it: the hand table, what it sent and heard (if it moved), the stage, the end int."""

    hand: Table
    stage: Table
    end: int
    sent: Table | None = None
    reply: int | None = None


@dataclass
class SeatGame:
    start: Table
    give: Table | None
    blocks: list[Block]


def split(view: SeatView) -> SeatGame:
    items = list(view.transcript)
    start = items.pop(0)[1]
    give = items.pop(0)[1] if items and items[0][0] == "give" else None
    blocks: list[Block] = []
    pending: dict[str, Any] = {}
    for kind, payload in items:
        pending[kind] = payload
        if kind == "end":
            blocks.append(Block(pending["hand"], pending["stage"], payload, pending.get("sent"), pending.get("reply")))
            pending = {}
    return SeatGame(start, give, blocks)


def cards_minus(a: CardGroup, b: CardGroup) -> CardGroup:
    counts = counts_from_group(a)
    for card, count in b:
        counts[card] -= count
    return tuple((card, count) for card, count in enumerate(counts) if count > 0)


def joker_end_probe(view: SeatView, rng: random.Random) -> Table | None:
    """A sequence with the joker past an end, the README's "columns 0 and 14 exist so that a joker can extend a
    sequence below the 3 or above the 2": the joker in column 0 before the hand's run from a 3, or in column 14
    after its run to a 2, as long as the trick's sequence (3+ cards when leading). Sent whether the hand holds the
    joker or not (without it, both servers refuse); None when the hand has no such run or the trick is a group."""
    if view.trick and not view.trick[-1][1].sequence:
        return None  # a sequence never answers a group: tried elsewhere (tests/president/test_sequences.py)
    held = counts_from_group(view.hand)
    wanted = view.trick[-1][1].size if view.trick else 0
    options: list[tuple[int, list[int], int]] = []
    for row in range(4):
        for columns, joker_column in ((range(1, 14), 0), (range(13, 0, -1), 14)):
            run: list[int] = []
            for column in columns:
                if not held[protocol.cell_card(row, column)]:
                    break
                run.append(column)
            for naturals in range(2, len(run) + 1):
                if not wanted or naturals + 1 == wanted:
                    options.append((row, run[:naturals], joker_column))
    if not options:
        return None
    row, run, joker_column = rng.choice(options)
    table = protocol.empty_table()
    for column in run:
        table[row][column] = 1
    table[row][joker_column] = 2
    return table


def joker_past_an_end(table: Table) -> bool:
    """Does the table hold a joker in column 0 or 14 beside other cards (a sequence past an end)?"""
    cells = [(row, column) for row in range(4) for column in range(15) if table[row][column]]
    return len(cells) > 1 and any(table[row][column] == 2 and column in (0, 14) for row, column in cells)


def prober(seed: int) -> Any:
    rng = random.Random(seed)

    def choose(view: SeatView, move: Table) -> Table:
        # Most often with the joker in hand, where tndhms may accept it; now and then without (a refusal).
        chance = 0.9 if any(card == 52 for card, _ in view.hand) else 0.2
        if rng.random() < chance and (probe := joker_end_probe(view, rng)) is not None:
            return probe
        if rng.random() > 0.3 or not view.hand:
            return move
        table = protocol.empty_table()
        kind = rng.randrange(3)
        naturals = [card for card, _ in view.hand if card != 52]
        if kind == 0 and naturals:  # a random card of the hand: legal or not
            row, column = protocol.card_cell(rng.choice(naturals))
            table[row][column] = 1
        elif kind == 1:  # two cards of different ranks: no play
            table[0][2] = table[1][5] = 1
        else:  # a card it does not hold
            held = counts_from_group(view.hand)
            missing = [card for card in range(52) if not held[card]]
            row, column = protocol.card_cell(rng.choice(missing))
            table[row][column] = 1
        return table

    return choose


def official_ranks(output: str) -> list[list[int]]:
    """Each game's finishing order (player numbers), as tndhms prints it."""
    games = output.split("================ game")[1:]
    orders = []
    for text in games:
        order = [
            int(re.search(rf"^{name}\s+(\d+)", text, re.M)[1])
            for name in ("daihugou", "hugou", "heimin", "himmin", "daihinnmin")
        ]  # type: ignore[index]
        orders.append(order)
    return orders


def compare_game(seats: list[SeatGame], order: list[int], found: list[tuple[str, str]], seen: Counter[str]) -> None:
    """Replay one game through our preset; add every disagreement with tndhms to `found`, and count in `seen` the
    rules the game put to the test."""
    rules = uecda_rules(1)
    first = [seat.blocks[0].hand for seat in seats]
    seating = list(first[0][6][10:15])
    seat_of = {player: seat for seat, player in enumerate(seating)}
    hands = [protocol.hand_cards(table) for table in first]

    # The exchange, as the official server did it.
    ranks = list(seats[0].start[6][5:10])
    if any(ranks):
        by_rank = {rank: player for player, rank in enumerate(ranks)}
        for winner_rank, loser_rank, count in ((0, 4, 2), (1, 3, 1)):
            winner, loser = by_rank[winner_rank], by_rank[loser_rank]
            before = protocol.hand_cards(seats[loser].start)
            give = seats[winner].give
            returned = protocol.hand_cards(give) if give is not None else ()
            forced = cards_minus(before, cards_minus(hands[loser], returned))
            seen["exchanges"] += 1
            if forced != best_cards(counts_from_group(before), count):
                found.append(("exchange", f"rank {loser_rank} gave {forced}, not its {count} strongest of {before}"))
    # "The holder of the 3 of diamonds leads the first trick"
    leader = first[0][5][3]
    if not counts_from_group(hands[leader])[parse_card("3D")]:
        found.append(("lead", f"player {leader} leads without the 3 of diamonds"))

    base = new_game(rules, PLAYERS, seed=0).to_position()
    table = SeatView(0)  # the public facts (plays, passes, who is out), read from player 0's messages
    for index, block in enumerate(seats[0].blocks):
        table.read_hand(block.hand)
        mover = block.hand[5][3]
        own = seats[mover].blocks[index]
        sent, reply = own.sent, own.reply
        assert sent is not None and reply is not None
        # Our engine, set up at the official table as it stands: every hand exact, the trick, passes, revolution.
        hands = tuple(protocol.hand_cards(seats[seating[seat]].blocks[index].hand) for seat in range(PLAYERS))
        try:
            state = play_state(
                base,
                hands,
                seat_of[mover],
                _group(table.played),
                (),
                tuple((seat_of[player], protocol.play_action(play, rules.joker_suits)) for player, play in table.trick),
                tuple(seating[seat] in table.passed for seat in range(PLAYERS)),
                tuple(seat_of[player] for player in table.finished),
                bool(block.hand[5][6]),
                seat_of[table.leader] if table.leader is not None else None,
                table.passes_in_a_row,
            )
        except PresidenteError as error:
            found.append(("turn", f"move {index}: tndhms asks player {mover} to move; our engine: {error}"))
            table.read_stage(block.stage)
            continue
        empty_before = block.hand[5][4] == 1
        try:
            play = protocol.read_play(sent)
            action: Play | None = protocol.play_action(play, rules.joker_suits) if play is not None else None
            malformed = False
        except (protocol.ProtocolError, PresidenteError):
            action, malformed = None, True
        where = f"move {index} of [{' / '.join(str(p) for _, p in state.observation(None).trick)}]"
        if action is None and not malformed:
            if reply != (protocol.ACCEPTED if empty_before else protocol.REFUSED):
                found.append(("pass-reply", f"a pass on {'an empty table' if empty_before else 'cards'} got {reply}"))
            accepted_there = accepted_here = False
        else:
            accepted_there = reply == protocol.ACCEPTED
            accepted_here, reason = False, "a table no rule reads"
            if action is not None:
                try:
                    state.clone().apply(action, seat_of[mover])
                    accepted_here = True
                except PresidenteError as error:
                    reason = str(error)
            if accepted_there != accepted_here:
                # Where the locks already differ, the verdict follows from that (counted as a lock case).
                differs = block.hand[5][7] != int(state.lock != 0)
                found.append(
                    (
                        "lock" if differs else "accept" if accepted_there else "refuse",
                        f"{where}: {action or 'malformed'} (reversed={state.reversed}, lock={state.lock}): tndhms "
                        f"{'accepts' if accepted_there else 'refuses'}, ours {'accepts' if accepted_here else reason}",
                    )
                )
        if action is not None and accepted_there:
            lone_joker_on_table = [str(p) for _, p in state.observation(None).trick][-1:] == ["JK"]
            seen["sequences"] += action.sequence
            seen["groups with a joker"] += bool(action.jokers and action.naturals and not action.sequence)
            seen["8 cuts"] += EIGHT in action.ranks()
            seen["spade-3 returns"] += lone_joker_on_table and str(action) == "3S"
            seen["jokers past an end"] += action.reaches_end()
        elif action is not None:
            seen["jokers past an end refused"] += action.reaches_end()
            seen["refusals under a lock" if block.hand[5][7] else "other refusals"] += 1
        table.read_stage(block.stage)
        try:
            state.apply(action if accepted_there and action is not None else PASS, seat_of[mover])
        except PresidenteError as error:
            found.append(
                ("pass", f"{where}: tndhms counts a pass ({'leading' if empty_before else 'following'}); ours: {error}")
            )
            continue
        if block.end != protocol.GAME_GOES_ON:
            if not state.is_over:
                found.append(("end", f"{where}: tndhms ends the game; ours goes on"))
                return
            ours = [seating[seat] for seat in state.results[-1]]
            if not accepted_there:
                # 20 passes in a row ended the game: both servers draw the remaining ranks at random.
                compared_ranks = len(table.finished)
                if ours[:compared_ranks] != order[:compared_ranks]:
                    found.append(("ranks", f"by passes: tndhms ranks {order}, ours {ours}"))
            elif ours != order:
                found.append(("ranks", f"tndhms ranks {order}, ours {ours}"))
            scores = [state.scores[seat_of[player]] for player in order]
            if scores != [5, 4, 3, 2, 1]:
                found.append(("points", f"our preset scores the ranks {scores}, tndhms 5 4 3 2 1"))
            return
        if state.is_over:
            found.append(("end", f"{where}: our game ends; tndhms goes on"))
            continue
        after = seats[0].blocks[index + 1].hand
        seen["revolutions"] += after[5][6] != block.hand[5][6]
        seen["locks"] += after[5][7] > block.hand[5][7]
        what = f"{where}: {action if accepted_there else 'pass'}"
        if state.current_player != seat_of[after[5][3]]:
            found.append(("turn", f"{what}: tndhms asks player {after[5][3]}, ours seat {state.current_player}"))
        if (after[5][4] == 1) != (state.trick_size == 0):
            found.append(("clear", f"{what}: tndhms table empty={after[5][4]}, ours {state.trick_size == 0}"))
        if after[5][6] != int(state.reversed):
            found.append(("revolution", f"{what}: tndhms revolution={after[5][6]}, ours {state.reversed}"))
        if after[5][7] != int(state.lock != 0):
            found.append(("lock", f"{what}: tndhms lock={after[5][7]}, ours {state.lock}"))


def _group(counts: list[int]) -> CardGroup:
    return tuple((card, count) for card, count in enumerate(counts) if count)


@pytest.fixture(scope="module")
def official_match(official: Official) -> tuple[list[MatchResult], str]:
    port = free_port()
    server = official.server(port, GAMES)
    results: dict[int, MatchResult] = {}

    def run(index: int) -> None:
        chooser = prober(index) if index in PROBING else None
        results[index] = play_match(
            "127.0.0.1", port, "heuristic", f"d{index}", seed=index, keep_views=True, chooser=chooser
        )

    threads = []
    for index in range(PLAYERS):
        thread = threading.Thread(target=run, args=(index,))
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join(300)
    output = server.output(60)
    by_number = {result.number: result for result in results.values()}
    return [by_number[number] for number in range(PLAYERS)], output


def test_our_uecda_preset_agrees_with_tndhms_move_by_move(official_match: tuple[list[MatchResult], str]) -> None:
    results, output = official_match
    orders = official_ranks(output)
    assert len(orders) == GAMES
    found: list[tuple[str, str]] = []
    compared = Counter[str]()
    for game in range(GAMES):
        seats = [split(result.views[game]) for result in results]
        compare_game(seats, orders[game], found, compared)
        compared["games"] += 1
        compared["moves"] += len(seats[0].blocks)
        compared["jokers past an end tried"] += sum(
            1 for seat in seats for block in seat.blocks if block.sent and joker_past_an_end(block.sent)
        )
        compared["refused plays"] += sum(
            1
            for seat in seats
            for block in seat.blocks
            if block.reply == 8 and block.sent and any(any(r) for r in block.sent[:5])
        )
    # The match put the rules to the test (sequences, revolutions and spade-3 returns come a few times a match, so
    # a match without one is possible: printed, not required).
    for event in ("refused plays", "exchanges", "8 cuts", "locks", "refusals under a lock", "jokers past an end tried"):
        assert compared[event] > 0, f"no {event} in {dict(compared)}"
    unexpected = [(category, case) for category, case in found if category not in KNOWN]
    summary = Counter(category for category, _ in found)
    examples = {category: case for category, case in reversed(found)}
    report = "\n".join(f"{category} x{count}: {examples[category]}" for category, count in summary.items())
    print(f"compared {dict(compared)}\n{report}")
    assert not unexpected, f"{dict(summary)} over {dict(compared)}:\n{report}"
