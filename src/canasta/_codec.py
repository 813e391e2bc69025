"""The JSON shape of the model's values, made from its attrs classes with cattrs.

One converter knows every value: a card is its notation (``"KH"``), a rank its symbol, an enum
its value, a tuple an array, an attrs class an object of its fields, a variant the preset it
derives from and its changed fields (``{"preset": "classic", "changes": {"jokers": 6}}``, where
each change is read by the type and bounds its field declares, :func:`canasta.variants.rule`).

Reading is strict, for untrusted input: every key of an object is required and no other is
allowed, an int is an int (not a bool or a float), a string is short; any fault is a
:class:`~canasta.NotationError` whose message begins with the JSON path of the offending value
(``$.turn.seat: expected an int, got a bool``). The JSON Schema of these shapes is made from the
same types (:func:`schema_of`).
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import inspect
import json
import re
import typing
from collections.abc import Callable, Iterable
from typing import Any, Final, NoReturn, TypeVar

import attrs
import cattrs
import cattrs.gen
from cattrs.errors import ClassValidationError, IterableValidationError

from .actions import _ACTION_TYPES, Action
from .cards import N_KINDS, Card, Cards, Rank
from .deals import DEAL_VERSIONS
from .errors import CanastaError, NotationError, VariantError
from .limits import (
    MAX_CARDS,
    MAX_DEPTH,
    MAX_HAND_NUMBER,
    MAX_INT,
    MAX_ITEMS,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_STRING,
    MAX_TEXT_SIZE,
    MAX_TOTAL,
    MAX_VARIANT_NAME,
    MIN_SEED,
)
from .melds import Meld, MeldKind
from .variants import MAX_POINTS, CardPoints, Variant, get_variant, variant_fields, variant_names

__all__ = [
    "ACTIONS",
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_INT_DIGITS",
    "MAX_ITEMS",
    "MAX_PLAYERS",
    "MAX_STRING",
    "MAX_TEXT_SIZE",
    "RANGES",
    "TABLE_RANKS",
    "Bad",
    "at",
    "build",
    "converter",
    "derived_keys",
    "fail",
    "field_docs",
    "fields_reader",
    "json_int",
    "key_path",
    "kind_of",
    "optional_keys",
    "ranged",
    "read_at",
    "refine_schema",
    "schema_of",
    "show",
    "snake_case",
    "structure",
    "summary",
    "table_schemas",
    "variant_document",
    "variant_from_document",
    "variant_schema",
]

_T = TypeVar("_T")

# The limits are canasta.limits' (one table for every format); kept here under their names.
#: Bounds of int fields by name, wherever they appear (a seat is a seat in every class).
BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "seat": (0, MAX_PLAYERS - 1),
    "side": (0, MAX_PLAYERS - 1),
    "count": (0, MAX_CARDS),
}


def snake_case(name: str, sep: str = "_") -> str:
    """A class name in lower case, its words joined by ``sep`` (``TakePile``: ``take_pile``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", sep, name).lower()


#: The ``"type"`` of each action class, its name in snake case (in a document, and for an action
#: nested in one), in the order of :data:`~canasta.actions.Action`.
ACTIONS: Final[dict[str, type[Any]]] = {snake_case(cls.__name__): cls for cls in _ACTION_TYPES}
_ACTION_NAMES: Final = {cls: name for name, cls in ACTIONS.items()}

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CARD_BY_NOTATION: Final = {str(c): c for c in (Card.from_id(i) for i in range(N_KINDS))}
_RANK_BY_SYMBOL: Final = {r.symbol: r for r in Rank}


# ================================================================== paths and errors
def fail(path: str, message: str) -> NoReturn:
    """Raise the codec's error: :class:`~canasta.NotationError` ``"PATH: MESSAGE"``."""
    raise NotationError(f"{path}: {message}", path)


def key_path(path: str, key: str) -> str:
    """The JSON path of ``key`` in the object at ``path`` (``$.a.b`` or ``$["x y"]``)."""
    if _IDENT.fullmatch(key):
        return f"{path}.{key}"
    shown = key if len(key) <= 40 else key[:40] + "..."
    return f"{path}[{json.dumps(shown)}]"


def kind_of(value: object) -> str:
    """The JSON type name of a value, for messages."""
    if value is None:
        return "null"
    kinds: tuple[tuple[type, str], ...] = (
        (bool, "a bool"),
        (int, "an int"),
        (float, "a number"),
        (str, "a string"),
        (list, "an array"),
        (dict, "an object"),
    )
    return next((name for kind, name in kinds if isinstance(value, kind)), "a value")


#: The most digits of an integer in JSON text: :data:`MAX_INT` has 61.
MAX_INT_DIGITS: Final = len(str(MAX_INT))


def json_int(text: str) -> int:
    """An integer of JSON text (the ``parse_int`` of a JSON decoder): one of more digits than
    :data:`MAX_INT` has is refused as a :class:`ValueError` with a short message, before Python
    converts it (whose own refusal, past 4300 digits, is about ``sys.set_int_max_str_digits``)."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def show(value: int) -> str:
    """An int for a message (Python refuses to print ints of thousands of digits)."""
    return str(value) if -(10**60) < value < 10**60 else "a huge int"


class DuplicateKeys(dict[str, Any]):
    """An object of JSON text that repeats a key (refused when it is read)."""

    duplicate: str = ""


def object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of every JSON reader: a dict, marked when a key repeats."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    marked = DuplicateKeys(out)
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


class Bad(Exception):
    """A value that is not of its type, at ``step`` below the value being read."""

    def __init__(self, message: str, step: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.step = step


def an_object(value: Any, step: str = "") -> dict[str, Any]:
    """``value`` if it is a JSON object that repeats no key; else :class:`Bad` at ``step``."""
    if type(value) is DuplicateKeys:
        raise Bad("duplicate key", key_path(step, value.duplicate))
    if type(value) is not dict:
        raise Bad(f"expected an object, got {kind_of(value)}", step)
    return value


def at(step: str, exc: Exception) -> Bad:
    """``exc`` raised one step (``[3]``, ``.seat``) further down."""
    path, message = _locate(exc, step)
    return Bad(message, path)


def _locate(exc: BaseException, path: str) -> tuple[str, str]:
    """The JSON path (below ``path``) and the message of the first fault in ``exc``."""
    while True:
        if isinstance(exc, Bad):
            return path + exc.step, exc.message
        if isinstance(exc, (ClassValidationError, IterableValidationError)):
            noted, plain = exc.group_exceptions()
            if noted:
                exc, note = noted[0]
                name = getattr(note, "name", None)
                path = key_path(path, name) if name is not None else f"{path}[{note.index}]"
                continue
            exc = plain[0]
            continue
        if isinstance(exc, KeyError):
            return path, "missing"
        return path, str(exc)


def structure(data: Any, cls: Any, path: str = "$") -> Any:
    """``data`` (parsed JSON) as a value of ``cls``.

    Raises:
        NotationError: ``data`` is not of the shape of ``cls``; the message starts with the
            JSON path of the fault (``path`` for ``data`` itself).
    """
    try:
        return converter.structure(data, cls)
    except NotationError as exc:
        if str(exc).startswith("$"):
            raise
        fail(path, str(exc))
    except (Bad, ClassValidationError, IterableValidationError, CanastaError) as exc:
        where, message = _locate(exc, path)
        fail(where, message)
    except (TypeError, ValueError, KeyError) as exc:  # a class refusing its fields
        fail(path, str(exc))


# ================================================================== the converter
converter: Final = cattrs.Converter()


def _origin(kind: Any) -> Any:
    return typing.get_origin(kind)


def _int(value: Any, _: Any = None, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        raise Bad(f"expected an int, got {kind_of(value)}")
    if not -MAX_INT <= value <= MAX_INT:
        raise Bad(f"{show(value)} is out of range (at most 2**200 either way)")
    if lo is not None and value < lo:
        raise Bad(f"{show(value)} is out of range (at least {lo})")
    if hi is not None and value > hi:
        raise Bad(f"{show(value)} is out of range (at most {hi})")
    return value


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise Bad(f"expected a bool, got {kind_of(value)}")
    return value


def _str(value: Any, _: Any = None, max_len: int = MAX_STRING) -> str:
    if type(value) is not str:
        raise Bad(f"expected a string, got {kind_of(value)}")
    if len(value) > max_len:
        raise Bad(f"a string of {len(value)} characters is too long (at most {max_len})")
    return value


def _symbol(table: dict[str, _T], what: str, example: str) -> Callable[..., _T]:
    """The structure hook of a value written as its symbol, a key of ``table`` (a card, a rank)."""

    def hook(value: Any, _: Any = None) -> _T:
        if type(value) is not str:
            raise Bad(f"expected a {what} (a string such as {example!r}), got {kind_of(value)}")
        found = table.get(value)
        if found is None:
            raise Bad(f"not a {what}: {value[:20] + '...' if len(value) > 20 else value!r}")
        return found

    return hook


_card = _symbol(_CARD_BY_NOTATION, "card", "KH")
_rank = _symbol(_RANK_BY_SYMBOL, "rank", "K")


def _list(value: Any, max_len: int = MAX_ITEMS) -> list[Any]:
    if type(value) is not list:
        raise Bad(f"expected an array, got {kind_of(value)}")
    if len(value) > max_len:
        raise Bad(f"{len(value)} items are too many (at most {max_len})")
    return value


def read_at(step: str, value: Any, kind: Any) -> Any:
    """``value`` read as ``kind``, one ``step`` (``[3]``, ``.seat``) below the value being read."""
    try:
        return converter.structure(value, kind)
    except Exception as exc:
        raise at(step, exc) from None


def _structured(pairs: Iterable[tuple[Any, Any]]) -> list[Any]:
    """Each value of ``pairs`` read as the type beside it, a fault named by its index."""
    return [read_at(f"[{i}]", x, kind) for i, (x, kind) in enumerate(pairs)]


def _items(value: Any, item: Any, max_len: int = MAX_ITEMS) -> list[Any]:
    return _structured((x, item) for x in _list(value, max_len))


def _tuple_hook(cls: Any) -> Callable[[Any, Any], Any]:
    args = typing.get_args(cls)
    if len(args) == 2 and args[1] is Ellipsis:
        cap = MAX_CARDS if args[0] is Card else MAX_ITEMS
        return lambda value, _: tuple(_items(value, args[0], cap))

    def fixed(value: Any, _: Any) -> tuple[Any, ...]:
        items = _list(value)
        if len(items) != len(args):
            raise Bad(f"expected an array of {len(args)} items, got {len(items)}")
        return tuple(_structured(zip(items, args, strict=True)))

    return fixed


@functools.cache
def _enum_hook(cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    by_value = {m.value: m for m in cls}
    name = snake_case(cls.__name__, " ")  # ScoreItem: "score item"

    def hook(value: Any, _: Any) -> Any:
        text = _str(value, max_len=64)  # an enum's value is a short word
        if text not in by_value:
            choices = ", ".join(repr(v) for v in by_value)
            raise Bad(f"{text!r} is not one of {choices} (not a {name})")
        return by_value[text]

    return hook


def _ranks(value: Any, _: Any) -> frozenset[Rank]:
    ranks = _items(value, Rank, len(Rank))
    if len(set(ranks)) != len(ranks):
        raise Bad("a rank is listed twice")
    return frozenset(ranks)


#: By class: the keys its JSON writes for facts that follow from its fields (a property, or a
#: field its constructor does not take), each with the field it is written after.
_DERIVED: dict[type[Any], dict[str, str]] = {}


def derived_keys(cls: type[Any], keys: dict[str, str]) -> None:
    """Write, in the JSON of the attrs class ``cls``, the attributes ``keys`` (facts that follow
    from its fields), each after the field it names, so that documents keep their shape; read,
    each is required and of its attribute's type, but not given to the constructor: the
    caller checks the value against the object built (see :func:`canasta.problems`). Call it
    before the class is first read or written."""
    _DERIVED[cls] = keys
    plain = cattrs.gen.make_dict_unstructure_fn(cls, converter)

    def write(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = plain(obj)
        for key, after in keys.items():
            out = _insert(out, after, key, converter.unstructure(getattr(obj, key)))
        return out

    converter.register_unstructure_hook(cls, write)


def _insert(mapping: dict[str, Any], after: str, key: str, value: Any) -> dict[str, Any]:
    """``mapping`` with ``key: value`` placed after the key ``after`` (last, without it)."""
    items = list(mapping.items())
    place = list(mapping).index(after) + 1 if after in mapping else len(items)
    return dict([*items[:place], (key, value), *items[place:]])


def _derived_type(cls: type[Any], name: str) -> Any:
    """The type of the derived attribute ``name`` of ``cls``: its field's, or its property's."""
    prop = getattr(cls, name, None)
    if isinstance(prop, property) and prop.fget is not None:
        return typing.get_type_hints(prop.fget)["return"]
    return typing.get_type_hints(cls)[name]


#: By class: the keys of init fields its reader may do without (beside those whose default is
#: ``None``), named to :func:`fields_reader` or :func:`optional_keys`.
_OPTIONAL: dict[type[Any], frozenset[str]] = {}
#: By class: the JSON value read for a key when it is absent (:func:`optional_keys`).
_ABSENT: dict[type[Any], dict[str, Any]] = {}


def optional_keys(cls: type[Any], absent: dict[str, Any]) -> None:
    """Let the reader of the attrs class ``cls`` (:func:`fields_reader`) do without the keys of
    ``absent``, reading each absent one as its value there (JSON, such as ``0`` for a version
    that documents written before it had): the schema says so too. Call it before the class
    is first read."""
    _OPTIONAL[cls] = _OPTIONAL.get(cls, frozenset()) | frozenset(absent)
    _ABSENT[cls] = {**_ABSENT.get(cls, {}), **absent}


def _optional(cls: type[Any]) -> frozenset[str]:
    """The keys the reader of ``cls`` does without: those named, and fields defaulting to None."""
    nullable = {a.alias for a in attrs.fields(cls) if a.init and a.default is None}
    return _OPTIONAL.get(cls, frozenset()) | nullable


def _absent(cls: type[Any], key: str) -> Any:
    """What an absent optional ``key`` of ``cls`` means: its JSON value when read."""
    if key in _ABSENT.get(cls, {}):
        return _ABSENT[cls][key]
    field = getattr(attrs.fields(cls), key)
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return converter.unstructure(default)


def fields_reader(cls: type[Any], optional: frozenset[str] = frozenset()) -> Callable[[Any], Any]:
    """A reader of the init fields of an attrs class from an object, each read by its type:
    every key is required but ``optional`` ones and those of fields whose default is ``None``
    (an absent key is left out of the result) and those :func:`optional_keys` names (an absent
    key is read as its value there), and no other key is allowed. The class's
    :func:`derived_keys` are read too (required, by type) and left out of the result."""
    _OPTIONAL[cls] = _OPTIONAL.get(cls, frozenset()) | optional
    hints = typing.get_type_hints(cls)
    fields = {a.alias: hints[a.name] for a in attrs.fields(cls) if a.init}
    optional = _optional(cls)
    absent = _ABSENT.get(cls, {})
    derived = _DERIVED.get(cls, {})
    for key, after in derived.items():  # in the written order, for the first key missing
        fields = _insert(fields, after, key, _derived_type(cls, key))

    def read(value: Any) -> dict[str, Any]:
        an_object(value)
        for key in value:
            if type(key) is not str:
                raise Bad(f"object keys must be strings, not {kind_of(key)}")
            if key not in fields:
                raise Bad("unknown key", key_path("", key))
        out = {}
        for key, kind in fields.items():
            if key in value:
                raw = value[key]
            elif key in absent:
                raw = absent[key]
            elif key in optional:
                continue
            else:
                raise Bad("missing", key_path("", key))
            try:
                if key in BOUNDS and raw is not None:
                    _int(raw, None, *BOUNDS[key])
                read = converter.structure(raw, kind)
                if key not in derived:
                    out[key] = read
            except Exception as exc:
                raise at(key_path("", key), exc) from None
        return out

    return read


def build(cls: Callable[..., _T], fields: dict[str, Any]) -> _T:
    """``cls(**fields)``, its refusal (a :class:`~canasta.CanastaError`) a fault of the value."""
    try:
        return cls(**fields)
    except CanastaError as exc:
        raise Bad(str(exc)) from None


def _attrs_hook(cls: type[Any]) -> Callable[[Any, Any], Any]:
    """An attrs class from an object of its init fields (:func:`fields_reader`)."""
    read = fields_reader(cls)
    return lambda value, _: build(cls, read(value))


converter.register_structure_hook(int, lambda v, _: _int(v))
converter.register_structure_hook(bool, _bool)
converter.register_structure_hook(str, lambda v, _: _str(v))
converter.register_structure_hook(Card, _card)
converter.register_structure_hook(Rank, _rank)
converter.register_structure_hook(Cards, lambda v, _: Cards.of(_items(v, Card, MAX_CARDS)))
converter.register_structure_hook_func(lambda t: t == frozenset[Rank], _ranks)
converter.register_structure_hook(Variant, lambda v, _: variant_from_document(v))


def _action(value: Any, _: Any) -> Any:
    """An action nested in a document: its ``"type"`` and its fields."""
    an_object(value)
    name = value.get("type")
    if name not in ACTIONS:
        raise Bad(f"not an action type: {str(name)[:40]!r}", ".type")
    return converter.structure({k: v for k, v in value.items() if k != "type"}, ACTIONS[name])


def _action_fields(action: Any) -> dict[str, Any]:
    fields: dict[str, Any] = converter.unstructure(action, type(action))
    return {"type": _ACTION_NAMES[type(action)], **fields}


converter.register_structure_hook_func(lambda t: t == Action, _action)
converter.register_unstructure_hook_func(lambda t: t == Action, _action_fields)
converter.register_structure_hook_factory(lambda t: _origin(t) is tuple, _tuple_hook)
for _kind in (enum.Enum, enum.StrEnum):  # StrEnum: before str's own hook
    converter.register_structure_hook(_kind, lambda v, t: _enum_hook(t)(v, t))
converter.register_structure_hook_factory(
    lambda t: isinstance(t, type) and attrs.has(t) and t is not Variant, _attrs_hook
)
for _kind in (enum.Enum, enum.StrEnum):  # StrEnum: before str's own (identity) hook
    converter.register_unstructure_hook(_kind, lambda e: e.value)
converter.register_unstructure_hook(Card, str)
converter.register_unstructure_hook(Rank, lambda r: r.symbol)
converter.register_unstructure_hook(Cards, lambda cs: [str(c) for c in cs])
converter.register_unstructure_hook_func(
    lambda t: t is frozenset or _origin(t) is frozenset,
    lambda rs: [r.symbol for r in sorted(rs, reverse=True)],
)
converter.register_unstructure_hook(Variant, lambda v: variant_document(v))


def _meld_fields(meld: Meld) -> dict[str, Any]:
    """A meld's ``rank`` and ``cards``; its ``kind`` only when not the group (the only kind
    today, so no document written before kinds existed changes)."""
    out: dict[str, Any] = {"rank": meld.rank.symbol, "cards": [str(c) for c in meld.cards]}
    if meld.kind is not MeldKind.GROUP:  # pragma: no cover - the group is the only kind yet
        out["kind"] = meld.kind.value
    return out


_read_meld = fields_reader(Meld, optional=frozenset({"kind"}))
converter.register_unstructure_hook(Meld, _meld_fields)
converter.register_structure_hook(Meld, lambda v, _: build(Meld, _read_meld(v)))


# ================================================================== variants
@functools.lru_cache(maxsize=256)
def _variant_text(variant: Variant) -> str:
    """The document of ``variant`` as JSON text (cached: variants are immutable)."""
    best: tuple[int, str, dict[str, Any]] | None = None
    for name in variant_names():
        preset = get_variant(name)
        changes = {
            f: converter.unstructure(getattr(variant, f))
            for f in variant_fields()
            if getattr(variant, f) != getattr(preset, f)
        }
        if best is None or len(changes) < best[0]:
            best = (len(changes), name, changes)
    assert best is not None
    body: dict[str, Any] = {"preset": best[1]}
    if best[2]:
        body["changes"] = best[2]
    return json.dumps(body)


def variant_document(variant: Variant) -> dict[str, Any]:
    """``variant`` as ``{"preset": NAME}``, or for a house rule the preset with the fewest
    changed fields (the first in registry order on a tie) and ``"changes"``: those fields."""
    body: dict[str, Any] = json.loads(_variant_text(variant))
    return body


def variant_from_document(data: Any, path: str = "") -> Variant:
    """The variant of a :func:`variant_document` (parsed JSON); errors name paths below
    ``path``, each change read by its field's type and bounds.

    Raises:
        NotationError: with ``path`` given; otherwise the codec's inner error (for
            :func:`structure`).
    """
    if path:
        try:
            return variant_from_document(data)
        except Bad as exc:
            fail(path + exc.step, exc.message)
    an_object(data)
    for key in data:
        if key not in ("preset", "changes"):
            raise Bad("unknown key", key_path("", str(key)))
    if "preset" not in data:
        raise Bad("missing", ".preset")
    try:
        name = _str(data["preset"], max_len=MAX_VARIANT_NAME)
    except Bad as exc:
        raise Bad(exc.message, ".preset") from None
    if name not in variant_names():
        raise Bad(f"unknown preset {name!r}; known: {', '.join(variant_names())}", ".preset")
    raw = an_object(data.get("changes", {}), ".changes")
    specs = variant_fields()
    changes = {}
    for key, value in raw.items():
        where = key_path(".changes", str(key))
        if key not in specs:
            raise Bad("unknown key", where)
        kind, spec = specs[key]
        try:
            if kind is CardPoints and type(value) is dict:
                for p in attrs.fields(CardPoints):
                    if p.name not in value:
                        raise Bad("missing", key_path("", p.name))
            changes[key] = converter.structure(value, kind)
            if type(changes[key]) is int:
                hi = MAX_POINTS if spec.hi is None else spec.hi
                _int(changes[key], None, spec.lo, hi)
        except Exception as exc:
            raise at(where, exc) from None
    if not changes:
        return get_variant(name)
    try:
        return _derive(name, json.dumps(raw, sort_keys=True))
    except VariantError as exc:
        field = exc.field.split(".")[0]
        step = key_path(".changes", field) if field in changes else ".changes"
        if "." in exc.field and field in changes:
            step = key_path(step, exc.field.split(".", 1)[1])
        raise Bad(str(exc), step) from None


@functools.lru_cache(maxsize=64)
def _derive(name: str, changes: str) -> Variant:
    """A house rule from a preset and its checked changes as JSON (cached)."""
    specs = variant_fields()
    values = {k: converter.structure(v, specs[k][0]) for k, v in json.loads(changes).items()}
    return get_variant(name).derive(**values)


# ================================================================== the schema
#: The schemas of the schema file (``$defs``) by the types whose values they describe.
_REFS: Final = {Card: "card", Cards: "cards", Variant: "variant", Action: "action"}

_SEAT: Final = (0, MAX_PLAYERS - 1)
#: The range of an int by the name of the field holding it (of each int, for an array), in the
#: schema of every class: the ranges of :mod:`canasta.limits` that the readers check.
RANGES: Final[dict[str, tuple[int | None, int | None]]] = {
    **dict.fromkeys(("seat", "side", "dealer", "current_seat", "sitting_out"), _SEAT),
    **dict.fromkeys(("order", "partners", "winners", "sides"), _SEAT),
    "hand_number": (1, MAX_HAND_NUMBER),
    "totals": (-MAX_TOTAL, MAX_TOTAL),
    "seed": (MIN_SEED, MAX_SEED),
    "deal_version": (min(DEAL_VERSIONS), max(DEAL_VERSIONS)),
    **dict.fromkeys(("count", "hand_sizes"), (0, MAX_CARDS)),
    **dict.fromkeys(("pile_size", "stock_size", "pile_red_threes", "out_of_play"), (0, None)),
    **dict.fromkeys(("minimums", "zone_sizes"), (0, None)),
}
#: The ranks a meld on the table has: four to ace, and three (black threes, going out).
TABLE_RANKS: Final = frozenset(r for r in Rank if r.is_natural or r is Rank.THREE)
#: By class: how the schema of each field is refined (the reader's checks beyond its type).
_REFINE: dict[type[Any], Callable[[str, dict[str, Any]], dict[str, Any]]] = {}


def refine_schema(cls: type[Any], refine: Callable[[str, dict[str, Any]], dict[str, Any]]) -> None:
    """Give the schema of each field of the attrs class ``cls`` (its name, the schema of its
    type) to ``refine``, for the checks its reader makes beyond the type's."""
    _REFINE[cls] = refine


