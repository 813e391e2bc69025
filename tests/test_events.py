"""Events of a move (``canasta.step``, ``canasta.deal_events``, ``canasta.events_for``).

Exact events of each kind in built positions; over random games of every preset, the events
replayed as card movements on the state before a move give the state after it (cards drawn are
the hand's growth, the meld events rebuild the melds, every card stays in one place), every event
round-trips through JSON and validates against the schema; and the leak test: two states that
differ only in cards a seat cannot see give that seat the same filtered events.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from canasta import (
    CanastaCompleted,
    Card,
    CardsDrawn,
    Discarded,
    EndReason,
    GameState,
    HandDealt,
    HandEnded,
    HandScored,
    LoneHandFormed,
    MatchOver,
    Meld,
    MeldExtended,
    MeldMade,
    PartnerAnswered,
    PartnerAsked,
    PileDeclined,
    PileTaken,
    Rank,
    RedThreeLaidOut,
    SeatSitsOut,
    UpcardTurned,
)
from canasta.events import events_between
from rules_helpers import empty_stock_position, full_position

jsonschema = pytest.importorskip("jsonschema")

PRESETS = canasta.variant_names()
#: The presets, and a house rule where red threes are laid out at each player's first turn.
VARIANTS: dict[str, canasta.Variant] = {
    **{name: canasta.get_variant(name) for name in PRESETS},
    "classic+first-turn": canasta.get_variant("classic").derive(red_three_timing="first_turn"),
}
EVENT_TYPES = (
    "seat_sits_out",
    "hand_dealt",
    "upcard_turned",
    "cards_drawn",
    "red_three_laid_out",
    "pile_taken",
    "meld_made",
    "meld_extended",
    "canasta_completed",
    "discarded",
    "partner_asked",
    "partner_answered",
    "pile_declined",
    "lone_hand_formed",
    "hand_ended",
    "hand_scored",
    "match_over",
)


def c(text: str) -> Card:
    return Card.parse(text)


def cs(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


# ---------------------------------------------------------------------------- replaying events
@attrs.define
class Table:
    """The card zones of a state, moved by events as their docstrings say."""

    hands: list[Counter[Card]]
    stock: list[Card] | None  # None: known only as a multiset (after a deal)
    stock_left: Counter[Card]
    pile: list[Card]
    melds: list[dict[Rank, Counter[Card]]]
    sides: list[tuple[int, ...]]
    reds: list[list[Card]]

    @classmethod
    def of(cls, s: GameState) -> Table:
        return cls(
            hands=[Counter(h) for h in s.hands],
            stock=list(s.stock),
            stock_left=Counter(s.stock),
            pile=list(s.discard_pile),
            melds=[{m.rank: Counter(m.cards) for m in side} for side in s.melds],
            sides=list(s.sides),
            reds=[list(r) for r in s.red_threes],
        )

    def take(self, seat: int, cards: Sequence[Card]) -> None:
        for card in cards:
            assert self.hands[seat][card] > 0, f"seat {seat} moves {card} it does not hold"
            self.hands[seat][card] -= 1

    def draw(self, cards: Sequence[Card]) -> None:
        for card in cards:
            assert self.stock_left[card] > 0
            self.stock_left[card] -= 1
        if self.stock is not None:
            assert tuple(self.stock[: len(cards)]) == tuple(cards), "not drawn from the top"
            del self.stock[: len(cards)]

    def play(self, e: Any, after: GameState) -> None:
        v = after.variant
        if isinstance(e, SeatSitsOut):
            assert e.seat not in after.order
        elif isinstance(e, HandDealt):
            pack = Counter(v.pack())
            self.hands = [Counter(h) for h in e.hands if h is not None]
            assert len(self.hands) == v.players
            assert [sum(h.values()) for h in self.hands] == list(e.hand_sizes)
            self.stock = None
            self.stock_left = pack - sum(self.hands, Counter())
            self.pile, self.reds = [], [[] for _ in range(v.players)]
            self.sides = list(after.sides)
            self.melds = [{} for _ in after.sides]
            assert (e.hand_number, e.dealer, e.order) == (
                after.hand_number,
                after.dealer,
                after.order,
            )
        elif isinstance(e, UpcardTurned):
            self.draw(e.cards)
            self.pile.extend(e.cards)
        elif isinstance(e, CardsDrawn):
            assert e.cards is not None and len(e.cards) == e.count
            self.draw(e.cards)
            self.hands[e.seat].update(e.cards)
        elif isinstance(e, RedThreeLaidOut):
            assert e.card.is_red_three
            self.take(e.seat, [e.card])
            self.reds[e.seat].append(e.card)
        elif isinstance(e, PileTaken):
            assert list(e.cards) == self.pile
            self.hands[e.seat].update(self.pile)
            self.pile = []
        elif isinstance(e, MeldMade):
            assert e.seat in self.sides[e.side]
            assert e.meld.rank not in self.melds[e.side]
            self.take(e.seat, e.meld.cards)
            self.melds[e.side][e.meld.rank] = Counter(e.meld.cards)
        elif isinstance(e, MeldExtended):
            assert e.seat in self.sides[e.side]
            old = self.melds[e.side][e.meld.rank]
            assert old + Counter(e.cards) == Counter(e.meld.cards)
            self.take(e.seat, e.cards)
            self.melds[e.side][e.meld.rank] = Counter(e.meld.cards)
        elif isinstance(e, CanastaCompleted):
            meld = self.melds[e.side][e.rank]
            assert sum(meld.values()) >= v.canasta_size
            assert e.natural == (not any(card.is_wild for card in meld))
        elif isinstance(e, Discarded):
            self.take(e.seat, [e.card])
            self.pile.append(e.card)
        elif isinstance(e, LoneHandFormed):
            lone = self.melds[self.sides.index((e.seat,))]
            merged: dict[Rank, Counter[Card]] = {}
            for p in e.partners:
                for rank, meld in self.melds[self.sides.index((p,))].items():
                    merged.setdefault(rank, Counter()).update(meld)
            assert merged == {m.rank: Counter(m.cards) for m in e.melds}
            self.sides = [(e.seat,), e.partners]
            self.melds = [lone, merged]
        elif isinstance(e, HandEnded):
            assert after.end is not None
            assert (e.hand_number, e.reason, e.seat, e.concealed) == (
                after.hand_number,
                after.end.reason,
                after.end.seat,
                after.end.concealed,
            )
        elif isinstance(e, HandScored):
            assert e.score == canasta.score_hand(after)
            assert e.totals == after.match_totals
        elif isinstance(e, MatchOver):
            assert after.is_match_over and e.winners == after.winners
        else:
            assert isinstance(e, PartnerAsked | PartnerAnswered | PileDeclined), e

    def check(self, after: GameState) -> None:
        assert self.hands == [Counter(h) for h in after.hands]
        if self.stock is not None:
            assert tuple(self.stock) == after.stock
        assert +self.stock_left == Counter(after.stock)
        assert tuple(self.pile) == after.discard_pile
        assert self.sides == list(after.sides)
        assert self.melds == [{m.rank: Counter(m.cards) for m in side} for side in after.melds]
        assert [tuple(r) for r in self.reds] == list(after.red_threes)


def replays(before: GameState | None, events: Sequence[Any], after: GameState) -> None:
    """The events, played as card movements on ``before`` (``None``: a deal), give ``after``."""
    table = Table.of(before if before is not None else after)
    for e in events:
        table.play(e, after)
    table.check(after)


@functools.cache
def validator() -> Any:
    schema = canasta.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def round_trips(e: Any, schema: bool = True) -> None:
    text = canasta.to_json(e)
    assert canasta.from_json(text) == e
    assert canasta.to_json(canasta.from_json(text)) == text
    if schema:
        errors = list(validator().iter_errors(canasta.to_dict(e)))
        assert not errors, [x.message for x in errors[:3]]


def hidden_cards_only_for(events: Sequence[Any], seat: int | None) -> None:
    """The filtered events show no card the seat cannot see."""
    for e in events:
        if isinstance(e, CardsDrawn) and e.seat != seat:
            assert e.cards is None
        if isinstance(e, HandDealt):
            assert all(h is None for p, h in enumerate(e.hands) if p != seat)


# ---------------------------------------------------------------------------- built positions
def test_a_draw_lays_out_a_red_three_and_replaces_it() -> None:
    s = full_position(hands=["KH KS 9D 9C 4S", "", "", ""], discard_pile="7D", stock_top="3H 5C")
    after, events = canasta.step(s, canasta.Draw(0))
    assert events == (
        CardsDrawn(seat=0, count=1, cards=cs("3H")),
        RedThreeLaidOut(seat=0, card=c("3H")),
        CardsDrawn(seat=0, count=1, cards=cs("5C"), replacing=True),
    )
    replays(s, events, after)
    assert canasta.events_for(events, 1) == (
        CardsDrawn(seat=0, count=1, cards=None),
        RedThreeLaidOut(seat=0, card=c("3H")),
        CardsDrawn(seat=0, count=1, cards=None, replacing=True),
    )
    assert canasta.events_for(events, 0) == events


def test_two_player_draws_two_and_replaces_each_red_three() -> None:
    v = canasta.get_variant("two-player")
    placed = ["KH KS 9D 9C 4S", "QH QS QD 4D 4C", "7D"]
    top = cs("3D 8C 3H 9S TC")
    rest = list((Counter(v.pack()) - Counter(cs(" ".join(placed))) - Counter(top)).elements())
    s = canasta.position(
        v, hands=placed[:2], discard_pile=placed[2], stock=[*top, *rest], current_seat=1
    )
    after, events = canasta.step(s, canasta.Draw(1))
    assert events == (
        CardsDrawn(seat=1, count=2, cards=cs("3D 8C")),
        RedThreeLaidOut(seat=1, card=c("3D")),
        CardsDrawn(seat=1, count=1, cards=cs("3H"), replacing=True),
        RedThreeLaidOut(seat=1, card=c("3H")),
        CardsDrawn(seat=1, count=1, cards=cs("9S"), replacing=True),
    )
    replays(s, events, after)


def test_taking_the_pile_melds_its_top_card_first_and_lays_out_its_red_threes() -> None:
    s = canasta.position(
        "classic",
        hands=["KH KS 9D 9C 9H 4S 5S", "", "", ""],
        discard_pile="3D 7D KD",
        current_seat=0,
    )
    action = canasta.TakePile(0, "KH KS", melds=["9D 9C 9H"])
    after, events = canasta.step(s, action)
    assert events == (
        PileTaken(seat=0, cards=cs("3D 7D KD")),
        MeldMade(seat=0, side=0, meld=Meld.parse("KD KH KS")),
        MeldMade(seat=0, side=0, meld=Meld.parse("9D 9C 9H")),
        RedThreeLaidOut(seat=0, card=c("3D")),
    )
    replays(s, events, after)
    assert canasta.events_for(events, 2) == events  # the pile's cards were face up


def test_melding_extends_and_completes_canastas() -> None:
    s = canasta.position(
        "classic",
        hands=["KH KS 2C QH QS 5D 6D", "", "", ""],
        melds=[["KD KC KH KS KD"], []],
        phase="play",
    )
    after, events = canasta.step(s, canasta.MeldCards(0, ["KH KS", "QH QS 2C"]))
    assert events == (
        MeldExtended(seat=0, side=0, cards=cs("KS KH"), meld=Meld.parse("KD KC KH KS KD KH KS")),
        CanastaCompleted(seat=0, side=0, rank=Rank.KING, natural=True),
        MeldMade(seat=0, side=0, meld=Meld.parse("QH QS 2C")),
    )
    replays(s, events, after)


def test_a_mixed_canasta_and_going_out_end_the_hand_with_its_score() -> None:
    s = canasta.position(
        "classic",
        hands=["QH QS 2C 5D", "4H 4S 6C", "8C 8D 9S", "7D 9H TC"],
        melds=[["QD QC QH QS"], ["JC JD JH"]],
        red_threes=["", "", "", ""],
        discard_pile="6D",
        phase="play",
        has_melded=[True, False, True, False],
    )
    after, events = canasta.step(s, canasta.MeldCards(0, [Meld(Rank.QUEEN, "QH QS 2C")]))
    assert events == (
        MeldExtended(seat=0, side=0, cards=cs("2C QS QH"), meld=Meld.parse("QD QC QH QS QH QS 2C")),
        CanastaCompleted(seat=0, side=0, rank=Rank.QUEEN, natural=False),
    )
    after2, events2 = canasta.step(after, canasta.Discard(0, "5D"))
    score = canasta.score_hand(after2)
    assert events2 == (
        Discarded(seat=0, card=c("5D")),
        HandEnded(hand_number=1, reason=EndReason.WENT_OUT, seat=0, concealed=False),
        HandScored(hand_number=1, score=score, totals=after2.match_totals),
    )
    replays(after, events2, after2)


def test_going_out_wins_the_match() -> None:
    s = canasta.position(
        "classic",
        hands=["QH QS 2C 5D", "4H 4S 6C", "8C 8D 9S", "7D 9H TC"],
        melds=[["QD QC QH QS"], ["JC JD JH"]],
        discard_pile="6D",
        phase="play",
        totals=[4900, 0],
    )
    after, _ = canasta.step(s, canasta.MeldCards(0, [Meld(Rank.QUEEN, "QH QS 2C")]))
    final, events = canasta.step(after, canasta.Discard(0, "5D"))
    assert events[-1] == MatchOver(winners=(0,), totals=final.match_totals)
    assert final.match_totals[0] >= 5000


def test_asking_and_answering() -> None:
    s = canasta.position(
        "classic",
        hands=["KH KS KD 5C", "4H 4S 6C 7C", "8C 8D 9S", "7D 9H TC"],
        melds=[["QH QS QD QC QH QS QD"], ["JC JD JH"]],
        discard_pile="6D",
        phase="play",
    )
    asked, events = canasta.step(s, canasta.AskPartner(0))
    assert events == (PartnerAsked(seat=0),)
    _answered, events = canasta.step(asked, canasta.AnswerPartner(2, False))
    assert events == (PartnerAnswered(seat=2, yes=False),)


def test_declining_the_pile_ends_the_hand() -> None:
    s = empty_stock_position(
        hands=["9S 9C 5C", "4H 4S", "6C", "7D"],
        melds=[["9D 9D 9H"], ["QC QD QH"]],
        discard_pile="9H",
    )
    after, events = canasta.step(s, canasta.DeclinePile(0))
    assert events[:2] == (
        PileDeclined(seat=0),
        HandEnded(hand_number=1, reason=EndReason.STOCK_EXHAUSTED, seat=0),
    )
    assert isinstance(events[2], HandScored)
    replays(s, events, after)


def test_the_next_players_red_threes_at_his_first_turn() -> None:
    v = canasta.get_variant("classic").derive(red_three_timing="first_turn")
    placed = ["KH KS 9D 9C 4S", "3H QS QD 4D 4C", "", "", "7D"]
    top = cs("8C")
    rest = list((Counter(v.pack()) - Counter(cs(" ".join(placed))) - Counter(top)).elements())
    s = canasta.position(
        v, hands=placed[:4], discard_pile=placed[4], stock=[*top, *rest], phase="play"
    )
    after, events = canasta.step(s, canasta.Discard(0, "4S"))
    assert events == (
        Discarded(seat=0, card=c("4S")),
        RedThreeLaidOut(seat=1, card=c("3H")),
        CardsDrawn(seat=1, count=1, cards=cs("8C"), replacing=True),
    )
    replays(s, events, after)


def test_cutthroat_the_taker_plays_alone_and_the_others_combine_their_melds() -> None:
    s = canasta.position(
        "cutthroat",
        hands=["KH KS 9D 9C 9H 4S 5S", "AH AS 6C", "AD 2C 6D"],
        melds=[[], ["QH QS QD QD"], ["QC QH JK", "AC AC AH AS AD"]],
        discard_pile="7D KD",
        current_seat=0,
    )
    after, events = canasta.step(s, canasta.TakePile(0, "KH KS", melds=["9D 9C 9H"]))
    assert events == (
        PileTaken(seat=0, cards=cs("7D KD")),
        MeldMade(seat=0, side=0, meld=Meld.parse("KD KH KS")),
        MeldMade(seat=0, side=0, meld=Meld.parse("9D 9C 9H")),
        LoneHandFormed(
            seat=0,
            partners=(1, 2),
            melds=(Meld.parse("AC AC AH AS AD"), Meld.parse("QH QS QD QD QC QH JK")),
        ),
        CanastaCompleted(seat=None, side=1, rank=Rank.QUEEN, natural=False),
    )
    replays(s, events, after)


def test_the_first_deal_and_the_next_are_described() -> None:
    state = canasta.new_game("five-player", seed=11)
    events = canasta.deal_events(state)
    (out,) = set(range(5)) - set(state.order)
    assert events[0] == SeatSitsOut(seat=out, hand_number=1)
    dealt = events[1]
    assert isinstance(dealt, HandDealt) and dealt.hand_sizes[out] == 0
    assert isinstance(events[2], UpcardTurned) and events[2].upcard == state.top_card
    replays(None, events, state)
    me = state.order[0]
    seen = canasta.events_for(events, me)
    hidden_cards_only_for(seen, me)
    assert isinstance(seen[1], HandDealt) and seen[1].hands[me] == dealt.hands[me]


def test_deal_events_refuse_a_state_that_is_not_a_fresh_deal() -> None:
    state = canasta.new_game("classic", seed=4)
    moved = canasta.apply(state, canasta.Draw(0))
    with pytest.raises(canasta.StateError, match="not hand 1 as dealt"):
        canasta.deal_events(moved)
    deck = canasta.make_pack()
    dealt = canasta.new_game("classic", deck=deck)
    assert canasta.deal_events(dealt, deck)[0].hands[0] == dealt.hands[0]
    with pytest.raises(canasta.StateError, match="no seed"):
        canasta.deal_events(dealt)
    with pytest.raises(canasta.SetupError):
        canasta.deal_events(dealt, deck[:-1])
    with pytest.raises(canasta.StateError):
        canasta.deal_events("not a state")  # type: ignore[arg-type]


def test_events_for_refuses_what_is_not_a_seat_or_an_event() -> None:
    with pytest.raises(canasta.StateError):
        canasta.events_for((), True)  # type: ignore[arg-type]
    with pytest.raises(canasta.StateError):
        canasta.events_for((), -1)
    with pytest.raises(canasta.StateError):
        canasta.events_for([canasta.Draw(0)], 0)  # type: ignore[list-item]
    spectator = canasta.events_for([CardsDrawn(seat=0, count=1, cards=cs("KH"))], None)
    assert spectator == (CardsDrawn(seat=0, count=1, cards=None),)


def test_step_is_apply_and_refuses_alike() -> None:
    state = canasta.new_game("classic", seed=9)
    assert canasta.step(state, canasta.Draw(0))[0] == canasta.apply(state, canasta.Draw(0))
    assert canasta.step(state, canasta.Draw(0)) == canasta.step(state, canasta.Draw(0))
    with pytest.raises(canasta.IllegalActionError) as exc:
        canasta.step(state, canasta.Draw(1))
    assert exc.value.reason is canasta.Reason.NOT_YOUR_TURN


# ---------------------------------------------------------------------------- JSON
def test_the_schema_lists_every_event_type() -> None:
    schema = canasta.json_schema()
    assert set(EVENT_TYPES) <= set(schema["properties"]["type"]["enum"])
    assert set(EVENT_TYPES) <= set(canasta.serialize.registered_types())
    for name in EVENT_TYPES:
        assert f"{name}_document" in schema["$defs"]


@pytest.mark.parametrize(
    ("doc", "where"),
    [
        (
            {"type": "cards_drawn", "seat": 0, "count": 2, "cards": ["KH"], "replacing": False},
            "$.cards",
        ),
        (
            {"type": "cards_drawn", "seat": 0, "count": 0, "cards": None, "replacing": False},
            "$.count",
        ),
        (
            {"type": "cards_drawn", "seat": 64, "count": 1, "cards": None, "replacing": False},
            "$.seat",
        ),
        (
            {"type": "cards_drawn", "seat": 0, "count": 2, "cards": None, "replacing": True},
            "$.count",
        ),
        ({"type": "cards_drawn", "seat": 0, "count": 1, "cards": None}, "$.replacing"),
        ({"type": "red_three_laid_out", "seat": 0, "card": "3S"}, "$.card"),
        ({"type": "pile_taken", "seat": 0, "cards": []}, "$.cards"),
        (
            {"type": "meld_made", "seat": 0, "side": 0, "meld": {"rank": "2", "cards": ["2C"]}},
            "$.meld.rank",
        ),
        (
            {"type": "meld_made", "seat": 0, "side": 0, "meld": {"rank": "K", "cards": ["QH"]}},
            "$.meld.cards[0]",
        ),
        (
            {
                "type": "meld_extended",
                "seat": 0,
                "side": 0,
                "cards": ["KH", "KH"],
                "meld": {"rank": "K", "cards": ["KH", "KS", "KD"]},
            },
            "$.cards[1]",
        ),
        (
            {"type": "canasta_completed", "seat": None, "side": 0, "rank": "K", "natural": 1},
            "$.natural",
        ),
        (
            {
                "type": "hand_ended",
                "hand_number": 1,
                "reason": "bored",
                "seat": 0,
                "concealed": False,
            },
            "$.reason",
        ),
        (
            {
                "type": "hand_ended",
                "hand_number": 1,
                "reason": "stock_exhausted",
                "seat": 0,
                "concealed": True,
            },
            "$.concealed",
        ),
        (
            {
                "type": "hand_dealt",
                "hand_number": 1,
                "dealer": 3,
                "order": [0, 1],
                "hands": [None, None],
                "hand_sizes": [11, 11],
            },
            "$.dealer",
        ),
        (
            {
                "type": "hand_dealt",
                "hand_number": 1,
                "dealer": 1,
                "order": [0, 1],
                "hands": [["KH"], None],
                "hand_sizes": [11, 11],
            },
            "$.hands[0]",
        ),
        ({"type": "match_over", "winners": [2], "totals": [5000, 10]}, "$.winners"),
        ({"type": "lone_hand_formed", "seat": 0, "partners": [0, 1], "melds": []}, "$.partners"),
        ({"type": "upcard_turned", "cards": ["KX"]}, "$.cards[0]"),
        ({"type": "discarded", "seat": 0, "card": "KH", "extra": 1}, "$.extra"),
        ({"type": "partner_answered", "seat": 0}, "$.yes"),
    ],
)
def test_bad_event_documents_are_refused_naming_the_field(doc: dict[str, Any], where: str) -> None:
    doc = {"format_version": 1, **doc}
    with pytest.raises(canasta.NotationError) as exc:
        canasta.from_json(json.dumps(doc))
    assert str(exc.value).startswith(where + ":"), str(exc.value)


# ---------------------------------------------------------------------------- random games
def random_game(
    name: str, seed: int, deal: bool = True, limit: int = 400
) -> list[tuple[GameState, Any, GameState, tuple[Any, ...]]]:
    """Steps ``(before, action, after, events)`` of a random first hand of the variant, and
    with ``deal`` the deal of the second (unless the match is over)."""
    rng = random.Random(f"events:{name}:{seed}")
    state = canasta.new_game(VARIANTS[name], seed=seed)
    out = []
    for _ in range(limit):
        if state.hand_number > 1:
            break
        if state.is_hand_over:
            if not deal or state.is_match_over:
                break
            action: Any = canasta.DealNextHand()
        else:
            menu = canasta.legal_actions(state)
            action = menu[rng.randrange(len(menu))]
        after, events = canasta.step(state, action)
        out.append((state, action, after, events))
        state = after
    return out


SOME = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", VARIANTS)
@SOME
@given(seed=st.integers(0, 2**31))
def test_events_are_the_state_change_and_round_trip(name: str, seed: int) -> None:
    first = canasta.new_game(VARIANTS[name], seed=seed)
    deal = canasta.deal_events(first)
    replays(None, deal, first)
    for e in deal:
        round_trips(e)
    for before, action, after, events in random_game(name, seed):
        assert events == events_between(before, action, after)
        replays(None if isinstance(action, canasta.DealNextHand) else before, events, after)
        for e in events:
            round_trips(e)
        for seat in (None, *range(after.variant.players)):
            seen = canasta.events_for(events, seat)
            hidden_cards_only_for(seen, seat)
            for e in seen:
                round_trips(e, schema=seat is None)


# ---------------------------------------------------------------------------- the leak test
def perturbed(
    before: GameState, action: Any, events: Sequence[Any], viewer: int | None, rng: random.Random
) -> GameState:
    """``before`` with the cards ``viewer`` cannot see, and this move does not show him,
    shuffled: the stock's cards but those the move gives the viewer, and (unless the move ends
    the hand, whose score shows every hand) the hands of the seats neither acting, viewing nor
    next to play. Red threes stay where they are (laying one out shows it)."""
    actor = action.seat
    order = before.order
    nxt = order[(order.index(actor) + 1) % len(order)]
    fixed: set[int] = set()
    pos = 0
    for e in events:
        if isinstance(e, CardsDrawn) and e.cards is not None:
            if e.seat == viewer:
                fixed.update(range(pos, pos + e.count))
            pos += e.count
    stock = list(before.stock)
    slots = [
        ("stock", i) for i, card in enumerate(stock) if i not in fixed and not card.is_red_three
    ]
    hands = [list(h) for h in before.hands]
    ends = any(isinstance(e, HandEnded) for e in events)
    if not ends:
        for p in order:
            if p not in (actor, viewer, nxt):
                slots += [(p, i) for i, card in enumerate(hands[p]) if not card.is_red_three]

    def get(slot: tuple[Any, int]) -> Card:
        where, i = slot
        return stock[i] if where == "stock" else hands[where][i]

    pool = [get(s) for s in slots]
    rng.shuffle(pool)
    for (where, i), card in zip(slots, pool, strict=True):
        if where == "stock":
            stock[i] = card
        else:
            hands[where][i] = card
    return attrs.evolve(before, stock=tuple(stock), hands=tuple(canasta.Cards.of(h) for h in hands))


@pytest.mark.parametrize("name", VARIANTS)
def test_leak_filtered_events_do_not_depend_on_hidden_cards(name: str) -> None:
    rng = random.Random(name)
    for before, action, _after, events in random_game(name, 1, deal=False, limit=250):
        if isinstance(action, canasta.DealNextHand):
            continue
        viewers: list[int | None] = [None, *range(before.variant.players)]
        for viewer in viewers:
            if viewer == action.seat:
                continue
            other = perturbed(before, action, events, viewer, rng)
            _, events_b = canasta.step(other, action)
            seen_a = canasta.events_for(events, viewer)
            seen_b = canasta.events_for(events_b, viewer)
            assert seen_a == seen_b, (action, viewer)
            assert [canasta.to_json(e) for e in seen_a] == [canasta.to_json(e) for e in seen_b]
            hidden_cards_only_for(seen_a, viewer)


def _dealt_to(state: GameState, i: int) -> int | None:
    """The seat the deck's card ``i`` is dealt to (``None``: the stock), for a fresh ``state``."""
    order = state.order
    d = order.index(state.dealer)
    if i >= state.variant.hand_size * len(order):
        return None
    return order[(d + 1 + i) % len(order)]


