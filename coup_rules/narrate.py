"""Plain-English narration of the game log: one sentence per event.

``describe_event`` reads whatever it is given: a full event from ``GameState.log`` tells every
card, a redacted one (its private fields ``None``, as a player's view gives it) tells only counts,
so the same function narrates for an omniscient spectator or for one seat.
"""

from __future__ import annotations

import types
from typing import assert_never

from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.constants import (
    ASSASSINATE_COST,
    CONVERT_OTHER_COST,
    CONVERT_SELF_COST,
    COUP_COST,
)
from coup_rules.decisions import (
    ActionChallengeAnswer,
    ActionChoice,
    AllegianceChoice,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    Decision,
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    Pending,
    ShowChoice,
)
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
from coup_rules.moves import (
    ActionMove,
    Assassinate,
    Convert,
    Coup,
    Embezzle,
    Examine,
    Exchange,
    ForeignAid,
    Income,
    Steal,
    Tax,
)

__all__ = ["describe_action", "describe_event", "describe_pending"]

_DECLINES = types.MappingProxyType(
    {
        Decision.CHALLENGE_ACTION: "does not challenge",
        Decision.COUNTER: "does not block",
        Decision.CHALLENGE_BLOCK: "does not challenge the block",
    }
)


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _who(seat: int) -> str:
    """The seat as the subject that starts a sentence."""
    return f"Seat {seat}"


def _a(card: Character) -> str:
    """The card with its article: ``"a Duke"``, ``"an Assassin"``."""
    article = "an" if card.title[0] in "AEIOU" else "a"
    return f"{article} {card.title}"


def _cards(cards: tuple[Character, ...]) -> str:
    """``"a Duke"``, ``"a Duke and two Assassins"``, ``"a Duke, a Captain and a Contessa"``."""
    names = [
        _a(c) if cards.count(c) == 1 else _several(cards.count(c), c) for c in dict.fromkeys(cards)
    ]
    if not names:
        return "no card"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} and {names[-1]}"


_NUMBERS = ("no", "one", "two", "three", "four")


def _several(n: int, card: Character) -> str:
    """``"two Dukes"``."""
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} {card.title}s"


def _count(n: int, noun: str) -> str:
    if n == 1:
        return f"a {noun}" if noun != "coin" else "1 coin"
    return f"{n} {noun}s"


def _pile(where: int | Pool) -> str:
    if isinstance(where, Pool):
        return "Treasury" if where is Pool.TREASURY else "Treasury Reserve"
    return _seat(where)


def _exchanger(config: Config | None) -> str:
    if config is None:
        return "the Ambassador (or Inquisitor)"
    return f"the {config.exchanger.title}"


def describe_action(action: ActionMove, config: Config | None = None) -> str:
    """One sentence for a declared action: ``"Seat 2 claims the Captain to steal from seat 0."``.

    Args:
        action: the declared action.
        config: the game's options; names the exchanger (Ambassador or Inquisitor) for Exchange.
    """
    who = _who(action.player)
    match action:
        case Income():
            return f"{who} takes Income."
        case ForeignAid():
            return f"{who} asks for Foreign Aid."
        case Coup(target=target):
            return f"{who} pays {COUP_COST} coins to launch a Coup against {_seat(target)}."
        case Tax():
            return f"{who} claims the Duke to collect Tax."
        case Assassinate(target=target):
            return (
                f"{who} claims the Assassin and pays {ASSASSINATE_COST} coins to assassinate "
                f"{_seat(target)}."
            )
        case Steal(target=target):
            return f"{who} claims the Captain to steal from {_seat(target)}."
        case Exchange():
            return f"{who} claims {_exchanger(config)} to exchange cards with the Court."
        case Examine(target=target):
            return f"{who} claims the Inquisitor to examine a card of {_seat(target)}."
        case Convert(target=target) if target == action.player:
            cost = _count(CONVERT_SELF_COST, "coin")
            return f"{who} pays {cost} to convert, flipping their own allegiance."
        case Convert(target=target):
            cost = _count(CONVERT_OTHER_COST, "coin")
            return f"{who} pays {cost} to convert {_seat(target)}."
        case Embezzle():
            return f"{who} claims to hold no Duke to embezzle the Treasury Reserve."
        case _:
            assert_never(action)


def _proved(event: Proved) -> str:
    who = _who(event.player)
    if len(event.cards) == 1:
        return (
            f"{who} proves it: shows {_a(event.cards[0])}, shuffles it into the Court "
            "and draws a replacement."
        )
    return (
        f"{who} proves it: shows {_cards(event.cards)} (no Duke), shuffles them into the Court "
        f"and draws {_count(len(event.cards), 'replacement')}."
    )


def _drawn(event: CardsDrawn) -> str:
    who = _who(event.player)
    if event.cards is None:
        return f"{who} draws {_count(event.count, 'card')}."
    return f"{who} draws {_cards(event.cards)} from the Court."


def _returned(event: CardsReturned) -> str:
    who = _who(event.player)
    if event.cards is None:
        return f"{who} returns {_count(event.count, 'card')} to the Court."
    return f"{who} returns {_cards(event.cards)} to the Court."


