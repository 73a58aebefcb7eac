"""President in the terminal: the rules listing, a match against bots, an all-bot match, replays.

The `presidente` command calls these; input comes through `read_line`, so tests can feed it lines:

    build_rules(preset, options) -> Rules
        A preset with `key=value` options, each value read by the option's declared kind (yes/no: on/off,
        true/false, yes/no, 1/0; lists as comma lists). Raises RulesError naming the option.
    show_rules(console) and show_preset(console, name)
        `presidente rules [PRESET]`.
    play_match(preset, players, options=(), seed=None, bots_only=False, save=None, bot="random",
               console=None, read_line=input) -> Record
        `presidente play`: you sit at seat 0 unless `bots_only`; the other seats are bots. End of input
        abandons the match; `save` writes the record (JSON) even then.
    replay(path, seat=None, show_all=False, console=None, read_line=input) -> None
        `presidente replay F` for a President record: Enter for the next action, "a" to the end, "q" to stop,
        seen by `seat` (0 by default) or with every hand shown.

Set-up errors (bad options, unknown preset or bot, a record that does not replay) are raised before
anything is printed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.table import Table

from presidente.bots.base import Bot
from presidente.bots.registry import make_bot
from presidente.cards import JOKER, CardGroup, card_text, format_cards, group_size
from presidente.errors import PresidenteError, RecordError, RulesError
from presidente.options import BOOL, CHOICE, NAME_LIST, WHOLE, WHOLE_LIST, OptionSpec, shown
from presidente.president.actions import PASS, PRESIDENT_RANK, Action, Give, Join, Leave, Take, parse_action
from presidente.president.events import Event
from presidente.president.observation import Observation, describe_event
from presidente.president.record import Record, record_of
from presidente.president.rules import PRESETS, Rules, find_preset, option_meanings, option_specs
from presidente.president.state import Phase, State, new_game

ReadLine = Callable[[str], str]
PresidentBot = Bot[Observation, Action]
HUMAN_SEAT = 0
_TRUE = ("on", "true", "1", "yes")
_FALSE = ("off", "false", "0", "no")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
_SET_NAMES = {1: "single cards", 2: "pairs", 3: "triples"}
_MOVE_WORDS = {"pass": "passed", "skip": "skipped a turn", "skipped": "was skipped"}
_STEPS = "Enter: next action   a: run to the end   q: stop"


# ----------------------------------------------------------------- rules and options


def _show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def parse_option(text: str) -> tuple[str, Any]:
    """One `key=value` option, its value read by the option's declared kind and checked against it.

    Yes/no options read on/off, true/false, yes/no or 1/0; choices any case; lists are comma-separated.

    >>> parse_option("eight_rule=on"), parse_option("decks=2"), parse_option("credit_changes=5,0,-5,-10,-15")
    (('eight_rule', True), ('decks', 2), ('credit_changes', (5, 0, -5, -10, -15)))
    >>> parse_option("credit_changes=5, 0, x, -10, -15")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    presidente.errors.RulesError: credit_changes must give five numbers, each a whole number from ...; item 3 is 'x'.
    """
    name, equals, value = text.partition("=")
    name, value = name.strip().replace("-", "_"), value.strip()
    if not equals or not name:
        raise RulesError(f"Write an option as key=value, like equalize=disallow, not {shown(text)}.")
    specs = {spec.name: spec for spec in option_specs()}
    if name not in specs:
        raise RulesError(f"Unknown option {shown(name)}: `presidente rules` lists every option.")
    spec = specs[name]
    return name, spec.check(_read_value(spec, value))


def _read_value(spec: OptionSpec, text: str) -> Any:
    """The text as the value its kind takes; text that is no such value is left for the check to refuse."""
    if spec.kind == BOOL:
        if text.lower() not in (*_TRUE, *_FALSE):
            raise RulesError(f"{spec.name} is on or off (also true/false, yes/no, 1/0), not {shown(text)}.")
        return text.lower() in _TRUE
    if spec.kind == WHOLE:
        return _whole_number(text)
    if spec.kind == CHOICE:
        return next((choice for choice in spec.choices if choice == text.lower()), text)
    if spec.kind == WHOLE_LIST:
        return [_whole_number(item.strip()) for item in text.split(",")]
    if spec.kind == NAME_LIST:
        return [item.strip() for item in text.split(",")]
    return text


def _whole_number(text: str) -> int | str:
    # At most 30 digits: no option takes more, and Python refuses to read over 4,300.
    return int(text) if _WHOLE_NUMBER.fullmatch(text) else text


def build_rules(preset: str, options: Iterable[str] = ()) -> Rules:
    """The preset's rules with `key=value` options applied (the Rules checks run on the result)."""
    changes = dict(parse_option(text) for text in options)
    return find_preset(preset).replace(**changes)


