"""Variants: the rules of a Canasta game as data.

A :class:`Variant` is a frozen object with one keyword-only field for every rule parameter of the
rules reference ("Decisions" and the §1 table). The engine reads these fields and never asks which
preset it is running. Presets live in a registry (:func:`get_variant`, :func:`variant_names`); a
house rule is a preset with some fields overridden (:meth:`Variant.derive`)::

    >>> house = get_variant("classic").derive(name="classic-700", natural_canasta_bonus=700)
    >>> house.natural_canasta_bonus
    700
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
import typing
import warnings
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from . import limits
from .cards import JOKER_ID, Card
from .errors import VariantError
from .melds import Meld
from .systems import MeldSystem, TableRules, hook

__all__ = [
    "MAX_POINTS",
    "AskPartnerRule",
    "BlackThreeDiscard",
    "BlackThreeUpcard",
    "CardPoints",
    "FieldRule",
    "LastCardRedThree",
    "MeldSystem",
    "Partnerships",
    "RedThreeNegative",
    "RedThreeTiming",
    "TableRules",
    "TieRule",
    "Variant",
    "WildRatio",
    "format_value",
    "get_variant",
    "rule",
    "variant_aliases",
    "variant_field_docs",
    "variant_fields",
    "variant_names",
    "variant_rows",
]


class WildRatio(enum.StrEnum):
    """How many wild cards a meld may hold beside its natural cards (§4 A1)."""

    #: At least ``min_naturals`` naturals and at most ``max_wilds`` wilds
    #: (Official Laws: 2N + 3W is legal).
    NONE = "none"
    #: Never more wilds than naturals (Wikipedia, LG).
    AT_MOST_EQUAL = "at_most_equal"
    #: Naturals strictly more than wilds (the German rules as commonly played, S-DE).
    STRICTLY_FEWER = "strictly_fewer"


class BlackThreeUpcard(enum.StrEnum):
    """What happens when the first upcard is a black three (§4 A2, §2 case 3)."""

    #: It stays on top and blocks the first player; the pile is not frozen (pagat, W-old).
    STAYS = "stays"
    #: It is covered like a wild card (Bicycle, LG).
    COVERED = "covered"


class BlackThreeDiscard(enum.StrEnum):
    """What a discarded black three does to the pile (§4 A3, §2 case 7)."""

    #: It blocks only the next player (pagat, Hoyle, Katz, S-DE).
    BLOCKS_NEXT = "blocks_next"
    #: It freezes the pile until the pile is taken (a reading of the Bicycle wording).
    FREEZES = "freezes"


class RedThreeNegative(enum.StrEnum):
    """When a side's red threes count against it (§4 A4, §2 case 36)."""

    #: When the side has made no meld (Official Laws, Britannica, Hoyle).
    NO_MELD = "no_meld"
    #: When the side has no canasta (the German rules as commonly played, S-DE; CSP).
    NO_CANASTA = "no_canasta"


class LastCardRedThree(enum.StrEnum):
    """The last stock card drawn is a red three (§4 A7, §2 case 30)."""

    #: The hand ends at once: the drawer may neither meld nor discard (pagat, Bicycle).
    NO_MELD = "no_meld"
    #: The drawer may meld and lay off, but not discard; :class:`~canasta.EndTurn` then ends
    #: the hand (Britannica).
    MAY_MELD = "may_meld"


class RedThreeTiming(enum.StrEnum):
    """When dealt red threes are laid out and replaced (§4 A9, §2 case 4)."""

    #: Straight after the deal (Wikipedia, W-old).
    AFTER_DEAL = "after_deal"
    #: At the owner's first turn, before he draws (Bicycle, CSP). A red three still in the hand
    #: of a player whose first turn never came counts as laid out, not as undeclared.
    FIRST_TURN = "first_turn"


class AskPartnerRule(enum.StrEnum):
    """Asking partner "may I go out?" (§4 A14, §2 case 28)."""

    #: Optional; the answer binds (Britannica, W-old).
    OPTIONAL = "optional"
    #: Compulsory before going out (Brazilian).
    COMPULSORY = "compulsory"
    #: Not part of the game.
    OFF = "off"


class TieRule(enum.StrEnum):
    """Two sides tie for the lead at or above the target (§2 case 40)."""

    #: Play another hand.
    PLAY_ON = "play_on"
    #: The tied sides share the win.
    SHARED_WIN = "shared_win"


class Partnerships(enum.StrEnum):
    """How the sides of a hand are formed (§1 "Players, sides, seating")."""

    #: The variant's :attr:`Variant.sides` play together all hand (partnerships or singles).
    FIXED = "fixed"
    #: Cutthroat: each player plays alone until the first player takes the discard pile; he
    #: becomes the lone hand and the other two join as partners, combining their melds. A player
    #: who goes out before the pile was ever taken is the lone hand (BI-CT; §2 cases 33-35).
    LONE_HAND = "lone_hand"


