"""The table's own refusals as codes, beside the engines' (`presidente/errors.py`): a client meets them in error
frames with their `code` and `params`, and writes the reason in its player's language.

`SERVER_CODES` is this catalog, in the form of `errors.CODES`: each code's parameters and English sentence. A code
the engines already declare with the same meaning (`match_over`, `seat_taken`, `no_such_seat`) is theirs: one code,
one sentence. docs/protocol.md lists these codes.
"""

from __future__ import annotations

from typing import Any, Self

from presidente.errors import CODES, Code, IllegalActionError, Param

SERVER_CODES: dict[str, Code] = {
    "private_table": Code((), "This table is private: open it with its invite link."),
    "hello_first": Code((), "Say hello first."),
    "hello_again": Code((), "Already connected: hello is only the first message."),
    "watch_only": Code((), "Spectators without a player token can only watch."),
    "not_seated": Code((), "You are not seated at this table: take a seat first."),
    "moves_for_own_seat": Code(
        ("seat", "asked"), "You hold seat {seat}, not seat {asked}: you can only move for your own."
    ),
    "not_started": Code((), "The game has not started: waiting for every seat to be taken."),
    "between_rounds": Code((), "Between rounds: the next round starts when everyone is ready."),
    "no_hint_now": Code((), "There is no move to hint now."),
    "hint_not_your_turn": Code((), "A hint is for your turn: wait until it is yours."),
    "nothing_to_be_ready_for": Code((), "Nothing to be ready for: no round is about to start."),
    "already_seated": Code(("seat",), "You already hold seat {seat}."),
    "table_full": Code((), "Every seat is taken: you can watch."),
    "empty_chat": Code((), "Empty chat message."),
    "chat_too_fast": Code((), "Chat is limited to one message per second."),
    "resync_ahead": Code(
        ("seq", "last"),
        "This table has no event {seq} yet (its last is {last}): a resync asks for the events after the last one"
        " you received.",
    ),
    "leave_with_button": Code((), "Leave the table with the Leave button, not as a move."),
    "no_leave_move": Code((), "El Presidente has no leave move: the seat plays automatic moves instead."),
    "no_join_move": Code((), "El Presidente has no join move: a new player takes over the seat."),
}
# The engines' codes the table raises too, with their meaning.
SHARED_CODES = ("match_over", "seat_taken", "no_such_seat")


class TableRefusal(IllegalActionError):
    """A message the table refuses (the state untouched), with its code from `SERVER_CODES` or the engines'."""

    @classmethod
    def of(cls, code: str, **params: Param) -> Self:
        declared = SERVER_CODES.get(code)
        if declared is None:
            return super().of(code, **params)  # an engine's code
        message = declared.english.format_map(params) if params else declared.english
        return cls(message, code, params)


# The engines' codes that no move or message at a table raises, so that the table page has no words for them: an
# option's value, options that go together, a preset's players and El Presidente's teams are checked when a table
# is made (the lobby and the HTTP API, with their own words) or on the command line; `too_many_actions` is a limit
# of the engine's API for programs (a huge multi-deck hand listed move by move) that the server's bound on decks
# keeps it from meeting. tests/test_table_messages.py checks that the page words every other code.
NOT_AT_A_TABLE = frozenset(
    {
        # options.py
        "not_a_whole_number",
        "out_of_bounds",
        "not_true_or_false",
        "not_a_choice",
        "bad_text",
        "bad_text_or_null",
        "bad_number_list",
        "bad_number_list_item",
        "bad_name_list",
        "bad_name_list_item",
        "options_not_an_object",
        "unknown_options",
        "unknown_el_presidente_options",
        # president/rules.py
        "max_players_below_min",
        "no_match_end",
        "all_passed_needs_trick_passes",
        "joker_suits_needs_one_deck",
        "joker_ends_need_no_wrap",
        "sequence_revolution_below_min",
        "players_out_of_range",
        "players_not_exact",
        "unknown_preset",
        "not_key_value",
        "unknown_option",
        "not_on_off",
        # elpresidente/rules.py
        "teams_not_sizes",
        "teams_unequal",
        "teams_players",
        # president/trick.py, for programs
        "too_many_actions",
    }
)


def table_catalog() -> dict[str, Any]:
    """Every code a table's error frame may carry with its parameters: the table's and the engines' (but those
    `NOT_AT_A_TABLE`)."""
    declared = {**CODES, **SERVER_CODES}
    return {code: list(entry.params) for code, entry in declared.items() if code not in NOT_AT_A_TABLE}


assert all(code in CODES for code in SHARED_CODES) and not set(SERVER_CODES) & set(CODES)
assert set(CODES) >= NOT_AT_A_TABLE
