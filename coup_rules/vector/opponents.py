"""Who plays an opponent's seat: ``opponent_of(entry)``, ``twin_of(bot)`` and the bots' card values.

An opponent is a bot name, a bot object, or a ``Policy``: a batched callable over the learner's
observation and action spaces. A name or a bot object is played by its compiled twin
(``coup_rules.vector.bots``), which takes the object bot's own parameters, read off its attrs
fields here, so ``HonestBot(challenge_rate=0.1)`` and its twin play alike; a bot without a twin
is refused by name. A policy is called from Python, in batches of the games that ask it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs
import numpy as np
from numpy.typing import ArrayLike

from coup_rules.bots import (
    BASELINES,
    BOTS,
    BluffBot,
    Bot,
    CountingBot,
    HonestBot,
    RandomBot,
    make_bot,
)
from coup_rules.bots.base import VALUE
from coup_rules.cards import RANK
from coup_rules.vector import bots as vb

__all__ = ["VALUES", "Opponent", "Policy", "Twin", "opponent_of", "twin_of"]

VALUES: np.ndarray = np.array([VALUE[c] for c in sorted(VALUE, key=RANK.__getitem__)], np.int64)
"""``coup_rules.bots.VALUE`` by the kernel's rank of each character."""


Policy = Callable[[np.ndarray, np.ndarray], ArrayLike]
"""A batched policy: ``policy(observations, masks) -> actions``, with ``observations``
float32[n, obs_dim] (``ObservationEncoder`` vectors of the seat it plays), ``masks``
bool[n, n_actions] (its legal moves) and ``actions`` an integer array of shape (n,) of
``MoveCodec`` indices, one legal move per row."""

Opponent = Bot | str | Policy
"""An opponent of ``CoupVectorEnv``: a bot name, a bot object, or a ``Policy``."""


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


def opponent_of(entry: Opponent) -> Twin | Policy:
    """The twin of a bot name or a bot object, or ``entry`` itself if it is a policy.

    Raises:
        ValueError: an unknown name, a bot without a compiled twin, a class instead of an
            object, or anything else that is not callable.
    """
    if isinstance(entry, str) or (hasattr(entry, "choose") and not isinstance(entry, type)):
        return twin_of(entry)
    if isinstance(entry, type):
        raise ValueError(
            f"opponent {entry.__name__} is a class: seat an object of it "
            f"({entry.__name__}()), its name, or a policy callable"
        )
    if callable(entry):
        return entry
    raise ValueError(
        "an opponent must be a bot name, a bot object or a policy "
        f"callable(observations, masks) -> actions, not {entry!r}"
    )


def twin_of(bot: Bot | str) -> Twin:
    """The compiled twin of ``bot`` (a bot object, a name of ``coup_rules.bots.BOTS``, a
    baseline id such as ``counting-v1``, or a personality such as ``counting:bluff=0.3``,
    whose bot's own parameters the twin takes).

    Raises:
        ValueError: an unknown name, a bot of a class that has no compiled twin, or knobs the
            twin does not play (``targeting`` other than ``own``, ``vengeance`` above 0).
    """
    if isinstance(bot, str) and bot in BASELINES:
        bot = BASELINES[bot].build()
    elif isinstance(bot, str) and ":" in bot and not bot.startswith("cmd:"):
        bot = make_bot(bot)  # a personality, POLICY:KNOBS
    elif isinstance(bot, str):
        if bot not in BOTS:
            raise ValueError(
                f"unknown bot {bot!r}; the compiled bots are: {', '.join(BOTS)}, and the "
                "baselines of them (counting-v1, ...)"
            )
        bot = BOTS[bot]()
    if isinstance(bot, HonestBot | BluffBot | CountingBot):
        _check_aim(bot)
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
        "(or their names in coup_rules.bots.BOTS), or a policy callable(observations, masks) "
        "-> actions"
    )


def _check_aim(bot: HonestBot | BluffBot | CountingBot) -> None:
    """Refuse the knobs the compiled twins do not play: they aim as the bot's own rule does
    (``targeting="own"``) and take no vengeance; ``bluff`` and ``skepticism`` they do play.

    Raises:
        ValueError: a bot with another targeting or some vengeance, said in words.
    """
    knobs = [f"targeting={bot.targeting}"] if bot.targeting != "own" else []
    knobs += [f"vengeance={bot.vengeance}"] if bot.vengeance != 0.0 else []
    if knobs:
        raise ValueError(
            f"the vector env's compiled bots play the knobs bluff and skepticism, not "
            f"{' or '.join(knobs)}: they aim as the bot's own rule does, with no vengeance; "
            "seat this bot in CoupEnv or play_game, or leave targeting and vengeance out"
        )


_TWINNED: Mapping[type, str] = {
    RandomBot: "random",
    HonestBot: "honest",
    BluffBot: "bluff",
    CountingBot: "counting",
}
