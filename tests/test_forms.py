"""Every form of a move is judged alike (issue 12, items 1-3 and the text limit of item 7).

A move reaches the engine as an action value, its notation (``str(action)``), its JSON text
(``to_json``) or its JSON mapping (``to_dict``), sent by the seat to act or by a named seat
(``seat=``). :func:`canasta.check`, :func:`canasta.is_legal`, ``in legal_actions(state)`` and
:func:`canasta.apply` give each form the same verdict and the same reason, and never change the
state they are given.
"""

from __future__ import annotations

import io
import pickle
import time
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, note, settings

import canasta
from canasta import (
    Action,
    Card,
    DealNextHand,
    Discard,
    Draw,
    GameState,
    IllegalActionError,
    Meld,
    MeldCards,
    NotationError,
    Rank,
    Reason,
    StateError,
    TakePile,
)
from canasta.notation import MAX_ACTION_TEXT, MAX_POSITION_TEXT
from test_properties import candidate_actions


# ---------------------------------------------------------------------------- the verdicts
def verdict(state: GameState, move: object, seat: int | None = None) -> Reason | None:
    """The one verdict of ``move`` (``None``: legal) through check, is_legal, ``in`` (when no
    sender is named) and apply, asserting that they agree and that ``state`` is unchanged."""
    before = pickle.dumps(state)
    violation = canasta.check(state, move, seat=seat)
    legal = canasta.is_legal(state, move, seat=seat)
    assert legal == (violation is None), (move, seat, violation)
    if seat is None:
        assert (move in canasta.legal_actions(state)) == legal, (move, violation)
    try:
        after = canasta.apply(state, move, seat=seat)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        assert violation is not None, (move, seat, exc)
        assert exc.reason is violation.reason, (move, seat, exc, violation)
        assert str(exc) == violation.message
        after = None
    else:
        assert violation is None, (move, seat, violation)
        assert isinstance(after, GameState)
    assert pickle.dumps(state) == before, f"{move!r} changed the state"
    return None if violation is None else violation.reason


def forms(action: Action) -> list[object]:
    """The value, its JSON text, its JSON mapping and its notation."""
    return [action, canasta.to_json(action), canasta.to_dict(action), str(action)]


def default_seat(state: GameState) -> int:
    """The seat notation is read for when no sender is named."""
    seat = state.current_seat
    return state.turn.seat if seat is None else seat


def assert_forms_agree(state: GameState, action: Action) -> Reason | None:
    """Every form of ``action``, with no sender and sent by its own seat, gets one verdict;
    sent by any seat not to act, ``not_your_turn``. Returns the verdict with no sender."""
    n = state.variant.players
    own = getattr(action, "seat", None)
    value_forms = forms(action)[:3]
    reason = verdict(state, action)
    note(f"{action} -> {reason}")
    for form in value_forms[1:]:
        assert verdict(state, form) == reason, (action, form)
    if own is None or own == default_seat(state):
        assert verdict(state, str(action)) == reason, action
    if own is not None and 0 <= own < n:
        # Sent by its own seat: the notation is parsed for that seat.
        sent = verdict(state, action, seat=own)
        for form in forms(action)[1:]:
            assert verdict(state, form, seat=own) == sent, (action, form, own)
        if own == state.current_seat:
            assert sent == reason, action
    to_act = state.current_seat
    if to_act is not None and not isinstance(action, DealNextHand):
        for other in range(n):
            if other == to_act:
                continue
            for form in value_forms:
                assert verdict(state, form, seat=other) is Reason.NOT_YOUR_TURN, (form, other)
            # the notation, read for the sender, is his move: not his turn
            assert verdict(state, str(action), seat=other) is Reason.NOT_YOUR_TURN, action
    return reason


