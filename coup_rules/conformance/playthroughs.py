"""The kit's playthroughs: one seeded random game for every configuration the engine supports.

A playthrough is a ``CaseDef`` like any other, its moves chosen by a seeded random player
(``random.Random(seed)``: a random seat of ``to_act``, then a random legal move), so the kit
records it exactly as it records the scenario cases.
"""

from __future__ import annotations

import random

from coup_rules.config import Config
from coup_rules.conformance.define import CaseDef
from coup_rules.engine import apply, legal_moves, to_act
from coup_rules.notation import format_move
from coup_rules.setup import new_game

__all__ = ["MAX_MOVES", "PLAYTHROUGHS", "SEEDS", "VIEW_SAMPLES", "playthrough"]

MAX_MOVES = 2000
"""A random game is cut off after this many moves (none of the kit's games comes close)."""

VIEW_SAMPLES = 3
"""Steps of each playthrough (besides the end) at which every view is recorded."""

SEEDS = (1, 2)
"""The seeds of each configuration's games (the deal's and the random player's)."""

PLAYTHROUGHS: dict[str, tuple[str, Config]] = {
    "2p-draft": ("2 players, the 2-player setup and its draft", Config(players=2)),
    "2p-plain": ("2 players, dealt like any other game", Config(players=2, two_player_setup=False)),
    **{
        f"{n}p": (f"{n} players, base game", Config(players=n, first_player=n // 2))
        for n in range(3, 11)
    },
    "inquisitor-4p": ("4 players, the Inquisitor", Config(players=4, inquisitor=True)),
    "reformation-4p": ("4 players, Reformation", Config(players=4, reformation=True)),
    "reformation-inquisitor-5p": (
        "5 players, Reformation with the Inquisitor",
        Config(players=5, reformation=True, inquisitor=True),
    ),
    "2p-draft-reformation-inquisitor": (
        "2 players, the 2-player setup with Reformation and the Inquisitor",
        Config(players=2, reformation=True, inquisitor=True),
    ),
    "small-treasury-4p": (
        "4 players with a bank of 10 coins: the Treasury runs dry",
        Config(players=4, coins=10),
    ),
    "small-deck-4p": (
        "4 players, 2 copies of each character: a Court of 2 cards",
        Config(players=4, copies=2),
    ),
    "max-turns-4p": (
        "4 players, the house rule max_turns=6: a draw after 6 turns",
        Config(players=4, max_turns=6),
    ),
}
"""Each configuration's name (its file name), what it plays, and its config."""


def _sample(moves: int) -> tuple[int, ...]:
    return tuple(sorted({moves * k // (VIEW_SAMPLES + 1) for k in range(VIEW_SAMPLES)}))


def playthrough(name: str, seed: int) -> CaseDef:
    """A random game of the named configuration as a case, played to its end."""
    about, config = PLAYTHROUGHS[name]
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    moves: list[str] = []
    while to_act(state) and len(moves) < MAX_MOVES:
        seat = rng.choice(to_act(state))
        move = rng.choice(legal_moves(state, seat))
        moves.append(format_move(move))
        state = apply(state, move)
    return CaseDef(
        id=f"playthrough-{name}-seed-{seed}",
        title=f"A random game: {about}, seed {seed}, played to its end by a seeded random player.",
        rules=(),
        config=config,
        moves=tuple(moves),
        seed=seed,
        views=_sample(len(moves)),
    )
