"""Building any position directly, from card notation: for tests, puzzles and bug reports.

>>> import canasta
>>> s = canasta.position(
...     "classic",
...     hands=["KH KS 9D 9C 4S", "", "", ""],
...     melds=[["QH QS QD 2C"], []],
...     discard_pile="7D 9H",
...     current_seat=0,
... )
>>> s.current_seat, s.top_card, len(s.hands[0])
(0, Card.parse('9H'), 5)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import _core as core
from ._rules import end_if_stock_exhausted, hand_sides, seating
from .actions import AskPartner
from .cards import Card, Cards, to_card_list
from .engine import is_legal
from .errors import CanastaError, PositionError
from .legal import legal_actions
from .melds import Meld
from .state import DrawSource, GameState, Phase, Turn
from .variants import Partnerships, Variant, get_variant

__all__ = ["position"]


def _cards(field: str, value: Any) -> list[Card]:
    if value is None:
        return []
    try:
        return to_card_list(value)
    except CanastaError as exc:
        raise PositionError(f"{field}: {exc}") from None


def _per(field: str, value: Any, n: int, what: str) -> list[Any]:
    if value is None:
        return [None] * n
    if isinstance(value, str | bytes):
        raise PositionError(f"{field}: give one entry per {what}, not a single string")
    try:
        items = list(value)
    except TypeError:
        raise PositionError(
            f"{field}: give one entry per {what}, not {type(value).__name__}"
        ) from None
    if len(items) != n:
        raise PositionError(f"{field}: {len(items)} entries for {n} {what}s")
    return items


def position(
    variant: str | Variant = "classic",
    *,
    hands: Sequence[Any],
    melds: Sequence[Sequence[Any]] | None = None,
    discard_pile: Any = None,
    stock: Any = None,
    red_threes: Sequence[Any] | None = None,
    totals: Sequence[int] | None = None,
    dealer: int | None = None,
    current_seat: int = 0,
    phase: Phase | str = Phase.DRAW,
    drew: DrawSource | str | None = None,
    has_melded: Sequence[bool] | None = None,
    hand_number: int = 1,
    seed: int | None = 0,
    lone_hand: int | None = None,
) -> GameState:
    """A state built from its parts, in card notation or :class:`~canasta.Card` values.

    Args:
        variant: preset name or :class:`~canasta.Variant`.
        hands: one entry per seat (``"KH KS 2C"``, a list of cards, or ``""``). A red three in a
            hand is an undeclared red three.
        melds: per side, a list of melds (``"QH QS QD 2C"``; a :class:`~canasta.Meld`), each of
            one rank and valid under the variant's rules.
        discard_pile: bottom card first, top card last.
        stock: top card first. If omitted, the cards not placed elsewhere form the stock in an
            order shuffled from ``seed``; if given, every card of the pack must be placed.
        red_threes: per seat, the red threes laid out.
        totals: each side's total before the hand, points (default 0).
        dealer: default: the seat before ``current_seat``.
        current_seat: whose turn it is (0-based).
        phase: ``"draw"`` (before drawing) or ``"play"`` (after drawing), or ``"answer"``.
        drew: in the play phase, where the turn's cards came from (default ``"stock"``).
        has_melded: per seat, whether it melded in an earlier turn of this hand (default: every
            seat of a side that has melds).
        hand_number: the hand of the match, from 1.
        seed: the match seed for later hands (and the stock's shuffle when omitted).
        lone_hand: in Cutthroat, the player who already took the pile and plays alone (the
            sides are then him and the other two); by default nobody has yet.

    Raises:
        PositionError: an impossible position, naming the field: a card more often than the
            pack holds it, a meld that breaks the rules, a seat or side that does not exist.
    """
    try:
        v = get_variant(variant)
    except CanastaError as exc:
        raise PositionError(f"variant: {exc}") from None
    n = v.players
    if (
        isinstance(hand_number, bool)
        or not isinstance(hand_number, int)
        or not 1 <= hand_number < 2**63
    ):
        raise PositionError(f"hand_number: must be a 64-bit int >= 1, not {hand_number!r:.40}")
    order = seating(v, hand_number)
    sides = hand_sides(v, order)
    if lone_hand is not None:
        if v.partnerships is not Partnerships.LONE_HAND or lone_hand not in order:
            raise PositionError(f"lone_hand: no lone hand {lone_hand!r} in this variant")
        sides = ((lone_hand,), tuple(p for p in order if p != lone_hand))
    n_sides = len(sides)
    n_match = len(v.sides)

    def side_of(seat: int) -> int:
        return next(i for i, side in enumerate(sides) if seat in side)

    hand_list = [_cards(f"hands[{i}]", h) for i, h in enumerate(_per("hands", hands, n, "seat"))]
    meld_specs = _per("melds", melds, n_sides, "side")
    side_melds: list[tuple[Meld, ...]] = []
    for si, spec in enumerate(meld_specs):
        out: dict[Any, Meld] = {}
        if spec and (isinstance(spec, str | bytes) or not isinstance(spec, Iterable)):
            raise PositionError(f"melds[{si}]: give a list of melds, not {type(spec).__name__}")
        for mi, m in enumerate(spec or []):
            where = f"melds[{si}][{mi}]"
            try:
                meld = m if isinstance(m, Meld) else Meld.parse(m)
            except CanastaError as exc:
                raise PositionError(f"{where}: {exc}") from None
            _check_meld(v, where, meld)
            if meld.rank in out:
                raise PositionError(f"{where}: the side already has a meld of {meld.rank.symbol}s")
            out[meld.rank] = meld
        side_melds.append(tuple(sorted(out.values(), key=lambda m: -m.rank)))
    pile = _cards("discard_pile", discard_pile)
    reds = [
        _cards(f"red_threes[{i}]", r)
        for i, r in enumerate(_per("red_threes", red_threes, n, "seat"))
    ]
    for i, r in enumerate(reds):
        for c in r:
            if not c.is_red_three:
                raise PositionError(f"red_threes[{i}]: {c} is not a red three")
    placed = [c for h in hand_list for c in h]
    placed += [c for ms in side_melds for m in ms for c in m.cards]
    placed += pile + [c for r in reds for c in r]
    pack = Cards.of(v.pack())
    used = Cards.of(placed)
    for i in range(53):
        if used.counts[i] > pack.counts[i]:
            card = Card.from_id(i)
            raise PositionError(
                f"{card} appears {used.counts[i]} times; the pack holds it {pack.counts[i]} times"
            )
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not -(2**63) <= seed < 2**63
    ):
        raise PositionError(f"seed: must be a 64-bit int or None, not {seed!r:.40}")
    if seed is not None:
        seed = int(seed)  # a plain int: an int subclass shuffles and shows like its value
    if stock is None:
        rest = [Card.from_id(i) for i in range(53) for _ in range(pack.counts[i] - used.counts[i])]
        random.Random(f"canasta-position:{seed}").shuffle(rest)
        stock_cards = rest
    else:
        stock_cards = _cards("stock", stock)
        if Cards.of(placed + stock_cards) != pack:
            raise PositionError(
                "stock: with the stock given, every card of the pack must be placed exactly once"
            )
    if (
        isinstance(current_seat, bool)
        or not isinstance(current_seat, int)
        or current_seat not in order
    ):
        raise PositionError(
            f"current_seat: must be a seat playing this hand {order}, not {current_seat!r}"
        )
    if dealer is None:
        dealer = order[(order.index(current_seat) - 1) % len(order)]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in order:
        raise PositionError(f"dealer: must be one of the seats playing this hand {order}")
    current_seat, dealer = int(current_seat), int(dealer)
    for p in range(n):
        if p not in order and (hand_list[p] or reds[p]):
            raise PositionError(f"hands[{p}]: seat {p} sits out this hand and holds no cards")
    try:
        ph = Phase(phase)
    except ValueError:
        raise PositionError(f"phase: {phase!r} is not one of draw, play, answer") from None
    if ph is Phase.HAND_OVER:
        raise PositionError(
            "phase: build the position before the hand ends and apply the last action"
        )
    if totals is None:
        totals_t: tuple[Any, ...] = (0,) * n_match
    elif isinstance(totals, str | bytes | Mapping) or not hasattr(totals, "__iter__"):
        raise PositionError(f"totals: must be {n_match} ints, not {totals!r}")
    else:
        totals_t = tuple(totals)
    if len(totals_t) != n_match or any(
        isinstance(t, bool) or not isinstance(t, int) for t in totals_t
    ):
        raise PositionError(f"totals: must be {n_match} ints, not {totals!r}")
    totals_t = tuple(int(t) for t in totals_t)
    if has_melded is None:
        hm = tuple(s in order and bool(side_melds[side_of(s)]) for s in range(n))
    else:
        if isinstance(has_melded, (str, bytes)) or not hasattr(has_melded, "__iter__"):
            raise PositionError(f"has_melded: one bool per seat, not {has_melded!r}")
        hm = tuple(has_melded)
        if len(hm) != n or not all(isinstance(x, bool) for x in hm):
            raise PositionError(f"has_melded: one bool per seat, not {has_melded!r}")
        for s in range(n):
            if hm[s] and (s not in order or not side_melds[side_of(s)]):
                raise PositionError(f"has_melded: seat {s} melded, but its side has no meld")
    if pile and pile[-1].is_red_three:
        raise PositionError("discard_pile: a red three is never on top of the pile")
    if ph is Phase.DRAW and not hand_list[current_seat]:
        raise PositionError(
            f"hands[{current_seat}]: the seat to draw has no cards (a player without cards "
            "has gone out)"
        )
    if ph is Phase.DRAW:
        turn = Turn(seat=current_seat)
    else:
        try:
            src = DrawSource(drew or DrawSource.STOCK)
        except ValueError:
            raise PositionError(f"drew: {drew!r} is not stock or pile") from None
        if src is DrawSource.PILE and not side_melds[side_of(current_seat)]:
            raise PositionError("drew: a side that took the pile has melded (its top card)")
        turn = Turn(seat=current_seat, drew=src, asked=ph is Phase.ANSWER)
        if ph is Phase.ANSWER and len(sides[side_of(current_seat)]) < 2:
            raise PositionError("phase: seat has no partner to answer")
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise PositionError(f"hand_number: must be an int >= 1, not {hand_number!r}")
    state = GameState(
        variant=v,
        seed=seed,
        hand_number=hand_number,
        dealer=dealer,
        totals=totals_t,
        order=order,
        sides=sides,
        hands=tuple(Cards.of(h) for h in hand_list),
        stock=tuple(stock_cards),
        discard_pile=tuple(pile),
        melds=tuple(side_melds),
        red_threes=tuple(tuple(r) for r in reds),
        phase=ph,
        turn=turn,
        has_melded=hm,
    )
    if ph is Phase.ANSWER:
        import attrs

        asking = attrs.evolve(state, phase=Phase.PLAY, turn=attrs.evolve(turn, asked=False))
        if not is_legal(asking, AskPartner(current_seat)):
            raise PositionError(
                "phase: the player could not have asked partner here (he must hold two cards or "
                "more and be able to go out this turn)"
            )
    state = end_if_stock_exhausted(state)
    if not state.is_hand_over and not legal_actions(state):
        raise PositionError(
            f"the seat to act ({current_seat}) would have no legal action in this position"
        )
    return state


def _check_meld(v: Variant, where: str, meld: Meld) -> None:
    for c in meld.cards:
        if c.is_red_three:
            raise PositionError(f"{where}: red threes are never melded")
        if not (c.rank is meld.rank or c.is_wild):
            raise PositionError(f"{where}: {c} does not belong in a meld of {meld.rank.symbol}s")
    if not meld.rank.is_natural:
        raise PositionError(f"{where}: melds are of natural ranks (4 to ace)")
    nat, j, t = core.meld_stats(meld)
    problem = core.composition_problem(v, nat, j + t)
    if problem is not None:
        raise PositionError(f"{where}: {meld} breaks the meld rules ({problem})")
