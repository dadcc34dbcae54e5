"""One game's row as separate scalars while a step is traced, so that every write is a select.

``state.row`` is the vector engine's ``int32[fields]`` (``coup_rules.vector.fields``). Written in
place field by field under ``jax.vmap``, that array is copied whole by XLA at almost every write
(a write at a seat or a card known only at run time is a scatter into ``[games, fields]``); so a
step first splits the row (``Row.of``): one scalar per field of the position and the record,
written by selecting between the old and the new value of each field a write may reach (a
write at a traced seat reaches one field per seat), and the knowledge (``KNOW`` on) as one
``int32[n, n + 1, NCH]`` array, written whole by one select; the row is put together once at
the end (``Row.array``). Under ``vmap`` the step is then a graph of elementwise operations,
with no copy of the row.

The object is mutated while a function is traced (``put`` and the others write into it and
return it); the traced function as a whole stays pure, as JAX requires.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jax.numpy as jnp
from jax import Array

from coup_rules.vector import fields as f

__all__ = ["Row"]

Int = Any  # a Python int or a traced int32 scalar
Bool = Any  # a Python bool or a traced bool scalar


def _is_static(x: object) -> bool:
    return isinstance(x, int)


class Row:
    """The fields of one row, each a scalar, with guarded writes (``on``: the branch is taken)."""

    __slots__ = ("k", "n", "v")

    def __init__(self, values: list[Array], known: Array, players: int) -> None:
        self.v = values
        self.k = known
        self.n = players

    @classmethod
    def of(cls, row: Array, players: int) -> Row:
        """The fields before ``KNOW`` as scalars, the knowledge as ``int32[n, n + 1, NCH]``
        (viewer, place, rank: written whole, by ``know``)."""
        known = row[f.KNOW :].reshape(players, players + 1, f.NCH)
        return cls([row[i] for i in range(f.KNOW)], known, players)

    def array(self) -> Array:
        head = jnp.stack([jnp.asarray(x, jnp.int32) for x in self.v])
        return jnp.concatenate([head, self.k.reshape(-1).astype(jnp.int32)])

    # --- fields at static places -----------------------------------------------------------------

    def __getitem__(self, i: int) -> Array:
        return self.v[i]

    def run(self, start: int, size: int) -> Array:
        return jnp.stack([jnp.asarray(x, jnp.int32) for x in self.v[start : start + size]])

    def put(self, i: int, value: Int, on: Bool) -> Row:
        """``row[i] = value`` where ``on``."""
        self.v[i] = jnp.where(on, value, self.v[i]).astype(jnp.int32)
        return self

    def add(self, i: int, value: Int, on: Bool) -> Row:
        return self.put(i, self.v[i] + value, on)

    def put_run(self, start: int, values: Array, on: Bool) -> Row:
        for r in range(values.shape[0]):
            self.put(start + r, values[r], on)
        return self

    # --- a field among several, chosen at run time -----------------------------------------------

    def pick(self, places: Sequence[int], which: Int) -> Array:
        """The field at ``places[which]``."""
        if _is_static(which):
            return self.v[places[which]]
        return jnp.stack([jnp.asarray(self.v[p], jnp.int32) for p in places])[which]

    def put_at(self, places: Sequence[int], which: Int, value: Int, on: Bool) -> Row:
        """The field at ``places[which]`` set to ``value`` where ``on``."""
        if _is_static(which):
            return self.put(places[which], value, on)
        for q, p in enumerate(places):
            self.put(p, value, on & (which == q))
        return self

    def add_at(self, places: Sequence[int], which: Int, value: Int, on: Bool) -> Row:
        if _is_static(which):
            return self.add(places[which], value, on)
        for q, p in enumerate(places):
            self.put(p, self.v[p] + value, on & (which == q))
        return self

    # --- the places of the layout ----------------------------------------------------------------

    def seats(self, name: int) -> list[int]:
        """The field ``name`` of each seat of the game."""
        return [f.SEATS + q * f.SEAT_FIELDS + name for q in range(self.n)]

    def seat(self, seat: Int, name: int) -> Array:
        return self.pick(self.seats(name), seat)

    def put_seat(self, seat: Int, name: int, value: Int, on: Bool) -> Row:
        return self.put_at(self.seats(name), seat, value, on)

    def add_seat(self, seat: Int, name: int, value: Int, on: Bool) -> Row:
        return self.add_at(self.seats(name), seat, value, on)

    def counts(self, places: Sequence[int], which: Int) -> Array:
        """Counts per rank (``NCH`` fields from each of ``places``), of ``places[which]``."""
        if _is_static(which):
            return self.run(places[which], f.NCH)
        table = jnp.stack([self.run(p, f.NCH) for p in places])
        return table[which]

    def put_counts(self, places: Sequence[int], which: Int, counts: Array, on: Bool) -> Row:
        if _is_static(which):
            return self.put_run(places[which], counts, on)
        for q, p in enumerate(places):
            self.put_run(p, counts, on & (which == q))
        return self

    def hands(self) -> list[int]:
        return self.seats(f.S_HAND)

    def hand(self, seat: Int) -> Array:
        return self.counts(self.hands(), seat)

    def put_hand(self, seat: Int, hand: Array, on: Bool) -> Row:
        return self.put_counts(self.hands(), seat, hand, on)

    def add_card(self, seat: Int, rank: Int, delta: Int, on: Bool) -> Row:
        """``delta`` more cards of ``rank`` in ``seat``'s hand (both may be traced)."""
        for q, p in enumerate(self.hands()):
            if _is_static(seat) and seat != q:
                continue
            here = on if _is_static(seat) else on & (seat == q)
            self.add_at([p + r for r in range(f.NCH)], rank, delta, here)
        return self

    # --- knowledge: every viewer's known counts of every place at once ------------------------

    def known(self, viewer: Int, place: Int) -> Array:
        """What ``viewer`` knows of ``place`` (a seat's hand, or the Court: place ``n``)."""
        return self.k[viewer, place]

    def know(self, viewers: Array, place: Int, change: Any, on: Bool) -> Row:
        """What each of ``viewers`` (``bool[n]``) knows of ``place`` becomes ``change(known)``
        (counts per rank), where ``on``."""
        places = jnp.arange(self.n + 1) == place
        where = on & viewers[:, None, None] & places[None, :, None]
        self.k = jnp.where(where, change(self.k), self.k).astype(jnp.int32)
        return self
