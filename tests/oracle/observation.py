"""The observation encoder exactly as it was first released (commit 09c391f), kept as an oracle.

``coup_rules.ai.encoding.ObservationEncoder`` fills its vector by precomputed positions, and
``coup_rules.ai.observing.SeatObserver`` keeps it up to date event by event; both must give,
component for component, what this slow name-by-name version gives, and keep its layout: other
code (learned networks, vectorised copies of the environment) depends on it. Do not edit.
"""

from __future__ import annotations

from collections.abc import Sequence

from coup_rules.ai.claims import standing_claims
from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import (
    ActionChallengeAnswer,
    BlockChallengeAnswer,
    Decision,
    InfluenceChoice,
    KeepChoice,
)
from coup_rules.determinize import known_cards
from coup_rules.moves import ACTION_TYPES
from coup_rules.views import PlayerView

_KINDS = tuple(Decision)


class ReleasedObservationEncoder:
    """The flat observation vector of one configuration (see the module's docs and ``names``)."""

    def __init__(self, config: Config, *, turn_cap: int | None = None) -> None:
        self.config = config
        n = config.players
        chars = config.characters
        copies = config.copies_per_character
        deck = len(config.deck)
        turns = float(turn_cap if turn_cap is not None else config.max_turns or 10_000)
        self.turn_cap = turns
        coins = float(config.coins)
        names: list[str] = []
        high: list[float] = []

        def add(name: str, top: float) -> None:
            names.append(name)
            high.append(top)

        for s in range(n):
            add(f"me=p{s}", 1)
        for s in range(n):
            p = f"p{s}."
            add(p + "coins", coins)
            add(p + "hidden", 4)
            add(p + "alive", 1)
            for c in chars:
                add(f"{p}revealed.{c.name.lower()}", 2)
            add(p + "loyalist", 1)
            add(p + "reformist", 1)
            for c in chars:
                add(f"{p}claims.{c.name.lower()}", 1)
            for c in chars:
                add(f"{p}known.{c.name.lower()}", max(4, copies))
        for c in chars:
            add(f"court.known.{c.name.lower()}", copies)
        for name, top in (
            ("treasury", coins),
            ("reserve", coins),
            ("court_size", deck),
            ("set_aside", deck),
            ("turn", turns),
        ):
            add(name, top)
        for s in range(n):
            add(f"active=p{s}", 1)
        for s in range(n):
            add(f"to_act.p{s}", 1)
        for kind in _KINDS:
            add(f"pending={kind.value}", 1)
        for cls in ACTION_TYPES:
            add(f"action={cls.__name__.lower()}", 1)
        for role in ("actor", "target"):
            for s in range(n):
                add(f"{role}=p{s}", 1)
        for c in chars:
            add(f"claim={c.name.lower()}", 1)
        for c in chars:
            add(f"block={c.name.lower()}", 1)
        for role in ("blocker", "challenger", "losing"):
            for s in range(n):
                add(f"{role}=p{s}", 1)
        add("keep", 2)
        for c in chars:
            add(f"shown={c.name.lower()}", 1)
        for s in range(n):
            add(f"winner=p{s}", 1)
        self.names: tuple[str, ...] = tuple(names)
        """The name of every component, in order."""
        self.high: tuple[float, ...] = tuple(high)
        """The largest value of every component (the smallest is 0)."""
        self._at = {name: i for i, name in enumerate(names)}

    @property
    def size(self) -> int:
        """The length of the vector."""
        return len(self.names)

    def encode(self, view: PlayerView) -> list[float]:
        """The vector of ``view`` (a seat's view made with ``since=0``; a spectator's works)."""
        config = self.config
        if view.config != config:
            raise ValueError("the view is of another configuration")
        out = [0.0] * len(self.names)
        at = self._at
        chars = config.characters
        rank = {c: i for i, c in enumerate(chars)}

        def one(name: str, value: float = 1.0) -> None:
            out[at[name]] = value

        def counts(prefix: str, cards: Sequence[Character]) -> None:
            for card in cards:
                out[at[prefix + card.name.lower()]] += 1.0

        me = view.seat
        if me is not None:
            one(f"me=p{me}")
        known = known_cards(view)
        claims = standing_claims(view.log, config.exchanger)
        for p in view.players:
            pre = f"p{p.seat}."
            one(pre + "coins", p.coins)
            one(pre + "hidden", p.hidden)
            one(pre + "alive", float(p.alive))
            counts(pre + "revealed.", p.revealed)
            if p.allegiance is Allegiance.LOYALIST:
                one(pre + "loyalist")
            elif p.allegiance is Allegiance.REFORMIST:
                one(pre + "reformist")
            for c in sorted(claims.get(p.seat, ()), key=rank.__getitem__):
                one(f"{pre}claims.{c.name.lower()}")
            counts(pre + "known.", p.hand if p.hand is not None else known.hands[p.seat])
        counts("court.known.", known.court)
        one("treasury", view.treasury)
        one("reserve", view.reserve)
        one("court_size", view.court_size)
        one("set_aside", view.set_aside)
        one("turn", min(float(view.turn), self.turn_cap))
        one(f"active=p{view.active}")
        for s in view.to_act:
            one(f"to_act.p{s}")
        if view.winner is not None:
            one(f"winner=p{view.winner}")
        if view.shown is not None:
            one(f"shown={view.shown.name.lower()}")
        pending = view.pending
        if pending is None:
            return out
        one(f"pending={pending.kind.value}")
        action = getattr(pending, "action", None)
        if action is None:
            return out
        one(f"action={type(action).__name__.lower()}")
        one(f"actor=p{action.player}")
        target = getattr(action, "target", None)
        if target is not None:
            one(f"target=p{target}")
        claim = getattr(pending, "claim", None)
        if claim is not None:
            one(f"claim={claim.name.lower()}")
        block = getattr(pending, "block", None)
        if block is not None:
            one(f"block={block.character.name.lower()}")
            one(f"blocker=p{block.player}")
        if isinstance(pending, ActionChallengeAnswer | BlockChallengeAnswer):
            one(f"challenger=p{pending.challenger}")
        if isinstance(pending, InfluenceChoice):
            one(f"losing=p{pending.seat}")
        if isinstance(pending, KeepChoice):
            one("keep", pending.keep)
        return out
