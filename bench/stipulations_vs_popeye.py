#!/usr/bin/env python3
"""Side by side: hensoku and Popeye on the chess stipulation puzzles of puzzles/stipulations/.

Popeye (GPL) is a peer, never part of hensoku: build it yourself from its public source in a
folder outside this repository and give its binary here. For each puzzle both programs run
in a new process, one after the other; the script compares the answers (help play: the set
of solutions, each as from-to squares; self and reflex play: the set of keys) and sums the
wall times: one row per stipulation (h#2, h#3, ... each its own), then the total.

    pip install chess            # python-chess, to read hensoku's SAN as squares
    cargo build --release
    python3 bench/stipulations_vs_popeye.py POPEYE_BINARY [PUZZLE ...] [--fen FILE STIPULATION ...]

`--fen FILE STIPULATION` adds the positions of FILE (one FEN a line, e.g. sunfish's
`mate2.fen` from the public test data) under that stipulation (`#2`): direct mates are
compared by their set of keys, a short mate counting as a key in both programs.
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import chess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HENSOKU = os.environ.get("HENSOKU", os.path.join(ROOT, "target", "release", "hensoku"))
POPEYE_LETTERS = {"k": "K", "q": "Q", "r": "R", "b": "B", "n": "S", "p": "P"}


def tags(path):
    """The puzzle file's tags."""
    out = {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def popeye_input(fen, stipulation):
    """Popeye's English input for a FEN and a stipulation in Popeye's spelling."""
    board = chess.Board(fen)
    if mirrored(fen, stipulation):
        board = board.mirror()
    sides = {chess.WHITE: [], chess.BLACK: []}
    for square, piece in board.piece_map().items():
        letter = POPEYE_LETTERS[piece.symbol().lower()]
        sides[piece.color].append(letter + chess.square_name(square))
    lines = ["begin", "pieces white " + " ".join(sides[chess.WHITE])]
    lines.append("black " + " ".join(sides[chess.BLACK]))
    lines.append("stipulation " + stipulation)
    options = ["nocastling " + " ".join(no_castling(board))]
    # Popeye: in help play Black moves first (h#n.5: the other side); directly, and in a
    # help-selfmate (hs#n), White does
    help_play = stipulation.startswith(("h#", "h=", "ser-h"))
    if help_play and ".5" not in stipulation and board.turn == chess.WHITE:
        options.append("whitetoplay")
    if help_play and ".5" in stipulation and board.turn == chess.BLACK:
        options.append("whitetoplay")
    lines.append("option " + " ".join(options))
    lines.append("end")
    return "\n".join(lines) + "\n"


def mirrored(fen, stipulation):
    """A direct mate with Black to move: Popeye's direct play starts with White, so it is
    given the position with the colours swapped and the board turned over."""
    return stipulation.startswith("#") and chess.Board(fen).turn == chess.BLACK


def unmirror(move):
    """From-to squares of the turned-over board, back on the real one."""
    if len(move) < 4 or not move[1].isdigit():
        return move
    flip = lambda sq: sq[0] + str(9 - int(sq[1]))
    return flip(move[0:2]) + flip(move[2:4]) + move[4:]


def no_castling(board):
    """The rook and king squares that cannot castle (Popeye lists those, not the rights)."""
    rights = {
        "e1": board.has_castling_rights(chess.WHITE),
        "h1": board.has_kingside_castling_rights(chess.WHITE),
        "a1": board.has_queenside_castling_rights(chess.WHITE),
        "e8": board.has_castling_rights(chess.BLACK),
        "h8": board.has_kingside_castling_rights(chess.BLACK),
        "a8": board.has_queenside_castling_rights(chess.BLACK),
    }
    return [square for square in ("a1", "e1", "h1", "a8", "e8", "h8") if not rights[square]] or ["a1"]


def squares(move):
    """A Popeye move (`Kc1-b2`, `Rf4*f2`, `e7-e8=Q`, `0-0`) as from-to squares."""
    m = re.search(r"([a-h][1-8])[-*]([a-h][1-8])(?:=(\w))?", move)
    if not m:
        return move
    promotion = (m.group(3) or "").lower().replace("s", "n")
    return m.group(1) + m.group(2) + promotion


def popeye(binary, fen, stipulation):
    """(solutions or keys as tuples of from-to squares, seconds)."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write(popeye_input(fen, stipulation))
    start = time.perf_counter()
    out = subprocess.run([binary, f.name], capture_output=True, text=True).stdout
    took = time.perf_counter() - start
    os.unlink(f.name)
    back = unmirror if mirrored(fen, stipulation) else (lambda move: move)
    found = set()
    for line in out.splitlines():
        if stipulation.startswith(("h", "ser-")):
            if re.match(r"\s+1\.", line):
                moves = re.findall(r"(?:\d+\.)?([KQRBSP]?[a-h][1-8][-*][a-h][1-8](?:=\w)?|0-0(?:-0)?)", line)
                found.add(tuple(back(squares(m)) for m in moves))
        elif re.match(r"\s+1\.\S.*!\s*$", line):
            key = re.findall(r"[KQRBSP]?[a-h][1-8][-*][a-h][1-8](?:=\w)?|0-0(?:-0)?", line)[0]
            found.add((back(squares(key)),))
    return found, took


def hensoku(path, fen, stipulation):
    """(solutions or keys as tuples of from-to squares, seconds); `path` None: the FEN."""
    if path is None:
        command = [HENSOKU, "solve", "--json", "--game", "chess", "--position", fen,
                   "--stipulation", stipulation]
    else:
        command = [HENSOKU, "solve", "--json", path]
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True).stdout
    took = time.perf_counter() - start
    answer = json.loads(out)
    found = set()
    lines = [s["moves"] for s in answer.get("solutions") or []] or [[k] for k in answer["keys"]]
    for line in lines:
        board = chess.Board(fen)
        uci = []
        for san in line:
            san = san.replace("#", "").replace("+", "")
            try:
                move = board.parse_san(san)
            except ValueError:  # series play: the same side moves again
                board.turn = not board.turn
                move = board.parse_san(san)
            uci.append(move.uci())
            board.push(move)
        found.add(tuple(uci))
    return found, took


def problems(args):
    """(name, path or None, FEN, stipulation) for the puzzle files and `--fen` lists."""
    out, files = [], []
    while args:
        if args[0] == "--fen":
            name, stipulation, args = args[1], args[2], args[3:]
            for i, fen in enumerate(open(name, encoding="utf-8")):
                if fen.strip():
                    out.append((f"{os.path.basename(name)}:{i + 1}", None, fen.strip(), stipulation))
        else:
            files.append(args[0])
            args = args[1:]
    if not files and not out:
        files = sorted(glob.glob(os.path.join(ROOT, "puzzles/stipulations/chess-*.puzzle")))
    for path in files:
        t = tags(path)
        out.append((os.path.basename(path), path, t["Position"], t["Stipulation"]))
    return out


def main():
    binary = sys.argv[1]
    by_stipulation = {}
    for name, path, fen, stipulation in problems(sys.argv[2:]):
        theirs, their_time = popeye(binary, fen, stipulation)
        ours, our_time = hensoku(path, fen, stipulation)
        row = by_stipulation.setdefault(stipulation, [0, 0, 0.0, 0.0])
        row[0] += 1
        row[1] += ours == theirs
        row[2] += our_time
        row[3] += their_time
        if ours != theirs:
            print(f"differ: {name}: hensoku {sorted(ours)} popeye {sorted(theirs)}")
    print("| stipulation | problems | same answer | hensoku s | Popeye s | ratio |")
    print("|---|---|---|---|---|---|")
    total = [0, 0, 0.0, 0.0]
    for stipulation, row in sorted(by_stipulation.items(), key=lambda kv: order(kv[0])):
        print_row(stipulation, row)
        total = [a + b for a, b in zip(total, row)]
    print_row("total", total)


def order(stipulation):
    """Rows by kind (#, h#, h=, hs#, s#, r#, ser-h#), then by length."""
    kind, length = re.match(r"(.*?)(\d+(?:\.5)?)$", stipulation).groups()
    kinds = ["#", "h#", "h=", "hs#", "s#", "r#", "ser-h#"]
    return (kinds.index(kind) if kind in kinds else len(kinds), kind, float(length))


def print_row(name, row):
    n, same, ours, theirs = row
    print(f"| {name} | {n} | {same} | {ours:.2f} | {theirs:.2f} | {ours / theirs:.2f} |")


if __name__ == "__main__":
    main()
