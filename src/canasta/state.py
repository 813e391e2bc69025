"""The game state: an immutable snapshot of a match, its current hand and the turn in progress.

Only what is needed to go on is stored. Facts that follow from it (whether the pile is frozen or
blocked, a side's minimum, its canastas, whether it has melded) are computed when asked: among
them :attr:`Turn.melded` (from the turn's ``created`` and ``laid_off``) and
:attr:`GameState.order` (from the variant and the hand number, :func:`seating`), which the
formats still write, each checked against what it follows from when read.

"Has melded" means four things, each kept once:

* :attr:`GameState.has_melded` ``[seat]``: the seat put cards on the table in an *earlier* turn
  of this hand (history, stored: the table does not tell who laid which cards);
* :meth:`GameState.side_has_melded`: the side has a meld on the table, its initial meld made
  (read off :attr:`GameState.melds`; :meth:`GameState.side_needs_minimum` is its negation);
* :attr:`Turn.melded`: the player to act put cards on the table *this* turn (derived from
  :attr:`Turn.created` and :attr:`Turn.laid_off`; at the end of the turn it joins
  ``has_melded``);
* :attr:`HandEnd.partner_had_melded`: when a player went out, whether a partner's
  ``has_melded`` was set (kept in the end, which the score reads, §4 A5).

:attr:`GameState.phase`, where the turn stands, is derived too, from the hand's end and the
turn's facts: the hand is over once it has an ``end``; before that the player is to draw until
the turn says where his cards came from (``turn.drew``), his partner is to answer while his
question awaits its answer (``turn.asked`` without ``turn.permission``), and he plays
otherwise. The formats still write the phase, and refuse one that contradicts the facts it
follows from (:func:`canasta.problems` with the phase as stated).
"""

from __future__ import annotations

import enum
import operator
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from ._memo import ByIdentity
from .cards import Card, Cards, Rank
from .deals import DEAL_VERSION, DEAL_VERSIONS
from .errors import StateError
from .melds import Meld, MeldKey
from .variants import Variant

#: By card id: whether the card in the pile freezes it (twos 0-3, red threes 5-6, the joker 52),
#: and the same with black threes (4, 7) (§1 "Frozen pile", §4 A3).
_FREEZES = tuple(i < 4 or i in (5, 6) or i == 52 for i in range(53))
_FREEZES_WITH_BLACK = tuple(f or i in (4, 7) for i, f in enumerate(_FREEZES))
_CARD_ID = operator.attrgetter("id")

# Facts worked out from tuples that the states of a hand share: each seat's partners by the
# hand's sides (and its order), a side's canastas by its melds tuple (and the canasta size).
_PARTNERS: ByIdentity[dict[int, tuple[int, ...]]] = ByIdentity(1024)
_CANASTAS: ByIdentity[int] = ByIdentity(1024)

__all__ = [
    "DrawSource",
    "EndReason",
    "GameState",
    "HandEnd",
    "Phase",
    "Turn",
    "connect",
    "seating",
]


def seating(variant: Variant, hand_number: int) -> tuple[int, ...]:
    """The seats playing hand ``hand_number``, in playing order: the sides' members alternate
    round the table (§1 "Players, sides, seating"); with five players the trio's members sit out
    in turn, the first in hand 1 (RG5, CS2). It is :attr:`GameState.order`."""
    sitter = None
    if variant.sit_out_side is not None:
        side = variant.sides[variant.sit_out_side]
        sitter = side[(hand_number - 1) % len(side)]
    sides = [tuple(p for p in side if p != sitter) for side in variant.sides]
    order: list[int] = []
    for k in range(max(len(s) for s in sides)):
        order.extend(s[k] for s in sides if k < len(s))
    return tuple(order)


class _Above:
    """What the state hands to modules above it, which it does not import (see
    :func:`connect`): the hand's score (:func:`canasta.score_hand` reads states), the repr (the
    position notation) and the picture (the SVG renderer). Until connected a state is shown by
    its fields and has no picture."""

    score_hand: Callable[[GameState], Any] | None = None
    position_repr: Callable[[GameState], str] | None = None
    render_svg: Callable[[Any], str] | None = None


