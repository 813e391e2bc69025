"""The rules of the engine: dealing, and checking and applying each kind of action.

Internal: :mod:`canasta.engine` is the public face (``new_game``, ``apply``, ``is_legal``,
``check``) and checks its arguments before they reach this module. This module is compiled with
mypyc in the optional compiled build (see the performance page of the docs), so it keeps to what
mypyc compiles: no attrs classes, and annotations that hold at run time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from . import _core as core
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
)
from .cards import Card, Cards, Rank, to_card_list
from .deals import DEAL_VERSION, deck_for
from .errors import CanastaError, IllegalActionError, Reason, SetupError, StateError
from .melds import Meld
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
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
    hands = [[0] * 53 for _ in range(variant.players)]
    pos = 0
    for _ in range(variant.hand_size):
        for seat in dealt:
            hands[seat][deck[pos].id] += 1
            pos += 1
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
    dealt, hands, stock, pile = deal_out(variant, order, dealer, deck)
    red_threes: list[list[Card]] = [[] for _ in range(n)]
    first = dealt[0]
    # §4 A9: red threes are laid out and replaced straight after the deal, or (first-turn
    # timing) each player's at his first turn, the first player's now.
    at_once = variant.red_three_timing is RedThreeTiming.AFTER_DEAL
    for seat in dealt if at_once else dealt[:1]:
        _lay_out_red_threes(hands[seat], red_threes[seat], stock)
    sides = hand_sides(variant, order)
    state = GameState(
        variant=variant,
        seed=seed,
        hand_number=hand_number,
        dealer=dealer,
        totals=totals,
        order=order,
        sides=sides,
        hands=tuple(Cards._from_counts(tuple(h)) for h in hands),
        stock=tuple(stock),
        discard_pile=tuple(pile),
        melds=tuple(() for _ in sides),
        red_threes=tuple(tuple(r) for r in red_threes),
        phase=Phase.DRAW,
        turn=Turn(seat=first),
        has_melded=(False,) * n,
        deal_version=deal_version,
    )
    return end_if_stock_exhausted(state)


def seating(variant: Variant, hand_number: int) -> tuple[int, ...]:
    """The seats playing hand ``hand_number``, in playing order: the sides' members alternate
    round the table (§1 "Players, sides, seating"); with five players the trio's members sit out
    in turn, the first in hand 1 (RG5, CS2)."""
    sitter = None
    if variant.sit_out_side is not None:
        side = variant.sides[variant.sit_out_side]
        sitter = side[(hand_number - 1) % len(side)]
    sides = [tuple(p for p in side if p != sitter) for side in variant.sides]
    order: list[int] = []
    for k in range(max(len(s) for s in sides)):
        order.extend(s[k] for s in sides if k < len(s))
    return tuple(order)


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


def _lay_out_red_threes(hand: list[int], laid: list[Card], stock: list[Card]) -> bool:
    """Lay out the red threes of ``hand`` and replace each from ``stock`` (§2 cases 4, 5).
    Returns False if a red three could not be replaced because the stock ran out."""
    ok = True
    while hand[5] or hand[6]:
        i = 5 if hand[5] else 6
        hand[i] -= 1
        laid.append(core.CARDS[i])
        if stock:
            c = stock.pop(0)
            hand[c.id] += 1
        else:
            ok = False
    return ok


# ---------------------------------------------------------------------------- checking
def is_legal(state: GameState, action: object) -> bool:
    """:func:`canasta.is_legal` for a ``state`` known to be a :class:`GameState`."""
    try:
        _resolve_checked(state, action)
    except IllegalActionError:
        return False
    return True


#: What a tampered action meets in the rules, in one build or the other (the compiled build checks
#: the declared types of fields as it reads them; the Python source fails further on, if at all).
_TAMPERED = (AttributeError, TypeError, IndexError, KeyError, OverflowError)


def _resolve_checked(state: GameState, action: object) -> GameState:
    try:
        return _resolve(state, action)
    except IllegalActionError:
        raise
    except _TAMPERED as exc:
        raise _malformed(action, exc) from exc


#: The message of a malformed action (one text in both builds, whatever failed).
NOT_WELL_FORMED = "not a well-formed action (a field was set around its constructor)"


def _malformed(action: object, exc: Exception) -> Exception:
    """An action whose cards were changed around their constructor (``object.__setattr__``)
    can fail deep in the rules: it is refused as malformed, with one message in both builds.
    Any other failure is re-raised. (The types of the action's own fields, and of the melds and
    cards in them, are checked before the rules by :mod:`canasta.engine`.)"""
    if _cards_sound(action):
        return exc
    return _illegal(Reason.MALFORMED, action, NOT_WELL_FORMED)


def _cards_sound(action: object) -> bool:
    """Whether each card in ``action`` is the card its id names (fields read as ``Any``, so
    that the compiled build does not check their types on reading)."""
    try:
        cards: list[Any] = []
        for name in ("card", "cards", "deck", "melds"):
            value: Any = getattr(action, name, None)
            if value is None:
                continue
            if name == "card":
                cards.append(value)
            elif name == "melds":
                for meld in value:
                    cards.extend(getattr(meld, "cards"))  # noqa: B009 - read as Any
            else:
                cards.extend(value)
        for card in cards:
            card_id: Any = getattr(card, "id")  # noqa: B009 - read as Any
            if type(card_id) is not int or not 0 <= card_id < 53 or Card.from_id(card_id) != card:
                return False
    except Exception:
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
    :mod:`canasta.engine` make sure of it)."""
    kind = type(action)
    if kind not in _ACTION_KINDS:
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
    if phase is _ANSWER:
        if seat == state.turn.seat:
            raise _illegal(Reason.WRONG_PHASE, action, "partner must answer first")
        if seat != state.current_seat:
            raise _illegal(
                Reason.NOT_YOUR_TURN,
                action,
                f"it is seat {state.current_seat}'s turn, not seat {seat}'s",
            )
        if kind is not AnswerPartner:
            raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS[phase])
        return _evolve_state(
            state,
            phase=_PLAY,
            turn=_evolve_turn(state.turn, permission=action.yes),  # type: ignore[attr-defined]
        )
    if kind is AnswerPartner:
        raise _illegal(Reason.WRONG_PHASE, action, "nobody has asked partner to go out")
    if seat != state.turn.seat:
        raise _illegal(
            Reason.NOT_YOUR_TURN,
            action,
            f"it is seat {state.current_seat}'s turn, not seat {seat}'s",
        )
    if kind is Discard:
        if phase is not _PLAY:
            raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS[phase])
        if state.turn.last_red_three:
            raise _illegal(
                Reason.NO_DISCARD,
                action,
                "the last stock card was a red three: the player may meld but not discard "
                "(§2 case 30, §4 A7)",
            )
        return _discard(state, action)  # type: ignore[arg-type]
    if kind is Draw or kind is TakePile or kind is DeclinePile:
        if phase is not _DRAW:
            raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS[phase])
        if kind is Draw:
            return _draw(state, action)  # type: ignore[arg-type]
        if kind is TakePile:
            return _take(state, action)  # type: ignore[arg-type]
        return _decline(state, action)  # type: ignore[arg-type]
    if phase is not _PLAY:
        raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS[phase])
    if kind is MeldCards:
        return _meld(state, action)  # type: ignore[arg-type]
    if kind is EndTurn:
        if not state.turn.last_red_three:
            raise _illegal(
                Reason.WRONG_PHASE,
                action,
                "a turn ends with a discard (or going out); ending it without one is only for "
                "the drawer of a last red three (§4 A7)",
            )
        end = HandEnd(reason=EndReason.LAST_CARD_RED_THREE, seat=seat)
        return _evolve_state(state, phase=_HAND_OVER, end=end)
    return _ask(state, action)  # type: ignore[arg-type]


