"""Play Canasta against the bots in a terminal: ``canasta play``.

One seat is the human's; the other seats are bots (:mod:`canasta.bots`). The match is played hand
after hand to the target score, with each hand's score sheet and, at the end, the totals and the
winner. At each of the human's decisions the table is shown (the melds of every side, the
discard pile, the stock, red threes, the totals and the initial-meld minimum) with the human's
hand and a numbered list of the legal actions. The human answers with a number from the list or
an action in the action notation (:mod:`canasta.notation`); an illegal action is refused with
the rule's reason, and the prompt comes again.

:func:`play` takes its input and output streams as arguments, so a whole session can be scripted.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from rich import box
from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from .actions import (
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
from .bots import Player
from .cards import Card, Cards
from .engine import new_game
from .errors import CanastaError, IllegalActionError, NotationError
from .events import (
    CardsDrawn,
    Event,
    HandEnded,
    LoneHandFormed,
    MeldExtended,
    MeldMade,
    PileTaken,
    RedThreeLaidOut,
    SeatSitsOut,
    UpcardTurned,
    events_for,
    step,
)
from .legal import legal_actions
from .melds import Meld
from .notation import parse_action
from .render import first_deal, red_three_runs, score_rows, side_name
from .scoring import score_hand
from .state import EndReason, GameState, Phase
from .variants import Variant, get_variant
from .views import observe

__all__ = ["play"]

#: Legal actions shown at each decision; ``list`` shows all of them.
MENU_LIMIT = 30
#: Exit code after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130

_NUMBER = re.compile(r"#?[0-9]{1,9}")
_QUIT = frozenset({"quit", "exit", "q"})
_HELP = frozenset({"help", "h", "?"})
_LIST = frozenset({"list", "l", "ls"})
_TABLE = frozenset({"table", "t"})

_HELP_TEXT = """\
Type the number of an action from the list, or an action in the action notation:
  draw                   draw from the stock
  take 8H 8S             take the discard pile, melding its top card with 8H 8S
  take 8H 8S + KH KS KD  ... with further melds (for an initial meld)
  take                   take the pile onto your meld of the top card's rank
  meld 7H 7S 2C + QH QD  one or more melds, or additions to your melds
  meld +K 2C             add a wild card to your meld of kings
  discard 9D             discard: ends the turn (or goes out with the last card)
  ask                    ask partner "may I go out?"
  yes, no                answer partner's question (binding)
  decline                leave the pile once the stock is exhausted
  end                    end the turn after drawing the last card as a red three
