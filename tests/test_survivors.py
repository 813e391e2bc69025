"""Exact outcomes that a broken rule would change, each asserted whole (score sheets line by
line with their counts, decks card by card, reason codes one by one).

Each test names the break it catches: a seat's earlier meld forgotten, every hand dealt from
one deck, the concealed going out's minimum exemption inverted, lines added to the score
sheets, the ``count`` of a score line, the concealed-canasta bonus, red threes laid out at the
owner's first turn (§4 A9), the going-out capacity off by one card, and the reason code of
every refusal (:class:`canasta.Reason`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import canasta
from canasta import (
    AnswerPartner,
    AskPartner,
    Card,
    DealNextHand,
    DeclinePile,
    Discard,
    Draw,
    GameState,
    Meld,
    MeldCards,
    Rank,
    Reason,
    TakePile,
)
from rules_helpers import empty_stock_position, ended, meld, play, stacked_deck

K7 = "KC KC KD KD KH KH KS"  # a natural canasta of kings
J7 = "JC JC JD JD JH JH JS"  # a natural canasta of jacks


def sheet(state: GameState, side: int) -> list[tuple[str, int, int]]:
    """A side's score sheet as its exact list of lines: (item, points, count)."""
    return [
        (line.item.value, line.points, line.count)
        for line in canasta.score_hand(state).sides[side].lines
    ]


def _play(hand0: str, variant: str | canasta.Variant = "classic", **kw: Any) -> GameState:
    """Seat 0 to play after drawing from the stock, holding ``hand0``."""
    kw.setdefault("melds", [[K7], []])
    hands = kw.pop("hands", ["", "", "", ""])
    return canasta.position(variant, hands=[hand0, *hands[1:]], phase="play", **kw)


# ---------------------------------------------------------------------------- has_melded
def test_a_seat_that_melded_in_an_earlier_turn_goes_out_not_concealed() -> None:
    """§2 case 29: a player who melded in an earlier turn of the hand does not go out concealed,
    even when he lays his whole canasta in the going-out turn: going out 100, not concealed 200.
    The earlier meld is played here (not given as ``has_melded``), so the engine must remember
    it from one turn to the next."""
    s = canasta.position(
        hands=[f"{J7} 5C 5D 5H", "6C 7D", "6D 7H", "6H 7S"],
        melds=[["TC TD TH"], []],
        has_melded=[False, False, True, False],
        discard_pile="4D",
        stock_top="9S 8C 8D 8H 4H",
    )
    s = play(s, Draw(0), meld(0, "5C 5D 5H"), Discard(0, "9S"))
    assert s.has_melded == (True, False, True, False)
    for seat, card in ((1, "8C"), (2, "8D"), (3, "8H")):
        s = play(s, Draw(seat), Discard(seat, card))
    s = play(s, Draw(0), meld(0, J7), Discard(0, "4H"))
    assert s.end is not None and s.end.went_out and not s.end.concealed
    assert sheet(s, 0) == [
        ("melded_cards", 30 + 15 + 70, 13),
        ("natural_canastas", 500, 1),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("going_out", 100, 1),
        ("cards_in_hand", -10, 2),  # seat 2: 6D 7H
    ]
    assert sheet(s, 1) == [
        ("melded_cards", 0, 0),
        ("natural_canastas", 0, 0),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("cards_in_hand", -20, 4),  # 6C 7D and 6H 7S
    ]
    assert canasta.score_hand(s).totals == (705, -20)


def test_a_concealed_going_out_in_the_first_turn_scores_200() -> None:
    """The same going out in one turn, with no earlier meld of the player: concealed 200 in
    all, the partner's earlier meld notwithstanding (§2 case 29, §3 example 4)."""
    s = canasta.position(
        hands=[f"{J7} 5C 5D 5H", "6C 7D", "6D 7H", "6H 7S"],
        melds=[["TC TD TH"], []],
        has_melded=[False, False, True, False],
        discard_pile="4D",
        stock_top="9S",
    )
    s = play(s, Draw(0), meld(0, J7, "5C 5D 5H"), Discard(0, "9S"))
    assert s.end is not None and s.end.concealed and s.end.partner_had_melded
    assert sheet(s, 0) == [
        ("melded_cards", 115, 13),
        ("natural_canastas", 500, 1),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("concealed", 200, 1),
        ("cards_in_hand", -10, 2),
    ]


