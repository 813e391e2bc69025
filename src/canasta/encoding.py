"""A fixed action encoding per variant, for reinforcement learning and search.

Learning agents choose among a fixed number of integer actions with a mask of the legal ones
(OpenSpiel's ``num_distinct_actions``, a PettingZoo ``Discrete`` space). The menu of
:func:`canasta.legal_actions` holds compound actions: an opening of several melds together
(§2 case 12), a pile taken with further melds (§1 "Taking the pile"), a whole going out
(§2 case 29). They are too many to get one index each, so the encoded game **spells** them:
one index per part, all by the same player inside his turn, the engine's state unchanged until
the action is complete. A :class:`TurnState` is the engine's state plus the parts chosen so far.

>>> import canasta
>>> from canasta.encoding import ActionEncoding, TurnState
>>> enc = ActionEncoding("classic")
>>> enc.num_actions
1096
>>> ts = TurnState(canasta.new_game("classic", seed=7))
>>> enc.decode(ts, enc.DRAW)
Draw(seat=0)
>>> ts = enc.step(ts, enc.DRAW)
>>> len(ts.state.hands[0])
12

**The layout** (``P`` = naturals of a rank in the pack, ``4 x decks``; ``B`` = black threes,
``2 x decks``; ``W`` = the ways to hold ``j`` jokers and ``t`` twos with ``j + t`` at most the
variant's wild limit, ten for three wild cards, in the order ``(j, t)`` = ``(0,0) (0,1) (0,2)
(0,3) (1,0) (1,1) (1,2) (2,0) (2,1) (3,0)``):

==========  =====================  ==========================================================
indices     count                  meaning
==========  =====================  ==========================================================
0 - 7       8                      draw; decline the pile; end the turn (:class:`~canasta.EndTurn`);
                                   ask partner; answer yes; answer no; deal the next hand;
                                   **play** the pending action as it stands
8 - 21      14                     discard a card of kind 3 (black), 4 ... A, 2, joker
take        ``P x W``              take the pile with ``n`` naturals of the top card's rank
                                   (``n`` from 0 to ``P - 1``) and ``(j, t)`` wild cards from
                                   the hand, index ``take + n W + w``
group       ``11 x (P + 1) x W``   a group of ``n`` naturals of rank ``r`` (4 ... A, ``n`` from
                                   0 to ``P``) and ``(j, t)`` wild cards, a new meld or an
                                   addition, index ``group + ((r - 4)(P + 1) + n) W + w``
threes      ``B``                  a group of ``n`` black threes (from 1 to ``B``, going out)
==========  =====================  ==========================================================

Sizes: 1096 for the two-pack presets (``P = 8``, ``B = 4``), 1578 for the three-pack ones
(six players). Some indices are never legal (a group of no card, nine cards of a rank with
three wilds...): they keep the arithmetic plain.

**Spelling.** A listed action is the sequence of its parts in the order of the action: the
take (for :class:`~canasta.TakePile`), then its groups (:attr:`MeldCards.melds`, highest rank
first). When the spelled parts make a listed action that no longer listed action extends, the
action is played at once; when a longer one goes on from there (an opening that is also the
start of a whole going out), **play** (index 7) plays it and further groups go on. Only the
parts that lead to a listed action are legal, so no index leads to a dead end (an opening that
can no longer reach its minimum is never offered). A single meld, a discard or a plain draw is
one index, as are all actions of a side that has melded (see :mod:`canasta.legal`).

The encoding mirrors the menu exactly: the engine states one turn step reaches through spelled
indices are the states the listed actions reach (the tests check it for every preset, with the
menu as oracle). Cards are chosen by kind, so a two and a joker are different choices; the
suits are the menu's canonical ones.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from ._menu import LazyMenu, _generate, _make, _Pending
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
)
from .cards import Card, Rank
from .engine import apply
from .errors import CanastaError
from .legal import legal_actions
from .melds import Meld
from .state import GameState
from .variants import Variant, get_variant

__all__ = ["MAX_MENU", "PENDING_SIZE", "ActionEncoding", "EncodingError", "TurnState"]

#: The meld ranks of the ``group`` section, in order.
_RANKS = tuple(Rank(r) for r in range(4, 15))
#: Ranks of the ``discard`` section, in order: black three (a red three is never discarded,
#: §2 case 21), 4 ... A, two, joker.
_DISCARD_RANKS = (Rank.THREE, *(Rank(r) for r in range(4, 15)), Rank.TWO, Rank.JOKER)
#: Meld ranks of :func:`ActionEncoding.pending_tensor`, in order: black threes, then 4 ... A.
_TENSOR_RANKS = (Rank.THREE, *_RANKS)
#: The length of :meth:`ActionEncoding.pending_tensor`.
PENDING_SIZE = 6 + 3 * len(_TENSOR_RANKS)
#: The longest menu the encoding spells (a state's menu is spelled whole; only a position built
#: with most of the pack in one hand of a side that has not melded lists more).
MAX_MENU = 200_000


class EncodingError(CanastaError, ValueError):
    """An index that is not an action index or is not legal in the turn state; an action the
    menu does not list (so no index spells it); a turn state of another variant, or whose
    pending parts lead to no listed action."""


def _indices(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class TurnState:
    """The engine's state plus the parts of a compound action chosen so far in the turn.

    Immutable; :meth:`ActionEncoding.step` returns a new one. The menu's encoding is worked
    out once per engine state and shared by the turn states that follow from it.

    Attributes:
        state: the engine's state (unchanged until the pending action is played).
        pending: the indices chosen so far toward a compound action (empty when none).
    """

    state: GameState = attrs.field(validator=attrs.validators.instance_of(GameState))
    pending: tuple[int, ...] = attrs.field(default=(), converter=_indices)
    _plan: _Plan | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def current_seat(self) -> int | None:
        """The seat to act (the same seat while an action is pending), ``None`` between
        hands."""
        return self.state.current_seat

    @property
    def is_terminal(self) -> bool:
        """Whether no index is legal: the match is over (or a hand of a match without a seed
        is over, whose next deck must be given)."""
        return self.state.current_seat is None and not legal_actions(self.state)


def _turn_state(
    state: GameState, pending: tuple[int, ...] = (), plan: _Plan | None = None
) -> TurnState:
    """A :class:`TurnState` of the encoding's own making (a state of the engine, pending
    indices as a tuple, the plan of ``state`` if known), built without the checks of its
    constructor."""
    out: TurnState = object.__new__(TurnState)
    object.__setattr__(out, "state", state)
    object.__setattr__(out, "pending", pending)
    object.__setattr__(out, "_plan", plan)
    return out


class _Plan(NamedTuple):
    """A state's menu, spelled: the menu's entries (:func:`canasta._menu._generate`'s, an
    action or a new meld not yet built), the entry of each listed action by its indices
    (``singles`` for actions of one part, ``actions`` for compound ones), and the indices legal
    after each prefix (``PLAY`` where the prefix is itself an action and goes on)."""

    items: Sequence[Action | _Pending] | LazyMenu
    singles: dict[int, int]
    actions: dict[tuple[int, ...], int]
    next: dict[tuple[int, ...], tuple[int, ...]]


#: :class:`_Plan`'s constructor without its Python-level ``__new__`` (the fields in order).
_new_plan = tuple.__new__


def _wild_pairs(v: Variant) -> tuple[tuple[int, int], ...]:
    w = v.max_wilds
    twos = 4 * v.decks
    return tuple(
        (j, t) for j in range(min(v.jokers, w) + 1) for t in range(min(twos, w) + 1) if j + t <= w
    )


def _wilds(cards: Sequence[Card]) -> tuple[int, int, int]:
    """``(naturals, jokers, twos)`` among ``cards``."""
    j = t = 0
    for c in cards:
        r = c.rank
        if r is Rank.JOKER:
            j += 1
        elif r is Rank.TWO:
            t += 1
    return len(cards) - j - t, j, t


class ActionEncoding:
    """The fixed action space of a variant: :attr:`num_actions` indices (the module's table).

    Every method that takes a turn state also takes a bare :class:`~canasta.GameState` (as a
    turn state with nothing pending; a :class:`TurnState` keeps the menu's encoding between
    calls, a bare state works it out again).

    Args:
        variant: a preset name or a :class:`~canasta.Variant`.

    Raises:
        VariantError: an unknown preset name.
    """

    #: The fixed indices (the module's table); ``PLAY`` plays the pending action as it stands.
    DRAW, DECLINE, END_TURN, ASK, YES, NO, DEAL, PLAY = range(8)
    #: The first discard index.
    DISCARD = 8

    def __init__(self, variant: str | Variant) -> None:
        v = self.variant = get_variant(variant)
        self._naturals = 4 * v.decks
        self._threes = 2 * v.decks
        self._pairs = _wild_pairs(v)
        self._pair_index = {p: i for i, p in enumerate(self._pairs)}
        w = len(self._pairs)
        self._take = self.DISCARD + len(_DISCARD_RANKS)
        self._group = self._take + self._naturals * w
        self._three = self._group + len(_RANKS) * (self._naturals + 1) * w
        #: The number of action indices, ``0 <= index < num_actions``.
        self.num_actions = self._three + self._threes
        self._discard = {r: self.DISCARD + i for i, r in enumerate(_DISCARD_RANKS)}
        self._memo: dict[int, tuple[Action, tuple[int, ...]]] = {}

    def __repr__(self) -> str:
        return f"ActionEncoding({self.variant.name!r})"

    # ------------------------------------------------------------------ layout
    def layout(self) -> tuple[tuple[str, int, int], ...]:
        """The sections of the index space in order: ``(name, first index, count)`` each."""
        return (
            ("fixed", 0, self.DISCARD),
            ("discard", self.DISCARD, len(_DISCARD_RANKS)),
            ("take", self._take, self._group - self._take),
            ("group", self._group, self._three - self._group),
            ("threes", self._three, self._threes),
        )

    def part(self, index: int) -> tuple[str, Rank | None, int, int, int]:
        """What ``index`` means in any state: ``(section, rank, naturals, jokers, twos)``.

        ``section`` is a name of :meth:`layout` (for ``fixed``, the index's own name: ``draw``,
        ``decline``, ``end``, ``ask``, ``yes``, ``no``, ``deal``, ``play``); ``rank`` is the
        group's or the discarded card's rank (``None`` for a take, whose rank is the pile's
        top card, and for fixed indices); the counts are the hand cards the part names (for a
        discard, one of its kind: a natural, a joker or a two).

        Raises:
            EncodingError: not an int from 0 to ``num_actions - 1``.
        """
        i = self._index(index)
        if i < self.DISCARD:
            name = ("draw", "decline", "end", "ask", "yes", "no", "deal", "play")[i]
            return (name, None, 0, 0, 0)
        if i < self._take:
            rank = _DISCARD_RANKS[i - self.DISCARD]
            j, t = int(rank is Rank.JOKER), int(rank is Rank.TWO)
            return ("discard", rank, 1 - j - t, j, t)
        w = len(self._pairs)
        if i < self._group:
            n, p = divmod(i - self._take, w)
            return ("take", None, n, *self._pairs[p])
        if i < self._three:
            rn, p = divmod(i - self._group, w)
            r, n = divmod(rn, self._naturals + 1)
            return ("group", _RANKS[r], n, *self._pairs[p])
        return ("threes", Rank.THREE, i - self._three + 1, 0, 0)

    def label(self, index: int) -> str:
        """A short text for ``index`` in any state (``draw``, ``discard K``, ``take: 1
        natural + 1 joker``, ``group K: 2 naturals + 1 two``, ``play``).

        Raises:
            EncodingError: not an action index.
        """
        section, rank, n, j, t = self.part(index)
        if section not in ("discard", "take", "group", "threes"):
            return section
        if section == "discard":
            assert rank is not None
            return f"discard {'JK' if rank is Rank.JOKER else rank.symbol}"
        natural = "black three" if section == "threes" else "natural"
        words = [
            f"{k} {what}{'s' if k != 1 else ''}"
            for k, what in ((n, natural), (j, "joker"), (t, "two"))
            if k
        ]
        cards = " + ".join(words) or "no hand card"
        if section == "take":
            return f"take: {cards}"
        assert rank is not None
        return f"group {rank.symbol}: {cards}"

    # ------------------------------------------------------------------ spelling
    def _index(self, index: object) -> int:
        if type(index) is int and 0 <= index < self.num_actions:
            return index
        if isinstance(index, bool):
            raise EncodingError(f"an action index is an int, not {index!r}")
        try:
            i = operator.index(index)  # type: ignore[arg-type]
        except TypeError:
            raise EncodingError(f"an action index is an int, not {index!r:.40}") from None
        if not 0 <= i < self.num_actions:
            raise EncodingError(f"action index {i} is not in 0 to {self.num_actions - 1}")
        return i

    def _group_index(self, meld: Meld) -> int:
        n, j, t = _wilds(meld.cards)
        rank = meld.rank
        if rank is Rank.THREE and not j and not t and 1 <= n <= self._threes:
            return self._three + n - 1
        p = self._pair_index.get((j, t))
        if p is None or not 0 <= n <= self._naturals or rank not in _RANKS:
            raise EncodingError(f"group {meld} has no index in {self!r}")
        return self._group_at(rank, n, p)

    def _group_at(self, rank: int, n: int, p: int) -> int:
        """The index of a group of ``rank`` (4 ... 14): ``n`` naturals, the wild pair ``p``."""
        return self._group + ((rank - 4) * (self._naturals + 1) + n) * len(self._pairs) + p

    def _spell(self, action: Action) -> tuple[int, ...]:
        """The indices of ``action``'s parts, by card kind (suits do not matter)."""
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard)
            card = action.card
            if card.is_red_three:
                raise EncodingError(f"{action} has no index: a red three is never discarded")
            return (self._discard[card.rank],)
        if kind is MeldCards:
            assert isinstance(action, MeldCards)
            melds = action.melds
            if len(melds) == 1:
                return (self._group_index(melds[0]),)
            return tuple(map(self._group_index, melds))
        if kind is Draw:
            return (self.DRAW,)
        if kind is TakePile:
            assert isinstance(action, TakePile)
            n, j, t = _wilds(action.cards)
            p = self._pair_index.get((j, t))
            if p is None or n >= self._naturals:
                raise EncodingError(f"{action} has no index in {self!r}")
            take = self._take + n * len(self._pairs) + p
            return (take, *(self._group_index(m) for m in action.melds))
        if kind is AnswerPartner:
            assert isinstance(action, AnswerPartner)
            return (self.YES if action.yes else self.NO,)
        fixed = {
            AskPartner: self.ASK,
            DeclinePile: self.DECLINE,
            EndTurn: self.END_TURN,
            DealNextHand: self.DEAL,
        }.get(kind)
        if fixed is None or (kind is DealNextHand and action.deck is not None):  # type: ignore[union-attr]
            raise EncodingError(f"{action!r:.60} is not an action of the menu")
        return (fixed,)

    def _plan(self, ts: TurnState | GameState) -> tuple[TurnState, _Plan]:
        if type(ts) is TurnState and ts.state.variant is self.variant and ts._plan is not None:
            return ts, ts._plan  # the common case, checked once when the plan was made
        if isinstance(ts, GameState):
            ts = TurnState(ts)
        elif not isinstance(ts, TurnState):
            raise EncodingError(f"not a TurnState or a GameState: {type(ts).__name__}")
        v = ts.state.variant
        if v is not self.variant and v != self.variant:
            raise EncodingError(f"a state of variant {v.name!r}, not {self.variant.name!r}")
        plan = ts._plan
        if plan is None:
            plan = self._make_plan(ts.state)
            object.__setattr__(ts, "_plan", plan)
        return ts, plan

    def _spelled(self, action: Action) -> tuple[int, ...]:
        """:meth:`_spell`, kept by the action's identity: the menu hands out the same objects
        for its one-card actions (draws, discards, additions) in every state. The memo keeps
        each action it holds alive, so an ``id`` found in it is that action's."""
        hit = self._memo.get(id(action))
        if hit is not None:
            return hit[1]
        seq = self._spell(action)
        if len(self._memo) >= 4096:
            self._memo.clear()
        self._memo[id(action)] = (action, seq)
        return seq

    def _make_plan(self, state: GameState) -> _Plan:
        # The menu's entries as the menu works them out (:mod:`canasta._menu`): a listed new
        # meld not built yet is spelled from its numbers, and built only if it is played.
        items = _generate(state)
        if len(items) > MAX_MENU:
            raise EncodingError(
                f"the menu lists {len(items)} actions, more than the encoding spells "
                f"({MAX_MENU}): a built position with most of the pack in one hand"
            )
        memo = self._memo.get
        singles: dict[int, int] = {}
        compounds: list[tuple[tuple[int, ...], int]] = []
        for i, a in enumerate(items):  # a LazyMenu yields actions, built one by one
            # an entry is an action, spelled once and kept by identity (an id the memo holds
            # is that of the live action it keeps, never of another live entry), or a new
            # meld not built yet, (seat, hand counts, rank, naturals, jokers, twos)
            hit = memo(id(a))
            if hit is not None:
                seq = hit[1]
            elif type(a) is tuple:
                index = self._new_meld_index(a)
                if index in singles:  # pragma: no cover - the menu is duplicate-free by kind
                    raise EncodingError(f"two listed actions spell alike: {self.label(index)}")
                singles[index] = i
                continue
            else:
                seq = self._spelled(a)  # type: ignore[arg-type]
            if len(seq) > 1:
                compounds.append((seq, i))
                continue
            index = seq[0]
            if index in singles:  # pragma: no cover - the menu is duplicate-free by kind
                raise EncodingError(f"two listed actions spell alike: {self.label(index)}")
            singles[index] = i
        if not compounds:
            return _new_plan(_Plan, (items, singles, {}, {(): tuple(sorted(singles))}))
        actions: dict[tuple[int, ...], int] = {}
        longer: dict[tuple[int, ...], set[int]] = {}
        for seq, i in compounds:
            if seq in actions:  # pragma: no cover - the menu is duplicate-free by kind
                raise EncodingError(f"two listed actions spell alike: {seq}")
            actions[seq] = i
            for k in range(1, len(seq)):  # a compound action: its prefixes go on
                longer.setdefault(seq[:k], set()).add(seq[k])
        firsts = set(singles)
        firsts.update(seq[0] for seq, _ in compounds)
        nexts: dict[tuple[int, ...], tuple[int, ...]] = {(): tuple(sorted(firsts))}
        for prefix, ids in longer.items():
            if prefix in actions or (len(prefix) == 1 and prefix[0] in singles):
                ids.add(self.PLAY)
            nexts[prefix] = tuple(sorted(ids))
        return _Plan(items, singles, actions, nexts)

    def _new_meld_index(self, entry: _Pending) -> int:
        """The index of a listed new meld not built yet (the menu's numbers for it)."""
        _, _, r, n, j, t = entry
        p = self._pair_index.get((j, t))
        if p is None or not 4 <= r <= 14 or not 0 <= n <= self._naturals:
            raise EncodingError(f"a new meld {entry[2:]} has no index in {self!r}")
        return self._group_at(r, n, p)

    @staticmethod
    def _entry(plan: _Plan, seq: tuple[int, ...]) -> Action:
        """The listed action spelled ``seq`` (a key of the plan), built if it was not yet."""
        i = plan.singles[seq[0]] if len(seq) == 1 else plan.actions[seq]
        return ActionEncoding._built(plan, i)

    @staticmethod
    def _built(plan: _Plan, i: int) -> Action:
        """The menu's entry ``i``, built if it was not yet."""
        items = plan.items
        a = items[i]
        if type(a) is tuple:
            a = items[i] = _make(a)  # type: ignore[index]  # a list: a LazyMenu yields actions
        return a  # type: ignore[return-value]

    # ------------------------------------------------------------------ queries
    def legal_ids(self, ts: TurnState | GameState) -> tuple[int, ...]:
        """The legal indices in increasing order (empty only when :attr:`TurnState.is_terminal`).

        Raises:
            EncodingError: a state of another variant, or pending parts that lead to no listed
                action.
        """
        ts, plan = self._plan(ts)
        ids = plan.next.get(ts.pending)
        if ids is None:
            raise EncodingError(f"the pending parts {ts.pending} lead to no listed action")
        return ids

    def mask(self, ts: TurnState | GameState) -> list[int]:
        """A list of :attr:`num_actions` ints, 1 at the legal indices and 0 elsewhere.

        Raises:
            EncodingError: as :meth:`legal_ids`.
        """
        out = [0] * self.num_actions
        for i in self.legal_ids(ts):
            out[i] = 1
        return out

    def _complete(self, plan: _Plan, seq: tuple[int, ...]) -> Action | None:
        """The action played once ``seq`` is spelled, or ``None`` if it goes on."""
        if seq[-1] == self.PLAY:
            return self._entry(plan, seq[:-1])
        if seq in plan.next:
            return None
        return self._entry(plan, seq)

    def _checked(self, ts: TurnState | GameState, index: object) -> tuple[TurnState, _Plan, int]:
        ts, plan = self._plan(ts)
        i = self._index(index)
        ids = plan.next.get(ts.pending)
        if ids is None:
            raise EncodingError(f"the pending parts {ts.pending} lead to no listed action")
        if i not in ids:
            raise EncodingError(f"index {i} ({self.label(i)}) is not legal here")
        return ts, plan, i

    def decode(self, ts: TurnState | GameState, index: int) -> Action | None:
        """The engine action that :meth:`step` with ``index`` plays (a listed action of
        :func:`canasta.legal_actions`), or ``None`` when ``index`` only adds a part to the
        pending action.

        Raises:
            EncodingError: ``index`` is not an action index or not legal in ``ts``.
        """
        ts, plan, i = self._checked(ts, index)
        return self._complete(plan, (*ts.pending, i))

    def step(self, ts: TurnState | GameState, index: int) -> TurnState:
        """The turn state after choosing ``index``: the engine's next state once an action is
        complete (:func:`canasta.apply` of :meth:`decode`), else the same state with one more
        part pending.

        Raises:
            EncodingError: ``index`` is not an action index or not legal in ``ts``.
        """
        return self.play(ts, index)[0]

    def play(self, ts: TurnState | GameState, index: int) -> tuple[TurnState, Action | None]:
        """:meth:`step` and :meth:`decode` at once: the turn state after choosing ``index``
        and the engine action it played (``None`` when it only added a part).

        Raises:
            EncodingError: ``index`` is not an action index or not legal in ``ts``.
        """
        action: Action | None
        if type(ts) is TurnState and type(index) is int and not ts.pending:
            plan = ts._plan
            if plan is not None and len(plan.next) == 1 and ts.state.variant is self.variant:
                # a menu of single indices (its plan made by this encoding): one plays
                entry = plan.singles.get(index)
                if entry is not None:
                    action = self._built(plan, entry)
                    return _turn_state(apply(ts.state, action)), action
        ts, plan, i = self._checked(ts, index)
        if not ts.pending and len(plan.next) == 1:  # a menu of single indices: one plays
            action = self._entry(plan, (i,))
        else:
            seq = (*ts.pending, i)
            action = self._complete(plan, seq)
            if action is None:
                return _turn_state(ts.state, seq, plan), None
        return _turn_state(apply(ts.state, action)), action

    def spell(self, ts: TurnState | GameState, action: Action) -> tuple[int, ...]:
        """The indices still to choose in ``ts`` to play ``action`` (all of them when nothing
        is pending); the last one plays it. ``action`` may name any cards of the listed
        action's kinds.

        Raises:
            EncodingError: ``action`` is not a listed action of the state (or not of the seat
                to act), or the pending parts are not the start of it.
        """
        ts, plan = self._plan(ts)
        seq = self._spell(action)
        seat = getattr(action, "seat", None)
        listed = seq[0] in plan.singles if len(seq) == 1 else seq in plan.actions
        if not listed or seat != getattr(self._entry(plan, seq), "seat", None):
            raise EncodingError(f"{action} is not a listed action here")
        if seq in plan.next:
            seq = (*seq, self.PLAY)
        k = len(ts.pending)
        if seq[:k] != ts.pending or k >= len(seq):
            raise EncodingError(f"the pending parts {ts.pending} do not start {action}")
        return seq[k:]

    def encode(self, ts: TurnState | GameState, action: Action) -> int:
        """The index to choose next in ``ts`` toward ``action``: for an action of one part
        (all but compound ones) the index that plays it, so that ``decode(ts, encode(ts, a))
        == a`` for every listed action ``a`` of one part.

        Raises:
            EncodingError: as :meth:`spell`.
        """
        return self.spell(ts, action)[0]

    def pending_tensor(self, ts: TurnState | GameState) -> list[float]:
        """The pending parts as :data:`PENDING_SIZE` floats, to append to an observation:

        ``[pending, take, playable, take naturals, take jokers, take twos]`` (flags 0 or 1:
        something is pending, it starts with a pile take, **play** is legal), then for each
        meld rank (black threes, 4 ... A) the pending ``naturals, jokers, twos``. Counts are
        divided by the pack's cards of their kind (naturals of a rank, jokers, twos), so every
        value is from 0 to 1.

        Raises:
            EncodingError: as :meth:`legal_ids`.
        """
        ts, _ = self._plan(ts)
        out = [0.0] * PENDING_SIZE
        if not ts.pending:
            return out
        out[0] = 1.0
        out[2] = float(self.PLAY in self.legal_ids(ts))
        jokers, twos = 1 / max(self.variant.jokers, 1), 1 / (4 * self.variant.decks)
        for i in ts.pending:
            section, rank, n, j, t = self.part(i)
            if section == "take":
                out[1] = 1.0
                base = 3
            else:
                assert rank is not None
                base = 6 + 3 * _TENSOR_RANKS.index(rank)
            naturals = 1 / (self._threes if rank is Rank.THREE else self._naturals)
            out[base] += n * naturals
            out[base + 1] += j * jokers
            out[base + 2] += t * twos
        return out

    def describe(self, ts: TurnState | GameState, index: int | None = None) -> str:
        """Text for people: with ``index``, what choosing it does in ``ts`` (the action's
        notation when it plays one, else ``+ `` and the part); without, the pending action
        so far (empty when nothing is pending).

        Raises:
            EncodingError: as :meth:`decode`.
        """
        ts, _ = self._plan(ts)
        if index is not None:
            action = self.decode(ts, index)
            return str(action) if action is not None else f"+ {self.label(index)}"
        return " ; ".join(self.label(i) for i in ts.pending)
