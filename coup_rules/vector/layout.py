"""The tables that tie the compiled kernel to one ``Config``: derived, never written by hand.

``P`` holds the configuration, ``MV`` the shape of every move index and ``IX`` the index of every
move shape, both read off ``coup_rules.ai.encoding.MoveCodec``; ``OB`` places each component of
the observation, read off ``ObservationEncoder.names``. So the move table and the observation
layout exist once, in ``coup_rules.ai.encoding``, for PettingZoo, OpenSpiel and the vector env.
"""

from __future__ import annotations

import attrs
import numpy as np

from coup_rules.actions import ACTIONS
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.cards import RANK, Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import Decision
from coup_rules.moves import (
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Draft,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Prove,
    Show,
)
from coup_rules.vector import kernel as k

__all__ = ["ACTION_KIND", "CHARACTERS", "SIDES", "Layout", "fields_of", "layout_of"]

CHARACTERS: tuple[Character, ...] = tuple(Character)
"""The characters by rank, as the kernel numbers them."""

SIDES: tuple[Allegiance, ...] = tuple(Allegiance)
"""The allegiances as the kernel numbers them (Loyalist 0, Reformist 1)."""

ACTION_KIND: dict[type, int] = {spec.move: i for i, spec in enumerate(ACTIONS)}
"""The kernel's number of each action class: its row in ``ACTIONS``."""

_PLAIN: dict[type, int] = {
    Challenge: k.M_CHALLENGE,
    Allow: k.M_ALLOW,
    Prove: k.M_PROVE,
    Concede: k.M_CONCEDE,
    GiveBack: k.M_GIVE_BACK,
    ForceExchange: k.M_FORCE,
}
_BY_CARD: dict[type, int] = {
    Block: k.M_BLOCK,
    LoseInfluence: k.M_LOSE,
    Show: k.M_SHOW,
    Draft: k.M_DRAFT,
}
_IX_PLAIN = {
    k.M_CHALLENGE: k.I_CHALLENGE,
    k.M_ALLOW: k.I_ALLOW,
    k.M_PROVE: k.I_PROVE,
    k.M_CONCEDE: k.I_CONCEDE,
    k.M_GIVE_BACK: k.I_GIVE_BACK,
    k.M_FORCE: k.I_FORCE,
}
_IX_CARD = {k.M_BLOCK: k.I_BLOCK, k.M_LOSE: k.I_LOSE, k.M_SHOW: k.I_SHOW, k.M_DRAFT: k.I_DRAFT}


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
    return k.KNOW + players * (players + 1) * k.NCH


def _params(config: Config, track: bool) -> np.ndarray:
    P = np.zeros(k.P_SIZE, np.int64)
    P[k.P_PLAYERS] = config.players
    P[k.P_INQUISITOR] = config.inquisitor
    P[k.P_REFORMATION] = config.reformation
    P[k.P_TWO_PLAYER_SETUP] = config.is_two_player_setup
    P[k.P_FIRST] = config.first_player
    P[k.P_MAX_TURNS] = config.max_turns or 0
    P[k.P_COINS] = config.coins
    P[k.P_COPIES] = config.copies_per_character
    P[k.P_TRACK] = track
    P[k.P_EXCHANGER] = RANK[config.exchanger]
    P[k.P_CHARS] = sum(1 << RANK[c] for c in config.characters)
    P[k.P_FIELDS] = fields_of(config.players)
    return P


