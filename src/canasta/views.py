"""Per-seat views: what one player may know of a state, and judging his moves from it alone.

Bots and remote clients get a :class:`PlayerView`, never the full :class:`~canasta.GameState`:
the other hands appear only as their sizes, the stock only as its size, and the discard pile
as its top card, its size and the public facts about it (whether it is frozen, how many red
threes turned up at the deal lie in it): the pile may not be looked through (§2 case 26).
Everything else at the table is public and in the view: the melds, the red threes laid out, the
facts of the turn so far (:class:`~canasta.Turn`), who has melded, the dealer, who sits out, and
once the hand is over how it ended and its score sheet. The match seed is *not* in the view: the
decks follow from it, so it would give away every hidden card.

A view judges its own seat's moves: :func:`canasta.check` and :func:`canasta.is_legal` accept
it, and ``view.legal_actions`` of the seat to act is the same lazy menu as the state's
(:class:`~canasta.LegalActions`). They work on :func:`stand_in`, a state built from the view
alone, whose unseen cards are filled in from the cards the seat cannot see; two states that
differ only in cards hidden from the seat give the same view, and so the same verdicts.
:func:`canasta.apply` refuses a view (:class:`~canasta.StateError`): only the full state moves
the game on.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

import attrs

from . import _core as core
from .actions import Action
from .cards import JOKER_ID, Card, Cards, Rank
from .errors import StateError
from .legal import LegalActions
from .melds import Meld
from .scoring import HandScore, score_hand
from .state import (
    _FREEZES,
    _FREEZES_WITH_BLACK,
    DrawSource,
    EndReason,
    GameState,
    HandEnd,
    Phase,
    Turn,
    picture,
    seating,
    winners_of,
)
from .validation import Problem, problems
from .variants import Variant

__all__ = ["PlayerView", "Table", "observe", "stand_in", "table_of", "view_problems"]

_T = TypeVar("_T")

_RED_THREE_IDS = (5, 6)


@attrs.frozen(kw_only=True)
class PlayerView:
    """What one seat, ``seat``, may know.

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
        pile_frozen: whether the pile is frozen for everybody: it holds a wild card or a red
            three (and, where the variant says so, a black three), as
            :attr:`GameState.pile_frozen <canasta.GameState.pile_frozen>` (§1 "Frozen pile").
            Whether it is frozen for a side is :meth:`pile_frozen_for`; for the viewer's side,
            :attr:`pile_frozen_for_me`. (In JSON written before :attr:`dealer` was added,
            ``pile_frozen`` meant "frozen for the viewer's side"; such JSON still loads.)
        pile_red_threes: red threes in the pile under its top card (turned up at the deal,
            §2 cases 1, 2; never discarded): taking the pile lays them out.
        pile_blocked: whether a black three on top blocks it.
        stock_size: cards in the stock.
        totals: side totals before the hand (points).
        minimums: each side's initial-meld minimum this hand (points; 0 once the side has
            melded).
        sides: the sides of this hand (seats playing together).
        order: the seats playing this hand, in playing order.
        current_seat: whose turn it is (``None`` when the hand is over).
        phase: the phase of the turn.
        hand_number: the hand of the match (1 for the first).
        dealer: the dealer's seat of this hand (``None`` only for a view read from JSON
            written before the view carried it).
        turn: the public facts of the turn in progress (who plays it, where he drew, whether
            he asked partner and the answer, the melds he started, whether he laid off).
        has_melded: for each seat, whether it put cards on the table in an earlier turn of
            this hand (it decides a concealed going out, §2 case 29).
        end: how the hand ended (``None`` while it goes on).
        score: the hand's score sheet once it is over (:func:`canasta.score_hand`), else
            ``None``.
        legal_actions: the viewer's legal actions when he is to act (a
            :class:`~canasta.LegalActions`, the same menu the state lists, whose ``in``
            accepts every legal action of his, listed or not), else ``()``. Worked out from
            the view's other fields (not a constructor argument, not compared by ``==``).
        out_of_play: the number of cards of the pack out of play this hand
            (:attr:`GameState.out_of_play <canasta.GameState.out_of_play>`); which cards they
            are is not shown, as for the stock.
        zone_sizes: each seat's hidden packets after the hand (a foot), as card counts
            (:attr:`GameState.zones <canasta.GameState.zones>`): hidden from every seat, the
            owner's too (RULES-FAMILIES X.4); ``()`` when the state holds none.
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
    sides: tuple[tuple[int, ...], ...] = ()
    order: tuple[int, ...] = ()
    out_of_play: int = 0
    dealer: int | None = None
    turn: Turn | None = None
    has_melded: tuple[bool, ...] = ()
    pile_red_threes: int = 0
    end: HandEnd | None = None
    score: HandScore | None = None
    zone_sizes: tuple[tuple[int, ...], ...] = ()
    legal_actions: Sequence[Action] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        menu: Sequence[Action] = ()
        if self.current_seat is not None and self.current_seat == self.seat:
            menu = LegalActions(stand_in(self))
        object.__setattr__(self, "legal_actions", menu)

    # ------------------------------------------------------------------ derived facts
    @property
    def sitting_out(self) -> int | None:
        """The seat sitting out this hand (five players, §1 "Players, sides, seating"),
        ``None`` when every seat plays."""
        order = self.order or tuple(range(self.variant.players))
        out = [s for s in range(self.variant.players) if s not in order]
        return out[0] if out else None

    def pile_frozen_for(self, side: int) -> bool:
        """Whether the pile is frozen for ``side``: frozen for everybody, or the side has not
        melded (§1 "Frozen pile"), as :meth:`GameState.pile_frozen_for
        <canasta.GameState.pile_frozen_for>`.

        Raises:
            StateError: ``side`` is not the index of a side of this hand.
        """
        if type(side) is not int or not 0 <= side < len(self.melds):
            raise StateError(f"no side {side!r:.40} (sides 0 to {len(self.melds) - 1})")
        return self.pile_frozen or not self.melds[side]

    @property
    def pile_frozen_for_me(self) -> bool:
        """Whether the pile is frozen for the viewer's side (:meth:`pile_frozen_for` of
        :attr:`side`); while he sits out, whether it is frozen for everybody."""
        return self.pile_frozen if self.side is None else self.pile_frozen_for(self.side)

    @property
    def is_hand_over(self) -> bool:
        """The hand has ended (its :attr:`end` and :attr:`score` are known)."""
        return self.phase is Phase.HAND_OVER

    @property
    def is_match_over(self) -> bool:
        """The hand is over and a side has won the match, as :attr:`GameState.is_match_over
        <canasta.GameState.is_match_over>` (§1 "Target", §2 case 40)."""
        if self.score is None:
            return False
        totals = tuple(t + s for t, s in zip(self.totals, self.score.totals, strict=True))
        return bool(winners_of(self.variant, totals))

    def _repr_svg_(self) -> str | None:
        """The table as the viewer may see it, as an SVG picture, for Jupyter (see
        :func:`canasta.svg.render_svg`)."""
        return picture(self)


