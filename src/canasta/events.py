"""Events: what happened in a move, in order, for animations, logs and remote players.

:func:`step` applies an action as :func:`canasta.apply` does and also returns the events of the
move; :func:`deal_events` describes the deal of a hand that :func:`canasta.new_game` returned
(:class:`~canasta.DealNextHand` describes its own deal through :func:`step`). Events are
frozen values in the game's words, each with a JSON form (:func:`canasta.to_json`,
``"type"`` below), and :func:`events_for` gives what one seat may see of them.

=========================  ======================  =================================================
event                      JSON ``"type"``         meaning (the cards it moves)
=========================  ======================  =================================================
:class:`SeatSitsOut`       ``seat_sits_out``       with five players, who sits out this hand
:class:`HandDealt`         ``hand_dealt``          the hands dealt (stock to hands)
:class:`UpcardTurned`      ``upcard_turned``       the cards turned up to start the pile (stock to
                                                   pile)
:class:`CardsDrawn`        ``cards_drawn``         cards drawn from the stock, or one drawn to
                                                   replace a red three (stock to a hand)
:class:`RedThreeLaidOut`   ``red_three_laid_out``  a red three laid out (hand to the seat's red
                                                   threes)
:class:`PileTaken`         ``pile_taken``          the whole discard pile taken (pile to the hand;
                                                   the meld events that follow meld its top card)
:class:`MeldMade`          ``meld_made``           a new meld (hand to table)
:class:`MeldExtended`      ``meld_extended``       cards added to a meld (hand to table)
:class:`CanastaCompleted`  ``canasta_completed``   a meld reached the canasta size
:class:`Discarded`         ``discarded``           a discard (hand to pile)
:class:`PartnerAsked`      ``partner_asked``       "partner, may I go out?"
:class:`PartnerAnswered`   ``partner_answered``    the binding answer
:class:`PileDeclined`      ``pile_declined``       the pile left once the stock is exhausted
:class:`LoneHandFormed`    ``lone_hand_formed``    Cutthroat: who plays alone; the two others' melds
                                                   combined
:class:`HandEnded`         ``hand_ended``          the hand is over: why, who, concealed or not
:class:`HandScored`        ``hand_scored``         its score sheet and the match totals after it
:class:`MatchOver`         ``match_over``          the winning side(s)
=========================  ======================  =================================================

The order is the order of the rules: a draw's cards, then each red three laid out followed by
its replacement; a pile taken, then the melds (the top card's first) each followed by the
canasta it completes, then the red threes that were in the pile (laid out, never replaced,
§2 case 2); a discard, then the next player's red threes where he lays them out at his first
turn (§4 A9); last, the hand's end, its score and the match's end. A deal gives the seat that
sits out, the hands, the upcard(s) and the red threes laid out and replaced (§1 "Deal", §2
cases 1-5).

Replaying the card movements of the events on the state before the move gives the state after
it: every card of the pack stays in exactly one place (the tests check it over random games of
every preset).

Each event's JSON is an object with ``"format_version": 1``, its ``"type"`` and its fields
(cards in notation, a meld as ``{"rank": "K", "cards": [...]}``, a score sheet as a nested
``hand_score``; hidden cards ``null``); the JSON Schema of :func:`canasta.json_schema` has them
all. :func:`canasta.from_json` refuses a malformed event document with
:class:`~canasta.NotationError`, whose message starts with the JSON path of the offending field.

**What each seat may see** (:func:`events_for`, :meth:`CardsDrawn.seen_by`): every event is
public except two. :class:`CardsDrawn` shows its ``cards`` only to the drawer (the others see
``count``; ``cards`` is ``None``), and :class:`HandDealt` shows each seat only its own hand (the
others are ``None``; ``hand_sizes`` stays). The cards of a pile taken are public: each was face
up when it joined the pile (a discard, or the upcard and the cards turned onto it), although
the pile may not be looked through (§2 case 26). Red threes, melds and discards are laid face
up. The score sheet is public: at the end of a hand the cards left in hand are shown and counted.

>>> import canasta
>>> state = canasta.position(
...     "classic",
...     hands=["KH KS 9D 9C 9H 4S 5S", "", "", ""],
...     discard_pile="3D 7D KD",
...     current_seat=0,
... )
>>> after, events = canasta.step(state, canasta.TakePile(0, "KH KS", melds=["9D 9C 9H"]))
>>> for event in events:
...     print(event)
seat 0 takes the discard pile (3 cards)
seat 0 melds KS KH KD
seat 0 melds 9H 9D 9C
seat 0 lays out 3D
>>> events[0]
PileTaken(seat=0, cards=(Card.parse('3D'), Card.parse('7D'), Card.parse('KD')))
>>> canasta.to_json(events[-1])
'{"format_version": 1, "type": "red_three_laid_out", "seat": 0, "card": "3D"}'

A draw shows its cards to the drawer only:

>>> state = canasta.position("classic", hands=["KH KS 9D 9C 4S", "", "", ""], current_seat=0)
>>> after, events = canasta.step(state, canasta.Draw(0))
>>> events[0].cards == state.stock[:1]
True
>>> hidden = canasta.events_for(events, 1)[0]
>>> print(hidden)
seat 0 draws 1 card
>>> doc = canasta.to_dict(hidden)
>>> doc["type"], doc["seat"], doc["count"], doc["cards"]
('cards_drawn', 0, 1, None)
>>> canasta.from_dict(doc) == hidden
True
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NoReturn, Self

import attrs

from . import _rules
from ._codec import (
    TABLE_RANKS,
    Bad,
    _int,
    at,
    build,
    converter,
    fields_reader,
    ranged,
    refine_schema,
    snake_case,
)
from .actions import (
    _ACTION_TYPES,
    AnswerPartner,
    AskPartner,
    DealNextHand,
    DeclinePile,
    Discard,
    Draw,
    MeldCards,
    TakePile,
)
from .cards import Card, Cards, Rank
from .engine import _parse_foreign, apply
from .errors import IllegalActionError, StateError
from .limits import MAX_CARDS, MAX_HAND_NUMBER, MAX_PLAYERS, MAX_TOTAL
from .melds import Meld
from .scoring import HandScore, score_hand
from .serialize import register, to_dict
from .state import EndReason, GameState
from .variants import RedThreeTiming

__all__ = [
    "CanastaCompleted",
    "CardsDrawn",
    "Discarded",
    "Event",
    "HandDealt",
    "HandEnded",
    "HandScored",
    "LoneHandFormed",
    "MatchOver",
    "MeldExtended",
    "MeldMade",
    "PartnerAnswered",
    "PartnerAsked",
    "PileDeclined",
    "PileTaken",
    "RedThreeLaidOut",
    "SeatSitsOut",
    "UpcardTurned",
    "deal_events",
    "events_between",
    "events_for",
    "step",
]


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class _Event:
    """What every event can do (internal base class)."""

    __slots__ = ()

    def seen_by(self, seat: int | None) -> Self:
        """The event as ``seat`` may see it (``None``: a spectator, who sees only what is
        public). Only :class:`CardsDrawn` and :class:`HandDealt` hide anything; every other
        event is returned as it is."""
        return self


# ============================================================================ the deal
@attrs.frozen(kw_only=True)
class SeatSitsOut(_Event):
    """With five players, ``seat`` sits out hand ``hand_number`` (its side's members take turns,
    §1 "Players, sides, seating").

    Attributes:
        seat: the seat sitting out.
        hand_number: the hand, from 1.
    """

    seat: int
    hand_number: int

    def __str__(self) -> str:
        return f"seat {self.seat} sits out hand {self.hand_number}"


@attrs.frozen(kw_only=True)
class HandDealt(_Event):
    """Hand ``hand_number`` is dealt: one card at a time, clockwise from the dealer's left
    (§1 "Deal"). The hands are as dealt, red threes included (the events that follow lay
    them out).

    Attributes:
        hand_number: the hand, from 1.
        dealer: the dealer's seat.
        order: the seats playing the hand, in playing order (the first plays first).
        hands: each seat's dealt hand; ``None`` where the seat may not see it (see
            :meth:`seen_by`); empty for a seat sitting out.
        hand_sizes: each seat's number of cards dealt.
    """

    hand_number: int
    dealer: int
    order: tuple[int, ...]
    hands: tuple[Cards | None, ...]
    hand_sizes: tuple[int, ...]

    def seen_by(self, seat: int | None) -> Self:
        """Each seat sees its own dealt hand only; the other hands become ``None``."""
        hands = tuple(h if p == seat else None for p, h in enumerate(self.hands))
        return self if hands == self.hands else attrs.evolve(self, hands=hands)

    def __str__(self) -> str:
        shown = [
            f"seat {p}: {h if h is not None else _plural(self.hand_sizes[p], 'card')}"
            for p, h in enumerate(self.hands)
            if p in self.order
        ]
        return f"hand {self.hand_number} dealt by seat {self.dealer}; " + "; ".join(shown)


@attrs.frozen(kw_only=True)
class UpcardTurned(_Event):
    """The cards turned up from the stock to start the discard pile, bottom first: the last is
    the upcard; any before it are wild cards or red threes (or black threes where the variant
    says so) that were covered by the next card (§2 cases 1-3).

    Attributes:
        cards: the cards, bottom first (never empty).
    """

    cards: tuple[Card, ...]

    @property
    def upcard(self) -> Card:
        """The top card, the one left face up on the pile."""
        return self.cards[-1]

    def __str__(self) -> str:
        return f"upcard {_cards_text(self.cards)}"


# ============================================================================ drawing
@attrs.frozen(kw_only=True)
class CardsDrawn(_Event):
    """Cards drawn from the top of the stock into ``seat``'s hand: the turn's draw, or one card
    drawn to replace a red three just laid out (§2 cases 4, 5).

    Attributes:
        seat: who drew.
        count: how many cards (1 or more).
        cards: the cards, in the order drawn; ``None`` where the seat may not see them (see
            :meth:`seen_by`).
        replacing: whether the card replaces the red three of the event before.
    """

    seat: int
    count: int
    cards: tuple[Card, ...] | None
    replacing: bool = False

    def seen_by(self, seat: int | None) -> Self:
        """Only the drawer sees the cards; the others see the count (``cards`` is ``None``)."""
        if seat == self.seat or self.cards is None:
            return self
        return attrs.evolve(self, cards=None)

    def __str__(self) -> str:
        what = _cards_text(self.cards) if self.cards is not None else _plural(self.count, "card")
        return f"seat {self.seat} draws {what}{' in its place' if self.replacing else ''}"


@attrs.frozen(kw_only=True)
class RedThreeLaidOut(_Event):
    """A red three laid out face up before ``seat`` (from the hand: dealt, drawn, or won in the
    pile), §2 cases 2, 4, 5. A :class:`CardsDrawn` with ``replacing`` follows when it is
    replaced from the stock (red threes from the pile are not, §2 case 2).

    Attributes:
        seat: whose red three.
        card: ``3H`` or ``3D``.
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} lays out {self.card}"


