"""President in the terminal: a match against bots, an all-bot match, replays, positions.

The `presidente` command calls these (`presidente rules` is `terminal.rules_page`); input comes through
`read_line`, so tests can feed it lines:

    play_match(preset, players, options=(), seed=None, bots_only=False, save=None, bot="random",
               console=None, read_line=input, hints=False, plain=False, seat=0) -> Record
        `presidente play`: you sit at `seat` unless `bots_only`; the other seats are bots. End of input
        abandons the match; `save` writes the record (JSON) even then.
    play_position(position, ...) -> State
        `presidente play --position F`: the same, from a table set up at a position; `save` writes the
        position reached (a game set up from a position has no record).
    replay(path, seat=None, show_all=False, console=None, read_line=input, plain=False) -> None
        `presidente replay F` for a President record: Enter for the next action, "a" to the end, "q" to stop,
        seen by `seat` (0 by default) or with every hand shown.
    replay_position(position, seat=None, show_all=False, bot="heuristic", ...) -> None
        `presidente replay --position F`: the table at the position, then the bots play it on, step by step.

The screen is a card table — suit symbols, hearts and diamonds in red, the trick as a row of plays by seat,
your legal plays grouped by rank — or, with `plain`, the plain ASCII of logs and screen readers. Set-up
errors (bad options, unknown preset or bot, a record that does not replay) are raised before anything is
printed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from presidente.bots.base import Bot
from presidente.bots.registry import make_bot
from presidente.cards import JOKER, CardGroup, format_cards, group_size
from presidente.errors import PresidenteError, RecordError, RulesError
from presidente.event_text import event_text
from presidente.president.actions import (
    PASS,
    PRESIDENT_RANK,
    RANK_NAMES,
    Action,
    Give,
    Join,
    Leave,
    Pass,
    Play,
    Take,
    parse_action,
)
from presidente.president.events import Event
from presidente.president.observation import Observation
from presidente.president.position import Position
from presidente.president.record import Record, record_of
from presidente.president.rules import Rules, build_rules
from presidente.president.state import Phase, State, new_game
from presidente.terminal.look import Look, long_line_error
from presidente.typed_events import president_event

ReadLine = Callable[[str], str]
PresidentBot = Bot[Observation, Action]
HUMAN_SEAT = 0
_SET_NAMES = {1: "single cards", 2: "pairs", 3: "triples"}
_MOVE_WORDS = {"pass": "passed", "skip": "skipped a turn", "skipped": "was skipped"}
_STEPS = "Enter: next action   a: run to the end   q: stop"


# ----------------------------------------------------------------- rendering


def card_strength(card: int, reversed_order: bool) -> int:
    """A card's strength in the order now in force, the joker above all."""
    if card == JOKER:
        return 13
    rank = PRESIDENT_RANK[card]
    return 12 - rank if reversed_order else rank


def hand_text(hand: CardGroup, reversed_order: bool = False, look: Look | None = None) -> str:
    """A hand weakest to strongest, a wider gap between ranks (plain letters unless a `look` is given).

    >>> from presidente.cards import parse_cards
    >>> hand_text(parse_cards("2S JK 3C 7H 7S"))
    '3C  [red]7H[/red] 7S  2S  JK'
    """
    return (look or Look(plain=True)).hand(hand, lambda card: card_strength(card, reversed_order))


def _group_strength(action: Action, reversed_order: bool) -> list[int]:
    cards = action.cards if isinstance(action, Give | Take) else ()
    return sorted((card_strength(card, reversed_order) for card, _ in cards), reverse=True)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _trick_events(observation: Observation) -> Iterator[tuple[int, str, Play | None]]:
    """The moves of the current trick, in order: (seat, event kind, the play or None)."""
    events = observation.events
    ends = [index for index, event in enumerate(events) if event.kind == "trick-end"]
    plays = iter(observation.trick)  # the plays since the last trick ended, in order
    for event in events[ends[-1] + 1 if ends else 0 :]:
        if event.seat is None:
            continue
        if event.kind == "play":
            played = next(plays, None)
            yield event.seat, "play", played[1] if played else None
        elif event.kind in _MOVE_WORDS:
            yield event.seat, event.kind, None


