"""A PettingZoo AEC environment of Coup (the optional extra ``coup-rules[pettingzoo]``).

``env(players=4, inquisitor=False, reformation=False, max_turns=200, opponents=None,
draw_reward=None)`` (or
``env(config=Config(...))``, the game in one, as ``gymnasium.make`` takes it) builds it the usual
way: the raw environment with the checks of PettingZoo's ``TerminateIllegalWrapper``,
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, done by one ``OrderEnforcingWrapper``
(its ``env`` attribute is the raw environment, as is its ``unwrapped``); ``raw_env(...)`` is the
bare one.

- **Agents** ``"player_0"`` to ``"player_{n-1}"``, one per seat, less the seats given to bots.
  A seat that is eliminated stays among the agents, never selected, until the game ends.
- **Opponents** ``{seat: bot}``: any view-based ``coup_rules.bots.Bot`` (a name of
  ``coup_rules.bots.BOTS``, or a baseline id such as ``"counting-v1"``, will do) plays that
  seat inside ``step``, handed only its seat's view, so the agents are asked only their own
  decisions. Each bot draws its chance from a stream of its own, seeded from ``reset``'s seed.
- **Turns.** One agent acts at a time: the seat the game waits on, or, when it waits on several
  (a response window, the 2-player draft), the first of them in the order of
  ``coup_rules.ai.encoding.asked_first``: clockwise from the seat whose claim is at stake.
- **Actions** ``Discrete(n)``: the fixed move table of ``coup_rules.ai.encoding.MoveCodec`` for
  this configuration; the mask is ``legal_moves`` of the selected agent (all zeros for the
  others). An action is any integer (a NumPy integer or 0-d integer array, as ``argmax``
  gives); ``True``, ``1.5`` or ``"1"`` is refused (``coup_rules.integers``), never played.
- **Observations** ``{"observation": Box(float32), "action_mask": Box(int8)}``: the flat vector of
  ``coup_rules.ai.encoding.ObservationEncoder`` for the agent's ``view``, kept up to date event by
  event (``coup_rules.ai.observing.GameObserver``), so it holds nothing that seat may not know
  and costs the same late in a game as early.
- **Rewards** only when the game ends (``coup_rules.rewards``): +1 to the winner and
  ``-1 / (n - 1)`` to every other seat (a zero-sum game), ending the episode by termination. A
  draw at the turn limit (the house rule ``Config.max_turns``, R-TURN-8) pays by
  ``draw_reward``: with the default ``None``, 0 to everyone, and the episode ends by
  truncation; with a number (say -0.5, so that stalling does not pay), that number to each
  seat still in the game and ``-1 / (n - 1)`` to each seat eliminated before the draw, and
  the episode ends by termination. Truncation otherwise comes only from a wrapper that cuts
  the episode short.
- **Seeding.** ``reset(seed=s)`` deals the game from a 128-bit seed drawn from ``s`` (an integer
  from 0 to 2**256 - 1, as ``new_game`` takes); the same ``s`` and actions give the same
  episode. ``reset()`` without a seed deals from the operating system's randomness.
- **Fixed deals.** ``reset(options={"hands": ..., "court": ..., "coins": ..., "allegiances":
  ...})`` passes any of these to ``coup_rules.new_game`` (e.g. two cards per seat in
  ``hands``; other keys are ignored); the seed still drives every later draw.

PettingZoo, Gymnasium and NumPy are imported here only: ``import coup_rules`` never needs them.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from coup_rules.ai.arrays import ArrayObserver
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.ai.observing import GameObserver
from coup_rules.ai.seats import (
    DEAL_OPTIONS,
    Opponents,
    asked,
    bot_streams,
    deal_options,
    play_bots,
    public_narration,
    seat_bots,
)
from coup_rules.config import Config
from coup_rules.engine import apply
from coup_rules.gymnasium import game_config
from coup_rules.integers import as_seed
from coup_rules.rewards import checked_draw_reward, final_rewards
from coup_rules.setup import new_game
from coup_rules.state import GameState

__all__ = ["DEAL_OPTIONS", "CoupEnv", "env", "raw_env"]

DEFAULT_MAX_TURNS = 200
"""The turn limit of ``env()`` unless told otherwise: long enough for any sensible game."""


def env(
    players: int = 4,
    inquisitor: bool = False,
    reformation: bool = False,
    max_turns: int | None = DEFAULT_MAX_TURNS,
    render_mode: str | None = None,
    opponents: Opponents | None = None,
    *,
    config: Config | None = None,
    draw_reward: float | None = None,
) -> Any:
    """The Coup environment with PettingZoo's standard checks (an illegal action ends the game
    with reward -1 for the agent that played it): those of ``TerminateIllegalWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, in one ``OrderEnforcingWrapper``
    around the raw environment. The game is given option by option or as one ``config``, as
    ``gymnasium.make`` takes it (``coup_rules.gymnasium.game_config``: an option beside
    ``config`` is left at its default or agrees with it). ``draw_reward`` is what a draw at
    the turn limit pays (see the module's docs)."""
    raw = CoupEnv(
        players,
        inquisitor,
        reformation,
        max_turns,
        render_mode,
        opponents,
        config=config,
        draw_reward=draw_reward,
    )
    return _Checked(raw, illegal_reward=-1)


_FORWARDED = (
    "agent_selection",
    "agents",
    "infos",
    "possible_agents",
    "rewards",
    "terminations",
    "truncations",
    "_cumulative_rewards",
)
"""The attributes a wrapper reads at every step (a step of ``env()`` reads them many times).
PettingZoo's wrappers forward them through ``__getattr__``, after a failed look-up. The wrapper
of ``env()`` reads them from the raw environment at once instead, with a property whose getter is
an ``operator.attrgetter`` (no Python call); it never holds these attributes itself, so the value
is the same."""

_BEFORE_RESET = frozenset(
    ("agent_selection", "agents", "infos", "rewards", "terminations", "truncations")
)
"""The attributes of ``_FORWARDED`` that ``OrderEnforcingWrapper`` refuses before the first
reset (the others it forwards at any time)."""


class _NotReset:
    """What ``env()``'s wrapper reads ``_BEFORE_RESET`` from until the first reset: an
    ``AttributeError`` that says so, as PettingZoo's ``OrderEnforcingWrapper`` raises."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name} cannot be accessed before reset")


def _forward(target: str, name: str) -> property:
    return property(attrgetter(f"{target}.{name}"), doc=f"The raw env's {name}.")


class _Checked(wrappers.OrderEnforcingWrapper):
    """PettingZoo's three standard wrappers in one layer: an ``OrderEnforcingWrapper`` (so
    ``agent_iter`` and ``isinstance`` checks work as with PettingZoo's own environments) whose
    ``observe`` and ``step`` also do what ``TerminateIllegalWrapper`` and
    ``AssertOutOfBoundsWrapper`` do inside it, in the same order, with the same errors,
    warnings and rewards (``tests/test_pettingzoo.py`` holds each to PettingZoo's wrappers).
    Each PettingZoo layer costs Python calls at every ``step`` and ``observe``; one layer saves
    two of them (``benchmarks/envs.py`` measures what)."""

    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env)
        self._raw = env
        self._once_reset: object = _NotReset()
        self._illegal_value = illegal_reward
        self._prev_mask: Any = None  # the selected agent's mask, as last observed
        self._terminated = False  # terminated by an illegal move

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._once_reset = self._raw
        self._terminated = False
        self._prev_mask = None
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        raw = self._raw
        observation: dict[str, Any] = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_mask = observation["action_mask"]
        return observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # AECEnv.last, reading the raw environment's dictionaries at once
        agent = self.agent_selection  # refused before the first reset, as in PettingZoo
        assert agent is not None
        observation = self.observe(agent) if observe else None
        raw = self._raw
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        done = raw.terminations[agent] or raw.truncations[agent]
        # AssertOutOfBoundsWrapper's check (an assert, as there: python -O leaves it out)
        assert (action is None and done) or raw.action_space(agent).contains(action), (
            "action is not in action space"
        )
        if action is not None:  # Discrete holds True: refused here, as the raw env refuses it
            action = raw.action_index(action)
        # TerminateIllegalWrapper's
        mask = self._prev_mask
        if mask is None:
            mask = self.observe(agent)["action_mask"]
        self._prev_mask = None
        if self._terminated and done:
            raw._was_dead_step(action)
        elif not done and not mask[action]:
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.truncations, 0)
            raw.rewards[agent] = float(self._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
        else:
            raw.step(action)

    def __str__(self) -> str:
        return str(self._raw)


for _name in _FORWARDED:
    setattr(_Checked, _name, _forward("_once_reset" if _name in _BEFORE_RESET else "_raw", _name))


class _Actions(spaces.Discrete):
    """``Discrete(n)`` that answers ``contains`` for a plain ``int`` without NumPy (the same
    answer: ``AssertOutOfBoundsWrapper`` asks it at every step); any other value it leaves to
    ``Discrete``."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._size = n

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return 0 <= x < self._size
        return super().contains(x)


class CoupEnv(AECEnv):
    """The bare AEC environment (see the module's docs)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        "render_modes": ["human", "ansi"],
        "name": "coup_rules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        inquisitor: bool = False,
        reformation: bool = False,
        max_turns: int | None = DEFAULT_MAX_TURNS,
        render_mode: str | None = None,
        opponents: Opponents | None = None,
        *,
        config: Config | None = None,
        draw_reward: float | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.config = game_config(config, players, inquisitor, reformation, max_turns)
        self.draw_reward = checked_draw_reward(draw_reward)
        players = self.config.players  # a plain int, whatever integer type was given
        self.codec = MoveCodec(self.config)
        self.encoder = ObservationEncoder(self.config)
        self.observer = GameObserver(self.encoder)
        self._arrays = ArrayObserver(self.observer, self.codec)
        self.opponents = seat_bots(opponents, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players) if s not in self.opponents]
        self.agents = self.possible_agents[:]
        self._seat = {f"player_{s}": s for s in range(players)}
        self._agent = {s: agent for agent, s in self._seat.items()}
        high = np.asarray(self.encoder.high, dtype=np.float32)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.size,), dtype=np.int8),
            }
        )
        self._action_spaces = {a: _Actions(self.codec.size) for a in self.possible_agents}
        self._observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._bot_rngs: dict[int, random.Random] = {}
        self.game: GameState = new_game(self.config)
        self._rendered = 0
        self._start(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _start(self, seed: int) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rendered = 0
        self.observer.reset()
        self._bot_rngs = bot_streams(seed, sorted(self.opponents))
        self._bots_play()
        if self.game.is_over:
            self._finish()
        else:
            self.agent_selection = self._selected()

    def _selected(self) -> str:
        return self._agent[asked(self.game)]

    def _bots_play(self) -> None:
        """The bots' moves, until an agent is asked or the game ends."""
        self.game = play_bots(self.game, self.opponents, self._bot_rngs)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from ``seed`` (see the module's docs): ``options`` may fix the deal
        with any of ``DEAL_OPTIONS`` (the keywords of ``coup_rules.new_game``).

        Raises:
            ValueError: an impossible deal.
        """
        rng = random.Random(as_seed(seed)) if seed is not None else random.SystemRandom()
        game_seed = rng.getrandbits(128)
        self.game = new_game(self.config, seed=game_seed, **deal_options(options))
        self._start(game_seed)

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector and action mask, from what its seat may know."""
        seat = self._seat[agent]
        arrays = self._arrays
        if agent == self.agent_selection and not self.game.is_over:
            mask = arrays.mask(self.game, seat)
        else:
            mask = arrays.no_moves()
        return {"observation": arrays.vector(self.game, seat), "action_mask": mask}

    def action_index(self, action: Any) -> int:
        """``action`` as a plain ``int`` index of the move table: any integer (a NumPy integer
        or 0-d integer array, as ``argmax`` gives) is taken.

        Raises:
            NotAnIntegerError: ``action`` is no integer (``True``, ``1.5``, ``"1"``).
            ValueError: it is not from 0 to ``codec.size - 1``.
        """
        return self.codec.checked_index(action, "action")

    def step(self, action: Any) -> None:
        """Play the selected agent's move ``action`` (an index of the move table: see
        ``action_index``), then the bots' moves until an agent is asked again."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self.action_index(action)
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat[agent]
        self.game = apply(self.game, self._arrays.move(self.game, seat, index))
        if self.opponents:
            self._bots_play()
        if self.game.is_over:
            self._clear_rewards()
            self._finish()
            self._accumulate_rewards()
        else:  # no reward before the end: every reward is still 0
            self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        paid = final_rewards(self.game, self.draw_reward)
        for agent in self.agents:
            self.rewards[agent] = paid[self._seat[agent]]
        if self.game.winner is None and self.draw_reward is None:  # a draw (R-TURN-8)
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """What happened since the last render, in words (public events only)."""
        if self.render_mode is None:
            return None
        lines = public_narration(self.game, self._rendered)
        self._rendered = len(self.game.log)
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


raw_env = CoupEnv
"""PettingZoo's usual name for the unwrapped environment class."""