@attrs.frozen(kw_only=True)
class PileTaken(_Event):
    """``seat`` takes the whole discard pile into his hand (§1 "Taking the pile"); the meld
    events that follow meld its top card at once, with the hand cards the action named.

    Attributes:
        seat: the taker.
        cards: the pile's cards, bottom first, the top card last (all public: see the module).
    """

    seat: int
    cards: tuple[Card, ...]

    @property
    def top(self) -> Card:
        """The pile's top card."""
        return self.cards[-1]

    def __str__(self) -> str:
        return f"seat {self.seat} takes the discard pile ({_plural(len(self.cards), 'card')})"


# ============================================================================ melding
@attrs.frozen(kw_only=True)
class MeldMade(_Event):
    """``seat`` lays a new meld for his side (§1 "Meld composition").

    Attributes:
        seat: the player.
        side: the side's index in the hand's sides at that moment (:attr:`GameState.sides`).
        meld: the meld, all of whose cards came from the player's hand.
    """

    seat: int
    side: int
    meld: Meld

    def __str__(self) -> str:
        return f"seat {self.seat} melds {self.meld}"


@attrs.frozen(kw_only=True)
class MeldExtended(_Event):
    """``seat`` adds cards from his hand to his side's meld of ``meld.rank``.

    Attributes:
        seat: the player.
        side: the side's index in the hand's sides at that moment.
        cards: the cards added, in display order.
        meld: the meld after the addition.
    """

    seat: int
    side: int
    cards: tuple[Card, ...]
    meld: Meld

    def __str__(self) -> str:
        return f"seat {self.seat} adds {_cards_text(self.cards)} to the {self.meld.rank.symbol}s"


