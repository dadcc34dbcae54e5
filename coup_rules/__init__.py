"""coup_rules: the rules of Coup, exact and complete, as an immutable game engine.

Everything public is importable from here. See the documentation for the rule specification.
"""

import importlib
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import (
    ActionChallengeAnswer,
    ActionChoice,
    AllegianceChoice,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    Decision,
    DecisionSpec,
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    Pending,
    ShowChoice,
    Stage,
    decision_spec,
)
from coup_rules.engine import apply, legal_moves, to_act
from coup_rules.errors import IllegalMoveError
from coup_rules.events import (
    ActionDeclared,
    AllegianceChanged,
    Allowed,
    Blocked,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Challenged,
    CoinsMoved,
    Conceded,
    Dealt,
    Drafted,
    Drawn,
    Eliminated,
    Event,
    ExchangeForced,
    GaveBack,
    InfluenceLost,
    Pool,
    Proved,
    TurnStarted,
    Won,
)
from coup_rules.log import Log
from coup_rules.moves import (
    ActionMove,
    Allow,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Convert,
    Coup,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GiveBack,
    Income,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
    Steal,
    Tax,
)
from coup_rules.playout import playout
from coup_rules.setup import new_game
from coup_rules.state import GameState, PlayerState
from coup_rules.views import PlayerView, SeatView, view

if TYPE_CHECKING:  # imported on first use, by __getattr__ below
    from coup_rules.determinize import (
        CardTracker,
        Determinizer,
        Knowledge,
        known_cards,
        sample_state,
    )
    from coup_rules.narrate import (
        describe_event,
        describe_move,
        describe_pending,
        narrate_events,
        narrate_log,
        narration_start,
    )
    from coup_rules.notation import format_move, parse_move
    from coup_rules.serde import SCHEMA_VERSION, DecodeError, from_json, to_json
    from coup_rules.validate import validate_state, validate_view

_LAZY: dict[str, tuple[str, ...]] = {
    "coup_rules.determinize": (
        "CardTracker",
        "Determinizer",
        "Knowledge",
        "known_cards",
        "sample_state",
    ),
    "coup_rules.narrate": (
        "describe_event",
        "describe_move",
        "describe_pending",
        "narrate_events",
        "narrate_log",
        "narration_start",
    ),
    "coup_rules.notation": ("format_move", "parse_move"),
    "coup_rules.serde": ("SCHEMA_VERSION", "DecodeError", "from_json", "to_json"),
    "coup_rules.validate": ("validate_state", "validate_view"),
}
"""The public names whose modules are imported on first use, by module (the JSON converter, the
validators, the determinizer, the narration and the notation: about half of the package's import,
which a program that only plays games never needs). ``tests/test_lazy_import.py`` holds this
table to the ``TYPE_CHECKING`` imports above."""

_HOME = {name: module for module, names in _LAZY.items() for name in names}


if not TYPE_CHECKING:  # hidden from type checkers, which would take any name as an attribute

    def __getattr__(name: str) -> object:
        """A lazily imported public name (PEP 562): its module is imported on first use."""
        module = _HOME.get(name)
        if module is None:
            raise AttributeError(f"module 'coup_rules' has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)


__version__ = "1.2.0.dev0"
"""The version of this package; pyproject.toml reads it from here (the only place it is written)."""


def _compiled() -> bool:
    """Whether a module of this package was loaded from an extension module, not a .py file."""
    suffixes = tuple(EXTENSION_SUFFIXES)
    return any(
        (getattr(module, "__file__", None) or "").endswith(suffixes)
        for name, module in list(sys.modules.items())
        if name.startswith("coup_rules.")
    )


COMPILED: bool = _compiled()
"""True when the engine's core runs compiled: this is a wheel built with ``COUP_RULES_COMPILE=1``,
whose core modules (listed in pyproject.toml) mypyc compiled to extension modules. False for the
pure-Python package. Both builds behave identically; the compiled one is faster."""

__all__ = [
    "COMPILED",
    "SCHEMA_VERSION",
    "ActionChallengeAnswer",
    "ActionChoice",
    "ActionDeclared",
    "ActionMove",
    "Allegiance",
    "AllegianceChanged",
    "AllegianceChoice",
    "Allow",
    "Allowed",
    "Assassinate",
    "Block",
    "BlockChallengeAnswer",
    "Blocked",
    "CardShown",
    "CardTracker",
    "CardsDrawn",
    "CardsReturned",
    "Challenge",
    "ChallengeActionWindow",
    "ChallengeBlockWindow",
    "Challenged",
    "Character",
    "ChooseAllegiance",
    "CoinsMoved",
    "Concede",
    "Conceded",
    "Config",
    "Convert",
    "CounterWindow",
    "Coup",
    "Dealt",
    "Decision",
    "DecisionSpec",
    "DecodeError",
    "Determinizer",
    "Draft",
    "DraftChoice",
    "Drafted",
    "Drawn",
    "Eliminated",
    "Embezzle",
    "Event",
    "Examine",
    "Exchange",
    "ExchangeForced",
    "ForceExchange",
    "ForeignAid",
    "GameState",
    "GaveBack",
    "GiveBack",
    "IllegalMoveError",
    "Income",
    "InfluenceChoice",
    "InfluenceLost",
    "InquisitorChoice",
    "Keep",
    "KeepChoice",
    "Knowledge",
    "Log",
    "LoseInfluence",
    "Move",
    "Pending",
    "PlayerState",
    "PlayerView",
    "Pool",
    "Prove",
    "Proved",
    "SeatView",
    "Show",
    "ShowChoice",
    "Stage",
    "Steal",
    "Tax",
    "TurnStarted",
    "Won",
    "__version__",
    "apply",
    "decision_spec",
    "describe_event",
    "describe_move",
    "describe_pending",
    "format_move",
    "from_json",
    "known_cards",
    "legal_moves",
    "narrate_events",
    "narrate_log",
    "narration_start",
    "new_game",
    "parse_move",
    "playout",
    "sample_state",
    "to_act",
    "to_json",
    "validate_state",
    "validate_view",
    "view",
]
