"""`presidente review RECORD`: a finished President match reviewed for one seat, with a progress bar.

Runs `presidente.review.review` (the strongest bot's estimates, from the seat's own information), then prints
a table of the seat's searched moves — the move played and the bot's, each with its expected place and
chance to win the round — marking the costly mistakes "??", and a summary line.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from presidente.review import MISTAKE_PLACES, SECONDS, Estimate, MoveReview, review
from presidente.terminal.look import Look
from presidente.terminal.president import load_record


def show_review(
    path: Path, seat: int = 0, seconds: float | None = None, console: Console | None = None, plain: bool = False
) -> list[MoveReview]:
    """Review seat `seat` of the match saved at `path`; print the table and return the reviewed moves."""
    seconds = SECONDS if seconds is None else seconds
    record = load_record(path)
    reviews = review(record, seat, seconds)  # checked here: errors come before any output
    console = console or Console()
    look = Look(plain)
    names = record.names if len(record.names) == record.players else ()
    who = f"seat {seat}" + (f" ({names[seat]})" if names else "")
    console.print(
        f"Review of {path}: {record.rules.name}, {record.players} players, {who}; "
        f"the ismcts bot thinks {seconds:g} s per move."
    )
    done: list[MoveReview] = []
    columns = (TextColumn("Reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("review", total=None)
        for item in reviews:
            progress.update(task, total=item.total, completed=item.index)
            done.append(item)
    searched = [item for item in done if item.searched]
    if searched:
        console.print(_table(searched, look))
    mistakes = sum(item.mistake for item in searched)
    console.print(
        f"{len(done)} moves by {who}: {len(searched)} searched ({len(done) - len(searched)} forced, or in the card "
        f"transfer or draft); {mistakes} mistake{'s' if mistakes != 1 else ''}, marked ?? (a move expected "
        f"to lose {MISTAKE_PLACES:g} place or more against the bot's)."
    )
    return done


def _table(items: list[MoveReview], look: Look) -> Table:
    table = look.table(title="Expected place in the round, and chance to win it", title_justify="left")
    for column in ("#", "round", "played", "place", "win", "bot plays", "place", "win", "cost", ""):
        left = column in ("played", "bot plays", "")
        table.add_column(column, justify="left" if left else "right", no_wrap=not left)
    for item in items:
        played, best = item.estimate, item.best
        assert played is not None and best is not None
        other = ("same", "", "") if item.agrees else (look.text(best.move), *_figures(best))
        table.add_row(
            str(item.number),
            str(item.round_number),
            look.text(item.played),
            *_figures(played),
            *other,
            f"{item.cost:+.2f}" if item.cost else "",
            "[bold red]??[/bold red]" if item.mistake else "",
        )
    return table


def _figures(estimate: Estimate) -> tuple[str, str]:
    return f"{estimate.mean_place:.2f}", f"{estimate.first:.0%}"