def show_rules(console: Console) -> None:
    presets = Table(title="Presets", title_justify="left")
    for column in ("preset", "aliases", "seed file", "description"):
        presets.add_column(column)
    for preset in PRESETS.values():
        presets.add_row(preset.name, ", ".join(preset.aliases), preset.seed_file, preset.description)
    console.print(presets)
    options = Table(title="Options (set with --option key=value)", title_justify="left")
    options.add_column("option", no_wrap=True)
    options.add_column("meaning", ratio=2)
    options.add_column("values", ratio=1)
    options.add_column("seed", no_wrap=True)
    for spec in option_specs():
        options.add_row(spec.name, spec.meaning, spec.allowed(), spec.seed)
    console.print(options)
    console.print("`presidente rules PRESET` shows every option's value in a preset.")


def show_preset(console: Console, name: str) -> None:
    rules = find_preset(name)
    preset = PRESETS[rules.name]
    console.print(f"[bold]{preset.name}[/bold] (seed {preset.seed_file}): {preset.description}")
    if preset.aliases:
        console.print(f"Also called: {', '.join(preset.aliases)}")
    table = Table()
    table.add_column("option")
    table.add_column("value")
    for option, _meaning, _seed in option_meanings():
        table.add_row(option, _show_value(getattr(rules, option)))
    console.print(table)


# ----------------------------------------------------------------- rendering


def _card_strength(card: int, reversed_order: bool) -> int:
    if card == JOKER:
        return 13
    rank = PRESIDENT_RANK[card]
    return 12 - rank if reversed_order else rank


def _coloured(card: int) -> str:
    text = card_text(card)
    return f"[red]{text}[/red]" if text[-1] in "HD" else text


def hand_text(hand: CardGroup, reversed_order: bool = False) -> str:
    """A hand weakest to strongest, a wider gap between ranks, hearts and diamonds in red.

    >>> from presidente.cards import parse_cards
    >>> hand_text(parse_cards("2S JK 3C 7H 7S"))
    '3C  [red]7H[/red] 7S  2S  JK'
    """
    ordered = sorted(hand, key=lambda pair: (_card_strength(pair[0], reversed_order), pair[0]))
    words: list[str] = []
    previous: int | None = None
    for card, count in ordered:
        strength = _card_strength(card, reversed_order)
        if previous is not None and strength != previous:
            words.append(" ")
        words.append(" ".join([_coloured(card)] * count) if count <= 4 else f"{_coloured(card)}x{count}")
        previous = strength
    return " ".join(words).replace("   ", "  ") or "-"


def _group_strength(action: Action, reversed_order: bool) -> list[int]:
    cards = action.cards if isinstance(action, Give | Take) else ()
    return sorted((_card_strength(card, reversed_order) for card, _ in cards), reverse=True)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _trick_moves(observation: Observation) -> dict[int, str]:
    """What each seat last did in the current trick: its play, "passed" or "skipped"."""
    events = observation.events
    ends = [index for index, event in enumerate(events) if event.kind == "trick-end"]
    plays = iter(observation.trick)  # the plays since the last trick ended, in order
    moves: dict[int, str] = {}
    for event in events[ends[-1] + 1 if ends else 0 :]:
        if event.seat is None:
            continue
        if event.kind == "play":
            moves[event.seat] = str(next(plays, (event.seat, "?"))[1])
        elif event.kind in _MOVE_WORDS:
            moves[event.seat] = _MOVE_WORDS[event.kind]
    return moves


def _status(observation: Observation, seat: int) -> str:
    view = observation.seats[seat]
    if seat in observation.finished:
        return f"out, {_ordinal(observation.finished.index(seat) + 1)}"
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


def _seat_table(state: State, names: Sequence[str], viewer: int | None, show_all: bool) -> Table:
    observation = state.observation(viewer)
    scoring = "credit" if state.rules.scoring == "credit" else "score"
    table = Table(title=f"Round {state.round_number} · {state.rules.name}", title_justify="left")
    for column in ("seat", "player", "cards", "role", "status", "this trick", scoring):
        table.add_column(column, justify="right" if column in ("seat", "cards", scoring) else "left")
    if show_all:
        table.add_column("hand")
    any_role = any(view.role != "neutral" for view in observation.seats)
    moves = _trick_moves(observation)
    for view in observation.seats:
        seat = view.seat
        row = [
            ("▶ " if observation.current_player == seat else "") + str(seat),
            names[seat],
            str(view.hand_size),
            view.title if any_role else "",
            _status(observation, seat),
            moves.get(seat, ""),
            str(view.score),
        ]
        if show_all:
            row.append(hand_text(state.observation(seat).hand, observation.reversed))
        table.add_row(*row)
    return table


