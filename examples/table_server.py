"""A table server: moves arrive as text from the seats' clients, are checked for their sender,
applied with their events, and each seat is told what it may see of them.

Run: ``python examples/table_server.py``. The clients here are bots that see only their own
view; one of them also sends a move out of turn now and then, which the server refuses.
"""

from __future__ import annotations

import random

import canasta
from canasta import events_for, observe, step
from canasta.bots import RandomPlayer


def main(seed: int = 5) -> dict[str, int]:
    """Play one hand; return how many moves were applied and refused, and how many events
    each seat was sent."""
    state = canasta.new_game("classic", seed=seed)
    bots = [RandomPlayer(seed + seat) for seat in range(4)]
    rng = random.Random(seed)
    told = dict.fromkeys(range(4), 0)
    applied = refused = 0
    while not state.is_hand_over:
        seat = state.current_seat
        assert seat is not None
        sender = seat
        if rng.random() < 0.05:  # a client that does not wait for its turn
            sender = (seat + 1) % 4
        move = str(bots[sender].choose(observe(state, sender)) if sender == seat else "draw")
        verdict = canasta.check(state, move, seat=sender)  # judged for the seat that sent it
        if verdict is not None:
            refused += 1
            print(f"seat {sender}: {move!r} refused: {verdict.reason}")
            continue
        state, events = step(state, move, seat=sender)
        applied += 1
        for viewer in range(4):  # each seat sees counts, not cards, of what others draw
            mine = events_for(events, viewer)
            told[viewer] += len(mine)
            if viewer == 0:
                for event in mine:
                    print(f"to seat 0: {event}")
    print(f"applied {applied}, refused {refused}; hand over: {state.end}")
    return {"applied": applied, "refused": refused, **{f"told {s}": n for s, n in told.items()}}


if __name__ == "__main__":
    main()
