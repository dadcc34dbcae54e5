"""Coup as an OpenSpiel game (the optional extra ``coup-rules[openspiel]``).

Importing this module registers the Python game ``"python_coup_rules"`` with ``pyspiel``::

    import pyspiel
    import coup_rules.openspiel  # registers the game

    game = pyspiel.load_game("python_coup_rules", {"players": 4})

Parameters: ``players`` (2 to 10, default 4), ``inquisitor`` and ``reformation`` (default
``False``), ``max_turns`` (the house rule's turn limit, R-TURN-8; default 200, which bounds
the game's length as OpenSpiel requires), ``draw_reward`` (default 0.0: see Returns) and
``rng_seed`` (default -1: every new game is dealt
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
- **Saving states is data, never code**: ``state.serialize()`` is JSON (``SAVED_FORMAT``): the
  engine's JSON of the ``GameState`` (seed included), of the state the game started from and
  the actions played since, and ``game.deserialize_state`` reads that JSON alone, so a restored
  state plays on exactly as the original would and has its ``history()``; any other string
  raises ``coup_rules.DecodeError`` and never reaches ``pickle``. ``pickle.dumps(state)`` goes
  through the same JSON. OpenSpiel's own ``pyspiel.serialize_game_and_state`` works too, but
  its C++ format for every Python game is a pickle of the state's attributes, and
  ``pyspiel.deserialize_game_and_state`` unpickles it, which can run code: load with it only
  strings you wrote yourself (as with ``pickle.loads`` of any bytes).
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
  zero-sum game). A draw at the turn limit gives 0 to all with ``draw_reward=0.0``, the
  default (OpenSpiel's parameters cannot be ``None``: 0.0 is the other envs'
  ``draw_reward=None``); any other ``draw_reward`` (say -0.5, so that stalling does not pay)
  gives that to each seat still in the game and ``-1 / (players - 1)`` to each seat
  eliminated before the draw (``coup_rules.rewards``), and the game is then general-sum
  (``get_type().utility``, ``utility_sum()`` unset). OpenSpiel has no truncation: a draw is a
  terminal state like a win.
- ``resample_from_infostate(player, sampler)`` is ``coup_rules.sample_state`` of the player's view,
  its random generator seeded from ``sampler()``.

OpenSpiel and NumPy are imported here only: ``import coup_rules`` never needs them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pyspiel

from coup_rules.ai.encoding import MoveCodec, ObservationEncoder, asked_first
from coup_rules.config import Config
from coup_rules.determinize import sample_state
from coup_rules.engine import apply, legal_moves
from coup_rules.rewards import checked_draw_reward, final_rewards, loss_reward
from coup_rules.serde import DecodeError, from_json, to_json
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["GAME_NAME", "SAVED_FORMAT", "CoupGame", "CoupObserver", "CoupState"]

GAME_NAME = "python_coup_rules"

SAVED_FORMAT = "python_coup_rules/state"
"""The ``"format"`` of ``state.serialize()``'s JSON object, which holds ``"version"`` (1),
``"start"`` and ``"state"`` (the engine's JSON of a ``GameState``) and ``"actions"`` (the action
indices played from ``start``)."""

_PARAMETERS: dict[str, Any] = {
    "players": 4,
    "inquisitor": False,
    "reformation": False,
    "max_turns": 200,
    "draw_reward": 0.0,
    "rng_seed": -1,
}

_TYPE_FIELDS = (
    "short_name",
    "long_name",
    "dynamics",
    "chance_mode",
    "information",
    "utility",
    "reward_model",
    "max_num_players",
    "min_num_players",
    "provides_information_state_string",
    "provides_information_state_tensor",
    "provides_observation_string",
    "provides_observation_tensor",
    "parameter_specification",
)

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


_GENERAL_SUM_TYPE = pyspiel.GameType(
    **{
        **{name: getattr(_GAME_TYPE, name) for name in _TYPE_FIELDS},
        "utility": pyspiel.GameType.Utility.GENERAL_SUM,
    }
)
"""The game's type when a draw pays ``draw_reward`` (the returns no longer sum to 0)."""


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
        paid = checked_draw_reward(merged["draw_reward"])
        self.draw_reward = None if paid == 0.0 else paid
        """What a draw pays the seats still in (``None``: 0 to all, zero-sum)."""
        self.config = Config(
            players=players,
            inquisitor=bool(merged["inquisitor"]),
            reformation=bool(merged["reformation"]),
            max_turns=max_turns,
        )
        self.codec = MoveCodec(self.config)
        self.encoder = ObservationEncoder(self.config)
        loss, draw = loss_reward(players), self.draw_reward
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=loss if draw is None else min(loss, draw),
            max_utility=1.0 if draw is None else max(1.0, draw),
            utility_sum=0.0 if draw is None else None,
            max_game_length=_max_decisions(players, max_turns),
        )
        kind = _GAME_TYPE if draw is None else _GENERAL_SUM_TYPE
        super().__init__(kind, info, params or {})
        seed = int(merged["rng_seed"])
        self._seeds: random.Random | None = None if seed < 0 else random.Random(seed)

    def new_initial_state(self) -> CoupState:
        """A new game, dealt as ``rng_seed`` says."""
        seed = None if self._seeds is None else self._seeds.getrandbits(128)
        return CoupState(self, new_game(self.config, seed=seed))

    def deserialize_state(self, text: str) -> CoupState:
        """The state ``state.serialize()`` saved as ``text`` (JSON, never a pickle).

        Its ``history()`` is restored by replaying the saved actions from the saved start; a
        state whose ``game_state`` was replaced by hand has its saved position and an empty
        history.

        Raises:
            DecodeError: ``text`` is not such JSON of a state of this game (OpenSpiel's generic
                pickled form included); the message names the field.
        """
        saved = _read_saved(text, self.config, self.max_game_length(), self.codec.size)
        return _restored(self, saved)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CoupObserver:
        """The observer of ``iig_obs_type`` (default: a player's observation, no history)."""
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        return CoupObserver(self, iig_obs_type)


