"""Exact outcomes of the rules, menu and scoring modules that mutation testing found unasserted
(docs/testing.rst, "Mutation testing"): each test pins a value a plausible break would change,
taken from the rules reference (the section is cited) or from the documented text forms.
"""

from __future__ import annotations

import pytest

import canasta
from canasta import (
    AnswerPartner,
    AskPartner,
    DealNextHand,
    DeclinePile,
    Draw,
    DrawSource,
    EndReason,
    EndTurn,
    Meld,
    MeldCards,
    Reason,
    StateError,
    TakePile,
)
from rules_helpers import empty_stock_position, ended

#: §2 case 31's position: the stock is exhausted, the top 9D fits seat 0's side's 9s meld and
#: the pile is not frozen (the wild cards are in seat 3's hand).
CASE_31 = {
    "hands": ["9S 5C 5D", "4H 4S", "6C", "7D"],
    "melds": [["9C 9D 9H"], ["QC QD QH"]],
    "discard_pile": "9D",
    "wild_seat": 3,
}
K7 = "KC KC KD KD KH KH KS"  # a natural canasta of kings, 70 points
FOURS = "4C 4C 4D 4D 4H 4H 4S"  # a natural canasta worth 35, below the minimum of 50


# ---------------------------------------------------------------------------- §2 case 31
def test_a_pile_that_fits_must_be_taken_with_the_message_that_says_so() -> None:
    """§2 case 31: the take is compulsory; the refusal of the decline says why, citing the
    case."""
    s = empty_stock_position(**CASE_31)  # type: ignore[arg-type]
    error = canasta.check(s, DeclinePile(0))
    assert error is not None and error.reason is Reason.MUST_TAKE_PILE
    assert str(error) == (
        "must_take_pile: 'decline': the stock is exhausted and the top card fits the side's "
        "meld on a pile not frozen for it: it must be taken (§2 case 31)"
    )
    assert [str(a) for a in canasta.legal_actions(s)] == ["take"]


def test_without_the_compulsory_take_a_pile_that_fits_may_be_declined() -> None:
    """``forced_take_after_stock=False`` (a house rule, §2 case 31 switched off): the same pile
    may be taken or declined, and declining ends the hand there with seat 0."""
    v = canasta.get_variant("classic").derive(forced_take_after_stock=False)
    s = empty_stock_position(variant=v, **CASE_31)  # type: ignore[arg-type]
    assert canasta.check(s, DeclinePile(0)) is None
    assert [str(a) for a in canasta.legal_actions(s)] == ["take", "decline"]
    t = canasta.apply(s, DeclinePile(0))
    assert t.end is not None
    assert (t.end.reason, t.end.seat, t.end.went_out) == (EndReason.STOCK_EXHAUSTED, 0, False)
    assert canasta.check(s, TakePile(0)) is None


# ---------------------------------------------------------------------------- §2 case 12
def test_the_takes_of_an_unmelded_side_are_its_minimal_compounds() -> None:
    """§2 case 12: an unmelded side takes the pile (top KD) with a natural pair K-K from the
    hand, and the top card and the hand's cards melded must reach the minimum (50, §2 case 16).
    Listed: the fewest cards for each way, K-K-KD with a joker (80), or K-K-KD (30) with
    9-9-joker (70) beside it; a meld is never listed with a card it could do without."""
    s = canasta.position(hands=["KC KS 9C 9D JK 5H 6H", "", "", ""], discard_pile="KD")
    assert s.minimum_for(0) == 50
    assert [str(a) for a in canasta.legal_actions(s)] == [
        "draw",
        "take KS KC + JK 9D 9C",
        "take JK KS KC",
    ]


# ---------------------------------------------------------------------------- §2 case 23
@pytest.mark.parametrize(
    ("variant", "kings", "need", "has"),
    [("classic", "KC KD KH", 1, 0), ("two-player", "KC KD KH KS", 2, 1)],
)
def test_a_take_that_leaves_a_dead_last_card_is_neither_listed_nor_legal(
    variant: str, kings: str, need: int, has: int
) -> None:
    """§2 case 23 with the pile (§1 "Taking the pile"): the pile, frozen by a red three (§2
    case 2), is taken with the natural pair KC KS onto the side's kings, leaving the 9C alone in
    the hand. The kings reach 6 cards (classic: no canasta) or 7 (two players: one canasta of
    the two needed, §1 "Canastas to go out"), so the 9C can neither be discarded (it would empty
    the hand) nor complete the canastas: the take is refused, and the menu holds the draw only.
    """
    players = canasta.get_variant(variant).players
    s = canasta.position(
        variant,
        hands=["KC KS 9C", *[""] * (players - 1)],
        melds=[[kings], []],
        discard_pile="3H KD",
    )
    assert s.pile_frozen
    error = canasta.check(s, TakePile(0, "KC KS"))
    assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    assert str(error) == (
        "no_canasta_to_go_out: 'take KS KC': the last card could neither complete the side's "
        "canastas nor be discarded without emptying the hand, and going out needs "
        f"{need} canasta{'s' if need > 1 else ''} on the side (it would have {has}) (§2 case 23)"
    )
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw"]


