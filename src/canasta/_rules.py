"""The rules of the engine: one predicate per rule, and dealing, checking and applying each
kind of action with them.

Internal: :mod:`canasta.engine` is the public face (``new_game``, ``apply``, ``is_legal``,
``check``) and checks its arguments before they reach this module. Each rule is written once,
as a predicate over small shapes (the turn, a side's melds as :data:`~canasta._plans.MeldsInfo`,
a hand's kind counts, the pile) that returns the :class:`~canasta.Reason` it is broken for, or
``None``: the checker here raises :class:`~canasta.IllegalActionError` on it, and
:mod:`canasta._menu` (which imports this module, never the reverse) lists only the actions it
lets through. The facts a rule asks of a search (can the player still go out, can the pile be
taken) are here too, over the plans of :mod:`canasta._plans`.

This module is compiled with mypyc in the optional compiled build (see the performance page of
the docs), so it keeps to what mypyc compiles: no attrs classes, and annotations that hold at
run time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from . import _core as core
from . import _plans as plans
from ._plans import SEARCH_AT_MOST, MeldsInfo, going_out_feasible, side_info
from .actions import (
    _ACTION_TYPES,
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
)
from .cards import Card, Cards, Rank, to_card_list
from .deals import DEAL_VERSION, deck_for
from .errors import CanastaError, IllegalActionError, Reason, SetupError, StateError
from .melds import Meld, MeldKey
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
from .state import seating as seating  # importable from here too (engine, validation)
from .variants import AskPartnerRule as AskRule
from .variants import (
    BlackThreeUpcard,
    LastCardRedThree,
    Partnerships,
    RedThreeTiming,
    Variant,
)

__all__: list[str] = []


# ---------------------------------------------------------------------------- starting a match
def _bad(field: str, message: str) -> CanastaError:
    return SetupError(f"{field}: {message}")


def shuffled_deck(
    variant: Variant, seed: int, hand_number: int, deal_version: int = DEAL_VERSION
) -> tuple[Card, ...]:
    """The deck of hand ``hand_number`` of the match with ``seed`` under ``deal_version``
    (1: :func:`canasta.shuffled_pack`; 0: the shuffle before portable deals)."""
    return deck_for(variant, seed, hand_number, deal_version)


def _check_deck(variant: Variant, deck: Any) -> tuple[Card, ...]:
    try:
        cards = tuple(to_card_list(deck))
    except CanastaError as exc:
        raise _bad("deck", str(exc)) from None
    if Cards.of(cards) != Cards.of(variant.pack()):
        raise _bad("deck", f"must be the whole {variant.pack_size}-card pack, once each card")
    return cards


def deal_out(
    variant: Variant, order: Sequence[int], dealer: int, deck: Sequence[Card]
) -> tuple[list[int], list[list[int]], list[Card], list[Card]]:
    """The cards of ``deck`` dealt (§1 "Deal"): one at a time from the dealer's left, the
    next card turned up, covered while it is a wild card or a red three (or a black three where
    the variant says so, §2 cases 1-3). Returns the seats in dealing order (the first player
    first), each seat's hand as card-id counts (by seat), the stock (top first) and the pile
    (bottom first); red threes are not yet laid out."""
    m = len(order)
    d = order.index(dealer)
    dealt = [order[(d + k) % m] for k in range(1, m + 1)]
    dealt_cards: list[list[Card]] = [[] for _ in range(variant.players)]
    pos = 0
    for _ in range(variant.hand_size):
        for seat in dealt:
            dealt_cards[seat].append(deck[pos])
            pos += 1
    hands = [list(Cards.of(cards).counts) for cards in dealt_cards]
    stock = list(deck[pos:])
    pile: list[Card] = []
    cover_black = variant.black_three_upcard is BlackThreeUpcard.COVERED
    while stock:
        card = stock.pop(0)
        pile.append(card)
        if not (card.is_wild or card.is_red_three or (cover_black and card.is_black_three)):
            break
    return dealt, hands, stock, pile


def deal(
    variant: Variant,
    deck: Sequence[Card],
    *,
    seed: int | None,
    hand_number: int,
    dealer: int,
    totals: tuple[int, ...],
    deal_version: int = DEAL_VERSION,
) -> GameState:
    """Deal a hand from ``deck`` (whole pack, dealing order). See :func:`new_game`."""
    n = variant.players
    order = seating(variant, hand_number)
    if dealer not in order:
        raise _bad("dealer", f"seat {dealer} sits out hand {hand_number}")
    dealt, counts, stock, pile = deal_out(variant, order, dealer, deck)
    hands = [Cards._from_counts(tuple(c)) for c in counts]
    red_threes: list[list[Card]] = [[] for _ in range(n)]
    first = dealt[0]
    # §4 A9: red threes are laid out and replaced straight after the deal, or (first-turn
    # timing) each player's at his first turn, the first player's now.
    at_once = variant.red_three_timing is RedThreeTiming.AFTER_DEAL
    for seat in dealt if at_once else dealt[:1]:
        hands[seat] = core.lay_out_red_threes(hands[seat], red_threes[seat], stock)
    sides = hand_sides(variant, order)
    state = GameState(
        variant=variant,
        seed=seed,
        hand_number=hand_number,
        dealer=dealer,
        totals=totals,
        sides=sides,
        hands=tuple(hands),
        stock=tuple(stock),
        discard_pile=tuple(pile),
        melds=tuple(() for _ in sides),
        red_threes=tuple(tuple(r) for r in red_threes),
        turn=Turn(seat=first),
        has_melded=(False,) * n,
        deal_version=deal_version,
    )
    return end_if_stock_exhausted(state)


def hand_sides(variant: Variant, order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The sides at the start of a hand: the variant's (less a seat sitting out); in Cutthroat
    every player alone until the lone hand is known."""
    if variant.partnerships is Partnerships.LONE_HAND:
        return tuple((p,) for p in order)
    sides = tuple(tuple(p for p in side if p in order) for side in variant.sides)
    return variant.sides if sides == variant.sides else sides  # shared: a faster side_of


def _next_dealer(variant: Variant, dealer: int, hand_number: int) -> int:
    """The deal passes to the left (§1 "Deal"): the next seat playing the new hand."""
    order = seating(variant, hand_number)
    n = variant.players
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        if seat in order:
            return seat
    raise AssertionError("no seat plays the hand")  # pragma: no cover


