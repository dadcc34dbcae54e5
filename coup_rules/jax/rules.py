"""The rules of Coup as pure JAX functions over one game's row (the layout of ``vector.fields``).

This is the numba kernel (``coup_rules.vector.kernel``) written again without control flow:
where the kernel branches, every branch here is computed and its writes are guarded by a
boolean (``on``), so that ``jax.vmap`` runs thousands of games in lock-step and ``jax.jit``
compiles one straight program. The functions follow the kernel's, name for name and statement
for statement (the rule ids cited are the formal spec's, ``docs/spec/``); the engine is the
reference, and ``tests/test_jax_differential.py`` plays this form move for move against it.

The rules live in small modules by family, each a set of pure functions ``fn(t, s, ...)`` of the
configuration's static tables ``t`` (``tables.Tables``) and the row ``s``:

- ``bits``: masks and counts per rank; ``seats``: the living seats, sides, who is asked;
- ``knowledge``: what the players know and the bots' record (observation only);
- ``cards``: coins from the Treasury, cards drawn from and returned to the Court;
- ``influence``: a card turned up, a player out, the game won;
- ``turn``: a turn declared, its counter window, resolved, ended; ``resolve``: each action's
  effect; ``challenges``: allow, block, prove, concede; ``inquisitor``: Examine;
- ``legal``: the legal moves; ``moves``: one move played; ``deal``: a new game and its setup.

``Rules`` is those functions bound to one configuration, for ``Env`` and ``observe``.

The row, its numbering and the configuration's tables are the vector engine's (``fields``,
``layout_of``): one description of the layout, read by both compiled forms, so that
``coup_rules.vector.convert`` turns a row of either into a ``GameState`` and back.

Conventions: ``s`` is the row, split into one scalar per field while a step is traced
(``coup_rules.jax.row.Row``), ``on`` a boolean scalar (the branch is taken), a seat, rank or
action may be a traced integer; the configuration (``Tables``) is static, so a variant's rules
are chosen while tracing and cost nothing at run time. Chance: each step receives ``MAXDRAWS``
random 32-bit words, and the ``i``-th card drawn in the step is Court index
``(word[i] * court_size) >> 32`` (the vector kernel's multiply-shift), kept in the row's
``DRAWS`` for the differential test to replay in the engine. A row whose ``PHASE`` is no
decision of ``RULED_PHASES`` (written by hand) offers no legal move, so every action on it is
``illegal_action``.
"""

from __future__ import annotations

from jax import Array

from coup_rules.jax import deal, legal, moves, seats
from coup_rules.jax.bits import below, bit
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.tables import RULED_KINDS, RULED_PHASES, Tables, unruled

__all__ = ["RULED_KINDS", "RULED_PHASES", "Rules", "below", "bit", "unruled"]


class Rules(Tables):
    """The rules of one configuration over its rows (static: built once per ``Layout``)."""

    def asked_first(self, s: Row) -> Array:
        """The seat asked first among the waiting ones, -1 once the game is over."""
        return seats.asked_first(self, s)

    def legal_mask(self, s: Row, seat: Int) -> Array:
        """The move indices ``seat`` may play, as a mask over ``MoveCodec``."""
        return legal.legal_mask(self, s, seat)

    def apply(self, s: Row, player: Int, index: Int, words: Array, on: Bool) -> Row:
        """Play move ``index`` of ``player`` where ``on`` (a legal move)."""
        return moves.apply(self, s, player, index, words, on)

    def deal(self, key: Array) -> Array:
        """A new game's row, dealt at random from ``key`` (R-SETUP-1 to R-SETUP-8)."""
        return deal.deal(self, key)
