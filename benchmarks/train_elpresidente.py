"""Train the `learned` El Presidente bot: imitation of `heuristic`, then PPO with action masks against a league.

    .venv/bin/pip install -e '.[train]'      # torch==2.13.0 (CPU) and matplotlib
    .venv/bin/python benchmarks/train_elpresidente.py --tables 4 4:2v2 --seed 7 --max-updates 160 --out runs/elp
    .venv/bin/python benchmarks/train_elpresidente.py --resume runs/elp   # goes on from the last checkpoint
    cp runs/elp/weights.npz presidente/bots/elpresidente_learned.npz      # ship it

The network, the PPO update, the checkpoints and the reproducibility are President's
(`benchmarks/train_president.py`: `Policy`, `Trainer.update`, `Trainer.save`/`load`, one thread, every generator
seeded from `--seed`); what differs is the game. The encoder is the package's own
(`presidente/bots/learned_elpresidente.py`), so what is trained is what is played.

1. Imitation: the network learns the heuristic's choices from heuristic-only games of every table, with label
   smoothing (`--smoothing`): the advice is an input, so plain imitation makes a policy so sure of it that PPO
   would hardly ever try another move.
2. PPO: each training game is a one-game match of a table drawn from `--tables`; the learner plays every seat
   of one random side (a player, or a whole team), each other seat is `heuristic` (3 in 4) or an earlier
   snapshot of the learner (the league). A game is long (about 35 battles, 35 decisions a seat), so a
   decision's advantage is not the bare result but generalized advantage estimation (lambda `--gae`) along
   each learner seat's decisions, on a value head that guesses the side's chance to win; the result is 1 for a
   win of the learner's side, else 0 (a game ended by the battle limit too).
3. The learning curve: every `--eval-every` updates the greedy policy plays fixed duplicate deals of every
   table, one side learned and the others `heuristic`, each deal once per side (the sides rotated round the
   seats); per table the figure is the learned side's win rate minus the other sides' mean win rate (0 is the
   heuristic's level, higher is better), with its 95% interval over deals, and the same against the previous
   best policy in every other seat on `--best-deals` other deals. curve.csv and curve.png hold them; the best
   mean over the tables is written to weights.npz.
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rich.console import Console
from rich.progress import Progress
from train_president import LAYOUTS, Batch, Policy, Trainer, add_training_arguments, log_softmax_groups, softmax, train

from presidente.arena import mean_interval
from presidente.bots.elpresidente import HeuristicBot
from presidente.bots.learned import POLICY_ARRAYS, Weights
from presidente.bots.learned_elpresidente import (
    ACTION_FEATURES,
    GAME,
    STATE_FEATURES,
    WEIGHTS_FORMAT,
    Table,
    describe,
    encode,
)
from presidente.elpresidente import Rules, State

LAYOUT = "elpresidente"
LAYOUTS[LAYOUT] = (STATE_FEATURES, ACTION_FEATURES)


def parse_table(text: str) -> Table:
    """ "4" (four players, each alone) or "4:2v2" (teams); checked by the engine's rules."""
    players, _, teams = text.partition(":")
    rules = Rules(players=int(players), teams=teams or None)
    return rules.players, rules.teams


def sides(rules: Rules) -> list[list[int]]:
    """The seats of each side: one seat each when everyone plays alone, a team's seats otherwise."""
    return [list(rules.team_members(team)) for team in range(rules.team_count)]


def label(table: Table) -> str:
    return f"{table[0]}p" + (f"-{table[1]}" if table[1] else "")


