"""Train the `learned` President bot: imitation of `heuristic`, then PPO with action masks against a league.

    .venv/bin/pip install -e '.[train]'      # torch==2.13.0 (CPU) and matplotlib
    .venv/bin/python benchmarks/train_president.py --preset victorz --players 4 --seed 7 --minutes 25 --out runs/victorz
    .venv/bin/python benchmarks/train_president.py --resume runs/victorz  # goes on from the last checkpoint
    cp runs/victorz/weights.npz presidente/bots/learned_victorz.npz       # ship it: one file per table
    .venv/bin/python benchmarks/train_president.py --preset uecda --players 5 --seed 7 --layout suited \
        --sample-share 0.75 --league-share 0.1 --choose-by sample --sample-deals 100 --matches 48 --workers 7 \
        --max-updates 1050 --out runs/uecda-5p                           # the shipped uecda file (docs/bots.md)

One weights file per table (a preset at a player count; the file's meta names them), every file the same
network over the same encoder. `--layout base` trains on the first rows only (up to 4 players, no sequence
features): the shipped `bga` weights were trained so, `--preset bga --layout base --seed 7 --max-updates 450`.

Why here and not in the package: training needs torch (the `[train]` extra); the package plays the weights
with numpy alone (`presidente/bots/learned.py`), and its feature encoder is the very one used here, so what
was trained is what is played. The games run on the engine's `State` directly, one process, one thread.

The method, and why:
1. Imitation. The network first learns to choose what `heuristic` chooses (cross-entropy over each decision's
   legal actions), so PPO starts from a sound player instead of a random one; one of its inputs is the
   heuristic's advice, so this step is quick and the rest of training is about when to deviate from it.
2. PPO with action masks. Each decision scores only its legal actions (a softmax per decision, the others
   masked out). The learner takes one random seat of a 3-round match; each other seat is `heuristic`
   (3 in 4) or an earlier snapshot of the learner (the league). A decision's return is the learner's result
   in that round, (players + 1) / 2 - place, so the exchange at the start of a round is judged by that round;
   a value head on the seat's situation is the baseline.
3. The learning curve: every `--eval-every` updates the greedy policy plays fixed duplicate deals (each in
   every rotation) in one seat against `heuristic` bots, one round each as in `presidente arena`; its mean
   place ((players + 1) / 2 is heuristic's level, lower is better) and 95% interval go to curve.csv and
   curve.png, beside its mean place against the previous best policy (the best evaluation before it) in every
   other seat, on `--best-deals` other deals: below the middle, it beats what would have been shipped.

On suit tables (`uecda`), where the bot is measured against the official UECda sample client
(`benchmarks/uecda_strength.py`), that client's policy (`benchmarks/uecda_sample_bot.py`) may take other seats:
`--sample-share` is the chance of each, `--sample-deals` adds an evaluation against four of them (2-round
matches by default: the exchange's rounds count) and `--choose-by sample` ships its best. `--workers N` plays the
matches and evaluations in N processes, each match from seeds the trainer draws in order, so any N gives the
same run (N = 0, the default, is the first runs' single-process order).

Reproducible from `--seed` (Python, numpy and torch generators, one thread); a checkpoint after every
evaluation holds the model, the optimizer, the league, the curve and every generator's state, so `--resume`
continues the very same run. The shipped weights are the evaluation's best, written to weights.npz.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import math
import multiprocessing
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from torch import nn

from presidente.bots.learned import LAYOUT_WIDTHS, POLICY_ARRAYS, WEIGHTS_FORMAT, Weights, encode
from presidente.bots.president_heuristic import HeuristicBot
from presidente.president.rules import Rules, find_preset
from presidente.president.state import new_game

Z95 = 1.959963984540054
# The rows each layout reads: (state, action) features; "suited" adds the suit tables' extras (`uecda`).
LAYOUTS = LAYOUT_WIDTHS


@functools.cache
def sample_client() -> Any:
    """The UECda sample client's policy (benchmarks/uecda_sample_bot.py, beside this script), an opponent on
    uecda tables; imported when first asked for, so that the trainer loads from elsewhere (the tests) without it."""
    from uecda_sample_bot import SampleClientBot

    return SampleClientBot()


class Policy(nn.Module):
    """The network `learned.Weights.scores` plays: state and action rows -> one logit per action; and a value."""

    def __init__(self, hidden: int = 128, second: int = 64, layout: str = "full") -> None:
        super().__init__()
        self.state_features, self.action_features = LAYOUTS[layout]
        self.first = nn.Linear(self.state_features + self.action_features, hidden)
        self.second = nn.Linear(hidden, second)
        self.out = nn.Linear(second, 1)
        self.value = nn.Sequential(nn.Linear(self.state_features, 64), nn.ReLU(), nn.Linear(64, 1))

    def logits(self, states: torch.Tensor, actions: torch.Tensor, group: torch.Tensor) -> torch.Tensor:
        """One logit per action row; `group[i]` is the decision (row of `states`) action row i belongs to. Full
        rows are cut to the layout's columns, as `learned.Weights.scores` does."""
        states, actions = states[:, : self.state_features], actions[:, : self.action_features]
        rows = torch.cat([states[group], actions], dim=1)
        hidden = torch.relu(self.second(torch.relu(self.first(rows))))
        return self.out(hidden).squeeze(1)

    def export(self, meta: dict[str, Any]) -> dict[str, np.ndarray]:
        """The arrays of a weights file (`learned.load_weights` reads them)."""
        first = self.first.weight.detach().numpy().T
        arrays = {
            "state_in": first[: self.state_features],
            "action_in": first[self.state_features :],
            "bias_in": self.first.bias.detach().numpy(),
            "hidden": self.second.weight.detach().numpy().T,
            "bias_hidden": self.second.bias.detach().numpy(),
            "out": self.out.weight.detach().numpy()[0],
            "bias_out": self.out.bias.detach().numpy(),
        }
        assert set(arrays) == set(POLICY_ARRAYS)
        result = {name: np.ascontiguousarray(array, dtype=np.float32) for name, array in arrays.items()}
        result["meta"] = np.array(json.dumps({"format": WEIGHTS_FORMAT, **meta}))
        return result

    def weights(self, meta: dict[str, Any]) -> Weights:
        arrays = self.export(meta)
        return Weights({name: arrays[name] for name in POLICY_ARRAYS}, tuple(meta["presets"]), (), meta)


