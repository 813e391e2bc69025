"""Doctest collection of the package: modules of an optional extra that is not installed are
not imported (the core install has no numpy, PettingZoo or OpenSpiel)."""

from __future__ import annotations

import importlib.util

#: Module files (relative to the repository) and the import each one needs.
_EXTRAS = {"src/canasta/pettingzoo.py": "pettingzoo", "src/canasta/openspiel.py": "pyspiel"}

collect_ignore = [
    path for path, needs in _EXTRAS.items() if importlib.util.find_spec(needs) is None
]
