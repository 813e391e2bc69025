"""Each :class:`canasta.Variant` field is declared once (:func:`canasta.variants.rule`): its type,
bounds and cited meaning. These tests check that validation, the JSON codec, the JSON Schema, the
position and record text and the docs all follow that one declaration, and that the old text
forms of a house rule still read.
"""

from __future__ import annotations

import json
import typing
import warnings

import pytest

import canasta
from canasta import variants
from canasta.notation import format_variant, parse_variant
from canasta.serialize import from_dict, json_schema, to_dict

jsonschema = pytest.importorskip("jsonschema")

FIELDS = variants.variant_fields()
CLASSIC = canasta.get_variant("classic")


def _changes_validator() -> typing.Any:
    schema = json_schema()
    return jsonschema.Draft202012Validator({**schema, "$ref": "#/$defs/variant_body"})


def test_every_bool_and_int_field_is_validated_by_its_declaration() -> None:
    for name, (kind, spec) in FIELDS.items():
        if kind is bool:
            with pytest.raises(canasta.VariantError) as info:
                CLASSIC.derive(**{name: 1})
            assert info.value.field == name
        if kind is int and spec.hi is not None:
            with pytest.raises(canasta.VariantError) as info:
                CLASSIC.derive(**{name: spec.hi + 1})
            assert info.value.field == name
        if kind is int and spec.lo is not None:
            with pytest.raises(canasta.VariantError) as info:
                CLASSIC.derive(**{name: spec.lo - 1})
            assert info.value.field == name


def test_the_schema_of_the_changes_is_the_fields() -> None:
    changes = json_schema()["$defs"]["variant_changes"]
    assert changes["additionalProperties"] is False
    assert list(changes["properties"]) == list(FIELDS)
    for name, (kind, spec) in FIELDS.items():
        prop = changes["properties"][name]
        assert prop["description"] == spec.doc
        if kind is bool:
            assert prop["type"] == "boolean"
        if kind is int:
            assert prop["type"] == "integer"
            assert prop.get("minimum") == spec.lo
            assert prop["maximum"] == (spec.hi if spec.hi is not None else variants.MAX_POINTS)


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"jokerz": 6}, "$.changes.jokerz"),
        ({"final_discard_required": 1}, "$.changes.final_discard_required"),
        ({"players": 13}, "$.changes.players"),
        ({"jokers": -1}, "$.changes.jokers"),
        ({"wild_ratio": "sometimes"}, "$.changes.wild_ratio"),
        ({"sides": "0 v 1"}, "$.changes.sides"),
        ({"minimum_bands": [[None, 15], [0]]}, "$.changes.minimum_bands[1]"),
        ({"points": {"joker": 50}}, "$.changes.points.two"),
        ({"name": 7}, "$.changes.name"),
    ],
)
def test_bad_changes_are_refused_by_the_codec_and_the_schema(
    changes: dict[str, typing.Any], where: str
) -> None:
    doc = {"preset": "classic", "changes": changes}
    with pytest.raises(canasta.NotationError) as info:
        from_dict({"format_version": 1, "type": "variant", **doc})
    assert str(info.value).startswith(where + ": "), str(info.value)
    assert list(_changes_validator().iter_errors(doc))


def test_one_syntax_for_a_house_rule_everywhere() -> None:
    house = CLASSIC.derive(name="club", natural_canasta_bonus=700, ask_partner="off")
    body = {k: v for k, v in to_dict(house).items() if k not in ("format_version", "type")}
    assert json.loads(format_variant(house)) == body
    state = canasta.new_game(house, seed=3)
    header = canasta.format_position(state).splitlines()[0]
    assert header.startswith(f"canasta {format_variant(house)} hand 1")
    assert canasta.parse_position(canasta.format_position(state)) == state
    record = canasta.GameRecord(variant=house, seed=3)
    assert record.dumps().startswith(f"[Variant {format_variant(house)}]\n")
    assert format_variant(CLASSIC) == "classic"


def test_the_old_brace_form_still_reads() -> None:
    house = CLASSIC.derive(
        name='my "house"',
        points=canasta.CardPoints(joker=60),
        minimum_bands=((None, 10), (0, 60)),
        concealed_bonus_without_partner_meld=None,
        tie_rule="shared_win",
    )
    old = (
        'classic{name="my \\"house\\"",minimum_bands=((None,10),(0,60),),'
        "tie_rule=shared_win,points.joker=60}"
    )
    assert parse_variant(old) == house
    assert parse_variant("classic{}") is CLASSIC
    state = canasta.new_game(house, seed=1)
    text = canasta.format_position(state)
    old_text = text.replace(format_variant(house), old, 1)
    assert old_text != text and canasta.parse_position(old_text) == state


def test_ask_partner_rule_keeps_its_old_name_as_a_deprecated_alias() -> None:
    assert canasta.AskPartnerRule is variants.AskPartnerRule
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert variants.AskPartner is variants.AskPartnerRule
    assert caught and caught[0].category is DeprecationWarning
    with pytest.raises(AttributeError):
        variants.Nonesuch  # type: ignore[attr-defined]  # noqa: B018


def test_the_docs_read_the_declarations() -> None:
    docs = variants.variant_field_docs()
    assert docs["players"] == (
        "Number of seats at the table.",
        ('§1 "Players, sides, seating"',),
    )
    assert canasta.Variant.__doc__ is not None
    for name, (_, spec) in FIELDS.items():
        assert f"``{name}``" in canasta.Variant.__doc__
        assert spec.doc in canasta.Variant.__doc__
