"""An information-set Monte-Carlo tree search bot (ISMCTS), playing from a seat's view only.

The search is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 2012) with an opponent model, for any number of players:

- **Determinization.** Each iteration starts from a state drawn by ``Determinizer`` (what
  ``sample_state`` uses): the cards the bot cannot place are dealt at random, with a fresh seed,
  so the search never reads a real hidden card nor a real future draw. Samples are then weighed
  by the others' claims (an *inference* the bot makes from public moves): a world in which a
  seat does not hold a character it claimed, and has not since lost, proved, conceded or
  exchanged away, is kept only with probability ``bluff_odds`` per such claim (rejection
  sampling; ``bluff_odds=1`` keeps the uniform determinization).
- **The tree holds the bot's decisions, keyed by what it sees.** At the bot's own decisions,
  UCB1 picks among the moves legal in this determinization, each move's exploration term
  counted over the iterations in which it was available (the paper's "subset-armed bandit").
  The other seats' moves are drawn from the opponent model (below), acting on the cards they
  hold in the determinization, and the tree branches on them as the bot sees them: moves it
  cannot see (another seat's ``Keep`` or ``Draft``, a ``Show`` to another Inquisitor) share one
  branch. When several seats are waited on at once, one of them is drawn at random to answer
  first, as in ``playout``; at the root, the bot answers.
- **Simulation** from the first new move of the bot: every seat, the bot included, plays the
  opponent model to the end of the game (or the turn limit of ``Config.max_turns``), or for
  ``horizon`` turns if one is set. With the ``[vector]`` extra (numba) installed, the simulation
  runs in compiled code (``coup_rules.vector.search``: the same model over the kernel's row,
  drawing the same moves from the same random draws), unless ``playouts="python"``.
- **Backpropagation** credits the bot's moves on the path with 1 if it won, 0 otherwise (a draw
  at the turn limit is worth 0; a simulation stopped at the horizon, the bot's share of the
  living seats' strength).

The opponent model is ``coup_rules.ai.policy.plausible_move``, a cheap, mostly honest player
like the honest bot of ``coup_rules.bots``, bluffing and challenging blindly with the small
chances ``bluff_rate`` and ``challenge_rate``.

The move returned is the most visited of the root (ties: the best mean reward, then the
engine's order of moves).
"""

from __future__ import annotations

import importlib.util
import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, TypeAlias

import attrs

from coup_rules.ai.claims import standing_claims
from coup_rules.ai.policy import plausible_move
from coup_rules.cards import Character
from coup_rules.determinize import Determinizer
from coup_rules.engine import apply_unchecked
from coup_rules.events import Event
from coup_rules.moves import Draft, Keep, Move, Show
from coup_rules.records import DraftChoice, KeepChoice, ShowChoice
from coup_rules.rules.legal import legal_for
from coup_rules.state import Core
from coup_rules.views import PlayerView

if TYPE_CHECKING:
    from coup_rules.vector.search import Playouts

__all__ = ["ISMCTSBot", "SearchStats"]

PlayoutKind: TypeAlias = Literal["auto", "compiled", "python"]
"""How ``ISMCTSBot`` simulates: in compiled code, in Python, or compiled when it can be."""

Key: TypeAlias = Move | tuple[int, str] | int
"""A branch of the tree: a move the bot sees, or (seat, kind) for a choice it does not see; the
compiled search numbers both (``coup_rules.vector.search.KEY_SEATS``)."""

_REJECTION_TRIES = 40
"""Samples drawn at most per iteration by the claim inference; the likeliest one is kept."""


class _Edge:
    """Statistics of one move from one node, and the node it leads to."""

    __slots__ = ("available", "child", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.child: _Node | None = None


class _Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Key, _Edge] = {}


@attrs.frozen
class SearchStats:
    """What the last search did: for tests, tuning and curiosity.

    Attributes:
        iterations: iterations run.
        seconds: wall-clock time spent.
        visits: per legal move of the bot, how many iterations chose it at the root.
        rewards: per legal move, its mean reward for the bot (its share of won simulations).
    """

    iterations: int
    seconds: float
    visits: dict[Move, int]
    rewards: dict[Move, float]


# --- inference from the others' claims ----------------------------------------------------------