Cards: ranks 2-9, T (or 10), J, Q, K, A; suits C D H S (or ♣ ♦ ♥ ♠); JK a joker.
Commands: list (all legal actions), table (the table again), help, quit (or
Ctrl-D)."""


class _Quit(Exception):
    """The player ends the session (``quit`` or the end of the input)."""


def _card_text(card: Card) -> Text:
    if card.is_wild:
        style = "bold magenta"
    elif card.is_red_three:
        style = "bold red"
    elif card.suit is not None and card.suit.is_red:
        style = "red"
    else:
        style = "bold"
    return Text(str(card), style=style)


def _cards_text(cards: Sequence[Card] | Cards, group: bool = False) -> Text:
    """Cards separated by a space; with ``group``, ranks separated by two."""
    out = Text()
    last = None
    for i, card in enumerate(cards):
        kind = "wild" if card.is_wild else card.rank
        if i:
            out.append("  " if group and kind != last else " ")
        last = kind
        out.append_text(_card_text(card))
    return out or Text("-", style="dim")


def _meld_text(meld: Meld, canasta_size: int) -> Text:
    """A meld in short (suits do not matter in a meld): ``[A×4]``, ``[9×2+JK]``,
    ``[K×6+2C mixed canasta]``."""
    naturals = [c for c in meld.cards if not c.is_wild]
    wilds = [c for c in meld.cards if c.is_wild]
    out = Text("[")
    out.append(f"{meld.rank.symbol}×{len(naturals)}" if naturals else f"+{meld.rank.symbol}")
    for card in wilds:
        out.append("+")
        out.append_text(_card_text(card))
    if meld.is_natural_canasta(canasta_size):
        out.append(" natural canasta", style="bold green")
    elif meld.is_mixed_canasta(canasta_size):
        out.append(" mixed canasta", style="bold yellow")
    out.append("]")
    return out


def _gained(events: Sequence[Event]) -> Cards:
    """The cards a pile taken adds to the hand: the pile's cards less those melded from the hand
    at once and the red threes laid out (as many times as they were gained)."""
    got: Counter[Card] = Counter()
    gone: Counter[Card] = Counter()
    for e in events:
        if isinstance(e, PileTaken):
            got.update(e.cards)
        elif isinstance(e, MeldMade):
            gone.update(e.meld.cards)
        elif isinstance(e, MeldExtended):
            gone.update(e.cards)
        elif isinstance(e, RedThreeLaidOut):
            gone[e.card] += 1
    return Cards.of(list((got - gone).elements()))


def _pack(items: Sequence[Text], width: int) -> Text:
    """``items`` separated by a space, in lines of at most ``width`` cells (an item is never
    broken)."""
    if not items:
        return Text("-", style="dim")
    out = Text()
    line = 0
    for item in items:
        if line and line + 1 + item.cell_len > width:
            out.append("\n")
            line = 0
        elif line:
            out.append(" ")
            line += 1
        out.append_text(item)
        line += item.cell_len
    return out


class _Session:
    """One match: the human at ``seat``, typing into ``stream``, bots elsewhere.

    A terminal echoes what is typed (and lets the line be edited); other input is echoed after
    its prompt (``echo``), so that a transcript reads like a session. :mod:`readline` is not
    used: switching the terminal in and out of raw mode at each prompt can lose what was typed
    ahead (while the bots play), where the terminal's own line editing keeps it."""

    def __init__(self, console: Console, stream: TextIO, seat: int, bots: Sequence[Player]):
        self.console = console
        self.stream = stream
        self.echo = not _isatty(stream)
        self.seat = seat
        self.bots = bots

    def read(self, prompt: Text) -> str:
        """The player's next line, after ``prompt``."""
        self.console.print(prompt, end="")
        self.console.file.flush()
        line = self.stream.readline()
        if not line:
            self.console.print()
            raise _Quit
        if self.echo:
            self.console.print(line.rstrip("\r\n"), markup=False, highlight=False)
        return line

    # ------------------------------------------------------------------ names
    def who(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat}"

    def side_label(self, state: GameState, side: int) -> str:
        """A side of this hand: ``"you + seat 2"``, ``"seats 1 + 3"``, ``"seat 1"``."""
        seats = state.sides[side]
        if self.seat in seats:
            return self._with_you(seats)
        if len(seats) == 1:
            return f"seat {seats[0]}"
        return "seats " + " + ".join(str(s) for s in seats)

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` agreeing with :meth:`who`: ``"play"`` for you, ``"plays"`` for a bot."""
        return verb if seat == self.seat else verb + "s"

    def match_side_label(self, state: GameState, side: int) -> str:
        """A match side: ``"side 0 (you + seat 2)"``, ``"side 1 (seats 1+3)"``, ``"you"``."""
        seats = state.variant.sides[side]
        if self.seat not in seats:
            return side_name(state, side)
        if len(seats) == 1:
            return "you"
        return f"side {side} ({self._with_you(seats)})"

    def _with_you(self, seats: Sequence[int]) -> str:
        return " + ".join(["you", *(f"seat {s}" for s in seats if s != self.seat)])

    def say(self, text: str | Text, style: str | None = None) -> None:
        if isinstance(text, str):
            text = Text(text)
        self.console.print(text, style=style, highlight=False, soft_wrap=True)

    # ------------------------------------------------------------------ the match
    def run(self, state: GameState) -> int:
        deal = first_deal(state)
        while True:
            state = self.play_hand(state, deal)
            self.show_score(state)
            if state.is_match_over:
                break
            prompt = Text(f"Press Enter to deal hand {state.hand_number + 1} (or quit): ")
            if self.read(prompt).strip().lower() in _QUIT:
                raise _Quit
            state, deal = step(state, DealNextHand())
        self.show_match_end(state)
        return 0

    def play_hand(self, state: GameState, deal: Sequence[Event] | None = None) -> GameState:
        self.show_hand_start(state, deal)
        if self.seat not in state.order:
            self.say(
                f"You (seat {self.seat}) sit out this hand; the bots play it.", style="bold cyan"
            )
        while not state.is_hand_over:
            actor = state.current_seat
            assert actor is not None
            if actor == self.seat:
                action = self.decide(state)
            else:
                action = self.bots[actor].choose(observe(state, actor))
            state, events = step(state, action)
            self.narrate(action, events)
        return state

    # ------------------------------------------------------------------ the human's turn
    def decide(self, state: GameState) -> Action:
        menu = tuple(legal_actions(state))
        self.show_screen(state, menu)
        span = "1" if len(menu) == 1 else f"1-{len(menu)}"
        prompt = Text.assemble(("Your move", "bold"), f" [{span}, an action, help]: ")
        while True:
            text = self.read(prompt).strip()
            word = text.lower()
            if not text:
                self.say("Type a number from the list, an action such as 'draw', or 'help'.")
                continue
            if word in _QUIT:
                raise _Quit
            if word in _HELP:
                self.say(_HELP_TEXT)
                continue
            if word in _LIST:
                self.show_menu(menu, limit=None)
                continue
            if word in _TABLE:
                self.show_screen(state, menu)
                continue
            if _NUMBER.fullmatch(word):
                n = int(word.lstrip("#"))
                if 1 <= n <= len(menu):
                    return menu[n - 1]
                pick = "pick 1" if len(menu) == 1 else f"pick one from 1 to {len(menu)}"
                self.error(f"there is no action {n}: {pick}")
                continue
            try:
                return parse_action(state, text)
            except IllegalActionError as exc:
                self.error(f"not allowed ({exc.reason.value}): {exc.message}")
            except NotationError as exc:
                self.error(f"not understood: {exc} (type 'help' for the notation)")
            except CanastaError as exc:  # pragma: no cover (parse_action raises the two above)
                self.error(str(exc))

    def error(self, message: str) -> None:
        self.say(Text("✗ " + " ".join(message.split()), style="bold red"))

    # ------------------------------------------------------------------ screens
    def show_hand_start(self, state: GameState, deal: Sequence[Event] | None = None) -> None:
        """The head of a hand: dealer, totals, and from the deal's events (as this seat sees
        them) the upcard and the red threes laid out; without them, as the state shows them."""
        v = state.variant
        self.console.print()
        self.console.print(
            Rule(Text(f"Hand {state.hand_number}", style="bold"), style="cyan"), highlight=False
        )
        totals = "; ".join(
            f"{self.match_side_label(state, s)} {state.totals[s]}" for s in range(len(v.sides))
        )
        first = state.turn.seat
        self.say(f"Dealer seat {state.dealer}; {self.who(first)} {self.verb(first, 'play')} first.")
        self.say(f"Totals: {totals}")
        seen = None if deal is None else events_for(deal, self.seat)
        upcard = [e.cards for e in seen or () if isinstance(e, UpcardTurned)]
        line = Text("Upcard: ")
        line.append_text(_cards_text(upcard[0] if upcard else state.discard_pile))
        self.say(line)
        if seen is None:
            for seat, reds in enumerate(state.red_threes):
                if reds:
                    self.say(self.lays_out(seat, reds))
            return
        for e in seen:
            if isinstance(e, SeatSitsOut) and e.seat != self.seat:
                self.say(f"Seat {e.seat} sits out this hand.")
        self.say_red_threes(seen)

    def show_screen(self, state: GameState, menu: Sequence[Action]) -> None:
        v = state.variant
        me = state.side_of(self.seat)
        self.console.print()
        self.console.print(
            Rule(
                Text(f"Hand {state.hand_number} · {self.phase_title(state)}", style="bold"),
                style="cyan",
            )
        )
        rows: list[tuple[Text, str, Text, Text, list[Text]]] = []
        for side in range(len(state.sides)):
            seats = state.sides[side]
            match_sides = sorted({v.match_side(s) for s in seats})
            total = " / ".join(str(state.totals[m]) for m in match_sides)
            if state.melds[side]:
                need = Text("melded", style="green")
            else:
                minimum = state.minimum_for(self.seat if side == me else seats[0])
                need = Text(f"needs {minimum}", style="yellow")
            reds = _cards_text([c for s in seats for c in state.red_threes[s]])
            melds = [_meld_text(m, v.canasta_size) for m in state.melds[side]]
            label = Text(self.side_label(state, side), style="bold" if side == me else "")
            rows.append((label, total, need, reds, melds))
        heads = ("side", "total", "initial meld", "red 3s")
        used = sum(
            max(len(head), *(Text(str(row[i])).cell_len for row in rows))
            for i, head in enumerate(heads)
        )
        room = max(24, self.console.width - used - 3 * len(heads))
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        for head in heads:
            table.add_column(head, no_wrap=True, justify="right" if head == "total" else "left")
        table.add_column("melds", no_wrap=True)
        for label, total, need, reds, melds in rows:
            table.add_row(label, total, need, reds, _pack(melds, room))
        self.console.print(table)
        pile = Text("Discard pile: ")
        top = state.top_card
        if top is None:
            pile.append("empty", style="dim")
        else:
            pile.append_text(_card_text(top))
            marks = []
            if state.pile_frozen:
                marks.append("frozen")
            elif state.pile_frozen_for(me):
                marks.append("frozen for your side (no meld yet)")
            if state.pile_blocked:
                marks.append("blocked (black three)")
            if marks:
                pile.append(" " + ", ".join(marks), style="bold cyan")
            pile.append(f", {len(state.discard_pile)} card{'s' * (len(state.discard_pile) != 1)}")
        pile.append(f"   Stock: {len(state.stock)} cards")
        if not state.stock:
            pile.append(" (exhausted)", style="bold yellow")
        self.say(pile)
        others = [
            f"{'partner ' if s in state.partners(self.seat) else ''}seat {s}: {state.hands[s].size}"
            for s in state.order
            if s != self.seat
        ]
        self.say(Text("Cards in hand: " + " · ".join(others), style="dim"))
        hand = state.hands[self.seat]
        mine = Text(f"Your hand ({hand.size}): ", style="bold")
        mine.append_text(_cards_text(hand, group=True))
        self.say(mine)
        note = self.phase_note(state)
        if note:
            self.say(note, style="bold yellow")
        self.show_menu(menu, limit=MENU_LIMIT)

    def phase_title(self, state: GameState) -> str:
        if state.phase is Phase.ANSWER:
            return f"seat {state.turn.seat} asks you"
        if state.phase is Phase.DRAW:
            return "your turn: draw"
        return "your turn: meld and discard"

    def phase_note(self, state: GameState) -> str:
        turn = state.turn
        if state.phase is Phase.ANSWER:
            return f'Seat {turn.seat} asks: "Partner, may I go out?" Answer yes or no (binding).'
        if state.phase is Phase.DRAW:
            if not state.stock:
                return "The stock is exhausted: take the pile, or decline it (the hand ends)."
            return "Draw from the stock, or take the discard pile."
        if turn.last_red_three:
            return "You drew the last stock card, a red three: meld if you like, then 'end'."
        if turn.permission is True:
            return "Partner said yes: you must go out this turn."
        if turn.permission is False:
            return "Partner said no: you may not go out this turn."
        return "Meld, then discard (a discard ends your turn)."

    def show_menu(self, menu: Sequence[Action], limit: int | None) -> None:
        shown = menu if limit is None else menu[:limit]
        width = len(str(len(menu)))
        items = [
            Text(f"{i:>{width}} ", style="cyan") + Text(str(a)) for i, a in enumerate(shown, 1)
        ]
        self.console.print(Columns(items, padding=(0, 3)))
        if len(shown) < len(menu):
            self.say(
                f"... and {len(menu) - len(shown)} more: type 'list' to see all {len(menu)}",
                style="dim",
            )

    # ------------------------------------------------------------------ narration
    def narrate(self, action: Action, events: Sequence[Event]) -> None:
        """One line for the action, then what happened, from the move's events as this seat
        sees them (the cards others draw are not shown)."""
        seat = getattr(action, "seat", None)
        if seat is None:
            return
        seen = events_for(events, self.seat)
        me = seat == self.seat
        name = "You" if me else f"Seat {seat}"
        line = Text(f"{name} ", style="bold" if me else "")
        s = "" if me else "s"
        if isinstance(action, Draw):
            drawn = next(e for e in seen if isinstance(e, CardsDrawn))
            if drawn.cards is not None:
                line.append(f"draw{s} ")
                line.append_text(_cards_text(drawn.cards))
            else:
                n = drawn.count
                line.append(f"draw{s} {'a card' if n == 1 else f'{n} cards'} from the stock")
        elif isinstance(action, TakePile):
            size = next(len(e.cards) for e in seen if isinstance(e, PileTaken))
            line.append(f"take{s} the discard pile ({size} card{'' if size == 1 else 's'})")
            if action.cards or action.melds:
                line.append(" with ")
                line.append(str(action).removeprefix("take").strip(), style="cyan")
            got = _gained(seen) if me else Cards.of(())
            if got:
                line.append("; you get ")
                line.append_text(_cards_text(got))
        elif isinstance(action, MeldCards):
            line.append(f"meld{s} ")
            line.append(str(action).removeprefix("meld "), style="cyan")
        elif isinstance(action, Discard):
            line.append(f"discard{s} ")
            line.append_text(_card_text(action.card))
        elif isinstance(action, AskPartner):
            line.append(f'ask{s} partner: "May I go out?"')
        elif isinstance(action, AnswerPartner):
            line.append(f"answer{s} {'yes' if action.yes else 'no'}")
        elif isinstance(action, DeclinePile):
            line.append(f"decline{s} the discard pile")
        elif isinstance(action, EndTurn):
            line.append(f"end{s} the turn")
        self.say(line)
        self.say_red_threes(seen)
        for e in seen:
            if isinstance(e, LoneHandFormed):
                who = self.who(e.seat).capitalize()
                self.say(f"{who} now {self.verb(e.seat, 'play')} alone against the other two.")
            elif isinstance(e, HandEnded):
                self.say_end(e)

    def say_red_threes(self, seen: Sequence[Event]) -> None:
        """``You lay out 3H and draw 9C``, ``Seat 1 lays out 3D and draws a card``."""
        for seat, reds, drawn in (r for r in red_three_runs(seen) if isinstance(r, tuple)):
            msg = self.lays_out(seat, reds)
            if drawn:
                msg.append(f" and {self.verb(seat, 'draw')} ")
                cards = [c for e in drawn for c in e.cards or ()]
                if cards:
                    msg.append_text(_cards_text(cards))
                else:
                    msg.append("a card" if len(drawn) == 1 else f"{len(drawn)} cards")
            self.say(msg)

    def lays_out(self, seat: int, reds: Sequence[Card]) -> Text:
        msg = Text(f"{self.who(seat).capitalize()} {self.verb(seat, 'lay')} out ")
        msg.append_text(_cards_text(reds))
        return msg

    def say_end(self, end: HandEnded) -> None:
        if end.reason is EndReason.WENT_OUT and end.seat is not None:
            how = " concealed" if end.concealed else ""
            who = self.who(end.seat).capitalize()
            text = f"{who} {'go' if end.seat == self.seat else 'goes'} out{how}: the hand is over."
        elif end.reason is EndReason.STOCK_EXHAUSTED:
            text = "The stock is exhausted: the hand is over."
        else:
            text = "The last stock card is a red three: the hand is over."
        self.say(text, style="bold green")

    # ------------------------------------------------------------------ scores
    def show_score(self, state: GameState) -> None:
        score = score_hand(state)
        table = Table(
            title=f"Score of hand {state.hand_number}",
            box=box.SIMPLE_HEAD,
            title_style="bold",
            show_edge=False,
        )
        table.add_column("")
        for s in score.sides:
            table.add_column(self.match_side_label(state, s.side), justify="right")
        for item, lines in score_rows(score):
            cells = ("" if ln is None else f"({ln.count}) {ln.points:>6}" for ln in lines)
            table.add_row(item, *cells)
        table.add_section()
        table.add_row("hand total", *(str(s.total) for s in score.sides), style="bold")
        after = state.match_totals
        table.add_row("match total", *(str(after[s.side]) for s in score.sides), style="bold")
        self.console.print()
        self.console.print(table)

    def show_match_end(self, state: GameState) -> None:
        winners = state.winners
        names = " and ".join(self.match_side_label(state, w) for w in winners)
        mine = any(self.seat in state.variant.sides[w] for w in winners)
        verb = "wins" if len(winners) == 1 and names != "you" else "win"
        hands = f"{state.hand_number} hand{'' if state.hand_number == 1 else 's'}"
        self.console.print()
        self.console.print(Rule(Text("Match over", style="bold"), style="cyan"))
        self.say(f"After {hands}: {names} {verb}.")
        for side, total in enumerate(state.match_totals):
            self.say(f"  {self.match_side_label(state, side)}: {total}")
        self.say(
            "You win!" if mine else "You lose this one.", style="bold green" if mine else "bold"
        )


def play(
    variant: str | Variant = "classic",
    seat: int = 0,
    seed: int | None = None,
    *,
    input_stream: TextIO | None = None,
    output: TextIO | None = None,
    bots: str = "greedy",
    state: GameState | None = None,
    width: int | None = None,
) -> int:
    """Play a match against the bots: the human at ``seat`` reads ``output`` and types into
    ``input_stream``.

    Args:
        variant: a preset name or a :class:`~canasta.Variant`.
        seat: the human's seat, 0-based.
        seed: the match seed; a random one (printed) when ``None``.
        input_stream: where the human's lines come from (default: standard input). Lines
            not typed at a terminal are echoed to ``output`` after their prompt.
        output: where the table is shown (default: standard output; colours only on a terminal).
        bots: the bots by seat, cycled: ``greedy``, ``random``, ``search`` (as ``canasta demo
            --bots``).
        state: start from this position instead of a new match (its variant is used).
        width: the width of the output in columns (default: the terminal's, or 80).

    Returns:
        The exit code: 0 when the match is over or the player quits (``quit``, end of input);
        :data:`EXIT_INTERRUPTED` (130) after Ctrl-C.

    Raises:
        ValueError: ``seat`` is not a seat of the variant, or ``bots`` names an unknown bot.
        CanastaError: an unknown variant name.
    """
    from .simulate import players as _players

    v = state.variant if state is not None else get_variant(variant)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < v.players:
        raise ValueError(f"--seat must be from 0 to {v.players - 1} in {v.name}, not {seat!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000) if state is None else 0
    players = _players(bots, v.players, seed)
    stream = sys.stdin if input_stream is None else input_stream
    out = sys.stdout if output is None else output
    console = Console(file=out, width=width, highlight=False, emoji=False)
    session = _Session(console, stream, seat, players)
    if state is None:
        state = new_game(v, seed=seed)
        origin = f"seed {seed}"
    else:
        origin = "a given position"
    try:
        session.say(
            Text.assemble(
                ("canasta play", "bold"),
                f": {v.name} from {origin}, target {v.target_score}; you are seat {seat}. "
                "Type 'help' for help, 'quit' to stop.",
            )
        )
        return session.run(state)
    except _Quit:
        again = f" (Play this match again with --seed {seed}.)" if origin.startswith("seed") else ""
        session.say(f"Goodbye.{again}")
        return 0
    except KeyboardInterrupt:
        console.print()
        session.say("Interrupted. Goodbye.")
        return EXIT_INTERRUPTED


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