def ranged(schema: dict[str, Any], lo: int | None, hi: int | None) -> dict[str, Any]:
    """``schema`` with its ints (an int's, a nullable int's, an array's items') from ``lo`` to
    ``hi`` (``None``: unbounded)."""
    if "anyOf" in schema:
        return {**schema, "anyOf": [ranged(s, lo, hi) for s in schema["anyOf"]]}
    if schema.get("type") == "array" and "items" in schema:
        return {**schema, "items": ranged(schema["items"], lo, hi)}
    if schema.get("type") != "integer":
        return schema
    bounds = {"minimum": lo, "maximum": hi}
    return {**schema, **{k: v for k, v in bounds.items() if v is not None}}


def _plain(text: str) -> str:
    """reStructuredText as plain text: a role's title (``:class:`~a.B``` is ``B``), literals
    without their backquotes (Python's ``None`` as JSON's ``null``), one line."""

    def title(m: re.Match[str]) -> str:
        text: str = m[1].strip()
        return text.split(".")[-1] if text.startswith("~") else text

    text = re.sub(r":\w+:`([^`<]*?)\s*(?:<[^>]*>)?`", title, text)
    for python, json_text in (("None", "null"), ("True", "true"), ("False", "false"), ("()", "[]")):
        text = text.replace(f"``{python}``", json_text)
    return " ".join(text.replace("``", "").split())


