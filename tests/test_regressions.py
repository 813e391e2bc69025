"""Regressions found by breaking the engine on purpose: each test names what went wrong."""

from __future__ import annotations

import random

import pytest

import canasta
from canasta import Meld, Rank


def _random_hands(variant: canasta.Variant, seeds: range, max_actions: int = 3000) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        state = canasta.new_game(variant, seed=seed)
        for _ in range(max_actions):
            if state.is_hand_over:
                break
            actions = canasta.legal_actions(state)
            assert actions, f"stuck: seed {seed}, phase {state.phase}"
            action = actions[rng.randrange(len(actions))]
            assert canasta.is_legal(state, action), f"listed but illegal: {action}"
            state = canasta.apply(state, action)
        assert state.is_hand_over


def test_compulsory_ask_never_lists_an_unasked_going_out() -> None:
    v = canasta.get_variant("classic").derive(ask_partner="compulsory")
    s = canasta.position(
        v, hands=["9H 9S 9D", "", "", ""], melds=[["KH KS KD KC KH KS KD"], []], phase="play"
    )
    listed = list(canasta.legal_actions(s))
    assert all(canasta.is_legal(s, a) for a in listed)
    assert canasta.AskPartner(0) in listed
    assert not canasta.is_legal(s, canasta.MeldCards(0, [Meld.parse("9H 9S 9D")]))
    _random_hands(v, range(40))


def test_a_deal_that_empties_the_stock_ends_the_hand() -> None:
    v = canasta.get_variant("classic").derive(hand_size=26)
    for seed in range(20):
        s = canasta.new_game(v, seed=seed)
        assert s.is_hand_over or canasta.legal_actions(s)


def test_empty_stock_take_that_goes_out_keeps_the_hand_alive() -> None:
    """§2 case 31: the hand ends only when the player cannot take the pile (or declines)."""
    rest = canasta.Cards.of(canasta.make_pack())
    placed = canasta.Cards.parse("9H 9S KD KH KS KD KC KH KS 9D")
    counts = [a - b for a, b in zip(rest.counts, placed.counts, strict=True)]
    others = [str(canasta.Card.from_id(i)) for i, c in enumerate(counts) for _ in range(c)]
    s = canasta.position(
        hands=["9H 9S KD", " ".join(others), "", ""],
        melds=[["KH KS KD KC KH KS"], []],
        discard_pile="9D",
        stock="",
    )
    assert not s.is_hand_over
    take = canasta.TakePile(0, "9H 9S")
    assert take in list(canasta.legal_actions(s))
    after = canasta.apply(s, take)
    out = canasta.apply(after, canasta.MeldCards(0, [Meld(Rank.KING, "KD")]))
    assert out.is_hand_over and out.end is not None and out.end.went_out


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hands": ["KH", "", "", ""], "phase": "play"},
        {"hands": ["", "KH", "", ""]},
        {"hands": ["KH QS 5C", "", "", ""], "phase": "answer"},
        {"hands": ["KH QS", "", "", ""], "discard_pile": "4C 3H"},
        {"hands": ["KH QS", "", "", ""], "has_melded": [True, False, False, False]},
        {"hands": ["KH QS", "", "", ""], "has_melded": "TTTT"},
        {"hands": ["KH QS", "", "", ""], "phase": "play", "drew": "pile"},
        {"hands": ["KH QS", "", "", ""], "seed": "x"},
        {"hands": ["KH QS", "", "", ""], "seed": 1.5},
        {"hands": ["KH QS", "", "", ""], "totals": 5},
    ],
)
def test_position_refuses_positions_without_a_legal_play(kwargs: dict[str, object]) -> None:
    with pytest.raises(canasta.PositionError):
        canasta.position("classic", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: canasta.new_game(totals=5),  # type: ignore[arg-type]
        lambda: canasta.Card(None, None),  # type: ignore[arg-type]
        lambda: canasta.Card(Rank.JOKER, canasta.Suit.SPADES),
        lambda: canasta.Card.from_id(53),
        lambda: canasta.Card.from_id(-1),
        lambda: canasta.Card.from_id("x"),  # type: ignore[arg-type]
        lambda: Rank.parse(None),  # type: ignore[arg-type]
        lambda: canasta.make_pack("a"),  # type: ignore[arg-type]
        lambda: canasta.apply(None, canasta.Draw(0)),  # type: ignore[arg-type]
        lambda: canasta.is_legal("state", canasta.Draw(0)),  # type: ignore[arg-type]
        lambda: canasta.legal_actions(None),  # type: ignore[arg-type]
        lambda: canasta.score_hand(None),  # type: ignore[arg-type]
        lambda: canasta.get_variant("classic").derive(points=canasta.CardPoints(joker="x")),  # type: ignore[arg-type]
        lambda: canasta.get_variant("classic").derive(sides="0213"),
        lambda: canasta.get_variant("classic").derive(sides=((0, 1, 2, 3), ())),
        lambda: canasta.get_variant("classic").derive(sides=((0, True), (2, 3))),
        lambda: canasta.get_variant("classic").derive(minimum_bands=((None, 15.9),)),
        lambda: canasta.get_variant("classic").derive(red_three_totals="01234"),
    ],
)
def test_bad_input_raises_a_library_error(call: object) -> None:
    with pytest.raises(canasta.CanastaError):
        call()  # type: ignore[operator]


