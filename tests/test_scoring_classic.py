"""Classic scoring: RULES.md §2 cases 36-38 and 40, and the §3 worked examples 1, 2, 3, 4, 6,
10 (C4), 11 and 12 (one test per reference, named after it). Each hand is built just before it
ends and ended through the public API; the score is checked line by line."""

from __future__ import annotations

import canasta
from canasta import DealNextHand, Discard, EndReason, Reason
from rules_helpers import ended, lines, meld, play, refused

K7 = "KC KC KD KD KH KH KS"  # a natural canasta of kings
Q7 = "QC QC QD QD QH QH QS"  # a natural canasta of queens


def _went_out(*actions: canasta.Action, **kw: object) -> canasta.GameState:
    """Seat 0 (side 0) to play after a stock draw; ``actions`` end the hand by going out."""
    s = play(canasta.position(phase="play", **kw), *actions)  # type: ignore[arg-type]
    assert s.is_hand_over and s.end is not None
    assert (s.end.reason, s.end.seat) == (EndReason.WENT_OUT, 0)
    return s


# ------------------------------------------------------------------------------ §2
def test_s2_case_36_red_threes_of_a_side_without_meld_count_minus() -> None:
    """§2 case 36: "Side with red 3s but no meld. Every red 3 counts -100, or -800 for all four."
    (C4: the test is "no meld", so a melded side without a canasta still scores them plus.)"""
    kw = {"hands": ["4C", "5D", "", ""], "melds": [["KC KD KH"], []]}
    two = canasta.score_hand(ended(red_threes=["", "3H", "", "3D"], **kw))
    assert two.sides[1].points("red_threes") == -200
    assert two.sides[1].total == -200 - 5
    four = canasta.score_hand(ended(red_threes=["", "3H 3D", "", "3H 3D"], **kw))
    assert four.sides[1].points("red_threes") == -800
    melded = canasta.score_hand(
        ended(
            red_threes=["", "3H", "", "3D"],
            hands=["4C", "5D", "", ""],
            melds=[["KC KD KH"], ["9C 9D 9H"]],
        )
    )
    assert melded.sides[1].points("red_threes") == 200


def test_s2_case_37_undeclared_red_three_costs_500() -> None:
    """§2 case 37: "Undeclared red 3 at the end. -500." """
    s = _went_out(
        meld(0, "5C 5D 5H"),
        Discard(0, "9S"),
        hands=["5C 5D 5H 9S", "3H 4C", "", "TD"],
        melds=[[K7], ["QC QD QH"]],
    )
    side = lines(canasta.score_hand(s), 1)
    assert side["undeclared_red_threes"] == -500
    assert side["red_threes"] == 0
    assert side["cards_in_hand"] == -15
    assert canasta.score_hand(s).sides[1].total == 30 - 500 - 15


def test_s2_case_38_cards_left_in_hand_always_subtract() -> None:
    """§2 case 38: "Cards left in hand. They always subtract, even if they would form a meld; a
    black 3 in hand costs 5." """
    s = _went_out(
        meld(0, "5C 5D 5H"),
        Discard(0, "9S"),
        hands=["5C 5D 5H 9S", "QS QS QH 3S", "", "3C"],
        melds=[[K7], ["QC QD QH"]],
    )
    side = lines(canasta.score_hand(s), 1)
    assert side["cards_in_hand"] == -(10 + 10 + 10 + 5 + 5)
    assert side["melded_cards"] == 30
    assert canasta.score_hand(s).sides[1].total == 30 - 40


def test_s2_case_40_end_of_match() -> None:
    """§2 case 40: "End of match. Checked only after a deal is scored; the higher total wins.
    Ties are not covered by any source, so expose a parameter." (Default: play another hand.)"""
    kw = {"hands": ["4C", "4D", "", ""], "melds": [["KC KD KH"], ["QC QD QH"]]}
    # Each side scores 30 - 5 = 25 in this hand.
    during = canasta.position(hands=["4C", "4D", "", ""], totals=[5100, 200])
    assert not during.is_match_over and during.winners == ()
    assert canasta.score_hand(ended(**kw)).totals == (25, 25)
    over = ended(totals=[4990, 4000], **kw)
    assert over.match_totals == (5015, 4025)
    assert over.is_match_over and over.winners == (0,)
    refused(over, DealNextHand(), Reason.MATCH_OVER)
    assert len(canasta.legal_actions(over)) == 0
    assert ended(totals=[5000, 5010], **kw).winners == (1,)
    tie = ended(totals=[4990, 4990], **kw)
    assert tie.match_totals == (5015, 5015)
    assert not tie.is_match_over and tie.winners == ()
    nxt = canasta.apply(tie, DealNextHand())
    assert nxt.totals == (5015, 5015) and nxt.hand_number == 2
    shared = canasta.get_variant("classic").derive(tie_rule="shared_win")
    tie = ended(variant=shared, totals=[4990, 4990], **kw)
    assert tie.is_match_over and tie.winners == (0, 1)


