"""The OpenSpiel game ``python_coup_rules`` (``coup_rules.openspiel``, extra ``[openspiel]``).

OpenSpiel's random-simulation test in every variant, OpenSpiel's own ISMCTS bot playing whole
games (its determinizations from ``resample_from_infostate``, i.e. ``sample_state``), and the
information states and observations built from views (R-INFO-2, R-INFO-3). Skipped when the
extra is not installed.
"""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import coup_rules.openspiel  # noqa: E402, F401 (registers the game)
from coup_rules import view  # noqa: E402
from coup_rules.ai.encoding import ObservationEncoder  # noqa: E402


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
