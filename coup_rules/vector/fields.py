"""The layout of the vector kernel's array, and the numbering it uses (no code).

One row of ``int32[games, fields]`` is one game: the offsets below name its fields. Conventions:

- characters are their rank in ``coup_rules.cards.Character`` (Duke 0, Assassin 1, Captain 2,
  Ambassador 3, Contessa 4, Inquisitor 5); hidden cards, the Court and the set-aside cards are
  counts per rank (the engine keeps them sorted, so a count is the same value);
- a set of seats (who is waited on, who is alive) is a bit mask;
- actions are their row in ``coup_rules.actions.ACTIONS`` (Income 0 ... Embezzle 9), the other
  moves numbered after them in the order ``coup_rules.decisions.spec_of`` lists them, and
  decisions their place in ``coup_rules.decisions.Decision`` plus one (0: the game is over);
  what the table says of each action is in ``P`` (``P_CLAIM`` ... ``P_REFUNDED``);
- ``P`` holds the configuration, ``IX`` the move index of every move shape (``MoveCodec``) and
  ``MV`` the shape of every move index, ``OB`` the place of every observation component, all
  built by ``coup_rules.vector.layout``.

The numbering is derived from the engine's tables (``Decision``, ``ACTIONS``, ``Character``) and
the rules' numbers come from ``coup_rules.constants``. numba's on-disk cache is keyed on each
compiled file alone, not on what it imports: after changing any of those (or this file), delete
``coup_rules/vector/__pycache__`` so that the kernel is compiled again.
"""

from __future__ import annotations

import attrs

from coup_rules.actions import ACTIONS, Aim, Asked
from coup_rules.ai.layout import kernel_slots
from coup_rules.cards import RANK, Allegiance, Character
from coup_rules.constants import MAX_PLAYERS
from coup_rules.decisions import Decision, Stage, spec_of
from coup_rules.events import Pool
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Convert,
    Coup,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GiveBack,
    Income,
    Keep,
    LoseInfluence,
    Prove,
    Show,
    Steal,
    Tax,
)

# --- sizes ---------------------------------------------------------------------------------------
MAXP = MAX_PLAYERS  # seats
NCH = len(Character)  # character ranks
NPLACE = MAXP + 1  # knowledge places: each seat's hand, then the Court

# --- global fields -------------------------------------------------------------------------------
PHASE = 0  # Decision index + 1; 0 once the game is over
WAIT = 1  # seats waited on (bit mask)
ACTIVE = 2
TURN = 3
WINNER = 4  # -1 while none
TREASURY = 5
RESERVE = 6
ACTION = 7  # the turn's action (row of ACTIONS), -1 before one is declared
ACTOR = 8
TARGET = 9  # -1 for an action without target
BLOCKER = 10
BLOCKCH = 11
CHALLENGER = 12
LOSING = 13
RESUME = 14  # stage after an influence choice: ST_COUNTER, ST_RESOLVE, ST_END
KEEPN = 15
SHOWN = 16
LIVING = 17  # bit mask
PBLOCK = 18  # the pending influence choice carries the block
RNG_LO = 19
RNG_HI = 20
NDRAW = 21  # draws made by the last move, their indices from DRAWS on
DRAWS = 22
MAXDRAWS = 6
COURT = DRAWS + MAXDRAWS  # counts per rank
COURTN = COURT + NCH
ASIDE = COURTN + 1
ASIDEN = ASIDE + NCH
SEATS = ASIDEN + 1
# per seat, at SEATS + seat * SEAT_FIELDS
S_COINS = 0
S_HAND = 1  # counts per rank
S_NHAND = S_HAND + NCH
S_REV = S_NHAND + 1  # revealed cards in the order lost (at most 2)
S_NREV = S_REV + 2
S_ALLEG = S_NREV + 1  # -1 none, 0 Loyalist, 1 Reformist
S_CLAIMS = S_ALLEG + 1  # bit mask of ranks claimed and standing
S_LAST = S_CLAIMS + 1  # the claim a Concede would give up, -1 none
# the seat's public record, as CountingBot reads it from the log (coup_rules.bots.counting.read)
S_PROVED = S_LAST + 1  # challenges answered by proving
S_CONCEDED = S_PROVED + 1  # ... by conceding
S_CHALLENGES = S_CONCEDED + 1  # challenges made
S_PASSES = S_CHALLENGES + 1  # challenge windows let pass
S_AID_BLOCKS = S_PASSES + 1  # Foreign Aid blocked
S_AID_PASSES = S_AID_BLOCKS + 1  # Foreign Aid let through
S_RCLAIMS = S_AID_PASSES + 1  # bit mask: Reading.claims
S_RLAST = S_RCLAIMS + 1  # Reading.last_claims: the claim a Concede gives up, -1 none
# what only this seat knows (its own view)
S_DRAFTED = S_RLAST + 1  # the card it drafted (the rest of its set is aside), -1 none
S_SEEN = S_DRAFTED + 1  # + seat: the card that seat showed it and still holds, -1 none
SEAT_FIELDS = S_SEEN + MAXP
KNOW = SEATS + MAXP * SEAT_FIELDS  # [viewer][place][rank] known counts
FIELDS = KNOW + MAXP * NPLACE * NCH  # the most: a game of n seats uses KNOW + n * (n + 1) * NCH