# ------------------------------------------------------------------------------ §3 examples
def test_s3_example_1_scoring() -> None:
    """§3 example 1 (C4): "NS: K×7 natural (70), Q×5+2+Jkr mixed (120), 7-7-7 (15); 1 red 3; N
    went out (not concealed); S holds 9,4. EW: A-A-A-2 (80), 8-8-8 (30); 2 red 3s; hands Jkr,5,5
    and K,K,2. NS 205+800+100+100-15 = 1190; EW 110+200-100 = 210."

    The pack holds eight kings and NS has seven on the table, so EW's K,K stand as J,J (same
    values). N goes out by melding 7-7-7 and discarding a 6."""
    s = _went_out(
        meld(0, "7C 7D 7H"),
        Discard(0, "6S"),
        hands=["7C 7D 7H 6S", "JK 5C 5D", "9C 4D", "JC JD 2C"],
        melds=[[K7, "QC QC QD QD QH 2S JK"], ["AC AD AH 2D", "8C 8D 8H"]],
        red_threes=["3H", "3D", "", "3H"],
    )
    score = canasta.score_hand(s)
    assert lines(score, 0) == {
        "melded_cards": 205,
        "natural_canastas": 500,
        "mixed_canastas": 300,
        "red_threes": 100,
        "going_out": 100,
        "concealed": 0,
        "cards_in_hand": -15,
        "undeclared_red_threes": 0,
    }
    assert lines(score, 1) == {
        "melded_cards": 110,
        "natural_canastas": 0,
        "mixed_canastas": 0,
        "red_threes": 200,
        "going_out": 0,
        "concealed": 0,
        "cards_in_hand": -100,
        "undeclared_red_threes": 0,
    }
    assert score.totals == (1190, 210)


def test_s3_example_2_scoring() -> None:
    """§3 example 2 (C4): "EW no meld, 2 red 3s; hands A,A,9,9,6 (65) and Jkr,Q,7,4 (70).
    EW -200-135 = -335." (NS goes out.)"""
    s = _went_out(
        meld(0, "5C 5D 5H"),
        Discard(0, "6S"),
        hands=["5C 5D 5H 6S", "AC AD 9C 9D 6H", "", "JK QC 7D 4S"],
        melds=[[K7], []],
        red_threes=["", "3H", "", "3D"],
    )
    score = canasta.score_hand(s)
    side = lines(score, 1)
    assert side["melded_cards"] == 0
    assert side["red_threes"] == -200
    assert side["cards_in_hand"] == -135
    assert side["going_out"] == 0 and side["undeclared_red_threes"] == 0
    assert score.sides[1].total == -335


def test_s3_example_3_scoring() -> None:
    """§3 example 3 (C4): "Side: melded cards 150, one mixed canasta, all 4 red 3s, hand 25, did
    not go out: 150+300+800-25 = 1225. Same side with no meld at all and hands 25:
    -800-25 = -825." (The side is EW; NS goes out.)"""
    common = {
        "hands": ["4C 4D 4H 6S", "5C 5D 5H", "", "TC"],
        "red_threes": ["", "3H 3D", "", "3H 3D"],
    }
    going_out = (meld(0, "4C 4D 4H"), Discard(0, "6S"))
    s = _went_out(*going_out, melds=[[Q7], ["KC KC KD KD KH 2C JK", "9C 9D 9H"]], **common)
    score = canasta.score_hand(s)
    assert lines(score, 1) == {
        "melded_cards": 150,
        "natural_canastas": 0,
        "mixed_canastas": 300,
        "red_threes": 800,
        "going_out": 0,
        "concealed": 0,
        "cards_in_hand": -25,
        "undeclared_red_threes": 0,
    }
    assert score.sides[1].total == 1225
    s = _went_out(*going_out, melds=[[Q7], []], **common)
    score = canasta.score_hand(s)
    assert lines(score, 1)["red_threes"] == -800
    assert score.sides[1].total == -825


