"""Who sits where: invites, claimed seats, names, the host. Pure values; the hub stores them.

A game is created with a **host** token (the creator's: it manages the seats and reads no hand)
and one **invite** per human seat. Opening an invite, a person gives a name and claims the
seat: the seat gets a fresh **seat token**, known only to that person's browser, and the invite
is spent. The game starts once every human seat is claimed. The host may turn an unclaimed seat
into a bot (or back) before the start, and reopen a seat at any time: its token is revoked (and
remembered, so that its page can be told why it no longer works) and a new invite replaces it.

Seats stay honest: a seat reopened after its player claimed it keeps that player's name among
its ``removed`` names, which every client is shown (``Seating.public``), so that nobody takes a
seat's cards over unannounced; and no name at a table may pass for another's or for a bot's
(``clean_name`` refuses the reserved ones, ``Seating.claim`` one that ``name_key`` cannot tell
from a name already seated).

Nothing here draws a token: the caller passes fresh ones (``secrets.token_urlsafe``), so these
functions stay pure and testable (``secrets`` is used only to compare an invite in constant
time).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from coup_rules.web.text import TextError, one_line

__all__ = [
    "HUMAN",
    "MAX_NAME",
    "NO_CODE",
    "ROOM_ALPHABET",
    "ROOM_CODE_LENGTH",
    "InviteSpent",
    "NameTaken",
    "Seat",
    "Seating",
    "SeatingError",
    "SeatsChanged",
    "TableFull",
    "clean_name",
    "name_key",
    "normal_code",
    "room_code",
]

HUMAN = "human"
"""The seat-list entry of a seat played by a person."""

MAX_NAME = 24
"""The longest name a person may give, in characters."""


ROOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a room code: no 0 and O, no 1, I and L, so that a code read aloud or copied
by hand is one code only (31 letters: 6 of them make 887 million codes)."""

ROOM_CODE_LENGTH = 6
"""How many letters a room code has."""


NO_CODE = (
    f"code: the room code is empty: give the {ROOM_CODE_LENGTH} letters and digits the host "
    "shares, e.g. 'K7M2QX'"
)
"""The refusal of an empty room code."""


def room_code(draw: Callable[[int], int]) -> str:
    """A room code of ``ROOM_CODE_LENGTH`` letters, each ``ROOM_ALPHABET[draw(31)]``
    (``draw`` is ``secrets.randbelow`` in the server, a seeded one in tests)."""
    return "".join(ROOM_ALPHABET[draw(len(ROOM_ALPHABET))] for _ in range(ROOM_CODE_LENGTH))


def normal_code(text: object) -> str:
    """A room code as typed (any case, spaces and dashes anywhere) as it is stored.

    Raises:
        SeatingError: it is not ``ROOM_CODE_LENGTH`` letters of ``ROOM_ALPHABET``.
    """
    if not isinstance(text, str):
        raise SeatingError("code: give the room code as text, e.g. 'K7M2QX'")
    code = "".join(c for c in text.upper() if c not in " -\t")
    if not code:
        raise SeatingError(NO_CODE)
    if len(code) != ROOM_CODE_LENGTH or any(c not in ROOM_ALPHABET for c in code):
        raise SeatingError(
            f"code: a room code is {ROOM_CODE_LENGTH} letters and digits (no 0, O, 1, I or L), "
            f"not {text[:20]!r}"
        )
    return code


class SeatingError(ValueError):
    """A seat cannot be claimed or changed; the message says why."""


class InviteSpent(SeatingError):
    """The invite has claimed its seat already, or the host withdrew it."""


class SeatsChanged(SeatingError):
    """Another server process changed the game's seats at the same moment (a shared store):
    nothing was changed, and the request may be made again against the seats as they are now."""


class TableFull(SeatingError):
    """No person's seat is open: a room code has no seat to give."""


class NameTaken(SeatingError):
    """Someone at the table already has this name, or one that cannot be told from it."""


_LOOKALIKE = str.maketrans(
    {
        # Cyrillic and Greek letters drawn like Latin ones (lower case, as after casefold)
        "а": "a", "в": "b", "ь": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i",
        "ї": "i", "ј": "j", "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "с": "c",
        "ѕ": "s", "т": "t", "у": "y", "х": "x", "α": "a", "β": "b", "ε": "e", "η": "n",
        "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
        "ı": "i", "ℓ": "l",
    }
)  # fmt: skip
"""Letters of other scripts that look like Latin letters, to the Latin letter."""

_DIGIT_LOOKALIKE = str.maketrans({"0": "o", "1": "l", "5": "s", "8": "b"})
"""Digits that look like letters (in the key that tells names apart, not in a word's number)."""

_RESERVED = (
    re.compile(r"b[o0]ts?\d*"),  # "Bot 3", "Bot3", "Ana · bot", "B0t": the table's bots
)
"""Words no name may hold: the page names a bot's seat "Bot N" and marks it "· bot"."""

