"""The copiers the rules use for a state and a turn (written out field by field in
canasta.state) copy every field, and change only the fields given."""

from __future__ import annotations

import inspect

import attrs
import pytest

import canasta
from canasta import _core as core
from canasta.state import COPIERS, GameState, Turn


def _instances() -> list[object]:
    state = canasta.new_game("classic", seed=3)
    state = canasta.apply(state, canasta.legal_actions(state)[0])
    return [state, state.turn]


@pytest.mark.parametrize("cls", [GameState, Turn])
def test_copier_names_every_field_in_order(cls: type) -> None:
    params = list(inspect.signature(COPIERS[cls]).parameters)
    assert params[1:] == [a.name for a in attrs.fields(cls)]
    assert core.evolver(cls) is COPIERS[cls]


@pytest.mark.parametrize("inst", _instances(), ids=["state", "turn"])
def test_copier_changes_only_the_field_given(inst: object) -> None:
    cls = type(inst)
    copy = core.evolver(cls)
    same = copy(inst)
    assert type(same) is cls and same is not inst
    for a in attrs.fields(cls):
        assert getattr(same, a.name) is getattr(inst, a.name)
    for a in attrs.fields(cls):
        marker = object()
        new = copy(inst, **{a.name: marker})
        for b in attrs.fields(cls):
            expected = marker if b is a else getattr(inst, b.name)
            assert getattr(new, b.name) is expected, (a.name, b.name)
        # the generic copier agrees
        assert getattr(core.evolve(inst, **{a.name: marker}), a.name) is marker


@pytest.mark.parametrize("cls", [GameState, Turn])
def test_copier_refuses_an_unknown_field(cls: type) -> None:
    inst = _instances()[0 if cls is GameState else 1]
    with pytest.raises(TypeError):
        core.evolver(cls)(inst, no_such_field=1)
