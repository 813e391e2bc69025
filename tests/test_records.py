"""Game records: text and JSON forms, replay, and the replay/validate commands."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import attrs
import pytest

import canasta
from canasta.cli import main

PRESETS = canasta.variant_names()


def _random_record(variant: str | canasta.Variant, seed: int, hands: int = 2) -> canasta.GameRecord:
    rng = random.Random(seed)
    start = canasta.new_game(variant, seed=seed)
    state = start
    actions: list[canasta.Action] = []
    for hand in range(hands):
        while not state.is_hand_over:
            menu = canasta.legal_actions(state)
            action = menu[rng.randrange(len(menu))]
            actions.append(action)
            state = canasta.apply(state, action)
        if state.is_match_over or hand == hands - 1:
            break
        actions.append(canasta.DealNextHand())
        state = canasta.apply(state, canasta.DealNextHand())
    return canasta.GameRecord(
        variant=start.variant,
        seed=seed,
        players=("Ann", "Bob"),
        date="2026-11-30",
        actions=tuple(actions),
    )


@pytest.mark.parametrize("name", PRESETS)
def test_records_round_trip_and_replay(name: str) -> None:
    record = _random_record(name, seed=5)
    final = canasta.replay(record)
    assert canasta.GameRecord.loads(record.dumps()) == record
    assert canasta.GameRecord.from_json(record.to_json()) == record
    assert canasta.GameRecord.loads(record.to_json(indent=2)) == record
    assert canasta.replay(canasta.GameRecord.loads(record.dumps())) == final


def test_house_rule_variant_in_the_header() -> None:
    house = canasta.get_variant("classic").derive(
        name="house", natural_canasta_bonus=700, wild_ratio="at_most_equal"
    )
    record = _random_record(house, seed=2, hands=1)
    text = record.dumps()
    assert text.startswith('[Variant {"preset": "classic", "changes": {')
    again = canasta.GameRecord.loads(text)
    assert again.variant.natural_canasta_bonus == 700
    assert again.variant.wild_ratio == "at_most_equal"
    assert canasta.replay(again).match_totals == canasta.replay(record).match_totals
    old = text.replace(  # the header of earlier versions: NAME {changes}
        text.split("\n", 1)[0],
        '[Variant classic {"name": "house", "wild_ratio": "at_most_equal", '
        '"natural_canasta_bonus": 700}]',
    )
    assert canasta.GameRecord.loads(old) == again


@pytest.mark.parametrize("name", ["classic", "Regency", "six-player-2x3"])
def test_a_record_takes_a_preset_by_name(name: str) -> None:
    """A preset's name or alias converts to the preset (``dumps`` used to crash on the text)."""
    record = canasta.GameRecord(variant=name, seed=3, actions=(canasta.Draw(0),))
    assert record.variant is canasta.get_variant(name)
    assert record == canasta.GameRecord(
        variant=canasta.get_variant(name), seed=3, actions=(canasta.Draw(0),)
    )
    assert record.dumps().startswith(f"[Variant {canasta.get_variant(name).name}]\n")
    assert canasta.GameRecord.loads(record.dumps()) == record
    assert canasta.GameRecord.from_json(record.to_json()) == record
    assert canasta.replay(record).current_seat == 0


def test_a_record_refuses_a_variant_that_is_no_preset() -> None:
    with pytest.raises(canasta.VariantError, match="did you mean 'classic'"):
        canasta.GameRecord(variant="clasic", seed=3)
    with pytest.raises(canasta.NotationError, match="variant: a Variant or a preset's name"):
        canasta.GameRecord(variant=4, seed=3)  # type: ignore[arg-type]


def test_replay_reports_the_first_illegal_action() -> None:
    record = _random_record("classic", seed=9, hands=1)
    index = next(
        i for i, a in enumerate(record.actions) if isinstance(a, canasta.Discard) and i > 10
    )
    good = canasta.GameRecord.loads(record.dumps())
    before = good.start()
    for a in record.actions[:index]:
        before = canasta.apply(before, a)
    held = before.hands[record.actions[index].seat]  # type: ignore[union-attr]
    missing = next(c for c in canasta.make_pack() if c.is_natural and held.count(c) == 0)
    bad_action = canasta.Discard(record.actions[index].seat, missing)  # type: ignore[union-attr]
    tampered = attrs.evolve(
        record, actions=(*record.actions[:index], bad_action, *record.actions[index + 1 :])
    )
    with pytest.raises(canasta.ReplayError) as exc:
        canasta.replay(tampered)
    assert exc.value.index == index
    assert exc.value.action == bad_action
    assert exc.value.reason is canasta.Reason.CARD_NOT_IN_HAND
    assert exc.value.state == before


