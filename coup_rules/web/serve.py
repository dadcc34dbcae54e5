"""The ``coup-rules serve`` command line: parse, bind the socket, run uvicorn until stopped."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys

import attrs

from coup_rules.web.bots import BotPlayers
from coup_rules.web.limits import Limits
from coup_rules.web.security import Site, is_address

__all__ = [
    "LIMIT_FLAGS",
    "bot_commands",
    "build_parser",
    "forwarded_allow_ips",
    "limits_of",
    "serve_main",
]

DEFAULT_DB = "coup-games.sqlite3"

LIMIT_FLAGS: tuple[tuple[str, str, str], ...] = (
    ("header_timeout", "S", "seconds a client may take to send a request's head"),
    ("body_timeout", "S", "seconds a client may take to send a request's body"),
    ("keep_alive", "S", "seconds an idle connection stays open between requests"),
    ("max_connections", "N", "open connections (when full, the longest idle one is closed)"),
    ("max_streams", "N", "event streams open at once, over all games"),
    ("max_streams_per_token", "N", "event streams open at once with one link"),
    ("max_streams_per_client", "N", "event streams open at once from one client address"),
    ("max_body", "BYTES", "bytes in a request body"),
    ("max_json_depth", "N", "nesting of arrays and objects in a request body"),
    ("max_number_digits", "N", "digits of a number in a request body"),
    ("games_per_minute", "N", "new games per client address per minute"),
    ("max_live_games", "N", "unfinished games in memory at once"),
    ("max_live_games_per_client", "N", "unfinished games in memory created by one client address"),
    ("game_idle", "S", "seconds a game nobody asks for or follows stays in memory"),
    (
        "ipv6_prefix",
        "BITS",
        "the bits of an IPv6 address that count as one client address, 32 to 128 (a /56 is "
        "what a provider usually gives one household)",
    ),
    ("listed_per_client", "N", "tables from one client address in the lobby's list"),
    (
        "listing_idle",
        "S",
        "seconds a listed table stays in the lobby's list with no seated person active",
    ),
)
"""Per field of ``Limits``: the flag's metavar and help (the flag is ``--field-name``, its
default the field's)."""


def build_parser(prog: str = "coup-rules serve") -> argparse.ArgumentParser:
    """The parser of ``coup-rules serve``."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Host games of Coup in the browser: create a game at the printed address, then send "
            "each player an invite. Needs the web extra: pip install 'coup-rules[web]'."
        ),
        epilog=(
            "The database holds every game's seed and every seat's token: keep it private. "
            "Games survive a restart (even a kill): each move is written before it is answered."
        ),
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)",
    )
    parser.add_argument(
        "--port", type=int, default=8000, metavar="N", help="port (default 8000; 0: any free port)"
    )
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        metavar="FILE|URL",
        help=f"SQLite file (default {DEFAULT_DB}), or a postgresql:// URL: then any number of "
        "servers may serve the same games (needs the postgres extra)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="S",
        help="seconds a bot waits before moving, so people can follow (default 0.6)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME='cmd:COMMAND ARGS'",
        help="offer a bot that is a command in any language, speaking the coup-bot protocol, "
        "in the lobby beside the built-ins under NAME (repeatable), e.g. --bot "
        "mybot='cmd:node mybot.js'; see the guide 'Bots in any language'",
    )
    parser.add_argument(
        "--bot-timeout",
        type=float,
        default=5.0,
        metavar="S",
        help="seconds a command bot has for each decision (default 5); one that crashes, "
        "stalls, writes garbage or plays an illegal move gives its seat to the random bot for "
        "the rest of the game, and the server logs it",
    )
    site = parser.add_argument_group("deployment")
    site.add_argument(
        "--public-url",
        metavar="URL",
        help="the address people use, e.g. https://coup.example.org behind a TLS reverse "
        "proxy: its name is answered and its origin may post",
    )
    site.add_argument(
        "--playground",
        metavar="URL",
        help="the rules playground a finished game's record links to (default: the published "
        "docs' playground); your own docs site's playground/, say, or 'none' for no link",
    )
    site.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests for this host name (repeatable; loopback names and IP "
        "addresses are always answered)",
    )
    site.add_argument(
        "--forwarded-allow-ips",
        action="append",
        default=[],
        metavar="ADDRS",
        help="the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers are "
        "believed: addresses or networks, comma-separated, or '*' for any (repeatable; default "
        "none: each client is counted under the address it connects from). Give your proxy's, "
        "e.g. 127.0.0.1 when it runs on this machine",
    )
    site.add_argument(
        "--trusted-proxy",
        action="append",
        dest="forwarded_allow_ips",
        metavar="ADDR",
        help="the same as --forwarded-allow-ips (its former name)",
    )
    bounds = parser.add_argument_group("limits (a request beyond one is answered 4xx or 503)")
    fields = attrs.fields_dict(Limits)
    for name, metavar, text in LIMIT_FLAGS:
        default = fields[name].default
        bounds.add_argument(
            "--" + name.replace("_", "-"),
            type=type(default),
            default=default,
            metavar=metavar,
            help=f"{text} (default {default})",
        )
    return parser


def limits_of(args: argparse.Namespace) -> Limits:
    """The ``Limits`` of parsed arguments.

    Raises:
        ValueError: a limit is not positive.
    """
    values = {name: getattr(args, name) for name, _, _ in LIMIT_FLAGS}
    for name, value in values.items():
        if not value > 0:
            raise ValueError(f"--{name.replace('_', '-')} must be positive, not {value}")
    return Limits(**values)


def forwarded_allow_ips(given: list[str]) -> str:
    """The proxies whose forwarding headers are believed, as uvicorn takes them: the
    comma-separated addresses and networks of every ``--forwarded-allow-ips``; ``""`` for none.

    Raises:
        ValueError: an entry is neither an address, a network nor ``*``.
    """
    entries = [e.strip() for value in given for e in value.split(",") if e.strip()]
    for entry in entries:
        if entry == "*":
            continue
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError as error:
            raise ValueError(
                f"--forwarded-allow-ips takes addresses or networks (or '*'), not {entry!r}"
            ) from error
    return ",".join(entries)


def bot_commands(given: list[str]) -> dict[str, str]:
    """The command bots of every ``--bot NAME='cmd:COMMAND ARGS'``, by name.

    Raises:
        ValueError: an entry without ``=``, or a name given twice.
    """
    commands: dict[str, str] = {}
    for entry in given:
        name, equals, command = entry.partition("=")
        if not equals or not command.strip().startswith("cmd:"):
            raise ValueError(f"--bot takes NAME='cmd:COMMAND ARGS', not {entry!r}")
        if name.strip() in commands:
            raise ValueError(f"--bot: two bots are called {name.strip()!r}")
        commands[name.strip()] = command.strip()
    return commands


def _listen(host: str, port: int, backlog: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP, and
    # without it every answer waits ~40 ms for the client's delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(backlog)
    sock.set_inheritable(True)
    return sock


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def serve_main(argv: list[str] | None = None) -> int:
    """Run ``coup-rules serve``; ``argv`` defaults to the command line. Returns the exit status.

    Prints one line, ``coup-rules serve: http://HOST:PORT/ (games in FILE)``, once the port is
    bound (with ``--port 0``, the port the system chose), then serves until interrupted.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.bot_delay < 0:
        parser.error("--bot-delay must not be negative")
    try:
        limits = limits_of(args)
        hosts = list(args.allowed_host)
        if not is_address(args.host) and args.host not in ("", "localhost"):
            hosts.append(args.host)
        site = Site.of(args.public_url, hosts)
        proxies = forwarded_allow_ips(args.forwarded_allow_ips)
        bots = BotPlayers(bot_commands(args.bot), timeout=args.bot_timeout)
    except ValueError as error:
        parser.error(str(error))
    try:  # the web extra; used in _run
        import uvicorn  # noqa: F401

        import coup_rules.web.app  # noqa: F401
    except ImportError as error:
        print(
            f"coup-rules serve needs the web extra ({error.name} is missing): "
            "pip install 'coup-rules[web]'",
            file=sys.stderr,
        )
        return 2
    from coup_rules.web.dbfile import InUse, claim
    from coup_rules.web.store import is_postgres

    if is_postgres(args.db):  # the database decides between servers: no lock
        try:
            import psycopg  # noqa: F401
        except ImportError:
            print(
                "coup-rules serve: a postgresql:// database needs psycopg: "
                "pip install 'coup-rules[postgres]'",
                file=sys.stderr,
            )
            return 2
        return _run(args, limits, site, proxies, bots)
    try:
        with claim(args.db):
            return _run(args, limits, site, proxies, bots)
    except InUse as error:
        print(f"coup-rules serve: {error}", file=sys.stderr)
        return 1


