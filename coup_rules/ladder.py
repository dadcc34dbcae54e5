"""A ladder: Plackett–Luce standings kept in a file, which new games update without replaying
the old ones.

``coup-rules tournament --ladder FILE`` starts every entrant from its standing in ``FILE`` (a
name not in it starts at the model's prior), rates the tournament's games in game order
(``coup_rules.ratings``), and writes the file back: the entrants that played are updated, the
others kept as they were. So a new bot joins a ladder by playing a tournament against some of
its entrants; nothing of the earlier games is needed but the standings.

The file is JSON, one object (format version 1)::

    {
      "format": "coup-rules-ladder",
      "version": 1,
      "config": {"players": 4, "inquisitor": false, "reformation": false, "max_turns": 200},
      "model": {"mu": 25.0, "sigma": 8.333…, "beta": 4.166…, "kappa": 0.0001, "tau": 0.0},
      "entrants": [{"name": "counting", "mu": 29.1, "sigma": 1.2, "games": 400}, …],
      "runs": [{"seed": 0, "games": 200, "entrants": ["counting", "honest", …]}, …]
    }

``config`` is the games' options (``Config``'s JSON, turn limit included): a ladder holds games
of one configuration only, and a tournament of another is refused, naming the options that
differ. ``model`` is the rating's settings. ``runs`` lists each tournament rated into it, in
order, with its master seed, so the whole ladder can be rebuilt by playing them again in that
order. ``entrants`` is sorted by ordinal, best first. A file that is not such an object is
refused with the field at fault.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from coup_rules.config import Config
from coup_rules.ratings import Model, Skill, Standing
from coup_rules.serde import DecodeError, from_json, to_json

__all__ = ["FORMAT", "VERSION", "Ladder", "LadderError", "Run"]

FORMAT = "coup-rules-ladder"
"""The ``format`` field of a ladder file."""

VERSION = 1
"""The ladder file format's version."""


class LadderError(ValueError):
    """A ladder file that cannot be used: unreadable, not a ladder, or of another
    configuration. The message says which, and where."""


@attrs.frozen
class Run:
    """One tournament rated into a ladder.

    Attributes:
        seed: its master seed.
        games: how many games it played.
        entrants: its entrants, in rotation order.
    """

    seed: int
    games: int
    entrants: tuple[str, ...]


