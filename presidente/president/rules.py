"""Every option of the President engine in one frozen `Rules` value, and the named presets.

The dataclass defaults are the victorz.ca room defaults (seed 002); each other preset states only what it
changes. Each field's metadata carries the one-line meaning shown by ``presidente rules``.

>>> find_preset("bga").jokers_per_deck
1
>>> find_preset("001") == find_preset("bga")
True
>>> Rules(equalize="sometimes")
Traceback (most recent call last):
...
presidente.errors.RulesError: equalize must be one of disallow, allow, or-skip, or-pass, force-skip, not 'sometimes'.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from presidente.errors import RulesError

MAX_DECKS = 2**51
ROLE_KEYS = ("president", "vice", "neutral", "high_scum", "scum")

_CHOICES: dict[str, tuple[str, ...]] = {
    "joker_mode": ("wild", "bga", "trump"),
    "revolution": ("off", "strict", "relaxed", "jokers"),
    "revolution_scope": ("round", "trick"),
    "pass_mode": ("turn", "trick", "single"),
    "equalize": ("disallow", "allow", "or-skip", "or-pass", "force-skip"),
    "four_in_a_row": ("off", "on", "by-equalizing"),
    "first_trick": ("scum", "president", "random"),
    "first_round_leader": ("special-three", "random"),
    "deal_extras": ("president-first", "lowest-first", "dealer-left"),
    "exchange": ("none", "trade", "draft"),
    "exchange_order": ("loser-first", "winner-first"),
    "scoring": ("beaten", "credit"),
}


def _option(default: Any, meaning: str, seed: str = "002") -> Any:
    return field(default=default, metadata={"meaning": meaning, "seed": seed})


@dataclass(frozen=True)
class Rules:
    """All options of a President table. Build one from a preset with `find_preset(name).replace(...)`."""

    name: str = _option("custom", "The preset this table started from (informative only).", "-")
    # --- seed 002's 18 room options ---
    turn_time: int = _option(20, "Seconds per turn (5-60) before the automatic move is made.")
    decks: int = _option(1, "Number of 52-card decks shuffled together (1 to 2**51).")
    jokers_per_deck: int = _option(2, "Jokers in each deck (0-2).")
    keep_jokers: bool = _option(False, "Scum and High-Scum keep jokers in the card transfer when they can.")
    must_give_lowest: bool = _option(False, "President and Vice-President must give their lowest cards.")
    revolution: str = _option(
        "off", "Revolution on 4+ cards: off; strict (no jokers); relaxed (4 non-jokers); jokers (jokers count)."
    )
    revolution_ends_trick: bool = _option(False, "A revolution ends the current trick.")
    one_fewer_two: bool = _option(True, "N-1 cards of the best rank beat N other cards (N >= 2).")
    pass_mode: str = _option(
        "trick", "turn: pass only this turn; trick: out for the trick; single: one move per trick."
    )
    equalize: str = _option(
        "allow",
        "Playing the same combo again: disallow; allow; or-skip / or-pass (next must equalize or skip /"
        " pass); force-skip (next player is skipped).",
    )
    equalize_ends_trick_by_scum: bool = _option(False, "The trick ends if the Scum equalizes.")
    equalize_ends_trick_by_non_scum: bool = _option(False, "The trick ends if a player who is not Scum equalizes.")
    first_equalize_only_by_scum: bool = _option(False, "Only the Scum, or a player required to equalize, may equalize.")
    four_in_a_row: str = _option(
        "off", "4 cards of one rank in a row end the trick: off; on; by-equalizing (only across plays)."
    )
    eight_rule: bool = _option(False, "Playing an 8 ends the trick.")
    penalize_final_two: bool = _option(False, "Going out with a 2 gets the worst unfilled rank.")
    penalize_final_joker: bool = _option(False, "Going out with a joker gets the worst unfilled rank.")
    first_trick: str = _option("scum", "Who leads the first trick of a round: scum, president or random.")
    # --- the special 3 and deal (seed 002) ---
    first_round_leader: str = _option(
        "special-three",
        "Without President/Vice-President: the holder of the special 3 leads and must play it, or a random player.",
    )
    special_three: str = _option("3C", "The special 3.")
    deal_extras: str = _option(
        "president-first",
        "Who gets the extra cards of an uneven deal: president-first (deal starts with the President),"
        " lowest-first (lowest ranked players), dealer-left (deal starts left of the dealer, the Scum).",
        "001/002/004",
    )
    # --- jokers (seeds 001, 002, 003) ---
    joker_mode: str = _option(
        "wild",
        "wild: a joker stands for any card; bga: alone the highest card, with others a wild card;"
        " trump: a joker beats any set and wins the trick.",
        "001/002/003",
    )
    # --- players and roles ---
    min_players: int = _option(2, "Fewest players at the table.", "001/003/004")
    max_players: int = _option(8, "Most players at the table.", "001/003")
    two_player_hand: int = _option(0, "With 2 players each receives this many cards (0: deal all).", "001")
    top_roles_min_players: int = _option(2, "Players needed for President and Scum to exist.", "001/002")
    vice_roles_min_players: int = _option(4, "Players needed for Vice-President and High-Scum.", "001/002")
    role_titles: tuple[str, ...] = _option(
        ("President", "Vice-President", "Neutral", "High-Scum", "Scum"),
        "Names of the five roles: first, second, others, second-last, last.",
        "001-004",
    )
    # --- card transfer ---
    exchange: str = _option("trade", "Between rounds: none; trade (roles swap cards); draft.", "002/004")
    exchange_order: str = _option(
        "loser-first",
        "loser-first: Scum gives first, then the President chooses; winner-first: the President chooses"
        " before receiving.",
        "001/002/004",
    )
    top_exchange_cards: int = _option(2, "Cards swapped between President and Scum.")
    vice_exchange_cards: int = _option(1, "Cards swapped between Vice-President and High-Scum.")
    draft_cards: int = _option(2, "Cards each player puts down and picks up in the draft.", "004")
    # --- trick rules from the other seeds ---
    revolution_cards: int = _option(4, "Cards in one play that make a revolution.", "001/002/003/004")
    revolution_scope: str = _option("round", "A revolution lasts until the round ends, or the trick ends.", "004")
    best_rank_ends_trick: bool = _option(
        False, "A play of the best rank (2, or 3 in revolution) ends the trick.", "004"
    )
    no_equal_best: bool = _option(False, "The best card (2, 3 in revolution, joker) cannot be equalized.", "003")
    penalize_final_best: bool = _option(
        False, "Going out with the best rank (2, or 3 in revolution) gets the worst unfilled rank.", "001"
    )
    penalize_final_eight: bool = _option(
        False, "Going out with an 8 while the 8-rule is on gets the worst unfilled rank.", "001"
    )
    downfall: bool = _option(
        False, "A President (Minister with 2-3 players) who does not finish first is ranked last.", "001"
    )
    # --- scoring and match end ---
    scoring: str = _option(
        "beaten", "beaten: a point per player beaten; credit: start with credit and lose it by role.", "001/003"
    )
    target_score: int = _option(0, "The match ends when a player reaches this score (0: no target).", "001")
    credit_start: int = _option(50, "Starting credit with credit scoring.", "003")
    credit_changes: tuple[int, ...] = _option(
        (5, 0, -5, -10, -15), "Credit change for President, Vice, Neutral, High-Scum, Scum.", "003"
    )
    rounds: int = _option(10, "The match ends after this many rounds (0: no limit).", "-")

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(f"{name} must be one of {', '.join(choices)}, not {value!r}.")
        _check_range("turn_time", self.turn_time, 5, 60)
        _check_range("decks", self.decks, 1, MAX_DECKS)
        _check_range("jokers_per_deck", self.jokers_per_deck, 0, 2)
        _check_range("min_players", self.min_players, 2, 8)
        _check_range("max_players", self.max_players, self.min_players, 8)
        _check_range("top_exchange_cards", self.top_exchange_cards, 0, 4)
        _check_range("vice_exchange_cards", self.vice_exchange_cards, 0, 4)
        _check_range("draft_cards", self.draft_cards, 1, 4)
        _check_range("revolution_cards", self.revolution_cards, 2, 8)
        _check_range("two_player_hand", self.two_player_hand, 0, 26)
        _check_range("target_score", self.target_score, 0, 10_000)
        _check_range("rounds", self.rounds, 0, 10_000)
        _check_range("credit_start", self.credit_start, 1, 10_000)
        if len(self.role_titles) != 5 or not all(isinstance(t, str) and t for t in self.role_titles):
            raise RulesError("role_titles must be five non-empty names.")
        if len(self.credit_changes) != 5:
            raise RulesError("credit_changes must give five numbers.")
        if self.special_three.upper() not in {"3C", "3D", "3H", "3S"}:
            raise RulesError("special_three must be a 3: 3C, 3D, 3H or 3S.")
        if self.rounds == 0 and self.target_score == 0 and self.scoring == "beaten":
            raise RulesError("A match needs an end: set rounds or target_score.")

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown option names are refused."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"Unknown option(s): {', '.join(sorted(unknown))}.")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options as saved by `to_dict` (or a subset: missing options take the defaults)."""
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise RulesError(f"Unknown option(s): {', '.join(sorted(unknown))}.")
        values: dict[str, Any] = {name: tuple(v) if isinstance(v, list) else v for name, v in data.items()}
        for name, value in values.items():
            _check_type(name, value, known[name].default)
        return cls(**values)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _check_type(name: str, value: Any, default: Any) -> None:
    expected = type(default)
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise RulesError(f"{name} must be a whole number, not {value!r}.")
    if expected is not int and not isinstance(value, expected):
        raise RulesError(f"{name} must be a {expected.__name__}, not {value!r}.")


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"{name} must be a whole number from {low} to {high}, not {value!r}.")


