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

:func:`position` only turns its arguments into a state (cards from notation, defaults, the
stock dealt from the cards placed nowhere else); whether the state is a possible one is
:func:`canasta.problems`' to say.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from . import _core as core
from ._codec import show
from ._rules import end_if_stock_exhausted, hand_sides, seating
from .cards import Card, Cards, Rank, to_card_list
from .errors import CanastaError, PositionError
from .limits import MAX_SEED, MIN_SEED
from .melds import Meld
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
from .validation import Problem, problems
from .variants import Variant, get_variant

__all__ = ["position"]


def position(
    variant: str | Variant = "classic",
    *,
    hands: Sequence[Any],
    melds: Sequence[Sequence[Any]] | None = None,
    discard_pile: Any = None,
    stock: Any = None,
    stock_top: Any = None,
    out_of_play: Any = None,
    red_threes: Sequence[Any] | None = None,
    totals: Sequence[int] | None = None,
    dealer: int | None = None,
    current_seat: int = 0,
    phase: Phase | str = Phase.DRAW,
    drew: DrawSource | str | None = None,
    asked: bool = False,
    permission: bool | None = None,
    laid_off: bool | None = None,
    created: Iterable[Rank | str] | str | None = None,
    melded: bool | None = None,
    last_red_three: bool = False,
    has_melded: Sequence[bool] | None = None,
    hand_number: int = 1,
    seed: int | None = 0,
    lone_hand: int | None = None,
    automatic: bool = True,
) -> GameState:
    """A state built from its parts, in card notation or :class:`~canasta.Card` values.

    Every card of the pack is accounted for: it is in a hand, a meld, the discard pile, the
    laid-out red threes, the stock, or out of play (:attr:`GameState.out_of_play
    <canasta.GameState.out_of_play>`).

    Args:
        variant: preset name or :class:`~canasta.Variant`.
        hands: one entry per seat (``"KH KS 2C"``, a list of cards, or ``""``). A red three in a
            hand is an undeclared red three.
        melds: per side, a list of melds (``"QH QS QD 2C"``; a :class:`~canasta.Meld`), each of
            one rank and valid under the variant's rules.
        discard_pile: bottom card first, top card last.
        stock: top card first: exactly the stock. Every card of the pack not placed elsewhere
            must then be out of play (see ``out_of_play``). If both ``stock`` and ``stock_top``
            are omitted, the cards not placed elsewhere (nor out of play) form the stock in an
            order shuffled from ``seed``.
        stock_top: the stock's top cards, top card first, known; the rest of the stock is the
            cards placed nowhere else (nor out of play), in an order shuffled from ``seed``.
            Not with ``stock``.
        out_of_play: cards of the pack that take no part in the hand (a partly known table, a
            puzzle with a short stock), or ``"rest"``: every card placed nowhere else (with
            ``stock_top``, the stock is then exactly those cards; with neither ``stock`` nor
            ``stock_top``, it is empty). Default: none.
        red_threes: per seat, the red threes laid out.
        totals: each side's total before the hand, points (default 0), each from
            ``-MAX_TOTAL`` to :data:`~canasta.limits.MAX_TOTAL`.
        dealer: default: the seat before ``current_seat``.
        current_seat: whose turn it is (0-based).
        phase: ``"draw"`` (before drawing) or ``"play"`` (after drawing), or ``"answer"`` (the
            player asked partner, who is to answer).
        drew: in the play and answer phases, where the turn's cards came from (default
            ``"stock"``). Taking the pile melds its top card: the turn then ``laid_off`` (on a
            meld of the side, the default) or ``created`` its rank.
        asked: in the play phase, the player asked partner "may I go out?" this turn (then
            ``permission`` is the answer). Implied in the answer phase.
        permission: partner's answer, ``True`` or ``False``; only with ``asked``.
        laid_off: the player added cards this turn to a meld he did not start this turn (the
            side must have such a meld; spoils a concealed going out, §2 case 29). Default:
            ``True`` after taking the pile without ``created``, else ``False``.
        created: the ranks of the side's melds the player started this turn (``"K Q"``,
            ``["K", "Q"]`` or :class:`~canasta.Rank` values).
        melded: the player put cards on the table this turn; default and only allowed value:
            whether he ``created`` or ``laid_off``.
        last_red_three: the player drew the last stock card as a red three and may meld but not
            discard (only where the variant's ``last_card_red_three`` is ``may_meld``, with
            ``drew="stock"`` and an empty stock).
        has_melded: per seat, whether it melded in an earlier turn of this hand (default: every
            seat of a side that has melds, except when the player started all of them this
            turn).
        hand_number: the hand of the match, from 1.
        seed: the match seed for later hands (and the shuffle of the stock's unknown cards).
        lone_hand: in Cutthroat, the player who already took the pile and plays alone (the
            sides are then him and the other two); by default nobody has yet.
        automatic: ``True`` (default): the position as the engine leaves it after its automatic
            steps: a player to draw from an exhausted stock who cannot take the pile ends the
            hand at once (§2 case 31), and in a variant without play after the stock (§2 case
            33) a position to draw from an empty stock is a hand already over. ``False``: the
            position as it stands before them: the player to draw from an exhausted stock who
            cannot take the pile is still to act, and his one legal action is
            :class:`~canasta.DeclinePile`, which ends the hand as the engine would have.

    Raises:
        PositionError: an argument that does not convert, naming it, or an impossible
            position: the first of its :func:`~canasta.problems`, named by the
            argument it is about (a card more often than the pack holds it, a card of the pack
            neither placed nor out of play with the stock given, a meld that breaks the rules,
            a seat or side that does not exist, facts of the turn that contradict each other or
            the table, a seat to act without a legal action).
    """
    try:
        v = get_variant(variant)
    except CanastaError as exc:
        raise PositionError(f"variant: {exc}") from None
    n = v.players
    hand_number = _int("hand_number", hand_number)
    seed = None if seed is None else _int("seed", seed)
    if seed is not None and not MIN_SEED <= seed <= MAX_SEED:  # before the stock is shuffled
        raise PositionError(f"seed: a 64-bit int (-2**63 to 2**63-1), not {show(seed)}")
    seat = _int("current_seat", current_seat)
    for name, flag in {"asked": asked, "last_red_three": last_red_three}.items():
        _flag(name, flag, none=False)
    _flag("automatic", automatic, none=False)
    for name, opt in {"permission": permission, "laid_off": laid_off, "melded": melded}.items():
        _flag(name, opt, none=True)
    order = seating(v, hand_number)
    sides = hand_sides(v, order)
    if lone_hand is not None:
        lone = _int("lone_hand", lone_hand)
        sides = ((lone,), tuple(p for p in order if p != lone))
    hand_list = [_cards(f"hands[{i}]", h) for i, h in enumerate(_per("hands", hands, n, "seat"))]
    table, renames = _melds(melds, len(sides))
    pile = _cards("discard_pile", discard_pile)
    reds = [
        _cards(f"red_threes[{i}]", r)
        for i, r in enumerate(_per("red_threes", red_threes, n, "seat"))
    ]
    if stock is not None and stock_top is not None:
        raise PositionError("stock_top: give the whole stock or its top cards, not both")
    rest_out = isinstance(out_of_play, str) and out_of_play.strip().lower() == "rest"
    oop = [] if rest_out else _cards("out_of_play", out_of_play)
    given = None if stock is None else _cards("stock", stock)
    top = _cards("stock_top", stock_top)
    placed = [c for cards in (*hand_list, pile, *reds, given or top, oop) for c in cards]
    placed += [c for side in table for m in side for c in m.cards]
    rest = rest_of_pack(v, placed, seed)
    if rest_out:
        oop, rest = rest, []
    try:
        ph = Phase(phase)
    except ValueError:
        raise PositionError(f"phase: {phase!r:.20} is not one of draw, play, answer") from None
    try:
        src = None if drew is None else DrawSource(drew)
    except ValueError:
        raise PositionError(f"drew: {drew!r:.20} is not stock or pile") from None
    if ph is Phase.HAND_OVER:
        raise PositionError(
            "phase: build the position before the hand ends and apply the last action"
        )
    if src is None and ph is not Phase.DRAW:
        src = DrawSource.STOCK
    ranks = _ranks(created)
    laid = (src is DrawSource.PILE and not ranks) if laid_off is None else laid_off
    turn = Turn(
        seat=seat,
        drew=src,
        asked=asked or ph is Phase.ANSWER,
        permission=permission,
        laid_off=laid,
        created=ranks,
        last_red_three=last_red_three,
    )
    if dealer is None:
        dealer = _before(order, seat)
    if has_melded is None:
        hm = default_has_melded(n, order, sides, table, turn)
    elif not isinstance(has_melded, Sequence) or any(type(x) is not bool for x in has_melded):
        raise PositionError(f"has_melded: one bool per seat, not {has_melded!r:.60}")
    else:
        hm = tuple(has_melded)
    state = GameState(
        variant=v,
        seed=seed,
        hand_number=hand_number,
        dealer=_int("dealer", dealer),
        totals=_totals(totals, len(v.sides)),
        sides=sides,
        hands=tuple(Cards.of(h) for h in hand_list),
        stock=tuple(given if given is not None else top + rest),
        discard_pile=tuple(pile),
        melds=table,
        red_threes=tuple(tuple(r) for r in reds),
        turn=turn,
        has_melded=hm,
        out_of_play=Cards.of(oop),
    )
    # The position is judged as it stands before the engine's automatic steps, which follow.
    over = automatic and not v.play_after_stock  # §2 case 33: the last discard ended the hand
    found = [
        p
        for p in problems(state, melded=melded, phase=ph)
        if not (over and p.code == "hand_over_at_empty_stock")
    ]
    if found:
        argument = _argument(found[0], renames)  # none for the position as a whole
        raise PositionError(f"{argument}: {found[0].message}" if argument else found[0].message)
    if over and ph is Phase.DRAW and not state.stock:
        end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=_before(order, seat))
        return attrs.evolve(state, end=end)
    return end_if_stock_exhausted(state) if automatic else state


