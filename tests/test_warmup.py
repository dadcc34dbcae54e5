"""Compiling ahead of time: ``coup_rules.vector.compile_all`` and ``coup-rules warmup``, and the
tournament's compile before its first game, so that no first move waits for numba."""

from __future__ import annotations

import io
from typing import Any

import pytest

from coup_rules.ai import ISMCTSBot
from coup_rules.bots import HonestBot
from coup_rules.cli import main, warmup


def test_warmup_without_numba_says_there_is_nothing_to_compile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("coup_rules.ai.ismcts.compiled_playouts_available", lambda: False)
    out = io.StringIO()
    assert warmup.run(out) == 0
    assert "Nothing to compile: the [vector] extra (numba) is not installed" in out.getvalue()


def test_a_tournament_with_a_compiled_search_compiles_before_its_first_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[Any] = []
    monkeypatch.setattr(warmup, "_compile", calls.append)
    warmup.prepare({"honest": HonestBot(), "python": ISMCTSBot(playouts="python")})
    assert calls == []
    bot = ISMCTSBot()
    warmup.prepare({"honest": HonestBot(), "ismcts": bot})
    assert len(calls) == (1 if bot.compiled else 0)


def test_compile_all_compiles_every_kernel_of_the_search() -> None:
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    from coup_rules.vector import compile_all, search

    assert compile_all() >= 0.0
    # what Playouts calls from Python (decide; finish, to the end or to a horizon; winner)
    for kernel in (search.to_decision, search.play_value):
        assert getattr(kernel, "signatures")  # noqa: B009  (a numba dispatcher's)


def test_compile_all_compiles_coup_vector_env_with_its_bots_and_policies() -> None:
    """The training env's loops, its compiled bots' included, and the loop of a policy
    opponent are compiled too, so that its first step does not wait."""
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")
    from coup_rules.vector import compile_all, learner

    compile_all()
    # what CoupVectorEnv calls from Python (the compiled bots are compiled inside its loops)
    for kernel in (learner.deal_lanes, learner.learner_step, learner.opponent_step):
        assert getattr(kernel, "signatures")  # noqa: B009  (a numba dispatcher's)


def test_coup_rules_warmup_compiles_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    assert main(["warmup"]) == 0
    assert "Ready in" in capsys.readouterr().out
