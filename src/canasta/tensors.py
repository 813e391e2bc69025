"""Observation and information-state tensors of a seat, for learning agents and search.

Everything here is computed from what the seat's :class:`~canasta.PlayerView`
(:func:`canasta.observe`) shows, given a view or read from a state's public facts (without
making a view), and from a :class:`Memory` of the hand's public events, so nothing the seat may
not see can reach a tensor or a string: two states that differ only in cards hidden from the
seat give equal tensors and equal strings, equal to those of the seat's view (the tests check it
for every preset).

The tensors are plain lists of floats (no numpy needed; ``numpy.asarray(t, numpy.float32)``
turns one into an array). Their size depends only on the variant's number of players
(:func:`observation_size`, :func:`information_state_size`). Seats are **relative**: row ``r`` of
a per-seat section is the seat ``r`` places after the viewer in seat order (row 0 is the
viewer), so a policy learned at one seat reads the table the same way at every seat.

Cards are counted by **kind**, the 15 classes the rules tell apart (:data:`KINDS`): red three,
black three, four to ace, two, joker; suits matter only for threes.

The layout, section by section in order (``P`` the variant's players; counts are plain numbers
of cards, points are points; flags are 0 or 1):

==============  =============  ==============================================================
section         shape          contents
==============  =============  ==============================================================
``hand``        15             the viewer's hand by kind
``known``       P x 15         by relative seat, the cards it is known to hold: taken with a
                               pile and not melded, discarded or laid out since (by kind, a
                               lower bound; public, from :class:`Memory`)
``melds``       P x 12 x 5     by relative seat, the melds of the side it plays on, by meld
                               rank (3, 4 ... A): naturals, twos, jokers, natural canasta,
                               mixed canasta (zeros for a seat sitting out)
``seats``       P x 9          by relative seat: hand size, red threes laid out, has melded
                               (an earlier turn), plays on the viewer's side, sits out, is to
                               act, is the dealer, its side's total before the hand (points),
                               its side's initial-meld minimum (points, 0 once it melded)
``pile``        15 + 5         the top card's kind (one-hot, zeros for an empty pile); size,
                               red threes under the top, frozen for everybody, frozen for the
                               viewer's side, blocked (a black three on top)
``stock``       2              stock size, cards out of play
``phase``       4              one-hot: draw, play, answer, hand over
``turn``        8 + 12         the turn's public facts: drew from the stock, took the pile,
                               asked partner, answered yes, answered no, laid off, melded,
                               drew the last card as a red three; ranks of the melds started
                               this turn (3, 4 ... A)
``match``       1              the hand's number in the match
==============  =============  ==============================================================

The **information state** appends what the seat remembers beyond the table, from
:class:`Memory`: ``discards`` (P x 15, by relative seat the cards it discarded this hand, by
kind) and ``history`` (P x 3, by relative seat its turns, pile takes and cards drawn from the
stock this hand). The information-state *string* is the observation string followed by the
hand's public record, every public event in order (:func:`canasta.events_for` with no seat):
perfect recall of everything public. Of its own private cards the seat recalls its hand now,
not which card it drew when; earlier hands of a match are summed up by the totals.

>>> import canasta
>>> from canasta import tensors
>>> state = canasta.new_game("classic", seed=7)
>>> t = tensors.observation_tensor(state, 0)
>>> len(t) == tensors.observation_size("classic")
True
>>> sum(t[:15]) == len(state.hands[0])
True
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from . import _core as core
from .actions import (
    Action,
    AnswerPartner,
    AskPartner,
    DeclinePile,
    Discard,
    Draw,
    EndTurn,
    MeldCards,
    TakePile,
)
from .cards import Card, Cards, Rank, make_pack
from .errors import StateError
from .events import (
    CardsDrawn,
    Discarded,
    Event,
    HandDealt,
    MeldExtended,
    MeldMade,
    PileTaken,
    RedThreeLaidOut,
    events_between,
    events_for,
)
from .melds import Meld
from .state import DrawSource, GameState, Phase, Turn
from .variants import Variant, get_variant
from .views import PlayerView, Table, table_of

__all__ = [
    "KINDS",
    "MELD_RANKS",
    "Memory",
    "information_state_size",
    "information_state_string",
    "information_state_tensor",
    "layout",
    "observation_size",
    "observation_string",
    "observation_tensor",
]

#: The card kinds of the tensors, in order: the classes of cards the rules tell apart.
KINDS: tuple[str, ...] = ("3R", "3B", *"456789TJQKA", "2", "JK")
#: The ranks a meld can have, in the order of the ``melds`` and ``turn`` sections.
MELD_RANKS: tuple[Rank, ...] = tuple(Rank(r) for r in range(3, 15))
_MELD_ROW = {rank: i for i, rank in enumerate(MELD_RANKS)}
_PHASES = (Phase.DRAW, Phase.PLAY, Phase.ANSWER, Phase.HAND_OVER)
_N = len(KINDS)


def _kind(card: Card) -> int:
    """The index of ``card``'s kind in :data:`KINDS`."""
    rank = card.rank
    if rank is Rank.JOKER:
        return 14
    if rank is Rank.TWO:
        return 13
    if rank is Rank.THREE:
        return 0 if card.is_red_three else 1
    return int(rank) - 2