@attrs.frozen(kw_only=True)
class CanastaCompleted(_Event):
    """A side's meld reached the canasta size (§1 "Canasta").

    Attributes:
        seat: the player whose meld event completed it; ``None`` when two melds combined into
            it as the Cutthroat partnership formed (:class:`LoneHandFormed`).
        side: the side's index in the hand's sides at that moment.
        rank: the meld's rank.
        natural: whether it is a natural canasta (no wild card); else mixed.
    """

    seat: int | None
    side: int
    rank: Rank
    natural: bool

    def __str__(self) -> str:
        kind = "natural" if self.natural else "mixed"
        return f"side {self.side} completes a {kind} canasta of {self.rank.symbol}s"


# ============================================================================ the turn
@attrs.frozen(kw_only=True)
class Discarded(_Event):
    """``seat`` discards ``card`` onto the pile (ending the turn, or going out with it).

    Attributes:
        seat: the player.
        card: the card.
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.card}"


@attrs.frozen(kw_only=True)
class PartnerAsked(_Event):
    """``seat`` asks partner "may I go out?" (§2 case 28).

    Attributes:
        seat: who asks.
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} asks partner to go out"


@attrs.frozen(kw_only=True)
class PartnerAnswered(_Event):
    """The partner's binding answer (§2 case 28).

    Attributes:
        seat: who answers.
        yes: the answer.
    """

    seat: int
    yes: bool

    def __str__(self) -> str:
        return f"seat {self.seat} answers {'yes' if self.yes else 'no'}"


