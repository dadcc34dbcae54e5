"""Which compiled twin plays for an object bot: ``twin_of(bot)`` and the bots' card values.

The twins (``coup_rules.vector.bots``) take the object bot's own parameters, read off its attrs
fields here, so ``HonestBot(challenge_rate=0.1)`` and its twin play alike; a bot without a twin
is refused by name.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import numpy as np

from coup_rules.bots import BOTS, BluffBot, Bot, CountingBot, HonestBot, RandomBot
from coup_rules.bots.base import VALUE
from coup_rules.cards import RANK
from coup_rules.vector import bots as vb

__all__ = ["VALUES", "Twin", "twin_of"]

VALUES: np.ndarray = np.array([VALUE[c] for c in sorted(VALUE, key=RANK.__getitem__)], np.int64)
"""``coup_rules.bots.VALUE`` by the kernel's rank of each character."""


@attrs.frozen
class Twin:
    """A compiled bot: its kind in ``coup_rules.vector.bots`` and its parameters."""

    kind: int
    params: tuple[float, ...]

    def array(self) -> np.ndarray:
        """The parameters as the kernel reads them (float64[NPARAMS])."""
        out = np.zeros(vb.NPARAMS, np.float64)
        out[: len(self.params)] = self.params
        return out


def twin_of(bot: Bot | str) -> Twin:
    """The compiled twin of ``bot`` (a bot object, or a name of ``coup_rules.bots.BOTS``).

    Raises:
        ValueError: an unknown name, or a bot of a class that has no compiled twin.
    """
    if isinstance(bot, str):
        if bot not in BOTS:
            raise ValueError(f"unknown bot {bot!r}; the compiled bots are: {', '.join(BOTS)}")
        bot = BOTS[bot]()
    if type(bot) is RandomBot:
        return Twin(vb.BOT_RANDOM, ())
    if type(bot) is HonestBot:
        return Twin(vb.BOT_HONEST, (0.0, bot.challenge_rate))
    if type(bot) is BluffBot:
        return Twin(vb.BOT_HONEST, (bot.bluff_rate, bot.challenge_rate))
    if type(bot) is CountingBot:
        return Twin(vb.BOT_COUNTING, (bot.trust, bot.challenge_below, bot.bluff_below))
    names = ", ".join(f"{cls.__name__}" for cls in _TWINNED)
    raise ValueError(
        f"{type(bot).__name__} has no compiled twin; the vector env can seat: {names} "
        "(or their names in coup_rules.bots.BOTS)"
    )


_TWINNED: Mapping[type, str] = {
    RandomBot: "random",
    HonestBot: "honest",
    BluffBot: "bluff",
    CountingBot: "counting",
}
