"""Game records: a header (variant, seed or deck, seats, names, date) and the list of actions,
stored as JSON or as a readable text; :func:`replay` plays a record and reports its first illegal
action.

The text form, one header tag a line and then one action a line (``SEAT: ACTION`` in the action
notation, ``deal`` for the next hand, ``#`` starts a comment)::

    [Variant classic]
    [Seed 7]
    [DealVersion 1]
    [Players Ann, Bob, Cid, Dee]
    [Date 2026-11-30]

    # hand 1
    0: draw
    0: meld KH KS JK
    0: discard 4C
    1: take 4S 4D
    ...
    deal

A house-rule variant is written in its JSON form, the preset it derives from and its changed
fields, as in positions and JSON documents: ``[Variant {"preset": "classic", "changes":
{"natural_canasta_bonus": 700}}]`` (records written before it give ``[Variant classic
{"natural_canasta_bonus": 700}]``, which still loads). A deck given instead of (or beside) the
seed is ``[Deck KH 9C ...]`` (the whole pack in dealing order). ``[DealVersion 1]`` names the
deal algorithm the seed's decks follow (:func:`canasta.shuffled_pack`); a record without it was
written before portable deals and replays with their shuffle, deal version 0 (the JSON form
likewise, with or without ``"deal_version"``).

>>> import canasta
>>> record = canasta.GameRecord(variant=canasta.get_variant("classic"), seed=7,
...                             actions=(canasta.Draw(0),))
>>> canasta.replay(record).phase
<Phase.PLAY: 'play'>
>>> canasta.GameRecord.loads(record.dumps()) == record
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from ._codec import (
    json_int,
    object_pairs,
    optional_keys,
    refine_schema,
    variant_from_document,
)
from ._judge import short
from ._rules import shuffled_deck
from .actions import _ACTION_TYPES, Action, DealNextHand
from .cards import Card, to_card_list
from .deals import DEAL_VERSION, DEAL_VERSIONS
from .engine import apply, new_game
from .errors import CanastaError, IllegalActionError, NotationError, Reason
from .limits import (
    MAX_CARDS,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RECORD_ACTIONS,
    MAX_RECORD_LINES,
    MAX_RECORD_TEXT,
    MAX_SEED,
    MAX_TOTAL,
    MIN_SEED,
    excerpt,
)
from .notation import _quoted as _quote
from .notation import format_variant, parse_action_text, parse_variant
from .serialize import from_dict, from_json, register, to_dict
from .state import GameState
from .variants import CardPoints, Variant, _is_int, get_variant

__all__ = ["GameRecord", "ReplayError", "replay", "replay_steps"]

#: The longest record text accepted, in characters (:data:`canasta.limits.MAX_RECORD_TEXT`,
#: as JSON text); it has at most :data:`canasta.limits.MAX_RECORD_LINES` lines.
MAX_TEXT = MAX_RECORD_TEXT


def _variant(value: Any) -> Variant:
    """A :class:`Variant`, or a preset's name or alias converted to it."""
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        return get_variant(value)  # VariantError for an unknown name, with the closest one
    raise NotationError(f"variant: a Variant or a preset's name, not {type(value).__name__}")


