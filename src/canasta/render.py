"""Plain-text rendering of states and score sheets (no rules here)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from .cards import Card
from .errors import CanastaError
from .events import CardsDrawn, Event, RedThreeLaidOut, deal_events
from .melds import Meld
from .scoring import HandScore, ScoreLine
from .state import GameState

__all__ = ["format_meld", "format_score", "format_table"]

#: A run of red threes one seat lays out: the seat, the red threes, the draws replacing them.
RedThrees = tuple[int, list[Card], list[CardsDrawn]]


def first_deal(state: GameState, deck: Sequence[Card] | None = None) -> tuple[Event, ...] | None:
    """The events of the first deal, or ``None`` if ``state`` is not as dealt from ``deck`` (or
    the seed): a position given, not a deal."""
    with contextlib.suppress(CanastaError):
        return deal_events(state, deck)
    return None


def red_three_runs(events: Sequence[Event]) -> list[Event | RedThrees]:
    """``events`` with each run of red threes one seat lays out in a row, with the cards drawn
    to replace them, as one :data:`RedThrees`."""
    out: list[Event | RedThrees] = []
    for e in events:
        run = out[-1] if out and isinstance(out[-1], tuple) else None
        if isinstance(e, RedThreeLaidOut):
            if run is None or run[0] != e.seat:
                run = (e.seat, [], [])
                out.append(run)
            run[1].append(e.card)
        elif isinstance(e, CardsDrawn) and e.replacing and run is not None and run[0] == e.seat:
            run[2].append(e)
        else:
            out.append(e)
    return out


def seats_name(seats: Sequence[int]) -> str:
    """Seats together, as a side of a hand: ``"seats 0+2"`` or ``"seat 1"``."""
    return f"seat {seats[0]}" if len(seats) == 1 else f"seats {'+'.join(map(str, seats))}"


def side_name(state: GameState, side: int) -> str:
    """A match side (a scoring column): ``"side 0 (seats 0+2)"``, or ``"seat 1"`` for a player
    who scores alone."""
    seats = state.variant.sides[side]
    return seats_name(seats) if len(seats) == 1 else f"side {side} ({seats_name(seats)})"


def format_meld(meld: Meld, canasta_size: int = 7) -> str:
    """A meld with its canasta mark: ``[K×7 natural canasta]``, ``[Q Q Q 2]``."""
    text = " ".join(str(c) for c in meld.cards)
    if meld.is_natural_canasta(canasta_size):
        return f"[{text} = natural canasta]"
    if meld.is_mixed_canasta(canasta_size):
        return f"[{text} = mixed canasta]"
    return f"[{text}]"


def format_table(state: GameState, show_hands: bool = False) -> str:
    """The table: each side's melds and red threes, the discard pile's top, the stock's size."""
    v = state.variant
    lines = []
    for side in range(len(state.sides)):
        reds = [c for s in state.sides[side] for c in state.red_threes[s]]
        melds = " ".join(format_meld(m, v.canasta_size) for m in state.melds[side]) or "-"
        red = f"  red threes: {' '.join(str(c) for c in reds)}" if reds else ""
        lines.append(f"  {seats_name(state.sides[side])}: {melds}{red}")
    top = state.top_card
    marks = []
    if state.pile_frozen:
        marks.append("frozen")
    if state.pile_blocked:
        marks.append("blocked")
    mark = f" ({', '.join(marks)})" if marks else ""
    lines.append(
        f"  discard pile: {top if top else '-'}{mark}, {len(state.discard_pile)} cards;"
        f" stock: {len(state.stock)} cards"
        + (f"; out of play: {len(state.out_of_play)} cards" if state.out_of_play else "")
    )
    if show_hands:
        for seat, hand in enumerate(state.hands):
            lines.append(f"  seat {seat} hand: {hand or '-'}")
    return "\n".join(lines)


def score_rows(score: HandScore) -> list[tuple[str, list[ScoreLine | None]]]:
    """The rows of a score sheet: each item (its words) in the order the sides first name it,
    with each side's line of it (``None`` where a side has none)."""
    items = list(dict.fromkeys(line.item for s in score.sides for line in s.lines))
    return [
        (
            item.replace("_", " "),
            [next((ln for ln in s.lines if ln.item == item), None) for s in score.sides],
        )
        for item in items
    ]


def format_score(state: GameState, score: HandScore) -> str:
    """The itemised score sheet of an ended hand, side by side."""
    width = 22
    head = "".join(f"{side_name(state, s.side):>{width}}" for s in score.sides)
    rows = [f"{'':<24}{head}"]
    for item, lines in score_rows(score):
        cells = [
            f"{'':>{width}}" if ln is None else f"{f'({ln.count})':>8}{ln.points:>{width - 8}}"
            for ln in lines
        ]
        rows.append(f"{item:<24}{''.join(cells)}")
    rows.append(f"{'hand total':<24}" + "".join(f"{s.total:>{width}}" for s in score.sides))
    before = state.totals
    after = [b + s.total for b, s in zip(before, score.sides, strict=True)]
    rows.append(f"{'match total':<24}" + "".join(f"{t:>{width}}" for t in after))
    return "\n".join(rows)
