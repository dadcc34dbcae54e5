"""``CoupVectorEnv`` itself against the object bots on the engine, step for step, same draws.

A model of the env is kept in Python: for every lane, the engine's ``GameState``, the learner's
seat, which opponent sits where, and the lane's random stream (``Stream``: the kernel's
SplitMix64, replayed). It plays what the env plays, in the env's order (``vector/learner.py``):

- a deal: the kernel's ``reset_row`` on a blank row with the lane's counter (the deal is the
  kernel's; ``tests/vector_check.py`` holds it to the engine), read as a ``GameState``; then the
  learner's seat (fixed, or ``rand_below(players)`` from the stream) and the opponents seated
  clockwise from it, cycling through the list: the env's seating table;
- the learner's move (a random legal one, the same in both), then every opponent's move until
  the learner is asked again, is out, or the game is over: each opponent is the **object bot**
  (with the parameters given to the env, not the defaults), handed ``view(state, seat)`` and a
  ``random.Random`` whose draws are the stream's (``StreamRandom``); its move is applied by the
  engine, whose card draws are the stream's too (``apply_drawn``);
- a game that ends is scored for the learner (+1, ``-1 / (players - 1)``, 0 at the turn limit),
  and dealt again; a deal that ends before the learner is asked is dealt again unscored.

After every ``step`` each lane must agree in everything: the position, the learner's seat, the
stream's counter (as many draws made), the rewards and flags, the learner's mask, observation
and, for a game that ended, final observation. The compiled bots read their parameters from the
env's table (``opponents.twin_of``), so a seat given the wrong entry, or an entry the wrong
parameters, parts the two at once.

The engine's card draws are the kernel's ``rand_below(n)`` of the stream, through
``tests/engine_draws.py``: nothing is patched, so the check runs on the compiled build too.

Command line (from the repository root), the long run::

    python -m tests.vector_env_lockstep --steps 4000 --lanes 64   # per variant
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import attrs
import numpy as np

from coup_rules import Config, GameState, apply, legal_moves, view
from coup_rules.ai.encoding import ObservationEncoder, asked_first
from coup_rules.bots import DEFAULT_MAX_TURNS, BluffBot, Bot, CountingBot, HonestBot, RandomBot
from coup_rules.moves import Move
from coup_rules.vector import fields as f
from coup_rules.vector import kernel as k
from coup_rules.vector.convert import read_row
from coup_rules.vector.env import lane_seeds
from coup_rules.vector.layout import Layout
from coup_rules.vector.rows import seed_fields
from coup_rules.vector.training import CoupVectorEnv
from tests.engine_draws import draw_sizes, seed_for
from tests.vector_check import VARIANTS, Mismatch, position

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MAX_DEALS = 1000  # coup_rules.vector.learner.MAX_DEALS

OPPONENTS: tuple[Bot, ...] = (
    CountingBot(trust=0.8, challenge_below=0.4, bluff_below=0.35),
    HonestBot(challenge_rate=0.3),
    BluffBot(bluff_rate=0.55, challenge_rate=0.1),
    RandomBot(),
    CountingBot(trust=0.1, challenge_below=0.05, bluff_below=0.5),
)
"""Opponents with parameters other than their defaults, and of every kind with a twin."""


class Stream:
    """A row's SplitMix64 stream (``kernel.rand_next``), from its counter."""

    def __init__(self, counter: int) -> None:
        self.counter = counter & _MASK

    def raw(self) -> int:
        self.counter = (self.counter + _GOLDEN) & _MASK
        z = self.counter
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def unit(self) -> float:
        """``kernel.rand_unit``."""
        return (self.raw() >> 11) * (1.0 / 9007199254740992.0)

    def below(self, n: int) -> int:
        """``kernel.rand_below``."""
        return ((self.raw() >> 32) * n) >> 32


class StreamRandom(random.Random):
    """A ``random.Random`` drawing from a ``Stream``: ``random()`` is ``rand_unit`` and
    ``choice(seq)`` ``seq[int(random() * len(seq))]``, as the compiled bots draw."""

    def __init__(self, stream: Stream) -> None:
        super().__init__(0)
        self._stream = stream

    def random(self) -> float:
        return self._stream.unit()

    def choice(self, seq: Sequence[object]) -> object:  # type: ignore[override]
        return seq[int(self.random() * len(seq))]


def row_counter(row: np.ndarray) -> int:
    return (int(row[f.RNG_LO]) & 0xFFFFFFFF) | ((int(row[f.RNG_HI]) & 0xFFFFFFFF) << 32)


