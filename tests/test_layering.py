"""The house's layers: imports go one way only (see docs/architecture.rst).

The layer table is read from docs/architecture.rst, so the page and this test cannot drift
apart: a new module is placed by adding its name to its row there. Every module of
``src/canasta`` is read with :mod:`ast`, and every import counts: at the top of the module,
inside a function, and under ``if TYPE_CHECKING:`` (a type a module names is a module it depends
on, even if it never runs the import). A module may import modules of its own layer or of lower
ones, never of a higher one; and no modules import each other round in a circle, whatever their
layers. No exceptions are allowed.
"""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "canasta"
PAGE = PACKAGE.parent.parent / "docs" / "architecture.rst"


def _layers(page: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The page's layer table, lowest layer first: (layer, its modules) pairs. A row starts
    with the layer's name in the first column; lines with that column blank continue it."""
    border = re.compile(r"^(=+) =+$", re.M)
    rules = list(border.finditer(page))
    assert len(rules) >= 3, "the layer table of docs/architecture.rst"
    width = len(rules[0].group(1))
    rows: list[tuple[str, list[str]]] = []
    for line in page[rules[1].end() : rules[2].start()].strip("\n").splitlines():
        layer, modules = line[:width].strip(), re.findall(r"``([\w]+)``", line[width:])
        if layer:
            rows.append((layer, []))
        rows[-1][1].extend(modules)
    return tuple((layer, tuple(modules)) for layer, modules in rows)


LAYERS = _layers(PAGE.read_text(encoding="utf-8"))
LAYER_OF = {name: i for i, (_, names) in enumerate(LAYERS) for name in names}
CORE = frozenset(LAYERS[0][1])


def _modules() -> dict[str, Path]:
    return {p.stem: p for p in sorted(PACKAGE.glob("*.py"))}


def _imports(source: str) -> set[str]:
    """The modules of the package that ``source`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:  # from .x import y
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import x, y
                found.update(a.name for a in node.names)
            elif node.level == 0 and node.module and node.module.startswith("canasta."):
                found.add(node.module.split(".")[1])
            elif node.level == 0 and node.module == "canasta":  # from canasta import x
                found.update(a.name for a in node.names)
                found.add("__init__")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("canasta."):
                    found.add(a.name.split(".")[1])
                elif a.name == "canasta":
                    found.add("__init__")
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {
        name: {m for m in _imports(path.read_text(encoding="utf-8")) if m in modules and m != name}
        for name, path in modules.items()
    }


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (``[a, b, ..., a]``), or ``[]`` if it has none."""
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        return list(reversed(exc.args[1]))
    return []


def test_the_table_is_read() -> None:
    assert [layer for layer, _ in LAYERS] == [
        "core",
        "formats",
        "engine",
        "replay",
        "bots and renderers",
        "apps",
    ]
    assert {"state", "_rules", "_judge", "legal", "views"} <= CORE
    assert LAYER_OF["records"] > LAYER_OF["engine"] > LAYER_OF["notation"]
    assert sum(len(names) for _, names in LAYERS) == len(LAYER_OF)  # no module in two rows


def test_every_module_has_a_layer() -> None:
    assert sorted(set(_modules()) - set(LAYER_OF)) == []
    assert sorted(set(LAYER_OF) - set(_modules())) == []


def test_no_module_imports_a_higher_layer() -> None:
    upward = sorted(
        f"{a} ({LAYERS[LAYER_OF[a]][0]}) imports {b} ({LAYERS[LAYER_OF[b]][0]})"
        for a, targets in _graph().items()
        for b in targets
        if LAYER_OF[b] > LAYER_OF[a]
    )
    assert upward == []


def test_the_core_imports_no_format_and_no_app() -> None:
    graph = _graph()
    assert sorted(f"{a} imports {b}" for a in CORE for b in graph[a] - CORE) == []


def test_no_import_circle() -> None:
    assert " -> ".join(_circle(_graph())) == ""


def test_the_circle_finder_finds_circles() -> None:
    """The check above can fail: a circle of any length, within a layer or across layers."""
    assert _circle({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert _circle({"a": {"b"}, "b": {"a"}}) in (["a", "b", "a"], ["b", "a", "b"])
    found = _circle({"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"b"}})
    assert found[0] == found[-1] and set(found) == {"b", "c", "d"}
    graph = _graph()
    graph["errors"] = graph["errors"] | {"views"}  # the lowest module importing a high one
    assert "errors" in _circle(graph)


@pytest.mark.parametrize(
    ("source", "imported"),
    [
        ("from .engine import apply", {"engine"}),
        ("from . import engine, notation", {"engine", "notation"}),
        ("def f():\n    from .views import stand_in", {"views"}),
        ("if TYPE_CHECKING:\n    from canasta.records import GameRecord", {"records"}),
        ("import canasta.serialize", {"serialize"}),
        ("import canasta", {"__init__"}),
        ("from canasta import apply", {"__init__", "apply"}),
    ],
)
def test_every_import_counts(source: str, imported: set[str]) -> None:
    assert _imports(source) == imported


def test_the_engine_hands_the_core_judge_its_reader() -> None:
    """The judge in the core reads notation and JSON with the engine's reader (handed over, not
    imported), so ``in legal_actions(state)`` takes every form of a move."""
    import canasta
    from canasta import _judge, engine

    assert _judge._read is engine._parse_foreign
    state = canasta.new_game("classic", seed=7)
    menu = canasta.legal_actions(state)
    assert "draw" in menu and canasta.to_dict(canasta.Draw(0)) in menu
    assert "discard 9D" not in menu and canasta.to_dict(canasta.Draw(1)) not in menu