def summary(obj: Any) -> str:
    """The first paragraph of ``obj``'s docstring as plain text."""
    return _plain(inspect.cleandoc(obj.__doc__ or "").split("\n\n")[0])


def field_docs(cls: type[Any]) -> dict[str, str]:
    """The documentation of the fields of the attrs class ``cls``, as plain text: its
    ``Attributes:`` section, or the ``#:`` comments above the fields."""
    doc = inspect.cleandoc(cls.__doc__ or "")
    section = re.search(r"^Attributes:\n((?:(?: {4}.*)?\n?)*)", doc, re.M)
    out: dict[str, str] = {}
    for name, text in re.findall(
        r"^ {4}(\w+): (.*(?:\n {8}.*)*)", section[1] if section else "", re.M
    ):
        out[name] = _plain(text)
    if all(a.name in out for a in attrs.fields(cls) if a.init):
        return out
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):  # pragma: no cover - a class made at run time
        source = ""
    for comment, name in re.findall(r"((?:^ +#: .*\n)+) +(\w+):", source, re.M):
        out.setdefault(name, _plain(re.sub(r"^ +#: ", "", comment, flags=re.M)))
    return out


def _doc_of(cls: type[Any], name: str, docs: dict[str, str] | None = None) -> str:
    """A field's documentation (in ``docs``, the :func:`field_docs` of ``cls``), or a derived
    attribute's (its property's first paragraph)."""
    docs = field_docs(cls) if docs is None else docs
    prop = getattr(cls, name, None)
    if name not in docs and isinstance(prop, property):
        return summary(prop)
    return docs.get(name, "")


