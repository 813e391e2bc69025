"""Scoring an ended hand, line by line (§3: side score = melded card values + canasta
bonuses + red-three score + going-out bonus - values of the cards left in the side's hands)."""

from __future__ import annotations

import attrs

from . import _core as core
from .errors import StateError
from .state import GameState
from .variants import RedThreeNegative, RedThreeTiming

__all__ = ["HandScore", "ScoreLine", "SideScore", "score_hand"]


@attrs.frozen
class ScoreLine:
    """One line of a side's score sheet.

    Attributes:
        item: a stable key: ``melded_cards``, ``natural_canastas``, ``mixed_canastas``,
            ``red_threes``, ``going_out``, ``concealed``, ``concealed_canastas``,
            ``cards_in_hand``, ``undeclared_red_threes``.
        points: signed points.
        count: how many cards, canastas or red threes the line counts.
    """

    item: str
    points: int
    count: int = 0

    def __str__(self) -> str:
        label = self.item.replace("_", " ")
        return f"{label:<24}{self.count:>4}{self.points:>8}"


@attrs.frozen
class SideScore:
    """The score sheet of one side for one hand. ``total`` is the sum of ``lines`` (points)."""

    side: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def points(self, item: str) -> int:
        """The points of the line ``item`` (0 if the sheet has no such line)."""
        return sum(line.points for line in self.lines if line.item == item)


@attrs.frozen
class HandScore:
    """The itemised score of an ended hand, one :class:`SideScore` per side."""

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
            reds += sum(state.hands[p].counts[5] + state.hands[p].counts[6] for p in owners)
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
    values = v._values
    size_c = v.canasta_size
    end = state.end
    assert end is not None
    seats = state.sides[hs]
    lines = []
    melds = state.melds[hs]
    melded = sum(values[c.id] for m in melds for c in m.cards)
    n_cards = sum(len(m.cards) for m in melds)
    natural = sum(1 for m in melds if len(m.cards) >= size_c and core.meld_stats(m)[1:] == (0, 0))
    mixed = sum(1 for m in melds if len(m.cards) >= size_c) - natural
    if v.melds_negative_without_canasta and natural + mixed == 0:
        melded = -melded
    lines.append(core_line("melded_cards", melded, n_cards))
    lines.append(core_line("natural_canastas", natural * v.natural_canasta_bonus, natural))
    lines.append(core_line("mixed_canastas", mixed * v.mixed_canasta_bonus, mixed))
    if end.went_out and end.seat is not None and end.seat in seats:
        if end.concealed:
            bonus = v.concealed_bonus
            if v.concealed_bonus_without_partner_meld is not None and not end.partner_had_melded:
                bonus = v.concealed_bonus_without_partner_meld
            lines.append(core_line("concealed", bonus, 1))
            if v.concealed_canasta_bonus:
                own = sum(
                    1 for m in melds if m.rank in state.turn.created and len(m.cards) >= size_c
                )
                lines.append(core_line("concealed_canastas", own * v.concealed_canasta_bonus, own))
        else:
            lines.append(core_line("going_out", v.going_out_bonus, 1))
    in_hand = 0
    n_hand = 0
    undeclared = 0
    for p in seats:
        counts = state.hands[p].counts
        for i, c in enumerate(counts):
            if not c:
                continue
            if i in core.RED3_IDS:
                undeclared += c
            else:
                in_hand += c * values[i]
                n_hand += c
    lines.append(core_line("cards_in_hand", -in_hand, n_hand))
    if undeclared and v.red_three_timing is not RedThreeTiming.FIRST_TURN:
        lines.append(
            core_line(
                "undeclared_red_threes", -undeclared * v.undeclared_red_three_penalty, undeclared
            )
        )
    return lines, bool(melds), natural + mixed


def core_line(item: str, points: int, count: int) -> ScoreLine:
    return ScoreLine(item, points, count)