class Table(NamedTuple):
    """The public facts of a state's table, the same for every seat: the fields of a
    :class:`~canasta.PlayerView` (under the same names) but the seat's own (``seat``, ``side``,
    ``hand``) and those :func:`observe` adds (``order``, ``end``, ``score``, ``zone_sizes``).
    :func:`observe` builds every view from it, and the tensors read it without making a view.
    Only what every seat sees is read: no hidden card (another hand, the stock, the pile under
    its top) reaches it but by the public counts and facts a view shows too (sizes, red threes
    in the pile, whether the pile is frozen). Build one with :func:`table_of`."""

    variant: Variant
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    top_card: Card | None
    pile_size: int
    pile_frozen: bool
    pile_red_threes: int
    pile_blocked: bool
    stock_size: int
    out_of_play: int
    totals: tuple[int, ...]
    minimums: tuple[int, ...]
    current_seat: int | None
    phase: Phase
    hand_number: int
    sides: tuple[tuple[int, ...], ...]
    dealer: int | None
    turn: Turn | None
    has_melded: tuple[bool, ...]


#: The pile's public facts (frozen, red threes under the top), by the pile and variant.
_PILES: dict[int, tuple[tuple[object, ...], tuple[bool, int]]] = {}
#: Whether a card is a red three, by :attr:`Card.id <canasta.Card.id>`.
_RED_THREE_BY_ID = tuple(i in (5, 6) for i in range(53))
_card_id = operator.attrgetter("id")
_size = operator.attrgetter("size")
_new_table = tuple.__new__


