"""Classic (Regency / Official Laws) rules: RULES.md §1 column C4 (one test per row), §2 cases
13-23 (melds and the initial-meld minimum), the initial-meld checks after the §3 table and the
S-AF seed example. The pile cases are in test_rules_pile.py, going out in
test_rules_going_out.py, scoring in test_scoring_classic.py."""

from __future__ import annotations

from collections import Counter

import pytest

import canasta
from canasta import (
    AnswerPartner,
    AskPartner,
    Card,
    DealNextHand,
    Discard,
    Draw,
    EndReason,
    Meld,
    Phase,
    Rank,
    Reason,
    TakePile,
)
from rules_helpers import (
    PACK,
    cards,
    empty_stock_position,
    ended,
    full_position,
    hand,
    lines,
    meld,
    notation,
    play,
    refused,
    stacked_deck,
)

K7 = "KC KC KD KD KH KH KS"  # a natural canasta of kings


def _holding(groups: list[str], keep: str = "8S 9S", **kw: object) -> canasta.GameState:
    """Seat 0 in the play phase holding the cards of ``groups`` (multiset union) and ``keep``."""
    need: Counter[Card] = Counter()
    for g in groups:
        need |= Counter(cards(g))
    return canasta.position(
        hands=[notation([*need.elements(), *cards(keep)]), "", "", ""], phase="play", **kw
    )


