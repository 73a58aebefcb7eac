"""The `presidente` command: serve, play, arena, replay, review, rules and bench.

Each command only reads its options and calls the terminal client of a game (`presidente.terminal.president`,
`presidente.terminal.elpresidente`), the game review (`presidente.terminal.review`), `presidente.bench` or the
server. An error meant for people (a bad option, an unknown preset, a damaged record) is printed without a
traceback and exits with code 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol, TypeVar

import typer
from rich.console import Console

from presidente.errors import PresidenteError
from presidente.uecda.cli import app as uecda_app

app = typer.Typer(
    help="The President family of card games in the terminal.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

GAMES = ("president", "el-presidente")
T = TypeVar("T")

GameOption = Annotated[str, typer.Option("--game", help="president or el-presidente.")]
PresetOption = Annotated[str, typer.Option("--preset", "-p", help="President preset (see `presidente rules`).")]
PlayersOption = Annotated[int, typer.Option("--players", "-n", help="Players at the table.")]
RuleOption = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as key=value (see `presidente rules`); repeat it."),
]


def _fail(message: str, code: int = 2) -> NoReturn:
    Console(stderr=True, soft_wrap=True).print(f"[red]{message}[/red]", highlight=False)
    raise typer.Exit(code)


def _run(call: Callable[[], T]) -> T:
    """Run a command's work; an error meant for people becomes a message and exit code 2."""
    try:
        return call()
    except PresidenteError as error:
        _fail(str(error))


def _check_game(game: str) -> None:
    if game not in GAMES:
        _fail(f"Unknown game {game!r}: choose {' or '.join(GAMES)}.")


PlainOption = Annotated[
    bool, typer.Option("--plain", help="Plain ASCII (cards 7H, 10S; tables in + - |) for logs and screen readers.")
]


@app.command()
def rules(
    name: Annotated[
        str | None, typer.Argument(help="A preset (each value with its meaning) or an option (its value per preset).")
    ] = None,
    plain: PlainOption = False,
) -> None:
    """List the presets and every option, or show one preset's values or one option."""
    from presidente.terminal import rules_page
    from presidente.terminal.look import Look

    console = Console()
    if name is None:
        rules_page.show_rules(console, Look(plain))
    else:
        _run(lambda: rules_page.show_topic(console, name))


PositionOption = Annotated[
    Path | None, typer.Option("--position", help="Start from a position saved as JSON (State.to_position).")
]


@app.command()
def play(
    game: GameOption = "president",
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="President preset (default bga).")] = None,
    players: PlayersOption = 4,
    option: RuleOption = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (random when left out).")] = None,
    bots_only: Annotated[bool, typer.Option("--bots-only", help="Bots in every seat; print the results.")] = False,
    bot: Annotated[
        str | None,
        typer.Option(
            help="President: random, auto, heuristic, ismcts, learned, cardsearch or strong. "
            "El Presidente: heuristic or random."
        ),
    ] = None,
    hint: Annotated[
        bool, typer.Option("--hint", help="Type 'hint' at your turn for the strongest bot's move.")
    ] = False,
    teams: Annotated[str | None, typer.Option(help="El Presidente teams, like 2v2.")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the match record (JSON) to this file; from a position, the position.")
    ] = None,
    position: PositionOption = None,
    save_position: Annotated[
        Path | None,
        typer.Option(
            help="Write the position where the match stops (its end, or end of input) as JSON, for --position."
        ),
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat (President).")] = 0,
    plain: PlainOption = False,
) -> None:
    """Play a match in the terminal: you at seat 0 against bots, or bots only; or play on from a position."""
    _check_game(game)
    if position is not None:
        if preset is not None or option or seed is not None or teams is not None:
            _fail("A position holds its rules, seats and seed: leave out --preset, --option, --seed and --teams.")
        reached = _play_position(position, bots_only, bot, hint, save, seat, plain)
        if save_position is not None:
            _save_position(reached, save_position)
        return
    if game == "el-presidente":
        from presidente.terminal import elpresidente as elp_terminal

        if option or preset is not None:
            _fail("El Presidente has no --preset or --option settings; it takes --players, --teams and --seed.")
        elp_record = _run(
            lambda: elp_terminal.play_match(
                players=players,
                teams=teams,
                seed=seed,
                bots_only=bots_only,
                save=save,
                bot=bot or "heuristic",
                plain=plain,
            )
        )
        if save_position is not None:
            _save_position(_run(elp_record.final_state), save_position)
        return
    from presidente.terminal import president as terminal

    if teams is not None:
        _fail("--teams is an El Presidente option (add --game el-presidente).")
    record = _run(
        lambda: terminal.play_match(
            preset=preset or "bga",
            players=players,
            options=option or (),
            seed=seed,
            bots_only=bots_only,
            save=save,
            bot=bot or "random",
            hints=hint,
            plain=plain,
            seat=seat,
        )
    )
    if save_position is not None:
        _save_position(_run(record.final_state), save_position)


