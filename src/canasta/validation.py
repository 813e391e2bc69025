"""Whether a state is a possible one: every problem of a position, each citing its rule (the
module of :func:`canasta.problems`, named apart from the function so neither shadows the other).

:func:`problems` is the one judge of "could this state arise in a game?", like python-chess's
``Board.status()``: :func:`canasta.position`, :func:`canasta.parse_position` and
:func:`canasta.from_json` build a state from their input and ask it; nothing else validates.

A problem names what it is about as a path into the state's fields (``hands[2]``,
``melds[0][1]``, ``stock[5]``, ``turn.created``; ``""`` for the state as a whole), so that each
format can point at its own text: the notation at a line and column, JSON at a document path.
A card's index is its place in the zone as the state lists it (a hand in display order).

>>> import attrs, canasta
>>> s = canasta.new_game("classic", seed=1)
>>> problems(s)
()
>>> (first,) = problems(attrs.evolve(s, dealer=7))
>>> first.code, first.path, first.rule
('dealer_not_playing', 'dealer', '§1 "Deal"')
>>> first.message
'the dealer plays this hand (0, 1, 2, 3), not seat 7'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import attrs

from . import _core as core
from ._rules import hand_sides, is_legal, seating
from .actions import AskPartner
from .cards import Card, Rank
from .errors import CanastaError, PositionError, StateError
from .legal import legal_actions
from .limits import MAX_HAND_NUMBER, MAX_SEED, MAX_TOTAL, MIN_SEED
from .melds import Meld
from .state import DrawSource, EndReason, GameState, Phase, Turn
from .variants import AskPartnerRule as AskRule
from .variants import LastCardRedThree, Partnerships

__all__ = ["Problem", "problems", "require_possible"]

_SEATS, _PACK = '§1 "Players, sides, seating"', '§1 "Decks / jokers / total"'
_MELDS, _MINIMUM = '§1 "Meld composition"', '§1 "Initial-meld minimum"'
_END, _DRAW = '§1 "Canastas to go out", §2 cases 30, 31', '§1 "Drawn from stock / discarded"'
_COMPOSITION = (_MELDS, "{meld} breaks the meld rules ({code})")

_NO_FACT: tuple[object, ...] = (None, False, frozenset())  # each fact of a turn before drawing

#: Every problem, by its code: the rule it breaks and its message, which names the facts.
_PROBLEMS: dict[str, tuple[str, str]] = {
    # the table
    "hand_number_out_of_range": ('§1 "Deal"', "must be at least 1 and below 2**63, not {value}"),
    "seed_out_of_range": ('§1 "Deal"', "a seed is a 64-bit int or None, not {value}"),
    "totals_out_of_range": (
        '§1 "Target"',
        "a total is from -10**15 to 10**15 (canasta.limits.MAX_TOTAL), not {value}",
    ),
    "totals_per_side": ('§1 "Target"', "{n} totals for {sides} sides"),
    "not_the_seating": (_SEATS, "hand {hand} is played by {seats} in this order, not {order}"),
    "sides_not_formed": (
        _SEATS,
        "the sides of a hand are the variant's; only in Cutthroat, once a player took the pile, "
        "the lone hand then the other two in playing order (e.g. {example})",
    ),
    "dealer_not_playing": ('§1 "Deal"', "the dealer plays this hand {order}, not seat {seat}"),
    "entries": (_SEATS, "{n} entries for {count} {what}"),
    "seat_not_playing": (_SEATS, "seat {seat} does not play this hand {order}"),
    # the cards
    "sitting_out_holds_cards": (_SEATS, "seat {seat} sits out this hand and holds no cards"),
    "not_a_red_three": ('§1 "Red three"', "{card} is not a red three"),
    "card_too_many": (
        _PACK,
        "{card} appears {n} times, more often than the pack of {size} cards holds it ({copies})",
    ),
    "cards_missing": (
        _PACK,
        "the state holds {n} cards, the pack {size}: {missing} missing ({shown}); every card of "
        "the pack is in play or out of play (out_of_play)",
    ),
    "red_three_on_pile": (
        "§2 cases 2, 21",
        "a red three is never on top of the pile (it is laid out)",
    ),
    # the melds
    "red_three_melded": ("§2 case 21", "red threes are never melded"),
    "black_threes_meld": (
        "§2 case 21",
        "black threes are melded only as three or four of them, without wild cards, by a player "
        "going out this turn (created=3)",
    ),
    "meld_rank": (
        _MELDS,
        "no meld of {rank}s is ever on the table (only 4 to ace, and black threes)",
    ),
    "card_of_another_rank": (_MELDS, "{card} does not belong in a meld of {rank}s"),
    "too_few_naturals": _COMPOSITION,
    "too_many_wilds": _COMPOSITION,
    "meld_too_small": _COMPOSITION,
    "second_meld_of_rank": (
        '§1 "Melds per rank per side", §2 case 19',
        "the side already has a meld of {rank}s: a second meld of {rank}s merges into it",
    ),
    "melds_out_of_order": (
        '§1 "Melds per rank per side"',
        "a side's melds go from the highest rank down",
    ),
    # who melded
    "melded_without_meld": (_MINIMUM, "seat {seat} melded, but its side has no meld"),
    "melded_before_initial_meld": (
        _MINIMUM,
        "seat {seat} melded in an earlier turn, but seat {player} started every meld of the side "
        "this turn (created)",
    ),
    # the end of the hand (the first two only beside a phase an input states, see problems)
    "hand_over_without_end": (_END, "a hand that is over needs an 'end' line: how it ended"),
    "end_before_hand_over": (_END, "an 'end', but the phase is not hand_over"),
    "went_out_without_seat": (_END, "went_out needs the seat who went out"),
    "went_out_with_cards": (_END, "seat {seat} went out, so his hand is empty"),
    "end_facts_without_going_out": (
        "§2 case 29",
        "concealed, partner_had_melded: only for going out",
    ),
    "stock_end_without_cards": (
        "§2 cases 31, 33",
        "seat {seat} ended the hand at the exhausted stock: he holds cards",
    ),
    "stock_end_with_stock": (
        "§2 cases 30-33",
        "the hand ended at the exhausted stock ({reason}), but the stock holds {n} cards",
    ),
    # the turn
    "facts_before_drawing": (_DRAW, "before drawing, a turn has no facts yet"),
    "no_cards_to_draw": (
        "§2 case 23",
        "seat {seat} is to draw but has no cards (he would have gone out)",
    ),
    "hand_over_at_empty_stock": (
        "§2 case 33",
        "in this variant the hand ends with the discard of the player who drew the last stock "
        "card: the stock is exhausted, so the hand is over",
    ),
    # these four only beside a phase an input states (the state derives its own, see problems)
    "drew_unknown": (_DRAW, "after drawing, the turn says where from (drew=stock or drew=pile)"),
    "answer_phase_without_question": (
        "§2 case 28",
        "in the answer phase the player has asked (asked)",
    ),
    "answer_in_answer_phase": ("§2 case 28", "in the answer phase partner has not answered yet"),
    "question_without_answer": (
        "§2 case 28",
        "a player who asked partner has the answer (permission)",
    ),
    "answer_without_question": ("§2 case 28", "an answer, but the player did not ask (asked=True)"),
    "asking_off": ("§4 A14", "asking partner is not part of this variant"),
    "no_partner": ('§1 "Ask partner"', "seat {seat} has no partner to ask"),
    "pile_not_melded": ("§2 case 26", "taking the pile melds its top card: add 'melded'"),
    "pile_without_meld": ("§2 case 26", "a side that took the pile has melded (its top card)"),
    "melded_without_melds": (
        "§2 case 29",
        "goes with the melds the player started (created) or laid off on (laid_off)",
    ),
    "created_without_meld": ("§2 case 29", "the side has no meld of {rank}s"),
    "laid_off_without_meld": (
        "§2 case 29",
        "the side has no meld the player did not start this turn",
    ),
    "last_red_three_out_of_place": (
        "§2 case 30, §4 A7",
        "only after drawing the last stock card as a red three, where the variant lets the "
        "player meld then",
    ),
    "initial_meld_below_minimum": (
        f"{_MINIMUM}, §2 case 29",
        "the side's initial meld, made this turn, needs {need} points; its melds count {value}",
    ),
    # the play
    "could_not_have_asked": (
        "§2 case 28",
        "the player could not have asked partner (he needs two cards or more and a way out now)",
    ),
    "no_legal_action": ("§2 cases 22, 23", "the seat to act ({seat}) would have no legal action"),
}


@attrs.frozen
class Problem:
    """One reason a state is impossible.

    Attributes:
        code: a stable, snake_case name of the problem (e.g. ``"card_too_many"``).
        message: what is wrong, in words, naming the seat, side or card concerned.
        rule: the section of the rules reference the problem breaks (e.g.
            ``'§1 "Meld composition"'``).
        path: the field of the state it is about (``"hands[2]"``, ``"melds[0][1]"``,
            ``"turn.created"``), ``""`` for the state as a whole.
    """

    code: str
    message: str
    rule: str
    path: str = ""


def _problem(code: str, path: str = "", **facts: object) -> Problem:
    rule, message = _PROBLEMS[code]
    return Problem(code, message.format(code=code, **facts), rule, path)


def problems(
    state: GameState,
    *,
    order: tuple[int, ...] | None = None,
    melded: bool | None = None,
    phase: Phase | None = None,
) -> tuple[Problem, ...]:
    """Every problem that makes ``state`` impossible, in a fixed order; ``()`` for a possible one.

    The order: the table (hand number, seed, totals, seating, sides, dealer, one entry per seat
    or side; when one of these is wrong nothing further is read), the cards (seats sitting out
    hold none, red threes laid out, every card of the pack once), the melds, who melded, the end
    of the hand, the facts of the turn, the initial meld; last, and only for an otherwise
    possible state, that the seat to act has a legal action.

    Args:
        state: the state to judge.
        order, melded: :attr:`GameState.order <canasta.GameState.order>` and
            :attr:`Turn.melded <canasta.Turn.melded>` as an input stated them (JSON, the
            position notation, :func:`canasta.position`), where the state derives them: a
            value other than the state's is the problem ``not_the_seating`` or
            ``melded_without_melds``, in its place among the others. ``None``: not stated.
        phase: :attr:`GameState.phase <canasta.GameState.phase>` as an input stated it, which
            the state derives from its end and its turn's facts: the end and the turn are
            judged in the phase stated, so a phase other than the state's is the problem of
            the facts that contradict it (``hand_over_without_end``,
            ``end_before_hand_over``, ``facts_before_drawing``, ``drew_unknown``,
            ``answer_phase_without_question``, ``answer_in_answer_phase``,
            ``question_without_answer``). ``None``: not stated, the state's.

    Raises:
        StateError: ``state`` is not a :class:`~canasta.GameState`, or ``phase`` is not a
            phase (its value, ``"play"``, is taken for :attr:`Phase.PLAY`).
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    if phase is not None:
        try:
            phase = Phase(phase)
        except ValueError:
            raise StateError(f"phase: {phase!r:.40} is not a phase") from None
    found = list(_table(state, state.order if order is None else order))
    if not found:
        phase = state.phase if phase is None else phase
        for check in (_cards, _melds):
            found.extend(check(state))
        found.extend(_melded(state, phase))
        found.extend(_end(state, phase))
        found.extend(_turn(state, state.turn.melded if melded is None else melded, phase))
        found.extend(() if found else _play(state))
    return tuple(found)


