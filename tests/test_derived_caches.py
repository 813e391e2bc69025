"""The facts the engine caches for speed (kind counts and first cards of a hand, a side's melds
info and canastas, a seat's partners) always equal the same facts worked out afresh."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import canasta
from canasta import _core as core
from canasta import legal
from canasta.cards import Cards
from canasta.state import GameState


def _fresh_first(counts: tuple[int, ...]) -> tuple[int, ...]:
    k = core.kind_counts(counts)
    out = [-1] * 16
    for kind in range(1, 16):
        if k[kind]:
            out[kind] = next(i for i in core.IDS_OF_KIND[kind] if counts[i])
    return tuple(out)


def _fresh_partners(state: GameState, seat: int) -> tuple[int, ...]:
    side = next(s for s in state.sides if seat in s)
    order = state.order
    if seat not in order:
        return ()
    i = order.index(seat)
    return tuple(
        order[(i + d) % len(order)]
        for d in range(1, len(order))
        if order[(i + d) % len(order)] in side
    )


def _check(state: GameState) -> None:
    for hand in state.hands:
        assert hand.size == sum(hand.counts)
        # what the state carries (inherited from the hand before, or worked out now) ...
        kinds = core.hand_kinds(hand)
        first = core.hand_first(hand)
        # ... equals the same worked out on a new object with the same counts
        assert kinds == tuple(core.kind_counts(hand.counts))
        assert first == _fresh_first(hand.counts)
        assert core.hand_kinds(Cards._from_counts(hand.counts)) == kinds
    size = state.variant.canasta_size
    for side, melds in enumerate(state.melds):
        assert state.canastas(side) == sum(1 for m in melds if len(m.cards) >= size)
        assert legal._side_info(state, side) == legal.melds_info(melds)
    for seat in state.order:
        assert state.partners(seat) == _fresh_partners(state, seat)


@pytest.mark.parametrize("variant", canasta.variant_names())
def test_cached_facts_match_fresh_ones(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(3):
        state = canasta.new_game(variant, seed=seed)
        steps = 0
        while not state.is_match_over and steps < 400:
            _check(state)
            menu = canasta.legal_actions(state)
            state = canasta.apply(state, menu[rng.randrange(len(menu))])
            steps += 1
        _check(state)


def test_hands_changed_by_the_named_operations_carry_fresh_facts() -> None:
    """``core.add``/``core.remove`` (and ``core.inherit``) carry a hand's kind counts and first
    cards over to the changed hand; they equal the facts worked out afresh."""
    rng = random.Random(11)
    pack = list(canasta.get_variant("classic").pack())
    for _ in range(200):
        rng.shuffle(pack)
        hand = Cards.of(pack[:15])
        core.hand_first(hand)  # worked out, so that the changes carry them
        added = pack[15 : 15 + rng.randrange(4)]
        grown = core.add(hand, added)
        removed = rng.sample(list(grown), rng.randrange(len(grown)))
        for changed in (grown, core.remove(grown, removed)):
            fresh = Cards._from_counts(changed.counts)
            assert changed == fresh and changed.size == fresh.size == sum(changed.counts)
            assert core.hand_kinds(changed) == core.kind_counts(changed.counts)
            assert core.hand_first(changed) == _fresh_first(changed.counts)
        assert grown == Cards.of([*pack[:15], *added])
        assert Counter(core.remove(grown, removed)) == Counter(grown) - Counter(removed)
        kinds = core.hand_kinds(hand)
        for kind in range(1, 16):
            card = core.first_of_kind(hand, kind)
            assert (card is None) == (kinds[kind] == 0)
            assert card is None or core.kind_of(card) == kind
