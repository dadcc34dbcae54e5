"""Plain-English narration of the game log: one sentence per event.

``describe_event`` reads whatever it is given: a full event from ``GameState.log`` tells every
card, a redacted one (its private fields ``None``, as a player's view gives it) tells only counts,
so the same function narrates for an omniscient spectator or for one seat. Given ``you=``, a
seat is spoken to in the second person ("You take Income.", "Seat 2 challenges you.").

Narrating ``state.log`` to anyone who plays gives every hand away (each deal, each draw, each
card shown in an Examine). Narrate a view's log instead: ``view(state, None).log`` for a public
channel, ``view(state, seat).log`` for one seat.

``narrate_log`` narrates a whole log (a view's, as above) in those sentences, and adds the one
thing no single event says: when a declared action comes to nothing because its target was
eliminated before it took effect (R-INF-5), ``"Seat 0's Steal comes to nothing: seat 1 is out of
the game."``, at the point it would have resolved. That line is narration read off the events the
log already holds, never an event of its own.

``describe_move`` is the one home of a move's words as a player picks it: a menu line
(``"Steal from seat 2 (claims the Captain)"``) or a short button (``"Steal from seat 2
(Captain)"``); the command line's menu and the web table's buttons both use it, and the
narration of an action names the same claim and cost.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal, assert_never

import attrs

from coup_rules.actions import claimed_character, cost_of, spec_of
from coup_rules.cards import Character
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
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    Pending,
    ShowChoice,
    require_pending,
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

__all__ = [
    "MoveStyle",
    "describe_action",
    "describe_event",
    "describe_move",
    "describe_pending",
    "narrate_events",
    "narrate_log",
    "narration_start",
]

MoveStyle = Literal["menu", "button"]
"""How ``describe_move`` words a move: a menu line, or a short button label."""

_DECLINES = types.MappingProxyType(
    {
        Decision.CHALLENGE_ACTION: "does not challenge",
        Decision.COUNTER: "does not block",
        Decision.CHALLENGE_BLOCK: "does not challenge the block",
    }
)


_IRREGULAR = types.MappingProxyType({"is": "are", "does": "do", "has": "have"})
"""Third-person verbs whose second person is not the verb less its ``s``."""


def _second_person(verb: str) -> str:
    """The verb of a third-person phrase for "you": ``"takes"`` → ``"take"``."""
    first, _, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith(("ches", "shes", "sses", "xes")):
        first = first[:-2]
    elif first.endswith("s"):
        first = first[:-1]
    return f"{first} {rest}" if rest else first


@attrs.frozen
class _Voice:
    """Who is spoken to: ``you`` is that seat in the second person, ``None`` nobody."""

    you: int | None = None

    def seat(self, seat: int) -> str:
        """The seat as an object: ``"seat 2"`` or ``"you"``."""
        return "you" if seat == self.you else f"seat {seat}"

    def does(self, seat: int, phrase: str) -> str:
        """Subject and verb: ``does(2, "takes Income")`` is ``"Seat 2 takes Income"``."""
        if seat == self.you:
            return f"You {_second_person(phrase)}"
        return f"Seat {seat} {phrase}"

    def verb(self, seat: int, verb: str) -> str:
        """The verb alone, for ``seat`` as its subject: ``"shows"`` or ``"show"``."""
        return _second_person(verb) if seat == self.you else verb

    def own(self, seat: int) -> str:
        """``"their own"`` or ``"your own"``."""
        return "your own" if seat == self.you else "their own"

    def card_of(self, seat: int) -> str:
        """``"a card of seat 2"`` or ``"one of your cards"``."""
        return "one of your cards" if seat == self.you else f"a card of seat {seat}"

    def seats(self, seats: tuple[int, ...]) -> str:
        """``"seat 2"``, ``"seats 0 and 2"``, ``"seats 0, 1 and 3"``, ``"you and seat 2"``."""
        if self.you in seats:
            others = tuple(s for s in seats if s != self.you)
            return f"you and {_Voice().seats(others)}" if others else "you"
        if len(seats) == 1:
            return f"seat {seats[0]}"
        head = ", ".join(str(s) for s in seats[:-1])
        return f"seats {head} and {seats[-1]}"


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
    return _and(names)


def _and(names: list[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_NUMBERS = ("no", "one", "two", "three", "four")


def _several(n: int, card: Character) -> str:
    """``"two Dukes"``."""
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} {card.title}s"


def _count(n: int, noun: str) -> str:
    if n == 1:
        return f"a {noun}" if noun != "coin" else "1 coin"
    return f"{n} {noun}s"


def _pile(where: int | Pool, voice: _Voice) -> str:
    if isinstance(where, Pool):
        return "Treasury" if where is Pool.TREASURY else "Treasury Reserve"
    return voice.seat(where)


def _claim(action: ActionMove, config: Config | None) -> Character | None:
    """The character ``action`` claims (from the action table); ``None`` for none, and for an
    Exchange when no config says which character exchanges in this game."""
    spec = spec_of(action)
    if spec.claims_exchanger:
        return None if config is None else config.exchanger
    return claimed_character(action, Character.AMBASSADOR)


# --- a move as a player picks it ----------------------------------------------------------------


@attrs.frozen
class _Words:
    """A move's words: ``head`` in every style, ``detail`` in a menu line, ``tag`` on a button."""

    head: str
    detail: tuple[str, ...] = ()
    tag: tuple[str, ...] = ()