def test_s3_example_4_scoring() -> None:
    """§3 example 4 (C4): "N goes out concealed from a stock draw: J×7 natural (70), 5-5-5-Jkr
    (65), discards a 4. S had melded 10-10-10 (30) earlier and holds A,A,7 (45).
    165+500+200-45 = 820." """
    s = _went_out(
        meld(0, "JC JC JD JD JH JH JS", "5C 5D 5H JK"),
        Discard(0, "4C"),
        hands=["JC JC JD JD JH JH JS 5C 5D 5H JK 4C", "", "AC AD 7C", ""],
        melds=[["TC TD TH"], []],
        has_melded=[False, False, True, False],
        drew="stock",
    )
    assert s.end is not None and s.end.concealed
    score = canasta.score_hand(s)
    side = lines(score, 0)
    assert side["melded_cards"] == 165
    assert side["natural_canastas"] == 500
    assert side["mixed_canastas"] == 0
    assert side["concealed"] == 200
    assert side["going_out"] == 0
    assert side["cards_in_hand"] == -45
    assert score.sides[0].total == 820


def test_s3_example_6_scoring() -> None:
    """§3 example 6 (C4): "Stock exhausted, nobody out. NS: 8×5+2+2 mixed (90), 1 red 3, hand
    30. EW: 10-10-10, hand 25. NS 90+300+100-30 = 460; EW 30-25 = 5." """
    s = ended(
        top="4S",
        hands=["KC 5C", "QC 5H", "TC 5D", "JD"],
        melds=[["8C 8D 8H 8S 8C 2C 2D"], ["TD TH TS"]],
        red_threes=["3H", "", "", ""],
    )
    score = canasta.score_hand(s)
    assert lines(score, 0) == {
        "melded_cards": 90,
        "natural_canastas": 0,
        "mixed_canastas": 300,
        "red_threes": 100,
        "going_out": 0,
        "concealed": 0,
        "cards_in_hand": -30,
        "undeclared_red_threes": 0,
    }
    assert lines(score, 1) == {
        "melded_cards": 30,
        "natural_canastas": 0,
        "mixed_canastas": 0,
        "red_threes": 0,
        "going_out": 0,
        "concealed": 0,
        "cards_in_hand": -25,
        "undeclared_red_threes": 0,
    }
    assert score.totals == (460, 5)


def test_s3_example_10_c4_scoring() -> None:
    """§3 example 10, C4 half: "Side melded 9-9-9 (30) and Q-Q-Q-2 (50), no canasta, 1 red 3,
    hand 20; opponents went out. C4 80+100-20 = 160." """
    s = _went_out(
        meld(0, "5C 5D 5H"),
        Discard(0, "6S"),
        hands=["5C 5D 5H 6S", "TC", "", "TD"],
        melds=[[K7], ["9C 9D 9H", "QC QD QH 2C"]],
        red_threes=["", "3H", "", ""],
    )
    score = canasta.score_hand(s)
    side = lines(score, 1)
    assert side["melded_cards"] == 80
    assert side["red_threes"] == 100
    assert side["cards_in_hand"] == -20
    assert score.sides[1].total == 160


def test_s3_example_11_scoring() -> None:
    """§3 example 11 (C4/HO): "Side: melded 100, a mixed canasta, 1 red 3 laid out, 1 red 3
    still in hand at the end, other hand cards 10. 100+300+100-500-10 = -10." """
    s = _went_out(
        meld(0, "4C 4D 4H"),
        Discard(0, "6S"),
        hands=["4C 4D 4H 6S", "", "", "3D TC"],
        melds=[[Q7], ["KC KC KD KD KH KH 2C", "5C 5D 5H 5S"]],
        red_threes=["", "3H", "", ""],
    )
    score = canasta.score_hand(s)
    assert lines(score, 1) == {
        "melded_cards": 100,
        "natural_canastas": 0,
        "mixed_canastas": 300,
        "red_threes": 100,
        "going_out": 0,
        "concealed": 0,
        "cards_in_hand": -10,
        "undeclared_red_threes": -500,
    }
    assert score.sides[1].total == -10


def test_s3_example_12_scoring() -> None:
    """§3 example 12 (C4): "Player goes out by melding 3♠3♣3♠ (15). Side: A×7 natural (140);
    partner holds a 2 (20). 140+15+500+100-20 = 735." """
    s = _went_out(
        meld(0, "3S 3C 3S"),
        hands=["3S 3C 3S", "", "2C", ""],
        melds=[["AC AC AD AD AH AH AS"], []],
    )
    score = canasta.score_hand(s)
    assert lines(score, 0) == {
        "melded_cards": 155,
        "natural_canastas": 500,
        "mixed_canastas": 0,
        "red_threes": 0,
        "going_out": 100,
        "concealed": 0,
        "cards_in_hand": -20,
        "undeclared_red_threes": 0,
    }
    assert score.sides[0].total == 735
