"""Low-level helpers shared by the rules and the move generator: cards counted by kind.

A *kind count* vector ``K`` has 16 entries indexed by rank value: ``K[2]`` twos, ``K[3]`` black
threes, ``K[4]``..``K[14]`` naturals, ``K[15]`` jokers, and ``K[1]`` red threes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, TypeVar

import attrs

from .cards import JOKER_ID, Card, Cards, Rank, _set_first, _set_kinds
from .melds import Meld
from .variants import Variant

RED3 = 1
TWO = 2
BLACK3 = 3
JOKER = 15
NATURAL_RANKS = tuple(range(4, 15))
RED3_IDS = (5, 6)
BLACK3_IDS = (4, 7)
CARDS = tuple(Card.from_id(i) for i in range(53))
RANKS = {r.value: r for r in Rank}


_EVOLVERS: dict[type, Callable[..., Any]] = {}
_MISSING = object()

T = TypeVar("T")


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot ``name`` of a slotted class ``cls``."""
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None:
            setter: Callable[[Any, Any], None] = descriptor.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no slot {name!r}")  # pragma: no cover


def _evolver(cls: type) -> Callable[..., Any]:
    """A copying function for ``cls`` with one keyword parameter per field (generated once)."""
    fields = attrs.fields(cls)
    # a post-init hook that only checks the given values may be skipped: copies are trusted
    checks_only = getattr(cls, "_post_init_checks_only", False)
    if (hasattr(cls, "__attrs_post_init__") and not checks_only) or any(not a.init for a in fields):
        raise TypeError(f"evolve copies plain attrs classes only, not {cls.__name__}")
    names = [a.name for a in fields]
    lines = [f"def evolve(inst, {', '.join(f'{n}=_M' for n in names)}):", "    new = _new(_cls)"]
    # The slots' own setters: cheaper than object.__setattr__, and they pass by the frozen
    # class's __setattr__ all the same.
    lines += [f"    _set_{n}(new, inst.{n} if {n} is _M else {n})" for n in names]
    lines.append("    return new")
    scope: dict[str, Any] = {"_M": _MISSING, "_new": object.__new__, "_cls": cls}
    for n in names:
        scope[f"_set_{n}"] = _slot_setter(cls, n)
    exec("\n".join(lines), scope)  # the code is built from the class's own field names
    fn: Callable[..., Any] = scope["evolve"]
    _EVOLVERS[cls] = fn
    return fn


def evolver(cls: type[T]) -> Callable[..., T]:
    """The copying function :func:`evolve` uses for ``cls``: ``evolver(cls)(inst, **changes)``
    is ``evolve(inst, **changes)`` without the lookup."""
    fn = _EVOLVERS.get(cls)
    if fn is None:
        fn = _evolver(cls)
    return fn


def evolve(inst: T, **changes: Any) -> T:
    """``attrs.evolve`` for the engine's own frozen classes, without validation: a copy of
    ``inst`` with ``changes`` (several times faster; the values are trusted)."""
    fn = _EVOLVERS.get(type(inst))
    if fn is None:
        fn = _evolver(type(inst))
    new: T = fn(inst, **changes)
    return new


def kind_of_id(card_id: int) -> int:
    """The kind index (see module doc) of a card id."""
    if card_id == JOKER_ID:
        return JOKER
    rank = card_id // 4 + 2
    if rank == 3:
        return RED3 if card_id in RED3_IDS else BLACK3
    return rank


KIND_OF_ID = tuple(kind_of_id(i) for i in range(53))


def kind_counts(counts: Sequence[int]) -> list[int]:
    """Kind counts of a 53-entry card-count vector."""
    k = [0] * 16
    for r in range(4, 15):
        b = (r - 2) * 4
        k[r] = counts[b] + counts[b + 1] + counts[b + 2] + counts[b + 3]
    k[2] = counts[0] + counts[1] + counts[2] + counts[3]
    k[3] = counts[4] + counts[7]
    k[1] = counts[5] + counts[6]
    k[15] = counts[52]
    return k


def hand_kinds(cards: Cards) -> tuple[int, ...]:
    """:func:`kind_counts` of a :class:`Cards`, worked out once per object (do not mutate)."""
    k = cards._kinds
    if k is None:
        k = tuple(kind_counts(cards.counts))
        object.__setattr__(cards, "_kinds", k)
    return k


def hand_first(cards: Cards) -> tuple[int, ...]:
    """For each kind (0 to 15), the id of the first card of ``cards`` of that kind in the
    canonical order of :func:`pick`, else -1; worked out once per object."""
    first = cards._first
    if first is None:
        counts = cards.counts
        k = hand_kinds(cards)
        out = [-1] * 16
        for kind in range(1, 16):
            if k[kind]:
                for i in IDS_OF_KIND[kind]:
                    if counts[i]:
                        out[kind] = i
                        break
        first = tuple(out)
        object.__setattr__(cards, "_first", first)
    return first