# ---------------------------------------------------------------------------- random states
FORMS_SETTINGS = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def random_state(data: st.DataObject, variant: str) -> GameState:
    """A state reached by random listed actions from a seeded deal: in play, or (sometimes)
    once the hand is over, from totals that may make it the end of the match."""
    v = canasta.get_variant(variant)
    near_end = data.draw(st.booleans(), label="near the target")
    totals = [v.target_score - 10 if near_end else 0] + [0] * (len(v.sides) - 1)
    state = canasta.new_game(v, seed=data.draw(st.integers(0, 2**32 - 1)), totals=totals)
    steps = data.draw(st.sampled_from([0, 1, 3, 8, 20, 60, 400]), label="steps")
    for _ in range(steps):
        if state.is_hand_over:
            break
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[data.draw(st.integers(0, len(menu) - 1))])
    return state


@pytest.mark.parametrize("variant", canasta.variant_names())
@FORMS_SETTINGS
@given(data=st.data())
def test_every_form_gets_one_verdict(variant: str, data: st.DataObject) -> None:
    state = random_state(data, variant)
    note(canasta.format_position(state))
    menu = canasta.legal_actions(state)
    picked: list[Action] = []
    if len(menu):
        picked += [menu[data.draw(st.integers(0, len(menu) - 1))] for _ in range(2)]
    listed = [menu[i] for i in range(min(len(menu), 30))]  # no more of a huge menu is built
    for _ in range(6):
        action = data.draw(candidate_actions(state, listed), label="candidate")
        if getattr(action, "seat", 0) >= 0:  # JSON seats are 0 to 63 (the value's may be -1)
            picked.append(action)
    # a card from the hand of the seat to act, one it does not hold, and random melds and
    # pile takes of its cards (the rules' reasons: ranks, wild cards, sizes, threes, minimum)
    seat = state.current_seat
    if seat is not None:
        hand = list(state.hands[seat])
        if hand:
            picked.append(Discard(seat, hand[0]))
            some = st.lists(st.sampled_from(hand), min_size=0, max_size=6)
            ranks = st.sampled_from([*{c.rank for c in hand}, Rank.KING])
            for _ in range(3):  # a meld holds a card at least (an empty one is no Meld)
                cards = data.draw(some.filter(bool), label="meld cards")
                picked.append(MeldCards(seat, [Meld(data.draw(ranks), cards)]))
            picked.append(TakePile(seat, data.draw(some, label="take cards")))
        missing = [c for c in canasta.make_pack() if not state.hands[seat].count(c)]
        if missing:
            picked.append(Discard(seat, missing[0]))
    for action in picked:
        reason = assert_forms_agree(state, action)
        if action in picked[:2] and len(menu):
            assert reason is None, action  # listed actions are legal in every form


# ---------------------------------------------------------------------------- item 1
def test_the_notation_of_a_legal_discard_is_legal_everywhere() -> None:
    """Issue 12 item 1: check said legal, is_legal and ``in`` said illegal."""
    s = canasta.apply(canasta.new_game("classic", seed=7), Draw(0))
    card = next(iter(s.hands[s.current_seat]))
    value = Discard(0, card)
    for form in forms(value):
        assert canasta.check(s, form) is None
        assert canasta.is_legal(s, form)
        assert form in canasta.legal_actions(s)
        assert canasta.apply(s, form) == canasta.apply(s, value)  # type: ignore[arg-type]


def test_apply_takes_notation_and_refuses_with_checks_reason() -> None:
    s = canasta.new_game("classic", seed=7)
    assert canasta.apply(s, "draw") == canasta.apply(s, Draw(0))
    card = next(iter(s.hands[0]))
    violation = canasta.check(s, f"discard {card}")
    assert violation is not None and violation.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        canasta.apply(s, f"discard {card}")
    assert info.value.reason is Reason.WRONG_PHASE and str(info.value) == violation.message
    with pytest.raises(IllegalActionError) as info:
        canasta.apply(s, "dance")
    assert info.value.reason is Reason.MALFORMED


def test_a_json_mapping_need_not_be_a_dict() -> None:
    from types import MappingProxyType

    s = canasta.new_game("classic", seed=7)
    assert canasta.is_legal(s, MappingProxyType(canasta.to_dict(Draw(0))))
    assert verdict(s, MappingProxyType(canasta.to_dict(Draw(1)))) is Reason.NOT_YOUR_TURN


