"""Citations of the rules reference (``§2 case 28``, ``§1 "Frozen pile"``, ``§4 A7`` ...).

The engine's docstrings, comments and messages cite the rules reference of these docs
(``docs/rules-reference/``) by section: a §1 parameter row by its name, a §2 case, a §3 example
or a §4 ambiguity by its number. Each of them is an explicit label of the reference,
``rules-s1-<row>``, ``rules-s2-case-<n>``, ``rules-s3-example-<n>``, ``rules-s4-a<n>`` (and
``rules-s0``, ``rules-s0-1``, ``rules-s1`` ... ``rules-s5`` for whole sections).

This module finds the citations in a text and the labels they stand for
(:func:`find_citations`), reads the labels of the reference (:func:`rst_labels`), and, as a
Sphinx extension, turns the citations in the API documentation into links to the reference.
``tests/test_rules_reference.py`` uses it to check that every citation in ``src/`` resolves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "Citation",
    "find_citations",
    "flatten_source",
    "label_for_row",
    "link_lines",
    "linkify",
    "rst_labels",
    "setup",
]

_QUOTED = r"(?:\"[^\"§]{1,80}\"|'[^'§]{1,80}')"
_NUMBER = r"\d+(?:\s*[a-z]\b)?(?:\s*[-–]\s*\d+)?"  # 28, 35 b, 30-32
_NUMBERS = rf"{_NUMBER}(?:\s*(?:,|and)\s*{_NUMBER})*"
_AMBIGUITY = r"A\d+(?:\s*[-–]\s*A?\d+)?"  # A7, A1-A3
_AS = rf"{_AMBIGUITY}(?:\s*(?:,|and)\s*{_AMBIGUITY})*"

#: One citation: ``§`` and what follows it. The alternatives are tried in order; a ``§`` that
#: none of them reads is a citation that points nowhere.
_CITATION = re.compile(
    r"§\s*(?:"
    rf"(?P<s1>1)\s+(?P<rows>{_QUOTED}(?:\s*(?:,|and)\s*{_QUOTED})*)"
    rf"|(?P<s2>2)\s+cases?\s+(?P<cases>{_NUMBERS})"
    rf"|(?P<s3>3)\s+examples?\s+(?P<examples>{_NUMBERS})"
    rf"|(?P<s4>4)\s+(?P<amb>{_AS})"
    r"|(?P<sub>0)\.(?P<subno>1)\b"
    # a bare section ("§3", "§1 table", "§2 cases"), never one whose row, case, example or
    # ambiguity did not read ("§2 case", "§4 A", '§1 "Frozen')
    r"|(?P<bare>[0-5])(?:\s+table)?(?![\d.]\d)(?!\s*(?:case\b|example\b|A\b|[\"']))"
    r")"
)


@dataclass(frozen=True)
class Citation:
    """A citation found in a text: its words and the labels of the reference it names (empty
    when it names nothing the reference can have)."""

    text: str
    labels: tuple[str, ...]
    where: str = ""


def _slug(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")


def label_for_row(name: str) -> str:
    """The label of the §1 row named ``name`` (``Frozen pile`` -> ``rules-s1-frozen-pile``)."""
    return f"rules-s1-{_slug(name)}"


def _numbers(spec: str, prefix: str) -> list[str]:
    """``"8-12, 24, 35 b"`` -> the labels of 8 to 12, 24 and 35 (a letter names a part)."""
    out: list[str] = []
    for part in re.split(r"\s*(?:,|and)\s*", spec.strip()):
        part = re.sub(r"\s*[a-z]$", "", part.strip()).replace("A", "")
        if not part:
            continue
        ends = [int(n) for n in re.split(r"\s*[-–]\s*", part)]
        first, last = ends[0], ends[-1]
        if last < first or last - first > 50:
            return []  # a backwards or runaway range names nothing
        out.extend(f"{prefix}{n}" for n in range(first, last + 1))
    return out


def _labels(match: re.Match[str]) -> tuple[str, ...]:
    g = match.groupdict()
    if g["s1"]:
        names = re.findall(r"\"([^\"]+)\"|'([^']+)'", g["rows"])
        return tuple(label_for_row(a or b) for a, b in names)
    if g["s2"]:
        return tuple(_numbers(g["cases"], "rules-s2-case-"))
    if g["s3"]:
        return tuple(_numbers(g["examples"], "rules-s3-example-"))
    if g["s4"]:
        return tuple(_numbers(g["amb"], "rules-s4-a"))
    if g["sub"]:
        return (f"rules-s{g['sub']}-{g['subno']}",)
    if g["bare"]:
        return (f"rules-s{g['bare']}",)
    return ()


def find_citations(text: str, where: str = "") -> Iterator[Citation]:
    """Every ``§`` citation in ``text``, in order, with the labels it names.

    A ``§`` that does not read as a citation gives a :class:`Citation` with no labels.

    >>> for c in find_citations('(§2 cases 30-32, §1 "Frozen pile"; §4 A7)'):
    ...     print(c.text, c.labels)
    §2 cases 30-32 ('rules-s2-case-30', 'rules-s2-case-31', 'rules-s2-case-32')
    §1 "Frozen pile" ('rules-s1-frozen-pile',)
    §4 A7 ('rules-s4-a7',)
    """
    for i in (m.start() for m in re.finditer("§", text)):
        match = _CITATION.match(text, i)
        if match is None:
            yield Citation(text[i : i + 30].split("\n")[0], (), where)
            continue
        yield Citation(match.group(0), _labels(match), where)


def flatten_source(text: str) -> str:
    """A source file as one line of words: each line without its indentation and comment marks
    (``#``, ``#:``), joined by spaces, so that a citation broken over two lines of a docstring or
    a comment reads whole."""
    lines = (re.sub(r"^\s*(?:#:?\s?)?", "", line) for line in text.splitlines())
    return " ".join(line.strip() for line in lines)


#: A label, at the start of a line or indented (in a list or a table cell: ``* - .. _x:``).
_LABEL = re.compile(r"^[ \t]*(?:[*-][ \t]+)*\.\. _([A-Za-z0-9][\w.+-]*):[ \t]*$", re.M)


def rst_labels(paths: Iterable[Path]) -> set[str]:
    """The explicit labels (``.. _name:``) of the given reStructuredText files."""
    labels: set[str] = set()
    for path in paths:
        labels.update(_LABEL.findall(path.read_text(encoding="utf-8")))
    return labels


def linkify(line: str) -> str:
    """``line`` with each citation that names one label made a link to it (reST ``:ref:``).

    A citation of several cases links to the first of them (they stand together on the page).
    A citation is left as text where it names nothing, and in code (a line of a doctest, or
    between double backquotes).
    """
    if "§" not in line or line.lstrip().startswith((">>>", "...")):
        return line
    out = []
    pos = 0
    for match in _CITATION.finditer(line):
        labels = _labels(match)
        before = line[: match.start()]
        if not labels or before.count("``") % 2:
            continue
        text = match.group(0).rstrip()
        out.append(line[pos : match.start()])
        out.append(f":ref:`{text.replace('<', '')} <{labels[0]}>`")
        pos = match.start() + len(text)
    out.append(line[pos:])
    return "".join(out)


def link_lines(lines: list[str]) -> None:
    """Make the citations of a docstring's lines links, in place, except in code: a literal
    block (the indented lines after one ending in ``::``) or a doctest block (from ``>>>`` to a
    blank line)."""
    literal = doctest = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if doctest and not stripped:
            doctest = False
        elif literal and stripped and not line[:1].isspace():
            literal = False
        if stripped.startswith(">>>"):
            doctest = True
        if not (literal or doctest):
            lines[i] = linkify(line)
        if stripped.endswith("::") and not doctest:
            literal = True


def _link_docstring(
    _app: object, _what: str, _name: str, _obj: object, _options: object, lines: list[str]
) -> None:
    link_lines(lines)


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: citations in autodoc docstrings become links to the reference."""
    app.connect("autodoc-process-docstring", _link_docstring, priority=700)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
