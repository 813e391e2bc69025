"""Soak tests: thousands of random complete hands, and whole matches, without an error.

Choices are uniform among ``canasta.legal_actions(state)`` with ``random.Random(seed)``; a
failure names its seed, and :func:`play_hand` with that seed reproduces it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import canasta
from canasta import GameState, Phase

HANDS = 2_000
CHUNK = 100
LONG_HANDS = 400
MATCHES = 5
MAX_ACTIONS = 2_000
MAX_HANDS_PER_MATCH = 200

PACK = Counter(canasta.make_pack())
PACK_COUNTS = [0] * 53
for _card, _n in PACK.items():
    PACK_COUNTS[_card.id] = _n


def table_counts(state: GameState) -> list[int]:
    """Copies of each card kind (by ``Card.id``) across hands, melds, pile, stock, red threes
    and the cards out of play."""
    counts = [0] * 53
    for hand in state.hands:
        for c in hand:
            counts[c.id] += 1
    for side in state.melds:
        for meld in side:
            for c in meld.cards:
                counts[c.id] += 1
    # the cards out of play (a position built so) complete the pack
    for pile in (state.discard_pile, state.stock, *state.red_threes, state.out_of_play):
        for c in pile:
            counts[c.id] += 1
    return counts


def assert_conserved(state: GameState, where: str) -> None:
    counts = table_counts(state)
    if counts != PACK_COUNTS:
        diff = {str(c): counts[c.id] - n for c, n in PACK.items() if counts[c.id] != n}
        raise AssertionError(f"{where}: cards not conserved (found minus pack: {diff})")


def assert_score_sums(state: GameState, where: str) -> canasta.HandScore:
    score = canasta.score_hand(state)
    for side in score.sides:
        assert side.total == sum(line.points for line in side.lines), f"{where}: {side}"
    assert state.match_totals == tuple(
        t + s.total for t, s in zip(state.totals, score.sides, strict=True)
    ), where
    return score


def play_hand(state: GameState, rng: random.Random, where: str) -> GameState:
    """Play the hand of ``state`` to its end with random listed actions."""
    for _ in range(MAX_ACTIONS):
        if state.is_hand_over:
            return state
        menu = canasta.legal_actions(state)
        assert len(menu) > 0, f"{where}: empty menu in phase {state.phase}"
        action = menu[rng.randrange(len(menu))]
        try:
            state = canasta.apply(state, action)
        except canasta.IllegalActionError as exc:
            raise AssertionError(f"{where}: listed action {action!r} refused: {exc}") from exc
    raise AssertionError(f"{where}: the hand did not end within {MAX_ACTIONS} actions")


def goes_out(action: canasta.Action, hand_size: int) -> bool:
    """Whether a listed action would go out (leave the player at most one card to discard)."""
    if isinstance(action, canasta.MeldCards):
        return hand_size - sum(len(m.cards) for m in action.melds) <= 1
    if isinstance(action, canasta.Discard):
        return hand_size == 1
    return isinstance(action, canasta.AskPartner)


def check_end_of_stock(state: GameState, menu: canasta.LegalActions, where: str) -> None:
    """Once the stock is exhausted: DeclinePile and Draw are legal iff listed, every listed
    action is legal, and the pile must be taken (no DeclinePile) when it can be laid off."""
    listed = list(menu)
    for seat in range(4):
        for action in (canasta.Draw(seat), canasta.DeclinePile(seat)):
            legal = canasta.is_legal(state, action)
            assert legal == (action in listed), f"{where}: {action!r} legal {legal}"
    for item in listed:
        assert canasta.is_legal(state, item), f"{where}: listed {item!r} refused"
    to_act = state.current_seat
    if to_act is not None and state.phase is Phase.DRAW:
        assert not any(isinstance(a, canasta.Draw) for a in listed), where
        if canasta.is_legal(state, canasta.TakePile(to_act)):  # lays the top card off
            assert canasta.DeclinePile(to_act) not in listed, f"{where}: the take is forced"


def classic_minimum(total: int) -> int:
    """The classic initial-meld minimum by a side's total before the deal (RULES.md §1)."""
    if total < 0:
        return 15
    if total < 1500:
        return 50
    if total < 3000:
        return 90
    return 120


@pytest.mark.parametrize("first", range(0, HANDS, CHUNK), ids=lambda f: f"seeds{f}-{f + CHUNK - 1}")
def test_random_hands(first: int) -> None:
    for seed in range(first, first + CHUNK):
        where = f"seed {seed}"
        state = canasta.new_game("classic", seed=seed)
        assert_conserved(state, f"{where} (deal)")
        state = play_hand(state, random.Random(seed), where)
        assert state.phase is Phase.HAND_OVER and state.current_seat is None
        assert state.end is not None
        assert_conserved(state, where)
        assert_score_sums(state, where)


@pytest.mark.parametrize(
    "first", range(0, LONG_HANDS, CHUNK), ids=lambda f: f"seeds{f}-{f + CHUNK - 1}"
)
def test_long_random_hands(first: int) -> None:
    """Random hands in which nobody goes out while anything else is listed, so the stock runs
    out: the end-of-stock rules (declining the pile, the forced take) are checked there."""
    for seed in range(first, first + CHUNK):
        where = f"long hand, seed {seed}"
        rng = random.Random(seed)
        state = canasta.new_game("classic", seed=seed)
        for n in range(MAX_ACTIONS):
            if state.is_hand_over:
                break
            menu = canasta.legal_actions(state)
            if not state.stock:
                check_end_of_stock(state, menu, f"{where}, action {n}")
            size = len(state.hands[state.turn.seat])
            stay = [a for a in menu if not goes_out(a, size)] or list(menu)
            state = canasta.apply(state, stay[rng.randrange(len(stay))])
        assert state.is_hand_over, f"{where}: the hand did not end within {MAX_ACTIONS} actions"
        assert_conserved(state, where)
        assert_score_sums(state, where)


@pytest.mark.parametrize("seed", range(MATCHES))
def test_random_match(seed: int) -> None:
    rng = random.Random(seed)
    state = canasta.new_game("classic", seed=seed)
    totals = state.totals
    assert totals == (0, 0)
    for hand in range(1, MAX_HANDS_PER_MATCH + 1):
        where = f"match {seed}, hand {hand}"
        assert state.hand_number == hand
        assert state.totals == totals, f"{where}: totals {state.totals}, expected {totals}"
        for side in range(len(totals)):
            minimum = state.minimum_for_side(side)
            assert minimum == state.variant.minimum_for(state.totals[side]), where
            assert minimum == classic_minimum(state.totals[side]), where
        assert_conserved(state, f"{where} (deal)")
        state = play_hand(state, rng, where)
        assert_conserved(state, where)
        score = assert_score_sums(state, where)
        totals = tuple(t + s for t, s in zip(totals, score.totals, strict=True))
        assert state.match_totals == totals, where
        if state.is_match_over:
            assert max(totals) >= state.variant.target_score, where
            assert state.winners and all(totals[w] == max(totals) for w in state.winners)
            assert not canasta.legal_actions(state), where
            assert not canasta.is_legal(state, canasta.DealNextHand()), where
            return
        assert max(totals) < state.variant.target_score or (totals.count(max(totals)) > 1), (
            f"{where}: a side reached the target alone, yet the match goes on: {totals}"
        )
        assert list(canasta.legal_actions(state)) == [canasta.DealNextHand()], where
        state = canasta.apply(state, canasta.DealNextHand())
    pytest.fail(f"match {seed} did not end within {MAX_HANDS_PER_MATCH} hands: {totals}")
