"""The errors every engine raises: all are `ValueError` subclasses with a message meant for people.

A server turns any of them into an error message for the one client that caused it; the state that raised
never changes.
"""


class PresidenteError(ValueError):
    """Base of every error the engines raise on bad input."""


class ActionSyntaxError(PresidenteError):
    """Text that is not an action or a card at all: "7X", "play", "3H 3H 3H 3H 3H 3H"."""


class IllegalActionError(PresidenteError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError):
    """A well-formed action by a seat that is not to move."""


class RulesError(PresidenteError):
    """A bad option value or an unknown preset."""


class RecordError(PresidenteError):
    """A saved record that cannot be read or does not replay."""


class PositionError(RecordError):
    """A saved position that cannot be read, or that no table of its game could hold (both engines raise it)."""
