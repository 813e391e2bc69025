"""A search player: determinized Monte Carlo tree search over the engine.

:class:`SearchPlayer` sees only its seat's :class:`~canasta.PlayerView`, like every player. For
each playout it deals the cards it cannot see at random, consistently with the view
(:func:`canasta.sampling.sample_state`; it never looks at the real state), walks down a tree of
moves shared by all the deals (UCT over the legal actions each deal allows, as in
information-set MCTS), adds one move to the tree, and plays the hand out to its end with a quick
rollout policy. The value of a playout for a side is its hand score less the best other side's
(:func:`canasta.score_hand`, points), squashed into -1..1. It plays the move of the root it
tried most.

Menus can be large (a hand of melds), so the tree widens progressively: a node tries its moves
in the rollout policy's order of preference and admits a new one only as its visits grow. With
one playout the player plays the rollout policy's move.

>>> import canasta
>>> from canasta.bots import GreedyPlayer, SearchPlayer, play_hand
>>> players = [SearchPlayer(playouts=4), GreedyPlayer()]
>>> state = play_hand(canasta.new_game("two-player", seed=2), players)
>>> state.is_hand_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

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
from .cards import Card
from .engine import apply
from .errors import StateError
from .legal import legal_actions
from .sampling import sample_state
from .scoring import score_hand
from .state import GameState
from .views import PlayerView, stand_in

__all__ = ["DEFAULT_PLAYOUTS", "SearchPlayer"]

#: Playouts per decision of a :class:`SearchPlayer` without a budget of its own.
DEFAULT_PLAYOUTS = 12

#: Points of a hand score difference that count as a clear win (the value's scale).
_SCALE = 1000.0


class _Node:
    """A node of the tree: the moves tried from it and the results of the playouts through it,
    from the point of view of the seat that moves there."""

    __slots__ = ("children", "order", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Edge] = {}
        self.order: dict[Action, None] = {}  # moves seen here, the policy's preferred first
        self.visits = 0
        self.total = 0.0


class _Edge:
    """A move from a node: how often it was chosen, how often it was legal when the node was
    reached (its availability, as in information-set MCTS), the values of its playouts."""

    __slots__ = ("available", "node", "total", "visits")

    def __init__(self) -> None:
        self.node = _Node()
        self.visits = 0
        self.available = 0
        self.total = 0.0


class SearchPlayer:
    """Determinized Monte Carlo tree search, with a budget of playouts or seconds per decision.

    Args:
        seed: the seed of the player's own generator (it deals the unseen cards of each
            playout). For a given seed and playout budget the player is deterministic.
        playouts: playouts per decision (default :data:`DEFAULT_PLAYOUTS`); with ``seconds``,
            at most so many.
        seconds: a time budget per decision, in seconds, instead (the player is then no longer
            deterministic: how many playouts fit depends on the machine).
        exploration: the UCT exploration constant (values are in -1..1).
        widening: a node admits ``ceil(visits ** widening)`` moves (progressive widening).

    Raises:
        ValueError: a budget that is not positive, or no budget at all.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int | None = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        exploration: float = 0.7,
        widening: float = 0.5,
    ) -> None:
        if playouts is None and seconds is None:
            raise ValueError("a SearchPlayer needs playouts or seconds")
        if playouts is not None and (type(playouts) is not int or playouts < 1):
            raise ValueError(f"playouts must be a positive int, not {playouts!r:.40}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r:.40}")
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        self.widening = widening

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else ""
        if self.playouts is not None:
            budget = ", ".join(b for b in (f"playouts={self.playouts}", budget) if b)
        return f"SearchPlayer({budget})"

    def choose(self, view: PlayerView) -> Action:
        """The move of ``view``'s seat the search likes best (the root move played out most).

        Raises:
            StateError: the seat has no legal action (it is not to act).
        """
        actions = list(view.legal_actions)
        if not actions:
            raise StateError(f"seat {view.seat} has no legal action to choose")
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while self.playouts is None or done < self.playouts:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            try:
                state = sample_state(view, self._rng)
            except StateError:  # no deal found that keeps a hidden fact: the policy's move
                return min(actions, key=_preference(stand_in(view)))
            self._playout(root, state)
            done += 1
        return max(root.order, key=lambda a: _visits(root, a))

    # ---------------------------------------------------------------- one playout
    def _playout(self, root: _Node, state: GameState) -> None:
        """Walk down the tree from ``root`` on the sampled ``state``, add a move, play the hand
        out and credit every move on the way with the value for the seat that chose it."""
        path: list[tuple[_Node, _Edge, int]] = []
        node: _Node | None = root
        while node is not None and not state.is_hand_over:
            seat = state.current_seat
            assert seat is not None
            menu = list(legal_actions(state))
            if len(menu) == 1:  # forced: no choice to learn, the tree skips it
                state = apply(state, menu[0])
                continue
            action, expanded = self._select(node, state, menu)
            edge = node.children[action]
            path.append((node, edge, seat))
            state = apply(state, action)
            node = None if expanded else edge.node
        state = _rollout(state)
        values = _values(state)
        for node, edge, seat in path:
            value = values[_match_side(state, seat)]
            node.visits += 1
            node.total += value
            edge.visits += 1
            edge.total += value

    def _select(self, node: _Node, state: GameState, menu: list[Action]) -> tuple[Action, bool]:
        """The move to follow from ``node`` among ``menu`` (the moves legal in this deal of
        ``state``), and whether it is new to the tree. Moves are admitted in the rollout
        policy's order of preference, one more as the visits grow; UCT chooses among the moves
        tried that this deal allows, each move's exploration counted over the visits in which
        it was legal."""
        order = node.order
        new = [a for a in menu if a not in order]
        if new:
            new.sort(key=_preference(state))
            order.update(dict.fromkeys(new))
        legal = set(menu)
        tried = [(a, e) for a, e in node.children.items() if a in legal]
        for _, e in tried:
            e.available += 1
        admitted = math.ceil((node.visits + 1) ** self.widening)
        untried = next((a for a in order if a in legal and a not in node.children), None)
        if untried is not None and (len(node.children) < admitted or not tried):
            edge = node.children[untried] = _Edge()
            edge.available = 1
            return untried, True
        c = self.exploration

        def ucb(item: tuple[Action, _Edge]) -> float:
            e = item[1]
            return e.total / e.visits + c * math.sqrt(math.log(e.available) / e.visits)

        return max(tried, key=ucb)[0], False


