"""El Presidente as a PettingZoo AEC environment: 2 to 8 players, alone or in teams ("2v2", "2v2v2", ...).

>>> env = raw_env(players=4, teams="2v2")
>>> env.reset(seed=5)
>>> observation, *_ = env.last()
>>> int(observation["action_mask"].sum()) > 0, env.action_size
(True, 471)

Suits matter in El Presidente (a beat follows the top card's suit), so every engine action has its own index
(`ElPresidenteCodec`): cards put on the battle pile (an attack or a throw-in) as rank, the suits put down and
the suit on top; a beat as its card; then concede, take (the battle pile) and pass. A game's end pays +1 to
each player of the winning side and -1 to everyone else (0 to all for a drawn game); every agent is
terminated when the match (`games` games) ends. See docs/envs.md for the observation.

Engines: where numba is installed, ``engine="auto"`` (the default) plays the match on the compiled table
(`elpresidente_table`, on `elpresidente_kernel`: every option, 2 to 8 players, teams, games, the battle limit) and
builds the reference engine's `State` only when asked for (`env.state`, `render`), by replaying the
moves; ``engine="reference"`` always uses the reference engine, ``engine="compiled"`` refuses to run without numba.
Both give the same observations, masks, rewards and terminations (tests/envs compare them on seeded matches).
Setting `env.state` plays on from that position, on the compiled table unless it cannot hold it (a pick-up queue set
by hand out of the rules' order: the reference engine then plays the rest of the match).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt

from presidente.cards import card_text, rank_of, suit_of
from presidente.elpresidente import Attack, Beat, Concede, Pass, Phase, PickUp, Rules, State, ThrowIn
from presidente.elpresidente.actions import Action
from presidente.elpresidente.rules import DEFAULT_BATTLE_LIMIT
from presidente.envs import elpresidente_table
from presidente.envs.aec import Observation, TableEnv, layout_slices, make_env, make_parallel_env
from presidente.errors import IllegalActionError

PILE_PHASES: Final = (Phase.ATTACK, Phase.ATTACK_THROW_IN, Phase.DEFEND, Phase.BEAT_THROW_IN, Phase.PICK_UP)
CARDS = 52
ENGINES = ("auto", "compiled", "reference")


class ElPresidenteCodec:
    """The 471 actions: (rank, suits, top suit) to the pile, a beat per card, concede, take, pass.

    >>> codec = ElPresidenteCodec()
    >>> codec.describe(codec.encode(Attack((29, 30))))
    'cards 8D 8H, 8H on top'
    """

    def __init__(self) -> None:
        # (rank label, suit mask, top suit) for every way to put cards of one rank on the pile.
        self.piles = tuple(
            (rank, mask, top) for rank in range(13) for mask in range(1, 16) for top in range(4) if mask >> top & 1
        )
        self.beat_start = len(self.piles)
        self.concede = self.beat_start + CARDS
        self.take = self.concede + 1
        self.pass_ = self.take + 1
        self.size: Final = self.pass_ + 1
        self._pile_index = {shape: index for index, shape in enumerate(self.piles)}

    def encode(self, action: Action) -> int:
        if isinstance(action, Attack | ThrowIn):
            rank = rank_of(action.top)
            mask = sum(1 << suit_of(card) for card in action.cards)
            return self._pile_index[(rank, mask, suit_of(action.top))]
        if isinstance(action, Beat):
            return self.beat_start + action.card
        if isinstance(action, Concede):
            return self.concede
        if isinstance(action, PickUp):
            return self.take
        return self.pass_

    def decode(self, index: int, state: State) -> Action:
        if not 0 <= index < self.size:
            raise IllegalActionError(f"Action {index} is outside the action space (0 to {self.size - 1}).")
        if index < self.beat_start:
            rank, mask, top = self.piles[index]
            under = tuple(rank * 4 + suit for suit in range(4) if mask >> suit & 1 and suit != top)
            cards = (*under, rank * 4 + top)
            return Attack(cards) if state.phase is Phase.ATTACK else ThrowIn(cards)
        if index < self.concede:
            return Beat(index - self.beat_start)
        if index == self.concede:
            return Concede()
        return PickUp() if index == self.take else Pass()

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[[self.encode(action) for action in state.legal_actions()]] = 1
        return mask

    def describe(self, index: int) -> str:
        if index < self.beat_start:
            rank, mask, top = self.piles[index]
            cards = [card_text(rank * 4 + suit) for suit in range(4) if mask >> suit & 1]
            return f"cards {' '.join(cards)}, {card_text(rank * 4 + top)} on top"
        if index < self.concede:
            return f"beat with {card_text(index - self.beat_start)}"
        return {self.concede: "concede", self.take: "take the battle pile", self.pass_: "pass"}[index]


def observation_layout(players: int) -> tuple[tuple[str, int, str], ...]:
    """(block, length, meaning) for every block of the vector; seat blocks in order from the viewer."""
    p = players
    return (
        ("hand", CARDS, "own cards (card = rank label * 4 + suit: AC=0 ... KS=51)"),
        ("pile", CARDS, "cards on the battle pile"),
        ("top", CARDS, "the top card of the battle pile, one-hot"),
        ("discard", CARDS, "cards in the discard pile (each was seen face up on a battle pile)"),
        ("known", p * CARDS, "cards each seat was seen taking (a conceded or claimed battle pile), still held"),
        ("hand_sizes", p, "cards held by each seat"),
        ("attacker", p, "1 for the attacker"),
        ("defender", p, "1 for the defender"),
        ("to_move", p, "1 for the seat to act"),
        ("dealer", p, "1 for this game's dealer"),
        ("team", p, "1 for the viewer and its team-mates"),
        ("wins", p, "games won so far by each seat's side"),
        ("phase", len(PILE_PHASES), "attack, attack throw-in, defend, beat throw-in, pick-up (one-hot)"),
        ("deck_size", 1, "cards in the deck"),
        ("discard_size", 1, "cards in the discard pile"),
        ("defender_may_take", 1, "1 when others added cards after the beat"),
        ("passes", 1, "passes in a row in this throw-in round"),
        ("battle", 1, "battle number in this game"),
        ("game", 1, "game number in the match (0-based)"),
    )


class _PhaseOnly:
    """What `ElPresidenteCodec.decode` reads of a state: its phase."""

    def __init__(self, phase: Phase) -> None:
        self.phase = phase


class raw_env(TableEnv[State]):  # PettingZoo's name for the unwrapped environment
    """El Presidente for PettingZoo: `players`, `teams` ("2v2" ... or None), `games` in the match,
    `battle_limit` (a game with this many battles ends drawn), `render_mode` ("human", "ansi" or None),
    `max_cycles` (moves before every agent still in the match is truncated; None: no limit), `engine` ("auto",
    "compiled" or "reference", see the module)."""

    metadata: ClassVar[dict[str, Any]] = {**TableEnv.metadata, "name": "el_presidente_v0"}
    codec: ElPresidenteCodec

    def __init__(
        self,
        players: int = 4,
        teams: str | None = None,
        games: int = 1,
        battle_limit: int = DEFAULT_BATTLE_LIMIT,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        engine: str = "auto",
    ) -> None:
        self.rules = Rules(players=players, teams=teams, games=games, battle_limit=battle_limit)
        if engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}.")
        if engine == "compiled" and not elpresidente_table.AVAILABLE:
            raise ImportError("engine='compiled' needs numba (the `envs` extra): use engine='auto' or 'reference'.")
        self.codec = ElPresidenteCodec()
        self.layout = observation_layout(players)
        self.slices = layout_slices(self.layout)
        # Cards each seat was seen taking and still holds: public, as every table member saw them go (the
        # compiled table keeps its own: `known`).
        self._known: list[set[int]] = [set() for _ in range(players)]
        self.compiled = (
            elpresidente_table.ElPresidenteTable(self.rules)
            if engine != "reference" and elpresidente_table.AVAILABLE
            else None
        )
        # Whether this match is played on the compiled table; the reference state is then built on demand from
        # the action indices played (`_moves`, the first `_replayed` of them applied to `_state`).
        self._fast = False
        self._state: State | None = None
        self._moves: list[int] = []
        self._replayed = 0
        # Whether `rewards` may hold a payment, to be cleared before the next compiled move (`step`).
        self._rewards_paid = False
        super().__init__(players, self.slices["game"].stop, self.codec.size, render_mode, max_cycles)

    # ------------------------------------------------------------- the compiled table

    @property
    def state(self) -> State | None:
        """The reference engine's state of the match (rebuilt from the moves on the compiled table)."""
        if self._fast:
            if self._state is None:
                self._state = State(self.rules, self.compiled.seed)  # type: ignore[union-attr]
            state, moves = self._state, self._moves
            while self._replayed < len(moves):
                state.apply(self.codec.decode(moves[self._replayed], state))
                self._replayed += 1
        return self._state

    @state.setter
    def state(self, value: State | None) -> None:
        """Play on from `value`: on the compiled table where it can hold the position, else on the reference
        engine; what each seat was seen taking is kept."""
        known = [set(cards) for cards in self.known]
        self._state, self._moves, self._replayed = value, [], 0
        if value is not None and self.compiled is not None and self.compiled.load(value, known):
            self._fast = self._rewards_paid = True
            return
        self._known = known
        self._fast = False

    @property
    def known(self) -> list[set[int]]:
        """The cards each seat was seen taking (a conceded or claimed battle pile) and still holds."""
        if self._fast:
            return self.compiled.known()  # type: ignore[union-attr]
        return self._known

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if self.compiled is None:
            super().reset(seed, options)
            return
        self.compiled.reset(self._choose_match_seed(seed))
        self._fast = True
        self._rewards_paid = False
        self._state, self._moves, self._replayed = None, [], 0
        self._begin_match()

    def observe(self, agent: str) -> Observation:
        if not self._fast:
            return super().observe(agent)
        assert self.compiled is not None
        return self._observe_compiled(self.compiled, agent)

    def step(self, action: int | None) -> None:
        """`TableEnv.step`; on the compiled table PettingZoo's bookkeeping is done only where it changes something:
        rewards are cleared after a move that paid and added up after one that pays, and the agent to act is the
        table's seat unless some agent is terminated or truncated."""
        if not self._fast:
            super().step(action)
            return
        index = self._live_index(action)
        if index is None:
            return
        table = self.compiled
        assert table is not None
        agent = self.agent_selection
        if not 0 <= index < self.action_size:  # refused before anything changes, as the engine's codec refuses it
            raise IllegalActionError(f"Action {index} is outside the action space (0 to {self.action_size - 1}).")
        if self._rewards_paid:
            self._clear_rewards()
            self._rewards_paid = False
        if not table.mask[index]:
            raise IllegalActionError(f"'{self.codec.describe(index)}' is not legal now: see the action mask.")
        self._moves.append(index)
        result = table.step(index)
        self._cumulative_rewards[agent] = 0.0
        done = False
        if result:  # a game ended
            done = bool(result & elpresidente_table.MATCH_OVER)
            self._game_ended(table.last_winner, done)
            self._accumulate_rewards()
            self._rewards_paid = True
        if self.max_cycles is None:
            self.cycles += 1  # what `_count_cycle` does without a limit
        elif self._count_cycle():
            done = True
        seat = table.current
        if seat >= 0 and not done:
            self.agent_selection = self.possible_agents[seat]
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def _act(self, action: Any) -> None:
        super()._act(action)
        self._rewards_paid = True  # it may have paid: the next compiled move clears the rewards

    def _seat_to_move(self) -> int | None:
        if self._fast:
            seat = self.compiled.current  # type: ignore[union-attr]
            return seat if seat >= 0 else None
        return super()._seat_to_move()

    def _mask(self) -> npt.NDArray[np.int8]:
        if self._fast:
            return self.compiled.mask.copy()  # type: ignore[union-attr]
        return super()._mask()

    def _compiled_index(self, action: Action) -> int:
        """The index of the engine action `step_action` was given, on the compiled table; refused unless legal."""
        table = self.compiled
        assert table is not None
        try:
            index = self.codec.encode(action)
        except KeyError:  # a suit twice: cards of two ranks
            index = -1
        # An index stands for the one canonical action of its shape: refuse any other (cards of two ranks, ...).
        phase = _PhaseOnly(PILE_PHASES[table.phase])
        if index < 0 or not table.mask[index] or self.codec.decode(index, phase) != action:  # type: ignore[arg-type]
            raise IllegalActionError(f"'{action}' is not legal now: see the action mask.")
        return index

    def _new_state(self, seed: int) -> State:
        self._known = [set() for _ in range(self.players)]
        return State(self.rules, seed)

    def _apply_action(self, action: Action, seat: int) -> None:
        if self._fast:  # `step_action` (`step` makes its moves itself)
            table = self.compiled
            assert table is not None
            index = self._compiled_index(action)
            self._moves.append(index)
            result = table.step(index)
            if result & elpresidente_table.GAME_ENDED:
                self._game_ended(table.last_winner, bool(result & elpresidente_table.MATCH_OVER))
            return
        state = self._table()
        pile, games_before = list(state.pile), len(state.game_winners)
        state.apply(action, seat)
        known = self._known
        if isinstance(action, Attack | ThrowIn | Beat):
            known[seat] -= set(action.cards) if not isinstance(action, Beat) else {action.card}
        elif isinstance(action, Concede | PickUp):
            known[seat] |= set(pile)
        if len(state.game_winners) == games_before:
            return
        self._known = [set() for _ in range(self.players)]
        self._game_ended(state.game_winners[-1], state.is_over)

    def _game_ended(self, winner: int | None, match_over: bool) -> None:
        """Pay each seat for the game just ended; terminate every agent at the match's end."""
        for other in range(self.players):
            won = winner is not None and self.rules.team_of(other) == self.rules.team_of(winner)
            self._pay(other, 0.0 if winner is None else 1.0 if won else -1.0)
        if match_over:
            for agent in self.agents:
                self.terminations[agent] = True

    def _encode(self, seat: int) -> npt.NDArray[np.float32]:
        if self._fast:
            return self.compiled.observe(seat)  # type: ignore[union-attr]
        state = self._table()
        out = np.zeros(self.slices["game"].stop, dtype=np.float32)
        o = {name: s.start for name, s in self.slices.items()}
        players, rules = self.players, self.rules
        out[[o["hand"] + card for card in state.hands[seat]]] = 1
        out[[o["pile"] + card for card in state.pile]] = 1
        if state.pile:
            out[o["top"] + state.pile[-1]] = 1
        out[[o["discard"] + card for card in state.discard]] = 1
        wins = state.team_wins()
        for k in range(players):
            other = (seat + k) % players
            out[[o["known"] + k * CARDS + card for card in self._known[other]]] = 1
            out[o["hand_sizes"] + k] = len(state.hands[other])
            out[o["attacker"] + k] = state.attacker == other
            out[o["defender"] + k] = state.defender == other
            out[o["to_move"] + k] = state.current_player == other
            out[o["dealer"] + k] = state.dealer == other
            out[o["team"] + k] = rules.team_of(other) == rules.team_of(seat)
            out[o["wins"] + k] = wins[rules.team_of(other)]
        if state.phase in PILE_PHASES:
            out[o["phase"] + PILE_PHASES.index(state.phase)] = 1
        out[o["deck_size"]] = len(state.deck)
        out[o["discard_size"]] = len(state.discard)
        out[o["defender_may_take"]] = state.others_added_after_beat
        out[o["passes"]] = state.passes
        out[o["battle"]] = state.battle_number
        out[o["game"]] = state.game_number
        return out

    def describe(self) -> str:
        state = self._table()
        name = self.possible_agents
        teams = f", teams {self.rules.teams}" if self.rules.teams else ""
        lines = [
            f"El Presidente, {self.players} players{teams}: game {state.game_number + 1} of {self.rules.games},"
            f" battle {state.battle_number}, {state.phase.value}."
        ]
        for seat in range(self.players):
            marks = [
                label
                for label, holder in (("attacker", state.attacker), ("defender", state.defender))
                if holder == seat
            ]
            mover = "  <- to move" if seat == state.current_player else ""
            lines.append(f"  {name[seat]}: {len(state.hands[seat])} cards{''.join(', ' + m for m in marks)}{mover}")
        pile = " ".join(card_text(card) for card in state.pile)
        lines.append(f"Battle pile: {pile or 'empty'}; deck {len(state.deck)}, discard {len(state.discard)}.")
        if state.current_player is not None:
            hand = " ".join(card_text(card) for card in sorted(state.hands[state.current_player]))
            lines.append(f"Hand of {name[state.current_player]}: {hand}.")
        if state.log:
            lines.append("Last: " + "; ".join(f"{name[seat]} {text}" for seat, text in state.log[-3:]) + ".")
        if state.is_over:
            lines.append(f"Match over: games won by each side {state.team_wins()}.")
        return "\n".join(lines)


env = make_env(raw_env)
parallel_env = make_parallel_env(raw_env)
