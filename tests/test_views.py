"""Per-seat views hide what a seat may not see, in every variant, also in their JSON."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta.bots import RandomPlayer, play_hand, play_match
from canasta.views import observe, stand_in

PRESETS = canasta.variant_names()


def _card_strings(data: Any) -> Counter[str]:
    """Every string in a JSON value that is a card in notation."""
    found: Counter[str] = Counter()
    if isinstance(data, dict):
        for value in data.values():
            found += _card_strings(value)
    elif isinstance(data, list):
        for value in data:
            found += _card_strings(value)
    elif isinstance(data, str):
        with contextlib.suppress(canasta.NotationError):
            found[str(canasta.Card.parse(data))] += 1
    return found


def _visible(state: canasta.GameState, seat: int) -> Counter[str]:
    seen: Counter[str] = Counter(str(c) for c in state.hands[seat])
    for side in state.melds:
        for meld in side:
            seen.update(str(c) for c in meld.cards)
    for laid in state.red_threes:
        seen.update(str(c) for c in laid)
    if state.top_card is not None:
        seen[str(state.top_card)] += 1
    return seen


def _states(name: str, seed: int) -> list[canasta.GameState]:
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    out = [state]
    while not state.is_hand_over:
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
        if rng.random() < 0.1:
            out.append(state)
    out.append(state)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_no_hidden_card_in_a_view_or_its_json(name: str) -> None:
    for seed in range(3):
        for state in _states(name, seed):
            for seat in range(state.variant.players):
                view = observe(state, seat)
                visible = _visible(state, seat)
                data = json.loads(canasta.to_json(view))
                actions = data.pop("legal_actions")
                shown = _card_strings(data)
                assert not shown - visible, f"seat {seat} sees hidden cards {shown - visible}"
                # the other hands only as sizes, the stock only as its size
                assert data["hand_sizes"] == [len(h) for h in state.hands]
                assert data["stock_size"] == len(state.stock)
                assert data["pile_size"] == len(state.discard_pile)
                own = {str(c) for c in state.hands[seat]}
                for action in actions:
                    # a listed action names only cards of the seat's own hand
                    assert set(_card_strings(action)) <= own, action
                if seat != state.current_seat:
                    assert actions == []
                assert canasta.from_json(canasta.to_json(view)) == view


def test_view_fields() -> None:
    state = canasta.new_game("classic", seed=1)
    view = observe(state, 0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (11, 11, 11, 11)
    assert view.top_card == state.top_card
    assert view.minimums == (50, 50)
    assert isinstance(view.legal_actions, canasta.LegalActions)
    assert tuple(view.legal_actions) == tuple(canasta.legal_actions(state))
    assert observe(state, 1).legal_actions == ()
    with pytest.raises(canasta.StateError, match="seat must be from 0 to 3"):
        observe(state, 4)


@pytest.mark.parametrize("seat", [4, -1, "0", None, True])
def test_observe_refuses_a_seat_with_a_state_error(seat: object) -> None:
    state = canasta.new_game("classic", seed=1)
    with pytest.raises(canasta.StateError, match="seat must be from 0 to 3"):
        observe(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", [None, 1, "state", {}])
def test_observe_refuses_a_non_state_with_a_state_error(thing: object) -> None:
    with pytest.raises(canasta.StateError, match="not a GameState"):
        observe(thing, 0)  # type: ignore[arg-type]
    state = canasta.new_game("classic", seed=1)
    with pytest.raises(canasta.StateError):
        observe(observe(state, 0), 0)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- views that check
def _scrambled(state: canasta.GameState, seat: int, rng: random.Random) -> canasta.GameState:
    """``state`` with the cards hidden from ``seat`` (other hands, stock, pile under the top)
    dealt around those places again, each keeping its size; the pile under the top keeps its
    red threes and whether it freezes (public facts), so the seat's view stays the same."""
    hands = [list(h) for h in state.hands]
    buried = list(state.discard_pile[:-1])
    top = state.discard_pile[-1:]
    # once the hand is over its score sheet shows what the hands held: only the stock and the
    # pile stay hidden
    keep = set(range(len(hands))) if state.is_hand_over else {seat}
    pool = [c for s in range(len(hands)) if s not in keep for c in hands[s]] + list(state.stock)
    # the pile's cards are swapped only with hidden cards that keep its public facts
    freezes = state.variant.black_three_discard == "freezes"

    def kind(c: canasta.Card) -> int:
        return 2 if c.is_red_three else 1 if (c.is_wild or (freezes and c.is_black_three)) else 0

    frozen_by_buried = any(kind(c) for c in buried)
    for i, c in enumerate(buried):
        candidates = [
            j
            for j, d in enumerate(pool)
            if kind(d) == kind(c)
            or (
                frozen_by_buried
                and kind(c) < 2
                and kind(d) < 2
                and sum(map(kind, buried)) > kind(c)
            )
        ]
        if candidates and rng.random() < 0.5:
            j = rng.choice(candidates)
            buried[i], pool[j] = pool[j], buried[i]
    rng.shuffle(pool)
    new_hands = []
    for s, h in enumerate(hands):
        if s in keep:
            new_hands.append(state.hands[s])
        else:
            new_hands.append(canasta.Cards.of(pool[: len(h)]))
            del pool[: len(h)]
    return attrs.evolve(
        state, hands=tuple(new_hands), stock=tuple(pool), discard_pile=(*buried, *top)
    )