def _visits(node: _Node, action: Action) -> int:
    edge = node.children.get(action)
    return 0 if edge is None else edge.visits


def _match_side(state: GameState, seat: int) -> int:
    """The index of the match side (in :attr:`Variant.sides <canasta.Variant.sides>` and the
    hand score) ``seat`` plays for."""
    return next(i for i, side in enumerate(state.variant.sides) if seat in side)


def _values(state: GameState) -> list[float]:
    """Each match side's value of the ended hand: its score less the best other side's,
    squashed into -1..1."""
    totals = score_hand(state).totals
    out = []
    for i, mine in enumerate(totals):
        best = max(t for j, t in enumerate(totals) if j != i)
        out.append(math.tanh((mine - best) / _SCALE))
    return out


# -------------------------------------------------------------------- the rollout policy
def _rollout(state: GameState) -> GameState:
    """``state`` played out to the end of the hand, every seat by the rollout policy."""
    while not state.is_hand_over:
        menu = list(legal_actions(state))
        state = apply(state, min(menu, key=_preference(state)) if len(menu) > 1 else menu[0])
    return state


def _preference(state: GameState) -> Callable[[Action], tuple[int, float]]:
    """The rollout policy: a sort key of the moves of the seat to act in ``state``, the move
    it prefers lowest. It plays on the full state of a playout, so it is quick (no view), and
    like :class:`~canasta.bots.GreedyPlayer` it goes out when it can, takes the pile (the more
    cards the better), draws, asks partner, melds what leaves two cards or more in hand (natural
    cards before wild ones; a wild card only on a new meld or to complete a canasta), and
    discards the least useful card: a black three first, a wild card last, before them the
    cards it holds fewest of and whose rank no side has melded, low values first."""
    seat = state.current_seat
    assert seat is not None
    hand = state.hands[seat]
    side = state.side_of(seat)
    mine = {m.rank: len(m.cards) for m in state.melds[side]}
    theirs = {m.rank for i, ms in enumerate(state.melds) if i != side for m in ms}
    canasta = state.variant.canasta_size
    value = state.variant.card_value

    def meld_key(action: MeldCards) -> tuple[int, float]:
        size = sum(len(m.cards) for m in action.melds)
        wilds = sum(1 for m in action.melds for c in m.cards if c.is_wild)
        if size == len(hand):
            return (1, wilds)  # goes out
        for m in action.melds:
            old = mine.get(m.rank)
            if old is not None and any(c.is_wild for c in m.cards):
                if not old < canasta <= old + len(m.cards):
                    return (7, wilds)  # a wild card that neither makes nor completes
        if len(hand) - size < 2:
            return (7, wilds)
        return (5, 2 * wilds - size)

    def discard_key(card: Card) -> float:
        if card.is_black_three:
            return -100.0
        if card.is_wild:
            return 1000.0
        held = hand.count(card)
        return held * 10 + 30 * (card.rank in mine) + 50 * (card.rank in theirs) + value(card) / 10

    def key(action: Action) -> tuple[int, float]:
        if isinstance(action, AnswerPartner):
            return (0, 0.0 if action.yes else 1.0)
        if isinstance(action, DealNextHand):
            return (0, 0.0)
        if isinstance(action, MeldCards):
            return meld_key(action)
        if isinstance(action, TakePile):
            return (2, -len(action.cards) - sum(len(m.cards) for m in action.melds))
        if isinstance(action, (Draw, DeclinePile)):
            return (3, 0.0)
        if isinstance(action, AskPartner):
            return (4, 0.0)
        if isinstance(action, Discard):
            return (6, discard_key(action.card))
        return (8, 0.0)

    return key
