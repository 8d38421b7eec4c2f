#!/usr/bin/env python3
"""Side by side, in one run: hensoku's Python package against python-chess, the Rust
pgn-reader binding (rust-pgn-reader-python-binding), cshogi and rsshogi on the same inputs,
the Python path against the command line, and hensoku.dask with one worker against two.

Chess: pgn-reader's two benchmark files (lichess and TWIC, real games) concatenated COPIES
times. Every reader resolves and plays every SAN move of the main line; python-chess's
`read_game` loop runs on one copy (it is that slow), the others on all. The pgn-reader
binding takes a list of game strings (split beforehand, not timed) on one thread.

Shogi: GAMES random legal games (a fixed seed), written one file each by cshogi's own
exporters as KIF (Shift_JIS) and CSA, as bench/records_vs_cshogi.py makes them. cshogi's
parsers do not check legality; hensoku's `read_games` replays every move under the rules;
rsshogi's readers build its record (legality of each move checked as it is applied).

Dask: the chess corpus cut into 200 files at game boundaries, validated by
`hensoku.dask.validate` on a LocalCluster of one worker, then of two.

    pip install ./python chess cshogi rust-pgn-reader-python-binding rsshogi dask distributed
    cargo build --release
    python3 bench/python_bench.py [COPIES] [GAMES] [DATA_DIR]

The figures are records per CPU second, the best of three runs (the process's, all threads; the command line's user
and system time), with the wall time beside, since the machine may be shared; the Dask
speed-up is in wall time, the only one that shows it.
"""

import glob
import os
import resource
import subprocess
import sys
import tempfile
import time

import hensoku

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HENSOKU = os.environ.get("HENSOKU", os.path.join(ROOT, "target", "release", "hensoku"))
COPIES = int(sys.argv[1]) if len(sys.argv) > 1 else 5
REPEAT = 3  # best of, for every reader but python-chess (one run: it is that slow)
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
DATA = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, "..", "shared", "data", "chess", "pgn-reader-benches")


def timed(name, n, f, repeat=REPEAT):
    """Records per CPU second of this process (all its threads), the wall time beside, the
    best of `repeat` runs: on a shared machine the CPU time is the figure to compare."""
    best = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        count = f()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if best is None or cpu < best[1]:
            best = (wall, cpu)
    wall, cpu = best
    if count is not None and count != n:
        print(f"  ({name} counted {count}, not {n})")
    rate = n / cpu
    print(f"{name:<48} {n:>8} records {cpu:7.2f} CPU s {wall:7.2f} wall s {rate:>9.0f} /CPU s")
    return rate


