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
  he drew the last stock card as a red three (may meld, not discard). The state derives the
  phase from these facts and the ``end`` (:attr:`GameState.phase <canasta.GameState.phase>`):
  a phase they contradict is refused.
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
  cards out of play, and ``melded`` as :func:`canasta.position` fills it: every playing seat of
  a side with melds, unless the player to act started them all this turn.

The reader only reads: whether the state it reads is a possible one (every card of the pack
once, melds by the variant's rules, seats that play, a turn whose facts fit each other and the
table, a legal action for the seat to act) is :func:`canasta.problems`' to say, and the first
problem it names is the error. Errors are :class:`~canasta.NotationError` naming the line, the
column and, for a problem, the field. ``repr(state)`` is ``canasta.parse_position('''...''')``
with the notation, which evaluates to an equal state.

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
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal, NamedTuple, NoReturn

import attrs

from . import _core as core
from . import limits
from ._codec import json_int, variant_document, variant_from_document
from ._judge import check_sender, judge, notation_seat
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
from .errors import CanastaError, IllegalActionError, NotationError, StateError
from .melds import Meld
from .positions import _before, default_has_melded, rest_of_pack
from .state import DrawSource, EndReason, GameState, HandEnd, Phase, Turn
from .validation import problems
from .variants import Variant, get_variant

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
#: spaces (:data:`canasta.limits.MAX_ACTION_TEXT`).
MAX_ACTION_TEXT: Final = limits.MAX_ACTION_TEXT
#: The longest position notation accepted, in characters (the JSON text limit,
#: :data:`canasta.limits.MAX_POSITION_TEXT`).
MAX_POSITION_TEXT: Final = limits.MAX_POSITION_TEXT

_TOKEN = re.compile(r"\S+")
_INT = re.compile(r"-?[0-9]{1,40}\Z")
_Token = tuple[str, int]
_Part = tuple[int, list[_Token]]  # a part of a line: where it starts, its tokens


def _refuse_unread(text: object, what: str, limit: int, shown: int = 40) -> None:
    """Refuse ``text`` (``what``) unread if it is not a string or is over ``limit`` characters;
    the message quotes its first ``shown`` characters."""
    if not isinstance(text, str):
        raise NotationError(f"{what} must be given as text, not {type(text).__name__}")
    if len(text) > limit:
        excerpt = limits.excerpt(text, shown)
        raise NotationError(f"{what} is too long (at most {limit} characters): {excerpt}", text)


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


def _split(start: int, tokens: list[_Token], sep: str) -> list[_Part]:
    """Split on lone ``sep`` tokens; each part comes with where it starts: ``start`` for the
    first, then the ``sep`` before it."""
    parts: list[_Part] = [(start, [])]
    for tok in tokens:
        if tok[0] == sep:
            parts.append((tok[1], []))
        else:
            parts[-1][1].append(tok)
    return parts


def _split_groups(tokens: list[_Token]) -> list[_Part]:
    """Split on lone ``+`` tokens. Each group comes with the index to blame if it is empty:
    the ``+`` that ends it, or for the last group the ``+`` that starts it."""
    parts = _split(tokens[0][1] if tokens else 0, tokens, "+")
    blame = [start for start, _ in parts[1:]] + [parts[-1][0]]
    return [(at, group) for at, (_, group) in zip(blame, parts, strict=True)]


def _group_cards(
    text: str, tokens: list[_Token], *, allow_tag: bool
) -> tuple[Rank | None, list[Card]]:
    """A group's rank (``None`` for wild cards only, without ``+RANK``) and cards: the rank of
    ``+RANK``, else that of the group's first card that is not wild. No rule is checked here (a
    card of another rank in the group is the rules' ``wrong_rank``)."""
    tag: Rank | None = None
    cards: list[Card] = []
    _at_most_cards(text, tokens[1:] if tokens and tokens[0][0].startswith("+") else tokens)
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


