"""The limits of every format (canasta.limits): text over its size is refused at once, with the
documented typed error and a short message; every number has one range, which every format
keeps (the same value out of range is refused by all, the largest in range round-trips through
all); and the documentation's table is the module's."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import canasta
from canasta import limits
from canasta.cli import main
from canasta.errors import (
    CanastaError,
    IllegalActionError,
    NotationError,
    PositionError,
    SetupError,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "formats.rst"
BIG = 10_000_000  # characters of over-cap input: ten times every text limit
MESSAGE = 200  # the longest message about over-cap input


@pytest.fixture(scope="module")
def state() -> canasta.GameState:
    return canasta.new_game("classic", seed=1)


def refused_quickly(call: Callable[[], Any], error: type[Exception]) -> Exception:
    """Run ``call``: it must raise ``error`` within 0.1 s, with a message under 200 chars."""
    start = time.perf_counter()
    with pytest.raises(error) as info:
        call()
    elapsed = time.perf_counter() - start
    assert elapsed < 0.1, f"refused after {elapsed:.3f} s"
    assert len(str(info.value)) < MESSAGE, str(info.value)[:400]
    return info.value


# ============================================================================ text sizes
HUGE_ACTIONS = {
    "notation": "meld " + "KH " * (BIG // 3),
    "JSON": '{"type": "draw", "seat": 0, "x": "' + "y" * BIG + '"}',
    "blank": " " * BIG + "draw",
}


@pytest.mark.parametrize("form", sorted(HUGE_ACTIONS))
def test_action_text_over_its_size_is_malformed_at_once(
    state: canasta.GameState, form: str
) -> None:
    text = HUGE_ACTIONS[form]
    start = time.perf_counter()
    violation = canasta.check(state, text)
    assert time.perf_counter() - start < 0.1
    assert violation is not None and violation.reason is canasta.Reason.MALFORMED
    assert len(violation.message) < MESSAGE, violation.message[:400]
    assert f"({len(text)} characters)" in violation.message
    start = time.perf_counter()
    assert not canasta.is_legal(state, text)
    assert text not in canasta.legal_actions(state)
    assert time.perf_counter() - start < 0.1
    error = refused_quickly(lambda: canasta.apply(state, text), IllegalActionError)
    assert isinstance(error, IllegalActionError) and error.reason is canasta.Reason.MALFORMED


def test_action_notation_over_its_size_is_a_notation_error(state: canasta.GameState) -> None:
    text = HUGE_ACTIONS["notation"]
    error = refused_quickly(lambda: canasta.parse_action(state, text), NotationError)
    assert f"at most {limits.MAX_ACTION_TEXT}" in str(error)
    refused_quickly(lambda: canasta.parse_action_text(text, seat=0), NotationError)


def test_position_over_its_size_is_refused_unread() -> None:
    text = "canasta classic\n" + "turn 0 draw\n" * (BIG // 12)
    error = refused_quickly(lambda: canasta.parse_position(text), NotationError)
    assert f"at most {limits.MAX_POSITION_TEXT}" in str(error)
    assert f"({len(text)} characters)" in str(error)


@pytest.mark.parametrize("form", ["text", "JSON"])
def test_record_over_its_size_is_refused_unread(form: str) -> None:
    if form == "text":
        text = "[Variant classic]\n[Seed 1]\n" + "0: draw\n" * (BIG // 8)
    else:
        record = canasta.GameRecord(variant="classic", seed=1, actions=())
        text = record.to_json()[:-1] + ', "x": "' + "y" * BIG + '"}'
    error = refused_quickly(lambda: canasta.GameRecord.loads(text), NotationError)
    assert f"({len(text)} characters)" in str(error)
    refused_quickly(lambda: canasta.from_json(text), NotationError)
    if form == "JSON":
        refused_quickly(lambda: canasta.GameRecord.from_json(text), NotationError)


def test_record_of_too_many_lines_is_refused_unread() -> None:
    """Lines are counted before any is read: a record of more lines than
    :data:`~canasta.limits.MAX_RECORD_LINES` (short enough in characters) is refused at once."""
    text = "[Variant classic]\n[Seed 1]\n" + "#\n" * limits.MAX_RECORD_LINES
    assert len(text) <= limits.MAX_RECORD_TEXT
    error = refused_quickly(lambda: canasta.GameRecord.loads(text), NotationError)
    assert f"at most {limits.MAX_RECORD_LINES}" in str(error)


def test_json_over_its_size_is_refused_unread() -> None:
    text = "[" + "0, " * (BIG // 3) + "0]"
    error = refused_quickly(lambda: canasta.from_json(text), NotationError)
    assert f"at most {limits.MAX_TEXT_SIZE}" in str(error)
    refused_quickly(lambda: canasta.from_json(text.encode()), NotationError)


@pytest.mark.parametrize("command", ["render", "replay", "validate"])
def test_command_line_refuses_a_huge_file_at_once(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file longer than any document may be is refused by its size, before it is read."""
    path = tmp_path / "huge.txt"
    path.write_text("canasta classic\n" + "#" * BIG, encoding="utf-8")
    argv = [command, str(path)] + (
        ["--svg", str(tmp_path / "x.svg")] if command == "render" else []
    )
    start = time.perf_counter()
    assert main(argv) == 2
    assert time.perf_counter() - start < 0.1
    err = capsys.readouterr().err
    assert "too large" in err and f"at most {limits.MAX_RECORD_TEXT}" in err
    assert len(err) < MESSAGE + len(str(path)), err[:400]


