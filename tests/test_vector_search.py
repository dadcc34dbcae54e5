"""The compiled playouts for search (``coup_rules.vector.search``) and ``ISMCTSBot`` on them.

The compiled policy is held to ``coup_rules.ai.policy.plausible_move`` move for move: from the
same position and the same stream of draws (a ``random.Random`` fed by the row's compiled
stream), both make the same move and take the same number of draws, in every variant. Whole
playouts differ from the engine's in their Court draws (the kernel has its own stream), so they
are compared in distribution: the winners of playouts from fixed positions, and the moves the
search chooses with either playouts, by a two-sample chi-square test at fixed seeds.
"""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Hashable, Iterator

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

import numpy as np

from coup_rules import Config, GameState, apply, legal_moves, new_game, to_act, view
from coup_rules.ai import ISMCTSBot
from coup_rules.ai.ismcts import _COIN_WORTH, _hidden_from, _value
from coup_rules.ai.policy import plausible_move
from coup_rules.decisions import ActionChoice
from coup_rules.engine import apply_unchecked
from coup_rules.records import DraftChoice, KeepChoice, ShowChoice
from coup_rules.rules.legal import legal_for
from coup_rules.state import Core
from coup_rules.vector import fields as f
from coup_rules.vector import kernel, search
from coup_rules.vector.convert import write_row
from coup_rules.vector.search import Playouts, playout_from, playouts_for
from tests.vector_check import VARIANTS

# --- helpers -------------------------------------------------------------------------------------


class RowRandom(random.Random):
    """A ``random.Random`` whose every draw comes from a row's compiled SplitMix64 stream:
    ``random()`` is ``search.unit`` and ``getrandbits(k)`` the top ``k`` bits of
    ``search.next64`` (so ``choice`` draws as ``search.below`` does)."""

    def __init__(self, row: np.ndarray) -> None:
        self.row = row.copy()
        super().__init__(0)

    def random(self) -> float:
        return float(search.unit(self.row))

    def getrandbits(self, k: int) -> int:
        return int(search.next64(self.row)) >> (64 - k) if k else 0


def positions(config: Config, games: int, seed: int) -> Iterator[GameState]:
    """Every position of ``games`` games of uniformly random moves."""
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(config, seed=seed * 1000 + g)
        while not state.is_over:
            yield state
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))


def advanced(config: Config, moves: int, seed: int) -> GameState:
    """The position ``moves`` random moves into a game (a game not over by then)."""
    for state in positions(config, 50, seed):
        if len(state.log) >= moves and to_act(state):
            return state
    raise AssertionError("no game lasted that long")


