"""The command line's options and exit status, ``canasta variants NAME``, the progress bar of
``canasta simulate``, and the engine without the terminal library (docs/cli.rst)."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import attrs
import pytest

import canasta
from canasta.cli import main, simulate
from canasta.variants import format_value, variant_field_docs, variant_rows

ROOT = Path(__file__).parent.parent


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert capsys.readouterr().out == f"canasta {project['version']}\n"
    assert canasta.__version__ == project["version"]


def _files(tmp_path: Path) -> dict[str, Path]:
    """A legal record, a record with an illegal action, a file that is no record, none at all."""
    state = canasta.new_game("classic", seed=11)
    seat = state.current_seat
    legal = canasta.GameRecord(variant=state.variant, seed=11, actions=(canasta.Draw(seat),))
    other = (seat + 1) % state.variant.players
    illegal = attrs.evolve(legal, actions=(canasta.Draw(other),))  # not_your_turn
    files = {"legal": legal.dumps(), "illegal": illegal.dumps(), "garbage": "[Variant nope]\n"}
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_text(text, encoding="utf-8")
    paths["missing"] = tmp_path / "missing.txt"
    return paths


@pytest.mark.parametrize("command", ["validate", "validate --json", "replay", "render"])
@pytest.mark.parametrize(
    ("file", "status"), [("legal", 0), ("illegal", 1), ("garbage", 2), ("missing", 2)]
)
def test_exit_status_is_0_legal_1_illegal_2_unreadable(
    command: str, file: str, status: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One meaning per exit status across the commands that read a record (``validate`` used to
    exit 1 for a file it could not read, where ``replay`` exited 2)."""
    path = str(_files(tmp_path)[file])
    argv = [
        *command.split(),
        path,
        *(["--svg", str(tmp_path / "t.svg")] if command == "render" else []),
    ]
    assert main(argv) == status
    out, err = capsys.readouterr()
    if status == 2 and command != "validate --json":
        assert err.startswith("canasta: error: ") and err.count("\n") == 1
    if status == 1 and command in ("replay", "render"):
        assert err.startswith("canasta: illegal action 0 (draw): not_your_turn")
    if command == "validate --json" and status:
        assert '"valid": false' in out


def test_render_draws_the_table_just_before_a_disputed_move(tmp_path: Path) -> None:
    """``render --move N`` plays the first N actions only: an illegal action N (the disputed
    one) does not stop the picture of the table before it; ``--move N+1`` reaches it (exit 1)."""
    state = canasta.new_game("classic", seed=7)
    held = state.hands[0]
    missing = next(c for c in state.variant.pack() if c not in held)
    record = tmp_path / "disputed.txt"
    record.write_text(
        f"[Variant classic]\n[Seed 7]\n\n0: draw\n0: discard {missing}\n", encoding="utf-8"
    )
    svg = tmp_path / "t.svg"
    assert main(["render", str(record), "--svg", str(svg), "--move", "1"]) == 0
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    assert main(["render", str(record), "--svg", str(svg), "--move", "2"]) == 1


def test_usage_errors_exit_2() -> None:
    for argv in (["validate"], ["render", "x"], ["variants", "classic", "extra"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2


def test_variants_name_explains_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "two-player"]) == 0
    out = capsys.readouterr().out
    players = (
        r'\n  players +2\n      Number of seats at the table\. \(§1 "Players, sides, seating"\)'
    )
    assert re.search(players, out)
    assert re.search(r"\n  sides +0 v 1\n", out)
    assert re.search(r"\n  draw_count +2\n      Cards drawn from the stock in one turn\.", out)
    v = canasta.get_variant("two-player")
    docs = variant_field_docs()
    for field, _ in variant_rows(("two-player",)):
        if field == "name":
            continue
        meaning, cites = docs[field]
        assert meaning
        value = format_value(getattr(v, field))
        assert re.search(rf"\n  {field} +{re.escape(value)}\n", out)
        note = meaning + (f" ({'; '.join(cites)})" if cites else "")
        assert f"{field} {value} {note}" in " ".join(out.split())


def test_every_variant_field_is_documented_with_its_rule() -> None:
    """The explanations come from the fields' ``#:`` documentation: a new field needs one."""
    docs = variant_field_docs()
    fields = [f.name for f in attrs.fields(canasta.Variant) if f.init]
    assert list(docs) == fields
    for field in fields:
        meaning, cites = docs[field]
        assert meaning.endswith((".", ")")) and "§" not in meaning, (field, meaning)
        assert all(c.startswith("§") for c in cites)
    undocumented = {f for f in fields if not docs[f][1]}
    assert undocumented <= {"name", "description", "sit_out_side"}


