#!/usr/bin/env python3
"""Run a tsume TSV (`SFEN <TAB> expected ...`) through hensoku and cshogi.DfPn, side by side.

    cargo build --release --example tsume_bench
    python3 bench/tsume_vs_cshogi.py FILE [--max-time-ms N] [--cshogi-nodes N] [--max-stated N]
                                          [--hensoku-args ...]

hensoku runs through `target/release/examples/tsume_bench` (one JSON line per position);
cshogi.DfPn (pip install cshogi) runs in this process, each position timed alone. Lengths:
hensoku reports the tsume length (futile interpositions not counted); cshogi's `get_pv` is
a mating line, not necessarily the shortest, so its length is shown for reference only.
`--max-stated N` leaves out rows whose stated length exceeds N (e.g. 1000 leaves out
Microcosmos, 1525 plies, which neither side solves in the time given).
"""
import argparse
import json
import os
import subprocess
import sys
import time

import cshogi

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rows(path, max_stated=None):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            expected = cols[1] if len(cols) > 1 else ""
            if max_stated is not None and expected.isdigit() and int(expected) > max_stated:
                continue
            yield cols[0], expected


def run_cshogi(sfen, nodes, expected):
    board = cshogi.Board(sfen)
    dfpn = cshogi.DfPn()
    dfpn.set_max_search_node(nodes)
    if expected.startswith("nomate<="):
        dfpn.set_max_depth(int(expected.split("<=")[1]))
    t = time.perf_counter()
    ok = dfpn.search(board)
    ms = (time.perf_counter() - t) * 1000
    pv = dfpn.get_pv(board) if ok else []
    return ok, len(pv), ms, dfpn.searched_node


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--max-time-ms", type=int, default=10000)
    ap.add_argument("--cshogi-nodes", type=int, default=2_000_000)
    ap.add_argument("--max-stated", type=int, default=None)
    ap.add_argument("--hensoku-args", nargs=argparse.REMAINDER, default=[])
    a = ap.parse_args()
    exe = os.path.join(ROOT, "target", "release", "examples", "tsume_bench")
    picked = list(rows(a.file, a.max_stated))
    tsv = "".join(f"{sfen}\t{expected}\n" for sfen, expected in picked)
    cmd = [exe, "-", "--max-time-ms", str(a.max_time_ms), "--mate-in-expected"] + a.hensoku_args
    t = time.perf_counter()
    out = subprocess.run(cmd, input=tsv, capture_output=True, text=True, check=True).stdout
    hensoku_wall = time.perf_counter() - t
    results = [json.loads(l) for l in out.splitlines()]
    totals = {"h_ms": 0, "c_ms": 0, "h_ok": 0, "c_ok": 0, "stated": 0, "h_solved": 0, "c_solved": 0}
    print(f"{'expected':>9} {'hensoku':>16} {'ms':>8} {'nodes':>9} | {'cshogi':>10} {'ms':>8} {'nodes':>9}")
    for (sfen, expected), h in zip(picked, results):
        ok, pv_len, c_ms, c_nodes = run_cshogi(sfen, a.cshogi_nodes, expected)
        plies = h["length"]["value"] if h["length"]["exact"] else None
        h_txt = h["result"] if plies is None else f"mate {plies}"
        c_txt = (f"mate {pv_len}" if pv_len else "mate") if ok else "nomate/unk"
        h_ms = h["elapsed_us"] / 1000 if "elapsed_us" in h else h["elapsed_ms"]
        totals["h_ms"] += h_ms
        totals["c_ms"] += c_ms
        totals["h_solved"] += h["result"] != "unknown"
        totals["c_solved"] += ok
        if expected:
            totals["stated"] += 1
            if expected.startswith("nomate"):
                totals["h_ok"] += h["result"] == "no_solution"
                totals["c_ok"] += not ok
            else:
                totals["h_ok"] += plies == int(expected)
                totals["c_ok"] += ok and pv_len == int(expected)
        print(f"{expected:>9} {h_txt:>16} {h_ms:>8.1f} {h['nodes']:>9} | {c_txt:>10} {c_ms:>8.1f} {c_nodes:>9}")
    print(f"positions: {len(results)}  with a stated value: {totals['stated']}")
    print(f"hensoku: total {totals['h_ms'] / 1000:.3f} s (wall incl. start-up {hensoku_wall:.2f} s), "
          f"decided {totals['h_solved']}, stated value matched {totals['h_ok']}")
    print(f"cshogi : total {totals['c_ms'] / 1000:.3f} s, proved mate {totals['c_solved']}, "
          f"stated value matched by PV length {totals['c_ok']}")
    print(f"time ratio hensoku / cshogi: {totals['h_ms'] / max(totals['c_ms'], 1e-9):.2f}")


if __name__ == "__main__":
    sys.exit(main())
