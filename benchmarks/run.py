"""Benchmarks of coup_rules: self-play side by side with coupml, per-call costs, views, memory.

Run ``python benchmarks/run.py`` for the full figures (about two minutes on 2 shared cores) or
``python benchmarks/run.py --quick`` for the few-second smoke run CI uses (it proves every part
runs; its figures mean little). ``--json FILE`` also writes every figure to FILE.

Random self-play: a uniformly random seat of ``to_act``, then a uniformly random move of its
``legal_moves``, applied with ``apply`` (so every move is checked), until the game ends. What is
measured, in order:

1. Side by side, in interleaved rounds: coup_rules, the PyPI package ``coupml`` 0.1.1 (a yardstick
   only, never a dependency; skipped with a note when it is not installed) and the "null engine"
   of ``null_engine.py`` take turns, round after round, each round playing whole games for a fixed
   amount of CPU time; the headline is the median of the per-round ratios coup_rules/coupml.
2. Per-decision breakdown at 4 players, per variant: µs per ``to_act``, per first ``legal_moves``
   call on a state (not yet cached), per repeated call, per ``apply``, per ``new_game`` (spread
   over the game's decisions), and what is left of the plain loop's time: the loop itself.
3. The floor: the same loop on the null engine, which has coup_rules' API shape and no rules.
4. Views: ``view(state, seat, since=len(state.log))`` and ``view(state, seat)`` on states with
   about 100 and 5,000 events in the log, and a server's per-move views in 4-player games.
5. Memory: bytes retained per state when all the states of a game are kept; the peak of a long
   run that drops each game's states as it goes.
6. Playouts: ``playout`` (whole random games for Monte-Carlo search, no intermediate states)
   beside the same games played by an ``apply`` loop, in interleaved rounds, per variant at 4
   players, and coupml's games at 4 players as a yardstick.

Only the public API of coup_rules is used, so the script keeps working whatever the internals.
Rounds are timed on the process's CPU time (the machine is shared: time spent descheduled is not
the engine's); single calls are timed with ``perf_counter_ns`` less the clock's own cost, and
intervals over 1 ms (the process was descheduled) are dropped and counted.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import json
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar

import null_engine

import coup_rules
from coup_rules import (
    Assassinate,
    Challenge,
    Config,
    Coup,
    GameState,
    Move,
    apply,
    legal_moves,
    new_game,
    playout,
    to_act,
    view,
)

VARIANTS: dict[str, dict[str, bool]] = {
    "base": {},
    "inquisitor": {"inquisitor": True},
    "reformation": {"reformation": True},
    "both": {"inquisitor": True, "reformation": True},
}

DROP_NS = 1_000_000
"""A timed call longer than this (1 ms) means the process was descheduled: dropped, counted."""


@dataclass(frozen=True)
class Mode:
    """How long each part runs."""

    name: str
    side_players: tuple[int, ...]  # player counts of the side-by-side comparison
    side_rounds: int  # rounds per engine at 4 players
    side_seconds: float  # CPU seconds per round at 4 players
    other_rounds: int  # rounds per engine at the other player counts
    other_seconds: float
    parts_rounds: int  # plain and instrumented rounds per breakdown row
    parts_seconds: float
    view_sizes: tuple[int, int]  # log sizes of the two view states
    view_repeats: int  # fresh states per view figure
    server_seconds: float  # CPU seconds of the per-move view loop
    memory_games: int  # games per bytes-per-state figure
    peak_games: int  # games of the long run whose peak memory is traced
    playout_rounds: int = 7  # interleaved rounds per runner of part 6
    playout_seconds: float = 0.4  # CPU seconds per round of part 6


FULL = Mode(
    name="full",
    side_players=(2, 4, 6),
    side_rounds=9,
    side_seconds=0.8,
    other_rounds=4,
    other_seconds=0.4,
    parts_rounds=5,
    parts_seconds=0.3,
    view_sizes=(100, 5000),
    view_repeats=3,
    server_seconds=1.0,
    memory_games=10,
    peak_games=2000,
)
QUICK = Mode(
    name="quick",
    side_players=(2, 4, 6),
    side_rounds=2,
    side_seconds=0.1,
    other_rounds=1,
    other_seconds=0.05,
    parts_rounds=1,
    parts_seconds=0.05,
    view_sizes=(100, 400),
    view_repeats=1,
    server_seconds=0.05,
    memory_games=1,
    peak_games=20,
    playout_rounds=1,
    playout_seconds=0.05,
)


# ------------------------------------------------------------------------------------------------
# Engines and rounds


class HasWinner(Protocol):
    @property
    def winner(self) -> int | None: ...


S = TypeVar("S", bound=HasWinner)
M = TypeVar("M")


@dataclass(frozen=True)
class Engine(Generic[S, M]):
    """An engine with coup_rules' API shape; ``new_game`` takes the game's seed."""

    name: str
    new_game: Callable[[int], S]
    to_act: Callable[[S], tuple[int, ...]]
    legal_moves: Callable[[S, int], tuple[M, ...]]
    apply: Callable[[S, M], S]


def coup_rules_engine(config: Config) -> Engine[GameState, Move]:
    return Engine("coup_rules", partial(_new_game, config), to_act, legal_moves, apply)


def _new_game(config: Config, seed: int) -> GameState:
    return new_game(config, seed=seed)


def null_engine_for(players: int) -> Engine[null_engine.NullState, null_engine.NullMove]:
    return Engine(
        "null engine",
        lambda _seed: null_engine.new_game(players),
        null_engine.to_act,
        null_engine.legal_moves,
        null_engine.apply,
    )


@dataclass(frozen=True)
class Round:
    """One round of whole games."""

    games: int
    decisions: int
    cpu: float  # seconds of process CPU time
    wall: float  # seconds of wall-clock time

    @property
    def games_per_s(self) -> float:
        return self.games / self.cpu

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.cpu

    @property
    def us_per_decision(self) -> float:
        return self.cpu / self.decisions * 1e6


def rounds_of(game: Callable[[int], int], seconds: float) -> Round:
    """Whole games, ``game(i)`` playing the i-th and answering its decisions, until ``seconds``
    of process CPU time are spent: every runner of a round is this loop around its own game."""
    cpu, wall = time.process_time, time.perf_counter
    games = decisions = 0
    cpu0, wall0 = cpu(), wall()
    deadline = cpu0 + seconds
    while True:
        decisions += game(games)
        games += 1
        if cpu() >= deadline:
            return Round(games, decisions, cpu() - cpu0, wall() - wall0)


def play(engine: Engine[S, M], seconds: float, seed: int) -> Round:
    """Random self-play on ``engine`` for ``seconds`` of CPU time (whole games)."""
    start_game, seats_of, moves_of, play_move = (
        engine.new_game,
        engine.to_act,
        engine.legal_moves,
        engine.apply,
    )
    randrange = random.Random(seed).randrange

    def game(index: int) -> int:
        state = start_game(seed * 1_000_003 + index)
        decisions = 0
        while state.winner is None:
            seats = seats_of(state)
            moves = moves_of(state, seats[randrange(len(seats))])
            state = play_move(state, moves[randrange(len(moves))])
            decisions += 1
        return decisions

    return rounds_of(game, seconds)


class _Rng:
    """The two calls coupml makes of a numpy RandomState, on Python's ``random``."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def shuffle(self, items: list[object]) -> None:
        self.r.shuffle(items)

    def choice(self, n: int) -> int:
        return self.r.randrange(n)


