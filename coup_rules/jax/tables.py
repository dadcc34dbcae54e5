"""The static side of the JAX rules: one configuration's tables, and the arms the rules have.

``Tables`` is built once per ``Layout`` and read while tracing, so a variant's rules are chosen
then and cost nothing at run time; every rule function takes it as its first argument ``t``.

Unknown moves and decisions: a masked dispatcher cannot raise while it runs, and one without an
arm for a move kind or a decision would do nothing for it, silently. Both are known before
anything is traced (the move table of ``fields.MOVE_KIND`` and the decisions of
``fields.PHASE_OF`` are static), so ``Tables`` refuses to be built, with ``NotImplementedError``
naming them, when either holds one that ``RULED_KINDS`` or ``RULED_PHASES`` (the arms written in
``moves.apply``, ``resolve.resolve`` and ``legal.legal_mask``) lacks: an extension's new move or
decision fails at ``Env(config)``, not many moves later.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.constants import EXCHANGE_DRAWS, INQUISITOR_EXCHANGE_DRAWS
from coup_rules.jax.row import Int, Row
from coup_rules.vector import fields as f
from coup_rules.vector.layout import Layout, fields_of

__all__ = ["RULED_KINDS", "RULED_PHASES", "Tables", "unruled"]

RULED_KINDS: frozenset[int] = frozenset(
    {
        *(f.A_INCOME, f.A_FOREIGN_AID, f.A_COUP, f.A_TAX, f.A_ASSASSINATE, f.A_STEAL),
        *(f.A_EXCHANGE, f.A_EXAMINE, f.A_CONVERT, f.A_EMBEZZLE),  # resolve.resolve
        *(f.M_CHALLENGE, f.M_BLOCK, f.M_ALLOW, f.M_PROVE, f.M_CONCEDE, f.M_LOSE, f.M_KEEP),
        *(f.M_SHOW, f.M_GIVE_BACK, f.M_FORCE, f.M_DRAFT, f.M_CHOOSE),  # moves.apply
    }
)
"""The move kinds (``fields.MOVE_KIND``) that ``moves.apply`` and ``resolve.resolve`` play."""
RULED_PHASES: frozenset[int] = frozenset(
    {
        *(f.D_ALLEGIANCE, f.D_DRAFT, f.D_ACTION, f.D_CHALLENGE_ACTION, f.D_COUNTER),
        *(f.D_CHALLENGE_BLOCK, f.D_ANSWER_ACTION, f.D_ANSWER_BLOCK, f.D_LOSE, f.D_KEEP),
        *(f.D_SHOW, f.D_INQUISITOR),
    }
)
"""The decisions (``fields.PHASE_OF``) that ``legal.legal_mask`` offers moves in."""


def unruled() -> list[str]:
    """What the engine's tables hold that these rules have no arm for: move classes and
    decisions, by name (empty when every one is ruled)."""
    kinds = {kind: cls.__name__ for cls, kind in f.MOVE_KIND.items()}
    phases = {phase: str(getattr(d, "name", d)) for d, phase in f.PHASE_OF.items()}
    return [
        *(f"the move {kinds[k]}" for k in sorted(set(kinds) - RULED_KINDS)),
        *(f"the decision {phases[p]}" for p in sorted(set(phases) - RULED_PHASES)),
    ]


class Tables:
    """One configuration's tables (static: built once per ``Layout``)."""

    def __init__(self, layout: Layout) -> None:
        missing = unruled()
        if missing:
            raise NotImplementedError(
                f"coup_rules.jax has no rule for {', '.join(missing)}: add its arm to "
                "coup_rules/jax (moves.apply or resolve.resolve for a move, "
                "legal.legal_mask for a decision) and to RULED_KINDS or RULED_PHASES "
                "in coup_rules/jax/tables.py"
            )
        self.layout = layout
        P = layout.P
        self.P = P
        self.n = int(P[f.P_PLAYERS])
        self.track = bool(P[f.P_TRACK])
        self.fields = fields_of(self.n)
        self.chars = [r for r in range(f.NCH) if (int(P[f.P_CHARS]) >> r) & 1]
        self.Pj = jnp.asarray(P, jnp.int32)
        self.MVj = jnp.asarray(layout.MV, jnp.int32)
        self.IX = [int(i) for i in layout.IX]
        self.exchange_draws = INQUISITOR_EXCHANGE_DRAWS if P[f.P_INQUISITOR] else EXCHANGE_DRAWS

    def row(self, row: Array) -> Row:
        """The row, split into its fields (see ``coup_rules.jax.row``)."""
        return Row.of(row, self.n)

    def p(self, slot: int, action: Int) -> Array:
        """What the action table says of ``action`` (``P[slot + action]``)."""
        return self.Pj[slot + action]

    def in_game(self, action: int) -> bool:
        """Whether ``action`` is one of this configuration's."""
        return self.IX[f.I_ACT + action] >= 0