def test_a_take_that_completes_the_canasta_and_empties_the_hand_goes_out() -> None:
    """§2 cases 23 and 27: the natural pair KC KS takes the frozen pile (§2 case 2: the 3H
    under the KD is laid out) onto the side's four kings, which become a canasta of seven in
    the same action; the hand is empty, so the player goes out without a discard. It is
    listed; the side scores 70 + 500 + 100 (the 3H) + 100 for going out (§3)."""
    s = canasta.position(
        hands=["KC KS", "", "", ""], melds=[["KC KD KH KS"], []], discard_pile="3H KD"
    )
    assert s.pile_frozen
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw", "take KS KC"]
    t = canasta.apply(s, TakePile(0, "KC KS"))
    assert t.end is not None and t.end.went_out and t.end.seat == 0
    assert canasta.score_hand(t).totals == (770, 0)


def test_a_card_laid_off_whose_last_card_completes_the_canasta_is_listed() -> None:
    """§2 case 23 ("a canasta completed in the same turn counts"): with 4C 4H in hand and the
    side's 4-4-4-JK-2 on the table, laying off the 4H leaves the 4C, which completes a mixed
    canasta of seven and goes out. That lay-off is listed as well as both fours at once; the
    side then scores 5 fours, the joker and the two (95) + 300 + 100 (§3)."""
    s = canasta.position(
        hands=["4C 4H", "", "", ""], melds=[["4H 4D 4C JK 2D"], []], discard_pile="7D", phase="play"
    )
    assert [str(a) for a in canasta.legal_actions(s)] == [
        "meld 4H",
        "meld 4H 4C",
        "ask",
        "discard 4H",
    ]
    t = canasta.apply(s, "meld 4H")
    assert [str(a) for a in canasta.legal_actions(t)] == ["meld 4C"]
    u = canasta.apply(t, "meld 4C")
    assert u.end is not None and u.end.went_out
    assert canasta.score_hand(u).totals == (495, 0)


# ---------------------------------------------------------------------------- §2 case 29
def test_a_concealed_going_out_that_melds_every_card_meets_the_minimum() -> None:
    """§2 case 29 with ``concealed_needs_minimum`` (the minimum applies even from a stock
    draw): seven kings (70 points, minimum 50) melded whole go out without a discard (§2 case
    27), so the player can go out and may ask partner (§2 case 28); melding five of them and
    discarding is listed too."""
    v = canasta.get_variant("classic").derive(concealed_needs_minimum=True)
    s = canasta.position(v, hands=[K7, "", "", ""], discard_pile="7D", phase="play")
    assert s.minimum_for(0) == 50 and s.turn.drew is DrawSource.STOCK
    assert canasta.check(s, AskPartner(0)) is None
    assert [str(a) for a in canasta.legal_actions(s)] == [
        "meld KS KH KH KD KD",
        "meld KS KH KH KD KD KC KC",
        "ask",
        "discard KS",
    ]


# ---------------------------------------------------------------------------- §2 case 30, §4 A7


def test_the_drawer_of_a_last_red_three_has_drawn_from_the_stock() -> None:
    """§4 A7 (Britannica's reading): the drawer of a last stock card that is a red three may
    meld. He drew from the stock, so his concealed going out needs no minimum (§2 case 29):
    seven 4s (35 points, the side unmelded on a minimum of 50) go out concealed."""
    v = canasta.get_variant("classic").derive(last_card_red_three="may_meld")
    s = empty_stock_position(
        variant=v, hands=[FOURS, "", "", ""], discard_pile="7C", stock="3H", rest_seat=1
    )
    assert s.minimum_for(0) == 50
    t = canasta.apply(s, Draw(0))
    assert t.turn.drew is DrawSource.STOCK and t.turn.last_red_three
    out = MeldCards(0, [Meld.parse(FOURS)])
    assert canasta.check(t, out) is None and out in canasta.legal_actions(t)
    u = canasta.apply(t, out)
    assert u.end is not None and u.end.went_out and u.end.concealed
    assert canasta.score_hand(u).totals[0] == 35 + 500 + 100 + 200  # §3: melded, canasta, 3H


