"""The one validator (``canasta.problems``): each problem code from a minimal impossible state,
with its exact code and rule; the possible states of random games of every preset have none;
``position()``, ``parse_position`` and ``from_json`` refuse the same states with the same first
problem."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from canasta import Card, Cards, DrawSource, EndReason, GameState, HandEnd, Meld, Phase, Rank
from canasta.validation import _PROBLEMS, Problem, problems, require_possible

HANDS = ["KH KS 9D 9C 4S", "5H 5S", "6H 6S", "7H 7S"]
MELDS = [["QH QS QD 2C"], []]


def base(variant: str | canasta.Variant = "classic", **kw: Any) -> GameState:
    """A possible position (checked by building it): classic, seat 0 to draw, unless told."""
    args: dict[str, Any] = {"hands": HANDS, "melds": MELDS, "discard_pile": "7D 9H", **kw}
    return canasta.position(variant, **args)


def play(**kw: Any) -> GameState:
    return base(phase="play", **kw)


def turn(state: GameState, **facts: Any) -> GameState:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, **facts))


def pull(state: GameState, text: str) -> tuple[GameState, list[Card]]:
    """The state without the named cards in its stock, and those cards (to place elsewhere)."""
    stock = list(state.stock)
    cards = [Card.parse(t) for t in text.split()]
    for card in cards:
        stock.remove(card)
    return attrs.evolve(state, stock=tuple(stock)), cards


def with_meld(state: GameState, rank: Rank, text: str, side: int = 1) -> GameState:
    """``state`` with a meld of ``rank`` of the named stock cards added to ``side``'s melds."""
    state, cards = pull(state, text)
    melds = list(state.melds)
    melds[side] = (*melds[side], Meld(rank, cards))
    return attrs.evolve(state, melds=tuple(melds))


def answering() -> GameState:
    """Seat 0 asked partner (he can go out): seat 2 is to answer."""
    s = base(hands=["9D 9C 9S", *HANDS[1:]], melds=[["QH QS QD QC JK 2C 2D"], []], phase="play")
    return canasta.apply(s, canasta.AskPartner(0))


def five() -> GameState:
    return canasta.new_game("five-player", seed=1)


def sitter(state: GameState) -> int:
    return next(p for p in range(state.variant.players) if p not in state.order)


def _sitting_out_holds_cards() -> GameState:
    s = five()
    hands = list(s.hands)
    hands[sitter(s)] = Cards.of([s.stock[0]])
    return attrs.evolve(s, hands=tuple(hands), stock=s.stock[1:])


def _not_a_red_three() -> GameState:
    s, cards = pull(base(), "3S")
    return attrs.evolve(s, red_threes=((cards[0],), (), (), ()))


def _red_three_on_pile() -> GameState:
    s, cards = pull(base(), "3H")
    return attrs.evolve(s, discard_pile=(*s.discard_pile, *cards))


def _melds_out_of_order() -> GameState:
    s = with_meld(base(), Rank.FIVE, "5D 5C 5D")
    return with_meld(s, Rank.EIGHT, "8D 8C 8D")


def _melded_before_initial_meld() -> GameState:
    s = play(created="Q")
    return attrs.evolve(s, has_melded=(False, False, True, False))


def _stock_end_without_cards() -> GameState:
    s = base(hands=["KH KS", "", "6H", "7H"])
    end = HandEnd(reason=EndReason.STOCK_EXHAUSTED, seat=1)
    return attrs.evolve(s, end=end)


def _stock_end_with_stock() -> GameState:
    end = HandEnd(reason=EndReason.LAST_CARD_RED_THREE, seat=0)
    return turn(attrs.evolve(base(), end=end), drew=DrawSource.STOCK)


def _hand_over_at_empty_stock() -> GameState:
    s = canasta.new_game("cutthroat", seed=2)
    return attrs.evolve(s, stock=(), out_of_play=Cards.of(s.stock))


def _initial_meld_below_minimum() -> GameState:
    s = play(melds=[["8H 8S 8D"], []])
    s = turn(s, created=frozenset({Rank.EIGHT}))
    return attrs.evolve(s, has_melded=(False,) * 4)


def _could_not_have_asked() -> GameState:
    return turn(play(), asked=True)  # partner to answer (Phase.ANSWER)


def _no_legal_action() -> GameState:
    s = base(hands=["KH", "5H", "", ""], melds=None, discard_pile="7D")
    return attrs.evolve(s, turn=canasta.Turn(seat=0, drew=DrawSource.STOCK))


G = canasta.new_game("classic", seed=1)


