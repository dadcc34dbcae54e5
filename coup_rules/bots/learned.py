"""A trained policy that ships in the wheel: ``LearnedBot``, the baseline ``policy-v1``.

The policy is a small network per player count of the base game (2, 4 and 6 players): the
observation vector of ``coup_rules.ai.encoding.ObservationEncoder`` for the seat's view, one
layer of ``tanh`` hidden units, and a logit per move of ``MoveCodec``'s move table. The bot plays
the legal move of the highest logit (the first such in the table on a tie): it draws nothing
from its ``rng``, and one view always gets one move.

The weights are a JSON file of this package (``coup_rules/bots/weights/``), written by
``scripts/train_policy.py`` with the scaling of the inputs folded into the first layer. The
forward pass is pure Python (about 14 000 multiply-adds at 4 players, a millisecond or so): the
bot needs neither NumPy nor anything downloaded, so it plays wherever ``coup_rules`` imports,
and in the same IEEE double arithmetic everywhere, so its golden record holds on every machine.

A game the networks were not trained for (3 or 5 players, the Inquisitor, Reformation) is
played by ``fallback``, ``counting-v1``'s bot, so that ``policy-v1`` may sit at any table; its
documentation says so.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Mapping, Sequence
from importlib import resources

import attrs

from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.bots.base import Bot, seat_of
from coup_rules.bots.counting import CountingBot
from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.views import PlayerView

__all__ = ["LearnedBot", "Network", "load_networks"]


@attrs.frozen
class Network:
    """One player count's network: ``logits = b2 + W2 · tanh(b1 + W1 · observation)``.

    Attributes:
        players: the player count it plays.
        turn_cap: the turn counter's scale it was trained with (``ObservationEncoder``'s).
        w1: one row per hidden unit, one weight per component of the observation (the input's
            scaling folded in).
        b1: one bias per hidden unit.
        w2: one row per move of the move table, one weight per hidden unit.
        b2: one bias per move.
    """

    players: int
    turn_cap: int
    w1: tuple[tuple[float, ...], ...]
    b1: tuple[float, ...]
    w2: tuple[tuple[float, ...], ...]
    b2: tuple[float, ...]

    def logits(self, observation: Sequence[float]) -> list[float]:
        """The logit of every move of the table for ``observation``."""
        nonzero = [(i, x) for i, x in enumerate(observation) if x]
        hidden = [
            math.tanh(b + sum(row[i] * x for i, x in nonzero))
            for row, b in zip(self.w1, self.b1, strict=True)
        ]
        return [
            b + sum(w * h for w, h in zip(row, hidden, strict=True))
            for row, b in zip(self.w2, self.b2, strict=True)
        ]


def _network(data: Mapping[str, object]) -> Network:
    def rows(key: str) -> tuple[tuple[float, ...], ...]:
        value = data[key]
        assert isinstance(value, list)
        return tuple(tuple(float(x) for x in row) for row in value)

    def vector(key: str) -> tuple[float, ...]:
        value = data[key]
        assert isinstance(value, list)
        return tuple(float(x) for x in value)

    players, cap = data["players"], data["turn_cap"]
    assert isinstance(players, int) and isinstance(cap, int)
    return Network(players, cap, rows("w1"), vector("b1"), rows("w2"), vector("b2"))


@functools.cache
def load_networks(name: str = "policy-v1") -> Mapping[int, Network]:
    """The networks of the weights file ``weights/NAME.json`` of this package, by player count
    (read once per process)."""
    text = resources.files("coup_rules.bots").joinpath("weights", f"{name}.json").read_text()
    data = json.loads(text)
    return {int(k): _network(v) for k, v in data["networks"].items()}


@functools.cache
def _tables(config: Config, turn_cap: int) -> tuple[ObservationEncoder, MoveCodec]:
    return ObservationEncoder(config, turn_cap=turn_cap), MoveCodec(config)


def _plays(config: Config, networks: Mapping[int, Network]) -> Network | None:
    """The network for games of ``config``, or None when none was trained for it."""
    if config.inquisitor or config.reformation:
        return None
    return networks.get(config.players)


@attrs.frozen
class LearnedBot:
    """The trained policy of the weights file ``weights`` (see the module).

    Attributes:
        weights: the name of the weights file of this package (``policy-v1``).
        fallback: the bot of the games that no network plays.
    """

    weights: str = "policy-v1"
    fallback: Bot = attrs.field(factory=CountingBot, eq=False)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The legal move of the highest logit; a game no network plays, ``fallback``'s move.

        Raises:
            ValueError: a spectator's view, or a seat with nothing to decide.
        """
        seat = seat_of(view)
        if not view.legal_moves:
            raise ValueError(
                f"seat {seat} has no move to make now: a bot chooses only when its seat is asked"
            )
        network = _plays(view.config, load_networks(self.weights))
        if network is None:
            return self.fallback.choose(view, rng)
        encoder, codec = _tables(view.config, network.turn_cap)
        logits = network.logits(encoder.encode(view))
        indices = codec.indices(view.legal_moves)
        best = max(range(len(indices)), key=lambda i: (logits[indices[i]], -indices[i]))
        return view.legal_moves[best]
