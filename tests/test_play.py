"""``canasta play``: a human against the bots, in process (scripted streams) and on a
pseudo-terminal (the real program)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import canasta
from canasta.cli import main
from canasta.play import EXIT_INTERRUPTED, _meld_text, play
from ptyplay import PtyGame
from rules_helpers import empty_stock_position


class Script(io.StringIO):
    """Input that answers ``answer`` to every prompt (``1``: the first legal action; at the
    prompt between hands it deals the next hand) until ``until`` appears in ``out``, then ends
    (Ctrl-D)."""

    def __init__(self, out: io.StringIO, until: str, answer: str = "1", lines: str = "") -> None:
        super().__init__()
        self.out = out
        self.until = until
        self.answer = answer
        self.lines = lines.splitlines()
        self.reads = 0

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        self.reads += 1
        assert self.reads < 5000, "the session does not end"
        if self.lines:
            return self.lines.pop(0) + "\n"
        if self.until in self.out.getvalue():
            return ""
        return self.answer + "\n"


def run(
    variant: str = "classic",
    seat: int = 0,
    seed: int | None = None,
    *,
    state: canasta.GameState | None = None,
    until: str = "Score of hand 1",
    lines: str = "",
) -> str:
    """The transcript of a session, checked to end cleanly."""
    out = io.StringIO()
    script = Script(out, until, lines=lines)
    code = play(variant, seat, seed, input_stream=script, output=out, state=state, width=100)
    text = out.getvalue()
    assert code == 0, text
    assert "Traceback" not in text
    return text


#: The seed of the classic sessions below: seat 0 draws a card and can open with two melds.
SEED = 2


def first_turn(seed: int = SEED) -> tuple[canasta.Card, list[canasta.Action]]:
    """Classic, seat 0: the card drawn in the first turn and the menu after the draw (the
    transcripts' cards follow from the deal, not written out by hand)."""
    state = canasta.new_game("classic", seed=seed)
    drawn = canasta.apply(state, canasta.Draw(0))
    menu = list(canasta.legal_actions(drawn))
    opening = menu[0]
    assert isinstance(opening, canasta.MeldCards) and len(opening.melds) == 2
    assert not drawn.red_threes[0]  # the card drawn stays in the hand
    return state.stock[0], menu


def screens(text: str) -> Iterator[str]:
    """The decision screens of a transcript."""
    return iter(text.split("Your move [")[:-1])


# ---------------------------------------------------------------------------- in process
@pytest.mark.parametrize("variant", canasta.variant_names())
def test_every_preset_plays_a_whole_hand(variant: str) -> None:
    seat = 1
    text = run(variant, seat, 5)
    assert text.startswith(f"canasta play: {variant} from seed 5")
    assert "Score of hand 1" in text and "hand total" in text and "match total" in text
    assert text.rstrip().endswith("Goodbye. (Play this match again with --seed 5.)")
    v = canasta.get_variant(variant)
    first = canasta.new_game(v, seed=5)
    if seat in first.order:
        assert "Your move [" in text
        screen = next(screens(text))
        # every fact the human needs at a decision
        assert re.search(r"Your hand \(\d+\): ", screen)
        assert "initial meld" in screen and "red 3s" in screen and "melds" in screen
        assert re.search(r"needs (50|15|90|120)", screen)
        assert re.search(r"Discard pile: .*\d+ cards?   Stock: \d+ cards", screen)
        assert re.search(r"^ ?1 (draw|take)", screen, re.M)  # the numbered list
        assert "Hand 1 · your turn" in screen
    # the bots' actions, one line each
    assert re.search(r"^Seat \d (draws|takes the discard pile)", text, re.M)


def test_a_whole_match_to_the_target_with_the_score_sheets_and_the_winner() -> None:
    text = run("classic", 0, 5, until="Match over")
    assert "Press Enter to deal hand 2 (or quit): 1" in text
    assert re.search(r"After \d+ hands: side \d \(.*\) wins\.", text)
    totals = [int(t) for t in re.findall(r"^  side \d \(.*\): (-?\d+)$", text, re.M)]
    assert len(totals) == 2 and max(totals) >= 5000
    assert text.rstrip().endswith(("You win!", "You lose this one."))
    # the table marks canastas and the pile
    assert "mixed canasta]" in text
    assert "frozen" in text and "blocked (black three)" in text
    assert re.search(r"\[[2-9TJQKA]×\d+(\+(JK|2[CDHS]))*\]", text)


def test_melds_in_short_with_the_canasta_marks() -> None:
    def shown(meld: str) -> str:
        return _meld_text(canasta.Meld.parse(meld), 7).plain

    assert shown("KH KS KD KC KH KS KD") == "[K×7 natural canasta]"
    assert shown("JK 2C 9H 9S 9D 9C 9H") == "[9×5+JK+2C mixed canasta]"
    assert shown("2D 7H 7S") == "[7×2+2D]"


def test_empty_line_nonsense_and_illegal_actions_reprompt_with_one_line() -> None:
    text = run("classic", 0, 3, lines="\nfoo bar\ndiscard 9D\n99\n#1", until="Your hand (12)")
    prompt = "Your move [1, an action, help]: "
    assert f"{prompt}\nType a number from the list" in text
    assert f"{prompt}foo bar\n✗ not understood: not an action: 'foo'" in text
    line = re.search(rf"{re.escape(prompt)}discard 9D\n(.*)\n(.*)\n", text)
    assert line is not None
    assert line.group(1).startswith("✗ not allowed (wrong_phase): 'discard 9D': draw from")
    assert line.group(2).startswith(prompt)  # the reason in one line, then the prompt again
    assert f"{prompt}99\n✗ there is no action 99: pick 1" in text
    assert f"{prompt}#1\nYou draw" in text


def test_actions_in_notation_help_list_and_table() -> None:
    card, menu = first_turn()
    opening = menu[0]
    assert isinstance(opening, canasta.MeldCards)
    group = str(opening.melds[0])  # a natural triple, below the minimum alone
    lines = f"help\ndraw\nlist\nt\nmeld {group}"
    text = run("classic", 0, SEED, lines=lines, until="You meld")
    assert "take 8H 8S + KH KS KD" in text  # the help
    assert f"You draw {card}" in text
    assert f"{len(menu)} {menu[-1]}" in text  # 'list' shows all
    assert f"✗ not allowed (initial_meld_below_minimum): 'meld {group}'" in text
    assert f"You {opening}" in text
    assert len(text.split("Hand 1 · your turn: meld and discard")) == 4  # shown, 't', after meld


def test_quit_ends_cleanly() -> None:
    text = run("classic", 0, 3, lines="quit", until="never")
    assert text.rstrip().endswith("quit\nGoodbye. (Play this match again with --seed 3.)")


def test_the_human_answers_partner() -> None:
    state = canasta.parse_position(
        "canasta classic hand 1 dealer 3 seed 2\n"
        "turn 0 answer drew=stock asked\n"
        "hands 9D 9C / 5H 5D 7C 8C / 6S 6H JS / KH KS\n"
        "melds QS QH QD QC QC QS 2C ; 9H 9S 9D / -\n"
        "pile 7H\n"
    )
    text = run(state=state, seat=2, lines="maybe\nno", until="You answer no")
    assert "Hand 1 · seat 0 asks you" in text
    assert 'Seat 0 asks: "Partner, may I go out?" Answer yes or no (binding).' in text
    assert "1 yes   2 no" in text
    assert "✗ not understood: not an action: 'maybe'" in text
    assert "You answer no" in text


def test_the_human_asks_partner_then_must_go_out() -> None:
    state = canasta.position(
        "classic",
        hands=["KH KS KD 5C", "4H 4S 6C 7C", "8C 8D 9S", "7D 9H TC"],
        melds=[["QH QS QD QC QH QS QD"], ["JC JD JH"]],
        discard_pile="6D",
        phase="play",
    )
    text = run(state=state, lines="ask\ndiscard 5C\nmeld KH KS KD\n1")
    assert 'You ask partner: "May I go out?"\nSeat 2 answers yes' in text
    assert "Partner said yes: you must go out this turn." in text
    assert "✗ not allowed (must_go_out)" in text
    assert "You discard 5C\nYou go out: the hand is over." in text
    assert re.search(r"going out +\(1\) +100", text)


def test_the_human_declines_the_pile_once_the_stock_is_exhausted() -> None:
    state = empty_stock_position(
        hands=["9S 9C 5C", "4H 4S", "6C", "7D"],
        melds=[["9D 9D 9H"], ["QC QD QH"]],
        discard_pile="9H",
    )
    text = run(state=state, seat=0, lines="draw\ndecline")
    assert "Stock: 0 cards (exhausted)" in text
    assert "The stock is exhausted: take the pile, or decline it (the hand ends)." in text
    assert "✗ not allowed (stock_empty)" in text
    assert "You decline the discard pile\nThe stock is exhausted: the hand is over." in text
    assert "Score of hand 1" in text


def test_five_players_the_human_sits_out_and_watches() -> None:
    v = canasta.get_variant("five-player")
    first = canasta.new_game(v, seed=4)
    (out,) = set(range(v.players)) - set(first.order)
    text = run("five-player", out, 4)
    assert f"You (seat {out}) sit out this hand; the bots play it." in text
    assert "Your move [" not in text
    assert "Score of hand 1" in text


def test_cutthroat_tells_who_plays_alone() -> None:
    text = run("cutthroat", 0, 5)
    assert re.search(r"(You now play|Seat \d now plays) alone against the other two\.", text)


def test_the_winner_line_is_grammatical_when_you_win_alone() -> None:
    text = run("two-player", 1, 1, until="Match over")  # a seed where seat 1 wins
    assert re.search(r"After \d+ hands: you win\.", text)
    assert "you wins" not in text
    assert text.rstrip().endswith("You win!")


def test_a_pile_of_one_card_is_one_card() -> None:
    text = run("five-player", 0, 11)  # a seed where a one-card pile is taken in hand 1
    assert re.search(r"Seat \d takes the discard pile \(1 card\) with \S", text)
    assert "(1 cards)" not in text


def test_a_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="--seat must be from 0 to 3 in classic, not 4"):
        play("classic", 4, input_stream=io.StringIO(), output=io.StringIO())
    with pytest.raises(ValueError, match="unknown bot"):
        play("classic", 0, bots="smart", input_stream=io.StringIO(), output=io.StringIO())


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "4"], "--seat must be from 0 to 3 in classic, not 4"),
        (["--variant", "two-player", "--seat", "-1"], "from 0 to 1 in two-player, not -1"),
        (["--variant", "nope"], "nope"),
        (["--bots", "clever"], "unknown bot 'clever'"),
    ],
)
def test_bad_arguments_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("canasta: error: ") and message in err


