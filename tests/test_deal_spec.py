"""The portable deal page (docs/deals.rst) is enough to reproduce every deal.

``tests/deal_spec/shuffle.mjs`` is the shuffle written in JavaScript from that page alone, as a
front-end would write it. These tests ask it, in one ``node`` run, for the whole deck of every
preset (and of house rules that change the pack) for several seeds and hands, compare each deck
with :func:`canasta.shuffled_pack`, and check it against the page's test vectors, read from the
page itself so that the page and the tests cannot drift apart. Without ``node`` on the PATH they
are skipped, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import canasta

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "deals.rst"
SHUFFLE_JS = Path(__file__).resolve().parent / "deal_spec" / "shuffle.mjs"

SEEDS = [0, 1, 7, -1, 2**63 - 1, -(2**63), 123456789]
HANDS = [1, 2, 17]


class Vector(NamedTuple):
    variant: str
    seed: int
    hand: int
    first: list[str]


def page_vectors() -> list[Vector]:
    """The rows of the page's "Test vectors" table."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("\nTest vectors\n", 1)[1]
    block = section.split(".. code-block:: text\n", 1)[1]
    rows = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith(" "):
            break  # the end of the indented block
        fields = line.split()
        if not fields or fields[0] == "variant":
            continue
        name, seed, hand, *first = fields
        rows.append(Vector(name, int(seed), int(hand), first))
    return rows


def variants() -> dict[str, canasta.Variant]:
    """Every preset, and house rules that change the pack the page describes."""
    found = {name: canasta.get_variant(name) for name in canasta.variant_names()}
    found["classic, no jokers"] = found["classic"].derive(name="classic-nojokers", jokers=0)
    found["six-player, four jokers"] = found["six-player"].derive(name="six-4jokers", jokers=4)
    return found


def request(variant: canasta.Variant, seed: int, hand: int) -> dict[str, Any]:
    return {"packs": variant.decks, "jokers": variant.jokers, "seed": str(seed), "hand": hand}


def deck(variant: canasta.Variant, seed: int, hand: int) -> list[str]:
    return [str(card) for card in canasta.shuffled_pack(variant, seed, hand)]


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not on the PATH: the JavaScript deal cannot be checked")
        pytest.skip("node is not on the PATH (the JavaScript implementation of docs/deals.rst)")
    return found


@pytest.fixture(scope="module")
def js_decks(node: str) -> dict[tuple[str, int, int], list[str]]:
    """Every deck these tests need, dealt by shuffle.mjs in one run."""
    cases = {
        (label, seed, hand): variant
        for label, variant in variants().items()
        for seed in SEEDS
        for hand in HANDS
    }
    for vector in page_vectors():
        cases[(vector.variant, vector.seed, vector.hand)] = canasta.get_variant(vector.variant)
    keys = list(cases)
    requests = [request(cases[key], key[1], key[2]) for key in keys]
    done = subprocess.run(
        [node, str(SHUFFLE_JS)],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    decks = json.loads(done.stdout)
    assert len(decks) == len(keys)
    return dict(zip(keys, decks, strict=True))


def test_page_has_the_vectors() -> None:
    vectors = page_vectors()
    assert len(vectors) >= 10
    assert {len(v.first) for v in vectors} == {12}
    for vector in vectors:
        assert all(re.fullmatch(r"[2-9TJQKA][SHDC]|JK", card) for card in vector.first), vector
    # both packs of the presets: the 108-card pack and the 162-card one
    assert {len(canasta.get_variant(v.variant).pack()) for v in vectors} == {108, 162}


@pytest.mark.parametrize("vector", page_vectors(), ids=lambda v: f"{v.variant}:{v.seed}:{v.hand}")
def test_page_vector(js_decks: dict[tuple[str, int, int], list[str]], vector: Vector) -> None:
    js = js_decks[(vector.variant, vector.seed, vector.hand)]
    assert js[:12] == vector.first
    assert deck(canasta.get_variant(vector.variant), vector.seed, vector.hand) == js


@pytest.mark.parametrize("label", list(variants()))
def test_every_deal_matches(js_decks: dict[tuple[str, int, int], list[str]], label: str) -> None:
    variant = variants()[label]
    pack = [str(card) for card in variant.pack()]
    for seed in SEEDS:
        for hand in HANDS:
            js = js_decks[(label, seed, hand)]
            assert js == deck(variant, seed, hand), (label, seed, hand)
            assert sorted(js) == sorted(pack)


def test_canonical_pack(node: str) -> None:
    """The pack before the shuffle, as the page writes it, is Variant.pack()."""
    packs = sorted({(v.decks, v.jokers): v for v in variants().values()}.items())
    script = (
        "import { canonicalPack } from " + json.dumps(SHUFFLE_JS.as_uri()) + ";"
        "const packs = JSON.parse(process.argv[1]);"
        "process.stdout.write(JSON.stringify(packs.map(([d, j]) => canonicalPack(d, j))));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, json.dumps([key for key, _ in packs])],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    js = json.loads(done.stdout)
    assert js == [[str(card) for card in variant.pack()] for _, variant in packs]