class _Written(Protocol):
    def to_json(self) -> str: ...


class _Positioned(Protocol):
    """A state of either game: it writes itself down as a position."""

    def to_position(self) -> _Written: ...


def _save_position(state: _Positioned, path: Path) -> None:
    """Write the position `state` stands at (`--save-position`): `play --position` plays on from it."""
    try:
        path.write_text(state.to_position().to_json() + "\n", encoding="utf-8")
    except OSError as error:
        _fail(f"Cannot write {path}: {error.strerror}")
    print(f"Position saved to {path}.")


def _play_position(
    path: Path, bots_only: bool, bot: str | None, hint: bool, save: Path | None, seat: int, plain: bool
) -> _Positioned:
    """Play on from the position in `path`; returns the state where play stopped."""
    if _json_game(path, "position") == "el-presidente":
        from presidente.terminal import elpresidente as elp_terminal

        elp_position = _run(lambda: elp_terminal.load_position(path))
        return _run(
            lambda: elp_terminal.play_position(
                elp_position, bots_only=bots_only, save=save, bot=bot or "heuristic", plain=plain
            )
        )
    from presidente.terminal import president as terminal

    loaded = _run(lambda: terminal.load_position(path))
    return _run(
        lambda: terminal.play_position(
            loaded, bots_only=bots_only, save=save, bot=bot or "random", hints=hint, plain=plain, seat=seat
        )
    )


