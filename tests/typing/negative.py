"""Misuses of the public API that ``mypy --strict`` must reject: never run, only type-checked.

Each line ending in ``# E: <code>`` must get exactly that mypy error code (one or more errors,
all with that code), and no other line may get an error (``tests/test_typing.py``). A line
that stops failing means the public API's types got looser.
"""

from __future__ import annotations

from coup_rules import (
    ActionMove,
    Allegiance,
    Block,
    Challenge,
    Character,
    ChooseAllegiance,
    Config,
    Coup,
    Draft,
    GameState,
    IllegalMoveError,
    Income,
    Keep,
    LoseInfluence,
    Move,
    PlayerView,
    apply,
    describe_event,
    format_move,
    from_json,
    legal_moves,
    new_game,
    parse_move,
    to_act,
    view,
)


def moves_are_typed(state: GameState) -> None:
    """A move is one of the move classes, built with its own fields."""
    apply(state, "income")  # E: arg-type
    apply(state, Income)  # E: arg-type
    apply(Income(0), state)  # E: arg-type
    format_move("p0 income")  # E: arg-type
    Coup(0)  # E: call-arg
    Coup(0, 1, 2)  # E: call-arg
    Income(player=0, target=1)  # E: call-arg
    Keep(0, "duke")  # E: arg-type
    Keep(0, (Character.DUKE,), 3)  # E: call-arg
    Keep(0, [Character.DUKE, "duke"])  # E: list-item
    Block(1, "captain")  # E: arg-type
    Draft(0, 3)  # E: arg-type
    LoseInfluence(0, Allegiance.LOYALIST)  # E: arg-type
    ChooseAllegiance(0, Character.DUKE)  # E: arg-type
    _action: ActionMove = Challenge(0)  # E: assignment
    _text: str = format_move(Income(0)).player  # E: attr-defined


def only_some_moves_have_a_target(move: Move) -> None:
    """``Move`` is a union: a field of some moves must be narrowed to first."""
    _ = move.target  # E: union-attr
    _ = parse_move("p0 coup p1").target  # E: union-attr


def entry_points_take_seats_and_states(state: GameState) -> None:
    """Seats are ints, configs are Configs, and the seed is keyword-only."""
    legal_moves(state, "0")  # E: arg-type
    legal_moves(state)  # E: call-arg
    view(state, "0")  # E: arg-type
    new_game(4)  # E: arg-type
    new_game(Config(), 3)  # E: call-arg
    new_game(Config(), seed="1")  # E: arg-type
    new_game(Config(), seed=1.5)  # E: arg-type
    new_game(Config(), hands=[["duke", "captain"]])  # E: list-item
    Config(players="4")  # E: arg-type
    describe_event(Income(0))  # E: arg-type
    _seen: GameState = from_json("{}", PlayerView)  # E: assignment


def states_are_immutable(state: GameState, seen: PlayerView) -> None:
    """States, seats, configs, views and logs are frozen."""
    state.turn = 3  # E: misc
    state.players[0].coins = 5  # E: misc
    state.config.players = 5  # E: misc
    seen.turn = 2  # E: misc
    to_act(state)[0] = 1  # E: index
    state.log[0] = state.log[1]  # E: index
    state.log.append(state.log[0])  # E: attr-defined
    state.players[0].hand.append(Character.DUKE)  # E: attr-defined


def optional_fields_must_be_checked(state: GameState) -> None:
    """``pending`` is ``None`` once the game is over, ``winner`` until then."""
    _ = state.pending.waiting  # E: union-attr
    _ = state.winner + 1  # E: operator


def a_rejected_move_must_be_narrowed(err: IllegalMoveError) -> None:
    """``IllegalMoveError.move`` is whatever the caller passed: narrow it before use."""
    _ = err.move.player  # E: attr-defined