@attrs.frozen(kw_only=True)
class PileDeclined(_Event):
    """Once the stock is exhausted, ``seat`` leaves the pile (§2 case 31).

    Attributes:
        seat: the player.
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} declines the discard pile"


@attrs.frozen(kw_only=True)
class LoneHandFormed(_Event):
    """Cutthroat: ``seat`` plays alone; the two others become partners and combine their melds
    (melds of one rank merged; BI-CT). From here the sides are ``(seat,)`` and ``partners``,
    in that order.

    Attributes:
        seat: the lone hand.
        partners: the two others, in playing order.
        melds: the partners' combined melds, highest rank first.
    """

    seat: int
    partners: tuple[int, ...]
    melds: tuple[Meld, ...]

    def __str__(self) -> str:
        others = " and ".join(f"seat {p}" for p in self.partners)
        return f"seat {self.seat} plays alone against {others}"


# ============================================================================ the end
@attrs.frozen(kw_only=True)
class HandEnded(_Event):
    """Hand ``hand_number`` is over (its :attr:`GameState.end`).

    Attributes:
        hand_number: the hand, from 1.
        reason: why (:class:`~canasta.EndReason`).
        seat: who went out, drew the last card, or could not or did not take the pile.
        concealed: whether the player went out concealed (§2 case 29).
    """

    hand_number: int
    reason: EndReason
    seat: int | None
    concealed: bool = False

    def __str__(self) -> str:
        if self.reason is EndReason.WENT_OUT:
            return f"seat {self.seat} goes out{' concealed' if self.concealed else ''}"
        if self.reason is EndReason.STOCK_EXHAUSTED:
            return "the stock is exhausted: the hand ends"
        return "the last stock card is a red three: the hand ends"


@attrs.frozen(kw_only=True)
class HandScored(_Event):
    """The score sheet of the hand just over (:func:`canasta.score_hand`).

    Attributes:
        hand_number: the hand, from 1.
        score: the itemised score, one sheet per match side (points).
        totals: each match side's total after the hand (points).
    """

    hand_number: int
    score: HandScore
    totals: tuple[int, ...]

    def __str__(self) -> str:
        hand = " ".join(str(t) for t in self.score.totals)
        return f"hand {self.hand_number} scores {hand}; totals {' '.join(map(str, self.totals))}"


@attrs.frozen(kw_only=True)
class MatchOver(_Event):
    """The match is over (§1 "Target", §2 case 40).

    Attributes:
        winners: the winning match side(s).
        totals: each match side's final total (points).
    """

    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def __str__(self) -> str:
        won = " and ".join(f"side {w}" for w in self.winners)
        return f"the match is over: {won} win{'s' if len(self.winners) == 1 else ''}"


#: Any event.
Event = (
    SeatSitsOut
    | HandDealt
    | UpcardTurned
    | CardsDrawn
    | RedThreeLaidOut
    | PileTaken
    | MeldMade
    | MeldExtended
    | CanastaCompleted
    | Discarded
    | PartnerAsked
    | PartnerAnswered
    | PileDeclined
    | LoneHandFormed
    | HandEnded
    | HandScored
    | MatchOver
)

_EVENT_TYPES: Final[tuple[type, ...]] = typing.get_args(Event)


# ============================================================================ deriving
def step(
    state: GameState, action: Any, *, seat: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action`` as :func:`canasta.apply` does; return the new state and the events of
    the move, in order (see the module's table). Pure: the same arguments give the same state
    and the same events.

    Args:
        state: the state before the move.
        action: an action, in any form :func:`canasta.apply` takes (a value, its notation, its
            JSON text or mapping).
        seat: the seat that sent the move, as for :func:`canasta.apply` (``None``: the seat
            the move names, or the seat to act for notation).

    Returns:
        ``(new_state, events)``: ``new_state`` equals ``canasta.apply(state, action)``.

    Raises:
        IllegalActionError: the action breaks a rule (``.reason`` says which); as
            :func:`canasta.apply`.
        StateError: ``state`` is not a :class:`~canasta.GameState`, or ``seat`` is not a seat.
    """
    if isinstance(state, GameState) and not isinstance(action, _ACTION_TYPES):  # parsed once
        action = _parse_foreign(state, action, seat)
        if isinstance(action, IllegalActionError):
            raise action
    after = apply(state, action, seat=seat)
    return after, events_between(state, action, after)


