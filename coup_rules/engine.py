"""The engine's three entry points: ``legal_moves``, ``to_act`` and ``apply``."""

from __future__ import annotations

from typing import assert_never

from coup_rules.errors import IllegalMoveError
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Convert,
    Coup,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GiveBack,
    Income,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
    Steal,
    Tax,
)
from coup_rules.rules import choices, responses
from coup_rules.rules.explain import explain
from coup_rules.rules.flow import declare
from coup_rules.rules.legal import legal_for
from coup_rules.rules.table import Table
from coup_rules.state import GameState

__all__ = ["apply", "legal_moves", "to_act"]


def legal_moves(state: GameState, player: int) -> tuple[Move, ...]:
    """Every move ``player`` may make now, in the documented order.

    Empty when that player has nothing to decide or the game is over.

    Raises:
        ValueError: ``player`` is not a seat of this game.
    """
    cache = state._legal
    if cache is not None:
        moves = cache.get(player)
        if moves is not None and type(player) is int:
            return moves
    n = state.config.players
    if type(player) is not int or not 0 <= player < n:
        raise ValueError(f"player must be a seat from 0 to {n - 1}, not {player!r}")
    return _legal(state, player)


def _legal(state: GameState, seat: int) -> tuple[Move, ...]:
    """``legal_for``, computed once per state and seat (states are immutable)."""
    cache = state._legal
    if cache is None:
        moves = legal_for(state, seat)
        object.__setattr__(state, "_legal", {seat: moves})
        return moves
    found = cache.get(seat)
    if found is None:
        found = cache[seat] = legal_for(state, seat)
    return found


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that have at least one legal move now, ascending (public information only)."""
    return () if state.pending is None else state.pending.waiting


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` itself is untouched.

    Raises:
        IllegalMoveError: ``move`` is not in ``legal_moves(state, move.player)``; its ``reason``
            and ``rule`` say why.
    """
    canonical = _canonical(state, move)
    if canonical is None:
        reason, rule = explain(state, move)
        raise IllegalMoveError(move, reason, rule)
    table = Table(state)
    _play(table, canonical)
    return table.freeze()


def _canonical(state: GameState, move: Move) -> Move | None:
    """The legal move equal to ``move`` (so the stored move has exact types), or ``None``."""
    pending = state.pending
    player = getattr(move, "player", None)
    if pending is None or type(player) is not int or player not in pending.waiting:
        return None
    legal = _legal(state, player)
    for candidate in legal:
        if candidate is move:
            return candidate
    for candidate in legal:
        if type(candidate) is type(move) and candidate == move:
            return candidate
    return None


def _play(t: Table, move: Move) -> None:
    match move:
        case Challenge():
            responses.on_challenge(t, move)
        case Allow():
            responses.on_allow(t, move)
        case Concede():
            responses.on_concede(t, move)
        case LoseInfluence():
            choices.on_lose_influence(t, move)
        case Block():
            responses.on_block(t, move)
        case Prove():
            responses.on_prove(t, move)
        case (
            Income()
            | ForeignAid()
            | Coup()
            | Tax()
            | Assassinate()
            | Steal()
            | Exchange()
            | Examine()
            | Convert()
            | Embezzle()
        ):
            declare(t, move)
        case Keep():
            choices.on_keep(t, move)
        case Show():
            choices.on_show(t, move)
        case GiveBack():
            choices.on_give_back(t, move)
        case ForceExchange():
            choices.on_force_exchange(t, move)
        case Draft():
            choices.on_draft(t, move)
        case ChooseAllegiance():
            choices.on_choose_allegiance(t, move)
        case _:
            assert_never(move)
