"""Every option of the President engine in one frozen `Rules` value, and the named presets.

The dataclass defaults are the victorz.ca room defaults (seed 002); each other preset states only what it
changes. Each field's metadata declares the option once: its kind and allowed values (a
`presidente.options.OptionSpec`), its one-line meaning and its seed. `Rules` checks every value against its
declaration, and the command line, the server's catalogue and the lobby form read them from `option_specs()`.

>>> find_preset("bga").jokers_per_deck
1
>>> find_preset("001") == find_preset("bga")
True
>>> Rules(equalize="sometimes")
Traceback (most recent call last):
...
presidente.errors.RulesError: equalize must be one of disallow, allow, or-skip, or-pass, force-skip, not 'sometimes'.
>>> Rules.from_dict({"scoring": "credit", "credit_changes": ["a", "b", "c", "d", "e"]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
presidente.errors.RulesError: credit_changes must give five numbers, each a whole number from ...; item 1 is 'a'.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from presidente.errors import RulesError
from presidente.options import (
    BOOL,
    CHOICE,
    NAME_LIST,
    WHOLE,
    WHOLE_LIST,
    OptionSpec,
    card_of,
    check_names,
    check_values,
    declarations,
    names,
    one_of,
    option_field,
    shown,
    shown_param,
    text,
    whole,
    whole_numbers,
    yes_no,
)

MAX_DECKS = 2**51
ROLE_KEYS = ("president", "vice", "neutral", "high_scum", "scum")
# Bounds that keep every count meaningful and every number small enough to show and store.
MAX_ROUNDS = 10_000
MAX_SCORE = 10_000
MAX_CREDIT_CHANGE = 1000
MAX_TITLE_CHARS = 24


def _option(default: Any, spec: OptionSpec, meaning: str, seed: str = "002") -> Any:
    return option_field(default, spec, meaning, seed)


@dataclass(frozen=True)
class Rules:
    """All options of a President table. Build one from a preset with `find_preset(name).replace(...)`.

    Each field declares its kind and allowed values (`presidente.options`) next to its meaning; every value
    is checked against its declaration when a `Rules` is made."""

    name: str = _option("custom", text(40), "The preset this table started from (informative only).", "-")
    # --- seed 002's 18 room options ---
    turn_time: int = _option(20, whole(5, 60), "Seconds per turn before the automatic move is made.")
    decks: int = _option(1, whole(1, MAX_DECKS), "Number of 52-card decks shuffled together.")
    jokers_per_deck: int = _option(2, whole(0, 2), "Jokers in each deck.")
    keep_jokers: bool = _option(False, yes_no(), "Scum and High-Scum keep jokers in the card transfer when they can.")
    must_give_lowest: bool = _option(False, yes_no(), "President and Vice-President must give their lowest cards.")
    revolution: str = _option(
        "off",
        one_of("off", "strict", "relaxed", "jokers"),
        "Revolution on 4+ cards: off; strict (no jokers); relaxed (4 non-jokers); jokers (jokers count).",
    )
    revolution_ends_trick: bool = _option(False, yes_no(), "A revolution ends the current trick.")
    one_fewer_two: bool = _option(True, yes_no(), "N-1 cards of the best rank beat N other cards (N >= 2).")
    pass_mode: str = _option(
        "trick",
        one_of("turn", "trick", "single"),
        "turn: pass only this turn; trick: out for the trick; single: one move per trick.",
    )
    equalize: str = _option(
        "allow",
        one_of("disallow", "allow", "or-skip", "or-pass", "force-skip"),
        "Playing the same combo again: disallow; allow; or-skip / or-pass (next must equalize or skip /"
        " pass); force-skip (next player is skipped).",
    )
    equalize_ends_trick_by_scum: bool = _option(False, yes_no(), "The trick ends if the Scum equalizes.")
    equalize_ends_trick_by_non_scum: bool = _option(
        False, yes_no(), "The trick ends if a player who is not Scum equalizes."
    )
    first_equalize_only_by_scum: bool = _option(
        False, yes_no(), "Only the Scum, or a player required to equalize, may equalize."
    )
    four_in_a_row: str = _option(
        "off",
        one_of("off", "on", "by-equalizing"),
        "4 cards of one rank in a row end the trick: off; on; by-equalizing (only across plays).",
    )
    eight_rule: bool = _option(
        False,
        yes_no(),
        "8-rule (ender 8): a play of 8s ends the trick, a joker played alone as an 8 too; penalize_final_eight reads"
        " it. eight_cut is UECda's reading.",
    )
    penalize_final_two: bool = _option(False, yes_no(), "Going out with a 2 gets the worst unfilled rank.")
    penalize_final_joker: bool = _option(False, yes_no(), "Going out with a joker gets the worst unfilled rank.")
    first_trick: str = _option(
        "scum",
        one_of("scum", "president", "random", "special-three"),
        "Who leads the first trick of a round: scum, president, random, or special-three (the holder of the"
        " special 3, every round: UECda's 3 of diamonds).",
        "002/uecda",
    )
    # --- the special 3 and deal (seed 002) ---
    first_round_leader: str = _option(
        "special-three",
        one_of("special-three", "random"),
        "Without President/Vice-President: the holder of the special 3 leads and must play it, or a random player.",
    )
    special_three: str = _option("3C", card_of("3C", "3D", "3H", "3S"), "The special 3.")
    special_three_must_lead: bool = _option(
        True,
        yes_no(),
        'The holder of the special 3 who leads must play it (UECda: "they need not play it").',
        "002/uecda",
    )
    deal_extras: str = _option(
        "president-first",
        one_of("president-first", "lowest-first", "dealer-left"),
        "Who gets the extra cards of an uneven deal: president-first (deal starts with the President),"
        " lowest-first (lowest ranked players), dealer-left (deal starts left of the dealer, the Scum).",
        "001/002/004",
    )
    # --- jokers (seeds 001, 002, 003) ---
    joker_mode: str = _option(
        "wild",
        one_of("wild", "bga", "trump"),
        "wild: a joker stands for any card; bga: alone the highest card, with others a wild card;"
        " trump: a joker beats any set and wins the trick.",
        "001/002/003",
    )
    # --- players and roles ---
    min_players: int = _option(2, whole(2, 8), "Fewest players at the table.", "001/003/004")
    max_players: int = _option(8, whole(2, 8), "Most players at the table (at least min_players).", "001/003")
    two_player_hand: int = _option(
        0, whole(0, 26), "With 2 players each receives this many cards (0: deal all).", "001"
    )
    top_roles_min_players: int = _option(2, whole(2, 8), "Players needed for President and Scum to exist.", "001/002")
    vice_roles_min_players: int = _option(4, whole(2, 8), "Players needed for Vice-President and High-Scum.", "001/002")
    role_titles: tuple[str, ...] = _option(
        ("President", "Vice-President", "Neutral", "High-Scum", "Scum"),
        names(5, MAX_TITLE_CHARS),
        "Names of the five roles: first, second, others, second-last, last.",
        "001-004",
    )
    # --- card transfer ---
    exchange: str = _option(
        "trade",
        one_of("none", "trade", "draft"),
        "Between rounds: none; trade (roles swap cards); draft.",
        "002/004",
    )
    exchange_order: str = _option(
        "loser-first",
        one_of("loser-first", "winner-first", "in-return"),
        "loser-first: Scum gives first, then the President chooses; winner-first: both give at the same time,"
        " from the hands as dealt; in-return: the President gives, then the Scum gives its best cards back.",
        "001/002/004",
    )
    top_exchange_cards: int = _option(2, whole(0, 4), "Cards swapped between President and Scum.")
    vice_exchange_cards: int = _option(1, whole(0, 4), "Cards swapped between Vice-President and High-Scum.")
    draft_cards: int = _option(2, whole(1, 4), "Cards each player puts down and picks up in the draft.", "004")
    # --- trick rules from the other seeds ---
    revolution_cards: int = _option(4, whole(2, 8), "Cards in one play that make a revolution.", "001/002/003/004")
    revolution_scope: str = _option(
        "round", one_of("round", "trick"), "A revolution lasts until the round ends, or the trick ends.", "004"
    )
    best_rank_ends_trick: bool = _option(
        False, yes_no(), "A play of the best rank (2, or 3 in revolution) ends the trick.", "004"
    )
    no_equal_best: bool = _option(
        False, yes_no(), "The best card (2, 3 in revolution, joker) cannot be equalized.", "003"
    )
    penalize_final_best: bool = _option(
        False, yes_no(), "Going out with the best rank (2, or 3 in revolution) gets the worst unfilled rank.", "001"
    )
    penalize_final_eight: bool = _option(
        False, yes_no(), "Going out with an 8 while eight_rule is on gets the worst unfilled rank.", "001"
    )
    downfall: bool = _option(
        False, yes_no(), "A President (Minister with 2-3 players) who does not finish first is ranked last.", "001"
    )
    # --- Daifugo options (issue 12: UECda, Board Game Arena, Japanese tables); all off by default ---
    jack_back: bool = _option(
        False,
        yes_no(),
        "Jack back (11-back): a play holding a jack reverses the order of strength until the trick ends"
        " (another jack turns it back).",
        "uecda",
    )
    eight_cut: bool = _option(
        False,
        yes_no(),
        "8 cut: a play holding an 8 ends the trick, as eight_rule does, but a joker played alone is never an 8"
        " (UECda), and penalize_final_eight does not read it.",
        "uecda",
    )
    five_skip: bool = _option(
        False,
        yes_no(),
        "5 skip: each 5 in a play (a joker standing for one counts) skips one following player; a skip that"
        " comes round to the player who played ends the trick.",
        "issue 12",
    )
    nine_reverse: bool = _option(
        False,
        yes_no(),
        "9 reverse: a play holding a 9 reverses the turn order (once per play, whatever the count) for the rest"
        " of the round; another such play turns it back.",
        "issue 12",
    )
    seven_give: bool = _option(
        False,
        yes_no(),
        "7 give: after a play holding 7s the player gives as many cards of their choice as 7s played (a joker"
        " beside them counts) to the next player still in the round; giving the last card goes out.",
        "issue 12",
    )
    ten_discard: bool = _option(
        False,
        yes_no(),
        "10 discard: after a play holding 10s the player discards face up as many cards of their choice as 10s"
        " played (a joker beside them counts); discarding the last card goes out.",
        "issue 12",
    )
    spade_three_return: bool = _option(
        False,
        yes_no(),
        "Spade-3 return: the 3 of spades played alone beats a lone joker played as a single (the jokers'"
        " bga mode), and ends the trick.",
        "uecda",
    )
    suit_lock: bool = _option(
        False,
        yes_no(),
        "Suit lock (shibari): a play with exactly the suits of the play before it (no jokers in either) locks"
        " the trick to those suits; a joker played alone lifts the lock.",
        "uecda",
    )
    sequences: bool = _option(
        False,
        yes_no(),
        "Sequences (kaidan): cards of one suit over sequence_min or more consecutive ranks (a joker may stand for"
        " one card, 'JK=5H') are a play; a sequence answers only a sequence of the same length wholly above it.",
        "uecda",
    )
    sequence_min: int = _option(3, whole(2, 13), "The fewest cards in a sequence.", "uecda")
    sequence_wraps: bool = _option(
        False,
        yes_no(),
        "The 2 and the 3 connect in a sequence (K A 2 3); the cards past the best rank count above it.",
        "issue 12",
    )
    sequence_joker_ends: bool = _option(
        False,
        yes_no(),
        "A joker may extend a sequence past its ends, in a cell no card holds: below the 3 ('JK=<3S 3S 4S', the"
        " weakest) or above the 2 ('AS 2S JK=>2S', the strongest); it stands for no rank (UECda's columns 0, 14).",
        "uecda",
    )
    sequence_revolution: int = _option(
        0,
        whole(0, 13),
        "A sequence of this many cards or more makes a revolution (0: none; UECda: 5).",
        "uecda",
    )
    joker_suits: bool = _option(
        False,
        yes_no(),
        "A joker beside natural cards of one rank names the card it stands for ('JK=9H 9S'), and the suit lock reads"
        " its suit (UECda's table puts it in a suit's cell); in five of a kind it names none. One deck only.",
        "uecda",
    )
    number_lock: bool = _option(
        False,
        yes_no(),
        "Number lock (kaidan shibari): once a play of one rank is one rank above the play before it, every later"
        " play of the trick is one rank above the last; a joker played alone lifts it. With suit_lock: both.",
        "issue 12",
    )
    # --- the UECda match (issue 12); all off by default ---
    trick_end: str = _option(
        "others-passed",
        one_of("others-passed", "all-passed"),
        "When a trick ends: others-passed (when the turn would come back to the last player); all-passed (UECda:"
        " the last player may play again on their own play, and the table clears when every player still in has"
        " passed).",
        "002/uecda",
    )
    lead_pass: bool = _option(
        False,
        yes_no(),
        "A player who leads may pass (UECda); when every player still in has passed on an empty table, the same"
        " leader leads again.",
        "uecda",
    )
    pass_limit: int = _option(
        0,
        whole(0, 1000),
        "After this many passes in a row, every player still in gets a random remaining place (0: none; UECda: 20).",
        "uecda",
    )
    seat_shuffle: int = _option(
        0,
        whole(0, MAX_ROUNDS),
        "The seating order is drawn at random every this many rounds, from the first (0: never; UECda: 3); roles stay.",
        "uecda",
    )
    rank_reset: int = _option(
        0,
        whole(0, MAX_ROUNDS),
        "Every this many rounds, from the first, the roles are cleared: no card transfer that round (0: never;"
        " UECda: 100).",
        "uecda",
    )
    # --- scoring and match end ---
    scoring: str = _option(
        "beaten",
        one_of("beaten", "credit", "places"),
        "beaten: a point per player beaten; credit: start with credit and lose it by role; places: a point per"
        " player beaten and one more (UECda: 5, 4, 3, 2, 1).",
        "001/003/uecda",
    )
    target_score: int = _option(
        0, whole(0, MAX_SCORE), "The match ends when a player reaches this score (0: no target).", "001"
    )
    credit_start: int = _option(50, whole(1, MAX_SCORE), "Starting credit with credit scoring.", "003")
    credit_changes: tuple[int, ...] = _option(
        (5, 0, -5, -10, -15),
        whole_numbers(5, -MAX_CREDIT_CHANGE, MAX_CREDIT_CHANGE),
        "Credit change for President, Vice, Neutral, High-Scum, Scum.",
        "003",
    )
    rounds: int = _option(10, whole(0, MAX_ROUNDS), "The match ends after this many rounds (0: no limit).", "-")

    def __post_init__(self) -> None:
        check_values(self, _SPECS)
        if self.max_players < self.min_players:
            raise RulesError.of("max_players_below_min", min=self.min_players, max=self.max_players)
        if self.rounds == 0 and self.target_score == 0 and self.scoring != "credit":
            raise RulesError.of("no_match_end")
        if self.trick_end == "all-passed" and self.pass_mode != "trick":
            raise RulesError.of("all_passed_needs_trick_passes")
        if self.joker_suits and self.decks != 1:
            raise RulesError.of("joker_suits_needs_one_deck")
        if self.sequence_joker_ends and self.sequence_wraps:
            raise RulesError.of("joker_ends_need_no_wrap")
        if self.sequence_revolution and self.sequence_revolution < self.sequence_min:
            raise RulesError.of("sequence_revolution_below_min", min=self.sequence_min, value=self.sequence_revolution)

    def check_players(self, players: int) -> None:
        """Refuse, with a `RulesError`, a table of `players` seats these rules are not played by: the one check of
        the player count, which the engine, positions, the server, the environments and the arena all make.

        >>> find_preset("uecda").check_players(4)
        Traceback (most recent call last):
        ...
        presidente.errors.RulesError: uecda is played by 5 players, not 4.
        """
        low, high = self.min_players, self.max_players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            if low == high:
                raise RulesError.of("players_not_exact", rules=self.name, count=low, players=shown_param(players))
            raise RulesError.of(
                "players_out_of_range", rules=self.name, min=low, max=high, players=shown_param(players)
            )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown option names are refused."""
        return dataclasses.replace(self, **check_names(changes, _SPECS))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Options as saved by `to_dict` (or a subset: missing options take the defaults).

        Any JSON value is refused with a `RulesError` naming the option, as `presidente.options` says."""
        return cls(**check_names(data, _SPECS))


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


# Every field's declaration, named; `name` is a label, not an option, so it is not listed.
_SPECS = declarations(Rules)
_CHOICES: dict[str, tuple[str, ...]] = {spec.name: spec.choices for spec in _SPECS if spec.kind == CHOICE}


def option_specs() -> tuple[OptionSpec, ...]:
    """The declaration of every option (kind, bounds, choices, meaning, seed, default), in field order."""
    return tuple(spec for spec in _SPECS if spec.name != "name")


def option_meanings() -> list[tuple[str, str, str]]:
    """(option, meaning, seed) for every option, in declaration order."""
    return [(spec.name, spec.meaning, spec.seed) for spec in option_specs()]


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
    exchange_order="in-return",
)

# UECda, the computer Daihinmin competition: exactly what its official server `tndhms` enforces with its default
# configuration (`../shared/uecda/`; docs/rules.md gives the sentence and the server code behind each value).
_UECDA = Rules(
    name="uecda",
    decks=1,
    jokers_per_deck=1,
    joker_mode="bga",
    keep_jokers=False,
    revolution="jokers",
    revolution_cards=4,
    one_fewer_two=False,
    pass_mode="trick",
    equalize="disallow",
    first_trick="special-three",
    first_round_leader="special-three",
    special_three="3D",
    special_three_must_lead=False,
    deal_extras="president-first",
    min_players=5,
    max_players=5,
    top_roles_min_players=2,
    vice_roles_min_players=4,
    role_titles=("Daifugo", "Fugo", "Heimin", "Hinmin", "Daihinmin"),
    exchange_order="loser-first",
    top_exchange_cards=2,
    vice_exchange_cards=1,
    eight_cut=True,
    spade_three_return=True,
    suit_lock=True,
    joker_suits=True,
    sequences=True,
    sequence_min=3,
    sequence_joker_ends=True,
    sequence_revolution=5,
    trick_end="all-passed",
    lead_pass=True,
    pass_limit=20,
    seat_shuffle=3,
    rank_reset=100,
    scoring="places",
    rounds=1000,
)

# A common Japanese Daifugo table: pagat.com's Dai Fugo (53 cards, the exchange, the loser deals) with the local
# rules most tables play (docs/rules.md lists each choice and its source).
_DAIFUGO = Rules(
    name="daifugo",
    jokers_per_deck=1,
    joker_mode="bga",
    revolution="jokers",
    revolution_cards=4,
    one_fewer_two=False,
    pass_mode="trick",
    equalize="disallow",
    first_trick="scum",
    first_round_leader="special-three",
    special_three="3D",
    special_three_must_lead=False,
    deal_extras="dealer-left",
    min_players=3,
    max_players=6,
    top_roles_min_players=3,
    vice_roles_min_players=4,
    role_titles=("Daifugo", "Fugo", "Heimin", "Hinmin", "Daihinmin"),
    exchange_order="loser-first",
    top_exchange_cards=2,
    vice_exchange_cards=1,
    penalize_final_two=True,
    penalize_final_joker=True,
    downfall=True,
    eight_cut=True,
    jack_back=True,
    spade_three_return=True,
    suit_lock=True,
    sequences=True,
    sequence_min=3,
    sequence_revolution=4,
    scoring="places",
    rounds=10,
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
        Preset("uecda", "uecda", "UECda, the computer Daihinmin competition's official server", _UECDA, ("daihinmin",)),
        Preset("daifugo", "issue 12", "A common Japanese Daifugo table", _DAIFUGO, ("daifugou", "japanese")),
    )
}


def find_preset(name: str) -> Rules:
    """The rules of a preset, found by name or alias (any case); a long unknown name is cut in the error."""
    key = name.strip().lower() if isinstance(name, str) else None
    for preset in PRESETS.values():
        if key == preset.name or key in preset.aliases:
            return preset.rules
    raise RulesError.of("unknown_preset", preset=shown(name), presets=", ".join(PRESETS))


# ----------------------------------------------------------------- options written as text

_TRUE = ("on", "true", "1", "yes")
_FALSE = ("off", "false", "0", "no")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")


def parse_option(text: str) -> tuple[str, Any]:
    """One `key=value` option, its value read by the option's declared kind and checked against it.

    Yes/no options read on/off, true/false, yes/no or 1/0; choices any case; lists are comma-separated.

    >>> parse_option("eight_rule=on"), parse_option("decks=2"), parse_option("credit_changes=5,0,-5,-10,-15")
    (('eight_rule', True), ('decks', 2), ('credit_changes', (5, 0, -5, -10, -15)))
    >>> parse_option("credit_changes=5, 0, x, -10, -15")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    presidente.errors.RulesError: credit_changes must give five numbers, each a whole number from ...; item 3 is 'x'.
    """
    name, equals, value = text.partition("=")
    name, value = name.strip().replace("-", "_"), value.strip()
    if not equals or not name:
        raise RulesError.of("not_key_value", text=shown(text))
    specs = {spec.name: spec for spec in option_specs()}
    if name not in specs:
        raise RulesError.of("unknown_option", option=shown(name))
    spec = specs[name]
    return name, spec.check(_read_value(spec, value))


def _read_value(spec: OptionSpec, text: str) -> Any:
    """The text as the value its kind takes; text that is no such value is left for the check to refuse."""
    if spec.kind == BOOL:
        if text.lower() not in _TRUE + _FALSE:
            raise RulesError.of("not_on_off", option=spec.name, value=shown_param(text))
        return text.lower() in _TRUE
    if spec.kind == WHOLE:
        return _whole_number(text)
    if spec.kind == CHOICE:
        return next((choice for choice in spec.choices if choice == text.lower()), text)
    if spec.kind == WHOLE_LIST:
        return [_whole_number(item.strip()) for item in text.split(",")]
    if spec.kind == NAME_LIST:
        return [item.strip() for item in text.split(",")]
    return text


def _whole_number(text: str) -> int | str:
    # At most 30 digits: no option takes more, and Python refuses to read over 4,300.
    return int(text) if _WHOLE_NUMBER.fullmatch(text) else text


def build_rules(preset: str, options: Iterable[str] = ()) -> Rules:
    """The preset's rules with `key=value` options applied (the Rules checks run on the result).

    >>> build_rules("college", ["eight_rule=off"]).eight_rule
    False
    """
    changes = dict(parse_option(text) for text in options)
    return find_preset(preset).replace(**changes)
