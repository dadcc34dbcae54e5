"""The slow checks: the test files that ``pytest -m "not slow"`` (the quick check) leaves out.

Each is slow for a reason that the quick check cannot afford on a laptop: a numba or XLA compile
from a cold cache, a browser, a database, a type checker run over files, or a search that plays
thousands of games. ``tests/conftest.py`` marks every test of these files ``slow``;
``docs/testing.md`` names them beside the quick check (``tests/test_quick_check.py`` holds the
page to this table). Whatever is not here is quick: a new slow file joins the table.
"""

from __future__ import annotations

SLOW: dict[str, str] = {
    "tests/test_vector.py": "the vector engine's perft and batches (numba compile)",
    "tests/test_vector_bots.py": "the compiled bots against the object bots, move for move",
    "tests/test_vector_convert.py": "rows to and from states (numba compile)",
    "tests/test_vector_differential.py": "the vector engine against the engine, move for move",
    "tests/test_vector_dispatch.py": "the compiled dispatchers' errors (numba compile)",
    "tests/test_vector_doors.py": "the vector env's argument checks (numba compile)",
    "tests/test_vector_env.py": "VectorEnv (numba compile)",
    "tests/test_vector_search.py": "the compiled search against ISMCTSBot",
    "tests/test_vector_training.py": "CoupVectorEnv and its learner (numba compile)",
    "tests/test_jax.py": "coup_rules.jax (XLA compile)",
    "tests/test_jax_differential.py": "the JAX env against the engine, move for move",
    "tests/test_typing.py": "mypy over tests/typing/",
    "tests/test_state_machine.py": "hypothesis's state machine over whole games",
    "tests/test_perft.py": "the perft counts of the fixed deals",
    "tests/test_differential.py": "the oracle against the engine over many games",
    "tests/test_bot_strength.py": "CountingBot's win rate over many games",
    "tests/test_docs.py": "every example of the docs, run",
    "tests/test_examples.py": "the examples/ scripts, run",
    "tests/test_simulation_dask.py": "a Dask LocalCluster",
    "tests/web/test_web_browser.py": "the table in Chromium",
    "tests/web/test_web_browser_examine.py": "the table in Chromium",
    "tests/web/test_web_browser_late_answer.py": "the table in Chromium",
    "tests/web/test_web_browser_mobile.py": "the table in Chromium",
    "tests/web/test_web_browser_table.py": "the table in Chromium",
    "tests/web/test_web_postgres.py": "two server processes over PostgreSQL",
}
"""Each slow test file, relative to the repository, and why it is slow."""
