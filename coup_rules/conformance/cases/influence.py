"""Scenario cases for influence (R-INF): losing cards, elimination and the end of the game."""

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
# Two players on a plain deal (no 2-player draft), so the hands can be fixed.
TWO = Config(players=2, two_player_setup=False)

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="the-loser-chooses-the-card-even-from-a-pair",
        title="A player with two hidden cards chooses which to turn face up, and is asked "
        "even when both are the same character.",
        rules=("R-INF-1",),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (DUKE, DUKE), (ASSASSIN, AMBASSADOR)),
        coins=(7, 2, 2),
        moves=("p0 coup p1", "p1 lose duke"),
        refused={1: ("p1 lose captain", "p1 lose contessa")},
        views=(1,),
    ),
    CaseDef(
        id="a-last-card-is-lost-at-once",
        title="A player with one hidden card who must lose an influence turns it face up at "
        "once; no move is asked and the next turn begins.",
        rules=("R-INF-2", "R-INF-4", "R-TURN-4"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (DUKE, AMBASSADOR), (ASSASSIN, DUKE)),
        coins=(7, 2, 7),
        moves=("p0 coup p1", "p1 lose duke", "p1 income", "p2 coup p1", "p0 income"),
        refused={4: ("p1 lose ambassador",)},
    ),
    CaseDef(
        id="a-revealed-card-cannot-prove",
        title="A card turned face up no longer counts: a player whose only Duke is revealed "
        "cannot prove a Duke claim.",
        rules=("R-INF-3", "R-CHAL-1"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (DUKE, AMBASSADOR), (ASSASSIN, DUKE)),
        coins=(7, 2, 2),
        moves=(
            "p0 coup p1",
            "p1 lose duke",
            "p1 tax",
            "p0 challenge",
            "p1 concede",
        ),
        refused={4: ("p1 prove",)},
        views=(4,),
    ),
    CaseDef(
        id="another-copy-still-proves-after-one-is-revealed",
        title="Other copies of a revealed character keep their power: with one Duke face up "
        "and another hidden, the Duke claim is proved.",
        rules=("R-INF-3", "R-CHAL-3"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (DUKE, DUKE), (ASSASSIN, AMBASSADOR)),
        court=(CAPTAIN, CONTESSA),
        coins=(7, 2, 2),
        moves=(
            "p0 coup p1",
            "p1 lose duke",
            "p1 tax",
            "p0 challenge",
            "p1 prove",
            "p0 lose captain",
        ),
    ),
    CaseDef(
        id="elimination-sends-coins-to-the-treasury-and-no-window-waits",
        title="An eliminated player's coins go to the Treasury and no window asks them again: "
        "a later Tax is put to the one other living player only.",
        rules=("R-INF-4", "R-INF-2", "R-TURN-4", "R-WIN-2"),
        config=THREE,
        hands=((CAPTAIN, CONTESSA), (DUKE, AMBASSADOR), (ASSASSIN, DUKE)),
        coins=(7, 5, 7),
        moves=("p0 coup p1", "p1 lose duke", "p1 income", "p2 coup p1", "p0 tax", "p2 allow"),
        refused={5: ("p1 challenge", "p1 allow")},
        views=(5,),
    ),
    CaseDef(
        id="an-eliminated-target-ends-the-steal",
        title="A Steal target who challenges with one influence and loses is eliminated, so "
        "nothing is stolen: their coins went to the Treasury.",
        rules=("R-INF-5", "R-INF-4", "R-WIN-4"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        court=(CAPTAIN, CONTESSA),
        coins=(2, 3, 7),
        moves=(
            "p0 income",
            "p1 income",
            "p2 coup p1",
            "p1 lose ambassador",
            "p0 steal p1",
            "p1 challenge",
            "p0 prove",
        ),
    ),
    CaseDef(
        id="the-game-ends-and-the-pending-tax-is-dropped",
        title="When a failed challenge leaves one player, the game ends at once: the proved "
        "Tax is never credited, and every later move is refused.",
        rules=("R-INF-6", "R-TURN-5", "R-CHAL-3"),
        config=TWO,
        hands=((DUKE, CAPTAIN), (AMBASSADOR, CONTESSA)),
        court=(ASSASSIN, CONTESSA),
        coins=(7, 2),
        moves=(
            "p0 coup p1",
            "p1 lose ambassador",
            "p1 income",
            "p0 tax",
            "p1 challenge",
            "p0 prove",
        ),
        refused={6: ("p0 income", "p1 income", "p1 lose contessa")},
    ),
    CaseDef(
        id="a-target-who-challenges-a-true-assassin-loses-both",
        title="A target who challenges a real Assassin loses one influence for the challenge "
        "and, not blocking, the other to the assassination.",
        rules=("R-INF-7", "R-CHAL-3", "R-WIN-4", "R-INF-2"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (AMBASSADOR, CONTESSA), (CAPTAIN, DUKE)),
        court=(CAPTAIN, CONTESSA),
        coins=(3, 2, 2),
        moves=("p0 assassinate p1", "p1 challenge", "p0 prove", "p1 lose ambassador", "p1 allow"),
    ),
    CaseDef(
        id="a-challenged-contessa-bluff-loses-both",
        title="A target who blocks an Assassin with a Contessa they do not hold and is "
        "challenged loses one influence for the challenge and the other to the assassination.",
        rules=("R-INF-7", "R-CHAL-4", "R-CHAL-5", "R-INF-2", "R-CHAL-1"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (AMBASSADOR, CAPTAIN), (CAPTAIN, DUKE)),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p1 allow",
            "p2 allow",
            "p1 block contessa",
            "p2 allow",
            "p0 challenge",
            "p1 concede",
            "p1 lose captain",
        ),
        refused={6: ("p1 prove",)},
    ),
)