#: The kind of each card, in the order of :attr:`Card.id <canasta.Card.id>` (a pack of one deck
#: and one joker lists every card once, in that order).
_ID_KINDS = tuple(_kind(card) for card in make_pack(1, 1))


def _counts(cards: Iterable[Card]) -> list[int]:
    out = [0] * _N
    if isinstance(cards, Cards):  # by its counts, one per card (Cards.counts, by Card.id)
        for kind, n in zip(_ID_KINDS, cards.counts, strict=True):
            if n:
                out[kind] += n
        return out
    for card in cards:
        out[_kind(card)] += 1
    return out


def _less(row: Sequence[int], cards: Iterable[Card]) -> list[int]:
    """``row`` (counts by kind) less ``cards``, one by one, a kind's count not below 0."""
    held = list(row)
    for card in cards:
        k = _kind(card)
        if held[k]:
            held[k] -= 1
    return held


# ---------------------------------------------------------------------------- memory
@attrs.frozen
class Memory:
    """What every seat can remember of the hand's public events, beyond the table itself.

    Start one with :meth:`empty` and give it each move's events (:func:`canasta.step`, or
    :func:`canasta.deal_events` for a fresh deal) with :meth:`after`. Only public facts are
    kept, so one memory serves every seat.

    Attributes:
        known: by seat (absolute), counts by kind (:data:`KINDS`) of the cards it took with a
            pile and has not melded, discarded or laid out since: cards it is known to hold
            (a lower bound by kind).
        discards: by seat, counts by kind of the cards it discarded this hand.
        turns: by seat, the turns it began this hand (a draw or a pile taken).
        takes: by seat, the piles it took this hand.
        drawn: by seat, the cards it drew from the stock this hand (replacements included).
        record: the hand's public events so far, in order (as a spectator sees them).
    """

    known: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    turns: tuple[int, ...]
    takes: tuple[int, ...]
    drawn: tuple[int, ...]
    record: tuple[Event, ...] = ()

    @classmethod
    def empty(cls, players: int) -> Memory:
        """A memory of nothing, for ``players`` seats (the start of a hand)."""
        zeros = (0,) * _N
        return cls(
            known=(zeros,) * players,
            discards=(zeros,) * players,
            turns=(0,) * players,
            takes=(0,) * players,
            drawn=(0,) * players,
        )

    def after(self, events: Iterable[Event]) -> Memory:
        """The memory once ``events`` (one move's, in order) have happened. Private details
        (drawn cards, dealt hands) are dropped first (:func:`canasta.events_for` with no
        seat); a :class:`~canasta.HandDealt` starts the memory afresh."""
        public = events_for(tuple(events), None)
        if not public:
            return self
        memory = self
        known = discards = None  # the rows as lists, copied when first changed
        turns, takes, drawn = self.turns, self.takes, self.drawn
        start = -1  # the deal that starts the record afresh (-1: none)

        def row(rows: list[list[int]] | None, old: tuple[tuple[int, ...], ...]) -> list[list[int]]:
            return [list(r) for r in old] if rows is None else rows

        def forget(seat: int, cards: Iterable[Card]) -> None:
            nonlocal known
            if not any((memory.known if known is None else known)[seat]):
                return  # nothing of his is known
            known = row(known, memory.known)
            known[seat] = _less(known[seat], cards)

        def bump(values: tuple[int, ...], seat: int, n: int = 1) -> tuple[int, ...]:
            return (*values[:seat], values[seat] + n, *values[seat + 1 :])

        for i, event in enumerate(public):
            if isinstance(event, HandDealt):
                memory = Memory.empty(len(self.turns))
                known = discards = None
                turns, takes, drawn = memory.turns, memory.takes, memory.drawn
                start = i
            elif isinstance(event, CardsDrawn):
                drawn = bump(drawn, event.seat, event.count)
                if not event.replacing:
                    turns = bump(turns, event.seat)
            elif isinstance(event, PileTaken):
                turns, takes = bump(turns, event.seat), bump(takes, event.seat)
                known = row(known, memory.known)
                for k, n in enumerate(_counts(event.cards)):
                    known[event.seat][k] += n
            elif isinstance(event, MeldMade):
                forget(event.seat, event.meld.cards)
            elif isinstance(event, MeldExtended):
                forget(event.seat, event.cards)
            elif isinstance(event, RedThreeLaidOut):
                forget(event.seat, (event.card,))
            elif isinstance(event, Discarded):
                forget(event.seat, (event.card,))
                discards = row(discards, memory.discards)
                discards[event.seat][_kind(event.card)] += 1
        return Memory(
            known=memory.known if known is None else tuple(map(tuple, known)),
            discards=memory.discards if discards is None else tuple(map(tuple, discards)),
            turns=turns,
            takes=takes,
            drawn=drawn,
            record=self.record + public if start < 0 else public[start:],
        )