# ---------------------------------------------------------------------------- item 2
def test_the_sender_is_named_with_seat() -> None:
    """Issue 12 item 2: text was judged for the seat to act, whoever sent it."""
    s = canasta.new_game("classic", seed=7)
    violation = canasta.check(s, "draw", seat=2)
    assert violation is not None and violation.reason is Reason.NOT_YOUR_TURN
    assert "it is seat 0's turn, not seat 2's" in violation.message
    assert canasta.check(s, "draw", seat=0) is None
    assert canasta.check(s, "draw") is None  # no sender: the seat to act
    # a value or JSON naming another seat than its sender's
    json = canasta.to_json(Draw(0))
    for form in (Draw(0), json, canasta.to_dict(Draw(0))):
        v = canasta.check(s, form, seat=1)
        assert v is not None and v.reason is Reason.NOT_YOUR_TURN
        assert "seat 1 sent an action of seat 0" in v.message
        assert not canasta.is_legal(s, form, seat=1)
    with pytest.raises(IllegalActionError) as info:
        canasta.apply(s, json, seat=3)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalActionError) as info:
        canasta.parse_action(s, "draw", seat=1)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    assert canasta.parse_action(s, "draw", seat=0) == Draw(0)


def test_the_partner_answers_and_the_asker_waits() -> None:
    s = canasta.parse_position(
        "canasta classic hand 1 dealer 3 seed 2\n"
        "turn 0 answer drew=stock asked\n"
        "hands 9D 9C / 5H 5D 7C 8C / 6S 6H JS / KH KS\n"
        "melds QS QH QD QC QC QS 2C ; 9H 9S 9D / -\n"
        "pile 7H\n"
    )
    assert canasta.check(s, "yes", seat=2) is None
    assert canasta.check(s, "yes") is None
    for seat in (0, 1, 3):
        assert verdict(s, "yes", seat=seat) is Reason.NOT_YOUR_TURN
        assert verdict(s, "discard 9D", seat=seat) is Reason.NOT_YOUR_TURN
    # with no sender named, the asker's own discard is the rules' (partner answers first)
    assert verdict(s, Discard(0, "9D")) is Reason.WRONG_PHASE


@pytest.mark.parametrize("seat", [True, "0", 0.0, -1, 4, 2**70])
def test_a_sender_that_is_no_seat_is_a_state_error(seat: Any) -> None:
    s = canasta.new_game("classic", seed=7)
    for call in (canasta.check, canasta.is_legal, canasta.apply):
        with pytest.raises(StateError, match="seat must be None or a seat from 0 to 3"):
            call(s, "draw", seat=seat)  # type: ignore[operator]
    with pytest.raises(StateError):
        canasta.parse_action(s, "draw", seat=seat)


def test_the_next_deal_is_the_tables() -> None:
    s = canasta.new_game("classic", seed=7)
    while not s.is_hand_over:
        s = canasta.apply(s, canasta.legal_actions(s)[0])
    for seat in range(4):
        assert canasta.check(s, "deal", seat=seat) is None
        assert verdict(s, Draw(seat), seat=seat) is Reason.HAND_OVER


# ---------------------------------------------------------------------------- item 3
KINGS = canasta.position(
    "classic",
    hands=["KC 7C 6C 2C 2D JK 9D 9H 8S 9S", "", "", ""],
    melds=[["AS AH AD"], []],
    discard_pile="4H 8H",
    current_seat=0,
    phase="play",
)