def _trick_moves(observation: Observation) -> dict[int, str]:
    """What each seat last did in the current trick: its play, "passed" or "skipped"."""
    moves: dict[int, str] = {}
    for seat, kind, play in _trick_events(observation):
        moves[seat] = (str(play) if play else "?") if kind == "play" else _MOVE_WORDS[kind]
    return moves


def _status(observation: Observation, seat: int) -> str:
    view = observation.seats[seat]
    if seat in observation.finished:
        return f"out, {ordinal(observation.finished.index(seat) + 1)}"
    if seat in observation.out:
        return "out, ranked last (illegal finish)"
    if view.finished:
        return "downfall, ranked last"
    if not view.present:
        return "left"
    if not view.in_round:
        return "waiting"
    if view.passed:
        return "passed (out of this trick)"
    return "[bold]to move[/bold]" if observation.current_player == seat else ""


def _seat_table(state: State, names: Sequence[str], viewer: int | None, show_all: bool, look: Look) -> Table:
    observation = state.observation(viewer)
    scoring = "credit" if state.rules.scoring == "credit" else "score"
    table = look.table(title=look.text(f"Round {state.round_number} · {state.rules.name}"), title_justify="left")
    columns = ("seat", "player", "cards", "role", "status", *(("this trick",) if look.plain else ()), scoring)
    for column in columns:
        table.add_column(column, justify="right" if column in ("seat", "cards", scoring) else "left")
    if show_all:
        table.add_column("hand")
    any_role = any(view.role != "neutral" for view in observation.seats)
    moves = _trick_moves(observation)
    for view in observation.seats:
        seat = view.seat
        row = [
            (look.mark if observation.current_player == seat else "") + str(seat),
            names[seat],
            str(view.hand_size),
            view.title if any_role else "",
            _status(observation, seat),
            *((moves.get(seat, ""),) if look.plain else ()),
            str(view.score),
        ]
        if show_all:
            row.append(hand_text(state.observation(seat).hand, observation.reversed, look))
        table.add_row(*row)
    return table


def _trick_row(observation: Observation, names: Sequence[str], look: Look) -> Table | None:
    """The trick as a row of plays by seat: a column per seat in the round, its moves in this trick (the play
    on top in bold), the seat to move marked."""
    if observation.phase != Phase.PLAY or observation.current_player is None:
        return None
    moves: dict[int, list[str]] = {}
    top = observation.trick[-1] if observation.trick else None
    for seat, kind, play in _trick_events(observation):
        if kind != "play":
            moves.setdefault(seat, []).append(_MOVE_WORDS[kind])
        elif play is not None:
            shown = look.text(str(play))
            moves.setdefault(seat, []).append(f"[bold]{shown}[/bold]" if top == (seat, play) else shown)
    if observation.trick:
        kind = _SET_NAMES.get(observation.trick_size, f"sets of {observation.trick_size}")
        title = f"Trick ({kind})"
    else:
        title = f"Trick: empty — {names[observation.current_player]} leads"
    table = Table(title=title, title_justify="left")
    seats = [view for view in observation.seats if view.in_round]
    for view in seats:
        mark = "▶ " if view.seat == observation.current_player else ""
        table.add_column(mark + names[view.seat], justify="center")
    cells = []
    for view in seats:
        seat = view.seat
        if seat in moves:
            cells.append(" · ".join(moves[seat]))
        elif seat == observation.current_player:
            cells.append("[bold]to move[/bold]")
        elif observation.seats[seat].finished or seat in observation.finished or seat in observation.out:
            cells.append("[dim]out[/dim]")
        else:
            cells.append("")
    table.add_row(*cells)
    return table