def ended(**facts: Any) -> GameState:
    """G with the hand over, ended as ``facts`` say (its stock out of play, when the stock
    ended it: only going out ends a hand while the stock holds cards)."""
    if facts["reason"] is EndReason.WENT_OUT:
        return attrs.evolve(G, end=HandEnd(**facts))
    out = Cards.of(G.stock)
    return attrs.evolve(G, stock=(), out_of_play=out, end=HandEnd(**facts))


#: One minimal impossible state for each problem code.
CASES: dict[str, Callable[[], GameState]] = {
    "hand_number_out_of_range": lambda: attrs.evolve(G, hand_number=0),
    "seed_out_of_range": lambda: attrs.evolve(G, seed=2**63),
    "totals_out_of_range": lambda: attrs.evolve(G, totals=(0, -(10**15) - 1)),
    "totals_per_side": lambda: attrs.evolve(G, totals=(0,)),
    "not_the_seating": lambda: G,  # with the order stated (STATED)
    "sides_not_formed": lambda: attrs.evolve(G, sides=((0, 1), (2, 3))),
    "dealer_not_playing": lambda: attrs.evolve(five(), dealer=sitter(five())),
    "entries": lambda: attrs.evolve(G, has_melded=(False,) * 3),
    "seat_not_playing": lambda: attrs.evolve(five(), turn=canasta.Turn(seat=sitter(five()))),
    "sitting_out_holds_cards": _sitting_out_holds_cards,
    "not_a_red_three": _not_a_red_three,
    "card_too_many": lambda: attrs.evolve(G, discard_pile=(*G.discard_pile, Card.parse("JK"))),
    "cards_missing": lambda: attrs.evolve(G, stock=G.stock[1:]),
    "red_three_on_pile": _red_three_on_pile,
    "red_three_melded": lambda: with_meld(base(), Rank.FIVE, "5D 5C 3H"),
    "black_threes_meld": lambda: with_meld(base(), Rank.THREE, "3S 3C 3S"),
    "meld_rank": lambda: with_meld(base(), Rank.TWO, "2S 2H 2D"),
    "card_of_another_rank": lambda: with_meld(base(), Rank.FIVE, "5D 5C 6D"),
    "too_few_naturals": lambda: with_meld(base(), Rank.FIVE, "5D 2S 2H"),
    "too_many_wilds": lambda: with_meld(base(), Rank.FIVE, "5D 5C 2S 2H JK JK"),
    "meld_too_small": lambda: with_meld(base(), Rank.FIVE, "5D 5C"),
    "second_meld_of_rank": lambda: with_meld(base(), Rank.QUEEN, "QC QC QD", side=0),
    "melds_out_of_order": _melds_out_of_order,
    "melded_without_meld": lambda: attrs.evolve(G, has_melded=(True, False, False, False)),
    "melded_before_initial_meld": _melded_before_initial_meld,
    "hand_over_without_end": lambda: G,  # with the phase stated (STATED)
    "end_before_hand_over": lambda: ended(reason=EndReason.STOCK_EXHAUSTED),  # (STATED)
    "went_out_without_seat": lambda: ended(reason=EndReason.WENT_OUT),
    "went_out_with_cards": lambda: ended(reason=EndReason.WENT_OUT, seat=0),
    "end_facts_without_going_out": lambda: ended(
        reason=EndReason.STOCK_EXHAUSTED, seat=0, concealed=True
    ),
    "stock_end_without_cards": _stock_end_without_cards,
    "stock_end_with_stock": _stock_end_with_stock,
    "facts_before_drawing": lambda: turn(G, laid_off=True),
    "no_cards_to_draw": lambda: turn(base(hands=["", "KH", "", ""], current_seat=1), seat=0),
    "hand_over_at_empty_stock": _hand_over_at_empty_stock,
    # the phase as stated (STATED) against the facts the state derives it from
    "drew_unknown": lambda: turn(play(), drew=None),
    "answer_phase_without_question": lambda: turn(answering(), asked=False),
    "answer_in_answer_phase": lambda: turn(answering(), permission=True),
    "question_without_answer": answering,
    "answer_without_question": lambda: turn(play(), permission=False),
    "asking_off": lambda: turn(
        play(variant=canasta.get_variant("classic").derive(ask_partner="off")),
        asked=True,
        permission=False,
    ),
    "no_partner": lambda: turn(
        base("two-player", hands=HANDS[:2], phase="play"), asked=True, permission=False
    ),
    "pile_not_melded": lambda: turn(play(), drew=DrawSource.PILE),
    "pile_without_meld": lambda: turn(play(melds=None), drew=DrawSource.PILE, laid_off=True),
    "melded_without_melds": play,  # with melded stated (STATED)
    "created_without_meld": lambda: turn(play(), created=frozenset({Rank.KING})),
    "laid_off_without_meld": lambda: turn(play(created="Q"), laid_off=True),
    "last_red_three_out_of_place": lambda: turn(play(), last_red_three=True),
    "initial_meld_below_minimum": _initial_meld_below_minimum,
    "could_not_have_asked": _could_not_have_asked,
    "no_legal_action": _no_legal_action,
}


