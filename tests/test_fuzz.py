"""Fuzzing the parsers of cards, melds and game records: only NotationError may escape, and
what they accept is checked: cards of the pack that write back to the same value, records that
round-trip through text and JSON and replay to a possible state (cards conserved, every format
round-tripping, the engine playing on) or are refused with a typed error.

(The action and position notations are fuzzed in test_notation.py, the JSON forms in
test_serialize.py.)"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from invariants import accepted_record

PACK = Counter(canasta.make_pack())

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CARD_CHARS = st.sampled_from(list('AKQJT98765432SHDC♠♥♦♣10jkx+ ,[]:#{}"\n-'))
cardish = st.lists(CARD_CHARS, max_size=40).map("".join)


def _record() -> str:
    """A record of four turns (draw, discard) of the classic match with seed 3."""
    state = canasta.new_game("classic", seed=3)
    actions: list[canasta.Action] = []
    for _ in range(8):
        seat = state.current_seat
        assert seat is not None
        action: canasta.Action = (
            canasta.Draw(seat)
            if state.phase is canasta.Phase.DRAW
            else next(a for a in canasta.legal_actions(state) if isinstance(a, canasta.Discard))
        )
        state = canasta.apply(state, action)
        actions.append(action)
    return canasta.GameRecord(
        variant=state.variant, seed=3, players=("Ann", "Bob", "Cy", "Di"), actions=tuple(actions)
    ).dumps()


RECORD = _record()


def accepted_cards(cards: object, text: str) -> None:
    """Parsed cards: cards of the pack's kinds that write back to themselves (the notation does
    not limit copies: the pack does, in a position)."""
    assert isinstance(cards, canasta.Cards)
    assert canasta.Cards.parse(str(cards)) == cards, text
    assert len(cards) == sum(cards.counts), text
    assert sorted(cards) == sorted(canasta.Cards.of(list(cards))), text
    for card in cards:
        assert card in PACK, (text, card)


@FUZZ
@given(st.one_of(st.text(max_size=30), cardish))
def test_card_parsers(text: str) -> None:
    try:
        card = canasta.Card.parse(text)
    except canasta.NotationError:
        pass
    else:
        assert card in PACK and canasta.Card.parse(str(card)) == card, text
        assert canasta.Card.from_id(card.id) == card
    try:
        cards = canasta.Cards.parse(text)
    except canasta.NotationError:
        pass
    else:
        accepted_cards(cards, text)
    try:
        meld = canasta.Meld.parse(text)
    except canasta.NotationError:
        return
    # one rank for its natural cards (the rank of the meld), the rest wild; it writes back
    assert meld.cards and all(c.is_wild or c.rank is meld.rank for c in meld.cards), text
    assert any(not c.is_wild for c in meld.cards), text
    assert canasta.Meld.parse(str(meld)) == meld, text
    assert all(c in PACK for c in meld.cards), text


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
    accepted_record(record, repr(text))


def test_an_unmutated_record_is_accepted_whole() -> None:
    """The fuzzed record itself replays to a possible state (so the checks above run)."""
    final = accepted_record(canasta.GameRecord.loads(RECORD))
    assert final is not None and final.current_seat == 0 and final.hand_number == 1


@FUZZ
@given(st.text(max_size=200))
def test_record_parser_on_any_text(text: str) -> None:
    try:
        record = canasta.GameRecord.loads(text)
    except canasta.NotationError:
        return
    accepted_record(record, repr(text))


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
    for doc in (data, {"format_version": 1, "type": "record", "actions": data}):
        try:
            record = canasta.GameRecord.from_json(json.dumps(doc))
        except canasta.NotationError:
            continue
        accepted_record(record, json.dumps(doc))
