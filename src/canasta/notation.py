"""Text notations: actions and whole positions, both ways.

Action notation
===============

One line, case-insensitive, tokens separated by any amount of white space; cards in card notation
(``KH``, ``10H``, ``T♥``, ``JK``; see :mod:`canasta.cards`)::

    action  := "draw" | "ask" | "yes" | "no" | "decline" | "end"
             | "discard" CARD
             | "meld" group { "+" group }
             | "take" [ CARD { CARD } ] { "+" group }
             | "deal" [ "-" | CARD { CARD } ]
    group   := "+" RANK { CARD } | CARD { CARD }

A lone ``+`` separates groups; ``+RANK`` (no space; any rank, ``2`` to ``A`` or ``JK``) starting
a group names its rank. It is needed for a group of wild cards only (an addition: ``meld +K 2C``)
and allowed on any group. Without it, the group's rank is that of its first card that is not
wild. After ``take`` come the hand cards melded with the pile's top card (possibly none, and no
``+RANK``: the top card gives the rank), then further melds. ``deal`` with cards deals the next
hand from that deck (first card dealt first; ``deal -`` names an empty deck).

Parsing checks no rule of the game: text that parses is an action, which the rules judge as they
judge the action value (a group of mixed ranks, ``meld KC 7C 6C``, is a meld of kings that the
rules refuse as ``wrong_rank``). :func:`parse_action` parses and checks, for the seat to act in a
state or the seat that sent it. Text longer than :data:`MAX_ACTION_TEXT` characters is refused
before it is read.

>>> str(parse_action_text("meld 7h 7s 2c + +k jk", seat=0))
'meld +K JK + 2C 7S 7H'
>>> parse_action_text("take 8S 8H + JK AS AD", seat=1)
TakePile(seat=1, cards=(Card.parse('8S'), Card.parse('8H')), melds=(Meld(rank=<Rank.ACE: 14>, \
cards=(Card.parse('JK'), Card.parse('AS'), Card.parse('AD'))),))
>>> str(parse_action_text("meld 7H KS", seat=0))
'meld +7 KS 7H'
>>> parse_action_text("meld 7H KX", seat=0)
Traceback (most recent call last):
...
canasta.errors.NotationError: not a card: 'KX' (write e.g. KH, 10S, T♠, JK) at column 8 of \
'meld 7H KX'

Position notation
=================

A position (a :class:`~canasta.GameState`) is written as a few short lines, one per kind of
fact, like FEN for chess. The first line (ignoring blank lines and ``#`` comment lines) is the
header; the other lines may come in any order, each at most once. Lines are counted from 1,
columns from 0 (:attr:`NotationError.position` is the index in the whole text)::

    position := header { line }
    header   := "canasta" VARIANT { "hand" INT | "dealer" SEAT | "seed" (INT | "-")
                                  | "deal" INT }
    line     := "totals" INT { INT }                      one per match side (default all 0)
              | "turn" SEAT PHASE { fact }                required
              | "end" REASON [ "seat=" SEAT ] [ "concealed" ] [ "partner_had_melded" ]
              | "hands" cards { "/" cards }               required: one per seat
              | "sides" SEATS { "/" SEATS }               Cutthroat, once the lone hand is known
              | "melds" sidemelds { "/" sidemelds }       one per side of the hand
              | "pile" ( "-" | PILECARD { PILECARD } ) [ "frozen" ] [ "blocked" ]
              | "stock" ( INT | "-" | CARD { CARD } )
              | "red" cards { "/" cards }                 red threes laid out, one per seat
              | "melded" ( "-" | SEAT { SEAT } )          seats that melded in an earlier turn
              | "out_of_play" cards                       cards of the pack not in play
    VARIANT  := NAME | JSON                                a preset, or a house rule's JSON form
    PHASE    := "draw" | "play" | "answer" | "hand_over"
    fact     := "drew=" ("stock" | "pile") | "asked" | "permission=" ("yes" | "no") | "laid_off"
              | "created=" RANK { "," RANK } | "melded" | "last_red_three"
    REASON   := "went_out" | "stock_exhausted" | "last_card_red_three"
    cards    := "-" | CARD { CARD }
    sidemelds:= "-" | meld { ";" meld }                   a meld is its cards: "KH KS KD 2C"
    PILECARD := CARD [ "*" ]                              bottom card first, top card last

* The header names the variant, the hand of the match (default 1), the dealer (default: the seat
  before the turn's seat), the match seed (default 0; ``-`` for none) and the deal version the
  seed's later hands follow (:attr:`GameState.deal_version`; default 1,
  :func:`canasta.shuffled_pack`, and then not written; ``deal 0`` is the shuffle before
  portable deals, of a match begun then). A variant that is not a
  preset is written in its JSON form, as in JSON documents and records: the preset it differs
  least from plus the changed fields, e.g.
  ``{"preset": "classic", "changes": {"natural_canasta_bonus": 700}}`` (the brace form of
  earlier versions, ``classic{natural_canasta_bonus=700}``, still reads). Nothing is
  evaluated. The seats playing the hand and their order (five players: who sits out) follow
  from the variant and the hand number.
* ``turn`` names the seat whose turn it is (in the answer phase, the player who asked; his
  partner answers) and the phase, then the facts of the turn (:class:`~canasta.Turn`): where
  the player drew from, whether he asked partner and the answer, whether he laid off on a meld
  he did not start this turn, the ranks of the melds he started, whether he melded, and whether
  he drew the last stock card as a red three (may meld, not discard).
* ``end`` (only when the phase is ``hand_over``): why the hand ended
  (:class:`~canasta.HandEnd`).
* ``hands``, ``red``: one entry per seat, ``-`` for none (a seat sitting out has ``-``).
* ``sides``: only in Cutthroat once a player took the pile: the lone hand, then the other two.
* ``melds``: one entry per side of the hand (as :attr:`GameState.sides`), melds separated by
  ``;``.
* ``pile``: a ``*`` marks each card that freezes the pile (wild cards, red threes, and black
  threes where the variant says so); ``frozen`` and ``blocked`` (a black three on top) repeat the
  derived facts for the reader. All three are optional when parsing, but checked when given.
* ``stock``: its cards, top card first, or only its size: the parser then fills it with the
  cards of the pack placed nowhere else, shuffled from the seed as :func:`canasta.position`
  does. Omitted, it is the size form with all the remaining cards.
* ``out_of_play``: the cards of the pack that take no part in the hand
  (:attr:`GameState.out_of_play <canasta.GameState.out_of_play>`), in any order; written only
  when there are some. With it, a stock given by its cards may be short of the pack.
* Optional lines default to: totals all 0, no melds, an empty pile, no red threes laid out, no
  cards out of play, and ``melded`` to every playing seat of a side with melds (as
  :func:`canasta.position`).

Everything is checked when parsing: every card against the pack (a card more often than the pack
holds it, a card too many), the melds against the variant's rules (black threes only as the
three or four melded by a player going out this turn, ``created=3``; in Cutthroat, a meld of the
two partners may be two lawful melds merged when the lone hand formed), seats that do not exist,
a turn that cannot be (facts that contradict each other or the table), and that the player to
act has a legal action. Errors are :class:`~canasta.NotationError` naming the line, the column
and the field. ``repr(state)`` is ``canasta.parse_position('''...''')`` with the
notation, which evaluates to an equal state.

>>> import canasta
>>> s = parse_position('''
... canasta classic hand 1 dealer 3 seed 7
... totals 0 0
... turn 0 play drew=stock
... hands KH KS 2C 9D 9C 4S 4H / 9H 9S 7C 7D 5S / 4D 4C JD / AH AD AC 8S 8H
... melds QH QS QD 2D / -
... pile 4C JK* 9D
... red 3H / - / - / -
... melded 0 2
... ''')
>>> s.current_seat, s.phase, len(s.stock), s.pile_frozen, str(s.melds[0][0])
(0, <Phase.PLAY: 'play'>, 80, True, '2D QS QH QD')
>>> print(format_position(s, stock="size"))
canasta classic hand 1 dealer 3 seed 7
totals 0 0
turn 0 play drew=stock
hands 2C KS KH 9D 9C 4S 4H / 9S 9H 7D 7C 5S / JD 4D 4C / AH AD AC 8S 8H
melds 2D QS QH QD / -
pile 4C JK* 9D frozen
stock 80
red 3H / - / - / -
melded 0 2
>>> parse_position(format_position(s)) == s
True
"""

