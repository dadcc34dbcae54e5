"""The trained baseline ``policy-v1`` (``coup_rules.bots.learned``): its weights ship in the
package, it answers every decision with a legal move, in pure Python, and plays its golden record.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from coup_rules import Config, view
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.bots import CountingBot, baseline, make_bot
from coup_rules.bots.goldens import decisions_from_json, drifts, positions_from_json
from coup_rules.bots.learned import LearnedBot, load_networks
from coup_rules.bots.runner import play_game
from coup_rules.moves import Move
from coup_rules.state import GameState

GOLDENS = Path(__file__).parent / "golden" / "baselines"
POSITIONS = positions_from_json((GOLDENS / "positions.json").read_text())
BASE_GAMES = ("2p", "4p", "6p")
"""The golden positions' configurations that a network plays (the others fall back)."""


def test_the_weights_load_one_network_per_player_count_of_the_base_game() -> None:
    assert sorted(load_networks("policy-v1")) == [2, 4, 6]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_network_reads_the_observation_and_scores_the_move_table(players: int) -> None:
    config = Config(players=players)
    net = load_networks("policy-v1")[players]
    inputs = ObservationEncoder(config).size
    assert net.players == players
    assert {len(row) for row in net.w1} == {inputs} and len(net.b1) == len(net.w1)
    assert {len(row) for row in net.w2} == {len(net.b1)}
    assert len(net.w2) == len(net.b2) == MoveCodec(config).size


def test_the_weights_ship_in_the_package_under_one_megabyte() -> None:
    folder = resources.files("coup_rules.bots").joinpath("weights")
    sizes = [len(f.read_bytes()) for f in folder.iterdir() if f.name.endswith(".json")]
    assert sizes and sum(sizes) <= 1_000_000


def test_policy_v1_is_the_learned_bot_of_its_weights() -> None:
    assert baseline("policy-v1") == LearnedBot(weights="policy-v1")
    assert isinstance(make_bot("policy-v1"), LearnedBot)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_it_answers_every_golden_position_with_a_legal_move(name: str) -> None:
    # the positions spread over every kind of decision of six configurations (R-TURN-7)
    seen = POSITIONS[name].view
    assert baseline("policy-v1").choose(seen, random.Random(0)) in seen.legal_moves


def test_the_base_game_positions_span_the_kinds_of_decision() -> None:
    kinds = Counter(
        type(p.view.pending).__name__
        for name, p in POSITIONS.items()
        if name.split("/")[0] in BASE_GAMES
    )
    assert len(kinds) >= 5


@pytest.mark.parametrize("players", [2, 4, 6])
def test_it_plays_whole_games_with_legal_moves_at_every_decision(players: int) -> None:
    kinds: set[str] = set()

    def check(before: GameState, move: Move, _: GameState) -> None:
        assert move in view(before, move.player).legal_moves
        kinds.add(type(before.pending).__name__)

    bots = [baseline("policy-v1"), baseline("counting-v1")] * players
    for seed in range(3):
        play_game(Config(players=players), bots[:players], seed=seed, on_move=check)
    assert {"ActionChoice", "InfluenceChoice"} <= kinds


def test_it_draws_nothing_from_its_stream_in_the_base_game() -> None:
    bot, rng = baseline("policy-v1"), random.Random(7)
    for name, p in POSITIONS.items():
        if name.split("/")[0] in BASE_GAMES:
            bot.choose(p.view, rng)
    assert rng.getstate() == random.Random(7).getstate()


def test_a_game_no_network_plays_gets_counting_v1s_move() -> None:
    for name, p in POSITIONS.items():
        if name.split("/")[0] not in BASE_GAMES:
            ours = baseline("policy-v1").choose(p.view, random.Random(3))
            assert ours == CountingBot().choose(p.view, random.Random(3)), name


def test_it_plays_its_golden_record() -> None:
    *_, decisions = decisions_from_json((GOLDENS / "policy-v1.json").read_text())
    assert not drifts("policy-v1", baseline("policy-v1"), decisions, POSITIONS)


def test_it_plays_without_numpy() -> None:
    script = (
        "import random, sys; sys.modules['numpy'] = None\n"
        "from coup_rules import Config, new_game, to_act, view\n"
        "from coup_rules.bots import baseline\n"
        "state = new_game(Config(players=4), seed=1)\n"
        "seen = view(state, to_act(state)[0])\n"
        "assert baseline('policy-v1').choose(seen, random.Random(0)) in seen.legal_moves\n"
        "assert 'numpy' not in {m.split('.')[0] for m in sys.modules if sys.modules[m]}\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
