"""Errors raised by the library, and the stable reason codes of illegal actions.

The exception tree::

    CanastaError(Exception)
    ├── NotationError(CanastaError, ValueError)       text that does not parse
    ├── IllegalActionError(CanastaError, ValueError)  an action that breaks a rule (has .reason)
    │   ├── ReplayError(IllegalActionError)            the first illegal action of a game record
    │   └── IllegalChoiceError(IllegalActionError)     a player kept choosing illegal actions
    ├── PositionError(CanastaError, ValueError)       an impossible position given to position()
    ├── VariantError(CanastaError, ValueError)        an inconsistent variant
    ├── SetupError(CanastaError, ValueError)          bad arguments to new_game (seed, deck...)
    ├── ScoreItemError(CanastaError, ValueError)      a name that is no line of a score sheet
    └── StateError(CanastaError, ValueError)          a question the state cannot answer yet
                                                      (e.g. scoring a hand that is not over)

Every class also derives from :class:`ValueError`, so ``except ValueError`` catches them all.
"""

from __future__ import annotations

import enum
from typing import Any

__all__ = [
    "CanastaError",
    "IllegalActionError",
    "IllegalChoiceError",
    "NotationError",
    "PositionError",
    "Reason",
    "ScoreItemError",
    "SetupError",
    "StateError",
    "VariantError",
]


class Reason(enum.StrEnum):
    """Stable codes saying which rule an illegal action breaks.

    Front-ends may localise them; the codes never change once released. The rule
    behind each code is cited in the docs' rules reference (shown in the message of the error).
    """

    #: The action is not a well-formed action value (wrong type, bad field), or its notation
    #: or JSON does not parse into one. A form that parses gets the reason of the rule it
    #: breaks, never this one.
    MALFORMED = "malformed"
    #: The action names a seat that is not the seat to act, or was sent (``seat=``) by a seat
    #: other than the one it names or than the seat to act.
    NOT_YOUR_TURN = "not_your_turn"
    #: The action does not fit the phase of the turn (e.g. a discard before drawing).
    WRONG_PHASE = "wrong_phase"
    #: A named card is not in the player's hand (or not as many times).
    CARD_NOT_IN_HAND = "card_not_in_hand"
    #: The stock is empty, so it cannot be drawn from (§1 "Stock runs out").
    STOCK_EMPTY = "stock_empty"
    #: The discard pile is empty.
    PILE_EMPTY = "pile_empty"
    #: The pile is frozen (a wild card or red three in it, or the side has not melded):
    #: only a natural pair of the top card's rank from the hand may take it (§2 cases 9, 10).
    PILE_FROZEN = "pile_frozen"
    #: A black three is on top of the pile: it cannot be taken (§2 cases 3, 6, 7).
    PILE_BLOCKED = "pile_blocked"
    #: A wild card is on top of the pile: it cannot be taken (§1 "Pile topped by wild").
    PILE_TOP_WILD = "pile_top_wild"
    #: One card in hand and one card in the pile: the pile may not be taken (§2 case 25).
    SINGLE_CARD_PILE = "single_card_pile"
    #: The pile's top card cannot be melded: the side has no meld of its rank to lay it on and
    #: the hand cards named to take the pile hold no natural card of its rank to meld it with
    #: (no cards, or wild cards only: two wilds and the top card never take the pile)
    #: (§1 "Taking the pile", §2 cases 8, 9, 11).
    CANNOT_MELD_TOP_CARD = "cannot_meld_top_card"
    #: The cards melded for the side's first meld are worth less than its minimum (§1, §2 case 12).
    INITIAL_MELD_BELOW_MINIMUM = "initial_meld_below_minimum"
    #: A meld would hold more wild cards than the variant allows (§2 cases 17, 18).
    TOO_MANY_WILDS = "too_many_wilds"
    #: A meld would hold too few natural cards (§1 "Meld composition", §2 case 11).
    TOO_FEW_NATURALS = "too_few_naturals"
    #: A new meld needs at least three cards (§1 "Meld composition").
    MELD_TOO_SMALL = "meld_too_small"
    #: A card of another rank was put in a meld (melds are sets of one rank, no sequences).
    WRONG_RANK = "wrong_rank"
    #: Red threes are never melded or discarded (§2 case 21).
    RED_THREE = "red_three"
    #: Black threes are melded only as three or four, without wilds, when going out
    #: (§2 cases 21, 22).
    BLACK_THREE_MELD = "black_three_meld"
    #: Going out needs the side's canastas (§1 "Canastas to go out", §2 case 23).
    NO_CANASTA_TO_GO_OUT = "no_canasta_to_go_out"
    #: The player must keep a card: going out needs a final discard here (§2 cases 24, 27),
    #: or the hand would be emptied without going out.
    MUST_KEEP_A_CARD = "must_keep_a_card"
    #: Partner answered "no": the player may not go out this turn (§2 case 28).
    PERMISSION_REFUSED = "permission_refused"
    #: Partner answered "yes": the player must go out this turn (§2 case 28).
    MUST_GO_OUT = "must_go_out"
    #: Asking partner is not possible now (no partner, off in this variant, asked already,
    #: or the player cannot go out this turn) (§2 case 28, §4 A14).
    CANNOT_ASK = "cannot_ask"
    #: The player must take the discard pile: the stock is exhausted and the top card fits
    #: his side's meld on a pile that is not frozen for him (§2 case 31).
    MUST_TAKE_PILE = "must_take_pile"
    #: Declining the pile is only possible once the stock is exhausted (§2 case 31).
    CANNOT_DECLINE = "cannot_decline"
    #: No discard now: the last stock card drawn was a red three (§2 case 30, §4 A7).
    NO_DISCARD = "no_discard"
    #: The next hand is dealt only once the hand is over: it is still being played.
    HAND_NOT_OVER = "hand_not_over"
    #: The hand is over: no player acts until the next hand is dealt (only
    #: :class:`~canasta.DealNextHand` is possible, unless the match is over).
    HAND_OVER = "hand_over"
    #: The match is over: no further hand is dealt and no player acts (§2 case 40).
    MATCH_OVER = "match_over"
    #: The deck given to deal the next hand is not a whole pack.
    BAD_DECK = "bad_deck"


