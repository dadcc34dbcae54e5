"""Every compiled dispatcher ends in an explicit error (issue 40).

The kernel's ``legal``, ``apply``, ``resolve`` and ``go_on``, the compiled bots and the search's
policy each branch on a number (a phase, a move kind, an action, a stage, a bot kind). A number
with no arm, as a half-carried extension leaves, must stop the game with a message naming the
dispatcher, never fall through to the last arm (the allegiance choice, ``ChooseAllegiance``, a
random answer).
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

import numpy as np

from coup_rules import Config
from coup_rules.vector import bots as vb
from coup_rules.vector import fields as f
from coup_rules.vector import kernel as k
from coup_rules.vector import search
from coup_rules.vector.layout import fields_of, layout_of
from coup_rules.vector.opponents import VALUES

CONFIG = Config(players=3)
LAYOUT = layout_of(CONFIG)
UNKNOWN = 10_000
"""A phase, kind, action or stage that no arm answers."""


def _row() -> np.ndarray:
    """A freshly dealt game of ``CONFIG``."""
    row = np.zeros(fields_of(CONFIG.players), np.int32)
    k.seed_row(row, 7)
    k.reset_row(row, LAYOUT.P)
    return row


def _moves(row: np.ndarray) -> tuple[np.ndarray, int]:
    moves = np.empty(f.MAX_MOVES, np.int64)
    seat = int(row[f.ACTIVE])
    return moves, k.legal(row, LAYOUT.P, LAYOUT.IX, seat, moves)


def _unknown_phase(row: np.ndarray) -> np.ndarray:
    row[f.PHASE] = UNKNOWN
    return row


def test_legal_refuses_a_phase_with_no_arm() -> None:
    row = _unknown_phase(_row())
    out = np.empty(f.MAX_MOVES, np.int64)
    with pytest.raises(ValueError, match=r"kernel\.legal"):
        k.legal(row, LAYOUT.P, LAYOUT.IX, int(row[f.ACTIVE]), out)


def test_apply_refuses_a_move_kind_with_no_arm() -> None:
    row = _row()
    table = LAYOUT.MV.copy()
    table[0, 0] = UNKNOWN
    with pytest.raises(ValueError, match=r"kernel\.apply"):
        k.apply(row, LAYOUT.P, table, int(row[f.ACTIVE]), 0)


def test_resolve_refuses_an_action_with_no_arm() -> None:
    row = _row()
    row[f.ACTION] = UNKNOWN
    with pytest.raises(ValueError, match=r"kernel\.resolve"):
        k.resolve(row, LAYOUT.P)


def test_the_turn_refuses_a_stage_with_no_arm() -> None:
    with pytest.raises(ValueError, match=r"kernel\.go_on"):
        k.go_on(_row(), LAYOUT.P, UNKNOWN)


@pytest.mark.parametrize("bot", [vb.BOT_HONEST, vb.BOT_COUNTING])
def test_the_compiled_bots_refuse_a_phase_with_no_arm(bot: int) -> None:
    row = _row()
    moves, n = _moves(row)
    par = np.zeros(vb.NPARAMS)
    seat = int(row[f.ACTIVE])
    _unknown_phase(row)
    with pytest.raises(ValueError, match="common_move"):
        vb.bot_move(row, LAYOUT.P, LAYOUT.IX, LAYOUT.MV, VALUES, bot, par, seat, moves, n)


def test_the_compiled_bots_refuse_a_bot_kind_with_no_arm() -> None:
    row = _row()
    moves, n = _moves(row)
    par = np.zeros(vb.NPARAMS)
    seat = int(row[f.ACTIVE])
    with pytest.raises(ValueError, match="bot_move"):
        vb.bot_move(row, LAYOUT.P, LAYOUT.IX, LAYOUT.MV, VALUES, UNKNOWN, par, seat, moves, n)


def test_the_search_policy_refuses_a_phase_with_no_arm() -> None:
    row = _row()
    moves, n = _moves(row)
    seat = int(row[f.ACTIVE])
    _unknown_phase(row)
    with pytest.raises(ValueError, match=r"search\.plausible"):
        search.plausible(row, LAYOUT.P, LAYOUT.MV, VALUES, seat, moves, n, 0.0, 0.0)
