"""The generation of the legal-move menu (internal; see :mod:`canasta.legal` for what is
listed). Compiled with mypyc in the optional compiled build (see the performance page of the
docs), like :mod:`canasta._rules`.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Callable, Iterator, Sequence

from . import _core as core
from ._memo import ByIdentity
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
from .melds import Meld
from .state import DrawSource, GameState, Phase
from .variants import AskPartnerRule as AskRule
from .variants import Variant

__all__: list[str] = []


#: A listed new meld not yet built: ``(seat, hand counts, rank, naturals, jokers, twos)``.
_Pending = tuple[int, Sequence[int], int, int, int, int]


def _make(p: _Pending) -> MeldCards:
    seat, counts, r, n, j, t = p
    return fast_meld_cards(seat, _cards_for(counts, [(r, n, j, t)]))


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
    if phase is Phase.DRAW:
        out: list[Action | _Pending] = []
        if state.stock:
            out.append(_DRAWS[seat] if seat < 64 else Draw(seat))
        takes = _takes(state)
        tail: list[Action | _Pending] = []
        # Once the stock is exhausted the pile may be declined, unless it must be taken; a
        # player who cannot take it at all ends the hand so (the engine does it for him, §2
        # case 31, except in a position built before that step: position(automatic=False)).
        if not state.stock and not forced_take(state):
            tail.append(DeclinePile(seat))
        if isinstance(takes, _Lazy):
            return LazyMenu([out, takes, tail])
        out.extend(takes)
        out.extend(tail)
        return out
    return _play_actions(state)


def _finish_ok(state: GameState, left: int, canastas: int, discarding: bool = False) -> bool | None:
    """Mirror of the engine's rules on what a player keeps (§2 cases 22-24, 27, 28). ``None``
    means "it depends on whether the last card can complete the canastas": ask the engine."""
    v = state.variant
    perm = state.turn.permission
    if left <= 1:
        if perm is False:
            return False
        if (
            v.ask_partner is AskRule.COMPULSORY
            and state.partners(state.turn.seat)
            and perm is not True
        ):
            return False
        if canastas < v.canastas_to_go_out:
            if left == 1 and not discarding and not v.final_discard_required:
                return None
            return False
        if left == 0 and v.final_discard_required and not discarding:
            return False
        return True
    return perm is not True


def melds_info(melds: Sequence[Meld]) -> dict[int, tuple[int, int, int, int]]:
    """rank value -> (naturals, jokers, twos, size) of ``melds`` (a fresh dict)."""
    out = {}
    for m in melds:
        n, j, t = m._stats
        out[int(m.rank)] = (n, j, t, n + j + t)
    return out


#: melds_info by melds tuple: states of one hand share a side's tuple until the side melds again.
_INFO: ByIdentity[dict[int, tuple[int, int, int, int]]] = ByIdentity(512)


def _melds_info_cached(melds: Sequence[Meld]) -> dict[int, tuple[int, int, int, int]]:
    """:func:`melds_info`, shared between calls on the same tuple: do not mutate."""
    info = _INFO.get(melds)
    if info is None:
        info = _INFO.put(melds, melds_info(melds))
    return info


def _side_info(state: GameState, side: int) -> dict[int, tuple[int, int, int, int]]:
    """rank value -> (naturals, jokers, twos, size) of the side's melds (shared: do not
    mutate)."""
    return _melds_info_cached(state.melds[side])


def _cards_for(counts: Sequence[int], spec: Sequence[tuple[int, int, int, int]]) -> list[Meld]:
    """Melds with canonical cards for ``(rank, naturals, jokers, twos)`` specs from one hand."""
    taken = [0] * 53
    melds = []
    for r, n, j, t in spec:
        cards = core.pick(counts, r, n, taken)
        cards += core.pick(counts, core.JOKER, j, taken)
        cards += core.pick(counts, core.TWO, t, taken)
        melds.append(Meld._fast(core.RANKS[r], cards))
    return melds


# ---------------------------------------------------------------------------- taking the pile
def take_options(state: GameState) -> list[TakePile]:
    """The listed ways for the seat to act to take the discard pile (minimal hand cards)."""
    takes = _takes(state)
    return list(takes) if isinstance(takes, _Lazy) else takes


def _takes(state: GameState) -> list[TakePile] | _Takes:
    """:func:`take_options`, counted, not listed, when an unmelded side has many ways."""
    if state.phase is not Phase.DRAW:
        return []
    pile = state.discard_pile
    if not pile:
        return []
    top = pile[-1]
    top_id = top.id
    if not 8 <= top_id < 52:  # not a natural card
        return []
    seat = state.turn.seat
    hand = state.hands[seat]
    if hand.size == 1 and len(pile) == 1:
        return []
    v = state.variant
    side = state.side_of(seat)
    k = core.hand_kinds(hand)
    r = top_id // 4 + 2
    side_melds = state.melds[side]
    if k[r] == 0 and not any(m.rank == r for m in side_melds):
        return []  # neither a natural of the rank in hand nor a meld of it: no way to take
    to_hand = len(pile) - 1 - sum(map(_IS_RED3.__getitem__, map(_CARD_ID, pile)))
    out: list[TakePile] = []
    if side_melds:
        info = _side_info(state, side)
        frozen = state.pile_frozen
        n_e, j_e, t_e, size_e = info.get(r, (0, 0, 0, 0))
        existing = r in info
        canastas_other = state.canastas(side) - (1 if size_e >= v.canasta_size else 0)
        # The fewest naturals from the hand; when that many take the pile with no wild card,
        # every other way takes more cards, so it is the only minimal one.
        # §1 "Taking the pile": a frozen pile needs a natural pair; an unfrozen one the side's
        # meld of the rank, or a natural with a second card (German rules: a natural pair).
        n_new = 2 if frozen or v.pile_needs_natural_pair else 1
        n_lo = 0 if existing and not frozen else n_new
        if k[r] >= n_lo and not core.composition_problem(v, n_e + 1 + n_lo, j_e + t_e):
            size = size_e + 1 + n_lo
            canastas = canastas_other + (1 if size >= v.canasta_size else 0)
            if _finish_ok(state, hand.size - n_lo + to_hand, canastas) is True:
                return [_take_of(state, seat, r, (n_lo, 0, 0))]
        combos = []
        maxw = v.max_wilds
        for n in range(0, k[r] + 1):
            if n < n_lo:
                continue
            for j in range(0, min(k[core.JOKER], maxw) + 1):
                for t in range(0, min(k[core.TWO], maxw - j) + 1):
                    if core.composition_problem(v, n_e + 1 + n, j_e + t_e + j + t):
                        continue
                    left = hand.size - (n + j + t) + to_hand
                    size = size_e + 1 + n + j + t
                    canastas = canastas_other + (1 if size >= v.canasta_size else 0)
                    fin = _finish_ok(state, left, canastas)
                    if fin is False:
                        continue
                    if fin is None and not is_legal(state, _take_of(state, seat, r, (n, j, t))):
                        continue
                    combos.append((n, j, t))
        for c in _minimal(combos):
            out.append(_take_of(state, seat, r, c))
        return out
    minimum = state.minimum_for(seat)
    return _unmelded_takes(state, seat, k, r, to_hand, minimum)


def _unmelded_takes(
    state: GameState, seat: int, k: Sequence[int], r: int, to_hand: int, minimum: int
) -> list[TakePile] | _Takes:
    """The listed pile takes of an unmelded side: the minimal compounds with the top card of
    rank ``r``, counted (see :class:`_Compounds`), so that neither their number nor the first
    of them needs a search through dead ends."""
    v = state.variant
    hand = state.hands[seat]
    h = hand.size
    counts = hand.counts

    def keep(used: int, canastas: int) -> bool | None:
        return _finish_ok(state, h - used + to_hand, canastas)

    # a take keeping two cards or more is kept (no permission is given before the draw)
    used_from = 0 if state.turn.permission is True else h + to_hand - 1
    compounds = _Compounds(v, k, minimum, r, keep, used_from) if h > _SEARCH_AT_MOST else None
    if compounds is not None and not compounds.ask:
        takes = _Takes(seat, counts, compounds)
        return takes if takes.total > _LIST_AT_ONCE else list(takes)
    # A hand of a few cards has a few compounds: searched for at once (cheaper than counting).
    # Otherwise the engine must judge some of them (a take that keeps one card and may go out
    # with it): a rare case, with a pile of one or two cards and a hand melded down to its last
    # card.
    out = []
    for spec in initial_compounds(v, k, minimum, forced=r):
        used = sum(n + j + t for _, n, j, t in spec)
        left = hand.size - used + to_hand
        canastas = sum(
            1 for rr, n, j, t in spec if n + j + t + (1 if rr == r else 0) >= v.canasta_size
        )
        fin = _finish_ok(state, left, canastas)
        if fin is False:
            continue
        melds = _cards_for(counts, spec)
        top_meld = melds[0]
        action = TakePile(seat, top_meld.cards, tuple(melds[1:]))
        if fin is None and not is_legal(state, action):
            continue
        out.append(action)
    return out


def can_take_pile(state: GameState) -> bool:
    """Whether the seat to act may take the discard pile (``take_options`` is not empty),
    without listing the ways: for an unmelded side, the first listed take is found by counting
    (see :class:`_Compounds`)."""
    pile = state.discard_pile
    if state.phase is not Phase.DRAW or not pile:
        return False
    seat = state.turn.seat
    if state.melds[state.side_of(seat)]:
        return bool(take_options(state))  # a handful of ways at most, without enumeration
    top_id = pile[-1].id
    if not 8 <= top_id < 52:
        return False
    hand = state.hands[seat]
    if hand.size == 1 and len(pile) == 1:
        return False
    k = core.hand_kinds(hand)
    r = top_id // 4 + 2
    if k[r] == 0:
        return False
    to_hand = len(pile) - 1 - sum(map(_IS_RED3.__getitem__, map(_CARD_ID, pile)))
    takes = _unmelded_takes(state, seat, k, r, to_hand, state.minimum_for(seat))
    return takes.total > 0 if isinstance(takes, _Lazy) else bool(takes)


_IS_RED3 = tuple(1 if i in core.RED3_IDS else 0 for i in range(53))
_CARD_ID = operator.attrgetter("id")


def _take_of(state: GameState, seat: int, r: int, combo: tuple[int, int, int]) -> TakePile:
    counts = state.hands[seat].counts
    cards = core.pick(counts, r, combo[0]) + core.pick(counts, core.JOKER, combo[1])
    cards += core.pick(counts, core.TWO, combo[2])
    return build(TakePile, seat=seat, cards=tuple(sorted(cards)), melds=())


def _minimal(combos: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    return [
        c
        for c in combos
        if not any(d != c and d[0] <= c[0] and d[1] <= c[1] and d[2] <= c[2] for d in combos)
    ]


def forced_take(state: GameState) -> bool:
    """Whether the seat to act must take the pile: the stock is exhausted and the top card fits
    the side's meld on a pile not frozen for the side (§2 case 31)."""
    if state.phase is not Phase.DRAW or state.stock or not state.variant.forced_take_after_stock:
        return False
    return is_legal(state, TakePile(state.turn.seat))


