"""Classic rules of the upcard, the red threes and the discard pile: RULES.md §2 cases 1-12,
24-26 and 31 (one test per case, named after it)."""

from __future__ import annotations

import canasta
from canasta import Card, Discard, Draw, Meld, Rank, Reason, TakePile
from rules_helpers import (
    cards,
    empty_stock_position,
    full_position,
    hand,
    play,
    refused,
    stacked_deck,
)


def test_s2_case_01_wild_upcard_is_covered_and_freezes_the_pile() -> None:
    """§2 case 1: "Wild upcard. Turn more cards until the top is not a wild (or red 3); the pile
    is frozen for everyone until taken." """
    s = canasta.new_game("classic", deck=stacked_deck(["", "", "", ""], "JK 2C 9H"))
    assert s.discard_pile == tuple(cards("JK 2C 9H"))
    assert s.top_card == Card.parse("9H")
    assert len(s.stock) == 108 - 44 - 3
    assert s.pile_frozen
    assert s.pile_frozen_for(0) and s.pile_frozen_for(1)
    # Frozen for a side that has melded as well: one 9 and a wild do not take it ...
    t = canasta.position(
        hands=["9S 9D 2D 7C", "", "", ""], melds=[["KC KD KH"], []], discard_pile="JK 2C 9H"
    )
    refused(t, TakePile(0, "9S 2D"), Reason.PILE_FROZEN)
    # ... a natural pair does, and taking it is what unfreezes the pile.
    t = canasta.apply(t, TakePile(0, "9S 9D"))
    assert t.discard_pile == ()
    assert t.hands[0] == hand("2D 7C JK 2C")
    assert str(t.meld_of(0, Rank.NINE)) == str(Meld.parse("9H 9S 9D"))
    assert not t.pile_frozen


def test_s2_case_02_red_three_upcard_is_covered_and_laid_out_by_the_taker() -> None:
    """§2 case 2: "Red-3 upcard. Covered the same way; frozen. Whoever takes the pile lays the
    red 3 out for his side, with no replacement." """
    s = canasta.new_game("classic", deck=stacked_deck(["AS AD", "", "", ""], "3H AC"))
    assert s.discard_pile == tuple(cards("3H AC"))
    assert s.pile_frozen
    stock = s.stock
    t = canasta.apply(s, TakePile(0, "AS AD"))  # A-A + top A = 60 >= 50
    assert t.red_threes[0] == (Card.parse("3H"),)
    assert t.hands[0].count("3H") == 0
    assert len(t.hands[0]) == 9  # 11 - 2 melded; the red three is not replaced
    assert t.stock == stock
    assert t.discard_pile == ()
    assert [str(m) for m in t.melds[0]] == [str(Meld.parse("AC AS AD"))]


def test_s2_case_03_black_three_upcard_stays_on_top_and_blocks_the_first_player() -> None:
    """§2 case 3: "Black-3 upcard. Variant flag. P*/S-AF: it stays on top; the first player
    cannot take the pile; the pile is not frozen. BI/LG/S-NO: covered like a wild." """
    s = canasta.new_game("classic", deck=stacked_deck(["", "", "", ""], "3S"))
    assert s.discard_pile == (Card.parse("3S"),)
    assert s.pile_blocked
    assert not s.pile_frozen
    refused(s, TakePile(0), Reason.PILE_BLOCKED)
    assert canasta.legal_actions(s)[:] == (Draw(0),)
    covered = canasta.get_variant("classic").derive(black_three_upcard="covered")
    s = canasta.new_game(covered, deck=stacked_deck(["", "", "", ""], "3S 9C"))
    assert s.discard_pile == tuple(cards("3S 9C"))
    assert not s.pile_blocked


