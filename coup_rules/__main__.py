"""``python -m coup_rules``: the narrated bot game of ``coup-demo`` (see ``coup_rules.cli``)."""

import sys

from coup_rules.cli import main

sys.exit(main())
