"""Play again (issue 27): at a finished table, the same people and rules at a new table.

A `Proposal` lives beside a finished table (its actor makes it when the match ends, and tells every connection).
Each person seated at the match's end accepts or declines; the table's creator chooses whether bots take the
declined seats (and the seats of those who left) and whether the seats move one place round the table or stay.
Once every person has answered, or REMATCH_WAIT seconds after the first answer (an unanswered seat then counts as
declined), the actor opens the new table through the hub (`Hub.open_rematch`: the same game, preset, options, turn
time and privacy, a new seed and, for a private table, a new secret) with those who accepted already seated, and
tells each connection where it is; only those who accepted are given a private table's secret.

Sans I/O like `table.py`: `answer`, `choose` and `settled` take the table and return `Effects` (rematch frames,
one per connection). The proposal is not stored: a finished table is not resumed after a restart, so a restart
ends a proposal not yet settled (the page then shows the replay), while a new table already opened is stored like
any other, its people seated (the lobby lists it under their tables).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from presidente.server import protocol as p
from presidente.server.bots import bot_names
from presidente.server.refusals import TableRefusal
from presidente.server.table import Effects, Seat, Table, TableConfig, encode

# Seconds a proposal waits for answers after it opens; then the seats still unanswered count as declined.
REMATCH_WAIT = 60.0
# The bot that takes a declined seat: the first of these the game has.
FILLING_BOTS = ("heuristic", "auto", "random")

Answer = Literal["accepted", "declined", "waiting", "bot", "nobody"]
Status = Literal["open", "opened", "declined", "failed"]


@dataclass
class Proposal:
    """Who answered what (by seat at the finished table), the creator's choices, and how it ended."""

    started: float | None = None  # the first answer: the time to answer runs from then
    accepted: set[int] = field(default_factory=set)
    declined: set[int] = field(default_factory=set)
    fill_bots: bool = True
    rotate: bool = False
    status: Status = "open"
    config: TableConfig | None = None  # the new table, once opened

    @property
    def deadline(self) -> float | None:
        return None if self.started is None else self.started + REMATCH_WAIT

    def answers(self, table: Table) -> list[Answer]:
        """Each seat's answer: a person's (accepted, declined, waiting), a bot that comes along, nobody (left)."""
        shown: list[Answer] = []
        for seat, info in enumerate(table.seats):
            if info.kind == "bot":
                shown.append("bot")
            elif info.kind != "human":
                shown.append("nobody")
            elif seat in self.accepted:
                shown.append("accepted")
            elif seat in self.declined or self.status != "open":
                shown.append("declined")
            else:
                shown.append("waiting")
        return shown

    def due(self, table: Table, now: float) -> bool:
        """Whether the new table is to be opened (or the proposal closed) now: every person answered, or time is up."""
        deadline = self.deadline
        if self.status != "open" or deadline is None:
            return False
        return "waiting" not in self.answers(table) or now >= deadline

    def next_seats(self, table: Table) -> list[Seat]:
        """The new table's seats: those who accepted, the bots, and a bot or an empty seat for everyone else,
        moved one seat round the table when `rotate`."""
        filler = next((bot for bot in FILLING_BOTS if bot in bot_names().get(table.config.game, ())), None)
        seats: list[Seat] = []
        for seat, info in enumerate(table.seats):
            if info.kind == "human" and seat in self.accepted:
                seats.append(Seat("human", info.player))
            elif info.kind == "bot":
                seats.append(Seat("bot", bot=info.bot))
            elif self.fill_bots and filler is not None:
                seats.append(Seat("bot", bot=filler))
            else:
                seats.append(Seat("empty"))
        return seats[-1:] + seats[:-1] if self.rotate else seats


def creator_seat(table: Table) -> int | None:
    """The seat of the table's creator, who makes the choices; None when the creator holds no seat here."""
    for seat, info in enumerate(table.seats):
        if info.kind == "human" and info.player is not None and info.player.id == table.config.creator:
            return seat
    return None


def _asker(table: Table, conn: int) -> int:
    """The seat of the person asking; refused for a spectator and before the match ends."""
    connection = table.connections.get(conn)
    if connection is None:
        raise TableRefusal.of("hello_first")
    if connection.player is None:
        raise TableRefusal.of("watch_only")
    seat = table.seat_of(connection.player)
    if seat is None:
        raise TableRefusal.of("not_seated")
    if table.status != "finished":
        raise TableRefusal.of("rematch_not_over")
    return seat


def answer(proposal: Proposal | None, table: Table, conn: int, message: p.Rematch, now: float) -> Proposal:
    """A person's yes or no (the first starts the time to answer); raises `TableRefusal`, changing nothing."""
    seat = _asker(table, conn)
    if proposal is not None and proposal.status != "open":
        raise TableRefusal.of("rematch_settled")
    proposal = proposal or Proposal()
    if proposal.started is None:
        proposal.started = now
    (proposal.accepted if message.accept else proposal.declined).add(seat)
    (proposal.declined if message.accept else proposal.accepted).discard(seat)
    return proposal


def choose(proposal: Proposal | None, table: Table, conn: int, message: p.RematchChoose, now: float) -> Proposal:
    """The creator's choices: bots in the declined seats, seats moved round or kept."""
    seat = _asker(table, conn)
    if proposal is not None and proposal.status != "open":
        raise TableRefusal.of("rematch_settled")
    if seat != creator_seat(table):
        raise TableRefusal.of("rematch_creator_only")
    proposal = proposal or Proposal()
    if message.fill_bots is not None:
        proposal.fill_bots = message.fill_bots
    if message.rotate is not None:
        proposal.rotate = message.rotate
    return proposal


def settled(proposal: Proposal, table: Table, config: TableConfig | None, failed: bool = False) -> None:
    """The proposal's end: the new table opened (`config`), nobody accepted, or the opening failed."""
    proposal.config = config
    proposal.status = "failed" if failed else "declined" if config is None else "opened"


def frames(proposal: Proposal | None, table: Table, now: float, conns: list[int] | None = None) -> Effects:
    """The proposal as each connection (or those of `conns`) may see it: a private table's new secret goes only
    to the people who accepted."""
    if proposal is None:
        return Effects()
    answers, config, deadline = proposal.answers(table), proposal.config, proposal.deadline
    body: dict[str, Any] = {
        "type": "rematch",
        "seq": table.seq,
        "status": proposal.status,
        "answers": answers,
        "fill_bots": proposal.fill_bots,
        "rotate": proposal.rotate,
        "chooser": creator_seat(table),
        "left": None if deadline is None or proposal.status != "open" else round(max(0.0, deadline - now), 1),
        "table": None if config is None else config.id,
        "secret": None,
    }
    public = encode(body)
    told = encode({**body, "secret": config.secret}) if config is not None and config.private else public
    effects = Effects()
    for conn in table.connections if conns is None else conns:
        connection = table.connections.get(conn)
        seat = None if connection is None else table.seat_of(connection.player)
        effects.send.append((conn, told if seat is not None and seat in proposal.accepted else public))
    return effects
