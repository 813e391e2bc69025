"""Portable deals (docs/deals.rst): the test vectors of the page, an implementation written from
the page alone (not from the library) matched on every preset, seeded matches dealing from
``shuffled_pack`` hand after hand, and deal version 0 for what was written before."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta import DealNextHand, Draw, GameRecord, SetupError

PAGE = Path(__file__).resolve().parent.parent / "docs" / "deals.rst"


def page_vectors() -> list[tuple[str, int, int, str]]:
    """The rows of the page's test-vector table: (variant, seed, hand, first 12 cards)."""
    text = PAGE.read_text(encoding="utf-8")
    block = text.split("variant     seed                  hand  first 12 cards", 1)[1]
    rows = []
    for line in block.splitlines()[1:]:
        if not line.strip():
            break
        m = re.fullmatch(r"\s+(\S+)\s+(-?\d+)\s+(\d+)\s+((?:\S\S ){11}\S\S)", line)
        assert m, line
        rows.append((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)))
    return rows


# ---------------------------------------------------------------------------- from the page only
_RANKS = "23456789TJQKA"
_SUITS = "SHDC"


def page_pack(decks: int, jokers: int) -> list[str]:
    """The canonical pack as the page describes it, in card notation."""
    deck = [r + s for r in _RANKS for s in _SUITS]
    return deck * decks + ["JK"] * jokers


def page_stream(seed: int, hand: int) -> Iterator[int]:
    k = 0
    while True:
        digest = hashlib.sha256(f"canasta-deal-v1:{seed}:{hand}:{k}".encode("ascii")).digest()
        for m in range(4):
            yield int.from_bytes(digest[8 * m : 8 * m + 8], "big")
        k += 1


def page_shuffle(decks: int, jokers: int, seed: int, hand: int) -> list[str]:
    cards = page_pack(decks, jokers)
    stream = page_stream(seed, hand)
    for i in range(len(cards) - 1, 0, -1):
        b = i + 1
        limit = 2**64 - (2**64 % b)
        while True:
            u = next(stream)
            if u < limit:
                break
        j = u % b
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def notation(cards: tuple[canasta.Card, ...]) -> list[str]:
    return [str(c) for c in cards]


# ---------------------------------------------------------------------------- the page
def test_the_page_has_ten_vectors_and_they_hold() -> None:
    vectors = page_vectors()
    assert len(vectors) == 10
    assert {v for v, *_ in vectors} == {"classic", "six-player"}
    for variant, seed, hand, first in vectors:
        assert " ".join(notation(canasta.shuffled_pack(variant, seed, hand))[:12]) == first
        v = canasta.get_variant(variant)
        assert " ".join(page_shuffle(v.decks, v.jokers, seed, hand)[:12]) == first


def test_the_page_states_the_worked_example() -> None:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    digest = hashlib.sha256(b"canasta-deal-v1:7:1:0").hexdigest()
    assert " ".join(digest[i : i + 16] for i in range(0, 64, 16)) in text
    u = int(digest[:16], 16)
    assert f"u = 0x{digest[:16]} = {u}" in text and f"j = u mod 108 = {u % 108}" in text


@pytest.mark.parametrize("name", canasta.variant_names())
def test_an_implementation_from_the_page_matches_every_preset(name: str) -> None:
    v = canasta.get_variant(name)
    assert notation(v.pack()) == page_pack(v.decks, v.jokers)
    for seed, hand in ((0, 1), (7, 2), (-(2**63), 5), (2**63 - 1, 9)):
        pack = canasta.shuffled_pack(name, seed, hand)
        assert notation(pack) == page_shuffle(v.decks, v.jokers, seed, hand)
        assert sorted(notation(pack)) == sorted(page_pack(v.decks, v.jokers))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(-(2**63), 2**63 - 1),
    hand=st.integers(1, 2**63 - 1),
    name=st.sampled_from(["classic", "six-player"]),
)
def test_page_and_library_agree_on_random_seeds(seed: int, hand: int, name: str) -> None:
    v = canasta.get_variant(name)
    assert notation(canasta.shuffled_pack(v, seed, hand)) == page_shuffle(
        v.decks, v.jokers, seed, hand
    )


# ---------------------------------------------------------------------------- seeded matches
@pytest.mark.parametrize("name", canasta.variant_names())
def test_new_game_deals_from_shuffled_pack(name: str) -> None:
    seeded = canasta.new_game(name, seed=7)
    assert seeded.deal_version == canasta.DEAL_VERSION == 1
    stacked = canasta.new_game(name, deck=canasta.shuffled_pack(name, 7, 1))
    assert (seeded.hands, seeded.stock, seeded.discard_pile, seeded.red_threes) == (
        stacked.hands,
        stacked.stock,
        stacked.discard_pile,
        stacked.red_threes,
    )


def _end_hand(state: canasta.GameState) -> canasta.GameState:
    """Play ``state``'s hand to its end with the first listed action (deterministic)."""
    for _ in range(5000):
        if state.is_hand_over:
            return state
        state = canasta.apply(state, next(iter(canasta.legal_actions(state))))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("version", [0, 1])
def test_later_hands_deal_from_the_same_version(version: int) -> None:
    state = _end_hand(canasta.new_game("two-player", seed=11, deal_version=version))
    nxt = canasta.apply(state, DealNextHand())
    assert nxt.hand_number == 2 and nxt.deal_version == version
    deck = (
        canasta.shuffled_pack("two-player", 11, 2)
        if version == 1
        else canasta.engine.shuffled_deck(canasta.get_variant("two-player"), 11, 2, 0)
    )
    stacked = canasta.apply(state, DealNextHand(deck))
    assert (nxt.hands, nxt.stock, nxt.discard_pile) == (
        stacked.hands,
        stacked.stock,
        stacked.discard_pile,
    )


