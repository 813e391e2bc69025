"""A search player: determinized Monte Carlo search over the engine.

:class:`SearchPlayer` sees only its seat's :class:`~canasta.PlayerView`, like every player. To
judge its moves it deals the cards it cannot see at random, consistently with the view
(:func:`canasta.sampling.sample_state`; it never looks at the real state), and plays each
candidate move out on that deal with a quick rollout policy, every seat's moves the policy's,
for one round (a turn of every player: :data:`DEFAULT_HORIZON`). A playout is worth its side's
points less the best other side's: what their hand scores would be were the hand to end then
(the melded cards and canasta bonuses less the cards in hand, §3), or the hand's score
(:func:`canasta.score_hand`) if it ends. Every candidate is played out on the same deals, so the
luck of the deal drops out of their comparison; a short horizon keeps one move from changing
everything after it (played out to the end of the hand, the values of two moves on the same deal
differ by 400 to 800 points from deal to deal, against 50 to 200 in one round).

The candidates are the rollout policy's favourite moves (:data:`DEFAULT_CANDIDATES` of them: a
menu can be large); the budget of playouts is spent by sequential halving: a round of deals for
all of them, then more deals for the better half, until one is left. Ties go to the move the
policy prefers, so with one playout a move the player plays the policy's move.

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
from collections.abc import Callable, Sequence

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
from .errors import IllegalActionError, StateError
from .legal import legal_actions
from .sampling import sample_state
from .scoring import score_hand
from .state import GameState, Phase
from .views import PlayerView, stand_in

__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_PLAYOUTS", "SearchPlayer"]

#: Playouts per decision of a :class:`SearchPlayer` without a budget of its own.
DEFAULT_PLAYOUTS = 32
#: How many of the rollout policy's favourite moves a :class:`SearchPlayer` compares.
DEFAULT_CANDIDATES = 4
#: How many rounds (a turn of every player) a :class:`SearchPlayer` plays out after its move
#: (``None``: to the end of the hand).
DEFAULT_HORIZON: int | None = 1


class SearchPlayer:
    """Determinized Monte Carlo search, with a budget of playouts or seconds per decision.

    Args:
        seed: the seed of the player's own generator (it deals the unseen cards). For a given
            seed and playout budget the player is deterministic.
        playouts: playouts per decision (default :data:`DEFAULT_PLAYOUTS`), one per candidate
            and deal; with ``seconds``, at most so many.
        seconds: a time budget per decision, in seconds, instead (the player is then no longer
            deterministic: how many playouts fit depends on the machine).
        candidates: how many of the rollout policy's favourite moves to compare (default
            :data:`DEFAULT_CANDIDATES`).
        horizon: how many rounds to play out after a move (default :data:`DEFAULT_HORIZON`),
            or ``None``: to the end of the hand.

    Raises:
        ValueError: a budget, a number of candidates or a horizon that is not positive (or
            seconds not finite), or no budget.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int | None = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        candidates: int = DEFAULT_CANDIDATES,
        horizon: int | None = DEFAULT_HORIZON,
    ) -> None:
        if playouts is None and seconds is None:
            raise ValueError("a SearchPlayer needs playouts or seconds")
        if playouts is not None and (type(playouts) is not int or playouts < 1):
            raise ValueError(f"playouts must be a positive int, not {playouts!r:.40}")
        if seconds is not None and not 0 < seconds < math.inf:
            raise ValueError(f"seconds must be positive and finite, not {seconds!r:.40}")
        if type(candidates) is not int or candidates < 1:
            raise ValueError(f"candidates must be a positive int, not {candidates!r:.40}")
        if horizon is not None and (type(horizon) is not int or horizon < 1):
            raise ValueError(f"horizon must be a positive int or None, not {horizon!r:.40}")
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.candidates = candidates
        self.horizon = horizon

    def __repr__(self) -> str:
        budget = [f"playouts={self.playouts}"] if self.playouts is not None else []
        budget += [f"seconds={self.seconds}"] if self.seconds is not None else []
        rest = f"candidates={self.candidates}, horizon={self.horizon}"
        return f"SearchPlayer({', '.join([*budget, rest])})"

    def choose(self, view: PlayerView) -> Action:
        """The candidate move of ``view``'s seat with the best mean playout value.

        Raises:
            StateError: the seat has no legal action (it is not to act).
        """
        actions = list(menu_of(view))
        width = min(self.candidates, self.playouts or self.candidates)  # one playout each
        alive = sorted(actions, key=_preference(stand_in(view)))[:width]
        if len(alive) == 1:
            return alive[0]
        totals = dict.fromkeys(alive, 0.0)
        rounds = math.ceil(math.log2(len(alive)))
        left = self.playouts
        start = time.perf_counter()
        for r in range(rounds):
            # this round's share of what is left of the budget: deals for every candidate
            deals = None if left is None else max(1, left // ((rounds - r) * len(alive)))
            deadline = None
            if self.seconds is not None:
                deadline = start + self.seconds * (r + 1) / rounds
            dealt = 0
            while deals is None or dealt < deals:
                if deadline is not None and dealt and time.perf_counter() >= deadline:
                    break
                dealt += 1
                try:
                    state = sample_state(view, self._rng)
                except StateError:  # no deal keeps a hidden fact: the best move so far
                    return max(alive, key=lambda a: totals[a])
                try:
                    values = [_playout(state, a, view.seat, self.horizon) for a in alive]
                except IllegalActionError:
                    continue  # a move the view cannot judge for sure (stand_in) is illegal here
                for a, value in zip(alive, values, strict=True):
                    totals[a] += value
                if left is not None:
                    left -= len(alive)
            # the better half goes on; a tie goes to the move the policy prefers
            alive = sorted(alive, key=lambda a: -totals[a])[: math.ceil(len(alive) / 2)]
        return alive[0]


def _playout(state: GameState, action: Action, seat: int, horizon: int | None) -> float:
    """The value for ``seat`` of ``action`` on the deal ``state``, played out for ``horizon``
    rounds or to the end of the hand (``None``): its side's points less the best other
    side's (:func:`_points`)."""
    turns = None if horizon is None else horizon * len(state.order)
    points = _points(_rollout(apply(state, action), turns))
    mine = next(i for i, side in enumerate(state.variant.sides) if seat in side)
    return points[mine] - max(p for i, p in enumerate(points) if i != mine)


def _points(state: GameState) -> list[int]:
    """Each match side's points: the hand's score once it is over, else what its score would be
    were the hand to end now, no side going out: its melded cards and canasta bonuses less the
    cards in its hands (§3)."""
    if state.is_hand_over:
        return list(score_hand(state).totals)
    v = state.variant
    out = []
    for members in v.sides:
        playing = [s for s in members if s in state.order]
        side = state.side_of(playing[0])
        points = -sum(v.card_value(c) for s in playing for c in state.hands[s])
        for m in state.melds[side]:
            points += sum(v.card_value(c) for c in m.cards)
            if len(m.cards) >= v.canasta_size:
                points += v.canasta_class(m)[1]
        out.append(points)
    return out


def menu_of(view: PlayerView) -> Sequence[Action]:
    """The legal actions of ``view``'s seat, for a player to choose from.

    Raises:
        StateError: the seat has none (it is not to act).
    """
    if not view.legal_actions:
        raise StateError(f"seat {view.seat} has no legal action to choose")
    return view.legal_actions


def meld_size(action: MeldCards) -> int:
    """The cards ``action`` lays on the table."""
    return sum(len(m.cards) for m in action.melds)


def meld_wilds(action: MeldCards) -> int:
    """The wild cards ``action`` lays on the table."""
    return sum(1 for m in action.melds for c in m.cards if c.is_wild)


# -------------------------------------------------------------------- the rollout policy
def _rollout(state: GameState, turns: int | None = None) -> GameState:
    """``state`` played out by the rollout policy until ``turns`` more turns have been played,
    or to the end of the hand (``None``)."""
    begun = 0
    while not state.is_hand_over:
        if state.phase is Phase.DRAW:
            begun += 1
            if turns is not None and begun > turns:
                break
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
        size, wilds = meld_size(action), meld_wilds(action)
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