def _action_words(action: ActionMove, config: Config | None) -> _Words:
    spec = spec_of(action)
    target: int | None = getattr(action, "target", None)
    match action:
        case Convert() if target == action.player:
            head = "Convert yourself"
        case Steal():
            head = f"Steal from seat {target}"
        case Exchange():
            head = "Exchange cards with the Court"
        case _ if target is not None:
            head = f"{spec.name} seat {target}"
        case _:
            head = spec.name
    detail: list[str] = []
    tag: list[str] = []
    cost = cost_of(action)
    if spec.gain:
        detail.append(f"take {_count(spec.gain, 'coin')}")
        tag.append(f"+{spec.gain}")
    if cost:
        detail.append(f"pay {_count(cost, 'coin')}")
        tag.append(f"-{cost}")
    claim = _claim(action, config)
    if isinstance(action, Embezzle):
        detail.append("claims to hold no Duke")
        tag.insert(0, "no Duke")
    elif claim is not None:
        detail.append(f"claims the {claim.title}")
        tag.insert(0, claim.title)
    elif spec.claims_exchanger:
        detail.append("claims this game's exchanger")
    if spec.blockers and not spec.challengeable:
        detail.append(f"{_and([_a(c) for c in spec.blockers])} may block")
    return _Words(head, tuple(detail), tuple(tag))


def _words(move: Move, config: Config | None) -> _Words:
    match move:
        case (
            Income()
            | ForeignAid()
            | Coup()
            | Tax()
            | Assassinate()
            | Steal()
            | Exchange()
            | Examine()
            | Convert()
            | Embezzle()
        ):
            return _action_words(move, config)
        case Challenge():
            return _Words("Challenge", ("call the bluff",))
        case Block(character=card):
            return _Words(f"Block with the {card.title}")
        case Allow():
            return _Words("Allow", ("let it pass",))
        case Prove():
            return _Words("Prove it", ("show the card",))
        case Concede():
            return _Words("Concede", ("lose an influence",))
        case LoseInfluence(character=card):
            return _Words(f"Lose the {card.title}", ("turn it face up",))
        case Keep(cards=cards):
            return _Words(f"Keep {_and([c.title for c in cards]) or 'no card'}")
        case Show(character=card):
            return _Words(f"Show the {card.title}")
        case GiveBack():
            return _Words("Give the card back")
        case ForceExchange():
            return _Words("Force an exchange", ("the card goes to the Court",))
        case Draft(character=card):
            return _Words(f"Draft the {card.title}")
        case ChooseAllegiance(allegiance=side):
            return _Words(f"Choose {side.title}")
        case _:
            assert_never(move)