# ------------------------------------------------------------------------------ §1 column C4
def test_s1_players_sides_seating() -> None:
    """§1 "Players, sides, seating", C4: "4; 2 partnerships, partners opposite"."""
    v = canasta.get_variant("classic")
    assert v.players == 4
    assert v.sides == ((0, 2), (1, 3))
    assert canasta.get_variant("regency") == v == canasta.get_variant("official")
    s = canasta.new_game("classic", seed=1)
    assert [s.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert len(s.hands) == 4 and len(s.melds) == 2


def test_s1_decks_jokers_total() -> None:
    """§1 "Decks / jokers / total", C4: "2 / 4 / 108"."""
    pack = canasta.make_pack()
    assert len(pack) == 108
    counts = Counter(pack)
    assert counts[Card.parse("JK")] == 4
    assert len(counts) == 53
    assert all(n == 2 for c, n in counts.items() if c != Card.parse("JK"))
    s = canasta.new_game("classic", seed=3)
    zones = [*(c for h in s.hands for c in h), *s.stock, *s.discard_pile]
    zones += [c for r in s.red_threes for c in r]
    assert Counter(zones) == PACK


def test_s1_cards_dealt() -> None:
    """§1 "Cards dealt", C4: "11"."""
    assert canasta.get_variant("classic").hand_size == 11
    s = canasta.new_game("classic", deck=stacked_deck(["", "", "", ""], "9C"))
    assert [len(h) for h in s.hands] == [11, 11, 11, 11]
    assert len(s.stock) == 108 - 44 - 1
    for seed in range(5):  # red threes dealt are replaced, so every hand still holds 11
        assert [len(h) for h in canasta.new_game("classic", seed=seed).hands] == [11] * 4


def test_s1_drawn_from_stock_and_discarded() -> None:
    """§1 "Drawn from stock / discarded", C4: "1 / 1"."""
    s = full_position(hands=["4C 5D 6H", "", "", ""], discard_pile="9D", stock_top="KH 4S")
    n = len(s.stock)
    s = canasta.apply(s, Draw(0))
    assert s.hands[0] == hand("4C 5D 6H KH")
    assert len(s.stock) == n - 1 and s.stock[0] == Card.parse("4S")
    refused(s, Draw(0), Reason.WRONG_PHASE)
    s = canasta.apply(s, Discard(0, "KH"))
    assert s.hands[0] == hand("4C 5D 6H")
    assert s.discard_pile == tuple(cards("9D KH"))
    assert (s.current_seat, s.phase) == (1, Phase.DRAW)


def test_s1_upcard_handling() -> None:
    """§1 "Upcard handling", C4: "wild or red 3 -> covered, pile frozen; black 3: stays as top
    card [P*, S-AF] (default) or covered like a wild"."""
    s = canasta.new_game("classic", deck=stacked_deck(["", "", "", ""], "2D 3D 7S"))
    assert s.discard_pile == tuple(cards("2D 3D 7S"))
    assert s.pile_frozen
    s = canasta.new_game("classic", deck=stacked_deck(["", "", "", ""], "3C"))
    assert s.discard_pile == (Card.parse("3C"),)
    assert s.pile_blocked and not s.pile_frozen


def test_s1_red_three() -> None:
    """§1 "Red three", C4: "laid out, replaced from stock; won in pile: laid out, not
    replaced"."""
    s = full_position(
        hands=["9S 9H 4C 5D", "", "", ""],
        melds=[["KC KD KH"], []],
        discard_pile="3D 9C",
        stock_top="3H AC",
    )
    drawn = canasta.apply(s, Draw(0))
    assert drawn.red_threes[0] == (Card.parse("3H"),)
    assert drawn.hands[0] == hand("9S 9H 4C 5D AC")
    assert len(drawn.stock) == len(s.stock) - 2
    taken = canasta.apply(s, TakePile(0, "9S 9H"))
    assert taken.red_threes[0] == (Card.parse("3D"),)
    assert taken.hands[0] == hand("4C 5D")
    assert taken.stock == s.stock


def test_s1_red_three_score() -> None:
    """§1 "Red-3 score", C4: "+100 each; all 4 to one side = 800; negative if the side made no
    meld (red 3s themselves are not a meld)"."""
    s = ended(
        hands=["4C", "5D", "", ""],
        melds=[["KC KD KH"], []],
        red_threes=["3H", "3D", "", "3H"],
    )
    score = canasta.score_hand(s)
    assert score.sides[0].points("red_threes") == 100
    assert score.sides[1].points("red_threes") == -200
    s = ended(
        hands=["4C", "5D", "", ""],
        melds=[["KC KD KH"], []],
        red_threes=["3H 3D", "", "3H 3D", ""],
    )
    score = canasta.score_hand(s)
    assert score.sides[0].points("red_threes") == 800
    assert score.sides[1].points("red_threes") == 0


def test_s1_undeclared_red_three() -> None:
    """§1 "Undeclared red 3", C4: "-500"."""
    s = ended(hands=["4C", "3H 5C", "", ""], melds=[["KC KD KH"], ["QC QD QH"]])
    side = lines(canasta.score_hand(s), 1)
    assert side["undeclared_red_threes"] == -500
    assert side["cards_in_hand"] == -5
    assert side["red_threes"] == 0


MINIMUM_BANDS = [
    (-5, 15, ["4C 4D 4H"], None),
    (0, 50, ["TC TD TH TS TC"], ["TC TD TH", "5C 5D 5H"]),
    (1495, 50, ["TC TD TH TS TC"], ["TC TD TH", "5C 5D 5H"]),
    (1500, 90, ["AC AD AH", "TC TD TH"], ["AC AD AH", "5C 5D 5H 5S 5C"]),
    (2995, 90, ["AC AD AH", "TC TD TH"], ["AC AD AH", "5C 5D 5H 5S 5C"]),
    (3000, 120, ["AC AD AH", "KC KD KH", "TC TD TH"], ["AC AD AH", "KC KD KH", "5C 5D 5H 5S 5C"]),
]


@pytest.mark.parametrize(("total", "minimum", "passing", "failing"), MINIMUM_BANDS)
def test_s1_initial_meld_minimum_bands(
    total: int, minimum: int, passing: list[str], failing: list[str] | None
) -> None:
    """§1 "Initial-meld minimum", C4: "<0: 15; 0-1495: 50; 1500-2995: 90; >=3000: 120" (by the
    side's total before the deal). A meld worth the minimum passes, 5 points less fails."""
    s = _holding(passing + (failing or []), totals=[total, 0])
    assert s.minimum_for_side(0) == minimum
    assert s.minimum_for_side(1) == 50
    t = canasta.apply(s, meld(0, *passing))
    assert len(t.melds[0]) == len(passing)
    if failing is not None:
        refused(s, meld(0, *failing), Reason.INITIAL_MELD_BELOW_MINIMUM)


def test_s1_what_counts_toward_the_minimum() -> None:
    """§1 "What counts toward the minimum", C4: "card values of cards melded this turn; several
    melds may be combined; bonuses don't count; with the pile, only the top card"."""
    s = _holding(["KC KD KH", "QC QD QH", "JC JD JH"], totals=[1500, 0])
    refused(s, meld(0, "KC KD KH", "QC QD QH"), Reason.INITIAL_MELD_BELOW_MINIMUM)  # 60 < 90
    t = canasta.apply(s, meld(0, "KC KD KH", "QC QD QH", "JC JD JH"))  # 90
    assert len(t.melds[0]) == 3
    # Seven 4s: a canasta, but only its card values (35) count.
    s = _holding(["4C 4C 4D 4D 4H 4H 4S"])
    refused(s, meld(0, "4C 4C 4D 4D 4H 4H 4S"), Reason.INITIAL_MELD_BELOW_MINIMUM)
    # Taking the pile: the top K counts, the joker and aces under it do not.
    p = canasta.position(
        hands=["KS KD AC AD AH 7C 7D", "", "", ""], discard_pile="JK AS AS KC", totals=[1500, 0]
    )
    refused(p, TakePile(0, "KS KD"), Reason.INITIAL_MELD_BELOW_MINIMUM)
    t = canasta.apply(p, TakePile(0, "KS KD", melds=[Meld.parse("AC AD AH")]))  # 30 + 60
    assert len(t.melds[0]) == 2


def test_s1_meld_composition() -> None:
    """§1 "Meld composition", C4: ">=3 cards, >=2 naturals, <=3 wilds" (no sequences)."""
    s = _holding(["KC KD 2C 2D 2H JK", "5C 6D 7H"], melds=[["QC QD QH"], []])
    refused(s, meld(0, "KC KD"), Reason.MELD_TOO_SMALL)
    refused(s, meld(0, "KC 2C 2D"), Reason.TOO_FEW_NATURALS)
    refused(s, meld(0, "KC KD 2C 2D 2H JK"), Reason.TOO_MANY_WILDS)
    refused(s, canasta.MeldCards(0, [Meld(Rank.FIVE, "5C 6D 7H")]), Reason.WRONG_RANK)
    t = canasta.apply(s, meld(0, "KC KD 2C 2D 2H"))
    kings = t.meld_of(0, Rank.KING)
    assert kings is not None and (kings.naturals, kings.wilds) == (2, 3)


def test_s1_wild_only_melds() -> None:
    """§1 "Wild-only melds", C4: "not allowed"."""
    s = _holding(["JK 2C 2D"], melds=[["QC QD QH"], []])
    refused(s, canasta.MeldCards(0, [Meld(Rank.KING, "JK 2C 2D")]), Reason.TOO_FEW_NATURALS)
    # Wild cards alone may be added to an existing meld of the side.
    t = canasta.apply(s, canasta.MeldCards(0, [Meld(Rank.QUEEN, "JK")]))
    queens = t.meld_of(0, Rank.QUEEN)
    assert queens is not None and (queens.naturals, queens.wilds) == (3, 1)


def test_s1_melds_per_rank_per_side() -> None:
    """§1 "Melds per rank per side", C4: "1 (merge); opponents may hold the same rank"."""
    s = _holding(["KS KC JK"], melds=[["KC KD KH"], ["KS KH KD"]])
    t = canasta.apply(s, meld(0, "KS KC JK"))
    assert len(t.melds[0]) == 1
    kings = t.meld_of(0, Rank.KING)
    assert kings is not None and (kings.naturals, kings.wilds) == (5, 1)
    assert t.melds[1] == s.melds[1]
    with pytest.raises(canasta.PositionError):
        canasta.position(hands=["", "", "", ""], melds=[["KC KD KH", "KS KH KD"], []])


def test_s1_canasta() -> None:
    """§1 "Canasta", C4: ">=7 cards (>=4 naturals); natural 500, mixed 300; may grow; a wild
    added to a natural one makes it mixed"."""
    s = _holding(["KS 2C KC"], keep="8S 9S 9D", melds=[["KC KD KD KH KH 2D"], []])
    assert s.canastas(0) == 0
    s = canasta.apply(s, meld(0, Meld(Rank.KING, "KS")))
    kings = s.meld_of(0, Rank.KING)
    assert kings is not None and kings.is_mixed_canasta() and s.canastas(0) == 1
    s = canasta.apply(s, meld(0, Meld(Rank.KING, "KC")))  # it may grow
    kings = s.meld_of(0, Rank.KING)
    assert kings is not None and len(kings.cards) == 8 and s.canastas(0) == 1
    n = _holding(["QS"], melds=[["QC QC QD QD QH QH"], []])
    n = canasta.apply(n, meld(0, Meld(Rank.QUEEN, "QS")))
    queens = n.meld_of(0, Rank.QUEEN)
    assert queens is not None and queens.is_natural_canasta()
    # Bonuses: a natural 500, a mixed 300.
    e = ended(hands=["4C", "5D", "", ""], melds=[[K7, "QC QC QD QD QH 2C 2D"], []])
    side = lines(canasta.score_hand(e), 0)
    assert side["natural_canastas"] == 500
    assert side["mixed_canastas"] == 300


def test_s1_canastas_to_go_out() -> None:
    """§1 "Canastas to go out", C4: "1 (may be completed that turn)"."""
    none = _holding(["5C 5D 5H"], keep="", melds=[["KC KD KH KS KC KD"], []])
    refused(none, meld(0, "5C 5D 5H"), Reason.NO_CANASTA_TO_GO_OUT)
    completed = _holding(["KH", "5C 5D 5H"], keep="", melds=[["KC KD KH KS KC KD"], []])
    t = canasta.apply(completed, meld(0, Meld(Rank.KING, "KH"), "5C 5D 5H"))
    assert t.is_hand_over
    assert t.end is not None and t.end.reason is EndReason.WENT_OUT


def test_s1_final_discard_when_going_out() -> None:
    """§1 "Final discard when going out", C4: "optional"."""
    s = _holding(["5C 5D 5H"], keep="9S", melds=[[K7], []])
    by_discard = play(s, meld(0, "5C 5D 5H"), Discard(0, "9S"))
    assert by_discard.is_hand_over and by_discard.top_card == Card.parse("9S")
    no_discard = _holding(["5C 5D 5H"], keep="", melds=[[K7], []])
    t = canasta.apply(no_discard, meld(0, "5C 5D 5H"))
    assert t.is_hand_over and t.discard_pile == no_discard.discard_pile


def test_s1_going_out_bonus() -> None:
    """§1 "Going-out bonus", C4: "100"."""
    s = _holding(["5C 5D 5H"], keep="9S", melds=[[K7], []])
    t = play(s, meld(0, "5C 5D 5H"), Discard(0, "9S"))
    score = canasta.score_hand(t)
    assert score.sides[0].points("going_out") == 100
    assert score.sides[0].points("concealed") == 0
    assert score.sides[1].points("going_out") == 0


def test_s1_concealed_going_out() -> None:
    """§1 "Concealed going out", C4: "200 in all (100 + 100 extra)"."""
    s = _holding([K7], keep="9S", has_melded=[False] * 4)
    t = play(s, meld(0, K7), Discard(0, "9S"))
    assert t.end is not None and t.end.concealed
    side = lines(canasta.score_hand(t), 0)
    assert side["concealed"] == 200
    assert side["going_out"] == 0
    assert canasta.score_hand(t).sides[0].total == 70 + 500 + 200


def test_s1_black_threes() -> None:
    """§1 "Black threes", C4: "value 5; blocks the next player; meldable only as 3-4 without
    wilds when going out"."""
    assert canasta.get_variant("classic").card_value(Card.parse("3S")) == 5
    blocked = canasta.position(hands=["3C 3S 9D", "", "", ""], discard_pile="5C 3S")
    refused(blocked, TakePile(0), Reason.PILE_BLOCKED)
    s = _holding(["3S 3C 3S"], keep="9S 9D", melds=[[K7], []])
    refused(s, meld(0, "3S 3C 3S"), Reason.BLACK_THREE_MELD)  # not going out
    out = _holding(["3S 3C 3S 2D"], keep="", melds=[[K7], []])
    refused(out, meld(0, Meld(Rank.THREE, "3S 3C 3S 2D")), Reason.BLACK_THREE_MELD)
    e = ended(hands=["4C", "3S 3C", "", ""], melds=[["KC KD KH"], ["QC QD QH"]])
    assert canasta.score_hand(e).sides[1].points("cards_in_hand") == -10


def test_s1_frozen_pile() -> None:
    """§1 "Frozen pile", C4: "against a side that has not melded; for all while it holds a wild
    or a turned-up red 3; only taking unfreezes it"."""
    s = canasta.position(
        hands=["9H 9D 4C 4D", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 7H 9S"
    )
    assert not s.pile_frozen
    assert not s.pile_frozen_for(0) and s.pile_frozen_for(1)
    red = canasta.position(hands=["4C 4D", "", "", ""], discard_pile="3D 5C 9S")
    assert red.pile_frozen
    wild = canasta.position(
        hands=["9H 9D 4C 4D", "", "", ""], melds=[["KC KD KH"], []], discard_pile="2C 5C 7H 9S"
    )
    assert wild.pile_frozen and wild.pile_frozen_for(0)
    t = play(wild, TakePile(0, "9H 9D"), Discard(0, "4C"))
    assert t.discard_pile == (Card.parse("4C"),)
    assert not t.pile_frozen


def test_s1_taking_the_pile() -> None:
    """§1 "Taking the pile", C4: "top card natural (4-A); unfrozen: natural pair, or one natural
    + one wild, or add to own side's meld (even a canasta); frozen: natural pair from hand only;
    whole pile taken"."""
    kw = {"hands": ["9H 9D 2C KS 4C", "", "", ""], "melds": [["KC KD KH"], []]}
    open_ = canasta.position(discard_pile="6C 7D 9S", **kw)
    for action in (TakePile(0, "9H 9D"), TakePile(0, "9H 2C")):
        t = canasta.apply(open_, action)
        assert t.discard_pile == () and t.hands[0].count("6C") == 1
    onto = canasta.apply(canasta.position(discard_pile="6C 7D KS", **kw), TakePile(0))
    kings = onto.meld_of(0, Rank.KING)
    assert kings is not None and kings.naturals == 4
    frozen = canasta.position(discard_pile="2D 7D 9S", **kw)
    refused(frozen, TakePile(0, "9H 2C"), Reason.PILE_FROZEN)
    t = canasta.apply(frozen, TakePile(0, "9H 9D"))
    assert t.hands[0] == hand("2C KS 4C 2D 7D")


def test_s1_pile_topped_by_wild_or_black_three() -> None:
    """§1 "Pile topped by wild / black 3", C4: "cannot be taken"."""
    kw = {"hands": ["9H 9D 2C JK", "", "", ""], "melds": [["KC KD KH"], []]}
    for top in ("2D", "JK"):
        s = canasta.position(discard_pile=f"5C 9S {top}", **kw)
        refused(s, TakePile(0, "9H 9D"), Reason.PILE_TOP_WILD)
        refused(s, TakePile(0, "2C JK"), Reason.PILE_TOP_WILD)
    s = canasta.position(discard_pile="5C 9S 3C", **kw)
    refused(s, TakePile(0), Reason.PILE_BLOCKED)


def test_s1_one_card_hand_one_card_pile() -> None:
    """§1 "1-card hand, 1-card pile", C4: "may not take"."""
    s = canasta.position(hands=["QS", "", "", ""], melds=[[K7, "QC QD QH"], []], discard_pile="QD")
    refused(s, TakePile(0), Reason.SINGLE_CARD_PILE)
    assert canasta.legal_actions(s)[:] == (Draw(0),)


def test_s1_ask_partner() -> None:
    """§1 "Ask partner", C4: "optional; answer binding"."""
    s = _holding(["5C 5D 5H"], keep="9S", melds=[[K7], []])
    assert canasta.is_legal(s, meld(0, "5C 5D 5H"))  # going out without asking
    asked = canasta.apply(s, AskPartner(0))
    assert (asked.phase, asked.current_seat) == (Phase.ANSWER, 2)
    refused(asked, AnswerPartner(1, yes=True), Reason.NOT_YOUR_TURN)
    yes = canasta.apply(asked, AnswerPartner(2, yes=True))
    assert (yes.phase, yes.current_seat, yes.turn.permission) == (Phase.PLAY, 0, True)
    refused(yes, Discard(0, "9S"), Reason.MUST_GO_OUT)
    no = canasta.apply(asked, AnswerPartner(2, yes=False))
    refused(no, meld(0, "5C 5D 5H"), Reason.PERMISSION_REFUSED)


def test_s1_stock_runs_out() -> None:
    """§1 "Stock runs out", C4: "last card a red 3: hand ends, no discard; otherwise play
    continues while each player takes the discard, compulsory if it fits his side's meld and the
    pile isn't frozen for him; ends when a player can't or won't; no going-out bonus"."""
    last = empty_stock_position(
        hands=["5C 6D", "", "", ""], melds=[["KC KD KH"], []], discard_pile="9S", stock="3H"
    )
    t = canasta.apply(last, Draw(0))
    assert t.is_hand_over and t.end is not None
    assert (t.end.reason, t.end.seat) == (EndReason.LAST_CARD_RED_THREE, 0)
    assert t.red_threes[0] == (Card.parse("3H"),) and t.stock == ()
    assert t.hands[0] == hand("5C 6D")
    refused(t, Discard(0, "5C"), Reason.HAND_OVER)
    forced = empty_stock_position(
        hands=["5C 6D", "4H", "", ""],
        melds=[["KC KD KH"], []],
        discard_pile="KS",
        wild_seat=3,
    )
    refused(forced, canasta.DeclinePile(0), Reason.MUST_TAKE_PILE)
    t = play(forced, TakePile(0), Discard(0, "6D"))  # seat 1 (no meld, one 4) cannot take
    assert t.is_hand_over and t.end is not None
    assert (t.end.reason, t.end.seat) == (EndReason.STOCK_EXHAUSTED, 1)
    score = canasta.score_hand(t)
    assert [s.points("going_out") for s in score.sides] == [0, 0]


def test_s1_target() -> None:
    """§1 "Target", C4: "5000; higher total wins; last deal played out"."""
    assert canasta.get_variant("classic").target_score == 5000
    mid = canasta.position(hands=["4C", "5D", "", ""], totals=[5200, 100])
    assert not mid.is_match_over and mid.winners == ()
    kw = {"hands": ["4C", "4D", "", ""], "melds": [["KC KD KH"], ["QC QD QH"]]}
    # Each side scores 30 - 5 = 25 in this hand.
    s = ended(totals=[4980, 4000], **kw)
    assert s.match_totals == (5005, 4025)
    assert s.is_match_over and s.winners == (0,)
    s = ended(totals=[5000, 5010], **kw)
    assert s.winners == (1,)
    s = ended(totals=[4970, 4000], **kw)
    assert not s.is_match_over and s.winners == ()


def test_s1_deal() -> None:
    """§1 "Deal", C4: "first player = dealer's left; deal rotates clockwise"."""
    deck = stacked_deck(["AS AD AH", "", "", ""], "9C")
    s = canasta.new_game("classic", deck=deck)
    assert (s.dealer, s.current_seat) == (3, 0)
    assert s.hands[0].count("AS") == 1 and s.hands[0].count("AH") == 1
    s = canasta.new_game("classic", deck=deck, dealer=1)
    assert (s.dealer, s.current_seat) == (1, 2)
    assert s.hands[2].count("AS") == 1 and s.hands[2].count("AH") == 1  # first card to seat 2
    over = ended(hands=["4C", "4D", "", ""], melds=[["KC KD KH"], ["QC QD QH"]])
    nxt = canasta.apply(over, DealNextHand())
    assert (nxt.dealer, nxt.current_seat, nxt.hand_number) == (
        (over.dealer + 1) % 4,
        (over.dealer + 2) % 4,
        2,
    )
    assert nxt.totals == over.match_totals


def test_s1_card_values() -> None:
    """§1 card values: "Joker 50; 2 20; A 20; K Q J 10 9 8 10; 7 6 5 4 5; black 3 5"."""
    v = canasta.get_variant("classic")
    expected = {
        "JK": 50,
        "2C": 20,
        "AS": 20,
        "KD": 10,
        "QH": 10,
        "JC": 10,
        "TS": 10,
        "9D": 10,
        "8H": 10,
        "7C": 5,
        "6D": 5,
        "5H": 5,
        "4S": 5,
        "3S": 5,
        "3C": 5,
    }
    assert {c: v.card_value(Card.parse(c)) for c in expected} == expected
    e = ended(hands=["4C", "JK 2C AS KD 8H 7C 4S 3S", "", ""], melds=[["KC KH KH"], ["QC QD QH"]])
    assert canasta.score_hand(e).sides[1].points("cards_in_hand") == -125


# ------------------------------------------------------------------------------ §2 cases 13-23
def test_s2_case_13_initial_canasta_counts_card_values_only() -> None:
    """§2 case 13: "Initial meld that is a canasta. Only card values count, e.g. seven 4s = 35 <
    50, which fails. Bonuses never count. It is legal only if partner has already melded, or the
    hand goes out concealed from a stock draw (no minimum)." """
    fours = "4C 4C 4D 4D 4H 4H 4S"
    s = _holding([fours], keep="9C 9D KS", has_melded=[False] * 4)
    refused(s, meld(0, fours), Reason.INITIAL_MELD_BELOW_MINIMUM)
    partner = _holding(
        [fours], keep="9C 9D KS", melds=[["KC KD KH"], []], has_melded=[False, False, True, False]
    )
    t = canasta.apply(partner, meld(0, fours))
    m = t.meld_of(0, Rank.FOUR)
    assert m is not None and m.is_natural_canasta() and t.canastas(0) == 1
    concealed = _holding([fours], keep="9C", has_melded=[False] * 4)
    t = play(concealed, meld(0, fours), Discard(0, "9C"))
    assert t.is_hand_over and t.end is not None
    assert (t.end.reason, t.end.concealed) == (EndReason.WENT_OUT, True)
    side = lines(canasta.score_hand(t), 0)
    assert (side["melded_cards"], side["natural_canastas"], side["concealed"]) == (35, 500, 200)


def test_s2_case_14_partner_has_melded_no_minimum() -> None:
    """§2 case 14: "Partner has already melded. The other partner melds with no minimum." """
    s = _holding(["5C 5D 5H"], melds=[["KC KD KH"], []], has_melded=[False, False, True, False])
    t = canasta.apply(s, meld(0, "5C 5D 5H"))  # 15 points, below the 50 band
    assert t.meld_of(0, Rank.FIVE) is not None
    assert t.hands[0] == hand("8S 9S")


def test_s2_case_15_negative_total_minimum_is_15() -> None:
    """§2 case 15: "Negative total. The minimum is 15, which any legal 3-card meld meets (min
    5+5+5). A total of exactly 0 uses the 50 band." """
    neg = _holding(["4C 4D 4H"], totals=[-5, 0])
    assert neg.minimum_for_side(0) == 15
    t = canasta.apply(neg, meld(0, "4C 4D 4H"))
    assert t.meld_of(0, Rank.FOUR) is not None
    zero = _holding(["4C 4D 4H"], totals=[0, -5])
    assert zero.minimum_for_side(0) == 50 and zero.minimum_for_side(1) == 15
    refused(zero, meld(0, "4C 4D 4H"), Reason.INITIAL_MELD_BELOW_MINIMUM)


@pytest.mark.parametrize(
    ("total", "minimum"), [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)]
)
def test_s2_case_16_band_edges(total: int, minimum: int) -> None:
    """§2 case 16: "Band edges (test vectors): -5 -> 15; 0 -> 50; 1495 -> 50; 1500 -> 90;
    2995 -> 90; 3000 -> 120." """
    assert canasta.get_variant("classic").minimum_for(total) == minimum
    s = canasta.position(hands=["4C 4D", "", "", ""], totals=[total, total])
    assert s.minimum_for_side(0) == s.minimum_for_side(1) == minimum


def test_s2_case_17_meld_shapes() -> None:
    """§2 case 17: "5-5-2-2-2 is legal in C4 (2N, 3W), illegal under W/S-NO and S-DE.
    9-9-9-2-2-Jkr is legal in C4 and W, illegal in S-DE. 5-5-2-2 is legal in C4 and W, illegal
    in S-DE. 5-2-2 is always illegal." """
    shapes = ["5C 5D 2C 2D 2H", "9C 9D 9H 2S 2C JK"]
    legal = {"5C 5D 2C 2D 2H": (2, 3), "9C 9D 9H 2S 2C JK": (3, 3), "5C 5D 2C 2D": (2, 2)}
    s = _holding(shapes, melds=[["KC KD KH"], []])
    for text, (n, w) in legal.items():
        m = canasta.apply(s, meld(0, text)).meld_of(0, Meld.parse(text).rank)
        assert m is not None and (m.naturals, m.wilds) == (n, w)
    refused(s, meld(0, "5C 2C 2D"), Reason.TOO_FEW_NATURALS)
    classic = canasta.get_variant("classic")
    w = _holding(
        shapes, variant=classic.derive(wild_ratio="at_most_equal"), melds=[["KC KD KH"], []]
    )
    refused(w, meld(0, "5C 5D 2C 2D 2H"), Reason.TOO_MANY_WILDS)
    assert canasta.is_legal(w, meld(0, "9C 9D 9H 2S 2C JK"))
    assert canasta.is_legal(w, meld(0, "5C 5D 2C 2D"))
    de = _holding(
        shapes, variant=classic.derive(wild_ratio="strictly_fewer"), melds=[["KC KD KH"], []]
    )
    refused(de, meld(0, "9C 9D 9H 2S 2C JK"), Reason.TOO_MANY_WILDS)
    refused(de, meld(0, "5C 5D 2C 2D"), Reason.TOO_MANY_WILDS)


def test_s2_case_18_fourth_wild_never_even_on_a_canasta() -> None:
    """§2 case 18: "Fourth wild. It can never be added, even to a canasta: max 3 wilds per meld.
    This also applies when taking the pile "9 + wild" onto an existing 9s meld that already holds
    3 wilds: illegal." """
    melds = [["9C 9D 9H 9S 2C 2D JK"], []]
    s = _holding(["2H JK"], melds=melds)
    refused(s, canasta.MeldCards(0, [Meld(Rank.NINE, "2H")]), Reason.TOO_MANY_WILDS)
    refused(s, canasta.MeldCards(0, [Meld(Rank.NINE, "JK")]), Reason.TOO_MANY_WILDS)
    p = canasta.position(hands=["2H 4C 4D", "", "", ""], melds=melds, discard_pile="5C 9H")
    refused(p, TakePile(0, "2H"), Reason.TOO_MANY_WILDS)
    t = canasta.apply(p, TakePile(0))
    nines = t.meld_of(0, Rank.NINE)
    assert nines is not None and (nines.naturals, nines.wilds) == (5, 3)


def test_s2_case_19_second_meld_of_a_rank_merges_within_limits() -> None:
    """§2 case 19: "Second meld of a rank the side already has. It merges into the existing
    meld; the merged meld must still satisfy the limits." """
    s = _holding(["KH KS JK", "KH KS 2H JK"], melds=[["KC KD 2C"], []])
    t = canasta.apply(s, meld(0, "KH KS JK"))
    assert len(t.melds[0]) == 1
    kings = t.meld_of(0, Rank.KING)
    assert kings is not None and (kings.naturals, kings.wilds) == (4, 2)
    wild2 = _holding(["KH KS 2H JK"], melds=[["KC KD 2C 2D"], []])
    refused(wild2, meld(0, "KH KS 2H JK"), Reason.TOO_MANY_WILDS)  # legal alone, 4 wilds merged


def test_s2_case_20_natural_canasta_plus_wild_becomes_mixed() -> None:
    """§2 case 20: "Natural canasta plus a wild. It becomes mixed (300), and the top card changes
    colour. A mixed canasta stays mixed." """
    s = _holding(["2C KS"], keep="5D", melds=[[K7], []])
    s = canasta.apply(s, canasta.MeldCards(0, [Meld(Rank.KING, "2C")]))
    kings = s.meld_of(0, Rank.KING)
    assert kings is not None and kings.is_mixed_canasta() and not kings.is_natural_canasta()
    s = canasta.apply(s, canasta.MeldCards(0, [Meld(Rank.KING, "KS")]))
    kings = s.meld_of(0, Rank.KING)
    assert (
        kings is not None and kings.is_mixed_canasta() and (kings.naturals, kings.wilds) == (8, 1)
    )
    s = canasta.apply(s, Discard(0, "5D"))
    side = lines(canasta.score_hand(s), 0)
    assert (side["natural_canastas"], side["mixed_canastas"]) == (0, 300)


def test_s2_case_21_threes() -> None:
    """§2 case 21: "Threes. Red 3s are never melded or discarded; black 3s are melded only as 3-4
    with no wild, in the going-out turn." """
    s = _holding(["3H 3S 3C 3S 2D"], keep="9C 9D", melds=[[K7], []])
    refused(s, Discard(0, "3H"), Reason.RED_THREE)
    refused(s, canasta.MeldCards(0, [Meld(Rank.THREE, "3H 3S 3C")]), Reason.RED_THREE)
    refused(s, meld(0, "3S 3C 3S"), Reason.BLACK_THREE_MELD)
    going_out = _holding(["3S 3C 3S 2D", "9C 9D 9H"], keep="", melds=[[K7], []])
    refused(
        going_out, meld(0, Meld(Rank.THREE, "3S 3C 3S 2D"), "9C 9D 9H"), Reason.BLACK_THREE_MELD
    )
    ok = _holding(["3S 3C 3S", "9C 9D 9H"], keep="", melds=[[K7], []])
    t = canasta.apply(ok, meld(0, "3S 3C 3S", "9C 9D 9H"))
    assert t.is_hand_over and t.end is not None and t.end.reason is EndReason.WENT_OUT
    threes = t.meld_of(0, Rank.THREE)
    assert threes is not None and len(threes.cards) == 3


def test_s2_case_22_two_black_threes_cannot_go_out() -> None:
    """§2 case 22: "After the draw the hand is exactly two black 3s. The player cannot go out and
    must discard one. One black 3: it can be the going-out discard. Three or four: meld them to
    go out." """
    melds = [[K7], []]
    two = _holding([], keep="3S 3C", melds=melds)
    refused(two, meld(0, "3S 3C"), Reason.BLACK_THREE_MELD)
    t = canasta.apply(two, Discard(0, "3S"))
    assert not t.is_hand_over and t.hands[0] == hand("3C") and t.current_seat == 1
    one = canasta.apply(_holding([], keep="3S", melds=melds), Discard(0, "3S"))
    assert one.is_hand_over and one.end is not None and one.end.reason is EndReason.WENT_OUT
    assert one.top_card == Card.parse("3S")
    for threes in ("3S 3C 3S", "3S 3C 3S 3C"):
        t = canasta.apply(_holding([], keep=threes, melds=melds), meld(0, threes))
        assert t.is_hand_over and t.end is not None and t.end.reason is EndReason.WENT_OUT


def test_s2_case_23_no_canasta_never_empty_the_hand() -> None:
    """§2 case 23: "No canasta on the side. A player may never end his turn with an empty hand
    (he may not meld down to 0, nor to 1 card and then discard it). A canasta completed in the
    same turn counts. Test: side has no canasta, hand after the draw is exactly 9-9-9. Melding
    all three is illegal, so he must discard one and keep two, or meld nothing." """
    s = _holding([], keep="9C 9D 9H", melds=[["KC KD KH"], []])
    refused(s, meld(0, "9C 9D 9H"), Reason.NO_CANASTA_TO_GO_OUT)
    t = canasta.apply(s, Discard(0, "9C"))
    assert t.hands[0] == hand("9D 9H") and not t.is_hand_over
    four = _holding([], keep="9C 9D 9H 5S", melds=[["KC KD KH"], []])
    refused(four, meld(0, "9C 9D 9H"), Reason.NO_CANASTA_TO_GO_OUT)
    completing = _holding([], keep="9D 9H 7C", melds=[["9C 9D 9H 9S 9C"], []])
    t = play(completing, canasta.MeldCards(0, [Meld(Rank.NINE, "9D 9H")]), Discard(0, "7C"))
    assert t.is_hand_over and t.end is not None and t.end.reason is EndReason.WENT_OUT


# ------------------------------------------------------------------------------ §3 checks, seed
INITIAL_MELD_CHECKS = [
    (1600, 90, ["KC KD JK", "5C 5D 5H"], False),  # 70 + 15 = 85
    (1600, 90, ["AC AD JK", "8C 8D 8H"], True),  # 90 + 30 = 120
    (-40, 15, ["4C 4D 4H"], True),  # 15
    (0, 50, ["7C 7D 2C"], False),  # 30
    (0, 50, ["KC KD JK"], True),  # 70
]


@pytest.mark.parametrize(("total", "minimum", "groups", "ok"), INITIAL_MELD_CHECKS)
def test_s3_initial_meld_checks(total: int, minimum: int, groups: list[str], ok: bool) -> None:
    """§3, initial-meld checks (C4): "total 1600 -> needs 90. K-K-Jkr + 5-5-5 = 85 fails;
    A-A-Jkr + 8-8-8 = 120 passes. Total -40: 4-4-4 (15) passes. Total 0: 7-7-2 (30) fails;
    K-K-Jkr (70) passes." """
    s = _holding(groups, totals=[total, 0])
    assert s.minimum_for_side(0) == minimum
    if ok:
        t = canasta.apply(s, meld(0, *groups))
        assert len(t.melds[0]) == len(groups)
        assert t.hands[0] == hand("8S 9S")
    else:
        refused(s, meld(0, *groups), Reason.INITIAL_MELD_BELOW_MINIMUM)


def test_seed_s_af_side_on_1600_needs_90() -> None:
    """Seed S-AF (§0.1): "a side on 1600 needs 90, so a 65 meld fails and 95 passes"."""
    s = _holding(["5C 5D 5H JK", "TC TD TH"], totals=[1600, 0])
    assert s.minimum_for_side(0) == 90
    refused(s, meld(0, "5C 5D 5H JK"), Reason.INITIAL_MELD_BELOW_MINIMUM)  # 65
    t = canasta.apply(s, meld(0, "5C 5D 5H JK", "TC TD TH"))  # 95
    assert sorted(m.rank for m in t.melds[0]) == [Rank.FIVE, Rank.TEN]
    assert t.hands[0] == hand("8S 9S")
