"""Scenario cases for the actions (R-ACT): what each costs, whom it targets, what it does."""

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
INQUISITOR = Character.INQUISITOR

THREE = Config(players=3)
INQUISITOR_THREE = Config(players=3, inquisitor=True)

# A deal most cases share: seat 0 honest Captain and Duke, seat 1 Ambassador and Contessa,
# seat 2 Assassin and Duke (the rulebook's Example deal).
DEAL = ((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE))

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="income-takes-one-coin",
        title="Income takes 1 coin; it claims nothing, so no window opens and the turn passes.",
        rules=("R-ACT-1", "R-TURN-4"),
        config=THREE,
        hands=DEAL,
        moves=("p0 income", "p1 income"),
        refused={1: ("p0 income", "p2 challenge")},
    ),
    CaseDef(
        id="foreign-aid-takes-two-coins",
        title="Foreign Aid takes 2 coins once every other player has allowed it; it claims no "
        "character, so it cannot be challenged.",
        rules=("R-ACT-2", "R-WIN-3"),
        config=THREE,
        hands=DEAL,
        moves=("p0 foreign_aid", "p1 allow", "p2 allow"),
        refused={1: ("p1 challenge", "p2 challenge")},
    ),
    CaseDef(
        id="foreign-aid-blocked-by-a-duke",
        title="Any other player may block Foreign Aid by claiming the Duke, and only the Duke; "
        "the standing block means no coin moves.",
        rules=("R-ACT-2", "R-WIN-3", "R-WIN-6"),
        config=THREE,
        hands=DEAL,
        moves=("p0 foreign_aid", "p2 block duke", "p0 allow", "p1 allow"),
        refused={1: ("p2 block captain", "p2 block contessa")},
    ),
    CaseDef(
        id="coup-pays-seven-and-the-target-loses-an-influence",
        title="A Coup costs 7 coins and makes its target lose an influence; nobody can "
        "challenge or block it.",
        rules=("R-ACT-3", "R-INF-1", "R-TURN-4"),
        config=THREE,
        hands=DEAL,
        coins=(7, 2, 2),
        moves=("p0 coup p1", "p1 lose ambassador"),
        refused={1: ("p1 challenge", "p1 block contessa", "p2 challenge")},
        views=(1,),
    ),
    CaseDef(
        id="tax-takes-three-coins",
        title="Tax claims the Duke and takes 3 coins once nobody challenges; nothing blocks it.",
        rules=("R-ACT-4", "R-WIN-2"),
        config=THREE,
        hands=DEAL,
        moves=("p0 tax", "p1 allow", "p2 allow"),
        refused={1: ("p1 block duke",)},
    ),
    CaseDef(
        id="assassinate-pays-three-and-kills-an-influence",
        title="Assassinate pays 3 coins on declaring and, unchallenged and unblocked, makes "
        "the target lose an influence.",
        rules=("R-ACT-5", "R-ACT-9", "R-WIN-3", "R-TURN-4"),
        config=THREE,
        hands=DEAL,
        coins=(2, 2, 3),
        moves=(
            "p0 income",
            "p1 income",
            "p2 assassinate p0",
            "p0 allow",
            "p1 allow",
            "p0 allow",
            "p0 lose duke",
        ),
        refused={5: ("p1 block contessa",)},
        views=(3,),
    ),
    CaseDef(
        id="steal-takes-two-coins",
        title="Steal claims the Captain and, unchallenged and unblocked, takes 2 coins from "
        "the target.",
        rules=("R-ACT-6",),
        config=THREE,
        hands=DEAL,
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p1 allow"),
    ),
    CaseDef(
        id="steal-from-one-coin-takes-one",
        title="Stealing from a player with 1 coin takes that 1 coin.",
        rules=("R-ACT-6",),
        config=THREE,
        hands=DEAL,
        coins=(2, 1, 2),
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p1 allow"),
    ),
    CaseDef(
        id="steal-from-an-empty-purse-takes-nothing",
        title="A player with no coins may still be named by a Steal, which then takes nothing "
        "(the project's ruling; some engines forbid the target).",
        rules=("R-ACT-6", "R-ACT-8"),
        config=THREE,
        hands=DEAL,
        coins=(2, 0, 2),
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p1 allow"),
    ),
    CaseDef(
        id="steal-blocked-by-ambassador",
        title="The target of a Steal may block by claiming the Ambassador (or the Captain), "
        "not the Duke; the standing block leaves every purse as it was.",
        rules=("R-ACT-6", "R-WIN-3", "R-WIN-6", "R-TURN-4"),
        config=THREE,
        hands=DEAL,
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block ambassador",
            "p0 allow",
            "p2 allow",
        ),
        refused={3: ("p1 block duke", "p1 block contessa", "p2 block captain")},
    ),
    CaseDef(
        id="steal-blocked-by-captain",
        title="The target of a Steal may block by claiming the Captain.",
        rules=("R-ACT-6", "R-WIN-3"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p1 block captain", "p0 allow", "p2 allow"),
    ),
    CaseDef(
        id="exchange-draws-two-and-keeps-two",
        title="Exchange claims the Ambassador, draws 2 cards from the Court, and the actor "
        "keeps 2 of the 4; the other 2 go back.",
        rules=("R-ACT-7", "R-ACT-12"),
        config=THREE,
        hands=DEAL,
        court=(ASSASSIN, CONTESSA),
        moves=("p0 exchange", "p1 allow", "p2 allow", "p0 keep assassin contessa"),
        refused={
            3: (
                "p0 keep assassin",
                "p0 keep duke duke",
                "p0 keep ambassador contessa",
                "p0 keep duke captain contessa",
            )
        },
        views=(3,),
    ),
    CaseDef(
        id="exchange-with-one-influence-keeps-one",
        title="A player with one influence left who exchanges keeps one card of three, so the "
        "Exchange never changes the number of influences.",
        rules=("R-ACT-12", "R-ACT-7", "R-ACT-3"),
        config=THREE,
        hands=((AMBASSADOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(CAPTAIN, CONTESSA),
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
        refused={7: ("p0 keep captain contessa", "p0 keep duke")},
        views=(7,),
    ),
    CaseDef(
        id="keep-is-asked-even-when-every-choice-is-the-same",
        title="After an Exchange the Keep is asked even when the hand and the drawn cards are "
        "all one character.",
        rules=("R-ACT-12",),
        config=THREE,
        hands=((DUKE, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CAPTAIN)),
        court=(DUKE, AMBASSADOR),
        moves=("p0 exchange", "p1 allow", "p2 allow", "p0 keep duke duke"),
    ),
    CaseDef(
        id="targets-must-be-other-living-players",
        title="Coup, Assassinate and Steal must name another living player: neither the actor "
        "nor an eliminated player.",
        rules=("R-ACT-8", "R-INF-2", "R-INF-4", "R-TURN-3"),
        config=THREE,
        hands=DEAL,
        coins=(7, 7, 2),
        moves=("p0 coup p2", "p2 lose assassin", "p1 coup p2", "p0 income"),
        refused={
            0: ("p0 coup p0", "p0 steal p0"),
            3: ("p0 steal p2", "p0 steal p0", "p0 assassinate p2"),
        },
    ),
    CaseDef(
        id="costs-must-be-affordable",
        title="A Coup needs 7 coins and an Assassinate 3 when declared; a player short of "
        "either may not declare it.",
        rules=("R-ACT-9", "R-ACT-3", "R-ACT-5"),
        config=THREE,
        hands=DEAL,
        coins=(2, 6, 2),
        moves=("p0 income", "p1 income"),
        refused={0: ("p0 assassinate p1", "p0 coup p1"), 1: ("p1 coup p0",)},
    ),
    CaseDef(
        id="cost-is-paid-on-declaring",
        title="The Assassin's 3 coins leave the actor's purse the moment the action is "
        "declared, so every view shows them gone while the windows are open.",
        rules=("R-ACT-9", "R-ACT-5"),
        config=THREE,
        hands=DEAL,
        coins=(3, 2, 2),
        moves=("p0 assassinate p1", "p1 allow", "p2 allow", "p1 allow", "p1 lose ambassador"),
        views=(1, 3),
    ),
    CaseDef(
        id="a-short-treasury-pays-what-it-holds",
        title="With only 1 coin left in the Treasury, Foreign Aid is still legal and takes "
        "that 1 coin; Income and Tax, still legal, then take nothing.",
        rules=("R-ACT-10", "R-ACT-2", "R-ACT-4"),
        config=Config(players=3, coins=7),
        hands=DEAL,
        moves=(
            "p0 foreign_aid",
            "p1 allow",
            "p2 allow",
            "p1 income",
            "p2 tax",
            "p0 allow",
            "p1 allow",
        ),
    ),
    CaseDef(
        id="no-examine-without-the-inquisitor",
        title="In a game without the Inquisitor nobody may Examine, and in an Inquisitor game "
        "nobody may claim the Ambassador: only this game's characters are claimed.",
        rules=("R-ACT-11", "R-ACT-6"),
        config=THREE,
        hands=DEAL,
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block ambassador",
            "p0 allow",
            "p2 allow",
        ),
        refused={0: ("p0 examine p1",), 3: ("p1 block inquisitor",)},
    ),
    CaseDef(
        id="no-ambassador-in-an-inquisitor-game",
        title="In an Inquisitor game the Ambassador is not in the deck: a Steal's target may "
        "block with the Captain or the Inquisitor but not the Ambassador.",
        rules=("R-ACT-11", "R-INQ-7", "R-ACT-6"),
        config=INQUISITOR_THREE,
        hands=((CAPTAIN, DUKE), (INQUISITOR, CONTESSA), (ASSASSIN, DUKE)),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block inquisitor",
            "p0 allow",
            "p2 allow",
        ),
        refused={3: ("p1 block ambassador",)},
    ),
)
