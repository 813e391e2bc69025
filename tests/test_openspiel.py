"""python_canasta, the OpenSpiel game of canasta.openspiel, under OpenSpiel's own tests and bots."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import canasta  # noqa: E402
import canasta.openspiel  # noqa: E402
from canasta import tensors  # noqa: E402
from canasta.encoding import PENDING_SIZE  # noqa: E402

PRESETS = canasta.variant_names()


def _game(name: str, **params: object) -> object:
    text = ",".join([f"variant={name}", *(f"{k}={v}" for k, v in params.items())])
    return pyspiel.load_game(f"python_canasta({text})")


def _play_to(state: object, rng: random.Random, actions: int) -> object:
    """``state`` after ``actions`` random player actions (chance outcomes by their odds)."""
    done = 0
    while not state.is_terminal() and done < actions:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return state


@pytest.mark.parametrize("name", PRESETS)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(_game(name), num_sims=1, serialize=True, verbose=False)


def test_a_whole_match_is_one_episode() -> None:
    game = _game("two-player", episode="match", max_hands=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = _play_to(game.new_initial_state(), random.Random(2), 100_000)
    assert state.is_terminal()
    assert state.game_state.hand_number in (1, 2)
    returns = state.returns()
    assert returns[0] == -returns[1]
    final = state.game_state
    totals = [t + s for t, s in zip(final.totals, canasta.score_hand(final).totals, strict=True)]
    assert returns[0] == totals[0] - totals[1]


def test_each_deal_is_three_chance_steps_picking_a_portable_deal_seed() -> None:
    game = _game("classic")
    state = game.new_initial_state()
    for digit in (1, 2, 3):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 1024 and {p for _, p in outcomes} == {1 / 1024}
        state.apply_action(digit)
    seed = (1 * 1024 + 2) * 1024 + 3
    deck = canasta.shuffled_pack("classic", seed, 1)
    assert state.game_state == canasta.new_game("classic", deck=deck)
    assert state.game_state.seed is None  # the table does not give the deal away
    assert state.current_player() == 0


@pytest.mark.parametrize("name", ["classic", "cutthroat", "five-player"])
def test_returns_are_each_sides_points_less_the_others_mean(name: str) -> None:
    state = _play_to(_game(name).new_initial_state(), random.Random(5), 100_000)
    assert state.is_terminal()
    final = state.game_state
    score = canasta.score_hand(final)
    points = [side.total for side in score.sides]
    returns = state.returns()
    for i, side in enumerate(final.sides):
        others = [p for j, p in enumerate(points) if j != i]
        for seat in side:
            assert returns[seat] == points[i] - sum(others) / len(others)


@pytest.mark.parametrize("name", PRESETS)
def test_tensors_and_strings_are_canasta_tensors(name: str) -> None:
    state = _play_to(_game(name).new_initial_state(), random.Random(1), 30)
    assert not state.is_chance_node()
    seat = state.current_player()
    other = (seat + 1) % state.game_state.variant.players
    memory, game_state = state.memory, state.game_state
    for f, size, mine in (
        (
            state.observation_tensor,
            tensors.observation_size(name),
            tensors.observation_tensor,
        ),
        (
            state.information_state_tensor,
            tensors.information_state_size(name),
            tensors.information_state_tensor,
        ),
    ):
        for who in (seat, other):
            t = f(who)
            assert len(t) == size + PENDING_SIZE
            assert t[:size] == pytest.approx(mine(game_state, who, memory))
        assert f(other)[size:] == [0.0] * PENDING_SIZE  # only the seat to act has parts chosen
    assert state.observation_string(other) == tensors.observation_string(game_state, other, memory)
    assert state.information_state_string(other) == tensors.information_state_string(
        game_state, other, memory
    )


def test_parts_chosen_so_far_show_in_the_chooser_s_tensor_and_string_only() -> None:
    """A compound action spelled part by part leaves the engine's state as it is; the parts
    chosen tell the decision points apart (as OpenSpiel's searches need)."""
    game = _game("classic")
    rng = random.Random(8)
    for _ in range(200):
        state = _play_to(game.new_initial_state(), rng, rng.randrange(1, 80))
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        before = state.information_state_string(seat)
        for action in state.legal_actions():
            after = state.child(action)
            if after.current_player() == seat and after.game_state is state.game_state:
                size = tensors.information_state_size("classic")
                assert "chosen: " in after.information_state_string(seat)
                assert after.information_state_string(seat) != before
                assert any(after.information_state_tensor(seat)[size:])
                other = (seat + 1) % 4
                assert after.information_state_string(other) == state.information_state_string(
                    other
                )
                return
    raise AssertionError("no compound action met")


@pytest.mark.parametrize("name", PRESETS)
def test_resampling_keeps_what_the_player_saw_and_deals_the_rest_again(name: str) -> None:
    state = _play_to(_game(name).new_initial_state(), random.Random(3), 40)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for _ in range(4):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        hidden = [h for s, h in enumerate(sample.game_state.hands) if s != player]
        changed |= hidden != [h for s, h in enumerate(state.game_state.hands) if s != player]
        for seat, known in enumerate(state.memory.known):
            held = sample.game_state.hands[seat]
            counts = [0] * len(tensors.KINDS)
            for card in held:
                counts[tensors.KINDS.index(_kind_name(card))] += 1
            assert all(c >= k for c, k in zip(counts, known, strict=True))
    assert changed


def _kind_name(card: canasta.Card) -> str:
    if card.rank is canasta.Rank.THREE:
        return "3R" if card.is_red_three else "3B"
    return card.rank.symbol if card.rank is not canasta.Rank.JOKER else "JK"


def test_ismcts_plays_a_whole_hand_against_random_players() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = _game("classic")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=2, random_state=rng
    )
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probs))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched and state.game_state.is_hand_over


def test_mcts_bots_play_a_hand_through_evaluate_bots() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    game = _game("two-player")
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert returns[0] == -returns[1]


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError):
        pyspiel.load_game("python_canasta(episode=season)")
    with pytest.raises(ValueError):
        pyspiel.load_game("python_canasta(variant=bridge)")  # a VariantError
