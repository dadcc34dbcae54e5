"""The tables that tie the compiled kernel to one ``Config``: derived, never written by hand.

``P`` holds the configuration, ``MV`` the shape of every move index and ``IX`` the index of every
move shape, both read off ``coup_rules.ai.encoding.MoveCodec``; ``OB`` places each component of
the observation, read off its one declaration, ``coup_rules.ai.layout``. So the move table exists
once, in ``coup_rules.ai.encoding``, and the observation layout once, in ``coup_rules.ai.layout``,
for PettingZoo, OpenSpiel, the vector env and the JAX form.
"""

from __future__ import annotations

import attrs
import numpy as np

from coup_rules.actions import ACTIONS, Aim, Asked, blockers_of
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.ai.layout import kernel_places
from coup_rules.cards import RANK, Allegiance, Character
from coup_rules.config import Config
from coup_rules.events import Pool
from coup_rules.moves import Keep, Move
from coup_rules.vector import fields as f

__all__ = ["ACTION_KIND", "CHARACTERS", "SIDES", "Layout", "fields_of", "layout_of"]

CHARACTERS: tuple[Character, ...] = tuple(Character)
"""The characters by rank, as the kernel numbers them."""

SIDES: tuple[Allegiance, ...] = tuple(Allegiance)
"""The allegiances as the kernel numbers them (Loyalist 0, Reformist 1)."""

ACTION_KIND: dict[type, int] = {spec.move: i for i, spec in enumerate(ACTIONS)}
"""The kernel's number of each action class: its row in ``ACTIONS``."""


@attrs.frozen(eq=False)
class Layout:
    """The kernel's tables for one configuration."""

    config: Config
    codec: MoveCodec
    encoder: ObservationEncoder
    P: np.ndarray
    IX: np.ndarray
    MV: np.ndarray
    OB: np.ndarray


def fields_of(players: int) -> int:
    """The length of a row of a game of ``players`` seats."""
    return f.KNOW + players * (players + 1) * f.NCH


def _params(config: Config, track: bool) -> np.ndarray:
    P = np.zeros(f.P_SIZE, np.int64)
    P[f.P_PLAYERS] = config.players
    P[f.P_INQUISITOR] = config.inquisitor
    P[f.P_REFORMATION] = config.reformation
    P[f.P_TWO_PLAYER_SETUP] = config.is_two_player_setup
    P[f.P_FIRST] = config.first_player
    P[f.P_MAX_TURNS] = config.max_turns or 0
    P[f.P_COINS] = config.coins
    P[f.P_COPIES] = config.copies_per_character
    P[f.P_TRACK] = track
    P[f.P_EXCHANGER] = RANK[config.exchanger]
    P[f.P_CHARS] = sum(1 << RANK[c] for c in config.characters)
    P[f.P_FIELDS] = fields_of(config.players)
    for row, spec in enumerate(ACTIONS):  # what the table says of each action in this game
        claim = config.exchanger if spec.claims_exchanger else spec.claim
        P[f.P_CLAIM + row] = -1 if claim is None else RANK[claim]
        P[f.P_DISCLAIM + row] = -1 if spec.disclaims is None else RANK[spec.disclaims]
        P[f.P_CHALLENGEABLE + row] = spec.challengeable
        P[f.P_COST + row] = spec.cost
        P[f.P_SELF_COST + row] = spec.cost if spec.self_cost is None else spec.self_cost
        P[f.P_POOL + row] = list(Pool).index(spec.pool)
        P[f.P_AIM + row] = list(Aim).index(spec.aim)
        P[f.P_ASKED + row] = list(Asked).index(spec.asked)
        P[f.P_BLOCKERS + row] = sum(1 << RANK[c] for c in blockers_of(spec, config.exchanger))
        P[f.P_REFUNDED + row] = spec.refunded
    return P


def _moves(codec: MoveCodec) -> tuple[np.ndarray, np.ndarray]:
    """``MV`` (kind, argument, second card) of every move index and ``IX``, the index of every
    shape, read off the codec's moves by their classes and arguments."""
    MV = np.full((codec.size, 3), -1, np.int64)
    IX = np.full(f.IX_SIZE, -1, np.int64)
    for index in range(codec.size):
        move = codec.decode(index, 0)
        cls = type(move)
        kind = f.MOVE_KIND[cls]
        if kind < f.NACTIONS:
            target = getattr(move, "target", -1)
            MV[index] = (kind, target, -1)
            if target <= 0:
                IX[f.I_ACT + kind] = index
            continue
        base = f.IX_AT[cls]
        if isinstance(move, Keep):
            ranks = [RANK[c] for c in move.cards]
            second = ranks[1] if len(ranks) == 2 else -1
            MV[index] = (kind, ranks[0], second)
            IX[base + ranks[0] if second < 0 else f.I_KEEP2 + ranks[0] * f.NCH + second] = index
            continue
        arg = _argument(move)
        MV[index, :2] = (kind, arg)
        IX[base + max(arg, 0)] = index
    return MV, IX


def _argument(move: Move) -> int:
    """The kernel's number of a move's one argument besides its player, -1 for none."""
    values = [getattr(move, a.name) for a in attrs.fields(type(move)) if a.name != "player"]
    if not values:
        return -1
    (value,) = values
    if isinstance(value, Character):
        return RANK[value]
    return SIDES.index(value)


def _observation(encoder: ObservationEncoder) -> np.ndarray:
    """``OB``: for each of the kernel's component slots, its place in the vector (-1: none),
    read off the observation's one declaration (``coup_rules.ai.layout``)."""
    return np.asarray(kernel_places(encoder.config), np.int64)


def layout_of(config: Config, *, track: bool = True) -> Layout:
    """The kernel's tables for ``config``; ``track=False`` skips what only observations need."""
    codec = MoveCodec(config)
    encoder = ObservationEncoder(config)
    MV, IX = _moves(codec)
    return Layout(config, codec, encoder, _params(config, track), IX, MV, _observation(encoder))
