"""The President rules engine: pure, deterministic, standard library only.

>>> from presidente.president import find_preset, new_game
>>> state = new_game(find_preset("bga"), players=4, seed=1)
>>> state.current_player is not None and len(state.legal_actions()) > 0
True
>>> State.from_position(state.to_position()).legal_actions() == state.legal_actions()
True
"""

from presidente.president.actions import PASS, Action, Discard, Give, Join, Leave, Pass, Play, Take, parse_action
from presidente.president.observation import Observation
from presidente.president.position import Position, PositionError
from presidente.president.record import Record, record_of
from presidente.president.rules import PRESETS, Rules, find_preset, option_meanings
from presidente.president.state import Phase, State, new_game

__all__ = [
    "PASS",
    "PRESETS",
    "Action",
    "Discard",
    "Give",
    "Join",
    "Leave",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "Position",
    "PositionError",
    "Record",
    "Rules",
    "State",
    "Take",
    "find_preset",
    "new_game",
    "option_meanings",
    "parse_action",
    "record_of",
]