def describe_event(event: Event, config: Config | None = None) -> str:
    """One plain-English sentence for an event of the log.

    Redacted events (private fields ``None``) are described by their counts alone:
    ``"Seat 1 draws 2 cards."``.

    Args:
        event: any event.
        config: the game's options; optional, it only names the exchanger of an Exchange.

    Returns:
        The sentence, e.g. ``"Seat 1 challenges seat 2."``.
    """
    match event:
        case Dealt(player=p, count=n, cards=None):
            return f"{_who(p)} is dealt {_count(n, 'card')}."
        case Dealt(player=p, cards=cards):
            return f"{_who(p)} is dealt {_cards(cards or ())}."
        case Drafted(player=p, card=card):
            what = "a card" if card is None else _a(card)
            return f"{_who(p)} drafts {what} from their own set."
        case AllegianceChanged(player=p, allegiance=side):
            return f"{_who(p)} is now {side.title}."
        case TurnStarted(player=p, turn=turn):
            return f"Turn {turn} begins: {_seat(p)} to play."
        case ActionDeclared(action=action):
            return describe_action(action, config)
        case Challenged(player=p, challenged=q):
            return f"{_who(p)} challenges {_seat(q)}."
        case Allowed(player=p, window=window):
            return f"{_who(p)} {_DECLINES.get(window, 'lets it pass')}."
        case Blocked(player=p, character=card):
            return f"{_who(p)} blocks, claiming the {card.title}."
        case Proved():
            return _proved(event)
        case Conceded(player=p):
            return f"{_who(p)} concedes the challenge."
        case InfluenceLost(player=p, character=card):
            return f"{_who(p)} loses an influence: {card.title} turned face up."
        case CoinsMoved(amount=n, source=src, dest=dst):
            return f"{_count(n, 'coin')}: {_pile(src)} → {_pile(dst)}."
        case CardsDrawn():
            return _drawn(event)
        case CardsReturned():
            return _returned(event)
        case CardShown(player=p, to=q, card=card):
            what = "a card" if card is None else _a(card)
            return f"{_who(p)} shows {what} to {_seat(q)}."
        case GaveBack(player=p, target=q):
            return f"{_who(p)} gives the card back to {_seat(q)}."
        case ExchangeForced(player=p, target=q):
            return f"{_who(p)} forces {_seat(q)} to exchange the card with the Court."
        case Eliminated(player=p):
            return f"{_who(p)} is eliminated."
        case Won(player=p):
            return f"{_who(p)} wins!"
        case Drawn(turns=n):
            return f"No winner after {n} turns: the game is a draw (house rule)."
        case _:
            assert_never(event)


def _seats(seats: tuple[int, ...]) -> str:
    """``"seat 2"``, ``"seats 0 and 2"``, ``"seats 0, 1 and 3"``."""
    if len(seats) == 1:
        return _seat(seats[0])
    head = ", ".join(str(s) for s in seats[:-1])
    return f"seats {head} and {seats[-1]}"


def _may(seats: tuple[int, ...], what: str) -> str:
    return f"{_seats(seats)} may {what}"


def describe_pending(pending: Pending | None, config: Config | None = None) -> str:
    """One sentence for the decision being waited on, as a table would say it.

    ``"Seat 3 blocks with the Captain; seats 0 and 2 may challenge."``

    Args:
        pending: ``state.pending`` or ``view.pending``.
        config: the game's options; optional, it only names the exchanger of an Exchange.
    """
    match pending:
        case None:
            return "The game is over."
        case AllegianceChoice(waiting=w):
            return f"{_who(w[0])} chooses an allegiance."
        case DraftChoice(waiting=w):
            return f"{_seats(w).capitalize()} draft a card from their own set."
        case ActionChoice(waiting=w):
            return f"{_who(w[0])} declares an action."
        case ChallengeActionWindow(waiting=w, action=a):
            return f"{describe_action(a, config)[:-1]}; {_may(w, 'challenge')}."
        case CounterWindow(waiting=w, action=a):
            return f"{describe_action(a, config)[:-1]}; {_may(w, 'block')}."
        case ChallengeBlockWindow(waiting=w, block=b):
            return f"{_who(b.player)} blocks with the {b.character.title}; {_may(w, 'challenge')}."
        case ActionChallengeAnswer(waiting=w, challenger=x):
            return f"{_who(x)} challenges {_seat(w[0])}, who must prove the claim or concede."
        case BlockChallengeAnswer(waiting=w, challenger=x):
            return f"{_who(x)} challenges the block of {_seat(w[0])}, who must prove or concede."
        case InfluenceChoice(waiting=w):
            return f"{_who(w[0])} loses an influence and picks the card to turn face up."
        case KeepChoice(waiting=w, keep=k):
            return f"{_who(w[0])} picks {_count(k, 'card')} to keep."
        case ShowChoice(waiting=w, action=a):
            return f"{_who(w[0])} picks a card to show {_seat(a.player)}."
        case InquisitorChoice(waiting=w, action=a):
            return f"{_who(w[0])} gives the card back to {_seat(a.target)} or forces an exchange."
        case _:
            assert_never(pending)