def _actions(value: Any) -> tuple[Action, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise NotationError(f"actions: a sequence of actions, not {type(value).__name__}")
    actions = tuple(value)
    if len(actions) > MAX_RECORD_ACTIONS:
        raise NotationError(
            f"actions: {len(actions)} actions are too many (at most {MAX_RECORD_ACTIONS})"
        )
    for i, action in enumerate(actions):
        if not isinstance(action, _ACTION_TYPES):
            raise NotationError(f"actions[{i}]: not an action: {type(action).__name__}")
    return actions


def _seed(value: Any) -> int | None:
    if value is not None and (not _is_int(value) or not MIN_SEED <= value <= MAX_SEED):
        raise NotationError(f"seed: an integer of 64 bits or None, not {_shown(value)}")
    return None if value is None else int(value)


def _deal_version(value: Any) -> int:
    if not _is_int(value) or value not in DEAL_VERSIONS:
        raise NotationError(f"deal_version: one of {DEAL_VERSIONS}, not {_shown(value)}")
    return int(value)


def _dealer(value: Any) -> int | None:
    if value is not None and (not _is_int(value) or not 0 <= value < MAX_PLAYERS):
        raise NotationError(f"dealer: a seat or None, not {_shown(value)}")
    return None if value is None else int(value)


def _totals(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    totals = tuple(value)
    if len(totals) > MAX_PLAYERS or not all(
        _is_int(t) and -MAX_TOTAL <= t <= MAX_TOTAL for t in totals
    ):
        raise NotationError(f"totals: integers from -{MAX_TOTAL} to {MAX_TOTAL} (10**15)")
    return tuple(int(t) for t in totals)


def _text(value: str, what: str) -> None:
    if (
        not isinstance(value, str)
        or len(value) > MAX_NAME
        or not value.isprintable()
        or value != value.strip()
    ):
        raise NotationError(
            f"{what}: printable text of at most {MAX_NAME} characters, not {_shown(value)}"
        )


def _players(value: Any) -> tuple[str, ...]:
    names = tuple(value)
    if len(names) > MAX_PLAYERS:
        raise NotationError(f"players: {len(names)} names are too many (at most {MAX_PLAYERS})")
    for name in names:
        _text(name, "players")
        if "," in name or not name:
            raise NotationError(f"players: a name holds no comma and is not empty: {_quote(name)}")
    return names


def _deck(value: Any) -> tuple[Card, ...] | None:
    if value is None:
        return None
    cards = to_card_list(value)
    if len(cards) > MAX_CARDS:
        raise NotationError(f"deck: {len(cards)} cards are too many (at most {MAX_CARDS})")
    return tuple(cards)


def _date(value: Any) -> str | None:
    if value is None:
        return None
    _text(value, "date")
    return str(value)


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game or match: how it started and every action since.

    Attributes:
        variant: the rules: a :class:`~canasta.Variant`, or a preset's name or alias (such as
            ``"classic"``), which is converted to that preset.
        seed: the match seed (decks of later hands follow from it), or ``None``.
        deck: the first hand's deck (the whole pack in dealing order) when it is not the seed's.
        dealer: the first dealer (default: the variant's default, the last seat).
        totals: the match sides' totals to start from (default 0 each).
        players: optional player names, one per seat.
        date: optional date (free text, ISO ``YYYY-MM-DD`` by convention).
        actions: the actions, in order (each :class:`~canasta.DealNextHand` starts a hand).
        deal_version: the deal algorithm of the seeded hands (:data:`canasta.DEAL_VERSION` by
            default; records read without one are of version 0, see the module documentation).

    Raises:
        NotationError: a field of the wrong type or out of range (the message names it).
        VariantError: ``variant`` names no preset (the message lists the names).
    """

    variant: Variant = attrs.field(converter=_variant)
    seed: int | None = attrs.field(default=None, converter=_seed)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)
    dealer: int | None = attrs.field(default=None, converter=_dealer)
    totals: tuple[int, ...] | None = attrs.field(default=None, converter=_totals)
    players: tuple[str, ...] = attrs.field(default=(), converter=_players)
    date: str | None = attrs.field(default=None, converter=_date)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    deal_version: int = attrs.field(default=DEAL_VERSION, converter=_deal_version)

    def start(self) -> GameState:
        """The state before the first action.

        Raises:
            NotationError: the header cannot start a game (no seed and no deck, a deck that is
                not the pack or does not match the seed's deal, a dealer who does not play).
        """
        if self.seed is None and self.deck is None:
            raise NotationError("a record needs a seed or a deck")
        if self.deck is not None and self.seed is not None:
            if self.deck != shuffled_deck(self.variant, self.seed, 1, self.deal_version):
                raise NotationError("the deck does not match the deal of the record's seed")
        try:
            return new_game(
                self.variant,
                seed=self.seed,
                deck=self.deck,
                dealer=self.dealer,
                totals=self.totals,
                deal_version=self.deal_version,
            )
        except CanastaError as exc:
            raise NotationError(f"the header cannot start a game: {exc}") from None

    # ------------------------------------------------------------------ text form
    def dumps(self) -> str:
        """The readable text form (see the module documentation)."""
        tags = {  # each tag written unless its value is None
            "Variant": format_variant(self.variant),
            "Seed": self.seed,
            "DealVersion": self.deal_version,
            "Deck": None if self.deck is None else " ".join(map(str, self.deck)),
            "Dealer": self.dealer,
            "Totals": None if self.totals is None else " ".join(map(str, self.totals)),
            "Players": ", ".join(self.players) or None,
            "Date": self.date,
        }
        lines = [f"[{tag} {value}]" for tag, value in tags.items() if value is not None]
        lines.append("")
        hand = 1
        lines.append(f"# hand {hand}")
        for action in self.actions:
            if isinstance(action, DealNextHand):
                hand += 1
                lines.append(str(action))
                lines.append(f"# hand {hand}")
            else:
                lines.append(f"{action.seat}: {action}")
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse the text form (or the JSON form, if ``text`` starts with ``{``).

        Raises:
            NotationError: anything that does not parse; the message names the line. Text
                over :data:`canasta.limits.MAX_RECORD_TEXT` characters or
                :data:`canasta.limits.MAX_RECORD_LINES` lines is refused before a line is
                read; a record holds at most :data:`canasta.limits.MAX_RECORD_ACTIONS` actions.
        """
        if not isinstance(text, str):
            raise NotationError(f"a record is text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise NotationError(
                f"a record is too long (at most {MAX_TEXT} characters): {excerpt(text)}", text
            )
        rows = text.splitlines()  # every line ending counts, "\r" and "\u2028" too
        if len(rows) > MAX_RECORD_LINES:
            raise NotationError(
                f"a record of {len(rows)} lines is too long (at most {MAX_RECORD_LINES} lines)",
                text,
            )
        if text.lstrip().startswith("{"):
            return cls.from_json(text)
        header: dict[str, str] = {}
        actions: list[Action] = []
        for number, raw in enumerate(rows, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"line {number}"
            if line.startswith("["):
                m = re.fullmatch(r"\[(\w+)\s*(.*)\]", line)
                if m is None:
                    raise NotationError(
                        f"{where}: a header tag is [Name value]: {_quote(raw)}", raw
                    )
                key = m.group(1).lower()
                if key in header:
                    raise NotationError(f"{where}: the tag {m.group(1)} is given twice", raw)
                if actions:
                    raise NotationError(f"{where}: header tags come before the actions", raw)
                header[key] = m.group(2).strip()
                continue
            m = re.fullmatch(r"([0-9]{1,20})\s*:\s*(.*)", line)
            try:
                if len(actions) == MAX_RECORD_ACTIONS:
                    raise NotationError(
                        f"more than {MAX_RECORD_ACTIONS} actions (at most {MAX_RECORD_ACTIONS})"
                    )
                if m is not None and int(m.group(1)) >= MAX_PLAYERS:
                    raise NotationError(
                        f"seats are numbered 0 to {MAX_PLAYERS - 1}, not {m.group(1)}", raw
                    )
                if m is not None:
                    actions.append(parse_action_text(m.group(2), int(m.group(1))))
                elif line.lower().startswith("deal"):
                    actions.append(parse_action_text(line, None))
                else:
                    raise NotationError("an action line is 'SEAT: ACTION' or 'deal'", raw)
            except NotationError as exc:
                raise NotationError(f"{where}: {exc}", raw) from None
        return cls._from_header(header, tuple(actions))

    @classmethod
    def _from_header(cls, header: dict[str, str], actions: tuple[Action, ...]) -> GameRecord:
        known = {"variant", "seed", "dealversion", "deck", "dealer", "totals", "players", "date"}
        for key in header:
            if key not in known:
                raise NotationError(f"unknown header tag [{_TAG_NAMES.get(key, key.capitalize())}]")
        if "variant" not in header:
            raise NotationError("the record has no [Variant] tag")
        variant = _parse_variant(header["variant"])
        seed = _int_tag(header, "seed")
        deal_version = _int_tag(header, "dealversion")
        if deal_version is not None and deal_version not in DEAL_VERSIONS:
            raise NotationError(f"[DealVersion] must be one of {DEAL_VERSIONS}: {deal_version}")
        dealer = _int_tag(header, "dealer")
        totals = None
        if "totals" in header:
            parts = header["totals"].split()
            if not parts or not all(re.fullmatch(r"-?[0-9]{1,40}", p) for p in parts):
                raise NotationError(f"[Totals] must be integers: {_quote(header['totals'])}")
            totals = tuple(int(p) for p in parts)
        deck = None
        if "deck" in header:
            try:
                deck = tuple(to_card_list(header["deck"]))
            except CanastaError as exc:
                raise NotationError(f"[Deck]: {exc}") from None
        players = (
            tuple(p.strip() for p in header["players"].split(",")) if "players" in header else ()
        )
        return cls(
            variant=variant,
            seed=seed,
            deck=deck,
            dealer=dealer,
            totals=totals,
            players=players,
            date=header.get("date"),
            actions=actions,
            deal_version=0 if deal_version is None else deal_version,
        )

    # ------------------------------------------------------------------ JSON form
    def to_dict(self) -> dict[str, Any]:
        """The JSON form, as a dict (also ``canasta.to_dict(record)``)."""
        return to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The JSON form."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse the JSON form (with the size, depth and strictness checks of
        :func:`canasta.from_json`).

        Raises:
            NotationError: anything malformed; the message names the JSON path.
        """
        record = from_json(text, "record")
        assert isinstance(record, GameRecord)
        return record

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Parse the JSON form given as a dict.

        Raises:
            NotationError: anything malformed; the message names the JSON path.
        """
        record = from_dict(data, "record")
        assert isinstance(record, GameRecord)
        return record


def _shown(value: Any) -> str:
    """A value for a message: an int in full up to 40 digits, anything else its short ``repr``."""
    if _is_int(value) and not -(10**40) < value < 10**40:
        return "an int of more than 40 digits"
    return short(value, 60)


#: The header tags as they are written, by their lower-case key.
_TAG_NAMES: dict[str, str] = {"dealversion": "DealVersion"}


def _int_tag(header: dict[str, str], key: str) -> int | None:
    if key not in header:
        return None
    text = header[key]
    # a deal version is written in canonical decimal (docs: Portable deals)
    pattern = r"0|[1-9][0-9]{0,3}" if key == "dealversion" else r"-?[0-9]{1,40}"
    if not re.fullmatch(pattern, text):
        name = _TAG_NAMES.get(key, key.capitalize())
        raise NotationError(f"[{name}] must be an integer: {_quote(text)}")
    return int(text)


# ---------------------------------------------------------------------------- variants as text
def _parse_variant(text: str) -> Variant:
    """The ``[Variant ...]`` tag: a preset's name or the JSON form of a house rule (as in
    positions and JSON documents); records written before it give ``NAME {changes}``."""
    name, _, rest = text.strip().partition(" ")
    try:
        if rest.strip() and not name.startswith("{"):
            try:
                changes = json.loads(rest, parse_int=json_int, object_pairs_hook=object_pairs)
            except (ValueError, RecursionError) as exc:
                raise NotationError(f"the changes are not JSON: {exc}") from None
            if isinstance(changes, dict) and isinstance(changes.get("points"), dict):
                changes["points"] = {**attrs.asdict(CardPoints()), **changes["points"]}
            return variant_from_document(
                {"preset": get_variant(name).name, "changes": changes}, "$"
            )
        return parse_variant(text)
    except CanastaError as exc:
        raise NotationError(f"[Variant]: {exc}") from None


# ---------------------------------------------------------------------------- replay
class ReplayError(IllegalActionError):
    """The first illegal action of a record.

    Attributes:
        index: the action's index in :attr:`GameRecord.actions` (0-based).
        action: the action.
        reason: the :class:`~canasta.Reason` code.
        state: the position before the action.
    """

    def __init__(self, index: int, action: object, reason: Reason, message: str, state: GameState):
        super().__init__(reason, f"action {index}: {message}", action)
        self.index = index
        self.state = state


def replay_steps(record: GameRecord) -> Iterator[tuple[int, Action, GameState, GameState]]:
    """Play a record step by step: ``(index, action, before, after)`` for each action.

    Raises:
        NotationError: the header cannot start a game.
        ReplayError: an illegal action (raised when it is reached).
    """
    state = record.start()
    for i, action in enumerate(record.actions):
        try:
            new = apply(state, action)
        except IllegalActionError as exc:
            raise ReplayError(i, action, exc.reason, exc.message, state) from None
        yield i, action, state, new
        state = new


def replay(record: GameRecord) -> GameState:
    """The final state of a record.

    Raises:
        NotationError: ``record`` is not a :class:`GameRecord`, or its header cannot start a game.
        ReplayError: the first illegal action, with its index, the action, the reason code and
            the position before it.
    """
    if not isinstance(record, GameRecord):
        raise NotationError(
            f"replay takes a GameRecord (GameRecord.loads reads one), not {type(record).__name__}"
        )
    state = record.start()
    for _i, _action, _before, after in replay_steps(record):
        state = after
    return state


def record_of(actions: Sequence[Action], start: GameState, **header: Any) -> GameRecord:
    """A record of ``actions`` played from ``start`` (a state made by :func:`canasta.new_game`;
    its hand must be the first of the match)."""
    deck = header.pop("deck", None)
    return GameRecord(
        variant=start.variant,
        seed=start.seed,
        deck=deck,
        dealer=start.dealer,
        totals=start.totals,
        actions=tuple(actions),
        deal_version=start.deal_version,
        **header,
    )


def _schema(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a record's field: the bounds its converter checks beyond those of
    its name (canasta._codec.RANGES)."""
    if name == "players":  # a name is not empty, holds no comma, has no space around it
        name_schema = {
            "type": "string",
            "maxLength": MAX_NAME,
            "pattern": r"^[^,\s]([^,]*[^,\s])?$",
        }
        return {**schema, "items": name_schema, "maxItems": MAX_PLAYERS}
    if name == "date":
        return {"anyOf": [{"type": "string", "maxLength": MAX_NAME}, {"type": "null"}]}
    if name == "totals":
        return {"anyOf": [{**schema["anyOf"][0], "maxItems": MAX_PLAYERS}, schema["anyOf"][1]]}
    if name == "actions":
        return {**schema, "maxItems": MAX_RECORD_ACTIONS}
    return schema


optional_keys(GameRecord, {"players": [], "deal_version": 0})  # absent: written before them
refine_schema(GameRecord, _schema)
register("record", GameRecord)
