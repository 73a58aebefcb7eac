"""ISMCTS simulations per second on one core from 4-player `bga` positions.

`python benchmarks/ismcts_speed.py [positions] [iterations]` (defaults 60 and 400): positions are taken
along heuristic-bot rounds; each is searched for a fixed number of simulations, as the bot plays
(`Evidence` weighing the deals), without the evidence, and with the ISMCTS tree. One simulation is one move
of the seat evaluated on one deal: the round played out until the seat's place is settled, with its share
of the deal and of the tree walk or move update. The default search looks up, instead of replaying, a deal
its sampler met before (the policy is deterministic, so the result is the same); the line also says how
many simulations were played out. Wall-clock and CPU rates are both printed: on a busy machine the CPU rate
is the one-core figure. Also prints the engine's own rate of random decisions. Where numba is installed the
playouts run on the compiled kernel (`rank_playout`, loaded before anything is measured), as the bot plays them.

`--peer`: ours against OpenSpiel's C++ `ISMCTSBot`, in one run, each side in a process of its own (started with this
Python; pyspiel must import in it) measured in CPU time (`time.process_time`, the side's own process) in `--rounds`
slices of `--seconds` each, the sides' slices taken in turn round by round; every figure prints its median and its
least and greatest slice, and every ratio is taken within a round before its median and spread are printed:

    PYTHONPATH=. /tmp/peers/bin/python benchmarks/ismcts_speed.py --peer [--compiled build/compiled]

- `tree`: our single-observer ISMCTS (`tree=True`: a fresh deal each iteration, UCB1 with availability counts over
  every seat's moves, the playout policy to the end of the round), `iterations` per position;
- `moves`: our default search as the bot plays (every move on the same deals weighed by the evidence);
- both with their playouts on the compiled kernel where numba imports in this Python (`rank_playout`, as the bot
  plays them; loaded before the measure) and, with `--table`, also on `playout.Table` (`table-tree`,
  `table-moves`: `IsmctsBot(compiled=False)`, the same results);
- `compiled-tree`, `compiled-moves`: the same, with `--compiled FOLDER` first on the path (`make compiled`, the
  mypyc build of the same source; with `--table` also `compiled-table-tree` and `compiled-table-moves`);
  `--side NAME=FOLDER` (repeatable) adds `NAME-tree` and `NAME-moves` from another folder's `presidente` (an older
  checkout, say: `git worktree add /tmp/before REV`);
- `hearts`: OpenSpiel's `ISMCTSBot` (C++; a fresh `ResampleFromInfostate` deal each iteration, UCT with the same
  exploration constant, a random rollout to the end of the deal, `iterations` simulations a move) on positions of
  `hearts`' play phase, taken along random games as ours are along heuristic rounds.

`--check N`: both searches (the tree search with and without the evidence) on N positions of every table the
compiled playouts cover here (the four presets at 3 to 6 players, `bga` with wild jokers, with two decks at 8
players), each searched with its playouts on the kernel and on `Table` from the same seed: every root move's visits
and reward must be the same. (A position whose round could
outlast the search's `rollout_depth`, 8 players' first moves with two decks, is searched on `Table` both times.)

Hearts is the comparable game: four seats, one 52-card deck dealt 13 each, every hand hidden, play by tricks in
turn; a simulation is one determinization, one walk of the information-set tree and one playout to the end of
the deal. The differences: our playout policy is the heuristic's (dearer a move than hearts' random rollout), a
President round has passes among its moves, and our `moves` search stops a playout once the seat's place is
settled.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from presidente.bots.determinize import Evidence, knowledge_of, public_state
from presidente.bots.ismcts import EXPLORATION, IsmctsBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.president import Observation, find_preset, new_game
from presidente.president.state import Phase

try:
    from presidente.bots import rank_playout
except ImportError:  # an older checkout's `presidente` (`--side`), before the compiled playouts
    rank_playout = None  # type: ignore[assignment]


def positions(count: int) -> list[Observation]:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    bot, rng = HeuristicBot(rules), random.Random(0)
    found: list[Observation] = []
    seed = 0
    while len(found) < count:
        state = new_game(rules, 4, seed)
        step = 0
        while not state.is_over and len(found) < count:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            if state.phase is Phase.PLAY and step % 6 == 2 and len(set(map(str, state.legal_actions()))) > 1:
                found.append(observation)
            state.apply(bot.choose(observation, state.legal_actions(), rng).action)
            step += 1
        seed += 1
    return found


def engine_rate(seconds: float = 2.0) -> float:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    rng = random.Random(1)
    decisions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, 4, rng.randrange(1 << 30))
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def single_process(count: int, iterations: int) -> None:
    rules = find_preset("bga")
    loaded = rank_playout is not None and rank_playout.ready(wait=True)
    print(f"compiled playouts: {'loaded' if loaded else 'not available (no numba)'}")
    observations = positions(count)
    print(f"engine: {engine_rate():,.0f} random decisions/s (4-player bga)")
    for label, tree, infer in (("moves, evidence", False, True), ("moves", False, False), ("tree", True, False)):
        bot = IsmctsBot(time=0, iterations=iterations, rules=rules, tree=tree)
        rng = random.Random(2)
        total, played, start, cpu = 0, 0, time.perf_counter(), time.process_time()
        for observation in observations:
            template = public_state(observation, rules)
            evidence = Evidence(observation, template) if infer else None
            bot.search(template, knowledge_of(observation, rules), rng, evidence)
            total += bot.last_iterations
            played += bot.last_playouts
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(
            f"ismcts ({label}): {total / elapsed:,.0f} simulations/s, {total / cpu:,.0f} per CPU second"
            f" ({total} in {elapsed:.1f} s, {count} positions; {played / total:.0%} played out,"
            f" {played / cpu:,.0f} playouts per CPU second)"
        )


def check(count: int, iterations: int) -> None:
    """Both searches, kernel and `Table` playouts, on `count` positions of each covered table: the same roots."""
    from presidente.bots.compiled_search import TreePlayouts
    from presidente.bots.playout import Table

    assert rank_playout is not None and rank_playout.ready(wait=True), "the compiled playouts need numba"
    from presidente.bots import compiled_search

    assert compiled_search.ready(wait=True)  # the searches' loops in the kernel (else they walk in Python)
    tables: list[tuple[str, int, dict[str, Any]]] = [
        (preset, players, {}) for preset in ("bga", "victorz", "trump-jokers", "college") for players in (3, 4, 5, 6)
    ]
    tables += [("bga", 4, {"joker_mode": "wild", "jokers_per_deck": 2}), ("bga", 8, {"decks": 2})]
    differences = searched = 0
    for preset, players, options in tables:
        rules = find_preset(preset).replace(rounds=1, target_score=0, **options)
        if not rules.min_players <= players <= rules.max_players:
            continue
        found: list[Observation] = []
        seed = 0
        while len(found) < count:
            state, bot, rng = new_game(rules, players, seed), HeuristicBot(rules), random.Random(seed)
            while not state.is_over and len(found) < count:
                seat = state.current_player
                assert seat is not None
                observation, legal = state.observation(seat), state.legal_actions()
                if state.phase is Phase.PLAY and len(legal) > 1 and rng.random() < 0.25:
                    found.append(observation)
                state.apply(bot.choose(observation, legal, rng).action)
            seed += 1
        for kind, tree, infer in (("moves", False, True), ("tree", True, False), ("tree+ev", True, True)):
            roots, on_kernel = [], 0
            for compiled in (True, False):
                search = IsmctsBot(time=0, iterations=iterations, rules=rules, tree=tree, compiled=compiled)
                rng = random.Random(3)
                stats = []
                for observation in found:
                    template = public_state(observation, rules)
                    if compiled:  # within `compiled_search.kernel_finishes`' bound (else `Table` plays the search)
                        on_kernel += TreePlayouts.start(Table.from_state(template), search.rollout_depth) is not None
                    evidence = Evidence(observation, template) if infer else None
                    root = search.search(template, knowledge_of(observation, rules), rng, evidence)
                    stats.append(sorted((str(move), node.visits, node.reward) for move, node in root.children.items()))
                roots.append(stats)
            different = sum(a != b for a, b in zip(*roots, strict=True))
            differences += different
            searched += len(found)
            name = f"{preset} {players}p {options or ''}".strip()
            print(f"{name:<50} {kind:<7} {len(found)} positions ({on_kernel} on the kernel), {different} different")
    print(f"{searched} searches on both paths, {differences} different")


# ------------------------------------------------------------------ --peer: sides in processes of their own


def our_search(count: int, iterations: int, tree: bool, compiled: bool = True) -> Callable[[], int]:
    """One search of the next position (cycling through `count`); returns its simulations. `compiled`: the playouts
    on the compiled kernel where numba imports (loaded here, before anything is measured), else on `Table`."""
    rules = find_preset("bga")
    observations = positions(count)
    if compiled and rank_playout is not None:
        rank_playout.ready(wait=True)
        try:  # the tree search's iterations in one compiled call (`compiled_search`), loaded before the measure too
            from presidente.bots import compiled_search
        except ImportError:  # an older checkout (`--side`)
            pass
        else:
            compiled_search.ready(wait=True)
    # An older checkout's bot (`--side`) takes no `compiled`: its playouts are `Table`'s.
    bot = IsmctsBot(time=0, iterations=iterations, rules=rules, tree=tree, **({} if compiled else {"compiled": False}))
    rng = random.Random(2)
    index = 0

    def search() -> int:
        nonlocal index
        observation = observations[index % count]
        index += 1
        template = public_state(observation, rules)
        evidence = None if tree else Evidence(observation, template)
        bot.search(template, knowledge_of(observation, rules), rng, evidence)
        return bot.last_iterations

    return search


def hearts_positions(count: int) -> tuple[Any, list[Any]]:
    """The `hearts` game (the caller keeps it: its states do not) and play-phase states with a choice to make, every
    sixth play along random games (seeded)."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        plays = 0
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if "\nTricks:" in str(state):  # the play phase, the passes made (the bot fails on a passing state)
                if plays % 6 == 2 and len(legal) > 1:
                    found.append(state.clone())
                plays += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    return game, found


