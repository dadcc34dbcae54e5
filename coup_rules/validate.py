"""The documented invariants of a ``GameState``, checked on states built by hand or decoded.

``validate_state`` accepts every state the engine can reach and rejects states that break a
conservation law or name seats that cannot be asked (R-SETUP-4, R-SETUP-10, R-INF-4, R-INFO-4).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import assert_never

import attrs

from coup_rules.actions import SPECS, Asked, blockers_of, claimed_character, cost_of, in_game
from coup_rules.cards import Character
from coup_rules.constants import (
    EXCHANGE_DRAWS,
    FORCED_COUP_COINS,
    HAND_SIZE,
    INQUISITOR_EXCHANGE_DRAWS,
    MIN_COURT,
)
from coup_rules.decisions import (
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
    Pending,
    ShowChoice,
    Stage,
)
from coup_rules.determinize import Determinizer
from coup_rules.moves import ActionMove, Block, Coup
from coup_rules.rng import MAX_SEED
from coup_rules.rules.allegiance import may_target, opponents
from coup_rules.shapes import misfit, misfit_argument
from coup_rules.state import FIELDS, GameState, PlayerState
from coup_rules.views import PlayerView

__all__ = ["validate_state", "validate_view"]

INFLUENCE = HAND_SIZE

OnAction = (
    ChallengeActionWindow
    | CounterWindow
    | ChallengeBlockWindow
    | ActionChallengeAnswer
    | BlockChallengeAnswer
    | InfluenceChoice
    | KeepChoice
    | ShowChoice
    | InquisitorChoice
)


def _check_types(state: GameState) -> None:
    """Every field holds the type ``GameState``'s constructor names (D7 of issue 20)."""
    values = {name: getattr(state, name) for name in FIELDS}
    players = values["players"]
    for i, p in enumerate(players if type(players) is tuple else ()):
        found = misfit(p) if isinstance(p, PlayerState) else None
        if found is not None:
            raise ValueError(f"players[{i}] holds a value of the wrong type: {found}")
    pending = values["pending"]
    found = misfit(pending) if attrs.has(type(pending)) else None
    if found is not None:
        raise ValueError(f"pending holds a value of the wrong type: {found}")
    found = misfit_argument(GameState.__init__, values)
    if found is not None:
        raise ValueError(f"a field holds a value of the wrong type: {found}")


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
    if isinstance(pending, KeepChoice) and seat in pending.waiting:
        return {pending.keep + _drawn(state)} if pending.keep == base else set()
    if state.turn == 0 and state.config.is_two_player_setup and not p.revealed:
        return {1, 2}
    return {base}


def _drawn(state: GameState) -> int:
    """The cards an Exchange draws in this game."""
    return INQUISITOR_EXCHANGE_DRAWS if state.config.inquisitor else EXCHANGE_DRAWS


def _check_court(state: GameState) -> None:
    """The Court keeps enough cards for every draw (R-SETUP-3); an Exchange borrows them."""
    court = len(state.court)
    if isinstance(state.pending, KeepChoice):
        court += _drawn(state)
    if court < MIN_COURT:
        raise ValueError(f"court must hold at least {MIN_COURT} cards, not {len(state.court)}")


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
    setup = isinstance(pending, AllegianceChoice | DraftChoice)
    if setup != (state.turn == 0):
        raise ValueError("pending.kind does not match turn (setup decisions come at turn 0)")
    if isinstance(pending, InquisitorChoice) != (state.shown is not None):
        raise ValueError("shown must be set exactly while the Inquisitor decides")
    match pending:
        case AllegianceChoice() | DraftChoice():
            _check_setup_decision(state, pending)
        case ActionChoice():
            _require(pending.waiting == (state.active,), "pending.waiting must be the active seat")
        case _:
            _check_action(state, pending)
            _require(
                _waits_as_expected(state, pending), f"pending.waiting does not fit {pending.kind}"
            )


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _hidden(state: GameState, seat: int) -> int:
    return len(state.players[seat].hand)


