"""Positions for apps and puzzles (canasta.position): cards out of play, a known stock top with
a shuffled rest, the facts of the turn so far, and the position before the engine's automatic
steps; every built state round-trips through the notation, JSON and ``repr``."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, event, given, settings

import canasta
from canasta import (
    Card,
    Cards,
    DeclinePile,
    Draw,
    DrawSource,
    EndReason,
    GameState,
    NotationError,
    Phase,
    PositionError,
    Rank,
)
from canasta.notation import format_position, parse_position

HANDS = ["KH KS 9D 9C 4S", "5H 5S", "6H 6S", "7H 7S"]


def placed(state: GameState) -> Counter[Card]:
    """Every card of the state that is in play: hands, melds, pile, stock, red threes."""
    found: Counter[Card] = Counter()
    for hand in state.hands:
        found.update(hand)
    for side in state.melds:
        for meld in side:
            found.update(meld.cards)
    for cards in (state.discard_pile, state.stock, *state.red_threes):
        found.update(cards)
    return found


def assert_conserved(state: GameState) -> None:
    """Placed cards plus the cards out of play are the pack, once each."""
    assert placed(state) + Counter(state.out_of_play) == Counter(state.variant.pack())


def assert_round_trips(state: GameState) -> None:
    assert parse_position(format_position(state)) == state
    assert canasta.from_json(canasta.to_json(state)) == state
    assert eval(repr(state), {"canasta": canasta}) == state


# ---------------------------------------------------------------------------- out of play
def test_a_short_stock_puts_the_rest_out_of_play() -> None:
    s = canasta.position(
        hands=HANDS,
        melds=[["QH QS QD 2C"], []],
        discard_pile="7D 9H",
        stock="8H 8S 4D",
        out_of_play="rest",
    )
    assert s.stock == (Card.parse("8H"), Card.parse("8S"), Card.parse("4D"))
    assert len(s.out_of_play) == 108 - 11 - 4 - 2 - 3
    assert s.out_of_play.count("QH") == 1 and s.out_of_play.count("8H") == 1
    assert_conserved(s)
    assert_round_trips(s)
    assert "out_of_play JK JK JK JK" in format_position(s)


def test_out_of_play_cards_given_leave_the_rest_to_the_stock() -> None:
    s = canasta.position(hands=HANDS, discard_pile="7D", out_of_play="JK JK JK JK 2C 2C")
    assert s.out_of_play == Cards.parse("JK JK JK JK 2C 2C")
    assert len(s.stock) == 108 - 11 - 1 - 6
    assert Card.parse("JK") not in s.stock and s.stock.count(Card.parse("2C")) == 0
    assert_conserved(s)
    assert_round_trips(s)


def test_a_short_stock_without_out_of_play_is_refused() -> None:
    with pytest.raises(PositionError, match=r"stock: .* missing .*out_of_play"):
        canasta.position(hands=HANDS, stock="8H 8S 4D")
    with pytest.raises(PositionError, match="KH appears 3 times"):
        canasta.position(hands=HANDS, out_of_play="KH KH")
    with pytest.raises(PositionError, match="out_of_play"):
        canasta.position(hands=HANDS, out_of_play="XX")


def test_a_position_without_out_of_play_is_as_before() -> None:
    s = canasta.position(hands=HANDS, discard_pile="7D")
    assert not s.out_of_play and len(s.stock) == 108 - 12
    assert "out_of_play" not in format_position(s)
    assert "out_of_play" not in canasta.to_dict(s)


def test_the_engine_plays_on_a_short_stock_to_its_end() -> None:
    """The stock runs out after one draw (§2 case 31): the hand ends as with a full pack;
    the cards out of play stay out; the next hand is dealt from the whole pack."""
    s = canasta.position(
        hands=["KH KS 9D", "5H 5S", "6H 6S", "7H 7S"],
        discard_pile="7D 9H",
        stock="4D",
        out_of_play="rest",
        seed=5,
    )
    out = s.out_of_play
    s = canasta.apply(s, Draw(0))
    assert not s.stock and s.hands[0].count("4D") == 1
    s = canasta.apply(s, canasta.Discard(0, "4D"))
    # seat 1 cannot take the pile (no pair of 4s): the hand ends at once
    assert s.is_hand_over and s.end is not None
    assert s.end.reason is EndReason.STOCK_EXHAUSTED and s.end.seat == 1
    assert s.out_of_play == out
    assert_conserved(s)
    assert_round_trips(s)
    score = canasta.score_hand(s)
    assert len(score.sides) == 2
    nxt = canasta.apply(s, canasta.DealNextHand())
    assert not nxt.out_of_play
    assert Counter(placed(nxt)) == Counter(nxt.variant.pack())


def test_views_show_how_many_cards_are_out_of_play_not_which() -> None:
    s = canasta.position(hands=HANDS, discard_pile="7D 9H", stock="8H 8S 4D", out_of_play="rest")
    for seat in range(4):
        view = canasta.observe(s, seat)
        assert view.out_of_play == len(s.out_of_play) == 92
        assert view.stock_size == 3
        assert canasta.from_json(canasta.to_json(view)) == view
    assert canasta.observe(canasta.new_game(seed=1), 0).out_of_play == 0
    assert "out_of_play" not in canasta.to_dict(canasta.observe(canasta.new_game(seed=1), 0))


def test_view_json_accounts_for_the_cards_out_of_play() -> None:
    s = canasta.position(hands=HANDS, discard_pile="7D 9H", stock="8H 8S 4D", out_of_play="rest")
    data = canasta.to_dict(canasta.observe(s, 1))
    data["out_of_play"] = 91
    with pytest.raises(NotationError, match="accounts for 107 cards"):
        canasta.from_dict(data)
    del data["out_of_play"]
    with pytest.raises(NotationError, match="accounts for 16 cards"):
        canasta.from_dict(data)


# ---------------------------------------------------------------------------- JSON
def test_state_json_with_out_of_play() -> None:
    s = canasta.position(hands=HANDS, discard_pile="7D 9H", stock="8H 8S 4D", out_of_play="rest")
    data = canasta.to_dict(s)
    assert len(data["out_of_play"]) == 92
    assert canasta.from_dict(data) == s
    short = dict(data, out_of_play=data["out_of_play"][1:])
    with pytest.raises(NotationError, match="holds 107 cards"):
        canasta.from_dict(short)
    extra = dict(data, out_of_play=[*data["out_of_play"], "KH"])
    with pytest.raises(NotationError, match=r"\$\.out_of_play\[92\]"):
        canasta.from_dict(extra)
    bad = dict(data, out_of_play="KH")
    with pytest.raises(NotationError, match=r"\$\.out_of_play"):
        canasta.from_dict(bad)


def test_old_state_documents_load_and_empty_out_of_play_is_accepted() -> None:
    s = canasta.new_game("classic", seed=3)
    data = canasta.to_dict(s)
    assert "out_of_play" not in data  # documents of states with every card in play unchanged
    assert canasta.from_dict(data) == s
    assert canasta.from_dict(dict(data, out_of_play=[])) == s


def test_the_schema_describes_out_of_play() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = canasta.json_schema()
    s = canasta.position(hands=HANDS, discard_pile="7D 9H", stock="8H 8S 4D", out_of_play="rest")
    jsonschema.validate(json.loads(canasta.to_json(s)), schema)
    jsonschema.validate(json.loads(canasta.to_json(canasta.observe(s, 2))), schema)
    bad = canasta.to_dict(s)
    bad["out_of_play"] = 3
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


# ---------------------------------------------------------------------------- notation
def test_notation_out_of_play_line() -> None:
    text = (
        "canasta two-player\nturn 0 draw\nhands KH KS / QH QS\npile 5D\nstock 4C 4D\nout_of_play -"
    )
    with pytest.raises(NotationError, match="out of play"):
        parse_position(text)  # a short stock and nothing out of play
    rest = Counter(canasta.get_variant("two-player").pack()) - Counter(
        Cards.parse("KH KS QH QS 5D 4C 4D")
    )
    full = text.replace("out_of_play -", "out_of_play " + " ".join(map(str, rest.elements())))
    s = parse_position(full)
    assert s.stock == (Card.parse("4C"), Card.parse("4D")) and len(s.out_of_play) == 101
    assert_round_trips(s)
    with pytest.raises(NotationError, match=r"line 6 \(out_of_play\).*KH appears 3 times"):
        parse_position(full + " KH")
    with pytest.raises(NotationError, match="out_of_play"):
        parse_position(full.replace("out_of_play ", "out_of_play\n"))
    # the size form fills the stock with the cards neither placed nor out of play
    sized = full.replace("stock 4C 4D", "stock 2")
    assert sorted(parse_position(sized).stock) == sorted(s.stock)


# ---------------------------------------------------------------------------- stock top
def test_a_known_stock_top_over_a_shuffled_rest() -> None:
    kw: dict[str, Any] = {"hands": HANDS, "discard_pile": "7D", "stock_top": "JK 3H 8C"}
    s = canasta.position(**kw, seed=11)
    top = (Card.parse("JK"), Card.parse("3H"), Card.parse("8C"))
    assert s.stock[:3] == top and len(s.stock) == 108 - 12
    assert s.stock == canasta.position(**kw, seed=11).stock  # deterministic
    others = {canasta.position(**kw, seed=k).stock[3:] for k in range(4)}
    assert len(others) > 1  # the rest is shuffled by the seed
    # the stock without its given top holds exactly the cards placed nowhere else
    assert Counter(s.stock) == Counter(canasta.position(hands=HANDS, discard_pile="7D").stock)
    assert_conserved(s)
    assert_round_trips(s)
    exact = canasta.position(**kw, out_of_play="rest")
    assert exact.stock == top and len(exact.out_of_play) == 108 - 12 - 3
    assert_round_trips(exact)


def test_stock_top_is_checked() -> None:
    with pytest.raises(PositionError, match="stock_top: give the whole stock"):
        canasta.position(hands=HANDS, stock="KD", stock_top="KD")
    with pytest.raises(PositionError, match="JK appears 5 times"):
        canasta.position(hands=HANDS, stock_top="JK JK JK JK JK")
    with pytest.raises(PositionError, match="stock_top"):
        canasta.position(hands=HANDS, stock_top="ZZ")


# ---------------------------------------------------------------------------- turn facts
MELDED: dict[str, Any] = {
    "hands": ["KH KS 9D 9C 4S", "5H 5S", "6H 6S", "7H 7S"],
    "melds": [["QH QS QD 2C", "8H 8S 8D"], []],
    "discard_pile": "7D 9H",
    "phase": "play",
}


@pytest.mark.parametrize(
    ("facts", "turn"),
    [
        ({}, {"drew": DrawSource.STOCK}),
        ({"laid_off": True}, {"drew": DrawSource.STOCK, "laid_off": True, "melded": True}),
        (
            {"created": "8"},
            {"drew": DrawSource.STOCK, "created": frozenset({Rank.EIGHT}), "melded": True},
        ),
        (
            {"created": ["Q", Rank.EIGHT], "melded": True},
            {
                "drew": DrawSource.STOCK,
                "created": frozenset({Rank.QUEEN, Rank.EIGHT}),
                "melded": True,
            },
        ),
        ({"drew": "pile"}, {"drew": DrawSource.PILE, "laid_off": True, "melded": True}),
        (
            {"drew": "pile", "created": "8"},
            {"drew": DrawSource.PILE, "created": frozenset({Rank.EIGHT}), "melded": True},
        ),
        (
            {"asked": True, "permission": False},
            {"drew": DrawSource.STOCK, "asked": True, "permission": False},
        ),
    ],
)
def test_the_facts_of_the_turn_so_far(facts: dict[str, Any], turn: dict[str, Any]) -> None:
    s = canasta.position(**MELDED, **facts)
    turn = dict(turn)
    melded = turn.pop("melded", False)  # derived from created and laid_off
    assert s.turn == canasta.Turn(seat=0, **turn)
    assert s.turn.melded is melded
    assert_round_trips(s)


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"permission": True}, "permission: an answer, but the player did not ask"),
        ({"asked": True}, "asked: a player who asked partner has the answer"),
        ({"melded": True}, "melded: goes with the melds"),
        ({"laid_off": True, "melded": False}, "melded: goes with the melds"),
        ({"created": "K"}, "created: the side has no meld of Ks"),
        ({"created": "2"}, "created: no meld of 2s"),
        ({"created": "X"}, "created: not a rank"),
        ({"created": 5}, "created: give ranks"),
        ({"created": "Q 8", "laid_off": True}, "laid_off: the side has no meld"),
        ({"asked": 1}, "asked: must be True or False"),
        ({"permission": "yes", "asked": True}, "permission: must be True, False or None"),
        ({"last_red_three": True}, "last_red_three: only after drawing the last stock card"),
        ({"drew": "hand"}, "drew: 'hand' is not stock or pile"),
    ],
)
def test_impossible_facts_of_the_turn(facts: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        canasta.position(**MELDED, **facts)


def test_facts_need_a_turn_after_drawing() -> None:
    for facts in ({"drew": "stock"}, {"asked": True}, {"created": "Q"}, {"laid_off": True}):
        with pytest.raises(PositionError, match="before drawing"):
            canasta.position(**dict(MELDED, phase="draw"), **facts)
    with pytest.raises(PositionError, match="permission: in the answer phase"):
        canasta.position(**dict(MELDED, phase="answer"), permission=True)


def test_a_meld_without_a_side_meld_is_refused() -> None:
    plain = dict(MELDED, melds=None)
    with pytest.raises(PositionError, match="laid_off"):
        canasta.position(**plain, laid_off=True)
    with pytest.raises(PositionError, match="drew: a side that took the pile has melded"):
        canasta.position(**plain, drew="pile")
    with pytest.raises(PositionError, match="melded"):
        canasta.position(**plain, melded=True)


def test_an_initial_meld_made_this_turn() -> None:
    """The side's melds all started this turn: nobody of the side melded before, and together
    they meet the initial-meld minimum (§1 'Initial-meld minimum')."""
    s = canasta.position(**MELDED, created="Q 8")  # 10+10+10+20 + 10+10+10 = 80 >= 50
    assert s.has_melded == (False, False, False, False)
    assert_round_trips(s)
    with pytest.raises(PositionError, match="has_melded: seat 2 melded in an earlier turn"):
        canasta.position(**MELDED, created="Q 8", has_melded=[False, False, True, False])
    with pytest.raises(PositionError, match="needs 50 points; its melds count 30"):
        canasta.position(**dict(MELDED, melds=[["8H 8S 8D"], []]), created="8")
    # a side total of 3000 needs 120 points (§1 'Initial-meld minimum')
    with pytest.raises(PositionError, match="needs 120 points"):
        canasta.position(**MELDED, created="Q 8", totals=[3000, 0])


def test_a_player_who_asked_and_was_told_yes_must_go_out() -> None:
    s = canasta.position(
        hands=["9D 9C 9S", "5H 5S", "6H 6S", "7H 7S"],
        melds=[["QH QS QD QC JK 2C 2D"], []],
        discard_pile="7D",
        phase="play",
        asked=True,
        permission=True,
    )
    assert s.turn.permission is True
    menu = list(canasta.legal_actions(s))
    assert menu and all(canasta.apply(s, a).is_hand_over for a in menu)
    assert_round_trips(s)


def test_a_side_of_one_has_no_partner_to_ask() -> None:
    with pytest.raises(PositionError, match="asked: seat 0 has no partner to ask"):
        canasta.position(
            "two-player",
            hands=["9D 9C 9S", "5H 5S"],
            melds=[["QH QS QD QC JK 2C 2D"], []],
            phase="play",
            asked=True,
            permission=False,
        )


# ---------------------------------------------------------------------------- automatic steps
EXHAUSTED: dict[str, Any] = {
    "hands": ["KH KS 9D", "5H 5S", "6H 6S", "7H 7S"],
    "discard_pile": "7D 9H",
    "stock": "",
    "out_of_play": "rest",
}


def test_an_exhausted_stock_before_the_automatic_end() -> None:
    """§2 case 31: a player to draw from an exhausted stock who cannot take the pile ends the
    hand; with ``automatic=False`` the position stands before that step."""
    done = canasta.position(**EXHAUSTED)
    assert done.is_hand_over and done.end is not None
    assert done.end.reason is EndReason.STOCK_EXHAUSTED and done.end.seat == 0
    before = canasta.position(**EXHAUSTED, automatic=False)
    assert before.phase is Phase.DRAW and before.current_seat == 0 and not before.stock
    assert list(canasta.legal_actions(before)) == [DeclinePile(0)]
    assert canasta.is_legal(before, DeclinePile(0)) and canasta.check(before, "decline") is None
    err = canasta.check(before, Draw(0))
    assert err is not None and err.reason is canasta.Reason.STOCK_EMPTY
    assert canasta.apply(before, DeclinePile(0)) == done
    assert_round_trips(before)
    assert tuple(canasta.observe(before, 0).legal_actions) == (DeclinePile(0),)


def test_automatic_changes_nothing_when_no_step_is_due() -> None:
    for kw in (
        {"hands": HANDS, "discard_pile": "7D"},
        # the seat can take the pile with a natural pair: nothing happens automatically
        dict(EXHAUSTED, hands=["AH AS 4D", "5H 5S", "6H 6S", "7H 7S"], discard_pile="7D AH"),
    ):
        assert canasta.position(**kw, automatic=False) == canasta.position(**kw)


def test_without_play_after_the_stock_the_hand_is_over() -> None:
    """§2 case 33 (Cutthroat): play ends with the discard of the player who drew the last
    card, so a position to draw from an empty stock is a hand over, ended by the seat before."""
    kw: dict[str, Any] = {
        "hands": ["KH KS 9D", "9H 9S", "6H 6S"],
        "discard_pile": "7D 9C",
        "stock": "",
        "out_of_play": "rest",
        "current_seat": 1,
    }
    s = canasta.position("cutthroat", **kw)
    assert s.is_hand_over and s.end is not None
    assert s.end.reason is EndReason.STOCK_EXHAUSTED and s.end.seat == 0
    assert_round_trips(s)
    with pytest.raises(PositionError, match="automatic: in this variant"):
        canasta.position("cutthroat", **kw, automatic=False)
    with pytest.raises(PositionError, match="automatic: must be True or False"):
        canasta.position(**EXHAUSTED, automatic=None)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- property
VARIANTS = ("classic", "two-player", "cutthroat", "five-player", "german")


@st.composite
def builder_inputs(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """Random inputs to canasta.position: mostly possible, sometimes not."""
    name = draw(st.sampled_from(VARIANTS))
    v = canasta.get_variant(name)
    rng = random.Random(draw(st.integers(0, 2**32)))
    pack = list(v.pack())
    rng.shuffle(pack)

    def take(k: int) -> list[str]:
        out = [str(pack.pop()) for _ in range(min(k, len(pack)))]
        return out

    # every seat playing the hand holds cards (a player without cards has gone out)
    playing = canasta.engine.seating(v, 1)
    hands = [
        " ".join(take(draw(st.integers(1, 6)))) if seat in playing else ""
        for seat in range(v.players)
    ]
    n_sides = len(canasta.engine.hand_sides(v, playing))
    seat = draw(st.sampled_from(playing))
    ranks = ["4", "7", "9", "Q", "A"]
    melds: list[list[str]] = []
    for _ in range(n_sides):
        side: list[str] = []
        for rank in draw(st.lists(st.sampled_from(ranks), unique=True, max_size=2)):
            cards = [c for c in pack if c.rank is Rank.parse(rank)][:3]
            wild = [c for c in pack if c.is_wild][: draw(st.integers(0, 1))]
            for c in cards + wild:
                pack.remove(c)
            side.append(" ".join(map(str, cards + wild)))
        melds.append(side)
    pile = take(draw(st.integers(0, 3)))
    if pile and Card.parse(pile[-1]).is_red_three:
        pile.insert(0, pile.pop())
    kw: dict[str, Any] = {
        "hands": hands,
        "melds": melds if name != "cutthroat" else None,
        "discard_pile": " ".join(pile),
        "current_seat": seat,
        "seed": draw(st.integers(-5, 5)),
        "automatic": draw(st.booleans()),
    }
    stock_kind = draw(st.sampled_from(["shuffled", "top", "exact", "top-exact", "out"]))
    if stock_kind == "top":
        kw["stock_top"] = " ".join(take(draw(st.integers(0, 3))))
    elif stock_kind == "exact":
        kw["stock"] = " ".join(take(draw(st.integers(0, 3))))
        kw["out_of_play"] = "rest"
    elif stock_kind == "top-exact":
        kw["stock_top"] = " ".join(take(draw(st.integers(0, 2))))
        kw["out_of_play"] = "rest"
    elif stock_kind == "out":
        kw["out_of_play"] = " ".join(take(draw(st.integers(0, 40))))
    phase = draw(st.sampled_from(["draw", "play", "play", "answer"]))
    kw["phase"] = phase
    if phase != "draw":
        kw["drew"] = draw(st.sampled_from([None, "stock", "pile"]))
        own = [m.split()[0][:-1] for m in melds[0]] if name != "cutthroat" else []
        if own and draw(st.booleans()):
            kw["created"] = draw(st.lists(st.sampled_from(own), unique=True, min_size=1))
        if draw(st.booleans()):
            kw["laid_off"] = draw(st.booleans())
        if phase == "play" and draw(st.integers(0, 3)) == 0:
            kw["asked"] = True
            kw["permission"] = draw(st.sampled_from([True, False, None]))
    return name, kw


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(builder_inputs())
def test_every_built_position_round_trips_conserves_cards_and_plays(
    inputs: tuple[str, dict[str, Any]],
) -> None:
    name, kw = inputs
    try:
        s = canasta.position(name, **kw)
    except PositionError as exc:
        event(f"refused: {str(exc).partition(':')[0]}")
        return
    event(f"built: {s.phase.value}{', out of play' if s.out_of_play else ''}")
    assert_round_trips(s)
    assert_conserved(s)
    for seat in range(s.variant.players):
        view = canasta.observe(s, seat)
        assert view.out_of_play == len(s.out_of_play)
        assert canasta.from_json(canasta.to_json(view)) == view
    menu = canasta.legal_actions(s)
    assert s.is_hand_over or len(menu) > 0
    for action in list(menu)[:60]:
        after = canasta.apply(s, action)
        assert_conserved(after)
        assert parse_position(format_position(after)) == after
    # a short game from the position keeps every card accounted for
    rng = random.Random(0)
    state = s
    for _ in range(30):
        if state.is_hand_over:
            break
        state = canasta.apply(state, rng.choice(list(canasta.legal_actions(state))))
        assert_conserved(state)


def test_regression_a_turn_that_took_the_pile_round_trips() -> None:
    """``position(drew="pile")`` made a turn without ``melded``, which the notation (and so
    ``from_json``) refused: taking the pile melds its top card, on a meld of the side by
    default (``laid_off``)."""
    s = canasta.position(**MELDED, drew="pile")
    assert s.turn.melded and s.turn.laid_off and not s.turn.created
    assert_round_trips(s)


def test_the_text_table_counts_the_cards_out_of_play() -> None:
    from canasta.render import format_table

    s = canasta.position(hands=HANDS, discard_pile="7D 9H", stock="8H 8S 4D", out_of_play="rest")
    assert format_table(s).endswith("stock: 3 cards; out of play: 92 cards")
    assert "out of play" not in format_table(canasta.new_game(seed=1))
