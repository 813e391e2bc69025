"""Print one digest of everything the engine says over random hands of every preset: each menu,
each check of a set of foreign and illegal actions (reason and message), each end position and
hand score. tests/test_compiled.py runs it on the Python source and on the compiled build and
compares the digests: both builds must say exactly the same."""

from __future__ import annotations

import hashlib
import random
import sys

import canasta

FOREIGN: list[object] = [
    "draw",
    "take",
    "discard 9D",
    "discard JK",
    "meld KS KH KD",
    "meld 7S 7H 2C",
    "ask",
    "answer yes",
    "decline",
    "end",
    '{"type": "draw", "seat": 0}',
    {"type": "discard", "seat": 1, "card": "QS"},
    {"type": "nonsense"},
    42,
    None,
    "",
]


def digest(hands: int) -> str:
    h = hashlib.sha256()
    for name in canasta.variant_names():
        rng = random.Random(name)
        for number in range(hands):
            state = canasta.new_game(name, seed=number)
            while not state.is_hand_over:
                menu = list(canasta.legal_actions(state))
                h.update(repr(menu).encode())
                for action in rng.sample(FOREIGN, 3):
                    h.update(repr(canasta.check(state, action)).encode())
                state = canasta.apply(state, menu[rng.randrange(len(menu))])
            h.update(canasta.format_position(state).encode())
            h.update(repr(canasta.score_hand(state)).encode())
    return h.hexdigest()


if __name__ == "__main__":
    print(digest(int(sys.argv[1]) if len(sys.argv) > 1 else 3), canasta.COMPILED)
