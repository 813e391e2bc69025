"""SVG pictures of the table (canasta.svg), ``_repr_svg_`` and ``canasta render``."""

from __future__ import annotations

import collections
import pathlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import canasta
from canasta.bots import GreedyPlayer, RandomPlayer
from canasta.cli import main
from canasta.svg import rank_text, render_svg

NS = "{http://www.w3.org/2000/svg}"
PRESETS = canasta.variant_names()
CHROMIUM = "/usr/bin/chromium"
ROOT = pathlib.Path(__file__).resolve().parent.parent

Box = tuple[float, float, float, float]


def midgame(name: str, actions: int = 80, seed: int = 11, greedy: bool = True) -> canasta.GameState:
    """A seeded game of bots some dozens of actions in (stops early if the hand ends)."""
    state = canasta.new_game(name, seed=seed)
    players = [GreedyPlayer() if greedy else RandomPlayer(seed * 10 + s) for s in range(8)]
    for _ in range(actions):
        seat = state.current_seat
        if seat is None:
            break
        state = canasta.apply(state, players[seat].choose(canasta.observe(state, seat)))
    return state


@pytest.fixture(scope="module")
def states() -> dict[str, canasta.GameState]:
    return {name: midgame(name) for name in PRESETS}


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def walk(el: ET.Element, stack: str | None = None) -> Iterator[tuple[ET.Element, str | None]]:
    """(element, nearest data-stack of it or an ancestor) for every element."""
    stack = el.get("data-stack", stack)
    yield el, stack
    for child in el:
        yield from walk(child, stack)


