"""A hypothesis state machine that deals any game and plays it, checking every invariant.

The machine deals a game (2–10 players, with or without the Inquisitor, Reformation and the
2-player setup, the default deck or an explicit ``copies``, a bank from tight to large, any
first player; a random deal from the seed, a fixed deal of ``hands``/``court``/``coins``/
``allegiances``, or a fixed 2-player Court before the draft), then runs steps of four kinds:

- a legal move: a seat of ``to_act`` and one of its ``legal_moves``;
- a run of legal moves chosen by a seeded ``random.Random``, to reach late game states and the
  end within a short run;
- any move: every move class of ``Move``, every field random (seats out of range too);
- a near miss: a legal move with one field changed.

A move that is not legal must raise ``IllegalMoveError`` and change nothing (R-TURN-4,
R-TURN-6); a legal one is applied and checked for purity (R-INFO-5). After every step that
changed the state, the invariants of ``tests/invariants.py`` are checked: coins (R-SETUP-4),
cards (R-SETUP-10), hands (R-INF-3, R-ACT-12), the dead (R-INF-4), who is asked (R-TURN-4,
R-TURN-5), the end (R-INF-6), every legal move applies, JSON round trips of the state and of
every view, and views that leak nothing (R-INFO-3, R-INFO-4).
"""

from __future__ import annotations

import math
import os
import random
import typing
from dataclasses import dataclass
from typing import Any

import attrs
import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from coup_rules import (
    Allegiance,
    Character,
    Config,
    GameState,
    Move,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from tests.invariants import (
    characters_of,
    check_after_move,
    check_apply,
    check_cheap,
    check_illegal,
    check_secrecy,
    check_state_round_trip,
    check_view_round_trips,
    deck_of,
    viewers,
)
from tests.strategies import MAX_SEED

SEATS = st.integers(-3, 12)
"""Seats for random moves: mostly real ones, some missing (negative, or beyond the table)."""

MOVE_CLASSES: tuple[type[Move], ...] = typing.get_args(Move)


@dataclass(frozen=True)
class Setup:
    """The arguments of one ``new_game`` call."""

    config: Config
    seed: int
    hands: tuple[tuple[Character, ...], ...] | None = None
    court: tuple[Character, ...] | None = None
    coins: tuple[int, ...] | None = None
    allegiances: tuple[Allegiance, ...] | None = None

    def start(self) -> GameState:
        return new_game(
            self.config,
            seed=self.seed,
            hands=self.hands,
            court=self.court,
            coins=self.coins,
            allegiances=self.allegiances,
        )


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """Any valid ``Config``: every player count and variant, ``copies`` left to its default or
    any value that leaves the Court 2 cards or more, a bank from just enough to generous."""
    players = draw(st.integers(2, 10))
    two_player_setup = draw(st.booleans())
    copies = None
    if not (players == 2 and two_player_setup):
        least = math.ceil((2 * players + 2) / 5)  # R-SETUP-3: the Court keeps 2 cards
        copies = draw(st.none() | st.integers(least, least + 3))
    needed = 2 * players - (1 if players == 2 and two_player_setup else 0)
    return Config(
        players=players,
        inquisitor=draw(st.booleans()),
        reformation=draw(st.booleans()),
        copies=copies,
        coins=draw(st.sampled_from([54, needed, needed + 3]) | st.integers(needed, 90)),
        two_player_setup=two_player_setup,
        first_player=draw(st.integers(0, players - 1)),
    )


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """A config and a deal: random from the seed, fixed, or (2-player setup) a fixed Court."""
    config = draw(configs())
    seed = draw(st.integers(0, MAX_SEED))
    n = config.players
    draft = n == 2 and config.two_player_setup
    coins = None
    if draw(st.booleans()):
        left, chosen = config.coins, []
        for _ in range(n):
            chosen.append(draw(st.integers(0, min(12, left))))
            left -= chosen[-1]
        coins = tuple(chosen)
    allegiances = None
    if config.reformation and draw(st.booleans()):
        allegiances = tuple(draw(st.lists(st.sampled_from(Allegiance), min_size=n, max_size=n)))
    how = draw(st.sampled_from(["random", "fixed", "court"] if draft else ["random", "fixed"]))
    if how == "random":
        return Setup(config, seed, coins=coins, allegiances=allegiances)
    if how == "court":  # R-SETUP-7: 3 different characters; the draft follows
        court = tuple(draw(st.permutations(characters_of(config)))[:3])
        return Setup(config, seed, court=court, coins=coins, allegiances=allegiances)
    deck = draw(st.permutations(deck_of(config)))
    hands = tuple(tuple(deck[2 * s : 2 * s + 2]) for s in range(n))
    rest = deck[2 * n :]
    size = draw(st.none() | st.integers(2, len(rest)))  # None: the rest is the Court
    court_cards = None if size is None else tuple(rest[:size])
    return Setup(config, seed, hands, court_cards, coins, allegiances)


def _builder(cls: type[Move]) -> typing.Callable[[dict[str, Any]], Move]:
    def build(values: dict[str, Any]) -> Move:
        move: Move = cls(**values)
        return move

    return build


FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "player": SEATS,
    "target": SEATS,
    "character": st.sampled_from(Character),
    "allegiance": st.sampled_from(Allegiance),
    "cards": st.lists(st.sampled_from(Character), max_size=4).map(tuple),
}


