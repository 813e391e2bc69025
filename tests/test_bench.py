"""The benchmark's command line: the shape of its table and JSON, and its refusals (no speeds)."""

from __future__ import annotations

import contextlib
import importlib.metadata
import io
import json
import subprocess
import sys
from typing import Any

import pytest

import canasta
from canasta import bench

PRESETS = ["two-player", "six-player"]
VARIANT_KEYS = {
    "seats",
    "hands",
    "actions",
    "seconds",
    "actions_per_second",
    "hands_per_second",
    "sampled_states",
    "sampled_big_hands",
    "largest_hand",
    "legal_actions_ms",
    "apply_us",
    "by_hand_size",
    "actions_per_evolve",
    "worst_case_menu",
}
WORST_CASE_KEYS = {
    "hand",
    "minimum",
    "menu",
    "len_ms",
    "first_index_ms",
    "index_ms",
    "check_ms",
    "iterate_ms",
}
BUCKETS = ["0", *(f"{lo}-{lo + 4}" for lo in range(1, 41, 5)), "41+"]
SIZE_HEADER = [
    "cards",
    "states",
    "median",
    "ms",
    "p99",
    "ms",
    "mean",
    "menu",
    "apply",
    "median",
    "µs",
]
PEER_KEYS = {
    "status",
    "game",
    "version",
    "hands",
    "actions",
    "chance_actions",
    "seconds",
    "actions_per_second",
    "hands_per_second",
    "classic_ratio",
}


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    """One JSON run through the command line, with the real memory probe."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(["--hands", "2", "--variant", *PRESETS, "--no-peers", "--json"]) == 0
    figures: dict[str, Any] = json.loads(out.getvalue())
    return figures


def test_json_shape(result: dict[str, Any]) -> None:
    assert set(result) == {
        "format",
        "machine",
        "build",
        "hands",
        "seed",
        "variants",
        "by_hand_size",
        "memory",
        "reference_evolves_per_second",
        "peers",
    }
    assert result["format"] == bench.FORMAT
    assert result["build"] == ("compiled" if canasta.COMPILED else "python")
    assert result["hands"] == 2 and result["seed"] == 0
    assert list(result["variants"]) == PRESETS
    for name, v in result["variants"].items():
        assert set(v) == VARIANT_KEYS
        assert v["seats"] == canasta.get_variant(name).players
        assert v["hands"] == 2 and v["actions"] > 0 and v["actions_per_second"] > 0
        assert set(v["legal_actions_ms"]) == {"median", "p99", "max"}
        assert set(v["apply_us"]) == {"median", "p99"}
        assert list(v["by_hand_size"]) == BUCKETS
        assert sum(b["states"] for b in v["by_hand_size"].values()) == v["sampled_states"]
        worst = v["worst_case_menu"]
        assert list(worst) == ["play", "draw"]
        for phase in worst.values():
            assert set(phase) == WORST_CASE_KEYS
            assert phase["menu"] > 1_000 and phase["hand"] >= 99
        assert worst["play"]["iterate_ms"] is None  # far too long to list
        assert worst["draw"]["iterate_ms"] is not None
    pooled = result["by_hand_size"]
    assert list(pooled) == BUCKETS
    assert set(pooled["1-5"]) == {"states", "median_ms", "p99_ms", "mean_menu", "apply_median_us"}
    assert sum(b["states"] for b in pooled.values()) == sum(
        v["sampled_states"] for v in result["variants"].values()
    )
    for row in pooled.values():
        assert (row["median_ms"] is None) == (row["states"] == 0)


def test_json_memory_and_peers(result: dict[str, Any]) -> None:
    mem = result["memory"]
    assert mem["error"] is None, mem["error"]
    assert mem["states"] == 10_000 and mem["hands"] > 1
    assert mem["peak_mib"] > mem["baseline_mib"] > 0
    assert mem["difference_mib"] == pytest.approx(mem["peak_mib"] - mem["baseline_mib"], abs=0.2)
    assert result["peers"] == {
        "measured": False,
        "rounds": None,
        "classic_actions": None,
        "classic_actions_per_second": None,
        "open_spiel": None,
        "rlcard": None,
    }


def test_table(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "MEMORY_STATES", 300)
    assert bench.main(["--hands", "2", "--variant", "classic", "--no-peers", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("canasta.bench: 2 random hands per preset, seed 5;")
    assert lines[1].startswith("build: " + ("compiled" if canasta.COMPILED else "Python source"))
    header = next(i for i, line in enumerate(lines) if line.startswith("preset"))
    assert lines[header].split() == [
        "preset", "seats", "actions", "actions/s", "hands/s",
        "median", "p99", "max", "median", "p99", "states", "25+",
    ]  # fmt: skip
    row = lines[header + 1].split()
    assert row[0] == "classic" and row[1] == "4" and len(row) == 12
    assert lines[header + 2] == ""
    assert any(line.split() == SIZE_HEADER for line in lines)
    worst = next(i for i, line in enumerate(lines) if line.startswith("worst-case menu:"))
    assert lines[worst + 2].split() == [
        "preset", "phase", "cards", "menu", "len", "first", "index", "check", "iterate",
    ]  # fmt: skip
    assert lines[worst + 3].split()[:3] == ["classic", "play", "100"]
    assert lines[worst + 4].split()[:3] == ["classic", "draw", "99"]
    assert "memory: 300 states of one random classic game" in out
    assert lines[-1] == "peers: not measured (--no-peers)"


def test_peers_not_installed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in ("pyspiel", "rlcard", "rlcard.games.gin_rummy.game"):
        monkeypatch.setitem(sys.modules, module, None)  # import fails: "not installed"
    monkeypatch.setattr(bench, "MEMORY_STATES", 300)
    assert bench.main(["--hands", "1", "--variant", "two-player"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3].startswith("peers: random playouts, 1 games each, player actions only, ")
    assert lines[-2].split() == ["open_spiel", "not", "installed"]
    assert lines[-1].split() == ["rlcard", "not", "installed"]


def test_peers_interleaved_and_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(seed: int) -> bench._Play:
        raise ImportError("no such peer")

    def broken(seed: int) -> bench._Play:
        def play(first: int, count: int) -> tuple[int, int]:
            raise RuntimeError("bad\nstate")

        return play

    monkeypatch.setattr(
        bench,
        "_PEER_GAMES",
        {"open_spiel": ("a", "attrs", missing), "rlcard": ("b", "attrs", broken)},
    )
    peers = bench._peers(3, 0)
    assert peers["measured"] is True and peers["rounds"] == 3
    assert peers["classic_actions"] > 0 and peers["classic_actions_per_second"] > 0
    assert set(peers["open_spiel"]) == set(peers["rlcard"]) == PEER_KEYS
    assert peers["open_spiel"]["status"] == "not installed"
    assert peers["rlcard"]["status"] == "failed: RuntimeError: bad"
    assert peers["rlcard"]["actions_per_second"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "0"], "--hands must be at least 1, not 0"),
        (["--hands", "-4"], "--hands must be at least 1, not -4"),
        (["--hands", "many"], "argument --hands: invalid int value: 'many'"),
        (["--variant", "classic", "bridge"], "unknown preset 'bridge'; known presets: classic, "),
        (["--variant"], "argument --variant: expected at least one argument"),
        (["--seed", "1.5"], "argument --seed: invalid int value: '1.5'"),
        (["--fast"], "unrecognized arguments: --fast"),
    ],
)
def test_refuses_nonsense(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"canasta.bench: error: {message}")
    assert captured.err.count("\n") == 1


def test_unknown_preset_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--variant", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith(", ".join(canasta.variant_names()))


def test_peer_without_metadata_is_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """A peer importable without its distribution's metadata (a source tree on PYTHONPATH) is
    measured with version "unknown", not called not installed."""

    def peer(seed: int) -> bench._Play:
        def play(first: int, count: int) -> tuple[int, int]:
            return 10 * count, 0

        return play

    monkeypatch.setattr(
        bench,
        "_PEER_GAMES",
        {"open_spiel": ("a", "no-such-distribution", peer), "rlcard": ("b", "attrs", peer)},
    )
    peers = bench._peers(2, 0)
    assert peers["open_spiel"]["status"] == peers["rlcard"]["status"] == "measured"
    assert peers["open_spiel"]["game"] == "a" and peers["open_spiel"]["version"] == "unknown"
    assert peers["rlcard"]["version"] == importlib.metadata.version("attrs")
    assert peers["open_spiel"]["actions"] == 20


def test_command_line_refusal_is_one_line_and_exit_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "canasta.bench", "--hands", "-1", "--no-peers"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "canasta.bench: error: --hands must be at least 1, not -1\n"
