"""Every preset through the whole engine: registry, play, scoring, matches, the CLI."""

from __future__ import annotations

import random
import re

import pytest

import canasta
from canasta.cli import main

PRESETS = canasta.variant_names()


def test_registry_names_and_aliases() -> None:
    assert PRESETS == (
        "classic",
        "two-player",
        "three-player",
        "cutthroat",
        "german",
        "german-4",
        "five-player",
        "six-player",
        "six-player-3x2",
    )
    assert canasta.get_variant("Regency") is canasta.get_variant("classic")
    assert canasta.get_variant("OFFICIAL").name == "classic"
    assert canasta.get_variant("german-3").name == "german"
    assert canasta.get_variant("Six-Player-2x3").name == "six-player"
    with pytest.raises(canasta.VariantError) as exc:
        canasta.get_variant("cuthroat")
    assert "did you mean 'cutthroat'" in str(exc.value)
    for name in PRESETS:
        assert name in str(exc.value)


def _play_hand(state: canasta.GameState, rng: random.Random) -> canasta.GameState:
    for _ in range(5000):
        if state.is_hand_over:
            return state
        assert state.current_seat in state.order
        actions = canasta.legal_actions(state)
        assert actions
        state = canasta.apply(state, actions[rng.randrange(len(actions))])
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_deals_plays_and_scores(name: str) -> None:
    v = canasta.get_variant(name)
    for seed in range(4):
        rng = random.Random(seed)
        state = canasta.new_game(name, seed=seed)
        assert state.variant is v
        sitting = [p for p in range(v.players) if p not in state.order]
        assert len(sitting) == (1 if v.sit_out_side is not None else 0)
        for p in state.order:
            assert len(state.hands[p]) == v.hand_size
        end = _play_hand(state, rng)
        pack = canasta.Cards.of(v.pack())
        zones: list[canasta.Card] = []
        for h in end.hands:
            zones.extend(h)
        for side in end.melds:
            for m in side:
                zones.extend(m.cards)
        zones.extend(end.discard_pile)
        zones.extend(end.stock)
        for r in end.red_threes:
            zones.extend(r)
        assert canasta.Cards.of(zones) == pack
        score = canasta.score_hand(end)
        assert len(score.sides) == len(v.sides)
        for s in score.sides:
            assert s.total == sum(line.points for line in s.lines)
        nxt = canasta.apply(end, canasta.DealNextHand())
        assert nxt.totals == end.match_totals
        assert nxt.hand_number == 2


def test_five_player_sit_out_rotates_through_the_trio() -> None:
    state = canasta.new_game("five-player", seed=1)
    rng = random.Random(1)
    sitters = []
    for _ in range(4):
        (sitter,) = [p for p in range(5) if p not in state.order]
        sitters.append(sitter)
        assert not state.hands[sitter]
        while not state.is_hand_over:
            assert state.current_seat != sitter
            actions = canasta.legal_actions(state)
            state = canasta.apply(state, actions[rng.randrange(len(actions))])
        if state.is_match_over:
            break
        state = canasta.apply(state, canasta.DealNextHand())
    assert sitters[:4] == [0, 2, 4, 0][: len(sitters)]
    # sides alternate round the table among the four playing
    order = canasta.new_game("five-player", seed=2).order
    assert [canasta.get_variant("five-player").side_of(p) for p in order] == [0, 1, 0, 1]


def test_cutthroat_first_pile_taker_plays_alone() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state = canasta.new_game("cutthroat", seed=seed)
        assert state.sides == ((0,), (1,), (2,))
        while not state.is_hand_over:
            actions = canasta.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            before = state
            state = canasta.apply(state, action)
            if isinstance(action, canasta.TakePile) and len(before.sides) == 3:
                lone = action.seat
                others = tuple(p for p in before.order if p != lone)
                assert state.sides == ((lone,), others)
                ranks = [m.rank for m in state.melds[1]]
                assert len(ranks) == len(set(ranks))
                return
    pytest.fail("no pile was taken in 30 random cutthroat hands")


@pytest.mark.parametrize("name", PRESETS)
def test_demo_plays_a_match_to_the_preset_target(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--variant", name, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    target = canasta.get_variant(name).target_score
    assert f"variant {name}, seed 3, target {target}" in out
    assert "=== Match over after" in out
    totals = [int(t) for t in re.findall(r"^  (?:side|seat) .*: (-?\d+)$", out, re.M)]
    assert len(totals) == len(canasta.get_variant(name).sides)
    assert max(totals) >= target


@pytest.mark.parametrize("name", ["two-player", "cutthroat", "five-player", "six-player-3x2"])
def test_simulate_runs_for_presets(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--variant", name]) == 0
    out = capsys.readouterr().out
    assert f"variant {name}: 2 matches" in out


def test_variants_command_prints_the_comparison_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert header == list(PRESETS)
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:] if line[:1].strip()}
    assert rows["hand_size"] == ["11", "15", "13", "13", "13", "11", "11", "13", "13"]
    assert rows["target_score"] == ["5000"] * 3 + ["7500"] + ["5000"] * 3 + ["10000", "7500"]
    assert rows["canastas_to_go_out"] == ["1", "2", "1", "1", "1", "1", "1", "2", "2"]
    assert "aliases: regency = classic" in out