# ---------------------------------------------------------------------------- initial melds
#: A meld option of an initial compound: ``(naturals, jokers, twos, value, lowest removable
#: value or 0, 1 if it holds the pile's top card)``.
_Option = tuple[int, int, int, int, int, int]


def _rank_options(v: Variant, k: Sequence[int], r: int, forced: int | None) -> list[_Option]:
    """The new melds of rank ``r`` an initial compound may hold, in the order they are tried:
    most naturals last, then jokers, then twos (see :func:`initial_compounds`)."""
    values = v._values
    jv = values[52]
    tv = values[0]
    maxw = v.max_wilds
    J = k[core.JOKER]
    T = k[core.TWO]
    extra = 1 if r == forced else 0
    lo = 2 if r == forced else v.min_naturals
    rv = values[(r - 2) * 4]
    opts = []
    for n in range(lo, k[r] + 1):
        for j in range(0, min(J, maxw) + 1):
            for t in range(0, min(T, maxw - j) + 1):
                nat = n + extra
                w = j + t
                if core.composition_problem(v, nat, w):
                    continue
                rem = []
                if n - 1 >= lo and not core.composition_problem(v, nat - 1, w):
                    rem.append(rv)
                if j and not core.composition_problem(v, nat, w - 1):
                    rem.append(jv)
                if t and not core.composition_problem(v, nat, w - 1):
                    rem.append(tv)
                value = (n + extra) * rv + j * jv + t * tv
                opts.append((n, j, t, value, max(rem) if rem else 0, extra))
    return opts