@pytest.mark.parametrize(
    ("text", "value", "reason"),
    [
        ("meld KC 7C 6C", MeldCards(0, [Meld(Rank.KING, "KC 7C 6C")]), Reason.WRONG_RANK),
        ("meld +7 KC 7C 6C", MeldCards(0, [Meld(Rank.SEVEN, "KC 7C 6C")]), Reason.WRONG_RANK),
        ("meld +2 2C 2D JK", MeldCards(0, [Meld(Rank.TWO, "2C 2D JK")]), Reason.WRONG_RANK),
        ("meld +JK JK 2C 2D", MeldCards(0, [Meld(Rank.JOKER, "2C 2D JK")]), Reason.WRONG_RANK),
        # "meld +K" names no card: no Meld holds none (tests/test_input_errors.py)
        ("meld", MeldCards(0, []), Reason.MALFORMED),
        ("meld 9D 2C 2D JK", MeldCards(0, [Meld.parse("9D 2C 2D JK")]), Reason.TOO_FEW_NATURALS),
        ("meld 9D 9H 9S 2C", MeldCards(0, [Meld.parse("9D 9H 9S 2C")]), None),
    ],
)
def test_text_that_parses_gets_the_rules_reason(
    text: str, value: Action, reason: Reason | None
) -> None:
    """Issue 12 item 3: ``meld KC 7C 6C`` was malformed as text, wrong_rank as JSON."""
    assert canasta.parse_action_text(text, seat=0) == value
    assert canasta.parse_action_text(str(value), seat=0) == value
    for form in forms(value):
        assert verdict(KINGS, form) == reason, form
    assert verdict(KINGS, text) == reason


def test_a_take_with_cards_of_another_rank_is_wrong_rank_in_every_form() -> None:
    s = canasta.position(
        "classic",
        hands=["8S 9H 4C 5D", "", "", ""],
        melds=[["AS AH AD"], []],
        discard_pile="4H 8H",
        current_seat=0,
    )
    take = canasta.parse_action_text("take 8S 9H", seat=0)
    assert take == TakePile(0, "8S 9H")
    for form in forms(take):
        assert verdict(s, form) is Reason.WRONG_RANK


def test_parse_action_and_play_show_the_rules_reason() -> None:
    with pytest.raises(IllegalActionError) as info:
        canasta.parse_action(KINGS, "meld KC 7C 6C")
    assert info.value.reason is Reason.WRONG_RANK
    from canasta.play import play

    out = io.StringIO()
    code = play(
        "classic",
        0,
        None,
        input_stream=io.StringIO("meld KC 7C 6C\nquit\n"),
        output=out,
        state=KINGS,
        width=100,
    )
    text = out.getvalue()
    assert code == 0, text
    assert "✗ not allowed (wrong_rank): 'meld +K KC 7C 6C': 7C cannot join a meld of Ks" in text
    assert "is not a K" not in text


def test_a_pile_take_with_nothing_to_meld_the_top_card_with() -> None:
    """``cannot_meld_top_card``: the side has no meld of the top card's rank and names no
    natural card of it (§1 'Taking the pile', §2 cases 8, 9, 11); it was too_few_naturals."""
    s = canasta.position(
        "classic",
        hands=["2C JK 4D 4S 6C", "", "", ""],
        melds=[["KC KD KH"], []],
        discard_pile="5C 7H 9S",
    )
    for take in (TakePile(0), TakePile(0, "2C JK"), TakePile(0, "JK")):
        for form in forms(take):
            assert verdict(s, form) is Reason.CANNOT_MELD_TOP_CARD, form
    v = canasta.check(s, TakePile(0))
    assert v is not None and "9S cannot be melded" in v.message
    # one natural from the hand is something to meld it with: the meld is then judged
    with_one = canasta.position(
        "classic",
        hands=["9D 4D 4S 6C", "", "", ""],
        melds=[["KC KD KH"], []],
        discard_pile="5C 7H 9S",
    )
    assert verdict(with_one, TakePile(0, "9D")) is Reason.MELD_TOO_SMALL
    onto = canasta.position(
        "classic",
        hands=["4D 4S 6C", "", "", ""],
        melds=[["9C 9D 9H"], []],
        discard_pile="5C 7H 9S",
    )
    assert verdict(onto, TakePile(0)) is None  # onto the side's meld of nines (§2 case 8)