def option_meanings() -> list[tuple[str, str, str]]:
    """(option, meaning, seed) for every option, in declaration order."""
    return [(f.name, f.metadata["meaning"], f.metadata["seed"]) for f in dataclasses.fields(Rules) if f.name != "name"]


@dataclass(frozen=True)
class Preset:
    name: str
    seed_file: str
    description: str
    rules: Rules
    aliases: tuple[str, ...] = ()


_BGA = Rules(
    name="bga",
    jokers_per_deck=1,
    joker_mode="bga",
    revolution="jokers",
    one_fewer_two=False,
    pass_mode="turn",
    equalize="force-skip",
    first_round_leader="random",
    deal_extras="lowest-first",
    two_player_hand=15,
    top_roles_min_players=4,
    vice_roles_min_players=2,
    role_titles=("President", "Minister", "Citizen", "Peasant", "Beggar"),
    exchange_order="winner-first",
    no_equal_best=False,
    penalize_final_best=True,
    penalize_final_joker=True,
    penalize_final_eight=True,
    downfall=True,
    target_score=20,
    rounds=0,
)

_TRUMP = Rules(
    name="trump-jokers",
    jokers_per_deck=2,
    joker_mode="trump",
    revolution="strict",
    one_fewer_two=False,
    pass_mode="trick",
    equalize="disallow",
    no_equal_best=True,
    first_round_leader="random",
    deal_extras="lowest-first",
    min_players=4,
    role_titles=("President", "Prime-Minister", "Citizen", "Peasant", "Beggar"),
    scoring="credit",
    rounds=0,
)

