"""A PettingZoo loop over canasta.pettingzoo.env(): each agent picks a random legal action.

Needs the rl extra (pip install "canasta[rl]"); without it the script says so and stops.
"""

import random
import sys

try:
    import numpy as np

    from canasta import pettingzoo as canasta_env
except ImportError:
    print("skipped: PettingZoo is not installed (pip install 'canasta[rl]')")
    sys.exit(0)


def main(seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    env = canasta_env.env("two-player")
    env.reset(seed=seed)
    totals = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        env.step(action)
    env.close()
    print("rewards (the hand's score difference, points):", totals)
    return totals


if __name__ == "__main__":
    main()
