#!/usr/bin/env python3
"""Side-by-side perft: hensoku's release binary against cshogi (C++ move generator).

cshogi's perft is the usual recursion over `board.legal_moves` with bulk counting at the
leaves (len of the legal move list at depth 1), driven from Python as cshogi users do.
Both run on this machine in the same invocation; each measurement is the best of N runs.
Times are CPU seconds (user + system) of the process doing the work, so that other load on
the machine does not distort the ratio; wall-clock seconds are printed too.

    pip install cshogi && cargo build --release && python3 bench/perft_vs_cshogi.py
"""
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import cshogi

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "hensoku"
CASES = [
    ("startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5),
    ("startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 6),
    ("bench_midgame2", "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1", 3),
]


def cshogi_perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += cshogi_perft(board, depth - 1)
        board.pop()
    return n


def time_cshogi(sfen, depth):
    board = cshogi.Board(sfen)
    t, w = time.process_time(), time.perf_counter()
    n = cshogi_perft(board, depth)
    return n, time.process_time() - t, time.perf_counter() - w


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def time_hensoku(sfen, depth):
    t, w = children_cpu(), time.perf_counter()
    out = subprocess.run([str(BIN), "perft", "--game", "shogi", "--position", sfen, "--depth", str(depth), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["nodes"], children_cpu() - t, time.perf_counter() - w


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("| position | depth | nodes | hensoku CPU s (wall) | cshogi CPU s (wall) | CPU ratio hensoku/cshogi |")
    print("|---|---|---|---|---|---|")
    for name, sfen, depth in CASES:
        h = min((time_hensoku(sfen, depth) for _ in range(runs)), key=lambda x: x[1])
        c = min((time_cshogi(sfen, depth) for _ in range(1 if depth >= 6 else runs)), key=lambda x: x[1])
        assert h[0] == c[0], f"node counts differ: hensoku {h[0]} cshogi {c[0]}"
        print(f"| {name} | {depth} | {h[0]:,} | {h[1]:.2f} ({h[2]:.2f}) | {c[1]:.2f} ({c[2]:.2f}) | {h[1] / c[1]:.3f} |",
              flush=True)


if __name__ == "__main__":
    main()
