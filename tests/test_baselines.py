"""The frozen baselines (``coup_rules.bots.baselines``): ids that play the same in every release.

Each id's golden record (``tests/golden/baselines/``) holds the move it chose at fixed positions,
handed a seeded stream; replaying it finds the bot unchanged, or names the id, the position and
both moves. The command line, the table and the environments take the ids as they take the
unversioned names.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

from coup_rules import Config, Move, PlayerView, new_game, to_act, view
from coup_rules.ai.ismcts import compiled_playouts_available
from coup_rules.bots import (
    BASELINES,
    BluffBot,
    CountingBot,
    HonestBot,
    RandomBot,
    baseline,
    baselines,
    make_bot,
    make_bots,
)
from coup_rules.bots.baselines import ID, Baseline, Param, _index
from coup_rules.bots.goldens import (
    Decision,
    Position,
    decisions_from_json,
    drifts,
    positions_from_json,
    record,
    record_to_json,
)
from coup_rules.evaluate import make_entrant

GOLDENS = Path(__file__).parent / "golden" / "baselines"
POSITIONS = positions_from_json((GOLDENS / "positions.json").read_text())


def _record(id: str) -> tuple[str, str, dict[str, Param], tuple[Decision, ...]]:
    return decisions_from_json((GOLDENS / f"{id}.json").read_text())


# --- the table ---------------------------------------------------------------------------------


def _buildable(id: str) -> bool:
    """Whether this install builds ``id``: a search in compiled code needs the [vector] extra."""
    return dict(BASELINES[id].params).get("playouts") != "compiled" or compiled_playouts_available()


def test_each_shipped_policy_has_a_baseline() -> None:
    built = {type(baseline(id)).__name__ for id in BASELINES if _buildable(id)}
    assert built == {"RandomBot", "HonestBot", "BluffBot", "CountingBot", "ISMCTSBot", "LearnedBot"}


def test_counting_v1_is_the_counting_bot_with_its_parameters_spelled_out() -> None:
    assert baseline("counting-v1") == CountingBot(trust=0.5, challenge_below=0.25, bluff_below=0.2)


def test_a_baseline_is_a_new_bot_each_time() -> None:
    assert baseline("ismcts-v1") is not baseline("ismcts-v1")


def test_every_id_is_policy_version_or_policy_preset_version() -> None:
    assert all(ID.fullmatch(id) for id in BASELINES)
    assert ID.fullmatch("counting-bold-v2") and not ID.fullmatch("counting")


def test_baselines_lists_every_id_with_one_line() -> None:
    listed = baselines()
    assert list(listed) == list(BASELINES)
    assert all(line and "\n" not in line for line in listed.values())


def test_an_unknown_id_is_refused_with_the_list() -> None:
    with pytest.raises(ValueError, match=r"no baseline called 'counting-v9'.*counting-v1"):
        baseline("counting-v9")


def test_the_table_refuses_an_id_twice() -> None:
    entry = BASELINES["honest-v1"]
    with pytest.raises(ValueError, match="'honest-v1' is in the table twice"):
        _index((entry, attrs.evolve(entry, params=(("challenge_rate", 0.5),))))


def test_the_table_refuses_two_ids_for_one_bot() -> None:
    # knobs are part of an id: the same policy and knobs under another id is refused
    entry = BASELINES["honest-v1"]
    with pytest.raises(ValueError, match="'honest-v1' and 'honest-calm-v1' build the same bot"):
        _index((entry, attrs.evolve(entry, id="honest-calm-v1")))


def test_the_table_refuses_an_id_without_a_version() -> None:
    with pytest.raises(ValueError, match="'honest' is not POLICY-vN"):
        _index((attrs.evolve(BASELINES["honest-v1"], id="honest"),))


# --- the golden records ------------------------------------------------------------------------


def test_every_id_has_a_record_and_every_record_a_live_id() -> None:
    # an id is never removed (nor, so, reused): its record would be left without it
    recorded = {p.stem for p in GOLDENS.glob("*.json")} - {"positions"}
    assert recorded == set(BASELINES)


@pytest.mark.parametrize("id", list(BASELINES))
def test_the_table_keeps_the_parameters_of_the_record(id: str) -> None:
    # the entry may spell out more (a knob added later, at the value that keeps its play), and
    # its make may move (to a kept copy of the old code); its recorded knobs stay
    name, _, params, _ = _record(id)
    kept = dict(BASELINES[id].params)
    assert name == id and {k: kept.get(k) for k in params} == params


@pytest.mark.parametrize("id", list(BASELINES))
def test_the_baseline_plays_its_golden_record(id: str) -> None:
    if not _buildable(id):
        pytest.skip(f"{id} searches in compiled code: it needs the [vector] extra (numba)")
    *_, decisions = _record(id)
    found = drifts(id, BASELINES[id].build(), decisions, POSITIONS)
    assert not found, "a baseline's play drifted (give the changed play a new id):\n" + "\n".join(
        map(str, found)
    )


def test_a_drift_names_the_id_the_position_and_both_moves() -> None:
    *_, decisions = _record("honest-v1")
    found = drifts("honest-v1", HonestBot(challenge_rate=1.0), decisions, POSITIONS)
    assert found
    text = str(found[0])
    assert text.startswith("honest-v1 at position ") and found[0].position in text
    assert repr(found[0].recorded) in text and repr(found[0].now) in text


@attrs.frozen
class _DrawsMore:
    """Plays as ``counting-v1``, then draws once more from its stream."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        move = baseline("counting-v1").choose(view, rng)
        rng.random()
        return move


