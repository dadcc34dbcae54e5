"""Measure another Coup engine against the conformance kit, through its adapter in peers/.

Fetches nothing: give it the peer's checkout (see peers/README.md for how to get one).

    python scripts/peers.py treason --dir /tmp/peers/treason --commit f90348a... \
        --out /tmp/peers/treason-report.json
    python scripts/peers.py coup-online --dir /tmp/peers/coup-online --commit ...

It runs ``coup-rules conform --json -- node peers/<peer>/<adapter> DIR`` (the adapter's own
environment switches pass through ``--env NAME=VALUE``), writes the runner's JSON report, and
prints the cases passed / failed / skipped per rule id as a Markdown table, the table that
docs/conformance/<peer>.md publishes.

``--walk`` also plays every case past its first difference, as long as the peer still accepts the
kit's moves, and lists every difference it meets, grouped by its shape (seat numbers and cards
left out): the runner stops at a case's first difference, and one rule a peer reads differently
can hide the next.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from coup_rules.conformance.kit import load_kit
from coup_rules.conformance.record import summary_of_view
from coup_rules.conformance.runner import EngineProcess

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = {
    "treason": ROOT / "peers" / "treason" / "adapter.js",
    "coup-online": ROOT / "peers" / "coup-online" / "adapter.mjs",
}
CARDS = r"\b(duke|assassin|captain|ambassador|contessa|inquisitor|loyalist|reformist)\b"

Json = dict[str, Any]


def _env(peer: str, directory: Path, commit: str | None, extra: Sequence[str]) -> dict[str, str]:
    prefix = peer.upper().replace("-", "_")
    env = dict(os.environ)
    env[f"{prefix}_DIR"] = str(directory)
    if commit:
        env[f"{prefix}_COMMIT"] = commit
    for item in extra:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--env takes NAME=VALUE, not {item!r}")
        env[name] = value
    return env


def conform(engine: Sequence[str], env: Mapping[str, str], cases: str | None) -> Json:
    """The runner's JSON report of ``engine`` (``coup-rules conform --json``)."""
    command = [sys.executable, "-m", "coup_rules", "conform", "--json"]
    if cases:
        command += ["--cases", cases]
    done = subprocess.run(
        [*command, "--", *engine], env=dict(env), capture_output=True, text=True, check=False
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"coup-rules conform failed ({done.returncode}):\n{done.stderr}")
    report: Json = json.loads(done.stdout)
    return report


def rule_table(report: Mapping[str, Any]) -> str:
    """The cases passed / failed / set apart / skipped per rule id, as a Markdown table."""
    lines = ["| rule | passed | failed | set apart | skipped |", "| --- | --- | --- | --- | --- |"]
    for rule in sorted(report["rules"], key=_rule_order):
        n = report["rules"][rule]
        lines.append(f"| {rule} | {n['passed']} | {n['failed']} | {n['apart']} | {n['skipped']} |")
    return "\n".join(lines)


def _rule_order(rule: str) -> tuple[str, int]:
    family, _, number = rule.rpartition("-")
    return family, int(number) if number.isdigit() else 0


# ---------------------------------------------------------------- --walk