def test_variants_command_shows_one_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "german-3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("german: the German rules")
    assert re.search(r"final_discard_required\s+yes", out)
    assert re.search(r"concealed_bonus_without_partner_meld\s+1000", out)
    assert main(["variants", "nope"]) == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err


def test_house_rules_from_any_preset() -> None:
    house = canasta.get_variant("two-player").derive(name="two-700", natural_canasta_bonus=700)
    assert house.players == 2 and house.natural_canasta_bonus == 700
    rng = random.Random(0)
    end = _play_hand(canasta.new_game(house, seed=0), rng)
    assert canasta.score_hand(end)
    with pytest.raises(canasta.VariantError) as exc:
        canasta.get_variant("six-player").derive(hand_size=30)
    assert exc.value.field == "hand_size"
    with pytest.raises(canasta.VariantError) as exc:
        canasta.get_variant("classic").derive(partnerships="lone_hand")
    assert exc.value.field == "partnerships"
    with pytest.raises(canasta.VariantError) as exc:
        canasta.get_variant("classic").derive(sit_out_side=5)
    assert exc.value.field == "sit_out_side"


def _pack_rest(*placed: str) -> list[str]:
    rest = list(canasta.Cards.of(canasta.make_pack()).counts)
    for text in placed:
        for card in canasta.Cards.parse(text):
            rest[card.id] -= 1
    return [str(canasta.Card.from_id(i)) for i, c in enumerate(rest) for _ in range(c)]


def test_last_stock_card_red_three_may_meld_reading() -> None:
    """§2 case 30, §4 A7: pagat ends the hand at once; Britannica lets the drawer meld, not
    discard."""
    hand = "KH KS KD 9C 5D"
    others = _pack_rest(hand, "3H", "7C", "QH QS QD")
    kwargs = {
        "hands": [hand, " ".join(others), "", ""],
        "discard_pile": "7C",
        "stock": "3H",
        "melds": [["QH QS QD"], []],
    }
    strict = canasta.apply(canasta.position("classic", **kwargs), canasta.Draw(0))
    assert strict.is_hand_over and strict.end is not None
    assert strict.end.reason is canasta.EndReason.LAST_CARD_RED_THREE
    assert strict.red_threes[0] == (canasta.Card.parse("3H"),)
    v = canasta.get_variant("classic").derive(last_card_red_three="may_meld")
    state = canasta.apply(canasta.position(v, **kwargs), canasta.Draw(0))
    assert state.phase is canasta.Phase.PLAY and state.turn.last_red_three
    with pytest.raises(canasta.IllegalActionError) as exc:
        canasta.apply(state, canasta.Discard(0, "9C"))
    assert exc.value.reason is canasta.Reason.NO_DISCARD
    listed = list(canasta.legal_actions(state))
    assert canasta.EndTurn(0) in listed and not any(isinstance(a, canasta.Discard) for a in listed)
    melded = canasta.apply(state, canasta.MeldCards(0, [canasta.Meld.parse("KH KS KD")]))
    over = canasta.apply(melded, canasta.EndTurn(0))
    assert over.is_hand_over and over.end is not None
    assert over.end.reason is canasta.EndReason.LAST_CARD_RED_THREE
    assert canasta.score_hand(over).sides[0].points("melded_cards") == 60
    with pytest.raises(canasta.IllegalActionError) as exc:
        canasta.apply(canasta.new_game(seed=1), canasta.EndTurn(0))
    assert exc.value.reason is canasta.Reason.WRONG_PHASE


def test_red_threes_at_the_owners_first_turn() -> None:
    """§2 case 4, §4 A9: dealt red threes laid out straight after the deal, or at the owner's
    first turn."""
    pack = [str(c) for c in canasta.make_pack() if c.is_natural]
    special = [str(c) for c in canasta.make_pack() if not c.is_natural]
    deck = pack[:1] + ["3H"] + pack[1:]
    special.remove("3H")
    deck += special
    assert len(deck) == 108
    classic = canasta.new_game(deck=deck)
    assert classic.red_threes[1] == (canasta.Card.parse("3H"),)
    v = canasta.get_variant("classic").derive(red_three_timing="first_turn")
    state = canasta.new_game(v, deck=deck)
    assert state.red_threes[1] == () and state.hands[1].count("3H") == 1
    state = canasta.apply(state, canasta.Draw(0))
    card = next(iter(state.hands[0]))
    state = canasta.apply(state, canasta.Discard(0, card))
    assert state.current_seat == 1
    assert state.red_threes[1] == (canasta.Card.parse("3H"),)
    assert state.hands[1].count("3H") == 0 and len(state.hands[1]) == 11


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"min_naturals": 9}, "min_naturals"),
        ({"canasta_size": 12}, "canasta_size"),
        ({"max_wilds": -1}, "max_wilds"),
        ({"minimum_bands": ((None, 15), (1500, 90), (0, 50))}, "minimum_bands"),
        ({"players": 7}, "sides"),
        ({"decks": 1, "jokers": 2}, "red_three_totals"),
        ({"sit_out_side": 1}, "sit_out_side"),
    ],
)
def test_inconsistent_variants_name_the_field(changes: dict[str, object], field: str) -> None:
    with pytest.raises(canasta.VariantError) as exc:
        canasta.get_variant("five-player" if "sit_out_side" in changes else "classic").derive(
            **changes
        )
    assert exc.value.field == field
