"""Bad input gets the library's typed errors with short messages, and constructors keep their
promises (issue 16 items 6, 7 and 8)."""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs
import pytest

import canasta
from canasta import Card, Cards, Meld, NotationError, Rank, VariantError
from canasta.serialize import from_dict, to_dict
from canasta.variants import CardPoints, get_variant, variant_fields
from canasta.views import observe, view_problems

CLASSIC = get_variant("classic")
HUGE = 10**100_000  # no str() of it: Python refuses ints of more than 4300 digits
POINTS = {"joker": 40, "two": 20, "ace": 15, "king_to_eight": 10, "seven_to_four": 5,
          "black_three": 5}  # fmt: skip


# ---------------------------------------------------------------------------- item 6: variants
@pytest.mark.parametrize("value", [1, None, "50/20", [50, 20, 20, 10, 5, 5]])
def test_points_that_are_no_card_points_are_a_variant_error(value: Any) -> None:
    with pytest.raises(VariantError) as info:
        CLASSIC.derive(points=value)
    assert info.value.field == "points"
    assert str(info.value).startswith("points: must be a CardPoints or an object of its 6 fields")


def test_points_as_an_object_of_the_card_points_fields_as_json_gives_them() -> None:
    """A dict of every field of CardPoints is read as JSON reads ``changes.points``."""
    house = CLASSIC.derive(points=POINTS)
    assert house.points == CardPoints(**POINTS)
    assert house.card_value(Card.parse("JK")) == 40
    doc = {"preset": "classic", "changes": {"points": POINTS}}
    assert canasta.from_json(json.dumps({"format_version": 1, "type": "variant", **doc})) == house


@pytest.mark.parametrize(
    ("value", "field", "words"),
    [
        ({"joker": 40}, "points.two", "missing"),  # the JSON codec wants all six too
        ({**POINTS, "red_three": 100}, "points.red_three", "unknown field"),
        ({**POINTS, "joker": "50"}, "points.joker", "must be a non-negative int"),
        ({**POINTS, "ace": -1}, "points.ace", "must be a non-negative int"),
        ({**POINTS, 5: 5}, "points", "field names are strings"),
    ],
)
def test_points_objects_missing_or_bad_fields(
    value: dict[Any, Any], field: str, words: str
) -> None:
    with pytest.raises(VariantError) as info:
        CLASSIC.derive(points=value)
    assert info.value.field == field
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("field", "enum_name"),
    [
        (name, kind.__name__)
        for name, (kind, _) in variant_fields().items()
        if isinstance(kind, type) and issubclass(kind, enum.Enum)
    ],
)
def test_a_bad_enum_value_names_the_field_not_the_enum(field: str, enum_name: str) -> None:
    for make in (lambda: CLASSIC.derive(**{field: "bogus"}), lambda: canasta.Variant(**{field: 7})):
        with pytest.raises(VariantError) as info:
            make()
        assert info.value.field == field
        assert str(info.value).startswith(f"{field}: "), str(info.value)
        assert enum_name not in str(info.value)


def test_a_bad_enum_value_lists_the_choices() -> None:
    with pytest.raises(VariantError) as info:
        CLASSIC.derive(wild_ratio="fewer")
    assert str(info.value) == (
        "wild_ratio: 'fewer' is not one of 'none', 'at_most_equal', 'strictly_fewer'"
    )


@pytest.mark.parametrize(
    "value",
    [HUGE, [HUGE], [[HUGE]], [[None, HUGE]], {"joker": HUGE}],
    ids=["int", "list", "nested", "band", "object"],
)
def test_a_huge_int_anywhere_in_a_variant_gives_a_short_variant_error(value: Any) -> None:
    """Python's hint about ``sys.set_int_max_str_digits`` never reaches the user."""
    for name in variant_fields():
        with pytest.raises(VariantError) as info:
            CLASSIC.derive(**{name: value})
        message = str(info.value)
        assert info.value.field.split(".")[0] == name, (name, message)
        assert "set_int_max_str_digits" not in message and len(message) < 300, (name, message)


def test_json_int_refuses_long_integers_in_short() -> None:
    """The ``parse_int`` hook for JSON decoders: an integer of more digits than any value the
    codec accepts is refused before Python converts it (as a ``ValueError``)."""
    from canasta._codec import json_int

    assert json_int("-12") == -12
    assert json_int(str(2**200)) == 2**200
    assert json.loads("[1, -2]", parse_int=json_int) == [1, -2]
    with pytest.raises(ValueError, match=r"^an integer of 100000 digits \(at most 61\)$"):
        json.loads('{"a": ' + "9" * 100_000 + "}", parse_int=json_int)


