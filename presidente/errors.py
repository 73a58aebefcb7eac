"""The errors every engine raises: all are `ValueError` subclasses, each with a code, its parameters and a
message meant for people.

A refusal's reason is data, as lichess sends it: a stable snake_case `code` and JSON-ready `params` (cards in
their text form like "3H", seats and counts as numbers, option names and bounds), so that a client writes the
reason in its player's language from its own catalog. The English message is written from `CODES`, the one
catalog of every code the engines raise: its parameters and its English sentence (a `str.format` template, with
plurals as `{count:card|cards}` — see `english`). `docs/errors.md` is generated from it
(`python -m presidente.errors`), and tests check that every code raised is declared and every declared code
raised.

A server turns any of these errors into an error message for the one client that caused it (`as_dict`); the
state that raised never changes. An error made from a message alone (the server's own, a position's or a
record's) carries its class's `default_code` and no parameters.

>>> error = IllegalActionError.of("does_not_beat", play="3H", top="4S")
>>> error.code, error.params, str(error)
('does_not_beat', {'play': '3H', 'top': '4S'}, 'That does not beat the last play: play higher, or pass.')
>>> english("wrong_size", {"size": 1}), english("wrong_size", {"size": 3})
('This trick is played with 1 card.', 'This trick is played with 3 cards.')
"""

from __future__ import annotations

import string
import sys
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Self

Param = str | int
NO_PARAMS: Mapping[str, Param] = MappingProxyType({})
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class Code(NamedTuple):
    """A declared code: the names of its parameters and its English sentence (a template of them)."""

    params: tuple[str, ...]
    english: str


def _code(params: str, english: str) -> Code:
    return Code(tuple(params.split()), english)


_ONE_RANK = "A play is cards of one rank (jokers may join them)"
_OR_SEQUENCE = f"{_ONE_RANK}, or a sequence of one suit like '3H 4H 5H'."
_EL_PRESIDENTE_HELP = "Write 'attack 7C', 'throw 7D 7H', 'beat 10D', 'concede', 'take' or 'pass'."

