"""Bots by name: `make_bot(name: str, game: str = "president", rules: Rules | None = None) -> Bot`.

President: the strength ladder ``random`` < ``heuristic`` < ``ismcts``; ``learned``, a network trained by self-play
and played with numpy (`learned.py`; ``learned:PATH`` plays other weights); and ``auto``, seed 002's timeout move
(leading: all of the smallest cards; otherwise: pass), measured beside the ladder as a reference, not a rung;
``cardsearch``, rollouts on the engine's own state (`card_search.py`: sequences, locks and suit rules included),
options ``time``, ``iterations`` and ``clock`` as for ismcts; ``strong``, the search that spends its time best
(`strong.py`: a race of the moves with a stopping rule, exact two-player endgames), options ``time``,
``iterations``, ``infer``, ``clock`` as for ismcts, ``z`` (standard errors to drop a move from the race), ``deals``
(deals before any is dropped), ``solve`` (positions an endgame solve may visit, 0: none), ``bonus`` (the first
place's extra reward; 0: linear in the place), and on suit tables ``keep`` (standard errors by which the search's
best must beat the ``anchor``'s move: ``heuristic`` or ``learned``), ``others`` and ``own`` (the playout styles of
the other seats and of this one: 0 weakest first, 1 sets first, 2 the UECda sample client's moves), ``weigh``
(deals drawn per searched deal to weigh them by the other seats' moves; 0: uniform), ``steps`` (Metropolis steps
from each weighed deal), ``dealer`` (``kernel``: those deals dealt and weighed compiled; ``engine``: in Python),
``look`` (this seat's playouts look a move ahead once it holds that many cards or fewer; 0: never; on rank-count
tables too), ``miss`` (a weighed deal's weight for each decision of another seat it leaves unexplained; 0: 0.1),
``bank`` (the most time a search settled early may leave to the round's later ones, in moves' ``time``; 0: off),
``borrow`` (the most an early search may draw ahead of the round's later ones, in moves' ``time``; 0: off) and
``prior`` (1: on rank-count tables too, the ``anchor``'s move kept unless the race's best beats it by ``keep``
standard errors; 0, the default: the race's best), ``rollout`` (``learned``, the default: the playouts by the
learned bot's policy, compiled, where its weights were trained for the table — on rank-count tables every seat's
moves, on suit tables (`suited_learned`: ``uecda`` at 5 players, ``daifugo`` at 3 to 6) this seat's, the others' by
the heuristic styles; ``learned-all``: on suit tables every seat's too; ``heuristic``: the heuristic's playouts) and
``depth`` (rank-count tables, with ``rollout=learned``: the playout's first moves it plays, then the heuristic; 0:
all).
El Presidente: ``random``, ``heuristic``, ``learned`` (`learned_elpresidente.py`; ``learned:PATH`` plays
weights written by ``benchmarks/train_elpresidente.py``).

A name may carry options after a colon, ``ismcts:time=0.1,iterations=2000`` — for ismcts: ``time`` (seconds
per move, 0: none), ``iterations`` (per move, 0: none), ``depth`` (rollout moves before the round is scored by
estimate), ``exploration`` (the UCB constant), ``tree`` (1: the ISMCTS tree instead of every move played out on
the same deals), ``infer`` (0: deals not weighed by the other seats' moves) and ``clock`` (``wall``, or ``cpu``:
``time`` counted on the searching thread's CPU time). `rules` tells President bots
the table's exact options; without it they read the observation's preset. ``learned:PATH`` (or
``learned:path=PATH``) names a weights file written by ``benchmarks/train_president.py``.

>>> make_bot("ismcts:time=0,iterations=50").name
'ismcts'
>>> make_bot("ismcts:tree=1").tree
True
>>> parse_bot_spec("learned:runs/bga/weights.npz")
('learned', {'path': 'runs/bga/weights.npz'})
>>> make_bot("heuristic", game="elpresidente").name
'heuristic'
>>> make_bot("clever")
Traceback (most recent call last):
...
ValueError: Unknown president bot 'clever': choose one of random, auto, heuristic, ismcts, learned, cardsearch, strong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from presidente.bots import elpresidente as elp_bots
from presidente.bots.base import Bot
from presidente.bots.card_search import CardSearchBot
from presidente.bots.ismcts import IsmctsBot
from presidente.bots.learned import LearnedBot
from presidente.bots.learned_elpresidente import LearnedBot as ElpLearnedBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.president_simple import AutoBot, RandomBot
from presidente.bots.strong import StrongBot
from presidente.president.rules import Rules

GAMES = ("president", "elpresidente")
PRESIDENT_BOTS = ("random", "auto", "heuristic", "ismcts", "learned", "cardsearch", "strong")
ELPRESIDENTE_BOTS = ("random", "heuristic", "learned")
STRONGEST = {"president": "strong", "elpresidente": "learned"}
_FLAGS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}


def _flag(value: str) -> bool:
    if value.lower() not in _FLAGS:
        raise ValueError(value)
    return _FLAGS[value.lower()]


def _clock(value: str) -> str:
    if value.lower() not in ("wall", "cpu"):
        raise ValueError(value)
    return value.lower()


# ismcts option -> (IsmctsBot argument, converter, what a value must be)
_ISMCTS_OPTIONS: dict[str, tuple[str, Callable[[str], Any], str]] = {
    "time": ("time", float, "a number"),
    "iterations": ("iterations", int, "a whole number"),
    "depth": ("rollout_depth", int, "a whole number"),
    "exploration": ("exploration", float, "a number"),
    "tree": ("tree", _flag, "0 or 1"),
    "infer": ("infer", _flag, "0 or 1"),
    "clock": ("clock", _clock, "wall or cpu"),
}
# The card search's budgets are read as ismcts's.
_CARD_SEARCH_OPTIONS = {key: _ISMCTS_OPTIONS[key] for key in ("time", "iterations", "clock")}
_STRONG_OPTIONS: dict[str, tuple[str, Callable[[str], Any], str]] = {
    **{key: _ISMCTS_OPTIONS[key] for key in ("time", "iterations", "infer", "clock")},
    "z": ("z", float, "a number"),
    "deals": ("min_deals", int, "a whole number"),
    "solve": ("solve_nodes", int, "a whole number"),
    "bonus": ("bonus", float, "a number"),
    "keep": ("keep", float, "a number"),
    "own": ("own", int, "0, 1 or 2"),
    "others": ("others", int, "0, 1 or 2"),
    "weigh": ("weigh", int, "a whole number"),
    "anchor": ("anchor", str, "heuristic or learned"),
    "steps": ("steps", int, "a whole number"),
    "dealer": ("dealer", str, "kernel or engine"),
    "look": ("look", int, "a whole number"),
    "miss": ("miss", float, "a number"),
    "give": ("give", int, "0 or 1"),
    "bank": ("bank", float, "a number"),
    "borrow": ("borrow", float, "a number"),
    "prior": ("prior", int, "0 or 1"),
    "rollout": ("rollout", str, "heuristic, learned or learned-all"),
    "depth": ("depth", int, "a whole number"),
}


def bot_names(game: str = "president") -> tuple[str, ...]:
    return PRESIDENT_BOTS if _game(game) == "president" else ELPRESIDENTE_BOTS


def _game(game: str) -> str:
    key = game.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    if key not in GAMES:
        raise ValueError(f"Unknown game {game!r}: choose president or elpresidente.")
    return key


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"ismcts:time=0.1,iterations=2000"`` into the name and its options.

    ``learned:PATH`` is read as ``learned:path=PATH`` (a path may hold commas and equals signs)."""
    name, _, rest = spec.strip().partition(":")
    if name.strip().lower() == "learned" and rest.strip() and not rest.strip().lower().startswith("path="):
        return "learned", {"path": rest.strip()}
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
    if options and bot_name not in ("ismcts", "learned", "cardsearch", "strong"):
        raise ValueError(f"The {bot_name} bot takes no options.")
    if bot_name == "learned":
        unknown = set(options) - {"path"}
        if unknown:
            raise ValueError(f"Unknown learned option {sorted(unknown)[0]!r}: write learned:PATH for other weights.")
        if game == "elpresidente":
            return ElpLearnedBot(options.get("path"))
        return LearnedBot(rules, options.get("path"))
    if game == "elpresidente":
        return elp_bots.RandomBot() if bot_name == "random" else elp_bots.HeuristicBot()
    if bot_name == "random":
        return RandomBot()
    if bot_name == "auto":
        return AutoBot()
    if bot_name == "heuristic":
        return HeuristicBot(rules)
    if bot_name == "cardsearch":
        return CardSearchBot(rules=rules, **_bot_arguments("cardsearch", options, _CARD_SEARCH_OPTIONS))
    if bot_name == "strong":
        return StrongBot(rules=rules, **_bot_arguments("strong", options, _STRONG_OPTIONS))
    return IsmctsBot(rules=rules, **_bot_arguments("ismcts", options, _ISMCTS_OPTIONS))


def _bot_arguments(
    bot_name: str, options: dict[str, str], known: dict[str, tuple[str, Callable[[str], Any], str]]
) -> dict[str, Any]:
    """The bot's constructor arguments for its written options, each converted; a ValueError names an unknown
    option or a value of the wrong kind."""
    arguments: dict[str, Any] = {}
    for key, value in options.items():
        if key not in known:
            raise ValueError(f"Unknown {bot_name} option {key!r}: choose from {', '.join(known)}.")
        field, convert, wanted = known[key]
        try:
            arguments[field] = convert(value)
        except ValueError as error:
            raise ValueError(f"{bot_name} option {key} must be {wanted}, not {value!r}.") from error
    return arguments