def _at_most_cards(text: str, cards: list[_Token]) -> None:
    """Refuse a list of more than :data:`canasta.limits.MAX_CARDS` cards (as JSON does),
    blaming the first card too many."""
    if len(cards) > limits.MAX_CARDS:
        raise _action_error(
            text,
            cards[limits.MAX_CARDS][1],
            f"{len(cards)} cards in one list are too many (at most {limits.MAX_CARDS})",
        )


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
    _refuse_unread(text, "action notation", MAX_ACTION_TEXT, 24)
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
        _at_most_cards(text, rest)
        return DealNextHand(deck=tuple(_parse_card(text, t, p) for t, p in rest))
    if key not in _KEYWORDS:
        raise _action_error(
            text, pos, f"not an action: {_quoted(word, 40)} (one of {', '.join(_KEYWORDS)})"
        )
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
        raise NotationError(f"action notation must be given as text, not {type(text).__name__}")
    if seat is not None:
        check_sender(state, seat)
    action = parse_action_text(text, notation_seat(state, seat))
    result = judge(state, action, seat)
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
    depth = 0
    for m in _OLD_TOKEN.finditer(text):
        kind = m.lastgroup
        tok = m.group(kind or 0)
        if kind == "str":
            try:
                body = re.sub(r"\\U([0-9a-fA-F]{8})", lambda u: chr(int(u.group(1), 16)), tok[1:-1])
            except (ValueError, OverflowError):
                fail("a bad escape in a string (no such character)")
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
            depth += 1 if tok == "(" else -1
            if depth > limits.MAX_DEPTH:  # as JSON (canasta.from_json); deeper would recurse
                fail("tuples nested deeper than 32 levels")
            tok = "[" if tok == "(" else "]"
        out.append(tok)
    if len(set(keys)) != len(keys):
        fail(f"{next(k for k in keys if keys.count(k) > 1)} is given twice")
    try:
        changes: dict[str, Any] = json.loads(
            re.sub(r",\s*(?=[\]}])", "", "".join(out)), parse_int=json_int
        )
    except ValueError:
        fail("expected a value: an int, None, true, false, a word, a string or a tuple")
    points = {k[7:]: changes.pop(k) for k in keys if k.startswith("points.")}
    if points:
        changes["points"] = {**attrs.asdict(base.points), **points}  # given one by one
    return changes


def _read_variant(
    text: str, pos: int, end: int, fail: Callable[[int, str], NoReturn]
) -> tuple[Variant, int]:
    """Read a variant at ``text[pos:end]``: its JSON form, a preset's name, or the old brace form
    ``NAME{field=value,...}``; return the variant and the index after it. At most
    :data:`canasta.limits.MAX_VARIANT_TEXT` characters are read (from ``pos`` to ``end``)."""
    if end - pos > limits.MAX_VARIANT_TEXT:
        fail(pos, f"a variant of {end - pos} characters (at most {limits.MAX_VARIANT_TEXT})")
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


_JSON = json.JSONDecoder(parse_int=json_int)


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
        raise NotationError(f"{message} at column {pos} of {limits.excerpt(text)}", text, pos)

    start = len(text) - len(text.lstrip())
    variant, end = _read_variant(text, start, len(text), fail)
    if text[end:].strip():
        fail(end, "unexpected text after the variant")
    return variant


# ============================================================================ positions
_PHASES = {p.value: p for p in Phase} | {"over": Phase.HAND_OVER}
_LINE_KEYS: tuple[str, ...] = ("totals", "turn", "end", "hands", "sides", "melds", "pile")
_LINE_KEYS += ("stock", "red", "melded", "out_of_play")
_FLAGS: tuple[str, ...] = ("asked", "laid_off", "melded", "last_red_three")


