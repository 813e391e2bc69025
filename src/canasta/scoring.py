"""Scoring an ended hand, line by line (§3: side score = melded card values + canasta
bonuses + red-three score + going-out bonus - values of the cards left in the side's hands)."""

from __future__ import annotations

import difflib
import enum
from typing import Any

import attrs

from . import _core as core
from .errors import ScoreItemError, StateError
from .state import GameState
from .variants import RedThreeNegative, RedThreeTiming

__all__ = ["HandScore", "ScoreItem", "ScoreLine", "SideScore", "score_hand"]


class ScoreItem(enum.StrEnum):
    """The items of a score sheet, in the order of its lines (rules reference §3). The values are
    stable keys (the JSON form writes them); a :class:`ScoreItem` compares equal to its value."""

    #: The values of the side's melded cards (§1 "Card values"; minus where the variant says so).
    MELDED_CARDS = "melded_cards"
    #: The bonuses of the side's natural canastas (§1 "Canasta").
    NATURAL_CANASTAS = "natural_canastas"
    #: The bonuses of the side's mixed canastas (§1 "Canasta").
    MIXED_CANASTAS = "mixed_canastas"
    #: The side's red threes, plus or minus (§1 "Red-3 score", §2 case 36).
    RED_THREES = "red_threes"
    #: The bonus for going out (§1 "Going-out bonus").
    GOING_OUT = "going_out"
    #: The bonus in all for going out concealed (§1 "Concealed going out", §2 case 29).
    CONCEALED = "concealed"
    #: The extra points per canasta of a concealed going out, where the variant has them (§4 A5).
    CONCEALED_CANASTAS = "concealed_canastas"
    #: Minus the values of the cards left in the side's hands (§3).
    CARDS_IN_HAND = "cards_in_hand"
    #: Minus the penalty for red threes never laid out (§2 case 37).
    UNDECLARED_RED_THREES = "undeclared_red_threes"