# ---------------------------------------------------------------------------- the next deal
#: Seat 0's hand of hand 2 of the classic match with seed 0 (recorded; DEAL_VERSION 1).
HAND_2_SEAT_0 = "JK JK AS AD KC QH 9C 6S 5D 5C 3S"


def test_every_hand_is_dealt_from_its_own_deck() -> None:
    """The deck of hand n is the seed's deck of hand n (§1 "Deal"; docs "Portable deals"):
    hand 2 differs from hand 1, and hand 3 from hand 2, for the same seed."""
    first = canasta.new_game("classic", seed=0)
    over = _ended()  # hand 1 of the match with seed 0, over
    assert over.seed == 0 and over.hand_number == 1
    second = canasta.apply(over, DealNextHand())
    assert second.hand_number == 2
    assert second.hands[0] == canasta.Cards.parse(HAND_2_SEAT_0)
    assert second.hands != first.hands
    v = canasta.get_variant("classic")
    same = canasta.apply(over, DealNextHand(canasta.shuffled_pack(v, 0, 2)))
    assert same.hands == second.hands and same.stock == second.stock
    assert same.discard_pile == second.discard_pile
    not_hand_1 = canasta.apply(over, DealNextHand(canasta.shuffled_pack(v, 0, 1)))
    assert not_hand_1.hands != second.hands
    over_2 = _ended(hand_number=2)
    third = canasta.apply(over_2, DealNextHand())
    assert third.hand_number == 3 and third.hands != second.hands
    third_deck = canasta.apply(over_2, DealNextHand(canasta.shuffled_pack(v, 0, 3)))
    assert third.hands == third_deck.hands and third.stock == third_deck.stock


# ---------------------------------------------------------------------------- can_go_out
FOURS = "4C 4C 4D 4D 4H 4H 4S"  # seven fours: a natural canasta worth 35 < 50


def test_a_concealed_going_out_from_the_stock_needs_no_minimum() -> None:
    """§2 case 29: from a stock draw, a concealed going out needs no minimum: seven 4s (35 on a
    minimum of 50) go out, so the player may ask partner; three 4s alone (not going out) are
    below the minimum. Where the variant wants the minimum, neither."""
    s = _play(f"{FOURS} 9C", melds=[[], []], has_melded=[False] * 4)
    going_out = meld(0, FOURS)
    assert canasta.check(s, AskPartner(0)) is None
    assert going_out in canasta.legal_actions(s)
    t = play(s, going_out, Discard(0, "9C"))
    assert t.end is not None and t.end.concealed
    assert canasta.check(s, meld(0, "4C 4D 4H")).reason is Reason.INITIAL_MELD_BELOW_MINIMUM
    strict = canasta.get_variant("classic").derive(concealed_needs_minimum=True)
    s = _play(f"{FOURS} 9C", strict, melds=[[], []], has_melded=[False] * 4)
    assert canasta.check(s, AskPartner(0)).reason is Reason.CANNOT_ASK
    assert going_out not in canasta.legal_actions(s)
    assert canasta.check(s, going_out).reason is Reason.INITIAL_MELD_BELOW_MINIMUM
    # taken from the pile, the minimum applies (§2 case 29)
    pile = canasta.position(
        hands=["4C 4C 4D 4D 4H 4H", "", "", ""], discard_pile="4S", has_melded=[False] * 4
    )
    assert canasta.check(pile, TakePile(0, "4C 4C 4D 4D 4H 4H")).reason is (
        Reason.INITIAL_MELD_BELOW_MINIMUM
    )


