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
    position_repr,
)
from .positions import position
from .records import GameRecord, ReplayError, replay
from .scoring import HandScore, ScoreItem, ScoreLine, SideScore, score_hand
from .serialize import from_dict, from_json, json_schema, to_dict, to_json
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn, connect
from .systems import MeldKind, MeldSystem, TableRules, register_hook
from .validation import Problem, problems
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

#: The cards an action lays on one meld of the table, a rank and cards: the payload of
#: :class:`MeldCards` and :class:`TakePile` (``Group("K", "KH KS JK")``). Today it is the class of
#: a meld on the table, :class:`Meld`, under the name that says what an action holds: either
#: name builds one, and actions take either.
Group = Meld


def _render_svg(shown: GameState | PlayerView) -> str:
    """The SVG picture of a state or view (the renderer is imported when first asked for)."""
    from .svg import render_svg

    return render_svg(shown)


# The core imports no format or renderer: the state is scored, written and drawn by the modules
# above it, connected here (see canasta.state.connect and the architecture page of the docs).
connect(score_hand=score_hand, position_repr=position_repr, render_svg=_render_svg)

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
    "Group",
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
    "MeldKind",
    "MeldMade",
    "MeldSystem",
    "NotationError",
    "PartnerAnswered",
    "PartnerAsked",
    "Phase",
    "PileDeclined",
    "PileTaken",
    "PlayerView",
    "PositionError",
    "Problem",
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
    "TableRules",
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
    "problems",
    "register_hook",
    "replay",
    "score_hand",
    "shuffled_pack",
    "step",
    "to_dict",
    "to_json",
    "variant_names",
]
