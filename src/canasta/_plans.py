"""Meld plans over cards counted by kind (internal): the searches and counts the rules and the
menu share.

A *plan* melds cards of a hand given as kind counts (see :mod:`canasta._core`) onto a side whose
melds are given as :data:`MeldsInfo`. :func:`going_out_feasible` tells whether a whole hand can be
melded so as to go out (§2 cases 22, 23); :func:`initial_compounds` and :class:`Compounds` list or
count the minimal initial melds (§1 "Initial-meld minimum", §2 cases 12, 13); :class:`FullMelds`
counts the ways to meld a whole hand (§2 case 29). Both :mod:`canasta._rules` and
:mod:`canasta._menu` import this module; it imports neither.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from . import _core as core
from ._memo import ByIdentity
from .melds import Meld
from .variants import Variant

if TYPE_CHECKING:
    from .state import GameState

__all__: list[str] = []

#: A side's melds by rank value: ``(naturals, jokers, twos, size)``.
MeldsInfo = dict[int, tuple[int, int, int, int]]

#: The initial compounds of a hand of at most this many cards are searched for, not counted:
#: they are few (at most some thousands), and the search is cheaper than the counts.
SEARCH_AT_MOST = 20

_NATURALS = core.NATURAL_RANKS
_NO_MELD = (0, 0, 0, 0)


def melds_info(melds: Sequence[Meld]) -> MeldsInfo:
    """rank value -> (naturals, jokers, twos, size) of ``melds`` (a fresh dict)."""
    out = {}
    for m in melds:
        n, j, t = m._stats
        out[int(m.rank)] = (n, j, t, n + j + t)
    return out


#: melds_info by melds tuple: states of one hand share a side's tuple until the side melds again.
_INFO: ByIdentity[MeldsInfo] = ByIdentity(512)


def side_info(state: GameState, side: int) -> MeldsInfo:
    """:func:`melds_info` of the side's melds, worked out once for states that share them
    (shared: do not mutate)."""
    melds = state.melds[side]
    info = _INFO.get(melds)
    if info is None:
        info = _INFO.put(melds, melds_info(melds))
    return info


def cards_for(counts: Sequence[int], spec: Sequence[tuple[int, int, int, int]]) -> list[Meld]:
    """Melds with canonical cards for ``(rank, naturals, jokers, twos)`` specs from one hand."""
    taken = [0] * 53
    melds = []
    for r, n, j, t in spec:
        cards = core.pick(counts, r, n, taken)
        cards += core.pick(counts, core.JOKER, j, taken)
        cards += core.pick(counts, core.TWO, t, taken)
        melds.append(Meld._fast(core.RANKS[r], cards))
    return melds


# ---------------------------------------------------------------------------- initial melds
#: A meld option of an initial compound: ``(naturals, jokers, twos, value, lowest removable
#: value or 0, 1 if it holds the pile's top card)``.
_Option = tuple[int, int, int, int, int, int]


def _rank_options(v: Variant, k: Sequence[int], r: int, forced: int | None) -> list[_Option]:
    """The new melds of rank ``r`` an initial compound may hold, in the order they are tried:
    most naturals last, then jokers, then twos (see :func:`initial_compounds`)."""
    jv = core.kind_value(v, core.JOKER)
    tv = core.kind_value(v, core.TWO)
    maxw = v.max_wilds
    J = k[core.JOKER]
    T = k[core.TWO]
    extra = 1 if r == forced else 0
    lo = 2 if r == forced else v.min_naturals
    rv = core.kind_value(v, r)
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
    (:class:`Compounds` counts and unranks it without listing).
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


class Compounds:
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
        self._needed = v._to_go_out
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
        kinds = [core.JOKER, core.TWO, *ranks, *([forced] if forced else [])]
        cheapest = min(core.kind_value(v, kind) for kind in kinds)
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
class FullMelds:
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
        info: MeldsInfo,
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


def canastas_reachable(v: Variant, info: MeldsInfo, k: Sequence[int]) -> bool:
    """A quick upper bound: can the side hold enough canastas after melding this hand?"""
    wilds = k[core.JOKER] + k[core.TWO]
    size_c = v.canasta_size
    count = 0
    maxw = v.max_wilds
    for r in _NATURALS:
        _n, j_e, t_e, size_e = info.get(r, _NO_MELD)
        if size_e + k[r] + min(wilds, max(maxw - j_e - t_e, 0)) >= size_c:
            count += 1
            if count >= v._to_go_out:
                return True
    return False


def going_out_feasible(v: Variant, info: MeldsInfo, k: Sequence[int]) -> bool:
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
    short = v._to_go_out - canastas
    if short <= 0:
        return True
    if len(costs) < short:
        return False
    costs.sort()
    return mins + sum(costs[:short]) <= wilds
