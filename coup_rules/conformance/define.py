"""How a conformance case is written: a fixed deal, then moves in notation.

Case modules (``coup_rules/conformance/cases/<family>.py``) each define
``CASES: tuple[CaseDef, ...]``; the generator (``coup_rules.conformance.generate``) plays every
case through the engine and writes the kit's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config

__all__ = ["CaseDef"]


def _frozen_mapping(value: Mapping[int, tuple[str, ...]]) -> Mapping[int, tuple[str, ...]]:
    return {int(k): tuple(v) for k, v in value.items()}


@attrs.frozen(slots=True)
class CaseDef:
    """One scenario of the conformance kit: a starting position, then moves in notation.

    Attributes:
        id: kebab-case, unique across the kit, e.g. ``"steal-blocked-by-ambassador"``.
        title: one sentence: what happens and what the rulebook says.
        rules: the rule ids it exercises (spec ids, e.g. ``"R-ACT-7"``); the first is the main one.
        config: the game's options (its ``first_player`` included).
        moves: move notations in order (docs/reference/notation.md), e.g. ``"p0 steal p1"``.
        hands: a fixed deal, one hand per seat; ``None`` deals from the seed.
        court: the Court's cards, a pile without order (``None``: the rest of the deck); cards
            in neither the hands nor the Court are set aside (R-SETUP-9).
        coins: each seat's starting coins; ``None`` for the rulebook's.
        allegiances: each seat's starting allegiance (Reformation); ``None`` for the rulebook's.
        seed: the random stream (docs/reference/randomness.md) that deals what is not fixed and
            draws from the Court; the kit records every card that leaves the Court as the
            step's ``chance``.
        refused: before move ``i`` (0-based), these notations must each be refused; the kit
            records the rule id of the engine's ``IllegalMoveError``.
        views: the steps (0-based move indices) before which every seat's view and the
            spectator's are recorded; the final position's views are always recorded.
            ``refused`` may also name ``len(moves)``: moves refused in the final position.
        dispute: the tracker thread the case settles, e.g. ``"octachrome/treason#23"``.
    """

    id: str
    title: str
    rules: tuple[str, ...]
    config: Config
    moves: tuple[str, ...]
    hands: tuple[tuple[Character, ...], ...] | None = None
    court: tuple[Character, ...] | None = None
    coins: tuple[int, ...] | None = None
    allegiances: tuple[Allegiance, ...] | None = None
    seed: int = 1
    refused: Mapping[int, tuple[str, ...]] = attrs.field(
        default=attrs.Factory(dict), converter=_frozen_mapping
    )
    views: tuple[int, ...] = ()
    dispute: str | None = None
