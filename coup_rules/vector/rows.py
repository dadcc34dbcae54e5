"""What a blank row holds and how its random counter is written: plain Python, no numba.

The numba kernel compiles these very functions (``kernel.record_blank``, ``kernel.seed_fields``)
and ``convert`` calls them as they are, so the row can be read and written (and the JAX form,
``coup_rules.jax``, can use the same layout) with NumPy alone.
"""

from __future__ import annotations

from typing import Any

from coup_rules.vector.fields import MAXP, S_DRAFTED, S_RLAST, S_SEEN, SEAT_FIELDS, SEATS

__all__ = ["record_blank", "seed_fields"]


def record_blank(s: Any) -> None:
    """A seat's record before anything happened: no last claim, no draft, nothing seen."""
    for seat in range(MAXP):
        at = SEATS + seat * SEAT_FIELDS
        s[at + S_RLAST] = -1
        s[at + S_DRAFTED] = -1
        for q in range(MAXP):
            s[at + S_SEEN + q] = -1


def seed_fields(seed: int) -> tuple[int, int]:
    """The ``RNG_LO`` and ``RNG_HI`` fields (int32, two's complement) of a 64-bit seed."""
    seed &= 0xFFFF_FFFF_FFFF_FFFF
    lo, hi = seed & 0xFFFF_FFFF, seed >> 32
    return lo - (1 << 32) if lo >= 1 << 31 else lo, hi - (1 << 32) if hi >= 1 << 31 else hi