# ---------------------------------------------------------------------------- terminal
def test_a_hand_through_the_terminal() -> None:
    game = PtyGame("--seed", "5", "--seat", "2")
    try:
        while True:
            prompt = game.prompt()
            if prompt.startswith("Press Enter"):
                break
            game.send("1\n")
        assert "Score of hand 1" in game.screen
        game.send_eof()  # Ctrl-D
        assert game.finish() == 0
    finally:
        game.close()
    screen = game.screen
    assert "Traceback" not in screen
    assert screen.rstrip().endswith("Goodbye. (Play this match again with --seed 5.)")
    assert "Your hand (" in screen and "Hand 1 · your turn: draw" in screen
    assert "─" * 10 in screen  # rich rules at a terminal


def test_errors_and_ctrl_d_at_the_terminal() -> None:
    game = PtyGame("--seed", "3", env={"NO_COLOR": "1"})
    try:
        assert game.prompt() == "Your move [1, an action, help]"
        game.send("\n")
        game.prompt()
        game.send("what now\n")
        game.prompt()
        game.send("meld JS JS JC\n")
        game.prompt()
        game.send_eof()
        assert game.finish() == 0
    finally:
        game.close()
    screen = game.screen
    assert "Type a number from the list, an action such as 'draw', or 'help'." in screen
    assert "✗ not understood: not an action: 'what'" in screen
    line = re.search(r"meld JS JS JC\n(.*)\nYour move", screen)
    assert line is not None, screen
    assert line.group(1).startswith("✗ not allowed (wrong_phase): 'meld JS JS JC': draw from")
    assert "Traceback" not in screen and "Goodbye." in screen


