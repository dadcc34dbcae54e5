"""Narrating a view's log tells no hidden card (R-INFO-2), where the state's log tells them all.

The README and ``describe_event`` warn that the events of ``state.log`` name every hidden card,
and point to a view's log for a public channel. These tests hold the advice true: the whole log
names the deal, the spectator's view only counts it, and a seat's view names its own cards
alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from helpers import ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR

from coup_rules import (
    CardsDrawn,
    CardShown,
    CardsReturned,
    Character,
    Config,
    Dealt,
    Drafted,
    Event,
    GameState,
    apply,
    describe_event,
    legal_moves,
    new_game,
    to_act,
    view,
)

PRIVATE = (Dealt, Drafted, CardsDrawn, CardsReturned, CardShown)
"""The events that hold a card only some seats may see (the events reference)."""

HANDS = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (CONTESSA, INQUISITOR)]


def dealt() -> GameState:
    config = Config(players=3, inquisitor=True)
    return new_game(config, seed=4, hands=HANDS)


def played(seed: int, moves: int = 200) -> GameState:
    """An Inquisitor game played at random for up to ``moves`` moves (draws and Examines)."""
    rng = random.Random(seed)
    state = new_game(Config(players=4, inquisitor=True), seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
    return state


def told(events: Iterable[Event], state: GameState, you: int | None = None) -> str:
    """The narration of ``events``, one sentence a line."""
    return "\n".join(describe_event(e, state.config, you=you) for e in events)


def test_the_whole_log_names_the_deal() -> None:
    """R-INFO-2: the events of state.log are whole, so their narration names every hand."""
    text = told(dealt().log, dealt())
    assert "Seat 1 is dealt an Assassin and a Contessa." in text


def test_the_spectators_log_only_counts_the_deal() -> None:
    """R-INFO-2: the spectator's view narrates every deal as a count, naming no card."""
    state = dealt()
    text = told(view(state, None).log, state)
    assert "Seat 1 is dealt 2 cards." in text
    assert not any(card.title in text for card in Character)


def test_a_seats_log_names_its_own_cards_alone() -> None:
    """R-INFO-2: seat 0's view names seat 0's cards and counts the others'."""
    state = dealt()
    text = told(view(state, 0).log, state, you=0)
    assert "You are dealt a Duke and a Captain." in text
    assert "Seat 1 is dealt 2 cards." in text
    assert "Assassin" not in text and "Inquisitor" not in text


def test_the_spectators_narration_of_private_events_names_no_card() -> None:
    """R-INFO-2: over whole games, what the spectator hears of a deal, a draft, a draw, a
    return or a card shown in an Examine names no card."""
    for seed in range(6):
        state = played(seed)
        for event in view(state, None).log:
            if isinstance(event, PRIVATE):
                sentence = describe_event(event, state.config)
                assert not any(card.title in sentence for card in Character), sentence
