"""Frozen, versioned baselines: bots whose behaviour never changes under their id.

A baseline id names one policy with every one of its parameters written out, and a version:
``counting-v1`` is ``CountingBot(trust=0.5, challenge_below=0.25, bluff_below=0.2)`` as it
played when the id was made, and plays so in every later release. The unversioned names of
``coup_rules.bots.BOTS`` (``counting``) follow the newest version instead.

**Ids.** ``POLICY-vN`` for a policy with the parameters it was frozen with, and
``POLICY-PRESET-vN`` for a named set of knobs of it (``counting-bold-v1``): a bot's knobs are part
of its id, so two entries that build the same policy with other knobs have other ids (``ID``
spells the grammar). A policy whose play changes gets the next version; an id is never changed,
removed or reused.

**Golden records.** Each id has a record under ``tests/golden/baselines/``: the move it chose at
each of a fixed set of positions (each a seat's view), handed a seeded ``random.Random``, and how
far it drew that stream. ``tests/test_baselines.py`` replays them all and fails naming the id,
the position and both moves when a bot drifts (``coup_rules.bots.goldens``).

**A new baseline** (a new version, or a preset of knobs): add its entry at the end of ``_TABLE``
with a new id and every parameter written out, run ``python scripts/baseline_goldens.py
--update`` (it writes the records that are missing and no other) and commit the record with it.
When a change to a bot's code moves an old id's record, that id must go on building the old
play: keep the old code path and point the entry's ``make`` at it (a knob the class gains may be
added to an old entry at the value that keeps its play); the new play gets a new id.
"""

from __future__ import annotations

import importlib
import re
import types
from collections.abc import Callable, Mapping
from typing import cast

import attrs

from coup_rules.bots.base import Bot

__all__ = ["BASELINES", "ID", "Baseline", "Param", "baseline", "baselines", "is_baseline"]

Param = float | int | str | None
"""A parameter's value, as the baseline's record writes it in JSON."""

ID = re.compile(
    r"(?P<policy>[a-z][a-z0-9]*)(?:-(?P<preset>[a-z][a-z0-9]*))?-v(?P<version>[1-9]\d*)"
)
"""A baseline id: ``POLICY-vN`` or ``POLICY-PRESET-vN``, lower-case, N from 1 up."""


@attrs.frozen
class Baseline:
    """One frozen bot of the table.

    Attributes:
        id: its id (``ID``), never reused.
        summary: one line saying what it plays.
        make: ``"module:callable"``, what builds it (imported when it is built, so a search bot
            costs nothing until it is asked for).
        params: every keyword ``make`` is called with, defaults written out, in order.
        record_every: its golden record holds every n-th of the positions (a search bot's,
            fewer, so that the test replaying it stays quick; its parameters stay its own).
    """

    id: str
    summary: str
    make: str
    params: tuple[tuple[str, Param], ...] = ()
    record_every: int = 1

    def build(self) -> Bot:
        """A new bot of this baseline (a new object each call; none keeps state between games
        that another could see)."""
        module, _, name = self.make.partition(":")
        factory = cast(Callable[..., Bot], getattr(importlib.import_module(module), name))
        return factory(**dict(self.params))