def _check_setup_decision(state: GameState, pending: AllegianceChoice | DraftChoice) -> None:
    """The first player's choice of allegiance, or the draft of the seats holding one card."""
    config = state.config
    _require(not any(p.revealed for p in state.players), "no card is revealed during the setup")
    drafters = tuple(p.seat for p in state.players if len(p.hand) == 1)
    if drafters:
        _require(config.is_two_player_setup, "only the 2-player setup deals one card")
        _check_draft_piles(state, drafters)
    if isinstance(pending, AllegianceChoice):
        _require(
            not drafters or len(drafters) == config.players,
            "no seat drafts before the first player has chosen an allegiance",
        )
        _require(config.reformation, "pending.kind choose_allegiance needs Reformation")
        _require(
            pending.waiting == (config.first_player,),
            "pending.waiting must be the first player while allegiances are chosen",
        )
        return
    _require(config.is_two_player_setup, "pending.kind draft needs the 2-player setup")
    _require(pending.waiting == drafters, "pending.waiting must be the seats holding one card")


def _check_draft_piles(state: GameState, drafters: tuple[int, ...]) -> None:
    """While the 2-player draft goes on (R-SETUP-7, R-SETUP-8): the Court is the third set less
    the card each seat was dealt from it, and the aside is each seat's own set, less the card of
    each seat that has drafted."""
    config = state.config
    sets = Counter(config.characters * config.players)
    aside = Counter(state.aside)
    _require(
        aside <= sets and (sets - aside).total() == config.players - len(drafters),
        "aside must be each seat's own set, less one card per seat that has drafted",
    )
    aside_ok = all(aside[c] >= len(drafters) for c in config.characters)
    _require(aside_ok, "aside must still hold the set of every seat that drafts")
    court = state.court
    _require(
        len(set(court)) == len(court) == len(config.characters) - config.players,
        "court must be the third set less the cards dealt from it (different characters)",
    )


def _refunded(state: GameState, pending: OnAction) -> bool:
    """Whether the actor conceded an Assassinate and took its cost back (R-CHAL-5)."""
    return (
        isinstance(pending, InfluenceChoice)
        and SPECS[type(pending.action)].refunded
        and pending.seat == pending.actor
        and pending.block is None
        and pending.resume is Stage.END
    )


def _check_action(state: GameState, pending: OnAction) -> None:
    """The declared action is one the actor could declare: this game's, aimed and paid rightly."""
    action: ActionMove = pending.action
    actor = action.player
    config = state.config
    spec = SPECS[type(action)]
    _require(actor == state.active, "pending.action.player must be the active seat")
    _check_seat(state, "pending.action.player", actor, living=True)
    _require(in_game(spec, config), "pending.action is not an action of this game")
    _require(
        pending.claim == claimed_character(action, config.exchanger),
        "pending.claim must be the action's",
    )
    target: int | None = getattr(action, "target", None)
    if target is not None:
        _check_seat(state, "pending.action.target", target, living=True)
        _require(
            target != actor or spec.self_cost is not None,
            "pending.action.target must be another seat",
        )
        aimed = target != actor and bool(state.players[target].hand)
        _require(
            not aimed or may_target(state.core.players, actor, target, config.reformation),
            "pending.action.target may not be aimed at by the actor (R-REF-2)",
        )
    coins = state.players[actor].coins
    start = coins if _refunded(state, pending) else coins + cost_of(action)
    _require(
        start < FORCED_COUP_COINS or isinstance(action, Coup),
        "pending.action must be a Coup: the actor started the turn with 10 coins or more",
    )


def _check_block(state: GameState, action: ActionMove, block: Block) -> None:
    spec = SPECS[type(action)]
    blocker = block.player
    _check_seat(state, "pending.block.player", blocker, living=True)
    if spec.asked is Asked.TARGET:
        asked = blocker == getattr(action, "target", None)
    else:
        asked = spec.asked is Asked.OPPONENTS and blocker in opponents(
            state.core.players, action.player, state.config.reformation
        )
    _require(
        blocker != action.player
        and asked
        and block.character in blockers_of(spec, state.config.exchanger),
        "pending.block does not fit the action",
    )


def _answers(state: GameState, claimant: int, challenger: int, waiting: tuple[int, ...]) -> bool:
    _check_seat(state, "pending.challenger", challenger, living=False)
    return waiting == (claimant,) and challenger != claimant and _hidden(state, challenger) > 0