def _bluffs(core: Core, claims: dict[int, set[Character]]) -> int:
    """How many standing claims the determinization ``core`` makes bluffs."""
    players = core.players
    return sum(1 for seat, cards in claims.items() for c in cards if c not in players[seat].hand)


def _infer(
    determinizer: Determinizer,
    claims: dict[int, set[Character]],
    odds: float,
    rng: random.Random,
) -> Core:
    """A determinization drawn in proportion to ``odds ** (bluffs it makes of the claims)``, by
    rejection; after ``_REJECTION_TRIES`` rejections, the likeliest one drawn."""
    core = determinizer.sample_core(rng)
    if not claims or odds >= 1.0:
        return core
    best, fewest = core, _bluffs(core, claims)
    for _ in range(_REJECTION_TRIES):
        bluffs = _bluffs(core, claims)
        if bluffs < fewest:
            best, fewest = core, bluffs
        if bluffs == 0 or rng.random() < odds**bluffs:
            return core
        core = determinizer.sample_core(rng)
    return best


# --- the search ---------------------------------------------------------------------------------


def _hidden_from(core: Core, seat: int, me: int) -> bool:
    """Whether ``me`` cannot see which move ``seat`` makes now (its choices stay private)."""
    if seat == me:
        return False
    pending = core.pending
    if isinstance(pending, KeepChoice | DraftChoice):
        return True
    if isinstance(pending, ShowChoice):
        return pending.action.player != me  # the Inquisitor sees the card shown
    return False


def _key(move: Move, hidden: bool) -> Key:
    if not hidden:
        return move
    if isinstance(move, Keep):
        return (move.player, "keep")
    if isinstance(move, Show):
        return (move.player, "show")
    assert isinstance(move, Draft)
    return (move.player, "draft")


def _ucb(edge: _Edge, c: float) -> float:
    return edge.reward / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)


def _best(edges: list[_Edge], c: float) -> int:
    """The place of the edge of highest UCB1 value (the first of equals), every one visited."""
    best = 0
    top = -math.inf
    log, sqrt = math.log, math.sqrt
    for i, e in enumerate(edges):
        visits = e.visits
        value = e.reward / visits + c * sqrt(log(e.available) / visits)
        if value > top:
            best, top = i, value
    return best


