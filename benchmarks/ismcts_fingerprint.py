"""A fingerprint of the ismcts searches: a speed-up meant to leave the bot's results alone must leave it alone.

`python benchmarks/ismcts_fingerprint.py [positions] [iterations]` (defaults 40 and 200) searches the
positions of `ismcts_speed.py` (4-player `bga`) with the default search (deals weighed by the evidence) and
with the tree search, a fixed number of simulations each from a fixed seed, and prints the sha256 of every
root move's visits and reward. Same code paths, same random draws, same playouts: same fingerprint.
"""

from __future__ import annotations

import hashlib
import random
import sys

from ismcts_speed import positions

from presidente.bots.determinize import Evidence, knowledge_of, public_state
from presidente.bots.ismcts import IsmctsBot
from presidente.president import find_preset


def fingerprint(count: int, iterations: int) -> str:
    rules = find_preset("bga")
    observations = positions(count)
    digest = hashlib.sha256()
    for tree in (False, True):
        bot = IsmctsBot(time=0, iterations=iterations, rules=rules, tree=tree)
        rng = random.Random(2)
        for observation in observations:
            template = public_state(observation, rules)
            evidence = None if tree else Evidence(observation, template)
            root = bot.search(template, knowledge_of(observation, rules), rng, evidence)
            stats = sorted((str(move), child.visits, round(child.reward, 9)) for move, child in root.children.items())
            digest.update(repr(stats).encode())
    return digest.hexdigest()


if __name__ == "__main__":
    print(fingerprint(int(sys.argv[1]) if len(sys.argv) > 1 else 40, int(sys.argv[2]) if len(sys.argv) > 2 else 200))
