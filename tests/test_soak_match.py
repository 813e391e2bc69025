"""Whole-match soak: random matches of every preset from random starting totals (the minimum
bands, running totals, the next deal and the match end), every invariant checked at every step.

The invariants (tests/invariants.py): the cards conserved in every zone and the validator
silent; the menu non-empty until the match ends, free of duplicates and the same when asked
twice; listed actions accepted by ``is_legal``, ``in``, ``check`` and ``apply`` as a value, in
notation and as JSON text and mapping, all giving one state; unlisted neighbours of them judged
alike by all four; ``apply`` leaving its input unchanged; state JSON and position text round
trips; every seat's view unchanged when the cards hidden from it are dealt again; score lines
adding up to the hand's score and the totals; the match's record replaying to the same states.

CI runs a short soak. The long one (10^6 actions per preset by default, or
``CANASTA_SOAK_ACTIONS``) runs on demand: ``pytest -m slow tests/test_soak_match.py``, or
``python tools/soak.py --actions 1000000 --preset classic``.
"""

from __future__ import annotations

import os
import random

import attrs
import pytest

import canasta
from invariants import Stats, play_match, scrambled

PRESETS = canasta.variant_names()
#: Actions per preset in CI.
SHORT_ACTIONS = 60
LONG_ACTIONS = int(os.environ.get("CANASTA_SOAK_ACTIONS", "1000000"))


def soak(preset: str, actions: int, *, hands: int = 1, cap: int = 700) -> Stats:
    """Matches of ``preset`` from random starting totals until ``actions`` actions are applied
    and ``hands`` hands dealt (up to ``cap`` actions: a hand of six can take 300)."""
    total = Stats()
    seed = 0
    while total.actions < actions or (total.hands < hands and total.actions < cap):
        left = max(actions, cap if total.hands < hands else 0) - total.actions
        total.add(play_match(preset, seed, max_actions=left, sample=2))
        seed += 1
    return total


def to_the_end(preset: str) -> Stats:
    """Matches of ``preset`` from one point short of the target, until one ends (most do in
    their first hand): the match end soaked."""
    v = canasta.get_variant(preset)
    near = (v.target_score - 5,) * len(v.sides)
    total = Stats()
    for seed in range(100, 106):
        total.add(play_match(preset, seed, max_actions=200, sample=1, totals=near))
        if total.finished:
            break
    return total


