"""``python -m coup_rules.web [--host H] [--port N] [--db FILE]``: ``coup-rules serve``."""

import sys

from coup_rules.web import serve_main

sys.exit(serve_main())