_ACTION_KINDS = frozenset(_ACTION_TYPES)
_DRAW = Phase.DRAW
_FIRST_TURN = RedThreeTiming.FIRST_TURN
_PLAY = Phase.PLAY
_ANSWER = Phase.ANSWER
_HAND_OVER = Phase.HAND_OVER


_PHASE_WORDS = {
    Phase.DRAW: "draw from the stock or take the discard pile first",
    Phase.PLAY: "the player has drawn; meld, discard or go out",
    Phase.ANSWER: "partner must answer first",
}


def _need_phase(state: GameState, action: object, phase: Phase) -> None:
    if state.phase is not phase:
        raise _illegal(Reason.WRONG_PHASE, action, _PHASE_WORDS.get(state.phase, "wrong phase"))


# ---------------------------------------------------------------------------- draw
def _draw(state: GameState, action: Draw) -> GameState:
    if not state.stock:
        raise _illegal(Reason.STOCK_EMPTY, action, "the stock is exhausted (§2 case 31)")
    v = state.variant
    seat = action.seat
    stock = list(state.stock)
    hand = list(state.hands[seat].counts)
    k = min(v.draw_count, len(stock))
    for _ in range(k):
        c = stock.pop(0)
        hand[c.id] += 1
    old_laid = state.red_threes[seat]
    laid = list(old_laid)
    _lay_out_red_threes(hand, laid, stock)
    red_threes = (
        state.red_threes
        if len(laid) == len(old_laid)
        else _replace(state.red_threes, seat, tuple(laid))
    )
    drawn = state.stock[: len(state.stock) - len(stock)]
    old_hand = state.hands[seat]
    size = old_hand.size + len(drawn) - (len(laid) - len(old_laid))
    new_hand = core.inherit(
        old_hand,
        Cards._from_counts(tuple(hand), size),
        [c.id for c in drawn] if red_threes is state.red_threes else (5, 6, *[c.id for c in drawn]),
    )
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
            phase=Phase.PLAY,
            turn=_evolve_turn(state.turn, drew=DrawSource.STOCK, last_red_three=True),
        )
    if last_red:
        # §2 case 30, §4 A7: the last stock card was a red three: the hand ends at once.
        return _evolve_state(
            state,
            hands=hands,
            stock=tuple(stock),
            red_threes=red_threes,
            phase=Phase.HAND_OVER,
            turn=_evolve_turn(state.turn, drew=DrawSource.STOCK),
            end=HandEnd(reason=EndReason.LAST_CARD_RED_THREE, seat=seat),
        )
    turn = state.turn
    if 0 <= seat < 64 and turn is _FRESH_TURNS[seat]:
        turn = _DRAWN_TURNS[seat]
    else:
        turn = _evolve_turn(turn, drew=DrawSource.STOCK)
    return _evolve_state(
        state, hands=hands, stock=tuple(stock), red_threes=red_threes, phase=_PLAY, turn=turn
    )


