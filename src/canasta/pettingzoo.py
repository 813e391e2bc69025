"""Canasta as a PettingZoo AEC environment (needs the ``rl`` extra: ``pip install canasta[rl]``).

>>> from canasta.pettingzoo import env
>>> e = env("two-player")
>>> e.reset(seed=7)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].shape
(['action_mask', 'observation'], (1096,))

**Agents** are the variant's seats, ``player_0`` ... (seat numbers of the engine). A seat acts
when the engine's state names it (the partner answers "may I go out?" in the middle of a turn);
a seat sitting out a hand (five players) does not act in it.

**Actions** are the indices of :class:`canasta.encoding.ActionEncoding` (a ``Discrete`` space of
its ``num_actions``); a compound action (an opening of several melds, a pile taken with further
melds, a whole going out) is several steps of the same agent. An illegal index (or one out of
range, or ``None`` for an agent to act) ends the episode in :func:`env`, the offender's reward
``-1`` and the others' 0, as PettingZoo's own classic games do; :class:`raw_env` raises
:class:`~canasta.encoding.EncodingError` unless given an ``illegal_reward``.

**Observations** are ``{"observation": float32 array, "action_mask": int8 array}``: the
observation is that of :func:`observation`, the seat's :mod:`canasta.tensors` observation
tensor (its own view and the hand's public memory: nothing hidden from it reaches it) followed by
the pending parts of its turn; the mask is 1 at the legal indices of the agent to act and all 0
for the others. Both are new arrays at every call, which the environment does not keep: an
agent may keep them or change them. (The environment keeps the hand's pieces in one array by
absolute seat, updated where a move changed them, and reads each observation from it in one
step.)

**Rewards.** With ``reward="score"`` (the default), when a hand ends each agent gets its side's
score for the hand minus the mean of the other sides' (points; partners get the same). With
``reward="match"`` an agent gets 1 when its side wins the match and -1 when it loses, at the end
of the match (``episode="match"``, which that reward implies). ``episode="hand"`` (the default
with score rewards) ends the episode with the first hand; ``episode="match"`` deals hand after
hand (a match seed's deals) until a side wins.

**Seeding.** ``reset(seed=s)`` deals the match of :func:`canasta.new_game` with ``seed=s``;
``reset()`` without a seed deals from a seed drawn from the environment's generator, itself
seeded by the last seed given, so a run of resets replays.

``render_mode="ansi"`` makes :meth:`raw_env.render` return the table as text (every hand
shown), ``"human"`` prints it.
"""

from __future__ import annotations

import math
import numbers
import operator
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers import order_enforcing

from . import _core as core
from . import tensors
from .actions import Action, DealNextHand
from .cards import Cards
from .encoding import PENDING_SIZE, ActionEncoding, EncodingError, TurnState
from .engine import apply, new_game
from .errors import SetupError
from .limits import MAX_TOTAL
from .render import format_table
from .scoring import score_hand
from .state import GameState, Phase
from .variants import Variant, get_variant
from .views import _pile_facts, _shown_minimums, table_of

__all__ = ["BOUND", "env", "observation", "observation_size", "raw_env"]

#: The bound of the observation's values, either way: a match total's
#: (:data:`canasta.limits.MAX_TOTAL`, 10**15), which every value an observation holds (counts
#: of cards, points, totals) keeps in every variant, house rules of large points too.
BOUND = float(MAX_TOTAL)


def observation_size(variant: str | Variant) -> int:
    """The length of the observation in ``variant``: :func:`canasta.tensors.observation_size`
    plus :data:`canasta.encoding.PENDING_SIZE`."""
    return tensors.observation_size(variant) + PENDING_SIZE


def observation(
    enc: ActionEncoding, ts: TurnState, seat: int, memory: tensors.Memory
) -> list[float]:
    """The observation of ``seat``: its :func:`canasta.tensors.observation_tensor` (its view
    and the hand's public ``memory``), then the pending parts of the turn
    (:meth:`~canasta.encoding.ActionEncoding.pending_tensor`) when ``seat`` is choosing them,
    else zeros (the parts are the chooser's secret until played)."""
    out = tensors.observation_tensor(ts.state, seat, memory)
    if ts.pending and ts.current_seat == seat:
        return out + enc.pending_tensor(ts)
    return out + [0.0] * PENDING_SIZE


