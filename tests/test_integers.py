"""One rule for integers everywhere (issue 28, item 1; ``coup_rules.integers``).

Every seat, index, count and seed the package is given may be an integer of any type that
``operator.index`` takes (a NumPy integer of every width, a 0-d integer array, an ``int``
subclass), ``bool`` excepted: it is taken as the plain ``int`` it stands for, and what comes back
holds only plain ints. Anything else is refused with one message per parameter, "NAME must be
WHAT, not VALUE", naming the value's type. A move with a field of the wrong kind is refused by
``apply`` with ``IllegalMoveError``, never a ``TypeError`` from inside the engine. These tests
run on the pure and on the compiled build (``.ci/run``).
"""

from __future__ import annotations

import enum
import fractions
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy", reason="NumPy is not installed")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from coup_rules import (  # noqa: E402
    Config,
    Coup,
    GameState,
    IllegalMoveError,
    Income,
    Move,
    Steal,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_act,
    to_json,
    view,
)
from coup_rules.ai.encoding import MoveCodec  # noqa: E402
from coup_rules.constants import MAX_BANK, MAX_COPIES, MAX_TURNS  # noqa: E402
from coup_rules.integers import NotAnIntegerError  # noqa: E402
from tests.strategies import reachable_states  # noqa: E402

NUMPY_INTEGERS: tuple[type, ...] = (
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.longlong,
    np.ulonglong,
    np.intp,
    np.uintp,
)
"""Every width of NumPy integer, signed and unsigned (``longlong`` and ``intp`` may be their
own types beside ``int64``)."""


class Seat(int):
    """An ``int`` subclass, as a user's own seat type may be."""


class Side(enum.IntEnum):
    """An ``IntEnum``: its members are ints too."""

    FIRST = 0
    SECOND = 1
    THIRD = 2


