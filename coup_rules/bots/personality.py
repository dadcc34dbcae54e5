"""Personalities: the knobs of the heuristic bots, their named presets, and ``POLICY:KNOBS``.

A personality is a set of knobs, each left out (``None``: the bot's own value) or set:

- ``bluff`` (0 to 1): how readily the bot claims a character it does not hold. For ``bluff``
  (``BluffBot.bluff_rate``), the chance of bluffing a Tax or a block when it could; for
  ``counting`` (``CountingBot.bluff_below``), the highest chance of being challenged at which it
  still bluffs. ``honest`` takes no ``bluff``: a bluffing honest bot is ``bluff``.
- ``skepticism`` (0 to 1): how readily it challenges a claim it cannot disprove. For ``honest``
  and ``bluff`` (``challenge_rate``), the chance of challenging; for ``counting``
  (``challenge_below``), the odds of being true under which it challenges a claim that does not
  hit it (claims aimed at it, and duels, have bars of their own).
- ``targeting``: whom it aims its Coups, Assassinations and Steals at
  (``coup_rules.bots.aim.TARGETINGS``: ``own``, ``richest``, ``influence``, ``leader``,
  ``random``).
- ``vengeance`` (0 to 1): the chance of aiming at the seat that last cost it an influence or
  coins instead, when it can.

A knob left out keeps today's play, draws from the random stream included. ``knobbed("counting:
bluff=0.3,skepticism=0.7")`` builds the bot of a spec, ``make_bot`` takes the same spec, and a
preset (``counting:bold``) is a named set of knobs, later items overriding earlier ones
(``counting:bold,vengeance=0``). The presets of ``counting`` are also frozen baselines
(``counting-bold-v1``, ``coup_rules.bots.baselines``).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import attrs

from coup_rules.bots.aim import check_chance, check_targeting
from coup_rules.bots.base import Bot
from coup_rules.bots.counting import CountingBot
from coup_rules.bots.simple import BluffBot, HonestBot

__all__ = ["KNOBBED", "KNOBS", "PRESETS", "Personality", "knobbed", "parse", "split_bots"]

KNOBS: tuple[str, ...] = ("bluff", "skepticism", "targeting", "vengeance")
"""The knobs, in the order a spec is written."""


def _optional_chance(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        check_chance(attribute.name, value)  # type: ignore[arg-type]


def _optional_targeting(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        check_targeting(value)  # type: ignore[arg-type]


@attrs.frozen
class Personality:
    """A set of knobs (see the module); ``None`` leaves a knob at the bot's own value.

    Raises:
        ValueError: a knob out of its range, said in words.
    """

    bluff: float | None = attrs.field(default=None, validator=_optional_chance)
    skepticism: float | None = attrs.field(default=None, validator=_optional_chance)
    targeting: str | None = attrs.field(default=None, validator=_optional_targeting)
    vengeance: float | None = attrs.field(default=None, validator=_optional_chance)

    def knobs(self) -> dict[str, float | str]:
        """The knobs that are set, by name."""
        return {k: v for k in KNOBS if (v := getattr(self, k)) is not None}

    def then(self, other: Personality) -> Personality:
        """This personality with ``other``'s set knobs over it."""
        changes: dict[str, Any] = other.knobs()
        return attrs.evolve(self, **changes)

    def spec(self) -> str:
        """The knobs as a spec writes them (``bluff=0.3,targeting=leader``)."""
        return ",".join(f"{k}={v}" for k, v in self.knobs().items())


PRESETS: Mapping[str, Personality] = types.MappingProxyType(
    {
        "cautious": Personality(bluff=0.05, skepticism=0.1),
        "bold": Personality(bluff=0.5, skepticism=0.4, targeting="leader"),
        "skeptic": Personality(skepticism=0.6),
        "vengeful": Personality(vengeance=0.9),
    }
)
"""Named sets of knobs: ``cautious`` seldom bluffs or challenges, ``bold`` bluffs and challenges
freely and goes for the leader, ``skeptic`` challenges much more, ``vengeful`` goes after whoever
last hurt it."""