def _probes(state: canasta.GameState, seat: int, rng: random.Random) -> list[object]:
    """Moves to judge: the listed ones, and unlisted or illegal ones of every form."""
    menu = canasta.legal_actions(state) if state.current_seat == seat else ()
    moves: list[object] = list(menu)[:40]
    hand = list(state.hands[seat])
    others = [s for s in range(state.variant.players) if s != seat]
    moves += [canasta.Draw(seat), canasta.DeclinePile(seat), canasta.AskPartner(seat)]
    moves += [canasta.EndTurn(seat), canasta.AnswerPartner(seat, True), canasta.DealNextHand()]
    moves += ["draw", "deal", f'{{"format_version": 1, "type": "draw", "seat": {seat}}}']
    moves += [{"format_version": 1, "type": "draw", "seat": seat}, {"type": "draw"}]
    moves += [canasta.Draw(others[0]), "meld KC 7C 6C", "discard", "{not json", {"type": "x"}]
    moves += [canasta.Discard(seat, c) for c in sorted(set(hand))[:6]]
    moves += [canasta.Discard(seat, "JK"), canasta.Discard(seat, "4D")]
    if state.top_card is not None:
        moves.append(canasta.TakePile(seat))
    for _ in range(8):
        if len(hand) >= 3:
            cards = rng.sample(hand, rng.randint(1, min(5, len(hand))))
            naturals = [c for c in cards if c.rank.is_natural]
            if naturals:
                rank = naturals[0].rank
                with contextlib.suppress(ValueError):
                    moves.append(canasta.MeldCards(seat, [canasta.Meld(rank, cards)]))
                    moves.append(canasta.TakePile(seat, cards))
                    moves.append("meld " + " ".join(map(str, cards)))
    return moves


def _verdict(v: canasta.Violation | None) -> tuple[str, str] | None:
    return None if v is None else (v.reason.value, v.message)


