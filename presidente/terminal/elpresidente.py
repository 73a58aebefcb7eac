"""El Presidente in the terminal: a match against bots, an all-bot match, saving and replaying records.

The `presidente` command calls these (input comes through `read_line`, so tests can feed it lines):

    play_match(players=4, teams=None, seed=None, bots_only=False, save=None,
               console=None, read_line=input, games=1, bot="heuristic", plain=False) -> Record
        `presidente play --game el-presidente --players N [--teams 2v2] [--seed S] [--bots-only] [--save F]`.
        You sit at seat 0 unless `bots_only`; the other seats are bots ("heuristic" or "random").
        With `bots_only` it prints only each game's winner and the match result. `save` writes the
        record as JSON, even if the match is abandoned (end of input).
    play_position(position, bots_only=False, save=None, ...) -> State
        `presidente play --position F` for an El Presidente position: the same from that table; `save` writes
        the position reached (a game set up from a position has no record).

    replay(path, console=None, read_line=input, plain=False) -> None
        `presidente replay F` for an El Presidente record: steps through it, Enter for the next action,
        "a" to run to the end, "q" to stop.
    replay_position(position, bot="heuristic", ...) -> None
        `presidente replay --position F`: the table at the position, then the bots play it on, step by step.

    load_record(path) -> Record and save_record(record, path) -> None read and write the JSON.

Cards show their suit symbols, hearts and diamonds in red; `plain` keeps the ASCII letters (`terminal.look`).

Both raise presidente.errors.RulesError for bad options and RecordError for a bad file (ValueErrors with a
message for people), before anything is printed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from presidente.bots.base import Bot
from presidente.bots.elpresidente import HeuristicBot, RandomBot
from presidente.cards import Card, card_text, parse_card
from presidente.elpresidente.actions import Action, Attack, Beat, Pass, ThrowIn, parse_action
from presidente.elpresidente.observation import Observation, Phase
from presidente.elpresidente.position import Position
from presidente.elpresidente.record import Record
from presidente.elpresidente.rules import Rules
from presidente.elpresidente.state import State
from presidente.errors import ActionSyntaxError, PresidenteError, RulesError
from presidente.event_text import event_text
from presidente.terminal.look import Look, long_line_error
from presidente.terminal.president import read_text
from presidente.typed_events import battle_event, game_end_event

ReadLine = Callable[[str], str]
ElPresidenteBot = Bot[Observation, Action]
TEAM_LETTERS = "ABCDEFGH"
HUMAN_SEAT = 0
_STEPS = "Enter: next action   a: run to the end   q: stop"
BOTS: dict[str, Callable[[], ElPresidenteBot]] = {"heuristic": HeuristicBot, "random": RandomBot}

_PROMPTS = {
    Phase.ATTACK: "You attack: play one card or several of the same rank (the last one goes on top).",
    Phase.ATTACK_THROW_IN: "Throw in cards of the attack rank, or pass.",
    Phase.DEFEND: "Beat the top card (same rank, or a higher card of its suit), or concede.",
    Phase.BEAT_THROW_IN: "Throw in cards equal in rank to the top card, or pass.",
    Phase.PICK_UP: "Take the battle pile into your hand, or pass.",
}


def _cards(cards: Sequence[Card], look: Look) -> str:
    return look.text(" ".join(card_text(card) for card in cards)) or "-"


def seat_label(rules: Rules, names: Sequence[str], seat: int) -> str:
    team = f" (team {TEAM_LETTERS[rules.team_of(seat)]})" if rules.teams else ""
    return f"{names[seat]}{team}"


def load_record(path: Path) -> Record:
    return Record.from_json(read_text(path))


def load_position(path: Path) -> Position:
    return Position.from_json(read_text(path))


def save_record(record: Record, path: Path) -> None:
    path.write_text(record.to_json() + "\n", encoding="utf-8")


def _table(state: State, names: Sequence[str], show_hands: bool, look: Look) -> Table:
    table = look.table(title=f"Game {state.game_number + 1}, battle {state.battle_number}", title_justify="left")
    for column in ("seat", "player", "cards", "role"):
        table.add_column(column)
    if show_hands:
        table.add_column("hand")
    for seat, hand in enumerate(state.hands):
        holders = (("attacker", state.attacker), ("defender", state.defender), ("dealer", state.dealer))
        roles = [role for role, holder in holders if holder == seat]
        row = [str(seat), seat_label(state.rules, names, seat), str(len(hand)), ", ".join(roles)]
        table.add_row(*row, *([_cards(sorted(hand), look)] if show_hands else []))
    return table


def _show_table(console: Console, state: State, names: Sequence[str], show_hands: bool, look: Look) -> None:
    console.print(_table(state, names, show_hands, look))
    console.print(
        f"Deck: {len(state.deck)} face down   Discard: {len(state.discard)} face down   "
        f"Battle pile (top last): [bold]{_cards(state.pile, look)}[/bold]"
    )


def _describe(names: Sequence[str], rules: Rules, seat: int, action: Action, look: Look) -> str:
    """A move in words, as the page's log says it (the one English renderer of the typed events)."""
    labels = [seat_label(rules, names, other) for other in range(rules.players)]
    return look.text(event_text(battle_event(seat, str(action)), labels))


