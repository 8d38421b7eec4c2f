"""The Python path and `hensoku validate` agree, record by record, on the same inputs:
validity, plies, result, and each error's rule and place."""

import json
import os
import pathlib
import subprocess

import pytest

import hensoku

PGN = (
    '[Event "ok"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n'
    '[Event "bad"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd3 Qh4 4. Kc4 Qxf2 5. Kb5 Qxb2+ 6. Kc4 Qb4+ 7. Kd3 Kxd3 *\n\n'
    '[Event "mate"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    '[Event "broken"]\n\n1. e4 { never closed\n'
)

FEN = (
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n"
    "4k3/8/8/8/8/8/4P3/4KK2 w - - 0 1\n"
    "4k3/8/8/8/8/8/4P3/4K3 w - - zero 1\n"
)
EPD = '4k3/8/8/8/8/8/4P3/4K3 w - - id "one";\n\nK7/8/8/8/8/8/8/7k b - - bm Kg2; id "two";\n'


def inputs(tmp_path, fixtures):
    files = [tmp_path / "games.pgn"]
    files[0].write_text(PGN * 3)
    files.append(tmp_path / "positions.fen")
    files[-1].write_text(FEN)
    files.append(tmp_path / "positions.epd")
    files[-1].write_text(EPD)
    files += sorted((fixtures / "shogi").glob("*.usi")) + sorted((fixtures / "shogi").glob("*.kif"))
    files += sorted((fixtures / "quantum").glob("*.qgn"))
    data = os.environ.get("HENSOKU_TEST_DATA")
    if data:
        real = pathlib.Path(data) / "realworld" / "shogi"
        files += sorted(p for p in real.rglob("*") if p.suffix in (".kif", ".csa", ".ki2", ".kifu"))[:60]
    return files


def cli_records(cli, files):
    out = subprocess.run(
        [cli, "validate", "--json", "-j", "1", *map(str, files)],
        capture_output=True, text=True, check=False,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def comparable_cli(doc):
    errors = doc.get("errors") or []
    result = doc.get("result") or {}
    return (
        doc["file"], doc["index"], doc["valid"], doc["plies"],
        result.get("reason", "unreadable") if "error" not in doc else "unreadable",
        [(e["rule"], e["line"], e["column"]) for e in errors],
    )


def comparable_py(g):
    return (
        g.file, g.index, g.valid, g.plies, g.result["reason"],
        [(e.rule, e.line, e.column) for e in g.errors],
    )


def test_records_agree_with_the_command_line(cli, tmp_path, fixtures):
    files = inputs(tmp_path, fixtures)
    expected = [comparable_cli(d) for d in cli_records(cli, files)]
    got = [comparable_py(g) for g in hensoku.read_games(files)]
    assert len(got) == len(expected)
    for e, g in zip(expected, got):
        assert g == e
