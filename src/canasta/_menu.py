"""The generation of the legal-move menu (internal; see :mod:`canasta.legal` for what is
listed). Compiled with mypyc in the optional compiled build (see the performance page of the
docs), like :mod:`canasta._rules`.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence

from . import _core as core
from . import _plans as plans
from . import _rules as rules
from ._memo import ByIdentity
from ._plans import SEARCH_AT_MOST as _SEARCH_AT_MOST
from ._plans import MeldsInfo, side_info
from ._rules import is_legal
from .actions import (
    Action,
    AnswerPartner,
    AskPartner,
    DealNextHand,
    DeclinePile,
    Discard,
    Draw,
    EndTurn,
    MeldCards,
    TakePile,
    build,
    fast_meld_cards,
)
from .errors import StateError
from .melds import Meld
from .state import DrawSource, GameState, Phase
from .variants import Variant

__all__: list[str] = []


#: A listed new meld not yet built: ``(seat, hand counts, rank, naturals, jokers, twos)``.
_Pending = tuple[int, Sequence[int], int, int, int, int]


def _make(p: _Pending) -> MeldCards:
    seat, counts, r, n, j, t = p
    return fast_meld_cards(seat, plans.cards_for(counts, [(r, n, j, t)]))


# ---------------------------------------------------------------------------- generation
def _generate(state: GameState) -> list[Action | _Pending] | LazyMenu:
    phase = state.phase
    if phase is Phase.HAND_OVER:
        if state.is_match_over or state.seed is None:
            return []
        return [DealNextHand()]
    if phase is Phase.ANSWER:
        seat = state.current_seat
        assert seat is not None
        return (
            list(_ANSWERS[seat])
            if seat < 64
            else [AnswerPartner(seat, True), AnswerPartner(seat, False)]
        )
    seat = state.turn.seat
    if seat not in state.order:  # a state built by hand (problems: seat_not_playing)
        raise StateError(f"seat {seat} does not play this hand {list(state.order)}")
    if phase is Phase.DRAW:
        out: list[Action | _Pending] = []
        if state.stock:
            out.append(_DRAWS[seat] if seat < 64 else Draw(seat))
        takes = _takes(state)
        tail: list[Action | _Pending] = []
        # Once the stock is exhausted the pile may be declined, unless it must be taken; a
        # player who cannot take it at all ends the hand so (the engine does it for him, §2
        # case 31, except in a position built before that step: position(automatic=False)).
        if not state.stock and not rules.forced_take(state):
            tail.append(DeclinePile(seat))
        if isinstance(takes, _Lazy):
            return LazyMenu([out, takes, tail])
        out.extend(takes)
        out.extend(tail)
        return out
    return _play_actions(state)


# ---------------------------------------------------------------------------- taking the pile
def _takes(state: GameState) -> Sequence[Action] | _Takes:
    """The listed ways for the seat to act to take the discard pile, with the fewest hand cards;
    counted, not listed, when an unmelded side has many ways."""
    r = rules.take_rank(state)
    if r is None:
        return []
    seat = state.turn.seat
    if not state.melds[state.side_of(seat)]:
        takes = rules.unmelded_takes(state, r)
        if isinstance(takes, plans.Compounds):
            lazy = _Takes(seat, state.hands[seat].counts, takes)
            return lazy if lazy.total > _LIST_AT_ONCE else list(lazy)
        return takes
    # The minimal ways: when the first (fewest naturals) holds no wild card, every other way
    # takes more cards, so it is the only one.
    combos = rules.take_combos(state, r)
    first = next(combos, None)
    if first is None:
        return []
    if first[1] == first[2] == 0:
        return [rules.take_of(state, r, first)]
    found = [first, *combos]
    return [
        rules.take_of(state, r, c)
        for c in found
        if not any(d != c and d[0] <= c[0] and d[1] <= c[1] and d[2] <= c[2] for d in found)
    ]


# ---------------------------------------------------------------------------- counted runs
class _Lazy:
    """A run of menu entries counted, not listed: ``total`` of them, the one of an index built
    by :meth:`at`, all of them (in order) by iterating."""

    __slots__ = ("total",)

    def __init__(self) -> None:
        self.total = 0

    def __len__(self) -> int:
        return self.total

    def at(self, index: int) -> Action:  # pragma: no cover (abstract)
        raise NotImplementedError

    def __iter__(self) -> Iterator[Action]:  # pragma: no cover (abstract)
        raise NotImplementedError


#: Runs of counted entries at most this long are listed at once (the common case).
_LIST_AT_ONCE = 64


class LazyMenu:
    """A menu some of whose runs of entries are counted, not listed (:class:`_Lazy`): its
    length is their sum, an index is looked up in the run that holds it, and iteration goes run
    by run. Entries are actions once looked up (no :data:`_Pending` in the result)."""

    __slots__ = ("_parts", "_starts", "_total")

    def __init__(self, parts: list[list[Action | _Pending] | _Lazy]) -> None:
        self._parts = parts
        starts = []
        total = 0
        for part in parts:
            starts.append(total)
            total += part.total if isinstance(part, _Lazy) else len(part)
        self._starts = starts
        self._total = total

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, index: int) -> Action:
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError("menu index out of range")
        i = bisect.bisect_right(self._starts, index) - 1
        part = self._parts[i]
        index -= self._starts[i]
        if isinstance(part, _Lazy):
            return part.at(index)
        a = part[index]
        if type(a) is tuple:
            a = part[index] = _make(a)
        return a  # type: ignore[return-value]

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            if isinstance(part, _Lazy):
                yield from part
            else:
                for a in part:
                    yield _make(a) if type(a) is tuple else a  # type: ignore[misc]


class _GoOuts(_Lazy):
    """The meld actions that meld the whole hand but ``leave`` (0 or 1) cards and go out
    (:func:`~canasta._rules.going_out_plans`; with ``leave == 1`` one per kind of card left for
    the discard), counted and built one by one on demand."""

    __slots__ = ("_parts", "_seat", "_sizes")

    def __init__(self, state: GameState, leave: int, k: Sequence[int], info: MeldsInfo) -> None:
        super().__init__()
        self._seat = state.turn.seat
        parts = rules.going_out_plans(state, leave, k, info)
        self._parts = parts
        self._sizes = [len(p) for _, p in parts]
        self.total = sum(self._sizes)

    def at(self, index: int) -> MeldCards:
        """The action of that index (``0 <= index < total``)."""
        for (counts, melds), size in zip(self._parts, self._sizes, strict=True):
            if index < size:
                return fast_meld_cards(self._seat, plans.cards_for(counts, melds.plan(index)))
            index -= size
        raise IndexError(index)  # pragma: no cover (callers check the range)

    def __iter__(self) -> Iterator[MeldCards]:
        seat = self._seat
        for counts, melds in self._parts:
            for spec in melds:
                yield fast_meld_cards(seat, plans.cards_for(counts, spec))


# ---------------------------------------------------------------------------- play phase
def _play_actions(state: GameState) -> list[Action | _Pending] | LazyMenu:
    v = state.variant
    seat = state.turn.seat
    side = state.side_of(seat)
    hand = state.hands[seat]
    counts = hand.counts
    k = core.hand_kinds(hand)
    h = hand.size
    perm = state.turn.permission
    info = side_info(state, side)
    melds: dict[Action, None] = {}
    # Listed single melds, some not built yet (see LegalActions); melds then holds only actions
    # that may repeat one of them, and both are merged when it is not empty.
    singles: list[Action | _Pending] = []
    # Black threes are melded only in the going-out action, so a hand holding three or four of
    # them lists its going-out actions (with or without a card to discard) once the other cards
    # are down to three; any other going out is listed from three cards (see the module doc).
    b = k[core.BLACK3] if k[core.BLACK3] >= 3 else 0  # with five, one is the discard
    small = h <= 3 + b
    going_out = False
    # Going-out actions too many to list at once (after the melds, before the other actions).
    runs: list[_Lazy] = []
    openings: _Lazy | None = None  # initial compounds too many to list at once
    after_runs: list[Action | _Pending] = []  # melds listed after them

    def add_going_out(leave: int) -> bool:
        run = _GoOuts(state, leave, k, info)
        if run.total > _LIST_AT_ONCE or runs or openings:
            # none repeats an entry listed before it: they meld all but at most one card, the
            # initial compounds (listed before) leave two, and the single melds three cards of
            # a hand of five or more (a hand of four has not this many ways to go out)
            runs.append(run)
        else:
            melds.update(dict.fromkeys(run))
        return run.total > 0

    if perm is True:
        # Bound to go out: single melds that keep going out possible, and the whole going out
        # once at most three cards are left (as without permission; see the module doc).
        unmelded = not state.melds[side]
        if small or unmelded:
            # an unmelded side going out meets no minimum only in one action (§2 case 29)
            if not v.final_discard_required:
                add_going_out(0)
            if b or unmelded:
                add_going_out(1)
        minimum = rules.initial_minimum(state, seat)
        if minimum and h > _SEARCH_AT_MOST:
            # From a larger hand (which only a built position holds: a side bound to go out has
            # a partner, and partners draw one card a turn) the search for the initial compounds
            # below is not bounded; the whole going outs above reach every outcome of the turn
            # (after "yes" the turn ends with the player out, §2 case 28), so they alone are
            # listed.
            pass
        elif minimum:
            # the initial compounds after which going out stays possible, step by step
            for spec in plans.initial_compounds(v, k, minimum):
                a = fast_meld_cards(seat, plans.cards_for(counts, spec))
                if a in melds or (
                    runs
                    and h - sum(len(m.cards) for m in a.melds) <= 1
                    and any(a == g for run in runs for g in run)
                ):
                    continue
                if is_legal(state, a):
                    if runs:
                        after_runs.append(a)
                    else:
                        melds[a] = None
        else:
            for single in _singles(state, k, info, bound=True):
                assert isinstance(single, MeldCards)  # not lazy
                if _bound_single_ok(state, single, k, info, h):
                    melds[single] = None
    else:
        minimum = rules.initial_minimum(state, seat)
        if minimum <= 0:
            singles = _singles(state, k, info, lazy=True)
        else:
            if h <= _SEARCH_AT_MOST:
                for spec in plans.initial_compounds(v, k, minimum):
                    used = sum(n + j + t for _, n, j, t in spec)
                    if h - used >= 2:
                        melds[fast_meld_cards(seat, plans.cards_for(counts, spec))] = None
            else:
                # the minimal compounds that keep two cards (counted, not listed: Compounds)
                opening = _Openings(
                    seat, counts, plans.Compounds(v, k, minimum, None, _keeps_two(h), h - 1)
                )
                if opening.total > _LIST_AT_ONCE:
                    openings = opening
                else:
                    melds.update(dict.fromkeys(opening))
        if perm is None and rules.must_ask(state):
            going_out = rules.can_go_out(state, k, info)
        elif perm is None:
            # With the side melded, a going out from four or more cards is reached by single
            # melds down to two or three cards and then one of these (see the module doc).
            if not v.final_discard_required and (small or not state.melds[side]):
                going_out = add_going_out(0)
            if (not state.melds[side] and state.turn.drew is DrawSource.STOCK) or (b and small):
                going_out = add_going_out(1) or going_out
    out: list[Action | _Pending]
    if not melds:
        out = singles
    elif not singles:
        out = list(melds)
    else:
        built = [_make(a) if type(a) is tuple else a for a in singles]
        out = list(dict.fromkeys([*built, *melds]))
    if state.turn.last_red_three:
        out.append(EndTurn(seat))  # §4 A7: meld, then end without a discard
        return _with_runs(out, len(out) - 1, openings, runs, after_runs)
    before_runs = len(out)
    if perm is None and rules.ask_problem(state, k, info, can_out=going_out) is None:
        out.append(_ASKS[seat] if seat < 64 else AskPartner(seat))
    if rules.discard_problem(state) is None:
        if seat < 64:
            table = _SEAT_DISCARDS[seat]
            out.extend([table[i] for i in core.hand_first(hand)[2:] if i >= 0])
        else:
            out.extend(_discard(seat, i) for i in core.hand_first(hand)[2:] if i >= 0)
    return _with_runs(out, before_runs, openings, runs, after_runs)


def _with_runs(
    out: list[Action | _Pending],
    at: int,
    openings: _Lazy | None,
    runs: list[_Lazy],
    after_runs: list[Action | _Pending],
) -> list[Action | _Pending] | LazyMenu:
    """``out`` with the counted openings, runs, then ``after_runs``, inserted before its entry
    ``at`` (``out`` alone when there are none). The openings come first: melds held only them
    (the runs' going outs are added after them)."""
    if openings is None and not runs:
        return out
    first: list[list[Action | _Pending] | _Lazy] = [openings] if openings is not None else []
    return LazyMenu([out[:at], *first, *runs, after_runs, out[at:]])


def _keeps_two(h: int) -> Callable[[int, int], bool | None]:
    """A compound's filter (see :class:`~canasta._plans.Compounds`): it keeps two of the ``h``
    cards."""

    def keep(used: int, canastas: int) -> bool | None:
        return h - used >= 2

    return keep


class _Openings(_Lazy):
    """Initial compounds (:class:`~canasta._plans.Compounds`) as meld actions, counted and
    built one by one."""

    __slots__ = ("_compounds", "_counts", "_seat")

    def __init__(self, seat: int, counts: Sequence[int], compounds: plans.Compounds) -> None:
        super().__init__()
        self._seat = seat
        self._counts = counts
        self._compounds = compounds
        self.total = compounds.total

    def _action(self, spec: list[tuple[int, int, int, int]]) -> Action:
        return fast_meld_cards(self._seat, plans.cards_for(self._counts, spec))

    def at(self, index: int) -> Action:
        return self._action(self._compounds.spec(index))

    def __iter__(self) -> Iterator[Action]:
        for spec in self._compounds:
            yield self._action(spec)


class _Takes(_Openings):
    """Pile takes of an unmelded side: initial compounds with the top card (the first meld)."""

    __slots__ = ()

    def _action(self, spec: list[tuple[int, int, int, int]]) -> TakePile:
        melds = plans.cards_for(self._counts, spec)
        return TakePile(self._seat, melds[0].cards, tuple(melds[1:]))


# Listed actions of one seat are values: the same one is handed out every time (fewer objects).
_DRAWS = tuple(Draw(s) for s in range(64))
_ASKS = tuple(AskPartner(s) for s in range(64))
_ANSWERS = tuple((AnswerPartner(s, True), AnswerPartner(s, False)) for s in range(64))

# Listed one-card actions are values: the same one is handed out every time (fewer objects).
_DISCARDS: dict[tuple[int, int], Discard] = {}
_ADDITIONS: dict[tuple[int, int, int], MeldCards] = {}


class _SeatDiscards:
    """The discards of each seat by card id, built on first use."""

    def __init__(self) -> None:
        self._tables: dict[int, tuple[Discard, ...]] = {}

    def __getitem__(self, seat: int) -> tuple[Discard, ...]:
        table = self._tables.get(seat)
        if table is None:
            table = self._tables[seat] = tuple(_discard(seat, i) for i in range(53))
        return table


_SEAT_DISCARDS = _SeatDiscards()


def _discard(seat: int, card_id: int) -> Discard:
    action = _DISCARDS.get((seat, card_id))
    if action is None:
        action = build(Discard, seat=seat, card=core.CARDS[card_id])
        _DISCARDS[(seat, card_id)] = action
    return action


def _addition(seat: int, rank: int, card_id: int) -> MeldCards:
    action = _ADDITIONS.get((seat, rank, card_id))
    if action is None:
        meld = Meld._fast(core.RANKS[rank], [core.CARDS[card_id]])
        action = fast_meld_cards(seat, [meld])
        _ADDITIONS[(seat, rank, card_id)] = action
    return action


def _singles(
    state: GameState,
    k: Sequence[int],
    info: MeldsInfo,
    bound: bool = False,
    lazy: bool = False,
) -> list[Action | _Pending]:
    """One-card additions and three-card new melds (with ``lazy``, new melds that need no
    further check come as :data:`_Pending` entries)."""
    v = state.variant
    seat = state.turn.seat
    hand = state.hands[seat]
    counts = hand.counts
    h = hand.size
    size_c = v.canasta_size
    J = k[core.JOKER]
    T = k[core.TWO]
    first = core.hand_first(hand)
    out: list[Action | _Pending] = []
    # With two cards or more left the turn can always end with a discard: nothing to check.
    free = bound or h - 1 >= 2
    for r in sorted(info, reverse=True):
        if r == 3:
            continue
        n_e, j_e, t_e, size_e = info[r]
        wild_ok = bool(J or T) and not core.composition_problem(v, n_e, j_e + t_e + 1)
        if free:
            if k[r]:
                out.append(_addition(seat, r, first[r]))
            if wild_ok:
                if J:
                    out.append(_addition(seat, r, first[core.JOKER]))
                if T:
                    out.append(_addition(seat, r, first[core.TWO]))
            continue
        was = 1 if size_e >= size_c else 0
        now = state.canastas(state.side_of(seat)) - was + (1 if size_e + 1 >= size_c else 0)
        for kind, ok in (
            (r, k[r] > 0),
            (core.JOKER, J > 0 and wild_ok),
            (core.TWO, T > 0 and wild_ok),
        ):
            if not ok:
                continue
            fin = rules.keeps(state, h - 1, now)
            if fin is False:
                continue
            if fin is None and not _last_card_ok(
                state,
                info,
                k,
                r,
                (1, 0, 0) if kind == r else (0, 1, 0) if kind == 15 else (0, 0, 1),
            ):
                continue
            out.append(_addition(seat, r, first[kind]))
    size = max(3, v.min_naturals)
    min_nat = v.min_naturals
    ranks = [r for r in _NATURALS_DOWN if k[r] >= min_nat and r not in info]
    if not ranks:
        return out
    if bound or h - size >= 2:
        fin = True
    else:
        canastas = state.canastas(state.side_of(seat)) + (1 if size >= size_c else 0)
        fin = rules.keeps(state, h - size, canastas)
        if fin is False:
            return out
    patterns = _new_meld_patterns(v, size)
    # no composition uses more cards of one kind than the meld's size: counts are capped there
    jokers = min(J, size)
    twos = min(T, size)
    for r in ranks:
        kr = k[r]
        for n, j, t in patterns[(kr if kr < size else size, jokers, twos)]:
            if fin is None and not _last_card_ok(state, info, k, r, (n, j, t)):
                continue
            if lazy:
                out.append((seat, counts, r, n, j, t))
            else:
                out.append(fast_meld_cards(seat, plans.cards_for(counts, [(r, n, j, t)])))
    return out


_NATURALS_DOWN = core.NATURAL_RANKS[::-1]

#: The new-meld compositions of each variant (see _new_meld_patterns).
_PATTERNS: ByIdentity[dict[tuple[int, int, int], list[tuple[int, int, int]]]] = ByIdentity(64)


def _new_meld_patterns(
    v: Variant, size: int
) -> dict[tuple[int, int, int], list[tuple[int, int, int]]]:
    """For (naturals, jokers, twos) held, each capped at ``size``: the compositions
    ``(n, j, t)`` of a new ``size``-card meld, most naturals first, then most jokers."""
    known = _PATTERNS.get(v, size)
    if known is not None:
        return known
    table: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
    for kr in range(size + 1):
        for jk in range(size + 1):
            for tw in range(size + 1):
                found = []
                for n in range(min(kr, size), v.min_naturals - 1, -1):
                    w = size - n
                    for j in range(min(jk, w), -1, -1):
                        t = w - j
                        if t > tw or core.composition_problem(v, n, w):
                            continue
                        found.append((n, j, t))
                table[(kr, jk, tw)] = found
    return _PATTERNS.put(v, table, size)


def _bound_single_ok(
    state: GameState,
    single: MeldCards,
    k: Sequence[int],
    info: MeldsInfo,
    h: int,
) -> bool:
    """Whether a listed single meld is legal for a player bound by partner's "yes": with two
    cards or more left, the engine's rule is that going out must stay possible (§2 case 28),
    worked out here on the counts; smaller hands ask the engine."""
    meld = single.melds[0]
    n, j, t = meld._stats
    if h - n - j - t < 2:
        return is_legal(state, single)
    after, left = _after_meld(info, k, int(meld.rank), (n, j, t))
    return rules.can_go_out_kinds(state.variant, left, after)


def _after_meld(
    info: MeldsInfo,
    k: Sequence[int],
    r: int,
    added: tuple[int, int, int],
) -> tuple[MeldsInfo, list[int]]:
    """The side's melds info and the hand's kind counts after melding ``added`` (naturals,
    jokers, twos) from the hand onto rank ``r`` (new copies)."""
    n, j, t = added
    n_e, j_e, t_e, size_e = info.get(r, (0, 0, 0, 0))
    after = dict(info)
    after[r] = (n_e + n, j_e + j, t_e + t, size_e + n + j + t)
    left = list(k)
    left[r] -= n
    left[core.JOKER] -= j
    left[core.TWO] -= t
    return after, left


def _last_card_ok(
    state: GameState,
    info: MeldsInfo,
    k: Sequence[int],
    r: int,
    added: tuple[int, int, int],
) -> bool:
    """After melding ``added`` (naturals, jokers, twos) onto rank ``r``, one card is left and
    the side lacks the canastas to go out: the engine's rule (§2 case 23) allows it when that
    card can still be melded to complete them (or when no discard follows, §4 A7). The cases
    :func:`~canasta._rules.keeps` answers by itself are not asked here."""
    if state.turn.last_red_three:
        return True
    after, left = _after_meld(info, k, r, added)
    return plans.going_out_feasible(state.variant, after, left)
