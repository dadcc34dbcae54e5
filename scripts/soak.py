"""Soak test: random games over every configuration, every invariant checked after every move.

Not part of the test suite (it runs for as long as you ask). Games cycle through every player
count from 2 to 10, the four variants (base, Inquisitor, Reformation, both), the deck sizes
(the default and explicit ``copies``), the 2-player setup on and off, and the deals (random
from the seed, fixed hands with random coins, Court and allegiances, and for the 2-player setup
a fixed Court before the draft). Moves are uniformly random: a seat of ``to_act``, then one of
its legal moves. After every move it checks, with the functions of ``tests/invariants.py``:

- ``check_apply``: the move applies; ``apply`` is pure (input unchanged, equal inputs give
  equal results, also from a state rebuilt from JSON); the state's JSON round trip;
- ``check_cheap``: coins, cards, hands, the dead, who is asked, the end;
- the JSON round trip and the secrecy of the views (every viewer with ``--every-viewer``, else
  one random viewer per move, plus one whole-log view);
- every legal move of every seat applies, and one random junk move is rejected cleanly.

A failure is printed with its game (config, deal, seed) and the moves that led to it, and the
run goes on with the next game. ``--perft-depth D`` also recounts the perft of every named deal
to depth D against ``tests/golden/perft.json``.

Usage (from the repository root; needs the dev extra)::

    python scripts/soak.py --moves 1000000 --seed 1
    python scripts/soak.py --moves 20000 --perft-depth 8
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time
import traceback
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import attrs  # noqa: E402

from coup_rules import (  # noqa: E402
    Allegiance,
    Character,
    Config,
    GameState,
    Move,
    __version__,
    apply,
    format_move,
    legal_moves,
    new_game,
    to_act,
)
from tests.invariants import (  # noqa: E402
    characters_of,
    check_after_move,
    check_apply,
    check_cheap,
    check_illegal,
    check_secrecy,
    check_state_round_trip,
    check_view_round_trips,
    deck_of,
    viewers,
)
from tests.perft import DEALS, load_golden, perft  # noqa: E402

DESCRIPTION = "Random games over every configuration, every invariant checked after every move."

MAX_GAME_MOVES = 20_000
"""A game that has not ended after this many moves is a failure (random games end far sooner)."""

MOVE_CLASSES: tuple[type[Move], ...] = typing.get_args(Move)


@dataclass(frozen=True)
class Kind:
    """One cell of the configuration cycle."""

    players: int
    inquisitor: bool
    reformation: bool
    copies: int | None
    two_player_setup: bool
    deal: str  # "random", "fixed" or "court" (2-player setup: a fixed Court, then the draft)

    def label(self) -> str:
        variant = {(False, False): "base", (True, False): "inquisitor"}.get(
            (self.inquisitor, self.reformation),
            "reformation" if not self.inquisitor else "both",
        )
        setup = " 2p-setup" if self.players == 2 and self.two_player_setup else ""
        copies = "" if self.copies is None else f" copies={self.copies}"
        return f"{self.players}p {variant}{copies}{setup} {self.deal}"


def cycle() -> list[Kind]:
    """Every player count × variant × deck size × 2-player setup × kind of deal."""
    kinds = []
    for players in range(2, 11):
        least = math.ceil((2 * players + 2) / 5)  # the smallest deck that leaves a Court of 2
        for inquisitor in (False, True):
            for reformation in (False, True):
                for copies in (None, least, least + 2):
                    for deal in ("random", "fixed"):
                        kinds.append(Kind(players, inquisitor, reformation, copies, False, deal))
                if players == 2:
                    for deal in ("random", "fixed", "court"):
                        kinds.append(Kind(2, inquisitor, reformation, None, True, deal))
    return kinds


def start(kind: Kind, rng: random.Random) -> tuple[GameState, dict[str, Any]]:
    """A new game of ``kind``, its random parts drawn from ``rng``; and its arguments."""
    players = kind.players
    draft = players == 2 and kind.two_player_setup
    needed = 2 * players - (1 if draft else 0)
    bank = rng.choice([54, 54, 54, needed, needed + 3, rng.randint(needed, 90)])
    config = Config(
        players=players,
        inquisitor=kind.inquisitor,
        reformation=kind.reformation,
        copies=kind.copies,
        coins=bank,
        two_player_setup=kind.two_player_setup,
        first_player=rng.randrange(players),
    )
    args: dict[str, Any] = {"seed": rng.getrandbits(128)}
    if kind.deal != "random" and rng.random() < 0.5:
        left, coins = bank, []
        for _ in range(players):
            coins.append(rng.randint(0, min(12, left)))
            left -= coins[-1]
        args["coins"] = coins
    if kind.reformation and rng.random() < 0.5:
        args["allegiances"] = [rng.choice(list(Allegiance)) for _ in range(players)]
    if kind.deal == "court":
        args["court"] = rng.sample(characters_of(config), 3)
    elif kind.deal == "fixed":
        deck = list(deck_of(config))
        rng.shuffle(deck)
        args["hands"] = [deck[2 * s : 2 * s + 2] for s in range(players)]
        rest = deck[2 * players :]
        if rng.random() < 0.5:
            args["court"] = rest[: rng.randint(2, len(rest))]
    return new_game(config, **args), {"config": config, **args}


FIELD_VALUES: dict[str, Callable[[random.Random], Any]] = {
    "player": lambda rng: rng.randint(-2, 11),
    "target": lambda rng: rng.randint(-2, 11),
    "character": lambda rng: rng.choice(list(Character)),
    "allegiance": lambda rng: rng.choice(list(Allegiance)),
    "cards": lambda rng: tuple(rng.choice(list(Character)) for _ in range(rng.randint(0, 4))),
}


def junk_move(rng: random.Random) -> Move:
    """A move of a random class with random fields (seats out of range too)."""
    cls = rng.choice(MOVE_CLASSES)
    move: Move = cls(**{f.name: FIELD_VALUES[f.name](rng) for f in attrs.fields(cls)})
    return move


def is_legal(state: GameState, move: Move) -> bool:
    return 0 <= move.player < state.config.players and move in legal_moves(state, move.player)


def play(
    state: GameState, rng: random.Random, every_viewer: bool, budget: int, history: list[Move]
) -> int:
    """Play ``state`` to the end (or for ``budget`` moves) checking everything after each move;
    the moves made go into ``history``. Returns the number of moves."""
    check_cheap(state)
    check_view_round_trips(state, viewers(state))
    check_secrecy(state, viewers(state), rng)
    moves = 0
    while not state.is_over and moves < budget:
        seat = rng.choice(to_act(state))
        move = rng.choice(legal_moves(state, seat))
        history.append(move)
        after = check_apply(state, move)  # also the round trip of ``state``
        check_after_move(state, after, rng, every_viewer=every_viewer, state_round_trip=False)
        for other in to_act(after):  # every legal move applies (the played one was checked)
            for legal in legal_moves(after, other):
                apply(after, legal)
        junk = junk_move(rng)
        if not is_legal(after, junk):
            check_illegal(after, junk)
        state = after
        moves += 1
    check_state_round_trip(state)
    if moves >= MAX_GAME_MOVES:
        raise AssertionError(f"the game did not end in {MAX_GAME_MOVES} moves")
    return moves


def run_perft(depth: int) -> int:
    """Recount every named deal to ``depth`` against the golden file; returns the failures."""
    golden = load_golden()["deals"]
    failures = 0
    for deal in DEALS:
        began = time.perf_counter()
        try:
            counts = perft(deal.start(), depth)
        except Exception:
            failures += 1
            print(f"perft {deal.name}: FAILED\n{traceback.format_exc()}", flush=True)
            continue
        pinned = golden.get(deal.name, {}).get("counts", [])
        common = min(len(pinned), len(counts))
        if counts[:common] != pinned[:common]:
            failures += 1
            verdict = f"MISMATCH: golden {pinned[:common]}"
        elif len(pinned) <= depth:
            verdict = f"ok to depth {common - 1}; deeper than the golden file: {counts[common:]}"
        else:
            verdict = "ok"
        seconds = time.perf_counter() - began
        print(f"perft {deal.name:18} depth {depth}: {counts[-1]:>10} {seconds:6.1f}s {verdict}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/soak.py", description=DESCRIPTION)
    parser.add_argument("--moves", type=int, required=True, help="moves to play in all")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--perft-depth", type=int, default=0, help="also recount the perft")
    parser.add_argument(
        "--every-viewer", action="store_true", help="check every viewer's view after each move"
    )
    parser.add_argument("--progress", type=float, default=30.0, help="seconds between lines")
    args = parser.parse_args(argv)

    kinds = cycle()
    began = time.perf_counter()
    last = began
    moves = games = longest = 0
    failures: list[str] = []
    print(
        f"soak: {args.moves} moves, seed {args.seed}, {len(kinds)} configurations in the cycle; "
        f"coup_rules {__version__}, Python {platform.python_version()}, {platform.machine()}, "
        f"started {time.strftime('%Y-%m-%d %H:%M:%S')}",
        flush=True,
    )
    while moves < args.moves:
        kind = kinds[games % len(kinds)]
        rng = random.Random(f"soak:{args.seed}:{games}")
        history: list[Move] = []
        setup: dict[str, Any] = {}
        try:
            state, setup = start(kind, rng)
            played = play(state, rng, args.every_viewer, MAX_GAME_MOVES, history)
            moves += played
            longest = max(longest, played)
        except Exception as err:
            moves += len(history)
            where = " ".join(format_move(m) for m in history[-12:])
            failures.append(
                f"game {games} ({kind.label()}): {type(err).__name__}: {err}\n"
                f"  setup: {setup}\n  {len(history)} moves, the last: {where}\n"
                + "".join(traceback.format_exception(err)[-3:])
            )
            print(f"FAILURE in game {games} ({kind.label()}): {err}", flush=True)
        games += 1
        now = time.perf_counter()
        if now - last >= args.progress:
            last = now
            rate = moves / (now - began)
            print(
                f"{moves:>9} moves  {games:>7} games  {rate:7.0f} moves/s  "
                f"{len(failures)} failures",
                flush=True,
            )
    seconds = time.perf_counter() - began
    perft_failures = run_perft(args.perft_depth) if args.perft_depth else 0
    for failure in failures:
        print(failure)
    print(
        f"summary: {games} games, {moves} moves (longest game {longest}), {seconds:.0f} s "
        f"({moves / seconds:.0f} moves/s), "
        f"{len(failures)} failures"
        + (f", {perft_failures} perft failures" if args.perft_depth else "")
    )
    return 1 if failures or perft_failures else 0


if __name__ == "__main__":
    sys.exit(main())
