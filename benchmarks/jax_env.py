"""Benchmark of coup_rules.jax: jitted random play, beside the vector engine and coupml.

What is measured, at 4 players, base game (``Config(players=4)``, the config of
``benchmarks/vector.py``):

1. ``coup_rules.jax.Env`` with ``observations=False`` and with ``observations=True``, at
   1,024, 16,384 and 131,072 games: one jitted ``lax.scan`` of random play over a batch of games
   (``jax.vmap`` of ``step``). Each scan step draws, per game, a uniformly random
   legal action (``jax.random.categorical`` over logits 0 where ``legal_action_mask`` is set and
   -inf elsewhere), plays it with ``step``, and deals every game that ended again
   (``coup_rules.jax.autoreset``: from a stock of games dealt ahead, dealt anew only when it
   runs out), so every lane keeps playing. The lanes start as finished games, so the first step
   of the scan deals them all. A decision is a lane whose game was not over before the step; a
   game is a lane whose game ended in it. Printed per batch size: the trace (``.lower()``) and
   compile (``.compile()``) times and the first call (wall clock), then decisions/s and games/s
   over further calls of the compiled scan, on the process's CPU time (the device synchronised
   at the end of each call; on a GPU, where the host waits, read the wall-clock figure printed
   beside it).
2. The vector engine (numba, ``coup_rules.vector``) on the same config: ``random_playouts`` on one
   thread and on all of numba's threads, and a Python loop over ``VectorEnv.step`` (uniform legal
   actions drawn by NumPy) at the same batch sizes; and coupml 0.1.1's random loop (the
   reference other implementation, as in ``benchmarks/run.py``), when installed: it is a
   yardstick only, never a dependency, and without it the script says so and prints no ratios
   against it. These runners are ``benchmarks/vector.py``'s own, timed as there (process CPU
   time single-threaded, the wall clock on several threads).

Both forms are compared on CPU time with their thread counts stated: XLA's CPU backend runs on
one thread (``XLA_FLAGS`` gets ``--xla_cpu_multi_thread_eigen=false
intra_op_parallelism_threads=1`` before JAX is imported; ``--xla-threads all`` leaves XLA its
thread pool, and the JAX figures are then on the wall clock), numba's ``random_playouts`` on
one thread for the ratios. A rate on CPU time does not depend on how busy the machine is; one on
the wall clock does.

Run from the repository root, with the ``[jax]`` and ``[vector]`` extras installed::

    python benchmarks/jax_env.py                 # about 3 minutes: --budget 180 (seconds)
    python benchmarks/jax_env.py --budget 600    # longer runs, the largest batch if it fits
    python benchmarks/jax_env.py --quick         # CI's smoke run: 1,024 games, a few steps

On a GPU, the same command after ``pip install -e '.[jax]' 'jax[cuda12]'``: nothing here is
CPU-specific, JAX runs on its default device (printed first, with the versions and the CPU
count). The budget bounds the whole run: the scan steps per batch size are scaled down to fit
it, and a batch size whose estimated compile and run (from the smaller one) would overrun it is
skipped, with a line saying so. The figures are printed, never asserted.
"""

from __future__ import annotations

import os
import sys

XLA_ONE_THREAD = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
"""The XLA flags of a CPU backend on one thread (set before JAX is imported, below)."""
_ARGS = " ".join(sys.argv[1:]).replace("--xla-threads=", "--xla-threads ")
XLA_ALL_THREADS = "--xla-threads all" in _ARGS
if not XLA_ALL_THREADS:
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {XLA_ONE_THREAD}".strip()

import argparse  # noqa: E402  (JAX reads XLA_FLAGS once, when its backend starts)
import importlib.metadata  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from functools import partial  # noqa: E402
from typing import Any  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numba  # noqa: E402
from jax import lax  # noqa: E402
from run import Round, load_coupml, play_coupml  # noqa: E402
from vector import CONFIG, play_step_loop, play_vector_playouts  # noqa: E402

from coup_rules.jax import Env, State, Stock, autoreset, stock  # noqa: E402
from coup_rules.vector import VectorEnv  # noqa: E402

Array = jax.Array
SIZES: tuple[int, ...] = (1_024, 16_384, 131_072)
QUICK_SIZES: tuple[int, ...] = (1_024,)