def _waits_as_expected(state: GameState, pending: OnAction) -> bool:
    """Whether ``pending.waiting`` holds the seats its kind of decision asks."""
    action, waiting = pending.action, pending.waiting
    spec = SPECS[type(action)]
    actor, target = action.player, pending.target
    match pending:
        case ChallengeActionWindow():
            return spec.challengeable and actor not in waiting
        case CounterWindow():
            if spec.asked is Asked.TARGET:
                return waiting == (target,)
            mine = opponents(state.core.players, actor, state.config.reformation)
            return spec.asked is Asked.OPPONENTS and set(waiting) <= set(mine)
        case ChallengeBlockWindow():
            _check_block(state, action, pending.block)
            return pending.block.player not in waiting
        case ActionChallengeAnswer():
            return spec.challengeable and _answers(state, actor, pending.challenger, waiting)
        case BlockChallengeAnswer():
            _check_block(state, action, pending.block)
            return _answers(state, pending.block.player, pending.challenger, waiting)
        case InfluenceChoice():
            if pending.block is not None:
                _check_block(state, action, pending.block)
            return (
                len(waiting) == 1
                and _hidden(state, waiting[0]) == INFLUENCE
                and _loss_reachable(pending, waiting[0])
            )
        case KeepChoice():
            return waiting == (actor,) and pending.keep > 0
        case ShowChoice():
            return waiting == (target,) and _hidden(state, waiting[0]) == INFLUENCE
        case InquisitorChoice():
            return waiting == (actor,) and state.shown in state.players[pending.action.target].hand
        case _:
            assert_never(pending)


def _loss_reachable(pending: InfluenceChoice, loser: int) -> bool:
    """Whether the engine makes ``loser`` lose an influence in this moment of the turn, and goes
    on at ``pending.resume`` afterwards (R-CHAL-3, R-CHAL-4, R-ACT-3, R-ACT-5)."""
    action, block, resume = pending.action, pending.block, pending.resume
    spec = SPECS[type(action)]
    actor = action.player
    if block is not None:
        # the block was challenged: the blocker conceded (the action goes on), or the
        # challenger lost against a proven block (the action fails)
        blocker = block.player
        return (resume is Stage.RESOLVE) == (loser == blocker) and resume is not Stage.COUNTER
    if resume is Stage.COUNTER:  # a challenger lost against a proven action
        return spec.challengeable and loser != actor
    if resume is Stage.END:  # the actor conceded, or the action struck its target
        struck = spec.strikes and loser == pending.target and loser != actor
        return (spec.challengeable and loser == actor) or struck
    return False


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
        limit = state.config.max_turns
        if limit is None or state.turn != limit:
            raise ValueError("pending must be set while the game goes on (no draw is due)")
        if state.shown is not None:
            raise ValueError("shown must be null once the game is over")
        return
    limit = state.config.max_turns
    if limit is not None and state.turn > limit:
        raise ValueError(f"turn must not pass the turn limit of {limit}")
    _check_seat(state, "active", state.active, living=True)
    _check_pending(state, state.pending)


def _check_allegiances(state: GameState) -> None:
    """In Reformation, no seat has an allegiance before the first player's choice; all after."""
    if not state.config.reformation:
        return
    choosing = isinstance(state.pending, AllegianceChoice)
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
    _check_types(state)
    _check_numbers(state)
    _check_players(state)
    _check_conservation(state)
    _check_court(state)
    _check_outcome(state)
    _check_allegiances(state)


def _check_view_seats(v: PlayerView) -> None:
    config = v.config
    n = config.players
    _require(len(v.players) == n, f"players must hold {n} seats, not {len(v.players)}")
    _require(v.seat is None or 0 <= v.seat < n, f"seat must be a seat from 0 to {n - 1} or null")
    for i, p in enumerate(v.players):
        name = f"players[{i}]"
        _require(p.seat == i, f"{name}.seat must be {i}, not {p.seat}")
        _count(f"{name}.coins", p.coins)
        _count(f"{name}.hidden", p.hidden)
        _require(p.alive == (p.hidden > 0), f"{name}.alive must say whether it holds a card")
        _require(p.alive or not p.coins, f"{name} is eliminated and must hold no coins")
        _require(len(p.revealed) <= INFLUENCE, f"{name}.revealed holds too many cards")
        own = i == v.seat
        _require((p.hand is not None) == own, f"{name}.hand must be shown to its own seat only")
        if p.hand is not None:
            _require(len(p.hand) == p.hidden, f"{name}.hand must hold its {p.hidden} hidden cards")
            _sorted(f"{name}.hand", p.hand)
        _require(
            p.allegiance is None or config.reformation,
            f"{name}.allegiance must be null outside Reformation",
        )