# Every code the engines raise, grouped by where it is raised. Parameters named `value`, `text` and `item` hold
# what was sent, as the message repeats it (a whole number as itself, anything else a short repr cut to 40
# characters); `play`, `cards`, `top` and `card` hold cards in their text form; `seat` a seat number; `option` an
# option's name.
CODES: dict[str, Code] = {
    # cards.py: reading cards (ActionSyntaxError)
    "not_a_rank": _code("text", "{text} is not a rank: use A, 2-10, J, Q or K."),
    "not_a_card": _code(
        "text",
        "{text} is not a card: write rank then suit, like 7H, 10S, QD or AC (suits C D H S, or their symbols),"
        " or JK for a joker.",
    ),
    "bad_repeat_count": _code("text", "{text}: a repeat count after 'x' must be a positive number."),
    "no_cards": _code("", "No cards given."),
    # options.py: an option's value against its declaration (RulesError)
    "not_a_whole_number": _code(
        "option value min max", "{option} must be a whole number, not {value} (from {min} to {max})."
    ),
    "out_of_bounds": _code("option value min max", "{option} must be a whole number from {min} to {max}, not {value}."),
    "not_true_or_false": _code("option value", "{option} must be true or false, not {value}."),
    "not_a_choice": _code("option value choices", "{option} must be one of {choices}, not {value}."),
    "bad_text": _code(
        "option value max_chars", "{option} must be text of 1 to {max_chars} printable characters, not {value}."
    ),
    "bad_text_or_null": _code(
        "option value max_chars",
        "{option} must be text of 1 to {max_chars} printable characters, or null, not {value}.",
    ),
    "bad_number_list": _code(
        "option value count min max",
        "{option} must give {count:words} numbers, each a whole number from {min} to {max}, not {value}.",
    ),
    "bad_number_list_item": _code(
        "option count min max index item",
        "{option} must give {count:words} numbers, each a whole number from {min} to {max}; item {index} is {item}.",
    ),
    "bad_name_list": _code(
        "option value count max_chars",
        "{option} must give {count:words} names, each of 1 to {max_chars} printable characters, not {value}.",
    ),
    "bad_name_list_item": _code(
        "option count max_chars index item",
        "{option} must give {count:words} names, each of 1 to {max_chars} printable characters; item {index} is"
        " {item}.",
    ),
    "options_not_an_object": _code("value", "Options must be an object of option names and values, not {value}."),
    "unknown_options": _code("names more", "Unknown option(s): {names}{more:|, and # more|, and # more}."),
    "unknown_el_presidente_options": _code(
        "names more", "Unknown El Presidente option(s): {names}{more:|, and # more|, and # more}."
    ),
    # president/rules.py: options that go together, presets, options written as text (RulesError)
    "max_players_below_min": _code("min max", "max_players must be at least min_players ({min}), not {max}."),
    "no_match_end": _code("", "A match needs an end: set rounds or target_score."),
    "all_passed_needs_trick_passes": _code(
        "",
        'trick_end="all-passed" needs pass_mode="trick": the table clears when every player still in has passed,'
        " so a pass must hold until then.",
    ),
    "joker_suits_needs_one_deck": _code(
        "", "joker_suits needs decks=1: a joker names a card no other card of the play is."
    ),
    "joker_ends_need_no_wrap": _code(
        "",
        "sequence_joker_ends needs sequence_wraps=off: where the 2 and the 3 connect, the cell past the 2 is the 3,"
        " not an end.",
    ),
    "sequence_revolution_below_min": _code(
        "min value", "sequence_revolution must be 0 or at least sequence_min ({min}), not {value}."
    ),
    "players_out_of_range": _code(
        "rules min max players", "{rules} is played by {min} to {max} players, not {players}."
    ),
    "players_not_exact": _code("rules count players", "{rules} is played by {count} players, not {players}."),
    "unknown_preset": _code("preset presets", "Unknown preset {preset}: choose one of {presets}."),
    "not_key_value": _code("text", "Write an option as key=value, like equalize=disallow, not {text}."),
    "unknown_option": _code("option", "Unknown option {option}: `presidente rules` lists every option."),
    "not_on_off": _code("option value", "{option} is on or off (also true/false, yes/no, 1/0), not {value}."),
    # president/actions.py: reading an action (ActionSyntaxError)
    "play_without_cards": _code("", "A play needs at least one card."),
    "name_each_joker": _code("", "Name the card each joker stands for, like 'JK=9H 9S'."),
    "joker_names_held_card": _code("", "A joker stands for a card the play does not hold already."),
    "sequence_declares_rank": _code("", "A sequence names the card each joker stands for, like 'JK=5H'."),
    "rank_declared_beside_cards": _code("", "Only a play made of jokers alone can say which rank it stands for."),
    "empty_play": _code("", "Name the cards to play, like '7H 7S' (or 'play 7H 7S')."),
    "only_jokers_stand_in": _code("name value", "Only a joker stands for a card: write 'JK={value}', not '{name}='."),
    "jokers_missing_before_equals": _code("", "Name the jokers before '=', like 'JK=7' (jokers standing for 7s)."),
    "rank_missing_after_equals": _code("", "Name the rank the jokers stand for after '=', like 'JK=7'."),
    "jokers_alone_name_no_card": _code(
        "", "Jokers alone name no card: type 'JK', or 'JK=7' where they stand for a rank."
    ),
    "not_one_rank": _code("", f"{_ONE_RANK}."),
    "sequence_joker_unnamed": _code(
        "", f"{_OR_SEQUENCE} In a sequence each joker names the card it stands for, like 'JK=5H'."
    ),
    "joker_card_needs_sequence": _code(
        "", "A joker names a card only in a sequence with natural cards, like '3H 4H JK=5H'."
    ),
    "joker_stands_for_joker": _code("", "A joker stands for a natural card, like 'JK=5H'."),
    "sequence_not_one_suit": _code("", f"{_OR_SEQUENCE} A sequence holds each rank once, all of one suit."),
    "sequence_not_consecutive": _code("", f"{_OR_SEQUENCE} The ranks of a sequence follow each other (3 4 5)."),
    "empty_action": _code("", "Empty action: type cards to play (like '7H 7S'), or 'pass'."),
    "pass_alone": _code("", "'pass' stands alone: type just 'pass'."),
    "verb_needs_cards": _code("verb", "Name the cards to {verb} after '{verb}', like '{verb} 3C 4D'."),
    "verb_needs_seat": _code("verb", "'{verb}' needs a seat number, like '{verb} 2'."),
    # president/trick.py: a play the rules refuse now (IllegalActionError); `play` is the play refused
    "special_three_first": _code("play", "The first trick starts with the special 3: lead a play that includes it."),
    "sequence_trick": _code(
        "play size", "This trick is played with sequences of {size} cards: play a sequence, or pass."
    ),
    "wrong_size": _code("play size", "This trick is played with {size} {size:card|cards}."),
    "number_locked": _code(
        "play rank", "The trick is number-locked: play {rank} (one rank above the last play), or pass."
    ),
    "number_locked_at_top": _code(
        "play", "The trick is number-locked: play nothing (one rank above the last play), or pass."
    ),
    "must_equal": _code("play top", "You must play the same as the last play, or pass."),
    "does_not_beat": _code("play top", "That does not beat the last play: play higher, or pass."),
    "no_sequences": _code("play", "Sequences are not played at this table: play cards of one rank."),
    "sequence_too_short": _code("play min", "A sequence holds at least {min} cards."),
    "joker_below_three": _code("play", "A joker does not stand below the 3 in a sequence at this table."),
    "joker_above_two": _code("play", "A joker does not stand above the 2 in a sequence at this table."),
    "two_three_not_connected": _code("play", "The 2 and the 3 do not connect in a sequence at this table."),
    "joker_too_far": _code("play", "A joker extends a sequence by one cell at most: below the 3 or above the 2."),
    "sequence_answers_sequence": _code("play", "A sequence answers only a sequence: play cards of one rank, or pass."),
    "wrong_sequence_size": _code("play size", "This trick is played with sequences of {size} cards."),
    "sequence_not_above": _code(
        "play top",
        "A sequence must be wholly above the last one (every card above its highest): play higher, or pass.",
    ),
    "no_equal_plays": _code("play", "Equal plays are not allowed here: play higher, or pass."),
    "lone_joker_not_equalled": _code("play", "The Joker played alone cannot be skipped."),
    "best_not_equalled": _code("play", "You can't skip with the best card."),
    "only_scum_equalizes": _code("play", "Only the Scum may equalize here."),
    "owed_first": _code("play verb count", "First {verb} {count} {count:card|cards}."),
    "not_held": _code("cards count", "You do not hold {cards}{count:| that many times}."),
    "trump_jokers_alone": _code("play", "Trump jokers are played on their own."),
    "declare_joker_rank": _code("play", "Say which rank the jokers stand for, like 'JK=7'."),
    "jokers_declare_no_rank": _code("play", "Jokers alone do not stand for a rank in this game: play 'JK'."),
    "jokers_name_no_card": _code(
        "play instead", "Jokers beside natural cards name no card at this table: play '{instead}'."
    ),
    "name_each_joker_card": _code("play", "Name the card each joker stands for, like 'JK=9H 9S'."),
    "suit_locked": _code("play suits", "The trick is locked to the suits {suits}: play cards of those suits, or pass."),
    "too_many_actions": _code(
        "", "Too many plays to list one by one (a huge multi-deck hand): use legal_play_counts()."
    ),
    # president/state.py: moves out of turn or out of phase, the transfer, the draft, seats (IllegalActionError)
    "match_over": _code("", "The match is over."),
    "waiting_for_players": _code("", "The table is waiting for players."),
    "not_your_turn": _code("seat", "It isn't your turn: seat {seat} is to move."),
    "not_your_seat": _code("seat", "You can only leave or join your own seat."),
    "lead_cannot_pass": _code("", "You lead this trick: passing is not allowed when starting a trick."),
    "not_a_play_move": _code("action", "'{action}' is not a move during play: play cards or pass."),
    "must_give_now": _code("action", "Now you must give cards ('give 3H 4C'), not '{action}'."),
    "must_place_now": _code("action", "Now you must put cards down for the draft ('give 3H 4C'), not '{action}'."),
    "must_take_now": _code("action", "Now you must take cards from the draft ('take 9S KD'), not '{action}'."),
    "no_one_to_move": _code("", "No one is to move."),
    "owed_one_at_a_time": _code(
        "action verb count", "First {verb} {count} {count:card|cards}, one at a time ('{verb} 3H')."
    ),
    "give_count": _code("count size", "Give exactly {count} {count:card|cards}, not {size}."),
    "take_count": _code("count size", "Take exactly {count} {count:card|cards}, not {size}."),
    "not_in_draft_pool": _code("cards", "{cards} is not in the draft pool."),
    "no_such_seat": _code("seat last", "There is no seat {seat}: seats are 0 to {last}."),
    "seat_taken": _code("seat", "Seat {seat} is taken."),
    "seat_empty": _code("seat", "Seat {seat} is empty."),
    # elpresidente/actions.py (ActionSyntaxError)
    "attack_without_cards": _code("", "Play at least one card."),
    "name_the_cards": _code("", f"Name the cards to play. {_EL_PRESIDENTE_HELP}"),
    "no_jokers": _code("", "El Presidente is played without jokers."),
    "card_twice": _code("", "A card appears twice: there is only one pack."),
    "not_an_el_presidente_action": _code("text", f"{{text}} is not an El Presidente action. {_EL_PRESIDENTE_HELP}"),
    "beat_one_card": _code("", "The defender beats with exactly one card."),
    # elpresidente/rules.py (RulesError)
    "teams_not_sizes": _code("value", "teams must be sizes joined by 'v', like 2v2 or 2v2v2, not {value}."),
    "teams_unequal": _code("value", "teams must be of equal size so that team-mates can sit apart, not {value}."),
    "teams_players": _code("teams needed players", "teams {teams} need {needed} players, not {players}."),
    # elpresidente/state.py (IllegalActionError, NotYourTurnError)
    "no_seat_at_table": _code("seat players", "There is no seat {seat} at a table of {players}."),
    "not_your_turn_to_act": _code("seat phase", "It isn't your turn: seat {seat} is to act ({phase})."),
    "attack_expected": _code(
        "action", "'{action}' is not allowed now: the attacker plays one card or several equal cards."
    ),
    "throw_in_expected": _code(
        "action", "'{action}' is not allowed now: throw in cards equal in rank to the top card, or pass."
    ),
    "beat_expected": _code(
        "action", "'{action}' is not allowed now: the defender beats the top card with one card, or concedes."
    ),
    "pick_up_expected": _code("action", "'{action}' is not allowed now: take the battle pile, or pass."),
    "attack_not_one_rank": _code("", "An attack is one card or several cards of the same rank."),
    "throw_in_wrong_rank": _code("rank", "Only cards of rank {rank} can be thrown in now."),
    "card_does_not_beat": _code(
        "card top", "{card} does not beat {top}: play the same rank, or a higher card of the same suit."
    ),
}


