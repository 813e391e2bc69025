"""The one judge of a move, in the core: the verdict behind :func:`canasta.apply`,
:func:`canasta.check`, :func:`canasta.is_legal`, ``in legal_actions(state)`` and
:func:`canasta.notation.parse_action`, so that none of them can disagree with another.

A move may come as an action value or in a format (its notation, its JSON text or mapping).
The formats sit above the core, so this module does not read them: the engine hands it their
reader once, when it is imported (:func:`connect`), and importing any module of the package
imports the engine first. Until then every move that is not an action value is refused
``malformed``, as the rules refuse any value that is not an action.
"""

from __future__ import annotations

from collections.abc import Callable

from ._rules import _illegal, _need_state, _resolve
from .actions import _ACTION_TYPES, DealNextHand
from .errors import IllegalActionError, Reason, StateError
from .limits import excerpt
from .state import GameState

__all__ = ["check_sender", "connect", "judge", "notation_seat", "short"]

#: Reads a move that is not an action value (``(state, move, seat)``) into the action it stands
#: for, the ``malformed`` error if it stands for none, or the move itself for the rules to
#: refuse (see :func:`connect`).
Reader = Callable[[GameState, object, "int | None"], object]


def _no_reader(state: GameState, given: object, seat: int | None) -> object:
    return given


_read: Reader = _no_reader


def connect(reader: Reader) -> None:
    """Take the reader of a move's other forms (notation, JSON): the engine's, handed over when
    :mod:`canasta.engine` is imported."""
    global _read
    _read = reader


def judge(state: GameState, action: object, seat: int | None) -> GameState | IllegalActionError:
    """The state after ``action`` (in any form :func:`canasta.check` takes) sent by ``seat``
    (``None``: see :func:`canasta.check`), or the error saying why it is refused (not raised).
    Never raises but :class:`~canasta.StateError` for a bad ``state`` or ``seat``."""
    if type(state) is not GameState:
        _need_state(state)
    if seat is not None:
        check_sender(state, seat)
    if not isinstance(action, _ACTION_TYPES):
        parsed = _read(state, action, seat)
        if isinstance(parsed, IllegalActionError):
            return parsed
        action = parsed
    if seat is not None and not isinstance(action, DealNextHand):
        # The sender's own checks: his move names him, and he is the seat to act (once the hand
        # is over nobody is, and the rules say so).
        named: int = action.seat  # type: ignore[attr-defined]
        if named != seat:
            return _illegal(
                Reason.NOT_YOUR_TURN, action, f"seat {seat} sent an action of seat {named}"
            )
        to_act = state.current_seat
        if to_act is not None and seat != to_act:
            return _illegal(
                Reason.NOT_YOUR_TURN, action, f"it is seat {to_act}'s turn, not seat {seat}'s"
            )
    try:
        return _resolve(state, action)
    except IllegalActionError as exc:
        return exc


def notation_seat(state: GameState, seat: int | None) -> int:
    """The seat a move in notation is read for: the sender ``seat``, else the seat to act, or
    once the hand is over the seat whose turn ended it (the rules then say why not)."""
    if seat is None:
        seat = state.current_seat
    return state.turn.seat if seat is None else seat


def check_sender(state: GameState, seat: object) -> None:
    """Refuse a sender that is not a seat of the variant (``state`` is a GameState).

    Raises:
        StateError: ``seat`` is not an int from 0 to the number of players - 1.
    """
    n = state.variant.players
    if type(seat) is not int or not 0 <= seat < n:
        raise StateError(f"seat must be None or a seat from 0 to {n - 1}, not {short(seat, 40)}")


def short(value: object, limit: int = 120) -> str:
    """``repr(value)`` cut to ``limit`` characters (never copying huge text whole); text longer
    than ``limit`` is shown by its start and its length (:func:`canasta.limits.excerpt`)."""
    if type(value) is str and len(value) > limit:
        return excerpt(value, 24)  # huge text is never copied whole
    try:
        text = repr(value)
    except ValueError:  # an int too large to write
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
