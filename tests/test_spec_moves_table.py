"""The spec's moves table (``docs/spec/moves.md``) says what ``ACTIONS`` and ``spec_of`` say.

The page's tables are written by hand for readers; these tests hold them to the one statement of
each fact in the code, so a new action, a changed claim, cost, blocker or variant, or a new
answer to a decision cannot leave the page behind (issue 40: the place an extension found only
by reading, two runs in a row).
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import attrs
import pytest

from coup_rules import Move, Pending
from coup_rules.actions import ACTIONS, ActionSpec, Aim, Asked, Variant
from coup_rules.decisions import Decision, spec_of

PAGE = Path(__file__).resolve().parents[1] / "docs" / "spec" / "moves.md"
_ROW = re.compile(r"^\| `(\w+)\(([\w, ]*)\)` \|(.*)$", re.MULTILINE)
_VARIANT_WORDS = {Variant.INQUISITOR: "Inquisitor game", Variant.REFORMATION: "Reformation"}


def _section(title: str) -> str:
    text = PAGE.read_text()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _rows(title: str) -> dict[str, tuple[list[str], list[str]]]:
    """The rows of the section's table: move name -> (its fields as written, its other cells)."""
    rows = {}
    for name, fields, rest in _ROW.findall(_section(title)):
        cells = [c.strip() for c in rest.strip().strip("|").split(" | ")]
        rows[name] = ([f.strip() for f in fields.split(",")], cells)
    return rows


ACTION_ROWS = _rows("Turn actions")
ANSWER_ROWS = {**_rows("Answers in the windows"), **_rows("Private choices")}


def test_the_turn_actions_are_the_rows_of_actions_in_order() -> None:
    assert list(ACTION_ROWS) == [spec.move.__name__ for spec in ACTIONS]


def test_every_move_has_one_row() -> None:
    moves = [cls.__name__ for cls in typing.get_args(Move)]
    listed = list(ACTION_ROWS) + list(ANSWER_ROWS)
    assert sorted(listed) == sorted(moves)


@pytest.mark.parametrize("name", sorted(ACTION_ROWS) + sorted(ANSWER_ROWS))
def test_a_row_writes_the_move_s_fields(name: str) -> None:
    cls = next(c for c in typing.get_args(Move) if c.__name__ == name)
    written, _ = ACTION_ROWS.get(name) or ANSWER_ROWS[name]
    assert written == [f.name for f in attrs.fields(cls)]


def _claim_words(spec: ActionSpec) -> list[str]:
    if spec.disclaims is not None:
        return [f"*not* holding a {spec.disclaims}"]
    if spec.claims_exchanger:
        return ["Ambassador", "Inquisitor"]
    if spec.claim is not None:
        return [str(spec.claim)]
    return ["nothing"]


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda spec: spec.move.__name__)
def test_an_action_s_row_says_what_it_claims(spec: ActionSpec) -> None:
    _, (_, claims, _, _) = ACTION_ROWS[spec.move.__name__]
    assert all(word in claims for word in _claim_words(spec)), claims


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda spec: spec.move.__name__)
def test_an_action_s_row_says_who_may_answer_it(spec: ActionSpec) -> None:
    _, (_, _, answer, _) = ACTION_ROWS[spec.move.__name__]
    assert ("`Challenge`" in answer) == spec.challengeable, answer
    assert ("`Block`" in answer) == (spec.asked is not Asked.NOBODY), answer
    for character in spec.blockers:
        assert str(character) in answer
    if spec.blocked_by_exchanger:
        assert "Ambassador/Inquisitor" in answer
    if not spec.challengeable and spec.asked is Asked.NOBODY:
        assert answer.startswith("nobody")


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda spec: spec.move.__name__)
def test_an_action_s_row_says_when_it_is_legal(spec: ActionSpec) -> None:
    _, (legal, _, _, _) = ACTION_ROWS[spec.move.__name__]
    if spec.variant in _VARIANT_WORDS:
        assert legal.startswith(_VARIANT_WORDS[spec.variant]), legal
    if spec.aim is Aim.LIVING:  # its price depends on whom it names
        assert f"{spec.self_cost} coin" in legal and f"{spec.cost} to name another" in legal
    elif spec.cost:
        assert f"{spec.cost}+ coins" in legal, legal
    if spec.aim is not Aim.NONE:
        assert "target" in legal or "name" in legal, legal


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda spec: spec.move.__name__)
def test_an_action_s_row_cites_its_rule(spec: ActionSpec) -> None:
    _, (_, _, _, rules) = ACTION_ROWS[spec.move.__name__]
    assert re.search(rf"\[{spec.rule}\]\(\w+\.md#{spec.rule}\)", rules), rules


@pytest.mark.parametrize("pending", typing.get_args(Pending), ids=lambda cls: cls.__name__)
def test_every_answer_s_row_names_the_decision_it_answers(pending: type[Pending]) -> None:
    answers = [m for m in spec_of(pending.kind).moves if m.__name__ in ANSWER_ROWS]
    for move in answers:
        _, (legal, *_) = ANSWER_ROWS[move.__name__]
        assert f"`{pending.__name__}`" in legal, f"{move.__name__}: {legal}"


FLOW = PAGE.parent / "flow.md"
_DECISION_ROW = re.compile(r'^\| `(\w+)` \| `"(\w+)"` \|(.*)$', re.MULTILINE)


def _decision_rows() -> dict[str, tuple[str, list[str]]]:
    """The turn page's table of decisions: class -> (kind, its other cells)."""
    return {
        name: (kind, [c.strip() for c in rest.strip().strip("|").split(" | ")])
        for name, kind, rest in _DECISION_ROW.findall(FLOW.read_text())
    }


def test_the_turn_page_lists_every_decision_in_the_order_of_pending() -> None:
    assert list(_decision_rows()) == [cls.__name__ for cls in typing.get_args(Pending)]


@pytest.mark.parametrize("pending", typing.get_args(Pending), ids=lambda cls: cls.__name__)
def test_a_decision_s_row_gives_its_kind_moves_and_rule(pending: type[Pending]) -> None:
    kind, (_, _, moves, rules) = _decision_rows()[pending.__name__]
    spec = spec_of(pending.kind)
    assert kind == pending.kind.value
    if pending.kind is not Decision.ACTION:
        assert re.findall(r"`(\w+)`", moves) == [m.__name__ for m in spec.moves]
    assert f"[{spec.rule}]" in rules
