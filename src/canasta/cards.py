"""Cards, their notation, and an immutable multiset of cards.

Notation (both ways): a card is its rank then its suit, ``KH`` is the king of hearts.
Ranks ``A K Q J T 9 8 7 6 5 4 3 2`` (``10`` is accepted for ``T``), suits ``S H D C``
(``♠ ♥ ♦ ♣`` accepted), the joker is ``JK``. Parsing is case-insensitive.

Canasta packs hold several identical copies of a card (two 52-card decks and four jokers),
so a :class:`Card` names a card *kind*; a hand is a :class:`Cards` multiset.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar

import attrs

from .errors import NotationError
from .limits import MAX_ACTION_TEXT, MAX_CARDS, excerpt

__all__ = ["JOKER", "Card", "Cards", "Rank", "Suit", "make_pack"]

_E = TypeVar("_E", bound=enum.IntEnum)


class Suit(enum.IntEnum):
    """A suit. Hearts and diamonds are red, spades and clubs black."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """The one-letter notation: ``S H D C``."""
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(enum.IntEnum):
    """A rank. ``JOKER`` is a rank of its own (it has no suit)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """The notation: ``2 3 4 5 6 7 8 9 T J Q K A`` and ``JK``."""
        return _RANK_SYMBOLS[self]

    @property
    def is_natural(self) -> bool:
        """Natural ranks are four to ace: the ranks a meld is made of (§1 "Meld composition")."""
        return Rank.FOUR <= self <= Rank.ACE

    @property
    def is_wild(self) -> bool:
        """Jokers and twos are wild (§0.1)."""
        return self in (Rank.JOKER, Rank.TWO)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank symbol (``A``, ``K``, ``10`` or ``T``, ``JK``...).

        Raises:
            NotationError: the text is not a rank.
        """
        if not isinstance(text, str):
            raise NotationError(f"a rank must be given as text, not {text!r}", repr(text))
        key = text.strip().upper() if len(text) <= 40 else ""
        if key in _RANK_BY_SYMBOL:
            return _RANK_BY_SYMBOL[key]
        raise NotationError(f"not a rank: {excerpt(text)}", text)


#: Each rank's symbol: one character from the two to the ace, then the joker's ``JK``.
_RANK_SYMBOLS: dict[Rank, str] = dict(zip(Rank, [*"23456789TJQKA", "JK"], strict=True))
_RANK_BY_SYMBOL = {v: k for k, v in _RANK_SYMBOLS.items()}
_RANK_BY_SYMBOL |= {"10": Rank.TEN, "JOKER": Rank.JOKER, "*": Rank.JOKER}
#: The suits by their letters (``S H D C``) and their black and white symbols.
_SUIT_BY_SYMBOL = {
    symbol: suit for row in ("SHDC", "♠♥♦♣", "♤♡♢♧") for symbol, suit in zip(row, Suit, strict=True)
}

#: Number of card kinds: 52 suited cards and the joker. Card ids run from 0 to 52.
N_KINDS = 53
JOKER_ID = 52


def _enum_value(kind: type[_E], value: Any) -> _E:
    if isinstance(value, kind):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return kind(value)
        except ValueError:
            pass
    raise NotationError(f"not a {kind.__name__.lower()}: {value!r}", repr(value))


def _to_rank(value: Any) -> Rank:
    return _enum_value(Rank, value)


def _to_suit(value: Any) -> Suit | None:
    return None if value is None else _enum_value(Suit, value)


def _card_id(rank: Rank, suit: Suit | None) -> int:
    if rank is Rank.JOKER:
        return JOKER_ID
    assert suit is not None
    return (rank - 2) * 4 + suit


@attrs.frozen(order=False)
class Card:
    """One playing card: a rank and a suit, or the joker (whose suit is ``None``).

    Cards compare equal by value; ``sorted()`` orders them the way a hand is shown:
    jokers, twos, aces, kings ... fours, threes.

    >>> Card.parse("KH")
    Card.parse('KH')
    >>> str(Card.parse("10♠")), str(Card.parse("jk"))
    ('TS', 'JK')

    A :class:`Card` whose fields were set around its constructor (``object.__setattr__``) is the
    caller's bug: the library neither detects nor defines what it then does.
    """

    rank: Rank = attrs.field(converter=_to_rank)
    suit: Suit | None = attrs.field(default=None, converter=_to_suit)

    #: A dense index of the card kind, 0 to 52 (the joker is 52).
    id: int = attrs.field(init=False, eq=False, repr=False)

    _BY_ID: ClassVar[tuple[Card, ...]]

    def __attrs_post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise NotationError("the joker has no suit; every other card has one")
        object.__setattr__(self, "id", _card_id(self.rank, self.suit))

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with the given :attr:`id` (0 to 52).

        Raises:
            NotationError: not an int from 0 to 52.
        """
        if isinstance(card_id, bool) or not isinstance(card_id, int) or not 0 <= card_id < N_KINDS:
            raise NotationError(f"a card id is an int from 0 to 52, not {card_id!r}", repr(card_id))
        return cls._BY_ID[card_id]

    @property
    def is_wild(self) -> bool:
        """Jokers and twos are wild cards."""
        i = self.id
        return i < 4 or i == 52  # ids: twos 0-3, the joker 52

    @property
    def is_natural(self) -> bool:
        """Fours to aces are natural cards (threes are neither natural nor wild)."""
        return 8 <= self.id < 52  # ids: fours 8-11 ... aces 48-51

    @property
    def is_red_three(self) -> bool:
        i = self.id
        return i == 5 or i == 6  # 3♥, 3♦

    @property
    def is_black_three(self) -> bool:
        i = self.id
        return i == 4 or i == 7  # 3♠, 3♣

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card in notation (``KH``, ``10S``, ``T♠``, ``JK``), case-insensitive.

        Raises:
            NotationError: the text is not a card; the message quotes it.
        """
        if not isinstance(text, str):
            raise NotationError(f"a card must be given as text, not {type(text).__name__}")
        stripped = text.strip() if len(text) <= 40 else ""
        key = stripped.upper()
        card = _CARD_BY_TEXT.get(key) if len(key) == len(stripped) and len(key) <= 6 else None
        if card is not None and not all(c.isascii() or c in _SYMBOL_CHARS for c in stripped):
            card = None
        if card is None:
            raise NotationError(f"not a card: {excerpt(text)} (write e.g. KH, 10S, T♠, JK)", text)
        return card

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return _SORT_KEY[self.id] < _SORT_KEY[other.id]


def _display_key(card_id: int) -> tuple[int, int]:
    if card_id == JOKER_ID:
        return (0, 0)
    rank = card_id // 4 + 2
    suit = card_id % 4
    if rank == 2:
        return (1, suit)
    if rank == 3:
        return (100, suit)
    return (2 + (14 - rank), suit)


Card._BY_ID = tuple(
    Card(Rank.JOKER) if i == JOKER_ID else Card(Rank(i // 4 + 2), Suit(i % 4))
    for i in range(N_KINDS)
)
_SORT_KEY = tuple(_display_key(i) for i in range(N_KINDS))


def display_key(card: Card) -> tuple[int, int]:
    """The key that sorts cards the way a hand is shown (``sorted(cards, key=display_key)``
    orders as ``sorted(cards)``, faster)."""
    return _SORT_KEY[card.id]


#: Card ids in the order a hand is shown.
DISPLAY_ORDER = tuple(sorted(range(N_KINDS), key=_display_key))
#: Every card by its notation in capitals (each rank symbol with each suit symbol).
_CARD_BY_TEXT: dict[str, Card] = {
    rs + ss: Card._BY_ID[_card_id(rank, suit)]
    for rs, rank in _RANK_BY_SYMBOL.items()
    if rank is not Rank.JOKER
    for ss, suit in _SUIT_BY_SYMBOL.items()
}
_CARD_BY_TEXT |= dict.fromkeys(("JK", "JOKER", "*", "🃏"), Card._BY_ID[JOKER_ID])

#: The joker.
JOKER = Card._BY_ID[JOKER_ID]
_SYMBOL_CHARS = frozenset("♠♥♦♣♤♡♢♧🃏")


# Kinds: the card kinds the rules tell apart (suits matter only for the threes). A *kind count*
# vector has 16 entries indexed by kind: [1] red threes, [2] twos, [3] black threes, [4]..[14]
# the naturals fours to aces (the rank's value), [15] jokers; [0] is unused.
RED3 = 1
TWO = 2
BLACK3 = 3
JOKER_KIND = 15
RED3_IDS = (5, 6)  # 3H, 3D
BLACK3_IDS = (4, 7)  # 3S, 3C


def _ids_of_kind(kind: int) -> tuple[int, ...]:
    if kind == JOKER_KIND:
        return (JOKER_ID,)
    if kind == RED3:
        return RED3_IDS
    if kind == BLACK3:
        return BLACK3_IDS
    if kind == 0:
        return ()
    b = (kind - 2) * 4
    return (b, b + 1, b + 2, b + 3)


#: For each kind, its card ids in the canonical order representatives are picked.
IDS_OF_KIND = tuple(_ids_of_kind(k) for k in range(16))
#: For each card id, its kind.
KIND_OF_ID = tuple(next(k for k, ids in enumerate(IDS_OF_KIND) if i in ids) for i in range(N_KINDS))


def kind_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """Kind counts of a 53-entry card-count vector."""
    k = [0] * 16
    for kind in range(4, 15):
        b = (kind - 2) * 4
        k[kind] = counts[b] + counts[b + 1] + counts[b + 2] + counts[b + 3]
    k[TWO] = counts[0] + counts[1] + counts[2] + counts[3]
    k[BLACK3] = counts[4] + counts[7]
    k[RED3] = counts[5] + counts[6]
    k[JOKER_KIND] = counts[JOKER_ID]
    return tuple(k)


def _first_of(counts: Sequence[int], ids: tuple[int, ...]) -> int:
    """The first of ``ids`` that ``counts`` holds, else -1."""
    for i in ids:
        if counts[i]:
            return i
    return -1


def _shown(value: Any) -> str:
    """A value for a message, short (an int of thousands of digits is not printed)."""
    if isinstance(value, int) and not -(10**20) < value < 10**20:
        return "a huge int"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse_cards(text: str) -> list[Card]:
    if len(text) > MAX_ACTION_TEXT:  # room for MAX_CARDS cards, as in action notation
        raise NotationError(
            f"cards in notation are too long (at most {MAX_ACTION_TEXT} characters): "
            f"{excerpt(text, 24)}",
            text,
        )
    parts = text.replace(",", " ").split()
    _at_most_cards(len(parts))
    return [Card.parse(p) for p in parts]


def _at_most_cards(n: int) -> None:
    """Refuse a list of more than :data:`canasta.limits.MAX_CARDS` cards, as every format."""
    if n > MAX_CARDS:
        raise NotationError(f"{n} cards are too many (at most {MAX_CARDS})")


def to_card(value: Any) -> Card:
    """A :class:`Card` from a card or its notation.

    Raises:
        NotationError: a string that does not parse, or a value of another type.
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise NotationError(f"not a card: {_shown(value)}", _shown(value))