def test_deal_version_zero_is_the_old_shuffle() -> None:
    """Version 0 is Python's ``random.Random`` shuffle of the library before portable deals."""
    import random

    cards = list(canasta.get_variant("classic").pack())
    random.Random("canasta:7:1").shuffle(cards)
    old = canasta.new_game("classic", deck=cards)
    zero = canasta.new_game("classic", seed=7, deal_version=0)
    assert (zero.hands, zero.stock) == (old.hands, old.stock)
    assert zero.hands != canasta.new_game("classic", seed=7).hands


@pytest.mark.parametrize("bad", [2, -1, True, "1", 1.0, None])
def test_bad_deal_versions_are_refused(bad: object) -> None:
    with pytest.raises(SetupError, match="deal_version"):
        canasta.new_game("classic", seed=1, deal_version=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("classic", True, 1), "seed"),
        (("classic", 2**63, 1), "seed"),
        (("classic", -(2**63) - 1, 1), "seed"),
        (("classic", 1.5, 1), "seed"),
        (("classic", 1, 0), "hand_number"),
        (("classic", 1, True), "hand_number"),
        (("classic", 1, "1"), "hand_number"),
    ],
)
def test_shuffled_pack_refuses_bad_arguments(args: tuple[object, ...], field: str) -> None:
    with pytest.raises(SetupError, match=field):
        canasta.shuffled_pack(*args)  # type: ignore[arg-type]


def test_shuffled_pack_refuses_an_unknown_variant() -> None:
    with pytest.raises(canasta.VariantError):
        canasta.shuffled_pack("klondike", 1, 1)


# ---------------------------------------------------------------------------- what is written
def test_states_carry_the_deal_version_through_every_format() -> None:
    for version in (0, 1):
        state = canasta.new_game("classic", seed=3, deal_version=version)
        assert canasta.from_json(canasta.to_json(state)) == state
        text = canasta.format_position(state)
        assert text.splitlines()[0].endswith("seed 3" if version == 1 else "seed 3 deal 0")
        assert canasta.parse_position(text) == state
        assert eval(repr(state), {"canasta": canasta}) == state


def test_json_states_written_before_deal_versions_load_as_version_zero() -> None:
    state = canasta.new_game("classic", seed=3)
    doc = canasta.to_dict(state)
    del doc["deal_version"]
    assert canasta.from_dict(doc).deal_version == 0


def test_positions_name_deal_version_zero_only() -> None:
    """The position notation writes ``deal 0`` for the old shuffle; without it a position is of
    version 1, as :func:`canasta.position` builds it (a text written by hand names no deal)."""
    state = canasta.new_game("classic", seed=3)
    text = canasta.format_position(state)
    assert " deal " not in text and canasta.parse_position(text).deal_version == 1
    header, rest = text.split("\n", 1)
    assert canasta.parse_position(f"{header} deal 1\n{rest}") == state
    assert canasta.parse_position(f"{header} deal 0\n{rest}").deal_version == 0
    built = canasta.position("classic", hands=["KH", "", "", ""], discard_pile="7D")
    assert built.deal_version == 1
    assert canasta.parse_position(canasta.format_position(built)) == built


@pytest.mark.parametrize("header", ["deal 2", "deal -1", "deal x", "deal"])
def test_positions_refuse_bad_deal_versions(header: str) -> None:
    text = canasta.format_position(canasta.new_game("classic", seed=3))
    first, rest = text.split("\n", 1)
    with pytest.raises(canasta.NotationError, match="deal"):
        canasta.parse_position(f"{first} {header}\n{rest}")


def test_json_states_refuse_bad_deal_versions() -> None:
    doc = canasta.to_dict(canasta.new_game("classic", seed=3))
    for bad in (2, -1, True, "1", None):
        doc["deal_version"] = bad
        with pytest.raises(canasta.NotationError, match="deal_version"):
            canasta.from_dict(doc)


def test_records_name_the_deal_version() -> None:
    record = GameRecord(variant=canasta.get_variant("classic"), seed=7, actions=(Draw(0),))
    assert record.deal_version == 1
    assert "[DealVersion 1]" in record.dumps()
    assert GameRecord.loads(record.dumps()) == record
    assert GameRecord.from_json(record.to_json()) == record
    assert (
        canasta.replay(record).hands
        == canasta.apply(canasta.new_game("classic", seed=7), Draw(0)).hands
    )


def test_records_written_before_replay_with_the_old_shuffle() -> None:
    record = GameRecord(variant=canasta.get_variant("classic"), seed=7, actions=(Draw(0),))
    old_text = record.dumps().replace("[DealVersion 1]\n", "")
    old = GameRecord.loads(old_text)
    assert old.deal_version == 0
    zero = canasta.new_game("classic", seed=7, deal_version=0)
    assert canasta.replay(old).hands == canasta.apply(zero, Draw(0)).hands
    doc = record.to_dict()
    del doc["deal_version"]
    assert GameRecord.from_dict(doc).deal_version == 0
    with pytest.raises(canasta.NotationError, match="DealVersion"):
        GameRecord.loads(record.dumps().replace("[DealVersion 1]", "[DealVersion 7]"))
    doc["deal_version"] = 3
    with pytest.raises(canasta.NotationError, match="deal_version"):
        GameRecord.from_dict(doc)
    with pytest.raises(canasta.NotationError, match="deal_version"):
        GameRecord(variant=canasta.get_variant("classic"), seed=7, deal_version=5)