def apply_drawn(state: GameState, move: Move, stream: Stream) -> tuple[GameState, int]:
    """``apply(state, move)`` with the card draws of the kernel's stream; the cards drawn."""
    trial = apply(state, move)
    sizes = draw_sizes(state, trial)
    if not sizes:
        return trial, 0
    wanted = [stream.below(n) for n in sizes]
    return apply(state.replace(seed=seed_for(state.draws, sizes, wanted)), move), len(sizes)


@dataclass
class Lane:
    """One game of the model: its state, seating and stream."""

    state: GameState
    learner: int
    seats: list[int]
    stream: Stream


@dataclass
class Outcome:
    """A step's result in one game, for the learner; ``final``: the game that ended, and
    ``seat`` the learner's seat in it."""

    reward: float = 0.0
    terminated: bool = False
    truncated: bool = False
    final: GameState | None = None
    seat: int = -1


@dataclass
class Tally:
    steps: int = 0
    games: int = 0
    learner_decisions: int = 0
    opponent_decisions: int = 0
    card_draws: int = 0


@dataclass
class Model:
    """``CoupVectorEnv`` played by the engine and the object bots."""

    layout: Layout
    bots: Sequence[Bot]
    fixed: int
    tally: Tally
    lanes: list[Lane] = field(default_factory=list)

    @property
    def config(self) -> Config:
        return self.layout.config

    def deal(self, counter: int) -> Lane:
        """``learner.new_deal``: the kernel's deal, then the seating."""
        row = np.zeros(int(self.layout.P[f.P_FIELDS]), np.int32)
        row[f.RNG_LO], row[f.RNG_HI] = seed_fields(counter)
        k.reset_row(row, self.layout.P)
        stream = Stream(row_counter(row))
        n = self.config.players
        learner = self.fixed if self.fixed >= 0 else stream.below(n)
        seats = [-1] * n
        for j in range(n - 1):
            seats[(learner + 1 + j) % n] = j % len(self.bots)
        return Lane(read_row(row, self.layout), learner, seats, stream)

    def asked(self, lane: Lane) -> int:
        pending = lane.state.pending
        return -1 if pending is None else asked_first(pending, self.config.players)

    def out(self, lane: Lane) -> bool:
        return not lane.state.players[lane.learner].hand

    def play(self, lane: Lane, move: Move) -> None:
        lane.state, drawn = apply_drawn(lane.state, move, lane.stream)
        self.tally.card_draws += drawn

    def play_opponents(self, lane: Lane) -> None:
        """``learner.play_opponents``: the object bots, drawing from the stream."""
        while True:
            seat = self.asked(lane)
            if seat < 0 or seat == lane.learner or self.out(lane):
                return
            bot = self.bots[lane.seats[seat]]
            move = bot.choose(view(lane.state, seat), StreamRandom(lane.stream))
            self.tally.opponent_decisions += 1
            self.play(lane, move)

    def settle(self, g: int, outcome: Outcome, playing: bool) -> None:
        """``learner.settle`` (every opponent compiled): the opponents play until the learner
        is asked; a game that ends is scored if ``playing`` (the learner played in it) and
        dealt again."""
        deals = 0
        while True:
            lane = self.lanes[g]
            self.play_opponents(lane)
            if not self.out(lane) and not lane.state.is_over:
                return
            if playing:
                loss = -1.0 / (self.config.players - 1)
                winner = lane.state.winner
                if self.out(lane):
                    outcome.reward, outcome.terminated = loss, True
                elif winner is not None:
                    outcome.reward = 1.0 if winner == lane.learner else loss
                    outcome.terminated = True
                else:
                    outcome.truncated = True
                outcome.final, outcome.seat = lane.state, lane.learner
                self.tally.games += 1
            else:
                deals += 1
                if deals >= _MAX_DEALS:
                    raise Mismatch(f"game {g}: {_MAX_DEALS} deals ended before the learner's turn")
            self.lanes[g] = self.deal(lane.stream.counter)
            playing = False

    def reset(self, seed: int, games: int) -> None:
        """``deal_lanes`` after ``_seed``: each lane's stream from ``lane_seeds``."""
        self.lanes = []
        for g, s in enumerate(lane_seeds(seed, games)):
            self.lanes.append(self.deal(int(s)))
            self.settle(g, Outcome(), playing=False)

    def step(self, g: int, move: Move) -> Outcome:
        """``learner_step`` for one game."""
        lane = self.lanes[g]
        self.play(lane, move)
        self.tally.learner_decisions += 1
        self.play_opponents(lane)
        outcome = Outcome()
        if self.out(lane) or lane.state.is_over:
            self.settle(g, outcome, playing=True)
        return outcome