def _effects(observation: Observation, names: Sequence[str]) -> list[str]:
    """The pile and every rule in force right now, one line each."""
    lines: list[str] = []
    if observation.phase == Phase.PLAY:
        if observation.trick:
            plays = "  →  ".join(f"{names[seat]}: {play}" for seat, play in observation.trick)
            kind = _SET_NAMES.get(observation.trick_size, f"sets of {observation.trick_size}")
            lines.append(f"Pile ({kind}): [bold]{plays}[/bold]")
        elif observation.current_player is not None:
            lines.append(f"Pile: empty — {names[observation.current_player]} leads a new trick.")
    if observation.reversed:
        lines.append("[magenta]Revolution: the order is reversed, 3 is the highest rank and 2 the lowest.[/magenta]")
    if observation.obligation and observation.current_player is not None:
        who = names[observation.current_player]
        then = "skip a turn" if observation.obligation == "or-skip" else "pass"
        lines.append(f"[yellow]The last play was equalled: {who} must play the same again, or {then}.[/yellow]")
    if observation.must_include:
        lines.append(f"[yellow]The first trick starts with the special {observation.must_include}.[/yellow]")
    if observation.draft_placed:
        lines.append(f"Draft: you put down {format_cards(observation.draft_placed)}.")
    if observation.draft_pool and observation.phase == Phase.DRAFT_PICK:
        lines.append(f"Draft pool, face up: [bold]{hand_text(observation.draft_pool)}[/bold]")
    return lines


def show_view(console: Console, state: State, names: Sequence[str], viewer: int | None, show_all: bool) -> None:
    """The table as `viewer` sees it (or, with `show_all`, every hand: replays of finished games)."""
    observation = state.observation(viewer)
    console.print(_seat_table(state, names, viewer, show_all))
    for line in _effects(observation, names):
        console.print(line)
    if viewer is not None and not show_all:
        size = _cards_count(group_size(observation.hand))
        console.print(f"Your hand ({size}): [bold]{hand_text(observation.hand, observation.reversed)}[/bold]")


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


def _report(
    console: Console,
    events: Iterable[Event],
    state: State,
    names: Sequence[str],
    viewer: int | None,
    rounds_shown: int,
    prefix: str = "  · ",
    show_all: bool = False,
    quiet: bool = False,
) -> int:
    """Print events as `viewer` knows them (every secret with `show_all`: public replays) and each round's
    result where it ends; only the results when `quiet`. Returns the number of rounds announced so far."""
    for event in events:
        if event.kind == "round-end":
            rounds_shown += 1
            console.print(f"[bold]{_round_result(state, names, rounds_shown)}[/bold]")
            console.print(_scores_line(state, names))
        elif not quiet:
            # Read each secret event as one of the seats allowed to see it when everything is shown.
            reader = (event.secret_for[0] if event.secret_for else None) if show_all else viewer
            console.print(prefix + describe_event(event, reader))
    return rounds_shown


def _round_result(state: State, names: Sequence[str], number: int) -> str:
    order = state.results[number - 1]
    places = ", ".join(f"{_ordinal(place)} {names[seat]}" for place, seat in enumerate(order, 1))
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


def _prompt(observation: Observation, legal: Sequence[Action]) -> str:
    first = legal[0]
    if isinstance(first, Give | Take):
        return _PHASE_PROMPTS[Phase(observation.phase)].format(_cards_count(group_size(first.cards)))
    if not observation.trick:
        return "You lead: play one or more cards of one rank (jokers may join them)."
    return f"Beat {observation.trick[-1][1]} ({_cards_count(observation.trick_size)}), or pass."


def _help(console: Console) -> None:
    console.print(
        "Type a move's number, or the move itself: cards like '7H 7S' (rank then suit C D H S; JK is a joker),\n"
        "'pass', 'give 3C 4D' in the card transfer, 'take 9S KD' in the draft, 'JK=7' (or 'JK as 7') for\n"
        "jokers standing for a rank where they are wild. End of input (Ctrl-D) stops the match."
    )