def test_answer_when_not_asked_is_the_wrong_phase() -> None:
    s = canasta.new_game(seed=1)
    with pytest.raises(canasta.IllegalActionError) as exc:
        canasta.apply(s, canasta.AnswerPartner(2, True))
    assert exc.value.reason is canasta.Reason.WRONG_PHASE


def test_house_rules_play_without_getting_stuck() -> None:
    classic = canasta.get_variant("classic")
    for changes in (
        {"final_discard_required": True},
        {"wild_ratio": "strictly_fewer"},
        {"black_three_upcard": "covered"},
        {"black_three_discard": "freezes"},
        {"canastas_to_go_out": 2},
        {"ask_partner": "off"},
    ):
        _random_hands(classic.derive(**changes), range(15))


def test_five_black_threes_of_three_packs_go_out_by_melding_four() -> None:
    """Three packs hold six black threes: with five, four are melded and one discarded (§2 case
    22); a player bound by partner's "yes" was left without a listed action."""
    state = canasta.position(
        "six-player-3x2",
        hands=["3S 3S 3S 3C 3C", "", "", "", "", ""],
        melds=[["TS TS TH TD TD TC 2C", "6S 6S 6H 6H 6D 6D 6C"], [], []],
        phase="play",
    )
    asked = canasta.apply(state, canasta.AskPartner(0))
    bound = canasta.apply(asked, canasta.AnswerPartner(3, True))
    actions = list(canasta.legal_actions(bound))
    assert canasta.MeldCards(0, [Meld.parse("3S 3S 3C 3C")]) in actions
    out = canasta.apply(bound, canasta.MeldCards(0, [Meld.parse("3S 3S 3S 3C")]))
    out = canasta.apply(out, canasta.Discard(0, "3C"))
    assert out.is_hand_over and out.end is not None and out.end.went_out


def test_cutthroat_combined_meld_over_the_wild_limit_takes_naturals() -> None:
    """BI-CT: the partners combine their melds; a combined meld may hold more wild cards than a
    meld may, and natural cards may still be added to it (wild cards may not)."""
    state = canasta.position(
        "cutthroat",
        hands=["KH KS 5C 6D 7S", "4S 9C 9D", "4D QC QD"],
        melds=[["7H 7D 7C"], ["4H 4C JK 2D 2S"], ["4H 4C JK JK 2C"]],
        discard_pile="8C KD",
        current_seat=0,
    )
    taken = canasta.apply(state, canasta.TakePile(0, "KH KS"))
    assert taken.sides == ((0,), (1, 2))
    (fours,) = [m for m in taken.melds[1] if m.rank is Rank.FOUR]
    assert fours.wilds == 6 and fours.naturals == 4
    after = canasta.apply(taken, canasta.Discard(0, "5C"))
    after = canasta.apply(after, canasta.Draw(1))
    listed = list(canasta.legal_actions(after))
    add = canasta.MeldCards(1, [Meld(Rank.FOUR, "4S")])
    assert add in listed and canasta.is_legal(after, add)
    wild = next((c for c in after.hands[1] if c.is_wild), None)
    if wild is not None:
        assert not canasta.is_legal(after, canasta.MeldCards(1, [Meld(Rank.FOUR, [wild])]))


