"""The house's layers: imports go one way only (see docs/architecture.rst).

Every module of ``src/canasta`` is read with :mod:`ast`, and every import counts: at the top of
the module, inside a function, and under ``if TYPE_CHECKING:`` (a type a module names is a
module it depends on, even if it never runs the import). A module may import modules of its
own layer or of lower ones, never of a higher one; and no modules import each other round in
a circle, whatever their layers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "canasta"

#: The layers, lowest first (docs/architecture.rst draws the same table).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "core",
        frozenset(
            {
                "errors",
                "_memo",
                "cards",
                "melds",
                "systems",
                "variants",
                "_core",
                "deals",
                "actions",
                "state",
                "scoring",
                "_plans",
                "_rules",
                "_menu",
                "legal",
                "validation",
                "views",
            }
        ),
    ),
    ("formats", frozenset({"_codec", "notation", "serialize", "records", "positions"})),
    ("engine", frozenset({"engine"})),
    ("events", frozenset({"events"})),
    (
        "bots and renderers",
        frozenset({"sampling", "search", "bots", "render", "svg", "encoding", "tensors"}),
    ),
    (
        "apps",
        frozenset(
            {
                "play",
                "simulate",
                "bench",
                "bench_rl",
                "openspiel",
                "pettingzoo",
                "cli",
                "__init__",
                "__main__",
            }
        ),
    ),
)
LAYER_OF = {name: i for i, (_, names) in enumerate(LAYERS) for name in names}

#: Imports known to break the layers, in modules being rewritten as this test is written; each
#: is to go (and its line here with it). (importer, imported) pairs of module names.
ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {
        ("legal", "engine"),  # `in legal_actions(state)` takes every form of a move
        ("notation", "engine"),  # the notation's checks of an action ask the engine
        ("records", "engine"),  # a record replays its actions with apply
    }
)


def _modules() -> dict[str, Path]:
    return {p.stem: p for p in sorted(PACKAGE.glob("*.py"))}


def _imports(path: Path) -> set[str]:
    """The modules of the package that ``path`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:  # from .x import y
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import x, y
                found.update(a.name for a in node.names)
            elif node.level == 0 and node.module and node.module.startswith("canasta."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("canasta."):
                    found.add(a.name.split(".")[1])
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {
        name: {m for m in _imports(path) if m in modules and m != name}
        for name, path in modules.items()
    }


def test_every_module_has_a_layer() -> None:
    assert sorted(set(_modules()) - set(LAYER_OF)) == []


def test_no_module_imports_a_higher_layer() -> None:
    upward = sorted(
        f"{a} ({LAYERS[LAYER_OF[a]][0]}) imports {b} ({LAYERS[LAYER_OF[b]][0]})"
        for a, targets in _graph().items()
        for b in targets
        if LAYER_OF[b] > LAYER_OF[a] and (a, b) not in ALLOWED
    )
    assert upward == []


def test_no_import_circle() -> None:
    graph = {a: {b for b in bs if (a, b) not in ALLOWED} for a, bs in _graph().items()}
    circles: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            circles.append([*path[path.index(node) :], node])
            return
        if node in done:
            return
        for nxt in sorted(graph[node]):
            visit(nxt, [*path, node])
        done.add(node)

    for start in sorted(graph):
        visit(start, [])
    assert [" -> ".join(c) for c in circles] == []


@pytest.mark.parametrize("pair", sorted(ALLOWED))
def test_the_allow_list_names_imports_that_exist(pair: tuple[str, str]) -> None:
    """An import that was mended leaves the allow-list, so that it cannot come back."""
    importer, imported = pair
    assert imported in _graph()[importer]


def test_the_table_is_the_documented_one() -> None:
    page = (PACKAGE.parent.parent / "docs" / "architecture.rst").read_text(encoding="utf-8")
    for layer, names in LAYERS:
        assert layer in page
        for name in names:
            assert f"``{name}``" in page, name
