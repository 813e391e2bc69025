"""Property-based tests of the engine: random games driven by hypothesis.

Every game is ``canasta.new_game(variant, seed=s)`` (every preset and two house rules) played by
uniformly random choices among ``canasta.legal_actions(state)``; hypothesis draws the seed and
every choice, so a failure shrinks to a short list of menu indices. Reproduce a reported failure
with :func:`replay`.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import canasta
from canasta import (
    Action,
    AnswerPartner,
    AskPartner,
    Card,
    DealNextHand,
    DeclinePile,
    Discard,
    Draw,
    EndTurn,
    GameState,
    IllegalActionError,
    Meld,
    MeldCards,
    Phase,
    Rank,
    TakePile,
)

# ---------------------------------------------------------------------------- helpers
PACK = Counter(canasta.make_pack())
ALL_CARDS = tuple(sorted(PACK))  # the 53 card kinds (52 suited cards and the joker)
ALL_BY_ID = {c.id: c for c in ALL_CARDS}
PACK_COUNTS = [PACK[ALL_BY_ID[i]] for i in range(53)]
SEATS = range(4)
ANY_CARD = st.sampled_from(ALL_CARDS)
ANY_RANK = st.sampled_from(list(Rank))

#: Every preset, and two house rules (issue 3): the properties hold for each of them.
VARIANTS = (
    *(canasta.get_variant(name) for name in canasta.variant_names()),
    canasta.get_variant("classic").derive(
        name="house-700-strict", natural_canasta_bonus=700, wild_ratio="at_most_equal"
    ),
    canasta.get_variant("two-player").derive(
        name="house-two-discard", final_discard_required=True, black_three_discard="freezes"
    ),
)
variants = st.sampled_from(VARIANTS)
_PACK_COUNTS: dict[str, list[int]] = {}


def pack_counts(variant: canasta.Variant) -> list[int]:
    """Copies of each card kind in the variant's pack."""
    if variant.name not in _PACK_COUNTS:
        counts = [0] * 53
        for c in variant.pack():
            counts[c.id] += 1
        _PACK_COUNTS[variant.name] = counts
    return _PACK_COUNTS[variant.name]


def fit_totals(totals: tuple[int, ...], variant: canasta.Variant) -> tuple[int, ...]:
    """Start totals for the variant's match sides, cycling the drawn ones."""
    n = len(variant.sides)
    return tuple(totals[i % len(totals)] for i in range(n))


MAX_ACTIONS = 2_000

#: Simulations are slow, long and (by design) sometimes run past hypothesis's data budget.
SLOW_OK = [
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    HealthCheck.large_base_example,
]
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=SLOW_OK,
)
#: For the tests run once per variant (eleven of them).
PER_VARIANT = settings(SETTINGS, max_examples=5)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
#: Side totals before the first hand: they select the initial-meld minimum (15/50/90/120).
start_totals = st.sampled_from([(0, 0), (0, 0), (-200, 1500), (3000, 1499), (2999, 4990)])


def snapshot(state: GameState) -> GameState:
    """A deep copy of ``state`` (a pickle round trip: twice as fast as ``copy.deepcopy``)."""
    copied: GameState = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    return copied


def table_cards(state: GameState) -> Counter[Card]:
    """Every card of the table, as a multiset: hands, melds, pile, stock and red threes (and
    the cards out of play)."""
    return Counter({ALL_BY_ID[i]: n for i, n in enumerate(table_counts(state)) if n})


def table_counts(state: GameState) -> list[int]:
    """Copies of each card kind (by ``Card.id``) on the table (a fast :func:`table_cards`)."""
    counts = [0] * 53
    for hand in state.hands:
        n = 0
        for c in hand:  # iterate: the multiset's cards, as Card values
            counts[c.id] += 1
            n += 1
        assert n == len(hand), "a hand iterates over another number of cards than its len()"
    for side in state.melds:
        for meld in side:
            for c in meld.cards:
                counts[c.id] += 1
    # the cards out of play (a position built so) complete the pack
    for pile in (state.discard_pile, state.stock, *state.red_threes, state.out_of_play):
        for c in pile:
            counts[c.id] += 1
    return counts