def test_bound_to_go_out_from_an_unmelded_side_lists_the_whole_going_out() -> None:
    """An unmelded side's player who asked and got "yes" goes out concealed in one action (no
    minimum, §2 case 29); the menu listed nothing (found by replaying a random record)."""
    hand_1 = "2H 2D 2C KH KD KC QD 4S 4S 4H 4H 4C"
    state = canasta.parse_position(
        f"""
        canasta classic hand 5 dealer 3 seed 520457
        totals 2110 3045
        turn 1 play drew=stock asked permission=yes
        hands JH TC 9H 8D / {hand_1} / QC / 2D QS QD QC JH JD TS TH 8S 8S 7H
        melds 2C AS AS AH AH ; JK 9D 9C ; 2H 8H 8H 8C ; JK 7S 7S 7D 7D / -
        pile 9H 9S 5H JS 4D 6S 6D 5H 9D QH QH 6C 5S KH
        stock 48
        red - / 3D / - / -
        melded 0 2
        """
    )
    actions = list(canasta.legal_actions(state))
    assert actions and all(canasta.is_legal(state, a) for a in actions)
    out = canasta.apply(state, actions[0])
    if not out.is_hand_over:
        out = canasta.apply(out, next(iter(canasta.legal_actions(out))))
    assert out.is_hand_over and out.end is not None and out.end.concealed


def test_interchange_bad_input_found_by_breaking() -> None:
    state = canasta.new_game("classic", seed=1)
    # sizes are bounded, so no record can make the engine deal a pack that does not fit
    with pytest.raises(canasta.NotationError):
        canasta.GameRecord.loads('[Variant classic {"jokers": 1000000000000}]\n[Seed 1]\n')
    with pytest.raises(canasta.VariantError):
        canasta.get_variant("classic").derive(natural_canasta_bonus=2**63)
    # a record's actions are actions, never nested records or other documents
    inner = {"type": "record", "variant": {"preset": "classic"}, "seed": 1, "actions": []}
    doc = {
        "format_version": 1,
        "type": "record",
        "variant": {"preset": "classic"},
        "seed": 1,
        "deck": None,
        "dealer": None,
        "totals": None,
        "players": [],
        "date": None,
        "actions": [inner],
    }
    import json

    with pytest.raises(canasta.NotationError, match=r"actions\[0\]"):
        canasta.GameRecord.from_json(json.dumps(doc))
    doc["actions"] = [{"type": "card", "card": "KH"}]
    with pytest.raises(canasta.NotationError):
        canasta.GameRecord.from_json(json.dumps(doc))
    violation = canasta.check(state, doc)
    assert violation is not None and violation.reason is canasta.Reason.MALFORMED
    # huge ints never escape as ValueError
    huge = {"format_version": 1, "type": "draw", "seat": 10**5000}
    violation = canasta.check(state, huge)
    assert violation is not None and len(violation.message) < 300
    with pytest.raises(canasta.NotationError):
        canasta.Draw(10**5000)
    # no Unicode case folding into a card
    with pytest.raises(canasta.NotationError):
        canasta.Card.parse("K\u017f")
    # header values that could not be written back are refused when the record is made
    for bad in ({"players": ("Ann, Jr",)}, {"players": (" A",)}, {"date": "a\nb"}):
        with pytest.raises(canasta.NotationError):
            canasta.GameRecord(variant=canasta.get_variant("classic"), seed=1, **bad)
    record = canasta.GameRecord(
        variant=canasta.get_variant("classic").derive(name="house #1"), seed=1, date="#1"
    )
    assert canasta.GameRecord.loads(record.dumps()) == record
    # the JSON record parser is as strict as from_json (duplicate keys)
    with pytest.raises(canasta.NotationError):
        canasta.GameRecord.loads('{"format_version": 1, "format_version": 1, "type": "record"}')


def test_objects_forced_around_their_constructors_are_the_callers_bug() -> None:
    """The contract (the API docs of the cards, melds and actions): the constructors give every
    field the type the rules read, and an object whose fields were forced around them
    (``object.__setattr__``) is the caller's bug, neither detected nor defined."""
    import canasta as c

    for cls in (c.Card, c.Cards, c.Meld):
        assert "caller's bug" in " ".join((cls.__doc__ or "").split()), cls
    assert "caller's bug" in " ".join((c.actions.__doc__ or "").split())


def test_new_game_refuses_a_seed_that_records_cannot_keep() -> None:
    import canasta as c

    with pytest.raises(c.SetupError):
        c.new_game("classic", seed=10**100)
    with pytest.raises(c.SetupError):
        c.new_game("classic", seed=-(2**63) - 1)
    state = c.new_game("classic", seed=2**63 - 1)
    assert c.from_json(c.to_json(state)) == state