def test_excerpt_quotes_the_start_and_the_length() -> None:
    assert limits.excerpt("x" * 41) == repr("x" * 40) + "… (41 characters)"
    assert limits.excerpt("x" * 40) == repr("x" * 40)


# ============================================================================ one range per number
def position_text(state: canasta.GameState) -> str:
    return canasta.format_position(state)


def through_every_format(state: canasta.GameState) -> None:
    """``state`` reads back equal from its position notation and from its JSON, and each of
    them from the other."""
    by_text = canasta.parse_position(canasta.format_position(state))
    by_json = canasta.from_json(canasta.to_json(state))
    assert by_text == state and by_json == state
    assert canasta.from_json(canasta.to_json(by_text)) == state
    assert canasta.parse_position(canasta.format_position(by_json)) == state


def refused_by_every_format(
    state: canasta.GameState, field: str, value: int, text: Callable[[str], str]
) -> None:
    """A state whose ``field`` is ``value`` (out of range) is refused by its position text
    (``text`` edits the written position) and by its JSON."""
    good = canasta.format_position(state)
    with pytest.raises(NotationError):
        canasta.parse_position(text(good))
    data = canasta.to_dict(state)
    data[field] = value if field != "totals" else [value, *data["totals"][1:]]
    with pytest.raises(NotationError):
        canasta.from_json(json.dumps(data))
    with pytest.raises(NotationError):
        canasta.from_dict(data)


def classic_position(**changes: Any) -> canasta.GameState:
    return canasta.position(
        "classic",
        hands=["KH KS 9D", "7D 7C", "4C 4D", "9S 9H"],
        discard_pile="5D",
        current_seat=0,
        **changes,
    )


@pytest.mark.parametrize("total", [limits.MAX_TOTAL, -limits.MAX_TOTAL])
def test_the_largest_totals_round_trip_through_every_format(total: int) -> None:
    state = canasta.new_game("classic", seed=3, totals=(total, 0))
    assert state.totals == (total, 0)
    through_every_format(state)
    assert classic_position(totals=(total, 0)).totals == (total, 0)
    through_every_format(classic_position(totals=(total, 0)))
    record = canasta.GameRecord(variant="classic", seed=3, totals=(total, 0))
    for again in (
        canasta.GameRecord.loads(record.dumps()),
        canasta.GameRecord.loads(record.to_json()),
    ):
        assert again == record and again.start() == state


@pytest.mark.parametrize("total", [limits.MAX_TOTAL + 1, -limits.MAX_TOTAL - 1])
def test_totals_out_of_range_are_refused_by_every_format(total: int) -> None:
    with pytest.raises(SetupError, match="totals"):
        canasta.new_game("classic", seed=3, totals=(total, 0))
    with pytest.raises(PositionError, match="totals"):
        classic_position(totals=(total, 0))
    state = classic_position()
    refused_by_every_format(
        state, "totals", total, lambda t: t.replace("totals 0 0", f"totals {total} 0")
    )
    with pytest.raises(NotationError, match="totals"):
        canasta.GameRecord(variant="classic", seed=3, totals=(total, 0))
    record = canasta.GameRecord(variant="classic", seed=3, totals=(0, 0))
    with pytest.raises(NotationError, match=r"[Tt]otals"):
        canasta.GameRecord.loads(record.dumps().replace("[Totals 0 0]", f"[Totals {total} 0]"))
    data = record.to_dict() | {"totals": [total, 0]}
    with pytest.raises(NotationError, match="totals"):
        canasta.GameRecord.from_json(json.dumps(data))
    assert canasta.problems(attrs.evolve(state, totals=(total, 0)))


