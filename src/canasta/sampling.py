"""Full states a seat cannot tell from the real one: the hidden cards dealt at random.

A player sees a :class:`~canasta.PlayerView`: his own hand and everything on the table, but of the
other hands, the stock and the pile under its top only their sizes and the pile's public facts
(how many red threes turned up at the deal lie in it, whether it is frozen). A search bot or an
information-set algorithm (OpenSpiel's ``resample_from_infostate``) needs whole states instead:
:func:`sample_state` deals the cards the seat cannot see into those places, uniformly at random
among the deals that keep every fact the view shows, so that the sampled state's view is the view.

>>> import random
>>> import canasta
>>> from canasta.sampling import sample_state
>>> state = canasta.new_game("classic", seed=3)
>>> view = canasta.observe(state, 0)
>>> guess = sample_state(view, random.Random(1))
>>> canasta.observe(guess, 0) == view, guess.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from math import comb

import attrs

from .actions import AnswerPartner
from .cards import Card, Cards
from .engine import apply
from .errors import StateError
from .legal import legal_actions
from .state import GameState, Phase
from .views import PlayerView, stand_in

__all__ = ["TRIES", "sample_state"]

#: How many deals :func:`sample_state` draws at most to meet a fact that bears on a hidden hand.
TRIES = 2000


def sample_state(
    view: PlayerView,
    rng: random.Random,
    *,
    known: Mapping[int, Iterable[Card]] | None = None,
) -> GameState:
    """A full state consistent with everything ``view`` shows, its hidden cards dealt at random.

    The viewer's hand and every public fact are the view's. The cards he cannot see (the pack
    less his hand, the melds, the red threes laid out and the pile's top card) are dealt
    uniformly at random, using ``rng`` only, among the deals that keep what the view states:
    every hand, the stock, the cards out of play and the pile keep their sizes; the pile under
    its top holds exactly :attr:`~canasta.PlayerView.pile_red_threes` red threes (§2 cases 1,
    2) and freezes exactly when the view says it is frozen (§1 "Frozen pile"); no other hand
    holds a red three (they are laid out at once, §2 case 1), so the unseen red threes lie in
    the pile, the stock or out of play. The same view and the same ``rng`` state give the same
    sample. The sample has no match seed (:attr:`GameState.seed <canasta.GameState.seed>` is
    ``None``): play it to the end of the hand, not beyond.

    ``known`` gives cards other seats are known to hold, say because they took them from the
    pile and have not melded them since (the view alone does not tell: a caller that follows
    the game passes them): each seat's known cards are in its sampled hand, the rest of it is
    dealt at random.

    One fact of the view bears on a hidden hand: a player who asked his partner "may I go out?"
    could go out then (§2 case 28), and after a "yes" must (his turn's :attr:`Turn.asked
    <canasta.Turn.asked>`, :attr:`~canasta.Turn.permission`). His sampled hand can: deals that
    break it are drawn again, up to :data:`TRIES` deals.

    Once the hand is over the view's score sheet counts the cards left in the other hands, which
    the sample does not try to match: then the sample's view equals ``view`` in every field but
    :attr:`~canasta.PlayerView.score`.

    Raises:
        StateError: ``view`` is not a :class:`~canasta.PlayerView` or its facts cannot all hold
            (see :func:`canasta.views.stand_in`); ``known`` names the viewer's own seat or no
            seat, gives a seat more cards than it holds, a red three, or cards that are not
            among those the viewer cannot see; no deal of :data:`TRIES` lets a player who
            asked his partner go out; ``rng`` is not a :class:`random.Random`.
    """
    if not isinstance(rng, random.Random):
        raise StateError(f"rng must be a random.Random, not {type(rng).__name__}")
    base = stand_in(view)  # checks the view; its hidden cards are those the seat cannot see
    asker = base.turn.seat if base.turn.asked and base.turn.permission is not False else None
    if asker == view.seat or base.is_hand_over:
        asker = None
    for _ in range(TRIES):
        state = _deal(view, base, rng, known)
        if asker is None or _can_go_out(state):
            return state
    raise StateError(f"no deal of {TRIES} lets seat {asker} go out, as his asking partner says")


def _can_go_out(state: GameState) -> bool:
    """Whether the player who asked his partner in ``state`` can go out after a "yes"."""
    if state.phase is Phase.ANSWER:
        seat = state.current_seat
        assert seat is not None
        state = apply(state, AnswerPartner(seat, yes=True))
    return bool(legal_actions(state))


def unseen_cards(view: PlayerView, base: GameState) -> list[Card]:
    """The cards ``view``'s seat cannot see, as they lie in ``base`` (the view's stand-in,
    :func:`canasta.views.stand_in`): the other hands by seat, the stock, the pile under its
    top, the cards out of play."""
    unseen = [c for s in range(view.variant.players) if s != view.seat for c in base.hands[s]]
    return [*unseen, *base.stock, *base.discard_pile[:-1], *base.out_of_play]


def _deal(
    view: PlayerView,
    base: GameState,
    rng: random.Random,
    known: Mapping[int, Iterable[Card]] | None,
) -> GameState:
    """``base`` (the view's stand-in) with the cards ``view`` does not show dealt at random."""
    n = view.variant.players
    top = base.discard_pile[-1:]
    unseen = unseen_cards(view, base)
    held: list[list[Card]] = [[] for _ in range(n)]
    for seat, cards in (known or {}).items():
        if type(seat) is not int or not 0 <= seat < n or seat == view.seat:
            raise StateError(f"known: no other seat {seat!r:.40} (seats 0 to {n - 1})")
        for card in cards:
            if not isinstance(card, Card) or card.is_red_three or card not in unseen:
                raise StateError(f"known: seat {seat} cannot hold {card!r:.40} unseen")
            unseen.remove(card)
            held[seat].append(card)
        if len(held[seat]) > view.hand_sizes[seat]:
            raise StateError(f"known: seat {seat} holds {view.hand_sizes[seat]} cards only")

    black = view.variant.black_three_discard == "freezes"

    def freezes(c: Card) -> bool:
        return c.is_wild or c.is_red_three or (black and c.is_black_three)

    reds = [c for c in unseen if c.is_red_three]
    freezing = [c for c in unseen if freezes(c) and not c.is_red_three]
    calm = [c for c in unseen if not freezes(c)]

    # The pile under its top: its red threes, then k freezing and the rest calm cards, with k
    # drawn as often as the deals that have it (k = 0 if the pile is not frozen, k >= 1 if
    # only these cards can freeze it).
    buried = max(view.pile_size - 1, 0)
    in_pile = view.pile_red_threes
    slots = buried - in_pile
    rng.shuffle(reds)
    pile, spare_reds = reds[:in_pile], reds[in_pile:]
    low, high = 0, min(slots, len(freezing))
    if not view.pile_frozen:
        high = 0
    elif not in_pile and not (top and freezes(top[0])):
        low = 1
    weights = [comb(len(freezing), k) * comb(len(calm), slots - k) for k in range(low, high + 1)]
    if not sum(weights):
        raise StateError("known: the pile's facts need the cards known to be held elsewhere")
    pick = rng.randrange(sum(weights))
    k = low
    for w in weights:
        if pick < w:
            break
        pick -= w
        k += 1
    rng.shuffle(freezing)
    rng.shuffle(calm)
    pile += freezing[:k] + calm[: slots - k]
    rng.shuffle(pile)

    # The other hands from the cards left but red threes; the stock and the cards out of play
    # from what is left then.
    rest = freezing[k:] + calm[slots - k :]
    rng.shuffle(rest)
    hands = list(base.hands)
    for seat in range(n):
        if seat == view.seat:
            continue
        need = view.hand_sizes[seat] - len(held[seat])
        hands[seat] = Cards.of(held[seat] + rest[:need])
        del rest[:need]
    rest += spare_reds
    rng.shuffle(rest)
    return attrs.evolve(
        base,
        hands=tuple(hands),
        stock=tuple(rest[: view.stock_size]),
        discard_pile=(*pile, *top),
        out_of_play=Cards.of(rest[view.stock_size :]),
    )
