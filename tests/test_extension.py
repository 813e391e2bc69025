"""The extension point for meld systems and table rules (RULES-FAMILIES §X), used from outside
the package as a later family would: hooks registered by name, derived onto Classic with
``Variant.derive``, played through the public API; per-seat zones (a foot) held, counted,
hidden and written; Classic's documents unchanged."""

from __future__ import annotations

import json

import attrs
import pytest

import canasta
from canasta import Discard, Meld, MeldCards, Rank, Reason, VariantError
from canasta.melds import MeldKind
from canasta.notation import format_variant, parse_variant
from canasta.systems import MeldSystem, TableRules, hook_names, register_hook
from rules_helpers import meld, play, refused

CLASSIC = canasta.get_variant("classic")


# ------------------------------------------------------------------------------ the hooks
def _by_round(variant: canasta.Variant, side_total: int, hand_number: int) -> int:
    """Hand and Foot's minimums by round, whatever the score (RULES-FAMILIES §H1)."""
    return (50, 90, 120, 150)[min(hand_number, 4) - 1]


def _sevens_1000(variant: canasta.Variant, m: Meld) -> tuple[bool, int]:
    """Classic's canastas, but a canasta of sevens scores 1000 (as Modern American's 7s)."""
    if m.rank is Rank.SEVEN:
        return m.wilds == 0, 1000
    return (True, variant.natural_canasta_bonus) if not m.wilds else (False, 300)


register_hook("opening", "test_by_round", _by_round)
register_hook("canasta", "test_sevens_1000", _sevens_1000)
register_hook("going_out", "test_two_canastas", lambda variant: 2)

ROUNDS = CLASSIC.derive(name="rounds", table_rules=TableRules(opening="test_by_round"))
SEVENS = CLASSIC.derive(name="sevens", meld_system=MeldSystem(canasta="test_sevens_1000"))
TWO_OUT = CLASSIC.derive(name="two-out", table_rules=TableRules(going_out="test_two_canastas"))
FOOTED = CLASSIC.derive(name="footed", table_rules=TableRules(zones=("hand", "foot")))

K7 = "KC KC KD KD KH KH KS"  # a natural canasta of kings
S7 = "7C 7C 7D 7D 7H 7H 7S"  # a natural canasta of sevens


def test_classic_is_the_default_instance() -> None:
    assert CLASSIC.meld_system == MeldSystem() and CLASSIC.table_rules == TableRules()
    assert (CLASSIC.meld_system.kinds, CLASSIC.meld_system.groups_per_rank) == (
        (MeldKind.GROUP,),
        1,
    )
    assert CLASSIC.table_rules.zones == ("hand",)
    assert CLASSIC.canastas_needed == 1
    assert (
        canasta.to_json(CLASSIC) == '{"format_version": 1, "type": "variant", "preset": "classic"}'
    )
    assert {"score_bands", "test_by_round"} <= set(hook_names("opening"))


# ------------------------------------------------------------------------------ (a) opening
def test_opening_hook_by_hand_number_drives_the_checker_and_the_menu() -> None:
    """Hand 3 of ROUNDS needs 120 whatever the score (§H2 case 11); Classic would need 50."""
    hands = ["AH AS AD KH KS KD QH QS QD 7C 8C", "4C 5C", "4D 5D", "4H 5H"]
    kw = {"hands": hands, "discard_pile": "9C", "phase": "play", "drew": "stock"}
    s = canasta.position(ROUNDS, hand_number=3, **kw)
    classic = canasta.position(CLASSIC, hand_number=3, **kw)
    assert (s.minimum_for(0), classic.minimum_for(0)) == (120, 50)
    assert canasta.observe(s, 1).minimums == (120, 120)
    ninety = meld(0, "AH AS AD", "KH KS KD")  # 60 + 30
    refused(s, ninety, Reason.INITIAL_MELD_BELOW_MINIMUM)
    assert ninety not in list(canasta.legal_actions(s))
    assert canasta.is_legal(classic, ninety)
    enough = meld(0, "AH AS AD", "KH KS KD", "QH QS QD")  # 120
    assert canasta.is_legal(s, enough) and enough in list(canasta.legal_actions(s))
    after = canasta.apply(s, enough)
    assert after.melds[0] == tuple(Meld.parse(g) for g in ("AH AS AD", "KH KS KD", "QH QS QD"))
    values = [
        sum(ROUNDS.card_value(c) for g in a.melds for c in g.cards)
        for a in canasta.legal_actions(s)
        if isinstance(a, MeldCards)
    ]
    assert values and min(values) >= 120
    assert (
        min(
            sum(CLASSIC.card_value(c) for g in a.melds for c in g.cards)
            for a in canasta.legal_actions(classic)
            if isinstance(a, MeldCards)
        )
        == 60
    )  # the aces alone meet Classic's 50


