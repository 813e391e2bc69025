"""Perft-style oracle for the legal-move menu.

:func:`canasta.legal_actions` promises a *complete* menu: every legal outcome of a turn can be
reached through listed actions (some compound actions are folded into sequences of smaller
listed ones, see the docstring of ``canasta.legal``). This module checks that promise by brute
force, with nothing but the public API:

* :func:`all_actions` enumerates every plausible action of the seat to act (every sub-multiset
  of the hand, by card kind, grouped by rank with each wild card sent to any possible rank;
  every discard; asking; answering; in the draw phase every way to take the pile) and keeps
  those :func:`canasta.is_legal` accepts;
* :func:`outcomes` explores the rest of the turn depth-first, with memoisation on a canonical
  key that ignores suits, and collects the end-of-turn outcomes;
* the tests compare the outcomes reached through *any* legal action with those reached through
  listed actions only. They must be equal: a brute-force-only outcome is a hole in the menu, a
  menu-only outcome means the menu lists an action whose effect no plain action has.

A failure prints the position and, for every outcome only one side reaches, the action sequence
that reaches it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, assume, given, settings

import canasta
from canasta import (
    Action,
    AnswerPartner,
    AskPartner,
    Card,
    Discard,
    GameState,
    Meld,
    MeldCards,
    Phase,
    Rank,
    TakePile,
)

CLASSIC = canasta.get_variant("classic")
FINAL_DISCARD = CLASSIC.derive(final_discard_required=True)
STRICT = CLASSIC.derive(wild_ratio="strictly_fewer")
AT_MOST_EQUAL = CLASSIC.derive(wild_ratio="at_most_equal")
TWO_CANASTAS = CLASSIC.derive(canastas_to_go_out=2)
MUST_ASK = CLASSIC.derive(ask_partner="compulsory")
CONCEALED_MIN = CLASSIC.derive(concealed_needs_minimum=True)
NATURAL_PAIR = CLASSIC.derive(pile_needs_natural_pair=True)

# ---------------------------------------------------------------------------- card kinds
#: Kind indices: naturals by rank value (4..14), 2 = two, 3 = black three, 15 = joker,
#: 1 = red three.
TWO, BLACK3, JOKER, RED3 = 2, 3, 15, 1
NATURAL_KINDS = tuple(range(4, 15))
KIND_NAMES = {TWO: "2", BLACK3: "3b", JOKER: "JK", RED3: "3r"}
KIND_NAMES.update({r: Rank(r).symbol for r in NATURAL_KINDS})


def kind(card: Card) -> int:
    if card.rank is Rank.JOKER:
        return JOKER
    if card.rank is Rank.THREE:
        return BLACK3 if card.is_black_three else RED3
    return int(card.rank)


def _suit_key(card: Card) -> int:
    return -1 if card.suit is None else int(card.suit)


def by_kind(cards: Sequence[Card] | canasta.Cards) -> dict[int, list[Card]]:
    """The cards grouped by kind, each group in the fixed (canonical) suit order."""
    out: dict[int, list[Card]] = {}
    for c in sorted(cards, key=lambda c: (kind(c), _suit_key(c))):
        out.setdefault(kind(c), []).append(c)
    return out


def kind_counts(cards: Sequence[Card] | canasta.Cards) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(kind(c) for c in cards).items()))


def distributions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to split ``n`` identical items among ``k`` boxes."""
    if k == 0:
        if n == 0:
            yield ()
        return
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in distributions(n - first, k - 1):
            yield (first, *rest)


