"""Conformance cases for the setup rules (R-SETUP-1 to R-SETUP-11): deck, bank, deal, first
player, the 2-player setup and its draft, fixed deals and the turn counter."""

from __future__ import annotations

from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.conformance.define import CaseDef

__all__ = ["CASES"]

DUKE = Character.DUKE
ASSASSIN = Character.ASSASSIN
CAPTAIN = Character.CAPTAIN
AMBASSADOR = Character.AMBASSADOR
CONTESSA = Character.CONTESSA

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="setup-base-deck-has-the-ambassador",
        title=(
            "A base game's deck is Duke, Assassin, Captain, Ambassador and Contessa, so the"
            " Inquisitor's Examine cannot be declared; the first turn is turn 1."
        ),
        rules=("R-SETUP-1", "R-SETUP-11", "R-ACT-11"),
        config=Config(players=3),
        hands=((DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE)),
        refused={0: ("p0 examine p1",)},
        moves=("p0 income", "p1 income"),
        views=(0,),
    ),
    CaseDef(
        id="setup-deal-from-the-seed",
        title=(
            "Without a fixed deal each seat receives 2 random cards and the rest of the 15-card"
            " deck is the Court; each player sees only their own hand."
        ),
        rules=("R-SETUP-5", "R-SETUP-2", "R-SETUP-4", "R-INFO-5", "R-INFO-6"),
        config=Config(players=4),
        seed=20261206,
        moves=("p0 income", "p1 foreign_aid", "p2 allow", "p3 allow", "p0 allow"),
        views=(0,),
    ),
    CaseDef(
        id="setup-seven-players-four-copies",
        title=(
            "With 7 players the deck holds 4 of each character (20 cards): four Dukes can be"
            " dealt and the Court keeps the 6 cards left."
        ),
        rules=("R-SETUP-2", "R-SETUP-5", "R-SETUP-9"),
        config=Config(players=7),
        hands=(
            (DUKE, ASSASSIN),
            (DUKE, CAPTAIN),
            (DUKE, CONTESSA),
            (DUKE, AMBASSADOR),
            (CAPTAIN, CONTESSA),
            (ASSASSIN, AMBASSADOR),
            (CAPTAIN, CONTESSA),
        ),
        moves=("p0 tax", "p1 allow", "p2 allow", "p3 allow", "p4 allow", "p5 allow", "p6 allow"),
    ),
    CaseDef(
        id="setup-ten-players-five-copies",
        title=(
            "With 10 players the deck holds 5 of each character (25 cards), leaving a Court of"
            " 5 after the deal."
        ),
        rules=("R-SETUP-2", "R-SETUP-3", "R-SETUP-5"),
        config=Config(players=10),
        seed=10,
        moves=("p0 income", "p1 income", "p2 income"),
    ),
    CaseDef(
        id="setup-second-edition-twenty-five-cards",
        title=(
            "The second edition's game, 5 copies of each character at any table (copies=5):"
            " 4 players may hold five Captains between them and the Court keeps 17 cards."
        ),
        rules=("R-SETUP-2", "R-SETUP-9"),
        config=Config(players=4, copies=5),
        hands=((CAPTAIN, CAPTAIN), (CAPTAIN, CAPTAIN), (CAPTAIN, DUKE), (DUKE, DUKE)),
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p3 allow", "p1 block captain"),
        views=(0,),
    ),
    CaseDef(
        id="setup-court-of-exactly-two",
        title=(
            "A deck that leaves exactly 2 cards in the Court is allowed (4 players, 2 copies):"
            " an Exchange draws both of them."
        ),
        rules=("R-SETUP-3", "R-SETUP-2", "R-SETUP-10", "R-ACT-12"),
        config=Config(players=4, copies=2),
        hands=((AMBASSADOR, DUKE), (DUKE, ASSASSIN), (ASSASSIN, CAPTAIN), (CAPTAIN, CONTESSA)),
        moves=(
            "p0 exchange",
            "p1 allow",
            "p2 allow",
            "p3 allow",
            "p0 keep ambassador contessa",
        ),
        views=(4,),
    ),
    CaseDef(
        id="setup-small-bank-finite-treasury",
        title=(
            "A bank of 9 coins with 4 players leaves 1 coin in the Treasury; Foreign Aid then"
            " takes only that coin, and the next Income takes nothing from the empty Treasury."
        ),
        rules=("R-SETUP-4", "R-ACT-10"),
        config=Config(players=4, coins=9),
        hands=((DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE), (CAPTAIN, CONTESSA)),
        moves=("p0 foreign_aid", "p1 allow", "p2 allow", "p3 allow", "p1 income"),
        views=(0, 4),
    ),
    CaseDef(
        id="setup-fixed-coins-take-from-the-treasury",
        title=(
            "A fixed deal may set each seat's starting coins; the Treasury holds the rest of the"
            " 54-coin bank."
        ),
        rules=("R-SETUP-9", "R-SETUP-4"),
        config=Config(players=3),
        hands=((DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE)),
        coins=(7, 0, 12),
        moves=("p0 coup p2", "p2 lose duke"),
        views=(0,),
    ),
    CaseDef(
        id="setup-first-player-option",
        title=(
            "With first_player=2 seat 2 plays the first turn, and play goes on clockwise to"
            " seats 3, 0 and 1."
        ),
        rules=("R-SETUP-6", "R-SETUP-11", "R-TURN-3", "R-TURN-4"),
        config=Config(players=4, first_player=2),
        hands=((DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE), (CAPTAIN, CONTESSA)),
        refused={0: ("p0 income",)},
        moves=("p2 income", "p3 income", "p0 income", "p1 income", "p2 income"),
        views=(0,),
    ),
    CaseDef(
        id="setup-fixed-court-sets-the-rest-aside",
        title=(
            "A fixed deal with a Court of 2 Contessas sets the other 7 cards of the deck aside,"
            " face down and out of play; an Exchange draws only from the Court."
        ),
        rules=("R-SETUP-9", "R-SETUP-10", "R-INFO-3"),
        config=Config(players=3),
        hands=((AMBASSADOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(CONTESSA, CONTESSA),
        moves=("p0 exchange", "p1 allow", "p2 allow", "p0 keep contessa contessa"),
        views=(0, 3),
    ),
    CaseDef(
        id="setup-two-players-deal-and-draft",
        title=(
            "The 2-player setup: the first player has 1 coin and the other 2; each is dealt one"
            " card of the third set, whose 3 other cards are the Court; both draft at once on"
            " turn 0, then the first player's turn 1 begins."
        ),
        rules=("R-SETUP-7", "R-SETUP-8", "R-SETUP-11", "R-SETUP-10", "R-INFO-2", "R-TURN-4"),
        config=Config(players=2),
        court=(DUKE, CAPTAIN, CONTESSA),
        seed=3,
        refused={0: ("p0 income",), 1: ("p1 draft duke",)},
        moves=("p1 draft contessa", "p0 draft duke", "p0 tax", "p1 allow"),
        views=(0, 1, 2),
    ),
    CaseDef(
        id="setup-two-players-draft-the-dealt-character",
        title=(
            "In the draft a player may take the same character as their dealt card; with"
            " first_player=1 seat 1 starts with 1 coin and plays turn 1."
        ),
        rules=("R-SETUP-8", "R-SETUP-7", "R-SETUP-6"),
        config=Config(players=2, first_player=1),
        court=(AMBASSADOR, CAPTAIN, CONTESSA),
        seed=5,
        moves=("p0 draft duke", "p1 draft duke", "p1 income"),
        views=(2,),
    ),
    CaseDef(
        id="setup-two-players-plain-deal",
        title=(
            "Two players with two_player_setup=False: a plain deal of 2 cards each from 3 copies"
            " of each character, 2 coins each and no draft."
        ),
        rules=("R-SETUP-7", "R-SETUP-2", "R-SETUP-5"),
        config=Config(players=2, two_player_setup=False),
        seed=8,
        moves=("p0 income", "p1 income"),
        views=(0,),
    ),
    CaseDef(
        id="setup-two-players-fixed-hands-skip-the-draft",
        title=(
            "In the 2-player setup a fixed deal of two cards per seat skips the draft: the first"
            " player still starts with 1 coin, and the unused cards are set aside."
        ),
        rules=("R-SETUP-9", "R-SETUP-7", "R-SETUP-11"),
        config=Config(players=2),
        hands=((DUKE, CONTESSA), (ASSASSIN, CAPTAIN)),
        court=(AMBASSADOR, DUKE, CAPTAIN),
        moves=("p0 income", "p1 income"),
        views=(0,),
    ),
)
