"""Many games between bots: ``simulate``, its statistics, and replayable records.

``simulate`` plays ``games`` games of one table of bots, on any ``concurrent.futures.Executor``:
a process pool by default, or a Dask or Ray cluster through their executors. Game ``i``'s seed is
derived from the master seed and ``i`` alone, and the bots change seats from game to game in a
fixed rotation, so the results are the same whatever the number of workers or the order in which
they finish.

Every game can be kept as a ``GameRecord`` (config, seed, bots, moves, result), written one JSON
object per line, and replayed with ``replay``, which re-applies the moves and checks that they
give the recorded result.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import math
import operator
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from coup_rules.bots import Bot, Seating, bot_name, make_bot, play_out, with_turn_limit
from coup_rules.bots.runner import DEFAULT_MAX_TURNS
from coup_rules.config import Config
from coup_rules.engine import apply
from coup_rules.events import Eliminated
from coup_rules.moves import Move
from coup_rules.serde import DecodeError, from_json, to_json
from coup_rules.setup import new_game
from coup_rules.state import GameState

__all__ = [
    "MAX_WORKERS",
    "GameRecord",
    "Rate",
    "ReplayError",
    "Simulation",
    "elimination_order",
    "game_seed",
    "play_games",
    "read_records",
    "replay",
    "simulate",
    "wilson",
    "worker_count",
]

MAX_WORKERS = 256
"""The most worker processes ``simulate`` and ``coup_rules.evaluate`` take: ``workers`` above
it is refused (``worker_count`` starts fewer still)."""

WORKERS_PER_CPU = 4
"""The default process pool starts at most this many processes per CPU."""

Progress = Callable[[int], None]
"""Called with the number of games finished so far, as they finish."""


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master`` (a 64-bit integer).

    It depends on nothing else, so a game's seed is the same whoever plays it, and in what order.
    """
    digest = hashlib.blake2b(f"coup-rules/simulate/{master}/{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def wilson(wins: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default): ``(low, high)``."""
    if trials <= 0:
        return (0.0, 1.0)
    p = wins / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


@attrs.frozen
class GameRecord:
    """One game of a simulation: enough to replay it and check its result.

    Attributes:
        index: the game's number in its simulation.
        config: the game's options, turn limit included.
        seed: the game's seed (``new_game(config, seed=seed)``).
        bots: the bot's name in each seat.
        winner: the winning seat, ``None`` for a draw.
        turns: turns played.
        moves: every move in order (empty unless the simulation kept them).
        eliminated: the seats in the order they were eliminated (the finishing order from
            last place up, for ``coup_rules.ratings``); empty in a record read from a file
            written before it was kept.
    """

    index: int
    config: Config
    seed: int
    bots: tuple[str, ...]
    winner: int | None
    turns: int
    moves: tuple[Move, ...] = ()
    eliminated: tuple[int, ...] = ()

    def to_json(self) -> str:
        """The record as one line of JSON (the moves and config in the library's JSON format)."""
        data = {
            "game": self.index,
            "config": json.loads(to_json(self.config)),
            "seed": self.seed,
            "bots": list(self.bots),
            "moves": json.loads(to_json(self.moves)),
            "result": {
                "winner": self.winner,
                "turns": self.turns,
                "eliminated": list(self.eliminated),
            },
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """A record from one line written by ``to_json``.

        Raises:
            DecodeError: the line is not such a record; the message names the field.
        """
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise DecodeError([f"malformed JSON ({exc}) @ $"]) from None
        except RecursionError:
            raise DecodeError(["malformed JSON (nested too deeply) @ $"]) from None
        if not isinstance(data, dict):
            raise DecodeError(["expected an object @ $"])
        missing = {"game", "config", "seed", "bots", "moves", "result"} - set(data)
        if missing:
            raise DecodeError([f"required field missing @ $.{name}" for name in sorted(missing)])
        result = data["result"]
        if not isinstance(result, dict) or "winner" not in result or "turns" not in result:
            raise DecodeError(['expected {"winner": ..., "turns": ...} @ $.result'])
        checks: list[tuple[str, Any, type]] = [
            ("$.game", data["game"], int),
            ("$.seed", data["seed"], int),
            ("$.result.turns", result["turns"], int),
        ]
        for path, value, kind in checks:
            if type(value) is not kind:
                raise DecodeError([f"expected an integer @ {path}"])
        winner = result["winner"]
        if winner is not None and type(winner) is not int:
            raise DecodeError(["expected a seat or null @ $.result.winner"])
        bots = data["bots"]
        if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
            raise DecodeError(["expected an array of bot names @ $.bots"])
        eliminated = result.get("eliminated", [])
        if not isinstance(eliminated, list) or not all(type(s) is int for s in eliminated):
            raise DecodeError(["expected an array of seats @ $.result.eliminated"])
        return cls(
            index=data["game"],
            config=_decode(data["config"], Config, "$.config"),
            seed=data["seed"],
            bots=tuple(bots),
            winner=winner,
            turns=result["turns"],
            moves=_decode(data["moves"], tuple[Move, ...], "$.moves"),
            eliminated=tuple(eliminated),
        )


def _decode(value: Any, cls: Any, path: str) -> Any:
    try:
        return from_json(json.dumps(value), cls)
    except RecursionError:
        raise DecodeError([f"nested too deeply @ {path}"]) from None
    except DecodeError as exc:
        raise DecodeError([e.replace("@ $", f"@ {path}", 1) for e in exc.errors]) from None


class ReplayError(ValueError):
    """A record whose moves do not reproduce its recorded result."""


def replay(record: GameRecord) -> GameState:
    """Re-apply ``record``'s moves from its config and seed and check its result.

    Returns:
        The final state.

    Raises:
        ReplayError: the game does not end, or ends with another winner or turn count, or
            (where the record holds one) another order of elimination.
        IllegalMoveError: a recorded move is not legal where it is applied.
    """
    state = new_game(record.config, seed=record.seed)
    for move in record.moves:
        state = apply(state, move)
    if not state.is_over:
        raise ReplayError(f"game {record.index}: the moves stop before the game ends")
    if (state.winner, state.turn) != (record.winner, record.turns):
        raise ReplayError(
            f"game {record.index}: recorded winner {record.winner} after {record.turns} turns, "
            f"replayed winner {state.winner} after {state.turn} turns"
        )
    order = elimination_order(state)
    if record.eliminated and record.eliminated != order:
        raise ReplayError(
            f"game {record.index}: recorded seats eliminated in the order "
            f"{list(record.eliminated)}, replayed {list(order)}"
        )
    return state


def read_records(lines: Iterable[str]) -> Iterator[GameRecord]:
    """The records of a JSON-lines file, blank lines skipped.

    Raises:
        DecodeError: a line is not a record; the message starts with its line number.
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield GameRecord.from_json(line)
        except DecodeError as exc:
            raise DecodeError([f"line {number}: {e}" for e in exc.errors]) from None


# --- playing ----------------------------------------------------------------------------------


@attrs.frozen
class _Task:
    """A batch of games to play, small enough to send to a worker."""

    config: Config
    lineup: tuple[Bot, ...]
    names: tuple[str, ...]
    master: int
    indices: tuple[int, ...]
    rotate: bool
    keep_moves: bool


def seats_of(
    lineup: Sequence[Any], index: int, rotate: bool, players: int | None = None
) -> tuple[Any, ...]:
    """Who sits where in game ``index``: seat ``s`` gets ``lineup[(s + index) % len(lineup)]``
    if ``rotate``, else ``lineup[s % len(lineup)]``, for ``players`` seats (by default one per
    entry of ``lineup``: the lineup turned by ``index`` seats)."""
    k = len(lineup)
    shift = index if rotate else 0
    return tuple(lineup[(seat + shift) % k] for seat in range(players or k))


class _Moves:
    """Collects the moves of one game (an ``on_move`` callback)."""

    def __init__(self) -> None:
        self.moves: list[Move] = []

    def keep(self, before: GameState, move: Move, after: GameState) -> None:
        self.moves.append(move)


def _play(task: _Task) -> list[GameRecord]:
    """Play a batch of games (in a worker)."""
    out: list[GameRecord] = []
    for index in task.indices:
        seed = game_seed(task.master, index)
        players = task.config.players
        bots = seats_of(task.lineup, index, task.rotate, players)
        moves = _Moves()
        state = new_game(task.config, seed=seed)
        seating = Seating.of(seed, task.config.players)
        final = play_out(state, bots, seating, on_move=moves.keep if task.keep_moves else None)
        out.append(
            GameRecord(
                index=index,
                config=task.config,
                seed=seed,
                bots=seats_of(task.names, index, task.rotate, players),
                winner=final.winner,
                turns=final.turn,
                moves=tuple(moves.moves),
                eliminated=elimination_order(final),
            )
        )
    return out


def elimination_order(state: GameState) -> tuple[int, ...]:
    """The seats of ``state``'s game in the order they were eliminated (its ``Eliminated``
    events)."""
    return tuple(item[1] for item in state.log.compact_tail(0) if item[0] is Eliminated)


@attrs.frozen
class Rate:
    """Wins out of chances, with its 95 % Wilson interval.

    Attributes:
        name: the bot's name or the seat (``"seat 2"``).
        wins: games won.
        trials: seats taken (a bot in two seats of one game counts twice).
        low: the interval's lower bound.
        high: the interval's upper bound.
    """

    name: str
    wins: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """Wins per seat taken."""
        return self.wins / self.trials if self.trials else 0.0

    @classmethod
    def of(cls, name: str, wins: int, trials: int) -> Rate:
        low, high = wilson(wins, trials)
        return cls(name, wins, trials, low, high)


@attrs.frozen
class Simulation:
    """The games of one simulation, in game order, and what they add up to.

    Equal seeds and lineups give equal ``Simulation``s whatever the executor (the timing fields
    are left out of the comparison).

    Attributes:
        config: the games' options, turn limit included.
        seed: the master seed.
        lineup: the bots' names, in the seats of game 0.
        games: one record per game, by index.
        seconds: wall-clock time taken.
        workers: how many workers played (``None`` if the executor did not say).
    """

    config: Config
    seed: int
    lineup: tuple[str, ...]
    games: tuple[GameRecord, ...]
    seconds: float = attrs.field(default=0.0, eq=False)
    workers: int | None = attrs.field(default=None, eq=False)

    @property
    def draws(self) -> int:
        """Games that ended without a winner (the turn limit, R-TURN-8)."""
        return sum(1 for g in self.games if g.winner is None)

    @property
    def mean_turns(self) -> float:
        """Turns per game, on average."""
        return sum(g.turns for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return len(self.games) / self.seconds if self.seconds > 0 else 0.0

    @property
    def fair_share(self) -> float:
        """The win rate per seat of bots that are all equally good: 1 / players."""
        return 1.0 / self.config.players

    def by_bot(self) -> tuple[Rate, ...]:
        """Each bot's wins per seat it took, in the order of the lineup."""
        names = tuple(dict.fromkeys(self.lineup))
        wins = dict.fromkeys(names, 0)
        seats = dict.fromkeys(names, 0)
        for game in self.games:
            for name in game.bots:
                seats[name] += 1
            if game.winner is not None:
                wins[game.bots[game.winner]] += 1
        return tuple(Rate.of(name, wins[name], seats[name]) for name in names)

    def by_seat(self) -> tuple[Rate, ...]:
        """Each seat's wins, whoever sat there."""
        wins = [0] * self.config.players
        for game in self.games:
            if game.winner is not None:
                wins[game.winner] += 1
        return tuple(
            Rate.of(f"seat {s}", wins[s], len(self.games)) for s in range(self.config.players)
        )


def _batches(games: int, size: int) -> list[tuple[int, ...]]:
    return [tuple(range(i, min(i + size, games))) for i in range(0, games, size)]


def simulate(
    config: Config,
    lineup: Sequence[Bot | str],
    games: int,
    *,
    seed: int,
    max_turns: int | None = DEFAULT_MAX_TURNS,
    rotate: bool = True,
    keep_moves: bool = False,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch: int | None = None,
    progress: Progress | None = None,
) -> Simulation:
    """Play ``games`` games between the bots of ``lineup`` and gather the results.

    Args:
        config: the games' options.
        lineup: one bot (or the name of one in ``coup_rules.bots.BOTS``) per seat. Bots are sent
            to the workers, so on a process pool or a cluster they must be picklable (the bots
            of ``coup_rules.bots`` are).
        games: how many games to play.
        seed: the master seed; game ``i`` is played from ``game_seed(seed, i)``.
        max_turns: the turn limit of the house rule R-TURN-8, so that every game ends
            (``config.max_turns`` wins if set; ``None`` for none).
        rotate: turn the lineup by one seat from each game to the next, so that no bot keeps
            the advantage of a seat.
        keep_moves: keep every game's moves in its record (for ``GameRecord.to_json``).
        executor: where to play: any ``concurrent.futures.Executor`` (a Dask
            ``Client.get_executor()``, a Ray executor, a thread or process pool). By default a
            process pool of ``workers`` processes is made and shut down, or, with ``workers=1``,
            the games are played in this process.
        workers: the size of the default process pool (``None``: one per CPU), 1 to
            ``MAX_WORKERS``; it starts ``worker_count`` processes (no more than there are tasks
            or ``WORKERS_PER_CPU`` per CPU), which are killed if the call is interrupted.
        batch: games per task sent to the executor (by default about 8 tasks per worker, at
            most 50 games each).
        progress: called with the number of games finished, as batches finish.

    Returns:
        The games, in order, and their statistics; equal for equal arguments whatever the
        executor and the number of workers.

    Raises:
        ValueError: ``games`` or ``workers`` out of range, or not one bot per seat.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ValueError(f"games must be a whole number, 0 or more, not {games!r}")
    workers = _workers(workers)
    if len(lineup) != config.players:
        raise ValueError(f"give one bot per seat ({config.players}), not {len(lineup)}")
    config = with_turn_limit(config, max_turns)
    bots = tuple(make_bot(b) if isinstance(b, str) else b for b in lineup)
    names = tuple(b if isinstance(b, str) else bot_name(b) for b in lineup)
    records, seconds, used = play_games(
        config,
        bots,
        names,
        games,
        seed=seed,
        rotate=rotate,
        keep_moves=keep_moves,
        executor=executor,
        workers=workers,
        batch=batch,
        progress=progress,
    )
    return Simulation(
        config=config, seed=seed, lineup=names, games=records, seconds=seconds, workers=used
    )


def play_games(
    config: Config,
    bots: Sequence[Bot],
    names: Sequence[str],
    games: int,
    *,
    seed: int,
    rotate: bool = True,
    keep_moves: bool = False,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch: int | None = None,
    progress: Progress | None = None,
) -> tuple[tuple[GameRecord, ...], float, int | None]:
    """The engine of ``simulate`` and ``coup_rules.evaluate``: game ``i`` seats
    ``seats_of(bots, i, rotate, config.players)`` and is played from ``game_seed(seed, i)``, on
    ``executor`` (see ``simulate`` for the arguments). Returns the records in game order, the
    wall-clock seconds and the number of workers (``None`` if the executor did not say)."""
    workers = _workers(workers)
    pool = min(workers if workers is not None else _cpus(), WORKERS_PER_CPU * _cpus())
    size = batch if batch is not None else max(1, min(50, math.ceil(games / (8 * pool))))
    if size < 1:
        raise ValueError(f"batch must be 1 or more, not {batch!r}")
    tasks = [
        _Task(config, tuple(bots), tuple(names), seed, indices, rotate, keep_moves)
        for indices in _batches(games, size)
    ]
    start = time.perf_counter()
    if executor is None and workers == 1:
        results = _run_here(tasks, progress)
    elif executor is None:
        pool = worker_count(pool, len(tasks))
        results = _run_on_own_pool(pool, tasks, progress)
    else:
        results = _run_on(executor, tasks, progress)
    records = sorted((r for batch_ in results for r in batch_), key=lambda r: r.index)
    return tuple(records), time.perf_counter() - start, pool if executor is None else workers


def worker_count(workers: int | None, tasks: int) -> int:
    """The processes the default pool starts for ``tasks`` tasks when ``workers`` are asked
    (``None``: one per CPU): no more than the tasks, nor than ``WORKERS_PER_CPU`` per CPU, and
    at least one.

    Raises:
        ValueError: ``workers`` is not from 1 to ``MAX_WORKERS``.
    """
    workers = _workers(workers)
    asked = workers if workers is not None else _cpus()
    return max(1, min(asked, tasks, WORKERS_PER_CPU * _cpus()))


def _workers(workers: object) -> int | None:
    """``workers`` as an ``int`` (any integer type but ``bool``), or ``None``; else ValueError."""
    if workers is None:
        return None
    try:
        count = operator.index(workers)  # type: ignore[arg-type]
    except TypeError:
        count = None
    if count is None or isinstance(workers, bool) or count < 1:
        raise ValueError(f"workers must be a whole number from 1 to {MAX_WORKERS}, not {workers!r}")
    if count > MAX_WORKERS:
        raise ValueError(f"workers must be at most {MAX_WORKERS}, not {count}")
    return count


def _cpus() -> int:
    return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it kills the workers), so a worker does
    not print a traceback of its own; SIGTERM ends it at once, whatever handler the parent
    had."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _run_on_own_pool(
    workers: int, tasks: list[_Task], progress: Progress | None
) -> list[list[GameRecord]]:
    """``tasks`` on a process pool of ``workers`` processes, which never outlive the call:
    on any exception (Ctrl-C and SIGTERM included) the processes are killed before it
    propagates.

    The futures are waited on in a thread of their own, and the main thread, where Ctrl-C and
    SIGTERM raise, only waits for that thread to finish. Raised inside ``concurrent.futures``,
    a signal's exception can leave a future's lock held for good (between the acquisitions of
    ``as_completed``), and the pool's thread, which needs that lock to cancel the futures
    left, then blocks the exit forever. The collecting thread cancels nothing itself either:
    a future cancelled there while the pool's thread fails those of a killed pool kills that
    thread with an ``InvalidStateError`` (a traceback on the terminal) before it closes its
    queues (CPython 3.11).
    """
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_ignore_interrupts
    )
    outcome: list[list[list[GameRecord]] | BaseException] = []
    done = threading.Event()

    def collect() -> None:
        try:
            outcome.append(_run_on(pool, tasks, progress, cancel=False))
        except BaseException as error:  # handed to the main thread, which raises it
            outcome.append(error)
        finally:
            done.set()

    collector = threading.Thread(target=collect, name="coup-rules-simulate", daemon=True)
    try:
        collector.start()
        done.wait()
        result = outcome[0]
        if isinstance(result, BaseException):
            raise result
    except BaseException:
        _kill(pool)
        collector.join(timeout=5)
        raise
    pool.shutdown(wait=True)
    return result


def _kill(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: its queued tasks dropped, its processes terminated and reaped."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:  # it fails the futures left and closes the queues, then ends
        manager.join(timeout=5)


def _run_here(tasks: list[_Task], progress: Progress | None) -> list[list[GameRecord]]:
    results: list[list[GameRecord]] = []
    done = 0
    for task in tasks:
        results.append(_play(task))
        done += len(task.indices)
        if progress is not None:
            progress(done)
    return results


def _run_on(
    executor: concurrent.futures.Executor,
    tasks: list[_Task],
    progress: Progress | None,
    *,
    cancel: bool = True,
) -> list[list[GameRecord]]:
    """Every task's batch of records, as they complete. On any exception the futures not yet
    started are cancelled (unless ``cancel`` is false: the caller stops the executor itself)."""
    futures = [executor.submit(_play, task) for task in tasks]
    results: list[list[GameRecord]] = []
    done = 0
    try:
        for future in concurrent.futures.as_completed(futures):
            batch = future.result()
            results.append(batch)
            done += len(batch)
            if progress is not None:
                progress(done)
    except BaseException:
        if cancel:
            for future in futures:
                future.cancel()
        raise
    return results
