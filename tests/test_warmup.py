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
    # what Playouts calls from Python (decide, finish to the end, finish to a horizon)
    for kernel in (search.to_decision, search.play_winner, search.play_value):
        assert getattr(kernel, "signatures")  # noqa: B009  (a numba dispatcher's)


def test_coup_rules_warmup_compiles_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    assert main(["warmup"]) == 0
    assert "Ready in" in capsys.readouterr().out
