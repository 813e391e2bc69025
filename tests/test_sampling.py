"""canasta.sampling: full states a seat cannot tell from the real one."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import canasta
from canasta.sampling import sample_state

PRESETS = canasta.variant_names()


def _positions(name: str, seed: int) -> list[canasta.GameState]:
    """Some states of a random hand of ``name``, its last one over."""
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    out = [state]
    while not state.is_hand_over:
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
        if rng.random() < 0.08:
            out.append(state)
    return [*out, state]


def _public(view: canasta.PlayerView) -> canasta.PlayerView:
    """``view`` less its score sheet (it counts the hidden hands once the hand is over)."""
    return attrs.evolve(view, score=None)


@pytest.mark.parametrize("name", PRESETS)
def test_a_sample_shows_its_seat_the_same_view(name: str) -> None:
    rng = random.Random(name)
    for seed in range(2):
        for state in _positions(name, seed):
            for seat in range(state.variant.players):
                view = canasta.observe(state, seat)
                guess = sample_state(view, rng)
                seen = canasta.observe(guess, seat)
                if state.is_hand_over:
                    assert _public(seen) == _public(view)
                else:
                    assert seen == view
                    assert list(seen.legal_actions) == list(view.legal_actions)
                assert guess.hands[seat] == state.hands[seat]
                assert guess.seed is None
                assert sorted(map(str, guess.variant.pack())) == sorted(_all_cards(guess))


def _all_cards(state: canasta.GameState) -> list[str]:
    cards = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard_pile)
    cards += [c for side in state.melds for m in side for c in m.cards]
    cards += [c for laid in state.red_threes for c in laid] + list(state.out_of_play)
    return [str(c) for c in cards]


def test_the_same_rng_gives_the_same_sample() -> None:
    view = canasta.observe(canasta.new_game("classic", seed=5), 2)
    assert sample_state(view, random.Random(9)) == sample_state(view, random.Random(9))
    assert sample_state(view, random.Random(9)) != sample_state(view, random.Random(10))


def test_each_hidden_card_lands_in_each_unseen_place_as_often_as_its_size() -> None:
    state = canasta.new_game("two-player", seed=4)
    view = canasta.observe(state, 0)
    rng = random.Random(0)
    card = canasta.Card.parse("KS")
    hidden = 2 - state.hands[0].count(card) - (state.top_card == card)
    places: Counter[str] = Counter()
    runs = 400
    for _ in range(runs):
        guess = sample_state(view, rng)
        places["hand"] += guess.hands[1].count(card)
        places["stock"] += guess.stock.count(card)
        places["pile"] += guess.discard_pile[:-1].count(card)
    unseen = len(state.hands[1]) + len(state.stock) + len(state.discard_pile) - 1
    for place, size in (("hand", len(state.hands[1])), ("stock", len(state.stock))):
        expected = runs * hidden * size / unseen
        assert 0.6 * expected < places[place] < 1.4 * expected, (place, places)
    # the king of spades is seen somewhere of the stock's every depth over the samples
    depths = {
        i for _ in range(200) for i, c in enumerate(sample_state(view, rng).stock) if c == card
    }
    assert len(depths) > len(state.stock) // 2


def _pile_state(pile: str) -> canasta.GameState:
    return canasta.position(
        "classic",
        hands=["KH KS 9D 9C 4S", "5D 6D 7D", "8H 8S", "JH"],
        discard_pile=pile,
        current_seat=0,
    )


@pytest.mark.parametrize(
    ("pile", "frozen"), [("7D JS 9H", False), ("2C 7D 9H", True), ("JK 2S 7D", True)]
)
def test_the_pile_keeps_whether_it_freezes(pile: str, frozen: bool) -> None:
    view = canasta.observe(_pile_state(pile), 0)
    assert view.pile_frozen is frozen
    rng = random.Random(1)
    wilds: Counter[int] = Counter()
    for _ in range(100):
        buried = sample_state(view, rng).discard_pile[:-1]
        assert not any(c.is_red_three for c in buried)
        n = sum(c.is_wild for c in buried)
        assert (n > 0) is frozen
        wilds[n] += 1
    if frozen:
        assert set(wilds) == {1, 2}  # one wild card or both, as the deals fall


def test_red_threes_stay_out_of_the_hidden_hands_and_in_the_pile_as_counted() -> None:
    for seed in range(40):
        state = canasta.new_game("classic", seed=seed)
        if any(c.is_red_three for c in state.discard_pile[:-1]):
            break
    else:  # pragma: no cover
        pytest.skip("no deal turned up a red three")
    view = canasta.observe(state, 1)
    rng = random.Random(2)
    for _ in range(30):
        guess = sample_state(view, rng)
        assert not any(c.is_red_three for h in guess.hands for c in h)
        assert sum(c.is_red_three for c in guess.discard_pile[:-1]) == view.pile_red_threes


def test_known_cards_are_in_their_seats_hand() -> None:
    state = _pile_state("7D JS 9H")
    view = canasta.observe(state, 0)
    known = {2: [canasta.Card.parse("8H")], 3: canasta.Cards.parse("JH")}
    rng = random.Random(3)
    for _ in range(20):
        guess = sample_state(view, rng, known=known)
        assert canasta.Card.parse("8H") in guess.hands[2]
        assert guess.hands[3] == canasta.Cards.parse("JH")
        assert canasta.observe(guess, 0) == view


@pytest.mark.parametrize(
    "known",
    [
        {0: ["8H"]},
        {7: ["8H"]},
        {3: [canasta.Card.parse("8H"), canasta.Card.parse("9H")]},
        {1: [canasta.Card.parse("3H")]},
        {1: [canasta.Card.parse("9H")] * 2},
        {1: ["8H"]},
    ],
)
def test_impossible_known_cards_are_refused(known: dict[int, list[object]]) -> None:
    view = canasta.observe(_pile_state("7D JS 9H"), 0)
    with pytest.raises(canasta.StateError):
        sample_state(view, random.Random(0), known=known)  # type: ignore[arg-type]


def test_a_non_view_is_refused() -> None:
    with pytest.raises(canasta.StateError):
        sample_state(canasta.new_game(), random.Random(0))  # type: ignore[arg-type]