def table_of(state: GameState) -> Table:
    """The table of ``state`` as every seat sees it (as :func:`canasta.observe` shows it)."""
    pile = state.discard_pile
    frozen, reds = _pile_facts(state)
    top = pile[-1] if pile else None
    return _new_table(
        Table,
        (
            state.variant,
            tuple(map(_size, state.hands)),
            state.melds,
            state.red_threes,
            top,
            len(pile),
            frozen,
            reds,
            top is not None and top.is_black_three,
            len(state.stock),
            len(state.out_of_play),
            state.totals,
            _shown_minimums(state),
            state.current_seat,
            state.phase,
            state.hand_number,
            state.sides,
            state.dealer,
            state.turn,
            state.has_melded,
        ),
    )


def _pile_facts(state: GameState) -> tuple[bool, int]:
    """The pile's facts a table shows but its top card and size: whether it is frozen for
    everybody and how many red threes lie under the top (worked out once per pile)."""
    pile = state.discard_pile

    def facts() -> tuple[bool, int]:
        return state.pile_frozen, sum(map(_RED_THREE_BY_ID.__getitem__, map(_card_id, pile[:-1])))

    return _once(_PILES, (pile, state.variant), facts)


def _shown_minimums(state: GameState) -> tuple[int, ...]:
    """:attr:`Table.minimums`: each side's initial-meld minimum, 0 for a side that has
    melded (worked out once per totals, seating, variant and hand number, then per melds; the
    opening hook may read the hand number, for a minimum by round)."""
    sides, melds = state.sides, state.melds
    held = (state.totals, sides, state.variant, state.hand_number)
    mins = _once(
        _MINIMUMS, held, lambda: tuple([state.minimum_for_side(i) for i in range(len(sides))])
    )
    return _once(
        _SHOWN,
        (melds, mins),
        lambda: tuple([0 if melds[i] else mins[i] for i in range(len(melds))]),
    )


def _once(
    cache: dict[int, tuple[tuple[object, ...], _T]],
    held: tuple[object, ...],
    make: Callable[[], _T],
) -> _T:
    """``make()``, worked out once for the values ``held`` and kept in ``cache`` by the identity
    of the first (which the cache holds, so that no other object takes its identity meanwhile);
    the cache is emptied past 4096 entries."""
    hit = cache.get(id(held[0]))
    if hit is None or hit[0] != held:
        if len(cache) > 4096:
            cache.clear()
        hit = cache[id(held[0])] = (held, make())
    return hit[1]


#: Each side's initial-meld minimum, by the totals (with the seating, variant and hand number).
_MINIMUMS: dict[int, tuple[tuple[object, ...], tuple[int, ...]]] = {}
#: The minimums a table shows (0 for a side that has melded), by the melds (with the minimums
#: they were worked out from).
_SHOWN: dict[int, tuple[tuple[object, ...], tuple[int, ...]]] = {}


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
    seat = int(seat)
    side = state.hand_side(seat) if seat in state.order else None
    score = score_hand(state) if state.is_hand_over else None
    return PlayerView(
        seat=seat,
        side=side,
        hand=state.hands[seat],
        order=state.order,
        end=state.end,
        score=score,
        zone_sizes=tuple(tuple(z.size for z in packets) for packets in state.zones),
        **table_of(state)._asdict(),
    )


