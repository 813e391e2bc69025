"""Helpers for the variant rule tests: whole-pack positions for any preset, through the public
API (``import canasta`` only)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import canasta
from rules_helpers import cards, notation, play


def pack_of(variant: str | canasta.Variant) -> Counter[canasta.Card]:
    """The pack of ``variant`` as a multiset."""
    return Counter(canasta.get_variant(variant).pack())


def rest_of(variant: str | canasta.Variant, *placed: str | Iterable[str]) -> list[canasta.Card]:
    """The cards of the variant's pack not named in ``placed``, in a fixed order (naturals from
    the lowest rank, then black threes, wild cards and red threes last)."""
    left = pack_of(variant)
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
    out = [h for h in kw.get("hands") or []]
    for side in kw.get("melds") or []:
        for m in side:
            out.append(m if isinstance(m, str) else notation(m.cards))
    out.append(kw.get("discard_pile") or "")
    out.extend(kw.get("red_threes") or [])
    return out


def whole_position(variant: str, *, stock: str, discard_pile: str, **kw: Any) -> canasta.GameState:
    """A position of ``variant`` whose stock is exactly ``stock`` (top first): every card of the
    pack not placed elsewhere lies under ``discard_pile`` (so the pile holds wild cards and red
    threes and is frozen for everybody)."""
    rest = rest_of(variant, *_placed({"discard_pile": discard_pile, **kw}), stock)
    pile = notation([*rest, *cards(discard_pile)])
    return canasta.position(variant, stock=stock, discard_pile=pile, **kw)


def went_out(
    variant: str | canasta.Variant, seat: int, *actions: canasta.Action, **kw: Any
) -> canasta.GameState:
    """``seat`` to play after a stock draw in a position of ``variant``; ``actions`` end the hand
    by ``seat`` going out."""
    state = canasta.position(variant, current_seat=seat, phase="play", **kw)
    state = play(state, *actions)
    assert state.is_hand_over and state.end is not None
    assert (state.end.reason, state.end.seat) == (canasta.EndReason.WENT_OUT, seat)
    return state
