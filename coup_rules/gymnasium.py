"""A single-agent Gymnasium environment of Coup: one learning seat, bots in the others (the
optional extra ``coup-rules[gymnasium]``).

``CoupEnv(players=4, opponents="random")`` seats the learner at seat 0 (``seat=None`` draws its
seat at every reset) and a view-based bot in every other seat; the bots move inside ``step``, so
the learner is asked only its own decisions.

- **Observations** ``Box(float32)``: the vector of ``coup_rules.ai.encoding.ObservationEncoder``
  for the learner's view, kept up to date event by event (``coup_rules.ai.observing``).
- **Actions** ``Discrete(n)``: the move table of ``coup_rules.ai.encoding.MoveCodec``. The legal
  ones are in ``info["action_mask"]`` (an ``int8`` array) after ``reset`` and every ``step``, and
  from ``action_masks()`` (the method sb3-contrib's ``MaskablePPO`` calls). An action is any
  integer (a NumPy integer or 0-d integer array, as ``argmax`` gives); ``True``, ``1.5`` or
  ``"1"`` is refused (``coup_rules.integers``), never played.
- **Rewards** at the end only, as in the PettingZoo environment (``coup_rules.rewards``): +1
  for a win, ``-1 / (n - 1)`` for a loss (as soon as the learner is eliminated: the episode
  ends there, by termination). A draw at the turn limit (R-TURN-8) pays ``draw_reward``: with
  the default ``None``, 0, and the episode ends by truncation; with a number (say -0.5, so
  that stalling does not pay), that number, and the episode ends by termination, as a game
  that is over. Truncation otherwise comes only from a time-limit wrapper (no draw reward).
  An illegal action ends the episode with ``illegal_reward`` (default -1) and
  ``info["illegal"] = True``.
- **Seeding.** ``reset(seed=s)`` (an integer from 0 to 2**256 - 1, as ``new_game`` takes)
  seeds ``np_random``, from which each game's seed (and the
  learner's seat if drawn) is taken; the bots' streams come from the game's seed. The same seed
  and actions give the same episode.
- **Fixed deals.** ``reset(options={"hands": ..., "court": ..., "coins": ..., "allegiances":
  ...})`` passes them to ``coup_rules.new_game``.
- **``gymnasium.make``.** Importing this module registers ``CoupEnv`` as ``ENV_ID``,
  ``"coup_rules/Coup-v0"`` (Gymnasium's ``namespace/Name-vN``), so
  ``gymnasium.make("coup_rules/Coup-v0", players=3)`` (or ``config=Config(players=3, ...)``)
  builds one (the keyword arguments are ``CoupEnv``'s) wrapped in Gymnasium's usual checks.
  Without the import, name the module in the id:
  ``gymnasium.make("coup_rules.gymnasium:coup_rules/Coup-v0")`` imports it first (Gymnasium
  1.x reads no plugin entry points, so that is how a package makes an id available).
  ``gymnasium.make_vec("coup_rules/Coup-v0", num_envs=1024, opponents="counting")`` builds the
  compiled ``coup_rules.vector.CoupVectorEnv`` instead (the ``[vector]`` extra): its keyword
  arguments are that class's, the game given the same way (``players=``, ``inquisitor=``,
  ``reformation=``, ``max_turns=``, or ``config=``; ``game_config``), with the same defaults.

Gymnasium and NumPy are imported here only: ``import coup_rules`` never needs them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from coup_rules.ai.arrays import ArrayObserver
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.ai.observing import GameObserver
from coup_rules.ai.seats import (
    asked,
    bot_streams,
    deal_options,
    play_bots,
    public_narration,
    seat_bots,
)
from coup_rules.bots import Bot
from coup_rules.config import Config
from coup_rules.engine import apply
from coup_rules.errors import IllegalMoveError
from coup_rules.integers import as_in_range, as_seed
from coup_rules.rewards import checked_draw_reward, loss_reward
from coup_rules.setup import new_game
from coup_rules.state import GameState

__all__ = ["ENV_ID", "CoupEnv", "game_config"]

DEFAULT_MAX_TURNS = 200
"""The turn limit unless told otherwise: long enough for any sensible game."""

ENV_ID = "coup_rules/Coup-v0"
"""The id ``gymnasium.make`` knows ``CoupEnv`` by, once this module is imported."""


_OPTIONS = ("players", "inquisitor", "reformation", "max_turns")
"""The options ``CoupEnv`` and ``CoupVectorEnv`` take one by one, or together as ``config``."""


def game_config(
    config: Config | None,
    players: int = 4,
    inquisitor: bool = False,
    reformation: bool = False,
    max_turns: int | None = DEFAULT_MAX_TURNS,
) -> Config:
    """The game of an environment built with ``config=`` or with the options one by one, as
    ``CoupEnv`` and ``CoupVectorEnv`` (so ``gymnasium.make`` and ``gymnasium.make_vec``) take
    it: ``config`` when given, else ``Config(players=..., inquisitor=..., reformation=...,
    max_turns=...)``. With ``config``, an option is left at its default or says what
    ``config`` says.

    Raises:
        ValueError: ``config`` is not a ``Config``, an option disagrees with it, or the options
            make no valid ``Config``.
    """
    given = {
        "players": players,
        "inquisitor": inquisitor,
        "reformation": reformation,
        "max_turns": max_turns,
    }
    if config is None:
        return Config(
            players=players, inquisitor=inquisitor, reformation=reformation, max_turns=max_turns
        )
    if not isinstance(config, Config):
        raise ValueError(f"config must be a Config, not {config!r}")
    defaults = dict(zip(_OPTIONS, game_config.__defaults__ or (), strict=True))
    for name, value in given.items():
        if value != defaults[name] and value != getattr(config, name):
            raise ValueError(
                f"{name}={value!r} disagrees with config's {name}={getattr(config, name)!r}: "
                "give the game once, as config= or as players=, inquisitor=, reformation=, "
                "max_turns="
            )
    return config


class CoupEnv(gymnasium.Env[Any, Any]):
    """One learning seat against bots (see the module's docs).

    Args:
        players: seats at the table, 2 to 10.
        inquisitor: play with the Inquisitor.
        reformation: play with Reformation.
        max_turns: the turn limit (R-TURN-8).
        seat: the learner's seat; ``None`` draws it from ``np_random`` at every reset.
        opponents: the bots: one bot (or a name of ``coup_rules.bots.BOTS``, or a baseline id
            such as ``"counting-v1"``, ``coup_rules.bots.baselines``) for every other
            seat, or one per seat as ``{seat: bot}`` (every seat but the learner's).
        illegal_reward: the reward of an illegal action, which ends the episode.
        draw_reward: the reward of a draw at the turn limit: ``None`` pays 0 and truncates
            the episode; a finite number pays it and terminates the episode
            (``coup_rules.rewards``).
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the public events since the
            last call, in words).
        config: the game as one ``Config``, in place of ``players``, ``inquisitor``,
            ``reformation`` and ``max_turns`` (``game_config``): ``CoupVectorEnv`` takes both
            forms too, so ``gymnasium.make`` and ``gymnasium.make_vec`` take the same keywords.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's way)

    def __init__(
        self,
        players: int = 4,
        inquisitor: bool = False,
        reformation: bool = False,
        max_turns: int | None = DEFAULT_MAX_TURNS,
        seat: int | None = 0,
        opponents: Bot | str | Mapping[int, Bot | str] = "random",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        *,
        config: Config | None = None,
        draw_reward: float | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.config = game_config(config, players, inquisitor, reformation, max_turns)
        players = self.config.players  # a plain int, whatever integer type was given
        if seat is not None:
            span = f"a seat from 0 to {players - 1} or None"
            seat = as_in_range(seat, "seat", 0, players - 1, span)
        self.fixed_seat = seat
        self._opponents = opponents
        self.codec = MoveCodec(self.config)
        self.encoder = ObservationEncoder(self.config)
        self.observer = GameObserver(self.encoder)
        self._arrays = ArrayObserver(self.observer, self.codec)
        self.illegal_reward = float(illegal_reward)
        self.draw_reward = checked_draw_reward(draw_reward)
        self.render_mode = render_mode
        high = np.asarray(self.encoder.high, dtype=np.float32)
        self.observation_space = spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.seat = 0 if seat is None else seat
        self.bots = self._seat_bots(self.seat)
        self.game: GameState = new_game(self.config, seed=0)
        self._streams = bot_streams(0, sorted(self.bots))
        self._rendered = 0

    def _seat_bots(self, learner: int) -> dict[int, Bot]:
        opponents = self._opponents
        if isinstance(opponents, Mapping):
            bots = seat_bots(opponents, self.config.players)
            if learner in bots or len(bots) != self.config.players - 1:
                raise ValueError(
                    f"opponents must hold every seat but the learner's ({learner}), "
                    f"not seats {sorted(bots)}"
                )
            return bots
        others = {s: opponents for s in range(self.config.players) if s != learner}
        return seat_bots(others, self.config.players)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game (see the module's docs): the learner's first observation and the info
        with its action mask."""
        super().reset(seed=None if seed is None else as_seed(seed))
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(self.config.players))
            self.bots = self._seat_bots(self.seat)
        game_seed = int(self.np_random.integers(2**63))
        self.game = new_game(self.config, seed=game_seed, **deal_options(options))
        self._streams = bot_streams(game_seed, sorted(self.bots))
        self.observer.reset()
        self._rendered = 0
        self.game = play_bots(self.game, self.bots, self._streams)
        return self._observe(), {"action_mask": self.action_masks()}

    def _observe(self) -> Any:
        return self._arrays.vector(self.game, self.seat)

    def _learner_asked(self) -> bool:
        game = self.game
        return (
            not game.is_over
            and bool(game.core.players[self.seat].hand)
            and (asked(game) == self.seat)
        )

    def action_masks(self) -> Any:
        """The learner's legal actions now, as an ``int8`` array (all zeros once it is over)."""
        if self._learner_asked():
            return self._arrays.mask(self.game, self.seat)
        return self._arrays.no_moves()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the learner's move ``action``, then the bots' moves until the learner is asked
        again, is eliminated, or the game ends."""
        if not self._learner_asked():
            raise RuntimeError("the episode is over: call reset() before step()")
        index = self.codec.checked_index(action, "action")
        move = self._arrays.move(self.game, self.seat, index)
        try:
            self.game = apply(self.game, move)
        except IllegalMoveError:
            info = {"action_mask": np.zeros(self.codec.size, dtype=np.int8), "illegal": True}
            return self._observe(), self.illegal_reward, True, False, info
        self.game = play_bots(self.game, self.bots, self._streams)
        reward, terminated, truncated = 0.0, False, False
        game = self.game
        loss = loss_reward(self.config.players)
        if not game.core.players[self.seat].hand:  # eliminated: the game is lost
            reward, terminated = loss, True
        elif game.is_over:
            if game.winner is None:  # the turn limit: a draw (R-TURN-8)
                if self.draw_reward is None:
                    truncated = True
                else:
                    reward, terminated = self.draw_reward, True
            else:
                reward, terminated = (1.0 if game.winner == self.seat else loss), True
        return self._observe(), reward, terminated, truncated, {"action_mask": self.action_masks()}

    def render(self) -> str | None:
        """The public events since the last call, in words (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        lines = public_narration(self.game, self._rendered)
        self._rendered = len(self.game.log)
        return "\n".join(lines)


def _register() -> None:
    """Make ``ENV_ID`` known to ``gymnasium.make`` and ``gymnasium.make_vec`` (once: importing
    again changes nothing). ``make_vec`` builds the compiled ``coup_rules.vector.CoupVectorEnv``
    (its ``vector_entry_point``; the ``[vector]`` extra)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="coup_rules.gymnasium:CoupEnv",
            vector_entry_point="coup_rules.vector.training:CoupVectorEnv",
        )


_register()