def _replace(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return t[:i] + (value,) + t[i + 1 :]


# ---------------------------------------------------------------------------- melding (shared)
class _MeldResult(NamedTuple):
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    used: int
    value: int
    added_to: frozenset[Rank]
    created: frozenset[Rank]
    black_three_meld: bool


def _lay(
    state: GameState,
    action: object,
    side: int,
    hand: list[int],
    groups: Sequence[Meld],
    extra: tuple[Rank, Card] | None = None,
) -> _MeldResult:
    """Take the cards of ``groups`` from ``hand`` (mutated) and lay them on ``side``'s melds.
    ``extra`` is a card not from the hand (the pile's top card) joining the meld of its rank.
    Checks the cards and the composition of every resulting meld."""
    v = state.variant
    by_rank: dict[Rank, list[Card]] = {}
    for g in groups:
        if not g.cards:
            raise _illegal(Reason.MALFORMED, action, f"an empty group of {g.rank.symbol}s")
        by_rank.setdefault(g.rank, []).extend(g.cards)
    if extra is not None:
        by_rank.setdefault(extra[0], [])
    used = 0
    value = 0
    values = v._values
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
            i = c.id
            if hand[i] <= 0:
                raise _illegal(
                    Reason.CARD_NOT_IN_HAND, action, f"{c} is not in the hand (or not that often)"
                )
            hand[i] -= 1
            used += 1
            value += values[i]
    existing = {m.rank: m for m in state.melds[side]}
    new_melds = dict(existing)
    added_to: set[Rank] = set()
    created: set[Rank] = set()
    black = False
    for rank, cards in by_rank.items():
        old = existing.get(rank)
        all_cards = list(old.cards) if old is not None else []
        all_cards.extend(cards)
        if extra is not None and extra[0] is rank:
            all_cards.append(extra[1])
            value += values[extra[1].id]
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
        hand=tuple(hand),
        melds=melds,
        used=used,
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


def _finish_problem(
    state: GameState,
    action: object,
    left: int,
    canastas: int,
    black: bool,
    discarding: bool = False,
    melds_after: Sequence[Meld] = (),
    hand_after: Sequence[int] = (),
) -> None:
    """The rules on what a player keeps after melding or taking (§2 cases 22-24, 27, 28): the
    turn must still be able to end lawfully. With one card left and no canasta yet, that card
    must be meldable so as to complete the side's canastas (going out without a discard)."""
    v = state.variant
    turn = state.turn
    if turn.last_red_three and left >= 1:
        return  # no discard follows: the hand ends after the melds (§4 A7)
    if left <= 1:
        if canastas < v.canastas_to_go_out:
            if left == 1 and _last_card_goes_out(state, discarding, melds_after, hand_after):
                return
            if left == 0:
                msg = "the hand would be empty"
            else:
                msg = (
                    "the last card could neither complete the side's canastas nor be "
                    "discarded without emptying the hand"
                )
            raise _illegal(
                Reason.NO_CANASTA_TO_GO_OUT,
                action,
                f"{msg}, and going out needs {_canastas_words(v.canastas_to_go_out)} on the "
                f"side (it would have {canastas}) (§2 case 23)",
            )
        if turn.permission is False:
            raise _illegal(
                Reason.PERMISSION_REFUSED,
                action,
                "partner said no: the player may not go out this turn (§2 case 28)",
            )
        if left == 0 and v.final_discard_required and not discarding:
            raise _illegal(
                Reason.MUST_KEEP_A_CARD,
                action,
                "going out needs a final discard in this variant (§2 case 27, §4 A6)",
            )
        if _must_ask(state) and turn.permission is not True:
            raise _illegal(
                Reason.CANNOT_ASK, action, "this variant requires asking partner before going out"
            )
    else:
        if black:
            raise _illegal(
                Reason.BLACK_THREE_MELD,
                action,
                "black threes are melded only when going out (§2 cases 21, 22)",
            )


def _canastas_words(n: int) -> str:
    return f"{n} canasta" if n == 1 else f"{n} canastas"


def _last_card_goes_out(
    state: GameState, discarding: bool, melds_after: Sequence[Meld], hand_after: Sequence[int]
) -> bool:
    v = state.variant
    if discarding or v.final_discard_required or not hand_after:
        return False
    if state.turn.permission is False or (_must_ask(state) and state.turn.permission is not True):
        return False
    from ._menu import going_out_feasible, melds_info

    return going_out_feasible(v, melds_info(melds_after), core.kind_counts(hand_after))


def _must_ask(state: GameState) -> bool:
    v = state.variant
    return v.ask_partner is AskRule.COMPULSORY and bool(state.partners(state.turn.seat))


def _check_minimum(state: GameState, action: object, seat: int, value: int, exempt: bool) -> None:
    if state.melds[state.side_of(seat)]:
        return
    need = state.minimum_for(seat)
    total = state.totals[state.variant.side_of(seat)]
    if value < need and not exempt:
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
    pile: tuple[Card, ...] | None,
    red_threes: tuple[tuple[Card, ...], ...] | None,
    drew: DrawSource | None,
    touched: Sequence[int] | None = None,
) -> GameState:
    """The state after ``res`` is laid; ``touched`` (the hand's changed card ids, when only
    those changed) lets the new hand keep what is known of the old one."""
    side = state.side_of(seat)
    turn = state.turn
    laid_off = turn.laid_off or bool(res.added_to - turn.created)
    created = turn.created | res.created
    new_turn = _evolve_turn(
        turn, laid_off=laid_off, created=created, melded=True, drew=drew or turn.drew
    )
    if touched is None:
        hand = Cards._from_counts(res.hand)
    else:
        old_hand = state.hands[seat]
        hand = core.inherit(
            old_hand, Cards._from_counts(res.hand, old_hand.size - res.used), touched
        )
    hands = _replace(state.hands, seat, hand)
    melds = _replace(state.melds, side, res.melds)
    new = _evolve_state(
        state,
        hands=hands,
        melds=melds,
        turn=new_turn,
        phase=Phase.PLAY,
        discard_pile=state.discard_pile if pile is None else pile,
        red_threes=state.red_threes if red_threes is None else red_threes,
    )
    if hands[seat].size == 0:
        return _go_out(new, seat)
    return new


