"""``coup-rules serve``: host games in the browser on a local network (extra ``[web]``).

``serve_main`` parses the command line and needs nothing beyond the standard library until the
server starts; the server itself (``coup_rules.web.app``) needs Starlette and uvicorn, installed
by ``pip install 'coup-rules[web]'``. ``import coup_rules`` never imports this package.
"""

from __future__ import annotations

from coup_rules.web.serve import build_parser, serve_main

__all__ = ["build_parser", "serve_main"]
