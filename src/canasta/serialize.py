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
``game_state``     every field of :class:`~canasta.GameState` (hands as lists of cards) and
                   its ``phase``, which it derives from its ``end`` and ``turn`` (written where
                   it always was, read back checked against them); ``deal_version`` is absent
                   from states written before portable deals, read as version 0
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
int), out-of-range values and bad card strings are refused by the codec (:mod:`canasta._codec`),
and an impossible state by its first :func:`~canasta.validation.problems` (more copies of a card
than the pack holds, melds that break the variant's rules, a seat that does not play...; a view
by :func:`~canasta.views.view_problems`), with :class:`~canasta.NotationError`, whose message
begins with the JSON path of the offending field, e.g. ``$.hands[2][5]``. JSON text over 1 MB or
nested more than 32 levels deep is refused before it is parsed.

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

import functools
import itertools
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
    RANGES,
    Bad,
    DuplicateKeys,
    _bool,
    _card,
    _derived_type,
    _doc_of,
    _int,
    _items,
    _list,
    _str,
    build,
    converter,
    derived_keys,
    fail,
    fields_reader,
    json_int,
    key_path,
    kind_of,
    object_pairs,
    optional_keys,
    ranged,
    read_at,
    refine_schema,
    schema_of,
    show,
    structure,
    table_schemas,
    variant_document,
    variant_from_document,
    variant_schema,
)
from .actions import Action
from .cards import Card, Cards
from .melds import Meld
from .scoring import HandScore, ScoreLine, SideScore
from .state import GameState, Phase, Turn
from .validation import problems
from .variants import Variant
from .views import PlayerView, view_problems

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

_ITEM = re.compile(r"[a-z][a-z0-9_]{0,63}")


