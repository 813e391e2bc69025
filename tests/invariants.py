"""Invariants of the engine checked at every step of a soak, and of anything a parser accepts.

Shared by the whole-match soak (tests/test_soak_match.py, tools/soak.py) and the fuzz tests
(tests/test_fuzz.py, tests/test_serialize.py, tests/test_notation.py). Everything goes through
the public API; a broken invariant raises ``AssertionError`` naming where it broke.
"""

from __future__ import annotations

import functools
import json
import operator
import random
import time
from collections import Counter
from collections.abc import Callable

import attrs

import canasta
from canasta import GameState
from canasta.records import replay_steps

__all__ = [
    "Stats",
    "accepted_record",
    "accepted_state",
    "assert_conserved",
    "play_match",
    "scrambled",
]


@attrs.define
class Stats:
    """What a soak did: actions applied, matches started and finished, hands played (dealt),
    invariant checks made, seconds taken."""

    actions: int = 0
    matches: int = 0
    finished: int = 0
    hands: int = 0
    checks: int = 0
    seconds: float = 0.0

    def add(self, other: Stats) -> None:
        self.actions += other.actions
        self.matches += other.matches
        self.finished += other.finished
        self.hands += other.hands
        self.checks += other.checks
        self.seconds += other.seconds


# ---------------------------------------------------------------------------- one state
_KINDS = 53  # card ids 0 to 52 (Card.from_id)
_CARD_ID = operator.attrgetter("id")


def _counts(state: GameState) -> list[int]:
    """How many copies of each card (by card id) the state holds in all its zones: hands, melds,
    discard pile, stock, red threes laid out, out of play and the hidden packets."""
    found = [0] * _KINDS
    loose: list[canasta.Card] = [*state.discard_pile, *state.stock]
    for zone in (*state.hands, state.out_of_play, *(c for packets in state.zones for c in packets)):
        if type(zone) is canasta.Cards:
            found = list(map(operator.add, found, zone.counts))
        else:
            loose.extend(zone)
    for side in state.melds:
        for meld in side:
            loose.extend(meld.cards)
    for threes in state.red_threes:
        loose.extend(threes)
    for card_id, n in Counter(map(_CARD_ID, loose)).items():
        found[card_id] += n
    return found


@functools.lru_cache(maxsize=64)
def _pack_counts(variant: canasta.Variant) -> tuple[int, ...]:
    counts = [0] * _KINDS
    for card in variant.pack():
        counts[card.id] += 1
    return tuple(counts)


def assert_conserved(state: GameState, where: str = "") -> None:
    """Every card of the pack in exactly one zone (hands, melds, pile, stock, red threes laid
    out, out of play, hidden packets), and the validator finds nothing wrong."""
    pack = _pack_counts(state.variant)
    found = tuple(_counts(state))
    if found != pack:
        off = zip(range(_KINDS), found, pack, strict=True)
        extra = {str(canasta.Card.from_id(i)): f - p for i, f, p in off if f != p}
        raise AssertionError(f"{where}: cards not conserved (count over the pack): {extra}")
    assert list(canasta.problems(state)) == [], f"{where}: {canasta.problems(state)[:2]}"


def assert_round_trips(state: GameState, where: str = "") -> str:
    """State JSON and position text give the state back, and write the same text again. The
    state's JSON text (the soak's fingerprint of the state, see ``_step_checks``)."""
    text = canasta.to_json(state)
    back = canasta.from_json(text)
    assert back == state, f"{where}: the state's JSON does not give it back"
    assert canasta.to_json(back) == text, where
    pos = canasta.format_position(state)
    again = canasta.parse_position(pos)
    assert again == state, f"{where}: the position text does not give the state back"
    assert canasta.format_position(again) == pos, where
    return text


def assert_plays_on(state: GameState, where: str = "") -> None:
    """The engine can continue: a menu unless the match is over, and its first action applies
    to a state that is itself possible."""
    menu = canasta.legal_actions(state)
    if state.is_match_over or (state.is_hand_over and state.seed is None):
        # no next hand: the match is over, or its decks are not known (no seed)
        assert len(menu) == 0, f"{where}: a menu after the match ended"
        return
    assert len(menu) > 0, f"{where}: an empty menu in phase {state.phase}"
    after = canasta.apply(state, menu[0])
    assert list(canasta.problems(after)) == [], (
        f"{where}: after {menu[0]}: {canasta.problems(after)}"
    )