def python_playout(core: Core, rng: random.Random, stop: float = math.inf) -> Core:
    """A playout as ``ISMCTSBot`` simulates in Python: one of the seats waited on drawn at
    random, each playing ``plausible_move``, to the end or to the start of turn ``stop``. The
    engine's draws from the Court follow the position's seed, so the playout starts from a fresh
    one, as every determinization does (else every playout would draw alike)."""
    core = core._replace(seed=rng.getrandbits(128))
    while core.pending is not None:
        waiting = core.pending.waiting
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        if core.turn >= stop:
            break
        core = apply_unchecked(core, plausible_move(core, seat, legal_for(core, seat), rng))
    return core


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with ``df`` degrees of freedom (the regularized upper
    incomplete gamma function, by its series)."""
    a, y = df / 2, x / 2
    if y <= 0:
        return 1.0
    term = total = 1.0 / a
    n = 0
    while term > total * 1e-16:
        n += 1
        term *= y / (a + n)
        total += term
    return max(0.0, 1.0 - total * math.exp(-y + a * math.log(y) - math.lgamma(a)))


def homogeneity(first: Counter[Hashable], second: Counter[Hashable]) -> tuple[float, int]:
    """Pearson's chi-square statistic that two samples come from one distribution over their
    categories, and its degrees of freedom; categories seen fewer than 10 times in all are
    pooled (so that no expected count is tiny)."""
    pooled: list[tuple[int, int]] = []
    rest = [0, 0]
    for c in set(first) | set(second):
        if first[c] + second[c] >= 10:
            pooled.append((first[c], second[c]))
        else:
            rest[0] += first[c]
            rest[1] += second[c]
    if sum(rest):
        pooled.append((rest[0], rest[1]))
    n1, n2 = sum(first.values()), sum(second.values())
    stat = 0.0
    for a, b in pooled:
        for observed, n in ((a, n1), (b, n2)):
            expected = n * (a + b) / (n1 + n2)
            stat += (observed - expected) ** 2 / expected
    return stat, len(pooled) - 1


PLAYOUT_POSITIONS: dict[str, tuple[Config, int]] = {
    "2p-draft": (Config(players=2), 0),
    "3p": (Config(players=3), 12),
    "4p-inquisitor": (Config(players=4, inquisitor=True), 16),
    "5p-reformation": (Config(players=5, reformation=True), 10),
    "4p-turn-limit": (Config(players=4, max_turns=12), 8),
}
"""Positions to play out: (configuration, events into a random game)."""

PLAYOUTS = 300


def winners_both_ways(
    config: Config, moves: int, seed: int, **rates: float
) -> tuple[Counter[Hashable], Counter[Hashable]]:
    """The winners (-1: a draw) of ``PLAYOUTS`` Python playouts and as many compiled ones (at
    the policy ``rates``) from one position."""
    state = advanced(config, moves, seed)
    rng = random.Random(seed)
    pure: Counter[Hashable] = Counter()
    for _ in range(PLAYOUTS):
        winner = python_playout(state.core, rng).winner
        pure[-1 if winner is None else winner] += 1
    playouts = playouts_for(config)
    compiled: Counter[Hashable] = Counter(
        playouts.winner(state, rng.getrandbits(64), **rates) for _ in range(PLAYOUTS)
    )
    return pure, compiled


# --- the compiled policy, move for move ----------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize(("bluff", "challenge"), [(0.1, 0.1), (0.5, 0.4)])
def test_the_compiled_policy_makes_the_python_policy_s_move_from_the_same_draws(
    name: str, bluff: float, challenge: float
) -> None:
    """At every position of random games and for every seat waited on, ``search.plausible``
    over the row picks the move ``plausible_move`` picks when its generator is fed the row's
    stream, among the same legal moves in the same order, and uses as many draws."""
    config = VARIANTS[name]
    playouts = Playouts(config)
    L = playouts.layout
    checked = 0
    for i, state in enumerate(positions(config, 12, seed=sum(map(ord, name)))):
        for seat in state.pending.waiting if state.pending else ():
            row = playouts.load(state, seed=i * 7919 + seat).copy()
            moves = legal_for(state.core, seat)
            k = kernel.legal(row, L.P, L.IX, seat, playouts.moves)
            assert [L.codec.decode(int(m), seat) for m in playouts.moves[:k]] == list(moves)
            rng = RowRandom(row)
            expected = plausible_move(
                state.core, seat, moves, rng, bluff_rate=bluff, challenge_rate=challenge
            )
            index = search.plausible(
                row, L.P, L.MV, playouts.value_table, seat, playouts.moves, k, bluff, challenge
            )
            assert L.codec.decode(int(index), seat) == expected, (name, state.pending, seat)
            assert list(row[f.RNG_LO : f.RNG_HI + 1]) == list(rng.row[f.RNG_LO : f.RNG_HI + 1])
            checked += 1
    assert checked > 100


def test_below_draws_as_random_choice_does() -> None:
    """``search.below(row, n)`` is the index ``random.choice`` takes from a sequence of ``n``
    with the same stream, for sizes that need one draw and sizes that reject some."""
    row = np.zeros(f.RNG_HI + 1, np.int32)
    kernel.seed_row(row, 12345)
    rng = RowRandom(row)
    for n in [1, 2, 3, 5, 7, 8, 9, 13, 36, 100] * 20:
        assert search.below(row, n) == rng.choice(range(n))
    assert list(row) == list(rng.row)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_position_is_written_as_convert_writes_it(name: str) -> None:
    """``Playouts.load`` (plain Python, memoized) writes the position's fields as
    ``convert.write_row`` writes them for a layout without knowledge: every global field but
    the random counter (from its seed), and each seat's up to its standing claims (what
    follows feeds only the observation and the bots' record)."""
    config = VARIANTS[name]
    playouts = Playouts(config)
    reference = np.zeros_like(playouts.row)
    rng_fields = [f.RNG_LO, f.RNG_HI]
    fields = [i for i in range(f.SEATS) if i not in rng_fields] + [
        f.SEATS + seat * f.SEAT_FIELDS + i
        for seat in range(config.players)
        for i in range(f.S_LAST + 1)
    ]
    for state in positions(config, 4, seed=3):
        row = playouts.load(state, seed=-1 & 0xFFFF_FFFF_FFFF_FFFF)
        write_row(reference, state, playouts.layout)
        assert list(row[rng_fields]) == [-1, -1]
        assert list(row[fields]) == list(reference[fields]), state.pending


