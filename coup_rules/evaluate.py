"""Tournaments between view-based bots: win rates with Wilson intervals and ratings.

``evaluate({"ismcts": ISMCTSBot(), "honest": HonestBot(), ...}, Config(players=4), games=200,
seed=0)`` plays ``games`` games on any ``concurrent.futures.Executor`` (as ``simulate`` does: a
process pool by default, a Dask or Ray cluster through their executors). Game ``i`` is dealt
from ``game_seed(seed, i)`` and seats the bots in a fixed rotation: seat ``s`` gets bot
``(s + i) % k`` of the ``k`` entrants, so over any ``k`` consecutive games every bot takes every
seat position as often as every other (with fewer bots than seats, a bot holds several seats of
a game; with more, each game seats ``players`` consecutive ones). The results depend only on the
arguments, never on the executor or the number of workers.

Every bot is handed only its seat's view (``since=0``) and a random stream of its own, as in
``play_game``: any object with ``choose(view, rng) -> Move`` will do (``coup_rules.bots``,
``coup_rules.ai.ISMCTSBot`` and ``coup_rules.ai.PolicyBot`` included).

**The games are of the config given, exactly.** Its turn limit (``Config.max_turns``, the house
rule R-TURN-8) is the tournament's, and the views the bots are handed carry that same config, so
an agent built for ``config`` plays as it was built to. Nothing is added to it: with
``max_turns=None`` (the rulebooks' game) two stubborn bots may never finish a game, so give a
tournament of bots that might stall a limit, e.g. ``Config(players=4, max_turns=500)``. An entrant
that names its own ``config`` (``PolicyBot`` does) must name this one: a mismatch is refused
before any game is played, with the options that differ.

**What is reported** (``Evaluation``):

- each bot's win rate per seat it took, with its 95 % Wilson interval (``rates``);
- a Bradley–Terry rating on the Elo scale (``ratings``): the model in which a game is won by the
  seat of bot ``i`` with probability ``m_i γ_i / Σ_j m_j γ_j`` (``m_j``: the seats bot ``j`` holds
  in that game), i.e. the Plackett–Luce model of the winner, fitted by maximum likelihood with
  Newton's method under a weak normal prior (a standard deviation of 1,000 Elo, so that a bot
  that never wins still gets a finite rating). The ratings are centred on 0; the uncertainty is
  the 95 % interval from the curvature of the log-posterior at its maximum (its inverse is the
  covariance). Drawn games (the turn limit, R-TURN-8) name no winner and are left out of the
  ratings; they are counted in ``draws``;
- Plackett–Luce ratings on every game's whole finishing order (``standings``,
  ``coup_rules.ratings``): each bot's ``μ``, ``σ`` and conservative ordinal ``μ − 3σ``, updated
  game after game in game order (the Weng–Lin online update). The winner is first, then the
  player eliminated last, and so on; a game drawn at the turn limit ranks its survivors tied
  first. These use every place of a game, not just the winner's, and can start from a ladder's
  standings (``coup-rules tournament --ladder FILE``).
"""

from __future__ import annotations

import concurrent.futures
import importlib
import math
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from coup_rules.bots import Bot, make_bot
from coup_rules.bots.personality import KNOBBED
from coup_rules.config import Config
from coup_rules.ratings import Model, Standing, finishing_places, rate_games
from coup_rules.simulation import GameRecord, Progress, Rate, play_games

__all__ = [
    "PRIOR_ELO",
    "Evaluation",
    "Rating",
    "evaluate",
    "load_entrant",
    "make_entrant",
    "places_of",
]

ELO = 400.0 / math.log(10.0)
"""Elo points per unit of log-strength (a factor of 10 in strength is 400 points)."""

PRIOR_ELO = 1000.0
"""The standard deviation of the ratings' normal prior, in Elo points."""

_Z = 1.959963984540054