def cli_rate(name, n, args):
    """The same for a run of the command line (its user and system time)."""
    best = None
    for _ in range(REPEAT):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        subprocess.run([HENSOKU, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if best is None or cpu < best[1]:
            best = (wall, cpu)
    wall, cpu = best
    print(f"{name:<48} {n:>8} records {cpu:7.2f} CPU s {wall:7.2f} wall s {n / cpu:>9.0f} /CPU s")
    return n / cpu


def split_games(text):
    games, cur = [], []
    for line in text.splitlines(keepends=True):
        if line.startswith("[Event ") and cur and any(not l.startswith("[") and l.strip() for l in cur):
            games.append("".join(cur))
            cur = []
        cur.append(line)
    if cur:
        games.append("".join(cur))
    return games


def chess_bench(folder):
    one = "".join(open(os.path.join(DATA, f), encoding="utf-8").read() for f in ("lichess_db_1000k.pgn", "twic1599_1000k.pgn"))
    one_path = os.path.join(folder, "one.pgn")
    all_path = os.path.join(folder, "games.pgn")
    open(one_path, "w", encoding="utf-8").write(one)
    open(all_path, "w", encoding="utf-8").write(one * COPIES)
    n_one = sum(1 for _ in hensoku.read_games(one_path))
    n_all = n_one * COPIES
    print(f"chess: {len(one) * COPIES / 1e6:.1f} MB, {n_all} games ({n_one} in one copy)")
    rates = {}

    def hensoku_all():
        return sum(1 for g in hensoku.read_games(all_path) if g.valid or True)

    rates["hensoku"] = timed("hensoku.read_games (moves checked)", n_all, hensoku_all)
    rates["hensoku+san"] = timed(
        "hensoku.read_games + every game.moves (SAN)", n_all,
        lambda: sum(1 for g in hensoku.read_games(all_path) if g.moves is not None),
    )
    rates["cli"] = cli_rate("hensoku validate -j 1 (CLI)", n_all, ["validate", "-j", "1", "--invalid-only", all_path])
    try:
        import chess.pgn

        def pychess():
            n = 0
            with open(one_path, encoding="utf-8") as f:
                while chess.pgn.read_game(f) is not None:
                    n += 1
            return n

        rates["python-chess"] = timed("python-chess read_game loop (one copy)", n_one, pychess, repeat=1)
    except ImportError:
        print("python-chess: not installed")
    try:
        import rust_pgn_reader_python_binding as prb

        games = split_games(one * COPIES)

        def binding():
            parsed = prb.parse_games_from_strings(games, num_threads=1)
            return parsed.num_games

        rates["pgn-reader binding"] = timed("rust-pgn-reader-python-binding (1 thread)", len(games), binding)
    except ImportError:
        print("rust-pgn-reader-python-binding: not installed")
    return rates


def shogi_corpus(folder):
    import random

    import cshogi
    from cshogi import CSA, KIF

    os.makedirs(os.path.join(folder, "csa"))
    os.makedirs(os.path.join(folder, "kif"))
    rng = random.Random(7)
    for i in range(GAMES):
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


def shogi_bench(folder):
    try:
        from cshogi import CSA, KIF
    except ImportError:
        print("cshogi: not installed, no shogi corpus")
        return {}
    shogi_corpus(folder)
    rates = {}
    for ext, parser in (("kif", KIF.Parser), ("csa", CSA.Parser)):
        files = sorted(glob.glob(os.path.join(folder, ext, "*." + ext)))
        n = len(files)
        print(f"shogi {ext}: {n} files")

        def cs():
            p = parser()
            for f in files:
                p.parse_file(f)
            return n

        rates[f"cshogi {ext}"] = timed(f"cshogi {parser.__module__}.Parser.parse_file", n, cs)
        rates[f"hensoku {ext}"] = timed(
            f"hensoku.read_games({ext} folder, legality checked)", n,
            lambda: sum(1 for g in hensoku.read_games(os.path.join(folder, ext)) if g.valid or True),
        )
        bad = [g for g in hensoku.read_games(os.path.join(folder, ext)) if not g.valid]
        if bad:
            print(f"  {len(bad)} {ext} records invalid: {bad[0].errors[0]}")
        rates[f"cli {ext}"] = cli_rate(f"hensoku validate -j 1 ({ext}, CLI)", n, ["validate", "-j", "1", "--invalid-only", os.path.join(folder, ext)])
        try:
            from rsshogi.record import Record

            read = Record.from_kif_file if ext == "kif" else Record.from_csa_file

            def rs():
                for f in files:
                    read(f)
                return n

            rates[f"rsshogi {ext}"] = timed(f"rsshogi Record.from_{ext}_file", n, rs)
        except ImportError:
            print("rsshogi: not installed")
        except Exception as e:  # a reader that refuses the exporter's files: say so
            print(f"rsshogi {ext}: {type(e).__name__}: {e}")
    return rates


def dask_bench(folder):
    try:
        from distributed import Client, LocalCluster

        import hensoku.dask
    except ImportError:
        print("dask/distributed: not installed")
        return {}
    text = open(os.path.join(folder, "games.pgn"), encoding="utf-8").read()
    games = split_games(text)
    files = []
    per = max(1, len(games) // 200)
    for i in range(200):
        p = os.path.join(folder, f"part{i:03}.pgn")
        open(p, "w", encoding="utf-8").write("".join(games[i * per:(i + 1) * per]))
        files.append(p)
    n = per * 200
    rates = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as cluster:
            with Client(cluster) as client:
                hensoku.dask.validate(files[:2], client)  # warm the workers
                wall = time.perf_counter()
                got = hensoku.dask.validate(files, client).records
                wall = time.perf_counter() - wall
                print(f"hensoku.dask.validate, {workers} worker(s), 200 files {got:>8} records {wall:7.2f} wall s {n / wall:>9.0f} /s")
                rates[workers] = n / wall
    return rates


def main():
    with tempfile.TemporaryDirectory() as folder:
        c = chess_bench(folder) if os.path.isdir(DATA) else {}
        d = dask_bench(folder) if c else {}
        s = shogi_bench(folder)
    print()
    print("ratios (higher is better for hensoku):")
    if "python-chess" in c:
        print(f"  read_games / python-chess read_game:   {c['hensoku'] / c['python-chess']:.1f}x")
    if "pgn-reader binding" in c:
        print(f"  read_games / pgn-reader binding:       {c['hensoku'] / c['pgn-reader binding']:.2f}x")
    if c:
        print(f"  read_games / CLI (chess):              {c['hensoku'] / c['cli']:.2f}")
    for ext in ("kif", "csa"):
        if f"cshogi {ext}" in s:
            print(f"  read_games / cshogi {ext}:              {s[f'hensoku {ext}'] / s[f'cshogi {ext}']:.2f}x")
            print(f"  read_games / CLI ({ext}):               {s[f'hensoku {ext}'] / s[f'cli {ext}']:.2f}")
        if f"rsshogi {ext}" in s:
            print(f"  read_games / rsshogi {ext}:             {s[f'hensoku {ext}'] / s[f'rsshogi {ext}']:.2f}x")
    if 1 in d and 2 in d:
        print(f"  dask 2 workers / 1 worker:             {d[2] / d[1]:.2f}x")


if __name__ == "__main__":
    main()
