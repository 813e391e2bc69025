"""The command line: ``canasta demo`` and ``canasta simulate``.

``canasta demo [--seed N] [--variant NAME]`` plays a full match of bots and prints a readable
log; ``canasta simulate --games N [--seed S] [--workers N] [--ray [ADDRESS]]`` plays N matches
(here, over processes or over a Ray cluster: see :mod:`canasta.simulate`) and prints a summary.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

import attrs

from .actions import Action, DealNextHand
from .bots import play_match
from .engine import new_game
from .errors import CanastaError, NotationError
from .events import (
    CardsDrawn,
    Event,
    HandEnded,
    LoneHandFormed,
    MeldExtended,
    MeldMade,
    PileTaken,
    SeatSitsOut,
    UpcardTurned,
    events_between,
)
from .limits import MAX_RECORD_TEXT, MAX_SEED, MIN_SEED
from .notation import format_position, parse_position
from .records import GameRecord, ReplayError, record_of, replay, replay_steps
from .render import first_deal, format_score, format_table, red_three_runs, side_name
from .scoring import score_hand
from .serialize import from_json
from .simulate import LOCAL, BackendError, choose_backend, play_one_match
from .simulate import bot_names as _bot_names
from .simulate import players as _players
from .state import GameState
from .variants import (
    format_value,
    get_variant,
    variant_aliases,
    variant_field_docs,
    variant_names,
    variant_rows,
)
from .views import PlayerView, observe

__all__ = ["main", "play_one_match", "simulate"]

DEMO_SEED = 2026
_NO_RICH = "it needs the terminal library rich: pip install 'canasta[cli]'"


def _describe(action: Action, events: Sequence[Event], after: GameState) -> list[str]:
    """The log lines of one move: the action, then what happened, from the move's events (the
    table after a meld)."""
    lines = [f"seat {getattr(action, 'seat', None)}: {action}"]
    lines.extend(_event_lines(events, "  "))
    if any(isinstance(e, MeldMade | MeldExtended) for e in events):
        table = format_table(after)
        end = next((i for i, line in enumerate(lines) if not line.startswith("  ")), None)
        if end is None or end == 0:
            lines.append(table)
        else:  # the table before the hand's end
            lines.insert(end, table)
    return lines


def _event_lines(events: Sequence[Event], indent: str) -> list[str]:
    """What the bots' log says of ``events`` (it sees every card): the cards drawn, red threes
    laid out with their replacements, the pile taken, the upcard, the lone hand, the hand's end.
    Melds show in the table and the score in the score sheet."""
    lines: list[str] = []
    for e in red_three_runs(events):
        if isinstance(e, tuple):
            seat, reds, draws = e
            drawn = " ".join(str(c) for d in draws for c in d.cards or ())
            also = f" and draws {drawn}" if drawn else ""
            lines.append(f"{indent}seat {seat} lays out {' '.join(map(str, reds))}{also}")
        elif isinstance(e, CardsDrawn):
            cards = " ".join(map(str, e.cards or ()))
            lines.append(f"{indent}seat {e.seat} draws {cards or _count(e.count, 'card')}")
        elif isinstance(e, PileTaken):
            lines.append(f"{indent}takes the discard pile ({_count(len(e.cards), 'card')})")
        elif isinstance(e, UpcardTurned):
            lines.append(f"upcard: {' '.join(map(str, e.cards))}")
        elif isinstance(e, SeatSitsOut):
            lines.append(f"seat {e.seat} sits out this hand")
        elif isinstance(e, LoneHandFormed):
            others = "+".join(map(str, e.partners))
            lines.append(f"{indent}seat {e.seat} now plays alone against seats {others}")
        elif isinstance(e, HandEnded):
            lines.append(str(e))
    return lines


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _hand_header(state: GameState, deal: Sequence[Event] | None) -> str:
    """The head of a hand: dealer and totals, then the deal's events (the upcard, red threes
    laid out and replaced); without them (a record that starts from no deal of this library's)
    the upcard pile and red threes as the state shows them."""
    v = state.variant
    parts = [
        f"{side_name(state, s)} {t} (needs {v.minimum_for(t, state.hand_number)})"
        for s, t in enumerate(state.totals)
    ]
    head = f"\n=== Hand {state.hand_number} — dealer seat {state.dealer}; " + "; ".join(parts)
    if deal is not None:
        return "\n".join([head, *_event_lines(deal, "")])
    return (
        head
        + f"\nupcard: {' '.join(str(c) for c in state.discard_pile)}"
        + "".join(
            f"\nseat {s} lays out {' '.join(str(c) for c in r)}"
            for s, r in enumerate(state.red_threes)
            if r
        )
    )


def demo(seed: int, variant: str, bots: str, out: TextIO, record: str | None = None) -> int:
    v = get_variant(variant)
    if record is not None:
        _check_writable(record)  # before the match, not after it
    start = new_game(v, seed=seed)
    played: list[Action] = []

    def deal_next(state: GameState) -> None:
        if not state.is_match_over:
            played.append(DealNextHand())

    play_match(
        start, _players(bots, v.players, seed), lambda _b, a, _a: played.append(a), deal_next
    )
    names = tuple(f"{kind} {seat}" for seat, kind in enumerate(_bot_names(bots, v.players)))
    rec = record_of(played, start, players=names, date=datetime.date.today().isoformat())
    out.write(f"canasta demo: variant {v.name}, seed {seed}, target {v.target_score}\n")
    _narrate(rec, out)
    if record is not None:
        _write(record, rec.to_json(indent=1) if record.endswith(".json") else rec.dumps())
        out.write(f"record written to {record}\n")
    return 0


def _narrate(record: GameRecord, out: TextIO) -> None:
    """The log of a recorded game, hand by hand with the score sheets.

    Raises:
        ReplayError: an illegal action (the log goes up to it).
    """
    state = record.start()
    out.write(_hand_header(state, first_deal(state, record.deck)) + "\n")
    for _i, action, before, state in replay_steps(record):
        events = events_between(before, action, state)
        if isinstance(action, DealNextHand):
            out.write(_hand_header(state, events) + "\n")
        else:
            out.write("\n".join(_describe(action, events, state)) + "\n")
            if state.is_hand_over:
                _print_score(state, out)
    _print_match_end(state, out)


def _check_writable(path: str) -> None:
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        raise ValueError(f"cannot write {path}: Is a directory")
    if not os.path.isdir(folder):
        raise ValueError(f"cannot write {path}: No such directory {folder}")


def _print_score(state: GameState, out: TextIO) -> None:
    score = score_hand(state)
    out.write(f"\n--- Score of hand {state.hand_number} ---\n")
    out.write(format_score(state, score) + "\n")


def _print_match_end(state: GameState, out: TextIO) -> None:
    if not state.is_match_over:
        totals = state.match_totals if state.is_hand_over else state.totals
        out.write("\n=== The record ends before the match is over ===\n")
    else:
        totals = state.match_totals
        winners = state.winners
        names = " and ".join(side_name(state, w) for w in winners)
        out.write(
            f"\n=== Match over after {state.hand_number} hands: {names} "
            f"win{'s' if len(winners) == 1 else ''} ===\n"
        )
    for side, total in enumerate(totals):
        out.write(f"  {side_name(state, side)}: {total}\n")


def _read(path: str) -> str:
    """The text of a file: a document (a position, JSON, a record) of at most
    :data:`canasta.limits.MAX_RECORD_TEXT` characters, the longest any format reads; a longer
    file is refused by its size (in bytes, at most 4 a character in UTF-8) before it is read,
    or once that many characters and one are read. A UTF-8 byte order mark at its start (as
    some editors save) is left out."""
    too_large = f"{path}: the file is too large (at most {MAX_RECORD_TEXT} characters)"
    try:
        with open(path, encoding="utf-8-sig") as f:
            size = os.fstat(f.fileno()).st_size
            if size > 4 * MAX_RECORD_TEXT:
                raise NotationError(f"{too_large}: {size} bytes")
            text = f.read(MAX_RECORD_TEXT + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise NotationError(f"cannot read {path}: {exc}") from None
    if len(text) > MAX_RECORD_TEXT:
        raise NotationError(too_large)
    return text


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None


def _load_record(path: str) -> GameRecord:
    text = _read(path)
    try:
        return GameRecord.loads(text)
    except NotationError as exc:
        raise NotationError(f"{path}: {exc}", exc.text, exc.position) from None


def replay_command(path: str, out: TextIO, err: TextIO) -> int:
    """Print a recorded game hand by hand with the score sheets."""
    record = _load_record(path)
    names = f" ({', '.join(record.players)})" if record.players else ""
    out.write(f"canasta replay: {path}: variant {record.variant.name}{names}\n")
    try:
        _narrate(record, out)
    except ReplayError as exc:
        err.write(f"canasta: illegal action {exc.index} ({exc.action}): {exc}\n")
        return 1
    return 0


def validate_command(path: str, as_json: bool, out: TextIO) -> int:
    """Exit 0 when every action of the record is legal, 1 with the first fault otherwise, 2
    when the file cannot be read as a record that starts a game."""
    try:
        record = _load_record(path)
        final = replay(record)
    except ReplayError as exc:
        position = format_position(exc.state)
        fault: dict[str, object] = {
            "valid": False,
            "index": exc.index,
            "action": str(exc.action),
            "reason": exc.reason.value,
            "message": exc.message,
            "position": position,
        }
        if as_json:
            out.write(json.dumps(fault, indent=1) + "\n")
        else:
            out.write(f"{path}: invalid: action {exc.index} ({exc.action}): {exc.reason.value}\n")
            out.write(f"  {exc.message}\n  position before it:\n")
            out.write("".join(f"    {line}\n" for line in position.splitlines()))
        return 1
    except NotationError as exc:  # no record to judge: exit status 2, as for a usage error
        if not as_json:
            raise
        out.write(json.dumps({"valid": False, "reason": "malformed", "message": str(exc)}) + "\n")
        return 2
    totals = final.match_totals if final.is_hand_over else final.totals
    if as_json:
        result = {
            "valid": True,
            "actions": len(record.actions),
            "hands": final.hand_number,
            "match_over": final.is_match_over,
            "totals": list(totals),
        }
        out.write(json.dumps(result, indent=1) + "\n")
    else:
        out.write(
            f"{path}: valid: {len(record.actions)} actions, {final.hand_number} hand(s), "
            f"totals {' '.join(str(t) for t in totals)}"
            f"{', match over' if final.is_match_over else ''}\n"
        )
    return 0


def _load_picture(path: str, move: int | None) -> tuple[GameState | PlayerView, str]:
    """The state (or view) a file holds, and a few words on where it comes from."""
    if move is not None and move < 0:
        raise ValueError(f"--move must be 0 or more, not {move}")
    text = _read(path)
    head = text.lstrip()
    if not head:
        raise NotationError(f"{path}: the file is empty")
    try:
        obj: object
        if head.startswith("{"):
            obj = from_json(text)
        elif head.startswith("["):
            obj = GameRecord.loads(text)
        else:
            obj = parse_position(text)
    except NotationError as exc:
        what = "JSON" if head[0] == "{" else "a game record" if head[0] == "[" else "a position"
        message = " ".join(str(exc).split())
        raise NotationError(f"{path}: cannot read it as {what}: {message}") from None
    if isinstance(obj, GameRecord):
        n = len(obj.actions)
        if move is None:
            move = n
        if move > n:
            raise ValueError(f"--move {move}: the record has only {n} actions")
        # the actions after the first ``move`` are not played, nor judged
        return replay(attrs.evolve(obj, actions=obj.actions[:move])), f"after {move} of {n} actions"
    if move is not None:
        raise ValueError(f"--move applies to a game record; {path} holds a position")
    if isinstance(obj, (GameState, PlayerView)):
        return obj, "position"
    raise NotationError(f"{path}: holds a {type(obj).__name__}, not a position or a game record")


def render_command(
    path: str,
    svg_out: str,
    move: int | None,
    seat: int | None,
    width: int,
    view: bool,
    out: TextIO,
) -> int:
    """Draw the position of a file (after ``move`` actions of a record) as an SVG picture."""
    from .svg import render_svg

    obj, where = _load_picture(path, move)
    players = obj.variant.players
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"--seat must be from 0 to {players - 1}, not {seat}")
    if view:
        if not isinstance(obj, GameState):
            raise ValueError("--view needs a state; the file holds a player's view already")
        obj = observe(obj, 0 if seat is None else seat)
    svg = render_svg(obj, seat_at_bottom=seat, width=width)
    if svg_out == "-":
        out.write(svg + "\n")
        return 0
    _write(svg_out, svg + "\n")
    out.write(f"{svg_out}: {obj.variant.name}, hand {obj.hand_number}, {where}\n")
    return 0


@contextlib.contextmanager
def _progress(total: int, err: TextIO) -> Iterator[Callable[[], None]]:
    """A function to call as each match ends: a progress bar with the time left on ``err``
    (rich's) when ``err`` is a terminal; nothing off a terminal (a pipe, a file) or without
    rich, where one line says so."""
    if not err.isatty():
        yield lambda: None
        return
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ModuleNotFoundError:
        err.write(f"canasta: no progress bar: {_NO_RICH}\n")
        yield lambda: None
        return
    columns = (BarColumn(), MofNCompleteColumn(), "matches, time left", TimeRemainingColumn())
    with Progress(*columns, console=Console(file=err)) as bar:
        task = bar.add_task("simulate", total=total)
        yield lambda: bar.advance(task)


def simulate(
    games: int,
    seed: int,
    variant: str,
    bots: str,
    out: TextIO,
    err: TextIO,
    workers: int | None = None,
    ray: str | None = None,
    as_json: bool = False,
) -> int:
    """Play ``games`` matches (seeds ``seed``, ``seed + 1``, ...) and print a summary. ``workers``
    and ``ray`` choose where (see :func:`canasta.simulate.choose_backend`); the figures but the
    speed are the same wherever the matches are played. ``as_json``: the summary as one JSON
    object (its keys: :doc:`search-player`)."""
    v = get_variant(variant)
    _players(bots, v.players, seed)  # refuse a bad --bots before starting any worker
    backend = choose_backend(workers, ray)
    jobs = [(v, seed + g, bots) for g in range(games)]
    start = time.perf_counter()
    with _progress(games, err) as done:
        results = backend.run(jobs, done)
    wins = [0.0] * len(v.sides)
    names = _bot_names(bots, v.players)
    by_bot = dict.fromkeys(names, 0.0)
    hands, actions = sum(r[0] for r in results), sum(r[1] for r in results)
    for _, _, winners in results:  # in seed order, whatever the backend
        for winner in winners:
            wins[winner] += 1.0 / len(winners)
            for name in {names[seat] for seat in v.sides[winner]}:
                by_bot[name] += 1.0 / len(winners)
    elapsed = time.perf_counter() - start
    if as_json:
        summary = {
            "variant": v.name,
            "games": games,
            "seeds": [seed, seed + games - 1],
            "bots": names,
            "backend": backend.describe() or "this process",
            "hands_per_match": hands / games,
            "actions_per_hand": actions / max(hands, 1),
            "wins_by_side": [
                {"side": side, "seats": list(v.sides[side]), "wins": won}
                for side, won in enumerate(wins)
            ],
            "wins_by_bot": by_bot,
            "actions_per_second": actions / elapsed,
            "seconds": elapsed,
        }
        out.write(json.dumps(summary, indent=1) + "\n")
        return 0
    where = backend.describe()
    where = f", {where}" if where else ""
    out.write(
        f"variant {v.name}: {games} matches, seeds {seed}..{seed + games - 1}, bots {bots}{where}\n"
    )
    out.write(f"hands per match:   {hands / games:.2f}\n")
    out.write(f"actions per hand:  {actions / max(hands, 1):.1f}\n")
    for side, won in enumerate(wins):
        seats = "+".join(str(s) for s in v.sides[side])
        out.write(f"wins side {side} (seats {seats}): {won:g}\n")
    out.write(f"actions per second: {actions / elapsed:,.0f} ({elapsed:.1f} s)\n")
    return 0


def variants(name: str | None, out: TextIO) -> int:
    """Print the comparison table of the presets, or one preset in full."""
    if name is None:
        names = variant_names()
        rows = [
            (f, [textwrap.wrap(v, 14) or [""] for v in vals]) for f, vals in variant_rows(names)
        ]
        rows = [r for r in rows if r[0] != "name"]
        width = max(len(f) for f, _ in rows)
        cols = [
            max(len(n), *(len(line) for r in rows for line in r[1][i])) for i, n in enumerate(names)
        ]
        head = "  ".join(f"{n:<{c}}" for n, c in zip(names, cols, strict=True))
        out.write(f"{'':<{width}}  {head}".rstrip() + "\n")
        for field, cells in rows:
            for k in range(max(len(c) for c in cells)):
                label = field if k == 0 else ""
                parts = [
                    f"{(c[k] if k < len(c) else ''):<{w}}" for c, w in zip(cells, cols, strict=True)
                ]
                out.write(f"{label:<{width}}  {'  '.join(parts)}".rstrip() + "\n")
        aliases = ", ".join(f"{a} = {n}" for a, n in variant_aliases().items())
        out.write(f"\naliases: {aliases}\n")
        return 0
    v = get_variant(name)
    out.write(f"{v.name}: {v.description}\n(in brackets: sections of the rules reference)\n")
    docs = variant_field_docs()
    fields = [f for f, _ in variant_rows(("classic",)) if f != "name"]  # name: the heading
    width = max(len(f) for f in fields)
    for field in fields:
        meaning, cites = docs.get(field, ("", ()))
        note = meaning + (f" ({'; '.join(cites)})" if cites else "")
        out.write(f"\n  {field:<{width}}  {format_value(getattr(v, field))}\n")
        lines = textwrap.wrap(note, 90, break_on_hyphens=False)
        out.write("".join(f"      {line}\n" for line in lines))
    return 0


def _int_in(text: str, lo: int, hi: int | None, message: str) -> int:
    """``text`` as an integer from ``lo`` to ``hi`` (``None``: no bound), else argparse's error:
    ``message`` with ``{value}`` (the integer) or ``{text}`` (its first 40 characters) filled in."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < lo or (hi is not None and value > hi):
        raise argparse.ArgumentTypeError(message.format(value=value, text=text[:40]))
    return value


def _positive(text: str) -> int:
    return _int_in(text, 1, None, "must be at least 1, got {value}")


def _seed(text: str) -> int:
    """A match seed: a 64-bit integer, as game records keep it."""
    return _int_in(text, MIN_SEED, MAX_SEED, "must be a 64-bit integer, got {text}")


def _svg_width(text: str) -> int:
    from .svg import MAX_WIDTH, MIN_WIDTH

    wanted = f"must be from {MIN_WIDTH} to {MAX_WIDTH} pixels, got {{value}}"
    return _int_in(text, MIN_WIDTH, MAX_WIDTH, wanted)


_BOTS_HELP = (
    "bots by seat, cycled: greedy, random, search (search:N: N playouts a move; search:Ts: "
    "T seconds a move)"
)


def _match_options(parser: argparse.ArgumentParser, seed: int | None) -> None:
    """``--seed`` (``None``: a random seed), ``--variant`` and ``--bots``."""
    shown = ": a random one, shown" if seed is None else f" {seed}"
    first = "first match seed" if seed == 0 else "match seed"
    parser.add_argument("--seed", type=_seed, default=seed, help=f"{first} (default{shown})")
    parser.add_argument(
        "--variant", default="classic", help=f"variant ({', '.join(variant_names())})"
    )
    parser.add_argument("--bots", default="greedy", help=_BOTS_HELP)


def _play(args: argparse.Namespace) -> int:
    try:
        from .play import play
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != "rich":
            raise
        print(f"canasta: error: canasta play: {_NO_RICH}", file=sys.stderr)
        return 2
    return play(args.variant, args.seat, args.seed, bots=args.bots)


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="canasta",
        description="A rules engine for Canasta. Exit status: 0 done (a record's every action "
        "legal), 1 an illegal action, 2 a usage error or input that cannot be read.",
    )
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    out, err = sys.stdout, sys.stderr
    d = sub.add_parser("demo", help="play a full match of bots and print the log")
    _match_options(d, DEMO_SEED)
    d.add_argument(
        "--record", metavar="FILE", help="write the game record (.json: JSON; else text)"
    )
    d.set_defaults(run=lambda a: demo(a.seed, a.variant, a.bots, out, a.record))
    s = sub.add_parser("simulate", help="play N matches and print a summary")
    s.add_argument("--games", type=_positive, required=True, help="number of matches")
    _match_options(s, 0)
    s.add_argument(
        "--workers",
        type=_positive,
        metavar="N",
        help="processes to spread the matches over; with --ray, matches in flight at once "
        "(and the CPUs of a local cluster)",
    )
    s.add_argument(
        "--ray",
        nargs="?",
        const=LOCAL,
        metavar="ADDRESS",
        help="play the matches as tasks on a Ray cluster at ADDRESS (HOST:PORT or auto); "
        "without ADDRESS, on one started on this machine (needs canasta[ray])",
    )
    s.add_argument(
        "--json",
        action="store_true",
        help="print the summary as JSON, with the matches won by each bot (wins_by_bot)",
    )
    s.set_defaults(
        run=lambda a: simulate(
            a.games, a.seed, a.variant, a.bots, out, err, a.workers, a.ray, a.json
        )
    )
    r = sub.add_parser("replay", help="print a recorded game hand by hand with the score sheets")
    r.add_argument("file", help="a game record (JSON or text)")
    r.set_defaults(run=lambda a: replay_command(a.file, out, err))
    val = sub.add_parser("validate", help="check every action of a game record")
    val.add_argument("file", help="a game record (JSON or text)")
    val.add_argument("--json", action="store_true", help="machine-readable output")
    val.set_defaults(run=lambda a: validate_command(a.file, a.json, out))
    p = sub.add_parser("render", help="draw a position or a recorded game as an SVG picture")
    p.add_argument(
        "file", help="a position (notation or JSON), a player's view (JSON) or a game record"
    )
    p.add_argument(
        "--svg", metavar="OUT", required=True, help="the SVG file to write (- for stdout)"
    )
    p.add_argument(
        "--move", type=int, help="for a record: the position after N actions (default: the end)"
    )
    p.add_argument("--seat", type=int, help="the seat at the bottom, its hand face up (default 0)")
    p.add_argument(
        "--width", type=_svg_width, default=960, help="width in pixels, 120 to 20000 (default 960)"
    )
    p.add_argument(
        "--view", action="store_true", help="draw only what the bottom seat may see (its view)"
    )
    p.set_defaults(
        run=lambda a: render_command(a.file, a.svg, a.move, a.seat, a.width, a.view, out)
    )
    pl = sub.add_parser("play", help="play a match against the bots in the terminal")
    pl.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    _match_options(pl, None)
    pl.set_defaults(run=_play)
    t = sub.add_parser("variants", help="compare the presets, or show one in full")
    t.add_argument("name", nargs="?", help=f"a preset ({', '.join(variant_names())})")
    t.set_defaults(run=lambda a: variants(a.name, out))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``canasta`` command. Returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except ReplayError as exc:  # a record's illegal action (render --move): 1, as in validate
        print(f"canasta: illegal action {exc.index} ({exc.action}): {exc}", file=sys.stderr)
        return 1
    except (CanastaError, ValueError, BackendError) as exc:
        # bad arguments, input that cannot be read (2), a backend that cannot be used (its own)
        print(f"canasta: error: {exc}", file=sys.stderr)
        return exc.status if isinstance(exc, BackendError) else 2
    except BrokenPipeError:
        # the reader went away (e.g. `canasta demo | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