def make_entrant(name: str) -> Bot:
    """The bot a tournament's command line calls ``name``: one of ``coup_rules.bots.BOTS``, or
    ``ismcts`` (``ISMCTSBot()``), or ``ismcts:N`` (``ISMCTSBot(iterations=N)``, ``N`` from 1 to
    ``MAX_ENTRANT_ITERATIONS``), or
    ``module:factory``, a zero-argument callable of an importable module that returns a bot
    (``mybots:make_agent``, ``mypackage.agents:Agent.build``; see ``load_entrant``), or
    ``cmd:COMMAND ARGS``, a command speaking the coup-bot protocol (``ProcessBot``), or a
    personality of a heuristic bot (``counting:bluff=0.3,skepticism=0.7``, ``counting:bold``;
    ``coup_rules.bots.personality``).

    Raises:
        ValueError: an unknown name, an ``ismcts:N`` whose ``N`` is not a whole number from 1
            to ``MAX_ENTRANT_ITERATIONS``, or a ``module:factory`` that gives no bot.
    """
    kind, _, arg = name.partition(":")
    if kind == "cmd" or kind in KNOBBED:  # a command, or a personality (POLICY:KNOBS)
        return make_bot(name)
    if kind == "ismcts":
        from coup_rules.ai import ISMCTSBot

        return ISMCTSBot(iterations=entrant_iterations(arg)) if arg else ISMCTSBot()
    if ":" in name:
        return load_entrant(name)
    try:
        return make_bot(name)
    except ValueError as error:
        raise ValueError(f"{error}, ismcts, ismcts:N or module:factory") from None


MAX_ENTRANT_ITERATIONS = 100_000
"""The most iterations ``ismcts:N`` names: a search of that many runs for seconds a decision
(``ISMCTSBot`` itself takes any number; build one in Python for more)."""


def entrant_iterations(text: str) -> int:
    """The ``N`` of ``ismcts:N``: digits naming 1 to ``MAX_ENTRANT_ITERATIONS``.

    Raises:
        ValueError: anything else (a sign, a space, a fraction, a number out of range), named.
    """
    span = f"from 1 to {MAX_ENTRANT_ITERATIONS:,}".replace(",", "_")
    digits = text.isascii() and text.isdigit() and len(text) <= len(str(MAX_ENTRANT_ITERATIONS))
    if not digits or not 1 <= int(text) <= MAX_ENTRANT_ITERATIONS:
        shown = text if len(text) <= 40 else f"{text[:37]}..."
        raise ValueError(f"ismcts:N takes a number of iterations {span}, not {shown!r}")
    return int(text)


def load_entrant(spec: str) -> Bot:
    """The bot that ``factory()`` returns, for ``spec`` = ``"module:factory"``: ``module`` is
    imported (a dotted name on the Python path) and ``factory`` looked up in it (a dotted
    attribute path, as in an entry point), then called with no arguments.

    Raises:
        ValueError: ``spec`` is not of the form ``module:factory``, the module cannot be
            imported, it has no such attribute, the attribute is not callable, calling it fails,
            or what it returns has no ``choose`` method. The message says which, and the error
            raised on the way, if any, is its ``__cause__``.
    """
    module_name, _, path = spec.partition(":")
    if not module_name or not path or ":" in path:
        raise ValueError(f"a bot from a module is named module:factory, not {spec!r}")
    try:
        target: object = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise ValueError(
            f"cannot load the bot {spec!r}: no module named {error.name!r} on the Python path"
        ) from error
    except Exception as error:
        raise ValueError(
            f"cannot load the bot {spec!r}: importing {module_name!r} raised "
            f"{type(error).__name__}: {error}"
        ) from error
    for part in path.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ValueError(
                f"cannot load the bot {spec!r}: {module_name!r} has no {path!r}"
            ) from None
    if not callable(target):
        raise ValueError(
            f"cannot load the bot {spec!r}: {path} is a {type(target).__name__}, not a "
            "function or class to call with no arguments for a bot"
        )
    try:
        bot = target()
    except Exception as error:
        raise ValueError(
            f"cannot load the bot {spec!r}: {path}() raised {type(error).__name__}: {error}"
        ) from error
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(
            f"cannot load the bot {spec!r}: {path}() returned {bot!r}, which is not a bot "
            "(a bot has a method choose(view, rng) -> Move)"
        )
    found: Bot = bot
    return found


def _check_entrant(name: str, bot: Bot, config: Config) -> None:
    """Refuse an entrant built for another config than the tournament's (one that names its
    own ``config``, as ``PolicyBot`` does)."""
    own = getattr(bot, "config", None)
    if isinstance(own, Config) and own != config:
        from coup_rules.ai.policybot import describe_differences

        differences = describe_differences(own, config, us="the bot's", them="the games'")
        raise ValueError(
            f"the bot {name!r} is built for another configuration than the tournament's; they "
            f"differ in {differences}. The games are played with the config given, unchanged: "
            "build the bot for it, or run the tournament with the bot's"
        )


@attrs.frozen
class Rating:
    """A bot's rating on the Elo scale, centred on 0 over the entrants.

    Attributes:
        name: the bot's name.
        elo: the rating.
        error: the standard error of the rating.
    """

    name: str
    elo: float
    error: float

    @property
    def low(self) -> float:
        """The 95 % interval's lower bound."""
        return self.elo - _Z * self.error

    @property
    def high(self) -> float:
        """The 95 % interval's upper bound."""
        return self.elo + _Z * self.error