def connect(
    *,
    score_hand: Callable[[GameState], Any],
    position_repr: Callable[[GameState], str],
    render_svg: Callable[[Any], str],
) -> None:
    """Give the state the functions of the modules above the core that it hands work to:
    ``score_hand`` (a hand's :class:`~canasta.HandScore`, for :attr:`GameState.match_totals`),
    ``position_repr`` (:meth:`GameState.__repr__`) and ``render_svg`` (the ``_repr_svg_`` of a
    state and of a :class:`~canasta.PlayerView`). The package calls it once when it is imported
    (importing any module of it imports the package first); the core imports no format, renderer
    or app (see the architecture page of the docs)."""
    _Above.score_hand = score_hand
    _Above.position_repr = position_repr
    _Above.render_svg = render_svg


def picture(shown: object) -> str | None:
    """The SVG picture of a state or a view for Jupyter (``None``: no renderer connected)."""
    return None if _Above.render_svg is None else _Above.render_svg(shown)


def winners_of(variant: Variant, totals: tuple[int, ...]) -> tuple[int, ...]:
    """The match sides that have won with ``totals`` (points, after a scored hand): the leader at
    or above the target, unless the leaders tie and the variant plays on (§1 "Target", §2 case
    40); ``()`` while the match goes on."""
    best = max(totals)
    if best < variant.target_score:
        return ()
    leaders = tuple(i for i, t in enumerate(totals) if t == best)
    return () if len(leaders) > 1 and variant.tie_rule == "play_on" else leaders


def _shape(hint: Any) -> Callable[[object], bool]:
    """A test of whether a value has the shape of the type ``hint`` (an annotation of a field
    below): exactly an int or a bool where it says so, a tuple or frozenset of such items, an
    instance of a class, ``None`` where the union allows it."""
    origin = typing.get_origin(hint)
    if origin in (tuple, frozenset):
        item = _shape(typing.get_args(hint)[0])
        return lambda v: type(v) is origin and all(map(item, v))  # type: ignore[call-overload]
    if origin is types.UnionType:
        tests = [_shape(h) for h in typing.get_args(hint)]
        return lambda v: any(t(v) for t in tests)
    if hint in (int, bool):
        return lambda v: type(v) is hint
    if hint is type(None):
        return lambda v: v is None
    return lambda v: isinstance(v, hint)


def _check_fields(obj: Any) -> None:
    """Refuse a value built with a field of the wrong shape (a list for a tuple, a bool for a
    seat, ``None`` for a turn...): the engine reads every field as its annotation says. The
    engine's own copies (:func:`canasta._core.evolve`) skip this: their fields are its own."""
    cls = type(obj)
    shapes = _SHAPES.get(cls)
    if shapes is None:
        hints = typing.get_type_hints(cls)
        fields = [a for a in attrs.fields(cls) if a.init]  # not the derived ones
        shapes = _SHAPES[cls] = [(a.name, _shape(hints[a.name])) for a in fields]
    for name, fits in shapes:
        value = getattr(obj, name)
        if not fits(value):
            raise StateError(
                f"{cls.__name__}.{name}: not of the type its annotation gives, {value!r:.60}"
            )


_SHAPES: dict[type, list[tuple[str, Callable[[object], bool]]]] = {}


class Phase(enum.StrEnum):
    """Where the turn stands: draw, meld, discard; a small state machine (§1)."""

    #: The seat to act draws from the stock or takes the discard pile (or, once the stock is
    #: exhausted, takes the pile or declines it).
    DRAW = "draw"
    #: After drawing: meld, ask partner, discard (or go out).
    PLAY = "play"
    #: The partner of the player who asked "may I go out?" must answer.
    ANSWER = "answer"
    #: The hand has ended; it can be scored, and (unless the match is over) the next dealt.
    HAND_OVER = "hand_over"


_DRAW, _PLAY, _ANSWER, _HAND_OVER = Phase.DRAW, Phase.PLAY, Phase.ANSWER, Phase.HAND_OVER


