"""BLAS threads while ``CoupVectorEnv`` calls policy opponents: held to one, or a loud warning.

A policy opponent is called from Python on small batches (the games that ask one seat), and a
NumPy policy's matrix products then go through BLAS. With BLAS free to start a thread per core,
each small product pays for waking and joining them: an outside measurement saw a
``CoupVectorEnv`` with NumPy policy opponents run 36 times slower than with BLAS held to one
thread. What holds it:

- ``OPENBLAS_NUM_THREADS``, ``OMP_NUM_THREADS``, ``MKL_NUM_THREADS`` (or ``BLIS_NUM_THREADS``)
  set in the environment before NumPy is first imported: BLAS reads them when it loads, so
  setting them later does nothing. Any value set there is the user's choice and respected.
- Otherwise, with ``threadpoolctl`` installed (the ``[vector]`` extra installs it), the env
  holds BLAS to one thread while it calls the policies, and gives the threads back after, so
  the caller's own NumPy work (a learner's update) keeps them.
- Otherwise the env can hold nothing, and ``PolicyThreads`` warns (``BlasThreadsWarning``) once
  per process, saying how.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["BLAS_VARIABLES", "BlasThreadsWarning", "PolicyThreads", "blas_variables_set"]

BLAS_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS")
"""The environment variables that fix BLAS's threads when NumPy loads."""

ADVICE = (
    "CoupVectorEnv calls its policy opponents on small batches, where a multi-threaded BLAS "
    "runs a NumPy policy many times slower (36x in one measurement) than one thread. Set "
    "OPENBLAS_NUM_THREADS=1 (or OMP_NUM_THREADS=1, MKL_NUM_THREADS=1) in the environment before "
    "NumPy is first imported, or pip install threadpoolctl, with which the env holds BLAS to "
    "one thread while it calls the policies (the AI guide, 'Policies as opponents')."
)


class BlasThreadsWarning(RuntimeWarning):
    """BLAS may run policy opponents on several threads, and nothing here can hold it to one."""


def blas_variables_set(environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The BLAS thread variables set (to anything) in ``environ`` (the process's by default)."""
    values = os.environ if environ is None else environ
    return tuple(name for name in BLAS_VARIABLES if values.get(name, "").strip())


class PolicyThreads:
    """What ``CoupVectorEnv`` wraps its policy calls in: ``with threads.held(): ...``.

    Built once per env: it respects BLAS variables set in the environment, else holds BLAS to
    one thread through ``threadpoolctl`` while the policies run, else warns once (the warnings
    module's default filter shows a warning once per place) and holds nothing.
    """

    def __init__(self, *, stacklevel: int = 2) -> None:
        self._controller: Any = None
        if blas_variables_set() or (os.cpu_count() or 1) == 1:
            return
        try:
            threadpoolctl = importlib.import_module("threadpoolctl")
        except ImportError:
            warnings.warn(ADVICE, BlasThreadsWarning, stacklevel=stacklevel + 1)
            return
        self._controller = threadpoolctl.ThreadpoolController()

    @property
    def holds(self) -> bool:
        """Whether ``held`` holds BLAS to one thread (threadpoolctl is in use)."""
        return self._controller is not None

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """BLAS held to one thread inside (when ``holds``), as it was again after."""
        if self._controller is None:
            yield
            return
        with self._controller.limit(limits=1, user_api="blas"):
            yield
