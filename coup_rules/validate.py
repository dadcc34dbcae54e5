"""The documented invariants of a ``GameState``, checked on states built by hand or decoded.

``validate_state`` accepts every state the engine can reach and rejects states that break a
conservation law or name seats that cannot be asked (R-SETUP-4, R-SETUP-10, R-INF-4, R-INFO-4).
"""

from __future__ import annotations

from collections import Counter

from coup_rules.cards import Character
from coup_rules.moves import Convert, Embezzle, Examine, Exchange
from coup_rules.rng import MAX_SEED
from coup_rules.rules.claims import blocking_characters, claimed_character, is_challengeable
from coup_rules.rules.flow import EXCHANGE_DRAWS, INQUISITOR_EXCHANGE_DRAWS
from coup_rules.state import Decision, GameState, Pending, Stage

__all__ = ["validate_state"]

INFLUENCE = 2

SETUP = frozenset({Decision.CHOOSE_ALLEGIANCE, Decision.DRAFT})
ANSWERS = frozenset({Decision.ANSWER_ACTION_CHALLENGE, Decision.ANSWER_BLOCK_CHALLENGE})
WITH_BLOCK = frozenset({Decision.CHALLENGE_BLOCK, Decision.ANSWER_BLOCK_CHALLENGE})
WITHOUT_BLOCK = frozenset(
    {
        Decision.CHALLENGE_ACTION,
        Decision.COUNTER,
        Decision.ANSWER_ACTION_CHALLENGE,
        Decision.KEEP,
        Decision.SHOW,
        Decision.INQUISITOR_CHOICE,
    }
)


def _count(name: str, value: int) -> None:
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value}")


def _sorted(name: str, cards: tuple[Character, ...]) -> None:
    if list(cards) != sorted(cards):
        raise ValueError(f"{name} must be sorted")


def _check_numbers(state: GameState) -> None:
    if not 0 <= state.seed < MAX_SEED:
        raise ValueError("seed must be an integer from 0 to 2**256 - 1")
    _count("draws", state.draws)
    _count("turn", state.turn)
    _count("treasury", state.treasury)
    _count("reserve", state.reserve)
    if state.reserve and not state.config.reformation:
        raise ValueError("reserve must be 0 outside Reformation")
    n = state.config.players
    if not 0 <= state.active < n:
        raise ValueError(f"active must be a seat from 0 to {n - 1}, not {state.active}")


def _check_players(state: GameState) -> None:
    config = state.config
    if len(state.players) != config.players:
        raise ValueError(f"players must hold {config.players} seats, not {len(state.players)}")
    for i, p in enumerate(state.players):
        name = f"players[{i}]"
        if p.seat != i:
            raise ValueError(f"{name}.seat must be {i}, not {p.seat}")
        _count(f"{name}.coins", p.coins)
        _sorted(f"{name}.hand", p.hand)
        if not p.hand and p.coins:
            raise ValueError(f"{name} is eliminated and must hold no coins")
        if p.allegiance is not None and not config.reformation:
            raise ValueError(f"{name}.allegiance must be null outside Reformation")
        if len(p.revealed) > INFLUENCE:
            raise ValueError(f"{name}.revealed holds more than {INFLUENCE} cards")


def _expected_hand(state: GameState, seat: int) -> set[int]:
    """The possible numbers of hidden cards of ``seat`` (R-INF-4, R-ACT-12, R-SETUP-8)."""
    p = state.players[seat]
    base = INFLUENCE - len(p.revealed)
    pending = state.pending
    if pending is not None and pending.kind is Decision.KEEP and seat in pending.waiting:
        drawn = INQUISITOR_EXCHANGE_DRAWS if state.config.inquisitor else EXCHANGE_DRAWS
        return {pending.keep + drawn} if pending.keep == base else set()
    if state.turn == 0 and state.config.is_two_player_setup and not p.revealed:
        return {1, 2}
    return {base}


def _check_conservation(state: GameState) -> None:
    config = state.config
    coins = state.treasury + state.reserve + sum(p.coins for p in state.players)
    if coins != config.coins:
        raise ValueError(f"coins add up to {coins}, not the bank of {config.coins}")
    _sorted("court", state.court)
    _sorted("aside", state.aside)
    cards: Counter[Character] = Counter(state.court) + Counter(state.aside)
    for p in state.players:
        cards += Counter(p.hand) + Counter(p.revealed)
    if cards != Counter(config.deck):
        raise ValueError("hands, revealed cards, court and aside do not make up the deck")
    for p in state.players:
        if len(p.hand) not in _expected_hand(state, p.seat):
            raise ValueError(f"players[{p.seat}].hand holds a wrong number of cards")