def _form_lone_hand(state: GameState, lone: int) -> GameState:
    """Cutthroat (BI-CT): ``lone`` plays alone; the other two become partners, combining
    their melds (melds of one rank are merged)."""
    if state.variant.partnerships is not Partnerships.LONE_HAND or len(state.sides) != len(
        state.order
    ):
        return state
    others = tuple(p for p in state.order if p != lone)
    merged: dict[Rank, list[Card]] = {}
    for p in others:
        for m in state.melds[state.side_of(p)]:
            merged.setdefault(m.rank, []).extend(m.cards)
    partner_melds = tuple(sorted((Meld(r, c) for r, c in merged.items()), key=lambda m: -m.rank))
    return _evolve_state(
        state,
        sides=((lone,), others),
        melds=(state.melds[state.side_of(lone)], partner_melds),
    )


# ---------------------------------------------------------------------------- the rules
def must_ask(state: GameState) -> bool:
    """Whether the player to act must ask partner before going out: the variant makes asking
    compulsory and he has a partner (§2 case 28, Brazilian; §4 A14)."""
    v = state.variant
    return v.ask_partner is AskRule.COMPULSORY and bool(state.partners(state.turn.seat))


class _LastCard:
    """The type of :data:`LAST_CARD`."""

    def __repr__(self) -> str:
        return "LAST_CARD"


#: What :func:`keep_problem` answers when the one card kept decides: the action is lawful if
#: and only if that card can then be melded so as to complete the side's canastas (going out
#: without a discard, §2 case 23), which :func:`~canasta._plans.going_out_feasible` tells.
LAST_CARD = _LastCard()


def keep_problem(
    state: GameState, left: int, canastas: int, *, discarding: bool = False, black: bool = False
) -> Reason | _LastCard | None:
    """Whether the player to act may keep ``left`` cards after an action that leaves his side
    ``canastas`` canastas (§2 cases 22-24, 27, 28): the turn must still be able to end lawfully.

    An empty hand (or one card kept, to be melded or discarded) is going out: it needs the
    canastas to go out (§2 case 23), partner's leave where it was asked or must be (§2 case 28)
    and, where the variant requires one, a final discard (§2 case 27, §4 A6). ``discarding``:
    the action is the discard. ``black``: the action melds black threes, which only a going out
    may (§2 cases 21, 22). After a last stock card that was a red three no discard follows, so
    any hand may be kept (§4 A7), but a player who keeps cards does not go out, so he may not
    meld black threes. Returns the reason, :data:`LAST_CARD`, or ``None``.
    """
    v = state.variant
    turn = state.turn
    if turn.last_red_three and left >= 1:
        return Reason.BLACK_THREE_MELD if black else None
    if left >= 2:
        return Reason.BLACK_THREE_MELD if black else None
    perm = turn.permission
    unasked = perm is not True and must_ask(state)
    if canastas < v._to_go_out:
        if (
            left == 1
            and not discarding
            and not v.final_discard_required
            and perm is not False
            and not unasked
        ):
            return LAST_CARD
        return Reason.NO_CANASTA_TO_GO_OUT
    if perm is False:
        return Reason.PERMISSION_REFUSED
    if left == 0 and v.final_discard_required and not discarding:
        return Reason.MUST_KEEP_A_CARD
    if unasked:
        return Reason.CANNOT_ASK
    return None


def keeps(state: GameState, left: int, canastas: int) -> bool | None:
    """:func:`keep_problem` as ``True`` (lawful), ``False``, or ``None`` (:data:`LAST_CARD`)."""
    why = keep_problem(state, left, canastas)
    return True if why is None else None if why is LAST_CARD else False


def discard_problem(state: GameState) -> Reason | None:
    """Whether the player to act may end his turn with a discard (§2 cases 23, 28): his last
    card only when going out is lawful (:func:`keep_problem`), and after partner's "yes" only
    that way. (No discard follows a last stock card that was a red three: §4 A7.)"""
    hand = state.hands[state.turn.seat]
    if hand.size == 1:
        why = keep_problem(
            state, 0, state.canastas(state.side_of(state.turn.seat)), discarding=True
        )
        assert not isinstance(why, _LastCard)  # a discard keeps no card to decide
        return why
    if state.turn.permission is True:
        return Reason.MUST_GO_OUT
    return None


def pile_problem(state: GameState) -> tuple[Reason, str] | None:
    """Whether the player to act may take the discard pile at all, whatever he melds with it
    (§1 "Taking the pile", "Pile topped by wild / black 3", "1-card hand, 1-card pile"; §2 cases
    3, 6, 7, 25): the top card must be a natural card, and a one-card pile is not taken into a
    one-card hand. Returns the reason and its message, or ``None``."""
    pile = state.discard_pile
    if not pile:
        return Reason.PILE_EMPTY, "the discard pile is empty"
    top = pile[-1]
    if not top.is_natural:
        if top.is_black_three:
            return Reason.PILE_BLOCKED, "a black three on top blocks the pile (§2 cases 3, 6, 7)"
        if top.is_wild:
            return Reason.PILE_TOP_WILD, "a wild card on top: the pile cannot be taken (§1)"
        return Reason.CANNOT_MELD_TOP_CARD, f"{top} cannot be melded"  # pragma: no cover
    if state.hands[state.turn.seat].size == 1 and len(pile) == 1:
        return (
            Reason.SINGLE_CARD_PILE,
            "with one card in hand a one-card pile may not be taken (§2 case 25)",
        )
    return None


def take_problem(v: Variant, frozen: bool, has_meld: bool, naturals: int) -> Reason | None:
    """Whether ``naturals`` natural cards of the top card's rank from the hand take the pile for
    a side for which it is ``frozen`` (or not) and which has a meld of that rank (``has_meld``)
    or not (§1 "Taking the pile", "Frozen pile"; §2 cases 8-12): a frozen pile takes a natural
    pair; an unfrozen one the side's meld of the rank, or a natural and a second card (a natural
    pair in the German rules). Wild cards alone never take it (§2 case 11)."""
    if frozen:
        return Reason.PILE_FROZEN if naturals < 2 else None
    if has_meld:
        return None
    if v.pile_needs_natural_pair and naturals < 2:
        return Reason.TOO_FEW_NATURALS
    if naturals < 1:
        return Reason.CANNOT_MELD_TOP_CARD
    return None


