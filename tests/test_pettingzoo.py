"""The PettingZoo environment (canasta.pettingzoo) against PettingZoo's own tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import canasta
from canasta.encoding import EncodingError
from canasta.errors import SetupError
from canasta.pettingzoo import env, raw_env

PRESETS = canasta.variant_names()

# PettingZoo's advice for environments it does not know by name: a dict observation (its own
# classic games, whitelisted by name, have one too) and a terminated agent's mask of zeros (it
# has no legal action) are what the API asks of a game with action masks.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Action mask numpy array is all zeros"),
]


@pytest.mark.parametrize("name", PRESETS)
def test_api(name: str) -> None:
    api_test(env(name), num_cycles=60)


@pytest.mark.parametrize("name", ["two-player", "classic"])
def test_api_through_the_end_of_the_episode(name: str) -> None:
    """Long enough for the hand to end inside the test: the terminated agents are stepped with
    ``None`` and removed, as the API requires."""
    api_test(env(name), num_cycles=400)


@pytest.mark.parametrize("name", PRESETS)
def test_seed(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=40)


@pytest.mark.parametrize("name", PRESETS)
def test_render(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(name, render_mode=render_mode))
    assert "discard pile" in capsys.readouterr().out


def play(e: raw_env, seed: int) -> dict[str, float]:
    """A whole episode of random legal indices; the agents' total rewards."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_score_rewards_are_the_hands_score_difference() -> None:
    e = raw_env("classic")
    totals = play(e, 3)
    state = e.game_state
    assert state.is_hand_over
    score = canasta.score_hand(state).totals
    assert totals["player_0"] == totals["player_2"] == score[0] - score[1]
    assert totals["player_1"] == totals["player_3"] == score[1] - score[0]


def test_match_rewards() -> None:
    e = raw_env("two-player", reward="match")
    totals = play(e, 5)
    state = e.game_state
    assert state.is_match_over and state.hand_number > 1
    assert sorted(totals.values()) == [-1.0, 1.0]
    winner = state.winners[0]
    assert totals[f"player_{winner}"] == 1.0


def test_same_seed_same_deal() -> None:
    a, b = raw_env("classic"), raw_env("classic")
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game_state == b.game_state == canasta.new_game("classic", seed=11)
    a.reset()
    b.reset()
    assert a.game_state == b.game_state


def test_bad_arguments_and_actions() -> None:
    with pytest.raises(SetupError):
        raw_env(render_mode="rgb_array")
    with pytest.raises(SetupError):
        raw_env(reward="match", episode="hand")
    with pytest.raises(canasta.VariantError):
        raw_env("no such game")
    e = raw_env("classic")
    e.reset(seed=1)
    with pytest.raises(EncodingError):
        e.step(e.encoding.PLAY)


@pytest.mark.parametrize("bad", ["play", 10**6, None])
def test_an_illegal_index_ends_the_episode(bad: object) -> None:
    e = env("classic")
    e.reset(seed=1)
    agent = e.agent_selection
    e.step(e.unwrapped.encoding.PLAY if bad == "play" else bad)
    assert all(e.terminations.values())
    assert e.rewards == {a: -1.0 if a == agent else 0.0 for a in e.possible_agents}
    e.step(None)  # the terminated agents leave one by one
    assert agent not in e.agents


@pytest.mark.parametrize("name", PRESETS)
def test_observations_are_observation_of_the_hand_s_memory(name: str) -> None:
    """The environment writes observations in place and keeps the known cards move by move
    (without the events where they cannot change): every seat's observation, at every step of a
    match, is :func:`canasta.pettingzoo.observation` of the memory built from all the events."""
    from canasta import tensors
    from canasta.events import events_between
    from canasta.pettingzoo import observation

    e = raw_env(name, episode="match")
    rng = np.random.default_rng(5)
    e.reset(seed=5)
    memory = tensors.Memory.empty(e.variant.players).after(canasta.deal_events(e.game_state))
    for steps, agent in enumerate(e.agent_iter(700)):
        obs, _, terminated, truncated, _ = e.last()
        ts = e.turn_state
        for seat, other in enumerate(e.possible_agents):
            want = np.array(observation(e.encoding, ts, seat, memory), np.float32)
            got = obs["observation"] if other == agent else e.observe(other)["observation"]
            assert np.array_equal(got, want), (steps, seat)
        if terminated or truncated:
            e.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played = e.encoding.decode(ts, index)
        e.step(index)
        if played is not None:
            after = canasta.apply(ts.state, played)
            memory = memory.after(events_between(ts.state, played, after))
            if after.is_hand_over and e.game_state is not after:  # the next hand is dealt
                deal = canasta.DealNextHand()
                memory = memory.after(events_between(after, deal, e.game_state))
    assert steps > 100


def test_an_observation_is_a_copy() -> None:
    e = env("classic")
    e.reset(seed=2)
    first = e.last()[0]["observation"]
    kept = first.copy()
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    e.last()
    assert np.array_equal(first, kept)
    assert str(e) == "canasta_v0"