def log_softmax_groups(logits: torch.Tensor, group: torch.Tensor, decisions: int) -> torch.Tensor:
    """log softmax of each action's logit among its own decision's actions (the illegal ones are not there)."""
    top = torch.full((decisions,), -1e9).scatter_reduce(0, group, logits.detach(), reduce="amax")
    shifted = logits - top[group]
    total = torch.zeros(decisions).index_add(0, group, torch.exp(shifted))
    return shifted - torch.log(total)[group]


@dataclass
class Batch:
    """Decisions with more than one legal action: rows, the chosen action, its log-probability, the return."""

    states: list[np.ndarray] = field(default_factory=list)
    actions: list[np.ndarray] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)

    def tensors(self, indices: np.ndarray) -> dict[str, torch.Tensor]:
        sizes = [len(self.actions[i]) for i in indices]
        group = np.repeat(np.arange(len(indices)), sizes)
        offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        return {
            "states": torch.from_numpy(np.stack([self.states[i] for i in indices])),
            "actions": torch.from_numpy(np.concatenate([self.actions[i] for i in indices])),
            "group": torch.from_numpy(group),
            "chosen_row": torch.from_numpy(offsets + np.array([self.chosen[i] for i in indices])),
            "logp": torch.tensor([self.logp[i] for i in indices]),
            "returns": torch.tensor([self.returns[i] for i in indices]),
        }


def softmax(scores: np.ndarray) -> np.ndarray:
    odds = np.exp(scores - scores.max())
    return np.asarray(odds / odds.sum())


