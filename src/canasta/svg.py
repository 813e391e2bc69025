"""SVG pictures of the table: the seats around it, their hands, the melds of each side, the
stock and the discard pile.

:func:`render_svg` draws a :class:`~canasta.GameState` or a :class:`~canasta.PlayerView` as
one self-contained SVG document (a string; no scripts, no external files). In Jupyter,
states and views show this picture on their own (``_repr_svg_``).

What is drawn:

* the header: the variant, the hand number, whose turn it is and the phase, and each match
  side's total before the hand;
* the seats around the table, the seat at the bottom first and the others clockwise (to its
  left, across, to its right); each seat shows its hand (face up, or as card backs with the
  count), its red threes, and marks for the dealer, the seat to act and a seat sitting out;
* each side's melds, grouped by side: a meld of fewer cards than a canasta is fanned
  downwards; a canasta is a squared pile with a red top card and a ``natural`` label, or a
  black top card and a ``mixed`` label;
* the stock (its size) and the discard pile (its top card, its size, and ``frozen`` and
  ``blocked`` marks).

The picture is built from plain SVG elements with absolute coordinates. Every card is a
``<g class="card ...">`` whose first child is its ``<rect>``; a face-up card carries
``data-card`` (its notation, e.g. ``KH``). Cards that overlap on purpose (a fanned hand, a
fanned meld, a squared pile) sit in one group with a ``data-stack`` attribute; cards of
different stacks never overlap.

>>> import canasta
>>> from canasta.svg import render_svg
>>> svg = render_svg(canasta.new_game("classic", seed=1), width=480)
>>> svg.startswith("<svg") and 'width="480"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

import attrs

from .cards import Card, Rank, Suit
from .melds import Meld
from .render import seats_name
from .state import EndReason, GameState, Phase
from .variants import Variant
from .views import PlayerView

__all__ = ["DEFAULT_WIDTH", "render_svg"]

#: The default width of the picture, in pixels.
DEFAULT_WIDTH = 960
#: The smallest and largest width accepted, in pixels.
MIN_WIDTH = 120
MAX_WIDTH = 20_000

# Everything is laid out on a canvas DESIGN units wide and scaled to the requested width.
_DESIGN = 960
_CW = 40  # card width
_CH = 56  # card height
_GAP = 10  # between panels
_PAD = 8  # inside panels
_ROW_GAP = 6  # between rows of cards
_CASCADE = 16  # downward step of a fanned meld
_LABEL = 20  # height of a panel's title line
_COLUMN = 164  # width of a column of seats at the left or right of the table

_RED = "#c62828"
_BLACK = "#1b1b1b"
_JOKER = "#6a1b9a"
_FELT = "#2f6b45"
_PANEL = "#3b7d54"
_TEXT = "#ffffff"
_MUTED = "#d6e9dc"
_GOLD = "#ffcc33"
_SIDE_COLORS = ("#4fc3f7", "#ff8a65", "#fff176", "#ce93d8", "#a5d6a7", "#f48fb1")

_SUIT_TEXT = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def _rank_label(rank: Rank) -> str:
    return "10" if rank is Rank.TEN else rank.symbol


def rank_text(card: Card) -> str:
    """The rank as printed on a card face: ``2``...``10``, ``J``, ``Q``, ``K``, ``A``, or
    ``JK`` for the joker."""
    return _rank_label(card.rank)


def suit_text(card: Card) -> str:
    """The suit symbol printed on a card face (``♠ ♥ ♦ ♣``), or ``★`` for the joker."""
    return "★" if card.suit is None else _SUIT_TEXT[card.suit]


# ---------------------------------------------------------------------------- the table
@attrs.frozen(kw_only=True)
class _Table:
    """What the picture shows, the same for a state and for a view."""

    variant: Variant
    hand_number: int
    phase: Phase
    current_seat: int | None
    dealer: int | None
    order: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    #: Each seat's hand in display order, or ``None`` when it is drawn face down.
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    top_card: Card | None
    pile_size: int
    pile_frozen: bool  # for everybody (a state) or for the viewer's side (a view)
    pile_blocked: bool
    stock_size: int
    totals: tuple[int, ...]
    minimums: tuple[int, ...]
    viewer: int | None
    status: str


def _check_seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat_at_bottom must be an int or None, not {type(seat).__name__}")
    if not 0 <= seat < players:
        raise ValueError(f"seat_at_bottom must be from 0 to {players - 1}, not {seat}")
    return seat


def _end_text(state: GameState) -> str:
    end = state.end
    if end is None:
        return "hand over"
    if end.reason is EndReason.WENT_OUT:
        how = " concealed" if end.concealed else ""
        return f"hand over: seat {end.seat} went out{how}"
    if end.reason is EndReason.STOCK_EXHAUSTED:
        return "hand over: the stock is exhausted"
    return "hand over: the last stock card was a red three"


#: The fields of a table a state and a view both have, under the same names.
_SHARED = (
    "variant",
    "hand_number",
    "phase",
    "current_seat",
    "melds",
    "red_threes",
    "top_card",
    "pile_blocked",
    "totals",
)


def _from_state(state: GameState, bottom: int, show_hands: bool | None) -> _Table:
    return _Table(
        **{name: getattr(state, name) for name in _SHARED},
        dealer=state.dealer,
        order=state.order,
        sides=state.sides,
        hands=tuple(
            tuple(hand) if show_hands is True or (show_hands is None and seat == bottom) else None
            for seat, hand in enumerate(state.hands)
        ),
        hand_sizes=tuple(h.size for h in state.hands),
        pile_size=len(state.discard_pile),
        pile_frozen=state.pile_frozen,
        stock_size=len(state.stock),
        minimums=tuple(
            0 if state.melds[i] else state.minimum_for_side(i) for i in range(len(state.sides))
        ),
        viewer=None,
        status=_end_text(state) if state.is_hand_over else "",
    )


def _from_view(view: PlayerView, show_hands: bool | None) -> _Table:
    if show_hands is True:
        raise ValueError("a PlayerView holds only the viewer's hand: show_hands=True needs a state")
    v = view.variant
    return _Table(
        **{name: getattr(view, name) for name in _SHARED},
        dealer=None,
        order=view.order or tuple(range(v.players)),
        sides=view.sides or v.sides,
        hands=tuple(
            tuple(view.hand) if show_hands is None and seat == view.seat else None
            for seat in range(v.players)
        ),
        hand_sizes=view.hand_sizes,
        pile_size=view.pile_size,
        pile_frozen=view.pile_frozen_for_me,  # frozen for the one who looks, as before
        stock_size=view.stock_size,
        minimums=view.minimums,
        viewer=view.seat,
        status="hand over" if view.phase is Phase.HAND_OVER else "",
    )


# ---------------------------------------------------------------------------- SVG pieces
def _attrs(**values: object) -> str:
    out = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.1f}".rstrip("0").rstrip(".")
        out.append(f"{name}={quoteattr(str(value))}")
    return " ".join(out)


def _g(inner: str, **values: object) -> str:
    """A group of ``inner`` with the attributes ``values`` (as :func:`_attrs` writes them)."""
    return f"<g {_attrs(**values)}>{inner}</g>"


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 12,
    fill: str = _TEXT,
    anchor: str = "start",
    bold: bool = False,
    cls: str | None = None,
) -> str:
    end, weight = None if anchor == "start" else anchor, "bold" if bold else None
    a = _attrs(class_=cls, x=x, y=y, font_size=size, fill=fill, text_anchor=end, font_weight=weight)
    return f"<text {a}>{escape(text)}</text>"


def _rect(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str,
    stroke: str | None = None,
    rx: float = 0,
    cls: str | None = None,
    width: float = 1,
    dash: str | None = None,
) -> str:
    line = {"stroke": stroke, "stroke_width": width if stroke else None, "stroke_dasharray": dash}
    a = _attrs(class_=cls, x=x, y=y, width=w, height=h, rx=rx or None, fill=fill, **line)
    return f"<rect {a}/>"


def _card_color(card: Card) -> str:
    if card.suit is None:
        return _JOKER
    return _RED if card.is_red else _BLACK


def _face(x: float, y: float, card: Card) -> str:
    """A face-up card: rank and suit in the top-left corner, the suit in the top-right corner
    (seen when fanned downwards), a large suit (or star, for the joker) in the middle."""
    color = _card_color(card)
    rank = rank_text(card)
    suit = suit_text(card)
    rank_size = 12.0 if len(rank) == 1 else 10.0
    parts = [
        _rect(x, y, _CW, _CH, fill="#ffffff", stroke="#555555", rx=4, width=0.8),
        f"<title>{escape(str(card))}</title>",
        _text(x + 2.5, y + 12.5, rank, size=rank_size, fill=color, bold=True, cls="rank"),
        _text(x + 3, y + 25, suit, size=11, fill=color, cls="suit"),
        _text(x + _CW - 3, y + 12, suit, size=10, fill=color, anchor="end"),
    ]
    mid = x + _CW / 2 + 3
    joker = card.suit is None
    parts.append(
        _text(mid, y + _CH - (13 if joker else 9), suit, size=22, fill=color, anchor="middle")
    )
    if joker:
        parts.append(_text(mid, y + _CH - 4, "JOKER", size=6.5, fill=color, anchor="middle"))
    return _g("".join(parts), class_="card face", data_card=str(card))


def _box(
    x: float, y: float, cls: str, fill: str, stroke: str, width: float, inner: str = ""
) -> str:
    """A card drawn without a face: its class, its rectangle and what is drawn inside it."""
    rect = _rect(x, y, _CW, _CH, fill=fill, stroke=stroke, rx=4, width=width)
    return _g(rect + inner, class_=cls)


def _back(x: float, y: float, cls: str = "card back") -> str:
    """A face-down card."""
    inner = _rect(x + 4, y + 4, _CW - 8, _CH - 8, fill="none", stroke="#8fb0e8", rx=2, width=1)
    return _box(x, y, cls, "#1f4e9c", "#ffffff", 1, inner)


def _blank(x: float, y: float) -> str:
    """The edge of a card under the top card of a squared pile."""
    return _box(x, y, "card under", "#f4f1e8", "#666666", 0.8)


def _badge(x: float, y: float, text: str, *, fill: str, color: str, cls: str) -> tuple[str, float]:
    """A small label on a coloured background; returns it and its width."""
    w = 6.2 * len(text) + 10
    label = _text(x + w / 2, y + 11, text, size=9.5, fill=color, anchor="middle", bold=True)
    return _g(_rect(x, y, w, 15, fill=fill, rx=7) + label, class_=cls), w


def _faces(x: float, y: float, offsets: list[tuple[float, float]], cards: Sequence[Card]) -> str:
    """``cards`` face up at ``offsets`` from (x, y)."""
    return "".join(_face(x + dx, y + dy, c) for (dx, dy), c in zip(offsets, cards, strict=True))


def _fan(
    n: int, avail: float, preferred: float, minimum: float
) -> tuple[list[tuple[float, float]], float, float]:
    """Offsets of ``n`` cards fanned to the right in rows ``avail`` wide: the positions, the
    width and the height."""
    if n == 0:
        return [], 0.0, 0.0
    room = max(avail - _CW, 0.0)
    per_row_max = max(1, int(room // minimum) + 1)
    rows = math.ceil(n / per_row_max)
    per_row = math.ceil(n / rows)
    step = preferred if per_row == 1 else min(preferred, room / (per_row - 1))
    positions = [((i % per_row) * step, float((i // per_row) * (_CH + _ROW_GAP))) for i in range(n)]
    width = _CW + (min(n, per_row) - 1) * step
    height = float(rows * _CH + (rows - 1) * _ROW_GAP)
    return positions, width, height


# ---------------------------------------------------------------------------- panels
def _hand_side(table: _Table, seat: int) -> int | None:
    return next((i for i, side in enumerate(table.sides) if seat in side), None)


def _seat_panel(table: _Table, seat: int, x: float, y: float, w: float) -> tuple[str, float]:
    """One seat: its name and marks, its hand and its red threes."""
    side = _hand_side(table, seat)
    playing = seat in table.order
    to_act = table.current_seat == seat
    size = table.hand_sizes[seat]
    hand = table.hands[seat]
    inner = w - 2 * _PAD
    body: list[str] = []
    marks = {"dealer": table.dealer == seat, "to act": to_act, "viewer": table.viewer == seat}
    tags = [tag for tag, on in {**marks, "sits out": not playing}.items() if on]
    cy = y + _PAD + 12
    body.append(_text(x + _PAD + 10, cy, f"Seat {seat}", size=13, bold=True))
    count = f"{size} card{'s' if size != 1 else ''}"
    body.append(_text(x + w - _PAD, cy, count, size=11, fill=_MUTED, anchor="end", cls="count"))
    stripe = _SIDE_COLORS[side % len(_SIDE_COLORS)] if side is not None else "#9e9e9e"
    body.append(_rect(x + _PAD, cy - 10, 5, 11, fill=stripe, rx=1))
    cy += 6
    if tags:
        tx = x + _PAD
        for tag in tags:
            fill = _GOLD if tag == "to act" else "#e0e0e0"
            badge, bw = _badge(
                tx, cy, tag, fill=fill, color="#222222", cls=f"tag {tag.replace(' ', '-')}"
            )
            body.append(badge)
            tx += bw + 4
        cy += 19
    else:
        cy += 2
    reds = table.red_threes[seat]
    wide = w >= 360
    red_pos, red_w, red_h = _fan(len(reds), inner, _CW + 4 if wide else 22, 16)
    hand_avail = inner - (red_w + _GAP if reds and wide else 0)
    if hand is not None:
        pos, _, hand_h = _fan(len(hand), hand_avail, 30, 16)
        cards = _faces(x + _PAD, cy, pos, hand)
    else:
        pos, _, hand_h = _fan(size, hand_avail, 9, 3)
        cards = "".join(_back(x + _PAD + dx, cy + dy) for dx, dy in pos)
    if size:
        face = "up" if hand is not None else "down"
        body.append(_g(cards, class_=f"hand {face}", data_seat=seat, data_stack=f"hand-{seat}"))
    else:
        note = "sits out this hand" if not playing else "no cards"
        body.append(_text(x + _PAD, cy + 16, note, size=11, fill=_MUTED, cls="empty"))
        hand_h = 22
    content_h = hand_h
    if reds:
        if wide:
            rx, ry = x + w - _PAD - red_w, cy
            content_h = max(hand_h, red_h)
        else:
            rx, ry = x + _PAD, cy + hand_h + _ROW_GAP
            content_h = hand_h + _ROW_GAP + red_h
        faces = _faces(rx, ry, red_pos, reds)
        body.append(_g(faces, class_="red-threes", data_seat=seat, data_stack=f"red-{seat}"))
    h = cy - y + content_h + _PAD
    border = _GOLD if to_act else "#24553a"
    panel = _rect(x, y, w, h, fill=_PANEL, stroke=border, rx=8, width=2.5 if to_act else 1)
    return _g(panel + "".join(body), class_="seat", data_seat=seat, data_side=side), h


def _meld_cards(meld: Meld) -> list[Card]:
    """Naturals first, wild cards at the front of the fan where they are seen whole."""
    return [c for c in meld.cards if not c.is_wild] + [c for c in meld.cards if c.is_wild]


def _top_card(meld: Meld, natural: bool) -> Card:
    """A canasta's top card: red for a natural canasta, black for a mixed one, if it holds one."""
    for c in meld.cards:
        if not c.is_wild and c.is_red == natural:
            return c
    for c in meld.cards:
        if not c.is_wild:
            return c
    return meld.cards[0]


