"""Coup for accelerators (the optional extra ``coup-rules[jax]``): pure, jittable rules.

``Env(config)`` gives ``init(key)``, ``step(state, action, key)`` and ``observe(state, seat)``,
pure functions of one game over a ``State`` of arrays (``current_player``, ``observation``,
``legal_action_mask``, ``rewards``, ``terminated``, ``truncated``), to ``jax.vmap`` over
thousands of games and ``jax.jit`` with a policy and a learner, the pgx way. Every rule and
variant of the vector engine is here (2 to 10 players, the 2-player draft, the Inquisitor, the
Reformation, a finite Treasury, the turn limit), over the vector engine's row layout
(``coup_rules.vector.fields``) and the same action and observation numbering (``MoveCodec``,
``ObservationEncoder``); ``Env.to_state`` and ``Env.from_state`` turn a game into the engine's
``GameState`` and back, and ``tests/test_jax_differential.py`` holds it equal to the engine.
``autoreset(env, state, stock)`` deals a batch's finished games again in place, from a
``Stock`` of games dealt ahead (``stock(env, key, size)``).
"""

from __future__ import annotations

from coup_rules.jax.autoreset import Stock, autoreset, stock
from coup_rules.jax.env import Env, State

__all__ = ["Env", "State", "Stock", "autoreset", "stock"]
