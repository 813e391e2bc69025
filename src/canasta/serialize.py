"""JSON interchange: cards, melds, actions, variants, states, views and scores as JSON.

Every value has one JSON shape. A top-level document is an object carrying
``"format_version": 1`` and a ``"type"``; :func:`from_dict` and :func:`from_json` dispatch on
the type (or require the one given as ``kind``). Shapes, by type name:

=================  ==============================================================================
``card``           ``{"card": "KH"}``; inside larger objects a card is its notation, ``"KH"``
``cards``          ``{"cards": ["JK", "2C", "KS"]}``
``meld``           ``{"rank": "K", "cards": ["2C", "KS", "KH"]}``
actions            ``draw``, ``take_pile``, ``meld_cards``, ``discard``, ``ask_partner``,
                   ``answer_partner``, ``decline_pile``, ``end_turn``, ``deal_next_hand``: their
                   fields, e.g. ``{"type": "discard", "seat": 0, "card": "9D"}``
``variant``        ``{"preset": "classic"}``, or a house rule as the nearest preset and its
                   changed fields: ``{"preset": "classic", "changes": {"jokers": 6}}``
``game_state``     every field of :class:`~canasta.GameState` (hands as lists of cards);
                   ``deal_version`` is absent from states written before portable deals, read
                   as version 0
``player_view``    every field of :class:`~canasta.views.PlayerView` (its legal actions as
                   action objects), and its ``sitting_out`` and ``pile_frozen_for_me``; a view
                   written before it carried the table's facts (``dealer`` ... ``score``)
                   still loads
``hand_score``     ``{"sides": [{"side": 0, "lines": [...], "total": 120}, ...]}``;
                   ``side_score`` and ``score_line`` likewise
=================  ==============================================================================

Objects nested in a document carry no ``format_version``: a nested action keeps its ``type``; a
state's or view's variant is just ``{"preset": ..., "changes": ...}``. The JSON Schema of these
shapes is :func:`json_schema`.

Parsing is strict, for untrusted input: unknown or missing keys, wrong types (a bool is not an
int), out-of-range values, bad card strings and impossible states (more copies of a card than
the pack holds, melds that break the variant's rules, a seat that does not exist...) are refused
with :class:`~canasta.NotationError`, whose message begins with the JSON path of the offending
field, e.g. ``$.hands[2][5]``. JSON text over 1 MB or nested more than 32 levels deep is refused
before it is parsed.

>>> import canasta
>>> text = to_json(canasta.Discard(0, "9D"))
>>> text
'{"format_version": 1, "type": "discard", "seat": 0, "card": "9D"}'
>>> from_json(text)
Discard(seat=0, card=Card.parse('9D'))
>>> state = canasta.new_game("classic", seed=1)
>>> from_json(to_json(state)) == state
True
>>> from_json('{"format_version": 1, "type": "card", "card": "KX"}')
Traceback (most recent call last):
    ...
canasta.errors.NotationError: $.card: not a card: 'KX'

New document types (a game record, say) are added with :func:`register`.
"""

from __future__ import annotations

import enum
import functools
import json
import re
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any, Final, TypeVar

import attrs

from . import _core as core
from ._codec import (
    ACTIONS,
    MAX_CARDS,
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_PLAYERS,
    MAX_STRING,
    MAX_TEXT_SIZE,
    converter,
    fail,
    key_path,
    kind_of,
    schema_of,
    show,
    structure,
    variant_document,
    variant_from_document,
    variant_schema,
)
from ._rules import hand_sides, seating
from .cards import JOKER_ID, N_KINDS, Card, Cards, Rank
from .deals import DEAL_VERSIONS
from .errors import StateError
from .melds import Meld
from .problems import problems
from .scoring import HandScore, ScoreLine, SideScore
from .state import GameState, HandEnd, Phase, Turn
from .variants import Partnerships, Variant
from .views import PlayerView

__all__ = [
    "FORMAT_VERSION",
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_PLAYERS",
    "MAX_STRING",
    "MAX_TEXT_SIZE",
    "Reader",
    "from_dict",
    "from_json",
    "json_schema",
    "register",
    "registered_types",
    "to_dict",
    "to_json",
    "unregister",
]

#: The version of the JSON shapes; every top-level document carries it.
FORMAT_VERSION: Final = 1

_T = TypeVar("_T")
_E = TypeVar("_E", bound=enum.Enum)

_RANK_BY_SYMBOL: Final = {r.symbol: r for r in Rank}
#: Ranks a meld on the table can have: four to ace, and three (black threes, going out).
_TABLE_RANKS: Final = frozenset(r for r in Rank if r.is_natural or r is Rank.THREE)
_MAX_SEED: Final = 2**1024
_INT64: Final = 2**63 - 1
_ITEM = re.compile(r"[a-z][a-z0-9_]{0,63}")
_fail = fail
_key_path = key_path
_kind = kind_of
_show = show


class _DuplicateKeys(dict[str, Any]):
    """An object of JSON text that repeats a key (refused when it is read)."""

    duplicate: str = ""


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    marked = _DuplicateKeys(out)
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


# ================================================================== scalar readers
def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        _fail(path, f"expected an int, got {_kind(value)}")
    if lo is not None and value < lo:
        _fail(path, f"{_show(value)} is out of range (at least {lo})")
    if hi is not None and value > hi:
        _fail(path, f"{_show(value)} is out of range (at most {hi})")
    return value


def _opt_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int | None:
    return None if value is None else _int(value, path, lo, hi)


def _bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        _fail(path, f"expected a bool, got {_kind(value)}")
    return value


def _str(value: Any, path: str, max_len: int = MAX_STRING) -> str:
    if type(value) is not str:
        _fail(path, f"expected a string, got {_kind(value)}")
    if len(value) > max_len:
        _fail(path, f"a string of {len(value)} characters is too long (at most {max_len})")
    return value


def _list(value: Any, path: str, max_len: int = MAX_ITEMS, what: str = "items") -> list[Any]:
    if type(value) is not list:
        _fail(path, f"expected an array, got {_kind(value)}")
    if len(value) > max_len:
        _fail(path, f"{len(value)} {what} are too many (at most {max_len})")
    return value