# ---------------------------------------------------------------------------- brute force
def groupings(
    cards: dict[int, list[Card]], side_ranks: frozenset[int], max_groups: int | None = None
) -> Iterator[list[Meld]]:
    """Every non-empty sub-multiset of ``cards`` (by kind, canonical suits) split into groups
    by rank: naturals to their own rank, each wild card to any natural rank in the subset or in
    ``side_ranks``, black threes to a group of their own. Red threes are never grouped."""
    kinds = [k for k in sorted(cards) if k != RED3]
    for counts in itertools.product(*(range(len(cards[k]) + 1) for k in kinds)):
        chosen = dict(zip(kinds, counts, strict=True))
        if not any(counts):
            continue
        nat = {k for k in NATURAL_KINDS if chosen.get(k)}
        targets = sorted(nat | side_ranks)
        n_j = chosen.get(JOKER, 0)
        n_t = chosen.get(TWO, 0)
        if (n_j or n_t) and not targets:
            continue
        black = chosen.get(BLACK3, 0)
        for jd in distributions(n_j, len(targets)):
            for td in distributions(n_t, len(targets)):
                groups = []
                j_used = t_used = 0
                for r, j, t in zip(targets, jd, td, strict=True):
                    group = cards[r][: chosen.get(r, 0)] if r in cards else []
                    group = group + cards.get(JOKER, [])[j_used : j_used + j]
                    group = group + cards.get(TWO, [])[t_used : t_used + t]
                    j_used += j
                    t_used += t
                    if group:
                        groups.append(Meld(Rank(r), group))
                if black:
                    groups.append(Meld(Rank.THREE, cards[BLACK3][:black]))
                if max_groups is not None and len(groups) > max_groups:
                    continue
                yield groups


def _side_ranks(state: GameState, seat: int) -> frozenset[int]:
    return frozenset(
        int(m.rank) for m in state.melds[state.side_of(seat)] if m.rank is not Rank.THREE
    )


def all_takes(state: GameState) -> Iterator[TakePile]:
    """Every way to take the pile: hand cards of the top card's rank or wild with the top card,
    plus 0-2 further groups from the rest of the hand (new melds or, for a melded side,
    additions to its melds)."""
    top = state.top_card
    if top is None or not top.is_natural:
        return
    seat = state.turn.seat
    hand = by_kind(state.hands[seat])
    r = int(top.rank)
    own = hand.get(r, [])
    jokers = hand.get(JOKER, [])
    twos = hand.get(TWO, [])
    melded = bool(state.melds[state.side_of(seat)])
    for n in range(len(own) + 1):
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                cards = own[:n] + jokers[:j] + twos[:t]
                rest = {
                    k: v[{r: n, JOKER: j, TWO: t}.get(k, 0) :]
                    for k, v in hand.items()
                    if k not in (r, RED3)
                }
                rest = {k: v for k, v in rest.items() if v}
                yield TakePile(seat, cards=cards)
                ranks = _side_ranks(state, seat) if melded else frozenset()
                for groups in groupings(rest, ranks, max_groups=2):
                    yield TakePile(seat, cards=cards, melds=groups)


def all_actions(state: GameState) -> list[Action]:
    """Every legal action of the seat to act, found by brute force (play and answer phases;
    in the draw phase, every legal way to take the pile)."""
    seat = state.current_seat
    assert seat is not None
    cands: list[Action] = []
    if state.phase is Phase.ANSWER:
        cands = [AnswerPartner(seat, True), AnswerPartner(seat, False)]
    elif state.phase is Phase.DRAW:
        cands = list(all_takes(state))
    elif state.phase is Phase.PLAY:
        hand = by_kind(state.hands[seat])
        cands = [MeldCards(seat, g) for g in groupings(hand, _side_ranks(state, seat))]
        cands += [Discard(seat, cs[0]) for cs in hand.values()]
        cands.append(AskPartner(seat))
        # answering for the partner while it is not his turn must never be legal
        cands += [AnswerPartner(p, True) for p in state.variant.partners(seat)]
    return [a for a in cands if canasta.is_legal(state, a)]


def listed(state: GameState) -> list[Action]:
    out = list(canasta.legal_actions(state))
    if state.phase is Phase.DRAW:  # the draw oracle compares ways to take the pile
        out = [a for a in out if isinstance(a, TakePile)]
    return out


# ---------------------------------------------------------------------------- outcomes
class Outcome(NamedTuple):
    """An end-of-turn outcome, blind to suits."""

    melds: tuple[tuple[tuple[int, int, int, int], ...], ...]
    hands: tuple[tuple[tuple[int, int], ...], ...]
    top: int | None
    pile: int
    over: bool
    concealed: bool | None
    phase: str
    seat: int | None
    permission: bool | None
    has_melded: tuple[bool, ...]
    red_threes: tuple[int, ...]

    def __str__(self) -> str:
        sides = []
        for i, side in enumerate(self.melds):
            ms = " ".join(
                f"{KIND_NAMES[r]}[{n}" + (f"+{j}JK" if j else "") + (f"+{t}x2" if t else "") + "]"
                for r, n, j, t in side
            )
            sides.append(f"side{i}: {ms or '-'}")
        hands = " | ".join(
            " ".join(f"{KIND_NAMES[k]}x{c}" if c > 1 else KIND_NAMES[k] for k, c in h) or "-"
            for h in self.hands
        )
        top = KIND_NAMES[self.top] if self.top is not None else "-"
        end = f"OVER concealed={self.concealed}" if self.over else f"{self.phase} seat {self.seat}"
        return (
            f"{'; '.join(sides)}; hands {hands}; pile top {top} ({self.pile}); {end}; "
            f"permission={self.permission}; has_melded={self.has_melded}; "
            f"red3s={self.red_threes}"
        )