@dataclass(frozen=True)
class Plan:
    """How long to run: the seconds of timed calls per batch size, the scan's default length."""

    name: str
    run_seconds: float  # of timed calls per (batch size, observations), after the first call
    call_seconds: float  # what one call of the compiled scan should last
    length: int  # scan steps per call when there is no estimate yet
    most_length: int
    reference_seconds: float  # per vector-engine and coupml runner


@dataclass
class JaxRun:
    lanes: int
    observations: bool
    length: int = 0  # scan steps per call
    lower_s: float = 0.0
    compile_s: float = 0.0
    first_s: float = 0.0  # the first call (its decisions are not counted in the rate)
    calls: int = 0
    decisions: int = 0
    games: int = 0
    illegal: int = 0
    seconds: float = 0.0  # CPU time of the timed calls (the wall clock with XLA's thread pool)
    wall: float = 0.0  # wall clock of the timed calls
    skipped: str = ""

    @property
    def step_s(self) -> float:
        """Seconds per scan step (of the timed calls, else of the first call)."""
        if self.calls:
            return self.seconds / (self.calls * self.length)
        return self.first_s / self.length


Carry = tuple[State, Array, Stock]


def random_play(env: Env, lanes: int, length: int) -> Callable[[Carry], Any]:
    """``length`` steps of autoreset random play over ``lanes`` games, as one ``lax.scan``:
    ``(state, key, stock) -> ((state, key, stock), (decisions, games, illegal))``, the counts
    summed over the steps."""
    step = jax.vmap(env.step)

    def one(carry: Carry, _: None) -> tuple[Carry, Array]:
        state, key, games = carry
        key, k_action, k_step = jax.random.split(key, 3)
        live = ~(state.terminated | state.truncated)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k_action, logits, axis=-1)
        state = step(state, action, jax.random.split(k_step, lanes))
        done = state.terminated | state.truncated
        illegal = state.illegal_action
        state, games = autoreset(env, state, games)
        counts = jnp.stack([live.sum(), (live & done).sum(), (live & illegal).sum()])
        return (state, key, games), counts

    def run(carry: Carry) -> tuple[Carry, Array]:
        carry, counts = lax.scan(one, carry, length=length)
        return carry, counts.sum(axis=0)

    return run


def ready(out: tuple[Carry, Array]) -> tuple[Carry, Array]:
    """``out`` once the device has computed all of it."""
    for leaf in jax.tree.leaves(out):
        leaf.block_until_ready()
    return out


def finished_lanes(env: Env, lanes: int) -> State:
    """A batch of ``lanes`` games that are all over (zeros, ``terminated``, nobody to ask), for
    the scan's first step to deal from the stock."""
    shapes = jax.eval_shape(jax.vmap(env.init), jax.random.split(jax.random.key(0), lanes))
    zeros = jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), shapes)
    state: State = zeros._replace(
        terminated=jnp.ones(lanes, jnp.bool_), current_player=jnp.full(lanes, -1, jnp.int32)
    )
    return state


def measure_jax(
    run: JaxRun, length: int, plan: Plan, deadline: float, seed: int
) -> tuple[JaxRun, str]:
    """Compile and run ``run``'s scan; the note says when the budget cut its calls short."""
    env = Env(CONFIG, observations=run.observations)
    run.length = length
    key, deal = jax.random.split(jax.random.key(seed))
    games = jax.jit(partial(stock, env, size=run.lanes))(deal)
    carry: Carry = (finished_lanes(env, run.lanes), key, games)
    jitted = jax.jit(random_play(env, run.lanes, length), donate_argnums=0)
    t = time.perf_counter()
    lowered = jitted.lower(carry)
    run.lower_s = time.perf_counter() - t
    t = time.perf_counter()
    compiled = lowered.compile()
    run.compile_s = time.perf_counter() - t
    t = time.perf_counter()
    carry, counts = ready(compiled(carry))
    run.first_s = time.perf_counter() - t
    wanted = max(1, round(plan.run_seconds / run.first_s))
    left = deadline - time.perf_counter()
    calls = max(1, min(wanted, int(left / run.first_s)))
    note = ""
    if calls < wanted:
        note = f"budget: {calls * length:,} steps timed instead of {wanted * length:,}"
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(calls):
        carry, counts = ready(compiled(carry))
        decisions, played, illegal = (int(x) for x in counts)
        run.decisions += decisions
        run.games += played
        run.illegal += illegal
    run.wall = time.perf_counter() - start
    run.seconds = run.wall if XLA_ALL_THREADS else time.process_time() - cpu
    run.calls = calls
    return run, note