def test_s2_case_04_red_three_in_the_initial_hand_is_laid_out_and_replaced() -> None:
    """§2 case 4: "Red 3 in the initial hand. Laid out and replaced; a replacement red 3 is
    replaced again. Timing: straight after the deal [S-AF, S-NO] (default)." """
    deck = stacked_deck(["3H", "3D", "", ""], "9C", stock_top="3H AC AD")
    s = canasta.new_game("classic", deck=deck)
    assert s.red_threes[0] == tuple(cards("3H 3H"))  # the replacement 3H was replaced too
    assert s.red_threes[1] == (Card.parse("3D"),)
    assert s.red_threes[2] == s.red_threes[3] == ()
    assert s.hands[0].count("AC") == 1 and s.hands[1].count("AD") == 1
    assert [len(h) for h in s.hands] == [11, 11, 11, 11]
    assert not any(h.count("3H") or h.count("3D") for h in s.hands)
    assert len(s.stock) == 108 - 44 - 1 - 3
    assert s.discard_pile == (Card.parse("9C"),)


def test_s2_case_05_red_three_drawn_is_laid_out_and_replaced() -> None:
    """§2 case 5: "Red 3 drawn. Laid out with an immediate replacement." (A replacement red 3
    is replaced again, as in case 4.)"""
    s = full_position(hands=["4C 5D 6H 7S 8C", "", "", ""], discard_pile="9D", stock_top="3D AC KH")
    n = len(s.stock)
    t = canasta.apply(s, Draw(0))
    assert t.red_threes[0] == (Card.parse("3D"),)
    assert t.hands[0] == hand("4C 5D 6H 7S 8C AC")
    assert len(t.stock) == n - 2
    assert t.stock[0] == Card.parse("KH")
    assert t.phase is canasta.Phase.PLAY
    s = full_position(hands=["4C", "", "", ""], discard_pile="9D", stock_top="3D 3H AC KH")
    t = canasta.apply(s, Draw(0))
    assert t.red_threes[0] == tuple(cards("3D 3H"))
    assert t.hands[0] == hand("4C AC")
    assert t.stock[0] == Card.parse("KH")


def test_s2_case_06_black_three_over_a_wild_blocks_then_the_wild_keeps_it_frozen() -> None:
    """§2 case 6: "Wild in the pile, then a black 3 on top. The next player cannot take the
    pile. After someone discards a natural card on it, the pile can be taken only with a natural
    pair of that rank; the buried wild keeps it frozen." """
    s = full_position(
        hands=["9H 6C 6D", "9S 9D 2C 4S", "", ""],
        melds=[["KC KD KH"], ["QC QD QH"]],
        discard_pile="5C 2D 7H 3S",
        stock_top="4D",
    )
    refused(s, TakePile(0), Reason.PILE_BLOCKED)
    s = play(s, Draw(0), Discard(0, "9H"))
    assert s.current_seat == 1
    assert s.top_card == Card.parse("9H")
    assert s.pile_frozen
    refused(s, TakePile(1, "9S 2C"), Reason.PILE_FROZEN)
    t = canasta.apply(s, TakePile(1, "9S 9D"))
    assert str(t.meld_of(1, Rank.NINE)) == str(Meld.parse("9H 9S 9D"))
    assert t.hands[1] == hand("2C 4S 5C 2D 7H 3S")
    assert t.discard_pile == ()


def test_s2_case_07_black_three_without_wild_blocks_only_the_next_player() -> None:
    """§2 case 7: "Black 3 and no wild below. It blocks only the next player. After the next
    natural discard the pile is open again." """
    s = full_position(
        hands=["9H 6C 6D", "9S 9D 2C 4S", "", ""],
        melds=[["KC KD KH"], ["QC QD QH"]],
        discard_pile="5C 7H 3S",
        stock_top="4D",
    )
    assert s.pile_blocked and not s.pile_frozen
    refused(s, TakePile(0), Reason.PILE_BLOCKED)
    s = play(s, Draw(0), Discard(0, "9H"))
    assert not s.pile_blocked and not s.pile_frozen
    t = canasta.apply(s, TakePile(1, "9S 2C"))  # one natural + one wild: the pile is open
    assert str(t.meld_of(1, Rank.NINE)) == str(Meld.parse("9H 9S 2C"))
    assert t.hands[1] == hand("9D 4S 5C 7H 3S")
    assert t.discard_pile == ()