def _go_out(state: GameState, seat: int) -> GameState:
    state = _form_lone_hand(state, seat)
    v = state.variant
    turn = state.turn
    side = state.side_of(seat)
    size = v.canasta_size
    own_canasta = any(m.rank in turn.created and len(m.cards) >= size for m in state.melds[side])
    concealed = not state.has_melded[seat] and not turn.laid_off and own_canasta
    partner_melded = any(state.has_melded[p] for p in state.partners(seat))
    return _evolve_state(
        state,
        phase=Phase.HAND_OVER,
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
    side = state.side_of(seat)
    hand = list(state.hands[seat].counts)
    res = _lay(state, action, side, hand, action.melds)
    left = state.hands[seat].size - res.used
    canastas = _canastas(state, res.melds)
    _finish_problem(state, action, left, canastas, res.black_three_meld, False, res.melds, res.hand)
    v = state.variant
    exempt = (
        left <= 1
        and state.turn.drew is DrawSource.STOCK
        and not v.concealed_needs_minimum
        and not state.has_melded[seat]
    )
    _check_minimum(state, action, seat, res.value, exempt)
    touched = [c.id for g in action.melds for c in g.cards]
    new = _after_laying(state, seat, res, None, None, None, touched)
    if state.turn.permission is True and not new.is_hand_over and left >= 2:
        from ._menu import can_go_out

        if not can_go_out(new):
            raise _illegal(
                Reason.MUST_GO_OUT,
                action,
                "partner said yes: the player must go out this turn, and after this meld he "
                "could not (§2 case 28)",
            )
    return new


# ---------------------------------------------------------------------------- take the pile
def _take(state: GameState, action: TakePile) -> GameState:
    pile = state.discard_pile
    if not pile:
        raise _illegal(Reason.PILE_EMPTY, action, "the discard pile is empty")
    top = pile[-1]
    if top.is_black_three:
        raise _illegal(
            Reason.PILE_BLOCKED, action, "a black three on top blocks the pile (§2 cases 3, 6, 7)"
        )
    if top.is_wild:
        raise _illegal(
            Reason.PILE_TOP_WILD, action, "a wild card on top: the pile cannot be taken (§1)"
        )
    if not top.is_natural:  # pragma: no cover - a red three is never on top
        raise _illegal(Reason.CANNOT_MELD_TOP_CARD, action, f"{top} cannot be melded")
    seat = action.seat
    side = state.side_of(seat)
    hand_size = state.hands[seat].size
    if hand_size == 1 and len(pile) == 1:
        raise _illegal(
            Reason.SINGLE_CARD_PILE,
            action,
            "with one card in hand a one-card pile may not be taken (§2 case 25)",
        )
    held = list(state.hands[seat].counts)
    for c in (*action.cards, *(c for m in action.melds for c in m.cards)):
        # the cards named come from the hand: a card not held is that, whatever else is wrong
        held[c.id] -= 1
        if held[c.id] < 0:
            raise _illegal(
                Reason.CARD_NOT_IN_HAND, action, f"{c} is not in the hand (or not that often)"
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
    extra_naturals = sum(
        1 for m in action.melds if m.rank is rank for c in m.cards if c.rank is rank
    )
    frozen = state.pile_frozen_for(side)
    existing = state.meld_of(side, rank)
    if frozen:
        if naturals + extra_naturals < 2:
            why = (
                "the side has not melded"
                if not state.melds[side]
                else "it holds a wild card or red three"
            )
            raise _illegal(
                Reason.PILE_FROZEN,
                action,
                f"the pile is frozen ({why}): only a natural pair of {rank.symbol}s from the hand "
                "takes it (§1 'Frozen pile', §2 cases 9, 10, 12)",
            )
    elif existing is None:
        if state.variant.pile_needs_natural_pair and naturals + extra_naturals < 2:
            # §1 "Taking the pile", DE3 column (S-DE): two hand cards without wild cards.
            raise _illegal(
                Reason.TOO_FEW_NATURALS,
                action,
                f"in this variant a new meld with the pile's top card needs a natural pair of "
                f"{rank.symbol}s from the hand, or the side's meld of that rank takes it "
                "(§1 'Taking the pile', German rules)",
            )
        if naturals + extra_naturals < 1:
            # Nothing to meld the top card with: no meld of its rank, no natural of it named
            # (wild cards alone never take the pile, §2 case 11).
            raise _illegal(
                Reason.CANNOT_MELD_TOP_CARD,
                action,
                f"the top card {top} cannot be melded: the side has no meld of {rank.symbol}s and "
                f"no natural {rank.symbol} from the hand is named to meld it with "
                "(§1 'Taking the pile', §2 cases 8, 9, 11)",
            )
    hand = list(state.hands[seat].counts)
    groups = [Meld(rank, action.cards), *action.melds] if action.cards else list(action.melds)
    res = _lay(state, action, side, hand, groups, extra=(rank, top))
    # The rest of the pile joins the hand; red threes in it are laid out, not replaced (§2 case 2).
    new_hand = list(res.hand)
    laid = list(state.red_threes[seat])
    for c in pile[:-1]:
        if c.is_red_three:
            laid.append(c)
        else:
            new_hand[c.id] += 1
    left = sum(new_hand)
    canastas = _canastas(state, res.melds)
    _finish_problem(state, action, left, canastas, res.black_three_meld, False, res.melds, new_hand)
    _check_minimum(state, action, seat, res.value, exempt=False)
    res = res._replace(hand=tuple(new_hand))
    red = (
        _replace(state.red_threes, seat, tuple(laid))
        if len(laid) != len(state.red_threes[seat])
        else None
    )
    new = _after_laying(state, seat, res, (), red, DrawSource.PILE)
    return _form_lone_hand(new, seat)


# ---------------------------------------------------------------------------- discard
def _discard(state: GameState, action: Discard) -> GameState:
    seat = action.seat
    card = action.card
    hand = state.hands[seat]
    if card.is_red_three:
        raise _illegal(Reason.RED_THREE, action, "red threes are never discarded (§2 case 21)")
    if hand.counts[card.id] <= 0:
        raise _illegal(Reason.CARD_NOT_IN_HAND, action, f"{card} is not in the hand")
    left = hand.size - 1
    side = state.side_of(seat)
    if left == 0:
        _finish_problem(state, action, 0, state.canastas(side), False, discarding=True)
    elif state.turn.permission is True:
        raise _illegal(
            Reason.MUST_GO_OUT,
            action,
            "partner said yes: the player must go out now (§2 case 28)",
        )
    counts = list(hand.counts)
    counts[card.id] -= 1
    new_hand = core.inherit(hand, Cards._from_counts(tuple(counts), left), (card.id,))
    hands = _replace(state.hands, seat, new_hand)
    pile = (*state.discard_pile, card)
    if left == 0:
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
    new = _evolve_state(state, has_melded=has_melded, phase=_DRAW, turn=turn, **changes)
    hand = new.hands[nxt].counts
    if (hand[5] or hand[6]) and v.red_three_timing is _FIRST_TURN:
        counts = list(hand)
        laid = list(new.red_threes[nxt])
        stock = list(new.stock)
        _lay_out_red_threes(counts, laid, stock)
        new = _evolve_state(
            new,
            hands=_replace(new.hands, nxt, Cards._from_counts(tuple(counts))),
            red_threes=_replace(new.red_threes, nxt, tuple(laid)),
            stock=tuple(stock),
        )
    if new.stock:
        return new
    if not v.play_after_stock:
        # §2 case 33: play ends with the discard of the player who drew the last card.
        end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=seat)
        return _evolve_state(new, phase=Phase.HAND_OVER, end=end)
    return end_if_stock_exhausted(new)


def end_if_stock_exhausted(state: GameState) -> GameState:
    """§2 case 31: once the stock is exhausted, a player to draw who cannot take the pile
    ends the hand (no action is needed)."""
    if state.phase is Phase.DRAW and not state.stock:
        from ._menu import can_take_pile

        if not can_take_pile(state):
            end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=state.turn.seat)
            return _evolve_state(state, phase=Phase.HAND_OVER, end=end)
    return state


