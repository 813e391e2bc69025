"""The README's code runs, and its quick start names the commands CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_python_blocks_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    assert "side 0" in capsys.readouterr().out


def test_quick_start_is_two_commands_and_ci_runs_the_same_tests() -> None:
    quick = README.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line for line in quick.splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[0].endswith("canasta demo")
    test_command = commands[1]
    assert test_command.endswith(".venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/python -m pytest" in ci
