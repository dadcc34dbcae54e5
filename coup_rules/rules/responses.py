"""Answers in the response windows and to challenges (R-WIN, R-CHAL, R-REF-9, R-REF-10)."""

from __future__ import annotations

from coup_rules.events import Allowed, Blocked, Challenged, Conceded, Proved
from coup_rules.moves import Allow, Assassinate, Block, Challenge, Concede, Embezzle, Prove
from coup_rules.rules.claims import claimed_character
from coup_rules.rules.flow import ASSASSINATE_COST, end_turn, lose_influence, open_counter, resolve
from coup_rules.rules.table import Table
from coup_rules.state import Decision, Pending, Stage

__all__ = ["on_allow", "on_block", "on_challenge", "on_concede", "on_prove"]


def _pending(t: Table) -> Pending:
    assert t.pending is not None
    return t.pending


def on_challenge(t: Table, move: Challenge) -> None:
    """The first challenge closes the window; the claimant must answer it (R-WIN-2, R-WIN-5)."""
    p = _pending(t)
    assert p.action is not None
    if p.kind is Decision.CHALLENGE_ACTION:
        challenged, answer = p.action.player, Decision.ANSWER_ACTION_CHALLENGE
    else:
        assert p.block is not None
        challenged, answer = p.block.player, Decision.ANSWER_BLOCK_CHALLENGE
    t.events.append(Challenged(move.player, challenged))
    t.pending = Pending(
        answer, (challenged,), p.action, p.block, challenger=move.player, claim=p.claim
    )


def on_allow(t: Table, move: Allow) -> None:
    """The seat leaves the window; once all have allowed, the window closes (R-WIN-2)."""
    p = _pending(t)
    assert p.action is not None
    t.events.append(Allowed(move.player, p.kind))
    waiting = tuple(s for s in p.waiting if s != move.player)
    if waiting:
        t.pending = Pending(p.kind, waiting, p.action, p.block, claim=p.claim)
    elif p.kind is Decision.CHALLENGE_ACTION:
        open_counter(t, p.action)
    elif p.kind is Decision.COUNTER:
        resolve(t, p.action)
    else:
        end_turn(t)  # the block stands: the action fails (R-WIN-6)


def on_block(t: Table, move: Block) -> None:
    """A block opens a challenge window for everyone else, the actor included (R-WIN-5)."""
    p = _pending(t)
    t.events.append(Blocked(move.player, move.character))
    others = tuple(s for s in t.living() if s != move.player)
    t.pending = Pending(Decision.CHALLENGE_BLOCK, others, p.action, move, claim=p.claim)


def on_prove(t: Table, move: Prove) -> None:
    """Show the card, return it, draw a replacement; the challenger loses (R-CHAL-3, R-REF-10)."""
    p = _pending(t)
    assert p.action is not None and p.challenger is not None
    if p.kind is Decision.ANSWER_ACTION_CHALLENGE:
        if isinstance(p.action, Embezzle):
            cards = t.players[move.player].hand
        else:
            claim = claimed_character(p.action, t.config)
            assert claim is not None
            cards = (claim,)
        resume = Stage.COUNTER
    else:
        assert p.block is not None
        cards = (p.block.character,)
        resume = Stage.END
    t.events.append(Proved(move.player, cards))
    t.return_cards(move.player, cards, log=False)
    t.draw(move.player, len(cards))
    lose_influence(t, p.challenger, resume, p.action, p.block)


def on_concede(t: Table, move: Concede) -> None:
    """The claimant gives in and loses an influence; the claim fails (R-CHAL-4, R-CHAL-5)."""
    p = _pending(t)
    assert p.action is not None
    t.events.append(Conceded(move.player))
    if p.kind is Decision.ANSWER_ACTION_CHALLENGE:
        if isinstance(p.action, Assassinate):
            t.take(move.player, ASSASSINATE_COST)
        lose_influence(t, move.player, Stage.END, p.action)
    else:
        lose_influence(t, move.player, Stage.RESOLVE, p.action, p.block)