def load_coupml() -> ModuleType | None:
    try:
        return importlib.import_module("coupml")
    except ImportError:
        return None


def play_coupml(coupml: ModuleType, players: int, seconds: float, seed: int) -> Round:
    """The same loop on coupml: whose turn (``player_to_act``), its legal actions, one applied.

    coupml waits on one seat at a time, so there is no seat to draw; ``player_to_act`` is called
    because any driver needs it to know whose policy to ask.
    """
    game_class = coupml.Coup
    rng, randrange = _Rng(seed), random.Random(seed + 1).randrange

    def one(index: int) -> int:
        game = game_class(players, rng)
        game.init_game()
        over, whose, actions_of, play_action = (
            game.is_game_over,
            game.player_to_act,
            game.get_legal_actions,
            game.play_action,
        )
        decisions = 0
        while not over():
            whose()
            actions = actions_of()
            play_action(actions[randrange(len(actions))])
            decisions += 1
        return decisions

    return rounds_of(one, seconds)


def interleave(
    runners: dict[str, Callable[[float, int], Round]], rounds: int, seconds: float
) -> dict[str, list[Round]]:
    """``rounds`` rounds of each runner, taking turns, the order rotating from round to round.

    Each runner first plays one unrecorded warm-up round.
    """
    names = list(runners)
    for name in names:
        runners[name](min(seconds, 0.3), 999)
    results: dict[str, list[Round]] = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            results[name].append(runners[name](seconds, r + 1))
    return results


# ------------------------------------------------------------------------------------------------
# Single calls