def _check_seat(state: GameState, name: str, seat: int | None, *, living: bool) -> None:
    n = state.config.players
    if seat is None:
        return
    if not 0 <= seat < n:
        raise ValueError(f"{name} must be a seat from 0 to {n - 1}, not {seat}")
    if living and not state.players[seat].hand:
        raise ValueError(f"{name} names seat {seat}, which is eliminated")


def _check_pending(state: GameState, pending: Pending) -> None:
    if not pending.waiting:
        raise ValueError("pending.waiting must not be empty while the game goes on")
    if list(pending.waiting) != sorted(set(pending.waiting)):
        raise ValueError("pending.waiting must be ascending, without repeats")
    for seat in pending.waiting:
        _check_seat(state, "pending.waiting", seat, living=True)
    if pending.action is not None:
        _check_seat(state, "pending.action.player", pending.action.player, living=True)
        target = getattr(pending.action, "target", None)
        _check_seat(state, "pending.action.target", target, living=False)
    if pending.block is not None:
        _check_seat(state, "pending.block.player", pending.block.player, living=False)
    _check_seat(state, "pending.challenger", pending.challenger, living=False)
    _count("pending.keep", pending.keep)
    setup = pending.kind in (Decision.DRAFT, Decision.CHOOSE_ALLEGIANCE)
    if setup != (state.turn == 0):
        raise ValueError("pending.kind does not match turn (setup decisions come at turn 0)")
    examine = pending.kind is Decision.INQUISITOR_CHOICE
    if examine != (state.shown is not None):
        raise ValueError("shown must be set exactly while the Inquisitor decides")
    if setup:
        _check_setup_decision(state, pending)
    else:
        _check_turn_decision(state, pending)


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _hidden(state: GameState, seat: int) -> int:
    return len(state.players[seat].hand)


def _check_setup_decision(state: GameState, pending: Pending) -> None:
    """The first player's choice of allegiance, or the draft of the seats holding one card."""
    config = state.config
    fields = (pending.action, pending.block, pending.challenger, pending.resume, pending.claim)
    _require(
        fields == (None,) * 5 and not pending.keep,
        f"pending.{pending.kind.value} names no action or block",
    )
    _require(not any(p.revealed for p in state.players), "no card is revealed during the setup")
    if pending.kind is Decision.CHOOSE_ALLEGIANCE:
        _require(config.reformation, "pending.kind choose_allegiance needs Reformation")
        _require(
            pending.waiting == (config.first_player,),
            "pending.waiting must be the first player while allegiances are chosen",
        )
        return
    _require(config.is_two_player_setup, "pending.kind draft needs the 2-player setup")
    drafters = tuple(p.seat for p in state.players if len(p.hand) == 1)
    _require(pending.waiting == drafters, "pending.waiting must be the seats holding one card")
    aside = Counter(state.aside)
    _require(
        all(aside[c] >= len(drafters) for c in config.characters),
        "aside must still hold the set of every seat that drafts",
    )


def _check_turn_decision(state: GameState, pending: Pending) -> None:
    """The fields a decision of the turn needs, and the seats it may wait on."""
    kind, action, block = pending.kind, pending.action, pending.block
    if kind is Decision.ACTION:
        bare = (action, block, pending.challenger, pending.resume, pending.claim) == (None,) * 5
        _require(bare and not pending.keep, "pending.action names no action before one is made")
        _require(pending.waiting == (state.active,), "pending.waiting must be the active seat")
        return
    if action is None:
        raise ValueError(f"pending.action must be set for {kind.value}")
    actor = action.player
    _require(actor == state.active, "pending.action.player must be the active seat")
    config = state.config
    _require(
        (config.reformation or not isinstance(action, Convert | Embezzle))
        and (config.inquisitor or not isinstance(action, Examine)),
        "pending.action is not an action of this game",
    )
    target: int | None = getattr(action, "target", None)
    _require(
        target != actor or isinstance(action, Convert), "pending.action.target must be another seat"
    )
    name = kind.value
    _require(
        pending.claim == claimed_character(action, config), "pending.claim must be the action's"
    )
    lose = kind is Decision.LOSE_INFLUENCE
    _require((pending.challenger is None) != (kind in ANSWERS), f"pending.challenger for {name}")
    _require((pending.resume is None) != lose, f"pending.resume is wrong for {name}")
    _require(bool(pending.keep) == (kind is Decision.KEEP), f"pending.keep is wrong for {name}")
    _require(block is not None or kind not in WITH_BLOCK, f"pending.block must be set for {name}")
    _require(block is None or kind not in WITHOUT_BLOCK, f"pending.block must be null for {name}")
    if block is not None:
        _require(
            block.player != actor
            and block.character in blocking_characters(action, state.config)
            and bool(state.players[block.player].hand),
            "pending.block does not fit the action",
        )
    _require(_waits_as_expected(state, pending), f"pending.waiting does not fit {name}")


