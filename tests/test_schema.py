"""The JSON Schema of :func:`canasta.json_schema` against real documents of every type.

The schema is made from the model's classes (their fields, derived keys, documentation and the
ranges their readers check); the schema file keeps only the frame and the shapes no class gives.
These tests hold it to what the encoders write and the decoders accept: every document of
random games of several presets fits it (states, views, every event and its seat's filtered
form, score sheets, records); each key it calls optional may be left out for the decoder too;
and it refuses bad shapes.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections import defaultdict
from importlib import resources
from typing import Any

import attrs
import pytest

import canasta
from canasta import serialize
from canasta.events import deal_events
from canasta.records import record_of

jsonschema = pytest.importorskip("jsonschema")

PRESETS = ("classic", "two-player", "cutthroat", "five-player", "german")
#: What the schema file keeps: the frame's parts and the shapes no class gives.
HAND_KEPT = {"card", "cards", "action", "variant", "variant_fields", "card_fields", "cards_fields"}


@functools.cache
def validator() -> Any:
    schema = canasta.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(doc: Any) -> list[str]:
    found = sorted(validator().iter_errors(doc), key=lambda e: list(e.absolute_path))
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in found]


def play(name: str, seed: int, moves: int, totals: tuple[int, ...] | None = None) -> list[Any]:
    """Every value a random game of ``name`` gives: its states, each seat's view of some,
    every action, event and each seat's filtered copy, the score sheets and the game's record."""
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed, totals=totals)
    start = state
    out: list[Any] = [state, *deal_events(state)]
    actions = []
    for i in range(moves):
        menu = canasta.legal_actions(state)
        if not menu:
            break
        action = menu[rng.randrange(len(menu))]
        after, events = canasta.step(state, action)
        actions.append(action)
        out += [action, *events, *(e.meld for e in events if isinstance(e, canasta.MeldMade))]
        for seat in range(state.variant.players):
            out += canasta.events_for(events, seat)
        if i % 7 == 0 or after.end is not None:
            out.append(after)
            out += [canasta.observe(after, seat) for seat in range(after.variant.players)]
        if after.end is not None and state.end is None:
            score = canasta.score_hand(after)
            out += [score, *score.sides, *score.sides[0].lines]
        state = after
    players = tuple(f"Player {i}" for i in range(start.variant.players))
    out += [record_of(actions, start, players=players), start.variant, start.hands[0]]
    return [*out, start.stock[0]]


@functools.cache
def documents() -> tuple[dict[str, Any], ...]:
    values = [v for i, name in enumerate(PRESETS) for v in play(name, 11 + i, 400)]
    values += play("classic", 5, 400, totals=(9000, 0))  # the match ends with the hand
    values.append(canasta.EndTurn(0))  # (after drawing the last stock card as a red three)
    return tuple(canasta.to_dict(v) for v in values)


def by_type() -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for doc in documents():
        out[doc["type"]].append(doc)
    return out


def fields_of(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = canasta.json_schema()["$defs"][f"{name}_fields"]
    return schema


# ---------------------------------------------------------------------------- what is made
def test_the_schema_file_keeps_only_the_frame_and_what_no_class_gives() -> None:
    text = resources.files("canasta").joinpath("schema/canasta.schema.json").read_text("utf-8")
    assert set(json.loads(text)["$defs"]) == HAND_KEPT
    made = [n for n in serialize.registered_types() if n not in ("card", "cards", "variant")]
    for name in made:  # each made from its class: every field of it, described by its docs
        cls = serialize._TYPES[name].cls
        props = fields_of(name)["properties"]
        fields = {a.alias for a in attrs.fields(cls) if a.init}
        assert fields <= set(props), name
        assert fields_of(name)["description"].startswith(f"{cls.__module__}.{cls.__qualname__}: ")
        for key in fields:
            assert props[key].get("description"), (name, key)


def test_the_documents_cover_every_type() -> None:
    assert set(by_type()) == set(serialize.registered_types())


def test_every_document_fits_the_schema() -> None:
    for doc in documents():
        assert not errors(doc), (doc["type"], errors(doc)[:3])


def test_the_schema_lists_the_keys_written() -> None:
    """Every key a document of a type writes is a property of its schema; every key the
    schema requires is written."""
    for name, docs in by_type().items():
        if name == "variant":  # the variant's own keys: tests/test_variant_fields.py
            continue
        schema = fields_of(name)
        written = {k for d in docs for k in d} - {"format_version"}
        assert written <= set(schema["properties"]), name
        assert set(schema["required"]) <= {k for k in written if all(k in d for d in docs)}


def test_a_key_the_schema_leaves_out_the_decoder_leaves_out_too() -> None:
    """Each key the schema does not require may be left out for the decoder as well, its
    ``default`` meaning the same; each it requires may not."""
    for name, docs in by_type().items():
        if name in ("card", "cards", "variant"):
            continue
        schema = fields_of(name)
        added = schema.get("dependentRequired", {})  # a view's keys added together: below
        for key, prop in schema["properties"].items():
            if key == "type" or key in added:
                continue
            having = [d for d in docs if key in d]
            if key in schema["required"]:
                less = {k: v for k, v in having[0].items() if k != key}
                assert errors(less), (name, key)
                with pytest.raises(canasta.NotationError, match="missing"):
                    canasta.from_dict(less)
                continue
            assert "default" in prop, (name, key)
            same = [d for d in having if d[key] == prop["default"]]
            for doc in same[:1] or having[:1]:
                less = {k: v for k, v in doc.items() if k != key}
                assert not errors(less), (name, key)
                if same:
                    assert canasta.from_dict(less) == canasta.from_dict(doc), (name, key)
            for doc in [d for d in docs if key not in d][:1]:  # written only when not the default
                more = {**doc, key: prop["default"]}
                assert not errors(more), (name, key)
                assert canasta.from_dict(more) == canasta.from_dict(doc), (name, key)


def test_a_view_has_the_tables_facts_all_or_none() -> None:
    view = max(by_type()["player_view"], key=lambda d: len(d))
    added = list(fields_of("player_view")["dependentRequired"])
    assert "dealer" in added and "score" in added
    old = {k: v for k, v in view.items() if k not in added}
    assert not errors(old)
    canasta.from_dict(old)
    half = {k: v for k, v in view.items() if k != "dealer"}
    assert errors(half)
    with pytest.raises(canasta.NotationError):
        canasta.from_dict(half)


# ---------------------------------------------------------------------------- bad shapes
def first(name: str, where: Any = lambda d: True) -> dict[str, Any]:
    return copy.deepcopy(next(d for d in by_type()[name] if where(d)))


@pytest.mark.parametrize(
    ("name", "mutate"),
    [
        ("cards_drawn", lambda d: d.update(count=0)),
        ("cards_drawn", lambda d: d.update(cards=[])),
        ("cards_drawn", lambda d: d.update(seat=64)),
        ("cards_drawn", lambda d: d.update(extra=1)),
        ("red_three_laid_out", lambda d: d.update(card="KH")),
        ("meld_made", lambda d: d["meld"].update(rank="2")),
        ("meld_made", lambda d: d["meld"].update(cards=[])),
        ("canasta_completed", lambda d: d.update(rank="JK")),
        ("hand_dealt", lambda d: d.update(order=[d["order"][0], d["order"][0]])),
        ("hand_dealt", lambda d: d.update(hand_number=0)),
        ("hand_scored", lambda d: d["score"].pop("type")),
        ("hand_scored", lambda d: d.update(totals=[10**16])),
        ("match_over", lambda d: d.update(winners=[])),
        ("side_score", lambda d: d.pop("total")),
        ("score_line", lambda d: d.update(item="bonus")),
        ("game_state", lambda d: d["turn"].update(created=["2"])),
        ("game_state", lambda d: d.update(deal_version=2)),
        ("game_state", lambda d: d.update(seed=2**63)),
        ("player_view", lambda d: d.update(legal_actions=[{"type": "draw"}])),
        ("player_view", lambda d: d.pop("legal_actions")),
        ("record", lambda d: d.update(players=["Ann, Bob"])),
        ("record", lambda d: d.update(deal_version=7)),
        ("record", lambda d: d.update(extra=None)),
    ],
)
def test_the_schema_refuses_bad_shapes(name: str, mutate: Any) -> None:
    doc = first(name, lambda d: name != "cards_drawn" or d["cards"] is not None)
    mutate(doc)
    assert errors(doc)
    with pytest.raises(canasta.CanastaError):
        canasta.from_dict(doc)


def test_a_class_registered_alone_has_its_fields_described() -> None:
    """A new attrs class needs nothing but its fields and their documentation."""

    @attrs.frozen
    class Tip:
        """Advice for a seat.

        Attributes:
            seat: who is advised.
            hand_number: the hand, from 1.
            card: the card to discard, if any.
        """

        seat: int
        hand_number: int
        card: canasta.Card | None = None

    serialize.register("tip", Tip)
    try:
        props = fields_of("tip")["properties"]
        assert props["seat"]["description"] == "who is advised."
        assert (props["seat"]["minimum"], props["seat"]["maximum"]) == (0, 63)
        assert props["hand_number"]["minimum"] == 1
        assert props["card"]["default"] is None
        assert fields_of("tip")["required"] == ["type", "seat", "hand_number"]
    finally:
        serialize.unregister("tip")