# ---------------------------------------------------------------------------- the stand-in
def stand_in(view: PlayerView) -> GameState:
    """A state built from ``view`` alone, to judge the viewer's moves by what he may know.

    Everything public is the view's. The cards the viewer cannot see (the pack less his hand,
    the melds, the red threes laid out and the pile's top card) fill the other hands, the stock
    and the pile under its top, in a fixed order, keeping the facts the view states: the sizes,
    the red threes in the pile and whether the pile is frozen. So the stand-in depends on the
    view only: two states that differ only in cards hidden from the seat give equal stand-ins.
    It has no seed (the seed would give the hidden cards away).

    The rules judge the viewer's moves on it as on the real state, with one exception, which no
    view can avoid: taking a pile of exactly two cards (besides red threes) with every card of
    the hand, short of the canastas to go out, is legal only if the card under the top can then
    go out, and that card is hidden. The stand-in's card there is the unseen card of the lowest
    id (:attr:`Card.id <canasta.Card.id>`) that keeps the pile's facts.

    Raises:
        StateError: ``view`` is not a :class:`PlayerView`, or its facts cannot all hold (more
            copies of a card shown than the pack holds, counts that do not add up to the pack,
            a frozen pile with no unseen card that could freeze it...).
    """
    if not isinstance(view, PlayerView):
        raise StateError(f"not a PlayerView: {type(view).__name__}")
    v = view.variant
    n = v.players
    if len(view.hand_sizes) != n or view.hand_sizes[view.seat] != view.hand.size:
        raise StateError("the view's hand sizes do not match its seats and hand")
    pack = (v.decks,) * JOKER_ID + (v.jokers,)  # the copies of each card id (Variant.pack)
    counts = [p - h for p, h in zip(pack, view.hand.counts, strict=True)]
    shown: list[Card] = []
    for side in view.melds:
        for m in side:
            shown.extend(m.cards)
    for laid in view.red_threes:
        shown.extend(laid)
    if view.top_card is not None:
        shown.append(view.top_card)
    for c in shown:
        counts[c.id] -= 1
    if min(counts) < 0:
        c = _CARDS[next(i for i, k in enumerate(counts) if k < 0)]
        raise StateError(f"the view shows more {c} than the pack holds")
    buried = max(view.pile_size - 1, 0)
    others = sum(view.hand_sizes) - view.hand.size
    packed = sum(sum(sizes) for sizes in view.zone_sizes)  # the seats' hidden packets
    hidden = others + view.stock_size + buried + view.out_of_play + packed
    if sum(counts) != hidden:
        raise StateError(
            f"the view's unseen cards ({sum(counts)}) are not its other hands, stock, pile "
            f"under the top and cards out of play ({hidden})"
        )

    def take(ids: tuple[int, ...], k: int, what: str) -> list[tuple[int, int]]:
        """``k`` unseen cards of ``ids``, lowest ids first, as ``(id, copies)`` pairs."""
        out = []
        for i in ids:
            if k <= 0:
                break
            got = min(counts[i], k)
            if got:
                counts[i] -= got
                out.append((i, got))
                k -= got
        if k > 0:
            raise StateError(f"the view's pile needs {what} that no unseen card can be")
        return out

    black = v.black_three_discard == "freezes"
    freezing, calm = (_FREEZING_BLACK, _CALM_BLACK) if black else (_FREEZING, _CALM)
    reds = view.pile_red_threes
    if reds and not view.pile_frozen:
        raise StateError("a pile holding a red three is frozen")
    if reds > buried:
        raise StateError(f"{reds} red threes under a pile top with {buried} cards under it")
    placed = take(_RED_THREE_IDS, reds, "red threes")
    top = view.top_card
    top_freezes = top is not None and (_FREEZES_WITH_BLACK if black else _FREEZES)[top.id]
    if view.pile_frozen:
        if not reds and not top_freezes:
            placed += take(freezing, 1, "a card to freeze it")
        placed += take(_NOT_RED, buried - sum(k for _, k in placed), "cards")
    else:
        if top_freezes:
            raise StateError(f"a pile with {top} on top is frozen")
        placed += take(calm, buried, "cards that do not freeze it")
    pile = [_CARDS[i] for i, k in placed for _ in range(k)] + ([top] if top is not None else [])

    def unseen(size: int) -> Cards:
        """``size`` unseen cards, red threes last (they go to the stock)."""
        held = [0] * 53
        for i, k in take(_NOT_RED, size, ""):
            held[i] = k
        return Cards._from_counts(tuple(held), size)

    hands = [view.hand if s == view.seat else unseen(view.hand_sizes[s]) for s in range(n)]
    zones = [tuple(unseen(size) for size in sizes) for sizes in view.zone_sizes]
    rest = [_CARDS[i] for i, k in enumerate(counts) for _ in range(k)]  # all (the sizes add up)
    stock, out_of_play = rest[: view.stock_size], rest[view.stock_size :]
    order = view.order or tuple(range(n))
    dealer = view.dealer if view.dealer is not None else order[-1]
    turn = view.turn if view.turn is not None else _unknown_turn(view, order, hands)
    fields: dict[str, Any] = {
        "variant": v,
        "seed": None,
        "hand_number": view.hand_number,
        "dealer": dealer,
        "totals": view.totals,
        "sides": view.sides or v.sides,
        "hands": tuple(hands),
        "stock": tuple(stock),
        "discard_pile": tuple(pile),
        "melds": view.melds,
        "red_threes": view.red_threes,
        "turn": turn,
        "has_melded": view.has_melded or (False,) * n,
        "end": view.end if view.dealer is not None else _unknown_end(view, order, hands),
        "out_of_play": Cards.of(out_of_play),
        "zones": tuple(zones),
    }
    # The view's fields are the engine's own values (from observe, or checked by from_json), the
    # cards filled in are built here: the first stand-in is built by the constructor, the others
    # are copies of it with every field replaced (which skip its checks).
    if not _FIRST:
        _FIRST.append(GameState(**fields))
    return core.evolve(_FIRST[0], **fields, order=seating(v, view.hand_number))