def inherit(old: Cards, new: Cards, touched: Sequence[int]) -> Cards:
    """Give ``new`` (a hand that differs from ``old`` only at the card ids ``touched``) the kind
    counts and first cards of ``old``, updated, if ``old`` has them worked out. Returns ``new``."""
    old_kinds = old._kinds
    if old_kinds is None:
        return new
    before = old.counts
    after = new.counts
    kinds = list(old_kinds)
    changed = set()
    for i in touched if len(touched) == 1 else set(touched):
        d = after[i] - before[i]
        if d:
            kind = KIND_OF_ID[i]
            kinds[kind] += d
            changed.add(kind)
    _set_kinds(new, tuple(kinds))
    old_first = old._first
    if old_first is not None:
        first = list(old_first)
        for kind in changed:
            first[kind] = -1
            if kinds[kind]:
                for i in IDS_OF_KIND[kind]:
                    if after[i]:
                        first[kind] = i
                        break
        _set_first(new, tuple(first))
    return new


def ids_of_kind(kind: int) -> tuple[int, ...]:
    """Card ids of a kind, in the canonical order representatives are picked."""
    if kind == JOKER:
        return (JOKER_ID,)
    if kind == RED3:
        return RED3_IDS
    if kind == BLACK3:
        return BLACK3_IDS
    b = (kind - 2) * 4
    return (b, b + 1, b + 2, b + 3)


IDS_OF_KIND = tuple(ids_of_kind(k) if k else () for k in range(16))


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


def meld_stats(meld: Meld) -> tuple[int, int, int]:
    """``(naturals, jokers, twos)`` of a meld (black threes count as naturals of a threes meld).
    Cards of another rank, which a meld on the table never holds, count as naturals."""
    return meld._stats


def kind_value(variant: Variant, kind: int) -> int:
    """The value in points of one card of ``kind``."""
    return variant._values[IDS_OF_KIND[kind][0]]


def composition_problem(variant: Variant, naturals: int, wilds: int) -> str | None:
    """Why a meld of ``naturals`` natural and ``wilds`` wild cards breaks §1 "Meld composition"
    (``"too_few_naturals"``, ``"too_many_wilds"``, ``"meld_too_small"``), or ``None``."""
    if naturals < variant.min_naturals:
        return "too_few_naturals"
    limits = variant._wild_limits
    if wilds > (limits[naturals] if naturals < 128 else variant.wild_limit(naturals)):
        return "too_many_wilds"
    if naturals + wilds < 3:
        return "meld_too_small"
    return None


# ---------------------------------------------------------------------------- hands as values
# The rules' apply code builds each new hand with these: the new hand keeps what is known of the
# old one (its kind counts and first cards), so no rule passes card ids around for it.
def add(hand: Cards, cards: Sequence[Card]) -> Cards:
    """``hand`` with ``cards`` added, keeping the kind counts worked out for ``hand``."""
    counts = list(hand.counts)
    touched = []
    for c in cards:
        i = c.id
        counts[i] += 1
        touched.append(i)
    return inherit(hand, Cards._from_counts(tuple(counts), hand.size + len(cards)), touched)


def remove(hand: Cards, cards: Sequence[Card]) -> Cards:
    """``hand`` without ``cards`` (which it holds: the rules made sure, see
    :func:`first_missing`), keeping the kind counts worked out for ``hand``."""
    counts = list(hand.counts)
    touched = []
    for c in cards:
        i = c.id
        counts[i] -= 1
        touched.append(i)
    return inherit(hand, Cards._from_counts(tuple(counts), hand.size - len(cards)), touched)


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
    counts = hand.counts
    if not (counts[5] or counts[6]):
        return hand
    held = list(counts)
    while held[5] or held[6]:
        i = 5 if held[5] else 6
        held[i] -= 1
        laid.append(CARDS[i])
        if stock:
            held[stock.pop(0).id] += 1
    return Cards._from_counts(tuple(held))


def hand_points(variant: Variant, hand: Cards) -> int:
    """The values of the cards of ``hand`` in points, added up (red threes aside)."""
    kinds = hand_kinds(hand)
    return sum(kinds[kind] * kind_value(variant, kind) for kind in range(2, 16))


def count_red_threes(cards: Sequence[Card]) -> int:
    """How many red threes ``cards`` (a pile, say) holds."""
    return sum(map(_IS_RED3.__getitem__, map(_CARD_ID, cards)))


_IS_RED3 = tuple(1 if i in RED3_IDS else 0 for i in range(53))
_CARD_ID = attrgetter("id")
