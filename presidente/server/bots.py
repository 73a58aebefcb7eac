"""The one place where the server turns a bot name into a bot.

`presidente.bots.registry.make_bot(name, game, rules)` names every bot when it is there; otherwise the simple
bots of each game are used. The server caps the search bot's time per move, because a bot's move runs
inside its table's task and must not hold up the other tables.
"""

from __future__ import annotations

import importlib
from typing import Any

from presidente.bots import elpresidente as elp_bots
from presidente.bots import president_simple
from presidente.errors import PresidenteError, RulesError

# ismcts thinks for at most this long per move on the server (and strong as long).
SERVER_ISMCTS = "ismcts:time=0.05,iterations=400"
SERVER_SPECS = {"ismcts": SERVER_ISMCTS, "strong": "strong:time=0.05,iterations=400"}
_FALLBACK: dict[str, dict[str, Any]] = {
    "president": {"random": president_simple.RandomBot, "auto": president_simple.AutoBot},
    "el-presidente": {"random": elp_bots.RandomBot, "heuristic": elp_bots.HeuristicBot},
}


def _registry() -> Any:
    try:
        return importlib.import_module("presidente.bots.registry")
    except ImportError:
        return None


def bot_names() -> dict[str, tuple[str, ...]]:
    registry = _registry()
    if registry is None:
        return {game: tuple(bots) for game, bots in _FALLBACK.items()}
    return {"president": registry.bot_names("president"), "el-presidente": registry.bot_names("elpresidente")}


def make_server_bot(name: str, game: str, rules: Any = None) -> Any:
    """A bot for one seat; an unknown name raises `RulesError` with the names to choose from."""
    if ":" in name:
        raise RulesError("Bot options are set by the server: give the bot's name only.")
    registry = _registry()
    if registry is None:
        bots = _FALLBACK[game]
        if name not in bots:
            raise RulesError(f"Unknown {game} bot {name!r}: choose one of {', '.join(bots)}.")
        return bots[name]()
    spec = SERVER_SPECS.get(name, name)
    try:
        return registry.make_bot(spec, game, rules if game == "president" else None)
    except PresidenteError as error:
        raise RulesError(error.message, error.code, error.params) from error  # its code and parameters kept
    except ValueError as error:
        raise RulesError(str(error)) from error


def check_bot(name: str, game: str) -> None:
    """A `RulesError` unless `name` is one of the game's bots (a long name is not echoed back whole)."""
    names = bot_names().get(game, ())
    if name not in names:
        shown = repr(name if len(name) <= 30 else name[:30] + "...")
        raise RulesError(f"Unknown {game} bot {shown}: choose one of {', '.join(names)}.")
    make_server_bot(name, game)