def schema_of(kind: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of values of ``kind`` (a type the converter reads), adding the schemas
    of attrs classes to ``defs`` (by class name in snake case) and referring to them."""
    args = typing.get_args(kind)
    origin = typing.get_origin(kind)
    if type(None) in args:
        inner = [a for a in args if a is not type(None)]
        return {"anyOf": [schema_of(inner[0], defs), {"type": "null"}]}
    if kind in _REFS:
        return {"$ref": f"#/$defs/{_REFS[kind]}"}
    if kind is bool:
        return {"type": "boolean"}
    if kind is int:
        return {"type": "integer"}
    if kind is str:
        return {"type": "string", "maxLength": MAX_STRING}
    if kind is Rank:
        defs.setdefault("rank", {"description": "A rank symbol.", "enum": [r.symbol for r in Rank]})
        return {"$ref": "#/$defs/rank"}
    if origin is frozenset:
        return {"type": "array", "items": schema_of(args[0], defs), "uniqueItems": True}
    if origin is tuple and args == (Card, Ellipsis):
        return {"$ref": "#/$defs/cards"}
    if origin is collections.abc.Sequence or (origin is tuple and args[1:] == (Ellipsis,)):
        return {"type": "array", "items": schema_of(args[0], defs), "maxItems": MAX_ITEMS}
    if origin is tuple:
        items = [schema_of(a, defs) for a in args]
        return {"type": "array", "prefixItems": items, "minItems": len(args), "maxItems": len(args)}
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return {"enum": [m.value for m in kind]}
    if isinstance(kind, type) and attrs.has(kind):
        name = snake_case(kind.__name__)
        if name not in defs:
            defs[name] = {}  # a placeholder against recursion
            defs[name] = _object_schema(kind, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for {kind!r}")  # pragma: no cover - every field covered


def _object_schema(cls: type[Any], defs: dict[str, Any]) -> dict[str, Any]:
    """The schema of the object an attrs class is written as: its init fields and its
    :func:`derived_keys`, each described by its documentation; the keys its reader may do
    without (:func:`fields_reader`) not required."""
    hints = typing.get_type_hints(cls)
    kinds = {a.alias: hints[a.name] for a in attrs.fields(cls) if a.init}
    for key, after in _DERIVED.get(cls, {}).items():
        kinds = _insert(kinds, after, key, _derived_type(cls, key))
    optional = _optional(cls)
    refine = _REFINE.get(cls)
    docs = field_docs(cls)
    props = {}
    for key, kind in kinds.items():
        schema = schema_of(kind, defs)
        if key in RANGES:
            schema = ranged(schema, *RANGES[key])
        if refine is not None:
            schema = refine(key, schema)
        doc = _doc_of(cls, key, docs)
        props[key] = {"description": doc, **schema} if doc else schema
        if key in optional:
            props[key]["default"] = _absent(cls, key)
    return {
        "description": summary(cls),
        "type": "object",
        "properties": props,
        "required": [k for k in kinds if k not in optional],
        "additionalProperties": False,
    }


# a meld holds at least one card (its constructor's check)
refine_schema(Meld, lambda name, s: {**s, "minItems": 1} if name == "cards" else s)


def table_schemas() -> dict[str, Any]:
    """The ``table_rank`` and ``table_meld`` schemas: a meld on the table (of
    :data:`TABLE_RANKS`)."""
    return {
        "table_rank": {
            "description": "The rank of a meld on the table: 4 to A, or 3 (black threes, going "
            "out).",
            "enum": [r.symbol for r in Rank if r in TABLE_RANKS],
        },
        "table_meld": {
            "description": "A meld on the table.",
            "$ref": "#/$defs/meld",
            "properties": {"rank": {"$ref": "#/$defs/table_rank"}},
        },
    }


def variant_schema() -> dict[str, Any]:
    """The ``variant_body`` and ``variant_changes`` schemas, made from the field declarations."""
    defs: dict[str, Any] = {}
    props = {}
    for name, (kind, spec) in variant_fields().items():
        schema = schema_of(kind, defs)
        if kind is CardPoints:
            schema = defs.pop("card_points")
        if typing.get_args(kind) and type(None) in typing.get_args(kind):
            schema = {"type": ["integer", "null"]} if int in typing.get_args(kind) else schema
        numeric = schema.get("type") in ("integer", ["integer", "null"])
        if numeric and spec.lo is not None:
            schema["minimum"] = spec.lo
        if numeric:
            schema["maximum"] = MAX_POINTS if spec.hi is None else spec.hi
        if kind is str:
            schema.update(minLength=spec.lo or 0, maxLength=spec.hi or MAX_STRING)
        schema.pop("description", None)  # the field's, not its type's
        props[name] = {"description": spec.doc, **schema}
    changes = {
        "description": "Fields of a house rule that differ from its preset (the fields of "
        "canasta.Variant).",
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }
    body = {
        "description": "A variant: a preset by name, and for a house rule its changed fields.",
        "type": "object",
        "properties": {
            "preset": {"enum": list(variant_names())},
            "changes": {"$ref": "#/$defs/variant_changes"},
        },
        "required": ["preset"],
    }
    return {"variant_body": body, "variant_changes": changes, **defs}