class Table:
    """The games of a run, played alike in the trainer's process and in worker processes (`--workers`)."""

    def __init__(self, rules: Rules, eval_rules: Rules, players: int, layout: str, seed: int) -> None:
        self.rules, self.eval_rules, self.players, self.layout, self.seed = rules, eval_rules, players, layout, seed
        self.middle = (players + 1) / 2
        self.widths = LAYOUTS[layout]
        self.heuristic = HeuristicBot(rules)
        self.eval_heuristic = HeuristicBot(eval_rules)

    def rows(self, observation: Any, legal: list[Any], rules: Rules, advice: Any) -> tuple[np.ndarray, np.ndarray]:
        """The encoder's rows, cut to the layout's columns."""
        state, actions = encode(observation, legal, rules, advice, self.layout == "suited")
        return state[: self.widths[0]], actions[:, : self.widths[1]]

    def deal_mean(self, weights: Weights, others: Weights | str | None, deal: int, rounds: int) -> float:
        """One evaluation deal in every rotation (see `Trainer.evaluate`): the mean place of `weights`' seat."""
        rules = self.eval_rules.replace(rounds=rounds)
        places = []
        for seat in range(self.players):
            state = new_game(rules, self.players, 10_000_019 * (self.seed + 1) + deal)
            rng = random.Random(deal)
            while not state.is_over:
                mover = state.current_player
                assert mover is not None
                legal = state.offered_actions()
                observation = state.observation(mover)
                if mover != seat and others == "sample":
                    state.apply(sample_client().action(observation, legal))
                    continue
                advice = self.eval_heuristic.choose(observation, legal, rng).action
                player = weights if mover == seat else others
                if not isinstance(player, Weights) or len(legal) == 1:
                    state.apply(advice)
                    continue
                states, actions = self.rows(observation, legal, rules, advice)
                state.apply(legal[int(np.argmax(player.scores(states, actions)))])
            places.extend(order.index(seat) + 1 for order in state.results)
        return sum(places) / len(places)

    def play_match(
        self, weights: Weights, game_seed: int, learner: int, seats: dict[int, Weights | str], seed: int
    ) -> tuple[Batch, int]:
        """One training match from its seeds (`Trainer.collect_by_match`): the learner's decisions, the rounds."""
        batch = Batch()
        rng, sampler = random.Random(seed), np.random.default_rng(seed)
        state = new_game(self.rules, self.players, game_seed)
        mine: list[tuple[int, int]] = []  # (batch index, round) of the learner's decisions
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.offered_actions()
            observation = state.observation(seat)
            other = seats.get(seat)
            if other == "sample":
                state.apply(sample_client().action(observation, legal))
                continue
            advice = self.heuristic.choose(observation, legal, rng).action
            if (seat != learner and other is None) or len(legal) == 1:
                state.apply(advice)
                continue
            states, actions = self.rows(observation, legal, self.rules, advice)
            if isinstance(other, Weights):
                state.apply(legal[int(np.argmax(other.scores(states, actions)))])
                continue
            probabilities = softmax(weights.scores(states, actions).astype(np.float64))
            index = int(sampler.choice(len(legal), p=probabilities))
            mine.append((len(batch.chosen), len(state.results)))
            batch.states.append(states)
            batch.actions.append(actions)
            batch.chosen.append(index)
            batch.logp.append(float(np.log(probabilities[index])))
            batch.returns.append(0.0)
            state.apply(legal[index])
        for position, round_index in mine:
            batch.returns[position] = self.middle - (state.results[round_index].index(learner) + 1)
        return batch, len(state.results)


_TABLE: Table | None = None  # a worker process's games


def _set_table(table: Table) -> None:
    global _TABLE
    _TABLE = table


def deal_mean(task: tuple[Any, ...]) -> float:
    assert _TABLE is not None
    return _TABLE.deal_mean(*task)


def play_match(task: tuple[Any, ...]) -> tuple[Batch, int]:
    assert _TABLE is not None
    return _TABLE.play_match(*task)


