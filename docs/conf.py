"""Sphinx configuration for the canasta documentation."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
# docs/_ext: the rules-reference citations (§2 case 28 ...) become links in the API pages
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

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
    "sphinx.ext.intersphinx",
    "rules_citations",
]

exclude_patterns = ["_build"]

# Links to the Python documentation. The build must work offline (CI has no network beyond the
# package index), so the inventory is a small local file listing the Python objects these pages
# refer to, in the plain-text version 1 format (``name type page``; see
# _intersphinx/python.inv); the links still point at docs.python.org.
intersphinx_mapping = {"python": ("https://docs.python.org/3", "_intersphinx/python.inv")}

# Types in the signature (one parameter a line when it is long), as python-chess does: with
# "description", a docstring whose Args and Raises are parted by a paragraph got its parameters
# listed twice.
autodoc_typehints = "signature"
python_maximum_signature_line_length = 88
napoleon_use_ivar = True
# ``>>>`` blocks in docstrings run under pytest --doctest-modules; the pages' ``.. doctest::``
# blocks run here (sphinx-build -b doctest).
doctest_test_doctest_blocks = ""
doctest_global_setup = "import canasta"
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)
nitpicky = False

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_title = "canasta"

# ---------------------------------------------------------------------------------------------
# Pages generated from the code, so they cannot drift from it: the variant table and the
# reason codes. They are written to _generated/ before the build reads the sources.


def _attr_docs(module: str) -> dict[tuple[str, str], str]:
    from sphinx.pycode import ModuleAnalyzer

    docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    from rules_citations import linkify

    return {
        key: linkify(" ".join(line.strip() for line in lines).strip())
        for key, lines in docs.items()
    }


def _plain(text: str) -> str:
    """A table cell that reads as the text itself: a value such as ``-`` or ``(0) (1)`` at the
    start of a cell would open a bullet or numbered list; an escaped first character does not."""
    return "\\" + text if text else text


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

    from rules_citations import linkify

    fields = canasta.variants.variant_fields()
    names = canasta.variant_names()
    rows = [
        [f"``{field}``", *map(_plain, values), linkify(fields[field][1].doc)]
        for field, values in variant_rows(names)
        if field != "name"
    ]
    (here / "variants.rst").write_text(
        _table(["field", *names, "meaning and source (rules reference)"], rows), encoding="utf-8"
    )
    presets = [[f"``{n}``", canasta.get_variant(n).description] for n in names]
    aliases = canasta.variants.variant_aliases()
    for row in presets:
        name = row[0].strip("`")
        extra = [a for a, n in aliases.items() if n == name]
        if extra:
            row[1] += " (aliases: " + ", ".join(f"``{a}``" for a in extra) + ")"
    (here / "presets.rst").write_text(_table(["preset", "what it is"], presets), encoding="utf-8")
    schema = json.dumps(canasta.json_schema(), indent=2, ensure_ascii=False)
    (here / "canasta.schema.json").write_text(schema + "\n", encoding="utf-8")
    docs = _attr_docs("canasta.errors")
    undocumented = [r.name for r in canasta.Reason if not docs.get(("Reason", r.name))]
    if undocumented:
        raise RuntimeError(f"Reason codes without a #: comment in errors.py: {undocumented}")
    rows = [[f"``{r.value}``", docs[("Reason", r.name)]] for r in canasta.Reason]
    (here / "reasons.rst").write_text(_table(["reason", "rule"], rows), encoding="utf-8")
    (here / "exceptions.rst").write_text(_exception_tree(canasta.CanastaError), encoding="utf-8")


def _exception_tree(root: type) -> str:
    """The exception tree drawn from the classes themselves (every subclass of ``root`` that the
    package exports, with its bases), then each class's documentation in the same order."""
    import canasta

    public = set(canasta.__all__)
    lines: list[str] = []
    order: list[type] = []

    def walk(cls: type, prefix: str, branch: str) -> None:
        order.append(cls)
        lines.append(f"   {branch}{cls.__name__}({', '.join(b.__name__ for b in cls.__bases__)})")
        children = [c for c in cls.__subclasses__() if c.__name__ in public]
        for i, child in enumerate(children):
            last = i == len(children) - 1
            more, branch = ("    ", "└── ") if last else ("│   ", "├── ")
            walk(child, prefix + more, prefix + branch)

    walk(root, "", "")
    classes = [f".. autoclass:: canasta.{cls.__name__}\n   :no-index:\n" for cls in order]
    return ".. code-block:: text\n\n" + "\n".join(lines) + "\n\n" + "\n".join(classes)


def _sentence_not_type(
    _app: object, what: str, _name: str, _obj: object, _options: object, lines: list[str]
) -> None:
    """Undo napoleon's reading of a sentence as a type.

    napoleon takes the words before the first colon of an attribute's docstring for its type
    (``int: the seat``). The docstrings here are sentences that often contain a colon ("The
    player must keep a card: going out needs..."); when the "type" napoleon found is such a
    sentence (it holds a space, and no ``|``, ``[`` or backquote), it is put back in front.
    """
    if what not in ("attribute", "data", "property") or len(lines) < 2:
        return
    last = lines[-1]
    if not last.startswith(":type: ") or lines[-2] != "":
        return
    head = last.removeprefix(":type: ")
    if " " not in head.strip() or any(c in head for c in "|[`"):
        return
    body = lines[:-2]
    first = body[0] if body else ""
    lines[:] = [f"{head}: {first}".rstrip(), *body[1:]]


_UNTESTED_PYTHON = re.compile(
    r"^\s*\.\. (?:code-block|code|sourcecode)::\s*(?:python|py|pycon|python3)\s*$", re.M
)


def _python_is_doctested(app: Any, docname: str, source: list[str]) -> None:
    """Every Python example on the pages runs under ``sphinx-build -b doctest``: a Python code
    block that would not run is reported (and, built with ``-W``, fails the build). Use
    ``.. doctest::`` or ``.. testcode::`` with ``.. testoutput::`` instead."""
    from sphinx.util import logging

    for match in _UNTESTED_PYTHON.finditer(source[0]):
        line = source[0].count("\n", 0, match.start()) + 1
        logging.getLogger(__name__).warning(
            "a Python code block is not run; make it a doctest",
            location=(docname, line),
        )


_DOCUMENTED = re.compile(r"^\.\. (?:auto\w+|py:\w+):: (?:canasta\.)?(\w+)\s*$", re.M)


def _api_is_complete(app: Any, docname: str, source: list[str]) -> None:
    """The API reference lists every name of ``canasta.__all__`` (a warning names the missing)."""
    if docname != "api":
        return
    from sphinx.util import logging

    import canasta

    missing = sorted(set(canasta.__all__) - set(_DOCUMENTED.findall(source[0])))
    if missing:
        logging.getLogger(__name__).warning(
            "the API reference misses %s", ", ".join(missing), location=docname
        )


def setup(app: Any) -> None:
    _generate()
    # After napoleon's handler (priority 500).
    app.connect("autodoc-process-docstring", _sentence_not_type, priority=600)
    app.connect("source-read", _python_is_doctested)
    app.connect("source-read", _api_is_complete)