class _English(string.Formatter):
    """`str.format` with one addition for plurals, ICU's select on a number in small: `{n:one|many}` writes
    `one` when n is 1 and `many` otherwise, `{n:zero|one|many}` also `zero` when n is 0, a `#` in the chosen
    text standing for n; `{n:words}` writes n as a word up to ten ("five")."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "words":
            return NUMBER_WORDS[value] if 0 <= value < len(NUMBER_WORDS) else str(value)
        if "|" in format_spec:
            forms = format_spec.split("|")
            if len(forms) == 3 and value == 0:
                return forms[0].replace("#", str(value))
            return forms[-2 if value == 1 else -1].replace("#", str(value))
        return format(value, format_spec)


_ENGLISH = _English()


# The templates with plural or word forms; the others are filled by `str.format_map`, in C.
_FORMS = frozenset(code for code, declared in CODES.items() if "|" in declared.english or ":words}" in declared.english)


def english(code: str, params: Mapping[str, Param]) -> str:
    """The English sentence of `code` with its parameters."""
    template = CODES[code].english
    return _ENGLISH.vformat(template, (), params) if code in _FORMS else template.format_map(params)


class Refusal(NamedTuple):
    """A reason as a value, for the rules' predicates (`TrickMixin.shape_error` and the others), which return one
    or None: callers that only ask "legal?" test `is None`, and a refusal without parameters is a module constant,
    so asking costs no allocation."""

    code: str
    params: Mapping[str, Param] = NO_PARAMS

    @property
    def message(self) -> str:
        return english(self.code, self.params)


class PresidenteError(ValueError):
    """Base of every error the engines raise on bad input."""

    default_code: ClassVar[str] = "error"

    def __init__(self, message: str, code: str | None = None, params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.params: dict[str, Param] = dict(params) if params else {}

    @classmethod
    def of(cls, code: str, **params: Param) -> Self:
        """The error of a declared code, its message the code's English sentence."""
        return cls(english(code, params), code, params)

    @classmethod
    def refusing(cls, refusal: Refusal, **more: Param) -> Self:
        """The error of a predicate's refusal, with those of the parameters `more` (the play refused, the top play)
        that its code declares."""
        declared = CODES[refusal.code].params
        params = {**refusal.params, **{name: value for name, value in more.items() if name in declared}}
        return cls(english(refusal.code, params), refusal.code, params)

    def as_dict(self) -> dict[str, Any]:
        """`{"code": ..., "params": {...}, "message": ...}`, ready for JSON."""
        return {"code": self.code, "params": dict(self.params), "message": self.message}

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled with its code and parameters (a process pool sends errors back), not its message alone.
        return type(self), (self.message, self.code, self.params)