class _Shared:
    """Holds the immutable ``GameState`` of a state and the one its game started from (for
    ``serialize``), which a deep copy shares instead of copying.

    OpenSpiel clones a Python state by deep-copying its attributes, and its C++
    ``SerializeGameAndState`` pickles them: a ``GameState`` is immutable, so a clone may share
    it, and it pickles as the engine's JSON (its seed included).
    """

    __slots__ = ("start", "state")

    def __init__(self, state: GameState, start: GameState | None = None) -> None:
        self.state = state
        self.start = state if start is None else start

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, ...]]:
        if self.start is self.state:
            return (_shared_from_json, (to_json(self.state),))
        return (_shared_from_json, (to_json(self.state), to_json(self.start)))


def _shared_from_json(text: str, start: str | None = None) -> _Shared:
    # a resampled state (resample_from_infostate) carries its viewer's redacted log
    state = from_json(text, GameState, redacted_log=True)
    return _Shared(state, None if start is None else from_json(start, GameState, redacted_log=True))


@attrs.frozen
class _Saved:
    """What ``state.serialize()`` holds, decoded and checked."""

    start: GameState
    actions: tuple[int, ...]
    state: GameState


_SAVED_FIELDS = frozenset({"format", "version", "start", "actions", "state"})


def _saved_text(start: GameState, actions: list[int], state: GameState) -> str:
    """The JSON of ``SAVED_FORMAT`` (``to_json`` gives JSON values, so they are pasted in)."""
    head = json.dumps({"format": SAVED_FORMAT, "version": 1, "actions": actions})
    return f'{head[:-1]}, "start": {to_json(start)}, "state": {to_json(state)}}}'


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        names = [name for name, _ in pairs]
        twice = next(name for name in names if names.count(name) > 1)
        raise ValueError(f"the field {twice!r} is given twice")
    return data


def _decode_state(value: Any, path: str) -> GameState:
    try:
        # a resampled state (resample_from_infostate) carries its viewer's redacted log
        return from_json(json.dumps(value), GameState, redacted_log=True)
    except RecursionError:
        raise DecodeError([f"nested too deeply @ {path}"]) from None
    except DecodeError as exc:
        raise DecodeError([e.replace("@ $", f"@ {path}", 1) for e in exc.errors]) from None


def _shown(value: object) -> str:
    """A JSON value in a message: short scalars as they are, anything else by its type."""
    if isinstance(value, int) and abs(value) < 10**40:
        return repr(value)
    if isinstance(value, float | str) and len(repr(value)) <= 40:
        return repr(value)
    return f"a {type(value).__name__}"


