"""Which tables the lobby lists as open (``GET /api/rooms``), so that nobody can take the list
over or empty it.

A table is listed while its host lists it, its game is not over, it has a **free** seat (an
open seat a room code may claim: ``Seating.free_seats``), and it is not **abandoned**: a
seated person was active there within ``Limits.listing_idle`` seconds (a seat claimed, a move,
a line of chat, a seat's page or the host's page open; the hub notes it in the store, at most
every 30 s). Of the tables one client (limits.py: an address, or an IPv6 network) listed, only
its ``Limits.listed_per_client`` newest free ones are shown; then the newest ``LISTED``.

The order matters: the full and abandoned tables are dropped *before* the list is cut to
``LISTED``, and each client's share is counted among its free tables only, so that one client's
tables never push everyone else's off the list, nor full tables leave it empty.
"""

from __future__ import annotations

from collections.abc import Iterable

from coup_rules.web.records import OpenTable

__all__ = ["LISTED", "SCAN_PER_CLIENT", "listing"]

LISTED = 50
"""The most tables the lobby shows."""

SCAN_PER_CLIENT = 4
"""Of one client's listed tables, the store reads its ``SCAN_PER_CLIENT * listed_per_client``
newest, among which ``listing`` looks for its free ones (a client's own full tables can hide
only its own older ones)."""


def listing(tables: Iterable[OpenTable], per_client: int, limit: int = LISTED) -> list[OpenTable]:
    """The tables the lobby shows, in the order given (newest first): those with a free seat,
    at most ``per_client`` of each client's (a table whose client is unknown counts as its own
    client), at most ``limit`` in all."""
    shown: list[OpenTable] = []
    per: dict[str, int] = {}
    for table in tables:
        if not table.seating.free_seats:
            continue
        client = table.client if table.client is not None else f"room {table.code}"
        if per.get(client, 0) >= per_client:
            continue
        per[client] = per.get(client, 0) + 1
        shown.append(table)
        if len(shown) == limit:
            break
    return shown
