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
from .cards import Card, Cards, Rank, to_card_list
from .engine import is_legal
from .errors import CanastaError, PositionError
from .legal import legal_actions
from .melds import Meld
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
from .variants import AskPartnerRule as AskRule
from .variants import LastCardRedThree, Partnerships, Variant, get_variant

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
        totals: each side's total before the hand, points (default 0).
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
        PositionError: an impossible position, naming the field: a card more often than the
            pack holds it, a card of the pack neither placed nor out of play with the stock
            given, a meld that breaks the rules, a seat or side that does not exist, facts of
            the turn that contradict each other or the table (permission without asking,
            ``melded`` without a meld, ``created`` a rank the side has no meld of), or a
            position whose seat to act would have no legal action.
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
    if stock is not None and stock_top is not None:
        raise PositionError("stock_top: give the whole stock or its top cards, not both")
    stock_given = None if stock is None else _cards("stock", stock)
    top_given = _cards("stock_top", stock_top)
    rest_out = isinstance(out_of_play, str) and out_of_play.strip().lower() == "rest"
    oop_given = [] if rest_out else _cards("out_of_play", out_of_play)
    pack = Cards.of(v.pack())
    used = Cards.of(placed + (stock_given or []) + top_given + oop_given)
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
    rest = [Card.from_id(i) for i in range(53) for _ in range(pack.counts[i] - used.counts[i])]
    if rest_out:
        oop_given, rest = rest, []
    if stock_given is not None:
        if rest:
            shown = " ".join(str(c) for c in rest[:8]) + (" ..." if len(rest) > 8 else "")
            raise PositionError(
                "stock: with the stock given, every card of the pack is placed or out of play: "
                f"{len(rest)} missing ({shown}); put them out of play (out_of_play=..., or "
                "out_of_play='rest')"
            )
        stock_cards = stock_given
    else:
        random.Random(f"canasta-position:{seed}").shuffle(rest)
        stock_cards = top_given + rest
    for name, flag in (
        ("asked", asked),
        ("last_red_three", last_red_three),
        ("automatic", automatic),
    ):
        if type(flag) is not bool:
            raise PositionError(f"{name}: must be True or False, not {flag!r:.40}")
    for name, opt in (("permission", permission), ("laid_off", laid_off), ("melded", melded)):
        if opt is not None and type(opt) is not bool:
            raise PositionError(f"{name}: must be True, False or None, not {opt!r:.40}")
    created_ranks = _ranks(created)
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
    own = side_melds[side_of(current_seat)]
    # the side's melds were all started by the player this turn: nobody of it melded before
    fresh = bool(own) and all(m.rank in created_ranks for m in own)
    if has_melded is None:
        hm = tuple(
            s in order
            and bool(side_melds[side_of(s)])
            and not (fresh and side_of(s) == side_of(current_seat))
            for s in range(n)
        )
    else:
        if isinstance(has_melded, (str, bytes)) or not hasattr(has_melded, "__iter__"):
            raise PositionError(f"has_melded: one bool per seat, not {has_melded!r}")
        hm = tuple(has_melded)
        if len(hm) != n or not all(isinstance(x, bool) for x in hm):
            raise PositionError(f"has_melded: one bool per seat, not {has_melded!r}")
        for s in range(n):
            if hm[s] and (s not in order or not side_melds[side_of(s)]):
                raise PositionError(f"has_melded: seat {s} melded, but its side has no meld")
            if hm[s] and fresh and side_of(s) == side_of(current_seat):
                raise PositionError(
                    f"has_melded: seat {s} melded in an earlier turn, but seat {current_seat} "
                    "started every meld of the side this turn (created)"
                )
    if pile and pile[-1].is_red_three:
        raise PositionError("discard_pile: a red three is never on top of the pile")
    if ph is Phase.DRAW and not hand_list[current_seat]:
        raise PositionError(
            f"hands[{current_seat}]: the seat to draw has no cards (a player without cards "
            "has gone out)"
        )
    if ph is Phase.DRAW:
        given = [
            name
            for name, value in (
                ("drew", drew is not None),
                ("asked", asked),
                ("permission", permission is not None),
                ("laid_off", bool(laid_off)),
                ("created", bool(created_ranks)),
                ("melded", bool(melded)),
                ("last_red_three", last_red_three),
            )
            if value
        ]
        if given:
            raise PositionError(
                f"{given[0]}: before drawing (phase 'draw') a turn has no facts yet"
            )
        turn = Turn(seat=current_seat)
    else:
        turn = _turn(
            ph,
            current_seat,
            own,
            drew=drew,
            asked=asked,
            permission=permission,
            laid_off=laid_off,
            created=created_ranks,
            melded=melded,
            last_red_three=last_red_three,
        )
        if ph is Phase.ANSWER and len(sides[side_of(current_seat)]) < 2:
            raise PositionError("phase: seat has no partner to answer")
        if turn.asked and ph is Phase.PLAY:
            if v.ask_partner is AskRule.OFF:
                raise PositionError("asked: asking partner is not part of this variant")
            if len(sides[side_of(current_seat)]) < 2:
                raise PositionError(f"asked: seat {current_seat} has no partner to ask")
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
        out_of_play=Cards.of(oop_given),
    )
    problem = _turn_problem(state)
    if problem is not None:
        key, message = problem
        raise PositionError(f"{key}: {message.removeprefix(key + ': ')}")
    if fresh and ph is not Phase.DRAW:
        # §1 "Initial-meld minimum": the side's first melds, made this turn, met it (unless the
        # player is going out concealed where the variant exempts him, §2 case 29).
        need = state.minimum_for(current_seat)
        value = sum(v._values[c.id] for m in own for c in m.cards)
        exempt = (
            len(hand_list[current_seat]) <= 1
            and turn.drew is DrawSource.STOCK
            and not v.concealed_needs_minimum
        )
        if value < need and not exempt:
            raise PositionError(
                f"created: the side's initial meld, made this turn, needs {need} points; its "
                f"melds count {value} (§1 'Initial-meld minimum')"
            )
    if ph is Phase.ANSWER:
        import attrs

        asking = attrs.evolve(state, phase=Phase.PLAY, turn=attrs.evolve(turn, asked=False))
        if not is_legal(asking, AskPartner(current_seat)):
            raise PositionError(
                "phase: the player could not have asked partner here (he must hold two cards or "
                "more and be able to go out this turn)"
            )
    if ph is Phase.DRAW and not state.stock:
        if not v.play_after_stock:
            # §2 case 33: play ended with the discard of the player who drew the last card.
            if not automatic:
                raise PositionError(
                    "automatic: in this variant the hand ends with the discard of the player "
                    "who drew the last stock card (§2 case 33): no position stands between"
                )
            last = order[(order.index(current_seat) - 1) % len(order)]
            end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=last)
            return core.evolve(state, phase=Phase.HAND_OVER, end=end)
        if automatic:
            state = end_if_stock_exhausted(state)
    if not state.is_hand_over and not legal_actions(state):
        raise PositionError(
            f"the seat to act ({current_seat}) would have no legal action in this position"
        )
    return state


