"""Every frame a table sends holds the view a plain, uncached build gives, byte for byte.

The server builds each event's views once for every viewer and keeps what changes once a round (presidente/
server/views.py, Table._table_view). Here tables are played with a person, a second person who comes and goes,
a spectator and bots, and every update, welcome and sync frame is compared with the frame built from the same
table the straightforward way: a seat's observation turned into JSON, the seats and timers read afresh (no
sentence: the view holds no log, the events travel typed beside it).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from presidente import elpresidente as elp
from presidente import president as pres
from presidente.cards import card_text
from presidente.server import protocol as p
from presidente.server.bots import make_server_bot
from presidente.server.games import PresidentGame, check_options
from presidente.server.table import Effects, Player, Seat, Table, TableConfig, encode, lobby_line
from presidente.server.views import DAIFUGO_EFFECTS, place_of, score_sheet

ANN, BOB, CY = Player("a", "Ann"), Player("b", "Bob"), Player("c", "Cy")
BOT_DELAY = 0.5
INTERMISSION = 2.0
TRICK_MOVES = frozenset({"play", "pass", "skip", "skipped"})
TRICK_STARTS = frozenset({"trick-end", "round-end", "deal", "give", "draft-take", "draft-reveal", "join", "leave"})


# ------------------------------------------------------------------------------- the views, built plainly


def group_json(group: Any) -> list[list[Any]]:
    return [[card_text(card), count] for card, count in group or ()]


def last_trick_moves(events: list[Any]) -> dict[int, str]:
    moves: dict[int, str] = {}
    for event in reversed(events):
        if event.kind in TRICK_STARTS:
            break
        if event.kind in TRICK_MOVES and event.seat is not None:
            moves.setdefault(event.seat, event.kind)
    return moves


def president_view(state: pres.State, seat: int | None) -> dict[str, Any]:
    obs = state.observation(seat)
    last_moves = last_trick_moves(state.events) if obs.phase == "play" else {}
    pending = [t for t in state.transfers if t.chosen is None] if obs.phase == "exchange" else []
    owed = state.owed
    return {
        "game": "president",
        "phase": obs.phase,
        "round": obs.round_number,
        "current": obs.current_player,
        "hand": group_json(obs.hand),
        "seats": [
            {
                "seat": s.seat,
                "present": s.present,
                "in_round": s.in_round,
                "hand_size": s.hand_size,
                "role": s.role,
                "title": s.title,
                "score": s.score,
                "passed": s.passed,
                "finished": s.finished,
                "place": place_of(s.seat, obs.finished, obs.out, sum(v.in_round for v in obs.seats)),
                "last_move": last_moves.get(s.seat),
            }
            for s in obs.seats
        ],
        "exchanges": [{"giver": t.winner, "receiver": t.loser, "count": t.count} for t in pending],
        "draft_cards": state.rules.draft_cards,
        "sheet": score_sheet(state.rules, state.seats, tuple(map(tuple, state.results))),
        "scoring": state.rules.scoring,
        "trick": [[player, str(play)] for player, play in obs.trick],
        "trick_size": obs.trick_size,
        "last_player": obs.last_player,
        "obligation": obs.obligation,
        "reversed": obs.reversed,
        "clockwise": obs.clockwise,
        "jack_back": state.jack_back,
        "number_locked": state.number_locked,
        "lock": "".join(suit for bit, suit in enumerate("CDHS") if state.lock >> bit & 1),
        "owed": None
        if owed is None
        else {"kind": owed.kind, "seat": owed.seat, "count": owed.count, "receiver": owed.receiver},
        "effects": [name for name in DAIFUGO_EFFECTS if getattr(state.rules, name)],
        "must_include": obs.must_include,
        "face_up": group_json(obs.face_up),
        "undealt": obs.undealt,
        "finished": list(obs.finished),
        "out": list(obs.out),
        "penalized": [event.seat for event in state.events if event.kind == "penalized"],
        "gave": group_json(obs.gave),
        "received": group_json(obs.received),
        "draft_pool": None if obs.draft_pool is None else group_json(obs.draft_pool),
        "draft_placed": group_json(obs.draft_placed),
        "last_round": list(obs.last_round),
        "results": [list(order) for order in state.results],
        "over": state.is_over,
        "winners": state.winners_of_match() if state.is_over else [],
        "legal": list(obs.legal_actions),
    }


def elpresidente_view(state: elp.State, seat: int | None) -> dict[str, Any]:
    obs = state.observation(seat if seat is not None else 0)
    rules = state.rules
    my_turn = seat is not None and state.current_player == seat
    return {
        "game": "el-presidente",
        "phase": str(obs.phase),
        "current": obs.current_player,
        "game_number": obs.game_number,
        "games": rules.games,
        "battle": obs.battle_number,
        "dealer": obs.dealer,
        "attacker": obs.attacker,
        "defender": obs.defender,
        "hand": [card_text(card) for card in obs.hand] if seat is not None else [],
        "hand_sizes": list(obs.hand_sizes),
        "teams": [rules.team_of(s) for s in range(rules.players)] if rules.teams else None,
        "team_wins": list(state.team_wins()),
        "battle_pile": [card_text(card) for card in obs.battle_pile],
        "deck_size": obs.deck_size,
        "discard_size": obs.discard_size,
        "defender_may_pick_up": obs.defender_may_pick_up,
        "game_winners": list(obs.game_winners),
        "over": state.is_over,
        "legal": [str(a) for a in state.legal_actions()] if my_turn else [],
    }


def connection_view(table: Table, seat: int | None, player: Player | None, now: float) -> dict[str, Any]:
    """A connection's whole view: the table around the game, read afresh, and its seat's game view."""
    due = table.deadline()
    mover = None if table.state is None else table.game.current_player(table.state)
    present = {c.player.id for c in table.connections.values() if c.player is not None}
    around = {
        **lobby_line(table.config, table.seats, table.status),
        "seat_info": [
            {
                "seat": i,
                "name": info.name,
                "kind": info.kind,
                "bot": info.bot,
                "connected": info.kind != "human" or (info.player is not None and info.player.id in present),
                "ready": i in table.ready,
                "player_id": info.player.id if info.kind == "human" and info.player is not None else None,
            }
            for i, info in enumerate(table.seats)
        ],
        "turn_time": table.config.turn_time,
        "turn_left": None
        if due is None or table.intermission_until is not None or mover is None
        else max(0.0, round(table.turn_started + table.config.turn_time - now, 2)),
        "intermission_left": None
        if table.intermission_until is None
        else max(0.0, round(table.intermission_until - now, 2)),
    }
    if table.state is None:
        game = None
    elif table.config.game == "president":
        game = president_view(table.state, seat)
    else:
        game = elpresidente_view(table.state, seat)
    return {
        "table": {
            **around,
            "you": seat,
            "player": None if player is None else {"id": player.id, "name": player.name},
            "staged": table.staged.get(seat) if seat is not None else None,
        },
        "game": game,
    }


def move_events(table: Table, mark: Any, seat: int | None) -> list[dict[str, Any]]:
    """A move's events for one seat, asked of the game for that seat alone (the table asks once per audience, and
    once for everyone when no event is secret)."""
    events = table.game.events_since(table.state, mark, seat)
    if table.game.is_over(table.state):
        events.append(table.game.match_end(table.state))
    return events


# ------------------------------------------------------------------------------- playing and checking


class Checked:
    """A table whose every call's frames are checked against the plain build."""

    def __init__(self, game: str, preset: str, seats: list[Seat], options: dict[str, Any], seed: int) -> None:
        checked = check_options(game, preset, options, len(seats))
        config = TableConfig("t1", "Frames", game, checked.preset, checked.options, len(seats), seed, checked.turn_time)
        self.table = Table(config, seats, now=0.0, intermission=INTERMISSION, bot_delay=BOT_DELAY)
        self.now = 0.0
        self.checked = 0
        self.events_checked = 0
        self.phases: set[str] = set()
        self.secret_events = 0  # updates whose events for a seat differ from the spectators'

    def call(self, command: Callable[[], Effects], timed: bool = False) -> Effects:
        """Run `command` (`timed`: a tick, whose moves for a person are told with a note) and check its frames."""
        table = self.table
        mark = None if table.state is None else table.game.mark(table.state)
        moves, staged = len(table.moves), dict(table.staged)
        effects = command()
        move = table.moves[-1] if len(table.moves) == moves + 1 else None
        note = ""
        if timed and move is not None and move[0] is not None and table.seats[move[0]].kind != "bot":
            note = "staged" if staged.get(move[0]) == move[1] else "automatic"
        for conn, frame in effects.send:
            body = json.loads(frame)
            connection = table.connections.get(conn)
            if body["type"] not in ("update", "welcome", "sync") or connection is None:
                continue
            seat = table.seat_of(connection.player)
            plain = connection_view(table, seat, connection.player, self.now)
            assert frame == encode({**body, "view": plain}), f"frame {body['seq']} of {body['type']} to seat {seat}"
            self.checked += 1
            if plain["game"] is not None:
                self.phases.add(str(plain["game"]["phase"]))
            if body["type"] == "update" and mark is not None and move is not None and move[0] is not None:
                events = move_events(table, mark, seat)
                if note and events:
                    events[0] = {**events[0], "timed": note}
                assert body["events"] == events, f"events to seat {seat}"
                self.secret_events += seat is not None and events != move_events(table, mark, None)
                self.events_checked += 1
        return effects

    def connect(self, conn: int, player: Player | None) -> None:
        self.call(lambda: self.table.connect(conn, player, None, self.now))

    def send(self, conn: int, message: p.ClientMessage) -> Effects:
        return self.call(lambda: self.table.handle(conn, message, self.now))

    def rename(self, conn: int, player: Player) -> None:
        """What the actor does when a seated player changes name: the table's own rename (the seat and the
        connection hold the new name, told as a typed `rename` notice)."""
        assert self.table.connections[conn].player is not None
        self.call(lambda: self.table.rename(player, self.now))

    def play(self, steps: int, people: dict[int, int], choose: Callable[[list[str], int], str]) -> None:
        """`steps` turns of half a bot delay: each person (seat -> connection) moves when it is its turn, is ready
        between rounds, and the bots and timers move on `tick`."""
        table = self.table
        for step in range(steps):
            self.now += BOT_DELAY / 2
            if table.state is None or table.game.is_over(table.state):
                return
            mover = table.game.current_player(table.state)
            if table.intermission_until is not None and step % 3 == 0:
                for seat, conn in people.items():
                    if seat not in table.ready:
                        self.send(conn, p.Ready(type="ready"))
                        break
            elif table.intermission_until is None and mover in people:
                legal = table.game.view(table.state, mover)["legal"]
                self.send(people[mover], p.Act(type="act", action=choose(legal, step)))
                continue
            self.call(lambda: table.tick(self.now), timed=True)