@pytest.mark.parametrize("preset", PRESETS)
def test_short_match_soak(preset: str) -> None:
    stats = soak(preset, SHORT_ACTIONS, hands=2)
    assert stats.actions >= SHORT_ACTIONS
    assert stats.hands >= 2, f"{preset}: no next hand was dealt: {stats}"
    assert stats.checks > 50 * stats.actions, stats
    ending = to_the_end(preset)
    assert ending.finished == 1, f"{preset}: no match ended: {ending}"


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_long_match_soak(preset: str, request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the long soak runs on demand: pytest -m slow")
    stats = soak(preset, LONG_ACTIONS)
    assert stats.actions == LONG_ACTIONS
    print(f"{preset}: {stats}")


# ---------------------------------------------------------------------------- the checks fail
def test_the_soak_notices_a_leaking_view() -> None:
    """The scrambled state differs from the real one only in cards hidden from the seat, and
    a view that showed them would differ."""
    state = canasta.new_game("classic", seed=4)
    rng = random.Random(0)
    other = scrambled(state, 0, rng)
    assert other.hands[0] == state.hands[0]
    assert other.hands[1:] != state.hands[1:]
    assert sorted([*(c for h in other.hands for c in h), *other.stock]) == sorted(
        [*(c for h in state.hands for c in h), *state.stock]
    )
    assert canasta.observe(other, 0) == canasta.observe(state, 0)
    assert canasta.observe(other, 1) != canasta.observe(state, 1)


def test_the_soak_notices_a_lost_card() -> None:
    from invariants import assert_conserved

    state = canasta.new_game("classic", seed=4)
    assert_conserved(state)
    with pytest.raises(AssertionError, match="not conserved"):
        assert_conserved(attrs.evolve(state, stock=state.stock[1:]))


# ---------------------------------------------------------------------------- a broken engine
# Each case breaks one entry point as the soak sees it (the public functions it calls) and the
# soak must report it: a failing AssertionError naming the preset and seed, and the invariant.
def _broken_apply(state: canasta.GameState, action: object) -> canasta.GameState:
    """``apply`` that loses the top card of the stock: a rule defect the rules tests might miss."""
    after = _APPLY(state, action)  # type: ignore[arg-type]
    return attrs.evolve(after, stock=after.stock[1:]) if after.stock else after


def _mutating_apply(state: canasta.GameState, action: object) -> canasta.GameState:
    """``apply`` that changes its input (a total) after working out its result from a mapping."""
    after = _APPLY(state, action)  # type: ignore[arg-type]
    if isinstance(action, dict):
        object.__setattr__(state, "totals", (state.totals[0] + 5, *state.totals[1:]))
    return after


def _text_apply(state: canasta.GameState, action: object) -> canasta.GameState:
    """``apply`` that reads notation into another outcome (a total off by 5)."""
    after = _APPLY(state, action)  # type: ignore[arg-type]
    if isinstance(action, str) and not action.startswith("{"):
        return attrs.evolve(after, totals=(after.totals[0] + 5, *after.totals[1:]))
    return after


def _lax_is_legal(state: canasta.GameState, action: object, **kw: object) -> bool:
    """``is_legal`` that accepts the next deal in any phase."""
    return action == canasta.DealNextHand() or _IS_LEGAL(state, action)


def _off_by_five(state: object) -> object:
    if isinstance(state, canasta.GameState):
        return attrs.evolve(state, totals=(state.totals[0] + 5, *state.totals[1:]))
    return state


def _leaky_observe(state: canasta.GameState, seat: int) -> object:
    """A view that shows the stock."""
    return (_OBSERVE(state, seat), state.stock)


def _padded_score(state: canasta.GameState) -> canasta.scoring.HandScore:
    """A score sheet with a line that the totals do not count."""
    score = _SCORE(state)
    first = score.sides[0]
    extra = canasta.scoring.ScoreLine("going_out", 100, 1)
    side = attrs.evolve(first, lines=(*first.lines, extra))
    return attrs.evolve(score, sides=(side, *score.sides[1:]))


class _DoubledMenu(canasta.LegalActions):
    """A menu that lists its first action twice."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        menu = list(super().__iter__())
        return iter(menu + menu[:1])

    def __len__(self) -> int:
        return super().__len__() + 1


class _ChangingMenu(canasta.LegalActions):
    """A menu listed in reverse every other time it is asked for."""

    asked = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _ChangingMenu.asked += 1
        menu = list(super().__iter__())
        return iter(menu[::-1] if _ChangingMenu.asked % 2 else menu)


def _short_replay(record: canasta.GameRecord) -> canasta.GameState:
    return _REPLAY(attrs.evolve(record, actions=record.actions[:-1]))


_APPLY, _IS_LEGAL, _OBSERVE = canasta.apply, canasta.is_legal, canasta.observe
_SCORE, _REPLAY = canasta.score_hand, canasta.replay
_FROM_JSON, _PARSE_POSITION = canasta.from_json, canasta.parse_position

BROKEN = {
    "a card lost in play": ("apply", _broken_apply, "not conserved"),
    "apply changes its input": ("apply", _mutating_apply, "apply changed its input"),
    "the forms of an action differ": ("apply", _text_apply, "forms differ"),
    "an unlisted action judged otherwise": ("is_legal", _lax_is_legal, "is_legal True"),
    "the state's JSON": ("from_json", lambda t: _off_by_five(_FROM_JSON(t)), "JSON does not"),
    "the position text": (
        "parse_position",
        lambda t: _off_by_five(_PARSE_POSITION(t)),
        "position text does not",
    ),
    "a view that leaks": ("observe", _leaky_observe, "shows hidden cards"),
    "a score line not counted": ("score_hand", _padded_score, "totals"),
    "a menu listing an action twice": ("legal_actions", _DoubledMenu, "twice"),
    "a menu that changes": ("legal_actions", _ChangingMenu, "not deterministic"),
    "a record that replays otherwise": ("replay", _short_replay, "replays otherwise"),
}


def test_the_sound_engine_passes() -> None:
    """The match the broken engines fail (classic seed 2: one hand of 57 actions that ends the
    match, so that the score is soaked too), passed by the engine as it is."""
    stats = play_match("classic", 2, max_actions=60, sample=2)
    assert (stats.actions, stats.hands, stats.finished) == (57, 1, 1), stats


@pytest.mark.parametrize("case", BROKEN)
def test_the_soak_notices_a_broken_engine(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    name, broken, message = BROKEN[case]
    monkeypatch.setattr(canasta, name, broken)
    with pytest.raises(AssertionError, match=message) as caught:
        play_match("classic", 2, max_actions=60, sample=2, views=name == "observe")
    assert "classic seed 2" in str(caught.value), caught.value


def test_the_soak_notices_a_replay_that_strays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay passes through every state of the match, not only to its last one."""
    import invariants

    def strays(record: canasta.GameRecord):  # type: ignore[no-untyped-def]
        for index, action, before, after in canasta.records.replay_steps(record):
            yield index, action, before, (_off_by_five(after) if index == 5 else after)

    monkeypatch.setattr(invariants, "replay_steps", strays)
    with pytest.raises(AssertionError, match="replay of action 5 differs"):
        play_match("classic", 2, max_actions=20, sample=1, views=False)


def test_the_soak_in_processes_has_the_figures_of_one() -> None:
    """``tools/soak.py --jobs 2`` plays the same matches (classic from seed 2: a whole match of
    57 actions, then one stopped at the limit) and counts the same figures as one process."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak_tool", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    one = tool.soak("classic", 70, 2, 1, True)
    two = tool.soak("classic", 70, 2, 1, True, jobs=2)
    assert (one.actions, one.matches, one.finished) == (70, 2, 1), one
    assert attrs.evolve(two, seconds=0) == attrs.evolve(one, seconds=0)