def assert_conserved(state: GameState) -> None:
    if table_counts(state) != pack_counts(state.variant):
        found = table_cards(state)
        pack = Counter(state.variant.pack())
        extra = found - pack
        missing = pack - found
        raise AssertionError(
            f"cards not conserved: {sum(found.values())} cards on the table; "
            f"extra {sorted(map(str, extra.elements()))}, "
            f"missing {sorted(map(str, missing.elements()))}"
        )


def assert_score_sums(state: GameState) -> None:
    score = canasta.score_hand(state)
    assert len(score.sides) == len(state.totals)
    for side in score.sides:
        assert side.total == sum(line.points for line in side.lines), side
    assert score.totals == tuple(s.total for s in score.sides)
    assert state.match_totals == tuple(
        t + s.total for t, s in zip(state.totals, score.sides, strict=True)
    )


def assert_phase_consistent(state: GameState, menu: Sequence[Action] | None = None) -> None:
    if menu is None:
        menu = menu_of(state)
    phase = state.phase
    assert isinstance(phase, Phase)
    assert (state.current_seat is None) == state.is_hand_over
    assert state.is_hand_over == (phase is Phase.HAND_OVER)
    assert (state.end is not None) == state.is_hand_over
    if phase is Phase.DRAW:
        assert state.current_seat == state.turn.seat
        assert state.turn.drew is None
        assert not state.turn.melded and not state.turn.asked
        assert state.turn.permission is None
    elif phase is Phase.PLAY:
        assert state.current_seat == state.turn.seat
        assert state.turn.drew is not None
    elif phase is Phase.ANSWER:
        assert state.turn.asked and state.turn.permission is None
        assert state.current_seat in state.partners(state.turn.seat)
    else:
        assert state.current_seat is None
    if state.current_seat is not None:
        assert state.current_seat in state.order
    assert state.is_match_over == (state.is_hand_over and bool(state.winners))
    for laid in state.red_threes:
        assert all(c.is_red_three for c in laid)
    # The menu is empty only when the match is over (every game here has a seed).
    assert bool(menu) == (not state.is_match_over)


def discard_kind(card: Card) -> object:
    """The kind of a card for discarding: its rank, with black and red threes apart."""
    if card.is_red_three:
        return "red3"
    if card.is_black_three:
        return "black3"
    return card.rank


def menu_of(state: GameState) -> list[Action]:
    return list(canasta.legal_actions(state))


def choose(data: st.DataObject, menu: Sequence[Action], state: GameState | None = None) -> Action:
    """A uniformly random action of ``menu``. With ``state`` (the *long hands* policy), the
    actions that go out are left out while there are others, so the stock runs out and the
    end-of-stock rules (declining, forced taking) come into play."""
    assert menu, "empty menu in a state that is not over"
    if state is not None and state.current_seat is not None:
        size = len(state.hands[state.current_seat])
        stay = [a for a in menu if not _goes_out(a, size)]
        menu = stay or menu
    return menu[data.draw(st.integers(0, len(menu) - 1), label="choice")]


def _goes_out(action: Action, hand_size: int) -> bool:
    if isinstance(action, MeldCards):
        return hand_size - sum(len(m.cards) for m in action.melds) <= 1
    if isinstance(action, Discard):
        return hand_size == 1
    return isinstance(action, AskPartner)


#: The play policy: uniform, or uniform without going out (see :func:`choose`).
long_hands = st.sampled_from([False, False, True])


def sample_of(menu: Sequence[Action], limit: int = 25) -> Sequence[Action]:
    """All of a menu, or an even spread of ``limit`` of its actions (menus that list every way of
    going out reach thousands of actions)."""
    if len(menu) <= limit:
        return menu
    step = len(menu) // limit + 1
    return [*menu[::step], menu[-1]]


def checked_apply(state: GameState, action: Action, before: GameState | None = None) -> GameState:
    """``apply`` a listed action, checking that it is accepted and leaves ``state`` unchanged
    (equal to ``before``, a deep copy taken earlier, or to one taken now)."""
    if before is None:
        before = snapshot(state)
    try:
        new = canasta.apply(state, action)
    except IllegalActionError as exc:
        raise AssertionError(f"listed action {action!r} ({action}) refused: {exc}") from exc
    assert state == before, f"apply({action}) mutated its input state"
    return new


