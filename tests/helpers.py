"""Shared helpers for the scenario tests."""

from __future__ import annotations

from collections import Counter

from coup_rules import Character, GameState, Move, apply, legal_moves, to_act

DUKE = Character.DUKE
ASSASSIN = Character.ASSASSIN
CAPTAIN = Character.CAPTAIN
AMBASSADOR = Character.AMBASSADOR
CONTESSA = Character.CONTESSA
INQUISITOR = Character.INQUISITOR


def play(state: GameState, *moves: Move) -> GameState:
    """Apply ``moves`` in order, checking the invariants after each one."""
    for move in moves:
        state = apply(state, move)
        check_invariants(state)
    return state


def check_invariants(state: GameState) -> None:
    """Coins and cards are conserved (R-SETUP-4, R-SETUP-10); to_act matches legal_moves."""
    coins = state.treasury + state.reserve + sum(p.coins for p in state.players)
    assert coins == state.config.coins
    cards: Counter[Character] = Counter(state.court) + Counter(state.aside)
    for p in state.players:
        cards += Counter(p.hand) + Counter(p.revealed)
        if not p.alive:
            assert p.coins == 0
    assert cards == Counter(state.config.deck)
    seats = range(state.config.players)
    assert to_act(state) == tuple(s for s in seats if legal_moves(state, s))
