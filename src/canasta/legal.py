"""The legal-move menu.

:func:`legal_actions` lists a complete, canonical, duplicate-free menu of the actions of the seat
to act. Cards the rules cannot tell apart (same rank; a joker and a two are different kinds) are
listed once, with canonical suits; :func:`canasta.apply` accepts any physical cards of the kind.

*Complete* means every legal outcome of a turn can be reached through listed actions. Some
compound actions are folded into sequences of smaller listed ones, which reach the same table:

* once the side has melded, :class:`~canasta.MeldCards` is listed one card at a time for additions
  (one natural, one joker or one two onto a meld) and as three-card new melds; larger melds are
  reached by following additions in the same turn;
* a side's initial meld is listed as its *minimal* compounds: sets of new melds that reach the
  minimum and from which no card or meld can be left out without falling below it; any larger
  opening is reached by melding the rest afterwards, with no minimum;
* taking the pile is listed with the fewest hand cards that take it (for an unmelded side, the
  minimal compounds with the top card);
* going out without a discard is listed whole (every way to meld the entire hand) when the
  hand holds at most three cards; from a larger hand it is reached by single melds down to two or
  three cards first (new melds' first three cards, then additions, naturals before wild cards),
  and every state on that way is legal because the player keeps at least two cards;
* black threes are melded only in the going-out action: with three or four of them in hand,
  the going-out actions (all cards, or all but the one to discard) are listed whole once the
  hand holds at most three other cards;
* a concealed going out from a stock draw with no minimum must be done in one action, so it is
  listed whole (every way to meld the hand, or all of it but the card to discard);
* after partner's "yes" the player may still meld step by step: single melds are listed when
  going out stays possible after them (the engine refuses any meld that makes it impossible).

Any other legal action, listed or not, is accepted by :func:`canasta.apply` and found by ``in``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ._menu import (
    _generate,
    _make,
    _Pending,
    _side_info,
    can_go_out,
    forced_take,
    go_out_melds,
    going_out_feasible,
    initial_compounds,
    melds_info,
    take_options,
)
from .actions import Action
from .engine import is_legal
from .state import GameState

__all__ = ["LegalActions", "legal_actions"]

# Helpers that lived here before the menu moved to canasta._menu: still importable from here.
_REEXPORTED = (
    _side_info,
    can_go_out,
    forced_take,
    go_out_melds,
    going_out_feasible,
    initial_compounds,
    melds_info,
    take_options,
)


class LegalActions(Sequence[Action]):
    """The legal actions of a state: a lazy, ordered, duplicate-free sequence.

    ``len()``, indexing and iteration list the canonical menu; ``in`` accepts *any* legal action,
    listed or not (it asks :func:`canasta.is_legal`). Computing the list never changes the state.
    The menu is worked out on the first ``len()``, index or iteration; a listed new meld becomes
    an action object only when it is indexed or iterated over (a random playout that picks one
    entry by index builds one object).
    """

    __slots__ = ("_items", "_state")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._items: list[Action | _Pending] | None = None

    def _entries(self) -> list[Action | _Pending]:
        items = self._items
        if items is None:
            items = self._items = _generate(self._state)
        return items

    def _list(self) -> list[Action | _Pending]:
        items = self._entries()
        for i, a in enumerate(items):
            if type(a) is tuple:
                items[i] = _make(a)
        return items

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())  # type: ignore[arg-type]

    def __len__(self) -> int:
        items = self._items
        if items is None:
            items = self._items = _generate(self._state)
        return len(items)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self._list()[index])  # type: ignore[arg-type]
        items = self._items
        if items is None:
            items = self._items = _generate(self._state)
        a = items[index]
        if type(a) is tuple:
            a = items[index] = _make(a)
        return a  # type: ignore[return-value]

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is legal for the seat to act, listed or not, in any form
        :func:`canasta.check` takes (a value, its notation, its JSON text or mapping): the
        verdict of :func:`canasta.is_legal`, never by listing the menu."""
        return is_legal(self._state, action)

    def __bool__(self) -> bool:
        return bool(self._entries())

    def __repr__(self) -> str:
        return "<LegalActions [" + ", ".join(str(a) for a in self._list()) + "]>"


def legal_actions(state: GameState) -> LegalActions:
    """The legal actions of the seat to act (see the module documentation for what is listed).

    The order is deterministic: by action type, then canonically by cards. Empty only when the
    match is over (or a hand is over in a match without a seed, where :class:`DealNextHand` must
    bring a deck).
    """
    if not isinstance(state, GameState):
        from .errors import StateError

        raise StateError(f"not a GameState: {type(state).__name__}")
    return LegalActions(state)
