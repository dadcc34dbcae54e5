"""Observation vectors and action masks as NumPy arrays, for the learning environments.

The PettingZoo and Gymnasium adapters (and only they: this module imports NumPy) hand out a
fresh ``float32`` vector and ``int8`` mask at every step. ``ArrayObserver`` makes them without
converting a Python list each time:

- the vector is a copy of the ``GameObserver``'s own float32 array for the seat, read through a
  NumPy view of it (``numpy.frombuffer``: no conversion, one ``memcpy``);
- the mask of a tuple of legal moves is built once and copied after that, and so is the map
  from an action's index to the engine's own move object (which ``apply`` finds by identity at
  once, where it compares a move made by ``MoveCodec.decode`` field by field). ``legal_moves``
  returns the same tuple object for the same moves of a seat (shared or memoised by the engine),
  so they are remembered by that tuple's identity. The tuple is kept beside its mask, so its
  identity cannot be reused by another tuple while it is remembered; the memo is bounded
  (``MASK_MEMO``: full, it starts again empty), since the engine's own memo is bounded too and
  some tuples (the cards to keep after an Exchange) are built anew in every position.

Each array handed out is the caller's own: changing it changes nothing here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from coup_rules.ai.encoding import MoveCodec
from coup_rules.ai.observing import GameObserver
from coup_rules.engine import legal_moves
from coup_rules.moves import Move
from coup_rules.state import GameState

__all__ = ["MASK_MEMO", "ArrayObserver"]

_Legal = tuple[tuple[Move, ...], Any, dict[int, Move]]
"""A tuple of legal moves, its mask, and its moves by index."""

MASK_MEMO = 4096
"""The most masks an ``ArrayObserver`` remembers (a 4-player game needs a few dozen)."""


class ArrayObserver:
    """One game's observation vectors and action masks as NumPy arrays (see the module).

    Args:
        observer: the game's observer (``reset()`` it before another game, as usual).
        codec: the move table of the game's configuration.
    """

    __slots__ = ("_last", "_masks", "_no_moves", "_views", "codec", "observer")

    def __init__(self, observer: GameObserver, codec: MoveCodec) -> None:
        self.observer = observer
        self.codec = codec
        self._views: dict[int | None, tuple[object, Any]] = {}
        self._masks: dict[int, _Legal] = {}
        self._no_moves = np.zeros(codec.size, dtype=np.int8)
        self._last: tuple[GameState, int, _Legal] | None = None  # the mask's, for the move

    def vector(self, state: GameState, seat: int | None) -> Any:
        """``observer.vector(state, seat)`` as a new ``float32`` array."""
        live = self.observer.update(state, seat)
        known = self._views.get(seat)
        if known is None or known[0] is not live:  # a new game: the observer's new array
            known = self._views[seat] = (live, np.frombuffer(live, dtype=np.float32))
        return known[1].copy()

    def _legal(self, state: GameState, seat: int) -> _Legal:
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        moves = legal_moves(state, seat)
        known = self._masks.get(id(moves))
        if known is None or known[0] is not moves:
            indices = self.codec.indices(moves)
            mask = np.zeros(self.codec.size, dtype=np.int8)
            mask[indices] = 1
            if len(self._masks) >= MASK_MEMO:
                self._masks.clear()
            known = self._masks[id(moves)] = (moves, mask, dict(zip(indices, moves, strict=True)))
        self._last = (state, seat, known)
        return known

    def mask(self, state: GameState, seat: int) -> Any:
        """The ``int8`` mask of ``seat``'s legal moves in ``state`` (ones at their indices)."""
        return self._legal(state, seat)[1].copy()

    def move(self, state: GameState, seat: int, index: int) -> Move:
        """The move of ``index`` for ``seat``: the engine's own object when it is legal in
        ``state``, else ``codec.decode(index, seat)`` (which ``apply`` refuses, saying why).

        Raises:
            ValueError: ``index`` is not in the move table.
        """
        move = self._legal(state, seat)[2].get(index)
        return move if move is not None else self.codec.decode(index, seat)

    def no_moves(self) -> Any:
        """An ``int8`` mask of zeros (a seat not asked, or a game over)."""
        return self._no_moves.copy()
