"""Packaging: everything is in pyproject.toml; this file only adds the optional compiled engine.

With PRESIDENTE_MYPYC=1 (and mypy, which brings mypyc, and a C compiler), the modules below are compiled to C
extension modules by mypyc from the same Python source: `PRESIDENTE_MYPYC=1 pip install --no-build-isolation .`
makes a wheel with them, `make compiled` builds them into build/compiled (docs/envs.md). Without the variable,
`pip install` gets the pure-Python engine, as it always has.
"""

from __future__ import annotations

import os

from setuptools import setup

# The rules engine's hot path: `State` and its `TrickMixin` as native classes (attributes in C struct fields), and
# cards; and the search's playout, whose `Table` is a native subclass of `TrickMixin` (`TrickMixin` still allows
# interpreted subclasses). Left out: actions.py (mypyc builds `Give` and `Take`, dataclasses that set a class
# variable, wrong). docs/envs.md ("The compiled build") says what this gives.
COMPILED_MODULES = [
    "presidente/cards.py",
    "presidente/president/trick.py",
    "presidente/president/state.py",
    "presidente/bots/playout.py",
    "presidente/bots/determinize.py",
    "presidente/bots/ismcts.py",
]

if os.environ.get("PRESIDENTE_MYPYC") == "1":
    from mypyc.build import mypycify

    # PRESIDENTE_MYPYC_OPT: the C compiler's optimization level (3 by default; the tests build at 0, faster).
    setup(ext_modules=mypycify(COMPILED_MODULES, opt_level=os.environ.get("PRESIDENTE_MYPYC_OPT", "3")))
else:
    setup()