def _finite(reward: Any) -> float:
    """``reward`` as a float: a finite real number (not a bool), else :class:`SetupError`."""
    if isinstance(reward, (bool, np.bool_)) or not isinstance(reward, numbers.Real):
        raise SetupError(f"illegal_reward must be None or a number, not {reward!r:.40}")
    try:
        value = float(reward)
    except OverflowError:
        value = math.inf
    if not math.isfinite(value):
        raise SetupError(f"illegal_reward must be a finite number, not {reward!r:.40}")
    return value


def _float32(values: Any) -> np.ndarray:
    return np.array(values, np.float32)


#: The engine's kinds of card (:func:`canasta._core.hand_kinds`), and those of the tensors'
#: ``hand`` section in its order (red three, black three, 4 ... A, two, joker).
_ENGINE_KINDS = 16
_HAND_KINDS = (1, 3, *range(4, 15), 2, 15)
#: The slot of each phase in the ``phase`` section's one-hot.
_PHASE_SLOT = {ph: hot.index(1) for ph, hot in tensors._PHASE_HOT.items()}


class _Observer:
    """Every seat's observation (:func:`observation`'s values, as float32) of a state, given
    the hand's known rows, each a new array read from one *table* array.

    The table array holds every piece by absolute seat (each seat's hand, the known rows,
    each side's melds, each seat's row of the ``seats`` section, every viewer's partners, the
    pile's facts with whether it is frozen for each side, stock, phase, turn, hand number,
    each seat's pending parts); it is kept up from state to state, a piece written again only
    when the state's field it is read from is another object (the states of a hand share the
    fields a move leaves unchanged), and a seat's observation is read from it in one step by
    the seat's index array (its own rotation of the seats)."""

    def __init__(self, variant: Variant) -> None:
        p = self._players = variant.players
        n = tensors._N
        # the table array: hands and known rows (by seat), the sides' meld blocks and a block
        # of zeros (for a seat sitting out), the seats' rows, the partners of each viewer,
        # the pile (top card, size, red threes, frozen, frozen for each side, blocked), stock,
        # out of play, phase, turn, hand number, then each seat's pending parts
        self._hands_at = 0
        self._known_at = p * _ENGINE_KINDS
        self._melds_at = self._known_at + p * n
        self._seats_at = self._melds_at + (p + 1) * len(tensors._NO_MELDS)
        self._mates_at = self._seats_at + 9 * p
        top = self._top_at = self._mates_at + p * p
        self._frozen_for_at = top + n + 3
        self._blocked_at = self._frozen_for_at + p
        self._stock_at = self._blocked_at + 1
        self._phase_at = self._stock_at + 2
        self._turn_at = self._phase_at + 4
        self._match_at = self._turn_at + 8 + len(tensors.MELD_RANKS)
        self._pending_at = self._match_at + 1
        self._table = np.zeros(self._pending_at + p * PENDING_SIZE, np.float32)
        self._columns = self._table[self._seats_at : self._mates_at].reshape(p, 9).T
        self._turns: dict[tuple[object, ...], np.ndarray] = {}
        self._index: list[np.ndarray] = []
        self._last: GameState | None = None
        self._known: object = None
        self._rows: list[object] = [None] * p
        self._current: int | None = None
        self._sides: tuple[int | None, ...] = ()
        self._top_kind = tensors._N
        self._phase_slot = 0
        self._pending_shown = [False] * p

    def reset(self) -> None:
        """Forget the last state: the next observation builds the table array afresh."""
        self._last = None
        self._pending_shown = [False] * self._players
        self._table[self._pending_at :] = 0

    def observe(
        self,
        state: GameState,
        seat: int,
        known: tuple[tuple[int, ...], ...],
        pending: list[float] | None = None,
    ) -> np.ndarray:
        """The observation of ``seat`` in ``state`` (a new array), ``known`` the hand's known
        rows (:attr:`canasta.tensors.Memory.known`), ``pending`` the pending parts it sees
        (:meth:`~canasta.encoding.ActionEncoding.pending_tensor`; ``None`` for zeros)."""
        if state is not self._last or known is not self._known:
            self._keep_up(state, known)
        if pending is not None:
            at = self._pending_at + seat * PENDING_SIZE
            self._table[at : at + PENDING_SIZE] = pending
            self._pending_shown[seat] = True
        elif self._pending_shown[seat]:
            at = self._pending_at + seat * PENDING_SIZE
            self._table[at : at + PENDING_SIZE] = 0
            self._pending_shown[seat] = False
        out: np.ndarray = self._table[self._index[seat]]
        return out

    def _hand(self, seat: int, hand: Cards) -> None:
        # the engine's kind counts as they are (the index arrays read them in the tensors'
        # order of kinds, _HAND_KINDS)
        at = self._hands_at + seat * _ENGINE_KINDS
        self._table[at : at + _ENGINE_KINDS] = core.hand_kinds(hand)

    def _keep_up(self, state: GameState, known: tuple[tuple[int, ...], ...]) -> None:
        last = self._last
        if (
            last is None
            or state.variant is not last.variant
            or state.sides is not last.sides
            or state.order != last.order
            or state.totals is not last.totals
            or state.dealer != last.dealer
            or state.hand_number != last.hand_number
        ):
            self._rebuild(state, known)
            return
        # a value that changes writes its number alone (an int: numpy's quickest assignment)
        table, p, n = self._table, self._players, tensors._N
        seats_at = self._seats_at
        if known is not self._known:
            rows = self._rows
            for s in range(p):
                row = known[s]
                if row is not rows[s]:
                    at = self._known_at + s * n
                    table[at : at + n] = row
                    rows[s] = row
            self._known = known
        hands, before = state.hands, last.hands
        if hands is not before:
            for s in range(p):
                hand = hands[s]
                if hand is not before[s]:
                    table[seats_at + 9 * s] = hand.size
                    self._hand(s, hand)
        red_threes, before_threes = state.red_threes, last.red_threes
        if red_threes is not before_threes:
            for s in range(p):
                if red_threes[s] is not before_threes[s]:
                    table[seats_at + 9 * s + 1] = len(red_threes[s])
        if state.has_melded is not last.has_melded:
            self._melded(state)
        current = state.current_seat
        if current != self._current:
            if self._current is not None:
                table[seats_at + 9 * self._current + 5] = 0
            if current is not None:
                table[seats_at + 9 * current + 5] = 1
            self._current = current
        melds = state.melds
        if melds is not last.melds:
            size = state.variant.canasta_size
            step = len(tensors._NO_MELDS)
            for i, m in enumerate(melds):
                if m is not last.melds[i]:
                    at = self._melds_at + i * step
                    table[at : at + step] = tensors._meld_block(m, size)
            minimums = _shown_minimums(state)
            for s, side in enumerate(self._sides):
                if side is not None:
                    table[seats_at + 9 * s + 8] = minimums[side]
            self._pile(state)
        elif state.discard_pile is not last.discard_pile:
            self._pile(state)
        if state.stock is not last.stock:
            table[self._stock_at] = len(state.stock)
        if state.out_of_play is not last.out_of_play:
            table[self._stock_at + 1] = len(state.out_of_play)
        phase = state.phase
        if phase is not last.phase:
            table[self._phase_at + self._phase_slot] = 0
            self._phase_slot = slot = _PHASE_SLOT[phase]
            table[self._phase_at + slot] = 1
        turn = state.turn
        if turn is not last.turn:
            # by the facts the section reads (a turn's facts take few values)
            key = (
                turn.drew,
                turn.asked,
                turn.permission,
                turn.laid_off,
                turn.created,
                turn.last_red_three,
            )
            hit = self._turns.get(key)
            if hit is None:
                if len(self._turns) >= 1024:
                    self._turns.clear()
                hit = self._turns[key] = _float32(tensors._turn_facts(turn))
            table[self._turn_at : self._match_at] = hit
        self._last = state

    def _melded(self, state: GameState) -> None:
        has_melded = state.has_melded
        self._columns[2] = [
            int(bool(has_melded) and side is not None and has_melded[s])
            for s, side in enumerate(self._sides)
        ]

    def _pile(self, state: GameState) -> None:
        """The pile's section, and whether it is frozen for each side."""
        pile = state.discard_pile
        top = pile[-1] if pile else None
        frozen, reds = _pile_facts(state)
        table = self._table
        at = self._top_at
        n = tensors._N
        kind = n if top is None else tensors._kind(top)
        if kind != self._top_kind:
            if self._top_kind < n:
                table[at + self._top_kind] = 0
            if kind < n:
                table[at + kind] = 1
            self._top_kind = kind
        table[at + n] = len(pile)
        table[at + n + 1] = reds
        table[at + n + 2] = 1 if frozen else 0
        at = self._frozen_for_at
        for i, m in enumerate(state.melds):
            table[at + i] = 1 if frozen or not m else 0
        table[self._blocked_at] = 1 if top is not None and top.is_black_three else 0

    def _rebuild(self, state: GameState, known: tuple[tuple[int, ...], ...]) -> None:
        """The whole table array, and every viewer's index array, for a new hand (or a new
        seating: a lone hand formed)."""
        p, n = self._players, tensors._N
        table = self._table
        table[: self._pending_at] = 0
        step = len(tensors._NO_MELDS)
        size = state.variant.canasta_size
        for s in range(p):
            at = self._known_at + s * n
            table[at : at + n] = known[s]
            self._hand(s, state.hands[s])
        for i, m in enumerate(state.melds):
            at = self._melds_at + i * step
            table[at : at + step] = tensors._meld_block(m, size)
        self._rows = list(known)
        self._known = known
        view = table_of(state)
        order = state.order
        sides = self._sides = tensors._side_of(view.sides, p)
        match = tensors._side_of(state.variant.sides, p)
        minimums = _shown_minimums(state)
        current, dealer, totals = state.current_seat, state.dealer, state.totals
        columns = self._columns
        columns[0] = [h.size for h in state.hands]
        columns[1] = [len(r) for r in state.red_threes]
        self._melded(state)
        columns[4] = [side is None for side in sides]
        columns[5] = [current == s for s in range(p)]
        columns[6] = [dealer == s for s in range(p)]
        columns[7] = [
            0 if side is None or match[s] is None else totals[match[s]]  # type: ignore[index]
            for s, side in enumerate(sides)
        ]
        columns[8] = [0 if side is None else minimums[side] for side in sides]
        self._current = current
        self._top_kind = tensors._N  # the table array is all 0: no top card's kind is set
        self._pile(state)
        table[self._stock_at] = len(state.stock)
        table[self._stock_at + 1] = len(state.out_of_play)
        self._phase_slot = _PHASE_SLOT[state.phase]
        table[self._phase_at + self._phase_slot] = 1
        table[self._turn_at : self._match_at] = tensors._turn_facts(state.turn)
        table[self._match_at] = state.hand_number
        # each viewer's partners, and his index array
        self._index = []
        for me in range(p):
            my_side = state.hand_side(me) if me in order else None
            frame = tensors._frame(view, me, my_side)
            at = self._mates_at + me * p
            for s, mate in zip(frame.seats, frame.mates, strict=True):
                table[at + s] = mate
            index = [self._hands_at + me * _ENGINE_KINDS + k for k in _HAND_KINDS]
            for s in frame.seats:
                index += range(self._known_at + s * n, self._known_at + (s + 1) * n)
            for side in frame.sides:
                at = self._melds_at + (p if side is None else side) * step
                index += range(at, at + step)
            for s in frame.seats:
                at = self._seats_at + 9 * s
                index += (at, at + 1, at + 2, self._mates_at + me * p + s, *range(at + 4, at + 9))
            top = self._top_at
            index += range(top, top + n + 3)  # top card, size, red threes, frozen
            index.append(top + n + 2 if my_side is None else self._frozen_for_at + my_side)
            index += range(self._blocked_at, self._match_at + 1)
            at = self._pending_at + me * PENDING_SIZE
            index += range(at, at + PENDING_SIZE)
            self._index.append(np.array(index, np.intp))
        self._last = state