_SEAT_LABEL = re.compile(r"(seat|spectators?)\d*")
"""A name's first word that would make it read as a seat's label ("Seat 2 (open)")."""


def _words(text: str) -> list[str]:
    """The words of ``text`` as names are compared: NFKC, case folded, other scripts' look-alike
    letters as Latin ones, every space, mark and punctuation a separator."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_LOOKALIKE)
    stripped = "".join(c for c in unicodedata.normalize("NFKD", folded) if not _is_mark(c))
    return re.findall(r"[^\W_]+", stripped)


def _is_mark(c: str) -> bool:
    return unicodedata.category(c).startswith("M")


def name_key(name: str) -> str:
    """What two names are compared by: two names with the same key cannot be told apart at a
    glance (``"Ana"``, ``"ANA"``, ``"A n a"``, ``"Аna"`` with a Cyrillic А, ``"Ána"``)."""
    return "".join(_words(name)).translate(_DIGIT_LOOKALIKE)


def _reserved(name: str) -> str | None:
    """Why ``name`` would pass for a bot or a seat's label, or ``None``."""
    words = _words(name)
    if any(pattern.fullmatch(w) for w in words for pattern in _RESERVED):
        return "the word 'bot' marks the table's bots: a person's name cannot hold it"
    if words and _SEAT_LABEL.fullmatch(words[0]):
        return "names like 'Seat 2' are how the table shows seats nobody has named"
    return None


def clean_name(text: object) -> str:
    """A person's name as shown at the table: one line of 1 to ``MAX_NAME`` characters, as
    ``text.one_line`` makes it (NFC, trimmed, every space one, control characters dropped).

    Pages show names as text, never as HTML, so no character needs escaping here; formatting
    characters (bidirectional overrides) are refused instead, so that a name cannot disguise
    itself as another or break a line of the log, and so are towers of combining accents
    (``text.MAX_MARKS``), which draw over the page. Names that would pass for a bot's ("Bot 3",
    "Ana · bot", however written) or for a seat's label ("Seat 2") are reserved.

    Raises:
        SeatingError: not a string, empty, too long, holding such a character, reserved, or
            without a letter or digit.
    """
    if not isinstance(text, str):
        raise SeatingError("name: give your name as text")
    try:
        name = one_line(text, MAX_NAME)
    except TextError as error:
        if not " ".join(text.split()):
            raise SeatingError("name: give a name, so the others know who you are") from None
        raise SeatingError(f"name: {error}") from None
    if not name_key(name):
        raise SeatingError("name: give a name with a letter or a digit in it")
    reserved = _reserved(name)
    if reserved is not None:
        raise SeatingError(f"name: {name!r} is reserved: {reserved}; choose another")
    return name


@attrs.frozen
class Seat:
    """One seat: who plays it and the keys to it.

    Attributes:
        who: ``"human"`` or the name of the bot that plays it.
        name: the name the person gave when claiming it; ``None`` for a bot or an open seat.
        token: the seat token of the person who claimed it; ``None`` while open, or a bot.
        invite: the invite that claims it while it is open; ``None`` once claimed, or a bot.
        revoked: the tokens of people the host removed from this seat.
        removed: the names of the people the host removed from this seat by reopening it, in
            order: public, so that every player is told.
        invite_only: the host reopened this seat: while open, only its new invite claims it,
            never the table's room code (which the removed player, and anyone they told, may
            still know).
    """

    who: str
    name: str | None = None
    token: str | None = None
    invite: str | None = None
    revoked: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    invite_only: bool = False

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.who != HUMAN

    @property
    def is_open(self) -> bool:
        """Whether this is a person's seat nobody has claimed yet."""
        return not self.is_bot and self.token is None


