"""Inputs an outside tester tries on every entry point: long tokens, odd types and odd
characters. Each test here held a defect once; it keeps the fix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import canasta
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