@pytest.mark.parametrize("seed", [limits.MIN_SEED, limits.MAX_SEED])
def test_the_largest_seeds_round_trip_through_every_format(seed: int) -> None:
    state = canasta.new_game("classic", seed=seed)
    through_every_format(state)
    through_every_format(classic_position(seed=seed))
    record = canasta.GameRecord(variant="classic", seed=seed)
    assert canasta.GameRecord.loads(record.dumps()) == record
    assert canasta.GameRecord.loads(record.to_json()) == record


@pytest.mark.parametrize("seed", [limits.MIN_SEED - 1, limits.MAX_SEED + 1, 10**39])
def test_seeds_out_of_range_are_refused_by_every_format(seed: int) -> None:
    with pytest.raises(SetupError, match="seed"):
        canasta.new_game("classic", seed=seed)
    with pytest.raises(PositionError, match="seed"):
        classic_position(seed=seed)
    state = classic_position(seed=5)
    refused_by_every_format(state, "seed", seed, lambda t: t.replace("seed 5", f"seed {seed}"))
    with pytest.raises(NotationError, match="seed"):
        canasta.GameRecord(variant="classic", seed=seed)
    record = canasta.GameRecord(variant="classic", seed=5)
    with pytest.raises(NotationError, match=r"(?i)seed"):
        canasta.GameRecord.loads(record.dumps().replace("[Seed 5]", f"[Seed {seed}]"))
    with pytest.raises(NotationError, match="seed"):
        canasta.GameRecord.from_json(json.dumps(record.to_dict() | {"seed": seed}))


def test_the_largest_hand_number_round_trips_and_the_next_is_refused() -> None:
    state = classic_position(hand_number=limits.MAX_HAND_NUMBER)
    through_every_format(state)
    for bad in (limits.MAX_HAND_NUMBER + 1, 0, 10**19 + 7):
        with pytest.raises(PositionError, match="hand_number"):
            classic_position(hand_number=bad)
        refused_by_every_format(
            state,
            "hand_number",
            bad,
            lambda t, bad=bad: t.replace(f"hand {limits.MAX_HAND_NUMBER}", f"hand {bad}"),
        )


def meld_of(n: int) -> canasta.MeldCards:
    return canasta.MeldCards(0, (canasta.Meld("K", [canasta.Card.parse("KH")] * n),))


def deal_of(n: int) -> canasta.DealNextHand:
    return canasta.DealNextHand(deck=tuple(canasta.Card.parse("TH") for _ in range(n)))


@pytest.mark.parametrize("build", [meld_of, deal_of], ids=["meld", "deck"])
def test_the_most_cards_in_an_action_round_trip_through_every_format(
    build: Callable[[int], canasta.Action],
) -> None:
    action = build(limits.MAX_CARDS)
    assert len(str(action)) <= limits.MAX_ACTION_TEXT
    seat = None if isinstance(action, canasta.DealNextHand) else 0
    assert canasta.parse_action_text(str(action), seat=seat) == action
    assert canasta.from_json(canasta.to_json(action)) == action
    record = canasta.GameRecord(variant="classic", seed=1, actions=(action,))
    assert canasta.GameRecord.loads(record.dumps()) == record
    assert canasta.GameRecord.loads(record.to_json()) == record


