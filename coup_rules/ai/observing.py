"""Observation vectors kept up to date event by event, for learning environments.

``ObservationEncoder.encode(view)`` reads a seat's whole log at every call to know which hidden
cards it can place and what every seat claims, so its cost grows with the game. A
``GameObserver`` follows one game instead: it keeps, per seat, a ``CardTracker`` and one shared
``ClaimTracker`` (claims are public), feeds them each new event once, and fills the vector from
the state's public fields and what it tracked: the components every seat shares once per
state, then each seat's own few over them (``coup_rules.ai.following``).
``observer.vector(state, seat)`` equals ``encoder.encode(view(state, seat))`` component for
component (a test checks it at every step of random games of every variant), at a cost that
depends on the events since the last call, not on the length of the log.

Like a view, the vector holds nothing the seat may not know: a seat's ``CardTracker`` reads a
card of an event only if that seat may see it (``coup_rules.views.may_see``, the rule ``redact``
applies), the position's hidden cards are read for the viewer's own seat only, and the shared
components are the public ones: the same in every seat's view.
"""

from __future__ import annotations

from array import array

import attrs

from coup_rules.ai.encoding import ObservationEncoder
from coup_rules.ai.following import Followed, SeatVector
from coup_rules.log import Compact, Log
from coup_rules.state import GameState

__all__ = ["GameObserver"]


@attrs.frozen(slots=True)
class _Seen:
    """What a ``GameObserver`` remembers of the game it follows, to know a state of it: the
    seed, the last log it read, and that log's last event in the log's compact form."""

    seed: int
    log: Log
    last: Compact | None


def _continued(log: Log, seen: _Seen) -> tuple[Compact, ...] | None:
    """The events of ``log`` from the last one ``seen`` read on, if ``log`` begins with every
    event of ``seen.log``; ``None`` if it does not.

    In O(new events) when ``log`` was played on from it (its events are shared: the last one
    read is the very same object); otherwise (a log rebuilt, decoded from JSON, say) the events
    read are compared one by one.
    """
    length = len(seen.log)
    if len(log) < length:
        return None
    tail = log.compact_tail(length - 1 if length else 0)
    if not length or tail[0] is seen.last:
        return tail
    if tail[0] == seen.last and log.compact_tail(0)[:length] == seen.log.compact_tail(0):
        return tail
    return None


class GameObserver:
    """The observation vectors of every seat of one game, kept up to date (see the module).

    Hand it the states of one game in the order they are played (``vector`` may skip states:
    it catches up on the events it has not seen); ``reset()`` before another game. A state of
    another game (another configuration, seed or deal, or a log that does not continue the
    one it has read) is refused.

    Args:
        encoder: the encoder of the game's configuration.
    """

    __slots__ = ("_followed", "_mine", "_seen", "encoder")

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self._followed = Followed(encoder)
        self._mine: dict[int | None, SeatVector] = {}
        self._seen: _Seen | None = None

    def reset(self) -> None:
        """Forget the game followed so far (call it before handing states of another game)."""
        self._followed = Followed(self.encoder)
        self._mine.clear()
        self._seen = None

    def vector(self, state: GameState, seat: int | None) -> list[float]:
        """``encoder.encode(view(state, seat))``, from the events since the last call.

        Raises:
            ValueError: ``state`` is of another configuration, or of another game (another
                seed, or a log that does not continue the one already read: another deal, an
                earlier state, another line of play; ``reset()`` first for another game), or
                ``seat`` is not one of its seats.
        """
        return self.update(state, seat).tolist()

    def update(self, state: GameState, seat: int | None) -> array[float]:
        """``vector(state, seat)`` as the observer's own float32 ``array.array`` for that seat,
        brought up to date in place: read it or copy it (NumPy reads it without a copy:
        ``numpy.frombuffer(a, numpy.float32)``), never change it. The next call for the seat
        changes it again; ``reset()`` lets it go.

        Raises:
            ValueError: as ``vector``.
        """
        encoder = self.encoder
        config = state.core.config
        if config is not encoder.config and config != encoder.config:
            raise ValueError("the state is of another configuration")
        mine = self._mine.get(seat)
        if mine is None:
            mine = self._seat(seat)
        self._follow(state)
        followed = self._followed
        followed.follow(state, encoder)
        return mine.refresh(state, followed, encoder)

    def _follow(self, state: GameState) -> None:
        """Remember ``state`` as the last one of the game, or refuse it as another game's."""
        seen = self._seen
        core = state.core
        if seen is not None and core.log is seen.log:
            return
        if seen is not None:
            length = len(seen.log)
            if len(core.log) < length:
                raise ValueError(
                    f"this state's log holds {len(core.log)} events, fewer than the {length} "
                    "already read: hand the states of one game in order, and reset() before "
                    "another game"
                )
            if core.seed != seen.seed:
                raise ValueError(
                    "the state is of another game (another seed): reset() before handing "
                    "the states of another game"
                )
            tail = _continued(core.log, seen)
            if tail is None:
                raise ValueError(
                    "the state is of another game: its log does not begin with the events "
                    f"already read ({length} of them: another deal or another line of play); "
                    "reset() before handing the states of another game"
                )
        else:
            tail = core.log.compact_tail(max(0, len(core.log) - 1))
        self._seen = _Seen(core.seed, core.log, tail[-1] if tail else None)

    def _seat(self, seat: int | None) -> SeatVector:
        """What is kept for a seat first observed in this game (a valid seat, or refused)."""
        config = self.encoder.config
        if seat is not None and (type(seat) is not int or not 0 <= seat < config.players):
            raise ValueError(f"seat must be from 0 to {config.players - 1} or None, not {seat!r}")
        mine = self._mine[seat] = SeatVector(config, seat, self.encoder.size)
        return mine