def any_move() -> st.SearchStrategy[Move]:
    """A move of every class of ``Move``, every field random: legal or, mostly, not."""
    kinds = [
        st.fixed_dictionaries({f.name: FIELD_VALUES[f.name] for f in attrs.fields(cls)}).map(
            _builder(cls)
        )
        for cls in MOVE_CLASSES
    ]
    return st.one_of(kinds)


def is_legal(state: GameState, move: Move) -> bool:
    """``move`` is one of the legal moves of its seat (a seat that does not exist has none)."""
    seat = move.player
    return 0 <= seat < state.config.players and move in legal_moves(state, seat)


class CoupMachine(RuleBasedStateMachine):
    """Plays one game per example; see the module docstring."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(Config(), seed=0)
        self.checked: GameState | None = None  # the state the invariants last ran on
        self.rng = random.Random(0)

    @initialize(setup=setups(), rng_seed=st.integers(0, 2**32 - 1))
    def deal(self, setup: Setup, rng_seed: int) -> None:
        """R-SETUP-9: a fixed deal or a random one; the first state keeps every invariant."""
        self.state = setup.start()
        self.rng = random.Random(rng_seed)

    def _advance(self, move: Move) -> None:
        """Apply a legal move, checking purity (R-INFO-5); the invariants follow."""
        self.state = check_apply(self.state, move)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        """R-TURN-4: a seat being asked makes one of its legal moves."""
        seat = data.draw(st.sampled_from(to_act(self.state)), label="seat")
        move = data.draw(st.sampled_from(legal_moves(self.state, seat)), label="move")
        self._advance(move)

    @precondition(lambda self: not self.state.is_over)
    @rule(moves=st.integers(1, 25), seed=st.integers(0, 2**32 - 1))
    def play_on(self, moves: int, seed: int) -> None:
        """A run of legal moves, uniformly random, each checked for purity, the cheap invariants
        and one random viewer's view (round trip and secrecy); every viewer's view follows at
        the end of the run."""
        rng = random.Random(seed)
        for _ in range(moves):
            if self.state.is_over:
                break
            before = self.state
            seat = rng.choice(to_act(before))
            self._advance(rng.choice(legal_moves(before, seat)))
            check_after_move(
                before,
                self.state,
                rng,
                every_viewer=False,
                state_round_trip=False,
                whole_view=False,
            )

    @rule(move=any_move())
    def try_any_move(self, move: Move) -> None:
        """R-TURN-4, R-TURN-5, R-TURN-6: any move that is not legal raises IllegalMoveError
        and changes nothing (a legal one is played); a seat that does not exist has no list of
        legal moves to ask for."""
        seat = move.player
        if not 0 <= seat < self.state.config.players:
            with pytest.raises(ValueError):
                legal_moves(self.state, seat)
        if is_legal(self.state, move):
            self._advance(move)
        else:
            check_illegal(self.state, move)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def try_a_near_miss(self, data: st.DataObject) -> None:
        """R-TURN-4, R-TURN-6, R-TURN-7, R-ACT-8, R-ACT-11: a legal move with one field changed
        (another seat, target, character, allegiance or set of cards) is rejected unless it is
        itself legal."""
        seat = data.draw(st.sampled_from(to_act(self.state)), label="seat")
        legal = data.draw(st.sampled_from(legal_moves(self.state, seat)), label="legal")
        field = data.draw(st.sampled_from([f.name for f in attrs.fields(type(legal))]))
        n = self.state.config.players
        values = st.integers(-1, n) if field in ("player", "target") else FIELD_VALUES[field]
        changes = {field: data.draw(values, label=field)}
        move: Move = attrs.evolve(legal, **changes)
        if is_legal(self.state, move):
            self._advance(move)
        else:
            check_illegal(self.state, move)

    @invariant()
    def every_invariant_holds(self) -> None:
        """R-SETUP-4, R-SETUP-10, R-INF-3, R-INF-4, R-INF-6, R-TURN-4, R-TURN-5, R-INFO-3,
        R-INFO-4: after every step that changed the state — the cheap invariants, JSON round
        trips of the state and of every view, views that leak nothing — and every legal move
        of every seat applies."""
        state = self.state
        if self.checked is state:
            return
        if self.checked is None:  # the first state of the game: whole views
            check_cheap(state)
            check_state_round_trip(state)
            check_view_round_trips(state, viewers(state))
            check_secrecy(state, viewers(state), self.rng)
        else:  # the views from the last checked state's log length on
            check_after_move(self.checked, state, self.rng)
        for seat in to_act(state):
            for move in legal_moves(state, seat):
                apply(state, move)
        self.checked = state
        event("game over" if state.is_over else f"{len(state.log) // 50 * 50}+ events")


EXAMPLES = int(os.environ.get("COUP_STATE_MACHINE_EXAMPLES", "50"))
"""Games per run (about half a second each here); raise it for a longer local run."""

TestCoupMachine = CoupMachine.TestCase
TestCoupMachine.settings = settings(max_examples=EXAMPLES, stateful_step_count=60, deadline=None)