def test_s2_case_08_unfrozen_top_card_onto_own_meld_even_a_canasta() -> None:
    """§2 case 8: "Unfrozen pile, top 9, own side has a 9s meld (even a finished canasta). The
    player may take the pile by laying the 9 on that meld, with no hand cards." """
    s = canasta.position(
        hands=["4C 4D 6S", "", "", ""],
        melds=[["9C 9C 9D 9D 9H 9H 9S"], []],
        discard_pile="5C 7H 9S",
    )
    t = canasta.apply(s, TakePile(0))
    nines = t.meld_of(0, Rank.NINE)
    assert nines is not None and len(nines.cards) == 8 and nines.is_natural_canasta()
    assert t.hands[0] == hand("4C 4D 6S 5C 7H")
    assert t.discard_pile == ()
    assert t.phase is canasta.Phase.PLAY


def test_s2_case_09_one_natural_and_a_wild_take_an_unfrozen_pile_only() -> None:
    """§2 case 9: "Unfrozen pile, top 9; hand has one 9 and a 2. He may take it, forming 9-9-2.
    If the pile is frozen he may not." """
    s = canasta.position(
        hands=["9H 2C 4D 4S 6C", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 7H 9S"
    )
    t = canasta.apply(s, TakePile(0, "9H 2C"))
    nines = t.meld_of(0, Rank.NINE)
    assert nines is not None and (nines.naturals, nines.wilds) == (2, 1)
    assert str(nines) == str(Meld.parse("9S 9H 2C"))
    assert t.hands[0] == hand("4D 4S 6C 5C 7H")
    frozen = canasta.position(
        hands=["9H 2C 4D 4S 6C", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 2D 7H 9S"
    )
    refused(frozen, TakePile(0, "9H 2C"), Reason.PILE_FROZEN)


def test_s2_case_10_frozen_pile_needs_a_natural_pair_even_with_own_meld() -> None:
    """§2 case 10: "Frozen pile, own 9s meld on the table, one 9 in hand. He may not take it: a
    frozen pile needs two natural 9s from hand." """
    s = canasta.position(
        hands=["9H 4D 4S 6C", "", "", ""], melds=[["9C 9D 9H"], []], discard_pile="5C 2D 9S"
    )
    refused(s, TakePile(0, "9H"), Reason.PILE_FROZEN)
    refused(s, TakePile(0), Reason.PILE_FROZEN)
    pair = canasta.position(
        hands=["9H 9D 4D 4S", "", "", ""], melds=[["9C 9D 9H"], []], discard_pile="5C 2D 9S"
    )
    t = canasta.apply(pair, TakePile(0, "9H 9D"))
    nines = t.meld_of(0, Rank.NINE)
    assert nines is not None and nines.naturals == 6 and nines.wilds == 0
    assert t.hands[0] == hand("4D 4S 5C 2D")


def test_s2_case_11_two_wilds_and_the_top_card_never_take_the_pile() -> None:
    """§2 case 11: "Two wilds plus the top card. Never enough to take the pile." """
    s = canasta.position(
        hands=["2C JK 4D 4S 6C", "", "", ""], melds=[["KC KD KH"], []], discard_pile="5C 7H 9S"
    )
    refused(s, TakePile(0, "2C JK"), Reason.CANNOT_MELD_TOP_CARD)
    unmelded = canasta.position(
        hands=["2C JK 4D 4S 6C", "", "", ""], melds=[[], []], discard_pile="5C 7H 9S"
    )
    refused(unmelded, TakePile(0, "2C JK"), Reason.PILE_FROZEN)


def test_s2_case_12_unmelded_side_needs_natural_pair_and_minimum() -> None:
    """§2 case 12: "Side not yet melded, pile top A. It needs a natural A-A from hand, and the
    top A plus cards from hand must reach the minimum. Cards under the top card never count. On
    0 points, A-A + top A = 60 >= 50 is legal; with K-K + top K = 30, another meld from hand is
    needed (e.g. + Q-Q-Jkr = 70, total 100)." """
    s = canasta.position(hands=["AS AD 2C 4C 4D 6S 7H", "", "", ""], discard_pile="5C AC")
    assert s.minimum_for_side(0) == 50
    refused(s, TakePile(0, "AS 2C"), Reason.PILE_FROZEN)
    t = canasta.apply(s, TakePile(0, "AS AD"))
    assert [str(m) for m in t.melds[0]] == [str(Meld.parse("AC AS AD"))]
    assert t.hands[0] == hand("2C 4C 4D 6S 7H 5C")
    kings = canasta.position(hands=["KS KD QH QS JK 4C 4D", "", "", ""], discard_pile="JK AH KC")
    # The joker and the ace under the top card do not count: K-K + top K = 30 < 50.
    refused(kings, TakePile(0, "KS KD"), Reason.INITIAL_MELD_BELOW_MINIMUM)
    t = canasta.apply(kings, TakePile(0, "KS KD", melds=[Meld.parse("QH QS JK")]))
    assert sorted(str(m) for m in t.melds[0]) == sorted(
        [str(Meld.parse("KC KS KD")), str(Meld.parse("QH QS JK"))]
    )
    assert t.hands[0] == hand("4C 4D JK AH")
    assert t.discard_pile == ()


def test_s2_case_24_taking_the_pile_with_the_whole_hand_must_go_out() -> None:
    """§2 case 24: "Hand holds only a natural 8-8, pile is a single 8. Taking it would leave
    nothing to discard. Legal only if it is going out (side has a canasta; C4 allows going out
    without a discard). Never legal where a final discard is required." """
    no_canasta = canasta.position(
        hands=["8C 8D", "", "", ""], melds=[["KC KD KH"], []], discard_pile="8H"
    )
    refused(no_canasta, TakePile(0, "8C 8D"), Reason.NO_CANASTA_TO_GO_OUT)
    with_canasta = canasta.position(
        hands=["8C 8D", "", "", ""], melds=[["KC KC KD KD KH KH KS"], []], discard_pile="8H"
    )
    t = canasta.apply(with_canasta, TakePile(0, "8C 8D"))
    assert t.is_hand_over
    assert t.end is not None
    assert (t.end.reason, t.end.seat) == (canasta.EndReason.WENT_OUT, 0)
    assert len(t.hands[0]) == 0 and t.discard_pile == ()
    assert str(t.meld_of(0, Rank.EIGHT)) == str(Meld.parse("8H 8C 8D"))
    required = canasta.get_variant("classic").derive(final_discard_required=True)
    must_discard = canasta.position(
        required,
        hands=["8C 8D", "", "", ""],
        melds=[["KC KC KD KD KH KH KS"], []],
        discard_pile="8H",
    )
    refused(must_discard, TakePile(0, "8C 8D"), Reason.MUST_KEEP_A_CARD)


def test_s2_case_25_one_card_hand_may_not_take_a_one_card_pile() -> None:
    """§2 case 25: "One card in hand, one card in the pile. The pile may not be taken." """
    melds = [["9C 9D 9H", "KC KC KD KD KH KH KS"], []]
    s = canasta.position(hands=["9S", "", "", ""], melds=melds, discard_pile="9D")
    refused(s, TakePile(0), Reason.SINGLE_CARD_PILE)
    refused(s, TakePile(0, "9S"), Reason.SINGLE_CARD_PILE)
    # Two cards in the pile: taking it is fine (the 4 joins the hand).
    two = canasta.position(hands=["9S", "", "", ""], melds=melds, discard_pile="4C 9D")
    t = canasta.apply(two, TakePile(0))
    assert t.hands[0] == hand("9S 4C")


def test_s2_case_26_the_whole_pile_is_taken_and_the_top_card_melded() -> None:
    """§2 case 26: "The whole pile is taken. Taking part of it is impossible. The top card must
    be melded at once; the rest goes to the hand." """
    s = canasta.position(
        hands=["9C 9D 6S 6H", "", "", ""],
        melds=[["KC KD KH"], []],
        discard_pile="4C 7D QS 9H 9S",
    )
    t = canasta.apply(s, TakePile(0, "9C 9D"))
    assert t.discard_pile == ()
    assert t.hands[0] == hand("6S 6H 4C 7D QS 9H")
    assert str(t.meld_of(0, Rank.NINE)) == str(Meld.parse("9S 9C 9D"))
    assert t.hands[0].count("9S") == 0


def test_s2_case_31_stock_empty_take_is_compulsory_when_it_fits_else_hand_ends() -> None:
    """§2 case 31: "Stock empty, last card not a red 3. Each player must take the discard if it
    fits his side's meld and the pile is not frozen for him. With a frozen pile he may take it
    with a natural pair but need not. The hand ends when a player cannot take it, or lawfully
    refuses; nobody gets the going-out bonus unless someone goes out." """
    # Fits the side's 9s meld, pile not frozen: compulsory.
    s = empty_stock_position(
        hands=["9S 5C 5D", "4H 4S", "6C", "7D"],
        melds=[["9C 9D 9H"], ["QC QD QH"]],
        discard_pile="9D",
        wild_seat=3,
    )
    assert s.stock == () and not s.pile_frozen and s.phase is canasta.Phase.DRAW
    refused(s, Draw(0), Reason.STOCK_EMPTY)
    refused(s, canasta.DeclinePile(0), Reason.MUST_TAKE_PILE)
    t = canasta.apply(s, TakePile(0))
    nines = t.meld_of(0, Rank.NINE)
    assert nines is not None and len(nines.cards) == 4
    # Seat 1 cannot take the 5C discarded next (no 5s, side without 5s): the hand ends.
    t = canasta.apply(t, Discard(0, "5C"))
    assert t.is_hand_over
    assert t.end is not None
    assert (t.end.reason, t.end.seat) == (canasta.EndReason.STOCK_EXHAUSTED, 1)
    # Frozen pile, natural pair in hand: he may take it, and may decline.
    frozen = empty_stock_position(
        hands=["9S 9C 5C", "4H 4S", "6C", "7D"],
        melds=[["9D 9D 9H"], ["QC QD QH"]],
        discard_pile="9H",
    )
    assert frozen.pile_frozen and frozen.phase is canasta.Phase.DRAW
    assert canasta.is_legal(frozen, TakePile(0, "9S 9C"))
    ended = canasta.apply(frozen, canasta.DeclinePile(0))
    assert ended.is_hand_over
    assert ended.end is not None
    assert (ended.end.reason, ended.end.seat) == (canasta.EndReason.STOCK_EXHAUSTED, 0)
    score = canasta.score_hand(ended)
    for side in (0, 1):
        assert score.sides[side].points("going_out") == 0
        assert score.sides[side].points("concealed") == 0
    # The 1-card rule still applies: one card in hand, one card in the pile, no take.
    single = empty_stock_position(
        hands=["9S", "4H 4S", "6C", "7D"],
        melds=[["9C 9D 9H", "KC KC KD KD KH KH KS"], ["QC QD QH"]],
        discard_pile="9D",
        rest_seat=1,
    )
    assert single.discard_pile == (Card.parse("9D"),) and not single.pile_frozen
    assert single.is_hand_over
    assert single.end is not None
    assert (single.end.reason, single.end.seat) == (canasta.EndReason.STOCK_EXHAUSTED, 0)
    # Frozen pile, no natural pair: he cannot take it, so the hand is over at once.
    stuck = empty_stock_position(
        hands=["9S 5C 5D", "4H 4S", "6C", "7D"],
        melds=[["9D 9D 9H"], ["QC QD QH"]],
        discard_pile="9H",
    )
    assert stuck.is_hand_over
    assert stuck.end is not None
    assert (stuck.end.reason, stuck.end.seat) == (canasta.EndReason.STOCK_EXHAUSTED, 0)


def test_a_take_naming_cards_not_held_is_card_not_in_hand() -> None:
    """A pile take is judged on the hand's cards first: a card the hand does not hold is
    ``card_not_in_hand`` wherever it stands in the take (a validator gets one reason for it),
    not the reason of the meld it would have made."""
    import canasta

    state = canasta.position(
        "classic",
        hands=["KH KS 5S 5H 5D 9C 7D", "4C", "6C", "8C"],
        discard_pile=["4D", "KD"],
        melds=[["QH QS QD"], []],
        has_melded=[True, False, False, False],
    )
    for move in ("take JK JK", "take AH AH", "take KH KS + AH AS AD", "take KH KH"):
        verdict = canasta.check(state, move)
        assert verdict is not None and verdict.reason is canasta.Reason.CARD_NOT_IN_HAND, move
    assert canasta.check(state, "take KH KS") is None