def initial_compounds(
    v: Variant, k: Sequence[int], minimum: int, forced: int | None = None
) -> list[list[tuple[int, int, int, int]]]:
    """Minimal sets of new melds from kind counts ``k`` worth at least ``minimum`` points.

    Each meld is ``(rank, naturals, jokers, twos)`` from the hand. With ``forced`` (the rank of the
    pile's top card), the first meld is of that rank, holds the top card besides (counted in its
    value) and at least a natural pair from the hand. The list can be very long for a big hand
    (:class:`_Compounds` counts and unranks it without listing).
    """
    J = k[core.JOKER]
    T = k[core.TWO]

    def options(r: int) -> list[_Option]:
        return _rank_options(v, k, r, forced)

    ranks = [r for r in core.NATURAL_RANKS if r != forced and k[r] >= v.min_naturals]
    opts: dict[int, list[_Option]] = {}  # options by rank, as needed
    results: list[list[tuple[int, int, int, int]]] = []
    chosen: list[tuple[int, int, int, int, int, int]] = []

    def minimal(total: int) -> bool:
        for r, _n, _j, _t, value, rem in chosen:
            if r != forced and total - value >= minimum:
                return False
            if rem and total - rem >= minimum:
                return False
        return True

    def dfs(start: int, total: int, jl: int, tl: int) -> None:
        for i in range(start, len(ranks)):
            r = ranks[i]
            rank_opts = opts.get(r)
            if rank_opts is None:
                rank_opts = opts[r] = options(r)
            for n, j, t, value, rem, _x in rank_opts:
                if j > jl or t > tl:
                    continue
                chosen.append((r, n, j, t, value, rem))
                new_total = total + value
                if new_total >= minimum:
                    if minimal(new_total):
                        results.append([c[:4] for c in chosen])
                else:
                    dfs(i + 1, new_total, jl - j, tl - t)
                chosen.pop()

    if forced is None:
        dfs(0, 0, J, T)
        return results
    if k[forced] < 2:
        return results
    for n, j, t, value, rem, _x in options(forced):
        chosen.append((forced, n, j, t, value, rem))
        if value >= minimum:
            if minimal(value):
                results.append([c[:4] for c in chosen])
        else:
            dfs(0, value, J - j, T - t)
        chosen.pop()
    return results


