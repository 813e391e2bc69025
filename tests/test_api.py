"""The public API: names, notation, errors and bad input."""

from __future__ import annotations

import pytest

import canasta
from canasta import Card, Cards, Meld, Rank, Suit


def test_all_is_sorted_and_every_name_is_documented() -> None:
    names = [n for n in canasta.__all__ if n != "__version__"]
    assert sorted(names, key=lambda n: (not n.isupper(), n)) == names or sorted(names) == names
    for name in names:
        obj = getattr(canasta, name)
        assert not name.startswith("_")
        if isinstance(obj, type) or callable(obj):
            assert obj.__doc__, f"{name} has no docstring"


def test_contract_names_exist() -> None:
    for name in (
        "new_game",
        "apply",
        "legal_actions",
        "is_legal",
        "score_hand",
        "Card",
        "IllegalActionError",
        "NotationError",
        "position",
        "Variant",
        "get_variant",
    ):
        assert name in canasta.__all__
    state = canasta.new_game("classic", seed=7)
    assert state.current_seat == 0
    assert state.is_hand_over is False and state.is_match_over is False


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("KH", Rank.KING, Suit.HEARTS),
        ("kh", Rank.KING, Suit.HEARTS),
        ("10S", Rank.TEN, Suit.SPADES),
        ("TS", Rank.TEN, Suit.SPADES),
        ("T♠", Rank.TEN, Suit.SPADES),
        ("A♥", Rank.ACE, Suit.HEARTS),
        ("2♦", Rank.TWO, Suit.DIAMONDS),
        ("3♣", Rank.THREE, Suit.CLUBS),
        (" 9d ", Rank.NINE, Suit.DIAMONDS),
    ],
)
def test_card_notation_parses(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_joker_notation_and_round_trip() -> None:
    assert Card.parse("JK") == canasta.JOKER
    assert Card.parse("joker") == canasta.JOKER
    assert str(canasta.JOKER) == "JK"
    for card in set(canasta.make_pack()):
        assert Card.parse(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("text", ["", "K", "1H", "KX", "11S", "JKH", "KH KS", "♠K", "ZZ"])
def test_bad_card_text_raises_notation_error_quoting_it(text: str) -> None:
    with pytest.raises(canasta.NotationError) as exc:
        Card.parse(text)
    assert repr(text) in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_card_kinds() -> None:
    assert Card.parse("3H").is_red_three and Card.parse("3D").is_red_three
    assert Card.parse("3S").is_black_three and Card.parse("3C").is_black_three
    assert Card.parse("2C").is_wild and canasta.JOKER.is_wild
    assert Card.parse("4S").is_natural and Card.parse("AS").is_natural
    assert not Card.parse("3S").is_natural and not Card.parse("2S").is_natural


def test_the_pack_holds_108_cards() -> None:
    pack = Cards.of(canasta.make_pack())
    assert len(pack) == 108
    assert pack.count("JK") == 4
    assert all(pack.count(Card(r, s)) == 2 for r in Rank if r is not Rank.JOKER for s in Suit)


def test_cards_multiset_notation() -> None:
    hand = Cards.parse("KH KS 2C JK KH")
    assert len(hand) == 5 and hand.count("KH") == 2
    assert str(hand) == "JK 2C KS KH KH"
    assert Cards.parse(str(hand)) == hand
    assert "KH" in hand and "QH" not in hand and "nonsense" not in hand


def test_meld_parse_and_canasta_kinds() -> None:
    m = Meld.parse("KH KS KD KC KH KS KD")
    assert m.rank is Rank.KING and m.is_natural_canasta() and not m.is_mixed_canasta()
    mixed = Meld.parse("KH KS KD KC KH 2S JK")
    assert mixed.is_mixed_canasta() and mixed.wilds == 2 and mixed.naturals == 5
    with pytest.raises(canasta.NotationError):
        Meld.parse("2C JK")  # wild cards only: the rank must be named
    assert Meld(Rank.KING, "2C JK").rank is Rank.KING
    with pytest.raises(canasta.NotationError):
        Meld.parse("KH QH")


def test_actions_compare_by_value_whatever_the_order_given() -> None:
    a = canasta.MeldCards(0, [Meld.parse("7H 7S 2C"), Meld.parse("KH KS KD")])
    b = canasta.MeldCards(0, [Meld.parse("KD KS KH"), Meld.parse("2C 7S 7H")])
    assert a == b and hash(a) == hash(b)
    assert str(canasta.TakePile(1, "8H 8S", [Meld.parse("AS AD JK")])) == "take 8S 8H + JK AS AD"


@pytest.mark.parametrize(
    "make",
    [
        lambda: canasta.Discard(0, "XX"),
        lambda: canasta.Discard("0", "KH"),  # type: ignore[arg-type]
        lambda: canasta.MeldCards(0, "KH KS KD"),
        lambda: canasta.AnswerPartner(0, "yes"),  # type: ignore[arg-type]
        lambda: canasta.TakePile(0, 5),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_raise_notation_error(make: object) -> None:
    with pytest.raises(canasta.NotationError):
        make()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (canasta.Draw(1), canasta.Reason.NOT_YOUR_TURN),
        (canasta.Draw(9), canasta.Reason.NOT_YOUR_TURN),
        (canasta.Draw(-1), canasta.Reason.NOT_YOUR_TURN),
        (canasta.Discard(0, "KH"), canasta.Reason.WRONG_PHASE),
        (canasta.DealNextHand(), canasta.Reason.HAND_NOT_OVER),
        (canasta.DeclinePile(0), canasta.Reason.CANNOT_DECLINE),
        ("drew", canasta.Reason.MALFORMED),  # text that does not parse
        ("discard KH", canasta.Reason.WRONG_PHASE),  # text that does: the rules' reason
        (None, canasta.Reason.MALFORMED),
    ],
)
def test_illegal_actions_raise_with_a_reason_and_leave_the_state(
    action: object, reason: canasta.Reason
) -> None:
    state = canasta.new_game("classic", seed=3)
    before = state
    with pytest.raises(canasta.IllegalActionError) as exc:
        canasta.apply(state, action)  # type: ignore[arg-type]
    assert exc.value.reason is reason
    assert isinstance(exc.value, ValueError)
    assert reason.value in str(exc.value)
    assert not canasta.is_legal(state, action)
    assert state == before


def test_card_not_in_hand() -> None:
    state = canasta.apply(canasta.new_game("classic", seed=3), canasta.Draw(0))
    missing = next(c for c in canasta.make_pack() if c.is_natural and not state.hands[0].count(c))
    with pytest.raises(canasta.IllegalActionError) as exc:
        canasta.apply(state, canasta.Discard(0, missing))
    assert exc.value.reason is canasta.Reason.CARD_NOT_IN_HAND
    assert str(missing) in str(exc.value)


def test_new_game_bad_input() -> None:
    with pytest.raises(canasta.VariantError, match="did you mean 'classic'"):
        canasta.new_game("clasic")
    with pytest.raises(ValueError, match="seed"):
        canasta.new_game(seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dealer"):
        canasta.new_game(dealer=4)
    with pytest.raises(ValueError, match="deck"):
        canasta.new_game(deck="KH KS")
    with pytest.raises(ValueError, match="deck"):
        canasta.new_game(deck=["KH"] * 108)


def test_same_seed_same_game_and_no_global_random_state() -> None:
    import random

    random.seed(1)
    a = canasta.new_game(seed=42)
    random.seed(2)
    b = canasta.new_game(seed=42)
    assert a == b
    assert canasta.new_game(seed=43) != a


def test_stacked_deck_deals_in_order() -> None:
    pack = list(canasta.make_pack())
    # keep red threes and wilds away from the first 45 cards so the deal is easy to read
    plain = [c for c in pack if c.is_natural]
    other = [c for c in pack if not c.is_natural]
    deck = plain + other
    state = canasta.new_game(deck=deck)
    assert state.dealer == 3 and state.current_seat == 0
    assert list(state.hands[0]) == sorted(deck[0:44:4])
    assert state.discard_pile == (deck[44],)
    assert state.stock[0] == deck[45]
    assert state.seed is None
    over = state
    assert canasta.legal_actions(over)  # plays on


def test_variant_derive_refuses_nonsense() -> None:
    classic = canasta.get_variant("classic")
    assert canasta.get_variant("REGENCY") is classic and canasta.get_variant("official") is classic
    with pytest.raises(canasta.VariantError) as exc:
        classic.derive(hand_size=30)
    assert exc.value.field == "hand_size"
    with pytest.raises(canasta.VariantError) as exc:
        classic.derive(natural_canasta_bonus="700")
    assert exc.value.field == "natural_canasta_bonus"
    with pytest.raises(canasta.VariantError, match="did you mean 'natural_canasta_bonus'"):
        classic.derive(natural_canasta_bonis=700)
    with pytest.raises(canasta.VariantError):
        classic.derive(minimum_bands=[(None, 15), (1500, 90), (0, 50)])
    with pytest.raises(canasta.VariantError):
        classic.derive(wild_ratio="sometimes")
    house = classic.derive(name="700", natural_canasta_bonus=700)
    assert house.natural_canasta_bonus == 700 and classic.natural_canasta_bonus == 500


def test_position_refuses_impossible_positions() -> None:
    hands = ["KH KH KH", "", "", ""]
    with pytest.raises(canasta.PositionError, match="KH appears 3 times"):
        canasta.position(hands=hands)
    with pytest.raises(canasta.PositionError, match="melds"):
        canasta.position(hands=["", "", "", ""], melds=[["KH KS 2C 2D 2H JK"], []])
    with pytest.raises(canasta.PositionError, match="hands"):
        canasta.position(hands=["KH"])
    with pytest.raises(canasta.PositionError, match="current_seat"):
        canasta.position(hands=["", "", "", ""], current_seat=7)
    with pytest.raises(canasta.PositionError, match="hands"):
        canasta.position(hands=["KH XX", "", "", ""])
    with pytest.raises(canasta.PositionError, match="red_threes"):
        canasta.position(hands=["", "", "", ""], red_threes=["3S", "", "", ""])
    with pytest.raises(canasta.PositionError, match="already has a meld"):
        canasta.position(hands=["", "", "", ""], melds=[["KH KS KD", "KC KC 2C"], []])


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hands", 5),
        ("hands", None),
        ("hands", object()),
        ("melds", 5),
        ("melds", [5, []]),
        ("melds", ["KH KS KD", []]),
        ("red_threes", 1.5),
        ("hand_number", 2**63),
        ("seed", 2**63),
        ("seed", -(2**63) - 1),
    ],
)
def test_position_refuses_values_of_the_wrong_type_or_size(field: str, value: object) -> None:
    args: dict[str, object] = {"hands": ["", "", "", ""], field: value}
    with pytest.raises(canasta.PositionError, match=field):
        canasta.position(**args)  # type: ignore[arg-type]


def test_legal_actions_is_a_lazy_sequence() -> None:
    state = canasta.new_game(seed=1)
    actions = canasta.legal_actions(state)
    assert len(actions) == len(list(actions)) >= 1
    assert actions[0] == canasta.Draw(0)
    assert canasta.Draw(0) in actions and canasta.Draw(1) not in actions
    assert "draw" in repr(actions)


def test_score_hand_before_the_end_is_a_state_error() -> None:
    with pytest.raises(canasta.StateError):
        canasta.score_hand(canasta.new_game(seed=1))


def test_score_items_are_an_enum_and_a_misspelt_item_is_refused() -> None:
    """``SideScore.points("going out")`` used to read 0: an unknown item is a ScoreItemError."""
    from rules_helpers import ended

    score = canasta.score_hand(ended(hands=["4C", "5D", "", ""], melds=[["KC KD KH"], []]))
    side = score.sides[0]
    assert [line.item for line in side.lines] == [
        canasta.ScoreItem.MELDED_CARDS,
        canasta.ScoreItem.NATURAL_CANASTAS,
        canasta.ScoreItem.MIXED_CANASTAS,
        canasta.ScoreItem.RED_THREES,
        canasta.ScoreItem.CARDS_IN_HAND,
    ]
    assert side.points(canasta.ScoreItem.MELDED_CARDS) == side.points("melded_cards") == 30
    assert side.points("going_out") == 0  # an item this sheet has no line for
    for bad in ("going out", "Going_Out", "bonus", ""):
        with pytest.raises(canasta.ScoreItemError) as exc:
            side.points(bad)
        assert isinstance(exc.value, ValueError) and exc.value.item == bad
    with pytest.raises(canasta.ScoreItemError, match="did you mean 'going_out'"):
        side.points("going out")
    with pytest.raises(canasta.ScoreItemError):
        side.points(3)  # type: ignore[arg-type]
    with pytest.raises(canasta.ScoreItemError):
        canasta.ScoreLine("bonus", 10)
    assert canasta.ScoreLine("going_out", 100, 1).item is canasta.ScoreItem.GOING_OUT
    assert canasta.from_json(canasta.to_json(score)) == score
    bad_json = canasta.to_json(score).replace('"cards_in_hand"', '"bonus"')
    with pytest.raises(canasta.NotationError, match="not a score item"):
        canasta.from_json(bad_json)


def test_the_schema_lists_the_score_items() -> None:
    schema = canasta.json_schema()
    item = schema["$defs"]["score_line"]["properties"]["item"]
    assert item["enum"] == [i.value for i in canasta.ScoreItem]


def test_a_group_is_what_an_action_lays_on_one_meld() -> None:
    """``Group`` names an action's payload; ``Meld`` (the table's) builds the same value."""
    group = canasta.Group("K", "KH KS JK")
    assert group == Meld("K", "KH KS JK")
    state = canasta.position("classic", hands=["KH KS JK 5C 6C", "", "", ""], current_seat=0)
    drawn = canasta.apply(state, canasta.Draw(0))
    by_group = canasta.apply(drawn, canasta.MeldCards(0, [group]))
    assert by_group == canasta.apply(drawn, canasta.MeldCards(0, [Meld("K", "KH KS JK")]))
    assert canasta.apply(drawn, "meld KH KS JK") == by_group


def test_hand_side_is_the_side_of_the_hand_and_side_of_its_old_name() -> None:
    state = canasta.new_game("cutthroat", seed=3)
    for seat in state.order:  # every player alone until the lone hand is known
        assert state.hand_side(seat) == state.side_of(seat) == seat
    classic = canasta.new_game("classic", seed=3)
    assert [classic.hand_side(s) for s in range(4)] == [0, 1, 0, 1]
    with pytest.raises(ValueError):
        classic.hand_side(7)


def test_match_side_is_the_variants_side_and_side_of_its_old_name() -> None:
    classic = canasta.get_variant("classic")
    assert [classic.match_side(s) for s in range(4)] == [0, 1, 0, 1]
    assert [classic.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    six = canasta.get_variant("six-player")
    assert [six.match_side(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    # in Cutthroat the match sides are the players; the hand's sides form during the hand
    cutthroat = canasta.get_variant("cutthroat")
    assert [cutthroat.match_side(s) for s in range(3)] == [0, 1, 2]
