"""The conformance report: per rule id, the cases passed, failed, set apart by a declared ruling
or skipped as unsupported; for each failing case the first step where the engine differs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from coup_rules.conformance.runner import CaseResult, Hello

__all__ = ["NO_RULE", "OUTCOMES", "Report", "build_report"]

NO_RULE: Final = "(no rule)"
"""Where the table counts the cases that name no rule id (the random playthroughs)."""

OUTCOMES: Final = ("passed", "failed", "apart", "skipped")
"""A case's outcome in the report: ``apart`` is a failure of a case naming a rule the engine
declared it reads differently."""


@attrs.frozen(slots=True)
class Report:
    """Every case's result, the engine's declared rulings, and the tallies per rule id."""

    engine: Hello | None
    command: tuple[str, ...]
    rulings: Mapping[str, str]
    results: tuple[CaseResult, ...]
    seconds: float

    def outcome(self, result: CaseResult) -> str:
        """``passed``, ``failed``, ``apart`` or ``skipped``."""
        if result.status == "failed" and any(rule in self.rulings for rule in result.rules):
            return "apart"
        return result.status

    def counts(self) -> dict[str, int]:
        """How many cases had each outcome."""
        totals = dict.fromkeys(OUTCOMES, 0)
        for result in self.results:
            totals[self.outcome(result)] += 1
        return totals

    def by_rule(self) -> dict[str, dict[str, int]]:
        """Per rule id (sorted), how many of the cases naming it had each outcome."""
        table: dict[str, dict[str, int]] = {}
        for result in self.results:
            outcome = self.outcome(result)
            for rule in result.rules or (NO_RULE,):
                table.setdefault(rule, dict.fromkeys(OUTCOMES, 0))[outcome] += 1
        return {rule: table[rule] for rule in sorted(table, key=_rule_order)}

    @property
    def failed(self) -> bool:
        """Whether a case failed that no declared ruling sets apart (the exit status is 1)."""
        return self.counts()["failed"] > 0

    def to_json(self) -> dict[str, Any]:
        """The report for machines (``coup-rules conform --json``)."""
        hello = self.engine
        return {
            "engine": None
            if hello is None
            else {"name": hello.name, "version": hello.version, "chance": list(hello.chance)},
            "command": list(self.command),
            "rulings": dict(self.rulings),
            "seconds": round(self.seconds, 2),
            "counts": self.counts(),
            "rules": self.by_rule(),
            "cases": [self._case_json(r) for r in self.results],
        }

    def _case_json(self, result: CaseResult) -> dict[str, Any]:
        out: dict[str, Any] = {"id": result.case, "outcome": self.outcome(result)}
        if result.status != "passed":
            out.update(step=result.step, diff=list(result.diff), stderr=list(result.stderr))
        out["rules"] = list(result.rules)
        return out

    def text(self, *, width: int = 100) -> str:
        """The report for people."""
        lines = [self._heading()]
        lines += _rule_table(self.by_rule())
        for title, outcome in (("Failed", "failed"), ("Set apart by a ruling", "apart")):
            shown = [r for r in self.results if self.outcome(r) == outcome]
            if shown:
                lines += ["", f"{title}:"]
                for result in shown:
                    lines += self._case_lines(result, width)
        skipped = [r for r in self.results if r.status == "skipped"]
        if skipped:
            lines += ["", "Skipped (the engine does not support them):"]
            lines += [f"  {r.case}: {'; '.join(r.diff)}" for r in skipped]
        counts = self.counts()
        lines += [
            "",
            f"{_cases(len(self.results))}, {self.seconds:.1f} s: {counts['passed']} passed, "
            f"{counts['failed']} failed, {counts['apart']} set apart by a ruling, "
            f"{counts['skipped']} skipped",
        ]
        return "\n".join(lines) + "\n"

    def _heading(self) -> str:
        hello = self.engine
        name = "the engine" if hello is None else f"{hello.name} {hello.version}"
        views = "" if hello is None or hello.views else " (views not checked: it has none)"
        return f"Conformance of {name}{views}, run as: {' '.join(self.command)}"

    def _case_lines(self, result: CaseResult, width: int) -> list[str]:
        where = "the result" if result.step is None else f"step {result.step}"
        rules = ", ".join(result.rules)
        out = [f"  {result.case} [{rules}]: differs at {where}"]
        out += [f"    {_cut(line, width - 4)}" for line in result.diff]
        noted = [r for r in result.rules if r in self.rulings]
        out += [f"    ruling {r}: {self.rulings[r]}" for r in noted]
        if result.stderr:
            out.append("    engine's last standard error lines:")
            out += [f"      | {_cut(line, width - 8)}" for line in result.stderr]
        return out


def _cases(n: int) -> str:
    return f"{n} case" if n == 1 else f"{n} cases"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _rule_order(rule: str) -> tuple[str, int, str]:
    if rule == NO_RULE:
        return ("~", 0, rule)  # last
    head, _, number = rule.rpartition("-")
    return (head, int(number), rule) if number.isdigit() else (rule, 0, rule)


def _rule_table(table: Mapping[str, Mapping[str, int]]) -> list[str]:
    if not table:
        return ["No case was run."]
    lines = ["", f"{'rule':<14}{'passed':>8}{'failed':>8}{'apart':>8}{'skipped':>9}"]
    for rule, counts in table.items():
        lines.append(
            f"{rule:<14}{counts['passed']:>8}{counts['failed']:>8}{counts['apart']:>8}"
            f"{counts['skipped']:>9}"
        )
    return lines


def build_report(
    results: Iterable[CaseResult],
    *,
    engine: Hello | None,
    command: Sequence[str],
    rulings: Iterable[str] = (),
    seconds: float = 0.0,
) -> Report:
    """The report: the engine's declared rulings merged with those named on the command line."""
    declared = {} if engine is None else dict(engine.rulings)
    for rule in rulings:
        declared.setdefault(rule, "declared on the command line (--ruling)")
    return Report(engine, tuple(command), declared, tuple(results), seconds)
