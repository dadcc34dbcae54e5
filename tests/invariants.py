"""Invariants every reachable state keeps, shared by the state machine, the perft and the soak.

Each check reads a state only through the public API (``legal_moves``, ``to_act``, ``apply``,
``view``, JSON, and the read-only attributes of ``GameState``; of ``pending`` only ``kind`` and
``waiting``), so it holds whatever the engine's internals look like. A broken invariant raises
``AssertionError`` with a message that names the state's seats and numbers.

Two tiers:

- ``check_cheap``: counting and bookkeeping (coins, cards, hands, the dead, who is asked, the
  end). It costs about as much as one ``legal_moves`` per seat, so the perft runs it at every
  node.
- ``check_apply`` (purity of one move), the JSON round trips and ``check_secrecy``
  (views leak nothing): they encode and rebuild whole states, so they run after each move of
  the state machine and the soak, not at every perft node.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from coup_rules import (
    Character,
    Config,
    GameState,
    IllegalMoveError,
    Move,
    PlayerView,
    apply,
    from_json,
    legal_moves,
    to_act,
    to_json,
    view,
)
from tests.test_info_properties import blinded

__all__ = [
    "characters_of",
    "check_after_move",
    "check_apply",
    "check_cards",
    "check_cheap",
    "check_coins",
    "check_dead",
    "check_end",
    "check_hands",
    "check_illegal",
    "check_secrecy",
    "check_state_round_trip",
    "check_view_round_trips",
    "check_who_is_asked",
    "deck_of",
    "kind",
    "viewers",
]

ORDER = {c: i for i, c in enumerate(Character)}
"""The canonical order of the characters (declaration order): hands and the Court are sorted."""


def characters_of(config: Config) -> tuple[Character, ...]:
    """R-SETUP-1, R-INQ-1: Duke, Assassin, Captain, Contessa, and the Ambassador or, in an
    Inquisitor game, the Inquisitor; in the canonical order."""
    fifth = Character.INQUISITOR if config.inquisitor else Character.AMBASSADOR
    five = {Character.DUKE, Character.ASSASSIN, Character.CAPTAIN, Character.CONTESSA, fifth}
    return tuple(c for c in Character if c in five)


def deck_of(config: Config) -> tuple[Character, ...]:
    """R-SETUP-2, R-SETUP-7: the whole deck, restated from the rules rather than read from the
    engine: ``copies`` of each character, by default 3 for up to 6 players (and in the 2-player
    setup's three sets), 4 for 7 or 8, 5 for 9 or 10."""
    if config.copies is not None:
        copies = config.copies
    else:
        copies = 3 if config.players <= 6 else 4 if config.players <= 8 else 5
    return tuple(c for c in characters_of(config) for _ in range(copies))


def kind(state: GameState) -> str | None:
    """The pending decision's kind as its stable string tag (``"keep"``), ``None`` when over."""
    pending = state.pending
    if pending is None:
        return None
    tag = pending.kind
    return str(getattr(tag, "value", tag))


def _sorted(cards: tuple[Character, ...]) -> bool:
    return all(ORDER[a] <= ORDER[b] for a, b in itertools.pairwise(cards))


def check_coins(state: GameState) -> None:
    """R-SETUP-4, R-ACT-10: players + Treasury + Reserve always make the whole bank; no pile is
    ever negative; outside Reformation the Reserve stays empty."""
    coins = [p.coins for p in state.players]
    total = sum(coins) + state.treasury + state.reserve
    assert total == state.config.coins, (
        f"coins {coins} + treasury {state.treasury} + reserve {state.reserve} = {total}, "
        f"not the bank of {state.config.coins}"
    )
    assert min(coins) >= 0 and state.treasury >= 0 and state.reserve >= 0, (
        f"a negative pile: coins {coins}, treasury {state.treasury}, reserve {state.reserve}"
    )
    if not state.config.reformation:
        assert state.reserve == 0, f"reserve {state.reserve} outside Reformation"


def check_cards(state: GameState) -> None:
    """R-SETUP-10: hands + revealed cards + the Court + the set-aside cards make up the deck
    (``deck_of``, the deck the rules call for).

    The set-aside cards are only a count in the public API, so the check is: the cards one can
    see are a sub-multiset of the deck, and what is missing is exactly ``set_aside`` cards.
    Hands and the Court are kept sorted in the canonical order.
    """
    seen: Counter[Character] = Counter(state.court)
    for p in state.players:
        seen += Counter(p.hand) + Counter(p.revealed)
        assert _sorted(p.hand), f"seat {p.seat}'s hand {p.hand} is not sorted"
    assert _sorted(state.court), f"the Court {state.court} is not sorted"
    deck = Counter(deck_of(state.config))
    extra = seen - deck
    assert not extra, f"cards beyond the deck: {dict(extra)}"
    missing = sum((deck - seen).values())
    assert missing == state.set_aside, (
        f"{missing} cards of the deck are in no hand, revealed pile or Court, "
        f"but set_aside says {state.set_aside}"
    )


def check_hands(state: GameState) -> None:
    """R-INF-3, R-ACT-12, R-INQ-2, R-SETUP-8: every living player holds two influences (hidden
    plus revealed) with at most two revealed; the exchanger holds the drawn cards on top while
    ``Keep`` is pending (two, or one with the Inquisitor); during the 2-player draft a seat
    still to pick holds one card."""
    tag = state.pending
    waiting = () if tag is None else tag.waiting
    k = kind(state)
    drawn = 1 if state.config.inquisitor else 2
    for p in state.players:
        if not p.alive:
            continue
        held = len(p.hand) + len(p.revealed)
        assert len(p.revealed) <= 1, f"living seat {p.seat} has {p.revealed} revealed"
        if k == "keep" and p.seat in waiting:
            assert held == 2 + drawn, f"exchanger {p.seat} holds {p.hand} + {p.revealed}"
        elif state.turn == 0:
            assert not p.revealed and len(p.hand) in (1, 2), f"setup: seat {p.seat} {p.hand}"
            if k == "draft":
                expected = 1 if p.seat in waiting else 2
                assert len(p.hand) == expected, f"draft: seat {p.seat} holds {p.hand}"
        else:
            assert held == 2, f"seat {p.seat} holds {p.hand} hidden and {p.revealed} revealed"


def check_dead(state: GameState) -> None:
    """R-INF-4: an eliminated player has both cards face up, no hidden card and no coins, and is
    never asked to move (not in ``to_act``, no legal moves, not waited on)."""
    asked = set(to_act(state))
    waiting = set(() if state.pending is None else state.pending.waiting)
    for p in state.players:
        if p.alive:
            assert p.hand, f"seat {p.seat} is alive without a hidden card"
            continue
        assert p.hand == () and len(p.revealed) == 2, f"dead seat {p.seat}: {p.hand} {p.revealed}"
        assert p.coins == 0, f"dead seat {p.seat} keeps {p.coins} coins"
        assert p.seat not in asked and p.seat not in waiting, f"dead seat {p.seat} is asked"
        assert legal_moves(state, p.seat) == (), f"dead seat {p.seat} has legal moves"


def check_who_is_asked(state: GameState) -> None:
    """R-TURN-4, R-TURN-5, R-TURN-1: ``to_act`` is exactly the seats with legal moves, ascending,
    and equals ``pending.waiting``; until the game is over it is never empty; every legal move
    belongs to the seat it was listed for, without duplicates; on its turn the active player is
    alive and alone in being asked to declare an action."""
    seats = range(state.config.players)
    moves = {s: legal_moves(state, s) for s in seats}
    asked = to_act(state)
    assert asked == tuple(s for s in seats if moves[s]), (asked, {s: len(moves[s]) for s in seats})
    for s, listed in moves.items():
        assert all(m.player == s for m in listed), f"seat {s} is offered {listed}"
        assert len(set(listed)) == len(listed), f"seat {s} is offered a move twice: {listed}"
    if state.is_over:
        assert asked == () and state.pending is None, f"over, yet {asked} are asked"
        return
    assert state.pending is not None, "no pending decision in a game that is not over"
    assert asked, "nobody is asked to move in a game that is not over"
    assert asked == state.pending.waiting, f"to_act {asked} but waiting {state.pending.waiting}"
    assert 0 <= state.active < state.config.players, f"active seat {state.active}"
    if kind(state) == "action":
        assert asked == (state.active,), f"action by {state.active} but {asked} asked"
        assert state.players[state.active].alive, f"dead seat {state.active} is to declare"


def check_end(state: GameState) -> None:
    """R-INF-6: the game is over exactly when one player is alive, and that player is the
    winner; before the end there is no winner."""
    alive = tuple(p.seat for p in state.players if p.alive)
    if state.is_over:
        assert alive == (state.winner,), f"winner {state.winner} but alive {alive}"
    else:
        assert state.winner is None, f"winner {state.winner} before the end"
        assert len(alive) >= 2, f"the game goes on with {alive} alive"


def check_cheap(state: GameState) -> None:
    """Every cheap invariant: coins, cards, hands, the dead, who is asked, the end."""
    check_coins(state)
    check_cards(state)
    check_hands(state)
    check_dead(state)
    check_who_is_asked(state)
    check_end(state)


def check_apply(state: GameState, move: Move) -> GameState:
    """R-INFO-5, R-TURN-7: ``move`` (a legal move) applies, and ``apply`` is pure: the input state
    is unchanged (same JSON before and after), and equal inputs give equal results — the same
    state twice, and the state rebuilt from its JSON (an equal value without any private cache).
    The input's JSON round trip is exact; the log only grows and keeps what it held. Returns the
    new state."""
    before = to_json(state)
    decoded = from_json(before, GameState)
    assert decoded == state, "the state's JSON round trip differs"
    after = apply(state, move)
    assert to_json(state) == before, f"apply({move}) changed its input state"
    assert apply(state, move) == after, f"apply({move}) gave two different results"
    assert apply(decoded, move) == after, f"apply({move}) on an equal, decoded state differs"
    assert len(after.log) > len(state.log), f"apply({move}) logged nothing"
    assert tuple(after.log[: len(state.log)]) == tuple(state.log), "the log was rewritten"
    assert after.turn >= state.turn, "the turn counter went back"
    return after


def check_illegal(state: GameState, move: Move) -> None:
    """R-TURN-4, R-TURN-6: a move that is not legal raises ``IllegalMoveError`` (nothing else),
    naming a rule id and the move, and leaves the state as it was."""
    before = to_json(state)
    try:
        apply(state, move)
    except IllegalMoveError as err:
        assert err.move is move, f"the error names {err.move}, not {move}"
        assert err.rule.startswith("R-") and err.reason, (err.rule, err.reason)
    else:
        raise AssertionError(f"{move!r} is not legal but was applied")
    assert to_json(state) == before, f"a rejected {move} changed the state"


def viewers(state: GameState) -> tuple[int | None, ...]:
    """Every seat of the game and the spectator (``None``)."""
    return (None, *range(state.config.players))


def check_state_round_trip(state: GameState) -> None:
    """API "Serialization": the state survives a JSON round trip exactly."""
    assert from_json(to_json(state), GameState) == state, "the state's JSON round trip differs"


def check_view_round_trips(state: GameState, seats: Sequence[int | None], since: int = 0) -> None:
    """API "Serialization": the views of ``seats`` (``None``: the spectator) survive a JSON round
    trip exactly. The views hold the log from index ``since`` on: passing the previous state's
    log length checks what a server sends after each move, O(new events) per move, and still
    sends every event through every viewer's view once in a game."""
    for seat in seats:
        v = view(state, seat, since=since)
        assert from_json(to_json(v), PlayerView) == v, f"seat {seat}'s view round trip differs"


def check_secrecy(
    state: GameState, seats: Sequence[int | None], rng: random.Random, since: int = 0
) -> None:
    """R-INFO-3, R-INFO-4, R-INFO-6: for each of ``seats`` (``None``: the spectator), a state that
    differs only in what that viewer cannot see (other hands, the Court, the set-aside cards,
    unseen event fields, the seed) gives it an equal view and the same ``to_act``. The views
    hold the log from index ``since`` on, as in ``check_view_round_trips``."""
    for seat in seats:
        other = blinded(state, seat, rng)
        assert view(other, seat, since=since) == view(state, seat, since=since), (
            f"seat {seat}'s view changes with what it cannot see"
        )
        assert to_act(other) == to_act(state), f"to_act depends on what seat {seat} cannot see"


def check_after_move(
    before: GameState,
    after: GameState,
    rng: random.Random,
    *,
    every_viewer: bool = True,
    state_round_trip: bool = True,
    whole_view: bool = True,
) -> None:
    """Every invariant of ``after``, the state a move led to from ``before``: the cheap ones; the
    state's JSON round trip (``state_round_trip=False`` skips it, for a caller whose next
    ``check_apply`` makes it anyway); the views' round trips and secrecy from ``before``'s log
    length on for every viewer (or, with ``every_viewer=False``, one viewer drawn with
    ``rng``); and unless ``whole_view=False``, for one viewer drawn with ``rng``, the same with
    the whole log."""
    check_cheap(after)
    if state_round_trip:
        check_state_round_trip(after)
    since = len(before.log)
    seats = viewers(after) if every_viewer else (rng.choice(viewers(after)),)
    check_view_round_trips(after, seats, since)
    check_secrecy(after, seats, rng, since)
    if whole_view:
        whole = (rng.choice(viewers(after)),)
        check_view_round_trips(after, whole)
        check_secrecy(after, whole, rng)
