"""Conformance cases for information and chance (R-INFO-1 to R-INFO-6): what each seat's view
and the spectator's show at the moments that matter, and a flow that never leaks a hand."""

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
        id="info-views-at-the-start",
        title=(
            "At the start each player's view shows their own two cards and only the number of"
            " the others'; coins, Treasury and Court size are public; no view holds the seed."
        ),
        rules=("R-INFO-1", "R-INFO-2", "R-INFO-6"),
        config=Config(players=3),
        hands=((DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR), (CONTESSA, DUKE)),
        seed=424242,
        moves=("p0 income",),
        views=(0,),
    ),
    CaseDef(
        id="info-exchange-drawn-cards-seen-by-the-exchanger-only",
        title=(
            "During an Exchange the two cards drawn are in the exchanger's hand and view only;"
            " the others and the spectator see a hand of 4 face-down cards and a smaller Court."
        ),
        rules=("R-INFO-2", "R-INFO-3", "R-INFO-1", "R-ACT-7", "R-SETUP-10"),
        config=Config(players=3),
        hands=((AMBASSADOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(CAPTAIN, CONTESSA),
        moves=("p0 exchange", "p1 allow", "p2 allow", "p0 keep captain duke", "p1 income"),
        views=(3, 4),
    ),
    CaseDef(
        id="info-proof-public-replacement-private",
        title=(
            "A proved claim shows the card to everyone, but the replacement drawn from the"
            " Court is seen by the prover alone."
        ),
        rules=("R-INFO-3", "R-INFO-1", "R-INFO-5", "R-CHAL-3"),
        config=Config(players=3),
        hands=((DUKE, ASSASSIN), (CAPTAIN, AMBASSADOR), (CONTESSA, CONTESSA)),
        seed=77,
        moves=("p0 tax", "p1 challenge", "p0 prove", "p1 lose ambassador"),
        views=(2, 3),
    ),
    CaseDef(
        id="info-bluffer-is-asked-to-prove-or-concede",
        title=(
            "A challenged bluffer is still asked, like anyone, and may only concede: the flow"
            " never tells the table that the claim was a bluff before the answer."
        ),
        rules=("R-INFO-4", "R-CHAL-1", "R-CHAL-2"),
        config=Config(players=3),
        hands=((CAPTAIN, CONTESSA), (DUKE, AMBASSADOR), (ASSASSIN, DUKE)),
        refused={2: ("p0 prove",)},
        moves=("p0 tax", "p1 challenge", "p0 concede", "p0 lose captain"),
        views=(2,),
    ),
    CaseDef(
        id="info-two-identical-cards-still-choose",
        title=(
            "A player with two hidden cards is asked which to lose even when both are the same"
            " character; only a last card is turned face up at once."
        ),
        rules=("R-INFO-4", "R-INF-1", "R-INF-2"),
        config=Config(players=3),
        hands=((DUKE, ASSASSIN), (CAPTAIN, CAPTAIN), (CONTESSA, DUKE)),
        coins=(14, 2, 2),
        moves=("p0 coup p1", "p1 lose captain", "p1 income", "p2 income", "p0 coup p1"),
        views=(1, 4),
    ),
    CaseDef(
        id="info-keep-asked-when-every-card-is-the-same",
        title=(
            "After an Exchange the exchanger is asked what to keep even when every card is a"
            " Duke and only one choice exists."
        ),
        rules=("R-INFO-4", "R-ACT-12"),
        config=Config(players=3, copies=4),
        hands=((DUKE, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CAPTAIN)),
        court=(DUKE, DUKE),
        moves=("p0 exchange", "p1 allow", "p2 allow", "p0 keep duke duke"),
        views=(3,),
    ),
)