#: The problems of a derived fact (GameState.order, Turn.melded, GameState.phase) as an input
#: states it beside a state that derives it: the case's state is possible, the stated value
#: contradicts it.
STATED: dict[str, dict[str, Any]] = {
    "not_the_seating": {"order": (1, 0, 2, 3)},
    "melded_without_melds": {"melded": True},
    "hand_over_without_end": {"phase": Phase.HAND_OVER},
    "end_before_hand_over": {"phase": Phase.DRAW},
    "drew_unknown": {"phase": Phase.PLAY},
    "answer_phase_without_question": {"phase": Phase.ANSWER},
    "answer_in_answer_phase": {"phase": Phase.ANSWER},
    "question_without_answer": {"phase": Phase.PLAY},
}


def test_every_problem_code_has_a_case() -> None:
    assert set(CASES) == set(_PROBLEMS)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_problem_from_a_minimal_impossible_state(code: str) -> None:
    found = problems(CASES[code](), **STATED.get(code, {}))
    assert found, code
    first = found[0]
    assert (first.code, first.rule) == (code, _PROBLEMS[code][0])
    assert first.message and "{" not in first.message
    assert first.code.isidentifier() and first.code.islower()


def test_problem_paths_name_the_field() -> None:
    """A path names the zone and the copy: the third KH is the copy too many."""
    s, _ = pull(base(), "KH")
    hands = list(s.hands)
    hands[1] = Cards.of([*hands[1], Card.parse("KH"), Card.parse("KH")])
    found = problems(attrs.evolve(s, hands=tuple(hands)))
    assert [(p.code, p.path) for p in found] == [("card_too_many", "hands[1][1]")]
    assert found[0].message.startswith("KH appears 3 times")
    assert problems(turn(play(), created=frozenset({Rank.KING})))[0].path == "turn.created"


def test_every_problem_is_listed_in_a_fixed_order() -> None:
    s = turn(with_meld(base(), Rank.FIVE, "5D 5C"), laid_off=True)
    s = attrs.evolve(s, dealer=1, has_melded=(True, False, False, False))
    assert [p.code for p in problems(s)] == ["meld_too_small", "facts_before_drawing"]
    # a table that does not hold together is reported alone: nothing further can be read
    assert [p.code for p in problems(attrs.evolve(s, totals=(0,), dealer=9))] == [
        "totals_per_side",
        "dealer_not_playing",
    ]


def test_require_possible() -> None:
    assert require_possible(G) is G
    with pytest.raises(canasta.PositionError, match=r"^dealer: the dealer plays this hand"):
        require_possible(attrs.evolve(G, dealer=9))
    with pytest.raises(canasta.StateError):
        problems("a state")  # type: ignore[arg-type]
    assert canasta.Problem is Problem and canasta.problems is problems