@pytest.mark.parametrize("name", PRESETS)
def test_a_view_judges_by_what_its_seat_sees(name: str) -> None:
    """Two states that differ only in cards hidden from a seat give that seat the same view,
    and the view judges every move alike: listed ones, unlisted and illegal ones, in every
    form. The view of the seat to act lists the state's menu exactly, and judges his moves as
    the state does."""
    rng = random.Random(name)
    for seed in range(2):
        for state in _states(name, seed)[::2]:
            for seat in range(state.variant.players):
                view = observe(state, seat)
                other = _scrambled(state, seat, rng)
                view2 = observe(other, seat)
                assert view2 == view
                assert stand_in(view2) == stand_in(view)
                if seat == state.current_seat:
                    assert tuple(view.legal_actions) == tuple(canasta.legal_actions(state))
                    assert tuple(view2.legal_actions) == tuple(view.legal_actions)
                else:
                    assert view.legal_actions == ()
                for move in _probes(state, seat, rng):
                    got = canasta.check(view, move)
                    assert _verdict(canasta.check(view2, move)) == _verdict(got), move
                    assert canasta.is_legal(view, move) is (got is None)
                    if seat == state.current_seat:
                        real = canasta.check(state, move)
                        assert _verdict(got) == _verdict(real), move
                        menu = canasta.legal_actions(state)
                        assert (move in view.legal_actions) is (move in menu), move
                        if isinstance(move, canasta.Action.__args__):  # type: ignore[attr-defined]
                            assert (move in view.legal_actions) is (got is None), move
                    elif isinstance(move, canasta.DealNextHand) or move == "deal":
                        assert got is not None
                    else:  # not the seat to act: every move of his is refused
                        assert got is not None, move
                        assert move not in view.legal_actions


def test_a_view_accepts_an_unlisted_legal_meld() -> None:
    """The view's menu, like the state's, accepts a legal move it does not list: four aces
    at once, where the menu lists three-card melds (issue: `meld AS AH AC AC` was not `in`
    the view's plain tuple)."""
    state = canasta.position(
        "classic",
        hands=["AS AH AC AC KH KS KD 9C 8D", "", "", ""],
        melds=[["QH QS QD"], []],
        discard_pile="5C",
        current_seat=0,
        phase="play",
    )
    view = observe(state, 0)
    four = "meld AS AH AC AC"
    action = canasta.parse_action_text(four, 0)
    assert action not in tuple(view.legal_actions)
    assert action in view.legal_actions and action in canasta.legal_actions(state)
    assert canasta.check(view, four) is None and canasta.is_legal(view, four)
    assert canasta.check(view, action) is None and canasta.is_legal(view, action)
    two = canasta.parse_action_text("meld AS AH", 0)
    assert two not in view.legal_actions
    assert canasta.check(view, "meld AS AH").reason is canasta.Reason.MELD_TOO_SMALL
    assert action not in observe(state, 1).legal_actions


def test_a_view_judges_only_its_own_seat() -> None:
    state = canasta.new_game("classic", seed=7)
    mine, theirs = observe(state, 0), observe(state, 1)
    assert canasta.check(mine, "draw") is None
    # text is read as the viewer's move: seat 1 may not draw now
    assert canasta.check(theirs, "draw").reason is canasta.Reason.NOT_YOUR_TURN
    assert not canasta.is_legal(theirs, "draw") and "draw" not in theirs.legal_actions
    # another seat's move, even a legal one, is not the view's to judge
    verdict = canasta.check(theirs, canasta.Draw(0))
    assert verdict is not None and verdict.reason is canasta.Reason.NOT_YOUR_TURN
    assert verdict.action == canasta.Draw(0)
    seat_1 = {"format_version": 1, "type": "draw", "seat": 1}
    assert canasta.check(mine, seat_1).reason is canasta.Reason.NOT_YOUR_TURN
    assert canasta.check(mine, "{oops").reason is canasta.Reason.MALFORMED
    assert canasta.check(mine, 42).reason is canasta.Reason.MALFORMED
    with pytest.raises(canasta.StateError):
        canasta.apply(mine, canasta.Draw(0))  # type: ignore[arg-type]


def test_a_view_of_an_ended_hand_deals_nothing() -> None:
    state = _states("two-player", 1)[-1]
    assert state.is_hand_over
    view = observe(state, 0)
    assert view.legal_actions == () and view.is_hand_over
    for move in (canasta.DealNextHand(), "deal", canasta.Draw(0)):
        verdict = canasta.check(view, move)
        assert verdict is not None
    over = canasta.check(view, "draw")
    assert over is not None and over.reason is canasta.Reason.HAND_OVER
    assert canasta.check(view, "deal").reason is (
        canasta.Reason.MATCH_OVER if state.is_match_over else canasta.Reason.NOT_YOUR_TURN
    )