def clock_cost_ns(clock: Callable[[], int] = time.perf_counter_ns, readings: int = 20_000) -> float:
    """The median cost of one reading of ``clock`` (``perf_counter_ns`` unless named), as it
    shows inside an interval."""
    samples = []
    for _ in range(readings):
        t0 = clock()
        t1 = clock()
        samples.append(t1 - t0)
    return statistics.median(samples)


@dataclass
class Calls:
    """Nanoseconds of each timed call of an instrumented round."""

    new_game: list[int]
    to_act: list[int]
    legal_first: list[int]
    legal_again: list[int]
    apply: list[int]
    games: int = 0
    decisions: int = 0

    def mean_us(self, samples: list[int], tick: float) -> float:
        kept = [s for s in samples if s < DROP_NS]
        return (sum(kept) / len(kept) - tick) / 1e3 if kept else float("nan")

    def dropped(self) -> int:
        everything = (self.new_game, self.to_act, self.legal_first, self.legal_again, self.apply)
        return sum(1 for samples in everything for s in samples if s >= DROP_NS)


def calls_of(calls: Calls, game: Callable[[int], int], seconds: float) -> Calls:
    """``rounds_of`` for an instrumented round: ``game(i)`` plays the i-th game, timing its
    calls into ``calls``, and answers its decisions."""
    cpu = time.process_time
    deadline = cpu() + seconds
    while True:
        calls.decisions += game(calls.games)
        calls.games += 1
        if cpu() >= deadline:
            return calls


def timed_play(engine: Engine[S, M], seconds: float, seed: int) -> Calls:
    """The self-play loop with every engine call timed one by one.

    After the first ``legal_moves`` call on a state (the one the plain loop makes) the same call
    is made and timed again, to show what a repeated call costs.
    """
    start_game, seats_of, moves_of, play_move = (
        engine.new_game,
        engine.to_act,
        engine.legal_moves,
        engine.apply,
    )
    randrange = random.Random(seed).randrange
    clock = time.perf_counter_ns
    calls = Calls([], [], [], [], [])
    new_ns, act_ns, first_ns = calls.new_game.append, calls.to_act.append, calls.legal_first.append
    again_ns, apply_ns = calls.legal_again.append, calls.apply.append

    def game(index: int) -> int:
        t0 = clock()
        state = start_game(seed * 1_000_003 + index)
        t1 = clock()
        new_ns(t1 - t0)
        decisions = 0
        while state.winner is None:
            t0 = clock()
            seats = seats_of(state)
            t1 = clock()
            seat = seats[randrange(len(seats))]
            t2 = clock()
            moves = moves_of(state, seat)
            t3 = clock()
            moves_of(state, seat)
            t4 = clock()
            move = moves[randrange(len(moves))]
            t5 = clock()
            state = play_move(state, move)
            t6 = clock()
            act_ns(t1 - t0)
            first_ns(t3 - t2)
            again_ns(t4 - t3)
            apply_ns(t6 - t5)
            decisions += 1
        return decisions

    return calls_of(calls, game, seconds)


def timed_play_coupml(coupml: ModuleType, players: int, seconds: float, seed: int) -> Calls:
    """The coupml loop with every call timed one by one (``player_to_act`` as ``to_act``)."""
    game_class = coupml.Coup
    rng, randrange = _Rng(seed), random.Random(seed + 1).randrange
    clock = time.perf_counter_ns
    calls = Calls([], [], [], [], [])
    new_ns, act_ns, first_ns = calls.new_game.append, calls.to_act.append, calls.legal_first.append
    again_ns, apply_ns = calls.legal_again.append, calls.apply.append

    def one(index: int) -> int:
        t0 = clock()
        game = game_class(players, rng)
        game.init_game()
        t1 = clock()
        new_ns(t1 - t0)
        over, whose, actions_of, play_action = (
            game.is_game_over,
            game.player_to_act,
            game.get_legal_actions,
            game.play_action,
        )
        decisions = 0
        while not over():
            t0 = clock()
            whose()
            t1 = clock()
            actions = actions_of()
            t2 = clock()
            actions_of()
            t3 = clock()
            action = actions[randrange(len(actions))]
            t4 = clock()
            play_action(action)
            t5 = clock()
            act_ns(t1 - t0)
            first_ns(t2 - t1)
            again_ns(t3 - t2)
            apply_ns(t5 - t4)
            decisions += 1
        return decisions

    return calls_of(calls, one, seconds)


Runners = tuple[Callable[[float, int], Round], Callable[[float, int], Calls]]