def _read_saved(text: object, config: Config, longest: int, actions: int) -> _Saved:
    """``text`` decoded as ``SAVED_FORMAT`` for a game of ``config``; ``DecodeError`` if not."""
    if isinstance(text, str) and text.startswith("history="):
        raise DecodeError(
            [
                "this is OpenSpiel's generic saved state (a pickle), which python_coup_rules "
                "never loads: save states with state.serialize() @ $"
            ]
        )
    if not isinstance(text, str | bytes | bytearray):
        raise DecodeError([f"expected JSON text, not {type(text).__name__} @ $"])
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats)
    except (ValueError, RecursionError) as exc:
        raise DecodeError([f"malformed JSON ({exc}) @ $"]) from None
    if not isinstance(data, dict):
        raise DecodeError([f"expected an object of format {SAVED_FORMAT!r} @ $"])
    problems = [f"required field missing @ $.{k}" for k in sorted(_SAVED_FIELDS - set(data))]
    problems += [f"unknown field @ $.{k}" for k in sorted(set(data) - _SAVED_FIELDS)]
    if problems:
        raise DecodeError(problems)
    if data["format"] != SAVED_FORMAT:
        raise DecodeError([f"expected {SAVED_FORMAT!r}, not {_shown(data['format'])} @ $.format"])
    if type(data["version"]) is not int or data["version"] != 1:
        raise DecodeError(
            [f"unsupported version {_shown(data['version'])} (1 is read) @ $.version"]
        )
    played = data["actions"]
    if not isinstance(played, list) or len(played) > longest:
        raise DecodeError([f"expected an array of at most {longest} actions @ $.actions"])
    for i, action in enumerate(played):
        if type(action) is not int or not 0 <= action < actions:
            raise DecodeError(
                [
                    f"expected an action from 0 to {actions - 1}, not {_shown(action)} "
                    f"@ $.actions[{i}]"
                ]
            )
    saved = _Saved(
        _decode_state(data["start"], "$.start"),
        tuple(played),
        _decode_state(data["state"], "$.state"),
    )
    for name in ("start", "state"):
        theirs = getattr(saved, name).config
        if theirs != config:
            raise DecodeError(
                [f"saved in another game ({theirs}), not this one ({config}) @ $.{name}.config"]
            )
    return saved


def _restored(game: CoupGame, saved: _Saved) -> CoupState:
    """``saved`` as a state of ``game``: the actions replayed from the start when they lead to
    the saved state (the history restored), else the saved state with no history."""
    state = CoupState(game, saved.start)
    try:
        for action in saved.actions:
            state.apply_action(action)
    except (ValueError, pyspiel.SpielError):  # IllegalMoveError is a ValueError
        return CoupState(game, saved.state)
    return state if state.game_state == saved.state else CoupState(game, saved.state)


def _unpickled(game_text: str, state_text: str) -> CoupState:
    """``pickle.loads`` of a ``CoupState``: the game by its string, the state from its JSON."""
    game = pyspiel.deserialize_game(game_text)
    if not isinstance(game, CoupGame):
        raise DecodeError([f"not a {GAME_NAME} game: {game_text!r} @ $"])
    return game.deserialize_state(state_text)


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
        self._shared = _Shared(value, self._shared.start)

    def serialize(self) -> str:
        """The state as JSON (``SAVED_FORMAT``), for ``game.deserialize_state``."""
        return _saved_text(self._shared.start, list(self.history()), self.game_state)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        """Pickled as the game's string and the state's JSON, never as its attributes."""
        return (_unpickled, (self._coup.serialize(), self.serialize()))

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

    def apply_action(self, action: int) -> None:
        """Play ``action``, an index of the move table: any integer type is taken (a NumPy
        integer too); ``True`` (which OpenSpiel would read as 1), ``1.5`` or ``"1"`` is refused
        with the one message of ``coup_rules.integers`` (``MoveCodec.checked_index``)."""
        super().apply_action(self._coup.codec.checked_index(action, "action"))

    def _apply_action(self, action: int) -> None:
        # decode is the door: any integer type is taken, True or 1.5 refused (integers.py)
        move = self._coup.codec.decode(action, self.current_player())
        self.game_state = apply(self.game_state, move)

    def _action_to_string(self, player: int, action: int) -> str:
        return f"p{player} {self._coup.codec.name(action)}"

    def is_terminal(self) -> bool:
        return self.game_state.is_over

    def returns(self) -> list[float]:
        """+1 to the winner, -1/(n-1) to the others; a draw by the game's ``draw_reward``
        (``coup_rules.rewards``); all 0 before the end."""
        game = self.game_state
        if not game.is_over:
            return [0.0] * self._coup.config.players
        return list(final_rewards(game, self._coup.draw_reward))

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
