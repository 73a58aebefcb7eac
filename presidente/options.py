"""How an engine option is declared: its kind and the values it takes, as one `OptionSpec`.

Each engine declares each of its options once, in its rules module, and its `Rules` checks every value
against the declaration; the command line, the server's catalogue and the lobby form read the same
declarations through the engine's `option_specs()`. A value that does not fit raises a `RulesError` that
names the option and says what it may be, whatever the value is: any JSON value (a dict, nested lists,
None, a float, a huge number, a huge string or one with lone surrogates) is refused that way, never with a
TypeError. A bad value is repeated in the message cut to `SHOWN` characters.

>>> whole(5, 60).named("turn_time").check(61)
Traceback (most recent call last):
...
presidente.errors.RulesError: turn_time must be a whole number from 5 to 60, not 61.
>>> spec = whole_numbers(5, -99, 99).named("credit_changes")
>>> spec.check([5, 0, -5, -10, -15])
(5, 0, -5, -10, -15)
>>> spec.check(["5", 0, -5, -10, -15])
Traceback (most recent call last):
...
presidente.errors.RulesError: credit_changes must give five numbers, each a whole number from -99 to 99; item 1 is '5'.
>>> one_of("off", "on").named("four_in_a_row").check("x" * 10**6)
Traceback (most recent call last):
...
presidente.errors.RulesError: four_in_a_row must be one of off, on, not 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'.
"""

from __future__ import annotations

import dataclasses
import reprlib
from dataclasses import dataclass
from typing import Any

from presidente.errors import NUMBER_WORDS, Param, RulesError

# The kinds of option, as the catalogue names them.
BOOL = "bool"  # true or false
WHOLE = "int"  # a whole number from `minimum` to `maximum`
CHOICE = "choice"  # one of `choices`, exactly
CARD = "card"  # one of `choices`, card names read in any case ("3h" is 3H)
WHOLE_LIST = "int_list"  # `length` whole numbers, each from `item_min` to `item_max`
NAME_LIST = "name_list"  # `length` names, each of 1 to `max_chars` printable characters
TEXT = "text"  # 1 to `max_chars` printable characters (or null when `nullable`)
KINDS = (BOOL, WHOLE, CHOICE, CARD, WHOLE_LIST, NAME_LIST, TEXT)

# A bad value is repeated in an error message cut to this many characters: a form may send megabytes.
SHOWN = 40


class _ShortRepr(reprlib.Repr):
    """reprlib, except that a number too long to print (Python refuses over 4,300 digits) is described."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 256:
            return f"a {x.bit_length()}-bit number"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()
_SHORT.maxstring = _SHORT.maxother = SHOWN
_SHORT.maxlevel = 3


def shown(value: Any) -> str:
    """A value as an error message repeats it: a short repr (lone surrogates escaped), never failing."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a repr that fails: say what it was instead
        text = f"a {type(value).__name__}"
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def shown_param(value: Any) -> Param:
    """A value as an error's parameter repeats it: a whole number as itself (when JSON's numbers hold it exactly),
    anything else `shown`."""
    return value if _is_whole(value) and abs(value) <= 2**53 else shown(value)


def shown_name(name: Any) -> str:
    """An option or preset name as a message repeats it: as written when short and printable, else `shown`."""
    if isinstance(name, str) and name.isprintable() and len(name) <= SHOWN:
        return name
    return shown(name)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value: Any, low: int | None, high: int | None) -> bool:
    return _is_whole(value) and low is not None and high is not None and low <= value <= high


def _is_name(value: Any, max_chars: int | None) -> bool:
    return (
        isinstance(value, str)
        and max_chars is not None
        and 1 <= len(value) <= max_chars
        and value.isprintable()
        and not value.isspace()
    )


