"""A whole match to 5000: two greedy players against two random ones."""

import canasta
from canasta.bots import GreedyPlayer, RandomPlayer, play_match


def main(seed: int = 11) -> tuple[int, ...]:
    state = canasta.new_game("classic", seed=seed)
    players = [GreedyPlayer(), RandomPlayer(seed), GreedyPlayer(), RandomPlayer(seed + 1)]
    final = play_match(state, players)
    print(f"match over after {final.hand_number} hands; totals {final.match_totals}")
    print(f"winning side: {final.winners}")
    return final.match_totals


if __name__ == "__main__":
    main()
