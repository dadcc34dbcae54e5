"""The ``coup-rules serve`` command line: parse, bind the socket, run uvicorn until stopped."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys

__all__ = ["build_parser", "serve_main"]

DEFAULT_DB = "coup-games.sqlite3"


def build_parser(prog: str = "coup-rules serve") -> argparse.ArgumentParser:
    """The parser of ``coup-rules serve``."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Host games of Coup in the browser: create a game at the printed address, then send "
            "each player their private link. Needs the web extra: pip install 'coup-rules[web]'."
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
        "--db", default=DEFAULT_DB, metavar="FILE", help=f"SQLite file (default {DEFAULT_DB})"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="S",
        help="seconds a bot waits before moving, so people can follow (default 0.6)",
    )
    return parser


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP, and
    # without it every answer waits ~40 ms for the client's delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
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
        import uvicorn

        from coup_rules.web.app import create_app
    except ImportError as error:
        print(
            f"coup-rules serve needs the web extra ({error.name} is missing): "
            "pip install 'coup-rules[web]'",
            file=sys.stderr,
        )
        return 2
    try:
        sock = _listen(args.host, args.port)
    except OSError as error:
        print(
            f"coup-rules serve: cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr
        )
        return 1
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"coup-rules serve: http://{shown}:{port}/ (games in {args.db})", flush=True)
    if not _is_loopback(args.host):
        print(
            "  anyone who can reach this address can create games; "
            "a game is seen and played only through its private links",
            flush=True,
        )
    app = create_app(args.db, bot_delay=args.bot_delay)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
