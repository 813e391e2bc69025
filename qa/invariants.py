"""Random matches of every preset, to the end of the match, checking invariants at every step.

- every card accounted for: hands + stock + pile + melds + red threes == the pack
- every listed legal action is accepted by apply (and by check / is_legal / `in`)
- to_json / from_json round trip of the state (equal, same legal actions); format/parse_position
- observe(state, seat) shows only the viewer's hand, and its JSON has no other hand's cards

Run: python qa/invariants.py [matches per preset] [seed]
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import canasta


def pack_of(state: canasta.GameState) -> Counter:
    return Counter(canasta.make_pack(state.variant.decks, state.variant.jokers))


def cards_of(state: canasta.GameState) -> Counter:
    c: Counter = Counter()
    for h in state.hands:
        c.update(h)
    c.update(state.stock)
    c.update(state.discard_pile)
    for side in state.melds:
        for m in side:
            c.update(m.cards)
    for reds in state.red_threes:
        c.update(reds)
    return c


def check_state(state, problems, where, rng, deep):
    pack = pack_of(state)
    got = cards_of(state)
    if got != pack:
        problems.append(f"{where}: cards {sorted((got - pack).items())} extra, "
                        f"{sorted((pack - got).items())} missing")
    if deep:
        text = canasta.to_json(state)
        back = canasta.from_json(text)
        if back != state:
            problems.append(f"{where}: to_json/from_json round trip differs")
        elif list(canasta.legal_actions(back)) != list(canasta.legal_actions(state)):
            problems.append(f"{where}: round-tripped state lists other actions")
        try:
            pos = canasta.format_position(state)
            back2 = canasta.parse_position(pos)
            if canasta.format_position(back2) != pos:
                problems.append(f"{where}: format/parse_position round trip differs")
        except canasta.CanastaError as exc:
            problems.append(f"{where}: position notation: {type(exc).__name__}: {exc}")
        for seat in range(state.variant.players):
            view = canasta.observe(state, seat)
            if view.hand != state.hands[seat]:
                problems.append(f"{where}: view of {seat} has another hand")
            vd = canasta.to_dict(view)
            flat = repr(vd)
            if "stock" in vd and isinstance(vd["stock"], list):
                problems.append(f"{where}: view JSON lists the stock")
            for other in range(state.variant.players):
                if other != seat and "hands" in vd:
                    problems.append(f"{where}: view JSON has 'hands'")
            if view.hand_sizes != tuple(h.size for h in state.hands):
                problems.append(f"{where}: hand sizes differ in the view")
            vback = canasta.from_json(canasta.to_json(view))
            if vback != view:
                problems.append(f"{where}: view JSON round trip differs")
            del flat
    actions = canasta.legal_actions(state)
    listed = list(actions)
    if len(listed) != len(actions):
        problems.append(f"{where}: len(legal_actions) {len(actions)} != listed {len(listed)}")
    if len(set(map(str, listed))) != len(listed):
        problems.append(f"{where}: duplicate listed actions")
    sample = listed if deep else rng.sample(listed, min(3, len(listed)))
    for a in sample:
        try:
            canasta.apply(state, a)
        except Exception as exc:
            problems.append(f"{where}: listed {a} refused: {type(exc).__name__}: {exc}")
        if canasta.check(state, a) is not None or not canasta.is_legal(state, a):
            problems.append(f"{where}: listed {a} fails check/is_legal")
        if a not in actions:
            problems.append(f"{where}: listed {a} not `in` the menu")
        if not isinstance(a, canasta.DealNextHand):
            # its notation and JSON check the same
            if canasta.check(state, str(a)) is not None:
                problems.append(f"{where}: notation of {a} fails check: "
                                f"{canasta.check(state, str(a))}")
            if canasta.check(state, canasta.to_json(a)) is not None:
                problems.append(f"{where}: JSON of {a} fails check")
    return listed


def play_match(name, seed, problems, max_steps=20000):
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    steps = 0
    hands = 1
    while True:
        deep = rng.random() < 0.05 or state.is_hand_over
        listed = check_state(state, problems, f"{name} seed {seed} hand {hands} step {steps}",
                             rng, deep)
        if not listed:
            break
        if state.is_hand_over:
            canasta.score_hand(state)
            hands += 1
        state = canasta.apply(state, rng.choice(listed))
        steps += 1
        if steps > max_steps:
            problems.append(f"{name} seed {seed}: no end after {max_steps} actions")
            break
    if not state.is_match_over:
        problems.append(f"{name} seed {seed}: menu empty but the match is not over")
    return hands, steps


def main() -> int:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    problems: list[str] = []
    for name in canasta.variant_names():
        for seed in range(seed0, seed0 + matches):
            hands, steps = play_match(name, seed, problems)
            print(f"{name:15} seed {seed}: {hands} hands, {steps} actions", flush=True)
    print(len(problems), "problems")
    for p in problems[:60]:
        print("-", p)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
