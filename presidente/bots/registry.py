"""Bots by name: `make_bot(name: str, game: str = "president", rules: Rules | None = None) -> Bot`.

President: ``random``, ``auto``, ``heuristic``, ``ismcts`` (weakest to strongest). El Presidente: ``random``,
``heuristic``. A name may carry options after a colon, ``ismcts:time=0.1,iterations=2000`` — for ismcts:
``time`` (seconds per move, 0: none), ``iterations`` (per move, 0: none), ``depth`` (rollout moves before
the round is scored by estimate) and ``exploration`` (the UCB constant). `rules` tells President bots the
table's exact options; without it they read the observation's preset.

>>> make_bot("ismcts:time=0,iterations=50").name
'ismcts'
>>> make_bot("heuristic", game="elpresidente").name
'heuristic'
>>> make_bot("clever")
Traceback (most recent call last):
...
ValueError: Unknown president bot 'clever': choose one of random, auto, heuristic, ismcts.
"""

from __future__ import annotations

from typing import Any

from presidente.bots import elpresidente as elp_bots
from presidente.bots.base import Bot
from presidente.bots.ismcts import IsmctsBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.president_simple import AutoBot, RandomBot
from presidente.president.rules import Rules

GAMES = ("president", "elpresidente")
PRESIDENT_BOTS = ("random", "auto", "heuristic", "ismcts")
ELPRESIDENTE_BOTS = ("random", "heuristic")
STRONGEST = {"president": "ismcts", "elpresidente": "heuristic"}
_ISMCTS_OPTIONS = {"time": ("time", float), "iterations": ("iterations", int), "depth": ("rollout_depth", int)}
_ISMCTS_OPTIONS["exploration"] = ("exploration", float)


def bot_names(game: str = "president") -> tuple[str, ...]:
    return PRESIDENT_BOTS if _game(game) == "president" else ELPRESIDENTE_BOTS


def _game(game: str) -> str:
    key = game.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    if key not in GAMES:
        raise ValueError(f"Unknown game {game!r}: choose president or elpresidente.")
    return key


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"ismcts:time=0.1,iterations=2000"`` into the name and its options."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"Bot option {item!r} must look like key=value.")
        options[key.strip().lower()] = value.strip()
    return name.strip().lower(), options


def make_bot(name: str, game: str = "president", rules: Rules | None = None) -> Bot[Any, Any]:
    """A new bot from its name (with options); raises ValueError for an unknown name or option."""
    game = _game(game)
    bot_name, options = parse_bot_spec(name)
    known = bot_names(game)
    if bot_name not in known:
        raise ValueError(f"Unknown {game} bot {bot_name!r}: choose one of {', '.join(known)}.")
    if options and bot_name != "ismcts":
        raise ValueError(f"The {bot_name} bot takes no options.")
    if game == "elpresidente":
        return elp_bots.RandomBot() if bot_name == "random" else elp_bots.HeuristicBot()
    if bot_name == "random":
        return RandomBot()
    if bot_name == "auto":
        return AutoBot()
    if bot_name == "heuristic":
        return HeuristicBot(rules)
    arguments: dict[str, Any] = {}
    for key, value in options.items():
        if key not in _ISMCTS_OPTIONS:
            raise ValueError(f"Unknown ismcts option {key!r}: choose from {', '.join(_ISMCTS_OPTIONS)}.")
        field, kind = _ISMCTS_OPTIONS[key]
        try:
            arguments[field] = kind(value)
        except ValueError as error:
            raise ValueError(f"ismcts option {key} must be a number, not {value!r}.") from error
    return IsmctsBot(rules=rules, **arguments)
