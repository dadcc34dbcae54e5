"""The differential check of ``coup_rules.vector`` against the engine, move for move.

Random games are played in batches of lanes; every lane has an engine ``GameState`` beside it
and, at every step:

- the lane's current player is ``asked_first`` of the engine's pending decision, and its mask is
  exactly ``legal_moves`` of that seat through the ``MoveCodec``;
- its observation is ``ObservationEncoder.encode(view(state, seat))`` (every ``observe_every``
  steps);
- after a uniformly random legal action, ``apply`` on the engine state equals the lane's
  ``to_state`` in every field but the log, the seed and the draw counter. Chance is made the
  same on both sides: the kernel keeps the Court indices it drew in the step, and the engine
  draws them too (``tests/engine_draws.py``: under a seed found for them, nothing patched, so
  on the compiled build as well), so the comparison is exact even where cards were drawn, and
  the engine's log stays true;
- at the end of each game the winner (or the draw) is the same, and ``set_state`` of the
  engine's final state rebuilds the lane's claims and knowledge fields exactly.

Half the lanes start from the engine's ``new_game`` (through ``set_state``), half from the
kernel's own deal (through ``to_state``, checked by ``validate_state``).

Command line (from the repository root)::

    python -m tests.vector_check --moves 1000000   # every variant of VARIANTS in turn
    python -m tests.vector_check --variant base-4p   # one variant (repeatable), as in a whole run
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from coup_rules import Config, GameState, legal_moves, new_game, validate_state, view
from coup_rules.ai.encoding import asked_first
from coup_rules.log import EMPTY_LOG
from coup_rules.vector import VectorEnv
from coup_rules.vector import fields as f
from tests.engine_draws import DrawMismatch, apply_drawing

VARIANTS: dict[str, Config] = {
    "base-2p-draft": Config(players=2),
    "plain-2p": Config(players=2, two_player_setup=False, first_player=1),
    "base-4p": Config(players=4, first_player=2),
    "inquisitor-6p": Config(players=6, inquisitor=True),
    "reformation-5p": Config(players=5, reformation=True),
    "both-2p-draft": Config(players=2, inquisitor=True, reformation=True),
    "both-8p": Config(players=8, inquisitor=True, reformation=True),
    "reformation-10p": Config(players=10, reformation=True),
    "finite-treasury-4p": Config(players=4, coins=10),
    "finite-treasury-reformation-3p": Config(players=3, coins=8, reformation=True),
    "max-turns-copies-5-4p": Config(players=4, copies=5, inquisitor=True, max_turns=8),
}
"""Every rule and variant: 2 to 10 players, the 2-player setup and draft, the Inquisitor, the
Reformation, a finite Treasury, another deck size, the turn limit."""


class Mismatch(AssertionError):
    """The vector env and the engine disagree."""


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    draws: int = 0
    observations: int = 0
    wins: int = 0
    drawn_games: int = 0


def position(state: GameState) -> object:
    """Every field of the state but the log, the seed and the draw counter."""
    return state.core._replace(log=EMPTY_LOG, seed=0, draws=0)


_RECORD = (
    f.S_CLAIMS,
    f.S_LAST,
    f.S_PROVED,
    f.S_CONCEDED,
    f.S_CHALLENGES,
    f.S_PASSES,
    f.S_AID_BLOCKS,
    f.S_AID_PASSES,
    f.S_RCLAIMS,
    f.S_RLAST,
    f.S_DRAFTED,
    *range(f.S_SEEN, f.S_SEEN + f.MAXP),
)
"""The fields of a seat rebuilt from the log: claims, the bots' record, what it was shown."""


def _knowledge(row: np.ndarray) -> np.ndarray:
    claims = [row[f.SEATS + s * f.SEAT_FIELDS + field] for s in range(f.MAXP) for field in _RECORD]
    return np.concatenate([np.asarray(claims, np.int32), row[f.KNOW :]])


def check_batch(
    env: VectorEnv, seed: int, rng: random.Random, observe_every: int, tally: Tally
) -> None:
    """Play one batch of games, one per lane, to their ends, checking every step."""
    config = env.config
    codec = env.layout.codec
    encoder = env.layout.encoder
    lanes = env.num_envs
    states = start_batch(env, rng)
    step = 0
    while any(not s.is_over for s in states):
        mask = env.legal_action_mask()
        players = env.current_player
        observed = step % observe_every == 0
        obs = env.observation() if observed else None
        actions = np.zeros(lanes, np.int64)
        for lane, state in enumerate(states):
            if state.is_over:
                if players[lane] != -1 or mask[lane].any():
                    raise Mismatch(f"lane {lane}: a finished game still asks a seat")
                continue
            assert state.pending is not None
            seat = asked_first(state.pending, config.players)
            if players[lane] != seat:
                raise Mismatch(f"lane {lane}: asks seat {players[lane]}, the engine {seat}")
            legal = sorted(codec.indices(legal_moves(state, seat)))
            got = np.flatnonzero(mask[lane]).tolist()
            if got != legal:
                raise Mismatch(f"lane {lane}: mask {got}, legal_moves {legal}\n{state!r}")
            if obs is not None:
                want = np.asarray(encoder.encode(view(state, seat)), np.float32)
                if not np.array_equal(obs[lane], want):
                    diff = [encoder.names[i] for i in np.flatnonzero(obs[lane] != want)]
                    raise Mismatch(f"lane {lane}: observation differs in {diff}")
                tally.observations += 1
            actions[lane] = rng.choice(legal)
        follow(env, states, actions, tally)
        step += 1


