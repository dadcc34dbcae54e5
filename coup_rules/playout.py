"""Fast playouts: a game played to its end for Monte-Carlo search, on the engine's own rules.

``playout(state, rng)`` plays random moves until the game is over (a winner, or the house rule's
turn limit, R-TURN-8) and returns the final state. It runs the very code ``apply`` runs
(``coup_rules.engine.apply_unchecked``), on the engine's compact positions: no ``GameState`` is
built for the positions in between, no move is checked (each is drawn from the legal moves), and
no public object (seats, events) is built unless something reads it. Its final state, log
included, is exactly the one an ``apply`` loop making the same random choices reaches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from coup_rules.engine import apply, apply_unchecked, legal_moves, to_act
from coup_rules.moves import Move
from coup_rules.rules.legal import legal_for
from coup_rules.state import GameState

if TYPE_CHECKING:  # a program that never plays out need not import random
    import random

__all__ = ["Policy", "playout", "uniform_policy"]

Policy: TypeAlias = Callable[[GameState, "random.Random"], Move]
"""Picks the next move of a game that is not over: a legal move of any seat in ``to_act``."""


def uniform_policy(state: GameState, rng: random.Random) -> Move:
    """The uniform random policy: ``rng.choice(to_act(state))``, then ``rng.choice`` of that
    seat's ``legal_moves`` (two draws from ``rng``, in this order, at every decision)."""
    seat = rng.choice(to_act(state))
    return rng.choice(legal_moves(state, seat))


def playout(state: GameState, rng: random.Random, policy: Policy | None = None) -> GameState:
    """The final state of the game played on from ``state`` until it is over.

    Args:
        state: where to start (a finished game is returned as it is).
        rng: every random choice of the playout.
        policy: picks each move; ``None`` is ``uniform_policy``, run without building any
            intermediate state (the fast path). A policy is handed each intermediate state as a
            ``GameState`` whose public objects are built only if it reads them; its moves are
            checked as ``apply`` checks them.

    Returns:
        The final state: equal, log included, to the one that
        ``while not s.is_over: s = apply(s, policy(s, rng))`` reaches with the same ``rng``.

    A game without ``Config.max_turns`` ends with probability 1 under random play, but no turn
    limit bounds it; set ``max_turns`` to bound every playout.

    Raises:
        IllegalMoveError: the policy picked a move that is not legal.
        TypeError: ``state`` is not a ``GameState``.
    """
    if type(state) is not GameState:
        raise TypeError(f"playout() takes a GameState first, not {type(state).__name__}")
    if policy is not None:
        while not state.is_over:
            state = apply(state, policy(state, rng))
        return state
    core = state.core
    pending = core.pending
    if pending is None:
        return state
    choice = rng.choice
    while pending is not None:
        core = apply_unchecked(core, choice(legal_for(core, choice(pending.waiting))))
        pending = core.pending
    return GameState.of(core)
