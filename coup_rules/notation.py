"""A compact text notation for moves: ``"p2 steal p0"``, ``"p1 block captain"``.

Every move is written as its seat (``p`` and the seat number), a verb, then the verb's
arguments, separated by single spaces:

========================  ==========================================
notation                  move
========================  ==========================================
``p2 income``             ``Income(2)``
``p2 foreign_aid``        ``ForeignAid(2)``
``p0 coup p3``            ``Coup(0, 3)``
``p0 tax``                ``Tax(0)``
``p0 assassinate p1``     ``Assassinate(0, 1)``
``p1 steal p0``           ``Steal(1, 0)``
``p0 exchange``           ``Exchange(0)``
``p0 examine p1``         ``Examine(0, 1)``
``p0 convert p2``         ``Convert(0, 2)``
``p0 embezzle``           ``Embezzle(0)``
``p3 challenge``          ``Challenge(3)``
``p1 block captain``      ``Block(1, Character.CAPTAIN)``
``p3 allow``              ``Allow(3)``
``p0 prove``              ``Prove(0)``
``p0 concede``            ``Concede(0)``
``p2 lose duke``          ``LoseInfluence(2, Character.DUKE)``
``p0 keep duke contessa`` ``Keep(0, (Character.DUKE, Character.CONTESSA))``
``p2 show captain``       ``Show(2, Character.CAPTAIN)``
``p0 give_back``          ``GiveBack(0)``
``p0 force_exchange``     ``ForceExchange(0)``
``p1 draft assassin``     ``Draft(1, Character.ASSASSIN)``
``p0 choose loyalist``    ``ChooseAllegiance(0, Allegiance.LOYALIST)``
========================  ==========================================

``format_move`` writes the canonical form (lower case, cards of ``keep`` in canonical order).
``parse_move`` also reads what a player would type: any letter case, extra spaces, ``-`` or a
space in place of ``_`` (``p2 foreign aid``), the short forms in ``ALIASES`` (``p2 fa``,
``p3 pass``), the small words ``from``, ``with``, ``the``, ``a``, ``an``, ``on``, ``against`` and
``and`` (``p1 steal from p0``, ``p1 block with the captain``, ``p0 keep duke and captain``), and a
character by the first three letters or more of its name (``p1 block cap``). And
``parse_move(format_move(m)) == m`` for every move.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from typing import assert_never

from coup_rules.cards import Allegiance, Character
from coup_rules.moves import (
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
from coup_rules.state import GameState

__all__ = ["ALIASES", "VERBS", "format_move", "parse_move"]


def _seat(seat: int) -> str:
    return f"p{seat}"


def _card(card: Character) -> str:
    return card.name.lower()


def format_move(move: Move) -> str:
    """The move in the compact text notation, e.g. ``"p1 steal p0"``.

    Args:
        move: any move.

    Returns:
        The canonical text, which ``parse_move`` reads back to an equal move.
    """
    who = _seat(move.player)
    match move:
        case Income():
            return f"{who} income"
        case ForeignAid():
            return f"{who} foreign_aid"
        case Coup(target=target):
            return f"{who} coup {_seat(target)}"
        case Tax():
            return f"{who} tax"
        case Assassinate(target=target):
            return f"{who} assassinate {_seat(target)}"
        case Steal(target=target):
            return f"{who} steal {_seat(target)}"
        case Exchange():
            return f"{who} exchange"
        case Examine(target=target):
            return f"{who} examine {_seat(target)}"
        case Convert(target=target):
            return f"{who} convert {_seat(target)}"
        case Embezzle():
            return f"{who} embezzle"
        case Challenge():
            return f"{who} challenge"
        case Block(character=card):
            return f"{who} block {_card(card)}"
        case Allow():
            return f"{who} allow"
        case Prove():
            return f"{who} prove"
        case Concede():
            return f"{who} concede"
        case LoseInfluence(character=card):
            return f"{who} lose {_card(card)}"
        case Keep(cards=cards):
            return " ".join((who, "keep", *(_card(c) for c in cards)))
        case Show(character=card):
            return f"{who} show {_card(card)}"
        case GiveBack():
            return f"{who} give_back"
        case ForceExchange():
            return f"{who} force_exchange"
        case Draft(character=card):
            return f"{who} draft {_card(card)}"
        case ChooseAllegiance(allegiance=side):
            return f"{who} choose {side.name.lower()}"
        case _:
            assert_never(move)


# --- parsing -------------------------------------------------------------------------------------

_Builder = Callable[[int, list[str], str], Move]


def _parse_seat(word: str, text: str) -> int:
    digits = word[1:] if word[:1] == "p" else ""
    if not digits.isdigit() or not digits.isascii():
        raise ValueError(f"expected a seat like 'p0' in {text!r}, found {word!r}")
    return int(digits)


_MIN_PREFIX = 3
"""The fewest letters of a character's name that ``parse_move`` reads as that character."""


def _parse_card(word: str, text: str) -> Character:
    found = [c for c in Character if len(word) >= _MIN_PREFIX and c.name.lower().startswith(word)]
    if len(found) == 1:
        return found[0]
    names = ", ".join(c.name.lower() for c in Character)
    raise ValueError(f"unknown character {word!r} in {text!r}; expected one of: {names}")


def _parse_allegiance(word: str, text: str) -> Allegiance:
    try:
        return Allegiance[word.upper()]
    except KeyError:
        raise ValueError(
            f"unknown allegiance {word!r} in {text!r}; expected loyalist or reformist"
        ) from None