class DrawSource(enum.StrEnum):
    """Where the player to act got his cards this turn."""

    STOCK = "stock"
    PILE = "pile"


class EndReason(enum.StrEnum):
    """Why a hand ended."""

    #: A player went out (§1 "Canastas to go out").
    WENT_OUT = "went_out"
    #: The stock ran out and a player could not, or lawfully did not, take the pile (§2 case 31).
    STOCK_EXHAUSTED = "stock_exhausted"
    #: The last stock card drawn was a red three (§2 case 30, §4 A7).
    LAST_CARD_RED_THREE = "last_card_red_three"


@attrs.frozen(kw_only=True)
class Turn:
    """Facts about the turn in progress that cannot be read off the table.

    Attributes:
        seat: whose turn it is.
        drew: where the player's cards came from this turn (``None`` before drawing).
        asked: whether the player asked partner "may I go out?" this turn.
        permission: partner's answer (``None`` if not asked or not yet answered).
        laid_off: whether the player added cards to a meld not started by him this turn (this
            spoils a concealed going out, §2 case 29).
        created: keys of the melds the player started this turn (:attr:`Meld.key
            <canasta.Meld.key>`: for a group, its rank).
        last_red_three: the player drew the last stock card as a red three and may meld but not
            discard (§4 A7); :class:`~canasta.EndTurn` ends the hand.
    """

    seat: int
    drew: DrawSource | None = None
    asked: bool = False
    permission: bool | None = None
    laid_off: bool = False
    created: frozenset[MeldKey] = frozenset()
    last_red_three: bool = False

    #: The post-init hook only checks shapes: the engine's copies (canasta._core) skip it.
    _post_init_checks_only: ClassVar[bool] = True

    def __attrs_post_init__(self) -> None:
        _check_fields(self)

    @property
    def melded(self) -> bool:
        """Whether the player put any card on the table this turn: he started a meld
        (:attr:`created`) or added to one he did not start (:attr:`laid_off`). Derived, not a
        constructor argument (JSON and the position notation still write it, and refuse a
        value that contradicts ``created`` and ``laid_off``: ``melded_without_melds``)."""
        return self.laid_off or bool(self.created)


@attrs.frozen(kw_only=True)
class HandEnd:
    """How the hand ended.

    Attributes:
        reason: why.
        seat: the player who went out (or drew the last card, or declined the pile).
        concealed: whether the player went out concealed (§2 case 29).
        partner_had_melded: whether a partner of the player going out had melded before (for the
            German "Blattausmachen"/"Handcanasta" distinction, §4 A5).
    """

    reason: EndReason
    seat: int | None = None
    concealed: bool = False
    partner_had_melded: bool = False

    _post_init_checks_only: ClassVar[bool] = True

    def __attrs_post_init__(self) -> None:
        _check_fields(self)

    @property
    def went_out(self) -> bool:
        return self.reason is EndReason.WENT_OUT