def _check_object(data: Any, path: str) -> None:
    """Refuse ``data`` at ``path`` unless it is a JSON object that repeats no key."""
    if not isinstance(data, dict):
        fail(path, f"expected an object, got {kind_of(data)}")
    if isinstance(data, DuplicateKeys):
        fail(key_path(path, data.duplicate), "duplicate key")


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
        _check_object(data, path)
        req = tuple(required)
        known = set(req).union(optional)
        for key in data:
            if type(key) is not str:
                fail(path, f"object keys must be strings, not {kind_of(key)}")
            if key not in known:
                fail(key_path(path, key), "unknown key")
        for key in req:
            if key not in data:
                fail(key_path(path, key), "missing")
        self.data: dict[str, Any] = data
        self.path = path

    def at(self, key: str) -> str:
        """The JSON path of ``key``."""
        return key_path(self.path, key)

    def has(self, key: str) -> bool:
        """Whether the object has ``key``."""
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` as parsed (``default`` if absent)."""
        return self.data.get(key, default)

    def _read(self, key: str, read: Callable[[Any], _T]) -> _T:
        try:
            return read(self.data[key])
        except Bad as exc:
            fail(self.at(key) + exc.step, exc.message)

    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        """An int (not a bool) from ``lo`` to ``hi`` (inclusive, each optional)."""
        return self._read(key, lambda v: _int(v, None, lo, hi))

    def opt_integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        """An int from ``lo`` to ``hi``, or null."""
        return None if self.data.get(key) is None else self.integer(key, lo, hi)

    def boolean(self, key: str) -> bool:
        """A bool."""
        return self._read(key, lambda v: _bool(v, None))

    def string(self, key: str, max_len: int = MAX_STRING) -> str:
        """A string of at most ``max_len`` characters."""
        return self._read(key, lambda v: _str(v, None, max_len))

    def array(self, key: str, max_len: int = MAX_ITEMS) -> list[Any]:
        """An array of at most ``max_len`` items (not checked further)."""
        return self._read(key, lambda v: _list(v, max_len))

    def card(self, key: str) -> Card:
        """A card in notation (``"KH"``, ``"JK"``)."""
        return self._read(key, lambda v: _card(v))

    def cards(self, key: str, max_len: int = MAX_CARDS) -> list[Card]:
        """An array of cards, in the order given."""
        return self._read(key, lambda v: _items(v, Card, max_len))

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

    The type's part of :func:`json_schema` is made from ``cls`` when it is an attrs class (its
    fields, in the shape of their types, each described by the class's ``Attributes:``
    documentation), whatever codec writes it; for another class it is any object of its type.

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
    if encode is None:
        encode = converter.unstructure
    if decode is None:
        decode = functools.partial(_decode_as, cls)
    codec = _Codec(type_name, cls, encode, decode)
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
        fail(path, f"no document type {kind!r}; known: {', '.join(_TYPES)}")
    _check_object(data, path)
    if versioned:
        if "format_version" not in data:
            fail(f"{path}.format_version", "missing")
        version = data["format_version"]
        if type(version) is not int or version != FORMAT_VERSION:
            shown = show(version) if type(version) is int else kind_of(version)
            fail(
                f"{path}.format_version",
                f"unsupported format version {shown} (this library reads {FORMAT_VERSION})",
            )
    if "type" not in data:
        fail(f"{path}.type", "missing")
    type_name = data["type"]
    if type(type_name) is not str:
        fail(f"{path}.type", f"expected a string, got {kind_of(type_name)}")
    codec = _TYPES.get(type_name)
    if codec is None:
        shown = type_name if len(type_name) <= 40 else type_name[:40] + "..."
        fail(f"{path}.type", f"unknown type {shown!r}")
    if kind is not None and type_name != kind:
        fail(f"{path}.type", f"expected a {kind!r}, got {type_name!r}")
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
    depths = itertools.accumulate(1 if c in "[{" else -1 for c in brackets)
    if len(brackets) <= MAX_DEPTH or all(depth <= MAX_DEPTH for depth in depths):
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
                fail(_scan_path(stack), f"JSON nested deeper than {MAX_DEPTH} levels")
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
            path = key_path(path, key if isinstance(key, str) else "?")
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
            fail("$", f"JSON text of {len(text)} bytes is too large (at most {MAX_TEXT_SIZE})")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            fail("$", f"JSON text is not UTF-8: {exc.reason} at byte {exc.start}")
    if not isinstance(text, str):
        fail("$", f"expected JSON text, got {kind_of(text)}")
    if len(text) > MAX_TEXT_SIZE:
        fail("$", f"JSON text of {len(text)} characters is too large (at most {MAX_TEXT_SIZE})")
    _check_depth(text)
    try:
        data = json.loads(
            text, object_pairs_hook=object_pairs, parse_constant=_no_constant, parse_int=json_int
        )
    except json.JSONDecodeError as exc:
        fail("$", f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except (ValueError, RecursionError) as exc:
        fail("$", f"not JSON: {exc}")
    return from_dict(data, kind)


@functools.cache
def _schema_text() -> str:
    """The schema: from the schema file the frame and the shapes no class gives (a card, cards,
    a nested action); the variant's made from its fields' declarations, every other type's
    from its class (:func:`~canasta._codec.schema_of`: its fields and derived keys, their
    documentation and the ranges their readers check)."""
    schema = json.loads(
        resources.files("canasta").joinpath("schema/canasta.schema.json").read_text("utf-8")
    )
    defs = schema["$defs"]
    defs.update(variant_schema())
    defs.update(table_schemas())
    made = set()
    for name, codec in _TYPES.items():
        if not attrs.has(codec.cls) and f"{name}_fields" not in defs:
            any_fields = {"properties": {"type": {"const": name}}, "additionalProperties": True}
            defs[f"{name}_fields"] = {"type": "object", **any_fields, "required": ["type"]}
        if f"{name}_fields" not in defs and f"{name}_document" not in defs:
            ref = schema_of(codec.cls, defs)["$ref"].rsplit("/", 1)[1]
            if codec.cls is PlayerView:
                _view_schema(ref, defs)
            made.add(ref)
            body = defs[ref]
            where = f"{codec.cls.__module__}.{codec.cls.__qualname__}"
            defs[f"{name}_fields"] = {
                "description": f"{where}: {body['description']}",
                "type": "object",
                "properties": {"type": {"const": name}, **body["properties"]},
                "required": ["type", *body["required"]],
                **{k: v for k, v in body.items() if k == "dependentRequired"},
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
    for ref in made:  # a class's own schema, where only its document's copy refers to it
        if f'"#/$defs/{ref}"' not in json.dumps(schema):
            del defs[ref]
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


# ================================================================== states
#: The ``"type"`` of each action class.
_ACTION_TYPES: Final = tuple(ACTIONS)
# Written where documents have always had them, though they follow from the fields: checked
# by the validator when read (not_the_seating, melded_without_melds, and for the phase the
# problems of the turn's facts in that phase, e.g. hand_over_without_end, drew_unknown).
derived_keys(Turn, {"melded": "created"})
derived_keys(GameState, {"order": "totals", "phase": "red_threes"})
# Absent from states written before portable deals (which deal on with version 0), and written
# only when the state holds some.
optional_keys(GameState, {"deal_version": 0, "out_of_play": [], "zones": []})
_read_state = fields_reader(GameState)


def _on_the_table(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of a field of a state or a view: its melds are on the table, a side has a
    seat."""
    if name == "melds":
        return {**schema, "items": {"type": "array", "items": {"$ref": "#/$defs/table_meld"}}}
    if name == "sides":
        return {**schema, "items": {**schema["items"], "minItems": 1}}
    return schema


refine_schema(GameState, _on_the_table)
refine_schema(PlayerView, _on_the_table)
refine_schema(
    Turn, lambda n, s: {**s, "items": {"$ref": "#/$defs/table_rank"}} if n == "created" else s
)


def _state(value: Any, _: Any = None) -> GameState:
    """A state from its fields; the first of its :func:`~canasta.validation.problems` is
    refused at its JSON path."""
    state = build(GameState, _read_state(value))
    order, phase, melded = tuple(value["order"]), Phase(value["phase"]), value["turn"]["melded"]
    found = problems(state, order=order, melded=melded, phase=phase)
    if found:
        raise Bad(found[0].message, _json_path(found[0].path, state, value))
    return state


def _json_path(path: str, state: Any, data: Any) -> str:
    """The JSON path (below the document) of a problem's ``path`` into ``state``, read from
    ``data``: a card of a sorted zone (a hand, a meld) is the copy of its place in the list."""
    out = ""
    for name, index in re.findall(r"(\w+)|\[(\d+)\]", path):
        if name:
            state, data, out = getattr(state, name), data[name], f"{out}.{name}"
            continue
        k = int(index)
        zone = tuple(state)
        if isinstance(zone[k], Card):
            copy = zone[: k + 1].count(zone[k])
            k = [i for i, c in enumerate(data) if c == str(zone[k])][copy - 1]
        state, data, out = zone[int(index)], data[k], f"{out}[{k}]"
    return out


def _enc_state(s: GameState) -> dict[str, Any]:
    out: dict[str, Any] = converter.unstructure(s)
    # Written last: the deal version, then the cards out of play and the seats' hidden packets
    # (zones), each only when the state holds some.
    for key in ("deal_version", "out_of_play", "zones"):
        value = out.pop(key)
        if value or key == "deal_version":
            out[key] = value
    return out


# ================================================================== views
#: The keys of a view added with its public facts: a view's JSON has all of them, or none
#: (written before they were added, when its ``pile_frozen`` meant "for the viewer's side").
_VIEW_0_2: Final = (
    "dealer",
    "sitting_out",
    "turn",
    "has_melded",
    "pile_red_threes",
    "pile_frozen_for_me",
    "end",
    "score",
)
#: The keys of a view's JSON, in order (``out_of_play`` last, when not 0).
_VIEW_KEYS: Final = (
    *("seat", "side", "variant", "hand", "hand_sizes", "melds", "red_threes", "top_card"),
    *("pile_size", "pile_frozen", "pile_blocked", "stock_size", "totals", "minimums"),
    *("current_seat", "phase", "hand_number", "legal_actions", "sides", "order", *_VIEW_0_2),
)
#: Keys of a view's JSON that are its properties, not its fields: they must agree.
_VIEW_DERIVED: Final = ("sitting_out", "pile_frozen_for_me", "legal_actions")
_read_view = fields_reader(PlayerView, frozenset({"out_of_play", "zone_sizes", *_VIEW_0_2}))


def _view_schema(name: str, defs: dict[str, Any]) -> None:
    """The schema of a view (``defs[name]``, made from its fields) with the keys it derives
    (written, and checked when read), in the written order; the keys added with the table's
    facts come together."""
    body = defs[name]
    props = body["properties"]
    for key in _VIEW_DERIVED:
        schema = schema_of(_derived_type(PlayerView, key), defs)
        schema = ranged(schema, *RANGES[key]) if key in RANGES else schema
        props[key] = {"description": _doc_of(PlayerView, key), **schema}
    body["description"] += (
        " The keys dealer to score were added together: a view has all of them, or none (written"
        " before they were added)."
    )
    body["properties"] = {k: props[k] for k in (*_VIEW_KEYS, "out_of_play", "zone_sizes")}
    body["required"].append("legal_actions")
    body["dependentRequired"] = {k: [x for x in _VIEW_0_2 if x != k] for k in _VIEW_0_2}


def _view(value: Any, _: Any = None) -> PlayerView:
    """A view from its fields, its legal actions those of the viewer's seat; the first of
    :func:`~canasta.views.view_problems` is refused at its JSON path."""
    raw = value if type(value) is dict else {}
    missing = [k for k in _VIEW_0_2 if k not in raw]
    if 0 < len(missing) < len(_VIEW_0_2):
        raise Bad("missing (a view has all of dealer ... score, or none)", f".{missing[0]}")
    if raw and "legal_actions" not in raw:
        raise Bad("missing", ".legal_actions")
    fields = _read_view({k: x for k, x in raw.items() if k not in _VIEW_DERIVED} or value)
    stated = raw.get("turn")
    melded = stated["melded"] if type(stated) is dict else None
    if "dealer" not in fields:
        # Written before the table's facts: "pile_frozen" was for the viewer's side. For a side
        # that has melded that is the same fact; for one yet to meld the pile's own frozenness
        # is known only from its top card, or, where the unseen cards cannot all be ones that
        # leave it unfrozen (a frozen card buried in it), it is frozen.
        side, melds, top = fields["side"], fields["melds"], fields["top_card"]
        if side is None or side >= len(melds) or not melds[side]:
            fields["pile_frozen"] = top is not None and core.freezes_pile(fields["variant"], top)
            if not fields["pile_frozen"] and view_problems(fields, melded=melded):
                frozen = {**fields, "pile_frozen": True}
                if not view_problems(frozen, melded=melded):
                    fields = frozen
    found = view_problems(fields, melded=melded)
    if found:
        raise Bad(found[0].message, f".{found[0].path}" if found[0].path else "")
    view = build(PlayerView, fields)
    listed = read_at(".legal_actions", raw["legal_actions"], tuple[Action, ...])
    if listed and view.current_seat != view.seat:
        raise Bad("only the seat to act has legal actions", ".legal_actions")
    for i, action in enumerate(listed):  # checked; the menu itself follows from the view
        seat = getattr(action, "seat", view.seat)
        if seat != view.seat:
            message = f"an action of seat {seat} among seat {view.seat}'s actions"
            raise Bad(message, f".legal_actions[{i}].seat")
    for key in _VIEW_DERIVED[:2]:
        derived = getattr(view, key)
        if key in raw and (type(raw[key]) is not type(derived) or raw[key] != derived):
            raise Bad(f"does not follow from the view's fields: {derived}", f".{key}")
    return view


def _enc_view(w: PlayerView) -> dict[str, Any]:
    fields: dict[str, Any] = converter.unstructure(w)
    fields["legal_actions"] = [converter.unstructure(a, Action) for a in w.legal_actions]
    fields.update(sitting_out=w.sitting_out, pile_frozen_for_me=w.pile_frozen_for_me)
    out = {k: fields[k] for k in _VIEW_KEYS}
    if w.out_of_play:
        out["out_of_play"] = w.out_of_play
    if w.zone_sizes:
        out["zone_sizes"] = w.zone_sizes
    return out


# ================================================================== scores
derived_keys(SideScore, {"total": "lines"})
_read_side = fields_reader(SideScore)


def _side_score(value: Any, _: Any = None) -> SideScore:
    """A side's score; its ``total`` (not a field: the sum of its lines) must add up."""
    score = build(SideScore, _read_side(value))
    if value["total"] != score.total:
        raise Bad(f"the lines add up to {show(score.total)}", ".total")
    return score


def _hand_score(value: Any, _: Any = None) -> HandScore:
    score: HandScore = build(HandScore, _read_hand_score(value))
    for i, side in enumerate(score.sides):
        if side.side != i:
            raise Bad(f"the score of side {i} is listed at index {i}", f".sides[{i}].side")
    return score


_read_hand_score = fields_reader(HandScore)
converter.register_structure_hook(GameState, _state)
converter.register_structure_hook(PlayerView, _view)
converter.register_structure_hook(SideScore, _side_score)
converter.register_structure_hook(HandScore, _hand_score)


# ================================================================== the built-in types
def _one(key: str, cls: type[_T]) -> Callable[[dict[str, Any], str], _T]:
    """The decoder of a document of one value, ``{KEY: value}``."""
    return lambda data, path: structure(Reader(data, path, (key,)).raw(key), cls, f"{path}.{key}")


def _register_builtins() -> None:
    register("card", Card, lambda c: {"card": str(c)}, _one("card", Card))
    register("cards", Cards, lambda c: {"cards": [str(x) for x in c]}, _one("cards", Cards))
    register("meld", Meld)
    for name, cls in ACTIONS.items():
        register(name, cls)
    register("variant", Variant, variant_document, variant_from_document)
    # read by hand (derived keys checked, old documents read); their schemas made from the class
    hand_written: tuple[tuple[str, type[Any], Callable[[Any], dict[str, Any]]], ...] = (
        ("game_state", GameState, _enc_state),
        ("player_view", PlayerView, _enc_view),
        ("hand_score", HandScore, converter.unstructure),
        ("side_score", SideScore, converter.unstructure),
    )
    for name, cls, encode in hand_written:
        register(name, cls, encode, functools.partial(_decode_as, cls))
    register("score_line", ScoreLine)


_register_builtins()
