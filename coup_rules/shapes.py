"""Whether a value has the type its annotation says, for states built by hand (issue 20, D7).

``validate_state`` runs this first, so that a state whose fields hold the wrong types (a seed of
``1.0``, coins of ``"2"``, a hand that is a list) is refused with a ``ValueError`` naming the
field, instead of crashing later inside the checks or the engine. The annotations read are the
ones of ``GameState``'s constructor and of the attrs classes it holds: nothing is listed twice.
"""

from __future__ import annotations

import types
import typing
from functools import cache
from typing import Any

import attrs

__all__ = ["misfit", "misfit_argument"]


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved annotations of an attrs class's fields (those its constructor takes)."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in attrs.fields(cls) if f.init}


@cache
def _parameters(function: Any) -> dict[str, Any]:
    return typing.get_type_hints(function)


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint``: exact ``int`` (no ``bool``), classes, unions,
    homogeneous tuples, and attrs values whose every field fits in turn."""
    if hint is int:
        return type(value) is int
    if hint is bool:
        return type(value) is bool
    if hint is type(None) or hint is None:
        return value is None
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, option) for option in typing.get_args(hint))
    if origin is tuple:
        item = typing.get_args(hint)[0]
        return type(value) is tuple and all(_fits(v, item) for v in value)
    if not isinstance(hint, type) or not isinstance(value, hint):
        return False
    return not attrs.has(hint) or misfit(value) is None


def misfit(value: Any) -> str | None:
    """The first field of the attrs value ``value`` whose type is not its annotation's, with
    what it holds (``"coins = 2.0"``), or ``None`` when every field fits."""
    cls: type = type(value)
    for name, hint in _hints(cls).items():
        held = getattr(value, name)
        if not _fits(held, hint):
            return f"{name} = {held!r}"
    return None


def misfit_argument(function: Any, values: dict[str, Any]) -> str | None:
    """The first of ``values`` whose type is not the annotation of ``function``'s parameter of
    that name, as ``"name = value"``, or ``None``."""
    hints = _parameters(function)
    for name, held in values.items():
        if not _fits(held, hints[name]):
            return f"{name} = {held!r}"
    return None
