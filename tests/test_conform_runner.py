"""``coup-rules conform`` drives an engine through the kit's cases: a faithful engine passes; a
wrong one fails at its first differing step with a readable diff; an engine that stalls, dies or
writes garbage fails that case with its last standard error lines and is started again for the
next; a declared ruling sets its failures apart (docs: Checking another implementation)."""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.conformance.define import CaseDef
from coup_rules.conformance.record import record_case
from coup_rules.conformance.report import build_report
from coup_rules.conformance.runner import CaseResult, EngineProcess, Hello, run_case

ENGINE = [sys.executable, "-m", "coup_rules", "engine"]
DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA = (
    Character.DUKE,
    Character.ASSASSIN,
    Character.CAPTAIN,
    Character.AMBASSADOR,
    Character.CONTESSA,
)
DEAL = ((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (ASSASSIN, DUKE))
STEAL = record_case(
    CaseDef(
        id="steal-then-exchange",
        title="A steal allowed, then a challenged exchange proved.",
        rules=("R-ACT-6", "R-ACT-8"),
        config=Config(players=3),
        hands=DEAL,
        moves=(
            "p0 steal p1",
            "p1 allow",
            "p2 allow",
            "p1 allow",
            "p1 exchange",
            "p0 challenge",
        ),
        refused={0: ("p0 coup p1",)},
        views=(1,),
    )
)

# A fake engine: the real server, misbehaving once (a flag file says it already did) when the
# request named by MODE comes: stall, die, garbage, wrong_id, or lie (drop a legal move).
FAKE = """
import json, os, sys, time
from coup_rules.conformance.engine import EngineServer
mode, flag = sys.argv[1], sys.argv[2]
server = EngineServer()
for line in sys.stdin.buffer:
    answer = server.handle(line)
    request = json.loads(line)
    if request.get("cmd") == "apply" and request["move"]["type"] == "exchange":
        if mode == "lie" or not os.path.exists(flag):
            open(flag, "w").close()
            print("fake engine: misbehaving as", mode, file=sys.stderr, flush=True)
            if mode == "stall":
                time.sleep(60)
            if mode == "die":
                sys.exit(3)
            if mode == "garbage":
                sys.stdout.write("I am not JSON\\n"); sys.stdout.flush(); continue
            if mode == "wrong_id":
                answer["id"] = 12345
    if mode == "lie" and request.get("cmd") == "legal" and answer.get("moves"):
        answer["moves"] = answer["moves"][1:]
    sys.stdout.write(json.dumps(answer) + "\\n"); sys.stdout.flush()
    if server.done:
        break
"""


def fake(mode: str, tmp_path: Path) -> list[str]:
    return [sys.executable, "-c", FAKE, mode, str(tmp_path / "flag")]


def test_the_projects_engine_passes_a_case() -> None:
    """The engine served by ``coup-rules engine`` passes a recorded case in both chance modes."""
    with EngineProcess(ENGINE) as engine:
        for mode in ("seed", "forced"):
            result = run_case(engine, STEAL, chance=mode)
            assert result.status == "passed", result.diff
            assert result.views_checked


def _changed(**edits: Any) -> dict[str, Any]:
    case = copy.deepcopy(STEAL)
    for path, value in edits.items():
        step, field = path.split("__")
        case["steps"][int(step.removeprefix("s"))][field] = value
    return case


def test_a_missing_legal_move_is_named_at_its_step() -> None:
    """The first differing step is reported, the missing move by its notation."""
    case = copy.deepcopy(STEAL)
    case["steps"][2]["legal"]["2"].append(
        {
            "notation": "p2 block captain",
            "move": {"type": "block", "player": 2, "character": "captain"},
        }
    )
    with EngineProcess(ENGINE) as engine:
        result = run_case(engine, case)
    assert (result.status, result.step) == ("failed", 2)
    assert result.diff == ("seat 2: legal moves missing: p2 block captain",)


def test_an_accepted_refusal_and_a_wrong_to_act_are_reported() -> None:
    """A move the kit says is refused but the engine takes, and who acts, are diffs."""
    income = {"move": {"type": "income", "player": 0}, "notation": "p0 income", "rule": "R-ACT-9"}
    accepted = _changed(s0__refused=[income])
    acting = _changed(s3__to_act=[0, 1])
    with EngineProcess(ENGINE) as engine:
        first = run_case(engine, accepted)
        second = run_case(engine, acting)
    assert first.step == 0
    assert first.diff == ("the engine accepted p0 income, which R-ACT-9 forbids",)
    assert second.step == 3 and second.diff == ("to_act is [1], the kit says [0, 1]",)


@pytest.mark.parametrize(
    ("mode", "kind"),
    [("stall", "timeout"), ("die", "died"), ("garbage", "garbage"), ("wrong_id", "garbage")],
)
def test_a_broken_engine_fails_the_case_and_is_restarted(
    mode: str, kind: str, tmp_path: Path
) -> None:
    """An engine that stalls, dies or writes garbage fails that case, with its last standard
    error lines; a fresh engine plays the next case, which passes."""
    with EngineProcess(fake(mode, tmp_path), timeout=3) as engine:
        broken = run_case(engine, STEAL)
        again = run_case(engine, STEAL)
    assert broken.status == "failed" and broken.step == 4
    assert broken.diff[0].startswith(f"{kind}: ")
    assert f"fake engine: misbehaving as {mode}" in broken.stderr
    assert again.status == "passed", again.diff


def test_an_engine_that_cannot_start_is_a_fault(tmp_path: Path) -> None:
    """A command that does not exist fails each case in words, never a traceback."""
    with EngineProcess([str(tmp_path / "no-such-engine")]) as engine:
        result = run_case(engine, STEAL)
    assert result.status == "failed" and result.diff[0].startswith("died: the engine could not")


def test_unsupported_is_skipped(tmp_path: Path) -> None:
    """An engine that answers ``unsupported`` to new_game has the case skipped."""
    script = tmp_path / "refuse.py"
    script.write_text(
        "import json, sys\n"
        "from coup_rules.conformance.engine import EngineServer\n"
        "s = EngineServer()\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    a = s.handle(line)\n"
        "    if r['cmd'] == 'new_game':\n"
        "        a = {'id': r['id'], 'ok': False, 'error': {'code': 'unsupported',"
        " 'message': 'no Reformation'}}\n"
        "    print(json.dumps(a), flush=True)\n",
        encoding="utf-8",
    )
    with EngineProcess([sys.executable, str(script)]) as engine:
        result = run_case(engine, STEAL)
    assert result.status == "skipped" and "no Reformation" in result.diff[0]


def _hello(rulings: tuple[tuple[str, str], ...] = ()) -> Hello:
    return Hello("fake", "0", ("seed",), True, rulings)


def test_a_declared_ruling_sets_failures_apart() -> None:
    """A failing case naming a declared rule is set apart, not failed; the exit would be 0."""
    results = [
        CaseResult("a", ("R-ACT-6",), "failed", 1, ("x",)),
        CaseResult("b", ("R-ACT-8",), "passed"),
    ]
    plain = build_report(results, engine=_hello(), command=["e"])
    ruled = build_report(results, engine=_hello((("R-ACT-6", "we read it so"),)), command=["e"])
    flagged = build_report(results, engine=_hello(), command=["e"], rulings=["R-ACT-6"])
    assert plain.failed and not ruled.failed and not flagged.failed
    assert ruled.by_rule()["R-ACT-6"] == {"passed": 0, "failed": 0, "apart": 1, "skipped": 0}
    assert "ruling R-ACT-6: we read it so" in ruled.text()


def test_conform_command_reports_and_exits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``coup-rules conform --json`` on a lying engine: exit status 1, every case failed with a
    diff naming the missing move; the text report names the rule ids."""
    from coup_rules.cli import main

    status = main(["conform", "--json", "--cases", "income-*", "--", *fake("lie", tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert report["counts"]["failed"] == len(report["cases"]) > 0
    assert all("legal moves missing" in " ".join(c["diff"]) for c in report["cases"])
    assert main(["conform", "--cases", "income-*", "--", *ENGINE]) == 0
    assert "R-ACT-1" in capsys.readouterr().out


def test_conform_export_writes_the_kit(tmp_path: Path) -> None:
    """``coup-rules conform --export DIR`` writes the manifest and every file it lists."""
    from coup_rules.cli import main

    assert main(["conform", "--export", str(tmp_path / "kit")]) == 0
    manifest = json.loads((tmp_path / "kit" / "manifest.json").read_text(encoding="utf-8"))
    for name in manifest["files"]["cases"]:
        assert (tmp_path / "kit" / name).is_file()


def test_a_chance_mode_the_engine_lacks_skips_the_case(tmp_path: Path) -> None:
    """An engine that declares only forced chance plays in forced mode under ``auto``, and has
    the case skipped when seed mode is asked for."""
    script = tmp_path / "forced_only.py"
    script.write_text(
        "import json, sys\n"
        "from coup_rules.conformance.engine import EngineServer\n"
        "s = EngineServer()\n"
        "for line in sys.stdin:\n"
        "    a = s.handle(line)\n"
        "    if 'chance' in a and 'engine' in a:\n"
        "        a['chance'] = ['forced']\n"
        "    if json.loads(line).get('cmd') == 'new_game':\n"
        "        assert json.loads(line)['chance'] == 'forced'\n"
        "    print(json.dumps(a), flush=True)\n",
        encoding="utf-8",
    )
    with EngineProcess([sys.executable, str(script)]) as engine:
        auto = run_case(engine, STEAL)
        seeded = run_case(engine, STEAL, chance="seed")
    assert auto.status == "passed", auto.diff
    assert (seeded.status, seeded.diff) == ("skipped", ("the engine has no seed chance mode",))


def test_the_example_toy_adapter_is_measured(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/engine_adapter.mjs, a toy engine that knows only Income and Coup, speaks the
    protocol well enough that every case of the kit fails by a difference or is skipped as
    unsupported, never by a fault (Node is required under CI, else skipped)."""
    from coup_rules.cli import main

    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing: CI runs the JavaScript example adapter")
        pytest.skip("node is not installed")
    adapter = str(Path(__file__).resolve().parents[1] / "examples" / "engine_adapter.mjs")
    assert main(["conform", "--json", "--", node, adapter]) == 1
    report = json.loads(capsys.readouterr().out)
    kinds = ("timeout:", "died:", "garbage:")
    faults = [
        c["id"] for c in report["cases"] if any(d.startswith(kinds) for d in c.get("diff", []))
    ]
    assert faults == []
    assert report["counts"]["failed"] + report["counts"]["skipped"] == len(report["cases"])
    income = next(c for c in report["cases"] if c["id"] == "income-takes-one-coin")
    assert income["step"] == 0
    assert income["diff"] == [
        "seat 0: legal moves missing: p0 foreign_aid, p0 tax, p0 steal p1, p0 steal p2, p0 exchange"
    ]