_FIRST: list[GameState] = []


_CARDS = tuple(Card.from_id(i) for i in range(53))
_ALL_IDS = tuple(range(53))
_NOT_RED = tuple(i for i in _ALL_IDS if i not in _RED_THREE_IDS)
_FREEZING = tuple(i for i in _NOT_RED if _FREEZES[i])
_FREEZING_BLACK = tuple(i for i in _NOT_RED if _FREEZES_WITH_BLACK[i])
_CALM = tuple(i for i in _ALL_IDS if not _FREEZES[i])
_CALM_BLACK = tuple(i for i in _ALL_IDS if not _FREEZES_WITH_BLACK[i])


def _unknown_turn(view: PlayerView, order: tuple[int, ...], hands: Sequence[Cards]) -> Turn:
    """The turn of a view that does not carry it (JSON written before the view carried it): a fresh
    turn, after a draw from the stock once the player has drawn; in the answer phase, the
    question of the nearest partner before the seat to answer; once the hand is over, the turn
    of the seat left without cards (who went out, :func:`_unknown_end`). A meld of black threes
    on the side's table was started this turn: they are melded only in the going-out turn
    (§2 cases 21, 22)."""
    current = view.current_seat
    if view.phase is Phase.HAND_OVER:
        current = next((s for s in order if not hands[s]), None)
    if current is None or current not in order:
        return Turn(seat=order[0])
    if view.phase is Phase.DRAW:
        return Turn(seat=current)
    seat = current
    if view.phase is Phase.ANSWER:
        side = next((s for s in view.sides if current in s), ())
        i = order.index(current)
        n = len(order)
        seat = next(
            (order[(i - k) % n] for k in range(1, n) if order[(i - k) % n] in side), current
        )
    sides = view.sides or view.variant.sides
    own = view.melds[next((i for i, s in enumerate(sides) if seat in s), 0)]
    created = _BLACK_THREES if any(m.rank is Rank.THREE for m in own) else frozenset()
    return Turn(seat=seat, drew=DrawSource.STOCK, asked=view.phase is Phase.ANSWER, created=created)


