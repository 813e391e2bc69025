"""The engine: starting a match, checking an action against the rules and applying it.

:func:`apply` always checks legality first, with the same code :func:`is_legal` and
:func:`check` use, so a listed action and an applied one can never disagree.

The rules themselves live in :mod:`canasta._rules` (compiled in the optional compiled build, see
the performance page of the docs); this module is the documented, typed face of them and checks
its arguments before they reach it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

import attrs

from . import _rules
from ._rules import (
    NOT_WELL_FORMED,
    _bad,
    _check_deck,
    _illegal,
    _need_state,
    _resolve_checked,
    deal,
    end_if_stock_exhausted,
    hand_sides,
    seating,
    shuffled_deck,
)
from ._rules import (
    is_legal as _is_legal,
)
from .actions import (
    _ACTION_TYPES,
    Action,
    AnswerPartner,
    DealNextHand,
    Discard,
    MeldCards,
    TakePile,
)
from .cards import Card, Rank
from .deals import DEAL_VERSION, check_deal_version
from .errors import CanastaError, IllegalActionError, Reason
from .melds import Meld
from .state import GameState
from .variants import Variant, get_variant

__all__ = ["COMPILED", "Violation", "apply", "check", "is_legal", "new_game"]

#: Whether the rules run compiled: ``True`` in the optional compiled build (the engine's internal
#: modules compiled with mypyc; see the performance page of the docs), ``False`` when they run as
#: Python source, the default. Both builds follow the same rules and pass the same tests; the
#: compiled one plays random hands about 1.3 to 1.7 times as fast.
COMPILED: bool = (getattr(_rules, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))

# Helpers that lived here before the rules moved to canasta._rules: still importable from here.
_REEXPORTED = (deal, end_if_stock_exhausted, hand_sides, seating, shuffled_deck)


# ---------------------------------------------------------------------------- starting a match
def new_game(
    variant: str | Variant = "classic",
    *,
    seed: int | None = None,
    deck: Iterable[Card | str] | str | None = None,
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    deal_version: int = DEAL_VERSION,
) -> GameState:
    """Start a match and deal its first hand.

    Args:
        variant: a preset name (``"classic"``) or a :class:`~canasta.Variant`.
        seed: the match seed. Every hand's deck follows from it and the hand number
            (:func:`canasta.shuffled_pack`, the same in every language: see the docs page
            "Portable deals"), so the same seed and actions always give the same match. Without a
            seed or a deck a fresh seed is drawn from the operating system and kept in
            :attr:`GameState.seed`.
        deck: the whole pack in dealing order (first card dealt first), as cards or notation,
            for a stacked first hand. Later hands then follow from ``seed`` if given, else each
            :class:`~canasta.DealNextHand` must bring its deck.
        dealer: the first dealer's seat (default: the last seat, so seat 0 plays first).
        totals: side totals to start from, in points (default all 0).
        deal_version: the deal algorithm of the seeded hands (:data:`canasta.DEAL_VERSION`, 1,
            by default); 0 deals as the library did before portable deals
            (``random.Random``), to go on with a match begun then. Kept in
            :attr:`GameState.deal_version`.

    Dealing (§1 "Deal"): one card at a time, clockwise from the dealer's left; the next card is
    turned up to start the discard pile, covered by further cards while it is a wild card or a
    red three (and a black three where the variant says so; §2 cases 1-3); then each player, from
    the dealer's left, lays out his red threes and replaces them from the stock (§2 case 4).

    Raises:
        VariantError: an unknown variant name.
        SetupError: a bad seed, dealer, totals, deck or deal version (a :class:`ValueError`).
    """
    v = get_variant(variant)
    deal_version = check_deal_version(deal_version)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _bad("seed", f"must be an int, not {seed!r}")
    if seed is not None and not -(2**63) <= seed < 2**63:
        # records and the position notation keep 64-bit seeds
        raise _bad("seed", f"must be a 64-bit integer (-2**63 to 2**63-1), not {seed}")
    if seed is not None:
        seed = int(seed)  # a plain int: an int subclass deals and shows like its value
    order = seating(v, 1)
    if dealer is None:
        dealer = order[-1]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in order:
        raise _bad(
            "dealer", f"must be one of the seats playing the first hand {order}, not {dealer!r}"
        )
    dealer = int(dealer)
    if totals is None:
        totals_t = (0,) * len(v.sides)
    else:
        try:
            if isinstance(totals, Mapping | str | bytes):
                raise TypeError
            totals_t = tuple(totals)
        except TypeError:
            raise _bad("totals", f"must be {len(v.sides)} ints, not {totals!r}") from None
        if len(totals_t) != len(v.sides) or any(
            isinstance(t, bool) or not isinstance(t, int) for t in totals_t
        ):
            raise _bad("totals", f"must be {len(v.sides)} ints, not {totals!r}")
        totals_t = tuple(int(t) for t in totals_t)
    if deck is not None:
        cards = _check_deck(v, deck)
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        cards = shuffled_deck(v, seed, 1, deal_version)
    return deal(
        v,
        cards,
        seed=seed,
        hand_number=1,
        dealer=dealer,
        totals=totals_t,
        deal_version=deal_version,
    )


# ---------------------------------------------------------------------------- checking
@attrs.frozen
class Violation:
    """Why an action is refused: a stable :class:`~canasta.Reason` code and a message that
    quotes the action and names the rule.

    Attributes:
        reason: the reason code (``malformed`` for an action that does not parse).
        message: the message.
        action: the action as given (an action value, its notation or its JSON).
    """

    reason: Reason
    message: str
    action: object = None

    def __str__(self) -> str:
        return self.message


def check(state: GameState, action: object) -> Violation | None:
    """Check an action from another app without exceptions: ``None`` if it is legal, else the
    :class:`Violation` (reason code and message).

    ``action`` may be an action value, its notation (``"discard 9D"``, for the seat to act) or
    its JSON (a ``dict`` or a JSON text starting with ``{``). Text or JSON that does not parse
    gives a violation with reason ``malformed``.

    Raises:
        StateError: ``state`` is not a :class:`~canasta.GameState`.
    """
    _need_state(state)
    given = action
    if isinstance(action, str | dict):
        try:
            action = _parse_foreign(state, action)
        except (CanastaError, RecursionError) as exc:
            return Violation(Reason.MALFORMED, f"{_short(given)} does not parse: {exc}", given)
        if not isinstance(action, _ACTION_TYPES):
            return Violation(Reason.MALFORMED, f"{_short(given)} is not an action", given)
    if isinstance(action, _ACTION_TYPES) and not _well_formed(action):
        return Violation(
            Reason.MALFORMED, str(_illegal(Reason.MALFORMED, action, NOT_WELL_FORMED)), given
        )
    try:
        _resolve_checked(state, action)
    except IllegalActionError as exc:
        return Violation(exc.reason, str(exc), given)
    return None


def _cards_ok(cards: object) -> bool:
    if type(cards) is not tuple:
        return False
    for c in cards:  # noqa: SIM110 - a loop: all() of a generator costs more on every apply
        if not isinstance(c, Card):
            return False
    return True


def _melds_ok(melds: object) -> bool:
    if type(melds) is not tuple:
        return False
    for m in melds:
        if not isinstance(m, Meld) or type(m.rank) is not Rank or not _cards_ok(m.cards):
            return False
    return True


def _well_formed(action: object) -> bool:
    """Whether a value of an action class has fields of the types its constructor gives them
    (they can be set around it, with ``object.__setattr__``): the seat an int, the cards
    :class:`~canasta.Card` values in tuples, the melds :class:`~canasta.Meld` values of a
    :class:`~canasta.Rank`, the answer a bool. Both builds check this before the rules, so a
    malformed action is refused alike by both. The cards' own fields are not looked into."""
    try:
        if isinstance(action, DealNextHand):
            return action.deck is None or _cards_ok(action.deck)
        if type(action.seat) is not int:  # type: ignore[attr-defined]
            return False
        if isinstance(action, Discard):
            return isinstance(action.card, Card)
        if isinstance(action, MeldCards):
            return _melds_ok(action.melds)
        if isinstance(action, TakePile):
            return _cards_ok(action.cards) and _melds_ok(action.melds)
        if isinstance(action, AnswerPartner):
            return type(action.yes) is bool
        return True
    except AttributeError:  # a field never set (object.__new__)
        return False


def _short(value: object, limit: int = 120) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too large to write
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _parse_foreign(state: GameState, action: str | dict[str, Any]) -> object:
    if isinstance(action, dict) or action.lstrip().startswith("{"):
        from .serialize import _ACTION_TYPES as names
        from .serialize import from_dict, from_json

        if isinstance(action, dict):
            if action.get("type") not in names:
                raise _illegal(Reason.MALFORMED, None, "not an action type")
            return from_dict(action)
        return from_json(action)
    from .notation import parse_action_text

    return parse_action_text(action, state.current_seat)


def is_legal(state: GameState, action: object) -> bool:
    """Whether ``action`` is legal in ``state``. Never raises for any value of ``action``.

    Raises:
        StateError: ``state`` is not a :class:`~canasta.GameState`.
    """
    if type(state) is not GameState:
        _need_state(state)
    if isinstance(action, _ACTION_TYPES) and not _well_formed(action):
        return False
    return _is_legal(state, action)


def apply(state: GameState, action: Action) -> GameState:
    """Apply a legal action and return the new state. ``state`` itself is never changed.

    Red threes drawn or won in the pile are laid out (and, when drawn, replaced) as part of the
    action; a hand that ends (a player goes out, the stock runs out) is left in
    :attr:`Phase.HAND_OVER` for :func:`canasta.score_hand`; :class:`DealNextHand` continues.

    Raises:
        IllegalActionError: the action breaks a rule; ``.reason`` says which (see
            :class:`~canasta.Reason`).
    """
    if type(state) is not GameState:
        _need_state(state)
    if isinstance(action, _ACTION_TYPES) and not _well_formed(action):
        raise _illegal(Reason.MALFORMED, action, NOT_WELL_FORMED)
    return _resolve_checked(state, action)