def require_possible(state: GameState) -> GameState:
    """``state`` itself if it is possible.

    Raises:
        PositionError: naming the path and the message of the first of :func:`problems`.
        StateError: ``state`` is not a :class:`~canasta.GameState`.
    """
    found = problems(state)
    if found:
        first = found[0]
        raise PositionError(f"{first.path}: {first.message}" if first.path else first.message)
    return state


def _table(state: GameState, order: tuple[int, ...]) -> Iterator[Problem]:
    v, hand, end = state.variant, state.hand_number, state.end
    if not 1 <= hand <= MAX_HAND_NUMBER:
        yield _problem("hand_number_out_of_range", "hand_number", value=_number(hand))
    if state.seed is not None and not MIN_SEED <= state.seed <= MAX_SEED:
        yield _problem("seed_out_of_range", "seed", value=_number(state.seed))
    for i, total in enumerate(state.totals):
        if not -MAX_TOTAL <= total <= MAX_TOTAL:
            yield _problem("totals_out_of_range", f"totals[{i}]", value=_number(total))
    if len(state.totals) != len(v.sides):
        yield _problem("totals_per_side", "totals", n=len(state.totals), sides=len(v.sides))
    if order != seating(v, hand):
        yield _problem("not_the_seating", "order", hand=hand, seats=seating(v, hand), order=order)
        return
    formed = [hand_sides(v, order)]
    if v.partnerships is Partnerships.LONE_HAND:
        formed += [((p,), tuple(q for q in order if q != p)) for p in order]
    if state.sides not in formed:
        yield _problem("sides_not_formed", "sides", example=formed[-1])
    if state.dealer not in order:
        yield _problem("dealer_not_playing", "dealer", order=order, seat=state.dealer)
    for path, entries, count, what in (
        ("hands", state.hands, v.players, "seats"),
        ("melds", state.melds, len(state.sides), "sides"),
        ("red_threes", state.red_threes, v.players, "seats"),
        ("has_melded", state.has_melded, v.players, "seats"),
    ):
        if len(entries) != count:
            yield _problem("entries", path, n=len(entries), count=count, what=what)
    if state.zones and len(state.zones) != v.players:
        yield _problem("entries", "zones", n=len(state.zones), count=v.players, what="seats")
    for path, seat in (
        ("turn.seat", state.turn.seat),
        ("end.seat", None if end is None else end.seat),
    ):
        if seat is not None and seat not in order:
            yield _problem("seat_not_playing", path, seat=seat, order=order)


