"""The learning environments beside the bare engine: decisions per second at 4 players.

Run ``python benchmarks/envs.py`` for the figures (about a minute), ``--quick`` for a few-second
smoke run; ``--json FILE`` also writes them to FILE. Needs the ``[pettingzoo]`` extra (and
``[gymnasium]`` for the single-agent row, skipped without it).

Every contender plays whole random 4-player base games, round after round, each round for a fixed
amount of process CPU time, the contenders interleaved so that they share the machine's load
alike; the figures are the medians over rounds, and each ratio is the median of the per-round
ratios to the bare engine.

Each loop picks its move the same way: ``rng.choice`` (one ``random.Random``, seeded per round)
over a Python sequence of the legal choices, which the engine hands out as a tuple and an
environment as a mask, turned into its indices by NumPy (``mask.nonzero()[0].tolist()``: what
an agent that reads the mask must do, in the cheapest way NumPy offers):

- **engine**: ``to_act``, a random seat among them, ``legal_moves``, a random move, ``apply``;
- **PettingZoo raw**: ``CoupEnv``: ``agent_iter``, ``last()`` (the observation vector and the
  action mask, each a new array), a random action among the mask's ones, ``step``;
- **PettingZoo env()**: the same through ``env()``'s wrapper (PettingZoo's three standard
  wrappers' checks in one ``OrderEnforcingWrapper``);
- **PettingZoo raw in the 3 wrappers**: the raw environment in PettingZoo's own three standard
  wrappers (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``,
  ``OrderEnforcingWrapper``), as a user would wrap it;
- **PettingZoo env() before (3 layers)**: the raw environment in ``env()``'s wrappers before they
  were folded into one: PettingZoo's three, each reading the raw environment's attributes
  directly instead of through ``__getattr__``;
- **PettingZoo raw, view-encoded**: the raw environment observing as it did before observations
  were kept up to date, ``ObservationEncoder.encode(view(state, seat))`` at every step (what the
  issue measured at 7.5 k decisions/s against 186 k for the engine; its ``step`` is today's);
- **PettingZoo env(), view-encoded**: that one in PettingZoo's own standard wrappers: ``env()``
  as it was before;
- **Gymnasium**: ``coup_rules.gymnasium.CoupEnv`` (one learning seat, three random bots): the
  learner's decisions only are counted, the bots' moves are part of each ``step``;
- **PettingZoo raw, constant vector**: ``CoupEnv`` whose ``observe`` hands out a copy of a
  constant vector beside the real mask: the game, the mask and PettingZoo, without the
  observation (what the observation costs is the difference to **PettingZoo raw**);
- **null env, raw**, **null env, env()'s wrapper**, **null env, env() before (3 layers)** and
  **null env, the 3 wrappers**: the floor
  of the AEC loop itself: an environment with four agents taking turns, games as long as a
  random 4-player game on average, whose ``observe`` hands out copies of a constant vector and
  mask of the real sizes and whose ``step`` does only PettingZoo's bookkeeping (no game at all),
  in the same loop, bare and in the wrappers of the rows above.

A decision is one move chosen and applied. The turn limit is 200 turns, as in the environments.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from coup_rules import Config, apply, legal_moves, new_game, to_act, view
from coup_rules.pettingzoo import (  # _Checked: env()'s wrapper; the others: env() before it
    _BEFORE_RESET,
    _FORWARDED,
    CoupEnv,
    _Checked,
    _forward,
    _NotReset,
    env,
)

PLAYERS = 4
MAX_TURNS = 200
NULL_GAME = 38
"""The decisions of a null env's game: about those of a random 4-player game."""


def engine_round(seconds: float, seed: int) -> tuple[int, float]:
    """Random games with the bare engine: (decisions, CPU seconds)."""
    config = Config(players=PLAYERS, max_turns=MAX_TURNS)
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    game = 0
    while time.process_time() - start < seconds:
        state = new_game(config, seed=seed * 100_000 + game)
        game += 1
        while not state.is_over:
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))
            decisions += 1
    return decisions, time.process_time() - start