# ---------------------------------------------------------------------------- layout
def _sections(players: int, information: bool) -> list[tuple[str, tuple[int, ...]]]:
    p = players
    out: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (_N,)),
        ("known", (p, _N)),
        ("melds", (p, len(MELD_RANKS), 5)),
        ("seats", (p, 9)),
        ("pile", (_N + 5,)),
        ("stock", (2,)),
        ("phase", (len(_PHASES),)),
        ("turn", (8 + len(MELD_RANKS),)),
        ("match", (1,)),
    ]
    if information:
        out += [("discards", (p, _N)), ("history", (p, 3))]
    return out


def layout(
    variant: str | Variant, *, information: bool = False
) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """The tensor's sections in order: ``(name, offset, shape)`` each (see the module's table).

    Args:
        variant: a preset name or a :class:`~canasta.Variant`.
        information: the information-state tensor's layout (the observation's plus two
            sections) rather than the observation's.

    Raises:
        VariantError: an unknown preset name.
    """
    sections = _sections(get_variant(variant).players, information)
    offsets = itertools.accumulate((math.prod(shape) for _, shape in sections), initial=0)
    return tuple((name, at, shape) for (name, shape), at in zip(sections, offsets, strict=False))


def observation_size(variant: str | Variant) -> int:
    """The length of :func:`observation_tensor` in ``variant`` (a preset name or a
    :class:`~canasta.Variant`): ``62 + 84 P`` for ``P`` players (398 for four).

    Raises:
        VariantError: an unknown preset name.
    """
    return _size(variant, information=False)


def information_state_size(variant: str | Variant) -> int:
    """The length of :func:`information_state_tensor` in ``variant``: ``62 + 102 P`` for
    ``P`` players (470 for four).

    Raises:
        VariantError: an unknown preset name.
    """
    return _size(variant, information=True)


def _size(variant: str | Variant, *, information: bool) -> int:
    players = get_variant(variant).players
    return sum(math.prod(shape) for _, shape in _sections(players, information))


# ---------------------------------------------------------------------------- tensors
class _Seen(NamedTuple):
    """What a seat sees: the table (a view, or the public facts of a state's table: the table
    is the same for every seat) and the seat's own hand and side."""

    table: PlayerView | Table
    seat: int
    side: int | None
    hand: Cards


def _seen(state_or_view: GameState | PlayerView, seat: int | None) -> _Seen:
    if isinstance(state_or_view, PlayerView):
        view = state_or_view
        if seat is not None and seat != view.seat:
            raise StateError(f"the view is seat {view.seat}'s, not seat {seat}'s")
        return _Seen(view, view.seat, view.side, view.hand)
    if isinstance(state_or_view, GameState):
        state = state_or_view
        n = state.variant.players
        if seat is None:
            raise StateError("name the seat whose tensor of a GameState is wanted")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise StateError(f"seat must be from 0 to {n - 1}, not {seat!r}")
        # the table's public facts, read from the state (as the view shows them, without
        # making one), and the seat's own hand
        side = state.hand_side(seat) if seat in state.order else None
        return _Seen(table_of(state), seat, side, state.hands[seat])
    raise StateError(f"not a GameState or a PlayerView: {type(state_or_view).__name__}")


