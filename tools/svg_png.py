"""Render one mid-game picture per preset to SVG, then to PNG with headless Chromium.

Usage: ``python tools/svg_png.py [OUTDIR] [--actions N] [--seed S] [--all-hands] [--width W]
[--variants A,B] [--prefix P]``

For each preset of :func:`canasta.variant_names`, plays a seeded game of greedy bots for N
actions (default 90), writes ``OUTDIR/<P><preset>.svg`` and ``OUTDIR/<P><preset>.png`` (default
OUTDIR: ``svg-pictures``). The pictures of the docs are made with
``python tools/svg_png.py docs/_static --variants classic --seed 20 --actions 50 --prefix table-``.
Needs ``/usr/bin/chromium`` (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import canasta
from canasta.bots import GreedyPlayer
from canasta.svg import render_svg

CHROMIUM = "/usr/bin/chromium"


def midgame(name: str, actions: int = 90, seed: int = 11) -> canasta.GameState:
    """A state ``actions`` actions into a seeded game of greedy bots (stops at a hand's end)."""
    state = canasta.new_game(name, seed=seed)
    bot = GreedyPlayer()
    for _ in range(actions):
        seat = state.current_seat
        if seat is None:
            break
        state = canasta.apply(state, bot.choose(canasta.observe(state, seat)))
    return state


def svg_to_png(svg_path: pathlib.Path, png_path: pathlib.Path, chromium: str = CHROMIUM) -> None:
    """Screenshot ``svg_path`` at its own size into ``png_path`` with headless Chromium.

    Raises:
        RuntimeError: Chromium failed or wrote no picture.
    """
    text = svg_path.read_text(encoding="utf-8")
    m = re.search(r'<svg[^>]* width="(\d+)" height="(\d+)"', text)
    if m is None:
        raise RuntimeError(f"{svg_path}: no width and height on the <svg> element")
    w, h = int(m.group(1)), int(m.group(2))
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--user-data-dir={tmp}/profile",
            f"--screenshot={png_path.resolve()}",
            f"--window-size={w},{h}",
            str(svg_path.resolve()),
        ]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0 or not png_path.exists():
        raise RuntimeError(f"chromium failed ({done.returncode}): {done.stderr[-500:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", default="svg-pictures")
    parser.add_argument("--actions", type=int, default=90)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--all-hands", action="store_true", help="draw every hand face up")
    parser.add_argument("--width", type=int, default=960)
    parser.add_argument("--variants", default=",".join(canasta.variant_names()))
    parser.add_argument("--prefix", default="", help="put before each file name")
    args = parser.parse_args(argv)
    if shutil.which(CHROMIUM) is None:
        print(f"svg_png: {CHROMIUM} not found", file=sys.stderr)
        return 1
    out = pathlib.Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    for name in args.variants.split(","):
        state = midgame(name, args.actions, args.seed)
        svg = render_svg(state, width=args.width, show_hands=True if args.all_hands else None)
        svg_path = out / f"{args.prefix}{name}.svg"
        svg_path.write_text(svg, encoding="utf-8")
        png_path = out / f"{args.prefix}{name}.png"
        svg_to_png(svg_path, png_path)
        print(f"{png_path}: {png_path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