class ISMCTSBot:
    """Information-set MCTS from a seat's view (see the module's docs).

    Args:
        iterations: iterations per decision (``None``: no limit; ``seconds`` must be set).
        seconds: a wall-clock budget per decision (``None``: no limit; ``iterations`` must be
            set). With both, the search stops at whichever comes first.
        exploration: the UCB1 constant ``c`` in ``mean + c * sqrt(ln(available) / visits)``.
        bluff_odds: how much less likely a claim is made without the card than with it, for the
            inference from claims (1: no inference, a uniform determinization).
        bluff_rate: the opponent model's chance of claiming a character it does not hold.
        challenge_rate: the opponent model's chance of challenging.
        horizon: stop each simulation after this many turns and score the bot's share of the
            living seats' strength (``None``: simulate to the end; a win scores 1).
        playouts: ``"compiled"`` simulates in compiled code (``coup_rules.vector.search``; needs
            the ``[vector]`` extra: numba and NumPy), ``"python"`` with the engine and
            ``plausible_move``, and ``"auto"`` (the default) compiled when numba is installed.
            Both play the same model, so they give the same search in distribution; the
            compiled one runs many more iterations a second (a fixed seed gives other games).
            The compiled search is compiled at its first call in a process with a cold numba
            cache (about 26 CPU seconds), else loaded from the cache (about a second): call
            ``coup_rules.vector.compile_all()`` (``coup-rules warmup``) beforehand so that no
            move waits for it.

    The defaults were chosen by short tournaments against ``coup_rules.bots``'s honest and
    bluffing bots (``coup-rules tournament``, ``coup_rules.evaluate``).

    ``choose(view, rng)`` needs the whole log (``since=0``), or views given one after the other
    with ``since`` at the end of the previous one: the bot then joins them up itself.
    """

    def __init__(
        self,
        iterations: int | None = 300,
        seconds: float | None = None,
        *,
        exploration: float = 0.4,
        bluff_odds: float = 0.15,
        bluff_rate: float = 0.1,
        challenge_rate: float = 0.1,
        horizon: int | None = None,
        playouts: PlayoutKind = "auto",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTSBot an iteration budget, a time budget, or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        if not 0.0 <= bluff_odds <= 1.0:
            raise ValueError(f"bluff_odds must be from 0 to 1, not {bluff_odds}")
        if playouts not in ("auto", "compiled", "python"):
            raise ValueError(f"playouts must be 'auto', 'compiled' or 'python', not {playouts!r}")
        if playouts == "compiled" and not compiled_playouts_available():
            raise ValueError("playouts='compiled' needs the [vector] extra (numba and NumPy)")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.bluff_odds = bluff_odds
        self.bluff_rate = bluff_rate
        self.challenge_rate = challenge_rate
        self.horizon = horizon
        self.compiled = playouts == "compiled" or (
            playouts == "auto" and compiled_playouts_available()
        )
        """Whether the simulations run in compiled code (``playouts`` resolved)."""
        self._playouts: Playouts | None = None
        self.last: SearchStats | None = None
        self._logs: dict[int | None, tuple[Event, ...]] = {}

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot(iterations={self.iterations}, seconds={self.seconds}, "
            f"exploration={self.exploration}, bluff_odds={self.bluff_odds}, "
            f"playouts={'compiled' if self.compiled else 'python'!r})"
        )

    def _whole(self, view: PlayerView) -> PlayerView:
        """The view with its whole log, joined up from earlier views if need be."""
        seat = view.seat
        if view.log_start == 0:
            self._logs[seat] = view.log
            return view
        known = self._logs.get(seat, ())
        if len(known) != view.log_start:
            raise ValueError(
                f"ISMCTSBot needs the whole log: this view starts at event {view.log_start}, "
                f"but the bot has seen {len(known)} events of seat {seat}'s game"
            )
        log = known + view.log
        self._logs[seat] = log
        return attrs.evolve(view, log=log, log_start=0)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move the search prefers among ``view.legal_moves``."""
        view = self._whole(view)
        legal = view.legal_moves
        if not legal:
            raise ValueError("the view's seat has no move to make")
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {legal[0]: 0}, {legal[0]: 0.0})
            return legal[0]
        me = view.seat
        assert me is not None  # a spectator has no legal moves
        determinizer = Determinizer(view)
        claims = standing_claims(view.log, view.config.exchanger)
        claims.pop(me, None)
        root = _Node()
        if self.compiled and (self._playouts is None or self._playouts.config != view.config):
            from coup_rules.vector.search import Playouts  # numba: imported on first use

            self._playouts = Playouts(view.config)  # this bot's own buffers
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            world = _infer(determinizer, claims, self.bluff_odds, rng)
            if self._playouts is None:
                self._iterate(root, world, me, rng)
            else:
                self._iterate_compiled(root, world, me, rng, self._playouts)
            done += 1
        edges = root.edges
        if self._playouts is not None:  # the compiled search keys moves by number
            key = self._playouts.key
            edges = {m: edges[k] for m in legal if (k := key(m)) in edges}
        visits = {m: edges[m].visits if m in edges else 0 for m in legal}
        rewards = {m: (edges[m].reward / edges[m].visits if visits[m] else 0.0) for m in legal}
        self.last = SearchStats(done, time.perf_counter() - start, visits, rewards)
        order = {m: i for i, m in enumerate(legal)}
        return max(legal, key=lambda m: (visits[m], rewards[m], -order[m]))

    def _model(self, core: Core, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
        return plausible_move(
            core, seat, moves, rng, bluff_rate=self.bluff_rate, challenge_rate=self.challenge_rate
        )

    def _iterate(self, root: _Node, core: Core, me: int, rng: random.Random) -> None:
        """One iteration: descend, expand one move of the bot, simulate, credit the path."""
        node: _Node = root
        path: list[_Edge] = []
        c = self.exploration
        stop = math.inf if self.horizon is None else core.turn + self.horizon
        while core.pending is not None:
            waiting = core.pending.waiting
            if node is root:
                seat = me
            elif len(waiting) == 1:
                seat = waiting[0]
            else:
                seat = rng.choice(waiting)
            moves = legal_for(core, seat)
            edges = node.edges
            if seat == me:
                untried: list[Move] = []
                for m in moves:
                    e = edges.get(m)
                    if e is None:
                        e = edges[m] = _Edge()
                    e.available += 1
                    if not e.visits:
                        untried.append(m)
                if untried:
                    move = rng.choice(untried)
                else:
                    move = max(moves, key=lambda m: _ucb(edges[m], c))
                edge = edges[move]
                path.append(edge)
            else:
                move = self._model(core, seat, moves, rng)
                key = _key(move, _hidden_from(core, seat, me))
                edge = edges.get(key) or edges.setdefault(key, _Edge())
            core = apply_unchecked(core, move)
            if seat == me and not edge.visits:
                break  # a new move of the bot: simulate from here
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        reward = self._simulate(core, me, stop, rng)
        for edge in path:
            edge.visits += 1
            edge.reward += reward

    def _iterate_compiled(
        self, root: _Node, core: Core, me: int, rng: random.Random, playouts: Playouts
    ) -> None:
        """``_iterate`` on the compiled row: the others' moves and the simulation are played in
        compiled code (``Playouts.decide``, ``Playouts.finish``); Python only walks the tree,
        along the moves as the bot sees them (numbered: ``coup_rules.vector.search.KEY_SEATS``),
        and picks the bot's moves."""
        playouts.load(core, rng.getrandbits(64))
        node = root
        path: list[_Edge] = []
        c = self.exploration
        move = -1  # at the root, the bot decides at once
        while True:
            played, legal = playouts.decide(me, move, self.bluff_rate, self.challenge_rate)
            move = -1
            for key in played:
                edges = node.edges
                edge = edges.get(key) or edges.setdefault(key, _Edge())
                if edge.child is None:
                    edge.child = _Node()
                node = edge.child
            if not legal:
                break  # the game is over, or the bot is out: nothing left to search
            edges = node.edges
            choices: list[_Edge] = []
            untried: list[int] = []
            for i, key in enumerate(legal):
                e = edges.get(key)
                if e is None:
                    e = edges[key] = _Edge()
                e.available += 1
                if not e.visits:
                    untried.append(i)
                choices.append(e)
            pick = rng.choice(untried) if untried else _best(choices, c)
            edge = choices[pick]
            path.append(edge)
            move = legal[pick]  # played by the next call
            if not edge.visits:
                break  # a new move of the bot: simulate from here
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        reward = playouts.finish(
            me,
            move,
            stop=None if self.horizon is None else core.turn + self.horizon,
            bluff_rate=self.bluff_rate,
            challenge_rate=self.challenge_rate,
            coin_worth=_COIN_WORTH,
        )
        for edge in path:
            edge.visits += 1
            edge.reward += reward

    def _simulate(self, core: Core, me: int, stop: float, rng: random.Random) -> float:
        """The bot's reward for a simulation from ``core``: every seat plays the opponent model
        until the game ends or turn ``stop`` begins."""
        while core.pending is not None:
            waiting = core.pending.waiting
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            moves = legal_for(core, seat)
            if core.turn >= stop:
                break
            core = apply_unchecked(core, self._model(core, seat, moves, rng))
        return _value(core, me)


_COIN_WORTH = 0.12
"""What a coin is worth in influences, for the evaluation of unfinished simulations."""


def _value(core: Core, me: int) -> float:
    """The bot's reward: 1 for a win, 0 for a loss or a draw; for a simulation stopped at the
    horizon, its share of the living seats' strength (influence, plus coins)."""
    if core.pending is None:
        return 1.0 if core.winner == me else 0.0
    players = core.players
    mine = 0.0
    total = 0.0
    for seat in core.living:
        p = players[seat]
        strength = 2 - len(p.revealed) + _COIN_WORTH * min(p.coins, 10)
        total += strength
        if seat == me:
            mine = strength
    return mine / total


def compiled_playouts_available() -> bool:
    """Whether the compiled playouts can run: numba and NumPy are installed (the ``[vector]``
    extra). Nothing is imported to tell."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))
    except (ImportError, ValueError):  # a module hidden, or half imported
        return False
