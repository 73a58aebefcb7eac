"""The typed events in English words: one renderer for the terminal, the environments' text and the tools.

`event_text(event, names)` words one event of `presidente/typed_events.py` (a President engine event, an El
Presidente move, the table's own) as the page's English catalog does (`web/locales/en.ftl`, the `log-*`
messages; a drawn El Presidente game also says why), seats by `names` or "Seat N", cards in their text form
("7H 7S", the terminal's `Look` draws their suits). Nothing parses these sentences: they are for people to read;
the page writes its own words, in four languages, from the same events.

>>> event_text({"type": "play", "seat": 2, "play": "7H 7S"})
'Seat 2 plays 7H 7S.'
>>> event_text({"type": "give", "seat": 0, "to": 3, "count": 2}, ["Ana", "Bo", "Cy", "Di"])
'Ana gives 2 cards to Di.'
>>> event_text({"type": "trick_end", "seat": 1, "cause": "eight_cut"})
'Seat 1 wins the trick (8 cut).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Json = dict[str, Any]
# Copies of a card written one by one up to this many, as `cards.format_cards` writes them.
REPEAT_LIMIT = 4

# Why a trick ended (`trick_end`'s cause), as en.ftl's `trick-rule-*` says it; "passes" is said by no rule.
TRICK_RULES = {
    "skips": "a skip brought the turn back",
    "trump_jokers": "trump jokers",
    "eight": "8-rule",
    "best_rank": "the best rank ends the trick",
    "spade_three": "spade-3 return",
    "eight_cut": "8 cut",
    "four_in_a_row": "four in a row",
    "equalize": "an equal play ends the trick",
    "revolution": "a revolution ends the trick",
}


def seat_label(seat: int) -> str:
    return f"Seat {seat}"


def cards_text(cards: Sequence[Any]) -> str:
    """A group of cards (`[["7H", 2], ...]`) or a list of card texts (El Presidente's, the last one on top), in
    the order given, as the engine writes them: "7H 7H", "JKx5" past four copies (`cards.format_cards`)."""
    tokens: list[str] = []
    for card in cards:
        if isinstance(card, str):
            tokens.append(card)
        else:
            text, count = card
            tokens.extend([text] * count if count <= REPEAT_LIMIT else [f"{text}x{count}"])
    return " ".join(tokens)


def _count(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _list(words: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def event_text(event: Json, names: Sequence[str] | None = None) -> str:
    """One typed event in English, seats named by `names` (else "Seat N"); an event the table made for a seat
    (`timed`) says so."""

    def who(seat: int | None) -> str:
        if seat is None:
            return ""
        return names[seat] if names is not None and 0 <= seat < len(names) else seat_label(seat)

    text = _WORDS[event["type"]](event, who)
    timed = event.get("timed")
    return f"{text} ({timed})" if timed else text


Who = Callable[[int | None], str]


def _deal(e: Json, who: Who) -> str:
    return "Cards are dealt: " + ", ".join(f"{who(seat)} {n}" for seat, n in enumerate(e["sizes"]) if n) + "."


def _give(e: Json, who: Who) -> str:
    shown = cards_text(e["cards"]) if "cards" in e else _count(e["count"], "card")
    return f"{who(e['seat'])} gives {shown} to {who(e['to'])}."


def _draft_place(e: Json, who: Who) -> str:
    shown = cards_text(e["cards"]) if "cards" in e else _count(e["count"], "card")
    return f"{who(e['seat'])} puts {shown} face down."


def _revolution(e: Json, who: Who) -> str:
    return f"{who(e['seat'])}: revolution! The order is reversed." if e["reversed"] else "The order is back to normal."


def _jack_back(e: Json, who: Who) -> str:
    if e["seat"] is None:
        return "The trick is over: the jack back ends."
    if e["on"]:
        return f"{who(e['seat'])}: jack back! The order is reversed until the trick ends."
    return f"{who(e['seat'])}: jack back again, the order turns back."


def _turn_order(e: Json, who: Who) -> str:
    way = "clockwise" if e["clockwise"] else "counter-clockwise"
    return f"{who(e['seat'])} reverses the turn order: it goes {way} now."


def _trick_end(e: Json, who: Who) -> str:
    rule = TRICK_RULES.get(e.get("cause") or "passes")
    return f"{who(e['seat'])} wins the trick" + (f" ({rule})." if rule else ".")


def _round_end(e: Json, who: Who) -> str:
    number = f" {e['round']}" if "round" in e else ""
    return f"Round{number} over. Order: {_list([who(seat) for seat in e['order']])}."


def _match_end(e: Json, who: Who) -> str:
    winners = e["winners"]
    return f"The match is over: {_list([who(seat) for seat in winners])} {'wins' if len(winners) == 1 else 'win'}."


# Why an El Presidente game ended without a winner (`game_end`'s reason).
DRAW_REASONS = {"battle_limit": "the battle limit was reached", "blocked": "no battle could be fought"}


def _game_end(e: Json, who: Who) -> str:
    if e["winner"] is None:
        why = DRAW_REASONS.get(e.get("reason", ""))
        return f"Game {e['game'] + 1} over: a draw" + (f" ({why})." if why else ".")
    return f"Game {e['game'] + 1} over: {who(e['winner'])} wins."


def _paused(e: Json, who: Who) -> str:
    if e.get("reason") == "no_legal_move":
        return f"No legal move for {who(e.get('seat'))}: the table is paused."
    return "A move failed: the table is paused."


def _seat(template: str) -> Callable[[Json, Who], str]:
    return lambda e, who: template.format(who=who(e["seat"]))


def _seat_cards(template: str) -> Callable[[Json, Who], str]:
    return lambda e, who: template.format(who=who(e["seat"]), cards=cards_text(e["cards"]))


def _seat_play(template: str) -> Callable[[Json, Who], str]:
    return lambda e, who: template.format(who=who(e["seat"]), play=e["play"])


_WORDS: dict[str, Callable[[Json, Who], str]] = {
    # President's engine events
    "deal": _deal,
    "give": _give,
    "discard": _seat_cards("{who} discards {cards} (the receiver left)."),
    "play_discard": _seat_cards("{who} discards {cards} face up."),
    "draft_place": _draft_place,
    "draft_reveal": lambda e, who: f"The draft cards are turned face up: {cards_text(e['cards'])}.",
    "draft_take": _seat_cards("{who} takes {cards}."),
    "play": _seat_play("{who} plays {play}."),
    "revolution": _revolution,
    "lock": _seat_play("{who} locks the trick: later plays keep the suits of {play}."),
    "pass_limit": lambda e, who: f"{e['passes']} passes in a row: the players still in get random places.",
    "number_lock": _seat("{who} locks the numbers: each later play of the trick must be one rank above the last."),
    "jack_back": _jack_back,
    "turn_order": _turn_order,
    "finish": lambda e, who: f"{who(e['seat'])} goes out, place {e['place']}.",
    "penalized": _seat_play("{who} goes out with {play}: an illegal finish, ranked lowest."),
    "downfall": _seat("{who} did not finish first: downfall, ranked last."),
    "pass": _seat("{who} passes."),
    "skip": _seat("{who} skips a turn."),
    "skipped": _seat("{who} is skipped."),
    "trick_end": _trick_end,
    "table_clears": _seat("Everyone passed on the empty table: {who} leads again."),
    "round_end": _round_end,
    "leave": _seat("{who} leaves the table."),
    "join": _seat("{who} joins and waits for the next round."),
    # El Presidente's moves and battles
    "battle_start": lambda e, who: f"Battle {e['battle']}: {who(e['attacker'])} attacks {who(e['defender'])}.",
    "attack": _seat_cards("{who} attacks with {cards}."),
    "throw_in": _seat_cards("{who} throws in {cards}."),
    "beat": _seat_cards("{who} beats with {cards}."),
    "concede": _seat("{who} concedes and takes the battle pile."),
    "pick_up": _seat("{who} picks up the battle pile."),
    "game_end": _game_end,
    # the table around the game, and the match's end
    "sit": lambda e, who: f"{e['name']} sits at seat {e['seat']}.",
    "game_start": lambda e, who: "Every seat is taken: the game starts.",
    "ready": _seat("{who} is ready."),
    "next_round": lambda e, who: "The next round starts.",
    "away": _seat("{who} lost the connection."),
    "back": _seat("{who} is back."),
    "rename": lambda e, who: f"{e['old']} is now called {e['new']}.",
    "paused": _paused,
    "notice": lambda e, who: str(e.get("message", "")),
    "match_end": _match_end,
    "chat": lambda e, who: f"{e.get('name') or who(e.get('seat'))}: {e['text']}",
}
