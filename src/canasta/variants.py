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

import ast
import difflib
import enum
import functools
import inspect
import re
from typing import Any

import attrs

from .cards import JOKER_ID, N_KINDS, Card
from .errors import VariantError

__all__ = [
    "AskPartner",
    "BlackThreeDiscard",
    "BlackThreeUpcard",
    "CardPoints",
    "LastCardRedThree",
    "Partnerships",
    "RedThreeNegative",
    "RedThreeTiming",
    "TieRule",
    "Variant",
    "WildRatio",
    "format_value",
    "get_variant",
    "variant_aliases",
    "variant_field_docs",
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


class AskPartner(enum.StrEnum):
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
    if not _is_int(value) or value < 0:
        raise VariantError(f"points.{attribute.name}", f"must be a non-negative int, not {value!r}")


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
        """Values indexed by :attr:`Card.id`."""
        out = []
        for i in range(N_KINDS):
            if i == JOKER_ID:
                out.append(self.joker)
                continue
            rank = i // 4 + 2
            suit = i % 4
            if rank == 2:
                out.append(self.two)
            elif rank == 3:
                out.append(self.black_three if suit in (0, 3) else 0)
            elif rank == 14:
                out.append(self.ace)
            elif rank >= 8:
                out.append(self.king_to_eight)
            else:
                out.append(self.seven_to_four)
        return tuple(out)


def _positive(inst: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VariantError(attribute.name, f"must be an int, not {type(value).__name__}")
    if value <= 0:
        raise VariantError(attribute.name, f"must be positive, got {value}")


def _non_negative(inst: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VariantError(attribute.name, f"must be an int, not {type(value).__name__}")
    if value < 0:
        raise VariantError(attribute.name, f"must not be negative, got {value}")


def _int(inst: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VariantError(attribute.name, f"must be an int, not {type(value).__name__}")


def _enum(kind: type[enum.Enum], value: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(m.value) for m in kind)
        raise VariantError(kind.__name__, f"{value!r} is not one of {choices}") from None


def _to_ask_partner(value: Any) -> AskPartner:
    result: AskPartner = _enum(AskPartner, value)
    return result


def _to_black_three_discard(value: Any) -> BlackThreeDiscard:
    result: BlackThreeDiscard = _enum(BlackThreeDiscard, value)
    return result


def _to_black_three_upcard(value: Any) -> BlackThreeUpcard:
    result: BlackThreeUpcard = _enum(BlackThreeUpcard, value)
    return result


def _to_last_card_red_three(value: Any) -> LastCardRedThree:
    result: LastCardRedThree = _enum(LastCardRedThree, value)
    return result


def _to_red_three_negative(value: Any) -> RedThreeNegative:
    result: RedThreeNegative = _enum(RedThreeNegative, value)
    return result


def _to_red_three_timing(value: Any) -> RedThreeTiming:
    result: RedThreeTiming = _enum(RedThreeTiming, value)
    return result


def _to_tie_rule(value: Any) -> TieRule:
    result: TieRule = _enum(TieRule, value)
    return result


def _to_wild_ratio(value: Any) -> WildRatio:
    result: WildRatio = _enum(WildRatio, value)
    return result


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seq(field: str, value: Any) -> list[Any]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise VariantError(field, f"must be a sequence, got {value!r}")
    return list(value)


def _to_partnerships(value: Any) -> Partnerships:
    result: Partnerships = _enum(Partnerships, value)
    return result


#: Upper bounds of the size fields (a pack is dealt in memory; notations stay short).
_CAPS = {
    "players": 12,
    "decks": 8,
    "jokers": 32,
    "hand_size": 99,
    "draw_count": 20,
    "min_naturals": 99,
    "max_wilds": 99,
    "canasta_size": 99,
    "canastas_to_go_out": 99,
}
#: The largest point value (or score) a variant may name.
_MAX_POINTS = 10**9


def _freeze_sides(value: Any) -> tuple[tuple[int, ...], ...]:
    sides = []
    for side in _seq("sides", value):
        seats = _seq("sides", side)
        if not seats or not all(_is_int(s) for s in seats):
            raise VariantError("sides", f"each side is a non-empty sequence of int seats: {side!r}")
        sides.append(tuple(seats))
    return tuple(sides)


def _freeze_bands(value: Any) -> tuple[tuple[int | None, int], ...]:
    bands = []
    for band in _seq("minimum_bands", value):
        pair = _seq("minimum_bands", band)
        if len(pair) != 2 or not (pair[0] is None or _is_int(pair[0])) or not _is_int(pair[1]):
            raise VariantError(
                "minimum_bands", f"must be (lowest total or None, minimum) int pairs, got {band!r}"
            )
        bands.append((pair[0], pair[1]))
    return tuple(bands)


def _freeze_ints(value: Any) -> tuple[int, ...]:
    items = _seq("red_three_totals", value)
    if not all(_is_int(v) for v in items):
        raise VariantError("red_three_totals", f"must be a sequence of ints, got {value!r}")
    return tuple(items)


@attrs.frozen(kw_only=True)
class Variant:
    """The rules of one Canasta game, as data. Every field cites the rules reference.

    Build a house rule with :meth:`derive`; an inconsistent variant is refused with
    :class:`~canasta.VariantError` naming the field.
    """

    #: Registry name of the variant.
    name: str = "classic"
    #: One-line description.
    description: str = "Regency Club / Official Laws, 4 players in 2 partnerships"
    #: Number of seats at the table (§1 "Players, sides, seating").
    players: int = attrs.field(default=4, validator=_positive)
    #: The sides (partnerships): seats of each side; seats are 0-based, clockwise; partners
    #: sit opposite in the classic game (§1).
    sides: tuple[tuple[int, ...], ...] = attrs.field(
        default=((0, 2), (1, 3)), converter=_freeze_sides
    )
    #: Standard 52-card decks in the pack (§1 "Decks / jokers / total").
    decks: int = attrs.field(default=2, validator=_positive)
    #: Jokers in the pack (§1).
    jokers: int = attrs.field(default=4, validator=_non_negative)
    #: Cards dealt to each player (§1 "Cards dealt").
    hand_size: int = attrs.field(default=11, validator=_positive)
    #: Cards drawn from the stock in one turn (§1 "Drawn from stock / discarded").
    draw_count: int = attrs.field(default=1, validator=_positive)
    #: Initial-meld minimum by the side's total before the deal, as ``(lowest total, minimum)``
    #: bands in ascending order; the first band's lowest total is ``None`` (no lower bound).
    #: Points. (§1 "Initial-meld minimum", §2 cases 15, 16.)
    minimum_bands: tuple[tuple[int | None, int], ...] = attrs.field(
        default=((None, 15), (0, 50), (1500, 90), (3000, 120)), converter=_freeze_bands
    )
    #: Natural cards a meld needs at least (§1 "Meld composition").
    min_naturals: int = attrs.field(default=2, validator=_positive)
    #: Wild cards a meld may hold at most (§1 "Meld composition", §2 case 18).
    max_wilds: int = attrs.field(default=3, validator=_non_negative)
    #: The wild-to-natural ratio rule (§4 A1, §2 case 17).
    wild_ratio: WildRatio = attrs.field(default=WildRatio.NONE, converter=_to_wild_ratio)
    #: Cards in a canasta (§1 "Canasta").
    canasta_size: int = attrs.field(default=7, validator=_positive)
    #: Bonus for a natural canasta, points (§1 "Canasta").
    natural_canasta_bonus: int = attrs.field(default=500, validator=_non_negative)
    #: Bonus for a mixed canasta, points (§1 "Canasta").
    mixed_canasta_bonus: int = attrs.field(default=300, validator=_non_negative)
    #: Canastas a side needs before a player may go out (§1 "Canastas to go out").
    canastas_to_go_out: int = attrs.field(default=1, validator=_positive)
    #: Whether going out needs a final discard (§4 A6, §2 cases 24, 27).
    final_discard_required: bool = False
    #: Bonus for going out, points (§1 "Going-out bonus").
    going_out_bonus: int = attrs.field(default=100, validator=_non_negative)
    #: Bonus in all (replacing :attr:`going_out_bonus`) for going out concealed, points
    #: (§1 "Concealed going out", §2 case 29, §4 A5).
    concealed_bonus: int = attrs.field(default=200, validator=_non_negative)
    #: Bonus in all for going out concealed when no partner had melded before
    #: (German "Handcanasta" 1000); ``None`` means the same as :attr:`concealed_bonus` (§4 A5).
    concealed_bonus_without_partner_meld: int | None = None
    #: Extra points per canasta in a concealed going out (W-old, later revision; §4 A5). 0 = off.
    concealed_canasta_bonus: int = attrs.field(default=0, validator=_non_negative)
    #: Whether a concealed going out from a stock draw must meet the initial-meld minimum
    #: (§2 case 29: it need not).
    concealed_needs_minimum: bool = False
    #: Score of a side's red threes by their number, points: index k is the total for k red threes
    #: (§1 "Red-3 score": 100 each, all four 800; 6 players: 5 = 1000, 6 = 1200).
    red_three_totals: tuple[int, ...] = attrs.field(
        default=(0, 100, 200, 300, 800), converter=_freeze_ints
    )
    #: When red threes count minus (§4 A4, §2 case 36).
    red_three_negative: RedThreeNegative = attrs.field(
        default=RedThreeNegative.NO_MELD, converter=_to_red_three_negative
    )
    #: Penalty for each red three still in a hand at the end, points (§2 case 37).
    undeclared_red_three_penalty: int = attrs.field(default=500, validator=_non_negative)
    #: A black-three upcard (§4 A2).
    black_three_upcard: BlackThreeUpcard = attrs.field(
        default=BlackThreeUpcard.STAYS, converter=_to_black_three_upcard
    )
    #: A discarded black three (§4 A3).
    black_three_discard: BlackThreeDiscard = attrs.field(
        default=BlackThreeDiscard.BLOCKS_NEXT, converter=_to_black_three_discard
    )
    #: The last stock card is a red three (§4 A7).
    last_card_red_three: LastCardRedThree = attrs.field(
        default=LastCardRedThree.NO_MELD, converter=_to_last_card_red_three
    )
    #: When dealt red threes are laid out and replaced (§4 A9).
    red_three_timing: RedThreeTiming = attrs.field(
        default=RedThreeTiming.AFTER_DEAL, converter=_to_red_three_timing
    )
    #: Asking partner for permission to go out (§4 A14).
    ask_partner: AskPartner = attrs.field(default=AskPartner.OPTIONAL, converter=_to_ask_partner)
    #: Whether a new meld made with the pile's top card needs a natural pair from the hand even
    #: when the pile is not frozen: the pile is taken only onto the side's own meld of the top
    #: card's rank or with two natural hand cards of it, never with one natural and a wild card
    #: (German, S-DE "zwei Handkarten ohne wilde Karten"; §1 "Taking the pile", DE3 column).
    #: ``False``: one natural and one wild card take an unfrozen pile too (Official Laws, §2
    #: case 9). A frozen pile always needs the natural pair (§2 case 10).
    pile_needs_natural_pair: bool = False
    #: Once the stock is exhausted, whether a player must take a pile whose top card fits his
    #: side's meld on a pile not frozen for him (§2 case 31).
    forced_take_after_stock: bool = True
    #: Points a side needs to win the match (§1 "Target").
    target_score: int = attrs.field(default=5000, validator=_positive)
    #: Two sides tied for the lead at or above the target (§2 case 40).
    tie_rule: TieRule = attrs.field(default=TieRule.PLAY_ON, converter=_to_tie_rule)
    #: Point values of the cards (§1 "Card values"); shown in tables as
    #: joker/two/ace/king-to-eight/seven-to-four/black three.
    points: CardPoints = attrs.field(factory=CardPoints)
    #: How the sides of a hand are formed: fixed, or Cutthroat's lone hand (§1, BI-CT).
    partnerships: Partnerships = attrs.field(default=Partnerships.FIXED, converter=_to_partnerships)
    #: The side one of whose members sits out each hand, in rotation (five players: the trio;
    #: RG5, CS2); ``None`` when everybody plays every hand.
    sit_out_side: int | None = None
    #: Red threes score for the player who laid them out, plus or minus by his side's melds,
    #: and are kept out of the partnership's total (Cutthroat, §2 case 35 b).
    red_threes_per_player: bool = False
    #: Once the stock is exhausted, play goes on while players take the discard (§2 case 31);
    #: ``False``: play ends with the discard of the player who drew the last card (Cutthroat,
    #: §2 case 33).
    play_after_stock: bool = True
    #: A side without a canasta scores its melded cards minus (CS, "without a canasta everything
    #: counts against you", read literally; §3 example 10).
    melds_negative_without_canasta: bool = False

    _values: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _side_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _wild_limits: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._validate()
        object.__setattr__(self, "_values", self.points.table())
        object.__setattr__(self, "_wild_limits", tuple(self._wild_limit(n) for n in range(128)))
        side_of = [0] * self.players
        for i, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = i
        object.__setattr__(self, "_side_of", tuple(side_of))

    def _validate(self) -> None:
        # sizes stay small enough to deal in memory and to write in every notation
        for field, cap in _CAPS.items():
            value = getattr(self, field)
            if _is_int(value) and value > cap:
                raise VariantError(field, f"at most {cap}, not {value}")
        for attribute in attrs.fields(Variant):
            if not attribute.init:
                continue
            number = getattr(self, attribute.name)
            if _is_int(number) and abs(number) > _MAX_POINTS:
                raise VariantError(attribute.name, f"at most {_MAX_POINTS} in size, not {number}")
        for lo, m in self.minimum_bands:
            if (lo is not None and abs(lo) > _MAX_POINTS) or abs(m) > _MAX_POINTS:
                raise VariantError("minimum_bands", f"values at most {_MAX_POINTS} in size")
        if any(abs(t) > _MAX_POINTS for t in self.red_three_totals):
            raise VariantError("red_three_totals", f"values at most {_MAX_POINTS} in size")
        if any(getattr(self.points, f.name) > _MAX_POINTS for f in attrs.fields(CardPoints)):
            raise VariantError("points", f"values at most {_MAX_POINTS}")
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 100:
            raise VariantError("name", "a string of 1 to 100 characters")
        if not isinstance(self.description, str) or len(self.description) > 1000:
            raise VariantError("description", "a string of at most 1000 characters")
        if not _is_int(self.players) or self.players < 2:
            raise VariantError(
                "players", f"a game needs at least two players, not {self.players!r}"
            )
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
        if self.min_naturals < 1:
            raise VariantError("min_naturals", "a meld needs at least one natural card")
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
        if not isinstance(self.points, CardPoints):
            raise VariantError("points", "must be a CardPoints")
        flags = (
            "final_discard_required",
            "concealed_needs_minimum",
            "forced_take_after_stock",
            "red_threes_per_player",
            "play_after_stock",
            "melds_negative_without_canasta",
            "pile_needs_natural_pair",
        )
        for flag in flags:
            if not isinstance(getattr(self, flag), bool):
                raise VariantError(flag, "must be a bool")
        if self.concealed_bonus_without_partner_meld is not None:
            _non_negative(
                self,
                attrs.fields(Variant).concealed_bonus_without_partner_meld,
                self.concealed_bonus_without_partner_meld,
            )

        if self.sit_out_side is not None:
            if not _is_int(self.sit_out_side) or not 0 <= self.sit_out_side < len(self.sides):
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
        if not isinstance(self.name, str) or not self.name:
            raise VariantError("name", "must be a non-empty string")

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

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays for."""
        return self._side_of[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side, clockwise from ``seat``."""
        side = self.sides[self._side_of[seat]]
        n = self.players
        return tuple(sorted((s for s in side if s != seat), key=lambda s: (s - seat) % n))

    def minimum_for(self, total: int) -> int:
        """The initial-meld minimum, in points, for a side whose total before the deal is
        ``total`` (§1, §2 cases 15, 16).

        >>> v = get_variant("classic")
        >>> [v.minimum_for(t) for t in (-5, 0, 1495, 1500, 2995, 3000)]
        [15, 50, 50, 90, 90, 120]
        """
        need = self.minimum_bands[0][1]
        for lo, m in self.minimum_bands[1:]:
            assert lo is not None
            if total >= lo:
                need = m
        return need

    def card_value(self, card: Card) -> int:
        """A card's value in points (§1 "Card values")."""
        return self._values[card.id]

    def wild_limit(self, naturals: int) -> int:
        """How many wild cards a meld with ``naturals`` natural cards may hold (§4 A1)."""
        if 0 <= naturals < 128:
            return self._wild_limits[naturals]
        return self._wild_limit(naturals)

    def _wild_limit(self, naturals: int) -> int:
        limit = self.max_wilds
        if self.wild_ratio is WildRatio.AT_MOST_EQUAL:
            limit = min(limit, naturals)
        elif self.wild_ratio is WildRatio.STRICTLY_FEWER:
            limit = min(limit, naturals - 1)
        return max(limit, 0)

    def derive(self, **changes: Any) -> Variant:
        """A new variant with some fields changed (a house rule).

        Raises:
            VariantError: an unknown field, a wrong type or an impossible value.
        """
        names = {a.name for a in attrs.fields(Variant) if a.init}
        for key in changes:
            if key not in names:
                close = difflib.get_close_matches(key, sorted(names), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise VariantError(key, f"unknown variant field{hint}")
        try:
            return attrs.evolve(self, **changes)
        except VariantError:
            raise
        except (TypeError, ValueError) as exc:
            raise VariantError(next(iter(changes), "?"), str(exc)) from None


CLASSIC = Variant()

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
    "three-player": CLASSIC.derive(
        name="three-player",
        description="classic for 3 singles, each for himself (RG3, CH3)",
        players=3,
        sides=((0,), (1,), (2,)),
        hand_size=13,
    ),
    "cutthroat": CLASSIC.derive(
        name="cutthroat",
        description="3 players; the first to take the pile plays alone against the others (BI-CT)",
        players=3,
        sides=((0,), (1,), (2,)),
        hand_size=13,
        draw_count=2,
        partnerships=Partnerships.LONE_HAND,
        red_threes_per_player=True,
        play_after_stock=False,
        target_score=7500,
    ),
    "german": CLASSIC.derive(
        name="german",
        description="the German rules as commonly played, for 3 players (S-DE; KS, CS)",
        players=3,
        sides=((0,), (1,), (2,)),
        hand_size=13,
        wild_ratio=WildRatio.STRICTLY_FEWER,
        final_discard_required=True,
        red_three_negative=RedThreeNegative.NO_CANASTA,
        concealed_bonus=200,
        concealed_bonus_without_partner_meld=1000,
        pile_needs_natural_pair=True,
    ),
    "german-4": CLASSIC.derive(
        name="german-4",
        description="the German rules as commonly played, for 4 players in 2 partnerships (S-DE)",
        wild_ratio=WildRatio.STRICTLY_FEWER,
        final_discard_required=True,
        red_three_negative=RedThreeNegative.NO_CANASTA,
        concealed_bonus=200,
        concealed_bonus_without_partner_meld=1000,
        pile_needs_natural_pair=True,
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
    """What each :class:`Variant` field means, read from its ``#:`` documentation in this
    module, so that it cannot drift from it: ``{field: (meaning, citations)}`` in field order,
    the meaning one sentence without its citations, the citations the sections of the rules
    reference it names (``§1 "Canasta"``, ``§2 case 29``...) in the order written.
    ``canasta variants NAME`` prints them. A field without documentation maps to ``("", ())``;
    where the module's source is not installed the dictionary is empty.
    """
    return dict(_field_docs())


@functools.cache
def _field_docs() -> dict[str, tuple[str, tuple[str, ...]]]:
    try:
        source = inspect.getsource(Variant)
    except (OSError, TypeError):  # pragma: no cover - the source is not shipped
        return {}
    lines = source.splitlines()
    docs: dict[str, tuple[str, tuple[str, ...]]] = {}
    cls = ast.parse(source).body[0]
    assert isinstance(cls, ast.ClassDef)
    for node in cls.body:
        if not isinstance(node, ast.AnnAssign) or not isinstance(node.target, ast.Name):
            continue
        if node.target.id.startswith("_"):  # derived caches, not fields one sets
            continue
        comment: list[str] = []
        k = node.lineno - 2
        while k >= 0 and lines[k].strip().startswith("#:"):
            comment.insert(0, lines[k].strip()[2:].strip())
            k -= 1
        text = re.sub(r":\w+:`~?([^`]+)`", r"\1", " ".join(comment)).replace("``", "")
        citations = tuple(_CITATION.findall(text))
        meaning = re.sub(r"\s*\([^()]*\u00a7[^()]*\)", "", text)  # drop the cited parentheses
        meaning = re.split(r"(?<=\.) (?=[A-Z])", meaning, maxsplit=1)[0].strip()
        docs[node.target.id] = (meaning, citations)
    return docs
