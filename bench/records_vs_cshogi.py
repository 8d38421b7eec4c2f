#!/usr/bin/env python3
"""Side by side: reading shogi archives with cshogi's CSA and KIF parsers (no legality
check) and validating them with hensoku (every move checked), on the same files.

The corpus is made here: GAMES random legal games (60 to 140 plies, a fixed seed), written
one file each by cshogi's own exporters as CSA and as KIF (Shift_JIS), in a temporary folder.

    pip install cshogi
    cargo build --release
    python3 bench/records_vs_cshogi.py [GAMES]
"""

import glob
import os
import random
import subprocess
import sys
import tempfile
import time

import cshogi
from cshogi import CSA, KIF

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HENSOKU = os.environ.get("HENSOKU", os.path.join(ROOT, "target", "release", "hensoku"))


def corpus(folder, games):
    """Write the random games as csa/gNNNN.csa and kif/gNNNN.kif."""
    os.makedirs(os.path.join(folder, "csa"))
    os.makedirs(os.path.join(folder, "kif"))
    rng = random.Random(7)
    for i in range(games):
        board = cshogi.Board()
        moves = []
        for _ in range(rng.randint(60, 140)):
            legal = list(board.legal_moves)
            if not legal or board.is_game_over():
                break
            move = rng.choice(legal)
            moves.append(move)
            board.push(move)
        csa = CSA.Exporter(os.path.join(folder, "csa", f"g{i:04}.csa"))
        csa.info(cshogi.Board(), ["sente", "gote"])
        kif = KIF.Exporter(os.path.join(folder, "kif", f"g{i:04}.kif"))
        kif.header(["sente", "gote"])
        for move in moves:
            csa.move(move)
            kif.move(move)
        csa.endgame("%TORYO")
        csa.close()
        kif.end("resign")
        kif.close()


def cshogi_read(folder, ext):
    """Seconds for cshogi to parse every file of the folder."""
    files = sorted(glob.glob(os.path.join(folder, ext, "*." + ext)))
    start = time.perf_counter()
    for f in files:
        if ext == "csa":
            CSA.Parser.parse_file(f)
        else:
            KIF.Parser.parse_file(f)
    return time.perf_counter() - start


def hensoku(folder, ext, jobs):
    """Wall seconds for `hensoku validate -j JOBS` on the folder."""
    start = time.perf_counter()
    out = subprocess.run(
        [HENSOKU, "validate", "-j", str(jobs), "--invalid-only", "--summary", os.path.join(folder, ext)],
        capture_output=True,
        text=True,
    )
    took = time.perf_counter() - start
    assert " 0 invalid" in out.stdout, out.stdout[-500:]
    return took


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as folder:
        corpus(folder, games)
        print(f"{games} games, one file each")
        print("| format | cshogi (no legality check) | hensoku -j 1 | hensoku -j 2 | cshogi / hensoku -j 1 |")
        print("|---|---|---|---|---|")
        for ext in ("csa", "kif"):
            theirs = min(cshogi_read(folder, ext) for _ in range(3))
            one = min(hensoku(folder, ext, 1) for _ in range(3))
            two = min(hensoku(folder, ext, 2) for _ in range(3))
            print(f"| {ext} | {theirs:.2f} s | {one:.2f} s | {two:.2f} s | {theirs / one:.2f} |")


if __name__ == "__main__":
    main()
