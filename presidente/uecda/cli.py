"""`presidente uecda serve` and `presidente uecda play`: the UECda bridge's commands (docs/uecda.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from presidente.uecda.protocol import DEFAULT_PORT

app = typer.Typer(help="The UECda computer Daihinmin protocol (20070): a server on our engine, or a bot on a server.")


def _fail(message: str) -> None:
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(2)


@app.command()
def serve(
    port: Annotated[int, typer.Option(help="Port to listen on.")] = DEFAULT_PORT,
    games: Annotated[int, typer.Option(help="Games in the match.", min=1)] = 1000,
    seats: Annotated[
        str, typer.Option(help="Our bots in the seats no client takes, like 'heuristic,ismcts:time=0.1'.")
    ] = "",
    seed: Annotated[int | None, typer.Option(help="The deal's seed (default: random).")] = None,
    record: Annotated[Path | None, typer.Option(help="Save the match as our record (presidente replay FILE).")] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    timeout: Annotated[float, typer.Option(help="Seconds a client may take to answer before the match ends.")] = 60.0,
) -> None:
    """Run a UECda protocol-20070 server with the `uecda` preset: clients take the seats our bots do not."""
    from presidente.uecda.server import serve as run

    bots = [spec.strip() for spec in seats.split(",") if spec.strip()]
    try:
        run(port, games, bots=bots, seed=seed, record_path=record, host=host, timeout=timeout)
    except (ValueError, OSError) as error:
        _fail(str(error))


@app.command()
def play(
    host: Annotated[str, typer.Option(help="The UECda server's address.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The UECda server's port.")] = DEFAULT_PORT,
    bot: Annotated[str, typer.Option(help="Our bot, with options: heuristic, ismcts:time=0.1 ...")] = "ismcts",
    name: Annotated[str, typer.Option(help="The name the server shows (9 characters at most).")] = "presidente",
    seed: Annotated[int | None, typer.Option(help="The bot's random seed.")] = None,
) -> None:
    """Play a match on any UECda server with one of our bots."""
    from presidente.uecda.client import main as run

    try:
        run(host, port, bot, name, seed=seed)
    except (ValueError, OSError) as error:
        _fail(str(error))