from __future__ import annotations

import bisect
import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, NoReturn

import attrs

from . import _core as core
from ._codec import variant_document, variant_from_document
from ._rules import hand_sides, seating
from .actions import (
    _ACTION_TYPES,
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
from .cards import _CARD_BY_TEXT, Card, Cards, Rank
from .deals import DEAL_VERSIONS
from .engine import _check_sender, _judge, is_legal
from .errors import CanastaError, IllegalActionError, NotationError, StateError
from .legal import legal_actions
from .melds import Meld
from .positions import _check_meld, _turn_problem
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
from .variants import (
    BlackThreeDiscard,
    CardPoints,
    Partnerships,
    Variant,
    get_variant,
)

__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_POSITION_TEXT",
    "format_action",
    "format_position",
    "format_variant",
    "parse_action",
    "parse_action_text",
    "parse_position",
    "parse_variant",
]

#: The longest action notation accepted, in characters (longer text is refused before it is
#: read, as :data:`canasta.serialize.MAX_TEXT_SIZE` bounds JSON text): room for a deck of
#: :data:`canasta.serialize.MAX_CARDS` cards, the most a JSON action holds, written with single
#: spaces.
MAX_ACTION_TEXT: Final = 20_000
#: The longest position notation accepted, in characters (the JSON text limit).
MAX_POSITION_TEXT: Final = 1_000_000

_TOKEN = re.compile(r"\S+")
_INT = re.compile(r"-?[0-9]{1,40}\Z")
_Token = tuple[str, int]


def _tokens(text: str, start: int = 0, end: int | None = None) -> list[_Token]:
    """White-space separated tokens of ``text[start:end]`` with their index in ``text``."""
    stop = len(text) if end is None else end
    return [(m.group(), m.start()) for m in _TOKEN.finditer(text, start, stop)]


# ============================================================================ actions
def format_action(action: Action) -> str:
    """The action notation of ``action`` (``str(action)``).

    >>> format_action(Discard(0, "9D"))
    'discard 9D'

    Raises:
        NotationError: ``action`` is not an action of this library.
    """
    if not isinstance(action, _ACTION_TYPES):
        raise NotationError(f"not an action: {action!r}", repr(action))
    return str(action)


_SIMPLE: dict[str, Callable[[int], Action]] = {
    "draw": Draw,
    "ask": AskPartner,
    "decline": DeclinePile,
    "end": EndTurn,
}
_KEYWORDS = ("draw", "take", "meld", "discard", "ask", "yes", "no", "decline", "end", "deal")


def _quoted(text: str, limit: int = 120) -> str:
    """``repr(text)``, cut to at most ``limit`` characters (messages never echo huge input)."""
    shown = repr(text[:limit])  # repr of the part shown only: huge text is never copied whole
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


def _action_error(text: str, pos: int | None, message: str) -> NotationError:
    if pos is None:
        return NotationError(f"{message}: {_quoted(text)}", text, None)
    return NotationError(f"{message} at column {pos} of {_quoted(text)}", text, pos)


def _card_message(tok: str) -> str:
    return f"not a card: {_quoted(tok, 40)} (write e.g. KH, 10S, T♠, JK)"


def _parse_card(text: str, tok: str, pos: int) -> Card:
    try:
        return Card.parse(tok)
    except NotationError:
        raise _action_error(text, pos, _card_message(tok)) from None


def _split_groups(tokens: list[_Token]) -> list[tuple[int, list[_Token]]]:
    """Split on lone ``+`` tokens. Each group comes with the index to blame if it is empty:
    the ``+`` that ends it, or for the last group the ``+`` that starts it."""
    groups: list[tuple[int, list[_Token]]] = []
    current: list[_Token] = []
    start = tokens[0][1] if tokens else 0
    for tok, pos in tokens:
        if tok == "+":
            groups.append((pos, current))
            current = []
            start = pos
        else:
            current.append((tok, pos))
    groups.append((start, current))
    return groups


#: The ranks a meld on the table can have (four to ace, and black threes).
_TAG_RANKS = frozenset(r for r in Rank if r.is_natural or r is Rank.THREE)


def _group_cards(
    text: str, tokens: list[_Token], *, allow_tag: bool
) -> tuple[Rank | None, list[Card]]:
    """A group's rank (``None`` for wild cards only, without ``+RANK``) and cards: the rank of
    ``+RANK``, else that of the group's first card that is not wild. No rule is checked here (a
    card of another rank in the group is the rules' ``wrong_rank``)."""
    tag: Rank | None = None
    cards: list[Card] = []
    for i, (tok, pos) in enumerate(tokens):
        if tok.startswith("+"):
            if i or not allow_tag:
                what = "the start of a group" if allow_tag else "a group after '+'"
                raise _action_error(text, pos, f"a +RANK token is allowed only at {what}")
            try:
                tag = Rank.parse(tok[1:])
            except NotationError:
                raise _action_error(text, pos, f"not a rank: {_quoted(tok[1:], 40)}") from None
            continue
        cards.append(_parse_card(text, tok, pos))
    rank = tag
    if rank is None:
        rank = next((c.rank for c in cards if not c.is_wild), None)
    return rank, cards