def test_typing_ahead_at_the_terminal_is_kept() -> None:
    card, menu = first_turn()
    game = PtyGame("--seed", str(SEED), env={"NO_COLOR": "1"})
    try:
        game.prompt()
        game.send(f"1\n{menu[0]}\ndiscard {card}\n\x04")
        assert game.finish() == 0
    finally:
        game.close()
    screen = game.screen
    assert f"You draw {card}" in screen
    assert f"You {menu[0]}" in screen
    assert f"You discard {card}\nSeat 1 draws" in screen
    assert screen.rstrip().endswith(f"Goodbye. (Play this match again with --seed {SEED}.)")


def test_ctrl_c_at_the_terminal_ends_cleanly() -> None:
    game = PtyGame("--seed", "3")
    try:
        game.prompt()
        game.interrupt()
        assert game.finish() == EXIT_INTERRUPTED
    finally:
        game.close()
    assert "Interrupted. Goodbye." in game.screen
    assert "Traceback" not in game.screen and "KeyboardInterrupt" not in game.screen


def test_the_canasta_command_and_a_bad_seat() -> None:
    exe = Path(sys.executable).parent / "canasta"
    command = str(exe) if exe.exists() else shutil.which("canasta")
    if command is None:  # pragma: no cover
        pytest.skip("the canasta command is not installed")
    game = PtyGame("--variant", "six-player", "--seat", "6", command=(command, "play"))
    try:
        assert game.finish() == 2
    finally:
        game.close()
    assert game.screen.strip() == "canasta: error: --seat must be from 0 to 5 in six-player, not 6"
    game = PtyGame("--variant", "two-player", "--seat", "1", command=(command, "play"))
    try:
        assert game.prompt().startswith("Your move")
        game.send("quit\n")
        assert game.finish() == 0
    finally:
        game.close()


def test_piped_input_is_echoed() -> None:
    card, _ = first_turn()
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "play", "--seed", str(SEED)],
        input="1\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"Your move [1, an action, help]: 1\nYou draw {card}" in done.stdout
    assert done.stdout.rstrip().endswith(
        f"quit\nGoodbye. (Play this match again with --seed {SEED}.)"
    )
    assert done.stderr == ""