def test_opening_hook_in_a_new_game() -> None:
    s = canasta.new_game(ROUNDS, seed=5)
    assert s.hand_number == 1 and canasta.observe(s, 0).minimums == (50, 50)
    assert ROUNDS.minimum_for(0, hand_number=4) == 150 and ROUNDS.minimum_for(9999) == 50
    for _ in range(40):  # random legal play keeps every state possible under the hook
        actions = list(canasta.legal_actions(s))
        if not actions:
            break
        s = canasta.apply(s, actions[len(actions) // 2])
        assert canasta.problems(s) == ()


# ------------------------------------------------------------------------------ (b) canastas
def test_canasta_hook_scores_a_canasta_of_sevens_1000() -> None:
    kw = {
        "hands": ["9S", "4C", "", "TD"],
        "melds": [[S7, "KC KD KH KS 2C 2D JK"], ["QC QD QH"]],
        "discard_pile": "5S",
        "phase": "play",
        "drew": "stock",
    }
    out = {}
    for v in (SEVENS, CLASSIC):
        s = play(canasta.position(v, **kw), Discard(0, "9S"))
        assert s.is_hand_over and s.end is not None and s.end.went_out
        out[v.name] = canasta.score_hand(s).sides[0]
    melded = 7 * 5 + 4 * 10 + 2 * 20 + 50
    sevens, classic = out["sevens"], out["classic"]
    assert sevens.points("melded_cards") == classic.points("melded_cards") == melded == 165
    assert (sevens.points("natural_canastas"), classic.points("natural_canastas")) == (1000, 500)
    assert sevens.points("mixed_canastas") == classic.points("mixed_canastas") == 300
    assert (sevens.total, classic.total) == (165 + 1000 + 300 + 100, 165 + 500 + 300 + 100)
    assert SEVENS.canasta_class(Meld.parse(S7)) == (True, 1000)
    assert CLASSIC.canasta_class(Meld.parse(K7)) == (True, 500)


# ------------------------------------------------------------------------------ (c) going out
def test_going_out_hook_needs_two_canastas() -> None:
    assert (TWO_OUT.canastas_to_go_out, TWO_OUT.canastas_needed) == (1, 2)
    one = {"hands": ["9S 9C 9D 4S", "4C", "", "TD"], "melds": [[K7], ["QC QD QH"]]}
    one |= {"discard_pile": "5S", "phase": "play", "drew": "stock"}
    s = canasta.position(TWO_OUT, **one)
    down_to_one = meld(0, "9S 9C 9D")  # the 4S left could only be discarded: going out
    refused(s, down_to_one, Reason.NO_CANASTA_TO_GO_OUT)
    assert down_to_one not in list(canasta.legal_actions(s))
    assert canasta.is_legal(canasta.position(CLASSIC, **one), down_to_one)
    three = canasta.position(TWO_OUT, **{**one, "hands": ["9S 9C 9D", "4C", "", "TD"]})
    refused(three, meld(0, "9S 9C 9D"), Reason.NO_CANASTA_TO_GO_OUT)
    two = canasta.position(
        TWO_OUT, **{**one, "hands": ["9S", "4C", "", "TD"]} | {"melds": [[K7, S7], ["QC QD QH"]]}
    )
    assert Discard(0, "9S") in list(canasta.legal_actions(two))
    assert canasta.apply(two, Discard(0, "9S")).is_hand_over
    with pytest.raises(canasta.PositionError, match="no legal action"):
        canasta.position(TWO_OUT, **{**one, "hands": ["9S", "4C", "", "TD"]})


# ------------------------------------------------------------------------------ (d) zones
def _footed() -> tuple[canasta.GameState, canasta.GameState]:
    """A new FOOTED game, and the same with three stock cards moved to each seat's foot."""
    s = canasta.new_game(FOOTED, seed=3)
    feet = tuple((canasta.Cards.of(s.stock[3 * k : 3 * k + 3]),) for k in range(4))
    return s, attrs.evolve(s, stock=s.stock[12:], zones=feet)


def test_a_foot_is_counted_by_the_validator() -> None:
    s, footed = _footed()
    assert s.zones == () and canasta.problems(footed) == ()
    doubled = canasta.problems(attrs.evolve(s, zones=footed.zones))  # the cards twice over
    assert doubled and {p.code for p in doubled} == {"card_too_many"}
    assert doubled[0].path.startswith("zones[")
    lost = canasta.problems(attrs.evolve(footed, zones=((canasta.Cards.of(()),),) * 4))
    assert [p.code for p in lost] == ["cards_missing"]
    on_classic = canasta.new_game(CLASSIC, seed=3)
    classic_feet = attrs.evolve(on_classic, stock=on_classic.stock[12:], zones=footed.zones)
    found = canasta.problems(classic_feet)
    assert found and (found[0].code, found[0].path) == ("entries", "zones[0]")
    assert "packets after the hand" in found[0].message


def test_a_foot_is_hidden_by_views_and_kept_by_play() -> None:
    _, footed = _footed()
    view = canasta.observe(footed, 0)
    assert view.zone_sizes == ((3,), (3,), (3,), (3,))
    assert view.hand == footed.hands[0] and view.stock_size == len(footed.stock)
    doc = json.loads(canasta.to_json(view))
    assert doc["zone_sizes"] == [[3], [3], [3], [3]] and "zones" not in doc
    assert canasta.from_json(canasta.to_json(view)) == view
    after = canasta.apply(footed, next(iter(canasta.legal_actions(footed))))
    assert after.zones == footed.zones and canasta.problems(after) == ()


def test_a_foot_round_trips_in_json_and_only_there() -> None:
    s, footed = _footed()
    doc = json.loads(canasta.to_json(footed))
    assert [[list(map(str, z)) for z in seat] for seat in footed.zones] == doc["zones"]
    assert canasta.from_json(canasta.to_json(footed)) == footed
    assert "zones" not in json.loads(canasta.to_json(s))  # written only when held
    classic = canasta.new_game(CLASSIC, seed=3)
    assert "zones" not in canasta.to_json(classic)
    assert canasta.from_json(canasta.to_json(classic)) == classic
    with pytest.raises(canasta.NotationError, match="zones"):
        canasta.format_position(footed)
    assert canasta.parse_position(canasta.format_position(s)) == s
    assert repr(footed).startswith("GameState(")  # a plain repr, not the notation


# ------------------------------------------------------------------------------ (e) documents
@pytest.mark.parametrize("variant", [ROUNDS, SEVENS, TWO_OUT, FOOTED])
def test_a_variant_naming_hooks_round_trips(variant: canasta.Variant) -> None:
    text = canasta.to_json(variant)
    assert canasta.from_json(text) == variant
    assert parse_variant(format_variant(variant)) == variant
    changes = json.loads(text)["changes"]
    assert set(changes) == {"name", "meld_system"} or set(changes) == {"name", "table_rules"}


def test_the_variant_document_names_the_hook() -> None:
    doc = json.loads(canasta.to_json(SEVENS))
    assert doc["changes"]["meld_system"] == {
        "kinds": ["group"],
        "groups_per_rank": 1,
        "wild_limit": "ratio",
        "canasta": "test_sevens_1000",
    }


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: MeldSystem(canasta="no_such_hook"), "meld_system.canasta"),
        (lambda: MeldSystem(wild_limit="no_such_hook"), "meld_system.wild_limit"),
        (lambda: TableRules(opening="no_such_hook"), "table_rules.opening"),
        (lambda: TableRules(going_out="no_such_hook"), "table_rules.going_out"),
        (lambda: TableRules(zones=("foot",)), "table_rules.zones"),
        (lambda: MeldSystem(groups_per_rank=2), "meld_system.groups_per_rank"),
        (lambda: MeldSystem(kinds=("group", "group")), "meld_system.kinds"),
    ],
)
def test_an_unknown_hook_or_unplayable_system_is_refused(build: object, field: str) -> None:
    with pytest.raises(VariantError) as info:
        build()  # type: ignore[operator]
    assert info.value.field == field