@pytest.mark.parametrize(
    ("hand", "can"),
    [
        ("5C 5D 5H", True),  # meld all three, no discard
        ("5C 5D 5H 9S", True),  # meld three, discard the fourth
        ("5C 5D 5H 9S 8D", False),  # two cards that meld with nothing: one too many
        ("5C 5D 5H 9S 9D", False),  # a pair does not meld alone
        ("5C 5D 5H 9S 9D 9H", True),  # two melds
        ("5C 5D 5H QS", True),  # the queen laid on the side's queens
        ("5C 5D 5H QS 8D", True),  # the queen laid off, the eight discarded
        ("5C 5D 5H QS 8D 7S", False),  # one card more than a discard takes
        ("2C 2D", True),  # two wild cards laid on the kings
        ("2C 2D JK 9S", True),  # three wilds on them, the nine discarded
        ("2C 2D JK 2H 9S", True),  # three on the kings, one on the queens, the nine discarded
        ("2C 2D JK 2H 9S 8D", False),  # and one card too many
        ("2C 2D 2H 2S JK JK JK", True),  # three wilds on each meld (the most), one discarded
        ("2C 2C 2D 2H 2S JK JK JK", False),  # one wild card more than that
    ],
)
def test_going_out_capacity_to_the_card(hand: str, can: bool) -> None:
    """Whether a hand can go out this turn (§2 cases 18, 22, 23, 27), one card either side of
    the edge: asking partner is legal exactly when it can (§2 case 28); the menu then lists a
    going out, and never otherwise."""
    s = _play(hand, melds=[[K7, "QC QD QH"], []])
    assert (canasta.check(s, AskPartner(0)) is None) is can, canasta.check(s, AskPartner(0))
    assert _goes_out(s) is can


def _goes_out(state: GameState, seen: set[GameState] | None = None) -> bool:
    """Whether seat 0 can end the hand this turn by listed actions (asking partner aside)."""
    seen = set() if seen is None else seen
    if state.is_hand_over:
        return True
    if state in seen or state.current_seat != 0 or state.phase is not canasta.Phase.PLAY:
        return False
    seen.add(state)
    return any(
        _goes_out(canasta.apply(state, a), seen)
        for a in canasta.legal_actions(state)
        if not isinstance(a, AskPartner)
    )


# ---------------------------------------------------------------------------- score sheets
def test_no_undeclared_red_three_line_without_one() -> None:
    """A sheet lists the undeclared red threes only when a hand holds one (§2 case 37): the
    exact lines of a hand ended with none, then with one in partner's hand (-500, count 1)."""
    s = play(_play("5C 5D 5H 9S", hands=["", "6C", "8D 9D", "7H"]), meld(0, "5C 5D 5H"))
    s = canasta.apply(s, Discard(0, "9S"))
    assert sheet(s, 0) == [
        ("melded_cards", 70 + 15, 10),
        ("natural_canastas", 500, 1),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("going_out", 100, 1),
        ("cards_in_hand", -20, 2),
    ]
    assert sheet(s, 1) == [
        ("melded_cards", 0, 0),
        ("natural_canastas", 0, 0),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("cards_in_hand", -10, 2),
    ]
    s = play(_play("5C 5D 5H 9S", hands=["", "6C", "8D 3H", "7H"]), meld(0, "5C 5D 5H"))
    s = canasta.apply(s, Discard(0, "9S"))
    assert sheet(s, 0) == [
        ("melded_cards", 85, 10),
        ("natural_canastas", 500, 1),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("going_out", 100, 1),
        ("cards_in_hand", -10, 1),  # the red three is no card in hand
        ("undeclared_red_threes", -500, 1),
    ]