def test_a_bot_that_draws_otherwise_drifts_though_its_move_is_the_same() -> None:
    # a seat's stream runs on from one decision to the next: what it draws is part of its play
    *_, decisions = _record("counting-v1")
    found = drifts("counting-v1", _DrawsMore(), decisions, POSITIONS)
    assert len(found) == len(decisions)
    assert all(d.now == d.recorded and "draws from its stream otherwise" in str(d) for d in found)


def test_a_record_reads_back_as_written() -> None:
    entry = BASELINES["bluff-v1"]
    positions = list(POSITIONS.values())[:5]
    decisions = record(entry, positions)
    assert decisions_from_json(record_to_json(entry, decisions))[3] == decisions


def test_the_records_cover_every_configuration_and_many_kinds_of_decision() -> None:
    configs = {name.split("/")[0] for name in POSITIONS}
    kinds = {type(p.view.pending).__name__ for p in POSITIONS.values()}
    assert len(configs) == 6 and len(kinds) >= 8
    assert all(len(p.view.legal_moves) > 1 for p in POSITIONS.values())


def test_positions_are_views_with_the_whole_log() -> None:
    assert all(isinstance(p, Position) and p.view.log_start == 0 for p in POSITIONS.values())
    assert json.loads((GOLDENS / "positions.json").read_text())["positions"]


# --- where the ids are accepted -----------------------------------------------------------------


def test_make_bot_and_make_bots_take_an_id() -> None:
    assert make_bot("honest-v1") == HonestBot(challenge_rate=0.05)
    assert make_bots(["bluff-v1", "random-v1"], 3) == (BluffBot(0.3, 0.2), RandomBot(), BluffBot())


def test_an_unknown_bot_is_refused_naming_the_baselines() -> None:
    with pytest.raises(ValueError, match=r"unknown bot 'genius'.*a baseline id \(random-v1"):
        make_bot("genius")


def test_a_tournament_entrant_may_be_an_id() -> None:
    assert type(make_entrant("ismcts-v1")).__name__ == "ISMCTSBot"
    assert make_entrant("counting-v1") == CountingBot()


def test_the_table_offers_the_ids_and_plays_them() -> None:
    pytest.importorskip("starlette")
    from coup_rules.web.bots import BOT_NAMES, bot_move

    assert {"counting-v1", "ismcts-v1"} <= set(BOT_NAMES)
    state = new_game(Config(players=3), seed=4)
    seat = to_act(state)[0]
    move = bot_move("counting-v1", state, seat, random.Random(1))
    assert move == CountingBot().choose(view(state, seat), random.Random(1))


def test_a_command_bot_may_not_take_an_ids_name() -> None:
    pytest.importorskip("starlette")
    from coup_rules.web.bots import check_bot_name

    with pytest.raises(ValueError, match="'counting-v1' is taken"):
        check_bot_name("counting-v1")


def test_the_gymnasium_env_seats_an_id() -> None:
    pytest.importorskip("gymnasium")
    from coup_rules.gymnasium import CoupEnv

    env = CoupEnv(players=3, opponents="counting-v1", seat=0)
    env.reset(seed=2)
    assert env.unwrapped is env


def test_the_pettingzoo_env_seats_an_id() -> None:
    pytest.importorskip("pettingzoo")
    from coup_rules.pettingzoo import raw_env

    env = raw_env(players=3, opponents={1: "bluff-v1", 2: "random-v1"})
    assert env.opponents == {1: BluffBot(), 2: RandomBot()}


def test_the_vector_env_plays_an_id_by_its_compiled_twin() -> None:
    pytest.importorskip("numba")
    from coup_rules.vector.opponents import twin_of

    assert twin_of("counting-v1") == twin_of(CountingBot(0.5, 0.25, 0.2))
    with pytest.raises(ValueError, match="ISMCTSBot has no compiled twin"):
        twin_of("ismcts-v1")


def test_a_baseline_names_what_builds_it() -> None:
    entry: Baseline = BASELINES["random-v1"]
    assert entry.make == "coup_rules.bots.simple:RandomBot" and entry.build() == RandomBot()