@attrs.frozen
class Ladder:
    """Standings of one configuration under one rating model, and the runs they come from.

    Attributes:
        config: the games' options, turn limit included.
        model: the rating model's settings.
        standings: each entrant's standing, by name.
        runs: the tournaments rated into it, in order.
    """

    config: Config
    model: Model = attrs.field(factory=Model)
    standings: Mapping[str, Standing] = attrs.field(factory=dict)
    runs: tuple[Run, ...] = ()

    def ranked(self) -> tuple[Standing, ...]:
        """The standings, best ordinal first (ties by name)."""
        return tuple(sorted(self.standings.values(), key=lambda s: (-s.skill.ordinal, s.name)))

    def check(self, config: Config) -> None:
        """Refuse games of another configuration than the ladder's.

        Raises:
            LadderError: ``config`` differs from the ladder's; the message names the options.
        """
        if config == self.config:
            return
        mine = json.loads(to_json(self.config))
        theirs = json.loads(to_json(config))
        differences = ", ".join(
            f"{key} (the ladder's {mine[key]!r}, the games' {theirs[key]!r})"
            for key in mine
            if mine[key] != theirs[key]
        )
        raise LadderError(
            f"the ladder holds games of another configuration; they differ in {differences}. "
            "Rate these games in a ladder of their own (another file)"
        )

    def updated(self, standings: Sequence[Standing], run: Run) -> Ladder:
        """The ladder with ``standings`` put in (replacing those of the same names) and ``run``
        added to its runs."""
        table = dict(self.standings)
        table.update((s.name, s) for s in standings)
        return attrs.evolve(self, standings=table, runs=(*self.runs, run))

    def to_json(self) -> str:
        """The ladder as the JSON of its file (see the module)."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "config": json.loads(to_json(self.config)),
            "model": attrs.asdict(self.model),
            "entrants": [
                {"name": s.name, "mu": s.skill.mu, "sigma": s.skill.sigma, "games": s.games}
                for s in self.ranked()
            ],
            "runs": [
                {"seed": r.seed, "games": r.games, "entrants": list(r.entrants)} for r in self.runs
            ],
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Ladder:
        """The ladder a file's text holds.

        Raises:
            LadderError: the text is not a ladder of this format's version; the message names
                the field at fault.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise LadderError(f"not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LadderError(f'not a ladder: a ladder is a JSON object with "format": "{FORMAT}"')
        version = data.get("version")
        if version != VERSION:
            raise LadderError(
                f"a ladder of format version {version!r}; this version of coup-rules reads "
                f"version {VERSION}"
            )
        for key in ("config", "model", "entrants", "runs"):
            if key not in data:
                raise LadderError(f"the field {key!r} is missing")
        try:
            config = from_json(json.dumps(data["config"]), Config)
        except DecodeError as error:
            raise LadderError(f"config: {'; '.join(error.errors)}") from None
        return cls(
            config=config,
            model=_model(data["model"]),
            standings={s.name: s for s in _entrants(data["entrants"])},
            runs=_runs(data["runs"]),
        )

    @classmethod
    def load(cls, path: Path) -> Ladder:
        """The ladder in the file ``path``.

        Raises:
            LadderError: the file cannot be read or is not a ladder (the message starts with
                its path).
        """
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise LadderError(f"cannot read the ladder {str(path)!r}: {error}") from None
        try:
            return cls.from_json(text)
        except LadderError as error:
            raise LadderError(f"the ladder {str(path)!r}: {error}") from None

    def save(self, path: Path) -> None:
        """Write the ladder to ``path`` (whole, through a file beside it, so a failed write
        leaves the old file as it was).

        Raises:
            OSError: the file cannot be written.
        """
        partial = path.with_name(path.name + ".partial")
        partial.write_text(self.to_json(), encoding="utf-8")
        partial.replace(path)


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise LadderError(f"{where}: expected a finite number, not {value!r}")
    return float(value)


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LadderError(f"{where}: expected a whole number, 0 or more, not {value!r}")
    return value


def _fields(value: Any, where: str, names: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise LadderError(f"{where}: expected an object with {', '.join(names)}")
    missing = [n for n in names if n not in value]
    extra = sorted(set(value) - set(names))
    if missing or extra:
        said = [
            f"{', '.join(missing)} missing" if missing else "",
            f"{extra} unknown" if extra else "",
        ]
        raise LadderError(f"{where}: {'; '.join(s for s in said if s)}")
    return value


def _model(value: Any) -> Model:
    names = [a.name for a in attrs.fields(Model)]
    data = _fields(value, "model", names)
    try:
        return Model(**{n: _number(data[n], f"model.{n}") for n in names})
    except LadderError:
        raise
    except ValueError as error:
        raise LadderError(str(error)) from None


def _entrants(value: Any) -> list[Standing]:
    if not isinstance(value, list):
        raise LadderError("entrants: expected an array")
    out = []
    for i, item in enumerate(value):
        where = f"entrants[{i}]"
        data = _fields(item, where, ["name", "mu", "sigma", "games"])
        if not isinstance(data["name"], str) or not data["name"]:
            raise LadderError(f"{where}.name: expected a bot's name, not {data['name']!r}")
        sigma = _number(data["sigma"], f"{where}.sigma")
        if sigma <= 0:
            raise LadderError(f"{where}.sigma: expected a number above 0, not {sigma!r}")
        skill = Skill(_number(data["mu"], f"{where}.mu"), sigma)
        out.append(Standing(data["name"], skill, _count(data["games"], f"{where}.games")))
    names = [s.name for s in out]
    if len(set(names)) != len(names):
        raise LadderError(f"entrants: a name listed twice in {names}")
    return out


def _runs(value: Any) -> tuple[Run, ...]:
    if not isinstance(value, list):
        raise LadderError("runs: expected an array")
    out = []
    for i, item in enumerate(value):
        where = f"runs[{i}]"
        data = _fields(item, where, ["seed", "games", "entrants"])
        entrants = data["entrants"]
        if not isinstance(entrants, list) or not all(isinstance(e, str) for e in entrants):
            raise LadderError(f"{where}.entrants: expected an array of bot names")
        seed = _count(data["seed"], f"{where}.seed")
        out.append(Run(seed, _count(data["games"], f"{where}.games"), tuple(entrants)))
    return tuple(out)
