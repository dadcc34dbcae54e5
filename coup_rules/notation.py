"""A compact text notation for moves: ``"p2 steal p0"``, ``"p1 block captain"``.

Every move is written as its seat (``p`` and the seat number), a verb, then the verb's
arguments, separated by single spaces: ``p1 steal p0``, ``p1 block captain``,
``p0 keep duke contessa``. ``NOTATION`` is the one table of the notation: for each move class,
its verb, the kind of argument it takes, the other words a player may type for it and an
example. ``format_move`` and ``parse_move`` both read it, and so does the documentation's
notation page, which lists every verb with its forms.

``format_move`` writes the canonical form (lower case, cards of ``keep`` in canonical order).
``parse_move`` also reads what a player would type: any letter case, extra spaces, ``-`` or a
space in place of ``_`` (``p2 foreign aid``), a verb's aliases (``p2 fa``, ``p3 pass``), the
small words in ``FILLERS`` (``p1 steal from p0``, ``p1 block with the captain``, ``p0 keep duke
and captain``), and a character by the first three letters or more of its name
(``p1 block cap``). And ``parse_move(format_move(m)) == m`` for every move.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Callable, Mapping
from typing import Any

import attrs

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

__all__ = [
    "ALIASES",
    "FILLERS",
    "NOTATION",
    "VERBS",
    "format_move",
    "parse_move",
    "verb_of",
]


class Argument(enum.Enum):
    """The kind of argument a verb takes, and the move field that holds it."""

    NONE = ""
    """No argument: ``p2 income``."""
    SEAT = "target"
    """A seat, the move's ``target``: ``p1 steal p0``."""
    CARD = "character"
    """A character, the move's ``character``: ``p1 block captain``."""
    CARDS = "cards"
    """Any number of characters, the move's ``cards``: ``p0 keep duke contessa``."""
    ALLEGIANCE = "allegiance"
    """An allegiance, the move's ``allegiance``: ``p0 choose loyalist``."""

    @property
    def placeholder(self) -> str:
        """How the argument is shown in a form: ``"pN"``, ``"CARD"``, ``"CARD..."``, ``"SIDE"``."""
        return _PLACEHOLDERS[self]


_PLACEHOLDERS: Mapping[Argument, str] = types.MappingProxyType(
    {
        Argument.NONE: "",
        Argument.SEAT: "pN",
        Argument.CARD: "CARD",
        Argument.CARDS: "CARD...",
        Argument.ALLEGIANCE: "SIDE",
    }
)


@attrs.frozen
class Verb:
    """One row of the notation: how one move class is written and read.

    Attributes:
        move: the move class.
        word: the canonical verb, as ``format_move`` writes it.
        argument: the kind of argument that follows the verb.
        aliases: other ways a player may type the verb (each one or two words).
        example: a move of this class; its text is the row's example.
    """

    move: type[Move]
    word: str
    argument: Argument
    aliases: tuple[str, ...]
    example: Move

    @property
    def form(self) -> str:
        """The verb's canonical form with a placeholder argument: ``"pN steal pN"``."""
        return " ".join(w for w in ("pN", self.word, self.argument.placeholder) if w)


_C = Character

NOTATION: tuple[Verb, ...] = (
    Verb(Income, "income", Argument.NONE, (), Income(2)),
    Verb(
        ForeignAid,
        "foreign_aid",
        Argument.NONE,
        ("foreign aid", "foreignaid", "fa"),
        ForeignAid(2),
    ),
    Verb(Coup, "coup", Argument.SEAT, (), Coup(0, 3)),
    Verb(Tax, "tax", Argument.NONE, (), Tax(0)),
    Verb(Assassinate, "assassinate", Argument.SEAT, (), Assassinate(0, 1)),
    Verb(Steal, "steal", Argument.SEAT, (), Steal(1, 0)),
    Verb(Exchange, "exchange", Argument.NONE, (), Exchange(0)),
    Verb(Examine, "examine", Argument.SEAT, (), Examine(0, 1)),
    Verb(Convert, "convert", Argument.SEAT, (), Convert(0, 2)),
    Verb(Embezzle, "embezzle", Argument.NONE, (), Embezzle(0)),
    Verb(Challenge, "challenge", Argument.NONE, (), Challenge(3)),
    Verb(Block, "block", Argument.CARD, (), Block(1, _C.CAPTAIN)),
    Verb(Allow, "allow", Argument.NONE, ("pass",), Allow(3)),
    Verb(Prove, "prove", Argument.NONE, (), Prove(0)),
    Verb(Concede, "concede", Argument.NONE, (), Concede(0)),
    Verb(LoseInfluence, "lose", Argument.CARD, (), LoseInfluence(2, _C.DUKE)),
    Verb(Keep, "keep", Argument.CARDS, (), Keep(0, (_C.DUKE, _C.CONTESSA))),
    Verb(Show, "show", Argument.CARD, (), Show(2, _C.CAPTAIN)),
    Verb(GiveBack, "give_back", Argument.NONE, ("give back", "giveback"), GiveBack(0)),
    Verb(ForceExchange, "force_exchange", Argument.NONE, ("force exchange",), ForceExchange(0)),
    Verb(Draft, "draft", Argument.CARD, (), Draft(1, _C.ASSASSIN)),
    Verb(
        ChooseAllegiance,
        "choose",
        Argument.ALLEGIANCE,
        (),
        ChooseAllegiance(0, Allegiance.LOYALIST),
    ),
)
"""Every verb of the notation, one per move class, in the order of the move table."""

