"""The limits of every format: one range for each number any format reads, one size for each
kind of text.

Every parser and builder of the library reads its bounds from here: the action and position
notations, JSON documents, game records (text and JSON), :func:`canasta.new_game`,
:func:`canasta.position`, the judge of a move given as text (:func:`canasta.check`) and the
command line. A value out of its range is refused by every format alike, with the format's
typed error (:class:`~canasta.NotationError` for text and JSON, :class:`~canasta.SetupError`
for :func:`~canasta.new_game`, :class:`~canasta.PositionError` for
:func:`~canasta.position`, the ``malformed`` violation for a move); and the largest value in
range is written and read back by every format. Text longer than its size is refused before it
is read (no token of it is looked at), and a message quotes at most a short excerpt of it
(:func:`excerpt`).

:data:`LIMITS` is the table of them all, which the documentation shows (``docs/formats.rst``,
"Limits"; a test holds the page to the table).

>>> excerpt("meld " + "KH " * 1000)
"'meld KH KH KH KH KH KH KH KH KH KH KH KH'… (3005 characters)"
>>> excerpt("draw")
"'draw'"
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = [
    "LIMITS",
    "MAX_ACTION_TEXT",
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_HAND_NUMBER",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_POSITION_TEXT",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_LINES",
    "MAX_RECORD_TEXT",
    "MAX_SEED",
    "MAX_STRING",
    "MAX_TEXT_SIZE",
    "MAX_TOTAL",
    "MAX_VARIANT_NAME",
    "MAX_VARIANT_TEXT",
    "MIN_SEED",
    "Limit",
    "excerpt",
    "limits_table",
]

# ---------------------------------------------------------------------------- sizes of text
#: The longest JSON text accepted, in characters (or bytes, when given bytes): a state, a
#: view, an action, a record, a variant, an event.
MAX_TEXT_SIZE: Final = 1_000_000
#: The longest position notation accepted, in characters (as JSON text).
MAX_POSITION_TEXT: Final = MAX_TEXT_SIZE
#: The longest game record text accepted, in characters (as JSON text); also the most the
#: command line reads of a file.
MAX_RECORD_TEXT: Final = MAX_TEXT_SIZE
#: The most lines of a game record text (actions, header tags, comments and blank lines).
MAX_RECORD_LINES: Final = 100_000
#: The longest action notation accepted, in characters: room for a deck of :data:`MAX_CARDS`
#: cards written with single spaces.
MAX_ACTION_TEXT: Final = 20_000
#: JSON nested deeper than this (objects and arrays) is refused; so is a variant in the old
#: brace form of the position notation nested deeper.
MAX_DEPTH: Final = 32
#: The longest string accepted in JSON where nothing narrower bounds it (a variant's
#: description, a score line's item).
MAX_STRING: Final = 1000
#: The longest variant in text (its JSON form or the old brace form, in
#: :func:`canasta.notation.parse_variant`, a position's header line after ``canasta``, a
#: record's ``[Variant]`` tag): every field of a variant changed, each at its longest, fits.
MAX_VARIANT_TEXT: Final = 20_000
#: The longest name looked up as a variant (a preset's name or alias, in every format).
MAX_VARIANT_NAME: Final = 64
#: The longest name of a player and date of a game record, and a variant's own ``name``
#: field (a house rule's name).
MAX_NAME: Final = 100

# ---------------------------------------------------------------------------- counts
#: The longest list accepted where nothing narrower bounds it (e.g. a view's legal actions).
MAX_ITEMS: Final = 100_000
#: The most actions a game record holds, in every form (a match of a hundred hands or more:
#: a hand of random play takes about 150 actions, a real one fewer).
MAX_RECORD_ACTIONS: Final = 20_000
#: The most cards in one list: a meld, a deck, a zone, the cards of an action, in every format.
#: A variant's pack (at most 448 cards) bounds a state's zones further.
MAX_CARDS: Final = 4096
#: Seats are numbered from 0 to ``MAX_PLAYERS - 1`` in every format (a variant's own number of
#: seats, at most 12, bounds them further).
MAX_PLAYERS: Final = 64

# ---------------------------------------------------------------------------- numbers
#: The largest hand number (hands are numbered from 1): a 64-bit int.
MAX_HAND_NUMBER: Final = 2**63 - 1
#: The smallest match seed: seeds are 64-bit ints.
MIN_SEED: Final = -(2**63)
#: The largest match seed.
MAX_SEED: Final = 2**63 - 1
#: The largest magnitude of a match total (a side's score, from ``-MAX_TOTAL`` to
#: ``MAX_TOTAL``): a million times the largest total a real match reaches, and exact as a
#: double (a JavaScript number).
MAX_TOTAL: Final = 10**15
#: The largest magnitude of a variant's int fields (points, bonuses, target score).
MAX_POINTS: Final = 10**9
#: The largest magnitude of an int accepted in JSON where nothing narrower bounds it.
MAX_INT: Final = 2**200


class Limit(NamedTuple):
    """One row of :data:`LIMITS`."""

    #: The constant's name in :mod:`canasta.limits`.
    name: str
    #: Its value.
    value: int
    #: What it bounds, in words.
    bounds: str
    #: The unit: ``"characters"``, ``"lines"``, ``"levels"``, ``"items"``... or ``"value"`` for
    #: a number's own range.
    unit: str
    #: The formats and functions that read it.
    where: str


#: Every limit, as the documentation tables it: its name, what it bounds, the unit and the
#: formats and functions that read it (its value is the constant's of that name).
# fmt: off
_ROWS: Final = (
    ("MAX_TEXT_SIZE", "JSON text", "characters", "every JSON reader"),
    ("MAX_POSITION_TEXT", "position notation", "characters", "parse_position, the command line"),
    ("MAX_RECORD_TEXT", "a game record's text; a file the command line reads", "characters",
     "GameRecord.loads, the command line"),
    ("MAX_RECORD_LINES", "a game record's text", "lines", "GameRecord.loads"),
    ("MAX_ACTION_TEXT", "action notation", "characters",
     "parse_action, check/is_legal/apply of text, record lines"),
    ("MAX_DEPTH", "nesting of JSON", "levels", "JSON, variants in positions"),
    ("MAX_STRING", "a string in JSON", "characters", "JSON"),
    ("MAX_VARIANT_TEXT", "a variant in text, with the rest of its line", "characters",
     "parse_variant, positions, records"),
    ("MAX_VARIANT_NAME", "a preset's name or alias, looked up", "characters",
     "every format, get_variant"),
    ("MAX_NAME", "a player's name, a record's date, a variant's name field", "characters",
     "records, variants"),
    ("MAX_ITEMS", "a list nothing narrower bounds", "items", "JSON"),
    ("MAX_RECORD_ACTIONS", "the actions of a game record", "actions",
     "GameRecord, its text and JSON"),
    ("MAX_CARDS", "the cards of one list (a meld, a deck, an action's cards, a zone)", "cards",
     "every format"),
    ("MAX_PLAYERS", "seats, numbered 0 to MAX_PLAYERS - 1", "seats", "every format"),
    ("MAX_HAND_NUMBER", "the hand number, from 1", "value", "every format, problems()"),
    ("MIN_SEED", "the match seed, from", "value", "every format, new_game"),
    ("MAX_SEED", "the match seed, to", "value", "every format, new_game"),
    ("MAX_TOTAL", "a match total, either way", "value",
     "every format, new_game, position, problems()"),
    ("MAX_POINTS", "a variant's int fields", "value", "variants, every format"),
    ("MAX_INT", "any other int in JSON, either way", "value", "JSON"),
)
# fmt: on
LIMITS: Final[tuple[Limit, ...]] = tuple(Limit(n, globals()[n], *rest) for n, *rest in _ROWS)


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` for a message: its ``repr`` if it is short, else the ``repr`` of its first
    ``limit`` characters, ``…`` and its length (huge text is never copied whole)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


def _shown(value: int) -> str:
    if value == 2**200:
        return "2**200"
    if abs(value) == 2**63 - 1 or value == -(2**63):
        return ("-" if value < 0 else "") + ("2**63" if value < 0 else "2**63 - 1")
    if value >= 10**9 and str(value).rstrip("0") == "1":
        return f"10**{len(str(value)) - 1}"
    return f"{value:,}"


def limits_table() -> str:
    """:data:`LIMITS` as a reStructuredText table (the one the documentation shows)."""
    rows = [("limit", "value", "bounds", "unit", "read by")]
    rows += [(f"``{x.name}``", _shown(x.value), x.bounds, x.unit, x.where) for x in LIMITS]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    rule = " ".join("=" * w for w in widths)

    def line(row: tuple[str, ...]) -> str:
        return " ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()

    return "\n".join([rule, line(rows[0]), rule, *(line(r) for r in rows[1:]), rule]) + "\n"