def _cards_text(cards: Sequence[Card] | Cards) -> str:
    return " ".join(str(c) for c in cards) or "-"


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
        NotationError: ``stock`` is neither ``"cards"`` nor ``"size"``, or the state holds
            seats' hidden packets (:attr:`~canasta.GameState.zones`), which only JSON carries.
    """
    if not isinstance(state, GameState):
        raise StateError(f"not a GameState: {type(state).__name__}")
    if state.zones:
        raise NotationError(
            "the position notation has no line for hidden packets (zones): JSON carries them"
        )
    if stock not in ("cards", "size"):
        raise NotationError(f"stock must be 'cards' or 'size', not {stock!r}", repr(stock))
    v, t, end = state.variant, state.turn, state.end
    seed = "-" if state.seed is None else str(state.seed)
    deal = "" if state.deal_version == 1 else f" deal {state.deal_version}"
    facts = [str(t.seat), state.phase.value]
    facts += [f"drew={t.drew.value}"] if t.drew is not None else []
    facts += ["asked"] if t.asked else []
    facts += [f"permission={'yes' if t.permission else 'no'}"] if t.permission is not None else []
    facts += ["laid_off"] if t.laid_off else []
    if t.created:
        facts.append("created=" + ",".join(r.symbol for r in sorted(t.created, reverse=True)))
    facts += [name for name in ("melded", "last_red_three") if getattr(t, name)]
    lines = [
        f"canasta {format_variant(v)} hand {state.hand_number} dealer {state.dealer} seed {seed}"
        + deal,
        "totals " + " ".join(str(total) for total in state.totals),
        "turn " + " ".join(facts),
    ]
    if end is not None:
        words = [end.reason.value, *([f"seat={end.seat}"] if end.seat is not None else [])]
        words += [w for w in ("concealed", "partner_had_melded") if getattr(end, w)]
        lines.append("end " + " ".join(words))
    lines.append("hands " + " / ".join(_cards_text(h) for h in state.hands))
    if state.sides != hand_sides(v, state.order):
        lines.append("sides " + " / ".join(" ".join(map(str, s)) for s in state.sides))
    lines.append("melds " + " / ".join(" ; ".join(map(str, ms)) or "-" for ms in state.melds))
    pile = [str(c) + "*" * core.freezes_pile(v, c) for c in state.discard_pile]
    pile += [w for w, on in (("frozen", state.pile_frozen), ("blocked", state.pile_blocked)) if on]
    lines.append("pile " + (" ".join(pile) if state.discard_pile else "-"))
    sized = stock == "size"
    lines.append("stock " + (str(len(state.stock)) if sized else _cards_text(state.stock)))
    lines.append("red " + " / ".join(_cards_text(r) for r in state.red_threes))
    melded = " ".join(str(s) for s, m in enumerate(state.has_melded) if m)
    lines.append("melded " + (melded or "-"))
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


class _Line(NamedTuple):
    number: int
    keyword: str
    key_pos: int
    tokens: list[_Token]


class _Reader:
    """Reads the position notation into a state, noting where each field of the state is written
    (:attr:`where`, by the paths of :class:`~canasta.Problem`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] = []  # where each line starts
        self.keys: dict[int, str] = {}  # the keyword of each line, by line number
        self.where: dict[str, int] = {}
        self.zones: dict[str, tuple[list[tuple[Card, int]], Iterable[Card]]] = {}

    def fail(self, pos: int, message: str) -> NoReturn:
        pos = max(0, min(pos, len(self.text)))
        i = bisect.bisect_right(self.starts, pos) - 1
        if i < 0:
            raise NotationError(
                f"{message} (in a position of {len(self.text)} characters)", self.text, pos
            )
        start = self.starts[i]
        line = self.text[start:].partition("\n")[0]
        key = self.keys.get(i + 1)
        label = f"line {i + 1} ({key})" if key else f"line {i + 1}"
        shown = line if len(line) <= 120 else line[:117] + "..."
        raise NotationError(
            f"{label}, column {pos - start}: {message} (in {shown!r})", self.text, pos
        )

    # ------------------------------------------------------------------ tokens
    def int_at(self, tok: _Token, what: str, low: int | None = None) -> int:
        if not _INT.match(tok[0]):
            self.fail(tok[1], f"{what} must be an int, not {_quoted(tok[0], 40)}")
        if low is not None and int(tok[0]) < low:
            self.fail(tok[1], f"{what} must be at least {low}, not {tok[0]}")
        return int(tok[0])

    def seat_at(self, tok: _Token, players: int, what: str = "seat") -> int:
        if not re.fullmatch(r"[0-9]{1,9}", tok[0]):
            self.fail(tok[1], f"{what} must be a seat number, not {_quoted(tok[0], 40)}")
        if int(tok[0]) >= players:
            self.fail(tok[1], f"{what}: there is no seat {tok[0]} (seats 0 to {players - 1})")
        return int(tok[0])

    def card_at(self, tok: _Token) -> Card:
        card = _CARD_BY_TEXT.get(tok[0].upper())
        if card is None:
            self.fail(tok[1], _card_message(tok[0]))
        return card

    def per(self, line: _Line, n: int, what: str) -> list[_Part]:
        parts = _split(line.key_pos + len(line.keyword), line.tokens, "/")
        if len(parts) != n:
            self.fail(line.key_pos, f"{len(parts)} entries separated by '/' for {n} {what}s")
        for start, part in parts:
            if not part:
                self.fail(start, "an empty entry: write '-' for none")
        return parts

    def cards(self, part: list[_Token]) -> list[tuple[Card, int]]:
        if len(part) == 1 and part[0][0] == "-":
            return []
        if len(part) > limits.MAX_CARDS:  # one list of cards, as in JSON (canasta.limits)
            self.fail(
                part[limits.MAX_CARDS][1],
                f"{len(part)} cards are too many (at most {limits.MAX_CARDS})",
            )
        for tok in part:
            if tok[0] == "-":
                self.fail(tok[1], "'-' stands alone for no cards")
        return [(self.card_at(tok), tok[1]) for tok in part]

    def note(self, path: str, got: list[tuple[Card, int]], listed: Iterable[Card]) -> None:
        """Note where the cards of the zone at ``path`` are written (worked out if asked)."""
        self.zones[path] = (got, listed)

    def locate(self, path: str) -> int:
        """Where the field at ``path`` (or the nearest field holding it) is written: a card of
        a zone is the ``k``-th the state lists (``listed``), copies in the order written."""
        zone, _, k = path.rpartition("[")
        if zone in self.zones:
            got, listed = self.zones[zone]
            left: dict[Card, list[int]] = {}
            for card, pos in reversed(got):
                left.setdefault(card, []).append(pos)
            return [left[card].pop() for card in listed][int(k[:-1])]
        while path and path not in self.where:
            path = path[: max(path.rfind("["), path.rfind("."), 0)]
        return self.where.get(path, 0)

    # ------------------------------------------------------------------ the whole
    def lines(self) -> tuple[list[_Token], dict[str, _Line]]:
        header: list[_Token] = []
        by_key: dict[str, _Line] = {}
        pos = 0
        for number, row in enumerate(self.text.split("\n"), 1):
            self.starts.append(pos)
            toks = _tokens(self.text, pos, pos + len(row))
            pos += len(row) + 1
            if not toks or toks[0][0].startswith("#"):
                continue
            if not header:
                header, self.keys[number] = toks, "header"
                continue
            key = toks[0][0].lower()
            if key not in _LINE_KEYS:
                self.fail(
                    toks[0][1],
                    f"not a line of a position: {_quoted(toks[0][0], 40)} "
                    f"(lines: {', '.join(_LINE_KEYS)})",
                )
            if key in by_key:
                self.fail(
                    toks[0][1], f"a second {key!r} line (the first is line {by_key[key].number})"
                )
            self.keys[number] = key
            by_key[key] = _Line(number, key, toks[0][1], toks[1:])
            self.where[_PATHS.get(key, key)] = toks[0][1]
        if not header:
            raise NotationError("an empty position: it starts with 'canasta VARIANT'", self.text)
        return header, by_key

    def header(self, toks: list[_Token]) -> tuple[Variant, dict[str, _Token]]:
        text = self.text
        if toks[0][0].lower() != "canasta":
            self.fail(toks[0][1], "a position starts with 'canasta VARIANT'")
        hend = text.find("\n", toks[0][1])
        hend = len(text) if hend < 0 else hend
        vpos = toks[0][1] + len(toks[0][0])
        if vpos >= hend or not text[vpos].isspace():
            self.fail(vpos, "expected a space and the variant after 'canasta'")
        vpos = len(text) - len(text[vpos:].lstrip(" \t\r\f\v"))
        self.where[""] = vpos
        v, after = _read_variant(text, vpos, hend, self.fail)
        if after < hend and not text[after].isspace():
            self.fail(after, "expected a space after the variant")
        rest = _tokens(text, after, hend)
        fields: dict[str, _Token] = {}
        for i in range(0, len(rest), 2):
            key, kpos = rest[i][0].lower(), rest[i][1]
            if key not in ("hand", "dealer", "seed", "deal"):
                self.fail(kpos, f"expected hand, dealer, seed or deal, not {rest[i][0]!r}")
            if key in fields:
                self.fail(kpos, f"{key} is given twice")
            if i + 1 >= len(rest):
                self.fail(hend, f"{key} needs a value")
            fields[key] = rest[i + 1]
            path = {"hand": "hand_number", "deal": "deal_version"}.get(key, key)
            self.where[path] = rest[i + 1][1]
        return v, fields

    def parse(self) -> GameState:
        header, by_key = self.lines()
        v, fields = self.header(header)
        n = v.players

        def line(key: str) -> _Line:
            if key not in by_key:
                self.fail(len(self.text), f"a position needs a {key!r} line ({_NEEDED[key]})")
            return by_key[key]

        hand_number = self.int_at(fields["hand"], "hand") if "hand" in fields else 1
        seed: int | None = 0
        if "seed" in fields:
            seed = None if fields["seed"][0] == "-" else self.int_at(fields["seed"], "seed")
        deal_version = 1  # version 0 (the old shuffle) is written out: "deal 0"
        if "deal" in fields:
            deal_version = self.int_at(fields["deal"], "deal")
            if deal_version not in DEAL_VERSIONS:
                self.fail(
                    fields["deal"][1],
                    f"deal: the deal version is one of {', '.join(map(str, DEAL_VERSIONS))}",
                )
        order = seating(v, hand_number)
        sides = hand_sides(v, order)
        if "sides" in by_key:
            parts = _split(by_key["sides"].key_pos, by_key["sides"].tokens, "/")
            for start, part in parts:
                if not part:
                    self.fail(start, "an empty side")
            sides = tuple(tuple(self.seat_at(t, n) for t in part) for _, part in parts)
        turn, phase, melded = self.turn(line("turn"), n)
        dealer = _before(order, turn.seat)
        if "dealer" in fields:
            dealer = self.seat_at(fields["dealer"], n, "dealer")
        end = self.hand_end(by_key["end"], n) if "end" in by_key else None
        totals: tuple[int, ...] = (0,) * len(v.sides)
        if "totals" in by_key:
            totals = tuple(self.int_at(t, "a total") for t in by_key["totals"].tokens)
        # ---------------------------------------------------------------- cards
        hands = self.per_seat(line("hands"), n, "hands")
        reds = self.per_seat(by_key["red"], n, "red_threes") if "red" in by_key else [[]] * n
        melds: list[tuple[Meld, ...]] = [()] * len(sides)
        if "melds" in by_key:
            for si, (start, part) in enumerate(self.per(by_key["melds"], len(sides), "side")):
                self.where[f"melds[{si}]"] = start
                melds[si] = self.melds(si, part)
        pile = self.pile(v, by_key["pile"]) if "pile" in by_key else []
        out = self.cards(by_key["out_of_play"].tokens) if "out_of_play" in by_key else []
        if "out_of_play" in by_key and not by_key["out_of_play"].tokens:
            self.fail(by_key["out_of_play"].key_pos, "write the cards out of play, or '-'")
        self.note("out_of_play", out, Cards.of(c for c, _ in out))
        size: _Token | None = None
        stock: list[Card] | None = None
        if "stock" in by_key:
            toks = by_key["stock"].tokens
            if not toks:
                self.fail(
                    by_key["stock"].key_pos, "write the stock's cards (top first), '-' or its size"
                )
            if len(toks) == 1 and _INT.match(toks[0][0]):
                size = toks[0]
            else:
                got = self.cards(toks)
                self.note("stock", got, [c for c, _ in got])
                stock = [c for c, _ in got]
        if stock is None:
            placed = [c for zone in (*hands, *reds, pile, out) for c, _ in zone]
            placed += [c for side in melds for m in side for c in m.cards]
            stock = rest_of_pack(v, placed, seed)
        state = GameState(
            variant=v,
            seed=seed,
            hand_number=hand_number,
            dealer=dealer,
            totals=totals,
            sides=sides,
            hands=tuple(Cards.of(c for c, _ in h) for h in hands),
            stock=tuple(stock),
            discard_pile=tuple(c for c, _ in pile),
            melds=tuple(melds),
            red_threes=tuple(tuple(c for c, _ in r) for r in reds),
            turn=turn,
            has_melded=self.melded(by_key.get("melded"), n, order, sides, melds, turn),
            end=end,
            out_of_play=Cards.of(c for c, _ in out),
            deal_version=deal_version,
        )
        found = problems(state, melded=melded, phase=phase)
        if found:
            path = found[0].path
            self.fail(self.locate(path), found[0].message + (f" ({path})" if path else ""))
        for word, on in (("frozen", state.pile_frozen), ("blocked", state.pile_blocked)):
            if word in self.where and not on:
                self.fail(self.where[word], _UNMARKED[word])
        if size is not None and self.int_at(size, "the stock size", low=0) != len(stock):
            self.fail(
                size[1], f"the stock has the {len(stock)} cards placed nowhere else, not {size[0]}"
            )
        return state

    # ------------------------------------------------------------------ lines
    def turn(self, line: _Line, n: int) -> tuple[Turn, Phase, bool]:
        """The turn, its phase and whether the line says ``melded`` (which the turn derives)."""
        if len(line.tokens) < 2:
            self.fail(line.key_pos, "write 'turn SEAT PHASE [facts]', e.g. 'turn 0 draw'")
        seat = self.seat_at(line.tokens[0], n, "turn")
        word, pos = line.tokens[1]
        if word.lower() not in _PHASES:
            self.fail(pos, f"not a phase: {_quoted(word, 40)} (draw, play, answer, hand_over)")
        self.where["turn.seat"], self.where["phase"] = line.tokens[0][1], pos
        facts: dict[str, Any] = {}
        for tok, pos in line.tokens[2:]:
            key, eq, val = tok.lower().partition("=")
            if f"turn.{key}" in self.where and key != "seat":
                self.fail(pos, f"{key} is given twice")
            self.where[f"turn.{key}"] = pos
            if key in _FLAGS and not eq:
                facts[key] = True
            elif key == "drew" and val in ("stock", "pile"):
                facts[key] = DrawSource(val)
            elif key == "permission" and val in ("yes", "no"):
                facts[key] = val == "yes"
            elif key == "created" and eq:
                facts[key] = frozenset(self.rank(r, pos) for r in val.split(","))
            else:
                self.fail(pos, f"not a fact of the turn: {tok!r} ({_FACTS})")
        melded = facts.pop("melded", False)
        return Turn(seat=seat, **facts), _PHASES[word.lower()], melded

    def rank(self, text: str, pos: int) -> Rank:
        try:
            return Rank.parse(text)
        except NotationError:
            self.fail(pos, f"created: not a rank: {text!r} (e.g. created=K,Q)")

    def hand_end(self, line: _Line, n: int) -> HandEnd:
        if not line.tokens:
            self.fail(line.key_pos, "write 'end REASON [seat=N] [concealed] [partner_had_melded]'")
        word, pos = line.tokens[0]
        if word.lower() not in {r.value for r in EndReason}:
            choices = ", ".join(r.value for r in EndReason)
            self.fail(pos, f"not a reason a hand ends: {word!r} ({choices})")
        facts: dict[str, Any] = {}
        for tok, tpos in line.tokens[1:]:
            key, eq, val = tok.lower().partition("=")
            if key in facts:
                self.fail(tpos, f"{key} is given twice")
            if key == "seat" and eq:
                facts[key] = self.seat_at((val, tpos + 5), n)
                self.where["end.seat"] = tpos
            elif key in ("concealed", "partner_had_melded") and not eq:
                facts[key] = True
            else:
                self.fail(tpos, f"not a fact of the end: {tok!r} ({_END_FACTS})")
        return HandEnd(reason=EndReason(word.lower()), **facts)

    def per_seat(self, line: _Line, n: int, path: str) -> list[list[tuple[Card, int]]]:
        out = []
        for seat, (start, part) in enumerate(self.per(line, n, "seat")):
            self.where[f"{path}[{seat}]"] = start if part[0][0] == "-" else part[0][1]
            got = self.cards(part)
            self.note(
                f"{path}[{seat}]",
                got,
                Cards.of(c for c, _ in got) if path == "hands" else [c for c, _ in got],
            )
            out.append(got)
        return out

    def melds(self, si: int, part: list[_Token]) -> tuple[Meld, ...]:
        """A side's melds, each written as its cards: its rank is that of its natural cards."""
        if len(part) == 1 and part[0][0] == "-":
            return ()
        read: list[tuple[Meld, int, list[tuple[Card, int]]]] = []
        for start, group in _split(part[0][1], part, ";"):
            got = self.cards(group)
            if not got:
                self.fail(start, "an empty meld: melds are separated by ';', '-' is no meld")
            naturals = [(c, pos) for c, pos in got if not c.is_wild]
            if not naturals:
                self.fail(start, "a meld on the table holds natural cards")
            for card, pos in naturals:
                if card.rank is not naturals[0][0].rank:
                    self.fail(
                        pos, f"{card} does not belong in a meld of {naturals[0][0].rank.symbol}s"
                    )
            read.append((Meld(naturals[0][0].rank, [c for c, _ in got]), start, got))
        read.sort(key=lambda m: -m[0].rank)
        for mi, (meld, start, got) in enumerate(read):
            self.where[f"melds[{si}][{mi}]"] = start
            self.note(f"melds[{si}][{mi}].cards", got, meld.cards)
        return tuple(m for m, _, _ in read)

    def pile(self, v: Variant, line: _Line) -> list[tuple[Card, int]]:
        toks = list(line.tokens)
        while toks and toks[-1][0].lower() in _UNMARKED:
            word, pos = toks.pop()
            if word.lower() in self.where:
                self.fail(pos, f"{word.lower()} is given twice")
            self.where[word.lower()] = pos
        if not toks:
            self.fail(line.key_pos, "write the pile's cards (bottom first, top last) or '-'")
        got = self.cards([(tok.removesuffix("*") or tok, pos) for tok, pos in toks])
        for (card, pos), (tok, _) in zip(got, toks, strict=False):  # marks: '*', checked
            if tok.endswith("*") and not core.freezes_pile(v, card):
                self.fail(pos, f"{card} does not freeze the pile: no '*'")
        self.note("discard_pile", got, [c for c, _ in got])
        return got

    def melded(
        self,
        line: _Line | None,
        n: int,
        order: tuple[int, ...],
        sides: tuple[tuple[int, ...], ...],
        melds: list[tuple[Meld, ...]],
        turn: Turn,
    ) -> tuple[bool, ...]:
        if line is None:
            return default_has_melded(n, order, sides, melds, turn)
        if not line.tokens:
            self.fail(line.key_pos, "write the seats that melded, or '-'")
        seats: list[int] = []
        for tok in line.tokens if line.tokens[0][0] != "-" or len(line.tokens) > 1 else []:
            seat = self.seat_at(tok, n)
            if seat in seats:
                self.fail(tok[1], f"seat {seat} is given twice")
            seats.append(seat)
            self.where[f"has_melded[{seat}]"] = tok[1]
        return tuple(s in seats for s in range(n))