class Index:
    """An index of a type of its own (``__index__``), as a NumPy integer is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Index({self.value})"


def _fits(kind: type, n: int) -> bool:
    info = np.iinfo(kind)
    return bool(info.min <= n <= info.max)


@st.composite
def dressed(draw: st.DrawFn, n: int) -> object:
    """The integer ``n`` in one of the types an integer may come in."""
    kinds = [k for k in NUMPY_INTEGERS if _fits(k, n)]
    ways: list[Callable[[int], object]] = [int, Seat, Index]
    if kinds:
        kind = draw(st.sampled_from(kinds))
        ways += [kind, lambda m: np.array(m, dtype=kind)]
    if 0 <= n <= 2:
        ways.append(Side)
    return draw(st.sampled_from(ways))(n)


NOT_INTEGERS = st.one_of(
    st.booleans(),
    st.sampled_from([np.True_, np.False_, np.array(True), np.array([1]), np.array(1.0)]),
    st.floats(allow_nan=False) | st.integers(-3, 12).map(float),
    st.integers(-3, 12).map(np.float64),
    st.integers(0, 12).map(str),
    st.sampled_from([None, b"1", [1], (1,), 1j, fractions.Fraction(1)]),
)
"""Values that are no integer, though many compare equal to one or print like one."""


def integer_or_not(low: int, high: int) -> st.SearchStrategy[tuple[object, int | None]]:
    """``(value, n)``: an integer ``n`` (mostly from ``low`` to ``high``, sometimes out of it)
    in any of its types, or a value that is no integer and ``n = None``."""
    numbers = st.integers(low - 2, high + 2) | st.integers(-(2**70), 2**70)
    integers = numbers.flatmap(lambda n: st.tuples(dressed(n), st.just(n)))
    return integers | st.tuples(NOT_INTEGERS, st.none())


STATE = new_game(Config(players=3), seed=1, coins=[7, 2, 2])
CODEC = MoveCodec(STATE.config)


def _outcome(call: Callable[[Any], object], value: object) -> object:
    """What ``call(value)`` gives, or the error it raises (its class and message)."""
    try:
        return call(value)
    except (TypeError, ValueError) as error:
        return error


def _same_outcome(door: Door, value: object, n: int | None) -> None:
    """``door`` gives for ``value`` what it gives for the plain int ``n``, or refuses a value
    that is no integer with the door's one message, naming the value's type."""
    found = _outcome(door.call, value)
    if value is None and door.takes_none:  # a spectator, a fresh seed, no option
        assert not isinstance(found, Exception), (door.name, found)
        return
    if n is None:
        assert type(found) is NotAnIntegerError, (door.name, value, found)
        assert isinstance(found, TypeError) and isinstance(found, ValueError)
        message = str(found)
        assert message.startswith(door.prefix), (message, door.prefix)
        named = "None" if value is None else type(value).__name__
        assert named in message.removeprefix(door.prefix), message
        return
    plain = _outcome(door.call, n)
    if isinstance(plain, Exception):
        assert type(found) is type(plain) is ValueError, (door.name, value, found)
        assert str(found) == str(plain), (door.name, value)
    else:
        assert found == plain, (door.name, value)
        door.plain(found)


def _ints(*values: object) -> None:
    assert all(type(v) is int for v in values), values


@attrs.frozen
class Door:
    """A parameter that takes an integer: how to call it with a value, the message's start, and
    what must be a plain ``int`` in what it gives."""

    name: str
    call: Callable[[Any], object]
    prefix: str
    low: int
    high: int
    plain: Callable[[Any], None] = lambda _: None
    takes_none: bool = False
    outside: int | None = None
    """A number the door refuses for its range (default: ``high + 1``)."""


def _seed_game(seed: Any) -> GameState:
    return new_game(Config(players=3), seed=seed)


DOORS = [
    Door(
        "legal_moves player",
        lambda v: legal_moves(STATE, v),
        "player must be a seat from 0 to 2, not ",
        0,
        2,
        lambda moves: _ints(*(m.player for m in moves)),
    ),
    Door(
        "view player",
        lambda v: view(STATE, v),
        "player must be a seat from 0 to 2 or None, not ",
        0,
        2,
        lambda v: _ints(v.seat),
        takes_none=True,
    ),
    Door(
        "view since",
        lambda v: view(STATE, 0, since=v),
        f"since must be a log index from 0 to {len(STATE.log)}, not ",
        0,
        len(STATE.log),
        lambda v: _ints(v.log_start),
    ),
    Door(
        "new_game seed",
        _seed_game,
        "seed must be an integer from 0 to 2**256 - 1, not ",
        0,
        2**256 - 1,
        lambda s: _ints(s.core.seed),
        takes_none=True,
    ),
    Door(
        "new_game coins",
        lambda v: new_game(Config(players=3), seed=1, coins=[v, 2, 2]),
        "coins[0] must be a whole number from 0, not ",
        0,
        50,
        lambda s: _ints(s.players[0].coins),
        outside=-1,
    ),
    Door(
        "Config players",
        lambda v: Config(players=v),
        "Config.players must be an integer from 2 to 10, not ",
        2,
        10,
        lambda c: _ints(c.players),
    ),
    Door(
        "Config first_player",
        lambda v: Config(players=3, first_player=v),
        "Config.first_player must be a seat from 0 to 2, not ",
        0,
        2,
        lambda c: _ints(c.first_player),
    ),
    Door(
        "Config coins",
        lambda v: Config(players=3, coins=v),
        f"Config.coins must be an integer from 0 to {MAX_BANK}, not ",
        6,
        MAX_BANK,
        lambda c: _ints(c.coins),
    ),
    Door(
        "Config copies",
        lambda v: Config(players=3, two_player_setup=False, copies=v),
        f"Config.copies must be None or an integer from 1 to {MAX_COPIES}, not ",
        2,
        MAX_COPIES,
        lambda c: _ints(c.copies),
        takes_none=True,
    ),
    Door(
        "Config max_turns",
        lambda v: Config(players=3, max_turns=v),
        f"Config.max_turns must be None or a whole number from 1 to {MAX_TURNS}, not ",
        1,
        MAX_TURNS,
        lambda c: _ints(c.max_turns),
        takes_none=True,
    ),
    Door(
        "MoveCodec.decode index",
        lambda v: CODEC.decode(v, 0),
        f"index must be a move index from 0 to {CODEC.size - 1}, not ",
        0,
        CODEC.size - 1,
        lambda m: _ints(m.player),
    ),
    Door(
        "MoveCodec.decode player",
        lambda v: CODEC.decode(CODEC.encode(Steal(0, 1)), v),
        "player must be a seat from 0 to 2, not ",
        0,
        2,
        lambda m: _ints(m.player, m.target),
    ),
]


@pytest.mark.parametrize("door", DOORS, ids=lambda d: d.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_integer_parameter_takes_any_integer_type_and_refuses_the_rest(
    door: Door, data: st.DataObject
) -> None:
    value, n = data.draw(integer_or_not(door.low, door.high))
    _same_outcome(door, value, n)


@pytest.mark.parametrize("door", DOORS, ids=lambda d: d.name)
def test_a_number_out_of_range_gets_the_same_message_as_a_value_of_the_wrong_type(
    door: Door,
) -> None:
    """One message per parameter: a number out of range is a plain ``ValueError``, a value of
    the wrong type a ``NotAnIntegerError``; both begin alike and name what was given."""
    outside = door.high + 1 if door.outside is None else door.outside
    with pytest.raises(ValueError) as out_of_range:
        door.call(outside)
    with pytest.raises(NotAnIntegerError) as wrong_type:
        door.call(1.5)
    assert type(out_of_range.value) is ValueError
    given = str(out_of_range.value).removeprefix(door.prefix)
    assert str(outside).startswith(given.split(".")[0])  # long numbers are cut short
    assert str(wrong_type.value) == f"{door.prefix}float 1.5"


# --- moves -------------------------------------------------------------------------------------


def _seat_fields(move: Move) -> list[str]:
    return [f.name for f in attrs.fields(type(move)) if type(getattr(move, f.name)) is int]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=reachable_states(max_moves=60), data=st.data())
def test_every_legal_move_rebuilt_with_numpy_seats_is_the_same_move(
    state: GameState, data: st.DataObject
) -> None:
    """R-TURN-6: a move whose seats are NumPy integers (what ``argmax`` gives) or an int
    subclass equals, hashes and serializes as the plain move, and ``apply`` plays it alike."""
    for seat in to_act(state):
        for move in legal_moves(state, seat):
            fields = attrs.asdict(move, recurse=False)
            for name in _seat_fields(move):
                fields[name] = data.draw(dressed(fields[name]), label=name)
            rebuilt = type(move)(**fields)
            assert rebuilt == move and hash(rebuilt) == hash(move)
            assert to_json(rebuilt) == to_json(move)
            _ints(*(getattr(rebuilt, name) for name in _seat_fields(move)))
            assert apply(state, rebuilt) == apply(state, move)


JUNK = st.one_of(
    NOT_INTEGERS,
    st.sampled_from(["duke", (), object(), np.array([0, 1]), {0: 1}, ("duke", "duke")]),
)
"""Field values of the wrong kind for any field of any move (a seat, a card, the kept cards)."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=reachable_states(max_moves=60), data=st.data())
def test_a_legal_move_with_a_field_of_the_wrong_kind_is_an_illegal_move(
    state: GameState, data: st.DataObject
) -> None:
    """R-TURN-6, R-TURN-7: one field of a legal move replaced by a value of the wrong kind (a
    bool, a float, a text, None, a NumPy array or bool) is refused with ``IllegalMoveError``,
    never a ``TypeError`` from inside the engine (in the compiled build neither), and a seat
    field so replaced is reported under R-TURN-6."""
    seats = to_act(state)
    if not seats:
        return
    move = data.draw(st.sampled_from(legal_moves(state, data.draw(st.sampled_from(seats)))))
    names = [f.name for f in attrs.fields(type(move))]
    name = data.draw(st.sampled_from(names))
    broken = attrs.evolve(move, **{name: data.draw(JUNK)})
    with pytest.raises(IllegalMoveError) as info:
        apply(state, broken)
    if name in ("player", "target"):
        assert info.value.rule == "R-TURN-6", info.value