def initial_minimum(state: GameState, seat: int, going_out: bool = False) -> int:
    """The points that ``seat``'s melds in one action must count (§1 "Initial-meld minimum",
    "What counts toward the minimum"; §2 cases 12-14, 29): none once his side has melded, none
    for a going out from a stock draw where the variant exempts a concealed going out (a going
    out: ``going_out``), else the side's minimum."""
    if state.melds[state.side_of(seat)]:
        return 0
    if (
        going_out
        and state.turn.drew is DrawSource.STOCK
        and not state.variant.concealed_needs_minimum
        and not state.has_melded[seat]
    ):
        return 0
    return state.minimum_for(seat)


def ask_problem(
    state: GameState,
    k: Sequence[int] | None = None,
    info: MeldsInfo | None = None,
    can_out: bool = False,
) -> tuple[Reason, str] | None:
    """Whether the player to act may ask partner "may I go out?" (§2 case 28, §4 A14): where the
    variant has the question, once a turn, with two cards or more (a "no" must leave him a play)
    and only when he can go out this turn (:func:`can_go_out`; ``can_out``: known already, ``k``
    and ``info``: the hand's kind counts and the side's melds when known). Returns the reason
    and its message, or ``None``."""
    seat = state.turn.seat
    if state.variant.ask_partner is AskRule.OFF:
        return Reason.CANNOT_ASK, "asking partner is not part of this variant"
    if not state.partners(seat):
        return Reason.CANNOT_ASK, "the player has no partner to ask"
    if state.turn.asked:
        return Reason.CANNOT_ASK, "partner was asked already this turn"
    if state.hands[seat].size < 2:
        return (
            Reason.CANNOT_ASK,
            "with one card left the player is going out; a 'no' would leave no legal play",
        )
    if not (can_out or can_go_out(state, k, info)):
        return (
            Reason.CANNOT_ASK,
            "the player cannot go out this turn, so there is nothing to ask (§2 case 28)",
        )
    return None


# ---------------------------------------------------------------------------- going out
def going_out_plans(
    state: GameState, leave: int, k: Sequence[int] | None = None, info: MeldsInfo | None = None
) -> list[tuple[tuple[int, ...], plans.FullMelds]]:
    """The ways for the player to act to meld his whole hand but ``leave`` (0 or 1) cards and go
    out (§2 cases 22, 23, 29; the initial-meld minimum where :func:`initial_minimum` asks it),
    counted, not listed: for each kind of card left (none with ``leave == 0``), the hand's card
    counts without it and the plans that meld them. ``k`` and ``info``: the hand's kind counts
    and the side's melds, when known."""
    v = state.variant
    seat = state.turn.seat
    side = state.side_of(seat)
    hand = state.hands[seat]
    if hand.size - leave < 1:
        return []
    if k is None:
        k = core.hand_kinds(hand)
    if info is None:
        info = side_info(state, side)
    minimum = initial_minimum(state, seat, going_out=True)
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
    if not plans.canastas_reachable(v, info, k):
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
        kept = hand
        if lk:
            k2[lk] -= 1
            kept = core.remove(hand, core.pick(hand.counts, lk, 1))
        # every plan melds all the cards kept, so their value is the same for all of them
        if minimum and core.hand_points(v, kept) < minimum:
            continue
        melds = plans.FullMelds(v, info, k2, v._to_go_out)
        if len(melds):
            parts.append((kept.counts, melds))
    return parts


def can_go_out(
    state: GameState, k: Sequence[int] | None = None, info: MeldsInfo | None = None
) -> bool:
    """Whether the player to act (after drawing) can go out this turn from the current hand
    (§2 cases 22, 23, 28, 29). ``k`` and ``info`` (the hand's kind counts and the side's melds)
    may be passed when known."""
    if state.phase is not Phase.PLAY:
        return False
    v = state.variant
    seat = state.turn.seat
    side = state.side_of(seat)
    hand = state.hands[seat]
    if state.turn.permission is False:
        return False
    if k is None:
        k = core.hand_kinds(hand)
    if hand.size == 1:
        return not k[core.RED3] and state.canastas(side) >= v._to_go_out
    if not state.melds[side] and initial_minimum(state, seat, going_out=True):
        # the minimum matters: search for a going out that meets it
        # (counted, not listed: the plans are counted by wild cards left, not enumerated)
        if not v.final_discard_required and going_out_plans(state, 0):
            return True
        return bool(going_out_plans(state, 1))
    if info is None:
        info = side_info(state, side)
    return can_go_out_kinds(v, list(k), info)


def can_go_out_kinds(v: Variant, k: list[int], info: MeldsInfo) -> bool:
    """:func:`can_go_out` for a side that needs no minimum, a hand of two cards or more with
    kind counts ``k`` (a list it may change and restore) and the side's melds ``info``: all the
    cards melded, or all but one discarded (§2 cases 22, 23, 27)."""
    # cards that cannot be melded must be the one card left for the discard
    min_nat = v.min_naturals
    lonely = [r for r in core.NATURAL_RANKS if 0 < k[r] < min_nat and r not in info]
    if k[core.BLACK3] and not 3 <= k[core.BLACK3] <= 4:
        lonely.append(core.BLACK3)
    if len(lonely) > 1 or k[core.RED3]:
        return False
    if not lonely and not plans.canastas_reachable(v, info, k):
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


# ---------------------------------------------------------------------------- taking the pile
def take_rank(state: GameState) -> int | None:
    """The rank (value) of the top card when the player to act may take the pile with the right
    cards (:func:`pile_problem`), else ``None``."""
    if state.phase is not Phase.DRAW or pile_problem(state) is not None:
        return None
    return int(state.discard_pile[-1].rank)


def _to_hand(pile: Sequence[Card]) -> int:
    """How many cards of the pile under its top card join the hand of who takes it (its red
    threes are laid out, §2 case 2)."""
    return len(pile) - 1 - core.count_red_threes(pile)


