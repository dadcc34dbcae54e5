"""Conformance cases for the Reformation expansion (R-REF-1 to R-REF-11): allegiances and the
first player's choice, no attacks or Foreign Aid blocks within a side (and when that lifts),
challenges across sides, the forced Coup, Convert, Embezzle and its inverted claim."""

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
L = Allegiance.LOYALIST
R = Allegiance.REFORMIST

REF3 = Config(players=3, reformation=True)
REF4 = Config(players=4, reformation=True)
HANDS3 = ((ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA))
HANDS4 = ((ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA), (DUKE, ASSASSIN))

CASES: tuple[CaseDef, ...] = (
    # --- allegiances at the start (R-REF-1) ---
    CaseDef(
        id="ref-first-player-chooses-allegiance",
        title=(
            "A Reformation game opens on turn 0 with the first player's choice of allegiance;"
            " each next seat clockwise takes the opposite one, then turn 1 begins."
        ),
        rules=("R-REF-1", "R-SETUP-11", "R-TURN-4"),
        config=REF4,
        hands=HANDS4,
        refused={0: ("p0 income", "p1 choose loyalist")},
        moves=("p0 choose reformist", "p0 income"),
        views=(0, 1),
    ),
    CaseDef(
        id="ref-allegiances-alternate-from-a-later-first-player",
        title=(
            "With first_player=2 seat 2 chooses; seats 0 and 1 follow clockwise from it, each"
            " opposite to the seat before."
        ),
        rules=("R-REF-1", "R-SETUP-6"),
        config=Config(players=3, reformation=True, first_player=2),
        hands=HANDS3,
        moves=("p2 choose loyalist", "p2 income"),
        views=(1,),
    ),
    CaseDef(
        id="ref-two-players-allegiance-before-the-draft",
        title=(
            "In a 2-player Reformation game the first player chooses an allegiance before the"
            " draft; both then draft, and turn 1 begins."
        ),
        rules=("R-REF-1", "R-SETUP-7", "R-SETUP-8", "R-SETUP-11"),
        config=Config(players=2, reformation=True),
        court=(DUKE, CAPTAIN, CONTESSA),
        seed=9,
        refused={0: ("p0 draft duke",)},
        moves=("p0 choose loyalist", "p0 draft captain", "p1 draft assassin", "p0 income"),
        views=(1, 3),
    ),
    CaseDef(
        id="ref-given-allegiances-skip-the-choice",
        title=(
            "A fixed deal with allegiances skips the choice: the first turn begins at once,"
            " and no one may choose."
        ),
        rules=("R-REF-1", "R-SETUP-9", "R-TURN-1"),
        config=REF3,
        hands=HANDS3,
        allegiances=(R, R, L),
        refused={0: ("p0 choose loyalist",)},
        moves=("p0 income",),
        views=(0,),
    ),
    CaseDef(
        id="ref-convert-and-embezzle-only-in-reformation",
        title="Convert and Embezzle exist only in Reformation games.",
        rules=("R-REF-1", "R-REF-7", "R-REF-8"),
        config=Config(players=3),
        hands=HANDS3,
        refused={0: ("p0 convert p0", "p0 convert p1", "p0 embezzle")},
        moves=("p0 income",),
    ),
    # --- no attacks within a side (R-REF-2 to R-REF-4) ---
    CaseDef(
        id="ref-no-attacks-within-a-side",
        title=(
            "A player may not Coup, Assassinate or Steal from a player of their own allegiance;"
            " a player of the other one is a fair target."
        ),
        rules=("R-REF-2",),
        config=REF4,
        hands=HANDS4,
        allegiances=(L, R, L, R),
        coins=(7, 2, 2, 2),
        refused={0: ("p0 coup p2", "p0 assassinate p2", "p0 steal p2")},
        moves=("p0 assassinate p1", "p1 allow", "p2 allow", "p3 allow", "p1 block contessa"),
    ),
    CaseDef(
        id="ref-no-examine-within-a-side",
        title=(
            "With the Inquisitor, a player may not Examine a player of their own allegiance,"
            " only one of the other."
        ),
        rules=("R-REF-2", "R-INQ-3"),
        config=Config(players=3, reformation=True, inquisitor=True),
        hands=((INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
        allegiances=(L, R, L),
        refused={0: ("p0 examine p2",)},
        moves=("p0 examine p1", "p1 allow", "p2 allow", "p1 show captain", "p0 give_back"),
    ),
    CaseDef(
        id="ref-foreign-aid-counter-asks-the-other-side-only",
        title=(
            "Only players of the other allegiance are asked whether to block a Foreign Aid;"
            " a player of the actor's side may not block it."
        ),
        rules=("R-REF-3", "R-WIN-3"),
        config=REF4,
        hands=HANDS4,
        allegiances=(L, R, L, R),
        refused={1: ("p2 block duke",)},
        moves=("p0 foreign_aid", "p1 allow", "p3 allow", "p1 income"),
        views=(1,),
    ),
    CaseDef(
        id="ref-one-side-left-after-a-conversion",
        title=(
            "Once every living player shares one allegiance the restrictions lift: after a"
            " self-conversion a player may steal from their own side and anyone may block"
            " Foreign Aid."
        ),
        rules=("R-REF-4", "R-REF-7", "R-REF-3", "R-REF-2"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        refused={0: ("p0 steal p2",)},
        moves=(
            "p0 income",
            "p1 convert p1",
            "p2 steal p0",
            "p0 allow",
            "p1 allow",
            "p0 allow",
            "p0 foreign_aid",
            "p2 allow",
        ),
        views=(2, 7),
    ),
    CaseDef(
        id="ref-a-conversion-reimposes-the-restriction",
        title=(
            "When a later conversion splits the table again the restriction comes back for"
            " every later decision."
        ),
        rules=("R-REF-4", "R-REF-2", "R-REF-7"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, L, L),
        coins=(2, 3, 2),
        refused={5: ("p2 steal p1",)},
        moves=("p0 steal p2", "p1 allow", "p2 allow", "p2 allow", "p1 convert p0", "p2 steal p0"),
    ),
    CaseDef(
        id="ref-one-side-left-after-a-death",
        title=(
            "Only living players count: once the last Reformist is eliminated the two"
            " Loyalists may attack each other."
        ),
        rules=("R-REF-4", "R-INF-4", "R-REF-2"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        coins=(14, 2, 9),
        refused={0: ("p0 steal p2",)},
        moves=(
            "p0 coup p1",
            "p1 lose duke",
            "p1 income",
            "p2 coup p1",
            "p0 steal p2",
            "p2 allow",
            "p2 allow",
        ),
        views=(4,),
    ),
    # --- challenges and the forced Coup (R-REF-5, R-REF-6) ---
    CaseDef(
        id="ref-a-player-may-challenge-their-own-side",
        title=(
            "Challenges ignore allegiance: a Loyalist challenges a Loyalist's Tax and, later,"
            " a Loyalist's block."
        ),
        rules=("R-REF-5", "R-WIN-2", "R-WIN-5"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        seed=3,
        moves=(
            "p0 tax",
            "p2 challenge",
            "p0 concede",
            "p0 lose assassin",
            "p1 steal p2",
            "p0 allow",
            "p2 allow",
            "p2 block captain",
            "p0 challenge",
            "p2 prove",
        ),
    ),
    CaseDef(
        id="ref-forced-coup-at-the-other-side",
        title=(
            "A player who starts the turn with 10 coins must Coup, and only a player of the"
            " other allegiance."
        ),
        rules=("R-REF-6", "R-TURN-2", "R-REF-2"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        coins=(10, 2, 2),
        refused={0: ("p0 income", "p0 convert p0", "p0 coup p2")},
        moves=("p0 coup p1", "p1 lose contessa"),
    ),
    CaseDef(
        id="ref-forced-coup-anyone-when-one-side",
        title=("When every living player shares one allegiance the forced Coup may aim at anyone."),
        rules=("R-REF-6", "R-REF-4", "R-TURN-2"),
        config=REF3,
        hands=HANDS3,
        allegiances=(R, R, R),
        coins=(10, 2, 2),
        refused={0: ("p0 income",)},
        moves=("p0 coup p2", "p2 lose captain"),
    ),
    # --- Convert (R-REF-7) ---
    CaseDef(
        id="ref-convert-costs-onto-the-reserve",
        title=(
            "Convert costs 1 coin for oneself and 2 for another player, of either allegiance;"
            " the coins go onto the Treasury Reserve, and nobody may challenge or block it."
        ),
        rules=("R-REF-7", "R-INFO-1", "R-TURN-1", "R-TURN-4"),
        config=REF4,
        hands=HANDS4,
        allegiances=(L, R, L, R),
        refused={1: ("p1 challenge", "p2 block duke")},
        moves=("p0 convert p0", "p1 convert p3", "p2 convert p0", "p3 income"),
        views=(1, 3),
    ),
    CaseDef(
        id="ref-convert-needs-the-coins-and-a-living-target",
        title=(
            "Convert must be paid when declared (1 coin for oneself, 2 for another) and may"
            " not name an eliminated player."
        ),
        rules=("R-REF-7", "R-ACT-9"),
        config=REF3,
        hands=HANDS3,
        allegiances=(R, L, L),
        coins=(1, 14, 0),
        refused={0: ("p0 convert p1",), 6: ("p2 convert p0", "p2 convert p1")},
        moves=(
            "p0 convert p0",
            "p1 coup p0",
            "p0 lose assassin",
            "p2 income",
            "p0 income",
            "p1 coup p0",
            "p2 income",
        ),
    ),
    # --- Embezzle (R-REF-8 to R-REF-10) ---
    CaseDef(
        id="ref-embezzle-takes-the-whole-reserve",
        title=("Embezzle, unchallenged, takes every coin on the Reserve; it can never be blocked."),
        rules=("R-REF-8", "R-REF-7"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        moves=("p0 convert p0", "p1 convert p1", "p2 embezzle", "p0 allow", "p1 allow"),
        views=(3, 5),
    ),
    CaseDef(
        id="ref-embezzle-an-empty-reserve",
        title="Embezzle is legal with no coin on the Reserve and takes nothing.",
        rules=("R-REF-8", "R-ACT-10"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        moves=("p0 embezzle", "p1 allow", "p2 allow", "p1 income"),
    ),
    CaseDef(
        id="ref-embezzle-with-a-duke-must-concede",
        title=(
            "Embezzle claims the actor holds no Duke: a challenged embezzler holding a Duke may"
            " not prove, must concede, loses an influence and takes nothing."
        ),
        rules=("R-REF-9", "R-REF-8", "R-REF-5"),
        config=REF3,
        hands=((ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (DUKE, CAPTAIN)),
        allegiances=(L, R, L),
        refused={4: ("p2 prove",)},
        moves=(
            "p0 convert p0",
            "p1 convert p1",
            "p2 embezzle",
            "p0 challenge",
            "p2 concede",
            "p2 lose duke",
        ),
        views=(4,),
    ),
    CaseDef(
        id="ref-embezzle-concede-without-a-duke",
        title=(
            "An embezzler without a Duke may still concede a challenge, losing an influence and"
            " taking nothing."
        ),
        rules=("R-REF-9", "R-CHAL-2"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        moves=(
            "p0 convert p0",
            "p1 convert p1",
            "p2 embezzle",
            "p1 challenge",
            "p2 concede",
            "p2 lose contessa",
        ),
    ),
    CaseDef(
        id="ref-embezzle-proved-by-showing-every-card",
        title=(
            "An embezzler without a Duke proves the claim by showing every hidden card, which go"
            " to the Court and are replaced; the challenger loses an influence, then the"
            " embezzler takes the Reserve."
        ),
        rules=("R-REF-10", "R-REF-8", "R-INFO-1", "R-INFO-3"),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        seed=21,
        moves=(
            "p0 convert p0",
            "p1 convert p1",
            "p2 embezzle",
            "p1 challenge",
            "p2 prove",
            "p1 lose contessa",
        ),
        views=(4, 5),
    ),
    CaseDef(
        id="ref-embezzle-proved-with-one-hidden-card",
        title=("An embezzler with one hidden card proves by showing it and draws one replacement."),
        rules=("R-REF-10",),
        config=REF3,
        hands=HANDS3,
        allegiances=(L, R, L),
        coins=(7, 2, 2),
        seed=4,
        moves=("p0 coup p1", "p1 lose duke", "p1 embezzle", "p0 challenge", "p1 prove"),
        views=(4,),
    ),
    # --- the deck (R-REF-11) ---
    CaseDef(
        id="ref-seven-player-reformation-deck",
        title=(
            "A 7-player Reformation game uses 4 copies of each character, as any 7-player game."
        ),
        rules=("R-REF-11", "R-SETUP-2", "R-REF-1"),
        config=Config(players=7, reformation=True),
        hands=(
            (DUKE, ASSASSIN),
            (DUKE, CAPTAIN),
            (DUKE, CONTESSA),
            (DUKE, AMBASSADOR),
            (CAPTAIN, CONTESSA),
            (ASSASSIN, AMBASSADOR),
            (CAPTAIN, CONTESSA),
        ),
        moves=("p0 choose loyalist", "p0 income"),
    ),
)