def test_the_view_carries_the_table_facts() -> None:
    five = canasta.new_game("five-player", seed=3)
    sitter = next(s for s in range(5) if s not in five.order)
    for seat in range(5):
        view = observe(five, seat)
        assert view.dealer == five.dealer
        assert view.sitting_out == sitter
        assert view.turn == five.turn and view.has_melded == five.has_melded
        assert view.end is None and view.score is None
    assert observe(five, sitter).legal_actions == ()
    assert observe(canasta.new_game("classic", seed=3), 0).sitting_out is None
    ended = _states("classic", 2)[-1]
    view = observe(ended, 1)
    assert view.end == ended.end is not None
    assert view.score == canasta.score_hand(ended)
    assert view.is_match_over == ended.is_match_over


def test_pile_frozen_means_frozen_for_everybody_on_the_state_and_the_view() -> None:
    """One name, one meaning: ``pile_frozen`` is frozen for everybody, ``pile_frozen_for(side)``
    for one side (and ``pile_frozen_for_me`` for the viewer's), on the state and the view."""
    open_pile = canasta.position(
        "classic",
        hands=["9S 9H 4C", "", "", ""],
        melds=[[], ["KH KS KD"]],
        discard_pile="4C 9D",
        current_seat=0,
    )
    frozen = canasta.position(
        "classic",
        hands=["9S 9H 4C", "", "", ""],
        melds=[[], ["KH KS KD"]],
        discard_pile="4C 2C 9D",
        current_seat=0,
    )
    for state in (open_pile, frozen):
        for seat in range(4):
            view = observe(state, seat)
            assert view.pile_frozen is state.pile_frozen
            for side in range(2):
                assert view.pile_frozen_for(side) is state.pile_frozen_for(side)
            assert view.pile_frozen_for_me is state.pile_frozen_for(state.side_of(seat))
    assert not open_pile.pile_frozen and open_pile.pile_frozen_for(0)
    assert not observe(open_pile, 0).pile_frozen and observe(open_pile, 0).pile_frozen_for_me
    assert not observe(open_pile, 1).pile_frozen_for_me
    assert frozen.pile_frozen and observe(frozen, 1).pile_frozen_for_me
    for bad in (2, -1, "0", None):
        with pytest.raises(canasta.StateError):
            open_pile.pile_frozen_for(bad)  # type: ignore[arg-type]
        with pytest.raises(canasta.StateError):
            observe(open_pile, 0).pile_frozen_for(bad)  # type: ignore[arg-type]


def test_stand_in_fills_only_unseen_cards_and_keeps_the_pile_facts() -> None:
    state = canasta.position(
        "classic",
        hands=["9S 9H 4C", "", "", ""],
        melds=[[], ["KH KS KD"]],
        discard_pile="3H 4C 2C 7D 9D",
        current_seat=0,
    )
    view = observe(state, 0)
    assert view.pile_red_threes == 1 and view.pile_frozen
    fake = stand_in(view)
    assert fake.seed is None
    assert fake.hands[0] == state.hands[0] and fake.melds == state.melds
    assert [len(h) for h in fake.hands] == [len(h) for h in state.hands]
    assert len(fake.stock) == len(state.stock) and fake.top_card == state.top_card
    assert fake.pile_frozen and sum(c.is_red_three for c in fake.discard_pile) == 1
    everything = canasta.Cards.of(
        [c for h in fake.hands for c in h]
        + list(fake.stock)
        + list(fake.discard_pile)
        + [c for side in fake.melds for m in side for c in m.cards]
        + [c for r in fake.red_threes for c in r]
    )
    assert everything == canasta.Cards.of(state.variant.pack())
    with pytest.raises(canasta.StateError):
        stand_in(state)  # type: ignore[arg-type]
    with pytest.raises(canasta.StateError, match="frozen"):
        stand_in(attrs.evolve(view, pile_frozen=False))