def _memory(memory: Memory | None, players: int) -> Memory:
    if memory is None:
        return Memory.empty(players)
    if not isinstance(memory, Memory) or len(memory.turns) != players:
        raise StateError(f"not a Memory of {players} seats: {memory!r:.60}")
    return memory


_NO_MELDS = (0,) * (len(MELD_RANKS) * 5)
#: Sections worked out from a hand or a side's melds, by the identity of the value (which the
#: states of a hand share until it changes), each kept with its value so the identity stays
#: valid.
_BLOCKS: dict[int, tuple[object, tuple[int, ...]]] = {}


def _remember(value: object, block: tuple[int, ...]) -> tuple[int, ...]:
    if len(_BLOCKS) > 4096:
        _BLOCKS.clear()
    _BLOCKS[id(value)] = (value, block)
    return block


def _hand_counts(hand: Cards) -> tuple[int, ...]:
    hit = _BLOCKS.get(id(hand))
    if hit is not None and hit[0] is hand:
        return hit[1]
    # the hand's counts by the engine's kinds (worked out once per hand, the menu's too):
    # [1] red threes, [2] twos, [3] black threes, [4] ... [14] fours to aces, [15] jokers
    k = core.hand_kinds(hand)
    return _remember(hand, (k[1], k[3], *k[4:15], k[2], k[15]))


def _meld_block(melds: tuple[Meld, ...], canasta_size: int) -> tuple[int, ...]:
    """A side's melds by rank: naturals, twos, jokers, natural canasta, mixed canasta."""
    hit = _BLOCKS.get(id(melds))
    if hit is not None and hit[0] is melds:
        return hit[1]
    block = [0] * (len(MELD_RANKS) * 5)
    for meld in melds:
        facts = _MELDS.get(id(meld))  # a meld the side's next melds share is counted once
        if facts is None or facts[0] is not meld or facts[1] != canasta_size:
            facts = _meld_facts(meld, canasta_size)
        b = facts[2]
        if b >= 0:
            block[b : b + 5] = facts[3]
    return _remember(melds, tuple(block))


#: A meld's row in a block and its five values, by the meld's identity (with the meld and the
#: canasta size).
_MELDS: dict[int, tuple[Meld, int, int, tuple[int, int, int, int, int]]] = {}


def _meld_facts(
    meld: Meld, canasta_size: int
) -> tuple[Meld, int, int, tuple[int, int, int, int, int]]:
    row = _MELD_ROW.get(meld.rank)
    naturals = twos = jokers = 0
    for card in meld.cards:
        if card.rank is Rank.JOKER:
            jokers += 1
        elif card.rank is Rank.TWO:
            twos += 1
        else:
            naturals += 1
    canasta = naturals + twos + jokers >= canasta_size
    mixed = twos + jokers > 0
    facts = (
        meld,
        canasta_size,
        -1 if row is None else row * 5,
        (naturals, twos, jokers, int(canasta and not mixed), int(canasta and mixed)),
    )
    if len(_MELDS) > 4096:
        _MELDS.clear()
    _MELDS[id(meld)] = facts
    return facts


def _frozen_for(view: PlayerView | Table, side: int | None) -> bool:
    """Whether the pile is frozen for ``side`` (for everybody when ``None``), as
    :meth:`PlayerView.pile_frozen_for <canasta.PlayerView.pile_frozen_for>` says."""
    return view.pile_frozen or (side is not None and not view.melds[side])


def _side_of(sides: Sequence[Sequence[int]], players: int) -> tuple[int | None, ...]:
    """By seat, the index of its side in ``sides`` (``None`` for a seat in none, one sitting
    out): of a hand's sides (``view.sides``) or of the match's (the variant's, the totals')."""
    out: list[int | None] = [None] * players
    for i, side in enumerate(sides):
        for seat in side:
            out[seat] = i
    return tuple(out)


def _observation(seen: _Seen, memory: Memory) -> list[float]:
    return list(map(float, itertools.chain.from_iterable(_chunks(seen, memory.known))))