_BY_CLASS: Mapping[type, Verb] = types.MappingProxyType({v.move: v for v in NOTATION})
_BY_WORD: Mapping[str, Verb] = types.MappingProxyType({v.word: v for v in NOTATION})

VERBS: tuple[str, ...] = tuple(_BY_WORD)
"""Every verb of the notation, in the order of the move table."""

ALIASES: Mapping[tuple[str, ...], str] = types.MappingProxyType(
    {tuple(alias.split()): v.word for v in NOTATION for alias in v.aliases}
)
"""Other words for a verb, as a player would type them: ``p2 fa`` is ``p2 foreign_aid``."""

FILLERS: frozenset[str] = frozenset({"from", "with", "the", "a", "an", "on", "against", "and"})
"""Small words that may stand between a verb and its arguments, and are skipped."""


def verb_of(move: Move) -> Verb:
    """The row of ``NOTATION`` that writes ``move``."""
    return _BY_CLASS[type(move)]


def _name(value: enum.Enum) -> str:
    return value.name.lower()


def _argument_words(verb: Verb, move: Move) -> tuple[str, ...]:
    kind = verb.argument
    if kind is Argument.NONE:
        return ()
    value: Any = getattr(move, kind.value)
    if kind is Argument.SEAT:
        return (f"p{value}",)
    if kind is Argument.CARDS:
        return tuple(_name(c) for c in value)
    return (_name(value),)


def format_move(move: Move) -> str:
    """The move in the compact text notation, e.g. ``"p1 steal p0"``.

    Args:
        move: any move.

    Returns:
        The canonical text, which ``parse_move`` reads back to an equal move.
    """
    verb = verb_of(move)
    return " ".join((f"p{move.player}", verb.word, *_argument_words(verb, move)))


# --- parsing -------------------------------------------------------------------------------------


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


_ONE_WORD: Mapping[Argument, Callable[[str, str], Any]] = types.MappingProxyType(
    {
        Argument.SEAT: _parse_seat,
        Argument.CARD: _parse_card,
        Argument.ALLEGIANCE: _parse_allegiance,
    }
)


def _arity(verb: Verb, args: list[str], count: int, text: str) -> None:
    if len(args) != count:
        usage = format_move(verb.example)
        raise ValueError(
            f"{verb.word!r} takes {count or 'no'} argument{'' if count == 1 else 's'}, "
            f"got {len(args)} in {text!r}; write e.g. {usage!r}"
        )


def _build(verb: Verb, player: int, args: list[str], text: str) -> Move:
    build: Callable[..., Move] = verb.move
    kind = verb.argument
    if kind is Argument.CARDS:
        return build(player, tuple(_parse_card(a, text) for a in args))
    if kind is Argument.NONE:
        _arity(verb, args, 0, text)
        return build(player)
    _arity(verb, args, 1, text)
    return build(player, _ONE_WORD[kind](args[0], text))


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
    word, args = _verb(words[1:])
    verb = _BY_WORD.get(word)
    if verb is None:
        raise ValueError(f"unknown verb {word!r} in {text!r}; expected one of: {', '.join(VERBS)}")
    move = _build(verb, player, [w for w in args if w not in FILLERS], text)
    if state is not None:
        _check_against(move, state, text)
    return move
