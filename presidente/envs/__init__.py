"""Research environments: PettingZoo and Gymnasium adapters around the engines (`pip install 'presidente[envs]'`).

- `president_v0`: President as a PettingZoo AEC environment, any preset and options, 2 to 8 players;
- `el_presidente_v0`: El Presidente the same way, alone or in teams; each module's `parallel_env()` gives
  PettingZoo's parallel API on it (`aec.ParallelTable`);
- `suited_actions`: the suit-aware action space and observation of the tables whose suits decide a trick (the
  Daifugo and UECda options: `uecda`, `daifugo`);
- `single_agent`: a Gymnasium environment where one seat learns and bots from the registry play the others;
- `vector_bga`: many whole matches (`bga`, `victorz`, `trump-jokers`, `college`) stepped at once (numba-compiled
  moves), a Gymnasium vector environment;
  `vector_check` plays seeded matches through it and the engine side by side.

Importing this package registers them, where the installed PettingZoo and Gymnasium keep registries:
``pettingzoo.make("aec", "presidente/president_v0", preset="bga")`` (``"parallel"``: the parallel API) and
``gymnasium.make("presidente/President-v0")``. docs/envs.md documents every encoding.
"""

from __future__ import annotations

PETTINGZOO_ENVS = {
    "presidente/president_v0": "presidente.envs.president_v0:env",
    "presidente/el_presidente_v0": "presidente.envs.el_presidente_v0:env",
}
PETTINGZOO_PARALLEL_ENVS = {
    "presidente/president_v0": "presidente.envs.president_v0:parallel_env",
    "presidente/el_presidente_v0": "presidente.envs.el_presidente_v0:parallel_env",
}
GYMNASIUM_ENVS = {
    "presidente/President-v0": "presidente.envs.single_agent:president_env",
    "presidente/ElPresidente-v0": "presidente.envs.single_agent:el_presidente_env",
}


def register_envs() -> None:
    """Put the environments in PettingZoo's registry (PettingZoo 1.26 and later have one) and Gymnasium's."""
    import gymnasium

    known = gymnasium.registry
    for env_id, entry_point in GYMNASIUM_ENVS.items():
        if env_id not in known:
            gymnasium.register(env_id, entry_point=entry_point)
    try:
        from pettingzoo import (  # type: ignore[import-untyped, attr-defined, unused-ignore]
            aec_registry,
            parallel_registry,
            register,
        )
    except ImportError:  # an older PettingZoo: import the modules directly
        return
    for kind, envs, known_ids in (
        ("aec", PETTINGZOO_ENVS, aec_registry),
        ("parallel", PETTINGZOO_PARALLEL_ENVS, parallel_registry),
    ):
        for env_id, entry_point in envs.items():
            if env_id.replace("_v0", "-v0") not in known_ids:
                register(kind, env_id, entry_point=entry_point)


register_envs()
