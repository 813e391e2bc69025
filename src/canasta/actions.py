"""Actions: small frozen values a player (or the table) gives to :func:`canasta.apply`.

=====================  =======================================================================
action                 meaning
=====================  =======================================================================
:class:`Draw`          draw from the stock (the variant's draw count; red threes drawn are laid
                       out and replaced automatically)
:class:`TakePile`      take the whole discard pile, melding its top card at once with the named
                       hand cards (or onto the side's meld of its rank), plus any further melds
                       from the hand (needed when they make up the side's initial meld)
:class:`MeldCards`     one or more groups: new melds, and additions to the side's own melds
:class:`Discard`       discard one card, ending the turn (or going out with the last card)
:class:`AskPartner`    "partner, may I go out?"
:class:`AnswerPartner` the partner's binding yes or no
:class:`DeclinePile`   once the stock is exhausted, do not take the pile: the hand ends
:class:`EndTurn`       stop melding after drawing the last stock card as a red three, where the
                       variant allows melding then (the hand ends)
:class:`DealNextHand`  after a hand is over, deal the next one of the match
=====================  =======================================================================

Actions name physical cards; cards of one kind (same rank and suit, or any joker) are
interchangeable, and :func:`canasta.apply` accepts whichever ones the player holds.
``str(action)`` gives the action notation (``draw``, ``take 8H 8S + AS AD JK``,
``meld 7H 7S 2C``, ``meld +K 2C``, ``discard 9D``, ``ask``, ``yes``, ``no``, ``decline``, ``deal``).

The constructors convert or refuse (:class:`~canasta.NotationError`) every field; an action
whose fields were set around its constructor (``object.__setattr__``) is the caller's bug: the
library neither detects nor defines what it then does.
"""

from __future__ import annotations

from typing import Any, TypeVar, get_args

import attrs

from .cards import Card, to_card, to_card_list
from .errors import NotationError
from .melds import Meld

_A = TypeVar("_A")

__all__ = [
    "Action",
    "AnswerPartner",
    "AskPartner",
    "DealNextHand",
    "DeclinePile",
    "Discard",
    "Draw",
    "EndTurn",
    "MeldCards",
    "TakePile",
]


def _seat(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not -1000 <= value <= 1000:
        shown = (
            repr(value)
            if isinstance(value, str | bool) or not isinstance(value, int)
            else "a huge int"
        )
        raise NotationError(f"a seat must be a small int, not {shown[:40]}", shown[:40])
    return int(value)  # a plain int, whatever int subclass (an IntEnum, say) was given


def _melds(value: Any) -> tuple[Meld, ...]:
    if isinstance(value, Meld):
        return (value,)
    if isinstance(value, str):
        raise NotationError(
            "melds must be a sequence of Meld values (e.g. (Meld.parse('KH KS KD'),))", value
        )
    try:
        items = list(value)
    except TypeError:
        raise NotationError(f"not a sequence of melds: {value!r}", repr(value)) from None
    out = []
    for item in items:
        if isinstance(item, Meld):
            out.append(item)
        else:
            out.append(Meld.parse(item))
    return tuple(sorted(out, key=_meld_key))


def _meld_key(m: Meld) -> tuple[int, list[int]]:
    return (-m.rank, [c.id for c in m.cards])


class _Trusted:
    """What every action class can do: be built from field values known canonical (internal)."""

    __slots__ = ()

    @classmethod
    def _trusted(cls: type[_A], **fields: Any) -> _A:
        """An action from already-canonical field values, skipping conversion (internal)."""
        obj = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(obj, name, value)
        if "_attrs_cached_hash" in getattr(cls, "__slots__", ()):
            object.__setattr__(obj, "_attrs_cached_hash", None)
        return obj


def build(cls: type[_A], **fields: Any) -> _A:
    """``cls._trusted(**fields)``: an action from already-canonical field values (internal)."""
    obj: _A = cls._trusted(**fields)  # type: ignore[attr-defined]
    return obj


def fast_meld_cards(seat: int, melds: list[Meld]) -> MeldCards:
    """A :class:`MeldCards` from trusted melds (internal)."""
    melds.sort(key=_meld_key)
    return MeldCards._trusted(seat=seat, melds=tuple(melds))


def _cards(value: Any) -> tuple[Card, ...]:
    return tuple(sorted(to_card_list(value)))


def _group_text(meld: Meld) -> str:
    """A group in action notation: its cards, after ``+RANK`` unless the cards tell the rank
    (some natural cards, all of the meld's rank), so that any group parses back as itself."""
    cards = " ".join(str(c) for c in meld.cards)
    rank = meld.rank
    told = False
    for c in meld.cards:
        if not c.is_wild:
            if c.rank is not rank:
                told = False
                break
            told = True
    if told:
        return cards
    return f"+{rank.symbol} {cards}".rstrip()


@attrs.frozen
class Draw(_Trusted):
    """Draw from the stock (§1 "Drawn from stock").

    Attributes:
        seat: the player.
    """

    seat: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(cache_hash=True)
class TakePile(_Trusted):
    """Take the whole discard pile (§1 "Taking the pile", §2 cases 8-12, 24-26).

    Attributes:
        seat: the player.
        cards: hand cards melded with the pile's top card; empty to lay the top card on the
            side's meld of its rank (only when the pile is not frozen for the side).
        melds: further melds from the hand laid in the same action, counted with the top card's
            meld toward the side's initial-meld minimum.
    """

    seat: int = attrs.field(converter=_seat)
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)

    def __str__(self) -> str:
        parts = ["take"]
        if self.cards:
            parts.append(" ".join(str(c) for c in self.cards))
        for m in self.melds:
            parts.append("+")
            parts.append(_group_text(m))
        return " ".join(parts)