def random_hand(
    data: st.DataObject, state: GameState, long: bool = False
) -> Iterator[tuple[GameState, Action, GameState]]:
    """Play ``state``'s hand to its end by random listed actions (the *long hands* policy if
    ``long``), each applied with :func:`checked_apply`; yield ``(before, action, after)``."""
    for _ in range(MAX_ACTIONS):
        if state.is_hand_over:
            return
        action = choose(data, menu_of(state), state if long else None)
        after = checked_apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError(f"the hand did not end within {MAX_ACTIONS} actions")


def last_state(steps: Iterator[tuple[GameState, Action, GameState]], state: GameState) -> GameState:
    """Run a :func:`random_hand` to its end and return its last state."""
    for _before, _action, after in steps:
        state = after
    return state


def replay(
    seed: int,
    choices: Sequence[int],
    totals: tuple[int, ...] = (0, 0),
    variant: str | canasta.Variant = "classic",
) -> GameState:
    """Rebuild a game from its seed and menu indices (for reproducing a failure by hand)."""
    state = canasta.new_game(variant, seed=seed, totals=totals)
    for i in choices:
        state = canasta.apply(state, menu_of(state)[i])
    return state


# ---------------------------------------------------------------------------- candidate actions
def _cards_of(
    hand: Sequence[Card], data_draw: st.DrawFn, keep: Callable[[Card], bool] | None = None
) -> list[Card]:
    """Some cards of ``hand`` (each physical card at most once), optionally only those ``keep``
    accepts, plus maybe a card from anywhere."""
    pool = [c for c in hand if keep is None or keep(c)]
    picked: list[Card] = []
    if pool:
        idx = data_draw(
            st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=min(len(pool), 8))
        )
        picked = [pool[i] for i in idx]
    picked += data_draw(st.lists(ANY_CARD, max_size=1))
    return picked


@st.composite
def _group(draw: st.DrawFn, hand: Sequence[Card], rank_hint: Rank | None = None) -> Meld:
    ranks_in_hand = sorted({c.rank for c in hand if not c.is_wild})
    rank_choices = [ANY_RANK]
    if ranks_in_hand:
        rank_choices.insert(0, st.sampled_from(ranks_in_hand))
    if rank_hint is not None:
        rank_choices.insert(0, st.just(rank_hint))
    rank = draw(st.one_of(rank_choices))
    fitting = draw(st.booleans())
    keep = (lambda c: c.rank is rank or c.is_wild) if fitting else None
    return Meld(rank, _cards_of(hand, draw, keep) or [draw(ANY_CARD)])  # a meld holds a card


MUTATIONS = st.sampled_from(["same", "seat", "drop", "add", "swap", "rank", "ungroup"])
CANDIDATE_KINDS = st.sampled_from(
    ["listed", "draw", "take", "meld", "discard", "ask", "answer", "decline", "end", "deal"]
)
DECKS = st.sampled_from(["none", "pack", "bad"])


def _mutate(draw: st.DrawFn, action: Action, hand: Sequence[Card]) -> Action:
    """A listed action, maybe changed a little: another seat, a card dropped, added or swapped
    for another suit, a group's rank changed or a group dropped."""
    how = draw(MUTATIONS)
    if how == "same" or isinstance(action, DealNextHand):
        return action
    if how == "seat":
        return with_seat(action, draw(st.integers(-1, 4)))
    if isinstance(action, AnswerPartner):
        return AnswerPartner(action.seat, not action.yes)
    if isinstance(action, Discard):
        return Discard(action.seat, draw(ANY_CARD))
    if not isinstance(action, (MeldCards, TakePile)):
        return action
    groups: list[tuple[Rank | None, list[Card]]] = []
    if isinstance(action, TakePile):
        groups.append((None, list(action.cards)))
    groups += [(m.rank, list(m.cards)) for m in action.melds]
    gi = draw(st.integers(0, len(groups) - 1))
    rank, cards = groups[gi]
    if how == "drop" and cards:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    elif how == "add":
        cards.append(draw(st.sampled_from(list(hand) or ALL_CARDS)))
    elif how == "swap" and cards:
        i = draw(st.integers(0, len(cards) - 1))
        same_rank = [c for c in ALL_CARDS if c.rank is cards[i].rank]
        cards[i] = draw(st.sampled_from(same_rank))
    elif how == "rank" and rank is not None:
        rank = draw(ANY_RANK)
    elif how == "ungroup" and len(groups) > 1:
        del groups[gi]
        gi = -1
    if gi >= 0:
        groups[gi] = (rank, cards)
    if isinstance(action, TakePile):
        first = groups[0][1] if groups[0][0] is None else []
        rest = [Meld(r, cs) for r, cs in groups if r is not None and cs]
        return TakePile(action.seat, first, rest)
    # a group emptied is dropped: a meld holds a card
    return MeldCards(action.seat, [Meld(r, cs) for r, cs in groups if r is not None and cs])