# --- decisions (Decision order, plus one) --------------------------------------------------------
_DECISIONS = tuple(Decision)
D_NONE = 0
D_ALLEGIANCE = _DECISIONS.index(Decision.CHOOSE_ALLEGIANCE) + 1
D_DRAFT = _DECISIONS.index(Decision.DRAFT) + 1
D_ACTION = _DECISIONS.index(Decision.ACTION) + 1
D_CHALLENGE_ACTION = _DECISIONS.index(Decision.CHALLENGE_ACTION) + 1
D_COUNTER = _DECISIONS.index(Decision.COUNTER) + 1
D_CHALLENGE_BLOCK = _DECISIONS.index(Decision.CHALLENGE_BLOCK) + 1
D_ANSWER_ACTION = _DECISIONS.index(Decision.ANSWER_ACTION_CHALLENGE) + 1
D_ANSWER_BLOCK = _DECISIONS.index(Decision.ANSWER_BLOCK_CHALLENGE) + 1
D_LOSE = _DECISIONS.index(Decision.LOSE_INFLUENCE) + 1
D_KEEP = _DECISIONS.index(Decision.KEEP) + 1
D_SHOW = _DECISIONS.index(Decision.SHOW) + 1
D_INQUISITOR = _DECISIONS.index(Decision.INQUISITOR_CHOICE) + 1
NDECISIONS = len(_DECISIONS)
PHASE_OF: dict[Decision, int] = {d: i + 1 for i, d in enumerate(_DECISIONS)}
"""The ``PHASE`` of a pending decision of each kind (``pending.kind``)."""

# --- actions (rows of ACTIONS) -------------------------------------------------------------------
# Named rows are for the effects the kernel writes by hand (rules.flow.resolve); what the table
# says of every action (claim, cost, aim, blockers, who is asked) is read from P (below).
_ROWS = [spec.move for spec in ACTIONS]
A_INCOME = _ROWS.index(Income)
A_FOREIGN_AID = _ROWS.index(ForeignAid)
A_COUP = _ROWS.index(Coup)
A_TAX = _ROWS.index(Tax)
A_ASSASSINATE = _ROWS.index(Assassinate)
A_STEAL = _ROWS.index(Steal)
A_EXCHANGE = _ROWS.index(Exchange)
A_EXAMINE = _ROWS.index(Examine)
A_CONVERT = _ROWS.index(Convert)
A_EMBEZZLE = _ROWS.index(Embezzle)
NACTIONS = len(ACTIONS)

# --- move kinds (MV[:, 0]): the actions by row, then every other move class answering a decision --
ANSWERS: tuple[type, ...] = tuple(
    dict.fromkeys(cls for d in Decision for cls in spec_of(d).moves if cls not in set(_ROWS))
)
"""The move classes that answer a decision other than the turn's action, in the order the
decisions list them (``coup_rules.decisions.spec_of``): kinds ``NACTIONS`` on."""
MOVE_KIND: dict[type, int] = {
    **{cls: row for row, cls in enumerate(_ROWS)},
    **{cls: NACTIONS + i for i, cls in enumerate(ANSWERS)},
}
"""The kernel's number of every move class."""
M_CHALLENGE = MOVE_KIND[Challenge]
M_BLOCK = MOVE_KIND[Block]
M_ALLOW = MOVE_KIND[Allow]
M_PROVE = MOVE_KIND[Prove]
M_CONCEDE = MOVE_KIND[Concede]
M_LOSE = MOVE_KIND[LoseInfluence]
M_KEEP = MOVE_KIND[Keep]
M_SHOW = MOVE_KIND[Show]
M_GIVE_BACK = MOVE_KIND[GiveBack]
M_FORCE = MOVE_KIND[ForceExchange]
M_DRAFT = MOVE_KIND[Draft]
M_CHOOSE = MOVE_KIND[ChooseAllegiance]