class ViewEncodedEnv(CoupEnv):
    """The raw environment observing through a whole view at every step (the old way)."""

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        vector = np.asarray(self.encoder.encode(view(self.game, seat)), dtype=np.float32)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over:
            mask[self.codec.indices(legal_moves(self.game, seat))] = 1
        return {"observation": vector, "action_mask": mask}


class ConstantVectorEnv(CoupEnv):
    """The raw environment with a free observation: a constant vector, the real mask."""

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        arrays = self._arrays
        if agent == self.agent_selection and not self.game.is_over:
            mask = arrays.mask(self.game, seat)
        else:
            mask = arrays.no_moves()
        return {"observation": self._constant.copy(), "action_mask": mask}

    _constant = np.zeros(CoupEnv(players=PLAYERS).encoder.size, dtype=np.float32)


def standard_wrappers(raw: AECEnv) -> Any:
    """``raw`` in PettingZoo's own three standard wrappers, as ``env()`` first wrapped it."""
    e: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class _PreviousTerminateIllegal(wrappers.TerminateIllegalWrapper):
    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._raw = env.unwrapped


class _PreviousAssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):
    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped


class _PreviousOrderEnforcing(wrappers.OrderEnforcingWrapper):
    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped
        self._once_reset: object = _NotReset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._once_reset = self._raw
        super().reset(seed=seed, options=options)


for _name in _FORWARDED:
    setattr(_PreviousTerminateIllegal, _name, _forward("_raw", _name))
    setattr(_PreviousAssertOutOfBounds, _name, _forward("_raw", _name))
    setattr(
        _PreviousOrderEnforcing,
        _name,
        _forward("_once_reset" if _name in _BEFORE_RESET else "_raw", _name),
    )


def previous_wrappers(raw: AECEnv) -> Any:
    """``raw`` in the previous release's ``env()`` wrappers: PettingZoo's three standard ones,
    each reading the attributes of ``_FORWARDED`` from the raw environment directly."""
    e = _PreviousTerminateIllegal(raw, illegal_reward=-1)
    return _PreviousOrderEnforcing(_PreviousAssertOutOfBounds(e))


def old_env() -> Any:
    """The view-encoded environment in PettingZoo's own standard wrappers: ``env()`` before."""
    return standard_wrappers(ViewEncodedEnv(players=PLAYERS))


