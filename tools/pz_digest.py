"""A digest of everything the PettingZoo environment returns, to check that a change to it
(for speed, say) leaves what it returns exactly as it was::

    python tools/pz_digest.py                 # 30 episodes per preset
    python tools/pz_digest.py --episodes 5 --preset classic

For every preset, ``--episodes`` episodes of :func:`canasta.pettingzoo.env` are played by a
seeded random policy choosing among the mask's legal indices, and every value the environment
returns is hashed: the acting agent's ``last()`` (observation bytes, mask bytes, reward,
termination, truncation, info) at every step, another agent's ``observe()`` now and then, the
``rewards`` / ``terminations`` / ``truncations`` dicts and ``agents`` after every step. Episodes
alternate between a seeded ``reset(seed=)`` and a ``reset()`` from the environment's own
generator; one in five plays match rewards over a whole match, and one in ten ends with an
illegal index. One SHA-256 line per preset and one for all go to standard output.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import Any

import numpy as np

import canasta
from canasta.pettingzoo import env


def _feed(h: Any, *values: object) -> None:
    for value in values:
        if isinstance(value, np.ndarray):
            h.update(f"{value.dtype}{value.shape}".encode())
            h.update(value.tobytes())
        else:
            h.update(repr(value).encode())
        h.update(b"|")


def digest(preset: str, episodes: int) -> str:
    h = hashlib.sha256()
    rng = random.Random(f"digest {preset}")
    score_env = env(preset)
    match_env = env(preset, reward="match")
    for k in range(episodes):
        e = match_env if k % 5 == 4 else score_env
        if k % 2 == 0 or k == 1:
            e.reset(seed=1000 + k)
        else:
            e.reset()
        illegal = k % 10 == 7
        for step, agent in enumerate(e.agent_iter(3000)):
            obs, reward, terminated, truncated, info = e.last()
            _feed(h, agent, obs["observation"], obs["action_mask"], reward, terminated)
            _feed(h, truncated, sorted(info.items()))
            if rng.random() < 0.2:
                other = rng.choice(e.agents)
                o = e.observe(other)
                _feed(h, other, o["observation"], o["action_mask"])
            if terminated or truncated:
                action = None
            elif illegal and step > 40:
                action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
            e.step(action)
            _feed(h, action, e.agents, sorted(e.rewards.items()))
            _feed(h, sorted(e.terminations.items()), sorted(e.truncations.items()))
    return h.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--preset", default="all")
    args = parser.parse_args()
    presets = canasta.variant_names() if args.preset == "all" else (args.preset,)
    whole = hashlib.sha256()
    for preset in presets:
        d = digest(preset, args.episodes)
        whole.update(d.encode())
        print(f"{preset:<16} {d}")
    print(f"{'all':<16} {whole.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