def outcome_key(s: GameState) -> Outcome:
    return Outcome(
        melds=tuple(
            tuple(sorted((int(m.rank), m.naturals, m.jokers, m.twos) for m in side))
            for side in s.melds
        ),
        hands=tuple(kind_counts(h) for h in s.hands),
        top=kind(s.top_card) if s.top_card is not None else None,
        pile=len(s.discard_pile),
        over=s.is_hand_over,
        concealed=s.end.concealed if s.is_hand_over and s.end is not None else None,
        phase=str(s.phase),
        seat=s.current_seat,
        permission=s.turn.permission,
        has_melded=s.has_melded,
        red_threes=tuple(len(r) for r in s.red_threes),
    )


def state_key(s: GameState) -> tuple[Any, ...]:
    """Everything the rest of the turn can depend on, blind to suits (the memo key)."""
    t = s.turn
    return (
        outcome_key(s),
        t.seat,
        t.drew,
        t.asked,
        t.laid_off,
        t.melded,
        tuple(sorted(int(r) for r in t.created)),
    )


Gen = Callable[[GameState], Sequence[Action]]


def outcomes(
    state: GameState, gen: Gen, refused: list[str] | None = None
) -> dict[Outcome, tuple[str, ...]]:
    """The end-of-turn outcomes reachable from ``state`` through actions from ``gen``, each with
    the first action sequence found that reaches it. Actions ``gen`` offers that
    :func:`canasta.apply` refuses are skipped and described in ``refused``."""
    player = state.turn.seat
    found: dict[Outcome, tuple[str, ...]] = {}
    seen: set[tuple[Any, ...]] = set()
    path: list[str] = []

    def dfs(s: GameState) -> None:
        key = state_key(s)
        if key in seen:
            return
        seen.add(key)
        for a in gen(s):
            try:
                t = canasta.apply(s, a)
            except canasta.IllegalActionError as exc:
                if refused is not None:
                    refused.append(f"after {' ; '.join(path) or '(start)'}: {exc}")
                continue
            path.append(str(a))
            if t.is_hand_over or t.turn.seat != player:
                found.setdefault(outcome_key(t), tuple(path))
            else:
                dfs(t)
            path.pop()

    dfs(state)
    return found


# ---------------------------------------------------------------------------- reporting
def _variant_changes(v: canasta.Variant) -> str:
    diff = [
        f"{a.name}={getattr(v, a.name)!s}"
        for a in attrs.fields(type(v))
        if a.init and getattr(v, a.name) != getattr(CLASSIC, a.name)
    ]
    return "classic" + (" + " + ", ".join(diff) if diff else "")


def describe(state: GameState) -> str:
    t = state.turn
    melds = [[str(m) for m in side] for side in state.melds]
    return "\n".join(
        [
            f"  variant: {_variant_changes(state.variant)}",
            f"  hands: {[str(h) for h in state.hands]}",
            f"  melds: {melds}",
            f"  discard_pile: {' '.join(str(c) for c in state.discard_pile)!r}",
            f"  totals: {state.totals}  has_melded: {state.has_melded}",
            f"  phase: {state.phase}  seat: {t.seat}  drew: {t.drew}  asked: {t.asked}  "
            f"permission: {t.permission}",
        ]
    )