@attrs.frozen
class Evaluation:
    """The games of a tournament, in game order, and what they add up to (see the module).

    Attributes:
        config: the games' options, turn limit included.
        seed: the master seed.
        entrants: the bots' names, in rotation order.
        games: one record per game (the bots' names by seat, the winner).
        seconds: wall-clock time taken (not part of the comparison).
    """

    config: Config
    seed: int
    entrants: tuple[str, ...]
    games: tuple[GameRecord, ...]
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def draws(self) -> int:
        """Games that ended without a winner (the turn limit, R-TURN-8)."""
        return sum(1 for g in self.games if g.winner is None)

    @property
    def fair_share(self) -> float:
        """The win rate per seat of bots that are all equally good: 1 / players."""
        return 1.0 / self.config.players

    def rates(self) -> tuple[Rate, ...]:
        """Each bot's wins per seat it took, with 95 % Wilson intervals, in entrant order."""
        seats: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for game in self.games:
            seats.update(game.bots)
            if game.winner is not None:
                wins[game.bots[game.winner]] += 1
        return tuple(Rate.of(name, wins[name], seats[name]) for name in self.entrants)

    def ratings(self) -> tuple[Rating, ...]:
        """The Bradley–Terry ratings of the entrants (see the module), in entrant order."""
        names = self.entrants
        index = {name: i for i, name in enumerate(names)}
        tables: Counter[tuple[tuple[int, int], ...]] = Counter()
        won: Counter[tuple[tuple[tuple[int, int], ...], int]] = Counter()
        for game in self.games:
            if game.winner is None:
                continue
            seats = Counter(index[name] for name in game.bots)
            table = tuple(sorted(seats.items()))
            tables[table] += 1
            won[table, index[game.bots[game.winner]]] += 1
        k = len(names)
        theta, covariance = _fit(k, tables, won, (PRIOR_ELO / ELO) ** -2)
        mean = sum(theta) / k
        # The variance of theta_i less the mean of all: (P C P)_ii with P = I - 1/k.
        row = [sum(c) / k for c in covariance]
        whole = sum(row) / k
        return tuple(
            Rating(
                name,
                ELO * (theta[i] - mean),
                ELO * math.sqrt(max(covariance[i][i] - 2 * row[i] + whole, 0.0)),
            )
            for i, name in enumerate(names)
        )

    def standings(
        self, model: Model | None = None, start: Mapping[str, Standing] | None = None
    ) -> tuple[Standing, ...]:
        """The entrants' Plackett–Luce ratings on the games' finishing orders (see the module
        and ``coup_rules.ratings``), in entrant order.

        Args:
            model: the rating model's settings (``Model()`` by default).
            start: standings to start from (a ladder's); an entrant not in it starts at the
                model's prior.
        """
        chosen = model or Model()
        table = rate_games(((game.bots, places_of(game)) for game in self.games), chosen, start)
        return tuple(table.get(n, Standing(n, chosen.prior())) for n in self.entrants)

    def to_markdown(self) -> str:
        """The results as a Markdown table (as in the AI guide): one row per bot."""
        ratings = {r.name: r for r in self.ratings()}
        standings = {s.name: s.skill for s in self.standings()}
        lines = [
            "| Bot | Seats | Wins | Win rate | 95 % interval | PL μ ± σ | Ordinal | Elo (± 95 %) |",
            "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
        ]
        for rate in self.rates():
            r = ratings[rate.name]
            skill = standings[rate.name]
            lines.append(
                f"| `{rate.name}` | {rate.trials} | {rate.wins} | {100 * rate.rate:.1f} % | "
                f"[{100 * rate.low:.1f} %, {100 * rate.high:.1f} %] | "
                f"{skill.mu:.1f} ± {skill.sigma:.1f} | {skill.ordinal:.1f} | "
                f"{r.elo:+.0f} ± {_Z * r.error:.0f} |"
            )
        return "\n".join(lines)


def places_of(game: GameRecord) -> tuple[int, ...]:
    """Each seat's place in ``game`` (``coup_rules.ratings.finishing_places``): the winner, or
    every survivor of a drawn game, first; then the seats in the reverse of the order they were
    eliminated. A record of a won game that does not hold the elimination order (one built by
    hand) places the winner first and every other seat tied second."""
    seats = len(game.bots)
    if game.winner is not None and len(game.eliminated) != seats - 1:
        return tuple(1 if seat == game.winner else 2 for seat in range(seats))
    return finishing_places(seats, game.eliminated)


