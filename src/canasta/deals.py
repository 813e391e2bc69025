"""Portable deals: the deck of every hand of a seeded match, exactly, in any language.

A seeded match deals each hand from :func:`shuffled_pack`: a Fisher-Yates shuffle of the
variant's pack in its canonical order, driven by SHA-256, so that a front-end in JavaScript,
Swift or anything else with SHA-256 and 64-bit integers reproduces every deal card for card.
The docs page "Portable deals" gives the algorithm as pseudo-code, the canonical order and test
vectors.

The version of this algorithm is :data:`DEAL_VERSION` (1). Version 0 is the shuffle of the
library before it (``random.Random`` of Python, which only Python reproduces and Python does not
promise to keep); states and records written before version 1 name no version and keep
dealing with it.

>>> import canasta
>>> pack = canasta.shuffled_pack("classic", 7, 1)
>>> len(pack), " ".join(str(c) for c in pack[:6])
(108, '3C 8H JD 5S 2S 9D')
>>> canasta.new_game("classic", seed=7).stock == canasta.new_game("classic", deck=pack).stock
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Final

from .cards import Card
from .errors import SetupError
from .limits import MAX_HAND_NUMBER, MAX_SEED, MIN_SEED
from .variants import Variant, get_variant

__all__ = ["DEAL_VERSION", "DEAL_VERSIONS", "shuffled_pack"]

#: The version of the deal algorithm that :func:`canasta.new_game` uses for a seeded match.
DEAL_VERSION: Final = 1
#: Every deal version this library can deal: 0, the shuffle before portable deals
#: (``random.Random``), and 1, :func:`shuffled_pack`.
DEAL_VERSIONS: Final = (0, 1)

_TWO_64: Final = 1 << 64


def _random_stream(seed: int, hand_number: int) -> Iterator[int]:
    """The random stream of a deal: for i = 0, 1, 2, ... the SHA-256 digest of the ASCII text
    ``canasta-deal-v1:{seed}:{hand_number}:{i}`` (decimal integers, a minus sign for a negative
    seed), each digest read as four unsigned 64-bit big-endian integers, in order."""
    prefix = f"canasta-deal-v1:{seed}:{hand_number}:"
    i = 0
    while True:
        digest = hashlib.sha256(f"{prefix}{i}".encode("ascii")).digest()
        for k in range(0, 32, 8):
            yield int.from_bytes(digest[k : k + 8], "big")
        i += 1


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{name}: must be an int, not {value!r:.40}")
    if not low <= value <= high:
        raise SetupError(f"{name}: must be from {low} to {high}, not {value}")
    return int(value)


def shuffled_pack(variant: str | Variant, seed: int, hand_number: int) -> tuple[Card, ...]:
    """The deck of hand ``hand_number`` of the match with ``seed``: the variant's whole pack in
    the order :func:`canasta.new_game` takes it as ``deck`` (the first card is dealt first).

    A seeded match deals every hand from it: ``new_game(v, seed=s)`` equals
    ``new_game(v, deck=shuffled_pack(v, s, 1))`` but for the seed it keeps for later hands, and
    hand ``n`` of the match is dealt from ``shuffled_pack(v, s, n)``.

    The algorithm (deal version 1, the docs page "Portable deals"): start from
    :meth:`Variant.pack` in its canonical order (each deck's 52 cards ``2S 2H 2D 2C 3S ... AC``
    by rank from the two up, suits in the order spades, hearts, diamonds, clubs; the decks one
    after another; then the jokers); for ``i`` from ``n - 1`` down to ``1``, let ``b = i + 1``,
    draw ``u`` from the random stream until ``u < 2**64 - (2**64 mod b)``, let ``j = u mod b``
    and swap positions ``i`` and ``j``. The random stream is, for ``k = 0, 1, 2, ...``, the
    SHA-256 digest of the ASCII text ``canasta-deal-v1:{seed}:{hand_number}:{k}`` (decimal
    integers), each digest read as four unsigned 64-bit big-endian integers, used in order.

    >>> " ".join(str(c) for c in shuffled_pack("six-player", 7, 1)[:6])
    '6C 6S JK 6D 4D JD'

    Args:
        variant: a preset name or a :class:`~canasta.Variant` (its pack is shuffled).
        seed: the match seed, a 64-bit signed int (``-2**63`` to ``2**63 - 1``).
        hand_number: the hand of the match, from 1 (to ``2**63 - 1``).

    Returns:
        The pack, :attr:`Variant.pack_size` cards (108 in the classic game).

    Raises:
        VariantError: an unknown variant name.
        SetupError: a seed or hand number that is not an int in range (a bool is not an int).
    """
    v = get_variant(variant)
    seed = _check_int("seed", seed, MIN_SEED, MAX_SEED)
    hand_number = _check_int("hand_number", hand_number, 1, MAX_HAND_NUMBER)
    return _shuffle(v, seed, hand_number)


def _shuffle(v: Variant, seed: int, hand_number: int) -> tuple[Card, ...]:
    """Deal version 1 for arguments already checked."""
    cards = list(v.pack())
    stream = _random_stream(seed, hand_number)
    for i in range(len(cards) - 1, 0, -1):
        b = i + 1
        limit = _TWO_64 - _TWO_64 % b
        u = next(stream)
        while u >= limit:
            u = next(stream)
        j = u % b
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _legacy_pack(variant: Variant, seed: int, hand_number: int) -> tuple[Card, ...]:
    """Deal version 0: the shuffle before portable deals (Python's ``random.Random``)."""
    cards = list(variant.pack())
    random.Random(f"canasta:{seed}:{hand_number}").shuffle(cards)
    return tuple(cards)


def deck_for(variant: Variant, seed: int, hand_number: int, version: int) -> tuple[Card, ...]:
    """The deck of a hand of a seeded match under deal ``version`` (internal).

    Raises:
        SetupError: a deal version this library does not know.
    """
    deal = _shuffle if check_deal_version(version) == 1 else _legacy_pack
    return deal(variant, seed, hand_number)


def check_deal_version(value: object) -> int:
    """A deal version given by a caller, as a plain int (internal).

    Raises:
        SetupError: not one of :data:`DEAL_VERSIONS` (a bool is not an int).
    """
    if isinstance(value, bool) or not isinstance(value, int) or value not in DEAL_VERSIONS:
        raise SetupError(f"deal_version: one of {DEAL_VERSIONS}, not {value!r:.40}")
    return int(value)