def describe_move(move: Move, config: Config | None = None, *, style: MoveStyle = "menu") -> str:
    """A move as a player picks it, in a menu or on a button.

    ``style="menu"`` gives a line that explains the move: ``"Steal from seat 2 (claims the
    Captain)"``, ``"Tax (take 3 coins; claims the Duke)"``. ``style="button"`` gives a short
    label: ``"Steal from seat 2 (Captain)"``, ``"Tax (Duke, +3)"``. ``coup-rules play`` lists
    your moves with the first, the web table labels its buttons with the second.

    Args:
        move: any move (usually one of ``legal_moves``).
        config: the game's options; names the character an Exchange claims (Ambassador or
            Inquisitor). Without it, that claim is not named.
        style: ``"menu"`` or ``"button"``.

    Returns:
        The words, without a final full stop.
    """
    words = _words(move, config)
    if style == "menu":
        extra = "; ".join(words.detail)
    elif style == "button":
        extra = ", ".join(words.tag)
    else:
        raise ValueError(f"style must be 'menu' or 'button', not {style!r}")
    return f"{words.head} ({extra})" if extra else words.head


# --- narration -----------------------------------------------------------------------------------


def describe_action(
    action: ActionMove, config: Config | None = None, *, you: int | None = None
) -> str:
    """One sentence for a declared action: ``"Seat 2 claims the Captain to steal from seat 0."``.

    Args:
        action: the declared action.
        config: the game's options; names the exchanger (Ambassador or Inquisitor) for Exchange.
        you: a seat to speak to in the second person (``"You claim the Duke ..."``), if any.
    """
    return _action(action, config, _Voice(you))


def _action(action: ActionMove, config: Config | None, voice: _Voice) -> str:
    p = action.player
    claim = _claim(action, config)
    claims = f"claims the {claim.title}" if claim is not None else ""
    cost = _count(cost_of(action), "coin")
    match action:
        case Income():
            return f"{voice.does(p, 'takes Income')}."
        case ForeignAid():
            return f"{voice.does(p, 'asks for Foreign Aid')}."
        case Coup(target=target):
            return f"{voice.does(p, 'pays')} {cost} to launch a Coup against {voice.seat(target)}."
        case Tax():
            return f"{voice.does(p, claims)} to collect Tax."
        case Assassinate(target=target):
            pays = voice.verb(p, "pays")
            return f"{voice.does(p, claims)} and {pays} {cost} to assassinate {voice.seat(target)}."
        case Steal(target=target):
            return f"{voice.does(p, claims)} to steal from {voice.seat(target)}."
        case Exchange() if claim is None:
            return f"{voice.does(p, 'declares')} an Exchange with the Court."
        case Exchange():
            return f"{voice.does(p, claims)} to exchange cards with the Court."
        case Examine(target=target):
            return f"{voice.does(p, claims)} to examine {voice.card_of(target)}."
        case Convert(target=target) if target == p:
            return f"{voice.does(p, 'pays')} {cost} to convert, flipping {voice.own(p)} allegiance."
        case Convert(target=target):
            return f"{voice.does(p, 'pays')} {cost} to convert {voice.seat(target)}."
        case Embezzle():
            return f"{voice.does(p, 'claims')} to hold no Duke to embezzle the Treasury Reserve."
        case _:
            assert_never(action)


def _proved(event: Proved, voice: _Voice) -> str:
    p = event.player
    who = voice.does(p, "proves it")
    shows, shuffles, draws = (voice.verb(p, v) for v in ("shows", "shuffles", "draws"))
    if len(event.cards) == 1:
        return (
            f"{who}: {shows} {_a(event.cards[0])}, {shuffles} it into the Court "
            f"and {draws} a replacement."
        )
    return (
        f"{who}: {shows} {_cards(event.cards)} (no Duke), {shuffles} them into the Court "
        f"and {draws} {_count(len(event.cards), 'replacement')}."
    )


