"""Sphinx configuration for the canasta documentation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

project = "canasta"
author = "the canasta developers"
copyright = "2026, the canasta developers"
release = "0.1.0"
version = "0.1"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build"]

autodoc_typehints = "description"
nitpicky = False

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_title = "canasta"
