"""How long to wait before trying the database again: exponential, capped and jittered.

``Backoff.delay`` is pure: its chance comes from the ``random.Random`` the caller passes (a
game's own, seeded from its id), never from the global generator, so that the games waiting on
one outage do not all knock at the same instant, and a test can replay the waits.

``Outage`` follows one stretch of failures of the database, so that the log says what failed
once, when it begins, and once more when the database answers again, not once per request.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable

import attrs

__all__ = ["Backoff", "Outage"]

log = logging.getLogger("coup_rules.web")


@attrs.frozen
class Backoff:
    """Waits that double from ``first`` up to ``cap`` seconds, half of each drawn at random.

    Attributes:
        first: the wait after the first failure (its upper bound; at least half of it).
        cap: the longest wait, however many failures in a row.
    """

    first: float = 0.1
    cap: float = 4.0

    def step(self, attempt: int) -> float:
        """The bound of the wait after ``attempt`` failures in a row before this one (0, 1,
        ...): ``first * 2**attempt``, at most ``cap``."""
        return min(self.cap, self.first * 2.0 ** min(attempt, 60))

    def delay(self, attempt: int, rng: random.Random) -> float:
        """Seconds to wait after failure number ``attempt`` (from 0): from half the step to the
        whole of it ("equal jitter"), so a wait is never close to nothing."""
        step = self.step(attempt)
        return step / 2 + rng.uniform(0.0, step / 2)


class Outage:
    """Whether the database is failing now, since when, and what it said first.

    ``failed`` and ``answered`` are called for every call to the database; only the first
    failure of an outage and the first answer after it are logged.

    Args:
        backoff: gives ``retry_after``, the wait a client is told.
        clock: seconds (``time.monotonic``).
    """

    def __init__(
        self, backoff: Backoff | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.backoff = backoff or Backoff()
        self.clock = clock
        self.since: float | None = None
        self.reason = ""
        self.failures = 0
        self.writes = False  # whether a write failed: then only a write ends the outage

    @property
    def down(self) -> bool:
        """Whether the last call to the database failed."""
        return self.since is not None

    def failed(self, error: BaseException, writes: bool = False) -> None:
        """A call failed with ``error`` (``writes``: a call that writes): the first of an
        outage is logged, with what failed."""
        self.failures += 1
        self.writes = self.writes or writes
        if self.since is None:
            self.since = self.clock()
            self.reason = f"{type(error).__name__}: {error}".strip()
            log.error(
                "the database does not answer (%s); games wait and retry, requests get 503 "
                "until it answers again",
                self.reason,
            )

    def answered(self, writes: bool = False) -> None:
        """A call succeeded (``writes``: one that writes): an outage under way ends, and that
        is logged once. A read does not end an outage of writes (an SQLite file that became
        read-only still answers reads)."""
        if self.since is None or (self.writes and not writes):
            return
        lasted = self.clock() - self.since
        log.warning(
            "the database answers again after %.1f s (%d calls failed meanwhile); games go on",
            lasted,
            self.failures,
        )
        self.since, self.reason, self.failures, self.writes = None, "", 0, False

    def retry_after(self) -> int:
        """Whole seconds a client should wait before asking again (at least 1)."""
        return max(1, math.ceil(self.backoff.step(self.failures)))
