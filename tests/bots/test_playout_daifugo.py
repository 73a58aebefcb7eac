"""The rank-count playout under the Daifugo options (issue 12): it follows the engine move by move, and its inline
moves equal the policy played move by move, on random option sets with those options switched on."""

from __future__ import annotations

import random

import pytest
from bot_helpers import random_rules
from test_playout import follows_the_engine, playout_equals_the_policy

from presidente.president import Rules

# Each Daifugo option the playout plays on rank counts, switched on in every rule set below.
DAIFUGO_OPTIONS: dict[str, object] = {"jack_back": True, "eight_cut": True, "five_skip": True, "nine_reverse": True}


def daifugo_rule_sets() -> list[tuple[str, Rules]]:
    # `lockstep` follows one round: a card transfer (not exchange="none") keeps the next round out of it.
    rng = random.Random(12)
    sets = []
    for name, value in DAIFUGO_OPTIONS.items():
        for index in range(3):
            sets.append((f"{name}-{index}", random_rules(rng).replace(exchange="trade", **{name: value})))
    sets.append(("all", random_rules(rng).replace(exchange="trade", **DAIFUGO_OPTIONS)))
    return sets


@pytest.mark.parametrize(("label", "rules"), daifugo_rule_sets(), ids=lambda value: str(value)[:16])
def test_the_table_follows_the_engine_under_daifugo_options(label: str, rules: Rules) -> None:
    follows_the_engine(label, rules)


@pytest.mark.parametrize(("label", "rules"), daifugo_rule_sets(), ids=lambda value: str(value)[:16])
def test_playout_equals_the_policy_played_move_by_move_under_daifugo_options(label: str, rules: Rules) -> None:
    playout_equals_the_policy(label, rules)


# Every Daifugo option, with those the playout cannot play (7 give, 10 discard, spade-3 return, suit lock,
# sequences, number lock: the search leaves them to the heuristic bot).
SUIT_OR_CHOICE_OPTIONS = {
    "seven_give": True,
    "ten_discard": True,
    "spade_three_return": True,
    "suit_lock": True,
    "sequences": True,
    "sequence_revolution": 5,
    "number_lock": True,
}
EVERY_OPTION = {**DAIFUGO_OPTIONS, **SUIT_OR_CHOICE_OPTIONS}


@pytest.mark.parametrize("options", [DAIFUGO_OPTIONS, EVERY_OPTION], ids=["rank-count", "every"])
def test_every_bot_chooses_a_legal_action_under_daifugo_options(options: dict[str, object]) -> None:
    from test_bots_legal import BOTS

    from presidente.bots.registry import make_bot
    from presidente.president import new_game

    rng = random.Random(7)
    for seed in range(3):
        rules = random_rules(rng).replace(exchange="trade", **options)
        players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
        state = new_game(rules, players, seed)
        bots = [make_bot(BOTS[(seat + seed) % len(BOTS)], rules=rules) for seat in range(players)]
        steps = 0
        while not state.is_over and steps < 3000:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            choice = bots[seat].choose(state.observation(seat), legal, rng)
            assert choice.action in legal, f"{bots[seat].name} chose {choice.action}"
            state.apply(choice.action, seat)
            steps += 1
        assert state.is_over


def test_the_evidence_replay_follows_a_reversed_turn_order() -> None:
    """The search's evidence replays the round from its start, clockwise: after a 9 reverse it still follows
    every move (it gives up on a replay it cannot follow, which would leave no evidence)."""
    from presidente.bots.determinize import Evidence, public_state
    from presidente.president import find_preset, new_game

    rules = find_preset("victorz").replace(nine_reverse=True, equalize="disallow")
    state = new_game(rules, 4, 3)
    rng = random.Random(3)
    reversed_once = False
    followed = 0
    for _ in range(60):
        if state.phase.value != "play" or state.current_player is None:
            break
        legal = state.legal_actions()
        nines = [a for a in legal if getattr(a, "rank", None) == 6]
        state.apply(nines[0] if nines and not reversed_once else rng.choice(legal))
        reversed_once = reversed_once or not state.clockwise
        seat = state.current_player
        if reversed_once and seat is not None and state.phase.value == "play":
            observation = state.observation(seat)
            evidence = Evidence(observation, public_state(observation, rules))
            others = [e for e in observation.events if e.kind in ("play", "pass", "skip") and e.seat != seat]
            assert len(evidence.decisions) == min(Evidence.RECENT, len(others))
            followed += 1
    assert reversed_once and followed > 0


def test_the_heuristic_bot_leads_and_answers_sequences() -> None:
    """Issue 12: "Bots play every option": with sequences on, the heuristic bot sheds loose weak cards as a
    sequence, and answers a sequence with the weakest sequence above it."""
    from presidente.bots.president_heuristic import HeuristicBot
    from presidente.president import find_preset, new_game, parse_action

    rules = find_preset("victorz").replace(
        jokers_per_deck=1, joker_mode="bga", equalize="disallow", one_fewer_two=False, sequences=True
    )
    state = new_game(rules, 3, 0)
    state._reset_round_fields()
    state.round_players = [0, 1, 2]
    hands = ["3H 4H 5H 9C 9D KS", "6C 7C 8C 10S JS QS AD", "4D"]
    from presidente.cards import counts_from_group, parse_cards
    from presidente.president import Phase

    for seat, text in enumerate(hands):
        state.hands[seat] = counts_from_group(parse_cards(text))
        state.sizes[seat] = sum(state.hands[seat])
        state.in_round[seat] = state.active[seat] = True
    state.phase = Phase.PLAY
    state._reset_trick(0)
    bot = HeuristicBot()
    rng = random.Random(0)
    lead = bot.choose(state.observation(0), state.legal_actions(), rng).action
    assert lead == parse_action("3H 4H 5H")
    state.apply(lead)
    answer = bot.choose(state.observation(1), state.legal_actions(), rng).action
    assert answer == parse_action("6C 7C 8C")


@pytest.mark.parametrize("preset", ["uecda", "daifugo"])
def test_every_bot_plays_the_daifugo_presets_legally_and_leads_where_it_may_pass(preset: str) -> None:
    """Issue 12: "Bots play every option"; under UECda's rules a leader may pass, but the bots lead (a table of
    bots that all passed would end every game by 20 passes and random places)."""
    from test_bots_legal import BOTS

    from presidente.bots.registry import make_bot
    from presidente.president import PASS, find_preset, new_game

    rules = find_preset(preset).replace(rounds=2)
    rng = random.Random(5)
    players = rules.min_players if preset == "uecda" else 4
    state = new_game(rules, players, 1)
    bots = [make_bot(BOTS[seat % len(BOTS)], rules=rules) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        observation = state.observation(seat)
        choice = bots[seat].choose(observation, legal, rng)
        assert choice.action in legal, f"{bots[seat].name} chose {choice.action}"
        if bots[seat].name != "random" and state.phase.name == "PLAY" and not observation.trick:
            assert choice.action != PASS, f"{bots[seat].name} passed on a lead"
        state.apply(choice.action, seat)
    assert not any(event.kind == "pass-limit" for event in state.events)