def test_positions_of_another_configuration_are_refused() -> None:
    with pytest.raises(ValueError, match="configuration"):
        Playouts(Config(players=3)).value(new_game(Config(players=4), seed=1), 0, seed=1)


# --- whole playouts, in distribution -------------------------------------------------------------


def test_compiled_playouts_win_as_often_as_python_playouts() -> None:
    """From fixed positions (the 2-player draft, the Inquisitor, the Reformation, a turn limit),
    the winners of compiled playouts and of the search's Python playouts follow one
    distribution: a chi-square test of homogeneity over all positions at once, p >= 0.001."""
    stat, df = 0.0, 0
    for name, (config, moves) in PLAYOUT_POSITIONS.items():
        pure, compiled = winners_both_ways(config, moves, seed=sum(map(ord, name)))
        if config.max_turns is not None:
            assert pure[-1] > 0 and compiled[-1] > 0  # draws at the turn limit are counted
        s, d = homogeneity(pure, compiled)
        stat, df = stat + s, df + d
    assert df >= 12
    assert chi2_sf(stat, df) >= 0.001, (stat, df)


def test_the_playout_comparison_tells_another_policy_apart() -> None:
    """The comparison above has power: compiled playouts challenging and bluffing far more often
    than the Python ones are told apart at p < 1e-6."""
    stat, df = 0.0, 0
    for name in ("3p", "4p-inquisitor"):
        config, moves = PLAYOUT_POSITIONS[name]
        pure, compiled = winners_both_ways(
            config, moves, seed=sum(map(ord, name)), bluff_rate=0.6, challenge_rate=0.6
        )
        s, d = homogeneity(pure, compiled)
        stat, df = stat + s, df + d
    assert chi2_sf(stat, df) < 1e-6, (stat, df)