class CanastaError(Exception):
    """Base class of every error raised by the library."""


class NotationError(CanastaError, ValueError):
    """Text that does not parse as a card, cards, a meld or an action.

    Attributes:
        text: the text that failed to parse.
        position: the 0-based index in :attr:`text` of the first bad character or token, where
            known (``None`` otherwise).
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


class IllegalActionError(CanastaError, ValueError):
    """An action that breaks a rule of the game in the given state.

    The input state is never changed (states are immutable).

    Attributes:
        reason: a stable :class:`Reason` code.
        message: the explanation (quoting the action and naming the rule), without the code.
        action: the action refused.
    """

    def __init__(self, reason: Reason, message: str, action: Any = None) -> None:
        super().__init__(f"{reason.value}: {message}")
        self.reason = reason
        self.message = message
        self.action = action


class IllegalChoiceError(IllegalActionError):
    """A player of :func:`canasta.bots.play_hand` (or ``play_match``) chose illegal actions
    ``tries`` times in a row for one move; the game stops, its state unchanged.

    Attributes:
        player: the player object.
        seat: its seat.
        violation: the last refusal (a :class:`canasta.Violation`: reason code and message).
        tries: how many choices it was given.
        reason: the last violation's reason (as for every :class:`IllegalActionError`).
        action: the last action it chose.
    """

    def __init__(self, player: Any, seat: int, violation: Any, tries: int) -> None:
        name = type(player).__name__
        super().__init__(
            violation.reason,
            f"player {name} at seat {seat} chose {tries} illegal action"
            f"{'s' if tries != 1 else ''} in a row; the last: {violation.message}",
            violation.action,
        )
        self.player = player
        self.seat = seat
        self.violation = violation
        self.tries = tries


class PositionError(CanastaError, ValueError):
    """An impossible position: more copies of a card than the packs hold, a meld that breaks
    the rules, a seat that does not exist, and the like."""


class VariantError(CanastaError, ValueError):
    """An inconsistent variant, refused when it is constructed.

    Attributes:
        field: the name of the offending field.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class SetupError(CanastaError, ValueError):
    """Bad arguments to :func:`canasta.new_game`: a seed that is not an int, a dealer seat that
    does not exist, totals of the wrong shape, a deck that is not the whole pack."""


class ScoreItemError(CanastaError, ValueError):
    """A name given for a line of a score sheet that is no :class:`~canasta.ScoreItem` (for
    instance ``"going out"`` for ``"going_out"``), in :meth:`~canasta.SideScore.points` or
    :class:`~canasta.ScoreLine`.

    Attributes:
        item: the name refused (``""`` when it was not text).
    """

    def __init__(self, message: str, item: str = "") -> None:
        super().__init__(message)
        self.item = item


class StateError(CanastaError, ValueError):
    """A question the state cannot answer (scoring a hand that is not over), or a value given
    where a :class:`~canasta.GameState` is expected that is not one."""