@pytest.mark.parametrize("junk", ["junk", None, 3, Income, object(), np.int64(0)])
def test_apply_of_a_value_that_is_not_a_move_is_an_illegal_move_r_turn_7(junk: object) -> None:
    with pytest.raises(IllegalMoveError) as info:
        apply(STATE, junk)  # type: ignore[arg-type]
    assert info.value.rule == "R-TURN-7"


def test_a_move_from_numpy_argmax_plays_in_every_build() -> None:
    """The audit's case: ``Steal(0, np.int64(1))`` raised ``TypeError`` in the compiled build."""
    assert apply(STATE, Coup(0, np.int64(1))) == apply(STATE, Coup(0, 1))
    state = new_game(Config(players=3), seed=1)
    assert apply(state, Steal(np.int64(0), np.int64(1))) == apply(state, Steal(0, 1))


def test_a_move_with_a_numpy_seat_travels_as_plain_json() -> None:
    text = to_json(Steal(np.uint8(0), np.array(2)))
    assert text == to_json(Steal(0, 2)) and from_json(text, Move) == Steal(0, 2)


# --- the move table ----------------------------------------------------------------------------


def test_decode_of_numpy_integers_builds_a_move_that_apply_accepts() -> None:
    moves = legal_moves(STATE, 0)
    for move in moves:
        index = CODEC.encode(move)
        decoded = CODEC.decode(np.int64(index), np.int64(0))
        assert decoded == move and apply(STATE, decoded) == apply(STATE, move)


