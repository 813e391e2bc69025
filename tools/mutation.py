"""Mutation testing of the rules modules with mutmut 3: generate, sample, run, score.

The modules mutated, the tests run and how (``-m "not slow"``, ``--benchmark-disable``, a fresh
process per mutant) are set in ``pyproject.toml`` under ``[tool.mutmut]``; ``tests/conftest.py``
keeps the property tests short and deterministic under mutation. This script:

1. generates every mutant (mutmut writes the mutated copy under ``mutants/``) and lists their
   names, sorted;
2. draws a uniform random sample of ``--sample`` names with ``random.Random(--seed)`` (all of
   them with ``--sample 0``);
3. runs ``mutmut run --max-children N NAME...`` on them at low priority (the first run also
   runs the whole suite once to learn which tests call each mutated function; later runs reuse
   that and only add new tests);
4. prints the score (killed / run, with its 95 % Wilson interval for a sample) and the mutants
   that were not killed, by module and function, and writes them as JSON with ``--json``.

A mutant counts as killed when a test failed, stopped with an error or ran out of time; any
other outcome (every test passed, or no test calls the function) counts against the score.
See docs/testing.rst, "Mutation testing". Usage (from the repository root)::

    python tools/mutation.py --sample 200 --seed 16
    python tools/mutation.py --sample 200 --seed 16 --json qa/mutation-survivors.json
    python tools/mutation.py --list            # the mutants' names, one a line
    python tools/mutation.py --show NAME       # the diff of one mutant

It needs the ``mutation`` extra (``pip install -e '.[mutation]'``); ``mutmut`` must be on
``PATH`` or next to the Python running this script.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: mutmut's exit codes of a mutant's test run that count as a kill
KILLED = {"killed", "timeout", "segfault"}


def _mutmut() -> str:
    here = Path(sys.executable).parent / "mutmut"
    found = str(here) if here.exists() else shutil.which("mutmut")
    if found is None:
        sys.exit("mutmut not found: pip install -e '.[mutation]'")
    return found


def generate() -> list[str]:
    """Write the mutated modules under ``mutants/`` and return every mutant's name, sorted.

    Uses mutmut's own generation step (the first stage of ``mutmut run``), without running any
    test. Mutants of a module are regenerated when its source changes.
    """
    os.chdir(ROOT)
    try:
        from mutmut import __main__ as mm
        from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir
    except ImportError as exc:  # pragma: no cover - depends on the installed mutmut
        sys.exit(f"mutmut 3 is needed ({exc}): pip install -e '.[mutation]'")
    Path("mutants").mkdir(exist_ok=True)
    with contextlib.redirect_stdout(sys.stderr):
        copy_src_dir()
        copy_also_copy_files()
        mm.create_mutants(1)
    return sorted(results())


def results() -> dict[str, str]:
    """Every generated mutant's name and its status as mutmut last recorded it."""
    from mutmut.configuration import config
    from mutmut.stats import status_by_exit_code

    out: dict[str, str] = {}
    for pattern in config().only_mutate:
        for source in sorted(ROOT.glob(pattern)):
            meta = ROOT / "mutants" / (str(source.relative_to(ROOT)) + ".meta")
            if not meta.exists():
                continue
            codes = json.loads(meta.read_text())["exit_code_by_key"]
            for name, code in codes.items():
                out[name] = status_by_exit_code[code]
    return out


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``k / n`` (``n > 0``)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(names: list[str], children: int, nice: int) -> None:
    """``mutmut run`` on ``names``, at ``nice`` priority."""
    cmd = ["nice", "-n", str(nice), _mutmut(), "run", "--max-children", str(children), *names]
    print(f"running {len(names)} mutants: nice -n {nice} mutmut run --max-children {children} ...")
    sys.stdout.flush()
    subprocess.run(cmd, cwd=ROOT, check=False)


def report(names: list[str], total: int, seed: int | None, out: Path | None) -> float:
    """Print the score of ``names`` (drawn from ``total`` mutants) and those not killed."""
    status = results()
    got = Counter(status[n] for n in names)
    unchecked = [n for n in names if status[n] == "not checked"]
    run_names = [n for n in names if status[n] != "not checked"]
    killed = sum(1 for n in run_names if status[n] in KILLED)
    survivors = sorted(n for n in run_names if status[n] not in KILLED)
    n = len(run_names)
    print()
    drawn = f" (seed {seed})" if seed is not None else ""
    print(f"mutants: {total}; sampled: {len(names)}{drawn}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(got.items())))
    if unchecked:
        print(f"not run yet: {len(unchecked)}")
    if n == 0:
        return 0.0
    score = killed / n
    line = f"score: {killed}/{n} killed = {100 * score:.1f} %"
    if n < total:
        low, high = wilson(killed, n)
        line += f" (95 % interval {100 * low:.1f}-{100 * high:.1f} %)"
    print(line)
    by_function = Counter(s.partition("__mutmut_")[0] for s in survivors)
    print(f"not killed ({len(survivors)}):")
    for name in survivors:
        print(f"  {name}: {status[name]}")
    print("by function: " + ", ".join(f"{f} {c}" for f, c in by_function.most_common()))
    if out is not None:
        out.write_text(
            json.dumps(
                {
                    "mutants": total,
                    "sampled": len(names),
                    "seed": seed,
                    "run": n,
                    "killed": killed,
                    "score": round(score, 4),
                    "outcomes": dict(sorted(got.items())),
                    "not_killed": {s: status[s] for s in survivors},
                },
                indent=1,
            )
            + "\n"
        )
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--sample", type=int, default=200, help="mutants drawn (0: all)")
    parser.add_argument("--seed", type=int, default=16, help="seed of the draw")
    parser.add_argument("--max-children", type=int, default=1, help="mutants run at once")
    parser.add_argument("--nice", type=int, default=10, help="priority of the run")
    parser.add_argument(
        "--survivors-only",
        action="store_true",
        help="rerun only the sampled mutants not killed last time (after adding tests)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="run only the sampled mutants not run yet (after an interrupted run)",
    )
    parser.add_argument("--no-run", action="store_true", help="score the last run only")
    parser.add_argument("--json", type=Path, help="write the score and survivors here")
    parser.add_argument("--list", action="store_true", help="print every mutant's name")
    parser.add_argument("--show", metavar="NAME", help="print one mutant's diff")
    args = parser.parse_args(argv)

    if args.show:
        os.chdir(ROOT)
        return subprocess.run([_mutmut(), "show", args.show], check=False).returncode
    names = generate()
    if args.list:
        print("\n".join(names))
        return 0
    total = len(names)
    sample = names
    if 0 < args.sample < total:
        sample = sorted(random.Random(args.seed).sample(names, args.sample))
    if not args.no_run:
        todo = sample
        status = results()
        if args.survivors_only:
            todo = [n for n in sample if status[n] not in KILLED]
        elif args.resume:
            todo = [n for n in sample if status[n] == "not checked"]
        if todo:
            run(todo, args.max_children, args.nice)
    seed = args.seed if len(sample) < total else None
    report(sample, total, seed, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
