"""Scenario cases for the turn (R-TURN): who may move, the forced Coup, turn order, the end."""

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
DEAL = ((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE))

CASES: tuple[CaseDef, ...] = (
    CaseDef(
        id="an-action-is-always-declared",
        title="The active player must declare an action: allowing, blocking or challenging is "
        "no way to pass the turn.",
        rules=("R-TURN-1", "R-TURN-7"),
        config=THREE,
        hands=DEAL,
        moves=("p0 income",),
        refused={0: ("p0 allow", "p0 block duke", "p0 challenge", "p0 concede")},
    ),
    CaseDef(
        id="ten-coins-force-a-coup",
        title="A player who starts the turn with 10 coins may only Coup; every other action, "
        "Income included, is refused.",
        rules=("R-TURN-2", "R-ACT-3"),
        config=THREE,
        hands=DEAL,
        coins=(10, 2, 2),
        moves=("p0 coup p2", "p2 lose assassin"),
        refused={
            0: (
                "p0 income",
                "p0 foreign_aid",
                "p0 tax",
                "p0 steal p1",
                "p0 assassinate p1",
                "p0 exchange",
            )
        },
        views=(0,),
    ),
    CaseDef(
        id="twelve-coins-force-a-coup-too",
        title="The forced Coup applies at any count from 10 up: with 12 coins only a Coup is "
        "legal.",
        rules=("R-TURN-2",),
        config=THREE,
        hands=DEAL,
        coins=(2, 12, 2),
        moves=("p0 income", "p1 coup p0", "p0 lose duke"),
        refused={1: ("p1 income", "p1 tax")},
    ),
    CaseDef(
        id="nine-coins-do-not-force-a-coup",
        title="With 9 coins at the start of the turn the Coup is not forced, even though Tax "
        "then brings the purse to 12; the next turn it is.",
        rules=("R-TURN-2", "R-ACT-4"),
        config=THREE,
        hands=DEAL,
        coins=(9, 2, 2),
        moves=("p0 tax", "p1 allow", "p2 allow", "p1 income", "p2 income", "p0 coup p1"),
        refused={5: ("p0 income", "p0 tax")},
    ),
    CaseDef(
        id="turns-go-clockwise-from-the-first-player",
        title="Turns go by increasing seat number from the configured first player, wrapping "
        "round.",
        rules=("R-TURN-3", "R-TURN-4"),
        config=Config(players=3, first_player=2),
        hands=DEAL,
        moves=("p2 income", "p0 income", "p1 income", "p2 income"),
        refused={0: ("p0 income", "p1 income"), 1: ("p2 income",)},
    ),
    CaseDef(
        id="the-next-turn-follows-an-actor-eliminated-on-their-own-turn",
        title="When the actor is eliminated during their own turn, the next turn is the next "
        "living seat after them.",
        rules=("R-TURN-3", "R-INF-4", "R-CHAL-4", "R-TURN-4"),
        config=Config(players=4),
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE), (CAPTAIN, CONTESSA)),
        coins=(7, 2, 2, 2),
        moves=(
            "p0 coup p1",
            "p1 lose ambassador",
            "p1 tax",
            "p3 challenge",
            "p1 concede",
            "p2 income",
        ),
        refused={5: ("p3 income", "p0 income")},
    ),
    CaseDef(
        id="eliminated-seats-are-skipped",
        title="An eliminated seat gets no turn: play passes from the seat before it to the "
        "seat after it.",
        rules=("R-TURN-3", "R-INF-4", "R-TURN-4"),
        config=THREE,
        hands=DEAL,
        coins=(7, 2, 7),
        moves=(
            "p0 coup p1",
            "p1 lose ambassador",
            "p1 income",
            "p2 coup p1",
            "p0 income",
            "p2 income",
            "p0 income",
        ),
        refused={5: ("p1 income",)},
    ),
    CaseDef(
        id="only-the-seats-asked-may-move",
        title="Only the seats the game waits on may move: a window waits on every other "
        "player, a counter window on the target alone, and the others are refused.",
        rules=("R-TURN-4", "R-WIN-2", "R-WIN-3"),
        config=Config(players=4),
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE), (CAPTAIN, CONTESSA)),
        moves=("p0 steal p1", "p1 allow", "p2 allow", "p3 allow", "p1 allow"),
        refused={
            1: ("p0 challenge", "p0 allow", "p1 income"),
            4: ("p2 block captain", "p3 allow", "p0 allow"),
        },
        views=(1, 4),
    ),
    CaseDef(
        id="nobody-moves-after-the-end",
        title="Once one player is left the game is over: nobody is asked, and every move is "
        "refused.",
        rules=("R-TURN-5", "R-INF-6", "R-INF-2", "R-TURN-2"),
        config=Config(players=2, two_player_setup=False),
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA)),
        coins=(14, 2),
        moves=("p0 coup p1", "p1 lose ambassador", "p1 income", "p0 coup p1"),
        refused={4: ("p1 income", "p0 income", "p1 lose contessa", "p0 challenge")},
    ),
    CaseDef(
        id="seats-must-exist",
        title="A move by, or aimed at, a seat that is not at the table is refused.",
        rules=("R-TURN-6",),
        config=THREE,
        hands=DEAL,
        coins=(7, 2, 2),
        moves=("p0 coup p1", "p1 lose contessa"),
        refused={0: ("p3 income", "p0 coup p3", "p0 steal p9"), 1: ("p5 lose contessa",)},
    ),
    CaseDef(
        id="each-decision-takes-its-own-moves",
        title="Each decision accepts only its own kinds of move; a move of another kind is "
        "refused with the rule of the decision awaited.",
        rules=(
            "R-TURN-7",
            "R-TURN-1",
            "R-WIN-2",
            "R-WIN-3",
            "R-WIN-5",
            "R-CHAL-1",
            "R-INF-1",
            "R-ACT-12",
        ),
        config=THREE,
        hands=DEAL,
        court=(ASSASSIN, CONTESSA),
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 block ambassador",
            "p0 challenge",
            "p1 prove",
            "p0 lose duke",
            "p1 exchange",
            "p0 allow",
            "p2 allow",
            "p1 keep ambassador contessa",
        ),
        refused={
            0: ("p0 keep captain duke", "p0 prove"),
            1: ("p1 block ambassador", "p1 income"),
            3: ("p1 challenge", "p1 keep ambassador contessa"),
            4: ("p0 block captain", "p0 income"),
            5: ("p1 allow", "p1 lose contessa"),
            6: ("p0 allow", "p0 keep duke"),
            10: ("p1 allow", "p1 lose contessa", "p1 income"),
        },
    ),
    CaseDef(
        id="a-turn-limit-ends-the-game-as-a-draw",
        title="With the house rule max_turns=3 the game stops as a draw when turn 3 ends with "
        "several players left: nobody wins and nobody may move.",
        rules=("R-TURN-8", "R-TURN-5"),
        config=Config(players=3, max_turns=3),
        hands=DEAL,
        moves=("p0 income", "p1 income", "p2 tax", "p0 allow", "p1 allow"),
        refused={5: ("p0 income",)},
    ),
    CaseDef(
        id="a-win-on-the-last-allowed-turn-is-a-win",
        title="Under a turn limit, a turn that eliminates the last opponent still ends in a "
        "win, not a draw.",
        rules=("R-TURN-8", "R-INF-6"),
        config=Config(players=2, two_player_setup=False, max_turns=3),
        hands=((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA)),
        coins=(7, 2),
        moves=(
            "p0 coup p1",
            "p1 lose ambassador",
            "p1 income",
            "p0 tax",
            "p1 challenge",
            "p0 prove",
        ),
    ),
)