@pytest.mark.parametrize(
    "bad",
    [Steal(0, True), Steal(True, 1), Steal(0, 1.0), Steal(0, [1])],  # type: ignore[arg-type]
)
def test_encode_refuses_a_move_whose_seats_are_not_integers(bad: Move) -> None:
    """``True`` and ``1.0`` hash and compare as 1, yet name no seat (R-TURN-6): no index."""
    with pytest.raises(ValueError, match="is not a move of this configuration"):
        CODEC.encode(bad)


def test_encode_of_a_numpy_seat_is_the_index_of_the_plain_move() -> None:
    assert CODEC.encode(Steal(0, np.int64(1))) == CODEC.encode(Steal(0, 1))


# --- the learning environments -----------------------------------------------------------------


ACTIONS_REFUSED = [True, False, 1.5, 1.0, "1", None, np.True_, np.float64(1.0), np.array([1])]


def _numpy_twins(index: int) -> list[object]:
    return [np.int64(index), np.uint8(index), np.array(index), np.int16(index), Seat(index)]


@pytest.mark.parametrize("action", ACTIONS_REFUSED, ids=repr)
def test_the_pettingzoo_env_refuses_an_action_that_is_no_integer(action: object) -> None:
    pytest.importorskip("pettingzoo", reason="the [pettingzoo] extra is not installed")
    from coup_rules.pettingzoo import CoupEnv

    raw = CoupEnv(players=3)
    raw.reset(seed=np.int64(4))
    before = raw.game
    with pytest.raises(NotAnIntegerError, match="action must be a move index from 0 to"):
        raw.step(action)
    assert raw.game is before