def breakdown(engines: dict[str, Runners], mode: Mode, tick: float) -> dict[str, dict[str, float]]:
    """Per-call µs and the plain loop's µs per decision of each engine, from pairs of rounds.

    A pair is one plain round and one instrumented round of the same engine (which comes first
    alternates). In each of ``mode.parts_rounds`` passes every engine plays one pair, the
    engines' order rotating from pass to pass, so that the machine's load weighs on all alike.
    "loop" is what the plain round spends per decision beyond the engine's calls measured in the
    instrumented round of its pair (drawing the seat and the move, the loop, the ``winner``
    test). Every figure is the median over the pairs.
    """
    warm_up = min(mode.parts_seconds, 0.3)
    for plain, timed in engines.values():
        plain(warm_up, 999)
        timed(warm_up, 999)
    names = list(engines)
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    dropped = {name: 0 for name in names}
    samples = {name: 0 for name in names}
    for r in range(mode.parts_rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            plain, timed = engines[name]
            if r % 2:
                calls = timed(mode.parts_seconds, r + 1)
                loop = plain(mode.parts_seconds, r + 1)
            else:
                loop = plain(mode.parts_seconds, r + 1)
                calls = timed(mode.parts_seconds, r + 1)
            dropped[name] += calls.dropped()
            samples[name] += calls.games + 4 * calls.decisions
            row = {
                "to_act": calls.mean_us(calls.to_act, tick),
                "legal_first": calls.mean_us(calls.legal_first, tick),
                "legal_again": calls.mean_us(calls.legal_again, tick),
                "apply": calls.mean_us(calls.apply, tick),
                "new_game": calls.mean_us(calls.new_game, tick),
                "decisions_per_game": calls.decisions / calls.games,
                "plain_us_per_decision": loop.us_per_decision,
            }
            row["new_game_per_decision"] = row["new_game"] / row["decisions_per_game"]
            row["loop"] = row["plain_us_per_decision"] - (
                row["to_act"] + row["legal_first"] + row["apply"] + row["new_game_per_decision"]
            )
            rows[name].append(row)
    out: dict[str, dict[str, float]] = {}
    for name, runs in rows.items():
        out[name] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        out[name]["dropped_share"] = dropped[name] / samples[name]
    return out


# ------------------------------------------------------------------------------------------------
# Views

HOSTILE = (Coup, Assassinate, Challenge)


def long_game(target: int, tries: int = 40) -> tuple[Config, int, list[Move], list[int]]:
    """A 10-player game played until its log holds ``target`` events.

    Uniformly random play ends 10-player games after about 160–250 events, so this one is played
    by a calm random policy: a uniformly random seat of ``to_act``, then a uniformly random move
    of its legal moves other than Coup, Assassinate and Challenge (any move when only those are
    left). The first seed whose game reaches ``target`` is used (else the longest game). Returns
    the config, the seed, the moves and the log length after each move.
    """
    config = Config(players=10)
    best: tuple[Config, int, list[Move], list[int]] | None = None
    for seed in range(tries):
        pick = random.Random(seed)
        state = new_game(config, seed=seed)
        moves: list[Move] = []
        lengths: list[int] = []
        while state.winner is None and len(state.log) < target:
            seats = to_act(state)
            legal = legal_moves(state, seats[pick.randrange(len(seats))])
            calm: list[Move] = [m for m in legal if not isinstance(m, HOSTILE)] or list(legal)
            move = calm[pick.randrange(len(calm))]
            state = apply(state, move)
            moves.append(move)
            lengths.append(len(state.log))
        if best is None or lengths[-1] > best[3][-1]:
            best = (config, seed, moves, lengths)
        if lengths[-1] >= target:
            break
    assert best is not None
    return best


def replay(config: Config, seed: int, moves: Sequence[Move]) -> GameState:
    """A fresh state, equal to the one these moves led to (no call on it has been made yet)."""
    state = new_game(config, seed=seed)
    for move in moves:
        state = apply(state, move)
    return state


def _once_us(fn: Callable[[], object], tick: float) -> float:
    cpu = time.process_time_ns
    t0 = cpu()
    fn()
    return (cpu() - t0 - tick) / 1e3


def _mean_us(fn: Callable[[], object], calls: int) -> float:
    cpu = time.process_time_ns
    t0 = cpu()
    for _ in range(calls):
        fn()
    return (cpu() - t0) / calls / 1e3


def view_costs(config: Config, seed: int, moves: Sequence[Move], repeats: int) -> dict[str, float]:
    """View costs on the state these moves lead to (the viewer: the first seat of ``to_act``).

    Each first call is timed on a fresh replay of the state, right after the same views of an
    equal twin (so that what is measured is the state's first call, not the code's first run
    after the replay): the incremental view twice, then the whole view twice. Then the means of
    many repeated calls of each. The first incremental view is also the first ``legal_moves``
    call for the viewer's seat on that state. Medians over ``repeats`` fresh states.
    """
    tick = clock_cost_ns(time.process_time_ns, 2000)
    rows: list[dict[str, float]] = []
    for _ in range(repeats):
        twin, state = replay(config, seed, moves), replay(config, seed, moves)
        seat = to_act(state)[0]
        length = len(state.log)
        since_now = partial(view, state, seat, since=length)
        whole = partial(view, state, seat)
        gc.collect()
        view(twin, seat, since=length)
        view(twin, seat)
        inc1, inc2 = _once_us(since_now, tick), _once_us(since_now, tick)
        full1, full2 = _once_us(whole, tick), _once_us(whole, tick)
        rows.append(
            {
                "events": length,
                "incremental_first": inc1,
                "incremental_second": inc2,
                "incremental_repeated": _mean_us(since_now, 2000),
                "full_first": full1,
                "full_second": full2,
                "full_repeated": _mean_us(whole, max(5, 200_000 // (length + 100))),
            }
        )
    return {key: statistics.median(row[key] for row in rows) for key in rows[0]}


def server_views(players: int, seconds: float, seed: int) -> dict[str, float]:
    """A server's views in random games: after each move, every seat's view since the last."""
    randrange = random.Random(seed).randrange
    cpu = time.process_time_ns
    config = Config(players=players)
    spent = moves = games = 0
    deadline = cpu() + int(seconds * 1e9)
    while cpu() < deadline:
        state = new_game(config, seed=seed * 1_000_003 + games)
        sent = len(state.log)
        while state.winner is None:
            seats = to_act(state)
            options = legal_moves(state, seats[randrange(len(seats))])
            state = apply(state, options[randrange(len(options))])
            t0 = cpu()
            for seat in range(players):
                view(state, seat, since=sent)
            spent += cpu() - t0
            sent = len(state.log)
            moves += 1
        games += 1
    return {"us_per_move": spent / moves / 1e3, "us_per_view": spent / moves / players / 1e3}


# ------------------------------------------------------------------------------------------------
# Memory


def bytes_per_state(config: Config, games: int, seed: int) -> float:
    """Bytes retained per state when every state of a game is kept (as played: with whatever
    the engine caches on them)."""
    total = states_kept = 0
    for g in range(games + 1):  # game 0 warms up any lazily built tables; not counted
        pick = random.Random(seed + g)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        states = [new_game(config, seed=seed + g)]
        while states[-1].winner is None:
            state = states[-1]
            seats = to_act(state)
            moves = legal_moves(state, seats[pick.randrange(len(seats))])
            states.append(apply(state, moves[pick.randrange(len(moves))]))
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        if g:
            total += grown
            states_kept += len(states)
        del states
    return total / states_kept


def peak_memory(config: Config, games: int, seed: int) -> int:
    """Peak traced bytes of ``games`` random games (each game's states dropped as it goes)."""
    pick = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for g in range(games):
        state = new_game(config, seed=seed + g)
        while state.winner is None:
            seats = to_act(state)
            moves = legal_moves(state, seats[pick.randrange(len(seats))])
            state = apply(state, moves[pick.randrange(len(moves))])
    peak = tracemalloc.get_traced_memory()[1] - before
    tracemalloc.stop()
    return peak


# ------------------------------------------------------------------------------------------------
# Report


def cpu_name() -> str:
    """The processor's model name, where the system tells it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown cpu"


def build_info(coupml: ModuleType | None) -> dict[str, Any]:
    package = Path(coup_rules.__file__).resolve().parent
    extensions = sorted(
        p.name for p in package.rglob("*") if p.suffix in {".so", ".pyd"} and p.is_file()
    )
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "coup_rules": coup_rules.__version__,
        "compiled": bool(getattr(coup_rules, "COMPILED", False)),
        "extension_modules": len(extensions),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(),
        "cpu": cpu_name(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg()[0],
        "coupml": importlib.metadata.version("coupml") if coupml is not None else None,
    }


# ------------------------------------------------------------------------------------------------
# Playouts


def play_apply_loop(config: Config, seconds: float, seed: int) -> Round:
    """Whole games by ``playout``'s uniform policy (``rng.choice`` of a seat of ``to_act``, then
    of its legal moves), one checked ``apply`` at a time."""
    choice = random.Random(seed).choice

    def game(index: int) -> int:
        state = new_game(config, seed=seed * 1_000_003 + index)
        decisions = 0
        while not state.is_over:
            state = apply(state, choice(legal_moves(state, choice(to_act(state)))))
            decisions += 1
        return decisions

    return rounds_of(game, seconds)


def play_playouts(config: Config, seconds: float, seed: int) -> Round:
    """The same games as ``play_apply_loop`` (same seeds, same random choices), by ``playout``.

    ``decisions`` is left 0: a playout does not count its moves.
    """
    rng = random.Random(seed)

    def game(index: int) -> int:
        playout(new_game(config, seed=seed * 1_000_003 + index), rng)
        return 0

    return rounds_of(game, seconds)


def playouts(mode: Mode, coupml: ModuleType | None) -> dict[str, Any]:
    """Part 6: playouts/s beside the apply loop, per variant at 4 players."""
    out: dict[str, Any] = {}
    for name, flags in VARIANTS.items():
        config = Config(players=4, **flags)
        runners: dict[str, Callable[[float, int], Round]] = {
            "apply loop": partial(play_apply_loop, config),
            "playout": partial(play_playouts, config),
        }
        if coupml is not None and name == "base":
            runners["coupml"] = partial(play_coupml, coupml, 4)
        results = interleave(runners, mode.playout_rounds, mode.playout_seconds)
        pairs = zip(results["playout"], results["apply loop"], strict=True)
        ratios = [p.games_per_s / a.games_per_s for p, a in pairs]
        row: dict[str, Any] = {
            runner: median([r.games_per_s for r in runs]) for runner, runs in results.items()
        }
        row["ratio"] = {"median": median(ratios), "min": min(ratios), "max": max(ratios)}
        out[name] = row
    return out


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def side_by_side(
    players: int, rounds: int, seconds: float, coupml: ModuleType | None
) -> dict[str, Any]:
    """Interleaved rounds at ``players`` players, with the per-round ratios."""
    runners: dict[str, Callable[[float, int], Round]] = {
        "coup_rules": partial(play, coup_rules_engine(Config(players=players))),
        "null engine": partial(play, null_engine_for(players)),
    }
    if coupml is not None:
        runners["coupml"] = partial(play_coupml, coupml, players)
    results = interleave(runners, rounds, seconds)
    out: dict[str, Any] = {"players": players, "rounds": rounds, "seconds_per_round": seconds}
    for name, runs in results.items():
        out[name] = {
            "games_per_s": median([r.games_per_s for r in runs]),
            "decisions_per_s": median([r.decisions_per_s for r in runs]),
            "decisions_per_game": sum(r.decisions for r in runs) / sum(r.games for r in runs),
            "us_per_decision": median([r.us_per_decision for r in runs]),
            "cpu_share": sum(r.cpu for r in runs) / sum(r.wall for r in runs),
            "rounds": [
                {"games": r.games, "decisions": r.decisions, "cpu": r.cpu, "wall": r.wall}
                for r in runs
            ],
        }
    if coupml is not None:
        pairs = list(zip(results["coup_rules"], results["coupml"], strict=True))
        games = [ours.games_per_s / theirs.games_per_s for ours, theirs in pairs]
        decisions = [ours.decisions_per_s / theirs.decisions_per_s for ours, theirs in pairs]
        out["ratio_games"] = {"median": median(games), "min": min(games), "max": max(games)}
        out["ratio_decisions"] = {
            "median": median(decisions),
            "min": min(decisions),
            "max": max(decisions),
        }
    return out


def print_side_by_side(result: dict[str, Any]) -> None:
    players = result["players"]
    for name in ("coup_rules", "coupml", "null engine"):
        if name in result:
            r = result[name]
            print(
                f"{players:>7} {name:<12} {r['games_per_s']:>9.0f} {r['decisions_per_s']:>12.0f}"
                f" {r['decisions_per_game']:>10.1f} {r['us_per_decision']:>10.2f}"
            )
    if "ratio_games" in result:
        g, d = result["ratio_games"], result["ratio_decisions"]
        print(
            f"{'':>7} ratio coup_rules/coupml, median of {result['rounds']} per-round ratios: "
            f"games/s {g['median']:.2f} ({g['min']:.2f}–{g['max']:.2f}), "
            f"decisions/s {d['median']:.2f} ({d['min']:.2f}–{d['max']:.2f})"
        )


def print_header(mode: Mode, info: dict[str, Any], tick: float) -> None:
    """What is measured, on what, and how."""
    print(f"coup_rules benchmarks ({mode.name}), {info['date']}")
    print(
        f"build: coup_rules {info['coup_rules']}, COMPILED={info['compiled']} "
        f"({info['extension_modules']} extension modules in the package); {info['python']}"
    )
    print(
        f"machine: {info['machine']}, {info['cpu']}, {info['cpus']} CPUs, "
        f"load average {info['load_average']:.2f} at start"
    )
    print(
        f"timing: rounds on process CPU time; single calls with perf_counter_ns less "
        f"{tick:.0f} ns per reading, calls over 1 ms dropped"
    )


def part_side_by_side(mode: Mode, coupml: ModuleType | None) -> dict[str, Any]:
    """Part 1: random self-play in interleaved rounds, beside coupml and the null engine."""
    print(
        f"\n1. Random self-play, interleaved rounds ({mode.side_rounds} rounds of "
        f"{mode.side_seconds} s CPU per engine at 4 players, {mode.other_rounds} of "
        f"{mode.other_seconds} s otherwise)"
    )
    if coupml is None:
        print("   coupml is not installed: no side-by-side comparison (pip install coupml==0.1.1)")
    header = (
        f"{'players':>7} {'engine':<12} {'games/s':>9} {'decisions/s':>12} {'dec/game':>10} "
        f"{'µs/dec':>10}"
    )
    print(header)
    print("-" * len(header))
    out: dict[str, Any] = {}
    for players in mode.side_players:
        rounds, seconds = (
            (mode.side_rounds, mode.side_seconds)
            if players == 4
            else (mode.other_rounds, mode.other_seconds)
        )
        result = side_by_side(players, rounds, seconds, coupml)
        out[str(players)] = result
        print_side_by_side(result)
    return out


def part_breakdown(
    mode: Mode, coupml: ModuleType | None, tick: float
) -> dict[str, dict[str, float]]:
    """Part 2: what each call of a decision costs."""
    print(
        f"\n2. Per-decision breakdown at 4 players, µs: medians over {mode.parts_rounds} pairs of "
        f"rounds of {mode.parts_seconds} s, one plain, one with each call timed"
    )
    header = (
        f"{'engine / variant':<24} {'to_act':>7} {'legal 1st':>9} {'legal again':>11} "
        f"{'apply':>7} {'new game':>9} {'loop':>6} {'= plain loop':>12}"
    )
    print(header)
    print("-" * len(header))
    engines: dict[str, Runners] = {}
    for name, flags in VARIANTS.items():
        engine = coup_rules_engine(Config(players=4, **flags))
        engines[f"coup_rules {name}"] = (partial(play, engine), partial(timed_play, engine))
    null = null_engine_for(4)
    engines["null engine"] = (partial(play, null), partial(timed_play, null))
    if coupml is not None:
        engines["coupml"] = (
            partial(play_coupml, coupml, 4),
            partial(timed_play_coupml, coupml, 4),
        )
    rows = breakdown(engines, mode, tick)
    for name, row in rows.items():
        print(
            f"{name:<24} {row['to_act']:>7.2f} {row['legal_first']:>9.2f} "
            f"{row['legal_again']:>11.2f} {row['apply']:>7.2f} "
            f"{row['new_game_per_decision']:>9.2f} {row['loop']:>6.2f} "
            f"{row['plain_us_per_decision']:>12.2f}"
        )
    worst = max(row["dropped_share"] for row in rows.values())
    print(
        "new game: new_game's cost spread over the game's decisions; loop: the plain loop's time "
        "less the calls (drawing seat and move, the winner test); each column is a median, so "
        f"they add up only roughly. Timed calls dropped (over 1 ms): ≤ {worst:.2%}."
    )
    if coupml is not None:
        print("coupml columns: player_to_act, get_legal_actions (no cache), play_action, init_game")
    return rows


def part_floor(side: dict[str, Any], rows: dict[str, dict[str, float]]) -> dict[str, float]:
    """Part 3: the null engine's loop, the floor under any engine's."""
    at4 = side.get("4")
    if at4 is not None:
        floor, ours = at4["null engine"]["us_per_decision"], at4["coup_rules"]["us_per_decision"]
        source = "the 4-player rounds of part 1"
    else:
        floor = rows["null engine"]["plain_us_per_decision"]
        ours = rows["coup_rules base"]["plain_us_per_decision"]
        source = "the plain rounds of part 2"
    print(
        f"\n3. The floor ({source}): the null engine's loop costs {floor:.2f} µs per decision "
        f"(the loop and the API shape alone); coup_rules' base game {ours:.2f} µs, so "
        f"{ours - floor:.2f} µs are the rules, the state, the events and the checks"
    )
    return {"us_per_decision": floor, "coup_rules_us_per_decision": ours}


def part_views(mode: Mode) -> dict[str, Any]:
    """Part 4: the views of one long game, and a server's after every move."""
    small, large = mode.view_sizes
    config, seed, moves, lengths = long_game(large)
    print(
        f"\n4. Views, µs, of one 10-player game played calmly (seed {seed}, {len(moves)} moves, "
        f"{lengths[-1]} events; viewer: the first seat of to_act). Incremental: since=len(log); "
        f"whole: since=0. Medians over fresh states ({10 * mode.view_repeats} and "
        f"{mode.view_repeats})"
    )
    header = (
        f"{'events':>7} {'incremental 1st':>15} {'2nd':>7} {'repeated':>9} "
        f"{'whole 1st':>10} {'2nd':>9} {'repeated':>9}"
    )
    print(header)
    print("-" * len(header))
    views: dict[str, Any] = {"game": {"players": 10, "seed": seed, "moves": len(moves)}}
    for size in (small, large):
        upto = next((i + 1 for i, n in enumerate(lengths) if n >= size), len(moves))
        repeats = mode.view_repeats * (10 if size == small else 1)  # small replays are cheap
        v = view_costs(config, seed, moves[:upto], repeats)
        views[str(size)] = v
        print(
            f"{v['events']:>7.0f} {v['incremental_first']:>15.1f} {v['incremental_second']:>7.1f} "
            f"{v['incremental_repeated']:>9.1f} {v['full_first']:>10.1f} {v['full_second']:>9.1f} "
            f"{v['full_repeated']:>9.1f}"
        )
    server = server_views(4, mode.server_seconds, 21)
    views["server_4_players"] = server
    print(
        f"a server in random 4-player games, after each move, every seat's view since the last "
        f"one: {server['us_per_move']:.1f} µs per move ({server['us_per_view']:.1f} µs per view)"
    )
    return views


def part_memory(mode: Mode) -> dict[str, Any]:
    """Part 5: the bytes kept per state, the peak."""
    print(f"\n5. Memory (tracemalloc), 4 players, {mode.memory_games} games per figure")
    memory: dict[str, Any] = {}
    for name, flags in VARIANTS.items():
        per_state = bytes_per_state(Config(players=4, **flags), mode.memory_games, 13)
        memory[f"bytes_per_state_{name}"] = per_state
        print(f"   {name:<12} {per_state:>6.0f} bytes retained per state, all of a game's kept")
    peak = peak_memory(Config(players=4), mode.peak_games, 17)
    memory["peak_bytes"] = peak
    memory["peak_games"] = mode.peak_games
    memory["max_rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"   peak traced memory of a {mode.peak_games}-game run: {peak / 1024:.0f} KiB")
    print(f"   max resident set of this whole process so far: {memory['max_rss_kib']} KiB")
    return memory


def part_playouts(mode: Mode, coupml: ModuleType | None) -> dict[str, Any]:
    """Part 6: playouts beside the apply loop."""
    print(
        f"\n6. Playouts, 4 players, games/s: playout() beside the same random games played by an "
        f"apply loop ({mode.playout_rounds} interleaved rounds of {mode.playout_seconds} s CPU)"
    )
    header = f"{'variant':<12} {'apply loop':>10} {'playout':>9} {'ratio':>18} {'coupml':>8}"
    print(header)
    print("-" * len(header))
    rows6 = playouts(mode, coupml)
    for name, row in rows6.items():
        r = row["ratio"]
        theirs = f"{row['coupml']:>8.0f}" if "coupml" in row else f"{'':>8}"
        print(
            f"{name:<12} {row['apply loop']:>10.0f} {row['playout']:>9.0f} "
            f"{r['median']:>6.2f} ({r['min']:.2f}–{r['max']:.2f}) {theirs}"
        )
    print("ratio: playout/apply loop, the median (and range) of the per-round ratios")
    return rows6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few-second smoke run (for CI)")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE")
    args = parser.parse_args(argv)
    mode = QUICK if args.quick else FULL
    began = time.perf_counter()
    coupml = load_coupml()
    info = build_info(coupml)
    tick = clock_cost_ns()
    report: dict[str, Any] = {"mode": mode.name, "build": info, "clock_ns": tick}

    print_header(mode, info, tick)
    report["side_by_side"] = part_side_by_side(mode, coupml)
    rows = part_breakdown(mode, coupml, tick)
    report["breakdown"] = rows
    report["floor"] = part_floor(report["side_by_side"], rows)
    report["views"] = part_views(mode)
    report["memory"] = part_memory(mode)
    report["playouts"] = part_playouts(mode, coupml)

    report["seconds"] = time.perf_counter() - began
    print(f"\ntook {report['seconds']:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
