"""The engine: starting a match, checking an action against the rules and applying it.

:func:`apply`, :func:`check`, :func:`is_legal` and ``in legal_actions(state)`` are one judge
(``canasta._judge.judge``): each takes a move in any form (an action value, its notation,
its JSON text or mapping) and the seat that sent it, and gives every form the same verdict and
the same reason, so a listed action, a checked one and an applied one can never disagree.

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

from . import _judge, _rules
from ._codec import show
from ._judge import check_sender, judge, notation_seat, short
from ._rules import (
    _bad,
    _check_deck,
    _illegal,
    deal,
    end_if_stock_exhausted,
    hand_sides,
    seating,
    shuffled_deck,
)
from .actions import (
    _ACTION_TYPES,
    Action,
    DealNextHand,
)
from .cards import Card
from .deals import DEAL_VERSION, check_deal_version
from .errors import CanastaError, IllegalActionError, Reason
from .limits import MAX_SEED, MAX_TOTAL, MIN_SEED
from .notation import parse_action_text
from .serialize import _ACTION_TYPES as _ACTION_NAMES
from .serialize import from_dict, from_json
from .state import GameState, Phase
from .variants import Variant, get_variant
from .views import PlayerView, stand_in

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
        raise _bad("seed", f"must be an int, not {seed!r:.40}")
    if seed is not None and not MIN_SEED <= seed <= MAX_SEED:
        # every format keeps 64-bit seeds (canasta.limits)
        raise _bad("seed", f"must be a 64-bit integer (-2**63 to 2**63-1), not {show(seed)}")
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
            raise _bad("totals", f"must be {len(v.sides)} ints, not {short(totals, 60)}") from None
        if len(totals_t) != len(v.sides) or any(
            isinstance(t, bool) or not isinstance(t, int) for t in totals_t
        ):
            raise _bad("totals", f"must be {len(v.sides)} ints, not {short(totals, 60)}")
        if any(not -MAX_TOTAL <= t <= MAX_TOTAL for t in totals_t):
            raise _bad(
                "totals",
                f"each is from -{MAX_TOTAL} to {MAX_TOTAL} (10**15), not "
                + ", ".join(show(t) for t in totals_t),
            )
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


def check(
    state: GameState | PlayerView, action: object, *, seat: int | None = None
) -> Violation | None:
    """Check a move from another app without exceptions: ``None`` if it is legal, else the
    :class:`Violation` (reason code and message).

    Every form of a move is judged alike, with the same verdict and reason as :func:`is_legal`,
    ``in legal_actions(state)`` and :func:`apply`:

    * an action value;
    * its notation (``"discard 9D"``; see :mod:`canasta.notation`), parsed for the sender;
    * its JSON, as text starting with ``{`` or as a mapping (a ``dict``); see
      :mod:`canasta.serialize`.

    Text or JSON that does not parse into an action gives reason ``malformed``; anything that
    parses gets the reason of the rule it breaks (``"meld KC 7C 6C"`` is ``wrong_rank``, as its
    JSON and its value are).

    Args:
        state: the position.
        action: the move, in any of the forms above.
        seat: the seat that sent the move (e.g. the client's seat, from the connection). A
            move that names another seat (an action value or JSON with another ``seat``), or a
            move of a seat that is not to act, is refused ``not_your_turn``; notation is
            parsed for this seat. ``None`` (the default): notation is for the seat to act (once
            the hand is over, for the seat whose turn ended it) and a value or JSON for the
            seat it names. :class:`~canasta.DealNextHand` is the table's, not a seat's: any
            sender may ask for the next deal.

    ``state`` may also be a :class:`~canasta.PlayerView`: the viewer's own moves are then judged
    from what his seat may see alone (text is read as his move; a move of another seat, or sent
    by another ``seat``, is refused ``not_your_turn``; see :func:`canasta.views.stand_in`).

    Raises:
        StateError: ``state`` is neither a :class:`~canasta.GameState` nor a
            :class:`~canasta.PlayerView` (or a view whose facts cannot all hold), or ``seat``
            is not ``None`` nor a seat of its variant (an int from 0 to the number of
            players - 1).
    """
    if type(state) is not GameState and isinstance(state, PlayerView):
        return check_view(state, action, seat=seat)
    result = judge(state, action, seat)
    if isinstance(result, IllegalActionError):
        return Violation(result.reason, str(result), action)
    return None


def is_legal(state: GameState | PlayerView, action: object, *, seat: int | None = None) -> bool:
    """Whether ``action`` (in any form :func:`check` takes) is legal in ``state``, sent by
    ``seat`` (see :func:`check`). Never raises for any value of ``action``.

    ``state`` may also be a :class:`~canasta.PlayerView`, for the viewer's own moves, judged as
    :func:`check` judges them.

    Raises:
        StateError: ``state`` is neither a :class:`~canasta.GameState` nor a
            :class:`~canasta.PlayerView` (or a view whose facts cannot all hold), or ``seat``
            is not ``None`` nor a seat of its variant.
    """
    return check(state, action, seat=seat) is None


def apply(
    state: GameState, action: Action | str | Mapping[str, Any], *, seat: int | None = None
) -> GameState:
    """Apply a legal action and return the new state. ``state`` itself is never changed.

    ``action`` may be in any form :func:`check` takes (an action value, its notation, its JSON
    text or mapping), sent by ``seat`` (see :func:`check`): ``apply(state, "discard 9D")``.

    Red threes drawn or won in the pile are laid out (and, when drawn, replaced) as part of the
    action; a hand that ends (a player goes out, the stock runs out) is left in
    :attr:`Phase.HAND_OVER` for :func:`canasta.score_hand`; :class:`DealNextHand` continues.

    A :class:`~canasta.PlayerView` is refused: a view holds only what one seat may know, not
    the cards the action would move.

    Raises:
        IllegalActionError: the action breaks a rule, or does not parse (``malformed``);
            ``.reason`` says which (see :class:`~canasta.Reason`), the same reason
            :func:`check` gives.
        StateError: ``state`` is not a :class:`~canasta.GameState` (a view included), or
            ``seat`` is not ``None`` nor a seat of its variant.
    """
    result = judge(state, action, seat)
    if isinstance(result, IllegalActionError):
        raise result
    return result


def _parse_foreign(state: GameState, given: object, seat: int | None) -> object:
    """The action that notation, JSON text or a JSON mapping ``given`` stands for (notation
    for ``seat``, or the seat to act), or the ``malformed`` error if it parses into none.
    Any other value is returned as it is, for the rules to refuse."""
    if isinstance(given, str):
        text = given
        try:
            if text.lstrip().startswith("{"):
                parsed: object = from_json(text)
            else:
                parsed = parse_action_text(text, notation_seat(state, seat))
        except (CanastaError, RecursionError) as exc:
            return _unparsed(given, f"does not parse: {exc}")
    elif isinstance(given, Mapping):
        try:
            data = given if isinstance(given, dict) else dict(given)
            if data.get("type") not in _ACTION_NAMES:
                return _unparsed(given, "is not an action: its type is not an action type")
            parsed = from_dict(data)
        except (CanastaError, RecursionError) as exc:
            return _unparsed(given, f"does not parse: {exc}")
        except Exception as exc:  # a mapping that cannot be read
            return _unparsed(given, f"cannot be read: {type(exc).__name__}")
    else:
        return given
    if not isinstance(parsed, _ACTION_TYPES):
        return _unparsed(given, "is not an action")
    return parsed


def _unparsed(given: object, why: str) -> IllegalActionError:
    why = why if len(why) <= 300 else why[:297] + "..."
    return IllegalActionError(Reason.MALFORMED, f"{short(given)} {why}", given)


# The one judge (canasta._judge, in the core) reads the other forms of a move with this.
_judge.connect(_parse_foreign)


# ---------------------------------------------------------------------------- judging a view
def check_view(view: PlayerView, action: object, *, seat: int | None = None) -> Violation | None:
    """:func:`check` of a view: ``None`` if ``action`` is legal for the viewer's seat, else the
    :class:`Violation`. Judged on :func:`~canasta.views.stand_in`; text is read as the viewer's
    move; an action of another seat is refused ``not_your_turn`` (a view judges only its own
    seat's moves); once the hand is over no seat is to act: :class:`DealNextHand` is for the
    table, on the state (``match_over`` if the match is over).

    ``seat`` is the sender, as for :func:`check`: a view judges only moves its own seat sends,
    so another sender is refused ``not_your_turn``.

    Raises:
        StateError: ``view``'s facts cannot all hold (see :func:`~canasta.views.stand_in`), or
            ``seat`` is not ``None`` nor a seat of its variant.
    """
    state = stand_in(view)
    if seat is not None:
        check_sender(state, seat)
        if seat != view.seat:
            return _violation(
                Reason.NOT_YOUR_TURN,
                action,
                f"seat {view.seat}'s view judges only the moves seat {view.seat} sends, "
                f"not seat {seat}'s",
            )
    # notation is read as the viewer's move; what does not parse is refused as the engine does
    parsed = _parse_foreign(state, action, view.seat)
    if isinstance(parsed, IllegalActionError):
        return Violation(parsed.reason, str(parsed), action)
    # Another seat's move is judged by the rules as on the state (it is refused on public
    # facts: not that seat's turn, or the wrong phase), except one of the seat to act.
    if isinstance(parsed, DealNextHand) and view.phase is Phase.HAND_OVER:
        if view.is_match_over:
            return _violation(Reason.MATCH_OVER, action, "the match is over (§2 case 40)")
        return _violation(
            Reason.NOT_YOUR_TURN,
            action,
            "the hand is over and no seat is to act; the next hand is dealt on the state, not "
            "from a seat's view",
        )
    named = getattr(parsed, "seat", None) if isinstance(parsed, _ACTION_TYPES) else None
    if type(named) is int and named != view.seat and named == view.current_seat:
        # the rules would judge it by the hand of the seat to act, which the view does not hold
        return _violation(
            Reason.NOT_YOUR_TURN,
            action,
            f"seat {view.seat}'s view judges only seat {view.seat}'s moves, not seat {named}'s",
        )
    verdict = check(state, parsed)
    if verdict is not None and verdict.action is not action:
        verdict = attrs.evolve(verdict, action=action)
    return verdict


def _violation(reason: Reason, action: object, message: str) -> Violation:
    """A :class:`Violation` worded as the rules word their own."""
    return Violation(reason, str(_illegal(reason, action, message)), action)