def varied(legal: list[str], step: int) -> str:
    return legal[step * 7 % len(legal)]


PRESIDENT_TABLES = [
    ("bga", {}, 11),
    ("victorz", {}, 12),
    ("college-draft", {}, 13),
    ("trump-jokers", {}, 14),
    ("bga", {"seven_give": True, "ten_discard": True, "jack_back": True, "suit_lock": True, "nine_reverse": True}, 15),
]


@pytest.mark.parametrize(("preset", "options", "seed"), PRESIDENT_TABLES, ids=[t[0] for t in PRESIDENT_TABLES])
def test_president_frames_are_the_plain_views(preset: str, options: dict[str, Any], seed: int) -> None:
    seats = [Seat("empty"), Seat("empty"), Seat("bot", bot="auto"), Seat("bot", bot="random")]
    checked = Checked("president", preset, seats, options, seed)
    checked.connect(1, ANN)
    checked.send(1, p.Sit(type="sit", seat=0))
    checked.connect(3, None)  # a spectator, before the game
    checked.connect(2, BOB)
    checked.send(2, p.Sit(type="sit", seat=1))  # the last seat: the game starts
    checked.play(120, {0: 1, 1: 2}, varied)
    checked.send(1, p.Stage(type="stage", action="pass"))
    checked.send(2, p.Leave(type="leave"))  # a seat left mid-game, then taken by another person
    checked.play(40, {0: 1}, varied)
    checked.connect(4, CY)
    checked.send(4, p.Sit(type="sit", seat=1))
    checked.rename(1, Player("a", "Annie"))
    checked.call(lambda: checked.table.disconnect(1, checked.now))
    checked.connect(1, Player("a", "Annie"))  # back: "is back." and a welcome
    checked.send(3, p.Resync(type="resync", seq=checked.table.seq - 5))
    checked.play(400, {0: 1, 1: 4}, varied)
    assert checked.table.game.round_key(checked.table.state) >= 3, "the tables played into a third round"
    assert checked.checked > 500 and checked.events_checked > 200
    transfer = {"draft-place", "draft-pick"} if preset == "college-draft" else {"exchange"}
    assert checked.phases >= {"play", *transfer}
    assert checked.secret_events > 0, "a seated person was told cards the spectators were not"