class _Frame(NamedTuple):
    """The seating as a viewer reads it, by relative seat: the absolute seat, its side of
    the hand (``None`` sitting out), whether it plays on the viewer's side, and its match side
    (of the totals)."""

    seats: tuple[int, ...]
    sides: tuple[int | None, ...]
    mates: tuple[bool, ...]
    match_sides: tuple[int | None, ...]


#: Frames by the seating's identity, the variant, the viewer and his side.
_FRAMES: dict[tuple[int, int, int, int | None], tuple[object, object, _Frame]] = {}


def _frame(view: PlayerView | Table, me: int, my_side: int | None) -> _Frame:
    key = (id(view.sides), id(view.variant), me, my_side)
    hit = _FRAMES.get(key)
    if hit is not None and hit[0] is view.sides and hit[1] is view.variant:
        return hit[2]
    v = view.variant
    p = v.players
    rel = tuple((me + r) % p for r in range(p))
    sides = _side_of(view.sides, p)
    match = _side_of(v.sides, p)
    frame = _Frame(
        seats=rel,
        sides=tuple(sides[seat] for seat in rel),
        mates=tuple(
            seat != me and sides[seat] is not None and sides[seat] == my_side for seat in rel
        ),
        match_sides=tuple(match[seat] for seat in rel),
    )
    if len(_FRAMES) > 4096:
        _FRAMES.clear()
    _FRAMES[key] = (view.sides, view.variant, frame)
    return frame


#: The ``pile`` section's one-hot top card, by kind (the last: an empty pile).
_TOPS = tuple(tuple(int(i == k) for i in range(_N)) for k in range(_N + 1))
_PHASE_HOT = {ph: tuple(int(ph is q) for q in _PHASES) for ph in _PHASES}


def _chunks(seen: _Seen, known: Sequence[tuple[int, ...]]) -> list[Sequence[int]]:
    """The observation tensor's values as numbers (ints and flags), in pieces whose
    concatenation is the tensor: the hand, the ``known`` rows, the ``melds`` blocks (tuples
    shared by the states that leave them unchanged), then the rest (:func:`_rest`)."""
    view = seen.table
    frame = _frame(view, seen.seat, seen.side)
    size = view.variant.canasta_size
    blocks = [_meld_block(melds, size) for melds in view.melds]
    chunks: list[Sequence[int]] = [_hand_counts(seen.hand)]
    chunks += [known[seat] for seat in frame.seats]
    chunks += [_NO_MELDS if side is None else blocks[side] for side in frame.sides]
    chunks.append(_rest(view, frame, seen.side))
    return chunks


def _rest(view: PlayerView | Table, frame: _Frame, my_side: int | None) -> list[int]:
    """The sections after ``melds`` (``seats`` to ``match``) as numbers, for the viewer of
    ``frame`` (whose side of the hand is ``my_side``)."""
    table = view if isinstance(view, Table) else _table_part(view)
    top = table.top_card
    out = _seat_rows(table, frame)
    out += _TOPS[_N if top is None else _kind(top)]
    out += _pile_section(table, my_side)
    out += _PHASE_HOT[table.phase]
    out += _turn_facts(table.turn)
    out.append(table.hand_number)
    return out


def _seat_rows(table: Table, frame: _Frame) -> list[int]:
    """The ``seats`` section, a row per relative seat of ``frame``."""
    hand_sizes, red_threes, has_melded = table.hand_sizes, table.red_threes, table.has_melded
    totals, minimums = table.totals, table.minimums
    current, dealer = table.current_seat, table.dealer
    out: list[int] = []
    for seat, side, mate, t in zip(
        frame.seats, frame.sides, frame.mates, frame.match_sides, strict=True
    ):
        if side is None:  # sitting out
            out += (hand_sizes[seat], len(red_threes[seat]), 0, 0, 1, current == seat)
            out += (dealer == seat, 0, 0)
        else:
            out += (
                hand_sizes[seat],
                len(red_threes[seat]),
                has_melded[seat] if has_melded else 0,
                mate,
                0,
                current == seat,
                dealer == seat,
                0 if t is None else totals[t],
                minimums[side],
            )
    return out