def _announce_game_ends(console: Console, state: State, names: Sequence[str], games_seen: int) -> int:
    labels = [seat_label(state.rules, names, seat) for seat in range(state.rules.players)]
    for number in range(games_seen, len(state.game_winners)):
        winner = state.game_winners[number]
        said = escape(event_text(game_end_event(number, winner, state.end_reasons[number]), labels))
        console.print(f"[bold]{said}[/bold]" if winner is None else f"[bold green]{said}[/bold green]")
    return len(state.game_winners)


def _match_result(state: State, names: Sequence[str]) -> str:
    wins = state.team_wins()
    best = max(wins)
    if best == 0:
        return "No one won a game."
    leaders = [team for team, count in enumerate(wins) if count == best]
    if len(leaders) > 1:
        return f"The match is tied at {best} game(s) each."
    members = state.rules.team_members(leaders[0])
    who = " and ".join(names[seat] for seat in members)
    side = f"Team {TEAM_LETTERS[leaders[0]]} ({who})" if state.rules.teams else who
    return f"Winner: {side} with {best} game(s) of {len(state.game_winners)}."


def _ask_human(console: Console, state: State, read_line: ReadLine, look: Look) -> Action:
    """Prompt until the line is a legal action (by number, by text, or by its cards alone where one action fits
    them); bad input is explained, not fatal."""
    legal = state.legal_actions()
    console.print(_PROMPTS[state.phase])
    items = (f"[cyan]{number}[/cyan]) {look.text(str(action))}" for number, action in enumerate(legal, 1))
    console.print("  " + "   ".join(items))
    while True:
        line = read_line("> ").strip()
        if line.lower() in ("?", "help", ""):
            console.print(
                "Type a number from the list, or an action such as 'attack 7C 7D', 'throw 7H', 'beat 10D',"
                " 'concede', 'take' or 'pass'; the cards alone (like 'QS') where one action fits them. Cards: rank"
                f" then suit ({look.suits}), e.g. QS. End of input (Ctrl-D) stops the match."
            )
            continue
        too_long = long_line_error(line)
        if too_long:
            console.print(f"[red]{escape(too_long)}[/red]")
            continue
        if line.isdigit():
            if 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            console.print(f"[red]Choose a number from 1 to {len(legal)}.[/red]")
            continue
        try:
            action = _read_action(line, legal)
            state.clone().apply(action)  # validate on a copy: the real state changes only once
        except PresidenteError as error:
            console.print(f"[red]{escape(str(error))}[/red]")
            continue
        return action


def _cards_of(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Attack | ThrowIn):
        return action.cards
    return (action.card,) if isinstance(action, Beat) else ()


