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
for the others.

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

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import tensors
from .actions import Action, DealNextHand
from .encoding import PENDING_SIZE, ActionEncoding, EncodingError, TurnState
from .engine import apply, new_game
from .errors import SetupError
from .render import format_table
from .scoring import score_hand
from .state import GameState
from .variants import Variant, get_variant

__all__ = ["BOUND", "env", "observation", "observation_size", "raw_env"]

#: The bound of the observation's values (counts of cards and points: finite, well within it).
BOUND = float(2**20)


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

    def __str__(self) -> str:
        return str(self.env)


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
        SetupError: an unknown render mode, reward or episode, or match rewards for an episode
            of one hand.
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
        # each seat's last observation, written in place: a piece (its hand, a known row, a
        # side's melds) the state still shares is not written again
        size = tensors.observation_size(self.variant)
        self._pending_at = size
        self._buffers = [np.zeros(size + PENDING_SIZE, np.float32) for _ in range(players)]
        self._writer = tensors._Writer(self.variant)
        self._pending_shown = [False] * players
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
        """Deal a new match: from ``seed`` if given, else from the environment's generator."""
        if seed is not None:
            self._rng.seed(seed)
        else:
            seed = self._rng.getrandbits(63)
        self._ts = TurnState(new_game(self.variant, seed=seed))
        self._known = tensors.Memory.empty(self.variant.players).known
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
        ts = self.turn_state
        seat = self._seats[agent]
        state = ts.state
        # observation()'s values, written into the seat's array (tensors._Writer: the pieces
        # the states share, hand, known rows and melds, only when they changed)
        buffer = self._buffers[seat]
        self._writer.write(buffer, state, seat, self._known)
        mask = np.zeros(self.encoding.num_actions, np.int8)
        if state.current_seat == seat:
            if not self.terminations.get(agent, True):
                mask.put(self.encoding.legal_ids(ts), 1)
            if ts.pending:
                buffer[self._pending_at :] = self.encoding.pending_tensor(ts)
                self._pending_shown[seat] = True
                return {"observation": buffer.copy(), "action_mask": mask}
        if self._pending_shown[seat]:
            buffer[self._pending_at :] = 0.0
            self._pending_shown[seat] = False
        return {"observation": buffer.copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step's rewards are cleared (all 0 but at a hand's end)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        ts = self.turn_state
        try:
            if action is None:
                raise EncodingError(f"{agent} is to act: None is no action")
            played = self.encoding.decode(ts, action)
        except EncodingError:
            if self.illegal_reward is None:
                raise
            self.rewards[agent] = float(self.illegal_reward)
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        if played is None:
            self._ts = self.encoding.step(ts, action)
        else:
            self._ts = self._play(ts.state, played)
        self._select()
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