_PATHS = {"pile": "discard_pile", "red": "red_threes", "melded": "has_melded"}
_NEEDED = {"turn": "e.g. 'turn 0 draw'", "hands": "one entry per seat"}
_FACTS = (
    "drew=stock|pile, asked, permission=yes|no, laid_off, created=RANKS, melded, last_red_three"
)
_END_FACTS = "seat=N, concealed, partner_had_melded"
_UNMARKED = {
    "frozen": "the pile holds no card that freezes it",
    "blocked": "only a black three on top blocks the pile",
}


def parse_position(text: str) -> GameState:
    """Parse the position notation (see the module documentation) into a state, and check it is
    a possible one (:func:`canasta.problems`).

    >>> s = parse_position("canasta classic seed 1\\nturn 0 draw\\nhands KH KS / 7D / 4C / 9S\\n"
    ...                    "pile 5D")
    >>> s.dealer, len(s.stock), s.top_card
    (3, 102, Card.parse('5D'))

    Raises:
        NotationError: the text does not parse, or describes a position that cannot be (the
            first of its problems): the message names the line, the column and the field;
            ``.position`` is the index in ``text``. Text over :data:`MAX_POSITION_TEXT`
            characters is refused unread.
    """
    _refuse_unread(text, "a position", MAX_POSITION_TEXT)
    return _Reader(text).parse()
