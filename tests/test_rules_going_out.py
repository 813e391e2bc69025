"""Classic rules of going out: RULES.md §2 cases 27-30 (one test per case, named after it)."""

from __future__ import annotations

import canasta
from canasta import (
    AnswerPartner,
    AskPartner,
    Card,
    Discard,
    Draw,
    EndReason,
    Meld,
    Phase,
    Rank,
    Reason,
    TakePile,
)
from rules_helpers import empty_stock_position, hand, lines, meld, play, refused

K7 = "KC KC KD KD KH KH KS"  # a natural canasta of kings
J7 = "JC JC JD JD JH JH JS"  # a natural canasta of jacks


def _play(hand0: str, **kw: object) -> canasta.GameState:
    """Seat 0 to play after drawing from the stock, holding ``hand0``."""
    kw.setdefault("melds", [[K7], []])
    return canasta.position(hands=[hand0, "", "", ""], phase="play", **kw)


def test_s2_case_27_going_out_without_a_discard() -> None:
    """§2 case 27: "Going out without a discard. Legal in C4. Illegal in DE3 and MA." """
    s = _play("5C 5D 5H")
    t = canasta.apply(s, meld(0, "5C 5D 5H"))
    assert t.is_hand_over and t.end is not None
    assert (t.end.reason, t.end.seat) == (EndReason.WENT_OUT, 0)
    assert len(t.hands[0]) == 0
    assert t.discard_pile == s.discard_pile
    required = canasta.get_variant("classic").derive(final_discard_required=True)
    refused(_play("5C 5D 5H", variant=required), meld(0, "5C 5D 5H"), Reason.MUST_KEEP_A_CARD)
    t = play(_play("5C 5D 5H 9S", variant=required), meld(0, "5C 5D 5H"), Discard(0, "9S"))
    assert t.is_hand_over and t.end is not None and t.end.reason is EndReason.WENT_OUT


def test_s2_case_28_permission_is_optional_and_binding() -> None:
    """§2 case 28: "Permission. Asking is optional; the answer binds both ways: after "no" he may
    not go out this turn, after "yes" he must." Asking needs two cards in hand and a way to go
    out this turn."""
    s = _play("5C 5D 5H 7S 7D 7C 9S")
    # Optional: he may go out without asking.
    t = play(s, meld(0, "5C 5D 5H", "7S 7D 7C"), Discard(0, "9S"))
    assert t.is_hand_over and t.end is not None and t.end.reason is EndReason.WENT_OUT
    asked = canasta.apply(s, AskPartner(0))
    assert (asked.phase, asked.current_seat) == (Phase.ANSWER, 2)
    refused(asked, meld(0, "5C 5D 5H"), Reason.WRONG_PHASE)
    refused(asked, AskPartner(0), Reason.WRONG_PHASE)
    # "No": he may not go out this turn (no meld down to one card, no going out).
    no = canasta.apply(asked, AnswerPartner(2, yes=False))
    assert (no.phase, no.current_seat, no.turn.permission) == (Phase.PLAY, 0, False)
    refused(no, meld(0, "5C 5D 5H", "7S 7D 7C"), Reason.PERMISSION_REFUSED)
    refused(no, AskPartner(0), Reason.CANNOT_ASK)
    t = play(no, meld(0, "5C 5D 5H"), Discard(0, "9S"))
    assert not t.is_hand_over and t.hands[0] == hand("7S 7D 7C") and t.current_seat == 1
    # "Yes": he must go out this turn: no discard that keeps cards, no meld after which he
    # could not go out; melding step by step towards going out is fine.
    s = _play("5C 5D 2C 9S 9D 9H 4S")  # out by 5-5-2 + 9-9-9, discarding the 4
    yes = play(s, AskPartner(0), AnswerPartner(2, yes=True))
    assert (yes.phase, yes.current_seat, yes.turn.permission) == (Phase.PLAY, 0, True)
    refused(yes, Discard(0, "4S"), Reason.MUST_GO_OUT)
    refused(yes, canasta.MeldCards(0, [Meld(Rank.KING, "2C")]), Reason.MUST_GO_OUT)
    step = canasta.apply(yes, meld(0, "9S 9D 9H"))
    refused(step, Discard(0, "4S"), Reason.MUST_GO_OUT)
    t = play(step, meld(0, "5C 5D 2C"), Discard(0, "4S"))
    assert t.is_hand_over and t.end is not None
    assert (t.end.reason, t.end.seat) == (EndReason.WENT_OUT, 0)
    # Asking needs two cards in hand and the ability to go out this turn.
    refused(_play("5C 5D 5H 9S", melds=[["KC KD KH"], []]), AskPartner(0), Reason.CANNOT_ASK)
    refused(_play("9S"), AskPartner(0), Reason.CANNOT_ASK)