def start_batch(env: VectorEnv, rng: random.Random) -> list[GameState]:
    """New games in every lane: half the engine's deals, half the kernel's; their states."""
    env.reset()
    states: list[GameState] = []
    for lane in range(env.num_envs):
        if lane % 2:
            state = new_game(env.config, seed=rng.getrandbits(64))
            env.set_state(lane, state)
            if position(env.to_state(lane)) != position(state):
                raise Mismatch(f"lane {lane}: to_state(set_state(s)) is not s")
        else:
            state = env.to_state(lane)
            validate_state(state)
        states.append(state)
    return states


def follow(env: VectorEnv, states: list[GameState], actions: np.ndarray, tally: Tally) -> None:
    """Step the env and every running engine state (``states``, updated) by ``actions``, the
    engine replaying the kernel's draws, and check that the positions stay equal."""
    config = env.config
    codec = env.layout.codec
    before = env.state.copy()
    env.step(actions)
    for lane, state in enumerate(states):
        if state.is_over:
            continue
        seat = asked_first(state.pending, config.players)  # type: ignore[arg-type]
        move = codec.decode(int(actions[lane]), seat)
        row = env.state[lane]
        drawn = [int(i) for i in row[f.DRAWS : f.DRAWS + row[f.NDRAW]]]
        tally.draws += len(drawn)
        try:
            after = apply_drawing(state, move, drawn)
        except DrawMismatch as error:
            raise Mismatch(f"lane {lane}: after {move!r}: {error}") from None
        if position(env.to_state(lane)) != position(after):
            raise Mismatch(
                f"lane {lane}: after {move!r}\nvector {env.to_state(lane)!r}\n"
                f"engine {after!r}\nbefore {before[lane].tolist()}"
            )
        states[lane] = after
        tally.moves += 1
        if after.is_over:
            _check_end(env, lane, after, tally)


def _check_end(env: VectorEnv, lane: int, state: GameState, tally: Tally) -> None:
    tally.games += 1
    if state.winner is None:
        tally.drawn_games += 1
    else:
        tally.wins += 1
    if int(env.state[lane, f.WINNER]) != (-1 if state.winner is None else state.winner):
        raise Mismatch(f"lane {lane}: the winners differ")
    mine = _knowledge(env.state[lane]).copy()
    spare = env.state[lane].copy()
    env.set_state(lane, state)
    if not np.array_equal(_knowledge(env.state[lane]), mine):
        raise Mismatch(f"lane {lane}: set_state rebuilds other claims or knowledge")
    env.state[lane] = spare
    env.reset([])  # asks the lanes again: the restored game is over


def check_variant(
    config: Config, games: int, seed: int, lanes: int = 32, observe_every: int = 1
) -> Tally:
    """Play ``games`` (rounded up to whole batches of ``lanes``) and check every step."""
    env = VectorEnv(config, num_envs=lanes, seed=seed, autoreset=False)
    rng = random.Random(seed)
    tally = Tally()
    while tally.games < games:
        check_batch(env, seed, rng, observe_every, tally)
    return tally


VARIANT_HELP = "play only this variant of VARIANTS, with its share and seed (repeatable)"


def check_all(
    make_env: Callable[[Config, int], Any],
    moves: int,
    seed: int,
    observe_every: int,
    only: Sequence[str] = (),
) -> Tally:
    """``moves`` moves in all, shared among the variants of ``VARIANTS``, each played on
    ``make_env(config, seed)`` (a vector env, or anything with its interface) and checked at
    every step; prints a line per variant and the total.

    ``only`` names the variants to play (all when empty). Each keeps its share and its seed
    (``seed`` plus its index in ``VARIANTS``), so a run cut short can be finished by playing
    the variants it did not reach: together they are the same games as one whole run.
    """
    unknown = sorted(set(only) - set(VARIANTS))
    if unknown:
        raise ValueError(f"no such variant: {', '.join(unknown)} (known: {', '.join(VARIANTS)})")
    per_variant = moves // len(VARIANTS)
    total = Tally()
    start = time.perf_counter()
    for i, (name, config) in enumerate(VARIANTS.items()):
        if only and name not in only:
            continue
        env = make_env(config, seed + i)
        rng = random.Random(seed + i)
        tally = Tally()
        while tally.moves < per_variant:
            check_batch(env, seed + i, rng, observe_every, tally)
        print(
            f"{name:>32}: {tally.games:6d} games, {tally.moves:8d} moves, {tally.draws:6d} "
            f"cards drawn, {tally.observations:8d} observations, {tally.drawn_games} drawn",
            flush=True,
        )
        for field in ("games", "moves", "draws", "observations", "wins", "drawn_games"):
            setattr(total, field, getattr(total, field) + getattr(tally, field))
    elapsed = time.perf_counter() - start
    print(
        f"all equal: {total.games} games, {total.moves} moves, {total.draws} cards drawn, "
        f"{total.observations} observations checked against the engine in {elapsed:.0f} s"
    )
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1_000_000, help="moves in all (default 1M)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--observe-every", type=int, default=1)
    parser.add_argument(
        "--variant", action="append", default=[], choices=list(VARIANTS), help=VARIANT_HELP
    )
    args = parser.parse_args(argv)

    def make_env(config: Config, seed: int) -> VectorEnv:
        return VectorEnv(config, num_envs=32, seed=seed, autoreset=False)

    check_all(make_env, args.moves, args.seed, args.observe_every, args.variant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