# ---------------------------------------------------------------------------- asking again
class _Stubborn:
    """Chooses a fixed illegal action ``bad`` times, then plays like a random player."""

    def __init__(self, bad: int, hook: bool = True) -> None:
        self.bad = bad
        self.told: list[tuple[int, object, canasta.Violation]] = []
        self._random = RandomPlayer(0)
        if not hook:
            self.illegal = None  # type: ignore[assignment]

    def choose(self, view: canasta.PlayerView) -> canasta.Action:
        if self.bad:
            self.bad -= 1
            return canasta.Discard(view.seat, "JK")  # never legal before drawing
        return self._random.choose(view)

    def illegal(self, view: canasta.PlayerView, action: object, why: canasta.Violation) -> None:
        self.told.append((view.seat, action, why))


def test_play_hand_asks_again_with_the_reason() -> None:
    state = canasta.new_game("two-player", seed=5)
    first = _Stubborn(2)
    end = play_hand(state, [first, RandomPlayer(1)])
    assert end.is_hand_over
    assert [(seat, why.reason) for seat, _, why in first.told] == [
        (0, canasta.Reason.WRONG_PHASE)
    ] * 2
    # a player with no hook (just choose) is asked again too
    assert play_hand(state, [_Stubborn(1, hook=False), RandomPlayer(1)]).is_hand_over


def test_play_hand_gives_up_after_the_tries_with_a_typed_error() -> None:
    state = canasta.new_game("two-player", seed=5)
    stubborn = _Stubborn(10)
    with pytest.raises(canasta.IllegalChoiceError) as info:
        play_hand(state, [stubborn, RandomPlayer(1)], tries=4)
    err = info.value
    assert isinstance(err, canasta.IllegalActionError)
    assert err.player is stubborn and err.seat == 0 and err.tries == 4
    assert err.reason is canasta.Reason.WRONG_PHASE == err.violation.reason
    assert "_Stubborn" in str(err) and "seat 0" in str(err) and "4 illegal" in str(err)
    assert len(stubborn.told) == 4
    with pytest.raises(canasta.IllegalChoiceError):
        play_match(state, [_Stubborn(10), RandomPlayer(1)])
    with pytest.raises(ValueError, match="tries"):
        play_hand(state, [RandomPlayer(0), RandomPlayer(1)], tries=0)


# ---------------------------------------------------------------------------- JSON
def test_view_json_carries_the_new_fields_and_old_json_loads() -> None:
    state = _states("five-player", 4)[-1]
    sitter = next(s for s in range(5) if s not in state.order)
    for seat in range(5):
        view = observe(state, seat)
        data = json.loads(canasta.to_json(view))
        assert data["dealer"] == state.dealer and data["sitting_out"] == sitter
        assert data["end"]["reason"] == state.end.reason.value
        assert data["score"]["sides"][0]["total"] == canasta.score_hand(state).sides[0].total
        assert data["pile_frozen"] is state.pile_frozen
        assert canasta.from_json(canasta.to_json(view)) == view
        # written before these fields: "pile_frozen" then meant "for the viewer's side"
        old = {k: v for k, v in data.items() if k not in _NEW_KEYS}
        old["pile_frozen"] = view.pile_frozen_for_me
        back = canasta.from_json(json.dumps(old))
        assert back.dealer is None and back.turn is None and back.score is None
        assert back.pile_frozen_for_me == view.pile_frozen_for_me
        assert back.hand == view.hand and back.melds == view.melds
    live = observe(canasta.new_game("classic", seed=2), 0)
    data = json.loads(canasta.to_json(live))
    old = {k: v for k, v in data.items() if k not in _NEW_KEYS}
    back = canasta.from_json(json.dumps(old))
    assert tuple(back.legal_actions) == tuple(live.legal_actions)
    assert canasta.check(back, "draw") is None