def assert_menu_complete(state: GameState, label: str = "") -> dict[Outcome, tuple[str, ...]]:
    brute = outcomes(state, all_actions)
    refused: list[str] = []
    menu = outcomes(state, listed, refused)
    if brute.keys() != menu.keys() or refused:
        lines = [f"menu and brute force disagree {label}".rstrip(), describe(state)]
        if refused:
            lines.append(f"listed actions that apply() refuses ({len(refused)}):")
            lines.extend(f"  - {r}" for r in refused[:10])
        only_brute = sorted(set(brute) - set(menu))
        only_menu = sorted(set(menu) - set(brute))
        if only_brute:
            lines.append(f"only the brute force reaches ({len(only_brute)}):")
            for o in only_brute:
                lines.append(f"  - {o}\n      via: {' ; '.join(brute[o])}")
        if only_menu:
            lines.append(f"only the listed actions reach ({len(only_menu)}):")
            for o in only_menu:
                lines.append(f"  - {o}\n      via: {' ; '.join(menu[o])}")
        lines.append(f"menu now: {list(canasta.legal_actions(state))}")
        pytest.fail("\n".join(lines), pytrace=False)
    return brute


# ---------------------------------------------------------------------------- positions
def pos(
    hand: str,
    melds: Sequence[str] = (),
    *,
    variant: canasta.Variant = CLASSIC,
    other_melds: Sequence[str] = (),
    pile: str = "7D 4S",
    phase: str = "play",
    totals: tuple[int, int] = (0, 0),
    has_melded: Sequence[bool] | None = None,
    drew: str = "stock",
) -> GameState:
    return canasta.position(
        variant,
        hands=[hand, "", "", ""],
        melds=[list(melds), list(other_melds)],
        discard_pile=pile,
        current_seat=0,
        phase=phase,
        drew=drew if phase != "draw" else None,
        has_melded=has_melded,
        totals=list(totals),
    )


def asked(state: GameState, yes: bool) -> GameState:
    state = canasta.apply(state, AskPartner(0))
    return canasta.apply(state, AnswerPartner(2, yes))


KINGS5 = "KS KS KD KD KC"
CANASTA9 = "9S 9S 9D 9D 9C 9C 9H"
CANASTA_MIXED = "QS QH QD QC JK 2C 2D"