def _drawn(event: CardsDrawn, voice: _Voice) -> str:
    who = voice.does(event.player, "draws")
    if event.cards is None:
        return f"{who} {_count(event.count, 'card')}."
    return f"{who} {_cards(event.cards)} from the Court."


def _returned(event: CardsReturned, voice: _Voice) -> str:
    who = voice.does(event.player, "returns")
    if event.cards is None:
        return f"{who} {_count(event.count, 'card')} to the Court."
    return f"{who} {_cards(event.cards)} to the Court."


def describe_event(event: Event, config: Config | None = None, *, you: int | None = None) -> str:
    """One plain-English sentence for an event of the log.

    Redacted events (private fields ``None``) are described by their counts alone:
    ``"Seat 1 draws 2 cards."``.

    Warning:
        The sentence names every card the event holds. The events of ``state.log`` hold every
        hidden card (``"Seat 1 draws a Duke and a Captain from the Court."``), so narrating
        them to a public channel, a spectator or another player gives the hands away. Narrate
        the log of a view instead, redacted for whoever hears it: ``view(state, None).log``
        for everyone, ``view(state, seat).log`` (with ``you=seat``) for one seat::

            for event in view(state, None).log:
                print(describe_event(event, state.config))

    Args:
        event: any event.
        config: the game's options; optional, it only names the exchanger of an Exchange.
        you: a seat to speak to in the second person (``"Seat 1 challenges you."``), if any.

    Returns:
        The sentence, e.g. ``"Seat 1 challenges seat 2."``.
    """
    v = _Voice(you)
    match event:
        case Dealt(player=p, count=n, cards=None):
            return f"{v.does(p, 'is dealt')} {_count(n, 'card')}."
        case Dealt(player=p, cards=cards):
            return f"{v.does(p, 'is dealt')} {_cards(cards or ())}."
        case Drafted(player=p, card=card):
            what = "a card" if card is None else _a(card)
            return f"{v.does(p, 'drafts')} {what} from {v.own(p)} set."
        case AllegianceChanged(player=p, allegiance=side):
            return f"{v.does(p, 'is now')} {side.title}."
        case TurnStarted(player=p, turn=turn):
            return f"Turn {turn} begins: {v.seat(p)} to play."
        case ActionDeclared(action=action):
            return _action(action, config, v)
        case Challenged(player=p, challenged=q):
            return f"{v.does(p, 'challenges')} {v.seat(q)}."
        case Allowed(player=p, window=window):
            return f"{v.does(p, _DECLINES.get(window, 'lets it pass'))}."
        case Blocked(player=p, character=card):
            return f"{v.does(p, 'blocks')}, claiming the {card.title}."
        case Proved():
            return _proved(event, v)
        case Conceded(player=p):
            return f"{v.does(p, 'concedes')} the challenge."
        case InfluenceLost(player=p, character=card):
            return f"{v.does(p, 'loses')} an influence: {card.title} turned face up."
        case CoinsMoved(amount=n, source=src, dest=dst):
            return f"{_count(n, 'coin')}: {_pile(src, v)} → {_pile(dst, v)}."
        case CardsDrawn():
            return _drawn(event, v)
        case CardsReturned():
            return _returned(event, v)
        case CardShown(player=p, to=q, card=card):
            what = "a card" if card is None else _a(card)
            return f"{v.does(p, 'shows')} {what} to {v.seat(q)}."
        case GaveBack(player=p, target=q):
            return f"{v.does(p, 'gives')} the card back to {v.seat(q)}."
        case ExchangeForced(player=p, target=q):
            return f"{v.does(p, 'forces')} {v.seat(q)} to exchange the card with the Court."
        case Eliminated(player=p):
            return f"{v.does(p, 'is eliminated')}."
        case Won(player=p):
            return f"{v.does(p, 'wins')}!"
        case Drawn(turns=n):
            return f"No winner after {n} turns: the game is a draw (house rule)."
        case _:
            assert_never(event)