def with_seat(action: Action, seat: int) -> Action:
    changed: Action = attrs.evolve(cast(Any, action), seat=seat)
    return changed


@st.composite
def candidate_actions(draw: st.DrawFn, state: GameState, menu: Sequence[Action]) -> Action:
    """An action from a space much wider than the menu: every action type, any seat, cards
    from the hand or from anywhere, and near misses of listed actions."""
    current = state.current_seat
    n = state.variant.players
    seat_choices = [st.integers(0, n - 1), st.sampled_from([-1, n])]
    if current is not None:
        seat_choices.insert(0, st.just(current))
    seat = draw(st.one_of(seat_choices))
    hand = list(state.hands[seat]) if 0 <= seat < len(state.hands) else []
    top = state.top_card
    kind = draw(CANDIDATE_KINDS)
    if kind == "listed" and menu:
        return _mutate(draw, menu[draw(st.integers(0, len(menu) - 1))], hand)
    if kind == "draw":
        return Draw(seat)
    if kind == "take":
        rank = top.rank if top is not None else None
        keep = (lambda c: c.rank is rank or c.is_wild) if draw(st.booleans()) else None
        cards = _cards_of(hand, draw, keep)
        melds = draw(st.lists(_group(hand), max_size=2))
        return TakePile(seat, cards, melds)
    if kind == "meld":
        return MeldCards(seat, draw(st.lists(_group(hand), max_size=3)))
    if kind == "discard":
        return Discard(seat, draw(st.sampled_from(hand) | ANY_CARD if hand else ANY_CARD))
    if kind == "ask":
        return AskPartner(seat)
    if kind == "answer":
        return AnswerPartner(seat, draw(st.booleans()))
    if kind == "decline":
        return DeclinePile(seat)
    if kind == "end":
        return EndTurn(seat)
    deck = draw(DECKS)
    if deck == "none":
        return DealNextHand()
    pack = list(state.variant.pack())
    pack = draw(st.permutations(pack)) if draw(st.booleans()) else pack
    if deck == "bad":
        pack[draw(st.integers(0, len(pack) - 1))] = draw(ANY_CARD)
        if draw(st.booleans()):
            pack.pop()
    return DealNextHand(pack)


def check_candidate(
    state: GameState,
    action: Action,
    before: GameState | None = None,
    menu: Sequence[Action] | None = None,
) -> GameState | None:
    """``is_legal`` is True iff ``apply`` does not raise; ``apply`` raises nothing but
    IllegalActionError; neither changes ``state`` (equal to ``before``, a deep copy); a listed
    action is legal, and (given the ``menu``) so is an unlisted Draw, DeclinePile, AskPartner,
    AnswerPartner, EndTurn or Discard never. Returns the new state if legal."""
    if before is None:
        before = snapshot(state)
    try:
        legal = canasta.is_legal(state, action)
    except Exception as exc:
        raise AssertionError(f"is_legal raised {exc!r} for {action!r}") from exc
    new: GameState | None
    try:
        new = canasta.apply(state, action)
    except IllegalActionError:
        new = None
    except Exception as exc:
        raise AssertionError(f"apply raised {type(exc).__name__} for {action!r}: {exc}") from exc
    assert state == before, f"{action!r} changed the input state"
    assert legal == (new is not None), (
        f"is_legal says {legal} but apply {'accepted' if new is not None else 'refused'} "
        f"{action!r} ({action})"
    )
    assert (action in canasta.legal_actions(state)) == legal
    if menu is not None:
        if action in menu:
            assert legal, f"listed {action!r} refused"
        if isinstance(action, Discard):
            kinds = {(a.seat, discard_kind(a.card)) for a in menu if isinstance(a, Discard)}
            held = 0 <= action.seat < len(state.hands) and state.hands[action.seat].count(
                action.card
            )
            assert legal == ((action.seat, discard_kind(action.card)) in kinds and held > 0), (
                f"{action!r}: is_legal {legal} disagrees with the listed discards"
            )
        elif isinstance(action, (Draw, DeclinePile, AskPartner, AnswerPartner, EndTurn)):
            assert legal == (action in menu), f"{action!r}: is_legal {legal}, listed {not legal}"
    event(f"candidate {type(action).__name__}: {'legal' if legal else 'refused'}")
    if new is not None:
        assert_conserved(new)
    return new


