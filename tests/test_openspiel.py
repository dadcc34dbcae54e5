"""The OpenSpiel game ``python_coup_rules`` (``coup_rules.openspiel``, extra ``[openspiel]``).

OpenSpiel's random-simulation test in every variant, OpenSpiel's own ISMCTS bot playing whole
games (its determinizations from ``resample_from_infostate``, i.e. ``sample_state``), and the
information states and observations built from views (R-INFO-2, R-INFO-3). Skipped when the
extra is not installed.
"""

from __future__ import annotations

import base64
import json
import pickle
import pickletools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import coup_rules.openspiel  # noqa: E402, F401 (registers the game)
from coup_rules import DecodeError, GameState, from_json, view  # noqa: E402
from coup_rules.ai.encoding import ObservationEncoder  # noqa: E402
from coup_rules.openspiel import SAVED_FORMAT  # noqa: E402


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2},
        {"players": 4},
        {"players": 6, "inquisitor": True},
        {"players": 3, "reformation": True},
        {"players": 4, "inquisitor": True, "reformation": True, "max_turns": 30},
    ],
    ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()),
)
def test_openspiel_random_simulation(params: dict[str, object]) -> None:
    """pyspiel.random_sim_test: a random game to the end, checking clones, legal actions,
    returns, observation tensors and strings, and saving and restoring game and state."""
    game = pyspiel.load_game("python_coup_rules", {**params, "rng_seed": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_restored_state_plays_on_as_the_original() -> None:
    """A state saved (pickle, serialize_game_and_state) and restored holds the same GameState,
    seed included, so the same actions give the same game, draws included (R-INFO-5)."""
    game = pyspiel.load_game("python_coup_rules", {"players": 3, "rng_seed": 4})
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    copied = pickle.loads(pickle.dumps(state))
    assert restored.game_state == state.game_state == copied.game_state
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        for s in (state, restored, copied):
            s.apply_action(action)
    assert restored.game_state == state.game_state == copied.game_state


def test_no_information_state_tensor_is_offered_or_given() -> None:
    """The game declares no information-state tensor, and asking for one raises rather than
    returning the observation vector, which does not recall the past."""
    game = pyspiel.load_game("python_coup_rules", {"players": 3})
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(Exception, match="no information-state tensor"):
        game.new_initial_state().information_state_tensor(0)


def test_the_game_is_loaded_by_name_with_its_parameters() -> None:
    game = pyspiel.load_game("python_coup_rules", {"players": 4})
    assert game.num_players() == 4
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.num_distinct_actions() == 49
    assert game.observation_tensor_shape() == [ObservationEncoder(game.config).size]
    assert game.get_parameters()["max_turns"] == 200


def test_a_seeded_game_replays() -> None:
    """R-INFO-5: with rng_seed set, the games of two game objects are dealt alike."""
    a = pyspiel.load_game("python_coup_rules", {"players": 3, "rng_seed": 5})
    b = pyspiel.load_game("python_coup_rules", {"players": 3, "rng_seed": 5})
    assert str(a.new_initial_state()) == str(b.new_initial_state())


def test_information_states_come_from_views_r_info_3() -> None:
    """R-INFO-2, R-INFO-3: a resampled state looks the same to the player (its information
    state string and observation), and the tensor is the view's vector."""
    game = pyspiel.load_game("python_coup_rules", {"players": 4, "inquisitor": True})
    state = game.new_initial_state()
    rng = random.Random(2)
    encoder = ObservationEncoder(game.config)
    while not state.is_terminal():
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(rng.randrange(2**31), 0.0, 1.0)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.legal_actions() == state.legal_actions()
        tensor = np.asarray(state.observation_tensor(player))
        assert list(tensor) == pytest.approx(encoder.encode(view(state.game_state, player)))
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_ismcts_plays_whole_games() -> None:
    """OpenSpiel's ISMCTS bot, sampling worlds with resample_from_infostate, plays seat 0 of
    whole 3-player games against random players to the end."""
    game = pyspiel.load_game("python_coup_rules", {"players": 3, "rng_seed": 7})
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8, random_state=rs
    )
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            action = bot.step(state) if player == 0 else rs.choice(state.legal_actions())
            state.apply_action(action)
        returns = state.returns()
        assert sorted(returns) == pytest.approx([-0.5, -0.5, 1.0])


# --- saved states are data, never code (issue 28) ----------------------------------------------


class _Plant:
    """Unpickled, it creates the file ``path``: what a hostile saved state would do."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.path), "w"))


def _planted(path: Path) -> str:
    """OpenSpiel's generic saved form of a Python state, its attributes a hostile pickle."""
    payload = base64.b64encode(pickle.dumps({"_shared": _Plant(path)})).decode()
    return f"history=\nmove_number=0\n__dict__={payload}"


def _played(moves: int, seed: int = 4) -> tuple[object, object]:
    game = pyspiel.load_game("python_coup_rules", {"players": 3, "rng_seed": seed})
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def test_the_crafted_string_is_a_real_attack(tmp_path: Path) -> None:
    """The attack of the tests below works where a pickle is loaded (so they test something)."""
    marker = tmp_path / "ran"
    text = _planted(marker)
    pickle.loads(base64.b64decode(text.rpartition("__dict__=")[2]))
    assert marker.exists()


def test_deserialize_state_never_unpickles_a_crafted_string(tmp_path: Path) -> None:
    """game.deserialize_state of OpenSpiel's generic (pickled) form raises DecodeError, and the
    pickle inside never runs."""
    game, _ = _played(0)
    marker = tmp_path / "ran"
    with pytest.raises(DecodeError, match="generic saved state"):
        game.deserialize_state(_planted(marker))
    assert not marker.exists()


@pytest.mark.parametrize("form", ["base64", "latin-1", "leading space"])
def test_deserialize_state_refuses_a_bare_pickle(tmp_path: Path, form: str) -> None:
    """A pickle in any other dress is malformed JSON: DecodeError, and nothing runs."""
    marker = tmp_path / "ran"
    raw = pickle.dumps(_Plant(marker))
    text = {
        "base64": base64.b64encode(raw).decode(),
        "latin-1": raw.decode("latin-1"),
        "leading space": " " + _planted(marker),
    }[form]
    game, _ = _played(0)
    with pytest.raises(DecodeError, match="malformed JSON"):
        game.deserialize_state(text)
    assert not marker.exists()


def test_serialize_is_the_engines_json() -> None:
    """state.serialize() is a JSON object of SAVED_FORMAT whose "state" is the engine's JSON of
    the position (seed included) and whose "actions" are the state's history."""
    _, state = _played(8)
    saved = json.loads(state.serialize())
    assert saved["format"] == SAVED_FORMAT
    assert from_json(json.dumps(saved["state"]), GameState) == state.game_state
    assert saved["actions"] == state.history()


def test_a_state_restored_from_its_json_plays_on_as_the_original() -> None:
    """game.deserialize_state(state.serialize()) has the same position, history and move
    number, and the same actions then give the same game, draws included (R-INFO-5)."""
    game, state = _played(12)
    restored = game.deserialize_state(state.serialize())
    assert restored.game_state == state.game_state
    assert restored.history() == state.history()
    assert restored.move_number() == state.move_number()
    rng = random.Random(9)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        restored.apply_action(action)
    assert restored.game_state == state.game_state


def test_pickling_a_state_goes_through_its_json() -> None:
    """pickle.dumps(state) names one function, which reads the game's string and the state's
    JSON: no attribute of the state is pickled."""
    _, state = _played(6)
    data = pickle.dumps(state)
    ops = [(op.name, arg) for op, arg, _ in pickletools.genops(data)]
    imports = [name for name, _ in ops if name in {"GLOBAL", "STACK_GLOBAL", "INST", "OBJ"}]
    strings = [arg for name, arg in ops if name.endswith("UNICODE")]
    assert imports == ["STACK_GLOBAL"]
    assert strings[:2] == ["coup_rules.openspiel", "_unpickled"]
    assert state.serialize() in strings
    assert b"_Shared" not in data
    assert pickle.loads(data).game_state == state.game_state


def test_a_state_of_another_game_is_refused() -> None:
    """A state saved in a 3-player game is refused by a 4-player game, naming the config."""
    _, state = _played(3)
    other = pyspiel.load_game("python_coup_rules", {"players": 4})
    with pytest.raises(DecodeError, match=r"another game .* @ \$\.start\.config"):
        other.deserialize_state(state.serialize())


def test_a_tampered_action_list_restores_the_saved_position() -> None:
    """Actions that do not lead to the saved state are not trusted: the saved position is
    restored, without a history (the position is validated as any decoded GameState is)."""
    game, state = _played(10)
    saved = json.loads(state.serialize())
    saved["actions"] = saved["actions"][:-3]
    restored = game.deserialize_state(json.dumps(saved))
    assert restored.game_state == state.game_state
    assert restored.history() == []


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_mangled_saved_state_only_ever_raises_decode_error(data: st.DataObject) -> None:
    """Any change to a saved string (a cut, a changed character, an extra field) gives a state or
    DecodeError, never another exception."""
    game, state = _played(5)
    text = state.serialize()
    kind = data.draw(st.sampled_from(["cut", "char", "field"]))
    if kind == "cut":
        text = text[: data.draw(st.integers(0, len(text) - 1))]
    elif kind == "char":
        i = data.draw(st.integers(0, len(text) - 1))
        text = text[:i] + data.draw(st.characters(codec="utf-8")) + text[i + 1 :]
    else:
        saved = json.loads(text)
        saved[data.draw(st.sampled_from(["format", "version", "actions", "extra"]))] = data.draw(
            st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers()))
        )
        text = json.dumps(saved)
    try:
        restored = game.deserialize_state(text)
    except DecodeError:
        return
    assert restored.game_state.config == game.config
