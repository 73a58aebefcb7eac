"""`mypyc_attr`, mypyc's class options, for the engine's compiled build (setup.py, `make compiled`, docs/envs.md).

mypyc reads the options from the type checker's view of this name (mypy_extensions' decorator); when the engine
runs, compiled or not, it is this module's no-op, so the engine imports nothing outside the standard library. This
module is never compiled itself: mypyc would treat the `else` branch below as unreachable code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*args: object, **kwargs: object) -> Callable[[type], type]:
        return lambda cls: cls
