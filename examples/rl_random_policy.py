"""A masked random policy over the fixed action encoding, with each seat's observation tensor.

Core install only: canasta.encoding gives a fixed action space and the legal mask,
canasta.tensors the observation of the seat to act (its view plus the hand's public memory).
An agent would map the observation to scores over the actions and pick the best legal one; a
random policy picks any legal one.
"""

import random

import canasta
from canasta import tensors
from canasta.encoding import ActionEncoding, TurnState
from canasta.events import events_between


def main(seed: int = 3) -> list[int]:
    rng = random.Random(seed)
    enc = ActionEncoding("classic")
    ts = TurnState(canasta.new_game("classic", seed=seed))
    memory = tensors.Memory.empty(4).after(canasta.deal_events(ts.state))
    steps = 0
    while not ts.state.is_hand_over:
        seat = ts.current_seat
        observation = tensors.observation_tensor(ts.state, seat, memory)  # 398 floats
        mask = enc.mask(ts)  # 1096 ints, 1 where legal
        assert len(observation) == tensors.observation_size("classic")
        index = rng.choice([i for i, legal in enumerate(mask) if legal])
        action = enc.decode(ts, index)  # None while a compound action is being spelled
        before = ts.state
        ts = enc.step(ts, index)
        if action is not None:  # the engine moved: remember its public events
            memory = memory.after(events_between(before, action, ts.state))
        steps += 1
    score = canasta.score_hand(ts.state)
    points = [side.total for side in score.sides]
    print(
        f"{steps} steps of {enc.num_actions} possible actions; the hand ended:",
        ts.state.end.reason.value,
    )
    print("points by side:", points, "known cards left in hands:", [sum(k) for k in memory.known])
    return points


if __name__ == "__main__":
    main()
