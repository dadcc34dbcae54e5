"""The documented invariants of a ``GameState``, checked on states built by hand or decoded.

``validate_state`` accepts every state the engine can reach and rejects states that break a
conservation law or name seats that cannot be asked (R-SETUP-4, R-SETUP-10, R-INF-4, R-INFO-4).
"""

from __future__ import annotations

from collections import Counter

from coup_rules.cards import Character
from coup_rules.rng import MAX_SEED
from coup_rules.rules.flow import EXCHANGE_DRAWS, INQUISITOR_EXCHANGE_DRAWS
from coup_rules.state import Decision, GameState, Pending

__all__ = ["validate_state"]

INFLUENCE = 2


def _count(name: str, value: int) -> None:
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value}")


def _sorted(name: str, cards: tuple[Character, ...]) -> None:
    if list(cards) != sorted(cards):
        raise ValueError(f"{name} must be sorted")


def _check_numbers(state: GameState) -> None:
    if not 0 <= state.seed < MAX_SEED:
        raise ValueError("seed must be an integer from 0 to 2**256 - 1")
    _count("draws", state.draws)
    _count("turn", state.turn)
    _count("treasury", state.treasury)
    _count("reserve", state.reserve)
    if state.reserve and not state.config.reformation:
        raise ValueError("reserve must be 0 outside Reformation")
    n = state.config.players
    if not 0 <= state.active < n:
        raise ValueError(f"active must be a seat from 0 to {n - 1}, not {state.active}")


def _check_players(state: GameState) -> None:
    config = state.config
    if len(state.players) != config.players:
        raise ValueError(f"players must hold {config.players} seats, not {len(state.players)}")
    for i, p in enumerate(state.players):
        name = f"players[{i}]"
        if p.seat != i:
            raise ValueError(f"{name}.seat must be {i}, not {p.seat}")
        _count(f"{name}.coins", p.coins)
        _sorted(f"{name}.hand", p.hand)
        if not p.hand and p.coins:
            raise ValueError(f"{name} is eliminated and must hold no coins")
        if p.allegiance is not None and not config.reformation:
            raise ValueError(f"{name}.allegiance must be null outside Reformation")
        if len(p.revealed) > INFLUENCE:
            raise ValueError(f"{name}.revealed holds more than {INFLUENCE} cards")


def _expected_hand(state: GameState, seat: int) -> set[int]:
    """The possible numbers of hidden cards of ``seat`` (R-INF-4, R-ACT-12, R-SETUP-8)."""
    p = state.players[seat]
    base = INFLUENCE - len(p.revealed)
    pending = state.pending
    if pending is not None and pending.kind is Decision.KEEP and seat in pending.waiting:
        drawn = INQUISITOR_EXCHANGE_DRAWS if state.config.inquisitor else EXCHANGE_DRAWS
        return {pending.keep + drawn} if pending.keep == base else set()
    if state.turn == 0 and state.config.is_two_player_setup and not p.revealed:
        return {1, 2}
    return {base}


def _check_conservation(state: GameState) -> None:
    config = state.config
    coins = state.treasury + state.reserve + sum(p.coins for p in state.players)
    if coins != config.coins:
        raise ValueError(f"coins add up to {coins}, not the bank of {config.coins}")
    _sorted("court", state.court)
    _sorted("aside", state.aside)
    cards: Counter[Character] = Counter(state.court) + Counter(state.aside)
    for p in state.players:
        cards += Counter(p.hand) + Counter(p.revealed)
    if cards != Counter(config.deck):
        raise ValueError("hands, revealed cards, court and aside do not make up the deck")
    for p in state.players:
        if len(p.hand) not in _expected_hand(state, p.seat):
            raise ValueError(f"players[{p.seat}].hand holds a wrong number of cards")


def _check_seat(state: GameState, name: str, seat: int | None, *, living: bool) -> None:
    n = state.config.players
    if seat is None:
        return
    if not 0 <= seat < n:
        raise ValueError(f"{name} must be a seat from 0 to {n - 1}, not {seat}")
    if living and not state.players[seat].hand:
        raise ValueError(f"{name} names seat {seat}, which is eliminated")


def _check_pending(state: GameState, pending: Pending) -> None:
    if not pending.waiting:
        raise ValueError("pending.waiting must not be empty while the game goes on")
    if list(pending.waiting) != sorted(set(pending.waiting)):
        raise ValueError("pending.waiting must be ascending, without repeats")
    for seat in pending.waiting:
        _check_seat(state, "pending.waiting", seat, living=True)
    if pending.action is not None:
        _check_seat(state, "pending.action.player", pending.action.player, living=True)
        target = getattr(pending.action, "target", None)
        _check_seat(state, "pending.action.target", target, living=False)
    if pending.block is not None:
        _check_seat(state, "pending.block.player", pending.block.player, living=False)
    _check_seat(state, "pending.challenger", pending.challenger, living=False)
    _count("pending.keep", pending.keep)
    setup = pending.kind in (Decision.DRAFT, Decision.CHOOSE_ALLEGIANCE)
    if setup != (state.turn == 0):
        raise ValueError("pending.kind does not match turn (setup decisions come at turn 0)")
    examine = pending.kind is Decision.INQUISITOR_CHOICE
    if examine != (state.shown is not None):
        raise ValueError("shown must be set exactly while the Inquisitor decides")


def _check_outcome(state: GameState) -> None:
    living = state.living
    if len(living) == 1:
        if state.winner != living[0]:
            raise ValueError(f"winner must be {living[0]}, the only living seat")
        if state.pending is not None:
            raise ValueError("pending must be null once the game is over")
        if state.shown is not None:
            raise ValueError("shown must be null once the game is over")
        return
    if not living:
        raise ValueError("no seat is alive")
    if state.winner is not None:
        raise ValueError("winner must be null while several players are alive")
    if state.pending is None:
        raise ValueError("pending must be set while the game goes on")
    _check_seat(state, "active", state.active, living=True)
    _check_pending(state, state.pending)


def validate_state(state: GameState) -> None:
    """Check the documented invariants of ``state``.

    Coins add up to the bank; hands, revealed cards, Court and set-aside cards make up the deck;
    card piles are sorted; hand sizes fit the moment (two influences a player, more only for an
    exchanger choosing what to keep); eliminated players hold no coins; a winner exactly when one
    player is alive; a pending decision exactly while the game goes on, naming only seats of the
    game, the seats it waits on alive; the seed and counters in range.

    Raises:
        ValueError: an invariant is broken; the message names the field.
    """
    _check_numbers(state)
    _check_players(state)
    _check_conservation(state)
    _check_outcome(state)