def estimate(done: list[JaxRun], lanes: int, observations: bool) -> JaxRun | None:
    """The nearest finished run to go by: the same observations at the largest smaller size,
    else the other observations at the same size."""
    same = [r for r in done if r.observations == observations and r.lanes < lanes]
    if same:
        return max(same, key=lambda r: r.lanes)
    other = [r for r in done if r.lanes == lanes]
    return other[-1] if other else None


def jax_part(plan: Plan, sizes: tuple[int, ...], deadline: float) -> list[JaxRun]:
    runs: list[JaxRun] = []
    done: list[JaxRun] = []
    for lanes in sizes:
        for observations in (False, True):
            run = JaxRun(lanes, observations)
            runs.append(run)
            label = f"{lanes:>7,} games, observations={observations!s:<5}"
            guide = estimate(done, lanes, observations)
            length = plan.length
            if guide is not None:
                step_s = guide.step_s * lanes / guide.lanes  # at worst linear in the lanes
                length = max(1, min(plan.most_length, round(plan.call_seconds / step_s)))
                if plan.name == "quick":
                    length = min(length, plan.length)
                # The smallest size always runs; a larger one only if it fits what is left.
                if lanes != sizes[0]:
                    needed = guide.lower_s + guide.compile_s * 1.2 + 2 * step_s * length
                    left = deadline - time.perf_counter()
                    if needed > left:
                        run.skipped = (
                            f"skipped: about {needed:.0f} s to compile and run (from "
                            f"{guide.lanes:,} games), {max(left, 0):.0f} s of the budget left"
                        )
                        print(f"   {label}  {run.skipped}", flush=True)
                        continue
            run, note = measure_jax(run, length, plan, deadline, seed=len(runs))
            done.append(run)
            rate = run.decisions / run.seconds
            print(
                f"   {label}  trace {run.lower_s:5.1f} s, compile {run.compile_s:6.1f} s, "
                f"first call {run.first_s:6.2f} s; {run.calls} x {run.length} steps in "
                f"{run.seconds:6.2f} s ({run.wall:.2f} s wall): {rate:12,.0f} decisions/s"
                + (f"  ({note})" if note else ""),
                flush=True,
            )
            if run.illegal:
                print(f"   !! {run.illegal:,} illegal actions sampled (none expected)")
    return runs