def _score_item(value: Any) -> ScoreItem:
    """``value`` as a :class:`ScoreItem`: the enum itself or its value string."""
    if isinstance(value, ScoreItem):
        return value
    if isinstance(value, str):
        try:
            return ScoreItem(value)
        except ValueError:
            pass
        known = [item.value for item in ScoreItem]
        close = difflib.get_close_matches(value.strip().lower().replace(" ", "_"), known, 1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        message = f"not a score item: {value[:64]!r} (one of {', '.join(known)}){hint}"
        raise ScoreItemError(message, value[:64])
    raise ScoreItemError(f"a score item is a ScoreItem or its name, not {type(value).__name__}")


@attrs.frozen
class ScoreLine:
    """One line of a side's score sheet.

    Attributes:
        item: which line (a :class:`ScoreItem`; its value string is converted to it).
        points: signed points.
        count: how many cards, canastas or red threes the line counts.

    Raises:
        ScoreItemError: ``item`` is not a score item.
    """

    item: ScoreItem = attrs.field(converter=_score_item)
    points: int
    count: int = 0

    def __str__(self) -> str:
        label = self.item.replace("_", " ")
        return f"{label:<24}{self.count:>4}{self.points:>8}"


@attrs.frozen
class SideScore:
    """The score sheet of one side for one hand. ``total`` is the sum of ``lines`` (points).

    Attributes:
        side: the side's index in the hand's sides.
        lines: the sheet's lines, one per :class:`ScoreItem` it scores.
    """

    side: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        """The side's score for the hand: the sum of its lines' points."""
        return sum(line.points for line in self.lines)

    def points(self, item: ScoreItem | str) -> int:
        """The points of the line ``item``, a :class:`ScoreItem` or its value string such as
        ``"going_out"``; 0 if this sheet has no such line (the side did not go out, say).

        Raises:
            ScoreItemError: ``item`` is not a score item (a misspelt name never reads as 0).
        """
        key = _score_item(item)
        return sum(line.points for line in self.lines if line.item is key)


@attrs.frozen
class HandScore:
    """The itemised score of an ended hand, one :class:`SideScore` per side.

    Attributes:
        sides: the sides' sheets, in the order of the sides.
    """

    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's score for the hand, in points."""
        return tuple(s.total for s in self.sides)

    def __str__(self) -> str:
        rows = []
        for s in self.sides:
            rows.append(f"side {s.side}")
            rows.extend(f"  {line}" for line in s.lines)
            rows.append(f"  {'total':<28}{s.total:>8}")
        return "\n".join(rows)


def score_hand(state: GameState) -> HandScore:
    """The itemised score of the ended hand (§3 worked examples; §2 cases 36-38).

    Per side: the values of the melded cards; natural and mixed canasta bonuses; red threes (by
    the variant's table, e.g. 100 each and 800 for all four, minus when the side has no meld, or
    no canasta where the variant says so); going out (100) or going out concealed (200 in all);
    minus the cards left in the side's hands; minus the penalty for red threes never laid out.

    Raises:
        StateError: the hand is not over.
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    if not state.is_hand_over or state.end is None:
        raise StateError("the hand is not over, so it cannot be scored yet")
    v = state.variant
    per_hand_side = [_side_lines(state, hs) for hs in range(len(state.sides))]
    sides = []
    for ms, members in enumerate(v.sides):
        playing = [p for p in members if p in state.order]
        hs = state.side_of(playing[0]) if playing else None
        if hs is None:  # pragma: no cover - every match side plays every hand
            sides.append(SideScore(ms, ()))
            continue
        lines, melded, canastas = per_hand_side[hs]
        owners = members if v.red_threes_per_player else state.sides[hs]
        reds = sum(len(state.red_threes[p]) for p in owners)
        if v.red_three_timing is RedThreeTiming.FIRST_TURN:
            # a red three whose owner's first turn never came counts as laid out (§4 A9)
            reds += sum(core.red_threes(state.hands[p]) for p in owners)
        table = v.red_three_totals
        red_points = table[min(reds, len(table) - 1)]
        if v.red_three_negative is RedThreeNegative.NO_MELD:
            negative = not melded
        else:
            negative = canastas == 0
        red = core_line("red_threes", -red_points if negative else red_points, reds)
        sides.append(SideScore(ms, (*lines[:3], red, *lines[3:])))
    return HandScore(tuple(sides))


def _side_lines(state: GameState, hs: int) -> tuple[list[ScoreLine], bool, int]:
    """The lines of hand side ``hs`` but its red threes; whether it melded; its canastas."""
    v = state.variant
    size_c = v.canasta_size
    end = state.end
    assert end is not None
    seats = state.sides[hs]
    lines = []
    melds = state.melds[hs]
    melded = sum(core.cards_points(v, m.cards) for m in melds)
    n_cards = sum(len(m.cards) for m in melds)
    # each canasta classified by the meld system's hook (Classic: natural or mixed, §1 "Canasta")
    classify = v._canasta
    natural = mixed = natural_bonus = mixed_bonus = 0
    for m in melds:
        if len(m.cards) >= size_c:
            is_natural, bonus = classify(v, m)
            if is_natural:
                natural += 1
                natural_bonus += bonus
            else:
                mixed += 1
                mixed_bonus += bonus
    if v.melds_negative_without_canasta and natural + mixed == 0:
        melded = -melded
    lines.append(core_line("melded_cards", melded, n_cards))
    lines.append(core_line("natural_canastas", natural_bonus, natural))
    lines.append(core_line("mixed_canastas", mixed_bonus, mixed))
    if end.went_out and end.seat is not None and end.seat in seats:
        if end.concealed:
            bonus = v.concealed_bonus
            if v.concealed_bonus_without_partner_meld is not None and not end.partner_had_melded:
                bonus = v.concealed_bonus_without_partner_meld
            lines.append(core_line("concealed", bonus, 1))
            if v.concealed_canasta_bonus:
                own = sum(
                    1 for m in melds if m.key in state.turn.created and len(m.cards) >= size_c
                )
                lines.append(core_line("concealed_canastas", own * v.concealed_canasta_bonus, own))
        else:
            lines.append(core_line("going_out", v.going_out_bonus, 1))
    in_hand = 0
    n_hand = 0
    undeclared = 0
    for p in seats:
        hand = state.hands[p]
        reds = core.red_threes(hand)
        undeclared += reds
        in_hand += core.hand_points(v, hand)  # a red three's card value is 0
        n_hand += len(hand) - reds
    lines.append(core_line("cards_in_hand", -in_hand, n_hand))
    if undeclared and v.red_three_timing is not RedThreeTiming.FIRST_TURN:
        lines.append(
            core_line(
                "undeclared_red_threes", -undeclared * v.undeclared_red_three_penalty, undeclared
            )
        )
    return lines, bool(melds), natural + mixed


def core_line(item: ScoreItem | str, points: int, count: int) -> ScoreLine:
    return ScoreLine(item, points, count)