PLAY_CASES: dict[str, Callable[[], GameState]] = {
    # going out needs the king and the two together onto the five kings
    "kings5-KH-2C": lambda: pos("KH 2C", [KINGS5]),
    "kings5-KH-2C-JK": lambda: pos("KH 2C JK", [KINGS5]),
    "kings5-KH-2C-JK-5H": lambda: pos("KH 2C JK 5H", [KINGS5]),
    "kings5-KH-KH-2C-JK-5H-5H": lambda: pos("KH KH 2C JK 5H 5C", [KINGS5, "5D 5D 2S"]),
    "kings5-KH-2C-final-discard": lambda: pos("KH 2C 8D", [KINGS5], variant=FINAL_DISCARD),
    "kings5-KH-2C-final-discard-2": lambda: pos("KH 2C", [KINGS5], variant=FINAL_DISCARD),
    "kings5-2C-JK-strict": lambda: pos("2C JK KH", [KINGS5], variant=STRICT),
    "kings5-KH-2C-2H-strict": lambda: pos("KH 2C 2H", ["KS KD KD KC 2S"], variant=STRICT),
    "kings5-KH-2C-must-ask": lambda: pos("KH 2C", [KINGS5], variant=MUST_ASK),
    # three or four black threes plus a few other cards
    "black3x3-with-canasta": lambda: pos("3S 3C 3C 8H", [CANASTA9, "8D 8S 8C"]),
    "black3x3-two-others": lambda: pos("3S 3C 3C 8H 9H", [CANASTA9, "8D 8S 8C"]),
    "black3x3-three-others": lambda: pos("3S 3S 3C 8H 8H JK", [CANASTA9]),
    "black3x4-two-others": lambda: pos("3S 3S 3C 3C 8H JK", [CANASTA9, "8D 8S 8C"]),
    "black3x3-new-meld": lambda: pos("3S 3C 3C 5H 5D 5S", [CANASTA9]),
    "black3x3-no-canasta": lambda: pos("3S 3C 3C KH 2C", [KINGS5]),
    "black3x3-final-discard": lambda: pos("3S 3C 3C 8H 9H", [CANASTA9], variant=FINAL_DISCARD),
    "black3x3-unmelded": lambda: pos("3S 3C 3C 9S 9S 9H 9H 9D 9D 9C 4C"),
    # an unmelded side whose hand meets the minimum only with two melds together
    "min50-two-melds": lambda: pos("KH KS KD 8H 8S 8D 4C 6C"),
    "min50-two-melds-wild": lambda: pos("KH KS JK 7H 7S 4C 6C"),
    "min90-two-melds": lambda: pos("AH AS AD KH KS KD 4C 6C", totals=(1500, 0)),
    "min120-three-melds": lambda: pos("AH AS AD KH KS 2D QS QH 5C", totals=(3000, 0)),
    "min50-not-reached": lambda: pos("KH KS 2C 9H 9S 9D"),
    "min15-negative-total": lambda: pos("5H 5S 5D 6C 7C", totals=(-50, 0)),
    "min50-strict": lambda: pos("KH KS JK 8H 8S 8D 2C 4C", variant=STRICT),
    # an unmelded side that can go out concealed
    "concealed-seven-nines": lambda: pos("9S 9S 9H 9H 9D 9D 9C 4C"),
    "concealed-seven-nines-exact": lambda: pos("9S 9S 9H 9H 9D 9D 9C"),
    "concealed-six-nines-joker": lambda: pos("9S 9S 9H 9H 9D 9D JK 4C"),
    "concealed-six-nines-joker-exact": lambda: pos("9S 9S 9H 9H 9D 9D JK"),
    "concealed-fives-small": lambda: pos("5S 5S 5H 5H 5D 2D 2C 4C"),
    "concealed-needs-minimum": lambda: pos("5S 5S 5H 5H 5D 2D 2C 4C", variant=CONCEALED_MIN),
    "concealed-final-discard": lambda: pos("9S 9S 9H 9H 9D 9D JK 4C", variant=FINAL_DISCARD),
    "concealed-strict": lambda: pos("9S 9S 9H 9H 9D 2C JK 4C", variant=STRICT),
    "concealed-two-groups": lambda: pos("9S 9S 9H 9H 9D 9D JK 4C 4D 4S"),
    "concealed-must-ask": lambda: pos("9S 9S 9H 9H 9D 9D JK 4C", variant=MUST_ASK),
    "concealed-partner-melded": lambda: pos(
        "9S 9S 9H 9H 9D 9D JK 4C", ["KH KS KD"], has_melded=[False, False, True, False]
    ),
    # partner's permission already given (or refused)
    "yes-kings5": lambda: asked(pos("KH 2C 5H 5D 5S", [KINGS5]), True),
    "no-kings5": lambda: asked(pos("KH 2C 5H 5D 5S", [KINGS5]), False),
    "yes-canasta-4": lambda: asked(pos("KH 2C 5H 5D", [CANASTA9, "KS KD KC"]), True),
    "yes-canasta-5": lambda: asked(pos("KH KD 2C 5H JK", [CANASTA9, "KS KD KC"]), True),
    "yes-canasta-6": lambda: asked(pos("KH 2C 5H 5D 5S 8C", [CANASTA9, "KS KD KC"]), True),
    "no-canasta-3": lambda: asked(pos("KH 2C 9H", [CANASTA9, "KS KD KC"]), False),
    "yes-concealed": lambda: asked(pos("9S 9S 9H 9H 9D 9D JK 4C"), True),
    "yes-final-discard": lambda: asked(
        pos("KH 2C 5H 5D 5S 8C", [KINGS5], variant=FINAL_DISCARD), True
    ),
    "yes-strict": lambda: asked(
        pos("KH 2C JK 8S 8D", [CANASTA9, "KS KD KC"], variant=STRICT), True
    ),
    "yes-must-ask": lambda: asked(pos("KH 2C 5H 5D 5S", [KINGS5], variant=MUST_ASK), True),
    "yes-black3": lambda: asked(pos("3S 3C 3C 8H 9H", [CANASTA9, "8D 8S 8C"]), True),
    # a side holding a canasta, hands of two to six cards
    "canasta-2": lambda: pos("9H 4C", [CANASTA9]),
    "canasta-2-wilds": lambda: pos("JK 2C", [CANASTA9, "KS KD KC"]),
    "canasta-3": lambda: pos("KH 2C 4C", [CANASTA9, "KS KD KC"]),
    "canasta-3-new": lambda: pos("5H 5D 5S", [CANASTA9]),
    "canasta-4": lambda: pos("5H 5D 5S 9H", [CANASTA9]),
    "canasta-4-wilds": lambda: pos("5H 5D JK 2S", [CANASTA_MIXED, "KS KD KC"]),
    "canasta-5": lambda: pos("5H 5D JK 2S QH", [CANASTA_MIXED, "KS KD KC"]),
    "canasta-5-pairs": lambda: pos("5H 5D 6H 6D JK", [CANASTA9]),
    "canasta-6": lambda: pos("5H 5D 6H 6D JK 2S", [CANASTA9]),
    "canasta-6-adds": lambda: pos("KH KH 2C JK 5H 5D", [CANASTA9, "KS KD KC"]),
    "canasta-6-strict": lambda: pos("KH KH 2C JK 5H 5D", [CANASTA9, "KS KD KC"], variant=STRICT),
    "canasta-6-final": lambda: pos(
        "KH KH 2C JK 5H 5D", [CANASTA9, "KS KD KC"], variant=FINAL_DISCARD
    ),
    "canasta-6-at-most-equal": lambda: pos(
        "KH 2H 2C JK 5H 5D", [CANASTA9, "KS KD KC"], variant=AT_MOST_EQUAL
    ),
    "two-canastas-needed": lambda: pos("KH 2C 5H 5D 5S", [CANASTA9, KINGS5], variant=TWO_CANASTAS),
    "no-canasta-5": lambda: pos("KH 2C 5H 5D 5S", ["KS KD KC", "8S 8D 8C"]),
    "no-canasta-6-wilds": lambda: pos("KH 2C 2D JK 8H 4C", ["KS KD KC", "8S 8D 8C 8H"]),
    "pile-drawn": lambda: pos("KH KH 2C JK 5H 5D", [CANASTA9, "KS KD KC"], drew="pile"),
}


