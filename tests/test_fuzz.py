"""Fuzzing the parsers of cards, melds and game records: only NotationError may escape.

(The action and position notations are fuzzed in test_notation.py, the JSON forms in
test_serialize.py.)"""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CARD_CHARS = st.sampled_from(list('AKQJT98765432SHDC♠♥♦♣10jkx+ ,[]:#{}"\n-'))
cardish = st.lists(CARD_CHARS, max_size=40).map("".join)
RECORD = canasta.GameRecord(
    variant=canasta.get_variant("classic"),
    seed=3,
    players=("Ann", "Bob"),
    actions=(canasta.Draw(0), canasta.Discard(0, "KH")),
).dumps()


@FUZZ
@given(st.one_of(st.text(max_size=30), cardish))
def test_card_parsers(text: str) -> None:
    for parse in (canasta.Card.parse, canasta.Cards.parse, canasta.Meld.parse):
        with contextlib.suppress(canasta.NotationError):
            parse(text)


@FUZZ
@given(
    st.integers(0, len(RECORD)),
    st.integers(0, 20),
    st.one_of(st.text(max_size=10), cardish),
)
def test_record_parser_on_mutated_records(at: int, cut: int, insert: str) -> None:
    text = RECORD[:at] + insert + RECORD[at + cut :]
    try:
        record = canasta.GameRecord.loads(text)
    except canasta.NotationError:
        return
    with contextlib.suppress(canasta.NotationError, canasta.ReplayError):
        canasta.replay(record)


@FUZZ
@given(st.text(max_size=200))
def test_record_parser_on_any_text(text: str) -> None:
    with contextlib.suppress(canasta.NotationError):
        canasta.GameRecord.loads(text)


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_record_json_parser_on_any_json(data: object) -> None:
    import json

    for doc in (data, {"format_version": 1, "type": "record", "actions": data}):
        with contextlib.suppress(canasta.NotationError):
            canasta.GameRecord.from_json(json.dumps(doc))
