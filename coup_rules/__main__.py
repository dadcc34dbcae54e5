"""``python -m coup_rules``: the ``coup-rules`` command (see ``coup_rules.cli``).

With no arguments it plays the narrated demo game.
"""

import sys

from coup_rules.cli import main

sys.exit(main(prog="python -m coup_rules"))
