"""Count the lines of a package that hold code: not blank, not comments, not docstrings.

    python tools/loc.py src/canasta

Prints one row per file (code lines, raw lines, path), largest first, then the totals.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

_LAYOUT = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}
_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def count(path: Path) -> tuple[int, int]:
    """The code lines and the raw lines of one file."""
    src = path.read_text()
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, _DOCUMENTED) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type not in _LAYOUT:
            code.update(n for n in range(tok.start[0], tok.end[0] + 1) if n not in docstrings)
    return len(code), src.count("\n")


def main(argv: list[str]) -> int:
    rows = [(*count(p), str(p)) for p in sorted(Path(argv[0]).rglob("*.py"))]
    for code, raw, name in sorted(rows, reverse=True):
        print(f"{code:6d} {raw:6d} {name}")
    print(f"{sum(r[0] for r in rows):6d} {sum(r[1] for r in rows):6d} total")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or ["src/canasta"]))