Tables = Counter[tuple[tuple[int, int], ...]]


def _fit(
    k: int,
    tables: Tables,
    won: Counter[tuple[tuple[tuple[int, int], ...], int]],
    precision: float,
) -> tuple[list[float], list[list[float]]]:
    """The maximum a posteriori log-strengths and their covariance (Newton's method)."""
    theta = [0.0] * k
    for _ in range(100):
        gradient = [-precision * t for t in theta]
        hessian = [[precision if i == j else 0.0 for j in range(k)] for i in range(k)]
        for table, count in tables.items():
            weights = [(i, m * math.exp(theta[i])) for i, m in table]
            total = sum(w for _, w in weights)
            p = [(i, w / total) for i, w in weights]
            for i, pi in p:
                gradient[i] += won[table, i] - count * pi
                hessian[i][i] += count * pi
                for j, pj in p:
                    hessian[i][j] -= count * pi * pj
        step = _solve(hessian, gradient)
        biggest = max(abs(s) for s in step)
        if biggest > 2.0:  # a damped step far from the maximum
            step = [s * 2.0 / biggest for s in step]
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if biggest < 1e-10:
            break
    covariance = [_solve(hessian, [1.0 if i == j else 0.0 for i in range(k)]) for j in range(k)]
    return theta, covariance


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ vector`` by Gaussian elimination with partial pivoting (``matrix`` is small
    and positive definite)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (rows[r][n] - sum(rows[r][c] * out[c] for c in range(r + 1, n))) / rows[r][r]
    return out


def evaluate(
    bots: Mapping[str, Bot | str] | Sequence[str],
    config: Config,
    games: int,
    *,
    seed: int,
    max_turns: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch: int | None = None,
    progress: Progress | None = None,
) -> Evaluation:
    """Play a tournament between ``bots`` and rate them (see the module's docs).

    The games are played with ``config`` exactly as given, turn limit included: the bots'
    views carry it, and so does the result (``Evaluation.config``).

    Args:
        bots: the entrants by name (``{"search": ISMCTSBot(), "honest": "honest"}``), or a list
            of names for ``make_entrant``. A bot given by name is built by ``make_entrant``.
            On a process pool or a cluster, bots must be picklable (the package's are).
        config: the games' options. Its ``max_turns`` is the turn limit of the house rule
            R-TURN-8 (``None``: the rulebooks' game, which two stubborn bots may never finish;
            ``Config(players=4, max_turns=500)`` makes every game end).
        games: how many games to play.
        seed: the master seed; game ``i`` is played from ``game_seed(seed, i)``.
        max_turns: a check kept for older calls, which passed the turn limit here: ``None``
            (the default) or ``config.max_turns``. Any other value is refused, since playing it
            would mean games of another config than the one given (and than the one the bots
            were built for); put the limit in the config instead.
        executor: where to play: any ``concurrent.futures.Executor``; by default a process pool
            of ``workers`` processes, or this process with ``workers=1``.
        workers: the size of the default process pool (``None``: one per CPU).
        batch: games per task sent to the executor (as ``simulate``).
        progress: called with the number of games finished, as batches finish.

    Raises:
        ValueError: fewer than two entrants, two with one name, an unknown bot name, an
            entrant built for another config (one that names its ``config``, as ``PolicyBot``
            does; the message names the options that differ), a ``max_turns`` other than
            ``config.max_turns``, or ``games`` out of range.
    """
    entries = list(bots.items()) if isinstance(bots, Mapping) else [(name, name) for name in bots]
    names = tuple(name for name, _ in entries)
    if len(names) < 2:
        raise ValueError(f"a tournament needs two bots or more, not {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError(f"each bot needs a name of its own: {list(names)}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise ValueError(f"games must be a whole number, 0 or more, not {games!r}")
    if max_turns is not None and max_turns != config.max_turns:
        raise ValueError(
            f"max_turns={max_turns!r} differs from the config's max_turns "
            f"({config.max_turns!r}): evaluate plays the config as given, so put the turn limit "
            f"in it: Config(..., max_turns={max_turns!r})"
        )
    players = tuple(make_entrant(b) if isinstance(b, str) else b for _, b in entries)
    for name, bot in zip(names, players, strict=True):
        _check_entrant(name, bot, config)
    records, seconds, _ = play_games(
        config,
        players,
        names,
        games,
        seed=seed,
        executor=executor,
        workers=workers,
        batch=batch,
        progress=progress,
    )
    return Evaluation(config=config, seed=seed, entrants=names, games=records, seconds=seconds)
