"""BLAS threads while ``CoupVectorEnv`` calls policy opponents (issue 40; ``vector/blas.py``).

A NumPy policy on small batches runs many times slower on a multi-threaded BLAS. The env
respects BLAS thread variables set in the environment; else holds BLAS to one thread with
``threadpoolctl`` while the policies run; else warns, once, saying how to hold it.
"""

from __future__ import annotations

import contextlib
import sys
import types
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="NumPy is not installed")
pytest.importorskip("numba", reason="the [vector] extra is not installed")
pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

from coup_rules import Config  # noqa: E402
from coup_rules.vector import CoupVectorEnv, blas  # noqa: E402

CONFIG = Config(players=3, max_turns=40)


def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    return masks.argmax(axis=1)


@pytest.fixture
def many_cores_no_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine of 4 cores whose environment sets no BLAS thread variable."""
    for name in blas.BLAS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(blas.os, "cpu_count", lambda: 4)


@pytest.fixture
def no_threadpoolctl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "threadpoolctl", None)  # import raises ImportError


@pytest.mark.usefixtures("many_cores_no_variables", "no_threadpoolctl")
def test_a_policy_opponent_with_nothing_to_hold_blas_warns_how() -> None:
    with pytest.warns(blas.BlasThreadsWarning) as caught:
        CoupVectorEnv(CONFIG, num_envs=2, opponents=first_legal)
    message = str(caught[0].message)
    assert "OPENBLAS_NUM_THREADS=1" in message and "pip install threadpoolctl" in message
    assert caught[0].filename == __file__  # it points at the line that built the env


@pytest.mark.usefixtures("many_cores_no_variables", "no_threadpoolctl")
def test_compiled_bots_alone_never_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", blas.BlasThreadsWarning)
        CoupVectorEnv(CONFIG, num_envs=2, opponents=["counting", "honest"])


@pytest.mark.usefixtures("many_cores_no_variables", "no_threadpoolctl")
def test_a_blas_variable_set_in_the_environment_is_respected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    with warnings.catch_warnings():
        warnings.simplefilter("error", blas.BlasThreadsWarning)
        env = CoupVectorEnv(CONFIG, num_envs=2, opponents=first_legal)
    assert env._threads is not None and not env._threads.holds


class _Controller:
    """A stand-in for ``threadpoolctl.ThreadpoolController`` that records its limits."""

    held: list[tuple[int, str]] = []  # noqa: RUF012 (the stand-in's own record)

    @contextlib.contextmanager
    def limit(self, *, limits: int, user_api: str) -> Iterator[None]:
        self.held.append((limits, user_api))
        try:
            yield
        finally:
            self.held.pop()


@pytest.mark.usefixtures("many_cores_no_variables")
def test_with_threadpoolctl_the_policies_run_on_one_blas_thread_and_only_they(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        sys.modules, "threadpoolctl", types.SimpleNamespace(ThreadpoolController=_Controller)
    )
    seen: list[list[tuple[int, str]]] = []

    def policy(observations: np.ndarray, masks: np.ndarray) -> Any:
        seen.append(list(_Controller.held))
        return masks.argmax(axis=1)

    with warnings.catch_warnings():
        warnings.simplefilter("error", blas.BlasThreadsWarning)
        env = CoupVectorEnv(CONFIG, num_envs=4, opponents=policy)
    _, infos = env.reset(seed=0)
    for _ in range(5):
        _, _, _, _, infos = env.step(infos["action_mask"].argmax(axis=1))
    assert seen and all(held == [(1, "blas")] for held in seen)
    assert _Controller.held == []  # given back after each step