class ActionSyntaxError(PresidenteError):
    """Text that is not an action or a card at all: "7X", "play", "3H 3H 3H 3H 3H 3H"."""

    default_code = "bad_action"


class IllegalActionError(PresidenteError):
    """A well-formed action that the rules do not allow now."""

    default_code = "illegal_action"


class NotYourTurnError(IllegalActionError):
    """A well-formed action by a seat that is not to move."""

    default_code = "not_your_turn"


class RulesError(PresidenteError):
    """A bad option value or an unknown preset."""

    default_code = "bad_rules"


class RecordError(PresidenteError):
    """A saved record that cannot be read or does not replay (one code: the message says what, for developers)."""

    default_code = "bad_record"


class PositionError(RecordError):
    """A saved position that cannot be read, or that no table of its game could hold (both engines raise it; one
    code: the message says what, for developers)."""

    default_code = "bad_position"


ERROR_CLASSES = (
    PresidenteError,
    ActionSyntaxError,
    IllegalActionError,
    NotYourTurnError,
    RulesError,
    RecordError,
    PositionError,
)


def catalog_markdown() -> str:
    """docs/errors.md: every code, its parameters and its English sentence; then each class's default code."""
    lines = [
        "# Error codes",
        "",
        "Generated by `.venv/bin/python -m presidente.errors > docs/errors.md` from `presidente/errors.py`",
        "(`CODES`); `tests/test_error_codes.py` checks that this file is current, that every code is raised",
        "somewhere in the engines and every code raised is declared here.",
        "",
        "Every engine error carries a `code`, its `params` and an English `message` (`as_dict()`). The English",
        "sentence is a `str.format` template of the parameters; `{n:one|many}` picks a form by the number",
        "(`{n:zero|one|many}` also for 0; `#` is the number) and `{n:words}` writes it as a word. Parameters",
        "named `value`, `text` and `item` repeat what was sent as the message does (a whole number as itself,",
        "anything else a short repr cut to 40 characters); `play`, `cards`, `card` and `top` are cards in their text",
        'form ("3H", "JK"); `seat` a seat number; `option` an option\'s name; `verb` and `action` an action\'s',
        "text form. A play refused by `apply` carries `play` (and `top`, the play it failed to beat or equal); the",
        "same refusal asked of a rules predicate (`shape_error`) comes without them.",
        "",
        "| code | params | English |",
        "|---|---|---|",
    ]
    for name, code in CODES.items():
        params = ", ".join(f"`{param}`" for param in code.params)
        sentence = code.english.replace("|", "\\|")
        lines.append(f"| `{name}` | {params} | {sentence} |")
    lines += [
        "",
        "An error made from a message alone carries its class's default code and no parameters: the server's own",
        "refusals for now, and positions and records, whose message says what is wrong for developers.",
        "",
        "| class | default code |",
        "|---|---|",
    ]
    lines += [f"| `{cls.__name__}` | `{cls.default_code}` |" for cls in ERROR_CLASSES]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(catalog_markdown())