class ElpTrainer(Trainer):
    """President's trainer (its PPO update and checkpoints) on El Presidente games."""

    def __init__(self, args: argparse.Namespace) -> None:
        # The parent's fields, for this game (its __init__ reads a President preset).
        self.args = args
        self.tables: list[Table] = [(int(players), teams) for players, teams in args.tables]
        self.model = Policy(args.hidden, args.second, LAYOUT)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=args.lr)
        self.random = random.Random(args.seed)
        self.numpy = np.random.default_rng(args.seed)
        self.heuristic = HeuristicBot()
        self.league: list[dict[str, np.ndarray]] = []
        self.curve: list[dict[str, float]] = []
        self.updates = self.decisions = self.rounds = 0
        self.imitated = False
        self.best = -np.inf
        self.best_arrays: dict[str, np.ndarray] | None = None

    def meta(self) -> dict[str, Any]:
        return {
            "format": WEIGHTS_FORMAT,
            "game": GAME,
            "presets": [],  # President's key, none here (Policy.weights reads it)
            "tables": [list(table) for table in self.tables],
            "seed": self.args.seed,
            "updates": self.updates,
            "decisions": self.decisions,
            "trainer": "benchmarks/train_elpresidente.py",
        }

    def policy(self, arrays: dict[str, np.ndarray] | None = None) -> Weights:
        if arrays is None:
            exported = self.model.export(self.meta())
            arrays = {name: exported[name] for name in POLICY_ARRAYS}
        return Weights(arrays, (), (), {})

    def new_game(self) -> State:
        players, teams = self.tables[self.random.randrange(len(self.tables))]
        return State(Rules(players=players, teams=teams), self.random.getrandbits(32))

    # ----------------------------------------------------------------- training

    def imitation(self, matches: int, progress: Progress) -> None:
        """Learn heuristic's choices from heuristic-only games (every seat's decisions)."""
        batch = Batch()
        task = progress.add_task("imitation games", total=matches)
        for _ in range(matches):
            state = self.new_game()
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                observation = state.observation(seat)
                action = self.heuristic.choose(observation, legal, self.random).action
                if len(legal) > 1:
                    states, actions = encode(observation, legal, action)
                    batch.states.append(states)
                    batch.actions.append(actions)
                    batch.chosen.append(legal.index(action))
                    batch.logp.append(0.0)
                    batch.returns.append(0.0)
                state.apply(action)
            progress.advance(task)
        task = progress.add_task("imitation epochs", total=self.args.imitation_epochs)
        for _ in range(self.args.imitation_epochs):
            for indices in self.minibatches(len(batch.chosen)):
                t, count = batch.tensors(indices), len(indices)
                logp = log_softmax_groups(self.model.logits(t["states"], t["actions"], t["group"]), t["group"], count)
                # Label smoothing: the heuristic's move stays the likeliest, but PPO keeps a chance to try others.
                sizes = torch.zeros(count).index_add(0, t["group"], torch.ones(len(logp)))
                spread = torch.zeros(count).index_add(0, t["group"], logp) / sizes
                smoothing = self.args.smoothing
                loss = -((1 - smoothing) * logp[t["chosen_row"]] + smoothing * spread).mean()
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            progress.advance(task)
        self.imitated = True

    def collect(self, weights: Weights) -> Batch:
        """Play `--matches` games: the learner (sampling) on one random side, the league and heuristic around."""
        batch = Batch()
        for _ in range(self.args.matches):
            state = self.new_game()
            mine = sides(state.rules)[self.random.randrange(state.rules.team_count)]
            opponents: dict[int, Weights] = {}
            for seat in range(state.players):
                if seat not in mine and self.league and self.random.random() < self.args.league_share:
                    opponents[seat] = self.policy(self.league[self.random.randrange(len(self.league))])
            trail: dict[int, list[int]] = {seat: [] for seat in mine}  # batch indices of each learner seat
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                observation = state.observation(seat)
                advice = self.heuristic.choose(observation, legal, self.random).action
                if (seat not in mine and seat not in opponents) or len(legal) == 1:
                    state.apply(advice)
                    continue
                states, actions = encode(observation, legal, advice)
                if seat in mine:
                    probabilities = softmax(weights.scores(states, actions).astype(np.float64))
                    index = int(self.numpy.choice(len(legal), p=probabilities))
                    trail[seat].append(len(batch.chosen))
                    batch.states.append(states)
                    batch.actions.append(actions)
                    batch.chosen.append(index)
                    batch.logp.append(float(np.log(probabilities[index])))
                    batch.returns.append(0.0)
                    self.decisions += 1
                else:
                    index = int(np.argmax(opponents[seat].scores(states, actions)))
                state.apply(legal[index])
            winner = state.game_winners[0]
            won = float(winner is not None and winner in mine)
            for indices in trail.values():
                self.targets(batch, indices, won)
            self.rounds += 1
        return batch

    def targets(self, batch: Batch, indices: list[int], result: float) -> None:
        """Lambda-returns along one seat's decisions (GAE on the value head, no discount): PPO's update takes
        them as the returns, so its advantage (return - value) is the GAE advantage."""
        if not indices:
            return
        with torch.no_grad():
            values = self.model.value(torch.from_numpy(np.stack([batch.states[i] for i in indices]))).squeeze(1)
        values_list = [float(value) for value in values]
        following = result  # the value after the last decision is the result itself
        advantage = 0.0
        for position in reversed(range(len(indices))):
            delta = following - values_list[position]
            advantage = delta + self.args.gae * advantage
            batch.returns[indices[position]] = advantage + values_list[position]
            following = values_list[position]

    # ----------------------------------------------------------------- evaluation

    def evaluate(
        self, weights: Weights, others: Weights | None = None, deals: range | None = None
    ) -> dict[Table, tuple[float, tuple[float, float]]]:
        """Per table: the learned side's win rate minus the other sides' mean, each deal played once per side."""
        results = {}
        for table in self.tables:
            rules = Rules(players=table[0], teams=table[1])
            per_deal = []
            for deal in range(self.args.eval_deals) if deals is None else deals:
                difference = 0.0
                for side in sides(rules):
                    state = State(rules, 10_000_019 * (self.args.seed + 1) + deal)
                    rng = random.Random(deal)
                    while not state.is_over:
                        mover = state.current_player
                        assert mover is not None
                        legal = state.legal_actions()
                        observation = state.observation(mover)
                        advice = self.heuristic.choose(observation, legal, rng).action
                        player = weights if mover in side else others
                        if player is None or len(legal) == 1:
                            state.apply(advice)
                            continue
                        states, actions = encode(observation, legal, advice)
                        state.apply(legal[int(np.argmax(player.scores(states, actions)))])
                    winner = state.game_winners[0]
                    mine = float(winner is not None and winner in side)
                    theirs = float(winner is not None and winner not in side) / (rules.team_count - 1)
                    difference += mine - theirs
                per_deal.append(difference / rules.team_count)
            results[table] = mean_interval(per_deal)
        return results

    def record(self, out: Path, elapsed: float, console: Console) -> None:
        weights = self.policy()
        row: dict[str, float] = {
            "updates": self.updates,
            "decisions": self.decisions,
            "games": self.rounds,
            "minutes": round(elapsed / 60, 2),
        }
        figures = self.evaluate(weights)
        for table, (mean, (low, high)) in figures.items():
            name = label(table)
            row |= {name: round(mean, 4), f"{name}_low": round(low, 4), f"{name}_high": round(high, 4)}
            console.log(
                f"update {self.updates}: {describe([table])}: {mean:+.3f} ({low:+.3f} to {high:+.3f}) vs heuristic"
            )
        if self.best_arrays is not None and self.args.best_deals > 1:
            deals = range(self.args.eval_deals, self.args.eval_deals + self.args.best_deals)
            for table, (mean, (low, high)) in self.evaluate(weights, self.policy(self.best_arrays), deals).items():
                name = f"{label(table)}_vs_best"
                row |= {name: round(mean, 4), f"{name}_low": round(low, 4), f"{name}_high": round(high, 4)}
                console.log(f"  {describe([table])} vs the previous best: {mean:+.3f} ({low:+.3f} to {high:+.3f})")
        self.curve.append(row)
        mean = float(np.mean([figure[0] for figure in figures.values()]))
        if mean > self.best:
            self.best = mean
            self.best_arrays = {name: weights.arrays[name].copy() for name in POLICY_ARRAYS}
            np.savez(out / "weights.npz", **self.model.export({**self.meta(), "eval_difference": mean}))
        self.league.append({name: weights.arrays[name].copy() for name in POLICY_ARRAYS})
        self.league = self.league[-self.args.league_size :]
        write_curve(out, self.curve, self.tables)
        self.save(out / "checkpoint.pt")


