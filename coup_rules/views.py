"""What one player may know: ``view`` builds a ``PlayerView`` (R-INFO-1 to R-INFO-6).

A view is built field by field from the public facts of the game plus what the viewer has been
shown; it never starts from a copy of the state. Nothing in it depends on the seed, the draw
counter, the Court's contents, the set-aside cards or another player's hidden cards, except
through events that the viewer was shown.
"""

from __future__ import annotations

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config, for_views
from coup_rules.decisions import InquisitorChoice, Pending
from coup_rules.engine import legal_moves, to_act
from coup_rules.events import CardsDrawn, CardShown, CardsReturned, Dealt, Drafted, Event
from coup_rules.integers import as_in_range
from coup_rules.moves import Move
from coup_rules.state import GameState, PlayerState

__all__ = ["PlayerView", "SeatView", "may_see", "redact", "view"]


@attrs.frozen
class SeatView:
    """One seat as a viewer sees it.

    Attributes:
        seat: the seat index.
        coins: coins in front of the player.
        revealed: face-up cards, in the order they were lost.
        allegiance: Reformation allegiance (``None`` outside Reformation or before it is set).
        alive: whether the player still has a hidden card.
        hidden: how many hidden cards the player holds.
        hand: the hidden cards themselves, sorted: only in the viewer's own seat, ``None`` in
            every other seat and for a spectator.
    """

    seat: int
    coins: int
    revealed: tuple[Character, ...]
    allegiance: Allegiance | None
    alive: bool
    hidden: int
    hand: tuple[Character, ...] | None


@attrs.frozen
class PlayerView:
    """Everything one seat (or a spectator) may know about a game (R-INFO-1, R-INFO-2).

    Attributes:
        seat: the viewer's seat; ``None`` for a spectator.
        config: the game's options (public).
        players: every seat, in seat order; hidden cards only in the viewer's own seat.
        treasury: coins in the Treasury.
        reserve: coins on the Treasury Reserve (Reformation; 0 otherwise).
        court_size: how many cards the Court holds (never which).
        set_aside: how many cards are out of play, face down (never which).
        active: the seat whose turn it is.
        turn: turns begun: 0 during setup, 1 on the first turn.
        winner: the last player standing, once the game is over.
        to_act: the seats being waited on, ascending.
        pending: the public description of the decision being waited on.
        legal_moves: the viewer's own legal moves now (empty for a spectator).
        shown: the card shown in an Examine, while the Inquisitor decides, for the Inquisitor
            and the target only; ``None`` otherwise.
        log: the events from ``log_start`` on, private fields redacted for this viewer.
        log_start: the index in the full log of the first event in ``log``.
        log_length: the full log's length (pass it as ``since`` next time).
    """

    seat: int | None
    config: Config
    players: tuple[SeatView, ...]
    treasury: int
    reserve: int
    court_size: int
    set_aside: int
    active: int
    turn: int
    winner: int | None
    to_act: tuple[int, ...]
    pending: Pending | None
    legal_moves: tuple[Move, ...]
    shown: Character | None
    log: tuple[Event, ...]
    log_start: int
    log_length: int


def may_see(event: Event, viewer: int | None) -> bool:
    """Whether ``viewer`` may see ``event`` whole, its private card fields included (R-INFO-2).

    Public events (everything but ``Dealt``, ``Drafted``, ``CardsDrawn``, ``CardsReturned`` and
    ``CardShown``) are seen whole by everyone, spectators included.
    """
    if isinstance(event, Dealt | Drafted | CardsDrawn):
        return viewer == event.player
    if isinstance(event, CardsReturned):
        return viewer is not None and viewer in (event.player, event.witness)
    if isinstance(event, CardShown):
        return viewer is not None and viewer in (event.player, event.to)
    return True


def redact(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` sees it: its private card field ``None`` unless they may see it.

    The redacted form is a new event of the same class, built from the public fields only.
    """
    if may_see(event, viewer):
        return event
    if isinstance(event, Dealt):
        return Dealt(event.player, event.count, None)
    if isinstance(event, Drafted):
        return Drafted(event.player, None)
    if isinstance(event, CardsDrawn):
        return CardsDrawn(event.player, event.count, None)
    if isinstance(event, CardsReturned):
        return CardsReturned(event.player, event.count, None, event.witness)
    assert isinstance(event, CardShown)
    return CardShown(event.player, event.to, None)


def _seat_view(p: PlayerState, viewer: int | None) -> SeatView:
    own = viewer == p.seat
    return SeatView(
        seat=p.seat,
        coins=p.coins,
        revealed=p.revealed,
        allegiance=p.allegiance,
        alive=bool(p.hand),
        hidden=len(p.hand),
        hand=p.hand if own else None,
    )


def _shown(state: GameState, viewer: int | None) -> Character | None:
    """The examined card, for the Inquisitor and the target while the Inquisitor decides."""
    pending = state.pending
    if viewer is None or not isinstance(pending, InquisitorChoice):
        return None
    if viewer not in (pending.action.player, pending.action.target):
        return None
    return state.shown


def _check_viewer(state: GameState, player: int | None) -> int | None:
    """The viewer as a plain ``int`` seat (any integer type is taken), or ``None``."""
    if player is None:
        return None
    n = state.config.players
    return as_in_range(player, "player", 0, n - 1, f"a seat from 0 to {n - 1} or None")


def view(state: GameState, player: int | None, *, since: int = 0) -> PlayerView:
    """What ``player`` may know of ``state``; ``None`` is a spectator (R-INFO-1 to R-INFO-6).

    Args:
        state: the full game state (which a server keeps to itself).
        player: the viewer's seat, or ``None`` for a spectator, who sees only public facts.
        since: the first log index to include; a server that sends a view after every move
            passes the log length of the previous view, so each view costs O(new events).

    Raises:
        TypeError: ``state`` is not a ``GameState``.
        ValueError: ``player`` is not a seat of this game, or ``since`` is negative or beyond
            the end of the log.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"view() takes a GameState first, not {type(state).__name__}")
    player = _check_viewer(state, player)
    length = len(state.log)
    since = as_in_range(since, "since", 0, length, f"a log index from 0 to {length}")
    return PlayerView(
        seat=player,
        config=for_views(state.config),
        players=tuple(_seat_view(p, player) for p in state.players),
        treasury=state.treasury,
        reserve=state.reserve,
        court_size=len(state.court),
        set_aside=state.set_aside,
        active=state.active,
        turn=state.turn,
        winner=state.winner,
        to_act=to_act(state),
        pending=state.pending,
        legal_moves=() if player is None else legal_moves(state, player),
        shown=_shown(state, player),
        log=state.log.seen_tail(since, player, redact),
        log_start=since,
        log_length=length,
    )