def rest_of_pack(variant: Variant, placed: Iterable[Card], seed: int | None) -> list[Card]:
    """The cards of the pack placed nowhere else, shuffled from ``seed``: the stock that
    :func:`position` and the position notation deal when it is not given card by card."""
    rest = core.surplus(variant, [placed])[1]
    random.Random(f"canasta-position:{seed}").shuffle(rest)
    return rest


def default_has_melded(
    players: int,
    order: tuple[int, ...],
    sides: tuple[tuple[int, ...], ...],
    melds: Sequence[Sequence[Meld]],
    turn: Turn,
) -> tuple[bool, ...]:
    """Who melded in an earlier turn, when not said: every playing seat of a side with melds,
    except the side whose melds the player to act started all this turn (``turn.created``)."""
    fresh = [
        bool(side_melds) and turn.seat in side and all(m.rank in turn.created for m in side_melds)
        for side, side_melds in zip(sides, melds, strict=False)
    ]
    return tuple(
        seat in order
        and any(
            seat in side and ms and not f for side, ms, f in zip(sides, melds, fresh, strict=False)
        )
        for seat in range(players)
    )


def _argument(problem: Problem, renames: dict[str, str]) -> str:
    """The argument of :func:`position` a problem is about: its path, without the index of a
    card in a zone (``hands[0]``, ``melds[1][0]``, ``has_melded``, ``created``)."""
    if problem.code == "hand_over_at_empty_stock":
        return "automatic"  # position() builds that state only with automatic=False
    path = problem.path.removeprefix("turn.")
    keep = {"hands": 1, "red_threes": 1, "melds": 2}.get(re.sub(r"\W.*", "", path), 0)
    path = re.match(rf"\w*(?:\[\d+\]){{0,{keep}}}", path).group()  # type: ignore[union-attr]
    path = {"seat": "current_seat", "sides": "lone_hand", "order": "hand_number"}.get(path, path)
    return renames.get(path, path)