def _enum(kind: type[_E], value: Any, path: str) -> _E:
    text = _str(value, path, 64)
    for member in kind:
        if member.value == text:
            return member
    choices = ", ".join(repr(m.value) for m in kind)
    _fail(path, f"{text!r} is not one of {choices}")


def _card(value: Any, path: str) -> Card:
    card: Card = structure(value, Card, path)
    return card


def _opt_card(value: Any, path: str) -> Card | None:
    return None if value is None else _card(value, path)


def _cards(value: Any, path: str, max_len: int = MAX_CARDS) -> list[Card]:
    items = _list(value, path, max_len, "cards")
    return [_card(v, f"{path}[{i}]") for i, v in enumerate(items)]


def _rank(value: Any, path: str, allowed: Iterable[Rank] | None = None) -> Rank:
    rank: Rank = structure(value, Rank, path)
    if allowed is not None and rank not in allowed:
        _fail(path, f"not a rank here: {value!r}")
    return rank


# ================================================================== objects
class Reader:
    """Strict access to the fields of one JSON object, naming JSON paths in its errors.

    Building a reader checks that ``data`` is an object with string keys, every ``required``
    key and no key that is neither required nor ``optional``. The decoders of :func:`register`
    use it for their own fields.

    >>> r = Reader({"seat": 2, "yes": True}, "$.answer", required=("seat", "yes"))
    >>> r.integer("seat", 0, 3), r.boolean("yes")
    (2, True)
    >>> Reader({"seat": True}, "$.answer", required=("seat",)).integer("seat")
    Traceback (most recent call last):
        ...
    canasta.errors.NotationError: $.answer.seat: expected an int, got a bool
    >>> Reader({"seat": 1, "x": 0}, "$", required=("seat",))
    Traceback (most recent call last):
        ...
    canasta.errors.NotationError: $.x: unknown key

    Raises:
        NotationError: ``data`` is not an object, lacks a required key or has an unknown one.
    """

    def __init__(
        self,
        data: Any,
        path: str,
        required: Iterable[str] = (),
        optional: Iterable[str] = (),
    ) -> None:
        if not isinstance(data, dict):
            _fail(path, f"expected an object, got {_kind(data)}")
        if isinstance(data, _DuplicateKeys):
            _fail(_key_path(path, data.duplicate), "duplicate key")
        req = tuple(required)
        known = set(req).union(optional)
        for key in data:
            if type(key) is not str:
                _fail(path, f"object keys must be strings, not {_kind(key)}")
            if key not in known:
                _fail(_key_path(path, key), "unknown key")
        for key in req:
            if key not in data:
                _fail(_key_path(path, key), "missing")
        self.data: dict[str, Any] = data
        self.path = path

    def at(self, key: str) -> str:
        """The JSON path of ``key``."""
        return _key_path(self.path, key)

    def has(self, key: str) -> bool:
        """Whether the object has ``key``."""
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` as parsed (``default`` if absent)."""
        return self.data.get(key, default)

    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        """An int (not a bool) from ``lo`` to ``hi`` (inclusive, each optional)."""
        return _int(self.data[key], self.at(key), lo, hi)

    def opt_integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        """An int from ``lo`` to ``hi``, or null."""
        return _opt_int(self.data.get(key), self.at(key), lo, hi)

    def boolean(self, key: str) -> bool:
        """A bool."""
        return _bool(self.data[key], self.at(key))

    def string(self, key: str, max_len: int = MAX_STRING) -> str:
        """A string of at most ``max_len`` characters."""
        return _str(self.data[key], self.at(key), max_len)

    def array(self, key: str, max_len: int = MAX_ITEMS) -> list[Any]:
        """An array of at most ``max_len`` items (not checked further)."""
        return _list(self.data[key], self.at(key), max_len)

    def card(self, key: str) -> Card:
        """A card in notation (``"KH"``, ``"JK"``)."""
        return _card(self.data[key], self.at(key))

    def cards(self, key: str, max_len: int = MAX_CARDS) -> list[Card]:
        """An array of cards, in the order given."""
        return _cards(self.data[key], self.at(key), max_len)

    def obj(self, key: str, required: Iterable[str] = (), optional: Iterable[str] = ()) -> Reader:
        """The nested object at ``key``, read strictly like this one."""
        return Reader(self.data[key], self.at(key), required, optional)

    def value(self, key: str, kind: str | None = None) -> Any:
        """A nested typed value (an object with a ``"type"`` and no ``"format_version"``), such
        as an action or a state, decoded by its registered decoder."""
        return from_dict(self.data[key], kind, path=self.at(key), versioned=False)


# ================================================================== registry
@attrs.frozen
class _Codec:
    name: str
    cls: type[Any]
    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[[dict[str, Any], str], Any]
    #: Whether the codec is made from the class (and so its schema too).
    generated: bool


_TYPES: dict[str, _Codec] = {}
_BY_CLASS: dict[type[Any], _Codec] = {}


def register(
    type_name: str,
    cls: type[_T],
    encode: Callable[[_T], dict[str, Any]] | None = None,
    decode: Callable[[dict[str, Any], str], _T] | None = None,
    *,
    replace: bool = False,
) -> None:
    """Add a document type: values of ``cls`` are written as ``{"type": type_name, ...}``.

    Args:
        type_name: the ``"type"`` of the JSON object.
        cls: the Python class (instances of subclasses use it too).
        encode: the object's fields as JSON-ready values (without ``type`` and
            ``format_version``); nested typed values may be written with
            ``to_dict(x, versioned=False)``. Default, for an attrs class: its fields, each in
            the shape of its type (cards as notation, enums as values...).
        decode: the value from those fields and the object's JSON path; it must check the
            fields strictly (see :class:`Reader`) and raise :class:`~canasta.NotationError`
            naming the path for anything wrong. Default, for an attrs class: made from its
            fields' types, strictly (every key and no other; a bool is not an int...).
        replace: allow replacing a registered type.

    >>> import attrs
    >>> @attrs.frozen
    ... class Note:
    ...     text: str
    >>> register("note", Note, lambda n: {"text": n.text},
    ...          lambda data, path: Note(Reader(data, path, ("text",)).string("text")))
    >>> to_json(Note("hello"))
    '{"format_version": 1, "type": "note", "text": "hello"}'
    >>> from_json(to_json(Note("hello")))
    Note(text='hello')
    >>> unregister("note")

    Raises:
        ValueError: the type name or the class is registered already (and not ``replace``).
    """
    if not isinstance(type_name, str) or not _ITEM.fullmatch(type_name):
        raise ValueError(f"a type name is lower-case letters, digits and _, not {type_name!r}")
    if not replace and (type_name in _TYPES or cls in _BY_CLASS):
        raise ValueError(f"type {type_name!r} or class {cls.__name__} is registered already")
    old = _TYPES.get(type_name)
    if old is not None:
        _BY_CLASS.pop(old.cls, None)
    generated = encode is None and decode is None
    if encode is None:
        encode = converter.unstructure
    if decode is None:
        decode = functools.partial(_decode_as, cls)
    codec = _Codec(type_name, cls, encode, decode, generated)
    _schema_text.cache_clear()
    _TYPES[type_name] = codec
    _BY_CLASS[cls] = codec


def _decode_as(cls: type[_T], data: dict[str, Any], path: str) -> _T:
    result: _T = structure(data, cls, path)
    return result


def unregister(type_name: str) -> None:
    """Remove a registered document type (for tests; the built-in types should stay).

    Raises:
        KeyError: no such type is registered.
    """
    codec = _TYPES.pop(type_name)
    _BY_CLASS.pop(codec.cls, None)
    _schema_text.cache_clear()


def registered_types() -> tuple[str, ...]:
    """The registered ``"type"`` names, in registration order.

    >>> registered_types()[:3]
    ('card', 'cards', 'meld')
    """
    return tuple(_TYPES)


def _codec_of(obj: object) -> _Codec:
    for cls in type(obj).__mro__:
        codec = _BY_CLASS.get(cls)
        if codec is not None:
            return codec
    raise TypeError(f"cannot write a {type(obj).__name__} as JSON")


# ================================================================== public API
def to_dict(obj: Any, *, versioned: bool = True) -> dict[str, Any]:
    """``obj`` as a JSON-ready dict: ``{"format_version": 1, "type": ..., <fields>}``.

    Args:
        obj: a card, cards, meld, action, variant, state, view or score (or a registered type).
        versioned: include ``"format_version"`` (leave it out for an object nested in another
            document).

    >>> import canasta
    >>> to_dict(canasta.Card.parse("KH"))
    {'format_version': 1, 'type': 'card', 'card': 'KH'}
    >>> house = canasta.get_variant("classic").derive(natural_canasta_bonus=700)
    >>> to_dict(house)["preset"], to_dict(house)["changes"]
    ('classic', {'natural_canasta_bonus': 700})

    Raises:
        TypeError: ``obj`` is of no registered type.
    """
    codec = _codec_of(obj)
    head: dict[str, Any] = {"format_version": FORMAT_VERSION} if versioned else {}
    head["type"] = codec.name
    head.update(codec.encode(obj))
    return head


def from_dict(
    data: Any, kind: str | None = None, *, path: str = "$", versioned: bool = True
) -> Any:
    """The value of a document produced by :func:`to_dict` (or parsed from JSON).

    Args:
        data: the document: an object with ``"format_version"`` and ``"type"``.
        kind: the type required (e.g. ``"game_state"``); ``None`` accepts any registered type.
        path: the JSON path of ``data`` in error messages.
        versioned: require ``"format_version": 1`` (``False``: a nested object, which must not
            have one).

    >>> import canasta
    >>> from_dict({"format_version": 1, "type": "draw", "seat": 1})
    Draw(seat=1)
    >>> from_dict({"format_version": 1, "type": "draw", "seat": 1}, "discard")
    Traceback (most recent call last):
        ...
    canasta.errors.NotationError: $.type: expected a 'discard', got 'draw'

    Raises:
        NotationError: anything wrong with ``data``; the message starts with the JSON path of
            the offending field. Also for an unknown ``kind``.
    """
    if kind is not None and (not isinstance(kind, str) or kind not in _TYPES):
        _fail(path, f"no document type {kind!r}; known: {', '.join(_TYPES)}")
    if not isinstance(data, dict):
        _fail(path, f"expected an object, got {_kind(data)}")
    if isinstance(data, _DuplicateKeys):
        _fail(_key_path(path, data.duplicate), "duplicate key")
    if versioned:
        if "format_version" not in data:
            _fail(f"{path}.format_version", "missing")
        version = data["format_version"]
        if type(version) is not int or version != FORMAT_VERSION:
            shown = _show(version) if type(version) is int else _kind(version)
            _fail(
                f"{path}.format_version",
                f"unsupported format version {shown} (this library reads {FORMAT_VERSION})",
            )
    if "type" not in data:
        _fail(f"{path}.type", "missing")
    type_name = data["type"]
    if type(type_name) is not str:
        _fail(f"{path}.type", f"expected a string, got {_kind(type_name)}")
    codec = _TYPES.get(type_name)
    if codec is None:
        shown = type_name if len(type_name) <= 40 else type_name[:40] + "..."
        _fail(f"{path}.type", f"unknown type {shown!r}")
    if kind is not None and type_name != kind:
        _fail(f"{path}.type", f"expected a {kind!r}, got {type_name!r}")
    drop = ("type", "format_version") if versioned else ("type",)
    body = {k: v for k, v in data.items() if k not in drop}
    return codec.decode(body, path)


def to_json(obj: Any, *, indent: int | None = None) -> str:
    """``obj`` as JSON text (see :func:`to_dict`); ASCII only.

    >>> import canasta
    >>> to_json(canasta.Meld.parse("KH KS 2C"))
    '{"format_version": 1, "type": "meld", "rank": "K", "cards": ["2C", "KS", "KH"]}'

    Raises:
        TypeError: ``obj`` is of no registered type.
    """
    return json.dumps(to_dict(obj), indent=indent)


_SCAN = re.compile(r'"(?:[^"\\]+|\\.)*"?|[\[\]{},:]', re.DOTALL)


_STRING = re.compile(r'"(?:[^"\\]+|\\.)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before parsing, naming the path."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= MAX_DEPTH:
        return
    depth = 0
    for c in brackets:
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                break
        else:
            depth -= 1
    else:
        return
    stack: list[list[Any]] = []  # [bracket, index or key token, last string token]
    for m in _SCAN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == '"':
            if stack:
                stack[-1][2] = tok
        elif c in "[{":
            if len(stack) >= MAX_DEPTH:
                _fail(_scan_path(stack), f"JSON nested deeper than {MAX_DEPTH} levels")
            stack.append([c, 0 if c == "[" else None, None])
        elif c in "]}":
            if stack:
                stack.pop()
        elif c == "," and stack and stack[-1][0] == "[":
            stack[-1][1] += 1
        elif c == ":" and stack and stack[-1][0] == "{":
            stack[-1][1] = stack[-1][2]


def _scan_path(stack: list[list[Any]]) -> str:
    path = "$"
    for bracket, where, _ in stack:
        if bracket == "[":
            path += f"[{where}]"
        else:
            try:
                key = json.loads(where) if where else "?"
            except ValueError:
                key = "?"
            path = _key_path(path, key if isinstance(key, str) else "?")
    return path


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def from_json(text: str | bytes, kind: str | None = None) -> Any:
    """The value of a JSON document (see :func:`from_dict`).

    Only :func:`json.loads` is used. Text over :data:`MAX_TEXT_SIZE` characters, nesting over
    :data:`MAX_DEPTH` levels, ``NaN``/``Infinity`` and repeated keys are refused.

    >>> from_json('{"format_version": 1, "type": "cards", "cards": ["KH", "JK"]}')
    Cards.parse('JK KH')
    >>> from_json("[" * 10000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    canasta.errors.NotationError: $[0][0]...[0]: JSON nested deeper than 32 levels

    Raises:
        NotationError: text that is not JSON, too large or too deep, or a document that
            :func:`from_dict` refuses; the message starts with a JSON path.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT_SIZE:
            _fail("$", f"JSON text of {len(text)} bytes is too large (at most {MAX_TEXT_SIZE})")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail("$", f"JSON text is not UTF-8: {exc.reason} at byte {exc.start}")
    if not isinstance(text, str):
        _fail("$", f"expected JSON text, got {_kind(text)}")
    if len(text) > MAX_TEXT_SIZE:
        _fail("$", f"JSON text of {len(text)} characters is too large (at most {MAX_TEXT_SIZE})")
    _check_depth(text)
    try:
        data = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        _fail("$", f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except (ValueError, RecursionError) as exc:
        _fail("$", f"not JSON: {exc}")
    return from_dict(data, kind)


@functools.cache
def _schema_text() -> str:
    """The schema: the registry's types, each made from its class where its codec is (the
    variant from its fields' declarations); the shapes of hand-written codecs from the file."""
    schema = json.loads(
        resources.files("canasta").joinpath("schema/canasta.schema.json").read_text("utf-8")
    )
    defs = schema["$defs"]
    defs.update(variant_schema())
    for name, codec in _TYPES.items():
        if codec.generated:
            ref = schema_of(codec.cls, defs)["$ref"].rsplit("/", 1)[1]
            body = defs.pop(ref) if ref == codec.cls.__name__ else defs[ref]
            doc = (codec.cls.__doc__ or name).strip().split("\n")[0]
            defs[f"{name}_fields"] = {
                "description": doc,
                "type": "object",
                "properties": {"type": {"const": name}, **body["properties"]},
                "required": ["type", *body["required"]],
            }
        defs.setdefault(
            f"{name}_document",
            {
                "$ref": f"#/$defs/{name}_fields",
                "properties": {"format_version": {"const": FORMAT_VERSION}},
                "required": ["format_version"],
                "unevaluatedProperties": False,
            },
        )
    schema["properties"]["type"]["enum"] = list(_TYPES)
    schema["allOf"] = [
        {"if": {"properties": {"type": {"const": n}}}, "then": {"$ref": f"#/$defs/{n}_document"}}
        for n in _TYPES
    ]
    defs["action"]["properties"]["type"]["enum"] = list(_ACTION_TYPES)
    defs["action"]["allOf"] = [
        {
            "if": {"properties": {"type": {"const": n}}},
            "then": {"$ref": f"#/$defs/{n}_fields", "unevaluatedProperties": False},
        }
        for n in _ACTION_TYPES
    ]
    return json.dumps(schema)


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every document type (a fresh copy).

    The schema documents the shapes; :func:`from_dict` also checks what a schema cannot (card
    counts against the pack, meld rules, seats of the variant).

    >>> schema = json_schema()
    >>> schema["$schema"]
    'https://json-schema.org/draft/2020-12/schema'

    .. versionchanged:: 0.2
       The variant's part is made from the :class:`~canasta.Variant` field declarations.
    """
    result: dict[str, Any] = json.loads(_schema_text())
    return result


# ================================================================== cards, melds, actions
def _encode_cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _encode_meld(meld: Meld) -> dict[str, Any]:
    return {"rank": meld.rank.symbol, "cards": _encode_cards(meld.cards)}


def _decode_meld(value: Any, path: str, max_cards: int = MAX_CARDS) -> tuple[Meld, list[Card]]:
    """A meld, and its cards in the order given (for error paths)."""
    r = Reader(value, path, ("rank", "cards"))
    rank = _rank(r.raw("rank"), r.at("rank"))
    cards = r.cards("cards", max_cards)
    return Meld(rank, cards), cards


#: The ``"type"`` of each action class.
_ACTION_TYPES: Final = tuple(ACTIONS)


def _decode_action(value: Any, path: str, seat: int | None = None) -> Any:
    """A nested action (``"type"``, no version); its seat must be ``seat`` when given."""
    if isinstance(value, dict) and value.get("type") not in _ACTION_TYPES:
        if type(value.get("type")) is str:
            _fail(f"{path}.type", f"not an action type: {str(value['type'])[:40]!r}")
    action = from_dict(value, path=path, versioned=False)
    if seat is not None and getattr(action, "seat", seat) != seat:
        _fail(f"{path}.seat", f"an action of seat {action.seat} among seat {seat}'s actions")
    return action


_encode_variant = variant_document


def _decode_variant(value: Any, path: str) -> Variant:
    return variant_from_document(value, path)


# ================================================================== states
def _encode_turn(t: Turn) -> dict[str, Any]:
    fields: dict[str, Any] = converter.unstructure(t)
    return fields


def _encode_end(e: HandEnd | None) -> dict[str, Any] | None:
    fields: dict[str, Any] | None = converter.unstructure(e)
    return fields


def _enc_state(s: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": _encode_variant(s.variant),
        "seed": s.seed,
        "hand_number": s.hand_number,
        "dealer": s.dealer,
        "totals": list(s.totals),
        "order": list(s.order),
        "sides": [list(side) for side in s.sides],
        "hands": [_encode_cards(h) for h in s.hands],
        "stock": _encode_cards(s.stock),
        "discard_pile": _encode_cards(s.discard_pile),
        "melds": [[_encode_meld(m) for m in side] for side in s.melds],
        "red_threes": [_encode_cards(r) for r in s.red_threes],
        "phase": s.phase.value,
        "turn": _encode_turn(s.turn),
        "has_melded": list(s.has_melded),
        "end": _encode_end(s.end),
        "deal_version": s.deal_version,
    }
    if s.out_of_play:
        out["out_of_play"] = _encode_cards(s.out_of_play)
    return out


_STATE_KEYS: Final = (
    "variant",
    "seed",
    "hand_number",
    "dealer",
    "totals",
    "order",
    "sides",
    "hands",
    "stock",
    "discard_pile",
    "melds",
    "red_threes",
    "phase",
    "turn",
    "has_melded",
    "end",
)
#: Optional keys of a state: ``deal_version`` is absent from states written before portable
#: deals, which deal on with version 0.
_STATE_OPTIONAL: Final = ("deal_version",)
#: Keys a state may have, written only when not empty (documents without them still load).
_STATE_OPTIONAL_KEYS: Final = ("out_of_play",)


def _pack_counts(v: Variant) -> list[int]:
    counts = [v.decks] * N_KINDS
    counts[JOKER_ID] = v.jokers
    return counts


class _Tally:
    """Counts cards against the pack, naming the path of a copy too many."""

    def __init__(self, v: Variant) -> None:
        self.pack = _pack_counts(v)
        self.counts = [0] * N_KINDS
        self.total = 0

    def add(self, cards: Iterable[Card], path: str) -> None:
        for i, c in enumerate(cards):
            k = c.id
            self.counts[k] += 1
            self.total += 1
            if self.counts[k] > self.pack[k]:
                _fail(
                    f"{path}[{i}]",
                    f"{c} appears more often than the pack holds it ({self.pack[k]} times)",
                )

    def add_one(self, card: Card | None, path: str) -> None:
        if card is not None:
            self.add([card], path)

    def missing(self) -> str:
        short = [str(Card.from_id(k)) for k in range(N_KINDS) if self.counts[k] < self.pack[k]]
        return " ".join(short[:8]) + (" ..." if len(short) > 8 else "")


def _seat_list(value: Any, path: str, n: int) -> tuple[int, ...]:
    seats = _list(value, path, n, "seats")
    out = tuple(_int(s, f"{path}[{i}]", 0, n - 1) for i, s in enumerate(seats))
    if len(set(out)) != len(out):
        _fail(path, "a seat is listed twice")
    return out


def _decode_order(r: Reader, v: Variant, hand_number: int) -> tuple[int, ...]:
    order = _seat_list(r.raw("order"), r.at("order"), v.players)
    expected = seating(v, hand_number)
    if order != expected:
        _fail(
            r.at("order"),
            f"the seats playing hand {_show(hand_number)} of this variant are "
            f"{list(expected)} in this order, not {list(order)}",
        )
    return order


def _decode_sides(r: Reader, v: Variant, order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    path = r.at("sides")
    items = _list(r.raw("sides"), path, v.players, "sides")
    sides = tuple(_seat_list(x, f"{path}[{i}]", v.players) for i, x in enumerate(items))
    flat = [p for side in sides for p in side]
    if any(not side for side in sides) or sorted(flat) != sorted(order):
        _fail(path, f"the sides must partition the seats playing this hand, {list(order)}")
    allowed = [hand_sides(v, order)]
    if v.partnerships is Partnerships.LONE_HAND:
        allowed += [((p,), tuple(q for q in order if q != p)) for p in order]
    if sides not in allowed:
        _fail(path, f"{[list(s) for s in sides]} are not sides this variant can form")
    return sides


def _merge_of_valid(v: Variant, meld: Meld) -> bool:
    """Whether a meld could be two valid melds merged (Cutthroat partners, BI-CT)."""
    if not meld.rank.is_natural or any(not (c.rank is meld.rank or c.is_wild) for c in meld.cards):
        return False
    nat, jok, two = core.meld_stats(meld)
    wild = jok + two
    for n1 in range(v.min_naturals, nat - v.min_naturals + 1):
        n2 = nat - n1
        lo = max(0, wild - v.wild_limit(n2), 3 - n1)
        hi = min(wild, v.wild_limit(n1), n2 + wild - 3)
        if lo <= hi:
            return True
    return False


def _check_table_meld(v: Variant, path: str, meld: Meld, merged: bool) -> None:
    if meld.rank is Rank.THREE:
        if not all(c.is_black_three for c in meld.cards) or not 3 <= len(meld.cards) <= 4:
            _fail(path, "a meld of threes is three or four black threes (§2 case 21)")
        return


def _decode_table_melds(
    r: Reader,
    v: Variant,
    sides: tuple[tuple[int, ...], ...],
    tally: _Tally,
) -> tuple[tuple[Meld, ...], ...]:
    path = r.at("melds")
    items = _list(r.raw("melds"), path, v.players, "sides")
    if len(items) != len(sides):
        _fail(path, f"{len(items)} entries for {len(sides)} sides")
    pack = v.pack_size
    merged_ok = v.partnerships is Partnerships.LONE_HAND
    out = []
    for si, side_value in enumerate(items):
        spath = f"{path}[{si}]"
        melds = _list(side_value, spath, len(_TABLE_RANKS), "melds")
        side_melds: list[Meld] = []
        for mi, m in enumerate(melds):
            mpath = f"{spath}[{mi}]"
            meld, cards = _decode_meld(m, mpath, pack)
            if meld.rank not in _TABLE_RANKS:
                _fail(f"{mpath}.rank", f"no meld of {meld.rank.symbol}s is ever on the table")
            if side_melds and meld.rank >= side_melds[-1].rank:
                _fail(
                    f"{mpath}.rank",
                    "a side has one meld per rank, listed from the highest rank down",
                )
            tally.add(cards, f"{mpath}.cards")
            _check_table_meld(v, mpath, meld, merged_ok and len(sides[si]) > 1)
            side_melds.append(meld)
        out.append(tuple(side_melds))
    return tuple(out)


def _decode_hands(r: Reader, v: Variant, order: tuple[int, ...], tally: _Tally) -> list[Cards]:
    path = r.at("hands")
    items = _list(r.raw("hands"), path, v.players, "hands")
    if len(items) != v.players:
        _fail(path, f"{len(items)} hands for {v.players} seats")
    hands = []
    for i, h in enumerate(items):
        cards = _cards(h, f"{path}[{i}]", v.pack_size)
        if cards and i not in order:
            _fail(f"{path}[{i}]", f"seat {i} sits out this hand and holds no cards")
        tally.add(cards, f"{path}[{i}]")
        hands.append(Cards.of(cards))
    return hands


def _decode_red_threes(
    r: Reader, v: Variant, order: tuple[int, ...], tally: _Tally
) -> tuple[tuple[Card, ...], ...]:
    path = r.at("red_threes")
    items = _list(r.raw("red_threes"), path, v.players, "seats")
    if len(items) != v.players:
        _fail(path, f"{len(items)} entries for {v.players} seats")
    out = []
    for i, x in enumerate(items):
        cards = _cards(x, f"{path}[{i}]", v.red_three_count)
        for j, c in enumerate(cards):
            if not c.is_red_three:
                _fail(f"{path}[{i}][{j}]", f"{c} is not a red three")
        if cards and i not in order:
            _fail(f"{path}[{i}]", f"seat {i} sits out this hand and lays out no red threes")
        tally.add(cards, f"{path}[{i}]")
        out.append(tuple(cards))
    return tuple(out)


def _decode_turn(r: Reader, order: tuple[int, ...]) -> Turn:
    turn: Turn = structure(r.raw("turn"), Turn, r.at("turn"))
    if turn.seat not in order:
        _fail(f"{r.at('turn')}.seat", f"seat {turn.seat} does not play this hand {list(order)}")
    for i, symbol in enumerate(r.raw("turn")["created"]):
        if _RANK_BY_SYMBOL[symbol] not in _TABLE_RANKS:
            _fail(f"{r.at('turn')}.created[{i}]", f"not a rank here: {symbol!r}")
    return turn


def _decode_end(r: Reader, order: tuple[int, ...]) -> HandEnd | None:
    end: HandEnd | None = structure(r.raw("end"), HandEnd | None, r.at("end"))
    if end is not None and end.seat is not None and end.seat not in order:
        _fail(f"{r.at('end')}.seat", f"seat {end.seat} does not play this hand {list(order)}")
    return end


def _decode_totals(r: Reader, v: Variant) -> tuple[int, ...]:
    path = r.at("totals")
    items = _list(r.raw("totals"), path, len(v.sides), "totals")
    if len(items) != len(v.sides):
        _fail(path, f"{len(items)} totals for {len(v.sides)} sides")
    return tuple(_int(x, f"{path}[{i}]") for i, x in enumerate(items))


def _dec_state(data: dict[str, Any], path: str) -> GameState:
    r = Reader(data, path, _STATE_KEYS, (*_STATE_OPTIONAL, *_STATE_OPTIONAL_KEYS))
    deal_version = r.integer("deal_version", 0, max(DEAL_VERSIONS)) if r.has("deal_version") else 0
    v = _decode_variant(r.raw("variant"), r.at("variant"))
    n = v.players
    seed = r.opt_integer("seed", -_MAX_SEED, _MAX_SEED)
    hand_number = r.integer("hand_number", 1, _INT64)
    order = _decode_order(r, v, hand_number)
    dealer = r.integer("dealer", 0, n - 1)
    if dealer not in order:
        _fail(r.at("dealer"), f"the dealer must be a seat playing this hand {list(order)}")
    totals = _decode_totals(r, v)
    sides = _decode_sides(r, v, order)
    tally = _Tally(v)
    hands = _decode_hands(r, v, order, tally)
    melds = _decode_table_melds(r, v, sides, tally)
    red_threes = _decode_red_threes(r, v, order, tally)
    pile = r.cards("discard_pile", v.pack_size)
    tally.add(pile, r.at("discard_pile"))
    stock = r.cards("stock", v.pack_size)
    tally.add(stock, r.at("stock"))
    out_of_play = r.cards("out_of_play", v.pack_size) if r.has("out_of_play") else []
    tally.add(out_of_play, r.at("out_of_play"))
    if tally.total != v.pack_size:
        _fail(
            path,
            f"the state holds {tally.total} cards, the pack {v.pack_size} "
            f"(missing: {tally.missing()})",
        )
    phase = _enum(Phase, r.raw("phase"), r.at("phase"))
    turn = _decode_turn(r, order)
    hm_path = r.at("has_melded")
    hm_items = _list(r.raw("has_melded"), hm_path, n, "seats")
    if len(hm_items) != n:
        _fail(hm_path, f"{len(hm_items)} entries for {n} seats")
    has_melded = tuple(_bool(x, f"{hm_path}[{i}]") for i, x in enumerate(hm_items))
    end = _decode_end(r, order)
    if (phase is Phase.HAND_OVER) != (end is not None):
        _fail(r.at("end"), "a hand that is over says how it ended, and only such a hand")
    if phase is Phase.ANSWER:
        side = next(s for s in sides if turn.seat in s)
        if len(side) < 2:
            _fail(r.at("phase"), f"seat {turn.seat} has no partner to answer")
    state = GameState(
        variant=v,
        seed=seed,
        hand_number=hand_number,
        dealer=dealer,
        totals=totals,
        order=order,
        sides=sides,
        hands=tuple(hands),
        stock=tuple(stock),
        discard_pile=tuple(pile),
        melds=melds,
        red_threes=red_threes,
        phase=phase,
        turn=turn,
        has_melded=has_melded,
        end=end,
        out_of_play=Cards.of(out_of_play),
        deal_version=deal_version,
    )
    found = problems(state)
    if found:
        _fail(f"{path}.{found[0].path}" if found[0].path else path, found[0].message)
    return state


# ================================================================== views
def _enc_view(w: PlayerView) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": w.seat,
        "side": w.side,
        "variant": _encode_variant(w.variant),
        "hand": _encode_cards(w.hand),
        "hand_sizes": list(w.hand_sizes),
        "melds": [[_encode_meld(m) for m in side] for side in w.melds],
        "red_threes": [_encode_cards(r) for r in w.red_threes],
        "top_card": None if w.top_card is None else str(w.top_card),
        "pile_size": w.pile_size,
        "pile_frozen": w.pile_frozen,
        "pile_blocked": w.pile_blocked,
        "stock_size": w.stock_size,
        "totals": list(w.totals),
        "minimums": list(w.minimums),
        "current_seat": w.current_seat,
        "phase": w.phase.value,
        "hand_number": w.hand_number,
        "legal_actions": [to_dict(a, versioned=False) for a in w.legal_actions],
        "sides": [list(side) for side in w.sides],
        "order": list(w.order),
        # the table's public facts (all or none of them: a view written before they were added
        # has none, and its "pile_frozen" meant "for the viewer's side")
        "dealer": w.dealer,
        "sitting_out": w.sitting_out,
        "turn": None if w.turn is None else _encode_turn(w.turn),
        "has_melded": list(w.has_melded),
        "pile_red_threes": w.pile_red_threes,
        "pile_frozen_for_me": w.pile_frozen_for_me,
        "end": _encode_end(w.end),
        "score": None if w.score is None else _enc_hand_score(w.score),
    }
    if w.out_of_play:
        out["out_of_play"] = w.out_of_play
    return out


_VIEW_KEYS: Final = (
    "seat",
    "side",
    "variant",
    "hand",
    "hand_sizes",
    "melds",
    "red_threes",
    "top_card",
    "pile_size",
    "pile_frozen",
    "pile_blocked",
    "stock_size",
    "totals",
    "minimums",
    "current_seat",
    "phase",
    "hand_number",
    "legal_actions",
    "sides",
    "order",
)
#: The keys of a view added with its public facts: a view's JSON has all of them, or none
#: (written before they were added, when its ``pile_frozen`` meant "for the viewer's side").
_VIEW_KEYS_0_2: Final = (
    "dealer",
    "sitting_out",
    "turn",
    "has_melded",
    "pile_red_threes",
    "pile_frozen_for_me",
    "end",
    "score",
)


def _dec_view(data: dict[str, Any], path: str) -> PlayerView:
    r = Reader(data, path, _VIEW_KEYS, (*_VIEW_KEYS_0_2, "out_of_play"))
    v = _decode_variant(r.raw("variant"), r.at("variant"))
    n = v.players
    pack = v.pack_size
    seat = r.integer("seat", 0, n - 1)
    hand_number = r.integer("hand_number", 1, _INT64)
    order = _decode_order(r, v, hand_number)
    sides = _decode_sides(r, v, order)
    side = r.opt_integer("side", 0, len(sides) - 1)
    expected_side = next((i for i, s in enumerate(sides) if seat in s), None)
    if side != expected_side:
        _fail(r.at("side"), f"seat {seat} plays for side {expected_side} in this hand")
    tally = _Tally(v)
    hand = r.cards("hand", pack)
    tally.add(hand, r.at("hand"))
    sizes_path = r.at("hand_sizes")
    sizes_items = _list(r.raw("hand_sizes"), sizes_path, n, "seats")
    if len(sizes_items) != n:
        _fail(sizes_path, f"{len(sizes_items)} entries for {n} seats")
    hand_sizes = tuple(_int(x, f"{sizes_path}[{i}]", 0, pack) for i, x in enumerate(sizes_items))
    if hand_sizes[seat] != len(hand):
        _fail(f"{sizes_path}[{seat}]", f"the viewer holds {len(hand)} cards")
    for p in range(n):
        if hand_sizes[p] and p not in order:
            _fail(f"{sizes_path}[{p}]", f"seat {p} sits out this hand and holds no cards")
    melds = _decode_table_melds(r, v, sides, tally)
    red_threes = _decode_red_threes(r, v, order, tally)
    top_card = _opt_card(r.raw("top_card"), r.at("top_card"))
    tally.add_one(top_card, r.at("top_card"))
    pile_size = r.integer("pile_size", 0, pack)
    if (top_card is None) != (pile_size == 0):
        _fail(r.at("top_card"), "a pile has a top card exactly when it is not empty")
    stock_size = r.integer("stock_size", 0, pack)
    in_hands = sum(hand_sizes)
    out_of_play = r.integer("out_of_play", 0, pack) if r.has("out_of_play") else 0
    total = tally.total - len(hand) - (top_card is not None) + in_hands + pile_size + stock_size
    total += out_of_play
    if total != pack:
        _fail(path, f"the view accounts for {total} cards, the pack holds {pack}")
    totals = _decode_totals(r, v)
    mins_path = r.at("minimums")
    mins_items = _list(r.raw("minimums"), mins_path, len(sides), "minimums")
    if len(mins_items) != len(sides):
        _fail(mins_path, f"{len(mins_items)} minimums for {len(sides)} sides")
    minimums = tuple(_int(x, f"{mins_path}[{i}]", 0) for i, x in enumerate(mins_items))
    current = r.opt_integer("current_seat", 0, n - 1)
    phase = _enum(Phase, r.raw("phase"), r.at("phase"))
    if current is not None and current not in order:
        _fail(r.at("current_seat"), f"seat {current} does not play this hand {list(order)}")
    if (current is None) != (phase is Phase.HAND_OVER):
        _fail(r.at("current_seat"), "nobody is to act exactly when the hand is over")
    la_path = r.at("legal_actions")
    la_items = _list(r.raw("legal_actions"), la_path, MAX_ITEMS, "actions")
    if la_items and current != seat:
        _fail(la_path, "only the seat to act has legal actions")
    for i, a in enumerate(la_items):  # checked; the menu itself follows from the view
        _decode_action(a, f"{la_path}[{i}]", seat)
    fields: dict[str, Any] = {
        "seat": seat,
        "side": side,
        "variant": v,
        "hand": Cards.of(hand),
        "hand_sizes": hand_sizes,
        "melds": melds,
        "red_threes": red_threes,
        "top_card": top_card,
        "pile_size": pile_size,
        "pile_frozen": r.boolean("pile_frozen"),
        "pile_blocked": r.boolean("pile_blocked"),
        "stock_size": stock_size,
        "totals": totals,
        "minimums": minimums,
        "current_seat": current,
        "phase": phase,
        "hand_number": hand_number,
        "sides": sides,
        "order": order,
        "out_of_play": out_of_play,
    }
    present = [k for k in _VIEW_KEYS_0_2 if r.has(k)]
    if present:
        missing = [k for k in _VIEW_KEYS_0_2 if not r.has(k)]
        if missing:
            _fail(r.at(missing[0]), "missing (a view has all of dealer ... score, or none)")
        fields.update(_decode_view_0_2(r, v, order, phase, current, pile_size))
    else:
        # Written before these keys: "pile_frozen" was for the viewer's side. For a side that has
        # melded that is the same fact; for one yet to meld the pile's own frozenness is known
        # only from its top card.
        if side is None or not melds[side]:
            fields["pile_frozen"] = top_card is not None and (
                top_card.is_wild or (top_card.is_black_three and v.black_three_discard == "freezes")
            )
    view = PlayerView(**fields)
    if view.sitting_out != r.raw("sitting_out", view.sitting_out):
        _fail(r.at("sitting_out"), f"the seat sitting out is {view.sitting_out}")
    if view.pile_frozen_for_me != r.raw("pile_frozen_for_me", view.pile_frozen_for_me):
        _fail(r.at("pile_frozen_for_me"), "does not follow from pile_frozen and the melds")
    from .views import stand_in

    try:
        stand_in(view)  # the facts of the view can all hold
    except StateError as exc:
        _fail(path, f"an impossible view: {exc}")
    return view


def _decode_view_0_2(
    r: Reader,
    v: Variant,
    order: tuple[int, ...],
    phase: Phase,
    current: int | None,
    pile_size: int,
) -> dict[str, Any]:
    n = v.players
    dealer = r.integer("dealer", 0, n - 1)
    if dealer not in order:
        _fail(r.at("dealer"), f"the dealer must be a seat playing this hand {list(order)}")
    if r.raw("turn") is None:
        _fail(r.at("turn"), "expected an object, got null")
    turn = _decode_turn(r, order)
    if phase is not Phase.HAND_OVER:
        to_act = turn.seat if phase is not Phase.ANSWER else None
        if to_act is not None and to_act != current:
            _fail(r.at("turn"), f"the turn is seat {turn.seat}'s, the seat to act {current}")
    hm_path = r.at("has_melded")
    hm_items = _list(r.raw("has_melded"), hm_path, n, "seats")
    if len(hm_items) != n:
        _fail(hm_path, f"{len(hm_items)} entries for {n} seats")
    has_melded = tuple(_bool(x, f"{hm_path}[{i}]") for i, x in enumerate(hm_items))
    reds = r.integer("pile_red_threes", 0, max(pile_size - 1, 0))
    end = _decode_end(r, order)
    if (phase is Phase.HAND_OVER) != (end is not None):
        _fail(r.at("end"), "a hand that is over says how it ended, and only such a hand")
    score = None
    if r.raw("score") is not None:
        score = _dec_hand_score(r.raw("score"), r.at("score"))
        if len(score.sides) != len(v.sides):
            _fail(r.at("score"), f"{len(score.sides)} score sheets for {len(v.sides)} sides")
    if (end is None) != (score is None):
        _fail(r.at("score"), "a hand that is over has a score sheet, and only such a hand")
    return {
        "dealer": dealer,
        "turn": turn,
        "has_melded": has_melded,
        "pile_red_threes": reds,
        "end": end,
        "score": score,
    }


# ================================================================== scores
def _enc_side_score(s: SideScore) -> dict[str, Any]:
    return {**converter.unstructure(s), "total": s.total}


def _enc_hand_score(h: HandScore) -> dict[str, Any]:
    return {"sides": [_enc_side_score(s) for s in h.sides]}


def _dec_side_score(data: Any, path: str) -> SideScore:
    """A side's score; its ``total`` (not a field: the sum of its lines) must add up."""
    r = Reader(data, path, ("side", "lines", "total"))
    score: SideScore = structure({"side": r.raw("side"), "lines": r.raw("lines")}, SideScore, path)
    if r.integer("total") != score.total:
        _fail(r.at("total"), f"the lines add up to {_show(score.total)}")
    return score


def _dec_hand_score(data: Any, path: str) -> HandScore:
    r = Reader(data, path, ("sides",))
    items = r.array("sides", MAX_PLAYERS)
    sides = []
    for i, x in enumerate(items):
        side = _dec_side_score(x, f"{r.at('sides')}[{i}]")
        if side.side != i:
            _fail(f"{r.at('sides')}[{i}].side", f"the score of side {i} is listed at index {i}")
        sides.append(side)
    return HandScore(tuple(sides))


# ================================================================== the built-in types
def _one(key: str, cls: type[_T]) -> Callable[[dict[str, Any], str], _T]:
    """The decoder of a document of one value, ``{KEY: value}``."""
    return lambda data, path: structure(Reader(data, path, (key,)).raw(key), cls, f"{path}.{key}")


def _register_builtins() -> None:
    register("card", Card, lambda c: {"card": str(c)}, _one("card", Card))
    register("cards", Cards, lambda c: {"cards": _encode_cards(c)}, _one("cards", Cards))
    register("meld", Meld)
    for name, cls in ACTIONS.items():
        register(name, cls)
    register("variant", Variant, variant_document, variant_from_document)
    register("game_state", GameState, _enc_state, _dec_state)
    register("player_view", PlayerView, _enc_view, _dec_view)
    register("hand_score", HandScore, _enc_hand_score, _dec_hand_score)
    register("side_score", SideScore, _enc_side_score, _dec_side_score)
    register("score_line", ScoreLine)


_register_builtins()
