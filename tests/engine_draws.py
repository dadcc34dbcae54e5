"""The engine's card draws made to be given ones, on the pure and the compiled build alike.

The engine draws a card from the Court with ``pick(keyed(seed), draws, n)`` (R-INFO-5): the
index of the ``draws``-th draw is fixed by the state's seed. To make a move draw given indices
(the vector kernel's, whose stream is another), nothing is patched, since the compiled build's
classes cannot be: the move is applied once to learn the size of the Court at each draw (from
the events it logs), then applied again from the same state with a seed under which those draws
are the given indices (``seed_for``, a search over seeds). The seed is in no view and in no
position the checks compare, so neither the bots nor the comparison can tell.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from coup_rules import GameState, apply
from coup_rules.events import CardsDrawn, CardsReturned, Proved
from coup_rules.moves import Move
from coup_rules.rng import keyed, pick

__all__ = ["DrawMismatch", "apply_drawing", "draw_sizes", "seed_for"]


class DrawMismatch(AssertionError):
    """The engine drew other cards, or another number of them, than it was given."""


def draw_sizes(before: GameState, after: GameState) -> list[int]:
    """The size of the Court at each card the engine drew from ``before`` to ``after`` (one
    move), read from the events it logged: a proof returns the cards shown before drawing
    their replacements (R-CHAL-3), a return adds to the Court, a draw takes from it."""
    if after.draws == before.draws:
        return []
    court = len(before.court)
    sizes: list[int] = []
    log = after.log
    for event in (log[i] for i in range(len(before.log), len(log))):
        if isinstance(event, Proved):
            court += len(event.cards)
        elif isinstance(event, CardsReturned):
            court += event.count
        elif isinstance(event, CardsDrawn):
            sizes += [court - j for j in range(event.count)]
            court -= event.count
    if court != len(after.court) or len(sizes) != after.draws - before.draws:
        raise DrawMismatch(f"the events do not account for the Court: {list(log)[-6:]!r}")
    return sizes


def seed_for(draws: int, sizes: Sequence[int], wanted: Sequence[int]) -> int:
    """A seed under which the engine's draws number ``draws``, ``draws + 1``, ... from Courts
    of ``sizes`` are the indices ``wanted``."""
    for j, (n, i) in enumerate(zip(sizes, wanted, strict=True)):
        if not 0 <= i < n:
            raise DrawMismatch(f"draw {j}: index {i} from a Court of {n}")
    for seed in itertools.count():
        hasher = keyed(seed)
        if all(
            pick(hasher, draws + j, n) == i
            for j, (n, i) in enumerate(zip(sizes, wanted, strict=True))
        ):
            return seed
    raise AssertionError("unreachable")


def apply_drawing(state: GameState, move: Move, indices: Sequence[int]) -> GameState:
    """``apply(state, move)`` whose card draws take the Court ``indices`` given, in order.

    Raises:
        DrawMismatch: the move draws another number of cards than ``indices`` holds.
    """
    trial = apply(state, move)
    sizes = draw_sizes(state, trial)
    if len(sizes) != len(indices):
        raise DrawMismatch(f"the engine drew {len(sizes)} cards where {len(indices)} were given")
    if not sizes:
        return trial
    return apply(state.replace(seed=seed_for(state.draws, sizes, indices)), move)