# ---------------------------------------------------------------------------- messages
def test_asking_partner_without_a_going_out_is_refused_naming_the_question() -> None:
    """§2 case 28: partner is asked only by a player who can go out this turn; the refusal
    carries the action refused and quotes it."""
    s = canasta.position(hands=["KH KS 9D 5C", "", "", ""], discard_pile="7D", phase="play")
    error = canasta.check(s, AskPartner(0))
    assert error is not None and error.reason is Reason.CANNOT_ASK
    assert error.action == AskPartner(0)
    assert str(error) == (
        "cannot_ask: 'ask': the player cannot go out this turn, so there is nothing to ask "
        "(§2 case 28)"
    )


@pytest.mark.parametrize(
    ("meld", "reason", "message"),
    [
        (
            "meld 3S 3C",
            Reason.BLACK_THREE_MELD,
            "black_three_meld: 'meld 3S 3C': black threes are melded only as three or four of "
            "them (§2 case 21)",
        ),
        (
            "meld QH QH QD",
            Reason.CARD_NOT_IN_HAND,
            "card_not_in_hand: 'meld QH QH QD': QH is not in the hand (or not that often)",
        ),
        (
            "meld 3S 3C 3S 3C 3S",
            Reason.CARD_NOT_IN_HAND,
            "card_not_in_hand: 'meld 3S 3S 3S 3C 3C': 3S is not in the hand (or not that often)",
        ),
    ],
)
def test_a_refused_meld_is_quoted_with_its_reason(meld: str, reason: Reason, message: str) -> None:
    """§2 case 21: black threes are melded as three or four, when going out; a card is melded
    only as often as the hand holds it. The refusal carries the action and quotes it."""
    s = canasta.position(
        hands=["3S 3C 3S 3C 5H", "", "", ""], discard_pile="7D", phase="play", melds=[[K7], []]
    )
    error = canasta.check(s, meld)
    assert error is not None and error.reason is reason
    assert str(error) == message
    assert str(error.action) == meld
    assert canasta.check(s, "meld 3S 3C 3S 3C") is None  # four black threes: going out


def test_after_yes_a_meld_that_spoils_the_going_out_is_refused() -> None:
    """§2 case 28: after partner's "yes" the player must go out this turn. Melding 9S 9D JK
    leaves 5C 5D 9H: the 9H joins the nines, but the pair of fives can neither be melded nor
    both discarded. The refusal carries the action and quotes it."""
    s = canasta.position(
        hands=["JK 5C 5D 9S 9D 9H", "", "", ""], discard_pile="7D", phase="play", melds=[[K7], []]
    )
    s = canasta.apply(canasta.apply(s, AskPartner(0)), AnswerPartner(2, True))
    error = canasta.check(s, "meld 9S 9D JK")
    assert error is not None and error.reason is Reason.MUST_GO_OUT
    assert str(error.action) == "meld 9S 9D JK"
    assert str(error) == (
        "must_go_out: 'meld JK 9S 9D': partner said yes: the player must go out this turn, and "
        "after this meld he could not (§2 case 28)"
    )


def test_a_match_without_a_seed_needs_the_deck_of_the_next_hand() -> None:
    """A match started from a deck has no seed: its next hand needs a deck, and the refusal
    says so."""
    over = ended(hands=["4C", "5D", "6H", "7S"], seed=None)
    error = canasta.check(over, DealNextHand())
    assert error is not None and error.reason is Reason.BAD_DECK
    assert str(error) == "bad_deck: 'deal': this match has no seed: the next hand needs a deck"


def test_a_state_of_the_wrong_type_is_named_by_its_type() -> None:
    """What is not a state is refused with :class:`~canasta.StateError`, naming its type."""
    with pytest.raises(StateError) as caught:
        canasta.check("x", Draw(0))  # type: ignore[arg-type]
    assert str(caught.value) == "not a GameState: str"
    with pytest.raises(StateError) as caught:
        canasta.apply(3, Draw(0))  # type: ignore[arg-type]
    assert str(caught.value) == "not a GameState: int"


# ---------------------------------------------------------------------------- score sheet text
def test_the_text_of_a_score_sheet_line_by_line() -> None:
    """``str(score_hand(...))``: per side, each line's item (words, not identifiers), count and
    points in fixed columns, then the total (§3: the side's score is the sum of its lines).
    Side 0 melded 9-9-9 (30) and holds 5C 5D 4H 4S (-25, §2 case 38); side 1 melded Q-Q-Q (30),
    has all four red threes (800, §1 "Red-3 score") and 15 cards in hand."""
    v = canasta.get_variant("classic").derive(forced_take_after_stock=False)
    s = empty_stock_position(variant=v, **CASE_31)  # type: ignore[arg-type]
    t = canasta.apply(s, DeclinePile(0))
    score = canasta.score_hand(t)
    assert str(score) == "\n".join(
        [
            "side 0",
            "  melded cards               3      30",
            "  natural canastas           0       0",
            "  mixed canastas             0       0",
            "  red threes                 0       0",
            "  cards in hand              4     -25",
            "  total                              5",
            "side 1",
            "  melded cards               3      30",
            "  natural canastas           0       0",
            "  mixed canastas             0       0",
            "  red threes                 4     800",
            "  cards in hand             15    -375",
            "  total                            455",
        ]
    )
    assert score.totals == (5, 455)


