"""Property tests of hidden information and JSON (R-INFO-1 to R-INFO-6, API "Serialization").

The leak properties compare views of two states that differ only in what the viewer cannot see.
"What a seat may see" is restated here independently of ``coup_rules.views`` (RULINGS 21): every
event whole except ``Dealt``/``Drafted``/``CardsDrawn`` (their cards: the player only),
``CardsReturned`` (the player and the witness) and ``CardShown`` (the player and the Inquisitor
``to``); never the seed, the draw counter, the Court's or the set-aside cards' identities, nor
another seat's hidden cards.
"""

from __future__ import annotations

import json
import random
import typing
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    ActionMove,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Character,
    Config,
    Dealt,
    Decision,
    DecodeError,
    Drafted,
    Event,
    GameState,
    InquisitorChoice,
    Move,
    PlayerView,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_act,
    to_json,
    validate_state,
    view,
)
from coup_rules.bots import BOTS
from coup_rules.serde import SEAT_FIELDS, TAGS
from tests.strategies import MAX_SEED, configs, reachable_games, reachable_states

PROPS = settings(max_examples=40, deadline=None)

PRIVATE_FIELD: dict[type, str] = {
    Dealt: "cards",
    Drafted: "card",
    CardsDrawn: "cards",
    CardsReturned: "cards",
    CardShown: "card",
}


def seers(event: Event) -> set[int]:
    """The seats that see ``event``'s private field (the oracle of RULINGS 21)."""
    if isinstance(event, CardsReturned):
        return {event.player} | ({event.witness} if event.witness is not None else set())
    if isinstance(event, CardShown):
        return {event.player, event.to}
    return {getattr(event, "player", -1)}


def hidden_from(event: Event, seat: int | None) -> bool:
    """Whether ``event`` has a private field that ``seat`` may not see."""
    return type(event) in PRIVATE_FIELD and seat not in seers(event)


def blank(event: Event) -> Event:
    """``event`` with its private field cleared (its public part)."""
    name = PRIVATE_FIELD.get(type(event))
    if name is None:
        return event
    changes: dict[str, Any] = {name: None}
    return attrs.evolve(event, **changes)


def scramble(event: Event, rng: random.Random, deck: tuple[Character, ...]) -> Event:
    """``event`` with its private field replaced by random cards of the same number."""
    name = PRIVATE_FIELD[type(event)]
    old = getattr(event, name)
    if isinstance(old, tuple):
        new: Any = tuple(sorted(rng.choice(deck) for _ in old))
    else:
        new = rng.choice(deck)
    changes: dict[str, Any] = {name: new}
    return attrs.evolve(event, **changes)


def may_see_shown(state: GameState, seat: int | None) -> bool:
    pending = state.pending
    if not isinstance(pending, InquisitorChoice):
        return False
    return seat in (pending.action.player, pending.action.target)


