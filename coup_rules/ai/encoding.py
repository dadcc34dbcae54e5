"""Fixed encodings for learning environments: moves as integers, views as flat vectors.

Both depend only on the game's ``Config`` (not on the position), so a network's input and output
layers can be sized once per configuration. Pure Python: the PettingZoo and OpenSpiel adapters
wrap these lists in their own array types.

**Moves** (``MoveCodec``). Index ``i`` stands for one move *of the seat that makes it*: decoding
takes the acting seat (``decode(i, player)``). The table lists, in the order of the API's move
table, every move any seat could make in this configuration: targets are absolute seat numbers
0 to ``players - 1`` (a seat never targets itself except by ``Convert``, and the mask says so),
characters in canonical order, ``Keep`` every multiset of 1 or 2 of the game's characters.
Moves of a variant not in play are left out (no ``Examine`` without the Inquisitor, no
``Convert`` outside Reformation, no ``Draft`` without the 2-player setup).

**Observations** (``ObservationEncoder``). A flat vector of numbers read from one seat's
``PlayerView`` only (see ``ObservationEncoder.names`` for every component): public facts, the
viewer's own cards, the cards it knows the place of (``coup_rules.determinize.known_cards``) and
the claims every seat has made (``coup_rules.ai.claims.standing_claims``, public). Since a view
holds nothing its seat may not know (R-INFO-2, R-INFO-3), neither does the vector.

**Who is asked** (``asked_first``). Environments that ask one seat at a time ask the seats of a
response window in turn, clockwise from the seat whose claim or action is at stake: after the
actor in the action's challenge window and in the counter window, after the blocker in the
block's challenge window. The first ``Challenge`` or ``Block`` ends the window (R-WIN-2,
R-WIN-3, R-WIN-5); an ``Allow`` passes the question on. The 2-player draft asks seat order.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from itertools import combinations_with_replacement

import attrs

from coup_rules.actions import ACTIONS, Aim, Variant, blockers_of
from coup_rules.ai.claims import standing_claims
from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import (
    ActionChallengeAnswer,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    Decision,
    InfluenceChoice,
    KeepChoice,
    Pending,
)
from coup_rules.determinize import known_cards
from coup_rules.moves import (
    ACTION_TYPES,
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Draft,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
)
from coup_rules.notation import format_move
from coup_rules.views import PlayerView

__all__ = ["MoveCodec", "ObservationEncoder", "asked_first"]

_Shape = tuple[type, tuple[object, ...]]
"""A move less its player: its class and its other fields, in order."""


def _in_game(variant: Variant, config: Config) -> bool:
    if variant is Variant.INQUISITOR:
        return config.inquisitor
    if variant is Variant.REFORMATION:
        return config.reformation
    return True


class MoveCodec:
    """The fixed integer encoding of the moves of one configuration (see the module's docs)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        n = config.players
        chars = config.characters
        exchanger = config.exchanger
        shapes: list[_Shape] = []
        for spec in ACTIONS:
            if not _in_game(spec.variant, config):
                continue
            if spec.aim is Aim.NONE:
                shapes.append((spec.move, ()))
            else:
                shapes += [(spec.move, (t,)) for t in range(n)]
        shapes.append((Challenge, ()))
        blockers = {c for spec in ACTIONS for c in blockers_of(spec, exchanger)}
        shapes += [(Block, (c,)) for c in chars if c in blockers]
        shapes += [(Allow, ()), (Prove, ()), (Concede, ())]
        shapes += [(LoseInfluence, (c,)) for c in chars]
        for size in (1, 2):
            shapes += [(Keep, (cards,)) for cards in combinations_with_replacement(chars, size)]
        if config.inquisitor:
            shapes += [(Show, (c,)) for c in chars]
            shapes += [(GiveBack, ()), (ForceExchange, ())]
        if config.is_two_player_setup:
            shapes += [(Draft, (c,)) for c in chars]
        if config.reformation:
            shapes += [(ChooseAllegiance, (a,)) for a in Allegiance]
        self._shapes = tuple(shapes)
        self._index = {shape: i for i, shape in enumerate(shapes)}

    @property
    def size(self) -> int:
        """How many moves the table holds (the size of the action space)."""
        return len(self._shapes)

    def decode(self, index: int, player: int) -> Move:
        """The move that ``index`` stands for, made by ``player``.

        Raises:
            ValueError: ``index`` is not in ``range(size)``.
        """
        if not 0 <= index < len(self._shapes):
            raise ValueError(f"move index must be from 0 to {self.size - 1}, not {index}")
        cls, fields = self._shapes[index]
        move: Move = cls(player, *fields)
        return move

    def encode(self, move: Move) -> int:
        """The index of ``move`` (its player left out).

        Raises:
            ValueError: the move is not one of this configuration's.
        """
        fields = tuple(getattr(move, f) for f in _FIELDS[type(move)])
        index = self._index.get((type(move), fields))
        if index is None:
            raise ValueError(f"{move!r} is not a move of this configuration")
        return index

    def indices(self, moves: Sequence[Move]) -> list[int]:
        """The indices of ``moves`` (e.g. a seat's legal moves: the action mask's ones)."""
        return [self.encode(m) for m in moves]

    def name(self, index: int) -> str:
        """The move of ``index`` in the text notation, its player left out: ``"coup p2"``."""
        return format_move(self.decode(index, 0)).removeprefix("p0 ")


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls) if f.name != "player")
    for cls in typing.get_args(Move)
}


def asked_first(pending: Pending, players: int) -> int:
    """The seat asked first among ``pending.waiting`` (see the module's docs)."""
    waiting = pending.waiting
    if len(waiting) == 1:
        return waiting[0]
    if isinstance(pending, ChallengeBlockWindow):
        after = pending.block.player
    elif isinstance(pending, ChallengeActionWindow | CounterWindow):
        after = pending.action.player
    else:
        return waiting[0]
    return min(waiting, key=lambda s: (s - after) % players)


_KINDS = tuple(Decision)


class ObservationEncoder:
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