def _meld_group(text: str, start: int, tokens: list[_Token]) -> Meld:
    if not tokens:
        raise _action_error(text, start, "an empty group (nothing between '+' and what follows)")
    rank, cards = _group_cards(text, tokens, allow_tag=True)
    if rank is None:
        raise _action_error(
            text, tokens[0][1], "a group of wild cards only must name its rank, e.g. '+K 2C'"
        )
    return Meld(rank, cards)


def parse_action_text(text: str, seat: int | None = None) -> Action:
    """Parse action notation (see the module documentation); no rule is checked.

    Args:
        text: the notation, e.g. ``"meld 7H 7S 2C + KH KS KD"``.
        seat: the seat the action is for; for ``yes``/``no``, the answering partner. Not needed
            for ``deal``.

    >>> parse_action_text("  DISCARD  10h ", seat=2)
    Discard(seat=2, card=Card.parse('TH'))
    >>> parse_action_text("yes", seat=3)
    AnswerPartner(seat=3, yes=True)

    Raises:
        NotationError: the text does not parse; ``.position`` is the column of the first bad
            token. A group of wild cards only without ``+RANK`` does not parse (it names no
            rank); a group whose natural cards mix ranks does (the rules refuse it). Text over
            :data:`MAX_ACTION_TEXT` characters is refused unread.
    """
    if not isinstance(text, str):
        raise NotationError(f"action notation must be text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(
            f"action notation of {len(text)} characters is too long (at most "
            f"{MAX_ACTION_TEXT}): {_quoted(text, 60)}",
            text,
            None,
        )
    toks = _tokens(text)
    if not toks:
        raise _action_error(text, None, "an empty action")
    word, pos = toks[0]
    key = word.lower()
    rest = toks[1:]
    if key == "deal":
        if not rest:
            return DealNextHand()
        if len(rest) == 1 and rest[0][0] == "-":
            return DealNextHand(deck=())  # an empty deck: the rules refuse it (bad_deck)
        return DealNextHand(deck=tuple(_parse_card(text, t, p) for t, p in rest))
    if key not in _KEYWORDS:
        raise _action_error(text, pos, f"not an action: {word!r} (one of {', '.join(_KEYWORDS)})")
    if seat is None:
        raise _action_error(text, pos, f"{key!r} needs the seat it is for")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise NotationError(f"a seat must be an int, not {seat!r}", text)
    if key in _SIMPLE or key in ("yes", "no"):
        if rest:
            raise _action_error(text, rest[0][1], f"{key!r} takes nothing after it")
        if key in ("yes", "no"):
            return AnswerPartner(seat, key == "yes")
        return _SIMPLE[key](seat)
    if key == "discard":
        if len(rest) != 1:
            where = rest[1][1] if rest else len(text)
            raise _action_error(text, where, "'discard' takes exactly one card")
        return Discard(seat, _parse_card(text, *rest[0]))
    groups = _split_groups(rest)
    if key == "meld":
        if not rest:  # no group: an action the rules refuse (nothing to meld), as its value
            return MeldCards(seat, ())
        return MeldCards(seat, tuple(_meld_group(text, s, g) for s, g in groups))
    # take
    _, cards = _group_cards(text, groups[0][1], allow_tag=False)
    melds = tuple(_meld_group(text, s, g) for s, g in groups[1:])
    return TakePile(seat, tuple(cards), melds)