# --- IX: the move index of each shape (-1: not in this game) --------------------------------------
# A shape is a move class and its arguments other than the player (MoveCodec's shapes): one slot
# for a move without any, one per character or allegiance, and for Keep one per card kept alone
# then one per pair (rank * NCH + rank).
_ARGUMENT_SLOTS = {(): 1, ("character",): NCH, ("allegiance",): len(Allegiance)}


def _slots(cls: type) -> int:
    names = tuple(a.name for a in attrs.fields(cls) if a.name != "player")
    if names == ("cards",):  # Keep: one card, or two
        return NCH + NCH * NCH
    return _ARGUMENT_SLOTS[names]


IX_AT: dict[type, int] = {}
"""Where each answer class's slots start in ``IX`` (the actions take the first ``NACTIONS``)."""
_at = NACTIONS
for _cls in ANSWERS:
    IX_AT[_cls] = _at
    _at += _slots(_cls)
IX_SIZE = _at
I_ACT = 0  # + action: index of the untargeted action, or of target seat 0
I_CHALLENGE = IX_AT[Challenge]
I_ALLOW = IX_AT[Allow]
I_PROVE = IX_AT[Prove]
I_CONCEDE = IX_AT[Concede]
I_GIVE_BACK = IX_AT[GiveBack]
I_FORCE = IX_AT[ForceExchange]
I_BLOCK = IX_AT[Block]  # + rank
I_LOSE = IX_AT[LoseInfluence]  # + rank
I_KEEP1 = IX_AT[Keep]  # + rank
I_KEEP2 = I_KEEP1 + NCH  # + rank * NCH + rank
I_SHOW = IX_AT[Show]  # + rank
I_DRAFT = IX_AT[Draft]  # + rank
I_CHOOSE = IX_AT[ChooseAllegiance]  # + allegiance

# --- P: the configuration ------------------------------------------------------------------------
P_PLAYERS = 0
P_INQUISITOR = 1
P_REFORMATION = 2
P_TWO_PLAYER_SETUP = 3
P_FIRST = 4
P_MAX_TURNS = 5  # 0: no limit
P_COINS = 6
P_COPIES = 7
P_TRACK = 8
P_EXCHANGER = 9
P_CHARS = 10  # bit mask of the ranks in the deck
P_FIELDS = 11  # the row length of this game: KNOW + players * (players + 1) * NCH
# what ACTIONS says of each action in this game, at P_... + action (layout._params reads it)
P_CLAIM = 12  # the character claimed (the exchanger resolved), -1 for none
P_DISCLAIM = P_CLAIM + NACTIONS  # the character claimed not to be held (Embezzle), -1 none
P_CHALLENGEABLE = P_DISCLAIM + NACTIONS  # 1: opens a challenge window (R-WIN-2)
P_COST = P_CHALLENGEABLE + NACTIONS  # coins paid on declaring (R-ACT-9)
P_SELF_COST = P_COST + NACTIONS  # ... when the target is the actor
P_POOL = P_SELF_COST + NACTIONS  # where the cost goes: POOL_TREASURY or POOL_RESERVE
P_AIM = P_POOL + NACTIONS  # AIM_NONE, AIM_OPPONENT or AIM_LIVING
P_ASKED = P_AIM + NACTIONS  # who the counter window asks: ASK_NOBODY, ASK_OPPONENTS, ASK_TARGET
P_BLOCKERS = P_ASKED + NACTIONS  # bit mask of the ranks that block it in this game (R-WIN-3)
P_REFUNDED = P_BLOCKERS + NACTIONS  # 1: its cost comes back on a conceded challenge (R-CHAL-5)
P_SIZE = P_REFUNDED + NACTIONS
AIM_NONE, AIM_OPPONENT, AIM_LIVING = (
    list(Aim).index(a) for a in (Aim.NONE, Aim.OPPONENT, Aim.LIVING)
)
ASK_NOBODY, ASK_OPPONENTS, ASK_TARGET = (
    list(Asked).index(a) for a in (Asked.NOBODY, Asked.OPPONENTS, Asked.TARGET)
)
POOL_TREASURY, POOL_RESERVE = (list(Pool).index(p) for p in (Pool.TREASURY, Pool.RESERVE))

