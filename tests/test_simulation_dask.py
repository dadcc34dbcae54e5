"""``simulate`` on a Dask distributed cluster (the optional extra ``coup-rules[dask]``).

Skipped when ``distributed`` is not installed; ``.ci/run`` installs the extra and runs it. The
cluster is small and in-process (two workers, threads, no network port).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from coup_rules import Config
from coup_rules.simulation import simulate

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed is not installed: pip install 'coup-rules[dask]'"
)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


def test_simulate_on_a_dask_cluster_gives_the_same_games_r_info_5(client: Any) -> None:
    """R-INFO-5: the games played on a Dask cluster are those played in this process."""
    config = Config(players=4)
    lineup = ["counting", "honest", "random", "bluff"]
    here = simulate(config, lineup, 24, seed=11, workers=1)
    seen: list[int] = []
    on_dask = simulate(
        config, lineup, 24, seed=11, executor=client.get_executor(), batch=5, progress=seen.append
    )
    assert on_dask == here
    assert seen[-1] == 24