@pytest.mark.parametrize("name", list(PLAY_CASES))
def test_play_phase_menu_complete(name: str) -> None:
    state = PLAY_CASES[name]()
    assert state.phase in (Phase.PLAY, Phase.ANSWER)
    assert_menu_complete(state, name)


def test_oracle_sees_the_folded_going_out() -> None:
    """Sanity check of the oracle itself: K x5 and "KH 2C" goes out only by melding both cards,
    and both explorations find that outcome. Melding KH alone is legal because the last card can
    still complete the canasta (§2 case 23: a canasta completed in the same turn counts); melding
    the 2C alone is legal for the same reason."""
    state = pos("KH 2C", [KINGS5])
    found = assert_menu_complete(state)
    over = [o for o in found if o.over]
    assert over and all(o.melds[0] == ((13, 6, 0, 1),) for o in over)
    assert MeldCards(0, [Meld.parse("KH 2C")]) in canasta.legal_actions(state)
    after_king = canasta.apply(state, MeldCards(0, [Meld.parse("KH")]))
    assert list(canasta.legal_actions(after_king)) == [MeldCards(0, [Meld(Rank.KING, "2C")])]


def test_oracle_sees_the_answer() -> None:
    """From before the ask, asking and both answers are explored: going out after a "yes" is
    an outcome of its own; after a "no" the turn must end with a discard."""
    state = pos("KH 2C 5H", [KINGS5])
    found = assert_menu_complete(state)
    assert {o.permission for o in found if o.over} == {None, True}
    after_no = assert_menu_complete(asked(state, False))
    assert after_no and not any(o.over for o in after_no)
    assert set(after_no) < set(found)


# ---------------------------------------------------------------------------- random positions
PACK = Counter(canasta.make_pack())
SUIT_ORDER = "SHDC"


class _Pool:
    """Physical cards left in the pack while a random position is built."""

    def __init__(self) -> None:
        self.left = PACK.copy()

    def take(self, k: int, salt: int = 0) -> Card | None:
        if k == JOKER:
            options = [Card.parse("JK")]
        elif k == TWO:
            options = [Card.parse("2" + s) for s in SUIT_ORDER]
        elif k == BLACK3:
            options = [Card.parse("3S"), Card.parse("3C")]
        elif k == RED3:
            options = [Card.parse("3H"), Card.parse("3D")]
        else:
            options = [Card.parse(Rank(k).symbol + s) for s in SUIT_ORDER]
        options = options[salt % len(options) :] + options[: salt % len(options)]
        for c in options:
            if self.left[c] > 0:
                self.left[c] -= 1
                return c
        return None