@pytest.mark.parametrize("build", [meld_of, deal_of], ids=["meld", "deck"])
def test_one_card_too_many_in_an_action_is_refused_by_every_format(
    build: Callable[[int], canasta.Action], state: canasta.GameState
) -> None:
    most = build(limits.MAX_CARDS)
    seat = None if isinstance(most, canasta.DealNextHand) else 0
    text = str(most) + (" KH" if seat == 0 else " TH")
    assert len(text) <= limits.MAX_ACTION_TEXT  # refused for its cards, not its length
    with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
        build(limits.MAX_CARDS + 1)  # the action's own constructor
    with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
        canasta.parse_action_text(text, seat=seat)
    data = canasta.to_dict(most)
    (data["deck"] if seat is None else data["melds"][0]["cards"]).append("KH")
    with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
        canasta.from_dict(data)
    with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
        canasta.from_json(json.dumps(data))
    violation = canasta.check(state, text)
    assert violation is not None and violation.reason is canasta.Reason.MALFORMED
    record = canasta.GameRecord(variant="classic", seed=1, actions=())
    line = ("" if seat is None else "0: ") + text
    with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
        canasta.GameRecord.loads(record.dumps() + line + "\n")
    data = attrs.evolve(record, actions=(build(limits.MAX_CARDS),)).to_dict()
    listed = data["actions"][0]
    (listed["deck"] if seat is None else listed["melds"][0]["cards"]).append("KH")
    with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
        canasta.GameRecord.from_json(json.dumps(data))


def test_record_seats_have_the_json_range() -> None:
    """A record's action line names a seat from 0 to MAX_PLAYERS - 1, as its JSON does."""
    record = canasta.GameRecord(variant="classic", seed=1, actions=())
    top = limits.MAX_PLAYERS - 1
    loaded = canasta.GameRecord.loads(record.dumps() + f"{top}: draw\n")
    assert loaded.actions == (canasta.Draw(top),)
    assert canasta.GameRecord.loads(loaded.to_json()) == loaded
    for bad in (limits.MAX_PLAYERS, 99, 1000):
        with pytest.raises(NotationError, match=f"at most {top}|0 to {top}"):
            canasta.GameRecord.loads(record.dumps() + f"{bad}: draw\n")
        data = record.to_dict() | {"actions": [{"type": "draw", "seat": bad}]}
        with pytest.raises(NotationError):
            canasta.GameRecord.from_json(json.dumps(data))


def test_the_most_actions_of_a_record_round_trip_and_one_more_is_refused() -> None:
    actions = (canasta.Draw(0),) * limits.MAX_RECORD_ACTIONS
    record = canasta.GameRecord(variant="classic", seed=1, actions=actions)
    assert canasta.GameRecord.loads(record.dumps()) == record
    assert canasta.GameRecord.loads(record.to_json()) == record
    more = (*actions, canasta.Draw(0))
    with pytest.raises(NotationError, match=f"at most {limits.MAX_RECORD_ACTIONS}"):
        canasta.GameRecord(variant="classic", seed=1, actions=more)
    with pytest.raises(NotationError, match=f"at most {limits.MAX_RECORD_ACTIONS}"):
        canasta.GameRecord.loads(record.dumps() + "0: draw\n")
    data = record.to_dict()
    data["actions"].append({"type": "draw", "seat": 0})
    with pytest.raises(NotationError, match=f"at most {limits.MAX_RECORD_ACTIONS}"):
        canasta.GameRecord.from_json(json.dumps(data))


def test_the_most_players_names_and_variant_name_are_the_tables() -> None:
    """The name limits the formats use are the table's."""
    name = "x" * limits.MAX_NAME
    record = canasta.GameRecord(variant="classic", seed=1, players=(name,) * 4)
    assert canasta.GameRecord.loads(record.dumps()) == record
    assert canasta.GameRecord.loads(record.to_json()) == record
    with pytest.raises(NotationError, match=f"at most {limits.MAX_NAME}"):
        canasta.GameRecord(variant="classic", seed=1, players=(name + "x",) * 4)


# ============================================================================ the docs
def test_the_docs_table_is_the_modules() -> None:
    page = DOCS.read_text(encoding="utf-8")
    match = re.search(r"\.\. limits-table-start\n\n(.*?)\n\.\. limits-table-end", page, re.S)
    assert match, "docs/formats.rst shows the limits table between its markers"
    assert match.group(1).strip("\n") == limits.limits_table().strip("\n")


def test_every_limit_is_in_the_table_and_public_names_keep_their_values() -> None:
    named = {n for n in limits.__all__ if n.startswith(("MAX_", "MIN_"))}
    assert {x.name for x in limits.LIMITS} == named
    assert all(getattr(limits, x.name) == x.value for x in limits.LIMITS)
    from canasta import _codec, notation, records, serialize, variants

    assert serialize.MAX_TEXT_SIZE == _codec.MAX_TEXT_SIZE == limits.MAX_TEXT_SIZE
    assert serialize.MAX_CARDS == limits.MAX_CARDS and serialize.MAX_DEPTH == limits.MAX_DEPTH
    assert notation.MAX_ACTION_TEXT == limits.MAX_ACTION_TEXT
    assert notation.MAX_POSITION_TEXT == limits.MAX_POSITION_TEXT
    assert records.MAX_TEXT == limits.MAX_RECORD_TEXT
    assert variants.MAX_POINTS == limits.MAX_POINTS


