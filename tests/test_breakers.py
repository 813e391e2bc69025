"""Inputs an outside tester tries on every entry point: long tokens, odd types and odd
characters. Each test here held a defect once; it keeps the fix."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import canasta
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
