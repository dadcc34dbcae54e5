"""Scenario cases for challenges (R-CHAL): Prove, Concede, and what each does."""

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

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="proved-tax-replaces-the-duke-then-the-challenger-loses",
        title="A challenged Duke is shown, goes into the Court and is replaced by a draw before "
        "the challenger loses an influence; the Tax then stands.",
        rules=("R-CHAL-3", "R-CHAL-1", "R-ACT-4", "R-TURN-4", "R-INF-1"),
        config=THREE,
        hands=((DUKE, CAPTAIN), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        court=(CONTESSA, CONTESSA),
        moves=("p0 tax", "p1 challenge", "p0 prove", "p1 lose contessa"),
        refused={2: ("p2 challenge", "p1 prove"), 3: ("p1 lose duke",)},
        views=(2, 3),
    ),
    CaseDef(
        id="a-bluffer-cannot-prove",
        title="Prove needs the claimed card among the hidden ones: a bluffing Duke may only "
        "concede, losing an influence, and the Tax takes nothing.",
        rules=("R-CHAL-1", "R-CHAL-4", "R-CHAL-5"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        moves=("p0 tax", "p2 challenge", "p0 concede", "p0 lose captain"),
        refused={2: ("p0 prove",)},
    ),
    CaseDef(
        id="a-holder-may-concede",
        title="Conceding is always allowed, even with the claimed card in hand: the holder "
        "keeps the Duke secret, loses an influence, and the Tax takes nothing.",
        rules=("R-CHAL-2", "R-CHAL-4", "R-INF-1"),
        config=THREE,
        hands=((DUKE, CAPTAIN), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        moves=("p0 tax", "p1 challenge", "p0 concede", "p0 lose captain"),
    ),
    CaseDef(
        id="conceded-assassination-refunds-the-three-coins",
        title="An Assassin whose claim is conceded gets the 3 coins back at once, loses an "
        "influence, and the target loses nothing.",
        rules=("R-CHAL-5", "R-ACT-5", "R-CHAL-4"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        coins=(3, 2, 2),
        moves=("p0 assassinate p1", "p1 challenge", "p0 concede", "p0 lose captain"),
        views=(3,),
    ),
    CaseDef(
        id="refund-of-an-eliminated-assassin-goes-to-the-treasury",
        title="An Assassin with one influence who concedes gets the 3 coins back and is then "
        "eliminated, so every coin of theirs goes to the Treasury.",
        rules=("R-CHAL-5", "R-INF-4", "R-INF-2", "R-TURN-3"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        coins=(2, 7, 2),
        moves=(
            "p0 income",
            "p1 coup p0",
            "p0 lose captain",
            "p2 income",
            "p0 assassinate p1",
            "p1 challenge",
            "p0 concede",
        ),
    ),
    CaseDef(
        id="conceded-block-lets-the-steal-through",
        title="A Captain block whose claim is conceded fails: the blocker loses an influence "
        "and the Steal takes its 2 coins.",
        rules=("R-CHAL-5", "R-CHAL-4", "R-WIN-5", "R-ACT-6", "R-CHAL-1"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block captain",
            "p2 allow",
            "p0 challenge",
            "p1 concede",
            "p1 lose contessa",
        ),
        refused={6: ("p1 prove",)},
    ),
    CaseDef(
        id="proved-block-defeats-the-steal",
        title="A challenged Ambassador block is proved: the blocker's card is replaced, the "
        "challenging thief loses an influence, and the block stands.",
        rules=("R-CHAL-3", "R-WIN-6", "R-WIN-5"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        court=(ASSASSIN, CAPTAIN),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block ambassador",
            "p0 challenge",
            "p1 prove",
            "p0 lose duke",
        ),
    ),
    CaseDef(
        id="proved-action-goes-on-to-its-counter-window",
        title="After a proved Captain the Steal goes on to its counter window: the claim "
        "stands, and the target, who did not challenge, is still asked whether to block.",
        rules=("R-CHAL-3", "R-WIN-1", "R-WIN-3"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        court=(CAPTAIN, CONTESSA),
        moves=("p0 steal p1", "p2 challenge", "p0 prove", "p2 lose duke", "p1 allow"),
        views=(4,),
    ),
)