# --- stages after a step (Stage, plus waiting) ---------------------------------------------------
STAGE_CODE: dict[Stage, int] = {stage: i + 1 for i, stage in enumerate(Stage)}
"""The kernel's number of each ``Stage`` (``RESUME``, and what a step returns); 0 is waiting."""
ST_WAIT = 0
ST_COUNTER = STAGE_CODE[Stage.COUNTER]
ST_RESOLVE = STAGE_CODE[Stage.RESOLVE]
ST_END = STAGE_CODE[Stage.END]

# --- where each field of a pending decision lives in the row (coup_rules.vector.convert) ----------
PENDING_SLOTS: dict[str, tuple[int, ...]] = {
    "waiting": (WAIT,),
    "action": (ACTION, ACTOR, TARGET),
    "claim": (ACTION,),  # read as the claim of the action there (P_CLAIM), never written
    "block": (BLOCKER, BLOCKCH, PBLOCK),  # PBLOCK: whether a ``Block | None`` holds one
    "challenger": (CHALLENGER,),
    "resume": (RESUME,),
    "keep": (KEEPN,),
    "seat": (LOSING,),  # a property (InfluenceChoice.seat), written for the observation
}
"""The row fields of every field of the ``Pending`` classes, by the field's name (a property
named here is written too, never read back); how each is encoded follows from its type
(``convert.pending_table``). A new decision whose fields all have these names needs nothing
else in the row; a field of a new name fails at the import of ``convert``, naming it."""

DUKE = RANK[Character.DUKE]
ASSASSIN = RANK[Character.ASSASSIN]
CAPTAIN = RANK[Character.CAPTAIN]
CONTESSA = RANK[Character.CONTESSA]
INQUISITOR = RANK[Character.INQUISITOR]

MAX_MOVES = 128  # more than any seat ever has (10 Coup targets ... 36 Keeps)

# OB: where each piece of the observation starts among the kernel's slots, read off the one
# declaration (coup_rules.ai.layout: a seat piece takes MAXP slots, or MAXP * NCH per character;
# layout._observation places each slot in the encoder's vector). Module-level integers, so
# numba compiles them in as constants.
_SLOT = kernel_slots()
O_ME = _SLOT["ME"]
O_COINS = _SLOT["COINS"]
O_HIDDEN = _SLOT["HIDDEN"]
O_ALIVE = _SLOT["ALIVE"]
O_LOYALIST = _SLOT["LOYALIST"]
O_REFORMIST = _SLOT["REFORMIST"]
O_REV = _SLOT["REV"]
O_CLAIMS = _SLOT["CLAIMS"]
O_KNOWN = _SLOT["KNOWN"]
O_COURT_KNOWN = _SLOT["COURT_KNOWN"]
O_TREASURY = _SLOT["TREASURY"]
O_RESERVE = _SLOT["RESERVE"]
O_COURT_SIZE = _SLOT["COURT_SIZE"]
O_SET_ASIDE = _SLOT["SET_ASIDE"]
O_TURN = _SLOT["TURN"]
O_ACTIVE = _SLOT["ACTIVE"]
O_TO_ACT = _SLOT["TO_ACT"]
O_PENDING = _SLOT["PENDING"]
O_ACTION = _SLOT["ACTION"]
O_ACTOR = _SLOT["ACTOR"]
O_TARGET = _SLOT["TARGET"]
O_CLAIM = _SLOT["CLAIM"]
O_BLOCK = _SLOT["BLOCK"]
O_BLOCKER = _SLOT["BLOCKER"]
O_CHALLENGER = _SLOT["CHALLENGER"]
O_LOSING = _SLOT["LOSING"]
O_KEEP = _SLOT["KEEP"]
O_SHOWN = _SLOT["SHOWN"]
O_WINNER = _SLOT["WINNER"]
OB_SIZE = _SLOT["SIZE"]