def _json_game(path: Path, kind: str) -> str:
    """The game of a saved match or position: "president" or "el-presidente"."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        _fail(f"Cannot read {path}: {error.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        _fail(f"{path} is not a saved {kind} (not JSON).")
    game = data.get("game") if isinstance(data, dict) else None
    if game not in GAMES:
        _fail(f"{path} is not a saved President or El Presidente {kind}.")
    return str(game)


@app.command()
def replay(
    file: Annotated[Path | None, typer.Argument(help="A record saved with `play --save`.")] = None,
    seat: Annotated[int | None, typer.Option(help="Show the match as this seat saw it (default 0).")] = None,
    all_hands: Annotated[bool, typer.Option("--all", help="Show every hand.")] = False,
    position: PositionOption = None,
    bot: Annotated[str, typer.Option(help="With --position: the bots that play the position on.")] = "heuristic",
    plain: PlainOption = False,
) -> None:
    """Step through a saved match: Enter for the next action, a to run to the end, q to stop. With --position,
    the table at a saved position, then bots play it on, step by step."""
    if seat is not None and all_hands:
        _fail("Choose --seat K or --all, not both.")
    if (file is None) == (position is None):
        _fail("Give a record to replay, or --position FILE (not both).")
    if position is not None:
        _replay_position(position, seat, all_hands, bot, plain)
        return
    assert file is not None
    if _json_game(file, "match") == "el-presidente":
        from presidente.terminal import elpresidente as elp_terminal

        _run(lambda: elp_terminal.replay(file, plain=plain))
        return
    from presidente.terminal import president as terminal

    _run(lambda: terminal.replay(file, seat=seat, show_all=all_hands, plain=plain))


def _replay_position(path: Path, seat: int | None, all_hands: bool, bot: str, plain: bool) -> None:
    if _json_game(path, "position") == "el-presidente":
        from presidente.terminal import elpresidente as elp_terminal

        elp_position = _run(lambda: elp_terminal.load_position(path))
        _run(lambda: elp_terminal.replay_position(elp_position, bot=bot, plain=plain))
        return
    from presidente.terminal import president as terminal

    loaded = _run(lambda: terminal.load_position(path))
    _run(lambda: terminal.replay_position(loaded, seat=seat, show_all=all_hands, bot=bot, plain=plain))


@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="A President record saved with `play --save`.")],
    seat: Annotated[int, typer.Option(help="The seat whose moves are reviewed.")] = 0,
    time: Annotated[
        float | None, typer.Option("--time", help="Seconds the ismcts bot thinks per move (0.25).", min=0.01)
    ] = None,
    plain: PlainOption = False,
) -> None:
    """Review a finished match: each move of a seat beside the strongest bot's, with expected places, and the
    costly mistakes marked."""
    if _json_game(file, "match") != "president":
        _fail("Review covers President matches; El Presidente has no review yet.")
    from presidente.terminal.review import show_review

    _run(lambda: show_review(file, seat=seat, seconds=time, plain=plain))


@app.command()
def arena(
    bots: Annotated[str, typer.Option(help="One bot per seat, comma-separated, like ismcts,heuristic,heuristic.")],
    game: GameOption = "president",
    preset: PresetOption = "bga",
    deals: Annotated[int, typer.Option(help="Duplicate deals; each is played in every seat rotation.", min=1)] = 50,
    seed: Annotated[int, typer.Option(help="Seed of the first deal.")] = 0,
    workers: Annotated[int, typer.Option(help="Processes to use.", min=1)] = 2,
    out: Annotated[Path | None, typer.Option(help="Write the results to a .json or .csv file.")] = None,
) -> None:
    """Measure bots against each other on duplicate deals, with confidence intervals and ratings."""
    from presidente.arena import run_arena

    _check_game(game)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    try:
        run_arena(game, names, preset, len(names), deals, seed=seed, workers=workers, out=out, console=Console())
    except ValueError as error:
        _fail(str(error))


@app.command()
def bench(
    game: GameOption = "president",
    preset: PresetOption = "bga",
    players: PlayersOption = 4,
    games: Annotated[int, typer.Option("--games", "-g", help="Rounds (games) to play.", min=1)] = 200,
    teams: Annotated[str | None, typer.Option(help="El Presidente teams, like 2v2.")] = None,
    option: RuleOption = None,
) -> None:
    """Play random rounds on one core and print rounds/s and decisions/s."""
    from presidente.bench import random_rounds

    _check_game(game)
    if game == "el-presidente" and option:
        _fail("El Presidente has no --option settings; it takes --players and --teams.")
    options = option or ()
    speed = _run(lambda: random_rounds(game, preset, players, games, teams=teams, options=options))
    where = " ".join([preset, *options]) + ", " if game == "president" else ""
    print(f"{game} ({where}{players} players): {speed.summary()}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[str | None, typer.Option(help="Database URL for saved tables and matches.")] = None,
    log_json: Annotated[bool, typer.Option("--log-json", help="Logs as JSON lines, each with its table.")] = False,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL: run as one process of a cluster sharing the (PostgreSQL) database.")
    ] = None,
    node: Annotated[str | None, typer.Option(help="This process's name in a cluster (default: random).")] = None,
    uds: Annotated[
        str | None,
        typer.Option(help="Also listen on this Unix socket, for a proxy on this machine (nginx: server unix:PATH)."),
    ] = None,
) -> None:
    """Run the multiplayer server."""
    try:
        from presidente.server.main import serve as run_server  # type: ignore[import-not-found, unused-ignore]
    except ImportError as error:
        _fail(f"The server is not available in this installation ({error}).", code=1)
    from presidente.server.storage import DatabaseError

    try:
        run_server(host=host, port=port, database_url=database, log_json=log_json, redis_url=redis, node=node, uds=uds)
    except DatabaseError as error:
        _fail(str(error))


@app.command()
def cluster(
    action: Annotated[str, typer.Argument(help="start or stop.")],
    nodes: Annotated[int, typer.Option(help="Server processes.", min=1, max=16)] = 2,
    port: Annotated[int, typer.Option(help="The one address's port (nginx in front).")] = 8080,
    folder: Annotated[Path, typer.Option(help="Where the cluster keeps its data and logs.")] = Path(".cluster"),
) -> None:
    """Run the whole cluster on this machine: PostgreSQL, Redis, N server processes and nginx (docs/deploy.md)."""
    from presidente.server import local_cluster

    try:
        if action == "start":
            url = local_cluster.start(folder.resolve(), nodes=nodes, port=port)
            print(f"Presidente cluster ({nodes} processes) is open at {url}  (logs in {folder}/logs)")
        elif action == "stop":
            local_cluster.stop(folder.resolve())
            print("The cluster is stopped (its data stays in", folder, ")")
        else:
            _fail(f"Unknown action {action!r}: start or stop.")
    except local_cluster.ClusterError as error:
        _fail(str(error))


# `presidente uecda serve` / `presidente uecda play`: the UECda protocol bridge (docs/uecda.md).
app.add_typer(uecda_app, name="uecda")


def main() -> None:
    app()