def test_tampered_take_of_a_frozen_pile_is_refused() -> None:
    """A take of a frozen pile without a natural pair is rejected at that move (pile_frozen)."""
    for seed in range(200):
        record = _random_record("classic", seed=seed, hands=1)
        state = record.start()
        for i, action in enumerate(record.actions):
            if (
                state.phase is canasta.Phase.DRAW
                and state.pile_frozen
                and state.top_card is not None
                and state.top_card.is_natural
                and state.hands[state.turn.seat].count(state.top_card) >= 1
                and any(c.is_wild for c in state.hands[state.turn.seat])
            ):
                seat = state.turn.seat
                wild = next(c for c in state.hands[seat] if c.is_wild)
                natural = next(c for c in state.hands[seat] if c.rank is state.top_card.rank)
                bad = canasta.TakePile(seat, (natural, wild))
                tampered = attrs.evolve(record, actions=(*record.actions[:i], bad))
                with pytest.raises(canasta.ReplayError) as exc:
                    canasta.replay(tampered)
                assert exc.value.index == i
                assert exc.value.reason is canasta.Reason.PILE_FROZEN
                return
            state = canasta.apply(state, action)
    pytest.fail("no frozen pile with a single natural and a wild card in 200 hands")


@pytest.mark.parametrize("name", PRESETS)
def test_demo_record_replay_validate(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for suffix in (".json", ".txt"):
        path = tmp_path / f"game{suffix}"
        assert main(["demo", "--variant", name, "--seed", "4", "--record", str(path)]) == 0
        demo_out = capsys.readouterr().out
        demo_totals = re.findall(r"^  (?:side|seat) .*: (-?\d+)$", demo_out, re.M)
        assert main(["replay", str(path)]) == 0
        replay_out = capsys.readouterr().out
        assert re.findall(r"^  (?:side|seat) .*: (-?\d+)$", replay_out, re.M) == demo_totals
        assert "--- Score of hand 1 ---" in replay_out
        assert main(["validate", str(path)]) == 0
        assert ": valid:" in capsys.readouterr().out
        assert main(["validate", "--json", str(path)]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["valid"] is True and result["match_over"] is True
        assert [str(t) for t in result["totals"]] == demo_totals


def test_validate_reports_the_first_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _random_record("classic", seed=3, hands=1)
    lines = record.dumps().splitlines()
    i = next(k for k, line in enumerate(lines) if re.fullmatch(r"\d: discard \S+", line))
    seat = lines[i].split(":")[0]
    lines[i] = f"{seat}: discard 3H"  # a red three is never discarded (never held, even)
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "invalid" in out
    assert main(["validate", "--json", str(path)]) == 1
    fault = json.loads(capsys.readouterr().out)
    assert fault["valid"] is False
    assert fault["reason"] in {"red_three", "card_not_in_hand"}
    assert fault["action"] == "discard 3H"
    assert isinstance(fault["index"], int)
    assert canasta.parse_position(fault["position"]).current_seat == int(seat)
    assert main(["replay", str(path)]) == 1


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[Variant nope]\n[Seed 1]\n",
        "[Variant classic]\n",  # neither seed nor deck
        "[Variant classic]\n[Seed x]\n",
        "[Variant classic]\n[Seed 1]\n[Colour red]\n",
        "[Variant classic]\n[Seed 1]\n0 draw\n",
        "[Variant classic]\n[Seed 1]\n0: dance\n",
        '[Variant classic {"hand_size": 99}]\n[Seed 1]\n',
        '[Variant classic {"bogus": 1}]\n[Seed 1]\n',
        '[Variant classic {"target_score": 1, "target_score": 2}]\n[Seed 1]\n',  # a repeated key
        "[Variant classic]\n[Seed 1]\n[Deck KH KS]\n",
        "[Variant classic]\n[Seed 1]\n[Deck "
        + " ".join(str(c) for c in canasta.make_pack())
        + "]\n",
        '{"format_version": 1, "type": "record"}',
        "{not json",
    ],
)
def test_bad_records_raise_notation_errors(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(canasta.NotationError):
        canasta.replay(canasta.GameRecord.loads(text))
    path = tmp_path / "bad"
    path.write_text(text)
    assert main(["validate", str(path)]) == 2  # no record to judge: as a usage error
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("canasta: error: ") == 2 and err.count("\n") == 2


def test_unreadable_file_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/game.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("canasta: error: cannot read") and err.count("\n") == 1


def test_record_json_matches_the_schema_and_the_generic_json_functions() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    record = _random_record("five-player", seed=1, hands=2)
    text = canasta.to_json(record)
    jsonschema.validate(json.loads(text), canasta.json_schema())
    assert canasta.from_json(text) == record
    assert canasta.from_json(text, "record") == record
    bad = text.replace('"type": "discard"', '"type": "discard", "extra": 1', 1)
    with pytest.raises(canasta.NotationError, match=r"\$\.actions\[\d+\]"):
        canasta.from_json(bad)


@pytest.mark.parametrize("text", ["-0", "01", "+1", "x", ""])
def test_a_deal_version_tag_is_canonical_decimal(text: str) -> None:
    """``[DealVersion]`` takes the version in canonical decimal (docs: Portable deals), and
    its error spells the tag as it is written."""
    with pytest.raises(canasta.NotationError, match=r"\[DealVersion\]"):
        canasta.GameRecord.loads(f"[Variant classic]\n[Seed 7]\n[DealVersion {text}]\n\n")
