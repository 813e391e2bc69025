"""The command line: ``canasta demo`` and ``canasta simulate``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from canasta.cli import main


def test_demo_plays_a_full_match_to_5000(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("canasta demo: variant classic, seed 2026, target 5000")
    assert "=== Hand 1 " in out
    assert "--- Score of hand 1 ---" in out
    assert "natural canastas" in out and "cards in hand" in out
    final = re.search(
        r"=== Match over after (\d+) hands: side (\d) \(seats [0-9+]+\) wins ===", out
    )
    assert final is not None
    totals = [int(t) for t in re.findall(r"^  side \d \(seats [0-9+]+\): (-?\d+)$", out, re.M)]
    assert len(totals) == 2 and max(totals) >= 5000
    assert totals[int(final.group(2))] == max(totals)


def test_demo_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "5"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "5"])
    assert capsys.readouterr().out == first


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "3 matches" in out
    assert re.search(r"hands per match:\s+\d+\.\d\d", out)
    assert re.search(r"actions per hand:\s+\d+\.\d", out)
    wins = [float(w) for w in re.findall(r"wins side \d \(seats [0-9+]+\): ([\d.]+)", out)]
    assert sum(wins) == 3
    assert "actions per second" in out
    assert captured.err == ""  # no progress bar off a terminal (tests/test_cli_options.py)


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "0"],
        ["simulate", "--games", "x"],
        ["demo", "--seed", "x"],
        ["bogus"],
    ],
)
def test_bad_arguments_exit_2_with_a_message(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


def test_unknown_variant_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "clasic"]) == 2
    err = capsys.readouterr().err
    assert "unknown variant 'clasic'" in err and "did you mean 'classic'" in err


def test_console_script_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "canasta", "simulate", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "1 matches" in result.stdout


def test_simulate_gives_the_same_results_on_several_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def summary(argv: list[str]) -> list[str]:
        assert main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        return [line for line in lines[1:] if not line.startswith("actions per second")]

    one = summary(["simulate", "--games", "4", "--seed", "2"])
    two = summary(["simulate", "--games", "4", "--seed", "2", "--workers", "2"])
    assert one == two
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "2", "--workers", "0"])


@pytest.mark.parametrize("record", ["/nonexistent-dir/game.json", "."])
def test_demo_refuses_an_unwritable_record_before_playing(
    record: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--record", record]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"canasta: error: cannot write {record}: ") and err.count("\n") == 1


@pytest.mark.parametrize("command", [["demo"], ["simulate", "--games", "1"], ["play"]])
def test_a_seed_beyond_64_bits_is_refused(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*command, "--seed", str(2**63)])
    assert exc.value.code == 2
    assert "--seed: must be a 64-bit integer" in capsys.readouterr().err


def test_demo_says_one_card_not_one_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "takes the discard pile (1 card)" in out
    assert "(1 cards)" not in out