def _compare(
    env: CoupVectorEnv,
    model: Model,
    encoder: ObservationEncoder,
    obs: np.ndarray,
    mask: np.ndarray,
    when: str,
) -> None:
    seats = env.learner_seats
    for g, lane in enumerate(model.lanes):
        where = f"{when}, game {g}"
        if seats[g] != lane.learner:
            raise Mismatch(
                f"{where}: the learner sits at {seats[g]}, the model says {lane.learner}"
            )
        got = env.to_state(g)
        if position(got) != position(lane.state):
            raise Mismatch(f"{where}:\nenv   {got!r}\nmodel {lane.state!r}")
        if row_counter(env._state[g]) != lane.stream.counter:
            raise Mismatch(f"{where}: the env and the model made different numbers of draws")
        seen = view(lane.state, lane.learner)
        if not np.array_equal(obs[g], np.asarray(encoder.encode(seen), np.float32)):
            raise Mismatch(f"{where}: the learner's observations differ")
        legal = np.zeros(mask.shape[1], np.bool_)
        legal[env.layout.codec.indices(legal_moves(lane.state, lane.learner))] = True
        if not np.array_equal(mask[g], legal):
            raise Mismatch(f"{where}: the learner's masks differ")


def check_env(
    config: Config,
    steps: int,
    seed: int,
    lanes: int = 8,
    opponents: Sequence[Bot] = OPPONENTS,
    learner_seat: int | str = "random",
    model_opponents: Sequence[Bot] | None = None,
) -> Tally:
    """Play ``steps`` steps of ``CoupVectorEnv(config, lanes, opponents=...)`` and of its model,
    the learner moving at random; raise ``Mismatch`` at the first difference.

    ``model_opponents`` are the model's bots (the env's by default): a test hands it others
    to see the check part them. A variant without a turn limit is played with the runner's
    (``DEFAULT_MAX_TURNS``): two bots that never attack could play forever."""
    if config.max_turns is None:
        config = attrs.evolve(config, max_turns=DEFAULT_MAX_TURNS)
    env = CoupVectorEnv(
        config, num_envs=lanes, seed=seed, opponents=list(opponents), learner_seat=learner_seat
    )
    fixed = -1 if learner_seat == "random" else int(learner_seat)
    bots = list(opponents if model_opponents is None else model_opponents)
    model = Model(env.layout, bots, fixed, Tally())
    encoder = ObservationEncoder(config)
    codec = env.layout.codec
    obs, infos = env.reset(seed=seed)
    model.reset(seed, lanes)
    _compare(env, model, encoder, obs, infos["action_mask"], "after the deal")
    rng = np.random.default_rng(seed)
    for step in range(steps):
        mask = infos["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        for g in range(lanes):
            move = codec.decode(int(actions[g]), model.lanes[g].learner)
            outcome = model.step(g, move)
            got = (float(rewards[g]), bool(terminated[g]), bool(truncated[g]))
            want = (outcome.reward, outcome.terminated, outcome.truncated)
            if not np.allclose(got[0], want[0]) or got[1:] != want[1:]:
                raise Mismatch(f"step {step}, game {g}: the env gave {got}, the model {want}")
            if outcome.final is not None:
                last = view(outcome.final, outcome.seat)
                final = np.asarray(encoder.encode(last), np.float32)
                if not np.array_equal(infos["final_obs"][g], final):
                    raise Mismatch(f"step {step}, game {g}: the final observations differ")
        _compare(env, model, encoder, obs, infos["action_mask"], f"after step {step}")
        model.tally.steps += 1
    return model.tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps per variant")
    parser.add_argument("--lanes", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    for i, (name, config) in enumerate(VARIANTS.items()):
        order = random.Random(args.seed + i).sample(OPPONENTS, len(OPPONENTS))
        tally = check_env(config, args.steps, args.seed + i, args.lanes, order)
        print(
            f"{name:>32}: {tally.steps} steps x {args.lanes} games, {tally.games} games ended, "
            f"{tally.learner_decisions} learner and {tally.opponent_decisions} opponent "
            f"decisions, {tally.card_draws} cards drawn: all equal",
            flush=True,
        )
    print(f"no disagreement in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
