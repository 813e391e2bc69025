"""Whole-match soak: random matches of every preset from random starting totals (the minimum
bands, running totals, the next deal and the match end), every invariant checked at every step.

The invariants (tests/invariants.py): the cards conserved in every zone and the validator
silent; the menu non-empty until the match ends, free of duplicates and the same when asked
twice; listed actions accepted by ``is_legal``, ``in``, ``check`` and ``apply`` as a value, in
notation and as JSON text and mapping, all giving one state; unlisted neighbours of them judged
alike by all four; ``apply`` leaving its input unchanged; state JSON and position text round
trips; every seat's view unchanged when the cards hidden from it are dealt again; score lines
adding up to the hand's score and the totals; the match's record replaying to the same states.

CI runs a short soak. The long one (10^6 actions per preset by default, or
``CANASTA_SOAK_ACTIONS``) runs on demand: ``pytest -m slow tests/test_soak_match.py``, or
``python tools/soak.py --actions 1000000 --preset classic``.
"""

from __future__ import annotations

import os
import random

import attrs
import pytest

import canasta
from invariants import Stats, play_match, scrambled

PRESETS = canasta.variant_names()
#: Actions per preset in CI.
SHORT_ACTIONS = 60
LONG_ACTIONS = int(os.environ.get("CANASTA_SOAK_ACTIONS", "1000000"))


def soak(preset: str, actions: int, *, hands: int = 1, cap: int = 700) -> Stats:
    """Matches of ``preset`` from random starting totals until ``actions`` actions are applied
    and ``hands`` hands dealt (up to ``cap`` actions: a hand of six can take 300)."""
    total = Stats()
    seed = 0
    while total.actions < actions or (total.hands < hands and total.actions < cap):
        left = max(actions, cap if total.hands < hands else 0) - total.actions
        total.add(play_match(preset, seed, max_actions=left, sample=2))
        seed += 1
    return total


def to_the_end(preset: str) -> Stats:
    """Matches of ``preset`` from one point short of the target, until one ends (most do in
    their first hand): the match end soaked."""
    v = canasta.get_variant(preset)
    near = (v.target_score - 5,) * len(v.sides)
    total = Stats()
    for seed in range(100, 106):
        total.add(play_match(preset, seed, max_actions=200, sample=1, totals=near))
        if total.finished:
            break
    return total


@pytest.mark.parametrize("preset", PRESETS)
def test_short_match_soak(preset: str) -> None:
    stats = soak(preset, SHORT_ACTIONS, hands=2)
    assert stats.actions >= SHORT_ACTIONS
    assert stats.hands >= 2, f"{preset}: no next hand was dealt: {stats}"
    assert stats.checks > 50 * stats.actions, stats
    ending = to_the_end(preset)
    assert ending.finished == 1, f"{preset}: no match ended: {ending}"


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_long_match_soak(preset: str, request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the long soak runs on demand: pytest -m slow")
    stats = soak(preset, LONG_ACTIONS)
    assert stats.actions == LONG_ACTIONS
    print(f"{preset}: {stats}")


# ---------------------------------------------------------------------------- the checks fail
def test_the_soak_notices_a_leaking_view() -> None:
    """The scrambled state differs from the real one only in cards hidden from the seat, and
    a view that showed them would differ."""
    state = canasta.new_game("classic", seed=4)
    rng = random.Random(0)
    other = scrambled(state, 0, rng)
    assert other.hands[0] == state.hands[0]
    assert other.hands[1:] != state.hands[1:]
    assert sorted([*(c for h in other.hands for c in h), *other.stock]) == sorted(
        [*(c for h in state.hands for c in h), *state.stock]
    )
    assert canasta.observe(other, 0) == canasta.observe(state, 0)
    assert canasta.observe(other, 1) != canasta.observe(state, 1)


def test_the_soak_notices_a_lost_card() -> None:
    from invariants import assert_conserved

    state = canasta.new_game("classic", seed=4)
    assert_conserved(state)
    with pytest.raises(AssertionError, match="not conserved"):
        assert_conserved(attrs.evolve(state, stock=state.stock[1:]))