def test_messages_about_numbers_out_of_range_are_short() -> None:
    huge = 10**5000
    for call in (
        lambda: canasta.new_game("classic", seed=huge),
        lambda: canasta.new_game("classic", seed=1, totals=(huge, 0)),
        lambda: classic_position(totals=(huge, 0)),
        lambda: canasta.GameRecord(variant="classic", seed=1, totals=(huge, 0)),
        lambda: canasta.GameRecord(variant="classic", seed=huge),
        lambda: classic_position(seed=huge),
        lambda: classic_position(hand_number=huge),
    ):
        with pytest.raises(CanastaError) as info:
            call()
        assert len(str(info.value)) < MESSAGE


def test_a_records_deck_and_players_have_the_tables_counts() -> None:
    """A record's deck holds at most MAX_CARDS cards and its players at most MAX_PLAYERS names
    in every form (the text's [Deck] and [Players] tags read as JSON's lists do)."""
    record = canasta.GameRecord(variant="classic", seed=1)
    deck = ("KH",) * (limits.MAX_CARDS + 1)
    names = tuple(f"p{i}" for i in range(limits.MAX_PLAYERS + 1))
    for field, value, tag in (("deck", deck, "Deck"), ("players", names, "Players")):
        with pytest.raises(NotationError, match=f"at most {len(value) - 1}"):
            canasta.GameRecord(variant="classic", seed=1, **{field: value})
        line = f"[{tag} {(' ' if field == 'deck' else ', ').join(value)}]"
        with pytest.raises(NotationError, match=f"at most {len(value) - 1}"):
            canasta.GameRecord.loads(record.dumps().replace("[Seed 1]", f"[Seed 1]\n{line}"))
        data = record.to_dict() | {field: list(value)}
        with pytest.raises(NotationError, match=f"at most {len(value) - 1}"):
            canasta.GameRecord.from_json(json.dumps(data))


def test_events_keep_the_range_of_totals() -> None:
    """The totals of a score sheet's event have the state's range (canasta.limits.MAX_TOTAL)."""
    event = canasta.MatchOver(winners=(0,), totals=(limits.MAX_TOTAL, -limits.MAX_TOTAL))
    assert canasta.from_json(canasta.to_json(event)) == event
    data = canasta.to_dict(event)
    for total in (limits.MAX_TOTAL + 1, -limits.MAX_TOTAL - 1, 2**63 - 1):
        data["totals"] = [total, 0]
        with pytest.raises(NotationError, match="totals"):
            canasta.from_dict(data)


def test_the_most_lines_of_a_record_are_read() -> None:
    """A record of MAX_RECORD_LINES lines (comments, here) loads; one more line does not, also
    when its lines end otherwise than by a newline."""
    head = "[Variant classic]\n[Seed 1]\n[DealVersion 1]\n"
    text = head + "#\n" * (limits.MAX_RECORD_LINES - 3)
    assert canasta.GameRecord.loads(text) == canasta.GameRecord(variant="classic", seed=1)
    for more in (text + "#", head + "#\r" * (limits.MAX_RECORD_LINES - 2)):
        with pytest.raises(NotationError, match=f"at most {limits.MAX_RECORD_LINES} lines"):
            canasta.GameRecord.loads(more)


def test_a_zone_of_a_position_holds_at_most_the_cards_of_a_list(
    state: canasta.GameState,
) -> None:
    """A zone of more than MAX_CARDS cards is refused by the position notation as by JSON,
    with the same words, before the position is judged."""
    text = canasta.format_position(state)
    hands = next(line for line in text.splitlines() if line.startswith("hands "))
    many = "hands " + "KH " * (limits.MAX_CARDS + 1) + "/ - / - / -"
    with pytest.raises(NotationError, match=f"too many \\(at most {limits.MAX_CARDS}\\)"):
        canasta.parse_position(text.replace(hands, many))
    data = canasta.to_dict(state)
    data["hands"][0] = ["KH"] * (limits.MAX_CARDS + 1)
    with pytest.raises(NotationError, match=f"too many \\(at most {limits.MAX_CARDS}\\)"):
        canasta.from_dict(data)


