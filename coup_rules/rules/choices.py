"""The players' private choices: influence, Exchange, Examine, and the setup (R-INF, R-INQ)."""

from __future__ import annotations

from coup_rules.cards import sorted_cards, without
from coup_rules.config import Config
from coup_rules.events import AllegianceChanged, Drafted, ExchangeForced, GaveBack
from coup_rules.moves import (
    ChooseAllegiance,
    Draft,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Show,
)
from coup_rules.records import DraftChoice, InfluenceChoice, InquisitorChoice, ShowChoice
from coup_rules.rules.flow import continue_turn, end_turn, show_card, start_turn
from coup_rules.rules.scratch import Scratch
from coup_rules.state import Seat

__all__ = [
    "needs_allegiance",
    "next_setup_step",
    "on_choose_allegiance",
    "on_draft",
    "on_force_exchange",
    "on_give_back",
    "on_keep",
    "on_lose_influence",
    "on_show",
]


def on_lose_influence(t: Scratch, p: InfluenceChoice, move: LoseInfluence) -> None:
    """Turn the chosen card face up, then go on with the turn (R-INF-1)."""
    t.reveal(move.player, move.character)
    if t.winner is None:
        continue_turn(t, p.resume, p.action)


def on_keep(t: Scratch, move: Keep) -> None:
    """Keep the chosen cards; the others go back to the Court (R-ACT-12)."""
    returned = t.players[move.player].hand
    for card in move.cards:
        returned = without(returned, card)
    t.return_cards(move.player, returned, log=True)
    end_turn(t)


def on_show(t: Scratch, p: ShowChoice, move: Show) -> None:
    """The Examine target shows the chosen card to the Inquisitor (R-INQ-4)."""
    show_card(t, p.action, move.character)


def on_give_back(t: Scratch, p: InquisitorChoice, move: GiveBack) -> None:
    """The Inquisitor hands the card back; nothing else happens (R-INQ-5)."""
    t.events.append((GaveBack, move.player, p.action.target))
    end_turn(t)


def on_force_exchange(t: Scratch, p: InquisitorChoice, move: ForceExchange) -> None:
    """The target draws a replacement, then the shown card returns to the Court (R-INQ-6)."""
    target = p.action.target
    shown = t.shown
    assert shown is not None  # set by show_card for as long as the Inquisitor decides
    t.events.append((ExchangeForced, move.player, target))
    t.draw(target, 1)
    t.return_cards(target, (shown,), witness=move.player, log=True)
    end_turn(t)


def on_choose_allegiance(t: Scratch, move: ChooseAllegiance) -> None:
    """The first player's choice; each next seat clockwise takes the other one (R-REF-1)."""
    n = len(t.players)
    allegiance = move.allegiance
    for step in range(n):
        seat = (move.player + step) % n
        p = t.players[seat]
        t.players[seat] = Seat(
            coins=p.coins, hand=p.hand, revealed=p.revealed, allegiance=allegiance
        )
        t.events.append((AllegianceChanged, seat, allegiance))
        allegiance = allegiance.other
    next_setup_step(t)


def on_draft(t: Scratch, move: Draft) -> None:
    """Take a card of your own set; the other four stay set aside (R-SETUP-8)."""
    t.aside = without(t.aside, move.character)
    hand = t.players[move.player].hand
    t.set_hand(move.player, sorted_cards((*hand, move.character)))
    t.events.append((Drafted, move.player, move.character))
    next_setup_step(t)


def next_setup_step(t: Scratch) -> None:
    """After a setup choice: the draft while a player holds one card, else the first turn."""
    drafting = tuple([i for i, p in enumerate(t.players) if len(p.hand) == 1])
    if drafting:
        t.pending = DraftChoice(drafting)
    else:
        start_turn(t, t.config.first_player)


def needs_allegiance(config: Config, players: tuple[Seat, ...]) -> bool:
    """Whether the game opens with the first player's choice of allegiance."""
    return config.reformation and any(p.allegiance is None for p in players)