def to_card_list(value: Any) -> list[Card]:
    """Cards from a notation string (``"KH KS 2C"``) or an iterable of cards/strings.

    Raises:
        NotationError: anything that does not parse.
    """
    if isinstance(value, str):
        return _parse_cards(value)
    if isinstance(value, Cards):
        return list(value)
    if isinstance(value, Card):
        return [value]
    try:
        items = list(value)
    except TypeError:
        raise NotationError(f"not a list of cards: {_shown(value)}", _shown(value)) from None
    _at_most_cards(len(items))
    return [to_card(v) for v in items]


@attrs.frozen(eq=True, hash=True, repr=False)
class Cards:
    """An immutable multiset of cards (a hand, the cards of a meld).

    Iterating yields the cards in display order; ``len()`` counts every copy.
    Built from notation or from cards:

    >>> hand = Cards.parse("KH KS 2C JK")
    >>> len(hand), hand.count(Card.parse("KH")), str(hand)
    (4, 1, 'JK 2C KS KH')

    or from its fields, ``Cards(counts, size)``: a tuple of 53 non-negative int counts by
    :attr:`Card.id` and their sum (else :class:`~canasta.NotationError`).

    A :class:`Cards` whose fields were set around its constructor (``object.__setattr__``) is
    the caller's bug: the library neither detects nor defines what it then does.
    """

    #: Copies of each card kind, indexed by :attr:`Card.id` (53 entries).
    counts: tuple[int, ...]
    size: int = attrs.field(eq=False, hash=False)
    # The counts by kind (see kind_counts), worked out when first asked (_kind_counts).
    _kinds: tuple[int, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    # For each kind, the id of its first card in canonical order, -1 if none (_first_ids).
    _first: tuple[int, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    @classmethod
    def of(cls, cards: Iterable[Card | str] | str = ()) -> Cards:
        """Build from cards or notation.

        Raises:
            NotationError: text that does not parse.
        """
        counts = [0] * N_KINDS
        n = 0
        for c in to_card_list(cards):
            counts[c.id] += 1
            n += 1
        return cls._from_counts(tuple(counts), n)

    def __attrs_post_init__(self) -> None:
        """The constructor's checks (the internal :meth:`_from_counts` makes none)."""
        counts, size = self.counts, self.size
        if type(counts) is not tuple:
            raise NotationError(f"card counts are a tuple, not {type(counts).__name__}")
        if len(counts) != N_KINDS:
            raise NotationError(f"{N_KINDS} card counts, one per card id, not {len(counts)}")
        for k in counts:
            if type(k) is not int or k < 0:
                raise NotationError(f"a card count is a non-negative int, not {_shown(k)}")
        if type(size) is not int:
            raise NotationError(f"size is an int, not {_shown(size)}")
        if size != sum(counts):
            raise NotationError(f"size {_shown(size)} is not the number of cards, {sum(counts)}")

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Parse cards separated by spaces or commas. See :meth:`Card.parse`."""
        return cls.of(text)

    @classmethod
    def _from_counts(cls, counts: tuple[int, ...], size: int | None = None) -> Cards:
        """Build from a trusted 53-tuple of counts (internal; ``size`` if known)."""
        new = object.__new__(cls)
        _set_counts(new, counts)
        _set_size(new, sum(counts) if size is None else size)
        _set_kinds(new, None)
        _set_first(new, None)
        return new

    def _kind_counts(self) -> tuple[int, ...]:
        """:func:`kind_counts` of the cards, worked out once (internal)."""
        kinds = self._kinds
        if kinds is None:
            kinds = kind_counts(self.counts)
            _set_kinds(self, kinds)
        return kinds

    def _first_ids(self) -> tuple[int, ...]:
        """For each kind (0 to 15), the id of the first card of that kind in the canonical
        order of :data:`IDS_OF_KIND`, else -1; worked out once (internal)."""
        first = self._first
        if first is None:
            counts = self.counts
            kinds = self._kind_counts()
            first = tuple(
                _first_of(counts, ids) if kinds[kind] else -1
                for kind, ids in enumerate(IDS_OF_KIND)
            )
            _set_first(self, first)
        return first

    def _carry(self, old: Cards, ids: Sequence[int]) -> Cards:
        """Take the kind counts and first cards of ``old``, which differs from these cards only
        at the card ids ``ids``, updated (internal). Returns ``self``."""
        old_kinds = old._kinds
        if old_kinds is None:
            return self
        before = old.counts
        after = self.counts
        kinds = list(old_kinds)
        changed = set()
        for i in ids if len(ids) == 1 else set(ids):
            d = after[i] - before[i]
            if d:
                kind = KIND_OF_ID[i]
                kinds[kind] += d
                changed.add(kind)
        _set_kinds(self, tuple(kinds))
        old_first = old._first
        if old_first is not None:
            first = list(old_first)
            for kind in changed:
                first[kind] = _first_of(after, IDS_OF_KIND[kind]) if kinds[kind] else -1
            _set_first(self, tuple(first))
        return self

    def _moved(self, cards: Iterable[Card], step: int) -> Cards:
        """These cards with each of ``cards`` added (``step`` 1) or taken out (``step`` -1:
        cards they hold), carrying over the kind counts and first cards worked out here
        (internal; the kinds of the cards moved are updated, as in :meth:`_carry`)."""
        counts = list(self.counts)
        changed = []  # the kind of each card moved
        for c in cards:
            i = c.id
            counts[i] += step
            changed.append(KIND_OF_ID[i])
        new = object.__new__(Cards)  # as _from_counts does
        _set_counts(new, tuple(counts))
        _set_size(new, self.size + step * len(changed))
        old_kinds = self._kinds
        old_first = self._first
        if old_kinds is None:
            _set_kinds(new, None)
            _set_first(new, None)
            return new
        kinds = list(old_kinds)
        for kind in changed:
            kinds[kind] += step
        _set_kinds(new, tuple(kinds))
        if old_first is None:
            _set_first(new, None)
        else:
            first = list(old_first)
            for kind in changed:
                first[kind] = _first_of(counts, IDS_OF_KIND[kind]) if kinds[kind] else -1
            _set_first(new, tuple(first))
        return new

    def _with(self, added: Iterable[Card] = (), removed: Iterable[Card] = ()) -> Cards:
        """These cards with ``added`` added and ``removed`` taken out (internal: the cards
        removed are held), carrying over the kind counts worked out here (see :meth:`_moved`)."""
        return self._moved(added, 1)._moved(removed, -1)

    def count(self, card: Card | str) -> int:
        """How many copies of ``card`` the multiset holds."""
        return self.counts[to_card(card).id]

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __iter__(self) -> Iterator[Card]:
        counts = self.counts
        by_id = Card._BY_ID
        for i in DISPLAY_ORDER:
            for _ in range(counts[i]):
                yield by_id[i]

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return self.counts[card.id] > 0
        if isinstance(card, str):
            try:
                return self.counts[Card.parse(card).id] > 0
            except NotationError:
                return False
        return False

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"Cards.parse({str(self)!r})"


def make_pack(decks: int = 2, jokers: int = 4) -> tuple[Card, ...]:
    """An unshuffled pack: ``decks`` standard 52-card decks and ``jokers`` jokers, in the
    canonical order: each deck by card id (rank from the two up, suits spades, hearts, diamonds,
    clubs: ``2S 2H 2D 2C 3S ... AC``), one deck after the other, then the jokers.

    The classic pack is ``make_pack(2, 4)``: 108 cards (§1 "Decks / jokers / total").

    Raises:
        NotationError: ``decks`` or ``jokers`` is not a non-negative int.
    """
    for name, value in (("decks", decks), ("jokers", jokers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise NotationError(f"{name} must be a non-negative int, not {value!r}", repr(value))
    cards: list[Card] = []
    for _ in range(decks):
        cards.extend(Card._BY_ID[:JOKER_ID])
    cards.extend([JOKER] * jokers)
    return tuple(cards)


# The slots' setters, for building Cards on the engine's hot path.
_set_counts = Cards.__dict__["counts"].__set__
_set_size = Cards.__dict__["size"].__set__
_set_kinds = Cards.__dict__["_kinds"].__set__
_set_first = Cards.__dict__["_first"].__set__