# ---------------------------------------------------------------------------- §2 cases 18, 23
def test_a_wild_card_laid_off_whose_last_card_has_no_room_is_neither_listed_nor_legal() -> None:
    """§2 cases 18 and 23: the side's only meld is 9-9-9-2-2 (two wild cards, no canasta) and
    the hand is JK 2D. Laying off either wild card makes the nines 9-9-9-2-2-W, three wild
    cards, so the card left is a fourth wild card that can never join them (§2 case 18): it
    could neither complete a canasta nor be discarded without emptying the hand (§2 case 23).
    Both lay-offs are refused, both wild cards at once too (four wild cards); the menu holds
    the two discards."""
    s = canasta.position(
        hands=["JK 2D", "", "", ""], melds=[["9C 9D 9H 2C 2S"], []], discard_pile="7D", phase="play"
    )
    for meld in ("meld +9 JK", "meld +9 2D"):
        error = canasta.check(s, meld)
        assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    error = canasta.check(s, "meld +9 JK 2D")
    assert error is not None and error.reason is Reason.TOO_MANY_WILDS
    assert [str(a) for a in canasta.legal_actions(s)] == ["discard 2D", "discard JK"]


# ------------------------------------------------------------------ §1 minimum, §2 case 23
def test_an_initial_meld_that_leaves_a_dead_last_card_is_neither_listed_nor_legal() -> None:
    """§1 "Initial-meld minimum" and §2 case 23: an unmelded side on 0 points (minimum 50, §2
    case 16) holds KC KD JK 7H after a stock draw. K-K-JK counts 70 and meets the minimum, but
    it leaves the 7H alone, which could only be discarded, emptying the hand without a canasta:
    it is refused, and the menu holds the discards only."""
    s = canasta.position(hands=["KC KD JK 7H", "", "", ""], discard_pile="7D", phase="play")
    assert s.minimum_for(0) == 50 and s.turn.drew is DrawSource.STOCK
    error = canasta.check(s, "meld KC KD JK")
    assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    assert [str(a) for a in canasta.legal_actions(s)] == ["discard 7H", "discard KD", "discard JK"]


# ---------------------------------------------------------------------------- §1, §2 cases 12, 23
#: 22 cards: four each of 4s to 7s (5 points each), three 8s and three 9s (10 each)
BIG_FIVES = "4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8C 9S 9H 9C"


def test_a_big_hand_whose_only_initial_take_empties_it_has_no_take() -> None:
    """Six players on 7,500 (§1 "Initial-meld minimum", 6P: 150 from 7,500), an unmelded side,
    a 22-card hand and the 8D alone on the pile. The only initial take that reaches 150 melds
    every card: 8-8-8 with the 8D (40), 9-9-9 (30) and four each of 4s to 7s (80), the top
    card counting (§2 case 12); without the fours it counts 130. It would empty the hand while
    going out needs two canastas (§1 "Canastas to go out", 6P; §2 case 23), so it is refused
    and the menu, whose initial takes of so big a hand are counted, holds the draw only."""
    s = canasta.position(
        "six-player", hands=[BIG_FIVES, *[""] * 5], discard_pile="8D", totals=[7500, 0]
    )
    assert s.minimum_for(0) == 150 and not s.pile_frozen
    rest = ["9S 9H 9C", "7S 7H 7D 7C", "6S 6H 6D 6C", "5S 5H 5D 5C", "4S 4H 4D 4C"]
    whole = TakePile(0, "8S 8H 8C", tuple(Meld.parse(m) for m in rest))
    error = canasta.check(s, whole)
    assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    short = TakePile(0, "8S 8H 8C", tuple(Meld.parse(m) for m in rest[:-1]))
    error = canasta.check(s, short)
    assert error is not None and error.reason is Reason.INITIAL_MELD_BELOW_MINIMUM
    assert "these cards count 130" in str(error)
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw"]


