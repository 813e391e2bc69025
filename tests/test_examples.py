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
