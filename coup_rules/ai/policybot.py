"""A learned policy as a bot: ``PolicyBot(policy, config)``.

A policy trained in ``coup_rules.gymnasium.CoupEnv`` or ``coup_rules.pettingzoo`` reads the
observation vector of ``coup_rules.ai.encoding.ObservationEncoder`` and answers with an index of
``coup_rules.ai.encoding.MoveCodec``'s move table. ``PolicyBot`` turns such a policy into a
``coup_rules.bots.Bot``, so it can sit at any table a bot can: ``play_game``, ``simulate``,
``coup_rules.evaluate`` and ``coup-rules tournament``, the environments' opponents.

At each decision it encodes the seat's view (a ``float32`` vector), builds the legal mask (a
``bool`` vector over the move table: ``True`` for each of ``view.legal_moves``), hands both to
``policy(observation, mask)`` and plays the move of the index it returns. The observation is the
one the environments show a learner in the same position, since both are made by the same
encoder from what the seat may know.

The bot is built for one ``Config``: the sizes of the vector and of the move table, and the
scale of the turn counter, depend on it. A view of another configuration is refused with an
error naming the options that differ (``config_differences``), rather than handed to a policy
that would read it wrongly.

NumPy is imported only when a ``PolicyBot`` is built: ``import coup_rules.ai`` never needs it.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, SupportsIndex

import attrs

from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.bots.base import seat_of
from coup_rules.config import Config
from coup_rules.integers import as_index
from coup_rules.moves import Move
from coup_rules.views import PlayerView

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy as np
    from numpy.typing import NDArray

    Policy: TypeAlias = Callable[[NDArray[np.float32], NDArray[np.bool_]], SupportsIndex]
    """``policy(observation, mask) -> move index``."""

__all__ = ["PolicyBot", "config_differences"]


def config_differences(ours: Config, theirs: Config) -> tuple[str, ...]:
    """The names of the options (``Config``'s fields) in which two configs differ, in the
    order of the fields; empty when they are equal."""
    return tuple(
        f.name
        for f in attrs.fields(Config)
        if f.init and getattr(ours, f.name) != getattr(theirs, f.name)
    )


def describe_differences(ours: Config, theirs: Config, *, us: str, them: str) -> str:
    """Each option in which the configs differ, with both values: ``"max_turns (the bot's None,
    the game's 500)"``, the options joined by commas."""
    return ", ".join(
        f"{name} ({us} {getattr(ours, name)!r}, {them} {getattr(theirs, name)!r})"
        for name in config_differences(ours, theirs)
    )


def _numpy() -> ModuleType:
    try:
        numpy = importlib.import_module("numpy")  # a ModuleType whether or not NumPy is typed
    except ImportError:
        raise ImportError(
            "PolicyBot hands its policy NumPy arrays, and NumPy is not installed: "
            "pip install numpy (or 'coup-rules[gymnasium]')"
        ) from None
    return numpy


def _moves_text(codec: MoveCodec, indices: Sequence[int]) -> str:
    return ", ".join(f"{i} ({codec.name(i)})" for i in indices)


@attrs.frozen
class PolicyBot:
    """A bot that plays the moves a policy picks from the observation vector and legal mask.

    ``PolicyBot(policy, config)``.

    Attributes:
        policy: ``policy(observation, mask) -> index``: ``observation`` is the ``float32``
            vector of ``ObservationEncoder(config)`` for the seat's view, ``mask`` a ``bool``
            vector over ``MoveCodec(config)``'s move table, ``True`` for the legal moves; the
            answer is an index of that table (an ``int``, or any integer ``operator.index``
            takes, as ``numpy.argmax`` returns; never a ``bool``). Each call gets arrays of its
            own. A policy that samples draws from a generator of its own: the bot's ``rng`` is
            not handed to it.
        config: the configuration the policy was trained for (``env.unwrapped.config`` of the
            environment, turn limit included); the bot plays only games of it.

    Raises:
        TypeError: ``policy`` is not callable or ``config`` is not a ``Config``.
        ImportError: NumPy is not installed.
    """

    policy: Policy
    config: Config
    codec: MoveCodec = attrs.field(init=False, eq=False, repr=False)
    """The move table the policy's indices refer to."""
    encoder: ObservationEncoder = attrs.field(init=False, eq=False, repr=False)
    """The encoder of the policy's observations."""
    _np: ModuleType = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not callable(self.policy):
            raise TypeError(
                f"PolicyBot needs a policy(observation, mask) -> index to call, not {self.policy!r}"
            )
        if not isinstance(self.config, Config):
            raise TypeError(
                f"PolicyBot needs the Config the policy was trained for, not {self.config!r}"
            )
        object.__setattr__(self, "_np", _numpy())
        object.__setattr__(self, "codec", MoveCodec(self.config))
        object.__setattr__(self, "encoder", ObservationEncoder(self.config))

    def __reduce__(self) -> tuple[type[PolicyBot], tuple[Any, ...]]:
        # Pickled by its policy and config alone (to a process pool's workers): the codec and
        # the encoder are built again there.
        return (PolicyBot, (self.policy, self.config))

    def observe(self, view: PlayerView) -> tuple[NDArray[np.float32], NDArray[np.bool_]]:
        """The observation vector and the legal mask that ``choose`` hands the policy.

        Raises:
            ValueError: ``view`` is of another configuration than the bot's (the message names
                the options that differ), or a spectator's.
        """
        self._check(view)
        seat_of(view)
        return self._arrays(view)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The legal move whose index the policy returns for ``view`` (``rng`` is unused).

        Raises:
            ValueError: ``view`` is of another configuration than the bot's (the message names
                the options that differ), a spectator's, or of a seat with nothing to decide;
                or the policy returned the index of a move that is not legal now (the message
                names it and the legal ones).
            NotAnIntegerError: the policy returned something that is not an index (``True``,
                ``1.0``, ``"1"``: the integer rule of ``coup_rules.integers``, as
                ``CoupVectorEnv`` refuses a bool answer); a ``TypeError`` and a ``ValueError``.
        """
        self._check(view)
        seat = seat_of(view)
        if not view.legal_moves:
            raise ValueError(
                f"seat {seat} has no move to make now: a bot chooses only when its seat is asked"
            )
        answer = self.policy(*self._arrays(view))
        index = as_index(answer, "the policy's answer", "a move index (an integer)")
        legal = dict(zip(self.codec.indices(view.legal_moves), view.legal_moves, strict=True))
        move = legal.get(index)
        if move is None:
            raise ValueError(self._illegal(index, seat, sorted(legal)))
        return move

    def _arrays(self, view: PlayerView) -> tuple[NDArray[np.float32], NDArray[np.bool_]]:
        np = self._np
        observation = np.asarray(self.encoder.encode(view), dtype=np.float32)
        mask = np.zeros(self.codec.size, dtype=np.bool_)
        mask[self.codec.indices(view.legal_moves)] = True
        return observation, mask

    def _check(self, view: PlayerView) -> None:
        if view.config != self.config:
            raise ValueError(
                "this PolicyBot was built for another configuration than the game's; they "
                "differ in "
                + describe_differences(self.config, view.config, us="the bot's", them="the game's")
                + ". Build the bot with the Config of the games it plays."
            )

    def _illegal(self, index: int, seat: int, legal: Sequence[int]) -> str:
        codec = self.codec
        if 0 <= index < codec.size:
            chosen = f"move {index} ({codec.name(index)}), which seat {seat} may not make now"
        else:
            chosen = f"move {index}, which is not in the move table (0 to {codec.size - 1})"
        return f"the policy chose {chosen}; the legal moves are {_moves_text(codec, legal)}"
