"""Game configuration: player count, variants, deck and bank (R-SETUP-1 to R-SETUP-4)."""

from __future__ import annotations

from typing import Any

import attrs

from coup_rules.cards import BASE_CHARACTERS, Character
from coup_rules.constants import (
    HAND_SIZE,
    MAX_BANK,
    MAX_COPIES,
    MAX_PLAYERS,
    MAX_TURNS,
    MIN_COURT,
    MIN_PLAYERS,
    STARTING_COINS,
    TWO_PLAYER_FIRST_COINS,
)
from coup_rules.integers import as_in_range, as_index, as_seat

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Config"]


def _default_copies(players: int) -> int:
    if players <= 6:
        return 3
    if players <= 8:
        return 4
    return 5


@attrs.frozen
class Config:
    """The options of a game, validated on construction.

    Attributes:
        players: number of seats, 2 to 10.
        inquisitor: play with the Inquisitor instead of the Ambassador (R-INQ-1).
        reformation: play with the Reformation expansion: allegiances, Convert, Embezzle and the
            Treasury Reserve (R-REF-1).
        copies: copies of each character in the deck; ``None`` takes the default for the player
            count: 3 for 2 to 6 players, 4 for 7 and 8, 5 for 9 and 10 (R-SETUP-2). Must be left
            ``None`` with the 2-player setup, which uses three sets of five.
        coins: the whole bank of coins (R-SETUP-4); 54 in the box.
        two_player_setup: with 2 players, use the special 2-player setup (R-SETUP-7).
        first_player: the seat that plays first (R-SETUP-6).
        max_turns: a house rule, off by default: once this many turns have been played without
            a winner, the game ends in a draw (R-TURN-8). The rulebooks have no draw; random or
            stubborn bots can otherwise play for ever. ``None`` here, the rulebooks' game; the
            bot runner (``play_game``, ``simulate``) and the ``coup-rules`` command use 500
            (``coup_rules.bots.DEFAULT_MAX_TURNS``) when the config sets none.

    The integer options take any integer type (``numpy.int64`` too) and hold a plain ``int``.

    Raises:
        ValueError: a field is out of range; the message names the field. A value that is no
            integer at all (``2.0``, ``True``) raises ``NotAnIntegerError``, a ``ValueError``
            and a ``TypeError``.
    """

    players: int = 4
    inquisitor: bool = False
    reformation: bool = False
    copies: int | None = None
    coins: int = 54
    two_player_setup: bool = True
    first_player: int = 0
    max_turns: int | None = None

    _characters: tuple[Character, ...] = attrs.field(init=False, eq=False, repr=False)
    _deck: tuple[Character, ...] = attrs.field(init=False, eq=False, repr=False)
    _memo: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False)
    """A private, bounded cache the engine keeps per config (pure: answers depend only on their
    keys). Never pickled or copied, and never handed out in a view (see ``for_views``)."""
    _for_views: Config | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _validate(self)
        fifth = Character.INQUISITOR if self.inquisitor else Character.AMBASSADOR
        characters = tuple(sorted((*BASE_CHARACTERS, fifth)))
        n = self.copies_per_character
        object.__setattr__(self, "_characters", characters)
        object.__setattr__(self, "_deck", tuple(c for c in characters for _ in range(n)))
        object.__setattr__(self, "_memo", {})
        object.__setattr__(self, "_for_views", None)

    def __reduce__(self) -> tuple[type[Config], tuple[object, ...]]:
        # Pickled and copied by its options alone: the copy starts with an empty memo.
        return (Config, tuple([getattr(self, f.name) for f in _OPTIONS]))

    @property
    def is_two_player_setup(self) -> bool:
        """True when the special 2-player setup is played (R-SETUP-7)."""
        return self.players == 2 and self.two_player_setup

    @property
    def characters(self) -> tuple[Character, ...]:
        """The five characters in this game's deck, in canonical order (R-SETUP-1)."""
        return self._characters

    @property
    def exchanger(self) -> Character:
        """The character whose Exchange this game uses: Ambassador or Inquisitor."""
        return Character.INQUISITOR if self.inquisitor else Character.AMBASSADOR

    @property
    def copies_per_character(self) -> int:
        """Copies of each character in the deck, the default resolved (R-SETUP-2)."""
        if self.copies is not None:
            return self.copies
        return _default_copies(self.players)

    @property
    def deck(self) -> tuple[Character, ...]:
        """Every card of this game's deck, sorted."""
        return self._deck

    @property
    def starting_coins(self) -> tuple[int, ...]:
        """Coins each seat starts with: 2, but 1 for the first player in the 2-player setup."""
        coins = [STARTING_COINS] * self.players
        if self.is_two_player_setup:
            coins[self.first_player] = TWO_PLAYER_FIRST_COINS
        return tuple(coins)


_OPTIONS = tuple(f for f in attrs.fields(Config) if f.init)
"""The fields a ``Config`` is made of (the others are derived from them)."""


def for_views(config: Config) -> Config:
    """An equal config that does not share ``config``'s engine memo, made once per config.

    Views hand this one out, so that nothing a view's reader does to its config can reach the
    cache the engine uses for the real game.
    """
    twin = config._for_views
    if twin is None:
        twin = Config(*[getattr(config, f.name) for f in _OPTIONS])
        object.__setattr__(twin, "_for_views", twin)
        object.__setattr__(config, "_for_views", twin)
    return twin


def _set(config: Config, name: str, value: object) -> None:
    object.__setattr__(config, name, value)


def _validate(config: Config) -> None:
    """Check every option; the integer options are stored as plain ``int`` (any integer type is
    taken: ``coup_rules.integers``), so equal options give equal, equally hashed configs."""
    for name in ("inquisitor", "reformation", "two_player_setup"):
        if not isinstance(getattr(config, name), bool):
            raise ValueError(f"Config.{name} must be True or False")
    span = f"an integer from {MIN_PLAYERS} to {MAX_PLAYERS}"
    players = as_in_range(config.players, "Config.players", MIN_PLAYERS, MAX_PLAYERS, span)
    _set(config, "players", players)
    _set(config, "first_player", as_seat(config.first_player, "Config.first_player", players))
    bank = f"an integer from 0 to {MAX_BANK}"
    _set(config, "coins", as_in_range(config.coins, "Config.coins", 0, MAX_BANK, bank))
    if config.copies is not None:
        span = f"None or an integer from 1 to {MAX_COPIES}"
        _set(config, "copies", as_index(config.copies, "Config.copies", span))
        if config.is_two_player_setup:
            raise ValueError(
                "Config.copies must be None with the 2-player setup (it uses three sets of five); "
                "set two_player_setup=False for a plain deal"
            )
        _set(config, "copies", as_in_range(config.copies, "Config.copies", 1, MAX_COPIES, span))
        court = 5 * config.copies - HAND_SIZE * players
        if court < MIN_COURT:
            raise ValueError(
                f"Config.copies={config.copies} leaves {court} cards in the Court after dealing "
                f"{players} players; the Court needs at least {MIN_COURT}"
            )
    if config.max_turns is not None:
        span = f"None or a whole number from 1 to {MAX_TURNS}"
        turns = as_in_range(config.max_turns, "Config.max_turns", 1, MAX_TURNS, span)
        _set(config, "max_turns", turns)
    needed = sum(config.starting_coins)
    if config.coins < needed:
        raise ValueError(
            f"Config.coins must cover the starting coins ({needed}), not {config.coins}"
        )
