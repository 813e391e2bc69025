"""Facts worked out once from objects that many states share (internal)."""

from __future__ import annotations

from typing import Generic, TypeVar

V = TypeVar("V")


class ByIdentity(Generic[V]):
    """Values worked out from objects that many states share (a side's melds tuple, a hand's
    seating, a variant), kept by the object's identity and a ``tag`` compared by equality.

    Each entry keeps its object alive, so an ``id`` is never reused while it is cached; the store
    is emptied when it holds ``limit`` entries, so memory stays bounded over millions of hands.
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int) -> None:
        self._entries: dict[int, tuple[object, object, V]] = {}
        self._limit = limit

    def get(self, obj: object, tag: object = None) -> V | None:
        """The value kept for ``obj`` and ``tag``, or ``None``."""
        entry = self._entries.get(id(obj))
        if entry is not None and entry[0] is obj and entry[1] == tag:
            return entry[2]
        return None

    def put(self, obj: object, value: V, tag: object = None) -> V:
        """Keep ``value`` for ``obj`` and ``tag``; returns ``value``."""
        if len(self._entries) >= self._limit:
            self._entries.clear()
        self._entries[id(obj)] = (obj, tag, value)
        return value
