"""Inputs an outside tester tries on every entry point: long tokens, odd types and odd
characters. Each test here held a defect once; it keeps the fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta import limits
from canasta.cli import main
from canasta.errors import CanastaError, NotationError, SetupError

LONG = "9" * 5000  # one token far longer than any message may quote
SHORT_MESSAGE = 400  # a message about a long token quotes short excerpts of it


@pytest.fixture(scope="module")
def state() -> canasta.GameState:
    return canasta.new_game("classic", seed=1)


def _message(call: Callable[[], Any], error: type[CanastaError]) -> str:
    with pytest.raises(error) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("hand 1 ", f"hand {LONG} "),
        ("seed 1\n", f"seed {LONG}\n"),
        ("dealer 3", f"dealer {LONG}"),
        ("totals 0 0", f"totals {LONG} 0"),
        ("turn 0 draw", f"turn {LONG} draw"),
        ("turn 0 draw", f"turn 0 x{LONG}"),
        ("melded -", f"melded {LONG}"),
        ("melded -", f"melded -\nx{LONG}"),
    ],
)
def test_a_long_token_of_a_position_is_quoted_short(
    state: canasta.GameState, old: str, new: str
) -> None:
    text = canasta.format_position(state)
    assert old in text
    message = _message(lambda: canasta.parse_position(text.replace(old, new, 1)), NotationError)
    assert len(message) < SHORT_MESSAGE, message[:400]


@pytest.mark.parametrize("text", [f"x{LONG}", f"x{LONG} KH"])
def test_a_long_word_of_an_action_is_quoted_short(state: canasta.GameState, text: str) -> None:
    message = _message(lambda: canasta.parse_action(state, text), NotationError)
    assert len(message) < SHORT_MESSAGE, message[:400]
    record = f"[Variant classic]\n[Seed 1]\n0: {text}\n"
    message = _message(lambda: canasta.GameRecord.loads(record), NotationError)
    assert len(message) < SHORT_MESSAGE, message[:400]


def test_a_long_seed_of_a_wrong_type_is_quoted_short() -> None:
    message = _message(lambda: canasta.new_game("classic", seed=LONG), SetupError)  # type: ignore[arg-type]
    assert len(message) < SHORT_MESSAGE, message[:400]


def _files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """A record (text and JSON) and a position, each saved as a text editor may: with a
    UTF-8 byte order mark and with CRLF line ends."""
    state = canasta.new_game("classic", seed=1)
    actions, now = [], state
    for _ in range(12):
        action = canasta.legal_actions(now)[0]
        actions.append(action)
        now = canasta.apply(now, action)
    record = canasta.GameRecord(variant="classic", seed=1, actions=tuple(actions))
    out = {}
    for kind, text in [
        ("record", record.dumps()),
        ("json", record.to_json()),
        ("position", canasta.format_position(state)),
    ]:
        for form, encoding, newline in [("bom", "utf-8-sig", None), ("crlf", "utf-8", "\r\n")]:
            path = tmp_path / f"{kind}-{form}.txt"
            with open(path, "w", encoding=encoding, newline=newline) as f:
                f.write(text)
            out[f"{kind}-{form}"] = (path, kind)
    return out


@pytest.mark.parametrize(
    "name",
    ["record-bom", "record-crlf", "json-bom", "json-crlf", "position-bom", "position-crlf"],
)
def test_the_command_line_reads_a_file_with_a_byte_order_mark_or_crlf(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file saved with a UTF-8 byte order mark (as some editors save) reads as without it
    (the command line refused it: "line 1: an action line is 'SEAT: ACTION' or 'deal'")."""
    path, kind = _files(tmp_path)[name]
    svg = ["--svg", str(tmp_path / "x.svg")]
    if kind != "position":
        assert main(["validate", str(path)]) == 0, capsys.readouterr().err
        assert main(["replay", str(path)]) == 0, capsys.readouterr().err
    assert main(["render", str(path), *svg]) == 0, capsys.readouterr().err


@settings(max_examples=60, deadline=None)
@given(
    totals=st.tuples(
        st.integers(-limits.MAX_TOTAL, limits.MAX_TOTAL),
        st.integers(-limits.MAX_TOTAL, limits.MAX_TOTAL),
    ),
    seed=st.none() | st.integers(limits.MIN_SEED, limits.MAX_SEED),
    hand_number=st.integers(1, limits.MAX_HAND_NUMBER),
)
def test_a_state_in_range_round_trips_through_position_text_and_json(
    totals: tuple[int, int], seed: int | None, hand_number: int
) -> None:
    state = attrs.evolve(
        canasta.new_game("classic", seed=1), totals=totals, seed=seed, hand_number=hand_number
    )
    assert canasta.problems(state) == ()
    text = canasta.format_position(state)
    assert canasta.parse_position(text) == state
    assert canasta.from_json(canasta.to_json(state)) == state
    assert canasta.from_json(canasta.to_json(canasta.parse_position(text))) == state


