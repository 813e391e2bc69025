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
  going out stays possible after them (the engine refuses any meld that makes it impossible);
  for a side that has not melded, its initial compounds after which going out stays possible,
  and the whole going outs. From a hand of more than 20 cards (which only a built position
  holds) only the whole going outs are listed: their number is counted, not searched for, and
  they reach every outcome of the turn, which ends with the player out.

Any other legal action, listed or not, is accepted by :func:`canasta.apply` and found by ``in``.

The minimal compounds and the whole going outs of a big hand can be very many (every way to share
the wild cards among the ranks is another going out: hundreds of millions for a hand of a hundred
cards). Such runs of the menu are counted, not listed, and an entry is worked out from its index,
so ``len()`` and indexing cost time polynomial in the hand (see the performance page of the docs
for the worst case); iteration builds the actions one at a time. :func:`canasta.check`,
:func:`canasta.is_legal` and ``in`` never list the menu.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ._judge import judge
from ._menu import LazyMenu, _generate, _make, _Pending
from ._plans import melds_info
from ._plans import side_info as _side_info
from .actions import Action
from .errors import IllegalActionError, StateError
from .state import GameState

__all__ = ["LegalActions", "legal_actions"]

# Internal helpers importable from here, which tests compare with the facts worked out afresh.
_REEXPORTED = (_side_info, melds_info)


class LegalActions(Sequence[Action]):
    """The legal actions of a state: a lazy, ordered, duplicate-free sequence.

    ``len()``, indexing and iteration list the canonical menu; ``in`` accepts *any* legal action,
    listed or not (it asks :func:`canasta.is_legal`). Computing the list never changes the state.
    The menu is worked out on the first ``len()``, index or iteration; a listed new meld becomes
    an action object only when it is indexed or iterated over (a random playout that picks one
    entry by index builds one object).

    A menu can be very long for a big hand of a side that has not melded (every way to go out
    concealed is listed): such runs of entries are counted, not listed, so ``len()`` and indexing
    cost time polynomial in the hand, and iteration yields the actions one by one.

    Two menus are equal when they list the same actions in the same order, whatever states
    they came from; a menu is not equal to a list or tuple of the same actions (as a tuple is
    not equal to a list): compare ``tuple(menu)``. Menus are hashable, consistently with that
    equality (``hash(menu) == hash(tuple(menu))``; hashing iterates over the whole menu once).
    """

    __slots__ = ("_hash", "_items", "_state")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._items: list[Action | _Pending] | LazyMenu | None = None
        self._hash: int | None = None

    def _entries(self) -> list[Action | _Pending] | LazyMenu:
        items = self._items
        if items is None:
            items = self._items = _generate(self._state)
        return items

    def _list(self) -> list[Action | _Pending]:
        items = self._entries()
        if isinstance(items, LazyMenu):
            return list(items)
        for i, a in enumerate(items):
            if type(a) is tuple:
                items[i] = _make(a)
        return items

    def __iter__(self) -> Iterator[Action]:
        items = self._entries()
        if isinstance(items, LazyMenu):
            return iter(items)
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
        items = self._items
        if items is None:
            items = self._items = _generate(self._state)
        if isinstance(index, slice):
            if isinstance(items, LazyMenu):
                return tuple(items[i] for i in range(*index.indices(len(items))))
            return tuple(self._list()[index])  # type: ignore[arg-type]
        a = items[index]
        if type(a) is tuple:
            a = items[index] = _make(a)  # type: ignore[index]
        return a  # type: ignore[return-value]

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is legal for the seat to act, listed or not, in any form
        :func:`canasta.check` takes (a value, its notation, its JSON text or mapping): the
        verdict of :func:`canasta.is_legal`, never by listing the menu."""
        return not isinstance(judge(self._state, action, None), IllegalActionError)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        if other is self or other._state is self._state:
            return True
        if len(self) != len(other):
            return False
        return all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash(tuple(self))
        return h

    def __repr__(self) -> str:
        n = len(self)
        if n > _REPR_AT_MOST:
            shown = ", ".join(str(self[i]) for i in range(_REPR_AT_MOST))
            return f"<LegalActions [{shown}, ...] ({n} actions)>"
        return "<LegalActions [" + ", ".join(str(a) for a in self._list()) + "]>"


#: A longer menu's repr shows its first entries and its length.
_REPR_AT_MOST = 1000


def legal_actions(state: GameState) -> LegalActions:
    """The legal actions of the seat to act (see the module documentation for what is listed).

    The order is deterministic: by action type, then canonically by cards. Empty only when the
    match is over (or a hand is over in a match without a seed, where :class:`DealNextHand` must
    bring a deck).
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    return LegalActions(state)