def test_an_unknown_hook_in_json_is_refused_naming_the_field() -> None:
    doc = json.loads(canasta.to_json(SEVENS))
    doc["changes"]["meld_system"]["canasta"] = "no_such_hook"
    with pytest.raises(canasta.NotationError, match=r"meld_system.*no_such_hook"):
        canasta.from_json(json.dumps(doc))


def test_a_going_out_hook_must_give_a_count() -> None:
    register_hook("going_out", "test_none", lambda variant: 0)
    with pytest.raises(VariantError) as info:
        CLASSIC.derive(table_rules=TableRules(going_out="test_none"))
    assert info.value.field == "table_rules.going_out"


def test_a_wild_limit_hook_lowers_the_limit() -> None:
    register_hook("wild_limit", "test_one_wild", lambda variant, naturals: 1)
    one = CLASSIC.derive(name="one-wild", meld_system=MeldSystem(wild_limit="test_one_wild"))
    assert (one.wild_limit(2), CLASSIC.wild_limit(2)) == (1, 3)
    s = canasta.position(
        one,
        hands=["KH KS 2C 2D 5C", "4C", "4D", "4H"],
        discard_pile="9C",
        phase="play",
        drew="stock",
        totals=[-10, 0],
    )
    refused(s, meld(0, "KH KS 2C 2D"), Reason.TOO_MANY_WILDS)
    assert canasta.is_legal(s, meld(0, "KH KS 2C"))


# ------------------------------------------------------------------------------ keys
def test_melds_have_a_kind_and_a_key() -> None:
    m = Meld.parse("KH KS 2C")
    assert (m.kind, m.key) == (MeldKind.GROUP, Rank.KING)
    assert m == Meld(Rank.KING, "KH KS 2C", kind=MeldKind.GROUP)
    assert repr(m) == repr(Meld(Rank.KING, "KH KS 2C"))
    assert canasta.to_json(m) == (
        '{"format_version": 1, "type": "meld", "rank": "K", "cards": ["2C", "KS", "KH"]}'
    )
    s = canasta.position(hands=["4C", "5C", "", ""], melds=[[K7], ["QC QD QH"]])
    assert s.meld_at(0, Rank.KING) == s.meld_of(0, Rank.KING) == Meld.parse(K7)
    assert s.meld_at(1, Rank.KING) is None
    after = canasta.apply(
        canasta.position(
            hands=["9S 9C 9D 4C", "4D", "", "TD"], melds=[[K7], []], phase="play", drew="stock"
        ),
        meld(0, "9S 9C 9D"),
    )
    assert after.turn.created == frozenset({Meld.parse("9S 9C 9D").key})