class NullEnv(AECEnv):
    """The AEC loop's floor: agents take turns in games of ``NULL_GAME`` decisions, observing a
    constant vector and mask of ``CoupEnv``'s sizes (copies, as ``CoupEnv`` hands out), and each
    ``step`` is PettingZoo's bookkeeping only."""

    metadata: dict[str, Any] = {"name": "null_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self) -> None:
        super().__init__()
        real = CoupEnv(players=PLAYERS)
        self.possible_agents = real.possible_agents[:]
        self._space = real.action_space(self.possible_agents[0])
        self._vector = np.zeros(real.encoder.size, dtype=np.float32)
        self._mask = np.zeros(real.codec.size, dtype=np.int8)
        self._mask[[0, 5, 9]] = 1
        self._decisions = 0
        self._codec = real.codec

    def action_space(self, agent: str) -> Any:
        return self._space

    def action_index(self, action: Any) -> int:
        """The raw env's door for an action, which the wrapper calls (``CoupEnv.action_index``)."""
        return self._codec.checked_index(action, "action")

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self._vector.copy(), "action_mask": self._mask.copy()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._decisions = 0
        self.agent_selection = self.agents[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._decisions += 1
        if self._decisions >= NULL_GAME:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.agents[self._decisions % len(self.agents)]


def null_env() -> Any:
    """The null env in the same wrapper as ``env()``."""
    return _Checked(NullEnv(), illegal_reward=-1)


def aec_round(make: Callable[[], Any], seconds: float, seed: int) -> tuple[int, float]:
    """Random masked actions in a PettingZoo AEC environment: (decisions, CPU seconds)."""
    e = make()
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    game = 0
    while time.process_time() - start < seconds:
        e.reset(seed=seed * 100_000 + game)
        game += 1
        for _ in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(observation["action_mask"].nonzero()[0].tolist()))
            decisions += 1
    return decisions, time.process_time() - start


def gym_round(seconds: float, seed: int) -> tuple[int, float]:
    """Random masked actions of the Gymnasium env's learner: (decisions, CPU seconds)."""
    from coup_rules.gymnasium import CoupEnv as GymEnv

    e = GymEnv(players=PLAYERS, opponents="random", max_turns=MAX_TURNS)
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    game = 0
    while time.process_time() - start < seconds:
        _, info = e.reset(seed=seed * 100_000 + game)
        game += 1
        done = False
        while not done:
            action = rng.choice(info["action_mask"].nonzero()[0].tolist())
            _, _, terminated, truncated, info = e.step(action)
            done = terminated or truncated
            decisions += 1
    return decisions, time.process_time() - start


def contenders() -> dict[str, Callable[[float, int], tuple[int, float]]]:
    found: dict[str, Callable[[float, int], tuple[int, float]]] = {
        "engine": engine_round,
        "PettingZoo raw": lambda s, seed: aec_round(lambda: CoupEnv(players=PLAYERS), s, seed),
        "PettingZoo env()": lambda s, seed: aec_round(lambda: env(players=PLAYERS), s, seed),
        "PettingZoo env() before (3 layers)": lambda s, seed: aec_round(
            lambda: previous_wrappers(CoupEnv(players=PLAYERS)), s, seed
        ),
        "PettingZoo raw in the 3 wrappers": lambda s, seed: aec_round(
            lambda: standard_wrappers(CoupEnv(players=PLAYERS)), s, seed
        ),
        "PettingZoo raw, view-encoded": lambda s, seed: aec_round(
            lambda: ViewEncodedEnv(players=PLAYERS), s, seed
        ),
        "PettingZoo env(), view-encoded": lambda s, seed: aec_round(old_env, s, seed),
    }
    found["PettingZoo raw, constant vector"] = lambda s, seed: aec_round(
        lambda: ConstantVectorEnv(players=PLAYERS), s, seed
    )
    if importlib.util.find_spec("gymnasium") is not None:
        found["Gymnasium (learner's decisions)"] = gym_round
    found["null env, raw"] = lambda s, seed: aec_round(NullEnv, s, seed)
    found["null env, env()'s wrapper"] = lambda s, seed: aec_round(null_env, s, seed)
    found["null env, env() before (3 layers)"] = lambda s, seed: aec_round(
        lambda: previous_wrappers(NullEnv()), s, seed
    )
    found["null env, the 3 wrappers"] = lambda s, seed: aec_round(
        lambda: standard_wrappers(NullEnv()), s, seed
    )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few-second smoke run")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 7; quick 1)")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds per round")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 7)
    seconds = args.seconds or (0.3 if args.quick else 1.5)
    runs = contenders()
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(rounds):
        for name, run in runs.items():
            decisions, spent = run(seconds, r)
            rates[name].append(decisions / spent)
    engine = rates["engine"]
    print(
        f"{PLAYERS} players, base game, turn limit {MAX_TURNS}; {rounds} interleaved rounds of "
        f"{seconds} s CPU each; Python {platform.python_version()}"
    )
    print(f"{'contender':36} {'decisions/s':>12} {'÷ engine':>9}  (per-round range)")
    figures: dict[str, Any] = {}
    for name, values in rates.items():
        ratios = [v / e for v, e in zip(values, engine, strict=True)]
        median = statistics.median(values)
        ratio = statistics.median(ratios)
        figures[name] = {"decisions_per_s": median, "ratio": ratio, "ratios": ratios}
        print(f"{name:36} {median:12,.0f} {ratio:9.3f}  ({min(ratios):.3f}–{max(ratios):.3f})")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
