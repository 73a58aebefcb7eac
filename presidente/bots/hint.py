"""Move hints: what the strongest bot would play, and why.

`hint(observation, legal_actions, game="president", rng=None, think=0.3) -> Choice` asks the strongest bot of
the game (President: strong searching `think` seconds; El Presidente: `registry.STRONGEST`'s, learned). When the
heuristic bot would make the same move, its reason, which names the idea, is given; otherwise the search's own, or
for the learned network's move the code ``network``.
`hint_why(choice)` gives the reason as a code and parameters, for the table page to word in any language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from presidente.bots import elpresidente as elp_bots
from presidente.bots.base import Choice
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import STRONGEST, make_bot
from presidente.bots.strong import StrongBot
from presidente.president.observation import Observation
from presidente.president.rules import Rules

# The heuristic bots' reasons, each with the code the table page words it by in the player's language
# (web/table-hint.js, `hint-why-*` in the catalogs); tests/bots/test_hint_reasons.py keeps this list whole.
REASON_CODES = {
    # President (president_heuristic.py)
    "nothing to play: pass": "nothing_to_play",
    "give my weakest cards that break no set": "give_weakest",
    "take the strongest cards that join my sets": "take_strongest",
    "this play empties my hand": "empties_hand",
    "play my strong cards now: finishing with them is illegal": "strong_now",
    "revolution: my hand is stronger with the order reversed": "revolution",
    "lead a sequence of my loose weak cards": "lead_sequence",
    "no one can beat this: I keep the lead": "keep_lead",
    "lead my weakest set": "lead_weakest_set",
    "lead my weakest cards": "lead_weakest",
    "going out with these cards would be an illegal finish": "illegal_finish",
    "equalizing would spend a strong card": "no_equalize",
    "equalize": "equalize",
    "keep my strongest cards for later": "keep_strongest",
    "beating would break a set": "keep_set",
    "an opponent is about to go out: beat them": "stop_opponent",
    "equalize: the next player is skipped": "equalize_skip",
    "beat with my weakest cards": "beat_weakest",
    # El Presidente (elpresidente.py)
    "at random": "random",
    "this wins the game": "wins_game",
    "get rid of a rank I am not collecting": "shed_rank",
    "beat, then throw in the rest to complete the set": "beat_then_complete",
    "no one can win against a King: pick it up for later": "king_pick_up",
    "the battle pile holds the rank I am collecting": "pile_has_rank",
    "nothing beats this": "nothing_beats",
    "beat with the card I need least": "beat_least_needed",
    "the pile holds the rank I am collecting": "pile_has_rank",
    "a bigger hand is harder to empty": "bigger_hand",
    "nothing to throw in": "nothing_to_throw",
    "a team-mate may hold the rest of this rank": "teammate_rest",
    "I am collecting this rank": "collecting",
    "do not add to a team-mate's burden": "teammate_burden",
    "get rid of cards and make the attack harder to beat": "harder_attack",
    "get rid of cards I am not collecting": "shed_cards",
    "throwing in could let an opponent complete the set": "opponent_set",
}
# The learned El Presidente bot's move where the heuristic would play another: no idea to name but its training.
NETWORK_REASON = "a network trained on thousands of games prefers this move"


def hint_why(choice: Choice[Any]) -> dict[str, Any] | None:
    """The hint's reason as a code and its parameters for the page to word ({"code": "search", "params":
    {"deals": 4}}), or None for a reason that has none (the page then shows the English reason)."""
    code = choice.code or REASON_CODES.get(choice.reason, "")
    return {"code": code, "params": dict(choice.params) if choice.code else {}} if code else None


def hint(
    observation: Any,
    legal_actions: Sequence[Any],
    game: str = "president",
    rng: random.Random | None = None,
    think: float = 0.3,
    rules: Rules | None = None,
) -> Choice[Any]:
    """The strongest bot's move for this seat, with a short reason a player can read."""
    if not legal_actions:
        raise ValueError("There is nothing to hint: this seat has no legal action now.")
    rng = rng or random.Random()
    if game != "president":
        chosen = make_bot(STRONGEST.get(game, "heuristic"), game).choose(observation, legal_actions, rng)
        if chosen.reason in REASON_CODES:  # the heuristic's own move (learned off its tables too)
            return chosen
        plain = elp_bots.HeuristicBot().choose(observation, legal_actions, random.Random(0))
        if plain.action == chosen.action:
            return Choice(chosen.action, plain.reason)
        return Choice(chosen.action, NETWORK_REASON, code="network")
    assert isinstance(observation, Observation)
    searched = StrongBot(time=think, rules=rules).choose(observation, legal_actions, rng)
    simple = HeuristicBot(rules).choose(observation, legal_actions, random.Random(0))
    if simple.action == searched.action or not searched.reason.startswith("search"):
        return Choice(searched.action, simple.reason)
    return searched