_COLLEGE = Rules(
    name="college",
    jokers_per_deck=0,
    revolution="strict",
    revolution_scope="trick",
    one_fewer_two=False,
    pass_mode="turn",
    equalize="or-pass",
    four_in_a_row="by-equalizing",
    best_rank_ends_trick=True,
    first_trick="president",
    first_round_leader="random",
    deal_extras="dealer-left",
    role_titles=("president", "vice-president", "neutral", "vice-asshole", "asshole"),
    exchange_order="winner-first",
)

PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset("bga", "001", "President as on Board Game Arena", _BGA, ("boardgamearena", "001")),
        Preset("victorz", "002", "The victorz.ca server with its room defaults", Rules(name="victorz"), ("002",)),
        Preset("trump-jokers", "003", "Two trump jokers, credit scoring", _TRUMP, ("trump", "003")),
        Preset("college", "004", "College house rules with the trade", _COLLEGE, ("004",)),
        Preset(
            "college-draft",
            "004",
            "College house rules with the draft variant",
            _COLLEGE.replace(name="college-draft", exchange="draft"),
            ("draft",),
        ),
    )
}


def find_preset(name: str) -> Rules:
    """The rules of a preset, found by name or alias (any case)."""
    key = name.strip().lower()
    for preset in PRESETS.values():
        if key == preset.name or key in preset.aliases:
            return preset.rules
    raise RulesError(f"Unknown preset {name!r}: choose one of {', '.join(PRESETS)}.")
