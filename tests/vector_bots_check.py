"""The compiled bots (``coup_rules.vector.bots``) against the object bots, move for move.

Random games are played by the bots themselves, each seat by a bot drawn at random, on the
vector env and on the engine side by side (``tests.vector_check.follow`` keeps the two equal).
At every decision, every bot is asked for the move of the seat asked, in both forms:

- the compiled twin plays on a copy of the lane's row and draws from its stream;
- the object bot is handed ``view(state, seat)`` and a ``StreamRandom`` that returns the same
  uniform draws, in order;

and the two moves must be the same, with as many draws made. The legal moves of the kernel must
come in the engine's order (ties between equal moves are broken by it).

Command line (from the repository root)::

    python -m tests.vector_bots_check --games 2000   # per variant of tests.vector_check.VARIANTS
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import attrs
import numpy as np

from coup_rules import Config, GameState, legal_moves, view
from coup_rules.ai.encoding import asked_first
from coup_rules.bots import BOTS, DEFAULT_MAX_TURNS, Bot
from coup_rules.vector import VectorEnv
from coup_rules.vector import bots as vb
from coup_rules.vector import fields as f
from coup_rules.vector import kernel as k
from coup_rules.vector.opponents import VALUES, twin_of
from tests.vector_check import VARIANTS, Mismatch, Tally, follow, start_batch

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _counter(row: np.ndarray) -> int:
    return (int(row[f.RNG_LO]) & 0xFFFFFFFF) | ((int(row[f.RNG_HI]) & 0xFFFFFFFF) << 32)


def units(counter: int) -> Iterator[float]:
    """The uniform draws of a row whose SplitMix64 counter is ``counter`` (``kernel.rand_unit``)."""
    x = counter
    while True:
        x = (x + _GOLDEN) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        yield (z >> 11) * (1.0 / 9007199254740992.0)


class StreamRandom(random.Random):
    """A ``random.Random`` that hands out given uniform draws: ``random()`` the next one and
    ``choice(seq)`` ``seq[int(u * len(seq))]``, as the compiled bots draw."""

    def __init__(self, draws: Iterator[float]) -> None:
        super().__init__(0)
        self._draws = draws
        self.used = 0

    def random(self) -> float:
        self.used += 1
        return next(self._draws)

    def choice(self, seq: Sequence[object]) -> object:  # type: ignore[override]
        return seq[int(self.random() * len(seq))]


@dataclass
class BotTally(Tally):
    decisions: dict[str, int] = field(default_factory=dict)


def _check_order(env: VectorEnv, lane: int, state: GameState, seat: int) -> None:
    out = np.empty(f.MAX_MOVES, np.int64)
    n = k.legal(env.state[lane], env.layout.P, env.layout.IX, seat, out)
    want = env.layout.codec.indices(legal_moves(state, seat))
    if out[:n].tolist() != list(want):
        raise Mismatch(f"lane {lane}: the kernel's legal order {out[:n].tolist()}, engine {want}")


def check_bots_batch(
    env: VectorEnv, bots: dict[str, Bot], rng: random.Random, tally: BotTally
) -> None:
    """Play one batch of games, one per lane, by bots, checking every bot at every step."""
    config = env.config
    codec = env.layout.codec
    lay = env.layout
    states = start_batch(env, rng)
    names = list(bots)
    seated = [[rng.choice(names) for _ in range(config.players)] for _ in states]
    twins = {name: twin_of(bot) for name, bot in bots.items()}
    out = np.empty(env.num_envs, np.int64)
    while any(not s.is_over for s in states):
        picked: dict[str, np.ndarray] = {}
        for name, twin in twins.items():
            rows = env.state.copy()
            vb.bot_moves(rows, lay.P, lay.IX, lay.MV, VALUES, twin.kind, twin.array(), out)
            picked[name] = out.copy()
            for lane, state in enumerate(states):
                if state.is_over:
                    continue
                assert state.pending is not None
                seat = asked_first(state.pending, config.players)
                start = _counter(env.state[lane])
                stream = StreamRandom(units(start))
                move = bots[name].choose(view(state, seat), stream)
                want = codec.encode(move)
                if picked[name][lane] != want:
                    raise Mismatch(
                        f"lane {lane}: {name} plays {codec.decode(int(picked[name][lane]), seat)!r}"
                        f" compiled, {move!r} as an object\n{state!r}"
                    )
                used = (_counter(rows[lane]) - start) * pow(_GOLDEN, -1, 1 << 64) & _MASK
                if used != stream.used:
                    raise Mismatch(f"lane {lane}: {name} drew {used} compiled, {stream.used}")
                tally.decisions[name] = tally.decisions.get(name, 0) + 1
        actions = np.zeros(env.num_envs, np.int64)
        for lane, state in enumerate(states):
            if not state.is_over:
                assert state.pending is not None
                seat = asked_first(state.pending, config.players)
                _check_order(env, lane, state, seat)
                actions[lane] = picked[seated[lane][seat]][lane]
        follow(env, states, actions, tally)


def check_bots(config: Config, games: int, seed: int, lanes: int = 16) -> BotTally:
    """Play ``games`` (rounded up to whole batches of ``lanes``) by bots, checking each bot.

    Bots can play a game forever (two that never attack), so a variant without a turn limit is
    played with the runner's (``coup_rules.bots.DEFAULT_MAX_TURNS``)."""
    if config.max_turns is None:
        config = attrs.evolve(config, max_turns=DEFAULT_MAX_TURNS)
    env = VectorEnv(config, num_envs=lanes, seed=seed, autoreset=False)
    rng = random.Random(seed)
    bots = {name: make() for name, make in BOTS.items()}
    tally = BotTally()
    while tally.games < games:
        check_bots_batch(env, bots, rng, tally)
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per variant")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    total = 0
    for i, (name, config) in enumerate(VARIANTS.items()):
        tally = check_bots(config, args.games, args.seed + i)
        total += sum(tally.decisions.values())
        counts = ", ".join(f"{bot} {n}" for bot, n in tally.decisions.items())
        print(f"{name:>32}: {tally.games:6d} games, {tally.moves:8d} moves; decisions: {counts}")
    elapsed = time.perf_counter() - start
    print(f"all equal: {total} bot decisions checked against the object bots in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