def test_a_view_written_before_its_end_is_over_on_its_stand_in() -> None:
    """The stand-in of a view whose hand is over has an end (a state is over exactly when it
    has one), also when the view was written before it carried the end: the end the table
    shows (the seat left without cards went out, else the stock ran out)."""
    reasons = set()
    for seed in range(9):
        state = _states("two-player", seed)[-1]
        assert state.end is not None
        reasons.add(state.end.went_out)
        data = json.loads(canasta.to_json(observe(state, 0)))
        old = {k: v for k, v in data.items() if k not in _NEW_KEYS}
        back = canasta.from_json(json.dumps(old))
        assert back.end is None and back.is_hand_over
        stood = stand_in(back)
        shown = canasta.HandEnd(reason=canasta.EndReason.STOCK_EXHAUSTED)
        if state.end.went_out:
            shown = canasta.HandEnd(reason=canasta.EndReason.WENT_OUT, seat=state.end.seat)
        assert stood.end == shown
        assert stood.phase is canasta.Phase.HAND_OVER and stood.current_seat is None
        violation = canasta.check(back, "draw")
        assert violation is not None and violation.reason is canasta.Reason.HAND_OVER
    assert reasons == {True, False}


@pytest.mark.parametrize(("name", "seed"), [("classic", 1), ("german-4", 37), ("two-player", 15)])
def test_a_view_written_before_its_turn_with_black_threes_melded_loads(
    name: str, seed: int
) -> None:
    """Black threes are melded only in the going-out turn (§2 cases 21, 22): a view written
    before it carried its turn, of a side with a meld of black threes on the table (the turn of
    the player going out, before his last discard or with the hand over), is possible, and its
    stand-in's turn started that meld (it was refused: black_threes_meld)."""
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    seen = set()
    while True:
        if any(m.rank is canasta.Rank.THREE for side in state.melds for m in side):
            seen.add(state.phase)
            for seat in state.order:
                view = observe(state, seat)
                data = json.loads(canasta.to_json(view))
                old = {k: v for k, v in data.items() if k not in _NEW_KEYS}
                back = canasta.from_json(json.dumps(old))
                assert back.melds == view.melds and back.phase is state.phase
                stood = stand_in(back)
                assert stood.turn.seat == state.turn.seat
                assert canasta.Rank.THREE in stood.turn.created
                assert canasta.problems(stood) == ()
        if state.is_hand_over:
            break
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
    assert canasta.Phase.HAND_OVER in seen


def test_an_old_view_of_a_pile_frozen_below_its_top_loads() -> None:
    """A view written before the table's facts, of a side yet to meld: its "pile_frozen" was
    for the viewer's side, the pile's own frozenness is read from its top card; but where the
    unseen cards cannot all leave the pile unfrozen, a frozen card is buried in it (this pile of
    61 cards: it was refused, "the view's pile needs cards that do not freeze it")."""
    state = canasta.parse_position(
        """
canasta german hand 1 dealer 2 seed 6
totals 0 0 0
turn 2 draw
hands AH JC TH TD TD 9H 9C 7H 7D 7D 6S 5D 5C / 2D TH / 2H
melds - / 2C JS JC ; JK 2S 9S 9D 9C ; 8S 8H 8D 8C / 2S QH QD QC QC ; TS TS TC ; JK 2H 6S 6H 6H 6C
pile 3S 2D* AS 3C 4H JK* 2C* KD 8D 5D 5H 8S AS KD KS KC JS JD 9S KH AC 7H 9H KS QS 5C 8C 5S 3C \
4S JK* TC 6C 3S 4C 5S AD 9D AH 7S JH KH AD 7C 4D 4H 8H 5H 7C QD JH QS JD 4S 6D 4C 6D QH AC 4D 7S
stock KC
red 3D / - / 3H 3D 3H
melded 1 2
""".replace("\\\n", "")
    )
    view = observe(state, 0)
    assert not view.melds[0] and view.pile_frozen and str(view.top_card) == "7S"
    data = json.loads(canasta.to_json(view))
    old = {k: v for k, v in data.items() if k not in _NEW_KEYS}
    old["pile_frozen"] = view.pile_frozen_for_me
    back = canasta.from_json(json.dumps(old))
    assert back.pile_frozen and back.hand == view.hand and back.pile_size == view.pile_size
    assert canasta.problems(stand_in(back)) == ()