def take_of(state: GameState, r: int, combo: tuple[int, int, int]) -> TakePile:
    """The take of the pile, with top card of rank ``r``, melding ``combo`` (naturals, jokers,
    twos) from the hand of the player to act, with canonical cards."""
    seat = state.turn.seat
    counts = state.hands[seat].counts
    cards = core.pick(counts, r, combo[0]) + core.pick(counts, core.JOKER, combo[1])
    cards += core.pick(counts, core.TWO, combo[2])
    return build(TakePile, seat=seat, cards=tuple(sorted(cards)), melds=())


def take_combos(state: GameState, r: int) -> Iterator[tuple[int, int, int]]:
    """For a side that has melded, the ``(naturals, jokers, twos)`` from the hand of the player
    to act that take the pile, whose top card is of rank ``r`` (:func:`take_rank`), onto the
    side's meld of that rank or a new one: by naturals, then jokers, then twos, fewest first
    (:func:`take_problem`, the meld's composition, :func:`keep_problem`)."""
    v = state.variant
    seat = state.turn.seat
    hand = state.hands[seat]
    side = state.side_of(seat)
    k = core.hand_kinds(hand)
    info = side_info(state, side)
    has_meld = r in info
    frozen = state.pile_frozen
    if take_problem(v, frozen, has_meld, k[r]) is not None:
        return  # not even every natural of the rank held takes it
    n_lo = 0  # the fewest naturals that take it
    while take_problem(v, frozen, has_meld, n_lo) is not None:
        n_lo += 1
    n_e, j_e, t_e, size_e = info.get(r, (0, 0, 0, 0))
    size_c = v.canasta_size
    canastas_other = state.canastas(side) - (1 if size_e >= size_c else 0)
    left_base = hand.size + _to_hand(state.discard_pile)
    maxw = v.max_wilds
    for n in range(n_lo, k[r] + 1):
        for j in range(0, min(k[core.JOKER], maxw) + 1):
            for t in range(0, min(k[core.TWO], maxw - j) + 1):
                if core.composition_problem(v, n_e + 1 + n, j_e + t_e + j + t):
                    continue
                made = 1 if size_e + 1 + n + j + t >= size_c else 0
                why = keep_problem(state, left_base - (n + j + t), canastas_other + made)
                if why is not None and (
                    why is not LAST_CARD or not is_legal(state, take_of(state, r, (n, j, t)))
                ):
                    continue
                yield n, j, t


def unmelded_takes(state: GameState, r: int) -> plans.Compounds | list[TakePile]:
    """For a side that has not melded, the takes of the pile (top card of rank ``r``) that list
    the minimal initial compounds with the top card (§1 "Initial-meld minimum", §2 case 12):
    counted (:class:`~canasta._plans.Compounds`) for a big hand, else the actions."""
    v = state.variant
    seat = state.turn.seat
    hand = state.hands[seat]
    k = core.hand_kinds(hand)
    if k[r] < 2:
        return []  # a natural pair from the hand is needed (§2 case 12)
    h = hand.size
    to_hand = _to_hand(state.discard_pile)
    minimum = initial_minimum(state, seat)
    if minimum and not v.top_card_counts_for_minimum:
        minimum += core.card_points(v, state.discard_pile[-1])  # the melds must count it alone

    def keep(used: int, canastas: int) -> bool | None:
        return keeps(state, h - used + to_hand, canastas)

    if h > SEARCH_AT_MOST:
        # a take keeping two cards or more is kept (no permission is given before the draw)
        used_from = 0 if state.turn.permission is True else h + to_hand - 1
        compounds = plans.Compounds(v, k, minimum, r, keep, used_from)
        if not compounds.ask:
            return compounds
    # A hand of a few cards has a few compounds: searched for at once (cheaper than counting).
    # Otherwise a take that keeps one card and may go out with it must be judged whole: a rare
    # case, with a pile of one or two cards and a hand melded down to its last card.
    out = []
    for spec in plans.initial_compounds(v, k, minimum, forced=r):
        used = sum(n + j + t for _, n, j, t in spec)
        canastas = sum(
            1 for rr, n, j, t in spec if n + j + t + (1 if rr == r else 0) >= v.canasta_size
        )
        fin = keep(used, canastas)
        if fin is False:
            continue
        melds = plans.cards_for(hand.counts, spec)
        action = TakePile(seat, melds[0].cards, tuple(melds[1:]))
        if fin is None and not is_legal(state, action):
            continue
        out.append(action)
    return out


def can_take_pile(state: GameState) -> bool:
    """Whether the player to act may take the discard pile, without listing the ways: for a side
    that has not melded the takes are counted (:class:`~canasta._plans.Compounds`)."""
    r = take_rank(state)
    if r is None:
        return False
    if state.melds[state.side_of(state.turn.seat)]:
        return next(take_combos(state, r), None) is not None
    takes = unmelded_takes(state, r)
    return takes.total > 0 if isinstance(takes, plans.Compounds) else bool(takes)


def forced_take(state: GameState) -> bool:
    """Whether the player to act must take the pile: the stock is exhausted and the top card fits
    the side's meld on a pile not frozen for the side (§2 case 31)."""
    if state.phase is not Phase.DRAW or state.stock or not state.variant.forced_take_after_stock:
        return False
    return is_legal(state, TakePile(state.turn.seat))


# ---------------------------------------------------------------------------- checking
def is_legal(state: GameState, action: object) -> bool:
    """:func:`canasta.is_legal` for a ``state`` known to be a :class:`GameState`."""
    try:
        _resolve(state, action)
    except IllegalActionError:
        return False
    return True


def _illegal(reason: Reason, action: object, message: str) -> IllegalActionError:
    return IllegalActionError(reason, f"{_show(action)}: {message}", action)


#: The longest quote of an action in a message (characters): messages never echo huge input.
_QUOTE_LIMIT = 120


def _show(action: object) -> str:
    try:
        text = repr(str(action)) if isinstance(action, _ACTION_TYPES) else repr(action)
    except Exception:  # pragma: no cover - repr of foreign objects
        return f"<{type(action).__name__}>"
    if len(text) <= _QUOTE_LIMIT:
        return text
    return text[: _QUOTE_LIMIT - 4] + "...'"


def _need_state(state: object) -> None:
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")