@attrs.frozen(cache_hash=True)
class MeldCards(_Trusted):
    """Meld: new melds and additions to the side's own melds, in one action (§1 "Meld
    composition", "Melds per rank per side"). Groups of a rank the side already has are added
    to that meld; two groups of one rank are merged.

    Attributes:
        seat: the player.
        melds: the groups, each a new meld or an addition to the side's meld of its rank.
    """

    seat: int = attrs.field(converter=_seat)
    melds: tuple[Meld, ...] = attrs.field(converter=_melds)

    def __str__(self) -> str:
        return "meld " + " + ".join(_group_text(m) for m in self.melds)


@attrs.frozen
class Discard(_Trusted):
    """Discard one card; with the last card in hand this goes out (§1 "Final discard").

    Attributes:
        seat: the player.
        card: the card discarded.
    """

    seat: int = attrs.field(converter=_seat)
    card: Card = attrs.field(converter=to_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class AskPartner(_Trusted):
    """Ask partner "may I go out?" (§2 case 28).

    Attributes:
        seat: the player who asks.
    """

    seat: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        return "ask"


@attrs.frozen
class AnswerPartner(_Trusted):
    """Partner's answer, binding both ways (§2 case 28).

    Attributes:
        seat: the partner who answers.
        yes: the answer: after yes the player who asked must go out, after no he may not (this
            turn).
    """

    seat: int = attrs.field(converter=_seat)
    yes: bool = attrs.field()

    @yes.validator
    def _check_yes(self, attribute: attrs.Attribute[bool], value: Any) -> None:
        if not isinstance(value, bool):
            raise NotationError(f"yes must be a bool, not {value!r}", repr(value))

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@attrs.frozen
class DeclinePile(_Trusted):
    """Once the stock is exhausted, leave the pile: the hand ends (§2 case 31).

    Attributes:
        seat: the player.
    """

    seat: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        return "decline"


@attrs.frozen
class EndTurn(_Trusted):
    """End the turn without discarding: only after drawing the last stock card as a red three
    where the variant lets the drawer meld but not discard; the hand then ends (§2 case 30,
    §4 A7).

    Attributes:
        seat: the player.
    """

    seat: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        return "end"


def _deck(value: Any) -> tuple[Card, ...] | None:
    if value is None:
        return None
    return tuple(to_card_list(value))


@attrs.frozen
class DealNextHand(_Trusted):
    """Deal the next hand of the match. Without a deck, the deck follows from the match seed
    and the hand number; with one, it is the whole pack in dealing order (first card first).

    Attributes:
        deck: the deck, or ``None`` for the one the match seed gives.
    """

    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)

    def __str__(self) -> str:
        if self.deck is None:
            return "deal"
        return " ".join(["deal", *(str(c) for c in self.deck)]) if self.deck else "deal -"


#: Any action.
Action = (
    Draw
    | TakePile
    | MeldCards
    | Discard
    | AskPartner
    | AnswerPartner
    | DeclinePile
    | EndTurn
    | DealNextHand
)

#: The action classes, in the order of :data:`Action` (for ``isinstance`` checks; internal).
_ACTION_TYPES: tuple[type, ...] = get_args(Action)