def test_the_count_of_every_line() -> None:
    """§3 example 1 with its counts: cards melded, canastas of each kind, red threes, the going
    out and the cards left in hand (a red three laid out counts 1)."""
    s = _play(
        "7C 7D 7H",
        hands=["", "JK 5C 5D", "9C 4D", "AS AS 2S"],
        melds=[["KC KC KD KH KH KS KS", "QC QD QH QS QS 2C JK"], ["AC AD AH 2D", "8C 8D 8H"]],
        red_threes=["3H", "3D", "3D", ""],
    )
    s = canasta.apply(s, meld(0, "7C 7D 7H"))
    assert s.end is not None and s.end.went_out and not s.end.concealed
    assert sheet(s, 0) == [
        ("melded_cards", 205, 17),
        ("natural_canastas", 500, 1),
        ("mixed_canastas", 300, 1),
        ("red_threes", 200, 2),
        ("going_out", 100, 1),
        ("cards_in_hand", -15, 2),
    ]
    assert sheet(s, 1) == [
        ("melded_cards", 110, 7),
        ("natural_canastas", 0, 0),
        ("mixed_canastas", 0, 0),
        ("red_threes", 100, 1),
        ("cards_in_hand", -(60 + 60), 6),
    ]


def test_the_concealed_canasta_bonus() -> None:
    """§4 A5 (S-NO): with ``concealed_canasta_bonus`` each canasta made in a concealed going
    out earns it: two made, two counted; none in a going out that is not concealed."""
    v = canasta.get_variant("classic").derive(concealed_canasta_bonus=100)
    s = _play(f"{J7} {FOURS} 9S", v, melds=[[], []], has_melded=[False] * 4)
    t = play(s, meld(0, J7, FOURS), Discard(0, "9S"))
    assert t.end is not None and t.end.concealed
    assert sheet(t, 0) == [
        ("melded_cards", 70 + 35, 14),
        ("natural_canastas", 1000, 2),
        ("mixed_canastas", 0, 0),
        ("red_threes", 0, 0),
        ("concealed", 200, 1),
        ("concealed_canastas", 200, 2),
        ("cards_in_hand", 0, 0),
    ]
    one = _play(f"{J7} 5C 5D 5H 9S", v, melds=[[], []], has_melded=[False] * 4)
    t = play(one, meld(0, J7, "5C 5D 5H"), Discard(0, "9S"))
    assert ("concealed_canastas", 100, 1) in sheet(t, 0)
    plain = play(_play(f"{J7} 9S", v), meld(0, J7), Discard(0, "9S"))
    assert plain.end is not None and not plain.end.concealed
    assert [line[0] for line in sheet(plain, 0)] == [
        "melded_cards",
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "going_out",
        "cards_in_hand",
    ]


# ---------------------------------------------------------------------------- §4 A9
def test_red_threes_laid_out_at_the_owners_first_turn() -> None:
    """§4 A9 (``red_three_timing="first_turn"``): a red three dealt to seat 1 stays in his hand
    until his first turn starts, then is laid out and replaced from the stock's top; under the
    default it is laid out at the deal. Seat 0's own red three is laid out at once (his first
    turn starts with the deal)."""
    deck = stacked_deck(["3H", "3D", "", ""], upcards="6C", stock_top="9C 9D 9H TS TD")
    v = canasta.get_variant("classic").derive(red_three_timing="first_turn")
    s = canasta.new_game(v, deck=deck)
    three_h, three_d = Card.parse("3H"), Card.parse("3D")
    assert s.red_threes[0] == (three_h,) and three_h not in s.hands[0]
    assert s.red_threes[1] == () and three_d in s.hands[1]
    assert Card.parse("9C") in s.hands[0]  # seat 0's replacement: the stock's first card
    assert s.stock[:2] == (Card.parse("9D"), Card.parse("9H"))
    discard = next(c for c in s.hands[0] if c.is_natural and c.rank is not Rank.SIX)
    t = play(s, Draw(0), Discard(0, discard))
    assert t.current_seat == 1
    assert t.red_threes[1] == (three_d,) and three_d not in t.hands[1]
    assert Card.parse("9H") in t.hands[1] and len(t.hands[1]) == 11
    assert t.stock[0] == Card.parse("TS")
    default = canasta.new_game("classic", deck=deck)
    assert default.red_threes[:2] == ((three_h,), (three_d,))


