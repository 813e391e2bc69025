"""Whether a state is a possible one: every problem of a position, each citing its rule.

(Interface first; its checks are being moved here from the position builder and the two parsers.)
"""

from __future__ import annotations

import attrs

from .errors import CanastaError, PositionError
from .state import GameState

__all__ = ["Problem", "problems", "require_possible"]


@attrs.frozen
class Problem:
    """One reason a state is impossible.

    Attributes:
        code: a stable, snake_case name of the problem (e.g. ``"cards_not_conserved"``).
        message: what is wrong, in words, naming the seat, side or card concerned.
        rule: the section of the rules reference the problem breaks (e.g. ``"§1 Meld composition"``).
    """

    code: str
    message: str
    rule: str


def problems(state: GameState) -> tuple[Problem, ...]:
    """Every problem that makes ``state`` impossible, in a fixed order; ``()`` for a possible one."""
    from .notation import format_position, parse_position  # interim: the notation's checks

    try:
        parse_position(format_position(state))
    except CanastaError as e:
        return (Problem("impossible", str(e), "§1"),)
    return ()


def require_possible(state: GameState) -> GameState:
    """``state`` itself if it is possible.

    Raises:
        PositionError: naming the first of :func:`problems`.
    """
    found = problems(state)
    if found:
        raise PositionError(found[0].message)
    return state