class _Compounds:
    """The list of :func:`initial_compounds`, in its order, restricted to the compounds whose
    ``(cards used, canastas made)`` pass ``keep``: counted and unranked without listing.

    The depth-first search of :func:`initial_compounds` adds melds by rank, low to high, until
    the minimum is reached; a compound is minimal when its total less the minimum is below every
    meld's value (the pile's meld aside) and every removable card's value. So the number of
    compounds below a choice depends only on the rank reached, the total so far, the wild cards
    left, the least of those values so far (capped at the largest meld value, beyond which it
    never matters), and, when ``keep`` may refuse, the cards used and canastas made (capped
    where ``keep`` stops telling them apart): those are memoised, and cost is polynomial in the
    hand. ``keep`` returns ``None`` when the engine must be asked (then :attr:`ask` is set and
    the caller lists the compounds one by one instead).
    """

    def __init__(
        self,
        v: Variant,
        k: Sequence[int],
        minimum: int,
        forced: int | None,
        keep: Callable[[int, int], bool | None] | None,
        used_from: int,
    ) -> None:
        self._minimum = minimum
        self._forced = forced
        self._keep = keep
        self._size_c = v.canasta_size
        self._needed = v.canastas_to_go_out
        self.ask = False
        ranks = [r for r in core.NATURAL_RANKS if r != forced and k[r] >= v.min_naturals]
        self._ranks = ranks
        self._opts = [_rank_options(v, k, r, forced) for r in ranks]
        self._forced_opts = (
            _rank_options(v, k, forced, forced) if forced is not None and k[forced] >= 2 else []
        )
        cap = 1
        for o in [*self._opts, self._forced_opts]:
            for opt in o:
                cap = max(cap, opt[3] + 1)
        self._cap = cap
        # A compound's total is below the minimum plus its last meld's value, so it holds at
        # most that over the cheapest card's value cards: keep is not asked when that is fewer
        # than used_from.
        values = v._values
        cheapest = min(
            [values[52], values[0], *(values[(r - 2) * 4] for r in [*ranks, forced] if r)]
        )
        if keep is not None and (minimum + cap) // max(cheapest, 1) < used_from:
            keep = None
            self._keep = None
        # cards used are told apart only from used_from on (below it keep does not refuse)
        self._track = keep is not None
        self._used_from = used_from
        self._memo: dict[tuple[int, ...], int] = {}
        self._wilds = (k[core.JOKER], k[core.TWO])
        self.total = self._top_count()

    # a node: (rank index, total, jokers left, twos left, least value, cards used, canastas)
    def _used(self, used: int) -> int:
        return min(used, self._used_from + 2) if self._track else 0

    def _canastas(self, c: int) -> int:
        return min(c, self._needed) if self._track else 0

    def _leaf(self, total: int, least: int, used: int, canastas: int) -> int:
        if total - self._minimum >= least:
            return 0
        keep = self._keep
        if keep is None:
            return 1
        ok = keep(used, canastas) if used >= self._used_from else True
        if ok is None:
            self.ask = True
            return 0
        return 1 if ok else 0

    def _step(
        self, opt: _Option, rank_is_forced: bool, node: tuple[int, int, int, int, int, int, int]
    ) -> tuple[bool, tuple[int, int, int, int, int, int, int]]:
        """After choosing ``opt`` at ``node``: (whether the minimum is reached, the new node with
        the next rank index)."""
        i, total, jl, tl, least, used, canastas = node
        n, j, t, value, rem, extra = opt
        if not rank_is_forced:
            least = min(least, value)
        if rem:
            least = min(least, rem)
        size = n + j + t
        new = (
            i + 1,
            total + value,
            jl - j,
            tl - t,
            least,
            self._used(used + size),
            self._canastas(canastas + (1 if size + extra >= self._size_c else 0)),
        )
        return total + value >= self._minimum, new

    def _below(self, reached: bool, new: tuple[int, int, int, int, int, int, int]) -> int:
        if reached:
            return self._leaf(new[1], new[4], new[5], new[6])
        return self._count(new)

    def _count(self, node: tuple[int, int, int, int, int, int, int]) -> int:
        i, total, jl, tl, least, used, canastas = node
        if i >= len(self._ranks):
            return 0
        known = self._memo.get(node)
        if known is not None:
            return known
        count = 0
        for opt in self._opts[i]:
            if opt[1] > jl or opt[2] > tl:
                continue
            reached, new = self._step(opt, False, node)
            count += self._below(reached, new)
        count += self._count((i + 1, total, jl, tl, least, used, canastas))
        self._memo[node] = count
        return count

    def _roots(self) -> list[tuple[_Option | None, bool, tuple[int, ...]]]:
        """The top of the search: (the pile's meld or None, minimum reached, node)."""
        J, T = self._wilds
        start = (0, 0, J, T, self._cap, 0, 0)
        if self._forced is None:
            return [(None, False, start)]
        out: list[tuple[_Option | None, bool, tuple[int, ...]]] = []
        for opt in self._forced_opts:
            reached, new = self._step(opt, True, start)
            out.append((opt, reached, (0, *new[1:])))
        return out

    def _top_count(self) -> int:
        total = 0
        for _opt, reached, node in self._roots():
            total += self._below(reached, node)  # type: ignore[arg-type]
        return total

    def spec(self, index: int) -> list[tuple[int, int, int, int]]:
        """The compound of that index (``0 <= index < total``)."""
        picks: list[tuple[int, int, int, int]] = []
        for opt, reached, node in self._roots():
            below = self._below(reached, node)  # type: ignore[arg-type]
            if index >= below:
                index -= below
                continue
            if opt is not None:
                picks.append((self._forced, opt[0], opt[1], opt[2]))  # type: ignore[arg-type]
            if reached:
                return picks
            return self._descend(node, index, picks)  # type: ignore[arg-type]
        raise IndexError(index)  # pragma: no cover (callers check the range)

    def _descend(
        self,
        node: tuple[int, int, int, int, int, int, int],
        index: int,
        picks: list[tuple[int, int, int, int]],
    ) -> list[tuple[int, int, int, int]]:
        while True:
            i, total, jl, tl, least, used, canastas = node
            for opt in self._opts[i]:
                if opt[1] > jl or opt[2] > tl:
                    continue
                reached, new = self._step(opt, False, node)
                below = self._below(reached, new)
                if index < below:
                    picks.append((self._ranks[i], opt[0], opt[1], opt[2]))
                    if reached:
                        return picks
                    node = new
                    break
                index -= below
            else:
                node = (i + 1, total, jl, tl, least, used, canastas)

    def __iter__(self) -> Iterator[list[tuple[int, int, int, int]]]:
        # depth first, in the order of the counts, into the choices with compounds below only
        picks: list[tuple[int, int, int, int]] = []
        for opt, reached, node in self._roots():
            if not self._below(reached, node):  # type: ignore[arg-type]
                continue
            if opt is not None:
                picks.append((self._forced, opt[0], opt[1], opt[2]))  # type: ignore[arg-type]
            if reached:
                yield list(picks)
            else:
                yield from self._walk(node, picks)  # type: ignore[arg-type]
            del picks[:]

    def _walk(
        self, node: tuple[int, int, int, int, int, int, int], picks: list[tuple[int, int, int, int]]
    ) -> Iterator[list[tuple[int, int, int, int]]]:
        while node[0] < len(self._ranks):
            i, total, jl, tl, least, used, canastas = node
            for opt in self._opts[i]:
                if opt[1] > jl or opt[2] > tl:
                    continue
                reached, new = self._step(opt, False, node)
                if not self._below(reached, new):
                    continue
                picks.append((self._ranks[i], opt[0], opt[1], opt[2]))
                if reached:
                    yield list(picks)
                else:
                    yield from self._walk(new, picks)
                picks.pop()
            node = (i + 1, total, jl, tl, least, used, canastas)