class Trainer:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.preset: str = args.preset
        self.players: int = args.players
        self.middle = (self.players + 1) / 2
        self.rules: Rules = find_preset(self.preset).replace(rounds=args.rounds, target_score=0)
        self.eval_rules: Rules = find_preset(self.preset).replace(rounds=1, target_score=0)
        self.model = Policy(args.hidden, args.second, args.layout)
        self.widths = LAYOUTS[args.layout]
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=args.lr)
        self.random = random.Random(args.seed)
        self.numpy = np.random.default_rng(args.seed)
        self.heuristic = HeuristicBot(self.rules)
        self.eval_heuristic = HeuristicBot(self.eval_rules)
        self.league: list[dict[str, np.ndarray]] = []
        self.curve: list[dict[str, float]] = []
        self.updates = 0
        self.decisions = 0
        self.rounds = 0
        self.imitated = False
        self.best = math.inf
        self.best_arrays: dict[str, np.ndarray] | None = None  # the best evaluation's policy so far
        self.table = Table(self.rules, self.eval_rules, self.players, args.layout, args.seed)
        self.pool: Any = None  # worker processes (`--workers`), each holding `self.table`
        if args.workers > 1:
            context = multiprocessing.get_context("fork")
            self.pool = context.Pool(args.workers, initializer=_set_table, initargs=(self.table,))

    # ----------------------------------------------------------------- checkpoints

    def save(self, path: Path) -> None:
        torch.save(
            {
                "args": vars(self.args),
                "model": self.model.state_dict(),
                "optimizer": self.optimizer.state_dict(),
                "random": self.random.getstate(),
                "numpy": self.numpy.bit_generator.state,
                "torch": torch.get_rng_state(),
                "league": self.league,
                "curve": self.curve,
                "counters": (self.updates, self.decisions, self.rounds, self.imitated, self.best),
                "best_arrays": self.best_arrays,
            },
            path.with_suffix(".tmp"),
        )
        path.with_suffix(".tmp").replace(path)

    def load(self, path: Path) -> None:
        saved = torch.load(path, weights_only=False)
        self.model.load_state_dict(saved["model"])
        self.optimizer.load_state_dict(saved["optimizer"])
        self.random.setstate(saved["random"])
        self.numpy.bit_generator.state = saved["numpy"]
        torch.set_rng_state(saved["torch"])
        self.league = saved["league"]
        self.curve = saved["curve"]
        self.updates, self.decisions, self.rounds, self.imitated, self.best = saved["counters"]
        self.best_arrays = saved.get("best_arrays")

    def meta(self) -> dict[str, Any]:
        return {
            "presets": [self.preset],
            "players": [self.players],
            "layout": self.args.layout,
            "seed": self.args.seed,
            "updates": self.updates,
            "decisions": self.decisions,
            "trainer": "benchmarks/train_president.py",
        }

    # ----------------------------------------------------------------- playing

    def rows(self, observation: Any, legal: list[Any], rules: Rules, advice: Any) -> tuple[np.ndarray, np.ndarray]:
        """The encoder's rows, cut to the layout's columns."""
        state, actions = encode(observation, legal, rules, advice, self.args.layout == "suited")
        return state[: self.widths[0]], actions[:, : self.widths[1]]

    def snapshot(self, arrays: dict[str, np.ndarray]) -> Weights:
        return Weights(arrays, (self.preset,), (self.players,), {})

    def imitation(self, matches: int, progress: Progress) -> None:
        """Learn heuristic's choices from heuristic-only matches (every seat's decisions)."""
        batch = Batch()
        task = progress.add_task("imitation games", total=matches)
        for _ in range(matches):
            state = new_game(self.rules, self.players, self.random.getrandbits(32))
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.offered_actions()
                observation = state.observation(seat)
                action = self.heuristic.choose(observation, legal, self.random).action
                if len(legal) > 1:
                    rows = self.rows(observation, legal, self.rules, action)
                    batch.states.append(rows[0])
                    batch.actions.append(rows[1])
                    batch.chosen.append(legal.index(action))
                    batch.logp.append(0.0)
                    batch.returns.append(0.0)
                state.apply(action)
            progress.advance(task)
        task = progress.add_task("imitation epochs", total=self.args.imitation_epochs)
        for _ in range(self.args.imitation_epochs):
            for indices in self.minibatches(len(batch.chosen)):
                t = batch.tensors(indices)
                logp = log_softmax_groups(
                    self.model.logits(t["states"], t["actions"], t["group"]), t["group"], len(indices)
                )
                loss = -logp[t["chosen_row"]].mean()
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            progress.advance(task)
        self.imitated = True

    def minibatches(self, count: int) -> list[np.ndarray]:
        """Shuffled minibatches of nearly equal sizes (no stray minibatch of one decision)."""
        order = self.numpy.permutation(count)
        return list(np.array_split(order, max(1, round(count / self.args.minibatch))))

    def collect(self, weights: Weights) -> Batch:
        """Play `--matches` matches: the learner (sampling) in one random seat, the league and heuristic around."""
        if self.args.workers:
            return self.collect_by_match(weights)
        batch = Batch()
        for _ in range(self.args.matches):
            state = new_game(self.rules, self.players, self.random.getrandbits(32))
            learner = self.random.randrange(self.players)
            opponents: dict[int, Weights] = {}
            samples: set[int] = set()
            for seat in range(self.players):
                if seat == learner:
                    continue
                draw = self.random.random()
                if self.league and draw < self.args.league_share:
                    arrays = self.league[self.random.randrange(len(self.league))]
                    opponents[seat] = self.snapshot(arrays)
                elif draw < self.args.league_share + self.args.sample_share:
                    samples.add(seat)
            mine: list[tuple[int, int]] = []  # (batch index, round) of the learner's decisions
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.offered_actions()
                observation = state.observation(seat)
                if seat in samples:
                    state.apply(sample_client().action(observation, legal))
                    continue
                advice = self.heuristic.choose(observation, legal, self.random).action
                if (seat != learner and seat not in opponents) or len(legal) == 1:
                    state.apply(advice)
                    continue
                states, actions = self.rows(observation, legal, self.rules, advice)
                if seat == learner:
                    probabilities = softmax(weights.scores(states, actions).astype(np.float64))
                    index = int(self.numpy.choice(len(legal), p=probabilities))
                    mine.append((len(batch.chosen), len(state.results)))
                    batch.states.append(states)
                    batch.actions.append(actions)
                    batch.chosen.append(index)
                    batch.logp.append(float(np.log(probabilities[index])))
                    batch.returns.append(0.0)
                    self.decisions += 1
                else:
                    index = int(np.argmax(opponents[seat].scores(states, actions)))
                state.apply(legal[index])
            for position, round_index in mine:
                order = state.results[round_index]
                batch.returns[position] = self.middle - (order.index(learner) + 1)
            self.rounds += len(state.results)
        return batch

    def run_tasks(self, function: Any, tasks: list[Any]) -> list[Any]:
        """`function` of each task, in order: by the worker processes, or here (one worker)."""
        if self.pool is not None:
            return list(self.pool.map(function, tasks))
        _set_table(self.table)
        return [function(task) for task in tasks]

    def collect_by_match(self, weights: Weights) -> Batch:
        """`collect` with `--workers`: each match's seeds and seats are drawn here, in order, and the match is played
        by a worker process from them alone (its own generators), so any number of workers gives the same batch."""
        tasks = []
        for _ in range(self.args.matches):
            game_seed, learner = self.random.getrandbits(32), self.random.randrange(self.players)
            seats: dict[int, Weights | str] = {}
            for seat in range(self.players):
                if seat == learner:
                    continue
                draw = self.random.random()
                if self.league and draw < self.args.league_share:
                    seats[seat] = self.snapshot(self.league[self.random.randrange(len(self.league))])
                elif draw < self.args.league_share + self.args.sample_share:
                    seats[seat] = "sample"
            tasks.append((weights, game_seed, learner, seats, self.random.getrandbits(63)))
        batch = Batch()
        for part, rounds in self.run_tasks(play_match, tasks):
            for field_name in ("states", "actions", "chosen", "logp", "returns"):
                getattr(batch, field_name).extend(getattr(part, field_name))
            self.decisions += len(part.chosen)
            self.rounds += rounds
        return batch

    def update(self, batch: Batch) -> dict[str, float]:
        """PPO's clipped objective, a value baseline and an entropy bonus, over a few epochs of minibatches."""
        args = self.args
        stats = {"policy": 0.0, "value": 0.0, "entropy": 0.0}
        steps = 0
        for _ in range(args.epochs):
            for indices in self.minibatches(len(batch.chosen)):
                t = batch.tensors(indices)
                count = len(indices)
                logits = self.model.logits(t["states"], t["actions"], t["group"])
                logp_all = log_softmax_groups(logits, t["group"], count)
                logp = logp_all[t["chosen_row"]]
                value = self.model.value(t["states"]).squeeze(1)
                advantage = t["returns"] - value.detach()
                advantage = (advantage - advantage.mean()) / (advantage.std(unbiased=False) + 1e-6)
                ratio = torch.exp(logp - t["logp"])
                clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
                policy_loss = -torch.min(ratio * advantage, clipped * advantage).mean()
                value_loss = ((value - t["returns"]) ** 2).mean()
                entropy = -torch.zeros(count).index_add(0, t["group"], torch.exp(logp_all) * logp_all).mean()
                loss = policy_loss + args.value_coef * value_loss - args.entropy * entropy
                if not torch.isfinite(loss):
                    raise FloatingPointError(f"update {self.updates}: the loss is {float(loss)}")
                self.optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.optimizer.step()
                stats["policy"] += policy_loss.item()
                stats["value"] += value_loss.item()
                stats["entropy"] += entropy.item()
                steps += 1
        self.updates += 1
        return {key: total / max(1, steps) for key, total in stats.items()}

    def evaluate(
        self, weights: Weights, others: Weights | str | None = None, deals: range | None = None, rounds: int = 1
    ) -> tuple[float, float, float]:
        """Greedy play in one seat against `heuristic` bots (or the greedy `others` policy, or "sample": the UECda
        sample client) in every other seat, on fixed duplicate deals in every rotation, each a match of `rounds`
        rounds: the mean place over every round and its 95% interval."""
        tasks = [(weights, others, deal, rounds) for deal in (range(self.args.eval_deals) if deals is None else deals)]
        per_deal = self.run_tasks(deal_mean, tasks)
        mean = float(np.mean(per_deal))
        half = Z95 * float(np.std(per_deal, ddof=1)) / math.sqrt(len(per_deal))
        return mean, mean - half, mean + half

    # ----------------------------------------------------------------- the run

    def record(self, out: Path, elapsed: float, console: Console) -> None:
        weights = self.model.weights(self.meta())
        mean, low, high = self.evaluate(weights)
        row: dict[str, float] = {
            "updates": self.updates,
            "decisions": self.decisions,
            "rounds": self.rounds,
            "minutes": round(elapsed / 60, 2),
            "mean_place": round(mean, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        }
        others = self.players - 1
        console.log(f"update {self.updates}: mean place {mean:.3f} ({low:.3f}-{high:.3f}) vs {others} heuristic")
        chosen = mean
        if self.args.sample_deals > 0:
            # Other deals again: after the previous best's.
            first = self.args.eval_deals + self.args.best_deals
            deals = range(first, first + self.args.sample_deals)
            sample, sample_low, sample_high = self.evaluate(weights, "sample", deals, self.args.sample_rounds)
            row |= {"vs_sample": round(sample, 4), "vs_sample_low": round(sample_low, 4)}
            row |= {"vs_sample_high": round(sample_high, 4)}
            console.log(f"  vs {others} UECda sample clients: {sample:.3f} ({sample_low:.3f}-{sample_high:.3f})")
            if self.args.choose_by == "sample":
                chosen = sample
        if self.best_arrays is not None and self.args.best_deals > 1:
            # Other deals than the heuristic's: the deal numbers after them.
            deals = range(self.args.eval_deals, self.args.eval_deals + self.args.best_deals)
            best_mean, best_low, best_high = self.evaluate(weights, self.snapshot(self.best_arrays), deals)
            row |= {"vs_best": round(best_mean, 4), "vs_best_low": round(best_low, 4)}
            row |= {"vs_best_high": round(best_high, 4)}
            console.log(f"  vs {others} of the previous best: {best_mean:.3f} ({best_low:.3f}-{best_high:.3f})")
        self.curve.append(row)
        if chosen < self.best:
            self.best = chosen
            self.best_arrays = {name: weights.arrays[name].copy() for name in POLICY_ARRAYS}
            figures = {"eval_mean_place": mean}
            if self.args.choose_by == "sample":
                figures["eval_vs_sample"] = chosen
            np.savez(out / "weights.npz", **self.model.export({**self.meta(), **figures}))
        self.league.append({name: weights.arrays[name].copy() for name in POLICY_ARRAYS})
        self.league = self.league[-self.args.league_size :]
        write_curve(out, self.curve, self.preset, self.players)
        self.save(out / "checkpoint.pt")


CURVE_FIELDS = ("updates", "decisions", "rounds", "minutes", "mean_place", "low", "high")
BEST_FIELDS = ("vs_best", "vs_best_low", "vs_best_high")
SAMPLE_FIELDS = ("vs_sample", "vs_sample_low", "vs_sample_high")


def write_curve(out: Path, curve: list[dict[str, float]], preset: str, players: int) -> None:
    """curve.csv (a row per evaluation; the first has no previous best) and curve.png."""
    fields = [*CURVE_FIELDS, *(BEST_FIELDS if any("vs_best" in row for row in curve) else ())]
    fields += SAMPLE_FIELDS if any("vs_sample" in row for row in curve) else ()
    with (out / "curve.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    middle = (players + 1) / 2
    figure, axes = pyplot.subplots(figsize=(7, 4))
    steps = [row["decisions"] for row in curve]
    axes.plot(steps, [row["mean_place"] for row in curve], marker="o", label="vs heuristic")
    axes.fill_between(steps, [row["low"] for row in curve], [row["high"] for row in curve], alpha=0.25)
    versus = [row for row in curve if "vs_best" in row]
    if versus:
        steps = [row["decisions"] for row in versus]
        axes.plot(steps, [row["vs_best"] for row in versus], marker="s", label="vs the previous best")
        low, high = [row["vs_best_low"] for row in versus], [row["vs_best_high"] for row in versus]
        axes.fill_between(steps, low, high, alpha=0.2)
    samples = [row for row in curve if "vs_sample" in row]
    if samples:
        steps = [row["decisions"] for row in samples]
        axes.plot(steps, [row["vs_sample"] for row in samples], marker="^", label="vs UECda sample clients")
        low, high = [row["vs_sample_low"] for row in samples], [row["vs_sample_high"] for row in samples]
        axes.fill_between(steps, low, high, alpha=0.2)
    axes.axhline(middle, color="grey", linestyle="--", label=f"the opponents' level ({middle:g})")
    axes.set_xlabel("learner decisions trained on")
    axes.set_ylabel(f"learned's mean place vs {players - 1} others (lower is better)")
    axes.set_title(f"President {preset}, {players} players")
    axes.legend()
    figure.tight_layout()
    figure.savefig(out / "curve.png", dpi=100)
    pyplot.close(figure)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="bga", help="the President preset to train on (`presidente rules`)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--layout",
        choices=sorted(LAYOUTS),
        default="full",
        help="feature rows: base (bga's shipped file), full, or suited (full and the suit tables' extras)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds per training match (exchanges from round 2)")
    parser.add_argument(
        "--sample-share", type=float, default=0.0, help="chance a seat is the UECda sample client (uecda tables)"
    )
    parser.add_argument(
        "--sample-deals", type=int, default=0, help="deals per evaluation against UECda sample clients (0: none)"
    )
    parser.add_argument("--sample-rounds", type=int, default=2, help="rounds per deal of that evaluation")
    parser.add_argument(
        "--choose-by",
        choices=("heuristic", "sample"),
        default="heuristic",
        help="the evaluation that picks the weights: against heuristic bots or against UECda sample clients",
    )
    add_training_arguments(parser)
    parser.set_defaults(minutes=45.0, imitation_matches=150, best_deals=50)
    args = parser.parse_args()
    args.preset = find_preset(args.preset).name
    find_preset(args.preset).check_players(args.players)
    if args.out is None:
        args.out = Path("runs") / f"{args.preset}-{args.players}p"
    return args


def add_training_arguments(parser: argparse.ArgumentParser) -> None:
    """The run's and PPO's options, shared with benchmarks/train_elpresidente.py (each sets its own defaults)."""
    parser.add_argument("--out", type=Path, help="run folder: checkpoint, curve, weights (default under runs/)")
    parser.add_argument("--resume", type=Path, help="a run folder to continue from its checkpoint")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--minutes", type=float, help="stop after this much wall time")
    parser.add_argument("--max-updates", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=24, help="training matches per PPO update")
    parser.add_argument("--imitation-matches", type=int)
    parser.add_argument("--imitation-epochs", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--second", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--league-share", type=float, default=0.25, help="chance a seat is an earlier snapshot")
    parser.add_argument("--league-size", type=int, default=8)
    parser.add_argument("--eval-every", type=int, default=25, help="updates between evaluations")
    parser.add_argument("--eval-deals", type=int, default=100, help="duplicate deals per evaluation (x rotations)")
    parser.add_argument("--best-deals", type=int, help="deals per evaluation against the previous best")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="processes playing the matches (0: this one, in the first runs' order; N >= 1: each match from its own"
        " seeds, the same result for any N)",
    )