def blinded(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """A state that differs from ``state`` only in what ``seat`` cannot see.

    Construction: pool every card ``seat`` cannot see (the Court, the set-aside cards, and the
    hidden cards of every other seat), shuffle the pool and deal it back into piles of the same
    sizes; replace the private field of every log event ``seat`` may not see by random cards;
    change the shown card if ``seat`` may not see it; draw a new seed and draw counter. Sizes,
    coins, revealed cards, allegiances, the pending decision and every public event stay as
    they are, and so do ``seat``'s own hand and everything it was shown.
    """
    deck = state.config.characters
    others = [p for p in state.players if p.seat != seat]
    piles = [state.court, state.aside, *(p.hand for p in others)]
    pool = [c for pile in piles for c in pile]
    rng.shuffle(pool)
    dealt = []
    for pile in piles:
        dealt.append(tuple(sorted(pool[: len(pile)])))
        pool = pool[len(pile) :]
    players = list(state.players)
    for p, hand in zip(others, dealt[2:], strict=True):
        players[p.seat] = attrs.evolve(p, hand=hand)
    log = [scramble(e, rng, deck) if hidden_from(e, seat) else e for e in state.log]
    shown = state.shown
    if shown is not None and not may_see_shown(state, seat):
        shown = rng.choice([c for c in deck if c != shown])
    return state.replace(
        players=tuple(players),
        court=dealt[0],
        aside=dealt[1],
        log=type(state.log).of(log),
        seed=rng.randrange(MAX_SEED),
        draws=rng.randrange(10_000),
        shown=shown,
    )


def viewers(state: GameState) -> list[int | None]:
    return [None, *range(state.config.players)]


@PROPS
@given(game=reachable_games(), rng_seed=st.integers(0, 2**32))
def test_views_ignore_what_the_viewer_cannot_see_r_info_3(
    game: list[GameState], rng_seed: int
) -> None:
    """R-INFO-3, R-INFO-6: the Court, set-aside cards, other hands, unseen event fields, the
    seed and the draw counter change no view (nor to_act), at every state of a random game."""
    rng = random.Random(rng_seed)
    for state in game:
        seat = rng.choice(viewers(state))
        since = rng.randint(0, len(state.log))
        other = blinded(state, seat, rng)
        assert view(other, seat, since=since) == view(state, seat, since=since)
        assert to_act(other) == to_act(state)


def _hands(
    seat: int | None, mine: list[Character], rest: list[Character], n: int
) -> list[list[Character]]:
    cards = iter(rest)
    return [mine if s == seat else [next(cards), next(cards)] for s in range(n)]


def indistinguishable(a: tuple[Event, ...], b: tuple[Event, ...], seat: int | None) -> bool:
    """The two event runs look the same to ``seat``."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if hidden_from(x, seat) and hidden_from(y, seat):
            if blank(x) != blank(y):
                return False
        elif x != y:
            return False
    return True


@PROPS
@given(config=configs(), data=st.data())
def test_other_deals_change_neither_view_nor_to_act_r_info_4(config: Config, data: Any) -> None:
    """R-INFO-4, R-INFO-3: two games dealt alike for one seat (or for nobody: a spectator) but
    differently for everyone else, with the same seed, played with the same moves, stay equal in
    that seat's view and in to_act for as long as every event looks the same to that seat."""
    seat = data.draw(st.none() | st.integers(0, config.players - 1))
    deck = data.draw(st.permutations(config.deck))
    mine, rest = (list(deck[:2]), list(deck[2:])) if seat is not None else ([], list(deck))
    rest2 = data.draw(st.permutations(rest))
    seed = data.draw(st.integers(0, MAX_SEED))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    a = new_game(config, seed=seed, hands=_hands(seat, mine, rest, config.players))
    b = new_game(config, seed=seed, hands=_hands(seat, mine, rest2, config.players))
    for _ in range(120):
        assert to_act(a) == to_act(b)
        assert view(a, seat) == view(b, seat)
        if a.is_over:
            break
        mover = rng.choice(to_act(a))
        common = [m for m in legal_moves(a, mover) if m in legal_moves(b, mover)]
        if not common:
            break
        move = rng.choice(common)
        a2, b2 = apply(a, move), apply(b, move)
        if not indistinguishable(a2.log.tail(len(a.log)), b2.log.tail(len(b.log)), seat):
            break
        a, b = a2, b2


# --- round trips ------------------------------------------------------------------------------


@PROPS
@given(state=reachable_states())
def test_round_trips(state: GameState) -> None:
    """from_json(to_json(x), type(x)) == x for the state, every view (all seats and a spectator),
    every legal move (also through the Move union) and every event in the log."""
    validate_state(state)
    assert from_json(to_json(state), GameState) == state
    for seat in viewers(state):
        v = view(state, seat)
        assert from_json(to_json(v), PlayerView) == v
    for seat in to_act(state):
        for move in legal_moves(state, seat):
            text = to_json(move)
            assert from_json(text, type(move)) == move
            assert from_json(text, Move) == move
    for event in state.log:
        assert from_json(to_json(event), Event) == event
        assert from_json(to_json(event), type(event)) == event


# --- junk -------------------------------------------------------------------------------------

CLASSES: list[Any] = [
    Config,
    GameState,
    PlayerView,
    Move,
    ActionMove,
    Event,
    *typing.get_args(Move),
    *typing.get_args(Event),
]
WORDS = sorted(
    {
        *TAGS.values(),
        *SEAT_FIELDS,
        "type",
        "schema_version",
        "cards",
        "card",
        "character",
        "count",
        "amount",
        "hand",
        "revealed",
        "court",
        "aside",
        "pending",
        "kind",
        "log",
        "players",
        "config",
        "duke",
        "treasury",
        "reserve",
        "loyalist",
        "keep",
    }
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.sampled_from(WORDS),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=4), inner, max_size=5)
    ),
    max_leaves=20,
)


def decodes_or_rejects(text: str | bytes, cls: Any) -> None:
    try:
        obj = from_json(text, cls)
    except DecodeError:
        return
    if isinstance(obj, GameState):
        validate_state(obj)


@PROPS
@given(text=st.text() | st.binary(max_size=20), cls=st.sampled_from(CLASSES))
def test_junk_text_raises_only_decode_error(text: str | bytes, cls: Any) -> None:
    """Arbitrary text is either a valid payload or a DecodeError, never another exception."""
    decodes_or_rejects(text, cls)