def hearts_search(count: int, iterations: int) -> Callable[[], int]:
    """OpenSpiel's C++ `ISMCTSBot` choosing a move in the next hearts position; returns its simulations."""
    import pyspiel

    game, states = hearts_positions(count)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    bot = pyspiel.ISMCTSBot(
        2, evaluator, EXPLORATION, iterations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
    )
    index = 0

    def search() -> int:
        nonlocal index
        # The game and the evaluator are kept alive with this closure: the states and the bot hold raw pointers.
        assert game is not None and evaluator is not None
        bot.step(states[index % count])
        index += 1
        return iterations  # the bot runs exactly `max_simulations` a move

    return search


def worker(kind: str, count: int, iterations: int) -> None:
    """Answer `seconds` lines on stdin with `simulations cpu_seconds`: searches run until that much CPU time passed."""
    if kind == "hearts":
        search = hearts_search(count, iterations)
    else:
        search = our_search(count, iterations, kind.endswith("tree"), not kind.startswith("table-"))
    search()  # imports, caches and the first positions' set-up outside the measure
    print("ready", flush=True)
    for line in sys.stdin:
        seconds = float(line)
        done, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            done += search()
        print(done, time.process_time() - start, flush=True)


def spread(values: list[float], digits: int = 2) -> str:
    """`values`' median, least and greatest."""
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def peer(args: argparse.Namespace) -> None:
    here = Path(__file__).resolve()
    root = here.parent.parent
    sides = [("tree", "tree", str(root)), ("moves", "moves", str(root))]
    kernel = "compiled playouts" if rank_playout is not None and rank_playout.AVAILABLE else "no numba: Table"
    labels = {
        "tree": f"ours: ISMCTS tree (tree=True), 4p bga, {kernel}",
        "moves": f"ours: default search (moves, evidence), 4p bga, {kernel}",
        "table-tree": "ours: ISMCTS tree, playouts on Table",
        "table-moves": "ours: default search, playouts on Table",
        "hearts": "OpenSpiel C++ ISMCTSBot, hearts play phase",
    }
    if args.table:
        sides += [("table-tree", "table-tree", str(root)), ("table-moves", "table-moves", str(root))]
    others = [("compiled", args.compiled)] if args.compiled else []
    for side in args.side:
        name, folder = side.split("=", 1)
        others.append((name, folder))
    for name, folder in others:
        # The compiled build's search on Table too, with --table (the `--compiled` folder: a checkout of this work).
        for kind in ("tree", "moves", *(("table-tree", "table-moves") if args.table and name == "compiled" else ())):
            sides.append((f"{name}-{kind}", kind, str(Path(folder).resolve())))
            search = "ISMCTS tree" if kind.endswith("tree") else "default search"
            labels[f"{name}-{kind}"] = f"ours from {folder}: {search}{', on Table' if kind.startswith('table') else ''}"
    sides.append(("hearts", "hearts", str(root)))
    workers: dict[str, subprocess.Popen[str]] = {}
    for key, kind, path in sides:
        # -P: this checkout is not put ahead of PYTHONPATH (the compiled folder's `presidente` is the one imported).
        workers[key] = subprocess.Popen(
            [sys.executable, "-P", str(here), "--worker", kind, "--positions", str(args.positions),
             "--iterations", str(args.iterations)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": f"{path}{os.pathsep}{here.parent}"},
        )  # fmt: skip
    for key, process in workers.items():
        assert process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            sys.exit(f"{key}: its process failed (pyspiel must import in this Python for `hearts`)")
    slices: dict[str, list[float]] = {key: [] for key in workers}
    for _ in range(args.rounds):
        for key, process in workers.items():
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(f"{args.seconds}\n")
            process.stdin.flush()
            done, cpu = process.stdout.readline().split()
            slices[key].append(int(done) / float(cpu))
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    print(
        f"simulations per CPU-second, median (least-greatest) of {args.rounds} interleaved slices"
        f" of {args.seconds:g} s; {args.iterations} simulations a search, {args.positions} positions"
    )
    print(f"{'key':<18} {'measured':<64} {'median':>9} {'least-greatest':>17} {'x hearts':>14}")
    for key, rates in slices.items():
        ratio = [mine / theirs for mine, theirs in zip(rates, slices["hearts"], strict=True)]
        low_high = f"{min(rates):,.0f}-{max(rates):,.0f}"
        shown = spread(ratio) if key != "hearts" else ""
        print(f"{key:<18} {labels[key]:<64} {statistics.median(rates):>9,.0f} {low_high:>17} {shown:>14}")
    for name, _ in others:
        for kind in ("tree", "moves"):
            gain = [mine / theirs for mine, theirs in zip(slices[f"{name}-{kind}"], slices[kind], strict=True)]
            print(f"{name} / this checkout ({kind}): {spread(gain)}")
    if args.table:
        for prefix in ("", *(("compiled-",) if args.compiled else ())):
            for kind in ("tree", "moves"):
                mine, theirs = slices[f"{prefix}{kind}"], slices[f"{prefix}table-{kind}"]
                gain = [a / b for a, b in zip(mine, theirs, strict=True)]
                print(f"{prefix or 'this checkout, '}compiled playouts / Table ({kind}): {spread(gain)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=60, help="positions (single-process mode)")
    parser.add_argument("iters", nargs="?", type=int, default=400, help="simulations a search (single-process mode)")
    parser.add_argument("--peer", action="store_true", help="ours against OpenSpiel's ISMCTSBot, interleaved")
    parser.add_argument("--compiled", default="", help="with --peer: also ours from this mypyc build's folder")
    parser.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="NAME=FOLDER",
        help="with --peer: also ours from FOLDER's `presidente` (another build or checkout), repeatable",
    )
    parser.add_argument(
        "--table", action="store_true", help="with --peer: also ours with the playouts on Table (compiled=False)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="with --peer: interleaved slices per figure")
    parser.add_argument("--seconds", type=float, default=2.0, help="with --peer: CPU-seconds a slice")
    parser.add_argument("--positions", type=int, default=60, help="with --peer: positions searched in turn")
    parser.add_argument("--iterations", type=int, default=400, help="with --peer: simulations a search")
    parser.add_argument("--check", type=int, default=0, metavar="N", help="kernel against Table, N positions a table")
    parser.add_argument(
        "--worker", choices=("tree", "moves", "table-tree", "table-moves", "hearts"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.positions, args.iterations)
    elif args.check:
        check(args.check, args.iters)
    elif args.peer:
        peer(args)
    else:
        single_process(args.count, args.iters)


if __name__ == "__main__":
    main()