def env(variant: str | Variant = "classic", render_mode: str | None = None, **kwargs: Any) -> Any:
    """The environment as PettingZoo's own classic games come: an illegal index ends the
    episode with reward -1 for the offender (``illegal_reward=`` to change it), and calls out
    of order (a step before ``reset``) are refused. Arguments as :class:`raw_env`.

    The illegal index is handled by :class:`raw_env` itself rather than by PettingZoo's
    ``TerminateIllegalWrapper`` and ``AssertOutOfBoundsWrapper``, whose attribute forwarding
    would cost a quarter of every step."""
    kwargs.setdefault("illegal_reward", -1.0)
    return _OrderEnforcing(raw_env(variant, render_mode, **kwargs))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc, unused-ignore]
    """PettingZoo's ``OrderEnforcingWrapper``, the same checks, with the agent loop's calls
    (``last``, ``step``, ``agents``, ``agent_selection``...) going straight to the environment
    once it is reset instead of through the wrapper's attribute forwarding."""

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            return super().observe(agent)
        return self.env.observe(agent)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterable(order_enforcing.AECOrderEnforcingIterable):  # type: ignore[misc, unused-ignore]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(order_enforcing.AECOrderEnforcingIterator):  # type: ignore[misc, unused-ignore]
    """PettingZoo's agent iterator, the same checks, reading the environment's agents and
    agent to act directly rather than through the wrapper's forwarding."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = env.agent_selection
        return agent


def _forwarded(name: str) -> property:
    def get(self: _OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


for _name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
    setattr(_OrderEnforcing, _name, _forwarded(_name))


class raw_env(AECEnv):  # type: ignore[misc, unused-ignore]
    """Canasta as an AEC environment (see the module's documentation).

    Args:
        variant: a preset name or a :class:`~canasta.Variant`.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        reward: ``"score"`` (the hand's score difference, points) or ``"match"`` (1 for a
            match won, -1 for one lost).
        episode: ``"hand"`` or ``"match"``; by default ``"hand"`` for score rewards and
            ``"match"`` for match rewards.
        illegal_reward: ``None`` (the default) to raise
            :class:`~canasta.encoding.EncodingError` for an illegal index; a number to end the
            episode instead, with that reward for the offender and 0 for the others.

    Raises:
        VariantError: an unknown preset name.
        SetupError: an unknown render mode, reward or episode, match rewards for an episode
            of one hand, or an ``illegal_reward`` that is not a finite number (a bool is not).
            Later, :meth:`step` before :meth:`reset` or once every agent has left, and
            :meth:`observe` of an agent not of this environment.
    """

    metadata = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "canasta_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | Variant = "classic",
        render_mode: str | None = None,
        *,
        reward: str = "score",
        episode: str | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise SetupError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if reward not in ("score", "match"):
            raise SetupError(f"reward must be 'score' or 'match', not {reward!r}")
        episode = episode or ("match" if reward == "match" else "hand")
        if episode not in ("hand", "match") or (reward, episode) == ("match", "hand"):
            raise SetupError(
                f"episode must be 'hand' or 'match' ('match' for match rewards), not {episode!r}"
            )
        if illegal_reward is not None:
            illegal_reward = _finite(illegal_reward)
        self.variant = get_variant(variant)
        self.encoding = ActionEncoding(self.variant)
        self.render_mode = render_mode
        self.reward, self.episode = reward, episode
        self.illegal_reward = illegal_reward
        self.possible_agents = [f"player_{s}" for s in range(self.variant.players)]
        self.agents = self.possible_agents[:]
        n = self.encoding.num_actions
        obs = spaces.Dict(
            {
                "observation": spaces.Box(
                    -BOUND, BOUND, (observation_size(self.variant),), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self._ts: TurnState | None = None
        players = self.variant.players
        # the hand's public memory as the observations read it: the cards each seat is known
        # to hold (tensors.Memory.known), kept up move by move
        self._known = tensors.Memory.empty(players).known
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        # every seat's observation, read from the table of the hand's pieces kept up
        self._observer = _Observer(self.variant)
        # masks by the legal indices (each new mask a copy of one of them)
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        self._rewarded = False

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game
    @property
    def turn_state(self) -> TurnState:
        """The encoded game's turn state (the engine's state is its ``state``)."""
        if self._ts is None:
            raise SetupError("call reset() first")
        return self._ts

    @property
    def game_state(self) -> GameState:
        """The engine's state of the hand in play."""
        return self.turn_state.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: from ``seed`` if given (an int, or a numpy int), else from the
        environment's generator.

        Raises:
            SetupError: a seed that is not a 64-bit int (the generator is left as it was).
        """
        if seed is not None:
            if not isinstance(seed, (int, bool)) and hasattr(seed, "__index__"):
                seed = operator.index(seed)  # a numpy int deals as its value
            state = new_game(self.variant, seed=seed)  # a bad seed is refused before use
            self._rng.seed(seed)
        else:
            state = new_game(self.variant, seed=self._rng.getrandbits(63))
        self._ts = TurnState(state)
        self._known = tensors.Memory.empty(self.variant.players).known
        self._observer.reset()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.turn_state.current_seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        ts = self._ts
        if ts is None:
            raise SetupError("call reset() first")
        try:
            seat = self._seats[agent]
        except (KeyError, TypeError):
            raise SetupError(f"not an agent of this environment: {agent!r:.40}") from None
        state = ts.state
        if state.current_seat == seat:
            if self.terminations.get(agent, True):
                mask = np.zeros(self.encoding.num_actions, np.int8)
            else:
                mask = self._mask(ts)
            pending = self.encoding.pending_tensor(ts) if ts.pending else None
        else:
            mask = np.zeros(self.encoding.num_actions, np.int8)
            pending = None
        # observation()'s values, a new array (see _Observer)
        obs = self._observer.observe(state, seat, self._known, pending)
        return {"observation": obs, "action_mask": mask}

    def _mask(self, ts: TurnState) -> np.ndarray:
        """A new mask of the legal indices of ``ts`` (copied from one kept by the indices)."""
        ids = self.encoding.legal_ids(ts)
        mask = self._masks.get(ids)
        if mask is None:
            if len(self._masks) >= 4096:
                self._masks.clear()
            mask = self._masks[ids] = np.zeros(self.encoding.num_actions, np.int8)
            mask.put(ids, 1)
        return mask.copy()

    def step(self, action: int | None) -> None:
        if self._ts is None:
            raise SetupError("call reset() first")
        if not self.agents:
            raise SetupError("every agent has left the episode: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step's rewards are cleared (all 0 but at a hand's end)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        ts = self._ts
        assert ts is not None  # an agent is selected: the environment is reset
        try:
            if action is None:
                raise EncodingError(f"{agent} is to act: None is no action")
            after, played = self.encoding.play(ts, action)
        except EncodingError:
            if self.illegal_reward is None:
                raise
            self.rewards[agent] = float(self.illegal_reward)
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        if played is not None:  # the engine moved: the hand's memory goes on
            state = after.state
            self._known = tensors._known_after(self._known, ts.state, played, state)
            if state.phase is Phase.HAND_OVER:
                after = self._hand_over(state)
        self._ts = after
        seat = after.state.current_seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _play(self, state: GameState, action: Action) -> TurnState:
        """Play ``action``: the hand's memory goes on; at the end of a hand the rewards, and the
        next hand dealt or the episode ended."""
        before, state = state, apply(state, action)
        self._known = tensors._known_after(self._known, before, action, state)
        if not state.is_hand_over:
            return TurnState(state)
        return self._hand_over(state)

    def _hand_over(self, state: GameState) -> TurnState:
        """At the end of a hand: the rewards, and the next hand dealt or the episode ended."""
        self._rewarded = True
        v = state.variant
        side = {seat: i for i, members in enumerate(v.sides) for seat in members}
        if self.reward == "score":
            totals = score_hand(state).totals
            others = max(len(totals) - 1, 1)
            for s, agent in enumerate(self.possible_agents):
                own = totals[side[s]]
                self.rewards[agent] = float(own - (sum(totals) - own) / others)
        if self.episode == "hand" or state.is_match_over:
            if self.reward == "match":
                winners = state.winners
                for s, agent in enumerate(self.possible_agents):
                    self.rewards[agent] = 1.0 if side[s] in winners else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
            return TurnState(state)
        return self._play(state, DealNextHand())

    # ------------------------------------------------------------------ rendering
    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``); ``None`` without a
        render mode."""
        if self.render_mode is None or self._ts is None:
            return None
        ts = self._ts
        state = ts.state
        if state.current_seat is None:
            head = f"hand {state.hand_number} over"
        else:
            head = f"hand {state.hand_number}, {state.phase} - player_{state.current_seat} to act"
        lines = [head, format_table(state, show_hands=True)]
        if ts.pending:
            lines.append(f"  chosen so far: {self.encoding.describe(ts)}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