def test_el_presidente_frames_are_the_plain_views() -> None:
    seats = [Seat("empty"), Seat("bot", bot="random"), Seat("empty")]
    checked = Checked("el-presidente", "standard", seats, {"games": 2}, 5)
    checked.connect(1, ANN)
    checked.send(1, p.Sit(type="sit", seat=0))
    checked.connect(3, None)
    checked.connect(2, BOB)
    checked.send(2, p.Sit(type="sit", seat=2))
    checked.play(400, {0: 1, 2: 2}, varied)
    checked.send(2, p.Leave(type="leave"))  # El Presidente: the seat's moves are automatic
    checked.play(600, {0: 1}, varied)
    assert checked.table.state.battle_number > 50, "many battles were fought"
    assert checked.checked > 1000 and checked.events_checked > 500


@pytest.mark.parametrize("preset", ["bga", "college-draft", "daifugo", "uecda"])
def test_server_bots_choose_as_when_handed_the_engines_offered_actions(preset: str) -> None:
    """The server hands a bot a lazy observation and the engine's offered actions: each bot makes the very move
    it makes when handed the eager observation and `State.offered_actions()`, through transfers, drafts and
    sequences."""
    rules = pres.find_preset(preset)
    players = 5 if preset == "uecda" else 4
    game = PresidentGame()
    for bot_name in ("random", "auto", "heuristic"):
        state = pres.new_game(rules, players, 3)
        bot = make_server_bot(bot_name, "president", rules)
        for move in range(150):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            served = game.bot_action(state, seat, bot, random.Random(move))
            plain = bot.choose(state.observation(seat), state.offered_actions(), random.Random(move)).action
            assert served == str(plain), f"{bot_name}, move {move}"
            state.apply(pres.parse_action(served), seat)
