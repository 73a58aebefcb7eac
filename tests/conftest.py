"""Hypothesis profiles for the whole suite.

`ci` (the default, what `make test` runs): derandomized, no example database, so a fresh clone draws exactly the
examples every other clone draws and a run is green or red for everyone alike (hypothesis' advice for CI). An example
that ever failed is kept as an explicit `@example` beside its test, so it runs every time in every profile.

`fuzz` (`make fuzz`, `HYPOTHESIS_PROFILE=fuzz`): random examples from the seed pytest is given
(`--hypothesis-seed=N`, which `tests/fuzz.py` prints with every run so a finding replays), a local example
database, and the examples' blobs printed for `@reproduce_failure`.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Under load (two workers, a browser, servers) a generated example can be slow: never a failure in itself.
_TOLERANT = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("ci", derandomize=True, database=None, deadline=None, suppress_health_check=_TOLERANT)
settings.register_profile("fuzz", derandomize=False, deadline=None, print_blob=True, suppress_health_check=_TOLERANT)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
