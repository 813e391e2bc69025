"""The fast representation of cards, known here alone: cards by id and counted by kind.

A card's id (0 to 52, :attr:`Card.id`) indexes a hand's count vector (:attr:`Cards.counts`); a
*kind count* vector ``K`` has 16 entries indexed by the card kinds the rules tell apart:
``K[2]`` twos, ``K[3]`` black threes, ``K[4]``..``K[14]`` naturals (the rank's value), ``K[15]``
jokers, and ``K[1]`` red threes. The rules, the menu and the scores ask the named operations
below (a hand's kind counts, its first card of a kind, cards picked or removed, card points)
rather than index those vectors themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Any, TypeVar

import attrs

from . import cards as _cards
from . import state as _state
from .cards import BLACK3 as BLACK3
from .cards import BLACK3_IDS as BLACK3_IDS
from .cards import IDS_OF_KIND as IDS_OF_KIND
from .cards import JOKER_ID, Card, Cards, Rank
from .cards import KIND_OF_ID as KIND_OF_ID
from .cards import RED3 as RED3
from .cards import RED3_IDS as RED3_IDS
from .cards import TWO as TWO
from .melds import Meld
from .variants import Variant

JOKER = _cards.JOKER_KIND
NATURAL_RANKS = tuple(range(4, 15))
#: Every card, by id.
CARDS = tuple(Card.from_id(i) for i in range(53))
#: Every rank, by value (the kind of a natural, a two or a joker is its rank's value).
RANKS = {r.value: r for r in Rank}
kind_counts = _cards.kind_counts

T = TypeVar("T")


# ---------------------------------------------------------------------------- copies
_SLOTS: dict[type, tuple[frozenset[str], tuple[tuple[str, Callable[[Any, Any], None]], ...]]] = {}


def _slots(cls: type) -> tuple[frozenset[str], tuple[tuple[str, Callable[[Any, Any], None]], ...]]:
    """The field names of the attrs class ``cls``, and each with the setter of its slot (worked
    out once). A field its constructor does not take (a derived one, such as
    :attr:`GameState.order <canasta.GameState.order>`) is copied like the others."""
    known = _SLOTS.get(cls)
    if known is None:
        fields = attrs.fields(cls)
        setters = {}
        for klass in reversed(cls.__mro__):
            for name, descriptor in vars(klass).items():
                if hasattr(descriptor, "__set__"):
                    setters[name] = descriptor.__set__
        names = frozenset(a.name for a in fields)
        known = _SLOTS[cls] = (names, tuple((a.name, setters[a.name]) for a in fields))
    return known


def evolve(inst: T, **changes: Any) -> T:
    """``attrs.evolve`` for the engine's own frozen classes (a state, a turn, a hand's end),
    without validation: a copy of ``inst`` with ``changes``, the values trusted. A class's
    ``__attrs_post_init__`` that only checks the values given (the classes of
    :mod:`canasta.state`) is not run again for a copy; so a derived field (the state's
    ``order``) is copied, and a change of what it follows from (the variant, the hand number)
    must give it too.

    Raises:
        TypeError: a change names no field of the class.
    """
    cls = type(inst)
    names, slots = _SLOTS.get(cls) or _slots(cls)
    if not changes.keys() <= names:
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
    new: T = object.__new__(cls)
    for name, put in slots:
        put(new, changes[name] if name in changes else getattr(inst, name))
    return new


def evolver(cls: type[T]) -> Callable[..., T]:
    """The copying function for ``cls``: ``evolver(cls)(inst, **changes)`` is
    ``evolve(inst, **changes)``. For a state and a turn, copied at every move, it is their
    copier written out field by field in :mod:`canasta.state` (faster than the
    loop over the fields of :func:`evolve`); for another class, :func:`evolve` itself."""
    copier: Callable[..., T] | None = _state.COPIERS.get(cls)
    if copier is not None:
        return copier
    _slots(cls)
    return evolve


# ---------------------------------------------------------------------------- kinds
def kind_of(card: Card) -> int:
    """The kind (see the module doc) of a card."""
    return KIND_OF_ID[card.id]


def hand_kinds(hand: Cards) -> tuple[int, ...]:
    """:func:`kind_counts` of a :class:`Cards`, worked out once per object (by the object):
    ``hand_kinds(hand)[kind]`` is how many cards of ``kind`` the hand holds."""
    kinds = hand._kinds
    return hand._kind_counts() if kinds is None else kinds


def hand_first(hand: Cards) -> tuple[int, ...]:
    """For each kind (0 to 15), the id of the first card of a :class:`Cards` of that kind in the
    canonical order of :func:`pick`, else -1; worked out once per object (by the object)."""
    first = hand._first
    return hand._first_ids() if first is None else first


def first_of_kind(hand: Cards, kind: int) -> Card | None:
    """The first card of ``kind`` in ``hand`` in the canonical order of :func:`pick`, or
    ``None`` if it holds none."""
    i = hand._first_ids()[kind]
    return CARDS[i] if i >= 0 else None


def red_threes(hand: Cards) -> int:
    """How many red threes ``hand`` holds."""
    counts = hand.counts
    return counts[5] + counts[6]


def pop_red_three(counts: list[int]) -> Card | None:
    """Take one red three out of the card-count vector ``counts`` (changed in place): the card,
    or ``None`` if it holds none."""
    for i in RED3_IDS:
        if counts[i]:
            counts[i] -= 1
            return CARDS[i]
    return None


def tally(cards: Iterable[Card]) -> list[int]:
    """The card-count vector of ``cards``, a list to change (see :func:`count_in`)."""
    counts = [0] * 53
    for c in cards:
        counts[c.id] += 1
    return counts


def count_in(counts: Sequence[int], card: Card) -> int:
    """How many copies of ``card`` a card-count vector holds."""
    return counts[card.id]


def excess(counts: Sequence[int], pack: Cards) -> Card | None:
    """The first card (by id) of which the card-count vector ``counts`` holds more copies than
    ``pack``, or ``None``."""
    limit = pack.counts
    for i, n in enumerate(counts):
        if n > limit[i]:
            return CARDS[i]
    return None


def missing(counts: Sequence[int], pack: Cards) -> list[Card]:
    """The cards of ``pack`` that the card-count vector ``counts`` lacks, by id."""
    limit = pack.counts
    return [CARDS[i] for i in range(53) for _ in range(limit[i] - counts[i])]


def add(hand: Cards, cards: Iterable[Card]) -> Cards:
    """``hand`` with ``cards`` added, keeping the kind counts worked out for ``hand``."""
    return hand._moved(cards, 1)


def remove(hand: Cards, cards: Iterable[Card]) -> Cards:
    """``hand`` without ``cards`` (which it holds: the rules made sure), keeping the kind counts
    worked out for ``hand``."""
    return hand._moved(cards, -1)


def inherit(old: Cards, new: Cards, touched: Sequence[int]) -> Cards:
    """``new`` (a hand that differs from ``old`` only at the card ids ``touched``) as a hand that
    carries the kind counts of ``old``, updated. Kept for callers that build the counts
    themselves; :func:`add` and :func:`remove` need no ``touched``."""
    return new._carry(old, touched)


def pick(counts: Sequence[int], kind: int, n: int, taken: list[int] | None = None) -> list[Card]:
    """``n`` cards of ``kind`` from ``counts``, canonical suits first. ``taken`` (a mutable
    53-vector) records cards already picked from the same hand in this action."""
    out: list[Card] = []
    if n <= 0:
        return out
    for i in IDS_OF_KIND[kind]:
        avail = counts[i] - (taken[i] if taken is not None else 0)
        while avail > 0 and len(out) < n:
            out.append(CARDS[i])
            avail -= 1
            if taken is not None:
                taken[i] += 1
        if len(out) == n:
            break
    return out


# ---------------------------------------------------------------------------- points, the pile
def card_points(variant: Variant, card: Card) -> int:
    """The value of ``card`` in points under ``variant`` (§1 "Card values")."""
    return variant._values[card.id]


def cards_points(variant: Variant, cards: Iterable[Card]) -> int:
    """The values of ``cards`` in points, added up (§1 "Card values")."""
    values = variant._values
    return sum(values[c.id] for c in cards)


def hand_points(variant: Variant, hand: Cards) -> int:
    """The values of the cards of ``hand`` in points, added up (a red three's is 0: it scores
    apart; §1 "Card values", §3)."""
    values = variant._values
    return sum(values[i] * n for i, n in enumerate(hand.counts) if n)


def meld_stats(meld: Meld) -> tuple[int, int, int]:
    """``(naturals, jokers, twos)`` of a meld (black threes count as naturals of a threes meld).
    Cards of another rank, which a meld on the table never holds, count as naturals."""
    return meld._stats


def kind_value(variant: Variant, kind: int) -> int:
    """The value in points of one card of ``kind``."""
    return variant._values[IDS_OF_KIND[kind][0]]


def composition_problem(variant: Variant, naturals: int, wilds: int) -> str | None:
    """Why a meld of ``naturals`` natural and ``wilds`` wild cards breaks §1 "Meld composition"
    (``"too_few_naturals"``, ``"too_many_wilds"``, ``"meld_too_small"``), or ``None``. The
    wild limit is the meld system's hook (:attr:`canasta.systems.MeldSystem.wild_limit`), worked
    out into a table when the variant is built, so this costs no call of it."""
    if naturals < variant.min_naturals:
        return "too_few_naturals"
    limits = variant._wild_limits
    if wilds > (limits[naturals] if naturals < 128 else variant.wild_limit(naturals)):
        return "too_many_wilds"
    if naturals + wilds < 3:
        return "meld_too_small"
    return None


# ---------------------------------------------------------------------------- for the notation
def freezes_pile(variant: Variant, card: Card) -> bool:
    """Whether ``card`` in the discard pile freezes it: a wild card, a red three, and a black
    three where the variant says so (§1 "Frozen pile", §4 A3)."""
    if card.is_black_three:
        return variant.black_three_discard == "freezes"
    return card.is_wild or card.is_red_three


def surplus(variant: Variant, zones: Iterable[Iterable[Card]]) -> tuple[list[Card], list[Card]]:
    """The cards the ``zones`` hold more copies of than the variant's pack does (one each, by
    card id), and the cards of the pack none of the zones holds (every copy, in pack order)."""
    held = [0] * len(CARDS)
    for zone in zones:
        if isinstance(zone, Cards):
            held = [a + b for a, b in zip(held, zone.counts, strict=True)]
        else:
            for card in zone:
                held[card.id] += 1
    packed = [variant.decks] * JOKER_ID + [variant.jokers]
    over = [CARDS[i] for i, n in enumerate(held) if n > packed[i]]
    return over, [CARDS[i] for i, n in enumerate(packed) for _ in range(n - held[i])]


# ---------------------------------------------------------------------------- for the rules
def first_missing(hand: Cards, cards: Sequence[Card]) -> int:
    """The index in ``cards`` of the first card that ``hand`` does not hold (counting copies:
    a card named twice must be held twice), or -1 when it holds them all."""
    held = list(hand.counts)
    for index, c in enumerate(cards):
        i = c.id
        if held[i] <= 0:
            return index
        held[i] -= 1
    return -1


def lay_out_red_threes(hand: Cards, laid: list[Card], stock: list[Card]) -> Cards:
    """``hand`` after its red threes are laid out onto ``laid``, one by one (3H first), each
    replaced from the top of ``stock`` while it lasts (§2 cases 4, 5); ``hand`` itself when it
    holds none. ``laid`` and ``stock`` are updated."""
    held = hand.counts
    if not held[5] and not held[6]:  # no red three (3H, 3D): the common case
        return hand
    counts = list(held)
    red = pop_red_three(counts)
    while red is not None:
        laid.append(red)
        if stock:
            counts[stock.pop(0).id] += 1
        red = pop_red_three(counts)
    return Cards._from_counts(tuple(counts))


def count_red_threes(cards: Sequence[Card]) -> int:
    """How many red threes ``cards`` (a pile, say) holds."""
    return sum(map(_IS_RED3.__getitem__, map(_CARD_ID, cards)))


_IS_RED3 = tuple(1 if i in RED3_IDS else 0 for i in range(53))
_CARD_ID = attrgetter("id")
