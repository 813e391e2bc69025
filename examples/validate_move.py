"""Check moves that arrive from another app against the rules.

The position is the example of the older Wikipedia rules: a side on 1600 points needs 90 for its
initial meld (rules reference §0.1), so a 65-point meld is refused and a 95-point one accepted.
"""

import canasta


def main() -> list[str]:
    state = canasta.position(
        "classic",
        hands=["KH KS JK 5S 5H 5D AS AH 2C 9D", "", "", ""],
        totals=[1600, 0],
        current_seat=0,
        phase="play",
    )
    print("side 0 needs", state.minimum_for_side(0), "points to meld")
    moves = [
        canasta.MeldCards(0, [canasta.Meld.parse("KH KS JK")]),  # 70
        canasta.MeldCards(0, [canasta.Meld.parse("5S 5H 5D")]),  # 15
        canasta.MeldCards(0, [canasta.Meld.parse("AS AH 2C"), canasta.Meld.parse("5S 5H 5D")]),
        canasta.MeldCards(0, [canasta.Meld.parse("KH KS JK"), canasta.Meld.parse("5S 5H 5D")]),
        canasta.MeldCards(0, [canasta.Meld.parse("AS AH 2C"), canasta.Meld.parse("KH KS JK")]),
        canasta.Discard(0, "QH"),
        canasta.Draw(0),
    ]
    verdicts = []
    for move in moves:
        violation = canasta.check(state, move)
        verdict = "legal" if violation is None else f"illegal ({violation.reason.value})"
        print(f"{move!s:<32} {verdict}")
        verdicts.append(verdict)
    return verdicts


if __name__ == "__main__":
    main()