def _read_action(line: str, legal: Sequence[Action]) -> Action:
    """The action a line names: its text ("beat QH"), or its cards alone ("qh"; the last on top, as in the text)
    where exactly one legal action plays them, as President reads a play."""
    try:
        return parse_action(line)
    except ActionSyntaxError as error:
        try:
            typed = [parse_card(token) for token in line.replace(",", " ").split()]
        except ActionSyntaxError:
            raise error from None
        if not typed:
            raise error from None
        # As in an action's text, the last card typed goes on top.
        cards = (*sorted(typed[:-1]), typed[-1])
        fitting = [action for action in legal if _cards_of(action) == cards]
        if len(fitting) == 1:
            return fitting[0]
        if fitting:
            choices = " or ".join(f"'{action}'" for action in fitting)
            raise ActionSyntaxError(f"Those cards fit several moves: type {choices}.") from None
        raise ActionSyntaxError(f"No move now plays just those cards ({error})") from None


def _human_view(console: Console, state: State, names: Sequence[str], look: Look) -> None:
    """The table as seat 0 sees it: hand sizes only, its own hand in full."""
    _show_table(console, state, names, show_hands=False, look=look)
    console.print(f"Your hand: [bold]{_cards(state.observation(HUMAN_SEAT).hand, look)}[/bold]")


def play_match(
    players: int = 4,
    teams: str | None = None,
    seed: int | None = None,
    bots_only: bool = False,
    save: Path | None = None,
    console: Console | None = None,
    read_line: ReadLine = input,
    games: int = 1,
    bot: str = "heuristic",
    plain: bool = False,
) -> Record:
    """Play a match at the terminal (or among bots only) and return its record; see the module docstring."""
    _check_bot(bot)
    rules = Rules(players=players, teams=teams, games=games)
    console = console or Console()
    # The seed is chosen by the operating system only when none is given; it is written in the record.
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    names = _names(players, bots_only, bot)
    record = Record(rules, seed, names)
    if not bots_only:
        layout = f", teams {teams}" if teams else ""
        console.print(Look(plain).text(f"[bold]El Presidente[/bold] — {players} players{layout}, seed {seed}."))
    _play(State(rules, seed), names, bots_only, bot, console, read_line, Look(plain), record)
    if save is not None:
        save_record(record, save)
        console.print(f"Saved to {save}.")
    return record


def play_position(
    position: Position,
    bots_only: bool = False,
    save: Path | None = None,
    console: Console | None = None,
    read_line: ReadLine = input,
    bot: str = "heuristic",
    plain: bool = False,
) -> State:
    """Play on from a position (you at seat 0 unless `bots_only`) and return the final state; `save` writes the
    position reached."""
    _check_bot(bot)
    state = State.from_position(position)
    console = console or Console()
    names = _names(state.rules.players, bots_only, bot)
    if not bots_only:
        console.print(Look(plain).text(f"[bold]El Presidente[/bold] from a position — {state.rules.players} players."))
    _play(state, names, bots_only, bot, console, read_line, Look(plain), None)
    if save is not None:
        save.write_text(state.to_position().to_json() + "\n", encoding="utf-8")
        console.print(f"Position saved to {save}.")
    return state


def _check_bot(bot: str) -> None:
    if bot not in BOTS:
        raise RulesError(f"Unknown bot {bot!r}: choose {' or '.join(BOTS)}.")


def _names(players: int, bots_only: bool, bot: str) -> list[str]:
    # The moves are said of each player ("Seat 0 (you) beats with 9H."), as the President terminal names them.
    return [
        f"{bot.title()} bot {seat}" if bots_only or seat != HUMAN_SEAT else f"Seat {seat} (you)"
        for seat in range(players)
    ]


