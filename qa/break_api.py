"""Adversarial inputs to apply/check/legal_actions/is_legal and the parsers.

Every refusal must be a documented CanastaError with a reason; anything else is printed.
Run: python qa/break_api.py
"""

from __future__ import annotations

import json
import traceback

import canasta
from canasta import Card, Meld

BAD: list[str] = []


def expect(label, fn, allowed=(canasta.CanastaError,), need_reason=False):
    try:
        out = fn()
    except allowed as exc:
        if need_reason and not hasattr(exc, "reason"):
            BAD.append(f"{label}: {type(exc).__name__} without reason: {exc}")
        return ("raised", type(exc).__name__, getattr(exc, "reason", None))
    except RecursionError as exc:
        BAD.append(f"{label}: RecursionError {exc}")
    except Exception as exc:
        BAD.append(f"{label}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
        return ("bad", type(exc).__name__, None)
    return ("ok", out, None)


s0 = canasta.new_game("classic", seed=7)
s1 = canasta.apply(s0, canasta.Draw(0))
hand = list(s1.hands[0])
print("hand", s1.hands[0])


def mk(f):
    return lambda: f()


# wrong things as state
for st in [None, 1, "x", {}, s0.variant, canasta.observe(s0, 0)]:
    for name, f in [
        ("apply", lambda st=st: canasta.apply(st, canasta.Draw(0))),
        ("check", lambda st=st: canasta.check(st, canasta.Draw(0))),
        ("legal", lambda st=st: canasta.legal_actions(st)),
        ("is_legal", lambda st=st: canasta.is_legal(st, canasta.Draw(0))),
        ("observe", lambda st=st: canasta.observe(st, 0)),
        ("score_hand", lambda st=st: canasta.score_hand(st)),
        ("format_position", lambda st=st: canasta.format_position(st)),
        ("to_json", lambda st=st: canasta.to_json(st)),
    ]:
        r = expect(f"{name}(state={type(st).__name__})", f)
        if name in ("apply", "check", "legal", "score_hand") and r[0] == "raised" and r[1] not in (
            "StateError",
        ):
            print(f"  note {name}(state={type(st).__name__}) raised {r[1]}")

# wrong things as actions
weird_actions = [
    None, 1, "draw", "", "   ", "discard", "discard QH", "meld", "meld 3S 3S 3C",
    "meld JK JK JK", {"type": "draw"}, {"type": "draw", "seat": 0},
    {"format_version": 1, "type": "draw", "seat": 0},
    {"format_version": 1, "type": "draw", "seat": 10**30},
    {"format_version": 1, "type": "draw", "seat": -1},
    {"format_version": 1, "type": "draw", "seat": "0"},
    {"format_version": 1, "type": "draw", "seat": True},
    {"format_version": 1, "type": "draw", "seat": 0.0},
    {"format_version": 1, "type": "discard", "seat": 0, "card": 5},
    {"format_version": 1, "type": "discard", "seat": 0, "card": None},
    {"format_version": 1, "type": "discard", "seat": 0},
    {"format_version": 1, "type": "meld", "seat": 0, "melds": "x"},
    {"format_version": 1, "type": "meld", "seat": 0, "melds": [["AS"]]},
    {"format_version": 1, "type": "meld", "seat": 0, "melds": [{"cards": 5}]},
    {"format_version": 1, "type": "meld", "seat": 0, "melds": [[1, 2, 3]]},
    {"format_version": 1, "type": "take", "seat": 0, "cards": "AS"},
    {"format_version": 1, "type": "variant", "preset": "classic"},
    {"format_version": 1, "type": "state"},
    {"format_version": 2, "type": "draw", "seat": 0},
    {"format_version": "1", "type": "draw", "seat": 0},
    {1: 2}, {"type": None}, {"type": []}, {"type": {}},
    '{"format_version": 1, "type": "draw", "seat": 0',
    "{" * 10000, "[" * 10000, '{"a":' * 100000,
    "x" * 10**6, "meld " + "AS " * 100000, "discard Q\u0000H", "discard 🂡", "discard QH\u200b",
    "discard ＱＨ", "take " + "+ " * 1000, "discard 10H", "discard T♥",
    b"draw", object(), canasta.Draw, canasta.DealNextHand(), [canasta.Draw(0)],
]
for a in weird_actions:
    for st in (s0, s1):
        label = f"{str(a)[:40]!r} in {st.phase}"
        expect("apply " + label, lambda a=a, st=st: canasta.apply(st, a), need_reason=True)
        r = expect("check " + label, lambda a=a, st=st: canasta.check(st, a))
        if r[0] == "raised":
            BAD.append(f"check raised {r[1]} for {label}")
        r = expect("is_legal " + label, lambda a=a, st=st: canasta.is_legal(st, a))
        if r[0] == "raised":
            BAD.append(f"is_legal raised {r[1]} for {label}")
        if isinstance(a, str):
            expect("parse_action " + label, lambda a=a, st=st: canasta.parse_action(st, a))
            for seat in (0, -1, 10**30, "x", None):
                expect(f"parse_action_text seat={seat!r} {label}",
                       lambda a=a, seat=seat: canasta.parse_action_text(a, seat=seat))

# action constructors with wrong types
ctor_cases = [
    lambda: canasta.Draw(None), lambda: canasta.Draw(-1), lambda: canasta.Draw(10**100),
    lambda: canasta.Draw("0"), lambda: canasta.Draw(1.5), lambda: canasta.Draw(True),
    lambda: canasta.Discard(0, None), lambda: canasta.Discard(0, "ZZ"),
    lambda: canasta.Discard(0, 5),
    lambda: canasta.Discard(0, ["QH"]), lambda: canasta.MeldCards(0, None),
    lambda: canasta.MeldCards(0, []), lambda: canasta.MeldCards(0, ["AS AD AC"]),
    lambda: canasta.MeldCards(0, [["AS", "AD", "AC"]]), lambda: canasta.MeldCards(0, "AS AD AC"),
    lambda: canasta.TakePile(0, 5), lambda: canasta.TakePile(0, ["ZZ"]),
    lambda: canasta.AnswerPartner(0, "yes"), lambda: canasta.AnswerPartner(0, 1),
    lambda: canasta.DealNextHand(deck="garbage"), lambda: canasta.DealNextHand(deck=5),
    lambda: Meld.parse("JK JK JK"), lambda: Meld.parse("3S 3S 3C"), lambda: Meld.parse("3H 3H 3D"),
    lambda: Meld.parse(""), lambda: Meld.parse("AS KS"), lambda: Meld.parse("2C 2D 2H"),
    lambda: Meld.parse("AS"), lambda: Meld.parse(None), lambda: Meld.parse(5),
    lambda: Meld(None, None), lambda: Meld(canasta.Rank.ACE, ["AS", "KS"]),
    lambda: Card.parse(""), lambda: Card.parse("JK1"), lambda: Card.parse(None),
    lambda: canasta.Cards.parse("AS " * 5 + "ZZ"),
]
for i, f in enumerate(ctor_cases):
    r = expect(f"ctor case {i}", f)
    print("ctor", i, r[0], r[1] if r[0] != "ok" else repr(r[1])[:80])

# melds of threes, jokers only, cards not in hand in play phase
for text in ["meld 3S 3S 3C", "meld JK JK JK", "meld 2C 2D JK", "meld AS AD AC AH AS AD AC AH",
             "meld +A JK", "meld +3 3S", "take", "discard JK", "discard 3H", "ask", "yes", "no",
             "decline", "end", "deal"]:
    r = expect("check text " + text, lambda t=text: canasta.check(s1, t))
    print("check", repr(text), "->", r[1] if r[0] == "ok" else r)

# actions built for a different variant / seat
six = canasta.new_game("six-player", seed=1)
for a in canasta.legal_actions(six):
    expect("six action in classic", lambda a=a: canasta.apply(s0, a), need_reason=True)
expect("seat 5 in classic", lambda: canasta.apply(s0, canasta.Draw(5)), need_reason=True)

# bypassing converters
import attrs  # noqa: E402

d = canasta.Draw(0)
object.__setattr__(d, "seat", "0")
expect("Draw with str seat via setattr", lambda: canasta.apply(s0, d), need_reason=True)
d2 = canasta.Discard(0, "4D")
object.__setattr__(d2, "card", "4D")
expect("Discard with str card via setattr", lambda: canasta.apply(s1, d2), need_reason=True)
d3 = object.__new__(canasta.Draw)
expect("Draw without fields", lambda: canasta.apply(s0, d3), need_reason=True)
expect("check Draw without fields", lambda: canasta.check(s0, d3))
expect("evolve Draw", lambda: canasta.apply(s0, attrs.evolve(canasta.Draw(0), seat=1)),
       need_reason=True)


class MyDraw(canasta.Draw):
    pass


expect("subclass", lambda: canasta.apply(s0, MyDraw(0)), need_reason=True)

# parsers
garbage = ["", " ", "\n", "\x00", "a" * 100000, "🂡🂡", "classic", "classic/" * 1000,
           '{"format_version":1}', "{}", "[]", "null", "1e999", '"x"', "\ud800",
           json.dumps({"format_version": 1, "type": "state"}),
           json.dumps({"format_version": 1, "type": "view"}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "nope"}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": {"players": 10**9}}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": {"hand_size": "x"}}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": {"sides": [[0, 0], [1, 2]]}}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": {"decks": 0}}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": {"points": None}}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": {"minimum_bands": [[1, 2, 3]]}}),
           json.dumps({"format_version": 1, "type": "variant", "preset": "classic",
                       "changes": []}),
           ]
