"""Plackett–Luce ratings on a game's whole finishing order (the Weng–Lin online update).

A game of Coup ends with a finishing order, not just a winner: the winner first, then the player
eliminated last, and so on down to the player eliminated first. A game drawn at the turn limit
(``Config.max_turns``, the house rule R-TURN-8) ranks every player still standing **tied first**,
the eliminated ones after them in the same order. ``finishing_places`` turns an elimination order
into places (1 is first; tied players share a place and the next place skips, as in "1, 1, 3").

The rating model is Plackett–Luce: a player of skill ``s`` has strength ``exp(s / c)``, and a
finishing order is drawn by picking first place among everyone in proportion to strength, then
second place among those left, and so on. Each player's skill is a normal belief ``N(μ, σ²)``;
after a game, ``Model.rate`` moves every player's ``μ`` and shrinks their ``σ`` by the
approximate Bayesian update of Weng and Lin (2011, "A Bayesian approximation method for online
ranking", Algorithm 4; the update openskill calls ``PlackettLuce``), here written for one player
per side. With ``c² = Σ (σ_i² + β²)`` and ``e_i = exp(μ_i / c)``, each place ``L`` of the game is
a pick from the pool ``P_L`` of players placed ``L`` or worse, and player ``i`` gets

- ``μ_i += σ_i² / c · Σ_L (𝟙[i placed L] − Σ_k π_i(L, k))``
- ``σ_i² *= max(1 − γ_i σ_i² / c² · Σ_L Σ_k π_i(L, k)(1 − π_i(L, k)), κ)``, with
  ``γ_i = σ_i / c``,

where ``π_i(L, k)`` is ``i``'s chance of the ``k``-th pick at place ``L`` (below). Without ties
there is one pick a place, ``π_i(L, 0) = e_i / Σ_{P_L} e``: exactly Weng and Lin's update.

**Ties** (a draw at the turn limit ranks its survivors tied first) are handled as survival
analysis handles tied events, by Efron's approximation: ``d`` players sharing place ``L``
(``T``) are ``d`` picks from the pool, and the ``k``-th pick (``k = 0 … d − 1``) is made as if
a share ``k / d`` of each tied player had already been picked: ``π_i(L, k) = e_i (1 − k/d) /
(Σ_{P_L} e − (k/d) Σ_T e)`` for ``i`` in ``T``, ``e_i / (…)`` for the others of the pool. This
averages over the ``d!`` orders the tied players could have finished in, so a draw between
equally rated players moves none of their ``μ``, a tie between unequal ones pulls them towards
each other, and the survivors of a drawn game gain on everyone eliminated. (openskill divides a
tied place's terms by ``d`` instead; with three survivors of five players that would give the
player eliminated second-to-last more than any survivor, so it is not used here.) With equal
``σ`` the update is zero-sum in ``μ``, ties or not.

**The ordinal** ``μ − 3σ`` is a conservative rating: the skill the player is about 99.85 % sure to
exceed. Sort by it to rank entrants that played different numbers of games.

**One entrant in several seats** (a tournament of fewer bots than seats): each seat is rated as a
player starting from the entrant's rating before the game; the entrant's ``μ`` then moves by the
sum of its seats' moves and its ``σ²`` shrinks by the product of their factors.

The update is online: the result depends on the order of the games (a tournament rates its games
in game order, so its ratings depend only on its options). It is pure Python, with no
dependencies, and independent of any other implementation.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import attrs

__all__ = ["Model", "Skill", "Standing", "finishing_places", "rate_games"]


@attrs.frozen
class Skill:
    """A belief about a player's skill: a normal distribution ``N(mu, sigma²)``.

    Attributes:
        mu: the mean.
        sigma: the standard deviation (the uncertainty).
    """

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu − 3 sigma``."""
        return self.mu - 3.0 * self.sigma