def test_the_pettingzoo_env_plays_a_numpy_action_as_its_int() -> None:
    pytest.importorskip("pettingzoo", reason="the [pettingzoo] extra is not installed")
    from coup_rules.pettingzoo import CoupEnv, env

    for twin_of in range(5):
        plain, twin = CoupEnv(players=3), CoupEnv(players=3)
        plain.reset(seed=7)
        twin.reset(seed=np.uint16(7))
        assert plain.game == twin.game
        rng = random.Random(twin_of)
        while not plain.game.is_over and plain.game.turn < 30:
            mask = plain.observe(plain.agent_selection)["action_mask"]
            index = rng.choice([i for i, ok in enumerate(mask) if ok])
            plain.step(index)
            twin.step(_numpy_twins(index)[twin_of])
            assert plain.game == twin.game
    wrapped = env(players=3)
    wrapped.reset(seed=1)
    mask = wrapped.observe(wrapped.agent_selection)["action_mask"]
    with pytest.raises(NotAnIntegerError, match="not bool True"):
        wrapped.step(True)  # Discrete holds True; the move table does not
    wrapped.step(np.int64(mask.argmax()))


@pytest.mark.parametrize("action", ACTIONS_REFUSED, ids=repr)
def test_the_gymnasium_env_refuses_an_action_that_is_no_integer(action: object) -> None:
    pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")
    from coup_rules.gymnasium import CoupEnv

    learner = CoupEnv(players=3)
    learner.reset(seed=np.int32(3))
    before = learner.game
    with pytest.raises(NotAnIntegerError, match="action must be a move index from 0 to"):
        learner.step(action)
    assert learner.game is before


def test_the_gymnasium_env_plays_a_numpy_action_as_its_int() -> None:
    pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")
    from coup_rules.gymnasium import CoupEnv

    plain, twin = CoupEnv(players=3, seat=1), CoupEnv(players=np.int8(3), seat=np.int64(1))
    assert twin.seat == 1 and type(twin.seat) is int and type(twin.config.players) is int
    _, info = plain.reset(seed=5)
    twin.reset(seed=np.uint64(5))
    assert plain.game == twin.game
    done = False
    while not done:
        index = int(info["action_mask"].argmax())
        _, reward, terminated, truncated, info = plain.step(index)
        assert twin.step(np.int64(index))[1:4] == (reward, terminated, truncated)
        assert plain.game == twin.game
        done = terminated or truncated
    with pytest.raises(NotAnIntegerError, match="seat must be a seat from 0 to 2 or None"):
        CoupEnv(players=3, seat=1.0)  # type: ignore[arg-type]


def test_the_openspiel_game_takes_numpy_actions_and_refuses_true() -> None:
    pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")
    import pyspiel

    import coup_rules.openspiel  # noqa: F401 (registers the game)

    state = pyspiel.load_game("python_coup_rules").new_initial_state()
    action = state.legal_actions()[0]
    twin = state.clone()
    state.apply_action(action)
    twin.apply_action(np.int64(action))
    assert state.history() == twin.history() and str(state) == str(twin)
    for bad in (True, 1.5, "1"):
        with pytest.raises(NotAnIntegerError, match="action must be a move index"):
            state.clone().apply_action(bad)


# --- the vector engine -------------------------------------------------------------------------


def test_random_playouts_take_any_integer_type_and_every_seed_of_new_game() -> None:
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    from coup_rules.vector import random_playouts

    config = Config(players=3)
    plain = random_playouts(config, 20, seed=7)
    twin = random_playouts(config, np.int64(20), seed=np.uint8(7), threads=np.int32(1))
    assert all((a == b).all() for a, b in zip(plain, twin, strict=True))
    top = random_playouts(config, 20, seed=2**256 - 1)
    assert (top[1] == random_playouts(config, 20, seed=2**256 - 1)[1]).all()
    for seed in (-1, 2**256):
        with pytest.raises(ValueError, match="seed must be an integer from 0 to 2\\*\\*256 - 1"):
            random_playouts(config, 1, seed=seed)
    for games in (True, 1.0, "1"):
        with pytest.raises(NotAnIntegerError, match="games must be a whole number from 0, not"):
            random_playouts(config, games, seed=0)  # type: ignore[arg-type]
