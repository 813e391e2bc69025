"""Sphinx configuration for the canasta documentation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

project = "canasta"
author = "the canasta developers"
copyright = "2026, the canasta developers"
release = "0.1.0"
version = "0.1"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build"]

autodoc_typehints = "description"
napoleon_use_ivar = True
# ``>>>`` blocks in docstrings run under pytest --doctest-modules; the pages' ``.. doctest::``
# blocks run here (sphinx-build -b doctest).
doctest_test_doctest_blocks = ""
doctest_global_setup = "import canasta"
import doctest as _doctest

doctest_default_flags = _doctest.ELLIPSIS | _doctest.NORMALIZE_WHITESPACE | _doctest.DONT_ACCEPT_TRUE_FOR_1
nitpicky = False

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_title = "canasta"

# ---------------------------------------------------------------------------------------------
# Pages generated from the code, so they cannot drift from it: the variant table and the
# reason codes. They are written to _generated/ before the build reads the sources.


def _attr_docs(module: str) -> dict[tuple[str, str], str]:
    from sphinx.pycode import ModuleAnalyzer

    docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    return {key: " ".join(line.strip() for line in lines).strip() for key, lines in docs.items()}


def _table(header: list[str], rows: list[list[str]]) -> str:
    out = [".. list-table::", "   :header-rows: 1", "   :widths: auto", ""]
    for row in [header, *rows]:
        out.append(f"   * - {row[0]}")
        out.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(out) + "\n"


def _generate(_app: object = None) -> None:
    import canasta
    import canasta.variants

    here = Path(__file__).resolve().parent / "_generated"
    here.mkdir(exist_ok=True)
    from canasta.variants import variant_rows

    docs = _attr_docs("canasta.variants")
    names = canasta.variant_names()
    rows = [
        [f"``{field}``", *values, docs.get(("Variant", field), "")]
        for field, values in variant_rows(names)
        if field != "name"
    ]
    (here / "variants.rst").write_text(
        _table(["field", *names, "meaning and source (RULES.md)"], rows), encoding="utf-8"
    )
    presets = [
        [f"``{n}``", canasta.get_variant(n).description] for n in names
    ]
    aliases = canasta.variants.variant_aliases()
    for row in presets:
        name = row[0].strip("`")
        extra = [a for a, n in aliases.items() if n == name]
        if extra:
            row[1] += " (aliases: " + ", ".join(f"``{a}``" for a in extra) + ")"
    (here / "presets.rst").write_text(_table(["preset", "what it is"], presets), encoding="utf-8")
    docs = _attr_docs("canasta.errors")
    rows = [
        [f"``{r.value}``", docs.get(("Reason", r.name), "")] for r in canasta.Reason
    ]
    (here / "reasons.rst").write_text(_table(["reason", "rule"], rows), encoding="utf-8")


def setup(app: object) -> None:
    _generate()