def accepted_state(state: object, where: str = "accepted") -> None:
    """What a parser or decoder accepted as a state is a possible one in every respect: a
    :class:`GameState` with its cards conserved, round-tripping through every format, from
    which the engine plays on."""
    assert type(state) is GameState, f"{where}: {type(state).__name__}, not a GameState"
    assert_conserved(state, where)
    assert_round_trips(state, where)
    assert_plays_on(state, where)


def accepted_record(record: object, where: str = "record") -> GameState | None:
    """What a record parser accepted: its text and JSON forms give it back; if it replays, the
    final state is a possible one (``accepted_state``), else the refusal is a typed one. The
    final state, or ``None`` when the record does not replay."""
    assert type(record) is canasta.GameRecord, f"{where}: {type(record).__name__}"
    assert canasta.GameRecord.loads(record.dumps()) == record, f"{where}: text form"
    assert canasta.GameRecord.from_json(record.to_json()) == record, f"{where}: JSON form"
    try:
        final = canasta.replay(record)
    except (canasta.NotationError, canasta.ReplayError):
        return None
    accepted_state(final, f"{where}: final state")
    return final


# ---------------------------------------------------------------------------- views
def scrambled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the cards hidden from ``seat`` (the other hands while the hand is being
    played, and the stock) dealt around those places again, each keeping its size."""
    keep = set(range(len(state.hands))) if state.is_hand_over else {seat}
    pool = [c for s, h in enumerate(state.hands) if s not in keep for c in h]
    pool += list(state.stock)
    rng.shuffle(pool)
    hands = []
    for s, h in enumerate(state.hands):
        if s in keep:
            hands.append(h)
        else:
            hands.append(canasta.Cards.of(pool[: len(h)]))
            del pool[: len(h)]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool))


# ---------------------------------------------------------------------------- actions
def _forms(action: canasta.Action, where: str = "") -> list[object]:
    """The forms of an action every entry point takes: value, notation, JSON text, mapping."""
    text = canasta.to_json(action)
    assert canasta.from_json(text) == action, f"{where}: {action!r}: its JSON does not give it back"
    return [action, str(action), text, json.loads(text)]


def _mutants(action: canasta.Action, state: GameState, rng: random.Random) -> list[object]:
    """Actions near a listed one, mostly unlisted: another seat, another card, one card more."""
    out: list[object] = []
    players = state.variant.players
    pack = state.variant.pack()
    seat = getattr(action, "seat", None)
    if seat is not None:
        out.append(attrs.evolve(action, seat=(seat + 1 + rng.randrange(players - 1)) % players))
    if isinstance(action, canasta.Discard):
        out.append(canasta.Discard(action.seat, rng.choice(pack)))
    elif isinstance(action, canasta.MeldCards):
        meld = action.melds[rng.randrange(len(action.melds))]
        extra = rng.choice(pack)
        try:
            grown = canasta.Meld(meld.rank, [*meld.cards, extra])
        except canasta.CanastaError:
            grown = None
        if grown is not None:
            out.append(canasta.MeldCards(action.seat, [grown]))
    elif isinstance(action, canasta.TakePile):
        out.append(canasta.TakePile(action.seat, [rng.choice(pack)]))
    elif isinstance(action, canasta.Draw | canasta.DeclinePile | canasta.EndTurn):
        out.append(canasta.TakePile(action.seat))
        out.append(canasta.Discard(action.seat, rng.choice(pack)))
    elif isinstance(action, canasta.AnswerPartner):
        out.append(canasta.AnswerPartner(action.seat, not action.yes))
    out.append(canasta.AskPartner(rng.randrange(players)))
    out.append(canasta.DealNextHand())
    return out


def _judged_alike(
    state: GameState, menu: canasta.LegalActions, action: object, where: str = ""
) -> int:
    """``check``, ``is_legal``, ``in`` and ``apply`` agree on ``action`` (a value): the verdict,
    and the reason between ``check`` and ``apply``. The number of checks made."""
    verdict = canasta.check(state, action)
    legal = canasta.is_legal(state, action)
    assert legal is (verdict is None), f"{where}: {action!r}: is_legal {legal}, check {verdict}"
    assert (action in menu) is legal, (
        f"{where}: {action!r}: in the menu {action in menu}, legal {legal}"
    )
    try:
        canasta.apply(state, action)  # type: ignore[arg-type]
    except canasta.IllegalActionError as exc:
        assert verdict is not None, f"{where}: {action!r}: apply refuses ({exc}), check accepts"
        assert exc.reason is verdict.reason, (
            f"{where}: {action!r}: {exc.reason} vs {verdict.reason}"
        )
    else:
        assert verdict is None, f"{where}: {action!r}: apply accepts, check refuses ({verdict})"
    return 4


def _step_checks(
    state: GameState, rng: random.Random, where: str, *, sample: int, views: bool
) -> tuple[canasta.LegalActions, int]:
    """Every invariant of one state; the menu and the number of checks made.

    The state's JSON text, written once for its round trip, is also its fingerprint: after
    every ``check``, ``is_legal``, ``in`` and ``apply`` of the step, the state must still write
    the same text (``apply`` never changes its input). The unlisted neighbours of the sampled
    actions are judged once each (the same value judged twice in one state would tell nothing
    new)."""
    checks = 0
    assert_conserved(state, where)
    fingerprint = assert_round_trips(state, where)
    checks += 4
    menu = canasta.legal_actions(state)
    listed = list(menu)
    assert listed == list(canasta.legal_actions(state)), f"{where}: the menu is not deterministic"
    assert len(set(listed)) == len(listed), f"{where}: the menu lists an action twice"
    assert len(listed) == len(menu), where
    checks += 3
    if state.is_match_over:
        assert not listed, f"{where}: a menu after the match ended"
    else:
        assert listed, f"{where}: an empty menu in phase {state.phase}"
    checks += 1
    chosen = listed if len(listed) <= sample else rng.sample(listed, sample)
    neighbours: dict[object, None] = {}
    for action in chosen:
        results = []
        for form in _forms(action, where):
            assert canasta.check(state, form) is None, f"{where}: {form!r} refused by check"
            assert canasta.is_legal(state, form), f"{where}: {form!r} refused by is_legal"
            assert form in menu, f"{where}: {form!r} not in its menu"
            results.append(canasta.apply(state, form))  # type: ignore[arg-type]
            checks += 4
        assert all(r == results[0] for r in results), f"{where}: {action!r}: forms differ"
        neighbours.update(dict.fromkeys(_mutants(action, state, rng)))
    for mutant in neighbours:
        checks += _judged_alike(state, menu, mutant, where)
    assert canasta.to_json(state) == fingerprint, f"{where}: apply changed its input"
    checks += 1
    if views:
        seats = range(state.variant.players)
        to_act = state.current_seat
        for seat in {rng.choice(seats), *([] if to_act is None else [to_act])}:
            view = canasta.observe(state, seat)
            other = canasta.observe(scrambled(state, seat, rng), seat)
            assert other == view, f"{where}: seat {seat}'s view shows hidden cards"
            checks += 1
    return menu, checks


def _hand_over_checks(state: GameState, totals: tuple[int, ...], where: str) -> tuple[int, ...]:
    """The score sheet adds up and the running totals follow; the totals after the hand."""
    score = canasta.score_hand(state)
    for side in score.sides:
        assert side.total == sum(line.points for line in side.lines), f"{where}: {side}"
    after = tuple(t + s for t, s in zip(totals, score.totals, strict=True))
    assert state.match_totals == after, f"{where}: totals {state.match_totals} vs {after}"
    if state.is_match_over:
        assert max(after) >= state.variant.target_score, f"{where}: {after}"
        assert state.winners and all(after[w] == max(after) for w in state.winners), where
    return after


def random_totals(variant: canasta.Variant, rng: random.Random) -> tuple[int, ...]:
    """Starting totals, multiples of 5: a band edge of the initial-meld minimum or the target
    (30 %), within 600 points of the target, so that matches end (40 %), or any from -1000 to
    the target (30 %)."""
    target = variant.target_score
    edges = [-5, 0, 1495, 1500, 2995, 3000, 7495, 7500, target - 5]
    edges = [e for e in edges if e < target]

    def one() -> int:
        pick = rng.random()
        if pick < 0.3:
            return rng.choice(edges)
        if pick < 0.7:
            return target - 5 * rng.randrange(1, 121)
        return 5 * rng.randrange(-200, target // 5)

    return tuple(one() for _ in variant.sides)


def _replays(record: canasta.GameRecord, states: list[GameState], where: str) -> int:
    """The record round-trips through text and JSON, :func:`canasta.replay` gives the last of
    ``states`` (the states of the match, one more than the record's actions), and
    :func:`canasta.records.replay_steps` passes through every one of them in turn (one replay
    for the whole match). The number of checks made."""
    assert canasta.GameRecord.loads(record.dumps()) == record, f"{where}: the record's text"
    assert canasta.GameRecord.from_json(record.to_json()) == record, f"{where}: its JSON"
    assert canasta.replay(record) == states[-1], f"{where}: the record replays otherwise"
    steps = 0
    for index, action, before, after in replay_steps(record):
        assert action == record.actions[index], f"{where}: replay of action {index}: {action!r}"
        assert before == states[index], f"{where}: replay to action {index} differs"
        assert after == states[index + 1], f"{where}: replay of action {index} differs"
        steps += 1
    assert steps == len(record.actions), f"{where}: {steps} steps replayed"
    return 3 + steps


def play_match(
    variant: str | canasta.Variant,
    seed: int,
    *,
    max_actions: int,
    sample: int = 6,
    views: bool = True,
    totals: tuple[int, ...] | None = None,
    on_step: Callable[[Stats], None] | None = None,
) -> Stats:
    """Play one whole match from random starting totals with random listed actions, every
    invariant checked at every step, the record replayed at the end. Stops early (the match
    unfinished, its record still replayed) after ``max_actions`` actions.

    ``sample``: how many listed actions of each menu are tried in every form (all of them when
    the menu is no longer), each with a few unlisted neighbours."""
    started = time.perf_counter()
    rng = random.Random(f"soak:{variant}:{seed}")  # the play: totals and choices
    probe = random.Random(f"soak-checks:{variant}:{seed}")  # the samples of the checks
    v = canasta.get_variant(variant)
    if totals is None:
        totals = random_totals(v, rng)
    state = canasta.new_game(v, seed=seed, totals=totals)
    start = state
    stats = Stats(matches=1, hands=1)
    running = tuple(totals)
    actions: list[canasta.Action] = []
    states = [state]  # the state before each action, and the last one
    while stats.actions < max_actions:
        where = f"{v.name} seed {seed}, hand {state.hand_number}, action {len(actions)}"
        assert state.totals == running, f"{where}: totals {state.totals}, expected {running}"
        for seat in state.order:  # the minimum bands follow each seat's match side's total
            total = running[next(i for i, s in enumerate(v.sides) if seat in s)]
            assert state.minimum_for(seat) == v.minimum_for(total), f"{where}: seat {seat}"
        menu, n = _step_checks(state, probe, where, sample=sample, views=views)
        stats.checks += n
        if state.is_hand_over:
            running = _hand_over_checks(state, running, where)
            stats.checks += 2
            if state.is_match_over:
                stats.finished = 1
                break
            assert list(menu) == [canasta.DealNextHand()], f"{where}: {list(menu)}"
            stats.hands += 1
        action = menu[rng.randrange(len(menu))]
        state = canasta.apply(state, action)
        actions.append(action)
        states.append(state)
        stats.actions += 1
        if on_step is not None:
            on_step(stats)
    record = canasta.GameRecord(
        variant=v, seed=seed, dealer=start.dealer, totals=start.totals, actions=tuple(actions)
    )
    stats.checks += _replays(record, states, f"{v.name} seed {seed}")
    stats.seconds = time.perf_counter() - started
    return stats
