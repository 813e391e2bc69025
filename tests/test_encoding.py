"""The fixed action encoding (canasta.encoding), with the menu as oracle.

The reachability test: from a state, the engine states reached in one turn step through spelled
indices (every legal index, every pending part, depth first) are exactly the states the listed
actions of :func:`canasta.legal_actions` reach, and no pending turn state is a dead end.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta import Discard, GameState, MeldCards, TakePile
from canasta.encoding import PENDING_SIZE, ActionEncoding, EncodingError, TurnState

PRESETS = canasta.variant_names()


def reachable(enc: ActionEncoding, state: GameState) -> tuple[set[GameState], int]:
    """The engine states one turn step reaches through spelled indices, and the number of
    index sequences that reach one (each a listed action)."""
    found: set[GameState] = set()
    count = 0

    def walk(ts: TurnState) -> None:
        nonlocal count
        ids = enc.legal_ids(ts)
        assert ids, f"a dead end after {ts.pending} in\n{state!r}"
        assert enc.mask(ts) == [int(i in ids) for i in range(enc.num_actions)]
        assert len(enc.pending_tensor(ts)) == PENDING_SIZE
        for i in ids:
            action = enc.decode(ts, i)
            after = enc.step(ts, i)
            if action is None:
                assert after.state is state and after.pending == (*ts.pending, i)
                walk(after)
            else:
                assert canasta.is_legal(state, action)
                assert after.pending == () and after.state == canasta.apply(state, action)
                found.add(after.state)
                count += 1

    walk(TurnState(state))
    return found, count


def assert_encoding(state: GameState) -> None:
    enc = ActionEncoding(state.variant)
    menu = list(canasta.legal_actions(state))
    found, count = reachable(enc, state)
    assert found == {canasta.apply(state, a) for a in menu}
    assert count == len(menu)  # one index sequence per listed action
    ts = TurnState(state)
    for a in menu:
        seq = enc.spell(ts, a)
        if len(seq) == 1:
            assert enc.encode(ts, a) == seq[0] and enc.decode(ts, seq[0]) == a
        t = ts
        for i in seq[:-1]:
            assert enc.encode(t, a) == i and enc.decode(t, i) is None
            t = enc.step(t, i)
        assert enc.decode(t, seq[-1]) == a
        assert enc.step(t, seq[-1]).state == canasta.apply(state, a)


def playout(
    name: str | canasta.Variant, seed: int, steps: int, every: int, eager: float
) -> list[GameState]:
    """Every ``every``-th state of a hand played by a policy that takes the pile or melds with
    probability ``eager`` when it can, else discards: an eager one reaches big hands, one that
    hoards reaches compound openings of big unmelded hands."""
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    out = []
    for k in range(steps):
        if state.is_hand_over:
            break
        if k % every == 0:
            out.append(state)
        menu = list(canasta.legal_actions(state))
        melds = [a for a in menu if isinstance(a, TakePile | MeldCards)]
        if melds and rng.random() < eager:
            state = canasta.apply(state, rng.choice(melds))
        else:
            discards = [a for a in menu if isinstance(a, Discard)]
            state = canasta.apply(state, rng.choice(discards or menu))
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_reachable_states_equal_the_menus(name: str) -> None:
    for seed, eager in ((1, 0.7), (2, 0.02)):
        for state in playout(name, seed, 300, 7, eager):
            assert_encoding(state)


CLASSIC = canasta.get_variant("classic")
HOUSE_RULES = {
    "compulsory-ask": CLASSIC.derive(ask_partner="compulsory"),
    "no-jokers": CLASSIC.derive(jokers=0),
    "no-wild-limit": CLASSIC.derive(max_wilds=99),
    "two-canastas": CLASSIC.derive(canastas_to_go_out=2),
}


@pytest.mark.parametrize("name", list(HOUSE_RULES))
def test_house_rules(name: str) -> None:
    """The layout follows the variant's pack and wild limit (454 indices without jokers, 4841
    with no limit on wild cards), and the menu is spelled as in the presets."""
    v = HOUSE_RULES[name]
    sizes = {"no-jokers": 454, "no-wild-limit": 4841}
    assert ActionEncoding(v).num_actions == sizes.get(name, 1096)
    for seed, eager in ((1, 0.7), (2, 0.02)):
        for state in playout(v, seed, 300, 13, eager):
            assert_encoding(state)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.sampled_from(PRESETS),
    st.integers(0, 10_000),
    st.integers(0, 120),
    st.sampled_from([0.0, 0.05, 0.7]),
)
def test_reachable_states_random(name: str, seed: int, at: int, eager: float) -> None:
    states = playout(name, seed, at + 1, 1, eager)
    assert_encoding(states[-1])


def pos(hand: str, melds: Sequence[str] = (), **kw: object) -> GameState:
    """Seat 0 to play in Classic (or the given variant), partner and opponents empty-handed."""
    phase = kw.pop("phase", "play")
    return canasta.position(
        kw.pop("variant", "classic"),
        hands=[hand, "", "", ""],
        melds=[list(melds), []],
        discard_pile=kw.pop("pile", "7D 4S"),
        current_seat=0,
        phase=phase,
        drew=None if phase == "draw" else "stock",
        **kw,  # type: ignore[arg-type]
    )


COMPOUNDS: dict[str, Callable[[], GameState]] = {
    # two melds together reach the minimum, neither alone (§2 case 12)
    "opening-two-melds": lambda: pos("KH KS KD 8H 8S 8D 4C 6C"),
    "opening-90": lambda: pos("AH AS AD KH KS KD 4C 6C", totals=[1500, 0]),
    "opening-120-three": lambda: pos("AH AS AD KH KS 2D QS QH QD 5C 6C", totals=[3000, 0]),
    # a whole concealed going out, joker or two
    "concealed": lambda: pos("9S 9S 9H 9H 9D 9D JK 4C 4D 4S"),
    "concealed-two-or-joker": lambda: pos("5S 5S 5H 5H 5D 2D JK 4C 4D 4S 9C"),
    # black threes go out whole
    "black-threes": lambda: pos("3S 3C 3C 8H", ["9S 9S 9D 9D 9C 9C 9H", "8D 8S 8C"]),
    # the pile taken with further melds by a side that has not melded
    "take-opening": lambda: pos("KH KD AS AD AC 5C", pile="4S KH", phase="draw"),
    "take-opening-90": lambda: pos(
        "AH AD KH KD KC 5C", pile="4S AS", phase="draw", totals=[1500, 0]
    ),
}


@pytest.mark.parametrize("name", list(COMPOUNDS))
def test_compound_actions_are_spelled(name: str) -> None:
    state = COMPOUNDS[name]()
    assert_encoding(state)
    enc = ActionEncoding(state.variant)
    longest = max(len(enc.spell(state, a)) for a in canasta.legal_actions(state))
    assert longest > 1


def test_a_two_and_a_joker_are_different_indices() -> None:
    state = pos("5S 5H 2D JK 9C", ["KS KD KC"])
    enc = ActionEncoding("classic")
    ids = {enc.label(i) for i in enc.legal_ids(state)}
    assert {"group K: 1 joker", "group K: 1 two", "group 5: 2 naturals + 1 joker"} <= ids
    assert "group 5: 2 naturals + 1 two" in ids


def test_opening_offers_no_dead_end() -> None:
    """K K K (30) and 8 8 8 (40) open at 50 only together: after the kings only the eights go
    on, and the kings alone are no action."""
    state = COMPOUNDS["opening-two-melds"]()
    enc = ActionEncoding("classic")
    kings = enc.encode(state, canasta.parse_action(state, "meld KH KS KD + 8H 8S 8D"))
    assert enc.decode(state, kings) is None
    ts = enc.step(state, kings)
    assert enc.pending_tensor(ts)[:3] == [1.0, 0.0, 0.0]
    assert [enc.label(i) for i in enc.legal_ids(ts)] == ["group 8: 3 naturals"]
    assert enc.describe(ts) == "group K: 3 naturals"


@pytest.mark.parametrize(
    ("name", "size"), [(n, 1578 if n.startswith("six") else 1096) for n in PRESETS]
)
def test_sizes(name: str, size: int) -> None:
    enc = ActionEncoding(name)
    assert enc.num_actions == size
    sections = enc.layout()
    assert sections[0][1] == 0 and sum(n for _, _, n in sections) == size
    assert all(a[1] + a[2] == b[1] for a, b in itertools.pairwise(sections))
    assert len({enc.label(i) for i in range(size)}) == size


def test_bad_input_raises_encoding_error() -> None:
    state = canasta.new_game("classic", seed=3)
    enc = ActionEncoding("classic")
    for bad in (-1, enc.num_actions, True, "0", 2.0):
        with pytest.raises(EncodingError):
            enc.step(state, bad)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="not legal"):
        enc.step(state, enc.PLAY)
    with pytest.raises(EncodingError, match="not a listed action"):
        enc.encode(state, canasta.Draw(1))
    with pytest.raises(EncodingError, match="variant"):
        ActionEncoding("two-player").legal_ids(state)
    with pytest.raises(EncodingError, match="lead to no listed action"):
        enc.legal_ids(TurnState(state, (enc.DRAW,)))
    assert state == canasta.new_game("classic", seed=3)


def test_play_plays_an_action_that_goes_on() -> None:
    """Five fives, a two and a joker are a canasta that opens alone (§2 case 12) and that also
    starts the whole concealed going out with the three fours (§2 case 29): after it, **play**
    opens, or the fours go on."""
    state = COMPOUNDS["concealed-two-or-joker"]()
    enc = ActionEncoding("classic")
    opening = next(a for a in canasta.legal_actions(state) if enc.spell(state, a)[-1] == enc.PLAY)
    first, play = enc.spell(state, opening)
    ts = enc.step(state, first)
    assert enc.PLAY in enc.legal_ids(ts) and len(enc.legal_ids(ts)) > 1
    assert enc.pending_tensor(ts)[2] == 1.0
    assert enc.decode(ts, play) == opening
    assert enc.describe(ts, play) == str(opening)
    assert enc.step(ts, play).state == canasta.apply(state, opening)
