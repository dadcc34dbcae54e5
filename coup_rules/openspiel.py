"""Coup as an OpenSpiel game (the optional extra ``coup-rules[openspiel]``).

Importing this module registers the Python game ``"python_coup_rules"`` with ``pyspiel``::

    import pyspiel
    import coup_rules.openspiel  # registers the game

    game = pyspiel.load_game("python_coup_rules", {"players": 4})

Parameters: ``players`` (2 to 10, default 4), ``inquisitor`` and ``reformation`` (default
``False``), ``max_turns`` (the house rule's turn limit, R-TURN-8; default 200, which bounds
the game's length as OpenSpiel requires) and ``rng_seed`` (default -1: every new game is dealt
from the operating system's randomness; otherwise the games of one ``Game`` object are dealt from
a generator seeded with it, so a run replays).

- **Turns are sequential**: ``current_player()`` is the seat the game waits on or, in a response
  window, the first of its seats clockwise from the seat whose claim is at stake
  (``coup_rules.ai.encoding.asked_first``); an ``Allow`` passes the question on, and the first
  ``Challenge`` or ``Block`` ends the window as the rules say (R-WIN-2, R-WIN-3, R-WIN-5).
- **Actions** are the fixed move table of ``coup_rules.ai.encoding.MoveCodec``.
- **No chance nodes** (``DETERMINISTIC``): each state holds the engine's seed (R-INFO-5), so every
  transition, draws included, is a function of the state and the action; only
  ``new_initial_state`` deals a new game, from ``rng_seed``. (OpenSpiel cannot save a Python game
  that declares sampled chance: ``GetRNGState`` has no Python hook.) Algorithms that enumerate
  a game's tree from its initial state (CFR, best responses) would only see one deal: they do not
  apply to this game.
- **Saving states**: ``state.serialize()``, ``pyspiel.serialize_game_and_state`` and ``pickle``
  work: a state is saved as the engine's JSON of its ``GameState`` (seed included), so a restored
  state plays on exactly as the original would.
- **Information states and observations** come from ``view`` alone: the information-state string
  is the JSON of the player's whole view (perfect recall: its redacted log included), the
  observation string the same view without the log, the observation tensor the vector of
  ``coup_rules.ai.encoding.ObservationEncoder``. A public observer (no private information) sees
  a spectator's view. There is no information-state *tensor* (the game says so, and asking for
  one raises): the observation vector does not recall the past, and a fixed-size perfect-recall
  encoding of a game of unbounded length is not provided.
- **Do not use perfect-information search as a player**: OpenSpiel's ``MCTSBot`` clones the real
  state, so it searches with every hidden card and every future draw known (measured: it won
  5 of 12 games against the simple bots where an honest ISMCTS won 0 of 12). Use OpenSpiel's
  ``ISMCTSBot`` (below) or ``coup_rules.ai.ISMCTSBot``.
- **Returns** at the end only: +1 to the winner and ``-1 / (players - 1)`` to the others (a
  zero-sum game); a draw at the turn limit gives 0 to all.
- ``resample_from_infostate(player, sampler)`` is ``coup_rules.sample_state`` of the player's view,
  its random generator seeded from ``sampler()``.

OpenSpiel and NumPy are imported here only: ``import coup_rules`` never needs them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from coup_rules.ai.encoding import MoveCodec, ObservationEncoder, asked_first
from coup_rules.config import Config
from coup_rules.determinize import sample_state
from coup_rules.engine import apply, legal_moves
from coup_rules.serde import from_json, to_json
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["GAME_NAME", "CoupGame", "CoupObserver", "CoupState"]

GAME_NAME = "python_coup_rules"

_PARAMETERS: dict[str, Any] = {
    "players": 4,
    "inquisitor": False,
    "reformation": False,
    "max_turns": 200,
    "rng_seed": -1,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Coup (coup_rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def _max_decisions(players: int, max_turns: int) -> int:
    """A bound on the moves of a game: per turn the action, three windows of every other seat,
    two challenge answers, two influence losses and two private choices; plus the setup."""
    return max_turns * (3 * (players - 1) + 7) + 3


class CoupGame(pyspiel.Game):
    """The game ``"python_coup_rules"`` (see the module's docs)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_PARAMETERS, **(params or {})}
        players = int(merged["players"])
        max_turns = int(merged["max_turns"])
        self.config = Config(
            players=players,
            inquisitor=bool(merged["inquisitor"]),
            reformation=bool(merged["reformation"]),
            max_turns=max_turns,
        )
        self.codec = MoveCodec(self.config)
        self.encoder = ObservationEncoder(self.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_decisions(players, max_turns),
        )
        super().__init__(_GAME_TYPE, info, params or {})
        seed = int(merged["rng_seed"])
        self._seeds: random.Random | None = None if seed < 0 else random.Random(seed)

    def new_initial_state(self) -> CoupState:
        """A new game, dealt as ``rng_seed`` says."""
        seed = None if self._seeds is None else self._seeds.getrandbits(128)
        return CoupState(self, new_game(self.config, seed=seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CoupObserver:
        """The observer of ``iig_obs_type`` (default: a player's observation, no history)."""
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        return CoupObserver(self, iig_obs_type)


class _Shared:
    """Holds the immutable ``GameState`` of a state, which a deep copy shares instead of copying.

    OpenSpiel clones a Python state by deep-copying its attributes, and saves it by pickling
    them: a ``GameState`` is immutable, so a clone may share it, and it pickles as the engine's
    JSON (its seed included).
    """

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_shared_from_json, (to_json(self.state),))


def _shared_from_json(text: str) -> _Shared:
    return _Shared(from_json(text, GameState))


class CoupState(pyspiel.State):
    """A position of the game: a ``coup_rules`` ``GameState`` (``self.game_state``)."""

    def __init__(self, game: CoupGame, game_state: GameState) -> None:
        super().__init__(game)
        self._shared = _Shared(game_state)

    @property
    def _coup(self) -> CoupGame:
        game: CoupGame = self.get_game()
        return game

    @property
    def game_state(self) -> GameState:
        """The position, as the engine holds it."""
        return self._shared.state

    @game_state.setter
    def game_state(self, value: GameState) -> None:
        self._shared = _Shared(value)

    def current_player(self) -> int:
        """The seat asked now, or ``pyspiel.PlayerId.TERMINAL``."""
        pending = self.game_state.pending
        if pending is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return asked_first(pending, self._coup.config.players)

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state.is_over or player != self.current_player():
            return []
        return sorted(self._coup.codec.indices(legal_moves(self.game_state, player)))

    def _apply_action(self, action: int) -> None:
        move = self._coup.codec.decode(int(action), self.current_player())
        self.game_state = apply(self.game_state, move)

    def _action_to_string(self, player: int, action: int) -> str:
        return f"p{player} {self._coup.codec.name(int(action))}"

    def is_terminal(self) -> bool:
        return self.game_state.is_over

    def returns(self) -> list[float]:
        """+1 to the winner, -1/(n-1) to the others; all 0 before the end or after a draw."""
        n = self._coup.config.players
        winner = self.game_state.winner
        if winner is None:
            return [0.0] * n
        return [1.0 if seat == winner else -1.0 / (n - 1) for seat in range(n)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CoupState:
        """A state ``player_id`` cannot tell from this one: ``sample_state`` of its view."""
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = sample_state(view(self.game_state, player_id), rng)
        return CoupState(self._coup, sample)

    def __str__(self) -> str:
        s = self.game_state
        seats = "; ".join(
            f"p{p.seat} {p.coins}c {'/'.join(c.name.lower() for c in p.hand) or '-'}"
            f"{' revealed ' + '/'.join(c.name.lower() for c in p.revealed) if p.revealed else ''}"
            for p in s.players
        )
        pending = "over" if s.pending is None else s.pending.kind.value
        return f"turn {s.turn}, {pending}: {seats}"


class CoupObserver:
    """OpenSpiel's observer of the game: strings and tensors from ``view`` alone."""

    def __init__(self, game: CoupGame, iig_obs_type: Any) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self._game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private cards is not provided")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.tensor: Any = np.zeros(game.encoder.size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}
        if self.perfect_recall:  # strings only: see the module's docs
            self.tensor = None
            self.dict = {}

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: CoupState, player: int) -> None:
        """Fill ``tensor`` with the observation vector of ``player``.

        Raises:
            ValueError: a perfect-recall tensor (an information-state tensor) was asked for: the
                game provides none.
        """
        if self.tensor is None:
            raise ValueError(
                "python_coup_rules provides no information-state tensor (the observation "
                "tensor does not recall the past); use information_state_string or "
                "observation_tensor"
            )
        vector = self._game.encoder.encode(view(state.game_state, self._viewer(player)))
        self.tensor[:] = vector

    def string_from(self, state: CoupState, player: int) -> str:
        """The player's view in JSON: whole (information state), or without the log."""
        game_state = state.game_state
        since = 0 if self.perfect_recall else len(game_state.log)
        return to_json(view(game_state, self._viewer(player), since=since))


pyspiel.register_game(_GAME_TYPE, CoupGame)
