"""The menu of a big hand that has not melded: counted, not listed (issue 12 item 7), and the
menu's value equality (issue 12 item 12).

Positions are built from the pack's canonical order, never from a seeded deal.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import canasta
from canasta import Card, Discard, Draw, legal_actions, position
from canasta import _menu as menu
from canasta import _plans as plans
from canasta.notation import parse_action_text

SUITS = "SHDC"
RANKS = "456789TJQKA"


def _cards(variant: str, spec: dict[str, int]) -> list[Card]:
    """``count`` cards of each kind (``"JK"``, ``"2"``, a rank letter), from the pack."""
    pool = list(canasta.get_variant(variant).pack())
    out = []
    for kind, count in spec.items():
        for _ in range(count):
            card = next(c for c in pool if (str(c) == "JK" if kind == "JK" else str(c)[0] == kind))
            pool.remove(card)
            out.append(card)
    return out


def _big_hand(variant: str, per_rank: int, jokers: int, twos: int) -> list[Card]:
    return _cards(variant, {"JK": jokers, "2": twos, **dict.fromkeys(RANKS, per_rank)})


def _huge_position(variant: str = "two-player", per_rank: int = 4) -> canasta.GameState:
    """The seat to act, unmelded, holds ``per_rank`` of every natural rank, 4 jokers and 8
    twos, having drawn from the stock (every concealed going out is listed whole)."""
    hand = _big_hand(variant, per_rank, 4, 8)
    players = canasta.get_variant(variant).players
    pool = list(canasta.get_variant(variant).pack())
    for c in hand:
        pool.remove(c)
    others = [c for c in pool if str(c)[0] in "4A"][:players]
    hands = [hand] + [[c] for c in others[1:players]]
    return position(variant, hands=hands, phase="play", discard_pile=[others[0]])


class _Enumerated(AssertionError):
    pass


def _refuse(*args: object, **kwargs: object) -> Iterator[object]:
    raise _Enumerated("the menu was enumerated")


def _forbid_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plans, "initial_compounds", _refuse)
    monkeypatch.setattr(menu, "_generate", _refuse)
    monkeypatch.setattr(menu.LazyMenu, "__iter__", _refuse)
    monkeypatch.setattr(menu._GoOuts, "__iter__", _refuse)
    monkeypatch.setattr(menu._Openings, "__iter__", _refuse)
    monkeypatch.setattr(plans.FullMelds, "__iter__", _refuse)


def test_len_of_a_huge_menu_counts_without_building(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _huge_position()
    built = []
    real = menu.fast_meld_cards

    def counting(*args: object) -> object:
        built.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(menu, "fast_meld_cards", counting)
    actions = legal_actions(state)
    n = len(actions)
    assert n > 1_000_000  # far too many to list
    assert len(built) <= 2 * menu._LIST_AT_ONCE
    # an index is looked up without listing the rest, and is a legal action
    for i in (0, 1, n // 3, n // 2, n - 1, -1, -n):
        assert canasta.is_legal(state, actions[i])
    assert actions[-1] == actions[n - 1]
    with pytest.raises(IndexError):
        actions[n]
    with pytest.raises(IndexError):
        actions[-n - 1]
    assert len(built) <= 2 * menu._LIST_AT_ONCE + 20


def test_a_lazy_menu_indexes_iterates_and_slices_alike() -> None:
    # big enough for counted runs, small enough to list
    state = _huge_position("classic", per_rank=2)
    actions = legal_actions(state)
    assert isinstance(actions._entries(), menu.LazyMenu)
    listed = list(actions)
    assert len(listed) == len(actions) > menu._LIST_AT_ONCE
    assert len(set(listed)) == len(listed)
    step = max(1, len(listed) // 97)
    for i in range(0, len(listed), step):
        assert actions[i] == listed[i]
    assert actions[5:40:3] == tuple(listed[5:40:3])
    assert actions[-3:] == tuple(listed[-3:])
    assert "actions)>" in repr(actions) or len(listed) <= 1000


def test_check_is_legal_and_in_never_enumerate_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _huge_position()
    actions = legal_actions(state)
    n = len(actions)
    sample = [actions[i] for i in (0, n // 7, n // 2, n - 2)]
    hand = list(state.hands[0])
    others = [
        Discard(0, hand[0]),
        Discard(0, hand[-1]),
        Draw(0),
        canasta.AskPartner(0),
        canasta.EndTurn(0),
        parse_action_text("meld KH KS KD", 0),  # below the minimum
        parse_action_text("meld AH AS AD AC JK JK", 0),
        parse_action_text("meld 4S 4H 4D 4C + 5S 5H 5D 5C + JK JK JK 6S 6H 6D 6C", 0),
    ]
    _forbid_enumeration(monkeypatch)
    for a in [*sample, *others]:
        verdict = canasta.is_legal(state, a)
        assert (canasta.check(state, a) is None) == verdict
        assert (a in legal_actions(state)) == verdict
        if verdict:
            canasta.apply(state, a)  # type: ignore[arg-type]
    assert all(canasta.is_legal(state, a) for a in sample)


def test_the_engine_asks_if_the_pile_can_be_taken_without_listing_the_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 0 discards with the stock exhausted: seat 1, unmelded with a huge hand, either can
    # take the pile (the top card is a king) or the hand ends; finding out lists nothing.
    variant = "two-player"
    big = _big_hand(variant, 4, 4, 8)
    pool = list(canasta.get_variant(variant).pack())
    for c in big:
        pool.remove(c)
    king = next(c for c in pool if str(c)[0] == "K")
    pool.remove(king)
    pile = [c for c in pool if str(c)[0] not in "3"][:20]
    rest = [c for c in pool if c not in pile]
    state = position(
        variant,
        hands=[[king, *rest], big],
        discard_pile=pile,
        stock=[],
        phase="play",
    )
    _forbid_enumeration(monkeypatch)
    after = canasta.apply(state, Discard(0, king))
    assert after.phase is canasta.Phase.DRAW  # the pile can be taken: the hand goes on
    kings = [c for c in big if str(c)[0] == "K"][:2]
    aces = canasta.Meld.parse([c for c in big if str(c)[0] == "A"][:3])
    assert canasta.is_legal(after, canasta.TakePile(1, tuple(kings), (aces,)))
    assert not canasta.is_legal(after, canasta.TakePile(1, tuple(kings)))  # below the minimum


def test_a_menu_equals_itself_and_menus_of_the_same_actions() -> None:
    state = canasta.new_game("classic", seed=7)
    assert legal_actions(state) == legal_actions(state)
    assert (legal_actions(state) != legal_actions(state)) is False
    assert hash(legal_actions(state)) == hash(legal_actions(state))
    assert hash(legal_actions(state)) == hash(tuple(legal_actions(state)))
    # a list or tuple of the same actions is not equal (as a tuple is not equal to a list)
    assert legal_actions(state) != list(legal_actions(state))
    assert legal_actions(state) != tuple(legal_actions(state))
    assert tuple(legal_actions(state)) == tuple(legal_actions(state))
    after = canasta.apply(state, Draw(state.turn.seat))
    assert legal_actions(after) != legal_actions(state)
    # another state with the same menu: equal, with the same hash
    played = canasta.apply(after, legal_actions(after)[-1])
    assert {legal_actions(played), legal_actions(played)} == {legal_actions(played)}


def test_menus_of_two_states_differing_only_in_the_stock_are_equal() -> None:
    hands = ["KH KS KD 5C 9D", "4S 4H"]
    a = position("two-player", hands=hands, phase="play", discard_pile="7C", seed=1)
    b = position("two-player", hands=hands, phase="play", discard_pile="7C", seed=2)
    assert a.stock != b.stock
    assert legal_actions(a) == legal_actions(b)
    assert hash(legal_actions(a)) == hash(legal_actions(b))


def _bound_to_go_out(ranks: int) -> canasta.GameState:
    """An unmelded seat whose partner said "yes", holding seven aces, three of each of
    ``ranks`` other ranks and four wild cards, in the 120 band."""
    hand = ["AS", "AH", "AD", "AC", "AS", "AH", "AD", "JK", "JK", "2S", "2H"]
    for r in "KQJT98765"[:ranks]:
        hand += [r + "S", r + "H", r + "D"]
    return position(
        "classic",
        hands=[" ".join(hand), "4C", "6C", "8C"],
        totals=[3000, 0],
        phase="play",
        drew="stock",
        asked=True,
        permission=True,
    )


def test_a_big_hand_bound_to_go_out_lists_its_whole_going_outs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After "yes", an unmelded side of more than 20 cards lists the whole going outs only,
    counted (its initial compounds are not searched for); each goes out, and a legal opening
    step is still accepted by ``in``."""
    small = legal_actions(_bound_to_go_out(3))  # 20 cards: openings listed step by step too
    assert any(len(a.melds) < 4 for a in small if isinstance(a, canasta.MeldCards))
    state = _bound_to_go_out(9)  # 38 cards
    _forbid_enumeration(monkeypatch)
    menu_ = legal_actions(state)
    assert len(menu_) > 1000
    for a in (menu_[0], menu_[len(menu_) // 2], menu_[-1]):
        assert isinstance(a, canasta.MeldCards)
        after = canasta.apply(state, a)
        assert after.hands[0].size <= 1  # all melded, or all but the card to discard
    opening = parse_action_text("meld AS AS AH AH AD AD AC + JK KS KH KD", 0)
    assert opening in menu_
    monkeypatch.undo()
    assert opening not in list(menu_)