@dataclass(frozen=True)
class OptionSpec:
    """One option: its kind and allowed values (see the kinds above), and once named, its meaning and default.

    For the list kinds `length` is the exact number of items; `minimum`/`maximum` bound a whole number,
    `item_min`/`item_max` each item of a list of whole numbers."""

    kind: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    length: int | None = None
    item_min: int | None = None
    item_max: int | None = None
    max_chars: int | None = None
    nullable: bool = False
    name: str = ""
    meaning: str = ""
    seed: str = ""
    default: Any = None

    def named(self, name: str, meaning: str = "", seed: str = "", default: Any = None) -> OptionSpec:
        return dataclasses.replace(self, name=name, meaning=meaning, seed=seed, default=default)

    def allowed(self) -> str:
        """The values allowed, in words: "a whole number from 5 to 60", "five names, each of ..."."""
        if self.kind == BOOL:
            return "true or false"
        if self.kind == WHOLE:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind in (CHOICE, CARD):
            return f"one of {', '.join(self.choices)}"
        if self.kind == TEXT:
            return f"text of 1 to {self.max_chars} printable characters" + (", or null" if self.nullable else "")
        count = _count(self.length)
        if self.kind == WHOLE_LIST:
            return f"{count} numbers, each a whole number from {self.item_min} to {self.item_max}"
        return f"{count} names, each of 1 to {self.max_chars} printable characters"

    def requirement(self) -> str:
        """What a value must be, as an error message says it: "be true or false", "give five numbers, ..."."""
        return ("give " if self.kind in (WHOLE_LIST, NAME_LIST) else "be ") + self.allowed()

    def check(self, value: Any) -> Any:
        """The value itself (a list as a tuple, a card name in capitals) if allowed; else a `RulesError`."""
        if self.kind in (WHOLE_LIST, NAME_LIST):
            return self._check_list(value)
        if self.kind == BOOL and isinstance(value, bool):
            return value
        if self.kind == WHOLE:
            assert self.minimum is not None and self.maximum is not None
            bounds = {"option": self.name, "value": shown_param(value), "min": self.minimum, "max": self.maximum}
            if not _is_whole(value):
                # Says what was wrong first: the value is no whole number at all.
                raise RulesError.of("not_a_whole_number", **bounds)
            if _within(value, self.minimum, self.maximum):
                return value
            raise RulesError.of("out_of_bounds", **bounds)
        if self.kind == CHOICE and isinstance(value, str) and value in self.choices:
            return value
        if self.kind == CARD and isinstance(value, str) and value.upper() in self.choices:
            return value.upper()
        if self.kind == TEXT and ((value is None and self.nullable) or _is_name(value, self.max_chars)):
            return value
        if self.kind == BOOL:
            raise RulesError.of("not_true_or_false", option=self.name, value=shown_param(value))
        if self.kind in (CHOICE, CARD):
            raise RulesError.of(
                "not_a_choice", option=self.name, value=shown_param(value), choices=", ".join(self.choices)
            )
        assert self.max_chars is not None
        code = "bad_text_or_null" if self.nullable else "bad_text"
        raise RulesError.of(code, option=self.name, value=shown_param(value), max_chars=self.max_chars)

    def _check_list(self, value: Any) -> tuple[Any, ...]:
        assert self.length is not None
        numbers = self.kind == WHOLE_LIST
        if numbers:
            assert self.item_min is not None and self.item_max is not None
            bounds: dict[str, Param] = {
                "option": self.name,
                "count": self.length,
                "min": self.item_min,
                "max": self.item_max,
            }
        else:
            assert self.max_chars is not None
            bounds = {"option": self.name, "count": self.length, "max_chars": self.max_chars}
        if not isinstance(value, list | tuple) or len(value) != self.length:
            raise RulesError.of("bad_number_list" if numbers else "bad_name_list", **bounds, value=shown_param(value))
        for index, item in enumerate(value, 1):
            fits = _within(item, self.item_min, self.item_max) if numbers else _is_name(item, self.max_chars)
            if not fits:
                code = "bad_number_list_item" if numbers else "bad_name_list_item"
                raise RulesError.of(code, **bounds, index=index, item=shown_param(item))
        return tuple(value)

    def to_json(self) -> dict[str, Any]:
        """The declaration as plain JSON data, for the catalogue the lobby form is built from."""
        data = dataclasses.asdict(self)
        data["choices"] = list(self.choices)
        data["default"] = list(self.default) if isinstance(self.default, tuple) else self.default
        data["allowed"] = self.allowed()
        data["requirement"] = self.requirement()
        return data


def _count(length: int | None) -> str:
    if length is not None and 0 <= length < len(NUMBER_WORDS):
        return NUMBER_WORDS[length]
    return str(length)


def yes_no() -> OptionSpec:
    return OptionSpec(BOOL)


def whole(minimum: int, maximum: int) -> OptionSpec:
    return OptionSpec(WHOLE, minimum=minimum, maximum=maximum)


def one_of(*choices: str) -> OptionSpec:
    return OptionSpec(CHOICE, choices=choices)


def card_of(*cards: str) -> OptionSpec:
    return OptionSpec(CARD, choices=cards)


def whole_numbers(length: int, item_min: int, item_max: int) -> OptionSpec:
    return OptionSpec(WHOLE_LIST, length=length, item_min=item_min, item_max=item_max)


def names(length: int, max_chars: int) -> OptionSpec:
    return OptionSpec(NAME_LIST, length=length, max_chars=max_chars)


def text(max_chars: int, nullable: bool = False) -> OptionSpec:
    return OptionSpec(TEXT, max_chars=max_chars, nullable=nullable)


# --- what a rules dataclass uses: fields that declare an option, and the checks made from them


def option_field(default: Any, spec: OptionSpec, meaning: str, seed: str) -> Any:
    """A dataclass field holding an option: its default, and in its metadata its declaration and meaning."""
    return dataclasses.field(default=default, metadata={"spec": spec, "meaning": meaning, "seed": seed})


def declarations(rules_class: Any) -> tuple[OptionSpec, ...]:
    """The named declaration of every field of a rules dataclass made by `option_field`, in field order."""
    return tuple(
        f.metadata["spec"].named(f.name, f.metadata["meaning"], f.metadata["seed"], f.default)
        for f in dataclasses.fields(rules_class)
        if "spec" in f.metadata
    )


def check_values(rules: Any, specs: tuple[OptionSpec, ...]) -> None:
    """Check every declared field of a frozen rules value, keeping a list as a tuple, a card name in capitals."""
    for spec in specs:
        value = getattr(rules, spec.name)
        checked = spec.check(value)
        if checked is not value:
            object.__setattr__(rules, spec.name, checked)  # frozen, hence object.__setattr__


def check_names(data: Any, specs: tuple[OptionSpec, ...], code: str = "unknown_options") -> dict[str, Any]:
    """`data` itself if it is an object whose keys all name declared options; else a `RulesError` (of `code`)
    that repeats at most five unknown names, each cut to `SHOWN` characters, and counts the others."""
    if not isinstance(data, dict):
        raise RulesError.of("options_not_an_object", value=shown_param(data))
    known = {spec.name for spec in specs}
    unknown = sorted(shown_name(key) for key in data if not isinstance(key, str) or key not in known)
    if unknown:
        raise RulesError.of(code, names=", ".join(unknown[:5]), more=max(0, len(unknown) - 5))
    return data
