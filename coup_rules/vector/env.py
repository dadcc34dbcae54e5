"""``VectorEnv``: many games of one configuration stepped together in compiled code."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from coup_rules.config import Config
from coup_rules.integers import NotAnIntegerError, as_count, as_in_range, as_seed, refusal
from coup_rules.rewards import checked_draw_reward
from coup_rules.state import GameState
from coup_rules.vector import batch as b
from coup_rules.vector import fields as f
from coup_rules.vector import kernel as k
from coup_rules.vector.convert import read_row, row_of
from coup_rules.vector.draws import pay_draws
from coup_rules.vector.layout import Layout, layout_of
from coup_rules.vector.learner import observe_every_seat

__all__ = ["VectorEnv", "checked_actions", "checked_lane", "checked_lanes", "lane_seeds"]


def checked_actions(actions: object, num_envs: int, size: int) -> np.ndarray:
    """``actions`` as int64[num_envs] move indices from 0 to ``size - 1``.

    Raises:
        TypeError: not an array of integers (a float or bool array, a ragged list...).
        ValueError: an integer array of another shape, or an index out of the move table.
    """
    expected = f"actions must be an integer array of shape ({num_envs},)"
    try:
        moves = np.asarray(actions)
    except (TypeError, ValueError):
        raise TypeError(f"{expected}, not a {type(actions).__name__} that is no array") from None
    if moves.dtype == np.bool_ or not np.issubdtype(moves.dtype, np.integer):
        raise TypeError(f"{expected}, not {_described(actions, moves)}")
    if moves.shape != (num_envs,):
        raise ValueError(f"{expected}, not {_described(actions, moves)}")
    outside = (moves < 0) | (moves >= size)
    if outside.any():
        lane = int(np.flatnonzero(outside)[0])
        raise ValueError(
            f"{expected} of move indices from 0 to {size - 1}, not one with "
            f"{int(moves[lane])} for game {lane} (R-TURN-7); nothing was played"
        )
    return moves.astype(np.int64, copy=False)


def _described(actions: object, moves: np.ndarray) -> str:
    if isinstance(actions, np.ndarray):
        return f"an array of {moves.dtype} of shape {moves.shape}"
    return f"a {type(actions).__name__} (an array of {moves.dtype} of shape {moves.shape})"


def checked_lane(lane: object, num_envs: int) -> int:
    """``lane`` as a plain ``int``, a game of ``num_envs`` (the integer rule,
    ``coup_rules.integers``: any integer type but ``bool``).

    Raises:
        NotAnIntegerError: ``lane`` is not an integer.
        ValueError: it is not a game of the env.
    """
    span = f"a game from 0 to {num_envs - 1}"
    return as_in_range(lane, "lane", 0, num_envs - 1, span)  # type: ignore[arg-type]


def checked_lanes(lanes: object, num_envs: int) -> np.ndarray:
    """``lanes`` (a sequence or 1-d array of games) as int64 lane numbers, each by the integer
    rule (``coup_rules.integers``): ``[True]``, ``[0.5]``, ``["0"]`` are refused, not read as 0.

    Raises:
        NotAnIntegerError: an entry is not an integer, or ``lanes`` is not a sequence of them
            (a single number, a nested list, a float or bool array).
        ValueError: an entry is not a game of the env.
    """
    expected = f"a sequence of games from 0 to {num_envs - 1}"
    if isinstance(lanes, np.ndarray):
        if lanes.ndim != 1 or lanes.dtype == np.bool_ or not np.issubdtype(lanes.dtype, np.integer):
            raise NotAnIntegerError(
                f"lanes must be {expected}, not an array of {lanes.dtype} of shape {lanes.shape}"
            )
        entries: Sequence[object] = lanes.tolist()
    elif isinstance(lanes, Sequence) and not isinstance(lanes, str | bytes):
        entries = lanes
    else:
        raise NotAnIntegerError(refusal("lanes", expected, lanes))
    chosen = [_lane_entry(entry, i, num_envs) for i, entry in enumerate(entries)]
    return np.array(chosen, np.int64)


def _lane_entry(entry: object, i: int, num_envs: int) -> int:
    """Entry ``i`` of a list of lanes, as ``checked_lane`` takes one."""
    span = f"a game from 0 to {num_envs - 1}"
    return as_in_range(entry, f"lanes[{i}]", 0, num_envs - 1, span)  # type: ignore[arg-type]


def checked_num_envs(num_envs: object) -> int:
    """``num_envs`` as a plain ``int`` of at least 1 (any integer type but ``bool``)."""
    return as_count(num_envs, "num_envs", 1)  # type: ignore[arg-type]


def lane_seeds(seed: int, lanes: int) -> np.ndarray:
    """One 63-bit seed per lane, drawn from ``seed`` (NumPy's SeedSequence)."""
    return np.random.default_rng(seed).integers(0, 2**63, size=lanes, dtype=np.int64)


class VectorEnv:
    """``num_envs`` games of ``config``, each asking one seat at a time.

    - ``current_player`` (int32[num_envs], a fresh array at each read): the seat each game asks,
      -1 for a finished game (only with ``autoreset=False``). A response window asks its seats
      one by one, clockwise from the seat whose claim is at stake
      (``coup_rules.ai.encoding.asked_first``), as the PettingZoo and OpenSpiel adapters do; an
      ``Allow`` passes the question on.
    - ``legal_action_mask()`` (bool[num_envs, num_actions]): the legal moves of the current
      player, as indices of ``coup_rules.ai.encoding.MoveCodec``.
    - ``observation()`` (float32[num_envs, *observation_shape]): the ``ObservationEncoder`` vector
      of each game seen by its current player (a finished game by its active seat); each
      component lies from 0 to ``observation_high`` (float32[*observation_shape]).
    - ``step(actions)`` plays ``actions[g]`` (an index of the move table) for the current player
      of every running game and returns ``rewards`` (float32[num_envs, players]: +1 to the
      winner and -1/(players-1) to the others when a game ends, 0 otherwise), ``terminated``
      (a win) and ``truncated``. A draw at the turn limit (R-TURN-8) pays by ``draw_reward``
      (``coup_rules.rewards``): with ``None``, 0 to every seat, and it sets ``truncated``;
      with a number, that number to each seat still in the game and -1/(players-1) to each
      seat eliminated before it, and it sets ``terminated``. An action that is not legal
      raises ``ValueError`` and nothing is played.
    - With ``autoreset=True`` a game that ends in a step is dealt again at once (its rewards are
      those of the step); with ``autoreset=False`` it stays finished, with an empty mask and its
      actions ignored, until ``reset``.
    - ``final_obs`` (an object array, fresh at each read): for each game that ended in the last
      step, by a win or by the turn limit, float32[num_players, *observation_shape], its last
      position as each seat sees it, taken before the new deal; ``None`` for the other games.
      It is ``CoupVectorEnv``'s ``infos["final_obs"]`` for every seat: a truncated game's
      values can be bootstrapped from it.
    - ``actions`` must be an integer array of shape ``(num_envs,)`` of move indices: a float or
      bool array is a ``TypeError``, another shape or an index outside the table a
      ``ValueError``, and nothing is played.

    Chance comes from ``seed`` (or from ``reset(seed=...)``): each lane has its own stream, so
    one seed and one sequence of actions give the same games. The streams are not the engine's
    (R-INFO-5): a position is the same game as the engine's, but a given seed deals other cards.
    """

    def __init__(
        self,
        config: Config | None = None,
        num_envs: int = 1024,
        seed: int = 0,
        autoreset: bool = True,
        *,
        draw_reward: float | None = None,
    ) -> None:
        config = Config() if config is None else config
        if not isinstance(config, Config):
            raise ValueError(f"config must be a Config, not {config!r}")
        num_envs = checked_num_envs(num_envs)
        self.config = config
        self.layout: Layout = layout_of(config)
        self.num_envs = num_envs
        self.autoreset = bool(autoreset)
        self.draw_reward = checked_draw_reward(draw_reward)
        """What a draw at the turn limit pays (``coup_rules.rewards``)."""
        self.num_players = config.players
        self.num_actions = self.layout.codec.size
        self.observation_shape: tuple[int, ...] = (self.layout.encoder.size,)
        self.state = np.zeros((num_envs, int(self.layout.P[f.P_FIELDS])), np.int32)
        """The games, one row each (see ``coup_rules.vector.fields``): read it
        freely, change it only through ``reset`` and ``set_state``."""
        self._seed(seed)
        self._current = np.full(num_envs, -1, np.int32)
        self._lanes = np.arange(num_envs)
        self._mask: np.ndarray | None = None
        self._rewards = np.zeros((num_envs, config.players), np.float32)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._finals: tuple[np.ndarray, np.ndarray] | None = None
        self.reset()

    @property
    def current_player(self) -> np.ndarray:
        """int32[num_envs]: the seat each game asks now, -1 for a finished game (a copy: it
        does not change with the env, and writing to it changes nothing)."""
        return self._current.copy()

    @property
    def observation_high(self) -> np.ndarray:
        """float32[*observation_shape]: the top of each observation component (the bottom is 0)."""
        return np.asarray(self.layout.encoder.high, np.float32)

    def _seed(self, seed: int) -> None:
        for lane, s in enumerate(lane_seeds(as_seed(seed), self.num_envs)):
            k.seed_row(self.state[lane], int(s))

    def _refresh(self) -> None:
        self._mask = None
        b.current_players(self.state, self.layout.P, self._current)

    def reset(
        self, lanes: Sequence[int] | np.ndarray | None = None, *, seed: int | None = None
    ) -> None:
        """Deal new games in ``lanes`` (every lane by default); ``seed`` first gives every lane
        a new stream from it, as the constructor's ``seed`` does.

        Raises:
            NotAnIntegerError: a lane or the seed is not an integer (``True``, ``0.5``, ``"0"``
                are refused, not read as 0), or ``lanes`` is not a sequence of lanes.
            ValueError: a lane is not a game of the env, or the seed is out of range. Nothing
                is dealt then.
        """
        chosen = np.arange(self.num_envs) if lanes is None else checked_lanes(lanes, self.num_envs)
        if seed is not None:
            self._seed(seed)
        b.reset_lanes(self.state, self.layout.P, chosen)
        self._finals = None
        self._refresh()

    def legal_action_mask(self) -> np.ndarray:
        """bool[num_envs, num_actions]: the current player's legal moves in every game."""
        out = np.empty((self.num_envs, self.num_actions), np.bool_)
        b.masks(self.state, self.layout.P, self.layout.IX, self._current, out)
        self._mask = out.copy()  # lets step check the actions with one gather
        return out

    def observation(self) -> np.ndarray:
        """float32[num_envs, *observation_shape]: each game as its current player sees it."""
        out = np.empty((self.num_envs, *self.observation_shape), np.float32)
        cap = float(self.layout.encoder.turn_cap)
        b.observe_lanes(self.state, self.layout.P, self.layout.OB, out, cap)
        return out

    def step(
        self, actions: Sequence[int] | np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Play one move in every running game: ``rewards, terminated, truncated``.

        Raises:
            TypeError: ``actions`` is not an integer array (a float or bool one, say).
            ValueError: it is not of shape ``(num_envs,)``, an index is outside the move
                table, or a move is not legal (R-TURN-7). Nothing is played then.
        """
        lay = self.layout
        moves = checked_actions(actions, self.num_envs, self.num_actions)
        mask, self._mask = self._mask, None
        checked = mask is not None and bool((mask[self._lanes, moves] | (self._current < 0)).all())
        bad = b.step_lanes(
            self.state,
            lay.P,
            lay.IX,
            lay.MV,
            moves,
            self._rewards,
            self._terminated,
            self._truncated,
            False,  # an ended game is observed first, then dealt again below
            self._current,
            checked,
        )
        if bad >= 0:
            self._mask = mask
            seat = int(self._current[bad])
            raise ValueError(
                f"game {bad}: action {int(moves[bad])} is not a legal move of seat {seat} "
                "(R-TURN-7); nothing was played"
            )
        self._finals = None
        pay_draws(self.state, self._rewards, self._terminated, self._truncated, self.draw_reward)
        ended = np.flatnonzero(self._terminated | self._truncated)
        if ended.size:
            finals = np.empty((ended.size, self.num_players, *self.observation_shape), np.float32)
            cap = float(lay.encoder.turn_cap)
            observe_every_seat(self.state, lay.P, lay.OB, ended, finals, cap)
            self._finals = (ended, finals)
            if self.autoreset:
                b.reset_lanes(self.state, lay.P, ended)
                b.current_players(self.state, lay.P, self._current)
        return self._rewards.copy(), self._terminated.copy(), self._truncated.copy()

    @property
    def final_obs(self) -> np.ndarray:
        """The last observations of the games that ended in the last ``step`` (an object array
        of ``num_envs`` entries, fresh at each read): for each lane where ``terminated |
        truncated`` was set, float32[num_players, *observation_shape], the final position as
        each seat sees it (row ``p``: seat ``p``), taken before ``autoreset`` deals again;
        ``None`` for the other lanes, and for every lane before the first step and after
        ``reset``."""
        out = np.full(self.num_envs, None, dtype=object)
        if self._finals is not None:
            lanes, finals = self._finals
            for lane, final in zip(lanes.tolist(), finals, strict=True):
                out[lane] = final.copy()
        return out

    def to_state(self, lane: int) -> GameState:
        """The position of game ``lane`` as an engine ``GameState`` (with an empty log)."""
        return read_row(self.state[self._lane(lane)], self.layout)

    def set_state(self, lane: int, state: GameState) -> None:
        """Put ``state`` (of this env's configuration) into game ``lane``.

        The state is checked and converted first, the lane written only when that succeeds:
        a refusal leaves every game as it was.

        Raises:
            TypeError: ``state`` is not a ``GameState``.
            NotAnIntegerError: ``lane`` is not an integer.
            ValueError: ``lane`` is not a game of the env; or ``state`` is of another
                configuration, breaks an invariant of ``coup_rules.validate.validate_state``
                (a negative treasury, say; the message names the field), or holds a turn the
                row's 32-bit counter cannot.
        """
        if not isinstance(state, GameState):
            raise TypeError(f"set_state() takes a GameState, not {type(state).__name__}")
        at = self._lane(lane)
        self.state[at] = row_of(state, self.layout)
        self._refresh()

    def _lane(self, lane: int) -> int:
        return checked_lane(lane, self.num_envs)
