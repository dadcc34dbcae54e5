"""One rule for the integers the package is given: seats, indices, counts and seeds.

Every public function and adapter that takes one of them accepts what ``operator.index``
accepts, except ``bool``: a plain ``int``, an ``int`` subclass, a NumPy integer scalar or a 0-d
NumPy integer array (what ``mask.argmax()`` gives). It turns the value into a plain ``int`` at
the door, so nothing behind it ever holds anything else. Any other value (``True``, ``1.5``,
``"1"``, ``None``, a NumPy bool or float, a list) is refused with ``NotAnIntegerError`` and a
number out of range with ``ValueError``, both with one message of one form::

    player must be a seat from 0 to 2, not float 1.5
    player must be a seat from 0 to 2, not 5

The name of the parameter, what it must be, and what it was (with its type, unless it was an
integer). The rule is the same in the pure and the compiled build: this module is never compiled.
"""

from __future__ import annotations

import operator
import reprlib
from typing import SupportsIndex

from coup_rules.rng import MAX_SEED

__all__ = [
    "NotAnIntegerError",
    "as_count",
    "as_in_range",
    "as_index",
    "as_seat",
    "as_seed",
    "index_or_same",
    "refusal",
    "shown",
]

_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40


class NotAnIntegerError(TypeError, ValueError):
    """A seat, index, count or seed that is not an integer (``True``, ``1.5``, ``"1"``, ...).

    Both a ``TypeError`` (the value's type is wrong) and a ``ValueError`` (what the API
    documents for a bad argument of ``legal_moves``, ``view``, ``new_game`` and ``Config``), so
    either ``except`` catches it.
    """


def shown(value: object) -> str:
    """``value`` as a refusal names it: an ``int`` as itself, anything else with its type
    (``float 1.5``, ``bool True``, ``str '1'``, ``None``, ``numpy.float64 np.float64(1.5)``); long
    values are cut short."""
    if type(value) is int:
        return _REPR.repr(value)
    if value is None:
        return "None"
    kind = type(value)
    name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
    return f"{name} {_REPR.repr(value)}"


def refusal(name: str, expected: str, value: object) -> str:
    """The one message of a refused integer: ``"{name} must be {expected}, not {value}"``."""
    return f"{name} must be {expected}, not {shown(value)}"


def _integer(value: object) -> int | None:
    """``value`` as a plain ``int``, or ``None`` where it is no integer (``bool`` included)."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return int(operator.index(value))  # type: ignore[arg-type]
    except TypeError:  # a NumPy array of several values, or of floats or bools
        return None


def as_index(value: SupportsIndex, name: str, expected: str = "an integer") -> int:
    """``value`` as a plain ``int``; ``expected`` says what it must be, for the message.

    Raises:
        NotAnIntegerError: ``value`` is not an integer (or is a ``bool``).
    """
    found = _integer(value)
    if found is None:
        raise NotAnIntegerError(refusal(name, expected, value))
    return found


def as_in_range(value: SupportsIndex, name: str, low: int, high: int, expected: str) -> int:
    """``value`` as a plain ``int`` from ``low`` to ``high`` (both included).

    Raises:
        NotAnIntegerError: ``value`` is not an integer.
        ValueError: it is out of range; ``expected`` (e.g. "a seat from 0 to 2") says so.
    """
    if type(value) is int and low <= value <= high:  # the common case: no call, no message
        return value
    found = as_index(value, name, expected)
    if not low <= found <= high:
        raise ValueError(refusal(name, expected, found))
    return found


def as_seat(value: SupportsIndex, name: str, players: int) -> int:
    """``value`` as a seat of a game of ``players``: ``"player must be a seat from 0 to 2"``.

    A plain ``int`` seat is returned at once; the message is built only for a refusal (this is
    asked at every ``legal_moves`` that finds nothing cached).

    Raises:
        NotAnIntegerError: ``value`` is not an integer.
        ValueError: it is not a seat of the game.
    """
    if type(value) is int and 0 <= value < players:
        return value
    return as_in_range(value, name, 0, players - 1, f"a seat from 0 to {players - 1}")


def as_count(value: SupportsIndex, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` (to ``high``, when given).

    Raises:
        NotAnIntegerError: ``value`` is not an integer.
        ValueError: it is out of range.
    """
    if high is None:
        found = as_index(value, name, f"a whole number from {low}")
        if found < low:
            raise ValueError(refusal(name, f"a whole number from {low}", found))
        return found
    return as_in_range(value, name, low, high, f"a whole number from {low} to {high}")


def as_seed(value: SupportsIndex, name: str = "seed") -> int:
    """``value`` as a seed: an integer from 0 to 2**256 - 1 (``coup_rules.rng.MAX_SEED - 1``),
    the same range for every engine.

    Raises:
        NotAnIntegerError: ``value`` is not an integer.
        ValueError: it is negative or 2**256 or more.
    """
    return as_in_range(value, name, 0, MAX_SEED - 1, "an integer from 0 to 2**256 - 1")


def index_or_same(value: SupportsIndex) -> int:
    """``value`` as a plain ``int`` when it is an integer; anything else unchanged.

    The converter of the moves' seat fields: ``Steal(0, numpy.int64(1)) == Steal(0, 1)``, while
    ``Steal(0, 1.5)`` keeps its ``1.5`` so that ``apply`` refuses it with a reason (R-TURN-6)
    instead of the move failing to be built.
    """
    found = _integer(value)
    return value if found is None else found  # type: ignore[return-value]
