"""Every loader of the package reads data, never code (issue 28): a crafted pickle, which creates a
file when it is unpickled, is refused by each one with its documented error, and nothing runs.

The loaders: ``coup-rules replay`` files (``GameRecord.from_json``), the web store's rows (config,
seed, seats, seating and moves, decoded by ``SqlStore``), and the vector env's ``set_state``
(a ``GameState`` only). OpenSpiel's ``deserialize_state`` is tested in tests/test_openspiel.py.
No module of ``coup_rules`` imports ``pickle``, ``marshal`` or ``shelve``, or calls ``eval``,
``exec`` or ``yaml.load``: the last test reads the sources.
"""

from __future__ import annotations

import ast
import base64
import pickle
import sqlite3
from pathlib import Path

import pytest

import coup_rules
from coup_rules import Config, DecodeError, Move, from_json, to_json
from coup_rules.cli import main
from coup_rules.simulation import GameRecord
from coup_rules.web.sqlite_store import SqliteStore


class _Plant:
    """Unpickled, it creates the file ``path``: what a hostile saved value would do."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.path), "w"))


def _crafted(marker: Path, form: str) -> bytes | str:
    """The hostile pickle as raw bytes, as base64 text, or as text (latin-1)."""
    raw = pickle.dumps(_Plant(marker))
    return {"bytes": raw, "base64": base64.b64encode(raw).decode(), "text": raw.decode("latin-1")}[
        form
    ]


FORMS = ["bytes", "base64", "text"]

INCOME = '{"type": "income", "player": 0}'


def test_the_crafted_pickle_is_a_real_attack(tmp_path: Path) -> None:
    """Unpickled, the crafted value does create its file (so the tests below test something)."""
    marker = tmp_path / "ran"
    pickle.loads(_crafted(marker, "bytes"))  # type: ignore[arg-type]
    assert marker.exists()


# --- coup-rules replay ------------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_a_replay_record_that_is_a_pickle_is_a_decode_error(tmp_path: Path, form: str) -> None:
    """GameRecord.from_json of a pickle raises DecodeError, and nothing runs."""
    marker = tmp_path / "ran"
    crafted = _crafted(marker, form)
    text = crafted.decode("latin-1") if isinstance(crafted, bytes) else crafted
    with pytest.raises(DecodeError, match="malformed JSON"):
        GameRecord.from_json(text)
    assert not marker.exists()


def test_replay_of_a_pickled_file_is_one_line_and_runs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`coup-rules replay` of a file holding a pickle exits 1 with one line naming the line."""
    marker = tmp_path / "ran"
    path = tmp_path / "games.jsonl"
    path.write_text(str(_crafted(marker, "base64")) + "\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"coup-rules replay: {path}: line 1: malformed JSON")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not marker.exists()


# --- the web store's rows ----------------------------------------------------------------------


def _store_with(tmp_path: Path, column: str, value: object) -> SqliteStore:
    """A store file holding game "g" (2 players, one move), ``column`` replaced by ``value``."""
    path = tmp_path / "games.db"
    SqliteStore(path).close()
    rows = {
        "config": to_json(Config(players=2)),
        "seed": "1",
        "seats": '["human", "random"]',
        "move": INCOME,
    }
    rows[column] = value  # type: ignore[assignment]
    db = sqlite3.connect(path)
    with db:
        db.execute(
            "INSERT INTO games (id, config, seed, seats, created) VALUES ('g', ?, ?, ?, 0)",
            (rows["config"], rows["seed"], rows["seats"]),
        )
        db.execute("INSERT INTO tokens (token, game, seat) VALUES ('t', 'g', NULL)")
        db.execute(
            "INSERT INTO moves (game, n, version, move) VALUES ('g', 0, 0, ?)", (rows["move"],)
        )
    db.close()
    return SqliteStore(path)


@pytest.mark.parametrize("form", FORMS)
def test_a_stored_config_that_is_a_pickle_is_a_decode_error(tmp_path: Path, form: str) -> None:
    """The games.config column is read with from_json: DecodeError, and nothing runs."""
    marker = tmp_path / "ran"
    store = _store_with(tmp_path, "config", _crafted(marker, form))
    with pytest.raises(DecodeError):
        store.record("g")
    store.close()
    assert not marker.exists()


@pytest.mark.parametrize("form", FORMS)
def test_a_stored_move_that_is_a_pickle_is_a_decode_error(tmp_path: Path, form: str) -> None:
    """The moves.move column is read with from_json(text, Move): DecodeError, nothing runs."""
    marker = tmp_path / "ran"
    store = _store_with(tmp_path, "move", _crafted(marker, form))
    with pytest.raises(DecodeError):
        store.moves("g", 0)
    store.close()
    assert not marker.exists()


@pytest.mark.parametrize("column", ["seed", "seats"])
@pytest.mark.parametrize("form", FORMS)
def test_a_stored_seed_or_seating_that_is_a_pickle_is_refused(
    tmp_path: Path, column: str, form: str
) -> None:
    """games.seed is read with int() and games.seats with json.loads: a ValueError, and
    nothing runs (they are the server's own columns; DecodeError is for JSON of the engine)."""
    marker = tmp_path / "ran"
    store = _store_with(tmp_path, column, _crafted(marker, form))
    with pytest.raises(ValueError):
        store.record("g")
    store.close()
    assert not marker.exists()


def test_an_untampered_store_row_reads_back(tmp_path: Path) -> None:
    """The rows the tests above tamper with are read as the game they hold when left alone."""
    store = _store_with(tmp_path, "seed", "1")
    record = store.record("g")
    assert record is not None and record.config == Config(players=2) and record.seed == 1
    assert [m.move for m in store.moves("g", 0)] == [from_json(INCOME, Move)]
    store.close()


# --- the vector env's set_state -----------------------------------------------------------------


@pytest.mark.parametrize("form", ["bytes", "base64", "object"])
def test_vector_set_state_takes_a_game_state_only(tmp_path: Path, form: str) -> None:
    """VectorEnv.set_state refuses anything but a GameState with TypeError, and never unpickles
    it (a pickle, its text, or an object that would run code if pickled and loaded)."""
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    from coup_rules.vector import VectorEnv

    marker = tmp_path / "ran"
    value = _Plant(marker) if form == "object" else _crafted(marker, form)
    env = VectorEnv(Config(players=2), num_envs=1)
    with pytest.raises(TypeError, match="set_state\\(\\) takes a GameState"):
        env.set_state(0, value)  # type: ignore[arg-type]
    assert not marker.exists()


# --- no code-running decoder anywhere -----------------------------------------------------------

_RISKY_MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle", "yaml", "jsonpickle"}
_RISKY_CALLS = {"eval", "exec", "compile", "__import__"}


def test_no_module_imports_a_code_running_decoder_or_calls_eval() -> None:
    """No source file of coup_rules imports pickle, marshal, shelve or yaml, or calls eval, exec,
    compile or __import__ (a ``__reduce__`` only says how a value is rebuilt)."""
    root = Path(coup_rules.__file__).parent
    found = []
    for source in sorted(root.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.partition(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [(node.module or "").partition(".")[0]]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                names = [node.func.id] if node.func.id in _RISKY_CALLS else []
            else:
                continue
            found += [
                f"{source.relative_to(root)}:{node.lineno} {n}"
                for n in names
                if n in _RISKY_MODULES | _RISKY_CALLS
            ]
    assert found == []