_BLACK_THREES: frozenset[Rank] = frozenset({Rank.THREE})


def _unknown_end(
    view: PlayerView, order: tuple[int, ...], hands: Sequence[Cards]
) -> HandEnd | None:
    """The end of a view that does not carry it (JSON written before the view carried it), so
    that the stand-in of a hand that is over is over too (a state's phase follows from its
    end): the going out of the playing seat left without cards, else an exhausted stock, the
    other facts unknown and left out."""
    if view.phase is not Phase.HAND_OVER:
        return None
    out = next((s for s in order if not hands[s]), None)
    if out is not None:
        return HandEnd(reason=EndReason.WENT_OUT, seat=out)
    return HandEnd(reason=EndReason.STOCK_EXHAUSTED)


# ---------------------------------------------------------------------------- possible views
_SEATS = '§1 "Players, sides, seating"'
_MINIMUM = '§1 "Initial-meld minimum"'
#: Problems of a stand-in that its hidden cards decide, not the view (the seat to act's hand).
_HIDDEN = frozenset({"could_not_have_asked", "no_legal_action"})


def view_problems(fields: Mapping[str, Any], *, melded: bool | None = None) -> tuple[Problem, ...]:
    """The problems of a view with these :class:`PlayerView` fields (as its constructor takes
    them), the first of them only; ``()`` if some state gives this view. ``melded``: the
    turn's :attr:`~canasta.Turn.melded` as the input stated it (see :func:`canasta.problems`).

    The view's own facts come first (its seat and side, the sizes, the pile's top, the count of
    the pack, who is to act, the score sheet); then it is built, and its :func:`stand_in` must
    pass :func:`canasta.validation.problems` but for what the hidden cards decide; last, the
    fields that follow from the others must be what they give (``pile_blocked``: a black three
    on top, §2 cases 3, 7; ``minimums``: 0 for a side that has melded, else the minimum of its
    total, §1 "Initial-meld minimum"). A problem's ``path`` names a field of the view
    (``hand_sizes[2]``, ``melds[0][1]``, ``minimums[1]``); the code of each is
    ``impossible_view``.
    """
    found = next(_view_facts(fields), None)
    if found is not None:
        return (found,)
    try:
        view = PlayerView(**fields)
        state = stand_in(view)
    except StateError as exc:
        return (Problem("impossible_view", f"an impossible view: {exc}", _SEATS),)
    order = view.order or tuple(range(view.variant.players))  # the stand-in's is the seating
    for p in problems(state, order=order, melded=melded, phase=view.phase):
        if p.code not in _HIDDEN:
            return (attrs.evolve(p, path=_view_path(view, p.path)),)
    derived = next(_derived_problems(view, state), None)
    return () if derived is None else (derived,)


def _derived_problems(view: PlayerView, state: GameState) -> Iterator[Problem]:
    """The view's fields that follow from its others (as :func:`observe` writes them), where
    they do not: whether the pile is blocked, the minimums."""
    top = view.top_card
    if view.pile_blocked != state.pile_blocked:
        if state.pile_blocked:
            message = f"{top} on top blocks the pile"
        elif top is None:
            message = "an empty pile blocks nobody"
        else:
            message = f"{top} on top blocks nobody: only a black three"
        yield Problem("impossible_view", message, "§2 cases 3, 7", "pile_blocked")
    v = state.variant
    for i, minimum in enumerate(view.minimums):
        melded = bool(state.melds[i])
        need = 0 if melded else state.minimum_for_side(i)
        if minimum != need:
            if melded:
                message = f"side {i} has melded: its minimum is 0"
            else:
                total = state.totals[v.match_side(state.sides[i][0])]
                message = f"side {i} needs {need} points to meld (total {total})"
            yield Problem("impossible_view", message, _MINIMUM, f"minimums[{i}]")