def events_between(before: GameState, action: Any, after: GameState) -> tuple[Event, ...]:
    """The events of ``action`` played from ``before`` to ``after``, for callers that hold
    both states already (a log of :func:`canasta.bots.play_hand`, a replay).

    ``after`` must be ``canasta.apply(before, action)`` (use :func:`step` otherwise); for any
    other ``after`` the events are unspecified.

    Raises:
        StateError: ``before`` or ``after`` is not a :class:`~canasta.GameState`, or
            ``action`` is not an action value.
    """
    if not isinstance(before, GameState) or not isinstance(after, GameState):
        raise StateError("events_between takes two GameState values and the action between")
    if not isinstance(action, _ACTION_TYPES):
        raise StateError(f"not an action value: {type(action).__name__}")
    out: list[Event] = []
    if isinstance(action, DealNextHand):
        deck = action.deck
        if deck is None:
            assert before.seed is not None  # apply refused a seedless deal without a deck
            deck = _rules.shuffled_deck(
                before.variant, before.seed, before.hand_number + 1, before.deal_version
            )
        _deal(after, deck, out)
        return tuple(out)
    seat: int = action.seat  # type: ignore[attr-defined]
    if isinstance(action, Draw):
        _drawn(before, seat, out)
    elif isinstance(action, TakePile):
        out.append(PileTaken(seat=seat, cards=before.discard_pile))
        top = before.discard_pile[-1]
        _melded(before, after, seat, top.rank, out)
        laid = after.red_threes[seat][len(before.red_threes[seat]) :]
        out.extend(RedThreeLaidOut(seat=seat, card=c) for c in laid)
        _lone_hand(before, after, out)
    elif isinstance(action, MeldCards):
        _melded(before, after, seat, None, out)
        _lone_hand(before, after, out)
    elif isinstance(action, Discard):
        out.append(Discarded(seat=seat, card=action.card))
        _lone_hand(before, after, out)
        _first_turn_red_threes(before, after, seat, out)
    elif isinstance(action, AskPartner):
        out.append(PartnerAsked(seat=seat))
    elif isinstance(action, AnswerPartner):
        out.append(PartnerAnswered(seat=seat, yes=action.yes))
    elif isinstance(action, DeclinePile):
        out.append(PileDeclined(seat=seat))
    if after.is_hand_over and not before.is_hand_over:
        _ended(after, out)
    return tuple(out)


