"""The menu of a big hand, counted (not listed) by the rule searches of ``canasta._plans``, is
the menu the plain search lists (docs/testing.rst, "Mutation testing").

A hand of more than ``SEARCH_AT_MOST`` (20) cards has its initial melds and pile takes counted
and unranked (``Compounds``), and long runs of going outs counted (``FullMelds``): the menu is
then a ``LazyMenu``. Here the same positions are also searched the plain way (the search bound
and the listing bound raised), and the two menus must hold the same actions, none twice; and a
counted menu must give, index by index, what its iteration gives (§1 "Initial-meld minimum",
"Taking the pile"; §2 cases 12, 23, 28, 29; §4 A7).
"""

from __future__ import annotations

import pytest

import canasta
from canasta import Draw, GameState, position
from canasta import _menu as menu
from canasta import _rules as rules
from rules_helpers import empty_stock_position

BIG = {
    "26 cards": "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH QS QH KS KH AS AH JK 2C 2D 2H",
    "25 cards": "4S 4H 4D 5S 5H 5D 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH QS QH KS KH JK JK 2C",
    "23 cards": "8S 8H 8D 9S 9H 9D TS TH TD JS JH JD QS QH QD KS KH KD AS AH AD JK 2C",
    "24 cards": "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH QS QH KS KH AS AH JK 2C",
}


def _positions() -> dict[str, GameState]:
    out = {}
    for name, hand in BIG.items():
        for total in (0, 1500, 3000):  # minimum 50, 90, 120 (§2 case 16)
            kw = {"hands": [hand, "4C", "4D", "6C"], "totals": [total, 0]}
            out[f"meld, {name}, total {total}"] = position(
                "classic", phase="play", discard_pile="QC", **kw
            )
            out[f"take, {name}, total {total}"] = position("classic", discard_pile="QC", **kw)
    # no minimum: single melds listed, and the going outs of a stock draw counted (§2 case 29)
    free = canasta.get_variant("classic").derive(minimum_bands=((None, 0),))
    out["no minimum, going outs"] = position(
        free,
        phase="play",
        hands=["KS KS KH KH KD KD KC JK JK 2C 2D 5S 5H 5D 9C 9D 9H QS QH QD", "4S", "4H", "6C"],
        discard_pile="QC",
    )
    # §4 A7 (may meld): the drawer of a last stock card that is a red three melds, then ends
    # his turn without a discard; his counted openings and going outs come before that end
    last = canasta.get_variant("classic").derive(last_card_red_three="may_meld")
    before = empty_stock_position(
        variant=last,
        hands=[BIG["26 cards"], "", "", ""],
        discard_pile="7C",
        stock="3H",
        rest_seat=1,
        totals=[3000, 0],
    )
    out["last red three, 26 cards, total 3000"] = canasta.apply(before, Draw(0))
    # §2 case 28 (Brazilian, asking compulsory): no going out is listed without asking, so the
    # counted openings come alone
    ask = canasta.get_variant("classic").derive(ask_partner="compulsory")
    out["compulsory asking, 26 cards, total 3000"] = position(
        ask,
        phase="play",
        hands=[BIG["26 cards"], "4C", "4D", "6C"],
        discard_pile="QC",
        totals=[3000, 0],
    )
    return out


POSITIONS = _positions()


def _listed_plainly(state: GameState, monkeypatch: pytest.MonkeyPatch) -> list[canasta.Action]:
    with monkeypatch.context() as m:
        m.setattr(rules, "SEARCH_AT_MOST", 1000)
        m.setattr(menu, "_SEARCH_AT_MOST", 1000)
        m.setattr(menu, "_LIST_AT_ONCE", 10**9)
        return list(canasta.legal_actions(state))


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_counted_menu_is_the_listed_menu(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = POSITIONS[name]
    actions = canasta.legal_actions(state)
    counted = list(actions)
    assert len(counted) == len(actions)
    assert len(set(counted)) == len(counted)
    # index by index (the counted runs are unranked, the lists built on demand)
    assert [actions[i] for i in range(len(actions))] == counted
    assert actions[-1] == counted[-1] and actions[-len(counted)] == counted[0]
    plain = _listed_plainly(state, monkeypatch)
    assert len(plain) == len(counted)
    assert set(plain) == set(counted)
    for a in counted[:: max(1, len(counted) // 25)]:
        assert canasta.is_legal(state, a)


def test_the_big_positions_are_counted() -> None:
    """The positions above do take the counted paths (else the test above proves nothing)."""
    lazy = {
        name
        for name, state in POSITIONS.items()
        if isinstance(canasta.legal_actions(state)._entries(), menu.LazyMenu)
    }
    assert {"take, 24 cards, total 3000", "meld, 26 cards, total 3000"} <= lazy
    assert "no minimum, going outs" in lazy
    assert "last red three, 26 cards, total 3000" in lazy
    assert "compulsory asking, 26 cards, total 3000" in lazy
    assert len(lazy) >= 14