def test_int_subclasses_become_plain_ints() -> None:
    """An IntEnum seat or an int-subclass seed acts as its value (both builds alike)."""
    import enum

    import canasta as c

    class Seat(enum.IntEnum):
        NORTH = 0

    class Loud(int):
        def __str__(self) -> str:
            return "loud"

        def __format__(self, spec: str) -> str:
            return "loud"

    assert type(c.Draw(Seat.NORTH).seat) is int
    assert type(c.Discard(Loud(1), "4D").seat) is int
    assert c.new_game("classic", seed=Loud(7)) == c.new_game("classic", seed=7)
    assert c.new_game("classic", seed=Loud(7)).seed.__class__ is int
    state = c.new_game("classic", seed=7, dealer=Loud(3), totals=[Loud(5), 0])
    assert type(state.dealer) is int and [type(t) for t in state.totals] == [int, int]
    with pytest.raises(c.SetupError):
        c.new_game("classic", totals={0: 0, 1: 0})  # a mapping's keys are not totals
    with pytest.raises(c.PositionError):
        c.position("classic", hands=[[], [], [], []], totals={0: 0, 1: 0})


def test_constructors_give_the_fields_the_rules_read_or_refuse() -> None:
    """What a forged field would hold, the constructors refuse or convert: so only an object
    forced around them (the caller's bug) reaches the rules with anything else."""
    import canasta as c

    for bad in ("0", 0.5, True, None):
        with pytest.raises(c.NotationError):
            c.Draw(bad)  # type: ignore[arg-type]
    with pytest.raises(c.NotationError):
        c.AnswerPartner(1, 1)  # type: ignore[arg-type]
    with pytest.raises(c.NotationError):
        c.DealNextHand(5)  # type: ignore[arg-type]
    take = c.TakePile(0, ["KS", "KH"])
    assert type(take.cards) is tuple and all(type(x) is c.Card for x in take.cards)
    meld = c.Meld.parse("KS KH KD")
    melds = c.MeldCards(0, [meld]).melds
    assert type(melds) is tuple and melds == (meld,)
    deck = c.DealNextHand(list(c.get_variant("classic").pack())).deck
    assert type(deck) is tuple and len(deck) == 108
    assert type(c.Discard(0, "4D").card) is c.Card
    assert c.Meld(13, "KS KH KD").rank is c.Rank.KING  # type: ignore[arg-type]
    assert c.Card(c.Rank.FOUR, c.Suit.DIAMONDS).id == c.Card.parse("4D").id


def test_states_built_by_hand_must_have_the_shapes_the_engine_reads() -> None:
    import attrs

    import canasta as c

    state = c.new_game("classic", seed=1)
    for changes in (
        {"stock": list(state.stock)},
        {"melds": [(), ()]},
        {"turn": None},
        {"has_melded": (0, 0, 0, 0)},
    ):
        with pytest.raises(c.StateError):
            attrs.evolve(state, **changes)
    # the facts that follow from others are no constructor arguments: they cannot be wrong
    with pytest.raises(TypeError, match="order"):
        attrs.evolve(state, order=[0, 1, 2, 3])
    with pytest.raises(TypeError, match="melded"):
        attrs.evolve(state.turn, melded=True)
    with pytest.raises(TypeError, match="phase"):
        attrs.evolve(state, phase=None)
    assert type(state.order) is tuple and state.order == (0, 1, 2, 3)
    with pytest.raises(c.StateError):
        attrs.evolve(state.turn, seat=True)
    with pytest.raises(c.StateError):
        c.Turn(seat="0")
    # the engine's own copies still come out equal to states built by their constructor
    after = c.apply(state, c.Draw(0))
    assert attrs.evolve(after) == after


def test_side_and_seat_accessors_refuse_what_is_not_a_side_or_seat() -> None:
    import canasta as c

    state = c.new_game("classic", seed=1)
    for bad in (None, 0.5, 2**100, 2, -1, True, "0"):
        for method in ("canastas", "side_has_melded", "minimum_for_side", "side_needs_minimum"):
            with pytest.raises(c.StateError):
                getattr(state, method)(bad)
        with pytest.raises(c.StateError):
            state.meld_of(bad, c.Rank.KING)
    for bad in (None, 0.5, 2**100, 4, -1, True):
        with pytest.raises(c.StateError):
            state.minimum_for(bad)
    assert state.canastas(1) == 0 and state.minimum_for(3) == 50
