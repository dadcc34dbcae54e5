"""The immutable game state and the typed description of the decision being waited on."""

from __future__ import annotations

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import Decision, Stage
from coup_rules.log import Log
from coup_rules.moves import ActionMove, Block, Move

__all__ = ["Decision", "GameState", "Pending", "PlayerState", "Stage"]


@attrs.frozen
class PlayerState:
    """One seat at the table.

    Attributes:
        seat: the seat index.
        coins: coins in front of the player.
        hand: hidden cards, sorted (up to 4 while an Exchange is being decided).
        revealed: face-up cards, in the order they were lost.
        allegiance: Reformation allegiance, ``None`` outside Reformation (and before it is set).
    """

    seat: int
    coins: int
    hand: tuple[Character, ...]
    revealed: tuple[Character, ...] = ()
    allegiance: Allegiance | None = None

    @property
    def alive(self) -> bool:
        """True while the player has a hidden card (R-INF-4)."""
        return bool(self.hand)


@attrs.frozen
class Pending:
    """A public description of the decision being waited on.

    Attributes:
        kind: what is being decided.
        waiting: the seats still to answer, ascending (all of them are in ``to_act``).
        action: the action declared this turn, with its actor and target (``None`` in setup and
            before the action is declared).
        block: the block made against it, with the blocker and claimed character.
        challenger: who challenged the claim now being answered.
        resume: after ``LOSE_INFLUENCE``, where the turn goes on.
        keep: for ``KEEP``, how many cards the exchanger keeps.
        claim: the character the action claims (the Duke for Tax, the Ambassador or the
            Inquisitor for Exchange, ...); ``None`` for actions that claim none and for Embezzle,
            which claims *not* to hold the Duke. A block's claim is ``block.character``.
    """

    kind: Decision
    waiting: tuple[int, ...]
    action: ActionMove | None = None
    block: Block | None = None
    challenger: int | None = None
    resume: Stage | None = None
    keep: int = 0
    claim: Character | None = None

    @property
    def actor(self) -> int | None:
        """The seat whose action this is."""
        return None if self.action is None else self.action.player

    @property
    def target(self) -> int | None:
        """The action's target, if it has one."""
        return getattr(self.action, "target", None)

    @property
    def blocker(self) -> int | None:
        """The seat that blocked, if any."""
        return None if self.block is None else self.block.player


@attrs.frozen
class GameState:
    """A complete, immutable game position. Build it with ``new_game``; advance it with ``apply``.

    Attributes:
        config: the game's options.
        players: every seat, in seat order.
        treasury: coins in the Treasury.
        reserve: coins on the Treasury Reserve (Reformation; 0 otherwise).
        court: the Court's cards, sorted (their order means nothing).
        aside: cards set aside out of play, face down, sorted (the 2-player setup's unpicked
            cards, or what a fixed deal leaves out). Hidden from every view.
        active: the seat whose turn it is.
        turn: turns begun: 0 during setup, 1 on the first turn.
        winner: the last player standing, once the game is over.
        pending: the decision being waited on; ``None`` when the game is over.
        log: everything that happened, in order.
        seed: the seed of the game's chance (R-INFO-5). Secret: never in a view.
        draws: how many random picks have been taken from the seed so far.
        shown: the card shown to the Inquisitor during an Examine (private).
    """

    config: Config
    players: tuple[PlayerState, ...]
    treasury: int
    reserve: int
    court: tuple[Character, ...]
    aside: tuple[Character, ...]
    active: int
    turn: int
    winner: int | None
    pending: Pending | None
    log: Log = attrs.field(repr=False)
    seed: int = attrs.field(repr=False)
    draws: int = 0
    shown: Character | None = None
    _legal: dict[int, tuple[Move, ...]] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    """A private cache of ``legal_moves`` per seat: not part of the value, equality or JSON."""

    @property
    def is_over(self) -> bool:
        """True once one player is left."""
        return self.winner is not None

    @property
    def set_aside(self) -> int:
        """How many cards are out of play, face down."""
        return len(self.aside)

    @property
    def key(self) -> tuple[object, ...]:
        """A hashable key of the position, without its history: for transposition tables.

        Two states with equal keys have the same legal moves and the same future for the same
        moves, chance included (the seed and the draw counter are part of the key); only their
        logs and turn numbers may differ. Hashing it costs O(players), not O(game).
        """
        return (
            self.config,
            self.players,
            self.treasury,
            self.reserve,
            self.court,
            self.aside,
            self.active,
            self.winner,
            self.pending,
            self.shown,
            self.seed,
            self.draws,
        )

    @property
    def living(self) -> tuple[int, ...]:
        """The seats still in the game, ascending."""
        return tuple(p.seat for p in self.players if p.hand)