def main() -> None:
    args = arguments()
    torch.set_num_threads(1)
    resume = args.resume
    if resume is not None:
        saved = torch.load(resume / "checkpoint.pt", weights_only=False)["args"]
        limits = {"minutes": args.minutes, "max_updates": args.max_updates}
        # A checkpoint of the first trainer (bga only, base rows, no previous-best curve) names none of these.
        first = {"preset": "bga", "players": 4, "layout": "base", "best_deals": 0}
        first |= {"sample_share": 0.0, "sample_deals": 0, "sample_rounds": 2, "choose_by": "heuristic", "workers": 0}
        args = argparse.Namespace(**{**first, **saved, **limits, "out": resume, "resume": resume})
    torch.manual_seed(args.seed)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    trainer = Trainer(args)
    if resume is not None:
        trainer.load(resume / "checkpoint.pt")
    console = train(trainer, args, out)
    console.log(f"best mean place {trainer.best:.3f}; weights in {out / 'weights.npz'}, curve in {out / 'curve.csv'}")


def train(trainer: Trainer, args: argparse.Namespace, out: Path) -> Console:
    """Imitation (unless done), then PPO updates with an evaluation and checkpoint every `--eval-every`, until
    `--max-updates` or `--minutes`; a progress bar on stderr, whose console is returned."""
    console = Console(stderr=True)
    start = time.perf_counter()
    already = trainer.curve[-1]["minutes"] * 60 if trainer.curve else 0.0
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console) as progress:
        if not trainer.imitated:
            trainer.imitation(args.imitation_matches, progress)
            trainer.record(out, time.perf_counter() - start, console)
        task = progress.add_task("PPO updates", total=args.max_updates, completed=trainer.updates)
        while trainer.updates < args.max_updates and time.perf_counter() - start < args.minutes * 60:
            batch = trainer.collect(trainer.model.weights(trainer.meta()))
            stats = trainer.update(batch)
            progress.update(task, completed=trainer.updates)
            if trainer.updates % args.eval_every == 0:
                console.log(
                    f"losses: policy {stats['policy']:+.4f} value {stats['value']:.3f} entropy {stats['entropy']:.3f}"
                )
                trainer.record(out, already + time.perf_counter() - start, console)
    return console


if __name__ == "__main__":
    main()