# ---------------------------------------------------------------------------- item 7: melds
@pytest.mark.parametrize(
    ("text", "rank", "words"),
    [
        ("7H 3S", "K", "7H does not belong in a meld of Ks"),
        ("KH KS 7H", Rank.KING, "7H does not belong in a meld of Ks"),
        ("3S 3H", "3", "3H does not belong in a meld of 3s"),
        ("3S 3C 4S", Rank.THREE, "4S does not belong in a meld of 3s"),
        ("", "K", "a meld holds at least one card"),
        ([], None, "a meld holds at least one card"),
    ],
)
def test_meld_parse_refuses_cards_that_are_not_its_meld(text: Any, rank: Any, words: str) -> None:
    with pytest.raises(NotationError) as info:
        Meld.parse(text, rank)
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("text", "rank", "shown"),
    [
        ("KH 2C", "K", "2C KH"),
        ("JK", "K", "JK"),  # an addition of wild cards names its rank
        ("3S 3C", "3", "3S 3C"),  # black threes, melded going out
        ("3S 3C 2D", "3", "2D 3S 3C"),  # parses: the rules refuse it (black_three_meld)
        ("9D 2C 2D JK", None, "JK 2D 2C 9D"),  # parses: the rules refuse it (too_few_naturals)
    ],
)
def test_meld_parse_takes_every_group_an_action_may_name(text: str, rank: Any, shown: str) -> None:
    assert str(Meld.parse(text, rank)) == shown


@pytest.mark.parametrize("cards", [[], (), "", Cards.of()])
def test_an_empty_meld_is_refused(cards: Any) -> None:
    with pytest.raises(NotationError, match="a meld holds at least one card"):
        Meld(Rank.KING, cards)


def test_an_empty_group_is_malformed_in_every_form() -> None:
    """``meld +K`` names no card: it does not parse, as text or as JSON."""
    s = canasta.position(
        "classic",
        hands=["KC 7C 6C 2C 2D JK 9D 9H 8S 9S", "", "", ""],
        melds=[["AS AH AD"], []],
        discard_pile="4H 8H",
        current_seat=0,
        phase="play",
    )
    with pytest.raises(NotationError):
        canasta.parse_action_text("meld +K", seat=0)
    doc = {"format_version": 1, "type": "meld", "seat": 0, "melds": [{"rank": "K", "cards": []}]}
    for form in ("meld +K", json.dumps(doc), doc):
        verdict = canasta.check(s, form)
        assert verdict is not None and verdict.reason is canasta.Reason.MALFORMED, form


# ---------------------------------------------------------------------------- item 7: cards
@pytest.mark.parametrize(
    ("counts", "size", "words"),
    [
        ((0,) * 53, 5, "size 5 is not the number of cards, 0"),
        ((1,) * 53, 52, "size 52 is not the number of cards, 53"),
        ((1,) * 10, 10, "53 card counts, one per card id, not 10"),
        ((1,) * 54, 54, "53 card counts, one per card id, not 54"),
        ((-1,) + (0,) * 52, -1, "a card count is a non-negative int, not -1"),
        ((True,) + (0,) * 52, 1, "a card count is a non-negative int, not True"),
        ((1.0,) + (0,) * 52, 1, "a card count is a non-negative int, not 1.0"),
        ([0] * 53, 0, "card counts are a tuple, not list"),
        ((0,) * 53, None, "size is an int, not None"),
        ((0,) * 53, False, "size is an int, not False"),
    ],
)
def test_cards_refuses_counts_it_cannot_hold(counts: Any, size: Any, words: str) -> None:
    with pytest.raises(NotationError) as info:
        Cards(counts, size)
    assert words in str(info.value)


def test_cards_from_counts_keeps_its_promises() -> None:
    counts = (0,) * 51 + (2, 1)  # two AC and a joker
    hand = Cards(counts, 3)
    assert (len(hand), str(hand)) == (3, "JK AC AC")
    assert list(hand) == [Card.parse("JK"), Card.parse("AC"), Card.parse("AC")]
    assert hand == Cards.parse("AC AC JK")
    assert Cards((0,) * 53, 0) == Cards.of()


def test_the_internal_cards_builder_is_unchecked() -> None:
    """``Cards._from_counts`` is the engine's fast path: trusted input, no checks."""
    odd = Cards._from_counts((0,) * 53, 5)
    assert len(odd) == 5


