"""Answers in the response windows and to challenges (R-WIN, R-CHAL, R-REF-9, R-REF-10)."""

from __future__ import annotations

from coup_rules.actions import SPECS, cost_of
from coup_rules.cards import Character
from coup_rules.decisions import Stage
from coup_rules.events import Allowed, Blocked, Conceded, Proved
from coup_rules.moves import Allow, Block, Challenge, Concede, Prove
from coup_rules.records import (
    ActionChallengeAnswer,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
)
from coup_rules.rules.flow import end_turn, lose_influence, open_counter, resolve
from coup_rules.rules.scratch import Scratch

__all__ = ["answer_to", "on_allow", "on_block", "on_concede", "on_prove", "window_waiting_on"]

Window = ChallengeActionWindow | CounterWindow | ChallengeBlockWindow
ChallengeWindow = ChallengeActionWindow | ChallengeBlockWindow
Answer = ActionChallengeAnswer | BlockChallengeAnswer


def answer_to(p: ChallengeWindow, move: Challenge) -> tuple[Answer, int]:
    """The claimant's answer that a challenge opens, and the claimant (R-WIN-2, R-WIN-5)."""
    if isinstance(p, ChallengeActionWindow):
        challenged = p.action.player
        answer: Answer = ActionChallengeAnswer((challenged,), p.action, p.claim, move.player)
        return answer, challenged
    challenged = p.block.player
    answer = BlockChallengeAnswer((challenged,), p.action, p.claim, p.block, move.player)
    return answer, challenged


def on_allow(t: Scratch, p: Window, move: Allow) -> None:
    """The last seat asked allows, and the window closes (R-WIN-2, R-WIN-3, R-WIN-5).

    An Allow that leaves other seats to answer only narrows the window (``window_waiting_on``), and
    a Challenge only opens the claimant's answer (``answer_to``): ``rules.step`` plays both on the
    core directly, without a ``Scratch``.
    """
    t.events.append((Allowed, move.player, p.kind))
    if isinstance(p, ChallengeActionWindow):
        open_counter(t, p.action)
    elif isinstance(p, CounterWindow):
        resolve(t, p.action)
    else:
        end_turn(t)  # the block stands: the action fails (R-WIN-6)


def window_waiting_on(p: Window, waiting: tuple[int, ...]) -> Window:
    """The same window, waiting on fewer seats."""
    if isinstance(p, ChallengeBlockWindow):
        return ChallengeBlockWindow(waiting, p.action, p.claim, p.block)
    if isinstance(p, CounterWindow):
        return CounterWindow(waiting, p.action, p.claim)
    return ChallengeActionWindow(waiting, p.action, p.claim)


def on_block(t: Scratch, p: CounterWindow, move: Block) -> None:
    """A block opens a challenge window for everyone else, the actor included (R-WIN-5)."""
    t.events.append((Blocked, move.player, move.character))
    others = tuple([s for s in t.living if s != move.player])
    t.pending = ChallengeBlockWindow(others, p.action, p.claim, move)


def _proof(t: Scratch, p: Answer, seat: int) -> tuple[Character, ...]:
    """The cards the claimant shows: the claimed one, or the whole hand for an action that
    claims not to hold a character (Embezzle, R-REF-9)."""
    if isinstance(p, BlockChallengeAnswer):
        return (p.block.character,)
    if SPECS[type(p.action)].disclaims is not None:
        return t.players[seat].hand
    assert p.claim is not None  # every other challengeable action claims a character
    return (p.claim,)


def on_prove(t: Scratch, p: Answer, move: Prove) -> None:
    """Show the card, return it, draw a replacement; the challenger loses (R-CHAL-3, R-REF-10)."""
    cards = _proof(t, p, move.player)
    t.events.append((Proved, move.player, cards))
    t.return_cards(move.player, cards, log=False)
    t.draw(move.player, len(cards))
    if isinstance(p, ActionChallengeAnswer):
        lose_influence(t, p.challenger, Stage.COUNTER, p.action)
    else:
        lose_influence(t, p.challenger, Stage.END, p.action, p.block)


def on_concede(t: Scratch, p: Answer, move: Concede) -> None:
    """The claimant gives in and loses an influence; the claim fails (R-CHAL-4, R-CHAL-5)."""
    t.events.append((Conceded, move.player))
    if isinstance(p, ActionChallengeAnswer):
        spec = SPECS[type(p.action)]
        if spec.refunded:
            t.take(move.player, cost_of(p.action), spec.pool)
        lose_influence(t, move.player, Stage.END, p.action)
    else:
        lose_influence(t, move.player, Stage.RESOLVE, p.action, p.block)