@pytest.mark.parametrize(("extra", "listed"), [("", False), (" KS", False), (" KS KH", True)])
def test_a_big_initial_meld_is_listed_only_if_it_keeps_two_cards(extra: str, listed: bool) -> None:
    """Six players on 7,500 (minimum 150, §1 "Initial-meld minimum", 6P), an unmelded side,
    after a stock draw: the hand above with the 8D is 23 cards, and its only initial meld that
    reaches 150 melds them all (40 + 30 + 80). That empties the hand; with a king beside, the
    king is left and its discard would empty it: both need the two canastas the side lacks (§1
    "Canastas to go out", 6P; §2 case 23). With two kings it keeps two cards and is listed."""
    hand = BIG_FIVES + " 8D" + extra
    s = canasta.position(
        "six-player", hands=[hand, *[""] * 5], discard_pile="QD", totals=[7500, 0], phase="play"
    )
    assert s.minimum_for(0) == 150
    meld = "meld 9S 9H 9C + 8S 8H 8D 8C + 7S 7H 7D 7C + 6S 6H 6D 6C + 5S 5H 5D 5C + 4S 4H 4D 4C"
    assert (meld in [str(a) for a in canasta.legal_actions(s)]) is listed
    error = canasta.check(s, meld)
    assert (error is None) is listed
    if error is not None:
        assert error.reason is Reason.NO_CANASTA_TO_GO_OUT


# ---------------------------------------------------------------------------- more messages
def test_an_initial_meld_below_the_minimum_is_refused_with_both_counts() -> None:
    """§1 "Initial-meld minimum", §2 case 16: on a total of 0 the side needs 50; 5-5-5 counts
    15 (§1 "Card values": a 5 counts 5). The refusal gives the minimum, the side's total and
    the meld's count."""
    s = canasta.position(hands=["KC KD 5H 5S 5D 9C", "", "", ""], discard_pile="7D", phase="play")
    error = canasta.check(s, "meld 5H 5S 5D")
    assert error is not None and error.reason is Reason.INITIAL_MELD_BELOW_MINIMUM
    assert str(error) == (
        "initial_meld_below_minimum: 'meld 5S 5H 5D': the side's initial meld needs 50 points "
        "(its total is 0); these cards count 15 (§1 'Initial-meld minimum', §2 cases 12, 13)"
    )


@pytest.mark.parametrize(("wild", "quoted"), [("JK", "JK 3S 3S 3C"), ("2D", "2D 3S 3S 3C")])
def test_a_meld_of_black_threes_with_a_wild_card_is_refused(wild: str, quoted: str) -> None:
    """§2 case 21: black threes are melded only as three or four of them, with no wild card;
    the refusal says so, whichever the wild card."""
    s = canasta.position(
        hands=[f"3S 3C 3S {wild} 5H", "", "", ""], discard_pile="7D", phase="play", melds=[[K7], []]
    )
    error = canasta.check(s, f"meld 3S 3C 3S {wild}")
    assert error is not None and error.reason is Reason.BLACK_THREE_MELD
    assert str(error) == (
        f"black_three_meld: 'meld {quoted}': a meld of black threes holds no wild cards "
        "(§2 case 21)"
    )


def test_an_answer_that_nobody_asked_for_is_refused() -> None:
    """§2 case 28: partner answers only a question asked; an answer in the play phase, before
    any question, is refused as out of phase, by partner or by the player himself."""
    s = canasta.position(hands=["KH KS 9D 5C", "", "", ""], discard_pile="7D", phase="play")
    for seat in (2, 0):
        error = canasta.check(s, AnswerPartner(seat, True))
        assert error is not None and error.reason is Reason.WRONG_PHASE
        assert str(error) == "wrong_phase: 'yes': nobody has asked partner to go out"


def test_a_long_action_is_quoted_cut_short() -> None:
    """A refusal quotes its action in at most 120 characters: a longer text is cut and ends
    with "...". The meld of eleven triples is refused for its first card not held."""
    s = canasta.position(hands=["KC KD 5H 5S 5D 9C", "", "", ""], discard_pile="7D", phase="play")
    triples = "4S 4H 4D,5S 5H 5D,6S 6H 6D,7S 7H 7D,8S 8H 8D,9S 9H 9D,TS TH TD,JS JH JD,QS QH QD"
    groups = [*triples.split(","), "KS KH KS", "AS AH AD"]
    action = MeldCards(0, [Meld.parse(g) for g in groups])
    assert len(repr(str(action))) == 125
    error = canasta.check(s, action)
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND
    quoted = (
        "'meld AS AH AD + KS KS KH + QS QH QD + JS JH JD + TS TH TD + 9S 9H 9D + 8S 8H 8D "
        "+ 7S 7H 7D + 6S 6H 6D + 5S 5H 5D + ...'"
    )
    assert len(quoted) == 120
    assert str(error) == f"card_not_in_hand: {quoted}: AS is not in the hand (or not that often)"
    assert error.action == action  # the action itself is kept whole


