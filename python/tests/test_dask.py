"""`hensoku.dask.validate` on a LocalCluster of two workers gives what `hensoku validate`
gives for the same inputs, byte for byte: the lines of `--invalid-only` and the summary's
counts."""

import json
import subprocess

import pytest

pytest.importorskip("distributed")

from distributed import Client, LocalCluster  # noqa: E402

import hensoku.dask  # noqa: E402

from test_cli_parity import PGN  # noqa: E402


def make_inputs(tmp_path, fixtures):
    files = []
    for i in range(6):
        p = tmp_path / f"games{i}.pgn"
        p.write_text(PGN * (i + 1))
        files.append(p)
    files += sorted((fixtures / "shogi").glob("*.usi"))
    files.append(tmp_path / "missing.pgn")
    return [str(f) for f in files]


def test_dask_matches_the_command_line(cli, tmp_path, fixtures):
    files = make_inputs(tmp_path, fixtures)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            report = hensoku.dask.validate(files, client)
    text = subprocess.run(
        [cli, "validate", "--invalid-only", *files], capture_output=True, text=True, check=False
    ).stdout
    lines = text.splitlines()[:-1]  # the last line is the summary, with its time
    assert "\n".join(report.lines()) == "\n".join(lines)
    summary = subprocess.run(
        [cli, "validate", "--json", "--summary", *files], capture_output=True, text=True, check=False
    ).stdout.splitlines()[-1]
    s = json.loads(summary)["summary"]
    assert report.rules == s["rules"]
    assert (report.records, report.valid, report.invalid, report.unreadable) == (
        s["records"], s["valid"], s["invalid"], s["unreadable"],
    )
    assert [r["index"] for r in report.invalid_records] == sorted(r["index"] for r in report.invalid_records)


def test_gather_numbers_the_parts_as_one_run(tmp_path, fixtures):
    files = make_inputs(tmp_path, fixtures)
    parts = [hensoku.dask.validate_part(f) for f in files]
    one = hensoku.dask.gather(parts)
    whole = list(hensoku.read_games(files))
    assert one.records == len(whole)
    bad = [g.index for g in whole if not g.valid]
    assert [r["index"] for r in one.invalid_records] == bad


def test_one_large_file_is_cut_into_parts_read_apart(cli, tmp_path):
    # CRLF line ends: the parts are cut at raw offsets, the records placed in the text
    big = tmp_path / "big.pgn"
    big.write_bytes((PGN * 20).replace("\n", "\r\n").encode())
    chunk = big.stat().st_size // 5
    cut = hensoku.dask.cuts(str(big), chunk)
    assert cut is not None and len(cut[2]) >= 3, cut
    fen = tmp_path / "many.fen"
    fen.write_text("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n4k3/8/8/8/8/8/4P3/4KK2 w - - 0 1\n" * 40)
    files = [str(big), str(fen)]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            report = hensoku.dask.validate(files, client, chunk_size=chunk)
    text = subprocess.run(
        [cli, "validate", "--invalid-only", *files], capture_output=True, text=True, check=False
    ).stdout
    lines = text.splitlines()[:-1]
    assert len(lines) > 40
    assert "\n".join(report.lines()) == "\n".join(lines)
    summary = subprocess.run(
        [cli, "validate", "--json", "--summary", *files], capture_output=True, text=True, check=False
    ).stdout.splitlines()[-1]
    s = json.loads(summary)["summary"]
    assert report.rules == s["rules"]
    assert (report.records, report.valid, report.invalid, report.unreadable) == (
        s["records"], s["valid"], s["invalid"], s["unreadable"],
    )
    # the records' places are the whole file's, as `read_games` of the file gives them
    whole = [g for g in hensoku.read_games(files) if not g.valid]
    assert [(r["index"], r["record"], r["line"], r["offset"]) for r in report.invalid_records] == [
        (g.index, g.record, g.line, g.offset) for g in whole
    ]
    assert [[e["line"] for e in r["errors"]] for r in report.invalid_records] == [
        [e.line for e in g.errors] for g in whole
    ]


def test_batches_keep_the_inputs_in_order_and_nearly_even():
    names = [f"f{i}" for i in range(11)]
    batches = hensoku.dask._batches(names, 4)
    assert [len(b) for b in batches] == [3, 3, 3, 2]
    assert [n for b in batches for n in b] == names
    assert hensoku.dask._batches(names[:2], 8) == [["f0"], ["f1"]]
    assert hensoku.dask._batches([], 8) == []
