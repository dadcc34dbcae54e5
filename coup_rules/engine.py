"""The engine's three entry points: ``legal_moves``, ``to_act`` and ``apply``.

They check their arguments as the API promises, then hand over to ``rules.step``.
"""

from __future__ import annotations

from coup_rules.errors import IllegalMoveError
from coup_rules.integers import as_seat
from coup_rules.moves import Move
from coup_rules.rules.explain import explain
from coup_rules.rules.legal import legal_for
from coup_rules.rules.step import legal_of, next_core, play
from coup_rules.state import Core, GameState

__all__ = ["apply", "apply_unchecked", "legal_moves", "to_act"]


def _not_a_state(state: object, function: str) -> TypeError:
    return TypeError(f"{function}() takes a GameState first, not {type(state).__name__}")


def legal_moves(state: GameState, player: int) -> tuple[Move, ...]:
    """Every move ``player`` may make now, in the documented order.

    Empty when that player has nothing to decide or the game is over. ``player`` may be any
    integer (``numpy.int64`` too: ``coup_rules.integers``).

    Raises:
        ValueError: ``player`` is not a seat of this game; ``NotAnIntegerError`` (a
            ``ValueError`` and a ``TypeError``) when it is no integer at all (``True``, ``1.0``).
        TypeError: ``state`` is not a ``GameState``.
    """
    if type(state) is GameState and type(player) is int:  # the common case, checked inline
        cache = state._legal
        moves = cache.get(player)
        if moves is not None:
            return moves
        core = state.core
        if 0 <= player < core.config.players:  # a seat: what as_seat would return
            moves = cache[player] = legal_for(core, player)  # legal_of, one call fewer
            return moves
    if type(state) is not GameState:
        raise _not_a_state(state, "legal_moves")
    return legal_of(state, as_seat(player, "player", state.core.config.players))


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that have at least one legal move now, ascending (public information only).

    Raises:
        TypeError: ``state`` is not a ``GameState``.
    """
    try:
        pending = state.core.pending
    except AttributeError:
        raise _not_a_state(state, "to_act") from None
    return () if pending is None else pending.waiting


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` itself is untouched.

    Raises:
        IllegalMoveError: ``move`` is not in ``legal_moves(state, move.player)``; its ``reason``
            and ``rule`` say why.
        TypeError: ``state`` is not a ``GameState``.
    """
    if type(state) is not GameState:
        raise _not_a_state(state, "apply")
    after = play(state, move)
    if after is None:
        reason, rule = explain(state, move)
        raise IllegalMoveError(move, reason, rule)
    return after


def apply_unchecked(core: Core, move: Move) -> Core:
    """The position after ``move``, which must be one of ``legal_for(core, move.player)``.

    Not checked: for search code that draws its moves from ``legal_for`` (``apply`` is this, after
    the check). A move that is not legal there corrupts the position.
    """
    pending = core.pending
    assert pending is not None  # a legal move exists, so the game goes on
    return next_core(core, pending, move)
