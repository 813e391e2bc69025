"""Helpers for the rule tests: whole-pack positions and stacked decks, through the public API."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import canasta

PACK: Counter[canasta.Card] = Counter(canasta.make_pack())


def cards(text: str | Iterable[str]) -> list[canasta.Card]:
    """Cards from notation ("KH KS") or from a sequence of notations, in the order given."""
    if isinstance(text, str):
        return [canasta.Card.parse(t) for t in text.split()]
    return [c for part in text for c in cards(part)]


def hand(text: str) -> canasta.Cards:
    return canasta.Cards.parse(text)


def notation(items: Iterable[canasta.Card]) -> str:
    return " ".join(str(c) for c in items)


def rest_of_pack(*placed: str | Iterable[str]) -> list[canasta.Card]:
    """The cards of the 108-card pack not named in ``placed``, in a fixed order (naturals from
    the lowest rank, then black threes, wild cards and red threes last)."""
    left = PACK.copy()
    for part in placed:
        for c in cards(part):
            left[c] -= 1
            assert left[c] >= 0, f"{c} placed more often than the pack holds it"

    def key(c: canasta.Card) -> tuple[int, str]:
        if c.is_red_three:
            return (3, str(c))
        if c.is_wild:
            return (2, str(c))
        if c.is_black_three:
            return (1, str(c))
        return (0, f"{int(c.rank):02d}{c}")

    return sorted(left.elements(), key=key)


def _placed(kw: dict[str, Any]) -> list[str]:
    out = list(kw.get("hands") or [])
    for side in kw.get("melds") or []:
        for m in side:
            out.append(m if isinstance(m, str) else notation(m.cards))
    out.append(kw.get("discard_pile") or "")
    out.extend(kw.get("red_threes") or [])
    return out


def full_position(*, stock_top: str = "", **kw: Any) -> canasta.GameState:
    """A classic position whose stock is ``stock_top`` (top first) followed by every card not
    placed elsewhere, in a fixed order (red threes at the bottom)."""
    rest = rest_of_pack(*_placed(kw), stock_top)
    return canasta.position(kw.pop("variant", "classic"), stock=cards(stock_top) + rest, **kw)


def empty_stock_position(
    *,
    discard_pile: str,
    stock: str = "",
    wild_seat: int | None = None,
    rest_seat: int | None = None,
    **kw: Any,
) -> canasta.GameState:
    """A position whose stock is ``stock`` (default: empty). The cards not placed elsewhere go
    under the given discard pile (so the pile holds wild cards and red threes and is frozen).
    With ``wild_seat``, the wild cards among them join that seat's hand instead, so that only
    natural cards and black threes lie under the pile; with ``rest_seat``, all of them join that
    seat's hand, so the pile is exactly ``discard_pile``. Red threes moved to a seat are laid out
    for it."""
    kw["discard_pile"] = discard_pile
    rest = rest_of_pack(*_placed(kw), stock)
    seat = rest_seat if rest_seat is not None else wild_seat
    if seat is not None:
        moved = [c for c in rest if rest_seat is not None or c.is_wild or c.is_red_three]
        hands = list(kw["hands"])
        hands[seat] = notation([*cards(hands[seat]), *(c for c in moved if not c.is_red_three)])
        kw["hands"] = hands
        reds = list(kw.get("red_threes") or ["", "", "", ""])
        reds[seat] = notation([*cards(reds[seat]), *(c for c in moved if c.is_red_three)])
        kw["red_threes"] = reds
        rest = [c for c in rest if c not in moved] if rest_seat is None else []
    kw["discard_pile"] = notation([*rest, *cards(discard_pile)])
    return canasta.position(kw.pop("variant", "classic"), stock=stock, **kw)


def ended(*, top: str = "9S", **kw: Any) -> canasta.GameState:
    """A hand ended by the exhausted stock: the stock is empty and seat 0, to act, cannot take
    the frozen pile topped by ``top`` (§2 case 31), so the position is over at once."""
    state = empty_stock_position(discard_pile=top, **kw)
    assert state.is_hand_over, "seat 0 could take the pile: choose another top card"
    assert state.end is not None and state.end.reason is canasta.EndReason.STOCK_EXHAUSTED
    return state


def stacked_deck(
    hands: Sequence[str], upcards: str, stock_top: str = "", fillers_avoid: str = ""
) -> list[canasta.Card]:
    """A 108-card deck in dealing order for four seats (dealer seat 3, so seat 0 gets the first
    card): each seat's hand is the cards given, filled up to 11 with plain naturals (4 to K, no
    threes, wilds or aces); then ``upcards``; then ``stock_top``; then the rest (red threes at the
    very bottom)."""
    given = [cards(h) for h in hands]
    avoid = set(cards(fillers_avoid))
    rest = rest_of_pack(*hands, upcards, stock_top)
    fill = [c for c in rest if c.is_natural and c.rank is not canasta.Rank.ACE and c not in avoid]
    pool = list(fill)
    full = []
    for h in given:
        extra: list[canasta.Card] = []
        ranks = {c.rank for c in h}
        for c in list(pool):  # prefer one card of each rank not already in the hand
            if len(h) + len(extra) == 11:
                break
            if c.rank not in ranks:
                extra.append(c)
                ranks.add(c.rank)
                pool.remove(c)
        while len(h) + len(extra) < 11:
            extra.append(pool.pop(0))
        full.append(h + extra)
    left = Counter(rest) - Counter(c for h, g in zip(full, given, strict=True) for c in h[len(g) :])
    remaining = []  # the rest, keeping the fixed order of rest_of_pack
    for c in rest:
        if left[c]:
            remaining.append(c)
            left[c] -= 1
    deck = [full[s][i] for i in range(11) for s in range(4)]
    deck += cards(upcards) + cards(stock_top) + remaining
    assert Counter(deck) == PACK
    return deck


def refused(state: canasta.GameState, action: Any, reason: canasta.Reason) -> None:
    """Assert that ``action`` is refused with ``reason`` (and not listed as legal)."""
    with pytest.raises(canasta.IllegalActionError) as info:
        canasta.apply(state, action)
    assert info.value.reason == reason, str(info.value)
    assert not canasta.is_legal(state, action)


def play(state: canasta.GameState, *actions: Any) -> canasta.GameState:
    for a in actions:
        state = canasta.apply(state, a)
    return state


def meld(seat: int, *groups: str | canasta.Meld) -> canasta.MeldCards:
    return canasta.MeldCards(
        seat, [g if isinstance(g, canasta.Meld) else canasta.Meld.parse(g) for g in groups]
    )


ITEMS = (
    "melded_cards",
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "going_out",
    "concealed",
    "cards_in_hand",
    "undeclared_red_threes",
)


def lines(score: canasta.HandScore, side: int) -> dict[str, int]:
    """A side's score sheet as {item: points} for every score item (0 where the sheet has no
    such line)."""
    return {item: score.sides[side].points(item) for item in ITEMS}
