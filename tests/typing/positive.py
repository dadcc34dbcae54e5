"""Typical user code that must type-check cleanly with ``mypy --strict``.

``tests/test_typing.py`` runs mypy on this file (it must report nothing) and runs ``main()``.
The ``assert_type`` calls pin the types the public API promises.
"""

from __future__ import annotations

import random
from typing import assert_never, assert_type, get_args

from coup_rules import (
    ActionChallengeAnswer,
    ActionChoice,
    ActionMove,
    Allegiance,
    AllegianceChoice,
    Allow,
    Assassinate,
    Block,
    BlockChallengeAnswer,
    Challenge,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    Character,
    ChooseAllegiance,
    Concede,
    Config,
    Convert,
    CounterWindow,
    Coup,
    Draft,
    DraftChoice,
    Embezzle,
    Event,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GameState,
    GiveBack,
    IllegalMoveError,
    Income,
    InfluenceChoice,
    InquisitorChoice,
    Keep,
    KeepChoice,
    LoseInfluence,
    Move,
    Pending,
    PlayerView,
    Prove,
    Show,
    ShowChoice,
    Steal,
    Tax,
    Won,
    apply,
    describe_event,
    format_move,
    from_json,
    legal_moves,
    new_game,
    parse_move,
    to_act,
    to_json,
    view,
)

HANDLED: tuple[type[Move], ...] = (
    Income,
    ForeignAid,
    Coup,
    Tax,
    Assassinate,
    Steal,
    Exchange,
    Examine,
    Convert,
    Embezzle,
    Challenge,
    Block,
    Allow,
    Prove,
    Concede,
    LoseInfluence,
    Keep,
    Show,
    GiveBack,
    ForceExchange,
    Draft,
    ChooseAllegiance,
)
"""Every class ``label`` matches; ``main`` checks it is all of ``get_args(Move)``."""


def label(move: Move) -> str:
    """A short label for any move: the match is exhaustive, so ``assert_never`` type-checks."""
    match move:
        case Income() | ForeignAid() | Tax() | Exchange() | Embezzle():
            return "action"
        case Coup(target=target) | Assassinate(target=target) | Steal(target=target):
            return f"attack p{target}"
        case Examine(target=target) | Convert(target=target):
            return f"aimed at p{target}"
        case Challenge() | Allow() | Prove() | Concede() | GiveBack() | ForceExchange():
            return "answer"
        case Block(character=card) | LoseInfluence(character=card) | Show(character=card):
            return card.name.lower()
        case Draft(character=card):
            return f"draft {card.name.lower()}"
        case Keep(cards=cards):
            return " ".join(c.name.lower() for c in cards)
        case ChooseAllegiance(allegiance=side):
            return side.name.lower()
        case _:
            assert_never(move)


def is_action(move: Move) -> bool:
    """Whether ``move`` is a turn action."""
    return isinstance(move, get_args(ActionMove))


def target_of(pending: Pending | None) -> int | None:
    """The target of the action being decided, if any (every decision matched by its type)."""
    match pending:
        case None | AllegianceChoice() | DraftChoice() | ActionChoice():
            return None
        case CounterWindow(action=Coup(target=t) | Assassinate(target=t) | Steal(target=t)):
            return t
        case (
            ChallengeActionWindow()
            | CounterWindow()
            | ChallengeBlockWindow()
            | ActionChallengeAnswer()
            | BlockChallengeAnswer()
            | InfluenceChoice()
            | KeepChoice()
            | ShowChoice()
            | InquisitorChoice()
        ):
            return pending.target
        case _:
            assert_never(pending)


def play(config: Config, seed: int) -> GameState:
    """A whole game of random moves."""
    state = new_game(config, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seats: tuple[int, ...] = to_act(state)
        seat = rng.choice(seats)
        moves = legal_moves(state, seat)
        assert_type(moves, tuple[Move, ...])
        move = rng.choice(moves)
        assert parse_move(format_move(move)) == move
        label(move)
        target_of(state.pending)
        state = apply(state, move)
    return state


def rule_broken(state: GameState, move: Move) -> str | None:
    """The rule an illegal move breaks, or ``None`` when it is legal."""
    try:
        apply(state, move)
    except IllegalMoveError as err:
        assert_type(err.rule, str)
        return err.rule
    return None


def main() -> None:
    """Run the typical code once, checking what the types cannot."""
    assert set(HANDLED) == set(get_args(Move)), "label() must match every class of Move"
    state = play(Config(players=4, inquisitor=True, reformation=True), seed=3)
    winner: int | None = state.winner
    assert winner is not None
    events: list[Event] = list(state.log)
    assert isinstance(events[-1], Won)
    lines = [describe_event(e, state.config) for e in events]
    assert all(isinstance(line, str) for line in lines)
    again = from_json(to_json(state), GameState)
    assert_type(again, GameState)
    assert again == state
    seen = view(state, winner)
    assert_type(seen, PlayerView)
    assert seen.legal_moves == ()
    fresh = new_game(
        Config(players=2, two_player_setup=False),
        seed=1,
        hands=[[Character.DUKE, Character.CAPTAIN], (Character.CONTESSA, Character.DUKE)],
        coins=(2, 2),
    )
    assert rule_broken(fresh, Coup(0, 1)) is not None
    assert rule_broken(fresh, Income(0)) is None
    assert Keep(0, [Character.DUKE, Character.AMBASSADOR]).cards[0] is Character.DUKE
    assert is_action(Income(0)) and not is_action(Allow(0))
    assert label(ChooseAllegiance(0, Allegiance.LOYALIST)) == "loyalist"


if __name__ == "__main__":
    main()