# ---------------------------------------------------------------------------- ask / decline
def _ask(state: GameState, action: AskPartner) -> GameState:
    v = state.variant
    seat = action.seat
    if v.ask_partner is AskRule.OFF:
        raise _illegal(Reason.CANNOT_ASK, action, "asking partner is not part of this variant")
    if not state.partners(seat):
        raise _illegal(Reason.CANNOT_ASK, action, "the player has no partner to ask")
    if state.turn.asked:
        raise _illegal(Reason.CANNOT_ASK, action, "partner was asked already this turn")
    if state.hands[seat].size < 2:
        raise _illegal(
            Reason.CANNOT_ASK,
            action,
            "with one card left the player is going out; a 'no' would leave no legal play",
        )
    from ._menu import can_go_out

    if not can_go_out(state):
        raise _illegal(
            Reason.CANNOT_ASK,
            action,
            "the player cannot go out this turn, so there is nothing to ask (§2 case 28)",
        )
    return _evolve_state(state, phase=Phase.ANSWER, turn=_evolve_turn(state.turn, asked=True))


def _decline(state: GameState, action: DeclinePile) -> GameState:
    if state.stock:
        raise _illegal(
            Reason.CANNOT_DECLINE,
            action,
            "the pile may be declined only once the stock is exhausted; draw instead",
        )
    from ._menu import forced_take

    if forced_take(state):
        raise _illegal(
            Reason.MUST_TAKE_PILE,
            action,
            "the stock is exhausted and the top card fits the side's meld on a pile not frozen "
            "for it: it must be taken (§2 case 31)",
        )
    return _evolve_state(
        state,
        phase=Phase.HAND_OVER,
        end=HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=action.seat),
    )


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
