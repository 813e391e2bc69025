"""Play one Classic hand with random legal actions and print its itemised score sheet."""

import random

import canasta


def main(seed: int = 7) -> canasta.HandScore:
    rng = random.Random(seed)
    state = canasta.new_game("classic", seed=seed)
    while not state.is_hand_over:
        actions = canasta.legal_actions(state)
        state = canasta.apply(state, actions[rng.randrange(len(actions))])
    score = canasta.score_hand(state)
    print(f"hand ended: {state.end.reason.value} (seat {state.end.seat})")
    print(score)
    return score


if __name__ == "__main__":
    main()