def ask_move(console: Console, state: State, seat: int, read_line: ReadLine, hints: bool = False) -> Action:
    """Prompt until the line is a legal move (by number or by text); a bad entry is explained, never fatal.
    With `hints`, typing 'hint' shows what the strongest bot would play, and why."""
    observation = state.observation(seat)
    legal = state.offered_actions()
    if isinstance(legal[0], Give | Take):  # card choices read weakest first, like the hand
        legal.sort(key=lambda action: _group_strength(action, observation.reversed))
    console.print(_prompt(observation, legal))
    items = [f"[cyan]{number:>2}[/cyan]) {action}" for number, action in enumerate(legal, 1)]
    console.print(Columns(items, padding=(0, 3)))
    while True:
        line = read_line("> ").strip()
        if line.lower() in ("?", "help", ""):
            _help(console)
            if hints:
                console.print("Type 'hint' to see what the strongest bot would play.")
            continue
        if hints and line.lower() == "hint":
            from presidente.bots.hint import hint

            advice = hint(observation, legal, rules=state.rules, rng=random.Random(len(state.history)))
            console.print(f"[green]Hint: {advice.action}[/green] — {advice.reason}")
            continue
        if line.isdigit():
            if 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            console.print(f"[red]Choose a number from 1 to {len(legal)}.[/red]")
            continue
        try:
            action = parse_action(_joker_rank_spelling(line))
            if isinstance(action, Leave | Join):
                console.print("[red]Leaving and joining are table actions; end the input (Ctrl-D) to stop.[/red]")
                continue
            if action not in legal:
                state.clone().apply(action, seat)  # a copy explains why, or accepts an unlisted spelling
        except PresidenteError as error:
            console.print(f"[red]{error}[/red]")
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
) -> Record:
    """Play a match at the terminal (or among bots only) and return its record; see the module docstring."""
    rules = build_rules(preset, options)
    try:
        make_bot(bot, "president", rules)
    except ValueError as error:
        raise RulesError(str(error)) from error
    # The operating system picks a seed only when none is given; it is shown and written in the record.
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    state = new_game(rules, players, seed)
    console = console or Console()
    bots: dict[int, PresidentBot] = {
        s: make_bot(bot, "president", rules) for s in range(players) if bots_only or s != HUMAN_SEAT
    }
    rngs = {seat: random.Random(f"{seed}:president-bot:{seat}") for seat in bots}
    names = _player_names(players, bots)
    feed = EventFeed(state)
    pending = feed.take(state)
    rounds_shown = 0
    console.print(f"[bold]President[/bold] ({rules.name}) — {players} players, {bot} bots, seed {seed}.")
    if not bots_only:
        console.print("You are seat 0. Type 'help' at any prompt; end of input (Ctrl-D) stops the match.")
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
                rounds_shown = _report(console, pending, state, names, seat, rounds_shown)
                pending = []
                console.print(f"Nothing in your hand beats {state.observation(seat).trick[-1][1]}: you pass.")
            else:
                console.rule()
                rounds_shown = _report(console, pending, state, names, seat, rounds_shown)
                pending = []
                show_view(console, state, names, seat, show_all=False)
                action = ask_move(console, state, seat, read_line, hints)
            state.apply(action, seat)
            pending += feed.take(state)
            ends = [index for index, event in enumerate(pending) if event.kind == "round-end"]
            if ends:  # a round is over: tell what happened up to its end, then its result
                done, pending = pending[: ends[-1] + 1], pending[ends[-1] + 1 :]
                rounds_shown = _report(console, done, state, names, HUMAN_SEAT, rounds_shown, quiet=bots_only)
    except (EOFError, KeyboardInterrupt):
        console.print("\nMatch abandoned.")
    if state.is_over:
        console.print(_match_result(state, names))
    record = record_of(state, tuple(names))
    if save is not None:
        save.write_text(record.to_json() + "\n", encoding="utf-8")
        console.print(f"Saved to {save}.")
    return record


# ----------------------------------------------------------------- replay


def load_record(path: Path) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"Cannot read {path}: {error.strerror}") from error
    return Record.from_json(text)


def replay(
    path: Path,
    seat: int | None = None,
    show_all: bool = False,
    console: Console | None = None,
    read_line: ReadLine = input,
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
    feed = EventFeed(state)
    running = False
    rounds_shown = 0
    for number, (actor, text) in enumerate(record.actions, start=1):
        if not running:
            console.rule()
            show_view(console, state, names, viewer, show_all)
            try:
                answer = read_line(f"[{number}/{total}] > ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            running = answer == "a"
        state.apply(parse_action(text), actor)
        events = feed.take(state)
        rounds_shown = _report(console, events, state, names, viewer, rounds_shown, f"{number:>4}. ", show_all)
    if state.is_over:
        console.print(_match_result(state, names))
    else:
        console.print("The record ends before the match does.")