def test_a_move_after_the_hand_or_the_match_is_over_says_so() -> None:
    s = canasta.new_game("classic", seed=7)
    while not s.is_hand_over:
        s = canasta.apply(s, canasta.legal_actions(s)[0])
    assert not s.is_match_over
    seat = s.turn.seat
    for action in (Draw(seat), Discard(seat, "4D"), MeldCards(seat, [Meld.parse("KH KS KD")])):
        for form in forms(action):
            assert verdict(s, form) is Reason.HAND_OVER, form
    assert verdict(s, DealNextHand()) is None
    over = canasta.new_game("classic", seed=7, totals=[10_000, 0])
    while not over.is_hand_over:
        over = canasta.apply(over, canasta.legal_actions(over)[0])
    assert over.is_match_over
    for form in forms(Draw(over.turn.seat)):
        assert verdict(over, form) is Reason.MATCH_OVER
    assert verdict(over, "deal") is Reason.MATCH_OVER
    v = canasta.check(s, "discard 4D")
    assert v is not None and "the hand is over" in v.message


# ---------------------------------------------------------------------------- item 7 (text)
def test_huge_action_text_is_refused_quickly_and_not_echoed() -> None:
    """Issue 12 item 7: a 1,000,000-card meld text took 2.3 s and echoed 3 MB."""
    s = canasta.apply(canasta.new_game("classic", seed=7), Draw(0))
    text = "meld " + "KH " * 1_000_000
    start = time.perf_counter()
    v = canasta.check(s, text)
    with pytest.raises(IllegalActionError) as info:
        canasta.apply(s, text)
    with pytest.raises(NotationError) as parsed:
        canasta.parse_action_text(text, 0)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.5, elapsed
    assert v is not None and v.reason is Reason.MALFORMED
    assert info.value.reason is Reason.MALFORMED
    assert f"at most {MAX_ACTION_TEXT}" in v.message
    for message in (v.message, str(info.value), str(parsed.value)):
        assert len(message) < 400, len(message)
    # just under the limit it parses (and the rules refuse it), still with a short message:
    # two melds, each of at most MAX_CARDS cards (canasta.limits)
    near = "meld " + "+ ".join(["KH " * 3300] * 2)
    assert MAX_ACTION_TEXT - 200 < len(near) <= MAX_ACTION_TEXT
    v = canasta.check(s, near)
    assert v is not None and v.reason is Reason.CARD_NOT_IN_HAND and len(v.message) < 400


def test_parse_errors_quote_at_most_a_line() -> None:
    junk = "meld " + "KX" * 5000
    with pytest.raises(NotationError) as info:
        canasta.parse_action_text(junk, 0)
    assert len(str(info.value)) < 300
    with pytest.raises(NotationError) as info:
        canasta.parse_action_text("meld KH " + "+" * 9000, 0)
    assert len(str(info.value)) < 300


def test_a_deck_of_the_largest_json_size_fits_the_text_limit() -> None:
    from canasta.serialize import MAX_CARDS

    deck = [Card.parse("TH")] * MAX_CARDS
    text = str(DealNextHand(deck))
    assert len(text) <= MAX_ACTION_TEXT
    assert canasta.parse_action_text(text) == DealNextHand(deck)
    assert canasta.parse_action_text("deal -") == DealNextHand(())
    assert str(DealNextHand(())) == "deal -"


def test_huge_position_text_is_refused_before_it_is_read() -> None:
    text = "canasta classic\n" + "#" * MAX_POSITION_TEXT
    start = time.perf_counter()
    with pytest.raises(NotationError, match="too long") as info:
        canasta.parse_position(text)
    assert time.perf_counter() - start < 0.1
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    "record",
    [
        "[Variant classic]\n[Seed " + "1" * 2_000_000 + "]\n",
        "[Variant " + "x" * 2_000_000 + "]\n",
        "[Variant classic\n" + "x" * 2_000_000,
        "[Variant classic]\n[Seed 1]\n[Totals 1 " + "x" * 2_000_000 + "]\n",
        "[Variant classic]\n[Seed 1]\n0: meld " + "KH " * 1_000_000 + "\n",
    ],
    ids=["seed", "variant", "tag", "totals", "action"],
)
def test_record_errors_do_not_echo_huge_lines(record: str) -> None:
    with pytest.raises(NotationError) as info:
        canasta.GameRecord.loads(record)
    assert len(str(info.value)) < 400, str(info.value)[:400]