# ---------------------------------------------------------------------------- converting
def _before(order: tuple[int, ...], seat: int) -> int:
    """The seat playing before ``seat`` (the last seat of ``order`` if ``seat`` does not play)."""
    return order[(order.index(seat) - 1) % len(order)] if seat in order else order[-1]


def _int(field: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{field}: must be an int, not {value!r:.40}")
    return int(value)  # a plain int: an int subclass shuffles and shows like its value


def _flag(field: str, value: Any, *, none: bool) -> None:
    if not (type(value) is bool or (none and value is None)):
        allowed = "True, False or None" if none else "True or False"
        raise PositionError(f"{field}: must be {allowed}, not {value!r:.40}")


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


def _melds(value: Any, n: int) -> tuple[tuple[tuple[Meld, ...], ...], dict[str, str]]:
    """Each side's melds, from the highest rank down (as a state lists them), and the argument
    ``melds[s][m]`` each of them was given as."""
    table: list[tuple[Meld, ...]] = []
    renames: dict[str, str] = {}
    for si, spec in enumerate(_per("melds", value, n, "side")):
        if spec and (isinstance(spec, str | bytes) or not isinstance(spec, Iterable)):
            raise PositionError(f"melds[{si}]: give a list of melds, not {type(spec).__name__}")
        side = []
        for mi, m in enumerate(spec or []):
            try:
                side.append((m if isinstance(m, Meld) else Meld.parse(m), mi))
            except CanastaError as exc:
                raise PositionError(f"melds[{si}][{mi}]: {exc}") from None
        side.sort(key=lambda meld_index: -meld_index[0].rank)
        renames |= {f"melds[{si}][{k}]": f"melds[{si}][{mi}]" for k, (_, mi) in enumerate(side)}
        table.append(tuple(m for m, _ in side))
    return tuple(table), renames


def _totals(value: Any, n: int) -> tuple[int, ...]:
    if value is None:
        return (0,) * n
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise PositionError(f"totals: must be {n} ints, not {value!r:.40}")
    return tuple(_int("totals", t) for t in value)


def _ranks(value: Any) -> frozenset[Rank]:
    """The ranks of ``created``: ``"K Q"``, ``"K,Q"``, or an iterable of ranks or symbols."""
    if value is None:
        return frozenset()
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    elif isinstance(value, Rank):
        value = [value]
    elif not isinstance(value, Iterable):
        raise PositionError(
            f"created: give ranks ('K Q' or ['K', 'Q']), not {type(value).__name__}"
        )
    out = set()
    for item in value:
        try:
            rank = item if isinstance(item, Rank) else Rank.parse(item)
        except CanastaError:
            raise PositionError(f"created: not a rank: {item!r:.20}") from None
        if not (rank.is_natural or rank is Rank.THREE):
            raise PositionError(f"created: no meld of {rank.symbol}s")
        out.add(rank)
    return frozenset(out)