def test_a_view_whose_seat_to_answer_is_not_the_askers_partner_is_refused() -> None:
    """In the answer phase the partner after the player who asked is to act (§2 case 28): a
    view naming another seat to act contradicts its turn (it was read, its stand-in's seat to
    act differing from the view's)."""
    state = canasta.position(
        "classic",
        hands=["9D 9C 9S", "4C 4D 6H 7H 8H", "KH JC JD TH KS", "5C 5D 6C 7C 8C"],
        melds=[["QH QS QD QC JK 2C 2D"], []],
        discard_pile="7D 9H",
        phase="play",
    )
    state = canasta.apply(state, canasta.AskPartner(0))
    assert state.phase is canasta.Phase.ANSWER and state.current_seat == 2
    for seat in range(4):
        data = json.loads(canasta.to_json(observe(state, seat)))
        assert canasta.from_json(json.dumps(data)).current_seat == 2
        for wrong in (0, 1, 3):
            data.update(current_seat=wrong, legal_actions=[])
            with pytest.raises(canasta.NotationError, match=r"^\$\.current_seat: seat 2 answers"):
                canasta.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"turn": None}, "turn"),
        ({"sitting_out": 1}, "sitting_out"),
        ({"pile_frozen_for_me": False}, "pile_frozen_for_me"),
        ({"dealer": 9}, "dealer"),
        (
            {
                "end": {
                    "reason": "went_out",
                    "seat": 0,
                    "concealed": False,
                    "partner_had_melded": False,
                }
            },
            "end",
        ),
        ({"pile_red_threes": 1}, "pile_red_threes"),
        ({"has_melded": [True]}, "has_melded"),
    ],
)
def test_view_json_refuses_inconsistent_new_fields(change: dict[str, Any], message: str) -> None:
    data = json.loads(canasta.to_json(observe(canasta.new_game("classic", seed=2), 0)))
    data.update(change)
    with pytest.raises(canasta.NotationError, match=message):
        canasta.from_json(json.dumps(data))


def test_view_json_has_all_new_keys_or_none() -> None:
    data = json.loads(canasta.to_json(observe(canasta.new_game("classic", seed=2), 0)))
    del data["score"]
    with pytest.raises(canasta.NotationError, match=r"\$\.score: missing"):
        canasta.from_json(json.dumps(data))


_NEW_KEYS = (
    "dealer",
    "sitting_out",
    "turn",
    "has_melded",
    "pile_red_threes",
    "pile_frozen_for_me",
    "end",
    "score",
)


def test_the_one_verdict_a_view_cannot_know() -> None:
    """Taking a two-card pile with the whole hand, short of a canasta, is legal only if the
    hidden card under the top then goes out (§2 case 23): the view judges by its stand-in's
    card there (documented in ``stand_in``), the same for every state it may come from."""
    s = canasta.position(
        "classic",
        hands=["9S 9H", "", "", ""],
        melds=[["5S 5H 5D 5S 5H 5D"], []],
        discard_pile="5C 9D",
        current_seat=0,
    )
    take = canasta.TakePile(0, ["9S", "9H"])
    view = observe(s, 0)
    assert canasta.check(s, take) is None  # the 5C under the top completes the 5s
    assert canasta.check(view, take).reason is canasta.Reason.NO_CANASTA_TO_GO_OUT
    assert take not in view.legal_actions and tuple(view.legal_actions) == (canasta.Draw(0),)
    # the stand-in's card there, swapped with the 5C from the stock: the same view, refused
    card = stand_in(view).discard_pile[0]
    stock = list(s.stock)
    stock[stock.index(card)] = s.discard_pile[0]
    other = attrs.evolve(s, stock=tuple(stock), discard_pile=(card, s.top_card))
    assert observe(other, 0) == view and canasta.check(other, take) is not None