def rect_box(g: ET.Element) -> Box:
    rect = g.find(f"{NS}rect")
    assert rect is not None
    return tuple(float(rect.get(k, "0")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def cards_of(root: ET.Element) -> list[tuple[ET.Element, str | None, Box]]:
    return [(el, stack, rect_box(el)) for el, stack in walk(root) if "card" in classes(el)]


def faces(el: ET.Element) -> list[str]:
    """The notation of every face-up card inside ``el``, in document order."""
    return [g.get("data-card", "") for g in el.iter(f"{NS}g") if "face" in classes(g)]


def groups(root: ET.Element, cls: str, **data: object) -> list[ET.Element]:
    out = []
    for g in root.iter(f"{NS}g"):
        if cls in classes(g) and all(g.get(f"data-{k}") == str(v) for k, v in data.items()):
            out.append(g)
    return out


def overlap(a: Box, b: Box, eps: float = 0.01) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw > bx + eps and bx + bw > ax + eps and ay + ah > by + eps and by + bh > ay + eps


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


# ---------------------------------------------------------------------------- every preset
@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_draws_a_well_formed_picture(
    states: dict[str, canasta.GameState], name: str
) -> None:
    state = states[name]
    assert any(state.melds), "the sample game should have melds on the table"
    for obj in (state, canasta.observe(state, 1)):
        root = parse(render_svg(obj))
        assert root.get("width") == "960"
        _, _, vw, vh = (float(v) for v in root.get("viewBox", "").split())
        assert vw == 960 and vh > 300
        assert int(root.get("height", "0")) == round(vh)
        seats = {int(g.get("data-seat", "-1")) for g in groups(root, "seat")}
        assert seats == set(range(state.variant.players))
        assert len(groups(root, "side")) == len(state.sides)


@pytest.mark.parametrize("name", PRESETS)
def test_the_picture_shows_every_card_on_the_table(
    states: dict[str, canasta.GameState], name: str
) -> None:
    state = states[name]
    v = state.variant
    root = parse(render_svg(state, show_hands=True))
    for seat in range(v.players):
        hand = groups(root, "hand", seat=seat)
        if state.hands[seat]:
            (g,) = hand
            assert faces(g) == [str(c) for c in state.hands[seat]]
        else:
            assert hand == []
        reds = groups(root, "red-threes", seat=seat)
        assert [faces(g) for g in reds] == ([[str(c) for c in state.red_threes[seat]]] * len(reds))
        assert bool(reds) == bool(state.red_threes[seat])
    for side, melds in enumerate(state.melds):
        (panel,) = groups(root, "side", side=side)
        shown = groups(panel, "meld")
        assert [g.get("data-cards") for g in shown] == [str(m) for m in melds]
        for g, meld in zip(shown, melds, strict=True):
            assert g.get("data-rank") == rank_text(meld.cards[-1])
            texts = {t.text for t in g.iter(f"{NS}text")}
            if meld.is_canasta(v.canasta_size):
                kind = "natural" if meld.is_natural_canasta(v.canasta_size) else "mixed"
                assert kind in classes(g) and kind in texts
                (top,) = faces(g)
                top_card = canasta.Card.parse(top)
                assert top_card in meld.cards
                if not top_card.is_wild and any(
                    c.is_red == (kind == "natural") for c in meld.cards if not c.is_wild
                ):
                    assert top_card.is_red == (kind == "natural")
            else:
                assert collections.Counter(faces(g)) == collections.Counter(
                    str(c) for c in meld.cards
                )
                assert {rank_text(c) for c in meld.cards} <= texts
    (pile,) = groups(root, "pile")
    assert faces(pile) == ([str(state.top_card)] if state.top_card else [])
    sizes = {t.get("class"): t.text for t in root.iter(f"{NS}text") if t.get("class")}
    assert sizes["stock-size"] == str(len(state.stock))
    assert sizes["pile-size"] == str(len(state.discard_pile))


@pytest.mark.parametrize("name", PRESETS)
def test_a_view_hides_the_other_hands(states: dict[str, canasta.GameState], name: str) -> None:
    state = states[name]
    for seat in range(state.variant.players):
        view = canasta.observe(state, seat)
        root = parse(render_svg(view))
        for other in range(state.variant.players):
            hand = groups(root, "hand", seat=other)
            if not state.hands[other]:
                continue
            (g,) = hand
            if other == seat:
                assert "up" in classes(g)
                assert faces(g) == [str(c) for c in state.hands[seat]]
            else:
                assert "down" in classes(g) and faces(g) == []
                backs = [c for c in g.iter(f"{NS}g") if "back" in classes(c)]
                assert len(backs) == len(state.hands[other])
        # every face in the picture is one the viewer may see
        visible = collections.Counter(str(c) for c in state.hands[seat])
        for melds in state.melds:
            visible.update(str(c) for m in melds for c in m.cards)
        for reds in state.red_threes:
            visible.update(str(c) for c in reds)
        if state.top_card is not None:
            visible[str(state.top_card)] += 1
        shown = collections.Counter(faces(root))
        assert not shown - visible


@pytest.mark.parametrize("name", PRESETS)
def test_cards_of_different_stacks_never_overlap_and_stay_inside(
    states: dict[str, canasta.GameState], name: str
) -> None:
    state = states[name]
    n = state.variant.players
    pictures = [render_svg(state, show_hands=True, seat_at_bottom=n - 1)]
    pictures += [render_svg(canasta.observe(state, s)) for s in range(n)]
    for svg in pictures:
        root = parse(svg)
        _, _, vw, vh = (float(v) for v in root.get("viewBox", "").split())
        cards = cards_of(root)
        assert cards
        for _, stack, (x, y, w, h) in cards:
            assert stack is not None, "every card belongs to a stack"
            assert x >= 0 and y >= 0 and x + w <= vw and y + h <= vh
        for i, (_, s1, b1) in enumerate(cards):
            for _, s2, b2 in cards[i + 1 :]:
                if s1 != s2:
                    assert not overlap(b1, b2), (s1, b1, s2, b2)
        # panels do not overlap each other, and hold their cards
        panels = groups(root, "seat") + groups(root, "side")
        boxes = [rect_box(p) for p in panels]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not overlap(a, b)
        for panel, (px, py, pw, ph) in zip(panels, boxes, strict=True):
            for _, _, (x, y, w, h) in cards_of(panel):
                assert px <= x and x + w <= px + pw and py <= y and y + h <= py + ph


# ---------------------------------------------------------------------------- options
def test_by_default_only_the_bottom_hand_is_face_up(states: dict[str, canasta.GameState]) -> None:
    state = states["classic"]
    for bottom in range(4):
        root = parse(render_svg(state, seat_at_bottom=bottom))
        up = {int(g.get("data-seat", "-1")) for g in groups(root, "hand") if "up" in classes(g)}
        assert up == ({bottom} if state.hands[bottom] else set())
        seat_y = {int(g.get("data-seat", "-1")): rect_box(g)[1] for g in groups(root, "seat")}
        assert max(seat_y, key=lambda s: seat_y[s]) == bottom
    root = parse(render_svg(state, show_hands=False))
    assert all("down" in classes(g) for g in groups(root, "hand"))
    root = parse(render_svg(canasta.observe(state, 2), show_hands=False))
    assert all("down" in classes(g) for g in groups(root, "hand"))


def test_seats_sit_clockwise_around_the_table() -> None:
    state = canasta.new_game("six-player", seed=1)
    root = parse(render_svg(state, seat_at_bottom=2))
    centre = {}
    for g in groups(root, "seat"):
        x, y, w, h = rect_box(g)
        centre[int(g.get("data-seat", "-1"))] = (x + w / 2, y + h / 2)
    # clockwise from the bottom: lower left, upper left, top, upper right, lower right
    s = [(2 + k) % 6 for k in range(6)]
    assert centre[s[1]][0] < 480 and centre[s[2]][0] < 480
    assert centre[s[1]][1] > centre[s[2]][1] > centre[s[3]][1]
    assert centre[s[4]][0] > 480 and centre[s[5]][0] > 480
    assert centre[s[3]][1] < centre[s[4]][1] < centre[s[5]][1] < centre[s[0]][1]


def test_width_scales_the_picture() -> None:
    state = canasta.new_game("classic", seed=2)
    big = parse(render_svg(state, width=1920))
    small = parse(render_svg(state, width=480))
    assert big.get("viewBox") == small.get("viewBox")
    assert int(big.get("height", "0")) == pytest.approx(4 * int(small.get("height", "0")), abs=4)


def test_pile_marks_and_a_sitting_out_seat() -> None:
    frozen = canasta.parse_position(
        "canasta classic seed 1\nturn 0 draw\nhands KH KS / 7D / 4C / 9S\npile 7D 2C 5H"
    )
    root = parse(render_svg(frozen))
    assert groups(root, "frozen") and not groups(root, "blocked")
    blocked = canasta.parse_position(
        "canasta classic seed 1\nturn 0 draw\nhands KH KS / 7D / 4C / 9S\npile 7D 3S"
    )
    root = parse(render_svg(blocked))
    assert groups(root, "blocked") and not groups(root, "frozen")
    assert faces(groups(root, "pile")[0]) == ["3S"]
    five = canasta.new_game("five-player", seed=1)
    (out,) = [s for s in range(5) if s not in five.order]
    root = parse(render_svg(five, seat_at_bottom=out))
    (panel,) = groups(root, "seat", seat=out)
    assert groups(panel, "sits-out")
    assert "sits out this hand" in {t.text for t in panel.iter(f"{NS}text")}


def test_jokers_are_marked_and_red_suits_red() -> None:
    state = canasta.parse_position(
        "canasta classic seed 1\nturn 0 draw\nhands JK KH KS TD 3C / 7D / 4C / 9S\npile 5D"
    )
    root = parse(render_svg(state))
    (hand,) = groups(root, "hand", seat=0)
    cards = {g.get("data-card"): g for g in hand.iter(f"{NS}g") if "face" in classes(g)}
    texts = {c: [t.text for t in g.iter(f"{NS}text")] for c, g in cards.items()}
    assert "JK" in texts["JK"] and "★" in texts["JK"] and "JOKER" in texts["JK"]
    assert texts["TD"][:2] == ["10", "♦"] and texts["KS"][:2] == ["K", "♠"]

    def fill(card: str) -> str:
        rank = next(t for t in cards[card].iter(f"{NS}text") if t.get("class") == "rank")
        return rank.get("fill", "")

    assert fill("KH") == fill("TD") != fill("KS") == fill("3C") != fill("JK")


def test_bad_arguments_are_refused() -> None:
    state = canasta.new_game("classic", seed=1)
    view = canasta.observe(state, 0)
    with pytest.raises(TypeError, match="GameState or a PlayerView"):
        render_svg("classic")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat_at_bottom"):
        render_svg(state, seat_at_bottom="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat_at_bottom"):
        render_svg(state, seat_at_bottom=True)
    with pytest.raises(ValueError, match="from 0 to 3, not 4"):
        render_svg(state, seat_at_bottom=4)
    with pytest.raises(ValueError, match="from 0 to 3, not -1"):
        render_svg(view, seat_at_bottom=-1)
    with pytest.raises(TypeError, match="width"):
        render_svg(state, width=960.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="width"):
        render_svg(state, width=10)
    with pytest.raises(TypeError, match="show_hands"):
        render_svg(state, show_hands="all")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="show_hands=True"):
        render_svg(view, show_hands=True)


def test_jupyter_shows_states_and_views() -> None:
    state = canasta.new_game("two-player", seed=4)
    assert state._repr_svg_() == render_svg(state)
    view = canasta.observe(state, 1)
    assert view._repr_svg_() == render_svg(view)


def test_text_is_escaped() -> None:
    state = canasta.new_game("classic", seed=1)
    variant = canasta.get_variant("classic")
    import attrs

    odd = attrs.evolve(state, variant=attrs.evolve(variant, name="a<b>&'c\""))
    root = parse(render_svg(odd))
    assert any("a<b>&'c\"" in (t.text or "") for t in root.iter(f"{NS}text"))


# ---------------------------------------------------------------------------- the command
@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    state = canasta.new_game("classic", seed=5)
    actions = []
    bot = GreedyPlayer()
    for _ in range(30):
        seat = state.current_seat
        assert seat is not None
        action = bot.choose(canasta.observe(state, seat))
        actions.append(action)
        state = canasta.apply(state, action)
    from canasta.records import record_of

    record = record_of(actions, canasta.new_game("classic", seed=5))
    path = tmp_path_factory.mktemp("render") / "game.json"
    path.write_text(record.to_json(indent=1), encoding="utf-8")
    return path


def test_render_a_position_file(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = midgame("german", 40)
    pos = tmp_path / "pos.txt"
    pos.write_text(canasta.format_position(state), encoding="utf-8")
    out = tmp_path / "out.svg"
    assert main(["render", str(pos), "--svg", str(out), "--seat", "2"]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: german, hand 1, position")
    assert out.read_text(encoding="utf-8").strip() == render_svg(state, seat_at_bottom=2)
    assert main(["render", str(pos), "--svg", str(out), "--seat", "1", "--view"]) == 0
    assert out.read_text(encoding="utf-8").strip() == render_svg(canasta.observe(state, 1))
    capsys.readouterr()
    js = tmp_path / "pos.json"
    js.write_text(canasta.to_json(state), encoding="utf-8")
    assert main(["render", str(js), "--svg", "-", "--width", "480"]) == 0
    assert capsys.readouterr().out.strip() == render_svg(state, width=480)


def test_render_a_record_after_n_moves(
    record_file: pathlib.Path, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = canasta.GameRecord.from_json(record_file.read_text(encoding="utf-8"))
    out = tmp_path / "out.svg"
    for move in (0, 12, None):
        argv = ["render", str(record_file), "--svg", str(out)]
        if move is not None:
            argv += ["--move", str(move)]
        assert main(argv) == 0
        n = len(record.actions) if move is None else move
        assert f"after {n} of {len(record.actions)} actions" in capsys.readouterr().out
        state = record.start()
        for action in record.actions[:n]:
            state = canasta.apply(state, action)
        assert out.read_text(encoding="utf-8").strip() == render_svg(state)
    text = tmp_path / "game.txt"
    text.write_text(record.dumps(), encoding="utf-8")
    assert main(["render", str(text), "--svg", str(out), "--move", "5"]) == 0


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        (None, [], "cannot read"),
        (b"\xff\xfe\x00garbage", [], "cannot read"),
        (b"", [], "the file is empty"),
        (b"hello world", [], "cannot read it as a position"),
        (b"{not json", [], "cannot read it as JSON"),
        (b"[Variant nope]", [], "cannot read it as a game record"),
        (b'{"format_version": 1, "type": "cards", "cards": ["KH"]}', [], "holds a Cards"),
        ("record", ["--move", "-1"], "--move must be 0 or more, not -1"),
        ("record", ["--move", "31"], "--move 31: the record has only 30 actions"),
        ("position", ["--move", "3"], "--move applies to a game record"),
        ("position", ["--seat", "4"], "--seat must be from 0 to 3, not 4"),
    ],
)
def test_render_refuses_bad_input_with_one_line(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    record_file: pathlib.Path,
    content: bytes | str | None,
    argv: list[str],
    message: str,
) -> None:
    path = tmp_path / "input"
    if content == "record":
        path = record_file
    elif content == "position":
        path.write_text(canasta.format_position(canasta.new_game(seed=1)), encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    out = tmp_path / "out.svg"
    assert main(["render", str(path), "--svg", str(out), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("canasta: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()


def test_render_cannot_write(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    pos = tmp_path / "pos.txt"
    pos.write_text(canasta.format_position(canasta.new_game(seed=1)), encoding="utf-8")
    assert main(["render", str(pos), "--svg", str(tmp_path / "no" / "such" / "dir.svg")]) == 2
    assert capsys.readouterr().err.startswith("canasta: error: cannot write")


# ---------------------------------------------------------------------------- a real browser
@pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason=f"{CHROMIUM} is not installed (apt-get install chromium)"
)
def test_chromium_draws_the_picture(tmp_path: pathlib.Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "svg_png.py"),
            str(tmp_path),
            "--variants",
            "classic",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    png = tmp_path / "classic.png"
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 10_000
    width = int.from_bytes(data[16:20], "big")
    height = int.from_bytes(data[20:24], "big")
    assert width == 960 and height > 400


@pytest.mark.parametrize("width", ["0", "50", "20001", "wide"])
def test_render_refuses_a_width_out_of_range_in_one_line(
    width: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from canasta.cli import main

    with pytest.raises(SystemExit) as info:
        main(["render", "nofile", "--svg", "-", "--width", width])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--width" in err and "Traceback" not in err
    if width != "wide":
        assert "from 120 to 20000 pixels" in err
