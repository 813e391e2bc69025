"""Bad input to the redesigned formats: typed errors that say what is wrong, never a bare
exception; documents written before the redesign still load."""

from __future__ import annotations

import pytest

import canasta
from canasta.errors import NotationError

HEADER_TAIL = " hand 1 dealer 3 seed 1"


def _with_variant(variant_text: str) -> str:
    text = canasta.format_position(canasta.new_game("classic", seed=1))
    _first, rest = text.split("\n", 1)
    return f"canasta {variant_text}{HEADER_TAIL}\n{rest}"


@pytest.mark.parametrize("escape", ["\\U110000000", "\\UFFFFFFFF"])
def test_old_brace_form_escape_of_no_character_is_a_notation_error(escape: str) -> None:
    text = f'classic{{name="{escape}"}}'
    with pytest.raises(NotationError, match="no such character"):
        canasta.notation.parse_variant(text)
    with pytest.raises(NotationError, match="no such character"):
        canasta.parse_position(_with_variant(text))


def test_old_brace_form_deep_tuples_are_a_notation_error() -> None:
    text = "classic{sides=" + "(" * 5000 + ")" * 5000 + "}"
    with pytest.raises(NotationError, match="deeper than 32"):
        canasta.notation.parse_variant(text)
    with pytest.raises(NotationError, match="deeper than 32"):
        canasta.parse_position(_with_variant(text))


def test_old_brace_form_sides_still_load() -> None:
    variant = canasta.notation.parse_variant("classic{sides=((0,1),(2,3))}")
    assert variant.sides == ((0, 1), (2, 3))


@pytest.mark.parametrize("value", [5, None])
def test_record_actions_not_a_sequence(value: object) -> None:
    with pytest.raises(NotationError, match="actions"):
        canasta.GameRecord(variant="classic", actions=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, "[Variant classic]\n[Seed 1]\n", 5])
def test_replay_of_something_not_a_record(value: object) -> None:
    with pytest.raises(NotationError, match="GameRecord"):
        canasta.replay(value)  # type: ignore[arg-type]


def test_problems_function_and_module() -> None:
    from canasta.validation import Problem, require_possible

    state = canasta.new_game("classic", seed=1)
    assert canasta.problems(state) == ()
    require_possible(state)
    assert Problem is canasta.Problem


def test_the_validators_module_is_not_shadowed_by_its_function() -> None:
    import canasta.validation as module

    assert hasattr(module, "Problem") and module.problems is canasta.problems


def test_sample_state_without_a_random_generator() -> None:
    from canasta.sampling import sample_state

    view = canasta.observe(canasta.new_game("classic", seed=1), 0)
    with pytest.raises(canasta.CanastaError):
        sample_state(view, None)  # type: ignore[arg-type]


def test_old_record_variant_tag_error_quotes_the_tag_not_a_rewrite() -> None:
    with pytest.raises(NotationError) as info:
        canasta.GameRecord.loads('[Variant classic {"nope": 1}]\n')
    assert "nope" in str(info.value)
    assert '"preset"' not in str(info.value)  # the user never wrote a JSON form


def test_old_record_variant_tag_still_loads() -> None:
    record = canasta.GameRecord.loads('[Variant classic {"points": {"joker": 60}}]\n')
    assert record.variant.points.joker == 60
