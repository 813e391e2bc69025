"""OpenSpiel's information-set MCTS plays a hand of python_canasta against random players.

Needs the rl extra (pip install "canasta[rl]"); without it the script says so and stops.
"""

import sys

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:
    print("skipped: OpenSpiel is not installed (pip install 'canasta[rl]')")
    sys.exit(0)

import canasta.openspiel  # noqa: F401  (registers python_canasta)


def main(seed: int = 0, simulations: int = 4) -> list[float]:
    game = pyspiel.load_game("python_canasta(variant=two-player)")
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():  # the deal: three digits of a deal seed
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probs))
        elif state.current_player() == 0:  # the search samples the cards it cannot see
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    print(f"ISMCTS ({simulations} simulations a move) against a random player: {returns}")
    print(state.information_state_string(0).splitlines()[0])
    return returns


if __name__ == "__main__":
    main()