def _resolve(state: GameState, action: object) -> GameState:
    """Check and apply ``action`` to ``state`` (a :class:`GameState`: the public functions of
    :mod:`canasta.engine` make sure of it).

    A turn is a small state machine (§1 "Drawn from stock / discarded"): the player to act
    draws or takes the pile (:attr:`Phase.DRAW`), then melds any number of times and discards
    or goes out (:attr:`Phase.PLAY`); asking partner hands the turn to him for the answer
    (:attr:`Phase.ANSWER`, §2 case 28); then the next seat's turn. Here the seat and the phase
    are checked; each action's own rules are checked where it is applied (:data:`_APPLY`)."""
    kind = type(action)
    if kind not in _PHASE_OF:
        if not isinstance(action, _ACTION_TYPES):
            raise _illegal(Reason.MALFORMED, action, "not an action of this library")
        kind = next(k for k in _ACTION_TYPES if isinstance(action, k))  # a subclass
    if kind is DealNextHand:
        return _deal_next(state, action)  # type: ignore[arg-type]
    seat: int = action.seat  # type: ignore[attr-defined]
    n = state.variant.players
    if not 0 <= seat < n:
        raise _illegal(Reason.NOT_YOUR_TURN, action, f"seat {seat} does not exist (0 to {n - 1})")
    phase = state.phase
    if phase is _HAND_OVER:
        if state.is_match_over:
            raise _illegal(
                Reason.MATCH_OVER, action, "the match is over: nobody plays on (§2 case 40)"
            )
        raise _illegal(
            Reason.HAND_OVER, action, "the hand is over: nobody plays until the next hand is dealt"
        )
    if phase is _ANSWER and seat == state.turn.seat:
        raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS[phase])
    if phase is not _ANSWER and kind is AnswerPartner:
        raise _illegal(Reason.WRONG_PHASE, action, "nobody has asked partner to go out")
    if seat != (state.turn.seat if phase is not _ANSWER else state.current_seat):
        raise _illegal(
            Reason.NOT_YOUR_TURN,
            action,
            f"it is seat {state.current_seat}'s turn, not seat {seat}'s",
        )
    if _PHASE_OF[kind] is not phase:
        raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS[phase])
    return _APPLY[kind](state, action)


_DRAW = Phase.DRAW
_FIRST_TURN = RedThreeTiming.FIRST_TURN
_PLAY = Phase.PLAY
_ANSWER = Phase.ANSWER
_HAND_OVER = Phase.HAND_OVER

#: The phase of the turn each action is played in.
_PHASE_OF = {
    Draw: _DRAW,
    TakePile: _DRAW,
    DeclinePile: _DRAW,
    MeldCards: _PLAY,
    Discard: _PLAY,
    EndTurn: _PLAY,
    AskPartner: _PLAY,
    AnswerPartner: _ANSWER,
    DealNextHand: _HAND_OVER,
}

_PHASE_WORDS = {
    Phase.DRAW: "draw from the stock or take the discard pile first",
    Phase.PLAY: "the player has drawn; meld, discard or go out",
    Phase.ANSWER: "partner must answer first",
}


def _answer(state: GameState, action: AnswerPartner) -> GameState:
    """Partner's answer binds the player both ways (§2 case 28)."""
    return _evolve_state(state, turn=_evolve_turn(state.turn, permission=action.yes))


def _end_turn(state: GameState, action: EndTurn) -> GameState:
    if not state.turn.last_red_three:
        raise _illegal(
            Reason.WRONG_PHASE,
            action,
            "a turn ends with a discard (or going out); ending it without one is only for "
            "the drawer of a last red three (§4 A7)",
        )
    end = HandEnd(reason=EndReason.LAST_CARD_RED_THREE, seat=action.seat)
    return _evolve_state(state, end=end)


# ---------------------------------------------------------------------------- draw
def _draw(state: GameState, action: Draw) -> GameState:
    if not state.stock:
        raise _illegal(Reason.STOCK_EMPTY, action, "the stock is exhausted (§2 case 31)")
    v = state.variant
    seat = action.seat
    k = min(v.draw_count, len(state.stock))
    stock = list(state.stock[k:])
    old_laid = state.red_threes[seat]
    laid = list(old_laid)
    new_hand = core.lay_out_red_threes(core.add(state.hands[seat], state.stock[:k]), laid, stock)
    red_threes = (
        state.red_threes
        if len(laid) == len(old_laid)
        else _replace(state.red_threes, seat, tuple(laid))
    )
    drawn = state.stock[: len(state.stock) - len(stock)]
    hands = _replace(state.hands, seat, new_hand)
    # §2 cases 30, 32: only a red three that is the *last* stock card ends the hand. A red three
    # drawn earlier in the same draw (two-player: 3H then 9C, the last two cards) is laid out
    # without a replacement and play goes on (§1 "Red three", 2P: "last two stock cards: no
    # replacement").
    last_red = not stock and drawn[-1].is_red_three
    if last_red and v.last_card_red_three is LastCardRedThree.MAY_MELD:
        # §4 A7 (Britannica): the drawer may meld and lay off, but not discard.
        return _evolve_state(
            state,
            hands=hands,
            stock=tuple(stock),
            red_threes=red_threes,
            turn=_evolve_turn(state.turn, drew=DrawSource.STOCK, last_red_three=True),
        )
    if last_red:
        # §2 case 30, §4 A7: the last stock card was a red three: the hand ends at once.
        return _evolve_state(
            state,
            hands=hands,
            stock=tuple(stock),
            red_threes=red_threes,
            turn=_evolve_turn(state.turn, drew=DrawSource.STOCK),
            end=HandEnd(reason=EndReason.LAST_CARD_RED_THREE, seat=seat),
        )
    turn = state.turn
    if 0 <= seat < 64 and turn is _FRESH_TURNS[seat]:
        turn = _DRAWN_TURNS[seat]
    else:
        turn = _evolve_turn(turn, drew=DrawSource.STOCK)
    return _evolve_state(state, hands=hands, stock=tuple(stock), red_threes=red_threes, turn=turn)