def _effects(observation: Observation, names: Sequence[str], look: Look) -> list[str]:
    """The pile (plain look) and every rule in force right now, one line each."""
    lines: list[str] = []
    if observation.phase == Phase.PLAY and look.plain:
        if observation.trick:
            plays = look.text("  →  ".join(f"{names[seat]}: {play}" for seat, play in observation.trick))
            kind = _SET_NAMES.get(observation.trick_size, f"sets of {observation.trick_size}")
            lines.append(f"Pile ({kind}): [bold]{plays}[/bold]")
        elif observation.current_player is not None:
            lines.append(look.text(f"Pile: empty — {names[observation.current_player]} leads a new trick."))
    if observation.reversed:
        lines.append("[magenta]Revolution: the order is reversed, 3 is the highest rank and 2 the lowest.[/magenta]")
    if observation.obligation and observation.current_player is not None:
        must = _obligation_words(names[observation.current_player], observation.obligation)
        lines.append(f"[yellow]The last play was equalled: {must}[/yellow]")
    if observation.must_include:
        lines.append(f"[yellow]The first trick starts with the special {look.text(observation.must_include)}.[/yellow]")
    if observation.draft_placed:
        lines.append(f"Draft: you put down {look.text(format_cards(observation.draft_placed))}.")
    if observation.draft_pool and observation.phase == Phase.DRAFT_PICK:
        lines.append(f"Draft pool, face up: [bold]{hand_text(observation.draft_pool, look=look)}[/bold]")
    return lines


def show_view(
    console: Console, state: State, names: Sequence[str], viewer: int | None, show_all: bool, look: Look | None = None
) -> None:
    """The table as `viewer` sees it (or, with `show_all`, every hand: replays of finished games)."""
    look = look or Look()
    observation = state.observation(viewer)
    console.print(_seat_table(state, names, viewer, show_all, look))
    trick = None if look.plain else _trick_row(observation, names, look)
    if trick is not None:
        console.print(trick)
    for line in _effects(observation, names, look):
        console.print(line)
    if viewer is not None and not show_all:
        size = _cards_count(group_size(observation.hand))
        console.print(f"Your hand ({size}): [bold]{hand_text(observation.hand, observation.reversed, look)}[/bold]")


class EventFeed:
    """The events of a state that were not read yet, across round boundaries.

    A new round replaces the state's event list, so the old list is kept until its last events are read.
    """

    def __init__(self, state: State) -> None:
        self._events = state.events
        self._read = 0

    def take(self, state: State) -> list[Event]:
        fresh = self._events[self._read :]
        if state.events is not self._events:
            self._events = state.events
            fresh += self._events
        self._read = len(self._events)
        return fresh


class _Screen:
    """What a match or a replay prints as it goes: events, round results, the match result."""

    def __init__(self, console: Console, state: State, names: Sequence[str], look: Look) -> None:
        self.console, self.names, self.look = console, names, look
        self.rounds_shown = len(state.results)

    def report(
        self,
        events: Iterable[Event],
        state: State,
        viewer: int | None,
        prefix: str = "  · ",
        show_all: bool = False,
        quiet: bool = False,
    ) -> None:
        """Print events as `viewer` knows them (every secret with `show_all`: public replays) and each round's
        result where it ends; only the results when `quiet`."""
        console, names = self.console, self.names
        for event in events:
            if event.kind == "round-end":
                self.rounds_shown += 1
                console.print(f"[bold]{_round_result(state, names, self.rounds_shown)}[/bold]")
                console.print(_scores_line(state, names))
            elif not quiet:
                # Read each secret event as one of the seats allowed to see it when everything is shown.
                reader = (event.secret_for[0] if event.secret_for else None) if show_all else viewer
                console.print(self.look.text(prefix + event_text(president_event(event, reader))))