def _pile_section(table: Table, my_side: int | None) -> tuple[int, ...]:
    """The ``pile`` section after the top card's kind, then the ``stock`` section."""
    frozen = table.pile_frozen
    return (
        table.pile_size,
        table.pile_red_threes,
        frozen,
        frozen or (my_side is not None and not table.melds[my_side]),
        table.pile_blocked,
        table.stock_size,
        table.out_of_play,
    )


def _table_part(view: PlayerView) -> Table:
    """The :class:`~canasta.views.Table` fields of a view."""
    return Table(*(getattr(view, name) for name in Table._fields))


#: The ``turn`` section by the turn's identity (kept with it, so the identity stays valid).
_TURNS: dict[int, tuple[object, tuple[int, ...]]] = {}
_NO_TURN = (0,) * (8 + len(MELD_RANKS))


def _turn_facts(turn: Turn | None) -> tuple[int, ...]:
    """The ``turn`` section: the turn's public facts, then the ranks of the melds it started."""
    if turn is None:
        return _NO_TURN
    hit = _TURNS.get(id(turn))
    if hit is not None and hit[0] is turn:
        return hit[1]
    drew = turn.drew
    permission = turn.permission
    facts = [0] * len(MELD_RANKS)
    for rank in turn.created:
        row = _MELD_ROW.get(rank)
        if row is not None:
            facts[row] = 1
    out = (
        int(drew is DrawSource.STOCK),
        int(drew is DrawSource.PILE),
        int(turn.asked),
        int(permission is True),
        int(permission is False),
        int(turn.laid_off),
        int(turn.melded),
        int(turn.last_red_three),
        *facts,
    )
    if len(_TURNS) > 4096:
        _TURNS.clear()
    _TURNS[id(turn)] = (turn, out)
    return out


def observation_tensor(
    state_or_view: GameState | PlayerView, seat: int | None = None, memory: Memory | None = None
) -> list[float]:
    """The observation tensor of ``seat``: the layout of the module's table, as floats.

    Args:
        state_or_view: a state (then ``seat`` is required) or a seat's view.
        seat: the viewer's seat (0-based); with a view, ``None`` or the view's seat.
        memory: the hand's public memory (:class:`Memory`) for the ``known`` section; without
            it nothing is known to be held (zeros).

    Returns:
        A list of :func:`observation_size` floats.

    Raises:
        StateError: not a state or a view, a seat missing or not the view's, or a memory of
            another number of seats.
    """
    seen = _seen(state_or_view, seat)
    return _observation(seen, _memory(memory, seen.table.variant.players))


_FIRST = operator.itemgetter(0)
#: The actions whose events change no :attr:`Memory.known` row but by laying out red threes.
_QUIET = frozenset({Draw, AskPartner, AnswerPartner, DeclinePile, EndTurn})


def _known_after(
    known: tuple[tuple[int, ...], ...], before: GameState, action: Action, after: GameState
) -> tuple[tuple[int, ...], ...]:
    """:attr:`Memory.known` after the move ``before`` -> ``action`` -> ``after``: the same rows
    as ``memory.after(canasta.events_between(before, action, after)).known``, without the
    events where they cannot change them. Only a pile taken (added), cards melded, discarded or
    red threes laid out (forgotten, of the seat's row) and a new deal (afresh) change the rows:
    a move of none of those, or whose melds and discard are of a seat known to hold nothing,
    leaves them as they are while no row holds a red three (a red three taken with a pile is
    laid out in the same move, so none does); a pile taken changes the taker's row alone,
    unless a lone hand forms."""
    kind = type(action)
    if not any(map(_FIRST, known)):  # no row holds a red three
        if kind in _QUIET:
            return known
        if kind is Discard or kind is MeldCards:
            seat: int = action.seat  # type: ignore[union-attr]
            row = known[seat]
            if not any(row):
                return known
            cards: Iterable[Card]
            if kind is Discard:
                cards = (action.card,)  # type: ignore[union-attr]
            elif after.sides == before.sides:  # no lone hand formed: the melds are his
                cards = [c for m in action.melds for c in m.cards]  # type: ignore[union-attr]
            else:
                cards = ()
            if cards:
                return (*known[:seat], tuple(_less(row, cards)), *known[seat + 1 :])
        elif kind is TakePile and (after.sides is before.sides or after.sides == before.sides):
            # the pile's cards added, then forgotten (one by one, down to 0 of a kind) the
            # cards he melded, the top card and his hand's, and the red threes he laid out
            seat = action.seat  # type: ignore[union-attr]
            held = list(known[seat])
            for card in before.discard_pile:
                held[_kind(card)] += 1
            gone = [0] * _N
            for card in action.cards:  # type: ignore[union-attr]
                gone[_kind(card)] += 1
            for m in action.melds:  # type: ignore[union-attr]
                for card in m.cards:
                    gone[_kind(card)] += 1
            gone[_kind(before.discard_pile[-1])] += 1
            gone[0] += len(after.red_threes[seat]) - len(before.red_threes[seat])
            for k, n in enumerate(gone):
                if n:
                    held[k] = max(held[k] - n, 0)
            return (*known[:seat], tuple(held), *known[seat + 1 :])
    memory = attrs.evolve(Memory.empty(len(known)), known=known)
    return memory.after(events_between(before, action, after)).known