@pytest.mark.parametrize("name", PRESETS)
def test_leak_deals_show_each_seat_its_own_hand_only(name: str) -> None:
    v = canasta.get_variant(name)
    rng = random.Random(f"deal:{name}")
    deck = list(v.pack())
    rng.shuffle(deck)
    first = canasta.new_game(v, deck=deck, seed=None)
    _, _, ended, _ = random_game(name, 2, deal=False)[-1]
    for viewer in first.order:
        other = list(deck)
        slots = [
            i
            for i, card in enumerate(deck)
            if _dealt_to(first, i) not in (None, viewer) and not card.is_red_three
        ]
        pool = [other[i] for i in slots]
        rng.shuffle(pool)
        for i, card in zip(slots, pool, strict=True):
            other[i] = card
        second = canasta.new_game(v, deck=other, seed=None)
        a = canasta.events_for(canasta.deal_events(first, deck), viewer)
        b = canasta.events_for(canasta.deal_events(second, other), viewer)
        assert a == b
        hidden_cards_only_for(a, viewer)
    if ended.is_hand_over and not ended.is_match_over:
        nxt, events = canasta.step(ended, canasta.DealNextHand(deck))
        replays(None, events, nxt)


def test_events_are_hashable_values() -> None:
    for _before, _action, _after, events in random_game("cutthroat", 3):
        for e in events:
            assert hash(e) == hash(canasta.from_json(canasta.to_json(e)))