@settings(max_examples=60, deadline=None)
@given(
    field=st.sampled_from(["total", "seed", "hand"]),
    over=st.integers(1, 2**70),
    below=st.booleans(),
)
def test_a_number_out_of_range_is_refused_by_position_text_and_json_alike(
    field: str, over: int, below: bool
) -> None:
    state = canasta.new_game("classic", seed=1)
    text, document = canasta.format_position(state), json.loads(canasta.to_json(state))
    if field == "total":
        value = -limits.MAX_TOTAL - over if below else limits.MAX_TOTAL + over
        text = text.replace("totals 0 0", f"totals {value} 0")
        document["totals"] = [value, 0]
    elif field == "seed":
        value = limits.MIN_SEED - over if below else limits.MAX_SEED + over
        text = text.replace("seed 1\n", f"seed {value}\n")
        document["seed"] = value
    else:
        value = 1 - over if below else limits.MAX_HAND_NUMBER + over
        text = text.replace("hand 1 ", f"hand {value} ")
        document["hand_number"] = value
    with pytest.raises(NotationError):
        canasta.parse_position(text)
    with pytest.raises(NotationError):
        canasta.from_json(json.dumps(document))


@pytest.mark.parametrize("field", ["name", "description"])
def test_a_variants_text_with_a_lone_surrogate_is_refused(field: str) -> None:
    """Such text has no UTF-8 form: it was taken by every format, and ``canasta replay`` of
    a record of it failed to print ("'utf-8' codec can't encode character '\\ud800'")."""
    classic = canasta.get_variant("classic")
    with pytest.raises(canasta.VariantError, match=field):
        classic.derive(**{field: "a\ud800b"})
    document = json.loads(canasta.to_json(classic.derive(**{field: "a-b"})))
    document["changes"][field] = "a\ud800b"
    with pytest.raises(NotationError):
        canasta.from_json(json.dumps(document))  # the surrogate escaped, as JSON writes it


def test_a_question_to_a_partner_nobody_has_is_a_state_error() -> None:
    """A state built by hand whose turn asked partner in a game without partners is in the
    answer phase (the phase follows from the turn) with nobody to answer: ``current_seat``
    and every entry point that reads it raised a bare ``IndexError``."""
    state = canasta.apply(canasta.new_game("two-player", seed=3), "draw")
    state = attrs.evolve(state, turn=attrs.evolve(state.turn, asked=True))
    assert state.phase is canasta.Phase.ANSWER
    assert [p.code for p in canasta.problems(state)] == ["no_partner"]
    calls: list[Callable[[], Any]] = [
        lambda: state.current_seat,
        lambda: len(canasta.legal_actions(state)),
        lambda: canasta.check(state, canasta.AnswerPartner(seat=1, yes=True)),
        lambda: canasta.apply(state, canasta.AnswerPartner(seat=1, yes=True)),
        lambda: canasta.observe(state, 0),
    ]
    for call in calls:
        assert "no partner" in _message(call, canasta.StateError)


@pytest.mark.parametrize(("name", "seat"), [("classic", 4), ("classic", -1), ("five-player", 0)])
@pytest.mark.parametrize("drew", [None, canasta.DrawSource.STOCK])
def test_a_turn_of_a_seat_not_playing_is_a_state_error(
    name: str, seat: int, drew: canasta.DrawSource | None
) -> None:
    """A state built by hand whose turn is a seat that does not play the hand (out of range,
    or sitting out): the menu raised a bare ``IndexError`` (the seat's hand looked up) or a
    ``ValueError`` (its side), and seat -1 read as the last seat's actions."""
    state = canasta.new_game(name, seed=4)
    state = attrs.evolve(state, turn=canasta.Turn(seat=seat, drew=drew))
    assert seat not in state.order
    assert [p.code for p in canasta.problems(state)] == ["seat_not_playing"]
    message = _message(lambda: list(canasta.legal_actions(state)), canasta.StateError)
    assert f"seat {seat} does not play this hand" in message
    violation = canasta.check(state, canasta.Draw(seat=state.order[0]))
    assert violation is not None and violation.reason is canasta.Reason.NOT_YOUR_TURN


def test_a_position_refused_as_a_whole_names_no_argument() -> None:
    """Partner said yes, so the player must go out, and cannot (§2 case 28): no legal action.
    The refusal is about the position as a whole: its message began with ": "."""
    with pytest.raises(canasta.PositionError) as info:
        canasta.position(
            "classic",
            hands=["KH KS 9C 9D 5H", "4C 4D 6H 7H 8H", "QH QS JC JD TH", "5C 5D 6C 7C 8C"],
            melds=[["AH AS AD AC 2C 2D JK"], []],
            discard_pile="4S",
            phase="play",
            asked=True,
            permission=True,
        )
    assert str(info.value) == "the seat to act (0) would have no legal action"


@pytest.mark.parametrize(
    "end", ["stock_exhausted seat=0", "stock_exhausted", "last_card_red_three seat=0"]
)
def test_a_hand_ended_at_the_stock_while_it_holds_cards_is_refused(end: str) -> None:
    """Only going out ends a hand while the stock holds cards (§2 cases 30-33): a position,
    or its JSON, of a hand over with an exhausted stock that holds 60 cards was read."""
    state = canasta.apply(canasta.new_game("classic", seed=1), "draw")
    text = canasta.format_position(state)
    over = text.replace("turn 0 play drew=stock", f"turn 0 hand_over drew=stock\nend {end}")
    assert over != text
    message = _message(lambda: canasta.parse_position(over), NotationError)
    assert "(stock)" in message and "the stock holds 60 cards" in message
    document = json.loads(canasta.to_json(state))
    reason, *seat = end.split()
    document["phase"] = "hand_over"
    document["end"] = {
        "reason": reason,
        "seat": 0 if seat else None,
        "concealed": False,
        "partner_had_melded": False,
    }
    message = _message(lambda: canasta.from_json(json.dumps(document)), NotationError)
    assert message.startswith("$.stock: the hand ended at the exhausted stock")
