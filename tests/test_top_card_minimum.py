"""The pile's top card toward the initial-meld minimum (RULES.md §1 "What counts toward the
minimum": it counts; RULES-FAMILIES.md M-A3: Modern American does not count it), the variant
field ``top_card_counts_for_minimum``."""

from __future__ import annotations

import canasta
from canasta import Reason, TakePile
from rules_helpers import refused

NOT_COUNTED = canasta.get_variant("classic").derive(
    name="top-not-counted", top_card_counts_for_minimum=False
)


def _table(variant: canasta.Variant, hand: str) -> canasta.GameState:
    # Side 0 has not melded and needs 50 (total 0); the top card is an ace (20 points).
    return canasta.position(variant=variant, hands=[hand, "", "", ""], discard_pile="5C AD")


def test_classic_counts_the_top_card() -> None:
    """Two aces from the hand (40) and the top ace (20) make 60 >= 50: the take is lawful."""
    s = _table(canasta.get_variant("classic"), "AH AS 9C 7D")
    take = TakePile(0, "AH AS")
    assert take in canasta.legal_actions(s)
    after = canasta.apply(s, take)
    assert sorted(map(str, after.melds[0][0].cards)) == ["AD", "AH", "AS"]


def test_top_card_not_counted_refuses_what_only_the_top_card_makes_up() -> None:
    """Without the top card the same meld counts 40 < 50: refused by the checker with the
    minimum's reason, and missing from the menu."""
    s = _table(NOT_COUNTED, "AH AS 9C 7D")
    take = TakePile(0, "AH AS")
    refused(s, take, Reason.INITIAL_MELD_BELOW_MINIMUM)
    assert take not in canasta.legal_actions(s)
    assert not any(isinstance(a, TakePile) for a in canasta.legal_actions(s))


def test_top_card_not_counted_takes_with_melds_that_count_alone() -> None:
    """With a second meld from the hand (KH KS KC, 30) the cards melded count 70 without the top
    ace: lawful, and listed; the menu and the checker agree on every take."""
    s = _table(NOT_COUNTED, "AH AS KH KS KC 7D")
    take = TakePile(0, "AH AS", ("KH KS KC",))
    menu = canasta.legal_actions(s)
    assert take in menu
    assert canasta.apply(s, take).melds[0]
    takes = [a for a in menu if isinstance(a, TakePile)]
    assert takes and all(canasta.is_legal(s, a) for a in takes)
    # every listed take melds at least 50 from the hand, the top card aside
    for a in takes:
        cards = [*a.cards, *(c for m in a.melds for c in m.cards)]
        assert sum(s.variant.card_value(c) for c in cards) >= 50


def test_the_field_round_trips_in_json_and_text() -> None:
    s = _table(NOT_COUNTED, "AH AS 9C 7D")
    assert canasta.from_json(canasta.to_json(s)) == s
    assert canasta.parse_position(canasta.format_position(s)) == s
    assert '"top_card_counts_for_minimum": false' in canasta.to_json(NOT_COUNTED)