_CANASTA_H = _CH + 8 + 40


def _meld_height(meld: Meld, canasta_size: int) -> float:
    if meld.is_canasta(canasta_size):
        return _CANASTA_H
    return _CH + (len(meld.cards) - 1) * _CASCADE


def _meld(meld: Meld, side: int, canasta_size: int, x: float, y: float) -> str:
    rank = _rank_label(meld.rank)
    listed = " ".join(str(c) for c in meld.cards)
    stack = f"meld-{side}-{rank}"
    if not meld.is_canasta(canasta_size):
        cards = "".join(_face(x, y + i * _CASCADE, c) for i, c in enumerate(_meld_cards(meld)))
        title = f"<title>{escape(listed)}</title>"
        return _g(title + cards, class_="meld", data_rank=rank, data_cards=listed, data_stack=stack)
    natural = meld.is_natural_canasta(canasta_size)
    kind = "natural" if natural else "mixed"
    layers = min(len(meld.cards) - 1, 3)
    parts = [_blank(x + 2 * k, y + 2 * k) for k in range(layers, 0, -1)]
    parts.append(_face(x, y, _top_card(meld, natural)))
    label_y = y + _CH + 8
    fill = _RED if natural else _BLACK
    badge, _ = _badge(x - 2, label_y, kind, fill=fill, color="#ffffff", cls=f"canasta-label {kind}")
    parts.append(badge)
    size = f"{len(meld.cards)} cards"
    parts.append(_text(x - 1, label_y + 26, size, size=8.5, fill=_MUTED, cls="canasta-size"))
    wilds = [rank_text(c) for c in meld.cards if c.is_wild]
    if wilds:
        shown = " ".join(wilds[:3]) + (" …" if len(wilds) > 3 else "")
        parts.append(_text(x - 1, label_y + 37, f"+ {shown}", size=8.5, fill=_MUTED, cls="wilds"))
    title = f"<title>{escape(kind + ' canasta: ' + listed)}</title>"
    cls = f"meld canasta {kind}"
    return _g(
        title + "".join(parts), class_=cls, data_rank=rank, data_cards=listed, data_stack=stack
    )


