"""The course of a turn: declaring, the response windows, resolving and ending it (R-TURN, R-WIN).

Each function moves the ``Scratch`` forward until the next decision that needs a player, which it
sets in ``scratch.pending``. The order of the windows is fixed (R-WIN-1): a challenge window on
the action's claim, a counter window, a challenge window on the block, then the effect. What an
action claims, costs and who may block it come from ``coup_rules.actions``; only its effect is
written here, in ``resolve``.
"""

from __future__ import annotations

from typing import assert_never

from coup_rules.actions import SPECS, Asked, claimed_character, cost_of
from coup_rules.cards import Character
from coup_rules.constants import EXCHANGE_DRAWS, INQUISITOR_EXCHANGE_DRAWS, STEAL_COINS
from coup_rules.decisions import Stage
from coup_rules.events import (
    ActionDeclared,
    AllegianceChanged,
    CardShown,
    Drawn,
    Pool,
    TurnStarted,
)
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
from coup_rules.records import (
    ActionChoice,
    ChallengeActionWindow,
    CounterWindow,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    ShowChoice,
)
from coup_rules.rules.allegiance import opponents
from coup_rules.rules.scratch import Scratch
from coup_rules.state import Seat

__all__ = ["continue_turn", "declare", "end_turn", "lose_influence", "open_counter", "resolve"]


def start_turn(t: Scratch, seat: int) -> None:
    """Turn ``t.turn + 1`` begins for ``seat`` (R-TURN-1)."""
    t.turn += 1
    t.active = seat
    t.events.append((TurnStarted, seat, t.turn))
    t.pending = ActionChoice((seat,))


def end_turn(t: Scratch) -> None:
    """The next living seat after the actor plays next (R-TURN-3), unless the house rule's turn
    limit is reached: then the game ends in a draw (R-TURN-8)."""
    t.shown = None
    limit = t.config.max_turns
    if limit is not None and t.turn >= limit:
        t.pending = None
        t.events.append((Drawn, t.turn))
        return
    n = len(t.players)
    seat = t.active
    for step in range(1, n + 1):
        seat = (t.active + step) % n
        if t.players[seat].hand:
            break
    start_turn(t, seat)


def _claim(t: Scratch, action: ActionMove) -> Character | None:
    return claimed_character(action, t.config.exchanger)


def declare(t: Scratch, action: ActionMove) -> None:
    """The active player declares ``action`` and pays its cost at once (R-ACT-9)."""
    t.events.append((ActionDeclared, action))
    spec = SPECS[type(action)]
    cost = cost_of(action)
    if cost:
        t.pay(action.player, cost, spec.pool)
    if spec.challengeable:
        actor = action.player
        others = tuple([s for s in t.living if s != actor])
        t.pending = ChallengeActionWindow(others, action, _claim(t, action))
    else:
        open_counter(t, action)


def _asked_to_block(t: Scratch, action: ActionMove) -> tuple[int, ...]:
    """The seats asked in the counter window: Foreign Aid's possible blockers, or the target."""
    asked = SPECS[type(action)].asked
    if asked is Asked.OPPONENTS:
        return opponents(t.players, action.player, t.config.reformation)
    if asked is Asked.TARGET:
        target: int | None = getattr(action, "target", None)
        return (target,) if target is not None and t.players[target].hand else ()
    return ()


def open_counter(t: Scratch, action: ActionMove) -> None:
    """The action's claim stands: open the counter window, or resolve (R-WIN-3, R-WIN-4)."""
    asked = _asked_to_block(t, action)
    if asked:
        t.pending = CounterWindow(asked, action, _claim(t, action))
    else:
        resolve(t, action)


def resolve(t: Scratch, action: ActionMove) -> None:
    """The action takes effect (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8)."""
    actor = action.player
    match action:
        case Income() | ForeignAid() | Tax():
            t.take(actor, SPECS[type(action)].gain)
        case Coup() | Assassinate():
            if t.players[action.target].hand:
                lose_influence(t, action.target, Stage.END, action)
                return
        case Steal():
            target = t.players[action.target]
            if target.hand:
                t.transfer(action.target, actor, min(STEAL_COINS, target.coins))
        case Exchange():
            keep = len(t.players[actor].hand)
            draws = INQUISITOR_EXCHANGE_DRAWS if t.config.inquisitor else EXCHANGE_DRAWS
            t.draw(actor, draws)
            t.pending = KeepChoice((actor,), action, t.config.exchanger, keep)
            return
        case Examine():
            if _open_examine(t, action):
                return
        case Convert():
            _convert(t, action.target)
        case Embezzle():
            t.take(actor, t.reserve, Pool.RESERVE)
        case _:
            assert_never(action)
    end_turn(t)


def _open_examine(t: Scratch, action: Examine) -> bool:
    """Ask the target to show a card; with one hidden card it is shown at once (R-INQ-4)."""
    hand = t.players[action.target].hand
    if not hand:
        return False
    if len(hand) == 1:
        show_card(t, action, hand[0])
    else:
        t.pending = ShowChoice((action.target,), action)
    return True


def show_card(t: Scratch, action: Examine, card: Character) -> None:
    """The target shows ``card`` to the Inquisitor, who then decides (R-INQ-4)."""
    t.shown = card
    t.events.append((CardShown, action.target, action.player, card))
    t.pending = InquisitorChoice((action.player,), action)


def _convert(t: Scratch, seat: int) -> None:
    p = t.players[seat]
    assert p.allegiance is not None
    flipped = p.allegiance.other
    t.players[seat] = Seat(coins=p.coins, hand=p.hand, revealed=p.revealed, allegiance=flipped)
    t.events.append((AllegianceChanged, seat, flipped))


def lose_influence(
    t: Scratch, seat: int, resume: Stage, action: ActionMove, block: Block | None = None
) -> None:
    """``seat`` loses one influence, then the turn goes on at ``resume`` (R-INF-1, R-INF-2).

    ``action`` and ``block`` are the turn's, named in the pending decision while ``seat`` chooses.
    """
    hand = t.players[seat].hand
    if len(hand) == 1:
        t.reveal(seat, hand[0])
        if t.winner is None:
            continue_turn(t, resume, action)
        return
    t.pending = InfluenceChoice((seat,), action, _claim(t, action), block, resume)


def continue_turn(t: Scratch, stage: Stage, action: ActionMove) -> None:
    """Go on with the turn's ``action`` from ``stage``."""
    if stage is Stage.COUNTER:
        open_counter(t, action)
    elif stage is Stage.RESOLVE:
        resolve(t, action)
    else:
        end_turn(t)