_Aimed = Steal | Assassinate | Examine
"""The actions that may come to nothing: their target can be eliminated before they take effect,
on losing a challenge of the action or of its own block (R-INF-5)."""


@attrs.frozen
class _Turn:
    """What the events of a turn so far tell of R-INF-5: the declared ``action``, the seat that
    ``owes`` a lost challenge's influence, the seat whose latest lost influence was such a
    penalty (``penalised``), and the action that came to nothing (``nothing``)."""

    action: ActionMove | None = None
    challenger: int | None = None
    owes: int | None = None
    penalised: int | None = None
    nothing: _Aimed | None = None

    def after(self, event: Event) -> _Turn:
        """The turn once ``event`` has happened."""
        match event:
            case TurnStarted():
                return _Turn()
            case ActionDeclared(action=action):
                return attrs.evolve(self, action=action)
            case Challenged(player=p):
                return attrs.evolve(self, challenger=p)
            case Proved():
                return attrs.evolve(self, owes=self.challenger)
            case Conceded(player=p):
                return attrs.evolve(self, owes=p)
            case InfluenceLost(player=p) if p == self.owes:
                return attrs.evolve(self, owes=None, penalised=p)
            case InfluenceLost():
                return attrs.evolve(self, penalised=None)
            case Eliminated(player=p):
                return self._eliminated(p)
            case _:
                return self

    def _eliminated(self, seat: int) -> _Turn:
        """The turn's action comes to nothing if ``seat``, its target, lost its last influence
        to a challenge rather than to the action."""
        action = self.action
        if seat == self.penalised and isinstance(action, _Aimed) and action.target == seat:
            return attrs.evolve(self, nothing=action)
        return self


def _came_to_nothing(events: Iterable[Event]) -> Iterator[tuple[Event, _Aimed | None]]:
    """Each event, with the action that came to nothing just before it: told where the action
    would have resolved, before the next turn begins (or the game is drawn); a game won by the
    elimination never reaches that point."""
    turn = _Turn()
    for event in events:
        yield event, (turn.nothing if isinstance(event, TurnStarted | Drawn) else None)
        turn = turn.after(event)


def _nothing(action: _Aimed, voice: _Voice) -> str:
    """``"Seat 2's Steal comes to nothing: seat 0 is out of the game."``"""
    whose = "Your" if action.player == voice.you else f"Seat {action.player}'s"
    target = action.target
    out = f"{voice.seat(target)} {voice.verb(target, 'is')} out of the game"
    return f"{whose} {spec_of(action).name} comes to nothing: {out}."


def narrate_events(
    log: Iterable[Event], config: Config | None = None, *, you: int | None = None
) -> list[tuple[str, ...]]:
    """The sentences of each event of ``log``, in order: ``describe_event``'s, after the line
    that an action came to nothing when that is where it would have resolved (R-INF-5).

    For a caller that shows each event apart (a turn's header, the web table's log); the line
    is read off the events before it, so pass the log from the start of the turn at least.

    Returns:
        One tuple per event, ``describe_event``'s sentence last, e.g. for the ``TurnStarted``
        after a Steal whose target died on its challenge: ``("Seat 0's Steal comes to nothing:
        seat 1 is out of the game.", "Turn 5 begins: seat 2 to play.")``.
    """
    voice = _Voice(you)
    return [
        (
            *(() if nothing is None else (_nothing(nothing, voice),)),
            describe_event(e, config, you=you),
        )
        for e, nothing in _came_to_nothing(log)
    ]


def narration_start(log: Sequence[Event], index: int) -> int:
    """Where to begin narrating for the sentences of ``log[index:]``: the start of the turn of
    ``log[index]`` (0 before the first turn), since the line of an action that came to nothing
    reads the turn's earlier events (``narrate_events(log[start:])[index - start:]``)."""
    return next((i for i in range(index - 1, -1, -1) if isinstance(log[i], TurnStarted)), 0)


