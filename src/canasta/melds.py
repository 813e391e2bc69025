"""Melds: cards of one rank laid on the table (§1 "Meld composition").

A :class:`Meld` is also how an action names the cards it melds: a group of cards of one rank,
which is either a new meld or an addition to the side's meld of that rank.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from .cards import Card, Rank, display_key, to_card_list
from .errors import NotationError
from .limits import MAX_CARDS, excerpt

__all__ = ["Meld", "MeldKey", "MeldKind"]


class MeldKind(enum.StrEnum):
    """What a meld is made of (RULES-FAMILIES X.1). Classic has the one kind; the families to
    come add same-suit sequences and wild-only melds (see :mod:`canasta.systems`)."""

    #: Cards of one rank, natural and wild (§1 "Meld composition").
    GROUP = "group"


#: The identity of a meld on a side's table (:attr:`Meld.key`): for a group its rank. A family in
#: which a side holds several melds of one rank widens it (RULES-FAMILIES X.1).
MeldKey = Rank

_TWO = Rank.TWO
_THREE = Rank.THREE
_JOKER = Rank.JOKER


def _excerpt(text: object) -> str:
    """The start of a text for an error, as text."""
    shown = text if isinstance(text, str) else repr(text)
    return shown if len(shown) <= 80 else shown[:77] + "..."


def _sorted_cards(value: Any) -> tuple[Card, ...]:
    if isinstance(value, (list, tuple)) and len(value) > MAX_CARDS:  # as every format
        raise NotationError(f"{len(value)} cards are too many (at most {MAX_CARDS})")
    if isinstance(value, (list, tuple)):
        try:
            return tuple(sorted(value, key=display_key))
        except AttributeError:
            pass
    return tuple(sorted(to_card_list(value), key=display_key))


def _to_rank(value: Any) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, str):
        return Rank.parse(value)
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return Rank(value)
        except ValueError:
            pass
    raise NotationError(f"not a rank: {value!r}", repr(value))


@attrs.frozen(cache_hash=True)
class Meld:
    """Cards of one rank: natural cards of ``rank`` and wild cards (or black threes when
    ``rank`` is three). The cards are kept in display order, so two melds with the same cards
    are equal whatever order they were given in.

    >>> m = Meld.parse("KH KS 2C")
    >>> m.rank, m.naturals, m.wilds, str(m)
    (<Rank.KING: 13>, 2, 1, '2C KS KH')

    A group that holds only wild cards (an addition) must name its rank:

    >>> Meld(Rank.KING, "JK").rank
    <Rank.KING: 13>

    A meld holds at least one card (else :class:`~canasta.NotationError`). :meth:`parse` reads
    a meld's cards only: its non-wild cards are of its rank (black threes for a meld of threes).
    The constructor takes any cards, as an action may name them: a group holding a card of
    another rank is the rules' to refuse (``wrong_rank``, as its notation and its JSON are).

    A :class:`Meld` whose fields were set around its constructor (``object.__setattr__``) is the
    caller's bug: the library neither detects nor defines what it then does.
    """

    #: The rank of the meld.
    rank: Rank = attrs.field(converter=_to_rank)
    #: Its cards, in display order.
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    #: What it is made of: a same-rank group (the only kind today, the default; left out of the
    #: repr, the JSON and the notation while it is the only one).
    kind: MeldKind = attrs.field(default=MeldKind.GROUP, kw_only=True, repr=False)
    # (naturals, jokers, twos), black threes and cards of another rank counted as naturals.
    _stats: tuple[int, int, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise NotationError(f"a meld holds at least one card: a meld of {self.rank.symbol}s")
        self._set_stats()

    def _set_stats(self) -> None:
        jokers = twos = 0
        for c in self.cards:
            if c.rank is _TWO:
                twos += 1
            elif c.rank is _JOKER:
                jokers += 1
        object.__setattr__(self, "_stats", (len(self.cards) - jokers - twos, jokers, twos))

    @classmethod
    def _fast(cls, rank: Rank, cards: list[Card]) -> Meld:
        """Build from a rank and Card values without conversion (internal, trusted input)."""
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "cards", tuple(sorted(cards, key=display_key)))
        object.__setattr__(self, "kind", MeldKind.GROUP)
        object.__setattr__(self, "_attrs_cached_hash", None)
        self._set_stats()
        return self

    @classmethod
    def parse(cls, text: str | Iterable[Card | str], rank: Rank | str | None = None) -> Meld:
        """A meld from notation; the rank is that of its non-wild cards unless given.

        Raises:
            NotationError: the text does not parse or names no card, its non-wild cards mix
                ranks or are not of the rank given (black threes for a meld of threes), or a
                group of wild cards only names no rank.
        """
        cards = to_card_list(text)
        if not cards:
            raise NotationError("a meld holds at least one card", _excerpt(text))
        if rank is not None:
            rank = _to_rank(rank)
            for c in cards:
                if not (c.is_wild or (c.is_black_three if rank is _THREE else c.rank is rank)):
                    raise NotationError(
                        f"{c} does not belong in a meld of {rank.symbol}s", _excerpt(text)
                    )
            return cls(rank, cards)
        ranks = {c.rank for c in cards if not c.is_wild}
        if len(ranks) != 1:
            shown = text if isinstance(text, str) else " ".join(str(c) for c in cards)
            raise NotationError(
                f"cannot tell the rank of meld {excerpt(shown)}: give the rank, "
                "e.g. Meld(Rank.KING, ...)",
                shown,
            )
        return cls(ranks.pop(), cards)

    @property
    def key(self) -> MeldKey:
        """The meld's identity on its side's table: for a group, its rank (one group per rank
        and side, :attr:`canasta.systems.MeldSystem.groups_per_rank`). :attr:`Turn.created
        <canasta.Turn.created>` holds keys, :meth:`GameState.meld_at <canasta.GameState.meld_at>`
        finds a meld by its key."""
        return self.rank

    @property
    def size(self) -> int:
        """Number of cards."""
        return len(self.cards)

    @property
    def wilds(self) -> int:
        """Number of wild cards (jokers and twos)."""
        return self._stats[1] + self._stats[2]

    @property
    def jokers(self) -> int:
        """Number of jokers."""
        return self._stats[1]

    @property
    def twos(self) -> int:
        """Number of twos."""
        return self._stats[2]

    @property
    def naturals(self) -> int:
        """Number of cards of the meld's own rank."""
        return sum(1 for c in self.cards if c.rank is self.rank)

    def is_canasta(self, canasta_size: int = 7) -> bool:
        """Whether the meld has at least ``canasta_size`` cards (§1 "Canasta")."""
        return len(self.cards) >= canasta_size

    def is_natural_canasta(self, canasta_size: int = 7) -> bool:
        """A canasta without wild cards ("natural", or "clean"; §1 "Canasta")."""
        return self.is_canasta(canasta_size) and self.wilds == 0

    def is_mixed_canasta(self, canasta_size: int = 7) -> bool:
        """A canasta with at least one wild card ("mixed"; a natural one becomes mixed when a
        wild is added, §2 case 20)."""
        return self.is_canasta(canasta_size) and self.wilds > 0

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)