@attrs.frozen(kw_only=True, repr=False)
class GameState:
    """A match in progress: one immutable snapshot. Create one with :func:`canasta.new_game` or
    :func:`canasta.position`; advance it with :func:`canasta.apply`.

    Seats are numbered from 0, clockwise; sides are indexed as in :attr:`Variant.sides`.

    Attributes:
        variant: the rules.
        seed: the match seed the decks of later hands follow from (``None`` if the decks are
            supplied by the caller).
        hand_number: 1 for the first hand of the match.
        dealer: the dealer's seat; the player on his left (next seat) plays first.
        totals: each match side's total *before* the current hand, in points; match sides are
            :attr:`Variant.sides` (in Cutthroat each player is one).
        order: the seats playing this hand, in playing order (clockwise); every seat unless one
            sits out (five players). Derived from the variant and the hand number
            (:func:`seating`), not a constructor argument: set when the state is built, copied
            with it.
        sides: the sides of this hand: seats playing together, their melds indexed alike. The
            variant's sides, except in Cutthroat where they form during the hand.
        hands: each seat's hand (empty for a seat sitting out).
        stock: the stock, top card first.
        discard_pile: the discard pile, bottom card first, top card last.
        melds: each side's melds, in rank order (one meld per rank).
        red_threes: the red threes each seat has laid out.
        phase: where the turn stands. Derived from :attr:`end` and :attr:`turn`
            (see the property), not a constructor argument.
        turn: facts about the turn in progress.
        has_melded: for each seat, whether it put cards on the table in an earlier turn of
            this hand.
        end: how the hand ended, or ``None`` while it goes on.
        out_of_play: the cards of the pack that take no part in this hand (empty unless the
            position was built so, see :func:`canasta.position`): with them every card of the
            pack is accounted for. Players see only their number (``PlayerView.out_of_play``
            of :class:`~canasta.PlayerView`); the next hand is dealt from the whole pack again.
        deal_version: the deal algorithm the decks of the match's later hands follow from its
            seed: 1, :func:`canasta.shuffled_pack` (the default); 0, the shuffle of states
            written before portable deals (see :data:`canasta.deals.DEAL_VERSION`).
        zones: each seat's hidden packets after its hand, in the order of the variant's
            :attr:`TableRules.zones <canasta.systems.TableRules.zones>` (a foot:
            RULES-FAMILIES X.4, H1), one tuple of :class:`~canasta.Cards` per seat; ``()``
            (the default, and always in Classic) when no seat holds any. They count in the
            pack's cards; views show only their sizes. No rule of the engine moves cards into
            or out of them yet.
    """

    variant: Variant
    seed: int | None
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    order: tuple[int, ...] = attrs.field(init=False, eq=False)
    sides: tuple[tuple[int, ...], ...]
    hands: tuple[Cards, ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    turn: Turn
    has_melded: tuple[bool, ...]
    end: HandEnd | None = None
    out_of_play: Cards = attrs.field(default=Cards._from_counts((0,) * 53, 0))
    deal_version: int = DEAL_VERSION
    zones: tuple[tuple[Cards, ...], ...] = ()

    _post_init_checks_only: ClassVar[bool] = True

    def __attrs_post_init__(self) -> None:
        # A state built by hand (its constructor, attrs.evolve) gets the shapes the engine
        # relies on checked once here; the engine's own new states are copies that skip this.
        _check_fields(self)
        if self.deal_version not in DEAL_VERSIONS:
            raise StateError(f"GameState.deal_version: no deal version {self.deal_version}")
        object.__setattr__(self, "order", seating(self.variant, self.hand_number))

    def __repr__(self) -> str:
        """Python text that rebuilds an equal state: ``canasta.parse_position(...)`` with the
        position notation of :func:`canasta.notation.format_position` (connected by the package,
        see :func:`connect`)."""
        if _Above.position_repr is None:
            return f"GameState(hand_number={self.hand_number}, phase={self.phase.value!r}, ...)"
        return _Above.position_repr(self)

    def _repr_svg_(self) -> str | None:
        """The table as an SVG picture, for Jupyter (see :func:`canasta.svg.render_svg`)."""
        return picture(self)

    # ------------------------------------------------------------------ who acts
    @property
    def phase(self) -> Phase:
        """Where the turn stands (§1 "Drawn from stock / discarded", §2 case 28), derived from
        the hand's :attr:`end` and the :attr:`turn`'s facts: :attr:`Phase.HAND_OVER` once the
        hand has an end; else :attr:`Phase.DRAW` until the turn says where the player's cards
        came from (:attr:`Turn.drew`), :attr:`Phase.ANSWER` while his question to partner awaits
        its answer (:attr:`Turn.asked`, :attr:`Turn.permission` ``None``), :attr:`Phase.PLAY`
        otherwise. Not a constructor argument: a state is given the facts it follows from."""
        if self.end is not None:
            return _HAND_OVER
        turn = self.turn
        if turn.drew is None:
            return _DRAW
        if turn.asked and turn.permission is None:
            return _ANSWER
        return _PLAY

    @property
    def current_seat(self) -> int | None:
        """The 0-based seat to act, or ``None`` when nobody is to act (the hand is over).

        Raises:
            StateError: an impossible state whose turn asked a partner (the answer phase) of a
                seat without one (:func:`canasta.problems`: ``no_partner``), built by hand.
        """
        phase = self.phase
        if phase is _HAND_OVER:
            return None
        if phase is _ANSWER:
            partners = self.partners(self.turn.seat)
            if not partners:
                raise StateError(
                    f"seat {self.turn.seat} asked partner but has no partner to answer "
                    "(an impossible state: problems() says no_partner)"
                )
            return partners[0]
        return self.turn.seat

    @property
    def is_hand_over(self) -> bool:
        """The current hand has ended and can be scored (it has an :attr:`end`)."""
        return self.end is not None

    @property
    def is_match_over(self) -> bool:
        """A side has reached the target after a scored hand, with no tie for the lead (unless
        the variant shares tied wins) (§1 "Target", §2 case 40)."""
        return self.is_hand_over and bool(self.winners)

    @property
    def match_totals(self) -> tuple[int, ...]:
        """Each side's match total including the current hand's score once it is over (points)."""
        if not self.is_hand_over:
            return self.totals
        assert _Above.score_hand is not None, "the package connects the scorer (see connect)"
        score = _Above.score_hand(self).totals
        return tuple(t + s for t, s in zip(self.totals, score, strict=True))

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning side(s) of the match (:func:`winners_of`), or ``()`` while the match goes
        on."""
        return winners_of(self.variant, self.match_totals) if self.is_hand_over else ()

    # ------------------------------------------------------------------ derived facts
    def hand_side(self, seat: int) -> int:
        """The index (in :attr:`sides` and :attr:`melds`) of the side ``seat`` plays for in this
        hand (its *hand side*; in Cutthroat it forms during the hand). The seat's match side,
        whose total :attr:`totals` keeps, is the variant's (:attr:`Variant.sides`).

        ``side_of``, its old name, stays as a deprecated alias.

        Raises:
            StateError: ``seat`` does not play this hand (a :class:`ValueError`, as every
                error of the package).
        """
        sides = self.sides
        v = self.variant
        if sides is v.sides and type(seat) is int and 0 <= seat < v.players:
            return v._side_of[seat]  # the variant's own sides: looked up
        for i, side in enumerate(sides):
            if seat in side:
                return i
        raise StateError(f"seat {seat} does not play this hand")

    #: Deprecated alias of :meth:`hand_side` (the side of this hand, not the match side).
    side_of = hand_side

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats playing with ``seat`` this hand, in playing order after him."""
        sides = self.sides
        order = self.order
        table = _PARTNERS.get(sides, order)
        if table is None:
            table = _PARTNERS.put(sides, {s: self._partners(s) for s in order}, order)
        found = table.get(seat)
        return self._partners(seat) if found is None else found

    def _partners(self, seat: int) -> tuple[int, ...]:
        side = self.sides[self.hand_side(seat)]
        order = self.order
        if seat not in order:
            return ()
        i = order.index(seat)
        n = len(order)
        return tuple(p for p in (order[(i + k) % n] for k in range(1, n)) if p in side)

    def minimum_for(self, seat: int) -> int:
        """The initial-meld minimum, in points, when ``seat``'s side has not melded: by the total
        of the seat's match side before the deal (§1 "Initial-meld minimum"; in Cutthroat the
        player's own total, §2 case 34) and the hand number, as the variant's opening hook
        says (:class:`~canasta.systems.TableRules`).

        Raises:
            StateError: ``seat`` is not a seat of the variant.
        """
        v = self.variant
        if type(seat) is not int or not 0 <= seat < v.players:
            raise StateError(f"no seat {seat!r:.40} (seats 0 to {v.players - 1})")
        # the table rules' opening hook (Classic: the score bands; canasta.systems)
        return v._opening(v, self.totals[v.match_side(seat)], self.hand_number)

    def side_has_melded(self, side: int) -> bool:
        """Whether the side has any meld on the table (its initial meld is made).

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        return bool(self.melds[self._side(side)])

    def minimum_for_side(self, side: int) -> int:
        """The side's initial-meld minimum this hand, in points, by its total before the deal
        (§1 "Initial-meld minimum"); for a side whose players have different totals (Cutthroat),
        that of its first player (see :meth:`minimum_for`). Once the side has melded it needs no
        minimum, which :meth:`side_needs_minimum` tells.

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        return self.minimum_for(self.sides[self._side(side)][0])

    def side_needs_minimum(self, side: int) -> bool:
        """Whether the side has yet to make its initial meld.

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        return not self.melds[self._side(side)]

    def _side(self, side: object) -> int:
        """``side`` if it indexes :attr:`sides`, else a :class:`StateError`."""
        if type(side) is int and 0 <= side < len(self.sides):
            return side
        raise StateError(f"no side {side!r:.40} (sides 0 to {len(self.sides) - 1})")

    def canastas(self, side: int) -> int:
        """The number of canastas the side has on the table.

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        size = self.variant.canasta_size
        melds = self.melds[self._side(side)]
        count = _CANASTAS.get(melds, size)
        if count is None:
            count = _CANASTAS.put(melds, sum(1 for m in melds if len(m.cards) >= size), size)
        return count

    def meld_of(self, side: int, rank: Rank) -> Meld | None:
        """The side's meld of ``rank``, if any.

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        for m in self.melds[self._side(side)]:
            if m.rank is rank:
                return m
        return None

    def meld_at(self, side: int, key: MeldKey) -> Meld | None:
        """The side's meld whose :attr:`~canasta.Meld.key` is ``key`` (for a group, its rank),
        if any: how the rules find a meld on the table (RULES-FAMILIES X.1).

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        for m in self.melds[self._side(side)]:
            if m.key == key:
                return m
        return None

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or ``None`` if the pile is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def pile_frozen(self) -> bool:
        """Whether the pile is frozen for everybody: it holds a wild card or a red three (and,
        where the variant says so, a black three) (§1 "Frozen pile", §4 A3). Whether it is
        frozen for one side (also when that side has not melded) is :meth:`pile_frozen_for`."""
        table = _FREEZES_WITH_BLACK if self.variant.black_three_discard == "freezes" else _FREEZES
        return any(map(table.__getitem__, map(_CARD_ID, self.discard_pile)))

    def pile_frozen_for(self, side: int) -> bool:
        """Whether the pile is frozen for ``side``: frozen for everybody (:attr:`pile_frozen`),
        or the side has not melded (§1 "Frozen pile"). A :class:`~canasta.PlayerView` has the
        same two facts under the same names.

        Raises:
            StateError: ``side`` is not the index of a side (0 to ``len(sides) - 1``).
        """
        return not self.melds[self._side(side)] or self.pile_frozen

    @property
    def pile_blocked(self) -> bool:
        """Whether a black three is on top of the pile, so the player to act cannot take it
        (§2 cases 3, 7)."""
        top = self.top_card
        return top is not None and top.is_black_three

    @property
    def stock_exhausted(self) -> bool:
        return not self.stock


# ---------------------------------------------------------------------------- copies
# The engine copies a state and a turn for every move: these copiers, written out field by
# field, are what canasta._core.evolver gives the rules for the two classes (each field read
# and set directly is cheaper than in a loop over the fields; tests/test_copiers.py
# checks that they name every field). Each field is set through its slot's own setter, which
# passes by the frozen class's __setattr__; the values are trusted, nothing is checked.
_SAME: Any = object()  # a field the copy keeps

_state_variant = GameState.__dict__["variant"].__set__
_state_seed = GameState.__dict__["seed"].__set__
_state_hand_number = GameState.__dict__["hand_number"].__set__
_state_dealer = GameState.__dict__["dealer"].__set__
_state_totals = GameState.__dict__["totals"].__set__
_state_order = GameState.__dict__["order"].__set__
_state_sides = GameState.__dict__["sides"].__set__
_state_hands = GameState.__dict__["hands"].__set__
_state_stock = GameState.__dict__["stock"].__set__
_state_discard_pile = GameState.__dict__["discard_pile"].__set__
_state_melds = GameState.__dict__["melds"].__set__
_state_red_threes = GameState.__dict__["red_threes"].__set__
_state_turn = GameState.__dict__["turn"].__set__
_state_has_melded = GameState.__dict__["has_melded"].__set__
_state_end = GameState.__dict__["end"].__set__
_state_out_of_play = GameState.__dict__["out_of_play"].__set__
_state_deal_version = GameState.__dict__["deal_version"].__set__
_state_zones = GameState.__dict__["zones"].__set__


def _copy_state(
    state: GameState,
    *,
    variant: Any = _SAME,
    seed: Any = _SAME,
    hand_number: Any = _SAME,
    dealer: Any = _SAME,
    totals: Any = _SAME,
    order: Any = _SAME,
    sides: Any = _SAME,
    hands: Any = _SAME,
    stock: Any = _SAME,
    discard_pile: Any = _SAME,
    melds: Any = _SAME,
    red_threes: Any = _SAME,
    turn: Any = _SAME,
    has_melded: Any = _SAME,
    end: Any = _SAME,
    out_of_play: Any = _SAME,
    deal_version: Any = _SAME,
    zones: Any = _SAME,
) -> GameState:
    """A copy of ``state`` with the fields given changed (see :func:`canasta._core.evolve`)."""
    new: GameState = object.__new__(GameState)
    _state_variant(new, state.variant if variant is _SAME else variant)
    _state_seed(new, state.seed if seed is _SAME else seed)
    _state_hand_number(new, state.hand_number if hand_number is _SAME else hand_number)
    _state_dealer(new, state.dealer if dealer is _SAME else dealer)
    _state_totals(new, state.totals if totals is _SAME else totals)
    _state_order(new, state.order if order is _SAME else order)
    _state_sides(new, state.sides if sides is _SAME else sides)
    _state_hands(new, state.hands if hands is _SAME else hands)
    _state_stock(new, state.stock if stock is _SAME else stock)
    _state_discard_pile(new, state.discard_pile if discard_pile is _SAME else discard_pile)
    _state_melds(new, state.melds if melds is _SAME else melds)
    _state_red_threes(new, state.red_threes if red_threes is _SAME else red_threes)
    _state_turn(new, state.turn if turn is _SAME else turn)
    _state_has_melded(new, state.has_melded if has_melded is _SAME else has_melded)
    _state_end(new, state.end if end is _SAME else end)
    _state_out_of_play(new, state.out_of_play if out_of_play is _SAME else out_of_play)
    _state_deal_version(new, state.deal_version if deal_version is _SAME else deal_version)
    _state_zones(new, state.zones if zones is _SAME else zones)
    return new


_turn_seat = Turn.__dict__["seat"].__set__
_turn_drew = Turn.__dict__["drew"].__set__
_turn_asked = Turn.__dict__["asked"].__set__
_turn_permission = Turn.__dict__["permission"].__set__
_turn_laid_off = Turn.__dict__["laid_off"].__set__
_turn_created = Turn.__dict__["created"].__set__
_turn_last_red_three = Turn.__dict__["last_red_three"].__set__


def _copy_turn(
    turn: Turn,
    *,
    seat: Any = _SAME,
    drew: Any = _SAME,
    asked: Any = _SAME,
    permission: Any = _SAME,
    laid_off: Any = _SAME,
    created: Any = _SAME,
    last_red_three: Any = _SAME,
) -> Turn:
    """A copy of ``turn`` with the fields given changed (see :func:`canasta._core.evolve`)."""
    new: Turn = object.__new__(Turn)
    _turn_seat(new, turn.seat if seat is _SAME else seat)
    _turn_drew(new, turn.drew if drew is _SAME else drew)
    _turn_asked(new, turn.asked if asked is _SAME else asked)
    _turn_permission(new, turn.permission if permission is _SAME else permission)
    _turn_laid_off(new, turn.laid_off if laid_off is _SAME else laid_off)
    _turn_created(new, turn.created if created is _SAME else created)
    _turn_last_red_three(new, turn.last_red_three if last_red_three is _SAME else last_red_three)
    return new


#: The hand-written copiers, by class (see :func:`canasta._core.evolver`).
COPIERS: dict[type, Callable[..., Any]] = {GameState: _copy_state, Turn: _copy_turn}