HUGE_CARDS = "KH " * (BIG // 3)  # the inputs are made once, outside the timed calls
HUGE_K = "K" * BIG
HUGE_X = "x" * BIG
HUGE_JSON_VARIANT = '{"preset": "' + HUGE_X + '"}'
HUGE_OLD_VARIANT = 'classic{name="' + HUGE_X + '"}'
FOUR_SEATS = ("KH", "7D 7C", "4C 4D", "9S 9H")
SMALL_TEXT_ENTRIES: dict[str, tuple[Callable[[], Any], type[Exception]]] = {
    "Card.parse": (lambda: canasta.Card.parse(HUGE_K), NotationError),
    "Rank.parse": (lambda: canasta.Rank.parse(HUGE_K), NotationError),
    "Cards.parse": (lambda: canasta.Cards.parse(HUGE_CARDS), NotationError),
    "Meld.parse": (lambda: canasta.Meld.parse(HUGE_CARDS), NotationError),
    "to_card_list": (lambda: canasta.cards.to_card_list(HUGE_CARDS), NotationError),
    "get_variant": (lambda: canasta.get_variant(HUGE_X), canasta.VariantError),
    "parse_variant name": (lambda: canasta.notation.parse_variant(HUGE_X), NotationError),
    "parse_variant JSON": (
        lambda: canasta.notation.parse_variant(HUGE_JSON_VARIANT),
        NotationError,
    ),
    "parse_variant braces": (
        lambda: canasta.notation.parse_variant(HUGE_OLD_VARIANT),
        NotationError,
    ),
    "position hands": (
        lambda: canasta.position("classic", hands=[HUGE_CARDS, *FOUR_SEATS[1:]]),
        PositionError,
    ),
}


@pytest.mark.parametrize("entry", sorted(SMALL_TEXT_ENTRIES))
def test_cards_ranks_melds_and_variants_in_text_are_refused_unread(entry: str) -> None:
    call, error = SMALL_TEXT_ENTRIES[entry]
    refused_quickly(call, error)


def test_a_list_of_cards_has_the_tables_count_in_every_form() -> None:
    most = ["KH"] * limits.MAX_CARDS
    assert len(canasta.cards.to_card_list(most)) == limits.MAX_CARDS
    assert len(canasta.Cards.parse(" ".join(most))) == limits.MAX_CARDS
    for more in (most + ["KH"], " ".join(most + ["KH"])):
        with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
            canasta.cards.to_card_list(more)
        with pytest.raises(NotationError, match=f"at most {limits.MAX_CARDS}"):
            canasta.Meld.parse(more)
        with pytest.raises(PositionError, match=f"at most {limits.MAX_CARDS}"):
            canasta.position("classic", hands=[more, *FOUR_SEATS[1:]])


def test_a_variant_in_text_is_read_up_to_its_size() -> None:
    most = "classic" + " " * (limits.MAX_VARIANT_TEXT - len("classic"))
    assert canasta.notation.parse_variant(most) == canasta.get_variant("classic")
    with pytest.raises(NotationError, match=f"at most {limits.MAX_VARIANT_TEXT}"):
        canasta.notation.parse_variant(most + " ")
    record = canasta.GameRecord(variant="classic", seed=1)
    huge = f'[Variant classic{{name="{"x" * limits.MAX_VARIANT_TEXT}"}}]'
    with pytest.raises(NotationError, match=f"at most {limits.MAX_VARIANT_TEXT}"):
        canasta.GameRecord.loads(record.dumps().replace("[Variant classic]", huge))


def test_a_house_rules_name_has_the_names_length_in_every_format() -> None:
    classic = canasta.get_variant("classic")
    house = classic.derive(name="h" * limits.MAX_NAME)
    assert canasta.from_json(canasta.to_json(house)) == house
    state = canasta.new_game(house, seed=1)
    through_every_format(state)
    record = canasta.GameRecord(variant=house, seed=1)
    assert canasta.GameRecord.loads(record.dumps()) == record
    with pytest.raises(canasta.VariantError):
        classic.derive(name="h" * (limits.MAX_NAME + 1))
    data = canasta.to_dict(house)
    data["changes"]["name"] += "h"
    with pytest.raises(NotationError, match=f"1 to {limits.MAX_NAME} characters"):
        canasta.from_dict(data)