pos_text = canasta.format_position(s1)
state_json = canasta.to_json(s1)
_st = canasta.new_game("classic", seed=3)
_actions = []
while not _st.is_hand_over:
    _a = canasta.legal_actions(_st)[0]
    _actions.append(_a)
    _st = canasta.apply(_st, _a)
rec = canasta.GameRecord(variant=_st.variant, seed=3, actions=_actions)
rec_json = rec.to_json()
rec_text = rec.dumps()
for base in [pos_text, state_json, rec_json, rec_text]:
    for cut in (1, 7, len(base) // 3, len(base) // 2, len(base) - 1):
        garbage.append(base[:cut])
    garbage.append(base.replace("classic", "clásico"))
    garbage.append(base.replace("1", "9", 3))
    garbage.append(base.replace("0", "-1", 2))
    garbage.append(base.replace(" ", "  "))
    garbage.append(base * 2)
for g in garbage:
    expect(f"parse_position {g[:30]!r}", lambda g=g: canasta.parse_position(g))
    expect(f"from_json {g[:30]!r}", lambda g=g: canasta.from_json(g))
    expect(f"GameRecord.loads {g[:30]!r}", lambda g=g: canasta.GameRecord.loads(g))
    try:
        obj = json.loads(g)
    except Exception:
        obj = None
    if obj is not None:
        expect(f"from_dict {g[:30]!r}", lambda obj=obj: canasta.from_dict(obj))
for bad in [None, 5, b"x", [1], {"a": 1}]:
    expect(f"parse_position({bad!r})", lambda bad=bad: canasta.parse_position(bad))
    expect(f"from_json({bad!r})", lambda bad=bad: canasta.from_json(bad))
    expect(f"GameRecord.loads({bad!r})", lambda bad=bad: canasta.GameRecord.loads(bad))
    expect(f"from_dict({bad!r})", lambda bad=bad: canasta.from_dict(bad))

# json state mutations: every field replaced with odd values
d = json.loads(state_json)


def walk(o, path=()):
    if isinstance(o, dict):
        for k, v in o.items():
            yield path + (k,), v
            yield from walk(v, path + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield path + (i,), v
            yield from walk(v, path + (i,))


import copy  # noqa: E402

paths = [p for p, _ in walk(d)]
n_ok = 0
for p in paths:
    for repl in (None, -1, 10**20, "x", [], {}, True, 1.5, "JK"):
        dd = copy.deepcopy(d)
        o = dd
        for k in p[:-1]:
            o = o[k]
        o[p[-1]] = repl
        r = expect(f"from_dict mutated {p}={repl!r}", lambda dd=dd: canasta.from_dict(dd))
        if r[0] == "ok":
            n_ok += 1
            st = r[1]
            if isinstance(st, canasta.GameState):
                expect(f"legal of mutated {p}={repl!r}",
                       lambda st=st: list(canasta.legal_actions(st)))
                expect(f"format_position of mutated {p}={repl!r}",
                       lambda st=st: canasta.format_position(st))
print("mutated states accepted:", n_ok, "of", len(paths) * 9)

print()
print(len(BAD), "problems")
seen = set()
for b in BAD:
    key = b.split(":")[0][:40] + b.split("\n")[0][-80:]
    first = b.split("\n")[0]
    if first in seen:
        continue
    seen.add(first)
    print("-", b[:1500])