def _ranks(value: Any) -> frozenset[Rank]:
    """The ranks of ``created``: ``"K Q"``, ``"K,Q"``, or an iterable of ranks or symbols."""
    if value is None:
        return frozenset()
    items: list[Any]
    if isinstance(value, str):
        items = value.replace(",", " ").split()
    elif isinstance(value, Rank):
        items = [value]
    else:
        try:
            items = list(value)
        except TypeError:
            raise PositionError(
                f"created: give ranks ('K Q' or ['K', 'Q']), not {type(value).__name__}"
            ) from None
    out = set()
    for item in items:
        if isinstance(item, Rank):
            rank = item
        elif isinstance(item, str):
            try:
                rank = Rank.parse(item)
            except CanastaError:
                raise PositionError(f"created: not a rank: {item!r:.20}") from None
        else:
            raise PositionError(f"created: not a rank: {item!r:.20}")
        if not (rank.is_natural or rank is Rank.THREE):
            raise PositionError(f"created: no meld of {rank.symbol}s")
        out.add(rank)
    return frozenset(out)


def _turn(
    phase: Phase,
    seat: int,
    own: Sequence[Meld],
    *,
    drew: DrawSource | str | None,
    asked: bool,
    permission: bool | None,
    laid_off: bool | None,
    created: frozenset[Rank],
    melded: bool | None,
    last_red_three: bool,
) -> Turn:
    """The facts of a turn after drawing, checked against each other and the side's melds
    ``own`` (the table's part is checked by ``_turn_problem``): the pile's top card is melded
    at once (§2 case 26), an answer follows a question (§2 case 28), a lay-off is on a meld the
    player did not start this turn (§2 case 29).

    Raises:
        PositionError: facts that cannot be, naming the parameter.
    """
    try:
        src = DrawSource(drew or DrawSource.STOCK)
    except ValueError:
        raise PositionError(f"drew: {drew!r:.20} is not stock or pile") from None
    if src is DrawSource.PILE and not own:
        raise PositionError("drew: a side that took the pile has melded (its top card)")
    if phase is Phase.ANSWER:
        if permission is not None:
            raise PositionError(
                "permission: in the answer phase partner has not answered yet (phase='play' "
                "with asked=True and the answer)"
            )
        asked = True
    elif asked and permission is None:
        raise PositionError(
            "asked: a player who asked partner has the answer (permission=True or False), or "
            "the phase is 'answer'"
        )
    elif permission is not None and not asked:
        raise PositionError("permission: an answer, but the player did not ask (asked=True)")
    if laid_off is None:
        laid_off = src is DrawSource.PILE and not created
    if laid_off and not any(m.rank not in created for m in own):
        raise PositionError(
            "laid_off: the side has no meld that the player did not start this turn"
        )
    did_meld = bool(created) or laid_off
    if melded is not None and melded != did_meld:
        raise PositionError(
            "melded: goes with the melds the player started (created) or laid off on (laid_off)"
        )
    return Turn(
        seat=seat,
        drew=src,
        asked=asked,
        permission=permission,
        laid_off=laid_off,
        created=created,
        melded=did_meld,
        last_red_three=last_red_three,
    )


