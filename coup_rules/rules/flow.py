"""The course of a turn: declaring, the response windows, resolving and ending it (R-TURN, R-WIN).

Each function moves the ``Table`` forward until the next decision that needs a player, which it
records in ``table.pending``. The order of the windows is fixed (R-WIN-1): a challenge window on
the action's claim, a counter window, a challenge window on the block, then the effect.
"""

from __future__ import annotations

from coup_rules.cards import Character
from coup_rules.events import ActionDeclared, AllegianceChanged, CardShown, Pool, TurnStarted
from coup_rules.moves import (
    ActionMove,
    Assassinate,
    Block,
    Convert,
    Coup,
    Embezzle,
    Examine,
    Exchange,
    ForeignAid,
    Income,
    Steal,
    Tax,
)
from coup_rules.rules.allegiance import opponents
from coup_rules.rules.claims import claimed_character, is_challengeable
from coup_rules.rules.table import Table
from coup_rules.state import Decision, Pending, PlayerState, Stage

__all__ = ["advance", "declare", "end_turn", "lose_influence", "start_turn"]

COUP_COST = 7
ASSASSINATE_COST = 3
EXCHANGE_DRAWS = 2
INQUISITOR_EXCHANGE_DRAWS = 1


def start_turn(t: Table, seat: int) -> None:
    """Turn ``t.turn + 1`` begins for ``seat`` (R-TURN-1)."""
    t.turn += 1
    t.active = seat
    t.events.append(TurnStarted(seat, t.turn))
    t.pending = Pending(Decision.ACTION, (seat,))


def end_turn(t: Table) -> None:
    """The next living seat after the actor plays next (R-TURN-3)."""
    t.shown = None
    n = len(t.players)
    seat = t.active
    for step in range(1, n + 1):
        seat = (t.active + step) % n
        if t.players[seat].hand:
            break
    start_turn(t, seat)


def _cost(action: ActionMove) -> tuple[int, Pool]:
    if isinstance(action, Coup):
        return COUP_COST, Pool.TREASURY
    if isinstance(action, Assassinate):
        return ASSASSINATE_COST, Pool.TREASURY
    if isinstance(action, Convert):
        return (1 if action.target == action.player else 2), Pool.RESERVE
    return 0, Pool.TREASURY


def declare(t: Table, action: ActionMove) -> None:
    """The active player declares ``action`` and pays its cost at once (R-ACT-9)."""
    t.events.append(ActionDeclared(action))
    cost, pool = _cost(action)
    if cost:
        t.pay(action.player, cost, pool)
    if is_challengeable(action):
        others = tuple(s for s in t.living() if s != action.player)
        t.pending = Pending(
            Decision.CHALLENGE_ACTION, others, action, claim=claimed_character(action, t.config)
        )
    else:
        open_counter(t, action)


def _blockers(t: Table, action: ActionMove) -> tuple[int, ...]:
    """The seats asked in the counter window: Foreign Aid's possible blockers, or the target."""
    if isinstance(action, ForeignAid):
        return opponents(t.players, action.player, t.config.reformation)
    if isinstance(action, Assassinate | Steal):
        return (action.target,) if t.players[action.target].hand else ()
    return ()


def open_counter(t: Table, action: ActionMove) -> None:
    """The action's claim stands: open the counter window, or resolve (R-WIN-3, R-WIN-4)."""
    blockers = _blockers(t, action)
    if blockers:
        claim = claimed_character(action, t.config)
        t.pending = Pending(Decision.COUNTER, blockers, action, claim=claim)
    else:
        resolve(t, action)


def resolve(t: Table, action: ActionMove) -> None:
    """The action takes effect (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8)."""
    actor = action.player
    if isinstance(action, Income):
        t.take(actor, 1)
    elif isinstance(action, ForeignAid):
        t.take(actor, 2)
    elif isinstance(action, Tax):
        t.take(actor, 3)
    elif isinstance(action, Coup | Assassinate):
        if t.players[action.target].hand:
            lose_influence(t, action.target, Stage.END, action)
            return
    elif isinstance(action, Steal):
        target = t.players[action.target]
        if target.hand:
            t.transfer(action.target, actor, min(2, target.coins))
    elif isinstance(action, Exchange):
        keep = len(t.players[actor].hand)
        draws = INQUISITOR_EXCHANGE_DRAWS if t.config.inquisitor else EXCHANGE_DRAWS
        t.draw(actor, draws)
        t.pending = Pending(Decision.KEEP, (actor,), action, keep=keep, claim=t.config.exchanger)
        return
    elif isinstance(action, Examine):
        if _open_examine(t, action):
            return
    elif isinstance(action, Convert):
        _convert(t, action.target)
    elif isinstance(action, Embezzle):
        t.take(actor, t.reserve, Pool.RESERVE)
    end_turn(t)


def _open_examine(t: Table, action: Examine) -> bool:
    """Ask the target to show a card; with one hidden card it is shown at once (R-INQ-4)."""
    hand = t.players[action.target].hand
    if not hand:
        return False
    if len(hand) == 1:
        show_card(t, action, hand[0])
    else:
        t.pending = Pending(Decision.SHOW, (action.target,), action, claim=Character.INQUISITOR)
    return True


def show_card(t: Table, action: Examine, card: Character) -> None:
    """The target shows ``card`` to the Inquisitor, who then decides (R-INQ-4)."""
    t.shown = card
    t.events.append(CardShown(action.target, action.player, card))
    t.pending = Pending(
        Decision.INQUISITOR_CHOICE, (action.player,), action, claim=Character.INQUISITOR
    )


def _convert(t: Table, seat: int) -> None:
    p = t.players[seat]
    assert p.allegiance is not None
    flipped = p.allegiance.other
    t.players[seat] = PlayerState(p.seat, p.coins, p.hand, p.revealed, flipped)
    t.events.append(AllegianceChanged(seat, flipped))


def lose_influence(
    t: Table, seat: int, resume: Stage, action: ActionMove, block: Block | None = None
) -> None:
    """``seat`` loses one influence, then the turn goes on at ``resume`` (R-INF-1, R-INF-2).

    ``action`` and ``block`` are the turn's, named in the pending decision while ``seat`` chooses.
    """
    hand = t.players[seat].hand
    if len(hand) == 1:
        t.reveal(seat, hand[0])
        if t.winner is None:
            advance(t, resume, action)
        return
    claim = claimed_character(action, t.config)
    t.pending = Pending(Decision.LOSE_INFLUENCE, (seat,), action, block, resume=resume, claim=claim)


def advance(t: Table, stage: Stage, action: ActionMove) -> None:
    """Go on with the turn's ``action`` from ``stage``."""
    if stage is Stage.COUNTER:
        open_counter(t, action)
    elif stage is Stage.RESOLVE:
        resolve(t, action)
    else:
        end_turn(t)