_TABLE: tuple[Baseline, ...] = (
    Baseline(
        "random-v1",
        "a uniformly random legal move",
        "coup_rules.bots.simple:RandomBot",
    ),
    Baseline(
        "honest-v1",
        "claims only what it holds; challenges a known bluff, else 5 %",
        "coup_rules.bots.simple:HonestBot",
        (("challenge_rate", 0.05),),
    ),
    Baseline(
        "bluff-v1",
        "like honest-v1, but bluffs Tax and blocks 30 %, challenges 20 %",
        "coup_rules.bots.simple:BluffBot",
        (("bluff_rate", 0.3), ("challenge_rate", 0.2)),
    ),
    Baseline(
        "counting-v1",
        "counts cards, reads each opponent's record, plays the odds",
        "coup_rules.bots.counting:CountingBot",
        (("trust", 0.5), ("challenge_below", 0.25), ("bluff_below", 0.2)),
    ),
    Baseline(
        "ismcts-v1",
        "information-set MCTS, 300 iterations a move, Python playouts",
        "coup_rules.ai.ismcts:ISMCTSBot",
        (
            ("iterations", 300),
            ("seconds", None),
            ("exploration", 0.4),
            ("bluff_odds", 0.15),
            ("bluff_rate", 0.1),
            ("challenge_rate", 0.1),
            ("horizon", None),
            ("playouts", "python"),
        ),
        record_every=12,
    ),
    Baseline(
        "counting-cautious-v1",
        "counting-v1, cautious: seldom bluffs or challenges",
        "coup_rules.bots.counting:CountingBot",
        (
            ("trust", 0.5),
            ("challenge_below", 0.1),
            ("bluff_below", 0.05),
            ("targeting", "own"),
            ("vengeance", 0.0),
        ),
    ),
    Baseline(
        "counting-bold-v1",
        "counting-v1, bold: bluffs and challenges, hits the leader",
        "coup_rules.bots.counting:CountingBot",
        (
            ("trust", 0.5),
            ("challenge_below", 0.4),
            ("bluff_below", 0.5),
            ("targeting", "leader"),
            ("vengeance", 0.0),
        ),
    ),
    Baseline(
        "counting-skeptic-v1",
        "counting-v1, skeptic: challenges far more often",
        "coup_rules.bots.counting:CountingBot",
        (
            ("trust", 0.5),
            ("challenge_below", 0.6),
            ("bluff_below", 0.2),
            ("targeting", "own"),
            ("vengeance", 0.0),
        ),
    ),
    Baseline(
        "counting-vengeful-v1",
        "counting-v1, vengeful: hits whoever last hurt it",
        "coup_rules.bots.counting:CountingBot",
        (
            ("trust", 0.5),
            ("challenge_below", 0.25),
            ("bluff_below", 0.2),
            ("targeting", "own"),
            ("vengeance", 0.9),
        ),
    ),
    Baseline(
        "ismcts-strong-v1",
        "information-set MCTS, 2,000 compiled iterations a move",
        "coup_rules.ai.ismcts:ISMCTSBot",
        (
            ("iterations", 2000),
            ("seconds", None),
            ("exploration", 0.4),
            ("bluff_odds", 0.15),
            ("bluff_rate", 0.1),
            ("challenge_rate", 0.1),
            ("horizon", None),
            ("playouts", "compiled"),
        ),
        record_every=12,
    ),
    Baseline(
        "policy-v1",
        "a trained network (2, 4, 6 players); counting-v1 at other tables",
        "coup_rules.bots.learned:LearnedBot",
        (("weights", "policy-v1"),),
    ),
)


def _index(table: tuple[Baseline, ...]) -> Mapping[str, Baseline]:
    """The table by id, each id checked against ``ID`` and against the others.

    Raises:
        ValueError: an id that is not of ``ID``'s form, an id twice, or two ids that build the
            same bot (the same ``make`` and ``params``).
    """
    index: dict[str, Baseline] = {}
    built: dict[tuple[str, tuple[tuple[str, Param], ...]], str] = {}
    for entry in table:
        if not ID.fullmatch(entry.id):
            raise ValueError(f"baseline id {entry.id!r} is not POLICY-vN or POLICY-PRESET-vN")
        if entry.id in index:
            raise ValueError(f"baseline id {entry.id!r} is in the table twice")
        same = built.setdefault((entry.make, entry.params), entry.id)
        if same != entry.id:
            raise ValueError(f"baselines {same!r} and {entry.id!r} build the same bot")
        index[entry.id] = entry
    return types.MappingProxyType(index)


BASELINES: Mapping[str, Baseline] = _index(_TABLE)
"""Every baseline by its id, in the order they were made."""


def is_baseline(name: str) -> bool:
    """Whether ``name`` is the id of a baseline."""
    return name in BASELINES


def baseline(id: str) -> Bot:
    """A new bot of the baseline ``id`` (``"counting-v1"``), which plays as its golden record
    says in every release.

    Raises:
        ValueError: no baseline has that id; the message lists them.
    """
    entry = BASELINES.get(id)
    if entry is None:
        raise ValueError(f"no baseline called {id!r}; the baselines are: {', '.join(BASELINES)}")
    return entry.build()


def baselines() -> Mapping[str, str]:
    """Each baseline's id and a line saying what it plays."""
    return types.MappingProxyType({id: entry.summary for id, entry in BASELINES.items()})