_FIELDS: Mapping[str, Mapping[str, str]] = types.MappingProxyType(
    {
        "honest": {"skepticism": "challenge_rate"},
        "bluff": {"bluff": "bluff_rate", "skepticism": "challenge_rate"},
        "counting": {"bluff": "bluff_below", "skepticism": "challenge_below"},
    }
)
"""Per policy that takes knobs, the bot field each of ``bluff`` and ``skepticism`` sets
(``targeting`` and ``vengeance`` are fields of the same names)."""

_CLASSES: Mapping[str, type[HonestBot | BluffBot | CountingBot]] = types.MappingProxyType(
    {"honest": HonestBot, "bluff": BluffBot, "counting": CountingBot}
)

KNOBBED: tuple[str, ...] = tuple(_FIELDS)
"""The bots that take knobs (``random`` and the search bots take none)."""


def _build(policy: str, personality: Personality) -> Bot:
    if policy not in _FIELDS:
        raise ValueError(
            f"{policy!r} takes no knobs; the bots with a personality are: {', '.join(KNOBBED)}"
        )
    fields = dict(_FIELDS[policy], targeting="targeting", vengeance="vengeance")
    knobs = personality.knobs()
    if policy == "honest" and "bluff" in knobs:
        raise ValueError(
            "honest never bluffs, so it takes no bluff knob; a bot that bluffs is "
            f"bluff:bluff={knobs['bluff']}"
        )
    kwargs: dict[str, Any] = {fields[k]: v for k, v in knobs.items()}
    return _CLASSES[policy](**kwargs)


def _value(knob: str, text: str) -> float | str:
    if knob == "targeting":
        return check_targeting(text)
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"{knob} is a number from 0 to 1, not {text!r}") from None
    return check_chance(knob, number)


def parse(spec: str) -> tuple[str, Personality]:
    """The policy and the personality of ``spec``: ``POLICY:ITEM,ITEM,...``, each item a
    preset's name or ``KNOB=VALUE``, later ones overriding earlier ones.

    Raises:
        ValueError: a spec without knobs, an unknown knob or preset, a knob given twice, or a
            value out of range; each said in words.
    """
    policy, _, items = spec.partition(":")
    if not items.strip():
        raise ValueError(
            f"give knobs after {policy}: (e.g. {policy}:bluff=0.3,skepticism=0.7) or a preset "
            f"({', '.join(PRESETS)})"
        )
    personality = Personality()
    given: set[str] = set()
    for item in items.split(","):
        name, eq, text = (part.strip() for part in item.partition("="))
        if not eq:
            if name not in PRESETS:
                raise ValueError(
                    f"no preset called {name!r}; the presets are {', '.join(PRESETS)}, and a "
                    f"knob is written KNOB=VALUE ({', '.join(KNOBS)})"
                )
            personality = personality.then(PRESETS[name])
            continue
        if name not in KNOBS:
            raise ValueError(f"no knob called {name!r}; the knobs are: {', '.join(KNOBS)}")
        if name in given:
            raise ValueError(f"the knob {name} is given twice in {spec!r}")
        given.add(name)
        change: dict[str, Any] = {name: _value(name, text)}
        personality = attrs.evolve(personality, **change)
    return policy, personality


def knobbed(spec: str) -> Bot:
    """The bot of ``spec`` (``counting:bluff=0.3,skepticism=0.7``, ``counting:bold``).

    Raises:
        ValueError: as ``parse``, or a policy that takes no knobs (or not that one).
    """
    policy, personality = parse(spec)
    return _build(policy, personality)


def split_bots(text: str) -> list[str]:
    """The bots of a comma-separated list that may hold personalities: an item that is a knob
    (``KNOB=VALUE``, no ``:``) or a preset's name goes on the knobbed bot before it, so
    ``"counting:bluff=0.3,skepticism=0.7,honest"`` is ``counting:bluff=0.3,skepticism=0.7`` and
    ``honest``. Blank items are dropped."""
    bots: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        knob = ("=" in item and ":" not in item) or item in PRESETS
        if knob and bots and ":" in bots[-1] and not bots[-1].startswith("cmd:"):
            bots[-1] = f"{bots[-1]},{item}"
        else:
            bots.append(item)
    return bots