@functools.cache
def event_documents() -> tuple[dict[str, Any], ...]:
    docs: dict[str, dict[str, Any]] = {}
    for name in ("classic", "cutthroat", "five-player"):
        for _before, _action, _after, events in random_game(name, 5):
            for e in (*events, *canasta.events_for(events, 1)):
                docs.setdefault(
                    canasta.to_dict(e)["type"] + str(e.seen_by(0) == e), canasta.to_dict(e)
                )
    return tuple(docs.values())


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_event_documents_raise_only_notation_errors(data: st.DataObject) -> None:
    doc = json.loads(json.dumps(data.draw(st.sampled_from(event_documents()))))
    key = data.draw(st.sampled_from(sorted(k for k in doc if k not in ("format_version", "type"))))
    if data.draw(st.booleans()):
        del doc[key]
    else:
        doc[key] = data.draw(JSON_VALUES)
    try:
        value = canasta.from_json(json.dumps(doc))
    except canasta.NotationError:
        return
    assert canasta.from_json(canasta.to_json(value)) == value


def test_step_takes_every_form_and_the_sender() -> None:
    """``step`` judges as ``apply`` does: notation, JSON and values alike, and ``seat=``."""
    state = canasta.position("classic", hands=["KH KS KD 5S 5H 5D 9C 7D", "4C", "6C", "8C"])
    by_value = canasta.step(state, canasta.Draw(0))
    assert canasta.step(state, "draw") == by_value
    assert canasta.step(state, canasta.to_json(canasta.Draw(0))) == by_value
    assert canasta.step(state, "draw", seat=0) == by_value
    with pytest.raises(canasta.IllegalActionError) as info:
        canasta.step(state, "draw", seat=1)
    assert info.value.reason is canasta.Reason.NOT_YOUR_TURN


def test_events_for_refuses_what_is_not_events() -> None:
    with pytest.raises(canasta.StateError):
        canasta.events_for(None, 0)  # type: ignore[arg-type]