def write_curve(out: Path, curve: list[dict[str, float]], tables: list[Table]) -> None:
    """curve.csv (a row per evaluation) and curve.png (a line per table, and per table against the previous best)."""
    fields = list(dict.fromkeys(key for row in curve for key in row))
    with (out / "curve.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4))
    for table in tables:
        for name, words in ((label(table), "vs heuristic"), (f"{label(table)}_vs_best", "vs the previous best")):
            rows = [row for row in curve if name in row]
            if not rows:
                continue
            steps = [row["decisions"] for row in rows]
            axes.plot(steps, [row[name] for row in rows], marker="o", label=f"{describe([table])}, {words}")
            low, high = [row[f"{name}_low"] for row in rows], [row[f"{name}_high"] for row in rows]
            axes.fill_between(steps, low, high, alpha=0.2)
    axes.axhline(0, color="grey", linestyle="--", label="the opponents' level")
    axes.set_xlabel("learner decisions trained on")
    axes.set_ylabel("learned side's win rate minus the others'")
    axes.set_title("El Presidente")
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(out / "curve.png", dpi=100)
    pyplot.close(figure)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=parse_table, nargs="+", default=[(4, None), (4, "2v2")], help='"4" "4:2v2"')
    add_training_arguments(parser)
    parser.add_argument("--smoothing", type=float, default=0.3, help="imitation's label smoothing")
    parser.add_argument("--gae", type=float, default=0.95, help="GAE's lambda along a seat's decisions")
    # The shipped run's settings (docs/bots.md): at lr 3e-4 with smoothing 0 or 0.15, PPO still played the very
    # heuristic's moves after 25 updates.
    parser.set_defaults(minutes=40.0, imitation_matches=120, lr=1e-3, matches=32, eval_every=20, best_deals=20)
    args = parser.parse_args()
    if args.out is None:
        args.out = Path("runs") / "elpresidente"
    return args


def main() -> None:
    args = arguments()
    torch.set_num_threads(1)
    resume = args.resume
    if resume is not None:
        saved = torch.load(resume / "checkpoint.pt", weights_only=False)["args"]
        limits = {"minutes": args.minutes, "max_updates": args.max_updates}
        args = argparse.Namespace(**{**saved, **limits, "out": resume, "resume": resume})
    torch.manual_seed(args.seed)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    trainer = ElpTrainer(args)
    if resume is not None:
        trainer.load(resume / "checkpoint.pt")
    console = train(trainer, args, out)
    console.log(f"best mean difference {trainer.best:+.3f}; weights in {out / 'weights.npz'}, curve in {out}/curve.csv")


if __name__ == "__main__":
    main()