def _round_result(state: State, names: Sequence[str], number: int) -> str:
    order = state.results[number - 1]
    places = ", ".join(f"{ordinal(place)} {names[seat]}" for place, seat in enumerate(order, 1))
    return f"Round {number}: {places}"


def _scores_line(state: State, names: Sequence[str]) -> str:
    word = "Credit" if state.rules.scoring == "credit" else "Scores"
    return f"{word}: " + ", ".join(f"{names[seat]}: {score}" for seat, score in enumerate(state.scores))


def _match_result(state: State, names: Sequence[str]) -> str:
    winners = state.winners_of_match()
    unit = "credit" if state.rules.scoring == "credit" else "points"
    who = " and ".join(names[seat] for seat in winners)
    label = "Winner" if len(winners) == 1 else "Winners (tied)"
    return f"[bold green]{label}: {who} with {state.scores[winners[0]]} {unit}.[/bold green]"


# ----------------------------------------------------------------- a match


_PHASE_PROMPTS = {
    Phase.EXCHANGE: "Card transfer: choose {} to give away.",
    Phase.DRAFT_PLACE: "Draft: choose {} to put down, face down.",
    Phase.DRAFT_PICK: "Draft: choose {} to take from the pool.",
}


def _cards_count(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _prompt(state: State, legal: Sequence[Action], names: Sequence[str], look: Look) -> str:
    """What the seat to move may do now, in words; where an equal play is offered, what it does."""
    observation = state.observation(state.current_player)
    first = legal[0]
    if isinstance(first, Give | Take):
        count = _cards_count(group_size(first.cards))
        if state.owed is not None:  # 7 give, 10 discard: cards owed after a play
            if state.owed.receiver is None:
                return f"Discard {count} face up (you played 10s): type 'discard' and the cards, or a number."
            return f"Give {count} to {names[state.owed.receiver]} (you played 7s): type 'give' and the cards."
        return _PHASE_PROMPTS[Phase(observation.phase)].format(count)
    if not observation.trick:
        sequence = ", or a sequence of one suit (3H 4H 5H)" if observation.rules.sequences else ""
        return f"You lead: play one or more cards of one rank (jokers may join them){sequence}."
    plays = [action for action in legal if isinstance(action, Play)]
    equal = [play for play in plays if _equals_top(state, play)]
    verb = ("Beat or equal" if len(equal) < len(plays) else "Equal") if equal else "Beat"
    top = look.text(str(observation.trick[-1][1]))
    prompt = f"{verb} {top} ({_cards_count(observation.trick_size)}), or {_pass_words(observation.obligation)}."
    return f"{prompt} {_equal_play_effect(state, equal, names, look)}" if equal else prompt


def _equals_top(state: State, play: Play) -> bool:
    """Does `play` equal the trick's top (the same key and size on the engine's scale), rather than beat it?"""
    if play.sequence:
        return False
    return state.shape_key(play.rank, play.size, play.jokers) == state.top_key and play.size == state.top_size


def _pass_words(obligation: str | None) -> str:
    """What passing is when the last play was equalled (`obligation`): a skipped turn under "or-skip"."""
    return "pass (you skip a turn)" if obligation == "or-skip" else "pass"


def _obligation_words(who: str, obligation: str) -> str:
    then = "skip a turn" if obligation == "or-skip" else "pass"
    return f"{who} must play the same again, or {then}."


def _equal_play_effect(state: State, equal: Sequence[Play], names: Sequence[str], look: Look) -> str:
    """What an equal play does here, as the engine plays the first of them on a copy: the events it causes (a seat
    skipped, the trick won) and the obligation it leaves; the rules are the engine's, never re-derived here."""
    seat = state.current_player
    trial = state.clone()
    events = trial.events
    before = len(events)
    trial.apply(equal[0], seat)
    shown = ", ".join(look.text(str(play)) for play in equal[:3]) + (", ..." if len(equal) > 3 else "")
    if trial.events is not events or trial.round_number != state.round_number:
        return f"An equal play ({shown}) is allowed."
    said = [event_text(president_event(event, seat)) for event in events[before:] if event.kind != "play"]
    if trial.obligation is not None and trial.current_player is not None:
        said.append(_obligation_words(names[trial.current_player], trial.obligation))
    return f"An equal play ({shown}): " + (" ".join(look.text(text) for text in said) or "it becomes the top.")


def _help(console: Console, rules: Rules, look: Look) -> None:
    """How to type a move, naming only what this table's rules have."""
    jokers = "; JK is a joker" if rules.jokers_per_deck else ""
    lines = [
        f"Type a move's number, or the move itself: cards like '7H 7S' (rank then suit, {look.suits}, any case"
        f"{jokers}), or 'pass'."
    ]
    if rules.exchange == "trade":
        lines.append("In the card transfer: 'give' and the cards, like 'give 3C 4D'.")
    elif rules.exchange == "draft":
        lines.append("In the draft: 'give 3C 4D' to put cards down, 'take 9S KD' to pick them up.")
    if rules.seven_give or rules.ten_discard:
        lines.append("After a play that owes cards: 'give 3C' (7 give) or 'discard 3C' (10 discard).")
    if rules.jokers_per_deck and rules.joker_mode == "wild":
        lines.append("Jokers alone stand for a rank: 'JK=7' (or 'JK as 7').")
    if rules.jokers_per_deck and rules.joker_suits:
        lines.append("A joker beside natural cards names its card: 'JK=9H 9S'.")
    if rules.sequences:
        ends = " ('JK=<3S' below the 3, 'JK=>2S' above the 2)" if rules.sequence_joker_ends else ""
        joker = f"; a joker in one names its card, like '3H 4H JK=5H'{ends}" if rules.jokers_per_deck else ""
        lines.append(f"A sequence is cards of one suit in a row, like '3H 4H 5H'{joker}.")
    lines.append("End of input (Ctrl-D) stops the match.")
    console.print("\n".join(lines))


def _by_rank(legal: Sequence[Action], reversed_order: bool) -> list[tuple[str, list[Action]]]:
    """Legal plays grouped by rank, weakest first in the order now in force; a pass first, jokers alone last.
    A sequence goes by its first rank: one whose joker lies below the 3 (`sequence_joker_ends`) starts at rank -1,
    shown as "<3", the weakest of all (the strongest in a revolution)."""
    # Strengths run from -1 (below the 3) to 13 (below the 3, reversed): the pass and the jokers alone lie outside.
    pass_key, jokers_key = -2, 14
    groups: dict[int, list[Action]] = {}
    for action in legal:
        if isinstance(action, Play) and action.rank is not None:
            strength = 12 - action.rank if reversed_order else action.rank
            groups.setdefault(strength, []).append(action)
        else:
            groups.setdefault(pass_key if action == PASS else jokers_key, []).append(action)
    labels = {pass_key: "", jokers_key: "JK"}

    def rank_label(strength: int) -> str:
        rank = 12 - strength if reversed_order else strength
        return "<3" if rank < 0 else RANK_NAMES[rank]

    return [
        (labels[strength] if strength in labels else rank_label(strength), group)
        for strength, group in sorted(groups.items())
    ]


def _list_moves(console: Console, observation: Observation, legal: list[Action], look: Look) -> list[Action]:
    """Print the moves, numbered; returns them in the order of their numbers."""
    if look.plain or not isinstance(legal[0], Play | Pass):
        items = [f"[cyan]{number:>2}[/cyan]) {look.text(str(action))}" for number, action in enumerate(legal, 1)]
        console.print(Columns(items, padding=(0, 3)))
        return legal
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold")
    grid.add_column()
    ordered: list[Action] = []
    for label, actions in _by_rank(legal, observation.reversed):
        cells = []
        for action in actions:
            ordered.append(action)
            cells.append(f"[cyan]{len(ordered):>2}[/cyan]) {look.text(str(action))}")
        grid.add_row(label, "   ".join(cells))
    console.print(grid)
    return ordered


def ask_move(
    console: Console,
    state: State,
    seat: int,
    read_line: ReadLine,
    hints: bool = False,
    look: Look | None = None,
    names: Sequence[str] | None = None,
) -> Action:
    """Prompt until the line is a legal move (by number or by text); a bad entry is explained, never fatal.
    With `hints`, typing 'hint' shows what the strongest bot would play, and why."""
    look = look or Look()
    names = names or [f"Seat {other}" for other in range(state.seats)]
    observation = state.observation(seat)
    legal = state.offered_actions()
    if isinstance(legal[0], Give | Take):  # card choices read weakest first, like the hand
        legal.sort(key=lambda action: _group_strength(action, observation.reversed))
    console.print(_prompt(state, legal, names, look))
    legal = _list_moves(console, observation, legal, look)
    while True:
        line = read_line("> ").strip()
        if line.lower() in ("?", "help", ""):
            _help(console, state.rules, look)
            if hints:
                console.print("Type 'hint' to see what the strongest bot would play.")
            continue
        too_long = long_line_error(line)
        if too_long:
            console.print(f"[red]{escape(too_long)}[/red]")
            continue
        if not hints and line.lower() == "hint":
            console.print("[red]Hints are off: start the match with --hint to ask for them.[/red]")
            continue
        if hints and line.lower() == "hint":
            from presidente.bots.hint import hint

            advice = hint(observation, legal, rules=state.rules, rng=random.Random(len(state.history)))
            console.print(look.text(f"[green]Hint: {advice.action}[/green] — {advice.reason}"))
            continue
        if line.isdigit():
            if 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            console.print(f"[red]Choose a number from 1 to {len(legal)}.[/red]")
            continue
        try:
            action = parse_action(_joker_rank_spelling(line), sequences=state.rules.sequences)
            if isinstance(action, Leave | Join):
                console.print("[red]Leaving and joining are table actions; end the input (Ctrl-D) to stop.[/red]")
                continue
            if action not in legal:
                state.clone().apply(action, seat)  # a copy explains why, or accepts an unlisted spelling
        except PresidenteError as error:
            console.print(f"[red]{escape(look.text(str(error)) if look.plain else str(error))}[/red]")
            continue
        return action


def _joker_rank_spelling(line: str) -> str:
    """Read "JK as 7" as "JK=7" (a rank after "as"; "JK AS" alone is the joker with the ace of spades).

    >>> _joker_rank_spelling("jk jk as 7"), _joker_rank_spelling("JK AS")
    ('jk jk=7', 'JK AS')
    """
    words = line.split()
    if len(words) >= 3 and words[-2].lower() == "as":
        return f"{' '.join(words[:-2])}={words[-1]}"
    return line


def _player_names(players: int, bots: dict[int, PresidentBot]) -> list[str]:
    # Event texts name seats ("Seat 2 plays 7H."), so the players are named by their seats too.
    return [f"Seat {seat}" if seat in bots else f"Seat {seat} (you)" for seat in range(players)]


def _check_bot(bot: str, rules: Rules) -> None:
    try:
        make_bot(bot, "president", rules)
    except ValueError as error:
        raise RulesError(str(error)) from error


def play_match(
    preset: str = "bga",
    players: int = 4,
    options: Sequence[str] = (),
    seed: int | None = None,
    bots_only: bool = False,
    save: Path | None = None,
    bot: str = "random",
    console: Console | None = None,
    read_line: ReadLine = input,
    hints: bool = False,
    plain: bool = False,
    seat: int = HUMAN_SEAT,
) -> Record:
    """Play a match at the terminal (or among bots only) and return its record; see the module docstring."""
    rules = build_rules(preset, options)
    _check_bot(bot, rules)
    # The operating system picks a seed only when none is given; it is shown and written in the record.
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    state = new_game(rules, players, seed)
    _check_seat(seat, players)
    console = console or Console()
    look = Look(plain)
    console.print(look.text(f"[bold]President[/bold] ({rules.name}) — {players} players, {bot} bots, seed {seed}."))
    names = _play(state, bots_only, bot, console, read_line, hints, look, seat)
    record = record_of(state, tuple(names))
    if save is not None:
        save.write_text(record.to_json() + "\n", encoding="utf-8")
        console.print(f"Saved to {save}.")
    return record


def play_position(
    position: Position,
    bots_only: bool = False,
    save: Path | None = None,
    bot: str = "random",
    console: Console | None = None,
    read_line: ReadLine = input,
    hints: bool = False,
    plain: bool = False,
    seat: int = HUMAN_SEAT,
) -> State:
    """Play on from a position (you at `seat` unless `bots_only`) and return the final state; `save` writes
    the position reached."""
    state = State.from_position(position)
    _check_bot(bot, state.rules)
    _check_seat(seat, state.seats)
    console = console or Console()
    look = Look(plain)
    console.print(
        look.text(
            f"[bold]President[/bold] ({state.rules.name}) from a position — round {state.round_number}, "
            f"{state.seats} players, {bot} bots."
        )
    )
    _play(state, bots_only, bot, console, read_line, hints, look, seat)
    if save is not None:
        save.write_text(state.to_position().to_json() + "\n", encoding="utf-8")
        console.print(f"Position saved to {save}.")
    return state


def _check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise RulesError(f"This table has seats 0 to {players - 1}, not {seat}.")


def _play(
    state: State,
    bots_only: bool,
    bot: str,
    console: Console,
    read_line: ReadLine,
    hints: bool,
    look: Look,
    human: int,
) -> list[str]:
    """The match loop, from `state` to the end or to the end of input; returns the players' names."""
    players = state.seats
    bots: dict[int, PresidentBot] = {
        s: make_bot(bot, "president", state.rules) for s in range(players) if bots_only or s != human
    }
    rngs = {seat: random.Random(f"{state.seed}:president-bot:{seat}") for seat in bots}
    names = _player_names(players, bots)
    screen = _Screen(console, state, names, look)
    feed = EventFeed(state)
    pending = feed.take(state)
    if not bots_only:
        console.print(f"You are seat {human}. Type 'help' at any prompt; end of input (Ctrl-D) stops the match.")
        if hints:
            console.print("Type 'hint' at your turn to see what the strongest bot would play.")
    try:
        while not state.is_over and state.current_player is not None:
            seat = state.current_player
            legal = state.offered_actions()
            if seat in bots:
                action = bots[seat].choose(state.observation(seat), legal, rngs[seat]).action
            elif legal == [PASS]:
                action = PASS  # nothing beats the pile: do not make the player type it
                screen.report(pending, state, seat)
                pending = []
                top = look.text(str(state.observation(seat).trick[-1][1]))
                console.print(f"Nothing in your hand beats {top}: you pass.")
            else:
                look.rule(console)
                screen.report(pending, state, seat)
                pending = []
                show_view(console, state, names, seat, show_all=False, look=look)
                action = ask_move(console, state, seat, read_line, hints, look, names)
            state.apply(action, seat)
            pending += feed.take(state)
            ends = [index for index, event in enumerate(pending) if event.kind == "round-end"]
            if ends:  # a round is over: tell what happened up to its end, then its result
                done, pending = pending[: ends[-1] + 1], pending[ends[-1] + 1 :]
                screen.report(done, state, human, quiet=bots_only)
    except (EOFError, KeyboardInterrupt):
        console.print("\nMatch abandoned.")
    if state.is_over:
        console.print(_match_result(state, names))
    return names


# ----------------------------------------------------------------- replay


def load_record(path: Path) -> Record:
    return Record.from_json(read_text(path))


def load_position(path: Path) -> Position:
    return Position.from_json(read_text(path))


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"Cannot read {path}: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise RecordError(f"{path} is not a text file.") from error


def replay(
    path: Path,
    seat: int | None = None,
    show_all: bool = False,
    console: Console | None = None,
    read_line: ReadLine = input,
    plain: bool = False,
) -> None:
    """Step through a saved match as `seat` (0 by default) sees it, or with every hand (`show_all`)."""
    record = load_record(path)
    record.final_state()  # a record that does not replay is refused before anything is printed
    viewer = 0 if seat is None else seat
    if not 0 <= viewer < record.players:
        raise RecordError(f"This match has seats 0 to {record.players - 1}, not {viewer}.")
    console = console or Console()
    names = list(record.names) if len(record.names) == record.players else [f"Seat {s}" for s in range(record.players)]
    total = len(record.actions)
    whose = "every hand shown" if show_all else f"seen by seat {viewer} ({names[viewer]})"
    console.print(
        f"Replay of {path}: {record.rules.name}, {record.players} players, seed {record.seed}, "
        f"{total} actions, {whose}."
    )
    console.print(_STEPS)
    state = new_game(record.rules, record.players, record.seed)
    moves = ((actor, parse_action(text)) for actor, text in record.actions)
    finished = _step_through(state, moves, total, names, viewer, show_all, console, read_line, Look(plain))
    if finished and not state.is_over:
        console.print("The record ends before the match does.")


def replay_position(
    position: Position,
    seat: int | None = None,
    show_all: bool = False,
    bot: str = "heuristic",
    console: Console | None = None,
    read_line: ReadLine = input,
    plain: bool = False,
) -> None:
    """The table at a position as `seat` (0 by default) sees it, or every hand; then `bot` bots play it on,
    one action per Enter ("a": to the end, "q": stop)."""
    state = State.from_position(position)
    _check_bot(bot, state.rules)
    viewer = 0 if seat is None else seat
    _check_seat(viewer, state.seats)
    console = console or Console()
    names = [f"Seat {s}" for s in range(state.seats)]
    whose = "every hand shown" if show_all else f"seen by seat {viewer}"
    console.print(
        f"Position: {state.rules.name}, {state.seats} players, round {state.round_number}, {whose}; {bot} bots play on."
    )
    console.print(_STEPS)
    bots = {s: make_bot(bot, "president", state.rules) for s in range(state.seats)}
    rngs = {s: random.Random(f"{state.seed}:president-bot:{s}") for s in range(state.seats)}

    def bot_moves() -> Iterator[tuple[int | None, Action]]:
        while not state.is_over and state.current_player is not None:
            mover = state.current_player
            legal = state.offered_actions()
            yield mover, bots[mover].choose(state.observation(mover), legal, rngs[mover]).action

    _step_through(state, bot_moves(), None, names, viewer, show_all, console, read_line, Look(plain))


def _step_through(
    state: State,
    moves: Iterator[tuple[int | None, Action]],
    total: int | None,
    names: Sequence[str],
    viewer: int,
    show_all: bool,
    console: Console,
    read_line: ReadLine,
    look: Look,
) -> bool:
    """Show the table, then apply `moves` one per Enter ("a": the rest at once, "q" or end of input: stop).
    Returns whether every move was made."""
    screen = _Screen(console, state, names, look)
    feed = EventFeed(state)
    running = False
    for number, (actor, action) in enumerate(moves, start=1):
        if not running:
            look.rule(console)
            show_view(console, state, names, viewer, show_all, look)
            try:
                answer = read_line(f"[{number}/{total if total is not None else '…'}] > ").strip().lower()
            except EOFError:
                return False
            if answer == "q":
                return False
            running = answer == "a"
        state.apply(action, actor)
        screen.report(feed.take(state), state, viewer, f"{number:>4}. ", show_all)
    if state.is_over:
        console.print(_match_result(state, names))
    return True
