"""President as a PettingZoo AEC environment: any preset, any options, 2 to 8 players.

>>> env = raw_env(preset="bga", players=4, options={"rounds": 1})
>>> env.reset(seed=7)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["action_mask"].dtype, int(observation["action_mask"].sum()) > 0
(dtype('int8'), True)
>>> env.state.seed
7

An episode is a match as the rules define it (`options={"rounds": 1}` for one round). Rewards:
``reward="score"`` (default) pays each seat what each round adds to its match score under the preset's
scoring (points per player beaten, or the credit change); ``reward="place"`` pays +1 to the round's first,
-1 to its last and 0 to the others. A round's reward is paid when the round ends; in a round known to be
the match's last (the rules fix the number of rounds) a seat that goes out, or is ranked lowest, is paid
and terminated at once, since its place can no longer change. See docs/envs.md for the encodings.

Engines: where the compiled table covers the rules (`compiled_table.covers`: `bga`, `victorz`, `trump-jokers`,
`college`, 3 to 8 players where their roles exist, 1 to 4 decks of 0 to 2 jokers, any `rounds` or `target_score`),
``engine="auto"`` (the default) plays the match with it and builds the reference engine's `State` only when asked
for (`env.state`, `render`, `step_action`), by replaying the moves. On `uecda`, `daifugo` and the suit tables the
suit kernel covers (`suited_table.covers`) it plays each round's play phase on that kernel (`suited_table`: the
first round's deal is the kernel's too, and each round's last move; the engine's `State` of the round, which never
replays a round the kernel played, scores its order, deals the next round and makes the transfer
(`State.end_round_as`); the match's own `State` is built only when asked for, by replaying its moves). Every
other table plays on the reference engine. ``engine="reference"`` always uses the reference engine,
``engine="compiled"`` refuses rules neither compiled path covers. Both give the same observations, masks, rewards
and terminations (tests/envs compare them on seeded matches). Setting `env.state` hands the rest of the match to the
reference engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from presidente.cards import format_cards, group_from_counts
from presidente.envs import compiled_table, suited_table
from presidente.envs.aec import Observation, TableEnv, make_env, make_parallel_env
from presidente.envs.compiled_table import MATCH_OVER, PAYS
from presidente.envs.president_actions import ActionCodec
from presidente.envs.president_observation import ObservationEncoder
from presidente.envs.suited_actions import SuitedCodec, SuitedObservationEncoder, needs_suits
from presidente.errors import IllegalActionError
from presidente.event_text import event_text
from presidente.president import Action, Rules, State, find_preset, new_game
from presidente.president.roles import score_round
from presidente.president.rules import parse_option
from presidente.typed_events import president_event

REWARDS = ("score", "place")
ENGINES = ("auto", "compiled", "reference")


def table_rules(preset: str | Rules = "bga", options: Mapping[str, Any] | Iterable[str] | None = None) -> Rules:
    """A preset's rules (a name, an alias or a `Rules`) with options applied: a mapping of option names to
    values, or ``key=value`` texts as on the command line.

    >>> table_rules("bga", ["rounds=1", "eight_rule=on"]).eight_rule
    True
    """
    rules = preset if isinstance(preset, Rules) else find_preset(preset)
    if isinstance(options, Mapping):
        return rules.replace(**options)
    texts = [options] if isinstance(options, str) else list(options or ())
    return rules.replace(**dict(parse_option(text) for text in texts))


def place_rewards(rules: Rules, players: int, reward: str) -> tuple[float, ...]:
    """What each place of a round of `players` earns: index 0 is first place."""
    if reward == "place":
        return (1.0, *([0.0] * (players - 2)), -1.0)
    points = [0] * players
    score_round(list(range(players)), rules, points)
    return tuple(float(value) for value in points)


class raw_env(TableEnv[State]):  # PettingZoo's name for the unwrapped environment
    """President for PettingZoo: `preset` (name, alias or `Rules`), `players`, `options` (a mapping or
    ``key=value`` texts), `reward` ("score" or "place"), `render_mode` ("human", "ansi" or None), `engine`
    ("auto", "compiled" or "reference", see the module), `max_cycles` (moves before every agent still in the
    match is truncated; None: no limit)."""

    metadata: ClassVar[dict[str, Any]] = {**TableEnv.metadata, "name": "president_v0"}
    codec: ActionCodec | SuitedCodec

    def __init__(
        self,
        preset: str | Rules = "bga",
        players: int = 4,
        options: Mapping[str, Any] | Iterable[str] | None = None,
        reward: str = "score",
        render_mode: str | None = None,
        engine: str = "auto",
        max_cycles: int | None = None,
    ) -> None:
        rules = table_rules(preset, options)
        rules.check_players(players)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}.")
        if engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}.")
        covered = compiled_table.covers(rules, players)
        # Suits decide tricks under the Daifugo and UECda options: those tables get the suit-aware encodings.
        suited = needs_suits(rules)
        if engine == "compiled" and not covered:
            if suited:
                suited_table.check_covered(rules, players)
            else:
                compiled_table.check_covered(rules, players)
        self.rules = rules
        self.reward = reward
        self.codec = SuitedCodec(rules) if suited else ActionCodec(rules)
        self.encoder = SuitedObservationEncoder(rules, players) if suited else ObservationEncoder(rules, players)
        self._place_rewards = {n: place_rewards(rules, n, reward) for n in range(2, players + 1)}
        self._paid: set[int] = set()
        self.compiled = (
            compiled_table.CompiledTable(rules, reward, self._place_rewards[players], players)
            if covered and engine != "reference"
            else None
        )
        # The suit tables' play phases on the compiled suit-aware kernel (`suited_table`): while `_kernel_live`,
        # the kernel holds the position and `_pending` the indices it played that `_round` has not replayed yet.
        self.suited = (
            suited_table.SuitedTable(rules, players, self.codec, self.encoder)  # type: ignore[arg-type]
            if suited and engine != "reference" and suited_table.covers(rules, players)
            else None
        )
        self._kernel_live = False
        self._pending: list[int] = []
        # The engine's `State` of the round in play, which makes the moves the kernel leaves (the transfer, a pass
        # to the pass limit) and deals the next round: the match's `_state` itself, or, in a match begun by `reset`
        # on a suit table (`_seeded`), a state of its own whose rounds the kernel played end by `end_round_as`
        # (the same deals, roles, transfers and leaders, without the moves: nothing replays a round for it).
        self._round: State | None = None
        # `_seeded`: the match's `State` is `new_game` of `_kernel_seed` replayed with `_moves` (every move of the
        # match, the kernel's and `_round`'s), built only when asked for (`state`).
        self._seeded = False
        self._kernel_seed = 0
        self._last_round, self._round_size, self._settled = False, 0, 0
        self._rewards_left = False
        # Whether this match is played on the compiled table; the reference state is then built on demand from
        # the moves made (`_moves`, the first `_replayed` of them applied to `_state`): indices, decoded as
        # `step` decodes them, and the engine actions `step_action` was given.
        self._fast = False
        self._state: State | None = None
        self._moves: list[int | Action] = []
        self._replayed = 0
        self._rewards_paid = self._some_terminated = False
        super().__init__(players, self.encoder.size, self.codec.size, render_mode, max_cycles)

    # ------------------------------------------------------------- the compiled table

    @property
    def state(self) -> State | None:
        """The reference engine's state of the match (rebuilt from the moves on the compiled table)."""
        if self._fast or self._seeded:
            if self._state is None:
                seed = self.compiled.seed if self._fast else self._kernel_seed  # type: ignore[union-attr]
                self._state = new_game(self.rules, self.players, seed)
            state, moves = self._state, self._moves
            while self._replayed < len(moves):
                move = moves[self._replayed]
                state.apply(self.codec.decode(move, state) if isinstance(move, int) else move)
                self._replayed += 1
        elif self._kernel_live:
            self._sync()
        return self._state

    @state.setter
    def state(self, value: State | None) -> None:
        self._leave_compiled()
        self._kernel_live = self._seeded = False
        self._pending.clear()
        self._state = self._round = value

    # ------------------------------------------------------------- the suit tables' kernel

    def _sync(self) -> None:
        """Replay on `_round` the moves the suit kernel made since it took the position (the match's last move
        too, once the kernel made it)."""
        state = self._round
        if state is None:
            # The match's first round was dealt on the kernel (`_reset_suited`): the engine deals it the same.
            state = self._round = new_game(self.rules, self.players, self._kernel_seed)
        # The kernel plays only the play phase: an index stands for its action as it is (`decode` differs only in
        # the draft's pick-up), and the engine's `apply` checks it again.
        assert isinstance(self.codec, SuitedCodec)
        actions, apply = self.codec.actions, state.apply
        for index in self._pending:
            apply(actions[index])
        self._pending.clear()

    def _enter_kernel(self) -> None:
        """Hand the position to the suit kernel if it covers it, to the round's end (a match begun by `reset`, or
        the match's last round; else to its last move, which the engine makes)."""
        suited, state, rules = self.suited, self._round, self.rules
        if suited is None or state is None:
            return
        last_round = bool(rules.rounds) and state.round_number == rules.rounds
        if suited.enter(state, finish=last_round or self._seeded):
            self._kernel_live = True
            self._last_round = last_round
            self._round_size = len(state.round_players)
            self._settled = 0

    def _act(self, action: Any) -> None:
        if self._kernel_live:
            self._sync()
            self._kernel_live = False
        super()._act(action)
        self._rewards_left = True  # the engine's move may have paid: the next kernel move clears the rewards
        self._enter_kernel()

    def _kernel_step(self, index: int) -> None:
        """`_act` for the legal move `index` on the suit kernel (the engine makes it where the kernel leaves it)."""
        suited = self.suited
        assert suited is not None
        self._kernel_stepped(suited, index, suited.env_move(index))

    def _kernel_stepped(self, suited: suited_table.SuitedTable, index: int, seat: int) -> None:
        """`_kernel_step` after the kernel's answer `seat` to the move `index` (`SuitedTable.env_move`'s). The
        agent step calls it directly: a play phase's moves are most of an episode's, so its calls are counted."""
        agent = self.agent_selection
        if seat >= 0:
            suited.current = seat  # `SuitedTable.settle` for a seat to move, one call less
        else:
            result = suited.settle(index, seat)
            if result == suited_table.ENGINE:
                self._act(self.codec.decode(index, self._table()))
                return
        self._pending.append(index)
        if self._seeded:
            self._moves.append(index)
        # PettingZoo's bookkeeping (`_act`'s), done where it changes something: rewards are cleared after a move
        # that paid (only the match's last round's kernel moves and the engine's moves pay) and added up after one
        # that pays; no agent is terminated or truncated before this move (they step first), so the agent to act
        # is the kernel's seat unless this move terminated or truncated some.
        if self._rewards_left:
            self._clear_rewards()
            self._rewards_left = False
        paid = False
        if seat == suited_table.OVER:
            if self._last_round:
                self._match_over_on_kernel(suited)
            else:
                self._round_over_on_kernel(suited)
            paid = True
        elif self._last_round:
            settled = suited.settled_count()
            if settled != self._settled:
                # Pay and terminate every seat whose place is settled.
                self._settled = settled
                for out_seat, position in suited.settled():
                    if out_seat not in self._paid:
                        self._paid.add(out_seat)
                        self._pay(out_seat, self._place_rewards[self._round_size][position], terminate=True)
                        paid = True
        if self.max_cycles is None:
            self.cycles += 1  # `_count_cycle` without a limit
            truncated = False
        else:
            truncated = self._count_cycle()
        self._cumulative_rewards[agent] = 0.0
        if paid or truncated:
            self._accumulate_rewards()
            self._rewards_left = True
            self._select()
        else:
            self.agent_selection = self.possible_agents[suited.current]
        if self.render_mode == "human":
            self.render()

    def _match_over_on_kernel(self, suited: suited_table.SuitedTable) -> None:
        """The kernel's move ended the match's last round: pay it as the engine's round end would (`score_round`
        on the round's order), terminate every agent and write the observations' round-end blocks. `_round` (its
        scores those of the round's start) replays the round only when asked for (`_sync`)."""
        state = self._round
        order = suited.round_order()
        # The scores at the round's start (a round dealt on the kernel is the match's first: the starting scores).
        scores = list(state.scores) if state is not None else suited.first_scores()
        before = scores[:]
        score_round(order, self.rules, scores)
        self._round_ended(order, before, scores, match_over=True)
        suited.round_end(scores, order)

    def _round_over_on_kernel(self, suited: suited_table.SuitedTable) -> None:
        """The kernel's move ended a round not known to be the match's last, in a match begun by `reset`: the
        engine ends `_round` in the round's order (`end_round_as`: the scores, the match's end, the next deal,
        roles, transfer and leader are its own), the round is paid as the engine's round end pays it, and the
        kernel takes the next round's position where it covers it (else `_round` makes the moves)."""
        order = suited.round_order()
        state = self._round
        if state is None:
            # The match's first round, dealt on the kernel: the engine deals it the same.
            state = self._round = new_game(self.rules, self.players, self._kernel_seed)
        self._pending.clear()  # the round's moves: `end_round_as` needs none of them
        before = list(state.scores)
        state.end_round_as(order)
        self._round_ended(order, before, state.scores, state.is_over)
        if state.is_over:
            suited.round_end(state.scores, order)
            return
        self._kernel_live = False
        self._enter_kernel()

    def _table(self) -> State:
        if self._fast:
            return super()._table()
        if self._kernel_live:
            self._sync()
        if self._round is not None:
            return self._round
        return super()._table()

    def _leave_compiled(self) -> None:
        """Play the rest of the match on the reference engine (the seats already paid stay paid)."""
        if self._fast and self.compiled is not None:
            self.state  # noqa: B018 - brings the reference state up to date
            board = self.compiled.board
            self._paid = {seat for seat in range(self.players) if board[compiled_table.PAID_ROW, seat]}
        self._fast = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if self.compiled is None:
            if self.suited is not None:
                self._reset_suited(self._choose_match_seed(seed))
            else:
                super().reset(seed, options)
            return
        self.compiled.reset(self._choose_match_seed(seed))
        self._fast = True
        self._rewards_paid = self._some_terminated = False
        self._state, self._moves, self._replayed = None, [], 0
        self._begin_match()

    def _reset_suited(self, seed: int) -> None:
        """A new match of seed `seed` on a suit table: its first round dealt on the kernel as the engine deals it
        (`SuitedTable.deal_first`; the engine's `State` made only when asked for, `_sync`), else by the engine, the
        kernel taking the position where it covers it."""
        suited = self.suited
        assert suited is not None
        self.state = None
        self._paid = set()
        self._seeded, self._kernel_seed, self._moves, self._replayed = True, seed, [], 0
        if suited.deal_first(seed, finish=True):
            self._kernel_live = True
            self._last_round = self.rules.rounds == 1
            self._round_size = self.players
            self._settled = 0
        else:
            self._round = self._new_state(seed)
            self._enter_kernel()
        self._begin_match()

    def observe(self, agent: str) -> Observation:
        table = self.compiled if self._fast else self.suited if self._kernel_live else None
        if table is None:
            return super().observe(agent)
        if table.current == self.agent_seats[agent] and not (
            self.terminations.get(agent, True) or self.truncations[agent]
        ):
            # The agent to act (what `_observe_compiled` gives it, without its calls): the kernel wrote its
            # observation and mask with the last move.
            return {"observation": table.seen.copy(), "action_mask": table.mask.copy()}
        return self._observe_compiled(table, agent)

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        table = self.compiled if self._fast else self.suited if self._kernel_live else None
        if table is not None and observe:
            agent = self.agent_selection
            if table.current == self.agent_seats[agent] and not (
                self.terminations.get(agent, True) or self.truncations[agent]
            ):
                # The agent to act, still in (`observe`'s first case, in two calls less: a step's `last` is
                # as many Python calls as its move).
                observation: Observation = {"observation": table.seen.copy(), "action_mask": table.mask.copy()}
                return observation, self._cumulative_rewards[agent], False, False, self.infos[agent]
        return super().last(observe)

    def step(self, action: int | None) -> None:
        if self._fast and action is not None:
            # The compiled table's legal move of the agent to act, checked as below, in fewer calls.
            agent = self.agent_selection
            if not (self.terminations[agent] or self.truncations[agent]):
                chosen = int(action)
                compiled = self.compiled
                assert compiled is not None
                if 0 <= chosen < self.action_size and compiled.mask.item(chosen):
                    self._moves.append(chosen)
                    self._compiled_step(chosen)
                    return
        elif self._kernel_live and action is not None:
            # The suit kernel's legal move of the agent to act, checked as below, in fewer calls.
            agent = self.agent_selection
            if not (self.terminations[agent] or self.truncations[agent]):
                chosen = int(action)
                suited = self.suited
                assert suited is not None
                if 0 <= chosen < self.action_size and suited.mask.item(chosen):
                    self._kernel_stepped(suited, chosen, suited.env_move(chosen))
                    return
        table: compiled_table.CompiledTable | suited_table.SuitedTable | None
        if self._fast:
            table = self.compiled
        elif self._kernel_live:
            table = self.suited
        else:
            super().step(action)
            return
        assert table is not None
        agent = self.agent_selection
        if action is None or self.terminations[agent] or self.truncations[agent]:
            index = self._live_index(action)  # a terminated or truncated agent's step, or None refused
            if index is None:
                return
        else:
            index = int(action)
        if not 0 <= index < self.action_size:
            raise IllegalActionError(f"Action {index} is outside the action space (0 to {self.action_size - 1}).")
        if not table.mask[index]:
            raise IllegalActionError(f"'{self.codec.describe(index)}' is not legal now: see the action mask.")
        if self._fast:
            self._moves.append(index)
            self._compiled_step(index)
        else:
            self._kernel_step(index)

    def _compiled_step(self, index: int, cards: npt.NDArray[np.int32] | None = None) -> None:
        """Make the legal move `index` (of `cards`, else the codec's suits) on the compiled table (already
        recorded in `_moves`)."""
        table = self.compiled
        assert table is not None
        agent = self.agent_selection
        # PettingZoo's bookkeeping, done only where it changes something: rewards are cleared after a move that
        # paid, added up after one that pays; dead agents are looked for once some agent was terminated.
        if self._rewards_paid:
            self._clear_rewards()
            self._rewards_paid = False
        result = table.step(index, cards)
        self._cumulative_rewards[agent] = 0.0
        if result & PAYS:
            for seat, amount, terminate in table.payments():
                self._pay(seat, amount, terminate)
                self._some_terminated |= terminate
            if result & MATCH_OVER:
                for each in self.agents:
                    self.terminations[each] = True
                self._some_terminated = True
            self._accumulate_rewards()
            self._rewards_paid = True
        if self.max_cycles is not None and self._count_cycle():
            self._some_terminated = True
        seat = table.current
        if seat >= 0 and not self._some_terminated:
            self.agent_selection = self.possible_agents[seat]
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def _was_dead_step(self, action: int | None) -> None:
        super()._was_dead_step(action)
        if self._fast:
            self._some_terminated = any(self.terminations.values())

    def step_action(self, action: Any) -> None:
        """`step` with an engine action (any suit variant). On the compiled table the reference state is brought
        up to date and checks the action (what bots choose from), then both make it: the match stays compiled. On
        a suit table the match's `State` (which bots read) becomes the round's too: the engine makes the action on
        it, and the kernel leaves it the end of each round but the match's last, as for a `State` set by hand."""
        if not self._fast:
            if self._seeded:
                # Bots read `state` before each of their moves: one `State` brought up to date, not two.
                self._round = self.state
                self._pending.clear()
                self._seeded = False
            super().step_action(action)
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise IllegalActionError(f"{agent} is out of the match: step it with None.")
        state = self.state
        assert state is not None
        index = self.codec.encode(action)
        state.apply(action, self.agent_seats[agent])  # refused here changes nothing
        self._moves.append(action)
        self._replayed += 1
        cards = np.zeros(compiled_table.CARDS, dtype=np.int32)
        for card, count in getattr(action, "cards", ()):
            cards[card] += count
        self._compiled_step(index, cards)

    def _seat_to_move(self) -> int | None:
        if self._kernel_live:
            seat = self.suited.current  # type: ignore[union-attr]
            return seat if seat >= 0 else None
        if self._fast:
            seat = self.compiled.current  # type: ignore[union-attr]
            return seat if seat >= 0 else None
        return super()._seat_to_move()

    def _new_state(self, seed: int) -> State:
        self._paid = set()
        return new_game(self.rules, self.players, seed)

    def _encode(self, seat: int) -> npt.NDArray[np.float32]:
        if self._kernel_live:
            return self.suited.observe(seat)  # type: ignore[union-attr]
        return self.encoder.encode(self._table(), seat)

    def _mask(self) -> npt.NDArray[np.int8]:
        if self._kernel_live:
            return self.suited.mask.copy()  # type: ignore[union-attr]
        return super()._mask()

    def _apply_action(self, action: Action, seat: int) -> None:
        state = self._table()
        round_before, scores_before = state.round_number, list(state.scores)
        state.apply(action, seat)
        if self._seeded:
            self._moves.append(action)
        if state.is_over or state.round_number != round_before:
            self._round_ended(state.results[-1], scores_before, state.scores, state.is_over)
        elif self.rules.rounds and state.round_number == self.rules.rounds:
            self._settle_last_round(state)

    def _round_ended(
        self, order: list[int], scores_before: list[int], scores_after: list[int], match_over: bool
    ) -> None:
        for position, seat in enumerate(order):
            if seat in self._paid:
                continue
            if self.reward == "score":
                earned = float(scores_after[seat] - scores_before[seat])
            else:
                earned = self._place_rewards[len(order)][position]
            self._pay(seat, earned)
        self._paid = set()
        if match_over:
            for agent in self.agents:
                self.terminations[agent] = True

    def _settle_last_round(self, state: State) -> None:
        """In the match's last round, pay and terminate every seat whose place is settled."""
        players = len(state.round_players)
        for seat in state.round_players:
            if seat in self._paid:
                continue
            if seat in state.finished:
                position = state.finished.index(seat)
            elif seat in state.out:
                # The first seat ranked lowest is last; each later one ranks just above the earlier ones.
                position = players - 1 - state.out.index(seat)
            else:
                continue
            self._paid.add(seat)
            self._pay(seat, self._place_rewards[players][position], terminate=True)

    def describe(self) -> str:
        state = self.state  # the match's own (`_round` lacks the moves of the rounds the kernel played)
        assert state is not None, "call reset() first"
        spectator = state.observation(None)
        name = self.possible_agents
        heading = f"President ({self.rules.name}), round {state.round_number}, {state.phase}"
        if state.reversed:
            heading += ", revolution: the order is reversed"
        if not state.clockwise:
            heading += ", turn order reversed"
        if state.is_over:
            heading += f". Match over: {', '.join(name[seat] for seat in state.winners_of_match())} won"
        lines = [heading + "."]
        for view in spectator.seats:
            status = ""
            if view.seat in state.finished:
                status = f", out in place {state.finished.index(view.seat) + 1}"
            elif view.seat in state.out or view.seat == state.downfallen:
                status = ", ranked lowest"
            elif view.passed:
                status = ", passed"
            mover = "  <- to move" if view.seat == state.current_player else ""
            title = f" {view.title}" if view.title else ""
            lines.append(f"  {name[view.seat]}{title}: {view.hand_size} cards, score {view.score}{status}{mover}")
        if state.trick:
            plays = "; ".join(f"{name[seat]} {play}" for seat, play in state.trick)
            lines.append(f"Trick of {state.trick_size} card{'s' if state.trick_size != 1 else ''}: {plays}.")
        elif state.current_player is not None and state.phase.value == "play" and state.owed is None:
            lines.append(f"{name[state.current_player]} leads a new trick.")
        if state.lock:
            lines.append(f"Suits locked: {' '.join(suit for bit, suit in enumerate('CDHS') if state.lock >> bit & 1)}.")
        owed = state.owed
        if owed is not None:
            receiver = f" to {name[owed.receiver]}" if owed.kind == "give" and owed.receiver is not None else ""
            lines.append(f"{name[owed.seat]} owes {owed.count} card(s) to {owed.kind}{receiver}, one at a time.")
        if state.current_player is not None:
            hand = format_cards(group_from_counts(state.hands[state.current_player]))
            lines.append(f"Hand of {name[state.current_player]}: {hand}.")
        recent = [event_text(president_event(event, None), name) for event in spectator.events[-3:]]
        if recent:
            lines.append("Last: " + " ".join(recent))
        return "\n".join(lines)


env = make_env(raw_env)
parallel_env = make_parallel_env(raw_env)
