"""The rules reference ships with the docs: every § citation of the code points at a label of
``docs/rules-reference/``, and no user-facing text names the source files the rules were first
read from.

The check reads the reStructuredText sources for their explicit labels (``.. _rules-s2-case-28:``)
instead of building the site: the labels are what the built pages' anchors are made from, and a
Sphinx build with ``-W`` fails on a :ref: to a missing label anyway.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REFERENCE = DOCS / "rules-reference"
sys.path.insert(0, str(DOCS / "_ext"))

from rules_citations import (  # noqa: E402
    Citation,
    find_citations,
    flatten_source,
    label_for_row,
    link_lines,
    linkify,
    rst_labels,
)

SOURCES = sorted((ROOT / "src").rglob("*.py"))
EXAMPLES = sorted((ROOT / "examples").rglob("*.py"))


def _labels() -> set[str]:
    return rst_labels(sorted(DOCS.rglob("*.rst")))


def _citations(paths: list[Path]) -> list[Citation]:
    out: list[Citation] = []
    for path in paths:
        text = flatten_source(path.read_text(encoding="utf-8"))
        out.extend(find_citations(text, str(path.relative_to(ROOT))))
    return out


def _unresolved(citations: list[Citation], labels: set[str]) -> list[str]:
    return [
        f"{c.where}: {c.text!r}"
        for c in citations
        if not c.labels or any(label not in labels for label in c.labels)
    ]


def test_the_reference_is_in_the_toctree_and_linked_from_the_variants_page() -> None:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "rules-reference/index" in index
    assert ":ref:`rules reference <rules-reference>`" in (DOCS / "rules.rst").read_text(
        encoding="utf-8"
    )
    assert ":doc:`/rules`" in (REFERENCE / "index.rst").read_text(encoding="utf-8")


def test_every_section_case_example_and_ambiguity_has_an_anchor() -> None:
    labels = _labels()
    wanted = {"rules-reference", "rules-decisions", "rules-s0", "rules-s0-1"}
    wanted |= {f"rules-s{n}" for n in range(1, 6)}
    wanted |= {f"rules-s2-case-{n}" for n in range(1, 41)}
    wanted |= {f"rules-s3-example-{n}" for n in range(1, 15)}
    wanted |= {f"rules-s4-a{n}" for n in range(1, 16)}
    rows = [
        "Players, sides, seating",
        "Decks / jokers / total",
        "Cards dealt",
        "Drawn from stock / discarded",
        "Upcard handling",
        "Red three",
        "Red-3 score",
        "Undeclared red 3",
        "Initial-meld minimum",
        "What counts toward the minimum",
        "Meld composition",
        "Wild-only melds",
        "Melds per rank per side",
        "Canasta",
        "Canastas to go out",
        "Final discard when going out",
        "Going-out bonus",
        "Concealed going out",
        "Black threes",
        "Frozen pile",
        "Taking the pile",
        "Pile topped by wild / black 3",
        "1-card hand, 1-card pile",
        "Ask partner",
        "Stock runs out",
        "Target",
        "Deal",
        "Card values",
    ]
    wanted |= {label_for_row(row) for row in rows}
    assert sorted(wanted - labels) == []


def test_every_source_tag_on_the_reference_pages_is_defined() -> None:
    """A tag in square brackets ([HO, BR], [RG3 a], [W-old later revision]) is a row of §0."""
    labels = _labels()
    used: set[str] = set()
    for page in sorted(REFERENCE.glob("*.rst")):
        for bracket in re.findall(r"\[([^\]]+)\]", page.read_text(encoding="utf-8")):
            for part in re.split(r"[,;]", bracket):
                word = part.split()[0] if part.split() else ""
                if re.fullmatch(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+|-old)*\*?", word):
                    used.add(word)
    assert {"HO", "BR", "P*", "S-DE", "W-old", "BI-CT", "RG6"} <= used
    missing = sorted(t for t in used if f"rules-source-{_slug(t)}" not in labels)
    assert missing == []


def _slug(tag: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", tag.lower()).strip("-")


def test_every_citation_in_src_resolves_to_an_anchor() -> None:
    citations = _citations(SOURCES)
    assert len(citations) > 150  # the code cites the rules throughout
    assert _unresolved(citations, _labels()) == []


def test_every_citation_in_the_examples_resolves_to_an_anchor() -> None:
    assert _unresolved(_citations(EXAMPLES), _labels()) == []


def test_every_citation_on_the_pages_resolves_to_an_anchor() -> None:
    labels = _labels()
    pages = sorted(p for p in DOCS.rglob("*.rst") if "_generated" not in p.parts)
    assert _unresolved(_citations(pages), labels) == []


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("(§2 case 28)", ("rules-s2-case-28",)),
        ("§2 cases 30-32", ("rules-s2-case-30", "rules-s2-case-31", "rules-s2-case-32")),
        ("§2 cases 30–32", ("rules-s2-case-30", "rules-s2-case-31", "rules-s2-case-32")),
        ("§2 cases 22-24, 27, 28)", tuple(f"rules-s2-case-{n}" for n in (22, 23, 24, 27, 28))),
        ("§2 case 35 b)", ("rules-s2-case-35",)),
        ('§1 "Frozen pile"', ("rules-s1-frozen-pile",)),
        ("§1 'Frozen pile'", ("rules-s1-frozen-pile",)),
        (
            '§1 "Meld composition", "Melds per rank per side"',
            ("rules-s1-meld-composition", "rules-s1-melds-per-rank-per-side"),
        ),
        ('§1 "Pile topped by wild / black 3"', ("rules-s1-pile-topped-by-wild-black-3",)),
        ("§4 A7", ("rules-s4-a7",)),
        ("§4 A1, A5", ("rules-s4-a1", "rules-s4-a5")),
        ("§3 example 4", ("rules-s3-example-4",)),
        ("§3; §2", ("rules-s3",)),
        ("§0.1)", ("rules-s0-1",)),
        ("§1 table)", ("rules-s1",)),
        ("§5.", ("rules-s5",)),
        ("# §3 examples", ("rules-s3",)),
    ],
)
def test_the_checker_reads_the_forms_the_code_uses(text: str, labels: tuple[str, ...]) -> None:
    assert next(find_citations(text)).labels == labels


@pytest.mark.parametrize(
    "made_up",
    [
        "(§2 case 41)",
        "(§2 cases 39-42)",
        '(§1 "Frozen piles")',
        "(§4 A16)",
        "(§3 example 15)",
        "(§0.2)",
        "(§6)",
        "(§2 case)",
        "(§4 A)",
        '(§1 "Frozen pile)',
    ],
)
def test_the_checker_refuses_a_made_up_citation(made_up: str) -> None:
    citations = list(find_citations(made_up, "made-up"))
    assert len(citations) == 1
    assert _unresolved(citations, _labels()) == [f"made-up: {citations[0].text!r}"]


def test_a_citation_broken_over_two_lines_of_a_comment_reads_whole(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text('#: Meld rule (§1 "Meld\n#: composition", §2\n#: case 18).\n')
    [first, second] = _citations_of(source)
    assert first.labels == ("rules-s1-meld-composition",)
    assert second.labels == ("rules-s2-case-18",)


def _citations_of(path: Path) -> list[Citation]:
    return list(find_citations(flatten_source(path.read_text(encoding="utf-8"))))


def test_citations_in_docstrings_become_links() -> None:
    line = 'Taken whole (§2 case 26; §1 "Taking the pile"), ``§4 A7`` stays code.'
    assert linkify(line) == (
        "Taken whole (:ref:`§2 case 26 <rules-s2-case-26>`; "
        ':ref:`§1 "Taking the pile" <rules-s1-taking-the-pile>`), ``§4 A7`` stays code.'
    )
    assert linkify(">>> x  # §2 case 26") == ">>> x  # §2 case 26"
    doc = [
        "Refused (§2 case 26)::",
        "",
        "    take  # §2 case 26",
        "",
        ">>> check(s, 'take')",
        "Violation('... (§2 case 26)')",
        "",
        "Again §4 A7.",
    ]
    link_lines(doc)
    assert doc[0].startswith("Refused (:ref:`§2 case 26 <rules-s2-case-26>`)")
    assert doc[2:7] == ["    take  # §2 case 26", "", ">>> check(s, 'take')", doc[5], ""]
    assert doc[5] == "Violation('... (§2 case 26)')"
    assert doc[7] == "Again :ref:`§4 A7 <rules-s4-a7>`."


#: What names the texts the rules were first read from (their files and their numbers).
_SEED = re.compile(r"seed\s+00\d|seeds/|\b00[0-2]_[0-9a-f]{6,}", re.I)


def _user_facing() -> list[Path]:
    files = [*SOURCES, *EXAMPLES, ROOT / "README.md", *sorted((ROOT / "examples").glob("*.md"))]
    files += [p for p in DOCS.rglob("*") if p.suffix in (".rst", ".py") and p.is_file()]
    return [p for p in files if "_generated" not in p.parts]


def test_no_user_facing_text_names_the_seed_files() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _user_facing()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _SEED.search(line)
    ]
    assert hits == []


def test_the_seed_pattern_finds_what_it_is_for() -> None:
    for text in ("the German rules of seed 000", "see seeds/ beside", "SEED 002", "000_ce7e49d088"):
        assert _SEED.search(text), text
    assert not _SEED.search("new_game(seed=7)")
    assert not _SEED.search("the seed 42 deals")


def test_the_presets_cite_public_sources() -> None:
    import canasta

    for name in canasta.variant_names():
        description = canasta.get_variant(name).description
        assert not _SEED.search(description)
        assert "S-AF" not in description and "S-NO" not in description
