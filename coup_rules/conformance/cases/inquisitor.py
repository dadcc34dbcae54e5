"""Conformance cases for the Inquisitor variant (R-INQ-1 to R-INQ-7): the one-card Exchange,
Examine with its Show, GiveBack and ForceExchange, and the Inquisitor's block of a Steal."""

from __future__ import annotations

from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.conformance.define import CaseDef

__all__ = ["CASES"]

DUKE = Character.DUKE
ASSASSIN = Character.ASSASSIN
CAPTAIN = Character.CAPTAIN
CONTESSA = Character.CONTESSA
INQUISITOR = Character.INQUISITOR

INQ3 = Config(players=3, inquisitor=True)

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="inq-examine-of-a-target-out-on-its-own-challenge-comes-to-nothing",
        title=(
            "A target on one card who challenges a true Examine is eliminated by the challenge;"
            " the Examine comes to nothing: no card is shown, the Inquisitor decides nothing,"
            " and the next seat plays."
        ),
        rules=("R-INF-5", "R-INQ-3", "R-CHAL-3", "R-TURN-4"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)),
        court=(CAPTAIN, CAPTAIN),
        coins=(7, 2, 2),
        moves=(
            "p0 coup p1",
            "p1 lose captain",
            "p1 income",
            "p2 income",
            "p0 examine p1",
            "p1 challenge",
            "p0 prove",
        ),
        refused={7: ("p0 force_exchange", "p0 give_back")},
        views=(7,),
    ),
    CaseDef(
        id="inq-exchange-draws-one-card",
        title=(
            "The Inquisitor's Exchange draws 1 card from the Court; the actor keeps 2 of the 3"
            " and returns 1, seen by the actor alone."
        ),
        rules=("R-INQ-2", "R-INQ-1", "R-ACT-12", "R-INFO-2"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)),
        court=(CAPTAIN, CAPTAIN),
        moves=("p0 exchange", "p1 allow", "p2 allow", "p0 keep captain inquisitor", "p1 income"),
        views=(3, 4),
    ),
    CaseDef(
        id="inq-exchange-with-one-influence-keeps-one",
        title=("With one hidden card the Inquisitor's Exchange draws 1 card and keeps 1 of the 2."),
        rules=("R-INQ-2", "R-ACT-12"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)),
        court=(CAPTAIN, CAPTAIN),
        coins=(2, 7, 2),
        moves=(
            "p0 income",
            "p1 coup p0",
            "p0 lose duke",
            "p2 income",
            "p0 exchange",
            "p1 allow",
            "p2 allow",
            "p0 keep captain",
        ),
        views=(7,),
    ),
    CaseDef(
        id="inq-exchange-is-proved-with-the-inquisitor",
        title=(
            "In an Inquisitor game the Exchange claims the Inquisitor: a challenged actor"
            " without one may not prove it and must concede."
        ),
        rules=("R-INQ-1", "R-CHAL-1", "R-CHAL-4"),
        config=INQ3,
        hands=((DUKE, CAPTAIN), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)),
        refused={2: ("p0 prove",)},
        moves=("p0 exchange", "p1 challenge", "p0 concede", "p0 lose captain", "p1 income"),
    ),
    CaseDef(
        id="inq-examine-then-give-back",
        title=(
            "Examine claims the Inquisitor and opens no counter window; the target chooses"
            " which card to show, seen by the Inquisitor and the target only, and the"
            " Inquisitor gives it back."
        ),
        rules=("R-INQ-3", "R-INQ-4", "R-INQ-5", "R-INFO-2", "R-ACT-8"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        refused={0: ("p0 examine p0",), 3: ("p1 show duke", "p1 block captain")},
        moves=(
            "p0 examine p1",
            "p1 allow",
            "p2 allow",
            "p1 show contessa",
            "p0 give_back",
            "p1 income",
        ),
        views=(3, 4, 5),
    ),
    CaseDef(
        id="inq-examine-then-force-exchange",
        title=(
            "The Inquisitor forces an exchange: the target first draws a replacement from the"
            " Court, then the shown card goes into the Court; the replacement is seen by the"
            " target alone."
        ),
        rules=("R-INQ-6", "R-INQ-4", "R-INFO-2", "R-INFO-3", "R-SETUP-10"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(ASSASSIN, ASSASSIN),
        moves=(
            "p0 examine p1",
            "p1 allow",
            "p2 allow",
            "p1 show captain",
            "p0 force_exchange",
            "p1 income",
        ),
        views=(4, 5),
    ),
    CaseDef(
        id="inq-examine-two-identical-cards-still-asked",
        title=(
            "A target holding two Captains is still asked which card to show, with one choice:"
            " the flow never tells the Inquisitor's opponents that the cards are alike."
        ),
        rules=("R-INQ-4", "R-INFO-4"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CAPTAIN), (ASSASSIN, DUKE)),
        moves=("p0 examine p1", "p1 allow", "p2 allow", "p1 show captain", "p0 give_back"),
        views=(3,),
    ),
    CaseDef(
        id="inq-examine-a-last-card-is-shown-at-once",
        title=(
            "A target with one hidden card shows it at once without being asked; the"
            " Inquisitor is then asked to give it back or force an exchange."
        ),
        rules=("R-INQ-4", "R-INFO-4", "R-INQ-6"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(ASSASSIN, ASSASSIN),
        coins=(7, 2, 2),
        moves=(
            "p0 coup p1",
            "p1 lose captain",
            "p1 income",
            "p2 income",
            "p0 examine p1",
            "p1 allow",
            "p2 allow",
            "p0 force_exchange",
        ),
        views=(7,),
    ),
    CaseDef(
        id="inq-examine-challenged-and-proved",
        title=(
            "Examine can be challenged like any claim: the Inquisitor proves it, draws a"
            " replacement, the challenger loses an influence, and the target then shows a card."
        ),
        rules=("R-INQ-3", "R-CHAL-3", "R-INQ-4", "R-INQ-5"),
        config=INQ3,
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        seed=13,
        moves=(
            "p0 examine p1",
            "p2 challenge",
            "p0 prove",
            "p2 lose assassin",
            "p1 show captain",
            "p0 give_back",
        ),
        views=(3, 4),
    ),
    CaseDef(
        id="inq-inquisitor-blocks-steal",
        title=(
            "The target of a Steal may block it with the Inquisitor; a challenge of that block"
            " is lost by the challenger when the blocker proves it, and the Steal fails."
        ),
        rules=("R-INQ-7", "R-INQ-1", "R-WIN-5", "R-CHAL-3"),
        config=INQ3,
        hands=((CAPTAIN, DUKE), (INQUISITOR, CONTESSA), (ASSASSIN, DUKE)),
        seed=5,
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block inquisitor",
            "p0 challenge",
            "p1 prove",
            "p0 lose duke",
            "p1 income",
        ),
    ),
    CaseDef(
        id="inq-ambassador-cannot-be-claimed",
        title=(
            "In an Inquisitor game the Ambassador is not in the deck, so nobody may block a Steal"
            " with it; the target blocks with the Captain or the Inquisitor."
        ),
        rules=("R-INQ-1", "R-ACT-11", "R-INQ-7"),
        config=INQ3,
        hands=((CAPTAIN, DUKE), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)),
        refused={3: ("p1 block ambassador",)},
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p1 block captain", "p0 allow", "p2 allow"),
    ),
    CaseDef(
        id="inq-inquisitor-block-bluff-called",
        title=(
            "A bluffed Inquisitor block of a Steal that is challenged is conceded: the blocker"
            " loses an influence and the Steal takes 2 coins."
        ),
        rules=("R-INQ-7", "R-WIN-5", "R-CHAL-4"),
        config=INQ3,
        hands=((CAPTAIN, DUKE), (ASSASSIN, CONTESSA), (ASSASSIN, DUKE)),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block inquisitor",
            "p2 challenge",
            "p1 concede",
            "p1 lose assassin",
        ),
    ),
)
