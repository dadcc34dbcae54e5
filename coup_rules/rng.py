"""The game's source of chance: a keyed, counter-based generator (R-INFO-5).

Draw number ``n`` of a game is computed from the seed and ``n`` alone, so a state needs to carry
only the seed and a counter, one seed and one move sequence always give the same game in any
process, and nothing depends on Python's hash randomization or a global ``random``.

Algorithm (changing it is a breaking change): the seed, an integer in ``[0, 2**256)``, is written
as 32 big-endian bytes and used as the key of BLAKE2b with a 64-bit digest. To pick uniformly from
``n`` items at counter ``c``, hash the ASCII text ``"c:k"`` for ``k = 0, 1, 2, ...`` and read each
digest as a big-endian integer ``x``; the first ``x`` below ``2**64 - (2**64 % n)`` gives
``x % n`` (rejection sampling, so no item is favoured). Every pick advances the counter by one.
"""

from __future__ import annotations

import hashlib
import os

__all__ = ["MAX_SEED", "fresh_seed", "keyed", "pick", "seed_key"]

MAX_SEED = 2**256
_SPAN = 2**64


def fresh_seed() -> int:
    """A new unguessable 128-bit seed from the operating system."""
    return int.from_bytes(os.urandom(16))  # what secrets.randbits(128) reads, without its import


def seed_key(seed: int) -> bytes:
    """The BLAKE2b key for ``seed``."""
    return seed.to_bytes(32, "big")


def keyed(seed: int) -> hashlib.blake2b:
    """BLAKE2b keyed with ``seed``, nothing hashed yet: ``pick`` copies it for each digest.

    Copying it skips compressing the key block again, which is half the cost of a digest.
    """
    return hashlib.blake2b(key=seed_key(seed), digest_size=8)


def pick(hasher: hashlib.blake2b, counter: int, n: int) -> int:
    """An unbiased index in ``range(n)`` for draw number ``counter`` (``hasher`` from ``keyed``)."""
    if n == 1:
        return 0
    limit = _SPAN - (_SPAN % n)
    k = 0
    while True:
        h = hasher.copy()
        h.update(f"{counter}:{k}".encode())
        x = int.from_bytes(h.digest(), "big")
        if x < limit:
            return x % n
        k += 1
