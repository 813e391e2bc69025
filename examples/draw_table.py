"""Draw the table of a game in progress as an SVG picture, as a front-end would show it.

Plays a seeded Classic hand at random until a side has melded, then writes the table twice:
the whole table seen from seat 0, and what seat 1 may see (its own view). Run it with an
output folder, or it writes to a temporary one and prints where.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import canasta
from canasta.svg import render_svg


def main(folder: Path) -> list[Path]:
    rng = random.Random(5)
    state = canasta.new_game("classic", seed=5)
    while not any(state.melds) and not state.is_hand_over:
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
    table = folder / "table.svg"
    table.write_text(render_svg(state, seat_at_bottom=0, width=800), encoding="utf-8")
    view = folder / "seat1-view.svg"
    view.write_text(render_svg(canasta.observe(state, 1), width=800), encoding="utf-8")
    return [table, view]


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="canasta-"))
    for path in main(out):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
