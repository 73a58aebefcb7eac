"""Bots only ever choose legal actions, on every preset and random options, and never touch global random."""

from __future__ import annotations

import random

import pytest
from bot_helpers import rule_sets

from presidente.bots.ismcts import IsmctsBot
from presidente.bots.president_heuristic import HandView, play_strength
from presidente.bots.registry import bot_names, make_bot
from presidente.president import Play, new_game

BOTS = ["random", "auto", "heuristic", "ismcts:time=0,iterations=12,depth=8", "strong:time=0,iterations=12,solve=100"]


@pytest.mark.parametrize(("label", "rules"), list(rule_sets()), ids=lambda value: str(value)[:14])
def test_every_bot_chooses_a_legal_action_in_whole_matches(label: str, rules: object) -> None:
    from presidente.president import Rules

    assert isinstance(rules, Rules)
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    for seed in range(2):
        state = new_game(rules, players, seed)
        bots = [make_bot(BOTS[(seat + seed) % len(BOTS)], rules=rules) for seat in range(players)]
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < 3000:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            before = random.getstate()
            choice = bots[seat].choose(state.observation(seat), legal, rng)
            assert random.getstate() == before, "a bot used the global random generator"
            assert choice.action in legal, f"{label}: {bots[seat].name} chose {choice.action}"
            state.apply(choice.action, seat)
            steps += 1
        assert state.is_over, label


def test_every_name_is_made_for_both_games() -> None:
    for game in ("president", "elpresidente"):
        for name in bot_names(game):
            assert make_bot(name, game).name == name


def test_bad_bot_names_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="Unknown president bot"):
        make_bot("clever")
    with pytest.raises(ValueError, match="Unknown elpresidente bot"):
        make_bot("ismcts", "elpresidente")
    with pytest.raises(ValueError, match="takes no options"):
        make_bot("heuristic:time=1")
    with pytest.raises(ValueError, match="Unknown ismcts option"):
        make_bot("ismcts:speed=3")
    with pytest.raises(ValueError, match="must be a number"):
        make_bot("ismcts:time=soon")
    with pytest.raises(ValueError, match="must be 0 or 1, not 'maybe'"):
        make_bot("ismcts:tree=maybe")
    tree_bot = make_bot("ismcts:tree=1,infer=off,iterations=5")
    assert isinstance(tree_bot, IsmctsBot) and tree_bot.tree and not tree_bot.infer
    with pytest.raises(ValueError, match="budget"):
        make_bot("ismcts:time=0,iterations=0")


@pytest.mark.parametrize(("label", "rules"), list(rule_sets()), ids=lambda value: str(value)[:14])
def test_the_auto_bot_leads_as_the_servers_timeout_move(label: str, rules: object) -> None:
    """`auto` is seed 002's automatic move ("when starting a trick, all of the smallest cards"): its lead is
    `State.auto_action()`, and so with many decks, where it chooses from one play per shape."""
    from presidente.president import Phase, Rules

    assert isinstance(rules, Rules)
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    bot, rng = make_bot("auto", rules=rules), random.Random(0)
    leads = 0
    for variant in (rules, rules.replace(decks=2**40)):
        state = new_game(variant, players, 11)
        for _ in range(300):
            seat = state.current_player
            if state.is_over or seat is None:
                break
            chosen = bot.choose(state.observation(seat), state.offered_actions(), rng).action
            if state.phase is Phase.PLAY and not state.trick_size:
                assert chosen == state.auto_action(), (label, str(chosen), str(state.auto_action()))
                leads += 1
            state.apply(chosen, seat)
    assert leads > 2, label


@pytest.mark.parametrize(
    ("text", "reversed_order", "strength"), [("AS 2S JK=>2S", False, 13), ("JK=<3S 3S 4S", True, 13)]
)
def test_the_heuristic_counts_a_joker_past_an_end_one_step_beyond_it(
    text: str, reversed_order: bool, strength: int
) -> None:
    """UECda: "columns 0 and 14 exist so that a joker can extend a sequence below the 3 or above the 2": such a
    sequence is stronger than any other, which the heuristic's strength shows (what the next play must pass)."""
    view = HandView([0] * 13, 0, [4] * 13, 1, reversed_order)
    assert play_strength(Play.parse(text), view) == strength > play_strength(Play.parse("QS KS AS"), view)
