"""The tensors of canasta.tensors: their layout, their memory, and that nothing hidden leaks."""

from __future__ import annotations

import random

import attrs
import pytest

import canasta
from canasta import tensors

PRESETS = canasta.variant_names()


def _hand(name: str, seed: int) -> list[tuple[canasta.GameState, tensors.Memory]]:
    """The states of one random hand, each with the memory of the events before it."""
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    memory = tensors.Memory.empty(state.variant.players).after(canasta.deal_events(state))
    out = [(state, memory)]
    while not state.is_hand_over:
        menu = canasta.legal_actions(state)
        state, events = canasta.step(state, menu[rng.randrange(len(menu))])
        memory = memory.after(events)
        out.append((state, memory))
    return out


def _scrambled(state: canasta.GameState, seat: int, rng: random.Random) -> canasta.GameState:
    """``state`` with the other hands and the stock dealt again from their own cards, each
    place keeping its size: what ``seat`` cannot see, changed."""
    others = [s for s in range(state.variant.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        n = len(state.hands[s])
        hands[s] = canasta.Cards.of(pool[:n])
        del pool[:n]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool))


@pytest.mark.parametrize("name", PRESETS)
def test_states_that_differ_only_in_hidden_cards_give_equal_tensors_and_strings(
    name: str,
) -> None:
    rng = random.Random(name)
    states = _hand(name, seed=len(name))
    changed = 0
    for state, memory in states[:: max(1, len(states) // 12)]:
        if state.is_hand_over:
            continue  # the score sheet shows the hands: nothing is hidden but the stock
        for seat in range(state.variant.players):  # a seat sitting out too (five players)
            other = _scrambled(state, seat, rng)
            changed += other.hands != state.hands or other.stock != state.stock
            for f in (
                tensors.observation_tensor,
                tensors.information_state_tensor,
                tensors.observation_string,
                tensors.information_state_string,
            ):
                assert f(state, seat, memory) == f(other, seat, memory), (f.__name__, seat)
                view = canasta.observe(state, seat)
                assert f(view, None, memory) == f(state, seat, memory), (f.__name__, seat)
    assert changed  # the test did change hidden cards


@pytest.mark.parametrize("name", PRESETS)
def test_sizes_and_layout_agree(name: str) -> None:
    state, memory = _hand(name, seed=1)[5]
    obs = tensors.observation_tensor(state, state.order[0], memory)
    info = tensors.information_state_tensor(state, state.order[0], memory)
    assert len(obs) == tensors.observation_size(name)
    assert len(info) == tensors.information_state_size(name)
    assert info[: len(obs)] == obs
    sections = tensors.layout(name, information=True)
    last_name, last_offset, last_shape = sections[-1]
    size = 1
    for d in last_shape:
        size *= d
    assert (last_name, last_offset + size) == ("history", len(info))
    assert all(isinstance(x, float) for x in info)


def _section(t: list[float], variant: str, name: str) -> list[float]:
    for section, offset, shape in tensors.layout(variant, information=True):
        if section == name:
            size = 1
            for d in shape:
                size *= d
            return t[offset : offset + size]
    raise AssertionError(name)


def test_the_hand_pile_and_turn_sections_read_the_view() -> None:
    state = canasta.position(
        "classic",
        hands=["KH KS 9D 9C 9H 4S 5S JK", "", "", ""],
        discard_pile="3D 7D KD",
        current_seat=0,
    )
    t = tensors.observation_tensor(state, 0)
    hand = _section(t, "classic", "hand")
    kinds = dict(zip(tensors.KINDS, hand, strict=True))
    assert (kinds["K"], kinds["9"], kinds["4"], kinds["5"], kinds["JK"]) == (2, 3, 1, 1, 1)
    assert sum(hand) == 8
    pile = _section(t, "classic", "pile")
    assert pile[tensors.KINDS.index("K")] == 1 and sum(pile[:15]) == 1
    assert pile[15:] == [3.0, 1.0, 1.0, 1.0, 0.0]  # size, red three under, frozen, for me, blocked
    assert _section(t, "classic", "phase") == [1.0, 0.0, 0.0, 0.0]
    seats = _section(t, "classic", "seats")
    assert seats[0:9][:6] == [8.0, 0.0, 0.0, 0.0, 0.0, 1.0]  # me: 8 cards, to act
    assert seats[9 + 3] == 0.0 and seats[18 + 3] == 1.0  # seat 1 an opponent, seat 2 partner
    assert seats[8] == 50.0  # my side's minimum at 0 points


def test_a_pile_taken_is_known_until_melded_or_discarded() -> None:
    state = canasta.position(
        "classic",
        hands=["KH KS 9D 9C 9H 4S 5S", "", "", ""],
        discard_pile="8C 7D KD",
        current_seat=0,
    )
    memory = tensors.Memory.empty(4)
    state, events = canasta.step(state, canasta.TakePile(0, "KH KS", melds=["9D 9C 9H"]))
    memory = memory.after(events)
    known = dict(zip(tensors.KINDS, memory.known[0], strict=True))
    assert (known["8"], known["7"], known["K"]) == (1, 1, 0)  # the king went to the meld
    state, events = canasta.step(state, canasta.Discard(0, "7D"))
    memory = memory.after(events)
    assert dict(zip(tensors.KINDS, memory.known[0], strict=True))["7"] == 0
    assert memory.discards[0][tensors.KINDS.index("7")] == 1
    assert (memory.turns[0], memory.takes[0]) == (1, 1)
    # seat 1 sees seat 0's known eight in its row 3 (seat 0 is three places after seat 1)
    t = tensors.observation_tensor(state, 1, memory)
    known_rows = _section(t, "classic", "known")
    assert known_rows[3 * 15 + tensors.KINDS.index("8")] == 1.0
    assert "8C" not in tensors.observation_string(state, 1, memory)
    assert "1x8" in tensors.observation_string(state, 1, memory)
    assert "seat 0 takes the discard pile" in tensors.information_state_string(state, 1, memory)


@pytest.mark.parametrize("name", PRESETS)
def test_the_known_rows_kept_move_by_move_are_the_memory_s(name: str) -> None:
    """The known rows as the PettingZoo environment keeps them (``tensors._known_after``,
    without the events where they cannot change) are :meth:`Memory.after`'s of every move's
    events; piles are taken whenever the dice allow, so that rows fill and are taken again."""
    rng = random.Random(name)
    takes = 0
    for seed in range(3):
        state = canasta.new_game(name, seed=seed)
        memory = tensors.Memory.empty(state.variant.players).after(canasta.deal_events(state))
        while not state.is_hand_over:
            menu = list(canasta.legal_actions(state))
            piles = [a for a in menu if isinstance(a, canasta.TakePile)]
            action = rng.choice(piles if piles and rng.random() < 0.8 else menu)
            after, events = canasta.step(state, action)
            want = memory.after(events)
            assert tensors._known_after(memory.known, state, action, after) == want.known
            takes += isinstance(action, canasta.TakePile) and any(map(any, memory.known))
            state, memory = after, want
    assert takes > 2


def test_a_new_deal_starts_the_memory_afresh() -> None:
    states = _hand("two-player", seed=3)
    state, memory = states[-1]
    assert memory.record
    state, events = canasta.step(state, canasta.DealNextHand())
    fresh = memory.after(events)
    assert isinstance(fresh.record[0], canasta.HandDealt)
    assert fresh.known == tensors.Memory.empty(2).known
    assert fresh.takes == fresh.turns == (0, 0)


def test_bad_arguments_raise_state_errors() -> None:
    state = canasta.new_game("classic", seed=1)
    view = canasta.observe(state, 1)
    with pytest.raises(canasta.StateError):
        tensors.observation_tensor(state)
    with pytest.raises(canasta.StateError):
        tensors.observation_tensor(view, 2)
    with pytest.raises(canasta.StateError):
        tensors.observation_tensor("state", 0)  # type: ignore[arg-type]
    with pytest.raises(canasta.StateError):
        tensors.observation_tensor(state, 0, tensors.Memory.empty(2))
    assert tensors.observation_tensor(view) == tensors.observation_tensor(state, 1)
