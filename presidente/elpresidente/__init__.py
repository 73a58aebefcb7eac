"""El Presidente: battles, throw-ins and sets of four — a pure rules engine, standard library only.

The public names live here; `docs/rules-el-presidente.md` lists every reading chosen where the seed is open.
"""

from presidente.elpresidente.actions import Action, Attack, Beat, Concede, Pass, PickUp, ThrowIn, parse_action
from presidente.elpresidente.observation import Observation, Phase
from presidente.elpresidente.record import Record
from presidente.elpresidente.rules import Rules, parse_teams
from presidente.elpresidente.state import State

__all__ = [
    "Action",
    "Attack",
    "Beat",
    "Concede",
    "Observation",
    "Pass",
    "Phase",
    "PickUp",
    "Record",
    "Rules",
    "State",
    "ThrowIn",
    "parse_action",
    "parse_teams",
]