def _view_path(view: PlayerView, path: str) -> str:
    """The view's field for the path of a problem of its stand-in."""
    if path.startswith("hands["):
        seat = int(path[6 : path.index("]")])
        return "hand" if seat == view.seat else f"hand_sizes[{seat}]"
    head = path.split("[")[0]
    return {"stock": "stock_size", "discard_pile": "top_card"}.get(head, path)


def _view_facts(f: Mapping[str, Any]) -> Iterator[Problem]:
    """The facts of a view that its stand-in does not tell (or needs to be built)."""
    v, seat, sizes, order = f["variant"], f["seat"], f["hand_sizes"], f["order"]
    n, sides, pile = v.players, f["sides"], f["pile_size"]

    def problem(path: str, message: str) -> Problem:
        return Problem("impossible_view", message, _SEATS, path)

    if seat >= n:
        yield problem("seat", f"{seat} is out of range (at most {n - 1})")
        return
    side = next((i for i, s in enumerate(sides) if seat in s), None)
    if f["side"] != side:
        yield problem("side", f"seat {seat} plays for side {side} in this hand")
    for path, items, count, what in (
        ("hand_sizes", sizes, n, "seats"),
        ("minimums", f["minimums"], len(sides), "sides"),
    ):
        if len(items) != count:
            yield problem(path, f"{len(items)} entries for {count} {what}")
            return
    if sizes[seat] != f["hand"].size:
        yield problem(f"hand_sizes[{seat}]", f"the viewer holds {f['hand'].size} cards")
    for p in range(n):
        if sizes[p] and p not in order:
            yield problem(f"hand_sizes[{p}]", f"seat {p} sits out this hand and holds no cards")
    if (f["top_card"] is None) != (pile == 0):
        yield problem("top_card", "a pile has a top card exactly when it is not empty")
    shown = sum(m.size for side_melds in f["melds"] for m in side_melds)
    shown += sum(map(len, f["red_threes"]))
    total = shown + sum(sizes) + pile + f["stock_size"] + f.get("out_of_play", 0)
    total += sum(sum(packets) for packets in f.get("zone_sizes", ()))
    if total != v.pack_size:
        yield problem("", f"the view accounts for {total} cards, the pack holds {v.pack_size}")
    current, phase = f["current_seat"], f["phase"]
    if current is not None and current not in order:
        yield problem("current_seat", f"seat {current} does not play this hand {list(order)}")
    if (current is None) != (phase is Phase.HAND_OVER):
        yield problem("current_seat", "nobody is to act exactly when the hand is over")
    if f.get("pile_red_threes", 0) > max(pile - 1, 0):
        yield problem("pile_red_threes", f"at most {max(pile - 1, 0)} under the pile's top")
    turn, score = f.get("turn"), f.get("score")
    if f.get("dealer") is not None and turn is None:
        yield problem("turn", "a view with the table's facts has its turn")
    if turn is not None and phase not in (Phase.ANSWER, Phase.HAND_OVER) and turn.seat != current:
        yield problem("turn", f"the turn is seat {turn.seat}'s, the seat to act {current}")
    if turn is not None and phase is Phase.ANSWER and turn.seat in order:
        # the partner after the player who asked answers (GameState.current_seat)
        i, asker = order.index(turn.seat), next((s for s in sides if turn.seat in s), ())
        after = [order[(i + k) % len(order)] for k in range(1, len(order))]
        answers = next((p for p in after if p in asker), None)
        if answers is not None and current != answers:
            message = f"seat {answers} answers the question of seat {turn.seat}, not {current}"
            yield Problem("impossible_view", message, "§2 case 28", "current_seat")
    if score is not None and len(score.sides) != len(v.sides):
        yield problem("score", f"{len(score.sides)} score sheets for {len(v.sides)} sides")
    if f.get("dealer") is not None and (phase is Phase.HAND_OVER) != (score is not None):
        yield problem("score", "a hand that is over has a score sheet, and only such a hand")