@settings(max_examples=150, deadline=None)
@given(value=json_values, cls=st.sampled_from(CLASSES))
def test_junk_json_raises_only_decode_error(value: Any, cls: Any) -> None:
    """Arbitrary JSON values are either valid payloads or a DecodeError."""
    decodes_or_rejects(json.dumps(value), cls)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, child in node.items():
            out += _paths(child, (*path, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            out += _paths(child, (*path, i))
    return out


def _replace(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node[path[0]] = _replace(node[path[0]], path[1:], value)
    return node


@PROPS
@given(state=reachable_states(max_moves=60), data=st.data())
def test_mutated_payloads_raise_only_decode_error(state: GameState, data: Any) -> None:
    """A valid state or view payload with one part replaced by any JSON value decodes to a valid
    object or raises DecodeError (a restored state always passes validate_state)."""
    seat = data.draw(st.sampled_from(viewers(state)))
    for obj, cls in ((state, GameState), (view(state, seat), PlayerView)):
        payload = json.loads(to_json(obj))
        path = data.draw(st.sampled_from(_paths(payload)))
        value = data.draw(json_values)
        decodes_or_rejects(json.dumps(_replace(payload, path, value)), cls)


@PROPS
@given(game=reachable_games())
def test_every_reachable_state_is_valid(game: list[GameState]) -> None:
    """validate_state accepts every state of a random game (setup, windows, Keep, Examine)."""
    for state in game:
        validate_state(state)  # raises ValueError on a state it rejects
    last = game[-1]
    assert from_json(to_json(last), GameState) == last  # decoding validates it too


KINDS = [d.value for d in Decision]
CARD_NAMES = [c.name.lower() for c in Character]


def _pending_edits(n: int) -> st.SearchStrategy[tuple[str, Any]]:
    seat = st.integers(0, n - 1)
    action = st.sampled_from(["income", "foreign_aid", "exchange", "embezzle", "tax"]).flatmap(
        lambda t: st.fixed_dictionaries({"type": st.just(t), "player": seat})
    ) | st.sampled_from(["steal", "assassinate", "examine", "convert", "coup"]).flatmap(
        lambda t: st.fixed_dictionaries({"type": st.just(t), "player": seat, "target": seat})
    )
    block = st.fixed_dictionaries(
        {"type": st.just("block"), "player": seat, "character": st.sampled_from(CARD_NAMES)}
    )
    return st.one_of(
        st.tuples(st.just("kind"), st.sampled_from(KINDS)),
        st.tuples(st.just("waiting"), st.sets(seat, min_size=1).map(sorted)),
        st.tuples(st.just("action"), st.none() | action),
        st.tuples(st.just("block"), st.none() | block),
        st.tuples(st.just("challenger"), st.none() | seat),
        st.tuples(st.just("resume"), st.sampled_from([None, "counter", "resolve", "end"])),
        st.tuples(st.just("keep"), st.integers(0, 3)),
        st.tuples(st.just("$shown"), st.none() | st.sampled_from(CARD_NAMES)),
        st.tuples(st.just("$active"), seat),
        st.tuples(st.just("$turn"), st.integers(0, 2)),
    )


def playable(state: GameState) -> None:
    """Every seat's legal moves can be listed and applied, each giving a valid state."""
    for seat in range(state.config.players):
        moves = legal_moves(state, seat)
        assert bool(moves) == (seat in to_act(state))
        for move in moves:
            validate_state(apply(state, move))
    assert bool(to_act(state)) != state.is_over


@settings(max_examples=120, deadline=None)
@given(state=reachable_states(max_moves=60), data=st.data())
def test_decoded_states_are_playable(state: GameState, data: Any) -> None:
    """A state payload whose pending decision (or shown card, active seat, turn) was edited
    either raises DecodeError or decodes to a state the engine can play on: legal_moves and
    apply never fail on it (API "Serialization": never a half-built object)."""
    payload = json.loads(to_json(state))
    if payload["pending"] is None:
        return
    for name, value in data.draw(st.lists(_pending_edits(state.config.players), max_size=2)):
        where = payload if name.startswith("$") else payload["pending"]
        where[name.lstrip("$")] = value
    try:
        decoded = from_json(json.dumps(payload), GameState)
    except DecodeError:
        return
    playable(decoded)


@PROPS
@given(game=reachable_games(max_moves=100), rng_seed=st.integers(0, 2**32))
def test_bots_ignore_what_their_seat_cannot_see_r_info_3(
    game: list[GameState], rng_seed: int
) -> None:
    """R-INFO-2, R-INFO-3: every bot, handed its seat's view, picks the same move with the same
    chance in two states that differ only in what its seat cannot see (other hands, the Court,
    the set-aside cards, unseen event fields, the seed)."""
    rng = random.Random(rng_seed)
    for state in game:
        for seat in to_act(state):
            other = blinded(state, seat, rng)
            for make in BOTS.values():
                k = rng.randrange(2**32)
                mine = make().choose(view(state, seat), random.Random(k))
                assert make().choose(view(other, seat), random.Random(k)) == mine
