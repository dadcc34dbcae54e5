"""``CoupVectorEnv``: a ``gymnasium.vector.VectorEnv`` of one learner against compiled bots.

Each of ``num_envs`` games seats the learner (at ``learner_seat``, or a seat drawn at every deal
with ``learner_seat="random"``) and, clockwise from it, the ``opponents`` in turn (cycling):
names of ``coup_rules.bots.BOTS``, bot objects of those classes with their own parameters, or
policies (``coup_rules.vector.opponents.Policy``), mixed. A name or a bot object is played by
its compiled twin (``coup_rules.vector.bots``), held equal to the object bot move for move,
which moves inside ``step`` without leaving compiled code: the learner is asked only its own
decisions.

- **Policies**: ``policy(observations, masks) -> actions``, batched over the games that ask it
  (float32[k, obs_dim] and bool[k, n] of the seat it plays, an integer array of shape (k,) of
  move indices back), e.g. a frozen snapshot of the learner for self-play; a single one plays
  every opponent seat. A game returns to Python only when a policy's seat is asked; the step
  then asks in rounds, each policy called once per seat of it that some games ask, with those
  games in lane order, until the learner is asked in every game. BLAS is held to one thread
  while the policies run, if ``threadpoolctl`` is installed and no BLAS thread variable is set;
  with neither, building the env warns (``coup_rules.vector.blas.BlasThreadsWarning``): a
  NumPy policy on a multi-threaded BLAS runs many times slower on these small batches. An
  answer that is not such an array, or a move its mask forbids, raises ``ValueError`` naming
  the seat and the game (R-TURN-7), and the whole step is undone.

- **Spaces**: ``single_observation_space`` is ``Box(0, high, float32)`` over the vector of
  ``coup_rules.ai.encoding.ObservationEncoder`` (``high`` is public: ``observation_space.high``),
  ``single_action_space`` ``Discrete(n)`` over ``MoveCodec``'s move table; ``observation_space``
  and ``action_space`` are their batches.
- **``reset(seed=, options=)``** deals every game and returns ``(obs, infos)``;
  **``step(actions)``** returns ``(obs, rewards, terminated, truncated, infos)``. The legal
  actions are ``infos["action_mask"]`` (bool[num_envs, n]), also from ``action_masks()``;
  ``infos["seat"]`` is the learner's seat in each game.
- **Rewards** at the end only, as in ``coup_rules.gymnasium.CoupEnv``: +1 for a win,
  ``-1 / (players - 1)`` for a loss (the game ends for the learner when it is out), and for a
  draw at the turn limit (R-TURN-8) ``draw_reward``: with ``None`` 0 and ``truncated``, with a
  number that number and ``terminated`` (``coup_rules.rewards``). ``actions`` must be an
  integer array of shape ``(num_envs,)`` of move indices (``TypeError`` or ``ValueError``
  otherwise); an action that is not legal raises ``ValueError``; nothing is played then.
- **Autoreset** (``metadata["autoreset_mode"]`` is ``SAME_STEP``): a game that ends in a step
  is dealt again in that step; the observation returned is the new game's first, and the
  learner's last observation of the game that ended is in ``infos["final_obs"]`` (an object
  array, ``None`` for the other games) with the mask ``infos["_final_obs"]``.
- **Seeding**: each game has its own stream, from ``seed`` (or from ``reset(seed=...)``), for its
  deals, its draws and the bots' choices: one seed and one sequence of actions give the same
  games (with deterministic policies). The streams are not the engine's (R-INFO-5).

``gymnasium.make_vec("coup_rules/Coup-v0", num_envs=..., opponents=...)`` builds one (importing
``coup_rules.gymnasium`` registers the id; its ``vector_entry_point`` is this class).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from coup_rules.config import Config
from coup_rules.gymnasium import DEFAULT_MAX_TURNS, game_config
from coup_rules.integers import as_in_range, as_seed, refusal
from coup_rules.rewards import checked_draw_reward
from coup_rules.state import GameState
from coup_rules.vector import batch as b
from coup_rules.vector import fields as f
from coup_rules.vector import kernel as k
from coup_rules.vector import learner as lr
from coup_rules.vector.blas import PolicyThreads
from coup_rules.vector.convert import read_row
from coup_rules.vector.draws import pay_learner_draws
from coup_rules.vector.env import checked_actions, checked_lane, checked_num_envs, lane_seeds
from coup_rules.vector.layout import Layout, layout_of
from coup_rules.vector.opponents import VALUES, Opponent, Policy, Twin, opponent_of

__all__ = ["CoupVectorEnv"]

_SHOWN = 5
"""Games named in an error about a policy's whole answer."""


class CoupVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``config``, one learner against compiled bots (see the module).

    Args:
        config: the game; or give it option by option, as ``coup_rules.gymnasium.CoupEnv``
            takes it (``players``, ``inquisitor``, ``reformation``, ``max_turns``, the same
            defaults: 4 players, a limit of 200 turns), so that ``gymnasium.make`` and
            ``gymnasium.make_vec`` take the same keywords (``game_config``).
        num_envs: the number of games stepped together.
        seed: the games' streams until ``reset(seed=...)`` gives another.
        opponents: a bot name, a bot object or a policy, or a sequence of them, seated
            clockwise from the learner in turn.
        learner_seat: the learner's seat, or ``"random"`` to draw it at every deal.
        draw_reward: what a draw at the turn limit pays the learner: ``None`` 0, the game
            truncated; a finite number that number, the game terminated (as ``CoupEnv``).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        config: Config | None = None,
        num_envs: int = 1024,
        seed: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        learner_seat: int | str = 0,
        *,
        players: int = 4,
        inquisitor: bool = False,
        reformation: bool = False,
        max_turns: int | None = DEFAULT_MAX_TURNS,
        draw_reward: float | None = None,
    ) -> None:
        config = game_config(config, players, inquisitor, reformation, max_turns)
        self.draw_reward = checked_draw_reward(draw_reward)
        num_envs = checked_num_envs(num_envs)
        self.config = config
        self.num_envs = num_envs
        self._fixed = _learner_seat(learner_seat, config.players)
        entries = [opponent_of(o) for o in _opponent_list(opponents)]
        self._kinds = np.array(
            [e.kind if isinstance(e, Twin) else lr.CALLABLE for e in entries], np.int64
        )
        self._pars = np.stack(
            [e.array() if isinstance(e, Twin) else Twin(lr.CALLABLE, ()).array() for e in entries]
        )
        self._policies: tuple[Policy | None, ...] = tuple(
            None if isinstance(e, Twin) else e for e in entries
        )
        self._called = any(p is not None for p in self._policies)
        self._threads = PolicyThreads(stacklevel=2) if self._called else None
        """BLAS held to one thread while the policies run (``coup_rules.vector.blas``)."""
        self.layout: Layout = layout_of(config)
        high = np.asarray(self.layout.encoder.high, np.float32)
        self.single_observation_space = spaces.Box(np.zeros_like(high), high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.layout.codec.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._state = np.zeros((num_envs, int(self.layout.P[f.P_FIELDS])), np.int32)
        self._seats = np.full((num_envs, f.MAXP), -1, np.int64)
        self._learner = np.zeros(num_envs, np.int64)
        self._status = np.zeros(num_envs, np.int64)
        self._deals = np.zeros(num_envs, np.int64)
        self._mask: np.ndarray | None = None
        self._seed(seed)
        self._deal()

    # --- gymnasium's interface ----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game again (from ``seed``'s streams if given): ``(obs, infos)``."""
        if options:
            raise ValueError(f"CoupVectorEnv.reset takes no options, not {sorted(options)}")
        seed = None if seed is None else as_seed(seed)
        saved = self._saved()
        try:
            if seed is not None:
                self._seed(seed)
            self._deal()
        except BaseException:
            if saved is not None:
                self._restore(saved, None)
            raise
        return self._observe(), self._infos()

    def step(
        self, actions: Sequence[int] | np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play the learner's action in every game, then the opponents' moves up to its next
        decision: ``(obs, rewards, terminated, truncated, infos)``."""
        lay = self.layout
        moves = checked_actions(actions, self.num_envs, lay.codec.size)
        mask, self._mask = self._mask, None
        checked = mask is not None and bool(mask[np.arange(self.num_envs), moves].all())
        out = lr.Outcome.empty(self.num_envs, lay.encoder.size)
        saved = self._saved()
        try:
            bad = lr.learner_step(self._lanes(), out, moves, checked)
            if bad >= 0:
                self._mask = mask
                seat = int(self._learner[bad])
                raise ValueError(
                    f"game {bad}: action {int(moves[bad])} is not a legal move of the learner "
                    f"(seat {seat}) (R-TURN-7); nothing was played"
                )
            if bad < -1:
                raise RuntimeError(_undealt(-2 - bad, self.config))
            if self._called:
                self._play_policies(out)
        except BaseException:
            if saved is not None:
                self._restore(saved, mask)
            raise
        pay_learner_draws(out.rewards, out.terminated, out.truncated, self.draw_reward)
        infos = self._infos()
        ended = out.terminated | out.truncated
        if ended.any():
            finals = np.full(self.num_envs, None, dtype=object)
            for lane in np.flatnonzero(ended):
                finals[lane] = out.final[lane]
            infos["final_obs"] = finals
            infos["_final_obs"] = ended
        return self._observe(), out.rewards, out.terminated, out.truncated, infos

    def action_masks(self) -> np.ndarray:
        """bool[num_envs, n]: the learner's legal actions in every game (a fresh array)."""
        if self._mask is None:
            out = np.empty((self.num_envs, self.layout.codec.size), np.bool_)
            b.masks(self._state, self.layout.P, self.layout.IX, self._learner, out)
            self._mask = out
        return self._mask.copy()

    @property
    def learner_seats(self) -> np.ndarray:
        """int64[num_envs]: the learner's seat in each game now (a fresh array)."""
        return self._learner.copy()

    def to_state(self, lane: int) -> GameState:
        """The position of game ``lane`` as an engine ``GameState`` (with an empty log)."""
        return read_row(self._state[checked_lane(lane, self.num_envs)], self.layout)

    # --- inside -------------------------------------------------------------------------------

    def _seed(self, seed: int) -> None:
        for lane, s in enumerate(lane_seeds(as_seed(seed), self.num_envs)):
            k.seed_row(self._state[lane], int(s))

    def _deal(self) -> None:
        out = lr.Outcome.empty(self.num_envs, self.layout.encoder.size)
        lane = lr.deal_lanes(self._lanes(), out)
        self._mask = None
        if lane >= 0:
            raise RuntimeError(_undealt(lane, self.config))
        if self._called:
            self._play_policies(out)

    def _play_policies(self, out: lr.Outcome) -> None:
        """Ask the policies, in rounds, until the learner is asked in every game: in each round
        every policy is called once for each seat of it that some games ask, with those games'
        observations and masks, and its answers are played (with the compiled bots' moves up to
        the next decision of the learner or of a policy)."""
        assert self._threads is not None  # built with the first policy
        with self._threads.held():
            self._play_policy_rounds(out)

    def _play_policy_rounds(self, out: lr.Outcome) -> None:
        lay = self.layout
        asked = np.empty(self.num_envs, np.int64)
        while True:
            lr.asked_seats(self._state, lay.P, self._status, asked)
            lanes = np.flatnonzero(asked >= 0)
            if not lanes.size:
                return
            seats = asked[lanes]
            entries = self._seats[lanes, seats]
            answers = np.empty(lanes.size, np.int64)
            for seat, entry in sorted(set(zip(seats.tolist(), entries.tolist(), strict=True))):
                chosen = (seats == seat) & (entries == entry)
                answers[chosen] = self._ask(entry, seat, lanes[chosen])
            bad = lr.opponent_step(self._lanes(), out, lanes, answers)
            if bad < -1:
                raise RuntimeError(_undealt(-2 - bad, self.config))

    def _ask(self, entry: int, seat: int, lanes: np.ndarray) -> np.ndarray:
        """The policy of opponent ``entry``'s moves at ``seat`` in the games ``lanes``."""
        lay = self.layout
        obs = np.empty((lanes.size, lay.encoder.size), np.float32)
        lr.observe_at(self._state, lay.P, lay.OB, lanes, seat, obs, float(lay.encoder.turn_cap))
        masks = np.empty((lanes.size, lay.codec.size), np.bool_)
        lr.masks_at(self._state, lay.P, lay.IX, lanes, seat, masks)
        policy = self._policies[entry]
        assert policy is not None  # the compiled code stops only for a policy
        return _checked_answer(policy(obs, masks.copy()), masks, seat, lanes)

    def _lanes(self) -> lr.Lanes:
        """The games and tables the compiled loops play on."""
        lay = self.layout
        return lr.Lanes(
            self._state,
            lay.P,
            lay.IX,
            lay.MV,
            lay.OB,
            VALUES,
            self._kinds,
            self._pars,
            self._seats,
            self._learner,
            self._status,
            self._deals,
            self._fixed,
            float(lay.encoder.turn_cap),
        )

    def _saved(self) -> _Saved | None:
        if not self._called:
            return None
        return _Saved(
            self._state.copy(),
            self._seats.copy(),
            self._learner.copy(),
            self._status.copy(),
            self._deals.copy(),
        )

    def _restore(self, saved: _Saved, mask: np.ndarray | None) -> None:
        self._mask = mask
        self._state[:] = saved.state
        self._seats[:] = saved.seats
        self._learner[:] = saved.learner
        self._status[:] = saved.status
        self._deals[:] = saved.deals

    def _observe(self) -> np.ndarray:
        out = np.empty((self.num_envs, self.layout.encoder.size), np.float32)
        cap = float(self.layout.encoder.turn_cap)
        lr.observe_seats(self._state, self.layout.P, self.layout.OB, self._learner, out, cap)
        return out

    def _infos(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, np.bool_)
        return {
            "action_mask": self.action_masks(),
            "_action_mask": every,
            "seat": self._learner.copy(),
            "_seat": every.copy(),
        }


@attrs.frozen(eq=False)
class _Saved:
    """The games as they were before a step, to undo it when a policy's answer is refused."""

    state: np.ndarray
    seats: np.ndarray
    learner: np.ndarray
    status: np.ndarray
    deals: np.ndarray


def _checked_answer(answer: object, legal: np.ndarray, seat: int, lanes: np.ndarray) -> np.ndarray:
    """A policy's ``answer`` as int64 move indices, each legal under its row of ``legal``.

    Raises:
        ValueError: not an integer array of one index per game asked, or a move not legal.
    """
    games = ", ".join(str(g) for g in lanes[:_SHOWN].tolist())
    more = f" and {lanes.size - _SHOWN} more" if lanes.size > _SHOWN else ""
    expected = (
        f"the policy at seat {seat} must answer an integer array of shape ({lanes.size},), "
        f"one move index for each game that asks it (games {games}{more})"
    )
    try:
        moves = np.asarray(answer)
    except (TypeError, ValueError):
        raise ValueError(f"{expected}, not a {type(answer).__name__}; nothing was played") from None
    if moves.dtype == np.bool_ or not np.issubdtype(moves.dtype, np.integer):
        raise ValueError(
            f"{expected}, not {type(answer).__name__} of {moves.dtype}; nothing was played"
        )
    if moves.shape != (lanes.size,):
        raise ValueError(f"{expected}, not one of shape {moves.shape}; nothing was played")
    inside = (moves >= 0) & (moves < legal.shape[1])
    ok = inside.copy()
    ok[inside] = legal[np.flatnonzero(inside), moves[inside]]
    if not ok.all():
        i = int(np.flatnonzero(~ok)[0])
        raise ValueError(
            f"game {int(lanes[i])}: the policy at seat {seat} answered {int(moves[i])}, "
            f"which is not a legal move of that seat (R-TURN-7); nothing was played"
        )
    return moves.astype(np.int64, copy=False)


def _learner_seat(seat: int | str, players: int) -> int:
    """-1 for ``"random"``, else the seat by the integer rule (``coup_rules.integers``)."""
    if isinstance(seat, str) and seat == "random":
        return -1
    expected = f"a seat from 0 to {players - 1} or 'random'"
    if isinstance(seat, str):
        raise ValueError(refusal("learner_seat", expected, seat))
    return as_in_range(seat, "learner_seat", 0, players - 1, expected)


def _opponent_list(opponents: Opponent | Sequence[Opponent]) -> list[Opponent]:
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        return [opponents]
    if not opponents:
        raise ValueError("opponents must name at least one opponent")
    return list(opponents)


def _undealt(lane: int, config: Config) -> str:
    return (
        f"game {lane}: {lr.MAX_DEALS} deals in a row ended before the learner was asked "
        f"anything (max_turns={config.max_turns}); raise max_turns or use learner_seat='random'"
    )