def _check_view_totals(v: PlayerView) -> None:
    config = v.config
    for name in ("treasury", "reserve", "court_size", "set_aside", "turn"):
        _count(name, getattr(v, name))
    coins = v.treasury + v.reserve + sum(p.coins for p in v.players)
    _require(coins == config.coins, f"coins add up to {coins}, not the bank of {config.coins}")
    cards = v.court_size + v.set_aside + sum(p.hidden + len(p.revealed) for p in v.players)
    deck = len(config.deck)
    _require(cards == deck, f"cards add up to {cards}, not the deck of {deck}")
    _require(v.reserve == 0 or config.reformation, "reserve must be 0 outside Reformation")


def _check_view_decision(v: PlayerView) -> None:
    alive = tuple(p.seat for p in v.players if p.alive)
    _require(bool(alive), "no seat is alive")
    _require((v.winner is not None) == (len(alive) == 1), "winner must be the only living seat")
    _require(v.winner is None or v.winner == alive[0], "winner must be the only living seat")
    _require(0 <= v.active < v.config.players, "active must be a seat")
    pending = v.pending
    waiting = () if pending is None else pending.waiting
    _require(v.to_act == waiting, "to_act must be the seats the pending decision waits on")
    _require(pending is not None or len(alive) == 1 or v.config.max_turns == v.turn, "pending")
    _require(all(s in alive for s in waiting), "pending.waiting names an eliminated seat")
    _require(list(waiting) == sorted(set(waiting)), "pending.waiting must be ascending")
    mine = v.seat is not None and v.seat in waiting
    _require(
        all(getattr(m, "player", None) == v.seat for m in v.legal_moves),
        "legal_moves must be the viewer's own",
    )
    _require(mine or not v.legal_moves, "legal_moves must be empty for a seat not asked")
    _require(v.shown is None or isinstance(pending, InquisitorChoice), "shown only while examined")


def _check_view_log(v: PlayerView) -> None:
    _count("log_start", v.log_start)
    _require(v.log_start <= v.log_length, "log_start must not pass log_length")
    _require(
        len(v.log) == v.log_length - v.log_start, "log must hold log_length - log_start events"
    )


def validate_view(view: PlayerView) -> None:
    """Check that the fields of a ``PlayerView`` agree with each other.

    Seats are numbered in order; only the viewer's own seat shows its hand, of the size the
    view says; coins add up to the bank and card counts to the deck; a winner exactly when one
    seat is alive; ``to_act`` is what the pending decision waits on, all of it alive; the legal
    moves are the viewer's own, and only while it is asked; the log slice has the length its
    bounds say; the shown card is one the target holds; and a view of the whole log fits a state
    that passes ``validate_state`` (one that ``sample_state`` draws). A decoded view passes
    this check, like a decoded state passes ``validate_state``.

    Raises:
        ValueError: a field disagrees with another; the message names it.
    """
    _check_view_seats(view)
    _check_view_totals(view)
    _check_view_decision(view)
    _check_view_log(view)
    _check_view_has_a_state(view)


def _check_view_has_a_state(v: PlayerView) -> None:
    """A view of the whole log fits a state the engine could reach: one drawn by
    ``sample_state`` passes ``validate_state`` (issue 20, D3)."""
    pending = v.pending
    if isinstance(pending, InquisitorChoice) and v.seat == pending.action.target:
        own = v.players[v.seat].hand or ()
        _require(v.shown in own, "shown must be one of the target's own hidden cards")
    if v.log_start != 0:
        return
    try:
        sample = Determinizer(v).sample(random.Random(0))
        validate_state(sample)
    except ValueError as problem:
        raise ValueError(f"the view fits no state the engine could reach: {problem}") from None