def simple_actions(players: int) -> tuple[Action, ...]:
    return tuple(
        a
        for seat in range(players)
        for a in (
            Draw(seat),
            DeclinePile(seat),
            AskPartner(seat),
            AnswerPartner(seat, True),
            AnswerPartner(seat, False),
        )
    ) + (DealNextHand(),)


def check_simple_actions(state: GameState, menu: Sequence[Action]) -> None:
    """Draw, DeclinePile, AskPartner, AnswerPartner, EndTurn (and a deck-less DealNextHand) are
    legal iff listed; a Discard is legal iff a Discard of its kind is listed and the player
    holds the card."""
    listed = set(menu)
    for action in simple_actions(state.variant.players):
        legal = canasta.is_legal(state, action)
        assert legal == (action in listed), f"{action!r}: is_legal {legal}, listed {not legal}"
    discard_kinds = Counter((a.seat, discard_kind(a.card)) for a in menu if isinstance(a, Discard))
    assert all(n == 1 for n in discard_kinds.values()), f"a kind discarded twice: {discard_kinds}"
    for seat in range(state.variant.players):
        hand = state.hands[seat]
        # Every card for the seat to act; the cards it holds for the others (out of turn).
        cards = ALL_CARDS if seat == state.current_seat else dict.fromkeys(hand)
        for card in cards:
            expected = (seat, discard_kind(card)) in discard_kinds and hand.count(card) > 0
            legal = canasta.is_legal(state, Discard(seat, card))
            assert legal == expected, (
                f"Discard({seat}, {card}): is_legal {legal}, expected {expected} "
                f"(listed discards {sorted(str(a.card) for a in menu if isinstance(a, Discard))}, "
                f"holds {hand.count(card)})"
            )


# ---------------------------------------------------------------------------- the pack
def test_pack_is_108_cards() -> None:
    pack = canasta.make_pack()
    assert len(pack) == 108
    assert len(PACK) == 53
    for card, n in PACK.items():
        assert n == (4 if card.rank is Rank.JOKER else 2), card


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_new_game_conserves_cards(variant: canasta.Variant) -> None:
    for seed in range(20):
        state = canasta.new_game(variant, seed=seed)
        assert_conserved(state)
        assert_phase_consistent(state)


# ---------------------------------------------------------------------------- 1 conservation
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@PER_VARIANT
@given(seed=seeds, totals=start_totals, long=long_hands, data=st.data())
def test_cards_conserved_after_every_action(
    variant: canasta.Variant, seed: int, totals: tuple[int, int], long: bool, data: st.DataObject
) -> None:
    state = canasta.new_game(variant, seed=seed, totals=fit_totals(totals, variant))
    assert_conserved(state)
    for _before, action, after in random_hand(data, state, long):
        note(f"{action!r}")
        assert_conserved(after)


