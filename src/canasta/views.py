"""Per-seat views: what one player may know of a state.

Bots and remote clients get a :class:`PlayerView`, never the full :class:`~canasta.GameState`:
the other hands appear only as their sizes, the stock only as its size, and the discard pile
as its top card and size (the pile may not be looked through, §2 case 26).
"""

from __future__ import annotations

import attrs

from .actions import Action
from .cards import Card, Cards
from .errors import StateError
from .legal import legal_actions
from .melds import Meld
from .state import GameState, Phase
from .variants import Variant

__all__ = ["PlayerView", "observe"]


@attrs.frozen(kw_only=True)
class PlayerView:
    """What ``seat`` may know.

    Attributes:
        seat: the viewer's seat.
        side: the viewer's side in this hand (index into ``melds``), ``None`` while he sits
            out.
        variant: the rules.
        hand: the viewer's own hand.
        hand_sizes: every seat's number of cards in hand.
        melds: every side's melds.
        red_threes: every seat's red threes laid out.
        top_card: the discard pile's top card (``None`` if empty).
        pile_size: cards in the discard pile.
        pile_frozen: whether the pile is frozen for the viewer's side.
        pile_blocked: whether a black three on top blocks it.
        stock_size: cards in the stock.
        totals: side totals before the hand (points).
        minimums: each side's initial-meld minimum this hand (points; 0 once the side has
            melded).
        sides: the sides of this hand (seats playing together).
        order: the seats playing this hand, in playing order.
        current_seat: whose turn it is (``None`` when the hand is over).
        phase: the phase of the turn.
        hand_number: the hand of the match.
        legal_actions: the viewer's listed legal actions when he is to act, else ``()``.
        out_of_play: the number of cards of the pack out of play this hand
            (:attr:`GameState.out_of_play <canasta.GameState.out_of_play>`); which cards they
            are is not shown, as for the stock.
    """

    seat: int
    side: int | None
    variant: Variant
    hand: Cards
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    top_card: Card | None
    pile_size: int
    pile_frozen: bool
    pile_blocked: bool
    stock_size: int
    totals: tuple[int, ...]
    minimums: tuple[int, ...]
    current_seat: int | None
    phase: Phase
    hand_number: int
    legal_actions: tuple[Action, ...]
    sides: tuple[tuple[int, ...], ...] = ()
    order: tuple[int, ...] = ()
    out_of_play: int = 0

    def _repr_svg_(self) -> str:
        """The table as the viewer may see it, as an SVG picture, for Jupyter (see
        :func:`canasta.svg.render_svg`)."""
        from .svg import render_svg

        return render_svg(self)


def observe(state: GameState, seat: int) -> PlayerView:
    """The view of ``state`` from ``seat``.

    Raises:
        StateError: ``state`` is not a :class:`~canasta.GameState`, or ``seat`` does not exist
            (a :class:`ValueError`).
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    n = state.variant.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise StateError(f"seat must be from 0 to {n - 1}, not {seat!r}")
    side = state.side_of(seat) if seat in state.order else None
    to_act = state.current_seat == seat
    return PlayerView(
        seat=seat,
        side=side,
        variant=state.variant,
        hand=state.hands[seat],
        hand_sizes=tuple(h.size for h in state.hands),
        melds=state.melds,
        red_threes=state.red_threes,
        top_card=state.top_card,
        pile_size=len(state.discard_pile),
        pile_frozen=state.pile_frozen if side is None else state.pile_frozen_for(side),
        pile_blocked=state.pile_blocked,
        stock_size=len(state.stock),
        totals=state.totals,
        minimums=tuple(
            0 if state.melds[i] else state.minimum_for_side(i) for i in range(len(state.melds))
        ),
        current_seat=state.current_seat,
        phase=state.phase,
        hand_number=state.hand_number,
        legal_actions=tuple(legal_actions(state)) if to_act else (),
        sides=state.sides,
        order=state.order,
        out_of_play=len(state.out_of_play),
    )