def _arity(verb: str, args: list[str], count: int, text: str, what: str) -> None:
    if len(args) != count:
        usage = f"p0 {verb}" + (f" {what}" if what else "")
        raise ValueError(
            f"{verb!r} takes {count or 'no'} argument{'' if count == 1 else 's'}, "
            f"got {len(args)} in {text!r}; write e.g. {usage!r}"
        )


def _plain(cls: Callable[[int], Move], verb: str) -> _Builder:
    def build(player: int, args: list[str], text: str) -> Move:
        _arity(verb, args, 0, text, "")
        return cls(player)

    return build


def _targeted(cls: Callable[[int, int], Move], verb: str) -> _Builder:
    def build(player: int, args: list[str], text: str) -> Move:
        _arity(verb, args, 1, text, "p1")
        return cls(player, _parse_seat(args[0], text))

    return build


def _carded(cls: Callable[[int, Character], Move], verb: str) -> _Builder:
    def build(player: int, args: list[str], text: str) -> Move:
        _arity(verb, args, 1, text, "duke")
        return cls(player, _parse_card(args[0], text))

    return build


def _keep(player: int, args: list[str], text: str) -> Move:
    return Keep(player, tuple(_parse_card(a, text) for a in args))


def _choose(player: int, args: list[str], text: str) -> Move:
    _arity("choose", args, 1, text, "loyalist")
    return ChooseAllegiance(player, _parse_allegiance(args[0], text))


_PARSERS: Mapping[str, _Builder] = types.MappingProxyType(
    {
        "income": _plain(Income, "income"),
        "foreign_aid": _plain(ForeignAid, "foreign_aid"),
        "coup": _targeted(Coup, "coup"),
        "tax": _plain(Tax, "tax"),
        "assassinate": _targeted(Assassinate, "assassinate"),
        "steal": _targeted(Steal, "steal"),
        "exchange": _plain(Exchange, "exchange"),
        "examine": _targeted(Examine, "examine"),
        "convert": _targeted(Convert, "convert"),
        "embezzle": _plain(Embezzle, "embezzle"),
        "challenge": _plain(Challenge, "challenge"),
        "block": _carded(Block, "block"),
        "allow": _plain(Allow, "allow"),
        "prove": _plain(Prove, "prove"),
        "concede": _plain(Concede, "concede"),
        "lose": _carded(LoseInfluence, "lose"),
        "keep": _keep,
        "show": _carded(Show, "show"),
        "give_back": _plain(GiveBack, "give_back"),
        "force_exchange": _plain(ForceExchange, "force_exchange"),
        "draft": _carded(Draft, "draft"),
        "choose": _choose,
    }
)

VERBS: tuple[str, ...] = tuple(_PARSERS)
"""Every verb of the notation, in the order of the move table."""

ALIASES: Mapping[tuple[str, ...], str] = types.MappingProxyType(
    {
        ("foreign", "aid"): "foreign_aid",
        ("foreignaid",): "foreign_aid",
        ("fa",): "foreign_aid",
        ("give", "back"): "give_back",
        ("giveback",): "give_back",
        ("force", "exchange"): "force_exchange",
        ("pass",): "allow",
    }
)
"""Other words for a verb, as a player would type them: ``p2 fa`` is ``p2 foreign_aid``."""

_FILLERS = frozenset({"from", "with", "the", "a", "an", "on", "against", "and"})
"""Small words that may stand between a verb and its arguments."""


def _verb(words: list[str]) -> tuple[str, list[str]]:
    """The canonical verb that ``words`` start with, and the words after it."""
    for length in (2, 1):
        alias = ALIASES.get(tuple(words[:length]))
        if alias is not None and len(words) >= length:
            return alias, words[length:]
    return words[0], words[1:]


def _seats_of(move: Move) -> tuple[int, ...]:
    target: int | None = getattr(move, "target", None)
    return (move.player,) if target is None else (move.player, target)


def _cards_of(move: Move) -> tuple[Character, ...]:
    if isinstance(move, Keep):
        return move.cards
    card: Character | None = getattr(move, "character", None)
    return () if card is None else (card,)


def _check_against(move: Move, state: GameState, text: str) -> None:
    n = state.config.players
    for seat in _seats_of(move):
        if seat >= n:
            raise ValueError(f"seat p{seat} in {text!r} is not at this table (p0 to p{n - 1})")
    deck = state.config.characters
    for card in _cards_of(move):
        if card not in deck:
            raise ValueError(f"the {card.title} in {text!r} is not in this game's deck")


def parse_move(text: str, state: GameState | None = None) -> Move:
    """Read a move written in the compact text notation, e.g. ``"p1 block captain"``.

    Letter case and extra spaces do not matter, ``-`` or a space may stand for ``_``
    (``foreign-aid``, ``foreign aid``), and the natural forms of the module's docstring are read
    too (``p2 fa``, ``p1 steal from p0``, ``p1 block with the cap``). A parsed move is not
    necessarily legal: ``apply`` still checks it.

    Args:
        text: the move, as ``format_move`` writes it.
        state: if given, the seats must be at this game's table and the characters in its deck.

    Returns:
        The move.

    Raises:
        ValueError: the text is not a move; the message says what was expected.
    """
    if not isinstance(text, str):
        raise ValueError(f"a move must be given as text, not {text!r}")
    words = text.lower().replace("-", "_").replace(",", " ").split()
    if len(words) < 2:
        raise ValueError(f"expected a seat and a verb, like 'p2 income', not {text!r}")
    player = _parse_seat(words[0], text)
    verb, args = _verb(words[1:])
    build = _PARSERS.get(verb)
    if build is None:
        raise ValueError(f"unknown verb {verb!r} in {text!r}; expected one of: {', '.join(VERBS)}")
    move = build(player, [w for w in args if w not in _FILLERS], text)
    if state is not None:
        _check_against(move, state, text)
    return move
