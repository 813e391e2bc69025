"""canasta.position() with garbage in each argument: only CanastaError may escape.

Also TakePile with odd melds in a position. Run: python qa/break_position.py
"""

from __future__ import annotations

import traceback

import canasta
from canasta import Meld, TakePile

base = dict(hands=["AS KS AD 9D", "", "", ""], discard_pile="4C AH", current_seat=0, phase="draw")
junk = [None, 5, -1, 10**40, "", "x", "ZZ", [], [[]], [None], {"a": 1}, ["", "", ""], True, 1.5,
        ["AS"] * 10, object(), "draw", "hand_over", "answer", "JK " * 200, b"AS"]
fields = ["variant", "hands", "melds", "discard_pile", "stock", "red_threes", "totals", "dealer",
          "current_seat", "phase", "drew", "has_melded", "hand_number", "seed", "lone_hand"]
bad = 0
accepted = []
for f in fields:
    for j in junk:
        kw = dict(base)
        if f == "variant":
            args = (j,)
        else:
            args = ("classic",)
            kw[f] = j
        try:
            st = canasta.position(*args, **kw)
        except canasta.CanastaError:
            continue
        except Exception as exc:
            bad += 1
            print(f"position({f}={j!r:.30}): {type(exc).__name__}: {exc}")
            print("   ", traceback.format_exc(limit=-1).strip().splitlines()[-3].strip())
            continue
        accepted.append((f, j))
        try:
            list(canasta.legal_actions(st))
            canasta.format_position(st)
            canasta.from_json(canasta.to_json(st))
        except Exception as exc:
            bad += 1
            print(f"accepted position({f}={j!r:.30}) then {type(exc).__name__}: {exc}")
print("accepted:", [(f, repr(j)[:20]) for f, j in accepted])

st = canasta.position("classic", **base)
m = Meld(canasta.Rank.ACE, ["AS", "KS", "AD"])
for a in [TakePile(0, ["AS"], [m]), TakePile(0, ["AS", "AD"], [m]), TakePile(0, [], [m]),
          TakePile(0, ["AS", "AD", "AD", "AD"]), TakePile(0, ["JK", "JK"])]:
    try:
        print(a, "->", canasta.check(st, a))
    except Exception as exc:
        bad += 1
        print(a, "RAISED", type(exc).__name__, exc)
print(bad, "problems")