#: Variants of the random tests. The compulsory ask is left to the hand-written cases: its menu
#: fault (going out listed before asking) would mask every other finding.
VARIANTS = {
    "classic": CLASSIC,
    "final_discard_required": FINAL_DISCARD,
    "strictly_fewer": STRICT,
    "at_most_equal": AT_MOST_EQUAL,
    "canastas_to_go_out=2": TWO_CANASTAS,
    "pile_needs_natural_pair": NATURAL_PAIR,
}
variant_names = st.sampled_from(["classic", "classic", *VARIANTS])


class Spec(NamedTuple):
    """A random position, shown compactly when hypothesis reports it."""

    variant: str
    hand: str
    melds: tuple[str, ...]
    pile: str
    totals: tuple[int, int]
    has_melded: tuple[bool, bool, bool, bool] | None
    drew: str
    phase: str

    def build(self) -> GameState:
        return pos(
            self.hand,
            self.melds,
            variant=VARIANTS[self.variant],
            pile=self.pile,
            totals=self.totals,
            has_melded=self.has_melded,
            drew=self.drew,
            phase=self.phase,
        )


def _text(cards: Sequence[Card | None]) -> str:
    return " ".join(str(c) for c in cards if c is not None)


def _side_melds(
    draw: st.DrawFn, pool: _Pool, v: canasta.Variant, ranks: Sequence[int]
) -> tuple[str, ...]:
    """Valid melds of the given ranks, sometimes a canasta of seven."""
    melds = []
    for i, r in enumerate(ranks):
        if draw(st.integers(0, 3)) == 0:
            size = 7
            n = draw(st.integers(max(v.min_naturals, 4), 7))
        else:
            size = draw(st.integers(3, 6))
            n = draw(st.integers(v.min_naturals, size))
        w = size - n
        if w > v.wild_limit(n):
            n, w = size, 0
        naturals = [c for j in range(n) if (c := pool.take(r, i + j)) is not None]
        wilds = [c for j in range(w) if (c := pool.take(draw(st.sampled_from([JOKER, TWO])), j))]
        nn, ww = len(naturals), len(wilds)
        if nn >= v.min_naturals and nn + ww >= 3 and ww <= v.wild_limit(nn):
            melds.append(_text(naturals + wilds))
    return tuple(melds)


def _ranks(draw: st.DrawFn, n: int) -> list[int]:
    return draw(st.lists(st.sampled_from(NATURAL_KINDS), min_size=n, max_size=n, unique=True))


@st.composite
def play_specs(draw: st.DrawFn) -> Spec:
    name = draw(variant_names)
    pool = _Pool()
    n_melds = draw(st.integers(0, 3))
    ranks = _ranks(draw, n_melds + 2)
    meld_ranks, free_ranks = ranks[:n_melds], ranks[n_melds:]
    melds = _side_melds(draw, pool, VARIANTS[name], meld_ranks)
    kinds = [*meld_ranks, *free_ranks, *free_ranks, JOKER, TWO, BLACK3]
    hand_kinds = draw(st.lists(st.sampled_from(kinds), min_size=3, max_size=6))
    hand = [c for i, k in enumerate(hand_kinds) if (c := pool.take(k, i)) is not None]
    assume(len(hand) >= 2)
    pile = [pool.take(7), pool.take(draw(st.sampled_from(NATURAL_KINDS)))]
    melded = bool(melds)
    seat0_melded = melded and draw(st.booleans())
    return Spec(
        variant=name,
        hand=_text(hand),
        melds=melds,
        pile=_text(pile),
        totals=draw(st.sampled_from([(0, 0), (0, 0), (1500, 0), (3000, 0), (-100, 0)])),
        has_melded=(seat0_melded, False, melded, False),
        drew=draw(st.sampled_from(["stock", "stock", "pile"])) if melded else "stock",
        phase="play",
    )


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(play_specs())
def test_random_play_positions(spec: Spec) -> None:
    assert_menu_complete(spec.build())