def test_a_red_three_whose_owners_first_turn_never_came() -> None:
    """§4 A9: under ``first_turn``, a red three still in the hand of a player whose first turn
    never came counts as laid out for his side (+100), with no undeclared line; under the
    default the same hand pays 500 for it (§2 case 37)."""
    first = canasta.get_variant("classic").derive(red_three_timing="first_turn")
    hands = ["", "6C 3H", "", ""]
    for v, lines in (
        (first, [("red_threes", 100, 1), ("cards_in_hand", -5, 1)]),
        (
            canasta.get_variant("classic"),
            [("red_threes", 0, 0), ("cards_in_hand", -5, 1), ("undeclared_red_threes", -500, 1)],
        ),
    ):
        s = _play("5C 5D 5H", v, hands=hands, melds=[[K7], ["QC QD QH"]])
        t = canasta.apply(s, meld(0, "5C 5D 5H"))
        assert sheet(t, 1) == [
            ("melded_cards", 30, 3),
            ("natural_canastas", 0, 0),
            ("mixed_canastas", 0, 0),
            *lines,
        ]


# ---------------------------------------------------------------------------- reason codes
def _ended(**kw: Any) -> GameState:
    return ended(hands=["4C", "5D", "6H", "7S"], **kw)


def _new() -> GameState:
    return canasta.position(hands=["KH KS 9D 5C", "", "", ""], discard_pile="7D")


def _asked(hand: str, yes: bool) -> GameState:
    return play(_play(hand), AskPartner(0), AnswerPartner(2, yes=yes))


def _last_red_three() -> GameState:
    v = canasta.get_variant("classic").derive(last_card_red_three="may_meld")
    return canasta.position(
        v,
        hands=["9C 9D 9H 5S", "", "", ""],
        melds=[["QH QS QD"], []],
        red_threes=["3H", "", "", ""],
        discard_pile="7C",
        stock="",
        out_of_play="rest",
        phase="play",
        drew="stock",
        last_red_three=True,
    )


def _frozen_stock_empty() -> GameState:
    return empty_stock_position(
        hands=["9S 5C 5D", "4H 4S", "6C", "7D"],
        melds=[["9C 9D 9H"], ["QC QD QH"]],
        discard_pile="9D",
        wild_seat=3,
    )