def test_playouts_stopped_at_a_horizon_are_worth_as_much_either_way() -> None:
    """The bot's reward for playouts stopped two turns on (its share of the living seats'
    strength) has the same mean compiled and in Python: |z| < 3.9 (p about 1e-4)."""
    state = advanced(Config(players=4), 10, seed=5)
    stop = state.turn + 2
    rng = random.Random(8)
    pure = [_value(python_playout(state.core, rng, stop), 0) for _ in range(PLAYOUTS)]
    playouts = playouts_for(state.config)
    compiled = [
        playouts.value(state, 0, rng.getrandbits(64), stop=stop, coin_worth=_COIN_WORTH)
        for _ in range(PLAYOUTS)
    ]
    assert len(set(compiled)) > 5  # not all one value: the horizon is scored, not won or lost

    def mean_var(xs: list[float]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, sum((x - m) ** 2 for x in xs) / (len(xs) - 1)

    (m1, v1), (m2, v2) = mean_var(pure), mean_var(compiled)
    z = (m1 - m2) / math.sqrt(v1 / len(pure) + v2 / len(compiled))
    assert abs(z) < 3.9, (m1, m2, z)


def test_a_seed_gives_one_playout() -> None:
    state = advanced(Config(players=5, inquisitor=True), 6, seed=2)
    assert len({playout_from(state, 99) for _ in range(3)}) == 1
    assert len({playout_from(state, s) for s in range(40)}) > 1
    assert playout_from(state.core, 99) == playout_from(state, 99)


def test_the_others_moves_are_keyed_as_the_searching_seat_sees_them() -> None:
    """``to_decision`` records the others' moves by key: the move itself where the searching
    seat sees it, one key per seat and kind for a Keep, a Draft or a Show it does not see
    (``ismcts._hidden_from``)."""
    kinds = {
        KeepChoice: search.HIDDEN_KEEP,
        ShowChoice: search.HIDDEN_SHOW,
        DraftChoice: search.HIDDEN_DRAFT,
    }
    hidden: Counter[int] = Counter()
    for config in (Config(players=2), Config(players=3, inquisitor=True)):
        playouts = Playouts(config)
        for i, state in enumerate(positions(config, 40, seed=11)):
            waiting = state.pending.waiting if state.pending else ()
            if len(waiting) != 1:
                continue
            seat = waiting[0]
            for me in range(config.players):
                if me == seat or not state.players[me].alive:
                    continue
                playouts.load(state, seed=i)
                played, _ = playouts.decide(me, -2, 0.1, 0.1)
                key = played[0]
                if _hidden_from(state.core, seat, me):
                    kind = kinds[type(state.core.pending)]
                    assert key == -(kind * search.KEY_SEATS + seat) - 1
                    hidden[kind] += 1
                else:
                    assert playouts.move(key) in legal_for(state.core, seat)
    assert min(hidden[kind] for kind in kinds.values()) >= 3, hidden


# --- ISMCTSBot on compiled playouts --------------------------------------------------------------


def test_the_bot_runs_compiled_playouts_when_numba_is_installed() -> None:
    assert ISMCTSBot().compiled
    assert ISMCTSBot(playouts="compiled").compiled
    assert not ISMCTSBot(playouts="python").compiled
    assert "playouts='python'" in repr(ISMCTSBot(playouts="python"))
    with pytest.raises(ValueError, match="playouts"):
        ISMCTSBot(playouts="numba")  # type: ignore[arg-type]


def test_a_compiled_search_replays_with_the_same_random_choices() -> None:
    state = advanced(Config(players=4, inquisitor=True), 9, seed=4)
    seat = to_act(state)[0]
    bots = [ISMCTSBot(iterations=200, playouts="compiled") for _ in range(2)]
    moves = {bot.choose(view(state, seat), random.Random(5)) for bot in bots}
    assert len(moves) == 1 and moves <= set(legal_moves(state, seat))
    first, second = (bot.last for bot in bots)
    assert first is not None and second is not None
    assert first.visits == second.visits and sum(first.visits.values()) == 200
    assert set(first.visits) == set(legal_moves(state, seat))


def test_a_compiled_search_to_a_horizon_scores_shares() -> None:
    state = advanced(Config(players=5, reformation=True), 8, seed=6)
    seat = to_act(state)[0]
    bot = ISMCTSBot(iterations=150, horizon=2, playouts="compiled")
    assert bot.choose(view(state, seat), random.Random(1)) in legal_moves(state, seat)
    assert bot.last is not None
    rewards = [r for m, r in bot.last.rewards.items() if bot.last.visits[m]]
    assert rewards and all(0.0 <= r <= 1.0 for r in rewards)
    assert any(0.0 < r < 1.0 for r in rewards)  # shares of strength, not wins


def test_the_search_chooses_alike_with_either_playouts() -> None:
    """The moves the search chooses, over searches with fresh random generators, follow one
    distribution with compiled and with Python playouts (chi-square, p >= 0.001), at a turn
    action where they vary."""
    state = next(
        s
        for s in positions(Config(players=3), 50, seed=22)
        if len(s.log) >= 10 and isinstance(s.pending, ActionChoice)
    )
    seat = to_act(state)[0]
    seen = view(state, seat)
    chosen: list[Counter[Hashable]] = []
    for kind in ("python", "compiled"):
        bot = ISMCTSBot(iterations=40, playouts=kind)
        chosen.append(Counter(bot.choose(seen, random.Random(1000 + i)) for i in range(60)))
    assert len(chosen[0]) > 3  # the choice varies from search to search
    stat, df = homogeneity(chosen[0], chosen[1])
    assert df >= 3 and chi2_sf(stat, df) >= 0.001, (chosen, stat)


# --- without numba -------------------------------------------------------------------------------

_WITHOUT_NUMBA = """
import random, sys
sys.modules["numba"] = None  # import numba now fails, and find_spec says it is not there
sys.modules["numpy"] = None
import coup_rules
from coup_rules import Config, new_game, view
from coup_rules.ai import ISMCTSBot
bot = ISMCTSBot(iterations=5)
assert not bot.compiled
bot.choose(view(new_game(Config(players=3), seed=1), 0), random.Random(0))
try:
    ISMCTSBot(playouts="compiled")
except ValueError as err:
    assert "[vector]" in str(err)
else:
    raise AssertionError("compiled playouts without numba")
print("ok")
"""


def test_the_library_and_the_bot_work_without_numba() -> None:
    """Without numba and NumPy, ``import coup_rules.ai`` works and the bot plays in Python;
    asking for compiled playouts says what to install. With them, importing the bot imports
    neither (the compiled path is imported on the first search)."""
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_NUMBA], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
    lazy = "import sys, coup_rules.ai; print('numba' in sys.modules, 'numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", lazy], capture_output=True, text=True, env=env)
    assert done.stdout.split() == ["False", "False"], done.stderr