# ---------------------------------------------------------------------------- going out
class _FullMelds:
    """Every way to meld all the cards of kind counts ``k`` onto a side with melds ``info``,
    leaving the side with at least ``needed`` canastas, as plans ``[(rank, naturals, jokers,
    twos), ...]`` (black threes first, then the ranks that take cards, low to high).

    The plans are counted (``len``) and unranked (``plan(i)``) without listing them, by the
    number of plans below each choice (memoised on the wild cards left and the canastas made),
    so that cost is polynomial in the hand; iteration lists them in the same order, skipping
    every choice below which there is none.
    """

    __slots__ = ("_fixed", "_memo", "_needed", "_opts", "_total", "_wilds")

    def __init__(
        self,
        v: Variant,
        info: dict[int, tuple[int, int, int, int]],
        k: Sequence[int],
        needed: int,
    ) -> None:
        self._fixed: list[tuple[int, int, int, int]] = []
        # per target: (rank, naturals added, [(jokers, twos, canasta made), ...] in order)
        self._opts: list[tuple[int, int, list[tuple[int, int, int]]]] = []
        self._memo: dict[tuple[int, int, int, int], int] = {}
        self._needed = needed
        self._wilds = (k[core.JOKER], k[core.TWO])
        self._total = 0
        if not going_out_feasible(v, info, k):
            return
        b = k[core.BLACK3]
        if b:
            if not 3 <= b <= 4:
                return
            self._fixed.append((3, b, 0, 0))
        maxw = v.max_wilds
        size_c = v.canasta_size
        for r in core.NATURAL_RANKS:
            c = k[r]
            if r in info:
                n_e, j_e, t_e, size_e = info[r]
                w_e = j_e + t_e
            elif c:
                if c < v.min_naturals:
                    self._opts = []
                    return
                n_e = w_e = size_e = 0
            else:
                continue
            nat = n_e + c
            choices = []
            for j in range(0, maxw + 1):
                for t in range(0, maxw - j + 1):
                    # an existing meld takes naturals as it is (a combined Cutthroat meld may be
                    # over the wild limit); wild cards only within the limit
                    if (j or t or not size_e) and core.composition_problem(v, nat, w_e + j + t):
                        continue
                    choices.append((j, t, 1 if size_e + c + j + t >= size_c else 0))
            self._opts.append((r, c, choices))
        self._total = self._count(0, k[core.JOKER], k[core.TWO], 0)

    def _count(self, i: int, jl: int, tl: int, canastas: int) -> int:
        """The number of plans from target ``i`` on, with ``jl`` jokers and ``tl`` twos left and
        ``canastas`` made (counted up to the number needed)."""
        if i == len(self._opts):
            return 1 if jl == 0 and tl == 0 and canastas >= self._needed else 0
        key = (i, jl, tl, canastas)
        known = self._memo.get(key)
        if known is not None:
            return known
        total = 0
        for j, t, made in self._opts[i][2]:
            if j <= jl and t <= tl:
                total += self._count(i + 1, jl - j, tl - t, min(canastas + made, self._needed))
        self._memo[key] = total
        return total

    def __len__(self) -> int:
        return self._total

    def _plan(self, picks: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
        return self._fixed + [p for p in picks if p[1] or p[2] or p[3]]

    def plan(self, index: int) -> list[tuple[int, int, int, int]]:
        """The plan of that index (``0 <= index < len(self)``)."""
        jl, tl = self._wilds
        canastas = 0
        picks = []
        for i, (r, c, choices) in enumerate(self._opts):
            for j, t, made in choices:
                if j > jl or t > tl:
                    continue
                below = self._count(i + 1, jl - j, tl - t, min(canastas + made, self._needed))
                if index < below:
                    picks.append((r, c, j, t))
                    jl -= j
                    tl -= t
                    canastas = min(canastas + made, self._needed)
                    break
                index -= below
        return self._plan(picks)

    def __iter__(self) -> Iterator[list[tuple[int, int, int, int]]]:
        if not self._total:
            return
        picks: list[tuple[int, int, int, int]] = []
        # depth-first, each level's choices in order; a choice is followed only when plans
        # lie below it
        stack = [(0, self._wilds[0], self._wilds[1], 0, 0)]
        while stack:
            i, jl, tl, canastas, at = stack.pop()
            del picks[i:]
            if i == len(self._opts):
                yield self._plan(picks)
                continue
            r, c, choices = self._opts[i]
            for x in range(at, len(choices)):
                j, t, made = choices[x]
                if j > jl or t > tl:
                    continue
                now = min(canastas + made, self._needed)
                if self._count(i + 1, jl - j, tl - t, now):
                    stack.append((i, jl, tl, canastas, x + 1))
                    picks.append((r, c, j, t))
                    stack.append((i + 1, jl - j, tl - t, now, 0))
                    break


def _canastas_reachable(
    v: Variant, info: dict[int, tuple[int, int, int, int]], k: Sequence[int]
) -> bool:
    """A quick upper bound: can the side hold enough canastas after melding this hand?"""
    wilds = k[core.JOKER] + k[core.TWO]
    size_c = v.canasta_size
    count = 0
    maxw = v.max_wilds
    for r in _NATURALS:
        _n, j_e, t_e, size_e = info.get(r, _NO_MELD)
        if size_e + k[r] + min(wilds, max(maxw - j_e - t_e, 0)) >= size_c:
            count += 1
            if count >= v.canastas_to_go_out:
                return True
    return False


def _go_out_parts(
    state: GameState,
    leave: int,
    k: Sequence[int] | None = None,
    info: dict[int, tuple[int, int, int, int]] | None = None,
) -> list[tuple[list[int], _FullMelds]]:
    """The going-out melds of :func:`go_out_melds`, counted, not listed: for each card left
    (none with ``leave == 0``), the hand's counts without it and the plans that meld them."""
    v = state.variant
    seat = state.turn.seat
    side = state.side_of(seat)
    hand = state.hands[seat]
    if hand.size - leave < 1:
        return []
    counts = hand.counts
    if k is None:
        k = core.hand_kinds(hand)
    if info is None:
        info = _side_info(state, side)
    need_min = not state.melds[side] and (
        v.concealed_needs_minimum or state.turn.drew is not DrawSource.STOCK
    )
    minimum = state.minimum_for(seat) if need_min else 0
    values = v._values
    if k[core.RED3]:
        return []
    # Cards that cannot be melded (a lone natural of a rank the side lacks, black threes not
    # three or four) must be the one card left; more of them than ``leave`` rules going out out.
    lonely = [r for r in core.NATURAL_RANKS if 0 < k[r] < v.min_naturals and r not in info]
    b = k[core.BLACK3]
    if b and not 3 <= b <= 4:
        lonely.append(core.BLACK3)
    if len(lonely) > leave:
        return []
    if not _canastas_reachable(v, info, k):
        return []
    if leave and lonely:
        kinds = lonely
    elif leave:
        kinds = [kk for kk in range(2, 16) if k[kk]]
    else:
        kinds = [0]
    parts = []
    for lk in kinds:
        k2 = list(k)
        if lk:
            k2[lk] -= 1
        left_counts = list(counts)
        if lk:
            cid = core.pick(counts, lk, 1)[0].id
            left_counts[cid] -= 1
        # every plan melds all the cards kept, so their value is the same for all of them
        if minimum and sum(values[i] * left_counts[i] for i in range(53)) < minimum:
            continue
        plans = _FullMelds(v, info, k2, v.canastas_to_go_out)
        if len(plans):
            parts.append((left_counts, plans))
    return parts


def go_out_melds(
    state: GameState,
    leave: int,
    k: Sequence[int] | None = None,
    info: dict[int, tuple[int, int, int, int]] | None = None,
) -> Iterator[MeldCards]:
    """Meld actions that meld the whole hand but ``leave`` (0 or 1) cards, leaving the side
    able to go out. With ``leave == 1`` one action per kind of card left for the discard."""
    seat = state.turn.seat
    for left_counts, plans in _go_out_parts(state, leave, k, info):
        for spec in plans:
            yield fast_meld_cards(seat, _cards_for(left_counts, spec))


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
#: The initial compounds of a hand of at most this many cards are searched for, not counted:
#: they are few (at most some thousands), and the search is cheaper than the counts.
_SEARCH_AT_MOST = 20


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
    """The actions of :func:`go_out_melds`, in its order, counted and built one by one on
    demand (a menu entry that stands for all of them)."""

    __slots__ = ("_parts", "_seat", "_sizes")

    def __init__(self, seat: int, parts: list[tuple[list[int], _FullMelds]]) -> None:
        super().__init__()
        self._seat = seat
        self._parts = parts
        self._sizes = [len(p) for _, p in parts]
        self.total = sum(self._sizes)

    def at(self, index: int) -> MeldCards:
        """The action of that index (``0 <= index < total``)."""
        for (left_counts, plans), size in zip(self._parts, self._sizes, strict=True):
            if index < size:
                return fast_meld_cards(self._seat, _cards_for(left_counts, plans.plan(index)))
            index -= size
        raise IndexError(index)  # pragma: no cover (callers check the range)

    def __iter__(self) -> Iterator[MeldCards]:
        seat = self._seat
        for left_counts, plans in self._parts:
            for spec in plans:
                yield fast_meld_cards(seat, _cards_for(left_counts, spec))


def can_go_out(
    state: GameState,
    k: Sequence[int] | None = None,
    info: dict[int, tuple[int, int, int, int]] | None = None,
) -> bool:
    """Whether the player to act (after drawing) can go out this turn from the current hand.
    ``k`` and ``info`` (the hand's kind counts and the side's melds) may be passed when known."""
    if state.phase is not Phase.PLAY:
        return False
    v = state.variant
    seat = state.turn.seat
    side = state.side_of(seat)
    hand = state.hands[seat]
    if state.turn.permission is False:
        return False
    if hand.size == 1:
        return (
            not hand.counts[5]
            and not hand.counts[6]
            and (state.canastas(side) >= v.canastas_to_go_out)
        )
    if not state.melds[side] and (
        v.concealed_needs_minimum or state.turn.drew is not DrawSource.STOCK
    ):
        # the minimum matters: search for a going out that meets it
        # (counted, not listed: the plans are counted by wild cards left, not enumerated)
        if not v.final_discard_required and _go_out_parts(state, 0):
            return True
        return bool(_go_out_parts(state, 1))
    if info is None:
        info = _side_info(state, side)
    return _can_go_out_kinds(v, list(core.hand_kinds(hand) if k is None else k), info)


def _can_go_out_kinds(v: Variant, k: list[int], info: dict[int, tuple[int, int, int, int]]) -> bool:
    """:func:`can_go_out` for a side that has melded (or needs no minimum), a hand of two cards
    or more with kind counts ``k`` (a list it may change and restore) and the side's melds
    ``info``."""
    # cards that cannot be melded must be the one card left for the discard
    min_nat = v.min_naturals
    lonely = [r for r in _NATURALS if 0 < k[r] < min_nat and r not in info]
    if k[core.BLACK3] and not 3 <= k[core.BLACK3] <= 4:
        lonely.append(core.BLACK3)
    if len(lonely) > 1 or k[core.RED3]:
        return False
    if not lonely and not _canastas_reachable(v, info, k):
        return False
    if not lonely and not v.final_discard_required and going_out_feasible(v, info, k):
        return True
    for kind in lonely or range(2, 16):
        if k[kind]:
            k[kind] -= 1
            ok = going_out_feasible(v, info, k)
            k[kind] += 1
            if ok:
                return True
    return False


def going_out_feasible(
    v: Variant, info: dict[int, tuple[int, int, int, int]], k: Sequence[int]
) -> bool:
    """Whether all the cards of kind counts ``k`` can be melded onto a side with melds ``info``
    so that it has the canastas to go out (ignoring the initial-meld minimum).

    Wild cards only need a place within each meld's limit, so only their number matters: the
    melds take at least the wilds new three-card melds need, at most their limits, and enough to
    complete the cheapest missing canastas.
    """
    if k[core.RED3]:
        return False
    size_c = v.canasta_size
    canastas = 0
    b = k[core.BLACK3]
    if b:
        if not 3 <= b <= 4:
            return False
        if b >= size_c:
            canastas += 1
    wilds = k[core.JOKER] + k[core.TWO]
    limits = v._wild_limits
    min_nat = v.min_naturals
    mins = caps = 0
    costs = []
    for r in _NATURALS:
        c = k[r]
        if r in info:
            n_e, j_e, t_e, size_e = info[r]
            nat = n_e + c
            w_e = j_e + t_e
            base = size_e + c
            need = 0
        elif c:
            if c < min_nat:
                return False
            nat = c
            w_e = 0
            base = c
            need = max(0, 3 - base)
        else:
            continue
        cap = (limits[nat] if nat < 128 else v.wild_limit(nat)) - w_e
        if cap < 0:
            cap = 0
        if need > cap:
            return False
        mins += need
        caps += cap
        if base + need >= size_c:
            canastas += 1
        elif size_c - base <= cap:
            costs.append(size_c - base - need)
    if not mins <= wilds <= caps:
        return False
    short = v.canastas_to_go_out - canastas
    if short <= 0:
        return True
    if len(costs) < short:
        return False
    costs.sort()
    return mins + sum(costs[:short]) <= wilds


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
    info = _side_info(state, side)
    melds: dict[MeldCards, None] = {}
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
        run = _GoOuts(seat, _go_out_parts(state, leave, k, info))
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
        to_open = unmelded and state.minimum_for(seat) > 0
        if to_open and h > _SEARCH_AT_MOST:
            # From a larger hand (which only a built position holds: a side bound to go out has
            # a partner, and partners draw one card a turn) the search for the initial compounds
            # below is not bounded; the whole going outs above reach every outcome of the turn
            # (after "yes" the turn ends with the player out, §2 case 28), so they alone are
            # listed.
            pass
        elif to_open:
            # the initial compounds after which going out stays possible, step by step
            for spec in initial_compounds(v, k, state.minimum_for(seat)):
                a = fast_meld_cards(seat, _cards_for(counts, spec))
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
        if state.melds[side] or state.minimum_for(seat) <= 0:
            singles = _singles(state, k, info, lazy=True)
        else:
            minimum = state.minimum_for(seat)
            if h <= _SEARCH_AT_MOST:
                for spec in initial_compounds(v, k, minimum):
                    used = sum(n + j + t for _, n, j, t in spec)
                    if h - used >= 2:
                        melds[fast_meld_cards(seat, _cards_for(counts, spec))] = None
            else:
                # the minimal compounds that keep two cards (counted, not listed: _Compounds)
                opening = _Openings(
                    seat, counts, _Compounds(v, k, minimum, None, _keeps_two(h), h - 1)
                )
                if opening.total > _LIST_AT_ONCE:
                    openings = opening
                else:
                    melds.update(dict.fromkeys(opening))
        must_ask = v.ask_partner is AskRule.COMPULSORY and bool(state.partners(seat))
        if perm is None and must_ask:
            going_out = can_go_out(state, k, info)
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
    if (
        perm is None
        and h >= 2
        and not state.turn.asked
        and v.ask_partner is not AskRule.OFF
        and state.partners(seat)
        and (going_out or can_go_out(state, k, info))
    ):
        out.append(_ASKS[seat] if seat < 64 else AskPartner(seat))
    if h == 1:
        discard_ok = _finish_ok(state, 0, state.canastas(side), discarding=True)
    else:
        discard_ok = perm is not True
    if discard_ok:
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
    """A compound's filter (see :class:`_Compounds`): it keeps two of the ``h`` cards."""

    def keep(used: int, canastas: int) -> bool | None:
        return h - used >= 2

    return keep


class _Takes(_Lazy):
    """Pile takes of an unmelded side (initial compounds with the top card), counted
    (:class:`_Compounds`), built one by one."""

    __slots__ = ("_compounds", "_counts", "_seat")

    def __init__(self, seat: int, counts: Sequence[int], compounds: _Compounds) -> None:
        super().__init__()
        self._seat = seat
        self._counts = counts
        self._compounds = compounds
        self.total = compounds.total

    def _take(self, spec: list[tuple[int, int, int, int]]) -> TakePile:
        melds = _cards_for(self._counts, spec)
        return TakePile(self._seat, melds[0].cards, tuple(melds[1:]))

    def at(self, index: int) -> TakePile:
        return self._take(self._compounds.spec(index))

    def __iter__(self) -> Iterator[TakePile]:
        for spec in self._compounds:
            yield self._take(spec)


class _Openings(_Lazy):
    """Initial compounds as meld actions, counted (:class:`_Compounds`), built one by one."""

    __slots__ = ("_compounds", "_counts", "_seat")

    def __init__(self, seat: int, counts: Sequence[int], compounds: _Compounds) -> None:
        super().__init__()
        self._seat = seat
        self._counts = counts
        self._compounds = compounds
        self.total = compounds.total

    def at(self, index: int) -> MeldCards:
        return fast_meld_cards(self._seat, _cards_for(self._counts, self._compounds.spec(index)))

    def __iter__(self) -> Iterator[MeldCards]:
        seat = self._seat
        counts = self._counts
        for spec in self._compounds:
            yield fast_meld_cards(seat, _cards_for(counts, spec))


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
    info: dict[int, tuple[int, int, int, int]],
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
    limits = v._wild_limits
    out: list[Action | _Pending] = []
    # With two cards or more left the turn can always end with a discard: nothing to check.
    free = bound or h - 1 >= 2
    for r in sorted(info, reverse=True):
        if r == 3:
            continue
        n_e, j_e, t_e, size_e = info[r]
        wild_ok = (
            n_e >= v.min_naturals and j_e + t_e + 1 <= limits[n_e]
            if n_e < len(limits)
            else not core.composition_problem(v, n_e, j_e + t_e + 1)
        )
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
            fin = _finish_ok(state, h - 1, now)
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
        fin = _finish_ok(state, h - size, canastas)
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
                out.append(fast_meld_cards(seat, _cards_for(counts, [(r, n, j, t)])))
    return out


_NATURALS_DOWN = core.NATURAL_RANKS[::-1]
_NATURALS = core.NATURAL_RANKS
_NO_MELD = (0, 0, 0, 0)

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
    info: dict[int, tuple[int, int, int, int]],
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
    return _can_go_out_kinds(state.variant, left, after)


def _after_meld(
    info: dict[int, tuple[int, int, int, int]],
    k: Sequence[int],
    r: int,
    added: tuple[int, int, int],
) -> tuple[dict[int, tuple[int, int, int, int]], list[int]]:
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
    info: dict[int, tuple[int, int, int, int]],
    k: Sequence[int],
    r: int,
    added: tuple[int, int, int],
) -> bool:
    """After melding ``added`` (naturals, jokers, twos) onto rank ``r``, one card is left and
    the side lacks the canastas to go out: the engine's rule (§2 case 23) allows it when that
    card can still be melded to complete them (or when no discard follows, §4 A7). The cases
    :func:`_finish_ok` answers by itself are not asked here."""
    if state.turn.last_red_three:
        return True
    after, left = _after_meld(info, k, r, added)
    return going_out_feasible(state.variant, after, left)