def test_sides_read_as_seats_of_each_side() -> None:
    """The docs' table showed ``(0) (1)`` as an empty numbered list; now ``0+2 v 1+3``."""
    assert format_value(canasta.get_variant("classic").sides) == "0+2 v 1+3"
    assert format_value(canasta.get_variant("two-player").sides) == "0 v 1"
    assert format_value(canasta.get_variant("six-player-3x2").sides) == "0+3 v 1+4 v 2+5"
    docutils = pytest.importorskip("docutils.core")
    spec = importlib.util.spec_from_file_location("docs_conf", ROOT / "docs" / "conf.py")
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    for field, cells in variant_rows():
        for cell in cells:  # each value cell of the docs' table reads as the value, no list
            tree = docutils.publish_doctree(
                conf._plain(cell), settings_overrides={"report_level": 5}
            )
            assert [n.tagname for n in tree.children] == ["paragraph"], (field, cell)
            assert tree.astext() == cell, (field, cell)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_shows_a_progress_bar_with_the_time_left_at_a_terminal() -> None:
    out, err = io.StringIO(), _Terminal()
    assert simulate(3, 1, "classic", "greedy", out, err) == 0
    screen = re.sub(r"\x1b\[[0-?]*[ -/]*[@-~]", "", err.getvalue())
    assert "3/3 matches, time left 0:00:00" in screen
    assert "3 matches" in out.getvalue()


def test_simulate_writes_no_progress_to_a_pipe() -> None:
    """The hand-written bar wrote its frames to pipes and files; off a terminal it is quiet."""
    result = subprocess.run(
        [sys.executable, "-m", "canasta", "simulate", "--games", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "2 matches" in result.stdout


#: Run in a fresh interpreter where ``import rich`` fails as if rich were not installed.
WITHOUT_RICH = """
import importlib.abc, io, sys

class NoRich(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "rich" or name.startswith("rich."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoRich())
import canasta
from canasta import cli

state = canasta.new_game("classic", seed=1)
while not state.is_hand_over:
    state = canasta.apply(state, canasta.legal_actions(state)[0])
print("hand", canasta.score_hand(state).totals)
assert cli.main(["demo", "--seed", "3"]) == 0
assert cli.main(["play"]) == 2

class Terminal(io.StringIO):
    def isatty(self):
        return True

err = Terminal()
assert cli.simulate(1, 0, "classic", "greedy", io.StringIO(), err) == 0
print("simulate:", err.getvalue().strip())
assert not [m for m in sys.modules if m == "rich" or m.startswith("rich.")]
"""


def test_the_engine_and_demo_run_without_rich() -> None:
    """rich is the ``cli`` extra: the library, ``canasta demo`` and ``simulate`` run without
    it, and ``canasta play`` says in one line what to install."""
    result = subprocess.run(
        [sys.executable, "-c", WITHOUT_RICH], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "hand (" in result.stdout and "=== Match over after" in result.stdout
    assert result.stderr == (
        "canasta: error: canasta play: it needs the terminal library rich: "
        "pip install 'canasta[cli]'\n"
    )
    assert "simulate: canasta: no progress bar: it needs the terminal library rich" in (
        result.stdout
    )


def test_rich_is_the_cli_extra_and_no_unused_dependency_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # typing-extensions was never imported; cattrs makes the JSON forms (canasta._codec)
    assert project["dependencies"] == ["attrs>=23.2", "cattrs>=24"]
    extras = project["optional-dependencies"]
    assert extras["cli"] == ["rich>=13"]
    assert "canasta[cli]" in extras["test"]  # the README's test command installs rich too


def test_simulate_json_gives_the_summary_with_the_wins_by_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    assert (
        main(["simulate", "--games", "3", "--seed", "4", "--bots", "greedy,random", "--json"]) == 0
    )
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert captured.err == ""
    assert summary["variant"] == "classic" and summary["games"] == 3
    assert summary["seeds"] == [4, 6]
    assert summary["bots"] == ["greedy", "random", "greedy", "random"]
    sides = summary["wins_by_side"]
    assert [s["seats"] for s in sides] == [[0, 2], [1, 3]]
    assert sum(s["wins"] for s in sides) == 3
    # the greedy bots sit on side 0, the random ones on side 1
    assert summary["wins_by_bot"] == {"greedy": sides[0]["wins"], "random": sides[1]["wins"]}
    assert summary["hands_per_match"] > 0 and summary["actions_per_hand"] > 0
    assert summary["actions_per_second"] > 0
    # the same figures as the text summary
    main(["simulate", "--games", "3", "--seed", "4", "--bots", "greedy,random"])
    text = capsys.readouterr().out
    assert f"hands per match:   {summary['hands_per_match']:.2f}" in text
    assert f"wins side 0 (seats 0+2): {sides[0]['wins']:g}" in text


def test_simulate_json_credits_every_bot_of_a_winning_side() -> None:
    import json

    out = io.StringIO()
    assert (
        simulate(2, 0, "classic", "greedy,greedy,random,random", out, io.StringIO(), as_json=True)
        == 0
    )
    summary = json.loads(out.getvalue())
    won = {s["side"]: s["wins"] for s in summary["wins_by_side"]}
    # seats 0 and 2 (side 0) are greedy and random, as are seats 1 and 3 (side 1)
    assert summary["wins_by_bot"] == {"greedy": won[0] + won[1], "random": won[0] + won[1]}