# ---------------------------------------------------------------------------- possible states
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(canasta.variant_names()), st.integers(0, 2**16), st.integers(0, 200))
def test_states_of_random_games_have_no_problem(name: str, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    for _ in range(steps):
        assert problems(state) == (), canasta.format_position(state)
        if state.is_hand_over:
            break
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
    assert problems(state) == ()


# ---------------------------------------------------------------------------- every reader alike
def position_args(state: GameState) -> dict[str, Any]:
    """The arguments of canasta.position that build ``state`` (or try to)."""
    t = state.turn
    return {
        "hands": [list(h) for h in state.hands],
        "melds": [list(side) for side in state.melds],
        "discard_pile": list(state.discard_pile),
        "stock": list(state.stock),
        "out_of_play": list(state.out_of_play),
        "red_threes": [list(r) for r in state.red_threes],
        "totals": state.totals,
        "dealer": state.dealer,
        "current_seat": t.seat,
        "phase": state.phase.value,
        "drew": t.drew,
        "asked": t.asked and state.phase is not Phase.ANSWER,
        "permission": t.permission,
        "laid_off": t.laid_off,
        "created": t.created,
        "melded": t.melded,
        "last_red_three": t.last_red_three,
        "has_melded": state.has_melded,
        "hand_number": state.hand_number,
        "seed": state.seed,
    }


#: (A meld of mixed natural ranks is refused by the notation as it reads it: it names no rank.)
ALIKE = (
    "too_many_wilds",
    "created_without_meld",
    "laid_off_without_meld",
    "melded_before_initial_meld",
    "initial_meld_below_minimum",
    "last_red_three_out_of_place",
    "red_three_on_pile",
    "could_not_have_asked",
    "no_legal_action",
)


@pytest.mark.parametrize("code", ALIKE)
def test_every_reader_refuses_alike(code: str) -> None:
    state = CASES[code]()
    first = problems(state)[0]
    with pytest.raises(canasta.PositionError) as built:
        canasta.position(state.variant, **position_args(state))
    assert str(built.value).endswith(first.message)
    with pytest.raises(canasta.NotationError) as parsed:
        canasta.parse_position(canasta.format_position(state))
    assert first.message in str(parsed.value)
    with pytest.raises(canasta.NotationError) as decoded:
        canasta.from_json(canasta.to_json(state))
    assert str(decoded.value) == f"$.{first.path}: {first.message}".replace("$.:", "$:")


@pytest.mark.parametrize("code", sorted(STATED))
def test_a_derived_fact_is_a_problem_only_as_stated(code: str) -> None:
    """The state derives the fact, so it alone is possible; stated otherwise, it is not."""
    state = CASES[code]()
    assert problems(state) == ()
    ((name, stated),) = STATED[code].items()
    derived = {"order": state.order, "melded": state.turn.melded, "phase": state.phase}[name]
    assert stated != derived
    assert problems(state, **{name: derived}) == ()


def test_every_reader_refuses_a_contradicting_melded_alike() -> None:
    state = play(laid_off=True)  # a lay-off on the side's queens: the player melded
    assert state.turn.melded and not state.turn.created
    message = _PROBLEMS["melded_without_melds"][1]
    args = {**position_args(state), "melded": False}
    with pytest.raises(canasta.PositionError) as built:
        canasta.position(state.variant, **args)
    assert str(built.value) == f"melded: {message}"
    text = canasta.format_position(state)
    assert "turn 0 play drew=stock laid_off melded\n" in text
    assert canasta.parse_position(text) == state
    with pytest.raises(canasta.NotationError) as parsed:
        canasta.parse_position(text.replace("laid_off melded", "laid_off"))
    assert f"{message} (turn.melded)" in str(parsed.value)
    doc = canasta.to_dict(state)
    doc["turn"]["melded"] = False
    with pytest.raises(canasta.NotationError) as decoded:
        canasta.from_dict(doc)
    assert str(decoded.value) == f"$.turn.melded: {message}"


#: The problems of a phase stated beside an end and a turn that give another.
PHASES = sorted(code for code, stated in STATED.items() if "phase" in stated)


@pytest.mark.parametrize("code", PHASES)
def test_every_reader_refuses_a_contradicting_phase_alike(code: str) -> None:
    """The notation and JSON write the phase the state derives and read it back checked: a
    phase that the end and the turn contradict is refused with the problem of those facts."""
    state = CASES[code]()
    stated = STATED[code]["phase"]
    assert stated is not state.phase
    first = problems(state, phase=stated)[0]
    assert first.code == code
    text = canasta.format_position(state)
    line = f"turn {state.turn.seat} {state.phase.value}"
    assert line in text and canasta.parse_position(text) == state
    with pytest.raises(canasta.NotationError) as parsed:
        canasta.parse_position(text.replace(line, f"turn {state.turn.seat} {stated.value}"))
    assert first.message in str(parsed.value)
    doc = canasta.to_dict(state)
    assert doc["phase"] == state.phase.value and canasta.from_dict(doc) == state
    doc["phase"] = stated.value
    with pytest.raises(canasta.NotationError) as decoded:
        canasta.from_dict(doc)
    assert str(decoded.value) == f"$.{first.path}: {first.message}"


@pytest.mark.parametrize(
    ("code", "changes"),
    [
        ("question_without_answer", {"phase": "play", "asked": True}),
        ("answer_in_answer_phase", {"phase": "answer"}),
    ],
)
def test_position_refuses_a_phase_its_turn_contradicts(code: str, changes: dict[str, Any]) -> None:
    state = CASES[code]()
    assert problems(state) == ()
    with pytest.raises(canasta.PositionError) as built:
        canasta.position(state.variant, **{**position_args(state), **changes})
    assert str(built.value).endswith(_PROBLEMS[code][1])


def test_the_phase_is_derived_from_the_end_and_the_turn() -> None:
    """No state stores its phase: it follows from the end and the turn's facts, on every state
    of random games of every preset (across the deal of the next hand)."""
    assert "phase" not in {a.name for a in attrs.fields(GameState)}
    with pytest.raises(TypeError):
        attrs.evolve(G, phase=Phase.PLAY)
    seen = set()
    for k, name in enumerate(canasta.variant_names()):
        rng = random.Random(k)
        state = canasta.new_game(name, seed=k)
        for _ in range(1500):
            t, end = state.turn, state.end
            if end is not None:
                facts = Phase.HAND_OVER
            elif t.drew is None:
                facts = Phase.DRAW
            elif t.asked and t.permission is None:
                facts = Phase.ANSWER
            else:
                facts = Phase.PLAY
            assert state.phase is facts, canasta.format_position(state)
            assert state.is_hand_over == (end is not None)
            seen.add(state.phase)
            if state.is_match_over:
                break
            menu = canasta.legal_actions(state)
            state = canasta.apply(state, menu[rng.randrange(len(menu))])
    assert seen == set(Phase)


# ---------------------------------------------------------------------------- regressions
FRESH = """\
canasta classic seed 4
turn 0 play drew=stock created=Q melded
hands KH KS 9D 9C 4S / 5H 5S / 6H 6S / 7H 7S
melds QH QS QD 2C / -
pile 7D 9H"""


def test_regression_the_notation_fills_melded_as_position_does() -> None:
    """Without a ``melded`` line the notation said every seat of a side with melds had melded
    before, even when the player to act started all of them this turn (the docs said "as
    canasta.position", which does not)."""
    s = canasta.parse_position(FRESH)
    assert s.has_melded == (False,) * 4
    assert s == play(created="Q", seed=4)


def test_regression_the_notation_and_json_judge_the_turn_as_position_does() -> None:
    """A lay-off with no meld the player did not start, an initial meld below the minimum, or
    a question in a variant without asking were refused by position() only."""
    cases = {
        "laid_off": FRESH.replace("created=Q melded", "created=Q laid_off melded"),
        "created": FRESH.replace("QH QS QD 2C", "QH QS QD"),
        "asked": FRESH.replace("classic", "classic{ask_partner=off}").replace(
            "melded\n", "melded asked permission=no\n"
        ),
    }
    for fact, text in cases.items():
        with pytest.raises(canasta.NotationError, match=rf"\(turn\.{fact}\)"):
            canasta.parse_position(text)
    state = turn(play(created="Q"), laid_off=True)
    with pytest.raises(canasta.NotationError, match=r"^\$\.turn\.laid_off: the side has no meld"):
        canasta.from_json(canasta.to_json(state))


def test_a_phase_stated_by_its_value_is_that_phase() -> None:
    """``problems(state, phase="hand_over")`` of a hand that is over: the value of the phase
    is the phase (as :func:`canasta.position` takes it); it was judged as another phase
    (``end_before_hand_over``). A value that is no phase is refused."""
    over = ended(reason=EndReason.STOCK_EXHAUSTED)
    assert problems(over, phase="hand_over") == ()  # type: ignore[arg-type]
    assert [p.code for p in problems(G, phase="play")] == ["drew_unknown"]  # type: ignore[arg-type]
    for wrong in ("bogus", 3, []):
        with pytest.raises(canasta.StateError, match="is not a phase"):
            problems(G, phase=wrong)  # type: ignore[arg-type]


def test_regression_an_answer_before_the_draw_is_a_fact() -> None:
    """§2 case 28: partner answers a question asked in the play phase, so a turn before the
    draw has no answer. A "no" (``permission=False``) there was taken for no fact, as a
    ``False`` flag is: the engine then refused the player's going out with the pile ("partner
    said no") though nobody had asked, and drawing led to an answer without a question."""
    s = turn(G, permission=False)
    assert s.phase is Phase.DRAW
    assert [(p.code, p.path) for p in problems(s)] == [("facts_before_drawing", "turn.permission")]
    with pytest.raises(canasta.NotationError, match=r"^\$\.turn\.permission: before drawing"):
        canasta.from_json(canasta.to_json(s))
    with pytest.raises(canasta.PositionError, match=r"^permission: before drawing, a turn has no"):
        canasta.position(
            hands=["9C 9S", "", "", ""],
            melds=[["KC KC KD KD KH KH KS"], []],
            discard_pile="9D",
            permission=False,
        )
    assert problems(turn(G, permission=None)) == ()