def test_s2_case_29_concealed_going_out() -> None:
    """§2 case 29: "Concealed. No earlier meld or lay-off by that player (red 3s excepted); the
    whole hand is melded in one turn, including >=1 canasta, with a discard or without; no cards
    laid on partner's melds. Partner's own earlier melds do not spoil it. From a stock draw: no
    minimum. Having taken the pile while the side is unmelded: the minimum applies. Bonus 200 in
    all, not 300." """
    partner = {
        "melds": [["TC TD TH"], []],
        "has_melded": [False, False, True, False],
        "red_threes": ["3H", "", "", ""],
    }
    # Partner had melded, the player has a red three out: still concealed, without a discard.
    t = canasta.apply(_play(f"{J7} 5C 5D 5H", **partner), meld(0, J7, "5C 5D 5H"))
    assert t.end is not None and (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, True)
    side = lines(canasta.score_hand(t), 0)
    assert side["concealed"] == 200 and side["going_out"] == 0
    # A card laid on partner's meld spoils it.
    s = _play(f"{J7} TS 4C", **partner)
    t = play(s, canasta.MeldCards(0, [Meld.parse(J7), Meld(Rank.TEN, "TS")]), Discard(0, "4C"))
    assert t.end is not None and (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, False)
    side = lines(canasta.score_hand(t), 0)
    assert side["going_out"] == 100 and side["concealed"] == 0
    # Going out on partner's canasta, with no canasta among his own melds: not concealed.
    s = _play("5C 5D 5H 9S", melds=[[K7], []], has_melded=[False, False, True, False])
    t = play(s, meld(0, "5C 5D 5H"), Discard(0, "9S"))
    assert t.end is not None and (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, False)
    # A player who melded in an earlier turn does not go out concealed.
    earlier = dict(partner, has_melded=[True, False, True, False])
    t = play(_play(f"{J7} 4C", **earlier), meld(0, J7), Discard(0, "4C"))
    assert t.end is not None and (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, False)
    # From the pile with the side unmelded, the minimum applies (seven 4s = 35 < 50) ...
    fours = "4C 4C 4D 4D 4H 4H"
    pile = {"hands": [fours, "", "", ""], "discard_pile": "4S", "has_melded": [False] * 4}
    refused(canasta.position(**pile), TakePile(0, fours), Reason.INITIAL_MELD_BELOW_MINIMUM)
    # ... and is met on a negative total (15): concealed.
    t = canasta.apply(canasta.position(totals=[-100, 0], **pile), TakePile(0, fours))
    assert t.end is not None and (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, True)
    assert lines(canasta.score_hand(t), 0)["concealed"] == 200
    # From a stock draw there is no minimum.
    unmelded = _play(f"{fours} 4S 9C", melds=[[], []], has_melded=[False] * 4)
    t = play(unmelded, meld(0, f"{fours} 4S"), Discard(0, "9C"))
    assert t.end is not None and (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, True)


def test_s2_case_30_last_stock_card_red_three_ends_the_hand() -> None:
    """§2 case 30: "Last stock card is a red 3. The hand ends and the drawer may not discard. P*
    also forbids melding; BR lets him meld and lay off first. Make it a flag (A7)." Default: P*
    (no meld, no discard)."""
    s = empty_stock_position(
        hands=["5C 5D 5H 6D", "4S", "", ""],
        melds=[[K7], ["QC QD QH"]],
        discard_pile="9S",
        stock="3H",
    )
    assert s.phase is Phase.DRAW and s.stock == (Card.parse("3H"),)
    t = canasta.apply(s, Draw(0))
    assert t.is_hand_over and t.end is not None
    assert (t.end.reason, t.end.seat) == (EndReason.LAST_CARD_RED_THREE, 0)
    assert t.red_threes[0] == (Card.parse("3H"),)
    assert t.hands[0] == hand("5C 5D 5H 6D")
    assert t.stock == () and t.discard_pile == s.discard_pile
    refused(t, meld(0, "5C 5D 5H"), Reason.HAND_OVER)
    refused(t, Discard(0, "6D"), Reason.HAND_OVER)
    score = canasta.score_hand(t)
    assert [side.points("going_out") for side in score.sides] == [0, 0]
    assert score.sides[0].points("red_threes") == 100