def _number(value: int) -> str:
    """An int for a message: in full up to 40 digits (Python refuses to write ints of thousands
    of digits)."""
    return str(value) if -(10**40) < value < 10**40 else "an int of more than 40 digits"


def _zones(state: GameState) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Every zone of cards with its path, in the order the formats write them."""
    yield from ((f"hands[{i}]", tuple(hand)) for i, hand in enumerate(state.hands))
    for si, side in enumerate(state.melds):
        yield from ((f"melds[{si}][{mi}].cards", meld.cards) for mi, meld in enumerate(side))
    yield from (("discard_pile", state.discard_pile), ("stock", state.stock))
    yield from ((f"red_threes[{i}]", laid) for i, laid in enumerate(state.red_threes))
    yield "out_of_play", tuple(state.out_of_play)
    for seat, packets in enumerate(state.zones):
        yield from ((f"zones[{seat}][{k}]", tuple(cards)) for k, cards in enumerate(packets))


def _cards(state: GameState) -> Iterator[Problem]:
    v = state.variant
    for seat in range(v.players):
        for path, zone in (("hands", state.hands), ("red_threes", state.red_threes)):
            if zone[seat] and seat not in state.order:
                yield _problem("sitting_out_holds_cards", f"{path}[{seat}]", seat=seat)
    for i, laid in enumerate(state.red_threes):
        for k, card in enumerate(laid):
            if not card.is_red_three:
                yield _problem("not_a_red_three", f"red_threes[{i}][{k}]", card=card)
    names = v.table_rules.zones[1:]  # the packets after the hand (a foot), RULES-FAMILIES X.4
    what = f"packets after the hand ({', '.join(names) or 'the variant has none'})"
    for seat, packets in enumerate(state.zones):
        if len(packets) != len(names):
            yield _problem("entries", f"zones[{seat}]", n=len(packets), count=len(names), what=what)
        elif any(packets) and seat not in state.order:
            yield _problem("sitting_out_holds_cards", f"zones[{seat}]", seat=seat)
    zones: list[Iterable[Card]] = [*state.hands, state.discard_pile, state.stock, *state.red_threes]
    zones += [m.cards for side in state.melds for m in side]
    zones += [cards for packets in state.zones for cards in packets]
    over, missing = core.surplus(v, [*zones, state.out_of_play])
    if over:  # each copy too many, named where it first exceeds the pack
        named = [(f"{path}[{k}]", c) for path, cards in _zones(state) for k, c in enumerate(cards)]
        pack, count = Counter(v.pack()), Counter(c for _, c in named)
        seen: Counter[Card] = Counter()
        for path, card in named:
            seen[card] += 1
            if seen[card] == pack[card] + 1:
                copies = f"{pack[card]} time{'s' * (pack[card] != 1)}"
                size = v.pack_size
                yield _problem(
                    "card_too_many", path, card=card, n=count[card], size=size, copies=copies
                )
    if missing:
        shown = " ".join(map(str, missing[:8])) + (" ..." if len(missing) > 8 else "")
        n = sum(len(cards) for _, cards in _zones(state))
        yield _problem(
            "cards_missing", "stock", n=n, size=v.pack_size, missing=len(missing), shown=shown
        )
    if state.discard_pile and state.discard_pile[-1].is_red_three:
        yield _problem("red_three_on_pile", f"discard_pile[{len(state.discard_pile) - 1}]")


def _melds(state: GameState) -> Iterator[Problem]:
    for si, side in enumerate(state.melds):
        for mi, meld in enumerate(side):
            path, symbol = f"melds[{si}][{mi}]", meld.rank.symbol
            yield from _meld(state, si, meld, path)
            if mi and meld.rank == side[mi - 1].rank:
                yield _problem("second_meld_of_rank", path, rank=symbol)
            elif mi and meld.rank > side[mi - 1].rank:
                yield _problem("melds_out_of_order", path)


def _meld(state: GameState, si: int, meld: Meld, path: str) -> Iterator[Problem]:
    """The first problem of one meld on the table: its rank, its cards, its composition."""
    v, rank, t = state.variant, meld.rank, state.turn
    odd = next((c for c in meld.cards if c.is_red_three or not (c.rank is rank or c.is_wild)), None)
    naturals, jokers, twos = core.meld_stats(meld)
    if odd is not None and odd.is_red_three:
        yield _problem("red_three_melded", path)
    elif rank is Rank.THREE:
        going_out = state.hand_side(t.seat) == si and Rank.THREE in t.created
        if not (going_out and 3 <= meld.size <= 4 and naturals == meld.size):
            yield _problem("black_threes_meld", path)
    elif not rank.is_natural:
        yield _problem("meld_rank", path, rank=rank.symbol)
    elif odd is not None:
        yield _problem("card_of_another_rank", path, card=odd, rank=rank.symbol)
    else:
        wrong = core.composition_problem(v, naturals, jokers + twos)
        # Cutthroat (BI-CT): the partners' melds of a rank merged when the lone hand formed, so
        # a meld of theirs may be two lawful melds, each meeting the rules, their union not.
        merged = v.partnerships is Partnerships.LONE_HAND and len(state.sides[si]) > 1
        if wrong is not None and merged:
            wrong = next(
                (
                    None
                    for n in range(naturals + 1)
                    for w in range(jokers + twos + 1)
                    if core.composition_problem(v, n, w) is None
                    and core.composition_problem(v, naturals - n, jokers + twos - w) is None
                ),
                wrong,
            )
        if wrong is not None:
            yield _problem(wrong, path, meld=meld)


def _melded(state: GameState, phase: Phase) -> Iterator[Problem]:
    t = state.turn
    for seat, melded in enumerate(state.has_melded):
        if melded and (seat not in state.order or not state.melds[state.side_of(seat)]):
            yield _problem("melded_without_meld", f"has_melded[{seat}]", seat=seat)
    own = state.melds[state.side_of(t.seat)]
    if phase in (Phase.PLAY, Phase.ANSWER) and own and {m.key for m in own} <= t.created:
        for seat in state.sides[state.side_of(t.seat)]:
            if state.has_melded[seat]:
                path = f"has_melded[{seat}]"
                yield _problem("melded_before_initial_meld", path, seat=seat, player=t.seat)


def _end(state: GameState, phase: Phase) -> Iterator[Problem]:
    """The end of the hand, in ``phase`` as stated (see :func:`problems`)."""
    end, over = state.end, phase is Phase.HAND_OVER
    if end is None and over:
        yield _problem("hand_over_without_end", "phase")
    if end is None:
        return
    if not over:
        yield _problem("end_before_hand_over", "end")
    if end.reason is EndReason.WENT_OUT:
        if end.seat is None:
            yield _problem("went_out_without_seat", "end")
        elif state.hands[end.seat]:
            yield _problem("went_out_with_cards", f"hands[{end.seat}]", seat=end.seat)
    elif end.concealed or end.partner_had_melded:
        yield _problem("end_facts_without_going_out", "end")
    elif end.reason is EndReason.STOCK_EXHAUSTED and end.seat is not None:
        if not state.hands[end.seat]:
            yield _problem("stock_end_without_cards", f"hands[{end.seat}]", seat=end.seat)
    if not end.went_out and state.stock:
        # only going out ends a hand while the stock holds cards (§2 cases 30-33)
        n = len(state.stock)
        yield _problem("stock_end_with_stock", "stock", reason=end.reason.value, n=n)


def _turn(state: GameState, melded: bool, phase: Phase) -> Iterator[Problem]:
    """The facts of the turn, ``melded`` and ``phase`` as stated (see :func:`problems`)."""
    t, v = state.turn, state.variant
    seat = t.seat
    if phase is Phase.DRAW:
        names = [f.name for f in attrs.fields(Turn)[1:]]
        names.insert(names.index("created") + 1, "melded")  # where the formats write it
        facts = {name: melded if name == "melded" else getattr(t, name) for name in names}
        # partner's answer is a fact either way: a "no" (False) as much as a "yes" (§2 case 28)
        given = [
            name
            for name, fact in facts.items()
            if fact not in _NO_FACT or (name == "permission" and fact is not None)
        ]
        if given:
            yield _problem("facts_before_drawing", f"turn.{given[0]}")
        if not state.hands[seat]:
            yield _problem("no_cards_to_draw", f"hands[{seat}]", seat=seat)
        if not state.stock and not v.play_after_stock:
            yield _problem("hand_over_at_empty_stock", "stock")
        return
    if phase is not Phase.HAND_OVER and t.drew is None:
        yield _problem("drew_unknown", "turn.drew")
    if phase is Phase.ANSWER:
        if not t.asked:
            yield _problem("answer_phase_without_question", "turn.asked")
        if t.permission is not None:
            yield _problem("answer_in_answer_phase", "turn.permission")
    elif t.asked and t.permission is None:
        yield _problem("question_without_answer", "turn.asked")
    elif t.permission is not None and not t.asked:
        yield _problem("answer_without_question", "turn.permission")
    if t.asked and v.ask_partner is AskRule.OFF:
        yield _problem("asking_off", "turn.asked")
    elif t.asked and not state.partners(seat):
        yield _problem("no_partner", "turn.asked", seat=seat)
    own = state.melds[state.side_of(seat)]
    ranks = {m.key for m in own}  # the melds' keys (Turn.created holds keys): their ranks
    if t.drew is DrawSource.PILE and not melded:
        yield _problem("pile_not_melded", "turn.drew")
    if t.drew is DrawSource.PILE and not own:
        yield _problem("pile_without_meld", "turn.drew")
    if melded != t.melded:
        yield _problem("melded_without_melds", "turn.melded")
    for rank in sorted(t.created - ranks, reverse=True):
        yield _problem("created_without_meld", "turn.created", rank=rank.symbol)
    if t.laid_off and not ranks - t.created:
        yield _problem("laid_off_without_meld", "turn.laid_off")
    if t.last_red_three and (
        v.last_card_red_three is not LastCardRedThree.MAY_MELD
        or t.drew is not DrawSource.STOCK
        or state.stock
    ):
        yield _problem("last_red_three_out_of_place", "turn.last_red_three")
    if own and ranks <= t.created and t.drew is DrawSource.STOCK:
        # The side's first melds, made this turn from the hand, meet the minimum; going out
        # concealed may be exempt. (A turn that took the pile met it when taking it, by the
        # top card and hand cards that the table no longer tells apart from the pile's.)
        need = state.minimum_for(seat)
        value = sum(v.card_value(c) for m in own for c in m.cards)
        exempt = len(state.hands[seat]) <= 1 and not v.concealed_needs_minimum
        if value < need and not exempt:
            yield _problem("initial_meld_below_minimum", "turn.created", need=need, value=value)


def _play(state: GameState) -> Iterator[Problem]:
    """The seat to act has a legal action, and a player who asked could ask (§2 case 28)."""
    if state.phase is Phase.HAND_OVER:
        return
    t = state.turn
    try:
        if state.phase is Phase.ANSWER:
            asking = attrs.evolve(state, turn=attrs.evolve(t, asked=False))
            if not is_legal(asking, AskPartner(t.seat)):
                yield _problem("could_not_have_asked", "phase")
                return
        if not legal_actions(state):
            yield _problem("no_legal_action", seat=state.current_seat)
    except CanastaError as exc:  # pragma: no cover - the checks above leave the rules nothing
        yield Problem("impossible", f"an impossible position: {exc}", _DRAW)