def _turn_problem(state: GameState) -> tuple[str, str] | None:
    """What makes the facts of ``state.turn`` impossible after drawing, with the fact it is
    about (``"drew"``, ``"asked"``, ``"permission"``, ``"melded"``, ``"created"``,
    ``"last_red_three"``, or ``"phase"``), or ``None`` (internal: :func:`position` and
    :func:`canasta.parse_position` judge a turn alike): taking the pile melds its top card
    (§2 case 26); a player who asked has the answer, or his partner is to give it (§2 case
    28); ``melded`` goes with melds started or laid off on (§2 case 29); the last red three
    where the variant lets the drawer meld (§2 case 30, §4 A7).
    """
    t = state.turn
    phase = state.phase
    if phase is Phase.DRAW:
        return None
    v = state.variant
    side = state.sides.index(next(s for s in state.sides if t.seat in s))
    if phase is not Phase.HAND_OVER and t.drew is None:
        return "phase", "after drawing, the turn says where from (drew=stock or drew=pile)"
    if phase is Phase.ANSWER:
        if not t.asked or t.permission is not None:
            return "phase", "in the answer phase the player has asked and has no answer yet"
    elif t.asked != (t.permission is not None):
        return (
            "asked" if t.asked else "permission",
            "a player who asked partner has the answer (asked permission=yes|no)",
        )
    if t.drew is DrawSource.PILE and not t.melded:
        return "drew", "taking the pile melds its top card: add 'melded'"
    if t.melded != (bool(t.created) or t.laid_off):
        return (
            "melded" if t.melded else "phase",
            "'melded' goes with the melds the player started (created=) or laid off on (laid_off)",
        )
    have = {m.rank for m in state.melds[side]}
    for rank in sorted(t.created, reverse=True):
        if rank not in have:
            return "created", f"created: the side has no meld of {rank.symbol}s"
    if t.last_red_three and (
        v.last_card_red_three is not LastCardRedThree.MAY_MELD
        or t.drew is not DrawSource.STOCK
        or state.stock
    ):
        return (
            "last_red_three",
            "last_red_three: only after drawing the last stock card as a red three, where the "
            "variant lets the player meld then",
        )
    return None


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