def _replace(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return t[:i] + (value,) + t[i + 1 :]


class _MeldResult(NamedTuple):
    cards: list[Card]
    melds: tuple[Meld, ...]
    used: int
    value: int
    added_to: frozenset[MeldKey]
    created: frozenset[MeldKey]
    black_three_meld: bool


def _lay(
    state: GameState,
    action: object,
    side: int,
    hand: Cards,
    groups: Sequence[Meld],
    extra: tuple[Rank, Card] | None = None,
) -> _MeldResult:
    """Lay the cards of ``groups`` from ``hand`` on ``side``'s melds. ``extra`` is a card not from
    the hand (the pile's top card) joining the meld of its rank. Checks the cards (§2 case 21,
    §1 "Meld composition") and the composition of every resulting meld (§2 cases 17-19)."""
    v = state.variant
    by_rank: dict[Rank, list[Card]] = {}
    for g in groups:
        if not g.cards:
            raise _illegal(Reason.MALFORMED, action, f"an empty group of {g.rank.symbol}s")
        by_rank.setdefault(g.rank, []).extend(g.cards)
    if extra is not None:
        by_rank.setdefault(extra[0], [])
    laid = [c for cards in by_rank.values() for c in cards]
    missing = core.first_missing(hand, laid)
    index = 0
    for rank, cards in by_rank.items():
        for c in cards:
            if c.is_red_three:
                raise _illegal(Reason.RED_THREE, action, "red threes are never melded (§2 case 21)")
            if rank is Rank.THREE:
                if not c.is_black_three:
                    raise _illegal(
                        Reason.BLACK_THREE_MELD,
                        action,
                        "a meld of black threes holds no wild cards (§2 case 21)",
                    )
            elif not rank.is_natural:
                raise _illegal(
                    Reason.WRONG_RANK, action, f"no meld of {rank.symbol}s: melds are of 4s to aces"
                )
            elif not (c.rank is rank or c.is_wild):
                raise _illegal(
                    Reason.WRONG_RANK,
                    action,
                    f"{c} cannot join a meld of {rank.symbol}s (melds are sets of one rank)",
                )
            if index == missing:
                raise _illegal(
                    Reason.CARD_NOT_IN_HAND, action, f"{c} is not in the hand (or not that often)"
                )
            index += 1
    value = 0
    for c in laid:
        value += v.card_value(c)
    # a group joins the side's meld of its key, the rank (one group per rank and side:
    # MeldSystem.groups_per_rank; an action naming its target meld is for the families to come)
    existing = {m.key: m for m in state.melds[side]}
    new_melds = dict(existing)
    added_to: set[MeldKey] = set()
    created: set[MeldKey] = set()
    black = False
    for rank, cards in by_rank.items():
        old = existing.get(rank)
        all_cards = list(old.cards) if old is not None else []
        all_cards.extend(cards)
        if extra is not None and extra[0] is rank:
            all_cards.append(extra[1])
            value += v.card_value(extra[1])
        meld = Meld._fast(rank, all_cards)  # Card values checked above
        if rank is Rank.THREE:
            black = True
            if old is not None or not 3 <= len(all_cards) <= 4:
                raise _illegal(
                    Reason.BLACK_THREE_MELD,
                    action,
                    "black threes are melded only as three or four of them (§2 case 21)",
                )
        else:
            nat, jok, two = core.meld_stats(meld)
            problem = core.composition_problem(v, nat, jok + two)
            if problem is not None and old is not None and all(c.rank is rank for c in cards):
                # Natural cards never make a meld worse: they may join a meld over the wild
                # limit, as Cutthroat's combined melds can be (BI-CT "combining their melds").
                problem = None
            if problem is not None:
                raise _illegal(Reason(problem), action, _COMPOSITION_WORDS[problem](v, meld))
        new_melds[rank] = meld
        if old is None:
            created.add(rank)
        else:
            added_to.add(rank)
    melds = tuple(sorted(new_melds.values(), key=lambda m: -m.rank))
    return _MeldResult(
        cards=laid,
        melds=melds,
        used=len(laid),
        value=value,
        added_to=frozenset(added_to),
        created=frozenset(created),
        black_three_meld=black,
    )


_COMPOSITION_WORDS = {
    "too_few_naturals": lambda v, m: (
        f"a meld needs at least {v.min_naturals} natural cards, {m} has {core.meld_stats(m)[0]}"
        " (§1 'Meld composition', §2 case 11)"
    ),
    "too_many_wilds": lambda v, m: (
        f"{m} holds too many wild cards: at most {v.wild_limit(core.meld_stats(m)[0])} with "
        f"{core.meld_stats(m)[0]} naturals here (§2 cases 17, 18)"
    ),
    "meld_too_small": lambda v, m: f"a meld needs at least three cards, {m} has {m.size} (§1)",
}


def _canastas(state: GameState, melds: Sequence[Meld]) -> int:
    size = state.variant.canasta_size
    return sum(1 for m in melds if len(m.cards) >= size)


def _check_keep(
    state: GameState,
    action: object,
    hand: Cards,
    melds: Sequence[Meld],
    black: bool,
) -> None:
    """Refuse an action that leaves ``hand`` and ``melds`` (the side's melds afterwards) when
    :func:`keep_problem` says so; the one card kept decides by itself
    (:data:`LAST_CARD`)."""
    v = state.variant
    left = hand.size
    canastas = _canastas(state, melds)
    why = keep_problem(state, left, canastas, black=black)
    if why is LAST_CARD:
        if going_out_feasible(v, plans.melds_info(melds), core.hand_kinds(hand)):
            return
        why = Reason.NO_CANASTA_TO_GO_OUT
    if isinstance(why, Reason):
        raise _illegal(why, action, _keep_words(v, why, left, canastas))


def _keep_words(v: Variant, why: Reason, left: int, canastas: int) -> str:
    if why is not Reason.NO_CANASTA_TO_GO_OUT:
        return _KEEP_WORDS[why]
    if left == 0:
        msg = "the hand would be empty"
    else:
        msg = (
            "the last card could neither complete the side's canastas nor be discarded without "
            "emptying the hand"
        )
    need = v._to_go_out
    return (
        f"{msg}, and going out needs {need} canasta{'' if need == 1 else 's'} on the side (it "
        f"would have {canastas}) (§2 case 23)"
    )


_KEEP_WORDS = {
    Reason.PERMISSION_REFUSED: "partner said no: the player may not go out this turn (§2 case 28)",
    Reason.MUST_KEEP_A_CARD: "going out needs a final discard in this variant (§2 case 27, §4 A6)",
    Reason.CANNOT_ASK: "this variant requires asking partner before going out",
    Reason.BLACK_THREE_MELD: "black threes are melded only when going out (§2 cases 21, 22)",
    Reason.MUST_GO_OUT: "partner said yes: the player must go out now (§2 case 28)",
}


def _check_minimum(
    state: GameState, action: object, seat: int, value: int, going_out: bool
) -> None:
    need = initial_minimum(state, seat, going_out)
    if value < need:
        total = state.totals[state.variant.match_side(seat)]
        raise _illegal(
            Reason.INITIAL_MELD_BELOW_MINIMUM,
            action,
            f"the side's initial meld needs {need} points (its total is {total}); "
            f"these cards count {value} (§1 'Initial-meld minimum', §2 cases 12, 13)",
        )


def _after_laying(
    state: GameState,
    seat: int,
    res: _MeldResult,
    hand: Cards,
    pile: tuple[Card, ...] | None,
    red_threes: tuple[tuple[Card, ...], ...] | None,
    drew: DrawSource | None,
) -> GameState:
    """The state after ``res`` is laid, leaving ``hand``."""
    side = state.side_of(seat)
    turn = state.turn
    laid_off = turn.laid_off or bool(res.added_to - turn.created)
    created = turn.created | res.created
    new_turn = _evolve_turn(turn, laid_off=laid_off, created=created, drew=drew or turn.drew)
    hands = _replace(state.hands, seat, hand)
    melds = _replace(state.melds, side, res.melds)
    new = _evolve_state(
        state,
        hands=hands,
        melds=melds,
        turn=new_turn,
        discard_pile=state.discard_pile if pile is None else pile,
        red_threes=state.red_threes if red_threes is None else red_threes,
    )
    if hand.size == 0:
        return _go_out(new, seat)
    return new


def _go_out(state: GameState, seat: int) -> GameState:
    state = _form_lone_hand(state, seat)
    v = state.variant
    turn = state.turn
    side = state.side_of(seat)
    size = v.canasta_size
    own_canasta = any(m.key in turn.created and len(m.cards) >= size for m in state.melds[side])
    concealed = not state.has_melded[seat] and not turn.laid_off and own_canasta
    partner_melded = any(state.has_melded[p] for p in state.partners(seat))
    return _evolve_state(
        state,
        has_melded=_replace(state.has_melded, seat, state.has_melded[seat] or turn.melded),
        end=HandEnd(
            reason=EndReason.WENT_OUT,
            seat=seat,
            concealed=concealed,
            partner_had_melded=partner_melded,
        ),
    )


# ---------------------------------------------------------------------------- meld
def _meld(state: GameState, action: MeldCards) -> GameState:
    if not action.melds:
        raise _illegal(Reason.MALFORMED, action, "a meld action needs at least one group")
    seat = action.seat
    old = state.hands[seat]
    res = _lay(state, action, state.side_of(seat), old, action.melds)
    hand = core.remove(old, res.cards)
    _check_keep(state, action, hand, res.melds, res.black_three_meld)
    _check_minimum(state, action, seat, res.value, going_out=hand.size <= 1)
    new = _after_laying(state, seat, res, hand, None, None, None)
    if (
        state.turn.permission is True
        and not new.is_hand_over
        and hand.size >= 2
        and not can_go_out(new)
    ):
        raise _illegal(
            Reason.MUST_GO_OUT,
            action,
            "partner said yes: the player must go out this turn, and after this meld he "
            "could not (§2 case 28)",
        )
    return new


# ---------------------------------------------------------------------------- take the pile
def _take(state: GameState, action: TakePile) -> GameState:
    problem = pile_problem(state)
    if problem is not None:
        raise _illegal(problem[0], action, problem[1])
    pile = state.discard_pile
    top = pile[-1]
    seat = action.seat
    side = state.side_of(seat)
    old = state.hands[seat]
    # the cards named come from the hand: a card not held is that, whatever else is wrong
    named = [*action.cards, *(c for m in action.melds for c in m.cards)]
    missing = core.first_missing(old, named)
    if missing >= 0:
        raise _illegal(
            Reason.CARD_NOT_IN_HAND,
            action,
            f"{named[missing]} is not in the hand (or not that often)",
        )
    rank = top.rank
    for c in action.cards:
        if not (c.rank is rank or c.is_wild):
            raise _illegal(
                Reason.WRONG_RANK,
                action,
                f"{c} cannot be melded with the top card {top} (§1 'Taking the pile')",
            )
    naturals = sum(1 for c in action.cards if c.rank is rank)
    naturals += sum(1 for m in action.melds if m.rank is rank for c in m.cards if c.rank is rank)
    frozen = state.pile_frozen_for(side)
    why = take_problem(state.variant, frozen, state.meld_of(side, rank) is not None, naturals)
    if why is Reason.PILE_FROZEN:
        because = (
            "the side has not melded"
            if not state.melds[side]
            else "it holds a wild card or red three"
        )
        raise _illegal(
            why,
            action,
            f"the pile is frozen ({because}): only a natural pair of {rank.symbol}s from the hand "
            "takes it (§1 'Frozen pile', §2 cases 9, 10, 12)",
        )
    if why is Reason.TOO_FEW_NATURALS:
        raise _illegal(
            why,
            action,
            f"in this variant a new meld with the pile's top card needs a natural pair of "
            f"{rank.symbol}s from the hand, or the side's meld of that rank takes it "
            "(§1 'Taking the pile', German rules)",
        )
    if why is not None:
        raise _illegal(
            why,
            action,
            f"the top card {top} cannot be melded: the side has no meld of {rank.symbol}s and "
            f"no natural {rank.symbol} from the hand is named to meld it with "
            "(§1 'Taking the pile', §2 cases 8, 9, 11)",
        )
    groups = [Meld(rank, action.cards), *action.melds] if action.cards else list(action.melds)
    res = _lay(state, action, side, old, groups, extra=(rank, top))
    # The rest of the pile joins the hand; red threes in it are laid out, not replaced (§2 case 2).
    laid = list(state.red_threes[seat])
    rest = pile[:-1]
    if core.count_red_threes(rest):
        laid.extend(c for c in rest if c.is_red_three)
        rest = tuple(c for c in rest if not c.is_red_three)
    hand = core.add(core.remove(old, res.cards), rest)
    _check_keep(state, action, hand, res.melds, res.black_three_meld)
    value = res.value
    if not state.variant.top_card_counts_for_minimum:
        value -= core.card_points(state.variant, top)  # §1 "What counts toward the minimum"
    _check_minimum(state, action, seat, value, going_out=False)
    red = (
        _replace(state.red_threes, seat, tuple(laid))
        if len(laid) != len(state.red_threes[seat])
        else None
    )
    new = _after_laying(state, seat, res, hand, (), red, DrawSource.PILE)
    return _form_lone_hand(new, seat)


# ---------------------------------------------------------------------------- discard
def _discard(state: GameState, action: Discard) -> GameState:
    if state.turn.last_red_three:
        raise _illegal(
            Reason.NO_DISCARD,
            action,
            "the last stock card was a red three: the player may meld but not discard "
            "(§2 case 30, §4 A7)",
        )
    seat = action.seat
    card = action.card
    hand = state.hands[seat]
    if card.is_red_three:
        raise _illegal(Reason.RED_THREE, action, "red threes are never discarded (§2 case 21)")
    if card not in hand:
        raise _illegal(Reason.CARD_NOT_IN_HAND, action, f"{card} is not in the hand")
    why = discard_problem(state)
    if why is not None:
        canastas = state.canastas(state.side_of(seat))
        raise _illegal(why, action, _keep_words(state.variant, why, 0, canastas))
    hands = _replace(state.hands, seat, core.remove(hand, (card,)))
    pile = (*state.discard_pile, card)
    if hand.size == 1:
        return _go_out(_evolve_state(state, hands=hands, discard_pile=pile), seat)
    return _next_turn(state, hands=hands, discard_pile=pile)


# Copying functions of the state and the turn (see canasta._core.evolve), called directly.
_evolve_state = core.evolver(GameState)
_evolve_turn = core.evolver(Turn)

#: A fresh turn for each seat (turns are values, shared by the states that start them).
_FRESH_TURNS = tuple(Turn(seat=s) for s in range(64))
#: The same after a draw from the stock.
_DRAWN_TURNS = tuple(Turn(seat=s, drew=DrawSource.STOCK) for s in range(64))


def _next_turn(state: GameState, **changes: Any) -> GameState:
    """The next seat's turn; ``changes`` (of the ending turn's last action) go in the same copy."""
    v = state.variant
    seat = state.turn.seat
    has_melded = state.has_melded
    if state.turn.melded and not has_melded[seat]:
        has_melded = _replace(has_melded, seat, True)
    order = state.order
    nxt = order[(order.index(seat) + 1) % len(order)]
    turn = _FRESH_TURNS[nxt] if 0 <= nxt < 64 else Turn(seat=nxt)
    new = _evolve_state(state, has_melded=has_melded, turn=turn, **changes)
    if v.red_three_timing is _FIRST_TURN and core.hand_kinds(new.hands[nxt])[core.RED3]:
        # §4 A9: the red threes dealt to a player are laid out at his first turn
        laid = list(new.red_threes[nxt])
        stock = list(new.stock)
        new = _evolve_state(
            new,
            hands=_replace(new.hands, nxt, core.lay_out_red_threes(new.hands[nxt], laid, stock)),
            red_threes=_replace(new.red_threes, nxt, tuple(laid)),
            stock=tuple(stock),
        )
    if new.stock:
        return new
    if not v.play_after_stock:
        # §2 case 33: play ends with the discard of the player who drew the last card.
        end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=seat)
        return _evolve_state(new, end=end)
    return end_if_stock_exhausted(new)


