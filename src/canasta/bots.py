"""Players that see only what their seat may see: a seeded random player, a greedy one and a
search player (:class:`SearchPlayer`, determinized Monte Carlo search: :mod:`canasta.search`).

A player is anything with ``choose(view) -> action`` (:class:`Player`); :func:`play_hand` and
:func:`play_match` drive one player per seat. A player whose choice the rules refuse is told why
(its optional ``illegal(view, action, violation)`` method) and asked again, a few times, before
the game gives up with an :class:`~canasta.IllegalChoiceError`.

>>> import canasta
>>> from canasta.bots import GreedyPlayer, RandomPlayer, play_match
>>> state = play_match(canasta.new_game(seed=3), [GreedyPlayer(), RandomPlayer(1)] * 2)
>>> state.is_match_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from .actions import (
    Action,
    AnswerPartner,
    AskPartner,
    DealNextHand,
    DeclinePile,
    Discard,
    Draw,
    MeldCards,
    TakePile,
)
from .engine import Violation, apply, check
from .errors import IllegalActionError, IllegalChoiceError
from .search import SearchPlayer, meld_size, meld_wilds, menu_of
from .state import GameState
from .views import PlayerView, observe

__all__ = [
    "DEFAULT_TRIES",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "play_hand",
    "play_match",
]


class Player(Protocol):
    """A player: picks one action for its seat, usually from ``view.legal_actions``.

    A player may also define ``illegal(view, action, violation) -> None``: when the rules refuse
    its choice, :func:`play_hand` calls it with the refused action and the
    :class:`~canasta.Violation` (reason code and message) before asking ``choose`` again. It is
    optional (looked up when needed), so a player with ``choose`` alone keeps working.
    """

    def choose(self, view: PlayerView) -> Action: ...


#: How many times :func:`play_hand` asks a player for a legal action before it gives up.
DEFAULT_TRIES = 3


class RandomPlayer:
    """Picks uniformly among the listed legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        actions = menu_of(view)
        return actions[self._rng.randrange(len(actions))]


class GreedyPlayer:
    """A simple greedy player: goes out when it can, takes the pile when it can, melds what it
    can (wild cards only to complete a canasta or to make a meld), keeps pairs, and discards its
    least useful card (a black three first; never a wild card if it can help it; not a card
    whose rank the opponents have melded)."""

    def choose(self, view: PlayerView) -> Action:
        actions = menu_of(view)
        for a in actions:
            if isinstance(a, (AnswerPartner, DealNextHand)):
                return a  # answers "yes" (listed first); deals the next hand
        takes = [a for a in actions if isinstance(a, TakePile)]
        if takes:
            return max(takes, key=lambda a: -len(a.cards) - sum(len(m.cards) for m in a.melds))
        for a in actions:
            if isinstance(a, (Draw, DeclinePile)):
                return a
        melds = [a for a in actions if isinstance(a, MeldCards)]
        hand_size = len(view.hand)
        out = [a for a in melds if meld_size(a) == hand_size]
        if out:
            return min(out, key=meld_wilds)
        for a in actions:
            if isinstance(a, AskPartner):
                return a
        useful = [a for a in melds if self._worth_it(view, a)]
        if useful:
            return max(useful, key=lambda a: (meld_size(a) - 2 * meld_wilds(a), -meld_wilds(a)))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            return min(discards, key=lambda a: self._keep_value(view, a))
        return actions[0]

    def _worth_it(self, view: PlayerView, action: MeldCards) -> bool:
        assert view.side is not None
        mine = {m.rank: m for m in view.melds[view.side]}
        size = view.variant.canasta_size
        for g in action.melds:
            wilds = sum(1 for c in g.cards if c.is_wild)
            old = mine.get(g.rank)
            if old is None or wilds == 0:
                continue
            if len(old.cards) + len(g.cards) < size or len(old.cards) >= size:
                return False
        return len(view.hand) - meld_size(action) >= 2

    def _keep_value(self, view: PlayerView, action: Discard) -> float:
        card = action.card
        if card.is_black_three:
            return -100.0
        if card.is_wild:
            return 1000.0
        same = sum(1 for c in view.hand if c.rank is card.rank)
        assert view.side is not None
        mine = any(m.rank is card.rank for m in view.melds[view.side])
        theirs = any(
            m.rank is card.rank for i, side in enumerate(view.melds) if i != view.side for m in side
        )
        value = view.variant.card_value(card)
        return same * 10 + (30 if mine else 0) + (50 if theirs else 0) + value / 10


def play_hand(
    state: GameState,
    players: Sequence[Player],
    on_action: Callable[[GameState, Action, GameState], None] | None = None,
    max_actions: int = 100_000,
    tries: int = DEFAULT_TRIES,
) -> GameState:
    """Play until the current hand is over; one player per seat. ``on_action(before, action,
    after)`` is called after each action (for logs).

    Each player sees only its seat's :class:`~canasta.PlayerView`. An action the rules refuse
    is not applied: the player is told why (its ``illegal(view, action, violation)`` method, if
    it has one) and asked again, up to ``tries`` choices in all for one move.

    Raises:
        IllegalChoiceError: a player chose ``tries`` illegal actions in a row for one move (it
            names the player, the seat and the last :class:`~canasta.Violation`; it is an
            :class:`~canasta.IllegalActionError` with that violation's reason).
        ValueError: not one player per seat, or ``tries`` is not a positive int.
    """
    if len(players) != state.variant.players:
        raise ValueError(f"need {state.variant.players} players, got {len(players)}")
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be a positive int, not {tries!r}")
    for _ in range(max_actions):
        if state.is_hand_over:
            return state
        seat = state.current_seat
        assert seat is not None
        new, action = _legal_move(state, seat, players[seat], tries)
        if on_action is not None:
            on_action(state, action, new)
        state = new
    raise RuntimeError("the hand did not end")  # pragma: no cover


def _legal_move(
    state: GameState, seat: int, player: Player, tries: int
) -> tuple[GameState, Action]:
    """The state after the first legal action ``player`` chooses for ``seat`` in at most
    ``tries`` choices, and that action."""
    view = observe(state, seat)
    violation: Violation | None = None
    for _ in range(tries):
        action = player.choose(view)
        try:
            return apply(state, action), action
        except IllegalActionError:
            violation = check(state, action)
            assert violation is not None
        told = getattr(player, "illegal", None)
        if callable(told):
            told(view, action, violation)
    assert violation is not None
    raise IllegalChoiceError(player, seat, violation, tries)


def play_match(
    state: GameState,
    players: Sequence[Player],
    on_action: Callable[[GameState, Action, GameState], None] | None = None,
    on_hand_over: Callable[[GameState], None] | None = None,
    max_hands: int = 1000,
    tries: int = DEFAULT_TRIES,
) -> GameState:
    """Play hands until the match is over, dealing each next hand; returns the final state.

    Players are asked again after an illegal choice, as in :func:`play_hand` (``tries``).

    Raises:
        IllegalChoiceError: a player chose ``tries`` illegal actions in a row for one move.
        ValueError: not one player per seat, or ``tries`` is not a positive int.
    """
    for _ in range(max_hands):
        state = play_hand(state, players, on_action, tries=tries)
        if on_hand_over is not None:
            on_hand_over(state)
        if state.is_match_over:
            return state
        state = apply(state, DealNextHand())
    raise RuntimeError("the match did not end")  # pragma: no cover
