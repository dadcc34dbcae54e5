"""One step of the engine: recognise a legal move and play it (compiled in the fast build).

``engine.py`` holds the public entry points, which check their arguments the way the API
promises; everything they call per move lives here, behind them, so a ``COUP_RULES_COMPILE=1``
build can compile it with mypyc without changing what a wrong argument raises.
"""

from __future__ import annotations

from typing import assert_never

import attrs

from coup_rules.events import Allowed, Challenged
from coup_rules.moves import (
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Draft,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
    is_action,
)
from coup_rules.records import (
    ActionChallengeAnswer,
    ActionChoice,
    AllegianceChoice,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    Record,
    ShowChoice,
)
from coup_rules.rules import choices, responses
from coup_rules.rules.flow import declare
from coup_rules.rules.legal import legal_for
from coup_rules.rules.scratch import Scratch, append_to_log, wrap
from coup_rules.state import Core, GameState, with_decision

__all__ = ["legal_of", "next_core", "play"]


def legal_of(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of ``seat`` (a valid seat), computed once per state and seat."""
    cache = state._legal
    found = cache.get(seat)
    if found is None:
        found = cache[seat] = legal_for(state.core, seat)
    return found


def play(state: GameState, move: object) -> GameState | None:
    """The state after ``move``, or ``None`` when ``move`` is not legal in ``state``.

    A move is legal when it equals one of its player's legal moves field for field, with fields
    of the same types (``True`` is no seat, ``1.0`` no coin count: R-TURN-6).
    """
    core = state.core
    pending = core.pending
    player = getattr(move, "player", None)
    if pending is None or type(player) is not int or player not in pending.waiting:
        return None
    cache = state._legal  # legal_of, inlined: one Python call fewer per apply (about 1 %)
    legal = cache.get(player)
    if legal is None:
        legal = cache[player] = legal_for(core, player)
    for candidate in legal:
        if candidate is move:
            return wrap(next_core(core, pending, candidate))
    kind = type(move)
    for candidate in legal:  # the types first: then comparing can only give True or False
        if type(candidate) is kind and _same_types(candidate, move) and candidate == move:
            return wrap(next_core(core, pending, candidate))
    return None


def next_core(core: Core, pending: Record, move: Move) -> Core:
    """The position after ``move``, a legal answer to ``pending``."""
    if type(move) is Allow and len(pending.waiting) > 1:
        return _allow_and_wait(core, pending, move)
    if type(move) is Challenge:
        return _challenge(core, pending, move)
    scratch = Scratch(core)
    _play(scratch, pending, move)
    return scratch.freeze()


def _challenge(core: Core, pending: Record, move: Challenge) -> Core:
    """A challenge, without a ``Scratch``: it only opens the claimant's answer (R-WIN-2)."""
    assert isinstance(pending, ChallengeActionWindow | ChallengeBlockWindow)
    answer, challenged = responses.answer_to(pending, move)
    log = append_to_log(core.log, ((Challenged, move.player, challenged),))
    return with_decision(core, answer, log)


def _allow_and_wait(core: Core, pending: Record, move: Allow) -> Core:
    """The commonest move, without a ``Scratch``: a seat leaves a window others still answer."""
    assert isinstance(pending, ChallengeActionWindow | CounterWindow | ChallengeBlockWindow)
    seat = move.player
    waiting = tuple([s for s in pending.waiting if s != seat])
    log = append_to_log(core.log, ((Allowed, seat, pending.kind),))
    return with_decision(core, responses.window_waiting_on(pending, waiting), log)


def _same_types(a: Move, b: object) -> bool:
    """Whether every field of ``b`` has the exact type of ``a``'s (``True`` is no seat), a
    tuple field as many items as ``a``'s, each of its type. Asked before ``a == b``, so that a
    field of another type (a NumPy array, a look-alike) is never compared with a legal move's."""
    for field in attrs.fields(type(a)):
        x, y = getattr(a, field.name), getattr(b, field.name)
        if type(x) is not type(y):
            return False
        if type(x) is tuple and (
            len(x) != len(y) or any(type(i) is not type(j) for i, j in zip(x, y, strict=True))
        ):
            return False
    return True


def _play(t: Scratch, pending: Record, move: Move) -> None:
    """Apply ``move``, a legal answer to ``pending``."""
    match pending:  # the commonest decisions first (a turn's action: most moves that come here)
        case ActionChoice():
            if is_action(move):
                declare(t, move)
        case ChallengeActionWindow() | ChallengeBlockWindow():
            if type(move) is Allow:  # the last Allow (a Challenge never comes here: next_core)
                responses.on_allow(t, pending, move)
        case ActionChallengeAnswer() | BlockChallengeAnswer():
            if type(move) is Prove:
                responses.on_prove(t, pending, move)
            elif type(move) is Concede:
                responses.on_concede(t, pending, move)
        case InfluenceChoice():
            if type(move) is LoseInfluence:
                choices.on_lose_influence(t, pending, move)
        case CounterWindow():
            if type(move) is Allow:
                responses.on_allow(t, pending, move)
            elif type(move) is Block:
                responses.on_block(t, pending, move)
        case KeepChoice():
            if type(move) is Keep:
                choices.on_keep(t, move)
        case ShowChoice():
            if type(move) is Show:
                choices.on_show(t, pending, move)
        case InquisitorChoice():
            if type(move) is GiveBack:
                choices.on_give_back(t, pending, move)
            elif type(move) is ForceExchange:
                choices.on_force_exchange(t, pending, move)
        case DraftChoice():
            if type(move) is Draft:
                choices.on_draft(t, move)
        case AllegianceChoice():
            if type(move) is ChooseAllegiance:
                choices.on_choose_allegiance(t, move)
        case _:
            assert_never(pending)
