"""canasta: a rules engine for the card game Canasta.

Immutable states, a pure :func:`apply`, a complete legal-move menu, and the rules as data
(:class:`Variant`). Start with :func:`new_game`::

    >>> import canasta
    >>> state = canasta.new_game("classic", seed=7)
    >>> state.current_seat
    0
    >>> canasta.Draw(0) in canasta.legal_actions(state)
    True
"""

from __future__ import annotations

from .actions import (
    Action,
    AnswerPartner,
    AskPartner,
    DealNextHand,
    DeclinePile,
    Discard,
    Draw,
    EndTurn,
    MeldCards,
    TakePile,
)
from .cards import JOKER, Card, Cards, Rank, Suit, make_pack
from .deals import DEAL_VERSION, shuffled_pack
from .engine import COMPILED, Violation, apply, check, is_legal, new_game
from .errors import (
    CanastaError,
    IllegalActionError,
    IllegalChoiceError,
    NotationError,
    PositionError,
    Reason,
    ScoreItemError,
    SetupError,
    StateError,
    VariantError,
)
from .events import (
    CanastaCompleted,
    CardsDrawn,
    Discarded,
    Event,
    HandDealt,
    HandEnded,
    HandScored,
    LoneHandFormed,
    MatchOver,
    MeldExtended,
    MeldMade,
    PartnerAnswered,
    PartnerAsked,
    PileDeclined,
    PileTaken,
    RedThreeLaidOut,
    SeatSitsOut,
    UpcardTurned,
    deal_events,
    events_for,
    step,
)
from .legal import LegalActions, legal_actions
from .melds import Meld
from .notation import (
    format_action,
    format_position,
    parse_action,
    parse_action_text,
    parse_position,
)
from .positions import position
from .records import GameRecord, ReplayError, replay
from .scoring import HandScore, ScoreItem, ScoreLine, SideScore, score_hand
from .serialize import from_dict, from_json, json_schema, to_dict, to_json
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
from .variants import (
    AskPartnerRule,
    BlackThreeDiscard,
    BlackThreeUpcard,
    CardPoints,
    LastCardRedThree,
    RedThreeNegative,
    RedThreeTiming,
    TieRule,
    Variant,
    WildRatio,
    get_variant,
    variant_names,
)
from .views import PlayerView, observe

__version__ = "0.1.0"

__all__ = [
    "COMPILED",
    "DEAL_VERSION",
    "JOKER",
    "Action",
    "AnswerPartner",
    "AskPartner",
    "AskPartnerRule",
    "BlackThreeDiscard",
    "BlackThreeUpcard",
    "CanastaCompleted",
    "CanastaError",
    "Card",
    "CardPoints",
    "Cards",
    "CardsDrawn",
    "DealNextHand",
    "DeclinePile",
    "Discard",
    "Discarded",
    "Draw",
    "DrawSource",
    "EndReason",
    "EndTurn",
    "Event",
    "GameRecord",
    "GameState",
    "HandDealt",
    "HandEnd",
    "HandEnded",
    "HandScore",
    "HandScored",
    "IllegalActionError",
    "IllegalChoiceError",
    "LastCardRedThree",
    "LegalActions",
    "LoneHandFormed",
    "MatchOver",
    "Meld",
    "MeldCards",
    "MeldExtended",
    "MeldMade",
    "NotationError",
    "PartnerAnswered",
    "PartnerAsked",
    "Phase",
    "PileDeclined",
    "PileTaken",
    "PlayerView",
    "PositionError",
    "Rank",
    "Reason",
    "RedThreeLaidOut",
    "RedThreeNegative",
    "RedThreeTiming",
    "ReplayError",
    "ScoreItem",
    "ScoreItemError",
    "ScoreLine",
    "SeatSitsOut",
    "SetupError",
    "SideScore",
    "StateError",
    "Suit",
    "TakePile",
    "TieRule",
    "Turn",
    "UpcardTurned",
    "Variant",
    "VariantError",
    "Violation",
    "WildRatio",
    "__version__",
    "apply",
    "check",
    "deal_events",
    "events_for",
    "format_action",
    "format_position",
    "from_dict",
    "from_json",
    "get_variant",
    "is_legal",
    "json_schema",
    "legal_actions",
    "make_pack",
    "new_game",
    "observe",
    "parse_action",
    "parse_action_text",
    "parse_position",
    "position",
    "replay",
    "score_hand",
    "shuffled_pack",
    "step",
    "to_dict",
    "to_json",
    "variant_names",
]