_MELD_STEP = _CW + 14


def _side_panel(table: _Table, side: int, x: float, y: float, w: float) -> tuple[str, float]:
    """One side's melds, with its name, canastas and (before its first meld) its minimum."""
    v = table.variant
    melds = table.melds[side]
    seats = table.sides[side]
    canastas = sum(1 for m in melds if m.is_canasta(v.canasta_size))
    title = "Melds of " + seats_name(seats)
    info = f"{canastas} canasta{'s' if canastas != 1 else ''}"
    if not melds:
        info = f"needs {table.minimums[side]} to meld" if table.minimums[side] else "no melds"
    body = [
        _rect(x + _PAD, y + _PAD + 2, 5, 11, fill=_SIDE_COLORS[side % len(_SIDE_COLORS)], rx=1),
        _text(x + _PAD + 10, y + _PAD + 12, title, size=13, bold=True),
        _text(x + w - _PAD, y + _PAD + 12, info, size=11, fill=_MUTED, anchor="end", cls="info"),
    ]
    top = y + _PAD + _LABEL
    per_row = max(1, int((w - 2 * _PAD - _CW) // _MELD_STEP) + 1)
    row_y = top
    height = 0.0
    for start in range(0, len(melds), per_row):
        row = melds[start : start + per_row]
        for i, meld in enumerate(row):
            body.append(_meld(meld, side, v.canasta_size, x + _PAD + i * _MELD_STEP, row_y))
        row_h = max(_meld_height(m, v.canasta_size) for m in row)
        row_y += row_h + _ROW_GAP
        height = row_y - _ROW_GAP - top
    if not melds:
        height = 4
    h = top - y + height + _PAD
    panel = _rect(x, y, w, h, fill="#2a5f3d", stroke="#24553a", rx=8)
    return _g(panel + "".join(body), class_="side", data_side=side), h


def _empty_slot(x: float, y: float) -> str:
    """The outline of a card place with no card (an exhausted stock, an empty pile)."""
    return _rect(x, y, _CW, _CH, fill="none", stroke=_MUTED, rx=4, dash="4 3", cls="empty-slot")


def _stack_with_count(x: float, y: float, cards: list[str], name: str, count: int) -> list[str]:
    """A stack of card drawings at (x, y) (group ``name``), its name and its size under it."""
    mid = x + _CW / 2 + 2
    return [
        _g("".join(cards), class_=name, data_stack=name),
        _text(mid, y + _CH + 18, name, size=10, fill=_MUTED, anchor="middle"),
        _text(
            mid, y + _CH + 31, str(count), size=12, bold=True, anchor="middle", cls=f"{name}-size"
        ),
    ]


def _center(table: _Table, x: float, y: float, w: float) -> tuple[str, float]:
    """The stock and the discard pile, with their sizes and marks."""
    body = []
    sx = x + _PAD
    layers = min(table.stock_size, 3)
    stock = [_back(sx + 2 * k, y + 2 * k, "card back under") for k in range(layers - 1, 0, -1)]
    stock.append(_back(sx, y) if table.stock_size else _empty_slot(sx, y))
    body.extend(_stack_with_count(sx, y, stock, "stock", table.stock_size))
    px = sx + _CW + 40
    pile: list[str] = []
    layers = min(table.pile_size - 1, 3)
    pile.extend(_blank(px + 2 * k, y + 2 * k) for k in range(layers, 0, -1))
    pile.append(_face(px, y, table.top_card) if table.top_card is not None else _empty_slot(px, y))
    body.extend(_stack_with_count(px, y, pile, "pile", table.pile_size))
    mx = px + _CW + 16
    my = y + 4
    if table.pile_frozen:
        badge, _ = _badge(mx, my, "frozen", fill="#b3e5fc", color="#01579b", cls="mark frozen")
        body.append(badge)
        my += 20
    if table.pile_blocked:
        badge, _ = _badge(mx, my, "blocked", fill="#212121", color="#ffffff", cls="mark blocked")
        body.append(badge)
        body.append(_text(mx, my + 28, "black three on top", size=9.5, fill=_MUTED))
    return "".join(body), _CH + 36


def _header(table: _Table, w: float) -> tuple[str, float]:
    v = table.variant
    title = f"Canasta · {v.name} · hand {table.hand_number}"
    parts = [_text(_PAD + 4, 22, title, size=16, bold=True, fill="#1b3a27", cls="title")]
    if table.current_seat is not None:
        what = {
            Phase.DRAW: "to draw",
            Phase.PLAY: "to meld and discard",
            Phase.ANSWER: "to answer: may partner go out?",
        }.get(table.phase, "to act")
        turn = f"Seat {table.current_seat} {what}"
    else:
        turn = table.status or "hand over"
    parts.append(
        _text(w - _PAD - 4, 22, turn, size=13, bold=True, fill="#1b3a27", anchor="end", cls="turn")
    )
    totals = " · ".join(
        f"{seats_name(seats).capitalize()}: {total}"
        for seats, total in zip(v.sides, table.totals, strict=False)
    )
    parts.append(_text(_PAD + 4, 42, f"Totals: {totals}", size=11.5, fill="#2b4a36", cls="totals"))
    note = f"phase: {table.phase.value.replace('_', ' ')}"
    if table.viewer is not None:
        note = f"seen by seat {table.viewer} · " + note
    parts.append(_text(w - _PAD - 4, 42, note, size=11, fill="#2b4a36", anchor="end"))
    return "".join(parts), 52


# ---------------------------------------------------------------------------- layout
def _place(others: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Share the other seats (clockwise from the bottom seat) between a left column (bottom
    to top), a top row (left to right) and a right column (top to bottom)."""
    m = len(others)
    if m <= 2:
        return [], others, []
    k = (m - 1) // 2
    return others[:k], others[k : m - k], others[m - k :]


def _draw(table: _Table, bottom: int) -> tuple[str, float]:
    n = table.variant.players
    w = float(_DESIGN)
    out: list[str] = []
    header, y = _header(table, w)
    out.append(header)
    felt_y = y
    left_x = _GAP + _PAD
    right_x = w - _GAP - _PAD
    inner_w = right_x - left_x
    others = [(bottom + k) % n for k in range(1, n)]
    left, top, right = _place(others)
    y = felt_y + _PAD + 4
    if top:
        pw = (inner_w - (len(top) - 1) * _GAP) / len(top)
        heights = []
        for i, seat in enumerate(top):
            g, h = _seat_panel(table, seat, left_x + i * (pw + _GAP), y, pw)
            out.append(g)
            heights.append(h)
        y += max(heights) + _GAP
    mid_x, mid_w = left_x, inner_w
    col_h = [0.0, 0.0]
    if left or right:
        mid_x = left_x + _COLUMN + _GAP
        mid_w = inner_w - 2 * (_COLUMN + _GAP)
        for c, (seats, cx) in enumerate(((left[::-1], left_x), (right, right_x - _COLUMN))):
            cy = y
            for seat in seats:
                g, h = _seat_panel(table, seat, cx, cy, _COLUMN)
                out.append(g)
                cy += h + _GAP
            col_h[c] = cy - y - _GAP if seats else 0.0
    bottom_side = _hand_side(table, bottom)
    if bottom_side is None:
        bottom_side = len(table.sides) - 1
    upper = [s for s in range(len(table.sides)) if s != bottom_side]
    my = y
    for side in upper:
        g, h = _side_panel(table, side, mid_x, my, mid_w)
        out.append(g)
        my += h + _GAP
    g, h = _center(table, mid_x, my + 2, mid_w)
    out.append(g)
    my += h + _GAP
    g, h = _side_panel(table, bottom_side, mid_x, my, mid_w)
    out.append(g)
    my += h
    y = max(my, y + col_h[0], y + col_h[1]) + _GAP
    g, h = _seat_panel(table, bottom, left_x, y, inner_w)
    out.append(g)
    y += h + _PAD
    felt = _rect(_GAP, felt_y, w - 2 * _GAP, y - felt_y, fill=_FELT, rx=18, cls="felt")
    height = y + _GAP
    background = _rect(0, 0, w, height, fill="#f3efe2", cls="background")
    return background + felt + "".join(out), height


def render_svg(
    obj: GameState | PlayerView,
    *,
    seat_at_bottom: int | None = None,
    width: int = DEFAULT_WIDTH,
    show_hands: bool | None = None,
) -> str:
    """An SVG picture of the table.

    Args:
        obj: a state (everything may be shown) or a player's view (only what the viewer may
            see: the other hands are always drawn as card backs with their counts).
        seat_at_bottom: the 0-based seat drawn at the bottom; the others sit clockwise from it
            (to its left, across, to its right). Default: seat 0 for a state, the viewer for a
            view.
        width: the picture's width in pixels; everything scales with it, and the height
            follows from what the table holds.
        show_hands: which hands are drawn face up. ``None`` (the default): for a state, the
            hand of the seat at the bottom; for a view, the viewer's own hand. ``True``: every
            hand (a state only). ``False``: none; every hand is drawn as card backs.

    Returns:
        A complete SVG document (``<svg xmlns=...>...</svg>``, UTF-8 text without an XML
        declaration) with ``width``, ``height`` and ``viewBox`` set.

    Raises:
        TypeError: ``obj`` is neither a :class:`~canasta.GameState` nor a
            :class:`~canasta.PlayerView`; ``seat_at_bottom`` is not an int (or ``None``);
            ``width`` is not an int; ``show_hands`` is not a bool or ``None``.
        ValueError: ``seat_at_bottom`` is not a seat of the variant; ``width`` is outside
            120 to 20000; ``show_hands=True`` for a view.

    >>> import canasta
    >>> state = canasta.new_game("two-player", seed=3)
    >>> svg = render_svg(state, seat_at_bottom=1)
    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(svg).tag
    '{http://www.w3.org/2000/svg}svg'
    >>> render_svg(state, seat_at_bottom=2)
    Traceback (most recent call last):
        ...
    ValueError: seat_at_bottom must be from 0 to 1, not 2
    """
    if isinstance(width, bool) or not isinstance(width, int):
        raise TypeError(f"width must be an int, not {type(width).__name__}")
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be from {MIN_WIDTH} to {MAX_WIDTH} pixels, not {width}")
    if show_hands is not None and not isinstance(show_hands, bool):
        raise TypeError(f"show_hands must be a bool or None, not {type(show_hands).__name__}")
    if not isinstance(obj, GameState | PlayerView):
        raise TypeError(f"render_svg needs a GameState or a PlayerView, not {type(obj).__name__}")
    if seat_at_bottom is None:
        bottom = obj.seat if isinstance(obj, PlayerView) else 0
    else:
        bottom = _check_seat(seat_at_bottom, obj.variant.players)
    if isinstance(obj, GameState):
        table, what = _from_state(obj, bottom, show_hands), "the table"
    else:
        table, what = _from_view(obj, show_hands), f"the table seen by seat {obj.seat}"
    body, height = _draw(table, bottom)
    pixel_h = max(1, round(width * height / _DESIGN))
    label = f"Canasta, {table.variant.name}, hand {table.hand_number}: {what}"
    root = _attrs(
        xmlns="http://www.w3.org/2000/svg",
        width=width,
        height=pixel_h,
        viewBox=f"0 0 {_DESIGN} {height:g}",
        font_family="DejaVu Sans, Verdana, Arial, sans-serif",
        role="img",
    )
    return f"<svg {root}><title>{escape(label)}</title>{body}</svg>"