def _run(
    args: argparse.Namespace, limits: Limits, site: Site, proxies: str, bots: BotPlayers
) -> int:
    """Listen, then serve until stopped (the database is claimed); ``proxies`` as
    ``forwarded_allow_ips`` gives them; ``bots`` the bots offered."""
    import uvicorn

    from coup_rules.web.app import create_app
    from coup_rules.web.connections import BACKLOG, fit_file_limit, protocol_class
    from coup_rules.web.replays import DEFAULT_PLAYGROUND
    from coup_rules.web.store import shown as shown_db

    try:
        sock = _listen(args.host, args.port, BACKLOG)
    except OSError as error:
        print(
            f"coup-rules serve: cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr
        )
        return 1
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"coup-rules serve: http://{shown}:{port}/ (games in {shown_db(args.db)})", flush=True)
    fitting = fit_file_limit(limits.max_connections)
    if fitting < limits.max_connections:
        print(
            f"  the file limit allows {fitting} connections, not {limits.max_connections}: "
            "raise it (ulimit -n) or lower --max-connections",
            flush=True,
        )
        limits = attrs.evolve(limits, max_connections=fitting)
    if not _is_loopback(args.host):
        print(
            "  anyone who can reach this address can create games; "
            "a seat is seen and played only by whoever claimed it with its invite",
            flush=True,
        )
    if args.public_url is not None and not proxies:
        print(
            "  behind a reverse proxy? without --forwarded-allow-ips every client is counted "
            "under the proxy's address (one rate of new games and one stream cap for all)",
            flush=True,
        )
    playground = args.playground or DEFAULT_PLAYGROUND
    playground = None if playground.lower() == "none" else playground
    app = create_app(
        args.db,
        bot_delay=args.bot_delay,
        limits=limits,
        site=site,
        bots=bots,
        playground=playground,
    )
    config = uvicorn.Config(
        app,
        http=protocol_class(limits),
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=2,
        timeout_keep_alive=limits.keep_alive,
        backlog=BACKLOG,
        # Without proxies to believe, uvicorn must not read the headers at all: its default
        # (and its FORWARDED_ALLOW_IPS variable) would believe loopback.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or "",
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0
