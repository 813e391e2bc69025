"""A house rule that data cannot say, plugged in by a hook: the initial-meld minimum by round
(50, 90, 120, 150 in hands 1-4, as Hand and Foot counts it) on top of the Classic rules.

Run: python examples/house_rules_by_hook.py
"""

from __future__ import annotations

import random

import canasta
from canasta import MeldCards, TableRules, register_hook

ROUND_MINIMUMS = (50, 90, 120, 150)


def minimum_by_round(variant: canasta.Variant, side_total: int, hand_number: int) -> int:
    """The opening hook: ``(variant, side_total, hand_number) -> points``."""
    return ROUND_MINIMUMS[min(hand_number, len(ROUND_MINIMUMS)) - 1]


def main() -> list[int]:
    register_hook("opening", "by_round", minimum_by_round)
    rounds = canasta.get_variant("classic").derive(
        name="classic-by-round", table_rules=TableRules(opening="by_round")
    )
    print(canasta.to_json(rounds))  # the hook is named, so the variant stays JSON
    needs = [rounds.minimum_for(0, hand_number=hand) for hand in (1, 3)]
    print("minimum in hand 1:", needs[0], "- in hand 3:", needs[1])

    # Play a hand with random legal moves: every initial meld listed meets the round's minimum.
    rng = random.Random(7)
    state = canasta.new_game(rounds, seed=7)
    while not state.is_hand_over:
        action = rng.choice(list(canasta.legal_actions(state)))
        side = state.hand_side(state.turn.seat)
        if isinstance(action, MeldCards) and not state.melds[side]:
            points = sum(rounds.card_value(c) for m in action.melds for c in m.cards)
            assert points >= rounds.minimum_for(0, hand_number=state.hand_number)
        state = canasta.apply(state, action)
    print("hand over:", state.end.reason.value if state.end else None)
    return needs


if __name__ == "__main__":
    main()