#: Every reason code, a position and the action refused there with it.
REFUSALS: dict[Reason, tuple[Callable[[], GameState], object]] = {
    Reason.MALFORMED: (_new, "frobnicate 9D"),
    Reason.NOT_YOUR_TURN: (_new, Draw(1)),
    Reason.WRONG_PHASE: (_new, Discard(0, "KH")),
    Reason.CARD_NOT_IN_HAND: (lambda: _play("9C 9D 5H"), Discard(0, "4S")),
    Reason.STOCK_EMPTY: (_frozen_stock_empty, Draw(0)),
    Reason.PILE_EMPTY: (
        lambda: canasta.position(hands=["9C 9D 5H", "", "", ""], discard_pile=""),
        TakePile(0, "9C 9D"),
    ),
    Reason.PILE_FROZEN: (
        lambda: canasta.position(
            hands=["9H 2C 5S", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 2D 7S 9S"
        ),
        TakePile(0, "9H 2C"),
    ),
    Reason.PILE_BLOCKED: (
        lambda: canasta.position(hands=["3C 3S 9D", "", "", ""], discard_pile="5C 3S"),
        TakePile(0),
    ),
    Reason.PILE_TOP_WILD: (
        lambda: canasta.position(
            hands=["9H 9D 2C JK", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 9S 2D"
        ),
        TakePile(0, "9H 9D"),
    ),
    Reason.SINGLE_CARD_PILE: (
        lambda: canasta.position(
            hands=["QS", "", "", ""], melds=[[K7, "QC QD QH"], []], discard_pile="QD"
        ),
        TakePile(0),
    ),
    Reason.CANNOT_MELD_TOP_CARD: (
        lambda: canasta.position(
            hands=["9H 9D 5S", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 7S"
        ),
        TakePile(0),
    ),
    Reason.INITIAL_MELD_BELOW_MINIMUM: (
        lambda: _play("4C 4D 4H 9S 8D", melds=[[], []]),
        meld(0, "4C 4D 4H"),
    ),
    Reason.TOO_MANY_WILDS: (
        lambda: _play("9C 9D 2C 2D 2H JK 5S"),
        meld(0, "9C 9D 2C 2D 2H JK"),
    ),
    Reason.TOO_FEW_NATURALS: (lambda: _play("9C 2C 2D 5S 6S"), meld(0, "9C 2C 2D")),
    Reason.MELD_TOO_SMALL: (lambda: _play("9C 9D 5S 6S"), meld(0, "9C 9D")),
    Reason.WRONG_RANK: (lambda: _play("9C 9D 8S 5S 6S"), "meld 9C 9D 8S"),
    Reason.RED_THREE: (lambda: _play("3H 9C 9D 5S"), Discard(0, "3H")),
    Reason.BLACK_THREE_MELD: (lambda: _play("3S 3C 3S 9S 9D"), meld(0, "3S 3C 3S")),
    Reason.NO_CANASTA_TO_GO_OUT: (
        lambda: _play("5C 5D 5H", melds=[["KC KD KH"], []]),
        meld(0, "5C 5D 5H"),
    ),
    Reason.MUST_KEEP_A_CARD: (
        lambda: _play(
            "5C 5D 5H", canasta.get_variant("classic").derive(final_discard_required=True)
        ),
        meld(0, "5C 5D 5H"),
    ),
    Reason.PERMISSION_REFUSED: (
        lambda: _asked("5C 5D 5H 7S 7D 7C 9S", yes=False),
        meld(0, "5C 5D 5H", "7S 7D 7C"),
    ),
    Reason.MUST_GO_OUT: (lambda: _asked("5C 5D 2C 9S 9D 9H 4S", yes=True), Discard(0, "4S")),
    Reason.CANNOT_ASK: (lambda: _play("9S"), AskPartner(0)),
    Reason.MUST_TAKE_PILE: (_frozen_stock_empty, DeclinePile(0)),
    Reason.CANNOT_DECLINE: (_new, DeclinePile(0)),
    Reason.NO_DISCARD: (_last_red_three, Discard(0, "5S")),
    Reason.HAND_NOT_OVER: (_new, DealNextHand()),
    Reason.HAND_OVER: (_ended, Draw(0)),
    Reason.MATCH_OVER: (lambda: _ended(totals=[6000, 0]), DealNextHand()),
    Reason.BAD_DECK: (
        _ended,
        DealNextHand([*canasta.get_variant("classic").pack()[1:], Card.parse("KH")]),
    ),
}


def test_every_reason_has_a_refusal() -> None:
    assert set(REFUSALS) == set(Reason), set(Reason) - set(REFUSALS)


@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_the_reason_of_every_refusal(reason: Reason) -> None:
    """Each refusal carries its exact code, alike from ``apply`` (the error's ``.reason``),
    ``check`` and in every form of the action; the action is not listed."""
    build, action = REFUSALS[reason]
    state = build()
    with pytest.raises(canasta.IllegalActionError) as info:
        canasta.apply(state, action)  # type: ignore[arg-type]
    assert info.value.reason is reason, str(info.value)
    assert str(info.value).startswith(f"{reason.value}: ")
    verdict = canasta.check(state, action)
    assert verdict is not None and verdict.reason is reason
    assert not canasta.is_legal(state, action)
    assert action not in canasta.legal_actions(state)
    if not isinstance(action, str):
        for form in (canasta.to_json(action), str(action)):
            if reason is Reason.NOT_YOUR_TURN and isinstance(form, str) and form[0] != "{":
                continue  # notation names no seat: it is read as the seat to act's
            got = canasta.check(state, form)
            assert got is not None and got.reason is reason, (form, got)


def test_a_meld_value_of_another_rank_is_wrong_rank() -> None:
    s = _play("9C 9D 8S 5S 6S")
    action = MeldCards(0, [Meld(Rank.NINE, "9C 9D 8S")])
    assert canasta.check(s, action).reason is Reason.WRONG_RANK