def parse_action(state: GameState, text: str, *, seat: int | None = None) -> Action:
    """Parse action notation for the seat to act in ``state`` (or for ``seat``, the seat that
    sent it) and check it is legal there, as :func:`canasta.check` judges it.

    >>> import canasta
    >>> parse_action(canasta.new_game("classic", seed=7), "draw")
    Draw(seat=0)
    >>> parse_action(canasta.new_game("classic", seed=7), "draw", seat=2)
    Traceback (most recent call last):
    ...
    canasta.errors.IllegalActionError: not_your_turn: 'draw': it is seat 0's turn, not seat 2's

    Raises:
        NotationError: the text does not parse.
        IllegalActionError: the action breaks a rule in ``state`` (``.reason`` says which).
        StateError: ``state`` is not a :class:`~canasta.GameState`, or ``seat`` is not
            ``None`` nor a seat of its variant.
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    if not isinstance(text, str):
        raise NotationError(f"action notation must be text, not {type(text).__name__}")
    if seat is not None:
        _check_sender(state, seat)
    for_seat = seat
    if for_seat is None:
        for_seat = state.current_seat
        if for_seat is None:  # the hand is over: only "deal" is legal; the rules say why not
            for_seat = state.turn.seat
    action = parse_action_text(text, for_seat)
    result = _judge(state, action, seat)
    if isinstance(result, IllegalActionError):
        raise result
    return action


# ============================================================================ variants
#: A variant in the old brace form, ``classic{name="x",target_score=3000}``: its tokens.
_OLD_TOKEN = re.compile(
    r"""\s*(?:(?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(?P<num>-?[0-9]{1,40})"""
    r"|(?P<key>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\s*=|(?P<word>[A-Za-z_]\w*)|(?P<sym>[(),{}]))"
)
_VARIANT_NAME = re.compile(r"[A-Za-z0-9_-]+")


def format_variant(variant: Variant) -> str:
    """A variant as text: its preset's name, or for a house rule its JSON form, the preset with
    the fewest changed fields and those fields (one line, ASCII; :func:`canasta.to_dict`).

    >>> format_variant(get_variant("classic").derive(natural_canasta_bonus=700))
    '{"preset": "classic", "changes": {"natural_canasta_bonus": 700}}'

    Raises:
        NotationError: ``variant`` is not a :class:`~canasta.Variant`.
    """
    if not isinstance(variant, Variant):
        raise NotationError(f"not a Variant: {variant!r}", repr(variant))
    doc = variant_document(variant)
    return json.dumps(doc) if "changes" in doc else str(doc["preset"])


def _old_changes(text: str, pos: int, end: int, fail: Callable[[int, str], NoReturn]) -> int:
    """The end of the old brace form's ``{...}`` at ``pos`` (checked by :func:`_old_to_json`)."""
    depth = 0
    while True:
        m = _OLD_TOKEN.match(text, pos, end)
        if m is None:
            if text[pos:end].lstrip()[:1] in ("'", '"'):
                fail(pos, "a string without its closing quote")
            fail(pos, "expected a field name" if depth else "expected '{'")
        pos = m.end()
        sym = m.group("sym")
        if sym == "{":
            depth += 1
        elif sym == "}":
            return pos


def _old_to_json(text: str, base: Variant, fail: Callable[[str], NoReturn]) -> dict[str, Any]:
    """The changes of the old brace form (``{name="x",points.joker=60,sides=((0,),(1,))}``)
    as the JSON form's ``"changes"``, token by token."""
    out: list[str] = []
    keys: list[str] = []
    for m in _OLD_TOKEN.finditer(text):
        kind = m.lastgroup
        tok = m.group(kind or 0)
        if kind == "str":
            body = re.sub(r"\\U([0-9a-fA-F]{8})", lambda u: chr(int(u.group(1), 16)), tok[1:-1])
            try:
                tok = json.dumps(json.loads('"' + body.replace("\\'", "'") + '"'))
            except ValueError:
                fail('a bad escape in a string (\\n \\t \\\\ \\" \\uXXXX)')
        elif kind == "key":
            keys.append(tok)
            tok = json.dumps(tok) + ":"
        elif kind == "word":
            if keys and keys[-1] in ("name", "description"):
                fail(f'{keys[-1]} is a string in double quotes, e.g. "house"')
            tok = {"None": "null", "true": "true", "false": "false"}.get(tok, json.dumps(tok))
        elif tok in "()":
            tok = "[" if tok == "(" else "]"
        out.append(tok)
    if len(set(keys)) != len(keys):
        fail(f"{next(k for k in keys if keys.count(k) > 1)} is given twice")
    try:
        changes: dict[str, Any] = json.loads(re.sub(r",\s*(?=[\]}])", "", "".join(out)))
    except ValueError:
        fail("expected a value: an int, None, true, false, a word, a string or a tuple")
    points = {k[7:]: changes.pop(k) for k in keys if k.startswith("points.")}
    if points:
        changes["points"] = {**_points_of(base), **points}
    return changes


def _points_of(variant: Variant) -> dict[str, Any]:
    """The card points of ``variant`` as JSON (the old brace form gives them one by one)."""
    return {f.name: getattr(variant.points, f.name) for f in attrs.fields(CardPoints)}


def _read_variant(
    text: str, pos: int, end: int, fail: Callable[[int, str], NoReturn]
) -> tuple[Variant, int]:
    """Read a variant at ``text[pos:end]``: its JSON form, a preset's name, or the old brace form
    ``NAME{field=value,...}``; return the variant and the index after it."""
    if text.startswith("{", pos):
        try:
            data, after = _JSON.raw_decode(text[:end], pos)
        except (ValueError, RecursionError) as exc:
            fail(getattr(exc, "pos", pos), f"the variant is not JSON: {getattr(exc, 'msg', exc)}")
        try:
            return variant_from_document(data, "$"), after
        except NotationError as exc:
            fail(pos, f"variant: {exc}")
    m = _VARIANT_NAME.match(text, pos, end)
    if m is None:
        fail(pos, "expected a variant name, e.g. classic")
    try:
        base = get_variant(m.group())
    except CanastaError as exc:
        fail(pos, str(exc))
    if not text.startswith("{", m.end()) or m.end() >= end:
        return base, m.end()
    after = _old_changes(text, m.end(), end, fail)

    def bad(message: str) -> NoReturn:
        fail(m.end(), message)

    changes = _old_to_json(text[m.end() : after], base, bad)
    try:
        return variant_from_document({"preset": base.name, "changes": changes}, "$"), after
    except NotationError as exc:
        bad(f"variant: {exc}")


_JSON = json.JSONDecoder()


def parse_variant(text: str) -> Variant:
    """Parse a variant written by :func:`format_variant` (or in the old brace form).

    >>> parse_variant('{"preset": "classic", "changes": {"jokers": 6}}').jokers
    6
    >>> parse_variant("classic{wild_ratio=at_most_equal}").wild_ratio
    <WildRatio.AT_MOST_EQUAL: 'at_most_equal'>

    Raises:
        NotationError: the text does not parse, or names an impossible variant.
    """
    if not isinstance(text, str):
        raise NotationError(f"a variant must be given as text, not {type(text).__name__}")

    def fail(pos: int, message: str) -> NoReturn:
        shown = text if len(text) <= 60 else text[:57] + "..."  # never echo huge text
        raise NotationError(f"{message} at column {pos} of {shown!r}", text, pos)

    start = len(text) - len(text.lstrip())
    variant, end = _read_variant(text, start, len(text), fail)
    if text[end:].strip():
        fail(end, "unexpected text after the variant")
    return variant


# ============================================================================ positions
_PHASE_WORDS = {
    "draw": Phase.DRAW,
    "play": Phase.PLAY,
    "answer": Phase.ANSWER,
    "hand_over": Phase.HAND_OVER,
    "over": Phase.HAND_OVER,
}
_LINE_KEYS = (
    "totals",
    "turn",
    "end",
    "hands",
    "sides",
    "melds",
    "pile",
    "stock",
    "red",
    "melded",
    "out_of_play",
)


def _cards_text(cards: Sequence[Card] | Cards) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _freezes(variant: Variant, card: Card) -> bool:
    return (
        card.is_wild
        or card.is_red_three
        or (variant.black_three_discard is BlackThreeDiscard.FREEZES and card.is_black_three)
    )


def format_position(state: GameState, stock: Literal["cards", "size"] = "cards") -> str:
    """The position notation of ``state`` (see the module documentation).

    Args:
        state: the state.
        stock: ``"cards"`` writes the stock's cards in order, so that
            ``parse_position(format_position(s)) == s``; ``"size"`` only its size (the parser
            then deals the remaining cards in an order shuffled from the seed).

    >>> import canasta
    >>> text = format_position(canasta.new_game("two-player", seed=3), stock="size")
    >>> print(text)  # doctest: +ELLIPSIS
    canasta two-player hand 1 dealer 1 seed 3
    totals 0 0
    turn 0 draw
    hands AD QD JS 9S 9H 9D 9C 8D 8C 7H 7D 7D 5S 5H 5C / 2D AS AH KS ... 5D 4S 4S 4H 4D
    melds - / -
    pile JH
    stock 77
    red - / -
    melded -

    Raises:
        StateError: ``state`` is not a :class:`~canasta.GameState`.
        NotationError: ``stock`` is neither ``"cards"`` nor ``"size"``.
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    if stock not in ("cards", "size"):
        raise NotationError(f"stock must be 'cards' or 'size', not {stock!r}", repr(stock))
    v = state.variant
    seed = "-" if state.seed is None else str(state.seed)
    lines = [
        f"canasta {format_variant(v)} hand {state.hand_number} dealer {state.dealer} seed {seed}"
        + ("" if state.deal_version == 1 else f" deal {state.deal_version}"),
        "totals " + " ".join(str(t) for t in state.totals),
    ]
    t = state.turn
    facts = [str(t.seat), state.phase.value]
    if t.drew is not None:
        facts.append(f"drew={t.drew.value}")
    if t.asked:
        facts.append("asked")
    if t.permission is not None:
        facts.append("permission=" + ("yes" if t.permission else "no"))
    if t.laid_off:
        facts.append("laid_off")
    if t.created:
        facts.append("created=" + ",".join(r.symbol for r in sorted(t.created, reverse=True)))
    if t.melded:
        facts.append("melded")
    if t.last_red_three:
        facts.append("last_red_three")
    lines.append("turn " + " ".join(facts))
    end = state.end
    if end is not None:
        words = [end.reason.value]
        if end.seat is not None:
            words.append(f"seat={end.seat}")
        if end.concealed:
            words.append("concealed")
        if end.partner_had_melded:
            words.append("partner_had_melded")
        lines.append("end " + " ".join(words))
    lines.append("hands " + " / ".join(_cards_text(h) for h in state.hands))
    if state.sides != hand_sides(v, state.order):
        lines.append("sides " + " / ".join(" ".join(map(str, s)) for s in state.sides))
    lines.append(
        "melds " + " / ".join(" ; ".join(str(m) for m in side) or "-" for side in state.melds)
    )
    pile = " ".join(str(c) + ("*" if _freezes(v, c) else "") for c in state.discard_pile)
    marks = [w for w, on in (("frozen", state.pile_frozen), ("blocked", state.pile_blocked)) if on]
    lines.append(" ".join(["pile", pile or "-", *marks]))
    if stock == "size":
        lines.append(f"stock {len(state.stock)}")
    else:
        lines.append("stock " + _cards_text(state.stock))
    lines.append("red " + " / ".join(_cards_text(r) for r in state.red_threes))
    melded = [str(s) for s, m in enumerate(state.has_melded) if m]
    lines.append("melded " + (" ".join(melded) or "-"))
    if state.out_of_play:
        lines.append("out_of_play " + _cards_text(state.out_of_play))
    return "\n".join(lines)


def position_repr(state: GameState) -> str:
    """``repr(state)``: Python text that rebuilds an equal state with :func:`parse_position`
    (internal; a state this notation cannot write gets a plain field-by-field repr)."""
    try:
        text = format_position(state)
    except Exception:
        fields = ", ".join(f"{a.name}={getattr(state, a.name)!r}" for a in attrs.fields(GameState))
        return f"GameState({fields})"
    if "\\" not in text and "'" not in text:
        return f"canasta.parse_position('''\n{text}\n''')"
    return f"canasta.parse_position({text!r})"


@attrs.define
class _Line:
    number: int
    start: int
    keyword: str
    key_pos: int
    tokens: list[_Token]


class _PositionParser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] = []
        self.keys: dict[int, str] = {}

    # ------------------------------------------------------------------ errors
    def fail(self, pos: int, message: str) -> NoReturn:
        pos = max(0, min(pos, len(self.text)))
        i = bisect.bisect_right(self.starts, pos) - 1
        if i < 0:
            raise NotationError(
                f"{message} (in a position of {len(self.text)} characters)", self.text, pos
            )
        start = self.starts[i]
        nl = self.text.find("\n", start)
        line = self.text[start : nl if nl >= 0 else len(self.text)]
        key = self.keys.get(i + 1)
        label = f"line {i + 1} ({key})" if key else f"line {i + 1}"
        shown = line if len(line) <= 120 else line[:117] + "..."
        raise NotationError(
            f"{label}, column {pos - start}: {message} (in {shown!r})", self.text, pos
        )

    # ------------------------------------------------------------------ pieces
    def int_at(self, tok: _Token, what: str, low: int | None = None) -> int:
        s, pos = tok
        if not _INT.match(s):
            self.fail(pos, f"{what} must be an int, not {s!r}")
        value = int(s)
        if low is not None and value < low:
            self.fail(pos, f"{what} must be at least {low}, not {value}")
        return value

    def seat_at(self, tok: _Token, players: int, what: str = "seat") -> int:
        s, pos = tok
        if not re.fullmatch(r"[0-9]{1,9}", s):
            self.fail(pos, f"{what} must be a seat number, not {s!r}")
        seat = int(s)
        if seat >= players:
            self.fail(pos, f"{what}: there is no seat {seat} (seats 0 to {players - 1})")
        return seat

    def card_at(self, tok: _Token) -> Card:
        s, pos = tok
        card = _CARD_BY_TEXT.get(s.upper())
        if card is None:
            self.fail(pos, _card_message(s))
        return card

    def split(self, line: _Line, sep: str) -> list[tuple[int, list[_Token]]]:
        parts: list[tuple[int, list[_Token]]] = []
        current: list[_Token] = []
        start = line.key_pos + len(line.keyword)
        for tok in line.tokens:
            if tok[0] == sep:
                parts.append((start, current))
                current = []
                start = tok[1]
            else:
                current.append(tok)
        parts.append((start, current))
        return parts

    def per(self, line: _Line, n: int, what: str) -> list[tuple[int, list[_Token]]]:
        parts = self.split(line, "/")
        if len(parts) != n:
            self.fail(
                line.key_pos,
                f"{len(parts)} entries separated by '/' for {n} {what}{'s' if n != 1 else ''}",
            )
        for start, part in parts:
            if not part:
                self.fail(start, "an empty entry: write '-' for none")
        return parts

    def cards(self, part: list[_Token]) -> list[tuple[Card, int]]:
        if len(part) == 1 and part[0][0] == "-":
            return []
        out = []
        for tok in part:
            if tok[0] == "-":
                self.fail(tok[1], "'-' stands alone for no cards")
            out.append((self.card_at(tok), tok[1]))
        return out

    # ------------------------------------------------------------------ the whole
    def lines(self) -> tuple[int, list[_Line]]:
        text = self.text
        header = -1
        out: list[_Line] = []
        pos = 0
        number = 0
        while pos <= len(text):
            nl = text.find("\n", pos)
            end = len(text) if nl < 0 else nl
            number += 1
            self.starts.append(pos)
            toks = _tokens(text, pos, end)
            if toks and not toks[0][0].startswith("#"):
                if header < 0:
                    header = number
                    self.keys[number] = "header"
                else:
                    key = toks[0][0].lower()
                    if key not in _LINE_KEYS:
                        self.fail(
                            toks[0][1],
                            f"not a line of a position: {toks[0][0]!r} (lines: "
                            f"{', '.join(_LINE_KEYS)})",
                        )
                    self.keys[number] = key
                    out.append(_Line(number, pos, key, toks[0][1], toks[1:]))
            pos = end + 1
        if header < 0:
            raise NotationError("an empty position: it starts with 'canasta VARIANT'", text, None)
        return header, out

    def parse(self) -> GameState:
        text = self.text
        header_no, lines = self.lines()
        by_key: dict[str, _Line] = {}
        for line in lines:
            if line.keyword in by_key:
                self.fail(
                    line.key_pos,
                    f"a second {line.keyword!r} line (the first is line "
                    f"{by_key[line.keyword].number})",
                )
            by_key[line.keyword] = line
        # ---------------------------------------------------------------- header
        hstart = self.starts[header_no - 1]
        hend = text.find("\n", hstart)
        hend = len(text) if hend < 0 else hend
        htoks = _tokens(text, hstart, hend)
        if htoks[0][0].lower() != "canasta":
            self.fail(htoks[0][1], "a position starts with 'canasta VARIANT'")
        vpos = htoks[0][1] + len(htoks[0][0])
        if vpos >= hend or not text[vpos].isspace():
            self.fail(vpos, "expected a space and the variant after 'canasta'")
        while vpos < hend and text[vpos].isspace():
            vpos += 1
        v, after = _read_variant(text, vpos, hend, self.fail)
        if after < hend and not text[after].isspace():
            self.fail(after, "expected a space after the variant")
        rest = _tokens(text, after, hend)
        header: dict[str, _Token] = {}
        for i in range(0, len(rest), 2):
            key, kpos = rest[i]
            k = key.lower()
            if k not in ("hand", "dealer", "seed", "deal"):
                self.fail(kpos, f"expected hand, dealer, seed or deal, not {key!r}")
            if k in header:
                self.fail(kpos, f"{k} is given twice")
            if i + 1 >= len(rest):
                self.fail(hend, f"{k} needs a value")
            header[k] = rest[i + 1]
        n = v.players
        hand_number = 1
        if "hand" in header:
            hand_number = self.int_at(header["hand"], "hand", low=1)
        seed: int | None = 0
        if "seed" in header:
            seed = None if header["seed"][0] == "-" else self.int_at(header["seed"], "seed")
        deal_version = 1  # version 0 (the old shuffle) is written out: "deal 0"
        if "deal" in header:
            deal_version = self.int_at(header["deal"], "deal", low=0)
            if deal_version not in DEAL_VERSIONS:
                self.fail(
                    header["deal"][1],
                    f"deal: the deal version is one of {', '.join(map(str, DEAL_VERSIONS))}",
                )
        order = seating(v, hand_number)
        # ---------------------------------------------------------------- sides
        sides = hand_sides(v, order)
        if "sides" in by_key:
            line = by_key["sides"]
            parts = self.split(line, "/")
            given = []
            for start, part in parts:
                if not part:
                    self.fail(start, "an empty side")
                given.append(tuple(self.seat_at(t, n) for t in part))
            sides_given = tuple(given)
            lone = sides_given[0][0]
            lone_ok = (
                v.partnerships is Partnerships.LONE_HAND
                and len(sides_given) == 2
                and len(sides_given[0]) == 1
                and lone in order
                and sides_given[1] == tuple(p for p in order if p != lone)
            )
            if sides_given != sides and not lone_ok:
                self.fail(
                    line.key_pos,
                    "the sides of a hand are the variant's; only in Cutthroat, once a player "
                    "took the pile, the lone hand then the other two in playing order "
                    f"(e.g. 'sides {order[0]} / {' '.join(map(str, order[1:]))}')",
                )
            sides = sides_given
        side_of = {p: i for i, side in enumerate(sides) for p in side}
        # ---------------------------------------------------------------- turn
        if "turn" not in by_key:
            self.fail(len(text), "a position needs a 'turn' line (e.g. 'turn 0 draw')")
        tline = by_key["turn"]
        if len(tline.tokens) < 2:
            self.fail(tline.key_pos, "write 'turn SEAT PHASE [facts]', e.g. 'turn 0 draw'")
        tseat = self.seat_at(tline.tokens[0], n, "turn")
        if tseat not in order:
            self.fail(tline.tokens[0][1], f"seat {tseat} does not play this hand {order}")
        pword, ppos = tline.tokens[1]
        if pword.lower() not in _PHASE_WORDS:
            self.fail(ppos, f"not a phase: {pword!r} (draw, play, answer, hand_over)")
        phase = _PHASE_WORDS[pword.lower()]
        turn, fact_pos = self.turn_facts(tline, tseat)
        dealer = order[(order.index(tseat) - 1) % len(order)]
        if "dealer" in header:
            dealer = self.seat_at(header["dealer"], n, "dealer")
            if dealer not in order:
                self.fail(header["dealer"][1], f"seat {dealer} does not play this hand {order}")
        # ---------------------------------------------------------------- end
        end: HandEnd | None = None
        if "end" in by_key:
            end = self.hand_end(by_key["end"], n, order)
        if (end is None) != (phase is not Phase.HAND_OVER):
            if end is None:
                self.fail(ppos, "a hand that is over needs an 'end' line (e.g. 'end went_out')")
            self.fail(by_key["end"].key_pos, "an 'end' line, but the phase is not hand_over")
        # ---------------------------------------------------------------- totals
        n_match = len(v.sides)
        totals: tuple[int, ...] = (0,) * n_match
        if "totals" in by_key:
            line = by_key["totals"]
            if len(line.tokens) != n_match:
                self.fail(line.key_pos, f"{len(line.tokens)} totals for {n_match} sides")
            totals = tuple(self.int_at(t, "a total") for t in line.tokens)
        # ---------------------------------------------------------------- cards
        pack = Cards.of(v.pack())
        counts = [0] * 53
        hands: list[Cards] = [Cards.of()] * n
        reds: list[tuple[Card, ...]] = [()] * n
        side_melds: list[tuple[Meld, ...]] = [()] * len(sides)
        pile: tuple[Card, ...] = ()
        stock_cards: list[Card] | None = None
        stock_size: tuple[int, int] | None = None
        out_of_play: list[Card] = []
        card_lines = sorted(
            (
                by_key[k]
                for k in ("hands", "melds", "pile", "stock", "red", "out_of_play")
                if k in by_key
            ),
            key=lambda ln: ln.number,
        )
        if "hands" not in by_key:
            self.fail(len(text), "a position needs a 'hands' line (one entry per seat)")

        def count(card: Card, pos: int) -> None:
            counts[card.id] += 1
            if counts[card.id] > pack.counts[card.id]:
                self.fail(
                    pos,
                    f"{card} appears {counts[card.id]} times; the pack of {v.pack_size} cards "
                    f"holds it {pack.counts[card.id]} time(s)",
                )

        for line in card_lines:
            key = line.keyword
            if key in ("hands", "red"):
                parts = self.per(line, n, "seat")
                for seat, (_, part) in enumerate(parts):
                    got = self.cards(part)
                    if got and seat not in order:
                        self.fail(got[0][1], f"seat {seat} sits out this hand and holds no cards")
                    for card, pos in got:
                        if key == "red" and not card.is_red_three:
                            self.fail(pos, f"{card} is not a red three")
                        count(card, pos)
                    if key == "hands":
                        hands[seat] = Cards.of(c for c, _ in got)
                    else:
                        reds[seat] = tuple(c for c, _ in got)
            elif key == "melds":
                parts = self.per(line, len(sides), "side")
                for si, (_, part) in enumerate(parts):
                    side_melds[si] = self.melds(v, part, count, si, sides, turn, side_of)
            elif key == "pile":
                pile = self.pile(v, line, count)
            elif key == "out_of_play":
                if not line.tokens:
                    self.fail(line.key_pos, "write the cards out of play, or '-'")
                got = self.cards(line.tokens)
                for card, pos in got:
                    count(card, pos)
                out_of_play = [c for c, _ in got]
            else:
                toks = line.tokens
                if not toks:
                    self.fail(line.key_pos, "write the stock's cards (top first), '-' or its size")
                if len(toks) == 1 and _INT.match(toks[0][0]):
                    stock_size = (self.int_at(toks[0], "the stock size", low=0), toks[0][1])
                else:
                    got = self.cards(toks)
                    for card, pos in got:
                        count(card, pos)
                    stock_cards = [c for c, _ in got]
        missing = [Card.from_id(i) for i in range(53) for _ in range(pack.counts[i] - counts[i])]
        if stock_cards is None:
            if stock_size is not None and stock_size[0] != len(missing):
                self.fail(
                    stock_size[1],
                    f"the stock has the {len(missing)} cards placed nowhere else, not "
                    f"{stock_size[0]}",
                )
            random.Random(f"canasta-position:{seed}").shuffle(missing)
            stock_cards = missing
        elif missing:
            line = by_key["stock"]
            shown = " ".join(str(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
            self.fail(
                line.key_pos,
                "with the stock's cards given, every card of the pack is placed or out of play "
                f"(an 'out_of_play' line): {len(missing)} missing ({shown})",
            )
        # ---------------------------------------------------------------- melded
        if "melded" in by_key:
            line = by_key["melded"]
            hm = [False] * n
            toks = line.tokens
            if not (len(toks) == 1 and toks[0][0] == "-"):
                if not toks:
                    self.fail(line.key_pos, "write the seats that melded, or '-'")
                for tok in toks:
                    s = self.seat_at(tok, n)
                    if hm[s]:
                        self.fail(tok[1], f"seat {s} is given twice")
                    if s not in side_of or not side_melds[side_of[s]]:
                        self.fail(tok[1], f"seat {s} melded, but its side has no meld")
                    hm[s] = True
            has_melded = tuple(hm)
        else:
            has_melded = tuple(s in side_of and bool(side_melds[side_of[s]]) for s in range(n))
        state = GameState(
            variant=v,
            seed=seed,
            hand_number=hand_number,
            dealer=dealer,
            totals=totals,
            order=order,
            sides=sides,
            hands=tuple(hands),
            stock=tuple(stock_cards),
            discard_pile=pile,
            melds=tuple(side_melds),
            red_threes=tuple(reds),
            phase=phase,
            turn=turn,
            has_melded=has_melded,
            end=end,
            out_of_play=Cards.of(out_of_play),
            deal_version=deal_version,
        )
        self.check_turn(state, tline, fact_pos, ppos)
        return state

    # ------------------------------------------------------------------ lines
    def turn_facts(self, line: _Line, seat: int) -> tuple[Turn, dict[str, int]]:
        values: dict[str, Any] = {}
        where: dict[str, int] = {}
        for tok, pos in line.tokens[2:]:
            key, eq, val = tok.partition("=")
            key = key.lower()
            if key in where:
                self.fail(pos, f"{key} is given twice")
            where[key] = pos
            if key in ("asked", "laid_off", "melded", "last_red_three"):
                if eq:
                    self.fail(pos, f"{key} is a flag: write it alone, without '='")
                values[key] = True
            elif key == "drew":
                try:
                    values[key] = DrawSource(val.lower())
                except ValueError:
                    self.fail(pos, "write drew=stock or drew=pile")
            elif key == "permission":
                if val.lower() not in ("yes", "no"):
                    self.fail(pos, "write permission=yes or permission=no")
                values[key] = val.lower() == "yes"
            elif key == "created":
                ranks = set()
                for r in val.split(","):
                    try:
                        rank = Rank.parse(r)
                    except NotationError:
                        self.fail(pos, f"created: not a rank: {r!r} (e.g. created=K,Q)")
                    if rank not in _TAG_RANKS:
                        self.fail(pos, f"created: no meld of {rank.symbol}s")
                    ranks.add(rank)
                values[key] = frozenset(ranks)
            else:
                self.fail(
                    pos,
                    f"not a fact of the turn: {tok!r} (drew=stock|pile, asked, permission=yes|no,"
                    " laid_off, created=RANKS, melded, last_red_three)",
                )
        return Turn(seat=seat, **values), where

    def hand_end(self, line: _Line, n: int, order: tuple[int, ...]) -> HandEnd:
        if not line.tokens:
            self.fail(line.key_pos, "write 'end REASON [seat=N] [concealed] [partner_had_melded]'")
        word, pos = line.tokens[0]
        try:
            reason = EndReason(word.lower())
        except ValueError:
            choices = ", ".join(r.value for r in EndReason)
            self.fail(pos, f"not a reason a hand ends: {word!r} ({choices})")
        values: dict[str, Any] = {}
        for tok, tpos in line.tokens[1:]:
            key, eq, val = tok.partition("=")
            key = key.lower()
            if key in values:
                self.fail(tpos, f"{key} is given twice")
            if key == "seat" and eq:
                seat = self.seat_at((val, tpos + 5), n)
                if seat not in order:
                    self.fail(tpos, f"seat {seat} does not play this hand")
                values[key] = seat
            elif key in ("concealed", "partner_had_melded") and not eq:
                if reason is not EndReason.WENT_OUT:
                    self.fail(tpos, f"{key}: only a player going out")
                values[key] = True
            else:
                self.fail(
                    tpos, f"not a fact of the end: {tok!r} (seat=N, concealed, partner_had_melded)"
                )
        if reason is EndReason.WENT_OUT and "seat" not in values:
            self.fail(pos, "went_out needs the seat who went out (seat=N)")
        return HandEnd(reason=reason, **values)

    def melds(
        self,
        v: Variant,
        part: list[_Token],
        count: Callable[[Card, int], None],
        si: int,
        sides: tuple[tuple[int, ...], ...],
        turn: Turn,
        side_of: dict[int, int],
    ) -> tuple[Meld, ...]:
        if len(part) == 1 and part[0][0] == "-":
            return ()
        groups: list[tuple[int, list[_Token]]] = []
        current: list[_Token] = []
        start = part[0][1]
        for tok in part:
            if tok[0] == ";":
                groups.append((start, current))
                current, start = [], tok[1]
            else:
                current.append(tok)
        groups.append((start, current))
        merged = v.partnerships is Partnerships.LONE_HAND and len(sides[si]) > 1
        out: dict[Rank, Meld] = {}
        for gstart, group in groups:
            if not group:
                self.fail(gstart, "an empty meld (melds are separated by ';')")
            cards = self.cards(group)
            if not cards:
                self.fail(gstart, "an empty meld: '-' stands for a side without melds")
            for card, pos in cards:
                count(card, pos)
            naturals = {c.rank for c, _ in cards if not c.is_wild}
            if not naturals:
                self.fail(gstart, "a meld on the table holds natural cards")
            if len(naturals) > 1:
                first = next(c.rank for c, _ in cards if not c.is_wild)
                bad = next((c, p) for c, p in cards if not c.is_wild and c.rank is not first)
                self.fail(bad[1], f"{bad[0]} does not belong in a meld of {first.symbol}s")
            meld = Meld(naturals.pop(), [c for c, _ in cards])
            if meld.rank in out:
                self.fail(gstart, f"the side has a second meld of {meld.rank.symbol}s")
            self.check_meld(v, meld, gstart, cards, merged, si, turn, side_of)
            out[meld.rank] = meld
        return tuple(sorted(out.values(), key=lambda m: -m.rank))

    def check_meld(
        self,
        v: Variant,
        meld: Meld,
        pos: int,
        cards: list[tuple[Card, int]],
        merged: bool,
        si: int,
        turn: Turn,
        side_of: dict[int, int],
    ) -> None:
        if meld.rank is Rank.THREE:
            for card, cpos in cards:
                if not card.is_black_three:
                    self.fail(cpos, f"{card}: red threes are never melded, nor wilds with threes")
            going_out = side_of.get(turn.seat) == si and Rank.THREE in turn.created
            if not going_out or not 3 <= len(meld.cards) <= 4:
                self.fail(
                    pos,
                    "black threes are melded only as three or four of them, by a player going "
                    "out this turn (the turn says created=3)",
                )
            return
        if merged and _splits(v, meld):
            return
        try:
            _check_meld(v, "meld", meld)
        except CanastaError as exc:
            self.fail(pos, str(exc).removeprefix("meld: "))

    def pile(self, v: Variant, line: _Line, count: Callable[[Card, int], None]) -> tuple[Card, ...]:
        toks = list(line.tokens)
        words: dict[str, int] = {}
        while toks and toks[-1][0].lower() in ("frozen", "blocked"):
            w = toks.pop()
            if w[0].lower() in words:
                self.fail(w[1], f"{w[0].lower()} is given twice")
            words[w[0].lower()] = w[1]
        if not toks:
            self.fail(line.key_pos, "write the pile's cards (bottom first, top last) or '-'")
        cards: list[Card] = []
        if not (len(toks) == 1 and toks[0][0] == "-"):
            for tok, pos in toks:
                marked = len(tok) > 1 and tok.endswith("*")
                card = self.card_at((tok[:-1] if marked else tok, pos))
                if marked and not _freezes(v, card):
                    self.fail(pos, f"{card} does not freeze the pile: no '*'")
                count(card, pos)
                cards.append(card)
        if cards and cards[-1].is_red_three:
            self.fail(toks[-1][1], "a red three is never on top of the pile")
        frozen = any(_freezes(v, c) for c in cards)
        blocked = bool(cards) and cards[-1].is_black_three
        if "frozen" in words and not frozen:
            self.fail(words["frozen"], "the pile holds no card that freezes it")
        if "blocked" in words and not blocked:
            self.fail(words["blocked"], "only a black three on top blocks the pile")
        return tuple(cards)

    # ------------------------------------------------------------------ the turn
    def check_turn(self, state: GameState, line: _Line, facts: dict[str, int], ppos: int) -> None:
        t = state.turn
        phase = state.phase
        v = state.variant
        seat = t.seat

        def at(key: str) -> int:
            return facts.get(key, ppos)

        side = state.sides.index(next(s for s in state.sides if seat in s))
        if phase is Phase.DRAW:
            if t != Turn(seat=seat):
                self.fail(at(next(iter(facts))), "before drawing, a turn has no facts yet")
            if not state.hands[seat]:
                self.fail(ppos, f"seat {seat} has no cards to play (he would have gone out)")
            if not state.stock:
                if not v.play_after_stock:
                    self.fail(ppos, "the stock is exhausted: in this variant the hand is over")
                # A seat that cannot take the pile: the position before the engine's automatic
                # end of the hand (canasta.position(automatic=False)); he may only decline.
            return
        problem = _turn_problem(state)
        if problem is not None:
            self.fail(at(problem[0]), problem[1])
        if phase is Phase.HAND_OVER:
            end = state.end
            assert end is not None
            if end.reason is EndReason.WENT_OUT and end.seat is not None:
                if state.hands[end.seat]:
                    self.fail(ppos, f"seat {end.seat} went out, so his hand is empty ('-')")
            return
        try:
            if phase is Phase.ANSWER:
                if len(state.sides[side]) < 2:
                    self.fail(ppos, f"seat {seat} has no partner to answer")
                asking = core.evolve(state, phase=Phase.PLAY, turn=core.evolve(t, asked=False))
                if not is_legal(asking, AskPartner(seat)):
                    self.fail(
                        ppos,
                        "the player could not have asked partner here (he must hold two cards "
                        "or more and be able to go out this turn)",
                    )
            if not legal_actions(state):
                self.fail(ppos, "the seat to act would have no legal action in this position")
        except NotationError:
            raise
        except CanastaError as exc:
            self.fail(ppos, f"an impossible position: {exc}")


def _splits(v: Variant, meld: Meld) -> bool:
    """Whether a Cutthroat partnership's meld is two lawful melds merged when the lone hand
    formed (BI-CT): each player's meld met the rules, their union need not."""
    nat, j, t = core.meld_stats(meld)
    w = j + t
    if core.composition_problem(v, nat, w) is None:
        return False  # a lawful meld: checked as any other
    for n1 in range(v.min_naturals, nat - v.min_naturals + 1):
        for w1 in range(w + 1):
            if (
                core.composition_problem(v, n1, w1) is None
                and core.composition_problem(v, nat - n1, w - w1) is None
            ):
                return True
    return False


def parse_position(text: str) -> GameState:
    """Parse the position notation (see the module documentation) into a state.

    >>> s = parse_position("canasta classic seed 1\\nturn 0 draw\\nhands KH KS / 7D / 4C / 9S\\n"
    ...                    "pile 5D")
    >>> s.dealer, len(s.stock), s.top_card
    (3, 102, Card.parse('5D'))

    Raises:
        NotationError: the text does not parse, or describes a position that cannot be: the
            message names the line, the column and the field; ``.position`` is the index in
            ``text``. Text over :data:`MAX_POSITION_TEXT` characters is refused unread.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position must be given as text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise NotationError(
            f"a position of {len(text)} characters is too long (at most {MAX_POSITION_TEXT})",
            text,
            None,
        )
    return _PositionParser(text).parse()