def _reachable(root: object, limit: int = 20000) -> list[object]:
    """Every object reachable from ``root`` through references (classes and modules aside)."""
    import gc
    import types

    seen: dict[int, object] = {}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("name", ["classic", "five-player", "cutthroat"])
def test_a_view_holds_no_reference_to_the_state_or_its_hidden_cards(name: str) -> None:
    for state in _states(name, 3)[1:-1:4]:
        for seat in range(state.variant.players):
            view = observe(state, seat)
            len(view.legal_actions)  # the menu worked out
            found = _reachable(view)
            assert any(obj is state.hands[seat] for obj in found)  # the walk sees the fields
            if view.legal_actions:  # and the menu's stand-in state
                assert any(isinstance(obj, canasta.GameState) for obj in found)
            hidden = [state, state.stock, state.discard_pile]
            hidden += [h for s, h in enumerate(state.hands) if s != seat]
            hidden = [x for x in hidden if not (isinstance(x, tuple) and not x)]
            for thing in hidden:
                assert all(obj is not thing for obj in found), (seat, type(thing).__name__)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    data=st.data(),
)
def test_views_judge_alike_whatever_the_hidden_cards(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    for _ in range(steps):
        if state.is_hand_over:
            break
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
    seat = data.draw(st.integers(0, state.variant.players - 1))
    view = observe(state, seat)
    other = _scrambled(state, seat, rng)
    assert observe(other, seat) == view
    if seat == state.current_seat:
        assert tuple(view.legal_actions) == tuple(canasta.legal_actions(state))
    for move in _probes(state, seat, rng):
        assert _verdict(canasta.check(view, move)) == _verdict(
            canasta.check(observe(other, seat), move)
        )


def test_a_view_with_cards_out_of_play_judges_like_its_state() -> None:
    """Cards out of play are unseen cards of their own: the stand-in keeps their count apart
    from the stock, and the view judges the seat's moves as the state does."""
    import canasta
    from canasta.views import stand_in

    state = canasta.position(
        "classic",
        hands=["KH KS KD 5S 5H 5D 9C 7D", "4C 4D 4H", "6C 6D 6S", "8C 8D 8S"],
        stock_top=["QH", "QS"],
        out_of_play="rest",
        discard_pile=["9D"],
    )
    view = canasta.observe(state, 0)
    assert view.out_of_play == len(state.out_of_play) == 88 and view.stock_size == 2
    twin = stand_in(view)
    assert len(twin.out_of_play) == 88 and len(twin.stock) == 2
    for move in ("draw", "take KH KS", "discard 9C", canasta.Draw(0), canasta.Draw(1)):
        assert canasta.check(view, move) == canasta.check(state, move)


def test_a_view_judges_only_what_its_own_seat_sends() -> None:
    """``seat=`` on a view: the viewer's seat judges as without it; another sender is refused
    ``not_your_turn`` (issue: who sent it); a sender that is no seat is a StateError."""
    import canasta

    state = canasta.position("classic", hands=["KH KS KD 5S 5H 5D 9C 7D", "4C", "6C", "8C"])
    view = canasta.observe(state, 0)
    assert canasta.check(view, "draw", seat=0) is None and canasta.is_legal(view, "draw", seat=0)
    refused = canasta.check(view, "draw", seat=1)
    assert refused is not None and refused.reason is canasta.Reason.NOT_YOUR_TURN
    assert not canasta.is_legal(view, canasta.Draw(0), seat=2)
    with pytest.raises(canasta.StateError):
        canasta.check(view, "draw", seat=9)
