#!/usr/bin/env python3
"""Side by side: reading shogi archives with cshogi's CSA and KIF parsers (no legality
check) and validating them with hensoku (every move checked), on the same files.

The corpus is made here: GAMES random legal games (60 to 140 plies, a fixed seed), written
one file each by cshogi's own exporters as CSA and as KIF (Shift_JIS), in a temporary folder,
and the same CSA games again in one file, `/`-separated (as floodgate's archives and cshogi's
`parse_file` take many games).

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
    all_games(folder, games)


def all_games(folder, games):
    """Write every CSA game into one file, csa-one/all.csa, a `/` line between games."""
    os.makedirs(os.path.join(folder, "csa-one"))
    with open(os.path.join(folder, "csa-one", "all.csa"), "w") as out:
        for i in range(games):
            with open(os.path.join(folder, "csa", f"g{i:04}.csa")) as f:
                if i:
                    out.write("/\n")
                out.write(f.read())


def cshogi_read(folder, kind, games):
    """Seconds for cshogi to parse every file of the folder (every game of each)."""
    ext = "kif" if kind == "kif" else "csa"
    files = sorted(glob.glob(os.path.join(folder, kind, "*." + ext)))
    start = time.perf_counter()
    read = 0
    for f in files:
        if ext == "csa":
            read += len(CSA.Parser.parse_file(f))
        else:
            KIF.Parser.parse_file(f)
            read += 1
    took = time.perf_counter() - start
    assert read == games, (kind, read)
    return took


def hensoku(folder, kind, jobs, games):
    """Wall seconds for `hensoku validate -j JOBS` on the folder."""
    start = time.perf_counter()
    out = subprocess.run(
        [HENSOKU, "validate", "-j", str(jobs), "--invalid-only", "--summary", os.path.join(folder, kind)],
        capture_output=True,
        text=True,
    )
    took = time.perf_counter() - start
    assert f"{games} records: {games} valid, 0 invalid" in out.stdout, out.stdout[-500:]
    return took


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as folder:
        corpus(folder, games)
        print(f"{games} games: one file each (csa, kif), and all in one CSA file (csa-one)")
        print("| input | cshogi (no legality check) | hensoku -j 1 | hensoku -j 2 | cshogi / hensoku -j 1 |")
        print("|---|---|---|---|---|")
        for kind in ("csa", "kif", "csa-one"):
            theirs = min(cshogi_read(folder, kind, games) for _ in range(3))
            one = min(hensoku(folder, kind, 1, games) for _ in range(3))
            two = min(hensoku(folder, kind, 2, games) for _ in range(3))
            print(f"| {kind} | {theirs:.3f} s | {one:.3f} s | {two:.3f} s | {theirs / one:.2f} |")


if __name__ == "__main__":
    main()