def information_state_tensor(
    state_or_view: GameState | PlayerView, seat: int | None = None, memory: Memory | None = None
) -> list[float]:
    """The information-state tensor of ``seat``: :func:`observation_tensor` followed by the
    ``discards`` and ``history`` sections (the module's table).

    Returns:
        A list of :func:`information_state_size` floats.

    Raises:
        StateError: as :func:`observation_tensor`.
    """
    seen = _seen(state_or_view, seat)
    p = seen.table.variant.players
    mem = _memory(memory, p)
    out = _observation(seen, mem)
    rel = [(seen.seat + r) % p for r in range(p)]
    for s in rel:
        out += [float(x) for x in mem.discards[s]]
    for s in rel:
        out += [float(mem.turns[s]), float(mem.takes[s]), float(mem.drawn[s])]
    return out


# ---------------------------------------------------------------------------- strings
def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _observation_text(seen: _Seen, memory: Memory) -> list[str]:
    view = seen.table
    p = view.variant.players
    lines = [
        f"seat {seen.seat} hand {view.hand_number} phase {view.phase.value}"
        f" to act {view.current_seat} dealer {view.dealer}",
        f"hand {seen.hand}",
    ]
    sides = _side_of(view.sides, p)
    for r in range(p):
        seat = (seen.seat + r) % p
        side = sides[seat]
        melds = "" if side is None else " ".join(f"[{m}]" for m in view.melds[side])
        known = [f"{n}x{kind}" for kind, n in zip(KINDS, memory.known[seat], strict=True) if n]
        lines.append(
            f"seat {seat}: {view.hand_sizes[seat]} cards"
            f" red3 {_cards_text(view.red_threes[seat])}"
            f" known {' '.join(known) or '-'} side {side} melds {melds or '-'}"
        )
    lines.append(
        f"pile {view.top_card or '-'} size {view.pile_size} red3 {view.pile_red_threes}"
        f" frozen {int(view.pile_frozen)}/{int(_frozen_for(view, seen.side))}"
        f" blocked {int(view.pile_blocked)} stock {view.stock_size} out {view.out_of_play}"
    )
    lines.append(f"totals {' '.join(map(str, view.totals))} minimums {view.minimums}")
    if view.turn is not None:
        t = view.turn
        created = "".join(r.symbol for r in sorted(t.created))
        lines.append(
            f"turn seat {t.seat} drew {t.drew} asked {int(t.asked)} answer {t.permission}"
            f" laid off {int(t.laid_off)} melded {int(t.melded)} created {created or '-'}"
            f" last red3 {int(t.last_red_three)}"
        )
    return lines


def observation_string(
    state_or_view: GameState | PlayerView, seat: int | None = None, memory: Memory | None = None
) -> str:
    """The observation as text, a few lines (the same facts as :func:`observation_tensor`,
    the hand and melds by card).

    Raises:
        StateError: as :func:`observation_tensor`.
    """
    seen = _seen(state_or_view, seat)
    return "\n".join(_observation_text(seen, _memory(memory, seen.table.variant.players)))


def information_state_string(
    state_or_view: GameState | PlayerView,
    seat: int | None = None,
    memory: Memory | None = None,
) -> str:
    """The information state as text: :func:`observation_string` followed by the hand's
    public record (``memory.record``), one event a line.

    Raises:
        StateError: as :func:`observation_tensor`.
    """
    seen = _seen(state_or_view, seat)
    mem = _memory(memory, seen.table.variant.players)
    return "\n".join([*_observation_text(seen, mem), *(str(e) for e in mem.record)])