def _moves(codec: MoveCodec) -> tuple[np.ndarray, np.ndarray]:
    MV = np.full((codec.size, 3), -1, np.int64)
    IX = np.full(k.IX_SIZE, -1, np.int64)
    for index in range(codec.size):
        move = codec.decode(index, 0)
        cls = type(move)
        if cls in ACTION_KIND:
            kind = ACTION_KIND[cls]
            target = getattr(move, "target", -1)
            MV[index] = (kind, target, -1)
            if target <= 0:
                IX[k.I_ACT + kind] = index
        elif cls in _PLAIN:
            MV[index, 0] = _PLAIN[cls]
            IX[_IX_PLAIN[_PLAIN[cls]]] = index
        elif cls in _BY_CARD:
            rank = RANK[move.character]  # type: ignore[union-attr]
            MV[index, :2] = (_BY_CARD[cls], rank)
            IX[_IX_CARD[_BY_CARD[cls]] + rank] = index
        elif isinstance(move, Keep):
            ranks = [RANK[c] for c in move.cards]
            second = ranks[1] if len(ranks) == 2 else -1
            MV[index] = (k.M_KEEP, ranks[0], second)
            if second < 0:
                IX[k.I_KEEP1 + ranks[0]] = index
            else:
                IX[k.I_KEEP2 + ranks[0] * k.NCH + second] = index
        elif isinstance(move, ChooseAllegiance):
            side = SIDES.index(move.allegiance)
            MV[index, :2] = (k.M_CHOOSE, side)
            IX[k.I_CHOOSE + side] = index
        else:  # pragma: no cover - MoveCodec holds only the moves above
            raise TypeError(f"the vector kernel has no move {cls.__name__}")
    return MV, IX


def _observation(encoder: ObservationEncoder) -> np.ndarray:
    """``OB``: for each of the kernel's component slots, its place in the vector (-1: none)."""
    slots: dict[str, int] = {}
    seat_fields = (
        ("coins", k.O_COINS),
        ("hidden", k.O_HIDDEN),
        ("alive", k.O_ALIVE),
        ("loyalist", k.O_LOYALIST),
        ("reformist", k.O_REFORMIST),
    )
    card_fields = (("revealed", k.O_REV), ("claims", k.O_CLAIMS), ("known", k.O_KNOWN))
    for s in range(k.MAXP):
        slots[f"me=p{s}"] = k.O_ME + s
        for name, base in seat_fields:
            slots[f"p{s}.{name}"] = base + s
        for name, base in card_fields:
            for c in CHARACTERS:
                slots[f"p{s}.{name}.{c.name.lower()}"] = base + s * k.NCH + RANK[c]
        for name, base in (
            ("active=", k.O_ACTIVE),
            ("to_act.", k.O_TO_ACT),
            ("actor=", k.O_ACTOR),
            ("target=", k.O_TARGET),
            ("blocker=", k.O_BLOCKER),
            ("challenger=", k.O_CHALLENGER),
            ("losing=", k.O_LOSING),
            ("winner=", k.O_WINNER),
        ):
            slots[f"{name}p{s}"] = base + s
    for c in CHARACTERS:
        name = c.name.lower()
        slots[f"court.known.{name}"] = k.O_COURT_KNOWN + RANK[c]
        slots[f"claim={name}"] = k.O_CLAIM + RANK[c]
        slots[f"block={name}"] = k.O_BLOCK + RANK[c]
        slots[f"shown={name}"] = k.O_SHOWN + RANK[c]
    for name, slot in (
        ("treasury", k.O_TREASURY),
        ("reserve", k.O_RESERVE),
        ("court_size", k.O_COURT_SIZE),
        ("set_aside", k.O_SET_ASIDE),
        ("turn", k.O_TURN),
        ("keep", k.O_KEEP),
    ):
        slots[name] = slot
    for i, decision in enumerate(Decision):
        slots[f"pending={decision.value}"] = k.O_PENDING + i
    for cls, row in ACTION_KIND.items():
        slots[f"action={cls.__name__.lower()}"] = k.O_ACTION + row
    OB = np.full(k.OB_SIZE, -1, np.int64)
    for place, name in enumerate(encoder.names):
        OB[slots[name]] = place  # a KeyError here: a component the kernel does not fill
    return OB


def layout_of(config: Config, *, track: bool = True) -> Layout:
    """The kernel's tables for ``config``; ``track=False`` skips what only observations need."""
    codec = MoveCodec(config)
    encoder = ObservationEncoder(config)
    MV, IX = _moves(codec)
    return Layout(config, codec, encoder, _params(config, track), IX, MV, _observation(encoder))
