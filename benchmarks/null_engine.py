"""A "null engine": the API shape of coup_rules with almost no rules behind it.

It exists only to measure the floor of the random self-play loop: what a decision costs in pure
Python when an engine has the same shape as coup_rules — an immutable state object holding a
tuple of immutable players; ``to_act(state)`` returning a stored tuple; ``legal_moves(state,
seat)`` checking the seat and returning a tuple of move objects built once (the state points to
it); ``apply(state, move)`` checking the move and building a new state — but no claims, no
windows, no cards and no log. The loop makes the same calls on it as on coup_rules.

The game: seats take turns; the seat whose turn it is takes Income (+1 coin) or, with 7 coins or
more, may Coup the next living seat (7 coins, one of its 2 lives); with 10 coins or more it must
Coup. The last seat alive wins. Every tuple of moves is built once, at import.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Coup", "Income", "NullMove", "NullState", "apply", "legal_moves", "new_game", "to_act"]

MAX_SEATS = 10


class Income(NamedTuple):
    player: int


class Coup(NamedTuple):
    player: int


NullMove = Income | Coup


class Player(NamedTuple):
    seat: int
    coins: int
    lives: int


class NullState(NamedTuple):
    players: tuple[Player, ...]
    active: int
    waiting: tuple[int, ...]
    legal: tuple[NullMove, ...]  # the moves of the seat being waited on, a shared tuple
    turn: int
    winner: int | None


_INCOME = tuple(Income(seat) for seat in range(MAX_SEATS))
_COUP = tuple(Coup(seat) for seat in range(MAX_SEATS))
# Per seat, the moves with fewer than 7 coins, with 7 to 9, with 10 (_BAND[coins]; a seat never
# starts a turn with more than 10, since 10 forces the Coup).
_MOVES: tuple[tuple[tuple[NullMove, ...], ...], ...] = tuple(
    ((_INCOME[s],), (_INCOME[s], _COUP[s]), (_COUP[s],)) for s in range(MAX_SEATS)
)
_BAND = (0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2)
_WAITING = tuple((seat,) for seat in range(MAX_SEATS))
_NONE: tuple[NullMove, ...] = ()
# Records are built with tuple.__new__ itself: the cheapest immutable object pure Python can make
# (a NamedTuple's own __new__ adds a Python-level call).
_new = tuple.__new__


def new_game(players: int) -> NullState:
    """A new game: every seat with 2 coins and 2 lives, seat 0 to play."""
    if not 2 <= players <= MAX_SEATS:
        raise ValueError(f"players must be 2 to {MAX_SEATS}, not {players!r}")
    seats = tuple(Player(seat, 2, 2) for seat in range(players))
    return NullState(seats, 0, _WAITING[0], _MOVES[0][_BAND[2]], 1, None)


def to_act(state: NullState) -> tuple[int, ...]:
    """The seats being waited on."""
    return state.waiting


def legal_moves(state: NullState, seat: int) -> tuple[NullMove, ...]:
    """The moves ``seat`` may make now (a shared tuple, never built here)."""
    if type(seat) is not int or not 0 <= seat < len(state.players):
        raise ValueError(f"not a seat: {seat!r}")
    return state.legal if seat == state.active else _NONE


def apply(state: NullState, move: NullMove) -> NullState:
    """The state after ``move``, which must be one of ``legal_moves(state, move.player)``."""
    seat = move.player
    if seat != state.active or move not in state.legal:
        raise ValueError(f"illegal move: {move!r}")
    players = state.players
    me = players[seat]
    n = len(players)
    if type(move) is Income:
        new = _new(Player, (seat, me.coins + 1, me.lives))
        players = (*players[:seat], new, *players[seat + 1 :])
    else:
        victim = (seat + 1) % n
        while players[victim].lives == 0:
            victim = (victim + 1) % n
        hit = players[victim]
        listed = list(players)
        listed[seat] = _new(Player, (seat, me.coins - 7, me.lives))
        listed[victim] = _new(Player, (victim, hit.coins if hit.lives > 1 else 0, hit.lives - 1))
        players = tuple(listed)
        if sum(1 for p in players if p.lives) == 1:
            return _new(NullState, (players, seat, (), _NONE, state.turn, seat))
    following = (seat + 1) % n
    while players[following].lives == 0:
        following = (following + 1) % n
    legal = _MOVES[following][_BAND[players[following].coins]]
    return _new(NullState, (players, following, _WAITING[following], legal, state.turn + 1, None))
