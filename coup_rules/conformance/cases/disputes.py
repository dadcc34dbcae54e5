"""Scenario cases written on purpose for the rule disputes in other Coup apps' trackers.

Each case names the thread it settles (``dispute``) and plays the position the thread argues
about on a fixed deal, so an engine that reads the rule differently fails exactly that case.
"""

from __future__ import annotations

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.conformance.define import CaseDef

__all__ = ["CASES"]

DUKE = Character.DUKE
ASSASSIN = Character.ASSASSIN
CAPTAIN = Character.CAPTAIN
AMBASSADOR = Character.AMBASSADOR
CONTESSA = Character.CONTESSA
INQUISITOR = Character.INQUISITOR
LOYALIST = Allegiance.LOYALIST
REFORMIST = Allegiance.REFORMIST

THREE = Config(players=3)

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="dispute-target-who-lost-a-challenge-of-the-assassin-may-still-block",
        title="The target of an Assassin who challenges and loses keeps the right to block: "
        "they claim the Contessa and survive with one influence.",
        rules=("R-WIN-4", "R-INF-7", "R-CHAL-3", "R-WIN-6"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (CONTESSA, CAPTAIN), (CAPTAIN, DUKE)),
        court=(AMBASSADOR, AMBASSADOR),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p1 challenge",
            "p0 prove",
            "p1 lose captain",
            "p1 block contessa",
            "p0 allow",
            "p2 allow",
        ),
        views=(4,),
        dispute="octachrome/treason#23",
    ),
    CaseDef(
        id="dispute-a-challenged-player-may-decline-to-prove",
        title="A challenged player who holds the claimed Duke may still concede and turn "
        "their other card face up, keeping the Duke secret; the Tax then takes nothing.",
        rules=("R-CHAL-2", "R-CHAL-4", "R-INF-1"),
        config=THREE,
        hands=((DUKE, CAPTAIN), (AMBASSADOR, CONTESSA), (ASSASSIN, CAPTAIN)),
        moves=("p0 tax", "p1 allow", "p2 challenge", "p0 concede", "p0 lose captain"),
        views=(3,),
        dispute="octachrome/treason#24",
    ),
    CaseDef(
        id="dispute-target-challenging-a-true-assassin-loses-two",
        title="A target who challenges a real Assassin loses one influence for the failed "
        "challenge and, not blocking, the other to the assassination.",
        rules=("R-INF-7", "R-CHAL-3", "R-WIN-4", "R-INF-2", "R-INF-4"),
        config=THREE,
        hands=((ASSASSIN, CAPTAIN), (DUKE, AMBASSADOR), (CAPTAIN, CONTESSA)),
        court=(DUKE, CONTESSA),
        coins=(3, 2, 2),
        moves=("p0 assassinate p1", "p1 challenge", "p0 prove", "p1 lose duke", "p1 allow"),
        dispute="Cheneth/coup-online#3",
    ),
    CaseDef(
        id="dispute-third-party-challenging-a-true-assassin-loses-one",
        title="When a third player challenges a real Assassin and loses, the challenger loses "
        "one influence and the target, not blocking, loses one to the assassination.",
        rules=("R-INF-7", "R-CHAL-3", "R-WIN-4", "R-INF-1"),
        config=THREE,
        hands=((ASSASSIN, CAPTAIN), (DUKE, AMBASSADOR), (CAPTAIN, CONTESSA)),
        court=(DUKE, CONTESSA),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p2 challenge",
            "p0 prove",
            "p2 lose captain",
            "p1 allow",
            "p1 lose ambassador",
        ),
        dispute="Cheneth/coup-online#3",
    ),
    CaseDef(
        id="dispute-a-challenged-contessa-bluff-cannot-lose-the-same-card-twice",
        title="A target whose Contessa bluff is challenged by a third player chooses one card "
        "for the challenge; the assassination then takes the other at once, with no choice "
        "left, and the target is out.",
        rules=("R-INF-7", "R-INF-2", "R-INF-1", "R-CHAL-4", "R-CHAL-1", "R-TURN-4"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (CAPTAIN, AMBASSADOR), (DUKE, CONTESSA)),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p1 allow",
            "p2 allow",
            "p1 block contessa",
            "p2 challenge",
            "p1 concede",
            "p1 lose captain",
        ),
        refused={5: ("p1 prove",), 6: ("p1 lose contessa",), 7: ("p1 lose captain",)},
        dispute="Cheneth/coup-online#17",
    ),
    CaseDef(
        id="dispute-assassination-after-a-failed-contessa-bluff-kills-both",
        title="The Assassin challenges the target's Contessa block; the target, who has no "
        "Contessa, loses one influence for the challenge and the other to the assassination.",
        rules=("R-INF-7", "R-CHAL-4", "R-CHAL-5", "R-INF-2", "R-WIN-5"),
        config=THREE,
        hands=((ASSASSIN, DUKE), (DUKE, AMBASSADOR), (CAPTAIN, CONTESSA)),
        coins=(3, 2, 2),
        moves=(
            "p0 assassinate p1",
            "p1 allow",
            "p2 allow",
            "p1 block contessa",
            "p2 allow",
            "p0 challenge",
            "p1 concede",
            "p1 lose ambassador",
        ),
        dispute="Cheneth/coup-online#31",
    ),
    CaseDef(
        id="dispute-a-pair-lost-to-a-challenge-and-an-assassination",
        title="A target holding two Dukes who challenges a real Assassin turns one Duke face "
        "up for the challenge and loses the other to the assassination: both are revealed.",
        rules=("R-INF-7", "R-INF-1", "R-INF-2", "R-CHAL-3", "R-TURN-4"),
        config=THREE,
        hands=((ASSASSIN, CAPTAIN), (DUKE, DUKE), (CAPTAIN, CONTESSA)),
        court=(AMBASSADOR, CONTESSA),
        coins=(3, 2, 2),
        moves=("p0 assassinate p1", "p1 challenge", "p0 prove", "p1 lose duke", "p1 allow"),
        refused={5: ("p1 lose duke",)},
        dispute="Cheneth/coup-online#67",
    ),
    CaseDef(
        id="dispute-target-eliminated-by-challenging-the-assassin",
        title="A target with one influence who challenges a real Assassin is eliminated by "
        "the challenge; the assassination has nothing left to act on, the 3 coins stay "
        "paid, and the next living seat plays.",
        rules=("R-INF-5", "R-WIN-4", "R-CHAL-3", "R-TURN-3"),
        config=THREE,
        hands=((CAPTAIN, AMBASSADOR), (CAPTAIN, CONTESSA), (ASSASSIN, AMBASSADOR)),
        court=(DUKE, DUKE),
        coins=(2, 7, 2),
        moves=(
            "p0 income",
            "p1 coup p0",
            "p0 lose ambassador",
            "p2 income",
            "p0 income",
            "p1 income",
            "p2 assassinate p0",
            "p0 challenge",
            "p2 prove",
        ),
        dispute="lounsbrough/coup-online#42",
    ),
    CaseDef(
        id="dispute-a-pending-influence-loss-holds-the-next-turn",
        title="While the target of a Coup has not yet chosen the card to lose, nobody may "
        "declare the next action; the next turn starts only after the loss.",
        rules=("R-TURN-4", "R-INF-1", "R-TURN-3"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        coins=(2, 2, 7),
        moves=("p0 income", "p1 income", "p2 coup p0", "p0 lose duke", "p0 income"),
        refused={3: ("p0 income", "p1 income", "p2 income")},
        dispute="lounsbrough/coup-online#125",
    ),
    CaseDef(
        id="dispute-block-an-assassination-after-a-third-partys-failed-challenge",
        title="After a third player's challenge of the Assassin fails and eliminates them, the "
        "target, down to one influence, may still block, with the Contessa and nothing else.",
        rules=("R-WIN-4", "R-WIN-3", "R-WIN-6", "R-INF-4", "R-CHAL-3"),
        config=THREE,
        hands=((CAPTAIN, AMBASSADOR), (AMBASSADOR, CAPTAIN), (CAPTAIN, ASSASSIN)),
        court=(DUKE, DUKE),
        coins=(7, 7, 2),
        moves=(
            "p0 coup p1",
            "p1 lose captain",
            "p1 coup p0",
            "p0 lose ambassador",
            "p2 income",
            "p0 income",
            "p1 income",
            "p2 assassinate p0",
            "p1 challenge",
            "p2 prove",
            "p0 block contessa",
            "p2 allow",
        ),
        refused={10: ("p0 block ambassador", "p0 block captain")},
        views=(10,),
        dispute="lounsbrough/coup-online#153",
    ),
    CaseDef(
        id="dispute-a-conceded-block-lets-the-steal-through",
        title="A third player challenges a Steal's Ambassador block; the blocker concedes, "
        "loses an influence, and the Steal takes its 2 coins.",
        rules=("R-CHAL-5", "R-CHAL-4", "R-WIN-5", "R-ACT-6"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (DUKE, CONTESSA), (ASSASSIN, CAPTAIN)),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block ambassador",
            "p2 challenge",
            "p1 concede",
            "p1 lose duke",
        ),
        dispute="lounsbrough/coup-online#340",
    ),
    CaseDef(
        id="dispute-examine-goes-on-after-a-failed-challenge",
        title="An Examine whose Inquisitor is challenged and proved goes straight on: the "
        "challenger, now with one card, shows it at once and the Inquisitor decides.",
        rules=("R-INQ-3", "R-INQ-4", "R-INQ-5", "R-CHAL-3", "R-INF-1"),
        config=Config(players=3, inquisitor=True),
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(CAPTAIN, CONTESSA),
        moves=("p0 examine p1", "p1 challenge", "p0 prove", "p1 lose captain", "p0 give_back"),
        views=(4,),
        dispute="lounsbrough/coup-online#565",
    ),
    CaseDef(
        id="dispute-exchange-claims-the-inquisitor-in-an-inquisitor-game",
        title="In an Inquisitor game Exchange claims the Inquisitor, is proved with it, and "
        "draws one card; the Ambassador is not in the deck and cannot block.",
        rules=("R-INQ-2", "R-ACT-7", "R-ACT-11", "R-CHAL-3", "R-ACT-12"),
        config=Config(players=3, inquisitor=True),
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        court=(INQUISITOR, CONTESSA),
        moves=(
            "p0 exchange",
            "p1 challenge",
            "p0 prove",
            "p1 lose captain",
            "p0 keep duke inquisitor",
            "p1 steal p0",
            "p0 allow",
            "p2 allow",
        ),
        refused={8: ("p0 block ambassador",)},
        dispute="lounsbrough/coup-online#565",
    ),
    CaseDef(
        id="dispute-no-block-of-your-own-sides-foreign-aid",
        title="In Reformation a player may not block the Foreign Aid of their own side while "
        "both sides live; a player of the other side may.",
        rules=("R-REF-3", "R-ACT-2", "R-WIN-3", "R-REF-5"),
        config=Config(players=3, reformation=True),
        hands=((CAPTAIN, DUKE), (DUKE, CONTESSA), (DUKE, ASSASSIN)),
        allegiances=(LOYALIST, LOYALIST, REFORMIST),
        moves=("p0 foreign_aid", "p2 block duke", "p1 challenge", "p2 prove", "p1 lose contessa"),
        refused={1: ("p1 block duke",)},
        views=(1,),
        dispute="lounsbrough/coup-online#569",
    ),
    CaseDef(
        id="dispute-a-proved-embezzle-replaces-every-hidden-card",
        title="An embezzler holding a Duke must concede; one without a Duke proves it by "
        "showing every hidden card, all of which go into the Court and are replaced together, "
        "then the challenger (of the same side) loses an influence and the Reserve is taken.",
        rules=("R-REF-10", "R-REF-8", "R-REF-9", "R-REF-7", "R-REF-5"),
        config=Config(players=3, reformation=True),
        hands=((CAPTAIN, CONTESSA), (DUKE, AMBASSADOR), (DUKE, ASSASSIN)),
        allegiances=(LOYALIST, REFORMIST, LOYALIST),
        moves=(
            "p0 convert p0",
            "p1 embezzle",
            "p0 challenge",
            "p1 concede",
            "p1 lose ambassador",
            "p2 income",
            "p0 embezzle",
            "p1 challenge",
            "p0 prove",
        ),
        refused={3: ("p1 prove",)},
        views=(8,),
        dispute="lounsbrough/coup-online#569",
    ),
    CaseDef(
        id="dispute-block-challenged-by-the-thief-lets-the-steal-through",
        title="A Steal's target claims the Ambassador to block; the thief challenges, the "
        "target has no Ambassador and loses an influence, and the Steal takes its coins and "
        "the turn passes.",
        rules=("R-CHAL-5", "R-WIN-5", "R-CHAL-4", "R-ACT-6", "R-TURN-3"),
        config=THREE,
        hands=((CAPTAIN, DUKE), (DUKE, CONTESSA), (ASSASSIN, CAPTAIN)),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block ambassador",
            "p2 allow",
            "p0 challenge",
            "p1 concede",
            "p1 lose contessa",
            "p1 income",
        ),
        dispute="Zomis/Games#180",
    ),
    CaseDef(
        id="dispute-the-coup-is-forced-the-turn-after-reaching-ten",
        title="A player who reaches 11 coins with a Tax must Coup on their next turn: Income "
        "or another Tax is refused.",
        rules=("R-TURN-2", "R-ACT-4"),
        config=THREE,
        hands=((DUKE, CAPTAIN), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE)),
        coins=(8, 2, 2),
        moves=("p0 tax", "p1 allow", "p2 allow", "p1 income", "p2 income", "p0 coup p1"),
        refused={5: ("p0 income", "p0 tax", "p0 foreign_aid")},
        views=(5,),
        dispute="Zomis/Games#280",
    ),
)