# ---------------------------------------------------------------------------- draw phase
DRAW_CASES: dict[str, Callable[[], GameState]] = {
    "melded-add-top": lambda: pos("KH 5C 6C", ["KS KD KC"], pile="7D 4S KH", phase="draw"),
    "melded-pair": lambda: pos("KH KD 5C", [CANASTA9], pile="4S KH", phase="draw"),
    "melded-one-natural-wild": lambda: pos("KH JK 5C", [CANASTA9], pile="KH", phase="draw"),
    "melded-frozen": lambda: pos("KH KD JK 5C", ["KS KD KC"], pile="2C 4S KH", phase="draw"),
    "melded-go-out-on-take": lambda: pos("KH JK", [KINGS5], pile="KH", phase="draw"),
    "melded-one-card": lambda: pos("KH", [KINGS5], pile="5D KH", phase="draw"),
    "melded-red-three": lambda: pos("KH KD 5C", [CANASTA9], pile="3H 4S KH", phase="draw"),
    # going out on the take: the plain take would leave one card and no canasta
    "melded-take-add-goes-out": lambda: pos(
        "QS QD 4D", ["4S 4S 4H 4H 4D 4C"], pile="QH", phase="draw"
    ),
    "melded-take-wild-goes-out": lambda: pos(
        "KH KD 2S", ["TS TH TD", "9S 9H 9H 9D 9D 9C"], pile="KH", phase="draw"
    ),
    "melded-take-red-three-goes-out": lambda: pos(
        "4S 4D 2H", ["KS KH KD KC", "JS JH JD JD JC JC"], pile="3H 4H", phase="draw"
    ),
    "unmelded-min50": lambda: pos("KH KD AS AD 5C", pile="4S KH", phase="draw"),
    "unmelded-min50-two": lambda: pos("KH KD 8S 8D 8C", pile="KS", phase="draw"),
    "unmelded-min90": lambda: pos("AH AD KH KD JK", pile="4S AS", phase="draw", totals=(1500, 0)),
    "unmelded-wild-top": lambda: pos("KH KD 5C", pile="4S 2H", phase="draw"),
    "unmelded-black3-top": lambda: pos("KH KD 5C", pile="4S 3S", phase="draw"),
    "unmelded-final-discard": lambda: pos(
        "KH KD AS AD 5C", pile="4S KH", phase="draw", variant=FINAL_DISCARD
    ),
    "unmelded-strict": lambda: pos("KH KD JK 2C 5C", pile="KS", phase="draw", variant=STRICT),
    "melded-natural-pair-rule-wild": lambda: pos(
        "KH JK 2C 5C", ["9S 9H 9D"], pile="4S KS", phase="draw", variant=NATURAL_PAIR
    ),
    "melded-natural-pair-rule-pair": lambda: pos(
        "KH KD JK 2C 5C",
        ["9S 9H 9D", "KC KC 2D"],
        pile="4S KS",
        phase="draw",
        variant=NATURAL_PAIR,
    ),
    "melded-natural-pair-rule-pair-new": lambda: pos(
        "KH KD JK 2C 5C", ["9S 9H 9D"], pile="4S KS", phase="draw", variant=NATURAL_PAIR
    ),
}


@pytest.mark.parametrize("name", list(DRAW_CASES))
def test_take_pile_menu_complete(name: str) -> None:
    state = DRAW_CASES[name]()
    assert state.phase is Phase.DRAW
    assert_menu_complete(state, name)


@st.composite
def draw_specs(draw: st.DrawFn) -> Spec:
    name = draw(variant_names)
    pool = _Pool()
    n_melds = draw(st.integers(0, 2))
    ranks = _ranks(draw, n_melds + 2)
    meld_ranks, free_ranks = ranks[:n_melds], ranks[n_melds:]
    melds = _side_melds(draw, pool, VARIANTS[name], meld_ranks)
    kinds = [*meld_ranks, *free_ranks, *free_ranks, JOKER, TWO]
    hand_kinds = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=5))
    hand = [c for i, k in enumerate(hand_kinds) if (c := pool.take(k, i)) is not None]
    assume(hand)
    under = draw(
        st.lists(st.sampled_from([*free_ranks, JOKER, RED3, BLACK3]), min_size=0, max_size=3)
    )
    pile = [pool.take(k, i) for i, k in enumerate(under)]
    top = pool.take(draw(st.sampled_from([*meld_ranks, *free_ranks])), 1)
    assume(top is not None)
    melded = bool(melds)
    return Spec(
        variant=name,
        hand=_text(hand),
        melds=melds,
        pile=_text([*pile, top]),
        totals=draw(st.sampled_from([(0, 0), (1500, 0), (-100, 0)])),
        has_melded=(melded and draw(st.booleans()), False, melded, False),
        drew="stock",
        phase="draw",
    )


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(draw_specs())
def test_random_take_pile_positions(spec: Spec) -> None:
    assert_menu_complete(spec.build())