def _waits_as_expected(state: GameState, pending: Pending) -> bool:
    """Whether ``pending.waiting`` holds the seats its kind of decision asks."""
    kind, action, block, waiting = pending.kind, pending.action, pending.block, pending.waiting
    assert action is not None
    actor, target = action.player, pending.target
    if kind is Decision.CHALLENGE_ACTION:
        return is_challengeable(action) and actor not in waiting
    if kind is Decision.COUNTER:
        blockable = bool(blocking_characters(action, state.config))
        aimed = target is None or waiting == (target,)
        return blockable and aimed and actor not in waiting
    if kind is Decision.CHALLENGE_BLOCK:
        assert block is not None
        return block.player not in waiting
    if kind in ANSWERS:
        claimant = actor if block is None else block.player
        challenger = pending.challenger
        return (
            waiting == (claimant,)
            and (block is not None or is_challengeable(action))
            and challenger is not None
            and challenger != claimant
            and _hidden(state, challenger) > 0
        )
    if kind is Decision.LOSE_INFLUENCE:
        resume = pending.resume
        fits = (resume is not Stage.COUNTER or is_challengeable(action)) and (
            resume is not Stage.RESOLVE or block is not None
        )
        return fits and len(waiting) == 1 and _hidden(state, waiting[0]) == INFLUENCE
    if kind is Decision.KEEP:
        return isinstance(action, Exchange) and waiting == (actor,)
    if kind is Decision.SHOW:
        shows = isinstance(action, Examine) and waiting == (target,)
        return shows and _hidden(state, waiting[0]) == INFLUENCE
    assert kind is Decision.INQUISITOR_CHOICE
    return (
        isinstance(action, Examine)
        and waiting == (actor,)
        and state.shown in state.players[action.target].hand
    )


def _check_outcome(state: GameState) -> None:
    living = state.living
    if len(living) == 1:
        if state.winner != living[0]:
            raise ValueError(f"winner must be {living[0]}, the only living seat")
        if state.pending is not None:
            raise ValueError("pending must be null once the game is over")
        if state.shown is not None:
            raise ValueError("shown must be null once the game is over")
        return
    if not living:
        raise ValueError("no seat is alive")
    if state.winner is not None:
        raise ValueError("winner must be null while several players are alive")
    if state.pending is None:
        raise ValueError("pending must be set while the game goes on")
    _check_seat(state, "active", state.active, living=True)
    _check_pending(state, state.pending)


def _check_allegiances(state: GameState) -> None:
    """In Reformation, no seat has an allegiance before the first player's choice; all after."""
    if not state.config.reformation:
        return
    pending = state.pending
    choosing = pending is not None and pending.kind is Decision.CHOOSE_ALLEGIANCE
    for p in state.players:
        if (p.allegiance is None) != choosing:
            must = "null before" if choosing else "set after"
            raise ValueError(f"players[{p.seat}].allegiance must be {must} the first choice")


def validate_state(state: GameState) -> None:
    """Check the documented invariants of ``state``.

    Coins add up to the bank; hands, revealed cards, Court and set-aside cards make up the deck;
    card piles are sorted; hand sizes fit the moment (two influences a player, more only for an
    exchanger choosing what to keep); eliminated players hold no coins; a winner exactly when one
    player is alive; a pending decision exactly while the game goes on, naming only seats of the
    game, the seats it waits on alive, and its fields fitting its kind (the action, block,
    challenger, resume point and seats asked that the engine would have recorded), so that the
    engine can play on from any state that passes; in Reformation, allegiances set once chosen;
    the seed and counters in range.

    Raises:
        ValueError: an invariant is broken; the message names the field.
    """
    _check_numbers(state)
    _check_players(state)
    _check_conservation(state)
    _check_outcome(state)
    _check_allegiances(state)