@attrs.frozen
class Seating:
    """Every seat of one game, and the host.

    Attributes:
        seats: one ``Seat`` per seat of the game.
        host: the host's token; ``None`` for a game created before invites (every seat's token
            was handed to its creator).
        host_seat: the seat the host plays, if any (claimed when the game is created).
        begun: whether every person's seat has been claimed once: the game has started, and
            stays started when a seat is reopened (that seat's decisions then wait for its
            new player, or for the time limit).
        muted: the seats the host has muted in the table's chat (chat.py), in order.
    """

    seats: tuple[Seat, ...]
    host: str | None = None
    host_seat: int | None = None
    begun: bool = False
    muted: tuple[int, ...] = ()

    @classmethod
    def new(cls, who: Sequence[str], host: str, invites: Sequence[str]) -> Seating:
        """Open seats: an invite (from ``invites``, in order) for each human seat."""
        fresh = iter(invites)
        return cls(
            tuple(Seat(w, invite=None if w != HUMAN else next(fresh)) for w in who), host=host
        )

    @property
    def started(self) -> bool:
        """Whether the game has started: every person's seat is claimed, or was once."""
        return self.begun or not any(s.is_open for s in self.seats)

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The seats still waiting for a person to claim them."""
        return tuple(n for n, s in enumerate(self.seats) if s.is_open)

    def seat_of_invite(self, invite: str) -> int | None:
        """The seat an invite claims, or ``None`` if it is spent or unknown (compared in
        constant time, as tokens are)."""
        if not invite.isascii():  # compare_digest refuses other strings; invites are ASCII
            return None
        for n, s in enumerate(self.seats):
            if s.invite is not None and secrets.compare_digest(s.invite, invite):
                return n
        return None

    def claim(self, seat: int, name: str, token: str) -> Seating:
        """Seat ``seat`` claimed by ``name`` (already ``clean_name``\\ d) with ``token``.

        Raises:
            SeatingError: the seat is taken.
            NameTaken: another seat's player has a name with the same ``name_key``.
        """
        s = self.seats[seat]
        if not s.is_open or s.invite is None:
            raise SeatingError(f"seat {seat} is already taken: ask the host for a new invite")
        key = name_key(name)
        for other in self.seats:
            if other.name is not None and name_key(other.name) == key:
                raise NameTaken(
                    f"name: {other.name!r} already sits at this table, and {name!r} could "
                    "not be told from it; choose another"
                )
        return self._with(seat, attrs.evolve(s, name=name, token=token, invite=None))

    def reopen(self, seat: int, invite: str) -> Seating:
        """Seat ``seat`` open again under a new invite; its player's token is revoked."""
        s = self._seat(seat)
        if s.is_bot:
            raise SeatingError(f"seat {seat} is a bot's: there is nobody to replace")
        revoked = s.revoked if s.token is None else (*s.revoked, s.token)
        removed = s.removed if s.name is None else (*s.removed, s.name)
        reopened = self._with(
            seat, Seat(HUMAN, invite=invite, revoked=revoked, removed=removed, invite_only=True)
        )
        if seat == self.host_seat:  # the host gave its own seat away: it plays none now
            return attrs.evolve(reopened, host_seat=None)
        return reopened

    def assign(self, seat: int, who: str, invite: str) -> Seating:
        """Before the start: seat ``seat`` given to a bot (``who`` its name) or to a person
        (``"human"``: open under ``invite``)."""
        if self.started:
            raise SeatingError("the game has started: seats can only be reopened now")
        s = self._seat(seat)
        if who == HUMAN:
            if not s.is_bot:
                return self
            return self._with(
                seat, Seat(HUMAN, invite=invite, revoked=s.revoked, removed=s.removed)
            )
        revoked = s.revoked if s.token is None else (*s.revoked, s.token)
        return self._with(seat, Seat(who, revoked=revoked, removed=s.removed))

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The open seats a room code may claim: those the host has not reopened for one
        person (``Seat.invite_only``)."""
        return tuple(n for n in self.open_seats if not self.seats[n].invite_only)

    @property
    def first_open(self) -> int | None:
        """The open seat a room code claims: the first free one (``free_seats``), or ``None``."""
        return next(iter(self.free_seats), None)

    def mute(self, seat: int, muted: bool) -> Seating:
        """``seat`` muted in the table's chat (``muted``) or heard again."""
        self._seat(seat)
        kept = tuple(s for s in self.muted if s != seat)
        return attrs.evolve(self, muted=(*kept, seat) if muted else kept)

    def to_data(self) -> dict[str, Any]:
        """The seating as JSON-ready data (what the store writes)."""
        return attrs.asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Seating:
        """The seating ``to_data`` gave."""
        seats = tuple(
            Seat(
                s["who"],
                s["name"],
                s["token"],
                s["invite"],
                tuple(s["revoked"]),
                tuple(s.get("removed", ())),  # a seating stored before it was kept: none
                s.get("invite_only", False),  # one stored before it was kept: any code's
            )
            for s in data["seats"]
        )
        muted = tuple(data.get("muted", ()))  # a seating stored before the chat: none
        return cls(seats, data["host"], data["host_seat"], data.get("begun", False), muted)

    def public(self) -> list[dict[str, Any]]:
        """What everyone may know of the seats: each one's name, whether a bot plays it (never
        which bot: its strategy would tell its hand) and whether it is open; and, for a seat
        the host reopened after someone claimed it, ``removed``: the names of those removed."""
        return [
            {
                "name": s.name,
                "bot": s.is_bot,
                "open": s.is_open,
                **({"removed": list(s.removed)} if s.removed else {}),
            }
            for s in self.seats
        ]

    def _seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise SeatingError(f"this game has no seat {seat}")
        return self.seats[seat]

    def _with(self, seat: int, new: Seat) -> Seating:
        seats = list(self.seats)
        seats[seat] = new
        begun = self.started  # once started, always started
        return attrs.evolve(self, seats=tuple(seats), begun=begun)
