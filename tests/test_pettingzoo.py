"""The PettingZoo environment (canasta.pettingzoo) against PettingZoo's own tests."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import canasta
from canasta.encoding import EncodingError
from canasta.errors import SetupError
from canasta.events import events_between
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


def step_and_remember(e: raw_env, ts: Any, index: int, memory: Any) -> Any:
    """Step ``e`` by ``index`` from the turn state ``ts`` and return ``memory`` after the move's
    public events (and the next deal's, when the move ended the hand)."""
    played = e.encoding.decode(ts, index)
    e.step(index)
    if played is not None:
        after = canasta.apply(ts.state, played)
        memory = memory.after(events_between(ts.state, played, after))
        if after.hand_number != e.game_state.hand_number:  # the next hand is dealt
            deal = canasta.DealNextHand()
            memory = memory.after(events_between(after, deal, e.game_state))
    return memory


@pytest.mark.parametrize("name", PRESETS)
def test_observations_are_observation_of_the_hand_s_memory(name: str) -> None:
    """The environment writes observations in place and keeps the known cards move by move
    (without the events where they cannot change): every seat's observation, at every step of a
    match, is :func:`canasta.pettingzoo.observation` of the memory built from all the events."""
    from canasta import tensors
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
        memory = step_and_remember(e, ts, index, memory)
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


@pytest.mark.parametrize(
    "bad",
    ["x", True, float("nan"), float("inf"), 10**400, [1]],
    ids=["str", "bool", "nan", "inf", "huge", "list"],
)
def test_an_illegal_reward_that_is_no_finite_number_is_refused_at_once(bad: object) -> None:
    """``illegal_reward`` is checked when the environment is made, not when an illegal index
    first comes (``"x"`` passed, then the step raised a bare ``ValueError``)."""
    with pytest.raises(SetupError, match="illegal_reward"):
        raw_env("classic", illegal_reward=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("reward", [-1, 0, 2.5, np.float32(-3)])
def test_an_illegal_reward_may_be_any_finite_number(reward: float) -> None:
    e = raw_env("classic", illegal_reward=reward)
    e.reset(seed=1)
    agent = e.agent_selection
    e.step(e.encoding.num_actions)
    assert e.rewards[agent] == float(reward)


def test_the_raw_environment_refuses_calls_out_of_order_with_a_setup_error() -> None:
    """Before ``reset``, after every agent has left, and for an agent that is not one of its
    own, the raw environment raises :class:`SetupError` (an ``AttributeError`` or a
    ``KeyError`` escaped)."""
    e = raw_env("classic", illegal_reward=-1)
    with pytest.raises(SetupError, match="reset"):
        e.step(0)
    e.reset(seed=1)
    for bad in ("player_9", 0):
        with pytest.raises(SetupError, match="agent"):
            e.observe(bad)  # type: ignore[arg-type]
    e.step(e.encoding.num_actions)
    while e.agents:
        e.step(None)
    with pytest.raises(SetupError, match="reset"):
        e.step(None)
    e.reset(seed=1)
    assert e.agents == e.possible_agents


def test_a_numpy_seed_deals_as_its_int() -> None:
    e = raw_env("classic")
    e.reset(seed=np.int64(3))  # type: ignore[arg-type]
    f = raw_env("classic")
    f.reset(seed=3)
    assert e.game_state == f.game_state


HOUSE_RULES = [
    ("classic", {"target_score": 1}),
    ("classic", {"canasta_size": 3, "canastas_to_go_out": 1, "min_naturals": 1}),
    ("classic", {"hand_size": 2, "draw_count": 5}),
    ("cutthroat", {"target_score": 1}),
    ("five-player", {"target_score": 1}),
]


@pytest.mark.parametrize(("name", "rules"), HOUSE_RULES, ids=lambda x: str(x))
def test_observations_hold_through_matches_resets_and_house_rules(
    name: str, rules: dict[str, object]
) -> None:
    """Through the end of matches (house rules that end them in a hand), resets with and
    without a seed in the middle of a hand, and seats observed in any order (the agents
    that are done too), every observation is :func:`canasta.pettingzoo.observation` of the
    memory of the hand built from all its events."""
    import random

    from canasta import tensors
    from canasta.pettingzoo import observation

    e = raw_env(canasta.get_variant(name).derive(**rules), episode="match")
    rng = random.Random(7)

    def fresh(seed: int | None) -> tensors.Memory:
        e.reset(seed=seed)
        return tensors.Memory.empty(e.variant.players).after(canasta.deal_events(e.game_state))

    memory, matches, resets = fresh(7), 0, 0
    for _ in range(1500):
        ts = e.turn_state
        seats = list(range(e.variant.players))
        rng.shuffle(seats)
        for seat in seats[: rng.randint(1, len(seats))]:
            want = np.array(observation(e.encoding, ts, seat, memory), np.float32)
            assert np.array_equal(e.observe(e.possible_agents[seat])["observation"], want)
        agent = e.agent_selection
        if e.terminations[agent] or rng.random() < 0.01:
            matches += e.terminations[agent]
            resets += 1
            memory = fresh(rng.randrange(100) if rng.random() < 0.5 else None)
            continue
        index = int(rng.choice(list(np.flatnonzero(e.observe(agent)["action_mask"]))))
        memory = step_and_remember(e, ts, index, memory)
    assert resets > matches > 0 or rules.get("target_score") != 1


def test_observations_stay_in_the_space_under_house_rules_of_large_points() -> None:
    """A house rule's points reach far beyond a preset's (up to 10**9 a field): a match
    total of 2 * 10**7 left the observation space, whose bound was 2**20."""
    import random

    rules = dict.fromkeys(
        ("going_out_bonus", "natural_canasta_bonus", "mixed_canasta_bonus"), 10**7
    )
    variant = canasta.get_variant("classic").derive(target_score=10**9, **rules)
    e = raw_env(variant, episode="match")
    e.reset(seed=1)
    rng = random.Random(1)
    space = e.observation_space("player_0")
    while e.game_state.hand_number < 3:
        obs = e.observe(e.agent_selection)
        assert space.contains(obs), (e.game_state.hand_number, e.game_state.totals)
        e.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    assert max(map(abs, e.game_state.totals)) > 2**20