def _play(
    state: State,
    names: Sequence[str],
    bots_only: bool,
    bot: str,
    console: Console,
    read_line: ReadLine,
    look: Look,
    record: Record | None,
) -> None:
    """The match loop, from `state` to the end or to the end of input; each action is added to `record`."""
    rules = state.rules
    bots = {seat: BOTS[bot]() for seat in range(rules.players) if bots_only or seat != HUMAN_SEAT}
    rngs = {seat: random.Random(f"{state.seed}:el-presidente-bot:{seat}") for seat in bots}
    games_seen = len(state.game_winners)
    if not bots_only:
        console.print("Type 'help' at any prompt. Ranks run King (high) to Ace (low).")
    try:
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if seat in bots:
                action = bots[seat].choose(state.observation(seat), legal, rngs[seat]).action
            elif legal == [Pass()]:
                action = Pass()  # nothing to throw in: do not make the player type it
            else:
                _human_view(console, state, names, look)
                action = _ask_human(console, state, read_line, look)
            battle, game = state.battle_number, state.game_number
            if record is not None:
                record.append(state, action)
            else:
                state.apply(action)
            if bots_only:
                games_seen = _announce_game_ends(console, state, names, games_seen)
                continue
            console.print(_describe(names, rules, seat, action, look))
            if state.game_number == game and state.battle_number != battle and not state.is_over:
                attacker = names[state.attacker]
                console.print(f"[dim]Battle over; hands are refilled to four. Next attacker: {attacker}.[/dim]")
            games_seen = _announce_game_ends(console, state, names, games_seen)
    except (EOFError, KeyboardInterrupt):
        console.print("Match abandoned.")
    if state.is_over:
        console.print(_match_result(state, names))


def replay(path: Path, console: Console | None = None, read_line: ReadLine = input, plain: bool = False) -> None:
    """Step through a saved match, every hand shown (the match is over, nothing is hidden any more)."""
    record = load_record(path)
    console = console or Console()
    states = record.replay()  # raises RecordError before anything is printed if the file does not replay
    names = record.players
    console.print(
        f"Replay of {path}: {record.rules.players} players, seed {record.seed}, {len(record.actions)} actions."
    )
    console.print(_STEPS)
    look = Look(plain)
    running = False
    games_seen = 0
    for number, (before, after) in enumerate(pairwise(states), start=1):
        seat = before.current_player
        assert seat is not None
        if not running:
            _show_table(console, before, names, show_hands=True, look=look)
            try:
                answer = read_line(f"[{number}/{len(record.actions)}] > ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            running = answer == "a"
        action = parse_action(record.actions[number - 1])
        console.print(f"{number}. {_describe(names, record.rules, seat, action, look)}")
        games_seen = _announce_game_ends(console, after, names, games_seen)
    if states[-1].is_over:
        console.print(_match_result(states[-1], names))


def replay_position(
    position: Position,
    bot: str = "heuristic",
    console: Console | None = None,
    read_line: ReadLine = input,
    plain: bool = False,
) -> None:
    """The table at a position, every hand shown; then `bot` bots play it on, one action per Enter ("a": to the
    end, "q" or end of input: stop)."""
    _check_bot(bot)
    state = State.from_position(position)
    console = console or Console()
    look = Look(plain)
    players = state.rules.players
    names = [f"Seat {seat}" for seat in range(players)]
    bots = {seat: BOTS[bot]() for seat in range(players)}
    rngs = {seat: random.Random(f"{state.seed}:el-presidente-bot:{seat}") for seat in range(players)}
    console.print(f"Position: El Presidente, {players} players; {bot} bots play on.")
    console.print(_STEPS)
    running = False
    games_seen = len(state.game_winners)
    number = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        number += 1
        if not running:
            _show_table(console, state, names, show_hands=True, look=look)
            try:
                answer = read_line(f"[{number}] > ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            running = answer == "a"
        action = bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]).action
        state.apply(action)
        console.print(f"{number}. {_describe(names, state.rules, seat, action, look)}")
        games_seen = _announce_game_ends(console, state, names, games_seen)
    console.print(_match_result(state, names))
