"""Learning the game (issue 27): the guided first game's table and a table's rules in force.

- `POST /api/tutorial` `{"token", "name"}`: a private President table of the default preset (`victorz`) with the
  player in seat 0 and heuristic bots in the others, dealt from `TUTORIAL_SEED`. The bots draw their choices from
  the table's seed too (`Table.rng`), so as long as the player makes the moves the page highlights
  (`web/table-tutorial.js`), the round goes the same way every time: the player leads the first trick, beats,
  passes, sees tricks end, goes out first and, as President, gives two cards in the next round's exchange
  (`tests/server/test_tutorial.py` plays it through). `name` is the table's name in the page's language.
  Answers as `POST /api/tables` does: `{"id", "secret", "invite"}`.
- `GET /api/tables/{id}/rules`: the options a table plays, each with its declaration (`OptionSpec.to_json`: kind,
  choices, meaning, and `default`, the plain rules' value) and its `value` there, for the table page's "This table's
  rules" panel (`web/table-rules.js`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from presidente.errors import PresidenteError
from presidente.president.rules import option_specs as president_option_specs
from presidente.server.actor import Hub
from presidente.server.cluster import RedisUnreachable
from presidente.server.games import elpresidente_specs
from presidente.server.refusals import refusal
from presidente.server.storage import Storage
from presidente.server.table import Player

# The deal of the guided first game, chosen (tests/server/test_tutorial.py) so that with the page's highlighted moves
# the player holds no joker, leads the first trick (the 3 of clubs), beats, must pass once, goes out first in ten
# moves and gives two cards as President when the second round starts.
TUTORIAL_SEED = 649
TUTORIAL_PRESET = "victorz"
TUTORIAL_BOT = "heuristic"
TUTORIAL_SEATS = 4
TUTORIAL_TURN_TIME = 60  # the longest a turn may be: time to read each step before an automatic move is made


def tutorial_form(name: Any) -> dict[str, Any]:
    """The creation form of a guided first game (`actor.read_table_form` checks it as any other)."""
    return {
        "name": name,
        "game": "president",
        "preset": TUTORIAL_PRESET,
        "seats": TUTORIAL_SEATS,
        "bots": [None, *[TUTORIAL_BOT] * (TUTORIAL_SEATS - 1)],
        "options": {"turn_time": TUTORIAL_TURN_TIME},
        "private": True,
        "sit": True,
    }


def rules_in_force(game: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    """Every option a table of `game` sets, its declaration and the value it plays (`values`, its stored options)."""
    specs = president_option_specs() if game == "president" else elpresidente_specs()
    return [
        {**spec.to_json(), "value": list(value) if isinstance(value, tuple) else value}
        for spec in specs
        for value in [values.get(spec.name, spec.default)]
    ]


def _error(error: PresidenteError, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": error.message, "code": error.code, "params": error.params}, status_code=status)


def routes(
    hub: Hub,
    storage: Storage,
    read_json: Callable[[Request], Awaitable[dict[str, Any]]],
    player_of: Callable[[dict[str, Any]], Awaitable[Player | None]],
) -> list[Route]:
    async def create_tutorial(request: Request) -> Response:
        data = await read_json(request)
        player = await player_of(data)
        if player is None:
            return _error(refusal("create_player_first"), 401)
        if storage.failing:
            return _error(refusal("storage_failing"), 503)
        try:
            # the name is checked with the form, as any table's
            config = await hub.create_table(tutorial_form(data.get("name")), player, seed=TUTORIAL_SEED)
        except PresidenteError as error:
            return _error(error)
        except RedisUnreachable as error:
            return _error(PresidenteError(str(error), "redis_unreachable"), 503)
        return JSONResponse(
            {"id": config.id, "secret": config.secret, "invite": f"/table/{config.id}#secret={config.secret}"}
        )

    async def table_rules(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        ok = len(table_id) <= 32 and table_id.isascii() and table_id.isalnum()
        stored = await storage.load_table(table_id) if ok else None
        if stored is None:
            return _error(refusal("no_such_table"), 404)
        config = stored.config
        return JSONResponse(
            {"game": config.game, "preset": config.preset, "options": rules_in_force(config.game, config.options)}
        )

    return [
        Route("/api/tutorial", create_tutorial, methods=["POST"]),
        Route("/api/tables/{table_id}/rules", table_rules),
    ]