# ---------------------------------------------------------------------------- 2 the menu
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@PER_VARIANT
@given(seed=seeds, data=st.data())
def test_listed_actions_legal_unique_deterministic_pure(
    variant: canasta.Variant, seed: int, data: st.DataObject
) -> None:
    state = canasta.new_game(variant, seed=seed)
    for _ in range(MAX_ACTIONS):
        before = snapshot(state)
        first = menu_of(state)
        second = menu_of(state)
        assert first == second, "listing twice gave another order"
        assert state == before, "listing the actions changed the state"
        assert len(set(first)) == len(first), "the menu lists an action twice"
        assert list(canasta.legal_actions(before)) == first, "an equal state lists another menu"
        for action in sample_of(first):
            assert canasta.is_legal(state, action), f"listed {action!r} is not legal"
            assert action in canasta.legal_actions(state)
            assert canasta.check(state, action) is None
            checked_apply(state, action, before)
        if state.is_hand_over:
            break
        state = checked_apply(state, choose(data, first), before)
    assert state.is_hand_over


# ---------------------------------------------------------------------------- 3 refused iff illegal
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@PER_VARIANT
@given(seed=seeds, totals=start_totals, long=long_hands, data=st.data())
def test_candidate_actions_refused_iff_illegal(
    variant: canasta.Variant, seed: int, totals: tuple[int, int], long: bool, data: st.DataObject
) -> None:
    state = canasta.new_game(variant, seed=seed, totals=fit_totals(totals, variant))
    for _ in range(MAX_ACTIONS):
        before = snapshot(state)
        menu = menu_of(state)
        check_simple_actions(state, menu)
        for _ in range(data.draw(st.integers(0, 3), label="candidates")):
            action = data.draw(candidate_actions(state, menu), label="candidate")
            check_candidate(state, action, before, menu)
        assert state == before
        if state.is_hand_over:
            break
        state = checked_apply(state, choose(data, menu, state if long else None), before)
    assert state.is_hand_over


# ---------------------------------------------------------------------------- 4 replay
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@PER_VARIANT
@given(seed=seeds, data=st.data())
def test_replay_is_deterministic(variant: canasta.Variant, seed: int, data: st.DataObject) -> None:
    state = canasta.new_game(variant, seed=seed)
    states = [state]
    actions = []
    for _ in range(2):  # up to two hands of the match
        for _before, action, after in random_hand(data, state):
            actions.append(action)
            states.append(after)
        state = states[-1]
        if state.is_match_over or not data.draw(st.booleans(), label="next hand"):
            break
        actions.append(DealNextHand())
        state = canasta.apply(state, DealNextHand())
        states.append(state)
    again = canasta.new_game(variant, seed=seed)
    assert again == states[0]
    for action, expected in zip(actions, states[1:], strict=True):
        again = canasta.apply(again, action)
        assert again == expected, f"replaying {action!r} gave another state"
    assert hash(again) == hash(states[-1])


# ---------------------------------------------------------------------------- 5 every hand ends
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@settings(SETTINGS, max_examples=8)
@given(seed=seeds, totals=start_totals, data=st.data())
def test_every_hand_ends(
    variant: canasta.Variant, seed: int, totals: tuple[int, int], data: st.DataObject
) -> None:
    state = canasta.new_game(variant, seed=seed, totals=fit_totals(totals, variant))
    for n in range(MAX_ACTIONS + 1):  # noqa: B007
        if state.is_hand_over:
            break
        state = canasta.apply(state, choose(data, menu_of(state)))
    else:
        pytest.fail(f"seed {seed}: the hand did not end within {MAX_ACTIONS} actions")
    note(f"hand ended after {n} actions: {state.end}")
    assert state.end is not None


# ---------------------------------------------------------------------------- 6 scores
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@PER_VARIANT
@given(seed=seeds, totals=start_totals, data=st.data())
def test_score_is_sum_of_lines_and_totals_roll_over(
    variant: canasta.Variant, seed: int, totals: tuple[int, int], data: st.DataObject
) -> None:
    state = canasta.new_game(variant, seed=seed, totals=fit_totals(totals, variant))
    with pytest.raises(canasta.StateError):
        canasta.score_hand(state)
    for _hand in range(2):
        assert state.match_totals == state.totals
        state = last_state(random_hand(data, state), state)
        assert_score_sums(state)
        if state.is_match_over:
            assert not canasta.is_legal(state, DealNextHand())
            break
        new = checked_apply(state, DealNextHand())
        assert new.totals == state.match_totals
        assert new.hand_number == state.hand_number + 1
        assert new.dealer in new.order and new.dealer != state.dealer
        for seat in new.order:
            side = new.variant.side_of(seat)
            assert new.minimum_for(seat) == new.variant.minimum_for(new.totals[side])
        assert_conserved(new)
        state = new


