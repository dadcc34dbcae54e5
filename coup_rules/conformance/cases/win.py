"""Scenario cases for the response windows (R-WIN): challenge, counter, block challenge."""

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

THREE = Config(players=3)
FOUR = Config(players=4)
DEAL = ((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE))
DEAL4 = ((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE), (CAPTAIN, CONTESSA))

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="the-three-windows-come-in-order",
        title="A Steal opens the challenge window, then the target's counter window, then the "
        "block's challenge window; a window once closed never reopens.",
        rules=("R-WIN-1", "R-WIN-2", "R-WIN-3", "R-WIN-5", "R-WIN-6", "R-TURN-4"),
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
        refused={
            3: ("p2 challenge", "p1 challenge"),
            4: ("p1 challenge", "p1 allow"),
            6: ("p0 challenge", "p2 challenge"),
        },
        views=(1, 3, 4),
    ),
    CaseDef(
        id="a-character-action-opens-no-counter-window-if-unblockable",
        title="Tax is challengeable but not blockable: once every other player allows it, it "
        "takes effect with no counter window.",
        rules=("R-WIN-1", "R-WIN-2", "R-TURN-1", "R-TURN-4"),
        config=THREE,
        hands=DEAL,
        moves=("p0 tax", "p1 allow", "p2 allow", "p1 income"),
        refused={3: ("p2 block duke", "p1 block duke")},
    ),
    CaseDef(
        id="foreign-aid-opens-only-a-counter-window",
        title="Foreign Aid claims nothing: no challenge window opens, only the counter window "
        "put to every other player at once.",
        rules=("R-WIN-1", "R-WIN-3", "R-ACT-2"),
        config=FOUR,
        hands=DEAL4,
        moves=("p0 foreign_aid", "p2 allow", "p1 allow", "p3 allow"),
        refused={1: ("p1 challenge",)},
        views=(1,),
    ),
    CaseDef(
        id="the-first-challenge-closes-the-window",
        title="All other players are asked at once whether to challenge; the first Challenge "
        "applied closes the window for the others, and a seat that allowed cannot come back.",
        rules=("R-WIN-2", "R-TURN-4", "R-CHAL-4"),
        config=FOUR,
        hands=DEAL4,
        moves=("p0 tax", "p1 allow", "p3 challenge", "p0 concede", "p0 lose captain"),
        refused={2: ("p1 challenge",), 3: ("p2 challenge", "p2 allow", "p1 challenge")},
        views=(2, 3),
    ),
    CaseDef(
        id="the-first-block-of-foreign-aid-counts",
        title="Against Foreign Aid every other player is asked at once; the first Duke block "
        "applied closes the counter window, and then the actor may challenge it.",
        rules=("R-WIN-3", "R-WIN-5", "R-ACT-2", "R-TURN-4"),
        config=FOUR,
        hands=DEAL4,
        moves=("p0 foreign_aid", "p1 allow", "p2 block duke", "p0 allow", "p1 allow", "p3 allow"),
        refused={3: ("p3 block duke", "p1 block duke", "p2 challenge")},
    ),
    CaseDef(
        id="only-the-target-may-block-a-steal",
        title="Against Steal and Assassinate only the target is asked whether to block; "
        "another player holding a Captain or Contessa is not asked.",
        rules=("R-WIN-3", "R-TURN-4"),
        config=FOUR,
        hands=DEAL4,
        coins=(3, 2, 2, 2),
        moves=(
            "p0 assassinate p2",
            "p1 allow",
            "p2 allow",
            "p3 allow",
            "p2 allow",
            "p2 lose duke",
        ),
        refused={4: ("p3 block contessa", "p1 block contessa")},
    ),
    CaseDef(
        id="a-target-who-lost-a-challenge-may-still-block",
        title="The target of a Steal who challenges the Captain and loses is still asked "
        "whether to block, and blocks.",
        rules=("R-WIN-4", "R-CHAL-3", "R-WIN-6"),
        config=THREE,
        hands=DEAL,
        court=(CAPTAIN, CONTESSA),
        moves=(
            "p0 steal p1",
            "p1 challenge",
            "p0 prove",
            "p1 lose contessa",
            "p1 block ambassador",
            "p0 allow",
            "p2 allow",
        ),
        views=(4,),
    ),
    CaseDef(
        id="a-target-eliminated-by-a-challenge-gets-no-counter-window",
        title="A Steal target with one influence who challenges and loses is eliminated: the "
        "counter window does not open and the turn passes on.",
        rules=("R-WIN-4", "R-INF-5", "R-TURN-3"),
        config=THREE,
        hands=DEAL,
        court=(CAPTAIN, CONTESSA),
        coins=(2, 2, 7),
        moves=(
            "p0 income",
            "p1 income",
            "p2 coup p1",
            "p1 lose contessa",
            "p0 steal p1",
            "p1 challenge",
            "p0 prove",
            "p2 income",
        ),
    ),
    CaseDef(
        id="the-actor-may-challenge-the-block-but-not-the-blocker",
        title="After a block every living player but the blocker, the actor included, is "
        "asked whether to challenge it.",
        rules=("R-WIN-5", "R-TURN-4", "R-CHAL-3"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (CONTESSA, CAPTAIN), (CAPTAIN, DUKE)),
        court=(AMBASSADOR, DUKE),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p1 allow",
            "p2 allow",
            "p1 block contessa",
            "p2 allow",
            "p0 challenge",
            "p1 prove",
            "p0 lose duke",
        ),
        refused={4: ("p1 challenge", "p1 allow")},
        views=(4,),
    ),
    CaseDef(
        id="a-standing-block-keeps-the-assassins-coins",
        title="A Contessa block that nobody challenges defeats the assassination; the 3 coins "
        "paid stay in the Treasury.",
        rules=("R-WIN-6", "R-ACT-5", "R-ACT-9"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (CONTESSA, CAPTAIN), (CAPTAIN, DUKE)),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p1 allow",
            "p2 allow",
            "p1 block contessa",
            "p0 allow",
            "p2 allow",
        ),
    ),
)