def _key(move: Mapping[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


def _position_diff(engine: EngineProcess, record: Mapping[str, Any]) -> list[str]:
    diff: list[str] = []
    acting = engine.ask({"cmd": "to_act"})
    if "to_act" in record and acting.get("seats") != list(record["to_act"]):
        diff.append(f"to_act is {acting.get('seats')}, the kit says {record['to_act']}")
    for seat, expected in record.get("legal", {}).items():
        got = engine.ask({"cmd": "legal", "seat": int(seat)}).get("moves", [])
        want = {_key(e["move"]): e.get("notation", "") for e in expected}
        have = {_key(m) for m in got}
        missing = sorted(want[k] for k in want if k not in have)
        extra = sorted(k for k in have if k not in want)
        if missing:
            diff.append(f"legal moves missing: {', '.join(missing)}")
        if extra:
            diff.append(f"extra legal moves: {', '.join(extra)}")
    for key, view in (record.get("views") or {}).items():
        seat = None if key == "spectator" else int(key)
        answer = engine.ask({"cmd": "view", "seat": seat})
        got = answer.get("summary") or summary_of_view(answer.get("view") or {})
        want = summary_of_view(view)
        for field in want:
            if want[field] != got.get(field):
                diff.append(f"view {field} is {got.get(field)}, the kit says {want[field]}")
    return diff


def walk(engine: EngineProcess, case: Mapping[str, Any]) -> Iterator[tuple[int, str]]:
    """Every difference of ``case`` as (step, words), played on while the peer accepts."""
    started = engine.ask(
        {"cmd": "new_game", "config": case["config"], "setup": case["setup"], "chance": "forced"}
    )
    if not started["ok"]:
        yield -1, f"new_game: {started['error']['code']}"
        return
    for number, step in enumerate(case["steps"]):
        for words in dict.fromkeys(_position_diff(engine, step)):
            yield number, words
        for refused in step.get("refused", ()):
            answer = engine.ask({"cmd": "apply", "move": refused["move"]})
            if answer.get("ok") and answer.get("accepted"):
                yield number, f"accepted {refused['notation']} ({refused.get('rule')})"
                return  # the peer's game has moved: the kit's next steps no longer apply
        if step.get("chance"):
            engine.ask({"cmd": "chance", "cards": list(step["chance"])})
        answer = engine.ask({"cmd": "apply", "move": step["move"]})
        if not (answer.get("ok") and answer.get("accepted")):
            yield number, f"refused {step['notation']}"
            return
    for words in _position_diff(engine, case.get("result") or {}):
        yield len(case["steps"]), words


def shape(words: str) -> str:
    """A difference with its seats, numbers and cards left out, to group alike ones."""
    words = re.sub(r"\"player\": \d+|\"target\": \d+", "SEAT", words)
    words = re.sub(CARDS, "CARD", words)
    return re.sub(r"\d+", "N", words)


def walk_all(engine_command: Sequence[str], env: Mapping[str, str]) -> Json:
    """Every case walked: its differences, and how many cases show each shape."""
    kit = load_kit()
    cases = [*kit.cases, *kit.playthroughs]
    found: dict[str, list[tuple[int, str]]] = {}
    shapes: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        with EngineProcess(list(engine_command)) as engine:
            for case in cases:
                engine.start()
                diffs = list(walk(engine, case))
                found[case["id"]] = diffs
                for form in {shape(words) for _, words in diffs}:
                    shapes[form] += 1
                    examples.setdefault(form, case["id"])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return {
        "cases": {k: [{"step": s, "diff": w} for s, w in v] for k, v in found.items()},
        "shapes": [
            {"shape": form, "cases": n, "example": examples[form]}
            for form, n in shapes.most_common()
        ],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("peer", choices=sorted(ADAPTERS))
    parser.add_argument("--dir", type=Path, required=True, help="the peer's checkout")
    parser.add_argument("--commit", help="the checkout's commit, reported as the engine version")
    parser.add_argument("--out", type=Path, help="write the runner's JSON report here")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the adapter")
    parser.add_argument("--cases", help="only the cases whose id matches this glob")
    parser.add_argument("--walk", type=Path, help="also walk every case; write the JSON here")
    args = parser.parse_args(argv)
    directory = args.dir.resolve()
    engine = ["node", str(ADAPTERS[args.peer]), str(directory)]
    env = _env(args.peer, directory, args.commit, args.env)
    report = conform(engine, env, args.cases)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    counts = report["counts"]
    print(f"{args.peer} {report['engine'].get('version')}: {counts}")
    print(rule_table(report))
    if args.walk:
        walked = walk_all(engine, env)
        args.walk.write_text(json.dumps(walked, indent=1) + "\n", encoding="utf-8")
        print("\n| cases | difference (seats, numbers, cards left out) | e.g. |")
        print("| --- | --- | --- |")
        for row in walked["shapes"]:
            print(f"| {row['cases']} | {row['shape'][:150]} | {row['example']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
