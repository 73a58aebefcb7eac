"""The table's own refusals as codes, beside the engines' (`presidente/errors.py`): a client meets them in error
frames with their `code` and `params`, and writes the reason in its player's language.

`SERVER_CODES` is this catalog, in the form of `errors.CODES`: each code's parameters and English sentence. A code
the engines already declare with the same meaning (`match_over`, `seat_taken`, `no_such_seat`) is theirs: one code,
one sentence. docs/protocol.md lists these codes.
"""

from __future__ import annotations

from typing import Any, Self

from presidente.errors import CODES, Code, IllegalActionError, Param, RulesError

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
    # Play again (rematch.py)
    "rematch_not_over": Code((), "Play again is offered once the match is over."),
    "rematch_settled": Code((), "Playing again is already settled at this table."),
    "rematch_creator_only": Code((), "Only the table's creator chooses the seats and the bots for playing again."),
    # The server's own refusals met outside a table's moves (app.py, actor.py): in HTTP error bodies
    # (`{"error", "code", "params"}`) and in the websocket's frames before or around a table's. `HTTP_CODES` lists
    # those of HTTP, which the lobby and replay pages word (`error-<code>` in the catalogs).
    "storage_failing": Code((), "Storage is failing: try again in a moment."),
    "redis_unreachable": Code(
        (), "The server cannot reach Redis, which its processes share to run tables together: try again in a moment."
    ),
    "server_failed": Code((), "The server failed on this request (the error was logged)."),
    "body_too_large": Code(("max_bytes",), "The request body is too large: at most {max_bytes} bytes."),
    "body_not_json": Code((), "The request body is not valid JSON."),
    "body_not_object": Code((), "The request body must be a JSON object."),
    "unknown_token": Code((), "Unknown session token: create a player first."),
    "create_player_first": Code((), "Create a player first: the request needs your session token."),
    "too_many_new_players": Code((), "Too many new players from your address: try again in a minute."),
    "rename_too_soon": Code(("seconds",), "You can change your name once every {seconds} seconds: try again soon."),
    "text_required": Code(("field", "max"), "{field} must be text of 1 to {max} characters."),
    "text_length": Code(("field", "max", "length"), "{field} must have 1 to {max} characters, not {length}."),
    # A player's devices (devices.py)
    "device_revoked": Code(
        (),
        "This device was signed out of its player: open a sign-in link from another of your devices, or play as"
        " someone new.",
    ),
    "device_link_unknown": Code((), "This sign-in link is not known: copy it whole, or make a new one."),
    "device_link_used": Code((), "This sign-in link was used already: each link signs in one device. Make a new one."),
    "device_link_expired": Code(
        ("minutes",), "This sign-in link expired (a link lasts {minutes} minutes): make a new one."
    ),
    "no_such_device": Code((), "Your player has no such device signed in."),
    "too_many_devices": Code(
        ("max",), "Your player is signed in on {max} devices: sign one out before adding another."
    ),
    "text_not_printable": Code(("field",), "{field} holds characters that are not text."),
    "unknown_fields": Code(("names", "fields"), "Unknown field(s) {names}: a table takes {fields}."),
    "bad_game": Code(("games",), "game must be one of {games}."),
    "bad_preset_field": Code((), "preset must be the name of a preset, like bga."),
    "bad_seats": Code(("min", "max"), "seats must be a whole number from {min} to {max}."),
    "bad_options_field": Code((), "options must be an object of option names and values."),
    "bad_bots": Code((), "bots lists one bot name (or null for a player) per seat."),
    "not_a_boolean": Code(("field", "value"), "{field} must be true or false, not {value}."),
    "no_seat_for_player": Code((), "Leave at least one seat for a player (or set allow_all_bots to watch bots play)."),
    "sit_needs_free_seat": Code((), "sit needs a seat without a bot for you."),
    "decks_over_server": Code(
        ("option", "min", "max", "value"),
        "{option} must be a whole number from {min} to {max} on this server, not {value}: more decks make every"
        " move too slow for a shared server (`presidente play` takes up to 2**51).",
    ),
    "too_many_open_tables": Code(
        ("count",), "You already have {count} open tables: play or leave one of them before opening another."
    ),
    "too_many_waiting_tables": Code((), "The server has too many tables waiting for players: join one of them."),
    "no_such_table": Code((), "No such table."),
    "game_over": Code(("table",), "This game is over: watch its replay at /replay/{table}."),
    "table_damaged": Code((), "This table is damaged (its stored moves no longer replay): it is kept for inspection."),
    "table_expired": Code((), "This table closed: nobody came to play at it."),
    "too_many_ratings": Code(("max",), "Ask for at most {max} players' ratings at once."),
    "not_replayable": Code((), "Only finished games can be replayed."),
    "step_not_number": Code((), "step is a whole number."),
    "replay_damaged": Code((), "This game's stored moves no longer replay: it is damaged."),
    "not_reviewable": Code((), "Only finished President games can be reviewed."),
    "bad_review_seat": Code(("max",), "seat is a seat number from 0 to {max}."),
    "reviews_busy": Code((), "The server is busy with other reviews: try again in a minute."),
    "position_not_shown": Code((), "This position cannot be shown: the engine refused it."),
    "record_too_large": Code(
        ("max_mb",),
        "This record file is larger than the {max_mb} MB this page opens. `presidente replay FILE` steps through any"
        " record in the terminal.",
    ),
    "record_busy": Code((), "The server is opening another record file: try again in a moment."),
    "record_refused": Code(("reason",), "{reason}"),
    "record_closed": Code((), "This record is no longer open on the server: open its file again."),
    # websocket only, before a table answers
    "too_many_connections": Code(
        (), "Too many connections from your address: close some tables before opening another."
    ),
    "binary_frame": Code((), "Binary frames are not part of the protocol: send JSON text."),
    "bad_message": Code(("reason",), "{reason}"),
    "too_many_messages": Code((), "Too many messages: slow down."),
    "flooded": Code((), "Too many messages: disconnected."),
    "hello_flooded": Code((), "Too many messages without a hello: disconnected."),
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