def _positive(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
        raise ValueError(f"the model's {attribute.name} must be a number above 0, not {value!r}")


def _not_negative(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (isinstance(value, int | float) and math.isfinite(value) and value >= 0):
        raise ValueError(f"the model's {attribute.name} must be a number, 0 or more, not {value!r}")


def _finite(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (isinstance(value, int | float) and math.isfinite(value)):
        raise ValueError(f"the model's {attribute.name} must be a finite number, not {value!r}")


@attrs.frozen
class Model:
    """The Plackett–Luce model's settings (the usual defaults: a new player is ``N(25, (25/3)²)``).

    Attributes:
        mu: a new player's ``μ``.
        sigma: a new player's ``σ``.
        beta: the spread of one game's performance around the skill (``σ / 2``).
        kappa: the least factor one game may shrink ``σ²`` by (keeps ``σ`` above 0).
        tau: added to every ``σ`` (as ``σ² + τ²``) before a game, for players whose skill
            drifts; 0 by default, since a bot's skill does not change between games.
    """

    mu: float = attrs.field(default=25.0, validator=_finite)
    sigma: float = attrs.field(default=25.0 / 3.0, validator=_positive)
    beta: float = attrs.field(default=25.0 / 6.0, validator=_positive)
    kappa: float = attrs.field(default=1e-4, validator=_positive)
    tau: float = attrs.field(default=0.0, validator=_not_negative)

    def prior(self) -> Skill:
        """A new player's skill."""
        return Skill(self.mu, self.sigma)

    def rate(self, skills: Sequence[Skill], places: Sequence[int]) -> tuple[Skill, ...]:
        """Every player's skill after one game, in the order given.

        Args:
            skills: each player's skill before the game.
            places: each player's place, 1 for first (ties share a place; only their order
                matters).

        Raises:
            ValueError: fewer than two players, or not one place per player.
        """
        if len(skills) != len(places):
            raise ValueError(f"{len(skills)} skills but {len(places)} places: one place a player")
        if len(skills) < 2:
            raise ValueError(f"a game is rated between two players or more, not {len(skills)}")
        variances = [s.sigma**2 + self.tau**2 for s in skills]
        c = math.sqrt(sum(v + self.beta**2 for v in variances))
        strengths = [math.exp(s.mu / c) for s in skills]
        # For each player q: the strength of everyone placed no better than q, and q's tie size.
        omega = [0.0] * len(skills)
        delta = [0.0] * len(skills)
        for level in sorted(set(places)):
            pool = [i for i, p in enumerate(places) if p >= level]
            tied = {i for i in pool if places[i] == level}
            for k, (i, chance) in _picks(strengths, pool, tied):
                omega[i] += (1.0 if k == 0 and i in tied else 0.0) - chance
                delta[i] += chance * (1.0 - chance)
        out = []
        for i, (skill, variance) in enumerate(zip(skills, variances, strict=True)):
            gamma = math.sqrt(variance) / c
            mu = skill.mu + variance / c * omega[i]
            factor = max(1.0 - gamma * variance / c**2 * delta[i], self.kappa)
            out.append(Skill(mu, math.sqrt(variance * factor)))
        return tuple(out)


def _picks(
    strengths: Sequence[float], pool: Sequence[int], tied: set[int]
) -> Iterable[tuple[int, tuple[int, float]]]:
    """Each pick ``k`` of one place and each pooled player's chance of it (Efron's
    approximation for the ``len(tied)`` players sharing the place; see the module)."""
    total = sum(strengths[i] for i in pool)
    tied_total = sum(strengths[i] for i in tied)
    d = len(tied)
    for k in range(d):
        share = k / d
        rest = total - share * tied_total
        for i in pool:
            weight = strengths[i] * (1.0 - share if i in tied else 1.0)
            yield k, (i, weight / rest)


def finishing_places(players: int, eliminated: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place, 1 for first, from the seats in the order they were eliminated.

    Every seat not eliminated is still standing: the winner, or (in a game drawn at the turn
    limit, R-TURN-8) all the survivors, tied first. Then the seat eliminated last, and so on;
    the next place after a tie skips (two survivors of four: places 1, 1, 3, 4).

    Raises:
        ValueError: a seat out of range or eliminated twice, or no seat left standing.
    """
    if len(set(eliminated)) != len(eliminated) or any(not 0 <= s < players for s in eliminated):
        raise ValueError(f"eliminated seats {list(eliminated)} are not distinct seats of {players}")
    standing = players - len(eliminated)
    if standing < 1:
        raise ValueError("every seat was eliminated: a game ends with one standing or more")
    places = [1] * players
    for order, seat in enumerate(eliminated):
        places[seat] = players - order
    return tuple(places)


@attrs.frozen
class Standing:
    """An entrant's rating and the games it rests on.

    Attributes:
        name: the entrant's name.
        skill: its Plackett–Luce skill.
        games: the games rated (a game in which it held several seats counts once).
    """

    name: str
    skill: Skill
    games: int = 0


def rate_games(
    games: Iterable[tuple[Sequence[str], Sequence[int]]],
    model: Model,
    start: Mapping[str, Standing] | None = None,
) -> dict[str, Standing]:
    """Rate games one after the other, in the order given.

    Args:
        games: each game's entrant by seat and each seat's place (``finishing_places``).
        model: the settings.
        start: the standings before the first game (a ladder's); an entrant not in it starts
            at ``model.prior()``.

    Returns:
        The standings after the last game: those of ``start`` and everyone who played.
    """
    table = dict(start or {})
    for names, places in games:
        before = {n: table.get(n, Standing(n, model.prior())) for n in names}
        after = model.rate([before[n].skill for n in names], places)
        moved: dict[str, float] = dict.fromkeys(before, 0.0)
        shrunk: dict[str, float] = dict.fromkeys(before, 1.0)
        for name, skill in zip(names, after, strict=True):
            old = before[name].skill
            moved[name] += skill.mu - old.mu
            shrunk[name] *= skill.sigma**2 / (old.sigma**2 + model.tau**2)
        for name, old_standing in before.items():
            old = old_standing.skill
            sigma = math.sqrt((old.sigma**2 + model.tau**2) * shrunk[name])
            table[name] = Standing(name, Skill(old.mu + moved[name], sigma), old_standing.games + 1)
    return table