def _points(inst: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if not _is_int(value) or not 0 <= value <= MAX_POINTS:
        raise VariantError(
            f"points.{attribute.name}",
            f"must be a non-negative int at most {MAX_POINTS}, not {_show(value)}",
        )


@attrs.frozen(kw_only=True)
class CardPoints:
    """Point values of cards, in points (§1 "Card values": Joker 50, 2 20, A 20, K-8 10, 7-4 5,
    black 3 5).

    Raises:
        VariantError: a value that is not a non-negative int.
    """

    joker: int = attrs.field(default=50, validator=_points)
    two: int = attrs.field(default=20, validator=_points)
    ace: int = attrs.field(default=20, validator=_points)
    king_to_eight: int = attrs.field(default=10, validator=_points)
    seven_to_four: int = attrs.field(default=5, validator=_points)
    black_three: int = attrs.field(default=5, validator=_points)

    def of(self, card: Card) -> int:
        """The value of ``card`` in points (a red three has no card value: it scores as a bonus)."""
        return self.table()[card.id]

    def table(self) -> tuple[int, ...]:
        """Values indexed by :attr:`Card.id` (four ids a rank from the two up, the joker last)."""
        by_rank = [self.two, 0, *[self.seven_to_four] * 4, *[self.king_to_eight] * 6, self.ace]
        values = [by_rank[i // 4] for i in range(JOKER_ID)]
        values[4] = values[7] = self.black_three  # 3S, 3C: red threes score as a bonus
        return (*values, self.joker)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    """A value for a message (Python refuses to print ints of thousands of digits)."""
    if _is_int(value) and not -(10**60) < value < 10**60:
        return "a huge int"
    try:
        text = repr(value)
    except ValueError:  # an int of thousands of digits inside
        return f"a {type(value).__name__} holding a huge int"
    return text if len(text) <= 80 else text[:77] + "..."


#: The largest point value (or score) a variant may name (:data:`canasta.limits.MAX_POINTS`).
MAX_POINTS: Final = limits.MAX_POINTS


@attrs.frozen
class FieldRule:
    """What one :class:`Variant` field is, declared once beside it (:func:`rule`): the
    validation, the JSON codec and its schema, the notations and the docs tables all read it.

    Attributes:
        doc: what the field means, citing the rules reference (``§1 "Canasta"``...).
        lo: the least value of an int field (or length of a string), ``None``: unbounded.
        hi: the greatest (ints default to :data:`MAX_POINTS`).
    """

    doc: str
    lo: int | None = None
    hi: int | None = None


def rule(
    default: Any = attrs.NOTHING,
    *,
    doc: str,
    lo: int | None = None,
    hi: int | None = None,
    converter: Callable[[Any], Any] | None = None,
    factory: Callable[[], Any] | None = None,
) -> Any:
    """A :class:`Variant` field: its default, its meaning and bounds (a :class:`FieldRule` in the
    field's metadata). Its type is its annotation; an enum field converts its value names."""
    if isinstance(default, enum.Enum) and default is not attrs.NOTHING:
        converter = functools.partial(_to_enum, type(default))
    return attrs.field(
        default=attrs.Factory(factory) if factory else default,
        converter=converter,
        metadata={"rule": FieldRule(doc, lo, hi)},
    )


def _to_enum(kind: type[enum.Enum], value: Any) -> Any:
    """The member of ``kind`` named by ``value``; any other value is left as it is, for the
    field's check to refuse naming the field (:func:`_check_field`)."""
    try:
        return kind(value)
    except (ValueError, TypeError):
        return value


def _seq(field: str, value: Any) -> list[Any]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise VariantError(field, f"must be a sequence, got {_show(value)}")
    return list(value)


def _freeze_sides(value: Any) -> tuple[tuple[int, ...], ...]:
    sides = []
    for side in _seq("sides", value):
        seats = _seq("sides", side)
        if not seats or not all(_is_int(s) for s in seats):
            raise VariantError(
                "sides", f"each side is a non-empty sequence of int seats: {_show(side)}"
            )
        sides.append(tuple(seats))
    return tuple(sides)


def _freeze_bands(value: Any) -> tuple[tuple[int | None, int], ...]:
    bands = []
    for band in _seq("minimum_bands", value):
        pair = _seq("minimum_bands", band)
        if len(pair) != 2 or not (pair[0] is None or _is_int(pair[0])) or not _is_int(pair[1]):
            raise VariantError(
                "minimum_bands",
                f"must be (lowest total or None, minimum) int pairs, got {_show(band)}",
            )
        bands.append((pair[0], pair[1]))
    return tuple(bands)


def _freeze_ints(value: Any) -> tuple[int, ...]:
    items = _seq("red_three_totals", value)
    if not all(_is_int(v) for v in items):
        raise VariantError("red_three_totals", f"must be a sequence of ints, got {_show(value)}")
    return tuple(items)


@attrs.frozen(kw_only=True)
class Variant:
    """The rules of one Canasta game, as data. Every field cites the rules reference.

    Build a house rule with :meth:`derive`; an inconsistent variant is refused with
    :class:`~canasta.VariantError` naming the field. Each field is declared once, with its
    meaning and bounds (:func:`rule`); the fields:
    """

    name: str = rule("classic", lo=1, hi=limits.MAX_NAME, doc="Registry name of the variant.")
    description: str = rule(
        "Regency Club / Official Laws, 4 players in 2 partnerships",
        hi=1000,
        doc="One-line description.",
    )
    players: int = rule(
        4, lo=2, hi=12, doc='Number of seats at the table (§1 "Players, sides, seating").'
    )
    sides: tuple[tuple[int, ...], ...] = rule(
        ((0, 2), (1, 3)),
        converter=_freeze_sides,
        doc="The sides (partnerships): seats of each side; seats are 0-based, clockwise; "
        "partners sit opposite in the classic game (§1).",
    )
    decks: int = rule(
        2, lo=1, hi=8, doc='Standard 52-card decks in the pack (§1 "Decks / jokers / total").'
    )
    jokers: int = rule(4, lo=0, hi=32, doc="Jokers in the pack (§1).")
    hand_size: int = rule(11, lo=1, hi=99, doc='Cards dealt to each player (§1 "Cards dealt").')
    draw_count: int = rule(
        1,
        lo=1,
        hi=20,
        doc='Cards drawn from the stock in one turn (§1 "Drawn from stock / discarded").',
    )
    minimum_bands: tuple[tuple[int | None, int], ...] = rule(
        ((None, 15), (0, 50), (1500, 90), (3000, 120)),
        converter=_freeze_bands,
        doc="Initial-meld minimum by the side's total before the deal, as ``(lowest total, "
        "minimum)`` bands in ascending order; the first band's lowest total is ``None`` (no "
        'lower bound). Points. (§1 "Initial-meld minimum", §2 cases 15, 16.)',
    )
    min_naturals: int = rule(
        2, lo=1, hi=99, doc='Natural cards a meld needs at least (§1 "Meld composition").'
    )
    max_wilds: int = rule(
        3,
        lo=0,
        hi=99,
        doc='Wild cards a meld may hold at most (§1 "Meld composition", §2 case 18).',
    )
    wild_ratio: WildRatio = rule(
        WildRatio.NONE, doc="The wild-to-natural ratio rule (§4 A1, §2 case 17)."
    )
    canasta_size: int = rule(7, lo=1, hi=99, doc='Cards in a canasta (§1 "Canasta").')
    natural_canasta_bonus: int = rule(
        500, lo=0, doc='Bonus for a natural canasta, points (§1 "Canasta").'
    )
    mixed_canasta_bonus: int = rule(
        300, lo=0, doc='Bonus for a mixed canasta, points (§1 "Canasta").'
    )
    canastas_to_go_out: int = rule(
        1,
        lo=1,
        hi=99,
        doc='Canastas a side needs before a player may go out (§1 "Canastas to go out").',
    )
    final_discard_required: bool = rule(
        False, doc="Whether going out needs a final discard (§4 A6, §2 cases 24, 27)."
    )
    going_out_bonus: int = rule(
        100, lo=0, doc='Bonus for going out, points (§1 "Going-out bonus").'
    )
    concealed_bonus: int = rule(
        200,
        lo=0,
        doc="Bonus in all (replacing :attr:`going_out_bonus`) for going out concealed, points "
        '(§1 "Concealed going out", §2 case 29, §4 A5).',
    )
    concealed_bonus_without_partner_meld: int | None = rule(
        None,
        lo=0,
        doc="Bonus in all for going out concealed when no partner had melded before (German "
        '"Handcanasta" 1000); ``None`` means the same as :attr:`concealed_bonus` (§4 A5).',
    )
    concealed_canasta_bonus: int = rule(
        0,
        lo=0,
        doc="Extra points per canasta in a concealed going out (W-old, later revision; §4 A5). "
        "0 = off.",
    )
    concealed_needs_minimum: bool = rule(
        False,
        doc="Whether a concealed going out from a stock draw must meet the initial-meld minimum "
        "(§2 case 29: it need not).",
    )
    top_card_counts_for_minimum: bool = rule(
        True,
        doc="Whether the pile's top card counts toward the initial-meld minimum of a side that "
        'takes the pile to make it (§1 "What counts toward the minimum": it does; Modern American '
        "does not count it, families M-A3).",
    )
    red_three_totals: tuple[int, ...] = rule(
        (0, 100, 200, 300, 800),
        converter=_freeze_ints,
        doc="Score of a side's red threes by their number, points: index k is the total for k "
        'red threes (§1 "Red-3 score": 100 each, all four 800; 6 players: 5 = 1000, 6 = 1200).',
    )
    red_three_negative: RedThreeNegative = rule(
        RedThreeNegative.NO_MELD, doc="When red threes count minus (§4 A4, §2 case 36)."
    )
    undeclared_red_three_penalty: int = rule(
        500,
        lo=0,
        doc="Penalty for each red three still in a hand at the end, points (§2 case 37).",
    )
    black_three_upcard: BlackThreeUpcard = rule(
        BlackThreeUpcard.STAYS, doc="A black-three upcard (§4 A2)."
    )
    black_three_discard: BlackThreeDiscard = rule(
        BlackThreeDiscard.BLOCKS_NEXT, doc="A discarded black three (§4 A3)."
    )
    last_card_red_three: LastCardRedThree = rule(
        LastCardRedThree.NO_MELD, doc="The last stock card is a red three (§4 A7)."
    )
    red_three_timing: RedThreeTiming = rule(
        RedThreeTiming.AFTER_DEAL, doc="When dealt red threes are laid out and replaced (§4 A9)."
    )
    ask_partner: AskPartnerRule = rule(
        AskPartnerRule.OPTIONAL, doc="Asking partner for permission to go out (§4 A14)."
    )
    pile_needs_natural_pair: bool = rule(
        False,
        doc="Whether a new meld made with the pile's top card needs a natural pair from the hand "
        "even when the pile is not frozen: the pile is taken only onto the side's own meld of "
        "the top card's rank or with two natural hand cards of it, never with one natural and "
        'a wild card (German, S-DE "zwei Handkarten ohne wilde Karten"; §1 "Taking the pile", '
        "DE3 column). ``False``: one natural and one wild card take an unfrozen pile too "
        "(Official Laws, §2 case 9). A frozen pile always needs the natural pair (§2 case 10).",
    )
    forced_take_after_stock: bool = rule(
        True,
        doc="Once the stock is exhausted, whether a player must take a pile whose top card fits "
        "his side's meld on a pile not frozen for him (§2 case 31).",
    )
    target_score: int = rule(5000, lo=1, doc='Points a side needs to win the match (§1 "Target").')
    tie_rule: TieRule = rule(
        TieRule.PLAY_ON, doc="Two sides tied for the lead at or above the target (§2 case 40)."
    )
    points: CardPoints = rule(
        factory=CardPoints,
        doc='Point values of the cards (§1 "Card values"); shown in tables as '
        "joker/two/ace/king-to-eight/seven-to-four/black three.",
    )
    partnerships: Partnerships = rule(
        Partnerships.FIXED,
        doc="How the sides of a hand are formed: fixed, or Cutthroat's lone hand (§1, BI-CT).",
    )
    sit_out_side: int | None = rule(
        None,
        lo=0,
        doc="The side one of whose members sits out each hand, in rotation (five players: the "
        "trio; RG5, CS2); ``None`` when everybody plays every hand.",
    )
    red_threes_per_player: bool = rule(
        False,
        doc="Red threes score for the player who laid them out, plus or minus by his side's "
        "melds, and are kept out of the partnership's total (Cutthroat, §2 case 35 b).",
    )
    play_after_stock: bool = rule(
        True,
        doc="Once the stock is exhausted, play goes on while players take the discard "
        "(§2 case 31); ``False``: play ends with the discard of the player who drew the last "
        "card (Cutthroat, §2 case 33).",
    )
    melds_negative_without_canasta: bool = rule(
        False,
        doc='A side without a canasta scores its melded cards minus (CS, "without a canasta '
        'everything counts against you", read literally; §3 example 10).',
    )
    meld_system: MeldSystem = rule(
        factory=MeldSystem,
        doc="The meld kinds, groups per rank, wild limit and canasta classifier "
        "(:class:`~canasta.systems.MeldSystem`; RULES-FAMILIES X.1, 2); Classic's by default. "
        'The hooks it names are functions registered by name (§1 "Canasta").',
    )
    table_rules: TableRules = rule(
        factory=TableRules,
        doc="The opening requirement, going-out requirement and seat zones "
        "(:class:`~canasta.systems.TableRules`; RULES-FAMILIES X.4, 6, 7); Classic's by default "
        '(§1 "Initial-meld minimum").',
    )

    _values: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _side_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _wild_limits: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    # The hooks of the meld system and table rules, resolved once (canasta.systems).
    _opening: Callable[[Variant, int, int], int] = attrs.field(init=False, eq=False, repr=False)
    _canasta: Callable[[Variant, Meld], tuple[bool, int]] = attrs.field(
        init=False, eq=False, repr=False
    )
    _limit_hook: Callable[[Variant, int], int] = attrs.field(init=False, eq=False, repr=False)
    #: The canastas a side needs to go out (the table rules' going-out hook, asked once).
    _to_go_out: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for name, (kind, spec) in variant_fields().items():
            _check_field(name, kind, spec, getattr(self, name))
        self._validate()
        object.__setattr__(self, "_values", self.points.table())
        system, table = self.meld_system, self.table_rules
        object.__setattr__(self, "_opening", hook("opening", table.opening))
        object.__setattr__(self, "_canasta", hook("canasta", system.canasta))
        object.__setattr__(self, "_limit_hook", hook("wild_limit", system.wild_limit))
        need = hook("going_out", table.going_out)(self)
        if not _is_int(need) or not 1 <= need <= 99:
            raise VariantError(
                "table_rules.going_out", f"the hook must give 1 to 99 canastas, not {_show(need)}"
            )
        object.__setattr__(self, "_to_go_out", need)
        object.__setattr__(self, "_wild_limits", tuple(self._wild_limit(n) for n in range(128)))
        side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        object.__setattr__(self, "_side_of", tuple(side_of[s] for s in range(self.players)))

    def _validate(self) -> None:
        """The rules between fields (each field's own type and bounds are its :func:`rule`)."""
        seats = sorted(s for side in self.sides for s in side)
        if seats != list(range(self.players)):
            raise VariantError(
                "sides",
                f"must list each of the {self.players} seats exactly once, got {self.sides}",
            )
        if len(self.sides) < 2:
            raise VariantError("sides", "a game needs at least two sides")
        if self.pack_size < self.players * self.hand_size + 2 and self.sit_out_side is None:
            raise VariantError(
                "hand_size",
                f"{self.players} hands of {self.hand_size} need more than the "
                f"{self.pack_size} cards of the pack",
            )
        bands = self.minimum_bands
        if not bands or bands[0][0] is not None:
            raise VariantError(
                "minimum_bands", "the first band must start at None (no lower bound)"
            )
        lows = [lo for lo, _ in bands[1:]]
        if any(lo is None for lo in lows) or len(set(lows)) != len(lows):
            raise VariantError("minimum_bands", f"bands must ascend strictly, got {bands}")
        if [lo for lo in lows if lo is not None] != sorted(lo for lo in lows if lo is not None):
            raise VariantError("minimum_bands", f"bands must ascend strictly, got {bands}")
        if any(m < 0 for _, m in bands):
            raise VariantError("minimum_bands", "a minimum cannot be negative")
        if self.min_naturals > self.canasta_size:
            raise VariantError("min_naturals", "cannot exceed the canasta size")
        per_rank = 4 * self.decks
        if self.min_naturals > per_rank:
            raise VariantError(
                "min_naturals",
                f"no meld is possible: a rank has only {per_rank} cards in {self.decks} decks",
            )
        if self.canasta_size > per_rank + self.max_wilds:
            raise VariantError(
                "canasta_size",
                f"no canasta is possible: at most {per_rank} naturals and {self.max_wilds} wild "
                "cards make a meld",
            )
        if len(self.red_three_totals) != self.red_three_count + 1:
            raise VariantError(
                "red_three_totals",
                f"needs one entry for 0 to {2 * self.decks} red threes, "
                f"got {len(self.red_three_totals)}",
            )
        if self.sit_out_side is not None:
            if not 0 <= self.sit_out_side < len(self.sides):
                raise VariantError("sit_out_side", f"no side {self.sit_out_side!r}")
            if len(self.sides[self.sit_out_side]) < 2:
                raise VariantError("sit_out_side", "the side sitting out one member needs two")
        sizes = {
            len(side) - (1 if i == self.sit_out_side else 0) for i, side in enumerate(self.sides)
        }
        if len(sizes) != 1:
            field = "sit_out_side" if self.sit_out_side is not None else "sides"
            raise VariantError(
                field, "the sides playing a hand must be of one size, to alternate round the table"
            )
        active = self.players - (1 if self.sit_out_side is not None else 0)
        if self.pack_size < active * self.hand_size + 2:
            raise VariantError(
                "hand_size",
                f"{active} hands of {self.hand_size} need more than the {self.pack_size} cards",
            )
        if self.partnerships is Partnerships.LONE_HAND and (
            self.players != 3 or any(len(side) != 1 for side in self.sides)
        ):
            raise VariantError(
                "partnerships", "the lone hand is a game of three players, each a side of one"
            )

    # ----------------------------------------------------------------- derived facts
    @property
    def pack_size(self) -> int:
        """Cards in the pack: 52 per deck plus the jokers."""
        return 52 * self.decks + self.jokers

    @property
    def red_three_count(self) -> int:
        """Red threes in the pack (two per deck)."""
        return 2 * self.decks

    def pack(self) -> tuple[Card, ...]:
        """The unshuffled pack of this variant, in its canonical order (the start of the
        portable shuffle, :func:`canasta.shuffled_pack`): each of the :attr:`decks` decks in
        turn, its 52 cards by rank from the two up to the ace and each rank in the suit order
        spades, hearts, diamonds, clubs (``2S 2H 2D 2C 3S ... AD AC``, card ids 0 to 51), then
        the :attr:`jokers`; :attr:`pack_size` cards.

        >>> p = get_variant("classic").pack()
        >>> len(p), " ".join(str(c) for c in p[:5]), " ".join(str(c) for c in p[50:54])
        (108, '2S 2H 2D 2C 3S', 'AD AC 2S 2H')
        """
        from .cards import make_pack

        return make_pack(self.decks, self.jokers)

    def match_side(self, seat: int) -> int:
        """The index (in :attr:`sides`, and in a state's ``totals``) of the match side ``seat``
        plays for. In Cutthroat the sides of a hand form during it:
        :meth:`canasta.GameState.hand_side` tells those."""
        return self._side_of[seat]

    #: Deprecated alias of :meth:`match_side` (the match side, not the side of a hand).
    side_of = match_side

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side, clockwise from ``seat``."""
        side = self.sides[self._side_of[seat]]
        n = self.players
        return tuple(sorted((s for s in side if s != seat), key=lambda s: (s - seat) % n))

    def minimum_for(self, total: int, hand_number: int = 1) -> int:
        """The initial-meld minimum, in points, for a side whose total before the deal is
        ``total`` in hand ``hand_number`` (§1, §2 cases 15, 16): the answer of the table rules'
        opening hook (:attr:`table_rules`; Classic's, the score bands of
        :attr:`minimum_bands`, ignores the hand number).

        >>> v = get_variant("classic")
        >>> [v.minimum_for(t) for t in (-5, 0, 1495, 1500, 2995, 3000)]
        [15, 50, 50, 90, 90, 120]
        """
        return self._opening(self, total, hand_number)

    @property
    def canastas_needed(self) -> int:
        """The canastas a side needs before a player may go out: the table rules' going-out
        hook's answer (:attr:`table_rules`; Classic's is :attr:`canastas_to_go_out`)."""
        return self._to_go_out

    def canasta_class(self, meld: Meld) -> tuple[bool, int]:
        """``(natural, bonus)`` of a canasta (a meld of at least :attr:`canasta_size` cards):
        whether it scores on the natural-canastas line, and its bonus in points, by the meld
        system's canasta hook (:attr:`meld_system`; Classic's: natural without wild cards,
        :attr:`natural_canasta_bonus` or :attr:`mixed_canasta_bonus`; §1 "Canasta")."""
        return self._canasta(self, meld)

    def card_value(self, card: Card) -> int:
        """A card's value in points (§1 "Card values")."""
        return self._values[card.id]

    def wild_limit(self, naturals: int) -> int:
        """How many wild cards a meld with ``naturals`` natural cards may hold (§4 A1)."""
        if 0 <= naturals < 128:
            return self._wild_limits[naturals]
        return self._wild_limit(naturals)

    def _wild_limit(self, naturals: int) -> int:
        """The meld system's wild-limit hook, within ``0..max_wilds`` (§4 A1)."""
        limit = self._limit_hook(self, naturals)
        if not _is_int(limit):
            raise VariantError("meld_system.wild_limit", f"the hook gave {_show(limit)}")
        return max(0, min(limit, self.max_wilds))

    def derive(self, **changes: Any) -> Variant:
        """A new variant with some fields changed (a house rule). Each change is a value of the
        field's type, or what its JSON form reads as (an enum's value name, lists for tuples, an
        object of every field of :class:`CardPoints` for ``points``).

        Raises:
            VariantError: an unknown field, a wrong type or an impossible value; its
                :attr:`~canasta.VariantError.field` names the field (``points.joker`` within
                ``points``).
        """
        fields = variant_fields()
        for key, value in changes.items():
            if key not in fields:
                close = difflib.get_close_matches(key, sorted(fields), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise VariantError(key, f"unknown variant field{hint}")
            kind = fields[key][0]
            if isinstance(kind, type) and attrs.has(kind) and not isinstance(value, kind):
                changes[key] = _object_of(key, kind, value)
        try:
            return attrs.evolve(self, **changes)
        except VariantError:
            raise
        except (TypeError, ValueError) as exc:
            raise VariantError(next(iter(changes), "?"), str(exc)) from None


def _object_of(field: str, kind: type[Any], value: Any) -> Any:
    """A field's attrs value (:class:`CardPoints`) from an object of all its fields, as JSON
    gives it (:meth:`Variant.derive`)."""
    names = [a.name for a in attrs.fields(kind)]
    shape = f"must be a {kind.__name__} or an object of its {len(names)} fields"
    if type(value) is not dict:
        raise VariantError(field, f"{shape} ({', '.join(names)}), not {_show(value)}")
    for key in value:
        if type(key) is not str:
            raise VariantError(field, f"{shape}: field names are strings, not {_show(key)}")
        if key not in names:
            raise VariantError(f"{field}.{key[:40]}", f"unknown field (fields: {', '.join(names)})")
    for name in names:
        if name not in value:
            raise VariantError(f"{field}.{name}", f"missing: {shape}, as in JSON")
    return kind(**value)


@functools.cache
def variant_fields() -> dict[str, tuple[Any, FieldRule]]:
    """Every :class:`Variant` field one sets, in field order: ``{name: (type, rule)}``, the type
    its annotation (``int``, ``bool``, ``int | None``, an enum, a tuple type, :class:`CardPoints`)
    and the rule its :class:`FieldRule`. The codecs, the schema and the docs read this."""
    hints = typing.get_type_hints(Variant)
    return {f.name: (hints[f.name], f.metadata["rule"]) for f in attrs.fields(Variant) if f.init}


def _check_field(name: str, kind: Any, spec: FieldRule, value: Any) -> None:
    """A field's value is of its type and within its bounds (a field of a tuple type is shaped
    by its converter; its ints stay within :data:`MAX_POINTS` in size)."""
    args = typing.get_args(kind)
    if type(None) in args:
        if value is None:
            return
        (kind,) = (a for a in args if a is not type(None))
    if kind is bool:
        if type(value) is not bool:
            raise VariantError(name, f"must be a bool, not {_show(value)}")
    elif kind is int:
        if not _is_int(value):
            raise VariantError(name, f"must be an int, not {type(value).__name__}")
        hi = MAX_POINTS if spec.hi is None else spec.hi
        if spec.lo is not None and value < spec.lo:
            least = {0: "must not be negative", 1: "must be positive"}.get(spec.lo)
            raise VariantError(
                name, f"{least or f'must be at least {spec.lo}'}, got {_show(value)}"
            )
        if value > hi:
            raise VariantError(name, f"at most {hi}, not {_show(value)}")
    elif kind is str:
        lo, hi = spec.lo or 0, spec.hi or MAX_POINTS
        if not isinstance(value, str) or not lo <= len(value) <= hi:
            raise VariantError(name, f"a string of {lo} to {hi} characters")
        if any("\ud800" <= c <= "\udfff" for c in value):  # no UTF-8 form: never written
            raise VariantError(name, "a lone surrogate is not a character")
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        if not isinstance(value, kind):
            choices = ", ".join(repr(m.value) for m in kind)
            raise VariantError(name, f"{_show(value)} is not one of {choices}")
    elif isinstance(kind, type) and attrs.has(kind):
        if not isinstance(value, kind):
            raise VariantError(name, f"must be a {kind.__name__}, not {_show(value)}")
    elif typing.get_origin(kind) is tuple:
        if any(abs(v) > MAX_POINTS for v in _ints_in(value)):
            raise VariantError(name, f"values at most {MAX_POINTS} in size")


def _ints_in(value: Any) -> Iterator[int]:
    if isinstance(value, tuple):
        for v in value:
            yield from _ints_in(v)
    elif _is_int(value):
        yield value


CLASSIC = Variant()

#: The three-player preset, which Cutthroat and the German preset start from.
_THREE_SINGLES: Final = CLASSIC.derive(
    name="three-player",
    description="classic for 3 singles, each for himself (RG3, CH3)",
    players=3,
    sides=((0,), (1,), (2,)),
    hand_size=13,
)
#: The German rules as commonly played (S-DE), for three players or four in partnerships.
_GERMAN_RULES: Final[dict[str, Any]] = {
    "wild_ratio": WildRatio.STRICTLY_FEWER,
    "final_discard_required": True,
    "red_three_negative": RedThreeNegative.NO_CANASTA,
    "concealed_bonus": 200,
    "concealed_bonus_without_partner_meld": 1000,
    "pile_needs_natural_pair": True,
}
#: The rules reference's "Decisions": the presets and their settings (sources in §1).
_PRESETS: dict[str, Variant] = {
    "classic": CLASSIC,
    "two-player": CLASSIC.derive(
        name="two-player",
        description="classic for 2 singles (RG2, BI-2, P*)",
        players=2,
        sides=((0,), (1,)),
        hand_size=15,
        draw_count=2,
        canastas_to_go_out=2,
        undeclared_red_three_penalty=0,
    ),
    "three-player": _THREE_SINGLES,
    "cutthroat": _THREE_SINGLES.derive(
        name="cutthroat",
        description="3 players; the first to take the pile plays alone against the others (BI-CT)",
        draw_count=2,
        partnerships=Partnerships.LONE_HAND,
        red_threes_per_player=True,
        play_after_stock=False,
        target_score=7500,
    ),
    "german": _THREE_SINGLES.derive(
        name="german",
        description="the German rules as commonly played, for 3 players (S-DE; KS, CS)",
        **_GERMAN_RULES,
    ),
    "german-4": CLASSIC.derive(
        name="german-4",
        description="the German rules as commonly played, for 4 players in 2 partnerships (S-DE)",
        **_GERMAN_RULES,
    ),
    "five-player": CLASSIC.derive(
        name="five-player",
        description="3 against 2; one of the trio sits out each hand, in rotation (RG5, CS2)",
        players=5,
        sides=((0, 2, 4), (1, 3)),
        sit_out_side=0,
    ),
    "six-player": CLASSIC.derive(
        name="six-player",
        description="2 partnerships of 3, three packs (RG6)",
        players=6,
        sides=((0, 2, 4), (1, 3, 5)),
        decks=3,
        jokers=6,
        hand_size=13,
        canastas_to_go_out=2,
        red_three_totals=(0, 100, 200, 300, 400, 1000, 1200),
        minimum_bands=((None, 15), (0, 50), (1500, 90), (3000, 120), (7500, 150)),
        target_score=10000,
    ),
}
_PRESETS["six-player-3x2"] = _PRESETS["six-player"].derive(
    name="six-player-3x2",
    description="3 partnerships of 2, three packs (RG6)",
    sides=((0, 3), (1, 4), (2, 5)),
    minimum_bands=((None, 15), (0, 50), (1500, 90), (3000, 120)),
    target_score=7500,
)
_ALIASES: dict[str, str] = {
    "regency": "classic",
    "official": "classic",
    "german-3": "german",
    "six-player-2x3": "six-player",
}


def variant_names() -> tuple[str, ...]:
    """Registry names of the presets, in registry order."""
    return tuple(_PRESETS)


def variant_aliases() -> dict[str, str]:
    """Aliases of the presets: alias -> registry name."""
    return dict(_ALIASES)


def get_variant(name: str | Variant) -> Variant:
    """A preset by name or alias (case-insensitive); a :class:`Variant` is returned as is.

    Raises:
        VariantError: an unknown name; the message lists the known names and the closest one.
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise VariantError("variant", f"must be a name or a Variant, not {type(name).__name__}")
    if len(name) > limits.MAX_VARIANT_NAME:  # refused unread (canasta.limits)
        raise VariantError(
            "variant",
            f"unknown variant {limits.excerpt(name, 24)}: a name is at most "
            f"{limits.MAX_VARIANT_NAME} characters",
        )
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key in _PRESETS:
        return _PRESETS[key]
    known = sorted([*_PRESETS, *_ALIASES])
    close = difflib.get_close_matches(key, known, n=1) if len(key) <= 40 else []
    hint = f"; did you mean {close[0]!r}?" if close else ""
    shown = repr(name) if len(name) <= 60 else repr(name[:57]) + "..."  # never echo huge text
    raise VariantError("variant", f"unknown variant {shown}; known: {', '.join(known)}{hint}")


def format_value(value: Any) -> str:
    """A variant field's value as short text (for tables)."""
    if value is None:
        return "-"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, CardPoints):
        p = value
        return f"{p.joker}/{p.two}/{p.ace}/{p.king_to_eight}/{p.seven_to_four}/{p.black_three}"
    if (
        isinstance(value, tuple)
        and value
        and isinstance(value[0], tuple)
        and len(value[0]) == 2
        and value[0][0] is None
    ):  # minimum bands: "15 0:50 1500:90 3000:120"
        return " ".join(str(m) if lo is None else f"{lo}:{m}" for lo, m in value)
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        # sides: "0+2 v 1+3" (not "(0) (1)", which reStructuredText reads as a numbered list)
        return " v ".join("+".join("-" if x is None else str(x) for x in v) for v in value)
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    return str(value)


def variant_rows(names: tuple[str, ...] | None = None) -> list[tuple[str, list[str]]]:
    """The comparison table of presets: one ``(field, [value per preset])`` row per field, in
    field order. The ``canasta variants`` command and the docs print it."""
    names = names or variant_names()
    variants = [get_variant(n) for n in names]
    rows = []
    for field in attrs.fields(Variant):
        if not field.init or field.name == "description":
            continue
        rows.append((field.name, [format_value(getattr(v, field.name)) for v in variants]))
    return rows


#: A rules citation in a field's documentation: ``§1 "Canasta"``, ``§2 cases 15, 16``, ``§4 A5``.
_CITATION = re.compile(
    r'\u00a7\d+(?: (?:"[^"]+"|cases? \d+(?: ?[a-z]\b)?(?:(?:, | ?[-–] ?)\d+(?: ?[a-z]\b)?)*'
    r"|A\d+|example \d+))?"
)


def variant_field_docs() -> dict[str, tuple[str, tuple[str, ...]]]:
    """What each :class:`Variant` field means, read from its declaration (:func:`rule`):
    ``{field: (meaning, citations)}`` in field order, the meaning one sentence without its
    citations, the citations the sections of the rules reference it names (``§1 "Canasta"``,
    ``§2 case 29``...) in the order written. ``canasta variants NAME`` prints them.
    """
    return dict(_field_docs())


@functools.cache
def _field_docs() -> dict[str, tuple[str, tuple[str, ...]]]:
    docs: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, (_, spec) in variant_fields().items():
        text = re.sub(r":\w+:`~?([^`]+)`", r"\1", spec.doc).replace("``", "")
        citations = tuple(_CITATION.findall(text))
        meaning = re.sub(r"\s*\([^()]*\u00a7[^()]*\)", "", text)  # drop the cited parentheses
        meaning = re.split(r"(?<=\.) (?=[A-Z])", meaning, maxsplit=1)[0].strip()
        docs[name] = (meaning, citations)
    return docs


def _field_list() -> str:
    """The fields for :class:`Variant`'s docstring: name, type, bounds, default, meaning."""
    out = []
    for name, (kind, spec) in variant_fields().items():
        shown = getattr(kind, "__name__", str(kind).replace("typing.", ""))
        bounds = ""
        if spec.lo is not None or spec.hi is not None:
            lo = "" if spec.lo is None else spec.lo
            hi = "" if spec.hi is None else spec.hi
            bounds = f", {lo}..{hi}"
        default = format_value(getattr(CLASSIC, name))
        out.append(f"    ``{name}`` ({shown}{bounds}; classic: ``{default}``)\n        {spec.doc}")
    return "\n\n".join(out)


if Variant.__doc__:  # not under python -OO
    Variant.__doc__ += "\n\n" + _field_list() + "\n"


def __getattr__(name: str) -> Any:
    if name == "AskPartner":
        warnings.warn(
            "canasta.variants.AskPartner is renamed AskPartnerRule (canasta.AskPartner is the "
            "action)",
            DeprecationWarning,
            stacklevel=2,
        )
        return AskPartnerRule
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