@pytest.mark.parametrize(
    ("pile", "reason", "words"),
    [
        ("7D 3S", Reason.PILE_BLOCKED, "a black three on top blocks the pile (§2 cases 3, 6, 7)"),
        ("7D JK", Reason.PILE_TOP_WILD, "a wild card on top: the pile cannot be taken (§1)"),
        ("7D 2C", Reason.PILE_TOP_WILD, "a wild card on top: the pile cannot be taken (§1)"),
    ],
)
def test_a_pile_topped_by_a_black_three_or_a_wild_card_is_not_taken(
    pile: str, reason: Reason, words: str
) -> None:
    """§1 "Pile topped by wild / black 3", §2 case 7: the pile cannot be taken, even with a
    natural pair of its second card; the refusal says why and the menu holds the draw only."""
    s = canasta.position(hands=["7C 7S 5H", "", "", ""], discard_pile=pile)
    error = canasta.check(s, TakePile(0, "7C 7S"))
    assert error is not None and error.reason is reason
    assert str(error) == f"{reason.value}: 'take 7S 7C': {words}"
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw"]


# ---------------------------------------------------------------------------- score sheet items
def test_a_misspelt_score_item_is_refused_with_the_nearest_name() -> None:
    """A score sheet's line is named by its item (§3); a name that is none is refused, listing
    them, with the nearest one where there is one (words written with spaces are compared with
    the underscores of the names)."""
    over = ended(hands=["4C", "5D", "6H", "7S"], seed=None)
    sheet = canasta.score_hand(over).sides[0]
    names = (
        "melded_cards, natural_canastas, mixed_canastas, red_threes, going_out, concealed, "
        "concealed_canastas, cards_in_hand, undeclared_red_threes"
    )
    with pytest.raises(canasta.ScoreItemError) as caught:
        sheet.points("red 3s")
    assert str(caught.value) == (
        f"not a score item: 'red 3s' (one of {names}); did you mean 'red_threes'?"
    )
    with pytest.raises(canasta.ScoreItemError) as caught:
        sheet.points("bonus")
    assert str(caught.value) == f"not a score item: 'bonus' (one of {names})"


# ---------------------------------------------------------------------------- §2 cases 12, 23, 31
#: 20 cards: five 4s, five 5s, four 6s, four 7s (5 points each) and two 8s (10 each)
FIVES = "4S 4H 4D 4C 4S 5S 5H 5D 5C 5S 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H"
FIVES_TAKE = TakePile(
    0,
    "8S 8H",
    tuple(
        Meld.parse(m) for m in ["7S 7H 7D 7C", "6S 6H 6D 6C", "5S 5S 5H 5D 5C", "4S 4S 4H 4D 4C"]
    ),
)


def test_a_big_hand_whose_only_take_keeps_a_dead_card_cannot_take_the_pile() -> None:
    """§2 cases 12, 16 and 23: an unmelded side on 3,000 (minimum 120) holds the 20 cards above
    and a king; the 8D tops the pile. The only initial take that reaches 120 melds every card
    but the king: 8-8-8D (30, the top card counting) and the 4s to 7s (90). The king left
    could neither complete a canasta nor be discarded without emptying the hand, so the take is
    refused and not listed; with the stock exhausted, the player cannot take the pile and the
    hand ends at once (§2 case 31)."""
    hand = FIVES + " KS"
    s = canasta.position(hands=[hand, "", "", ""], discard_pile="8D", totals=[3000, 0])
    assert s.minimum_for(0) == 120
    error = canasta.check(s, FIVES_TAKE)
    assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw"]
    over = empty_stock_position(
        hands=[hand, "", "", ""], discard_pile="8D", totals=[3000, 0], rest_seat=1
    )
    assert over.end is not None
    assert (over.end.reason, over.end.seat) == (EndReason.STOCK_EXHAUSTED, 0)


def test_a_big_hand_with_one_take_may_take_the_pile_after_the_stock() -> None:
    """§2 case 31: the same with a second king: the take keeps two cards and is lawful, the
    only one. With the stock exhausted the hand goes on, and the player may take the pile or
    decline it (a pile frozen for an unmelded side need not be taken)."""
    s = empty_stock_position(
        hands=[FIVES + " KS KH", "", "", ""], discard_pile="8D", totals=[3000, 0], rest_seat=1
    )
    assert s.end is None and canasta.check(s, FIVES_TAKE) is None
    assert [str(a) for a in canasta.legal_actions(s)] == [str(FIVES_TAKE), "decline"]


