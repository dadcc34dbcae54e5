"""A learned policy as a bot (``coup_rules.ai.PolicyBot``).

A policy that picks the first legal index plays whole games, alone and in a tournament; it is
handed the observation and mask an environment shows a learner; an illegal index, a non-index
and a view of another configuration are refused with messages that name what was wrong.
Skipped without NumPy (the extras that learn bring it).
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any, SupportsIndex

import pytest

pytest.importorskip("numpy", reason="PolicyBot needs NumPy")

import numpy as np

from coup_rules import Config, new_game, view
from coup_rules.ai import PolicyBot
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.ai.policybot import config_differences
from coup_rules.bots import Bot, RandomBot, play_game
from coup_rules.evaluate import evaluate

CONFIG = Config(players=3, max_turns=200)


def first_legal(observation: Any, mask: Any) -> SupportsIndex:
    """The policy of these tests: the first legal index (a NumPy integer, as argmax gives)."""
    index: SupportsIndex = np.argmax(mask)
    return index


def asked_view(config: Config = CONFIG) -> Any:
    """The first player's view at the start of a game: it has to choose an action."""
    return view(new_game(config, seed=3), config.first_player)


def test_a_first_legal_policy_plays_whole_games() -> None:
    bot = PolicyBot(first_legal, CONFIG)
    for seed in range(5):
        state = play_game(CONFIG, [bot, RandomBot(), bot], seed=seed)
        assert state.is_over


def test_a_policy_bot_plays_a_tournament_on_a_process_pool() -> None:
    bots: dict[str, Bot | str] = {"policy": PolicyBot(first_legal, CONFIG), "random": "random"}
    result = evaluate(bots, CONFIG, 4, seed=0, workers=2)
    assert result.config == CONFIG
    assert sum(rate.trials for rate in result.rates()) == 4 * CONFIG.players


def test_the_policy_is_handed_the_encoders_vector_and_the_legal_mask() -> None:
    seen: list[tuple[Any, Any]] = []

    def policy(observation: Any, mask: Any) -> SupportsIndex:
        seen.append((observation, mask))
        return first_legal(observation, mask)

    seat_view = asked_view()
    PolicyBot(policy, CONFIG).choose(seat_view, random.Random(0))
    (observation, mask), codec = seen[0], MoveCodec(CONFIG)
    assert observation.dtype == np.float32 and mask.dtype == np.bool_
    assert observation.tolist() == ObservationEncoder(CONFIG).encode(seat_view)
    assert np.flatnonzero(mask).tolist() == sorted(codec.indices(seat_view.legal_moves))


def test_the_move_played_is_the_legal_move_of_the_index() -> None:
    seat_view = asked_view()
    codec = MoveCodec(CONFIG)
    last = max(codec.indices(seat_view.legal_moves))
    move = PolicyBot(lambda o, m: last, CONFIG).choose(seat_view, random.Random(0))
    assert move in seat_view.legal_moves and codec.encode(move) == last


def test_an_illegal_index_is_refused_naming_it_and_the_legal_ones() -> None:
    seat_view = asked_view()
    codec = MoveCodec(CONFIG)
    illegal = next(i for i in range(codec.size) if codec.name(i) == "challenge")
    legal = sorted(codec.indices(seat_view.legal_moves))
    with pytest.raises(ValueError, match=rf"move {illegal} \(challenge\)") as error:
        PolicyBot(lambda o, m: illegal, CONFIG).choose(seat_view, random.Random(0))
    assert all(f"{i} ({codec.name(i)})" in str(error.value) for i in legal)


def test_an_index_outside_the_move_table_is_refused() -> None:
    size = MoveCodec(CONFIG).size
    with pytest.raises(ValueError, match=rf"move {size}, which is not in the move table"):
        PolicyBot(lambda o, m: size, CONFIG).choose(asked_view(), random.Random(0))


def test_an_answer_that_is_not_an_index_is_refused() -> None:
    bot = PolicyBot(lambda o, m: 1.5, CONFIG)  # type: ignore[arg-type, return-value]
    with pytest.raises(TypeError, match="the policy's answer must be a move index"):
        bot.choose(asked_view(), random.Random(0))


def test_a_view_of_another_config_is_refused_naming_the_options() -> None:
    other = Config(players=3, inquisitor=True)
    bot = PolicyBot(first_legal, CONFIG)
    with pytest.raises(ValueError, match=r"inquisitor \(the bot's False, the game's True\)") as e:
        bot.choose(asked_view(other), random.Random(0))
    assert "max_turns (the bot's 200, the game's None)" in str(e.value)
    assert "players" not in str(e.value)


def test_config_differences_names_the_fields_in_order() -> None:
    ours = Config(players=4)
    theirs = Config(players=5, coins=60, max_turns=9)
    assert config_differences(ours, theirs) == ("players", "coins", "max_turns")
    assert config_differences(ours, Config(players=4)) == ()


def test_a_spectators_view_is_refused() -> None:
    with pytest.raises(ValueError, match="spectator"):
        PolicyBot(first_legal, CONFIG).choose(
            view(new_game(CONFIG, seed=1), None), random.Random(0)
        )


def test_a_seat_with_nothing_to_decide_is_refused() -> None:
    idle = view(new_game(CONFIG, seed=1), 1)
    with pytest.raises(ValueError, match="seat 1 has no move to make now"):
        PolicyBot(first_legal, CONFIG).choose(idle, random.Random(0))


def test_a_policy_that_is_not_callable_is_refused() -> None:
    with pytest.raises(TypeError, match="policy"):
        PolicyBot(3, CONFIG)  # type: ignore[arg-type]


def test_a_policy_bot_pickles_by_its_policy_and_config() -> None:
    bot = PolicyBot(first_legal, CONFIG)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy == bot and copy.codec.size == bot.codec.size


def test_importing_policy_bot_needs_no_numpy() -> None:
    code = (
        "import sys\n"
        "from coup_rules.ai import PolicyBot\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
