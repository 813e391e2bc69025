"""Every script in examples/ runs, and prints what it promises."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs_as_a_script(path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_validate_move_example_verdicts() -> None:
    module = runpy.run_path(str(EXAMPLES[0].parent / "validate_move.py"))
    verdicts = module["main"]()
    assert verdicts == [
        "illegal (initial_meld_below_minimum)",
        "illegal (initial_meld_below_minimum)",
        "illegal (initial_meld_below_minimum)",
        "illegal (initial_meld_below_minimum)",
        "legal",
        "illegal (card_not_in_hand)",
        "illegal (wrong_phase)",
    ]


def test_bot_match_example_reaches_the_target() -> None:
    module = runpy.run_path(str(EXAMPLES[0].parent / "bot_match.py"))
    totals = module["main"]()
    assert max(totals) >= 5000


def test_random_hand_example_score_is_the_sum_of_its_lines() -> None:
    module = runpy.run_path(str(EXAMPLES[0].parent / "play_random_hand.py"))
    score = module["main"]()
    for side in score.sides:
        assert side.total == sum(line.points for line in side.lines)


def test_draw_table_example_writes_pictures_of_what_each_may_see(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    module = runpy.run_path(str(EXAMPLES[0].parent / "draw_table.py"))
    table, view = module["main"](tmp_path)
    for path in (table, view):
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        assert root.tag.endswith("svg")
    # the table shows seat 0's hand face up; seat 1's view shows only its own hand face up
    assert 'class="hand up" data-seat="0"' in table.read_text(encoding="utf-8")
    seen = view.read_text(encoding="utf-8")
    assert 'class="hand up" data-seat="1"' in seen
    assert 'class="hand down" data-seat="0"' in seen
    assert 'class="hand up" data-seat="0"' not in seen


def test_table_server_example_refuses_moves_out_of_turn_and_tells_every_seat() -> None:
    module = runpy.run_path(str(EXAMPLES[0].parent / "table_server.py"))
    result = module["main"]()
    assert result["applied"] > 0 and result["refused"] > 0
    # every seat is told of every move (its events), so all hear the same number of events
    assert len({result[f"told {s}"] for s in range(4)}) == 1