# ---------------------------------------------------------------------------- §2 case 30, §4 A7
def test_ending_a_turn_without_a_discard_is_for_the_drawer_of_a_last_red_three() -> None:
    """§4 A7 (may meld): after drawing a last stock card that is a red three, the drawer ends
    his turn without a discard and the hand is over, ended by him (§2 case 30). Any other turn
    ends with a discard: ``end`` is refused, naming the action."""
    v = canasta.get_variant("classic").derive(last_card_red_three="may_meld")
    s = empty_stock_position(
        variant=v, hands=["9C 9D 5H", "", "", ""], discard_pile="7C", stock="3H", rest_seat=1
    )
    t = canasta.apply(s, Draw(0))
    assert [str(a) for a in canasta.legal_actions(t)] == ["end"]
    u = canasta.apply(t, EndTurn(0))
    assert u.end == canasta.HandEnd(reason=EndReason.LAST_CARD_RED_THREE, seat=0)
    p = canasta.position(hands=["KH KS 9D 5C", "", "", ""], discard_pile="7D", phase="play")
    error = canasta.check(p, EndTurn(0))
    assert error is not None and error.reason is Reason.WRONG_PHASE
    assert error.action == EndTurn(0)
    assert str(error) == (
        "wrong_phase: 'end': a turn ends with a discard (or going out); ending it without one "
        "is only for the drawer of a last red three (§4 A7)"
    )


# ---------------------------------------------------------------------------- taking: messages
@pytest.mark.parametrize(
    ("take", "reason", "message"),
    [
        (
            "take 9C 9S",
            Reason.CARD_NOT_IN_HAND,
            "card_not_in_hand: 'take 9S 9C': 9S is not in the hand (or not that often)",
        ),
        (
            "take 9C 5H",
            Reason.WRONG_RANK,
            "wrong_rank: 'take 9C 5H': 5H cannot be melded with the top card 9D (§1 'Taking the "
            "pile')",
        ),
        (
            "take 9C JK",
            Reason.PILE_FROZEN,
            "pile_frozen: 'take JK 9C': the pile is frozen (it holds a wild card or red three): "
            "only a natural pair of 9s from the hand takes it (§1 'Frozen pile', §2 cases 9, 10, "
            "12)",
        ),
    ],
)
def test_a_refused_take_is_quoted_with_its_reason(take: str, reason: Reason, message: str) -> None:
    """§1 "Taking the pile", "Frozen pile", §2 cases 2, 9: the pile under the 9D holds a red
    three, so it is frozen and only a natural pair of 9s takes it; a take names cards held and
    of the top card's rank. The refusal says which rule, and quotes the action."""
    s = canasta.position(
        hands=["9C 5H JK 4D", "", "", ""], melds=[["KC KD KH"], []], discard_pile="3H 9D"
    )
    error = canasta.check(s, take)
    assert error is not None and error.reason is reason
    assert str(error) == message
    assert str(error.action) == take


# ---------------------------------------------------------------------------- §1, §2 case 23
def test_a_canasta_the_take_grows_is_counted_once() -> None:
    """Six players (two canastas to go out, three packs, §1): the side's only canasta is its
    seven queens; QS QH take the pile frozen by a red three (§2 cases 2, 10) onto it. The
    queens stay one canasta, so the empty hand would go out with one of the two needed (§2
    case 23): the take is refused and the menu holds the draw only."""
    s = canasta.position(
        "six-player",
        hands=["QS QH", *[""] * 5],
        melds=[["QC QC QD QD QH QH QS"], []],
        discard_pile="3H QD",
    )
    assert s.pile_frozen and s.canastas(0) == 1
    error = canasta.check(s, "take QS QH")
    assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw"]


# ---------------------------------------------------------------------------- §2 cases 13, 29
def test_a_concealed_going_out_with_a_pair_and_a_wild_card_is_listed() -> None:
    """§2 cases 13 and 29: an unmelded side after a stock draw goes out concealed with no
    minimum: seven kings (a natural canasta) and 5-5-JK in one meld action, then the 9C
    discarded. It is listed beside the single melds (which need the minimum of 50); the side
    scores 70 + 60 melded, 500 for the canasta and 200 for going out concealed (§3)."""
    s = canasta.position(
        hands=["KC KC KD KD KH KH KS 5S 5H JK 9C", "", "", ""], discard_pile="7D", phase="play"
    )
    out = "meld KS KH KH KD KD KC KC + JK 5S 5H"
    assert out in [str(a) for a in canasta.legal_actions(s)]
    u = canasta.apply(canasta.apply(s, out), "discard 9C")
    assert u.end is not None and u.end.went_out and u.end.concealed
    assert canasta.score_hand(u).totals == (830, 0)


# ---------------------------------------------------------------------------- §1 "Taking the pile"
def test_the_takes_listed_are_the_minimal_ways() -> None:
    """§1 "Taking the pile", §2 case 9: on an unfrozen pile topped by the 9D (the side has no
    nines), a natural and a wild card, or a natural pair, take it. The menu lists the ways with
    no card to spare: 9-2, 9-JK and 9-9; a way holding one of them (9-9-JK, 9-9-9) is legal
    but not listed."""
    s = canasta.position(
        hands=["9C 9S 9H JK 2D 5H 6H", "", "", ""], melds=[["QC QD QH"], []], discard_pile="9D"
    )
    assert [str(a) for a in canasta.legal_actions(s)] == [
        "draw",
        "take 2D 9S",
        "take JK 9S",
        "take 9S 9H",
    ]
    assert canasta.check(s, "take 9S 9H JK") is None
    assert canasta.check(s, "take 9S 9H 9C") is None