def end_if_stock_exhausted(state: GameState) -> GameState:
    """§2 case 31: once the stock is exhausted, a player to draw who cannot take the pile
    ends the hand (no action is needed)."""
    if state.phase is Phase.DRAW and not state.stock:
        if not can_take_pile(state):
            end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=state.turn.seat)
            return _evolve_state(state, end=end)
    return state


# ---------------------------------------------------------------------------- ask / decline
def _ask(state: GameState, action: AskPartner) -> GameState:
    problem = ask_problem(state)
    if problem is not None:
        raise _illegal(problem[0], action, problem[1])
    return _evolve_state(state, turn=_evolve_turn(state.turn, asked=True, permission=None))


def _decline(state: GameState, action: DeclinePile) -> GameState:
    if state.stock:
        raise _illegal(
            Reason.CANNOT_DECLINE,
            action,
            "the pile may be declined only once the stock is exhausted; draw instead",
        )
    if forced_take(state):
        raise _illegal(
            Reason.MUST_TAKE_PILE,
            action,
            "the stock is exhausted and the top card fits the side's meld on a pile not frozen "
            "for it: it must be taken (§2 case 31)",
        )
    return _evolve_state(state, end=HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=action.seat))


# ---------------------------------------------------------------------------- next hand
def _deal_next(state: GameState, action: DealNextHand) -> GameState:
    if state.phase is not Phase.HAND_OVER:
        raise _illegal(Reason.HAND_NOT_OVER, action, "the hand is still being played")
    if state.is_match_over:
        raise _illegal(Reason.MATCH_OVER, action, "the match is over (§2 case 40)")
    v = state.variant
    number = state.hand_number + 1
    if action.deck is not None:
        if Cards.of(action.deck) != Cards.of(v.pack()):
            raise _illegal(
                Reason.BAD_DECK, action, f"the deck must be the whole {v.pack_size}-card pack"
            )
        deck = action.deck
    elif state.seed is None:
        raise _illegal(
            Reason.BAD_DECK, action, "this match has no seed: the next hand needs a deck"
        )
    else:
        deck = shuffled_deck(v, state.seed, number, state.deal_version)
    return deal(
        v,
        deck,
        seed=state.seed,
        hand_number=number,
        dealer=_next_dealer(v, state.dealer, number),
        totals=state.match_totals,
        deal_version=state.deal_version,
    )


#: Where each action of a turn is checked and applied.
_APPLY: dict[type, Callable[[GameState, Any], GameState]] = {
    Draw: _draw,
    TakePile: _take,
    DeclinePile: _decline,
    MeldCards: _meld,
    Discard: _discard,
    EndTurn: _end_turn,
    AskPartner: _ask,
    AnswerPartner: _answer,
}
