"""Canasta as an OpenSpiel game: ``import canasta.openspiel`` registers ``python_canasta``.

Needs the ``rl`` extra (``pip install canasta[rl]``: OpenSpiel's ``pyspiel`` and numpy).

>>> import pyspiel
>>> import canasta.openspiel
>>> game = pyspiel.load_game("python_canasta(variant=two-player)")
>>> game.num_players()
2
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

**Parameters** (``pyspiel.load_game("python_canasta(variant=classic,episode=hand)")``):

- ``variant``: a preset name (:func:`canasta.variant_names`), default ``classic``; the players
  are its seats.
- ``episode``: ``hand`` (the default: the episode ends with the first hand) or ``match`` (hands
  are dealt until a side wins the match, or ``max_hands`` hands have been played).
- ``max_hands``: the longest match, in hands (default 30); a match cut short ends on its
  totals.

**Chance.** Each hand's deal is explicit: three chance steps of 1024 equally likely outcomes
pick a 30-bit deal seed ``s`` (the digits in base 1024, first digit first), and the hand is dealt
from the portable deal ``canasta.shuffled_pack(variant, s, hand_number)`` (:func:`canasta.new_game`
with ``deck=``, :class:`~canasta.DealNextHand` with ``deck=`` for later hands of a match). So an
episode replays from its action history, the same seeds deal the same hands in every language
(the docs page "Portable deals"), and a chance node lists 1024 outcomes, not a pack's worth of
cards one by one. The engine's state keeps no seed: nothing at the table gives the deal away.

**Actions** are the fixed action encoding of :mod:`canasta.encoding` (its size is
``num_distinct_actions()``); a compound turn is played as several actions of the same player.

**Observations** are :mod:`canasta.tensors`: the observation tensor and string, and the
information-state tensor and string (perfect recall of everything public, see there), through
the observer API (``make_py_observer``); the player to act in the middle of a compound turn also
sees the parts of it he has chosen so far. Before the first deal every tensor is zeros; while a
later hand's deal is picked they show the hand just over.

**Returns** at the end of the episode, in points: each seat's side's score for the hand (or its
match total) minus the mean of the other sides'. Seats of one side get the same return; a seat
sitting out a hand (five players) gets its side's. The game is general-sum in OpenSpiel's sense
(with sides of different sizes the returns need not add up to zero).

:meth:`CanastaState.resample_from_infostate` deals the cards hidden from a player at random,
consistently with what he saw (:func:`canasta.sampling.sample_state`; the cards an opponent is
known to hold from a pile he took stay in his hand), for OpenSpiel's information-set search
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from . import tensors as _t
from .actions import DealNextHand
from .cards import Card
from .deals import shuffled_pack
from .encoding import PENDING_SIZE, ActionEncoding, TurnState
from .engine import new_game
from .events import deal_events, events_between, step
from .sampling import sample_state, unseen_cards
from .scoring import score_hand
from .state import GameState
from .variants import Variant, get_variant
from .views import observe, stand_in

__all__ = ["CanastaGame", "CanastaObserver", "CanastaState"]

#: The defaults of the game's parameters.
DEFAULTS: dict[str, Any] = {"variant": "classic", "episode": "hand", "max_hands": 30}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_canasta",
    long_name="Python Canasta",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class _Shared:
    """An immutable value held by a state: copied by reference when OpenSpiel clones the state
    (a clone is a ``copy.deepcopy``, and the engine's values never change)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
#: The deal seed is picked by this many chance steps ...
SEED_STEPS = 3
#: ... of this many equally likely outcomes each: 2**30 deals.
SEED_BASE = 1024


def _bound(variant: Variant) -> int:
    """A bound on the magnitude of a hand's score difference (points; not tight)."""
    cards = variant.decks * 52 + variant.jokers
    return 2 * (100 * cards + 5000)


class _Config:
    """The game's settings, as its states read them (a plain object: OpenSpiel may drop a
    game's Python attributes while its states live on)."""

    def __init__(self, variant: Variant, episode: str, max_hands: int) -> None:
        self.variant, self.episode, self.max_hands = variant, episode, max_hands
        self.encoding = ActionEncoding(variant)
        self.uniform = [(d, 1.0 / SEED_BASE) for d in range(SEED_BASE)]


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_canasta``; see the module's documentation for its parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        variant = get_variant(str(params["variant"]))
        episode = str(params["episode"])
        if episode not in ("hand", "match"):
            raise ValueError(f"episode must be 'hand' or 'match', not {episode!r}")
        max_hands = int(params["max_hands"]) if episode == "match" else 1
        config = _Config(variant, episode, max_hands)
        cards = variant.decks * 52 + variant.jokers
        bound = float(_bound(variant) * max_hands)
        info = pyspiel.GameInfo(
            num_distinct_actions=config.encoding.num_actions,
            max_chance_outcomes=SEED_BASE,
            num_players=variant.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            # each turn takes a card from the stock or melds one from the pile for good: at
            # most two turns a card, each of at most a few actions a card melded
            max_game_length=(SEED_STEPS + 12 * cards) * max_hands,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.config = config

    def new_initial_state(self) -> CanastaState:
        """The start of an episode: the chance player picks the first hand's deal."""
        return CanastaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CanastaObserver:
        """The observer of OpenSpiel's observer API: information states when
        ``iig_obs_type.perfect_recall``, observations otherwise."""
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CanastaObserver(self.config.variant, information=recall)


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_canasta``: a deal being picked, or a hand being played."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        config: _Config = game.config
        self._config = _Shared(config)
        self._digits: tuple[int, ...] = ()  # chance outcomes of the deal being picked
        self._turn = _Shared(None)  # the hand's TurnState once it is dealt
        # the hand's memory, and the moves (before, action, after) it has not taken in yet, as
        # a linked list (move, older moves), newest first: () when there is none
        self._memory = _Shared(_t.Memory.empty(config.variant.players))
        self._unseen = _Shared(())
        self._hands = 0
        self._player = _CHANCE  # worked out after each action

    # ------------------------------------------------------------------ the engine's state
    @property
    def game_state(self) -> GameState | None:
        """The engine's state of the hand in play, or of the hand just over while the next
        deal is picked (``None`` before the first deal)."""
        turn = self._turn.value
        return None if turn is None else turn.state

    @property
    def memory(self) -> _t.Memory:
        """The public memory of the hand (:class:`canasta.tensors.Memory`)."""
        memory: _t.Memory = self._memory.value
        if self._unseen.value:
            moves = []
            link = self._unseen.value
            while link:  # the moves, a linked list, newest first
                move, link = link
                moves.append(move)
            for before, action, after in reversed(moves):
                memory = memory.after(events_between(before, action, after))
            self._memory, self._unseen = _Shared(memory), _Shared(())
        return memory

    @property
    def _encoding(self) -> ActionEncoding:
        encoding: ActionEncoding = self._config.value.encoding
        return encoding

    # ------------------------------------------------------------------ OpenSpiel's interface
    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` while a deal is picked, or
        ``pyspiel.PlayerId.TERMINAL``."""
        return self._player

    def _next_player(self) -> int:
        state = self.game_state
        if state is None:
            return _CHANCE
        seat = state.current_seat
        if seat is not None and not state.is_hand_over:
            return seat
        return _TERMINAL if self._is_terminal() else _CHANCE

    def _is_terminal(self) -> bool:
        state = self.game_state
        if state is None or not state.is_hand_over:
            return False
        config: _Config = self._config.value
        return config.episode == "hand" or state.is_match_over or self._hands >= config.max_hands

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (by default the player to act), ascending: the chance
        outcomes at a chance node, none for a player who is not to act. (Answered here rather
        than through OpenSpiel's C++ State, which asks :meth:`_legal_actions` the same.)"""
        if player is None:
            player = self._player
        if player != self._player or player == _TERMINAL:
            return []
        if player == _CHANCE:
            return list(range(SEED_BASE))
        return self._legal_actions(player)

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids of ``player`` (the seat to act), ascending."""
        return list(self._encoding.legal_ids(self._turn.value))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next digit of the deal seed: ``SEED_BASE`` equally likely outcomes."""
        uniform: list[tuple[int, float]] = self._config.value.uniform
        return uniform

    def _apply_action(self, action: int) -> None:
        if self._player == _CHANCE:
            self._digits = (*self._digits, action)
            if len(self._digits) == SEED_STEPS:
                self._deal()
        else:
            turn: TurnState = self._turn.value
            after, played = self._encoding.play(turn, action)
            self._turn = _Shared(after)
            if played is not None:  # the engine moved: its events are taken in when asked
                move = (turn.state, played, after.state)
                self._unseen = _Shared((move, self._unseen.value))
        self._player = self._next_player()

    def _deal(self) -> None:
        config: _Config = self._config.value
        seed = 0
        for digit in self._digits:
            seed = seed * SEED_BASE + digit
        self._digits = ()
        previous = self.game_state
        hand = 1 if previous is None else previous.hand_number + 1
        deck = shuffled_pack(config.variant, seed, hand)
        if previous is None:
            state = new_game(config.variant, deck=deck)
            events = deal_events(state, deck)
        else:
            state, events = step(previous, DealNextHand(deck=deck))
        self._hands += 1
        self._turn = _Shared(TurnState(state))
        self._memory = _Shared(_t.Memory.empty(config.variant.players).after(events))
        self._unseen = _Shared(())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed digit {action}"
        turn = self._turn.value
        if turn is None:
            return f"action {action}"
        return self._encoding.describe(turn, action)

    def returns(self) -> list[float]:
        """Each seat's return at the end of the episode (zeros before): its side's points for
        the hand, or its match total, minus the mean of the other sides' (see the module)."""
        config: _Config = self._config.value
        state = self.game_state
        players = config.variant.players
        if state is None or not self._is_terminal():
            return [0.0] * players
        score = score_hand(state)
        sides: Sequence[Sequence[int]]
        if config.episode == "hand":
            points = [side.total for side in score.sides]
            sides = state.sides
        else:
            points = [t + s for t, s in zip(state.totals, score.totals, strict=True)]
            sides = config.variant.sides
        out = [0.0] * players
        for i, side in enumerate(sides):
            others = [p for j, p in enumerate(points) if j != i]
            value = points[i] - (sum(others) / len(others) if others else 0.0)
            for seat in side:
                out[seat] = float(value)
        for seat in range(players):  # a seat sitting out a hand takes its match side's return
            if seat not in state.order:
                mates = next(side for side in config.variant.sides if seat in side)
                out[seat] = next(out[s] for s in mates if s in state.order)
        return out

    def __str__(self) -> str:
        if self._player == _CHANCE:
            return f"dealing: seed digits {list(self._digits)}"
        return repr(self.game_state)

    # ------------------------------------------------------------------ search
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CanastaState:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt at random
        consistently with what he saw (:func:`canasta.sampling.sample_state`, seeded from
        ``probability_sampler``); the cards another seat is known to hold stay in its hand.
        While a deal is being picked nothing is hidden that matters: a clone is returned."""
        clone: CanastaState = self.clone()
        state = self.game_state
        if state is None or self._player == _CHANCE:
            return clone
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else None
        view = observe(state, player_id)
        memory = self.memory
        sampled = sample_state(view, random.Random(seed), known=_known_cards(view, memory))
        clone._turn = _Shared(TurnState(sampled, self._turn.value.pending))
        clone._memory, clone._unseen = _Shared(memory), _Shared(())
        return clone


def _known_cards(view: Any, memory: _t.Memory) -> dict[int, list[Card]]:
    """Cards of the kinds ``memory`` says each other seat holds, picked among the cards the
    viewer cannot see (suits do not matter to the rules but for threes, which are kinds)."""
    pool: dict[int, list[Card]] = {}
    for card in unseen_cards(view, stand_in(view)):
        pool.setdefault(_t._kind(card), []).append(card)
    out: dict[int, list[Card]] = {}
    for seat, counts in enumerate(memory.known):
        if seat == view.seat or not any(counts):
            continue
        cards: list[Card] = []
        for k, n in enumerate(counts):
            take = min(n, len(pool.get(k, ())))
            cards += pool[k][:take] if take else []
            if take:
                del pool[k][:take]
        out[seat] = cards
    return out


class CanastaObserver:
    """OpenSpiel's Python observer of ``python_canasta``: ``tensor`` (a numpy float32 array),
    ``dict`` (its sections by name, shaped as :func:`canasta.tensors.layout` says, plus
    ``pending``), ``set_from(state, player)`` and ``string_from(state, player)``.

    The tensor is :func:`canasta.tensors.observation_tensor` (or
    :func:`~canasta.tensors.information_state_tensor` for information states) followed by
    ``pending``, the :data:`~canasta.encoding.PENDING_SIZE` floats of
    :meth:`ActionEncoding.pending_tensor <canasta.encoding.ActionEncoding.pending_tensor>`: the
    parts of a compound action ``player`` has chosen so far (zeros for the other players).
    """

    def __init__(self, variant: Variant, *, information: bool) -> None:
        self.information = information
        sections = [*_t.layout(variant, information=information)]
        size = _t.information_state_size(variant) if information else _t.observation_size(variant)
        sections.append(("pending", size, (PENDING_SIZE,)))
        self.tensor = np.zeros(size + PENDING_SIZE, np.float32)
        self.dict: dict[str, Any] = {}
        for name, offset, shape in sections:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + n].reshape(shape)

    def set_from(self, state: CanastaState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it (zeros before the first
        deal)."""
        game_state = state.game_state
        self.tensor.fill(0.0)
        if game_state is None:
            return
        f = _t.information_state_tensor if self.information else _t.observation_tensor
        values = f(game_state, player, state.memory)
        self.tensor[: len(values)] = values
        if state.current_player() == player:
            self.dict["pending"][:] = state._encoding.pending_tensor(state._turn.value)

    def string_from(self, state: CanastaState, player: int) -> str:
        """``state`` as ``player`` sees it, as text (the information state's when the
        observer is one), and the parts he has chosen so far."""
        game_state = state.game_state
        if game_state is None:
            return "dealing"
        f = _t.information_state_string if self.information else _t.observation_string
        text = f(game_state, player, state.memory)
        if state.current_player() == player:
            pending = state._encoding.describe(state._turn.value)
            if pending:
                text += f"\nchosen: {pending}"
        return text


pyspiel.register_game(_GAME_TYPE, CanastaGame)