# ---------------------------------------------------------------------------- 7 purity
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@PER_VARIANT
@given(seed=seeds, data=st.data())
def test_apply_never_mutates_its_input(
    variant: canasta.Variant, seed: int, data: st.DataObject
) -> None:
    state = canasta.new_game(variant, seed=seed)
    seen = [(state, snapshot(state))]
    while not state.is_hand_over:
        assert len(seen) <= MAX_ACTIONS
        state = checked_apply(state, choose(data, menu_of(state)), seen[-1][1])
        seen.append((state, snapshot(state)))
    # Every state of the game is still what it was when it was made (no state shares anything
    # mutable with its successors).
    for original, copied in seen:
        assert original == copied
        assert hash(original) == hash(copied)


# ---------------------------------------------------------------------------- 8 state machine
class CanastaMachine(RuleBasedStateMachine):
    """A match driven by random listed actions and random candidate actions."""

    state: GameState

    @initialize(variant=variants, seed=seeds, totals=start_totals, long=long_hands)
    def start(
        self, variant: canasta.Variant, seed: int, totals: tuple[int, int], long: bool
    ) -> None:
        self.state = canasta.new_game(variant, seed=seed, totals=fit_totals(totals, variant))
        self.long = long
        self.hand_actions = 0
        self._menu: tuple[GameState, list[Action]] | None = None
        self._copy: tuple[GameState, GameState] | None = None

    def menu(self) -> list[Action]:
        """The menu of the current state, listed once per state (menus can be long)."""
        if self._menu is None or self._menu[0] is not self.state:
            self._menu = (self.state, menu_of(self.state))
        return self._menu[1]

    def copy(self) -> GameState:
        """A deep copy of the current state, taken once per state."""
        if self._copy is None or self._copy[0] is not self.state:
            self._copy = (self.state, snapshot(self.state))
        return self._copy[1]

    @precondition(lambda self: not self.state.is_hand_over)
    @rule(data=st.data())
    def play_listed_actions(self, data: st.DataObject) -> None:
        """A burst of 1 to 8 random listed actions (so hands do end within the step budget),
        checking conservation and the phase after each."""
        for i in range(data.draw(st.integers(1, 8), label="burst")):
            if self.state.is_hand_over:
                break
            action = choose(data, self.menu(), self.state if self.long else None)
            # Purity is checked on the burst's first state (every state in the other tests).
            self.state = checked_apply(self.state, action, self.copy() if i == 0 else self.state)
            self.hand_actions += 1
            assert self.hand_actions <= MAX_ACTIONS
            assert_conserved(self.state)
            assert_phase_consistent(self.state, self.menu())
        if self.state.is_hand_over:
            assert self.state.end is not None
            event(f"hand over: {self.state.end.reason}")

    @rule(data=st.data())
    def try_candidate_action(self, data: st.DataObject) -> None:
        action = data.draw(candidate_actions(self.state, self.menu()))
        new = check_candidate(self.state, action, self.copy(), self.menu())
        if new is not None and data.draw(st.booleans(), label="keep"):
            if isinstance(action, DealNextHand):
                assert new.totals == self.state.match_totals
                self.hand_actions = 0
            elif not new.is_hand_over:
                self.hand_actions += 1
            self.state = new

    @precondition(lambda self: self.state.is_hand_over and not self.state.is_match_over)
    @rule()
    def deal_next_hand(self) -> None:
        old = self.state
        self.state = checked_apply(old, DealNextHand())
        assert self.state.totals == old.match_totals
        assert self.state.hand_number == old.hand_number + 1
        self.hand_actions = 0

    @invariant()
    def cards_conserved(self) -> None:
        assert_conserved(self.state)

    @invariant()
    def phase_consistent(self) -> None:
        assert_phase_consistent(self.state, self.menu())

    @invariant()
    def score_sums_when_over(self) -> None:
        if self.state.is_hand_over:
            assert_score_sums(self.state)
        else:
            with pytest.raises(canasta.StateError):
                canasta.score_hand(self.state)


CanastaMachine.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=SLOW_OK,
)
TestCanastaMachine = CanastaMachine.TestCase
