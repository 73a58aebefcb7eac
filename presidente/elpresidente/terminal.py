"""El Presidente in the terminal: a match against bots, an all-bot match, saving and replaying records.

The `presidente` command calls these (input comes through `read_line`, so tests can feed it lines):

    play_match(players=4, teams=None, seed=None, bots_only=False, save=None,
               console=None, read_line=input, games=1, bot="heuristic") -> Record
        `presidente play --game el-presidente --players N [--teams 2v2] [--seed S] [--bots-only] [--save F]`.
        You sit at seat 0 unless `bots_only`; the other seats are bots ("heuristic" or "random").
        With `bots_only` it prints only each game's winner and the match result. `save` writes the
        record as JSON, even if the match is abandoned (end of input).

    replay(path, console=None, read_line=input) -> None
        `presidente replay F` for an El Presidente record: steps through it, Enter for the next action,
        "a" to run to the end, "q" to stop.

    load_record(path) -> Record and save_record(record, path) -> None read and write the JSON.

Both raise presidente.errors.RulesError for bad options and RecordError for a bad file (ValueErrors with a
message for people), before anything is printed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path

from rich.console import Console
from rich.table import Table

from presidente.bots.base import Bot
from presidente.bots.elpresidente import HeuristicBot, RandomBot
from presidente.cards import Card, card_text
from presidente.elpresidente.actions import Action, Pass, parse_action
from presidente.elpresidente.observation import Observation, Phase
from presidente.elpresidente.record import Record
from presidente.elpresidente.rules import Rules
from presidente.elpresidente.state import State
from presidente.errors import PresidenteError, RecordError, RulesError

ReadLine = Callable[[str], str]
ElPresidenteBot = Bot[Observation, Action]
TEAM_LETTERS = "ABCDEFGH"
HUMAN_SEAT = 0
BOTS: dict[str, Callable[[], ElPresidenteBot]] = {"heuristic": HeuristicBot, "random": RandomBot}

_PROMPTS = {
    Phase.ATTACK: "You attack: play one card or several of the same rank (the last one goes on top).",
    Phase.ATTACK_THROW_IN: "Throw in cards of the attack rank, or pass.",
    Phase.DEFEND: "Beat the top card (same rank, or a higher card of its suit), or concede.",
    Phase.BEAT_THROW_IN: "Throw in cards equal in rank to the top card, or pass.",
    Phase.PICK_UP: "Take the battle pile into your hand, or pass.",
}


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card_text(card) for card in cards) or "-"


def seat_label(rules: Rules, names: Sequence[str], seat: int) -> str:
    team = f" (team {TEAM_LETTERS[rules.team_of(seat)]})" if rules.teams else ""
    return f"{names[seat]}{team}"


def load_record(path: Path) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"Cannot read {path}: {error.strerror}") from error
    return Record.from_json(text)


def save_record(record: Record, path: Path) -> None:
    path.write_text(record.to_json() + "\n", encoding="utf-8")


def _table(state: State, names: Sequence[str], show_hands: bool) -> Table:
    table = Table(title=f"Game {state.game_number + 1}, battle {state.battle_number}", title_justify="left")
    for column in ("seat", "player", "cards", "role"):
        table.add_column(column)
    if show_hands:
        table.add_column("hand")
    for seat, hand in enumerate(state.hands):
        holders = (("attacker", state.attacker), ("defender", state.defender), ("dealer", state.dealer))
        roles = [role for role, holder in holders if holder == seat]
        row = [str(seat), seat_label(state.rules, names, seat), str(len(hand)), ", ".join(roles)]
        table.add_row(*row, *([_cards(sorted(hand))] if show_hands else []))
    return table


def _show_table(console: Console, state: State, names: Sequence[str], show_hands: bool) -> None:
    console.print(_table(state, names, show_hands))
    console.print(
        f"Deck: {len(state.deck)} face down   Discard: {len(state.discard)} face down   "
        f"Battle pile (top last): [bold]{_cards(state.pile)}[/bold]"
    )


def _describe(names: Sequence[str], rules: Rules, seat: int, action: Action) -> str:
    return f"{seat_label(rules, names, seat)}: {action}"


def _announce_game_ends(console: Console, state: State, names: Sequence[str], games_seen: int) -> int:
    for number in range(games_seen, len(state.game_winners)):
        winner, reason = state.game_winners[number], state.end_reasons[number]
        if winner is None:
            why = "the battle limit was reached" if reason == "battle limit" else "no battle could be fought"
            console.print(f"[bold]Game {number + 1} ends without a winner: {why}.[/bold]")
        else:
            who = seat_label(state.rules, names, winner)
            console.print(f"[bold green]Game {number + 1}: {who} wins![/bold green]")
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


def _ask_human(console: Console, state: State, read_line: ReadLine) -> Action:
    """Prompt until the line is a legal action (by number or by text); bad input is explained, not fatal."""
    legal = state.legal_actions()
    console.print(_PROMPTS[state.phase])
    console.print("  " + "   ".join(f"[cyan]{number}[/cyan]) {action}" for number, action in enumerate(legal, 1)))
    while True:
        line = read_line("> ").strip()
        if line.lower() in ("?", "help"):
            console.print("Type a number from the list, or an action such as 'attack 7C 7D', 'throw 7H',")
            console.print("'beat 10D', 'concede', 'take' or 'pass'. Cards: rank then suit (C D H S), e.g. QS.")
            continue
        if line.isdigit():
            if 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            console.print(f"[red]Choose a number from 1 to {len(legal)}.[/red]")
            continue
        try:
            action = parse_action(line)
            state.clone().apply(action)  # validate on a copy: the real state changes only once
        except PresidenteError as error:
            console.print(f"[red]{error}[/red]")
            continue
        return action


def _human_view(console: Console, state: State, names: Sequence[str]) -> None:
    """The table as seat 0 sees it: hand sizes only, its own hand in full."""
    _show_table(console, state, names, show_hands=False)
    console.print(f"Your hand: [bold]{_cards(state.observation(HUMAN_SEAT).hand)}[/bold]")


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
) -> Record:
    """Play a match at the terminal (or among bots only) and return its record; see the module docstring."""
    if bot not in BOTS:
        raise RulesError(f"Unknown bot {bot!r}: choose {' or '.join(BOTS)}.")
    rules = Rules(players=players, teams=teams, games=games)
    console = console or Console()
    # The seed is chosen by the operating system only when none is given; it is written in the record.
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    bots = {seat: BOTS[bot]() for seat in range(players) if bots_only or seat != HUMAN_SEAT}
    names = [f"{bot.title()} bot {seat}" if seat in bots else "You" for seat in range(players)]
    record = Record(rules, seed, names)
    state = State(rules, seed)
    rngs = {seat: random.Random(f"{seed}:el-presidente-bot:{seat}") for seat in bots}
    games_seen = 0
    if not bots_only:
        layout = f", teams {teams}" if teams else ""
        console.print(f"[bold]El Presidente[/bold] — {players} players{layout}, seed {seed}.")
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
                _human_view(console, state, names)
                action = _ask_human(console, state, read_line)
            battle, game = state.battle_number, state.game_number
            record.append(state, action)
            if bots_only:
                games_seen = _announce_game_ends(console, state, names, games_seen)
                continue
            if not isinstance(action, Pass):
                console.print(_describe(names, rules, seat, action))
            if state.game_number == game and state.battle_number != battle and not state.is_over:
                attacker = names[state.attacker]
                console.print(f"[dim]Battle over; hands are refilled to four. Next attacker: {attacker}.[/dim]")
            games_seen = _announce_game_ends(console, state, names, games_seen)
    except (EOFError, KeyboardInterrupt):
        console.print("Match abandoned.")
    if state.is_over:
        console.print(_match_result(state, names))
    if save is not None:
        save_record(record, save)
        console.print(f"Saved to {save}.")
    return record


def replay(path: Path, console: Console | None = None, read_line: ReadLine = input) -> None:
    """Step through a saved match, every hand shown (the match is over, nothing is hidden any more)."""
    record = load_record(path)
    console = console or Console()
    states = record.replay()  # raises RecordError before anything is printed if the file does not replay
    names = record.players
    console.print(
        f"Replay of {path}: {record.rules.players} players, seed {record.seed}, {len(record.actions)} actions."
    )
    console.print("Enter: next action   a: run to the end   q: stop")
    running = False
    games_seen = 0
    for number, (before, after) in enumerate(pairwise(states), start=1):
        seat = before.current_player
        assert seat is not None
        if not running:
            _show_table(console, before, names, show_hands=True)
            try:
                answer = read_line(f"[{number}/{len(record.actions)}] > ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            running = answer == "a"
        action = parse_action(record.actions[number - 1])
        console.print(f"{number}. {_describe(names, record.rules, seat, action)}")
        games_seen = _announce_game_ends(console, after, names, games_seen)
    if states[-1].is_over:
        console.print(_match_result(states[-1], names))
