"""canasta.bench_rl: the adapters' speed against the bare engine and the gin-rummy peers."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from canasta import bench, bench_rl

CONTESTANTS = [
    "engine",
    "engine_listed",
    "openspiel",
    "openspiel_gin_rummy",
    "pettingzoo",
    "pettingzoo_gin_rummy",
]


def test_every_contestant_is_measured_or_says_why() -> None:
    result = bench_rl.run(hands=1, seed=3)
    assert list(result["contestants"]) == CONTESTANTS
    for name in ("engine", "engine_listed", "openspiel", "openspiel_gin_rummy", "pettingzoo"):
        c = result["contestants"][name]
        assert c["status"] == "measured", c
        assert c["actions"] > 0 and c["actions_per_second"] > 0
    assert result["engine_over_openspiel"] > 0 and result["engine_over_pettingzoo"] > 0
    lines = bench_rl.format_report(result).splitlines()
    assert lines[0].startswith("adapters: random play, 1 hands each")
    assert [line.split()[0] for line in lines[1:7]] == CONTESTANTS
    assert lines[-2].startswith("adapter cost (want <= 2): engine/openspiel = ")
    assert result["bound"] == bench_rl.BOUND == 2
    for name in ("openspiel", "pettingzoo"):
        within = result[f"{name}_within_bound"]
        assert within is (result[f"engine_over_{name}"] <= 2)
        assert ("within the bound" if within else "over the bound of 2") in lines[-2]


def test_bench_rl_flag_adds_the_section(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench, "run", lambda *a, **k: {"format": bench.FORMAT})
    monkeypatch.setattr(bench, "format_report", lambda result: "the rest")
    figures: dict[str, Any] = {"hands": 1}
    monkeypatch.setattr(bench_rl, "run", lambda hands, seed: {**figures, "asked": [hands, seed]})
    monkeypatch.setattr(bench_rl, "format_report", lambda result: "adapters: ...")
    assert bench.main(["--hands", "50", "--seed", "2", "--rl"]) == 0
    assert capsys.readouterr().out == "the rest\n\nadapters: ...\n"
    assert bench.main(["--hands", "3", "--rl", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rl"]["asked"] == [3, 0]
    assert bench.main(["--hands", "50", "--rl", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rl"]["asked"] == [bench_rl.HANDS, 0]


def test_refuses_no_hands() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        bench_rl.run(hands=0)
    assert bench_rl.main(["--hands", "0"]) == 2