# The engines' codes met when a table is made, never at a table: an option's value, options that go together, a
# preset's players, El Presidente's teams. The lobby shows them (`HTTP_CODES`); the table page has no words for them
# (`NOT_AT_A_TABLE`).
TABLE_MAKING_CODES = frozenset(
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
        "unknown_option",
        # elpresidente/rules.py
        "teams_not_sizes",
        "teams_unequal",
        "teams_players",
    }
)


# Every code an HTTP error body may carry that a player meets (the lobby's forms, the replay page's files): the
# server's own and the engines' (an option's value, options that go together, a preset's players, El Presidente's
# teams, a position's options); each has its words `error-<code>` in the catalogs (tests/test_locales.py). A
# message-only error (`bad_rules`, `bad_position`, `bad_record`, `error`) shows its English message.
HTTP_CODES: frozenset[str] = frozenset(
    {
        # the server's own
        "private_table",
        "storage_failing",
        "redis_unreachable",
        "server_failed",
        "body_too_large",
        "body_not_json",
        "body_not_object",
        "unknown_token",
        "create_player_first",
        "too_many_new_players",
        "rename_too_soon",
        "text_required",
        "text_length",
        "device_revoked",
        "device_link_unknown",
        "device_link_used",
        "device_link_expired",
        "no_such_device",
        "too_many_devices",
        "text_not_printable",
        "unknown_fields",
        "bad_game",
        "bad_preset_field",
        "bad_seats",
        "bad_options_field",
        "bad_bots",
        "not_a_boolean",
        "no_seat_for_player",
        "sit_needs_free_seat",
        "decks_over_server",
        "too_many_open_tables",
        "too_many_waiting_tables",
        "no_such_table",
        "game_over",
        "table_damaged",
        "table_expired",
        "too_many_ratings",
        "not_replayable",
        "step_not_number",
        "replay_damaged",
        "not_reviewable",
        "bad_review_seat",
        "reviews_busy",
        "position_not_shown",
        "record_too_large",
        "record_busy",
        "record_refused",
        "record_closed",
        *TABLE_MAKING_CODES,
    }
)
# The server's codes of the websocket's own frames (app.py): before the hello, a flood, a table gone.
WEBSOCKET_CODES = frozenset(
    {
        "too_many_connections",
        "binary_frame",
        "bad_message",
        "too_many_messages",
        "flooded",
        "hello_flooded",
        "unknown_token",
        "storage_failing",
        "redis_unreachable",
        "no_such_table",
        "game_over",
        "device_revoked",
        "table_damaged",
        "table_expired",
    }
)


def refusal(code: str, **params: Param) -> RulesError:
    """The server's refusal of a declared code (`SERVER_CODES` or the engines'), its message the English sentence."""
    declared = SERVER_CODES.get(code)
    if declared is None:
        return RulesError.of(code, **params)
    return RulesError(declared.english.format_map(params) if params else declared.english, code, params)


# The engines' codes that no move or message at a table raises, so that the table page has no words for them: an
# option's value, options that go together, a preset's players and El Presidente's teams are checked when a table
# is made (the lobby and the HTTP API, with their own words) or on the command line; `too_many_actions` is a limit
# of the engine's API for programs (a huge multi-deck hand listed move by move) that the server's bound on decks
# keeps it from meeting. tests/test_table_messages.py checks that the page words every other code.
NOT_AT_A_TABLE = frozenset(
    {
        *TABLE_MAKING_CODES,
        # president/rules.py, the command line's `key=value` options
        "not_key_value",
        "not_on_off",
        # president/trick.py, for programs
        "too_many_actions",
        # the server's own met over HTTP only (the lobby and the replay page word them as `error-<code>`); those of
        # the websocket's own frames (`WEBSOCKET_CODES`) reach the table page, which words them too
        *(code for code in HTTP_CODES - WEBSOCKET_CODES if code in SERVER_CODES and code != "private_table"),
    }
)


def table_catalog() -> dict[str, Any]:
    """Every code a table's error frame may carry with its parameters: the table's and the engines' (but those
    `NOT_AT_A_TABLE`)."""
    declared = {**CODES, **SERVER_CODES}
    return {code: list(entry.params) for code, entry in declared.items() if code not in NOT_AT_A_TABLE}


assert all(code in CODES for code in SHARED_CODES) and not set(SERVER_CODES) & set(CODES)
assert set(CODES) | set(SERVER_CODES) >= NOT_AT_A_TABLE | HTTP_CODES | WEBSOCKET_CODES