def deal_events(
    state: GameState, deck: Iterable[Card | str] | str | None = None
) -> tuple[Event, ...]:
    """The events of the deal of ``state``'s hand, for a state as dealt: the one
    :func:`canasta.new_game` returns (the events of a later deal come from :func:`step` with
    :class:`~canasta.DealNextHand`).

    The deal is played again from ``deck`` (the pack in dealing order, as
    ``new_game(deck=...)`` takes it), or without one from the match seed, and must give
    ``state``.

    >>> import canasta
    >>> state = canasta.new_game("classic", seed=7)
    >>> events = canasta.deal_events(state)
    >>> type(events[0]).__name__, events[0].hand_sizes
    ('HandDealt', (11, 11, 11, 11))
    >>> [e.hands[1] is None for e in canasta.events_for(events[:1], 0)]
    [True]

    Raises:
        StateError: ``state`` is not a :class:`~canasta.GameState`, its match has no seed and
            no ``deck`` is given, or ``state`` is not its hand as dealt from that deck (a
            position built otherwise, or a state after the deal's first action).
        SetupError: ``deck`` is not the variant's whole pack.
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    v = state.variant
    if deck is not None:
        cards = _rules._check_deck(v, deck)
    elif state.seed is None:
        raise StateError("the match has no seed: give the deck the hand was dealt from")
    else:
        cards = _rules.shuffled_deck(v, state.seed, state.hand_number, state.deal_version)
    again = _rules.deal(
        v,
        cards,
        seed=state.seed,
        hand_number=state.hand_number,
        dealer=state.dealer,
        totals=state.totals,
        deal_version=state.deal_version,
    )
    if again != state:
        raise StateError(
            f"the state is not hand {state.hand_number} as dealt from "
            f"{'this deck' if deck is not None else 'its seed'} (deal events describe a state "
            "new_game returned, before any action)"
        )
    out: list[Event] = []
    _deal(state, cards, out)
    return tuple(out)


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """What ``seat`` may see of ``events`` (``None``: a spectator, who sees only what is
    public): each event's :meth:`~CardsDrawn.seen_by`. Cards drawn by others and other hands
    dealt are hidden (``None``); everything else is public (see the module).

    Raises:
        StateError: ``seat`` is not ``None`` or an int from 0, or an item is not an event.
    """
    if seat is not None and (type(seat) is not int or seat < 0):
        raise StateError(f"seat must be None or an int from 0, not {seat!r:.40}")
    out = []
    try:
        items = iter(events)
    except TypeError:
        raise StateError(f"not a sequence of events: {type(events).__name__}") from None
    for e in items:
        if not isinstance(e, _EVENT_TYPES):
            raise StateError(f"not an event: {type(e).__name__}")
        out.append(e.seen_by(seat))
    return tuple(out)


def _lay_out(seat: int, counts: list[int], stock: list[Card], out: list[Event]) -> None:
    """The rules' laying out of red threes (canasta._rules._lay_out_red_threes, §2 cases 4, 5):
    each red three in ``counts`` (3H first) laid out and replaced from the top of ``stock``
    while it lasts; ``counts`` and ``stock`` are updated."""
    while counts[5] or counts[6]:
        i = 5 if counts[5] else 6
        counts[i] -= 1
        out.append(RedThreeLaidOut(seat=seat, card=Card.from_id(i)))
        if stock:
            c = stock.pop(0)
            counts[c.id] += 1
            out.append(CardsDrawn(seat=seat, count=1, cards=(c,), replacing=True))


def _deal(state: GameState, deck: Sequence[Card], out: list[Event]) -> None:
    """The events of dealing ``state``'s hand from ``deck``, as canasta._rules.deal deals it
    (§1 "Deal"): the hands one card at a time from the dealer's left, the upcard covered while
    it is a wild card or a red three (or a black three where the variant says so, §2 cases 1-3),
    then the red threes laid out and replaced (§2 cases 4, 5; at each player's first turn where
    the variant says so, §4 A9: the first player's now)."""
    v = state.variant
    order = state.order
    dealt, hands, stock, pile = _rules.deal_out(v, order, state.dealer, deck)
    out.extend(
        SeatSitsOut(seat=p, hand_number=state.hand_number)
        for p in range(v.players)
        if p not in order
    )
    out.append(
        HandDealt(
            hand_number=state.hand_number,
            dealer=state.dealer,
            order=order,
            hands=tuple(Cards._from_counts(tuple(h)) for h in hands),
            hand_sizes=tuple(sum(h) for h in hands),
        )
    )
    if pile:
        out.append(UpcardTurned(cards=tuple(pile)))
    at_once = v.red_three_timing is RedThreeTiming.AFTER_DEAL
    for seat in dealt if at_once else dealt[:1]:
        _lay_out(seat, hands[seat], stock, out)
    if state.is_hand_over:  # a deal that leaves nothing to play (§2 case 31)
        _ended(state, out)


def _drawn(before: GameState, seat: int, out: list[Event]) -> None:
    """A draw: the variant's draw count from the top of the stock (§1 "Drawn from stock"), then
    the red threes in the hand laid out and replaced (§2 cases 4, 5, 30)."""
    stock = list(before.stock)
    k = min(before.variant.draw_count, len(stock))
    drawn = stock[:k]
    del stock[:k]
    out.append(CardsDrawn(seat=seat, count=k, cards=tuple(drawn)))
    counts = list(before.hands[seat].counts)
    for c in drawn:
        counts[c.id] += 1
    _lay_out(seat, counts, stock, out)


def _melded(
    before: GameState, after: GameState, seat: int, first: Rank | None, out: list[Event]
) -> None:
    """Meld events of ``seat`` from his side's melds before and after (the top card's rank
    ``first``, then from the highest rank down), each followed by the canasta it completes
    (§1 "Meld composition", "Canasta"; a pile's top card is melded at once, §1 "Taking the
    pile")."""
    side = before.side_of(seat)
    old = {m.rank: m for m in before.melds[side]}
    new = after.melds[after.side_of(seat)]
    changed = [m for m in new if old.get(m.rank) != m]
    changed.sort(key=lambda m: m.rank is not first)  # stable: the rank order otherwise
    size = before.variant.canasta_size
    for m in changed:
        o = old.get(m.rank)
        if o is None:
            out.append(MeldMade(seat=seat, side=side, meld=m))
        else:
            added = Meld(m.rank, Cards.of(m.cards)._with(removed=o.cards))
            out.append(MeldExtended(seat=seat, side=side, cards=added.cards, meld=m))
        if len(m.cards) >= size and (o is None or len(o.cards) < size):
            out.append(_completed(before, seat, side, m))


def _lone_hand(before: GameState, after: GameState, out: list[Event]) -> None:
    """Cutthroat: the lone hand formed in this move, and canastas the partners' combined melds
    make (BI-CT)."""
    if after.sides == before.sides:
        return
    lone = next(side[0] for side in after.sides if len(side) == 1)
    partners = next(side for side in after.sides if lone not in side)
    side = after.side_of(partners[0])
    melds = after.melds[side]
    out.append(LoneHandFormed(seat=lone, partners=partners, melds=melds))
    size = before.variant.canasta_size
    for m in melds:
        was = any(
            o.rank is m.rank and len(o.cards) >= size
            for p in partners
            for o in before.melds[before.side_of(p)]
        )
        if len(m.cards) >= size and not was:
            out.append(_completed(before, None, side, m))


def _completed(before: GameState, seat: int | None, side: int, meld: Meld) -> CanastaCompleted:
    """The canasta ``meld`` completed (natural or mixed by the variant's classifier, §1
    "Canasta")."""
    natural = before.variant.canasta_class(meld)[0]
    return CanastaCompleted(seat=seat, side=side, rank=meld.rank, natural=natural)


def _first_turn_red_threes(
    before: GameState, after: GameState, seat: int, out: list[Event]
) -> None:
    """Where red threes are laid out at each player's first turn (§4 A9), the next player's,
    after a discard that passes him the turn."""
    if after.end is not None and after.end.went_out:
        return
    order = before.order
    nxt = order[(order.index(seat) + 1) % len(order)]
    if len(after.red_threes[nxt]) == len(before.red_threes[nxt]):
        return
    _lay_out(nxt, list(before.hands[nxt].counts), list(before.stock), out)


def _ended(after: GameState, out: list[Event]) -> None:
    """The hand's end, its score sheet (§3) and the match's end (§1 "Target")."""
    end = after.end
    assert end is not None
    out.append(
        HandEnded(
            hand_number=after.hand_number, reason=end.reason, seat=end.seat, concealed=end.concealed
        )
    )
    totals = after.match_totals
    out.append(HandScored(hand_number=after.hand_number, score=score_hand(after), totals=totals))
    if after.is_match_over:
        out.append(MatchOver(winners=after.winners, totals=totals))


# ============================================================================ JSON
# Each event's document is made from its class by the model's converter (canasta._codec):
# ``"type"`` is the class name in snake case, its fields are the attrs fields in order, each read
# strictly by its type (a score sheet nested as a ``hand_score``). Beyond its type, a field is
# checked by its name (_RANGES, _check_field), and the facts that tie fields together in _TIED;
# its JSON Schema is made from the class and says the same of each field (_schema).
_SEATS: Final = (0, MAX_PLAYERS - 1)
#: The range of an int field, or of each int of an array field, by the field's name.
_RANGES: Final[dict[str, tuple[int, int]]] = {
    "dealer": _SEATS,
    "hand_number": (1, MAX_HAND_NUMBER),
    "count": (1, MAX_CARDS),
    "order": _SEATS,
    "partners": _SEATS,
    "winners": _SEATS,
    "totals": (-MAX_TOTAL, MAX_TOTAL),
    "hand_sizes": (0, MAX_CARDS),
}


def _bad(step: str, message: str) -> NoReturn:
    raise Bad(message, step)


def _check_meld(m: Meld, step: str) -> None:
    if m.rank not in TABLE_RANKS:
        _bad(f"{step}.rank", f"not a rank here: {m.rank.symbol!r}")
    if not m.cards:
        _bad(f"{step}.cards", "expected at least one card")
    for i, c in enumerate(m.cards):
        if not (c.is_black_three if m.rank is Rank.THREE else (c.rank is m.rank or c.is_wild)):
            _bad(f"{step}.cards[{i}]", f"{c} does not belong in a meld of {m.rank.symbol}s")


def _check_field(name: str, value: Any) -> None:
    """The checks of a field, read by its type, that its name asks for."""
    step = f".{name}"
    if name in _RANGES:
        items = value if type(value) is tuple else (value,)
        if len(items) > MAX_PLAYERS:
            _bad(step, f"{len(items)} items are too many (at most {MAX_PLAYERS})")
        for i, x in enumerate(items):
            try:
                _int(x, None, *_RANGES[name])
            except Bad as exc:
                raise at(step + (f"[{i}]" if items is value else ""), exc) from None
        if _RANGES[name] is _SEATS and len(set(items)) != len(items):
            _bad(step, "a seat is listed twice")
    elif name == "cards" and value == ():
        _bad(step, "expected at least one card")
    elif name == "rank" and value not in TABLE_RANKS:
        _bad(step, f"not a rank here: {value.symbol!r}")
    elif name == "meld":
        _check_meld(value, step)
    elif name == "melds":
        for i, m in enumerate(value):
            _check_meld(m, f"{step}[{i}]")


def _tied_dealt(f: dict[str, Any]) -> None:
    order, sizes, hands = f["order"], f["hand_sizes"], f["hands"]
    if not order:
        _bad(".order", "expected at least one seat")
    if f["dealer"] not in order:
        _bad(".dealer", "the dealer is one of the seats playing the hand")
    if max(order) >= len(sizes):
        _bad(".hand_sizes", f"{len(sizes)} entries, but seat {max(order)} plays the hand")
    for i, n in enumerate(sizes):
        if n and i not in order:
            _bad(f".hand_sizes[{i}]", f"seat {i} sits out and is dealt no cards")
    if len(hands) != len(sizes):
        _bad(".hands", f"{len(hands)} hands for {len(sizes)} seats")
    for i, h in enumerate(hands):
        if h is not None and h.size != sizes[i]:
            _bad(f".hands[{i}]", f"{h.size} cards, and hand_sizes says {sizes[i]}")


def _tied_drawn(f: dict[str, Any]) -> None:
    if f["cards"] is not None and len(f["cards"]) != f["count"]:
        _bad(".cards", f"{len(f['cards'])} cards, and count says {f['count']}")
    if f["replacing"] and f["count"] != 1:
        _bad(".count", "a red three is replaced by one card")


def _tied_red_three(f: dict[str, Any]) -> None:
    if not f["card"].is_red_three:
        _bad(".card", f"{f['card']} is not a red three")


def _tied_extended(f: dict[str, Any]) -> None:
    meld, cards = f["meld"], f["cards"]
    counts = list(Cards.of(meld.cards).counts)
    for i, c in enumerate(cards):
        counts[c.id] -= 1
        if counts[c.id] < 0:
            _bad(f".cards[{i}]", f"{c} is added, and the meld after holds no more of it")
    if len(cards) == len(meld.cards):
        _bad(".cards", "an extended meld held cards before")
    f["cards"] = Meld(meld.rank, cards).cards  # in display order


def _tied_lone(f: dict[str, Any]) -> None:
    if not f["partners"] or f["seat"] in f["partners"]:
        _bad(".partners", "the lone hand's partners are other seats (at least one)")
    ranks = [m.rank for m in f["melds"]]
    if ranks != sorted(set(ranks), reverse=True):
        _bad(".melds", "one meld per rank, from the highest rank down")


def _tied_ended(f: dict[str, Any]) -> None:
    if f["concealed"] and f["reason"] is not EndReason.WENT_OUT:
        _bad(".concealed", "only a player going out goes out concealed")


def _tied_scored(f: dict[str, Any]) -> None:
    if len(f["totals"]) != len(f["score"].sides):
        _bad(".totals", f"{len(f['totals'])} totals for {len(f['score'].sides)} sides")


def _tied_match(f: dict[str, Any]) -> None:
    if not f["winners"] or any(w >= len(f["totals"]) for w in f["winners"]):
        _bad(".winners", f"the winners are sides from 0 to {len(f['totals']) - 1}")


#: The facts that tie an event's fields together, checked once each field is read (and the
#: place to put a field read in a normal form: the cards added to a meld in display order).
_TIED: Final[dict[type, Callable[[dict[str, Any]], None]]] = {
    HandDealt: _tied_dealt,
    CardsDrawn: _tied_drawn,
    RedThreeLaidOut: _tied_red_three,
    MeldExtended: _tied_extended,
    LoneHandFormed: _tied_lone,
    HandEnded: _tied_ended,
    HandScored: _tied_scored,
    MatchOver: _tied_match,
}


def _encode(e: Any) -> dict[str, Any]:
    """An event's fields as JSON, each in the shape of its type."""
    out: dict[str, Any] = converter.unstructure(e)
    if type(e) is HandScored:
        out["score"] = to_dict(e.score, versioned=False)
    return out


def _reader(cls: type[Any]) -> Callable[[Any, Any], Any]:
    """The converter's structure hook of an event class: its fields read by their types, then
    checked by their names and together."""
    read = fields_reader(cls)
    tied = _TIED.get(cls)

    def hook(value: Any, _: Any) -> Any:
        if cls is HandScored and type(value) is dict and type(value.get("score")) is dict:
            score = value["score"]
            if "type" not in score:
                _bad(".score.type", "missing")
            if score["type"] != "hand_score":
                _bad(".score.type", f"expected a 'hand_score', got {str(score['type'])[:40]!r}")
            value = {**value, "score": {k: x for k, x in score.items() if k != "type"}}
        fields = read(value)
        for name, x in fields.items():
            if x is not None:
                _check_field(name, x)
        if tied is not None:
            tied(fields)
        return build(cls, fields)

    return hook


def _schema(cls: type[Any], name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a field of an event of ``cls``: the checks of its name (_RANGES,
    _check_field) and the plain ones of _TIED."""
    if name in _RANGES:
        schema = ranged(schema, *_RANGES[name])
        if typing.get_origin(typing.get_type_hints(cls)[name]) is tuple:
            schema = {**schema, "maxItems": MAX_PLAYERS}
        if _RANGES[name] is _SEATS and name != "dealer":
            schema = {**schema, "minItems": 1, "uniqueItems": True}
    if name == "cards":  # never empty (null where hidden)
        hidden = schema.get("anyOf", [schema])
        shown = [{**hidden[0], "minItems": 1}, *hidden[1:]]
        schema = {"anyOf": shown} if "anyOf" in schema else shown[0]
    if name == "rank":
        schema = {"$ref": "#/$defs/table_rank"}
    if name == "meld":  # on the table
        schema = {"$ref": "#/$defs/table_meld"}
    if name == "melds":
        schema = {**schema, "items": {"$ref": "#/$defs/table_meld"}}
    if name == "score":  # a nested document
        schema = {"$ref": "#/$defs/hand_score_fields", "unevaluatedProperties": False}
    if cls is RedThreeLaidOut and name == "card":
        schema = {"enum": ["3H", "3D"]}
    return schema


for _cls in _EVENT_TYPES:
    converter.register_structure_hook(_cls, _reader(_cls))
    refine_schema(_cls, functools.partial(_schema, _cls))
    register(snake_case(_cls.__name__), _cls, _encode)