def reference_part(
    plan: Plan, sizes: tuple[int, ...], threads: int
) -> tuple[dict[str, Round], dict[str, int], str | None]:
    """The vector engine's runners and coupml's (``benchmarks/vector.py``'s), one round each
    after a short unrecorded warm-up (numba compiles or loads its cache there)."""
    runners: dict[str, Callable[[float, int], Round]] = {}
    coupml = load_coupml()
    if coupml is not None:
        runners["coupml random loop"] = partial(play_coupml, coupml, CONFIG.players)
    runners["random_playouts, 1 thread"] = partial(play_vector_playouts, 1)
    if threads > 1:
        runners[f"random_playouts, {threads} threads"] = partial(play_vector_playouts, threads)
    batches: dict[str, int] = {}  # the step loops' batch sizes
    for games in sizes:
        env = VectorEnv(CONFIG, num_envs=games, seed=games)
        name = f"VectorEnv.step loop, {games:,}"
        runners[name] = partial(play_step_loop, env)
        batches[name] = games
    t = time.perf_counter()
    for runner in runners.values():
        runner(min(plan.reference_seconds, 0.3), 999)
    print(
        f"   warm-up of every runner (numba compiles or loads its cache): "
        f"{time.perf_counter() - t:.1f} s"
    )
    results = {name: runner(plan.reference_seconds, 1) for name, runner in runners.items()}
    absent = None if coupml is not None else "coupml is not installed (pip install coupml==0.1.1)"
    return results, batches, absent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny smoke run (for CI)")
    parser.add_argument(
        "--budget", type=float, default=180.0, help="seconds for the whole run (default 180)"
    )
    parser.add_argument(
        "--xla-threads",
        choices=("one", "all"),
        default="one",
        help="XLA's CPU backend on one thread (the default: JAX timed on CPU time) or on its "
        "thread pool (JAX timed on the wall clock)",
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    deadline = began + args.budget
    if args.quick:
        plan = Plan("quick", 0.0, 0.2, 8, 8, 0.3)
        sizes = QUICK_SIZES
    else:
        plan = Plan("full", max(2.0, args.budget / 40), 1.0, 32, 512, 2.0)
        sizes = SIZES
    threads = int(numba.get_num_threads())
    jaxlib_version = importlib.metadata.version("jaxlib")
    print(
        f"coup_rules.jax benchmark ({plan.name}, budget {args.budget:.0f} s), "
        f"{time.strftime('%Y-%m-%d %H:%M')}"
    )
    print(
        f"jax {jax.__version__} (jaxlib {jaxlib_version}), backend {jax.default_backend()}, "
        f"devices {jax.devices()}"
    )
    print(
        f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start; "
        f"numba {numba.__version__}, {threads} threads"
    )
    xla = "its thread pool (wall clock)" if XLA_ALL_THREADS else "1 thread (CPU time)"
    print(
        f"threads: JAX (XLA) on {xla}, XLA_FLAGS={os.environ.get('XLA_FLAGS', '')!r}; "
        f"numba random_playouts on 1 thread (CPU time) and on {threads} (wall clock); "
        "VectorEnv.step loops on 1 thread (CPU time)"
    )
    print(f"config: {CONFIG.players} players, base game\n")

    print(
        "1. The vector engine (numba) and coupml, one round of "
        f"{plan.reference_seconds} s per runner",
        flush=True,
    )
    reference, batches, absent = reference_part(plan, sizes, threads)
    if absent:
        print(f"   {absent}: no ratios against it")

    print(
        "\n2. coup_rules.jax: jitted lax.scan of random play with autoreset, by batch size",
        flush=True,
    )
    runs = jax_part(plan, sizes, deadline)

    yardstick = reference.get("coupml random loop")
    single = reference["random_playouts, 1 thread"]
    game_length = single.decisions / single.games
    print(f"\n3. Decisions per second, {CONFIG.players} players, base game")
    header = (
        f"{'runner':<40} {'decisions/s':>13} {'games/s':>11} {'clock':>5} "
        f"{'x coupml':>9} {'x rp 1 thr':>10}"
    )
    print(header)
    print("-" * len(header))

    def row(name: str, rate: float, games: float | None, clock: str) -> None:
        ratio = f"{rate / yardstick.decisions_per_s:#.3g}x" if yardstick else ""
        own = f"{rate / single.decisions_per_s:#.3g}x"
        per_s = "-" if games is None else f"{games:,.0f}"
        print(f"{name:<40} {rate:13,.0f} {per_s:>11} {clock:>5} {ratio:>9} {own:>10}")

    for name, r in reference.items():
        # Games/s only once the lanes have played about three games each (a batch of games
        # starts together, so the first games end in a burst).
        played = r.decisions / batches.get(name, 1)
        games = r.games_per_s if played >= 3 * game_length else None
        row(name, r.decisions_per_s, games, "wall" if "threads" in name else "cpu")
    clock = "wall" if XLA_ALL_THREADS else "cpu"
    for run in runs:
        name = f"jax scan, {run.lanes:,}, obs={run.observations}"
        if run.skipped:
            print(f"{name:<40} {run.skipped}")
        else:
            # The same rule, counting the steps since the deal.
            played = run.length - 1 + run.calls * run.length
            games = run.games / run.seconds if played >= 3 * game_length else None
            row(name, run.decisions / run.seconds, games, clock)
    print("(games/s is '-' where a batch played fewer steps than about three games)")
    for run in runs:
        if not run.skipped:
            slower = single.decisions_per_s * run.seconds / run.decisions
            print(
                f"jax scan, {run.lanes:,}, obs={run.observations}: {slower:.1f}x the CPU time "
                f"of random_playouts on 1 thread per decision ({clock} clock for JAX)"
            )
    print("\ncompile times (s): trace + compile, and the first call")
    for run in runs:
        if not run.skipped:
            print(
                f"   {run.lanes:>7,} games, observations={run.observations!s:<5}  "
                f"{run.lower_s:5.1f} + {run.compile_s:6.1f}, first call {run.first_s:6.2f}"
            )
    total = time.perf_counter() - began
    over = f" ({total - args.budget:.0f} s over the budget)" if total > args.budget else ""
    print(f"\nwhole run: {total:.0f} s{over}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