# ---------------------------------------------------------------------------- item 8: views
def _kings_view() -> dict[str, Any]:
    s = canasta.position(
        "classic",
        hands=["KC 7C 6C 9D 9H 8S 9S", "", "", ""],
        melds=[["AS AH AD"], []],
        totals=[1600, 3100],
        discard_pile="4H 6H",
        current_seat=0,
    )
    view = observe(s, 0)
    assert (view.pile_blocked, view.minimums) == (False, (0, 120))
    return {a.name: getattr(view, a.name) for a in attrs.fields(type(view)) if a.init}


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"pile_blocked": True}, "pile_blocked", "6H on top blocks nobody: only a black three"),
        ({"minimums": (0, 90)}, "minimums[1]", "side 1 needs 120 points to meld (total 3100)"),
        ({"minimums": (90, 120)}, "minimums[0]", "side 0 has melded: its minimum is 0"),
        ({"minimums": (0, 0)}, "minimums[1]", "side 1 needs 120 points to meld (total 3100)"),
    ],
)
def test_a_view_with_derived_fields_that_do_not_follow_is_refused(
    changes: dict[str, Any], path: str, message: str
) -> None:
    fields = {**_kings_view(), **changes}
    (found,) = view_problems(fields)
    assert (found.code, found.path, found.message) == ("impossible_view", path, message)


def test_a_view_with_a_black_three_on_top_is_blocked() -> None:
    s = canasta.position(
        "classic",
        hands=["KC 7C 6C 9D 9H 8S 9S", "", "", ""],
        melds=[["AS AH AD"], []],
        discard_pile="4H 3S",
        current_seat=0,
    )
    fields = _kings_view() | {
        a.name: getattr(observe(s, 0), a.name) for a in attrs.fields(canasta.PlayerView) if a.init
    }
    assert fields["pile_blocked"] is True
    assert view_problems(fields) == ()
    (found,) = view_problems({**fields, "pile_blocked": False})
    assert (found.path, found.message) == ("pile_blocked", "3S on top blocks the pile")


def test_a_view_from_json_with_derived_fields_that_do_not_follow_is_refused() -> None:
    doc = to_dict(observe(canasta.position(
        "classic", hands=["KC 7C 6C 9D 9H 8S 9S", "", "", ""], discard_pile="4H 6H",
        current_seat=0), 0))  # fmt: skip
    assert from_dict(doc) is not None
    for key, value, where in (
        ("pile_blocked", True, "$.pile_blocked"),
        ("minimums", [50, 15], "$.minimums[1]"),
    ):
        with pytest.raises(NotationError) as info:
            from_dict({**doc, key: value})
        assert str(info.value).startswith(where + ": "), str(info.value)


@pytest.mark.parametrize("name", canasta.variant_names())
def test_every_observed_view_passes(name: str) -> None:
    """The derived fields are checked as observe() writes them, in every preset."""
    from canasta.bots import RandomPlayer, play_hand

    state = canasta.new_game(name, seed=3, totals=None)
    players = [RandomPlayer(seed=i) for i in range(state.variant.players)]
    for s in [state, play_hand(state, players)]:
        for seat in range(s.variant.players):
            view = observe(s, seat)
            fields = {a.name: getattr(view, a.name) for a in attrs.fields(type(view)) if a.init}
            assert view_problems(fields) == (), (name, seat)


# ------------------------------------------------------------ item 6: huge ints in every format
_HUGE = "9" * 100_000


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (canasta.from_json, '{"type": "variant", "preset": "classic", "changes": {"jokers": %s}}'),
        (canasta.parse_position, 'canasta {"preset": "classic", "changes": {"jokers": %s}} hand 1'),
        (canasta.GameRecord.loads, '[Variant "classic {\\"jokers\\": %s}"]\n'),
    ],
)
def test_a_huge_int_in_json_text_is_a_short_typed_error(read: Any, text: str) -> None:
    """A 100,000-digit integer in the JSON of a document, of a position's house rule or of a
    record's variant is refused with the library's error, in short, never with Python's hint
    about ``sys.set_int_max_str_digits``."""
    with pytest.raises(canasta.CanastaError) as info:
        read(text % _HUGE)
    assert "set_int_max_str_digits" not in str(info.value)
    assert len(str(info.value)) < 300


def test_a_huge_seed_is_a_short_setup_error() -> None:
    with pytest.raises(canasta.SetupError, match=r"seed: .* not a huge int$"):
        canasta.new_game(seed=10**100_000)
