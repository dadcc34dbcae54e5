"""Bit masks and counts per rank, as traced integers: the small arithmetic every rule uses."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

from coup_rules.jax.row import Int
from coup_rules.vector import fields as f

__all__ = ["RANKS", "below", "bit", "first_rank", "lowest", "onehot", "popcount"]

RANKS = np.arange(f.NCH)
"""The ranks, ``0 .. NCH - 1``."""


def bit(mask: Int, i: Int) -> Array:
    """Whether seat (or rank) ``i`` is in the bit mask."""
    return ((jnp.asarray(mask) >> i) & 1) == 1


def onehot(rank: Int) -> Array:
    """Counts per rank of one card of ``rank`` (none for -1)."""
    return (jnp.asarray(RANKS) == rank).astype(jnp.int32)


def popcount(x: Int) -> Array:
    """How many seats (or ranks) the bit mask holds."""
    return jax.lax.population_count(jnp.asarray(x, jnp.int32))


def lowest(x: Int) -> Array:
    """The lowest seat in a non-empty mask."""
    x = jnp.asarray(x, jnp.int32)
    return jax.lax.population_count((x & -x) - 1)


def first_rank(counts: Array) -> Array:
    """The lowest rank held (``counts`` not all zero)."""
    return jnp.argmax(counts > 0).astype(jnp.int32)


def below(word: Array, n: Array) -> Array:
    """``(word * n) >> 32`` for a 32-bit ``word`` and ``0 <= n < 2**16``, without 64-bit
    integers: a uniform index in ``range(n)`` (the vector kernel's ``rand_below``)."""
    w = word.astype(jnp.uint32)
    m = jnp.asarray(n, jnp.uint32)
    high = (w >> 16) * m + (((w & 0xFFFF) * m) >> 16)
    return (high >> 16).astype(jnp.int32)