# ---------------------------------------------------------------------------- §2 cases 24, 29
def test_an_initial_take_that_makes_a_canasta_and_empties_the_hand_goes_out() -> None:
    """§2 cases 12, 24 and 29: an unmelded side on 3,000 (minimum 120) takes the KD with six
    kings, 9-9-9 and four 4s: 70 + 30 + 20 = 120, every card of the hand. The kings are a
    natural canasta of seven, so the empty hand goes out, concealed (the whole hand melded in
    one turn, the minimum met from the pile): listed, and scored 120 + 500 + 200 (§3)."""
    hand = "KC KC KD KH KH KS 9C 9D 9H 4C 4D 4H 4S"
    s = canasta.position(hands=[hand, "", "", ""], discard_pile="KD", totals=[3000, 0])
    assert s.minimum_for(0) == 120
    take = "take KS KH KH KD KC KC + 9H 9D 9C + 4S 4H 4D 4C"
    assert [str(a) for a in canasta.legal_actions(s)] == ["draw", take]
    t = canasta.apply(s, take)
    assert t.end is not None and t.end.went_out and t.end.concealed
    assert canasta.score_hand(t).totals == (820, 0)


# ---------------------------------------------------------------------------- §2 case 23
def test_the_discard_of_a_last_card_that_completes_the_canasta_is_refused() -> None:
    """§2 case 23: the side's six nines and no canasta; the hand is the 9H. Melding it makes a
    canasta of seven and goes out (a canasta completed in the same turn counts); discarding it
    would empty the hand without one, and the refusal says so."""
    s = canasta.position(
        hands=["9H", "", "", ""], melds=[["9C 9D 9H 9S 9C 9D"], []], discard_pile="7D", phase="play"
    )
    assert [str(a) for a in canasta.legal_actions(s)] == ["meld 9H"]
    error = canasta.check(s, "discard 9H")
    assert error is not None and error.reason is Reason.NO_CANASTA_TO_GO_OUT
    assert str(error) == (
        "no_canasta_to_go_out: 'discard 9H': the hand would be empty, and going out needs 1 "
        "canasta on the side (it would have 0) (§2 case 23)"
    )


# ---------------------------------------------------------------------------- §2 case 15
def test_an_initial_meld_with_a_two_to_spare_is_legal_but_not_listed() -> None:
    """§2 case 15: on a negative total the minimum is 15. The menu lists the initial melds
    with no card to spare: 9-9-2 (40); 9-9-2-2 (60) is legal, but its second two could be left
    out, so it is not listed."""
    s = canasta.position(
        hands=["9C 9D 2C 2D 5H 6S 7H", "", "", ""],
        discard_pile="7D",
        phase="play",
        totals=[-100, 0],
    )
    assert s.minimum_for(0) == 15
    assert [str(a) for a in canasta.legal_actions(s)] == [
        "meld 2D 9D 9C",
        "discard 2D",
        "discard 5H",
        "discard 6S",
        "discard 7H",
        "discard 9D",
    ]
    assert canasta.check(s, "meld 9C 9D 2C 2D") is None


def test_a_player_without_a_partner_cannot_ask() -> None:
    """§1 "Ask partner" (two players: n/a, §2 case 28): a player who has no partner is refused
    the question, and told why."""
    s = canasta.position(
        "two-player", hands=["9C 9D 2C 2D 5H 6S 7H", ""], discard_pile="7D", phase="play"
    )
    error = canasta.check(s, AskPartner(0))
    assert error is not None and error.reason is Reason.CANNOT_ASK
    assert str(error) == "cannot_ask: 'ask': the player has no partner to ask"


def test_a_melded_side_goes_out_from_a_long_hand_step_by_step() -> None:
    """§1 "Canastas to go out", §2 case 27: the side has a canasta; 9-9-9 and 5-5-5 with the
    4C to discard go out. The menu reaches that going out meld by meld (each of the two, then
    the other with the discard), so it lists the single melds, not both at once; melding both
    at once is legal all the same."""
    s = canasta.position(
        hands=["9C 9D 9H 5S 5D 5H 4C", "", "", ""],
        melds=[[K7], []],
        discard_pile="7D",
        phase="play",
    )
    assert [str(a) for a in canasta.legal_actions(s)] == [
        "meld 9H 9D 9C",
        "meld 5S 5H 5D",
        "ask",
        "discard 4C",
        "discard 5S",
        "discard 9H",
    ]
    assert canasta.check(s, "meld 9C 9D 9H + 5S 5D 5H") is None