def narrate_log(
    log: Iterable[Event], config: Config | None = None, *, you: int | None = None
) -> list[str]:
    """The log in plain English: ``describe_event``'s sentence for each event, and a line where
    a declared action came to nothing because its target was eliminated before it took effect
    (R-INF-5), ``"Seat 0's Steal comes to nothing: seat 1 is out of the game."``.

    That line is narration, read off the events the log holds (the action declared, a challenge
    of it or of the target's block lost, the target eliminated); the log has no event for it.
    As with ``describe_event``, narrate a view's log to anyone who plays:
    ``narrate_log(view(state, None).log, state.config)``.

    Args:
        log: the events, from the start of the game or of a turn.
        config: the game's options; optional, it only names the exchanger of an Exchange.
        you: a seat to speak to in the second person (``"Your Steal comes to nothing: ..."``).

    Returns:
        The sentences, in order.
    """
    return [line for lines in narrate_events(log, config, you=you) for line in lines]


def describe_pending(
    pending: Pending | None, config: Config | None = None, *, you: int | None = None
) -> str:
    """One sentence for the decision being waited on, as a table would say it.

    ``"Seat 3 blocks with the Captain; seats 0 and 2 may challenge."``

    Args:
        pending: ``state.pending`` or ``view.pending``.
        config: the game's options; optional, it only names the exchanger of an Exchange.
        you: a seat to speak to in the second person (``"...; you may challenge."``), if any.

    Raises:
        TypeError: ``pending`` is no decision (a ``GameState``, say, instead of its
            ``pending``); the message says what was expected.
    """
    require_pending(pending, "describe_pending()", or_none=True)
    v = _Voice(you)

    def may(seats: tuple[int, ...], what: str) -> str:
        return f"{v.seats(seats)} may {what}"

    match pending:
        case None:
            return "The game is over."
        case AllegianceChoice(waiting=w):
            return f"{v.does(w[0], 'chooses')} an allegiance."
        case DraftChoice(waiting=(p,)):
            return f"{v.does(p, 'drafts')} a card from {v.own(p)} set."
        case DraftChoice(waiting=w):
            whose = "your" if you in w else "their"
            return f"{v.seats(w).capitalize()} each draft a card from {whose} own set."
        case ActionChoice(waiting=w):
            return f"{v.does(w[0], 'declares')} an action."
        case ChallengeActionWindow(waiting=w, action=a):
            return f"{_action(a, config, v)[:-1]}; {may(w, 'challenge')}."
        case CounterWindow(waiting=w, action=a):
            return f"{_action(a, config, v)[:-1]}; {may(w, 'block')}."
        case ChallengeBlockWindow(waiting=w, block=b):
            blocks = v.does(b.player, "blocks")
            return f"{blocks} with the {b.character.title}; {may(w, 'challenge')}."
        case ActionChallengeAnswer(waiting=w, challenger=x):
            return f"{v.does(x, 'challenges')} {v.seat(w[0])}, who must prove the claim or concede."
        case BlockChallengeAnswer(waiting=w, challenger=x):
            return (
                f"{v.does(x, 'challenges')} the block of {v.seat(w[0])}, who must prove or concede."
            )
        case InfluenceChoice(waiting=w):
            return (
                f"{v.does(w[0], 'must')} lose an influence and choose which card to turn face up."
            )
        case KeepChoice(waiting=w, keep=k):
            return f"{v.does(w[0], 'picks')} {_count(k, 'card')} to keep."
        case ShowChoice(waiting=w, action=a):
            return f"{v.does(w[0], 'picks')} a card to show {v.seat(a.player)}."
        case InquisitorChoice(waiting=w, action=a):
            gives, forces = v.does(w[0], "gives"), v.verb(w[0], "forces")
            return f"{gives} the card back to {v.seat(a.target)} or {forces} an exchange."
        case _:
            assert_never(pending)
