"""Writing the sections of an observation vector: the work of ``ObservationEncoder``'s fill
methods (``coup_rules.ai.encoding``), which hand it over to a ``Filler``.

The compiled build compiles this module (``[tool.coup_rules.compile]`` in pyproject.toml). The
values handed in are typed ``Any`` on purpose: compiled code then reads them exactly as
interpreted code does (an index as ``__index__`` says, a count of any number type), where an
``int`` parameter would be checked and converted at the call and refuse a NumPy integer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from coup_rules.cards import Allegiance, Character
from coup_rules.decisions import Decision

__all__ = ["Filler"]

_KINDS = tuple(Decision)

_ANSWERS = frozenset((Decision.ANSWER_ACTION_CHALLENGE, Decision.ANSWER_BLOCK_CHALLENGE))


class _SeatAt(NamedTuple):
    """Where one seat's components start: coins (then hidden, alive), revealed cards per
    character, the loyalist flag (then reformist), claims and known cards per character."""

    coins: int
    revealed: int
    loyalist: int
    claims: int
    known: int


class Filler:
    """Writes each section of the vector of one configuration into a vector of its length.

    Args:
        at: the index of every component, by name (``ObservationEncoder.names``).
        characters: the game's characters, in canonical order.
        players: the number of seats.
        turn_cap: the largest turn number the vector tells (``ObservationEncoder.turn_cap``).
        aims: for each class of action, whether it has a target.
    """

    __slots__ = (
        "_action",
        "_active",
        "_actor",
        "_aims",
        "_block",
        "_blocker",
        "_challenger",
        "_chars",
        "_claim",
        "_court",
        "_keep",
        "_losing",
        "_me",
        "_pending",
        "_places",
        "_rank",
        "_seats",
        "_shapes",
        "_shown",
        "_target",
        "_to_act",
        "_treasury",
        "_winner",
        "_zero_chars",
        "_zero_seat",
        "_zero_tail",
        "turn_cap",
    )

    def __init__(
        self,
        at: Mapping[str, int],
        characters: Sequence[Character],
        players: int,
        turn_cap: float,
        aims: Mapping[type, bool],
        zeros: Any,
    ) -> None:
        first = characters[0].name.lower()
        self._rank = {c: i for i, c in enumerate(characters)}
        self._chars = len(characters)
        self._seats = tuple(
            _SeatAt(
                at[f"p{s}.coins"],
                at[f"p{s}.revealed.{first}"],
                at[f"p{s}.loyalist"],
                at[f"p{s}.claims.{first}"],
                at[f"p{s}.known.{first}"],
            )
            for s in range(players)
        )
        # Zeros to write over a section before it is filled again, one array per length
        first_seat = self._seats[0]
        self._zero_seat = zeros[: first_seat.claims - first_seat.coins]
        self._zero_chars = zeros[: self._chars]
        self._me = at["me=p0"]
        self.turn_cap = turn_cap
        self._aims = dict(aims)
        self._action = {cls: at[f"action={cls.__name__.lower()}"] for cls in aims}
        self._shapes: dict[type, tuple[Decision, bool, bool, bool]] = {}
        self._court = at[f"court.known.{first}"]
        self._places = (*(seat.known for seat in self._seats), self._court)
        self._treasury = at["treasury"]
        self._active = at["active=p0"]
        self._to_act = at["to_act.p0"]
        self._pending = {kind: at[f"pending={kind.value}"] for kind in _KINDS}
        self._actor = at["actor=p0"]
        self._target = at["target=p0"]
        self._claim = at[f"claim={first}"]
        self._block = at[f"block={first}"]
        self._blocker = at["blocker=p0"]
        self._challenger = at["challenger=p0"]
        self._losing = at["losing=p0"]
        self._keep = at["keep"]
        self._shown = at[f"shown={first}"]
        self._winner = at["winner=p0"]
        self._zero_tail = zeros[self._active :]

    def seat(
        self, out: Any, s: Any, coins: Any, hidden: Any, revealed: Any, allegiance: Any
    ) -> None:
        """``ObservationEncoder.fill_seat``."""
        base, rev, loyal, claims, _ = self._seats[s]
        out[base:claims] = self._zero_seat
        out[base] = coins
        if hidden:
            out[base + 1] = hidden
            out[base + 2] = 1.0
        rank = self._rank
        for card in revealed:
            out[rev + rank[card]] += 1.0
        if allegiance is not None:
            out[loyal if allegiance is Allegiance.LOYALIST else loyal + 1] = 1.0

    def claims(self, out: Any, s: Any, claimed: Any) -> None:
        """``ObservationEncoder.fill_claims``."""
        at = self._seats[s].claims
        out[at : at + self._chars] = self._zero_chars
        rank = self._rank
        for card in claimed:
            out[at + rank[card]] = 1.0

    def known(self, out: Any, s: Any, cards: Any) -> None:
        """``ObservationEncoder.fill_known``."""
        self._count(out, self._seats[s].known, cards)

    def court(self, out: Any, cards: Any) -> None:
        """``ObservationEncoder.fill_court``."""
        self._count(out, self._court, cards)

    def _count(self, out: Any, at: int, cards: Any) -> None:
        out[at : at + self._chars] = self._zero_chars
        rank = self._rank
        for card in cards:
            out[at + rank[card]] += 1.0

    def own(self, viewer: Any, hand: Any) -> tuple[tuple[int, float], ...]:
        """What only ``viewer`` (a seat) knows of itself, as (index, value) pairs: its seat
        number and its own ``hand``. With ``knowledge``, all of its vector that is not public (the
        same for every seat) and not 0."""
        held: dict[int, int] = {}
        at = self._seats[viewer].known
        for card in hand:
            r = at + self._rank[card]
            held[r] = held.get(r, 0) + 1
        return ((self._me + viewer, 1.0), *[(r, float(k)) for r, k in held.items()])

    def knowledge(self, counts: Any, shown: Any) -> tuple[tuple[int, float], ...]:
        """The cards a viewer knows the place of (``counts``: per place, the counts per
        character of ``CardTracker.counts``, the viewer's own place empty) and the card it is
        shown, as (index, value) pairs of the components that are not 0."""
        entries: list[tuple[int, float]] = []
        # the seats' hands, then the Court (the set-aside cards, last, are not in the vector)
        for at, place in zip(self._places, counts, strict=False):
            if any(place):
                entries += [(at + r, float(k)) for r, k in enumerate(place) if k]
        if shown is not None:
            entries.append((self._shown + self._rank[shown], 1.0))
        return tuple(entries)

    def table(
        self, out: Any, treasury: Any, reserve: Any, court_size: Any, set_aside: Any, turn: Any
    ) -> None:
        """``ObservationEncoder.fill_table``."""
        t = self._treasury
        out[t] = treasury
        out[t + 1] = reserve
        out[t + 2] = court_size
        out[t + 3] = set_aside
        cap = self.turn_cap
        out[t + 4] = float(turn) if turn < cap else cap

    def decision(
        self, out: Any, active: Any, to_act: Any, winner: Any, shown: Any, pending: Any
    ) -> None:
        """``ObservationEncoder.fill_decision``."""
        tail = self._active
        out[tail:] = self._zero_tail
        out[tail + active] = 1.0
        at = self._to_act
        for s in to_act:
            out[at + s] = 1.0
        rank = self._rank
        if winner is not None:
            out[self._winner + winner] = 1.0
        if shown is not None:
            out[self._shown + rank[shown]] = 1.0
        if pending is None:
            return
        shape = self._shapes.get(type(pending))
        if shape is None:
            shape = self._shapes[type(pending)] = _decision_shape(type(pending))
        kind, has_action, has_claim, has_block = shape
        out[self._pending[kind]] = 1.0
        if not has_action:
            return
        action: Any = pending.action
        if action is None:
            return
        out[self._action[type(action)]] = 1.0
        out[self._actor + action.player] = 1.0
        if self._aims[type(action)]:
            out[self._target + action.target] = 1.0
        if has_claim:
            claim = pending.claim
            if claim is not None:
                out[self._claim + rank[claim]] = 1.0
        if has_block:
            block = pending.block
            if block is not None:
                out[self._block + rank[block.character]] = 1.0
                out[self._blocker + block.player] = 1.0
        if kind in _ANSWERS:
            out[self._challenger + pending.challenger] = 1.0
        elif kind is Decision.LOSE_INFLUENCE:
            out[self._losing + pending.waiting[0]] = 1.0
        elif kind is Decision.KEEP:
            out[self._keep] = pending.keep


def _decision_shape(cls: type) -> tuple[Decision, bool, bool, bool]:
    """What ``Filler.decision`` reads of a class of decision (public, or the engine's record):
    its kind, and whether it has an ``action``, a ``claim`` and a ``block`` (a field or, for a
    public decision, a property), so that it never asks an instance for what its class does not
    have."""
    kind: Decision = getattr(cls, "kind")  # noqa: B009
    return kind, hasattr(cls, "action"), hasattr(cls, "claim"), hasattr(cls, "block")
